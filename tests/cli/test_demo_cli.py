"""``chessarbiter demo``: the bundled round robin, end to end.

The expected results are computed here from the bundled results file with a reader of its own,
not with the demo's code.
"""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.demo import (
    EXAMPLE_PLAYERS,
    EXAMPLE_RESULTS,
    BoardResult,
    Game,
    parse_results,
    record_round,
)
from chessarbiter.cli.exits import EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main
from chessarbiter.errors import ChessArbiterError, FileFormatError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament

EXAMPLES = resources.files("chessarbiter") / "examples"
POINTS = {
    "1-0": (Fraction(1), Fraction(0)),
    "0-1": (Fraction(0), Fraction(1)),
    "1/2-1/2": (Fraction(1, 2), Fraction(1, 2)),
    "½-½": (Fraction(1, 2), Fraction(1, 2)),
    "+-": (Fraction(1), Fraction(0)),
    "-+": (Fraction(0), Fraction(1)),
    "--": (Fraction(0), Fraction(0)),
}


def bundled_games() -> list[tuple[int, int, int, str]]:
    """(round, white, black, result) for every line of the bundled results file."""
    games = []
    for line in (EXAMPLES / EXAMPLE_RESULTS).read_text(encoding="utf-8").splitlines():
        fields = line.split("#")[0].split()
        if fields:
            r, w, b, result = fields
            games.append((int(r), int(w), int(b), result))
    return games


def expected_points(last_round: int = 9) -> dict[int, Fraction]:
    points: dict[int, Fraction] = defaultdict(Fraction)
    for r, w, b, result in bundled_games():
        if r <= last_round:
            points[w] += POINTS[result][0]
            points[b] += POINTS[result][1]
    return dict(points)


def expected_ranks(points: dict[int, Fraction]) -> dict[int, str]:
    ranks = {}
    for n, p in points.items():
        first = 1 + sum(1 for q in points.values() if q > p)
        last = sum(1 for q in points.values() if q >= p)
        ranks[n] = str(first) if first == last else f"{first}-{last}"
    return ranks


def printed_points(text: str) -> Fraction:
    """``7½`` -> 15/2, ``½`` -> 1/2, ``6`` -> 6."""
    return Fraction(text.replace("½", ".5"))


def standings_section(out: str, heading: str) -> dict[int, tuple[str, Fraction]]:
    """{pairing number: (place, points)} from the standings table after ``heading``."""
    block = out.split(heading + "\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert block[0].split() == ["Rk", "No", "Name", "Rtg", "Fed", "Pts"]
    rows = {}
    for line in block[2:]:
        fields = line.split()
        rows[int(fields[1])] = (fields[0], printed_points(fields[-1]))
    return rows


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["demo", *args])
    out, err = capsys.readouterr()
    return code, out, err


# -- the bundled data ------------------------------------------------------------------------


