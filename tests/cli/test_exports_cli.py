"""The printable HTML (and CSV) of ``chessarbiter lists start|teams`` and ``chessarbiter
prizes``: the pages of :mod:`chessarbiter.output`."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_OK
from chessarbiter.cli.main import main
from chessarbiter.model import Player, Result, Tournament

OPEN_TRF = (
    Path(__file__).resolve().parents[2].parent / "shared/real/sharly-chess/trf/example_trf16.trf"
)
EXAMPLE = Path(__file__).resolve().parents[2] / "src/chessarbiter/examples/open-prizes.toml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def trf_file(tmp_path: Path) -> Path:
    t = Tournament(name="Cup & <Co>", city="Riga", start_date="2026/05/01", total_rounds=1)
    people = [("=cmd|x", "GER", 1600), ("Abel, Al", "GER", 1700), ("Ball, Bo", "ENG", 1900)]
    for n, (name, fed, rating) in enumerate(people, start=1):
        t.add_player(Player(n, name, rating=rating, federation=fed))
    t.record_game(1, 1, 2, Result.WIN)
    path = tmp_path / "cup.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    return path


def test_start_list_html_and_csv(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, err = run(capsys, "lists", "start", str(trf_file), "--format", "html")
    assert (code, err) == (EXIT_OK, "")
    assert out.startswith("<!DOCTYPE html>") and "<h1>Cup &amp; &lt;Co&gt;</h1>" in out
    assert "<h2>Start list (by number)</h2>" in out and "Riga · 2026/05/01" in out
    code, out, _ = run(capsys, "lists", "start", str(trf_file), "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[1][:4] == ["1", "1", "", "'=cmd|x"]  # a formula neutralised


def test_team_ranking_html(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, err = run(
        capsys, "lists", "teams", str(trf_file), "--by", "federation", "--format", "html"
    )
    assert (code, err) == (EXIT_OK, "")
    assert "<h2>Teams by federation after round 1</h2>" in out
    assert "<td class=l>GER</td><td>1</td>" in out


@pytest.mark.skipif(not OPEN_TRF.exists(), reason="../shared data not present")
def test_prize_list_html_of_the_open(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "prizes",
        str(OPEN_TRF),
        "--prizes",
        str(EXAMPLE),
        "--tiebreaks",
        "BH/C1,SB",
        "--format",
        "html",
    )
    assert code == EXIT_OK, err
    assert out.startswith("<!DOCTYPE html>") and "<h2>Prize list after round 7</h2>" in out
    assert "<td class=l>Mikhaletz,Lubomir</td>" in out and "Paid 4121 EUR of 4125 EUR." in out
