"""Edge weights of the Dutch system: each C.04.3 (2026) criterion as a bit field.

The weight of a possible pair is a big integer read from its top bits down; a maximum-weight
matching therefore satisfies the higher-priority criteria first. The layout is bbpPairings v6's
(Apache-2.0, © Jeremy Bierema), field by field, top first:

=====================================  ==========================================================
field                                  criterion (C.04.3 2026, Article 2)
=====================================  ==========================================================
completion and bye                     [C1]-[C3] absolute (weight 0 = not allowed), [C4]
                                       completion, [C5] the bye to the lowest possible score
pairs in the current bracket           [C6] minimise the downfloaters
scores paired in the current bracket   [C7] minimise the downfloaters' scores
pairs / scores in the next bracket     [C8] the same for the following bracket
unplayed games of the bye assignee     [C9] minimise the unplayed games of the PAB receiver
colours                                [C10] colour difference beyond ±2, [C11] the same colour
                                       three times, [C12] colour preferences, [C13] strong
                                       colour preferences
floats                                 [C14]-[C17] resident downfloaters and MDP opponents with a
                                       float one and two rounds before; [C18]-[C21] their scores
ordering room                          the generation order of Article 4 (exchanges,
                                       transpositions), used by the engine
=====================================  ==========================================================

Every field is wide enough never to carry into the next one.
"""

from __future__ import annotations

from itertools import pairwise

from chessarbiter.model import Colour
from chessarbiter.pairing.swiss.colours import compatible_preferences
from chessarbiter.pairing.swiss.facts import Float, RoundFacts
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound


