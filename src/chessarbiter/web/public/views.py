"""Public pages: only events marked public, never a form that changes anything. A page asked
for by htmx (``HX-Request``) answers with its content fragment only, for the self-refresh."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from ..events import models as m
from ..events import reports

#: Seconds between refreshes of a page while a round is in progress.
REFRESH_SECONDS = 30


def _event(event_id: int) -> m.Event:
    return get_object_or_404(m.Event, pk=event_id, public=True)


def _page(request: HttpRequest, template: str, event: m.Event, **ctx: Any) -> HttpResponse:
    rounds = list(event.round_set.values_list("number", flat=True))
    live = (
        bool(rounds)
        and m.Board.objects.filter(
            round__event=event, round__number=rounds[-1], result="", black__isnull=False
        ).exists()
    )
    context = {
        "event": event,
        "round_numbers": rounds,
        "live": live,
        "refresh": REFRESH_SECONDS,
        "fragment": template,
        **ctx,
    }
    if request.headers.get("HX-Request"):
        return render(request, template, context)
    return render(request, "public/page.html", context)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    events = m.Event.objects.filter(public=True)
    return render(request, "public/home.html", {"events": events})


@require_safe
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    last = ev.round_set.order_by("-number").first()
    view = reports.round_view(ev, last.number) if last else None
    return _page(request, "public/_event.html", ev, round=view)


@require_safe
def round_page(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = _event(event_id)
    if not ev.round_set.filter(number=number).exists():
        raise Http404
    return _page(request, "public/_round.html", ev, round=reports.round_view(ev, number))


@require_safe
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    names, rows, rounds = reports.standings_rows(ev)
    return _page(
        request,
        "public/_standings.html",
        ev,
        tiebreak_names=names,
        rows=rows,
        after_round=rounds,
    )


@require_safe
def crosstable(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    rows, rounds = reports.crosstable(ev)
    return _page(request, "public/_crosstable.html", ev, rows=rows, columns=range(1, rounds + 1))


@require_safe
def player(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = _event(event_id)
    if not ev.players.filter(number=number).exists():
        raise Http404
    return _page(request, "public/_player.html", ev, card=reports.player_card(ev, number))
