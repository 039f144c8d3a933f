"""The FIDE (Dutch) system, 2026 edition (C.04.3 in force from 1 February 2026).

The engine follows the method of bbpPairings v6.0.0 (Apache-2.0, © Jeremy Bierema), the
FIDE-endorsed engine: every criterion of C.04.3 becomes a bit field of an edge weight
(:mod:`chessarbiter.pairing.dutch.weights`), higher fields for higher-priority criteria, and a
maximum-weight matching over all players decides. The brackets are then settled one by one, from
the top score down: which moved-down players are paired in the bracket (C.04.3 B.2 / [C6]-[C7]
and the MDP choice of D.2), their opponents, which players are exchanged between S1 and S2 and
the transpositions (D.1-D.3 / Article 4.3), each decision fixed by re-weighting the edges of one
player and re-solving. Because every pair on the whole board stays in the matching while a
bracket is settled, the pairing of each bracket is always completable ([C4]: the completion
criterion applied to every bracket, the novelty of the 2026 text).

For speed (none of it changes a decision, each of which depends only on optimal values):
the first solve starts warm from a greedy matching (:meth:`DutchPairer._set_outside_weights`),
each settled pair is frozen out of the matching kernel's scans, and the bracket's weights use
score fields for the bracket's own scores only (:class:`~.weights.WeightContext`). A round whose
players are all alike (the first round of an open) needs no matching at all
(:func:`first_candidate`).
"""

from __future__ import annotations

from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Tournament
from chessarbiter.pairing.dutch.colours import choose_colour
from chessarbiter.pairing.dutch.engine2017 import compute_pairs_2017
from chessarbiter.pairing.dutch.explain import Tracer
from chessarbiter.pairing.dutch.weights import WeightContext
from chessarbiter.pairing.matching import Matcher, MatcherFactory, default_computer
from chessarbiter.pairing.round_pairing import Board, NoValidPairingError, RoundPairing
from chessarbiter.pairing.swiss.colours import ColourRule
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound, prepare_round


def no_pairing_reason(error: PairingError) -> str:
    """The reason in ``error``'s message, without the leading "no valid pairing exists: " the
    engines' messages have (they stand alone, e.g. on a web page), so that a caller who says it
    first does not say it twice.

    >>> no_pairing_reason(NoValidPairingError("no valid pairing exists: 3 and 4 have met"))
    '3 and 4 have met'
    >>> no_pairing_reason(NoValidPairingError("C.04.6 3.6: no bottom member for team 2"))
    'C.04.6 3.6: no bottom member for team 2'
    """
    return str(error).removeprefix("no valid pairing exists: ")


def _default_factory(size: int) -> Matcher:
    return default_computer(size)


def pair_round(
    tournament: Tournament,
    edition: DutchEdition = DutchEdition.DUTCH_2026,
    *,
    matcher: MatcherFactory | None = None,
) -> RoundPairing:
    """Pair the next round of ``tournament`` by the FIDE (Dutch) system.

    ``edition`` names the text (2026 or 2017) and its colour rules: ``2013-colours`` pairs by
    the 2017 text with the colour allocation of Dutch Colours 2013 (E.1-E.5; see
    :meth:`ColourRule.of <chessarbiter.pairing.swiss.colours.ColourRule.of>`: only E.2's
    treatment of two absolute preferences differs).

    :raises NoValidPairingError: when no pairing satisfies the absolute criteria.
    :raises PairingError: when the tournament cannot be paired as given (no number of rounds,
        no initial colour, all rounds paired).
    """
    state = prepare_round(tournament, edition)
    factory = matcher or _default_factory
    colour_rule = ColourRule.of(edition)
    if edition.text is DutchEdition.DUTCH_2017:
        pairs = compute_pairs_2017(state, factory, colour_rule)
    else:
        pairs = compute_pairs(state, factory, colour_rule)
    return order_boards(state, pairs)


