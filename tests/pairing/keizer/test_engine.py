"""Keizer pairing: a club evening worked by hand, the repeat distance and how a repeat is
avoided, the bye, colours, the explanation, and a property over random club seasons."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, ForbiddenPairs, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.apply import record_bye
from chessarbiter.pairing.keizer.checker import check_tournament
from chessarbiter.pairing.keizer.engine import explain_round, may_meet, pair_round
from chessarbiter.pairing.keizer.scoring import (
    KeizerRepeatAvoidance,
    KeizerSettings,
    KeizerVariant,
    keizer_scores,
)
from chessarbiter.pairing.round_pairing import Board, NoValidPairingError

F = Fraction


def club(size: int, rounds: int = 6) -> Tournament:
    t = Tournament(total_rounds=rounds, initial_colour=Colour.WHITE)
    for n in range(1, size + 1):
        t.add_player(Player(n, f"P{n}", rating=2100 - 100 * n))
    return t


def absent(t: Tournament, round_number: int, player: int, kind: Result | None = None) -> None:
    """Excuse ``player`` before the pairing: ``Z`` announced, ``None`` without notice."""
    entry = (
        RoundEntry.bye(kind)
        if kind is not None
        else RoundEntry(None, Colour.NONE, Result.FORFEIT_LOSS)
    )
    t.player(player).set_entry(round_number, entry)


def play(t: Tournament, round_number: int, results: dict[tuple[int, int], Result]) -> None:
    """Pair the round, check it is the expected boards, record the results."""
    pairing = pair_round(t)
    assert {(b.white, b.black) for b in pairing.boards} == set(results)
    for (white, black), result in results.items():
        t.record_game(round_number, white, black, result)
    if pairing.bye is not None:
        record_bye(t, round_number, pairing.bye, Result.PAIRING_ALLOCATED_BYE)


def test_club_evening_by_hand() -> None:
    """Six members over four evenings (classic: values 6..1, bye 2/3, announced absence 1/3,
    absence without notice 0, repeats after three rounds). Every ranking below was computed by
    hand, scoring all rounds again with the new values until the ranking held."""
    t = club(6)
    # round 1, ranking 1..6: 1-2, 3-4 (higher player black on board 2), 5-6
    assert pair_round(t).boards == (Board(1, 2), Board(4, 3), Board(5, 6))
    play(t, 1, {(1, 2): Result.WIN, (4, 3): Result.DRAW, (5, 6): Result.LOSS})
    # values 6..1: 1 11, 3 5½, 2 5, 4 5, 6 3, 5 2 -> 1 3 2 4 6 5
    # values again: 1 10, 3 6½, 4 5½, 2 4, 6 3, 5 1 -> 1 3 4 2 6 5
    # values again: 1 9, 3 7, 4 6½, 2 3, 6 3, 5 1 -> the same: converged in 3 scorings
    st = keizer_scores(t)
    assert st.ranking == (1, 3, 4, 2, 6, 5)
    assert st.scores == {1: 9, 3: 7, 4: F(13, 2), 2: 3, 6: 3, 5: 1}
    assert st.iterations == 3

    # round 2: 5 announced absent; five present, the lowest (6) gets the bye
    absent(t, 2, 5, Result.ZERO_POINT_BYE)
    pairing = pair_round(t)
    assert pairing.bye == 6
    play(t, 2, {(3, 1): Result.WIN, (2, 4): Result.DRAW})
    st = keizer_scores(t)
    assert st.ranking == (3, 4, 1, 2, 6, 5)
    assert st.scores == {1: 7, 2: F(11, 2), 3: F(25, 2), 4: F(19, 2), 5: F(4, 3), 6: F(13, 3)}
    assert st.iterations == 3

    # round 3: 2 absent without notice; 5 has had no bye yet, 6 has: 5 gets it. 3 has met 4
    # (round 1) and 1 (round 2), both within three rounds: 3 meets 6, then 4 meets 1
    absent(t, 3, 2)
    pairing = pair_round(t)
    assert pairing.bye == 5
    play(t, 3, {(6, 3): Result.DRAW, (4, 1): Result.WIN})
    st = keizer_scores(t)
    assert st.ranking == (3, 4, 6, 1, 2, 5)
    assert st.scores == {1: 5, 2: F(9, 2), 3: F(27, 2), 4: 12, 5: 2, 6: F(32, 3)}
    assert st.iterations == 4

    # round 4: 3 and 4 met in round 1, three rounds ago: they may meet again
    play(t, 4, {(3, 4): Result.LOSS, (1, 6): Result.DRAW, (2, 5): Result.WIN})
    st = keizer_scores(t)
    assert st.ranking == (4, 3, 6, 1, 2, 5)
    assert st.scores == {1: 7, 2: 6, 3: 13, 4: F(35, 2), 5: 2, 6: F(35, 3)}
    assert st.values == {4: 6, 3: 5, 6: 4, 1: 3, 2: 2, 5: 1}
    assert (st.iterations, st.converged) == (3, True)


def test_repeat_distance() -> None:
    last = {frozenset((1, 2)): 2}
    three = KeizerSettings(repeat_distance=3)
    assert not may_meet(1, 2, 4, last, set(), three)
    assert may_meet(1, 2, 5, last, set(), three)
    assert not may_meet(1, 2, 9, last, set(), KeizerSettings(repeat_distance=None))
    assert may_meet(1, 2, 3, last, set(), KeizerSettings(repeat_distance=1))
    assert not may_meet(1, 3, 3, last, {frozenset((1, 3))}, three)


def test_forfeits_are_not_meetings() -> None:
    t = club(2)
    t.record_game(1, 1, 2, Result.FORFEIT_WIN)
    assert "unavoidable repeat" not in " ".join(explain_round(t))
    t = club(2)
    t.record_game(1, 1, 2, Result.WIN)
    assert "unavoidable repeat: last met round 1" in " ".join(explain_round(t))


def forbidding(*pairs: tuple[int, int]) -> Tournament:
    t = club(4)
    t.forbidden_pairs.extend(ForbiddenPairs(p) for p in pairs)
    return t


def test_look_ahead_avoids_a_repeat_the_swap_walk_leaves() -> None:
    """1 may not meet 2 nor 2 meet 4 (XXP). Swapping (chesspairing): 1 takes 3, which leaves
    2-4. Looking ahead: 1 passes over 3 too, and the round has no repeat."""
    t = forbidding((1, 2), (2, 4))
    ahead = pair_round(t)
    assert {frozenset((b.white, b.black)) for b in ahead.boards} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
    }
    swap = KeizerSettings(repeat_avoidance=KeizerRepeatAvoidance.SWAP)
    walked = pair_round(t, settings=swap)
    assert {frozenset((b.white, b.black)) for b in walked.boards} == {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }
    lines = explain_round(t)
    assert any("1 passes over 2: XXP; 3: would force a repeat further down" in x for x in lines)
    assert any("unavoidable repeat" in x for x in explain_round(t, settings=swap))


def test_unavoidable_repeat_is_made_and_said() -> None:
    t = forbidding((1, 2))
    t.forbidden_pairs.append(ForbiddenPairs((1, 2, 3, 4)))
    pairing = pair_round(t)
    assert [{b.white, b.black} for b in pairing.boards] == [{1, 2}, {3, 4}]
    assert sum("unavoidable repeat" in x for x in explain_round(t)) == 2


def test_bye_to_the_lowest_with_fewest_byes() -> None:
    t = club(3)
    assert pair_round(t).bye == 3
    record_bye(t, 1, 3, Result.PAIRING_ALLOCATED_BYE)
    t.record_game(1, 1, 2, Result.WIN)
    assert keizer_scores(t).ranking == (1, 2, 3)  # 1: 3 + 2, 2: 2, 3: 1 + 2/3
    assert pair_round(t).bye == 2  # 3, the lowest, already had one
    no_rotation = dataclasses.replace(KeizerSettings(), bye_rotation=False, repeat_distance=1)
    assert pair_round(t, settings=no_rotation).bye == 3


def test_colours() -> None:
    """Round 1: the higher player takes the initial colour on odd boards, the other on even
    boards; later the shared Swiss colour steps, then the higher player's preference."""
    t = club(4)
    assert pair_round(t).boards == (Board(1, 2), Board(4, 3))
    t.initial_colour = Colour.BLACK
    assert pair_round(t).boards == (Board(2, 1), Board(3, 4))


