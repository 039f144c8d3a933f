"""Point systems (C.04.1 c: PAB = a win; JaVaFo XXS; bbpPairings BB*; TRF-2026 162)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.errors import PointSystemError
from chessarbiter.model import HALF, ONE, STANDARD, ZERO, Colour, PointSystem, Result, RoundEntry

D = Decimal

W, B = Colour.WHITE, Colour.BLACK


def game(code: str, colour: Colour = W) -> RoundEntry:
    return RoundEntry(2, colour, Result(code))


def bye(code: str) -> RoundEntry:
    return RoundEntry.bye(Result(code))


@pytest.mark.parametrize(
    ("entry", "points"),
    [
        (game("1"), ONE),
        (game("1", B), ONE),
        (game("="), HALF),
        (game("0"), ZERO),
        (game("W"), ONE),
        (game("D", B), HALF),
        (game("L"), ZERO),
        (RoundEntry(2, W, Result.FORFEIT_WIN), ONE),
        (RoundEntry(2, B, Result.FORFEIT_LOSS), ZERO),
        (RoundEntry(None, Colour.NONE, Result.FORFEIT_LOSS), ZERO),
        (bye("H"), HALF),
        (bye("F"), ONE),
        (bye("U"), ONE),
        (bye("Z"), ZERO),
        (RoundEntry.NOT_PAIRED, ZERO),
        (RoundEntry(2, W, None), ZERO),
    ],
)
def test_standard_values(entry, points):
    """FIDE 1 / ½ / 0; the PAB is worth a win (C.04.1 c); a pending game scores nothing yet."""
    assert STANDARD.points(entry) == points


def test_standard_is_default():
    assert PointSystem() == STANDARD
    assert STANDARD.is_standard
    assert STANDARD.is_colour_blind
    assert (STANDARD.win, STANDARD.draw, STANDARD.loss) == (ONE, HALF, ZERO)


def test_football_3_1_0():
    """``BBW 3.0 BBD 1.0``: forfeit wins and F byes worth a win, H a draw, PAB a win."""
    ps = PointSystem.simple(win=D(3), draw=ONE, loss=ZERO)
    assert not ps.is_standard
    assert ps.is_colour_blind
    assert ps.points(game("1")) == 3
    assert ps.points(game("1", B)) == 3
    assert ps.points(game("=")) == 1
    assert ps.points(game("0")) == 0
    assert ps.points(RoundEntry(2, W, Result.FORFEIT_WIN)) == 3
    assert ps.points(RoundEntry(2, W, Result.FORFEIT_LOSS)) == 0
    assert ps.points(bye("F")) == 3
    assert ps.points(bye("H")) == 1
    assert ps.points(bye("Z")) == 0
    assert ps.points(bye("U")) == 3  # PAB = win by default
    assert ps.points(RoundEntry.NOT_PAIRED) == 0


def test_half_point_pab():
    """``BBU 0.5`` (corpus kind points/halfpab)."""
    ps = PointSystem.simple(pairing_allocated_bye=HALF)
    assert ps.points(bye("U")) == HALF
    assert ps.points(bye("F")) == ONE
    assert not ps.is_standard


def test_three_two_one_zero_point_bye_and_forfeit_loss():
    ps = PointSystem.simple(D(3), D(2), D(1), zero_point_bye=ZERO, forfeit_loss=ZERO)
    assert ps.points(game("0")) == 1
    assert ps.points(bye("Z")) == 0
    assert ps.points(RoundEntry.NOT_PAIRED) == 0  # not paired scores as a zero-point bye
    assert ps.points(RoundEntry(4, B, Result.FORFEIT_LOSS)) == 0
    ps2 = PointSystem.simple(zero_point_bye=HALF, forfeit_loss=D("-1"))
    assert ps2.points(RoundEntry.NOT_PAIRED) == HALF
    assert ps2.points(RoundEntry(4, B, Result.FORFEIT_LOSS)) == D(-1)


def test_xxs_colour_dependent_values():
    """JaVaFo ``XXS WW= BW= WD= BD= WL= BL=``: wins, draws and losses by colour; games of less
    than one move (W/D/L codes) count like the game result with that colour."""
    ps = PointSystem(
        win_white=D("1.0"),
        win_black=D("1.2"),
        draw_white=D("0.4"),
        draw_black=D("0.6"),
        loss_white=D("0.0"),
        loss_black=D("0.1"),
    )
    assert not ps.is_colour_blind
    assert ps.points(game("1", W)) == D("1.0")
    assert ps.points(game("1", B)) == D("1.2")
    assert ps.points(game("=", W)) == D("0.4")
    assert ps.points(game("=", B)) == D("0.6")
    assert ps.points(game("0", W)) == D("0.0")
    assert ps.points(game("0", B)) == D("0.1")
    assert ps.points(game("W", B)) == D("1.2")
    assert ps.points(game("D", B)) == D("0.6")
    assert ps.points(game("L", B)) == D("0.1")
    # forfeits and byes do not depend on colour
    assert ps.points(RoundEntry(2, B, Result.FORFEIT_WIN)) == ONE
    assert ps.points(RoundEntry(2, B, Result.FORFEIT_LOSS)) == ZERO


def test_with_values():
    ps = STANDARD.with_values(pairing_allocated_bye=HALF, forfeit_win=D(2))
    assert ps.pairing_allocated_bye == HALF
    assert ps.forfeit_win == 2
    assert ps.win == ONE
    with pytest.raises(PointSystemError, match="unknown point-system field"):
        STANDARD.with_values(pab=ONE)


def test_scores_are_exact_decimals():
    ps = STANDARD
    total = sum((ps.points(bye("H")) for _ in range(10)), ZERO)
    assert total == D(5)
    assert isinstance(total, Decimal)
