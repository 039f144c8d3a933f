"""``chessarbiter prizes FILE --prizes PRIZES.toml``: the 284-player open with the example prize
table, as text, JSON and CSV; bad tables and options."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main
from chessarbiter.prizes import allocate, category_members, load_prize_table
from chessarbiter.standings import ranking

OPEN = Path(__file__).parents[2] / ".." / "shared" / "real" / "sharly-chess" / "trf"
OPEN_TRF = OPEN / "example_trf16.trf"
EXAMPLE = Path(str(resources.files("chessarbiter") / "examples" / "open-prizes.toml"))
TIEBREAKS = "BH/C1,BH,SB"

pytestmark = pytest.mark.skipif(not OPEN_TRF.exists(), reason="../shared data not present")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_prize_list_of_the_open(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "prizes", str(OPEN_TRF), "--prizes", str(EXAMPLE), "--tiebreaks", TIEBREAKS
    )
    assert code == EXIT_OK, err
    lines = out.splitlines()
    assert lines[0].split()[:5] == ["Place", "No.", "Name", "Pts", "Prize"]
    # the winner, alone on 6.5: the whole first prize and the cup
    assert lines[1].split()[:4] == ["1", "5", "Mikhaletz,Lubomir", "6.5"]
    assert "1000 EUR" in lines[1] and "Winner's cup" in lines[1]
    assert "Paid 4121 EUR of 4125 EUR." in out
    assert "Left by rounding shares down: 4 EUR." in out


def test_json_follows_the_hort_system_on_the_real_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "prizes",
        str(OPEN_TRF),
        "--prizes",
        str(EXAMPLE),
        "--tiebreaks",
        TIEBREAKS,
        "--format",
        "json",
    )
    assert code == EXIT_OK
    data = json.loads(out)
    awards = data["awards"]
    numbers = [a["pairing_number"] for a in awards]
    assert len(numbers) == len(set(numbers))
    # six players on 6 points share places 2-7 (700 500 400 300 200 150 = 2250) by Hort:
    # half by tie-break order, 1125 / 6 = 187.5 each, rounded down to whole euros
    six = [a for a in awards if a["points"] == "6"]
    assert [a["prize"] for a in six] == [
        f"{n} place" for n in ("2nd", "3rd", "4th", "5th", "6th", "7th")
    ]
    assert [a["amount"] for a in six] == ["537", "437", "387", "337", "287", "262"]
    assert Decimal(data["paid"]) + Decimal(data["remainder"]) == Decimal(data["total"])
    # the same list as the library gives
    tournament = trf.load(OPEN_TRF)
    table = load_prize_table(EXAMPLE)
    rows = ranking(tournament, TIEBREAKS)
    result = allocate(table, rows, category_members(table, tournament))
    assert numbers == [a.pairing_number for a in result.awards]
    # category prizes go to players of the category
    women = category_members(table, tournament)["F"]
    assert {a["pairing_number"] for a in awards if a["category"] == "F"} <= women


def test_csv_without_tiebreaks_shares_equal_places(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "prizes", str(OPEN_TRF), "--prizes", str(EXAMPLE), "--format", "csv")
    assert code == EXIT_OK
    rows = list(csv.DictReader(io.StringIO(out)))
    # no tie-break in the file: the six on 6 points are tied on everything (place 2-7), so
    # the Hort system's tie-break half is divided equally too: 2250 / 6 = 375 each
    six = [r for r in rows if r["points"] == "6"]
    assert {r["place"] for r in six} == {"2-7"} and {r["amount"] for r in six} == {"375"}
    assert all(r["currency"] == "EUR" for r in rows)


def test_a_bad_prize_table_is_invalid_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('sharing = "hort"\n\n[[prize]]\nplace = 1\namount = 100\nsize = 3\n')
    code, _, err = run(capsys, "prizes", str(OPEN_TRF), "--prizes", str(bad))
    assert code == EXIT_INVALID_INPUT
    assert f"{bad}:3:1: prize 1 (place 1): unknown key 'size'" in err
    bad.write_text("sharing = = 3\n")
    code, _, err = run(capsys, "prizes", str(OPEN_TRF), "--prizes", str(bad))
    assert code == EXIT_INVALID_INPUT
    assert f"{bad}:1:" in err


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "prizes", str(OPEN_TRF))
    assert code == EXIT_USAGE and "--prizes" in err
    code, _, err = run(
        capsys, "prizes", str(OPEN_TRF), "--prizes", str(EXAMPLE), "--tiebreaks", "XYZ"
    )
    assert code == EXIT_USAGE and "--tiebreaks" in err
    code, _, err = run(
        capsys, "prizes", str(OPEN_TRF), "--prizes", str(EXAMPLE), "--after-round", "9"
    )
    assert code == EXIT_INVALID_INPUT and "round 9" in err


def test_reference_date_moves_the_age_categories(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["prizes", str(OPEN_TRF), "--prizes", str(EXAMPLE), "--format", "json"]
    _, default, _ = run(capsys, *args)
    code, later, _ = run(capsys, *args, "--reference-date", "2030-01-01")
    assert code == EXIT_OK

    def junior(out: str) -> list[int]:
        return [a["pairing_number"] for a in json.loads(out)["awards"] if a["category"] == "U18"]

    assert junior(default) and junior(later) == []  # nobody is under 18 in 2030


def test_lots_break_the_ties_the_tiebreaks_leave(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["prizes", str(OPEN_TRF), "--prizes", str(EXAMPLE), "--tiebreaks", ""]
    _, tied, _ = run(capsys, *args)
    assert "lots must decide (C.07 4.2)" in tied
    code, drawn, _ = run(capsys, *args, "--lots", "7")
    assert code == EXIT_OK
    assert "lots must decide" not in drawn
    # places are no longer shared: one player per place 2-7, the Hort shares differ
    assert "2-7" not in drawn
