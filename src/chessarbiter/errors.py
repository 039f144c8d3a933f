"""The exceptions chessarbiter raises.

Every exception derives from :class:`ChessArbiterError`, itself a :class:`ValueError`, so a caller
can catch the narrow class it cares about or everything at once. Messages say exactly what is wrong
and, for files, where: ``FILE:LINE:COL: message``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


class ChessArbiterError(ValueError):
    """Base class of every error chessarbiter raises on bad input or an impossible request."""


class TournamentError(ChessArbiterError):
    """The tournament model is inconsistent (a result contradicts the other side, a duplicate
    pairing number, a result beyond the round count, ...)."""


class DuplicatePlayerError(TournamentError):
    """Two players share one pairing number."""


class UnknownPlayerError(TournamentError):
    """A pairing number that names no player of the tournament."""


class RoundNumberError(TournamentError):
    """A round number below 1: rounds are numbered from 1 (TRF round columns, TRF-2026 ``240``)."""


class RoundEntryError(TournamentError):
    """A round entry that contradicts itself (TRF16): a bye with an opponent or a colour,
    a played game without an opponent or a colour, an opponent that is not a pairing number, or
    a game asked of an entry that has none."""


class ByeRequestError(TournamentError):
    """A requested bye that is not H, F or Z (TRF-2026 ``240``)."""


class ResultCodeError(ChessArbiterError):
    """A result code that the TRF does not define (TRF16: ``1 = 0 + - W D L H F U Z``)."""


class PointSystemError(ChessArbiterError):
    """A point-system value that does not exist (TRF-2026 ``162``, JaVaFo ``XXS``, bbp ``BB*``)."""


class RatingError(ChessArbiterError):
    """A rating calculation asked with impossible parameters (B.02): a K outside 1 to 100, a
    round beyond those played, a rating that is not a positive whole number."""


class PairingError(ChessArbiterError):
    """A pairing cannot be made as requested (bad parameters, or no legal pairing exists)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in a file: where it is and what is wrong.

    Lines and columns are 1-based; a column of 0 means the whole line, a line of 0 the whole file.

    >>> str(Problem("a.trf", 3, 81, "points 2.0 do not match the results (2.5)"))
    'a.trf:3:81: points 2.0 do not match the results (2.5)'
    """

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class FileFormatError(ChessArbiterError):
    """A file could not be read: one or more :class:`Problem` s, each with file, line and column.

    ``str()`` gives one problem per line, the first line being the first problem.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        if not problems:
            raise ValueError("FileFormatError needs at least one problem")
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def first(self) -> Problem:
        return self.problems[0]


class TrfError(FileFormatError):
    """A TRF file is malformed or inconsistent."""


class TrfDataLossError(ChessArbiterError):
    """Writing in the requested TRF version would drop data that version cannot carry."""

    def __init__(self, losses: Sequence[str]) -> None:
        self.losses: tuple[str, ...] = tuple(losses)
        super().__init__("the target format cannot carry: " + "; ".join(self.losses))


class PgnError(ChessArbiterError):
    """A PGN text cannot be read or a game cannot be written (PGN standard, python-chess's
    reader): an unreadable or illegal move, an unknown result, a text or game over its bound.

    The message names the source, the game (1-based, with its White and Black tags) and the move:
    ``round3.pgn: game 3 (Carlsen - Nepo): move 23... Nf3 is illegal``. ``source`` and ``game``
    (``None`` for a problem of the whole text) are kept for callers that show them apart.
    """

    def __init__(self, message: str, *, source: str = "", game: int | None = None) -> None:
        self.source = source
        self.game = game
        super().__init__(message)


class AdjournmentError(ChessArbiterError):
    """An adjourned or adjudicated game in an impossible state (Laws 1997, adjourned games;
    Team Competitions 1972, unfinished games): adjudicated without a result, a move sealed after
    the game was finished, a resumption before the adjournment, ..."""
