"""Adjourned and adjudicated games: their states, the sealed move's record, the adjudication,
the protest deadline after which a result is final, and what TRF can say of them.

The rules.

* **Adjournment** (Laws 1997, the guidelines on adjourned games, kept as Guidelines I in later
  editions): a game not finished at the end of the session is adjourned; the player having the
  move seals it (writes it on his scoresheet, puts both scoresheets in an envelope). The envelope
  shows the players, the position immediately before the sealed move, the time used by each
  player, who sealed, the number of the sealed move, a draw offer if one is current, and the
  date, time and venue of resumption. The game resumes at the announced session from that
  position with those times. An :class:`Adjournment` records all of it.
* **Adjudication** (Team Competitions 1972, matches of two teams): when the regulations say
  unfinished games are adjudicated, the arbiter, an invited arbiter or a commission decides by
  forced variations, or failing those by material or positional advantage. An
  :class:`Adjudication` records who decided, when, the result and the basis (the analysis).
* **Protest window** (Team Competitions 1972): regulations that adjudicate must say when the
  result is announced and by when a written protest against it, backed by analysis, may be
  lodged; C.04.2 (2026) 4.3 likewise lets results be corrected within the announced deadline.
  :func:`protest_deadline` and :func:`is_final`.
* **Pairing** (C.04.2 (2026) 3.1; C.04.1 F.9 in the 1990s handbook): an adjourned game counts as
  a draw for the pairing only (:func:`for_pairing`); the standings keep it without a result.

A game's record, :class:`GameRecord`, is in one :class:`GameState`: in play, adjourned,
adjudicated, or final (finished over the board). Its transitions (:meth:`GameRecord.adjourn`,
:meth:`~GameRecord.resume`, :meth:`~GameRecord.finish`, :meth:`~GameRecord.adjudicate`) refuse
what cannot happen with :class:`~chessarbiter.errors.AdjournmentError`: a move sealed after the
game was finished, a resumption before the adjournment, an adjudication without a result...

**TRF** (TRF16 and TRF-2026, :func:`trf_result`): a result in a round column is a result code; an
adjourned game (and a game in play) is written as a game without a result (opponent and colour,
a blank code), which TRF-2026 record 162 scores with the symbol ``X`` ("unknown/adjourned",
worth a draw by default). An adjudicated game is written with its result code, like any game.
TRF cannot carry (:data:`TRF_CANNOT_CARRY`, :func:`trf_losses`): that a game is adjourned rather
than not yet finished; the sealed move, who sealed it and its number; the clock times; the
envelope; the resumption session; that a result was adjudicated, by whom, when and on what basis;
the protest deadline.
"""

from __future__ import annotations

import copy
import datetime
import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

import chess

from chessarbiter.errors import AdjournmentError
from chessarbiter.limits import MAX_MOVE_NUMBER, MAX_PROTEST_HOURS
from chessarbiter.model.results import Colour, PlayerId, Result, RoundEntry
from chessarbiter.model.tournament import Tournament

#: What TRF (TRF16, TRF-2026) cannot carry of adjourned and adjudicated games.
TRF_CANNOT_CARRY: Final = (
    "that a game is adjourned (it is written as a game without a result)",
    "the sealed move, who sealed it and its number",
    "the clock times at the adjournment",
    "the envelope and its note",
    "the resumption session",
    "that a result was adjudicated, by whom, when and on what basis",
    "the protest deadline",
)


class GameState(enum.Enum):
    """Where a game stands (the values are short words, to store)."""

    IN_PLAY = "in-play"
    """Being played (also after a resumption), no result yet."""
    ADJOURNED = "adjourned"
    """Adjourned with a sealed move, to be resumed."""
    ADJUDICATED = "adjudicated"
    """Not played out: its result was decided by adjudication (provisional until the protest
    deadline)."""
    FINAL = "final"
    """Finished over the board (a result the players reached)."""

    @property
    def label(self) -> str:
        """The state in words: ``in play``, ``adjourned``, ``adjudicated``, ``final``."""
        return self.value.replace("-", " ")


