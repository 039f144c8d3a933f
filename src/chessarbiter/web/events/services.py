"""Every change to a stored event: one function each, one database transaction each, an
audit entry each, and the event's ``version`` raised (public pages and caches key on it).

The rules come from the library: pairing (:func:`chessarbiter.pairing.dutch.engine.pair_round`,
the Berger tables), the checks of a hand-made pairing
(:func:`chessarbiter.pairing.swiss.deviations.check_pairing`), the initial order
(:mod:`chessarbiter.pairing.swiss.ranking`), TRF in and out. A service that fails raises
:class:`ServiceError` (or the library's error) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from chessarbiter import event_settings, limits, registration, trf
from chessarbiter.corrections import LaterPairing, pairings_after
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Colour, Result, Tournament
from chessarbiter.pairing import roundrobin
from chessarbiter.pairing.dutch.engine import explain_round
from chessarbiter.pairing.dutch.engine import pair_round as dutch_pair_round
from chessarbiter.pairing.readiness import IncompleteRoundError, check_ready_to_pair
from chessarbiter.pairing.round_pairing import Board as LibBoard
from chessarbiter.pairing.round_pairing import RoundPairing
from chessarbiter.pairing.swiss.ranking import check_renumbering_allowed, initial_order
from chessarbiter.tiebreaks import teams as team_lib

from . import models as m
from . import store

#: The acting Django user (authenticated in the views; anything else is recorded as nobody).
User = Any
P = ParamSpec("P")
R = TypeVar("R")


class ServiceError(ChessArbiterError):
    """A change that cannot be made as asked; the message says why (shown to the arbiter)."""


class ConflictError(ServiceError):
    """The row changed since the arbiter loaded it (another arbiter was faster)."""


def _user(user: User | None) -> Any:
    return user if user is not None and user.is_authenticated else None


def audit(event: m.Event, user: User | None, action: str, summary: str, **data: Any) -> None:
    """Record the change and raise the event's version (inside the caller's transaction)."""
    m.AuditEntry.objects.create(
        event=event, user=_user(user), action=action, summary=summary[:300], data=data
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


def _lock(event: m.Event, *, archived_ok: bool = False) -> m.Event:
    """The event row, locked until the transaction ends (a no-op lock on SQLite, whose
    transactions take the database lock at their start). An archived event is changed by
    nothing: every service that changes an event takes it here, and is refused, except with
    ``archived_ok`` (restoring or deleting it)."""
    locked = m.Event.objects.select_for_update().get(pk=event.pk)
    if locked.archived and not archived_ok:
        raise ServiceError(_("The event is archived: restore it before changing it."))
    return locked


# -- events ----------------------------------------------------------------------------------


def _clean(row: m.Event | m.Player, unique: bool = True) -> None:
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


@atomic
def create_event(user: User, **fields: Any) -> m.Event:
    """A new event owned by ``user`` (its chief arbiter), its settings checked first."""
    event = m.Event(owner=user, **fields)
    _clean(event)
    event.save()
    m.Role.objects.create(event=event, user=user, kind=m.Role.Kind.CHIEF)
    audit(event, user, "event.create", _("Event created: %(name)s") % {"name": event.name})
    return event


def bracket_played(event: m.Event) -> bool:
    """Whether a game or a walkover of the event's knockout bracket is recorded: the bracket
    cannot be drawn again, and
    :data:`chessarbiter.event_settings.LOCKED_ONCE_PLAYED` are fixed."""
    return (
        m.KnockoutGame.objects.filter(match__event=event).exists()
        or event.knockout_matches.exclude(winner="").exists()
    )


def _locked_message(fields: Sequence[str], when: str) -> str:
    labels = ", ".join(str(getattr(m.Event._meta.get_field(f), "verbose_name", f)) for f in fields)
    return _("%(fields)s cannot change %(when)s.") % {"fields": labels, "when": when}


@atomic
def update_event(event: m.Event, user: User, **fields: Any) -> m.Event:
    """Change the event's settings: each checked by the library's validator, and those that
    shape stored pairings or results refused once they are stored
    (:data:`chessarbiter.event_settings.LOCKED_ONCE_PAIRED`, ``LOCKED_ONCE_PLAYED``)."""
    event = _lock(event)
    paired = event.round_set.count()
    changed = {k: v for k, v in fields.items() if getattr(event, k) != v}
    locked: list[str] = [f for f in event_settings.LOCKED_ONCE_PAIRED if f in changed]
    if paired and locked:
        raise ServiceError(_locked_message(locked, _("after round 1 is paired")))
    drawn = event.knockout_matches.exists()
    if drawn and "system" in changed:
        raise ServiceError(_locked_message(["system"], _("once the bracket is drawn")))
    locked = [f for f in event_settings.LOCKED_ONCE_PLAYED if f in changed]
    if locked and bracket_played(event):
        raise ServiceError(_locked_message(locked, _("once a knockout game is played")))
    if "rounds" in changed:
        needed = max(
            paired,
            m.ByeRequest.objects.filter(player__event=event).aggregate(n=Max("round"))["n"] or 0,
        )
        if changed["rounds"] < needed:
            raise ServiceError(
                _("Round %(n)d is already paired or has bye requests.") % {"n": needed}
            )
    for k, v in changed.items():
        setattr(event, k, v)
    _clean(event)
    event.save()
    if drawn and "knockout_scheme" in changed:
        event.knockout_matches.all().delete()
        event.players.update(bracket_number=None)
        audit(event, user, "knockout.discard", _("The drawn bracket was discarded: draw it again"))
    audit(event, user, "event.update", _("Event settings changed"), fields=sorted(changed))
    return event


@atomic
def archive_event(event: m.Event, user: User) -> m.Event:
    """Archive the event: off the public home page and the arbiter's active events, still
    readable, changed by nothing (:func:`_lock` refuses) until :func:`restore_event`."""
    event = _lock(event)
    event.archived = True
    event.save(update_fields=["archived", "updated_at"])
    audit(event, user, "event.archive", _("Event archived"))
    return event


@atomic
def restore_event(event: m.Event, user: User) -> m.Event:
    """Bring an archived event back (the one change an archived event takes)."""
    event = _lock(event, archived_ok=True)
    if not event.archived:
        raise ServiceError(_("The event is not archived."))
    event.archived = False
    event.save(update_fields=["archived", "updated_at"])
    audit(event, user, "event.restore", _("Event restored from the archive"))
    return event


@atomic
def delete_event(event: m.Event, user: User, reason: str = "") -> m.DeletedEvent:
    """Delete the event and everything in it. What survives it is a
    :class:`~chessarbiter.web.events.models.DeletedEvent`: who deleted it, when and why, its
    audit log, and the event as a TRF-2026 file (players, rounds, results) that imports it
    again."""
    event = _lock(event, archived_ok=True)
    try:
        text, _losses = export_trf(event)
    except ChessArbiterError as e:
        text = f"### {e}"
    entries = [
        {
            "at": a.at.isoformat(),
            "user": a.user.get_username() if a.user else "",
            "action": a.action,
            "summary": a.summary,
        }
        for a in event.audit.select_related("user").order_by("at", "id")
    ]
    entries.append(
        {
            "at": timezone.now().isoformat(),
            "user": user.get_username() if _user(user) else "",
            "action": "event.delete",
            "summary": _("Event deleted: %(name)s") % {"name": event.name},
        }
    )
    record = m.DeletedEvent.objects.create(
        event_id=event.pk,
        name=event.name,
        owner=event.owner.get_username(),
        deleted_by=_user(user),
        reason=reason.strip()[:300],
        trf=text,
        audit=entries,
    )
    event.delete()
    return record


@atomic
def set_role(event: m.Event, user: User, member: Any, kind: str) -> None:
    """Give ``member`` a role in the event (chief arbiter, arbiter or viewer)."""
    event = _lock(event)
    m.Role.objects.update_or_create(event=event, user=member, defaults={"kind": kind})
    audit(
        event,
        user,
        "event.role",
        _("%(u)s is now %(r)s") % {"u": member.get_username(), "r": m.Role.Kind(kind).label},
    )


# -- players ---------------------------------------------------------------------------------


def _check_duplicate(event: m.Event, fide_id: str, exclude: int | None = None) -> None:
    if not fide_id:
        return
    qs = event.players.filter(fide_id=fide_id)
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    other = qs.first()
    if other is not None:
        raise ServiceError(
            _("FIDE ID %(id)s is already registered: %(player)s")
            % {"id": fide_id, "player": str(other)}
        )


@atomic
def add_player(event: m.Event, user: User, **fields: Any) -> m.Player:
    """Register a player with the next free number (late entry when rounds are paired:
    first round = the next one, C.04.2 C / 2026 art. 2.4)."""
    event = _lock(event)
    _check_duplicate(event, fields.get("fide_id", ""))
    number = (event.players.aggregate(n=Max("number"))["n"] or 0) + 1
    paired = event.round_set.count()
    if event.system == m.Event.System.ROUND_ROBIN and paired:
        raise ServiceError(_("A round robin cannot take players after round 1 is paired."))
    fields.setdefault("entry_round", paired + 1)
    if fields["entry_round"] <= paired:
        raise ServiceError(_("Round %(n)d is already paired.") % {"n": fields["entry_round"]})
    if event.system != m.Event.System.KNOCKOUT and fields["entry_round"] > event.rounds:
        raise ServiceError(_("There is no round %(n)d.") % {"n": fields["entry_round"]})
    limits.check_count("players", number, limits.MAX_PLAYERS)
    player = m.Player(event=event, number=number, **fields)
    _clean(player)
    player.save()
    audit(event, user, "player.add", _("Player registered: %(p)s") % {"p": str(player)})
    return player


@atomic
def add_players(event: m.Event, user: User, players: Sequence[dict[str, Any]]) -> int:
    """Register many players at once (an import): all of them or none, each checked as
    :func:`add_player` checks one, the total within :data:`chessarbiter.limits.MAX_PLAYERS`."""
    limits.check_count("players", event.players.count() + len(players), limits.MAX_PLAYERS, 0)
    for fields in players:
        add_player(event, user, **fields)
    return len(players)


@atomic
def update_player(player: m.Player, user: User, **fields: Any) -> m.Player:
    event = _lock(player.event)
    player = m.Player.objects.get(pk=player.pk)
    _check_duplicate(event, fields.get("fide_id", player.fide_id), exclude=player.pk)
    changed = {k: v for k, v in fields.items() if getattr(player, k) != v}
    for k, v in changed.items():
        setattr(player, k, v)
    _clean(player)
    player.save()
    audit(
        event,
        user,
        "player.update",
        _("Player changed: %(p)s") % {"p": str(player)},
        fields=sorted(changed),
    )
    return player


@atomic
def withdraw_player(player: m.Player, user: User) -> m.Player:
    """The player is not paired from the next round on (C.04.2 D / 2026 art. 3.2)."""
    event = _lock(player.event)
    player = m.Player.objects.get(pk=player.pk)
    player.withdrawn_from_round = event.round_set.count() + 1
    player.save(update_fields=["withdrawn_from_round"])
    audit(
        event,
        user,
        "player.withdraw",
        _("%(p)s withdrawn from round %(r)d")
        % {"p": str(player), "r": player.withdrawn_from_round},
    )
    return player


@atomic
def reenter_player(player: m.Player, user: User) -> m.Player:
    event = _lock(player.event)
    player = m.Player.objects.get(pk=player.pk)
    player.withdrawn_from_round = None
    player.save(update_fields=["withdrawn_from_round"])
    audit(event, user, "player.reenter", _("%(p)s re-entered") % {"p": str(player)})
    return player


@atomic
def delete_player(player: m.Player, user: User) -> None:
    event = _lock(player.event)
    if event.round_set.exists():
        raise ServiceError(_("Players cannot be removed once round 1 is paired; withdraw them."))
    name = str(player)
    player.delete()
    audit(event, user, "player.delete", _("Player removed: %(p)s") % {"p": name})


@atomic
def renumber_by_rating(event: m.Event, user: User) -> None:
    """Pairing numbers in the initial order (C.04.2 B / 2026 art. 2), allowed until round 4
    is paired."""
    event = _lock(event)
    check_renumbering_allowed(event.round_set.count())
    rows = list(event.players.all())
    lib = store.tournament(event)
    order = initial_order(lib)
    by_number = {p.number: p for p in rows}
    # two passes: away from the unique numbers, then into place
    for p in rows:
        p.number += 100000
    m.Player.objects.bulk_update(rows, ["number"])
    for new, lp in enumerate(order, start=1):
        by_number[lp.number].number = new
    m.Player.objects.bulk_update(rows, ["number"])
    audit(event, user, "player.renumber", _("Pairing numbers set by rating"))


@atomic
def draw_numbers_by_lot(event: m.Event, user: User, seed: str) -> None:
    """Round robin pairing numbers drawn by lot (C.05 Annex 1), reproducibly from ``seed``
    (published with the draw, so anyone can repeat it)."""
    event = _lock(event)
    if event.round_set.exists():
        raise ServiceError(_("The numbers cannot be drawn again once round 1 is paired."))
    rows = list(event.players.order_by("number"))
    order = roundrobin.draw_lots(rows, seed)
    for p in rows:
        p.number += 100000
    m.Player.objects.bulk_update(rows, ["number"])
    for new, p in enumerate(order, start=1):
        p.number = new
    m.Player.objects.bulk_update(rows, ["number"])
    audit(
        event,
        user,
        "player.lots",
        _("Pairing numbers drawn by lot (seed %(seed)s)") % {"seed": seed},
        seed=seed,
    )


@atomic
def set_bye_request(player: m.Player, user: User, round_number: int, kind: str) -> None:
    event = _lock(player.event)
    if round_number <= event.round_set.count():
        raise ServiceError(_("Round %(n)d is already paired.") % {"n": round_number})
    if not 1 <= round_number <= event.rounds:
        raise ServiceError(_("There is no round %(n)d.") % {"n": round_number})
    if kind:
        m.ByeRequest.objects.update_or_create(
            player=player, round=round_number, defaults={"kind": kind}
        )
        summary = _("%(p)s: bye requested for round %(r)d") % {"p": str(player), "r": round_number}
    else:
        m.ByeRequest.objects.filter(player=player, round=round_number).delete()
        summary = _("%(p)s: bye request for round %(r)d withdrawn") % {
            "p": str(player),
            "r": round_number,
        }
    audit(event, user, "player.bye", summary, round=round_number, kind=kind)


@atomic
def add_forbidden_pair(event: m.Event, user: User, first: m.Player, second: m.Player) -> None:
    event = _lock(event)
    if first.pk == second.pk:
        raise ServiceError(_("A player cannot be kept apart from himself."))
    m.ForbiddenPair.objects.create(event=event, first=first, second=second)
    audit(
        event,
        user,
        "event.forbidden",
        _("%(a)s and %(b)s are not to be paired") % {"a": str(first), "b": str(second)},
    )


# -- rounds ----------------------------------------------------------------------------------


def _not_in_rounds() -> ServiceError:
    return ServiceError(
        _(
            "A knockout event is not paired in rounds: its matches are drawn and played on the "
            "bracket."
        )
    )


def _round_to_pair(event: m.Event, loaded: store.Loaded) -> int:
    """The number of the round to pair next. Refused for a knockout event (its matches are
    drawn and followed on the bracket), when every round is paired, and while the last paired
    round has games without a result."""
    if event.system == m.Event.System.KNOCKOUT:
        raise _not_in_rounds()
    nxt = loaded.rounds_paired + 1
    if nxt > event.rounds:
        raise ServiceError(_("All %(n)d rounds are paired.") % {"n": event.rounds})
    try:
        check_ready_to_pair(loaded.tournament, nxt)
    except IncompleteRoundError as e:
        boards = sorted(
            n for g in e.games if (n := loaded.board_number(e.round, g.white, g.black)) is not None
        )
        raise ServiceError(
            _("Round %(n)d has games without a result (boards %(boards)s).")
            % {"n": e.round, "boards": ", ".join(map(str, boards)) or "?"}
        ) from e
    return nxt


def _proposal(event: m.Event, loaded: store.Loaded) -> RoundPairing:
    nxt = _round_to_pair(event, loaded)
    t = loaded.tournament
    if event.system == m.Event.System.ROUND_ROBIN:
        return _round_robin_pairing(t, nxt)
    if len(t) < 2:
        raise ServiceError(_("Register at least two players first."))
    return dutch_pair_round(t, store.dutch_edition(event))


def propose_pairing(event: m.Event, loaded: store.Loaded | None = None) -> RoundPairing:
    """The next round's pairing as the rules make it (nothing is stored); ``loaded``: the
    event as already read by the caller (read here otherwise)."""
    return _proposal(event, loaded or store.load(event))


def _round_robin_pairing(t: Tournament, round_number: int) -> RoundPairing:
    pairs = roundrobin.pair_round(t, round_number)
    boards = tuple(LibBoard(w, b) for w, b in pairs if b != roundrobin.BYE)
    bye = next((w for w, b in pairs if b == roundrobin.BYE), None)
    return RoundPairing(round_number, boards, bye)


def explain_next_round(event: m.Event) -> list[str]:
    """The engine's explanation of the next round, bracket by bracket (2026 rules); only for
    a Swiss event, the one system the Dutch engine pairs."""
    if event.system != m.Event.System.SWISS:
        raise ServiceError(
            _("Only a Swiss event is paired by the Dutch system: there is nothing to explain.")
        )
    t = store.tournament(event)
    _pairing, lines = explain_round(t, store.dutch_edition(event))
    return lines


@atomic
def pair_next_round(
    event: m.Event,
    user: User,
    boards: Sequence[tuple[int, int | None]] | None = None,
    note: str = "",
) -> m.Round:
    """Pair and store the next round: the rules' pairing, or ``boards`` (white, black) set by
    hand, whose rule breaks are recorded with the arbiter's ``note``.

    A hand-made pairing with an absolute error (a player against himself or twice in the
    round, an unknown or withdrawn player, a second pairing-allocated bye) is refused whatever
    the note (:class:`~chessarbiter.pairing.swiss.deviations.InvalidPairingError`). Every round,
    however made, is then read back from the stored rows and must pass the library's
    consistency check (:meth:`chessarbiter.model.Tournament.check`), or nothing is stored."""
    if event.system in (m.Event.System.TEAM_ROUND_ROBIN, m.Event.System.TEAM_SWISS):
        from .teams import pair_round as pair_team_round

        if boards is not None:
            raise ServiceError(_("Team matches cannot be paired by hand yet."))
        return pair_team_round(event, user)
    event = _lock(event)
    loaded = store.load(event)
    deviations: list[dict[str, Any]] = []
    if boards is None:
        proposed = _proposal(event, loaded)
        number = proposed.round
        pairs: list[tuple[int, int | None]] = [(b.white, b.black) for b in proposed.boards]
        if proposed.bye is not None:
            pairs.append((proposed.bye, None))
    else:
        # by hand: the engine is not run (it may find no pairing where the arbiter can)
        number = _round_to_pair(event, loaded)
        pairs = list(boards)
        found = _checked(event, loaded.tournament, pairs)
        deviations = [d.__dict__ | {"players": list(d.players)} for d in found]
        if deviations and not note.strip():
            raise ServiceError(_("The pairing breaks rules: say why in the note."))
    rnd = m.Round.objects.create(
        event=event,
        number=number,
        paired_by=_user(user),
        manual=boards is not None,
        deviations=[{"note": note, **d} for d in deviations],
    )
    by_number = {p.number: p for p in loaded.players.values()}
    bye_result = "Z" if event.system == m.Event.System.ROUND_ROBIN else "U"
    rows = []
    for i, (white, black) in enumerate(pairs, start=1):
        rows.append(
            m.Board(
                round=rnd,
                number=i,
                white=by_number[white],
                black=by_number[black] if black is not None else None,
                result="" if black is not None else bye_result,
            )
        )
    m.Board.objects.bulk_create(rows)
    _check_published(event, rnd.number)
    audit(
        event,
        user,
        "round.pair",
        _("Round %(n)d paired") % {"n": rnd.number}
        + (_(" by hand, %(k)d rule deviations") % {"k": len(deviations)} if boards else ""),
        round=rnd.number,
        deviations=deviations,
    )
    return rnd


def _check_published(event: m.Event, number: int) -> None:
    """The event read back from its rows, the new round stored, passes the library's
    consistency check (each game seen alike from both sides, one pairing-allocated bye a
    round, ...: :meth:`chessarbiter.model.Tournament.check`, as the TRF reader applies it).
    Raised inside the pairing's transaction, so a failure stores nothing."""
    problems = store.tournament(event).check()
    if problems:
        raise ServiceError(
            _("Round %(n)d cannot be published: %(problems)s")
            % {"n": number, "problems": "; ".join(str(p) for p in problems)}
        )


