"""The festival's public registration and the check-in before round 1.

Registration: a player asks to enter a section on the public form (:func:`submit_registration`,
the request checked by the library's :func:`chessarbiter.entries.validate_entry`); the request
waits until the organiser confirms it (:func:`confirm_registration`: a player of the section,
with what the player database knows of his FIDE ID, registered as
:func:`chessarbiter.web.events.rating_list.register` registers one) or declines it
(:func:`decline_registration`). Which sections take an entry is the library's rule
(:func:`chessarbiter.entries.accepts_entries`): a Swiss until its last round is paired (a
player confirmed after round 1 is paired from the next round, a late entry), a round robin
before round 1. The player is told the answer by e-mail only when a mail server is configured
(``settings.CHESSARBITER_EMAIL_CONFIGURED``); otherwise nothing is sent.

Check-in: before round 1 of a section with ``check_in`` on, the arbiter marks the players
present (one, or all at once); round 1 then pairs only them
(:func:`chessarbiter.pairing.byes.absent_at_check_in`, applied by
:func:`.rounds.pair_next_round`).
"""

from __future__ import annotations

import logging
import smtplib
from typing import Final

from django.conf import settings
from django.core.mail import send_mail
from django.utils import timezone
from django.utils.translation import gettext as _

from chessarbiter.entries import EntryError, EntryRequest, accepts_entries, validate_entry
from chessarbiter.entries import entry_round as library_entry_round
from chessarbiter.errors import PairingError
from chessarbiter.pairing.byes import check_in_system

from .. import models as m
from .core import ServiceError, User, acting_user, atomic, audit, locked_event
from .players import add_player, update_player

logger = logging.getLogger(__name__)

#: Requests waiting for the organiser in one festival at most (a bound on what the public
#: form can store).
MAX_PENDING: Final = 2_000


# -- the public form -------------------------------------------------------------------------


def sections_taking_entries(festival: m.Festival) -> list[m.Event]:
    """The festival's sections a player may ask to enter on the public form: public, not
    archived, and still taking entries (:func:`chessarbiter.entries.accepts_entries`)."""
    sections = festival.sections.filter(public=True, archived=False).order_by("id")
    return [
        s for s in sections if accepts_entries(s.system, s.round_columns(), s.round_set.count())
    ]


@atomic
def submit_registration(
    festival: m.Festival, section_id: int, request: EntryRequest
) -> m.Registration:
    """Store a request to enter section ``section_id`` of ``festival``, sent on the public
    form, to wait for the organiser's answer.

    :raises ServiceError: when registration is closed, the section is not one of the
        festival's that take entries (:func:`sections_taking_entries`), the festival has
        :data:`MAX_PENDING` requests waiting already, or the same player (FIDE ID, or name
        in the same section) has a request waiting or confirmed.
    :raises chessarbiter.entries.EntryError: the problems of the request, by field.
    """
    festival = m.Festival.objects.select_for_update().get(pk=festival.pk)
    if not festival.registration_open:
        raise ServiceError(_("Registration for this event is closed."))
    section = next((s for s in sections_taking_entries(festival) if s.pk == section_id), None)
    if section is None:
        raise ServiceError(_("This section takes no entries."))
    entry = validate_entry(request)
    waiting = festival.registrations.filter(status=m.Registration.Status.PENDING)
    if waiting.count() >= MAX_PENDING:
        raise ServiceError(
            _("Too many requests are waiting for the organiser; please try again later.")
        )
    alive = festival.registrations.exclude(status=m.Registration.Status.DECLINED)
    if entry.fide_id and (
        alive.filter(fide_id=entry.fide_id).exists()
        or m.Player.objects.filter(event__festival=festival, fide_id=entry.fide_id).exists()
    ):
        raise ServiceError(_("FIDE ID %(id)s is already registered.") % {"id": entry.fide_id})
    if alive.filter(section=section, name__iexact=entry.name).exists():
        raise ServiceError(
            _("%(name)s has already asked to enter this section.") % {"name": entry.name}
        )
    registration = m.Registration.objects.create(
        festival=festival,
        section=section,
        name=entry.name,
        fide_id=entry.fide_id,
        email=entry.email,
        federation=entry.federation,
        birth_date=entry.birth_date,
        club=entry.club,
    )
    audit(
        section,
        None,
        "registration.submit",
        _("Registration requested: %(name)s") % {"name": entry.name},
        registration=registration.pk,
    )
    return registration


