"""Keizer pairing: top-down by the Keizer ranking (the Keizer club system; not a FIDE system).

The procedure ("Keizer club regulations": De Schaakmaat, SV Krimpen, Caissa Amsterdam; the
repeat distance of Schaakclub De Vennep and Bornse Damvereniging):

1. rank every player by Keizer score (:func:`~.scoring.keizer_scores`, the ranking after the
   last paired round; before round 1 the initial order);
2. who is paired: every player present (:func:`~chessarbiter.pairing.swiss.state.prepare_round`:
   not excused for the round by a ``0000 H/F/Z`` entry, a TRF-2026 ``240`` record or a JaVaFo
   ``XXZ`` line);
3. with an odd number present, the pairing-allocated bye goes to the lowest-ranked player
   among those with the fewest byes so far (``bye_rotation``; without it simply the
   lowest-ranked, as chesspairing does);
4. the others are paired top-down: number 1 against number 2, 3 against 4 ... A pair whose last
   game is less than ``repeat_distance`` rounds ago (or who met at all, when the distance is
   ``None``), or that ``XXP`` forbids, is a *repeat*: the higher player then meets the next
   player down the ranking with whom he may play ("if number 1 has already played number 2,
   number 1 plays number 3", De Schaakmaat). With ``repeat_avoidance=LOOK_AHEAD`` (the
   default) a choice is kept only if the players below can still be paired with as few
   repeats as possible at all (a maximum-weight matching proves it), so a repeat is made only
   when it cannot be avoided; with ``SWAP`` (chesspairing) the natural opponent swaps places
   with the chosen one and the walk goes on without looking ahead;
5. colours by the shared Swiss steps (:func:`~chessarbiter.pairing.swiss.colours.neutral_colour`:
   both preferences, the stronger, the latest different round), then the higher-ranked
   player's preference, and with no preference at all the higher-ranked player takes the
   initial colour on odd boards and the other on even boards ("one plays as often with White
   as with Black", De Schaakmaat);
6. boards in ranking order.

Forfeited games are not meetings (the players may be paired again at once), as for the FIDE
systems and chesspairing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from chessarbiter.model import Colour, PlayerId, Tournament
from chessarbiter.pairing.keizer.scoring import (
    KeizerRepeatAvoidance,
    KeizerSettings,
    KeizerStandings,
    KeizerVariant,
    keizer_scores,
    settings_of,
)
from chessarbiter.pairing.matching import MatcherFactory, default_computer
from chessarbiter.pairing.round_pairing import Board, NoValidPairingError, RoundPairing
from chessarbiter.pairing.swiss.colours import neutral_colour
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound, prepare_round

DEFAULT_VARIANT = KeizerVariant.CLASSIC


@dataclass(frozen=True, slots=True)
class KeizerPair:
    """One board as made: the higher-ranked player, his opponent, the colours, and why the
    natural opponent(s) were passed over."""

    higher: PlayerId
    lower: PlayerId
    white: PlayerId
    black: PlayerId
    passed_over: tuple[PlayerId, ...] = ()
    repeat: bool = False


def last_meetings(state: SwissRound) -> dict[frozenset[PlayerId], int]:
    """The round of each pair's latest game played over the board (forfeits do not count:
    C.04.1 b's reading, which the Keizer programs share)."""
    last: dict[frozenset[PlayerId], int] = {}
    for sp in state.players:
        for r, m in enumerate(sp.matches, start=1):
            if m.played and m.opponent is not None:
                last[frozenset((sp.number, m.opponent))] = r
    return last


