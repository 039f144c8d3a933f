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


def test_handicap_pair() -> None:
    """Team Competitions 1972: the next round of the handicap Swiss, the eliminated (Averbakh,
    1½ lost points with his limit 1½) not paired."""
    players = [
        "--player",
        "Averbakh=1.5",
        "--player",
        "Purdy=2",
        "--player",
        "Koshnitsky=2.5",
        "--player",
        "Crowl=5",
        "--player",
        "Steiner=3",
    ]
    played = ["--round", "Averbakh 0-1 Koshnitsky, Steiner 1/2 Purdy, Crowl bye"]
    result = invoke("handicap", "pair", *players, *played, "--rounds-total", "5")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "round 2:",
        "Koshnitsky - Steiner",
        "Purdy - Crowl",
        "Averbakh bye",
    ]
    played += ["--round", "Koshnitsky 1-0 Steiner, Purdy 1/2 Crowl, Averbakh bye"]
    played += ["--round", "Averbakh 1/2 Purdy, Koshnitsky 1-0 Crowl, Steiner bye"]
    doc = json.loads(
        invoke("handicap", "pair", *players, *played, "--rounds-total", "5", "--json").output
    )
    assert doc["round"] == 4
    paired = {p for b in doc["boards"] for p in (b["white"], b["black"])} | {doc["bye"]}
    assert "Averbakh" not in paired  # 1 + ½ lost: his limit reached in round 3
    bad = invoke(
        "handicap",
        "pair",
        "--player",
        "A=1",
        "--player",
        "B=5",
        "--round",
        "A 0-1 B",
        "--rounds-total",
        "3",
    )
    assert isinstance(bad.exception, ChessArbiterError)
    assert "B is the last player in" in str(bad.exception)
