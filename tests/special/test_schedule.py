"""Team Competitions 1972's blitz evening and competition calendars («Регламенты»)."""

from __future__ import annotations

import datetime as dt

import pytest

from chessarbiter.errors import ChessArbiterError
from chessarbiter.special.schedule import (
    REGIMES,
    RULE_ADJOURNMENT_AFTER_STAGE,
    RULE_ADJOURNMENT_BEFORE_LAST,
    RULE_REST,
    DayKind,
    ScheduleError,
    SessionKind,
    SessionTime,
    blitz_breaks_after,
    blitz_max_players,
    find_regime,
    parse_pattern,
    plan_blitz_evening,
    plan_schedule,
    round_robin_rounds,
    swiss_adjournment_sessions,
)

START = dt.date(2026, 12, 1)


def test_blitz_limits_of_the_seed() -> None:
    """Team Competitions 1972: 4 rounds an hour, 4 hours (5 on a day off) → at most 16 (20)
    players."""
    assert (blitz_max_players(False), blitz_max_players(True)) == (16, 20)
    assert plan_blitz_evening(16).total_minutes <= 240
    assert plan_blitz_evening(20, day_off=True).total_minutes <= 300
    with pytest.raises(ScheduleError, match="at most 16"):
        plan_blitz_evening(17)
    with pytest.raises(ScheduleError, match="at most 20"):
        plan_blitz_evening(21, day_off=True)


def test_blitz_breaks_after_every_four_rounds_and_before_the_last() -> None:
    assert blitz_breaks_after(15) == (4, 8, 12, 14)
    assert blitz_breaks_after(19) == (4, 8, 12, 16, 18)
    assert blitz_breaks_after(5) == (4,)
    assert blitz_breaks_after(1) == ()
    evening = plan_blitz_evening(16, start=dt.time(19, 0))
    kinds = [(s.kind, s.number) for s in evening.slots]
    assert kinds.count(("break", 4)) == 1 and ("break", 15) not in kinds
    assert all(
        b.end - b.start == dt.timedelta(minutes=5) for b in evening.slots if b.kind == "break"
    )
    assert evening.slots[0].start.time() == dt.time(19, 0)
    assert all(a.end == b.start for a, b in zip(evening.slots, evening.slots[1:], strict=False))


def test_blitz_round_robin_rounds() -> None:
    assert [round_robin_rounds(n) for n in (2, 3, 16, 17)] == [1, 3, 15, 17]
    with pytest.raises(ScheduleError):
        round_robin_rounds(1)


def test_blitz_bad_slots() -> None:
    with pytest.raises(ScheduleError, match="cannot hold"):
        plan_blitz_evening(8, round_minutes=9)
    with pytest.raises(ScheduleError, match="more than the 240"):
        plan_blitz_evening(16, round_minutes=16)


def test_pattern_letters() -> None:
    stages = parse_pattern("3R,A,3r,a,F")
    assert [k.value for k in stages[0]] == ["R"] * 3 + ["A"] + ["R"] * 3 + ["A", "F"]
    assert parse_pattern("D,RA|R")[0] == [DayKind.DOUBLE, DayKind.ROUND_ADJOURNMENT]
    for bad in ("3X", "R,,A", "A,F", "", "R|A"):
        with pytest.raises(ScheduleError):
            parse_pattern(bad)


def test_common_regime_lacks_adjournment_before_the_last_round() -> None:
    """Team Competitions 1972's widespread 3R,A,3R,A,F: its last round (day 7) has no adjournment
    day before it, which the seed makes compulsory; its free day on the 9th day is within the usual
    regime."""
    plan = plan_schedule(START, "3R,A,3R,A,F")
    assert plan.rounds == 6 and len(plan.days) == 9 and plan.rest_every == 9
    assert next(d.date for d in plan.days) == START
    assert [(v.day, v.date, v.rule) for v in plan.violations] == [
        (7, dt.date(2026, 12, 7), RULE_ADJOURNMENT_BEFORE_LAST)
    ]


def test_seven_day_regimes_are_clean() -> None:
    """Team Competitions 1972: matches R,A,R,A,R,A,F and tournaments 2R,A,2R,A,F (an adjournment
    before the last round added)."""
    assert plan_schedule(START, "R,A,R,A,R,A,F,R,A,R").violations == ()
    assert plan_schedule(START, "2R,A,2R,A,F,R,A,R", morning_adjournments=True).violations == ()


def test_rest_every_seventh_day_with_morning_adjournments() -> None:
    """Team Competitions 1972: "каждый седьмой день обязательно должен быть свободным"."""
    plan = plan_schedule(START, "3R,A,3R,A,F,A,R", morning_adjournments=True)
    rest = [v for v in plan.violations if v.rule == RULE_REST]
    assert [(v.day, v.date) for v in rest] == [(7, dt.date(2026, 12, 7))]
    assert plan.rest_every == 7
    # the hard regime of the seed: five rounds, adjournment, free day
    assert plan_schedule(START, "5R,A,F,A,R", morning_adjournments=True).violations == ()


