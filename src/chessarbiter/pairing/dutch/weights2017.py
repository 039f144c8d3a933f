"""Edge weights of the Dutch system, 2017 edition (C.04.3 of Baku 2016, in force from 1 July 2017
to 31 January 2026): each criterion as a bit field.

As in the 2026 edition (:mod:`chessarbiter.pairing.dutch.weights`), the weight of a possible
pair is a big integer read from its top bits down, and a maximum-weight matching satisfies the
higher-priority criteria first. The layout is bbpPairings v5.0.1's (Apache-2.0, © Jeremy
Bierema), the last version of the FIDE-endorsed engine for the 2017 rules. Unlike 2026, the
weights are computed for one bracket at a time (the bracket and the score group after it), and
their widths depend on that bracket. Field by field, top first:

======================================  =========================================================
field                                   criterion (C.04.3 2017)
======================================  =========================================================
completion and bye (PPB and CLB only)   C.4 completion of the round (A.9), with C.2 PAB
                                        eligibility (C.04.1 d)
pairs in the bracket                    C.5 maximise the number of pairs
PSD of the bracket                      C.6 minimise the pairing score difference (A.8): SD of a
                                        pair is the score difference, of a downfloater its score
                                        minus (the lowest score − 1 point); largest SDs highest
pairs / SDs in the next bracket         C.7 (not in the PPB or CLB) the downfloaters that let the
                                        next bracket pair most and best; before the last bracket
                                        it is the completion with an eligible PAB receiver
colours                                 C.8 colour difference beyond ±2 (topscorers), C.9 same
                                        colour three times (topscorers), C.10 colour preferences,
                                        C.11 strong colour preferences
floats                                  C.12-C.15 repeated down/up floats one and two rounds back
                                        (A.4 b: a player who did not play floated down), C.16-C.19
                                        their score differences
ordering room                           exchanges and transpositions (D.1-D.3), used by the engine
======================================  =========================================================

Every field is wide enough never to carry into the next one.
"""

from __future__ import annotations

from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError
from chessarbiter.pairing.dutch.weights import colour_bits
from chessarbiter.pairing.swiss.facts import Float, RoundFacts
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound

#: A.8: a downfloater's SD is measured from one point below the lowest score (in tenths).
ONE_POINT = 10


class WeightContext2017(RoundFacts):
    """The facts of one round the 2017 weights depend on: pairing scores, PAB eligibility
    (C.04.1 d, 2017), floats (A.4) and the absolute criteria (C.1, C.3)."""

    def __init__(self, state: SwissRound, players: list[SwissPlayer]) -> None:
        if state.edition is not DutchEdition.DUTCH_2017:
            raise PairingError("the 2017 Dutch engine needs a round prepared for the 2017 edition")
        super().__init__(state, players)

    def score(self, p: SwissPlayer) -> int:
        """The pairing score (tenths, with acceleration)."""
        return self.scores[p.number]


