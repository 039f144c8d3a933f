"""``--double-swiss`` on the bbpPairings-compatible engine command line: -g writes whole
matches (two round columns each), -c re-pairs every match, -p pairs the next match, -l writes
the check-list, and an event whose columns are not whole matches is an invalid request naming
the player and the rounds."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.engine import EXIT_OK, INVALID_REQUEST, NO_VALID_PAIRING, run_engine


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = run_engine([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def cut(source: Path, target: Path, columns: int) -> Path:
    doc = trf.read_file(source)
    t = doc.tournament
    short = dataclasses.replace(
        t, players={p.number: dataclasses.replace(p, results=p.results[:columns]) for p in t}
    )
    target.write_text(trf.dumps(short, doc.dialect), encoding="utf-8")
    return target


def test_generate_check_and_pair_the_next_match(capsys, tmp_path):
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=23\nRoundsNumber=5\nForfeitRate=6\n")
    out = tmp_path / "gen.trf"
    code, _, err = run(capsys, "--double-swiss", "-g", config, "-o", out, "-s", "3", "-l")
    assert code == EXIT_OK, err
    t = trf.read_file(out).tournament
    assert t.total_rounds == 10 and t.rounds_played == 10
    assert t.point_system.pairing_allocated_bye == pytest.approx(0.75)
    assert (tmp_path / "gen.list").read_text().startswith("Round #1.")
    code, report, err = run(capsys, "--double-swiss", out, "-c")
    assert code == EXIT_OK, err
    assert report.count(": Round #") == 5 and "Checker pairings" not in report
    code, _, err = run(capsys, "--double-swiss", out, "-p")
    assert code == INVALID_REQUEST and "all 5 matches (10 rounds) have been paired" in err
    three = cut(out, tmp_path / "three.trf", 6)
    code, lines, err = run(capsys, "--double-swiss", three, "-p")
    assert code == EXIT_OK, err
    first = lines.splitlines()
    assert int(first[0]) == len(first) - 1 == 12  # 11 boards and the bye (23 players)
    assert first[-1].endswith(" 0")


def test_a_changed_match_is_reported(capsys, tmp_path):
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=12\nRoundsNumber=3\nForfeitRate=1e9\n")
    out = tmp_path / "gen.trf"
    assert run(capsys, "--double-swiss", "-g", config, "-o", out, "-s", "5")[0] == EXIT_OK
    doc = trf.read_file(out)
    t = doc.tournament
    a = t.player(1)
    b = t.player(a.entry(3).opponent or 0)
    for c in (3, 4):  # reverse both games of player 1's second match
        for p in (a, b):
            e = p.entry(c)
            p.set_entry(c, dataclasses.replace(e, colour=e.colour.opposite))
    out.write_text(trf.dumps(t, doc.dialect), encoding="utf-8")
    code, report, _ = run(capsys, "--double-swiss", out, "-c")
    assert code == NO_VALID_PAIRING
    assert "gen: Round #2\n  Checker pairings" in report


@pytest.mark.parametrize("columns", [3, 5])
def test_a_match_without_its_second_game_is_an_invalid_request(capsys, tmp_path, columns):
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=8\nRoundsNumber=3\n")
    out = tmp_path / "gen.trf"
    assert run(capsys, "--double-swiss", "-g", config, "-o", out, "-s", "1")[0] == EXIT_OK
    odd = cut(out, tmp_path / "odd.trf", columns)
    for mode in ("-p", "-c"):
        code, _, err = run(capsys, "--double-swiss", odd, mode)
        assert code == INVALID_REQUEST
        assert f"match {(columns + 1) // 2}: game 1 (round {columns}) is paired but game 2" in err


def test_a_dutch_file_is_not_checked_as_double_swiss(capsys, tmp_path):
    t = trf.loads("012 x\n142 4\n192 FIDE_DUTCH_2026\n001    1      A\n001    2      B\n")
    path = tmp_path / "dutch.trf"
    path.write_text(trf.dumps(t, trf.TRF2026), encoding="utf-8")
    code, _, err = run(capsys, "--double-swiss", path, "-c")
    assert code == INVALID_REQUEST and "does not match command line flag" in err
