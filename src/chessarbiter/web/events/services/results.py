"""A board's result: entered, corrected or cleared, with the arbiter's confirmation when a
result is already there, and the later pairings made with the old one named
(:func:`chessarbiter.corrections.pairings_after`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import F
from django.utils.translation import gettext as _

from chessarbiter.corrections import LaterPairing, pairings_after
from chessarbiter.model import Result

from .. import models as m
from .. import store
from .core import (
    ConflictError,
    ServiceError,
    User,
    atomic,
    audit,
    check_stored_board,
    locked_event,
)


@dataclass(frozen=True)
class ResultChange:
    """What :func:`set_result` did: the board as saved, its result before (a label such as
    ``1-0``, '' when it had none), whether anything changed (the same result entered again
    changes nothing), the later pairings made with the old result (a correction after
    later rounds were paired, see :func:`chessarbiter.corrections.pairings_after`), and the
    event's version the change made (one more than before it; None when nothing changed)."""

    board: m.Board
    previous: str
    changed: bool = True
    later: tuple[LaterPairing, ...] = ()
    event_version: int | None = None


class ResultExistsError(ServiceError):
    """The board already has a different result: replacing (or clearing) it needs the
    arbiter's confirmation (``replace=True``). Carries what the confirmation shows."""

    def __init__(
        self,
        message: str,
        *,
        board: int,
        current: str,
        current_choice: str,
        new: str,
        version: int,
        later: tuple[LaterPairing, ...] = (),
    ) -> None:
        super().__init__(message)
        self.board = board
        self.current = current
        self.current_choice = current_choice
        self.new = new
        self.version = version
        self.later = later


def describe_later(later: Sequence[LaterPairing]) -> str:
    """The arbiter's warning naming the later pairings made with the old result ('' if none)."""
    if not later:
        return ""
    parts = []
    for p in later:
        if p.black is None:
            parts.append(
                _("round %(r)d board %(b)d (%(w)d, pairing-allocated bye)")
                % {"r": p.round, "b": p.board or 0, "w": p.white}
            )
        else:
            parts.append(
                _("round %(r)d board %(b)d (%(w)d - %(k)d)")
                % {"r": p.round, "b": p.board or 0, "w": p.white, "k": p.black}
            )
    text = _("%(pairings)s were paired with the old score.") % {"pairings": "; ".join(parts)}
    return text[:1].upper() + text[1:]


def _later_pairings(event: m.Event, board: m.Board) -> tuple[LaterPairing, ...]:
    """The pairings after ``board``'s round made with its players' old result, with their
    boards (library: :func:`chessarbiter.corrections.pairings_after`). A round robin's and a
    team event's later rounds are not paired on individual scores: none."""
    if event.system != m.Event.System.SWISS or board.black is None:
        return ()
    loaded = store.load(event)
    players = (board.white.number, board.black.number)
    return tuple(
        LaterPairing(
            p.round, p.white, p.black, board=loaded.board_number(p.round, p.white, p.black)
        )
        for p in pairings_after(loaded.tournament, board.round.number, players)
    )


@atomic
def set_result(
    board_id: int,
    user: User,
    choice: str,
    version: int | None = None,
    *,
    replace: bool = False,
) -> ResultChange:
    """Enter or correct a board's result (``choice``: a key of :data:`store.RESULT_CODES`, or
    '' to clear).

    ``version``: the board's version the arbiter saw; when another change came in between,
    :class:`ConflictError` (nothing is overwritten). A board that has a result keeps it unless
    ``replace`` is set: changing or clearing it otherwise raises :class:`ResultExistsError`
    (naming the board, the result there and, after later rounds were paired, the later
    pairings made with it). The same result entered again changes nothing (no audit entry).
    """
    board = m.Board.objects.select_related("round__event", "white", "black").get(pk=board_id)
    event = locked_event(board.round.event)
    if board.black_id is None:
        raise ServiceError(
            _("Board %(b)d of round %(r)d is a bye: it has no result to enter.")
            % {"b": board.number, "r": board.round.number}
        )
    if choice and choice not in store.RESULT_CODES:
        raise ServiceError(_("Unknown result: %(r)s") % {"r": choice})
    white, black = store.RESULT_CODES[choice] if choice else ("", "")
    previous = store.result_label(board.result, board.black_result)
    if (white, black) == (board.result, board.black_result):
        return ResultChange(board, previous, changed=False)
    if version is not None and version != board.version:
        raise ConflictError(
            _("Board %(b)d was changed meanwhile (now %(r)s); nothing was saved.")
            % {"b": board.number, "r": previous or "-"}
        )
    label = store.result_label(white, black) or "-"
    later = event.round_set.filter(number__gt=board.round.number).exists()
    later_pairings = _later_pairings(event, board) if later else ()
    if board.result and not replace:
        if choice:
            question = _("Board %(b)d already has %(old)s: replace it by %(new)s?")
        else:
            question = _("Board %(b)d already has %(old)s: clear it?")
        question %= {"b": board.number, "old": previous, "new": label}
        warning = describe_later(later_pairings)
        raise ResultExistsError(
            f"{question} {warning}".strip(),
            board=board.number,
            current=previous,
            current_choice=store.result_choice(board.result, board.black_result),
            new=label,
            version=board.version,
            later=later_pairings,
        )
    # a game recorded without colours (a forfeit) keeps none while it stays a forfeit; a game
    # played has White and Black
    colourless = board.colourless and (not white or Result(white).is_forfeit)
    updated = m.Board.objects.filter(pk=board.pk, version=board.version).update(
        result=white,
        black_result=black,
        colourless=colourless,
        reason="",  # a reason given belongs to the result it came with (see set_reason)
        version=F("version") + 1,
    )
    if not updated:  # pragma: no cover - the row lock makes this unreachable
        raise ConflictError(_("Board %(b)d was changed meanwhile.") % {"b": board.number})
    # the row as just written (the update matched its version), without reading it back
    board.result, board.black_result, board.version = white, black, board.version + 1
    board.colourless = colourless
    board.reason = ""
    summary = _("Round %(r)d board %(b)d: %(w)s - %(k)s %(res)s") % {
        "r": board.round.number,
        "b": board.number,
        "w": board.white.name,
        "k": board.black.name if board.black else "",
        "res": label,
    }
    if previous and previous != label:
        summary += " " + _("(was %(p)s)") % {"p": previous}
    if later:
        summary += " " + _("[correction after later rounds were paired]")
    check_stored_board(board)
    audit(
        event,
        user,
        "result.set",
        summary,
        board=board.pk,
        round=board.round.number,
        number=board.number,
        previous=previous,
        new=label,
        later=[
            {"round": p.round, "board": p.board, "white": p.white, "black": p.black}
            for p in later_pairings
        ],
    )
    return ResultChange(board, previous, later=later_pairings, event_version=event.version)