class BracketWeights:
    """The weights of one bracket (C.04.3 2017 A.3, B).

    ``members``: the players of the bracket, its moved-down players first (the first
    ``mdp_count``) and then its residents (up to ``bracket_size``), followed by the players of
    the next score group (in the PPB: every player below). ``special``: the bracket is the
    PPB or the last bracket (C.4 completion at the top, no C.7). ``final``: the next score group
    is the last one.

    ``sd_shifts`` maps each score difference that can occur in the bracket's PSD (A.8; a
    downfloater's SD is stored as its score minus the lowest score plus one point) to the bit
    offset of its count, smallest difference lowest. ``resident_bits`` is the width of a count of
    residents, ``next_bits`` of a count of players of the next score group.
    """

    def __init__(
        self,
        ctx: WeightContext2017,
        members: list[SwissPlayer],
        mdp_count: int,
        bracket_size: int,
        special: bool,
        final: bool,
    ) -> None:
        self.ctx = ctx
        self.members = members
        self.special = special
        self.final = final
        self.bracket_size = bracket_size
        scores = [ctx.score(p) for p in members]
        self.scores = scores
        self.min_score = lowest = scores[-1]
        differences: list[int] = []
        for i in range(bracket_size):
            differences.append(scores[i] - lowest + ONE_POINT)
            first = max(mdp_count, i + 1)
            for j in range(first, bracket_size):
                # one entry per score of the opponents: a player is in one pair only
                if j <= first or scores[j] < scores[j - 1]:
                    differences.append(scores[i] - scores[j])
        differences.sort()
        shifts: dict[int, int] = {}
        total = 0
        count = 0
        for k, d in enumerate(differences):
            count += 1
            if k + 1 == len(differences) or differences[k + 1] != d:
                shifts[d] = total
                total += count.bit_length()
                count = 0
        self.sd_shifts = shifts
        self.sd_bits = total
        self.resident_bits = (bracket_size - mdp_count).bit_length()
        self.next_bits = (len(members) - bracket_size).bit_length()
        self.max_edge_weight = self._max_weight()
        self._kinds: list[int] | None = None
        self._memo: dict[tuple[int, int, bool, bool], int] = {}

    def _max_weight(self) -> int:
        """An upper bound of every weight of the bracket, with two spare bits for the matching
        (the weight bbp gives a pair it has fixed)."""
        r, sd, played = self.resident_bits, self.sd_bits, self.ctx.played
        w = (2 if self.special else 0) << r
        w |= not w
        w <<= sd
        if not self.special:
            w <<= max(r, self.next_bits) + 3 if self.final else self.next_bits
            w <<= sd
        w <<= 4 * r
        if played:
            w <<= 2 * r
        if played > 1:
            w <<= 2 * r
        if played:
            w <<= 2 * sd
        if played > 1:
            w <<= 2 * sd
        w <<= 3 * r + 1
        return (w << 1) - 1

    def _sd(self, difference: int) -> int:
        return 1 << self.sd_shifts[difference]

    def _floater_sd(self, score: int) -> int:
        return 1 << self.sd_shifts[score - self.min_score + ONE_POINT]

    def _kind(self, i: int) -> int:
        """A number for everything :meth:`edge_weight` reads of ``members[i]`` but the
        absolute criteria."""
        kinds = self._kinds
        if kinds is None:
            ctx, played = self.ctx, self.ctx.played
            ids: dict[tuple[object, ...], int] = {}
            kinds = self._kinds = []
            for p, score in zip(self.members, self.scores, strict=True):
                key = (
                    score,
                    ctx.eligible(p),
                    p.colour_imbalance,
                    p.colour_preference,
                    p.repeated_colour,
                    p.strong_preference,
                    ctx.float(p, 1) if played else None,
                    ctx.float(p, 2) if played > 1 else None,
                )
                kinds.append(ids.setdefault(key, len(ids)))
        return kinds[i]

    def row(self, larger: int, allowed: list[bool]) -> list[int]:
        """``edge_weight(smaller, larger)`` for every ``smaller < larger``, 0 where
        ``allowed`` is False (the absolute criteria, which the caller knows); computed once per
        kind of pair."""
        memo = self._memo
        kind = self._kind
        kl, lower_in, bracket_size = kind(larger), larger < self.bracket_size, self.bracket_size
        row = []
        for smaller, ok in enumerate(allowed):
            if not ok:
                row.append(0)
                continue
            key = (kind(smaller), kl, smaller < bracket_size, lower_in)
            w = memo.get(key)
            if w is None:
                w = memo[key] = self.edge_weight(smaller, larger)
            row.append(w)
        return row

    def edge_weight(self, smaller: int, larger: int) -> int:
        """The weight of pairing ``members[smaller]`` (the higher in the order A.2) with
        ``members[larger]``; 0 means the pair is not allowed."""
        ctx = self.ctx
        higher, lower = self.members[smaller], self.members[larger]
        if not ctx.compatible(higher, lower):
            return 0
        higher_in = smaller < self.bracket_size
        lower_in = larger < self.bracket_size
        r, sd = self.resident_bits, self.sd_bits
        hs, ls = self.scores[smaller], self.scores[larger]
        # C.4 (PPB and last bracket): completion, and the PAB to an eligible player (C.2)
        w = 0
        if self.special:
            w = 1 + (not ctx.eligible(higher)) + (not ctx.eligible(lower))
        # C.5: pairs in the bracket
        w = (w << r) | lower_in
        # C.6: the PSD (A.8)
        w <<= sd
        if lower_in:
            w += self._floater_sd(hs) + self._floater_sd(ls) - self._sd(hs - ls)
        if not self.special:
            # C.7: pairs in the next bracket (before the last bracket: completion with an
            # eligible PAB receiver) ...
            if self.final:
                w <<= max(r, self.next_bits) + 3
                w |= 1 + (not ctx.eligible(higher)) + (not ctx.eligible(lower))
            else:
                w <<= self.next_bits
                w |= not lower_in
            # ... and the scores of the downfloaters that make them
            w <<= sd
            if higher_in:
                w |= self._floater_sd(hs)
            if lower_in:
                w += self._floater_sd(ls)
        # C.8-C.11: colours
        w = colour_bits(w, lower, higher, lower_in, r)
        played = self.ctx.played
        if played:
            w = self._repeated_floats(w, higher, lower, hs, ls, lower_in, 1)  # C.12, C.13
        if played > 1:
            w = self._repeated_floats(w, higher, lower, hs, ls, lower_in, 2)  # C.14, C.15
        if played:
            w = self._repeated_float_sds(w, higher, lower, hs, ls, lower_in, 1)  # C.16, C.17
        if played > 1:
            w = self._repeated_float_sds(w, higher, lower, hs, ls, lower_in, 2)  # C.18, C.19
        # room for the engine's exchange and transposition bits
        return w << (3 * r + 1)

    def _repeated_floats(
        self,
        w: int,
        higher: SwissPlayer,
        lower: SwissPlayer,
        hs: int,
        ls: int,
        lower_in: bool,
        back: int,
    ) -> int:
        """Downfloaters and upfloaters repeated from ``back`` rounds before (C.12-C.15)."""
        ctx, r = self.ctx, self.resident_bits
        w <<= r
        if lower_in:
            w |= ctx.float(lower, back) is Float.DOWN
            w += hs <= ls and ctx.float(higher, back) is Float.DOWN
        w <<= r
        w -= lower_in and hs > ls and ctx.float(lower, back) is Float.UP
        return w

    def _repeated_float_sds(
        self,
        w: int,
        higher: SwissPlayer,
        lower: SwissPlayer,
        hs: int,
        ls: int,
        lower_in: bool,
        back: int,
    ) -> int:
        """The score differences of the repeated down- and upfloaters (C.16-C.19)."""
        ctx, sd = self.ctx, self.sd_bits
        w <<= sd
        if lower_in:
            if ctx.float(lower, back) is Float.DOWN:
                w += self._floater_sd(ls)
            if ctx.float(higher, back) is Float.DOWN:
                w += self._floater_sd(hs)
                if hs > ls:
                    w -= self._sd(hs - ls)
        w <<= sd
        if lower_in and hs > ls and ctx.float(lower, back) is Float.UP:
            w -= self._sd(hs - ls)
        return w
