"""The compiled kernel against the pure-Python one: the same calls give the same matchings.

Not just the same weight: the pairing engine's results depend on which of several optimal
matchings is returned, so after every ``compute_matching()`` the mates, the weight, the event
counters and the whole solver state (duals, blossoms) must be identical. The API both kernels
share is tested on each in ``test_api.py``, which also fails when the compiled kernel is not
built on a machine with a C compiler.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.pairing.matching import MatchingComputer
from chessarbiter.pairing.matching.blossom import Blossom, BlossomEngine
from chessarbiter.pairing.matching.native import NativeMatchingComputer, available, import_error

pytestmark = pytest.mark.skipif(
    not available(), reason=f"compiled matching kernel not built: {import_error()}"
)


def native(size: int = 0, **kwargs: int) -> Any:
    assert NativeMatchingComputer is not None
    return NativeMatchingComputer(size, **kwargs)


def canon(b: Blossom) -> object:
    if not b.childs:
        return b.base
    return (b.base, b.z, tuple(canon(c) for c in b.childs), tuple(b.edges), tuple(b.leaves))


def state(engine: BlossomEngine) -> object:
    tops = []
    seen: set[int] = set()
    for t in engine.top:
        if id(t) not in seen:
            seen.add(id(t))
            tops.append(canon(t))
    return engine.y, engine.mate, tops


def assert_same(py: MatchingComputer, nat: Any, full_state: bool = True) -> None:
    assert nat.matching() == py.matching()
    assert nat.matching_weight() == py.matching_weight()
    assert nat.stats == py.stats
    # the blossoms' least-row vectors: the same structure in both (built, used, updated and
    # dropped at the same steps)
    engine = py._engine
    assert nat._row_vectors() == {**engine.row_vectors, "held": len(engine.vector_blossoms)}
    if full_state:
        assert state(nat.engine_state()) == state(py._engine)


class Twin:
    """Applies every call to both kernels."""

    def __init__(self, n: int, divisor: int = 8) -> None:
        self.py = MatchingComputer(n, restart_divisor=divisor)
        self.nat = native(n, restart_divisor=divisor)

    def __len__(self) -> int:
        return len(self.py)

    def add_vertex(self) -> int:
        v = self.py.add_vertex()
        assert self.nat.add_vertex() == v
        return v

    def set(self, u: int, v: int, x: int) -> None:
        self.py.set_edge_weight(u, v, x)
        self.nat.set_edge_weight(u, v, x)

    def set_row(self, u: int, xs: list[int]) -> None:
        self.py.set_row(u, xs)
        self.nat.set_row(u, xs)

    def warm_start(self) -> None:
        """A feasible start: duals at each vertex's heaviest edge, greedy tight matching."""
        w = [[self.py.edge_weight(u, v) for v in range(len(self))] for u in range(len(self))]
        y = [max(row) for row in w]
        mates = list(range(len(w)))
        for u in range(len(w)):
            for v in range(u + 1, len(w)):
                if mates[u] == u and mates[v] == v and w[u][v] and y[u] + y[v] == w[u][v]:
                    mates[u], mates[v] = v, u
        try:
            self.py.warm_start(mates, y)
        except ValueError:  # frozen pairs
            with pytest.raises(ValueError):
                self.nat.warm_start(mates, y)
            return
        self.nat.warm_start(mates, y)

    def freeze(self, u: int, v: int) -> None:
        try:
            frozen = self.py.freeze(u, v)
        except ValueError:
            with pytest.raises(ValueError):
                self.nat.freeze(u, v)
            return
        assert self.nat.freeze(u, v) == frozen

    def compute(self, full_state: bool = True) -> None:
        self.py.compute_matching()
        self.nat.compute_matching()
        assert_same(self.py, self.nat, full_state)


# -------------------------------------------------------------------------- random sequences

weights = st.one_of(
    st.just(0),
    st.integers(0, 3),
    st.integers(0, 40),
    st.builds(lambda a, b: (a << 300) + b, st.integers(0, 2), st.integers(0, 6)),
    st.builds(lambda k: 2**1200 + k, st.integers(0, 5)),
    st.integers(0, 2**64 + 3),
    st.integers(0, 2**1200),
)

