"""Issue 13 item 18: the unusual-chess library refuses sizes beyond its bounds and dates past
9999-12-31 with its own errors (the web application calls these functions too)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from chessarbiter import limits
from chessarbiter.special.handicap import HandicapError, parse_limit
from chessarbiter.special.radio import RadioError, split_opponent_clock
from chessarbiter.special.schedule import (
    ScheduleError,
    day_after,
    plan_blitz_evening,
    plan_schedule,
    swiss_adjournment_sessions,
)
from chessarbiter.special.simul import (
    Classification,
    SimulError,
    SimulResult,
    class_gap,
    parse_minutes,
    parse_score,
    simul_contest,
    time_deduction,
)
from chessarbiter.special.telegraph import (
    MAX_TELEGRAM_LETTERS,
    TelegraphError,
    decode_telegram,
    encode_game,
    parse_move_numbers,
    sending_days,
)

LAST = dt.date.max


def test_issue_13_item_18_day_after() -> None:
    assert day_after(dt.date(9999, 12, 30), 1) == LAST
    with pytest.raises(ScheduleError, match="past 9999-12-31"):
        day_after(LAST, 1)


def test_issue_13_item_18_calendar_at_the_end_of_time() -> None:
    """OverflowError before."""
    with pytest.raises(ScheduleError, match=r"9999-12-31 \+ 6 days is past 9999-12-31"):
        plan_schedule(LAST, regime="match")
    last_day = plan_schedule(dt.date(9999, 12, 25), "R,A,R").days[-1]
    assert last_day.date == dt.date(9999, 12, 27)


def test_issue_13_item_18_calendar_sizes() -> None:
    """A repeat to 10^11 rounds ran without end before."""
    with pytest.raises(ScheduleError, match="1 to 99 rounds, not 100"):
        plan_schedule(dt.date(2026, 1, 1), regime="match", rounds=limits.MAX_ROUNDS + 1)
    assert plan_schedule(dt.date(2026, 1, 1), regime="match", rounds=limits.MAX_ROUNDS).rounds == 99
    pattern = ",".join(["366R"] * 4)
    with pytest.raises(ScheduleError, match="a calendar of 1464 days: at most 1100"):
        plan_schedule(dt.date(2026, 1, 1), pattern)
    with pytest.raises(ScheduleError, match="every 2 to 1100 days"):
        plan_schedule(dt.date(2026, 1, 1), "R", rest_every=10**12)


def test_issue_13_item_18_swiss_sessions_bounds() -> None:
    """OverflowError before."""
    with pytest.raises(ScheduleError, match="past 9999-12-31"):
        list(swiss_adjournment_sessions(9, LAST))
    with pytest.raises(ScheduleError, match="1 to 99 rounds"):
        list(swiss_adjournment_sessions(10**11, dt.date(2026, 1, 1)))
    sessions = list(swiss_adjournment_sessions(1, dt.date(9999, 12, 30)))
    assert sessions[-1].date == LAST


def test_issue_13_item_18_blitz_evening_slot_longer_than_the_evening() -> None:
    """OverflowError (a datetime past 9999-12-31) before."""
    with pytest.raises(ScheduleError, match="none may be longer than the 240 minutes"):
        plan_blitz_evening(10, start=dt.time(23, 59), round_minutes=10**12)
    with pytest.raises(ScheduleError, match="none may be longer than the 300 minutes"):
        plan_blitz_evening(10, day_off=True, break_minutes=10**12)


def test_issue_13_item_18_telegraph_sending_days_bounds() -> None:
    """OverflowError and MemoryError before."""
    with pytest.raises(TelegraphError, match="run past 9999-12-31"):
        sending_days(LAST, [1])
    with pytest.raises(TelegraphError, match="from 1 to 10000, not 10001"):
        sending_days(dt.date(2026, 1, 1), [10_001])
    with pytest.raises(TelegraphError, match="from 1 to 10000"):
        sending_days(dt.date(2026, 1, 1), [1], first_move=10**11)
    days = sending_days(dt.date(2026, 12, 1), [1, 10_000])
    assert [d.move for d in days] == [1, 10_000]


@pytest.mark.parametrize("text", ["1-99999999999", "9" * 5000, "²", "١-٣"])
def test_issue_13_item_18_move_numbers_are_bounded_ascii(text: str) -> None:
    """MemoryError (a range of 10^11) or ValueError (5,000 digits) before."""
    with pytest.raises(TelegraphError):
        parse_move_numbers(text)


@pytest.mark.parametrize("text", ["99999999999999999999", "9" * 5000, "527041", "8784:01"])
def test_issue_13_item_18_minutes_are_bounded(text: str) -> None:
    with pytest.raises(SimulError):
        parse_minutes(text)
    assert parse_minutes("527040") == limits.MAX_MINUTES == parse_minutes("8784:00")


@pytest.mark.parametrize("text", ["1e999999", "-1e999999", "10000.5", "nan"])
def test_issue_13_item_18_scores_are_bounded(text: str) -> None:
    """decimal.InvalidOperation in the arithmetic that followed, before."""
    with pytest.raises(SimulError):
        parse_score(text)
    with pytest.raises(HandicapError):
        parse_limit(text)
    assert parse_score("10000") == Decimal(limits.MAX_POINTS)


def test_issue_13_item_18_simul_contest_bounds() -> None:
    two = [SimulResult("A", Decimal(10), 100), SimulResult("B", Decimal(9), 90)]
    with pytest.raises(SimulError, match="1 to 527040 minutes"):
        simul_contest(two, per_minutes=limits.MAX_MINUTES + 1)
    with pytest.raises(SimulError, match="a time is 0 to 527040 minutes"):
        simul_contest([*two[:1], SimulResult("B", Decimal(9), 10**12)])
    with pytest.raises(SimulError, match="1 to 1000"):
        simul_contest([SimulResult(n, Decimal(1), 10, boards=10**6) for n in "AB"])
    many = [SimulResult(str(n), Decimal(1), 10) for n in range(limits.MAX_ENTRIES + 1)]
    with pytest.raises(SimulError, match="at most 1000 exhibitors"):
        simul_contest(many)
    with pytest.raises(SimulError):
        time_deduction(5, 0)


def test_issue_13_item_18_simul_participants_bound() -> None:
    crowd = [Classification.SECOND] * (limits.MAX_SIMUL_BOARDS + 1)
    with pytest.raises(SimulError, match="a simul has at most 1000"):
        class_gap(Classification.GRANDMASTER, crowd)


def test_issue_13_item_18_radio_bounds() -> None:
    """OverflowError building the durations before (the CLI); the library bounds them too."""
    year = dt.timedelta(minutes=limits.MAX_MINUTES)
    assert split_opponent_clock(year, year).thinking == dt.timedelta(0)
    with pytest.raises(RadioError, match="at most 366 days"):
        split_opponent_clock(year + dt.timedelta(minutes=1), dt.timedelta(0))
    with pytest.raises(RadioError, match="at most 10000 transmissions"):
        split_opponent_clock(year, [dt.timedelta(0)] * (limits.MAX_MOVE_NUMBER + 1))


def test_issue_13_item_18_a_long_telegram_decodes() -> None:
    """RecursionError before: the reading searched one level of recursion a move."""
    sans = ["Nf3", "Nf6", "Ng1", "Ng8"] * 300
    assert decode_telegram("".join(encode_game(sans))) == sans


def test_issue_13_item_18_a_telegram_has_a_bounded_length() -> None:
    with pytest.raises(TelegraphError, match=f"at most {MAX_TELEGRAM_LETTERS}"):
        decode_telegram("gego" * (MAX_TELEGRAM_LETTERS // 4 + 1))


def test_issue_13_item_18_handicap_and_solving_counts() -> None:
    from chessarbiter.special.handicap import HandicapPlayer, run_handicap
    from chessarbiter.special.solving import SolvingError, rank_solvers

    crowd = [HandicapPlayer(str(n), Decimal(2)) for n in range(limits.MAX_ENTRIES + 1)]
    with pytest.raises(HandicapError, match="at most 1000 players and 99 rounds"):
        run_handicap(crowd, [])
    with pytest.raises(HandicapError, match="positive multiple of ½"):
        run_handicap([HandicapPlayer("A", Decimal("1e999999"))], [])
    many = {str(n): Decimal(1) for n in range(limits.MAX_ENTRIES + 1)}
    with pytest.raises(SolvingError, match="at most 1000 positions"):
        rank_solvers(many, {"X": []})


def test_issue_13_item_18_a_score_with_a_huge_exponent_is_refused_not_overflowed() -> None:
    """Found by the CLI fuzz suite (``solving score --position 3=1e99999999``): ``abs()`` of
    such a Decimal raised decimal.Overflow in the default context."""
    from chessarbiter.special.simul import SimulError, parse_score

    for text in ("1e99999999", "-1e99999999"):
        with pytest.raises(SimulError, match="beyond"):
            parse_score(text)
