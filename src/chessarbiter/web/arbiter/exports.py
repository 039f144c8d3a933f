"""Downloads of the event's lists for the chief arbiter's report: every list as CSV (a file
named by the event and the list) and as a printable HTML page (A4; the browser prints it or
saves it as PDF), and a ZIP of all of them. The tables and pages are the library's
(:mod:`chessarbiter.output`), made from the library's lists; these views only fetch the event
and name the files. Every viewer of the event may download them, as he reads the arbiter
pages (:mod:`chessarbiter.web.events.access`).

The ZIP is built in memory: its size is bounded by the event's (at most
:data:`chessarbiter.limits.MAX_ROUNDS` rounds, two lists per round in two formats, and five
other lists); the 284-player open of nine rounds gives well under a megabyte.
"""

from __future__ import annotations

import datetime
import io
import zipfile
from collections.abc import Callable, Iterator

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from chessarbiter import limits
from chessarbiter.categories import CategoryError, default_reference_date
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Tournament
from chessarbiter.output import (
    PageHeader,
    Table,
    category_table,
    crosstable_table,
    html_page,
    prize_table,
    round_table,
    standings_table,
    start_list_table,
    table_csv,
    team_table,
)
from chessarbiter.prizes import prize_list_csv
from chessarbiter.standings import Standing, category_ranking
from chessarbiter.start_lists import start_list
from chessarbiter.team_ranking import TeamRankingError, team_ranking

from ..events import lists, store, tables
from ..events import models as m
from ..events.access import Level, event_for, festival_for, level

#: The lists of the whole event (``round`` lists are :data:`ROUND_LISTS`).
EVENT_LISTS = ("start", "standings", "crosstable", "category", "teams", "prizes")
ROUND_LISTS = ("pairings", "results")
FORMATS = {"csv": "text/csv; charset=utf-8", "html": "text/html; charset=utf-8"}


class _Missing(Exception):
    """The list does not exist for this event (a knockout's standings, no prize table)."""


def _slug(event: m.Event) -> str:
    return slugify(event.name) or f"event-{event.pk}"


def _swiss(event: m.Event) -> bool:
    return event.in_rounds()


def _ranking(event: m.Event, t: Tournament) -> tuple[list[Standing], int]:
    """The event's ranking after the last complete round, as its standings page shows it."""

    def compute() -> tuple[list[Standing], int]:
        _t, _names, rounds, rows = tables.event_ranking(event, tournament=t)
        return rows, rounds

    result: tuple[list[Standing], int] = tables.cached(event, "exports:ranking", compute)
    return result


def _after(rounds: int) -> str:
    return _("after round %(n)d") % {"n": rounds}


def _event_table(event: m.Event, loaded: store.Loaded, what: str, params: dict[str, str]) -> Table:
    """The table of the list ``what`` (one of :data:`EVENT_LISTS`).

    :raises _Missing: for a list the event does not have.
    :raises ChessArbiterError: for bad parameters (the library's words).
    """
    if what == "start":
        order = params.get("order", "number")
        players = start_list(loaded.tournament, order)
        return start_list_table(players, _("Start list"))
    if not _swiss(event):
        raise _Missing
    t = loaded.tournament
    rows, rounds = _ranking(event, t)
    if what == "standings":
        return standings_table(rows, f"{_('Standings')} {_after(rounds)}")
    if what == "crosstable":
        return crosstable_table(rows, f"{_('Crosstable')} {_after(rounds)}")
    if what == "category":
        text = params.get("category", "")
        category = lists.read_category(text)
        day = default_reference_date(t)
        if day is None:
            if category.uses_age:
                raise CategoryError(_("The event has no date: ages cannot be counted."))
            day = datetime.date.today()
        listed = category_ranking(t, rows, category, reference_date=day)
        return category_table(listed, f"{_('Category')} {category.name} {_after(rounds)}")
    if what == "teams":
        best_text = params.get("best", "")
        if best_text and not (best_text.isdigit() and int(best_text) <= limits.MAX_PLAYERS):
            raise TeamRankingError(
                _("Count 1 to %(n)d players of a team.") % {"n": limits.MAX_PLAYERS}
            )
        best = int(best_text) if best_text else None
        teams = team_ranking(t, rows, by=params.get("by", "federation"), best=best)
        return team_table(teams, f"{_('Team ranking')} {_after(rounds)}")
    if what == "prizes":
        view = lists.prize_list(event)
        if view is None:
            raise _Missing
        return prize_table(view.result, f"{_('Prize list')} {_after(view.rounds)}")
    raise _Missing


def _round_table(event: m.Event, loaded: store.Loaded, number: int, what: str) -> Table:
    """The pairings or the results of round ``number``, boards in the event's order."""
    if not _swiss(event) or number not in loaded.boards:
        raise _Missing
    numbers = {p.pk: n for n, p in loaded.players.items()}
    boards = [
        (numbers[b.white_id], numbers[b.black_id])
        for b in loaded.boards[number]
        if b.black_id is not None
    ]
    results = what == "results"
    heading = (_("Round %(n)d: results") if results else _("Round %(n)d: pairings")) % {"n": number}
    return round_table(loaded.tournament, number, results=results, boards=boards, heading=heading)


