"""Team Competitions 1972's solving contests ("очков, начисляемых за правильное решение ... «премии»
за указание побочных решений, нерешаемости") and radio matches' clocks."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from chessarbiter.special.radio import RadioError, split_opponent_clock
from chessarbiter.special.solving import (
    Answer,
    SolvingError,
    parse_answers,
    rank_solvers,
    score_answers,
)

POINTS = {"1": Decimal(3), "2": Decimal(5), "3": Decimal(4)}


def test_points_per_correct_solution() -> None:
    assert score_answers(POINTS, [Answer("1"), Answer("3")]) == (Decimal(7), Decimal(0))
    assert score_answers(POINTS, [Answer("2", solved=False)]) == (Decimal(0), Decimal(0))


def test_premiums_for_cooks_and_unsoundness() -> None:
    """The seed's premiums are optional ("а может быть"): 0 unless set."""
    answers = [
        Answer("1", cooks=2),
        Answer("2", solved=False, cooks=1),
        Answer("3", False, 0, True),
    ]
    assert score_answers(POINTS, answers) == (Decimal(3), Decimal(0))
    assert score_answers(POINTS, answers, cook_bonus=Decimal(1), unsound_bonus=Decimal("2.5")) == (
        Decimal(3),
        Decimal("5.5"),
    )


def test_bad_answers() -> None:
    with pytest.raises(SolvingError, match="unknown position"):
        score_answers(POINTS, [Answer("9")])
    with pytest.raises(SolvingError, match="twice"):
        score_answers(POINTS, [Answer("1"), Answer("1")])
    with pytest.raises(SolvingError, match="unsound"):
        score_answers(POINTS, [Answer("1", solved=True, unsound=True)])
    with pytest.raises(SolvingError):
        score_answers(POINTS, [Answer("1", cooks=-1)])
    with pytest.raises(SolvingError):
        score_answers(POINTS, [Answer("1")], cook_bonus=Decimal(-1))


def test_ranking_shares_ties() -> None:
    rows = rank_solvers(
        POINTS,
        {
            "Petrov": [Answer("2")],
            "Ivanov": [Answer("1"), Answer("2")],
            "Sidorov": [Answer("1", cooks=1)],
            "Zaitsev": [],
        },
        cook_bonus=Decimal(2),
    )
    assert [(r.place_text, r.solver, r.total) for r in rows] == [
        ("1", "Ivanov", Decimal(8)),
        ("2-3", "Petrov", Decimal(5)),
        ("2-3", "Sidorov", Decimal(5)),
        ("4", "Zaitsev", Decimal(0)),
    ]
    assert rows[2].premiums == Decimal(2) and rows[2].solution_points == Decimal(3)
    with pytest.raises(SolvingError):
        rank_solvers(POINTS, {})
    with pytest.raises(SolvingError):
        rank_solvers({}, {"A": []})


def test_parse_answers() -> None:
    assert parse_answers("1, 2:c, 3:U") == [
        Answer("1"),
        Answer("2", solved=False, cooks=1),
        Answer("3", solved=False, unsound=True),
    ]
    assert parse_answers("") == []
    for bad in ("1:", "1:x", ":s"):
        with pytest.raises(SolvingError):
            parse_answers(bad)


def test_radio_clock_split() -> None:
    """Team Competitions 1972: the opponent's clock shows "сумму времени, затраченного им на
    обдумывание и организаторами на передачу ходов"."""
    split = split_opponent_clock(dt.timedelta(minutes=50), dt.timedelta(minutes=20))
    assert split.thinking == dt.timedelta(minutes=30)
    assert split.transmission == dt.timedelta(minutes=20)
    per_move = split_opponent_clock(dt.timedelta(minutes=10), [dt.timedelta(minutes=1)] * 10)
    assert per_move.thinking == dt.timedelta(0)
    with pytest.raises(RadioError):
        split_opponent_clock(dt.timedelta(minutes=10), dt.timedelta(minutes=11))
    with pytest.raises(RadioError):
        split_opponent_clock(dt.timedelta(minutes=10), [dt.timedelta(minutes=-1)])