operation = st.one_of(
    st.tuples(st.just("edge"), st.integers(0, 13), st.integers(0, 13), weights),
    st.tuples(st.just("vertex"), st.integers(0, 13), st.lists(weights, min_size=1, max_size=6)),
    st.tuples(st.just("add")),
    st.tuples(st.just("compute")),
    st.tuples(st.just("freeze"), st.integers(0, 13), st.integers(0, 13)),
    st.tuples(st.just("warm")),
    st.tuples(st.just("row"), st.integers(0, 13), st.lists(weights, min_size=1, max_size=6)),
)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 12), st.lists(operation, max_size=50), st.sampled_from([0, 8, 100]))
def test_random_call_sequences(n0: int, ops: list[tuple[Any, ...]], divisor: int) -> None:
    twin = Twin(n0, divisor)
    for op in [*ops, ("compute",)]:
        n = len(twin)
        if op[0] == "edge" and n >= 2:
            u, v = op[1] % n, op[2] % n
            if u != v:
                twin.set(u, v, op[3])
        elif op[0] == "vertex" and n >= 2:
            u, xs = op[1] % n, op[2]
            for v in range(n):
                if v != u:
                    twin.set(u, v, xs[v % len(xs)])
        elif op[0] == "add" and n < 14:
            twin.add_vertex()
        elif op[0] == "row" and n >= 2:
            u, xs = op[1] % n, op[2]
            twin.set_row(u, [0 if v == u else xs[v % len(xs)] for v in range(n)])
        elif op[0] == "warm":
            twin.warm_start()
        elif op[0] == "freeze" and n >= 2:
            u = op[1] % n
            v = twin.py._engine.mate[u] if op[2] == 13 and not twin.py._dirty else op[2] % n
            if v >= 0 and v != u:
                twin.freeze(u, v)
        elif op[0] == "compute":
            twin.compute()
    assert twin.nat.check_optimality() == []


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.tuples(st.integers(0, 3), st.integers(4, 7), st.integers(0, 2))),
        max_size=40,
    )
)
def test_ties(ops: list[tuple[int, int, int] | None]) -> None:
    """Weights 0..2 give many equally heavy matchings: both kernels pick the same one."""
    twin = Twin(8)
    for op in [*ops, None]:
        if op is None:
            twin.compute()
        else:
            twin.set(*op)


