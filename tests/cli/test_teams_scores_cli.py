"""``chessarbiter teams standings`` and ``chessarbiter teams board-prizes``."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main

REAL = Path(__file__).resolve().parents[3] / "shared" / "real" / "sharly-chess"
SAMPLE26 = REAL / "trf" / "example_trf26.trf"
LOUBATIERE = REAL / "tournament_importers" / "trf-team-import-test.trf"
needs_samples = pytest.mark.skipif(not SAMPLE26.exists(), reason="shared samples not present")


def player(number: int, name: str, points: str, *rounds: str) -> str:
    """A TRF ``001`` line; each round is ``"opp c r"`` (e.g. ``"3 w 1"``) or ``""``."""
    head = f"001 {number:4d}{'':6}{name:<33} 2000{'':28}{points:>4} {number:>4}"
    cells = []
    for r in rounds:
        if r:
            opp, colour, result = r.split()
            cells.append(f"  {int(opp):4d} {colour} {result}")
        else:
            cells.append(" " * 10)
    return (head + "".join(cells)).rstrip()


#: Two teams (2 boards, 1 reserve each), two rounds: round 1 Alpha wins 1.5:0.5 (Ann-Cid 1,
#: Bob-Dan =); round 2 a 1:1 draw (Ann-Cid 0, Bob-Fay 1: Fay, Beta's reserve, plays for Dan).
#: MP: Alpha 2 + 1 = 3, Beta 0 + 1 = 1; GP: 1.5 + 1 = 2.5 and 0.5 + 1 = 1.5.
SMALL = (
    "\n".join(
        [
            "012 Small team match",
            "142 2",
            "352 WB",
            "362 TW 2.0   TD 1.0   TL 0.0",
            player(1, "Ann", "1.0", "3 w 1", "3 b 0"),
            player(2, "Bob", "1.5", "4 b =", "6 w 1"),
            player(3, "Cid", "1.0", "1 b 0", "1 w 1"),
            player(4, "Dan", "0.5", "2 w =", ""),
            player(5, "Eve", "0.0", "", ""),
            player(6, "Fay", "0.0", "", "2 b 0"),
            f"310   1 {'Alpha':<32} ALP        0    3.0    2.5   1     1    2    5",
            f"310   2 {'Beta':<32} BET        0    1.0    1.5   2     3    4    6",
        ]
    )
    + "\n"
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "small.trf"
    path.write_text(SMALL)
    return path


def test_standings_text(capsys: pytest.CaptureFixture[str], small: Path) -> None:
    """See :data:`SMALL`: Alpha 3 MP / 2.5 GP, Beta 1 / 1.5."""
    code, out, _ = run(capsys, "teams", "standings", str(small), "--tiebreaks", "GP,EDE")
    assert code == EXIT_OK, out
    lines = out.splitlines()
    assert lines[0] == "Small team match"
    assert lines[2].split()[:6] == ["1", "1", "Alpha", "3", "3", "2.5"]
    assert lines[3].split()[:6] == ["2", "2", "Beta", "1", "1", "1.5"]


def test_standings_json_and_scores(capsys: pytest.CaptureFixture[str], small: Path) -> None:
    """GP ranking: 2.5 and 1.5; Nemlikher: 2.5 + 2 (win) + 1 (draw) = 5.5 and 1.5 + 1 = 2.5;
    MP 1/½/0: 1.5 and 0.5. BC of Alpha: board 1 1 + 0 = 1, board 2 ½ + 1 = 1.5: 1 + 3 = 4."""
    code, out, _ = run(
        capsys, "teams", "standings", str(small), "--score", "nemlikher", "--tiebreaks",
        "BC,TBR", "--format", "json",
    )  # fmt: skip
    assert code == EXIT_OK
    doc = json.loads(out)
    first = doc["standings"][0]
    assert (first["team"], first["score"], first["match_points"]) == (1, 5.5, 3.0)
    assert first["tiebreaks"] == {"BC": 4.0, "TBR": [1.0, 1.5]}
    assert doc["standings"][1]["score"] == 2.5
    code, out, _ = run(capsys, "teams", "standings", str(small), "--score", "mp1", "--format",
                       "json")  # fmt: skip
    assert [r["score"] for r in json.loads(out)["standings"]] == [1.5, 0.5]


def test_standings_csv(capsys: pytest.CaptureFixture[str], small: Path) -> None:
    code, out, _ = run(
        capsys, "teams", "standings", str(small), "--tiebreaks", "BW", "--board-weights", "2,1",
        "--format", "csv",
    )  # fmt: skip
    assert code == EXIT_OK
    table = list(csv.reader(io.StringIO(out)))
    assert table[0][-1] == "BW"
    # Alpha: board 1 (1 + 0) x 2 + board 2 (½ + 1) x 1 = 3.5
    assert table[1][2] == "Alpha" and table[1][-1] == "3.5"


def test_bad_input(capsys: pytest.CaptureFixture[str], small: Path, tmp_path: Path) -> None:
    code, _, err = run(capsys, "teams", "standings", str(small), "--tiebreaks", "XYZ")
    assert code == EXIT_USAGE and "XYZ" in err
    plain = tmp_path / "plain.trf"
    plain.write_text("012 No teams\n" + player(1, "Eve", "0.0") + "\n")
    code, _, err = run(capsys, "teams", "standings", str(plain))
    assert code == EXIT_INVALID_INPUT and "no teams" in err
    code, _, err = run(capsys, "teams", "standings", str(small), "--tiebreaks", "BW")
    assert code == EXIT_OK  # the 1965 weights cover 2 boards


def test_board_prizes(capsys: pytest.CaptureFixture[str], small: Path) -> None:
    """Board 1: Ann 1 + 0 = 1 / 2 = 50 %, Cid 0 + 1 = 50 %. Board 2: Bob ½ + 1 (against the
    reserve Fay) = 75 %, Dan ½ / 1 game: the minimum, half of 2 matches, is 1 game: 50 %.
    Reserves: Fay 0 / 1."""
    code, out, _ = run(capsys, "teams", "board-prizes", str(small), "--format", "json")
    assert code == EXIT_OK
    tables = json.loads(out)["tables"]
    assert [t["title"] for t in tables] == ["Board 1", "Board 2", "Reserves"]
    board2 = [(r["name"], r["percentage"], r["rank"]) for r in tables[1]["rows"]]
    assert board2 == [("Bob", 75.0, 1), ("Dan", 50.0, 2)]
    assert [(r["name"], r["games"]) for r in tables[2]["rows"]] == [("Fay", 1)]
    code, out, _ = run(capsys, "teams", "board-prizes", str(small), "--minimum", "two-thirds")
    assert code == EXIT_OK
    # two thirds of 2 matches = 2 games: Dan (1 game) gets no place
    assert any(line.split()[:2] == ["-", "4"] for line in out.splitlines())


@needs_samples
def test_sample_files(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "teams", "standings", str(SAMPLE26), "--format", "json")
    assert code == EXIT_OK
    doc = json.loads(out)
    assert len(doc["standings"]) == 50
    assert list(doc["standings"][0]["tiebreaks"]) == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    code, out, err = run(capsys, "teams", "standings", str(LOUBATIERE))
    assert code == EXIT_OK and "WIN, AOB" in err
    code, out, _ = run(capsys, "teams", "board-prizes", str(SAMPLE26))
    assert code == EXIT_OK and out.startswith("Board 1")


@needs_samples
def test_sample_edition(capsys: pytest.CaptureFixture[str]) -> None:
    """``--edition``: C.07 16.4 for India 3's (16) full-point bye in EMGSB/C1/P, its own 20 MP
    x 4 GP under 2023 (528, TieBreakServer's value), capped at 14 x 1 MP x 4 GP under 2026
    (504)."""
    values = {}
    for edition in ("2023", "2026"):
        code, out, _ = run(
            capsys, "teams", "standings", str(SAMPLE26), "--edition", edition, "--format", "json"
        )
        assert code == EXIT_OK
        first = json.loads(out)["standings"][0]
        assert first["team"] == 16
        values[edition] = first["tiebreaks"]["EMGSB/C1/P"]
    assert values == {"2023": 528, "2026": 504}
