"""What every service shares: its errors, its transaction, the event row locked, the acting
user, the audit entry, a row through the library's validator, and the last step of every
change, the stored event read back through the library's one check
(:func:`check_stored_event`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from chessarbiter.errors import ChessArbiterError
from chessarbiter.event_settings import PlayerSettings
from chessarbiter.model import Result
from chessarbiter.stored_event import board_problems, stored_event_problems

from .. import models as m
from .. import store

#: The acting Django user (authenticated in the views; anything else is recorded as nobody).
User = Any
P = ParamSpec("P")
R = TypeVar("R")


class ServiceError(ChessArbiterError):
    """A change that cannot be made as asked; the message says why (shown to the arbiter)."""


class ConflictError(ServiceError):
    """The row changed since the arbiter loaded it (another arbiter was faster)."""


def acting_user(user: User | None) -> Any:
    """The user to record as the author of a change: ``user`` when authenticated, else nobody
    (None)."""
    return user if user is not None and user.is_authenticated else None


def audit(event: m.Event, user: User | None, action: str, summary: str, **data: Any) -> None:
    """Record the change and raise the event's version (inside the caller's transaction)."""
    m.AuditEntry.objects.create(
        event=event, user=acting_user(user), action=action, summary=summary[:300], data=data
    )
    m.Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
    event.refresh_from_db(fields=["version"])


def atomic(func: Callable[P, R]) -> Callable[P, R]:
    """Run the service in one transaction (everything or nothing)."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with transaction.atomic():
            return func(*args, **kwargs)

    return wrapper


def locked_event(event: m.Event, *, archived_ok: bool = False) -> m.Event:
    """The event row, locked until the transaction ends (a no-op lock on SQLite, whose
    transactions take the database lock at their start). An archived event is changed by
    nothing: every service that changes an event takes it here, and is refused, except with
    ``archived_ok`` (restoring or deleting it)."""
    locked = m.Event.objects.select_for_update().get(pk=event.pk)
    if locked.archived and not archived_ok:
        raise ServiceError(_("The event is archived: restore it before changing it."))
    return locked


def clean_row(row: m.Event | m.Player, unique: bool = True) -> None:
    """The row through its model's validation (for an event or a player: the library's
    validator, :mod:`chessarbiter.event_settings`), its problems as one :class:`ServiceError`
    naming each field. ``unique``: also check the unique constraints (a query each)."""
    try:
        if unique:
            row.full_clean()
        else:  # the rows it points to are the caller's, just made
            row.full_clean(
                exclude=["event", "team"], validate_unique=False, validate_constraints=False
            )
    except ValidationError as e:
        problems = e.message_dict if hasattr(e, "error_dict") else {"": e.messages}
        raise ServiceError(
            "; ".join(
                f"{k}: {' '.join(str(x) for x in v)}"
                if k and k != NON_FIELD_ERRORS
                else " ".join(v)
                for k, v in problems.items()
            )
        ) from None


def check_stored_event(
    event: m.Event, refused: str = "", *, settings: bool = False, players: bool = False
) -> None:
    """The last step of every change, inside its transaction: the event as stored now, read
    back from its rows, passes the library's one check of a stored event
    (:func:`chessarbiter.stored_event.stored_event_problems`): the consistency of its rounds
    and of a simul contest's results always, its ``settings`` and its ``players``'
    registrations when the change wrote them (what a change did not write is not judged: an
    event stored with a setting the library now refuses still takes results while the chief
    arbiter corrects it). Otherwise
    :class:`ServiceError` naming the problems after ``refused`` (what was refused; by
    default, the change), and the transaction stores nothing. Archiving, restoring and the
    roles change only the web's own state, nothing the library reads: they need no check."""
    registrations = (
        {
            p.number: PlayerSettings.from_mapping({f: getattr(p, f) for f in _PLAYER_FIELDS})
            for p in event.players.all()
        }
        if players
        else None
    )
    if settings:
        event.refresh_from_db()
    problems = stored_event_problems(
        event.settings() if settings else None,
        registrations,
        store.tournament(event),
        store.simul_results(event),
    )
    if problems:
        what = refused or _("The change cannot be stored")
        raise ServiceError(f"{what}: {'; '.join(problems)}")


def check_stored_board(board: m.Board) -> None:
    """:func:`check_stored_event` for a change that writes one board's result and nothing
    else (the keyboard entry of a large round answers each result without reading the event
    whole): the library's same check on that board
    (:func:`chessarbiter.stored_event.board_problems`)."""
    if board.black is None:
        return
    problems = board_problems(
        board.round.number,
        board.white.number,
        board.black.number,
        Result(board.result) if board.result else None,
        Result(board.black_result) if board.black_result else None,
        colourless=board.colourless,
    )
    if problems:
        what = _("The change cannot be stored")
        raise ServiceError(f"{what}: {'; '.join(problems)}")


_PLAYER_FIELDS = tuple(PlayerSettings.__dataclass_fields__)
