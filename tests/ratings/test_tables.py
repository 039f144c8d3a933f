"""B.02 8.1.1 and 8.1.2 (the conversion tables) and the performance ratings built on them
(C.07 10.1-10.3, B.01 1.4.7-1.4.8)."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.ratings.performance import (
    average_rating,
    perfect_performance,
    performance_rating,
    round_half_up,
)
from chessarbiter.ratings.tables import DP_TABLE, PD_TABLE, dp, pd


def test_8_1_1_has_101_rows_symmetric_about_half() -> None:
    """B.02 8.1.1: p from .00 to 1.0; dp(p) = -dp(1 - p), 0 at .50, "notionally 800" at 1.0."""
    assert len(DP_TABLE) == 101
    assert all(DP_TABLE[h] == -DP_TABLE[100 - h] for h in range(101))
    assert (DP_TABLE[0], DP_TABLE[50], DP_TABLE[100]) == (-800, 0, 800)
    assert all(a < b for a, b in itertools.pairwise(DP_TABLE))


@pytest.mark.parametrize(
    ("p", "expected"),
    [("0.99", 677), ("0.83", 273), ("0.66", 117), ("0.49", -7), ("0.32", -133), ("0.15", -296)],
)
def test_8_1_1_first_row_of_the_published_table(p: str, expected: int) -> None:
    """The first row of the table as B.02 8.1.1 prints it (six column pairs)."""
    assert dp(Decimal(p)) == expected


def test_8_1_2_rows_as_published() -> None:
    """B.02 8.1.2: 0-3 → .50, 4-10 → .51, ..., 620-735 → .99, > 735 → 1.0; L = 1 - H."""
    assert PD_TABLE[0] == (3, 50) and PD_TABLE[-1] == (735, 99) and len(PD_TABLE) == 50
    assert [pd(d) for d in (0, 3, 4, 10, 11, 92, 98, 99, 344, 345, 735, 736)] == [
        50, 50, 51, 51, 52, 63, 63, 64, 88, 89, 99, 100,
    ]  # fmt: skip
    for d in range(0, 800):
        assert pd(d) + pd(-d) == 100


def test_the_two_tables_are_effectively_mirror_images() -> None:
    """B.02 8.1: "the two tables are effectively mirror-images": for each PD of 8.1.2 from .51
    to .99, dp(PD) of 8.1.1 falls inside that PD's row of D (or on the row's edge)."""
    lower = 0
    for upper, expected in PD_TABLE:
        if expected > 50:
            assert lower - 1 <= dp(Decimal(expected) / 100) <= upper + 1
        lower = upper + 1


def test_dp_rounds_percents_half_up() -> None:
    """B.01 1.4.9: percentages rounded to the nearest whole number, 0.5 % up."""
    assert dp(Decimal("0.345")) == dp(Decimal("0.35")) == -110
    assert dp(Decimal("0.3449")) == -117
    with pytest.raises(ValueError, match="between 0 and 1"):
        dp(Decimal("1.01"))


def test_b01_1_4_7_average_rounds_half_upward() -> None:
    """B.01 1.4.7 b / C.07 10.1: "The fraction 0.5 is rounded upward"."""
    assert average_rating([2380, 2381]) == 2381
    assert average_rating([2380, 2380, 2381]) == 2380
    assert round_half_up(Decimal("-2.5")) == -3  # B.02 8.3.4: away from zero
    with pytest.raises(ValueError):
        average_rating([])


def test_b01_1_4_8_rp_of_a_gm_norm() -> None:
    """B.01 1.4.8: Rp = Ra + dp; 7 / 9 = 78 % (dp 220) against Ra 2380 is exactly 2600."""
    assert performance_rating([2380] * 9, Decimal(7)) == 2600
    assert performance_rating([2380] * 9, Decimal("6.5")) == 2380 + 166  # 72 %


def test_c07_10_3_perfect_performance() -> None:
    """C.07 10.3: the lowest R with sum PD(R - Ri) >= score."""
    assert perfect_performance([2000, 2000], Decimal(1)) == 1997
    assert perfect_performance([2000], Decimal(1)) == 2736  # PD 1.0 needs D > 735
    assert perfect_performance([1500, 2500], Decimal(0)) == 700


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1000, 2900), min_size=1, max_size=13),
    st.integers(0, 26),
)
def test_perfect_performance_is_the_least_rating_reaching_the_score(
    ratings: list[int], half_points: int
) -> None:
    """C.07 10.3: R reaches the score and R - 1 does not (a zero score excepted)."""
    points = Decimal(min(half_points, 2 * len(ratings))) / 2
    r = perfect_performance(ratings, points)
    if points == 0:
        assert r == min(ratings) - 800
        return
    assert sum(pd(r - x) for x in ratings) >= points * 100
    assert sum(pd(r - 1 - x) for x in ratings) < points * 100
