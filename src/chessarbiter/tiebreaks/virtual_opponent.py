"""The legacy rules for unplayed rounds in the tie-breaks: C.02 13.15, before C.07
(Virtual Opponent 13.15; the ``legacy`` :class:`~chessarbiter.editions.TieBreakEdition`).

* 13.15.2: the player's own unplayed round counts, in the player's Buchholz and
  Sonneborn-Berger, a virtual opponent (:func:`score`);
* 13.15.3: for the opponents, every unplayed round of the player counts as a draw
  (:func:`adjusted_score`).

Unlike C.07 16.5, no round is cut first for being unplayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

ZERO = Decimal(0)


def score(
    points: Sequence[Decimal], round_index: int, win: Decimal, draw: Decimal, rounds: int
) -> Decimal:
    """C.02 13.15.2: the virtual opponent of the unplayed round R (``round_index``, from 0) of a
    player who scored ``points`` in each round scores SPR + (1 - SfPR) + 0.5 (n - R): the
    player's score before the round, plus a win less what the round gave, plus a draw for each
    round after it (``rounds`` n counted).

    A zero-point bye in round 3 of 5, after 1½ points, with a draw and a win after it:

    >>> pts = [Decimal(1), Decimal("0.5"), Decimal(0), Decimal("0.5"), Decimal(1)]
    >>> score(pts, 2, Decimal(1), Decimal("0.5"), 5)
    Decimal('3.5')
    """
    before = sum(points[:round_index], ZERO)
    return before + (win - points[round_index]) + draw * (rounds - round_index - 1)


def adjusted_score(rounds: Sequence[tuple[Decimal, bool]], draw: Decimal) -> Decimal:
    """C.02 13.15.3: a player's score as the opponents' tie-breaks count it: each round
    (points, played over the board) at its points, every unplayed round as a draw.

    >>> adjusted_score([(Decimal(1), True), (Decimal(1), False)], Decimal("0.5"))
    Decimal('1.5')
    """
    return sum((points if played else draw for points, played in rounds), ZERO)
