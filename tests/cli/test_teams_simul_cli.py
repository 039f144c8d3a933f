"""``chessarbiter teams simultaneous`` and ``teams planner`` (Team Competitions 1972, team
tournaments)."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner, Result

from chessarbiter.cli.main import main
from chessarbiter.cli.teams.simul import register
from chessarbiter.pairing.teams.simultaneous import all_at_once


def invoke(*args: str) -> Result:
    """Run a command through a group of its own (the other team commands are not needed)."""
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, list(args))


def test_twenty_teams_tsv() -> None:
    result = invoke("simultaneous", "--teams", "20", "--boards", "19")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "day\tboard\tround\twhite\tblack"
    assert len(lines) == 191
    assert lines[1] == "1\t1\t1\t1\t20"
    expected = [f"{g.day}\t{g.board}\t{g.round}\t{g.white}\t{g.black}" for g in all_at_once(20, 19)]
    assert lines[1:] == expected


def test_seventeen_teams_nine_days_json() -> None:
    result = invoke(
        "simultaneous", "--teams", "17", "--boards", "4", "--days", "9", "--format", "json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["groups"], data["days"]) == (2, 9)
    last = [g for g in data["games"] if g["day"] == 9]
    assert all(g["round"] == 17 and g["board"] != g["black_board"] for g in last)


def test_crossed_games_in_tsv() -> None:
    result = invoke("simultaneous", "--teams", "17", "--boards", "2", "--days", "9")
    assert result.exit_code == 0, result.output
    last = [line.split("\t") for line in result.stdout.splitlines() if line.startswith("9\t")]
    assert len(last) == 8 and all(row[1] in ("1/2", "2/1") for row in last)


def test_sixteen_teams_five_days() -> None:
    result = invoke(
        "simultaneous", "--teams", "16", "--boards", "6", "--days", "5", "--format", "json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["groups"] == 3 and data["days"] == 5
    assert len(data["games"]) == 120 * 2


def test_planner_text_and_json() -> None:
    result = invoke("planner", "--teams", "16")
    assert result.exit_code == 0, result.output
    assert "final 1: 8 teams (A1 B1 C1 D1 A2 B2 C2 D2); 7 rounds" in result.stdout
    assert "games per player: 10" in result.stdout
    result = invoke("planner", "--teams", "16", "--carry", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (p,) = data["plans"]
    assert p["carry"] is True
    assert p["games_per_player"] == {"min": 9, "max": 9}
    assert [f["rounds"] for f in p["finals"]] == [6, 6]
    two = json.loads(invoke("planner", "--teams", "14", "--format", "json").stdout)
    assert len(two["plans"]) == 2


def test_invalid_input_exits_3(capsys: object) -> None:
    assert main(["teams", "planner", "--teams", "26"]) == 3
    assert main(["teams", "simultaneous", "--teams", "16", "--boards", "10", "--days", "5"]) == 3
    assert main(["teams", "simultaneous", "--teams", "20", "--boards", "20"]) == 3
    assert main(["teams", "planner", "--teams", "16"]) == 0
