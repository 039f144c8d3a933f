"""Why a board has its result, and the sanctions of a game without clocks: a result given with
its reason (checked by :func:`chessarbiter.result_reasons.check_result_reason`, stored through
the audited correction path of :func:`~.results.set_result`), and each step of the sanction
ladder (:class:`chessarbiter.special.unclocked.SanctionRecord`: the next step only; the loss
sets the result with the reason "loss by sanction"), and the record of a freed clock set on a
board (:func:`set_freed_clock`)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessarbiter.model import Colour, Result
from chessarbiter.result_reasons import (
    ReasonCheck,
    ResultReason,
    check_result_reason,
    result_reason,
)
from chessarbiter.special.unclocked import FreedClock, Ladder, Sanction, SanctionRecord, freed_clock

from .. import models as m
from .. import store
from .core import ServiceError, User, acting_user, atomic, audit, locked_event
from .results import set_result


def ladder(event: m.Event) -> Ladder:
    """The event's sanction ladder against slow play without clocks (Team Competitions 1972):
    a game's (remark, demand to speed up, warning, loss) or blitz on the arbiter's call
    (remark, warning, loss), as stored (checked on every write by the library's
    :func:`~chessarbiter.event_settings.event_problems`)."""
    return Ladder(event.sanction_ladder)


#: Each reason's name on the pages (the library's :attr:`ResultReason.label`, translated).
REASON_LABELS = {
    ResultReason.DEAD_POSITION: gettext_lazy("dead position"),
    ResultReason.FLAG_FALL: gettext_lazy("flag fall"),
    ResultReason.FLAG_NO_MATE: gettext_lazy("flag fall, the opponent cannot mate"),
    ResultReason.PERSISTENT_REFUSAL: gettext_lazy("persistent refusal to comply with the Laws"),
    ResultReason.SANCTION_LOSS: gettext_lazy("loss by sanction"),
}
#: Each sanction's name on the pages.
SANCTION_LABELS = {
    Sanction.REMARK: gettext_lazy("remark"),
    Sanction.SPEED_UP: gettext_lazy("demand to speed up"),
    Sanction.WARNING: gettext_lazy("warning"),
    Sanction.LOSS: gettext_lazy("loss"),
}


def stored_reason(board: m.Board) -> ResultReason | None:
    """The board's reason as the library names it, ``None`` when it has none - or when the
    result was changed since to one the reason does not allow (a result entered from the
    keyboard leaves the reason as it was)."""
    if not board.reason or not board.result:
        return None
    try:
        why = result_reason(board.reason)
    except ValueError:
        return None
    pair = (Result(board.result), Result(board.black_result or board.result))
    return why if pair in why.results else None


def sanction_record(board: m.Board, side: Colour) -> SanctionRecord:
    """One side's stored sanctions on ``board``, as the library's record (in the order given)."""
    rows = [s for s in board.sanctions.all() if s.side == side.value]
    return SanctionRecord(
        ladder(board.round.event),
        tuple(Sanction(s.step) for s in rows),
        tuple(s.move for s in rows),
    )


def _side(value: str) -> Colour:
    if value not in (Colour.WHITE.value, Colour.BLACK.value):
        raise ServiceError(_("Side %(s)r: white (w) or black (b).") % {"s": value})
    return Colour(value)


@dataclass(frozen=True)
class ReasonGiven:
    """What :func:`set_reason` did: the library's check, and whether the result changed."""

    check: ReasonCheck | None
    result_changed: bool


@atomic
def set_reason(
    board_id: int,
    user: User,
    choice: str,
    reason: str,
    *,
    fen: str | None = None,
    flagged: str | None = None,
    opponent_points: Decimal | None = None,
    replace: bool = False,
) -> ReasonGiven:
    """Give the board the result ``choice`` (a key of :data:`store.RESULT_CODES`) with its
    ``reason`` (a :class:`~chessarbiter.result_reasons.ResultReason` code; '' takes the
    reason away), checked by the library with the position ``fen`` when given.

    A different result replaces the board's through :func:`~.results.set_result` (with
    ``replace``, as on the round page); the reason and what the library found are audited.
    A persistent refusal's opponent score is the result's: 1 (``1-0``, ``0-1``) or ½
    (``½-0``, ``0-½``), checked against the position when given."""
    board = m.Board.objects.select_related("round__event", "white", "black").get(pk=board_id)
    event = locked_event(board.round.event)
    if choice not in store.RESULT_CODES:
        raise ServiceError(_("Unknown result: %(r)s") % {"r": choice or "-"})
    white, black = store.RESULT_CODES[choice]
    check: ReasonCheck | None = None
    if reason:
        sanctions = None
        if reason == ResultReason.SANCTION_LOSS.value:
            loser = Colour.WHITE if Result(white).outcome.value == "loss" else Colour.BLACK
            sanctions = sanction_record(board, loser)
        check = check_result_reason(
            reason,
            Result(white),
            Result(black),
            fen=fen or None,
            flagged=flagged or None,
            opponent_points=opponent_points,
            sanctions=sanctions,
        )
    change = set_result(board.pk, user, choice, replace=replace)
    board = change.board
    if board.reason == reason and not change.changed:
        return ReasonGiven(check, False)
    m.Board.objects.filter(pk=board.pk).update(reason=reason, version=F("version") + 1)
    board.reason = reason
    board.version += 1
    label = check.reason.label if check else _("no reason")
    summary = _("Round %(r)d board %(b)d: %(res)s, reason: %(why)s") % {
        "r": board.round.number,
        "b": board.number,
        "res": store.result_label(white, black),
        "why": label,
    }
    audit(
        event,
        user,
        "result.reason",
        summary,
        board=board.pk,
        round=board.round.number,
        number=board.number,
        check=check.as_json() if check else None,
        fen=fen or "",
    )
    return ReasonGiven(check, change.changed)


