"""``chessarbiter handicap eliminate``: a handicap Swiss with elimination on personal limits of
lost points. The rules are in :mod:`chessarbiter.special.handicap` (Team Competitions 1972).

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``).
"""

from __future__ import annotations

import json

import click

from chessarbiter import limits
from chessarbiter.cli.special.options import json_option, plain_decimal
from chessarbiter.special import handicap as hc


def parse_player(text: str) -> hc.HandicapPlayer:
    """``NAME=LIMIT``.

    >>> parse_player("Averbakh=1.5")
    HandicapPlayer(name='Averbakh', limit=Decimal('1.5'))
    """
    name, sep, limit = text.partition("=")
    if not sep or not name.strip() or " " in name.strip():
        raise hc.HandicapError(f"bad player {text!r} (write NAME=LIMIT, e.g. Averbakh=1.5)")
    return hc.HandicapPlayer(name.strip(), hc.parse_limit(limit))


@click.group("handicap")
def handicap_group() -> None:
    """Handicap tournaments (Team Competitions 1972): a Swiss with elimination on personal
    limits."""


@handicap_group.command("eliminate")
@click.option(
    "--player",
    "players",
    multiple=True,
    required=True,
    help="A player and his limit of lost points: NAME=LIMIT (e.g. Averbakh=1.5); repeat, at "
    f"most {limits.MAX_ENTRIES} players.",
)
@click.option(
    "--round",
    "rounds",
    multiple=True,
    help='A round\'s games: "A 1-0 B, C 1/2 D, E bye"; repeat in order, at most '
    f"{limits.MAX_ROUNDS} rounds.",
)
@json_option
def eliminate_command(players: tuple[str, ...], rounds: tuple[str, ...], as_json: bool) -> None:
    """Who is eliminated after each round of a handicap Swiss (Team Competitions 1972: each player's
    own limit of lost points, 1½, 2, ... 5)."""
    reports = hc.run_handicap(
        [parse_player(p) for p in players], [hc.parse_round(r) for r in rounds]
    )
    if as_json:
        data = [
            {
                "round": r.round,
                "eliminated": list(r.eliminated),
                "still_in": list(r.still_in),
                "players": [
                    {
                        "name": p.name,
                        "limit": plain_decimal(p.limit),
                        "games": p.games,
                        "score": plain_decimal(p.score),
                        "lost": plain_decimal(p.lost),
                        "eliminated_in": p.eliminated_in,
                    }
                    for p in r.players
                ],
            }
            for r in reports
        ]
        click.echo(json.dumps({"rounds": data}))
        return
    for r in reports:
        out = ", ".join(r.eliminated) or "nobody"
        click.echo(f"round {r.round}: eliminated {out}; still in: {', '.join(r.still_in)}")
    if reports:
        click.echo("player\tlimit\tgames\tscore\tlost\teliminated")
        for p in reports[-1].players:
            when = f"round {p.eliminated_in}" if p.eliminated_in else "-"
            click.echo(
                f"{p.name}\t{plain_decimal(p.limit)}\t{p.games}\t{plain_decimal(p.score)}\t"
                f"{plain_decimal(p.lost)}\t{when}"
            )
