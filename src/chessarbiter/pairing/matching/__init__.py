"""Maximum-weight matching on general graphs (the kernel of the Swiss pairing engines).

Graphs and numbers only, nothing about chess.  :class:`MatchingComputer` keeps an optimal
matching of a complete weighted graph and repairs it incrementally after weight changes;
:func:`max_weight_matching` is the one-shot form.  The algorithm (a primal–dual Edmonds
blossom algorithm with exact integer duals, incremental in the style of bbpPairings'
``matching::Computer``) is described in :mod:`chessarbiter.pairing.matching.blossom`.
"""

from chessarbiter.pairing.matching.computer import MatchingComputer, max_weight_matching
from chessarbiter.pairing.matching.native import NativeMatchingComputer, _NativeMatchingComputer


def default_computer(size: int = 0) -> MatchingComputer | _NativeMatchingComputer:
    """A matching computer of ``size`` vertices: the compiled kernel when it was built (same
    results, 10-20 times faster), else the pure-Python one. ``CHESSARBITER_PURE_PYTHON=1`` in
    the environment forces the pure-Python kernel."""
    import os

    if NativeMatchingComputer is not None and not os.environ.get("CHESSARBITER_PURE_PYTHON"):
        return NativeMatchingComputer(size)
    return MatchingComputer(size)


__all__ = ["MatchingComputer", "NativeMatchingComputer", "default_computer", "max_weight_matching"]
