"""What the pages show, computed by the library and cached per event version: standings with
tie-breaks, the crosstable, the rounds' boards with scores, a player's card."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.cache import cache

from chessarbiter.crosstable import format_points, grid_cells, result_mark, swiss_cell
from chessarbiter.model import RoundEntry, Tournament
from chessarbiter.pairing.roundrobin import rounds_per_cycle
from chessarbiter.standings import Standing, standings
from chessarbiter.tiebreaks import for_standings
from chessarbiter.tiebreaks.c07 import breakdown

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


@dataclass(frozen=True)
class RoundView:
    number: int
    boards: list[BoardLine]
    byes: list[tuple[int, str, str]]  # (number, name, kind label)
    complete: bool
    manual: bool
    deviations: list[dict[str, Any]] = field(default_factory=list)


def _cached(event: m.Event, key: str, compute: Any) -> Any:
    # the creation time too: a test database (or a restored one) may give an old id again
    full = f"ev{event.pk}:{event.created_at.timestamp()}:{event.version}:{key}"
    value = cache.get(full)
    if value is None:
        value = compute()
        cache.set(full, value, 3600)
    return value


def _fmt(value: Decimal) -> str:
    return format_points(value)


def standings_rows(event: m.Event) -> tuple[list[str], list[Row], int]:
    """Tie-break names, rows, and the round they are after."""

    def compute() -> tuple[list[str], list[Row], int]:
        t = store.tournament(event)
        rounds = _complete_rounds(event, t)
        specs = store.tiebreak_specs(event)
        columns = for_standings(t, specs, rounds, event.tiebreak_edition) if specs else []
        table: list[Standing] = standings(t, rounds, columns)
        rows = []
        for s in table:
            rows.append(
                Row(
                    place=s.shared,
                    number=s.pairing_number,
                    name=s.name,
                    title=s.title,
                    rating=s.rating,
                    federation=s.federation,
                    points=_fmt(s.points),
                    tiebreaks=[s.tiebreaks[spec.name] for spec in specs],
                    rounds=[swiss_cell(e) for e in s.entries],
                    withdrawn=s.withdrawn,
                )
            )
        return [s.name for s in specs], rows, rounds

    result: tuple[list[str], list[Row], int] = _cached(event, "standings", compute)
    return result


def _complete_rounds(event: m.Event, t: Tournament) -> int:
    """Standings are after the last round whose games all have a result (a round being
    played is not counted until it is complete)."""
    rounds = t.rounds_played
    while rounds and any(p.entry(rounds).is_pending for p in t):
        rounds -= 1
    return rounds


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
        for b in loaded.boards[number]:
            white = by_id[b.white_id]
            if b.black_id is None:
                byes.append((white, names[white], b.result))
                continue
            board_no += 1
            black = by_id[b.black_id]
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
        )

    result: RoundView = _cached(event, f"round{number}", compute)
    return result


def crosstable(event: m.Event) -> tuple[list[Row], int]:
    _names, rows, rounds = standings_rows(event)
    return rows, rounds


def grid(event: m.Event) -> list[tuple[int, str, str, list[str], str]]:
    """A round robin's grid (C.05): by pairing number, each player's marks against every
    other (number, name, points, cells, place); empty for other systems."""
    if event.system != m.Event.System.ROUND_ROBIN:
        return []

    def compute() -> list[tuple[int, str, str, list[str], str]]:
        t = store.tournament(event)
        rows = standings(t, _complete_rounds(event, t))
        cycles = max(1, -(-event.rounds // max(1, rounds_per_cycle(len(t)))))
        return [
            (r.pairing_number, r.name, _fmt(r.points), cells, r.shared)
            for r, cells in grid_cells(rows, cycles)
        ]

    result: list[tuple[int, str, str, list[str], str]] = _cached(event, "grid", compute)
    return result


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
    t = store.tournament(event)
    return [
        (spec.name, breakdown(t, number, spec, t.rounds_played, event.tiebreak_edition))
        for spec in store.tiebreak_specs(event)
    ]
