"""A brute-force Burstein pairer for small rounds: the articles of C.04.4.2 read literally, by
enumerating every candidate of a bracket in the order of Article 4.3 and keeping the first one
that complies best with [C4]-[C8]. The engine's weighted matchings must give the same pairs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from chessarbiter.editions import BursteinEdition
from chessarbiter.pairing.burstein.order import candidates
from chessarbiter.pairing.burstein.rules import (
    bye_eligible,
    bye_preference,
    colour_conflict,
    compatible,
    opposition_index,
    opposition_score,
    ranking_key,
)
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound

Pair = frozenset[int]


def _matchings(players: list[SwissPlayer], state: SwissRound) -> Iterator[list[Pair]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if compatible(state, first, other):
            for tail in _matchings(rest[:i] + rest[i + 1 :], state):
                yield [frozenset((first.number, other.number)), *tail]


def completable(players: Sequence[SwissPlayer], state: SwissRound) -> bool:
    return next(_matchings(list(players), state), None) is not None


def _partial(
    players: Sequence[SwissPlayer], state: SwissRound
) -> Iterator[tuple[list[tuple[SwissPlayer, SwissPlayer]], list[SwissPlayer]]]:
    """Every set of pairs among ``players`` (legal ones), with the players left."""
    if not players:
        yield [], []
        return
    first, rest = players[0], list(players[1:])
    for pairs, left in _partial(rest, state):
        yield pairs, [first, *left]
    for i, other in enumerate(rest):
        if compatible(state, first, other):
            for pairs, left in _partial(rest[:i] + rest[i + 1 :], state):
                yield [(first, other), *pairs], left


def brute_force(state: SwissRound, edition: BursteinEdition) -> tuple[set[Pair], int | None]:
    scores = {p.number: opposition_score(state, p) for p in state.players}
    key = {p.number: ranking_key(opposition_index(state, p, scores), p) for p in state.players}
    index = {p.number: opposition_index(state, p, scores) for p in state.players}
    players = sorted(state.to_pair, key=lambda p: (-state.score(p), key[p.number]))
    bye = None
    if len(players) % 2:
        offered = sorted(
            (p for p in players if bye_eligible(state, p)),
            key=lambda p: bye_preference(state, p, index[p.number]),
        )
        for p in offered:
            if completable([q for q in players if q is not p], state):
                bye = p.number
                players = [q for q in players if q is not p]
                break
        else:
            raise ValueError("no bye")
    if not completable(players, state):
        raise ValueError("no pairing")
    score = state.score
    groups = sorted({score(p) for p in players}, reverse=True)
    result: set[Pair] = set()
    floaters: list[SwissPlayer] = []
    unpaired = list(players)
    for g, group in enumerate(groups):
        residents = [p for p in unpaired if score(p) == group]
        bracket = sorted(floaters + residents, key=lambda p: key[p.number])
        resident_score = group
        following = [p for p in unpaired if g + 1 < len(groups) and score(p) == groups[g + 1]]
        ids = {p.number for p in bracket} | {p.number for p in following}
        lower = [p for p in unpaired if p.number not in ids]
        best: tuple[object, ...] | None = None
        chosen: tuple[list[tuple[SwissPlayer, SwissPlayer]], list[SwissPlayer]] | None = None
        size = len(bracket)
        for f in range(size % 2, size + 1, 2):
            for cand in candidates(size, f):
                pairs = [(bracket[a - 1], bracket[b - 1]) for a, b in cand if b]
                out = [bracket[a - 1] for a, b in cand if not b]
                if not all(compatible(state, a, b) for a, b in pairs):
                    continue
                if not completable(out + following + lower, state):  # [C4]
                    continue
                c8 = -sum(colour_conflict(a, b) for a, b in pairs)
                if edition is BursteinEdition.BURSTEIN_2026:
                    c6: tuple[object, ...] = tuple(
                        -s for s in sorted(map(score, out), reverse=True)
                    )
                else:
                    paired_in = [p for pair in pairs for p in pair if score(p) != resident_score]
                    c6 = (len(paired_in), tuple(sorted(map(score, paired_in), reverse=True)))
                c7 = _next_bracket(state, edition, out, following, lower)
                value = (len(pairs), c6, c7, c8)
                if best is None or value > best:
                    best, chosen = value, (pairs, out)
        assert chosen is not None
        pairs, floaters = chosen
        result |= {frozenset((a.number, b.number)) for a, b in pairs}
        done = {p.number for pair in pairs for p in pair}
        unpaired = [p for p in unpaired if p.number not in done]
    assert not floaters
    return result, bye


def _next_bracket(
    state: SwissRound,
    edition: BursteinEdition,
    incoming: list[SwissPlayer],
    following: list[SwissPlayer],
    lower: list[SwissPlayer],
) -> tuple[object, ...]:
    """[C7]: how well the following bracket (``incoming`` + ``following``) can comply with
    [C4]-[C6]."""
    score = state.score
    best: tuple[object, ...] = ()
    for pairs, left in _partial(incoming + following, state):
        if not completable(left + lower, state):
            continue
        if edition is BursteinEdition.BURSTEIN_2026:
            value: tuple[object, ...] = (
                len(pairs),
                tuple(-s for s in sorted(map(score, left), reverse=True)),
            )
        else:
            ids = {p.number for p in incoming}
            paired_in = [p for pair in pairs for p in pair if p.number in ids]
            value = (len(pairs), len(paired_in), tuple(sorted(map(score, paired_in), reverse=True)))
        if value > best:
            best = value
    return best
