"""What the pages show, computed by the library and cached per event version: standings with
tie-breaks, the crosstable, the rounds' boards with scores, a player's card.

The standings, the crosstable and a round robin's grid take their places from one ranking,
the library's :func:`chessarbiter.standings.ranking` with the event's tie-breaks, computed once
per event version (:func:`_tables`): the pages, printouts and public pages never disagree. A
Keizer competition is ranked by its Keizer scores instead
(:func:`chessarbiter.pairing.keizer.scoring.keizer_scores`, :func:`keizer_ranking`), in the
same one place (:func:`event_ranking`). A knockout event has none of them (its bracket is its
table)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.core.cache import cache

from chessarbiter.crosstable import grid_cells, result_mark, swiss_cell
from chessarbiter.errors import ChessArbiterError
from chessarbiter.formatting import format_points
from chessarbiter.model import RoundEntry, Tournament
from chessarbiter.pairing.keizer.scoring import KeizerSettings, keizer_scores, keizer_table
from chessarbiter.pairing.roundrobin import rounds_per_cycle
from chessarbiter.pairing.teams.mixed import MixedScore, mixed_match_score, tournament_games
from chessarbiter.special import consultation
from chessarbiter.special.handicap import TimeOdds, game_controls, parse_time_odds
from chessarbiter.standings import Standing, complete_rounds, ranking, resolve_completed_round
from chessarbiter.tiebreaks.breakdown import breakdown

from . import models as m
from . import store


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    place: str
    number: int
    name: str
    title: str
    rating: int | None
    federation: str
    points: str
    tiebreaks: list[Decimal]
    rounds: list[str]
    withdrawn: bool


@dataclass(frozen=True)
class BoardLine:
    """One board of a round: both players with their title (as stored: the pages show it
    through the ``fide_title`` filter), rating, federation and points before the round."""

    number: int
    board_id: int
    version: int
    white: int
    white_name: str
    white_points: str
    black: int
    black_name: str
    black_points: str
    result: str
    choice: str
    white_title: str = ""
    white_rating: int | None = None
    white_federation: str = ""
    black_title: str = ""
    black_rating: int | None = None
    black_federation: str = ""
    #: Under the event's time odds, each player's control (FIDE wording; '' without odds,
    #: ``?`` when a player has no rating to set them by).
    white_clock: str = ""
    black_clock: str = ""


@dataclass(frozen=True)
class RoundView:
    number: int
    boards: list[BoardLine]
    byes: list[tuple[int, str, str]]  # (number, name, kind label)
    complete: bool
    manual: bool
    deviations: list[dict[str, Any]] = field(default_factory=list)
    paired_at: datetime | None = None


def _key(event: m.Event, key: str, version: int | None = None) -> str:
    """The cache key of ``key`` for the event at ``version`` (default: its version now)."""
    # the creation time too: a test database (or a restored one) may give an old id again
    at = event.version if version is None else version
    return f"ev{event.pk}:{event.created_at.timestamp()}:{at}:{key}"


def cached(event: m.Event, key: str, compute: Any) -> Any:
    """``compute()``, cached for the event's version under ``key``."""
    full = _key(event, key)
    value = cache.get(full)
    if value is None:
        value = compute()
        cache.set(full, value, 3600)
    return value


def _fmt(value: Decimal) -> str:
    return format_points(value)


class Cell(str):
    """A crosstable cell: its text, and ``note``, the code of the reason the arbiter gave the
    result (a :class:`chessarbiter.result_reasons.ResultReason` value; '' for none), which
    the pages show as the cell's tooltip. Equal to its text as a string."""

    note: str

    def __new__(cls, text: str, note: str = "") -> Cell:
        cell = super().__new__(cls, text)
        cell.note = note
        return cell

    def __reduce__(self) -> tuple[type[Cell], tuple[str, str]]:
        return (Cell, (str(self), self.note))


GridRow = tuple[int, str, str, list[str], str]
"""A round robin's grid line: number, name, points, the marks against each player (each a
:class:`Cell`), place."""


