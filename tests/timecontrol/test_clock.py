"""Clock simulator (issue 8): Laws 2023 art. 6.3.1 (Fischer), 6.3.2 (delay, periods); Laws
Commentary 1997 (Fischer and Bronstein controls); Stage by Stage 1997 (main control)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chessarbiter.timecontrol import ClockError, TimeControl
from chessarbiter.timecontrol.clock import interleave, simulate

SEED_002 = TimeControl.parse_pgn("40/6000+30:20/3000+30:600+30")


def test_fischer_increment_after_each_move() -> None:
    run = simulate(TimeControl.parse_pgn("180+2"), [10, 20, 30, 40])
    assert [(s.white, s.black) for s in run.states] == [
        (172, 180),
        (172, 162),
        (144, 162),
        (144, 124),
    ]
    assert run.flag is None


def test_seed_002_period_additions() -> None:
    run = simulate(SEED_002, [100] * 120)
    after_40 = run.states[79]
    assert after_40.move_number == 40 and after_40.period_added == 3000
    assert after_40.black == 6000 - 40 * 100 + 40 * 30 + 3000
    after_60 = run.states[119]
    assert after_60.period_added == 600 and after_60.period == 2
    assert after_60.black == 6200 - 20 * 70 + 600


def test_flag_during_a_period_before_the_addition() -> None:
    # 6.4 of 2023: the 40th move must be made in the first period's time
    run = simulate(TimeControl.parse_pgn("40/600:300"), [15] * 80)
    assert run.flag is not None
    assert (run.flag.side, run.flag.move_number, run.flag.into_move) == ("white", 40, 15)
    assert run.flag.elapsed == 39 * 30 + 15


def test_exact_time_flags() -> None:
    run = simulate(TimeControl.parse_pgn("60"), [60])
    assert run.flag is not None and run.flag.into_move == 60


def test_bronstein_and_simple_delay() -> None:
    # the same time after a move…
    bronstein = simulate(TimeControl.parse_pgn("60b5"), [3, 0, 8])
    simple = simulate(TimeControl.parse_pgn("60d5"), [3, 0, 8])
    assert [s.white for s in bronstein.states] == [60, 60, 57]
    assert [s.white for s in simple.states] == [60, 60, 57]
    # …but Bronstein's clock runs from the first second: a 4 s move with 3 s left flags
    assert simulate(TimeControl.parse_pgn("3b5"), [4]).flag is not None
    assert simulate(TimeControl.parse_pgn("3d5"), [4]).flag is None
    late = simulate(TimeControl.parse_pgn("3d5"), [9]).flag
    assert late is not None and late.into_move == 8


def test_armageddon_controls_and_continuing_after_the_flag() -> None:
    # Stage by Stage 1997: the decisive game, white 6 min, black 5 min, no increment
    run = simulate(
        TimeControl.minutes(6),
        [100, 200, 100, 200],
        black_control=TimeControl.minutes(5),
        stop_at_flag=False,
    )
    assert run.white_start == 360 and run.black_start == 300
    assert run.flag is not None and (run.flag.side, run.flag.ply) == ("black", 4)
    assert run.states[-1].black == 0 and len(run.states) == 4


def test_increment_from_move_61() -> None:
    tc = TimeControl.parse_fide(
        "120 min/40 moves + 60 min/20 moves + 15 min + 30 s per move from move 61"
    )
    run = simulate(tc, [10] * 122)
    # white's move 60 completes period 2: +15 min, but no increment yet
    assert run.states[-4].added == run.states[-4].period_added == 900
    assert run.states[-2].added == 30  # white's move 61: the increment starts
    assert run.states[-40].added == 0


def test_interleave_and_bad_input() -> None:
    assert interleave([1, 2], [3]) == [1, 3, 2]
    with pytest.raises(ClockError):
        interleave([1], [2, 3])
    with pytest.raises(ClockError, match="move time 2"):
        simulate(TimeControl.minutes(5), [1, -1])
    with pytest.raises(ClockError):
        simulate(TimeControl.unknown(), [1])


@given(st.lists(st.integers(0, 30), max_size=100), st.integers(0, 30))
def test_fischer_conservation(moves: list[int], increment: int) -> None:
    run = simulate(TimeControl.minutes(10, increment), moves)
    if run.flag is None:
        white = moves[0::2]
        assert run.states[-1].white == 600 - sum(white) + increment * len(white) if moves else True
