"""``chessarbiter knockout draw PLAYERS.tsv --scheme fide-1997|cup|seeded``: the bracket.

The players file is tab-separated with a header: ``number`` and ``name`` required,
``entry_stage`` and rating columns (``elo_*``/``rating*``: the current list first, earlier
lists for ties) as in ``groningen1997-players.tsv``. Output: ``tsv`` (``match stage games first
second``, a side being a number or ``W<k>``, the winner of match k), ``json``, or ``html`` (a
printable SVG bracket).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from chessarbiter import limits
from chessarbiter.pairing.knockout import brackets
from chessarbiter.pairing.knockout.bracket_svg import bracket_html
from chessarbiter.trf import read_text

SCHEMES = brackets.SCHEMES


def draw(
    entrants: list[brackets.Entrant], scheme: str, games: int | None
) -> tuple[list[brackets.Match], dict[int, str]]:
    """The bracket of ``scheme`` (the library's draw, :func:`brackets.draw`) and the
    participants' names by the numbers it is written with: the personal numbers of Stage by
    Stage 1997; for the cup and the seeded bracket each participant's own number from the file
    when he has one (and they are distinct), else his seat."""
    drawn = brackets.draw(entrants, scheme, games)
    if scheme == "fide-1997":
        return drawn.matches, {n: e.name for n, e in zip(drawn.numbers, entrants, strict=True)}
    seated = sorted(zip(drawn.numbers, entrants, strict=True), key=lambda x: x[0])
    ids = {seat: e.number if e.number is not None else seat for seat, e in seated}
    if len(set(ids.values())) != len(ids):
        ids = {seat: seat for seat, _ in seated}
    return brackets.renumber(drawn.matches, ids), {ids[seat]: e.name for seat, e in seated}


def register(group: click.Group) -> None:
    @group.command("draw")
    @click.argument("players", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option("--scheme", type=click.Choice(SCHEMES), default="fide-1997", show_default=True)
    @click.option(
        "--format",
        "fmt",
        type=click.Choice(("tsv", "json", "html")),
        default="tsv",
        show_default=True,
    )
    @click.option(
        "--games",
        type=click.IntRange(1, limits.MAX_MATCH_GAMES),
        default=None,
        help=f"Main games a match (cup, seeded), 1 to {limits.MAX_MATCH_GAMES}.",
    )
    @click.option("--title", default="", help="Title of the HTML bracket.")
    def draw_command(players: Path, scheme: str, fmt: str, games: int | None, title: str) -> None:
        """Draw the bracket of a knockout event from its players file.

        The file is UTF-8 or Windows-1252 (Latin-1) text, at most 16 MiB, with at most
        10,000 participants. Exit 3 for a malformed file or an impossible field.
        """
        # a malformed file or an impossible field: ChessArbiterError, exit 3 (cli.main)
        entrants = brackets.read_players_tsv(read_text(players), str(players))
        matches, names = draw(entrants, scheme, games)
        if fmt == "tsv":
            click.echo(brackets.to_tsv(matches), nl=False)
        elif fmt == "json":
            rows = [
                {
                    "match": m.number,
                    "stage": m.stage,
                    "games": m.games,
                    "first": str(m.first),
                    "second": str(m.second),
                }
                for m in matches
            ]
            click.echo(json.dumps({"matches": rows, "names": names}, ensure_ascii=False, indent=1))
        else:
            click.echo(bracket_html(matches, names, title or players.stem))
