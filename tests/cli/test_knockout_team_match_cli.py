"""``chessarbiter knockout team-match``: a team match of a cup (Team Competitions 1972, the Olympic
system): colours and hosting, two-legged matches and drawn matches."""

from __future__ import annotations

import json
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from chessarbiter.cli.exits import EXIT_INVALID_INPUT
from chessarbiter.cli.knockout import cup
from chessarbiter.cli.main import main


def invoke(*args: str) -> Result:
    group = click.Group()
    cup.register(group)
    return CliRunner().invoke(group, ["team-match", *args])


def as_json(*args: str) -> dict[str, Any]:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_round_1_the_lower_number_has_white_and_hosts() -> None:
    """Team Competitions 1972: in round 1 white on board 1 and the odd boards, and the right (the
    duty) to host, go to the team with the lower number."""
    data = as_json("--round", "1", "--numbers", "9,2")
    assert data["colours"] == [
        {"leg": 1, "white_on_odd_boards": "second", "host": "second", "reason": "number"}
    ]
    assert data["finished"] is False and data["legs_played"] == 0


def test_later_rounds_go_to_the_team_that_had_black_more_often() -> None:
    data = as_json("--round", "2", "--numbers", "1,4", "--blacks", "0,1")
    assert data["colours"][0]["white_on_odd_boards"] == "second"
    assert data["colours"][0]["reason"] == "blacks"


def test_equal_blacks_need_a_lot(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["knockout", "team-match", "--round", "2", "--numbers", "1,4", "--blacks", "1,1"]
    assert main(args) == EXIT_INVALID_INPUT
    assert "a lot decides: give --lot first|second, or --seed N" in capsys.readouterr().err
    recorded = as_json("--round", "2", "--numbers", "1,4", "--blacks", "1,1", "--lot", "second")
    assert recorded["colours"][0] == {
        "leg": 1,
        "white_on_odd_boards": "second",
        "host": "second",
        "reason": "lot",
    }
    seeded = [
        as_json("--round", "2", "--numbers", "1,4", "--blacks", "1,1", "--seed", "5")
        for _ in range(2)
    ]
    assert seeded[0] == seeded[1]  # a seeded lot is reproducible


def test_two_legs_return_leg_and_game_points_added() -> None:
    """Two-legged: the other team hosts the return leg; game points of both legs are added
    (won legs do not count): 3-1 then 1½-2½ is 4½-3½."""
    data = as_json(
        "--round",
        "1",
        "--numbers",
        "3,4",
        "--legs",
        "2",
        "--leg",
        "1,1,1,0",
        "--leg",
        "0,½,0.5,=",
    )
    assert [c["white_on_odd_boards"] for c in data["colours"]] == ["first", "second"]
    assert data["colours"][1]["reason"] == "second-leg"
    assert data["points"] == [4.5, 3.5]
    assert data["winner"] == "first" and data["decided_by"] == "points"


def test_one_leg_of_two_is_not_a_result() -> None:
    result = invoke("--round", "1", "--numbers", "3,4", "--legs", "2", "--leg", "1,1,1,0")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "after 1 of 2 leg(s): 3-1"


def test_drawn_match_replay_or_board_coefficients() -> None:
    """A drawn match is replayed, or decided by coefficients by board (Team Competitions 1972)."""
    replay = invoke("--round", "1", "--numbers", "1,2", "--leg", "1,0,0.5,0.5")
    assert replay.output.splitlines()[-1] == "2-2, a drawn match: replay"
    weighted = as_json(
        "--round",
        "1",
        "--numbers",
        "1,2",
        "--leg",
        "1,0,0.5,0.5",
        "--drawn",
        "board-weights",
        "--weights",
        "4,3,2,1",
    )
    assert weighted["winner"] == "first" and weighted["weighted"] == [5.5, 4.5]
    text = invoke(
        "--round",
        "1",
        "--numbers",
        "1,2",
        "--leg",
        "0,1,0.5,0.5",
        "--drawn",
        "board-weights",
        "--weights",
        "4,3,2,1",
    ).output
    assert "weighted 4.5-5.5: second (team 2) goes through on board coefficients" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--numbers", "4,4"], "the same number 4"),
        (["--numbers", "4,x"], "write two whole numbers"),
        (["--numbers", "1,2", "--leg", "1,2"], "board 2: 2 is not a game's score"),
        (["--numbers", "1,2", "--leg", "1,x"], "--leg: board 2: 'x' is not a score"),
        (["--numbers", "1,2", "--leg", "1", "--leg", "0"], "2 --leg given for a match of 1"),
        (["--numbers", "1,2", "--legs", "2", "--leg", "1,0", "--leg", "1"], "leg 2 has 1 boards"),
        (
            ["--numbers", "1,2", "--leg", "1,0", "--drawn", "board-weights", "--weights", "1"],
            "one weight per board (2), not 1",
        ),
        (["--numbers", "1,2", "--weights", "1,y"], "board 2: 'y' is not a weight"),
    ],
)
def test_bad_input_is_refused_precisely(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["knockout", "team-match", "--round", "1", *args])
    assert code != 0
    captured = capsys.readouterr()
    assert message in captured.err + captured.out
    assert "Traceback" not in captured.err
