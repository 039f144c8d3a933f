"""A team cup's settings as the library reads them (Team Competitions 1972): the rules that
decide a drawn match, the board coefficients, the colours of each leg; and the one validator
of an event's settings refusing bad ones precisely."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.event_settings import EventSettings, event_problems
from chessarbiter.pairing.knockout.matches import (
    DrawnMatchRule,
    MatchError,
    TeamColours,
    leg_colours,
    parse_board_weights,
    parse_drawn_rules,
    team_cup_colours,
)


def test_legs_alternate_and_a_replay_goes_on_alternating() -> None:
    """The return leg to the other team; the replayed match's legs alternate the same way."""
    first = team_cup_colours(2, (1, 4), blacks=(1, 0))
    assert first == TeamColours("first", "blacks")
    assert [leg_colours(first, n) for n in (1, 2, 3, 4)] == [
        first,
        TeamColours("second", "second-leg"),
        first,
        TeamColours("second", "second-leg"),
    ]
    with pytest.raises(MatchError, match="from 1"):
        leg_colours(first, 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least one rule"),
        ("coin", "'coin' is not a rule"),
        ("replay,replay", "given twice"),
        ("replay,board-weights", "'replay' always decides"),
        ("board-weights", "end with 'replay' or 'armageddon'"),
    ],
)
def test_drawn_rules_refused(text: str, message: str) -> None:
    with pytest.raises(MatchError, match=message):
        parse_drawn_rules(text)


def test_drawn_rules_read() -> None:
    assert parse_drawn_rules(" board-weights , armageddon") == [
        DrawnMatchRule.BOARD_WEIGHTS,
        DrawnMatchRule.ARMAGEDDON,
    ]
    assert parse_drawn_rules("replay") == [DrawnMatchRule.REPLAY]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4,3,2", "one weight per board \\(4\\), not 3"),
        ("", "not 0"),
        ("4,3,x,1", "board 3: 'x' is not a weight"),
        ("4,-3,2,1", "board 2"),
        ("4,3,2,nan", "board 4"),
        ("4,3,2,1e9", "board 4"),
    ],
)
def test_board_weights_refused(text: str, message: str) -> None:
    with pytest.raises(MatchError, match=message):
        parse_board_weights(text, 4)


def test_event_settings_of_a_team_cup() -> None:
    """The one validator of every write: legs 1 or 2, rules that parse, one weight per board
    when the board-weights rule is used (or weights are given)."""
    good = EventSettings(
        system="team-cup",
        cup_legs=2,
        cup_drawn_match="board-weights,replay",
        cup_board_weights="4,3,2,1",
    )
    assert event_problems(good) == {}
    bad = EventSettings(
        system="team-cup",
        cup_legs=3,
        cup_drawn_match="board-weights,replay",
        cup_board_weights="",
        boards_per_team=4,
    )
    problems = event_problems(bad)
    assert "cup_legs" in problems and "one weight per board" in problems["cup_board_weights"]
    assert (
        "'x' is not a rule" in event_problems(EventSettings(cup_drawn_match="x"))["cup_drawn_match"]
    )


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=40), st.integers(min_value=1, max_value=50))
def test_any_text_is_read_or_refused_with_a_match_error(text: str, boards: int) -> None:
    """Whatever is typed, the readers return rules or weights, or say what is wrong."""
    for read in (lambda: parse_drawn_rules(text), lambda: parse_board_weights(text, boards)):
        try:
            read()
        except MatchError as e:
            assert str(e)
