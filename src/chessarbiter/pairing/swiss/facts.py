"""The facts of one Swiss round that pairing rules are built on: pairing scores, bye
eligibility (C.04.1 art. 4 (2026) / d (2017)), floats and the absolute criteria of C.04.1 b;
shared by both Dutch editions and the deviation report."""

from __future__ import annotations

import enum

from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound


class Float(enum.Enum):
    DOWN = "D"
    UP = "U"
    NONE = ""


class RoundFacts:
    """Pairing scores (tenths, with acceleration), bye eligibility, floats and the absolute
    criteria of one round, for the players to be paired, computed once."""

    def __init__(self, state: SwissRound, players: list[SwissPlayer]) -> None:
        self.state = state
        self.played = state.played_rounds
        score = state.score
        self.scores = {p.number: score(p) for p in players}
        self._eligible = {p.number: state.eligible_for_bye(p) for p in players}
        self._floats: dict[tuple[int, int], Float] = {}
        self._topscorer = {p.number: self.is_topscorer(p) for p in players}

    def is_topscorer(self, p: SwissPlayer) -> bool:
        """C.04.3 2017 A.7 / 2026 1.8: when the last round is paired, a player with more than
        half of the maximum possible score."""
        state = self.state
        if state.played_rounds < state.expected_rounds - 1:
            return False
        return self.scores[p.number] > state.played_rounds * max(state.win, state.draw) >> 1

    def eligible(self, p: SwissPlayer) -> bool:
        """May receive the pairing-allocated bye (C.04.1 art. 4 (2026) / d (2017))."""
        return self._eligible[p.number]

    def float(self, p: SwissPlayer, rounds_back: int) -> Float:
        """The float of ``p`` ``rounds_back`` rounds ago (see
        :meth:`~chessarbiter.pairing.swiss.state.SwissRound.float_direction`)."""
        key = (p.number, rounds_back)
        f = self._floats.get(key)
        if f is None:
            f = self._floats[key] = Float(self.state.float_direction(p, rounds_back))
        return f

    def incompatible_lists(self, players: list[SwissPlayer]) -> list[set[int]]:
        """For each position in ``players``, the positions of the earlier players it may not
        meet (:meth:`compatible` for every pair at once, much faster)."""
        position = {p.index: i for i, p in enumerate(players)}
        forbidden = self.state.forbidden
        by_colour: dict[object, list[int]] = {}
        result: list[set[int]] = []
        for i, p in enumerate(players):
            banned = {position[x] for x in forbidden[p.index] if position.get(x, i) < i}
            if p.absolute_preference and not self._topscorer[p.number]:
                same = by_colour.setdefault(p.colour_preference, [])
                banned.update(same)
                same.append(i)
            result.append(banned)
        return result

    def compatible(self, a: SwissPlayer, b: SwissPlayer) -> bool:
        """The absolute criteria: not met before and not a forbidden pair (C.04.1 b; 2026 [C1],
        2017 C.1), and not two non-topscorers with the same absolute colour preference (2026
        [C3], 2017 C.3)."""
        if b.index in self.state.forbidden[a.index]:
            return False
        return (
            not a.absolute_preference
            or not b.absolute_preference
            or a.colour_preference is not b.colour_preference
            or self._topscorer[a.number]
            or self._topscorer[b.number]
        )