def test_explanation() -> None:
    t = club(5)
    lines = explain_round(t, KeizerVariant.KEIZER_FOR_CLUBS)
    assert lines[0] == (
        "Keizer (keizerforclubs) ranking after round 0: converged after 1 scoring; "
        "repeat distance 3"
    )
    assert lines[1] == "    1.    1  value    5  score 5"
    assert "bye: 5 (place 5, 0 earlier byes)" in lines
    assert lines[-1] == "  pairing-allocated bye: 5"


def test_errors() -> None:
    t = club(2)
    t.total_rounds = None
    with pytest.raises(PairingError, match="number of rounds"):
        pair_round(t)
    t = club(2)
    absent(t, 1, 1, Result.ZERO_POINT_BYE)
    absent(t, 1, 2, Result.ZERO_POINT_BYE)
    t.player(1).results.pop()
    t.player(2).results.pop()
    t.absent_next_round.extend([1, 2])
    with pytest.raises(NoValidPairingError, match="nobody is present"):
        pair_round(t)
    with pytest.raises(PairingError, match="unknown Keizer variant"):
        pair_round(club(2), "dutch")


def min_repeats(players: list[int], allowed: dict[frozenset[int], bool]) -> int:
    """The fewest repeats any pairing of ``players`` (even) needs: brute force."""
    if not players:
        return 0
    first, rest = players[0], players[1:]
    best = len(players)
    for k, other in enumerate(rest):
        cost = 0 if allowed[frozenset((first, other))] else 1
        best = min(best, cost + min_repeats(rest[:k] + rest[k + 1 :], allowed))
    return best


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(min_value=2, max_value=12),
    rounds=st.integers(min_value=1, max_value=7),
    distance=st.sampled_from([None, 2, 3, 5]),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_random_club_seasons(size: int, rounds: int, distance: int | None, seed: int) -> None:
    """Irregular attendance, paired round after round: nobody twice in a round, everybody
    present paired or the bye, no repeat within the distance unless every pairing of those
    present needs as many, and the same pairing when asked twice."""
    rng = random.Random(seed)
    t = club(size, rounds)
    chosen = KeizerSettings(repeat_distance=distance)
    for r in range(1, rounds + 1):
        for n in range(1, size + 1):
            if rng.random() < 0.25:
                absent(t, r, n, rng.choice([Result.ZERO_POINT_BYE, None]))
        if all(len(p.results) == r for p in t):  # an evening nobody attends is not a round
            t.player(rng.randint(1, size)).results.pop()
        present = [p.number for p in t if len(p.results) < r]
        pairing = pair_round(t, settings=chosen)
        assert pairing == pair_round(t, settings=chosen)
        seen = [x for b in pairing.boards for x in (b.white, b.black)]
        if pairing.bye is not None:
            seen.append(pairing.bye)
        assert sorted(seen) == sorted(present)
        last: dict[frozenset[int], int] = {}
        for p in t:
            for k, e in enumerate(p.results[: r - 1], start=1):
                if e.is_played and e.opponent is not None:
                    last[frozenset((p.number, e.opponent))] = k
        allowed = {
            frozenset((a, b)): may_meet(a, b, r, last, set(), chosen)
            for a in present
            for b in present
            if a != b
        }
        made = sum(not allowed[frozenset((b.white, b.black))] for b in pairing.boards)
        paired = [x for x in present if x != pairing.bye]
        assert made == min_repeats(paired, allowed)
        for b in pairing.boards:
            t.record_game(r, b.white, b.black, rng.choice([Result.WIN, Result.DRAW, Result.LOSS]))
        if pairing.bye is not None:
            record_bye(t, r, pairing.bye, Result.PAIRING_ALLOCATED_BYE)
    assert check_tournament(trf.loads(trf.dumps(t)), settings=chosen) == []


def test_checker_finds_a_round_paired_otherwise() -> None:
    t = club(6, 3)
    play(t, 1, {(1, 2): Result.WIN, (4, 3): Result.DRAW, (5, 6): Result.LOSS})
    absent(t, 2, 5, Result.ZERO_POINT_BYE)
    play(t, 2, {(3, 1): Result.WIN, (2, 4): Result.DRAW})
    assert check_tournament(t) == []
    assert [d.round for d in check_tournament(t, "frozen")] == [2]  # frozen: 1 4 6 3 2 (5 absent)
    t.player(3).results[1] = RoundEntry(1, Colour.BLACK, Result.WIN)
    t.player(1).results[1] = RoundEntry(3, Colour.WHITE, Result.LOSS)
    assert [d.round for d in check_tournament(t)] == [2]
