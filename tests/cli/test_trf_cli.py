"""``chessarbiter trf check`` and ``trf convert`` (Foundation issue, section 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
REAL = SHARED / "real"

pytestmark = pytest.mark.skipif(not REAL.exists(), reason=f"{REAL} is not beside the checkout")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_valid_file_exits_0(capsys):
    code, out, _ = run(capsys, "trf", "check", str(REAL / "sharly-chess/trf/example_trf16.trf"))
    assert code == EXIT_OK
    assert "284 players" in out


def test_check_broken_file_lists_every_problem_with_line_and_column(capsys):
    path = REAL / "py4swiss/data/too_many_results.trf"
    code, out, _ = run(capsys, "trf", "check", str(path))
    assert code == EXIT_INVALID_INPUT
    lines = out.splitlines()
    # players 2 and 7 have a sixth result; round 6's opponent field starts at column 142,
    # its result at 149 (TRF16: 92 + 10 * (r - 1) + 7)
    assert lines == [
        f"{path}:2:149: player 2, round 6: a result for round 6, but the event has 5 rounds",
        f"{path}:7:149: player 7, round 6: a result for round 6, but the event has 5 rounds",
    ]


def test_check_strict_refuses_unknown_code(capsys):
    path = REAL / "py4swiss/data/invalid_code.trf"
    assert run(capsys, "trf", "check", "-q", str(path))[0] == EXIT_OK
    code, out, _ = run(capsys, "trf", "check", "--strict", str(path))
    assert code == EXIT_INVALID_INPUT
    assert out.startswith(f"{path}:7:1: unknown record code '101'")


def test_missing_file_is_a_usage_error(capsys, tmp_path):
    assert run(capsys, "trf", "check", str(tmp_path / "nope.trf"))[0] == EXIT_USAGE


def test_convert_2026_to_16_warns_about_what_trf16_cannot_carry(capsys, tmp_path):
    source = REAL / "sharly-chess/tournament_importers/trf-import-test.trf"
    out_path = tmp_path / "out.trf"
    code, _, err = run(capsys, "trf", "convert", str(source), "--to", "16", "-o", str(out_path))
    assert code == EXIT_OK
    assert "record 192" in err and "requested byes (record 240)" in err
    converted = trf.load(out_path)
    original = trf.load(source)
    assert converted.system == "" and original.system == "FIDE_DUTCH_2026_BAKU"
    # the games themselves survive
    assert [p.results for p in converted] == [p.results for p in original]


def test_convert_to_2026_round_trips_to_stdout(capsys):
    source = REAL / "sharly-chess/tec-trf/tec-swiss.trf"
    code, out, err = run(capsys, "trf", "convert", str(source), "--to", "2026")
    assert code == EXIT_OK and err == ""
    assert trf.loads(out) == trf.load(source)


def test_convert_with_engine_lines_keeps_rounds_in_trf16(capsys, tmp_path):
    source = REAL / "sharly-chess/tournament_importers/trf-import-test.trf"
    out_path = tmp_path / "x.trf"
    args = ["trf", "convert", str(source), "--to", "16", "--engine", "-o", str(out_path)]
    code, _, err = run(capsys, *args)
    assert code == EXIT_OK
    assert "142" not in err  # carried by XXR
    text = out_path.read_text()
    assert "XXR 5\n" in text and "XXC black1\n" in text


# -- issue 13 items 15 and 16 ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "no player record (001): not a tournament file"),
        (b"Minutes of the club meeting\nAll present.\n", "no player record (001)"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "binary data"),
        (bytes(range(1, 32)) * 8, "binary data"),
    ],
)
def test_issue13_item15_check_refuses_what_is_not_a_tournament(capsys, tmp_path, content, words):
    """The old ``trf check`` said "valid TRF16: 0 players" (exit 0) for these."""
    path = tmp_path / "junk.trf"
    path.write_bytes(content)
    code, out, _ = run(capsys, "trf", "check", str(path))
    assert code == EXIT_INVALID_INPUT
    assert out.startswith(f"{path}:0:0: ") and words in out


def test_issue13_item15_check_reads_a_utf16_file(capsys, tmp_path):
    """Saved as "Unicode" by a Windows editor: UTF-16 LE with its byte-order mark."""
    source = REAL / "sharly-chess/trf/example_trf16.trf"
    path = tmp_path / "unicode.trf"
    path.write_bytes(b"\xff\xfe" + source.read_bytes().decode("utf-8").encode("utf-16-le"))
    code, out, _ = run(capsys, "trf", "check", str(path))
    assert code == EXIT_OK and "284 players" in out
    assert trf.load(path) == trf.load(source)


def test_issue13_item15_control_character_is_a_located_problem(capsys, tmp_path):
    lines = (REAL / "sharly-chess/trf/example_trf16.trf").read_text().splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("001    1 "))
    line = lines[number - 1]
    lines[number - 1] = line[:92] + "\x1c" + line[93:]  # in round 1's opponent (92-95)
    path = tmp_path / "ctrl.trf"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "trf", "check", str(path))
    assert code == EXIT_INVALID_INPUT
    assert out.splitlines() == [f"{path}:{number}:93: control character U+001C: not TRF text"]
    code, _, err = run(capsys, "trf", "convert", str(path), "--to", "2026")
    assert code == EXIT_INVALID_INPUT and f"{path}:{number}:93: control character" in err


def test_issue13_item16_convert_team_file_to_trf16_refuses_instead_of_writing_a_broken_file(
    capsys, tmp_path
):
    """trf-team-import-test.trf scores the team PAB 5 points (162 P 5.0): TRF16 cannot say so,
    and the points of columns 81-84 would contradict the results. The old convert wrote a file
    that ``trf check`` refused (exit 0); now nothing is written (exit 3), and with the engine
    lines (BB*) the file is written and valid."""
    source = REAL / "sharly-chess/tournament_importers/trf-team-import-test.trf"
    out_path = tmp_path / "team16.trf"
    code, _, err = run(capsys, "trf", "convert", str(source), "--to", "16", "-o", str(out_path))
    assert code == EXIT_INVALID_INPUT
    assert f"error: {source} cannot be written as TRF16:" in err
    assert "which TRF16 cannot state: player 1 has 5.0, a reader would count 1" in err
    assert not out_path.exists()
    args = ["trf", "convert", str(source), "--to", "16", "--engine", "-o", str(out_path)]
    code, _, err = run(capsys, *args)
    assert code == EXIT_OK, err
    assert run(capsys, "trf", "check", str(out_path))[0] == EXIT_OK
    assert [p.results for p in trf.load(out_path)] == [p.results for p in trf.load(source)]
