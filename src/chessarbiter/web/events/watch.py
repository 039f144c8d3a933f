"""The watched PGN sources re-read: each round's source (a file under
``CHESSARBITER_PGN_WATCH_DIR`` or an http(s) URL) read again and its games updated
(:func:`chessarbiter.web.events.services.games.refresh_watched`), for ``django-admin
watch_pgn`` and ``chessarbiter web watch-pgn``. Results are never taken from a watched
source."""

from __future__ import annotations

from django.conf import settings

from chessarbiter.errors import ChessArbiterError

from . import models as m
from .services.games import refresh_watched


def watch_once() -> list[str]:
    """Re-read every watched source of the events not archived: a line each (what was
    updated, or why the source could not be read)."""
    lines = []
    rounds = m.Round.objects.exclude(pgn_source="").filter(event__archived=False)
    for rnd in rounds.select_related("event").order_by("event_id", "number"):
        try:
            report = refresh_watched(rnd, settings.CHESSARBITER_PGN_WATCH_DIR)
        except ChessArbiterError as e:
            lines.append(f"{rnd.event.name}, round {rnd.number}: {e}")
        else:
            lines.append(f"{rnd.event.name}: {report.summary()}")
    return lines
