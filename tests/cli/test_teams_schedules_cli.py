"""Team Competitions 1972 team schedules on the command line: ``chessarbiter teams three-in-two``,
``scheveningen``, ``match``, ``roundrobin`` and ``mixed``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.cli.exits import EXIT_INVALID_INPUT
from chessarbiter.cli.main import main
from chessarbiter.cli.teams import schedules as teams_schedules
from chessarbiter.cli.teams import three as teams_three
from chessarbiter.pairing.teams.scheveningen import scheveningen
from chessarbiter.pairing.teams.three_in_two import schedule_tsv, three_teams_two_rounds

SEED_TSV = (
    Path(__file__).resolve().parents[3] / "shared" / "real" / "seed000-three-teams-10-boards.tsv"
)


def invoke(*args: str) -> Result:
    """Run a command through a group of its own (the other team modules are not needed)."""
    group = click.Group()
    teams_three.register(group)
    teams_schedules.register(group)
    return CliRunner().invoke(group, list(args))


def _rows(output: str) -> list[list[str]]:
    lines = output.splitlines()
    assert lines[0] == "round\twhite\tblack"
    return [line.split("\t") for line in lines[1:]]


@pytest.mark.skipif(not SEED_TSV.exists(), reason="shared seed files not present")
def test_three_in_two_ten_boards_is_byte_identical_to_the_seed_file() -> None:
    """Team Competitions 1972: the 10-board scheme, byte for byte (trailing newline included)."""
    result = invoke("three-in-two", "--boards", "10", "--format", "tsv")
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == SEED_TSV.read_bytes()


def test_three_in_two_tsv_is_the_default() -> None:
    """Team Competitions 1972, three teams in two rounds: TSV unless told otherwise."""
    result = invoke("three-in-two", "--boards", "4")
    assert result.exit_code == 0, result.output
    assert result.stdout == schedule_tsv(three_teams_two_rounds(4))


def test_three_in_two_json() -> None:
    """Team Competitions 1972, three teams in two rounds: JSON with the games and whites per
    match."""
    result = invoke("three-in-two", "--boards", "10", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["boards"] == 10
    assert len(data["games"]) == 30
    assert data["games"][0] == {"round": 1, "white": "B1", "black": "A1"}
    assert data["whites"] == {
        "A-B": {"A": 4, "B": 6},
        "A-C": {"A": 6, "C": 4},
        "B-C": {"B": 4, "C": 6},
    }


@pytest.mark.parametrize("boards", ["9", "0"])
def test_three_in_two_odd_boards_exits_3(boards: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Team Competitions 1972: an even number of boards is compulsory; invalid input exits 3."""
    assert main(["teams", "three-in-two", "--boards", boards]) == EXIT_INVALID_INPUT
    err = capsys.readouterr().err
    assert "Team Competitions 1972" in err or "at least 1" in err


def test_scheveningen_eight_in_four_rounds() -> None:
    """Team Competitions 1972: 8 v 8 in 4 rounds, groups of four boards."""
    result = invoke("scheveningen", "--boards", "8", "--rounds", "4", "--format", "tsv")
    assert result.exit_code == 0, result.output
    rows = _rows(result.stdout)
    assert len(rows) == 32
    assert result.stdout == schedule_tsv(scheveningen(8, 4))


def test_scheveningen_team_variant_json() -> None:
    """Team Competitions 1972: Scheveningen with the whole team on one colour each round."""
    result = invoke("scheveningen", "--boards", "3", "--variant", "team", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["variant"] == "team" and data["rounds"] == 3
    assert [g["white"][0] for g in data["games"]] == list("AAABBBAAA")


def test_scheveningen_bad_rounds_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    """Team Competitions 1972: the number of boards must be divisible by the number of rounds."""
    assert main(["teams", "scheveningen", "--boards", "10", "--rounds", "4"]) == EXIT_INVALID_INPUT
    assert "divisible by 4" in capsys.readouterr().err


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=12).map(lambda k: 2 * k))
def test_scheveningen_cli_everyone_meets_once_balanced(boards: int) -> None:
    """Team Competitions 1972: every pair of opponents meets once, colours balanced, one game a
    round."""
    rows = _rows(invoke("scheveningen", "--boards", str(boards)).stdout)
    pairs = Counter(frozenset(row[1:]) for row in rows)
    assert len(pairs) == boards * boards and set(pairs.values()) == {1}
    whites = Counter(row[1] for row in rows)
    blacks = Counter(row[2] for row in rows)
    assert set(whites.values()) == set(blacks.values()) == {boards // 2}
    per_round = Counter((row[0], p) for row in rows for p in row[1:])
    assert set(per_round.values()) == {1}


def test_match_boards_colours() -> None:
    """Team Competitions 1972: board 1 by lot, odd boards that colour, even boards the other,
    alternating."""
    result = invoke("match", "--boards", "2", "--rounds", "2", "--board1-white", "B")
    assert result.exit_code == 0, result.output
    assert _rows(result.stdout) == [
        ["1", "B1", "A1"],
        ["1", "A2", "B2"],
        ["2", "A1", "B1"],
        ["2", "B2", "A2"],
    ]


def test_match_team_colours_json() -> None:
    """Team Competitions 1972: the whole team one colour per day, alternating."""
    result = invoke(
        "match", "--boards", "2", "--rounds", "2", "--colours", "team", "--format", "json"
    )
    assert result.exit_code == 0, result.output
    games = json.loads(result.stdout)["games"]
    assert [g["white"] for g in games] == ["A1", "A2", "B1", "B2"]


def test_roundrobin_four_teams() -> None:
    """Team Competitions 1972, team round robin: Berger tables, home team White on odd boards."""
    result = invoke("roundrobin", "--teams", "4", "--boards", "2", "--format", "tsv")
    assert result.exit_code == 0, result.output
    rows = _rows(result.stdout)
    assert rows[:4] == [["1", "A1", "D1"], ["1", "D2", "A2"], ["1", "B1", "C1"], ["1", "C2", "B2"]]
    assert len(rows) == 12


def test_roundrobin_json_lists_byes() -> None:
    """Team Competitions 1972, team round robin with an odd number of teams: byes are listed in
    JSON."""
    result = invoke("roundrobin", "--teams", "3", "--boards", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [b["team"] for b in data["byes"]] == ["A", "C", "B"]
    assert len(data["games"]) == 6


def test_mixed_six_players() -> None:
    """Team Competitions 1972, USSR–Yugoslavia 1967: a 12-player round robin, 36 games between the
    teams."""
    result = invoke("mixed", "--players", "6", "--format", "tsv")
    assert result.exit_code == 0, result.output
    assert len(_rows(result.stdout)) == 66
    match = invoke("mixed", "--players", "6", "--between-teams")
    rows = _rows(match.stdout)
    assert len(rows) == 36
    assert all(row[1][0] != row[2][0] for row in rows)


def test_mixed_json_numbering() -> None:
    """Team Competitions 1972, mixed round robin: JSON gives the pairing numbers used."""
    result = invoke("mixed", "--players", "2", "--format", "json")
    data = json.loads(result.stdout)
    assert data["numbering"] == ["A1", "B1", "A2", "B2"]
    assert len(data["games"]) == 6


def test_teams_group_registers_all_commands() -> None:
    """Team Competitions 1972: the commands are reachable under ``chessarbiter teams``."""
    for command in ("three-in-two", "scheveningen", "match", "roundrobin", "mixed"):
        assert main(["teams", command, "--help"]) == 0
