"""The arbiter's pages: thin views over :mod:`chessarbiter.web.events.services` and the
library. Every POST changes the event through one service (one transaction, audited)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec
from urllib.parse import quote

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import F, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from chessarbiter import limits
from chessarbiter.errors import ChessArbiterError
from chessarbiter.event_settings import (
    LOCKED_ONCE_PAIRED,
    LOCKED_ONCE_PLAYED,
    LOCKED_ONCE_RECORDED,
)
from chessarbiter.formatting import format_fraction, format_points
from chessarbiter.pairing.double_swiss.rules import match_of_column
from chessarbiter.pairing.keizer.scoring import keizer_scores
from chessarbiter.pairing.swiss.ranking import numbering_problem

from ..events import adjournments, games, services, store, tables
from ..events import models as m
from ..events import ratings as event_ratings
from ..events.access import CREATE_EVENTS, Level, event_for, visible_events
from . import forms
from .context import page_context

P = ParamSpec("P")


def _shows_problems(
    view: Callable[Concatenate[HttpRequest, P], HttpResponse],
) -> Callable[Concatenate[HttpRequest, P], HttpResponse]:
    """Defence in depth for an event's pages: when the library refuses the event's stored
    data (a setting written past every validation, by an older version or by hand), the page
    says what it refused, on the event's page with its menu (status 200), rather than fail
    with a server error; the chief arbiter is pointed to the settings. Access is checked as
    the view checks it (a refusal there is not a problem of the data)."""

    @wraps(view)
    def wrapper(request: HttpRequest, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except ChessArbiterError as e:
            event_id = kwargs["event_id"] if "event_id" in kwargs else args[0]
            ev = event_for(request.user, int(str(event_id)), Level.VIEWER)
            return render(
                request, "arbiter/problem.html", page_context(request, ev, problem=str(e))
            )

    return wrapper


def played_in_rounds(
    need: Level,
) -> Callable[
    [Callable[Concatenate[HttpRequest, m.Event, P], HttpResponse]], Callable[..., HttpResponse]
]:
    """The pages of an event played in rounds (pairing, Swiss standings, crosstable, their
    print views): the view is given the event when the user has ``need`` in it
    (:func:`event_for`). A knockout event has no rounds to pair, no Swiss standings or
    crosstable: it is played on its bracket, where these pages send the user; a simul
    contest, on its own page."""

    def decorate(
        view: Callable[Concatenate[HttpRequest, m.Event, P], HttpResponse],
    ) -> Callable[..., HttpResponse]:  # called by the URL resolver with event_id=...
        @wraps(view)
        def wrapper(
            request: HttpRequest, /, event_id: int, *args: P.args, **kwargs: P.kwargs
        ) -> HttpResponse:
            ev = event_for(request.user, event_id, need)
            if ev.in_rounds():
                return view(request, ev, *args, **kwargs)
            if ev.simul_contest():
                told, page = (
                    _(
                        "A simul contest is not paired: each exhibitor's score and time are "
                        "recorded on the contest's page, which ranks them."
                    ),
                    "arbiter:simul",
                )
            else:
                told, page = (
                    _(
                        "A knockout event is played on its bracket: no rounds are paired and "
                        "no Swiss standings are kept."
                    ),
                    "arbiter:knockout",
                )
            messages.info(request, told)
            return redirect(page, ev.pk)

        return wrapper

    return decorate


def _fail(request: HttpRequest, error: Exception) -> None:
    messages.error(request, str(error))


def _attempt(request: HttpRequest, call: Callable[[], object], success: str) -> bool:
    """Run one service; tell the arbiter how it went (the service's own words on failure)."""
    try:
        call()
    except ChessArbiterError as e:
        _fail(request, e)
        return False
    messages.success(request, success)
    return True


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """The user's events: the active ones (the sections of one event together, newest event
    first), then the archived ones; for a superuser, the last deleted events too (each with
    its TRF copy)."""
    events = visible_events(request.user)
    active = [e for e in events if not e.archived]
    first: dict[int, int] = {}
    for place, e in enumerate(active):
        first.setdefault(e.festival_id, place)
    superuser = getattr(request.user, "is_superuser", False)
    return render(
        request,
        "arbiter/home.html",
        {
            "events": sorted(active, key=lambda e: (first[e.festival_id], e.pk)),
            "archived": [e for e in events if e.archived],
            "deleted": m.DeletedEvent.objects.select_related("deleted_by")[:20]
            if superuser
            else [],
        },
    )


@login_required
def deleted_event(request: HttpRequest, deleted_id: int) -> HttpResponse:
    """A deleted event's TRF copy (superusers, and the user who deleted it): imported, it
    brings the event back."""
    record = get_object_or_404(m.DeletedEvent, pk=deleted_id)
    superuser = getattr(request.user, "is_superuser", False)
    if not (superuser or record.deleted_by_id == request.user.pk):
        raise PermissionDenied
    response = HttpResponse(record.trf, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="deleted-event-{record.event_id}.trf"'
    return response


#: Who may create and import events: users with the permission
#: :data:`~chessarbiter.web.events.access.CREATE_EVENTS` (superusers have every permission);
#: the others are refused with the 403 page.
may_create = permission_required(CREATE_EVENTS, raise_exception=True)


@login_required
@may_create
def event_new(request: HttpRequest) -> HttpResponse:
    form = forms.EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(request.user, **form.cleaned_data)
        except ChessArbiterError as e:
            _fail(request, e)
        else:
            messages.success(request, _("Event created."))
            if event.system == m.Event.System.ROUND_ROBIN:
                messages.info(
                    request,
                    _(
                        "Round robin: register the players, then draw their pairing numbers "
                        "by lot on the players page before round 1 is paired (C.05)."
                    ),
                )
            return redirect("arbiter:event", event.pk)
    return render(request, "arbiter/event_form.html", {"form": form, "event": None})


@login_required
@may_create
def event_import(request: HttpRequest) -> HttpResponse:
    """A new event from a TRF file. A file that is not a tournament (the reader's message
    says why), or larger than :data:`chessarbiter.limits.MAX_FILE_BYTES`, creates nothing;
    what the import left out or found suspicious is shown as warnings."""
    form = forms.TrfImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        warnings: list[str] = []
        try:
            from chessarbiter.trf import decode

            event = services.import_trf(
                request.user, decode(upload.read(), upload.name), upload.name, warnings=warnings
            )
        except ChessArbiterError as e:
            _fail(request, e)
        else:
            for warning in warnings:
                messages.warning(request, warning)
            messages.success(request, _("Event imported."))
            return redirect("arbiter:event", event.pk)
    return render(request, "arbiter/event_import.html", {"form": form})


#: Boards without a result named (with links) on the event's page; the rest are counted.
MISSING_BOARDS_SHOWN = 60


@login_required
@_shows_problems
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    rounds = list(ev.round_set.all())
    return render(
        request,
        "arbiter/event.html",
        page_context(
            request, ev, rounds=rounds, lots_drawn=_lots_drawn(ev), **_missing_results(ev)
        ),
    )


def _lots_drawn(ev: m.Event) -> bool:
    """Whether the pairing numbers of the (round-robin) event were drawn by lot here."""
    return m.AuditEntry.objects.filter(event=ev, action="player.lots").exists()


def _missing_results(ev: m.Event) -> dict[str, Any]:
    """The last round's boards still without a result (the next pairing waits for them):
    the first :data:`MISSING_BOARDS_SHOWN` numbers, how many more, the round's number."""
    last = ev.round_set.order_by("-number").first()
    if last is None:
        return {"missing_count": 0}
    missing = list(
        m.Board.objects.filter(round=last, result="", black__isnull=False)
        .order_by("number")
        .values_list("number", flat=True)
    )
    return {
        "missing_round": last.number,
        "missing_boards": missing[:MISSING_BOARDS_SHOWN],
        "missing_more": max(0, len(missing) - MISSING_BOARDS_SHOWN),
        "missing_count": len(missing),
    }


@login_required
@_shows_problems
def event_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's settings, those the library's policy fixes shown disabled: once round 1
    is paired (:data:`chessarbiter.event_settings.LOCKED_ONCE_PAIRED`), and once a game or
    walkover of a knockout bracket is recorded
    (:data:`~chessarbiter.event_settings.LOCKED_ONCE_PLAYED`), and once a simul contest's
    result is recorded (``LOCKED_ONCE_RECORDED``); the service refuses a change
    of them all the same (:func:`~chessarbiter.web.events.services.update_event`)."""
    ev = event_for(request.user, event_id, Level.CHIEF)
    form = forms.EventForm(request.POST or None, instance=m.Event.objects.get(pk=ev.pk))
    fixed: list[tuple[tuple[str, ...], str]] = []
    if ev.round_set.exists():
        fixed.append((LOCKED_ONCE_PAIRED, _("fixed once round 1 is paired")))
    if services.bracket_played(ev):
        fixed.append((LOCKED_ONCE_PLAYED, _("fixed once a knockout game is played")))
    if services.simul_recorded(ev):
        fixed.append((LOCKED_ONCE_RECORDED, _("fixed once an exhibitor's result is recorded")))
    for names, why in fixed:
        for name in names:
            if name in form.fields:
                form.fields[name].disabled = True
                form.fields[name].help_text = why
    if request.method == "POST" and form.is_valid():
        try:
            services.update_event(ev, request.user, **form.cleaned_data)
        except ChessArbiterError as e:
            _fail(request, e)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("arbiter:event", ev.pk)
    return render(request, "arbiter/event_form.html", page_context(request, ev, form=form))


@login_required
@require_POST
def event_archive(request: HttpRequest, event_id: int) -> HttpResponse:
    """Archive the event: chief arbiter only, audited."""
    ev = event_for(request.user, event_id, Level.CHIEF)
    _attempt(request, lambda: services.archive_event(ev, request.user), _("Event archived."))
    return redirect("arbiter:settings", ev.pk)


@login_required
@require_POST
def event_restore(request: HttpRequest, event_id: int) -> HttpResponse:
    """Bring an archived event back: chief arbiter only, audited."""
    ev = event_for(request.user, event_id, Level.CHIEF)
    _attempt(request, lambda: services.restore_event(ev, request.user), _("Event restored."))
    return redirect("arbiter:settings", ev.pk)


@login_required
@_shows_problems
def event_delete(request: HttpRequest, event_id: int) -> HttpResponse:
    """GET: what deleting the event removes, and a form asking for its name. POST with the
    event's name typed again: delete it (chief arbiter only; the audit log and a TRF copy are
    kept, :func:`~chessarbiter.web.events.services.delete_event`)."""
    ev = event_for(request.user, event_id, Level.CHIEF)
    form = forms.DeleteEventForm(ev.name, request.POST or None)
    if request.method == "POST" and form.is_valid():
        name = ev.name
        try:
            services.delete_event(ev, request.user, form.cleaned_data["reason"])
        except ChessArbiterError as e:
            _fail(request, e)
        else:
            messages.success(request, _("Event deleted: %(name)s") % {"name": name})
            return redirect("arbiter:home")
    counts = {
        "players": ev.players.count(),
        "rounds": ev.round_set.count(),
        "results": m.Board.objects.filter(round__event=ev).exclude(result="").count(),
    }
    return render(
        request, "arbiter/event_delete.html", page_context(request, ev, form=form, **counts)
    )


# -- players ---------------------------------------------------------------------------------


#: Below this many players the registration form on the players page is shown unfolded.
REGISTER_OPEN_BELOW = 20


def _player_rows(ev: m.Event, search: forms.PlayerListForm) -> Any:
    """The event's players the search keeps (a name's part, a pairing number or FIDE ID, a
    federation, a rating range), in the order asked for (unrated players last by rating)."""
    rows = ev.players.all()
    q = (search.value("q") or "").strip()
    if q.isascii() and q.isdigit():
        by_number = Q(number=int(q)) if len(q) <= len(str(limits.MAX_PLAYERS)) else Q()
        rows = rows.filter(by_number | Q(fide_id=q)) if by_number else rows.filter(fide_id=q)
    elif q:
        rows = rows.filter(name__icontains=q)
    if search.value("fed"):
        rows = rows.filter(federation__iexact=search.value("fed").strip())
    low, high = search.value("rmin"), search.value("rmax")
    if low is not None:
        rows = rows.filter(rating__gte=low)
    if high is not None:
        rows = rows.filter(rating__lte=high)
    sort = search.value("sort") or "number"
    descending = sort.startswith("-")
    fields = forms.PLAYER_SORTS[sort.lstrip("-")]
    first = F(fields[0]).desc(nulls_last=True) if descending else F(fields[0]).asc(nulls_last=True)
    return rows.order_by(first, *fields[1:])


@login_required
@_shows_problems
def players(request: HttpRequest, event_id: int) -> HttpResponse:
    """The players: the registration form at the top (folded in a large event), the list
    searched, sorted and paged by GET parameters (:class:`forms.PlayerListForm`), then the
    imports, the pairs kept apart and the numbering."""
    ev = event_for(request.user, event_id, Level.VIEWER)
    # a tournament of consultation groups registers groups (forms.GroupForm), one a row
    groups = ev.system == m.Event.System.CONSULTATION
    form: forms.PlayerForm | forms.GroupForm = (
        forms.GroupForm(request.POST or None) if groups else forms.PlayerForm(request.POST or None)
    )
    if request.method == "POST":
        event_for(request.user, event_id, Level.ARBITER)
        if form.is_valid():
            fields = form.registration() if isinstance(form, forms.GroupForm) else form.cleaned_data
            try:
                p = services.add_player(ev, request.user, **fields)
            except ChessArbiterError as e:
                _fail(request, e)
            else:
                messages.success(request, _("Registered: %(p)s") % {"p": str(p)})
                return redirect(reverse("arbiter:players", args=[ev.pk]) + "?register=1#register")
    wanted = request.GET.copy()
    wanted.setdefault("per", "100")
    search = forms.PlayerListForm(wanted)
    total = ev.players.count()
    found = _player_rows(ev, search)
    pages = Paginator(found, search.rows_a_page())
    page = pages.get_page(request.GET.get("page"))
    rows: list[m.Player] = list(page.object_list)
    byes: dict[int, list[m.ByeRequest]] = {}
    for b in m.ByeRequest.objects.filter(player__in=rows):
        byes.setdefault(b.player_id, []).append(b)
    for p in rows:
        p.requests = byes.get(p.pk, [])  # type: ignore[attr-defined]
        if groups:
            p.group = store.stored_group(p)  # type: ignore[attr-defined]
    kept = request.GET.copy()
    for name in ("page", "sort", "register"):
        kept.pop(name, None)
    sort = search.value("sort") or "number"
    lots_drawn = _lots_drawn(ev)
    return render(
        request,
        "arbiter/players.html",
        page_context(
            request,
            ev,
            form=form,
            players=rows,
            page=page,
            total=total,
            found=pages.count,
            search=search,
            filtered=any(search.value(n) is not None for n in ("q", "fed", "rmin", "rmax")),
            sort=sort,
            sort_links=_sort_links(kept, sort),
            register_open=bool(form.errors)
            or "register" in request.GET
            or total < REGISTER_OPEN_BELOW,
            lots_drawn=lots_drawn,
            import_form=forms.ImportForm(),
            forbidden_form=forms.ForbiddenPairForm(),
            forbidden=ev.forbidden_pairs.select_related("first", "second"),
        ),
    )


def _sort_links(kept: Any, sort: str) -> dict[str, str]:
    """Each sortable column's link: sorted by it (a rating from the highest, the others
    ascending), or in reverse when it is the order shown; the search ``kept``."""
    links: dict[str, str] = {}
    for key in forms.PLAYER_SORTS:
        first = f"-{key}" if key == "rating" else key
        target = first if sort != first else (key if first.startswith("-") else f"-{key}")
        links[key] = "?" + _with(kept, sort=target)
    return links


def _with(query: Any, **values: str) -> str:
    """The GET parameters ``query`` with ``values`` set, URL-encoded."""
    changed = query.copy()
    for key, value in values.items():
        changed[key] = value
    encoded: str = changed.urlencode()
    return encoded


@login_required
@require_POST
def players_import(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.ARBITER)
    form = forms.ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        if "file" in request.FILES and "file" in form.errors:
            for error in form.errors["file"]:
                messages.error(request, str(error))
        else:
            messages.error(request, _("Choose a format and a file."))
        return redirect("arbiter:players", ev.pk)
    upload = form.cleaned_data["file"]
    kind = form.cleaned_data["kind"]
    raw = upload.read()
    try:
        if kind == "trf":
            from chessarbiter.trf import decode, loads

            fields = [store.player_fields(p) for p in loads(decode(raw, upload.name), upload.name)]
        else:
            from chessarbiter import registration
            from chessarbiter.trf import decode

            # UTF-8, else Windows-1252 (as the TRF reader); a FIDE rating list has every
            # player of the world, so it may be larger than a tournament file
            text = decode(raw, upload.name, max_bytes=forms.ImportForm.max_bytes(kind))
            records: list[Any]
            if kind == "csv":
                records = registration.read_players_csv(text, upload.name)
            else:
                # the rating of the event's time control (a combined list has three)
                kind = registration.rating_kind(ev.time_control)
                listed = registration.read_fide_rating_list(text, upload.name, kind)
                records, missing = registration.select_by_fide_id(
                    listed, form.cleaned_data["fide_ids"]
                )
                if not records and not missing:
                    raise services.ServiceError(
                        _("Say which FIDE IDs to take from the rating list.")
                    )
                if missing:
                    raise services.ServiceError(
                        _("Not in the rating list: %(ids)s") % {"ids": ", ".join(missing)}
                    )
            for warning in getattr(records, "warnings", []):
                messages.warning(request, str(warning))
            fields = services.players_from_records(records)
        count = services.add_players(ev, request.user, fields)
    except ChessArbiterError as e:
        _fail(request, e)
    else:
        registered = ngettext("%(n)d player registered.", "%(n)d players registered.", count)
        messages.success(request, registered % {"n": count})
        for warning in services.suspicious_entries(ev):
            messages.warning(request, warning)
    return redirect("arbiter:players", ev.pk)


@login_required
@_shows_problems
def player(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    p = get_object_or_404(m.Player, pk=player_id, event=ev)
    form = forms.PlayerForm(request.POST or None, instance=m.Player.objects.get(pk=p.pk))
    if request.method == "POST":
        event_for(request.user, event_id, Level.ARBITER)
        if form.is_valid():
            try:
                services.update_player(p, request.user, **form.cleaned_data)
            except ChessArbiterError as e:
                _fail(request, e)
            else:
                messages.success(request, _("Saved."))
                return redirect("arbiter:players", ev.pk)
    return render(
        request,
        "arbiter/player.html",
        page_context(
            request,
            ev,
            player=p,
            form=form,
            bye_form=forms.ByeForm(
                initial={"round": ev.round_set.count() + 1}, keizer=ev.keizer_scored()
            ),
            requests=p.bye_requests.all(),
            card=_or_message(request, lambda: tables.player_card(ev, p.number)),
            move_form=forms.MovePlayerForm(ev)
            if not ev.round_set.exists() and ev.festival.sections.count() > 1
            else None,
        ),
    )


def _or_message(request: HttpRequest, compute: Callable[[], Any]) -> Any:
    """What ``compute`` gives, or None with the library's message shown (a page shows what
    it can rather than fail)."""
    try:
        return compute()
    except ChessArbiterError as e:
        _fail(request, e)
        return None


def _player_change(
    change: Callable[[HttpRequest, m.Event, m.Player], HttpResponse | None],
) -> Callable[..., HttpResponse]:
    """A POST that changes one player (an arbiter's): ``change`` is given the event and the
    player; the service's refusal is shown, else "Saved.", and the user is back on the
    player's page unless ``change`` answers otherwise."""

    @wraps(change)
    def view(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
        ev = event_for(request.user, event_id, Level.ARBITER)
        p = get_object_or_404(m.Player, pk=player_id, event=ev)
        try:
            response = change(request, ev, p)
        except ChessArbiterError as e:
            _fail(request, e)
            return redirect("arbiter:player", ev.pk, p.pk)
        if response is not None:
            return response
        messages.success(request, _("Saved."))
        return redirect("arbiter:player", ev.pk, p.pk)

    return login_required(require_POST(view))


@_player_change
def player_withdraw(request: HttpRequest, ev: m.Event, p: m.Player) -> HttpResponse | None:
    """Withdraw the player from the next round on."""
    services.withdraw_player(p, request.user)
    return None


@_player_change
def player_reenter(request: HttpRequest, ev: m.Event, p: m.Player) -> HttpResponse | None:
    """Bring a withdrawn player back."""
    services.reenter_player(p, request.user)
    return None


@_player_change
def player_delete(request: HttpRequest, ev: m.Event, p: m.Player) -> HttpResponse | None:
    """Remove the player (before round 1 is paired); back to the list of players."""
    services.delete_player(p, request.user)
    return redirect("arbiter:players", ev.pk)


@_player_change
def player_replace(request: HttpRequest, ev: m.Event, p: m.Player) -> HttpResponse | None:
    """A knockout replacement takes the player's place in the bracket (Stage by Stage 1997);
    on to the replacement's page."""
    from ..events import knockout

    replacement = forms.PlayerForm(request.POST)
    if not replacement.is_valid():
        messages.error(request, _("Give the replacement's name."))
        return redirect("arbiter:player", ev.pk, p.pk)
    fields = {k: v for k, v in replacement.cleaned_data.items() if k != "entry_stage"}
    new = knockout.replace(p, request.user, **fields)
    messages.success(request, _("Saved."))
    return redirect("arbiter:player", ev.pk, new.pk)


@_player_change
def player_bye(request: HttpRequest, ev: m.Event, p: m.Player) -> HttpResponse | None:
    """Request a bye for a round, or withdraw the request (kind '')."""
    form = forms.ByeForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Bad bye request."))
    services.set_bye_request(p, request.user, form.cleaned_data["round"], form.cleaned_data["kind"])
    return None


@login_required
@require_POST
def forbidden_pair(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.ARBITER)
    form = forms.ForbiddenPairForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give two pairing numbers."))
        return redirect("arbiter:players", ev.pk)
    first = ev.players.filter(number=form.cleaned_data["first"]).first()
    second = ev.players.filter(number=form.cleaned_data["second"]).first()
    if first is None or second is None:
        messages.error(request, _("No such player number."))
        return redirect("arbiter:players", ev.pk)
    _attempt(
        request,
        lambda: services.add_forbidden_pair(ev, request.user, first, second),
        _("Saved."),
    )
    return redirect("arbiter:players", ev.pk)


@login_required
@require_POST
def players_lots(request: HttpRequest, event_id: int) -> HttpResponse:
    """Draw a round robin's pairing numbers from ``seed``: by plain lot (C.05 Annex 1), or with
    ``method=varma`` by the Varma tables (C.05 Annex 2), federations kept apart unless
    ``allow_split``; before round 1 only (:func:`services.draw_numbers_by_lot`)."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    seed = request.POST.get("seed", "").strip()
    if not seed:
        messages.error(request, _("Give the seed of the draw (to be published)."))
        return redirect("arbiter:players", ev.pk)
    varma = request.POST.get("method") == "varma"
    allow_split = bool(request.POST.get("allow_split"))
    _attempt(
        request,
        lambda: services.draw_numbers_by_lot(
            ev, request.user, seed, varma=varma, allow_split=allow_split
        ),
        _("Pairing numbers drawn by the Varma tables.")
        if varma
        else _("Pairing numbers drawn by lot."),
    )
    return redirect("arbiter:players", ev.pk)


@login_required
@require_POST
def players_renumber(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.ARBITER)
    _attempt(
        request,
        lambda: services.renumber_by_rating(ev, request.user),
        _("Pairing numbers set by rating, title and name."),
    )
    return redirect("arbiter:players", ev.pk)


# -- pairing ---------------------------------------------------------------------------------


@login_required
@_shows_problems
@played_in_rounds(Level.ARBITER)
def pair(request: HttpRequest, ev: m.Event) -> HttpResponse:
    """GET: the proposed pairing (a preview, nothing stored). POST: store it.

    An event of more than ``CHESSARBITER_INLINE_PAIRING_MAX`` players is not paired inside
    the request: its proposal is a background job (the "Compute the pairing" button), which
    the page follows until it is done, then shows; publishing stores that proposal as it is
    if the event has not changed since (else a pairing job stores the rules' pairing)."""
    from django.conf import settings

    from ..jobs import services as jobs

    team_systems = (m.Event.System.TEAM_ROUND_ROBIN, m.Event.System.TEAM_SWISS)
    if ev.system in team_systems and request.method != "POST":
        return redirect("arbiter:teams", ev.pk)
    big = (
        ev.system not in team_systems
        and ev.players.count() > settings.CHESSARBITER_INLINE_PAIRING_MAX
    )
    if request.method == "POST":
        done = jobs.valid_proposal(ev) if big else None
        try:
            if big and request.POST.get("action") == "compute":
                if done is None:  # else computed meanwhile (by another arbiter): shown
                    jobs.submit_proposal(ev, request.user)
                return redirect("arbiter:pair", ev.pk)
            if done is not None:
                rnd = services.pair_next_round(
                    ev,
                    request.user,
                    proposal=jobs.proposal_of(done),
                    version=done.result["version"],
                )
            elif big:
                jobs.submit_pairing(ev, request.user)
                return redirect("arbiter:pair", ev.pk)
            else:
                rnd = services.pair_next_round(ev, request.user)
        except ChessArbiterError as e:
            _fail(request, e)
            return redirect("arbiter:pair" if big else "arbiter:event", ev.pk)
        if ev.double_swiss():
            text = _("Match %(k)d paired.") % {"k": match_of_column(rnd.number)}
        else:
            text = _("Round %(n)d paired.") % {"n": rnd.number}
        messages.success(request, text)
        return redirect("arbiter:round", ev.pk, rnd.number)
    job = done = None
    if big:
        job = jobs.active_pairing(ev)
        done = jobs.valid_proposal(ev) if job is None else None
        if done is None:
            return render(
                request,
                "arbiter/pair.html",
                page_context(
                    request,
                    ev,
                    job=job,
                    **_missing_results(ev),
                    failed=jobs.failed_pairing(ev) if job is None else None,
                    being_paired_by=job.created_by
                    if job is not None and job.created_by_id != request.user.pk
                    else None,
                ),
            )
    loaded = store.load(ev)
    try:
        if done is not None:
            proposal = jobs.proposal_of(done)
            absent = [int(n) for n in done.result.get("absent", [])]
        else:
            proposal = services.propose_pairing(ev, loaded)
            absent = services.absent_at_check_in_next(ev, loaded)
    except ChessArbiterError as e:
        _fail(request, e)
        return redirect("arbiter:event", ev.pk)
    t = loaded.tournament
    names = {p.number: p.name for p in t}
    points = {n: format_points(v) for n, v in t.scores().items()}
    keizer = store.pairing_rules(ev).keizer_settings if ev.keizer_scored() else None
    if keizer is not None:  # the Keizer scores the engine ranked the players by
        points = {n: format_fraction(v) for n, v in keizer_scores(t, keizer).scores.items()}
    boards = [
        {
            "number": i,
            "white": b.white,
            "white_name": names[b.white],
            "white_points": points[b.white],
            "black": b.black,
            "black_name": names[b.black],
            "black_points": points[b.black],
            **{
                f"{side}_{key}": getattr(t.player(n), key)
                for side, n in (("white", b.white), ("black", b.black))
                for key in ("title", "rating", "federation")
            },
        }
        for i, b in enumerate(proposal.boards, start=1)
    ]
    manual_text = "\n".join(f"{b.white} {b.black}" for b in proposal.boards)
    if proposal.bye is not None:
        manual_text += f"\n{proposal.bye} 0"
    return render(
        request,
        "arbiter/pair.html",
        page_context(
            request,
            ev,
            proposal=proposal,
            boards=boards,
            bye_name=names.get(proposal.bye) if proposal.bye else None,
            manual_form=forms.ManualPairingForm(initial={"boards": manual_text}),
            absent_at_check_in=[(n, names[n]) for n in absent],
            numbering_problem=numbering_problem(list(t))
            if proposal.round == 1 and ev.system == m.Event.System.SWISS
            else None,
        ),
    )


def deviation_labels() -> dict[str, str]:
    """A short translated name for each kind of rule break a hand-made pairing can have (the
    library's sentence, with the details, follows it in English, as the FIDE rules read)."""
    return {
        "self-paired": _("Player against himself"),
        "repeat": _("Players meet again"),
        "forbidden": _("Forbidden pair"),
        "bye-ineligible": _("May not receive the bye"),
        "colour-three-in-row": _("Same colour a third time in a row"),
        "colour-difference": _("Colour difference beyond two"),
        "unpaired": _("Player left out"),
        "duplicate": _("Player on two boards"),
        "absent-paired": _("Absent player paired"),
        "extra-bye": _("More than one bye"),
    }


@login_required
@require_POST
@played_in_rounds(Level.ARBITER)
def pair_manual(request: HttpRequest, ev: m.Event) -> HttpResponse:
    """Check a hand-made pairing; store it once the arbiter confirms the listed deviations.
    A pairing with an absolute error (a player against himself or twice in the round, an
    unknown or withdrawn player, a second bye) is refused, confirmation and note or not.
    Refused too while a background job pairs the round (the page shows who started it)."""
    from chessarbiter.pairing.swiss.deviations import InvalidPairingError

    from ..jobs.services import active_pairing

    if active_pairing(ev) is not None:
        return redirect("arbiter:pair", ev.pk)

    form = forms.ManualPairingForm(request.POST)
    deviations: list[Any] = []
    errors: list[Any] = []
    if form.is_valid():
        boards = form.cleaned_data["boards"]
        try:
            # the deviations of these boards were shown and confirmed: publishing checks and
            # records them again; boards changed after the check are checked and shown first
            deviations = [] if form.confirmed() else services.check_boards(ev, boards)
            if not deviations:
                rnd = services.pair_next_round(ev, request.user, boards, form.cleaned_data["note"])
                messages.success(request, _("Round %(n)d paired by hand.") % {"n": rnd.number})
                return redirect("arbiter:round", ev.pk, rnd.number)
        except InvalidPairingError as e:
            deviations = []
            errors = list(e.errors)
            messages.error(
                request, _("This pairing cannot be published, with or without a reason.")
            )
        except ChessArbiterError as e:
            deviations = []
            _fail(request, e)
    data = request.POST.copy()
    data["confirm"] = forms.boards_key(form.cleaned_data["boards"]) if deviations else ""
    labels = deviation_labels()
    return render(
        request,
        "arbiter/pair_manual.html",
        page_context(
            request,
            ev,
            form=forms.ManualPairingForm(data),
            deviations=[(labels.get(d.kind, d.kind), d) for d in deviations],
            errors=[(labels.get(d.kind, d.kind), d) for d in errors],
        ),
    )


@login_required
@require_POST
@played_in_rounds(Level.CHIEF)
def unpair(request: HttpRequest, ev: m.Event) -> HttpResponse:
    try:
        n = services.unpair_last_round(ev, request.user)
    except ChessArbiterError as e:
        _fail(request, e)
    else:
        if ev.double_swiss():
            text = _("Match %(k)d unpaired.") % {"k": match_of_column(n)}
        else:
            text = _("Round %(n)d unpaired.") % {"n": n}
        messages.success(request, text)
    return redirect("arbiter:event", ev.pk)


# -- results ---------------------------------------------------------------------------------


def _result_choices() -> list[tuple[str, str]]:
    """The results an arbiter can pick for a board: (key of RESULT_CODES, written form)."""
    from chessarbiter.model import Result

    out = []
    for key, (white, black) in store.RESULT_CODES.items():
        label = store.result_label(white, black)
        if Result(white).is_game and not Result(white).is_rated_game:
            label += " " + _("(not rated)")
        out.append((key, label))
    return out


@login_required
@_shows_problems
def round_page(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    rnd = get_object_or_404(m.Round, event=ev, number=number)
    view = tables.round_view(ev, number)
    choices = _result_choices()
    labels = dict(choices)
    # the keys of the keyboard entry: 1 0 = + - (5 and ½ are draws too, for a numeric keypad)
    keys = {k: (c, labels[c]) for k, c in {**store.RESULT_KEYS, "5": "=", "½": "="}.items()}
    byes = {
        str(n): name
        for n, name in m.Board.objects.filter(round=rnd, black=None).values_list(
            "number", "white__name"
        )
    }
    texts = {
        "help": _(
            "Board number, then Space (or Tab or Enter), then the result: 1 white wins, 0 black "
            "wins, = (or 5) draw, + or - forfeit win for white or black. Enter saves, Escape "
            "clears."
        ),
        "board": _("Board %(board)s: %(white)s – %(black)s"),
        "now": _("now %(result)s"),
        "no_result": _("no result yet"),
        "replaces": _("replaces %(result)s"),
        "no_board": _("Round %(round)s has no board %(board)s: nothing is sent."),
        "bye": _("Board %(board)s is a bye (%(name)s): it has no result to enter."),
        "board_first": _("Type the board number first."),
        "digits": _("The board field takes digits only (1 to 9999)."),
        "next": _("Press Space, Tab or Enter after the board number, then the result key."),
        "result_keys": _("Result keys: 1 0 = + - (Enter saves, Escape clears)."),
        "result_first": _("Type the result key first: 1 0 = + -"),
        "confirm": _("Enter to confirm, Escape or any other key to keep it."),
        "locked": _("(Escape to start again, Backspace to correct.)"),
        "one_key": _("One result key per board: Backspace to change it, Enter to send."),
        "dropped": _("(The keys typed after the last Enter were not taken: type them again.)"),
        "kept": _("Board %(board)s: %(result)s kept, nothing changed."),
        "sending": _("Sending board %(board)s…"),
        "network": _("The result could not be sent (%(error)s): nothing was saved."),
        "count": _("%(entered)s of %(total)s results entered"),
    }
    from ..events import teams

    matches, loose = teams.round_groups(ev, number, view.boards)
    return render(
        request,
        "arbiter/round.html",
        page_context(
            request,
            ev,
            round=view,
            team_matches=matches,
            loose_boards=loose,
            games=games.round_games(ev, number),
            unconfirmed=games.unconfirmed_results(ev, number),
            protest=adjournments.protest_status(ev, number),
            adjourned=adjournments.adjourned_boards(ev, number),
            round_source=rnd.pgn_source,
            games_total=len(view.boards),
            games_entered=sum(1 for b in view.boards if b.result),
            only_pending=request.GET.get("pending") == "1",
            choices=choices,
            entry_keys=keys,
            entry_byes=byes,
            entry_texts=texts,
        ),
    )


def message_headers(response: HttpResponse, message: str, level_name: str) -> HttpResponse:
    """``response`` with ``message`` for the results bar (``app.js``), which shows it: in
    ``X-Message``, URL-encoded (a header is ASCII), and its level (success, info, warning or
    error) in ``X-Message-Level``."""
    response["X-Message"] = quote(message)
    response["X-Message-Level"] = level_name
    return response


def _posted_version(request: HttpRequest) -> int | None:
    """The ``version`` of the row the arbiter saw, as a form posts it: at most nine ASCII
    digits, else None (not known: the change is not checked against a newer one)."""
    text = request.POST.get("version", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


@login_required
@require_POST
def result(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Enter a result: ``board`` (board number), ``result`` (a key of RESULT_CODES, one of the
    keyboard keys 1 0 = + -, or '' to clear), ``version`` (the board's version the arbiter
    saw, when known) and ``replace`` (set to confirm replacing or clearing a different result
    already there, :func:`services.set_result`).

    With ``HX-Request`` (the page's script) the answer is the saved row, or a refusal: 400 (no
    such board in the round, a bye, an unknown result) or 409 (changed meanwhile; with
    ``X-Result-Exists`` and ``X-Board-Version`` when the board has another result and
    ``replace`` was not set). The message is the body and, URL-encoded, ``X-Message``
    (``X-Message-Level``: success, info, warning or error). Without it, a redirect to the round
    with the message, except for a board that is not a game of the round (400)."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    rnd = get_object_or_404(m.Round, event=ev, number=number)
    fragment = bool(request.headers.get("HX-Request"))

    def refuse(status: int, message: str) -> HttpResponse:
        response = HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
        response["HX-Reswap"] = "none"
        return message_headers(response, message, "error")

    text = request.POST.get("board", "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 5):
        return refuse(400, _("Which board? Give the board's number."))
    board = (
        m.Board.objects.filter(round=rnd, number=int(text)).select_related("white", "black").first()
    )
    if board is None:
        return refuse(400, _("Round %(r)d has no board %(b)d.") % {"r": number, "b": int(text)})
    if board.black_id is None:
        return refuse(
            400,
            _("Board %(b)d of round %(r)d is a bye: it has no result to enter.")
            % {"b": board.number, "r": number},
        )
    choice = request.POST.get("result", "")
    choice = store.RESULT_KEYS.get(choice, choice)
    version = _posted_version(request)
    replace = request.POST.get("replace", "") in ("1", "on", "true", "yes")
    try:
        change = services.set_result(board.pk, request.user, choice, version, replace=replace)
    except services.ResultExistsError as e:
        if fragment:
            response = refuse(409, str(e))
            response["X-Result-Exists"] = e.current_choice or "-"
            response["X-Board-Version"] = str(e.version)
            return response
        messages.error(request, str(e) + " " + _("Tick “replace” and save again to confirm."))
        return redirect("arbiter:round", ev.pk, number)
    except ChessArbiterError as e:
        if fragment:
            return refuse(409 if isinstance(e, services.ConflictError) else 400, str(e))
        messages.error(request, str(e))
        return redirect("arbiter:round", ev.pk, number)
    label = store.result_label(change.board.result, change.board.black_result) or "-"
    values = {"b": board.number, "r": label}
    if change.later:
        message, message_level = services.describe_later(change.later), messages.WARNING
    elif not change.changed:
        message = _("Board %(b)d already had %(r)s: nothing changed.") % values
        message_level = messages.INFO
    else:
        message, message_level = _("Board %(b)d: %(r)s saved.") % values, messages.SUCCESS
    if not fragment:
        messages.add_message(request, message_level, message)
        return redirect("arbiter:round", ev.pk, number)
    ev.refresh_from_db()
    try:
        if change.event_version is not None:
            view = tables.round_view_after_result(ev, number, change.board, change.event_version)
        else:
            view = tables.round_view(ev, number)
    except ChessArbiterError as e:
        # saved, but the event's data cannot be shown (defence in depth): say both
        response = HttpResponse(status=200)
        response["HX-Reswap"] = "none"
        return message_headers(response, f"{message} {e}", "warning")
    line = next((b for b in view.boards if b.number == board.number), None)
    if line is None:  # pragma: no cover - the board is a game of the round (checked above)
        messages.add_message(request, message_level, message)
        return redirect("arbiter:round", ev.pk, number)
    response = render(
        request,
        "arbiter/_board_row.html",
        page_context(request, ev, b=line, choices=_result_choices(), round=view, flash=True),
    )
    if board.team_pairing_id is not None:
        # a team event: the match's new score for its header, after the row (app.js)
        from ..events import teams

        for group in teams.round_matches(ev, number, view.boards):
            if any(b.board_id == board.pk for b in group.boards):
                response.content += format_html(
                    '<template data-match-score="match-score-{}">{}</template>',
                    group.number,
                    group.score,
                ).encode()
    # the level's name: success, info or warning
    return message_headers(response, message, messages.DEFAULT_TAGS[message_level])


# -- reports ---------------------------------------------------------------------------------


@login_required
@_shows_problems
@played_in_rounds(Level.VIEWER)
def standings(request: HttpRequest, ev: m.Event) -> HttpResponse:
    """The standings after the last complete round; for an individual event with rated
    players, each player's rating change and the norms he achieved
    (:func:`~chessarbiter.web.events.ratings.standings_columns`)."""
    names, rows, rounds = tables.standings_rows(ev)
    return render(
        request,
        "arbiter/standings.html",
        page_context(
            request,
            ev,
            tiebreak_names=names,
            after_round=rounds,
            provisional=adjournments.provisional_players(ev),
            mixed=tables.mixed_match(ev),
            **event_ratings.standings_columns(ev, rows, rounds),
        ),
    )


@login_required
@_shows_problems
@played_in_rounds(Level.VIEWER)
def standings_player(request: HttpRequest, ev: m.Event, number: int) -> HttpResponse:
    p = get_object_or_404(m.Player, event=ev, number=number)
    return render(
        request,
        "arbiter/breakdown.html",
        page_context(request, ev, player=p, parts=tables.breakdown_lines(ev, number)),
    )


@login_required
@_shows_problems
@played_in_rounds(Level.VIEWER)
def crosstable(request: HttpRequest, ev: m.Event) -> HttpResponse:
    rows, rounds = tables.crosstable(ev)
    return render(
        request,
        "arbiter/crosstable.html",
        page_context(
            request,
            ev,
            rows=rows,
            round_numbers=range(1, rounds + 1),
            grid=tables.grid(ev),
            federations=tables.federations(ev),
        ),
    )


@login_required
def export(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    dialect = request.GET.get("dialect", "2026")
    try:
        text, losses = services.export_trf(ev, dialect)
    except ChessArbiterError as e:  # e.g. TRF16 cannot state the event's point system
        _fail(request, e)
        return redirect("arbiter:event", ev.pk)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if losses:
        response["X-TRF-Not-Carried"] = "; ".join(losses)
    response["Content-Disposition"] = f'attachment; filename="event-{ev.pk}-trf{dialect}.trf"'
    return response


@login_required
@_shows_problems
@played_in_rounds(Level.VIEWER)
def print_view(request: HttpRequest, ev: m.Event, what: str, number: int = 0) -> HttpResponse:
    ctx = page_context(request, ev, what=what)
    if what in ("pairings", "alpha", "slips"):
        get_object_or_404(m.Round, event=ev, number=number)
        view = tables.round_view(ev, number)
        ctx["round"] = view
        if what == "alpha":
            entries: list[tuple[str, int, int | None, str, str]] = []
            for b in view.boards:
                entries.append((b.white_name, b.white, b.number, _("white"), b.black_name))
                entries.append((b.black_name, b.black, b.number, _("black"), b.white_name))
            for num, name, kind in view.byes:
                entries.append((name, num, None, kind, ""))
            ctx["entries"] = sorted(entries, key=lambda e: e[0].casefold())
    elif what == "standings":
        names, rows, rounds = tables.standings_rows(ev)
        columns = event_ratings.standings_columns(ev, rows, rounds)
        ctx.update(tiebreak_names=names, after_round=rounds, **columns)
    elif what == "crosstable":
        rows, rounds = tables.crosstable(ev)
        ctx.update(rows=rows, round_numbers=range(1, rounds + 1), grid=tables.grid(ev))
        ctx.update(federations=tables.federations(ev))
    else:
        return HttpResponseBadRequest()
    return render(request, f"print/{what}.html", ctx)


# -- people and history ----------------------------------------------------------------------


@login_required
@_shows_problems
def roles(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.CHIEF)
    form = forms.RoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = get_user_model().objects.filter(username=form.cleaned_data["username"]).first()
        if user is None:
            messages.error(request, _("No such user."))
        elif _attempt(
            request,
            lambda: services.set_role(ev, request.user, user, form.cleaned_data["kind"]),
            _("Saved."),
        ):
            return redirect("arbiter:roles", ev.pk)
    return render(
        request,
        "arbiter/roles.html",
        page_context(request, ev, form=form, roles=ev.roles.select_related("user")),
    )


# -- simul contest ---------------------------------------------------------------------------


@login_required
@_shows_problems
def simul_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """A simul contest (Team Competitions 1972): each exhibitor's score and time, the forms
    that record them, and the standings the library ranks from them."""
    from ..events import simul

    ev = event_for(request.user, event_id, Level.VIEWER)
    if not ev.simul_contest():
        raise Http404
    return render(
        request, "arbiter/simul.html", page_context(request, ev, contest=simul.contest(ev))
    )


@login_required
@require_POST
def simul_result(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Record exhibitor ``number``'s result: ``score`` and ``minutes`` (both blank: clear
    it), ``replace`` set to confirm replacing or clearing a result already recorded
    (:func:`chessarbiter.web.events.simul.record_result`)."""
    from ..events import simul

    ev = event_for(request.user, event_id, Level.ARBITER)
    player = get_object_or_404(m.Player, event=ev, number=number)
    _attempt(
        request,
        lambda: simul.record_result(
            player,
            request.user,
            request.POST.get("score", ""),
            request.POST.get("minutes", ""),
            replace=bool(request.POST.get("replace")),
        ),
        _("Saved."),
    )
    return redirect(reverse("arbiter:simul", args=[ev.pk]) + f"#exhibitor-{number}")


# -- knockout --------------------------------------------------------------------------------


@login_required
@_shows_problems
def knockout_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The bracket as it stands and the matches to play."""
    from ..events import knockout

    ev = event_for(request.user, event_id, Level.VIEWER)
    matches = knockout.views(ev)
    svg = knockout.bracket_svg(ev) if matches else ""
    return render(
        request,
        "arbiter/knockout.html",
        page_context(request, ev, matches=matches, svg=mark_safe(svg)),  # our own SVG, text escaped
    )


@login_required
@require_POST
def knockout_draw(request: HttpRequest, event_id: int) -> HttpResponse:
    """Draw the bracket (again, while no game is played): chief arbiter only."""
    from ..events import knockout

    ev = event_for(request.user, event_id, Level.CHIEF)
    _attempt(request, lambda: knockout.draw(ev, request.user), _("Bracket drawn."))
    return redirect("arbiter:knockout", ev.pk)


@login_required
@_shows_problems
def knockout_match(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """One match: its games, the next game, and the forms that record them."""
    from ..events import knockout

    ev = event_for(request.user, event_id, Level.VIEWER)
    get_object_or_404(m.KnockoutMatch, event=ev, number=number)
    view = next(v for v in knockout.views(ev) if v.row.number == number)
    return render(request, "arbiter/knockout_match.html", page_context(request, ev, m=view))


def _match_change(
    need: Level,
) -> Callable[[Callable[[HttpRequest, m.KnockoutMatch], object]], Callable[..., HttpResponse]]:
    """A POST that changes one knockout match, by a user with ``need`` in the event: the
    change is made by the service ``change`` returns a call of, its refusal shown, else
    "Saved.", and the user is back on the match's page."""

    def decorate(
        change: Callable[[HttpRequest, m.KnockoutMatch], object],
    ) -> Callable[..., HttpResponse]:
        @wraps(change)
        def view(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
            ev = event_for(request.user, event_id, need)
            row = get_object_or_404(m.KnockoutMatch, event=ev, number=number)
            _attempt(request, lambda: change(request, row), _("Saved."))
            return redirect("arbiter:knockout_match", ev.pk, number)

        return login_required(require_POST(view))

    return decorate


@_match_change(Level.ARBITER)
def knockout_game(request: HttpRequest, row: m.KnockoutMatch) -> object:
    """The next game of the match, its result written White-Black (the service knows who had
    White), ``version`` the match's as the arbiter saw it."""
    from ..events import knockout

    result = request.POST.get("result", "")
    return knockout.add_game(row, request.user, result, _posted_version(request))


@_match_change(Level.ARBITER)
def knockout_walkover(request: HttpRequest, row: m.KnockoutMatch) -> object:
    """The match won without play by ``winner`` (first or second)."""
    from ..events import knockout

    return knockout.walkover(row, request.user, request.POST.get("winner", ""))


@_match_change(Level.CHIEF)
def knockout_armageddon(request: HttpRequest, row: m.KnockoutMatch) -> object:
    """The chief arbiter orders the armageddon (Stage by Stage 1997), White to ``white``."""
    from ..events import knockout

    return knockout.order_armageddon(row, request.user, request.POST.get("white", ""))


@_match_change(Level.ARBITER)
def knockout_leg(request: HttpRequest, row: m.KnockoutMatch) -> object:
    """The next leg of a team cup match: ``board-1``, ``board-2``, ... each board's result
    written White-Black (the service knows who had White on each), ``first-1``, ... and
    ``second-1``, ... the two teams' players board by board (absent: the lists' order),
    ``version`` the match's as the arbiter saw it."""
    from ..events import knockout

    boards = row.event.boards_per_team
    results = [request.POST.get(f"board-{k}", "") for k in range(1, boards + 1)]
    first, second = (
        [request.POST.get(f"{side}-{k}") for k in range(1, boards + 1)]
        if f"{side}-1" in request.POST
        else None
        for side in ("first", "second")
    )
    return knockout.add_leg(
        row, request.user, results, _posted_version(request), lineup=(first, second)
    )


@_match_change(Level.ARBITER)
def knockout_cup_armageddon(request: HttpRequest, row: m.KnockoutMatch) -> object:
    """The armageddon game of a drawn team cup match, won by ``winner`` (first or second)."""
    from ..events import knockout

    return knockout.cup_armageddon(row, request.user, request.POST.get("winner", ""))


@_match_change(Level.CHIEF)
def knockout_withdraw_team(request: HttpRequest, row: m.KnockoutMatch) -> object:
    """The chief arbiter withdraws ``team`` (its id) from the cup: its match goes to the
    opponent by walkover."""
    from ..events import knockout

    team = get_object_or_404(m.Team, event=row.event, pk=request.POST.get("team", "0") or 0)
    return knockout.withdraw_team(row.event, team, request.user)


# -- teams -----------------------------------------------------------------------------------


@login_required
@_shows_problems
def teams_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The teams and their lists, with the forms that add a team or a player."""
    from ..events import teams

    ev = event_for(request.user, event_id, Level.VIEWER)
    lists = [(t, teams.roster(t)) for t in ev.teams.all()]
    rounds = list(ev.round_set.values_list("number", flat=True))
    return render(
        request,
        "arbiter/teams.html",
        page_context(
            request, ev, lists=lists, player_form=forms.PlayerForm(), paired_rounds=rounds
        ),
    )


@login_required
@require_POST
def team_add(request: HttpRequest, event_id: int) -> HttpResponse:
    """A new team, named by ``name``."""
    from ..events import teams

    ev = event_for(request.user, event_id, Level.ARBITER)
    name = request.POST.get("name", "").strip()
    if not name:
        messages.error(request, _("Give the team's name."))
    else:
        _attempt(request, lambda: teams.add_team(ev, request.user, name), _("Saved."))
    return redirect("arbiter:teams", ev.pk)


@login_required
@require_POST
def team_player_add(request: HttpRequest, event_id: int) -> HttpResponse:
    """A player registered at the end of ``team``'s list."""
    from ..events import teams

    ev = event_for(request.user, event_id, Level.ARBITER)
    team = get_object_or_404(m.Team, event=ev, pk=request.POST.get("team", "0") or 0)
    form = forms.PlayerForm(request.POST)
    if form.is_valid():
        fields = dict(form.cleaned_data, team=team, team_order=teams.next_order(team))
        _attempt(request, lambda: services.add_player(ev, request.user, **fields), _("Saved."))
    else:
        messages.error(request, _("Give the player's name."))
    return redirect("arbiter:teams", ev.pk)


@login_required
@_shows_problems
def team_lineup(request: HttpRequest, event_id: int, number: int, team_id: int) -> HttpResponse:
    """A team's line-up in a round: who plays which board, the reserves and absentees, and the
    checks of the event's reserve regime (the library's, as ``teams check-lineup`` makes them)."""
    from ..events import teams

    ev = event_for(request.user, event_id, Level.VIEWER)
    get_object_or_404(m.Round, event=ev, number=number)
    team = get_object_or_404(m.Team, event=ev, pk=team_id)
    lineup = teams.round_lineup(ev, team, number)
    return render(request, "arbiter/lineup.html", page_context(request, ev, lineup=lineup))


@login_required
@_shows_problems
def team_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..events import teams

    ev = event_for(request.user, event_id, Level.VIEWER)
    names, rows = teams.standings(ev)
    return render(
        request, "arbiter/team_standings.html", page_context(request, ev, names=names, rows=rows)
    )


@login_required
@_shows_problems
def board_prizes(request: HttpRequest, event_id: int) -> HttpResponse:
    """Team Competitions 1972: per-board tables by percentage, the minimum-games rule (half or two
    thirds), reserves in their own table."""
    from chessarbiter.board_prizes import board_tables

    from ..events import teams

    ev = event_for(request.user, event_id, Level.VIEWER)
    minimum = request.GET.get("minimum", "half")
    if minimum not in ("half", "two-thirds"):
        minimum = "half"
    tables = board_tables(teams.team_event(ev), minimum)
    return render(
        request,
        "arbiter/board_prizes.html",
        page_context(request, ev, tables=tables, minimum=minimum),
    )
