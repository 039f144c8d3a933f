"""C.07 Art. 9: the tie-breaks of the points scored against the opponents, weighted by their
scores (type BC) — Sonneborn-Berger (SB) and the Koya system (KS).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from chessarbiter.model import PlayerId
from chessarbiter.tiebreaks.modifiers import cut
from chessarbiter.tiebreaks.registry import Breakdown, Modifier, register
from chessarbiter.tiebreaks.unplayed import ZERO

if TYPE_CHECKING:
    from chessarbiter.tiebreaks.context import Context
    from chessarbiter.tiebreaks.spec import TieBreakSpec


@register(
    "SB",
    "C.07 9.1",
    "Sonneborn-Berger",
    modifiers=(Modifier.CUT, Modifier.MEDIAN),
    breakdown=Breakdown.SCORE_PRODUCTS,
)
def sonneborn_berger(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 9.1: the sum over the rounds of the opponent's score (as the Buchholz counts it,
    the dummy or virtual opponent's in an unplayed round) times the points scored against him.
    Cut-1 leaves out the value of the lowest-scoring opponent, the lowest value among equals
    (14.1 as amended in August 2024; 16.5 for voluntarily unplayed rounds). The editions differ
    as for the Buchholz: the dummy opponent's score (16.4) capped in 2026, not in 2023, and the
    virtual opponent of C.02 13.15.2 in the legacy edition."""
    contributions = ctx.facts.contributions(player)
    return cut(
        [(o * pts, v) for o, pts, v in contributions],
        spec,
        sb=[o for o, _, _ in contributions],
    )


@register("KS", "C.07 9.2", "Koya System for Round Robin", modifiers=(Modifier.LIMIT,))
def koya(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 9.2 (2023, 2026; no edition differs): the points scored against the opponents with
    at least half the maximum score; ``/L±n`` (14.5) moves that limit by n half points (the
    "extended" and "reduced" Koya of the older texts)."""
    facts = ctx.facts
    limit = facts.win * ctx.rounds / 2 + facts.draw * spec.limit
    return sum(
        (
            r.points
            for r in facts.by_player[player]
            if r.opponent is not None
            and facts.counts_as_played(r)
            and facts.score[r.opponent] >= limit
        ),
        ZERO,
    )
