"""The context every arbiter page of an event shares (its menu and what the user may change)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import HttpRequest

from ..events import models as m
from ..events.access import Level, level


def _sections(request: HttpRequest, event: m.Event) -> list[m.Event]:
    """The event's sections the user has a role in (the menu's links to the siblings)."""
    sections = event.festival.sections.order_by("pk").only("pk", "name")
    user = request.user
    if not (getattr(user, "is_superuser", False) or event.festival.owner_id == user.pk):
        sections = sections.filter(Q(roles__user_id=user.pk) | Q(owner_id=user.pk)).distinct()
    return list(sections)


def page_context(request: HttpRequest, event: m.Event, **extra: Any) -> dict[str, Any]:
    """The context of every event page, and ``extra``. ``can_edit`` and ``is_chief`` offer the
    changes an arbiter or the chief arbiter may make: none in an archived event, which nothing
    changes until it is restored (``services.locked_event``); ``chief_role`` is the role itself
    (the chief arbiter's pages, and the restore button of an archived event); ``festival``
    and ``sections``: the event the section belongs to, and all its sections (the menu
    names them when there are several)."""
    lvl = level(request.user, event)
    return {
        "event": event,
        "can_edit": lvl >= Level.ARBITER and not event.archived,
        "is_chief": lvl >= Level.CHIEF and not event.archived,
        "chief_role": lvl >= Level.CHIEF,
        "rounds_paired": event.round_set.count(),
        "festival": event.festival,
        "sections": _sections(request, event),
        **extra,
    }