def may_meet(
    a: PlayerId,
    b: PlayerId,
    round_number: int,
    last: dict[frozenset[PlayerId], int],
    forbidden: set[frozenset[PlayerId]],
    settings: KeizerSettings,
) -> bool:
    """Whether ``a`` and ``b`` may meet in ``round_number`` without a repeat: never met, or met
    at least ``repeat_distance`` rounds ago (``None``: never again; Schaakclub De Vennep "not
    within three rounds", Bornse Damvereniging "at least 8 rounds"), and not forbidden by
    ``XXP``.

    >>> may_meet(1, 2, 5, {frozenset((1, 2)): 2}, set(), KeizerSettings(repeat_distance=3))
    True
    >>> may_meet(1, 2, 4, {frozenset((1, 2)): 2}, set(), KeizerSettings(repeat_distance=3))
    False
    """
    pair = frozenset((a, b))
    if pair in forbidden:
        return False
    when = last.get(pair)
    if when is None:
        return True
    distance = settings.repeat_distance
    return distance is not None and round_number - when >= distance


def choose_bye(present: Sequence[SwissPlayer], settings: KeizerSettings) -> SwissPlayer | None:
    """The pairing-allocated bye for an odd number ``present`` (in ranking order): the
    lowest-ranked player, among those with the fewest byes so far when ``bye_rotation`` is on
    ("Keizer club regulations": the odd man out is the lowest of the ranking)."""
    if len(present) % 2 == 0:
        return None
    if not settings.bye_rotation:
        return present[-1]
    fewest = min(sum(m.received_pab for m in p.matches) for p in present)
    return next(p for p in reversed(present) if sum(m.received_pab for m in p.matches) == fewest)


