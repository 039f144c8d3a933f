"""``chessarbiter handicap eliminate``, ``pair`` and ``time-odds``: a handicap Swiss with
elimination on personal limits of lost points (who is out after each round; the next round's
pairing of the players still in), and a game's clocks under time odds. The rules are in
:mod:`chessarbiter.special.handicap` (Team Competitions 1972).

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``).
"""

from __future__ import annotations

import json

import click

from chessarbiter import limits
from chessarbiter.cli.special.options import json_option, plain_decimal
from chessarbiter.editions import DutchEdition
from chessarbiter.model import Colour
from chessarbiter.registration import RATING_MAX
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
    limits, and time odds."""


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


@handicap_group.command("pair")
@click.option(
    "--player",
    "players",
    multiple=True,
    required=True,
    help="A player and his limit of lost points: NAME=LIMIT; repeat, in the order of the "
    f"initial ranking (strongest first), at most {limits.MAX_ENTRIES} players.",
)
@click.option(
    "--round",
    "rounds",
    multiple=True,
    help='A played round\'s games: "A 1-0 B, C 1/2 D, E bye"; repeat in order.',
)
@click.option(
    "--rounds-total",
    type=click.IntRange(1, limits.MAX_ROUNDS),
    required=True,
    help="The number of rounds of the tournament.",
)
@click.option(
    "--edition",
    type=click.Choice([e.value for e in DutchEdition]),
    default=DutchEdition.DUTCH_2026.value,
    show_default=True,
    help="The FIDE (Dutch) rules that pair the Swiss.",
)
@click.option(
    "--initial-colour",
    type=click.Choice(["white", "black"]),
    default="white",
    show_default=True,
    help="The colour drawn by lot for the first player in round 1.",
)
@json_option
def pair_command(
    players: tuple[str, ...],
    rounds: tuple[str, ...],
    rounds_total: int,
    edition: str,
    initial_colour: str,
    as_json: bool,
) -> None:
    """The next round of a handicap Swiss with elimination (Team Competitions 1972): the
    players still in, paired by the FIDE (Dutch) system; the eliminated are not paired."""
    boards = hc.pair_handicap_round(
        [parse_player(p) for p in players],
        [hc.parse_round(r) for r in rounds],
        rounds_total,
        edition=DutchEdition(edition),
        initial_colour=Colour.WHITE if initial_colour == "white" else Colour.BLACK,
    )
    number = len(rounds) + 1
    if as_json:
        data = {
            "round": number,
            "boards": [{"white": w, "black": b} for w, b in boards if b is not None],
            "bye": next((w for w, b in boards if b is None), None),
        }
        click.echo(json.dumps(data))
        return
    click.echo(f"round {number}:")
    for white, black in boards:
        click.echo(f"{white} bye" if black is None else f"{white} - {black}")


@handicap_group.command("time-odds")
@click.option(
    "--table",
    required=True,
    help='The organiser\'s time odds: "0: 5400+30; 200: 4500+30 | 6300+30; ..." (from each '
    "rating difference on, the stronger player's control | the weaker's; PGN or FIDE "
    f"notation; the first step at 0 for both; at most {hc.MAX_ODDS_STEPS} steps).",
)
@click.option("--white", type=click.IntRange(0, RATING_MAX), required=True, help="White's rating.")
@click.option("--black", type=click.IntRange(0, RATING_MAX), required=True, help="Black's rating.")
@json_option
def time_odds_command(table: str, white: int, black: int, as_json: bool) -> None:
    """A game's clocks under time odds (Team Competitions 1972: a handicap in the time for
    thought rather than in material): White's and Black's controls from the table's step of
    their rating difference, and the TRF-2026 record-222 code."""
    odds = hc.parse_time_odds(table)
    step = odds.step(abs(white - black))
    controls = hc.game_controls(odds, white, black)
    if as_json:
        data = {
            "difference": abs(white - black),
            "step": step.difference,
            "white": controls.white.to_pgn(),
            "black": controls.black.to_pgn(),
            "trf": controls.to_trf(),
        }
        click.echo(json.dumps(data))
        return
    click.echo(f"rating difference {abs(white - black)}: the step from {step.difference}")
    click.echo(f"White ({white}): {controls.white.to_fide()}")
    click.echo(f"Black ({black}): {controls.black.to_fide()}")
    click.echo(f"TRF-2026 record 222: {controls.to_trf()}")
