"""Public pages: only events marked public, never a form that changes anything. A page asked
for by htmx (``HX-Request``) answers with its content fragment only, for the self-refresh."""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache, caches
from django.db import connection
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from chessarbiter.errors import ChessArbiterError

from ..events import adjournments, games, store, tables, teams
from ..events import models as m
from .games import public_board

#: Seconds between refreshes of a page while a round is in progress.
REFRESH_SECONDS = 30


def _event(event_id: int) -> m.Event:
    return get_object_or_404(m.Event.objects.select_related("festival"), pk=event_id, public=True)


#: Where the CSRF token goes in a whole page cached for visitors (see :func:`visitor_cached`).
_TOKEN_SLOT = "csrf-token-slot-7f3a9c"

#: The request attribute that tells :func:`_page` to store the whole page under these keys.
_PAGE_KEYS = "chessarbiter_visitor_page_keys"

_View = Callable[..., HttpResponse]


def _anonymous_plain(request: HttpRequest) -> bool:
    """Whether the request is from a visitor with no session and no pending message, asking
    for a page without a query: then the page depends only on the event, its festival's
    sections, the path, the language and whether htmx asks for the content alone, and on
    nothing of the visitor's."""
    return (
        settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "messages" not in request.COOKIES
        and not request.META.get("QUERY_STRING")
    )


@dataclass(frozen=True)
class _VisitorKeys:
    """Where a visitor's page is cached: ``page`` for the event as it is now, ``latest`` for
    the last page rendered of any version, shown while a new one is being rendered."""

    page: str
    latest: str


