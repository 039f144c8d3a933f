"""Colour allocation shared by the FIDE Swiss systems (C.04.1 f-h; C.04.3 E (2017) /
Article 5 (2026); Dutch Colours 2013).

For a pair, in order of priority:

1. grant both colour preferences (when they are compatible);
2. grant the stronger preference (absolute over strong over mild; between two absolute
   preferences, the larger colour difference);
3. alternate colours relative to the most recent round in which the two had different colours
   (played games only; Dutch Colours 2013's worked example: 1 WWBWBW v 2 BBWBWW, both absolute for
   black, round 5 differs, so player 1 gets white);
4. grant the preference of the higher-ranked player;
5. with no preference at all: by the initial colour and the rank (C.04.3 E.5 / 5.2.5).

Steps 1-3 are :func:`neutral_colour`; 4-5 need the ranking and are in the system's engine.

Step 2 differs between texts. Since 2017 (E.2, and 2026 5.2.2) two absolute preferences are
settled by the wider colour difference; the earlier text Dutch Colours 2013 describes (Istanbul
2012, "Tallinn 2013" in the book) compares only the kind of preference and goes on to step 3. In
the book's example player 1 (WWBWBW, difference +2) therefore gets black under the current rules and
white under the older ones: :attr:`ColourRule.COLOURS_2013` selects the older reading, which the
Dutch edition ``2013-colours`` pairs with (:meth:`ColourRule.of`).
"""

from __future__ import annotations

import enum

from chessarbiter.editions import DutchEdition
from chessarbiter.model import Colour
from chessarbiter.pairing.swiss.state import SwissPlayer


class ColourRule(enum.Enum):
    """Which text's step 2 (E.2) decides between two absolute colour preferences."""

    CURRENT = "current"
    """C.04.3 2017 E.2 / 2026 5.2.2: the wider colour difference gets its preference."""
    COLOURS_2013 = "2013"
    """Istanbul 2012 E.2 as Dutch Colours 2013 reads it: the kind of preference only, then E.3."""

    @classmethod
    def of(cls, edition: DutchEdition) -> ColourRule:
        """The colour rules a Dutch edition pairs with: those of Dutch Colours 2013 for the
        edition ``2013-colours``, the current E.2 (2017) / 5.2.2 (2026) otherwise.

        >>> ColourRule.of(DutchEdition("2013-colours")), ColourRule.of(DutchEdition.DUTCH_2017)
        (<ColourRule.COLOURS_2013: '2013'>, <ColourRule.CURRENT: 'current'>)
        """
        if edition is DutchEdition.DUTCH_2013_COLOURS:
            return cls.COLOURS_2013
        return cls.CURRENT


def compatible_preferences(a: Colour, b: Colour) -> bool:
    """Two preferences can both be granted (C.04.1 h; C.04.3 C.12 / [C12])."""
    return a is not b or a is Colour.NONE or b is Colour.NONE


def first_colour_difference(a: SwissPlayer, b: SwissPlayer) -> tuple[Colour, Colour]:
    """The colours of ``a`` and ``b`` in the most recent round in which they differed, counting
    back each player's own played games (C.04.2 D.5 / 2026 art. 3.4: unplayed rounds are moved
    to the front). ``(NONE, NONE)``-style results mean no such round."""
    ca = [m.colour for m in a.matches if m.played]
    cb = [m.colour for m in b.matches if m.played]
    i, j = len(ca) - 1, len(cb) - 1
    while i >= 0 and j >= 0 and ca[i] is cb[j]:
        i -= 1
        j -= 1
    return (ca[i] if i >= 0 else Colour.NONE, cb[j] if j >= 0 else Colour.NONE)


def neutral_colour(
    player: SwissPlayer, opponent: SwissPlayer, rule: ColourRule = ColourRule.CURRENT
) -> Colour:
    """The colour ``player`` gets against ``opponent`` by steps 1-3 (C.04.3 E.1-E.3 / 5.2.1-
    5.2.3), or ``NONE`` when they do not decide."""
    pp, op = player.colour_preference, opponent.colour_preference
    if compatible_preferences(pp, op):
        if pp is not Colour.NONE:
            return pp
        if op is not Colour.NONE:
            return op.opposite
        return Colour.NONE
    wider = rule is ColourRule.CURRENT
    if player.absolute_preference and (
        not opponent.absolute_preference
        or (wider and player.colour_imbalance > opponent.colour_imbalance)
    ):
        return pp
    if opponent.absolute_preference and (
        not player.absolute_preference
        or (wider and opponent.colour_imbalance > player.colour_imbalance)
    ):
        return op.opposite
    if player.strong_preference and not opponent.strong_preference:
        return pp
    if opponent.strong_preference and not player.strong_preference:
        return op.opposite
    mine, theirs = first_colour_difference(player, opponent)
    if mine is not Colour.NONE and theirs is not Colour.NONE:
        return theirs
    return Colour.NONE
