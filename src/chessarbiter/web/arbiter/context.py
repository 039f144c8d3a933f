"""The context every arbiter page of an event shares (its menu and what the user may change)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from ..events import models as m
from ..events.access import Level, level


def page_context(request: HttpRequest, event: m.Event, **extra: Any) -> dict[str, Any]:
    """The context of every event page, and ``extra``. ``can_edit`` and ``is_chief`` offer the
    changes an arbiter or the chief arbiter may make: none in an archived event, which nothing
    changes until it is restored (``services.locked_event``); ``chief_role`` is the role itself
    (the chief arbiter's pages, and the restore button of an archived event)."""
    lvl = level(request.user, event)
    return {
        "event": event,
        "can_edit": lvl >= Level.ARBITER and not event.archived,
        "is_chief": lvl >= Level.CHIEF and not event.archived,
        "chief_role": lvl >= Level.CHIEF,
        "rounds_paired": event.round_set.count(),
        **extra,
    }