def _checked(event: m.Event, t: Tournament, pairs: Sequence[tuple[int, int | None]]) -> list[Any]:
    from chessarbiter.pairing.swiss.deviations import check_pairing

    if event.system == m.Event.System.KNOCKOUT:
        raise _not_in_rounds()
    return list(check_pairing(t, pairs, store.dutch_edition(event)))


def check_boards(event: m.Event, pairs: Sequence[tuple[int, int | None]]) -> list[Any]:
    """The rule deviations of a hand-made pairing of the next round, each one the arbiter may
    confirm with a reason (library check,
    :func:`chessarbiter.pairing.swiss.deviations.check_pairing`).

    :raises InvalidPairingError: for a pairing no arbiter may publish (a player against
        himself or twice in the round, a withdrawn player, a second pairing-allocated bye).
    :raises UnknownPlayerError: for a pairing number that names no player of the event.
    """
    return _checked(event, store.tournament(event), pairs)


@atomic
def unpair_last_round(event: m.Event, user: User) -> int:
    event = _lock(event)
    if event.system == m.Event.System.KNOCKOUT:
        raise _not_in_rounds()
    rnd = event.round_set.order_by("-number").first()
    if rnd is None:
        raise ServiceError(_("No round is paired."))
    number = rnd.number
    results = rnd.boards.exclude(result="").exclude(black=None).count()
    rnd.delete()
    audit(
        event,
        user,
        "round.unpair",
        _("Round %(n)d unpaired (%(k)d results deleted)") % {"n": number, "k": results},
        round=number,
    )
    return number


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
    event = _lock(board.round.event)
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
        result=white, black_result=black, colourless=colourless, version=F("version") + 1
    )
    if not updated:  # pragma: no cover - the row lock makes this unreachable
        raise ConflictError(_("Board %(b)d was changed meanwhile.") % {"b": board.number})
    # the row as just written (the update matched its version), without reading it back
    board.result, board.black_result, board.version = white, black, board.version + 1
    board.colourless = colourless
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


