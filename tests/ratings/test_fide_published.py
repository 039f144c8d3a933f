"""FIDE's own published rating calculations (ratings.fide.com, "calculations" of the rating
period 2025-12, event 435715 "1st Annual Washington Dulles Open", 7-9 November 2025), redone
by :func:`chessarbiter.ratings.change.rating_report` under B.02 of 1 March 2024 as amended
from 1 October 2025 (the ``"2025"`` edition).

FIDE prints, per game, the opponent's rating as used (an asterisk when the 400-point rule of
8.3.1 capped it), the score and ``score - PD``; per event ``K`` and ``K × ΣΔR``. The figures
below are FIDE's. Each player's opponents outside these five are filler players with the
rating FIDE shows; a capped opponent gets the capped rating itself (a difference of exactly
400, which gives the same ``PD`` as any larger one for a player below 2650).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.editions import RatingEdition
from chessarbiter.model import Player, Result, Tournament
from chessarbiter.ratings.change import (
    PlayerRating,
    expected_score,
    initial_rating,
    rating_report,
)
from chessarbiter.timecontrol.laws import Category

# (FIDE ID, rating or None, [(round, colour, opponent: rating or a focus player's ID, score)])
_P01, _P02, _P03, _P04, _N01 = 2016192, 9953698, 2064871, 30915422, 39998126
FOCUS: dict[int, tuple[int | None, list[tuple[str, int, str]]]] = {
    _P01: (2813, [("w", 1787, "1"), ("b", 2025, "1"), ("w", 2310, "1"), ("b", _P02, "1"),
                  ("w", _P03, "=")]),
    _P02: (2400, [("w", 2000, "1"), ("b", 2000, "1"), ("w", 2121, "1"), ("w", _P01, "0"),
                  ("b", 2084, "1")]),
    _P03: (2505, [("b", 2105, "1"), ("w", 2105, "1"), ("b", 2237, "="), ("w", 2134, "1"),
                  ("b", _P01, "=")]),
    _P04: (2053, [("b", 1675, "1"), ("w", 2310, "0"), ("b", 1653, "1"), ("w", 1884, "1"),
                  ("b", 2218, "0")]),
    _N01: (None, [("b", 1902, "="), ("w", 1877, "="), ("b", 1884, "1"), ("w", 2012, "0"),
                  ("b", 1832, "1")]),
}  # fmt: skip
_RESULT = {"1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS}


def _event() -> tuple[Tournament, dict[int, int]]:
    """The five players' games of event 435715 as FIDE rated them; returns the event and the
    pairing number of each FIDE ID."""
    t = Tournament(name="1st Annual Washington Dulles Open", total_rounds=5)
    t.start_date, t.end_date = "2025/11/07", "2025/11/09"
    number: dict[int, int] = {}
    for fide_id, (rating, _) in FOCUS.items():
        number[fide_id] = len(number) + 1
        t.add_player(
            Player(number[fide_id], f"Player {fide_id}", rating=rating, fide_id=str(fide_id),
                   birth_date="1990/01/01")
        )  # fmt: skip
    done: set[tuple[int, int]] = set()
    for fide_id, (_, games) in FOCUS.items():
        me = number[fide_id]
        for rnd, (colour, opponent, score) in enumerate(games, start=1):
            if opponent in number:  # a game between two of the five
                if (rnd, min(me, number[opponent])) in done:
                    continue
                other = number[opponent]
                done.add((rnd, min(me, other)))
            else:
                other = len(t.players) + 1
                t.add_player(Player(other, f"Filler {other}", rating=opponent))
            white, black = (me, other) if colour == "w" else (other, me)
            result = _RESULT[score] if colour == "w" else _RESULT[score].mirror
            assert result is not None
            t.record_game(rnd, white, black, result)
    return t, number


@pytest.fixture(scope="module")
def published() -> dict[int, PlayerRating]:
    t, number = _event()
    report = rating_report(t, kind=Category.STANDARD, edition=RatingEdition.B02_2025)
    by_number = {row.number: row for row in report.players}
    return {fide_id: by_number[n] for fide_id, n in number.items()}


@pytest.mark.parametrize(
    ("fide_id", "k", "change", "rounded"),
    [
        (_P01, 10, Decimal("-2.50"), -3),  # 8.3.4: -2.5 rounded away from zero
        (_P02, 10, Decimal("3.70"), 4),
        (_P03, 10, Decimal("2.90"), 3),
        (_P04, 20, Decimal("-0.20"), 0),
    ],
)
def test_b02_8_3_rating_change_as_fide_published_it(
    published: dict[int, PlayerRating], fide_id: int, k: int, change: Decimal, rounded: int
) -> None:
    """B.02 8.3.1-8.3.4 (2025): FIDE's ``K`` and ``K × ΣΔR`` for each player of the event."""
    row = published[fide_id]
    assert row.k is not None
    assert row.k.value == k
    assert row.change == change
    assert row.rating_change == rounded


def test_b02_8_3_1_2025_the_2650_player_uses_the_real_difference() -> None:
    """B.02 8.3.1 as amended from 1 October 2025: FIDE scored the 2813 player's win over a
    1787 0.00 (PD 1.00, no cap), the 2400 player's loss to him -0.08 (capped at 400)."""
    std, e25, e24 = Category.STANDARD, RatingEdition.B02_2025, RatingEdition.B02_2024
    assert expected_score(2813, 1787, kind=std, edition=e25) == (1026, Decimal("1.00"))
    assert expected_score(2813, 2310, kind=std, edition=e25) == (503, Decimal("0.96"))
    assert expected_score(2400, 2813, kind=std, edition=e25) == (-400, Decimal("0.08"))
    # before the amendment the cap applied to him too
    assert expected_score(2813, 1787, kind=std, edition=e24) == (400, Decimal("0.92"))


def test_b02_8_2_initial_rating_as_fide_published_it(published: dict[int, PlayerRating]) -> None:
    """B.02 8.2.2-8.2.3 (2024): the new player's first published rating, 1922: Ra with two
    hypothetical 1800 opponents = (9507 + 3600) / 7 = 1872.43, p = 4 / 7 -> .57, dp 50,
    Ru = 1922.43 -> 1922. FIDE's "Rp" column (1921) is the 2022 rule: Ra 1901.4 + 20 for the
    one half point over 50 %."""
    row = published[_N01]
    assert row.rating is None
    assert row.initial is not None
    assert row.initial.value == 1922
    ratings = [1902, 1877, 1884, 2012, 1832]
    assert initial_rating(ratings, Decimal(3), edition=RatingEdition.B02_2025).value == 1922
    assert initial_rating(ratings, Decimal(3), edition=RatingEdition.B02_2022).value == 1921