def explain_round(
    tournament: Tournament,
    edition: DutchEdition = DutchEdition.DUTCH_2026,
    *,
    matcher: MatcherFactory | None = None,
) -> tuple[RoundPairing, list[str]]:
    """Pair the next round and explain it with every reason, as text (the command line's
    ``--explain``): :func:`chessarbiter.pairing.dutch.why.explain` with ``every_reason``.

    The explanation asks what-if questions of a second matcher, so it costs more than
    :func:`pair_round`; the pairing is the same.
    """
    from chessarbiter.pairing.dutch.why import explain  # why.py runs this module's pairer

    explanation = explain(tournament, edition, every_reason=True, matcher=matcher)
    return explanation.pairing, explanation.lines()


def compute_pairs(
    state: SwissRound, factory: MatcherFactory, colour_rule: ColourRule = ColourRule.CURRENT
) -> list[tuple[SwissPlayer, SwissPlayer | None]]:
    """The pairs of the round (unordered), each ``(white, black)``, and ``(player, None)`` for
    the pairing-allocated bye."""
    players = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
    if not players:
        return []
    first = first_candidate_pairs(state, players, colour_rule)
    if first is not None:
        return first
    pairer = DutchPairer(state, players, factory(len(players)))
    return run_pairer(pairer, colour_rule)


def first_candidate_pairs(
    state: SwissRound, players: list[SwissPlayer], colour_rule: ColourRule
) -> list[tuple[SwissPlayer, SwissPlayer | None]] | None:
    """The pairs of :func:`first_candidate` with their colours (``(white, black)``, the
    player left over ``(player, None)``: the pairing-allocated bye), or None when the round
    is not a round of players all alike."""
    first = first_candidate(state, players)
    if first is None:
        return None
    return [
        (p, o) if choose_colour(state, p, o, colour_rule) is Colour.WHITE else (o, p)
        for p, o in first
    ] + [(p, None) for p in players[2 * len(first) :]]


def first_candidate(
    state: SwissRound, players: list[SwissPlayer]
) -> list[tuple[SwissPlayer, SwissPlayer]] | None:
    """The pairs of a round whose players are all alike, without a matching; None for any
    other round. ``players`` are in pairing order; ``state`` is prepared for the edition
    whose rules pair the round (the 2017 edition asks only before the first round is played).

    C.04.3 (2026) Article 4.2: when all the players to be paired have the same score, no pair
    is excluded by the absolute criteria [C1]-[C3] and every player has the same colour, float
    and bye facts (as in the first round of an open without forbidden pairs), the round is one
    bracket in which every pair has the same weight, so every pairing satisfies each quality
    criterion [C4]-[C21] equally (with an odd number, every player is eligible for the bye
    and has played no fewer games than another, [C5] and [C9]). The first candidate of
    Article 4.2 then meets every criterion as well as any other, and no exchange or
    transposition (Article 4.3) improves on it: S1's i-th player meets S2's i-th, and with an
    odd number the lowest-ranked player, S2's last, is left for the bye. That is the pairing
    the engine's bracket settlement chooses (each S1 player takes the highest-ranked S2 player
    that keeps the rest optimal), found here in linear time. The 2017 text makes the same
    candidate first (C.04.3 (2017) B.3 and D.1, quality criteria C.5-C.19).
    """
    n = len(players)
    if n < 2:
        return None
    ctx = WeightContext(state, players)
    if n & 1 and not all(ctx.eligible(p) for p in players):
        return None
    if not ctx.alike(players) or any(ctx.incompatible_lists(players)):
        return None
    half = n >> 1
    return [(players[i], players[half + i]) for i in range(half)]


def run_pairer(
    pairer: DutchPairer, colour_rule: ColourRule
) -> list[tuple[SwissPlayer, SwissPlayer | None]]:
    state, players = pairer.state, pairer.players
    pairer.initial_matching()
    while pairer.next_bracket():
        pairer.choose_moved_down_players()
        pairer.pair_moved_down_players()
        pairer.settle_remainder()
        pairer.close_bracket()
    result: list[tuple[SwissPlayer, SwissPlayer | None]] = []
    for i, p in enumerate(players):
        m = pairer.match_of.get(i)
        if m is None:
            result.append((p, None))
        elif i < m:
            o = players[m]
            white = choose_colour(state, p, o, colour_rule) is Colour.WHITE
            result.append((p, o) if white else (o, p))
    return result


