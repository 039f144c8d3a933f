"""The public matching API: :class:`MatchingComputer` and :func:`max_weight_matching`.

:class:`MatchingComputer` mirrors ``matching::Computer`` of bbpPairings (Apache-2.0,
© Jeremy Bierema): a complete graph whose edge weights are changed between calls, and a
``compute_matching`` that repairs the previous optimum instead of starting over.  The solver
is :class:`~chessarbiter.pairing.matching.blossom.BlossomEngine`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chessarbiter.pairing.matching.blossom import BlossomEngine

__all__ = ["MatchingComputer", "max_weight_matching"]


class MatchingComputer:
    """Maximum-weight matching on a general graph, recomputed incrementally.

    The graph is complete on the vertices ``0 .. len(self) - 1``; an edge of weight 0 is
    absent.  Weights are non-negative Python ints of any size.  :meth:`compute_matching` finds
    a matching of maximum total weight (not of maximum cardinality: weight-0 edges are never
    used, and a vertex stays unmatched when that is at least as good).

    **Cost.**  After :meth:`set_edge_weight` calls whose edges are all covered by ``k``
    vertices (each call marks its first vertex, unless one of the two is already marked),
    :meth:`compute_matching` resets those ``k`` vertices and runs at most ``2 k`` stages of
    ``O(n^2)`` work each (one stage, typically, for ``k = 1``).  When
    ``restart_divisor * k > n`` it starts over from scratch instead (``n / 2`` stages, but
    small ones: measured on random dense graphs, that is faster from about ``k > n / 8``,
    the default; ``restart_divisor=0`` never restarts).

    **Ties.**  The result is a deterministic function of the sequence of calls (no
    randomness, no dependence on hashing or object addresses).  When several matchings have
    the maximum weight, the one returned depends on the history as well as on the final
    weights: a repair keeps whatever part of the previous optimum the search does not need to
    change, the search starts from the lowest-index exposed vertex with a positive dual, and
    simultaneous events and equally tight edges are taken in a fixed order (lowest vertex
    index first).  Two computers reaching the same weights through different call sequences
    may therefore return different, equally heavy matchings — as bbpPairings' own solver may.
    A caller that needs one specific optimum must make it unique, e.g. by packing a
    tie-breaking criterion into the low bits of the weights.

    >>> mc = MatchingComputer(4)
    >>> mc.set_edge_weight(0, 1, 5)
    >>> mc.set_edge_weight(1, 2, 6)
    >>> mc.set_edge_weight(2, 3, 5)
    >>> mc.compute_matching()
    >>> mc.matching()
    [1, 0, 3, 2]
    >>> mc.set_edge_weight(1, 2, 11)
    >>> mc.compute_matching()
    >>> mc.matching()
    [0, 2, 1, 3]
    """

    __slots__ = ("_dirty", "_engine", "_unsolved", "restart_divisor")

    def __init__(self, size: int = 0, *, restart_divisor: int = 8) -> None:
        if size < 0:
            raise ValueError(f"size must be non-negative, not {size}")
        self._engine = BlossomEngine(size)
        #: Vertices to reset at the next compute (insertion-ordered, so deterministic).
        self._dirty: dict[int, None] = {}
        #: A freeze changed the matching: the next compute must run even with nothing dirty.
        self._unsolved = False
        #: Start over when ``restart_divisor * (marked vertices) > len(self)`` (0: never).
        self.restart_divisor = restart_divisor

    def __len__(self) -> int:
        return self._engine.n

    def add_vertex(self) -> int:
        """Add a vertex without edges and return its index (the previous ``len(self)``)."""
        return self._engine.add_vertex()

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        """Set the weight of edge ``uv`` (0 removes the edge)."""
        n = self._engine.n
        if not (0 <= u < n and 0 <= v < n):
            raise IndexError(f"vertex out of range 0..{n - 1}: {u}, {v}")
        if u == v:
            raise ValueError(f"no loops: {u}-{v}")
        if weight < 0:
            raise ValueError(f"weight must be non-negative, not {weight}")
        self._store(u, v, weight << 1)

    def _store(self, u: int, v: int, doubled: int) -> None:
        engine = self._engine
        if engine.w[u][v] == doubled:
            return
        if engine.frozen:
            engine.unfreeze(u)
            engine.unfreeze(v)
        engine.set_weight(u, v, doubled)
        dirty = self._dirty
        if u not in dirty and v not in dirty:
            dirty[u] = None

    def set_row(self, u: int, weights: Sequence[int]) -> None:
        """:meth:`set_edge_weight` ``(u, v, weights[v])`` for every ``v`` in order (one call
        for a whole row; ``weights`` may be shorter than ``len(self)``, and ``weights[u]``
        must be 0).

        >>> mc = MatchingComputer(3)
        >>> mc.set_row(2, [4, 5])
        >>> mc.edge_weight(0, 2), mc.edge_weight(2, 1)
        (4, 5)
        """
        n = self._engine.n
        if not 0 <= u < n:
            raise IndexError(f"vertex out of range 0..{n - 1}: {u}")
        if len(weights) > n:
            raise IndexError(f"{len(weights)} weights for {n} vertices")
        for v, weight in enumerate(weights):
            if v == u:
                if weight:
                    raise ValueError(f"no loops: the weight of {u}-{u} must be 0")
                continue
            self.set_edge_weight(u, v, weight)

    def warm_start(self, mates: Sequence[int], duals: Sequence[int]) -> None:
        """Start the next :meth:`compute_matching` from a matching and duals the caller knows,
        instead of repairing the current state.

        ``mates[v]`` is the mate of ``v`` (``v`` itself when exposed); ``duals`` are
        non-negative with ``duals[u] + duals[v] >= weight(u, v)`` for every edge, equal on
        every matched edge (which must have a positive weight).  Any such start is optimal
        but for exposed vertices with a positive dual, which the next computation pairs up:
        with a good start (a greedy matching and duals that make the heavy edges tight) that
        costs a few stages instead of one per vertex.  Every blossom is dropped; no pair may
        be frozen.  Raises ValueError when the start is not as described.

        >>> mc = MatchingComputer(4)
        >>> for u, v in [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]:
        ...     mc.set_edge_weight(u, v, 2)
        >>> mc.warm_start([1, 0, 2, 3], [1, 1, 1, 1])
        >>> mc.compute_matching()
        >>> mc.matching(), mc.matching_weight()
        ([1, 0, 3, 2], 4)
        """
        engine = self._engine
        n = engine.n
        if engine.frozen:
            raise ValueError("warm_start with frozen pairs")
        if len(mates) != n or len(duals) != n:
            raise ValueError(f"warm_start needs {n} mates and {n} duals")
        for v, m in enumerate(mates):
            if not 0 <= m < n:
                raise ValueError(f"mate of {v} out of range: {m}")
        for v, m in enumerate(mates):
            if mates[m] != v:
                raise ValueError(f"mates are not symmetric at {v}")
        y = [d << 1 for d in duals]
        if any(d < 0 for d in y):
            raise ValueError("duals must be non-negative")
        w = engine.w
        for u in range(n):
            wu, yu, mu = w[u], y[u], mates[u]
            for v in range(u + 1, n):
                total = yu + y[v]
                if total < wu[v]:
                    raise ValueError(f"duals infeasible on edge {u}-{v}")
                if mu == v and (total != wu[v] or not wu[v]):
                    raise ValueError(f"matched edge {u}-{v} is not tight (or has weight 0)")
        engine.warm_start([-1 if m == v else m for v, m in enumerate(mates)], y)
        self._dirty.clear()
        self._unsolved = True

    def freeze(self, u: int, v: int) -> bool:
        """Make ``uv`` the only edge of ``u`` and ``v``: every other edge of the two gets
        weight 0 (``uv`` keeps its positive weight), so the pair is in every maximum matching.

        With no weight change pending, the pair leaves the search for good (see
        :meth:`BlossomEngine.freeze`): later computations scan only the other vertices,
        which makes them faster as pairs are settled.  Otherwise (or when ``u`` or ``v`` is
        in another frozen pair) the edges are changed as by :meth:`set_edge_weight`.  Returns
        whether the pair was frozen.  Either way :meth:`compute_matching` must be called
        before :meth:`matching`; a later weight change at ``u`` or ``v`` brings the pair back
        into the search.

        >>> mc = MatchingComputer(4)
        >>> for u, v, w in [(0, 1, 3), (1, 2, 2), (2, 3, 3), (0, 3, 1)]:
        ...     mc.set_edge_weight(u, v, w)
        >>> mc.compute_matching()
        >>> mc.freeze(0, 1), mc.edge_weight(1, 2), mc.edge_weight(0, 1)
        (True, 0, 3)
        >>> mc.freeze(1, 2)
        Traceback (most recent call last):
        ...
        ValueError: cannot freeze 1-2: the edge has weight 0
        """
        n = self._engine.n
        if not (0 <= u < n and 0 <= v < n):
            raise IndexError(f"vertex out of range 0..{n - 1}: {u}, {v}")
        if u == v:
            raise ValueError(f"no loops: {u}-{v}")
        engine = self._engine
        if not engine.w[u][v]:
            raise ValueError(f"cannot freeze {u}-{v}: the edge has weight 0")
        if u in engine.frozen and engine.mate[u] == v:
            return True
        if self._dirty or u in engine.frozen or v in engine.frozen:
            for x in range(n):
                if x != u and x != v:
                    self._store(u, x, 0)
                    self._store(v, x, 0)
            return False
        w = engine.w
        for x in range(n):
            if x != u and x != v:
                w[u][x] = w[x][u] = w[v][x] = w[x][v] = 0
        if engine.freeze(u, v):
            self._unsolved = True
        return True

    def edge_weight(self, u: int, v: int) -> int:
        """The weight of edge ``uv`` (0 when absent or ``u == v``)."""
        n = self._engine.n
        if not (0 <= u < n and 0 <= v < n):
            raise IndexError(f"vertex out of range 0..{n - 1}: {u}, {v}")
        return self._engine.w[u][v] >> 1

    def compute_matching(self) -> None:
        """Bring the matching back to maximum weight after the changes since the last call."""
        dirty = self._dirty
        if not dirty and not self._unsolved:
            return
        engine = self._engine
        if self.restart_divisor * len(dirty) > engine.n:
            engine.restart()
        else:
            for v in dirty:
                engine.reset_vertex(v)
        dirty.clear()
        self._unsolved = False
        engine.solve()

    def matching(self) -> list[int]:
        """The mate of each vertex as of the last :meth:`compute_matching`; an unmatched
        vertex is its own mate.

        Raises :class:`RuntimeError` when weights changed since the last computation.
        """
        if self._dirty or self._unsolved:
            raise RuntimeError("edge weights changed: call compute_matching() first")
        return self._engine.matching()

    def matching_weight(self) -> int:
        """The total weight of :meth:`matching` (same precondition)."""
        mates = self.matching()
        w = self._engine.w
        return sum(w[v][m] for v, m in enumerate(mates) if v < m) >> 1

    def check_optimality(self) -> list[str]:
        """Verify the optimality certificate of the current state (see
        :meth:`BlossomEngine.check_optimality`); empty when the matching is proved optimal."""
        if self._dirty or self._unsolved:
            raise RuntimeError("edge weights changed: call compute_matching() first")
        return self._engine.check_optimality()

    @property
    def stats(self) -> dict[str, int]:
        """Event counters of the solver (stages, grows, blossoms, expansions, augmentations,
        resets, restarts) since construction."""
        return self._engine.stats


def max_weight_matching(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int]:
    """A maximum-weight matching of the graph on ``0 .. n-1`` with the weighted ``edges``.

    ``edges`` holds ``(u, v, weight)`` triples with ``weight >= 0``; a later triple for the
    same pair overrides an earlier one.  Returns the mate of each vertex, an unmatched vertex
    being its own mate.  Ties are resolved as described in :class:`MatchingComputer`.

    >>> max_weight_matching(4, [(0, 1, 3), (1, 2, 4), (2, 3, 3)])
    [1, 0, 3, 2]
    >>> max_weight_matching(3, [(0, 1, 2**300), (1, 2, 2**300 + 1)])
    [0, 2, 1]
    """
    computer = MatchingComputer(n)
    for u, v, weight in edges:
        computer.set_edge_weight(u, v, weight)
    computer.compute_matching()
    return computer.matching()
