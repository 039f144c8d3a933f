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

SCHEMES = ("fide-1997", "cup", "seeded")


def draw(
    entrants: list[brackets.Entrant], scheme: str, games: int | None
) -> tuple[list[brackets.Match], dict[int, str]]:
    """The bracket of ``scheme`` and the participants' names by the numbers it uses."""
    if scheme == "fide-1997":
        numbers = brackets.personal_numbers(entrants)
        matches = brackets.fide_1997(entrants)
        return matches, {n: e.name for n, e in zip(numbers, entrants, strict=True)}
    # cup and seeded work on numbers 1..n: the file's numbers, else the file order (cup) or
    # the rating order (seeded)
    if scheme == "cup":
        ordered = (
            sorted(entrants, key=lambda e: e.number if e.number is not None else 10**9)
            if all(e.number is not None for e in entrants)
            else list(entrants)
        )
        matches = brackets.cup(len(ordered), games or 1)
    else:
        ordered = brackets.seeds_by_rating(entrants)
        matches = brackets.seeded(len(ordered), games or 2)
    # seat k (1-based) is the participant ordered k-th; write his own number when he has one
    ids = [e.number if e.number is not None else k for k, e in enumerate(ordered, start=1)]
    if len(set(ids)) != len(ids):
        ids = list(range(1, len(ordered) + 1))
    renamed = [
        brackets.Match(
            m.number,
            m.stage,
            m.games,
            _seat(m.first, ids),
            _seat(m.second, ids),
        )
        for m in matches
    ]
    return renamed, {i: e.name for i, e in zip(ids, ordered, strict=True)}


def _seat(side: brackets.Side, ids: list[int]) -> brackets.Side:
    if side.number is None:
        return side
    return brackets.Side(number=ids[side.number - 1])


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
