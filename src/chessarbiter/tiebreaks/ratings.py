"""C.07 Art. 10: the tie-breaks using ratings — ARO, TPR, PTP, APRO, APPO and RTNG. The
arithmetic (the average, ``Ra + dp``, the perfect performance) and the tables of B.02 8.1 are
shared with the rating regulations and the title norms, in :mod:`chessarbiter.ratings`; this
module chooses the games they read.

Only games played over the board against rated opponents count (unrated ones are left out,
unless the regulations give them a rating: ``unrated_rating``); a player without such a game
gets 0.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TYPE_CHECKING

from chessarbiter.model import PlayerId
from chessarbiter.ratings.performance import (
    average_rating,
    perfect_performance,
    performance_rating,
)
from chessarbiter.tiebreaks.registry import Breakdown, Modifier, register
from chessarbiter.tiebreaks.unplayed import ZERO, Facts

if TYPE_CHECKING:
    from chessarbiter.tiebreaks.context import Context
    from chessarbiter.tiebreaks.spec import TieBreakSpec


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
        """:func:`~chessarbiter.ratings.performance.performance_rating` of those games: ARO +
        dp(p), p the fraction of the points scored in them (0 if none)."""
        if player not in self._tpr:
            games = self._games(player)
            self._tpr[player] = (
                performance_rating(
                    [rt for rt, _ in games], sum((p for _, p in games), ZERO), self.facts.win
                )
                if games
                else 0
            )
        return self._tpr[player]

    def perfect(self, player: PlayerId) -> int:
        """:func:`~chessarbiter.ratings.performance.perfect_performance` of those games (0 if
        none)."""
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
    return Decimal(average_rating(ratings))


@register("TPR", "C.07 10.2", "Tournament Performance Rating", breakdown=Breakdown.RATED_GAMES)
def tournament_performance_rating(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 10.2 (2023, 2026; no edition differs): ARO plus dp of the fraction scored (B.02
    8.1.1), over the games played against rated opponents."""
    return Decimal(ctx.performances.tpr(player))


@register("PTP", "C.07 10.3", "Perfect Tournament Performance", breakdown=Breakdown.RATED_GAMES)
def perfect_tournament_performance(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 10.3 (2023, 2026; no edition differs): the perfect performance
    (:func:`~chessarbiter.ratings.performance.perfect_performance`) of the games
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
    return Decimal(average_rating([of(o) for o in rated_opponents]))


@register("RTNG", "C.07 10.6", "Rating", breakdown=Breakdown.NONE)
def rating(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 10.6 (2023, 2026; no edition differs): the player's own rating (0 if unrated)."""
    return Decimal(ctx.rating.get(player) or 0)
