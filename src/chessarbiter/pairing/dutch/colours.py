"""Colour allocation of the FIDE (Dutch) system: C.04.3 Article 5 (2026) and E (2017), the same
rules in both editions once the shared steps of C.04.1/C.04.2 have spoken."""

from __future__ import annotations

from chessarbiter.model import Colour
from chessarbiter.pairing.swiss.colours import ColourRule, neutral_colour
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound


def choose_colour(
    state: SwissRound,
    player: SwissPlayer,
    opponent: SwissPlayer,
    rule: ColourRule = ColourRule.CURRENT,
) -> Colour:
    """The colour of ``player`` against ``opponent`` (C.04.3 Article 5 / E):

    steps 1-3 by :func:`~chessarbiter.pairing.swiss.colours.neutral_colour`; then the higher
    ranked player's preference (5.2.4 / E.4); with no preference at all, the initial colour by
    rank (5.2.5 / E.5: odd-ranked players of the pair's higher player take the initial colour).
    """
    colour = neutral_colour(player, opponent, rule)
    if colour is not Colour.NONE:
        return colour
    initial = state.initial_colour
    player_lower = (state.score(player), -player.rank) < (state.score(opponent), -opponent.rank)
    if player.colour_preference is Colour.NONE:
        if player_lower:
            return initial if opponent.rank & 1 else initial.opposite
        return initial.opposite if player.rank & 1 else initial
    if player_lower:
        return opponent.colour_preference.opposite
    return player.colour_preference
