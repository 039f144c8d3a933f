"""An event in and out of TRF: exported as TRF-2026 or TRF16, and imported whole from a file
(players, rounds, results, a team file's teams and matches), through the library's reader and
validators."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from chessarbiter import event_settings, limits, registration, trf
from chessarbiter.errors import ChessArbiterError, PairingError
from chessarbiter.model import Colour, Tournament
from chessarbiter.model.teams import MatchKind, MatchScoring, TeamEvent
from chessarbiter.pairing.double_swiss.engine import match_history, matches_paired, total_matches
from chessarbiter.pairing.double_swiss.rules import GAMES_PER_MATCH
from chessarbiter.pairing.systems import DOUBLE_SWISS, rules_of_trf_type
from chessarbiter.trf.dates import header_date
from chessarbiter.trf.teams import event_from_tournament

from .. import models as m
from .. import store
from .core import ServiceError, User, acting_user, atomic, audit, check_stored_event, clean_row
from .events import create_event


def export_trf(
    event: m.Event, dialect: str = "2026", tournament: Tournament | None = None
) -> tuple[str, list[str]]:
    """The event as a TRF-2026 or TRF16 file, and what the chosen format cannot carry. A
    stored tie-break list the library refuses is reported, not written (record 202). A Keizer
    competition, which has no TRF-2026 code, is written ``192 CUSTOM_SWISS`` and ``092
    Keizer`` (chesspairing's name, read back by both); its own parameters are not carried,
    nor are a team cup's bracket and legs (its teams and players are).
    ``tournament``: the event as the caller has already read it (read here otherwise)."""
    store.tiebreak_specs(event)
    t = tournament if tournament is not None else store.tournament(event)
    text, losses = trf.dumps_with_losses(t, trf.TRF2026 if dialect == "2026" else trf.TRF16)
    if event.keizer_scored() and event.keizer_settings:
        losses = [*losses, _("the Keizer settings (a TRF file has no record for them)")]
    if event.system == m.Event.System.TEAM_CUP:
        losses = [*losses, _("the team cup's bracket and legs (a TRF file has no record for them)")]
    return text, losses


@atomic
def import_trf(
    user: User, text: str, filename: str, warnings: list[str] | None = None, **fields: Any
) -> m.Event:
    """A new event from a TRF file (players, rounds and results; a team file's teams and
    matches). Refused whole, with the reader's file:line:column messages, if the file is
    malformed or inconsistent or is no tournament (no ``001`` player record); its settings go
    through the library's validator like a form's. What the file holds that the event cannot
    use (a tie-break list the library refuses, a team structure it cannot read) is left out
    with a message in ``warnings``, as are the entries that look like mistakes
    (:func:`chessarbiter.registration.suspicious_players`)."""
    notes: list[str] = [] if warnings is None else warnings
    t = trf.loads(text, filename)  # refused without a player record (001)
    t.validate()
    limits.check_count("players", len(t), limits.MAX_PLAYERS)
    teams = _team_event(t, filename, notes)
    settings = _file_settings(t, filename, teams, notes)
    if not fields.get("name", True):
        del fields["name"]
    event = create_event(user, default_bye=False, **(settings | fields))
    _import_tournament(event, user, t, teams, notes)
    notes.extend(registration.suspicious_players(list(t)))
    check_stored_event(event, settings=True, players=True)
    audit(
        event,
        user,
        "event.import",
        _("Imported from %(f)s") % {"f": filename},
        warnings=notes,
    )
    return event


def _team_event(t: Tournament, filename: str, notes: list[str]) -> TeamEvent | None:
    """A team file's teams and matches as the library reads them
    (:func:`chessarbiter.trf.teams.event_from_tournament`), or None for an individual
    file, or when they cannot be read or are beyond the bounds (then said in ``notes``, and
    the file is imported as an individual event)."""
    if not t.teams:
        return None
    try:
        teams = event_from_tournament(t)
        limits.check_count("teams", len(teams.teams), limits.MAX_TEAMS)
        limits.check_count("boards per team", teams.boards, limits.MAX_BOARDS_PER_TEAM)
    except ChessArbiterError as e:
        notes.append(
            _("%(f)s: its teams cannot be imported (%(e)s); imported as an individual event.")
            % {"f": filename, "e": str(e)}
        )
        return None
    if teams.scoring != MatchScoring():
        s = teams.scoring
        notes.append(
            _(
                "%(f)s: match points %(w)s/%(d)s/%(l)s (record 362) are not kept: the team "
                "standings count 2/1/0."
            )
            % {"f": filename, "w": s.win, "d": s.draw, "l": s.loss}
        )
    return teams


def _file_list(
    text: str, problem: str | None, default: str, record: str, filename: str, notes: list[str]
) -> str:
    """A tie-break list of the file if the library can use it; else the default, said."""
    if not problem:
        return text
    notes.append(
        _(
            "%(f)s: the tie-breaks of record %(r)s (%(list)s) cannot be used: %(problem)s. "
            "%(default)s is used instead."
        )
        % {"f": filename, "r": record, "list": text, "problem": problem, "default": default}
    )
    return default


def _file_settings(
    t: Tournament, filename: str, teams: TeamEvent | None, notes: list[str]
) -> dict[str, Any]:
    """The event's settings from the file's header records, each cut to its field and every
    tie-break list checked by its parser: TRF-2026 ``202``/``212`` give the ranking's
    tie-breaks, the players' in an individual event and the teams' in a team event (read so by
    :mod:`chessarbiter.trf`, into ``Tournament.tiebreaks`` and ``Tournament.team_tiebreaks``);
    ``042``/``052`` the dates when they can be read (:func:`chessarbiter.trf.dates.header_date`):
    the junior K of the rating report and the age categories count from them."""
    records = "/".join(t.tiebreak_records) or "202"
    ps = t.point_system
    settings: dict[str, Any] = {
        "name": (t.name.strip() or filename)[: limits.MAX_EVENT_NAME],
        "city": t.city[:100],
        "federation": t.federation[:3],
        "rounds": max(t.total_rounds or 0, t.rounds_played, 1),
        "chief_arbiter": t.chief_arbiter[:100],
        "time_control": t.time_control[:100],
        "win_points": ps.win,
        "draw_points": ps.draw,
        "loss_points": ps.loss,
        "bye_points": ps.pairing_allocated_bye,
    }
    start, end = header_date(t.start_date), header_date(t.end_date)
    if end is not None and start is not None and end < start:
        notes.append(
            _("%(f)s: the end date %(end)s (record 052) is before the start; left out.")
            % {"f": filename, "end": t.end_date.strip()}
        )
        end = None
    settings.update({k: v for k, v in (("start_date", start), ("end_date", end)) if v})
    if t.initial_colour is not None and t.initial_colour.value in ("w", "b"):
        settings["initial_colour"] = "white" if t.initial_colour.value == "w" else "black"
    individual = ",".join(t.tiebreaks)
    if individual:
        settings["tiebreaks"] = _file_list(
            individual,
            event_settings.tiebreak_problem(individual),
            event_settings.DEFAULT_TIEBREAKS,
            records,
            filename,
            notes,
        )
    if teams is None:
        rules = rules_of_trf_type(t.system, t.tournament_type)
        if rules is not None:
            settings["edition"] = rules.value
            if rules.system is DOUBLE_SWISS:
                settings.update(_double_swiss_settings(t, filename))
            if rules.system.keizer_scores:
                notes.append(
                    _(
                        "%(f)s: a Keizer competition (record 092); a TRF file does not carry "
                        "its parameters: the preset %(rules)s is used, to be changed on the "
                        "Keizer settings page."
                    )
                    % {"f": filename, "rules": m.Event.EDITION_LABELS[rules.value]}
                )
            if "BAKU" in t.system.upper():
                notes.append(
                    _(
                        "%(f)s: record 192 names the %(system)s with the Baku acceleration, "
                        "which is applied with the FIDE (Dutch) system only: the event is paired "
                        "by the %(system)s without acceleration."
                    )
                    % {"f": filename, "system": rules.system.title}
                )
        elif "BAKU" in t.system.upper():
            settings["acceleration"] = "baku"
        return settings
    settings["system"] = m.Event.System.TEAM_SWISS
    settings["boards_per_team"] = teams.boards
    settings["team_score"] = "gp" if teams.primary == "gp" else "mp"
    team_list = ",".join(t.team_tiebreaks)
    if team_list:
        settings["team_tiebreaks"] = _file_list(
            team_list,
            event_settings.team_tiebreak_problem(team_list, settings["team_score"]),
            event_settings.DEFAULT_TEAM_TIEBREAKS,
            records,
            filename,
            notes,
        )
    return settings


def _double_swiss_settings(t: Tournament, filename: str) -> dict[str, Any]:
    """A Double-Swiss file's rounds and bye as the event counts them: its game columns read
    as whole matches by the library (two columns per match,
    :func:`~chessarbiter.pairing.double_swiss.rules.read_match`), the rounds as matches, and
    the bye of a whole match (both its ``U`` columns).

    :raises ServiceError: naming the file and the library's refusal (a half match, an odd
        number of rounds), nothing stored."""
    try:
        played = matches_paired(t)
        for p in t:
            match_history(t, p.number, played)
        total = total_matches(t) if t.total_rounds is not None else played
    except PairingError as e:
        raise ServiceError(f"{filename}: {e}") from e
    return {
        "rounds": max(total, played, 1),
        "bye_points": _tenths(t.point_system.pairing_allocated_bye * GAMES_PER_MATCH),
    }


def _tenths(points: Decimal) -> Decimal:
    """``points`` written in tenths when it is a whole number of tenths (``1.50`` is
    ``1.5``), as the event stores points; otherwise as it is (and refused by the validator,
    naming the field)."""
    tenths = points.quantize(Decimal("0.1"))
    return tenths if tenths == points else points


def _import_tournament(
    event: m.Event, user: User, t: Tournament, teams: TeamEvent | None, notes: list[str]
) -> None:
    """Store the file's players (each through the library's validator), its rounds as
    boards, its requested byes, and a team file's teams and matches."""
    rows: dict[int, m.Player] = {}
    for p in t:
        row = m.Player(event=event, number=p.number, **store.player_fields(p))
        try:
            clean_row(row, unique=False)
        except ServiceError as err:
            raise ServiceError(_("Player %(p)s: %(e)s") % {"p": str(row), "e": str(err)}) from None
        rows[p.number] = row
    m.Player.objects.bulk_create(rows.values())
    rows = {p.number: p for p in event.players.all()}
    played = t.rounds_played
    rounds: dict[int, m.Round] = {}
    for r in range(1, played + 1):
        rnd = m.Round.objects.create(event=event, number=r, paired_by=acting_user(user))
        rounds[r] = rnd
        seen: set[int] = set()
        number = 0
        boards: list[m.Board] = []
        for p in t:
            e = p.entry(r)
            if p.number in seen:
                continue
            if e.opponent is None:
                if e.result is not None:  # a bye, or a forfeit without opponent
                    number += 1
                    boards.append(
                        m.Board(
                            round=rnd, number=number, white=rows[p.number], result=e.result.value
                        )
                    )
                seen.add(p.number)
                continue
            if e.colour is Colour.BLACK:
                wnum, bnum = e.opponent, p.number
            else:
                wnum, bnum = p.number, e.opponent
            went = t.player(wnum).entry(r)
            bent = t.player(bnum).entry(r)
            number += 1
            boards.append(
                m.Board(
                    round=rnd,
                    number=number,
                    white=rows[wnum],
                    black=rows[bnum],
                    result=went.result.value if went.result else "",
                    black_result=bent.result.value if bent.result else "",
                    colourless=e.colour is Colour.NONE,
                )
            )
            seen.update((wnum, bnum))
        m.Board.objects.bulk_create(boards)
    if teams is not None:
        _import_teams(event, teams, rows, rounds, notes)
        return  # a team file's 240 byes are the teams' (imported with the matches)
    for req in t.bye_requests:
        for number in req.players:
            if number in rows:
                m.ByeRequest.objects.get_or_create(
                    player=rows[number], round=req.round, defaults={"kind": req.kind.value}
                )