def _reasons(event: m.Event) -> dict[tuple[int, int], str]:
    """The reason code of each result given with one, for both players of the game: under
    ``(pairing number, -round)`` for a Swiss row's cells and ``(pairing number, opponent)``
    for a round robin's grid (the first game of the pair with a reason). None for a
    Double-Swiss event, whose crosstable has a column per game, not per round."""
    found: dict[tuple[int, int], str] = {}
    if event.double_swiss():
        return found
    rows = (
        m.Board.objects.filter(round__event=event, black__isnull=False)
        .exclude(reason="")
        .values_list("round__number", "white__number", "black__number", "reason")
    )
    for number, white, black, reason in rows:
        for player, opponent in ((white, black), (black, white)):
            found[(player, -number)] = reason
            found.setdefault((player, opponent), reason)
    return found


@dataclass(frozen=True)
class Tables:
    """The event's standings and crosstables after ``rounds`` rounds, from one ranking."""

    tiebreak_names: list[str]
    rows: list[Row]
    rounds: int
    grid: list[GridRow]
    federations: dict[int, str] = field(default_factory=dict)


def event_ranking(
    event: m.Event, after_round: int | None = None, tournament: Tournament | None = None
) -> tuple[Tournament, list[str], int, list[Standing]]:
    """The event (``tournament``, default: loaded), its tie-break names, the round counted and
    the library's one ranking (:func:`chessarbiter.standings.ranking`: points, then the event's
    tie-breaks in its edition) after ``after_round``, which must be complete
    (:func:`chessarbiter.standings.resolve_completed_round`), by default after the last
    complete round (:func:`chessarbiter.standings.complete_rounds`), as the standings show it.
    """
    t = tournament if tournament is not None else store.tournament(event)
    rounds = complete_rounds(t) if after_round is None else resolve_completed_round(t, after_round)
    if event.keizer_scored():
        settings = store.pairing_rules(event).keizer_settings
        assert settings is not None  # a Keizer competition's rules
        return t, list(KEIZER_COLUMNS), rounds, keizer_ranking(t, rounds, settings)
    specs = store.tiebreak_specs(event)
    rows = ranking(t, specs, rounds, edition=event.tiebreak_edition)
    return t, [spec.name for spec in specs], rounds, rows


#: The columns of a Keizer competition's standings, where a Swiss has its tie-breaks: the
#: Keizer score, the value number, the games played, won and drawn (:func:`keizer_ranking`).
KEIZER_COLUMNS = ("Keizer", "Value", "Games", "Won", "Drawn")


def keizer_ranking(t: Tournament, rounds: int, settings: KeizerSettings) -> list[Standing]:
    """A Keizer competition's standings after ``rounds``: the library's Keizer ranking
    (:func:`~chessarbiter.pairing.keizer.scoring.keizer_scores`, every round scored with
    ``settings``), each place one player's row of the library's standings (points, entries,
    withdrawal: :func:`chessarbiter.standings.ranking` without tie-breaks), the columns
    :data:`KEIZER_COLUMNS` in the place of tie-breaks: the library's Keizer table
    (:func:`~chessarbiter.pairing.keizer.scoring.keizer_table`: his Keizer score, his value
    number, and his games played, won and drawn over the board)."""
    scored = keizer_scores(t, settings, rounds=rounds)
    rows = {s.pairing_number: s for s in ranking(t, (), rounds)}
    table: list[Standing] = []
    for line in keizer_table(t, scored):
        score = Decimal(line.score.numerator) / Decimal(line.score.denominator)
        counts = (line.value, line.games, line.wins, line.draws)
        columns = (score, *(Decimal(n) for n in counts))
        table.append(
            replace(
                rows[line.number],
                rank=line.place,
                last_rank=line.place,
                tiebreaks=dict(zip(KEIZER_COLUMNS, columns, strict=True)),
            )
        )
    return table


def standing_row(
    s: Standing, names: list[str], reasons: dict[tuple[int, int], str] | None = None
) -> Row:
    """One line of a standings page: ``s`` with its tie-break values in the order ``names``,
    its round cells noting the reasons given (:func:`_reasons`)."""
    notes = reasons or {}
    return Row(
        place=s.shared,
        number=s.pairing_number,
        name=s.name,
        title=s.title,
        rating=s.rating,
        federation=s.federation,
        points=_fmt(s.points),
        tiebreaks=[s.tiebreaks[n] for n in names],
        rounds=[
            Cell(swiss_cell(e), notes.get((s.pairing_number, -r), ""))
            for r, e in enumerate(s.entries, start=1)
        ],
        withdrawn=s.withdrawn,
    )


