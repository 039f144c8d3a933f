"""Public pages: only events marked public, never a form that changes anything. A page asked
for by htmx (``HX-Request``) answers with its content fragment only, for the self-refresh."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from chessarbiter.errors import ChessArbiterError

from ..events import models as m
from ..events import tables

#: Seconds between refreshes of a page while a round is in progress.
REFRESH_SECONDS = 30


def _event(event_id: int) -> m.Event:
    return get_object_or_404(m.Event.objects.select_related("festival"), pk=event_id, public=True)


def _page(
    request: HttpRequest, template: str, event: m.Event, variant: str = "", **ctx: Any
) -> HttpResponse:
    """The page around ``template``'s content. The content is rendered once per event
    version, page, ``variant`` (the page's choices read from its query, checked) and language
    (public pages are the hot path: a crowd refreshing the standings); the shell around it
    (user, language switch, CSRF token) per request."""
    key = (
        f"pub:{event.pk}:{event.created_at.timestamp()}:{event.version}:"
        f"{get_language()}:{request.path}:{variant}"
    )
    cached = cache.get(key)
    if cached is None:
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
        }
        try:
            context.update(ctx_factory(ctx))
            content = render_to_string(template, context, request)
        except ChessArbiterError as e:
            # the event's data cannot be shown as asked: say so, rather than fail the page
            content = render_to_string("public/_problem.html", {"problem": str(e)}, request)
        cached = (content, rounds, live)
        cache.set(key, cached, 3600)
    content, rounds, live = cached
    if request.headers.get("HX-Request"):
        return HttpResponse(content)
    return render(
        request,
        "public/page.html",
        {
            "event": event,
            "sections": _public_sections(event.festival),
            "round_numbers": rounds,
            "live": live,
            "refresh": REFRESH_SECONDS,
            "content": mark_safe(content),  # rendered by our own template, escaped there
        },
    )


def ctx_factory(ctx: dict[str, Any]) -> dict[str, Any]:
    """The page's own context: values given as callables are computed only on a cache miss."""
    return {k: v() if callable(v) else v for k, v in ctx.items()}


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """The public events with their public sections, archived ones left out (their pages
    stay readable by address)."""
    sections = m.Event.objects.filter(public=True, archived=False).select_related("festival")
    events: dict[int, tuple[m.Festival, list[m.Event]]] = {}
    for section in sections:
        events.setdefault(section.festival_id, (section.festival, []))[1].append(section)
    rows = [(f, sorted(s, key=lambda e: e.pk)) for f, s in events.values()]
    return render(request, "public/home.html", {"events": rows})


def _public_sections(festival: m.Festival) -> list[m.Event]:
    return list(festival.sections.filter(public=True).order_by("pk").only("pk", "name"))


@require_safe
def festival(request: HttpRequest, festival_id: int) -> HttpResponse:
    """An event's public page: its public sections (404 when none is public)."""
    fest = get_object_or_404(m.Festival, pk=festival_id)
    sections = list(
        fest.sections.filter(public=True)
        .annotate(n_players=Count("players", distinct=True))
        .order_by("pk")
    )
    if not sections:
        raise Http404
    return render(request, "public/festival.html", {"festival": fest, "sections": sections})


@require_safe
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    last = ev.round_set.order_by("-number").first()
    return _page(
        request,
        "public/_event.html",
        ev,
        round=(lambda: tables.round_view(ev, last.number)) if last else None,
    )


@require_safe
def round_page(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = _event(event_id)
    if not ev.round_set.filter(number=number).exists():
        raise Http404
    return _page(request, "public/_round.html", ev, round=lambda: tables.round_view(ev, number))


@require_safe
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    return _page(request, "public/_standings.html", ev, **_standings(ev))


@require_safe
def crosstable(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    return _page(request, "public/_crosstable.html", ev, **_crosstable(ev))


@require_safe
def player(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = _event(event_id)
    if not ev.players.filter(number=number).exists():
        raise Http404
    return _page(request, "public/_player.html", ev, card=lambda: tables.player_card(ev, number))


def _standings(ev: m.Event) -> dict[str, Any]:
    def part(i: int) -> Any:
        return lambda: tables.standings_rows(ev)[i]

    return {"tiebreak_names": part(0), "rows": part(1), "after_round": part(2)}


def _crosstable(ev: m.Event) -> dict[str, Any]:
    return {
        "rows": lambda: tables.crosstable(ev)[0],
        "grid": lambda: tables.grid(ev),
        "federations": lambda: tables.federations(ev),
        "columns": lambda: range(1, tables.crosstable(ev)[1] + 1),
    }


@require_safe
def bracket(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..events import knockout

    ev = _event(event_id)

    def svg() -> str:
        return mark_safe(knockout.bracket_svg(ev))  # our own drawing, every text in it escaped

    return _page(
        request,
        "public/_bracket.html",
        ev,
        svg=svg,
        matches=lambda: knockout.views(ev),
    )


@require_safe
def team_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..events import teams

    ev = _event(event_id)

    def part(i: int) -> Any:
        return lambda: teams.standings(ev)[i]

    return _page(request, "public/_team_standings.html", ev, names=part(0), rows=part(1))


# -- the organiser's lists (chessarbiter.web.events.lists) -----------------------------------


def _query_key(request: HttpRequest) -> str:
    """A short cache key of the page's query (the choices a form sent)."""
    query = request.GET.urlencode()
    return hashlib.sha256(query.encode()).hexdigest() if query else ""


@require_safe
def standings_after(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The standings after the complete round ``number``; another round is refused with the
    library's words."""
    from ..events import lists

    ev = _event(event_id)
    ctx: dict[str, Any] = {"completed": lists.completed_rounds(ev), "chosen": number}
    try:
        names, rows, rounds = lists.standings_after(ev, number)
        ctx.update(tiebreak_names=names, rows=rows, after_round=rounds)
    except ChessArbiterError as e:
        ctx["error"] = str(e)
    return _page(request, "public/lists_standings.html", ev, **ctx)


@require_safe
def start_list(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..arbiter.lists import START_ORDERS, start_context

    ev = _event(event_id)
    order = request.GET.get("order", "number")
    if order not in dict(START_ORDERS):
        order = "number"
    return _page(request, "public/lists_start.html", ev, order, **start_context(ev, order))


@require_safe
def categories(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..arbiter.lists import category_context

    ev = _event(event_id)
    if ev.system == m.Event.System.KNOCKOUT:
        raise Http404
    ctx = category_context(ev, request.GET)
    return _page(request, "public/lists_categories.html", ev, _query_key(request), **ctx)


@require_safe
def team_ranking(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..arbiter.lists import team_context

    ev = _event(event_id)
    if ev.system == m.Event.System.KNOCKOUT:
        raise Http404
    ctx = team_context(ev, request.GET)
    return _page(request, "public/lists_teams.html", ev, _query_key(request), **ctx)


@require_safe
def prizes(request: HttpRequest, event_id: int) -> HttpResponse:
    """The prize list, once the arbiters publish it (``Event.prize_list_public``)."""
    from ..events import lists

    ev = _event(event_id)
    if not (ev.prize_list_public and ev.prize_table.strip()):
        raise Http404

    return _page(request, "public/lists_prizes.html", ev, prizes=lambda: lists.prize_list(ev))


# -- the arbiter's calculators: read-only forms, the answers are the library's ------


@require_safe
def tools(request: HttpRequest) -> HttpResponse:
    """Clock calculator (classification, notations, incorrect claim), flag-fall adjudicator
    and telegraph-code converter. GET forms: nothing is stored."""
    from chessarbiter.errors import ChessArbiterError
    from chessarbiter.special import telegraph
    from chessarbiter.timecontrol import flag, laws, model
    from chessarbiter.timecontrol.clock import parse_seconds

    q = request.GET
    ctx: dict[str, Any] = {"q": q}
    what = q.get("tool", "")
    try:
        if what == "clock" and q.get("control"):
            tc = model.parse(q["control"])
            edition = q.get("laws", "2023")
            ctx["clock"] = {
                "category": laws.classify(tc, edition).value,
                "pgn": tc.to_pgn(),
                "fide": tc.to_fide(),
                "trf": _or_none(tc.to_trf),
            }
        elif what == "claim" and q.get("claimant"):
            penalty = laws.incorrect_claim(
                parse_seconds(q["claimant"], "the claimant's time"),
                parse_seconds(q.get("opponent", "0"), "the opponent's time"),
                q.get("laws", "2023"),
            )
            ctx["claim"] = penalty
        elif what == "flag" and q.get("fen"):
            ctx["flag"] = flag.adjudicate(
                q["fen"], q.get("side", "white"), q.get("rules", "current")
            )
        elif what == "telegraph" and q.get("moves"):
            text = q["moves"]
            if q.get("direction") == "decode":
                ctx["telegraph"] = " ".join(telegraph.decode_game(text.split()))
            else:
                ctx["telegraph"] = " ".join(telegraph.encode_game(text.split()))
    except ChessArbiterError as e:
        ctx["error"] = str(e)
    return render(request, "public/tools.html", ctx)


def _or_none(call: Any) -> str | None:
    from chessarbiter.errors import ChessArbiterError

    try:
        return str(call())
    except ChessArbiterError:
        return None
