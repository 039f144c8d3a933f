"""The definitions and criteria of the FIDE Dubov system, C.04.4.1.

Two texts (see ``docs/dubov.md``):

* **2018** (approved by the 2018 General Assembly, in force until 31 January 2026): sections
  A (definitions), B (procedure), C (criteria C.1-C.10), D (sorting rules D.0-D.3), E (colours);
* **2026** (approved by the Council on 28 October 2025, applied from 1 February 2026; a
  renumbering of the 1 July 2025 text, itself the 2018 rules in numbered articles): Article 1
  definitions, 2 criteria [C1]-[C10], 3 procedure, 4 sorting rules, 5 colour allocation.

The rules are the same; the 2026 text refers to the 2026 Basic Rules, so the pairing-allocated
bye is barred by C.04.1 art. 4 (any unplayed round that scored a win's points) where the 2018
text bars it by C.04.1 d (a PAB or a forfeit win). Docstrings cite both numberings where the
2018 one is known: "2026 art. 1.7.1 / 2018 A.6".

Points are tenths (a win of 1.0 is 10), as in :mod:`chessarbiter.pairing.swiss.state`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from chessarbiter.model import Colour
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound


class Strength(enum.IntEnum):
    """The strength of a colour preference (2026 art. 1.6 / 2018 A.5)."""

    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


def max_upfloats(rounds: int) -> int:
    """MaxT, the number of upfloats that makes a player a maximum upfloater: 2 + [Rnds/5]
    (2026 art. 1.8.2 / 2018 A.7).

    >>> max_upfloats(9), max_upfloats(10), max_upfloats(4)
    (3, 4, 2)
    """
    return 2 + rounds // 5


def average_rating_of_opponents(ratings: list[int]) -> int:
    """ARO: the mean rating of the opponents met over the board, rounded to the nearest
    integer, a half upwards; zero before the first game (2026 art. 1.7.1-1.7.3 / 2018 A.6).

    >>> average_rating_of_opponents([2000, 2001])
    2001
    >>> average_rating_of_opponents([1800, 1900, 1950])
    1883
    >>> average_rating_of_opponents([])
    0
    """
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def colour_preference(player: SwissPlayer) -> tuple[Colour, Strength]:
    """The colour preference ("due colour") and its strength (2026 art. 1.6.1-1.6.4 / 2018
    A.5.a-d): absolute when the colour difference is beyond ±1 or the last two games had the
    same colour; strong for a difference of ±1; mild otherwise, alternating from the last game;
    a player who has played no game has a mild preference for Black (unlike the Dutch system,
    where he has none). Played games only.

    >>> from chessarbiter.pairing.swiss.state import SwissPlayer
    >>> colour_preference(SwissPlayer(1, 0, 0, 0, []))
    (<Colour.BLACK: 'b'>, <Strength.MILD: 1>)
    """
    if player.played_games == 0 or player.colour_preference is Colour.NONE:
        return Colour.BLACK, Strength.MILD
    if player.absolute_preference:
        return player.colour_preference, Strength.ABSOLUTE
    if player.colour_imbalance:
        return player.colour_preference, Strength.STRONG
    return player.colour_preference, Strength.MILD


@dataclass(slots=True)
class DubovPlayer:
    """A player before the round, with the facts the Dubov rules read.

    ``score``: pairing score in tenths (acceleration included, if the file has any);
    ``tpn``: the tournament pairing number (2026 art. 1.2); ``rank``: the position in the
    initial ranking among the players to be paired (0 is the highest); ``rating``: the rating
    the pairing uses (0 for a player without one: see :func:`rating_of`); ``upfloats``: how
    many times he was upfloated; ``upfloated_last``: in the previous round.
    """

    swiss: SwissPlayer
    score: int
    tpn: int
    rank: int
    rating: int
    aro: int
    preference: Colour
    strength: Strength
    upfloats: int
    upfloated_last: bool
    games: int
    bye_eligible: bool

    @property
    def number(self) -> int:
        return self.swiss.number


def rating_of(rating: int | None) -> int:
    """The rating used for ARO. Each player must have one (2026 art. 1.1 / 2018 A.1: the
    arbiter assigns a provisional rating); a player without one counts as rated 0, the
    lowest, as py4swiss and chesspairing read such files, until the arbiter assigns one.

    >>> rating_of(None), rating_of(2100)
    (0, 2100)
    """
    return rating or 0


def upfloat_history(state: SwissRound, player: SwissPlayer) -> tuple[int, bool]:
    """How many times ``player`` was upfloated, and whether in the previous round (2026 art.
    1.3.2 and 1.8 / 2018 A.3 and A.7): a game played against an opponent who had a higher
    pairing score before that round. Rounds without a game float nobody.
    """
    count = 0
    last = False
    played = state.played_rounds
    for r, m in enumerate(player.matches[:played]):
        last = False
        if not m.played or m.opponent is None:
            continue
        try:
            opponent = state.player(m.opponent)
        except KeyError:
            continue
        back = played - r
        if state.score(opponent, back) > state.score(player, back):
            count += 1
            last = True
    return count, last


def dubov_players(state: SwissRound) -> list[DubovPlayer]:
    """The players to be paired, with their Dubov facts, in pairing order: score (highest
    first), then initial ranking (2026 art. 1.2 and 1.3 / 2018 A.2-A.3)."""
    t = state.tournament
    ratings = {p.number: rating_of(p.rating) for p in t}
    by_rank = t.pair_by_rank
    result: list[DubovPlayer] = []
    ordered = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
    for p in ordered:
        met = [ratings.get(m.opponent, 0) for m in p.matches if m.played and m.opponent]
        preference, strength = colour_preference(p)
        upfloats, last = upfloat_history(state, p)
        result.append(
            DubovPlayer(
                swiss=p,
                score=state.score(p),
                tpn=p.rank + 1 if by_rank else p.number,
                rank=p.rank,
                rating=ratings.get(p.number, 0),
                aro=average_rating_of_opponents(met),
                preference=preference,
                strength=strength,
                upfloats=upfloats,
                upfloated_last=last,
                games=p.played_games,
                bye_eligible=state.eligible_for_bye(p),
            )
        )
    return result


# -- the criteria -----------------------------------------------------------------------------


def may_meet(state: SwissRound, a: DubovPlayer, b: DubovPlayer) -> bool:
    """The absolute criteria for a pair: not met before, nor a pair the regulations forbid
    ([C1], 2026 art. 2.1.1 / 2018 C.1, C.04.1 b), and not two players with the same absolute
    colour preference ([C3], 2026 art. 2.1.3 / 2018 C.3); unlike the Dutch system there is no
    exception for topscorers."""
    if a is b or b.swiss.index in state.forbidden[a.swiss.index]:
        return False
    return not (
        a.strength is Strength.ABSOLUTE
        and b.strength is Strength.ABSOLUTE
        and a.preference is b.preference
    )


def meeting_lists(state: SwissRound, players: list[DubovPlayer]) -> list[set[int]]:
    """For each of ``players``, the positions of those he may meet: :func:`may_meet` for
    every pair at once ([C1] with the forbidden pairs, then [C3] by colour), in time
    proportional to the number of pairs allowed rather than one call per pair."""
    position = {p.swiss.index: i for i, p in enumerate(players)}
    everyone = set(range(len(players)))
    absolute: dict[Colour, set[int]] = {}
    for i, p in enumerate(players):
        if p.strength is Strength.ABSOLUTE:
            absolute.setdefault(p.preference, set()).add(i)
    allowed: list[set[int]] = []
    for i, p in enumerate(players):
        banned = {position[x] for x in state.forbidden[p.swiss.index] if x in position}
        if p.strength is Strength.ABSOLUTE:
            banned |= absolute[p.preference]
        banned.add(i)
        allowed.append(everyone - banned)
    return allowed


def may_receive_bye(player: DubovPlayer) -> bool:
    """[C2] (2026 art. 2.1.2 / 2018 C.2): not a player who already had the pairing-allocated
    bye or scored without playing: 2026, C.04.1 art. 4 (a win's points in a round without a
    game); 2018, C.04.1 d (a PAB or a forfeit win)."""
    return player.bye_eligible


def bye_preference(player: DubovPlayer) -> tuple[int, int, int]:
    """The order in which eligible players are considered for the pairing-allocated bye,
    after [C2] and [C4] (2026 art. 3.1.3-3.1.5 / 2018 B, bye rule c-e): the lowest score,
    then the most games played, then the largest TPN (the lowest in the initial ranking).
    The smallest key is the first choice."""
    return (player.score, -player.games, -player.rank)


def colour_conflict(a: DubovPlayer, b: DubovPlayer) -> bool:
    """[C7] (2026 art. 2.3.3 / 2018 C.7) counts, in each pair, the player who does not get
    his colour preference: one exactly when both prefer the same colour (every player has a
    preference in the Dubov system)."""
    return a.preference is b.preference


def is_max_upfloater(player: DubovPlayer, rounds: int) -> bool:
    """A maximum upfloater: already upfloated MaxT times (2026 art. 1.8.1 / 2018 A.7)."""
    return player.upfloats >= max_upfloats(rounds)


def upfloater_order(player: DubovPlayer) -> tuple[int, int]:
    """Sequence numbers of the possible upfloaters: score (highest first), then initial
    ranking (2026 art. 4.2.2 / 2018 D.1.a). Sets of upfloaters are compared first by their
    scores, the containers of 2026 art. 4.2.3 / 2018 D.1.b ordered as [C6] orders them, then
    lexicographically by these numbers."""
    return (-player.score, player.rank)


def white_seeker_order(player: DubovPlayer) -> tuple[int, int]:
    """White seekers (G1): ascending ARO, then initial ranking (2026 art. 3.2.5 and 4.3.2 /
    2018 B, S1, and D.2.a). S1 is G1 in this order."""
    return (player.aro, player.rank)


def black_seeker_order(player: DubovPlayer) -> tuple[int]:
    """Black seekers (G2): initial ranking (2026 art. 4.3.2 and 4.4.2 / 2018 D.2.a and
    D.3.a); the transpositions of G2 are in the lexicographic order of these numbers."""
    return (player.rank,)


def middle_first(count: int) -> list[int]:
    """The positions of a sorted list of shifters in the order they receive sequence numbers:
    from the (remaining) middle, the higher of two middle players first (2026 art. 4.3.3 /
    2018 D.2.b).

    >>> "".join("ABCDEFG"[i] for i in middle_first(7))
    'DCEBFAG'
    >>> middle_first(4)
    [1, 2, 0, 3]
    """
    middle = (count - 1) / 2
    return sorted(range(count), key=lambda i: (abs(i - middle), i))
