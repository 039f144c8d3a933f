"""Simultaneous exhibitions (Team Competitions 1972, «Необычные шахматы»): who may play, how many,
and the scoring of a simul contest.

Team Competitions 1972: "В обычном сеансе не следует участвовать шахматистам смежной с сеансерами
классификации (мастерам против гроссмейстеров, кандидатам в мастера против мастеров и т. д.).
Число участников сеанса не должно превышать более чем в 10 раз разницы между средним разрядом
участников и квалификацией сеансера (например, против мастера — максимум 20 перворазрядников или
30 шахматистов второго разряда, 40 — третьего)."

The classification ladder, one step per class: grandmaster, master, candidate master, 1st, 2nd,
3rd, 4th category, unclassified (the last two are our extension of the book's examples).

>>> simul_limit(Classification.MASTER, [Classification.SECOND] * 30)
30
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import IntEnum
from typing import Final

from chessarbiter import limits
from chessarbiter.special import UnusualChessError


class SimulError(UnusualChessError):
    """Invalid simultaneous-exhibition input."""


class Classification(IntEnum):
    """A player's class; the value is the step on the ladder (larger is weaker)."""

    GRANDMASTER = 0
    MASTER = 1
    CANDIDATE_MASTER = 2
    FIRST = 3
    SECOND = 4
    THIRD = 5
    FOURTH = 6
    UNCLASSIFIED = 7


_ALIASES: Final[dict[str, Classification]] = {
    "gm": Classification.GRANDMASTER,
    "grandmaster": Classification.GRANDMASTER,
    "m": Classification.MASTER,
    "master": Classification.MASTER,
    "cm": Classification.CANDIDATE_MASTER,
    "candidate": Classification.CANDIDATE_MASTER,
    "candidate-master": Classification.CANDIDATE_MASTER,
    "1": Classification.FIRST,
    "first": Classification.FIRST,
    "2": Classification.SECOND,
    "second": Classification.SECOND,
    "3": Classification.THIRD,
    "third": Classification.THIRD,
    "4": Classification.FOURTH,
    "fourth": Classification.FOURTH,
    "none": Classification.UNCLASSIFIED,
    "unclassified": Classification.UNCLASSIFIED,
}
CLASS_NAMES: Final = tuple(_ALIASES)


def parse_classification(text: str) -> Classification:
    """``gm``, ``master``/``m``, ``cm``, ``1``–``4`` (or ``first`` …), ``none``.

    >>> parse_classification("CM").name
    'CANDIDATE_MASTER'
    """
    try:
        return _ALIASES[text.strip().lower()]
    except KeyError:
        raise SimulError(
            f"unknown classification {text!r} (one of {', '.join(CLASS_NAMES)})"
        ) from None


def check_participants(count: int) -> None:
    """A :class:`SimulError` for more than :data:`~chessarbiter.limits.MAX_SIMUL_BOARDS`
    participants."""
    if count > limits.MAX_SIMUL_BOARDS:
        raise SimulError(
            f"{count} participants: a simul has at most {limits.MAX_SIMUL_BOARDS} "
            "(chessarbiter.limits.MAX_SIMUL_BOARDS)"
        )


def class_gap(exhibitor: Classification, participants: Sequence[Classification]) -> Decimal:
    """Team Competitions 1972: "разницы между средним разрядом участников и квалификацией сеансера"
    — the participants' mean step minus the exhibitor's.

    >>> class_gap(Classification.MASTER, [Classification.FIRST, Classification.SECOND])
    Decimal('2.5')
    """
    if not participants:
        raise SimulError("no participants")
    check_participants(len(participants))
    mean = Decimal(sum(participants)) / len(participants)
    return mean - exhibitor


