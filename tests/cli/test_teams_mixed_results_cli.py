"""``chessarbiter teams mixed --results``: the match score of a mixed round robin from its games
(Team Competitions 1972: the USSR–Yugoslavia 1967 match "was made of the games between the
Soviet and the Yugoslav players")."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from chessarbiter.cli.exits import EXIT_INVALID_INPUT
from chessarbiter.cli.main import main
from chessarbiter.cli.teams import schedules as teams_schedules


def invoke(*args: str) -> Result:
    group = click.Group()
    teams_schedules.register(group)
    return CliRunner().invoke(group, list(args))


def _results_file(tmp_path: Path, players: int, result_of: dict[int, str]) -> Path:
    """The schedule as printed, with the results of the games at the given indexes."""
    printed = invoke("mixed", "--players", str(players)).output.splitlines()
    lines = [printed[0] + "\tresult"]
    lines += [line + "\t" + result_of.get(i, "") for i, line in enumerate(printed[1:])]
    path = tmp_path / "results.tsv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_tsv_shows_results_and_the_match_score(tmp_path: Path) -> None:
    # 2 + 2 players: games 0, 1 are between the teams (A1-B2, B1-A2), game 4 is B1-B2
    path = _results_file(tmp_path, 2, {0: "1-0", 1: "½-½", 4: "0-1"})
    result = invoke("mixed", "--players", "2", "--results", str(path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "round\twhite\tblack\tresult"
    assert lines[1] == "1\tA1\tB2\t1-0"
    assert lines[5] == "3\tB1\tB2\t0-1"
    # the B1-B2 game is the tournament's, not the match's
    assert lines[-1] == "# match score: A 1.5, B 0.5 (2 of 4 games played)"


def test_output_reads_back_as_a_results_file(tmp_path: Path) -> None:
    path = _results_file(tmp_path, 3, {0: "0-1", 2: "1/2-1/2"})
    first = invoke("mixed", "--players", "3", "--results", str(path)).output
    again = tmp_path / "again.tsv"
    again.write_text(first, encoding="utf-8")
    assert invoke("mixed", "--players", "3", "--results", str(again)).output == first


def test_json_gives_score_played_pending_and_results(tmp_path: Path) -> None:
    path = _results_file(tmp_path, 2, {0: "1-0", 1: "0-1", 2: "=", 3: "+-"})
    result = invoke(
        "mixed", "--players", "2", "--results", str(path), "--format", "json", "--between-teams"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["played"] == 4 and data["pending"] == 0
    assert data["score"] == {"A": 3.5, "B": 0.5}
    assert [g["result"] for g in data["games"]] == ["1-0", "0-1", "=", "+-"]


def test_a_bad_results_file_exits_3_with_file_line_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("round\twhite\tblack\tresult\n1\tA1\tB2\t3-0\n", encoding="utf-8")
    assert main(["teams", "mixed", "--players", "2", "--results", str(path)]) == EXIT_INVALID_INPUT
    err = capsys.readouterr().err
    assert f"{path}:2:9: unknown result '3-0'" in err
