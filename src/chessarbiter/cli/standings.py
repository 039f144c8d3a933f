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

from chessarbiter import limits, trf
from chessarbiter.categories import Category, CategoryError, default_reference_date, parse_category
from chessarbiter.crosstable import Align, crosstable_text, standings_text, text_table
from chessarbiter.editions import TieBreakEdition
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
    ranking,
    resolve_completed_round,
)
from chessarbiter.tiebreaks import UnsupportedTieBreakError, acronyms, parse_list
from chessarbiter.tiebreaks.breakdown import breakdown
from chessarbiter.tiebreaks.spec import TieBreakSpec


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
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "csv", "html"]),
    default="text",
    show_default=True,
    help="text: the standings, a blank line, then the crosstable; json or csv: the standings "
    "only; html: a printable page (A4) of the standings with every round.",
)
@click.option(
    "--after-round",
    type=click.IntRange(min=0, max=limits.MAX_ROUNDS),
    default=None,
    metavar="N",
    help="Count rounds 1 to N only: a complete round, every result in (default: every "
    "round played).",
)
@click.option(
    "--category",
    default=None,
    metavar="CATEGORY",
    help='Only the players of a category, with their place in it and overall, e.g. "U12", '
    '"50+", "F", "FED=GER", "CLUB=name", "RATING<1800", "1600-1799", "UNRATED", joined by '
    '"&" (both) and "|" (either): "U12&F|U10".',
)
@click.option(
    "--reference-date",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    metavar="YYYY-MM-DD",
    help="The day ages are counted on for age categories (default: 1 January of the year the "
    "event starts, the FIDE youth rule; senior categories count the year only).",
)
@click.option(
    "--tiebreaks",
    default=None,
    metavar="LIST",
    help='C.07 tie-breaks in order, e.g. "BH/C1,BH,SB" (BH-C1 also accepted); '
    "available: " + ", ".join(acronyms()) + " with /Cn, /Mn and /L±n where C.07 allows "
    "them. Default: the file's TRF-2026 202/212 list (in a team event that list ranks the "
    'teams: none); "" for none.',
)
@click.option(
    "--edition",
    type=click.Choice([e.value for e in TieBreakEdition]),
    default=TieBreakEdition.C07_2026.value,
    show_default=True,
    help="Tie-break rules for unplayed rounds: C.07 of 1 March 2026 (categories, the dummy "
    "opponent capped), 2023 (C.07 2023/2024: the dummy at the player's own score) or legacy "
    "(C.02 13.15: the virtual opponent, opponents' unplayed rounds as draws).",
)
@click.option(
    "--explain",
    "explain",
    type=int,
    multiple=True,
    metavar="N",
    help="Instead of the tables, show how each tie-break of player N was computed "
    "(opponents, their counted scores, dummy or virtual opponents, what was cut); repeatable.",
)
@click.option(
    "--unrated-rating",
    type=click.IntRange(min=0),
    default=None,
    metavar="R",
    help="The rating the regulations give unrated players in the rating tie-breaks (ARO, "
    "TPR, PTP, APRO, APPO, RTNG; C.07 10); default: they are left out (RTNG 0).",
)
@click.option(
    "--lots",
    type=int,
    default=None,
    metavar="SEED",
    help="Break the ties left after every tie-break by drawing lots with this seed (C.07 "
    "4.2; publish the seed: the same seed gives the same draw); default: shared places.",
)
@click.option("--ascii", "ascii_", is_flag=True, help='Write draws as "=" and points as 6.5.')
def standings_command(
    file: Path,
    output_format: str,
    after_round: int | None,
    tiebreaks: str | None,
    edition: str,
    explain: tuple[int, ...],
    lots: int | None,
    unrated_rating: int | None,
    category: str | None,
    reference_date: datetime.datetime | None,
    ascii_: bool,
) -> None:
    """Print the standings of the TRF file FILE: by points, then by the tie-breaks given
    (places shared when every one of them is equal)."""
    tournament = trf.load(file)
    chosen = option_category(category) if category is not None else None
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
    if chosen is not None and not explain:
        day = category_reference_date(tournament, chosen, reference_date)
        listed = category_ranking(tournament, rows, chosen, reference_date=day)
        _print_category(tournament, listed, chosen, day, rounds, output_format, ascii_=ascii_)
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


def event_ranking(
    tournament: Tournament,
    file: Path,
    tiebreaks: str | None,
    rounds: int,
    *,
    edition: str = TieBreakEdition.C07_2026.value,
    unrated_rating: int | None = None,
    lots: int | None = None,
) -> tuple[list[TieBreakSpec], list[Standing]]:
    """The event's ranking after ``rounds`` (:func:`chessarbiter.standings.ranking`) by the
    tie-breaks of ``--tiebreaks`` or, when ``tiebreaks`` is ``None``, of the file (by points
    only, with a note, when the library cannot compute the file's)."""
    try:
        specs = parse_list(_files_tiebreaks(tournament, file) if tiebreaks is None else tiebreaks)
        rows = ranking(
            tournament, specs, rounds, edition=edition, unrated_rating=unrated_rating, lots=lots
        )
    except UnsupportedTieBreakError as exc:
        if tiebreaks is not None:
            raise click.UsageError(f"--tiebreaks: {exc}") from exc
        record = "/".join(tournament.tiebreak_records)
        click.echo(
            f"note: {file}: the tie-breaks of record {record} cannot be used ({exc}); "
            "the standings are by points only (choose tie-breaks with --tiebreaks)",
            err=True,
        )
        specs, rows = [], ranking(tournament, (), rounds, lots=lots)
    return specs, rows


def option_category(text: str) -> Category:
    """The category of a ``--category`` option; a category that cannot be read is a usage
    error naming the option."""
    try:
        return parse_category(text)
    except CategoryError as exc:
        raise click.UsageError(f"--category: {exc}") from exc


def category_reference_date(
    tournament: Tournament, category: Category, given: datetime.datetime | None
) -> datetime.date:
    """The ``--reference-date`` given, else 1 January of the event's year
    (:func:`chessarbiter.categories.default_reference_date`); a usage error when an age
    category needs one and the file has no date."""
    if given is not None:
        return given.date()
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


def _files_tiebreaks(tournament: Tournament, file: Path) -> str:
    """The file's list of the players' tie-breaks. In a team event the file's ``202``/``212``
    list ranks the teams (the model keeps it apart): the players' standings then have none
    from the file, and a note says so."""
    if tournament.is_team_event and tournament.team_tiebreaks and not tournament.tiebreaks:
        record = "/".join(tournament.tiebreak_records)
        click.echo(
            f"note: {file}: record {record} lists the teams' tie-breaks "
            f"({','.join(tournament.team_tiebreaks)}); the players' standings use none "
            "(choose them with --tiebreaks)",
            err=True,
        )
    return ",".join(tournament.tiebreaks)


def register(cli: click.Group) -> None:
    """Add ``standings`` to the ``chessarbiter`` command group."""
    cli.add_command(standings_command)
