"""The options the commands of published lists share (``chessarbiter standings``, ``prizes``,
``lists`` and ``demo``), each declared once here so that it reads, converts and fails the same in
every command; and :func:`event_ranking`, the ranking the tie-break options choose.

They translate only: the ranking is :func:`chessarbiter.standings.ranking` (C.07), the tie-break
lists :func:`chessarbiter.tiebreaks.parse_list`, the categories
:func:`chessarbiter.categories.parse_category`, the editions :class:`chessarbiter.editions.
TieBreakEdition`; every count is bounded by :mod:`chessarbiter.limits`."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from chessarbiter import limits
from chessarbiter.categories import Category, CategoryError, parse_category
from chessarbiter.editions import TieBreakEdition
from chessarbiter.model import Tournament
from chessarbiter.standings import Standing, ranking
from chessarbiter.tiebreaks import UnsupportedTieBreakError, acronyms, parse_list
from chessarbiter.tiebreaks.spec import TieBreakSpec

F = TypeVar("F", bound=Callable[..., Any])

#: The values of ``--format``, in the order ``--help`` and its error message list them.
OUTPUT_FORMATS = ("text", "json", "csv", "html")

format_option = click.option(
    "--format",
    "output_format",
    type=click.Choice(OUTPUT_FORMATS),
    default="text",
    show_default=True,
    help="text: aligned tables; json: a document; csv: one line per row with a header; "
    "html: a printable page (A4).",
)

after_round_option = click.option(
    "--after-round",
    type=click.IntRange(min=0, max=limits.MAX_ROUNDS),
    default=None,
    metavar="N",
    help="Count rounds 1 to N only: a complete round, every result in (default: every "
    "round played).",
)

tiebreaks_option = click.option(
    "--tiebreaks",
    default=None,
    metavar="LIST",
    help='C.07 tie-breaks in order, e.g. "BH/C1,BH,SB" (BH-C1 also accepted); '
    "available: " + ", ".join(acronyms()) + " with /Cn, /Mn and /L±n where C.07 allows "
    "them. Default: the file's TRF-2026 202/212 list (in a team event that list ranks the "
    'teams: none); "" for none (players equal on points then share their places).',
)

tiebreak_edition_option = click.option(
    "--edition",
    type=click.Choice([e.value for e in TieBreakEdition]),
    default=TieBreakEdition.C07_2026.value,
    show_default=True,
    help="Tie-break rules for unplayed rounds: C.07 of 1 March 2026 (categories, the dummy "
    "opponent capped), 2023 (C.07 2023/2024: the dummy at the player's own score) or legacy "
    "(C.02 13.15: the virtual opponent, opponents' unplayed rounds as draws).",
)

unrated_rating_option = click.option(
    "--unrated-rating",
    type=click.IntRange(min=0),
    default=None,
    metavar="R",
    help="The rating the regulations give unrated players in the rating tie-breaks (ARO, "
    "TPR, PTP, APRO, APPO, RTNG; C.07 10); default: they are left out (RTNG 0).",
)

lots_option = click.option(
    "--lots",
    type=int,
    default=None,
    metavar="SEED",
    help="Break the ties left after every tie-break by drawing lots with this seed (C.07 "
    "4.2; publish the seed: the same seed gives the same draw); default: shared places.",
)


def ranking_options(function: F) -> F:
    """``--tiebreaks``, ``--edition``, ``--unrated-rating`` and ``--lots``: the options of
    :func:`event_ranking`, in that order in ``--help``."""
    for option in (lots_option, unrated_rating_option, tiebreak_edition_option, tiebreaks_option):
        function = option(function)
    return function


def _category(ctx: click.Context, param: click.Parameter, value: str | None) -> Category | None:
    """The category of ``--category`` (:func:`chessarbiter.categories.parse_category`); one
    that cannot be read is a usage error naming the option."""
    if value is None:
        return None
    try:
        return parse_category(value)
    except CategoryError as exc:
        raise click.UsageError(f"--category: {exc}", ctx) from exc


category_option = click.option(
    "--category",
    default=None,
    metavar="CATEGORY",
    callback=_category,
    help='Only the players of a category, with their place in it and overall, e.g. "U12", '
    '"50+", "F", "FED=GER", "CLUB=name", "RATING<1800", "1600-1799", "UNRATED", joined by '
    '"&" (both) and "|" (either): "U12&F|U10".',
)


def _date(
    ctx: click.Context, param: click.Parameter, value: datetime.datetime | None
) -> datetime.date | None:
    return value.date() if value is not None else None


reference_date_option = click.option(
    "--reference-date",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    default=None,
    callback=_date,
    metavar="YYYY-MM-DD",
    help="The day ages are counted on for age categories (default: 1 January of the year the "
    "event starts, the FIDE youth rule; senior categories count the year only).",
)

ascii_option = click.option(
    "--ascii", "ascii_", is_flag=True, help='Write draws as "=" and points as 6.5.'
)


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
