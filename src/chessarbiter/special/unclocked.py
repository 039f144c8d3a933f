"""Games played without clocks (Team Competitions 1972): the arbiter's sanction ladder against
deliberate slow play, and the freed clock set on a board late in the session.

Team Competitions 1972: "В партиях, играющихся без контрольных часов, судья не должен допускать
умышленного затягивания игры. В этом случае ему предоставляется право: в 1-й раз — сделать
виновному замечание; во 2-й раз — потребовать ускорения темпа игры; в 3-й раз — предупредить, а
затем, удостоверившись в невыполнении своих указаний, засчитать виновному поражение за «отказ» от
игры. ... Освобождающиеся часы могут быть поставлены на любую доску, но не менее, чем за час до
окончания матча. Оставшееся время разделить между участниками пополам, обязав их сделать
недостающее до контроля число ходов, а при отсутствии записи — из расчета две минуты на ход."

And for blitz without clocks, where the arbiter calls "white", "black" every 5 seconds: "Участник,
допустивший задержку, получает замечание, во второй раз — предупреждение, а на третий раз ему
засчитывается поражение".

* :class:`SanctionRecord` — one player's sanctions in one game, in the order of its
  :class:`Ladder` (a step cannot be skipped or repeated, nothing follows the loss);
* :func:`freed_clock` — the time each player gets, and the moves he must make, when a freed clock
  is set on a board.

>>> record = SanctionRecord(Ladder.GAME).add(Sanction.REMARK).add(Sanction.SPEED_UP)
>>> record.next, record.lost
(<Sanction.WARNING: 'warning'>, False)
>>> clock = freed_clock(5400)
>>> clock.each, clock.moves, clock.seconds_per_move
(2700, 22, 120)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from chessarbiter.special import UnusualChessError


class SanctionError(UnusualChessError):
    """A sanction out of the ladder's order, or bad values for the freed clock."""


class Sanction(Enum):
    """The arbiter's sanctions against deliberate slow play without clocks."""

    REMARK = "remark"
    """«сделать виновному замечание»."""
    SPEED_UP = "speed-up"
    """«потребовать ускорения темпа игры»."""
    WARNING = "warning"
    """«предупредить»."""
    LOSS = "loss"
    """«засчитать виновному поражение за „отказ“ от игры»."""


class Ladder(Enum):
    """The order of the sanctions (Team Competitions 1972)."""

    GAME = "game"
    """A game without clocks: remark, demand to speed up, warning, then loss."""
    BLITZ = "blitz"
    """Blitz without clocks (moves on the arbiter's call every 5 seconds): remark, warning,
    then loss; after each, the opponent may answer on the next call instead of the current."""

    @property
    def steps(self) -> tuple[Sanction, ...]:
        """The sanctions in order.

        >>> [s.value for s in Ladder.BLITZ.steps]
        ['remark', 'warning', 'loss']
        """
        if self is Ladder.BLITZ:
            return (Sanction.REMARK, Sanction.WARNING, Sanction.LOSS)
        return (Sanction.REMARK, Sanction.SPEED_UP, Sanction.WARNING, Sanction.LOSS)


@dataclass(frozen=True, slots=True)
class SanctionRecord:
    """One player's sanctions in one game, in the order of ``ladder`` (Team Competitions
    1972); ``moves`` holds the move number at which each was given (``None``: not noted)."""

    ladder: Ladder
    given: tuple[Sanction, ...] = ()
    moves: tuple[int | None, ...] = ()

    def __post_init__(self) -> None:
        if len(self.moves) != len(self.given):
            raise SanctionError("give one move number (or None) for each sanction")
        expected = self.ladder.steps[: len(self.given)]
        if len(self.given) > len(self.ladder.steps) or self.given != expected:
            order = ", ".join(s.value for s in self.ladder.steps)
            got = ", ".join(s.value for s in self.given)
            raise SanctionError(
                f"sanctions {got} out of order: Team Competitions 1972 gives them as {order}"
            )
        for move in self.moves:
            if move is not None and not 1 <= move <= 10_000:
                raise SanctionError(f"move number {move}: from 1 to 10000")

    @property
    def next(self) -> Sanction | None:
        """The sanction the next offence brings; ``None`` after the loss."""
        steps = self.ladder.steps
        return steps[len(self.given)] if len(self.given) < len(steps) else None

    @property
    def lost(self) -> bool:
        """Whether the player has been declared to lose the game."""
        return bool(self.given) and self.given[-1] is Sanction.LOSS

    def add(self, sanction: Sanction | None = None, move: int | None = None) -> SanctionRecord:
        """The record with the next sanction added (``sanction``, when given, must be it).

        >>> SanctionRecord(Ladder.GAME).add(Sanction.WARNING)
        Traceback (most recent call last):
        ...
        chessarbiter.special.unclocked.SanctionError: the next sanction is remark, not warning

        :raises SanctionError: after the loss, or for a sanction that is not the next one.
        """
        step = self.next
        if step is None:
            raise SanctionError("the player has already lost the game: no further sanction")
        if sanction is not None and sanction is not step:
            raise SanctionError(f"the next sanction is {step.value}, not {sanction.value}")
        return SanctionRecord(self.ladder, (*self.given, step), (*self.moves, move))


