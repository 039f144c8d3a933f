"""Colours, result codes and per-round entries: every meaning a TRF round column can carry.

The result codes are those of the FIDE TRF (TRF16 and TRF-2026):

====  =====================================================  ======================
code  meaning                                                ``Result`` member
====  =====================================================  ======================
1     win (game played)                                      ``WIN``
=     draw (game played)                                     ``DRAW``
0     loss (game played)                                     ``LOSS``
\\+    forfeit win                                            ``FORFEIT_WIN``
\\-    forfeit loss                                           ``FORFEIT_LOSS``
W     win in a game of less than one move (not rated)        ``UNRATED_WIN``
D     draw in a game of less than one move (not rated)       ``UNRATED_DRAW``
L     loss in a game of less than one move (not rated)       ``UNRATED_LOSS``
H     half-point bye                                         ``HALF_POINT_BYE``
F     full-point bye                                         ``FULL_POINT_BYE``
U     pairing-allocated bye (PAB)                            ``PAIRING_ALLOCATED_BYE``
Z     zero-point bye or known absence                        ``ZERO_POINT_BYE``
====  =====================================================  ======================

A blank column (no entry at all) is "not paired": the player was not in the event that round
(a late entrant, or a withdrawn player). It scores like ``Z`` and is modelled as
``RoundEntry.NOT_PAIRED``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from chessarbiter.errors import ResultCodeError, RoundEntryError

PlayerId: TypeAlias = int
"""A pairing number (TRF starting rank), 1 to 9999."""


class Colour(enum.Enum):
    """The colour a player had (or was scheduled to have) in a round."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Colour:
        """White for black, black for white; no colour stays no colour.

        >>> Colour.WHITE.opposite
        <Colour.BLACK: 'b'>
        """
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE


class Outcome(enum.Enum):
    """The point-bearing outcome of a round entry for its player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class Result(enum.Enum):
    """A TRF result code (see the module table)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    HALF_POINT_BYE = "H"
    FULL_POINT_BYE = "F"
    PAIRING_ALLOCATED_BYE = "U"
    ZERO_POINT_BYE = "Z"

    @classmethod
    def from_code(cls, code: str) -> Result:
        """The result of a TRF code, case-insensitive.

        >>> Result.from_code("h")
        <Result.HALF_POINT_BYE: 'H'>

        :raises ResultCodeError: for a code TRF does not define.
        """
        try:
            return cls(code.upper())
        except ValueError:
            raise ResultCodeError(f"unknown result code {code!r}") from None

    @property
    def is_bye(self) -> bool:
        """H, F, U or Z: a round without an opponent."""
        return self in _BYES

    @property
    def is_forfeit(self) -> bool:
        """``+`` or ``-``: a scheduled game that was not played."""
        return self is Result.FORFEIT_WIN or self is Result.FORFEIT_LOSS

    @property
    def is_game(self) -> bool:
        """A game played over the board (including games of less than one move, W/D/L)."""
        return self in _GAMES

    @property
    def is_rated_game(self) -> bool:
        """1, = or 0: a game that counts for rating."""
        return self is Result.WIN or self is Result.DRAW or self is Result.LOSS

    @property
    def outcome(self) -> Outcome:
        """Win, draw or loss, as the point system sees it.

        >>> Result.HALF_POINT_BYE.outcome
        <Outcome.DRAW: 'draw'>
        """
        return _OUTCOMES[self]

    @property
    def mirror(self) -> Result | None:
        """The opponent's usual result in the same game: 1/0, =/=, W/L, D/D, +/- (a double
        forfeit, -/-, is the other possibility for ``-``); ``None`` for byes.

        >>> Result.FORFEIT_WIN.mirror
        <Result.FORFEIT_LOSS: '-'>
        """
        return _MIRROR.get(self)

    @property
    def counterparts(self) -> frozenset[Result]:
        """The results the opponent may have in the same game.

        A played game mirrors (1/0, =/=, W/L, D/D), except that a game lost by a sanction may
        give the opponent half a point, 0/= (Laws 2023 art. 11.7: persistent refusal to
        comply with the Laws loses, "the arbiter shall decide the score of the opponent";
        art. 12.9 (f), a game declared lost, the same; Laws Commentary 1997: ½ when the
        opponent could not have won). A forfeit is ``+``/``-`` or ``-``/``-`` (a double
        forfeit). Byes have no opponent and no counterpart.

        >>> sorted(r.value for r in Result.LOSS.counterparts)
        ['1', '=']
        """
        return _COUNTERPARTS.get(self, frozenset())


