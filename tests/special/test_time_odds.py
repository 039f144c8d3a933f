"""Time odds (Team Competitions 1972: a handicap in the time for thought harms the game less
than material odds): an organiser's table by rating difference, read and checked by
:func:`chessarbiter.special.handicap.parse_time_odds`, a game's two controls by
:func:`~chessarbiter.special.handicap.game_controls`, and ``chessarbiter handicap time-odds``."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.cli.main import main
from chessarbiter.errors import ChessArbiterError
from chessarbiter.special.handicap import (
    MAX_ODDS_STEPS,
    HandicapError,
    game_controls,
    parse_time_odds,
)
from chessarbiter.timecontrol.model import TimeControl

TABLE = "0: 5400+30; 200: 4500+30 | 6300+30; 400: 60 min + 30 s | 120 min + 30 s"


def test_the_step_of_each_difference_and_the_stronger_player_gets_less_time() -> None:
    odds = parse_time_odds(TABLE)
    assert [s.difference for s in odds.steps] == [0, 200, 400]
    # equal ratings and differences under the first odds: one control for both
    assert game_controls(odds, 2000, 2000).to_trf() == "5400+30"
    assert game_controls(odds, 2000, 2199).to_trf() == "5400+30"
    # the stronger player is White, then Black
    assert game_controls(odds, 2200, 2000).to_trf() == "W4500+30-B6300+30"
    assert game_controls(odds, 2000, 2200).to_trf() == "W6300+30-B4500+30"
    far = game_controls(odds, 1500, 2400)
    assert (far.white, far.black) == (TimeControl.parse("7200+30"), TimeControl.parse("3600+30"))
    with pytest.raises(HandicapError, match="both players' ratings"):
        game_controls(odds, None, 2000)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty table"),
        ("100: 5400", "the first step is at 0 with one control for both"),
        ("0: 5400 | 6000", "the first step is at 0 with one control for both"),
        ("0: 5400; 200: 6000 | 5000", "the stronger player would have more time"),
        ("0: 5400; 200: 5000 | 6000; 100: 4000 | 7000", "the differences must rise"),
        ("0: 5400; x: 5000 | 6000", "write difference: control"),
        ("0: 5400; 4000: 5000 | 6000", "a rating difference is at most 3500"),
        ("0: 5400; 200: soon | 6000", "'200: soon | 6000'"),
        ("0: -", "a timed control"),
        (";".join(f"{i}: 60" for i in range(MAX_ODDS_STEPS + 1)), "at most 20 steps"),
        ("0: 5400" + " " * 3000, "at most 2000 characters"),
    ],
)
def test_a_table_that_is_not_odds_is_refused(text: str, message: str) -> None:
    with pytest.raises(HandicapError) as e:
        parse_time_odds(text)
    assert message in str(e.value)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=60), st.integers(0, 3500), st.integers(0, 3500))
def test_any_table_is_odds_or_a_precise_error(text: str, white: int, black: int) -> None:
    try:
        odds = parse_time_odds(text)
    except ChessArbiterError as e:
        assert str(e)
        return
    controls = game_controls(odds, white, black)
    stronger, weaker = (
        (controls.white, controls.black) if white >= black else (controls.black, controls.white)
    )
    assert stronger.time_for_moves(60) <= weaker.time_for_moves(60)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["handicap", "time-odds", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "--table", TABLE, "--white", "1900", "--black", "2350")
    assert code == 0
    assert out.splitlines() == [
        "rating difference 450: the step from 400",
        "White (1900): 120 min + 30 s per move from move 1",
        "Black (2350): 60 min + 30 s per move from move 1",
        "TRF-2026 record 222: W7200+30-B3600+30",
    ]
    code, out, _err = run(capsys, "--table", TABLE, "--white", "2100", "--black", "2000", "--json")
    assert json.loads(out) == {
        "difference": 100,
        "step": 0,
        "white": "5400+30",
        "black": "5400+30",
        "trf": "5400+30",
    }
    code, _out, err = run(capsys, "--table", "0: 30 | 60", "--white", "1", "--black", "2")
    assert code == 3 and "one control for both" in err
