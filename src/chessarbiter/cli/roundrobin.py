"""``chessarbiter roundrobin``: print the Berger table of a round robin (FIDE C.05 Annex 1). The
tables, the double round robin and its exchanged rounds are in
:mod:`chessarbiter.pairing.roundrobin`."""

from __future__ import annotations

import json

import click

from chessarbiter import limits
from chessarbiter.pairing.roundrobin import (
    BYE,
    Pair,
    berger_table,
    double_round_robin,
    exchanged_rounds,
)


def rounds_as_json(rounds: list[list[Pair]]) -> str:
    """``{"rounds": [{"round": 1, "pairs": [[white, black], ...]}, ...]}``, a bye as ``[p, 0]``.

    >>> rounds_as_json([[(1, 0), (2, 3)]])
    '{"rounds": [{"round": 1, "pairs": [[1, 0], [2, 3]]}]}'
    """
    return json.dumps(
        {
            "rounds": [
                {"round": r, "pairs": [[white, black] for white, black in pairs]}
                for r, pairs in enumerate(rounds, start=1)
            ]
        }
    )


def rounds_as_text(rounds: list[list[Pair]]) -> list[str]:
    """One line per round: ``Round 1: 1-4 2-3``; a bye is written ``3-bye``.

    >>> rounds_as_text([[(1, 0), (2, 3)], [(2, 0), (3, 1)]])
    ['Round 1: 1-bye 2-3', 'Round 2: 2-bye 3-1']
    """
    width = len(str(len(rounds)))
    lines = []
    for r, pairs in enumerate(rounds, start=1):
        boards = " ".join(
            f"{white}-bye" if black == BYE else f"{white}-{black}" for white, black in pairs
        )
        lines.append(f"Round {r:>{width}}: {boards}")
    return lines


@click.command("roundrobin")
@click.option(
    "--players",
    "-n",
    "players",
    type=int,
    required=True,
    metavar="N",
    help=f"Number of players, 2 to {limits.MAX_ROUND_ROBIN_PLAYERS}; an odd number adds a bye.",
)
@click.option(
    "--double",
    is_flag=True,
    help="Double round robin: a second cycle with colours reversed.",
)
@click.option(
    "--no-swap",
    is_flag=True,
    help="With --double: keep the last two rounds of the first cycle in table order "
    "(plain BERGER_DOUBLEROUNDROBIN) instead of exchanging them as FIDE recommends.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def roundrobin_command(players: int, double: bool, no_swap: bool, as_json: bool) -> None:
    """Print the Berger table for N players (FIDE C.05 Annex 1), by pairing number.

    Each board is white-black. With an odd N, the player paired with the dummy number N + 1
    has a bye, written "P-bye" (JSON: [P, 0]).
    """
    if no_swap and not double:
        raise click.UsageError("--no-swap applies only with --double")
    if double:
        rounds = double_round_robin(players, swap_last_two=not no_swap)
    else:
        rounds = berger_table(players)
    if as_json:
        click.echo(rounds_as_json(rounds))
        return
    kind = "Double round robin" if double else "Round robin"
    note = ""
    if double:
        exchanged = exchanged_rounds(players, swap_last_two=not no_swap)
        note = (
            f"; rounds {exchanged[0]} and {exchanged[1]} exchanged in the first cycle"
            if exchanged is not None
            else "; no rounds exchanged"
        )
    click.echo(f"{kind}, {players} players, {len(rounds)} rounds (FIDE C.05 Annex 1){note}")
    for line in rounds_as_text(rounds):
        click.echo(line)


def register(cli: click.Group) -> None:
    """Add the ``roundrobin`` command to ``cli``."""
    cli.add_command(roundrobin_command)
