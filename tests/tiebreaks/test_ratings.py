"""C.07 Art. 10: the tie-breaks using ratings, and the B.02 tables they read
(:mod:`chessarbiter.tiebreaks.ratings`)."""

from __future__ import annotations

from decimal import Decimal

from chessarbiter.model import Player, Result, Tournament
from chessarbiter.ratings.tables import dp
from chessarbiter.tiebreaks import (
    compute,
    parse_list,
)


def test_10_2_tpr_rounds_the_fraction_to_hundredths() -> None:
    """B.02 8.1.1: p = 2/3 is looked up as 0.67 (dp 125); 100 % gives +800."""
    assert dp(Decimal(2) / 3) == 125
    assert dp(Decimal(1)) == 800
    assert dp(Decimal(0)) == -800
    assert dp(Decimal("0.505")) == 7


def test_rating_tiebreaks_drop_unrated_opponents() -> None:
    t = Tournament(total_rounds=2)
    t.add_player(Player(1, "A", rating=2000))
    t.add_player(Player(2, "B", rating=None))
    t.add_player(Player(3, "C", rating=2100))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(2, 3, 1, Result.DRAW)
    v = compute(t, parse_list("ARO,TPR"))[1]
    assert v == {"ARO": 2100, "TPR": 2100}
    assert compute(t, parse_list("ARO,TPR"))[2] == {"ARO": 2000, "TPR": 1200}
    # regulations may rate unrated players, e.g. at 1400: then B counts for A
    rated = compute(t, parse_list("ARO,TPR,RTNG"), unrated_rating=1400)
    assert rated[1] == {"ARO": 1750, "TPR": 1750 + 193, "RTNG": 2000}  # 1.5 of 2: dp(0.75)
    assert rated[2]["RTNG"] == 1400
