"""The one-shot solver (:func:`max_weight_matching`) and the blossom engine, against brute force.

Every result is checked three ways: it is a valid matching on positive-weight edges, its
weight equals the optimum found by exhaustive search (graphs up to 10 vertices), and the
engine's primal–dual certificate verifies (which proves optimality at any size).
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.pairing.matching import MatchingComputer, max_weight_matching
from chessarbiter.pairing.matching.blossom import BlossomEngine

Weights = tuple[tuple[int, ...], ...]


def weight_matrix(n: int, edges: list[tuple[int, int, int]]) -> Weights:
    w = [[0] * n for _ in range(n)]
    for u, v, x in edges:
        w[u][v] = w[v][u] = x
    return tuple(map(tuple, w))


def brute_force(w: Weights) -> tuple[int, int]:
    """(maximum weight, number of matchings reaching it) by exhaustive search."""
    n = len(w)

    @cache
    def best(mask: int) -> tuple[int, int]:
        if not mask:
            return 0, 1
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        top, count = best(rest)
        m = rest
        while m:
            j = (m & -m).bit_length() - 1
            m &= m - 1
            if w[i][j] > 0:
                sub, sub_count = best(rest & ~(1 << j))
                if w[i][j] + sub > top:
                    top, count = w[i][j] + sub, sub_count
                elif w[i][j] + sub == top:
                    count += sub_count
        return top, count

    return best((1 << n) - 1)


def check_matching(w: Weights, mates: list[int]) -> int:
    """Assert ``mates`` is a matching on positive edges of ``w``; return its weight."""
    n = len(w)
    assert len(mates) == n
    total = 0
    for v, m in enumerate(mates):
        assert 0 <= m < n
        assert mates[m] == v
        if m != v:
            assert w[v][m] > 0, f"edge {v}-{m} of weight 0 is matched"
            if v < m:
                total += w[v][m]
    return total


def solve(n: int, edges: list[tuple[int, int, int]]) -> MatchingComputer:
    computer = MatchingComputer(n)
    for u, v, x in edges:
        computer.set_edge_weight(u, v, x)
    computer.compute_matching()
    return computer


# -------------------------------------------------------------------------- strategies

HUGE = 2**300


@st.composite
def graphs(draw: st.DrawFn, max_n: int = 10) -> tuple[int, list[tuple[int, int, int]]]:
    """Random graphs: few distinct weights (many ties, many blossoms), wide ranges, or huge
    ints differing in their low bits; about half the pairs have weight 0."""
    n = draw(st.integers(0, max_n))
    kind = draw(st.sampled_from(["tiny", "small", "wide", "huge"]))
    weight = {
        "tiny": st.integers(0, 3),
        "small": st.integers(0, 20),
        "wide": st.integers(0, 2**64),
        "huge": st.builds(lambda a, b: a * HUGE + b, st.integers(0, 2), st.integers(0, 9)),
    }[kind]
    density = draw(st.sampled_from([0.3, 0.6, 1.0]))
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            if draw(st.floats(0, 1)) < density:
                edges.append((u, v, draw(weight)))
    return n, edges


# -------------------------------------------------------------------------- tests


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_optimal_against_brute_force(graph: tuple[int, list[tuple[int, int, int]]]) -> None:
    n, edges = graph
    w = weight_matrix(n, edges)
    computer = solve(n, edges)
    mates = computer.matching()
    assert check_matching(w, mates) == brute_force(w)[0]
    assert computer.matching_weight() == brute_force(w)[0]
    assert computer.check_optimality() == []
    assert max_weight_matching(n, edges) == mates


@settings(max_examples=60, deadline=None)
@given(graphs(max_n=10), st.integers(0, 2**200))
def test_scaling_and_shifting_keep_the_optimum(
    graph: tuple[int, list[tuple[int, int, int]]], offset: int
) -> None:
    """Huge multiples plus small tie-breakers: the packed-criteria shape the caller uses."""
    n, edges = graph
    packed = [(u, v, (x << 250) + offset if x else 0) for u, v, x in edges]
    w = weight_matrix(n, packed)
    mates = max_weight_matching(n, packed)
    assert check_matching(w, mates) == brute_force(w)[0]


def test_classic_cases(classic_case: tuple[list[tuple[int, int, int]], list[int]]) -> None:
    """The cases of ``conftest.CLASSIC`` are well posed (one optimum, the expected one), and
    the one-shot solver finds it with huge weights too (``test_api`` runs them on both
    kernels)."""
    edges, expected = classic_case
    n = len(expected)
    w = weight_matrix(n, edges)
    optimum, count = brute_force(w)
    assert check_matching(w, expected) == optimum and count == 1  # the case is well posed
    assert max_weight_matching(n, edges) == expected
    big = [(u, v, HUGE * x + 1) for u, v, x in edges]
    assert max_weight_matching(n, big) == expected


def test_every_graph_up_to_four_vertices() -> None:
    """Exhaustive: all 3^6 weightings of K4 with weights 0..2 (plus the smaller graphs)."""
    for n in range(5):
        pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
        for code in range(3 ** len(pairs)):
            edges = []
            for u, v in pairs:
                code, x = divmod(code, 3)
                edges.append((u, v, x))
            w = weight_matrix(n, edges)
            computer = solve(n, edges)
            assert check_matching(w, computer.matching()) == brute_force(w)[0]
            assert computer.check_optimality() == []


def test_trivial_graphs() -> None:
    assert max_weight_matching(0, []) == []
    assert max_weight_matching(1, []) == [0]
    assert max_weight_matching(2, []) == [0, 1]
    assert max_weight_matching(2, [(0, 1, 0)]) == [0, 1]
    assert max_weight_matching(2, [(1, 0, 1)]) == [1, 0]
    assert max_weight_matching(3, [(0, 1, 5), (0, 1, 0), (1, 2, 1)]) == [0, 2, 1]


def test_weight_beats_cardinality() -> None:
    # The path a-b-c-d with a heavy middle edge: one edge of weight 10 beats two of weight 4.
    assert max_weight_matching(4, [(0, 1, 4), (1, 2, 10), (2, 3, 4)]) == [0, 2, 1, 3]
    # ... but not two of weight 6.
    assert max_weight_matching(4, [(0, 1, 6), (1, 2, 10), (2, 3, 6)]) == [1, 0, 3, 2]


@pytest.mark.parametrize("seed", range(6))
def test_medium_random_graphs_certified(seed: int) -> None:
    """30..80 vertices, too many for brute force: the dual certificate proves optimality."""
    rng = random.Random(seed)
    n = rng.randint(30, 80)
    spread = rng.choice([3, 50, 2**200])
    edges = [
        (u, v, rng.randint(0, spread))
        for u in range(n)
        for v in range(u + 1, n)
        if rng.random() < 0.5
    ]
    computer = solve(n, edges)
    assert computer.check_optimality() == []
    w = weight_matrix(n, edges)
    assert check_matching(w, computer.matching()) == computer.matching_weight()


def test_check_optimality_detects_a_suboptimal_state() -> None:
    """The certificate checker is not vacuous: it rejects a feasible but non-optimal state."""
    engine = BlossomEngine(3)
    engine.set_weight(0, 1, 2)
    engine.set_weight(1, 2, 4)
    engine.restart()
    engine.solve()
    assert engine.check_optimality() == []
    assert engine.matching() == [0, 2, 1]
    engine.mate[:] = [1, 0, -1]  # the lighter edge
    assert engine.check_optimality() != []
    engine.mate[:] = [-1, 2, 1]
    engine.y[0] = 1  # an exposed vertex with a positive dual
    assert any("exposed" in e for e in engine.check_optimality())
    engine.y[0] = 0
    engine.y[1] = 0  # a negative slack
    assert any("slack" in e for e in engine.check_optimality())
