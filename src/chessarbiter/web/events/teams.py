"""Team events in the web application: teams and their lists, a team round robin paired by
the Berger tables (Team Competitions 1972: the first-named team plays white on the odd boards), and
the team standings with C.07 team tie-breaks. The rules are the library's
(:mod:`chessarbiter.pairing.teams.scheveningen`, :mod:`chessarbiter.model.teams`,
:mod:`chessarbiter.standings.teams`); the
games themselves are ordinary boards, entered on the usual results page."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Max
from django.utils.translation import gettext as _

from chessarbiter import limits
from chessarbiter.model import STANDARD, Colour, Result, RoundEntry
from chessarbiter.model import teams as lib
from chessarbiter.pairing.roundrobin import rounds_per_cycle
from chessarbiter.pairing.teams import lineups, pair_team_round
from chessarbiter.pairing.teams.scheveningen import team_round_robin_matches
from chessarbiter.pairing.teams.team_swiss import TeamSwissSystem
from chessarbiter.pairing.teams.three_in_two import TEAM_LETTERS
from chessarbiter.standings import teams as team_standings

from . import models as m
from . import tables
from .services import (
    ServiceError,
    User,
    acting_user,
    atomic,
    audit,
    bracket_played,
    check_stored_event,
    locked_event,
)


def _points(code: str) -> Decimal:
    """A player's game points for a stored result code (a win, a forfeit win: 1; a draw: ½;
    else 0), by the library's standard point system."""
    return STANDARD.points(RoundEntry(1, Colour.WHITE, Result(code)))


@atomic
def add_team(event: m.Event, user: User, name: str) -> m.Team:
    event = locked_event(event)
    if event.round_set.exists():
        raise ServiceError(_("Teams cannot be added once round 1 is paired."))
    if event.on_bracket() and bracket_played(event):
        raise ServiceError(_("Teams cannot be added once a match of the cup is played."))
    name = name.strip()
    if not 1 <= len(name) <= limits.MAX_NAME:
        raise ServiceError(_("A team's name has 1 to %(n)d characters.") % {"n": limits.MAX_NAME})
    number = (event.teams.aggregate(n=Max("number"))["n"] or 0) + 1
    limits.check_count("teams", number, limits.MAX_TEAMS)
    team = m.Team.objects.create(event=event, number=number, name=name)
    check_stored_event(event)
    audit(event, user, "team.add", _("Team registered: %(t)s") % {"t": str(team)})
    return team


def roster(team: m.Team) -> list[m.Player]:
    """The team's players in board order (main players first, then reserves)."""
    return list(team.players.order_by("team_order", "number"))


def next_order(team: m.Team) -> int:
    return (team.players.aggregate(n=Max("team_order"))["n"] or 0) + 1


@atomic
def pair_round(event: m.Event, user: User) -> m.Round:
    """Team Competitions 1972, team round robin: the next round's matches by the Berger tables for
    teams (a team Swiss: by its system, on the event's team score); the boards of each match by
    :func:`chessarbiter.model.teams.match_boards` (board k: the k-th player of each list, the
    home team White on the odd boards; an empty board a forfeit won by the player present)."""
    event = locked_event(event)
    teams = list(event.teams.order_by("number"))
    if len(teams) < 2:
        raise ServiceError(_("Register at least two teams first."))
    if event.system != m.Event.System.TEAM_SWISS and len(teams) > len(TEAM_LETTERS):
        # the Berger tables for teams name the teams by letter
        raise ServiceError(_("At most %(n)d teams.") % {"n": len(TEAM_LETTERS)})
    rounds = list(event.round_set.all())
    number = len(rounds) + 1
    if event.system == m.Event.System.TEAM_SWISS:
        if number > event.rounds:
            raise ServiceError(_("All %(n)d rounds are paired.") % {"n": event.rounds})
    elif number > rounds_per_cycle(len(teams)):
        raise ServiceError(_("Every team has met every other."))
    if rounds and m.Board.objects.filter(round=rounds[-1], result="").exclude(black=None).exists():
        raise ServiceError(_("Round %(n)d has games without a result.") % {"n": rounds[-1].number})
    boards = event.boards_per_team
    absent = set(
        m.ByeRequest.objects.filter(player__event=event, round=number).values_list(
            "player_id", flat=True
        )
    )
    regime = lineups.ReserveRegime(event.reserve_regime)
    lists: dict[int, list[m.Player | None]] = {}
    for t in teams:
        players = roster(t)
        if len(players) < boards:
            raise ServiceError(
                _("Fewer players than boards (%(b)d): %(teams)s") % {"b": boards, "teams": str(t)}
            )
        by_id = {p.pk: p for p in players}
        team_roster = lineups.Roster(
            t.name,
            main=tuple(p.pk for p in players[:boards]),
            reserves=tuple(p.pk for p in players[boards:]),
        )
        present = {p.pk for p in players if p.pk not in absent and p.withdrawn_from_round is None}
        if len(present) < lineups.minimum_present(boards):
            raise ServiceError(
                _(
                    "%(team)s has %(n)d players present, fewer than two thirds of %(b)d boards "
                    "(Team Competitions 1972: the team is withdrawn)."
                )
                % {"team": str(t), "n": len(present), "b": boards}
            )
        lists[t.number] = [
            by_id[x] if isinstance(x, int) else None
            for x in lineups.lineup(team_roster, present, regime)
        ]
    by_number = {t.number: t for t in teams}
    matches: list[tuple[m.Team, m.Team | None]]
    bye_points: tuple[Decimal | None, Decimal | None] = (None, None)
    if event.system == m.Event.System.TEAM_SWISS:
        result = pair_team_round(
            team_event(event),
            TeamSwissSystem(event.team_pairing),
            event.rounds,
            primary=lib.PrimaryScore(event.team_score),
            initial_colour=Colour.WHITE if event.initial_colour == "white" else Colour.BLACK,
        )
        matches = [(by_number[b.white], by_number[b.black]) for b in result.matches]
        if result.bye is not None:
            matches.append((by_number[result.bye], None))
            bye_points = (result.bye_match_points, result.bye_game_points)
    else:
        by_letter = {TEAM_LETTERS[i]: t for i, t in enumerate(teams)}
        matches = [
            (by_letter[h], by_letter[a] if a is not None else None)
            for h, a in team_round_robin_matches(len(teams))[number - 1]
        ]
    rnd = m.Round.objects.create(event=event, number=number, paired_by=acting_user(user))
    board_no = 0
    for i, (home, away) in enumerate(matches, start=1):
        tp = m.TeamPairing.objects.create(
            round=rnd,
            number=i,
            home=home,
            away=away,
            bye_match_points=bye_points[0] if away is None else None,
            bye_game_points=bye_points[1] if away is None else None,
        )
        if away is None:
            continue
        for board in lib.match_boards(lists[home.number][:boards], lists[away.number][:boards]):
            board_no += 1
            m.Board.objects.create(
                round=rnd,
                number=board_no,
                white=board.white,
                black=board.black,
                result="+" if board.forfeit else "",
                team_pairing=tp,
                team_board=board.board,
            )
    check_stored_event(event)
    audit(event, user, "round.pair", _("Round %(n)d paired") % {"n": number}, round=number)
    return rnd


