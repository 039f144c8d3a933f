"""C.07 Art. 7: the tie-breaks of the player's own results (type B) — WIN, WON, BPG, BWG, PS,
REP, STD and TPN.

In a round robin a forfeit counts as a game played (C.07 15.2): for these type-B tie-breaks
only a forfeit win (:meth:`~chessarbiter.tiebreaks.unplayed.Facts.counts_as_played`).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from chessarbiter.model import PlayerId
from chessarbiter.model.results import Colour
from chessarbiter.tiebreaks.registry import Breakdown, Modifier, register
from chessarbiter.tiebreaks.unplayed import (
    FORFEIT_LOSS,
    FORFEIT_WIN,
    ZERO,
    Facts,
    Round,
)

if TYPE_CHECKING:
    from chessarbiter.tiebreaks.context import Context
    from chessarbiter.tiebreaks.spec import TieBreakSpec

HALF = Decimal("0.5")


@register("WIN", "C.07 7.1", "Number of Wins")
def wins(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 7.1 (2023, 2026; no edition differs): the rounds that gave a win's points, with or
    without play (forfeit wins, a pairing-allocated or full-point bye worth a win)."""
    win = ctx.facts.win
    return Decimal(sum(1 for r in ctx.facts.by_player[player] if r.points >= win))


@register("WON", "C.07 7.2", "Number of Games Won")
def games_won(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 7.2 (2023, 2026; no edition differs): the games won over the board (in a round
    robin, forfeit wins too: 15.2)."""
    facts = ctx.facts
    return Decimal(
        sum(
            1
            for r in facts.by_player[player]
            if facts.counts_as_played(r, True) and r.points >= facts.win
        )
    )


@register("BPG", "C.07 7.3", "Games Played with Black")
def games_with_black(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 7.3 (2023, 2026; no edition differs): the games played with Black (unplayed
    games are not games played)."""
    facts = ctx.facts
    return Decimal(
        sum(
            1
            for r in facts.by_player[player]
            if facts.counts_as_played(r, True) and r.colour is Colour.BLACK
        )
    )


@register("BWG", "C.07 7.4", "Games Won with Black")
def games_won_with_black(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 7.4 (2023, 2026; no edition differs): the games won with Black over the board."""
    facts = ctx.facts
    return Decimal(
        sum(
            1
            for r in facts.by_player[player]
            if facts.counts_as_played(r, True)
            and r.colour is Colour.BLACK
            and r.points >= facts.win
        )
    )


@register("PS", "C.07 7.5", "Progressive Scores", modifiers=(Modifier.CUT, Modifier.MEDIAN))
def progressive_scores(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 7.5 (2023, 2026; no edition differs): the sum of the running score after each
    round; Cut-n (14) drops the first n running scores."""
    running, scores = ZERO, []
    for r in ctx.facts.by_player[player]:
        running += r.points
        scores.append(running)
    return sum(scores[spec.cut :], ZERO)


@register("REP", "C.07 7.6", "Rounds one Elected to Play in")
def rounds_elected_to_play(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 7.6: the rounds not voluntarily unplayed (16.1): the rounds less the half- and
    zero-point byes, the forfeit losses and the rounds not paired. The 2023 text calls it
    "Games one Elected to play" (GE); the 2024 amendment of the voluntarily unplayed round is
    the definition read here."""
    return Decimal(sum(1 for r in ctx.facts.by_player[player] if not r.vur))


def standard_point(facts: Facts, player: PlayerId, row: Round) -> Decimal:
    """C.07 7.7 (2026): 1 for a round in which the player outscored the scheduled opponent or,
    without playing, got more than a draw's points; ½ for an equal score, or exactly a draw's
    points without playing; else 0."""
    if row.opponent is not None and row.category in (0, FORFEIT_WIN, FORFEIT_LOSS):
        theirs = next(
            (r.points for r in facts.by_player[row.opponent] if r.opponent == player),
            None,
        )
        if theirs is not None:
            return Decimal(1) if row.points > theirs else HALF if row.points == theirs else ZERO
    return Decimal(1) if row.points > facts.draw else HALF if row.points == facts.draw else ZERO


@register("STD", "C.07 7.7", "Standard Points")
def standard_points(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 7.7 (new in 2026): the sum of the :func:`standard_point` of every round — the
    score on a 1-½-0 scale whatever the point system."""
    facts = ctx.facts
    return sum((standard_point(facts, player, r) for r in facts.by_player[player]), ZERO)


@register("TPN", "C.07 7.8", "Tournament Pairing Number", ascending=True, breakdown=Breakdown.NONE)
def tournament_pairing_number(ctx: Context, player: PlayerId, spec: TieBreakSpec) -> Decimal:
    """C.07 7.8 (new in 2026): the final pairing number, ascending (``/R`` for descending)."""
    return Decimal(player)
