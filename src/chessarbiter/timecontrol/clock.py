"""A chess-clock simulator: both clocks after every move, period additions and flag falls.

Given a :class:`~chessarbiter.timecontrol.model.TimeControl` (one per colour when they differ,
e.g. Armageddon) and the thinking time of every move, :func:`simulate` replays the clocks:

* **Fischer** (Laws 2023 art. 6.3.1): the increment is added when the move is completed (the
  clock pressed), after the flag check — with ``600+5`` a move of 603 s from 600 s flags;
* **Bronstein** (add-back delay): the clock runs during the whole move and, once pressed, gets
  back ``min(used, delay)``; the flag falls if the move takes at least the remaining time;
* **simple/US delay** (Laws 1997 art. 6.2, 2023 art. 6.3.2): the main time only starts after
  ``delay`` seconds; the flag falls if ``used - delay`` reaches the remaining time. (Bronstein
  and simple delay leave the same time after a move, they differ only for the flag.)
* **periods** (art. 6.3.2 / 6.4 of 2023): when a player completes the last move of a period
  (e.g. his 40th), the next period's time is added; saved time carries over. A last period with
  a move count repeats.

A flag falls when the clock reaches 0 during a move (a move that uses exactly the remaining time
flags: the display shows 0:00 before the press). By default the simulation stops at the first
flag; with ``stop_at_flag=False`` it continues (a flag in rapid/blitz counts only when claimed —
Stage by Stage 1997, Laws Commentary 1997) and the fallen clock stays at 0.

>>> run = simulate(TimeControl.parse_pgn("180+2"), [10, 20, 175, 5])
>>> [(s.side, s.white, s.black) for s in run.states]
[('white', 172, 180), ('black', 172, 162), ('white', 0, 162)]
>>> run.flag
Flag(side='white', ply=3, move_number=2, into_move=172, elapsed=202)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from chessarbiter.timecontrol.errors import ClockError, LawsError
from chessarbiter.timecontrol.model import TimeControl, TimingMode

__all__ = ["ClockState", "Flag", "Simulation", "interleave", "simulate"]

Side = Literal["white", "black"]
Seconds = int | float


def _num(value: float) -> Seconds:
    return int(value) if float(value).is_integer() else round(value, 6)


@dataclass(frozen=True, slots=True)
class ClockState:
    """Both clocks after ply ``ply`` (1-based), the move ``move_number`` of ``side`` that took
    ``used`` seconds; ``added`` is what the move earned (increment, delay kept, and the next
    period's time when it completed a period); ``period`` is the index of the mover's period for
    his next move."""

    ply: int
    side: Side
    move_number: int
    used: Seconds
    added: Seconds
    white: Seconds
    black: Seconds
    period: int
    period_added: Seconds = 0
    flag: bool = False

    def as_json(self) -> dict[str, object]:
        return {
            "ply": self.ply,
            "side": self.side,
            "move_number": self.move_number,
            "used": self.used,
            "added": self.added,
            "period_added": self.period_added,
            "white": self.white,
            "black": self.black,
            "period": self.period,
            "flag": self.flag,
        }


@dataclass(frozen=True, slots=True)
class Flag:
    """A flag fall: ``side``'s flag fell during ply ``ply`` (his move ``move_number``),
    ``into_move`` seconds into that move, ``elapsed`` seconds after the game started."""

    side: Side
    ply: int
    move_number: int
    into_move: Seconds
    elapsed: Seconds

    def as_json(self) -> dict[str, object]:
        return {
            "side": self.side,
            "ply": self.ply,
            "move_number": self.move_number,
            "into_move": self.into_move,
            "elapsed": self.elapsed,
        }


@dataclass(frozen=True, slots=True)
class Simulation:
    """The clocks at the start, after every simulated move, and the flag falls."""

    white_start: Seconds
    black_start: Seconds
    states: tuple[ClockState, ...]
    flags: tuple[Flag, ...] = field(default=())

    @property
    def flag(self) -> Flag | None:
        """The first flag to fall, or ``None``."""
        return self.flags[0] if self.flags else None

    def as_json(self) -> dict[str, object]:
        return {
            "start": {"white": self.white_start, "black": self.black_start},
            "states": [s.as_json() for s in self.states],
            "flag": None if self.flag is None else self.flag.as_json(),
            "flags": [f.as_json() for f in self.flags],
        }


class _Player:
    def __init__(self, control: TimeControl, name: Side) -> None:
        if not control.timed:
            raise ClockError(f"{name}: a {control.kind.value} control cannot be simulated")
        self.control = control
        self.remaining = float(control.periods[0].seconds)
        self.moves = 0  # moves completed
        self.period = 0
        self.period_moves = 0  # moves completed in the current period
        self.fallen = False


def simulate(
    control: TimeControl,
    moves: Sequence[Seconds],
    *,
    black_control: TimeControl | None = None,
    stop_at_flag: bool = True,
) -> Simulation:
    """Replay ``moves`` (thinking seconds, alternately White's and Black's, White first) on
    clocks set to ``control`` (``black_control`` for Black when it differs).

    >>> main = TimeControl.parse_pgn("40/6000+30:20/3000+30:600+30")  # Stage by Stage 1997
    >>> run = simulate(main, [100] * 80)
    >>> last = run.states[-1]
    >>> last.move_number, last.white, last.black, last.period_added
    (40, 6200, 6200, 3000)
    """
    players = {
        "white": _Player(control, "white"),
        "black": _Player(black_control or control, "black"),
    }
    states: list[ClockState] = []
    flags: list[Flag] = []
    elapsed = 0.0
    white_start = _num(players["white"].remaining)
    black_start = _num(players["black"].remaining)
    for ply, raw in enumerate(moves, start=1):
        side: Side = "white" if ply % 2 else "black"
        used = _seconds(raw, ply)
        player = players[side]
        period = player.control.periods[player.period]
        before = player.remaining
        increment = float(period.increment)
        # how long the main clock runs during this move
        if period.mode is TimingMode.DELAY:
            runs = max(0.0, used - increment)
            flag_at = increment + before  # seconds into the move at which the flag falls
        else:
            runs = used
            flag_at = before
        flagged = not player.fallen and runs >= before and (runs > 0 or before == 0)
        if flagged:
            flags.append(Flag(side, ply, player.moves + 1, _num(flag_at), _num(elapsed + flag_at)))
            player.fallen = True
        added = 0.0
        period_added = 0.0
        if player.fallen:
            player.remaining = 0.0
        else:
            player.remaining = before - runs
            if period.mode is TimingMode.FISCHER:
                added = increment
            elif period.mode is TimingMode.BRONSTEIN:
                added = min(used, increment)
            player.remaining += added
        player.moves += 1
        player.period_moves += 1
        if period.moves is not None and player.period_moves == period.moves:
            if player.period < len(player.control.periods) - 1:
                player.period += 1
            player.period_moves = 0
            period_added = float(player.control.periods[player.period].seconds)
            if not player.fallen:
                player.remaining += period_added
            added += period_added
        elapsed += used
        states.append(
            ClockState(
                ply=ply,
                side=side,
                move_number=player.moves,
                used=_num(used),
                added=_num(added),
                white=_num(players["white"].remaining),
                black=_num(players["black"].remaining),
                period=player.period,
                period_added=_num(period_added),
                flag=flagged,
            )
        )
        if flagged and stop_at_flag:
            break
    return Simulation(white_start, black_start, tuple(states), tuple(flags))


def interleave(white: Sequence[Seconds], black: Sequence[Seconds]) -> list[Seconds]:
    """Per-side move times → the alternating list :func:`simulate` takes (White first; Black
    has as many moves as White or one fewer).

    >>> interleave([10, 20, 30], [5, 6])
    [10, 5, 20, 6, 30]
    """
    if not (len(black) == len(white) or len(black) == len(white) - 1):
        raise ClockError(
            f"White has {len(white)} moves and Black {len(black)}: Black must have as many "
            "moves as White or one fewer"
        )
    merged: list[Seconds] = []
    for index, time in enumerate(white):
        merged.append(time)
        if index < len(black):
            merged.append(black[index])
    return merged


def _seconds(value: Seconds, ply: int) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise ClockError(f"move time {ply}: {value!r} is not a number of seconds")
    if value < 0 or value == float("inf"):
        raise ClockError(f"move time {ply}: {value} s is not a thinking time")
    return float(value)


_CLOCK_TIME = re.compile(r"(?:(\d+):)?(\d+):(\d{1,2}(?:\.\d+)?)")


def parse_seconds(text: str, what: str = "time") -> int | float:
    """``"95"`` → 95, ``"1:35"`` → 95, ``"1:00:00"`` → 3600, ``"2.5"`` → 2.5.

    >>> parse_seconds("1:35"), parse_seconds("1:00:00"), parse_seconds("2.5")
    (95, 3600, 2.5)
    """
    word = text.strip()
    match = _CLOCK_TIME.fullmatch(word)
    try:
        if match is not None:
            hours = int(match[1] or 0)
            value = hours * 3600 + int(match[2]) * 60 + float(match[3])
        else:
            value = float(word)
    except ValueError:
        raise LawsError(f"{what} {text!r} is not seconds (95, 95.5) or M:SS") from None
    if value != value or value < 0 or value == float("inf"):
        raise LawsError(f"{what} {text!r} is not a time")
    return int(value) if value.is_integer() else value
