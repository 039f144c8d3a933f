"""Team Swiss: what both team Swiss systems share -- the systems' names, the pairing of a
round as published (:class:`TeamRoundPairing`), a team's board-1 colours and the rounds already
paired (C.04.6 1.6.1, GHR 3.2-3.5), and the primary scores each system can pair on
(:func:`pairing_score_problem`).

The systems themselves: :mod:`chessarbiter.pairing.teams.dutch_mp` (the Dutch system on match
points) and :mod:`chessarbiter.pairing.teams.c0406` (C.04.6, the FIDE Swiss Team Pairing
System); :func:`chessarbiter.pairing.teams.pair_team_round` pairs by either.

A team's colour in a match is the colour of its board-1 player (C.04.6 1.6.1); the first team
of a pairing has White on board 1 and on the odd boards
(:func:`chessarbiter.model.teams.same_colour_as_board1`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from chessarbiter.model import Colour, Tournament
from chessarbiter.model.teams import MatchKind, MatchScoring, PrimaryScore, TeamEvent, TeamMatch

ZERO = Decimal(0)

#: Match kinds that show a round was paired (a match, a forfeited match, the PAB).
PAIRED_KINDS = frozenset(
    {MatchKind.PLAYED, MatchKind.FORFEIT, MatchKind.DOUBLE_FORFEIT, MatchKind.PAB}
)
#: Requested byes: the team is not paired in that round (GHR 3.3).
REQUESTED_BYES = frozenset({MatchKind.FULL_BYE, MatchKind.HALF_BYE, MatchKind.ZERO_BYE})


class TeamSwissSystem(enum.Enum):
    """The pairing system of a team Swiss."""

    DUTCH_MP = "dutch-mp"
    C0406 = "c0406"


def pairing_score_problem(
    system: TeamSwissSystem, primary: PrimaryScore, scoring: MatchScoring | None = None
) -> str | None:
    """Why a team Swiss by ``system`` cannot be paired on the primary score ``primary`` (with
    the match points ``scoring``, default 2/1/0), or None when it can.

    C.04.6 1.2.1: the primary score is match points or game points (the other one is the
    secondary score). The 1/½/0 score of Team Competitions 1972 is match points worth 1, ½ and
    0, so C.04.6 pairs on it; the Nemlikher score (game points plus 2 per won and 1 per drawn
    match) is neither, and no team Swiss pairs on it. The Dutch system on match points pairs on
    the event's match points: on MP, and on 1/½/0 only when the match points are 2/1/0 or a
    multiple (every score then in the same proportion, no comparison of C.04.3 changes).

    >>> pairing_score_problem(TeamSwissSystem.C0406, PrimaryScore.MP1) is None
    True
    >>> pairing_score_problem(TeamSwissSystem.C0406, PrimaryScore.NEMLIKHER)  # doctest: +ELLIPSIS
    'C.04.6 1.2.1: a team Swiss pairs on match points or game points, not on the Nemlikher ...'
    """
    if primary is PrimaryScore.NEMLIKHER:
        return (
            "C.04.6 1.2.1: a team Swiss pairs on match points or game points, not on the "
            "Nemlikher score (game points plus a bonus per won or drawn match, Team "
            "Competitions 1972); choose match points or game points as the team score"
        )
    if system is TeamSwissSystem.C0406:
        return None
    if primary is PrimaryScore.GP:
        return "the Dutch system on match points pairs on match points, not on game points"
    s = scoring or MatchScoring()
    if primary is PrimaryScore.MP1 and (s.loss != ZERO or s.win != 2 * s.draw):
        return (
            f"the Dutch system on match points pairs on the event's match points "
            f"({s.win}/{s.draw}/{s.loss}), which do not rank as 1/½/0"
        )
    return None


# -- results -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One match of the pairing: ``white`` has White on board 1 (and the odd boards),
    ``black`` the other team. ``rule`` names the article that decided the colours (C.04.6
    only)."""

    number: int
    white: int
    black: int
    rule: str = ""


