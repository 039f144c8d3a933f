"""``chessarbiter lists``: the everyday lists of a TRF file: the start list
(:mod:`chessarbiter.start_lists`) and the team ranking of an individual event
(:mod:`chessarbiter.team_ranking`), as text, JSON, CSV or printable HTML
(:mod:`chessarbiter.output`). Category lists are
``chessarbiter standings FILE --category ...``. This module reads the options and prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from chessarbiter import trf
from chessarbiter.categories import birth_date_of
from chessarbiter.cli.options import after_round_option, ascii_option, event_ranking, format_option
from chessarbiter.crosstable import Align, text_table
from chessarbiter.formatting import format_points
from chessarbiter.limits import MAX_PLAYERS
from chessarbiter.model import Player
from chessarbiter.model.player import display_title
from chessarbiter.output import PageHeader, html_page, start_list_table, table_csv, team_table
from chessarbiter.standings import resolve_completed_round
from chessarbiter.start_lists import StartOrder, start_list
from chessarbiter.team_ranking import TEAM_ATTRIBUTES, TeamRankingRow, team_ranking

START_COLUMNS = ("pairing_number", "title", "name", "rating", "federation", "fide_id", "birth")


@click.group("lists")
def lists_group() -> None:
    """The lists of a TRF file: start list, team ranking (category lists: ``chessarbiter
    standings FILE --category ...``)."""


def _start_row(position: int, player: Player) -> dict[str, Any]:
    known = birth_date_of(player.birth_date)
    return {
        "position": position,
        "pairing_number": player.number,
        "title": display_title(player.title),
        "name": player.name,
        "rating": player.rating or None,
        "federation": player.federation,
        "fide_id": player.fide_id,
        "birth": player.birth_date if known is not None else "",
        "sex": player.sex,
        "club": player.club,
    }


@lists_group.command("start")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--order",
    type=click.Choice([o.value for o in StartOrder]),
    default=StartOrder.NUMBER.value,
    show_default=True,
    help="number: by pairing number; name: alphabetically; rating: by rating, then title, "
    "then name (the initial order of C.04.2 B.2 / 2026 art. 2.2).",
)
@format_option
def start_command(file: Path, order: str, output_format: str) -> None:
    """Print the start list of the TRF file FILE."""
    tournament = trf.load(file)
    rows = [_start_row(i, p) for i, p in enumerate(start_list(tournament, order), start=1)]
    if output_format == "json":
        document = {"order": order, "players": rows}
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    if output_format in ("csv", "html"):
        table = start_list_table(start_list(tournament, order), f"Start list (by {order})")
        page = html_page(PageHeader.of(tournament), [table])
        click.echo(table_csv(table) if output_format == "csv" else page, nl=False)
        return
    headers = ["#", "No", "Title", "Name", "Rtg", "Fed", "FIDE ID", "Born"]
    align: list[Align] = ["r", "r", "l", "l", "r", "l", "r", "l"]
    body = [[str(r["position"]), *(str(r[c] or "") for c in START_COLUMNS)] for r in rows]
    click.echo(text_table(headers, body, align))


def _team_json(row: TeamRankingRow) -> dict[str, Any]:
    def player(standing_row: Any) -> dict[str, Any]:
        return {
            "pairing_number": standing_row.pairing_number,
            "name": standing_row.name,
            "rank": standing_row.rank,
            "points": float(standing_row.points),
        }

    return {
        "rank": row.rank,
        "shared_rank": row.shared,
        "team": row.name,
        "points": float(row.points),
        "next_scores": [float(p) for p in row.next_scores],
        "counted": [player(r) for r in row.counted],
        "others": [player(r) for r in row.others],
    }


@lists_group.command("teams")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--by",
    type=click.Choice(list(TEAM_ATTRIBUTES)),
    default="federation",
    show_default=True,
    help="Form the teams by the players' club or federation (players without one are in no team).",
)
@click.option(
    "--best",
    type=click.IntRange(min=1, max=MAX_PLAYERS),
    default=None,
    metavar="N",
    help=f"Count each team's N best scores (1 to {MAX_PLAYERS}; default: as many as the "
    "smallest team has, the rule of Team Competitions 1972); ties: the next best player's "
    "score, then the next.",
)
@after_round_option
@format_option
@ascii_option
def teams_command(
    file: Path,
    by: str,
    best: int | None,
    after_round: int | None,
    output_format: str,
    ascii_: bool,
) -> None:
    """Print the team ranking of the individual event in the TRF file FILE: teams ranked by
    the sum of their best players' scores (players equal on points in the order of the
    event's ranking, by the file's tie-breaks)."""
    tournament = trf.load(file)
    rounds = resolve_completed_round(tournament, after_round)
    _, rows = event_ranking(tournament, file, None, rounds)
    teams = team_ranking(tournament, rows, by=by, best=best)
    if output_format == "json":
        document: dict[str, Any] = {"by": by, "best": best, "after_round": rounds}
        document["teams"] = [_team_json(row) for row in teams]
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    if output_format in ("csv", "html"):
        table = team_table(teams, f"Teams by {by} after round {rounds}")
        page = html_page(PageHeader.of(tournament), [table])
        click.echo(table_csv(table) if output_format == "csv" else page, nl=False)
        return
    if not teams:
        hint = " (a TRF file does not record clubs: try --by federation)" if by == "club" else ""
        click.echo(f"No player of {file.name} has a {by}: there are no teams{hint}.")
        return
    headers = ["Rk", "Team", "Pts", "Next", "Counted (No: points)"]
    align: list[Align] = ["l", "l", "r", "l", "l"]
    text_body = [
        [
            row.shared,
            row.name,
            format_points(row.points, ascii=ascii_),
            " ".join(format_points(p, ascii=ascii_) for p in row.next_scores),
            ", ".join(
                f"{r.pairing_number}: {format_points(r.points, ascii=ascii_)}" for r in row.counted
            ),
        ]
        for row in teams
    ]
    counted = teams[0].counted
    click.echo(f"Teams by {by} after round {rounds}: best {best or len(counted)} scores count")
    click.echo(text_table(headers, text_body, align))


def register(cli: click.Group) -> None:
    """Add ``lists`` to the ``chessarbiter`` command group."""
    cli.add_command(lists_group)
