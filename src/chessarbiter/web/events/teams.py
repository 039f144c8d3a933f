"""Team events in the web application: teams and their lists, a team round robin paired by
the Berger tables (Team Competitions 1972: the first-named team plays white on the odd boards), and
the team standings with C.07 team tie-breaks. The rules are the library's
(:mod:`chessarbiter.pairing.teams.scheveningen`, :mod:`chessarbiter.model.teams`,
:mod:`chessarbiter.standings.teams`); the
games themselves are ordinary boards, entered on the usual results page."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Max, Q
from django.utils.translation import gettext as _

from chessarbiter import limits
from chessarbiter.formatting import format_points
from chessarbiter.model import STANDARD, Colour, Result, RoundEntry
from chessarbiter.model import teams as lib
from chessarbiter.pairing.roundrobin import rounds_per_cycle
from chessarbiter.pairing.teams import lineups, pair_team_round
from chessarbiter.pairing.teams.scheveningen import team_round_robin_matches
from chessarbiter.pairing.teams.team_swiss import TeamSwissSystem
from chessarbiter.pairing.teams.three_in_two import TEAM_LETTERS
from chessarbiter.standings import teams as team_standings

from . import models as m
from . import store, tables
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


def _board_games(tp: m.TeamPairing, boards: Iterable[m.Board]) -> tuple[list[lib.BoardGame], bool]:
    """The boards of match ``tp`` that have a result, as the library's board games from the
    home team's side (an empty board: the player present won by forfeit,
    :func:`chessarbiter.model.teams.empty_board_game`), and whether every board has one."""
    games = []
    complete = True
    for b in boards:
        if b.black is None:  # an empty board: the player present won by forfeit
            home_has_it = b.white.team_id == tp.home_id
            games.append(lib.empty_board_game(b.team_board or 0, b.white.number, home_has_it))
            continue
        if not b.result:
            complete = False
            continue
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
    return games, complete


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
        games, complete = _board_games(
            tp, tp.boards.select_related("white", "black").order_by("team_board")
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


def match_score(points: tuple[Decimal, Decimal]) -> str:
    """A match's score as the pages write it, each side's game points as the library formats
    points (:func:`chessarbiter.formatting.format_points`): ``1½:½``."""
    return f"{format_points(points[0])}:{format_points(points[1])}"


@dataclass(frozen=True)
class EmptyBoard:
    """A board of a match with nobody for one team: the player present wins by forfeit."""

    board: int
    player: int
    name: str
    empty_side: str


@dataclass(frozen=True)
class MatchGroup:
    """A match of a team round as the round page shows it: the teams (``away`` ``None``: the
    team has the bye), the score so far (the library's team scoring of the boards with a
    result: :class:`chessarbiter.model.teams.TeamMatch`; ``0:0`` before any), its boards, the
    empty boards, and how a match not played over the boards went (``kind``)."""

    number: int
    home: m.Team
    away: m.Team | None
    score: str
    complete: bool
    boards: list[tables.BoardLine]
    empty: list[EmptyBoard]
    kind: str = ""
    bye_match_points: Decimal | None = None
    bye_game_points: Decimal | None = None

    @property
    def bye_mp(self) -> str:
        """The bye's match points as the pages write points."""
        return format_points(self.bye_match_points or Decimal(0))

    @property
    def bye_gp(self) -> str:
        """The bye's game points as the pages write points."""
        return format_points(self.bye_game_points or Decimal(0))


def round_matches(event: m.Event, number: int, lines: list[tables.BoardLine]) -> list[MatchGroup]:
    """Round ``number`` of a team event match by match (the round's board lines ``lines``
    grouped under their match, board order), with each match's score from the library's team
    scoring: the game points of the boards with a result (Team Competitions 1972: the match
    score is the sum of its board points), a forfeited match's by
    :func:`chessarbiter.model.teams.forfeited_match`. Boards of no match (none in a paired team
    round) are left out: the caller shows them apart."""
    pairings = list(
        m.TeamPairing.objects.filter(round__event=event, round__number=number)
        .select_related("home", "away")
        .order_by("number")
    )
    boards: dict[int, list[m.Board]] = {}
    for b in (
        m.Board.objects.filter(round__event=event, round__number=number)
        .exclude(team_pairing=None)
        .select_related("white", "black")
        .order_by("team_board", "number")
    ):
        boards.setdefault(b.team_pairing_id or 0, []).append(b)
    by_board = {line.board_id: line for line in lines}
    groups: list[MatchGroup] = []
    for tp in pairings:
        mine = boards.get(tp.pk, [])
        if tp.away is None:
            groups.append(
                MatchGroup(
                    tp.number,
                    tp.home,
                    None,
                    "",
                    True,
                    [],
                    [],
                    tp.kind,
                    tp.bye_match_points,
                    tp.bye_game_points,
                )
            )
            continue
        if tp.kind in (lib.MatchKind.FORFEIT.value, lib.MatchKind.DOUBLE_FORFEIT.value):
            won = tp.kind == lib.MatchKind.FORFEIT.value
            forfeited = lib.forfeited_match(
                number,
                tp.home.number,
                tp.away.number,
                event.boards_per_team,
                tp.home.number if won else None,
            )
            score = match_score((forfeited.game_points_a, forfeited.game_points_b))
            groups.append(MatchGroup(tp.number, tp.home, tp.away, score, True, [], [], tp.kind))
            continue
        games, complete = _board_games(tp, mine)
        played = lib.TeamMatch(number, tp.home.number, tp.away.number, tuple(games))
        score = match_score((played.game_points_a, played.game_points_b))
        empty = [
            EmptyBoard(
                b.team_board or 0,
                b.white.number,
                b.white.name,
                tp.away.name if b.white.team_id == tp.home_id else tp.home.name,
            )
            for b in mine
            if b.black_id is None
        ]
        groups.append(
            MatchGroup(
                tp.number,
                tp.home,
                tp.away,
                score,
                complete,
                [by_board[b.pk] for b in mine if b.pk in by_board],
                empty,
                tp.kind,
            )
        )
    return groups