# -- TRF -------------------------------------------------------------------------------------


def export_trf(event: m.Event, dialect: str = "2026") -> tuple[str, list[str]]:
    """The event as a TRF-2026 or TRF16 file, and what the chosen format cannot carry. A
    stored tie-break list the library refuses is reported, not written (record 202)."""
    store.tiebreak_specs(event)
    t = store.tournament(event)
    return trf.dumps_with_losses(t, trf.TRF2026 if dialect == "2026" else trf.TRF16)


@atomic
def import_trf(
    user: User, text: str, filename: str, warnings: list[str] | None = None, **fields: Any
) -> m.Event:
    """A new event from a TRF file (players, rounds and results; a team file's teams and
    matches). Refused whole, with the reader's file:line:column messages, if the file is
    malformed or inconsistent or is no tournament (no ``001`` player record); its settings go
    through the library's validator like a form's. What the file holds that the event cannot
    use (a tie-break list the library refuses, a team structure it cannot read) is left out
    with a message in ``warnings``, as are the entries that look like mistakes
    (:func:`chessarbiter.registration.suspicious_players`)."""
    notes: list[str] = [] if warnings is None else warnings
    t = trf.loads(text, filename)  # refused without a player record (001)
    t.validate()
    limits.check_count("players", len(t), limits.MAX_PLAYERS)
    teams = _team_event(t, filename, notes)
    settings = _file_settings(t, filename, teams, notes)
    if not fields.get("name", True):
        del fields["name"]
    event = create_event(user, **(settings | fields))
    _import_tournament(event, user, t, teams, notes)
    notes.extend(registration.suspicious_players(list(t)))
    audit(
        event,
        user,
        "event.import",
        _("Imported from %(f)s") % {"f": filename},
        warnings=notes,
    )
    return event


