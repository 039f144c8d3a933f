"""C.07 Art. 16: unplayed rounds in the tie-breaks (:mod:`chessarbiter.tiebreaks.unplayed`)."""

from __future__ import annotations

from decimal import Decimal

from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.tiebreaks import (
    compute,
    parse,
    parse_list,
)
from chessarbiter.tiebreaks.unplayed import unplayed_categories


def game(opponent: int, colour: Colour, result: Result) -> RoundEntry:
    return RoundEntry(opponent, colour, result)


def test_16_2_categories() -> None:
    """1 PAB / full-point bye, 2 forfeit win, 3 requested bye with a later played round,
    4 forfeit loss, 5 requested bye followed only by voluntarily unplayed rounds (or last)."""
    h, z = RoundEntry.bye(Result.HALF_POINT_BYE), RoundEntry.bye(Result.ZERO_POINT_BYE)
    pab, full = RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE), RoundEntry.bye(Result.FULL_POINT_BYE)
    won = game(3, Colour.WHITE, Result.WIN)
    fwin = game(4, Colour.NONE, Result.FORFEIT_WIN)
    floss = game(5, Colour.NONE, Result.FORFEIT_LOSS)
    assert unplayed_categories([pab, full, fwin, h, won, floss]) == [1, 1, 2, 3, 0, 4]
    # a withdrawal: a bye, then only forfeit losses and rounds not paired
    assert unplayed_categories([won, z, floss, RoundEntry.NOT_PAIRED]) == [0, 5, 4, 5]
    assert unplayed_categories([won, h]) == [0, 5]  # in the last round


def test_16_4_dummy_caps_and_16_5_vur_cut_first(t019: Tournament) -> None:
    """Player 4 of t019: lost to 1 (3.5), beat 5 (1.0, a PAB counted at its points) and 6
    (2.5), lost by forfeit to 2, then the PAB. The forfeit's dummy scores his own 3, under
    the cap of 2's adjusted 5 (16.4.1); the PAB's dummy is capped at 2.5, a draw in each of
    5 rounds (16.4.2): BH 12.5. Cut-1 cuts the forfeit loss (3.0, a VUR) before the lowest
    value 1.0 (16.5): 9.5; Median-1 also the highest: 6.0."""
    t = t019
    v = compute(t, parse_list("BH,BH/C1,BH/M1,SB"))[4]
    assert (v["BH"], v["BH/C1"], v["BH/M1"], v["SB"]) == (
        Decimal("12.5"),
        Decimal("9.5"),
        Decimal("6.0"),
        Decimal("6.0"),
    )


def test_16_3_withdrawn_player_counts_as_draws_for_opponents() -> None:
    """A player who withdraws after round 1 scores ½ per later round for his opponents."""
    t = Tournament(total_rounds=3)
    for n in range(1, 5):
        t.add_player(Player(n, f"P{n}", rating=2000))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(2, 1, 3, Result.DRAW)
    t.record_game(3, 1, 4, Result.LOSS)
    # player 2 withdrew: not paired in rounds 2 and 3 (zero-point byes to the end: cat. 5)
    v = compute(t, [parse("BH")])
    # 1's opponents as he sees them: 2 scores 0 + ½ + ½; 3 scores ½ + ½ + ½ (round 3 not
    # paired, the last round: cat. 5); 4 scores ½ + 0 + 1 (round 2 not paired but a game
    # follows: cat. 3, counted at its 0 points)
    assert v[1]["BH"] == Decimal(1) + Decimal("1.5") + Decimal("1.5")
    assert t.score(3) == 1  # the real score, not the adjusted one
