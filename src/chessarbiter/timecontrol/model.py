"""Time controls: periods of moves and time, increments and delays, and their notations.

A :class:`TimeControl` is the clock setting of one colour: a sequence of :class:`Period` s. A
period gives ``seconds`` for ``moves`` moves (``None``: the rest of the game, "sudden death"),
and an ``increment`` per move of that period whose ``mode`` is

* :attr:`TimingMode.FISCHER` — the increment is added after each move (Laws 2023 art. 6.3.1,
  the "cumulative" or Fischer mode; Laws Commentary 1997 calls it "аккумулированный метод (Фишер)");
* :attr:`TimingMode.BRONSTEIN` — after each move the time used, up to the delay, is added back
  (Laws Commentary 1997: "метод отсрочки (Бронштейн)"); the main time never grows;
* :attr:`TimingMode.DELAY` — the simple (US) delay: the main time only starts to run after the
  delay has passed, unused delay is lost (Laws 1997 art. 6.2, Laws 2023 art. 6.3.2).

An increment "from move 1" is an increment in every period; one "after a period" (e.g. "+ 30 s
per move from move 61") is an increment in the periods from that one on. A last period with a
move count repeats (the old "then 16 moves an hour" controls).

Special controls of the PGN standard (section 9.6.1): ``?`` unknown, ``-`` no time control and
``*N`` a sandclock (sandglass) of N seconds.

Notations (read and written):

* **PGN** ``TimeControl`` tag, periods joined by ``:`` (``40/6000+30:20/3000+30:600+30`` is the
  Stage by Stage 1997 main control). Delays are not in the PGN standard; this module writes and
  reads them as ``5400d5`` (simple delay) and ``5400b5`` (Bronstein) — an extension, documented
  as such.
* **FIDE's written style**: ``90 min/40 moves + 30 min + 30 s per move from move 1``; the reader
  also takes the common English forms ("90 minutes for 40 moves followed by 30 minutes for the
  rest of the game with an increment of 30 seconds per move starting from move 1", "40 moves in
  2 h, then 1 h", "15 min + 10 s", "90' + 30''", "5 s Bronstein delay", ...).
* **TRF-2026 record 222**: ``d[:d]`` or ``Wd-Bd`` with d one of ``M/S``,
  ``M/S+I``, ``S``, ``S+I`` in seconds, e.g. ``5400+30``, ``40/6000+30:900+30``, the Armageddon
  ``W300-B240``. It has no delays, no sandclock and no unknown: writing those raises.

>>> tc = TimeControl.parse_pgn("40/6000+30:20/3000+30:600+30")
>>> tc.to_fide()
'100 min/40 moves + 50 min/20 moves + 10 min + 30 s per move from move 1'
>>> TimeControl.parse_fide("90 min/40 moves + 30 min + 30 s per move from move 1").to_pgn()
'40/5400+30:1800+30'
>>> parse_trf("W300-B240").black.to_pgn()
'240'

Every reader raises :class:`~chessarbiter.timecontrol.errors.TimeControlError` naming the text
and the column of the problem.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from enum import StrEnum

from chessarbiter.limits import MAX_TIME_CONTROL_CHARS, MAX_TIME_CONTROL_DIGITS
from chessarbiter.timecontrol.errors import TimeControlError

__all__ = [
    "ColourControls",
    "ControlKind",
    "Period",
    "TimeControl",
    "TimingMode",
    "format_duration",
    "parse",
    "parse_trf",
]


class TimingMode(StrEnum):
    """How a period's per-move ``increment`` works (see the module docstring)."""

    FISCHER = "fischer"
    BRONSTEIN = "bronstein"
    DELAY = "delay"


class ControlKind(StrEnum):
    """What a :class:`TimeControl` is: periods, or one of the PGN standard's special values."""

    PERIODS = "periods"
    UNKNOWN = "unknown"  # PGN "?"
    UNTIMED = "untimed"  # PGN "-"
    SANDCLOCK = "sandclock"  # PGN "*N"


