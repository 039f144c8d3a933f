"""The articles of the Burstein system (C.04.4.2), one by one."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.editions import BursteinEdition, DutchEdition
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.burstein.order import candidates
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
from chessarbiter.pairing.swiss.state import SwissRound, prepare_round


def tournament(rows: dict[int, list[RoundEntry]], rounds: int = 9) -> Tournament:
    t = Tournament(total_rounds=rounds, initial_colour=Colour.WHITE)
    for n in sorted(rows):
        p = t.add_player(Player(n, f"P{n}", rating=2500 - n))
        for r, e in enumerate(rows[n], start=1):
            p.set_entry(r, e)
    return t


def game(opponent: int, colour: str, result: Result) -> RoundEntry:
    return RoundEntry(opponent, Colour.WHITE if colour == "w" else Colour.BLACK, result)


W, D, L = Result.WIN, Result.DRAW, Result.LOSS
ZBYE = RoundEntry.bye(Result.ZERO_POINT_BYE)
HBYE = RoundEntry.bye(Result.HALF_POINT_BYE)


def indices(state: SwissRound) -> dict[int, OppositionIndex]:
    scores = {p.number: opposition_score(state, p) for p in state.players}
    return {p.number: opposition_index(state, p, scores) for p in state.players}


# -- 1.6 seeding rounds ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rounds", "seeding"), [(1, 0), (2, 1), (3, 1), (5, 2), (7, 3), (8, 4), (9, 4), (15, 4)]
)
def test_seeding_rounds_article_1_6_2(rounds, seeding):
    """Half the rounds, rounded down, at most 4."""
    assert seeding_rounds(rounds) == seeding
    assert all(is_seeding_round(r, rounds) for r in range(1, seeding + 1))
    assert not is_seeding_round(seeding + 1, rounds)


def test_editions_pair_seeding_rounds_with_the_dutch_text_of_their_date():
    assert BursteinEdition("2026").dutch is DutchEdition.DUTCH_2026
    assert BursteinEdition("2025").dutch is DutchEdition.DUTCH_2017


# -- 1.7 the Index ---------------------------------------------------------------------------


def test_buchholz_and_sonneborn_berger_article_1_7_1():
    """1 beat 2, drew 3: Buchholz = 2's + 3's scores; SB = 1 x 2's + 0.5 x 3's."""
    t = tournament(
        {
            1: [game(2, "w", W), game(3, "b", D)],
            2: [game(1, "b", L), game(4, "w", W)],
            3: [game(4, "b", W), game(1, "w", D)],
            4: [game(3, "w", L), game(2, "b", L)],
        }
    )
    ix = indices(prepare_round(t))
    # scores: 1 = 1.5, 2 = 1.0, 3 = 1.5, 4 = 0
    assert ix[1] == OppositionIndex(10 + 15, 10 * 10 + 5 * 15)
    assert ix[4] == OppositionIndex(15 + 10, 0)


def test_unplayed_round_is_a_game_against_oneself_article_1_7_2():
    """A half-point bye counts as a game against himself with 0.5: his own score in the
    Buchholz, 0.5 times it in the Sonneborn-Berger."""
    t = tournament(
        {
            1: [game(2, "w", W), HBYE],
            2: [game(1, "b", L), game(3, "w", W)],
            3: [RoundEntry.bye(Result.FULL_POINT_BYE), game(2, "b", L)],
        }
    )
    ix = indices(prepare_round(t))
    assert ix[1] == OppositionIndex(10 + 15, 10 * 10 + 5 * 15)


def test_consecutive_zero_point_byes_count_as_draws_for_opponents_article_1_7_2():
    """2 played 1 in round 1, then took zero-point byes: for 1's Index, 2's two byes count as
    draws (2 counts 1.0, not 0); 2's own score stays 0. An earlier bye followed by a game is
    not such a series."""
    t = tournament(
        {
            1: [game(2, "w", W), game(3, "w", W), game(4, "w", W)],
            2: [game(1, "b", L), ZBYE, ZBYE],
            3: [ZBYE, game(1, "b", L), game(4, "b", L)],
            4: [HBYE, game(3, "w", W), game(1, "b", L)],
        }
    )
    state = prepare_round(t)
    assert opposition_score(state, state.player(2)) == 10
    assert opposition_score(state, state.player(3)) == 0
    ix = indices(state)
    assert ix[1].buchholz == 10 + 0 + 15
    assert state.player(2).score == 0


def test_virtual_points_are_excluded_article_1_7_2():
    t = tournament({1: [game(2, "w", W)], 2: [game(1, "b", L)]})
    t.virtual_points[2] = [Decimal(1), Decimal(1)]
    state = prepare_round(t)
    assert state.score(state.player(2)) == 10  # the pairing score has the virtual point
    assert indices(state)[1] == OppositionIndex(0, 0)


def test_ranking_article_1_8_ignores_the_score():
    t = tournament({1: [game(2, "w", W)], 2: [game(1, "b", L)], 3: [], 4: []}, rounds=5)
    state = prepare_round(t)
    p1, p2, p3 = state.player(1), state.player(2), state.player(3)
    high = ranking_key(OppositionIndex(20, 0), p3)
    assert high < ranking_key(OppositionIndex(10, 99), p1)  # Buchholz first
    assert ranking_key(OppositionIndex(10, 5), p2) < ranking_key(OppositionIndex(10, 4), p1)
    assert ranking_key(OppositionIndex(10, 5), p1) < ranking_key(OppositionIndex(10, 5), p2)


# -- 2 criteria, 3.1 the bye ------------------------------------------------------------------


def test_same_absolute_preference_never_meets_c3_no_topscorer_exception():
    """Last round, both topscorers with White twice: the Dutch system would let them meet
    (topscorers), Burstein's [C3] does not."""
    t = tournament(
        {
            1: [game(3, "w", W), game(4, "w", W)],
            2: [game(4, "w", W), game(3, "w", W)],
            3: [game(1, "b", L), game(2, "b", L)],
            4: [game(2, "b", L), game(1, "b", L)],
        },
        rounds=3,
    )
    state = prepare_round(t)
    p1, p2, p3 = state.player(1), state.player(2), state.player(3)
    assert not compatible(state, p1, p2)
    assert not compatible(state, p1, p3)  # met
    assert compatible(state, p2, state.player(4)) is False  # met
    assert colour_conflict(p1, p2)