def _import_teams(
    event: m.Event,
    teams: TeamEvent,
    players: dict[int, m.Player],
    rounds: dict[int, m.Round],
    notes: list[str],
) -> None:
    """A team file's teams (TRF-2026 ``310`` / TRF16 ``013``: names and board order), and its
    matches as the library read them: the boards of each match tied to it with their board
    numbers (``300`` line-ups), forfeited matches (``330``) and the teams' byes (``320``,
    ``240``) as matches without boards."""
    team_rows: dict[int, m.Team] = {}
    for number, entry in sorted(teams.teams.items()):
        name = entry.name.strip()[: limits.MAX_NAME] or _("Team %(n)d") % {"n": number}
        team_rows[number] = m.Team.objects.create(event=event, number=number, name=name)
    members: list[m.Player] = []
    for number, entry in teams.teams.items():
        for order, p in enumerate(entry.members, start=1):
            if p in players:
                players[p].team = team_rows[number]
                players[p].team_order = order
                members.append(players[p])
    m.Player.objects.bulk_update(members, ["team", "team_order"])
    by_id = {p.pk: n for n, p in players.items()}
    pairs: dict[tuple[int, frozenset[int]], m.Board] = {}
    for b in m.Board.objects.filter(round__event=event).select_related("round"):
        sides = {by_id[b.white_id]} | ({by_id[b.black_id]} if b.black_id else set())
        pairs[(b.round.number, frozenset(sides))] = b
    linked: list[m.Board] = []
    unplaced = 0
    counters: dict[int, int] = {}
    for match in teams.matches:
        rnd = rounds.get(match.round)
        if rnd is None:
            unplaced += 1
            continue
        counters[match.round] = counters.get(match.round, 0) + 1
        home, away = match.team_a, match.team_b
        kind = ""
        if match.kind is MatchKind.FORFEIT:
            kind = match.kind.value
            if away is not None and (match.points_b or 0) > (match.points_a or 0):
                home, away = away, home  # the home team is the one that won the forfeit
        elif match.kind is not MatchKind.PLAYED:
            kind = match.kind.value
        tp = m.TeamPairing.objects.create(
            round=rnd,
            number=counters[match.round],
            home=team_rows[home],
            away=team_rows[away] if away is not None else None,
            kind=kind,
            bye_match_points=match.match_points_a if away is None else None,
            bye_game_points=match.game_points_a if away is None else None,
        )
        for game in match.boards:
            key = frozenset(p for p in (game.player_a, game.player_b) if p is not None)
            board = pairs.get((match.round, key))
            if board is None:
                unplaced += 1
                continue
            board.team_pairing = tp
            board.team_board = game.board
            linked.append(board)
    m.Board.objects.bulk_update(linked, ["team_pairing", "team_board"])
    if unplaced:
        notes.append(
            _("%(n)d team boards or matches of the file have no round or board to go to.")
            % {"n": unplaced}
        )
