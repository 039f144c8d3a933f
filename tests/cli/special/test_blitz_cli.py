"""``chessarbiter blitz`` (:mod:`chessarbiter.cli.special.blitz`), run through the groups
:func:`chessarbiter.cli.special.register` adds."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner, Result

from chessarbiter.cli.special import register
from chessarbiter.errors import ChessArbiterError


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, list(args))


def test_blitz_claim() -> None:
    """Team Competitions 1972, blitz rule 2."""
    rooks = "8/8/3k4/8/3r4/8/3R4/3K4 w - - 0 1"
    result = invoke("blitz", "claim", rooks)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("admissible: rook against rook, no pawns: the opponent has 10")
    rejected = invoke("blitz", "claim", "8/8/3k4/8/3b4/8/3R4/3K4 w - - 0 1", "--json")
    assert rejected.exit_code == 1
    assert json.loads(rejected.stdout)["verdict"] == "rejected"
    repetition = invoke(
        "blitz", "claim", rooks, "--ground", "repetition", "--moves", "1. Kc1 Kc6 2. Kd1 Kd6 " * 2
    )
    assert repetition.stdout.startswith("draw: ")
    flags = invoke("blitz", "claim", rooks, "--ground", "both-flags")
    assert flags.exit_code == 0 and flags.stdout.startswith("draw: both flags")
    bad = invoke("blitz", "claim", "nonsense")
    assert isinstance(bad.exception, ChessArbiterError)
