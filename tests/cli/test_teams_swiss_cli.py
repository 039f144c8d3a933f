"""``chessarbiter teams pair``: the next round of a team Swiss from a TRF-2026 team file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main


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


def team(number: int, name: str, *members: int) -> str:
    roster = "".join(f"{m:>5}" for m in members)
    return f"310 {number:>3} {name:<32} {name[:3].upper():<10} 0    0.0    0.0   0{roster}"


def event_file(tmp_path: Path, rounds: int = 3, extra: tuple[str, ...] = ()) -> Path:
    """Four teams of two boards, round 1 played: Alpha beat Beta 1.5-0.5 (board 1: Ann, White,
    beat Cid), Delta beat Gamma 1.5-0.5 (board 1: Eve of Gamma had White and lost)."""
    lines = [
        "012 Four teams",
        f"142 {rounds}",
        "352 WB",
        "362 TW 2.0   TD 1.0   TL 0.0",
        *extra,
        player(1, "Ann", "1.0", "3 w 1"),
        player(2, "Bob", "0.5", "4 b ="),
        player(3, "Cid", "0.0", "1 b 0"),
        player(4, "Dan", "0.5", "2 w ="),
        player(5, "Eve", "0.0", "7 w 0"),
        player(6, "Fay", "0.5", "8 b ="),
        player(7, "Gus", "1.0", "5 b 1"),
        player(8, "Hal", "0.5", "6 w ="),
        team(1, "Alpha", 1, 2),
        team(2, "Beta", 3, 4),
        team(3, "Gamma", 5, 6),
        team(4, "Delta", 7, 8),
    ]
    path = tmp_path / "teams.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_c0406_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 2: Alpha (CD +1) and Delta (CD -1) lead on 2 MP: Delta has White (4.3.5);
    Beta (CD -1) has White against Gamma (CD +1)."""
    code, out, _ = run(
        capsys, "teams", "pair", str(event_file(tmp_path)), "--system", "c0406", "--format", "json"
    )
    assert code == EXIT_OK
    doc = json.loads(out)
    assert doc["round"] == 2 and doc["system"] == "c0406" and doc["bye"] is None
    got = [(m["white"], m["black"], m["colour_rule"]) for m in doc["matches"]]
    assert got == [(4, 1, "4.3.5"), (2, 3, "4.3.5")]
    assert doc["matches"][0]["white_name"] == "Delta"


def test_c0406_text_and_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(event_file(tmp_path))
    code, out, _ = run(capsys, "teams", "pair", path, "--primary", "gp", "--colour-preference", "B")
    assert code == EXIT_OK
    lines = out.splitlines()
    assert lines[0] == "Round 2: C.04.6 Swiss Team Pairing System, primary GP, colour preferences B"
    assert lines[1].split()[:6] == ["1", "4", "Delta", "-", "1", "Alpha"]
    assert "[C.04.6 4.3." in lines[1]


def test_dutch_mp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "teams",
        "pair",
        str(event_file(tmp_path)),
        "--system",
        "dutch-mp",
        "--format",
        "json",
    )
    assert code == EXIT_OK
    doc = json.loads(out)
    assert doc["system"] == "dutch-mp"
    assert {frozenset((m["white"], m["black"])) for m in doc["matches"]} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }
    code, out, _ = run(capsys, "teams", "pair", str(event_file(tmp_path)), "--system", "dutch-mp")
    assert code == EXIT_OK and out.startswith("Round 2: Dutch system")


def test_pab_in_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Gamma withdraws for round 2 (a requested zero-point bye): three teams, Gamma not
    paired; the PAB (a draw: 1 MP, 1 GP on two boards) to the lowest team, Beta."""
    path = event_file(tmp_path, extra=("240 Z   2    3",))
    code, out, _ = run(capsys, "teams", "pair", str(path))
    assert code == EXIT_OK, out
    assert out.splitlines()[-1] == "PAB  2 Beta: 1 MP, 1 GP"
    assert "Gamma" not in out


def test_invalid_input_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "teams", "pair", str(event_file(tmp_path, rounds=1)))
    assert code == EXIT_INVALID_INPUT and "rounds" in err
    baku = event_file(tmp_path, extra=("192 FIDE_TEAM_BAKU",))
    code, _, err = run(capsys, "teams", "pair", str(baku))
    assert code == EXIT_INVALID_INPUT and "C.04.7" in err
    plain = tmp_path / "plain.trf"
    plain.write_text("012 x\n142 3\n" + player(1, "Ann", "0.0") + "\n", encoding="utf-8")
    code, _, _ = run(capsys, "teams", "pair", str(plain))
    assert code == EXIT_INVALID_INPUT


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(event_file(tmp_path))
    code, _, _ = run(capsys, "teams", "pair", path, "--system", "dutch-mp", "--primary", "gp")
    assert code == EXIT_USAGE
    code, _, _ = run(
        capsys, "teams", "pair", path, "--system", "dutch-mp", "--colour-preference", "A"
    )
    assert code == EXIT_USAGE
    code, _, _ = run(capsys, "teams", "pair", path, "--system", "swiss")
    assert code == EXIT_USAGE
