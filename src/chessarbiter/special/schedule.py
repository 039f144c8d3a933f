"""Team Competitions 1972's schedules: the one-evening blitz round robin and the competition
calendar ("regulations", «регламенты») with its checks.

Blitz evening (Team Competitions 1972, «Необычные шахматы»): "его продолжительность не должна
превышать 4 часов (в выходной день — 5 часов), ... после каждых четырех туров и перед последним
туром рекомендуются пятиминутные перерывы. Следовательно, за час (с запасом времени) проводятся 4
тура, за вечер — 16, т. е. число участников не должно быть более 16 (в выходной день — 20)."

Calendar (Team Competitions 1972, «Регламенты»): a pattern of days, e.g. ``3R,A,3R,A,F``; see
:func:`parse_pattern` for the letters and :func:`plan_schedule` for the checks.

>>> evening = plan_blitz_evening(16)
>>> evening.rounds, evening.breaks_after, evening.total_minutes
(15, (4, 8, 12, 14), 215)
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from chessarbiter import limits
from chessarbiter.special import UnusualChessError


class ScheduleError(UnusualChessError):
    """An impossible blitz evening or a malformed schedule pattern."""


def day_after(start: dt.date, days: int) -> dt.date:
    """``start`` + ``days`` days, or a :class:`ScheduleError` when that is past the calendar's
    last day, 9999-12-31.

    >>> day_after(dt.date(9999, 12, 30), 1)
    datetime.date(9999, 12, 31)
    >>> day_after(dt.date(9999, 12, 30), 2)
    Traceback (most recent call last):
    ...
    chessarbiter.special.schedule.ScheduleError: 9999-12-30 + 2 days is past 9999-12-31, the \
last day a date can have
    """
    try:
        return start + dt.timedelta(days=days)
    except OverflowError:
        raise ScheduleError(
            f"{start.isoformat()} + {days} days is past {dt.date.max.isoformat()}, the last day "
            "a date can have"
        ) from None


# --------------------------------------------------------------------------- blitz evening

ROUNDS_PER_HOUR: Final = 4
"""Team Competitions 1972: "за час (с запасом времени) проводятся 4 тура"."""
BLITZ_GAME_MINUTES: Final = 5
"""Team Competitions 1972: "каждому участнику выделяется на обдумывание партии по 5 минут"."""
BREAK_MINUTES: Final = 5
"""Team Competitions 1972: "рекомендуются пятиминутные перерывы"."""
ROUND_MINUTES: Final = 13
"""A round's slot (our choice, the book gives none): two 5-minute clocks and 3 minutes for
results and seating, so that four rounds and a break fit in the book's hour (4 × 13 + 5 = 57)."""


def blitz_hours(day_off: bool) -> int:
    """Team Competitions 1972: the evening "не должна превышать 4 часов (в выходной день — 5
    часов)"."""
    return 5 if day_off else 4


def blitz_max_players(day_off: bool) -> int:
    """Team Competitions 1972: "за вечер — 16, т. е. число участников не должно быть более 16 (в
    выходной день — 20)": four rounds an hour times the hours of the evening.

    >>> blitz_max_players(False), blitz_max_players(True)
    (16, 20)
    """
    return ROUNDS_PER_HOUR * blitz_hours(day_off)


def round_robin_rounds(players: int) -> int:
    """Rounds of a single round robin: ``players − 1``, or ``players`` when odd (one rests each
    round). Team Competitions 1972's blitz evening is "круговые турниры за один вечер"."""
    if players < 2:
        raise ScheduleError(f"a round robin needs at least 2 players, not {players}")
    return players if players % 2 else players - 1


def blitz_breaks_after(rounds: int) -> tuple[int, ...]:
    """The rounds after which a break is held, Team Competitions 1972: "после каждых четырех туров и
    перед последним туром рекомендуются пятиминутные перерывы" (none after the last round).

    >>> blitz_breaks_after(15), blitz_breaks_after(17), blitz_breaks_after(3)
    ((4, 8, 12, 14), (4, 8, 12, 16), (2,))
    """
    after = {r for r in range(ROUNDS_PER_HOUR, rounds, ROUNDS_PER_HOUR)}
    if rounds >= 2:
        after.add(rounds - 1)
    return tuple(sorted(after))