# -- the organiser's answer ------------------------------------------------------------------


def _pending(registration: m.Registration) -> m.Registration:
    """The request, locked, if it still waits for an answer."""
    locked = m.Registration.objects.select_for_update().get(pk=registration.pk)
    if locked.status != m.Registration.Status.PENDING:
        raise ServiceError(
            _("This request was answered already (%(status)s).")
            % {"status": locked.get_status_display()}
        )
    return locked


def database_player(fide_id: str) -> m.RatingListPlayer | None:
    """The player database's player of ``fide_id`` (none for a blank or unknown ID)."""
    if not (fide_id.isascii() and fide_id.isdigit()):
        return None
    return m.RatingListPlayer.objects.filter(fide_id=int(fide_id)).first()


def _register(registration: m.Registration, user: User, section: m.Event) -> m.Player:
    """The player of a confirmed request, in ``section``: from the player database when his
    FIDE ID is there (name, title, federation, birth, sex and the rating of the section's
    time control), from the request otherwise."""
    from ..rating_list import register

    row = database_player(registration.fide_id)
    if row is not None:
        player = register(section, user, row)
        if registration.club and not player.club:
            player = update_player(player, user, club=registration.club)
        return player
    return add_player(
        section,
        user,
        name=registration.name,
        fide_id=registration.fide_id,
        federation=registration.federation,
        birth_date=registration.birth_date,
        club=registration.club,
    )


def confirm_registration(
    registration: m.Registration, user: User, section: m.Event | None = None
) -> m.Player:
    """Confirm a waiting request: the player is registered in ``section`` (another section of
    the same festival, chosen by the organiser; by default the one asked for), from the next
    round to pair (a late entry after round 1 is paired,
    :func:`chessarbiter.entries.entry_round`); the player is told by e-mail when a mail
    server is configured.

    :raises ServiceError: for a request answered already, a section of another festival or
        one that takes no more entries, and whatever registering the player refuses (a FIDE
        ID registered already, an archived section).
    """
    player, registration = _confirm(registration, user, section)
    _tell(
        registration,
        _("Registration confirmed: %(event)s") % {"event": registration.festival.name},
        _(
            "Your registration for %(section)s (%(event)s) is confirmed. Your pairing number "
            "is %(n)d."
        )
        % {
            "section": player.event.name,
            "event": registration.festival.name,
            "n": player.number,
        },
    )
    return player


@atomic
def _confirm(
    registration: m.Registration, user: User, section: m.Event | None
) -> tuple[m.Player, m.Registration]:
    registration = _pending(registration)
    target = section if section is not None else registration.section
    if target.festival_id != registration.festival_id:
        raise ServiceError(_("The section is not one of this event's."))
    target = locked_event(target)
    try:
        library_entry_round(target.system, target.round_columns(), target.round_set.count())
    except EntryError:
        raise ServiceError(
            _("The section %(section)s takes no more entries.") % {"section": target.name}
        ) from None
    player = _register(registration, user, target)
    registration.status = m.Registration.Status.CONFIRMED
    registration.section = target
    registration.player = player
    registration.decided_at = timezone.now()
    registration.decided_by = acting_user(user)
    registration.save()
    audit(
        target,
        user,
        "registration.confirm",
        _("Registration confirmed: %(p)s") % {"p": str(player)},
        registration=registration.pk,
        player=player.number,
    )
    return player, registration


def decline_registration(registration: m.Registration, user: User) -> m.Registration:
    """Decline a waiting request (nothing is registered); the player is told by e-mail when a
    mail server is configured.

    :raises ServiceError: for a request answered already."""
    registration = _decline(registration, user)
    _tell(
        registration,
        _("Registration declined: %(event)s") % {"event": registration.festival.name},
        _(
            "Your registration for %(section)s (%(event)s) was not accepted. Please contact "
            "the organiser for details."
        )
        % {"section": registration.section.name, "event": registration.festival.name},
    )
    return registration