def pairing_like_weight(rng: random.Random, bits: int) -> int:
    """A few high fields with few distinct values (many ties), like the Dutch weights."""
    if rng.random() < 0.15:
        return 0
    fields = [rng.randrange(3) for _ in range(6)]
    w = 1
    for f in fields:
        w = (w << (bits // 8)) | f
    return (w << 20) | rng.getrandbits(20) if rng.random() < 0.3 else w << 20


@pytest.mark.parametrize(("seed", "n", "bits"), [(1, 40, 1200), (2, 61, 300), (3, 90, 1500)])
def test_engine_pattern(seed: int, n: int, bits: int) -> None:
    """Complete graphs, then single-vertex updates, pairs fixed as the engine does."""
    rng = random.Random(seed)
    twin = Twin(n)
    for u in range(n):
        for v in range(u + 1, n):
            twin.set(u, v, pairing_like_weight(rng, bits))
    twin.compute()
    for step in range(30):
        v = rng.randrange(n)
        for u in range(n):
            if u != v:
                twin.set(v, u, pairing_like_weight(rng, bits))
        if step % 5 == 4:  # fix a pair: its edge only, as the 2017 engine's validity graph
            a, b = rng.sample(range(n), 2)
            for u in range(n):
                if u != a:
                    twin.set(a, u, 1 if u == b else 0)
                if u != b:
                    twin.set(b, u, 1 if u == a else 0)
        twin.compute(full_state=step % 10 == 9)
        if step % 3 == 2:  # freeze a pair of the optimum, as the engine does
            a = rng.randrange(n)
            b = twin.py.matching()[a]
            if b != a and b not in twin.py._engine.frozen:
                twin.freeze(a, b)
                twin.compute()
    assert twin.nat.check_optimality() == []


def test_weights_widen_between_computations() -> None:
    """Small weights first (one limb), then wider and wider ones: the limbs grow."""
    rng = random.Random(5)
    n = 24
    twin = Twin(n, divisor=0)
    for u in range(n):
        for v in range(u + 1, n):
            twin.set(u, v, rng.randrange(50))
    twin.compute()
    for bits in (60, 63, 64, 65, 127, 128, 500, 1200, 2000):
        v = rng.randrange(n)
        for u in range(n):
            if u != v:
                twin.set(v, u, rng.getrandbits(bits))
        twin.compute()
    assert twin.nat.check_optimality() == []


@pytest.mark.parametrize(("seed", "n", "bits", "resets"), [(7, 150, 200, 12), (8, 110, 70, 6)])
def test_big_trees_and_many_blossoms(seed: int, n: int, bits: int, resets: int) -> None:
    """Dense graphs whose weights take few values (ties everywhere) and repairs of several
    vertices at once, as when a bracket opens: big trees, many blossoms and many stale S-S
    keys, so the stage's shortcuts are all used — the least free slack kept by blocks of
    vertices, rescans answered from a vertex's earlier best keys plus the S vertices added
    since (with lists cut short, both tie orders, and the switch between them)."""
    rng = random.Random(seed)
    twin = Twin(n)

    def weight() -> int:
        if rng.random() < 0.1:
            return 0
        return (rng.choice((2, 3, 3, 4)) << bits) | (rng.randrange(4) << (bits // 2))

    for u in range(n):
        for v in range(u + 1, n):
            twin.set(u, v, weight())
    twin.compute()
    for step in range(8):
        for v in rng.sample(range(n), resets):
            for u in range(n):
                if u != v:
                    twin.set(v, u, weight())
        twin.compute(full_state=step % 2 == 1)
    assert twin.nat.stats["blossom"] > 50
    assert twin.nat.stats["rescan"] > 200
    assert twin.nat.check_optimality() == []


@pytest.mark.parametrize(("seed", "n", "size"), [(1, 45, 5), (5, 63, 7)])
def test_row_vectors_across_solves(seed: int, n: int, size: int) -> None:
    """Odd clusters of heavy edges, grouped by three, become nested blossoms that outlive
    their stage and their solve; trees grow through them as T blossoms that then join S
    blossoms. Their least-row vectors are built, used, updated where a few edges changed
    (part of a row), rebuilt where many did (whole rows), sign-extended when wider weights
    arrive, dropped when a vertex is added and refused when there is no room; weights take
    few values (ties everywhere). The twins stay identical, vector counters included."""
    rng = random.Random(seed)
    twin = Twin(n)
    cluster = [v // size for v in range(n)]
    shift = 40

    def weight(u: int, v: int) -> int:
        if cluster[u] == cluster[v]:
            high = 6
        elif cluster[u] // 3 == cluster[v] // 3:
            high = 4
        elif rng.random() < 0.2:
            return 0
        else:
            high = rng.choice((2, 3))
        return (high << shift) | (rng.randrange(3) << (shift // 2))

    for u in range(n):
        for v in range(u + 1, n):
            twin.set(u, v, weight(u, v))
    twin.compute()
    for step in range(12):
        if step == 6:
            shift = 300  # wider weights from now on: the kernel's numbers grow
        if step == 9:
            cluster.append(cluster[-1])
            w = twin.add_vertex()
            for u in range(w):
                twin.set(w, u, weight(w, u))
        m = len(twin)
        for v in rng.sample(range(m), 1 + step % 2):
            columns = range(m) if step % 4 == 3 else rng.sample(range(m), m // 3)
            for u in columns:
                if u != v:
                    twin.set(v, u, weight(v, u))
        twin.compute(full_state=step % 4 == 3)
        if step == 4:  # freeze a pair of the optimum, as the engine does
            a = rng.randrange(m)
            b = twin.py.matching()[a]
            if b != a:
                twin.freeze(a, b)
                twin.compute()
    vectors = twin.nat._row_vectors()
    assert vectors["uses"] > 100
    assert vectors["updates"] > 3
    assert vectors["builds"] > 50
    assert twin.nat.check_optimality() == []


def test_big_weights_converted_by_value() -> None:
    """The compiled kernel converts a big weight once per value (a cache keyed by the int's
    hash): equal values given as distinct int objects, different values that share a cache
    slot (Python hashes an int modulo 2**61 - 1, so values 4096 * k apart collide in the
    4096 slots), and a width that grows while values are cached must all store exactly the
    weight given."""
    n = 12
    twin = Twin(n)
    base = 3 << 200
    slot_mates = [base + 4096 * k for k in range(4)]  # one cache slot, four values
    # int(str(...)) makes a new object for each occurrence of a value
    for u in range(n):
        row = [0 if v == u else int(str(slot_mates[(u + v) % 4])) for v in range(n)]
        twin.set_row(u, row)
    for u in range(n):
        for v in range(n):
            if u != v:
                assert twin.nat.edge_weight(u, v) == twin.py.edge_weight(u, v)
    twin.compute()
    # a much wider weight grows the numbers: values cached at the old width are converted again
    twin.set(0, 1, 1 << 900)
    for v in range(2, n):
        twin.set(0, v, int(str(slot_mates[v % 4])))
        twin.set(1, v, slot_mates[(v + 1) % 4] + (1 << 700))
    for u in range(n):
        for v in range(n):
            assert twin.nat.edge_weight(u, v) == twin.py.edge_weight(u, v)
    twin.compute()
    assert twin.nat.check_optimality() == []


def test_more_distinct_weights_than_16_bits() -> None:
    """The compiled kernel holds the weights as indices into a table of the distinct values
    stored (see _native.h): a table past 65,536 values (and its hash grown many times) must
    still give every edge its own weight, and equal values given again must find their index.
    """
    n = 24
    twin = Twin(n)
    rng = random.Random(17)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    for step in range(70_000):
        u, v = pairs[step % len(pairs)]
        # on the native side only: the reference kernel would just store the last value
        twin.nat.set_edge_weight(u, v, (5 << 130) + step * 7919)
    for u, v in pairs:
        w = rng.choice(((5 << 130) + rng.randrange(70_000) * 7919, rng.randrange(1, 50)))
        twin.set(u, v, w)
    for u, v in pairs:
        assert twin.nat.edge_weight(u, v) == twin.py.edge_weight(u, v)
    twin.compute()
    assert twin.nat.check_optimality() == []