@dataclass(frozen=True, slots=True)
class Period:
    """``moves`` moves (``None``: the rest of the game) in ``seconds``, with ``increment``
    seconds per move of this period in ``mode``.

    >>> Period(40, 6000, 30).pgn()
    '40/6000+30'
    >>> Period(None, 5400, 5, TimingMode.BRONSTEIN).pgn()
    '5400b5'
    """

    moves: int | None
    seconds: int
    increment: int = 0
    mode: TimingMode = TimingMode.FISCHER

    def __post_init__(self) -> None:
        if self.moves is not None and (isinstance(self.moves, bool) or self.moves < 1):
            raise TimeControlError(f"a period needs a positive number of moves, not {self.moves}")
        if self.seconds < 0:
            raise TimeControlError(f"a period cannot have negative time ({self.seconds} s)")
        if self.increment < 0:
            raise TimeControlError(f"an increment cannot be negative ({self.increment} s)")
        object.__setattr__(self, "mode", TimingMode(self.mode))
        if self.increment == 0:
            # no increment: the mode is meaningless, keep one canonical value
            object.__setattr__(self, "mode", TimingMode.FISCHER)

    def pgn(self) -> str:
        """This period in PGN ``TimeControl`` notation (with the delay extension)."""
        text = str(self.seconds) if self.moves is None else f"{self.moves}/{self.seconds}"
        if self.increment:
            text += _PGN_MARK[self.mode] + str(self.increment)
        return text


