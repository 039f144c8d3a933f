"""``chessarbiter teams standings`` and ``chessarbiter teams board-prizes``: team scores,
team tie-breaks (C.07 12-13, Team Competitions 1972) and board prizes, from a TRF-2026 team file."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import click

from chessarbiter import limits
from chessarbiter.board_prizes import BoardPrizeTable, board_tables
from chessarbiter.model.teams import TeamScoreError
from chessarbiter.standings.teams import TeamStanding, standings
from chessarbiter.tiebreaks.teams import (
    SUPPORTED,
    TEAM_EDITIONS,
    TeamTieBreakSpec,
    TieBreakValue,
    parse,
    parse_list,
)
from chessarbiter.trf.teams import load_event

SCORES = {"mp": "MP", "gp": "GP", "nemlikher": "Nemlikher", "mp1": "MP 1/½/0"}


def _text(value: TieBreakValue) -> str:
    """``2``, ``2.5``; a vector (TBR, BBE) as ``2/1.5/1``.

    >>> _text(Decimal("2.50")), _text((Decimal(2), Decimal("1.0"))), _text(Decimal(2) / 3)
    ('2.5', '2/1', '0.6667')
    """
    if isinstance(value, tuple):
        return "/".join(_text(v) for v in value)
    if value != value.quantize(Decimal("0.0001")):  # SSSC quotients: 4 decimals are plenty
        value = value.quantize(Decimal("0.0001"))
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _json(value: TieBreakValue) -> float | list[float]:
    return [float(v) for v in value] if isinstance(value, tuple) else float(value)


def standings_json(rows: list[TeamStanding], score: str) -> dict[str, Any]:
    """The JSON document of ``teams standings --format json``."""
    return {
        "score": score,
        "standings": [
            {
                "rank": r.rank,
                "shared_rank": r.shared,
                "team": r.team,
                "name": r.name,
                "score": float(r.score),
                "match_points": float(r.match_points),
                "game_points": float(r.game_points),
                "won": r.won,
                "drawn": r.drawn,
                "lost": r.lost,
                "tiebreaks": {k: _json(v) for k, v in r.tiebreaks.items()},
            }
            for r in rows
        ],
    }


def standings_table(rows: list[TeamStanding], score: str) -> list[list[str]]:
    names = list(rows[0].tiebreaks) if rows else []
    head = ["Rk", "No", "Team", f"Score ({SCORES[score]})", "MP", "GP", "+", "=", "-", *names]
    body = [
        [
            r.shared,
            str(r.team),
            r.name,
            _text(r.score),
            _text(r.match_points),
            _text(r.game_points),
            str(r.won),
            str(r.drawn),
            str(r.lost),
            *(_text(r.tiebreaks[n]) for n in names),
        ]
        for r in rows
    ]
    return [head, *body]


def _aligned(table: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    lines = []
    for row in table:
        cells = [
            c.ljust(w) if i == 2 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _specs_from_file(names: list[str]) -> tuple[list[TeamTieBreakSpec], list[str]]:
    specs, skipped = [], []
    for name in names:
        try:
            specs.append(parse(name))
        except TeamScoreError:
            skipped.append(name)
    return specs, skipped


@click.command("standings")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--score",
    type=click.Choice(list(SCORES)),
    default=None,
    help="Primary score: mp (match points, the file's 362 values, default 2/1/0), gp (game "
    "points), nemlikher (GP + 2 per won and 1 per drawn match, Team Competitions 1972) or mp1 "
    "(1/½/0). "
    "Default: the file's 192 code (_GP first: gp), else mp.",
)
@click.option(
    "--tiebreaks",
    default=None,
    metavar="LIST",
    help='Team tie-breaks in order, e.g. "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"; available: '
    + ", ".join(SUPPORTED)
    + ". Default: the file's list (names not computed here are skipped with a note).",
)
@click.option(
    "--board-weights",
    default=None,
    metavar="W1,W2,...",
    help="Weights of the BW tie-break, board 1 first (default the 1965 weights 58,56,...,42); "
    f"at most {limits.MAX_BOARDS_PER_TEAM}, each 0 to {limits.MAX_POINTS}.",
)
@click.option(
    "--edition",
    type=click.Choice([e.value for e in TEAM_EDITIONS]),
    default="2026",
    show_default=True,
    help="C.07 unplayed-round rules (Art. 16) of BH, ESB and SSSC: 2026 (the dummy's score "
    "capped) or 2023 (as amended in 2024: the dummy scores the team's own score).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "csv"]),
    default="text",
    show_default=True,
)
def standings_command(
    file: Path,
    score: str | None,
    tiebreaks: str | None,
    board_weights: str | None,
    edition: str,
    output_format: str,
) -> None:
    """The team standings of the TRF team file FILE."""
    event = load_event(file)
    score = score or event.primary
    if tiebreaks is None:
        specs, skipped = _specs_from_file([n for n in event.tiebreaks if n.upper() != "PTS"])
        if skipped:
            click.echo(f"note: tie-breaks of the file not computed here: {', '.join(skipped)}",
                       err=True)  # fmt: skip
    else:
        try:
            specs = parse_list(tiebreaks)
        except TeamScoreError as exc:
            raise click.UsageError(str(exc)) from exc
    weights: list[Decimal] | None = None
    if board_weights is not None:
        try:
            weights = [Decimal(w) for w in board_weights.split(",") if w.strip()]
        except ArithmeticError:
            raise click.UsageError(f"--board-weights {board_weights!r}: numbers, please") from None
        if len(weights) > limits.MAX_BOARDS_PER_TEAM or not all(
            w.is_finite() and 0 <= w <= limits.MAX_POINTS for w in weights
        ):
            raise click.UsageError(
                f"--board-weights: at most {limits.MAX_BOARDS_PER_TEAM} weights, each from 0 "
                f"to {limits.MAX_POINTS}"
            )
    rows = standings(event, score, specs, weights=weights, edition=edition)
    if output_format == "json":
        click.echo(json.dumps(standings_json(rows, score), indent=2, ensure_ascii=False))
        return
    table = standings_table(rows, score)
    if output_format == "csv":
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerows(table)
        click.echo(buffer.getvalue(), nl=False)
        return
    if event.name:
        click.echo(event.name)
    click.echo(_aligned(table))


def prizes_json(tables: list[BoardPrizeTable]) -> dict[str, Any]:
    """The JSON document of ``teams board-prizes --format json``."""
    return {
        "tables": [
            {
                "board": t.board,
                "title": t.title,
                "rows": [
                    {
                        "rank": r.rank,
                        "player": r.player,
                        "name": r.name,
                        "team": r.team,
                        "team_name": r.team_name,
                        "games": r.games,
                        "points": float(r.points),
                        "percentage": float(r.percentage),
                        "minimum": r.minimum,
                        "eligible": r.eligible,
                    }
                    for r in t.rows
                ],
            }
            for t in tables
        ]
    }


@click.command("board-prizes")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--minimum",
    type=click.Choice(["half", "two-thirds"]),
    default="half",
    show_default=True,
    help=(
        "Games needed for a prize: half of the team's matches, or two thirds (Team Competitions "
        "1972)."
    ),
)
@click.option("--count-forfeits", is_flag=True, help="Count forfeited board games as games.")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
def board_prizes_command(
    file: Path, minimum: str, count_forfeits: bool, output_format: str
) -> None:
    """Board prize tables of the TRF team file FILE: one per board, then the reserves; by
    percentage, players below the minimum listed without a place (Team Competitions 1972)."""
    event = load_event(file)
    tables = board_tables(event, minimum, count_forfeits=count_forfeits)
    if output_format == "json":
        click.echo(json.dumps(prizes_json(tables), indent=2, ensure_ascii=False))
        return
    blocks = []
    for t in tables:
        head = ["Rk", "No", "Name", "Team", "Games", "Pts", "%"]
        body = [
            [
                str(r.rank) if r.rank is not None else "-",
                str(r.player),
                r.name,
                r.team_name or str(r.team),
                str(r.games),
                _text(r.points),
                f"{r.percentage:.2f}",
            ]
            for r in t.rows
        ]
        blocks.append(t.title + "\n" + (_aligned([head, *body]) if body else "(nobody)"))
    click.echo("\n\n".join(blocks))


def register(group: click.Group) -> None:
    """Add ``standings`` and ``board-prizes`` to ``group`` (``chessarbiter teams``)."""
    group.add_command(standings_command)
    group.add_command(board_prizes_command)