@dataclass(frozen=True, slots=True)
class BlitzSlot:
    """A round (``kind == "round"``, ``number`` its number) or a break of the evening."""

    kind: str
    number: int
    start: dt.datetime
    end: dt.datetime


@dataclass(frozen=True, slots=True)
class BlitzEvening:
    """A planned blitz evening."""

    players: int
    rounds: int
    day_off: bool
    max_players: int
    limit_minutes: int
    breaks_after: tuple[int, ...]
    slots: tuple[BlitzSlot, ...]

    @property
    def total_minutes(self) -> int:
        return int((self.slots[-1].end - self.slots[0].start).total_seconds()) // 60


def plan_blitz_evening(
    players: int,
    *,
    day_off: bool = False,
    start: dt.time = dt.time(18, 0),
    round_minutes: int = ROUND_MINUTES,
    break_minutes: int = BREAK_MINUTES,
    game_minutes: int = BLITZ_GAME_MINUTES,
) -> BlitzEvening:
    """Plan Team Competitions 1972's one-evening blitz round robin: at most 16 players (20 on a day
    off), at most 4 hours (5), a break after every four rounds and before the last. Raises
    :class:`ScheduleError` when the players exceed the book's limit or the slots do not fit in the
    evening (a round slot or a break longer than the whole evening is refused before anything is
    laid out).

    >>> [s.start.strftime("%H:%M") for s in plan_blitz_evening(6).slots]
    ['18:00', '18:13', '18:26', '18:39', '18:52', '18:57']
    """
    max_players = blitz_max_players(day_off)
    if players > max_players:
        when = "on a day off" if day_off else "on a working day (20 on a day off)"
        raise ScheduleError(
            f"{players} players: a blitz evening takes at most {max_players} {when} (Team "
            f"Competitions 1972)"
        )
    rounds = round_robin_rounds(players)
    if game_minutes < 1 or break_minutes < 0:
        raise ScheduleError("the game time must be positive and the breaks not negative")
    if round_minutes < 2 * game_minutes:
        raise ScheduleError(
            f"a round of {round_minutes} minutes cannot hold two {game_minutes}-minute clocks"
        )
    limit = 60 * blitz_hours(day_off)
    if max(round_minutes, break_minutes, game_minutes) > limit:
        raise ScheduleError(
            f"a round slot of {round_minutes} minutes, a break of {break_minutes} or a game of "
            f"{game_minutes}: none may be longer than the {limit} minutes of the evening "
            "(Team Competitions 1972)"
        )
    breaks = blitz_breaks_after(rounds)
    clock = dt.datetime.combine(dt.date(2000, 1, 1), start)
    slots: list[BlitzSlot] = []
    for r in range(1, rounds + 1):
        end = clock + dt.timedelta(minutes=round_minutes)
        slots.append(BlitzSlot("round", r, clock, end))
        clock = end
        if r in breaks:
            end = clock + dt.timedelta(minutes=break_minutes)
            slots.append(BlitzSlot("break", r, clock, end))
            clock = end
    evening = BlitzEvening(players, rounds, day_off, max_players, limit, breaks, tuple(slots))
    if evening.total_minutes > limit:
        raise ScheduleError(
            f"{rounds} rounds of {round_minutes} minutes and {len(breaks)} breaks take "
            f"{evening.total_minutes} minutes, more than the {limit} of the evening (Team "
            f"Competitions 1972)"
        )
    return evening


# --------------------------------------------------------------------------- calendar


