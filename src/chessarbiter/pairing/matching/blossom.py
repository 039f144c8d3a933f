"""Primal–dual blossom algorithm for maximum-weight matching, with incremental repair.

This module is the engine behind :class:`~chessarbiter.pairing.matching.MatchingComputer`.
It works on the complete graph over vertices ``0 .. n-1``; an absent edge has weight 0 and is
never matched.  Everything is exact integer arithmetic on Python ints of any size.

The incremental design — keep the optimal primal and dual solution between calls and, when
the edges of a vertex change, dissolve the blossoms containing that vertex, unmatch it and
reset its dual so that the dual solution stays feasible, then resume — follows the matching
engine of bbpPairings (Apache-2.0, © Jeremy Bierema).  The code here is an independent
Python implementation; its data layout and search order differ from bbpPairings'.

The linear programme
====================

Weights are stored doubled (``W = 2 w``), which keeps every dual value integral.  The dual
of the matching polytope has a variable ``y[v] >= 0`` per vertex and ``z[B] >= 0`` per
blossom (an odd vertex set, built by the algorithm), and the *slack* of an edge is::

    slack(u, v) = y[u] + y[v] + sum(z[B] for blossoms B containing u and v) - W[u][v]

**Invariants** (hold between calls to :meth:`BlossomEngine.solve`, and for the dual
``y``/``z`` at every step inside it):

* dual feasibility: ``y >= 0``, ``z >= 0``, every slack ``>= 0``;
* every matched edge and every edge of a blossom's cycle is *tight* (slack 0);
* every blossom is *full*: all its vertices but the base are matched inside it, so
  ``z[B] > 0`` never violates complementary slackness;
* all ``z`` are even, so dissolving a blossom (adding ``z/2`` to its vertices) stays integral;
* ``y[v] <= max W + 1``: duals only grow on T vertices (bounded through their tight matched
  edge), when a blossom is dissolved (bounded through its tight cycle edges), on a reset
  (to ``max(W[v][u] - y[u])``) or by 1 in the parity fix below.

The matching is optimal iff, in addition, every *exposed* (unmatched) vertex has ``y = 0``.
Exposed vertices with a positive dual are the *roots*; :meth:`BlossomEngine.solve` runs
*stages* until none is left.  A stage never creates a root and retires at least one, so
there are at most as many stages as roots at the start: ``n / 2`` from scratch, at most two
per reset vertex (the vertex and its former mate) after an update.

A stage
=======

A stage grows alternating trees from its roots: all of them when there are at most two (as
after a single-vertex update: two trees meeting half-way stay much smaller than one tree
looking for the other root), else only the lowest-index one (as from scratch: the other
roots wait and serve as targets).  Top-level blossoms of the trees are *S* (outer: the roots
and the mates of T blossoms) or *T* (inner); all other top-level blossoms are *free*.  Each
step picks the largest dual change ``delta`` that keeps the dual feasible: S vertex duals drop
by ``delta``, T vertex duals rise by it, top S blossoms' ``z`` rise by ``2 delta`` and top T
blossoms' ``z`` drop by ``2 delta``.  The bound that stops it names the next event (ties are
taken in this order):

1. an S vertex's dual reaches 0: augment along the tree path from that vertex to its root,
   which leaves the vertex exposed with dual 0 and the root matched;
2. an edge between two S blossoms becomes tight: form a new blossom if both are in the same
   tree, else augment between the two roots;
3. an edge from an S vertex to a free vertex becomes tight: if the free blossom is exposed
   (with dual 0, or a root not grown in this stage) augment to it; otherwise label it T and
   its mate's blossom S (grow the tree);
4. a T blossom's ``z`` reaches 0: expand it, relabelling the children on its alternating path.

Every vertex of a tree has the parity of its root's dual (tree and blossom edges are tight,
weights and ``z`` are even), so S–S slacks are even — and ``delta`` an integer — once the
roots grown together have even duals.  Before such a stage an odd root gets ``+1`` on every
vertex of its blossom, paid by ``z -= 2`` on that blossom (blossoms with ``z = 0`` around it
are expanded first): slacks inside are unchanged, all others grow.

Making it fast in pure Python
=============================

Within a stage the dual change is accumulated in one number ``D`` instead of being applied to
every vertex: an S vertex stores ``y + D``, a T vertex ``y - D``, a free vertex ``y`` (and
blossom duals likewise with ``2 D``), so the stored values of labelled vertices are constant
while they keep their label.  With that convention the row ``ys[u] - W[u][.]`` of an S vertex
``u`` never changes: it is computed once, when ``u`` becomes S, folded into the per-vertex
minimum over the S vertices (``bp``) and used to find ``u``'s least S–S key.  The next
``delta`` then costs one pass over ``bp`` for the S–free edges, two heaps with constant keys
for the S–S edges and the T blossoms, and a running minimum for the S duals.  All passes over
``n`` entries are list comprehensions or C-level ``map``/``min``; small trees are scanned
over their own vertices only.  A stage is ``O(n * (tree size + events))``.  The row scans
are memory-bound, so each row of ``W`` is kept contiguous in memory (:meth:`compact`).

A blossom of ``k`` vertices that becomes S would lower ``bp`` with ``k`` row scans; the
engine keeps, per blossom and across stages and solves, the column-wise minimum of those rows
(its least-row vector, :meth:`BlossomEngine.row_vector_ready`), so one pass does it.  This
exact shortcut changes no result and no counter; the compiled kernel keeps the same vectors,
built, used, updated and dropped at the same steps (``row_vectors`` counts them in both).
"""