@atomic
def _decline(registration: m.Registration, user: User) -> m.Registration:
    registration = _pending(registration)
    registration.status = m.Registration.Status.DECLINED
    registration.decided_at = timezone.now()
    registration.decided_by = acting_user(user)
    registration.save()
    audit(
        registration.section,
        user,
        "registration.decline",
        _("Registration declined: %(name)s") % {"name": registration.name},
        registration=registration.pk,
    )
    return registration


@atomic
def set_registration_open(festival: m.Festival, user: User, open_: bool) -> m.Festival:
    """Open or close the festival's public registration form (recorded in the audit log of
    each of its sections)."""
    festival = m.Festival.objects.select_for_update().get(pk=festival.pk)
    if festival.registration_open == open_:
        return festival
    festival.registration_open = open_
    festival.save(update_fields=["registration_open"])
    summary = _("Public registration opened") if open_ else _("Public registration closed")
    for section in festival.sections.all():
        audit(section, user, "registration.open", summary, open=open_)
    return festival


def mail_configured() -> bool:
    """Whether a mail server is configured (``CHESSARBITER_EMAIL_HOST``): without one,
    nothing is ever sent."""
    return bool(getattr(settings, "CHESSARBITER_EMAIL_CONFIGURED", False))


def _tell(registration: m.Registration, subject: str, body: str) -> bool:
    """Send the player the organiser's answer, after it is stored: only to a player who gave
    an address, only when a mail server is configured. A server that fails is logged; the
    answer stands. Whether a mail was sent."""
    if not registration.email or not mail_configured():
        return False
    try:
        send_mail(subject, body, None, [registration.email])
    except (OSError, smtplib.SMTPException) as e:
        logger.warning("registration %s: the mail was not sent: %s", registration.pk, e)
        return False
    return True


# -- check-in before round 1 -----------------------------------------------------------------


def _before_round_1(event: m.Event) -> m.Event:
    event = locked_event(event)
    if event.round_set.exists():
        raise ServiceError(_("Check-in is before round 1, and round 1 is paired already."))
    return event


@atomic
def set_check_in(event: m.Event, user: User, on: bool) -> m.Event:
    """Turn the section's check-in on or off: with it on, round 1 pairs only the players
    checked in. Only before round 1, only for a Swiss section
    (:func:`chessarbiter.pairing.byes.check_in_system`)."""
    event = _before_round_1(event)
    if on:
        try:
            check_in_system(event.system)
        except PairingError:
            raise ServiceError(_("Only a Swiss section pairs round 1 from the check-in.")) from None
    if event.check_in != on:
        event.check_in = on
        event.save(update_fields=["check_in"])
        audit(
            event,
            user,
            "checkin.setting",
            _("Check-in before round 1 turned on") if on else _("Check-in turned off"),
            on=on,
        )
    return event


@atomic
def set_checked_in(player: m.Player, user: User, present: bool) -> m.Player:
    """Mark one player present (or not) at the check-in before round 1."""
    event = _before_round_1(player.event)
    player = m.Player.objects.get(pk=player.pk, event=event)
    if player.checked_in != present:
        player.checked_in = present
        player.save(update_fields=["checked_in"])
        audit(
            event,
            user,
            "checkin.player",
            (_("%(p)s checked in") if present else _("%(p)s no longer checked in"))
            % {"p": str(player)},
            player=player.number,
            present=present,
        )
    return player


@atomic
def check_in_all(event: m.Event, user: User, present: bool = True) -> int:
    """Mark every player of the section present (or none of them): the number changed."""
    event = _before_round_1(event)
    changed = event.players.exclude(checked_in=present).update(checked_in=present)
    if changed:
        audit(
            event,
            user,
            "checkin.all",
            (_("Everyone checked in (%(k)d players)") if present else _("Check-in cleared"))
            % {"k": changed},
            present=present,
            players=changed,
        )
    return changed


def check_in_counts(event: m.Event) -> tuple[int, int]:
    """(players checked in, players not checked in) of the section."""
    present = event.players.filter(checked_in=True).count()
    return present, event.players.count() - present


__all__ = [
    "MAX_PENDING",
    "check_in_all",
    "check_in_counts",
    "confirm_registration",
    "database_player",
    "decline_registration",
    "mail_configured",
    "sections_taking_entries",
    "set_check_in",
    "set_checked_in",
    "set_registration_open",
    "submit_registration",
]
