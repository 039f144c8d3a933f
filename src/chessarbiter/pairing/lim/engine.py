"""The FIDE Lim system (C.04.4.3; the 2026 issue of the 1999 text).

The procedure of the text, step by step:

1. the pairing-allocated bye first (art. 1.1, 7.1): the lowest ranked player of the lowest
   scoregroup (in round 1 the lowest rated) who may receive it (Basic Rules art. 3-4) and
   whose bye leaves the others a complete pairing;
2. the scoregroups from the top down to just above the median scoregroup, paired downward,
   then from the bottom up to just below it, paired upward, then the median scoregroup, paired
   downward (art. 2.2);
3. in each scoregroup, with the floaters it received: as many players float on to the next
   scoregroup as it cannot pair, and one more if its number is odd (art. 2.3, 3.1); each is
   chosen in turn, avoiding floater types a, b, c (art. 3.9), a player who floated in the
   previous round (art. 3.10), preferring one due the colour most are due (art. 3.2.2; in a
   Maxi-tournament only within 100 points, art. 3.2.3), then the lowest numbered player (art.
   3.2.4, 3.3), always keeping the most pairings the scoregroup can have;
4. the floaters received are paired first (art. 3.6, 3.7: from the nearest scoregroup in their
   order; in the median scoregroup the downfloaters before the upfloaters), then the others
   proposed top half against bottom half (art. 2.4) and scrutinised from #1 down (upward: from
   the lowest numbered up), exchanging the partner in the order of art. 4.2-4.3 until the
   pairing is compatible and leaves the others pairable (art. 4.4); when the two are due the
   same colour, the first further partner who is not is taken instead if that lets more
   players of the scoregroup have their due colours (art. 2.5, 5.2; in a Maxi-tournament only
   within 100 points of the partner the order gives, art. 5.7);
5. when the median scoregroup cannot be completed, pairings already made next to it are
   cracked, in the scoregroup below when more floaters came from above, else above (art. 2.6);
6. colours by Article 5 (:mod:`~chessarbiter.pairing.lim.colours`), boards in the order of C.04.2.

"Leaves the others pairable" and "the most pairings a scoregroup can have" are decided by a
maximum matching of the compatibility graph (the matching kernel with unit weights): the text
assumes an arbiter who sees that an exchange "must at the same time leave Player #1 with a
compatible opponent" (art. 4.4).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from chessarbiter.editions import LimEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Tournament
from chessarbiter.pairing.dutch.engine import order_boards
from chessarbiter.pairing.lim.colours import allocate_colours
from chessarbiter.pairing.lim.rules import (
    Direction,
    FloaterType,
    LimPlayer,
    arranged,
    bye_order,
    colours_suit,
    compatible,
    exchange_order,
    floater_type,
    lim_players,
    majority_due_colour,
    median_score,
    proposed_pairs,
    scoregroup_order,
    within_maxi_band,
)
from chessarbiter.pairing.matching import MatcherFactory, default_computer
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound, prepare_round

Pair = tuple[LimPlayer, LimPlayer]


def pair_round(
    tournament: Tournament,
    edition: LimEdition = LimEdition.LIM_2026,
    *,
    matcher: MatcherFactory | None = None,
    maxi: bool = False,
) -> RoundPairing:
    """Pair the next round of ``tournament`` by the Lim system; ``trace`` holds the explanation
    (:func:`explain_round`). ``maxi``: the organiser declared a Maxi-tournament (art. 3.2.3,
    3.8, 5.7; the text does not define the term), as the edition ``2026-maxi`` also declares.

    :raises NoValidPairingError: when the players cannot all be paired compatibly (art. 2.1),
        with at most one left for a bye he may receive (art. 1.1).
    :raises PairingError: when the tournament cannot be paired as given (no number of rounds,
        no initial colour, all rounds paired).
    """
    state = prepare_round(tournament, edition.basic_rules)
    pairer = LimPairer(state, matcher or default_computer, maxi=maxi or edition.maxi)
    white_black = pairer.run()
    swiss: list[tuple[SwissPlayer, SwissPlayer | None]] = [
        (w.swiss, b.swiss) for w, b in white_black
    ]
    if pairer.bye is not None:
        swiss.append((pairer.bye.swiss, None))
    pairing = order_boards(state, swiss)
    return dataclasses.replace(pairing, trace=tuple(pairer.trace))


def explain_round(
    tournament: Tournament,
    edition: LimEdition = LimEdition.LIM_2026,
    *,
    matcher: MatcherFactory | None = None,
    maxi: bool = False,
) -> list[str]:
    """The pairing of the next round explained, as text: the median score and the order of the
    scoregroups, the bye and why, for each scoregroup its residents, the floaters it received
    and those it passed on (with their type, art. 3.9), each pairing and the rule that made it
    (proposed, exchanged, exchanged for colour), the cracked pairings, and the colour rule of
    each board; then the boards.

    :raises NoValidPairingError: as :func:`pair_round`.
    """
    return pair_round(tournament, edition, matcher=matcher, maxi=maxi).explained()


def _points(tenths: int) -> str:
    return f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths / 10:g}"


def _names(players: Iterable[LimPlayer]) -> str:
    return " ".join(str(p.number) for p in players) or "-"


@dataclasses.dataclass
class _Made:
    """A pairing made, and whether in the median scoregroup or above (art. 5.4)."""

    pair: Pair
    median_or_above: bool


class LimPairer:
    """One round of the Lim procedure (the module's steps); :meth:`run` returns the boards as
    ``(white, black)`` and sets :attr:`bye`."""

    def __init__(self, state: SwissRound, factory: MatcherFactory, *, maxi: bool = False) -> None:
        self.state = state
        self.factory = factory
        self.maxi = maxi
        self.players = lim_players(state)
        self.bye: LimPlayer | None = None
        self.trace: list[str] = []
        self.cracked = 0
        position = {p.number: i for i, p in enumerate(self.players)}
        self._position = position
        self._meets: list[set[int]] = [set() for _ in self.players]
        for i, a in enumerate(self.players):
            for j in range(i + 1, len(self.players)):
                if compatible(state, a, self.players[j]):
                    self._meets[i].add(j)
                    self._meets[j].add(i)
        self._max_pairs: dict[frozenset[int], int] = {}
        self._due_colours: dict[frozenset[int], int] = {}

    # -- compatibility and completion ----------------------------------------------------------

    def can_meet(self, a: LimPlayer, b: LimPlayer) -> bool:
        """Compatible (:func:`~chessarbiter.pairing.lim.rules.compatible`)."""
        return self._position[b.number] in self._meets[self._position[a.number]]

    def max_pairs(self, players: Sequence[LimPlayer]) -> int:
        """The most compatible pairings among ``players`` (a maximum matching)."""
        key = frozenset(self._position[p.number] for p in players)
        known = self._max_pairs.get(key)
        if known is not None:
            return known
        if self._greedy_complete(players):
            result = len(players) // 2
        else:
            m = self.factory(len(players))
            for i, a in enumerate(players):
                for j in range(i + 1, len(players)):
                    if self.can_meet(a, players[j]):
                        m.set_edge_weight(i, j, 1)
            m.compute_matching()
            result = sum(1 for i, mate in enumerate(m.matching()) if mate > i)
        self._max_pairs[key] = result
        return result

    def _greedy_complete(self, players: Sequence[LimPlayer]) -> bool:
        """A quick proof that ``players`` (even in number) can all be paired: the proposal of
        art. 2.4, or each in turn with the first compatible player left."""
        if len(players) % 2:
            return False
        ordered = sorted(players, key=lambda p: p.tpn)
        if all(self.can_meet(a, b) for a, b in proposed_pairs(ordered)):
            return True
        left = list(ordered)
        while left:
            first = left.pop(0)
            mate = next((x for x in left if self.can_meet(first, x)), None)
            if mate is None:
                return False
            left.remove(mate)
        return True

    def complete(self, players: Sequence[LimPlayer]) -> bool:
        """Whether ``players`` can all be paired compatibly."""
        return len(players) % 2 == 0 and self.max_pairs(players) * 2 == len(players)

    # -- the round -----------------------------------------------------------------------------

    def run(self) -> list[Pair]:
        """The boards as ``(white, black)``; the bye in :attr:`bye`."""
        state = self.state
        players = list(self.players)
        median = median_score(state)
        first_round = state.played_rounds == 0
        self.trace.append(
            f"Round {state.round_number}: {len(players)} players; median score "
            f"{_points(median)} (half the {state.played_rounds} rounds played, art. 2.2)"
        )
        if len(players) % 2:
            self.bye = self.choose_bye(players, first_round)
            players.remove(self.bye)
        if not self.complete(players):
            raise NoValidPairingError(
                "no pairing of every player with a compatible opponent exists (C.04.4.3 art. "
                "2.1: not met before, no colour three times in a row nor three more of one)"
            )
        groups: dict[int, list[LimPlayer]] = {}
        for p in players:
            groups.setdefault(p.score, []).append(p)
        above, below = scoregroup_order(groups, median)
        self.trace.append(
            "Scoregroup order (art. 2.2): "
            + ", ".join(_points(s) for s in above)
            + (" | " if above else "")
            + ", ".join(_points(s) for s in below)
            + (" | " if below else "")
            + f"median {_points(median)}"
        )
        higher: list[_Made] = []
        lower: list[_Made] = []
        downfloaters = self.pair_side(above, groups, median, Direction.DOWNWARD, higher)
        upfloaters = self.pair_side(below, groups, median, Direction.UPWARD, lower)
        median_pairs = self.pair_median(
            groups.get(median, []), downfloaters, upfloaters, higher, lower
        )
        made = [*higher, *lower, *(_Made(p, True) for p in median_pairs)]
        boards: list[Pair] = []
        for m in made:
            white, black, article = allocate_colours(
                *m.pair, m.median_or_above, state.initial_colour
            )
            self.trace.append(f"Colours {white.number} - {black.number}: {article}")
            boards.append((white, black))
        return boards

    def choose_bye(self, players: list[LimPlayer], first_round: bool) -> LimPlayer:
        """C.04.4.3 art. 1.1, 7.1 (2026): the first player of :func:`~.rules.bye_order` who may
        receive the bye (Basic Rules art. 3-4) and leaves the others a complete pairing.

        :raises NoValidPairingError: when there is none.
        """
        for p in bye_order(players, first_round):
            if not p.eligible_for_bye:
                self.trace.append(f"Bye: {p.number} may not receive it (Basic Rules art. 4)")
                continue
            rest = [x for x in players if x is not p]
            if not self.complete(rest):
                self.trace.append(f"Bye: {p.number} would leave no complete pairing")
                continue
            rule = "art. 7.1, lowest rated" if first_round else "art. 1.1, lowest ranked"
            self.trace.append(
                f"Bye: {p.number} (score {_points(p.score)}; {rule} of the lowest scoregroup)"
            )
            return p
        raise NoValidPairingError(
            "no player may receive the pairing-allocated bye and leave the others a complete "
            "pairing (C.04.4.3 art. 1.1; Basic Rules art. 3-4)"
        )

    def pair_side(
        self,
        scores: list[int],
        groups: dict[int, list[LimPlayer]],
        median: int,
        direction: Direction,
        made: list[_Made],
    ) -> list[LimPlayer]:
        """Pair the scoregroups of one side of the median in the order of art. 2.2; the
        floaters the last one passes to the median scoregroup are returned."""
        incoming: list[LimPlayer] = []
        for k, score in enumerate(scores):
            adjacent = (
                groups.get(scores[k + 1], []) if k + 1 < len(scores) else groups.get(median, [])
            )
            pairs, incoming = self.pair_group(
                score, groups[score], [(p, True) for p in incoming], adjacent, direction
            )
            made.extend(_Made(p, direction is Direction.DOWNWARD) for p in pairs)
        return incoming

    def pair_median(
        self,
        residents: list[LimPlayer],
        downfloaters: list[LimPlayer],
        upfloaters: list[LimPlayer],
        higher: list[_Made],
        lower: list[_Made],
    ) -> list[Pair]:
        """C.04.4.3 art. 2.2, 2.6 (2026): the median scoregroup, paired downward with its
        downfloaters first and its upfloaters next (art. 3.6.3, 3.7.3). While it cannot be
        completed, the last pairing made next to it is cracked: below it when more floaters came
        from above than from below (art. 2.6.1), else above (art. 2.6.2), or the other side
        when that one has no pairing left; both players join the median scoregroup as floaters
        from that side."""
        from_above, from_below = list(downfloaters), list(upfloaters)
        while not self.complete([*residents, *from_above, *from_below]):
            crack_lower = (len(from_above) > len(from_below) and bool(lower)) or not higher
            side = lower if crack_lower else higher
            if not side:  # cannot happen: all players together can be paired
                raise NoValidPairingError("the median scoregroup cannot be completed (art. 2.6)")
            a, b = side.pop().pair
            (from_below if crack_lower else from_above).extend((a, b))
            self.cracked += 1
            where = "below" if crack_lower else "above"
            self.trace.append(
                f"Median scoregroup blocked: pairing {a.number} - {b.number} {where} it is "
                "cracked (art. 2.6)"
            )
        incoming = [(p, True) for p in from_above] + [(p, False) for p in from_below]
        pairs, rest = self.pair_group(None, residents, incoming, [], Direction.DOWNWARD)
        if rest:  # cannot happen: the group was complete
            raise PairingError("the median scoregroup left floaters")
        return pairs

    # -- one scoregroup ------------------------------------------------------------------------

    def pair_group(
        self,
        score: int | None,
        residents: list[LimPlayer],
        incoming: list[tuple[LimPlayer, bool]],
        adjacent: list[LimPlayer],
        direction: Direction,
    ) -> tuple[list[Pair], list[LimPlayer]]:
        """C.04.4.3 art. 2.3-2.5 (2026): pair one scoregroup (``score`` ``None``: the median
        scoregroup) with the floaters it received (``(player, from_ahead)``: from the side the
        pairing comes from, or, in the median scoregroup only, from the other side); returns
        the pairings and the players floated on to the next scoregroup."""
        members = [p for p, _ in incoming] + residents
        label = "median scoregroup" if score is None else f"scoregroup {_points(score)}"
        self.trace.append(
            f"{label.capitalize()} ({direction.value}): residents {_names(residents)}; "
            f"floaters received {_names(p for p, _ in incoming)}"
        )
        if not members:
            return [], []
        pairings = self.max_pairs(members)
        received = {p.number for p, _ in incoming}
        floaters = self.choose_floaters(members, pairings, received, adjacent, direction)
        staying = [p for p in members if p not in floaters]
        down = direction is Direction.DOWNWARD
        first = [
            (p, Direction.DOWNWARD if down == ahead else Direction.UPWARD)
            for p, ahead in self.floater_order(incoming, direction)
            if p in staying
        ]
        pairs = self.scrutinise(staying, first, direction)
        return pairs, floaters

    def floater_order(
        self, incoming: list[tuple[LimPlayer, bool]], direction: Direction
    ) -> list[tuple[LimPlayer, bool]]:
        """C.04.4.3 art. 3.6, 3.7 (2026): the order in which received floaters are paired:
        those from the side the pairing comes from first, the nearest scoregroup first (they
        are the ones with the score closest to this group), then by number in the order of
        scrutiny; in the median scoregroup the floaters from the other side after them, in the
        mirror order."""
        down = direction is Direction.DOWNWARD

        def key(item: tuple[LimPlayer, bool]) -> tuple[int, int, int]:
            p, ahead = item
            fell = down == ahead  # a downfloater: from above
            return (0 if ahead else 1, -p.score if fell else p.score, p.tpn if fell else -p.tpn)

        return sorted(incoming, key=key)

    def choose_floaters(
        self,
        members: list[LimPlayer],
        pairings: int,
        received: set[int],
        adjacent: list[LimPlayer],
        direction: Direction,
    ) -> list[LimPlayer]:
        """C.04.4.3 art. 2.3, 3 (2026): the players of a scoregroup that float on; as many as
        the group cannot pair (it keeps ``pairings``, the most it can have, art. 3.10.2), each
        the first, among those whose transfer keeps that many pairings, by: floater type d
        before c, b, a (art. 3.9), not floated in the previous round (art. 3.10), due the
        colour more players are due (art. 3.2.2; in a Maxi-tournament only within 100 points of
        the lowest numbered player, art. 3.2.3), the lowest numbered (art. 3.2.4, 3.3)."""
        floaters: list[LimPlayer] = []
        while len(members) - len(floaters) > 2 * pairings:
            staying = [p for p in members if p not in floaters]
            order = arranged(staying, direction)
            lowest = order[-1]
            majority = majority_due_colour(staying)
            place = {p.number: i for i, p in enumerate(order)}

            keys = {
                p.number: self._floater_key(p, received, adjacent, majority, lowest, place)
                for p in staying
            }
            for p in sorted(staying, key=lambda x: keys[x.number]):
                rest = [x for x in staying if x is not p]
                if self.max_pairs(rest) == pairings:
                    kind, floated, not_equalising, _ = keys[p.number]
                    why = [f"type {kind.name} (art. 3.9)"]
                    if floated:
                        why.append("floated last round (art. 3.10)")
                    if not not_equalising:
                        why.append("equalises the colours due (art. 3.2.2)")
                    if p is lowest:
                        down = direction is Direction.DOWNWARD
                        why.append(f"{'lowest' if down else 'highest'} numbered (art. 3.2.4)")
                    self.trace.append(
                        f"  floats {direction.value[:-4]}: {p.number} (" + ", ".join(why) + ")"
                    )
                    floaters.append(p)
                    break
            else:  # cannot happen: some player of an unmatched vertex can go
                raise PairingError("no floater keeps the pairings of the scoregroup")
        return floaters

    def _floater_key(
        self,
        p: LimPlayer,
        received: set[int],
        adjacent: list[LimPlayer],
        majority: Colour,
        lowest: LimPlayer,
        place: dict[int, int],
    ) -> tuple[FloaterType, bool, bool, int]:
        """The order of :meth:`choose_floaters`: the smallest key floats first."""
        kind = floater_type(p.number in received, any(self.can_meet(p, x) for x in adjacent))
        equalises = (
            majority is not Colour.NONE
            and p.due is majority
            and (not self.maxi or within_maxi_band(p, lowest))
        )
        return (kind, p.floated, not equalises, -place[p.number])

    def scrutinise(
        self,
        staying: list[LimPlayer],
        floaters_first: list[tuple[LimPlayer, Direction]],
        direction: Direction,
    ) -> list[Pair]:
        """C.04.4.3 art. 2.4, 3.6-3.8, 4 (2026): pair the players who stay (they can all be
        paired): the received floaters first (with the way each floated), each with the first
        available player from the top for a downfloater, from the bottom for an upfloater (art.
        3.8: "the highest (lowest) numbered player available"); then the first player of the
        order of scrutiny with the first available of :func:`~.rules.exchange_order`, and again
        with those left. *Available*: compatible, and leaving the rest pairable (art. 4.4);
        exchanges for colour as :meth:`_take` says (art. 2.5, 3.8, 5.2, 5.7)."""
        remaining = list(staying)
        pairs: list[Pair] = []
        for f, way in floaters_first:
            if f in remaining:
                others = arranged((x for x in remaining if x is not f), way)
                pairs.append(self._take(f, others, remaining, "floater, art. 3.6-3.8"))
        while remaining:
            order = arranged(remaining, direction)
            pairs.append(self._take(order[0], exchange_order(order), remaining, ""))
        return pairs

    def due_colours_possible(self, players: Sequence[LimPlayer]) -> int:
        """The most pairings, in a pairing of all ``players`` (who can all be paired), whose
        two players can both have the colour due to them (C.04.4.3 art. 2.5, 5.2 (2026)): a
        maximum-weight matching of the compatibility graph, each pairing weighing more than
        all the colours together so that every player is paired."""
        key = frozenset(self._position[p.number] for p in players)
        known = self._due_colours.get(key)
        if known is not None:
            return known
        base = len(players)
        m = self.factory(len(players))
        for i, a in enumerate(players):
            for j in range(i + 1, len(players)):
                b = players[j]
                if self.can_meet(a, b):
                    m.set_edge_weight(i, j, base + (1 if colours_suit(a, b) else 0))
        m.compute_matching()
        mates = m.matching()
        result = sum(
            1
            for i, mate in enumerate(mates)
            if mate > i and colours_suit(players[i], players[mate])
        )
        self._due_colours[key] = result
        return result

    def _take(
        self, player: LimPlayer, candidates: list[LimPlayer], remaining: list[LimPlayer], why: str
    ) -> Pair:
        """Pair ``player`` with the first available of ``candidates`` (see :meth:`scrutinise`)
        and remove both from ``remaining``.

        When the two would be due the same colour, another available candidate who is not
        is taken instead (an exchange for colour; in a Maxi-tournament only one within 100
        points of the first, art. 5.7): a received floater takes the first such (art. 3.8,
        "due the alternate colour"); in the scrutiny of the other players the exchange is made
        only when it lets more players of the scoregroup have their due colours (art. 2.5:
        "further exchanges of opponents may be made to allow alternation or equalisation of
        colours where possible"), an exchange that only moves the clash to another pairing
        leaving the pairing as the order gives it."""
        without = [x for x in remaining if x is not player]

        def available(c: LimPlayer) -> bool:
            return self.can_meet(player, c) and self.complete([x for x in without if x is not c])

        later = iter(candidates)
        first = next((c for c in later if available(c)), None)
        if first is None:
            raise PairingError(f"player {player.number} has no available opponent")
        chosen: LimPlayer | None = None
        if not colours_suit(player, first):
            floater = bool(why)
            kept: int | None = None
            for c in later:
                if not colours_suit(player, c) or (self.maxi and not within_maxi_band(c, first)):
                    continue
                if not available(c):
                    continue
                if not floater:
                    if kept is None:
                        kept = self.due_colours_possible([x for x in without if x is not first])
                    if 1 + self.due_colours_possible([x for x in without if x is not c]) <= kept:
                        continue
                chosen = c
                break
        opponent = chosen or first
        if not why:
            if opponent is candidates[0]:
                why = "proposed, art. 2.4"
            elif opponent is first:
                why = "exchange, art. 4.2"
            else:
                why = "exchange for colour, art. 5.2"
        elif opponent is not first:
            why += "; for colour, art. 5.2"
        self.trace.append(f"  {player.number} - {opponent.number} ({why})")
        remaining.remove(player)
        remaining.remove(opponent)
        return (player, opponent)