from __future__ import annotations

from heapq import heappop, heappush
from operator import add, sub

__all__ = ["Blossom", "BlossomEngine"]

_FREE = 0
_S = 1
_T = 2
#: Blossoms of at least this many vertices lower ``bp`` through their least-row vector.
_VECTOR_MIN = 4


class Blossom:
    """A blossom: a single vertex (trivial) or an odd cycle of sub-blossoms.

    ``childs[0]`` is the sub-blossom holding the ``base``; ``edges[i] = (a, b)`` is the tight
    edge with ``a`` in ``childs[i]`` and ``b`` in ``childs[(i + 1) % k]``.  Inside the blossom
    the children ``1, 2``, ``3, 4``, ... are matched in pairs through ``edges[1]``,
    ``edges[3]``, ...; the base child is matched outside (or exposed).  ``leaves`` lists the
    vertices.  ``label``, ``tedge`` (for a T blossom: the tree edge ``(s, t)`` from the S
    vertex ``s`` outside to ``t`` inside) and ``mark`` are scratch data of a stage.

    ``mvec`` is the blossom's least-row vector (None: none; see
    :meth:`BlossomEngine.row_vector_ready`): ``mvec[x]`` is the least ``y[u] - W[u][x]`` over
    the leaves ``u`` at the time the first leaf's dual was ``mref``; the duals of all leaves
    of a blossom always change by the same amount, so the current least value is
    ``mvec[x] + y[leaves[0]] - mref``.  Column ``x`` is current while no edge at ``x``
    changed after the weight change numbered ``mclock``.
    """

    __slots__ = (
        "base",
        "childs",
        "edges",
        "label",
        "leaves",
        "mark",
        "mclock",
        "mref",
        "mvec",
        "parent",
        "tedge",
        "z",
    )

    def __init__(self, base: int, leaves: list[int]) -> None:
        self.base = base
        self.leaves = leaves
        self.childs: list[Blossom] = []
        self.edges: list[tuple[int, int]] = []
        self.parent: Blossom | None = None
        #: The blossom dual (doubled units); always 0 for a trivial blossom.
        self.z = 0
        self.label = _FREE
        self.tedge: tuple[int, int] = (-1, -1)
        self.mark = 0
        self.mvec: list[int] | None = None
        self.mref = 0
        self.mclock = 0


