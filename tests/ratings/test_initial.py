"""The initial rating of an unrated player (B.02 8.2 and 7.1.4), worked by hand, per edition:
1 March 2024 (editions 2025 and 2024: two hypothetical 1800 draws, at most 2200, at least 1400)
and 1 January 2022 (50 % gives Ra, +20 a half point above, Ra + dp below, at least 1000)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.editions import RatingEdition
from chessarbiter.ratings.change import InitialRating, initial_rating, rating_report
from chessarbiter.timecontrol.laws import Category

E2025, E2024, E2022 = RatingEdition.B02_2025, RatingEdition.B02_2024, RatingEdition.B02_2022
FIVE = [1600, 1700, 1800, 1900, 2000]


@pytest.mark.parametrize("edition", [E2025, E2024])
def test_ra_includes_two_hypothetical_1800_draws(edition: RatingEdition) -> None:
    """8.2.2 and 8.2.3: Ra = (9000 + 2 × 1800) / 7 = 1800; p = (3 + 1) / 7 = 57 % (the two
    draws count): dp 50; Ru = 1850."""
    assert initial_rating(FIVE, Decimal(3), edition=edition) == InitialRating(
        1850, Decimal(1800), 5, Decimal(3)
    )


def test_ra_is_not_rounded_before_dp_is_added() -> None:
    """Ra = (2395 + 2093 + 2235 + 2169 + 2044 + 3600) / 7 = 14536 / 7 = 2076.571...; 2½ of 5
    plus the two draws is 3½ of 7 = 50 %: dp 0; Ru = 2076.571... rounded, 2077 (player 151 of
    the Karl-Mala-Gedenkturnier 2005)."""
    rating = initial_rating([2395, 2093, 2235, 2169, 2044], Decimal("2.5"))
    assert rating.average == Decimal(14536) / 7
    assert rating.value == 2077


def test_the_maximum_initial_rating_is_2200() -> None:
    """8.2.3: Ra = (5 × 2300 + 3600) / 7 = 2157.14; 6 of 7 = 86 %: dp 309; Ru = 2466 → 2200."""
    rating = initial_rating([2300] * 5, Decimal(5))
    assert rating.value == 2200
    assert rating.reason == "B.02 8.2.3: Ru = 2466, the maximum initial rating is 2200"


def test_a_rating_below_1400_is_not_published() -> None:
    """7.1.4: Ra = (5 × 1400 + 3600) / 7 = 1514.29; 1½ of 7 = 21 %: dp -230; Ru = 1284."""
    rating = initial_rating([1400] * 5, Decimal("0.5"))
    assert rating.value is None
    assert rating.reason == "B.02 7.1.4: Ru = 1284, the rating must be at least 1400"
    assert initial_rating([1400] * 5, Decimal("0.5"), edition=E2022).value == 1034  # 10 %: -366


def test_at_least_five_games_against_rated_opponents() -> None:
    """7.1.4: "at least 5 games against rated opponents. This need not be met in one
    tournament"."""
    four = initial_rating(FIVE[:4], Decimal(2))
    assert four.value is None and four.games == 4
    assert four.reason.startswith("B.02 7.1.4: 4 games against rated opponents, at least 5")
    assert initial_rating(FIVE[:4], Decimal(2), edition=E2022).value is None
    assert initial_rating([], Decimal(0)).reason.startswith("B.02 7.1.4: 0 games")


def test_a_zero_score_is_disregarded() -> None:
    """8.2.1: "If an unrated player scores zero in their first event this score is
    disregarded" (the two hypothetical draws would otherwise give 1/7 = 14 %: dp -309,
    Ru = 1491)."""
    for edition in RatingEdition:
        zero = initial_rating(FIVE, Decimal(0), edition=edition)
        assert zero.value is None
        assert "a zero score in a first event is disregarded" in zero.reason
    assert initial_rating(FIVE, Decimal("0.5")).value == 1570  # 1½ of 7 = 21 %: dp -230