class DayKind(Enum):
    """What a day of the calendar holds (pattern letter in brackets)."""

    ROUND = "R"
    """A round (``R``)."""
    DOUBLE = "D"
    """Two four-hour rounds (``D``), Team Competitions 1972's «три тура в два дня»: "в один день
    проводятся два четырехчасовых тура"."""
    ROUND_ADJOURNMENT = "RA"
    """A round and a four-hour adjournment session (``RA``): "в другой — тур и четырехчасовое
    доигрывание"."""
    ADJOURNMENT = "A"
    """An adjournment day (``A``, «доигрывание»)."""
    FREE = "F"
    """A free day (``F``, «выходной»)."""

    @property
    def rounds(self) -> int:
        return {DayKind.ROUND: 1, DayKind.DOUBLE: 2, DayKind.ROUND_ADJOURNMENT: 1}.get(self, 0)


_TOKEN: Final = re.compile(r"^(\d*)(RA|R|D|A|F)$", re.IGNORECASE)


def parse_pattern(pattern: str) -> list[list[DayKind]]:
    """A pattern → its stages' days. Comma-separated tokens, each an optional count and a
    letter: ``R`` round, ``D`` two rounds, ``RA`` round + adjournment session, ``A`` adjournment
    day, ``F`` free day; ``|`` separates the stages (semi-final | final).

    >>> [[k.value for k in stage] for stage in parse_pattern("2R,A|R,F")]
    [['R', 'R', 'A'], ['R', 'F']]
    """
    stages: list[list[DayKind]] = []
    for stage_text in pattern.split("|"):
        days: list[DayKind] = []
        for token in stage_text.split(","):
            m = _TOKEN.match(token.strip())
            if m is None:
                raise ScheduleError(
                    f"bad pattern token {token.strip()!r} in {pattern!r} "
                    "(write e.g. 3R,A,3R,A,F; letters R, D, RA, A, F; | between stages)"
                )
            count = int(m.group(1)) if m.group(1) else 1
            if not 1 <= count <= 366:
                raise ScheduleError(f"bad count in pattern token {token.strip()!r}")
            days.extend([DayKind(m.group(2).upper())] * count)
        if not any(d.rounds for d in days):
            raise ScheduleError(f"stage {stage_text.strip()!r} of {pattern!r} has no round")
        stages.append(days)
    return stages


@dataclass(frozen=True, slots=True)
class PlannedDay:
    """A day of the calendar: its 1-based number, date, kind, the rounds played and the
    1-based stage."""

    number: int
    date: dt.date
    kind: DayKind
    rounds: tuple[int, ...]
    stage: int


@dataclass(frozen=True, slots=True)
class Violation:
    """A constraint of Team Competitions 1972 that the calendar breaks, at a day."""

    day: int
    date: dt.date
    rule: str
    message: str


@dataclass(frozen=True, slots=True)
class SchedulePlan:
    days: tuple[PlannedDay, ...]
    stages: int
    rest_every: int
    violations: tuple[Violation, ...]

    @property
    def rounds(self) -> int:
        """Rounds the calendar holds."""
        return sum(len(d.rounds) for d in self.days)


RULE_REST: Final = "rest"
RULE_ADJOURNMENT_BEFORE_LAST: Final = "adjournment-before-last-round"
RULE_ADJOURNMENT_AFTER_STAGE: Final = "adjournment-after-stage"

STRICT_REST_EVERY: Final = 7
"""Team Competitions 1972: "каждый седьмой день обязательно должен быть свободным" (regimes with
morning adjournment sessions) and, for «три тура в два дня», "после шести таких дней обязательно
выходной"."""
USUAL_REST_EVERY: Final = 9
"""Our reading for the other regimes: the book's widest cycle, "три тура, доигрывание, три тура,
доигрывание и выходной день", puts the free day on the 9th day; the 7-day rule is stated for the
hard regimes only ("В этом случае ...")."""


def check_rest(days: Sequence[PlannedDay], every: int) -> list[Violation]:
    """Team Competitions 1972: "каждый седьмой день обязательно должен быть свободным" — no more
    than ``every − 1`` days in a row without a free day; reported on each day that should have been
    free."""
    out: list[Violation] = []
    run = 0
    for day in days:
        run = 0 if day.kind is DayKind.FREE else run + 1
        if run == every:
            out.append(
                Violation(
                    day.number,
                    day.date,
                    RULE_REST,
                    f"day {day.number} is the {every}th day in a row without a free day "
                    f"(Team Competitions 1972: a free day at least every {every}th day)",
                )
            )
            run = 0
    return out


