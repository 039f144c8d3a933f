"""The FIDE Dubov system (C.04.4.1; 2026 text, and the 2018 text it re-issues).

The procedure of the text (2026 Article 3 / 2018 section B), step by step:

1. the pairing-allocated bye first (art. 3.1): the eligible player ([C2]) who leaves a complete
   pairing of the others ([C4]), with the lowest score, the most games, the largest TPN;
2. then the scoregroups from the top (art. 3.2): the residents and as few upfloaters as
   possible ([C5]), the first set of upfloaters (art. 4.2) of the best quality ([C6]-[C10]);
3. inside the bracket: G1 the White seekers, G2 the others (art. 3.2.3); players shifted
   between them, from the middle of the sorted list (art. 3.2.4, 4.3); S1 = G1 by ascending
   ARO (art. 3.2.5); T2 the first transposition of G2 in TPN order that gives a legal pairing
   (art. 3.2.5, 4.4);
4. colours by art. 5.2 (:mod:`~chessarbiter.pairing.dubov.colours`), boards in the order of C.04.2.

Every "first set that complies at best" and "first transposition that is legal" is decided as
the Dutch engine decides its choices (:mod:`chessarbiter.pairing.dutch.engine`): the criteria
become bit fields of edge weights, higher fields for higher-priority criteria, a maximum-weight
matching over the players still to be paired proves which choices keep the rest of the round
complete ([C4]) and optimal, and each choice, in the text's order, is fixed by a small weight
incentive and one re-solve. No downfloaters exist in this system: every resident is paired in
his own bracket, with a resident or an upfloater.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from chessarbiter.editions import DubovEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Tournament
from chessarbiter.pairing.dubov.colours import allocate_colours
from chessarbiter.pairing.dubov.rules import (
    DubovPlayer,
    black_seeker_order,
    bye_preference,
    colour_conflict,
    dubov_players,
    is_max_upfloater,
    max_upfloats,
    may_receive_bye,
    meeting_lists,
    middle_first,
    white_seeker_order,
)
from chessarbiter.pairing.dutch.engine import order_boards
from chessarbiter.pairing.matching import Matcher, MatcherFactory, default_computer
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound, prepare_round

Pair = tuple[DubovPlayer, DubovPlayer | None]
"""``(white, black)``, or ``(player, None)`` for the pairing-allocated bye."""


def pair_round(
    tournament: Tournament,
    edition: DubovEdition = DubovEdition.DUBOV_2026,
    *,
    matcher: MatcherFactory | None = None,
) -> RoundPairing:
    """Pair the next round of ``tournament`` by the Dubov system; ``trace`` holds the
    explanation (:func:`explain_round`).

    :raises NoValidPairingError: when no pairing satisfies the absolute criteria [C1]-[C3]
        with at most one player left for the bye ([C4]).
    :raises PairingError: when the tournament cannot be paired as given (no number of rounds,
        no initial colour, all rounds paired).
    """
    state = prepare_round(tournament, edition.basic_rules)
    pairer = DubovPairer(state, edition, matcher or default_computer)
    pairs = pairer.run()
    swiss: list[tuple[SwissPlayer, SwissPlayer | None]] = [
        (w.swiss, b.swiss if b is not None else None) for w, b in pairs
    ]
    pairing = order_boards(state, swiss)
    return dataclasses.replace(pairing, trace=tuple(pairer.trace))


def explain_round(
    tournament: Tournament,
    edition: DubovEdition = DubovEdition.DUBOV_2026,
    *,
    matcher: MatcherFactory | None = None,
) -> list[str]:
    """The pairing of the next round explained, as text: MaxT, the bye and why, each
    bracket's residents and upfloaters, G1 (White seekers) and G2, the shifted players, S1 in
    ARO order, the transposition T2 (and which G2 players were passed over, being illegal),
    and the colour rule that decided each board; then the boards.

    :raises NoValidPairingError: as :func:`pair_round`.
    """
    return pair_round(tournament, edition, matcher=matcher).explained()


def _points(tenths: int) -> str:
    return f"{tenths // 10}" if tenths % 10 == 0 else f"{tenths / 10:g}"


def _name(p: DubovPlayer) -> str:
    return f"{p.number}"


def _names(players: Sequence[DubovPlayer]) -> str:
    return " ".join(_name(p) for p in players) or "-"


def _width(count: int) -> int:
    """Bits for a field holding a sum of at most ``count``."""
    return count.bit_length() + 1


def _warm_start(
    mc: Matcher, rows: list[list[int]], duals: list[int], order: Sequence[int] | None = None
) -> None:
    """Start the matcher from a greedy matching of the edges that ``duals`` make tight
    (``duals[u] + duals[v]`` equal to the weight; the duals cover every edge), so that the
    solver only pairs the players the greedy matching left out. ``order``: the vertices in
    the order the greedy matching takes them (each with the first free tight partner)."""
    n = len(rows)
    mates = list(range(n))
    sequence = list(order) if order is not None else list(range(n))
    for u in sequence:
        if mates[u] != u:
            continue
        du = duals[u]
        for v in sequence:
            if v == u or mates[v] != v:
                continue
            w = rows[v][u] if u < v else rows[u][v]
            if w and w == du + duals[v]:
                mates[u], mates[v] = v, u
                break
    mc.warm_start(mates, duals)


class DubovPairer:
    """The pairing of one round (see the module docstring). ``trace`` collects the
    explanation lines as the procedure goes."""

    def __init__(self, state: SwissRound, edition: DubovEdition, factory: MatcherFactory) -> None:
        self.state = state
        self.edition = edition
        self.factory = factory
        self.players = dubov_players(state)
        self.rounds = state.expected_rounds
        self.last_round = state.round_number >= state.expected_rounds
        self.position = {p.number: i for i, p in enumerate(self.players)}
        self.allowed = meeting_lists(state, self.players)
        self.trace: list[str] = []

    def run(self) -> list[Pair]:
        """Every pair of the round (unordered), colours allocated, and the bye."""
        state = self.state
        self.trace.append(
            f"Dubov system, C.04.4.1 ({self.edition.value}), round {state.round_number} of "
            f"{self.rounds}: {len(self.players)} players to pair; MaxT = 2 + [{self.rounds}/5] "
            f"= {max_upfloats(self.rounds)} (art. 1.8)"
            + ("; last round: [C8]-[C10] not applied" if self.last_round else "")
        )
        remaining = list(self.players)
        result: list[Pair] = []
        if len(remaining) & 1:
            bye = self.choose_bye(remaining)
            result.append((bye, None))
            remaining.remove(bye)
        while remaining:
            members, remaining = self.choose_bracket(remaining)
            result.extend(self.pair_bracket(members))
        return result

    # -- art. 3.1: the pairing-allocated bye -------------------------------------------------

    def choose_bye(self, players: list[DubovPlayer]) -> DubovPlayer:
        """Art. 3.1 (2018 B, the bye rule a-e): the first eligible player in
        :func:`~chessarbiter.pairing.dubov.rules.bye_preference` order whose absence leaves a
        complete pairing. One
        matching decides: the bye is a vertex joined to every eligible player, each pair of
        players that may meet is an edge of the same large weight, and the bye edges add a
        smaller bonus by the preference order."""
        n = len(players)
        candidates = sorted((p for p in players if may_receive_bye(p)), key=bye_preference)
        if not candidates:
            raise NoValidPairingError(
                "no valid pairing exists: nobody may receive the pairing-allocated bye "
                f"([C2], C.04.4.1 ({self.edition.value}))"
            )
        base = 2 << _width(n + 1)  # even weights: the warm start's duals are whole
        bonus = {p.number: 2 * (len(candidates) - k) for k, p in enumerate(candidates)}
        mc = self.factory(n + 1)
        index = [self.position[p.number] for p in players]
        local = {v: k for k, v in enumerate(index)}
        rows: list[list[int]] = []
        for k, v in enumerate(index):
            row = [0] * k
            for j in self.allowed[v]:
                lk = local.get(j)
                if lk is not None and lk < k:
                    row[lk] = base
            rows.append(row)
        rows.append([base + bonus[p.number] if p.number in bonus else 0 for p in players])
        for k, row in enumerate(rows):
            mc.set_row(k, row)
        top = max(bonus.values())
        _warm_start(mc, rows, [base >> 1] * n + [(base >> 1) + top])
        mc.compute_matching()
        mate = mc.matching()
        if any(m == k for k, m in enumerate(mate)):
            raise NoValidPairingError(
                "no valid pairing exists: no eligible player can take the pairing-allocated "
                "bye with all the others paired ([C1]-[C4])"
            )
        bye = players[mate[n]]
        passed = [p for p in candidates if bye_preference(p) < bye_preference(bye)]
        self.trace.append(
            f"Pairing-allocated bye (art. 3.1): {_name(bye)} (score {_points(bye.score)}, "
            f"{bye.games} games, TPN {bye.tpn})"
            + (
                f"; before him in the order of art. 3.1.3-3.1.5, {_names(passed)} would leave "
                "no complete pairing ([C4])"
                if passed
                else "; the first eligible player in the order of art. 3.1.3-3.1.5"
            )
        )
        return bye

    # -- art. 3.2.1-3.2.2: the bracket and its upfloaters -------------------------------------

    def choose_bracket(
        self, remaining: list[DubovPlayer]
    ) -> tuple[list[DubovPlayer], list[DubovPlayer]]:
        """The residents of the highest remaining scoregroup and their upfloaters: as few as
        the completion of the round allows ([C4], [C5]), the best by [C6]-[C10], the first set
        in the order of art. 4.2 among the best. Returns the bracket and the players left."""
        top = remaining[0].score
        residents = [p for p in remaining if p.score == top]
        lower = remaining[len(residents) :]
        if not lower:
            self.trace.append(
                f"Bracket {_points(top)} (art. 3.2): residents {_names(residents)}; no "
                "upfloaters (the last players)"
            )
            return residents, []
        weights, base = self._bracket_weights(remaining, len(residents))
        n = len(remaining)
        r = len(residents)
        mc = self.factory(n)
        rows = [weights[i][:i] for i in range(n)]
        for i, row in enumerate(rows):
            mc.set_row(i, row)
        # duals covering every edge: base/2 each, and for a resident the most any of his
        # edges adds to the base; the pairs of lower players are then tight
        extra = max((w - base for row in weights[:r] for w in row if w), default=0)
        _warm_start(mc, rows, [(base >> 1) + (extra if i < r else 0) for i in range(n)])
        mc.compute_matching()
        mate = mc.matching()
        if any(m == i for i, m in enumerate(mate)):
            raise NoValidPairingError(
                "no valid pairing exists: the players cannot all be paired while satisfying "
                "every absolute criterion ([C1]-[C4])"
            )
        needed = sum(1 for i in range(r, n) if mate[i] < r)
        chosen: list[int] = []
        passed: list[int] = []
        for i in range(r, n):
            if len(chosen) == needed:
                break
            if mate[i] >= r:
                if not any(weights[i][k] for k in range(r)):
                    continue
                for k in range(r):
                    if weights[i][k]:
                        mc.set_edge_weight(i, k, weights[i][k] + 1)
                mc.compute_matching()
                mate = mc.matching()
                for k in range(r):
                    if weights[i][k]:
                        mc.set_edge_weight(i, k, weights[i][k])
            if mate[i] < r:
                chosen.append(i)
                for k in range(r, n):
                    if k != i and weights[i][k]:
                        weights[i][k] = weights[k][i] = 0
                        mc.set_edge_weight(i, k, 0)
            else:
                passed.append(i)
                for k in range(r):
                    if weights[i][k]:
                        weights[i][k] = weights[k][i] = 0
                        mc.set_edge_weight(i, k, 0)
        upfloaters = [remaining[i] for i in chosen]
        line = (
            f"Bracket {_points(top)} (art. 3.2): residents {_names(residents)}; "
            f"upfloaters {_names(upfloaters)}"
        )
        if upfloaters:
            line += (
                " ("
                + ", ".join(
                    f"{_name(p)}: {_points(p.score)} pts, {p.upfloats} upfloats"
                    + (", maximum upfloater" if is_max_upfloater(p, self.rounds) else "")
                    for p in upfloaters
                )
                + ")"
            )
            if passed:
                line += (
                    f"; passed over (art. 4.2, a worse pairing by [C5]-[C10] or none): "
                    f"{_names([remaining[i] for i in passed])}"
                )
        self.trace.append(line)
        taken = set(chosen)
        rest = [p for i, p in enumerate(remaining[r:], start=r) if i not in taken]
        return residents + upfloaters, rest

    def _bracket_weights(
        self, players: list[DubovPlayer], residents: int
    ) -> tuple[list[list[int]], int]:
        """Edge weights for choosing the upfloaters, fields from the highest: a pair (so
        that a complete pairing comes first, [C4]), then among the pairs with a resident
        [C5] resident pairs (fewest upfloaters), [C6] the upfloaters' scores (one field per
        score difference, the smallest difference highest: the containers of art. 4.2.3 in
        their order), [C7] pairs granting both preferences, and unless the last round [C8]
        upfloaters who are not maximum upfloaters, [C9] fewer upfloats of the maximum
        upfloaters chosen, [C10] upfloaters who did not upfloat in the previous round; the
        lowest two bits are left for the choice of the set (art. 4.2)."""
        n = len(players)
        r = residents
        top = players[0].score
        count = _width(r)
        shift = 2
        c10 = c9 = c8 = -1
        cap = 1
        if not self.last_round:
            c10, shift = shift, shift + count
            maxima = [p.upfloats for p in players[r:] if is_max_upfloater(p, self.rounds)]
            cap = max(maxima, default=0) + 1
            c9, shift = shift, shift + _width(r * cap)
            c8, shift = shift, shift + count
        c7, shift = shift, shift + count
        differences: dict[int, int] = {}
        for p in players[r:]:
            differences[top - p.score] = differences.get(top - p.score, 0) + 1
        c6: dict[int, int] = {}
        for d in sorted(differences, reverse=True):
            c6[d], shift = shift, shift + _width(min(differences[d], r))
        c5, shift = shift, shift + count
        base = 1 << shift
        index = [self.position[p.number] for p in players]
        local = {v: k for k, v in enumerate(index)}
        weights = [[0] * n for _ in range(n)]
        for i in range(r, n):
            allowed = self.allowed[index[i]]
            weights[i][r:] = [base if v in allowed else 0 for v in index[r:]]
        for i in range(r):
            a = players[i]
            for v in self.allowed[index[i]]:
                j = local.get(v)
                if j is None or j <= i:
                    continue
                b = players[j]
                w = base
                if i < r:
                    if j < r:
                        w += 1 << c5
                    else:
                        w += 1 << c6[top - b.score]
                        if c8 >= 0:
                            maximum = is_max_upfloater(b, self.rounds)
                            if not maximum:
                                w += 1 << c8
                            else:
                                w += (cap - b.upfloats) << c9
                            if not b.upfloated_last:
                                w += 1 << c10
                    if not colour_conflict(a, b):
                        w += 1 << c7
                weights[i][j] = weights[j][i] = w
        return weights, base

    # -- art. 3.2.3-3.2.5: G1, G2, shifts, S1 and T2 -----------------------------------------

    def pair_bracket(self, members: list[DubovPlayer]) -> list[Pair]:
        """Pair one bracket (residents and upfloaters; every upfloater meets a resident)."""
        bracket = _Bracket(self, members)
        return bracket.pair()


class _Bracket:
    """One bracket's matching: its members only (the rest of the round is known to be
    completable). Fields from the highest: a pair, [C7] (pairs granting both preferences),
    pairs across G1 and G2, and the lowest field for the choices of art. 3.2.4-3.2.5."""

    def __init__(self, pairer: DubovPairer, members: list[DubovPlayer]) -> None:
        self.pairer = pairer
        self.members = members
        m = len(members)
        self.m = m
        top = members[0].score
        self.upfloater = [p.score < top for p in members]
        positions = [pairer.position[p.number] for p in members]
        self.ok = []
        for i in range(m):
            allowed, up = pairer.allowed[positions[i]], self.upfloater[i]
            self.ok.append(
                [positions[j] in allowed and not (up and self.upfloater[j]) for j in range(m)]
            )
        self.select_bits = _width(m) + 1
        self.cross_shift = self.select_bits
        self.c7_shift = self.cross_shift + _width(m)
        self.base = 1 << (self.c7_shift + _width(m))
        self.mc = pairer.factory(m)
        self.g1: set[int] = set()
        self.mate: list[int] = []

    def weight(self, i: int, j: int) -> int:
        if not self.ok[i][j]:
            return 0
        a, b = self.members[i], self.members[j]
        w = self.base
        if not colour_conflict(a, b):
            w += 1 << self.c7_shift
        if (i in self.g1) != (j in self.g1):
            w += 1 << self.cross_shift
        return w

    def load(self) -> None:
        rows = [[self.weight(i, j) for j in range(i)] for i in range(self.m)]
        for i, row in enumerate(rows):
            self.mc.set_row(i, row)
        top = max((w for row in rows for w in row), default=0)
        members = self.members
        s1 = sorted(self.g1, key=lambda i: white_seeker_order(members[i]))
        g2 = sorted(set(range(self.m)) - self.g1, key=lambda i: black_seeker_order(members[i]))
        _warm_start(self.mc, rows, [top >> 1] * self.m, s1 + g2)
        self.solve()
        if any(k == i for i, k in enumerate(self.mate)):
            raise NoValidPairingError(
                "no valid pairing exists: the players cannot all be paired while satisfying "
                "every absolute criterion ([C1]-[C4])"
            )

    def solve(self) -> None:
        self.mc.compute_matching()
        self.mate = self.mc.matching()

    def ban(self, i: int, j: int) -> None:
        if self.ok[i][j]:
            self.ok[i][j] = self.ok[j][i] = False
            self.mc.set_edge_weight(i, j, 0)

    def incentive(self, i: int, partners: Sequence[int], bonuses: Sequence[int]) -> None:
        """Re-solve with ``bonuses[k]`` added to the edge ``i``-``partners[k]``, then take the
        bonus back (the matching found stays optimal: every weight is a multiple of the
        lowest field's span)."""
        for j, bonus in zip(partners, bonuses, strict=True):
            self.mc.set_edge_weight(i, j, self.weight(i, j) + bonus)
        self.solve()
        for j in partners:
            self.mc.set_edge_weight(i, j, self.weight(i, j))

    def pair(self) -> list[Pair]:
        members, trace = self.members, self.pairer.trace
        m = self.m
        everyone = range(m)
        if all(p.games == 0 for p in members):
            by_rank = sorted(everyone, key=lambda i: members[i].rank)
            self.g1 = set(by_rank[: m // 2])
            how = "nobody has played: G1 is the first half by TPN"
        else:
            self.g1 = {i for i in everyone if members[i].preference is Colour.WHITE}
            how = "G1 the White seekers, G2 the others"
        trace.append(
            f"  G1 {self._show(self.g1)}; G2 {self._show(set(everyone) - self.g1)} "
            f"(art. 3.2.3: {how})"
        )
        self.load()
        g2 = set(everyone) - self.g1
        smaller_is_g1 = len(self.g1) <= len(g2)
        smaller = self.g1 if smaller_is_g1 else g2
        inside = sum(1 for i in smaller if self.mate[i] in smaller) // 2
        if inside:
            self._shift(smaller, inside, from_g1=smaller_is_g1, step="3.2.4, first step")
        g2 = set(everyone) - self.g1
        if len(self.g1) != len(g2):
            larger_is_g1 = len(self.g1) > len(g2)
            larger = self.g1 if larger_is_g1 else g2
            self._shift(
                larger, abs(len(self.g1) - len(g2)) // 2, larger_is_g1, "3.2.4, second step"
            )
        return self._transpose()

    def _show(self, group: set[int]) -> str:
        return _names([self.members[i] for i in sorted(group, key=lambda i: self.members[i].rank)])

    def _shift(self, group: set[int], count: int, from_g1: bool, step: str) -> None:
        """Move ``count`` players of ``group`` to the other subgroup (art. 3.2.4): the first
        set, in the sequence numbers of art. 4.3 (White seekers by ARO, Black seekers by TPN,
        numbered from the middle), such that each of them can be paired inside ``group`` with
        a player who stays, in a pairing that is still the best for [C7]."""
        members = self.members
        order = white_seeker_order if from_g1 else black_seeker_order
        ordered = sorted(group, key=lambda i: order(members[i]))
        sequence = [ordered[k] for k in middle_first(len(ordered))]
        chosen: list[int] = []
        for x in sequence:
            if len(chosen) == count:
                break
            partners = [y for y in group if y != x and y not in chosen and self.ok[x][y]]
            if not partners:
                continue
            if self.mate[x] not in partners:
                self.incentive(x, partners, [1] * len(partners))
            if self.mate[x] in partners:
                chosen.append(x)
                for y in range(self.m):
                    if y not in partners:
                        self.ban(x, y)
        if len(chosen) < count:
            raise PairingError(f"Dubov art. 3.2.4: could not choose {count} players to shift")
        moved = set(chosen)
        if from_g1:
            self.g1 -= moved
        else:
            self.g1 |= moved
        self.pairer.trace.append(
            f"  shift {'G1 -> G2' if from_g1 else 'G2 -> G1'} (art. {step}, order of art. "
            f"4.3): {_names([members[i] for i in chosen])}; now G1 {self._show(self.g1)}, "
            f"G2 {self._show(set(range(self.m)) - self.g1)}"
        )
        self.load()

    def _transpose(self) -> list[Pair]:
        """Art. 3.2.5: S1 = G1 by ascending ARO, then TPN; each S1 player in turn meets the
        first G2 player, in TPN order, that still allows a legal and best pairing of the
        rest: the first transposition T2 (art. 4.4)."""
        members, trace = self.members, self.pairer.trace
        s1 = sorted(self.g1, key=lambda i: white_seeker_order(members[i]))
        g2 = sorted(set(range(self.m)) - self.g1, key=lambda i: black_seeker_order(members[i]))
        trace.append(
            "  S1 (art. 3.2.5, ascending ARO): "
            + " ".join(f"{_name(members[i])}[ARO {members[i].aro}]" for i in s1)
        )
        taken: set[int] = set()
        pairs: list[Pair] = []
        initial = self.pairer.state.initial_colour
        for s in s1:
            free = [t for t in g2 if t not in taken and self.ok[s][t]]
            if not free:
                raise PairingError("Dubov art. 3.2.5: an S1 player has no G2 opponent left")
            if len(free) > 1 and self.mate[s] != free[0]:
                self.incentive(s, free, range(len(free), 0, -1))
            t = self.mate[s]
            if t not in free:
                raise PairingError("Dubov art. 3.2.5: the bracket is not paired across G1, G2")
            skipped = [members[u] for u in g2[: g2.index(t)] if u not in taken]
            taken.add(t)
            self.mc.freeze(s, t)
            white, black, rule = allocate_colours(members[s], members[t], initial)
            note = (
                f" (passed over, no legal or best pairing with them: {_names(skipped)})"
                if skipped
                else ""
            )
            trace.append(
                f"  {_name(members[s])} - {_name(members[t])}{note}; colours "
                f"{_name(white)}-{_name(black)} by art. {rule}"
            )
            pairs.append((white, black))
        return pairs
