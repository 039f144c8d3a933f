"""Performance ratings, one function each, shared by the tie-breaks of C.07 Art. 10, the
rating regulations (B.02) and the title norms (B.01).

The definitions agree on the arithmetic and differ only in which games and ratings go in:

* C.07 10.1/10.2 (ARO, TPR): the games played over the board against rated opponents; unrated
  opponents are left out (:mod:`chessarbiter.tiebreaks.ratings` chooses them).
* B.01 1.4.6-1.4.8 (the rating performance of a title norm): unrated opponents count as 1400
  and one opponent below the title's floor is raised to it
  (:mod:`chessarbiter.ratings.norms` chooses them).
* B.02 8.2.3 (the initial rating of an unrated player): the rated opponents plus two
  hypothetical opponents rated 1800, and ``Ru`` is rounded only at the end, without rounding the
  average first (:func:`chessarbiter.ratings.change.initial_rating`).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from chessarbiter.ratings.tables import dp, pd

__all__ = ["average_rating", "perfect_performance", "performance_rating", "round_half_up"]


def round_half_up(value: Decimal) -> int:
    """``value`` rounded to a whole number, 0.5 away from zero: upward for the averages of
    B.01 1.4.7 b and C.07 10.1, and as B.02 8.3.4 rounds a rating change ("0.5 is rounded away
    from zero").

    >>> [round_half_up(Decimal(v)) for v in ("2380.5", "2380.49", "-7.5", "-7.49")]
    [2381, 2380, -8, -7]
    """
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def average_rating(ratings: Sequence[int]) -> int:
    """The average of ``ratings`` rounded to the nearest whole number, 0.5 upward: C.07 10.1
    (ARO) and B.01 1.4.7 (the rating average of the opponents, Ra).

    >>> average_rating([2400, 2401]), average_rating([2400, 2400, 2401])
    (2401, 2400)
    """
    if not ratings:
        raise ValueError("an average rating needs at least one rating")
    return round_half_up(Decimal(sum(ratings)) / len(ratings))


def performance_rating(ratings: Sequence[int], points: Decimal, win: Decimal = Decimal(1)) -> int:
    """``Ra + dp``: the average of ``ratings`` (:func:`average_rating`) plus the rating
    difference of B.02 8.1.1 for the fraction of the points scored in those games (C.07 10.2
    TPR; B.01 1.4.8 Rp). ``points`` are counted in units of ``win`` (a win's points).

    >>> performance_rating([2400] * 9, Decimal("6.5"))  # 72 %: dp 166
    2566
    >>> performance_rating([2000, 2100], Decimal(3), Decimal(3))  # one win in a 3-1-0 event
    2050
    """
    if not ratings:
        raise ValueError("a performance rating needs at least one game")
    return average_rating(ratings) + dp(points / (win * len(ratings)))


def perfect_performance(ratings: Sequence[int], points: Decimal, win: Decimal = Decimal(1)) -> int:
    """C.07 10.3: the lowest whole rating ``R`` with ``sum(PD(R - R_opp)) >= points`` (in
    wins), ``PD`` from B.02 8.1.2 without the 400-point cap; a zero score gives the
    lowest-rated opponent's rating - 800.

    >>> perfect_performance([2000, 2000], Decimal(1))  # PD(-3) is still 50
    1997
    >>> perfect_performance([2000], Decimal(0))
    1200
    """
    if not ratings:
        raise ValueError("a performance rating needs at least one game")
    if points <= 0:
        return min(ratings) - 800
    target = points / win * 100
    low, high = min(ratings) - 800, max(ratings) + 736
    while low < high:
        mid = (low + high) // 2
        if sum(pd(mid - r) for r in ratings) >= target:
            high = mid
        else:
            low = mid + 1
    return low
