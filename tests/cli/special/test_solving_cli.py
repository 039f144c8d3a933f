"""``chessarbiter solving`` (:mod:`chessarbiter.cli.special.solving`), run through the groups
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


def test_solving_score() -> None:
    """Team Competitions 1972: points per correct solution, premiums for cooks and unsoundness."""
    result = invoke(
        "solving", "score", "--position", "1=3", "--position", "2=5", "--solver", "A=1,2",
        "--solver", "B=2", "--solver", "C=1:sc", "--solver", "D=", "--cook-bonus", "2",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "place\tsolver\tsolutions\tpremiums\ttotal",
        "1\tA\t8\t0\t8",
        "2-3\tB\t5\t0\t5",
        "2-3\tC\t3\t2\t5",
        "4\tD\t0\t0\t0",
    ]
    data = json.loads(
        invoke(
            "solving", "score", "--position", "1=3", "--solver", "A=1:u", "--unsound-bonus",
            "1.5", "--json",
        ).stdout
    )  # fmt: skip
    assert data == {
        "standings": [
            {"place": "1", "solver": "A", "solutions": "0", "premiums": "1.5", "total": "1.5"}
        ]
    }
    bad = invoke("solving", "score", "--position", "1=3", "--solver", "A=9")
    assert isinstance(bad.exception, ChessArbiterError)
