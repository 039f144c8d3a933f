"""C.07 Art. 6: Direct Encounter (DE, type A): the games among the tied players.

DE is computed for the whole table at once, after the tie-breaks listed before it: the players
tied on points and on every earlier tie-break form the groups it separates (C.07 4.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from chessarbiter.model import PlayerId
from chessarbiter.tiebreaks.registry import Modifier, register_column
from chessarbiter.tiebreaks.unplayed import FORFEIT_LOSS, FORFEIT_WIN, ZERO

if TYPE_CHECKING:
    from chessarbiter.tiebreaks.context import Context
    from chessarbiter.tiebreaks.spec import TieBreakSpec


@register_column(
    "DE", "C.07 6", "Direct Encounter", modifiers=(Modifier.FORFEITS_PLAYED,), ascending=True
)
def direct_encounter_column(
    ctx: Context,
    spec: TieBreakSpec,
    before: Sequence[TieBreakSpec],
    table: dict[PlayerId, dict[str, Decimal]],
) -> None:
    """C.07 6 (2023, 2026; no edition differs), for the players tied on points and on
    every tie-break ``before`` it (C.07 4.2): the rank inside the tied group (1 best, equal for
    players DE cannot separate), 0 for a player not tied or a group DE does not separate at
    all — as TieBreakServer reports it. Sets the column ``spec.name`` of ``table``.

    6.1.1: forfeits are left out, unless ``/P`` (the regulations include them) or in a round
    robin, which counts them as played (15.2); 6.1.2: players who met more than once count the
    average of those games.
    """
    facts = ctx.facts
    games: dict[tuple[PlayerId, PlayerId], list[Decimal]] = {}
    for p in ctx.tournament:
        for r in facts.by_player[p.number]:
            forfeit = r.category in (FORFEIT_WIN, FORFEIT_LOSS)
            played = facts.counts_as_played(r) or (spec.forfeits_played and forfeit)
            if played and r.opponent is not None:
                games.setdefault((p.number, r.opponent), []).append(r.points)
    results = {k: sum(v, ZERO) / len(v) for k, v in games.items()}  # 6.1.2
    groups: dict[tuple[Decimal, ...], list[PlayerId]] = {}
    for p in ctx.tournament:
        key = (facts.score[p.number], *(table[p.number][s.name] for s in before))
        groups.setdefault(key, []).append(p.number)
    for group in groups.values():
        ranks = direct_encounter(group, results, facts.win) if len(group) > 1 else {}
        separated = len(set(ranks.values())) > 1
        for n in group:
            table[n][spec.name] = Decimal(ranks[n]) if separated else ZERO


def direct_encounter(
    group: list[PlayerId], results: dict[tuple[PlayerId, PlayerId], Decimal], win: Decimal
) -> dict[PlayerId, int]:
    """C.07 Art. 6: the rank of each player of a tied ``group`` by their games among
    themselves; ``results[a, b]`` is a's average score in the games a played against b
    (6.1.2; absent when they did not meet). Players DE cannot separate share a rank.

    6.2: when everyone met everyone, by the points of those games, and again inside each
    sub-tie. 6.3 (not everyone met): a player is first only if alone on top whatever the
    missing games' results — his known points beat every other player's known points plus a
    win for each game that player still lacks — then second the same way among the others,
    and so on; the rest are ranked again among themselves.

    >>> r = {(1, 2): Decimal(1), (2, 1): Decimal(0)}
    >>> direct_encounter([1, 2], r, Decimal(1))
    {1: 1, 2: 2}
    >>> direct_encounter([1, 2, 3], r, Decimal(1))  # 3 met nobody: 1 is not surely first
    {1: 1, 2: 1, 3: 1}
    """
    ranks: dict[PlayerId, int] = {}
    _rank_group(list(group), results, win, 1, ranks)
    return ranks


def _rank_group(
    group: list[PlayerId],
    results: dict[tuple[PlayerId, PlayerId], Decimal],
    win: Decimal,
    first: int,
    ranks: dict[PlayerId, int],
) -> None:
    if len(group) == 1:
        ranks[group[0]] = first
        return
    known = {a: sum((results.get((a, b), ZERO) for b in group if b != a), ZERO) for a in group}
    missing = {a: sum(1 for b in group if b != a and (a, b) not in results) for a in group}
    if not any(missing.values()):  # 6.2
        levels = sorted(set(known.values()), reverse=True)
        if len(levels) == 1:
            for a in group:
                ranks[a] = first
            return
        place = first
        for level in levels:
            tied = [a for a in group if known[a] == level]
            _rank_group(tied, results, win, place, ranks)
            place += len(tied)
        return
    rest = list(group)  # 6.3
    place = first
    while len(rest) > 1:
        top = [
            a
            for a in rest
            if all(
                known_in(a, rest, results) > best_in(b, rest, results, win) for b in rest if b != a
            )
        ]
        if not top:
            break
        ranks[top[0]] = place
        place += 1
        rest.remove(top[0])
    if len(rest) == 1:
        ranks[rest[0]] = place
    elif rest:
        if len(rest) == len(group):
            for a in rest:
                ranks[a] = first
        else:
            _rank_group(rest, results, win, place, ranks)


def known_in(
    a: PlayerId, group: list[PlayerId], results: dict[tuple[PlayerId, PlayerId], Decimal]
) -> Decimal:
    """a's points in the games played against the other players of ``group``."""
    return sum((results.get((a, b), ZERO) for b in group if b != a), ZERO)


def best_in(
    a: PlayerId,
    group: list[PlayerId],
    results: dict[tuple[PlayerId, PlayerId], Decimal],
    win: Decimal,
) -> Decimal:
    """a's points against the others of ``group`` if a won every game not played."""
    return sum((results.get((a, b), win) for b in group if b != a), ZERO)