class KeizerPairer:
    """Pairs one round; ``trace`` collects the explanation lines."""

    def __init__(
        self,
        tournament: Tournament,
        settings: KeizerSettings,
        variant: str,
        factory: MatcherFactory,
    ) -> None:
        self.state = prepare_round(tournament)
        self.settings = settings
        self.variant = variant
        self.factory = factory
        self.standings: KeizerStandings = keizer_scores(
            tournament, settings, rounds=self.state.played_rounds
        )
        self.trace: list[str] = []
        self.pairs: list[KeizerPair] = []
        self.bye: SwissPlayer | None = None

    def run(self) -> RoundPairing:
        state, settings, st = self.state, self.settings, self.standings
        round_number = state.round_number
        place = {n: i for i, n in enumerate(st.ranking)}
        present = sorted(state.to_pair, key=lambda p: place[p.number])
        self._explain_ranking(present)
        self.bye = choose_bye(present, settings)
        if self.bye is not None:
            byes = sum(m.received_pab for m in self.bye.matches)
            self.trace.append(
                f"bye: {self.bye.number} (place {place[self.bye.number] + 1}, "
                f"{byes} earlier bye{'s' if byes != 1 else ''})"
            )
        players = [p for p in present if p is not self.bye]
        if not players and self.bye is None:
            raise NoValidPairingError(f"round {round_number}: nobody is present to be paired")
        last = last_meetings(state)
        forbidden = {
            frozenset((a, b))
            for group in state.tournament.forbidden_pairs
            if group.applies_to(round_number)
            for a in group.players
            for b in group.players
            if a != b
        }
        n = len(players)
        allowed = [
            [
                i != j
                and may_meet(
                    players[i].number,
                    players[j].number,
                    round_number,
                    last,
                    forbidden,
                    settings,
                )
                for j in range(n)
            ]
            for i in range(n)
        ]
        walk = (
            self._swap
            if settings.repeat_avoidance is KeizerRepeatAvoidance.SWAP
            else self._top_down
        )
        for i, j, skipped in walk(allowed):
            higher, lower = players[i], players[j]
            white_first = self._colour(higher, lower, board=len(self.pairs) + 1)
            white, black = (higher, lower) if white_first else (lower, higher)
            pair = KeizerPair(
                higher.number,
                lower.number,
                white.number,
                black.number,
                tuple(players[k].number for k in skipped),
                not allowed[i][j],
            )
            self.pairs.append(pair)
            self._explain_pair(pair, last, forbidden, round_number)
        boards = tuple(Board(p.white, p.black) for p in self.pairs)
        return RoundPairing(
            round_number,
            boards,
            bye=self.bye.number if self.bye is not None else None,
            trace=tuple(self.trace),
        )

    @staticmethod
    def _swap(allowed: list[list[bool]]) -> list[tuple[int, int, list[int]]]:
        """chesspairing's walk (:attr:`KeizerRepeatAvoidance.SWAP`): down the ranking two by
        two; when the pair at positions ``k, k + 1`` may not meet, the player at ``k + 1``
        swaps places with the first player further down whom the one at ``k`` may meet, and
        with none the repeat stands."""
        n = len(allowed)
        order = list(range(n))
        result: list[tuple[int, int, list[int]]] = []
        for k in range(0, n - 1, 2):
            top = order[k]
            skipped: list[int] = []
            if not allowed[top][order[k + 1]]:
                for alt in range(k + 2, n):
                    if allowed[top][order[alt]]:
                        skipped = [order[x] for x in range(k + 1, alt)]
                        order[k + 1], order[alt] = order[alt], order[k + 1]
                        break
            other = order[k + 1]
            result.append((min(top, other), max(top, other), skipped))
        return result

    def _top_down(self, allowed: list[list[bool]]) -> list[tuple[int, int, list[int]]]:
        """Pairs ``(i, j, skipped)``, ``i < j`` in ranking order: each highest unpaired player
        takes the first player below him whose choice keeps the fewest repeats possible for
        the whole round, trying players he may meet before repeats; ``skipped`` are the
        unpaired players between ``i`` and ``j`` he passed over."""
        n = len(allowed)
        if n == 0:
            return []
        # weights: a perfect matching first (K), then the fewest repeats (BIG per allowed
        # pair), then, as a mere hint that makes most choices hold at once, closeness in rank
        big = n * n + 1
        heavy = big * (n + 1)
        matcher = self.factory(n)
        rows: list[list[int]] = []
        for i in range(n):
            row = [
                0 if i == j else heavy + (big if allowed[i][j] else 0) + (n - abs(i - j))
                for j in range(n)
            ]
            rows.append(row)
            matcher.set_row(i, row)
        matcher.compute_matching()

        def repeats(mates: list[int]) -> int:
            return sum(1 for u, v in enumerate(mates) if u < v and not allowed[u][v])

        mates = matcher.matching()
        if any(mates[u] == u for u in range(n)):  # pragma: no cover - complete graph, even n
            raise NoValidPairingError("the players present cannot all be paired")
        best = repeats(mates)
        paired: set[int] = set()
        result: list[tuple[int, int, list[int]]] = []
        for i in range(n):
            if i in paired:
                continue
            below = [j for j in range(i + 1, n) if j not in paired]
            order = [j for j in below if allowed[i][j]] + [j for j in below if not allowed[i][j]]
            for j in order:
                if mates[i] == j:
                    break
                matcher.set_row(i, [row if k == j else 0 for k, row in enumerate(rows[i])])
                matcher.set_row(j, [row if k == i else 0 for k, row in enumerate(rows[j])])
                matcher.compute_matching()
                trial = matcher.matching()
                if repeats(trial) == best:
                    mates = trial
                    break
                matcher.set_row(i, rows[i])
                matcher.set_row(j, rows[j])
                matcher.compute_matching()
                mates = matcher.matching()
            else:  # pragma: no cover - the matching's own mate always qualifies
                raise NoValidPairingError(f"no opponent left for the player at place {i + 1}")
            j = mates[i]
            matcher.freeze(i, j)
            for k in range(n):
                if k not in (i, j):
                    rows[k][i] = rows[k][j] = rows[i][k] = rows[j][k] = 0
            paired.update((i, j))
            result.append((i, j, [k for k in below if k < j]))
        return result

    def _colour(self, higher: SwissPlayer, lower: SwissPlayer, board: int) -> bool:
        """Whether the higher-ranked player gets White (module docstring, step 5)."""
        colour = neutral_colour(higher, lower)
        if colour is Colour.NONE:
            colour = higher.colour_preference
        if colour is Colour.NONE:
            initial = self.state.initial_colour
            colour = initial if board % 2 == 1 else initial.opposite
        return colour is Colour.WHITE

    def _explain_ranking(self, present: Sequence[SwissPlayer]) -> None:
        st = self.standings
        how = (
            f"converged after {st.iterations} scoring{'s' if st.iterations != 1 else ''}"
            if st.converged and self.settings.recompute
            else "frozen round by round"
            if not self.settings.recompute
            else f"oscillation resolved by averaging after {st.iterations} scorings"
            if st.oscillated
            else f"not converged after {st.iterations} scorings"
        )
        self.trace.append(
            f"Keizer ({self.variant}) ranking after round {st.rounds}: {how}; "
            f"repeat distance {self.settings.repeat_distance or 'never'}"
        )
        here = {p.number for p in present}
        for place, number in enumerate(st.ranking, start=1):
            mark = "" if number in here else "  (not paired this round)"
            self.trace.append(
                f"  {place:>3}. {number:>4}  value {st.values[number]:>4}  "
                f"score {_show(st.scores[number])}{mark}"
            )

    def _explain_pair(
        self,
        pair: KeizerPair,
        last: dict[frozenset[PlayerId], int],
        forbidden: set[frozenset[PlayerId]],
        round_number: int,
    ) -> None:
        line = f"board {len(self.pairs)}: {pair.white} - {pair.black}"
        reasons = []
        for other in pair.passed_over:
            met = last.get(frozenset((pair.higher, other)))
            if not may_meet(pair.higher, other, round_number, last, forbidden, self.settings):
                reasons.append(
                    f"{other}: met in round {met}" if met is not None else f"{other}: XXP"
                )
            else:
                reasons.append(f"{other}: would force a repeat further down")
        if reasons:
            line += f"  ({pair.higher} passes over " + "; ".join(reasons) + ")"
        if pair.repeat:
            met = last.get(frozenset((pair.higher, pair.lower)))
            when = f"round {met}" if met is not None else "a forbidden pair"
            line += f"  [unavoidable repeat: last met {when}]"
        self.trace.append(line)