def test_bye_order_article_3_1():
    """Lowest score, then most games played, then the lowest ranking; C2 bars a second bye."""
    t = tournament(
        {
            1: [game(2, "w", L), RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE)],
            2: [game(1, "b", W), game(3, "w", W)],
            3: [HBYE, game(2, "b", L)],
            4: [ZBYE, ZBYE],
            5: [game(6, "w", L), ZBYE],
            6: [game(5, "b", W), HBYE],
        },
        rounds=5,
    )
    state = prepare_round(t)
    assert not bye_eligible(state, state.player(1))
    ix = indices(state)
    order = sorted(
        (p for p in state.to_pair if bye_eligible(state, p)),
        key=lambda p: bye_preference(state, p, ix[p.number]),
    )
    # 4 and 5 have 0 points; 5 played a game, 4 none
    assert [p.number for p in order][:2] == [5, 4]


# -- 5.2 colours -----------------------------------------------------------------------------


def test_colours_article_5_2():
    t = tournament(
        {
            1: [game(3, "w", W)],
            2: [game(4, "b", W)],
            3: [game(1, "b", L)],
            4: [game(2, "w", L)],
            5: [ZBYE],
            6: [ZBYE],
        },
        rounds=5,
    )
    state = prepare_round(t)
    p = state.player
    # 5.2.1 neither has played: the higher ranked (5, TPN 5 odd) takes the initial colour
    assert choose_colour(state, p(5), p(6), True) is Colour.WHITE
    assert choose_colour(state, p(6), p(5), False) is Colour.BLACK
    # 5.2.2 both preferences: 1 (had White) gets Black, 2 gets White
    assert choose_colour(state, p(1), p(2), True) is Colour.BLACK
    # 5.2.4 then 5.2.5: 1 and 4 both had White: the same colour history, so the higher
    # ranked player's preference decides
    assert choose_colour(state, p(1), p(4), True) is Colour.BLACK
    assert choose_colour(state, p(1), p(4), False) is Colour.WHITE
    # a player with no game has no preference: the other's is granted (5.2.2)
    assert choose_colour(state, p(5), p(3), True) is Colour.BLACK


# -- 4.3 the order of pairings ---------------------------------------------------------------


def test_order_article_4_3_handbook_note():
    """The note under 4.3: six players, two outgoing floaters. The rule gives each pairing
    once (the note lists "1-3, 2-0, 4-5, 6-0" twice: 46 lines, 45 pairings)."""
    listed = list(candidates(6, 2))
    assert len(listed) == len(set(listed)) == 45
    assert listed[0] == ((1, 6), (2, 5), (3, 0), (4, 0))
    assert ((1, 3), (2, 0), (4, 5), (6, 0)) in listed
    assert listed[-1] == ((1, 0), (2, 0), (3, 4), (5, 6))
    # BSN 1's opponent never increases along the list
    firsts = [c[0][1] for c in listed]  # the float, 0, last
    assert firsts == sorted(firsts, reverse=True)


def test_order_rejects_impossible_floats():
    with pytest.raises(ValueError):
        list(candidates(5, 2))
    assert list(candidates(2, 0)) == [((1, 2),)]
    assert list(candidates(0, 0)) == [()]


def test_order_matches_the_five_player_example_of_the_earlier_text():
    """The pre-2017 Burstein text (rule 6.4) lists the 15 pairings of a score group of five
    players, one floater, in descending priority (as reproduced in Manual del Árbitro 2016,
    p. 135). The order of Article 4.3 of the current text is the same."""
    handbook = [
        "1-5 2-4 3-F", "1-5 2-3 4-F", "1-5 3-4 2-F", "1-4 2-5 3-F", "1-4 2-3 5-F",
        "1-4 3-5 2-F", "1-3 2-5 4-F", "1-3 2-4 5-F", "1-3 4-5 2-F", "1-2 3-5 4-F",
        "1-2 3-4 5-F", "1-2 4-5 3-F", "2-5 3-4 1-F", "2-4 3-5 1-F", "2-3 4-5 1-F",
    ]  # fmt: skip

    def as_set(line: str) -> frozenset[tuple[int, int]]:
        pairs = (p.split("-") for p in line.split())
        return frozenset((int(a), 0 if b == "F" else int(b)) for a, b in pairs)

    ours = [frozenset((a, b) for a, b in c) for c in candidates(5, 1)]
    assert ours == [as_set(line) for line in handbook]