def _body(event: m.Event, loaded: store.Loaded, what: str, table: Table, fmt: str) -> str:
    if fmt == "csv":
        if what == "prizes":
            view = lists.prize_list(event)
            if view is not None:  # the library's one CSV of a prize list
                return prize_list_csv(view.result)
        return table_csv(table)
    return html_page(PageHeader.of(loaded.tournament), [table])


def _response(event: m.Event, name: str, fmt: str, body: str) -> HttpResponse:
    response = HttpResponse(body, content_type=FORMATS[fmt])
    kind = "attachment" if fmt == "csv" else "inline"
    response["Content-Disposition"] = f'{kind}; filename="{_slug(event)}-{name}.{fmt}"'
    return response


def _answer(
    event: m.Event, name: str, what: str, fmt: str, make: Callable[[store.Loaded], Table]
) -> HttpResponse:
    if fmt not in FORMATS:
        raise Http404
    try:
        loaded = store.load(event)
        body = _body(event, loaded, what, make(loaded), fmt)
    except _Missing:
        raise Http404 from None
    except ChessArbiterError as e:
        return HttpResponseBadRequest(str(e), content_type="text/plain; charset=utf-8")
    return _response(event, name, fmt, body)


@login_required
@require_safe
def event_list(request: HttpRequest, event_id: int, what: str, fmt: str) -> HttpResponse:
    """One list of the event (:data:`EVENT_LISTS`) as ``csv`` or ``html``; parameters in the
    query: ``order`` (start list), ``category`` (category list), ``by`` and ``best`` (teams)."""
    event = event_for(request.user, event_id, Level.VIEWER)
    if what not in EVENT_LISTS:
        raise Http404
    params = {k: request.GET.get(k, "") for k in ("order", "category", "by", "best")}
    params = {k: v for k, v in params.items() if v}
    name = {"start": "start-list", "prizes": "prize-list", "teams": "team-ranking"}.get(what, what)
    return _answer(event, name, what, fmt, lambda ld: _event_table(event, ld, what, params))


@login_required
@require_safe
def round_list(
    request: HttpRequest, event_id: int, number: int, what: str, fmt: str
) -> HttpResponse:
    """The pairings or the results of round ``number`` as ``csv`` or ``html``."""
    event = event_for(request.user, event_id, Level.VIEWER)
    if what not in ROUND_LISTS:
        raise Http404
    name = f"round-{number:02d}-{what}"
    return _answer(event, name, what, fmt, lambda ld: _round_table(event, ld, number, what))


def _all_lists(event: m.Event, loaded: store.Loaded) -> Iterator[tuple[str, str, Table]]:
    """Every list of the event for the chief arbiter's report: (file name without extension,
    list, table); the category lists of the usual categories its players are in
    (:func:`~chessarbiter.web.events.lists.quick_categories`)."""
    yield "start-list", "start", _event_table(event, loaded, "start", {})
    if not _swiss(event):
        return
    for number in sorted(loaded.boards):
        for what in ROUND_LISTS:
            yield f"round-{number:02d}-{what}", what, _round_table(event, loaded, number, what)
    yield "standings", "standings", _event_table(event, loaded, "standings", {})
    yield "crosstable", "crosstable", _event_table(event, loaded, "crosstable", {})
    for text in lists.quick_categories(event):
        name = "category-" + (slugify(text.replace("+", "plus")) or "list")
        yield name, "category", _event_table(event, loaded, "category", {"category": text})
    if event.prize_table.strip():
        yield "prize-list", "prizes", _event_table(event, loaded, "prizes", {})


@login_required
@require_safe
def all_lists(request: HttpRequest, event_id: int) -> HttpResponse:
    """A ZIP of every list of the event, each as CSV and as a printable HTML page, in a
    folder named by the event."""
    event = event_for(request.user, event_id, Level.VIEWER)
    folder = _slug(event)
    buffer = io.BytesIO()
    try:
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            _write_lists(archive, event, folder)
    except ChessArbiterError as e:
        return HttpResponseBadRequest(str(e), content_type="text/plain; charset=utf-8")
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{folder}-lists.zip"'
    return response


def _write_lists(archive: zipfile.ZipFile, event: m.Event, folder: str) -> store.Loaded:
    """Every list of ``event`` into ``archive``'s ``folder``; the event as it was read."""
    loaded = store.load(event)
    for name, what, table in _all_lists(event, loaded):
        for fmt in FORMATS:
            body = _body(event, loaded, what, table, fmt)
            archive.writestr(f"{folder}/{name}.{fmt}", body.encode("utf-8"))
    return loaded


@login_required
@require_safe
def festival_lists(request: HttpRequest, festival_id: int) -> HttpResponse:
    """A ZIP of every section of the event the user may read: each section's lists (as
    :func:`all_lists`) and its TRF-2026 file, in a folder named by the section."""
    from ..events.services import export_trf

    festival = festival_for(request.user, festival_id, Level.VIEWER)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for section in festival.sections.order_by("pk"):
            if level(request.user, section) < Level.VIEWER:
                continue
            folder = _slug(section)
            try:
                loaded = _write_lists(archive, section, folder)
                text, _losses = export_trf(section, tournament=loaded.tournament)
            except ChessArbiterError as e:
                archive.writestr(f"{folder}/PROBLEM.txt", str(e).encode("utf-8"))
                continue
            archive.writestr(f"{folder}/{folder}.trf", text.encode("utf-8"))
    name = slugify(festival.name) or f"event-{festival.pk}"
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{name}-lists.zip"'
    return response
