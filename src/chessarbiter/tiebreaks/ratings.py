"""C.07 Art. 10: the tie-breaks using ratings — ARO, TPR, PTP, APRO, APPO and RTNG — with the
tables of B.02 8.1 they read (the rating difference dp of a score, the expected score PD of a
rating difference).

Only games played over the board against rated opponents count (unrated ones are left out,
unless the regulations give them a rating: ``unrated_rating``); a player without such a game
gets 0.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from chessarbiter.model import PlayerId
from chessarbiter.tiebreaks.registry import Breakdown, Modifier, register
from chessarbiter.tiebreaks.unplayed import ZERO, Facts

if TYPE_CHECKING:
    from chessarbiter.tiebreaks.context import Context
    from chessarbiter.tiebreaks.spec import TieBreakSpec

#: B.02 8.1.1: p (hundredths) -> dp.
# fmt: off
_DP = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)
# fmt: on


def dp(fraction: Decimal) -> int:
    """B.02 8.1.1: the rating difference for a score fraction, rounded to hundredths
    (half up) before the table lookup.

    >>> dp(Decimal(2) / 3), dp(Decimal(1)), dp(Decimal("0.5"))
    (125, 800, 0)
    """
    hundredths = int((fraction * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return _DP[hundredths]


#: B.02 8.1.2: the upper end of the rating difference D for each PD from 50 to 99 (above
#: the last, PD is 100).
_PD_UPPER = (
    3,
    10,
    17,
    25,
    32,
    39,
    46,
    53,
    61,
    68,
    76,
    83,
    91,
    98,
    106,
    113,
    121,
    129,
    137,
    145,
    153,
    162,
    170,
    179,
    188,
    197,
    206,
    215,
    225,
    235,
    245,
    256,
    267,
    278,
    290,
    302,
    315,
    328,
    344,
    357,
    374,
    391,
    411,
    432,
    456,
    484,
    517,
    559,
    619,
    735,
)


def pd(difference: int) -> int:
    """B.02 8.1.2: the expected score in hundredths of a player rated ``difference`` points
    above the opponent (the full scale, no 400-point cap).

    >>> pd(0), pd(3), pd(4), pd(-4), pd(735), pd(736)
    (50, 50, 51, 49, 99, 100)
    """
    if difference < 0:
        return 100 - pd(-difference)
    for i, upper in enumerate(_PD_UPPER):
        if difference <= upper:
            return 50 + i
    return 100


def perfect_performance(opponents: list[int], score: Decimal, win: Decimal) -> int:
    """C.07 10.3: the lowest integer rating R with sum(PD(R - R_opp)) >= ``score`` (in
    wins); a zero score gives the lowest-rated opponent - 800.

    >>> perfect_performance([2000, 2000], Decimal(1), Decimal(1))  # PD(-3) is still 50
    1997
    >>> perfect_performance([2000], Decimal(0), Decimal(1))
    1200
    """
    if score <= 0:
        return min(opponents) - 800
    target = score / win * 100
    low, high = min(opponents) - 800, max(opponents) + 736
    while low < high:
        mid = (low + high) // 2
        if sum(pd(mid - r) for r in opponents) >= target:
            high = mid
        else:
            low = mid + 1
    return low


def _round_half_up(x: Decimal) -> int:
    """``x`` rounded to an integer, halves up (the averages of C.07 10)."""
    return int(x.quantize(Decimal(1), rounding=ROUND_HALF_UP))


class Performances:
    """TPR (10.2) and PTP (10.3) of every player, on demand and once each: over the games
    played over the board against rated opponents (unrated ones are left out)."""

    def __init__(self, facts: Facts, rating: dict[PlayerId, int | None]) -> None:
        self.facts = facts
        self.rating = rating
        self._tpr: dict[PlayerId, int] = {}
        self._ptp: dict[PlayerId, int] = {}

    def _games(self, player: PlayerId) -> list[tuple[int, Decimal]]:
        rating = self.rating
        return [
            (rating[r.opponent] or 0, r.points)
            for r in self.facts.by_player[player]
            if r.category == 0 and r.opponent is not None and rating.get(r.opponent)
        ]

    def tpr(self, player: PlayerId) -> int:
        """ARO + dp(p), p the fraction of the points scored in those games (0 if none)."""
        if player not in self._tpr:
            games = self._games(player)
            if not games:
                self._tpr[player] = 0
            else:
                aro = Decimal(sum(rt for rt, _ in games)) / len(games)
                points = sum((pts for _, pts in games), ZERO)
                fraction = points / (self.facts.win * len(games))
                self._tpr[player] = _round_half_up(aro) + dp(fraction)
        return self._tpr[player]

    def perfect(self, player: PlayerId) -> int:
        """:func:`perfect_performance` of those games (0 if none)."""
        if player not in self._ptp:
            games = self._games(player)
            self._ptp[player] = (
                perfect_performance(
                    [rt for rt, _ in games], sum((p for _, p in games), ZERO), self.facts.win
                )
                if games
                else 0
            )
        return self._ptp[player]


@register(
    "ARO",
    "C.07 10.1",
    "Average Rating of Opponents",
    modifiers=(Modifier.CUT, Modifier.MEDIAN),
    breakdown=Breakdown.RATED_GAMES,
)
def average_rating_of_opponents(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 10.1 (2023, 2026; no edition differs): the average rating of the opponents met over
    the board, rounded half up; Cut-n / Median-n (14) leave out the lowest (and highest)
    ratings."""
    played = [
        (ctx.rating.get(r.opponent) if r.opponent is not None else None, r.points)
        for r in ctx.facts.by_player[player]
        if r.category == 0
    ]
    rated = sorted((rt, pts) for rt, pts in played if rt)
    ratings = [rt for rt, _ in rated]
    ratings = ratings[spec.cut or spec.median :]
    if spec.median:
        ratings = ratings[: len(ratings) - spec.median]
    if not ratings:
        return ZERO
    return Decimal(_round_half_up(Decimal(sum(ratings)) / len(ratings)))


