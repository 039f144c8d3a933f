"""The definitions and rules of the FIDE Lim system, C.04.4.3.

One text (see ``docs/lim.md``): approved by the 1987 General Assembly, amended in 1988, 1989,
1997, 1998 and by the 1999 Executive Board; re-issued from 1 February 2026 with its sections
renumbered as Articles, its reference to "C.04.1.c" replaced by Basic Rules Art. 3-4 and the
wording made gender-neutral, the content unchanged. Docstrings cite "C.04.4.3 art. 2.1 (2026)";
the numbers are those of both issues (the 1999 issue letters the items of art. 2.3 a-d; the 1988
text, "FIDE Swiss Rules", numbered the same rules from 8, so that its rule 10.2 is art. 3.2).

The Lim system is a procedure, not a list of criteria: scoregroups are paired from the top down
to just above the median scoregroup, then from the bottom up to just below it, and the median
scoregroup last (art. 2.2); before a scoregroup is paired, the players it cannot pair, and one
more to make its number even, float to the next scoregroup in that order (art. 2.3, 3); the
rest are proposed top half against bottom half (art. 2.4) and scrutinised, exchanging players
until every pairing is compatible (art. 4). Two players are *compatible* when they have not
met and neither would get a colour the text forbids (art. 2.1).

"Highest numbered" is the text's own term for the *top* of the pairing order. The 1988 text
this one descends from (FIDE Swiss Rules, Regulations for Swiss System Tournaments, rule 7)
defined it: "Number 1 is the player with the highest rank and rating. In these rules No. 1 is
said [to] have the highest pairing number." The 2026 text keeps the usage: "Player #1, the
highest numbered player" (art. 4.2), and art. 4.1 scrutinises a downward proposal "1 v n/2+1"
from "the highest numbered player", exchanging "the lower numbered player" of the pair, his
partner from the bottom half. So the *lowest numbered* player of a group is its last by
pairing number (the lowest ranked), and "higher numbered" means "higher ranked" throughout
(art. 3.2.4, 3.6, 3.7, 3.8, 4.1).

Points are tenths (a win of 1.0 is 10), as in :mod:`chessarbiter.pairing.swiss.state`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from chessarbiter.model import Colour
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound

#: C.04.4.3 art. 3.2.3, 3.8, 5.7 (2026): in a Maxi-tournament, exchanges and floater choices
#: are made only between players whose ratings differ by at most this much.
MAXI_RATING_BAND = 100


def maxi_tournament_by_size(participants: int, rounds: int) -> bool:
    """The 1988 General Assembly's definition of a Maxi-tournament, recorded in the note to
    the 1988 text (FIDE Swiss Rules, Regulations for Swiss System Tournaments): "tournaments in
    which the number of participants is greater than 2n (2 raised to the power of n) where n is
    the number of rounds"; the same note limits the passages of its rules 10.2 and 10.8 in
    parentheses, and rule 12.7, to them (art. 3.2.3, 3.8 and 5.7 of the 1999 and 2026 texts).

    The 1999 and 2026 texts use the term without defining it, so the engine pairs a
    Maxi-tournament only when the organiser declares one (``maxi=True``); this is the historical
    test for a caller that wants to offer it as the default.

    >>> maxi_tournament_by_size(129, 7), maxi_tournament_by_size(128, 7)
    (True, False)
    """
    return participants > (1 << rounds)


class Direction(enum.Enum):
    """Which way a scoregroup is paired (C.04.4.3 art. 2.2, 4.1 (2026))."""

    DOWNWARD = "downward"
    """The scoregroups above the median, and the median scoregroup: floaters go down."""
    UPWARD = "upward"
    """The scoregroups below the median: floaters go up."""


class FloaterType(enum.IntEnum):
    """The four floater types of C.04.4.3 art. 3.9 (2026), in descending order of
    disadvantage: the lower the value, the less a player should be chosen to float."""

    D = 0
    """Not a floater into this scoregroup, and has a compatible opponent in the next one."""
    C = 1
    """Not a floater into this scoregroup, and has no compatible opponent in the next one."""
    B = 2
    """Already floated into this scoregroup, and has a compatible opponent in the next one."""
    A = 3
    """Already floated into this scoregroup, and has no compatible opponent in the next one."""


@dataclass(eq=False)
class LimPlayer:
    """A player to be paired, as the Lim system sees him.

    ``score``: the pairing score in tenths; ``rating``: 0 when unrated (art. 3.2.3, 7.1);
    ``colours``: the colours of the games played over the board, in order (C.04.2 art. 3.4);
    ``floated``: whether he floated in the previous round (art. 3.10): he played an opponent
    with another score. A bye or an unplayed round is no float here: the Lim system floats
    players only to pair them (art. 3.1).
    """

    swiss: SwissPlayer
    score: int
    rating: int
    colours: tuple[Colour, ...]
    eligible_for_bye: bool
    floated: bool

    @property
    def number(self) -> int:
        """The pairing number (the identity of the player in the tournament)."""
        return self.swiss.number

    @functools.cached_property
    def due(self) -> Colour:
        """The colour due to him (:func:`due_colour`), computed once: his colours do not change
        while a round is paired."""
        return due_colour(self)

    @property
    def tpn(self) -> int:
        """The position in the pairing order, from 1: the smaller, the *higher numbered* in the
        text's words ("Player #1, the highest numbered player", C.04.4.3 art. 4.2 (2026))."""
        return self.swiss.rank + 1