def _visitor_keys(request: HttpRequest, event_id: int) -> _VisitorKeys | None:
    """The keys of the whole page for a visitor, read with one small query (``None`` when the
    event is not public). The page's key holds the event's version and a stamp of its
    festival's sections (their number and the sum of their versions: each change raises a
    section's version), since the page's header lists the public sections."""
    # one fixed statement: the ORM's compilation of this query cost more than the rest of
    # the request together
    table = connection.ops.quote_name(m.Event._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT e.created_at, e.version, "
            f"(SELECT COUNT(*) FROM {table} s WHERE s.festival_id = e.festival_id), "
            f"(SELECT SUM(s.version) FROM {table} s WHERE s.festival_id = e.festival_id) "
            f"FROM {table} e WHERE e.id = %s AND e.public = %s",
            [event_id, True],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    created, version, sections, versions = row
    part = "content" if request.headers.get("HX-Request") else "page"
    where = f"{created}:{get_language()}:{request.path}:{part}"
    facts = f"{where}:{version}:{sections}:{versions}"
    return _VisitorKeys(
        page=f"pubpage:{event_id}:{hashlib.sha256(facts.encode()).hexdigest()}",
        latest=f"publatest:{event_id}:{hashlib.sha256(where.encode()).hexdigest()}",
    )


def visitor_cached(view: _View) -> _View:
    """Serve a public event page to a visitor (see :func:`_anonymous_plain`) whole from the
    cache: the hot path of a crowd refreshing the standings (a page, or the content alone for
    the page's htmx self-refresh) costs one small query. The only part of the page that is
    the visitor's own, the CSRF token of the language switch, is put in per request; a
    signed-in user or a query goes through the view.

    After a change (a result, a round paired), one request renders the new page while the
    others get the page as it was just before, for the few hundred milliseconds the
    rendering takes, instead of all rendering it at once."""

    @wraps(view)
    def wrapper(request: HttpRequest, event_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
        if not _anonymous_plain(request):
            return view(request, event_id, *args, **kwargs)
        keys = _visitor_keys(request, event_id)
        if keys is None:
            raise Http404
        local = caches["local"]
        page = local.get(keys.page)
        if page is None and (page := cache.get(keys.page)) is not None:
            # the process's copy expires with the shared one (a protest deadline may end it
            # before the hour: the page then says "final")
            until = cache.get(f"{keys.page}:until")
            left = math.ceil(until - time.time()) if isinstance(until, float) else 3600
            if left > 0:
                local.set(keys.page, page, min(3600, left))
        if page is None:
            rendering = f"{keys.page}:rendering"
            renders = cache.add(rendering, 1, 60)  # else another request renders it now
            if not renders:
                page = cache.get(keys.latest)
            if page is None:
                setattr(request, _PAGE_KEYS, keys)
                try:
                    return view(request, event_id, *args, **kwargs)
                finally:
                    if renders:
                        cache.delete(rendering)
        return HttpResponse(page.replace(_TOKEN_SLOT, get_token(request)))

    return wrapper


def _page(
    request: HttpRequest, template: str, event: m.Event, variant: str = "", **ctx: Any
) -> HttpResponse:
    """The page around ``template``'s content. The content is rendered once per event
    version, page, ``variant`` (the page's choices read from its query, checked) and language
    (public pages are the hot path: a crowd refreshing the standings); the shell around it
    (user, language switch, CSRF token) per request, except for a visitor's whole page,
    stored as :func:`visitor_cached` asked."""
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
        timeout = 3600
        try:
            context.update(ctx_factory(ctx))
            live = bool(context["live"])  # a round's page: that round in progress
            expires = context.get("expires_at")
            timeout = _seconds_until(expires if isinstance(expires, datetime) else None, timeout)
            content = render_to_string(template, context, request)
        except ChessArbiterError as e:
            # the event's data cannot be shown as asked: say so, rather than fail the page
            content = render_to_string("public/_problem.html", {"problem": str(e)}, request)
        cached = (content, rounds, live, timeout)
        cache.set(key, cached, timeout)
    content, rounds, live = cached[:3]
    timeout = cached[3] if len(cached) > 3 else 3600
    keys: _VisitorKeys | None = getattr(request, _PAGE_KEYS, None)
    if request.headers.get("HX-Request"):
        if keys is not None:
            _store_page(keys, content, timeout)
        return HttpResponse(content)
    context = {
        "event": event,
        "sections": SimpleLazyObject(lambda: _public_sections(event.festival)),
        "round_numbers": rounds,
        "live": live,
        "refresh": REFRESH_SECONDS,
        "content": mark_safe(content),  # rendered by our own template, escaped there
    }
    if keys is None:
        return render(request, "public/page.html", context)
    context["csrf_token"] = _TOKEN_SLOT
    page = render_to_string("public/page.html", context, request)
    _store_page(keys, page, timeout)
    return HttpResponse(page.replace(_TOKEN_SLOT, get_token(request)))


def _store_page(keys: _VisitorKeys, page: str, timeout: int) -> None:
    """Keep a visitor's page (and the latest one of its kind) for ``timeout`` seconds, and when
    it expires, for the copies the web processes keep in front of the shared cache."""
    cache.set_many(
        {keys.page: page, keys.latest: page, f"{keys.page}:until": time.time() + timeout},
        timeout,
    )


def _seconds_until(at: datetime | None, longest: int) -> int:
    """How long a page may stay cached: ``longest`` seconds, or until ``at`` (the page's
    ``expires_at``: a protest deadline, after which the page says "final")."""
    if at is None:
        return longest
    left = math.ceil((at - timezone.now()).total_seconds())
    return max(1, min(longest, left))


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
@visitor_cached
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    if ev.simul_contest():
        return _simul_page(request, ev)
    last = ev.round_set.order_by("-number").first()
    return _page(
        request,
        "public/_event.html",
        ev,
        round=(lambda: tables.round_view(ev, last.number)) if last else None,
        games=(lambda: games.round_games(ev, last.number)) if last else set(),
    )


@require_safe
@visitor_cached
def round_page(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = _event(event_id)
    if not ev.round_set.filter(number=number).exists():
        raise Http404
    return _page(
        request,
        "public/_round.html",
        ev,
        round=lambda: tables.round_view(ev, number),
        **_team_round(ev, number),
        live=lambda: m.Board.objects.filter(
            round__event=ev, round__number=number, result="", black__isnull=False
        ).exists(),
        games=lambda: games.round_games(ev, number),
        protest=lambda: adjournments.protest_status(ev, number),
        adjourned=lambda: adjournments.adjourned_boards(ev, number),
        expires_at=lambda: adjournments.round_expires(ev, number),
    )


def _team_round(ev: m.Event, number: int) -> dict[str, Any]:
    """A team event's round match by match (:func:`teams.round_groups`, as the arbiter's round
    page), computed once on a cache miss; nothing for another event."""
    cached: dict[str, Any] = {}

    def part(key: str) -> Any:
        def get() -> Any:
            if not cached:
                lines = tables.round_view(ev, number).boards
                matches, loose = teams.round_groups(ev, number, lines)
                cached.update(matches=matches, loose_boards=loose)
            return cached[key]

        return get

    return {"matches": part("matches"), "loose_boards": part("loose_boards")}


@require_safe
@visitor_cached
def game(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    """A board's game: the board at the ply asked for (``?ply=``, the last by default), the
    move list, the keyboard's ← → Home End (``game.js``)."""
    ev = _event(event_id)
    found = public_board(ev, number, board)
    ply = request.GET.get("ply", "")
    variant = ply if ply.isascii() and ply.isdigit() and len(ply) <= 5 else ""
    return _page(
        request,
        "public/_game.html",
        ev,
        variant,
        view=lambda: games.game_view(found, variant or None),
        live=False,  # the viewer is not refreshed under the reader's move
    )


@require_safe
@visitor_cached
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    if ev.simul_contest():
        return _simul_page(request, ev)
    return _page(request, "public/_standings.html", ev, **_standings(ev))


@require_safe
@visitor_cached
def crosstable(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = _event(event_id)
    if ev.simul_contest():
        return redirect("public:event", ev.pk)  # no games: the contest's standings are its table
    return _page(request, "public/_crosstable.html", ev, **_crosstable(ev))


@require_safe
@visitor_cached
def player(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = _event(event_id)
    if not ev.players.filter(number=number).exists():
        raise Http404
    return _page(
        request,
        "public/_player.html",
        ev,
        card=lambda: tables.player_card(ev, number),
        group=lambda: store.stored_group(ev.players.get(number=number)),
    )


def _simul_page(request: HttpRequest, ev: m.Event) -> HttpResponse:
    """A simul contest's public page: its standings by the library
    (:func:`chessarbiter.web.events.simul.contest`), refreshing itself while simuls are
    still being played."""
    from ..events import simul

    def contest() -> simul.Contest:
        found: simul.Contest = tables.cached(ev, "simul", lambda: simul.contest(ev))
        return found

    return _page(
        request,
        "public/_simul.html",
        ev,
        contest=contest,
        live=lambda: bool(contest().pending and contest().rows),
    )


def _standings(ev: m.Event) -> dict[str, Any]:
    def part(i: int) -> Any:
        return lambda: tables.standings_rows(ev)[i]

    return {
        "tiebreak_names": part(0),
        "rows": part(1),
        "after_round": part(2),
        "provisional": lambda: adjournments.provisional_players(ev),
        "expires_at": lambda: adjournments.provisional_players(ev).until,
        "mixed": lambda: tables.mixed_match(ev),
    }


def _crosstable(ev: m.Event) -> dict[str, Any]:
    return {
        "rows": lambda: tables.crosstable(ev)[0],
        "grid": lambda: tables.grid(ev),
        "federations": lambda: tables.federations(ev),
        "columns": lambda: range(1, tables.crosstable(ev)[1] + 1),
    }


@require_safe
@visitor_cached
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
@visitor_cached
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
@visitor_cached
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
@visitor_cached
def start_list(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..arbiter.lists import START_ORDERS, start_context

    ev = _event(event_id)
    order = request.GET.get("order", "number")
    if order not in dict(START_ORDERS):
        order = "number"
    return _page(request, "public/lists_start.html", ev, order, **start_context(ev, order))


@require_safe
@visitor_cached
def categories(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..arbiter.lists import category_context

    ev = _event(event_id)
    if not ev.in_rounds():
        raise Http404
    ctx = category_context(ev, request.GET)
    return _page(request, "public/lists_categories.html", ev, _query_key(request), **ctx)


@require_safe
@visitor_cached
def team_ranking(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..arbiter.lists import team_context

    ev = _event(event_id)
    if not ev.in_rounds():
        raise Http404
    ctx = team_context(ev, request.GET)
    return _page(request, "public/lists_teams.html", ev, _query_key(request), **ctx)


@require_safe
@visitor_cached
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
    """The arbiter's calculators (:mod:`.tools`: time controls, claims, flag fall, dead
    position, scoresheet time, persistent refusal, freed clock, time odds, consultation clocks,
    telegraph code, simul contest, radio match). GET forms: nothing is stored."""
    from . import tools as calculators

    return render(request, "public/tools.html", calculators.answer(request.GET))
