"""Who may do what in an event: chief arbiter (the owner, or a chief role), arbiter
(pairings, results, players), viewer (reads the arbiter pages). Staff superusers are chief
everywhere; anonymous users only read the public pages.

Creating or importing an event needs the Django permission :data:`CREATE_EVENTS`
(``chessarbiter web user NAME`` gives it; ``--viewer`` makes an account without it).

A user without any role in an event is told it does not exist (404), public or not: its
arbiter pages reveal nothing. A user with a lower role than a page needs is refused (403)
with the role it needs.
"""

from __future__ import annotations

import enum

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Permission, PermissionsMixin
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from . import models as m

#: The permission to create and import events (superusers have every permission).
CREATE_EVENTS = "events.add_event"


class Level(enum.IntEnum):
    NONE = 0
    VIEWER = 1
    ARBITER = 2
    CHIEF = 3


_LEVELS = {
    m.Role.Kind.VIEWER: Level.VIEWER,
    m.Role.Kind.ARBITER: Level.ARBITER,
    m.Role.Kind.CHIEF: Level.CHIEF,
}


def level(user: AbstractBaseUser | AnonymousUser, event: m.Event) -> Level:
    if not user.is_authenticated:
        return Level.NONE
    if getattr(user, "is_superuser", False) or event.owner_id == user.pk:
        return Level.CHIEF
    role = m.Role.objects.filter(event=event, user_id=user.pk).first()
    return _LEVELS[m.Role.Kind(role.kind)] if role else Level.NONE


def _role_name(lvl: Level) -> str:
    return str({v: k for k, v in _LEVELS.items()}[lvl].label)


def event_for(user: AbstractBaseUser | AnonymousUser, event_id: int, need: Level) -> m.Event:
    """The event if ``user`` has at least ``need`` in it; else :class:`~django.http.Http404`
    (no role at all: the event's existence is not revealed, even of a public one) or
    :class:`~django.core.exceptions.PermissionDenied` naming the role needed (a lower role)."""
    event = get_object_or_404(m.Event, pk=event_id)
    have = level(user, event)
    if have == Level.NONE:
        raise Http404
    if have < need:
        raise PermissionDenied(
            _("This needs the role “%(need)s” in “%(event)s”; your role there is “%(have)s”.")
            % {"need": _role_name(need), "event": event.name, "have": _role_name(have)}
        )
    return event


def may_create_events(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether ``user`` may create and import events (:data:`CREATE_EVENTS`)."""
    return (
        user.is_authenticated
        and isinstance(user, PermissionsMixin)
        and user.has_perm(CREATE_EVENTS)
    )


def grant_create_events(user: PermissionsMixin) -> None:
    """Give ``user`` the permission :data:`CREATE_EVENTS`."""
    codename = CREATE_EVENTS.split(".")[1]
    kind = ContentType.objects.get_for_model(m.Event)
    permission, _created = Permission.objects.get_or_create(
        content_type=kind, codename=codename, defaults={"name": "Can add event"}
    )
    user.user_permissions.add(permission)


def visible_events(user: AbstractBaseUser | AnonymousUser) -> list[m.Event]:
    """The events a user works on (arbiter home page)."""
    if not user.is_authenticated:
        return []
    if getattr(user, "is_superuser", False):
        return list(m.Event.objects.select_related("festival"))
    ids = set(m.Role.objects.filter(user_id=user.pk).values_list("event_id", flat=True))
    mine = m.Event.objects.filter(pk__in=ids) | m.Event.objects.filter(owner_id=user.pk)
    return list(mine.select_related("festival"))


def festival_level(user: AbstractBaseUser | AnonymousUser, festival: m.Festival) -> Level:
    """A user's level in a festival: the festival's owner and superusers are chief; anyone
    else has the highest of his levels in its sections."""
    if not user.is_authenticated:
        return Level.NONE
    if getattr(user, "is_superuser", False) or festival.owner_id == user.pk:
        return Level.CHIEF
    best = Level.NONE
    for section in festival.sections.all():
        best = max(best, level(user, section))
    return best


def festival_for(
    user: AbstractBaseUser | AnonymousUser, festival_id: int, need: Level
) -> m.Festival:
    """The festival if ``user`` has at least ``need`` in it (:func:`festival_level`); else
    404 (no role at all) or 403 naming the role needed, as :func:`event_for`."""
    festival = get_object_or_404(m.Festival, pk=festival_id)
    have = festival_level(user, festival)
    if have == Level.NONE:
        raise Http404
    if have < need:
        raise PermissionDenied(
            _("This needs the role “%(need)s” in “%(event)s”; your role there is “%(have)s”.")
            % {"need": _role_name(need), "event": festival.name, "have": _role_name(have)}
        )
    return festival
