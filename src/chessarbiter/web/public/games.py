"""The public pages of the games (the viewer's page is :func:`.views.game`): a board's
positions as SVG boards,
a round's and the event's PGN, and a round's live PGN for broadcast platforms (always the
games and results stored now: its ETag is the event's version, raised by every change)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from ..arbiter.games import pgn_response, svg_response
from ..events import games
from ..events import models as m


def public_event(event_id: int) -> m.Event:
    """The event when it is public (else 404)."""
    return get_object_or_404(m.Event, pk=event_id, public=True)


def public_board(ev: m.Event, number: int, board: int) -> m.Board:
    found = (
        m.Board.objects.filter(round__event=ev, round__number=number, number=board)
        .exclude(black=None)
        .select_related("round__event", "white", "black", "game")
        .first()
    )
    if found is None:
        raise Http404
    return found


@require_safe
def game_svg(
    request: HttpRequest, event_id: int, number: int, board: int, ply: int
) -> HttpResponse:
    """The position after ``ply`` half-moves as an SVG board."""
    return svg_response(public_board(public_event(event_id), number, board), ply)


def _pgn(request: HttpRequest, ev: m.Event, number: int | None, name: str) -> HttpResponse:
    tag = f'"{ev.pk}-{ev.created_at.timestamp()}-{ev.version}-{number or 0}"'
    if request.headers.get("If-None-Match") == tag:
        return HttpResponseNotModified()
    response = pgn_response(games.round_pgn(ev, number), name)
    response["ETag"] = tag
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _round(event_id: int, number: int) -> m.Event:
    ev = public_event(event_id)
    get_object_or_404(m.Round, event=ev, number=number)
    return ev


@require_safe
def round_pgn(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    return _pgn(request, _round(event_id, number), number, f"round-{number:02d}.pgn")


@require_safe
def live_pgn(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The round's games as stored now, for a broadcast platform that polls it (a
    conditional request with the last ETag is answered 304 while nothing changed)."""
    return _pgn(request, _round(event_id, number), number, "live.pgn")


@require_safe
def event_pgn(request: HttpRequest, event_id: int) -> HttpResponse:
    return _pgn(request, public_event(event_id), None, "games.pgn")