def lim_players(state: SwissRound) -> list[LimPlayer]:
    """The players to be paired in ``state``, in pairing-number order (C.04.2 art. 2)."""
    result: list[LimPlayer] = []
    for sp in sorted(state.to_pair, key=lambda p: p.rank):
        rating = state.tournament.player(sp.number).rating
        last = sp.matches[-1] if sp.matches else None
        floated = last is not None and last.played and state.float_direction(sp, 1) != ""
        result.append(
            LimPlayer(
                swiss=sp,
                score=state.score(sp),
                rating=rating or 0,
                colours=tuple(m.colour for m in sp.matches if m.played),
                eligible_for_bye=state.eligible_for_bye(sp),
                floated=floated,
            )
        )
    return result


def colour_difference(player: LimPlayer) -> int:
    """Games with White minus games with Black, played games only (C.04.2 art. 3.4).

    >>> from chessarbiter.model import Colour as C
    >>> colour_difference(_example((C.WHITE, C.WHITE, C.BLACK)))
    1
    """
    return sum(1 if c is Colour.WHITE else -1 for c in player.colours)


def may_receive(player: LimPlayer, colour: Colour) -> bool:
    """C.04.4.3 art. 2.1, 5.1 (2026): a player may not get the same colour three times in a
    row, nor a colour that would make three more games with one colour than with the other.

    >>> from chessarbiter.model import Colour as C
    >>> may_receive(_example((C.WHITE, C.WHITE)), C.WHITE)
    False
    >>> may_receive(_example((C.WHITE, C.BLACK, C.WHITE, C.WHITE)), C.BLACK)
    True
    >>> may_receive(_example((C.WHITE, C.BLACK, C.WHITE, C.WHITE)), C.WHITE)
    False
    """
    played = player.colours
    if len(played) >= 2 and played[-1] is colour and played[-2] is colour:
        return False
    after = colour_difference(player) + (1 if colour is Colour.WHITE else -1)
    return abs(after) < 3


