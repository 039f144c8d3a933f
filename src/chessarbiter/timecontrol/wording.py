"""A time control written as arbiters write it: "40 moves in 100 min, then 20 moves in 50 min,
then 15 min, 30 s a move from move 1".

:func:`describe` turns a :class:`~chessarbiter.timecontrol.model.TimeControl` into its phrases
(:class:`Phrase`): the periods in order, each after the first introduced by "then", followed by
the per-move additions, each from the move it starts on. A phrase carries numbers, not words, so
an application writes it in its own language (the web app through gettext);
:meth:`Phrase.english` and :func:`describe_text` give the English wording. A period's time
always names its minutes ("0 min 45 s"), so that it is never read as an addition per move:
the library's reader of written controls (:meth:`TimeControl.parse_fide`) takes the English
wording back to the same control, except a repeating last period and an addition that stops.

The kinds of addition are those of the Laws of Chess: the increment added after each move
(Laws 2023 art. 6.3.1, the Fischer mode), the simple delay before the clock starts (Laws 2023
art. 6.3.2) and the Bronstein delay (Laws Commentary 1997: "метод отсрочки (Бронштейн)"); the
PGN standard's special values (section 9.6.1) have a phrase each: unknown, no time control,
a sandclock.

>>> from chessarbiter.timecontrol.model import TimeControl
>>> describe_text(TimeControl.parse_pgn("40/6000+30:20/3000+30:900+30"))
'40 moves in 100 min, then 20 moves in 50 min, then 15 min, 30 s a move from move 1'
>>> describe_text(TimeControl.parse_pgn("900+10"))
'15 min for the game, 10 s a move from move 1'
>>> [p.kind.value for p in describe(TimeControl.parse_pgn("40/7200:1800+30"))]
['moves', 'rest', 'increment']
>>> describe_text(TimeControl.parse_pgn("40/7200:1800+30"))
'40 moves in 120 min, then 30 min, 30 s a move from move 41'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from chessarbiter.timecontrol.model import ControlKind, TimeControl, TimingMode, format_duration

__all__ = ["Phrase", "PhraseKind", "describe", "describe_text"]


class PhraseKind(StrEnum):
    """What a :class:`Phrase` says (its English form in brackets; T a time, N moves)."""

    MOVES = "moves"
    """A period of a number of moves ("N moves in T")."""
    GAME = "game"
    """The only period, for the whole game ("T for the game")."""
    REST = "rest"
    """The last period, for the rest of the game ("T", after "then")."""
    REPEAT = "repeat"
    """A last period with a move count, played again until the game ends ("N moves in T,
    repeated to the end of the game")."""
    INCREMENT = "increment"
    """Seconds added after each move, Fischer mode ("S s a move from move M")."""
    DELAY = "delay"
    """A simple delay before each move's time runs ("S s delay a move from move M")."""
    BRONSTEIN = "bronstein"
    """A Bronstein delay ("S s Bronstein delay a move from move M")."""
    NO_INCREMENT = "no-increment"
    """The additions stop from a period on ("no increment from move M")."""
    UNKNOWN = "unknown"
    """PGN ``?`` ("time control not known")."""
    UNTIMED = "untimed"
    """PGN ``-`` ("no time control")."""
    SANDCLOCK = "sandclock"
    """PGN ``*N`` ("T sandclock")."""


_MODE_KIND = {
    TimingMode.FISCHER: PhraseKind.INCREMENT,
    TimingMode.DELAY: PhraseKind.DELAY,
    TimingMode.BRONSTEIN: PhraseKind.BRONSTEIN,
}


@dataclass(frozen=True, slots=True)
class Phrase:
    """One phrase of a written time control.

    ``seconds`` is the period's time, the addition per move or the sandclock's time;
    ``moves`` the period's number of moves (:attr:`PhraseKind.MOVES`, :attr:`PhraseKind.REPEAT`);
    ``start`` the move an addition starts on; ``then`` is true for a period after the first
    (written "then ...").
    """

    kind: PhraseKind
    seconds: int = 0
    moves: int | None = None
    start: int | None = None
    then: bool = False

    @property
    def minutes_part(self) -> int:
        """The whole minutes of ``seconds`` (for a translated "M min S s")."""
        return self.seconds // 60

    @property
    def seconds_part(self) -> int:
        """The seconds left over after :attr:`minutes_part`."""
        return self.seconds % 60

    def english(self) -> str:
        """This phrase in English, "then" included.

        >>> Phrase(PhraseKind.MOVES, 6000, moves=40).english()
        '40 moves in 100 min'
        >>> Phrase(PhraseKind.REPEAT, 3600, moves=16, then=True).english()
        'then 16 moves in 60 min, repeated to the end of the game'
        >>> Phrase(PhraseKind.DELAY, 5, start=1).english()
        '5 s delay a move from move 1'
        """
        time = format_duration(self.seconds)
        text = {
            PhraseKind.MOVES: f"{self.moves} {_moves(self.moves)} in {time}",
            PhraseKind.GAME: f"{time} for the game",
            PhraseKind.REST: time,
            PhraseKind.REPEAT: (
                f"{self.moves} {_moves(self.moves)} in {time}, repeated to the end of the game"
            ),
            PhraseKind.INCREMENT: f"{self.seconds} s a move from move {self.start}",
            PhraseKind.DELAY: f"{self.seconds} s delay a move from move {self.start}",
            PhraseKind.BRONSTEIN: f"{self.seconds} s Bronstein delay a move from move {self.start}",
            PhraseKind.NO_INCREMENT: f"no increment from move {self.start}",
            PhraseKind.UNKNOWN: "time control not known",
            PhraseKind.UNTIMED: "no time control",
            PhraseKind.SANDCLOCK: f"{time} sandclock",
        }[self.kind]
        return f"then {text}" if self.then else text


def _moves(count: int | None) -> str:
    return "move" if count == 1 else "moves"


def describe(control: TimeControl) -> tuple[Phrase, ...]:
    """The phrases of ``control`` as arbiters write it: each period in order (the first as is,
    the others after "then"): "N moves in T", the last one "T" (the rest of the game) or, when
    it is the only period, "T for the game"; a last period with a move count is repeated to the
    end of the game. Then the additions per move, each from the move where it starts or
    changes: the Fischer increment (Laws 2023 art. 6.3.1), the simple delay (art. 6.3.2) or the
    Bronstein delay (Laws Commentary 1997); "no increment from move M" when they stop. The PGN
    special values (unknown, no time control, sandclock) are one phrase each.

    >>> from chessarbiter.timecontrol.model import TimeControl
    >>> describe(TimeControl.parse_pgn("300+3"))
    (Phrase(kind=<PhraseKind.GAME: 'game'>, seconds=300, moves=None, start=None, then=False), \
Phrase(kind=<PhraseKind.INCREMENT: 'increment'>, seconds=3, moves=None, start=1, then=False))
    >>> [p.english() for p in describe(TimeControl.parse_pgn("5400b5"))]
    ['90 min for the game', '5 s Bronstein delay a move from move 1']
    >>> [p.english() for p in describe(TimeControl.sand(180))]
    ['3 min sandclock']
    """
    if control.kind is ControlKind.UNKNOWN:
        return (Phrase(PhraseKind.UNKNOWN),)
    if control.kind is ControlKind.UNTIMED:
        return (Phrase(PhraseKind.UNTIMED),)
    if control.kind is ControlKind.SANDCLOCK:
        return (Phrase(PhraseKind.SANDCLOCK, control.sandclock or 0),)
    periods = control.periods
    phrases: list[Phrase] = []
    for index, period in enumerate(periods):
        then = index > 0
        last = index == len(periods) - 1
        if period.moves is None:
            kind = PhraseKind.GAME if len(periods) == 1 else PhraseKind.REST
            phrases.append(Phrase(kind, period.seconds, then=then))
        elif last:
            phrases.append(Phrase(PhraseKind.REPEAT, period.seconds, period.moves, then=then))
        else:
            phrases.append(Phrase(PhraseKind.MOVES, period.seconds, period.moves, then=then))
    current: tuple[int, TimingMode] = (0, TimingMode.FISCHER)
    for start, period in zip(control.period_starts(), periods, strict=True):
        bonus = (period.increment, period.mode)
        if bonus == current:
            continue
        if period.increment:
            phrases.append(Phrase(_MODE_KIND[period.mode], period.increment, start=start))
        else:
            phrases.append(Phrase(PhraseKind.NO_INCREMENT, start=start))
        current = bonus
    return tuple(phrases)


def describe_text(control: TimeControl) -> str:
    """``control`` in English as arbiters write it: the phrases of :func:`describe` joined by
    commas.

    >>> from chessarbiter.timecontrol.model import TimeControl
    >>> describe_text(TimeControl.parse_pgn("40/7200:16/3600"))
    '40 moves in 120 min, then 16 moves in 60 min, repeated to the end of the game'
    >>> describe_text(TimeControl.parse_pgn("-"))
    'no time control'
    """
    return ", ".join(phrase.english() for phrase in describe(control))
