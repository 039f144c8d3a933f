"""The procedure shared by the Double-Swiss system (C.04.5, 2026) and the Swiss Team Pairing
System (C.04.6, 2024 and 2026), whose texts are the same in these articles; each system gives
only its own criteria:

* 2.3.1-2.3.2 [C4], [C5]: the fewest upfloaters, with the highest scores
  (:func:`upfloater_profiles`);
* 3.5.3-3.5.4: the sets of upfloaters, each by descending score then ascending TPN, in the
  lexicographic order of these TPN sequences (:func:`upfloater_sets`);
* 3.6: the first pairing of a bracket in the lexicographic order of its identifiers
  (:func:`first_identifier`):

  - 3.6.1 in each pair the smaller TPN is the *top member*;
  - 3.6.2 a pairing is identified by its top members in ascending order followed by their
    bottom members;
  - 3.6.3 the pairings are taken in the lexicographic order of their identifiers;
  - 3.6.4 the first one that complies with the quality criteria is the pairing;
* the board order recommended by C.04.2 (2026) Art. 3.6 (:func:`publication_order`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from typing import Protocol, TypeVar

from chessarbiter.pairing.round_pairing import NoValidPairingError


class Numbered(Protocol):
    """A member of a bracket: a player or a team, by its tournament pairing number."""

    @property
    def tpn(self) -> int: ...


class Scored(Numbered, Protocol):
    """A member with its score (the pairing score of the system)."""

    @property
    def score(self) -> Decimal: ...


M = TypeVar("M", bound=Numbered)
S = TypeVar("S", bound=Scored)


def score_levels(members: Sequence[S]) -> list[list[S]]:
    """``members`` grouped by score, highest first, each group by TPN: the lower scoregroups
    from which upfloaters are taken (3.5.1).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     tpn: int
    ...     score: Decimal
    >>> [[p.tpn for p in level] for level in score_levels([P(5, Decimal(0)), P(2, Decimal(1)),
    ...     P(3, Decimal(0))])]
    [[2], [3, 5]]
    """
    levels: list[list[S]] = []
    for m in sorted(members, key=lambda m: (-m.score, m.tpn)):
        if levels and levels[-1][0].score == m.score:
            levels[-1].append(m)
        else:
            levels.append([m])
    return levels


def upfloater_profiles(levels: Sequence[Sequence[S]], count: int) -> list[tuple[int, ...]]:
    """2.3.1 [C4] and 2.3.2 [C5]: the ways to take ``count`` upfloaters from the lower
    scoregroups ``levels`` (highest first, :func:`score_levels`), as the number taken from
    each, best first by [C5]: the upfloaters' scores, in ascending order, as high as possible
    (compared lexicographically).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     tpn: int
    ...     score: Decimal
    >>> a, b = [P(3, Decimal(1))] * 2, [P(4, Decimal(0))] * 2
    >>> upfloater_profiles([a, b], 2)
    [(2, 0), (1, 1), (0, 2)]
    """
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(levels):
            if left == 0:
                out.append(acc)
            return
        for c in range(min(left, len(levels[i])), -1, -1):
            walk(i + 1, left - c, (*acc, c))

    walk(0, count, ())

    def key(profile: tuple[int, ...]) -> tuple[Decimal, ...]:
        scores = [levels[i][0].score for i, c in enumerate(profile) for _ in range(c)]
        return tuple(sorted(scores))

    return sorted(out, key=key, reverse=True)


def upfloater_sets(levels: Sequence[Sequence[S]], profile: Sequence[int]) -> Iterator[list[S]]:
    """3.5.3-3.5.4: the sets of one profile (:func:`upfloater_profiles`), each by descending
    score then ascending TPN, the sets in the lexicographic order of these TPN sequences."""
    choices = [itertools.combinations(level, c) for level, c in zip(levels, profile, strict=True)]
    for combo in itertools.product(*choices):
        yield [m for part in combo for m in part]


def publication_order(pairs: Sequence[tuple[S, S]]) -> list[tuple[S, S]]:
    """C.04.2 (2026) Art. 3.6, recommended (C.04.5 and C.04.6 refer to it): pairs by the score
    of the higher-ranked member, then the sum of both scores, then the higher-ranked member's
    TPN (ranking: score, then TPN)."""

    def key(pair: tuple[S, S]) -> tuple[Decimal, Decimal, int]:
        a, b = pair
        high = a if (a.score, -a.tpn) > (b.score, -b.tpn) else b
        return (-high.score, -(a.score + b.score), high.tpn)

    return sorted(pairs, key=key)


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
