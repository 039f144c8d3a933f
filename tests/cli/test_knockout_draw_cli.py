"""``chessarbiter knockout draw``: the acceptance form of issue 6."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessarbiter.cli.main import main

REAL = Path(__file__).resolve().parents[3] / "shared" / "real"


@pytest.mark.skipif(not REAL.exists(), reason="../shared not beside the checkout")
def test_1997_draw_tsv_is_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """Stage by Stage 1997: the draw from groningen1997-players.tsv is groningen1997-bracket.tsv."""
    rc = main(
        [
            "knockout",
            "draw",
            str(REAL / "groningen1997-players.tsv"),
            "--scheme",
            "fide-1997",
            "--format",
            "tsv",
        ]
    )
    assert rc == 0
    assert capsys.readouterr().out == (REAL / "groningen1997-bracket.tsv").read_text()


def _teams(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "teams.tsv"
    path.write_text("number\tname\n" + "".join(f"{i}\tTeam {i}\n" for i in range(1, n + 1)))
    return path


def test_cup_json_and_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _teams(tmp_path, 25)
    assert main(["knockout", "draw", str(path), "--scheme", "cup", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"][0] == {"match": 1, "stage": 1, "games": 1, "first": "4", "second": "5"}
    assert data["names"]["25"] == "Team 25"
    assert main(["knockout", "draw", str(path), "--scheme", "cup", "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert "<svg" in page and page.count('class="match"') == 24


def test_seeded_by_rating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.tsv"
    path.write_text("number\tname\trating\n11\tA\t2500\n12\tB\t2700\n13\tC\t2600\n14\tD\t2400\n")
    assert main(["knockout", "draw", str(path), "--scheme", "seeded"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # seeds: B (12) 1, C (13) 2, A (11) 3, D (14) 4: 1 v 4 and 2 v 3
    assert lines[1:3] == ["1\t1\t2\t12\t14", "2\t1\t2\t13\t11"]


def test_malformed_players_file_exits_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("number\tname\n1\tA\nabc\tB\n")
    assert main(["knockout", "draw", str(path)]) == 3
    assert "bad.tsv:3" in capsys.readouterr().err
