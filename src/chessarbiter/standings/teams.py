"""Team standings: the teams ranked by their primary score, then by team tie-breaks.

The primary score is one of :class:`~chessarbiter.model.teams.PrimaryScore` (match points,
game points, Nemlikher, 1/½/0); the tie-breaks are :mod:`chessarbiter.tiebreaks.teams`' (C.07
for teams, Team Competitions 1972), applied in order to the groups still tied (C.07 4.2); teams
tied on everything share a place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from chessarbiter.editions import TieBreakEdition
from chessarbiter.model.teams import (
    ZERO,
    PrimaryScore,
    TeamEvent,
    records,
    score_totals,
)
from chessarbiter.tiebreaks.teams import (
    ASCENDING,
    EDE_STEPS,
    TeamTieBreakSpec,
    TieBreakValue,
    extended_direct_encounter,
    parse,
    parse_list,
    tiebreak_values,
)


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """One line of the team standings: ``rank`` (first place of a shared place), ``shared``
    (``"3-5"`` or ``"3"``), the team, its primary score, MP, GP, won/drawn/lost matches and the
    tie-break values by name (EDE: the place inside the tied group it decided, 0 when it
    decided nothing)."""

    rank: int
    shared: str
    team: int
    name: str
    score: Decimal
    match_points: Decimal
    game_points: Decimal
    won: int
    drawn: int
    lost: int
    tiebreaks: dict[str, TieBreakValue]


def _sort_key(value: TieBreakValue, ascending: bool) -> tuple[Decimal, ...]:
    v = value if isinstance(value, tuple) else (value,)
    return v if ascending else tuple(-x for x in v)


def standings(
    event: TeamEvent,
    score: PrimaryScore | str = PrimaryScore.MP,
    tiebreaks: Sequence[TeamTieBreakSpec | str] | str = (),
    *,
    weights: Sequence[int | Decimal] | None = None,
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
) -> list[TeamStanding]:
    """The team standings by ``score`` (MP, GP, Nemlikher, MP-only), then by the tie-breaks in
    order, each applied to the groups still tied (C.07 4.2); places are shared at the end.
    ``edition`` (``2026``, ``2023``): the C.07 Art. 16 rules of BH, ESB and SSSC.

    >>> from chessarbiter.model.teams import BoardGame, DRAW, LOSS, TeamMatch, WIN
    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, LOSS))),
    ...       TeamMatch(1, 3, 4, (BoardGame(1, 31, 41, DRAW), BoardGame(2, 32, 42, DRAW)))]
    >>> rows = standings(TeamEvent(boards=2, matches=ms), "mp", "EDET,BC")
    >>> [(r.shared, r.team, str(r.tiebreaks["BC"])) for r in rows]
    [('1', 1, '1'), ('2-3', 3, '1.5'), ('2-3', 4, '1.5'), ('4', 2, '2')]
    """
    kind = PrimaryScore(score)
    if isinstance(tiebreaks, str):
        specs = parse_list(tiebreaks)
    else:
        specs = [parse(x) if isinstance(x, str) else x for x in tiebreaks]
    recs = records(event)
    totals, mp, gp = (
        score_totals(recs, kind),
        score_totals(recs, PrimaryScore.MP),
        score_totals(recs, PrimaryScore.GP),
    )
    columns: dict[str, dict[int, TieBreakValue]] = {}
    for spec in specs:
        if spec.acronym not in EDE_STEPS:
            columns[spec.name] = tiebreak_values(event, spec, kind, weights, edition)
        else:
            columns[spec.name] = dict.fromkeys(totals, ZERO)
    order = sorted(totals, key=lambda t: (-totals[t], t))
    groups: list[list[int]] = []
    for t in order:
        if groups and totals[groups[-1][0]] == totals[t]:
            groups[-1].append(t)
        else:
            groups.append([t])
    for spec in specs:
        ascending = (spec.acronym in ASCENDING) != spec.reverse
        new_groups: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                new_groups.append(g)
                continue
            if spec.acronym in EDE_STEPS:
                parts = extended_direct_encounter(
                    event, g, spec.acronym, kind, forfeits_played=spec.forfeits_played
                )
                if len(parts) > 1:
                    place = 1
                    for part in parts:
                        for t in part:
                            columns[spec.name][t] = Decimal(place)
                        place += len(part)
                new_groups.extend(parts)
                continue
            col = columns[spec.name]
            ranked = sorted(g, key=lambda t: (_sort_key(col[t], ascending), t))
            for t in ranked:
                if new_groups and new_groups[-1][0] in g and col[new_groups[-1][0]] == col[t]:
                    new_groups[-1].append(t)
                else:
                    new_groups.append([t])
        groups = new_groups
    rows: list[TeamStanding] = []
    place = 1
    for g in groups:
        shared = str(place) if len(g) == 1 else f"{place}-{place + len(g) - 1}"
        for t in sorted(g):
            rs = recs[t]
            rows.append(
                TeamStanding(
                    place,
                    shared,
                    t,
                    event.teams[t].name,
                    totals[t],
                    mp[t],
                    gp[t],
                    sum(r.outcome == "W" for r in rs),
                    sum(r.outcome == "D" for r in rs),
                    sum(r.outcome == "L" for r in rs),
                    {name: col[t] for name, col in columns.items()},
                )
            )
        place += len(g)
    return rows