def _team_event(t: Tournament, filename: str, notes: list[str]) -> team_lib.TeamEvent | None:
    """A team file's teams and matches as the library reads them
    (:func:`chessarbiter.tiebreaks.teams.event_from_tournament`), or None for an individual
    file, or when they cannot be read or are beyond the bounds (then said in ``notes``, and
    the file is imported as an individual event)."""
    if not t.teams:
        return None
    try:
        teams = team_lib.event_from_tournament(t)
        limits.check_count("teams", len(teams.teams), limits.MAX_TEAMS)
        limits.check_count("boards per team", teams.boards, limits.MAX_BOARDS_PER_TEAM)
    except ChessArbiterError as e:
        notes.append(
            _("%(f)s: its teams cannot be imported (%(e)s); imported as an individual event.")
            % {"f": filename, "e": str(e)}
        )
        return None
    if teams.scoring != team_lib.MatchScoring():
        s = teams.scoring
        notes.append(
            _(
                "%(f)s: match points %(w)s/%(d)s/%(l)s (record 362) are not kept: the team "
                "standings count 2/1/0."
            )
            % {"f": filename, "w": s.win, "d": s.draw, "l": s.loss}
        )
    return teams


def _file_list(
    text: str, problem: str | None, default: str, record: str, filename: str, notes: list[str]
) -> str:
    """A tie-break list of the file if the library can use it; else the default, said."""
    if not problem:
        return text
    notes.append(
        _(
            "%(f)s: the tie-breaks of record %(r)s (%(list)s) cannot be used: %(problem)s. "
            "%(default)s is used instead."
        )
        % {"f": filename, "r": record, "list": text, "problem": problem, "default": default}
    )
    return default