class DutchPairer:
    """The bracket-by-bracket settlement of one round (see the module docstring).

    Vertices of the matching are the players in pairing order (score, then rank), 0-based.
    ``members`` holds the vertices of the current bracket (its moved-down players first, then
    its score group) followed by the next score group; ``mdp_count`` and ``bracket_size`` split
    it; ``first_vertex``/``next_vertex`` bound the current score group's own vertices.
    """

    #: Try the one-solve proof of the bye's score first (see :meth:`initial_matching`).
    prove_lowest_bye = True

    def __init__(self, state: SwissRound, players: list[SwissPlayer], mc: Matcher) -> None:
        self.state = state
        self.players = players
        self.n = len(players)
        self.ctx = WeightContext(state, players)
        self.mc = mc
        self.scores = [state.score(p) for p in players]
        self.top = self.scores[0]
        self.match_of: dict[int, int] = {}
        self.matched = [False] * self.n
        self.stable: list[int] = []
        self.members: list[int] = []
        self.base: list[list[int]] = []
        self.mdp_count = 0
        self.bracket_size = 0
        self.first_vertex = 0
        self.next_vertex = 0
        self.group_start = 0
        self.next_unread = 0
        self.tracer: Tracer | None = None
        self.widenings = 0
        #: For each vertex, the earlier vertices it may not meet (absolute criteria).
        self.banned = self.ctx.incompatible_lists(players)

    def solve(self) -> None:
        self.mc.compute_matching()
        self.stable = self.mc.matching()

    # -- the whole round -------------------------------------------------------------------

    def initial_matching(self) -> None:
        """Whether the round can be paired at all, and at which score the bye goes ([C1]-[C5]);
        with an odd number of players, [C9]'s ranking of the bye candidates' unplayed games.

        With an odd number of players the bye goes to the lowest score from which an eligible
        player can take it with everybody else paired. When that is the lowest score of any
        eligible player below the top group, one solve with the final weights proves it (the
        player left out is a bye candidate); otherwise a first solve over the absolute
        criteria alone decides, as bbpPairings does.
        """
        ctx, scores = self.ctx, self.scores
        if self.n & 1:
            lowest = min(
                (s for p, s in zip(self.players, scores, strict=True) if ctx.eligible(p)),
                default=None,
            )
            settled = False
            if self.prove_lowest_bye and lowest is not None and lowest < self.top:
                self._set_bye_score(lowest, [])
                self._set_outside_weights(warm=True)
                self.solve()
                settled = _complete(self.stable, self.players, ctx) and all(
                    ctx.bye_candidate(self.players[v]) for v, m in enumerate(self.stable) if m == v
                )
            if not settled:
                self._bye_only_solve()
                self._set_outside_weights(warm=True)
        else:
            self._set_outside_weights(warm=True)
            self.solve()
            self._check_complete()
        while self.next_unread < self.n and scores[self.next_unread] >= self.top:
            self.members.append(self.next_unread)
            self.next_unread += 1

    def _check_complete(self) -> None:
        if not _complete(self.stable, self.players, self.ctx):
            raise NoValidPairingError(
                "no valid pairing exists: the players cannot all be paired while satisfying "
                "every absolute criterion"
            )

    def _bye_only_solve(self) -> None:
        """[C1]-[C5] alone: pairs of ineligible players first, then the bye to the lowest
        score, then as many pairs as possible inside the top group."""
        ctx, players, scores, mc = self.ctx, self.players, self.scores, self.mc
        offsets = [ctx.score_offsets[s] << ctx.group_bits for s in scores]
        shift = ctx.score_bits + ctx.group_bits
        terms = [(not ctx.eligible(p)) << shift for p in players]
        base = 1 << shift
        banned = self.banned
        for i in range(self.n):
            ti = base + terms[i] + offsets[i] + (scores[i] >= self.top)
            bi = banned[i]
            mc.set_row(i, [0 if j in bi else ti + terms[j] + offsets[j] for j in range(i)])
        self.solve()
        self._check_complete()
        matching = self.stable
        bye = next(i for i, m in enumerate(matching) if m == i)
        self._set_bye_score(scores[bye], matching)

    def _set_bye_score(self, bye_score: int, matching: list[int]) -> None:
        """Record where the bye goes ([C5]) and, for [C9], whether the bye is the single
        downfloater of the top group (read from ``matching``, the bye-only optimum, when the
        bye goes to the top group) and the ranking of the candidates' unplayed games."""
        ctx, players, scores = self.ctx, self.players, self.scores
        ctx.bye_score = bye_score
        ctx.single_downfloater_is_bye = bye_score >= self.top and all(
            scores[matching[i]] >= self.top for i in range(self.n) if scores[i] >= self.top
        )
        counts = sorted(
            (p.played_games for p, s in zip(players, scores, strict=True) if s == bye_score),
            reverse=True,
        )
        ctx.unplayed_ranks = {games: rank for rank, games in enumerate(counts)}

    def _set_outside_weights(self, warm: bool = False) -> None:
        """Every pair's weight as seen from outside any bracket ([C4]/[C5] and [C9]).

        ``warm``: nobody is paired yet; start the matcher from a greedy matching of
        compatible pairs with the duals ``base / 2 + terms[v]``, which make every compatible
        pair tight (the weights are ``base + terms[i] + terms[j]``): only the players the
        greedy matching leaves out are then left to the solver.
        """
        ctx, mc, match_of = self.ctx, self.mc, self.match_of
        base, terms = ctx.outside_terms(self.players)
        banned = self.banned
        distinct = set(terms)
        for i in range(self.n):
            if i in match_of:
                continue
            ti = base + terms[i]
            bi = banned[i]
            # one int object per distinct value: the kernel converts each value once a row
            sums = {t: ti + t for t in distinct}
            row = list(map(sums.__getitem__, terms[:i]))
            for j in bi:
                row[j] = 0
            for j in match_of:
                if j < i:
                    row[j] = 0
            mc.set_row(i, row)
        if warm:
            mates = list(range(self.n))
            banned = self.banned
            for i in range(self.n):
                if mates[i] != i:
                    continue
                for j in range(i + 1, self.n):
                    if mates[j] == j and i not in banned[j]:
                        mates[i], mates[j] = j, i
                        break
            mc.warm_start(mates, [(base >> 1) + t for t in terms])

    # -- one bracket -----------------------------------------------------------------------

    def next_bracket(self) -> bool:
        """Open the next bracket: the players carried over plus the next score group; compute
        the base weights of every pair with a player of the bracket or of the group after."""
        if not (len(self.members) > 1 or self.next_unread < self.n):
            return False
        scores = self.scores
        self.bracket_size = len(self.members)
        self.first_vertex = self.next_vertex
        self.next_vertex = self.first_vertex + (self.bracket_size - self.mdp_count)
        self.group_start = self.next_unread
        if self.group_start < self.n:
            floor = scores[self.group_start]
            while self.next_unread < self.n and scores[self.next_unread] >= floor:
                self.members.append(self.next_unread)
                self.next_unread += 1
        members, players, ctx = self.members, self.players, self.ctx
        counts: dict[int, int] = {}
        for v in members:
            counts[scores[v]] = counts.get(scores[v], 0) + 1
        needed = ctx.open_bracket(counts)
        if needed > ctx.groups_shift:
            self.widen(needed)
        size = len(members)
        base: list[list[int]] = [[] for _ in range(size)]
        banned = self.banned
        position = {v: i for i, v in enumerate(members)}
        forbidden = [
            [i for i in map(position.get, banned[members[larger]]) if i is not None and i < larger]
            for larger in range(self.mdp_count, self.bracket_size)
        ]
        base[self.mdp_count : self.bracket_size] = ctx.current_rows(
            [players[v] for v in members[: self.bracket_size]], self.mdp_count, forbidden
        )
        if self.bracket_size < size:
            # a pair whose lower player is in the next score group: the outside weight and
            # [C8] (ctx.next_bracket_bonus), without one call per pair
            outside, terms = ctx.outside_terms(players)
            higher = [outside + terms[v] + ctx.next_bracket_bonus(players[v]) for v in members]
            distinct = set(higher)
            for larger in range(self.bracket_size, size):
                lv = members[larger]
                tl = terms[lv]
                sums = {h: h + tl for h in distinct}
                row = list(map(sums.__getitem__, higher[:larger]))
                for v in banned[lv]:
                    i = position.get(v)
                    if i is not None and i < larger:
                        row[i] = 0
                base[larger] = row
        self.base = base
        # each row scattered to the vertices' places, a run of consecutive members at a time
        runs: list[tuple[int, int]] = []  # (first position, length)
        for i, v in enumerate(members):
            if runs and members[runs[-1][0]] + runs[-1][1] == v:
                runs[-1] = (runs[-1][0], runs[-1][1] + 1)
            else:
                runs.append((i, 1))
        mc = self.mc
        for larger in range(self.mdp_count, size):
            row = [0] * members[larger]
            weights = base[larger]
            for first, length in runs:
                if first >= larger:
                    break
                end = min(first + length, larger)
                start = members[first]
                row[start : start + end - first] = weights[first:end]
            mc.set_row(members[larger], row)
        self.solve()
        if self.tracer is not None:
            self.tracer.open()
        return True

    def widen(self, groups_shift: int) -> None:
        """Widen the "scores" fields and set again every weight that depends on the layout,
        outside the bracket (its own weights are set by :meth:`next_bracket`; the pairs
        already made are frozen, their weights no longer compared with any other)."""
        self.widenings += 1
        self.ctx.widen(groups_shift)
        self._set_outside_weights()

    def in_group(self, v: int) -> bool:
        """``v`` is matched to a player of the current score group (not an MDP, not below)."""
        return self.first_vertex <= self.stable[v] < self.next_vertex

    def choose_moved_down_players(self) -> None:
        """Which moved-down players are paired in this bracket ([C6]/[C7]; D.2 order: by score,
        then the highest-ranked first)."""
        members, scores, base, mc = self.members, self.scores, self.base, self.mc
        md_score = remaining = remaining_matched = 0
        for idx in range(self.mdp_count):
            if not idx or scores[members[idx]] < md_score:
                md_score = scores[members[idx]]
                remaining = remaining_matched = 0
                k = idx
                while scores[members[k]] >= md_score:
                    remaining += 1
                    remaining_matched += self.in_group(members[k])
                    k += 1
            if not remaining_matched:
                continue
            pv = members[idx]
            if remaining <= remaining_matched:
                self.matched[pv] = True
                continue
            remaining -= 1
            if not self.in_group(pv):
                for opp in range(self.mdp_count, self.bracket_size):
                    w = base[opp][idx]
                    if w:
                        mc.set_edge_weight(pv, members[opp], w | 1)
                self.solve()
            if self.in_group(pv):
                self.matched[pv] = True
                remaining_matched -= 1
                for opp in range(self.mdp_count, self.bracket_size):
                    w = base[opp][idx]
                    if w:
                        mc.set_edge_weight(
                            pv, members[opp], (w | (self.bracket_size - self.mdp_count)) + 1
                        )

    def pair_moved_down_players(self) -> None:
        """The opponents of the moved-down players paired here: each takes the highest-ranked
        opponent that keeps the rest optimal (D.2)."""
        members, base, mc, matched = self.members, self.base, self.mc, self.matched
        size = len(members)
        for idx in range(self.mdp_count):
            pv = members[idx]
            if not matched[pv]:
                continue
            addend = size
            for opp in range(self.bracket_size - 1, self.mdp_count - 1, -1):
                ov = members[opp]
                if matched[ov]:
                    continue
                w = base[opp][idx]
                if w:
                    mc.set_edge_weight(pv, ov, w + addend)
                    addend += 1
            self.solve()
            mv = self.stable[pv]
            if self.tracer is not None:
                chosen = members.index(mv)
                preferred = [
                    members[o] for o in range(self.mdp_count, chosen) if not matched[members[o]]
                ]
                self.tracer.choice(pv, mv, preferred)
            matched[mv] = True
            mc.freeze(pv, mv)

    def modified(self, smaller: int, larger: int, smaller_rem: int, rem_pairs: int) -> int:
        """A base weight with the exchange preferences of Article 4.3 / D.1: fewest exchanges,
        then the smallest difference of the exchanged players' sequence numbers."""
        w = self.base[larger][smaller]
        if w:
            bits = self.ctx.group_bits
            addend = (1 if smaller_rem < rem_pairs else 0) << (2 * bits)
            addend -= smaller_rem
            w += addend << 1
        return w

    def settle_remainder(self) -> None:
        """The homogeneous part of the bracket: S1 (the higher half of the players left) and S2;
        which players are exchanged between them, then the opponent of each S1 player in S2
        order (Article 4.3 / D.1: transpositions and exchanges)."""
        members, mc, matched = self.members, self.mc, self.matched
        first_vertex, next_vertex = self.first_vertex, self.next_vertex
        remainder: list[int] = []
        pairs = 0
        for idx in range(self.mdp_count, self.bracket_size):
            pv = members[idx]
            if self.stable[pv] < first_vertex:
                continue
            remainder.append(idx)
            if self.stable[pv] < pv:
                pairs += 1
        count = len(remainder)
        vertices = [members[r] for r in remainder]
        # self.modified(p, o, pi, pairs) for every pair of the remainder, inlined (the pairs of
        # the largest bracket of a big open number about a million)
        s1_bonus = 1 << (2 * self.ctx.group_bits)
        for oi in range(count):
            ov, row = vertices[oi], self.base[remainder[oi]]
            for pi in range(oi):
                w = row[remainder[pi]]
                if w:
                    w += ((s1_bonus if pi < pairs else 0) - pi) << 1
                mc.set_edge_weight(vertices[pi], ov, w)
        self.solve()

        def down(v: int) -> bool:  # no longer an S1 player matched inside the group
            return self.stable[v] <= v or self.stable[v] >= next_vertex

        def up(v: int) -> bool:  # an S1 player matched inside the group
            return v < self.stable[v] < next_vertex

        exchange_count = sum(down(members[remainder[pos]]) for pos in range(pairs))
        base = self.base

        # the lowest players of S1 that can be exchanged
        left = exchange_count
        rem_index = pairs
        pos = pairs
        while pos > 0 and left:
            first_opponent = pos
            rem_index -= 1
            pos -= 1
            p = remainder[pos]
            pv = members[p]
            if up(pv):
                for opp_pos in range(first_opponent, count):
                    w = self.modified(p, remainder[opp_pos], rem_index, pairs)
                    if w:
                        mc.set_edge_weight(pv, members[remainder[opp_pos]], w - 1)
                self.solve()
            exchange = down(pv)
            left -= exchange
            for opp_pos in range(pos + 1, count):
                o = remainder[opp_pos]
                if exchange:
                    base[o][p] = 0
                mc.set_edge_weight(pv, members[o], self.modified(p, o, rem_index, pairs))

        # the highest players of S2 that can be exchanged
        left = exchange_count
        rem_index = pairs
        pos = pairs
        while pos < count and left > 1:
            p = remainder[pos]
            pv = members[p]
            already = up(pv)
            if not already:
                for opp_pos in range(pos + 1, count):
                    w = self.modified(p, remainder[opp_pos], rem_index, pairs)
                    if w:
                        mc.set_edge_weight(pv, members[remainder[opp_pos]], w + 1)
                self.solve()
            if up(pv):
                left -= 1
                for opp_pos in range(pos):
                    o = remainder[opp_pos]
                    base[p][o] = 0
                    mc.set_edge_weight(pv, members[o], 0)
                for o in range(self.bracket_size, len(members)):
                    base[o][p] = 0
                    mc.set_edge_weight(pv, members[o], 0)
            if not already:
                for opp_pos in range(pos + 1, count):
                    o = remainder[opp_pos]
                    mc.set_edge_weight(pv, members[o], self.modified(p, o, rem_index, pairs))
            rem_index += 1
            pos += 1

        # fix the exchanges and drop the bits used to find them
        downs = [down(v) for v in vertices]
        ups = [up(v) for v in vertices]
        for pos, p in enumerate(remainder):
            pv, pv_down = vertices[pos], downs[pos]
            for opp_pos in range(pos + 1, count):
                row = base[remainder[opp_pos]]
                if pv_down or ups[opp_pos]:
                    row[p] = 0
                mc.set_edge_weight(pv, vertices[opp_pos], row[p])

        # the opponent of each S1 player, highest first
        for p in remainder:
            pv = members[p]
            if not up(pv):
                continue
            addend = 0
            for o in reversed(remainder):
                ov = members[o]
                if o <= p or matched[ov]:
                    continue
                w = base[o][p]
                if w:
                    mc.set_edge_weight(pv, ov, w + addend)
                addend += 1
            self.solve()
            mv = self.stable[pv]
            if self.tracer is not None:
                chosen = members.index(mv)
                preferred = [
                    members[o] for o in remainder if p < o < chosen and not matched[members[o]]
                ]
                self.tracer.choice(pv, mv, preferred)
            matched[pv] = matched[mv] = True
            mc.freeze(pv, mv)

    def close_bracket(self) -> None:
        """Record the bracket's pairs; the unpaired players move down to the next bracket."""
        scores, members, matched, stable = self.scores, self.members, self.matched, self.stable
        ctx = self.ctx
        group_start = self.group_start
        ctx.single_downfloater_is_bye = bool(
            self.n & 1 and group_start < self.n and ctx.bye_score >= scores[group_start]
        )
        carried: list[int] = []
        mdp_count = 0
        for idx, pv in enumerate(members):
            if idx < self.bracket_size and matched[pv]:
                self.match_of[pv] = stable[pv]
                self.match_of[stable[pv]] = pv
                continue
            carried.append(pv)
            if idx < self.bracket_size:
                mdp_count += 1
            if ctx.single_downfloater_is_bye and scores[stable[pv]] < scores[group_start]:
                ctx.single_downfloater_is_bye = False
        if self.tracer is not None:
            self.tracer.close(carried[:mdp_count])
        self.members = carried
        self.mdp_count = mdp_count


