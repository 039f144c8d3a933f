"""``chessarbiter keizer FILE``: the Keizer standings of a club season."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.main import main
from chessarbiter.pairing.keizer.scoring import keizer_scores, settings_of, settings_with


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated 15-player season of 6 rounds (an odd field: a bye every round)."""
    folder = tmp_path_factory.mktemp("keizer")
    config = folder / "season.txt"
    config.write_text("PlayersNumber=15\nRoundsNumber=6\n")
    out = folder / "season.trf"
    assert main(["--keizer", "-g", str(config), "-o", str(out), "-s", "11"]) == 0
    return out


def test_json_is_the_library_ranking(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["keizer", str(season), "--variant", "knsb", "--set", "bye=1/2", "--format", "json"])
        == 0
    )
    document = json.loads(capsys.readouterr().out)
    expected = keizer_scores(trf.load(season), settings_with(settings_of("knsb"), {"bye": "1/2"}))
    assert [row["pairing_number"] for row in document["standings"]] == list(expected.ranking)
    assert [row["score"] for row in document["standings"]] == [
        str(expected.scores[n]) for n in expected.ranking
    ]
    assert document["settings"]["bye"] == "1/2" and document["after_round"] == 6
    assert sum(row["byes"] for row in document["standings"]) == 6


def test_text_and_csv(season: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["keizer", str(season)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].split() == [
        "Pl",
        "No",
        "Name",
        "Rtg",
        "Score",
        "Value",
        "Games",
        "W",
        "D",
        "Byes",
        "Abs",
    ]
    assert len(text) == 2 + 15
    assert main(["keizer", str(season), "--format", "csv", "--after-round", "3"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 16 and all(int(r[6]) <= 3 for r in rows[1:])


def test_show_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["keizer", "--show-settings", "--variant", "frozen", __file__]) == 0
    out = capsys.readouterr().out
    assert "recompute=false\n" in out and "bye=2/3\n" in out


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--set", "bye"], 2, "write NAME=VALUE"),
        (["--set", "bye=9"], 3, "bye must be between 0 and 2, not 9"),
        (["--set", "pace=1"], 3, "unknown Keizer setting 'pace'"),
        (["--variant", "dutch"], 2, "Invalid value for '--variant'"),
    ],
)
def test_bad_options(
    season: Path, args: list[str], code: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["keizer", str(season), *args]) == code
    assert message in capsys.readouterr().err