def _file_settings(
    t: Tournament, filename: str, teams: team_lib.TeamEvent | None, notes: list[str]
) -> dict[str, Any]:
    """The event's settings from the file's header records, each cut to its field and every
    tie-break list checked by its parser: TRF-2026 ``202``/``212`` give the ranking's
    tie-breaks, the players' in an individual event and the teams' in a team event (read so by
    :mod:`chessarbiter.trf`, into ``Tournament.tiebreaks`` and ``Tournament.team_tiebreaks``)."""
    records = "/".join(t.tiebreak_records) or "202"
    ps = t.point_system
    settings: dict[str, Any] = {
        "name": (t.name.strip() or filename)[: limits.MAX_EVENT_NAME],
        "city": t.city[:100],
        "federation": t.federation[:3],
        "rounds": max(t.total_rounds or 0, t.rounds_played, 1),
        "chief_arbiter": t.chief_arbiter[:100],
        "time_control": t.time_control[:100],
        "win_points": ps.win,
        "draw_points": ps.draw,
        "loss_points": ps.loss,
        "bye_points": ps.pairing_allocated_bye,
    }
    if t.initial_colour is not None and t.initial_colour.value in ("w", "b"):
        settings["initial_colour"] = "white" if t.initial_colour.value == "w" else "black"
    individual = ",".join(t.tiebreaks)
    if individual:
        settings["tiebreaks"] = _file_list(
            individual,
            event_settings.tiebreak_problem(individual),
            event_settings.DEFAULT_TIEBREAKS,
            records,
            filename,
            notes,
        )
    if teams is None:
        if "BAKU" in t.system.upper():
            settings["acceleration"] = "baku"
        return settings
    settings["system"] = m.Event.System.TEAM_SWISS
    settings["boards_per_team"] = teams.boards
    settings["team_score"] = "gp" if teams.primary == "gp" else "mp"
    team_list = ",".join(t.team_tiebreaks)
    if team_list:
        settings["team_tiebreaks"] = _file_list(
            team_list,
            event_settings.team_tiebreak_problem(team_list, settings["team_score"]),
            event_settings.DEFAULT_TEAM_TIEBREAKS,
            records,
            filename,
            notes,
        )
    return settings


