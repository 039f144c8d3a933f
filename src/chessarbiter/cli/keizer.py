"""``chessarbiter keizer FILE``: the Keizer standings of a club season held as a TRF file.

A Keizer competition is ranked by Keizer scores, not by points and tie-breaks, so ``chessarbiter
standings`` does not serve it. The scores are
:func:`chessarbiter.pairing.keizer.scoring.keizer_scores`, the rows
:func:`~chessarbiter.pairing.keizer.scoring.keizer_table`, the settings a variant's preset
(:func:`~chessarbiter.pairing.keizer.scoring.settings_of`) changed by ``--set NAME=VALUE``
(:func:`~chessarbiter.pairing.keizer.scoring.settings_with`); this module reads the options and
prints. The next round of such a season is paired by ``chessarbiter --keizer FILE -p``.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import click

from chessarbiter import limits, trf
from chessarbiter.crosstable import Align, text_table
from chessarbiter.formatting import format_fraction
from chessarbiter.pairing.keizer.scoring import (
    KeizerRow,
    KeizerSettings,
    KeizerStandings,
    KeizerVariant,
    keizer_scores,
    keizer_table,
    setting_names,
    setting_text,
    settings_of,
    settings_with,
)
from chessarbiter.standings import resolve_completed_round

#: At most this many ``--set`` options (there are fewer settings than that).
MAX_SETTINGS = 64

HEADERS = ("Pl", "No", "Name", "Rtg", "Score", "Value", "Games", "W", "D", "Byes", "Abs")


def _changes(values: tuple[str, ...]) -> dict[str, str]:
    if len(values) > MAX_SETTINGS:
        raise click.BadParameter(f"at most {MAX_SETTINGS} settings", param_hint="--set")
    changes: dict[str, str] = {}
    for value in values:
        name, equals, text = value.partition("=")
        if not equals or not name.strip():
            raise click.BadParameter(f"{value!r}: write NAME=VALUE", param_hint="--set")
        changes[name.strip()] = text
    return changes


def keizer_json(
    rows: list[KeizerRow], standings: KeizerStandings, settings: KeizerSettings
) -> dict[str, Any]:
    """The JSON document of ``chessarbiter keizer --format json``: ``after_round``,
    ``converged``, ``iterations``, ``settings`` (as ``--set`` reads them back) and
    ``standings``, each row with ``score`` as an exact fraction (``"89/3"``) and
    ``score_value`` as a float."""
    return {
        "after_round": standings.rounds,
        "converged": standings.converged,
        "oscillated": standings.oscillated,
        "iterations": standings.iterations,
        "settings": {name: setting_text(settings, name) for name in setting_names()},
        "standings": [
            {
                "place": row.place,
                "pairing_number": row.number,
                "name": row.name,
                "rating": row.rating,
                "score": str(row.score),
                "score_value": float(row.score),
                "value": row.value,
                "games": row.games,
                "wins": row.wins,
                "draws": row.draws,
                "byes": row.byes,
                "absences": row.absences,
            }
            for row in rows
        ],
    }


def _cells(row: KeizerRow, *, ascii: bool) -> list[str]:
    return [
        str(row.place),
        str(row.number),
        row.name,
        str(row.rating or ""),
        format_fraction(row.score, ascii=ascii),
        str(row.value),
        str(row.games),
        str(row.wins),
        str(row.draws),
        str(row.byes),
        str(row.absences),
    ]


@click.command("keizer")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--variant",
    type=click.Choice([v.value for v in KeizerVariant]),
    default=KeizerVariant.CLASSIC.value,
    show_default=True,
    help="The preset of Keizer parameters (docs/keizer.md names each one's source).",
)
@click.option(
    "--set",
    "changes",
    multiple=True,
    metavar="NAME=VALUE",
    help="Change one parameter of the preset, e.g. --set bye=1/2 --set repeat_distance=none "
    f"(repeatable, at most {MAX_SETTINGS}; --show-settings lists them).",
)
@click.option(
    "--after-round",
    type=click.IntRange(min=0, max=limits.MAX_ROUNDS),
    default=None,
    metavar="N",
    help="Score rounds 1 to N only: a complete round, every result in (default: every "
    "round played).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "csv"]),
    default="text",
    show_default=True,
)
@click.option("--show-settings", is_flag=True, help="Print the parameters used, then stop.")
@click.option("--ascii", "ascii_", is_flag=True, help="Write 6.5 instead of 6½.")
def keizer_command(
    file: Path,
    variant: str,
    changes: tuple[str, ...],
    after_round: int | None,
    output_format: str,
    show_settings: bool,
    ascii_: bool,
) -> None:
    """Print the Keizer standings of the club season in the TRF file FILE: place, Keizer
    score, value number (what the next round is scored with), games, wins, draws, byes (club
    duty included) and absences."""
    settings = settings_with(settings_of(variant), _changes(changes))
    if show_settings:
        for name in setting_names():
            click.echo(f"{name}={setting_text(settings, name)}")
        return
    tournament = trf.load(file)
    rounds = resolve_completed_round(tournament, after_round)
    standings = keizer_scores(tournament, settings, rounds=rounds)
    rows = keizer_table(tournament, standings)
    if output_format == "json":
        document = keizer_json(rows, standings, settings)
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    if output_format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(HEADERS)
        writer.writerows(_cells(row, ascii=True) for row in rows)
        click.echo(out.getvalue(), nl=False)
        return
    align: list[Align] = ["r", "r", "l", "r", "r", "r", "r", "r", "r", "r", "r"]
    click.echo(text_table(HEADERS, [_cells(row, ascii=ascii_) for row in rows], align))
    if not standings.converged:
        why = (
            "the ranking oscillated: the last two scorings averaged"
            if standings.oscillated
            else (
                f"the ranking still changed after {standings.iterations} scorings (max_iterations)"
            )
        )
        click.echo(f"Note: {why}.")


def register(cli: click.Group) -> None:
    cli.add_command(keizer_command)
