"""A round's games: a PGN upload matched to the boards and stored on the arbiter's
confirmation, one game's moves typed or pasted, a watched PGN source re-read, and an
adjourned game recorded, adjudicated or finished.

The PGN is read and validated by :func:`chessarbiter.games.pgn.read_games` and matched by
:func:`chessarbiter.games.matching.match_games`; a result comes from a game's Result tag
(:func:`chessarbiter.games.matching.result_of`) only for a game the arbiter ticked, and only
through :func:`~.results.set_result`: onto a board without a result, or replacing a different
one when the arbiter ticked "replace" (the correction path, audited). An adjournment and an
adjudication are checked by :mod:`chessarbiter.games.adjournment`."""

from __future__ import annotations

import ipaddress
import socket
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as replace_match
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from chessarbiter import limits
from chessarbiter.games.adjournment import Adjournment, Adjudication, GameState
from chessarbiter.games.matching import RoundMatch, board_result, match_games
from chessarbiter.games.pgn import PgnGame, read_games
from chessarbiter.model import Colour, Result

from .. import adjournments, games, store
from .. import models as m
from .core import ServiceError, User, atomic, audit, locked_event
from .results import set_result

#: Seconds a watched URL may take to answer.
WATCH_TIMEOUT = 10


@dataclass(frozen=True)
class UploadReview:
    """A PGN read and matched, for the review page: the games, the library's match of each,
    the round's boards by number."""

    games: list[PgnGame]
    match: RoundMatch
    boards: dict[int, m.Board]


def review_upload(rnd: m.Round, text: str, source: str) -> UploadReview:
    """Read ``text`` (every game, validated: a :class:`~chessarbiter.errors.PgnError` names
    the game and the move) and match its games to ``rnd``'s boards. Stores nothing."""
    read = read_games(text, source)
    boards = {
        b.number: b for b in rnd.boards.exclude(black=None).select_related("white", "black", "game")
    }
    return UploadReview(read, match_games(read, games.board_slots(rnd), rnd.number), boards)


@dataclass
class GamesStored:
    """What :func:`store_games` did: games stored, results entered from Result tags, results
    replaced (the arbiter ticked "replace"), and what was left for the arbiter (a result
    kept because it differs and "replace" was not ticked, a game whose colours are reversed
    on its board)."""

    stored: int = 0
    results: int = 0
    replaced: int = 0
    notes: list[str] = field(default_factory=list)


def _save_game(board: m.Board, game: PgnGame, source: str) -> bool:
    """Store ``game`` on ``board`` (a new row, or the moves of the one there replaced, its
    adjournment kept); whether anything changed."""
    text = game.pgn()
    row = m.Game.objects.filter(board=board).first()
    if row is None:
        row = m.Game(board=board)
    elif (row.pgn, row.pgn_result, row.source) == (text, game.result, source):
        return False
    row.pgn, row.pgn_result, row.source = text, game.result, source
    row.save()
    return True


def _result_choice(pair: tuple[Result, Result] | None) -> str:
    """The results page's key of a result pair ('' for none)."""
    return "" if pair is None else store.result_choice(pair[0].value, pair[1].value)


