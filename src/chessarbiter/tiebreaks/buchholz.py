"""C.07 Art. 8: the Buchholz family — BH, AOB and FB — of the opponents' scores (type C).

Each round contributes the opponent's score as C.07 Art. 16 counts it, or in the legacy edition
C.02 13.15 (:meth:`~chessarbiter.tiebreaks.unplayed.Facts.contributions`); Cut-n and Median-n
(Art. 14) by :func:`~chessarbiter.tiebreaks.modifiers.cut`. The 2026 text bans the family for
round robins; it is still computed when asked for.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING

from chessarbiter.model import PlayerId
from chessarbiter.tiebreaks.modifiers import cut
from chessarbiter.tiebreaks.registry import Breakdown, Modifier, register
from chessarbiter.tiebreaks.unplayed import ZERO

if TYPE_CHECKING:
    from chessarbiter.tiebreaks.context import Context
    from chessarbiter.tiebreaks.spec import TieBreakSpec

_CUTS = (Modifier.CUT, Modifier.MEDIAN)


@register("BH", "C.07 8.1", "Buchholz", modifiers=_CUTS, breakdown=Breakdown.OPPONENT_SCORES)
def buchholz(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 8.1: the sum of the opponents' scores; an unplayed round counts the dummy opponent
    (16.4: the player's own score in 2023, capped in 2026) or, in the legacy edition, the
    virtual opponent of C.02 13.15.2."""
    return cut([(o, v) for o, _, v in ctx.facts.contributions(player)], spec)


@register("AOB", "C.07 8.2", "Average of Opponents' Buchholz", modifiers=(Modifier.FORE,))
def average_of_opponents_buchholz(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 8.2: the average of the plain Buchholz (8.1, no cut) of the opponents met over
    the board, to two decimals rounded half up (0 without such an opponent); with ``/F`` the
    average of their Fore Buchholz (8.3), which only the 2026 text allows."""
    opponents = [
        ctx.buchholz(r.opponent, fore=spec.fore)
        for r in ctx.facts.by_player[player]
        if r.category == 0 and r.opponent
    ]
    if not opponents:
        return ZERO
    return (sum(opponents, ZERO) / len(opponents)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@register(
    "FB",
    "C.07 8.3",
    "Fore Buchholz",
    modifiers=_CUTS,
    breakdown=Breakdown.OPPONENT_SCORES,
    last_round_drawn=True,
)
def fore_buchholz(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 8.3: the Buchholz (8.1) with every game of the last round counted as a draw, so
    that it is known before the last round ends; unplayed rounds as the Buchholz counts them in
    each edition."""
    return cut([(o, v) for o, _, v in ctx.fore.contributions(player)], spec)