def _check_result(result: tuple[Result, Result], what: str) -> None:
    white, black = result
    if not white.is_rated_game or black is not white.mirror:
        raise AdjournmentError(
            f"{what}: {white.value}/{black.value} is not the result of a game played (1-0, "
            "1/2-1/2 or 0-1)"
        )


@dataclass(frozen=True, slots=True)
class Adjournment:
    """One adjournment of a game (Laws 1997, the envelope of the sealed move).

    ``sealed_by`` is the colour of the player who had the move and sealed it; ``move_number``
    the number of the sealed move; ``white_time_used`` and ``black_time_used`` each player's time
    used at the adjournment; ``adjourned_at`` when the game was adjourned; ``resumption`` the
    session at which it resumes (``None`` while not scheduled); ``position_fen`` the position
    immediately before the sealed move, if recorded (its side to move and move number must agree);
    ``draw_offer`` a draw offer current at the adjournment; ``envelope_note`` anything else on the
    envelope (venue, the envelope's number).

    >>> a = Adjournment(Colour.BLACK, 41, datetime.timedelta(hours=2, minutes=1),
    ...                 datetime.timedelta(hours=1, minutes=55),
    ...                 datetime.datetime(1997, 7, 1, 21, 0), datetime.datetime(1997, 7, 2, 10, 0))
    >>> a.label
    '41... sealed by Black'

    :raises AdjournmentError: for a colour that is neither White nor Black, a move number outside
        1 to :data:`~chessarbiter.limits.MAX_MOVE_NUMBER`, a negative time, a resumption not after
        the adjournment, a position that is none or disagrees with the sealing side or the move.
    """

    sealed_by: Colour
    move_number: int
    white_time_used: datetime.timedelta
    black_time_used: datetime.timedelta
    adjourned_at: datetime.datetime
    resumption: datetime.datetime | None = None
    position_fen: str | None = None
    draw_offer: bool = False
    envelope_note: str = ""

    def __post_init__(self) -> None:
        if self.sealed_by is Colour.NONE:
            raise AdjournmentError("the sealed move is White's or Black's: say who sealed it")
        if not 1 <= self.move_number <= MAX_MOVE_NUMBER:
            raise AdjournmentError(
                f"the sealed move's number must be between 1 and {MAX_MOVE_NUMBER} "
                f"(got {self.move_number})"
            )
        for colour, used in (("White", self.white_time_used), ("Black", self.black_time_used)):
            if used < datetime.timedelta(0):
                raise AdjournmentError(f"{colour}'s time used cannot be negative ({used})")
        if self.resumption is not None and self.resumption <= self.adjourned_at:
            raise AdjournmentError(
                f"the resumption ({self.resumption:%Y-%m-%d %H:%M}) must come after the "
                f"adjournment ({self.adjourned_at:%Y-%m-%d %H:%M})"
            )
        if self.position_fen is not None:
            self._check_position(self.position_fen)

    def _check_position(self, fen: str) -> None:
        try:
            board = chess.Board(fen)
        except ValueError as error:
            raise AdjournmentError(
                f"the envelope's position {fen!r} is no position ({error})"
            ) from None
        if board.is_game_over():
            raise AdjournmentError(
                "the envelope's position is the end of the game: nothing to seal"
            )
        turn = Colour.WHITE if board.turn == chess.WHITE else Colour.BLACK
        if turn is not self.sealed_by or board.fullmove_number != self.move_number:
            mover = "White" if turn is Colour.WHITE else "Black"
            raise AdjournmentError(
                f"the envelope's position has {mover} to play move {board.fullmove_number}, "
                f"not the sealed move {self.label}"
            )

    @property
    def label(self) -> str:
        """The sealed move's number and who sealed it (``41. sealed by White``)."""
        dots = "." if self.sealed_by is Colour.WHITE else "..."
        who = "White" if self.sealed_by is Colour.WHITE else "Black"
        return f"{self.move_number}{dots} sealed by {who}"