def _game_in_play(board_id: int, bye: str, finished: str) -> tuple[m.Board, m.Event]:
    """The board (its event locked) of a game still being played: a bye is refused with
    ``bye``, a game with its result with ``finished`` (``%(b)d`` the board, ``%(r)s`` its
    result)."""
    board = m.Board.objects.select_related("round__event", "white", "black").get(pk=board_id)
    event = locked_event(board.round.event)
    if board.black_id is None:
        raise ServiceError(bye)
    if board.result:
        raise ServiceError(
            finished
            % {"b": board.number, "r": store.result_label(board.result, board.black_result)}
        )
    return board, event


@atomic
def add_sanction(board_id: int, user: User, side: str, step: str, move: int | None) -> Sanction:
    """Give ``side`` (``w``/``b``) the next sanction of the event's ladder (``step`` must be
    it: Team Competitions 1972, "remark, demand to speed up, warning, then loss", in blitz on
    the arbiter's call "remark, warning, loss"; none is skipped).
    The loss sets the result (the side loses) through the audited correction path with the
    reason "loss by sanction". A game that has a result takes no sanction."""
    board, event = _game_in_play(
        board_id,
        _("A bye takes no sanction."),
        _("Board %(b)d already has its result (%(r)s): a sanction comes during the game."),
    )
    colour = _side(side)
    try:
        wanted = Sanction(step)
    except ValueError:
        known = ", ".join(s.value for s in ladder(event).steps)
        raise ServiceError(
            _("Unknown sanction %(s)r (one of %(k)s).") % {"s": step, "k": known}
        ) from None
    record = sanction_record(board, colour).add(wanted, move)
    m.Sanction.objects.create(
        board=board,
        side=colour.value,
        step=wanted.value,
        move=move,
        by=acting_user(user),
    )
    name = board.white.name if colour is Colour.WHITE else board.black.name if board.black else ""
    audit(
        event,
        user,
        "sanction.add",
        _("Round %(r)d board %(b)d: %(step)s to %(name)s")
        % {
            "r": board.round.number,
            "b": board.number,
            "step": wanted.value,
            "name": name,
        },
        board=board.pk,
        round=board.round.number,
        number=board.number,
        side=colour.value,
        step=wanted.value,
        move=move,
        given=[s.value for s in record.given],
    )
    if record.lost:
        choice = "0-1" if colour is Colour.WHITE else "1-0"
        set_reason(board.pk, user, choice, ResultReason.SANCTION_LOSS.value)
    return wanted


#: The audit action of a freed clock set on a board (its record: :func:`freed_clock_of`).
FREED_CLOCK = "game.freed_clock"


def freed_clock_of(board: m.Board) -> m.AuditEntry | None:
    """The record of the freed clock set on ``board``, if one was set."""
    return (
        m.AuditEntry.objects.filter(
            event_id=board.round.event_id, action=FREED_CLOCK, data__board=board.pk
        )
        .select_related("user")
        .order_by("-at")
        .first()
    )


@atomic
def set_freed_clock(
    board_id: int,
    user: User,
    remaining: int | float,
    *,
    moves_made: int | None = None,
    control: int | None = None,
) -> FreedClock:
    """Record a freed clock set on a board of a game without clocks (Team Competitions 1972,
    :func:`chessarbiter.special.unclocked.freed_clock`: at least one hour, ``remaining``
    seconds, before the end; the time split equally; the moves to make from the scoresheet
    (``moves_made`` of ``control``), else at two minutes a move). Once per game, before its
    result: a second one is refused, naming the first."""
    board, event = _game_in_play(
        board_id,
        _("A bye has no game."),
        _("Board %(b)d already has its result (%(r)s): a freed clock comes during the game."),
    )
    earlier = freed_clock_of(board)
    if earlier is not None:
        raise ServiceError(
            _("A freed clock was already set on board %(b)d at %(t)s: nothing was changed.")
            % {"b": board.number, "t": timezone.localtime(earlier.at).strftime("%H:%M")}
        )
    clock = freed_clock(remaining, moves_made=moves_made, control=control)
    audit(
        event,
        user,
        FREED_CLOCK,
        _("Round %(r)d board %(b)d: freed clock, each player %(s)s s for %(n)d moves")
        % {"r": board.round.number, "b": board.number, "s": clock.each, "n": clock.moves},
        board=board.pk,
        round=board.round.number,
        number=board.number,
        remaining=remaining,
        moves_made=moves_made,
        control=control,
        clock=clock.as_json(),
    )
    return clock
