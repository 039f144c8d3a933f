"""``chessarbiter standings FILE``: the standings and crosstable of a TRF file, as text, JSON, CSV
or HTML. The ranking is :mod:`chessarbiter.standings`, the tie-breaks :mod:`chessarbiter.tiebreaks`
(C.07), the tables :mod:`chessarbiter.crosstable` and :mod:`chessarbiter.output`; this module
reads the options and prints."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from chessarbiter import trf
from chessarbiter.crosstable import crosstable_text, standings_text
from chessarbiter.editions import TieBreakEdition
from chessarbiter.model import Tournament
from chessarbiter.output import standings_csv, standings_html
from chessarbiter.standings import Standing, ranking, resolve_after_round
from chessarbiter.tiebreaks import UnsupportedTieBreakError, acronyms, parse_list
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
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="Count rounds 1 to N only (default: every round played).",
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
    ascii_: bool,
) -> None:
    """Print the standings of the TRF file FILE: by points, then by the tie-breaks given
    (places shared when every one of them is equal)."""
    tournament = trf.load(file)
    rounds = resolve_after_round(tournament, after_round)
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