def due_colour(player: LimPlayer) -> Colour:
    """The colour due to a player (C.04.4.3 art. 5.1, 5.5, 5.6 (2026)): after an unequal
    number of Whites and Blacks the colour that equalises them, otherwise the colour opposite to
    the last one; ``NONE`` before the first game.

    >>> from chessarbiter.model import Colour as C
    >>> due_colour(_example((C.WHITE, C.WHITE, C.BLACK)))
    <Colour.BLACK: 'b'>
    >>> due_colour(_example((C.WHITE, C.BLACK)))
    <Colour.WHITE: 'w'>
    """
    difference = colour_difference(player)
    if difference > 0:
        return Colour.BLACK
    if difference < 0:
        return Colour.WHITE
    if player.colours:
        return player.colours[-1].opposite
    return Colour.NONE


def colours_suit(a: LimPlayer, b: LimPlayer) -> bool:
    """Both players can get the colour due to them (C.04.4.3 art. 5.2 (2026)): they are not due
    the same colour."""
    da, db = a.due, b.due
    return da is Colour.NONE or db is Colour.NONE or da is not db


def latest_difference(a: LimPlayer, b: LimPlayer) -> tuple[Colour, Colour]:
    """C.04.4.3 art. 5.4 (2026): the colours ``a`` and ``b`` had in the latest round, counting
    back each player's own games, in which they had different colours; ``(NONE, NONE)`` when
    their histories never differ.

    >>> from chessarbiter.model import Colour as C
    >>> latest_difference(_example((C.WHITE, C.BLACK, C.BLACK)), _example((C.WHITE, C.BLACK)))
    (<Colour.BLACK: 'b'>, <Colour.WHITE: 'w'>)
    """
    ca, cb = a.colours, b.colours
    for back in range(1, min(len(ca), len(cb)) + 1):
        if ca[-back] is not cb[-back]:
            return ca[-back], cb[-back]
    return Colour.NONE, Colour.NONE


def last_round_exemption(state: SwissRound, a: LimPlayer, b: LimPlayer) -> bool:
    """C.04.4.3 art. 6 (2026): in the last round, pairing players with the same score
    (Basic Rules art. 5) comes before the colour rules, even if a player then gets a colour
    three times in a row or three more games with one colour."""
    return state.played_rounds == state.expected_rounds - 1 and a.score == b.score


def compatible(state: SwissRound, a: LimPlayer, b: LimPlayer) -> bool:
    """C.04.4.3 art. 2.1 (2026): two players are compatible when they have not met (nor are a
    pair the tournament forbids, C.04.1 art. 2) and the pairing would give neither the same
    colour three times in a row nor three more games with one colour than with the other; in
    the last round players with the same score need only not have met (art. 6)."""
    if a is b or b.swiss.index in state.forbidden[a.swiss.index]:
        return False
    if last_round_exemption(state, a, b):
        return True
    return (may_receive(a, Colour.WHITE) and may_receive(b, Colour.BLACK)) or (
        may_receive(a, Colour.BLACK) and may_receive(b, Colour.WHITE)
    )


def median_score(state: SwissRound) -> int:
    """The score of the median scoregroup (C.04.4.3 art. 2.2 (2026)): half the points of the
    rounds played, counted as wins (tenths).

    The text says "half the number of rounds played"; with points other than 1 for a win the
    same half is the half of the maximum score.
    """
    return state.played_rounds * state.win // 2


def scoregroup_order(scores: Iterable[int], median: int) -> tuple[list[int], list[int]]:
    """C.04.4.3 art. 2.2 (2026): the scoregroups above the median from the top down, and those
    below it from the bottom up; the median scoregroup is paired after both.

    >>> scoregroup_order([30, 20, 15, 10, 0], 15)
    ([30, 20], [0, 10])
    """
    distinct = sorted(set(scores))
    return [s for s in reversed(distinct) if s > median], [s for s in distinct if s < median]


