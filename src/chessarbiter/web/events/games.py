"""The games of an event as the pages read them: a stored game back as the library's
:class:`~chessarbiter.games.pgn.PgnGame`, a round's boards as the library's
:class:`~chessarbiter.games.matching.BoardSlot` for matching, the PGN of a board, a round or
the event written by :func:`chessarbiter.games.pgn.write_game`, a position as an SVG board
(python-chess's ``chess.svg``: presentation only). Nothing here writes: the changes are
:mod:`chessarbiter.web.events.services.games`; adjourned and adjudicated games are
:mod:`chessarbiter.web.events.adjournments`."""

from __future__ import annotations

from dataclasses import dataclass

import chess
import chess.svg
from django.core.cache import cache

from chessarbiter.errors import ChessArbiterError
from chessarbiter.games.matching import BoardSlot, pgn_result_tags
from chessarbiter.games.matching import pgn_result as lib_pgn_result
from chessarbiter.games.pgn import (
    GamePlayer,
    PgnGame,
    Ply,
    read_games,
    round_label,
    write_game,
)
from chessarbiter.model import Result
from chessarbiter.timecontrol.model import TimeControl, parse

from . import models as m
from . import store

#: The side of the SVG board, in pixels (the page scales it down on a phone).
BOARD_PIXELS = 360


def game_player(p: m.Player) -> GamePlayer:
    """A stored player as the library's PGN player (name, FIDE ID, rating, title)."""
    return GamePlayer(p.name, p.fide_id.strip(), p.rating or None, p.title)


def board_result(board: m.Board) -> tuple[Result, Result] | None:
    """The board's stored result as the library's pair (White's, Black's; None while
    pending)."""
    if not board.result:
        return None
    return Result(board.result), Result(board.black_result or board.result)


def board_slots(rnd: m.Round) -> list[BoardSlot]:
    """The round's boards with two players, as the library matches games to them."""
    return [
        BoardSlot(
            b.number,
            game_player(b.white),
            game_player(b.black),
            board_result(b),
            (b.white.number, b.black.number),
        )
        for b in rnd.boards.exclude(black=None).select_related("white", "black")
        if b.black is not None
    ]


def parsed(game: m.Game) -> PgnGame | None:
    """A stored game read back by the library (validated when it was stored); None when it
    has no moves recorded."""
    if not game.pgn.strip():
        return None
    board = game.board
    source = f"round {board.round.number} board {board.number}"
    return read_games(game.pgn, source)[0]


def _stored(board: m.Board) -> PgnGame | None:
    game: m.Game | None = getattr(board, "game", None)
    return parsed(game) if game is not None else None


def pgn_result(board: m.Board) -> str:
    """The board's confirmed result as the PGN's Result tag
    (:func:`chessarbiter.games.matching.pgn_result`: ``*`` while pending; a forfeit by its
    points, with the ``Termination`` tag of
    :func:`~chessarbiter.games.matching.pgn_result_tags`)."""
    return lib_pgn_result(board_result(board))


def _time_control(event: m.Event) -> TimeControl | None:
    """The event's time control as the library reads it (None when it has none or the
    text is not a control the library can read: the PGN then has no TimeControl tag)."""
    if not event.time_control.strip():
        return None
    try:
        return parse(event.time_control)
    except ChessArbiterError:
        return None


def board_pgn(event: m.Event, board: m.Board, control: TimeControl | None = None) -> str:
    """The PGN of one board: the tags of the event and the players
    (:func:`~chessarbiter.games.pgn.write_game`), the board's confirmed result
    (:func:`pgn_result`: the PGN's own Result tag is not the board's result until an arbiter
    confirms it), the stored moves."""
    assert board.black is not None
    read = _stored(board)
    return write_game(
        game_player(board.white),
        game_player(board.black),
        event=event.name,
        site=event.city,
        date=event.start_date,
        round_label=round_label(board.round.number, board.number),
        result=pgn_result(board),
        extra=pgn_result_tags(board_result(board)),
        moves=read.moves if read is not None else (),
        start_fen=read.start_fen if read is not None else None,
        time_control=control,
    )