_PGN_MARK = {TimingMode.FISCHER: "+", TimingMode.DELAY: "d", TimingMode.BRONSTEIN: "b"}
_PGN_MODE = {mark: mode for mode, mark in _PGN_MARK.items()}


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The clock setting of one colour in one game.

    ``kind`` is :attr:`ControlKind.PERIODS` (then ``periods`` is not empty), or a PGN special:
    unknown (``?``), untimed (``-``) or a sandclock of ``sandclock`` seconds (``*N``).

    >>> TimeControl.minutes(25, 10).to_pgn()
    '1500+10'
    >>> str(TimeControl.minutes(3, 2))
    '3 min + 2 s per move from move 1'
    """

    periods: tuple[Period, ...] = ()
    kind: ControlKind = ControlKind.PERIODS
    sandclock: int | None = field(default=None)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ControlKind(self.kind))
        object.__setattr__(self, "periods", tuple(self.periods))
        if self.kind is ControlKind.PERIODS:
            if not self.periods:
                raise TimeControlError("a time control needs at least one period")
            for number, period in enumerate(self.periods[:-1], start=1):
                if period.moves is None:
                    raise TimeControlError(
                        f"period {number} is 'rest of the game' but is not the last period"
                    )
            first = self.periods[0]
            if first.seconds == 0 and not (first.increment and first.mode is TimingMode.FISCHER):
                raise TimeControlError("the first period gives no time at all")
            if self.sandclock is not None:
                raise TimeControlError("only a sandclock control has a sandclock time")
        else:
            if self.periods:
                raise TimeControlError(f"an {self.kind.value} control has no periods")
            if self.kind is ControlKind.SANDCLOCK:
                if self.sandclock is None or self.sandclock < 1:
                    raise TimeControlError("a sandclock needs a positive number of seconds")
            elif self.sandclock is not None:
                raise TimeControlError("only a sandclock control has a sandclock time")

    # -- constructors -------------------------------------------------------------------------

    @classmethod
    def of(cls, *periods: Period) -> TimeControl:
        """A control made of ``periods``."""
        return cls(tuple(periods))

    @classmethod
    def minutes(
        cls, minutes: int, increment: int = 0, mode: TimingMode = TimingMode.FISCHER
    ) -> TimeControl:
        """``minutes`` for the whole game, ``increment`` seconds per move from move 1."""
        return cls((Period(None, minutes * 60, increment, mode),))

    @classmethod
    def unknown(cls) -> TimeControl:
        """The PGN ``?``: the time control is not known."""
        return cls(kind=ControlKind.UNKNOWN)

    @classmethod
    def untimed(cls) -> TimeControl:
        """The PGN ``-``: a game without a time control."""
        return cls(kind=ControlKind.UNTIMED)

    @classmethod
    def sand(cls, seconds: int) -> TimeControl:
        """The PGN ``*N``: a sandclock (sandglass) of ``seconds``."""
        return cls(kind=ControlKind.SANDCLOCK, sandclock=seconds)

    # -- queries ------------------------------------------------------------------------------

    @property
    def timed(self) -> bool:
        """True for a control made of periods (the only kind the clock simulator runs)."""
        return self.kind is ControlKind.PERIODS

    @property
    def repeats(self) -> bool:
        """True when the last period has a move count and so repeats until the game ends."""
        return self.timed and self.periods[-1].moves is not None

    def period_starts(self) -> tuple[int, ...]:
        """The move number at which each period starts (the first cycle of a repeating one).

        >>> TimeControl.parse_pgn("40/6000+30:20/3000+30:600+30").period_starts()
        (1, 41, 61)
        """
        starts = []
        move = 1
        for period in self.periods:
            starts.append(move)
            move += period.moves or 0
        return tuple(starts)

    def period_index(self, move_number: int) -> int:
        """The index of the period that move ``move_number`` (1-based) belongs to.

        >>> tc = TimeControl.parse_pgn("40/7200:16/3600")
        >>> [tc.period_index(m) for m in (1, 40, 41, 56, 57, 73)]
        [0, 0, 1, 1, 1, 1]
        """
        if move_number < 1:
            raise TimeControlError(f"move numbers start at 1, not {move_number}")
        move = 1
        for index, period in enumerate(self.periods):
            if period.moves is None or move_number < move + period.moves:
                return index
            move += period.moves
        return len(self.periods) - 1  # a repeating last period

    def time_for_moves(self, moves: int, *, count_delay: bool = False) -> int:
        """The time a player is given to complete ``moves`` moves: the periods that start at or
        before move ``moves`` plus the Fischer increments of those moves (and the delays when
        ``count_delay``). ``time_for_moves(60)`` is the Laws 2023 A.1/B.1 measure "time + 60 ×
        increment".

        >>> TimeControl.parse_pgn("180+2").time_for_moves(60)
        300
        >>> TimeControl.parse_pgn("40/6000+30:20/3000+30:600+30").time_for_moves(60)
        10800
        """
        self._require_periods("time_for_moves")
        total = 0
        index = 0
        next_start = 1
        while next_start <= moves:
            period = self.periods[index]
            total += period.seconds
            if period.moves is None:
                break
            next_start += period.moves
            if index < len(self.periods) - 1:
                index += 1
        for number in range(1, moves + 1):
            period = self.periods[self.period_index(number)]
            if period.mode is TimingMode.FISCHER or count_delay:
                total += period.increment
        return total

    def _require_periods(self, what: str) -> None:
        if not self.timed:
            raise TimeControlError(f"{what} needs a timed control, not {self.kind.value}")

    # -- writers ------------------------------------------------------------------------------

    def to_pgn(self) -> str:
        """The PGN ``TimeControl`` tag value (``?``, ``-``, ``*N`` or periods joined by ``:``).

        >>> TimeControl.sand(180).to_pgn()
        '*180'
        """
        if self.kind is ControlKind.UNKNOWN:
            return "?"
        if self.kind is ControlKind.UNTIMED:
            return "-"
        if self.kind is ControlKind.SANDCLOCK:
            return f"*{self.sandclock}"
        return ":".join(period.pgn() for period in self.periods)

    def to_trf(self) -> str:
        """The TRF-2026 record-222 code of this control alone (``d[:d]``).

        :raises TimeControlError: for what TRF cannot carry (delays, special controls).

        >>> TimeControl.parse_pgn("40/6000+30:900+30").to_trf()
        '40/6000+30:900+30'
        """
        if not self.timed:
            raise TimeControlError(
                f"TRF-2026 record 222 cannot encode a {self.kind.value} control",
                text=self.to_pgn(),
            )
        for period in self.periods:
            if period.increment and period.mode is not TimingMode.FISCHER:
                raise TimeControlError(
                    f"TRF-2026 record 222 cannot encode a {period.mode.value} delay",
                    text=self.to_pgn(),
                )
        return self.to_pgn()

    def to_fide(self) -> str:
        """FIDE's written style, e.g. ``90 min/40 moves + 30 min + 30 s per move from move 1``.

        >>> TimeControl.parse_pgn("5400b5").to_fide()
        '90 min + 5 s Bronstein delay per move from move 1'
        """
        if self.kind is ControlKind.UNKNOWN:
            return "unknown"
        if self.kind is ControlKind.UNTIMED:
            return "no time control"
        if self.kind is ControlKind.SANDCLOCK:
            assert self.sandclock is not None
            return f"{format_duration(self.sandclock)} sandclock"
        parts = []
        for period in self.periods:
            text = format_duration(period.seconds)
            if period.moves is not None:
                text += f"/{period.moves} moves"
            parts.append(text)
        current: tuple[int, TimingMode] = (0, TimingMode.FISCHER)
        for start, period in zip(self.period_starts(), self.periods, strict=True):
            bonus = (period.increment, period.mode)
            if bonus != current:
                parts.append(f"{period.increment} s{_FIDE_BONUS[period.mode]} from move {start}")
                current = bonus
        return " + ".join(parts)

    def __str__(self) -> str:
        return self.to_fide()

    # -- readers ------------------------------------------------------------------------------

    @classmethod
    def parse_pgn(cls, text: str) -> TimeControl:
        """Read a PGN ``TimeControl`` tag value (with the ``d``/``b`` delay extension).

        >>> TimeControl.parse_pgn("?").kind
        <ControlKind.UNKNOWN: 'unknown'>
        >>> TimeControl.parse_pgn("40/9000:300").periods[1]
        Period(moves=None, seconds=300, increment=0, mode=<TimingMode.FISCHER: 'fischer'>)
        """
        return _parse_periods(text, allow_delay=True, allow_special=True, notation="PGN")

    @classmethod
    def parse_fide(cls, text: str) -> TimeControl:
        """Read FIDE's written style and the common English forms (see the module docstring)."""
        return _parse_fide(text)

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read either notation: FIDE style when the text has letters (other than a PGN delay
        mark), PGN otherwise.

        >>> TimeControl.parse("15 min + 10 s") == TimeControl.parse("900+10")
        True
        """
        return parse(text)


_FIDE_BONUS = {
    TimingMode.FISCHER: " per move",
    TimingMode.DELAY: " delay per move",
    TimingMode.BRONSTEIN: " Bronstein delay per move",
}


@dataclass(frozen=True, slots=True)
class ColourControls:
    """The controls of White and Black in one game (equal except in e.g. Armageddon)."""

    white: TimeControl
    black: TimeControl

    @property
    def same(self) -> bool:
        return self.white == self.black

    def to_trf(self) -> str:
        """The record-222 code: ``d[:d]`` when equal, ``Wd-Bd`` otherwise.

        >>> ColourControls(TimeControl.minutes(5), TimeControl.minutes(4)).to_trf()
        'W300-B240'
        """
        if self.same:
            return self.white.to_trf()
        return f"W{self.white.to_trf()}-B{self.black.to_trf()}"


def parse_trf(text: str) -> ColourControls:
    """Read a TRF-2026 record-222 code (or a whole ``222`` line): ``d[:d]`` or ``Wd-Bd``.

    >>> parse_trf("222 5400+30").white.to_fide()
    '90 min + 30 s per move from move 1'
    """
    original = text
    offset = 0
    stripped = text.rstrip("\r\n")
    if stripped.startswith("222"):
        offset = 3
    code = stripped[offset:]
    lead = len(code) - len(code.lstrip())
    code = code.strip()
    offset += lead
    if not code:
        raise TimeControlError("empty record-222 code", text=original, column=offset + 1)
    if code[0] in "Ww":
        dash = code.find("-")
        if dash < 0 or dash + 1 >= len(code) or code[dash + 1] not in "Bb":
            raise TimeControlError(
                "a per-colour code is written W<control>-B<control>",
                text=original,
                column=offset + 1,
            )
        white = _parse_periods(
            code[1:dash],
            allow_delay=False,
            allow_special=False,
            notation="TRF",
            report=original,
            shift=offset + 1,
        )
        black = _parse_periods(
            code[dash + 2 :],
            allow_delay=False,
            allow_special=False,
            notation="TRF",
            report=original,
            shift=offset + dash + 2,
        )
        return ColourControls(white, black)
    control = _parse_periods(
        code, allow_delay=False, allow_special=False, notation="TRF", report=original, shift=offset
    )
    return ColourControls(control, control)


def parse(text: str) -> TimeControl:
    """Read a control in PGN or FIDE written notation (FIDE when it has letters or units).

    >>> parse("90 min/40 moves + 30 min + 30 s per move from move 1").to_pgn()
    '40/5400+30:1800+30'
    >>> parse("300+3").to_fide()
    '5 min + 3 s per move from move 1'
    """
    if _PGN_LIKE.fullmatch(text.strip()):
        return TimeControl.parse_pgn(text)
    try:
        return TimeControl.parse_fide(text)
    except TimeControlError:
        compact = text.strip()
        if (compact[:1].isdigit() or compact[:1] == "*") and not any(
            ch.isspace() for ch in compact
        ):
            TimeControl.parse_pgn(text)  # a PGN value with a typo: report where PGN breaks
        raise


_PGN_LIKE = re.compile(r"[?\-]|\*\d+|[\d/+:db\s]+")


def format_duration(seconds: int) -> str:
    """``5400`` → ``'90 min'``, ``45`` → ``'45 s'``, ``90`` → ``'1 min 30 s'``.

    Always with ``min`` (``0 min 45 s``), so that a period is never read back as an increment
    (a bare ``+ 10 s`` after the periods is one).

    >>> [format_duration(s) for s in (5400, 45, 90, 0)]
    ['90 min', '0 min 45 s', '1 min 30 s', '0 min']
    """
    minutes, rest = divmod(seconds, 60)
    if rest == 0:
        return f"{minutes} min"
    return f"{minutes} min {rest} s"


# -- PGN / TRF period lists ----------------------------------------------------------------------

_PERIOD = re.compile(r"(?:(?P<moves>\d+)/)?(?P<seconds>\d+)(?:(?P<mark>[+db])(?P<inc>\d+))?")


def _parse_periods(
    text: str,
    *,
    allow_delay: bool,
    allow_special: bool,
    notation: str,
    report: str | None = None,
    shift: int = 0,
) -> TimeControl:
    """Read ``d[:d]...``; ``report`` is the text named in errors, ``shift`` the offset of
    ``text`` in it."""
    _check_length(text if report is None else report)
    shown = text if report is None else report
    if report is None:
        lead = len(text) - len(text.lstrip())
        shift = lead
        text = text.strip()
    else:
        lead = len(text) - len(text.lstrip())
        shift += lead
        text = text.strip()

    def fail(message: str, at: int) -> TimeControlError:
        return TimeControlError(f"{notation}: {message}", text=shown, column=shift + at + 1)

    if not text:
        raise fail("empty time control", 0)
    if allow_special:
        if text == "?":
            return TimeControl.unknown()
        if text == "-":
            return TimeControl.untimed()
        if text.startswith("*"):
            if not text[1:].isdigit():
                raise fail("a sandclock is written *SECONDS, e.g. *180", 1)
            seconds = int(text[1:])
            if seconds < 1:
                raise fail("a sandclock needs a positive number of seconds", 1)
            return TimeControl.sand(seconds)
    periods: list[Period] = []
    position = 0
    fields = text.split(":")
    for number, part in enumerate(fields, start=1):
        match = _PERIOD.fullmatch(part)
        if match is None:
            bad = _first_bad(part)
            hint = "M/S, M/S+I, S or S+I" if not allow_delay else "M/S, S, with +I, dI or bI"
            raise fail(f"period {number} {part!r} is not {hint} (seconds)", position + bad)
        mark = match["mark"]
        if mark in ("d", "b") and not allow_delay:
            raise fail(f"{notation} has no delay ({mark!r})", position + match.start("mark"))
        moves = int(match["moves"]) if match["moves"] is not None else None
        if moves == 0:
            raise fail("a period needs a positive number of moves", position)
        if moves is None and number < len(fields):
            raise fail(f"period {number} has no move count but is not the last period", position)
        mode = _PGN_MODE[mark] if mark else TimingMode.FISCHER
        increment = int(match["inc"]) if match["inc"] is not None else 0
        periods.append(Period(moves, int(match["seconds"]), increment, mode))
        position += len(part) + 1
    try:
        return TimeControl(tuple(periods))
    except TimeControlError as error:
        raise fail(error.reason, 0) from None


def _first_bad(part: str) -> int:
    """The offset of the first character where ``part`` stops being a period."""
    for end in range(len(part), 0, -1):
        if _PERIOD_PREFIX.fullmatch(part[:end]):
            return end
    return 0


_PERIOD_PREFIX = re.compile(r"\d+(?:/(?:\d+(?:[+db]\d*)?)?|[+db]\d*)?")


# -- FIDE written style --------------------------------------------------------------------------

_SEPARATOR = re.compile(
    r"\s*(?:\+|,|;|\bthen\b|\bfollowed by\b|\band\b|\bwith\b|\bplus\b)\s*", re.IGNORECASE
)
_UNIT = r"(?P<unit>hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s|''|\"|″|'|′)"
_AMOUNT = re.compile(r"(?P<amount>\d+(?:[.,]\d+)?)\s*" + _UNIT + r"(?![a-z])", re.IGNORECASE)
_MOVES = re.compile(
    r"(?:/\s*)?(?P<moves>\d+)\s*moves?\b|/\s*(?P<bare>\d+)(?![\d.])(?!\s*[a-z'\"″′])", re.IGNORECASE
)
_FROM = re.compile(
    r"(?:(?:starting\s+)?(?:from|at|with)\s+move|(?P<after>after)\s+move)\s*(?:no\.?\s*)?"
    r"(?P<move>\d+)",
    re.IGNORECASE,
)
_UNIT_SECONDS = {
    "h": 3600,
    "hr": 3600,
    "hrs": 3600,
    "hour": 3600,
    "hours": 3600,
    "m": 60,
    "min": 60,
    "mins": 60,
    "minute": 60,
    "minutes": 60,
    "'": 60,
    "′": 60,
    "s": 1,
    "sec": 1,
    "secs": 1,
    "second": 1,
    "seconds": 1,
    "''": 1,
    '"': 1,
    "″": 1,
}
_FILLER = re.compile(
    r"\b(?:for|in|the|rest|of|game|all|moves?|remaining|sudden|death|sd|each|player|per|"
    r"a|an|increment|incremental|added|bonus|from|move|starting|at|after|no|delay|simple|us|"
    r"bronstein|fischer|cumulative|time|control|on|clock|to|finish|sandclock|sandglass|"
    r"hourglass|seconds?|minutes?)\b|[/.\s]",
    re.IGNORECASE,
)


_INCREMENT_WORDS = ("increment", "per move", "/move", "a move", "bonus", "each move")


@dataclass
class _Bonus:
    start: int
    seconds: int
    mode: TimingMode
    column: int


def _check_length(text: str) -> None:
    """Every reader's first check: a control longer than
    :data:`~chessarbiter.limits.MAX_TIME_CONTROL_CHARS` characters, or with a number of more
    than :data:`~chessarbiter.limits.MAX_TIME_CONTROL_DIGITS` digits (a billion seconds is 31
    years), is no real notation, and its numbers could exhaust the arithmetic.

    >>> try:
    ...     parse("40/" + "9" * 12)
    ... except TimeControlError as e:
    ...     print(e)
    time control '40/999999999999', column 4: a number has at most 9 digits
    """
    if len(text) > MAX_TIME_CONTROL_CHARS:
        raise TimeControlError(
            f"a time control has at most {MAX_TIME_CONTROL_CHARS} characters, this one {len(text)}",
            text=text[:40] + "...",
            column=MAX_TIME_CONTROL_CHARS + 1,
        )
    long_number = _LONG_NUMBER.search(text)
    if long_number is not None:
        raise TimeControlError(
            f"a number has at most {MAX_TIME_CONTROL_DIGITS} digits",
            text=text if len(text) <= 40 else text[:40] + "...",
            column=long_number.start() + 1,
        )


_LONG_NUMBER = re.compile(rf"\d{{{MAX_TIME_CONTROL_DIGITS + 1},}}")


def _parse_fide(text: str) -> TimeControl:
    _check_length(text)
    stripped = text.strip().lower()
    if not stripped:
        raise TimeControlError("empty time control", text=text, column=1)
    if stripped in ("?", "unknown"):
        return TimeControl.unknown()
    if stripped in ("-", "no time control", "untimed", "none", "no clock"):
        return TimeControl.untimed()
    segments: list[tuple[int, str]] = []
    position = 0
    for sep in _SEPARATOR.finditer(text):
        segments.append((position, text[position : sep.start()]))
        position = sep.end()
    segments.append((position, text[position:]))
    periods: list[tuple[int | None, int, int]] = []  # moves, seconds, column
    bonuses: list[_Bonus] = []
    sandclock: int | None = None
    for start, segment in segments:
        if not segment.strip():
            continue
        column = start + (len(segment) - len(segment.lstrip())) + 1
        lower = segment.lower()
        if any(word in lower for word in ("sandclock", "sandglass", "hourglass")):
            sandclock = _duration(segment, text, start)
            continue
        from_match = _FROM.search(segment)
        first_move = 1
        if from_match is not None:
            first_move = int(from_match["move"]) + (1 if from_match["after"] else 0)
        if "delay" in lower or "bronstein" in lower:
            mode = TimingMode.BRONSTEIN if "bronstein" in lower else TimingMode.DELAY
            seconds = _duration(segment, text, start, skip=from_match)
            bonuses.append(_Bonus(first_move, seconds, mode, column))
            continue
        if any(
            w in lower for w in ("increment", "per move", "/move", "a move", "bonus", "each move")
        ):
            seconds = _duration(segment, text, start, skip=from_match)
            bonuses.append(_Bonus(first_move, seconds, TimingMode.FISCHER, column))
            continue
        if from_match is not None:
            raise TimeControlError(
                "'from move' belongs to an increment or a delay",
                text=text,
                column=start + from_match.start() + 1,
            )
        moves_match = _MOVES.search(segment)
        moves: int | None = None
        if moves_match is not None:
            moves = int(moves_match["moves"] or moves_match["bare"])
            if moves < 1:
                raise TimeControlError(
                    "a period needs a positive number of moves",
                    text=text,
                    column=start + moves_match.start() + 1,
                )
        seconds = _duration(segment, text, start, skip=moves_match)
        if moves is None and periods and _seconds_only(segment):
            # "15 min + 10 s", "90' + 30''": a bare number of seconds after the periods is
            # the usual way of writing an increment from move 1
            bonuses.append(_Bonus(1, seconds, TimingMode.FISCHER, column))
            continue
        periods.append((moves, seconds, column))
    if sandclock is not None:
        if periods or bonuses:
            raise TimeControlError("a sandclock has no periods or increments", text=text, column=1)
        return TimeControl.sand(sandclock)
    if not periods:
        raise TimeControlError("no period (a time for moves) found", text=text, column=1)
    for moves, _seconds, column in periods[:-1]:
        if moves is None:
            raise TimeControlError(
                "only the last period may be for the rest of the game (give its moves)",
                text=text,
                column=column,
            )
    starts = []
    move = 1
    for moves, _seconds, _column in periods:
        starts.append(move)
        move += moves or 0
    bonuses.sort(key=lambda b: b.start)
    for previous, bonus in itertools.pairwise(bonuses):
        if previous.start == bonus.start:
            raise TimeControlError(
                f"two increments or delays from move {bonus.start}", text=text, column=bonus.column
            )
    for bonus in bonuses:
        if bonus.start not in starts:
            listed = ", ".join(str(s) for s in starts)
            raise TimeControlError(
                f"an increment from move {bonus.start} does not start a period "
                f"(periods start at moves {listed})",
                text=text,
                column=bonus.column,
            )
    built = []
    for (moves, seconds, _column), period_start in zip(periods, starts, strict=True):
        increment, mode = 0, TimingMode.FISCHER
        for bonus in bonuses:
            if bonus.start <= period_start:
                increment, mode = bonus.seconds, bonus.mode
        built.append(Period(moves, seconds, increment, mode))
    try:
        return TimeControl(tuple(built))
    except TimeControlError as error:
        raise TimeControlError(error.reason, text=text, column=1) from None


def _seconds_only(segment: str) -> bool:
    """True when every amount in ``segment`` is in seconds."""
    units = [_UNIT_SECONDS[m["unit"].lower()] for m in _AMOUNT.finditer(segment)]
    return bool(units) and all(unit == 1 for unit in units)


def _duration(segment: str, text: str, start: int, skip: re.Match[str] | None = None) -> int:
    """The seconds an ``amount unit ...`` segment says; ``skip`` is a part already read."""
    total = 0.0
    found = False
    rest = segment
    if skip is not None:
        rest = segment[: skip.start()] + " " * (skip.end() - skip.start()) + segment[skip.end() :]
    for match in _AMOUNT.finditer(rest):
        unit = match["unit"].lower()
        total += float(match["amount"].replace(",", ".")) * _UNIT_SECONDS[unit]
        found = True
        rest = rest[: match.start()] + " " * (match.end() - match.start()) + rest[match.end() :]
    leftover = _FILLER.sub(lambda m: " " * len(m.group()), rest)
    bad = next((i for i, ch in enumerate(leftover) if not ch.isspace()), None)
    if bad is not None:
        what = "a number without a unit (min, s, h)" if leftover[bad].isdigit() else "unexpected"
        raise TimeControlError(f"{what}: {segment.strip()!r}", text=text, column=start + bad + 1)
    if not found:
        column = start + len(segment) - len(segment.lstrip()) + 1
        raise TimeControlError(f"no time in {segment.strip()!r}", text=text, column=column)
    if total != int(total):
        raise TimeControlError(
            f"{segment.strip()!r} is not a whole number of seconds", text=text, column=start + 1
        )
    return int(total)