def _complete(matching: list[int], players: list[SwissPlayer], ctx: WeightContext) -> bool:
    """At most one player unpaired, and he may receive the bye ([C1]-[C3], C.04.1 c-d)."""
    unmatched = False
    for i, m in enumerate(matching):
        if m == i:
            if unmatched or not ctx.eligible(players[i]):
                return False
            unmatched = True
    return True


def order_boards(
    state: SwissRound, pairs: list[tuple[SwissPlayer, SwissPlayer | None]]
) -> RoundPairing:
    """Publication order (C.04.2 2017 D / 2026 art. 3.6), as bbpPairings orders the boards:
    the higher player's score, then the lower player's score (both without acceleration),
    then the higher player's rank; the bye last."""

    def key(pair: tuple[SwissPlayer, SwissPlayer | None]) -> tuple[int, int, int, int]:
        a, b = pair
        if b is None:
            return (1, -a.score, -a.score, a.rank)
        high, low = (a, b) if (a.score, -a.rank) > (b.score, -b.rank) else (b, a)
        return (0, -high.score, -low.score, high.rank)

    ordered = sorted(pairs, key=key)
    boards = tuple(Board(w.number, b.number) for w, b in ordered if b is not None)
    bye = next((w.number for w, b in ordered if b is None), None)
    return RoundPairing(state.round_number, boards, bye)