#: Team Competitions 1972: a freed clock is set "не менее, чем за час до окончания матча".
FREED_CLOCK_NOTICE: Final = 3600
#: Team Competitions 1972: without a scoresheet, "из расчета две минуты на ход".
SECONDS_PER_MOVE_UNRECORDED: Final = 120
#: The longest session a freed clock is computed for (a day).
_MAX_REMAINING: Final = 86_400


@dataclass(frozen=True, slots=True)
class FreedClock:
    """A freed clock set on a board: each player's time (``each``, seconds), the moves each
    must make in it (``moves``) and, without a scoresheet, the rate they come from."""

    each: int | float
    moves: int
    seconds_per_move: int | None
    rule: str

    def as_json(self) -> dict[str, object]:
        return {
            "each": self.each,
            "moves": self.moves,
            "seconds_per_move": self.seconds_per_move,
            "rule": self.rule,
        }


def freed_clock(
    remaining: int | float, *, moves_made: int | None = None, control: int | None = None
) -> FreedClock:
    """The freed clock of Team Competitions 1972: set on a board at least one hour before the
    end of the match (``remaining``: seconds from now to the end, 3600 or more), the remaining
    time is split equally between the two players, who must make the moves missing to the
    control (``control`` the control's move number, ``moves_made`` the moves each has made, from
    the scoresheet); without a scoresheet (``moves_made`` ``None``), at two minutes a move:
    ``each // 120`` moves.

    >>> freed_clock(4000, moves_made=25, control=40).moves
    15

    :raises SanctionError: for less than one hour left, a scoresheet count without a control
        (or beyond it), or values out of range.
    """
    if isinstance(remaining, bool) or not isinstance(remaining, int | float):
        raise SanctionError(f"the remaining time must be seconds, not {remaining!r}")
    if not remaining == remaining or not 0 <= remaining <= _MAX_REMAINING:
        raise SanctionError(f"the remaining time must be from 0 to {_MAX_REMAINING} s")
    if remaining < FREED_CLOCK_NOTICE:
        raise SanctionError(
            f"{_num(remaining)} s before the end: a freed clock is set at least one hour "
            "(3600 s) before the end of the match (Team Competitions 1972)"
        )
    each = _num(remaining / 2)
    head = f"Team Competitions 1972: the remaining {_num(remaining)} s split equally"
    if moves_made is None:
        if control is not None:
            raise SanctionError("a control needs the moves made (from the scoresheet)")
        moves = int(each // SECONDS_PER_MOVE_UNRECORDED)
        return FreedClock(
            each,
            moves,
            SECONDS_PER_MOVE_UNRECORDED,
            f"{head}; without a scoresheet, 2 minutes a move",
        )
    if control is None:
        raise SanctionError("with the moves made, give the control's move number")
    if not 0 <= moves_made < control <= 10_000:
        raise SanctionError(
            f"moves made {moves_made}, control at move {control}: the moves made must be "
            "fewer than the control's (from 0; a control up to move 10000)"
        )
    return FreedClock(
        each,
        control - moves_made,
        None,
        f"{head}; the moves missing to the control at move {control}",
    )


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value
