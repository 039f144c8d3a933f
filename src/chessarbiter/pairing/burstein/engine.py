"""The Burstein system (FIDE Handbook C.04.4.2): the pairing of one round.

* The seeding rounds (Article 1.6) are paired by the FIDE (Dutch) System, with
  :func:`chessarbiter.pairing.dutch.engine.pair_round` (the Dutch edition of the same date).
* After them, 3.1: the pairing-allocated bye is assigned first, to the eligible player who
  leaves the others a complete pairing, with the lowest score, the most games played, the
  lowest ranking (one weighted matching with a bye vertex).
* 3.2: the brackets are paired from the top score down. A bracket is the score group's
  residents and the incoming floaters, ranked by the Index (Article 1.8). Each possible pair
  of the players still to pair is weighted, top field first: the absolute criteria [C1]-[C3]
  (weight 0: not allowed) and [C4] completion (every legal pair carries the same large
  field, so a maximum-weight matching pairs everybody), [C5] pairs in the bracket, [C6] the
  outgoing floaters' scores, [C7] the next bracket's [C5]/[C6] (in the 2025 edition: the
  incoming floaters, see :class:`chessarbiter.editions.BursteinEdition`), [C8] colour
  preferences. The maximum-weight matching over all the players still to pair satisfies
  these criteria in that order, the next brackets kept completable.
* Article 4.3 then picks the first best pairing in its order: BSN 1 takes the opponent with
  the largest BSN that keeps the matching optimal (the float last), then BSN 2, ... (each
  choice one re-weighting of a single player's pairs, as the Dutch engine settles its
  brackets).

The round is published in the board order of C.04.2 (2026) Article 3.6
(:func:`chessarbiter.pairing.dutch.engine.order_boards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chessarbiter.editions import BursteinEdition
from chessarbiter.model import Colour, Tournament
from chessarbiter.pairing.burstein.rules import (
    OppositionIndex,
    bye_eligible,
    bye_preference,
    choose_colour,
    colour_conflict,
    compatible,
    is_seeding_round,
    opposition_index,
    opposition_score,
    ranking_key,
    seeding_rounds,
)
from chessarbiter.pairing.dutch import engine as dutch_engine
from chessarbiter.pairing.matching import Matcher, MatcherFactory, default_computer
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound, prepare_round

CURRENT = BursteinEdition.BURSTEIN_2026


def _default_factory(size: int) -> Matcher:
    return default_computer(size)


def pair_round(
    tournament: Tournament,
    edition: BursteinEdition = CURRENT,
    *,
    matcher: MatcherFactory | None = None,
) -> RoundPairing:
    """Pair the next round of ``tournament`` by the Burstein system (C.04.4.2): boards in
    publication order, ``bye`` the pairing-allocated bye, ``trace`` the explanation lines
    (see :func:`explain_round`).

    :raises NoValidPairingError: when no pairing satisfies the absolute criteria [C1]-[C3]
        together with completion [C4] (or no player may take the bye).
    :raises PairingError: when the tournament cannot be paired as given (no number of rounds,
        no initial colour, all rounds paired).
    """
    factory = matcher or _default_factory
    state = prepare_round(tournament, edition.dutch)
    if is_seeding_round(state.round_number, state.expected_rounds):
        pairing = dutch_engine.pair_round(tournament, edition.dutch, matcher=factory)
        note = (
            f"Round {pairing.round}: seeding round {pairing.round} of "
            f"{seeding_rounds(state.expected_rounds)} (C.04.4.2 1.6): paired by the FIDE (Dutch) "
            f"System, C.04.3 {edition.dutch.value}."
        )
        return RoundPairing(pairing.round, pairing.boards, pairing.bye, (note,))
    pairer = BursteinPairer(state, edition, factory)
    pairs = pairer.pair()
    ordered = dutch_engine.order_boards(state, pairs)
    return RoundPairing(ordered.round, ordered.boards, ordered.bye, tuple(pairer.trace))


def explain_round(
    tournament: Tournament,
    edition: BursteinEdition = CURRENT,
    *,
    matcher: MatcherFactory | None = None,
) -> list[str]:
    """The pairing of the next round explained, line by line: the seeding-round rule, or the
    Index of every player (Buchholz, Sonneborn-Berger), the bye and why, and for each bracket
    its players by BSN, its pairs and outgoing floaters, and the criteria values that decided
    ([C5] pairs, [C6] floaters' scores, [C8] colour preferences not met).

    :raises NoValidPairingError: as :func:`pair_round`.
    """
    factory = matcher or _default_factory
    state = prepare_round(tournament, edition.dutch)
    if is_seeding_round(state.round_number, state.expected_rounds):
        return list(pair_round(tournament, edition, matcher=factory).trace)
    pairer = BursteinPairer(state, edition, factory, detailed=True)
    pairer.pair()
    return pairer.trace


def _points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}" if tenths >= 0 else f"-{_points(-tenths)}"


@dataclass
class BursteinPairer:
    """The pairing of one round after the seeding rounds (see the module docstring)."""

    state: SwissRound
    edition: BursteinEdition
    factory: MatcherFactory
    trace: list[str] = field(default_factory=list)
    #: Name the criterion that ruled out each opponent a player did not get (explain_round).
    detailed: bool = False

    def __post_init__(self) -> None:
        state = self.state
        scores = {p.number: opposition_score(state, p) for p in state.players}
        self.index: dict[int, OppositionIndex] = {
            p.number: opposition_index(state, p, scores) for p in state.players
        }
        self.key = {p.number: ranking_key(self.index[p.number], p) for p in state.players}

    # -- the whole round --------------------------------------------------------------------

    def pair(self) -> list[tuple[SwissPlayer, SwissPlayer | None]]:
        """The pairs of the round, each ``(white, black)``, and ``(player, None)`` for the bye."""
        state = self.state
        players = sorted(state.to_pair, key=lambda p: (-state.score(p), self.key[p.number]))
        self.trace.append(
            f"Round {state.round_number}: Burstein system, C.04.4.2 {self.edition.value}; "
            f"after {seeding_rounds(state.expected_rounds)} seeding rounds (1.6) the brackets "
            "are ranked by the Index (1.8: Buchholz, then Sonneborn-Berger, then TPN)."
        )
        for p in sorted(players, key=lambda p: self.key[p.number]):
            ix = self.index[p.number]
            self.trace.append(
                f"  Index of {p.number}: Buchholz {_points(ix.buchholz)}, "
                f"Sonneborn-Berger {ix.sonneborn_berger / 100:g} (score "
                f"{_points(state.score(p))})"
            )
        result: list[tuple[SwissPlayer, SwissPlayer | None]] = []
        if len(players) % 2:
            bye = self.choose_bye(players)
            result.append((bye, None))
            players = [p for p in players if p is not bye]
        for a, b in self.pair_brackets(players):
            ranks_higher = self.key[a.number] < self.key[b.number]
            if choose_colour(state, a, b, ranks_higher) is Colour.WHITE:
                result.append((a, b))
            else:
                result.append((b, a))
        return result

    def legal_lists(self, players: Sequence[SwissPlayer]) -> list[list[bool]]:
        state = self.state
        n = len(players)
        legal = [[False] * n for _ in range(n)]
        for i in range(n):
            a = players[i]
            for j in range(i + 1, n):
                if compatible(state, a, players[j]):
                    legal[i][j] = legal[j][i] = True
        return legal

    def choose_bye(self, players: list[SwissPlayer]) -> SwissPlayer:
        """C.04.4.2 (2026) Article 3.1: the pairing-allocated bye goes to the player who 3.1.1
        may receive it ([C2]), 3.1.2 leaves a complete pairing of the others ([C4]), 3.1.3 has
        the lowest score, 3.1.4 has played the most games, 3.1.5 ranks lowest (1.8).

        One maximum-weight matching decides: the players and a bye vertex, every legal pair
        weighted ``big``, the bye's edge to an eligible player ``big`` plus his place in the
        order of 3.1.3-3.1.5 (the most preferred the heaviest), so that the matching pairs
        everybody if it can and then gives the bye to the first player who allows it.
        """
        state = self.state
        n = len(players)
        eligible = [p for p in players if bye_eligible(state, p)]
        if not eligible:
            raise NoValidPairingError(
                "no valid pairing exists: no player may receive the pairing-allocated bye "
                "(C.04.4.2 [C2])"
            )
        order = sorted(
            eligible, key=lambda p: bye_preference(state, p, self.index[p.number]), reverse=True
        )
        preference = {p.number: place + 1 for place, p in enumerate(order)}
        big = 2 * n + 2
        legal = self.legal_lists(players)
        mc = self.factory(n + 1)
        for i in range(n):
            row = [big if legal[i][j] else 0 for j in range(n)]
            p = players[i]
            row.append(big + preference[p.number] if p.number in preference else 0)
            row[i] = 0
            mc.set_row(i, row)
        mc.compute_matching()
        mates = mc.matching()
        if any(m == v for v, m in enumerate(mates)):
            raise NoValidPairingError(
                "no valid pairing exists: no player can take the pairing-allocated bye with "
                "all the others paired (C.04.4.2 [C1]-[C4], 3.1)"
            )
        bye = players[mates[n]]
        self.trace.append(
            f"Bye (3.1): {bye.number}, eligible ([C2]), leaves a complete pairing ([C4]), "
            f"score {_points(state.score(bye))}, {bye.played_games} games played; "
            f"offered in the order {', '.join(str(p.number) for p in reversed(order))}."
        )
        return bye

    # -- the brackets -----------------------------------------------------------------------

    def pair_brackets(self, players: list[SwissPlayer]) -> list[tuple[SwissPlayer, SwissPlayer]]:
        """Pair ``players`` (an even number, the bye removed) bracket by bracket (3.2)."""
        state = self.state
        pairs: list[tuple[SwissPlayer, SwissPlayer]] = []
        if not players:
            return pairs
        score = {p.number: state.score(p) for p in players}
        groups = sorted({score[p.number] for p in players}, reverse=True)
        unpaired = list(players)
        floaters: list[SwissPlayer] = []
        for g, group_score in enumerate(groups):
            residents = [p for p in unpaired if score[p.number] == group_score]
            bracket = sorted(floaters + residents, key=lambda p: self.key[p.number])
            following = (
                [p for p in unpaired if score[p.number] == groups[g + 1]]
                if g + 1 < len(groups)
                else []
            )
            paired, floaters = self.pair_bracket(unpaired, bracket, following, first=g == 0)
            pairs += paired
            done = {p.number for pair in paired for p in pair}
            unpaired = [p for p in unpaired if p.number not in done]
        if unpaired:  # the last bracket pairs everybody left: [C4] holds from the start
            raise NoValidPairingError(
                "no valid pairing exists: players "
                + ", ".join(str(p.number) for p in unpaired)
                + " cannot be paired (C.04.4.2 [C1]-[C4])"
            )
        return pairs

    def pair_bracket(
        self,
        unpaired: list[SwissPlayer],
        bracket: list[SwissPlayer],
        following: list[SwissPlayer],
        *,
        first: bool,
    ) -> tuple[list[tuple[SwissPlayer, SwissPlayer]], list[SwissPlayer]]:
        """The pairs of one bracket and its outgoing floaters (3.2, Article 4)."""
        state = self.state
        weights = BracketWeights(state, self.edition, unpaired, bracket, following)
        n = len(unpaired)
        legal = self.legal_lists(unpaired)
        mc = self.factory(n)
        base: list[list[int]] = []
        for i in range(n):
            row = [weights.weight(i, j) if legal[i][j] else 0 for j in range(n)]
            base.append(row)
            mc.set_row(i, row)
        mc.compute_matching()
        mates = mc.matching()
        if any(m == v for v, m in enumerate(mates)):
            raise NoValidPairingError(
                "no valid pairing exists: "
                + ("the players cannot all be paired" if first else "the round cannot be completed")
                + " without a repeated game or two equal absolute colour preferences "
                "(C.04.4.2 [C1]-[C4])"
            )
        position = {p.number: i for i, p in enumerate(unpaired)}
        members = [position[p.number] for p in bracket]
        bsn = {v: s + 1 for s, v in enumerate(members)}
        settled: set[int] = set()
        floating: list[int] = []
        pairs: list[tuple[int, int]] = []
        for v in members:
            if v in settled:
                continue
            open_members = [u for u in members if u not in settled and u != v]
            for u in open_members:
                if base[v][u]:
                    mc.set_edge_weight(v, u, base[v][u] + bsn[u])
            mc.compute_matching()
            mate = mc.matching()[v]
            settled.add(v)
            if mate in bsn:
                settled.add(mate)
                pairs.append((v, mate))
                mc.freeze(v, mate)
                for u in open_members:
                    base[v][u] = base[u][v] = 0
            else:
                floating.append(v)
                for u in open_members:
                    if base[v][u]:
                        base[v][u] = base[u][v] = 0
                        mc.set_edge_weight(v, u, 0)
        mc.compute_matching()
        result = [(unpaired[a], unpaired[b]) for a, b in pairs]
        outgoing = [unpaired[v] for v in floating]
        self._trace_bracket(bracket, result, outgoing, weights)
        if self.detailed:
            self.trace += self._decisive_criteria(unpaired, bracket, result, weights, legal)
        else:
            self.trace += self._order_reasons(bracket, result)
        return result, outgoing

    def _trace_bracket(
        self,
        bracket: list[SwissPlayer],
        pairs: list[tuple[SwissPlayer, SwissPlayer]],
        outgoing: list[SwissPlayer],
        weights: BracketWeights,
    ) -> None:
        state = self.state
        resident = weights.resident_score
        incoming = [p for p in bracket if state.score(p) != resident]
        self.trace.append(
            f"Bracket {_points(resident)}: BSN "
            + " ".join(f"{s}={p.number}" for s, p in enumerate(bracket, start=1))
            + (f"; incoming floaters {' '.join(str(p.number) for p in incoming)}" * bool(incoming))
        )
        conflicts = sum(colour_conflict(a, b) for a, b in pairs)
        scores = sorted((state.score(p) for p in outgoing), reverse=True)
        shown = " ".join(_points(s) for s in scores) or "none"
        self.trace.append(
            f"  pairs ([C5] {len(pairs)}): "
            + (", ".join(f"{a.number}-{b.number}" for a, b in pairs) or "none")
            + f"; outgoing floaters ([C6] scores {shown}): "
            + (" ".join(str(p.number) for p in outgoing) or "none")
            + f"; [C8] colour preferences not met: {conflicts}"
        )

    def _order_reasons(
        self, bracket: list[SwissPlayer], pairs: list[tuple[SwissPlayer, SwissPlayer]]
    ) -> list[str]:
        """Article 4.3 read back: for each BSN in turn, the opponent it got and, for every
        lower-ranked player still free that it did not get, why: an absolute criterion, or a
        higher-priority criterion ([C4]-[C8]) that the pairing with him would satisfy less."""
        state = self.state
        bsn = {p.number: s for s, p in enumerate(bracket, start=1)}
        mate: dict[int, SwissPlayer | None] = {p.number: None for p in bracket}
        for a, b in pairs:
            mate[a.number], mate[b.number] = b, a
        free = {p.number for p in bracket}
        lines = []
        for p in bracket:
            if p.number not in free:
                continue
            free.discard(p.number)
            other = mate[p.number]
            got = bsn[other.number] if other is not None else 0
            skipped = [q for q in reversed(bracket) if q.number in free and bsn[q.number] > got]
            why = []
            for q in skipped:
                if q.index in state.forbidden[p.index]:
                    reason = "[C1] met before or forbidden"
                elif not compatible(state, p, q):
                    reason = "[C3] the same absolute colour preference"
                else:
                    reason = "a higher criterion ([C4]-[C8])"
                why.append(f"BSN {bsn[q.number]} ({q.number}): {reason}")
            got_text = f"BSN {got} ({other.number})" if other is not None else "floats (BSN 0)"
            lines.append(
                f"  4.3: BSN {bsn[p.number]} ({p.number}) meets {got_text}"
                + (f"; not {'; not '.join(why)}" if why else "")
            )
            if other is not None:
                free.discard(other.number)
        return lines

    def _decisive_criteria(
        self,
        unpaired: list[SwissPlayer],
        bracket: list[SwissPlayer],
        pairs: list[tuple[SwissPlayer, SwissPlayer]],
        weights: BracketWeights,
        legal: list[list[bool]],
        limit: int = 3,
    ) -> list[str]:
        """As :meth:`_order_reasons`, naming for each lower-ranked opponent a player did not get
        (at most ``limit`` per player) the criterion that ruled him out: the best pairing with
        that pair, the earlier choices of 4.3 kept, is compared field by field with the chosen
        one (two extra matchings per opponent)."""
        state = self.state
        position = {p.number: i for i, p in enumerate(unpaired)}
        members = [position[p.number] for p in bracket]
        bsn = {v: s for s, v in enumerate(members, start=1)}
        mate: dict[int, int | None] = dict.fromkeys(members)
        for a, b in pairs:
            mate[position[a.number]], mate[position[b.number]] = (
                position[b.number],
                position[a.number],
            )
        fixed: dict[int, int | None] = {}
        lines = []
        for v in members:
            if v in fixed:
                continue
            chosen = mate[v]
            got = bsn[chosen] if chosen is not None else 0
            skipped = [u for u in reversed(members) if u not in fixed and u != v and bsn[u] > got]
            why = []
            weighed = 0
            for u in skipped:
                q = unpaired[u]
                if q.index in state.forbidden[unpaired[v].index]:
                    reason = "[C1] met before or forbidden"
                elif not legal[v][u]:
                    reason = "[C3] the same absolute colour preference"
                elif weighed < limit:
                    weighed += 1
                    best = self._best_weight(unpaired, weights, legal, {**fixed, v: chosen}, bsn)
                    other = self._best_weight(unpaired, weights, legal, {**fixed, v: u}, bsn)
                    reason = weights.deciding_criterion(best, other)
                else:
                    reason = "a higher criterion ([C4]-[C8])"
                why.append(f"BSN {bsn[u]} ({q.number}): {reason}")
            name = unpaired[v].number
            got_text = (
                f"BSN {got} ({unpaired[chosen].number})" if chosen is not None else "floats (BSN 0)"
            )
            lines.append(
                f"  4.3: BSN {bsn[v]} ({name}) meets {got_text}"
                + (f"; not {'; not '.join(why)}" if why else "")
            )
            fixed[v] = chosen
            if chosen is not None:
                fixed[chosen] = v
        return lines

    def _best_weight(
        self,
        unpaired: list[SwissPlayer],
        weights: BracketWeights,
        legal: list[list[bool]],
        fixed: dict[int, int | None],
        bsn: dict[int, int],
    ) -> int | None:
        """The weight of the best matching in which each bracket member of ``fixed`` meets the
        given opponent (None: floats out of the bracket); None when nobody can be paired."""
        n = len(unpaired)
        mc = self.factory(n)
        for i in range(n):
            row = [0] * n
            for j in range(n):
                if i == j or not legal[i][j]:
                    continue
                if i in fixed and fixed[i] is not None and fixed[i] != j:
                    continue
                if j in fixed and fixed[j] is not None and fixed[j] != i:
                    continue
                floats = (i in fixed and fixed[i] is None) or (j in fixed and fixed[j] is None)
                if floats and i in bsn and j in bsn:
                    continue
                row[j] = weights.weight(i, j)
            mc.set_row(i, row)
        mc.compute_matching()
        mates = mc.matching()
        if any(m == v for v, m in enumerate(mates)):
            return None
        return sum(weights.weight(v, m) for v, m in enumerate(mates) if v < m)


class BracketWeights:
    """The edge weights while one bracket is paired (see the module docstring): fields, top
    first, each wide enough never to carry into the next.

    2026 edition (C.04.4.2 Article 2.3): [C5] pairs in the bracket; [C6] for each score of the
    bracket, highest first, the number of its players paired in the bracket (so the outgoing
    floaters' scores, taken in descending order, are the lowest possible); [C7] the same two
    counts for the following bracket (this bracket's floaters with the next score group);
    [C8] pairs in the bracket in which both players get their colour preference. The lowest
    bits stay free for the order of Article 4.3.

    2025 edition: [C6] the number of incoming floaters paired, then their scores highest first;
    [C7] the following bracket's pairs and its incoming floaters (this bracket's outgoing
    ones) paired, by number and scores.
    """

    def __init__(
        self,
        state: SwissRound,
        edition: BursteinEdition,
        unpaired: list[SwissPlayer],
        bracket: list[SwissPlayer],
        following: list[SwissPlayer],
    ) -> None:
        self.players = unpaired
        self.edition = edition
        n = len(unpaired)
        self.width = n.bit_length() + 1
        self.score = [state.score(p) for p in unpaired]
        position = {p.number: i for i, p in enumerate(unpaired)}
        self.in_bracket = [False] * n
        self.in_next = [False] * n
        for p in bracket:
            self.in_bracket[position[p.number]] = True
        for p in following:
            self.in_next[position[p.number]] = True
        self.resident_score = min(state.score(p) for p in bracket)
        self.conflict = [p.colour_preference for p in unpaired]
        w = self.width
        order_bits = w
        self.c6_scores: dict[int, int] = {}
        self.c7_scores: dict[int, int] = {}
        # field offsets, lowest first
        offset = order_bits
        self.c8 = offset
        offset += w
        bracket_scores = sorted({state.score(p) for p in bracket})
        next_scores = sorted({state.score(p) for p in bracket + following})
        if edition is BursteinEdition.BURSTEIN_2026:
            for s in next_scores:
                self.c7_scores[s] = offset
                offset += w
            self.c7_count = offset
            offset += w
            self.c7_incoming = -1
            for s in bracket_scores:
                self.c6_scores[s] = offset
                offset += w
            self.c6_count = -1
        else:
            for s in bracket_scores:
                self.c7_scores[s] = offset
                offset += w
            self.c7_incoming = offset
            offset += w
            self.c7_count = offset
            offset += w
            incoming_scores = [s for s in bracket_scores if s != self.resident_score]
            for s in incoming_scores:
                self.c6_scores[s] = offset
                offset += w
            self.c6_count = offset
            offset += w
        self.c5 = offset
        offset += w
        self.legal_field = 1 << offset

    def weight(self, i: int, j: int) -> int:
        """The weight of the pair ``i``-``j`` (positions in the players still to pair), for a
        pair the absolute criteria allow."""
        weight = self.legal_field
        in_b, in_n = self.in_bracket, self.in_next
        score = self.score
        if in_b[i] and in_b[j]:
            weight += 1 << self.c5
            for v in (i, j):
                s = score[v]
                if self.c6_count >= 0:  # 2025: the incoming floaters paired
                    if s != self.resident_score:
                        weight += (1 << self.c6_count) + (1 << self.c6_scores[s])
                else:
                    weight += 1 << self.c6_scores[s]
            a, b = self.conflict[i], self.conflict[j]
            if a is Colour.NONE or b is Colour.NONE or a is not b:
                weight += 1 << self.c8
        elif (in_b[i] or in_n[i]) and (in_b[j] or in_n[j]):
            weight += 1 << self.c7_count
            for v in (i, j):
                s = score[v]
                if self.c7_incoming >= 0:  # 2025: the following bracket's incoming floaters
                    if in_b[v]:
                        weight += (1 << self.c7_incoming) + (1 << self.c7_scores[s])
                else:
                    weight += 1 << self.c7_scores[s]
        return weight

    def deciding_criterion(self, best: int | None, other: int | None) -> str:
        """The highest criterion in which a pairing of weight ``other`` is worse than the chosen
        one of weight ``best`` (weights of whole matchings, None: not completable)."""
        if other is None or best is None:
            return "[C4] the round could not be completed"
        c6 = min([*self.c6_scores.values(), *([self.c6_count] if self.c6_count >= 0 else [])])
        c7 = min(
            [
                *self.c7_scores.values(),
                self.c7_count,
                *([self.c7_incoming] if self.c7_incoming >= 0 else []),
            ]
        )
        for shift, name in (
            (self.c5, "[C5] fewer pairs"),
            (c6, "[C6] outgoing floaters' scores"),
            (c7, "[C7] the following bracket"),
            (self.c8, "[C8] more colour preferences not met"),
        ):
            if best >> shift != other >> shift:
                return name
        return "no worse (4.3 order)"