def _import_tournament(
    event: m.Event, user: User, t: Tournament, teams: team_lib.TeamEvent | None, notes: list[str]
) -> None:
    """Store the file's players (each through the library's validator), its rounds as
    boards, its requested byes, and a team file's teams and matches."""
    rows: dict[int, m.Player] = {}
    for p in t:
        row = m.Player(event=event, number=p.number, **store.player_fields(p))
        try:
            _clean(row, unique=False)
        except ServiceError as err:
            raise ServiceError(_("Player %(p)s: %(e)s") % {"p": str(row), "e": str(err)}) from None
        rows[p.number] = row
    m.Player.objects.bulk_create(rows.values())
    rows = {p.number: p for p in event.players.all()}
    played = t.rounds_played
    rounds: dict[int, m.Round] = {}
    for r in range(1, played + 1):
        rnd = m.Round.objects.create(event=event, number=r, paired_by=_user(user))
        rounds[r] = rnd
        seen: set[int] = set()
        number = 0
        boards: list[m.Board] = []
        for p in t:
            e = p.entry(r)
            if p.number in seen:
                continue
            if e.opponent is None:
                if e.result is not None:  # a bye, or a forfeit without opponent
                    number += 1
                    boards.append(
                        m.Board(
                            round=rnd, number=number, white=rows[p.number], result=e.result.value
                        )
                    )
                seen.add(p.number)
                continue
            if e.colour is Colour.BLACK:
                wnum, bnum = e.opponent, p.number
            else:
                wnum, bnum = p.number, e.opponent
            went = t.player(wnum).entry(r)
            bent = t.player(bnum).entry(r)
            number += 1
            boards.append(
                m.Board(
                    round=rnd,
                    number=number,
                    white=rows[wnum],
                    black=rows[bnum],
                    result=went.result.value if went.result else "",
                    black_result=bent.result.value if bent.result else "",
                    colourless=e.colour is Colour.NONE,
                )
            )
            seen.update((wnum, bnum))
        m.Board.objects.bulk_create(boards)
    if teams is not None:
        _import_teams(event, teams, rows, rounds, notes)
        return  # a team file's 240 byes are the teams' (imported with the matches)
    for req in t.bye_requests:
        for number in req.players:
            if number in rows:
                m.ByeRequest.objects.get_or_create(
                    player=rows[number], round=req.round, defaults={"kind": req.kind.value}
                )


