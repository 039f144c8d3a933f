"""``chessarbiter clock dead-position | scoresheet-time | refusal``: the Laws of 1997 (Laws
Commentary 1997) beside the current Laws, on the command line."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner, Result

from chessarbiter.cli.clock import register
from chessarbiter.timecontrol import FlagError, LawsError


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, ["clock", *args])


def test_dead_position_text_and_json() -> None:
    """Laws Commentary 1997 / 2023 art. 5.2.2: mate impossible by any legal sequence: drawn."""
    result = invoke("dead-position", "7k/6Q1/8/8/8/8/8/4K3 b - - 0 1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == [
        "dead position: the game is drawn (1/2-1/2)",
        "every sequence of legal moves ends without a mate",
    ]
    data = json.loads(invoke("dead-position", "k7/8/8/8/8/8/8/K6R w - - 0 1", "--json").stdout)
    assert data["dead"] is False and data["mater"] == "white" and data["score"] == "*"
    unsure = invoke("dead-position", "startpos", "--max-plies", "1", "--node-limit", "2")
    assert isinstance(unsure.exception, FlagError)  # not a FEN
    unsure = invoke(
        "dead-position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "--max-plies",
        "1",
        "--node-limit",
        "2",
    )
    assert unsure.stdout.startswith("cannot tell\n")


def test_scoresheet_time() -> None:
    result = invoke(
        "scoresheet-time", "--laws", "1997", "--allotted", "2:00:00", "--deduction", "600"
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "starts with 6600 s (600 s deducted)"
    data = json.loads(
        invoke("scoresheet-time", "--allotted", "5400", "--deduction", "5:00", "--json").stdout
    )
    assert data["start_time"] == 5100 and "8.1.6" in data["rule"]
    bad = invoke("scoresheet-time", "--laws", "1984", "--allotted", "60", "--deduction", "1")
    assert isinstance(bad.exception, LawsError)


def test_refusal() -> None:
    """Laws Commentary 1997: the refuser loses; his opponent with a lone king gets ½."""
    result = invoke(
        "refusal",
        "--laws",
        "1997",
        "--offender",
        "white",
        "--fen",
        "8/8/4k3/8/8/8/2K5/1N6 w - - 0 1",
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "white 0, black 0.5"
    data = json.loads(invoke("refusal", "--offender", "black", "--json").stdout)
    assert data["opponent_points"] == "1" and data["certain"] is False
    assert data["termination"] == "rules infraction"
    assert invoke("refusal", "--offender", "red").exit_code == 2
