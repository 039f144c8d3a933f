"""``chessarbiter standings FILE``: the standings and crosstable of a TRF file, as text, JSON, CSV
or HTML. The ranking is :mod:`chessarbiter.standings`, the tie-breaks :mod:`chessarbiter.tiebreaks`
(C.07), the tables :mod:`chessarbiter.crosstable` and :mod:`chessarbiter.output`, the lists by
category :mod:`chessarbiter.categories` and :func:`chessarbiter.standings.category_ranking`; this
module reads the options and prints."""

from __future__ import annotations

import datetime
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from chessarbiter import trf
from chessarbiter.categories import Category, default_reference_date
from chessarbiter.cli.options import (
    after_round_option,
    ascii_option,
    category_option,
    event_ranking,
    format_option,
    ranking_options,
    reference_date_option,
)
from chessarbiter.crosstable import Align, crosstable_text, standings_text, text_table
from chessarbiter.formatting import format_points, format_tiebreak
from chessarbiter.model import Tournament
from chessarbiter.output import (
    PageHeader,
    category_csv,
    category_table,
    html_page,
    standings_csv,
    standings_html,
)
from chessarbiter.standings import (
    CategoryStanding,
    Standing,
    category_ranking,
    resolve_completed_round,
)
from chessarbiter.tiebreaks.breakdown import breakdown


def standings_json(rows: Sequence[Standing]) -> dict[str, list[dict[str, Any]]]:
    """The JSON document of ``chessarbiter standings --format json``.

    Each row has ``rank`` (the first place of a shared place), ``pairing_number``, ``name``,
    ``points`` (a float), ``tiebreaks`` (name to float), then ``shared_rank`` (``"3-5"``),
    ``rating`` (``null`` when unrated), ``federation``, ``games_played``, ``withdrawn`` and
    ``lot`` (the number drawn when lots decided the place, else ``null``).

    >>> from decimal import Decimal
    >>> row = Standing(1, 1, 5, "Ann", 2000, "ENG", Decimal("6.5"), 9, ())
    >>> standings_json([row])["standings"][0]["points"]
    6.5
    """
    return {
        "standings": [
            {
                "rank": row.rank,
                "pairing_number": row.pairing_number,
                "name": row.name,
                "points": float(row.points),
                "tiebreaks": {name: float(value) for name, value in row.tiebreaks.items()},
                "shared_rank": row.shared,
                "rating": row.rating,
                "federation": row.federation,
                "games_played": row.games_played,
                "withdrawn": row.withdrawn,
                "lot": row.lot,
            }
            for row in rows
        ]
    }


@click.command("standings")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@format_option
@after_round_option
@category_option
@reference_date_option
@ranking_options
@click.option(
    "--explain",
    "explain",
    type=int,
    multiple=True,
    metavar="N",
    help="Instead of the tables, show how each tie-break of player N was computed "
    "(opponents, their counted scores, dummy or virtual opponents, what was cut); repeatable.",
)
@ascii_option
def standings_command(
    file: Path,
    output_format: str,
    after_round: int | None,
    tiebreaks: str | None,
    edition: str,
    explain: tuple[int, ...],
    lots: int | None,
    unrated_rating: int | None,
    category: Category | None,
    reference_date: datetime.date | None,
    ascii_: bool,
) -> None:
    """Print the standings of the TRF file FILE: by points, then by the tie-breaks given
    (places shared when every one of them is equal). As text: the standings, a blank line,
    then the crosstable; as JSON or CSV: the standings only; as HTML: a printable page of the
    standings with every round. With --category: that category's list instead."""
    tournament = trf.load(file)
    rounds = resolve_completed_round(tournament, after_round)
    specs, rows = event_ranking(
        tournament,
        file,
        tiebreaks,
        rounds,
        edition=edition,
        unrated_rating=unrated_rating,
        lots=lots,
    )
    if category is not None and not explain:
        day = category_reference_date(tournament, category, reference_date)
        listed = category_ranking(tournament, rows, category, reference_date=day)
        _print_category(tournament, listed, category, day, rounds, output_format, ascii_=ascii_)
        return
    if explain:
        for number in explain:
            if number not in tournament.players:
                raise click.UsageError(f"--explain {number}: no player has that pairing number")
            for spec in specs:
                click.echo("\n".join(breakdown(tournament, number, spec, rounds, edition)))
        return
    if output_format == "json":
        click.echo(json.dumps(standings_json(rows), indent=2, ensure_ascii=False))
        return
    if output_format == "csv":
        click.echo(standings_csv(rows), nl=False)
        return
    if output_format == "html":
        title = tournament.name or file.stem
        rule = f"tie-breaks: {', '.join(s.name for s in specs)} ({edition})" if specs else ""
        subtitle = f"Standings after round {rounds}" + (f"; {rule}" if rule else "")
        click.echo(standings_html(rows, title, subtitle), nl=False)
        return
    click.echo(standings_text(rows, ascii=ascii_))
    drawn = [row for row in rows if row.lot is not None]
    if drawn:
        places = ", ".join(f"{row.rank}: {row.pairing_number}" for row in drawn)
        click.echo(f"Places drawn by lot (C.07 4.2, seed {lots}): {places}")
    click.echo()
    click.echo(crosstable_text(tournament, rounds, rows=rows, ascii=ascii_))