def test_three_rounds_in_two_days() -> None:
    """Team Competitions 1972: «три тура в два дня» — after six such days a free day is
    compulsory."""
    good = plan_schedule(START, "D,RA,D,RA,D,RA,F,A,R")
    assert good.rest_every == 7 and good.violations == ()
    bad = plan_schedule(START, "D,RA,D,RA,D,RA,D,A,R")
    assert [(v.day, v.rule) for v in bad.violations] == [(7, RULE_REST)]
    assert bad.days[0].rounds == (1, 2) and bad.days[1].rounds == (3,)


def test_explicit_rest_every() -> None:
    plan = plan_schedule(START, "3R,A,3R,A,F", rest_every=7)
    assert (7, RULE_REST) in [(v.day, v.rule) for v in plan.violations]
    with pytest.raises(ScheduleError):
        plan_schedule(START, "R", rest_every=1)


def test_semi_final_and_final_adjournments() -> None:
    """Team Competitions 1972: adjournments before the last round of the semi-final, after it before
    the final's draw, before the final's last round and after it before the closing."""
    good = plan_schedule(START, "2R,A,F,A,R,A|2R,A,F,A,R,A")
    assert good.stages == 2 and good.violations == ()
    assert {d.stage for d in good.days} == {1, 2}
    bad = plan_schedule(START, "2R,A,F,R|R,F,R")
    found = [(v.day, v.rule) for v in bad.violations]
    assert (5, RULE_ADJOURNMENT_BEFORE_LAST) in found
    assert (5, RULE_ADJOURNMENT_AFTER_STAGE) in found
    assert (8, RULE_ADJOURNMENT_BEFORE_LAST) in found
    assert (8, RULE_ADJOURNMENT_AFTER_STAGE) in found


def test_repeat_pattern_to_rounds() -> None:
    plan = plan_schedule(START, "3R,A,3R,A,F", rounds=11)
    assert plan.rounds == 11 and plan.days[-1].rounds == (11,)
    assert len(plan.days) == 15
    assert [v.rule for v in plan.violations] == [RULE_ADJOURNMENT_BEFORE_LAST]
    assert plan_schedule(START, "D,RA,F", rounds=4).days[-1].kind is DayKind.ROUND
    with pytest.raises(ScheduleError):
        plan_schedule(START, "R|R", rounds=3)
    with pytest.raises(ChessArbiterError):
        plan_schedule(START, "R", rounds=0)


def test_the_seed_regimes() -> None:
    """Team Competitions 1972's named regimes: matches R,A,R,A,R,A,F; tournaments 2R,A,2R,A,F; the
    common 3R,A,3R,A,F; the intermediate 3R,A,2R,A,F; the hard 5R,A,F with morning adjournments;
    «три тура в два дня»; team events 3R,A,3R,A,F."""
    assert {name: (r.pattern, r.morning_adjournments) for name, r in REGIMES.items()} == {
        "match": ("R,A,R,A,R,A,F", False),
        "tournament": ("2R,A,2R,A,F", False),
        "common": ("3R,A,3R,A,F", False),
        "intermediate": ("3R,A,2R,A,F", False),
        "hard": ("5R,A,F", True),
        "three-in-two": ("D,RA,D,RA,D,RA,F", True),
        "team": ("3R,A,3R,A,F", False),
    }
    assert find_regime(" Team ").name == "team"
    with pytest.raises(ScheduleError, match="unknown regime"):
        find_regime("blitz")


def test_plan_by_regime() -> None:
    match = plan_schedule(START, regime="match")
    assert match.rounds == 3 and len(match.days) == 7 and match.violations == ()
    assert plan_schedule(START, regime="common").days == plan_schedule(START, "3R,A,3R,A,F").days
    hard = plan_schedule(START, regime="hard", rounds=10)
    assert hard.rest_every == 7 and hard.rounds == 10
    assert plan_schedule(START, regime="team").rest_every == 9
    assert plan_schedule(START, regime="team", morning_adjournments=True).rest_every == 7
    with pytest.raises(ScheduleError, match="not both"):
        plan_schedule(START, "R", regime="match")
    with pytest.raises(ScheduleError, match="pattern or a regime"):
        plan_schedule(START)


def test_swiss_sessions_with_adjournments() -> None:
    """Team Competitions 1972: "1-й день — тур утром, доигрывание вечером; 2-й день — доигрывание
    утром, тур вечером; 3-й день — доигрывание утром и вечером и т. д."."""
    sessions = list(swiss_adjournment_sessions(9, START))
    rounds = [s for s in sessions if s.kind is SessionKind.ROUND]
    assert [(s.round, s.day, s.time) for s in rounds[:4]] == [
        (1, 1, SessionTime.MORNING),
        (2, 2, SessionTime.EVENING),
        (3, 4, SessionTime.MORNING),
        (4, 5, SessionTime.EVENING),
    ]
    assert [s.round for s in rounds] == list(range(1, 10))
    day3 = [s for s in sessions if s.day == 3]
    assert [s.kind for s in day3] == [SessionKind.ADJOURNMENT] * 2
    assert day3[0].date == dt.date(2026, 12, 3)
    # two adjournment sessions follow every round, the last one included
    kinds = [s.kind for s in sessions]
    assert kinds == [SessionKind.ROUND, SessionKind.ADJOURNMENT, SessionKind.ADJOURNMENT] * 9
    assert sessions[-1].round == 9 and sessions[-1].day == 14
    assert len(list(swiss_adjournment_sessions(1, START))) == 3
    with pytest.raises(ScheduleError):
        list(swiss_adjournment_sessions(0, START))
