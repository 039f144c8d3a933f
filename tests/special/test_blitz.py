"""Team Competitions 1972's blitz draws, rule 2: stalemate, agreement, both flags fallen,
arbiter-confirmed repetition or perpetual check, and the claim with one like piece each without
pawns."""

from __future__ import annotations

import pytest

from chessarbiter.special.blitz import (
    CLAIM_TRIAL_MOVES,
    BlitzError,
    DrawGround,
    Verdict,
    blitz_draw_claim,
)

ROOKS = "8/8/3k4/8/3r4/8/3R4/3K4 w - - 0 1"
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"


def test_stalemate() -> None:
    assert blitz_draw_claim(STALEMATE, DrawGround.STALEMATE).verdict is Verdict.DRAW
    assert blitz_draw_claim(ROOKS, "stalemate").verdict is Verdict.REJECTED


def test_agreement_and_both_flags_are_draws() -> None:
    """Team Competitions 1972: "при соглашении на ничью, при одновременном падении обоих
    флажков"."""
    assert blitz_draw_claim(ROOKS, "agreement").verdict is Verdict.DRAW
    both = blitz_draw_claim(ROOKS, "both-flags")
    assert both.verdict is Verdict.DRAW and both.ground is DrawGround.BOTH_FLAGS


def test_repetition() -> None:
    """Team Competitions 1972: "судья лично устанавливает троекратное повторение"."""
    shuffle = ["Kc1", "Kc6", "Kd1", "Kd6"]
    assert blitz_draw_claim(ROOKS, "repetition", moves=shuffle * 2).verdict is Verdict.DRAW
    assert blitz_draw_claim(ROOKS, "repetition", moves=shuffle).verdict is Verdict.REJECTED
    assert blitz_draw_claim(ROOKS, "repetition").verdict is Verdict.ARBITER


def test_perpetual_is_for_the_arbiter() -> None:
    assert blitz_draw_claim(ROOKS, "perpetual").verdict is Verdict.ARBITER


def test_one_like_piece_each_without_pawns() -> None:
    """Team Competitions 1972: "по одной одноименной белой и черной фигуре (без пешек)" — then the
    opponent has ten moves."""
    assert CLAIM_TRIAL_MOVES == 10
    for fen in (
        ROOKS,
        "8/8/3k4/8/3q4/8/3Q4/3K4 w - - 0 1",
        "8/8/3k4/8/3n4/8/3N4/3K4 b - - 0 1",
        "8/8/3k4/8/3b4/8/4B3/3K4 w - - 0 1",
    ):
        claim = blitz_draw_claim(fen, "pieces")
        assert claim.verdict is Verdict.ADMISSIBLE, fen
        assert "10 moves" in claim.reason
    for fen in (
        "8/8/3k4/8/3b4/8/3R4/3K4 w - - 0 1",  # unlike pieces
        "8/8/3k4/8/3r4/4P3/3R4/3K4 w - - 0 1",  # a pawn
        "8/8/3k4/8/3r4/8/2RR4/3K4 w - - 0 1",  # two pieces
        "8/8/3k4/8/8/8/4R3/3K4 w - - 0 1",  # a lone king
    ):
        assert blitz_draw_claim(fen, "pieces").verdict is Verdict.REJECTED, fen


def test_the_position_after_the_moves() -> None:
    claim = blitz_draw_claim(
        "8/8/3k4/8/3r4/4P3/3R4/3K4 b - - 0 1", "pieces", moves=["Rd3", "Rxd3+"]
    )
    assert claim.verdict is Verdict.REJECTED  # rook against nothing
    capture = blitz_draw_claim("8/8/3k4/8/4r3/4P3/R7/3K4 b - - 0 1", "pieces", moves=["Rxe3"])
    assert capture.verdict is Verdict.ADMISSIBLE
    assert capture.fen == "8/8/3k4/8/8/4r3/R7/3K4 w - - 0 2"


def test_bad_input() -> None:
    with pytest.raises(BlitzError, match="bad FEN"):
        blitz_draw_claim("nonsense", "pieces")
    with pytest.raises(BlitzError, match="illegal position"):
        blitz_draw_claim("8/8/8/8/8/8/8/8 w - - 0 1", "pieces")
    with pytest.raises(BlitzError, match="move 1"):
        blitz_draw_claim(ROOKS, "repetition", moves=["Ke8"])
    with pytest.raises(BlitzError, match="unknown ground"):
        blitz_draw_claim(ROOKS, "boredom")
