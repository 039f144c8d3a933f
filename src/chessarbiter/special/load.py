"""Team Competitions 1972's competition load by level («Регламенты»): how much a collective should
make its players compete when they are not released from work or study.

Team Competitions 1972: "В соревнованиях без освобождения от работы все зависит от местных условий
... Опыт подсказывает примерно такие оптимальные загрузки соревнованиями":

=============================  ====================  ==================  ======================
Квалификация участников        Число дней игры       Продолжительность   Число соревновательных
                               в неделю              игры                дней в году
=============================  ====================  ==================  ======================
До III разряда                 1—2                   2 часа              30—40
III—II разряды                 2                     3 часа              40—50
I разряд и кандидаты           3                     3½—4 часа           50—70
=============================  ====================  ==================  ======================

(The OCR reads the first row «До 1 разряда»; the order of the rows — below III, then III–II,
then I and candidates — shows it is «До III разряда».) "Эти нормы не относятся к учащимся
различного рода спортивных (шахматных) школ"; masters and grandmasters are outside the table.

>>> load_for("2").days_per_week
(2, 2)
>>> [e.field for e in check_load("1", days_per_week=4, hours=Decimal(4), days_per_year=75)]
['days_per_week', 'days_per_year']
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from typing import Final

from chessarbiter.special import UnusualChessError
from chessarbiter.special.simul import Classification, SimulError, parse_classification


class LoadError(UnusualChessError):
    """A level outside Team Competitions 1972's load table or an impossible planned season."""


class LoadLevel(Enum):
    """The three rows of Team Competitions 1972's table."""

    BELOW_THIRD = "below-3"
    """«До III разряда»: 4th category and unclassified players."""
    THIRD_SECOND = "3-2"
    """«III—II разряды»."""
    FIRST_CANDIDATE = "1-cm"
    """«I разряд и кандидаты» (candidate masters)."""


@dataclass(frozen=True, slots=True)
class LoadNorm:
    """A row of the table: ranges ``(low, high)`` of days a week, hours a playing day and
    competition days a year."""

    level: LoadLevel
    label: str
    days_per_week: tuple[int, int]
    hours: tuple[Decimal, Decimal]
    days_per_year: tuple[int, int]


LOAD_TABLE: Final[dict[LoadLevel, LoadNorm]] = {
    LoadLevel.BELOW_THIRD: LoadNorm(
        LoadLevel.BELOW_THIRD, "below 3rd category", (1, 2), (Decimal(2), Decimal(2)), (30, 40)
    ),
    LoadLevel.THIRD_SECOND: LoadNorm(
        LoadLevel.THIRD_SECOND, "3rd-2nd category", (2, 2), (Decimal(3), Decimal(3)), (40, 50)
    ),
    LoadLevel.FIRST_CANDIDATE: LoadNorm(
        LoadLevel.FIRST_CANDIDATE,
        "1st category and candidates",
        (3, 3),
        (Decimal("3.5"), Decimal(4)),
        (50, 70),
    ),
}
"""Team Competitions 1972's table of «оптимальные загрузки соревнованиями»."""

_LEVEL_OF: Final[dict[Classification, LoadLevel]] = {
    Classification.UNCLASSIFIED: LoadLevel.BELOW_THIRD,
    Classification.FOURTH: LoadLevel.BELOW_THIRD,
    Classification.THIRD: LoadLevel.THIRD_SECOND,
    Classification.SECOND: LoadLevel.THIRD_SECOND,
    Classification.FIRST: LoadLevel.FIRST_CANDIDATE,
    Classification.CANDIDATE_MASTER: LoadLevel.FIRST_CANDIDATE,
}


def load_for(classification: Classification | LoadLevel | str) -> LoadNorm:
    """The row of Team Competitions 1972's load table for a class (``none``, ``4``, ``3``, ``2``,
    ``1``, ``cm``, as in :func:`~chessarbiter.special.simul.parse_classification`) or a level
    (``below-3``, ``3-2``, ``1-cm``). Masters and grandmasters raise :class:`LoadError`: the
    book's table stops at candidates.

    >>> load_for("cm").hours
    (Decimal('3.5'), Decimal('4'))
    >>> load_for("none").label
    'below 3rd category'
    """
    if isinstance(classification, LoadLevel):
        return LOAD_TABLE[classification]
    if isinstance(classification, str):
        text = classification.strip().lower()
        for level in LoadLevel:
            if text == level.value:
                return LOAD_TABLE[level]
        try:
            classification = parse_classification(text)
        except SimulError as e:
            raise LoadError(
                f"{e} — or a level: {', '.join(lv.value for lv in LoadLevel)}"
            ) from None
    found = _LEVEL_OF.get(classification)
    if found is None:
        raise LoadError(
            f"Team Competitions 1972's load table has no row for {classification.name} "
            "(it covers players below the 3rd category up to candidate masters)"
        )
    return LOAD_TABLE[found]


@dataclass(frozen=True, slots=True)
class LoadExcess:
    """A planned figure above the book's range for the level."""

    field: str
    planned: Decimal
    maximum: Decimal
    message: str


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def check_load(
    classification: Classification | LoadLevel | str,
    *,
    days_per_week: int,
    hours: Decimal,
    days_per_year: int,
) -> list[LoadExcess]:
    """Check a planned season against Team Competitions 1972's load for the level: one
    :class:`LoadExcess` for each figure above the top of the book's range (days of play a week,
    hours a playing day, competition days a year). An empty list means the plan is within the norms;
    a figure below the range is not reported (the book's norms are an optimum, "примерно", not a
    minimum).

    >>> check_load("3", days_per_week=2, hours=Decimal(3), days_per_year=45)
    []
    >>> print(check_load("4", days_per_week=2, hours=Decimal("2.5"), days_per_year=40)[0].message)
    2.5 hours a playing day, more than the 2 of Team Competitions 1972's norm for below 3rd category
    """
    norm = load_for(classification)
    if not 0 <= days_per_week <= 7:
        raise LoadError(f"{days_per_week} days a week is not possible")
    if not 0 < hours <= 24:
        raise LoadError(f"{hours} hours a playing day is not possible")
    if not 0 <= days_per_year <= 366:
        raise LoadError(f"{days_per_year} days a year is not possible")
    checks = (
        ("days_per_week", Decimal(days_per_week), Decimal(norm.days_per_week[1]), "days a week"),
        ("hours", hours, norm.hours[1], "hours a playing day"),
        (
            "days_per_year",
            Decimal(days_per_year),
            Decimal(norm.days_per_year[1]),
            "competition days a year",
        ),
    )
    return [
        LoadExcess(
            field,
            planned,
            maximum,
            f"{_plain(planned)} {what}, more than the {_plain(maximum)} of Team Competitions "
            f"1972's norm "
            f"for {norm.label}",
        )
        for field, planned, maximum, what in checks
        if planned > maximum
    ]