@dataclass(frozen=True, slots=True)
class Adjudication:
    """The decision of an unfinished game (Team Competitions 1972): ``by`` whom (the arbiter,
    an invited arbiter, a commission), ``at`` when it was announced, the ``result`` (White's and
    Black's codes: 1/0, =/= or 0/1) and its ``basis`` (the forced variation, or the material or
    positional advantage and the way to realise it).

    :raises AdjournmentError: without a result, with one that is not a game's, or without
        saying who decided.
    """

    by: str
    at: datetime.datetime
    result: tuple[Result, Result] | None
    basis: str = ""

    def __post_init__(self) -> None:
        if self.result is None:
            raise AdjournmentError("an adjudication needs a result (1-0, 1/2-1/2 or 0-1)")
        _check_result(self.result, "an adjudication")
        if not self.by.strip():
            raise AdjournmentError("an adjudication needs who decided it (arbiter, commission)")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's state, its result (White's and Black's codes), its adjournments in order, its
    adjudication and when it was finished (the result reached or announced).

    A record is checked when made; the transitions return a new record.

    >>> t0 = datetime.datetime(1997, 7, 1, 17, 0)
    >>> game = GameRecord().adjourn(Adjournment(Colour.WHITE, 41, datetime.timedelta(hours=2),
    ...     datetime.timedelta(hours=2), t0 + datetime.timedelta(hours=5)))
    >>> game.state
    <GameState.ADJOURNED: 'adjourned'>
    >>> game.adjudicate(Adjudication("Chief arbiter", t0 + datetime.timedelta(days=1),
    ...                  (Result.WIN, Result.LOSS), "material advantage")).state
    <GameState.ADJUDICATED: 'adjudicated'>
    >>> try:
    ...     game.finish((Result.DRAW, Result.DRAW), t0)
    ... except AdjournmentError as error:
    ...     print(error)
    the game cannot be finished (1997-07-01 17:00) before its adjournment (1997-07-01 22:00)

    :raises AdjournmentError: for an impossible state (see :meth:`check`).
    """

    state: GameState = GameState.IN_PLAY
    result: tuple[Result, Result] | None = None
    adjournments: tuple[Adjournment, ...] = ()
    adjudication: Adjudication | None = None
    finished_at: datetime.datetime | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "adjournments", tuple(self.adjournments))
        self.check()

    def check(self) -> None:
        """Refuse an impossible record: a result in play or adjourned; an adjourned game without
        an adjournment; a finished or adjudicated game without a result or its time; an
        adjudication of a game not adjudicated, or with another result; adjournments out of
        order, or one resumed before the next was sealed; a move sealed after the game was
        finished or adjudicated.

        :raises AdjournmentError: naming what is impossible.
        """
        state, result = self.state, self.result
        unfinished = state in (GameState.IN_PLAY, GameState.ADJOURNED)
        if unfinished and (result is not None or self.adjudication or self.finished_at):
            raise AdjournmentError(
                f"a game {state.label} has no result yet (a result makes it final or adjudicated)"
            )
        last = self.adjournments[-1] if self.adjournments else None
        if state is GameState.IN_PLAY and last is not None and last.resumption is None:
            raise AdjournmentError(
                f"a game in play after the adjournment {last.label} needs its resumption time"
            )
        if state is GameState.ADJOURNED and not self.adjournments:
            raise AdjournmentError("an adjourned game needs its adjournment (the sealed move)")
        if state in (GameState.FINAL, GameState.ADJUDICATED):
            if result is None:
                raise AdjournmentError(f"a game {state.label} needs its result")
            if state is GameState.ADJUDICATED:
                _check_result(result, "an adjudicated game")
            else:
                _check_any_result(result)
            if self.finished_at is None:
                raise AdjournmentError(f"a game {state.label} needs the time of its result")
        if state is GameState.ADJUDICATED:
            if self.adjudication is None:
                raise AdjournmentError("an adjudicated game needs its adjudication")
            if self.adjudication.result != result:
                raise AdjournmentError("the adjudicated game's result is not the adjudication's")
            if self.adjudication.at != self.finished_at:
                raise AdjournmentError("an adjudicated game's result comes with its adjudication")
        elif self.adjudication is not None:
            raise AdjournmentError(f"a game {state.label} has no adjudication")
        for earlier, later in zip(self.adjournments, self.adjournments[1:], strict=False):
            if earlier.resumption is None or later.adjourned_at <= earlier.resumption:
                raise AdjournmentError(
                    f"the adjournment {later.label} at {later.adjourned_at:%Y-%m-%d %H:%M} comes "
                    f"before the game was resumed from the adjournment {earlier.label}"
                )
        if self.adjournments and self.finished_at is not None:
            last = self.adjournments[-1]
            if self.finished_at < last.adjourned_at:
                raise AdjournmentError(
                    f"the move {last.label} at {last.adjourned_at:%Y-%m-%d %H:%M} is sealed after "
                    f"the game was finished ({self.finished_at:%Y-%m-%d %H:%M})"
                )

    def adjourn(self, adjournment: Adjournment) -> GameRecord:
        """The game adjourned with a sealed move (Laws 1997, adjourned games).

        :raises AdjournmentError: for a game finished, adjudicated or adjourned already, or an
            adjournment before the game's last resumption.
        """
        if self.state is not GameState.IN_PLAY:
            raise AdjournmentError(
                f"a move cannot be sealed in a game {self.state.label}"
                + (f" ({self.finished_at:%Y-%m-%d %H:%M})" if self.finished_at else "")
            )
        return replace(
            self, state=GameState.ADJOURNED, adjournments=(*self.adjournments, adjournment)
        )

    def resume(self, at: datetime.datetime | None = None) -> GameRecord:
        """The adjourned game resumed (at its scheduled session, or ``at``).

        :raises AdjournmentError: for a game not adjourned, a resumption not scheduled, or one
            not after the adjournment.
        """
        if self.state is not GameState.ADJOURNED:
            raise AdjournmentError(
                f"only an adjourned game is resumed, not a game {self.state.label}"
            )
        last = self.adjournments[-1]
        when = at or last.resumption
        if when is None:
            raise AdjournmentError(f"the adjournment {last.label} has no resumption session")
        resumed = replace(last, resumption=when)
        return replace(
            self, state=GameState.IN_PLAY, adjournments=(*self.adjournments[:-1], resumed)
        )

    def finish(self, result: tuple[Result, Result], at: datetime.datetime) -> GameRecord:
        """The game finished over the board with ``result`` at ``at`` (a game adjourned is
        resumed first; a result agreed or resigned before the resumption also finishes it).

        :raises AdjournmentError: for a game finished or adjudicated already, a result that is
            no game's, or a time before the adjournment.
        """
        if self.state in (GameState.FINAL, GameState.ADJUDICATED):
            raise AdjournmentError(f"the game is {self.state.label} already")
        if self.adjournments and at < self.adjournments[-1].adjourned_at:
            raise AdjournmentError(
                f"the game cannot be finished ({at:%Y-%m-%d %H:%M}) before its adjournment "
                f"({self.adjournments[-1].adjourned_at:%Y-%m-%d %H:%M})"
            )
        return replace(self, state=GameState.FINAL, result=result, finished_at=at)

    def adjudicate(self, adjudication: Adjudication) -> GameRecord:
        """The unfinished game decided by adjudication.

        :raises AdjournmentError: for a game finished or adjudicated already, or an adjudication
            before the adjournment.
        """
        if self.state in (GameState.FINAL, GameState.ADJUDICATED):
            raise AdjournmentError(f"the game is {self.state.label} already")
        if self.adjournments and adjudication.at < self.adjournments[-1].adjourned_at:
            raise AdjournmentError(
                f"the adjudication ({adjudication.at:%Y-%m-%d %H:%M}) cannot come before the "
                f"adjournment ({self.adjournments[-1].adjourned_at:%Y-%m-%d %H:%M})"
            )
        return replace(
            self,
            state=GameState.ADJUDICATED,
            result=adjudication.result,
            adjudication=adjudication,
            finished_at=adjudication.at,
        )


def _check_any_result(result: tuple[Result, Result]) -> None:
    white, black = result
    if white.mirror is None or black not in white.counterparts:
        raise AdjournmentError(
            f"{white.value}/{black.value} is not the result of one game (White's and Black's)"
        )


def protest_deadline(announced_at: datetime.datetime, hours: int) -> datetime.datetime:
    """The time until which a written protest against an announced result may be lodged: the
    announcement plus the regulations' ``hours`` (Team Competitions 1972: the regulations set
    when an adjudication is announced and the time for a protest; C.04.2 (2026) 4.3: results
    may be corrected within the announced deadline).

    >>> protest_deadline(datetime.datetime(1972, 3, 1, 10, 0), 24)
    datetime.datetime(1972, 3, 2, 10, 0)

    :raises AdjournmentError: for hours outside 0 to
        :data:`~chessarbiter.limits.MAX_PROTEST_HOURS`.
    """
    if not 0 <= hours <= MAX_PROTEST_HOURS:
        raise AdjournmentError(
            f"a protest window must be between 0 and {MAX_PROTEST_HOURS} hours (got {hours})"
        )
    return announced_at + datetime.timedelta(hours=hours)


def deadline_passed(announced_at: datetime.datetime, hours: int, now: datetime.datetime) -> bool:
    """Whether the protest window of a result announced at ``announced_at`` has closed at
    ``now`` (:func:`protest_deadline`; the deadline itself is outside the window).

    >>> deadline_passed(datetime.datetime(1972, 3, 1, 10), 2, datetime.datetime(1972, 3, 1, 12))
    True

    :raises AdjournmentError: for hours outside 0 to
        :data:`~chessarbiter.limits.MAX_PROTEST_HOURS`.
    """
    return now >= protest_deadline(announced_at, hours)


def is_final(
    record: GameRecord,
    *,
    now: datetime.datetime,
    protest_hours: int,
    protest_lodged: bool = False,
) -> bool:
    """Whether a game's result is final: a game finished over the board is; an adjudicated one
    once its protest deadline (:func:`protest_deadline` from the adjudication's announcement)
    has passed and no protest is pending; a game in play or adjourned has no result.

    >>> t = datetime.datetime(1972, 3, 1, 10, 0)
    >>> game = GameRecord().adjudicate(Adjudication("Commission", t, (Result.DRAW, Result.DRAW)))
    >>> is_final(game, now=t + datetime.timedelta(hours=23), protest_hours=24)
    False
    >>> is_final(game, now=t + datetime.timedelta(hours=24), protest_hours=24)
    True

    :raises AdjournmentError: for hours outside 0 to
        :data:`~chessarbiter.limits.MAX_PROTEST_HOURS`.
    """
    if record.state is GameState.FINAL:
        return True
    if record.state is not GameState.ADJUDICATED or record.adjudication is None:
        return False
    return deadline_passed(record.adjudication.at, protest_hours, now) and not protest_lodged


def is_provisional(
    record: GameRecord, *, now: datetime.datetime, protest_hours: int, protest_lodged: bool = False
) -> bool:
    """A result that stands in the standings but may still change: adjudicated, within its
    protest window or under protest (shown as provisional)."""
    return record.result is not None and not is_final(
        record, now=now, protest_hours=protest_hours, protest_lodged=protest_lodged
    )


def trf_result(record: GameRecord) -> tuple[Result, Result] | None:
    """How a game is written in a TRF round column (TRF16, TRF-2026): its result codes once it
    has a result (adjudicated or final: the codes of the result); ``None`` for a game in play or
    adjourned, which TRF writes as a game without a result (opponent and colour, a blank code;
    TRF-2026 record 162 scores it with the symbol ``X``, "unknown/adjourned"). What TRF cannot
    carry: :func:`trf_losses`.

    >>> trf_result(GameRecord(GameState.FINAL, (Result.LOSS, Result.WIN),
    ...            finished_at=datetime.datetime(2026, 1, 1)))
    (<Result.LOSS: '0'>, <Result.WIN: '1'>)
    """
    if record.state in (GameState.IN_PLAY, GameState.ADJOURNED):
        return None
    return record.result


def trf_note(state: GameState) -> str:
    """How TRF (TRF16, TRF-2026) writes a game in ``state``, and what it cannot carry of it, in
    a sentence for a page or a report (see :func:`trf_result`, :data:`TRF_CANNOT_CARRY`).

    >>> trf_note(GameState.FINAL)
    'TRF writes the result code of the game.'
    """
    if state is GameState.FINAL:
        return "TRF writes the result code of the game."
    if state is GameState.ADJUDICATED:
        return (
            "TRF writes the adjudicated result as the result code of a game played; it cannot "
            "carry that the result was adjudicated, by whom, when and on what basis, nor the "
            "protest deadline."
        )
    return (
        f"TRF writes a game {state.label} as a game without a result (its opponent and colour, "
        "a blank result code; TRF-2026 record 162 scores it with the symbol X, "
        '"unknown/adjourned"); it cannot carry that the game is adjourned, the sealed move, who '
        "sealed it and its number, the clock times, the envelope or the resumption session."
    )


def trf_losses(record: GameRecord) -> list[str]:
    """What of this game a TRF file cannot carry (empty for a game played out without an
    adjournment): see :data:`TRF_CANNOT_CARRY`.

    >>> trf_losses(GameRecord())
    []
    """
    losses: list[str] = []
    if record.state is GameState.ADJOURNED:
        losses.append(TRF_CANNOT_CARRY[0])
    if record.adjournments:
        losses += [TRF_CANNOT_CARRY[1], TRF_CANNOT_CARRY[2]]
        if any(a.envelope_note or a.position_fen or a.draw_offer for a in record.adjournments):
            losses.append(TRF_CANNOT_CARRY[3])
        if any(a.resumption is not None for a in record.adjournments):
            losses.append(TRF_CANNOT_CARRY[4])
    if record.state is GameState.ADJUDICATED:
        losses += [TRF_CANNOT_CARRY[5], TRF_CANNOT_CARRY[6]]
    return losses


def for_pairing(
    tournament: Tournament, adjourned: Iterable[tuple[int, PlayerId, PlayerId]]
) -> Tournament:
    """A copy of ``tournament`` to pair the next round from, in which each adjourned game
    ``(round, white, black)`` is recorded as a draw: C.04.2 (2026) 3.1 (C.04.1 F.9 in the 1990s
    handbook), "adjourned games count as draws for pairing only". The tournament itself keeps
    the games without a result (its standings do not count them).

    :raises AdjournmentError: for a game that is not recorded as paired and without a result.
    """
    view = copy.deepcopy(tournament)
    for round_number, white, black in adjourned:
        for player, opponent, colour in (
            (white, black, Colour.WHITE),
            (black, white, Colour.BLACK),
        ):
            number_ok = player in view.players
            entry = view.players[player].entry(round_number) if number_ok else None
            if entry != RoundEntry(opponent, colour, None):
                raise AdjournmentError(
                    f"round {round_number}: {white}-{black} is not a game without a result "
                    f"(player {player}'s entry: {entry})"
                )
        view.player(white).set_entry(round_number, RoundEntry(black, Colour.WHITE, Result.DRAW))
        view.player(black).set_entry(round_number, RoundEntry(white, Colour.BLACK, Result.DRAW))
    return view
