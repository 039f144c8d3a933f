"""``chessarbiter prizes FILE --prizes PRIZES.toml``: the prize list of a TRF file. The prize
table and its allocation (one prize per player, shared money, categories) are
:mod:`chessarbiter.prizes`, the ranking :func:`chessarbiter.standings.ranking`; this module reads
the options and prints."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import click

from chessarbiter import trf
from chessarbiter.cli.options import (
    after_round_option,
    event_ranking,
    format_option,
    ranking_options,
    reference_date_option,
)
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
@format_option
@after_round_option
@reference_date_option
@ranking_options
def prizes_command(
    file: Path,
    prizes_file: Path,
    output_format: str,
    after_round: int | None,
    reference_date: datetime.date | None,
    tiebreaks: str | None,
    edition: str,
    unrated_rating: int | None,
    lots: int | None,
) -> None:
    """Print the prize list of the TRF file FILE for the prize table PRIZES.toml: each player
    at most one prize, the best for him; money of tied players shared as the table says. As
    text: the prize list as a table; as JSON or CSV: one entry per player awarded; as HTML: a
    printable page. The ranking is the one chessarbiter standings prints with the same
    options; ages are counted on --reference-date, else on the table's reference_date."""
    table = load_prize_table(prizes_file)
    tournament = trf.load(file)
    rounds = resolve_completed_round(tournament, after_round)
    _, rows = event_ranking(
        tournament,
        file,
        tiebreaks,
        rounds,
        edition=edition,
        unrated_rating=unrated_rating,
        lots=lots,
    )
    result = allocate(table, rows, category_members(table, tournament, reference_date))
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