def _stage_last_round_day(days: Sequence[PlannedDay], stage: int) -> int:
    """The index in ``days`` of the stage's last round day."""
    return max(i for i, d in enumerate(days) if d.stage == stage and d.rounds)


def check_adjournment_before_last_round(days: Sequence[PlannedDay], stages: int) -> list[Violation]:
    """Team Competitions 1972: "перед последним туром обязателен день доигрывания"; with semi-finals
    and finals: "доигрывания должны быть предусмотрены перед последним туром полуфиналов ... перед
    последним туром финалов" — the day before each stage's last round is an adjournment day."""
    out: list[Violation] = []
    for stage in range(1, stages + 1):
        i = _stage_last_round_day(days, stage)
        if i == 0 or days[i - 1].kind is not DayKind.ADJOURNMENT:
            what = "the last round" if stages == 1 else f"the last round of stage {stage}"
            out.append(
                Violation(
                    days[i].number,
                    days[i].date,
                    RULE_ADJOURNMENT_BEFORE_LAST,
                    f"no adjournment day before {what} (day {days[i].number}; Team Competitions "
                    f"1972: "
                    "an adjournment day before the last round is compulsory)",
                )
            )
    return out


def check_adjournment_after_stages(days: Sequence[PlannedDay], stages: int) -> list[Violation]:
    """Team Competitions 1972, semi-finals and finals: adjournments "после этого тура — до
    жеребьевки финалов, ... после этого тура — до закрытия соревнования" — the day after each
    stage's last round is an adjournment day (before the next stage's draw, or the closing)."""
    out: list[Violation] = []
    if stages < 2:
        return out
    for stage in range(1, stages + 1):
        i = _stage_last_round_day(days, stage)
        if i + 1 >= len(days) or days[i + 1].kind is not DayKind.ADJOURNMENT:
            then = "the closing" if stage == stages else f"the draw of stage {stage + 1}"
            out.append(
                Violation(
                    days[i].number,
                    days[i].date,
                    RULE_ADJOURNMENT_AFTER_STAGE,
                    f"no adjournment day after the last round of stage {stage} "
                    f"(day {days[i].number}) before {then} (Team Competitions 1972)",
                )
            )
    return out


@dataclass(frozen=True, slots=True)
class Regime:
    """A named regime of Team Competitions 1972's «Регламенты»: its pattern (:func:`parse_pattern`),
    whether it has morning adjournment sessions, and the book's words."""

    name: str
    pattern: str
    morning_adjournments: bool
    quote: str


REGIMES: Final[dict[str, Regime]] = {
    r.name: r
    for r in (
        Regime(
            "match",
            "R,A,R,A,R,A,F",
            False,
            "в ответственных матчах (тур, доигрывание, тур, доигрывание, тур, доигрывание и "
            "седьмой день выходной)",
        ),
        Regime(
            "tournament",
            "2R,A,2R,A,F",
            False,
            "и турнирах (два тура, доигрывание, два тура, доигрывание, выходной)",
        ),
        Regime(
            "common",
            "3R,A,3R,A,F",
            False,
            "широкое распространение имеет регламент, предусматривающий три тура, доигрывание, "
            "три тура, доигрывание и выходной день",
        ),
        Regime(
            "intermediate",
            "3R,A,2R,A,F",
            False,
            "Есть и промежуточный регламент: три тура, доигрывание, два тура, доигрывание и "
            "выходной",
        ),
        Regime(
            "hard",
            "5R,A,F",
            True,
            "пять туров, доигрывание, выходной, с дополнительным двухчасовым доигрыванием по утрам",
        ),
        Regime(
            "three-in-two",
            "D,RA,D,RA,D,RA,F",
            True,
            "«три тура в два дня» ... В один день проводятся два четырехчасовых тура, в другой — "
            "тур и четырехчасовое доигрывание. После шести таких дней обязательно выходной",
        ),
        Regime(
            "team",
            "3R,A,3R,A,F",
            False,
            "В командных соревнованиях с освобождением от работы наиболее распространен такой "
            "регламент: три тура, доигрывание, три тура, доигрывание, выходной",
        ),
    )
}
"""Team Competitions 1972's named regimes. ``three-in-two`` is «три тура в два дня», "только как
исключение"; for a responsible team event the book adds two-hour morning adjournments (pass
``morning_adjournments=True`` with ``team``)."""


