"""Time controls, clocks and the arbiter's rule calculators of each Laws edition.

* :mod:`~chessarbiter.timecontrol.model` — :class:`TimeControl` and its notations (PGN tag,
  FIDE's written style, TRF-2026 record 222);
* :mod:`~chessarbiter.timecontrol.wording` — a control written as arbiters write it ("40 moves
  in 100 min, then 15 min, 30 s a move from move 1"), in phrases an application translates;
* :mod:`~chessarbiter.timecontrol.laws` — classification, incorrect draw claims, quickplay
  finish, default time, flag claims, per edition (1984, 1997, 2023);
* :mod:`~chessarbiter.timecontrol.clock` — the clock simulator;
* :mod:`~chessarbiter.timecontrol.flag` — flag-fall adjudication from a FEN (python-chess).
"""

from chessarbiter.timecontrol.errors import ClockError, FlagError, LawsError, TimeControlError
from chessarbiter.timecontrol.model import (
    ColourControls,
    ControlKind,
    Period,
    TimeControl,
    TimingMode,
    parse,
    parse_trf,
)

__all__ = [
    "ClockError",
    "ColourControls",
    "ControlKind",
    "FlagError",
    "LawsError",
    "Period",
    "TimeControl",
    "TimeControlError",
    "TimingMode",
    "parse",
    "parse_trf",
]
