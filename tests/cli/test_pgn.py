"""``chessarbiter pgn apply`` and ``chessarbiter pgn export`` through Click's CliRunner, on a
round of 142 boards of the Dutch corpus (``../shared/corpus``), with random legal games whose
Result tags are the TRF's results."""

from __future__ import annotations

import random
from pathlib import Path

import chess
import pytest
from click.testing import CliRunner

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK
from chessarbiter.cli.main import cli, register_commands
from chessarbiter.games.pgn import PgnGame, read_games
from chessarbiter.model import Result, RoundEntry, Tournament

EVENT = (
    Path(__file__).resolve().parents[2].parent
    / "shared/corpus/dutch/t036_p0300_r07_mixed_s1000036/tournament.trf"
)
ROUND = 5
PGN_RESULTS = {Result.WIN: "1-0", Result.LOSS: "0-1", Result.DRAW: "1/2-1/2"}

pytestmark = pytest.mark.skipif(not EVENT.exists(), reason="../shared corpus not present")


def run(*args: str | Path | int) -> tuple[int, str, str]:
    register_commands()
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def random_moves(rng: random.Random, plies: int) -> tuple[str, ...]:
    board = chess.Board()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(board.san(move))
        board.push(move)
    return tuple(moves)


@pytest.fixture(scope="module")
def pending_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus event with round 5's results taken out (the games paired, no result)."""
    tournament = trf.load(EVENT)
    for player in tournament:
        entry = player.entry(ROUND)
        if entry.opponent is not None and entry.result is not None:
            player.set_entry(ROUND, RoundEntry(entry.opponent, entry.colour, None))
    path = tmp_path_factory.mktemp("pgn") / "pending.trf"
    doc = trf.read_file(EVENT)
    path.write_text(trf.dumps(tournament, doc.dialect), encoding="utf-8")
    return path


def round_games_pgn(skeletons: str, tournament: Tournament, seed: int = 5) -> list[PgnGame]:
    """The skeletons of ``pgn export`` played out: random legal moves, the TRF's results; a
    forfeit (no game) left out."""
    rng = random.Random(seed)
    by_name = {p.name: p for p in tournament}
    games = []
    for skeleton in read_games(skeletons):
        white = by_name[skeleton.white]
        entry = white.entry(ROUND)
        if not entry.is_played:
            continue
        assert entry.result is not None
        headers = dict(skeleton.headers)
        moves = random_moves(rng, rng.randrange(1, 30))
        games.append(PgnGame(headers, moves, PGN_RESULTS[entry.result]))
    return games


def write_pgn(path: Path, games: list[PgnGame]) -> Path:
    path.write_text("".join(g.pgn() for g in games), encoding="utf-8")
    return path


def test_export_writes_skeletons_for_a_round_not_finished(pending_event: Path) -> None:
    code, out, err = run("pgn", "export", pending_event, "--round", ROUND, "--site", "Riga LAT")
    assert code == EXIT_OK, err
    games = read_games(out)
    assert len(games) == 142
    assert {g.result for g in games} == {"*"} and all(not g.moves for g in games)
    assert [g.headers["Round"] for g in games] == [f"5.{n}" for n in range(1, 143)]
    first = games[0]
    assert list(first.headers)[:9] == [
        *("Event", "Site", "Date", "Round", "White", "Black", "Result"),
        *("WhiteElo", "BlackElo"),
    ]
    assert first.headers["Event"] == "AutoTest Tournament 1000036"
    assert first.headers["Site"] == "Riga LAT"


def test_export_of_a_complete_round_has_its_results_and_forfeits(tmp_path: Path) -> None:
    out_file = tmp_path / "r5.pgn"
    code, _, err = run("pgn", "export", EVENT, "--round", ROUND, "-o", out_file)
    assert code == EXIT_OK, err
    games = read_games(out_file.read_text(encoding="utf-8"))
    tournament = trf.load(EVENT)
    by_name = {p.name: p for p in tournament}
    forfeits = 0
    for game in games:
        entry = by_name[game.white].entry(ROUND)
        assert entry.result is not None
        if entry.result.is_forfeit:
            forfeits += 1
            assert game.headers["Termination"] == "forfeit"
            black = by_name[game.black].entry(ROUND).result
            expected = {Result.FORFEIT_WIN: "1-0", Result.FORFEIT_LOSS: "0-1"}[entry.result]
            assert game.result == (expected if black is not entry.result else "*")
        else:
            assert game.result == PGN_RESULTS[entry.result]
    assert forfeits > 0