class WeightContext(RoundFacts):
    """The numbers the weights of one round depend on.

    ``shifts``: for each score of the bracket being paired (its moved-down players, its
    residents and the next score group), the bit offset of its field within a "scores" field
    (lowest score lowest; each score gets as many bits as its players in the bracket need).
    ``group_bits``: bits for the largest score group. ``groups_shift``: total width of a
    "scores" field, fixed for the round (widened by :meth:`widen` when a bracket needs more).
    ``score_offsets``: offsets over every score group of the round, for the first, bye-only
    solve.

    Only the scores present in a bracket can have a non-zero count in its fields, so giving
    each of them a field as wide as its count needs, in score order, compares every two
    pairings exactly as bbpPairings' fields for every score of the round do, with much
    narrower weights (the matching kernel's cost grows with the width).
    """

    def __init__(self, state: SwissRound, players: list[SwissPlayer]) -> None:
        super().__init__(state, players)
        offsets: dict[int, int] = {}
        total = 0
        largest = 0
        count = 0
        sizes: list[int] = []
        for i in range(len(players) - 1, -1, -1):
            count += 1
            s = self.scores[players[i].number]
            if i == 0 or s < self.scores[players[i - 1].number]:
                offsets[s] = total
                largest = max(largest, count)
                total += count.bit_length()
                sizes.append(count)
                count = 0
        self.score_offsets = offsets
        self.score_bits = total
        self.shifts: dict[int, int] = {}
        self.group_bits = largest.bit_length()
        self.bye_score = 0
        self.single_downfloater_is_bye = False
        self.unplayed_ranks: dict[int, int] = {}
        # Two adjacent score groups and a few moved-down scores: enough for nearly every
        # bracket (a wider one costs a rebuild). Then as wide as the same number of 64-bit
        # words allows: the compiled kernel's cost grows with the words per weight.
        adjacent = max(
            (a.bit_length() + b.bit_length() for a, b in pairwise(sizes)),
            default=self.group_bits,
        )
        width = adjacent + 3
        words = self._words(width)
        while self._words(width + 1) == words:
            width += 1
        self.widen(width)

    def _words(self, groups_shift: int) -> int:
        """64-bit words per doubled weight with a few bits of headroom, for ``groups_shift``."""
        return (self._total_bits(groups_shift) + 2 + 1 + 8 + 63) // 64

    def widen(self, groups_shift: int) -> None:
        """Set the width of the "scores" fields (the layout of every weight changes)."""
        self.groups_shift = groups_shift
        self.max_edge_weight = (1 << (self._total_bits() + 2)) - 1
        s, g = self.group_bits, self.groups_shift
        self._below_c9 = self._total_bits() - (s + g + s + g + 2 * s)
        self._below_top = self._total_bits()

    def open_bracket(self, counts: dict[int, int]) -> int:
        """Lay out the "scores" fields for a bracket whose members (moved-down players,
        residents, next score group) have ``counts`` players of each score; return the width
        they need (when it exceeds :attr:`groups_shift`, :meth:`widen` and set every weight
        again)."""
        shifts: dict[int, int] = {}
        total = 0
        for score in sorted(counts):
            shifts[score] = total
            total += counts[score].bit_length()
        self.shifts = shifts
        self._memo: dict[tuple[int, int], int] = {}
        self._kinds: dict[int, int] = {}
        self._kind_ids: dict[tuple[object, ...], int] = {}
        return total

    def _kind(self, p: SwissPlayer) -> int:
        """A number for everything :meth:`_bracket_weight` reads of ``p`` (within a bracket:
        the bye facts change between brackets)."""
        kind = self._kinds.get(p.number)
        if kind is None:
            key = self._pair_key(p)
            kind = self._kinds[p.number] = self._kind_ids.setdefault(key, len(self._kind_ids))
        return kind

    def alike(self, players: list[SwissPlayer]) -> bool:
        """Whether the weight of a pair reads the same facts of every one of ``players``
        (score, bye facts, colours, floats): then, within one bracket, every compatible pair
        of them has the same weight, so every pairing satisfies each criterion of C.04.3
        (2026) [C4]-[C21] equally."""
        first = None
        for p in players:
            key = self._pair_key(p)
            if first is None:
                first = key
            elif key != first:
                return False
        return True

    def _pair_key(self, p: SwissPlayer) -> tuple[object, ...]:
        """Everything :meth:`_bracket_weight` reads of a player."""
        c9 = self.single_downfloater_is_bye and self.scores[p.number] == self.bye_score
        return (
            self.scores[p.number],
            self.bye_candidate(p),
            p.played_games if c9 else -1,
            p.colour_imbalance,
            p.colour_preference,
            p.repeated_colour,
            p.strong_preference,
            self.float(p, 1) if self.played else None,
            self.float(p, 2) if self.played > 1 else None,
        )

    def current_rows(
        self, players: list[SwissPlayer], start: int, forbidden: list[list[int]]
    ) -> list[list[int]]:
        """For each ``lower`` from ``start`` on, ``edge_weight(players[h], players[lower],
        True, False)`` for each ``h < lower`` (``players`` are in the bracket being paired, in
        ranking order), 0 at the positions ``forbidden[lower - start]`` (the absolute criteria,
        which the caller knows). A weight is computed once per kind of pair in the bracket
        (:meth:`_kind`): the rows are made of the weights of the kinds seen so far."""
        memo = self._memo
        kinds = [self._kind(p) for p in players]
        #: one player of each kind among ``players[:lower]`` (their weights are alike)
        seen: dict[int, SwissPlayer] = {}
        for h in range(start):
            seen.setdefault(kinds[h], players[h])
        rows = []
        for lower in range(start, len(players)):
            if lower:
                seen.setdefault(kinds[lower - 1], players[lower - 1])
            kl, lp = kinds[lower], players[lower]
            weights: dict[int, int] = {}
            for kh, hp in seen.items():
                key = (kh, kl)
                w = memo.get(key)
                if w is None:
                    w = memo[key] = self._bracket_weight(hp, lp, True, False)
                weights[kh] = w
            row = list(map(weights.__getitem__, kinds[:lower]))
            for h in forbidden[lower - start]:
                row[h] = 0
            rows.append(row)
        return rows

    def layout(self) -> list[tuple[str, int]]:
        """The fields of a weight from the lowest bit up: ``(criterion, width)``; the top field
        ([C4]/[C5]) takes every bit above."""
        s, g = self.group_bits, self.groups_shift
        fields: list[tuple[str, int]] = [("Article 4 (generation order)", 3 * s + 1)]
        if self.played > 1:
            fields += [("C21", g), ("C20", g)]
        if self.played:
            fields += [("C19", g), ("C18", g)]
        if self.played > 1:
            fields += [("C17", s), ("C16", s)]
        if self.played:
            fields += [("C15", s), ("C14", s)]
        fields += [("C13", s), ("C12", s), ("C11", s), ("C10", s), ("C9", 2 * s)]
        fields += [("C8", g), ("C8", s), ("C7", g), ("C6", s)]
        return fields

    def criterion_at(self, bit: int) -> str:
        """The criterion whose field holds ``bit`` (0 = the lowest bit)."""
        for name, width in self.layout():
            if bit < width:
                return name
            bit -= width
        return "C4/C5"

    def _total_bits(self, groups_shift: int | None = None) -> int:
        s = self.group_bits
        g = self.groups_shift if groups_shift is None else groups_shift
        bits = s + g + s + g + 2 * s + 4 * s
        if self.played >= 1:
            bits += 2 * s + 2 * g
        if self.played > 1:
            bits += 2 * s + 2 * g
        return bits + 3 * s + 1

    # -- player facts --------------------------------------------------------------------

    def bye_candidate(self, p: SwissPlayer) -> bool:
        """[C5]: eligible, and at most the score the bye is to go to."""
        return self._eligible[p.number] and self.scores[p.number] <= self.bye_score

    # -- the weight ------------------------------------------------------------------------

    def edge_weight(
        self, higher: SwissPlayer, lower: SwissPlayer, in_current: bool, in_next: bool
    ) -> int:
        """The weight of pairing ``higher`` with ``lower`` (``higher`` comes first in the
        ranking); ``in_current``/``in_next``: ``lower`` is in the bracket being paired / the
        next one. 0 means the pair is not allowed."""
        if not self.compatible(higher, lower):
            return 0
        if not in_current and not in_next:
            return self._outside_weight(higher, lower)
        return self._bracket_weight(higher, lower, in_current, in_next)

    def outside_terms(self, players: list[SwissPlayer]) -> tuple[int, list[int]]:
        """``(base, terms)`` such that a compatible pair ``i``, ``j`` outside the bracket
        weighs ``base + terms[i] + terms[j]`` (:meth:`_outside_weight` is separable)."""
        below_top, below_c9 = self._below_top, self._below_c9
        terms = []
        for p in players:
            t = (not self.bye_candidate(p)) << below_top
            if self.single_downfloater_is_bye and self.scores[p.number] == self.bye_score:
                t += self.unplayed_ranks[p.played_games] << below_c9
            terms.append(t)
        return 1 << below_top, terms

    def next_bracket_bonus(self, higher: SwissPlayer) -> int:
        """What [C8] adds to the outside weight of a compatible pair whose lower player is
        in the next score group: one pair, and one at the higher player's score."""
        s, g = self.group_bits, self.groups_shift
        c8 = self._below_c9 + 2 * s
        return (1 << (c8 + g)) + (1 << (c8 + self.shifts[self.scores[higher.number]]))

    def _outside_weight(self, higher: SwissPlayer, lower: SwissPlayer) -> int:
        """The weight of a compatible pair whose lower player is in neither the bracket being
        paired nor the next one: every bracket field is zero, only [C4]/[C5] and [C9] count
        (the same number :meth:`_bracket_weight` gives, computed without the empty fields)."""
        w = (1 + (not self.bye_candidate(higher)) + (not self.bye_candidate(lower))) << (
            self._below_top
        )
        if self.single_downfloater_is_bye:
            c9 = 0
            if self.scores[higher.number] == self.bye_score:
                c9 = self.unplayed_ranks[higher.played_games]
            if self.scores[lower.number] == self.bye_score:
                c9 += self.unplayed_ranks[lower.played_games]
            w += c9 << self._below_c9
        return w

    def _bracket_weight(
        self, higher: SwissPlayer, lower: SwissPlayer, in_current: bool, in_next: bool
    ) -> int:
        """The full bit-field weight of a compatible pair (see the module table)."""
        s, g = self.group_bits, self.groups_shift
        hs, ls = self.scores[higher.number], self.scores[lower.number]
        shifts = self.shifts
        # [C4]/[C5]: completion and the bye
        w = 1 + (not self.bye_candidate(higher)) + (not self.bye_candidate(lower))
        # [C6]/[C7]: pairs and scores in the current bracket
        w = (w << s) | in_current
        w <<= g
        if in_current:
            w |= 1 << shifts[hs]
        # [C8]: pairs and scores in the next bracket
        w = (w << s) | in_next
        w <<= g
        if in_next:
            w |= 1 << shifts[hs]
        # [C9]: unplayed games of the bye assignee
        w <<= 2 * s
        if self.single_downfloater_is_bye:
            if hs == self.bye_score:
                w |= self.unplayed_ranks[higher.played_games]
            if ls == self.bye_score:
                w += self.unplayed_ranks[lower.played_games]
        # [C10]-[C13]: colours
        w = colour_bits(w, lower, higher, in_current, s)
        played = self.played
        if not played:
            return w << (3 * s + 1)
        DOWN, UP = Float.DOWN, Float.UP
        down_l = down_h = up_l = False
        if in_current:
            lf, hf = self.float(lower, 1), self.float(higher, 1)
            down_l, down_h, up_l = lf is DOWN, hf is DOWN, lf is UP and hs > ls
        # [C14]/[C15]: floats repeated from the previous round
        w = (w << s) + (down_l + (hs <= ls and down_h) if in_current else 0)
        w = (w << s) + (in_current and not up_l)
        down2_l = down2_h = up2_l = False
        if played > 1:
            if in_current:
                lf, hf = self.float(lower, 2), self.float(higher, 2)
                down2_l, down2_h, up2_l = lf is DOWN, hf is DOWN, lf is UP and hs > ls
            # [C16]/[C17]: floats repeated from two rounds before
            w = (w << s) + (down2_l + (hs <= ls and down2_h) if in_current else 0)
            w = (w << s) + (in_current and not up2_l)
        # [C18]/[C19]: scores of repeated floaters, previous round
        w <<= g
        if in_current:
            w += (down_l << shifts[ls]) + (down_h << shifts[hs])
        w <<= g
        if in_current and not up_l:
            w |= 1 << shifts[hs]
        if played > 1:
            # [C20]/[C21]: the same, two rounds before
            w <<= g
            if in_current:
                w += (down2_l << shifts[ls]) + (down2_h << shifts[hs])
            w <<= g
            if in_current and not up2_l:
                w |= 1 << shifts[hs]
        # room for the engine's exchange and transposition bits
        return w << (3 * s + 1)


