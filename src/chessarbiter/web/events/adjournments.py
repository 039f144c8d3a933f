"""Adjourned and adjudicated games as the pages read them: a board's game as the library's
:class:`~chessarbiter.games.adjournment.GameRecord` (its state, result, adjournment and
adjudication, from the board and its :class:`~.models.Game` row), a round's protest window
(:func:`~chessarbiter.games.adjournment.protest_deadline` after each adjudication, the round
final when every game is, :func:`~chessarbiter.games.adjournment.is_final`), the players whose
score is provisional, and what TRF cannot carry of a game
(:func:`~chessarbiter.games.adjournment.trf_losses`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from chessarbiter.games.adjournment import (
    Adjournment,
    Adjudication,
    GameRecord,
    GameState,
    is_final,
    is_provisional,
    protest_deadline,
    trf_losses,
)
from chessarbiter.model import Colour

from . import models as m
from .games import board_result


def adjournment_of(game: m.Game) -> Adjournment | None:
    """The game's recorded adjournment (None when it was never adjourned)."""
    if not game.sealed_by or game.sealed_move is None or game.adjourned_at is None:
        return None
    return Adjournment(
        Colour(game.sealed_by),
        game.sealed_move,
        timedelta(seconds=game.white_time_used or 0),
        timedelta(seconds=game.black_time_used or 0),
        game.adjourned_at,
        game.resumption,
        None,
        game.draw_offer,
        game.envelope_note,
    )


def record_of(board: m.Board) -> GameRecord:
    """The board's game as the library's record: adjourned, adjudicated, finished over the
    board after an adjournment, or (never adjourned) in play while the board has no result and
    final with it (finished when its result was entered)."""
    game: m.Game | None = getattr(board, "game", None)
    result = board_result(board)
    adjournment = adjournment_of(game) if game is not None else None
    adjournments = (adjournment,) if adjournment is not None else ()
    state = game.state if game is not None else ""
    if result is None:  # an adjudicated result cleared since is adjourned again
        if adjournments and state in (GameState.ADJOURNED.value, GameState.ADJUDICATED.value):
            return GameRecord(GameState.ADJOURNED, None, adjournments)
        return GameRecord(GameState.IN_PLAY, None, ())
    if state == GameState.ADJUDICATED.value and game is not None and game.adjudicated_at:
        adjudication = Adjudication(
            game.adjudicated_by, game.adjudicated_at, result, game.adjudication_basis
        )
        return GameRecord(
            GameState.ADJUDICATED, result, adjournments, adjudication, game.adjudicated_at
        )
    finished = game.finished_at if game is not None and game.finished_at else board.updated_at
    return GameRecord(GameState.FINAL, result, adjournments, None, finished)


@dataclass(frozen=True)
class ProtestStatus:
    """A complete round's protest window: the last deadline of its adjudicated games (None
    when it has none), and whether every result of the round is final now."""

    deadline: datetime | None
    final: bool


def _boards(event: m.Event, number: int | None = None) -> list[m.Board]:
    boards = m.Board.objects.filter(round__event=event, black__isnull=False)
    if number is not None:
        boards = boards.filter(round__number=number)
    return list(boards.select_related("game"))


def protest_status(event: m.Event, number: int) -> ProtestStatus | None:
    """Round ``number``'s protest window once every board has a result (None before): the
    deadline of each adjudication (:func:`~chessarbiter.games.adjournment.protest_deadline`,
    the event's ``protest_hours`` after it), the round final when each game is
    (:func:`~chessarbiter.games.adjournment.is_final`)."""
    boards = _boards(event, number)
    if not boards or any(not b.result for b in boards):
        return None
    now = timezone.now()
    deadlines: list[datetime] = []
    final = True
    for board in boards:
        record = record_of(board)
        if record.adjudication is not None:
            deadlines.append(protest_deadline(record.adjudication.at, event.protest_hours))
        final = final and is_final(record, now=now, protest_hours=event.protest_hours)
    return ProtestStatus(max(deadlines) if deadlines else None, final)


@dataclass(frozen=True)
class Provisional:
    """The pairing numbers of the players whose score is provisional: with an adjourned game,
    or with an adjudicated result still within its protest window
    (:func:`~chessarbiter.games.adjournment.is_provisional`)."""

    adjourned: frozenset[int]
    adjudicated: frozenset[int]
    #: The first protest deadline still to come (when a mark goes), or None.
    until: datetime | None = None


def provisional_players(event: m.Event) -> Provisional:
    """The players the standings mark as provisional (:class:`Provisional`)."""
    now = timezone.now()
    games = m.Game.objects.filter(board__round__event=event).exclude(state="")
    adjourned: set[int] = set()
    adjudicated: set[int] = set()
    deadlines: list[datetime] = []
    for game in games.select_related("board__white", "board__black"):
        board = game.board
        board.game = game
        record = record_of(board)
        if record.state is GameState.ADJOURNED:
            found = adjourned
        elif is_provisional(record, now=now, protest_hours=event.protest_hours):
            found = adjudicated
            if record.adjudication is not None:
                deadlines.append(protest_deadline(record.adjudication.at, event.protest_hours))
        else:
            continue
        found.add(board.white.number)
        if board.black is not None:
            found.add(board.black.number)
    return Provisional(
        frozenset(adjourned), frozenset(adjudicated), min(deadlines) if deadlines else None
    )


def trf_note(board: m.Board) -> list[str]:
    """What a TRF file cannot carry of the board's game (:func:`trf_losses`)."""
    return trf_losses(record_of(board))


def round_expires(event: m.Event, number: int) -> datetime | None:
    """When round ``number``'s page changes by itself: its protest deadline while its results
    are not final (the page then says "final"), else None."""
    status = protest_status(event, number)
    return status.deadline if status is not None and not status.final else None


def adjourned_boards(event: m.Event, number: int) -> list[tuple[int, datetime | None]]:
    """Round ``number``'s adjourned games: (board, resumption session or None), for the
    round pages' schedule of resumptions."""
    rows = m.Game.objects.filter(
        board__round__event=event,
        board__round__number=number,
        board__result="",
        state=GameState.ADJOURNED.value,
    )
    return list(rows.order_by("board__number").values_list("board__number", "resumption"))