class BlossomEngine:
    """Optimal matching state on ``n`` vertices: weights, matching, duals and blossoms.

    ``w`` holds the *doubled* weights (``w[u][v] == w[v][u]``, even, ``w[v][v] == 0``).
    Changing a weight breaks the invariants around the edge until one of its endpoints is
    passed to :meth:`reset_vertex` (or :meth:`restart` is called); :meth:`solve` then restores
    optimality.  ``stats`` counts the events, for tests and benchmarks.
    """

    def __init__(self, size: int = 0) -> None:
        self.n = size
        self.w: list[list[int]] = [[0] * size for _ in range(size)]
        self.y: list[int] = [0] * size
        #: ``mate[v]`` is the vertex matched to ``v``, or -1.
        self.mate: list[int] = [-1] * size
        #: The trivial blossom of each vertex.
        self.vertex_blossom: list[Blossom] = [Blossom(v, [v]) for v in range(size)]
        #: The top-level blossom containing each vertex.
        self.top: list[Blossom] = list(self.vertex_blossom)
        #: An upper bound on every weight ever stored (it never decreases).
        self.wmax = 0
        #: Weights set since the last :meth:`compact`.
        self.scattered = 0
        self.mark = 0
        #: Vertices of frozen pairs (see :meth:`freeze`): left out of every search.
        self.frozen: set[int] = set()
        #: A stage grows trees from all roots at once when there are at most this many (the
        #: trees then meet half-way, as after a few resets); otherwise from the lowest one.
        self.multi_root_limit = 2
        self.stats: dict[str, int] = dict.fromkeys(
            (
                "stages",
                "grow",
                "blossom",
                "expand",
                "augment",
                "to_source",
                "rescan",
                "parity",
                "reset",
                "restart",
            ),
            0,
        )
        #: Weight changes so far, and for each vertex the number of the last change of one of
        #: its edges (the least-row vectors' columns are current up to their ``mclock``).
        self.wclock = 0
        self.colchg: list[int] = [0] * size
        #: The blossoms holding a least-row vector (at most ``max(16, n // 4)``).
        self.vector_blossoms: set[Blossom] = set()
        #: Uses, column updates and builds of least-row vectors (the compiled kernel counts
        #: the same).
        self.row_vectors: dict[str, int] = dict.fromkeys(("uses", "updates", "builds"), 0)

    # ----------------------------------------------------------------------------- graph edits

    def add_vertex(self) -> int:
        """Add an isolated vertex (exposed, dual 0: optimality is kept) and return its index."""
        self._drop_vectors()
        self.colchg.append(0)
        v = self.n
        for row in self.w:
            row.append(0)
        self.n = v + 1
        self.w.append([0] * (v + 1))
        self.y.append(0)
        self.mate.append(-1)
        b = Blossom(v, [v])
        self.vertex_blossom.append(b)
        self.top.append(b)
        return v

    def set_weight(self, u: int, v: int, w2: int) -> None:
        """Store the doubled weight ``w2`` of edge ``uv`` (no repair; see the class doc)."""
        self.wclock += 1
        self.colchg[u] = self.colchg[v] = self.wclock
        self.w[u][v] = w2
        # A separate int object per direction: when a whole row is set, its ints then lie
        # together in memory, which makes the row scans several times faster.
        self.w[v][u] = w2 + 0
        if w2 > self.wmax:
            self.wmax = w2
        self.scattered += 1

    def freeze(self, u: int, v: int) -> bool:
        """Match ``u`` with ``v`` for good and leave the pair out of every later search.

        The state must be consistent (no weight changed since the last repair) and the
        caller sets every other edge of ``u`` and ``v`` to 0, so the pair is in every
        maximum matching.  When ``uv`` is already matched outside any non-trivial blossom
        the optimum is kept as it is.  Otherwise the blossoms containing ``u`` and ``v`` are
        dissolved (as by :meth:`reset_vertex`: feasibility kept, every matched edge still
        tight), the two are matched, and their former mates are left exposed for the next
        :meth:`solve`; returns True in that case (a solve is needed).  Either way the duals
        of ``u`` and ``v`` are set to make ``uv`` tight (it is their only edge, so any split
        of its weight is feasible).
        """
        # the caller set the other edges of u and v to 0
        self.wclock += 1
        self.colchg[u] = self.colchg[v] = self.wclock
        mate = self.mate
        unsettled = mate[u] != v or bool(self.top[u].childs) or bool(self.top[v].childs)
        if unsettled:
            self._detach(u)
            self._detach(v)
            mate[u] = v
            mate[v] = u
        y = self.y
        w = self.w[u][v]
        y[v] = min(y[v], w)
        y[u] = w - y[v]
        self.frozen.update((u, v))
        return unsettled

    def unfreeze(self, v: int) -> None:
        """Bring the frozen pair of ``v`` back into the search (an edge of it changes)."""
        if v in self.frozen:
            self.frozen.discard(v)
            self.frozen.discard(self.mate[v])

    def compact(self) -> None:
        """Re-allocate the weights row by row, so each row's ints are contiguous in memory.

        Row scans are memory-bound: with the ints of a row scattered over the heap (as after
        setting the edges in arbitrary order) they run about three times slower.
        """
        w = self.w
        for i, row in enumerate(w):  # row by row, so the old ints are freed as we go
            w[i] = [x + 0 for x in row]
        self.scattered = 0

    # ----------------------------------------------------------------------------- repairs

    def reset_vertex(self, v: int) -> None:
        """Make ``v`` a trivial, exposed blossom with the least dual that keeps feasibility.

        The blossoms containing ``v`` are dissolved from the top down: the top one is first
        rotated so that ``v`` becomes its base (and its outside mate is unmatched), then each
        level is split into its children after adding ``z/2`` to the dual of each of its
        vertices — edges inside keep their slack, edges leaving it gain ``z/2``, and the cycle
        edges stay tight.  Finally ``y[v] = max(0, max_u(W[v][u] - y[u]))``, so every edge at
        ``v`` has slack ``>= 0`` whatever its new weight.  The former mate of ``v`` becomes
        exposed; it (and ``v``) are the roots the next :meth:`solve` works on.  (Only the
        edges at ``v`` may have changed.)
        """
        self.stats["reset"] += 1
        x = self._detach(v)
        best = max(map(sub, self.w[v], self.y))
        self.y[v] = best if best > 0 else 0
        if x != -1 and not self.top[x].childs:
            # The former mate, now exposed, gets the same treatment when it is a vertex of
            # its own: lowering its dual to the least feasible value is free (it is in no
            # blossom, and exposed) and spares the stage from lowering it step by step.
            best = max(map(sub, self.w[x], self.y))
            self.y[x] = best if best > 0 else 0

    def _detach(self, v: int) -> int:
        """Make ``v`` an exposed trivial blossom, dissolving the blossoms that contain it as
        :meth:`reset_vertex` describes; return the vertex that lost its mate (or -1)."""
        mate = self.mate
        b = self.top[v]
        if b.childs:
            base = b.base
            x = mate[base]
            if x != -1:
                mate[x] = -1
                mate[base] = -1
            self._rotate(b, v)
            mate[v] = -1
            y = self.y
            top = self.top
            while b.childs:
                self._drop_vector(b)
                half = b.z >> 1
                if half:
                    for u in b.leaves:
                        y[u] += half
                for c in b.childs:
                    c.parent = None
                    for u in c.leaves:
                        top[u] = c
                b = b.childs[0]
        else:
            x = mate[v]
            if x != -1:
                mate[x] = -1
                mate[v] = -1
        return x

    def restart(self) -> None:
        """Forget the matching and the blossoms; start from ``y[v] = max_u W[v][u] / 2``.

        That dual is feasible (``y[u] + y[v] >= W[u][v]``) and tight on every edge that is
        the heaviest edge of both its endpoints; it is a better start than resetting most
        vertices one by one.
        """
        self.stats["restart"] += 1
        self._drop_vectors()
        for b in self.vertex_blossom:
            b.parent = None
        self.top = list(self.vertex_blossom)
        mate = self.mate
        self.mate = [mate[v] if v in self.frozen else -1 for v in range(self.n)]
        self.y = [max(row) >> 1 for row in self.w]

    def warm_start(self, mates: list[int], y: list[int]) -> None:
        """Replace the matching (``mates[v] == -1``: exposed) and the duals (doubled units),
        dropping every blossom; the caller has checked feasibility (see
        :meth:`MatchingComputer.warm_start`)."""
        self._drop_vectors()
        for b in self.vertex_blossom:
            b.parent = None
        self.top = list(self.vertex_blossom)
        self.mate = list(mates)
        self.y = list(y)
        # the stage's "infinity" must stay above every dual too
        self.wmax = max(self.wmax, *y) if y else self.wmax

    # ----------------------------------------------------------------------------- solving

    def solve(self) -> None:
        """Run stages until no exposed vertex has a positive dual: the matching is optimal."""
        n = self.n
        if not n:
            return
        if 4 * self.scattered > n * n:
            self.compact()
        inf = 1 << (self.wmax.bit_length() + 4)
        limit = self.multi_root_limit
        while True:
            mate = self.mate
            y = self.y
            roots = [r for r in range(n) if mate[r] == -1 and y[r]]
            if not roots:
                return
            if len(roots) > limit:
                del roots[1:]
            else:
                for r in roots:
                    if y[r] & 1:
                        self._make_even(r)
            self.stats["stages"] += 1
            stage = _Stage(self, inf)
            for r in roots:
                stage.make_s(self.top[r], _FREE)
            stage.run()

    def matching(self) -> list[int]:
        """The mate of every vertex; an unmatched vertex is its own mate."""
        return [m if m >= 0 else v for v, m in enumerate(self.mate)]

    # ----------------------------------------------------------------------------- helpers

    def _rotate(self, b: Blossom, v: int) -> None:
        """Re-match the inside of blossom ``b`` so that vertex ``v`` becomes its base.

        Going round the cycle from the child holding ``v`` to the old base child, along the
        side with an even number of edges, every second edge becomes matched; the children
        touched are rotated recursively (with an explicit stack) to the endpoints of their new
        matched edge.  The mate of ``v`` itself is left to the caller.
        """
        mate = self.mate
        vertex_blossom = self.vertex_blossom
        stack = [(b, v)]
        while stack:
            b, v = stack.pop()
            t = vertex_blossom[v]
            up = t.parent
            while up is not b:
                assert up is not None
                t = up
                up = t.parent
            if t.childs:
                stack.append((t, v))
            childs = b.childs
            i = childs.index(t)
            if i:
                edges = b.edges
                k = len(childs)
                for m in range(i + 1, k, 2) if i & 1 else range(0, i, 2):
                    a, c = edges[m]
                    ca = childs[m]
                    cc = childs[m + 1] if m + 1 < k else childs[0]
                    if ca.childs:
                        stack.append((ca, a))
                    if cc.childs:
                        stack.append((cc, c))
                    mate[a] = c
                    mate[c] = a
                b.childs = childs[i:] + childs[:i]
                b.edges = edges[i:] + edges[:i]
            b.base = v

    def _make_even(self, r: int) -> None:
        """Add 1 to the dual of every vertex of the exposed blossom of ``r`` (odd dual).

        Top blossoms with ``z = 0`` around ``r`` are expanded first; the innermost one left
        pays with ``z -= 2``, so the slacks inside it are unchanged and the others grow.  Two
        trees grown together need roots of the same parity for their S–S slacks to be even.
        """
        self.stats["parity"] += 1
        b = self.top[r]
        while b.childs and not b.z:
            self._expand(b, False)
            b = self.top[r]
        if b.childs:
            b.z -= 2
        y = self.y
        for v in b.leaves:
            y[v] += 1

    def _expand(self, b: Blossom, recursive_zero: bool) -> None:
        """Make the children of top-level blossom ``b`` top-level (the matching is unchanged).

        With ``recursive_zero``, children whose dual is 0 are expanded as well.
        """
        top = self.top
        stack = [b]
        while stack:
            b = stack.pop()
            self._drop_vector(b)
            for c in b.childs:
                c.parent = None
                if recursive_zero and c.childs and not c.z:
                    stack.append(c)
                else:
                    for u in c.leaves:
                        top[u] = c

    # ----------------------------------------------------------------------------- row vectors

    def _drop_vector(self, b: Blossom) -> None:
        """``b`` leaves the structure: its least-row vector goes with it."""
        if b.mvec is not None:
            b.mvec = None
            self.vector_blossoms.discard(b)

    def _drop_vectors(self) -> None:
        for b in self.vector_blossoms:
            b.mvec = None
        self.vector_blossoms.clear()

    def row_vector_ready(self, b: Blossom) -> bool:
        """Make the least-row vector of the non-trivial blossom ``b`` current; False when it
        has none (at most ``max(16, n // 4)`` vectors exist).

        An exact shortcut of the stage's row scans (it changes no result and no counter):
        when a blossom of ``k`` vertices becomes S, the minimum of its ``k`` rows
        ``y[u] - W[u][.]`` lowers ``bp`` as the rows would, in one pass.  A vector is built
        the first time its blossom needs one, from the vectors (or the rows) of the
        sub-blossoms, and kept while the blossom lives, across stages and solves: the duals of
        its vertices all move together, so the offset ``y[leaves[0]] - mref`` keeps it
        current.  Columns whose edges changed since are recomputed (from the rows of those
        vertices: ``W`` is symmetric), or the whole vector when more than a quarter did.
        """
        n = self.n
        y = self.y
        if b.mvec is not None:
            if b.mclock == self.wclock:
                return True
            mclock = b.mclock
            stale = [x for x, c in enumerate(self.colchg) if c > mclock]
            if 4 * len(stale) <= n:
                m = b.mvec
                off = y[b.leaves[0]] - b.mref
                w = self.w
                leaves = b.leaves
                for x in stale:
                    wx = w[x]
                    m[x] = min([y[u] - wx[u] for u in leaves]) - off
                b.mclock = self.wclock
                self.row_vectors["updates"] += 1
                return True
            self._drop_vector(b)
        if len(self.vector_blossoms) >= max(16, n // 4):
            return False
        self.vector_blossoms.add(b)
        self.row_vectors["builds"] += 1
        least: list[int] | None = None
        for c in b.childs:
            least = self._take_rows(least, c)
        assert least is not None
        b.mvec = least
        b.mref = y[b.leaves[0]]
        b.mclock = self.wclock
        return True

    def _take_rows(self, least: list[int] | None, c: Blossom) -> list[int]:
        """The column-wise minimum of ``least`` (None: none yet) and the current rows of the
        vertices of ``c`` (through its vector when it has or can have one)."""
        y = self.y
        if c.childs and self.row_vector_ready(c):
            assert c.mvec is not None
            self.row_vectors["uses"] += 1
            off = y[c.leaves[0]] - c.mref
            row = [x + off for x in c.mvec]
            if least is None:
                return row
            return [a if a < r else r for a, r in zip(least, row, strict=True)]
        for u in c.leaves:
            yu = y[u]
            row = [yu - x for x in self.w[u]]
            if least is None:
                least = row
            else:
                least = [a if a < r else r for a, r in zip(least, row, strict=True)]
        assert least is not None
        return least

    # ----------------------------------------------------------------------------- checking

    def check_optimality(self) -> list[str]:
        """Verify the primal–dual certificate; return the violations (empty when optimal).

        Checks that the matching is valid and uses only positive-weight edges, that the
        blossom structure is consistent (odd cycles of tight edges, full), that the dual is
        feasible with ``y = 0`` on exposed vertices, and that the primal and dual objectives
        are equal — which proves the matching has maximum weight.  ``O(n^2 * depth)``; meant
        for tests.
        """
        n = self.n
        w = self.w
        y = self.y
        mate = self.mate
        errors: list[str] = []
        for v in range(n):
            m = mate[v]
            if m != -1 and (m == v or not 0 <= m < n or mate[m] != v):
                errors.append(f"mate[{v}] = {m} is not symmetric")
            elif m != -1 and w[v][m] <= 0:
                errors.append(f"edge {v}-{m} is matched with weight 0")
            if y[v] < 0:
                errors.append(f"y[{v}] = {y[v]} < 0")
            if m == -1 and y[v] != 0:
                errors.append(f"exposed vertex {v} has dual {y[v]}")
        # Collect the blossom forest and each vertex's chain of ancestors.
        ancestors: list[list[Blossom]] = [[] for _ in range(n)]
        cycle_edges: list[tuple[int, int]] = []
        dual = sum(y)
        seen: set[int] = set()
        tops: dict[int, Blossom] = {}
        for v in range(n):
            t = self.top[v]
            tops[id(t)] = t
            if v not in t.leaves:
                errors.append(f"vertex {v} not in the leaves of its top blossom")
        stack = [t for t in tops.values() if t.childs]
        for t in stack:
            if t.parent is not None:
                errors.append(f"top blossom of base {t.base} has a parent")
        while stack:
            b = stack.pop()
            if id(b) in seen:
                errors.append(f"blossom of base {b.base} reached twice")
                continue
            seen.add(id(b))
            k = len(b.childs)
            if k < 3 or not k & 1 or len(b.edges) != k:
                errors.append(f"blossom of base {b.base} has {k} children")
                continue
            if b.z < 0 or b.z & 1:
                errors.append(f"blossom of base {b.base} has dual {b.z}")
            dual += b.z * ((len(b.leaves) - 1) // 2)
            leaves: list[int] = []
            for c in b.childs:
                if c.parent is not b:
                    errors.append(f"child of blossom {b.base} has a wrong parent")
                leaves.extend(c.leaves)
                if c.childs:
                    stack.append(c)
            if sorted(leaves) != sorted(b.leaves):
                errors.append(f"leaves of blossom {b.base} do not match its children")
            if b.base not in b.childs[0].leaves or b.childs[0].base != b.base:
                errors.append(f"base of blossom {b.base} is not in its first child")
            inside = set(b.leaves)
            matched_inside = sum(1 for u in b.leaves if mate[u] in inside)
            if matched_inside != len(b.leaves) - 1:
                errors.append(f"blossom of base {b.base} is not full")
            for i, (p, q) in enumerate(b.edges):
                if p not in b.childs[i].leaves or q not in b.childs[(i + 1) % k].leaves:
                    errors.append(f"edge {i} of blossom {b.base} does not join its children")
                cycle_edges.append((p, q))
            for u in b.leaves:
                ancestors[u].append(b)

        ancestor_ids = [{id(b) for b in chain} for chain in ancestors]

        def slack(u: int, v: int) -> int:
            inside = ancestor_ids[u]
            common = sum(b.z for b in ancestors[v] if id(b) in inside) if inside else 0
            return y[u] + y[v] + common - w[u][v]

        for p, q in cycle_edges:
            if slack(p, q):
                errors.append(f"blossom edge {p}-{q} has slack {slack(p, q)}")
        primal = 0
        for u in range(n):
            row = w[u]
            for v in range(u + 1, n):
                if not row[v] and mate[u] != v:
                    continue
                s = slack(u, v)
                if s < 0:
                    errors.append(f"edge {u}-{v} has slack {s}")
                if mate[u] == v:
                    primal += row[v]
                    if s:
                        errors.append(f"matched edge {u}-{v} has slack {s}")
        if primal != dual and not errors:
            errors.append(f"primal {primal} != dual {dual}")
        return errors


class _Stage:
    """One stage: grow alternating trees from the roots until an augmentation.

    Per-stage arrays (all of length ``n``, ``inf`` marks "not applicable"):

    * ``bp[v]``: ``min(ys[u] - W[u][v])`` over the S vertices ``u`` (meaningful for non-S
      ``v``); the least slack from the trees to a free vertex ``v`` is ``bp[v] + y[v] - D``;
    * ``yfree[v]``: ``y[v]`` for a free vertex, else ``inf``;
    * ``ys[v]``: the stored ``y[v]`` of an S vertex, else ``inf``.

    ``heap3`` holds entries ``(key, seq, u, x)``: when the vertex ``u`` became S, ``x`` was
    the S vertex outside ``u``'s blossom minimising ``key = ys[u] + ys[x] - W[u][x]`` (the real
    slack is ``key - 2 D``), so every pair of S vertices is covered by the younger one.  When
    ``u`` and ``x`` end up in the same blossom the entry is stale: it is dropped and ``u``
    rescanned against the S vertices then outside.  ``heap4`` holds the stored ``z`` of the
    T blossoms (real ``z`` is ``key - 2 D``); entries of blossoms no longer top-level T are
    skipped.  ``seq`` makes every entry unique and the order deterministic.
    """

    __slots__ = (
        "D",
        "arg_ys",
        "bp",
        "eng",
        "half",
        "heap3",
        "heap4",
        "inf",
        "labeled",
        "mate",
        "min_ys",
        "n",
        "nactive",
        "seq",
        "svert",
        "top",
        "w",
        "y",
        "yfree",
        "ys",
    )

    def __init__(self, eng: BlossomEngine, inf: int) -> None:
        n = eng.n
        self.eng = eng
        self.n = n
        self.w = eng.w
        self.y = eng.y
        self.mate = eng.mate
        self.top = eng.top
        self.inf = inf
        self.half = inf >> 1
        self.D = 0
        self.bp = [inf] * n
        self.yfree = list(eng.y)
        for v in eng.frozen:  # never a free vertex to grow to
            self.yfree[v] = inf
        #: Vertices the search may reach: the scans choose their method by it.
        self.nactive = n - len(eng.frozen)
        self.ys = [inf] * n
        self.svert: list[int] = []
        self.labeled: list[Blossom] = []
        self.heap3: list[tuple[int, int, int, int]] = []
        self.heap4: list[tuple[int, int, Blossom]] = []
        self.seq = 0
        self.min_ys = inf
        self.arg_ys = -1

    # ------------------------------------------------------------------ labelling

    def add_s(self, b: Blossom, parts: list[Blossom]) -> None:
        """Register the new top-level S blossom ``b``; its vertices that were not S before
        (their duals already stored the S way) are the leaves of the blossoms ``parts``.

        Each new S vertex ``u`` is scanned: its row ``ys[u] - W[u][.]`` lowers ``bp``, and the
        least key from ``u`` to the S vertices outside ``b`` goes into ``heap3``.  The rows of
        a part of at least four vertices lower ``bp`` at once through the part's least-row
        vector (see :meth:`BlossomEngine.row_vector_ready`) when it has one.
        """
        eng = self.eng
        w = self.w
        y = self.y
        ys = self.ys
        inf = self.inf
        half = self.half
        svert = self.svert
        heap3 = self.heap3
        leaves = b.leaves
        new = [v for c in parts for v in c.leaves]
        if len(new) != len(leaves):
            for v in leaves:  # hide the S vertices already inside b
                ys[v] = inf
        small = 3 * len(svert) < self.nactive
        bp = self.bp
        for c in parts:
            vector = bool(c.childs) and len(c.leaves) >= _VECTOR_MIN and eng.row_vector_ready(c)
            if vector:
                assert c.mvec is not None
                eng.row_vectors["uses"] += 1
                off = y[c.leaves[0]] - c.mref
                row = [x + off for x in c.mvec]
                bp = [a if a < r else r for a, r in zip(bp, row, strict=True)]
            for u in c.leaves:
                yu = y[u]
                wu = w[u]
                if not vector:
                    row = [yu - x for x in wu]
                    bp = [a if a < r else r for a, r in zip(bp, row, strict=True)]
                if not svert:
                    continue
                if small:
                    best = inf
                    arg = -1
                    for x in svert:
                        k = ys[x] - wu[x]
                        if k < best:
                            best = k
                            arg = x
                    best += yu
                else:
                    keys = list(map(sub, ys, wu))
                    best = min(keys)
                    arg = keys.index(best)
                    best += yu
                if best < half:
                    heappush(heap3, (best, self.seq, u, arg))
                    self.seq += 1
        self.bp = bp
        for v in leaves:
            ys[v] = y[v]
        min_ys = self.min_ys
        for v in new:
            if y[v] < min_ys:
                min_ys = y[v]
                self.arg_ys = v
        self.min_ys = min_ys
        svert.extend(new)

    def rescan(self, u: int) -> None:
        """Replace the stale ``heap3`` entry of the S vertex ``u`` (its partner joined its
        blossom): push its least key to the S vertices now outside its top blossom."""
        self.eng.stats["rescan"] += 1
        b = self.top[u]
        ys = self.ys
        wu = self.w[u]
        yu = self.y[u]
        inf = self.inf
        svert = self.svert
        if 3 * len(svert) < self.nactive:
            best = inf
            arg = -1
            for x in svert:
                if self.top[x] is not b:
                    k = ys[x] - wu[x]
                    if k < best:
                        best = k
                        arg = x
            best += yu
        else:
            keys = list(map(sub, ys, wu))
            for v in b.leaves:
                keys[v] = inf
            best = min(keys)
            arg = keys.index(best)
            best += yu
        if best < self.half:
            heappush(self.heap3, (best, self.seq, u, arg))
            self.seq += 1

    def make_s(self, b: Blossom, old: int) -> None:
        """Label the top-level blossom ``b`` (free or T before) S."""
        shift = self.D if old == _FREE else 2 * self.D
        leaves = b.leaves
        y = self.y
        yfree = self.yfree
        inf = self.inf
        for v in leaves:
            y[v] += shift
            yfree[v] = inf
        if b.childs:
            b.z -= 2 * shift
        b.label = _S
        self.labeled.append(b)
        self.add_s(b, [b])

    def make_t(self, b: Blossom, s: int, t: int) -> None:
        """Label the free top-level blossom ``b`` T, reached by the tight edge ``(s, t)``."""
        D = self.D
        y = self.y
        yfree = self.yfree
        inf = self.inf
        for v in b.leaves:
            y[v] -= D
            yfree[v] = inf
        if b.childs:
            b.z += 2 * D
            heappush(self.heap4, (b.z, self.seq, b))
            self.seq += 1
        b.label = _T
        b.tedge = (s, t)
        self.labeled.append(b)

    def tree_parent(self, b: Blossom) -> Blossom | None:
        """The S blossom two levels up the tree from the S blossom ``b`` (None at the root)."""
        m = self.mate[b.base]
        if m == -1:
            return None
        return self.top[self.top[m].tedge[0]]

    # ------------------------------------------------------------------ events

    def run(self) -> None:
        """Adjust the duals and process events until the stage ends with an augmentation."""
        half = self.half
        heap3 = self.heap3
        heap4 = self.heap4
        top = self.top
        stats = self.eng.stats
        while True:
            D = self.D
            delta = self.min_ys - D
            kind = 1
            while heap3 and top[heap3[0][2]] is top[heap3[0][3]]:
                self.rescan(heappop(heap3)[2])
            if heap3:
                twice = heap3[0][0] - 2 * D
                assert not twice & 1, "S-S slack must be even"
                if twice >> 1 < delta:
                    delta = twice >> 1
                    kind = 3
            free_slack = list(map(add, self.bp, self.yfree))
            fmin = min(free_slack)
            if fmin < half and fmin - D < delta:
                delta = fmin - D
                kind = 2
            while heap4 and (heap4[0][2].label != _T or heap4[0][2].parent is not None):
                heappop(heap4)
            if heap4 and (heap4[0][0] - 2 * D) >> 1 < delta:
                delta = (heap4[0][0] - 2 * D) >> 1
                kind = 4
            assert delta >= 0, "dual change must be non-negative"
            self.D = D + delta
            if kind == 1:
                stats["to_source"] += 1
                self.augment_path(self.arg_ys, -1)
                break
            if kind == 3:
                if self.s_s_edge(heap3[0][2], heap3[0][3]):
                    break
            elif kind == 2:
                v = free_slack.index(fmin)
                u = self.s_partner(v)
                bv = self.top[v]
                if self.mate[bv.base] == -1:
                    stats["augment"] += 1
                    self.augment_path(u, v)
                    if bv.childs:
                        self.eng._rotate(bv, v)
                    self.mate[v] = u
                    break
                stats["grow"] += 1
                self.make_t(bv, u, v)
                self.make_s(self.top[self.mate[bv.base]], _FREE)
            else:
                stats["expand"] += 1
                self.expand_t(heappop(heap4)[2])
        self.finish()

    def s_partner(self, v: int) -> int:
        """An S vertex ``u`` whose edge to the non-S vertex ``v`` attains ``bp[v]``."""
        target = self.bp[v]
        wv = self.w[v]
        svert = self.svert
        if 3 * len(svert) < self.nactive:
            y = self.y
            for u in svert:
                if y[u] - wv[u] == target:
                    return u
            raise AssertionError("no S vertex attains bp")
        return list(map(sub, self.ys, wv)).index(target)

    def s_s_edge(self, u: int, x: int) -> bool:
        """Handle the tight edge ``(u, x)`` between two S blossoms: form a blossom, or
        augment between two trees (then return True: the stage is over)."""
        top = self.top
        bu = top[u]
        bx = top[x]
        # Find the nearest common ancestor, walking up both paths alternately.
        self.eng.mark += 1
        mark = self.eng.mark
        walk: Blossom | None = bu
        other: Blossom | None = bx
        while True:
            if walk is not None:
                if walk.mark == mark:
                    break
                walk.mark = mark
                walk = self.tree_parent(walk)
            elif other is None:
                # Both walks reached their roots: two different trees, augment.
                self.eng.stats["augment"] += 1
                self.augment_path(u, x)
                self.augment_path(x, u)
                return True
            walk, other = other, walk
        self.eng.stats["blossom"] += 1
        self.add_blossom(walk, u, x)
        return False

    def add_blossom(self, bb: Blossom, u: int, x: int) -> None:
        """Form the S blossom closed by the tight edge ``(u, x)``, with base blossom ``bb``."""
        top = self.top
        mate = self.mate
        childs_u: list[Blossom] = []
        edges_u: list[tuple[int, int]] = []
        c = top[u]
        while c is not bb:
            if c.label == _S:
                p = mate[c.base]
                q = c.base
            else:
                p, q = c.tedge
            childs_u.append(c)
            edges_u.append((p, q))
            c = top[p]
        childs = [bb, *reversed(childs_u)]
        edges = [*reversed(edges_u), (u, x)]
        c = top[x]
        while c is not bb:
            if c.label == _S:
                p = mate[c.base]
                q = c.base
            else:
                p, q = c.tedge
            childs.append(c)
            edges.append((q, p))
            c = top[p]
        big = Blossom(bb.base, [])
        big.childs = childs
        big.edges = edges
        D2 = 2 * self.D
        y = self.y
        parts: list[Blossom] = []
        leaves = big.leaves
        for c in childs:
            c.parent = big
            if c.label == _T:
                for v in c.leaves:
                    y[v] += D2
                parts.append(c)
                if c.childs:
                    c.z -= D2
            elif c.childs:
                c.z += D2
            leaves.extend(c.leaves)
        for v in leaves:
            top[v] = big
        big.z = -D2
        big.label = _S
        self.labeled.append(big)
        self.add_s(big, parts)

    def expand_t(self, b: Blossom) -> None:
        """Expand the top-level T blossom ``b`` whose dual reached 0.

        The child through which ``b`` was reached and the children on the even-length path
        from it to the base child become T and S alternately; the other children are free.
        """
        s, t = b.tedge
        entry = self.eng.vertex_blossom[t]
        up = entry.parent
        while up is not b:
            assert up is not None
            entry = up
            up = entry.parent
        childs = b.childs
        edges = b.edges
        k = len(childs)
        j = childs.index(entry)
        D = self.D
        y = self.y
        yfree = self.yfree
        top = self.top
        for c in childs:
            c.parent = None
            for v in c.leaves:
                y[v] += D
                yfree[v] = y[v]
                top[v] = c
        b.label = _FREE
        self.eng._drop_vector(b)
        self.make_t(entry, s, t)
        s_childs: list[Blossom] = []
        if j & 1:
            for m in range(j + 1, k, 2):
                s_childs.append(childs[m])
                p, q = edges[m]
                self.make_t(childs[m + 1] if m + 1 < k else childs[0], p, q)
        else:
            for m in range(j - 1, 0, -2):
                s_childs.append(childs[m])
                p, q = edges[m - 1]
                self.make_t(childs[m - 1], q, p)
        for c in s_childs:
            self.make_s(c, _FREE)

    def augment_path(self, s: int, p: int) -> None:
        """Flip the tree path from the S vertex ``s`` to the root; ``s`` gets mate ``p``.

        With ``p == -1`` this leaves ``s`` exposed (its dual is 0) and matches the root.
        """
        top = self.top
        mate = self.mate
        rotate = self.eng._rotate
        while True:
            bs = top[s]
            t = mate[bs.base]
            if bs.childs:
                rotate(bs, s)
            mate[s] = p
            if t == -1:
                return
            bt = top[t]
            s, p = bt.tedge
            if bt.childs:
                rotate(bt, p)
            mate[p] = s

    def finish(self) -> None:
        """Turn the stored duals back into real ones and clear the labels.

        Top-level blossoms of the tree whose dual is 0 are expanded (recursively through
        children with dual 0), so blossoms only survive a stage with a positive dual.
        """
        D = self.D
        D2 = 2 * D
        y = self.y
        expand = self.eng._expand
        for b in self.labeled:
            if b.label == _FREE:
                continue
            if b.parent is None:
                if b.label == _S:
                    for v in b.leaves:
                        y[v] -= D
                    if b.childs:
                        b.z += D2
                else:
                    for v in b.leaves:
                        y[v] += D
                    if b.childs:
                        b.z -= D2
                if b.childs and not b.z:
                    expand(b, True)
            b.label = _FREE
