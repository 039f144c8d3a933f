"""``chessarbiter standings FILE``: text and JSON output, ``--after-round``, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main
from chessarbiter.cli.standings import standings_json
from chessarbiter.crosstable import crosstable_text, standings_text
from chessarbiter.model import Player, Result, RoundEntry, Tournament
from chessarbiter.standings import standings


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def event() -> Tournament:
    """Five players, two rounds of a Swiss: a PAB each round, one forfeit."""
    t = Tournament(name="Spring Rapid", total_rounds=4)
    people = [("Abel, Ann", 2210, "ENG"), ("Bloom, Bo", 2105, "NED"), ("Carr, Cal", 0, "SCO")]
    people += [("Dyer, Dot", 1890, "IRL"), ("Ezra, Eve", 1720, "ENG")]
    for number, (name, rating, federation) in enumerate(people, start=1):
        t.add_player(Player(number, name, rating=rating, federation=federation))
    t.record_game(1, 1, 4, Result.WIN)
    t.record_game(1, 5, 2, Result.DRAW)
    t.player(3).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.record_game(2, 3, 1, Result.DRAW)
    t.record_game(2, 2, 4, Result.FORFEIT_WIN)
    t.player(5).set_entry(2, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    assert t.check() == []
    return t


@pytest.fixture
def trf_file(tmp_path: Path) -> Path:
    path = tmp_path / "spring.trf"
    path.write_text(trf.dumps(event()), encoding="utf-8")
    return path


def test_text_is_the_standings_a_blank_line_and_the_crosstable(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    code, out, err = run(capsys, "standings", str(trf_file))
    assert (code, err) == (EXIT_OK, "")
    t = trf.load(trf_file)
    assert out == standings_text(standings(t)) + "\n\n" + crosstable_text(t) + "\n"
    lines = out.splitlines()
    assert lines[0].split() == ["Rk", "No", "Name", "Rtg", "Fed", "Pts"]
    assert lines[2].split() == ["1-4", "1", "Abel,", "Ann", "2210", "ENG", "1½"]
    assert lines[4].split() == ["1-4", "3", "Carr,", "Cal", "SCO", "1½"]
    assert lines[6].split() == ["5", "4", "Dyer,", "Dot", "1890", "IRL", "0"]
    assert lines[7] == ""
    # Five players, four rounds: not a round robin (one cycle of five is five rounds).
    assert lines[8].split() == ["Rk", "No", "Name", "Rtg", "Fed", "1", "2", "Pts"]
    assert lines[10].split()[-3:] == ["4w1", "3b½", "1½"]


def test_text_cells_for_pab_and_forfeit(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    _, out, _ = run(capsys, "standings", str(trf_file))
    rows = {line.split()[1]: line for line in out.splitlines()[10:15]}
    assert rows["3"].endswith("SCO  -- U   1w½   1½")
    assert rows["5"].endswith("ENG   2w½  -- U   1½")
    assert rows["2"].endswith("5b½   4w+   1½")
    assert rows["4"].endswith("1b0   2b-    0")


def test_ascii(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    _, out, _ = run(capsys, "standings", str(trf_file), "--ascii")
    assert "½" not in out
    assert "1.5" in out and "5b=" in out


def test_json_shape_and_types(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, _ = run(capsys, "standings", str(trf_file), "--format", "json")
    assert code == EXIT_OK
    document = json.loads(out)
    assert list(document) == ["standings"]
    rows = document["standings"]
    assert [list(row)[:5] for row in rows] == [
        ["rank", "pairing_number", "name", "points", "tiebreaks"]
    ] * 5
    first = rows[0]
    assert type(first["rank"]) is int
    assert type(first["pairing_number"]) is int
    assert type(first["points"]) is float
    assert first["tiebreaks"] == {}
    assert first["name"] == "Abel, Ann"
    assert first["federation"] == "ENG"
    assert first["rating"] == 2210
    assert rows[2]["name"] == "Carr, Cal"
    assert rows[2]["rating"] is None  # unrated


def test_json_ranks_are_the_first_place_of_a_shared_place(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    _, out, _ = run(capsys, "standings", str(trf_file), "--format", "json")
    rows = json.loads(out)["standings"]
    # 1: 1 + ½; 2: ½ + 1 (forfeit); 3: 1 (PAB) + ½; 5: ½ + 1 (PAB); 4: 0.
    assert [(r["rank"], r["shared_rank"], r["pairing_number"], r["points"]) for r in rows] == [
        (1, "1-4", 1, 1.5),
        (1, "1-4", 2, 1.5),
        (1, "1-4", 3, 1.5),
        (1, "1-4", 5, 1.5),
        (5, "5", 4, 0.0),
    ]
    assert [r["games_played"] for r in rows] == [2, 1, 1, 1, 1]
    assert not any(r["withdrawn"] for r in rows)


def test_after_round(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, _ = run(capsys, "standings", str(trf_file), "--format", "json", "--after-round", "1")
    assert code == EXIT_OK
    rows = json.loads(out)["standings"]
    assert [(r["rank"], r["pairing_number"], r["points"]) for r in rows] == [
        (1, 1, 1.0),
        (1, 3, 1.0),
        (3, 2, 0.5),
        (3, 5, 0.5),
        (5, 4, 0.0),
    ]
    _, out, _ = run(capsys, "standings", str(trf_file), "--after-round", "1")
    crosstable = out.split("\n\n")[1].splitlines()
    assert crosstable[0].split() == ["Rk", "No", "Name", "Rtg", "Fed", "1", "Pts"]


def test_after_round_beyond_the_rounds_played_is_invalid_input(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    code, out, err = run(capsys, "standings", str(trf_file), "--after-round", "3")
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert err == "error: cannot show the standings after round 3: only 2 rounds have been played\n"


def test_negative_after_round_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    assert run(capsys, "standings", str(trf_file), "--after-round", "-1")[0] == EXIT_USAGE


def test_unknown_format_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], trf_file: Path
) -> None:
    assert run(capsys, "standings", str(trf_file), "--format", "pdf")[0] == EXIT_USAGE


def test_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "standings", str(tmp_path / "nope.trf"))
    assert code == EXIT_USAGE
    assert "does not exist" in err


def test_malformed_file_is_invalid_input_without_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(
        "012 Bad\n001    1      Ann                               2000"
        "                             0.0         2 w 1\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "standings", str(path))
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert err.startswith(f"error: {path}:")
    assert "Traceback" not in err


def test_players_only_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    t = Tournament(name="Before round 1", total_rounds=5)
    for number in (1, 2, 3):
        t.add_player(Player(number, f"Player {number}"))
    path = tmp_path / "entries.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    code, out, _ = run(capsys, "standings", str(path), "--format", "json")
    assert code == EXIT_OK
    assert [(r["rank"], r["points"]) for r in json.loads(out)["standings"]] == [(1, 0.0)] * 3


def test_standings_json_tiebreak_values_are_floats() -> None:
    from decimal import Decimal

    from chessarbiter.standings import Standing

    row = Standing(2, 3, 7, "Ann", None, "", Decimal("4.5"), 6, (), {"BH": Decimal("21.5")})
    assert standings_json([row]) == {
        "standings": [
            {
                "rank": 2,
                "pairing_number": 7,
                "name": "Ann",
                "points": 4.5,
                "tiebreaks": {"BH": 21.5},
                "shared_rank": "2-3",
                "rating": None,
                "federation": "",
                "games_played": 6,
                "withdrawn": False,
                "lot": None,
            }
        ]
    }


def test_issue_13_item_5_the_printed_crosstable_has_the_standings_places(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A round robin whose tie-breaks separate four players level on points: the crosstable
    printed below the standings gives the standings' places 2, 3, 4, 5, not "2-5"."""
    from chessarbiter.pairing import roundrobin

    t = Tournament(name="Club round robin", total_rounds=5)
    for number in range(1, 7):
        t.add_player(Player(number, f"Player {number}", rating=2300 - number))
    codes = {"1-0": Result.WIN, "=": Result.DRAW, "0-1": Result.LOSS}
    results = ["= 0-1 1-0", "0-1 = =", "0-1 1-0 0-1", "1-0 = 1-0", "1-0 1-0 0-1"]
    for r, line in enumerate(results, start=1):
        for (white, black), mark in zip(roundrobin.pair_round(t, r), line.split(), strict=True):
            t.record_game(r, white, black, codes[mark])
    path = tmp_path / "rr.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    code, out, _err = run(capsys, "standings", str(path), "--tiebreaks", "SB,DE")
    assert code == EXIT_OK
    table, cross = out.split("\n\n")[:2]
    assert "2-5" not in cross
    lines = [line.split() for line in table.splitlines() if line.strip()[:1].isdigit()]
    assert [line[0] for line in lines] == ["1", "2", "3", "4", "5", "6"]
    places = {line[1]: line[0] for line in lines}  # pairing number: place
    grid = [line.split() for line in cross.splitlines() if line.strip()[:1].isdigit()]
    assert {line[0]: line[-1] for line in grid} == places