def test_the_results_file_follows_the_berger_tables() -> None:
    """Every game of the file is the game of the FIDE Berger table (closed form, C.05)."""
    n, m = 10, 9

    def berger(r: int) -> set[tuple[int, int]]:
        c = (r + 1) // 2 if r % 2 else r // 2 + n // 2
        pairs = {(c, n) if r % 2 else (n, c)}
        for b in range(2, n // 2 + 1):
            pairs.add(((c + b - 2) % m + 1, (c - b) % m + 1))
        return pairs

    by_round: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for r, w, b, _ in bundled_games():
        by_round[r].add((w, b))
    assert sorted(by_round) == list(range(1, 10))
    for r in range(1, 10):
        assert by_round[r] == berger(r), f"round {r}"


def test_the_players_file_is_a_trf_with_ten_players_and_no_rounds() -> None:
    with resources.as_file(EXAMPLES / EXAMPLE_PLAYERS) as path:
        t = trf.load(path)
    assert len(t) == 10
    assert t.total_rounds == 9
    assert t.recorded_rounds == 0
    assert all(p.rating and len(p.federation) == 3 and not p.fide_id for p in t)


# -- the command -----------------------------------------------------------------------------


def test_demo_final_standings_match_the_bundled_results(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, err) == (EXIT_OK, "")
    lines = out.splitlines()
    assert lines[0] == "chessarbiter demo: Riverside Club Championship 2024"
    assert lines[1] == "=" * len(lines[0])
    assert "Traceback" not in out
    for r in range(1, 10):
        assert f"\nRound {r}\n" in out
    points = expected_points()
    assert sum(points.values()) == 45  # 45 games, none a double forfeit
    ranks = expected_ranks(points)
    table = standings_section(out, "Final standings")
    assert table == {n: (ranks[n], points[n]) for n in range(1, 11)}


def test_demo_prints_each_board_with_its_result(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys)
    round7 = out.split("\nRound 7\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert round7[0].split() == ["Bd", "No", "White", "Rtg", "Result", "No", "Black", "Rtg"]
    board = re.compile(r"\s*(\d+)\s+(\d+)\s+(.+?)\s+\d{4}\s+(\S+)\s+(\d+)\s+(.+?)\s+\d{4}")
    matches = [board.fullmatch(line) for line in round7[2:]]
    assert len(matches) == 5 and all(matches)
    boards = [(int(m[2]), int(m[5]), m[4]) for m in matches if m]
    assert [int(m[1]) for m in matches if m] == [1, 2, 3, 4, 5]
    assert [m[3] for m in matches if m][1] == "Kowalczyk, Jan"
    expected = [(w, b, res.replace("1/2-1/2", "½-½")) for r, w, b, res in bundled_games() if r == 7]
    assert sorted(boards) == sorted(expected)


def test_demo_crosstable_is_the_round_robin_grid(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys)
    grid = out.split("\nCrosstable\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert grid[0].split() == ["No", "Name", "Rtg", "Fed", *map(str, range(1, 11)), "Pts", "Rk"]
    cells: dict[tuple[int, int], str] = {}
    mark = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}
    for _, w, b, result in bundled_games():
        forfeit = result in ("+-", "-+", "--")
        white, black = POINTS[result]
        cells[w, b] = ("+" if white else "-") if forfeit else mark[white]
        cells[b, w] = ("+" if black else "-") if forfeit else mark[black]
    for n, line in enumerate(grid[2:], start=1):
        row = line[: line.rindex("  ")].rsplit(None, 11)[1:]  # ten cells and the points
        assert row[:10] == ["X" if m == n else cells[n, m] for m in range(1, 11)]


def test_demo_rounds_stops_early(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--rounds", "3")
    assert code == EXIT_OK
    assert "\nRound 3\n" in out and "\nRound 4\n" not in out
    points = expected_points(3)
    table = standings_section(out, "Standings after round 3 of 9")
    assert {n: p for n, (_, p) in table.items()} == points
    assert {n: rank for n, (rank, _) in table.items()} == expected_ranks(points)


@pytest.mark.parametrize("rounds", ["10", "0"])
def test_demo_rounds_out_of_range_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], rounds: str
) -> None:
    code, _, err = run(capsys, "--rounds", rounds)
    assert code == EXIT_USAGE
    assert "--rounds" in err and "Traceback" not in err


def test_demo_trf_out_writes_the_finished_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "club.trf"
    code, out, _ = run(capsys, "--trf-out", str(path))
    assert code == EXIT_OK
    assert str(path) in out
    t = trf.load(path)
    assert t.check() == []
    points = expected_points()
    assert {n: Fraction(t.score(n)) for n in t.players} == points
    codes = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "+-": ("+", "-")}
    codes |= {"-+": ("-", "+"), "--": ("-", "-")}
    for r, w, b, result in bundled_games():
        white, black = t.player(w).entry(r), t.player(b).entry(r)
        assert (white.opponent, white.colour, white.result) == (
            b,
            Colour.WHITE,
            Result.from_code(codes[result][0]),
        )
        assert (black.opponent, black.colour, black.result) == (
            w,
            Colour.BLACK,
            Result.from_code(codes[result][1]),
        )


def test_demo_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--ascii")
    assert code == EXIT_OK
    assert "½" not in out
    assert "1/2-1/2" in out


# -- the results-file reader and the round recorder ------------------------------------------


