"""``chessarbiter radio`` (:mod:`chessarbiter.cli.special.radio`), run through the groups
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


def test_radio_split() -> None:
    result = invoke("radio", "split", "--shown", "50", "--transmission", "0:20")
    assert result.exit_code == 0, result.output
    assert result.stdout == "thinking 30 min, transmission 20 min (clock shows 50 min)\n"
    data = json.loads(
        invoke(
            "radio", "split", "--shown", "1:00", "--transmission", "5", "--transmission", "5",
            "--json",
        ).stdout
    )  # fmt: skip
    assert data == {"shown": 60, "thinking": 50, "transmission": 10}
    bad = invoke("radio", "split", "--shown", "5", "--transmission", "6")
    assert isinstance(bad.exception, ChessArbiterError)