def test_export_of_every_round_and_a_time_control() -> None:
    code, out, err = run("pgn", "export", EVENT, "--time-control", "90 min + 30 s per move")
    assert code == EXIT_OK, err
    games = read_games(out)
    rounds = {g.headers["Round"].split(".")[0] for g in games}
    assert rounds == {str(r) for r in range(1, 8)}
    assert {g.headers["TimeControl"] for g in games} == {"5400+30"}


def test_apply_records_the_round_from_its_games(pending_event: Path, tmp_path: Path) -> None:
    _, skeletons, _ = run("pgn", "export", pending_event, "--round", ROUND)
    complete = trf.load(EVENT)
    games = round_games_pgn(skeletons, complete)
    games.reverse()  # a broadcast lists games in any order
    pgn_file = write_pgn(tmp_path / "round5.pgn", games)
    out = tmp_path / "out.trf"
    code, report, err = run("pgn", "apply", pending_event, pgn_file, "--round", ROUND, "-o", out)
    assert code == EXIT_OK, err
    assert (
        report.splitlines()[0] == f"{len(games)} games, 142 boards: {len(games)} results recorded"
    )
    assert "boards without a game" in report  # the forfeits: no game in the PGN
    written = trf.load(out)
    for player in complete:
        expected = player.entry(ROUND)
        got = written.player(player.number).entry(ROUND)
        if expected.is_played:
            assert got == expected, player.number
        elif expected.opponent is not None:
            assert got.result is None  # the forfeits stay to be entered
        else:
            assert got == expected  # byes and absences as they were


def test_apply_leaves_doubtful_games_unless_accepted(pending_event: Path, tmp_path: Path) -> None:
    _, skeletons, _ = run("pgn", "export", pending_event, "--round", ROUND)
    games = round_games_pgn(skeletons, trf.load(EVENT))
    first = games[0]
    games[0] = PgnGame(
        {**first.headers, "White": first.black, "Black": first.white},
        first.moves,
        {"1-0": "0-1", "0-1": "1-0"}.get(first.result, first.result),
    )
    games.append(PgnGame({"White": "Somebody", "Black": "Else"}, (), "1-0"))
    games.append(PgnGame({**games[1].headers}, (), "*"))  # the same board again, no result
    pgn_file = write_pgn(tmp_path / "round5.pgn", games)
    out = tmp_path / "out.trf"
    code, report, err = run("pgn", "apply", pending_event, pgn_file, "--round", ROUND, "-o", out)
    assert code == EXIT_OK, err
    assert "doubtful: colours reversed" in report
    assert "games matched to no board: 1\n  game " in report and "(Somebody - Else)" in report
    assert "its board is matched by game 2" in report
    recorded = int(report.split(": ")[1].split()[0])
    complete = trf.load(EVENT)
    pair = [p for p in complete if p.name in (first.white, first.black)]
    assert all(trf.load(out).player(p.number).entry(ROUND).result is None for p in pair)
    code, report2, err = run(
        "pgn", "apply", pending_event, pgn_file, "--round", ROUND, "-o", out, "--accept-doubtful"
    )
    assert code == EXIT_OK, err
    assert int(report2.split(": ")[1].split()[0]) == recorded + 1
    written = trf.load(out)  # the board's colours kept, the result follows the players
    assert [written.player(p.number).entry(ROUND) for p in pair] == [p.entry(ROUND) for p in pair]


def test_games_without_a_result_and_the_trf_note(pending_event: Path, tmp_path: Path) -> None:
    _, skeletons, _ = run("pgn", "export", pending_event, "--round", ROUND)
    pgn_file = tmp_path / "skeletons.pgn"
    pgn_file.write_text(skeletons, encoding="utf-8")
    code, report, err = run(
        "pgn", "apply", pending_event, pgn_file, "--round", ROUND, "-o", tmp_path / "o.trf"
    )
    assert code == EXIT_OK, err
    assert report.startswith("142 games, 142 boards: 0 results recorded")
    assert "without a result (*): 142" in report
    assert "TRF cannot carry the sealed move" in report