@register("TPR", "C.07 10.2", "Tournament Performance Rating", breakdown=Breakdown.RATED_GAMES)
def tournament_performance_rating(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 10.2 (2023, 2026; no edition differs): ARO plus dp of the fraction scored (B.02
    8.1.1), over the games played against rated opponents."""
    return Decimal(ctx.performances.tpr(player))


@register("PTP", "C.07 10.3", "Perfect Tournament Performance", breakdown=Breakdown.RATED_GAMES)
def perfect_tournament_performance(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 10.3 (2023, 2026; no edition differs): :func:`perfect_performance` of the games
    played against rated opponents."""
    return Decimal(ctx.performances.perfect(player))


@register(
    "APRO",
    "C.07 10.4",
    "Average Performance Rating of Opponents",
    breakdown=Breakdown.RATED_GAMES,
)
def average_performance_of_opponents(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 10.4 (2023, 2026; no edition differs): the average TPR (10.2) of the rated
    opponents met over the board, rounded half up."""
    return _opponents_average(ctx, player, ctx.performances.tpr)


@register(
    "APPO",
    "C.07 10.5",
    "Average Perfect Performance of Opponents",
    breakdown=Breakdown.RATED_GAMES,
)
def average_perfect_performance_of_opponents(
    ctx: Context, player: PlayerId, spec: TieBreakSpec
) -> Decimal:
    """C.07 10.5 (2023, 2026; no edition differs): the average PTP (10.3) of the rated
    opponents met over the board, rounded half up."""
    return _opponents_average(ctx, player, ctx.performances.perfect)


def _opponents_average(ctx: Context, player: PlayerId, of: Callable[[PlayerId], int]) -> Decimal:
    """The average of ``of`` over the rated opponents ``player`` met over the board (0 if
    none), rounded half up."""
    rated_opponents = [
        r.opponent
        for r in ctx.facts.by_player[player]
        if r.category == 0 and r.opponent and ctx.rating.get(r.opponent)
    ]
    if not rated_opponents:
        return ZERO
    total_rating = Decimal(sum(of(o) for o in rated_opponents))
    return Decimal(_round_half_up(total_rating / len(rated_opponents)))


@register("RTNG", "C.07 10.6", "Rating", breakdown=Breakdown.NONE)
def rating(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 10.6 (2023, 2026; no edition differs): the player's own rating (0 if unrated)."""
    return Decimal(ctx.rating.get(player) or 0)