@dataclass(frozen=True)
class TeamRoundPairing:
    """The team pairing of one round: matches in publication order, the team with the
    pairing-allocated bye (and what the bye is worth) if any."""

    round: int
    system: TeamSwissSystem
    matches: tuple[TeamBoard, ...]
    bye: int | None = None
    bye_match_points: Decimal | None = None
    bye_game_points: Decimal | None = None
    notes: tuple[str, ...] = field(default=(), compare=False)

    def as_json(self, names: Mapping[int, str] | None = None) -> dict[str, Any]:
        """A JSON-ready dictionary.

        >>> TeamRoundPairing(2, TeamSwissSystem.C0406, (TeamBoard(1, 3, 1, "4.3.5"),)).as_json()
        ... # doctest: +ELLIPSIS
        {'round': 2, 'system': 'c0406', 'matches': [{'match': 1, 'white': 3, 'black': 1, ...
        """
        names = names or {}
        out: dict[str, Any] = {
            "round": self.round,
            "system": self.system.value,
            "matches": [
                {
                    "match": m.number,
                    "white": m.white,
                    "black": m.black,
                    "white_name": names.get(m.white, ""),
                    "black_name": names.get(m.black, ""),
                    "colour_rule": m.rule,
                }
                for m in self.matches
            ],
            "bye": self.bye,
        }
        if self.bye is not None:
            out["bye_name"] = names.get(self.bye, "")
            if self.bye_match_points is not None:
                out["bye_match_points"] = float(self.bye_match_points)
            if self.bye_game_points is not None:
                out["bye_game_points"] = float(self.bye_game_points)
        return out


# -- history common to both systems --------------------------------------------------------------


def paired_rounds(event: TeamEvent) -> int:
    """The last round that was paired: some team had a match, a forfeited match or the PAB.

    >>> paired_rounds(TeamEvent(boards=2, matches=[TeamMatch(1, 1, 2, points_a=ZERO,
    ...     points_b=Decimal(2), kind=MatchKind.FORFEIT)]))
    1
    """
    return max((m.round for m in event.matches if m.kind in PAIRED_KINDS), default=0)


def board1_colours(tournament: Tournament, event: TeamEvent) -> dict[tuple[int, int], Colour]:
    """C.04.6 1.6.1: the colour each team had in each played match -- the colour the player
    on board 1 was scheduled to play with -- keyed by (round, team), from the players'
    round entries of the tournament the event was read from. Matches whose board 1 names no
    player with a colour are left out (the caller's convention then applies)."""
    out: dict[tuple[int, int], Colour] = {}
    for m in event.matches:
        if m.team_b is None or m.kind is not MatchKind.PLAYED:
            continue
        for board in m.boards:
            if board.board != 1:
                continue
            sides = ((board.player_a, m.team_a, m.team_b), (board.player_b, m.team_b, m.team_a))
            for number, team, other in sides:
                if number is None or number not in tournament.players:
                    continue
                colour = tournament.player(number).entry(m.round).colour
                if colour is not Colour.NONE:
                    out[(m.round, team)] = colour
                    out[(m.round, other)] = colour.opposite
                    break
    return out


def board1_colour(
    m: TeamMatch, team: int, colours: Mapping[tuple[int, int], Colour] | None
) -> Colour:
    """The board-1 colour of ``team`` in match ``m``: from ``colours`` when given, otherwise
    the convention that the first-named team (``team_a``) had White on board 1."""
    if colours is not None and (m.round, team) in colours:
        return colours[(m.round, team)]
    return Colour.WHITE if team == m.team_a else Colour.BLACK


def excused(event: TeamEvent, round_number: int, absent: Iterable[int]) -> set[int]:
    """Teams not paired in ``round_number``: requested byes recorded for it, and ``absent``
    (GHR 3.2-3.3)."""
    out = set(absent)
    out.update(
        m.team_a for m in event.matches if m.round == round_number and m.kind in REQUESTED_BYES
    )
    return out