def test_conflicts_are_refused_unless_overwritten(tmp_path: Path) -> None:
    complete = trf.load(EVENT)
    _, skeletons, _ = run("pgn", "export", EVENT, "--round", ROUND)
    games = [g for g in read_games(skeletons) if g.headers.get("Termination") != "forfeit"]
    flipped = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}
    target = games[3]
    games[3] = PgnGame(target.headers, (), flipped[target.result])
    pgn_file = write_pgn(tmp_path / "r5.pgn", games)
    out = tmp_path / "out.trf"
    code, report, err = run("pgn", "apply", EVENT, pgn_file, "--round", ROUND, "-o", out)
    assert code == EXIT_INVALID_INPUT
    assert "1 games contradict results already in" in err and "nothing written" in err
    assert f"({target.white} - {target.black})" in err
    assert not out.exists()
    code, report, err = run(
        "pgn", "apply", EVENT, pgn_file, "--round", ROUND, "-o", out, "--overwrite"
    )
    assert code == EXIT_OK, err
    assert report.splitlines()[0].endswith(": 1 results recorded")
    assert ", replacing " in report and "overwritten conflicts: 1" in report
    white = next(p for p in complete if p.name == target.white)
    got = trf.load(out).player(white.number).entry(ROUND)
    assert got.result is not None and got.result.value == {"1-0": "1", "0-1": "0"}[games[3].result]


@pytest.mark.parametrize(
    ("pgn_text", "message"),
    [
        ("1. e4 e5 2. Ke3 *", "r.pgn: game 1 (? - ?): move 2. Ke3 is illegal"),
        ("1. e4 hello *", "'hello' is not a move"),
    ],
)
def test_bad_pgn_exits_3_and_writes_nothing(tmp_path: Path, pgn_text: str, message: str) -> None:
    pgn_file = tmp_path / "r.pgn"
    pgn_file.write_text(pgn_text, encoding="utf-8")
    out = tmp_path / "out.trf"
    code, _, err = run("pgn", "apply", EVENT, pgn_file, "--round", ROUND, "-o", out)
    assert code == EXIT_INVALID_INPUT
    assert message in err and not out.exists()


def test_a_round_not_paired_and_a_bad_trf_exit_3(tmp_path: Path) -> None:
    pgn_file = tmp_path / "r.pgn"
    pgn_file.write_text("1. e4 *", encoding="utf-8")
    code, _, err = run("pgn", "apply", EVENT, pgn_file, "--round", 9, "-o", tmp_path / "o")
    assert code == EXIT_INVALID_INPUT and "round 9 was not paired (rounds paired: 7)" in err
    code, _, err = run("pgn", "export", EVENT, "--round", 8)
    assert code == EXIT_INVALID_INPUT and "round 8 was not paired" in err
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1      x\n001    1      y\n", encoding="utf-8")
    code, _, err = run("pgn", "export", bad)
    assert code == EXIT_INVALID_INPUT and str(bad) in err
    code, _, err = run("pgn", "export", EVENT, "--time-control", "forty moves")
    assert code == EXIT_INVALID_INPUT and err.startswith("error: ")


def test_a_latin_1_pgn_is_read(tmp_path: Path) -> None:
    pgn_file = tmp_path / "latin.pgn"
    pgn_file.write_bytes('[White "Müller"]\n[Black "B"]\n\n1. e4 *\n'.encode("latin-1"))
    code, report, err = run(
        "pgn", "apply", EVENT, pgn_file, "--round", ROUND, "-o", tmp_path / "o.trf"
    )
    assert code == EXIT_OK, err
    assert "(Müller - B)" in report


def test_a_complete_round_exported_and_applied_back_changes_nothing(tmp_path: Path) -> None:
    pgn_file = tmp_path / "r5.pgn"
    run("pgn", "export", EVENT, "--round", ROUND, "-o", pgn_file)
    out = tmp_path / "out.trf"
    code, report, err = run("pgn", "apply", EVENT, pgn_file, "--round", ROUND, "-o", out)
    assert code == EXIT_OK, err
    assert report.startswith("142 games, 142 boards: 0 results recorded\nnot recorded: 142\n")
    assert report.count("the result is recorded already") == 142
    assert trf.load(out) == trf.load(EVENT)