_BYES = frozenset(
    {
        Result.HALF_POINT_BYE,
        Result.FULL_POINT_BYE,
        Result.PAIRING_ALLOCATED_BYE,
        Result.ZERO_POINT_BYE,
    }
)
_GAMES = frozenset(
    {
        Result.WIN,
        Result.DRAW,
        Result.LOSS,
        Result.UNRATED_WIN,
        Result.UNRATED_DRAW,
        Result.UNRATED_LOSS,
    }
)
_OUTCOMES = {
    Result.WIN: Outcome.WIN,
    Result.DRAW: Outcome.DRAW,
    Result.LOSS: Outcome.LOSS,
    Result.FORFEIT_WIN: Outcome.WIN,
    Result.FORFEIT_LOSS: Outcome.LOSS,
    Result.UNRATED_WIN: Outcome.WIN,
    Result.UNRATED_DRAW: Outcome.DRAW,
    Result.UNRATED_LOSS: Outcome.LOSS,
    Result.HALF_POINT_BYE: Outcome.DRAW,
    Result.FULL_POINT_BYE: Outcome.WIN,
    Result.PAIRING_ALLOCATED_BYE: Outcome.WIN,
    Result.ZERO_POINT_BYE: Outcome.LOSS,
}
_MIRROR = {
    Result.WIN: Result.LOSS,
    Result.LOSS: Result.WIN,
    Result.DRAW: Result.DRAW,
    Result.UNRATED_WIN: Result.UNRATED_LOSS,
    Result.UNRATED_LOSS: Result.UNRATED_WIN,
    Result.UNRATED_DRAW: Result.UNRATED_DRAW,
    Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
    Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
}
_COUNTERPARTS = {
    Result.WIN: frozenset({Result.LOSS}),
    Result.LOSS: frozenset({Result.WIN, Result.DRAW}),
    Result.DRAW: frozenset({Result.DRAW, Result.LOSS}),
    Result.UNRATED_WIN: frozenset({Result.UNRATED_LOSS}),
    Result.UNRATED_LOSS: frozenset({Result.UNRATED_WIN}),
    Result.UNRATED_DRAW: frozenset({Result.UNRATED_DRAW}),
    Result.FORFEIT_WIN: frozenset({Result.FORFEIT_LOSS}),
    Result.FORFEIT_LOSS: frozenset({Result.FORFEIT_WIN, Result.FORFEIT_LOSS}),
}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """What one player did in one round: opponent, colour and result.

    ``opponent`` is ``None`` when there is no opponent (a bye, an absence, or a forfeit recorded
    without an opponent). ``result`` is ``None`` for :attr:`NOT_PAIRED` (no opponent) and for a
    game that is paired but whose result is not in yet (:attr:`is_pending`).

    >>> RoundEntry(7, Colour.WHITE, Result.WIN).is_played
    True
    >>> RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE).received_pab
    True
    """

    opponent: PlayerId | None
    colour: Colour
    result: Result | None

    NOT_PAIRED: ClassVar[RoundEntry]

    def __post_init__(self) -> None:
        result, opponent, colour = self.result, self.opponent, self.colour
        if opponent is not None and opponent < 1:
            raise RoundEntryError(f"opponent must be a pairing number >= 1, not {opponent}")
        if result is None:
            if opponent is None and colour is not Colour.NONE:
                raise RoundEntryError("an entry without opponent and result cannot have a colour")
        elif result.is_bye:
            if opponent is not None:
                raise RoundEntryError(f"a bye ({result.value}) cannot have an opponent")
            if colour is not Colour.NONE:
                raise RoundEntryError(f"a bye ({result.value}) cannot have a colour")
        elif result.is_game:
            if opponent is None:
                raise RoundEntryError(f"a played game ({result.value}) needs an opponent")
            if colour is Colour.NONE:
                raise RoundEntryError(f"a played game ({result.value}) needs a colour")

    @classmethod
    def bye(cls, result: Result) -> RoundEntry:
        """A round without an opponent: H, F, U or Z."""
        return cls(None, Colour.NONE, result)

    @property
    def is_played(self) -> bool:
        """A game was played over the board (counts for colours, floats and repeat pairings)."""
        return self.result is not None and self.result.is_game

    @property
    def is_paired(self) -> bool:
        """The pairing gave this player an opponent or the pairing-allocated bye."""
        return self.opponent is not None or self.result is Result.PAIRING_ALLOCATED_BYE

    @property
    def is_pending(self) -> bool:
        """Paired against an opponent, result not yet known."""
        return self.result is None and self.opponent is not None

    @property
    def received_pab(self) -> bool:
        return self.result is Result.PAIRING_ALLOCATED_BYE

    def white_and_black(self, player: PlayerId) -> tuple[PlayerId, PlayerId]:
        """The game of this entry, ``player``'s, as ``(White, Black)`` pairing numbers; a game
        recorded without colours (a forfeit, TRF colour ``-``) with the lower number first.

        >>> RoundEntry(7, Colour.BLACK, None).white_and_black(3)
        (7, 3)
        >>> RoundEntry(2, Colour.NONE, Result.FORFEIT_WIN).white_and_black(5)
        (2, 5)

        :raises RoundEntryError: for an entry without an opponent (no game).
        """
        opponent = self.opponent
        if opponent is None:
            raise RoundEntryError("an entry without an opponent has no White and Black")
        if self.colour is Colour.WHITE:
            return player, opponent
        if self.colour is Colour.BLACK:
            return opponent, player
        return min(player, opponent), max(player, opponent)

    @property
    def is_unplayed(self) -> bool:
        """No game was played: a bye, a forfeit, an absence or not paired."""
        return not self.is_played


