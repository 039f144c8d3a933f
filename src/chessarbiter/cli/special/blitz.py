"""``chessarbiter blitz claim``: blitz draw claims. The rule is in :mod:`chessarbiter.special.blitz`
(Team Competitions 1972, rule 2 of the blitz additions).

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``); a rejected claim exits with 1.
"""

from __future__ import annotations

import json

import click

from chessarbiter.cli.special.options import json_option, split_san
from chessarbiter.special import blitz as bz


@click.group("blitz")
def blitz_group() -> None:
    """Blitz draw claims (Team Competitions 1972)."""


@blitz_group.command("claim")
@click.argument("fen")
@click.option(
    "--ground",
    type=click.Choice([g.value for g in bz.DrawGround], case_sensitive=False),
    default=bz.DrawGround.PIECES.value,
    show_default=True,
    help="The ground of the claim (Team Competitions 1972, blitz rule 2).",
)
@click.option("--moves", "moves_text", default="", help="SAN moves played from FEN (repetition).")
@json_option
@click.pass_context
def blitz_claim_command(
    ctx: click.Context, fen: str, ground: str, moves_text: str, as_json: bool
) -> None:
    """Judge a blitz draw claim in FEN (Team Competitions 1972): stalemate, agreement, both flags
    fallen, repetition, perpetual check, or one like piece each without pawns. Exits with 1 if the
    claim is rejected."""
    claim = bz.blitz_draw_claim(fen, ground, moves=split_san((moves_text,)))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "ground": claim.ground.value,
                    "verdict": claim.verdict.value,
                    "reason": claim.reason,
                    "fen": claim.fen,
                }
            )
        )
    else:
        click.echo(f"{claim.verdict.value}: {claim.reason}")
    if claim.verdict is bz.Verdict.REJECTED:
        ctx.exit(1)