@atomic
def store_games(
    rnd: m.Round,
    user: User,
    text: str,
    chosen: Mapping[int, int],
    replace: Sequence[int] = (),
    source: str = "upload",
) -> GamesStored:
    """Store the games of ``text`` the arbiter ticked on the review page: ``chosen`` maps a
    game's index (0-based, in the file's order) to the board it goes on; ``replace``: the
    boards whose different result the game's Result tag replaces. The PGN is read again
    (what the arbiter reviewed); two games on one board, or a board the round does not
    have, refuse the whole upload."""
    event = locked_event(rnd.event)
    read = read_games(text, source)
    boards = {b.number: b for b in rnd.boards.exclude(black=None).select_related("white", "black")}
    seen: dict[int, int] = {}
    for index, number in chosen.items():
        if not 0 <= index < len(read):
            raise ServiceError(_("The PGN has no game %(n)d.") % {"n": index + 1})
        if number not in boards:
            raise ServiceError(
                _("Round %(r)d has no board %(b)d with two players.")
                % {"r": rnd.number, "b": number}
            )
        if number in seen:
            raise ServiceError(
                _("Games %(a)d and %(b)d were both put on board %(n)d: nothing was stored.")
                % {"a": seen[number] + 1, "b": index + 1, "n": number}
            )
        seen[number] = index
    slots = {slot.board: slot for slot in games.board_slots(rnd)}
    done = GamesStored()
    for index, number in sorted(chosen.items(), key=lambda x: x[1]):
        board, game = boards[number], read[index]
        if _save_game(board, game, m.Game.Source.UPLOAD):
            done.stored += 1
        # the game on the board the arbiter chose, as the library matches it there: its
        # result given to the board's White and Black (reversed colours included)
        match = match_games([game], [slots[number]], rnd.number).games[0]
        if match.board is None:
            match = replace_match(match, board=number)
        choice = _result_choice(board_result(game, match))
        if not choice:
            continue
        if match.colours_swapped:
            done.notes.append(
                _("Board %(b)d: the game's colours are the reverse of the pairing's.")
                % {"b": number}
            )
        current = store.result_choice(board.result, board.black_result)
        if current == choice:
            continue
        if current and number not in replace:
            done.notes.append(
                _("Board %(b)d keeps %(old)s: the PGN says %(new)s (not replaced).")
                % {
                    "b": number,
                    "old": store.result_label(board.result, board.black_result),
                    "new": game.result,
                }
            )
            continue
        set_result(board.pk, user, choice, replace=bool(current))
        if current:
            done.replaced += 1
        else:
            done.results += 1
    audit(
        event,
        user,
        "games.upload",
        _("Round %(r)d: %(n)d games stored from a PGN, %(k)d results taken from it")
        % {"r": rnd.number, "n": done.stored, "k": done.results + done.replaced},
        round=rnd.number,
        boards=sorted(seen),
        replaced=done.replaced,
    )
    return done


@atomic
def set_game_moves(board: m.Board, user: User, text: str) -> m.Game:
    """Enter or correct the moves of ``board``'s game: ``text`` is one game (movetext alone
    or with tags), read and validated by the library; the board's result is not changed
    (the Result tag is shown as not confirmed until an arbiter enters the result)."""
    board = m.Board.objects.select_related("round__event", "white", "black").get(pk=board.pk)
    event = locked_event(board.round.event)
    if board.black_id is None:
        raise ServiceError(_("A bye has no game."))
    source = f"round {board.round.number} board {board.number}"
    read = read_games(text, source)
    if len(read) != 1:
        raise ServiceError(_("Paste exactly one game (the text holds %(n)d).") % {"n": len(read)})
    _save_game(board, read[0], m.Game.Source.TYPED)
    audit(
        event,
        user,
        "games.moves",
        _("Round %(r)d board %(b)d: moves entered (%(n)d half-moves)")
        % {"r": board.round.number, "b": board.number, "n": len(read[0].moves)},
        round=board.round.number,
        number=board.number,
    )
    return m.Game.objects.get(board=board)


def _game_row(board: m.Board) -> m.Game:
    row = m.Game.objects.filter(board=board).first()
    return row if row is not None else m.Game(board=board, source=m.Game.Source.TYPED)


def _game_board(board: m.Board) -> tuple[m.Board, m.Event]:
    """The board again with its players and game, and its event locked."""
    board = (
        m.Board.objects.select_related("round__event", "white", "black", "game")
        .filter(pk=board.pk)
        .get()
    )
    event = locked_event(board.round.event)
    if board.black_id is None:
        raise ServiceError(_("A bye has no game."))
    return board, event


def _pair(choice: str) -> tuple[Result, Result]:
    if choice not in store.RESULT_CODES:
        raise ServiceError(_("Unknown result: %(r)s") % {"r": choice})
    white, black = store.RESULT_CODES[choice]
    return Result(white), Result(black)


def _where(board: m.Board) -> dict[str, int]:
    return {"r": board.round.number, "b": board.number}