def category_reference_date(
    tournament: Tournament, category: Category, given: datetime.date | None
) -> datetime.date:
    """The ``--reference-date`` given, else 1 January of the event's year
    (:func:`chessarbiter.categories.default_reference_date`); a usage error when an age
    category needs one and the file has no date."""
    if given is not None:
        return given
    day = default_reference_date(tournament)
    if day is not None:
        return day
    if category.uses_age:
        raise click.UsageError(
            f"--category {category.name}: ages need a reference date and the file gives no "
            "start or end date (TRF 042/052); give --reference-date YYYY-MM-DD"
        )
    return datetime.date.today()


def category_json(
    rows: Sequence[CategoryStanding], category: Category, day: datetime.date, rounds: int
) -> dict[str, Any]:
    """The JSON document of a category list: ``category``, ``reference_date``,
    ``after_round`` and ``standings``, each row the row of :func:`standings_json` with
    ``category_rank`` (the first place of a shared one) and ``shared_category_rank``
    (``"2-3"``) added; its ``rank`` is the overall place."""
    overall = standings_json([row.standing for row in rows])["standings"]
    return {
        "category": category.name,
        "reference_date": day.isoformat(),
        "after_round": rounds,
        "standings": [
            {"category_rank": row.place, "shared_category_rank": row.shared, **entry}
            for row, entry in zip(rows, overall, strict=True)
        ],
    }


def category_text(rows: Sequence[CategoryStanding], *, ascii: bool = False) -> str:
    """A category list as an aligned table: Pl (the place in the category), Rk (overall), No,
    Name, Rtg, Fed, Pts and the tie-breaks."""
    names = list(rows[0].standing.tiebreaks) if rows else []
    headers = ["Pl", "Rk", "No", "Name", "Rtg", "Fed", "Pts", *names]
    body = [
        [
            row.shared,
            row.standing.shared,
            str(row.standing.pairing_number),
            row.standing.name + (" (withdrawn)" if row.standing.withdrawn else ""),
            str(row.standing.rating or ""),
            row.standing.federation,
            format_points(row.standing.points, ascii=ascii),
            *(format_tiebreak(row.standing.tiebreaks[n]) for n in names),
        ]
        for row in rows
    ]
    align: list[Align] = ["l", "l", "r", "l", "r", "l", "r"]
    return text_table(headers, body, align + ["r"] * len(names))


def _print_category(
    tournament: Tournament,
    rows: Sequence[CategoryStanding],
    category: Category,
    day: datetime.date,
    rounds: int,
    output_format: str,
    *,
    ascii_: bool,
) -> None:
    if output_format == "json":
        click.echo(json.dumps(category_json(rows, category, day, rounds), indent=2))
        return
    dated = f", ages on {day.isoformat()}" if category.uses_age else ""
    heading = f"Category {category.name} after round {rounds}{dated}: {len(rows)} players"
    if output_format == "csv":
        click.echo(category_csv(rows), nl=False)
        return
    if output_format == "html":
        table = category_table(rows, heading)
        click.echo(html_page(PageHeader.of(tournament), [table]), nl=False)
        return
    click.echo(heading)
    click.echo(category_text(rows, ascii=ascii_))


def register(cli: click.Group) -> None:
    """Add ``standings`` to the ``chessarbiter`` command group."""
    cli.add_command(standings_command)