def colour_bits(w: int, player: SwissPlayer, opponent: SwissPlayer, mask: bool, s: int) -> int:
    """C.04.3 (2026) [C10]-[C13], the same four colour criteria as C.8-C.11 of the 2017
    edition: four one-bit fields, each set when the pair does not violate it (only for pairs
    inside the bracket being paired, ``mask``); ``s`` is the width of each field."""
    pp, op = player.colour_preference, opponent.colour_preference
    w <<= s
    w |= mask and (not player.absolute_imbalance or not opponent.absolute_imbalance or pp is not op)
    w <<= s
    if mask:
        if player.colour_imbalance == opponent.colour_imbalance:
            repeat_ok = (
                player.repeated_colour is Colour.NONE
                or player.repeated_colour is not opponent.repeated_colour
            )
        else:
            worse = opponent if player.colour_imbalance > opponent.colour_imbalance else player
            repeat_ok = worse.repeated_colour is not pp.opposite
        w |= (
            not player.absolute_preference
            or not opponent.absolute_preference
            or pp is not op
            or repeat_ok
        )
    w <<= s
    w |= mask and compatible_preferences(pp, op)
    w <<= s
    w |= mask and (
        (not player.strong_preference and not player.absolute_preference)
        or (not opponent.strong_preference and not opponent.absolute_preference)
        or (player.absolute_preference and opponent.absolute_preference)
        or pp is not op
    )
    return w
