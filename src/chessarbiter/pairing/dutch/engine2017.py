"""The FIDE (Dutch) system, 2017 edition (C.04.3 of Baku 2016, in force from 1 July 2017 to
31 January 2026).

The engine follows the method of bbpPairings v5.0.1 (Apache-2.0, © Jeremy Bierema), the last
version of the FIDE-endorsed engine for these rules. Every quality criterion C.5-C.19 becomes a
bit field of an edge weight (:mod:`chessarbiter.pairing.dutch.weights2017`), and the brackets
are paired one by one from the top score down (A.9), each by maximum-weight matchings over the
bracket and the score group after it (which C.7 looks at). Within a bracket: which moved-down
players are paired (B.1-B.2: M1 and the Limbo; D.3 MDP-exchanges: higher scores, then the
highest-ranked first), their opponents (B.3, D.1: the MDP-pairing by transpositions of S2), which
residents are exchanged between S1 and S2 of the remainder (D.2) and the transpositions, each
decision fixed by re-weighting the edges of one player and re-solving.

What differs from the 2026 engine (:mod:`chessarbiter.pairing.dutch.engine`):

* completion (A.9, C.4) is checked only after a bracket is paired, by a separate matching of
  every player still unpaired under the absolute criteria C.1-C.3 alone (downfloaters may meet
  each other, one PAB-eligible player may stay over). When the check fails, the bracket just
  paired is the penultimate pairing bracket (PPB): it is paired again with completion as its
  top criterion and without C.7, and its downfloaters and every lower player form the collapsed
  last bracket (CLB);
* the score criterion is the PSD of A.8 (C.6), not the number of pairs and scores paired;
* the PAB (C.04.1 d, 2017) is barred only by an earlier PAB or forfeit win, and the bracket that
  receives it is simply the last one;
* every player who did not play a round floated down in it (A.4 b).
"""

from __future__ import annotations

from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour
from chessarbiter.pairing.dutch.colours import choose_colour
from chessarbiter.pairing.dutch.weights2017 import BracketWeights, WeightContext2017
from chessarbiter.pairing.matching import Matcher, MatcherFactory
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.swiss.colours import ColourRule
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound

_NO_PAIRING = (
    "no valid pairing exists: the players cannot all be paired while satisfying every absolute "
    "criterion"
)
#: The weight of an allowed pair in the completion matcher (even, so every dual starts at 1).
_VALID = 2


def compute_pairs_2017(
    state: SwissRound, factory: MatcherFactory, colour_rule: ColourRule = ColourRule.CURRENT
) -> list[tuple[SwissPlayer, SwissPlayer | None]]:
    """The pairs of the round by the 2017 rules (unordered), each ``(white, black)``, and
    ``(player, None)`` for the pairing-allocated bye; colours by C.04.3 E (2017), which
    :func:`~chessarbiter.pairing.dutch.colours.choose_colour` implements for both editions.

    ``state`` must be prepared for :attr:`~chessarbiter.editions.DutchEdition.DUTCH_2017`
    (its PAB eligibility is the 2017 one).

    :raises NoValidPairingError: when no pairing satisfies the absolute criteria C.1-C.3.
    :raises PairingError: if ``state`` was not prepared for the 2017 edition.
    """
    # engine.py imports this module: the first-candidate rule is imported when needed
    from chessarbiter.pairing.dutch.engine import first_candidate_pairs

    players = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
    if not players:
        return []
    if state.edition is DutchEdition.DUTCH_2017 and not state.played_rounds:
        first = first_candidate_pairs(state, players, colour_rule)
        if first is not None:
            return first
    pairer = _Dutch2017Pairer(state, players, factory)
    pairer.check_completion()
    match_of = pairer.pair_brackets()
    result: list[tuple[SwissPlayer, SwissPlayer | None]] = []
    for i, p in enumerate(players):
        m = match_of.get(i)
        if m is None:
            result.append((p, None))
        elif i < m:
            o = players[m]
            white = choose_colour(state, p, o, colour_rule) is Colour.WHITE
            result.append((p, o) if white else (o, p))
    return result


