"""The compiled matching kernel: :class:`NativeMatchingComputer`.

The compiled kernel is the product; :class:`~chessarbiter.pairing.matching.MatchingComputer`
(pure Python) is its reference. The C sources port :mod:`chessarbiter.pairing.matching.blossom`
and :class:`~chessarbiter.pairing.matching.MatchingComputer` step by step, tie-breaking
included, so that for every sequence of calls the kernel returns exactly the same matching as
the pure-Python one (``tests/pairing/matching/test_native.py`` checks that), only faster:
``_native_arith.c`` (weights and duals as fixed-width multi-limb integers sized from the widest
weight seen), ``_native_solver.c`` (the blossom solver and the incremental computer) and
``_native_binding.c`` (the Python type), with ``_native.h``.

``setup.py`` builds the extension where a C compiler works; elsewhere the pure-Python kernel is
used (and ``tests/pairing/matching/test_api.py`` fails on a machine with a compiler where the
extension is not built, unless ``CHESSARBITER_NO_NATIVE`` is set). Use :func:`available` (or
test ``NativeMatchingComputer is not None``)::

    from chessarbiter.pairing.matching.native import NativeMatchingComputer, available
    factory = NativeMatchingComputer if available() else MatchingComputer
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chessarbiter.pairing.matching.blossom import Blossom, BlossomEngine

__all__ = ["CompiledMatchingComputer", "NativeMatchingComputer", "available", "import_error"]


def _load() -> tuple[Any, str | None]:
    try:
        module = importlib.import_module("chessarbiter.pairing.matching._native")
    except ImportError as exc:
        return None, f"the compiled matching kernel is not built ({exc})"
    return module.MatchingComputer, None


_base, _error = _load()

if TYPE_CHECKING:

    class _Base:
        """The methods implemented in C (same contracts as :class:`MatchingComputer`)."""

        restart_divisor: int

        def __init__(self, size: int = 0, *, restart_divisor: int = 8) -> None: ...
        def __len__(self) -> int: ...
        def add_vertex(self) -> int: ...
        def set_edge_weight(self, u: int, v: int, weight: int) -> None: ...
        def set_row(self, u: int, weights: Sequence[int]) -> None: ...
        def freeze(self, u: int, v: int) -> bool: ...
        def warm_start(self, mates: Sequence[int], duals: Sequence[int]) -> None: ...
        def edge_weight(self, u: int, v: int) -> int: ...
        def compute_matching(self) -> None: ...
        def matching(self) -> list[int]: ...
        def matching_weight(self) -> int: ...
        @property
        def stats(self) -> dict[str, int]: ...
        def _row_vectors(self) -> dict[str, int]: ...
        def _export(
            self,
        ) -> tuple[
            list[int],
            list[int],
            list[int],
            list[int],
            dict[int, tuple[int, int, list[int], list[tuple[int, int]], list[int], int]],
            int,
            int,
        ]: ...

else:
    _Base = _base if _base is not None else object


class CompiledMatchingComputer(_Base):
    """:class:`~chessarbiter.pairing.matching.MatchingComputer` in C: same API, same results.

    Everything but :meth:`check_optimality` and :meth:`engine_state` runs in C.
    ``stats`` returns a snapshot of the event counters (not a live dict). The class is the
    type of the compiled computer; instantiate it through :data:`NativeMatchingComputer`,
    which is None when the extension is not built.
    """

    __slots__ = ()

    def engine_state(self) -> BlossomEngine:
        """A pure-Python :class:`BlossomEngine` holding a copy of the current solver state
        (weights, duals, matching, blossoms); meant for checks and tests, ``O(n^2)``."""
        y, mate, top, vertex_blossom, blossoms, _wbits, _limbs = self._export()
        n = len(self)
        engine = BlossomEngine(0)
        engine.n = n
        engine.w = [[self.edge_weight(u, v) << 1 for v in range(n)] for u in range(n)]
        engine.wmax = max((max(row) for row in engine.w), default=0)
        engine.y = y
        engine.mate = mate
        objects: dict[int, Blossom] = {}
        for key, (base, z, _childs, edges, leaves, _parent) in blossoms.items():
            b = Blossom(base, leaves)
            b.z = z
            b.edges = edges
            objects[key] = b
        for key, (_, _, childs, _, _, parent) in blossoms.items():
            b = objects[key]
            b.childs = [objects[c] for c in childs]
            b.parent = objects[parent] if parent >= 0 else None
        engine.top = [objects[t] for t in top]
        engine.vertex_blossom = [objects[b] for b in vertex_blossom]
        engine.stats = self.stats
        return engine

    def check_optimality(self) -> list[str]:
        """Verify the optimality certificate of the current state (see
        :meth:`BlossomEngine.check_optimality`); empty when the matching is proved optimal."""
        self.matching()  # raises RuntimeError when weights changed since the last compute
        return self.engine_state().check_optimality()


#: The compiled computer, or None when the extension is not built.
NativeMatchingComputer: type[CompiledMatchingComputer] | None = (
    CompiledMatchingComputer if _base is not None else None
)


def available() -> bool:
    """Whether the compiled kernel is built and importable."""
    return NativeMatchingComputer is not None


def import_error() -> str | None:
    """Why the compiled kernel is unavailable (None when it is available)."""
    return _error
