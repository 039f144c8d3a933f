"""``chessarbiter teams lineup`` and ``teams check-lineup`` (issue 7).

Rules from Team Competitions 1972 ("Teams", "Matches of two teams"); see
``tests/pairing/teams/test_lineups.py`` for the library and ``test_lineup_files.py`` there for the
files' readers.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from chessarbiter.cli.main import main
from chessarbiter.cli.teams.lineups import register
from chessarbiter.pairing.teams.lineups import LineupError

ROSTER = """\
team\trole\torder\tid\tname
# Team Competitions 1972: main players by strength, reserves, captain
Spartak\tmain\t1\t1\tPetrosian
Spartak\tmain\t2\t2\tSpassky
Spartak\tmain\t3\t3\tKorchnoi
Spartak\tmain\t4\t4\tTaimanov
Spartak\treserve\t1\t5\tTal
Spartak\treserve\t2\t6\tBronstein
Spartak\tcaptain\t\t1

Dinamo\tmain\t1\t11\tBotvinnik
Dinamo\tmain\t2\t12\tSmyslov
Dinamo\tmain\t3\t13\tKeres
Dinamo\tmain\t4\t14\tGeller
Dinamo\treserve\t1\t15\tAverbakh
Dinamo\tcaptain\t\tC\tCoach
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    return write(tmp_path, "roster.tsv", ROSTER)


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, list(args))


def as_json(*args: str) -> dict[str, object]:
    result = invoke(*args, "--format", "json")
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def players(data: dict[str, object]) -> list[object]:
    boards = data["boards"]
    assert isinstance(boards, list)
    return [board["player"] for board in boards]


# -- teams lineup -------------------------------------------------------------------------------


def test_lineup_shifting(roster: Path) -> None:
    # Team Competitions 1972: absentees' boards shift up, reserves on the last boards.
    data = as_json(
        "lineup", str(roster), "--team", "Spartak", "--present", "1,3,4,5,6", "--regime", "shifting"
    )
    assert players(data) == ["1", "3", "4", "5"]
    assert data["problems"] == []


def test_lineup_fixed(roster: Path) -> None:
    # Team Competitions 1972: the reserve replaces the absent main player on his board.
    data = as_json(
        "lineup", str(roster), "--team", "Spartak", "--present", "1,3,4,5,6", "--regime", "fixed"
    )
    assert players(data) == ["1", "5", "3", "4"]
    boards = data["boards"]
    assert isinstance(boards, list)
    assert boards[1] == {"board": 2, "player": "5", "name": "Tal", "role": "reserve", "held": False}


def test_lineup_text(roster: Path) -> None:
    result = invoke(
        "lineup", str(roster), "--team", "Dinamo", "--present", "12", "--present", "13,15",
        "--regime", "fixed",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Dinamo (fixed reserves), 4 boards:",
        "   1. 15 Averbakh (reserve)",
        "   2. 12 Smyslov (main)",
        "   3. 13 Keres (main)",
        "   4. (empty)",
        "note: Dinamo: board 4: empty-board: nobody on the board: the game is lost by forfeit",
    ]


def test_lineup_two_thirds_note(roster: Path) -> None:
    data = as_json(
        "lineup", str(roster), "--team", "Spartak", "--present", "2,6", "--regime", "shifting"
    )
    assert players(data) == ["2", "6", None, None]
    problems = data["problems"]
    assert isinstance(problems, list)
    assert problems[-1]["kind"] == "too-few-present"


def test_lineup_held_board(roster: Path) -> None:
    args = ("lineup", str(roster), "--team", "Spartak", "--present", "2,3,4,5", "--late", "1")
    result = invoke(*args, "--regime", "shifting")
    assert result.exit_code != 0  # holding boards needs the regulations (Team Competitions 1972)
    assert isinstance(result.exception, LineupError)
    data = as_json(*args, "--regime", "shifting", "--held-board-penalty", "2")
    assert players(data) == ["1", "2", "3", "4"]
    boards = data["boards"]
    assert isinstance(boards, list) and boards[0]["held"] is True


def test_lineup_exit_codes(roster: Path, tmp_path: Path) -> None:
    base = ["teams", "lineup", str(roster), "--regime", "fixed"]
    assert main([*base, "--team", "Spartak", "--present", "1,2"]) == 0
    assert main([*base, "--present", "1,2"]) == 3  # two teams, no --team
    assert main([*base, "--team", "Spartak", "--present", "1,99"]) == 3  # not a player
    assert main([*base, "--team", "Zenit", "--present", "1"]) == 3
    bad = write(tmp_path, "bad.tsv", "A\tboss\t1\tx\n")
    assert main(["teams", "lineup", str(bad), "--regime", "fixed", "--present", "x"]) == 3
    assert main([*base, "--team", "Spartak", "--present", "1", "--held-board-penalty", "4",
                 "--late", "2"]) == 3  # fmt: skip
    assert main(["teams", "lineup", str(tmp_path / "missing.tsv"), "--present", "1",
                 "--regime", "fixed"]) == 2  # fmt: skip


