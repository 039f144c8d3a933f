"""The exceptions of :mod:`chessarbiter.timecontrol` (all :class:`ChessArbiterError` s)."""

from __future__ import annotations

from chessarbiter.errors import ChessArbiterError


class TimeControlError(ChessArbiterError):
    """A time control that cannot be read, written or used.

    When it comes from a text, ``text`` is that text and ``column`` the 1-based column of the
    problem, and ``str()`` says both:

    >>> str(TimeControlError("no time in this period", text="40/x", column=4))
    "time control '40/x', column 4: no time in this period"
    """

    def __init__(self, message: str, *, text: str | None = None, column: int | None = None) -> None:
        self.reason = message
        self.text = text
        self.column = column
        if text is not None and column is not None:
            message = f"time control {text!r}, column {column}: {message}"
        elif text is not None:
            message = f"time control {text!r}: {message}"
        super().__init__(message)


class LawsError(ChessArbiterError):
    """A rule calculator was asked something its Laws edition does not answer, or with bad
    values (a negative time, an unknown edition, ...)."""


class ClockError(ChessArbiterError):
    """The clock simulator got bad move times (negative, or not a number)."""


class FlagError(ChessArbiterError):
    """A flag-fall adjudication got a bad position (an unreadable or illegal FEN, a finished
    game) or bad parameters."""
