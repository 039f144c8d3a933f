"""Maximum-weight matching on general graphs (the kernel of the Swiss pairing engines).

Graphs and numbers only, nothing about chess.  :class:`MatchingComputer` keeps an optimal
matching of a complete weighted graph and repairs it incrementally after weight changes;
:func:`max_weight_matching` is the one-shot form.  The algorithm (a primal–dual Edmonds
blossom algorithm with exact integer duals, incremental in the style of bbpPairings'
``matching::Computer``) is described in :mod:`chessarbiter.pairing.matching.blossom`.
"""

from chessarbiter.pairing.matching.computer import MatchingComputer, max_weight_matching

__all__ = ["MatchingComputer", "max_weight_matching"]