def find_regime(name: str) -> Regime:
    """The regime called ``name`` (:data:`REGIMES`).

    >>> find_regime("Tournament").pattern
    '2R,A,2R,A,F'
    """
    try:
        return REGIMES[name.strip().lower()]
    except KeyError:
        raise ScheduleError(f"unknown regime {name!r} (one of {', '.join(REGIMES)})") from None


def plan_schedule(
    start: dt.date,
    pattern: str | None = None,
    *,
    regime: str | None = None,
    rounds: int | None = None,
    morning_adjournments: bool = False,
    rest_every: int | None = None,
) -> SchedulePlan:
    """A calendar from ``start`` and a pattern (:func:`parse_pattern`), checked against Team
    Competitions 1972's «Регламенты»:

    * a free day at least every ``rest_every``-th day (:func:`check_rest`); by default 7 —
      "каждый седьмой день обязательно должен быть свободным" — when the regime has morning
      adjournment sessions or «три тура в два дня» days (``D``, ``RA``), else 9
      (:data:`USUAL_REST_EVERY`);
    * an adjournment day before the last round (of each stage);
    * with stages (semi-final | final), an adjournment day after each stage's last round.

    With ``rounds`` (one stage only) the pattern is repeated until that many rounds are placed.

    Instead of a pattern, ``regime`` names one of Team Competitions 1972's regimes
    (:data:`REGIMES`); its morning adjournment sessions count as ``morning_adjournments``.

    Raises :class:`ScheduleError` for a malformed pattern, ``rounds`` outside 1 to
    :data:`~chessarbiter.limits.MAX_ROUNDS`, a calendar longer than
    :data:`~chessarbiter.limits.MAX_CALENDAR_DAYS` days or one that runs past 9999-12-31.

    >>> plan = plan_schedule(dt.date(2026, 12, 1), "2R,A,2R,A,F,R,A,R")
    >>> plan.rounds, plan.violations
    (6, ())
    >>> plan_schedule(dt.date(2026, 12, 1), regime="hard").rest_every
    7
    """
    if regime is not None:
        if pattern is not None:
            raise ScheduleError("give either a pattern or a regime, not both")
        preset = find_regime(regime)
        pattern = preset.pattern
        morning_adjournments = morning_adjournments or preset.morning_adjournments
    if pattern is None:
        raise ScheduleError("give a pattern or a regime")
    stages = parse_pattern(pattern)
    if rounds is not None:
        if len(stages) > 1:
            raise ScheduleError("--rounds repeats a one-stage pattern; write the stages out")
        if not 1 <= rounds <= limits.MAX_ROUNDS:
            raise ScheduleError(f"1 to {limits.MAX_ROUNDS} rounds, not {rounds}")
        cycle, stages = stages[0], [[]]
        placed = 0
        while placed < rounds:
            for kind in cycle:
                if placed + kind.rounds > rounds:
                    kind = DayKind.ROUND  # the last round only
                stages[0].append(kind)
                placed += kind.rounds
                if placed == rounds:
                    break
    length = sum(len(stage) for stage in stages)
    if length > limits.MAX_CALENDAR_DAYS:
        raise ScheduleError(
            f"a calendar of {length} days: at most {limits.MAX_CALENDAR_DAYS} "
            "(chessarbiter.limits.MAX_CALENDAR_DAYS)"
        )
    day_after(start, length - 1)  # the last day is a date: so is every day before it
    days: list[PlannedDay] = []
    played = 0
    for stage_no, stage in enumerate(stages, start=1):
        for kind in stage:
            held = tuple(range(played + 1, played + 1 + kind.rounds))
            played += kind.rounds
            date = start + dt.timedelta(days=len(days))
            days.append(PlannedDay(len(days) + 1, date, kind, held, stage_no))
    hard = morning_adjournments or any(
        d.kind in (DayKind.DOUBLE, DayKind.ROUND_ADJOURNMENT) for d in days
    )
    every = rest_every
    if every is None:
        every = STRICT_REST_EVERY if hard else USUAL_REST_EVERY
    if every < 2:
        raise ScheduleError(f"a free day every {every} days leaves no day to play")
    if every > limits.MAX_CALENDAR_DAYS:
        raise ScheduleError(f"a free day at least every 2 to {limits.MAX_CALENDAR_DAYS} days")
    violations = [
        *check_rest(days, every),
        *check_adjournment_before_last_round(days, len(stages)),
        *check_adjournment_after_stages(days, len(stages)),
    ]
    violations.sort(key=lambda v: v.day)
    return SchedulePlan(tuple(days), len(stages), every, tuple(violations))


