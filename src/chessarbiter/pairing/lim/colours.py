"""Colour allocation in the Lim system (C.04.4.3 Article 5, 6 and 7.2 (2026)).

For a pair, in order:

1. art. 5.1, 5.3: a colour that would be the third in a row, or make three more games with one
   colour, is not given (unless the last-round rule of art. 6 paired them anyway);
2. art. 5.1, 5.5, 5.6: each player gets the colour due to him when the two are due different
   colours, or only one is due a colour;
3. art. 7.2: two players who have not played yet: the higher ranked one gets the colour drawn
   for #1 when his number is odd, the other colour when it is even;
4. art. 5.4: otherwise the colour histories, counted back from the last game: at the latest
   round in which they had different colours each gets the colour the other had then;
5. art. 5.4: with the same history, in the median scoregroup and above the higher ranked
   player gets the colour due to him, below the median the lower ranked one.
"""

from __future__ import annotations

from chessarbiter.model import Colour
from chessarbiter.pairing.lim.rules import LimPlayer, due_colour, latest_difference, may_receive


def allocate_colours(
    a: LimPlayer, b: LimPlayer, median_or_above: bool, initial: Colour
) -> tuple[LimPlayer, LimPlayer, str]:
    """``(white, black, article)`` for the pair ``a``-``b`` made in a scoregroup at or above the
    median (``median_or_above``) or below it; ``initial``: the colour drawn for #1 in round 1
    (C.04.4.3 art. 7.2 (2026)). ``article`` names the rule that decided."""
    colour, article = _colour_of(a, b, median_or_above, initial)
    return (a, b, article) if colour is Colour.WHITE else (b, a, article)


def _colour_of(
    a: LimPlayer, b: LimPlayer, median_or_above: bool, initial: Colour
) -> tuple[Colour, str]:
    """The colour ``a`` gets, and the article that decides it."""
    a_white = may_receive(a, Colour.WHITE) and may_receive(b, Colour.BLACK)
    a_black = may_receive(a, Colour.BLACK) and may_receive(b, Colour.WHITE)
    if a_white != a_black:
        return (Colour.WHITE if a_white else Colour.BLACK), "C.04.4.3 art. 5.3"
    da, db = due_colour(a), due_colour(b)
    if da is not Colour.NONE and db is not Colour.NONE and da is not db:
        return da, "C.04.4.3 art. 5.1"
    if da is not Colour.NONE and db is Colour.NONE:
        return da, "C.04.4.3 art. 5.1"
    if db is not Colour.NONE and da is Colour.NONE:
        return db.opposite, "C.04.4.3 art. 5.1"
    higher, lower = (a, b) if a.tpn < b.tpn else (b, a)
    if da is Colour.NONE:  # neither has played
        colour = initial if higher.tpn % 2 == 1 else initial.opposite
        return (colour if higher is a else colour.opposite), "C.04.4.3 art. 7.2"
    mine, theirs = latest_difference(a, b)
    if mine is not Colour.NONE and theirs is not Colour.NONE:
        return theirs, "C.04.4.3 art. 5.4 (history)"
    decides = higher if median_or_above else lower
    colour = due_colour(decides)
    return (colour if decides is a else colour.opposite), "C.04.4.3 art. 5.4 (rank)"
