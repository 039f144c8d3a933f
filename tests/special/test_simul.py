"""Team Competitions 1972's simultaneous exhibitions: the participant limit and simul-contest
scoring."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chessarbiter.special.simul import (
    Classification,
    SimulError,
    SimulResult,
    check_simul,
    class_gap,
    contest_problems,
    minutes_text,
    parse_classification,
    parse_minutes,
    parse_score,
    result_problems,
    simul_contest,
    simul_limit,
    time_deduction,
)

C = Classification


def test_seed_examples_against_a_master() -> None:
    """Team Competitions 1972: "против мастера — максимум 20 перворазрядников или 30 шахматистов
    второго разряда, 40 — третьего"."""
    assert simul_limit(C.MASTER, C.FIRST) == 20
    assert simul_limit(C.MASTER, C.SECOND) == 30
    assert simul_limit(C.MASTER, C.THIRD) == 40


def test_adjacent_classification_may_not_play() -> None:
    """Team Competitions 1972: not masters against grandmasters, candidate masters against
    masters."""
    assert simul_limit(C.GRANDMASTER, C.MASTER) == 0
    assert simul_limit(C.MASTER, C.CANDIDATE_MASTER) == 0
    assert simul_limit(C.MASTER, C.MASTER) == 0
    problems = check_simul(C.GRANDMASTER, [C.MASTER, C.FIRST, C.FIRST])
    assert problems[0].startswith("participant 1 (MASTER)")


def test_limit_from_the_mean_class() -> None:
    """Team Competitions 1972: the gap between the participants' mean class and the exhibitor's."""
    roster = [C.FIRST] * 10 + [C.SECOND] * 10
    assert class_gap(C.MASTER, roster) == Decimal("2.5")
    assert simul_limit(C.MASTER, roster) == 25
    assert check_simul(C.MASTER, roster) == []
    too_many = [C.FIRST] * 21
    assert check_simul(C.MASTER, too_many) == [
        "21 participants, more than the limit of 20 (10 × the class gap 2.00)"
    ]


def test_classification_names() -> None:
    assert parse_classification("gm") is C.GRANDMASTER
    assert parse_classification(" Master ") is C.MASTER
    assert parse_classification("3") is C.THIRD
    with pytest.raises(SimulError):
        parse_classification("expert")
    with pytest.raises(SimulError):
        class_gap(C.MASTER, [])


def test_half_point_per_period_over_the_fastest() -> None:
    """Team Competitions 1972: the fastest simul is the base; others lose ½ point per 5 or 10 extra
    minutes."""
    assert time_deduction(0, 5) == 0
    assert time_deduction(9, 5) == Decimal("0.5")
    assert time_deduction(10, 5) == Decimal("1.0")
    assert time_deduction(29, 10) == Decimal("1.0")
    with pytest.raises(SimulError):
        time_deduction(5, 0)


def test_simul_contest_ranking() -> None:
    results = [
        SimulResult("Tal", Decimal("15.5"), 155, 20),
        SimulResult("Petrosian", Decimal("17"), 180, 20),
        SimulResult("Smyslov", Decimal("16"), 160, 20),
    ]
    table = simul_contest(results, per_minutes=10)
    assert [(s.place, s.exhibitor, s.deduction, s.adjusted) for s in table] == [
        (1, "Smyslov", Decimal("0.0"), Decimal("16.0")),
        (1, "Petrosian", Decimal("1.0"), Decimal("16.0")),
        (3, "Tal", Decimal("0.0"), Decimal("15.5")),
    ]
    five = simul_contest(results, per_minutes=5)
    assert [(s.place, s.exhibitor, s.adjusted) for s in five] == [
        (1, "Tal", Decimal("15.5")),
        (1, "Smyslov", Decimal("15.5")),
        (3, "Petrosian", Decimal("14.5")),
    ]


def test_simul_contest_checks() -> None:
    """Team Competitions 1972: exhibitors play "против одинакового числа" participants."""
    with pytest.raises(SimulError, match="same number"):
        simul_contest(
            [SimulResult("A", Decimal(10), 100, 20), SimulResult("B", Decimal(9), 90, 21)]
        )
    with pytest.raises(SimulError, match="at least two"):
        simul_contest([SimulResult("A", Decimal(10), 100)])
    with pytest.raises(SimulError, match="multiple of ½"):
        simul_contest([SimulResult("A", Decimal("10.3"), 100), SimulResult("B", Decimal(9), 90)])
    with pytest.raises(SimulError, match="on 20 boards"):
        simul_contest(
            [SimulResult("A", Decimal(21), 100, 20), SimulResult("B", Decimal(9), 90, 20)]
        )
    with pytest.raises(SimulError, match="twice"):
        simul_contest([SimulResult("A", Decimal(1), 100), SimulResult("A", Decimal(9), 90)])
    never_negative = simul_contest(
        [SimulResult("A", Decimal(1), 200), SimulResult("B", Decimal(9), 90)]
    )
    assert never_negative[-1].adjusted == 0


def test_parsers() -> None:
    assert parse_minutes("2:05") == 125 and parse_minutes("90") == 90
    assert parse_score("½") == Decimal("0.5") and parse_score("12,5") == Decimal("12.5")
    for bad in ("2:75", "x", "-3"):
        with pytest.raises(SimulError):
            parse_minutes(bad)
    with pytest.raises(SimulError):
        parse_score("many")


def test_a_score_text_is_bounded() -> None:
    with pytest.raises(SimulError, match="at most 32 characters"):
        parse_score("1" * 33)
    assert parse_score(" 15½ ") == Decimal("15.5")


_results = st.lists(
    st.builds(
        SimulResult,
        st.sampled_from("ABCD"),
        st.decimals(-2, 25, places=1, allow_nan=False, allow_infinity=False),
        st.integers(-5, 600),
        st.one_of(st.none(), st.integers(0, 22)),
    ),
    min_size=2,
    max_size=5,
)


@given(_results, st.integers(1, 15))
def test_the_contest_ranks_exactly_what_its_check_accepts(
    results: list[SimulResult], per: int
) -> None:
    """Team Competitions 1972: one check of a contest's results (:func:`contest_problems`,
    each result by :func:`result_problems`), the one the ranking applies: it ranks the results
    the check accepts, refuses the others with the check's first problem, and every adjusted
    score is the score less ½ per full period over the fastest, never below 0."""
    problems = contest_problems(results)
    for r in results:
        assert set(result_problems(r)) <= set(problems)
    if problems:
        with pytest.raises(SimulError) as refused:
            simul_contest(results, per)
        assert str(refused.value) == problems[0]
        return
    ranked = simul_contest(results, per)
    fastest = min(r.minutes for r in results)
    for s in ranked:
        assert s.adjusted == max(
            Decimal(0), s.score - Decimal("0.5") * ((s.minutes - fastest) // per)
        )
    assert [s.adjusted for s in ranked] == sorted((s.adjusted for s in ranked), reverse=True)


@given(st.integers(0, 527_040))
def test_minutes_are_written_as_they_are_read(minutes: int) -> None:
    assert parse_minutes(minutes_text(minutes)) == minutes


def test_a_score_is_kept_as_a_decimal_number() -> None:
    """A score typed in exponent form or as -0 is stored and shown as the number it is."""
    assert str(parse_score("1e1")) == "10" and str(parse_score("-0")) == "0"
    assert str(parse_score("1.5E+1")) == "15"
