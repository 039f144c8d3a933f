"""The Olympic (cup) system for teams (Team Competitions 1972): colours and hosting over the rounds,
two-legged matches ("в системе с выбыванием матч может быть двухкруговым") and drawn matches."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.pairing.knockout.matches import (
    DrawnMatchRule,
    MatchError,
    TeamColours,
    cup_blacks,
    second_leg_colours,
    team_cup_colours,
    team_match_decision,
    two_legged_decision,
)


def test_second_leg_swaps_white_and_hosting() -> None:
    """A two-legged match: the team that had black on board 1 and the odd boards hosts the
    return leg with white there."""
    first = team_cup_colours(1, (5, 6))
    assert first == TeamColours("first", "number")
    second = second_leg_colours(first)
    assert second == TeamColours("second", "second-leg")
    assert [second.white_on(b) for b in (1, 2, 3)] == ["second", "first", "second"]


def test_round_2_goes_to_the_team_that_had_black_more_often() -> None:
    """Round 1: 1-2 and 3-4, the lower numbers have white; round 2 between the winners 2 and 3:
    2 had black, 3 had white, so 2 gets white and hosts."""
    legs = [(1, 2, team_cup_colours(1, (1, 2))), (3, 4, team_cup_colours(1, (3, 4)))]
    blacks = (cup_blacks(legs, 2), cup_blacks(legs, 3))
    assert blacks == (1, 0)
    assert team_cup_colours(2, (2, 3), blacks) == TeamColours("first", "blacks")


def test_after_two_legs_each_team_had_black_once_so_a_lot_decides() -> None:
    first = team_cup_colours(1, (1, 2))
    legs = [(1, 2, first), (1, 2, second_leg_colours(first))]
    legs += [(3, 4, c) for c in (team_cup_colours(1, (3, 4)),)]
    legs += [(3, 4, second_leg_colours(legs[-1][2]))]
    blacks = (cup_blacks(legs, 1), cup_blacks(legs, 4))
    assert blacks == (1, 1)
    with pytest.raises(MatchError, match="a lot decides"):
        team_cup_colours(2, (1, 4), blacks)
    drawn = team_cup_colours(2, (1, 4), blacks, rng=random.Random(7))
    assert drawn.reason == "lot"


def test_two_legs_add_game_points_never_legs_won() -> None:
    """Team Competitions 1972: multi-round matches add game points over all rounds; winning a
    leg counts nothing by itself. Leg 1 won 2½-1½, leg 2 lost 1-3: the second team goes through."""
    decision = two_legged_decision([[1, 0.5, 0.5, 0.5], [0, 0, 0.5, 0.5]])
    assert decision.finished and decision.winner == "second"
    assert decision.points == (3.5, 4.5)


def test_drawn_two_legged_match_goes_to_the_drawn_match_rules() -> None:
    """A drawn match is replayed or decided by board coefficients (Team Competitions 1972)."""
    legs: list[list[float]] = [[1, 1, 0, 0], [0.5, 0.5, 0.5, 0.5]]
    assert two_legged_decision(legs).action is DrawnMatchRule.REPLAY
    weighted = two_legged_decision(legs, [DrawnMatchRule.BOARD_WEIGHTS], weights=[4, 3, 2, 1])
    assert weighted.decided_by == "board-weights" and weighted.winner == "first"
    assert weighted.weighted == (12.0, 8.0)
    # equal weighted too: the next rule, a replay
    flat = two_legged_decision(
        legs, [DrawnMatchRule.BOARD_WEIGHTS, DrawnMatchRule.REPLAY], weights=[1, 1, 1, 1]
    )
    assert flat.action is DrawnMatchRule.REPLAY


def test_bad_legs_are_refused() -> None:
    with pytest.raises(MatchError, match="at least one leg"):
        two_legged_decision([])
    with pytest.raises(MatchError, match="leg 2 has 3 boards"):
        two_legged_decision([[1, 0], [1, 0, 1]])
    with pytest.raises(MatchError, match="leg 1, board 2"):
        two_legged_decision([[1, 2]])


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 6).flatmap(
        lambda b: st.lists(
            st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=b, max_size=b),
            min_size=1,
            max_size=3,
        )
    )
)
def test_two_legs_equal_one_match_of_summed_boards(legs: list[list[float]]) -> None:
    summed = [sum(leg[b] for leg in legs) for b in range(len(legs[0]))]
    assert two_legged_decision(legs) == team_match_decision(summed, games_per_board=len(legs))
