"""``chessarbiter simul`` (:mod:`chessarbiter.cli.special.simul`), run through the groups
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


def test_simul_limit() -> None:
    result = invoke("simul", "limit", "--exhibitor", "master", "--participants", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout == "at most 30 participants (class gap 3)\n"
    roster = invoke("simul", "limit", "--exhibitor", "master", "--participants", "1:21", "--json")
    assert roster.exit_code == 1
    data = json.loads(roster.stdout)
    assert (data["limit"], data["participants"], len(data["problems"])) == (20, 21, 1)
    bad = invoke("simul", "limit", "--exhibitor", "wizard", "--participants", "2")
    assert isinstance(bad.exception, ChessArbiterError)


def test_simul_score() -> None:
    result = invoke(
        "simul",
        "score",
        "--result",
        "Tal,15½,2:35,20",
        "--result",
        "Petrosian,17,3:00,20",
        "--per",
        "10",
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "place\texhibitor\tscore\tminutes\textra\tdeduction\tadjusted"
    assert lines[1] == "1\tPetrosian\t17\t180\t25\t1\t16"
    assert lines[2] == "2\tTal\t15.5\t155\t0\t0\t15.5"
    bad = invoke("simul", "score", "--result", "Tal;15")
    assert isinstance(bad.exception, ChessArbiterError)
