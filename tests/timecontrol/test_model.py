"""Time-control model and notations (issue 8): PGN tag (PGN standard 9.6.1), FIDE's written
style, TRF-2026 record 222 (spec 6.3); Stage by Stage 1997's main control."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.timecontrol import (
    ColourControls,
    ControlKind,
    Period,
    TimeControl,
    TimeControlError,
    TimingMode,
    parse,
    parse_trf,
)

SEED_002 = "40/6000+30:20/3000+30:600+30"


def test_seed_002_main_control() -> None:
    # Stage by Stage 1997: 40 moves in 100 min, 20 in 50 min, 10 min for the rest, +30 s from move 1
    tc = TimeControl.parse_pgn(SEED_002)
    assert tc.periods == (Period(40, 6000, 30), Period(20, 3000, 30), Period(None, 600, 30))
    assert tc.to_pgn() == SEED_002
    assert tc.to_fide() == "100 min/40 moves + 50 min/20 moves + 10 min + 30 s per move from move 1"
    assert tc.period_starts() == (1, 41, 61)
    assert tc.to_trf() == SEED_002


@pytest.mark.parametrize(
    ("text", "pgn"),
    [
        ("90 min/40 moves + 30 min + 30 s per move from move 1", "40/5400+30:1800+30"),
        (
            "90 minutes for 40 moves followed by 30 minutes for the rest of the game with an "
            "increment of 30 seconds per move starting from move 1",
            "40/5400+30:1800+30",
        ),
        ("40 moves in 2 h, then 1 h", "40/7200:3600"),
        ("15 min + 10 s", "900+10"),
        ("25 min + 10 s per move", "1500+10"),
        ("90' + 30''", "5400+30"),
        ("1 h 30 min/40 moves + 30 min", "40/5400:1800"),
        ("90 min/40 + 30 min + 30 s/move", "40/5400+30:1800+30"),
        # increment after a period (World Championship style)
        (
            "120 min/40 moves + 60 min/20 moves + 15 min + 30 s per move from move 61",
            "40/7200:20/3600:900+30",
        ),
        ("90 min + 30 s per move after move 40", None),
        ("90 min + 5 s Bronstein delay", "5400b5"),
        ("90 min + 5 s delay per move", "5400d5"),
        ("3 min sandclock", "*180"),
        ("unknown", "?"),
        ("no time control", "-"),
    ],
)
def test_fide_style_reading(text: str, pgn: str | None) -> None:
    if pgn is None:
        with pytest.raises(TimeControlError, match="does not start a period"):
            TimeControl.parse_fide(text)
        return
    assert TimeControl.parse_fide(text).to_pgn() == pgn


def test_increment_after_a_period_written_back() -> None:
    tc = TimeControl.parse_pgn("40/7200:20/3600:900+30")
    assert tc.to_fide() == (
        "120 min/40 moves + 60 min/20 moves + 15 min + 30 s per move from move 61"
    )


def test_pgn_specials() -> None:
    # PGN standard 9.6.1: "?" unknown, "-" none, "*N" sandclock
    assert TimeControl.parse_pgn("?").kind is ControlKind.UNKNOWN
    assert TimeControl.parse_pgn("-").kind is ControlKind.UNTIMED
    sand = TimeControl.parse_pgn("*180")
    assert sand.kind is ControlKind.SANDCLOCK and sand.sandclock == 180
    assert [c.to_pgn() for c in (TimeControl.unknown(), TimeControl.untimed(), sand)] == [
        "?",
        "-",
        "*180",
    ]


def test_repeating_last_period() -> None:
    tc = TimeControl.parse_pgn("40/7200:16/3600")
    assert tc.repeats
    assert [tc.period_index(m) for m in (40, 41, 57, 100)] == [0, 1, 1, 1]


def test_time_for_moves_is_the_2023_measure() -> None:
    # Laws 2023 A.1/B.1: time + 60 × increment
    assert TimeControl.parse_pgn("180+2").time_for_moves(60) == 300
    assert TimeControl.parse_pgn(SEED_002).time_for_moves(60) == 6000 + 3000 + 60 * 30
    assert TimeControl.parse_pgn("5400d5").time_for_moves(60) == 5400
    assert TimeControl.parse_pgn("5400d5").time_for_moves(60, count_delay=True) == 5700


def test_trf_222_codes() -> None:
    # spec 6.3: d[:d] or Wd-Bd, d in {M/S, M/S+I, S, S+I}; examples from the spec
    assert parse_trf("5400+30").white == TimeControl.minutes(90, 30)
    two = parse_trf("40/6000+30:900+30")
    assert (
        two.same and two.white.to_fide() == "100 min/40 moves + 15 min + 30 s per move from move 1"
    )
    armageddon = parse_trf("W300-B240")
    assert armageddon.white.to_pgn() == "300" and armageddon.black.to_pgn() == "240"
    assert armageddon.to_trf() == "W300-B240"
    assert parse_trf("222 W300+2-B240+2").black.to_pgn() == "240+2"


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("W300-240", 1, "W<control>-B<control>"),
        ("5400d5", 5, "no delay"),
        ("40/6000:x", 9, "period 2"),
        ("", 1, "empty"),
    ],
)
def test_trf_errors_name_text_and_column(text: str, column: int, message: str) -> None:
    with pytest.raises(TimeControlError, match=message) as caught:
        parse_trf(text)
    assert caught.value.column == column
    assert caught.value.text == text


def test_trf_cannot_carry_delays_or_specials() -> None:
    for text in ("5400d5", "?", "*60"):
        with pytest.raises(TimeControlError, match="cannot encode"):
            TimeControl.parse_pgn(text).to_trf()


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("40/6000:+30", 9, "period 2"),
        ("6000:40/600", 1, "not the last period"),
        ("0/600", 1, "positive number of moves"),
        ("*x", 2, "sandclock"),
        ("40/x", 4, "period 1"),
        ("90 min + 30", 10, "without a unit"),
        ("90 min/40 moves + 30 s per move from move 50", 19, "move 50"),
        ("30 min + 90 min/40 moves", 1, "only the last period"),
    ],
)
def test_errors_name_text_and_column(text: str, column: int, message: str) -> None:
    with pytest.raises(TimeControlError, match=message) as caught:
        parse(text)
    assert caught.value.column == column
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ChessArbiterError)


def test_model_validation() -> None:
    with pytest.raises(TimeControlError):
        TimeControl(())
    with pytest.raises(TimeControlError):
        TimeControl((Period(None, 60), Period(None, 60)))
    with pytest.raises(TimeControlError):
        Period(40, -1)
    with pytest.raises(TimeControlError):
        TimeControl.sand(0)
    # no increment: the mode is normalised
    assert Period(None, 60, 0, TimingMode.DELAY) == Period(None, 60)


def test_auto_detection() -> None:
    assert parse("900+10") == parse("15 min + 10 s")
    assert parse("300+3").to_fide() == "5 min + 3 s per move from move 1"


# -- round trips -----------------------------------------------------------------------------

_modes = st.sampled_from(list(TimingMode))


@st.composite
def controls(draw: st.DrawFn, *, delays: bool = True) -> TimeControl:
    count = draw(st.integers(1, 4))
    periods = []
    for index in range(count):
        last = index == count - 1
        moves = draw(st.none() | st.integers(1, 60)) if last else draw(st.integers(1, 60))
        seconds = draw(st.integers(1 if index == 0 else 0, 20000))
        increment = draw(st.integers(0, 60))
        mode = draw(_modes) if delays else TimingMode.FISCHER
        periods.append(Period(moves, seconds, increment, mode))
    return TimeControl(tuple(periods))


_specials = st.sampled_from([TimeControl.unknown(), TimeControl.untimed()]) | st.integers(
    1, 10000
).map(TimeControl.sand)


@given(controls() | _specials)
def test_pgn_round_trip(tc: TimeControl) -> None:
    assert TimeControl.parse_pgn(tc.to_pgn()) == tc
    assert parse(tc.to_pgn()) == tc


@given(controls() | _specials)
def test_fide_round_trip(tc: TimeControl) -> None:
    assert TimeControl.parse_fide(tc.to_fide()) == tc
    assert parse(tc.to_fide()) == tc


@given(controls(delays=False), controls(delays=False))
def test_trf_round_trip(white: TimeControl, black: TimeControl) -> None:
    pair = ColourControls(white, black)
    assert parse_trf(pair.to_trf()) == pair
    assert parse_trf(f"222 {white.to_trf()}") == ColourControls(white, white)
