"""Colour allocation of the Dubov system (C.04.4.1, 2026 art. 5.2.1-5.2.5 / 2018 E.1-E.5).

For a pair, the first rule that decides:

1. both players have yet to play a game: the higher ranked player (more points, or the same
   points and the smaller TPN) gets the initial colour if his TPN is odd, the other colour if
   it is even;
2. grant both colour preferences;
3. grant the stronger preference (absolute, strong, mild; unlike the Dutch system since 2017,
   two absolute preferences are not compared by colour difference);
4. alternate the colours relative to the most recent round in which one had White and the
   other Black (played games, each player's own, counted back from the latest);
5. grant the preference of the higher ranked player.
"""

from __future__ import annotations

from chessarbiter.model import Colour
from chessarbiter.pairing.dubov.rules import DubovPlayer
from chessarbiter.pairing.swiss.colours import first_colour_difference


def higher_ranked(a: DubovPlayer, b: DubovPlayer) -> bool:
    """``a`` ranks above ``b``: more points, or the same points and a higher place in the
    initial ranking (2026 art. 5.2.1)."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def allocate_colours(
    a: DubovPlayer, b: DubovPlayer, initial: Colour
) -> tuple[DubovPlayer, DubovPlayer, str]:
    """``(white, black, rule)``: the colours of the pair ``a``-``b`` and the article that
    decided (2026 art. 5.2.1-5.2.5 / 2018 E.1-E.5; see the module docstring). ``initial`` is
    the initial colour drawn for the tournament (the colour of TPN 1 in the first round)."""
    high, low = (a, b) if higher_ranked(a, b) else (b, a)
    if high.games == 0 and low.games == 0:
        colour = initial if high.tpn & 1 else initial.opposite
        return _as(high, low, colour, "5.2.1 (E.1): neither has played; TPN parity")
    if high.preference is not low.preference:
        return _as(high, low, high.preference, "5.2.2 (E.2): both preferences granted")
    if high.strength is not low.strength:
        if high.strength > low.strength:
            return _as(high, low, high.preference, "5.2.3 (E.3): the stronger preference")
        return _as(high, low, low.preference.opposite, "5.2.3 (E.3): the stronger preference")
    mine, theirs = first_colour_difference(high.swiss, low.swiss)
    if mine is not Colour.NONE and theirs is not Colour.NONE:
        return _as(high, low, theirs, "5.2.4 (E.4): alternation from the last different round")
    return _as(high, low, high.preference, "5.2.5 (E.5): the higher ranked player's preference")


def _as(
    high: DubovPlayer, low: DubovPlayer, colour: Colour, rule: str
) -> tuple[DubovPlayer, DubovPlayer, str]:
    if colour is Colour.WHITE:
        return high, low, rule
    return low, high, rule