def test_lineup_file_error_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write(tmp_path, "bad.tsv", "A\tmain\t1\tx\nA\tboss\t1\ty\n")
    assert main(["teams", "lineup", str(bad), "--regime", "fixed", "--present", "x"]) == 3
    assert f"{bad}:2:3: role must be main, reserve or captain" in capsys.readouterr().err


# -- teams check-lineup -------------------------------------------------------------------------

GOOD = "Spartak\t1\t1\nSpartak\t2\t3\nSpartak\t3\t4\nSpartak\t4\t5\n"
MATCH = (
    "Spartak\t1\t1\nSpartak\t2\t3\nSpartak\t3\t9\nSpartak\t4\t5\n"
    "Dinamo\t1\t11\nDinamo\t2\t12\nDinamo\t3\t13\nDinamo\t4\t-\n"
)


def test_check_lineup_ok(roster: Path, tmp_path: Path) -> None:
    lineup = write(tmp_path, "l.tsv", GOOD)
    result = invoke("check-lineup", str(roster), str(lineup), "--regime", "shifting")
    assert result.exit_code == 0, result.output
    assert result.output == "Spartak: line-up OK\n"


def test_check_lineup_problems_and_score(roster: Path, tmp_path: Path) -> None:
    lineup = write(tmp_path, "l.tsv", MATCH)
    result = invoke(
        "check-lineup", str(roster), str(lineup), "--regime", "shifting",
        "--results", "1-0,½-½,1-0,0-1",
    )  # fmt: skip
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Spartak: 1 problem(s), 1 penalty point(s)",
        "  board 3: unregistered: player '9' is not registered: the game is lost whatever the "
        "result [-1]",
        "Dinamo: 1 problem(s), 0 penalty point(s)",
        "  board 4: empty-board: nobody on the board: the game is lost by forfeit",
        # board 3 lost by Spartak whatever the result, board 4 lost by Dinamo; Spartak -1
        "match: Spartak 1.5 - 1.5 Dinamo",
    ]


def test_check_lineup_json(roster: Path, tmp_path: Path) -> None:
    lineup = write(tmp_path, "l.tsv", MATCH)
    result = invoke(
        "check-lineup", str(roster), str(lineup), "--regime", "fixed", "--format", "json",
        "--held-board-penalty", "2", "--no-show", "Spartak:3", "--results", "1-0,1-0,1-0,1-0",
    )  # fmt: skip
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    spartak, dinamo = data["teams"]
    assert [p["kind"] for p in spartak["problems"]] == [
        "board-order",
        "unregistered",
        "late-no-show",
    ]
    assert spartak["penalty"] == "3" and not spartak["withdrawn"]
    assert dinamo["penalty"] == "0"
    # boards 2, 3 lost by Spartak, board 4 lost by Dinamo; 2 - 3 penalty points
    assert data["score"] == ["-1", "2"]


def test_check_lineup_withdrawn_team(roster: Path, tmp_path: Path) -> None:
    # Team Competitions 1972: fewer than two thirds present → withdrawn, the match is not scored.
    lineup = write(tmp_path, "l.tsv", GOOD + "Dinamo\t1\t11\nDinamo\t2\t12\n")
    result = invoke(
        "check-lineup", str(roster), str(lineup), "--regime", "shifting",
        "--results", "1-0,1-0,1-0,1-0",
    )  # fmt: skip
    assert result.exit_code == 1
    assert "team: too-few-present" in result.output
    assert (
        result.output.splitlines()[-1] == "match not scored: Dinamo is withdrawn (two-thirds rule)"
    )
    result = invoke(
        "check-lineup", str(roster), str(lineup), "--regime", "shifting", "--format", "json",
        "--results", "1-0,1-0,1-0,1-0",
    )  # fmt: skip
    data = json.loads(result.stdout)
    assert [team["withdrawn"] for team in data["teams"]] == [False, True]
    assert data["score"] is None


def test_check_lineup_usage_and_input_errors(roster: Path, tmp_path: Path) -> None:
    lineup = write(tmp_path, "l.tsv", MATCH)
    base = ["teams", "check-lineup", str(roster), str(lineup), "--regime", "fixed"]
    assert main(base) == 1
    assert main([*base, "--no-show", "1"]) == 2  # needs --held-board-penalty
    assert main([*base, "--held-board-penalty", "2", "--no-show", "77"]) == 3
    assert main([*base, "--results", "1-0,1-0"]) == 3  # four boards
    assert main([*base, "--results", "1-0,1-0,2-0,1-0"]) == 3
    one_team = write(tmp_path, "one.tsv", GOOD)
    assert main(["teams", "check-lineup", str(roster), str(one_team), "--regime", "fixed",
                 "--results", "1-0,1-0,1-0,1-0"]) == 3  # fmt: skip
    bad = write(tmp_path, "bad.tsv", "Spartak\t9\t1\n")
    assert main(["teams", "check-lineup", str(roster), str(bad), "--regime", "fixed"]) == 3


def test_registered_under_teams() -> None:
    from chessarbiter.cli.main import cli, register_commands

    register_commands()
    teams = cli.commands["teams"]
    assert isinstance(teams, click.Group)
    assert {"lineup", "check-lineup"} <= set(teams.commands)
