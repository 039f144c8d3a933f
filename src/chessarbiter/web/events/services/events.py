"""The event itself: creating it, its settings (those fixed once pairing or play starts are
the library's policy, :data:`chessarbiter.event_settings.LOCKED_ONCE_PAIRED` and
:data:`~chessarbiter.event_settings.LOCKED_ONCE_PLAYED`), archiving, restoring, deleting, and
who may do what in it."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from chessarbiter import event_settings
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import PointSystem
from chessarbiter.pairing.double_swiss.rules import pab_value
from chessarbiter.pairing.keizer.scoring import KeizerSettings
from chessarbiter.pairing.systems import pairing_rules

from .. import models as m
from .. import store
from .core import (
    ServiceError,
    User,
    acting_user,
    atomic,
    audit,
    check_stored_event,
    clean_row,
    locked_event,
)


@atomic
def create_event(user: User, *, default_bye: bool = True, **fields: Any) -> m.Event:
    """A new event owned by ``user`` (its chief arbiter), its settings checked first. A
    Double-Swiss event whose bye is left at its default gets the value of C.04.5 1.4
    (``default_bye``: unless the caller's value is the event's own, e.g. a file's); an event
    given no tie-breaks gets its system's (:func:`event_settings.default_tiebreaks`: a round
    robin's never a Buchholz)."""
    system = fields.get("system") or m.Event._meta.get_field("system").get_default()
    fields.setdefault("tiebreaks", event_settings.default_tiebreaks(system))
    event = m.Event(owner=user, **fields)
    if default_bye:
        _double_swiss_bye(event)
    clean_row(event)
    event.save()
    m.Role.objects.create(event=event, user=user, kind=m.Role.Kind.CHIEF)
    check_stored_event(event, settings=True)
    audit(event, user, "event.create", _("Event created: %(name)s") % {"name": event.name})
    return event


def _double_swiss_bye(event: m.Event) -> None:
    """A Double-Swiss event whose pairing-allocated bye is left at its default value gets
    the value of C.04.5 Art. 1.4 for a whole match
    (:func:`~chessarbiter.pairing.double_swiss.rules.pab_value`: a won and a drawn game),
    half of it in each game (:func:`.store.point_system`); an event whose rules change from
    Double-Swiss to another system with that value gets the default back."""
    default = m.Event._meta.get_field("bye_points").get_default()
    match_bye = pab_value(
        PointSystem.simple(
            Decimal(event.win_points), Decimal(event.draw_points), Decimal(event.loss_points)
        )
    )
    if event.double_swiss() and Decimal(event.bye_points) == default:
        event.bye_points = match_bye
    elif not event.double_swiss() and Decimal(event.bye_points) == match_bye != default:
        event.bye_points = default  # the rules changed from Double-Swiss before round 1


def bracket_played(event: m.Event) -> bool:
    """Whether a game or a walkover of the event's knockout bracket is recorded: the bracket
    cannot be drawn again, and
    :data:`chessarbiter.event_settings.LOCKED_ONCE_PLAYED` are fixed."""
    return (
        m.KnockoutGame.objects.filter(match__event=event).exists()
        or event.knockout_matches.exclude(winner="").exists()
    )


def simul_recorded(event: m.Event) -> bool:
    """Whether an exhibitor's result of the event's simul contest is recorded:
    :data:`chessarbiter.event_settings.LOCKED_ONCE_RECORDED` are fixed, and an exhibitor with
    a result is not removed."""
    return event.simul_contest() and event.players.filter(simul_score__isnull=False).exists()


def _locked_message(fields: Sequence[str], when: str) -> str:
    labels = ", ".join(str(getattr(m.Event._meta.get_field(f), "verbose_name", f)) for f in fields)
    return _("%(fields)s cannot change %(when)s.") % {"fields": labels, "when": when}


@atomic
def update_event(event: m.Event, user: User, **fields: Any) -> m.Event:
    """Change the event's settings: each checked by the library's validator, and those that
    shape stored pairings or results refused once they are stored
    (:data:`chessarbiter.event_settings.LOCKED_ONCE_PAIRED`, ``LOCKED_ONCE_PLAYED``,
    ``LOCKED_ONCE_RECORDED``; the sanction ladder once a sanction is given)."""
    event = locked_event(event)
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
    locked = [f for f in event_settings.LOCKED_ONCE_RECORDED if f in changed]
    if locked and simul_recorded(event):
        raise ServiceError(_locked_message(locked, _("once an exhibitor's result is recorded")))
    if (
        "sanction_ladder" in changed
        and m.Sanction.objects.filter(board__round__event=event).exists()
    ):
        raise ServiceError(_locked_message(["sanction_ladder"], _("once a sanction is given")))
    for k, v in changed.items():
        setattr(event, k, v)
    if "rounds" in changed:
        needed = max(
            paired,
            m.ByeRequest.objects.filter(player__event=event).aggregate(n=Max("round"))["n"] or 0,
        )
        if event.round_columns() < needed:
            raise ServiceError(
                _("Round %(n)d is already paired or has bye requests.") % {"n": needed}
            )
    if "edition" in changed and "bye_points" not in changed:
        _double_swiss_bye(event)
    clean_row(event)
    event.save()
    _follow_alone(event, changed)
    if drawn and "knockout_scheme" in changed:
        event.knockout_matches.all().delete()
        event.players.update(bracket_number=None)
        audit(event, user, "knockout.discard", _("The drawn bracket was discarded: draw it again"))
    check_stored_event(event, settings=True)
    audit(event, user, "event.update", _("Event settings changed"), fields=sorted(changed))
    return event


def _follow_alone(event: m.Event, changed: dict[str, Any]) -> None:
    """An event of one section is named, placed and dated by that section: its changes of
    name, city and dates are the event's too."""
    shared = {k: v for k, v in changed.items() if k in ("name", "city", "start_date", "end_date")}
    if shared and not event.festival.sections.exclude(pk=event.pk).exists():
        m.Festival.objects.filter(pk=event.festival_id).update(**shared)


@atomic
def update_prize_table(event: m.Event, user: User, text: str, public: bool) -> m.Event:
    """Store the event's prize table (TOML) and whether its prize list is public. The table
    is read by the library (:func:`chessarbiter.prizes.parse_prize_table`, through the
    field's validator: the first problem with its line) and its categories sorted for the
    event's players (:func:`chessarbiter.prizes.category_members`: an age category needs a
    date); refused, nothing is stored. A blank table removes it."""
    from chessarbiter.prizes import category_members, parse_prize_table

    event = locked_event(event)
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # a browser's line ends
    changed = sorted(
        name
        for name, value in (("prize_table", text), ("prize_list_public", public))
        if getattr(event, name) != value
    )
    event.prize_table = text
    event.prize_list_public = public
    clean_row(event)
    if text.strip():
        category_members(parse_prize_table(text, "prize table"), store.tournament(event))
    event.save(update_fields=["prize_table", "prize_list_public", "updated_at"])
    check_stored_event(event, settings=True)
    audit(event, user, "event.prizes", _("Prize table changed"), fields=changed)
    return event


@atomic
def set_keizer_settings(event: m.Event, user: User, settings: KeizerSettings) -> m.Event:
    """Store a Keizer event's parameters: ``settings`` (a
    :class:`~chessarbiter.pairing.keizer.scoring.KeizerSettings`, so already through the
    library's validator), kept as their changes from the preset of the event's variant
    (:func:`~chessarbiter.web.events.store.keizer_changes`), read back through the validator
    before the transaction ends. Refused when the event is not a Keizer competition, or when
    the value numbers of its players would turn negative
    (:meth:`~chessarbiter.pairing.keizer.scoring.KeizerSettings.value_numbers`). The
    parameters stay editable after round 1: the standings score every round afresh with them,
    the rounds already paired stay as they were."""
    event = locked_event(event)
    if not event.keizer_scored():
        raise ServiceError(_("Only a Keizer event has Keizer settings."))
    preset = pairing_rules(event.edition).keizer_settings
    assert preset is not None  # a Keizer event's rules
    settings.value_numbers(max(1, event.players.count()))
    changes = store.keizer_changes(preset, settings)
    before = event.keizer_settings if isinstance(event.keizer_settings, dict) else {}
    changed = sorted(k for k in set(changes) | set(before) if changes.get(k) != before.get(k))
    event.keizer_settings = changes
    event.save(update_fields=["keizer_settings", "updated_at"])
    if store.keizer_settings(event) != settings:  # pragma: no cover - the round trip
        raise ServiceError(_("The Keizer settings cannot be stored as given."))
    check_stored_event(event, settings=True)
    audit(event, user, "event.keizer", _("Keizer settings changed"), fields=changed)
    return event


@atomic
def archive_event(event: m.Event, user: User) -> m.Event:
    """Archive the event: off the public home page and the arbiter's active events, still
    readable, changed by nothing (:func:`~.core.locked_event` refuses) until
    :func:`restore_event`."""
    event = locked_event(event)
    event.archived = True
    event.save(update_fields=["archived", "updated_at"])
    audit(event, user, "event.archive", _("Event archived"))
    return event


@atomic
def restore_event(event: m.Event, user: User) -> m.Event:
    """Bring an archived event back (the one change an archived event takes)."""
    event = locked_event(event, archived_ok=True)
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
    from .trf_files import export_trf  # which imports create_event from here

    event = locked_event(event, archived_ok=True)
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
            "user": user.get_username() if acting_user(user) else "",
            "action": "event.delete",
            "summary": _("Event deleted: %(name)s") % {"name": event.name},
        }
    )
    record = m.DeletedEvent.objects.create(
        event_id=event.pk,
        name=event.name,
        owner=event.owner.get_username(),
        deleted_by=acting_user(user),
        reason=reason.strip()[:300],
        trf=text,
        audit=entries,
    )
    festival = event.festival
    event.delete()
    if not festival.sections.exists():
        festival.delete()  # its last section: nothing of the event is left to show
    return record


@atomic
def set_role(event: m.Event, user: User, member: Any, kind: str) -> None:
    """Give ``member`` a role in the event (chief arbiter, arbiter or viewer)."""
    event = locked_event(event)
    m.Role.objects.update_or_create(event=event, user=member, defaults={"kind": kind})
    audit(
        event,
        user,
        "event.role",
        _("%(u)s is now %(r)s") % {"u": member.get_username(), "r": m.Role.Kind(kind).label},
    )
