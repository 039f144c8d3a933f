"""``chessarbiter lists start|teams FILE`` and ``chessarbiter standings FILE --category`` /
``--after-round`` on a round being played."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def event() -> Tournament:
    """Four players; round 1 complete (1-2 1-0, 3-4 ½-½), round 2 half in (4-2 1-0, 1-3 on)."""
    t = Tournament(name="Spring", total_rounds=3, start_date="2026/05/01")
    people = [
        ("Zeta, Zoe", "f", "2014/02/02", "GER", 1600, "g"),
        ("Abel, Al", "m", "2014/02/02", "GER", 1700, ""),
        ("Moss, Mia", "f", "1960", "GER", 0, ""),
        ("Ball, Bo", "m", "1960", "ENG", 1900, ""),
    ]
    for n, (name, sex, born, fed, rating, title) in enumerate(people, start=1):
        t.add_player(Player(n, name, sex, title, rating, fed, birth_date=born))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(2, 4, 2, Result.WIN)
    t.player(1).set_entry(2, RoundEntry(3, Colour.WHITE, None))
    t.player(3).set_entry(2, RoundEntry(1, Colour.BLACK, None))
    return t


@pytest.fixture
def trf_file(tmp_path: Path) -> Path:
    path = tmp_path / "spring.trf"
    path.write_text(trf.dumps(event()), encoding="utf-8")
    return path


# -- start lists --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("order", "numbers"),
    [("number", [1, 2, 3, 4]), ("name", [2, 4, 3, 1]), ("rating", [4, 2, 1, 3])],
)
def test_start_list_orders(
    capsys: pytest.CaptureFixture[str], trf_file: Path, order: str, numbers: list[int]
) -> None:
    code, out, err = run(
        capsys, "lists", "start", str(trf_file), "--order", order, "--format", "json"
    )
    assert (code, err) == (EXIT_OK, "")
    document = json.loads(out)
    assert document["order"] == order
    assert [p["pairing_number"] for p in document["players"]] == numbers
    assert [p["position"] for p in document["players"]] == [1, 2, 3, 4]


def test_start_list_text_and_csv(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, _ = run(capsys, "lists", "start", str(trf_file), "--order", "rating")
    lines = out.splitlines()
    assert code == EXIT_OK
    assert lines[0].split() == ["#", "No", "Title", "Name", "Rtg", "Fed", "FIDE", "ID", "Born"]
    assert lines[2].split() == ["1", "4", "Ball,", "Bo", "1900", "ENG", "1960"]
    assert lines[4].split() == ["3", "1", "GM", "Zeta,", "Zoe", "1600", "GER", "2014/02/02"]
    assert lines[5].split() == ["4", "3", "Moss,", "Mia", "GER", "1960"]  # unrated: blank
    code, out, _ = run(capsys, "lists", "start", str(trf_file), "--format", "csv")
    table = list(csv.reader(io.StringIO(out)))
    assert table[0][:5] == ["position", "pairing_number", "title", "name", "rating"]
    assert table[3][:5] == ["3", "3", "", "Moss, Mia", ""]


def test_start_list_bad_order_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    code, _, err = run(capsys, "lists", "start", str(trf_file), "--order", "elo")
    assert code == EXIT_USAGE
    assert "'elo' is not one of 'number', 'name', 'rating'" in err


# -- team ranking -------------------------------------------------------------------------------


def test_teams_by_federation_after_round_1(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    # after round 1: GER 1 (Zeta), 0.5 (Moss), 0 (Abel); ENG 0.5 (Ball)
    code, out, err = run(
        capsys, "lists", "teams", str(trf_file), "--after-round", "1", "--format", "json"
    )
    assert (code, err) == (EXIT_OK, "")
    document = json.loads(out)
    assert (document["by"], document["best"], document["after_round"]) == ("federation", None, 1)
    teams = document["teams"]
    assert [(t["shared_rank"], t["team"], t["points"]) for t in teams] == [
        ("1", "GER", 1.0),
        ("2", "ENG", 0.5),
    ]
    assert [p["pairing_number"] for p in teams[0]["counted"]] == [1]
    assert teams[0]["next_scores"] == [0.5, 0.0]
    code, out, _ = run(capsys, "lists", "teams", str(trf_file), "--after-round", "1", "--best", "2")
    lines = out.splitlines()
    assert lines[0] == "Teams by federation after round 1: best 2 scores count"
    assert lines[3].split() == ["1", "GER", "1½", "0", "1:", "1,", "3:", "½"]
    assert lines[4].split() == ["2", "ENG", "½", "4:", "½"]


def test_teams_csv_and_no_clubs(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, _ = run(
        capsys,
        "lists",
        "teams",
        str(trf_file),
        "--after-round",
        "1",
        "--format",
        "csv",
        "--best",
        "1",
    )
    assert code == EXIT_OK
    assert list(csv.reader(io.StringIO(out)))[1] == ["1", "1", "GER", "1", "0.5 0", "1"]
    code, out, _ = run(
        capsys, "lists", "teams", str(trf_file), "--by", "club", "--after-round", "1"
    )
    assert code == EXIT_OK
    assert "there are no teams (a TRF file does not record clubs" in out


def test_teams_refuse_a_round_being_played(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    code, _, err = run(capsys, "lists", "teams", str(trf_file), "--after-round", "2")
    assert code == EXIT_INVALID_INPUT
    assert err == "error: round 2 is not complete: 1 game has no result yet\n"


def test_teams_best_below_one_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    assert run(capsys, "lists", "teams", str(trf_file), "--best", "0")[0] == EXIT_USAGE


# -- standings after a round, and by category ---------------------------------------------------


def test_standings_after_a_round_being_played_is_refused(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    code, out, err = run(capsys, "standings", str(trf_file), "--after-round", "2")
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert err == "error: round 2 is not complete: 1 game has no result yet\n"
    assert run(capsys, "standings", str(trf_file), "--after-round", "1")[0] == EXIT_OK


def test_standings_by_category_text(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    # after round 1: Zeta 1 (1st), Moss and Ball ½ (2-3), Abel 0 (4th)
    code, out, err = run(
        capsys, "standings", str(trf_file), "--after-round", "1", "--category", "F"
    )
    assert (code, err) == (EXIT_OK, "")
    lines = out.splitlines()
    assert lines[0] == "Category F after round 1: 2 players"
    assert lines[1].split() == ["Pl", "Rk", "No", "Name", "Rtg", "Fed", "Pts"]
    assert lines[3].split() == ["1", "1", "1", "Zeta,", "Zoe", "1600", "GER", "1"]
    assert lines[4].split() == ["2", "2-3", "3", "Moss,", "Mia", "GER", "½"]


def test_standings_by_age_category_json_and_csv(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    code, out, _ = run(
        capsys,
        "standings",
        str(trf_file),
        "--after-round",
        "1",
        "--category",
        "U12",
        "--format",
        "json",
    )
    assert code == EXIT_OK
    document = json.loads(out)
    assert (document["category"], document["reference_date"]) == ("U12", "2026-01-01")
    rows = [
        (r["category_rank"], r["shared_rank"], r["pairing_number"]) for r in document["standings"]
    ]
    assert rows == [(1, "1", 1), (2, "4", 2)]
    # on 2026-03-01 both juniors (born 2014-02-02) are 12: none is under 12
    code, out, _ = run(
        capsys,
        "standings",
        str(trf_file),
        "--after-round",
        "1",
        "--category",
        "U12",
        "--reference-date",
        "2026-03-01",
        "--format",
        "json",
    )
    assert json.loads(out)["standings"] == []
    code, out, _ = run(
        capsys,
        "standings",
        str(trf_file),
        "--after-round",
        "1",
        "--category",
        "50+|FED=ENG",
        "--format",
        "csv",
    )
    table = list(csv.reader(io.StringIO(out)))
    assert table[0][:5] == [
        "category_rank",
        "shared_category_rank",
        "rank",
        "shared_rank",
        "pairing_number",
    ]
    assert [row[:5] for row in table[1:]] == [
        ["1", "1-2", "2", "2-3", "3"],
        ["1", "1-2", "2", "2-3", "4"],
    ]


def test_bad_category_is_a_usage_error(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, _, err = run(capsys, "standings", str(trf_file), "--category", "U12&")
    assert code == EXIT_USAGE
    assert (
        'Error: --category: category "U12&", column 5: a category is missing before the end' in err
    )


def test_age_category_needs_a_date(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    t = event()
    t.start_date = ""
    path = tmp_path / "undated.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    code, _, err = run(capsys, "standings", str(path), "--after-round", "1", "--category", "U12")
    assert code == EXIT_USAGE
    assert "give --reference-date YYYY-MM-DD" in err
    code, out, _ = run(capsys, "standings", str(path), "--after-round", "1", "--category", "F")
    assert code == EXIT_OK and "2 players" in out


def test_category_html_is_a_printable_page(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    code, out, err = run(capsys, "standings", str(trf_file), "--category", "F", "--format", "html")
    assert (code, err) == (EXIT_OK, "")
    assert out.startswith("<!DOCTYPE html>") and "<h1>Spring</h1>" in out
    assert "Category F after round " in out and ": 2 players" in out
    assert "<td class=l>GM Zeta, Zoe</td>" in out and "Abel" not in out


def test_real_open_category(capsys: pytest.CaptureFixture[str], shared: Path) -> None:
    path = shared / "real/sharly-chess/trf/example_trf16.trf"
    code, out, _ = run(capsys, "standings", str(path), "--category", "F&U20", "--format", "json")
    assert code == EXIT_OK
    rows = json.loads(out)["standings"]
    assert sorted(r["pairing_number"] for r in rows) == [211, 226, 266]
    assert [r["category_rank"] for r in rows] == sorted(r["category_rank"] for r in rows)
