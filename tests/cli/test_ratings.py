"""``chessarbiter ratings FILE``: the FIDE rating change (B.02) as text and JSON, ``--k``,
``--kind``, ``--edition``, ``--after-round``, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main
from chessarbiter.model import Player, Result, Tournament

KEYS = ["pairing_number", "name", "rating", "k", "games", "score", "expected", "rating_change"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def event() -> Tournament:
    """Six players, two rounds; player 6 unrated; a blitz-looking control is not given."""
    t = Tournament(name="Autumn Open", start_date="2025/10/04", total_rounds=2)
    people = [("Abel, Ann", 2600), ("Bloom, Bo", 2050), ("Carr, Cal", 1900)]
    people += [("Dyer, Dot", 1800), ("Ezra, Eve", 1750), ("Fenn, Fay", 0)]
    for number, (name, rating) in enumerate(people, start=1):
        t.add_player(Player(number, name, rating=rating, birth_date="1980"))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(1, 5, 6, Result.LOSS)
    t.record_game(2, 2, 3, Result.LOSS)
    t.record_game(2, 4, 1, Result.LOSS)
    t.record_game(2, 6, 5, Result.FORFEIT_WIN)
    assert t.check() == []
    return t


@pytest.fixture
def trf_file(tmp_path: Path) -> Path:
    path = tmp_path / "autumn.trf"
    path.write_text(trf.dumps(event()), encoding="utf-8")
    return path


def test_json_keys_and_numbers(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, err = run(capsys, "ratings", str(trf_file), "--json")
    assert (code, err) == (EXIT_OK, "")
    document = json.loads(out)
    assert (document["kind"], document["edition"]) == ("standard", "2025")
    first = document["players"][0]
    assert list(first)[: len(KEYS) + 1] == [*KEYS, "performance"]
    # 1 Abel 2600, K 10: 2050 (550 → 400) .92 and 1800 (800 → 400) .92; 2 wins:
    # 10 × (2 - 1.84) = 1.6 → +2
    assert {k: first[k] for k in KEYS} == {
        "pairing_number": 1,
        "name": "Abel, Ann",
        "rating": 2600,
        "k": 10,
        "games": 2,
        "score": 2.0,
        "expected": 1.84,
        "rating_change": 2,
    }
    assert (first["new_rating"], first["change"], first["k_rule"]) == (
        2602,
        1.6,
        "B.02 8.3.3: rated 2400 or more",
    )
    unrated = document["players"][5]
    assert (unrated["rating"], unrated["k"], unrated["rating_change"]) == (None, None, None)
    assert unrated["initial_rating"]["value"] is None
    assert unrated["skipped"] == ["round 2: forfeit win (+) against 5, not played (B.02 5.1)"]


def test_k_forces_one_k(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, _ = run(capsys, "ratings", str(trf_file), "--json", "--k", "30")
    assert code == EXIT_OK
    players = json.loads(out)["players"]
    assert [p["k"] for p in players] == [30, 30, 30, 30, 30, None]
    assert players[0]["change"] == pytest.approx(4.8)  # 30 × 0.16
    assert run(capsys, "ratings", str(trf_file), "--k", "0")[0] == EXIT_USAGE


def test_kind_and_edition(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    """Blitz, edition 2025: 1 Abel 2600 and 2 Bloom 2050 are 550 apart, not 600: rated; with
    ``--edition 2024`` the same. Player 1 against 4 Dyer 1800: 800 points, but Abel is not
    above 2600: rated too."""
    code, out, _ = run(capsys, "ratings", str(trf_file), "--json", "--kind", "blitz")
    assert code == EXIT_OK
    document = json.loads(out)
    assert document["kind"] == "blitz"
    assert document["players"][0]["k_rule"] == "B.02 R&B 7.3.3: rated 2400 or more"
    code, out, _ = run(capsys, "ratings", str(trf_file), "--json", "--edition", "2022")
    assert json.loads(out)["edition"] == "2022"
    # 2022: one upgrade, the 800-point game; the 550-point one counts as it is (.97)
    assert [g["expected"] for g in json.loads(out)["players"][0]["rated_games"]] == [0.97, 0.92]
    assert run(capsys, "ratings", str(trf_file), "--kind", "bullet")[0] == EXIT_USAGE


def test_after_round(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, _ = run(capsys, "ratings", str(trf_file), "--json", "--after-round", "1")
    assert code == EXIT_OK
    # 5 Ezra (rated) against 6 Fenn (unrated): counts for Fenn's initial rating only
    assert [p["games"] for p in json.loads(out)["players"]] == [1, 1, 1, 1, 0, 1]
    code, _, err = run(capsys, "ratings", str(trf_file), "--after-round", "3")
    assert code == EXIT_INVALID_INPUT and err.startswith("error: ")


def test_text_table(capsys: pytest.CaptureFixture[str], trf_file: Path) -> None:
    code, out, err = run(capsys, "ratings", str(trf_file))
    assert (code, err) == (EXIT_OK, "")
    lines = out.splitlines()
    assert lines[0] == "standard: the file gives no time control (TRF 122 or 222); standard assumed"
    header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("No"))
    assert lines[header].split() == [
        "No", "Name", "Rtg", "K", "Games", "Score", "We", "ΔR", "New", "Perf"
    ]  # fmt: skip
    assert lines[header + 2].split() == [
        "1", "Abel,", "Ann", "2600", "10", "2", "2", "1.84", "+2", "2602", "2725"
    ]  # fmt: skip
    # the unrated player: no K, no We, no change, no new rating (one game: not enough)
    assert lines[header + 7].split() == ["6", "Fenn,", "Fay", "1", "1", "-", "2550"]


def test_a_malformed_file_is_a_trf_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.trf"
    path.write_text(  # player 1 meets player 2, who is not in the file
        "012 Bad\n001    1      Ann                               2000"
        "                             0.0         2 w 1\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "ratings", str(path))
    assert code == EXIT_INVALID_INPUT
    assert out == ""
    assert err.startswith(f"error: {path}:2:")
    assert "Traceback" not in err


def test_a_missing_file_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(capsys, "ratings", str(tmp_path / "none.trf"))[0] == EXIT_USAGE
