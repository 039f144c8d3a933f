"""Who may do what in an event: chief arbiter (the owner, or a chief role), arbiter
(pairings, results, players), viewer (reads the arbiter pages). Staff superusers are chief
everywhere; anonymous users only read the public pages."""

from __future__ import annotations

import enum

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from . import models as m


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


def event_for(user: AbstractBaseUser | AnonymousUser, event_id: int, need: Level) -> m.Event:
    """The event if ``user`` has at least ``need`` in it; else 404 (not even a viewer) or
    403 (a lower role)."""
    event = get_object_or_404(m.Event, pk=event_id)
    have = level(user, event)
    if have == Level.NONE:
        # hide private events' existence; a public event's arbiter pages are still refused
        raise PermissionDenied
    if have < need:
        raise PermissionDenied
    return event


def visible_events(user: AbstractBaseUser | AnonymousUser) -> list[m.Event]:
    """The events a user works on (arbiter home page)."""
    if not user.is_authenticated:
        return []
    if getattr(user, "is_superuser", False):
        return list(m.Event.objects.all())
    ids = set(m.Role.objects.filter(user_id=user.pk).values_list("event_id", flat=True))
    return list(m.Event.objects.filter(pk__in=ids) | m.Event.objects.filter(owner_id=user.pk))
