"""``chessarbiter ratings FILE``: the FIDE rating change of each player of a TRF file, as an
aligned table or JSON. The rules are :mod:`chessarbiter.ratings.change` (B.02: games that count,
the 400- and 600-point rules, K, rounding, the initial rating of unrated players); this module
reads the options and prints.

``--json`` prints ``{"kind", "edition", "players": [...], "notes": [...]}``, each player as
:meth:`chessarbiter.ratings.change.PlayerRating.as_json` (``pairing_number``, ``name``,
``rating``, ``k``, ``games``, ``score``, ``expected``, ``rating_change``, ``performance``, ...).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from chessarbiter import trf
from chessarbiter.cli.options import after_round_option
from chessarbiter.crosstable import Align, text_table
from chessarbiter.editions import RatingEdition
from chessarbiter.formatting import format_points
from chessarbiter.ratings.change import DEFAULT_EDITION, PlayerRating, RatingReport, rating_report
from chessarbiter.standings import resolve_completed_round
from chessarbiter.timecontrol.laws import Category

__all__ = ["ratings_command", "ratings_text", "register"]


def _new(player: PlayerRating) -> str:
    """The New column: the new rating, or for an unrated player the initial rating (``-``
    when the event gives none)."""
    if player.new_rating is not None:
        return str(player.new_rating)
    return "-"


def ratings_text(report: RatingReport, *, ascii: bool = False) -> str:
    """The report as text: its notes, an aligned table (No, Name, Rtg, K, Games, Score, We,
    ΔR, New, Perf), then one line per player whose K was lowered or given, and per unrated
    player whose initial rating needs a word (none given, or capped)."""
    headers = ["No", "Name", "Rtg", "K", "Games", "Score", "We", "ΔR", "New", "Perf"]
    align: list[Align] = ["r", "l", "r", "r", "r", "r", "r", "r", "r", "r"]
    rows = []
    footnotes = []
    for p in report.players:
        rated = p.rating is not None
        rows.append(
            [
                str(p.number),
                p.name,
                str(p.rating) if rated else "",
                str(p.k.value) if p.k is not None else "",
                str(len(p.games)),
                format_points(p.score, ascii=ascii),
                f"{p.expected:.2f}" if rated else "",
                (f"{p.rating_change:+d}" if p.rating_change else "0") if rated else "",
                _new(p),
                str(p.performance) if p.performance is not None else "",
            ]
        )
        if p.k is not None and p.k.rule.startswith(("K × n", "given")):
            footnotes.append(f"{p.number}: K {p.k.value}, {p.k.rule}")
        if p.initial is not None and p.initial.reason and p.initial.games:
            footnotes.append(f"{p.number}: {p.initial.reason}")
    lines = [*report.notes, "", text_table(headers, rows, align)]
    if footnotes:
        lines += ["", *footnotes]
    return "\n".join(lines)


@click.command("ratings")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--k",
    "k",
    type=click.IntRange(1, 100),
    default=None,
    metavar="N",
    help="One K for every rated player (1-100), instead of B.02 8.3.3's rules; K × n ≤ 700 "
    "still applies.",
)
@click.option(
    "--kind",
    type=click.Choice([c.value for c in Category]),
    default=None,
    help="The rating list: standard, rapid or blitz (default: by the file's time control, "
    "standard when it has none).",
)
@click.option(
    "--edition",
    type=click.Choice([e.value for e in RatingEdition]),
    default=DEFAULT_EDITION.value,
    show_default=True,
    help="B.02 edition: 2025 (1 March 2024 as amended: 2650+ uncapped in standard, the "
    "600-point rule in rapid/blitz), 2024 (as first applied) or 2022 (one 400-point "
    "upgrade per event, the old initial rating).",
)
@after_round_option
@click.option("--ascii", "ascii_", is_flag=True, help="Write the scores as 6.5, not 6½.")
def ratings_command(
    file: Path,
    as_json: bool,
    k: int | None,
    kind: str | None,
    edition: str,
    after_round: int | None,
    ascii_: bool,
) -> None:
    """The FIDE rating change of each player of the TRF file FILE (B.02): the games that
    count, K, the expected score We, the change ΔR, the new rating, the performance; for an
    unrated player the initial rating this event gives (or why none)."""
    tournament = trf.load(file)
    rounds = resolve_completed_round(tournament, after_round)
    report = rating_report(
        tournament,
        kind=Category(kind) if kind is not None else None,
        edition=RatingEdition(edition),
        k=k,
        up_to_round=rounds,
    )
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
        return
    click.echo(ratings_text(report, ascii=ascii_))


def register(cli: click.Group) -> None:
    """Add ``ratings`` to the ``chessarbiter`` command group."""
    cli.add_command(ratings_command)