RoundEntry.NOT_PAIRED = RoundEntry(None, Colour.NONE, None)


_WRITTEN_SIDES: dict[str, Result] = {
    "1": Result.WIN,
    "0": Result.LOSS,
    "½": Result.DRAW,
    "1/2": Result.DRAW,
    "0.5": Result.DRAW,
    ".5": Result.DRAW,
    "=": Result.DRAW,
    "+": Result.FORFEIT_WIN,
    "-": Result.FORFEIT_LOSS,
}
_WRITTEN_BOARDS: dict[str, tuple[Result, Result]] = {
    "=": (Result.DRAW, Result.DRAW),
    "+-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "-+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "--": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
}
_UNRATED = {
    Result.WIN: Result.UNRATED_WIN,
    Result.DRAW: Result.UNRATED_DRAW,
    Result.LOSS: Result.UNRATED_LOSS,
}
_HALF_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}


def parse_written_result(text: str, *, scores_only: bool = False) -> tuple[Result, Result]:
    """The result codes (TRF16 and TRF-2026) of the first and the second player of
    a board whose result is written as on a scoresheet (Laws 8.7 (2023): the players write the
    result of the game), the first player's side first: White's in a game, the first team's in a
    match of two teams.

    The written forms:

    * a side's mark, a dash, the other side's mark; a mark is ``1``, ``0``, ``½`` (also ``1/2``,
      ``0.5``, ``.5`` or ``=``), ``+`` (won by forfeit) or ``-`` (lost by forfeit): ``1-0``,
      ``0-1``, ``½-½``, ``1/2-1/2``, ``0.5-0.5``, ``=-=``; the dash may be an en dash or a colon
      (``1:0``), with spaces around the marks;
    * ``=`` alone for a draw; ``+-``, ``-+`` and ``--`` for the forfeits (``--`` both lost; a
      first side lost by forfeit is written only so);
    * any of the games followed by ``u``: a game of less than one move, not rated (TRF codes
      ``W``, ``D``, ``L``): ``1-0u``, ``0-1u``, ``=u``.

    A board is worth one point: ``1-1`` or ``1-½`` is refused. By default only the results one
    game can have are read (the second code is one of the first's
    :attr:`~Result.counterparts`: ``0-½`` and ``½-0`` are a game lost by a sanction whose
    opponent the arbiter gives half a point, Laws 2023 art. 11.7); with ``scores_only`` also
    the scores that only count points, each side's mark read on its own (``0-0``, ``+-0``), as a
    match of two teams counts its boards (Team Competitions 1972, "Matches of two teams").

    >>> parse_written_result("1/2-1/2") == parse_written_result("½-½") == parse_written_result("=")
    True
    >>> parse_written_result("-+")
    (<Result.FORFEIT_LOSS: '-'>, <Result.FORFEIT_WIN: '+'>)
    >>> parse_written_result("0-1u")
    (<Result.UNRATED_LOSS: 'L'>, <Result.UNRATED_WIN: 'W'>)
    >>> parse_written_result("0-½")
    (<Result.LOSS: '0'>, <Result.DRAW: '='>)
    >>> parse_written_result("0-0", scores_only=True)
    (<Result.LOSS: '0'>, <Result.LOSS: '0'>)
    >>> parse_written_result("2-0")
    Traceback (most recent call last):
    ...
    chessarbiter.errors.ResultCodeError: unknown result '2-0' (expected one of 1-0, 1/2-1/2, 0-1, +-, -+, --)

    :raises ResultCodeError: for a text that is none of these forms, gives more than a point,
        marks a forfeit unrated, or (without ``scores_only``) is not one game's result.
    """  # noqa: E501
    written = text.strip().replace("–", "-").replace(":", "-")
    unrated = written.endswith("u")
    if unrated:
        written = written[:-1]
    pair = _WRITTEN_BOARDS.get(written)
    if pair is None:
        left, dash, right = written.partition("-")
        first, second = _WRITTEN_SIDES.get(left.strip()), _WRITTEN_SIDES.get(right.strip())
        if not dash or first is None or second is None:
            raise ResultCodeError(
                f"unknown result {text!r} (expected one of 1-0, 1/2-1/2, 0-1, +-, -+, --)"
            )
        pair = (first, second)
    first, second = pair
    if _HALF_POINTS[first.outcome] + _HALF_POINTS[second.outcome] > 2:
        raise ResultCodeError(f"{text!r} gives more than the one point a board is worth")
    if unrated:
        if first not in _UNRATED or second not in _UNRATED:
            raise ResultCodeError(
                f"{text!r}: 'u' marks a game of less than one move (not rated), not a forfeit"
            )
        first, second = _UNRATED[first], _UNRATED[second]
    if not scores_only and second not in first.counterparts:
        raise ResultCodeError(
            f"{text!r} is not the result of one game: {first.value} for one player does not go "
            f"with {second.value} for the other"
        )
    return first, second