@atomic
def adjourn_game(
    board: m.Board,
    user: User,
    *,
    sealed_by: Colour,
    move_number: int,
    white_time_used: timedelta,
    black_time_used: timedelta,
    resumption: datetime | None = None,
    draw_offer: bool = False,
    envelope_note: str = "",
) -> m.Game:
    """Record ``board``'s game as adjourned now, with the sealed move's details and the
    resumption session: the library's :class:`Adjournment`, applied to the game's record
    (:meth:`GameRecord.adjourn`), refuses what cannot be (a finished game, a resumption
    before the adjournment...)."""
    board, event = _game_board(board)
    now = timezone.now()
    adjournment = Adjournment(
        sealed_by,
        move_number,
        white_time_used,
        black_time_used,
        now,
        resumption,
        None,
        draw_offer,
        envelope_note.strip(),
    )
    record = adjournments.record_of(board).adjourn(adjournment)
    row = _game_row(board)
    row.state = record.state.value
    row.sealed_by = sealed_by.value
    row.sealed_move = move_number
    row.white_time_used = int(white_time_used.total_seconds())
    row.black_time_used = int(black_time_used.total_seconds())
    row.adjourned_at, row.resumption = now, resumption
    row.draw_offer, row.envelope_note = draw_offer, envelope_note.strip()
    row.adjudicated_by, row.adjudicated_at, row.adjudication_basis = "", None, ""
    row.finished_at = None
    row.save()
    audit(
        event,
        user,
        "games.adjourn",
        _("Round %(r)d board %(b)d: adjourned, %(label)s")
        % {**_where(board), "label": adjournment.label},
        round=board.round.number,
        number=board.number,
    )
    return row


@atomic
def adjudicate_game(board: m.Board, user: User, choice: str, by: str, basis: str) -> m.Game:
    """Record the adjudication of ``board``'s unfinished game, announced now: its result
    (``choice``, a key of the results page) entered through :func:`~.results.set_result`,
    who decided and on what basis (the library's :class:`Adjudication` and
    :meth:`GameRecord.adjudicate` refuse what cannot be)."""
    board, _event = _game_board(board)
    now = timezone.now()
    adjudication = Adjudication(by.strip(), now, _pair(choice), basis.strip())
    adjournments.record_of(board).adjudicate(adjudication)
    set_result(board.pk, user, choice)
    row = _game_row(board)
    row.state = GameState.ADJUDICATED.value
    row.adjudicated_by, row.adjudicated_at = adjudication.by, now
    row.adjudication_basis = adjudication.basis
    row.save()
    return row


@atomic
def finish_adjourned(board: m.Board, user: User, choice: str) -> m.Game:
    """The adjourned game was resumed and finished over the board now: its result entered
    (:func:`~.results.set_result`; :meth:`GameRecord.finish` refuses a game not adjourned,
    adjudicated or finished already)."""
    board, _event = _game_board(board)
    record = adjournments.record_of(board)
    if record.state is not GameState.ADJOURNED:
        raise ServiceError(_("Round %(r)d board %(b)d has no adjourned game.") % _where(board))
    now = timezone.now()
    record.finish(_pair(choice), now)
    set_result(board.pk, user, choice)
    row = _game_row(board)
    row.state, row.finished_at = GameState.FINAL.value, now
    row.save()
    return row


def _is_url(source: str) -> bool:
    return source.lower().startswith(("http://", "https://"))


def watched_path(source: str, watch_dir: Path | None) -> Path:
    """The file a watched source names, which must lie under ``watch_dir`` (the setting
    ``CHESSARBITER_PGN_WATCH_DIR``): a relative name is taken in it; anything outside it
    (``..``, an absolute path elsewhere, a link pointing out) is refused."""
    if watch_dir is None:
        raise ServiceError(
            _(
                "No folder is configured for watched PGN files "
                "(CHESSARBITER_PGN_WATCH_DIR): give an http(s) URL."
            )
        )
    if "\x00" in source:
        raise ServiceError(_("A file name cannot hold a NUL character."))
    path = (watch_dir / source).resolve()
    if not path.is_relative_to(watch_dir.resolve()):
        raise ServiceError(
            _("%(path)s is outside the folder of watched PGN files.") % {"path": source}
        )
    return path


def check_watched_url(url: str) -> None:
    """Refuse a watched URL that is not http(s), or whose host is on a loopback, private,
    link-local or reserved address (the server's own network), unless the host is listed in
    the setting ``CHESSARBITER_PGN_WATCH_HOSTS`` (the venue's DGT LiveChess machine)."""
    parts = urllib.parse.urlsplit(url)
    host = (parts.hostname or "").lower()
    if parts.scheme.lower() not in ("http", "https") or not host:
        raise ServiceError(_("%(url)s is not an http(s) address.") % {"url": url})
    if host in settings.CHESSARBITER_PGN_WATCH_HOSTS:
        return
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, parts.port or None)}
    except (OSError, UnicodeError, ValueError) as e:
        raise ServiceError(
            _("%(url)s cannot be read: %(error)s") % {"url": url, "error": e}
        ) from None
    for address in addresses:
        ip = ipaddress.ip_address(str(address).split("%", 1)[0])
        if not ip.is_global or ip.is_multicast:
            raise ServiceError(
                _(
                    "%(host)s is an address of this server's own network; a watched URL may "
                    "name one only if the setting CHESSARBITER_PGN_WATCH_HOSTS lists it."
                )
                % {"host": host}
            )


