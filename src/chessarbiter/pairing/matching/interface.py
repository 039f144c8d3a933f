"""The interface of the matching kernel: what a pairing engine may call.

Both kernels implement it, the compiled one (:class:`~.native.CompiledMatchingComputer`, the
product) and the pure-Python one (:class:`~.computer.MatchingComputer`, its reference); a
pairing engine is given a :data:`MatcherFactory` and never names either. The contracts are
those of :class:`~.computer.MatchingComputer`: graphs and numbers only, nothing about chess.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeAlias


class Matcher(Protocol):
    """A maximum-weight matching of a complete graph whose edge weights change between
    computations (see :class:`~chessarbiter.pairing.matching.MatchingComputer`)."""

    def set_edge_weight(self, u: int, v: int, weight: int) -> None: ...

    def edge_weight(self, u: int, v: int) -> int: ...

    def freeze(self, u: int, v: int) -> bool: ...

    def set_row(self, u: int, weights: list[int]) -> None: ...

    def warm_start(self, mates: list[int], duals: list[int]) -> None: ...

    def compute_matching(self) -> None: ...

    def matching(self) -> list[int]: ...

    def __len__(self) -> int: ...


#: Makes a :class:`Matcher` of the given number of vertices.
MatcherFactory: TypeAlias = Callable[[int], Matcher]