def simul_limit(
    exhibitor: Classification, participants: Sequence[Classification] | Classification
) -> int:
    """Team Competitions 1972: "Число участников сеанса не должно превышать более чем в 10 раз
    разницы между средним разрядом участников и квалификацией сеансера" — at most 10 × the class gap
    boards (rounded down). A gap of one class or less gives 0: "не следует участвовать шахматистам
    смежной с сеансерами классификации".

    >>> [simul_limit(Classification.MASTER, c) for c in (Classification.FIRST,
    ...     Classification.SECOND, Classification.THIRD, Classification.CANDIDATE_MASTER)]
    [20, 30, 40, 0]
    """
    group = [participants] if isinstance(participants, Classification) else list(participants)
    gap = class_gap(exhibitor, group)
    if gap <= 1:
        return 0
    return math.floor(10 * gap)


def check_simul(exhibitor: Classification, participants: Sequence[Classification]) -> list[str]:
    """Everything Team Competitions 1972 objects to in an ordinary simul: a participant of the
    exhibitor's adjacent (or a stronger) class, and more participants than :func:`simul_limit`.
    Empty when the simul may go ahead.

    >>> check_simul(Classification.MASTER, [Classification.CANDIDATE_MASTER] + [
    ...     Classification.FIRST] * 2)
    ['participant 1 (CANDIDATE_MASTER) is of a class adjacent to or above the exhibitor (MASTER)']
    """
    problems = [
        f"participant {i} ({p.name}) is of a class adjacent to or above the exhibitor "
        f"({exhibitor.name})"
        for i, p in enumerate(participants, start=1)
        if p - exhibitor <= 1
    ]
    limit = simul_limit(exhibitor, participants)
    if len(participants) > limit:
        problems.append(
            f"{len(participants)} participants, more than the limit of {limit} "
            f"(10 × the class gap {class_gap(exhibitor, participants):.2f})"
        )
    return problems


# --------------------------------------------------------------------------- simul contests


@dataclass(frozen=True, slots=True)
class SimulResult:
    """One exhibitor's simul in a contest: points scored, minutes taken, boards played."""

    exhibitor: str
    score: Decimal
    minutes: int
    boards: int | None = None


@dataclass(frozen=True, slots=True)
class SimulStanding:
    """An exhibitor's place after the time adjustment."""

    place: int
    exhibitor: str
    score: Decimal
    minutes: int
    extra_minutes: int
    deduction: Decimal
    adjusted: Decimal


HALF: Final = Decimal("0.5")