def _boards(event: m.Event, number: int | None = None) -> list[m.Board]:
    boards = m.Board.objects.filter(round__event=event, black__isnull=False)
    if number is not None:
        boards = boards.filter(round__number=number)
    return list(
        boards.select_related("round", "white", "black", "game").order_by("round__number", "number")
    )


def round_pgn(event: m.Event, number: int | None = None) -> str:
    """The PGN of a round's games (every round's when ``number`` is None), one game a board
    in board order, each from :func:`board_pgn`; cached per event version (every change of
    a game or a result raises it: the live feed never lags behind what is stored)."""

    def compute() -> str:
        control = _time_control(event)
        return "\n".join(board_pgn(event, b, control) for b in _boards(event, number))

    key = f"pgn:{event.pk}:{event.created_at.timestamp()}:{event.version}:{number}"
    text: str | None = cache.get(key)
    if text is None:
        text = compute()
        cache.set(key, text, 3600)
    return text


@dataclass(frozen=True)
class GameView:
    """What the viewer shows of a board's game: the board, the game's plies (each with its
    position), the ply shown, the result in the PGN when no arbiter confirmed it, the
    board's result (its label, '' while pending)."""

    board: m.Board
    game: m.Game | None
    plies: list[Ply]
    ply: int
    unconfirmed: str
    result: str


def game_view(board: m.Board, ply: str | None) -> GameView:
    """The viewer of ``board``'s game at ``ply`` (a number from the query: the last ply
    when absent or not a number; clamped to the game)."""
    game: m.Game | None = getattr(board, "game", None)
    read = parsed(game) if game is not None else None
    plies = read.plies() if read is not None else []
    shown = len(plies)
    if ply is not None and ply.isascii() and ply.isdigit() and len(ply) <= 5:
        shown = min(int(ply), len(plies))
    unconfirmed = ""
    if game is not None and game.pgn_result not in ("*", pgn_result(board)):
        unconfirmed = game.pgn_result
    label = store.result_label(board.result, board.black_result)
    return GameView(board, game, plies, shown, unconfirmed, label)


def position_svg(board: m.Board, ply: int) -> str | None:
    """The SVG of the position after ``ply`` half-moves of ``board``'s game (0: the start),
    the last move marked; None when the game has no such ply. Cached per game version."""
    game: m.Game | None = getattr(board, "game", None)
    stamp = game.updated_at.timestamp() if game is not None else 0
    key = f"gamesvg:{board.pk}:{stamp}:{ply}"
    svg: str | None = cache.get(key)
    if svg is not None:
        return svg
    read = parsed(game) if game is not None else None
    plies = read.plies() if read is not None else []
    if ply > len(plies):
        return None
    start = read.board() if read is not None else chess.Board()
    if ply == 0:
        svg = chess.svg.board(start, size=BOARD_PIXELS)
    else:
        before = chess.Board(plies[ply - 2].fen, chess960=start.chess960) if ply > 1 else start
        shown = plies[ply - 1]
        svg = chess.svg.board(
            chess.Board(shown.fen, chess960=start.chess960),
            lastmove=before.parse_san(shown.san),
            size=BOARD_PIXELS,
        )
    cache.set(key, svg, 3600)
    return svg


def round_games(event: m.Event, number: int) -> set[int]:
    """The boards of round ``number`` with a stored game (the round pages link them)."""
    return set(
        m.Game.objects.filter(board__round__event=event, board__round__number=number)
        .exclude(pgn="")
        .values_list("board__number", flat=True)
    )


def unconfirmed_results(event: m.Event, number: int) -> list[tuple[int, str]]:
    """The boards of round ``number`` whose stored game's Result tag is not the board's
    result (none entered, or another one): (board, the PGN's result), for the arbiter to
    confirm or correct; a watched or uploaded PGN never sets a result by itself."""
    rows = m.Game.objects.filter(board__round__event=event, board__round__number=number)
    found = []
    for game in rows.exclude(pgn_result="*").select_related("board").order_by("board__number"):
        if game.pgn_result != pgn_result(game.board):
            found.append((game.board.number, game.pgn_result))
    return found