# --------------------------------------------------------------------------- Swiss sessions


class SessionKind(Enum):
    """What a session of the Swiss day plan holds."""

    ROUND = "round"
    ADJOURNMENT = "adjournment"


class SessionTime(Enum):
    """The half of the day."""

    MORNING = "morning"
    EVENING = "evening"


@dataclass(frozen=True, slots=True)
class SwissSession:
    """A session of :func:`swiss_adjournment_sessions`: 1-based day, date, half of the day, kind,
    and the round played (for a round) or the latest round played (for an adjournment)."""

    day: int
    date: dt.date
    time: SessionTime
    kind: SessionKind
    round: int


SWISS_CYCLE: Final = (
    (SessionKind.ROUND, SessionKind.ADJOURNMENT),
    (SessionKind.ADJOURNMENT, SessionKind.ROUND),
    (SessionKind.ADJOURNMENT, SessionKind.ADJOURNMENT),
)
"""Team Competitions 1972, Swiss events with adjournments: "1-й день — тур утром, доигрывание
вечером; 2-й день — доигрывание утром, тур вечером; 3-й день — доигрывание утром и вечером и т. д."
— (morning, evening) of the three days that repeat."""


def swiss_adjournment_sessions(rounds: int, start: dt.date) -> Iterator[SwissSession]:
    """The sessions of Team Competitions 1972's Swiss regime with adjournments, "почти гарантирующий
    окончание всех партий к очередному туру и неутомительный для участников даже без специальных
    выходных дней": the three-day cycle :data:`SWISS_CYCLE` repeated from ``start``. Every round is
    followed by two adjournment sessions before the next round; after the last round its two
    adjournment sessions are given too, so that all games are finished. (The book notes the
    drawback: "время проведения туров меняется".) Raises :class:`ScheduleError` for ``rounds``
    outside 1 to
    :data:`~chessarbiter.limits.MAX_ROUNDS` or a session past 9999-12-31.

    >>> [(s.day, s.time.value, s.kind.value, s.round)
    ...  for s in swiss_adjournment_sessions(2, dt.date(2026, 12, 1))]
    [(1, 'morning', 'round', 1), (1, 'evening', 'adjournment', 1),
     (2, 'morning', 'adjournment', 1), (2, 'evening', 'round', 2),
     (3, 'morning', 'adjournment', 2), (3, 'evening', 'adjournment', 2)]
    """
    if not 1 <= rounds <= limits.MAX_ROUNDS:
        raise ScheduleError(f"1 to {limits.MAX_ROUNDS} rounds, not {rounds}")
    played = 0
    after_last = 0
    day = 0
    while True:
        for time, kind in zip(SessionTime, SWISS_CYCLE[day % len(SWISS_CYCLE)], strict=True):
            if kind is SessionKind.ROUND:
                played += 1
            elif played == rounds:
                after_last += 1
            yield SwissSession(day + 1, day_after(start, day), time, kind, played)
            if after_last == 2:
                return
        day += 1
