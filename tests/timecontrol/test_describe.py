"""The time control as arbiters write it (:mod:`chessarbiter.timecontrol.wording`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.timecontrol.model import Period, TimeControl, TimingMode
from chessarbiter.timecontrol.wording import Phrase, PhraseKind, describe, describe_text


@pytest.mark.parametrize(
    ("pgn", "text"),
    [
        # the classical control of the issue: three periods, an increment from move 1
        (
            "40/6000+30:20/3000+30:900+30",
            "40 moves in 100 min, then 20 moves in 50 min, then 15 min, 30 s a move from move 1",
        ),
        # sudden death
        ("300", "5 min for the game"),
        ("900+10", "15 min for the game, 10 s a move from move 1"),
        # an increment only after the first period
        ("40/7200:1800+30", "40 moves in 120 min, then 30 min, 30 s a move from move 41"),
        # delays: simple (US) and Bronstein
        ("5400d5", "90 min for the game, 5 s delay a move from move 1"),
        ("5400b10", "90 min for the game, 10 s Bronstein delay a move from move 1"),
        # the old controls: the last period repeats
        (
            "40/9000:16/3600",
            "40 moves in 150 min, then 16 moves in 60 min, repeated to the end of the game",
        ),
        # seconds that are not whole minutes; one move
        ("1/90:30", "1 move in 1 min 30 s, then 0 min 30 s"),
        # the increment changes and stops
        (
            "40/6000+30:20/3000+10:900",
            "40 moves in 100 min, then 20 moves in 50 min, then 15 min, 30 s a move from move 1, "
            "10 s a move from move 41, no increment from move 61",
        ),
        # the PGN special values
        ("?", "time control not known"),
        ("-", "no time control"),
        ("*180", "3 min sandclock"),
    ],
)
def test_written_as_arbiters_write_it(pgn: str, text: str) -> None:
    assert describe_text(TimeControl.parse_pgn(pgn)) == text


def test_the_phrases_carry_numbers_for_a_translation() -> None:
    phrases = describe(TimeControl.parse_pgn("40/6000+30:20/3000+30:900+30"))
    assert phrases == (
        Phrase(PhraseKind.MOVES, 6000, moves=40),
        Phrase(PhraseKind.MOVES, 3000, moves=20, then=True),
        Phrase(PhraseKind.REST, 900, then=True),
        Phrase(PhraseKind.INCREMENT, 30, start=1),
    )
    assert (phrases[0].minutes_part, phrases[0].seconds_part) == (100, 0)
    bronstein = describe(TimeControl.of(Period(None, 90, 5, TimingMode.BRONSTEIN)))
    assert bronstein[0].kind is PhraseKind.GAME
    assert (bronstein[0].minutes_part, bronstein[0].seconds_part) == (1, 30)
    assert bronstein[1] == Phrase(PhraseKind.BRONSTEIN, 5, start=1)


_modes = st.sampled_from(list(TimingMode))


@st.composite
def _controls(draw: st.DrawFn) -> TimeControl:
    """Controls of one to three periods, the last for the rest of the game, one addition
    (its mode and size) from some period on."""
    count = draw(st.integers(1, 3))
    mode = draw(_modes)
    increment = draw(st.integers(0, 60))
    from_period = draw(st.integers(0, count - 1))
    periods = []
    for index in range(count):
        moves = None if index == count - 1 else draw(st.integers(1, 60))
        seconds = draw(st.integers(1, 10800))
        periods.append(Period(moves, seconds, increment if index >= from_period else 0, mode))
    return TimeControl(tuple(periods))


@settings(max_examples=60, deadline=None)
@given(_controls())
def test_the_wording_reads_back_to_the_same_control(control: TimeControl) -> None:
    """The library's reader of the written forms takes the wording back: nothing is lost."""
    phrases = describe(control)
    periods = [p for p in phrases if p.kind in (PhraseKind.MOVES, PhraseKind.GAME, PhraseKind.REST)]
    assert [(p.moves, p.seconds) for p in periods] == [
        (p.moves, p.seconds) for p in control.periods
    ]
    assert [p.then for p in periods] == [i > 0 for i in range(len(periods))]
    assert TimeControl.parse_fide(describe_text(control)) == control
