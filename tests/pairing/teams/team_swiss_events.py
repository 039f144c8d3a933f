"""Team events for the team Swiss tests: played matches, PABs and forfeits, built briefly."""

from __future__ import annotations

from decimal import Decimal

from chessarbiter.model.teams import MatchKind, TeamEntry, TeamEvent, TeamMatch

D = Decimal


def played(rnd: int, white: int, black: int, gp_white: str, boards: int = 4) -> TeamMatch:
    """A played match; the first-named team had White on board 1."""
    gp = D(gp_white)
    return TeamMatch(rnd, white, black, points_a=gp, points_b=D(boards) - gp)


def pab(rnd: int, team: int) -> TeamMatch:
    return TeamMatch(rnd, team, None, points_a=D(2), kind=MatchKind.PAB, match_points_a=D(1))


def forfeit(rnd: int, winner: int, loser: int) -> TeamMatch:
    return TeamMatch(rnd, winner, loser, points_a=D(4), points_b=D(0), kind=MatchKind.FORFEIT)


def event_of(teams: int, matches: list[TeamMatch], boards: int = 4) -> TeamEvent:
    event = TeamEvent(boards=boards, matches=matches)
    for n in range(1, teams + 1):
        event.teams.setdefault(n, TeamEntry(n, f"Team {n}"))
    return event