def team_event(event: m.Event) -> lib.TeamEvent:
    """The event as the team tie-break library sees it (completed boards only)."""
    entries = {
        t.number: lib.TeamEntry(t.number, t.name, tuple(p.number for p in roster(t)))
        for t in event.teams.all()
    }
    matches: list[lib.TeamMatch] = []
    rounds = 0
    pairings = m.TeamPairing.objects.filter(round__event=event).select_related(
        "round", "home", "away"
    )
    for tp in pairings:
        if tp.away is None:
            if tp.bye_match_points is not None:  # a team Swiss PAB (C.04.6 1.4), a team bye
                matches.append(
                    lib.TeamMatch(
                        tp.round.number,
                        tp.home.number,
                        None,
                        points_a=tp.bye_game_points,
                        kind=lib.MatchKind(tp.kind) if tp.kind else lib.MatchKind.PAB,
                        match_points_a=tp.bye_match_points,
                    )
                )
            continue
        if tp.kind in (lib.MatchKind.FORFEIT.value, lib.MatchKind.DOUBLE_FORFEIT.value):
            # a match not played: the home team won it on every board (or nobody did)
            won = tp.kind == lib.MatchKind.FORFEIT.value
            matches.append(
                lib.forfeited_match(
                    tp.round.number,
                    tp.home.number,
                    tp.away.number,
                    event.boards_per_team,
                    tp.home.number if won else None,
                )
            )
            continue
        games = []
        complete = True
        for b in tp.boards.select_related("white", "black").order_by("team_board"):
            if b.black is None:  # an empty board: the player present won by forfeit
                home_has_it = b.white.team_id == tp.home_id
                games.append(lib.empty_board_game(b.team_board or 0, b.white.number, home_has_it))
                continue
            if not b.result:
                complete = False
                break
            home_white = b.white.team_id == tp.home_id
            white_points = _points(b.result)
            black_points = _points(b.black_result) if b.black_result else Decimal(1) - white_points
            a_points, b_points = (
                (white_points, black_points) if home_white else (black_points, white_points)
            )
            home_player = b.white if home_white else b.black
            away_player = b.black if home_white else b.white
            games.append(
                lib.BoardGame(
                    b.team_board or 0,
                    home_player.number,
                    away_player.number,
                    a_points,
                    b_points,
                    forfeit=b.result in "+-",
                )
            )
        if complete and games:
            matches.append(
                lib.TeamMatch(tp.round.number, tp.home.number, tp.away.number, tuple(games))
            )
            rounds = max(rounds, tp.round.number)
    return lib.TeamEvent(
        boards=event.boards_per_team,
        matches=matches,
        teams=entries,
        rounds=rounds,
        name=event.name,
        player_names={p.number: p.name for p in event.players.all()},
    )


@dataclass(frozen=True)
class TeamRow:
    place: str
    number: int
    name: str
    score: Decimal
    match_points: Decimal
    game_points: Decimal
    won: int
    drawn: int
    lost: int
    tiebreaks: list[Any]


def standings(event: m.Event) -> tuple[list[str], list[TeamRow]]:
    """The team standings by the event's team score and tie-breaks (C.07), computed once per
    event version (before any match is complete, every team's score and tie-breaks are 0)."""
    names = [s.strip() for s in event.team_tiebreaks.split(",") if s.strip()]

    def compute() -> tuple[list[str], list[TeamRow]]:
        teams = team_event(event)
        rows = team_standings.standings(teams, event.team_score, names)
        return names, [
            TeamRow(
                r.shared,
                r.team,
                r.name,
                r.score,
                r.match_points,
                r.game_points,
                r.won,
                r.drawn,
                r.lost,
                [r.tiebreaks.get(n) for n in names],
            )
            for r in rows
        ]

    result: tuple[list[str], list[TeamRow]] = tables.cached(event, "team-standings", compute)
    return result
