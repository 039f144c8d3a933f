"""``chessarbiter handicap`` (:mod:`chessarbiter.cli.special.handicap`), run through the groups
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


def test_handicap_eliminate() -> None:
    args = [
        "handicap",
        "eliminate",
        "--player",
        "Averbakh=1.5",
        "--player",
        "Purdy=2",
        "--player",
        "Koshnitsky=3",
        "--round",
        "Averbakh 1/2 Purdy, Koshnitsky bye",
        "--round",
        "Purdy 1-0 Averbakh, Koshnitsky bye",
    ]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "round 1: eliminated nobody; still in: Averbakh, Purdy, Koshnitsky"
    assert lines[1] == "round 2: eliminated Averbakh; still in: Purdy, Koshnitsky"
    assert lines[3] == "Averbakh\t1.5\t2\t0.5\t1.5\tround 2"
    data = json.loads(invoke(*args, "--json").stdout)
    assert data["rounds"][1]["eliminated"] == ["Averbakh"]
    bad = invoke("handicap", "eliminate", "--player", "Averbakh")
    assert isinstance(bad.exception, ChessArbiterError)