class _CheckedRedirects(urllib.request.HTTPRedirectHandler):
    """Follow a redirect only to an address :func:`check_watched_url` accepts."""

    def redirect_request(
        self, req: Any, fp: Any, code: Any, msg: Any, headers: Any, newurl: str
    ) -> Any:
        check_watched_url(newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def read_source(source: str, watch_dir: Path | None) -> str:
    """The text of a watched source (a file under ``watch_dir`` or an http(s) URL), at most
    :data:`chessarbiter.limits.MAX_PGN_CHARS` bytes; a source that cannot be read raises
    :class:`ServiceError` saying why."""
    try:
        if _is_url(source):
            check_watched_url(source)
            opener = urllib.request.build_opener(_CheckedRedirects)
            with opener.open(source, timeout=WATCH_TIMEOUT) as answer:
                raw: bytes = answer.read(limits.MAX_PGN_CHARS + 1)
        else:
            with watched_path(source, watch_dir).open("rb") as f:
                raw = f.read(limits.MAX_PGN_CHARS + 1)
    except (OSError, ValueError) as e:
        if isinstance(e, ServiceError):
            raise
        raise ServiceError(
            _("%(source)s cannot be read: %(error)s") % {"source": source, "error": e}
        ) from None
    if len(raw) > limits.MAX_PGN_CHARS:
        raise ServiceError(
            _("%(source)s is larger than %(n)d bytes.")
            % {"source": source, "n": limits.MAX_PGN_CHARS}
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # the PGN standard's character set


@atomic
def set_watch_source(rnd: m.Round, user: User, source: str, watch_dir: Path | None) -> m.Round:
    """Set (or, blank, clear) the round's watched PGN source: an http(s) URL, or a file
    under ``watch_dir`` (:func:`watched_path`)."""
    event = locked_event(rnd.event)
    source = source.strip()
    if source and not _is_url(source):
        watched_path(source, watch_dir)
    elif source:
        check_watched_url(source)
    if source == rnd.pgn_source:
        return rnd
    rnd.pgn_source = source
    rnd.save(update_fields=["pgn_source"])
    audit(
        event,
        user,
        "games.source",
        _("Round %(r)d: watched PGN source %(s)s") % {"r": rnd.number, "s": source or "-"},
        round=rnd.number,
    )
    return rnd


@dataclass(frozen=True)
class WatchReport:
    """What a re-reading of a watched source did: the games updated, the games not matched
    to a board for sure (left for the arbiter's upload review)."""

    round: int
    updated: int
    unsure: int

    def summary(self) -> str:
        return _("Round %(r)d: %(u)d games updated, %(n)d games not matched for sure.") % {
            "r": self.round,
            "u": self.updated,
            "n": self.unsure,
        }


@atomic
def refresh_watched(rnd: m.Round, watch_dir: Path | None) -> WatchReport:
    """Read the round's watched source again and update the games matched exactly to a board
    (not a game an arbiter typed). Results are never taken: the Result tag is shown as "not
    confirmed" until an arbiter enters the result. One audit entry when a game changed."""
    text = read_source(rnd.pgn_source, watch_dir)  # before the lock: a URL may be slow
    event = locked_event(rnd.event)
    read = read_games(text, rnd.pgn_source)
    boards = {b.number: b for b in rnd.boards.exclude(black=None).select_related("game")}
    updated = unsure = 0
    for match in match_games(read, games.board_slots(rnd), rnd.number).games:
        if match.board is None or match.certainty != "exact" or match.colours_swapped:
            unsure += 1
            continue
        board = boards[match.board]
        existing: m.Game | None = getattr(board, "game", None)
        if existing is not None and existing.source == m.Game.Source.TYPED:
            continue
        if _save_game(board, read[match.game_index], m.Game.Source.WATCHED):
            updated += 1
    if updated:
        audit(
            event,
            None,
            "games.watch",
            _("Round %(r)d: %(n)d games updated from the watched PGN")
            % {"r": rnd.number, "n": updated},
            round=rnd.number,
        )
    return WatchReport(rnd.number, updated, unsure)
