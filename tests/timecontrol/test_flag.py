"""Flag-fall adjudication (issue 8): Laws 2023 art. 6.9 (1997 art. 6.9, Laws Commentary 1997: mate
unreachable by any legal moves) and Team Competitions 1972's blitz rules."""

from __future__ import annotations

import chess
import pytest

from chessarbiter.timecontrol import FlagError
from chessarbiter.timecontrol.flag import adjudicate, find_helpmate, locked_pawns

LOCKED = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "side", "result", "certain"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "white", "draw", True),  # bare kings
        ("8/8/4k3/8/8/8/2K5/1N6 b - - 0 1", "black", "draw", True),  # K+N cannot mate
        ("8/8/4k3/8/8/8/2K5/1N6 w - - 0 1", "white", "draw", True),  # opponent: lone king
        ("k7/8/8/8/8/8/8/K1B2b2 w - - 0 1", "white", "loss", False),  # unproven either way
        ("2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", "white", "draw", True),  # same-coloured bishops
        (LOCKED, "white", "draw", True),  # locked pawns
        # Q and K against a lone king: the flagged side's only move captures the queen
        ("6k1/8/8/8/8/8/q7/K7 w - - 0 1", "white", "draw", True),
        # K+R v K: a helpmate exists (found by the guided search)
        ("7k/8/8/8/8/8/5K2/7R b - - 0 1", "black", "loss", True),
        (chess.STARTING_FEN, "white", "loss", True),  # fool's mate
    ],
)
def test_current_rule(fen: str, side: str, result: str, certain: bool) -> None:
    verdict = adjudicate(fen, side)
    assert (verdict.result, verdict.certain) == (result, certain)
    assert "6.9" in verdict.reason
    if result == "draw":
        assert verdict.score == "1/2-1/2"
    else:
        assert verdict.score == ("0-1" if side == "white" else "1-0")


def test_mating_line_is_legal_and_mates() -> None:
    verdict = adjudicate("7k/8/8/8/8/8/5K2/7R b - - 0 1", "black")
    board = chess.Board("7k/8/8/8/8/8/5K2/7R b - - 0 1")
    for san in verdict.line:
        board.push_san(san)
    assert board.is_checkmate() and board.turn == chess.BLACK


def test_helpmate_search_proves_impossibility_when_every_line_ends() -> None:
    line, exhausted = find_helpmate(chess.Board("6k1/8/8/8/8/8/q7/K7 w - - 0 1"), chess.WHITE)
    assert line is None and exhausted


def test_locked_pawns() -> None:
    assert locked_pawns(chess.Board(LOCKED))
    # a free pawn, a king that can reach a pawn, or a piece: not locked
    assert not locked_pawns(chess.Board("8/8/1k6/p1p1p3/P1P1P1P1/8/5K2/8 w - - 0 1"))
    assert not locked_pawns(chess.Board("8/8/8/p1p1p1pk/P1P1P1P1/8/5K2/8 w - - 0 1"))
    assert not locked_pawns(chess.Board("8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/7N w - - 0 1"))


@pytest.mark.parametrize(
    ("fen", "side", "result", "case"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "white", "draw", "only the kings"),
        ("4k3/8/8/8/8/8/8/2N1K3 b - - 0 1", "black", "draw", "king and minor"),
        ("2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", "white", "draw", "same colour"),
        (LOCKED, "white", "draw", "locked-pawn"),
        # the flagged player has pieces, the opponent a lone king
        ("4k3/8/8/8/8/8/PPP5/RN2K3 w - - 0 1", "white", "draw", "lone king"),
        # the flagged player's queen (rook) against the opponent's lone minor piece
        ("4k3/8/8/8/8/8/8/Q3K1n1 w - - 0 1", "white", "draw", "queen against"),
        ("4k3/8/8/8/8/8/8/R3K1b1 w - - 0 1", "white", "draw", "rook against"),
        # not listed: K+N v K+P can be lost by helpmate, and the rules do not excuse it
        ("7k/7p/8/8/8/8/5K2/6N1 b - - 0 1", "black", "loss", "could lose"),
        # the opponent's queen against the flagged player's minor piece: a loss
        ("4k3/8/8/8/8/8/8/q3K1N1 w - - 0 1", "white", "loss", "could lose"),
    ],
)
def test_seed_000_blitz(fen: str, side: str, result: str, case: str) -> None:
    verdict = adjudicate(fen, side, "blitz-1972")
    assert verdict.result == result
    assert case in verdict.reason and "Team Competitions 1972" in verdict.reason


def test_seed_000_and_current_differ() -> None:
    # R v N: by the current Laws the knight side can still (help)mate (the rook blocks a
    # flight square); Team Competitions 1972 says draw
    fen = "4k3/8/8/8/8/8/8/R3K1n1 w - - 0 1"
    assert adjudicate(fen, "white", "blitz-1972").result == "draw"
    assert adjudicate(fen, "white", "current").result == "loss"


@pytest.mark.parametrize(
    ("fen", "side", "rules", "message"),
    [
        ("not a fen", "white", "current", "FEN"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "white", "current", "not a legal position"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "red", "current", "side"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "white", "fide-1912", "rules"),
        ("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "black", "current", "checkmate"),
    ],
)
def test_errors(fen: str, side: str, rules: str, message: str) -> None:
    with pytest.raises(FlagError, match=message):
        adjudicate(fen, side, rules)


def test_issue_13_item_18_the_search_is_bounded() -> None:
    """The helpmate search takes at most ``limits.MAX_FLAG_NODES`` positions, whoever calls."""
    from chessarbiter.limits import MAX_FLAG_NODES

    with pytest.raises(FlagError, match="node_limit between 1 and"):
        adjudicate("8/8/8/4k3/8/8/8/4K2N w - - 0 1", "black", node_limit=MAX_FLAG_NODES + 1)