def _import_teams(
    event: m.Event,
    teams: team_lib.TeamEvent,
    players: dict[int, m.Player],
    rounds: dict[int, m.Round],
    notes: list[str],
) -> None:
    """A team file's teams (TRF-2026 ``310`` / TRF16 ``013``: names and board order), and its
    matches as the library read them: the boards of each match tied to it with their board
    numbers (``300`` line-ups), forfeited matches (``330``) and the teams' byes (``320``,
    ``240``) as matches without boards."""
    team_rows: dict[int, m.Team] = {}
    for number, entry in sorted(teams.teams.items()):
        name = entry.name.strip()[: limits.MAX_NAME] or _("Team %(n)d") % {"n": number}
        team_rows[number] = m.Team.objects.create(event=event, number=number, name=name)
    members: list[m.Player] = []
    for number, entry in teams.teams.items():
        for order, p in enumerate(entry.members, start=1):
            if p in players:
                players[p].team = team_rows[number]
                players[p].team_order = order
                members.append(players[p])
    m.Player.objects.bulk_update(members, ["team", "team_order"])
    by_id = {p.pk: n for n, p in players.items()}
    pairs: dict[tuple[int, frozenset[int]], m.Board] = {}
    for b in m.Board.objects.filter(round__event=event).select_related("round"):
        sides = {by_id[b.white_id]} | ({by_id[b.black_id]} if b.black_id else set())
        pairs[(b.round.number, frozenset(sides))] = b
    linked: list[m.Board] = []
    unplaced = 0
    counters: dict[int, int] = {}
    for match in teams.matches:
        rnd = rounds.get(match.round)
        if rnd is None:
            unplaced += 1
            continue
        counters[match.round] = counters.get(match.round, 0) + 1
        home, away = match.team_a, match.team_b
        kind = ""
        if match.kind is team_lib.MatchKind.FORFEIT:
            kind = match.kind.value
            if away is not None and (match.points_b or 0) > (match.points_a or 0):
                home, away = away, home  # the home team is the one that won the forfeit
        elif match.kind is not team_lib.MatchKind.PLAYED:
            kind = match.kind.value
        tp = m.TeamPairing.objects.create(
            round=rnd,
            number=counters[match.round],
            home=team_rows[home],
            away=team_rows[away] if away is not None else None,
            kind=kind,
            bye_match_points=match.match_points_a if away is None else None,
            bye_game_points=match.game_points_a if away is None else None,
        )
        for game in match.boards:
            key = frozenset(p for p in (game.player_a, game.player_b) if p is not None)
            board = pairs.get((match.round, key))
            if board is None:
                unplaced += 1
                continue
            board.team_pairing = tp
            board.team_board = game.board
            linked.append(board)
    m.Board.objects.bulk_update(linked, ["team_pairing", "team_board"])
    if unplaced:
        notes.append(
            _("%(n)d team boards or matches of the file have no round or board to go to.")
            % {"n": unplaced}
        )


def suspicious_entries(event: m.Event) -> list[str]:
    """The event's entries that look like mistakes, for the arbiter to check after an import
    (:func:`chessarbiter.registration.suspicious_players`)."""
    return registration.suspicious_players([store.library_player(p) for p in event.players.all()])


def players_from_records(records: Iterable[Any]) -> list[dict[str, Any]]:
    """Player fields from the library's registration records (CSV, FIDE rating lists)."""
    return [store.player_fields(r.to_player(k)) for k, r in enumerate(records, start=1)]