def test_rapid_and_blitz_cite_their_own_chapter() -> None:
    """The Rapid and Blitz chapter numbers the initial rating 7.2.2-7.2.5 (its 7.2.1 keeps a
    standard rating) and the list rules 6.1.4."""
    assert initial_rating(FIVE, Decimal(0), kind=Category.RAPID).reason.startswith(
        "B.02 R&B 7.2.2: "
    )
    assert initial_rating(FIVE[:2], Decimal(1), kind=Category.BLITZ).reason.startswith(
        "B.02 R&B 6.1.4: "
    )


@pytest.mark.parametrize(
    ("ratings", "points", "value"),
    [
        (FIVE, "2.5", 1800),  # 50 %: Ru = Ra = 1800
        (FIVE, "4", 1860),  # 1½ points over 50 % = 3 half points: 1800 + 60
        (FIVE, "3", 1820),  # ½ point over 50 %: + 20
        (FIVE, "1.5", 1651),  # 30 %: dp -149
        ([2300] * 5, "5", 2400),  # + 5 × 20; no maximum in 2022
        ([1600] * 5 + [1603], "3", 1601),  # Ra = 9603 / 6 = 1600.5, rounded to 1601
    ],
)
def test_the_2022_initial_rating(ratings: list[int], points: str, value: int) -> None:
    """B.02 of 1 January 2022, 8.2.2 and 8.2.3: Ra of the rated opponents only; 50 % → Ra,
    more → Ra + 20 for each half point over 50 %, less → Ra + dp, rounded."""
    rating = initial_rating(ratings, Decimal(points), edition=E2022)
    assert rating.value == value
    assert rating.average == Decimal(sum(ratings)) / len(ratings)


def test_the_2022_floor_is_1000() -> None:
    """5 × 1100, ½ point: 10 %, dp -366: Ru = 734, below the floor of 1000 of that edition."""
    rating = initial_rating([1100] * 5, Decimal("0.5"), edition=E2022)
    assert rating.value is None
    assert rating.reason.startswith("B.02 (2022) 8.2.3: Ru = 734 is below the rating floor 1000")


def test_initial_ratings_in_the_real_event() -> None:
    """149 Noble, unrated, met 2428, 2134, 2087, 2137, 2395 and 2121 and scored 3 of 6:
    Ra = (13302 + 3600) / 8 = 2112.75, 4 of 8 = 50 %, Ru = 2113. 283 Schirrmacher met only
    three rated opponents: no rating."""
    path = Path(__file__).resolve().parents[2].parent / "shared"
    path = path / "real/sharly-chess/trf/example_trf16.trf"
    if not path.is_file():
        pytest.skip(f"shared test data not found: {path}")
    report = rating_report(trf.load(path))
    players = {p.number: p for p in report.players}
    noble = players[149]
    assert [g.opponent_rating for g in noble.games] == [2428, 2134, 2087, 2137, 2395, 2121]
    assert noble.initial == InitialRating(2113, Decimal("2112.75"), 6, Decimal(3))
    assert noble.new_rating == 2113 and noble.rating_change is None
    assert players[283].initial is not None and players[283].initial.value is None
    assert players[283].new_rating is None


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(1000, 2900), max_size=12),
    st.integers(0, 24),
    st.sampled_from(list(RatingEdition)),
)
def test_any_result_gives_a_rating_in_bounds_or_a_reason(
    ratings: list[int], half_points: int, edition: RatingEdition
) -> None:
    points = Decimal(min(half_points, 2 * len(ratings))) / 2
    rating = initial_rating(ratings, points, edition=edition)
    assert rating.games == len(ratings)
    if rating.value is None:
        assert rating.reason
    elif edition is E2022:
        assert rating.value >= 1000
    else:
        assert 1400 <= rating.value <= 2200
    if len(ratings) < 5 or points == 0:
        assert rating.value is None