def _tables(event: m.Event) -> Tables:
    """The standings rows and, for a round robin, the grid (C.05), both placed by the
    library's one ranking (:func:`chessarbiter.standings.ranking`: points, then the event's
    tie-breaks) after the last complete round."""

    def compute() -> Tables:
        if not event.in_rounds():
            return Tables([], [], 0, [])
        t, names, rounds, table = event_ranking(event)
        reasons = _reasons(event)
        rows = [standing_row(s, names, reasons) for s in table]
        grid: list[GridRow] = []
        if event.system in (m.Event.System.ROUND_ROBIN, m.Event.System.CONSULTATION):
            cycles = max(1, -(-event.rounds // max(1, rounds_per_cycle(len(t)))))
            if event.system == m.Event.System.CONSULTATION and len(t) >= 2:
                # the groups' round robin, or their match (two groups: a cycle a game)
                with contextlib.suppress(ChessArbiterError):
                    cycles = consultation.event_cycles(len(t), event.rounds)
            lines = grid_cells(table, cycles)
            numbers = [r.pairing_number for r, _cells in lines]
            grid = [
                (
                    r.pairing_number,
                    r.name,
                    _fmt(r.points),
                    [
                        Cell(c, reasons.get((r.pairing_number, n), ""))
                        for c, n in zip(cells, numbers, strict=True)
                    ],
                    r.shared,
                )
                for r, cells in lines
            ]
        federations = {p.number: p.federation for p in t}
        return Tables(names, rows, rounds, grid, federations)

    result: Tables = cached(event, "tables", compute)
    return result


def standings_rows(event: m.Event) -> tuple[list[str], list[Row], int]:
    """Tie-break names, rows, and the round they are after."""
    tables = _tables(event)
    return tables.tiebreak_names, tables.rows, tables.rounds


def _time_odds(event: m.Event) -> TimeOdds | None:
    """The event's time odds, read by the library (``None``: none, or a stored table the
    library now refuses: the page shows no clocks rather than fail)."""
    if not event.time_odds.strip():
        return None
    try:
        return parse_time_odds(event.time_odds)
    except ChessArbiterError:
        return None


def _clocks(odds: TimeOdds | None, white: int | None, black: int | None) -> dict[str, str]:
    """A board's two controls under the time odds
    (:func:`chessarbiter.special.handicap.game_controls`)."""
    if odds is None:
        return {}
    try:
        controls = game_controls(odds, white, black)
    except ChessArbiterError:
        return {"white_clock": "?", "black_clock": "?"}
    return {"white_clock": controls.white.to_fide(), "black_clock": controls.black.to_fide()}


def round_view(event: m.Event, number: int) -> RoundView:
    def compute() -> RoundView:
        loaded = store.load(event)
        t = loaded.tournament
        rnd = next(r for r in loaded.rounds if r.number == number)
        before = t.scores(number - 1) if number > 1 else {}
        names = {n: p.name for n, p in loaded.players.items()}
        by_id = {p.id: p.number for p in loaded.players.values()}
        lines: list[BoardLine] = []
        byes: list[tuple[int, str, str]] = []
        board_no = 0
        odds = _time_odds(event)
        for b in loaded.boards[number]:
            white = by_id[b.white_id]
            if b.black_id is None:
                byes.append((white, names[white], b.result))
                continue
            board_no += 1
            black = by_id[b.black_id]
            wp, bp = loaded.players[white], loaded.players[black]
            lines.append(
                BoardLine(
                    number=b.number,
                    board_id=b.pk,
                    version=b.version,
                    white=white,
                    white_name=names[white],
                    white_points=_fmt(before.get(white, Decimal(0))),
                    black=black,
                    black_name=names[black],
                    black_points=_fmt(before.get(black, Decimal(0))),
                    result=store.result_label(b.result, b.black_result),
                    choice=store.result_choice(b.result, b.black_result),
                    white_title=wp.title,
                    white_rating=wp.rating,
                    white_federation=wp.federation,
                    black_title=bp.title,
                    black_rating=bp.rating,
                    black_federation=bp.federation,
                    **_clocks(odds, wp.rating, bp.rating),
                )
            )
        on_board = {x for b in lines for x in (b.white, b.black)} | {x for x, _, _ in byes}
        for p in t:
            e = p.entry(number)
            if p.number not in on_board and e.result is not None and e.result.is_bye:
                byes.append((p.number, p.name, e.result.value))
        return RoundView(
            number=number,
            boards=lines,
            byes=sorted(byes),
            complete=all(b.result for b in lines),
            manual=rnd.manual,
            deviations=list(rnd.deviations),
            paired_at=rnd.paired_at,
        )

    result: RoundView = cached(event, f"round{number}", compute)
    return result


def round_view_after_result(event: m.Event, number: int, board: m.Board, version: int) -> RoundView:
    """Round ``number``'s view once ``board``'s result was entered and the event's version
    became ``version`` (:func:`~chessarbiter.web.events.services.set_result`, whose change
    is the only one between ``version - 1`` and ``version``: it holds the event's lock).

    The view of the version before, when it is cached (the arbiter's results page made it),
    with that board's line made anew: identical to :func:`round_view` computed whole - a
    result of round N changes no score before round N, no bye and no other board - without
    reading and building the whole event again for every result entered. Computed whole
    when the event has changed again since (``event.version`` is not ``version``) or the
    view before is not cached."""
    before: RoundView | None = cache.get(_key(event, f"round{number}", version - 1))
    if event.version != version or before is None:
        return round_view(event, number)
    lines = [
        replace(
            line,
            version=board.version,
            result=store.result_label(board.result, board.black_result),
            choice=store.result_choice(board.result, board.black_result),
        )
        if line.board_id == board.pk
        else line
        for line in before.boards
    ]
    view = replace(before, boards=lines, complete=all(b.result for b in lines))
    cache.set(_key(event, f"round{number}"), view, 3600)
    return view


def crosstable(event: m.Event) -> tuple[list[Row], int]:
    _names, rows, rounds = standings_rows(event)
    return rows, rounds


def mixed_match(event: m.Event) -> MixedScore | None:
    """A match of federations played as one round robin (the event's ``mixed_match``; Team
    Competitions 1972, the mixed round robin): the library's match score of the games between
    players of different federations, over every game paired so far; ``None`` for another
    event, or one whose players are not of two federations at least."""
    if not event.mixed_match or event.system != m.Event.System.ROUND_ROBIN:
        return None

    def compute() -> tuple[MixedScore | None]:
        t = store.tournament(event)
        team_of = {p.number: p.federation for p in t if p.federation}
        if len(set(team_of.values())) < 2:
            return (None,)
        games, results = tournament_games(t, team_of)
        return (mixed_match_score(games, results),)

    # in a tuple: "no score" is cached too (the cache takes None for a miss)
    score: tuple[MixedScore | None] = cached(event, "mixed", compute)
    return score[0]


def federations(event: m.Event) -> dict[int, str]:
    """Each player's federation by pairing number, for the crosstable grid's column."""
    return _tables(event).federations


def grid(event: m.Event) -> list[GridRow]:
    """A round robin's grid (C.05): by pairing number, each player's marks against every
    other (number, name, points, cells, place), the places those of the standings; empty for
    other systems."""
    return _tables(event).grid


def player_card(event: m.Event, number: int) -> dict[str, Any]:
    t = store.tournament(event)
    p = t.player(number)
    lines = []
    score = Decimal(0)
    points = t.point_system.points
    for r in range(1, t.rounds_played + 1):
        e = p.entry(r)
        score += points(e)
        opp = t.player(e.opponent) if e.opponent is not None else None
        lines.append(
            {
                "round": r,
                "colour": e.colour.value if e.opponent is not None else "",
                "opponent": opp,
                "opponent_rating": opp.rating if opp else None,
                "result": result_mark(e),
                "pending": e.is_pending,
                "score": _fmt(score),
                "kind": e.result.value if e.result is not None and e.opponent is None else "",
                "absent": e == RoundEntry.NOT_PAIRED,
            }
        )
    return {"player": p, "lines": lines, "points": _fmt(t.score(number))}


def breakdown_lines(event: m.Event, number: int) -> list[tuple[str, list[str]]]:
    """How each tie-break value of player ``number`` is made, after the round the standings
    are after; none for a Keizer competition (ranked by Keizer scores, no tie-breaks)."""
    if event.keizer_scored():
        return []
    t = store.tournament(event)
    rounds = complete_rounds(t)
    return [
        (spec.name, breakdown(t, number, spec, rounds, event.tiebreak_edition))
        for spec in store.tiebreak_specs(event)
    ]