class _Dutch2017Pairer:
    """The bracket-by-bracket pairing of one round (see the module docstring).

    Players are numbered by their place in the pairing order (A.2: score, then rank), 0-based;
    these are the vertices of the completion matching (plus one vertex for the PAB when the
    number of players is odd). Each bracket has its own matching, whose vertices are the
    positions in ``members``: the bracket's moved-down players, its residents, then the next
    score group.
    """

    def __init__(self, state: SwissRound, players: list[SwissPlayer], factory: MatcherFactory):
        self.players = players
        self.n = len(players)
        self.ctx = WeightContext2017(state, players)
        self.scores = [self.ctx.score(p) for p in players]
        self.factory = factory
        self.validity = factory(self.n + (self.n & 1))
        #: For each player, the earlier players he may not meet (C.1, C.3).
        self.banned = self.ctx.incompatible_lists(players)

    # -- completion (A.9, C.4) -------------------------------------------------------------

    def check_completion(self) -> None:
        """Whether the round can be paired at all under C.1-C.3 (with one PAB-eligible player
        left over when the number of players is odd).

        Every allowed pair weighs 2 (the PAB vertex counts as a player): the matcher starts
        from a greedy matching with every dual 1, which makes every allowed pair tight, so
        only the players the greedy matching leaves out are left to the solver.
        """
        players, ctx, validity, n = self.players, self.ctx, self.validity, self.n
        size = n + (n & 1)
        allowed = [[j not in self.banned[i] for j in range(i)] for i in range(n)]
        if n & 1:
            allowed.append([ctx.eligible(p) for p in players])
        for i in range(size):
            validity.set_row(i, [_VALID if ok else 0 for ok in allowed[i]])
        mates = list(range(size))
        for i in range(size):
            if mates[i] != i:
                continue
            for j in range(i + 1, size):
                if mates[j] == j and allowed[j][i]:
                    mates[i], mates[j] = j, i
                    break
        validity.warm_start(mates, [_VALID // 2] * size)
        if not self._completable():
            raise NoValidPairingError(_NO_PAIRING)

    def _completable(self) -> bool:
        self.validity.compute_matching()
        return all(m != v for v, m in enumerate(self.validity.matching()))

    # -- the brackets ------------------------------------------------------------------------

    def pair_brackets(self) -> dict[int, int]:
        """Pair the brackets from the top down; the opponent of every paired player."""
        n, scores = self.n, self.scores
        match_of: dict[int, int] = {}
        members: list[int] = []
        next_unread = 0
        while next_unread < n and scores[next_unread] >= scores[0]:
            members.append(next_unread)
            next_unread += 1
        special = next_unread == n  # pairing the PPB or the last bracket
        mdp_count = 0
        while len(members) > 1 or next_unread < n:
            bracket_size = len(members)
            group_start = next_unread
            while next_unread < n and (special or scores[next_unread] >= scores[group_start]):
                members.append(next_unread)
                next_unread += 1
            if mdp_count >= bracket_size:
                # Only moved-down players are left, who may not meet each other (B.3). Not
                # reachable: two players who could meet are never both left over by a bracket,
                # so moved-down players never need each other to complete the round (A.9).
                # bbpPairings v5 would loop here; stop instead.
                raise PairingError(
                    "the 2017 procedure cannot complete this round: the players left over "
                    "could only meet other moved-down players; the arbiter decides (A.9)"
                )
            bracket = _Bracket(self, members, mdp_count, bracket_size, special, next_unread == n)
            bracket.choose_moved_down_players()
            bracket.pair_moved_down_players()
            bracket.settle_remainder()
            if not special and not self._completable():
                # A.9: this bracket is the PPB; pair it again, then the CLB
                del members[bracket_size:]
                next_unread = group_start
                special = True
                continue
            special = next_unread == n
            carried: list[int] = []
            mdp_count = 0
            for idx, v in enumerate(members):
                if idx < bracket_size and bracket.matched[idx]:
                    match_of[v] = members[bracket.stable[idx]]
                    continue
                carried.append(v)
                mdp_count += idx < bracket_size
            members = carried
        return match_of


class _Bracket:
    """One bracket being paired (C.04.3 2017 B), with local vertex numbers: the moved-down
    players are ``0 .. mdp_count - 1``, the residents up to ``bracket_size - 1``, then the
    next score group."""

    def __init__(
        self,
        pairer: _Dutch2017Pairer,
        members: list[int],
        mdp_count: int,
        bracket_size: int,
        special: bool,
        final: bool,
    ) -> None:
        self.pairer = pairer
        self.members = members
        self.mdp_count = mdp_count
        self.bracket_size = bracket_size
        self.scores = [pairer.scores[v] for v in members]
        weights = BracketWeights(
            pairer.ctx,
            [pairer.players[v] for v in members],
            mdp_count,
            bracket_size,
            special,
            final,
        )
        self.max_edge_weight = weights.max_edge_weight
        self.resident_bits = weights.resident_bits
        size = len(members)
        self.base: list[list[int]] = [[] for _ in range(size)]
        banned = pairer.banned
        for larger in range(mdp_count, size):
            bl = banned[members[larger]]
            self.base[larger] = weights.row(
                larger, [members[smaller] not in bl for smaller in range(larger)]
            )
        mc = pairer.factory(size)
        for larger in range(mdp_count, size):
            mc.set_row(larger, self.base[larger])
        self.mc: Matcher = mc
        self.matched = [False] * bracket_size
        self.stable: list[int] = []
        self.solve()

    def solve(self) -> None:
        self.mc.compute_matching()
        self.stable = self.mc.matching()

    def fix_pair(self, v0: int, v1: int) -> None:
        """Keep ``v0``-``v1`` in this bracket's matching and in the completion matching."""
        self.mc.freeze(v0, v1)
        validity, a, b = self.pairer.validity, self.members[v0], self.members[v1]
        validity.set_edge_weight(a, b, _VALID)  # it may have been cut by a PPB pairing undone (A.9)
        validity.freeze(a, b)

    def in_bracket(self, v: int) -> bool:
        """``v`` is matched to a resident of the bracket."""
        return self.mdp_count <= self.stable[v] < self.bracket_size

    def choose_moved_down_players(self) -> None:
        """Which moved-down players are paired in this bracket (B.2: M1, the rest form the
        Limbo; C.6 and D.3: by score, then the highest-ranked first)."""
        scores, base, mc = self.scores, self.base, self.mc
        residents = range(self.mdp_count, self.bracket_size)
        md_score = remaining = remaining_matched = 0
        for idx in range(self.mdp_count):
            if not idx or scores[idx] < md_score:
                md_score = scores[idx]
                remaining = remaining_matched = 0
                k = idx
                while k < len(scores) and scores[k] >= md_score:
                    remaining += 1
                    remaining_matched += self.in_bracket(k)
                    k += 1
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                self.matched[idx] = True
                continue
            remaining -= 1
            if not self.in_bracket(idx):
                for opp in residents:
                    w = base[opp][idx]
                    if w:
                        mc.set_edge_weight(idx, opp, w | 1)
                self.solve()
            if self.in_bracket(idx):
                self.matched[idx] = True
                remaining_matched -= 1
                for opp in residents:
                    w = base[opp][idx]
                    if w:
                        mc.set_edge_weight(idx, opp, (w | (self.bracket_size - self.mdp_count)) + 1)

    def pair_moved_down_players(self) -> None:
        """The MDP-pairing (B.3): each paired moved-down player takes the highest-ranked
        resident that keeps the rest optimal (D.1 transpositions of S2)."""
        base, mc, matched = self.base, self.mc, self.matched
        for idx in range(self.mdp_count):
            if not matched[idx]:
                continue
            addend = len(self.members)
            for opp in range(self.bracket_size - 1, self.mdp_count - 1, -1):
                if matched[opp]:
                    continue
                w = base[opp][idx]
                if w:
                    mc.set_edge_weight(idx, opp, w + addend)
                    addend += 1
            self.solve()
            mate = self.stable[idx]
            matched[mate] = True
            self.fix_pair(idx, mate)

    def modified(self, smaller: int, larger: int, smaller_rem: int, rem_pairs: int) -> int:
        """A base weight with the exchange preferences of D.2: fewest exchanges (a), then the
        smallest difference of the exchanged players' BSNs (b)."""
        w = self.base[larger][smaller]
        if w:
            addend = (1 if smaller_rem < rem_pairs else 0) << (2 * self.resident_bits)
            addend -= smaller_rem
            w += addend << 1
        return w

    def settle_remainder(self) -> None:
        """The homogeneous bracket or remainder (B.6): S1 (the higher half of the residents
        left) and S2; which residents are exchanged between them (D.2 c-d), then the opponent
        of each S1 player in S2 order (D.1)."""
        mc, matched, base = self.mc, self.matched, self.base
        first, end = self.mdp_count, self.bracket_size
        remainder: list[int] = []
        pairs = 0
        for v in range(first, end):
            if self.stable[v] < first:
                continue
            remainder.append(v)
            if self.stable[v] < v:
                pairs += 1
        count = len(remainder)
        for oi in range(count):
            for pi in range(oi):
                p = remainder[pi]
                mc.set_edge_weight(p, remainder[oi], self.modified(p, remainder[oi], pi, pairs))
        self.solve()

        def down(v: int) -> bool:  # not an S1 player matched inside the bracket
            return self.stable[v] <= v or self.stable[v] >= end

        def up(v: int) -> bool:  # an S1 player matched inside the bracket
            return v < self.stable[v] < end

        exchange_count = sum(down(remainder[pos]) for pos in range(pairs))

        # the lowest players of S1 that can be exchanged (D.2 c)
        left = exchange_count
        rem_index = pairs
        pos = pairs
        while pos > 0 and left:
            first_opponent = pos
            rem_index -= 1
            pos -= 1
            p = remainder[pos]
            if up(p):
                for opp_pos in range(first_opponent, count):
                    w = self.modified(p, remainder[opp_pos], rem_index, pairs)
                    if w:
                        mc.set_edge_weight(p, remainder[opp_pos], w - 1)
                self.solve()
            exchange = down(p)
            left -= exchange
            for opp_pos in range(pos + 1, count):
                o = remainder[opp_pos]
                if exchange:
                    base[o][p] = 0
                mc.set_edge_weight(p, o, self.modified(p, o, rem_index, pairs))

        # the highest players of S2 that can be exchanged (D.2 d)
        left = exchange_count
        rem_index = pairs
        pos = pairs
        while pos < count and left > 1:
            p = remainder[pos]
            already = up(p)
            if not already:
                for opp_pos in range(pos + 1, count):
                    w = self.modified(p, remainder[opp_pos], rem_index, pairs)
                    if w:
                        mc.set_edge_weight(p, remainder[opp_pos], w + 1)
                self.solve()
            if up(p):
                left -= 1
                for opp_pos in range(pos):
                    o = remainder[opp_pos]
                    base[p][o] = 0
                    mc.set_edge_weight(p, o, 0)
                for o in range(end, len(self.members)):
                    base[o][p] = 0
                    mc.set_edge_weight(p, o, 0)
            if not already:
                for opp_pos in range(pos + 1, count):
                    o = remainder[opp_pos]
                    mc.set_edge_weight(p, o, self.modified(p, o, rem_index, pairs))
            rem_index += 1
            pos += 1

        # fix the exchanges and drop the bits used to find them
        for pos, p in enumerate(remainder):
            for opp_pos in range(pos + 1, count):
                o = remainder[opp_pos]
                if down(p) or up(o):
                    base[o][p] = 0
                mc.set_edge_weight(p, o, base[o][p])

        # the opponent of each S1 player, highest first (D.1)
        for p in remainder:
            if not up(p):
                continue
            addend = 0
            for o in reversed(remainder):
                if o <= p or matched[o]:
                    continue
                w = base[o][p]
                if w:
                    mc.set_edge_weight(p, o, w + addend)
                addend += 1
            self.solve()
            mate = self.stable[p]
            matched[p] = matched[mate] = True
            self.fix_pair(p, mate)
