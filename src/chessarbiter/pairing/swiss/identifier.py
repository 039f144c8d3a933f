"""The first pairing of a bracket in the lexicographic order of its identifiers: Art. 3.6 of the
Double-Swiss system (C.04.5, 2026) and of the Swiss Team Pairing System (C.04.6, 2024 and
2026), whose texts are the same:

* 3.6.1 in each pair the smaller TPN is the *top member*;
* 3.6.2 a pairing is identified by its top members in ascending order followed by their
  bottom members;
* 3.6.3 the pairings are taken in the lexicographic order of their identifiers;
* 3.6.4 the first one that complies with the quality criteria is the pairing.

The systems differ only in what "complies" means (their criteria) and how a completion is
found, which each gives as ``feasible``; the walk itself is here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from chessarbiter.pairing.round_pairing import NoValidPairingError


class Numbered(Protocol):
    """A member of a bracket: a player or a team, by its tournament pairing number."""

    @property
    def tpn(self) -> int: ...


M = TypeVar("M", bound=Numbered)


def first_identifier(
    members: Sequence[M],
    compatible: Callable[[M, M], bool],
    feasible: Callable[[Callable[[M, M], bool]], bool],
    article: str,
) -> list[tuple[M, M]]:
    """C.04.5 / C.04.6 Art. 3.6: the pairing of ``members`` whose identifier comes first among
    those ``feasible`` accepts, built element by element without enumerating the pairings.

    ``feasible(allowed)`` says whether the members can be paired, using only the pairs
    ``allowed`` admits, as well as the criteria ask (e.g. with the least cost any legal
    pairing of the bracket reaches). The first half of the identifier is chosen first: each
    member in TPN order becomes a top member if a feasible pairing still exists, else a bottom
    member; then each top member, in ascending order, takes the smallest bottom member that
    keeps the rest feasible.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     tpn: int
    >>> members = [P(n) for n in (1, 2, 3, 4)]
    >>> [(a.tpn, b.tpn) for a, b in first_identifier(members, lambda a, b: True,
    ...     lambda allowed: True, "3.6")]
    [(1, 3), (2, 4)]
    >>> no_1_3 = lambda a, b: {a.tpn, b.tpn} != {1, 3}
    >>> def perfect(allowed):  # a brute force over the 3 pairings of 4 members
    ...     ways = [((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3))]
    ...     return any(all(allowed(P(a), P(b)) for a, b in w) for w in ways)
    >>> [(a.tpn, b.tpn) for a, b in first_identifier(members, no_1_3, perfect, "3.6")]
    [(1, 4), (2, 3)]

    :raises NoValidPairingError: naming ``article``, if no bottom member can be found (the
        caller's ``feasible`` accepted a pairing that its own ``allowed`` pairs do not make).
    """
    ordered = sorted(members, key=lambda m: m.tpn)
    tops: set[int] = set()
    bottoms: set[int] = set()
    fixed: dict[int, int] = {}

    def allowed(a: M, b: M) -> bool:
        low, high = (a, b) if a.tpn < b.tpn else (b, a)
        if low.tpn in bottoms or high.tpn in tops:
            return False
        for x, y in ((low, high), (high, low)):
            if x.tpn in fixed and fixed[x.tpn] != y.tpn:
                return False
        return compatible(a, b)

    half = len(ordered) // 2
    for m in ordered:  # the first half of the identifier: the top members
        if len(tops) == half:
            bottoms.add(m.tpn)
            continue
        tops.add(m.tpn)
        if not feasible(allowed):
            tops.discard(m.tpn)
            bottoms.add(m.tpn)
    by_tpn = {m.tpn: m for m in ordered}
    used: set[int] = set()
    pairs: list[tuple[M, M]] = []
    for top in sorted(tops):  # the second half: each top member's bottom member
        for candidate in sorted(bottoms - used):
            if candidate < top:
                continue
            fixed[top] = candidate
            fixed[candidate] = top
            if compatible(by_tpn[top], by_tpn[candidate]) and feasible(allowed):
                used.add(candidate)
                pairs.append((by_tpn[top], by_tpn[candidate]))
                break
            del fixed[top], fixed[candidate]
        else:
            raise NoValidPairingError(f"{article}: no bottom member for number {top}")
    return pairs