def time_deduction(extra_minutes: int, per_minutes: int) -> Decimal:
    """Team Competitions 1972: "снимать у сеансеров по пол-очка с их фактического результата за
    каждые, скажем, 5 или 10 минут лишнего затраченного времени" — ½ point for every full
    ``per_minutes`` over the fastest simul (a started period is not counted: our reading of
    «за каждые»).

    >>> time_deduction(14, 5), time_deduction(15, 5), time_deduction(4, 5)
    (Decimal('1.0'), Decimal('1.5'), Decimal('0.0'))
    """
    if not 1 <= per_minutes <= limits.MAX_MINUTES:
        raise SimulError(
            f"the deduction period must be 1 to {limits.MAX_MINUTES} minutes, not {per_minutes}"
        )
    if extra_minutes < 0:
        raise SimulError("extra time cannot be negative")
    return HALF * (extra_minutes // per_minutes)


def result_problems(result: SimulResult) -> list[str]:
    """What is wrong with one exhibitor's result in a simul contest (empty when nothing): the
    minutes taken 0 to :data:`~chessarbiter.limits.MAX_MINUTES`, the boards 1 to
    :data:`~chessarbiter.limits.MAX_SIMUL_BOARDS`, the score a multiple of ½ from 0 to the
    boards played (game points: 1 a win, ½ a draw, Team Competitions 1972).

    >>> result_problems(SimulResult("Tal", Decimal("15.5"), 155, 20))
    []
    >>> result_problems(SimulResult("Tal", Decimal("21"), 155, 20))
    ['Tal: 21 points on 20 boards']
    """
    r = result
    problems: list[str] = []
    if not 0 <= r.minutes <= limits.MAX_MINUTES:
        problems.append(
            f"{r.exhibitor}: {r.minutes} minutes; a time is 0 to {limits.MAX_MINUTES} "
            "minutes (a year)"
        )
    if r.boards is not None and not 1 <= r.boards <= limits.MAX_SIMUL_BOARDS:
        problems.append(
            f"{r.exhibitor}: {r.boards} boards; a simul has 1 to {limits.MAX_SIMUL_BOARDS}"
        )
    if not r.score.is_finite() or not -limits.MAX_POINTS <= r.score <= limits.MAX_POINTS:
        problems.append(f"{r.exhibitor}: score {r.score} is out of range")
    elif r.score < 0 or (r.score * 2) % 1 != 0:
        problems.append(f"{r.exhibitor}: score {r.score} is not a multiple of ½")
    elif r.boards is not None and r.score > r.boards:
        problems.append(f"{r.exhibitor}: {r.score} points on {r.boards} boards")
    return problems


def contest_problems(results: Sequence[SimulResult]) -> list[str]:
    """What is wrong with the results of a simul contest so far (empty when nothing): at most
    :data:`~chessarbiter.limits.MAX_ENTRIES` exhibitors, each named once, each result as
    :func:`result_problems` wants it, and the same number of boards for all, Team Competitions
    1972: "сеансеры выступают против одинакового числа ... участников". Fewer than two results
    are no problem here (a contest in progress); :func:`simul_contest` ranks two or more.

    >>> contest_problems([SimulResult("A", Decimal(15), 180, 20),
    ...     SimulResult("B", Decimal(17), 200, 19)])  # doctest: +NORMALIZE_WHITESPACE
    ['exhibitors must play the same number of opponents (Team Competitions 1972:
      «против одинакового числа ... участников»), not [19, 20]']
    """
    if len(results) > limits.MAX_ENTRIES:
        return [f"a simul contest has at most {limits.MAX_ENTRIES} exhibitors"]
    problems: list[str] = []
    names = [r.exhibitor for r in results]
    if len(set(names)) != len(names):
        problems.append("an exhibitor is named twice")
    boards = {r.boards for r in results if r.boards is not None}
    if len(boards) > 1:
        problems.append(
            "exhibitors must play the same number of opponents (Team Competitions 1972: «против "
            f"одинакового числа ... участников»), not {sorted(boards)}"
        )
    for r in results:
        problems += result_problems(r)
    return problems


def simul_contest(results: Sequence[SimulResult], per_minutes: int = 5) -> list[SimulStanding]:
    """Rank a simul contest, Team Competitions 1972: "сеансеры выступают против одинакового числа
    примерно равных по силе участников ... можно принимать результат самого быстрого сеанса за
    основу, а в остальных — снимать у сеансеров по пол-очка ... за каждые, скажем, 5 или 10 минут
    лишнего затраченного времени". The adjusted score is not taken below zero; equal adjusted scores
    share a place.

    >>> [(s.place, s.exhibitor, str(s.adjusted)) for s in simul_contest([
    ...     SimulResult("A", Decimal("15"), 180), SimulResult("B", Decimal("17"), 200)])]
    [(1, 'A', '15.0'), (1, 'B', '15.0')]
    """
    if len(results) < 2:
        raise SimulError("a simul contest needs at least two exhibitors")
    problems = contest_problems(results)
    if problems:
        raise SimulError(problems[0])
    fastest = min(r.minutes for r in results)
    rows = []
    for r in results:
        extra = r.minutes - fastest
        deduction = time_deduction(extra, per_minutes)
        rows.append((r, extra, deduction, max(Decimal(0), r.score - deduction)))
    rows.sort(key=lambda row: (-row[3], row[0].minutes))
    out: list[SimulStanding] = []
    for i, (r, extra, deduction, adjusted) in enumerate(rows):
        place = out[-1].place if out and out[-1].adjusted == adjusted else i + 1
        out.append(
            SimulStanding(place, r.exhibitor, r.score, r.minutes, extra, deduction, adjusted)
        )
    return out


#: The longest score text read: a score of :data:`~chessarbiter.limits.MAX_POINTS` written
#: with room for spaces and decimals.
_SCORE_CHARS: Final = 32
_DURATION: Final = re.compile(r"^(?:([0-9]{1,7}):([0-5][0-9])|([0-9]{1,7}))$")


def parse_minutes(text: str) -> int:
    """``H:MM`` or whole minutes (ASCII digits), at most
    :data:`~chessarbiter.limits.MAX_MINUTES` (a year).

    >>> parse_minutes("2:35"), parse_minutes("155")
    (155, 155)
    """
    m = _DURATION.match(text.strip())
    if m is None:
        raise SimulError(
            f"bad time {text[:40]!r} (write minutes, e.g. 155, or H:MM, e.g. 2:35; at most "
            f"{limits.MAX_MINUTES} minutes)"
        )
    hours, mins, whole = m.groups()
    minutes = int(whole) if whole is not None else 60 * int(hours) + int(mins)
    if minutes > limits.MAX_MINUTES:
        raise SimulError(f"{text.strip()}: more than {limits.MAX_MINUTES} minutes (a year)")
    return minutes


def minutes_text(minutes: int) -> str:
    """Minutes as :func:`parse_minutes` reads them back, ``H:MM``.

    >>> minutes_text(155), minutes_text(5), parse_minutes(minutes_text(100_000))
    ('2:35', '0:05', 100000)
    """
    return f"{minutes // 60}:{minutes % 60:02d}"


def parse_score(text: str) -> Decimal:
    """``15``, ``15.5``, ``15½``: a finite number of at most
    :data:`~chessarbiter.limits.MAX_POINTS` either way, written back as typed in decimals
    (``1e1`` is ``10``, ``-0`` is ``0``).

    >>> parse_score("15½"), parse_score("1e1"), parse_score("-0")
    (Decimal('15.5'), Decimal('10'), Decimal('0'))
    """
    if len(text) > _SCORE_CHARS:
        raise SimulError(f"bad score {text[:40]!r} (at most {_SCORE_CHARS} characters)")
    raw = text.strip().replace("½", ".5").replace(",", ".")
    if raw.startswith(".5"):
        raw = "0" + raw
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise SimulError(f"bad score {text!r}") from None
    if not value.is_finite():
        raise SimulError(f"bad score {text[:40]!r}")
    if value.copy_abs() > limits.MAX_POINTS:  # copy_abs: exact, never an Overflow
        raise SimulError(f"score {text[:40]!r} is beyond {limits.MAX_POINTS} points")
    if value == 0:
        return Decimal(0)
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent > 0:  # 1E+1: within MAX_POINTS, so exact
        return value.quantize(Decimal(1))
    return value


def parse_simul_result(text: str) -> SimulResult:
    """One exhibitor's line of a simul contest (Team Competitions 1972): ``NAME,SCORE,TIME
    [,BOARDS]``, TIME in minutes or ``H:MM`` (:func:`parse_minutes`), SCORE as
    :func:`parse_score`, BOARDS from 1 to :data:`~chessarbiter.limits.MAX_SIMUL_BOARDS`.

    >>> parse_simul_result("Tal,15½,2:35,20")
    SimulResult(exhibitor='Tal', score=Decimal('15.5'), minutes=155, boards=20)
    """
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (3, 4) or not parts[0]:
        raise SimulError(f"bad result {text[:80]!r} (write NAME,SCORE,TIME[,BOARDS])")
    boards = None
    if len(parts) == 4:
        if not (parts[3].isascii() and parts[3].isdigit()):
            raise SimulError(f"bad boards in {text[:80]!r}")
        boards = int(parts[3])
        if not 1 <= boards <= limits.MAX_SIMUL_BOARDS:
            raise SimulError(f"boards {boards}: from 1 to {limits.MAX_SIMUL_BOARDS}")
    return SimulResult(parts[0], parse_score(parts[1]), parse_minutes(parts[2]), boards)