def bye_order(players: Sequence[LimPlayer], first_round: bool) -> list[LimPlayer]:
    """The players in the order they are offered the pairing-allocated bye: C.04.4.3 art. 1.1
    (2026), the lowest ranked player of the lowest scoregroup first; in the first round the
    lowest rated player (art. 7.1), unrated players counting as lowest and equal ratings going
    to the lowest ranked. Whether the player may receive it (Basic Rules art. 3-4) is checked
    by the engine, with whether the others can then all be paired."""
    if first_round:
        return sorted(players, key=lambda p: (p.rating, -p.tpn))
    return sorted(players, key=lambda p: (p.score, -p.tpn))


def floater_type(incoming: bool, has_compatible_opponent: bool) -> FloaterType:
    """C.04.4.3 art. 3.9 (2026): the type of a possible floater, by whether he already floated
    into the scoregroup being paired and whether he has a compatible opponent in the scoregroup
    he would float to.

    >>> floater_type(False, True).name, floater_type(True, False).name
    ('D', 'A')
    """
    if incoming:
        return FloaterType.B if has_compatible_opponent else FloaterType.A
    return FloaterType.D if has_compatible_opponent else FloaterType.C


def arranged(players: Iterable[LimPlayer], direction: Direction) -> list[LimPlayer]:
    """The players in the order of scrutiny (C.04.4.3 art. 4.1 (2026)): "when pairing
    downward, scrutiny of proposed pairings begins with the highest numbered player" (#1, the
    first by pairing number), "when pairing upwards ... with the lowest numbered player" (the
    last by pairing number)."""
    return sorted(players, key=lambda p: p.tpn, reverse=direction is Direction.UPWARD)


def proposed_pairs(players: Sequence[LimPlayer]) -> list[tuple[LimPlayer, LimPlayer]]:
    """C.04.4.3 art. 2.4 (2026): the tentative pairing of an even group arranged in order,
    top half against bottom half: 1 v n/2+1, 2 v n/2+2, ...

    >>> [(a.tpn, b.tpn) for a, b in proposed_pairs([_example((), tpn=n) for n in range(1, 7)])]
    [(1, 4), (2, 5), (3, 6)]
    """
    half = len(players) // 2
    return [(players[i], players[i + half]) for i in range(half)]


def exchange_order(players: Sequence[LimPlayer]) -> list[LimPlayer]:
    """The opponents the first of ``players`` (arranged in order) is offered, in turn
    (C.04.4.3 art. 4.2-4.3 (2026), whose six-player tables this generalises): the bottom half
    in order, then the top half from its bottom up. For six players #1 tries 4, 5, 6, 3, 2;
    once #1 has an opponent the others are proposed afresh the same way.

    >>> [p.tpn for p in exchange_order([_example((), tpn=n) for n in range(1, 7)])]
    [4, 5, 6, 3, 2]
    """
    half = len(players) // 2
    return [*players[half:], *reversed(players[1:half])]


def within_maxi_band(a: LimPlayer, b: LimPlayer) -> bool:
    """C.04.4.3 art. 3.2.3, 3.8, 5.7 (2026): in a Maxi-tournament an exchange, or the choice of
    a floater other than the one the order gives, is allowed only between players whose
    ratings differ by at most 100 points."""
    return abs(a.rating - b.rating) <= MAXI_RATING_BAND


def majority_due_colour(players: Iterable[LimPlayer]) -> Colour:
    """The colour more of ``players`` are due (``NONE`` when as many are due each), which a
    floater due it helps equalise (C.04.4.3 art. 3.2.2 (2026))."""
    whites = blacks = 0
    for p in players:
        due = p.due
        if due is Colour.WHITE:
            whites += 1
        elif due is Colour.BLACK:
            blacks += 1
    if whites == blacks:
        return Colour.NONE
    return Colour.WHITE if whites > blacks else Colour.BLACK


def _example(colours: tuple[Colour, ...], tpn: int = 1) -> LimPlayer:
    """A player for the doctests."""
    sp = SwissPlayer(number=tpn, index=tpn - 1, rank=tpn - 1, score=0, matches=[])
    return LimPlayer(sp, 0, 0, colours, True, False)