def round_groups(
    event: m.Event, number: int, lines: list[tables.BoardLine]
) -> tuple[list[MatchGroup] | None, list[tables.BoardLine]]:
    """The round pages' grouping of round ``number``: a team event's matches
    (:func:`round_matches`) and its boards of no match (an imported file's, shown after
    them); ``(None, [])`` for an event of another system."""
    if event.system not in (m.Event.System.TEAM_ROUND_ROBIN, m.Event.System.TEAM_SWISS):
        return None, []
    matches = round_matches(event, number, lines)
    grouped = {b.board_id for g in matches for b in g.boards}
    return matches, [b for b in lines if b.board_id not in grouped]


@dataclass(frozen=True)
class LineupSeat:
    """A board of a team's line-up: the player (``None``: empty), his role (main or reserve),
    colour, opponent and result ('' while not known)."""

    board: int
    player: m.Player | None
    reserve: bool
    colour: str
    opponent: m.Player | None
    result: str


@dataclass(frozen=True)
class LineupProblemLine:
    """One problem the library found in the line-up (:func:`lineups.validate_lineup`)."""

    kind: str
    board: int | None
    message: str
    penalty: Decimal
    game_lost: bool


@dataclass(frozen=True)
class Lineup:
    """A team's line-up in a round: its match (``None``: not paired that round, ``opponent``
    ``None`` with a match: the bye), the seats board by board, the registered players who do
    not play (reserves and absentees) and the problems of the line-up by the event's reserve
    regime."""

    team: m.Team
    round: int
    match: m.TeamPairing | None
    opponent: m.Team | None
    seats: list[LineupSeat]
    not_playing: list[tuple[m.Player, bool, str]]  # (player, reserve, why)
    problems: list[LineupProblemLine]
    regime: str
    #: Team Competitions 1972: the fewest players present for an official match (two thirds).
    minimum_present: int = 0


def round_lineup(event: m.Event, team: m.Team, number: int) -> Lineup:
    """Team ``team``'s line-up in round ``number``: who sits on which board of its match, the
    reserves and absentees, and the checks of the event's reserve regime (Team Competitions
    1972, "Teams": the shifting or fixed-boards regime, the two-thirds rule, unregistered
    players), made by the library's :func:`chessarbiter.pairing.teams.lineups.validate_lineup`
    on the team's list (the first ``boards_per_team`` players the main ones, the others the
    reserves) and the boards the match seated."""
    players = roster(team)
    boards_count = event.boards_per_team
    tp = (
        m.TeamPairing.objects.filter(round__event=event, round__number=number)
        .filter(Q(home=team) | Q(away=team))
        .select_related("home", "away")
        .first()
    )
    opponent = None if tp is None else (tp.away if tp.home_id == team.pk else tp.home)
    by_board: dict[int, m.Board] = {}
    if tp is not None:
        for b in tp.boards.select_related("white", "black"):
            if b.team_board is not None:
                by_board[b.team_board] = b
    main_ids = {p.pk for p in players[:boards_count]}
    seats: list[LineupSeat] = []
    seated: list[int | None] = []
    for k in range(1, boards_count + 1):
        seat = by_board.get(k)
        mine: m.Player | None = None
        other: m.Player | None = None
        colour = ""
        if seat is not None:
            if seat.white.team_id == team.pk:
                mine, other, colour = seat.white, seat.black, "white"
            elif seat.black is not None and seat.black.team_id == team.pk:
                mine, other, colour = seat.black, seat.white, "black"
            else:  # an empty board of ours: the opponent's player wins by forfeit
                other = seat.white
        result = ""
        if seat is not None and seat.result:
            result = store.result_label(seat.result, seat.black_result)
        seats.append(
            LineupSeat(k, mine, mine is not None and mine.pk not in main_ids, colour, other, result)
        )
        seated.append(mine.number if mine is not None else None)
    absent = set(
        m.ByeRequest.objects.filter(player__team=team, round=number).values_list(
            "player_id", flat=True
        )
    )
    on_board = {s.player.pk for s in seats if s.player is not None}
    not_playing = []
    for p in players:
        if p.pk in on_board:
            continue
        if p.withdrawn_from_round is not None and p.withdrawn_from_round <= number:
            why = "withdrawn"
        elif p.pk in absent:
            why = "absent"
        else:
            why = "reserve" if p.pk not in main_ids else "not seated"
        not_playing.append((p, p.pk not in main_ids, why))
    problems: list[LineupProblemLine] = []
    if tp is not None and opponent is not None and players:
        team_roster = lineups.Roster(
            team.name,
            main=tuple(p.number for p in players[:boards_count]),
            reserves=tuple(p.number for p in players[boards_count:]),
        )
        try:
            found = lineups.validate_lineup(
                team_roster, seated, lineups.ReserveRegime(event.reserve_regime)
            )
        except lineups.LineupError as e:
            problems.append(LineupProblemLine("roster", None, str(e), Decimal(0), False))
        else:
            problems.extend(
                LineupProblemLine(p.kind.value, p.board, p.message, p.penalty, p.game_lost)
                for p in found
            )
    return Lineup(
        team,
        number,
        tp,
        opponent,
        seats,
        not_playing,
        problems,
        event.reserve_regime,
        lineups.minimum_present(boards_count),
    )
