"""Team Competitions 1972's competition load by level («Регламенты»: «оптимальные загрузки
соревнованиями»)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.errors import ChessArbiterError
from chessarbiter.special.load import LOAD_TABLE, LoadError, LoadLevel, check_load, load_for
from chessarbiter.special.simul import Classification


def test_the_seed_table() -> None:
    """Team Competitions 1972: below III 1–2 days, 2 h, 30–40; III–II 2 days, 3 h, 40–50; I and
    candidates 3 days, 3½–4 h, 50–70."""
    below = LOAD_TABLE[LoadLevel.BELOW_THIRD]
    assert (below.days_per_week, below.hours, below.days_per_year) == (
        (1, 2),
        (Decimal(2), Decimal(2)),
        (30, 40),
    )
    middle = LOAD_TABLE[LoadLevel.THIRD_SECOND]
    assert (middle.days_per_week, middle.hours, middle.days_per_year) == (
        (2, 2),
        (Decimal(3), Decimal(3)),
        (40, 50),
    )
    top = LOAD_TABLE[LoadLevel.FIRST_CANDIDATE]
    assert (top.days_per_week, top.hours, top.days_per_year) == (
        (3, 3),
        (Decimal("3.5"), Decimal(4)),
        (50, 70),
    )


def test_load_for_classes_and_levels() -> None:
    assert load_for("none").level is LoadLevel.BELOW_THIRD
    assert load_for("4").level is LoadLevel.BELOW_THIRD
    assert load_for("3").level is load_for("second").level is LoadLevel.THIRD_SECOND
    assert load_for(Classification.FIRST).level is LoadLevel.FIRST_CANDIDATE
    assert load_for("CM").level is LoadLevel.FIRST_CANDIDATE
    assert load_for("3-2").level is LoadLevel.THIRD_SECOND
    assert load_for(LoadLevel.BELOW_THIRD).label == "below 3rd category"


def test_masters_are_outside_the_table() -> None:
    for who in ("master", "gm"):
        with pytest.raises(LoadError, match="no row"):
            load_for(who)
    with pytest.raises(ChessArbiterError, match="unknown classification"):
        load_for("wizard")


def test_within_the_norm() -> None:
    assert check_load("1", days_per_week=3, hours=Decimal(4), days_per_year=70) == []
    # below the range is not an excess: the seed's figures are an optimum
    assert check_load("2", days_per_week=1, hours=Decimal(2), days_per_year=10) == []


def test_each_excess_is_reported() -> None:
    excesses = check_load("4", days_per_week=3, hours=Decimal("2.5"), days_per_year=41)
    assert [(e.field, e.planned, e.maximum) for e in excesses] == [
        ("days_per_week", Decimal(3), Decimal(2)),
        ("hours", Decimal("2.5"), Decimal(2)),
        ("days_per_year", Decimal(41), Decimal(40)),
    ]
    assert excesses[0].message == (
        "3 days a week, more than the 2 of Team Competitions 1972's norm for below 3rd category"
    )
    only_hours = check_load("cm", days_per_week=3, hours=Decimal("4.5"), days_per_year=60)
    assert [e.field for e in only_hours] == ["hours"]


def test_impossible_plans() -> None:
    with pytest.raises(LoadError):
        check_load("1", days_per_week=8, hours=Decimal(3), days_per_year=50)
    with pytest.raises(LoadError):
        check_load("1", days_per_week=3, hours=Decimal(0), days_per_year=50)
    with pytest.raises(LoadError):
        check_load("1", days_per_week=3, hours=Decimal(3), days_per_year=400)
