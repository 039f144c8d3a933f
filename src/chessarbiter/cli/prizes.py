"""``chessarbiter prizes FILE --prizes PRIZES.toml``: the prize list of a TRF file. The prize
table and its allocation (one prize per player, shared money, categories) are
:mod:`chessarbiter.prizes`, the ranking :func:`chessarbiter.standings.ranking`; this module reads
the options and prints."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import click

from chessarbiter import limits, trf
from chessarbiter.cli.standings import event_ranking
from chessarbiter.editions import TieBreakEdition
from chessarbiter.output import PageHeader, html_page, prize_table
from chessarbiter.prizes import (
    allocate,
    category_members,
    load_prize_table,
    prize_list_csv,
    prize_list_json,
    prize_list_text,
)
from chessarbiter.standings import resolve_completed_round
from chessarbiter.tiebreaks import acronyms


@click.command("prizes")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--prizes",
    "prizes_file",
    required=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    metavar="PRIZES.toml",
    help="The prize table (TOML): currency, unit, sharing (hort, equal or tie-break), "
    "precedence (place, category or table) and one [[prize]] per prize, with place or "
    "category, amount and/or description.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "csv", "html"]),
    default="text",
    show_default=True,
    help="text: the prize list as a table; json or csv: one entry per player awarded; "
    "html: a printable page (A4).",
)
@click.option(
    "--tiebreaks",
    default=None,
    metavar="LIST",
    help='C.07 tie-breaks in order, e.g. "BH/C1,BH,SB"; available: '
    + ", ".join(acronyms())
    + '. Default: the file\'s TRF-2026 202/212 list; "" for none (players equal on points '
    "then share their places).",
)
@click.option(
    "--edition",
    type=click.Choice([e.value for e in TieBreakEdition]),
    default=TieBreakEdition.C07_2026.value,
    show_default=True,
    help="Tie-break rules for unplayed rounds (see chessarbiter standings --help).",
)
@click.option(
    "--after-round",
    type=click.IntRange(min=0, max=limits.MAX_ROUNDS),
    default=None,
    metavar="N",
    help="The ranking after round N, from 0 to the last round played, a complete round "
    "(default: every round played).",
)
@click.option(
    "--lots",
    type=int,
    default=None,
    metavar="SEED",
    help="Break the ties left after every tie-break by drawing lots with this seed (C.07 4.2).",
)
@click.option(
    "--reference-date",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    metavar="YYYY-MM-DD",
    help="The day ages are counted on for age categories (default: the table's "
    "reference_date, else 1 January of the year the event starts).",
)
def prizes_command(
    file: Path,
    prizes_file: Path,
    output_format: str,
    tiebreaks: str | None,
    edition: str,
    after_round: int | None,
    lots: int | None,
    reference_date: datetime.datetime | None,
) -> None:
    """Print the prize list of the TRF file FILE for the prize table PRIZES.toml: each player
    at most one prize, the best for him; money of tied players shared as the table says."""
    table = load_prize_table(prizes_file)
    tournament = trf.load(file)
    rounds = resolve_completed_round(tournament, after_round)
    _, rows = event_ranking(tournament, file, tiebreaks, rounds, edition=edition, lots=lots)
    on = reference_date.date() if reference_date is not None else None
    result = allocate(table, rows, category_members(table, tournament, on))
    if output_format == "json":
        click.echo(json.dumps(prize_list_json(result), indent=2, ensure_ascii=False))
    elif output_format == "csv":
        click.echo(prize_list_csv(result), nl=False)
    elif output_format == "html":
        listed = prize_table(result, f"Prize list after round {rounds}")
        click.echo(html_page(PageHeader.of(tournament), [listed]), nl=False)
    else:
        click.echo(prize_list_text(result))


def register(cli: click.Group) -> None:
    """Add ``prizes`` to the ``chessarbiter`` command group."""
    cli.add_command(prizes_command)