def _show(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        return f"{value.numerator // 2}½" if value.numerator > 1 else "½"
    return f"{float(value):.2f}"


def pair_round(
    tournament: Tournament,
    edition: KeizerVariant | str = DEFAULT_VARIANT,
    *,
    matcher: MatcherFactory | None = None,
    settings: KeizerSettings | None = None,
) -> RoundPairing:
    """Pair the next round of ``tournament`` by the Keizer system (module docstring); the
    ``edition`` is the variant whose settings apply (:func:`~.scoring.settings_of`) unless
    ``settings`` are given. ``trace`` holds the explanation (:func:`explain_round`).

    :raises NoValidPairingError: when nobody is present to be paired.
    :raises PairingError: when the tournament cannot be paired as given (no number of rounds,
        no initial colour, all rounds paired, an unknown variant, settings out of bounds).
    """
    chosen = settings if settings is not None else settings_of(edition)
    variant = str(KeizerVariant(edition)) if settings is None else "custom settings"
    pairer = KeizerPairer(tournament, chosen, variant, matcher or default_computer)
    return pairer.run()


def explain_round(
    tournament: Tournament,
    edition: KeizerVariant | str = DEFAULT_VARIANT,
    *,
    matcher: MatcherFactory | None = None,
    settings: KeizerSettings | None = None,
) -> list[str]:
    """The pairing of the next round explained, as text: the ranking with value numbers and
    scores, how the scoring converged, the bye and why, each board and the players passed over
    to avoid a repeat (and when they met).

    :raises NoValidPairingError: as :func:`pair_round`.
    """
    return pair_round(tournament, edition, matcher=matcher, settings=settings).explained()


__all__ = [
    "DEFAULT_VARIANT",
    "KeizerPair",
    "choose_bye",
    "explain_round",
    "last_meetings",
    "may_meet",
    "pair_round",
]