def test_parse_results_reads_every_result_form() -> None:
    text = "# header\n\n1 1 2 1-0\n1 3 4 ½-½  # a comment\n2 2 3 +-\n2 4 1 -+\n3 1 3 --\n"
    assert parse_results(text) == [
        Game(1, 1, 2, BoardResult.WHITE_WINS),
        Game(1, 3, 4, BoardResult.DRAW),
        Game(2, 2, 3, BoardResult.WHITE_FORFEIT_WIN),
        Game(2, 4, 1, BoardResult.BLACK_FORFEIT_WIN),
        Game(3, 1, 3, BoardResult.DOUBLE_FORFEIT),
    ]


def test_parse_results_reports_every_bad_line_with_its_column() -> None:
    text = "1 1 2 1-0\n1 3 4 2-0\n1 x 2 1-0\n1 5\n1 6 6 0-1\n"
    with pytest.raises(FileFormatError) as caught:
        parse_results(text, "r.txt")
    assert [str(p) for p in caught.value.problems] == [
        "r.txt:2:7: unknown result '2-0' (expected one of 1-0, 1/2-1/2, 0-1, +-, -+, --)",
        "r.txt:3:3: white must be a number from 1, not 'x'",
        "r.txt:4:0: expected ROUND WHITE BLACK RESULT",
        "r.txt:5:5: player 6 cannot play himself",
    ]


def test_results_are_read_by_the_library() -> None:
    # model.results.parse_written_result: the other spellings of the six results are read too
    assert parse_results("1 1 2 =\n1 3 4 1:0\n2 2 3 0.5-0.5\n") == [
        Game(1, 1, 2, BoardResult.DRAW),
        Game(1, 3, 4, BoardResult.WHITE_WINS),
        Game(2, 2, 3, BoardResult.DRAW),
    ]
    assert BoardResult.DRAW.results == (Result.DRAW, Result.DRAW)
    with pytest.raises(FileFormatError) as caught:
        parse_results("1 1 2 1-0u\n1 3 4 0-0\n", "r.txt")
    assert [str(p) for p in caught.value.problems] == [
        "r.txt:1:7: unknown result '1-0u' (expected one of 1-0, 1/2-1/2, 0-1, +-, -+, --)",
        "r.txt:2:7: '0-0' is not the result of one game: 0 for one player does not go with 0 "
        "for the other",
    ]


def four_players() -> Tournament:
    t = Tournament(total_rounds=3)
    for n in range(1, 5):
        t.add_player(Player(n, f"P{n}"))
    return t


def test_record_round_records_games_and_forfeits() -> None:
    t = four_players()
    games = parse_results("1 1 4 --\n1 2 3 -+\n")
    boards = record_round(t, 1, games)
    assert [(g.white, g.black) for g in boards] == [(1, 4), (2, 3)]
    assert t.player(1).entry(1) == RoundEntry(4, Colour.WHITE, Result.FORFEIT_LOSS)
    assert t.player(4).entry(1) == RoundEntry(1, Colour.BLACK, Result.FORFEIT_LOSS)
    assert t.player(3).entry(1) == RoundEntry(2, Colour.BLACK, Result.FORFEIT_WIN)
    assert t.score(3) == Decimal(1) and t.score(1) == 0


def test_record_round_refuses_games_the_table_does_not_pair() -> None:
    with pytest.raises(ChessArbiterError, match=r"no game 1 \(White\) - 4 \(Black\).*other way"):
        record_round(four_players(), 1, parse_results("1 4 1 1-0\n1 2 3 1-0\n"))
    with pytest.raises(ChessArbiterError, match="does not pair: 1-3"):
        record_round(four_players(), 1, parse_results("1 1 4 1-0\n1 2 3 1-0\n1 1 3 0-1\n"))


def test_record_round_lets_the_odd_player_sit_out() -> None:
    t = Tournament(total_rounds=3)
    for n in range(1, 4):
        t.add_player(Player(n, f"P{n}"))
    boards = record_round(t, 1, parse_results("1 2 3 1-0\n"))  # 1 meets the dummy
    assert [(g.white, g.black) for g in boards] == [(2, 3)]
    assert t.player(1).entry(1) is RoundEntry.NOT_PAIRED
