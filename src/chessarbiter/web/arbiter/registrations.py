"""The organiser's pages of the public registration and of the check-in before round 1:
thin views over :mod:`chessarbiter.web.events.services.registrations`.

* Registrations, per festival: the requests waiting (each with the player database's entry
  of its FIDE ID, when there is one) to confirm, into the section asked for or another, or to
  decline; the answered ones; the public form opened or closed (chief arbiter).
* Check-in, per section: one row per player with a one-click toggle (htmx swaps the row),
  "check everyone in", the count present, and the section's check-in setting (chief arbiter).

Viewers read both pages; confirming, declining and checking in need the arbiter's role (of the
section concerned), the settings the chief arbiter's. A user with no role is told the page
does not exist (404), as on every arbiter page.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from chessarbiter.errors import ChessArbiterError

from ..events import models as m
from ..events import services
from ..events.access import Level, event_for, festival_for, festival_level, level
from .context import page_context

# -- registrations -------------------------------------------------------------------------


def _festival_sections(request: HttpRequest, festival: m.Festival) -> list[m.Event]:
    """The festival's sections the user may register a player into (arbiter or chief)."""
    return [
        s
        for s in festival.sections.filter(archived=False).order_by("id")
        if level(request.user, s) >= Level.ARBITER
    ]


@login_required
def registrations(request: HttpRequest, festival_id: int) -> HttpResponse:
    """The festival's requests: waiting ones first (with their database entry), then the
    answered ones."""
    festival = festival_for(request.user, festival_id, Level.VIEWER)
    rows = list(
        festival.registrations.select_related("section", "player", "decided_by").order_by(
            "created_at", "id"
        )
    )
    waiting = [
        {"registration": r, "found": services.database_player(r.fide_id)}
        for r in rows
        if r.status == m.Registration.Status.PENDING
    ]
    lvl = festival_level(request.user, festival)
    context: dict[str, Any] = {
        "festival": festival,
        "waiting": waiting,
        "answered": [r for r in rows if r.status != m.Registration.Status.PENDING],
        "sections": _festival_sections(request, festival),
        "can_answer": lvl >= Level.ARBITER,
        "is_chief": lvl >= Level.CHIEF,
        "mail_configured": services.mail_configured(),
        "public_sections": services.sections_taking_entries(festival),
    }
    return render(request, "arbiter/registrations.html", context)


def _registration(request: HttpRequest, festival_id: int, registration_id: int) -> m.Registration:
    festival = festival_for(request.user, festival_id, Level.ARBITER)
    return get_object_or_404(m.Registration, pk=registration_id, festival=festival)


def _section_choice(request: HttpRequest, registration: m.Registration) -> m.Event:
    """The section chosen on the form (by default the one asked for): one of the festival's,
    where the user is an arbiter."""
    raw = request.POST.get("section", "")
    section_id = int(raw) if raw.isascii() and raw.isdigit() else registration.section_id
    section = get_object_or_404(m.Event, pk=section_id, festival_id=registration.festival_id)
    if level(request.user, section) < Level.ARBITER:
        raise PermissionDenied(
            _("Registering a player in “%(section)s” needs the arbiter's role there.")
            % {"section": section.name}
        )
    return section


@login_required
@require_POST
def registration_confirm(
    request: HttpRequest, festival_id: int, registration_id: int
) -> HttpResponse:
    """Confirm a request: the player is registered in the chosen section."""
    registration = _registration(request, festival_id, registration_id)
    section = _section_choice(request, registration)
    try:
        player = services.confirm_registration(registration, request.user, section)
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            _("%(p)s registered in %(section)s.") % {"p": str(player), "section": section.name},
        )
    return redirect("arbiter:registrations", festival_id)


@login_required
@require_POST
def registration_decline(
    request: HttpRequest, festival_id: int, registration_id: int
) -> HttpResponse:
    """Decline a request."""
    registration = _registration(request, festival_id, registration_id)
    if level(request.user, registration.section) < Level.ARBITER:
        raise PermissionDenied(
            _("Answering this request needs the arbiter's role in “%(section)s”.")
            % {"section": registration.section.name}
        )
    try:
        services.decline_registration(registration, request.user)
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("Request of %(name)s declined.") % {"name": registration.name})
    return redirect("arbiter:registrations", festival_id)


@login_required
@require_POST
def registration_open(request: HttpRequest, festival_id: int) -> HttpResponse:
    """Open (``open=1``) or close the public registration form (chief arbiter)."""
    festival = festival_for(request.user, festival_id, Level.CHIEF)
    open_ = request.POST.get("open", "") == "1"
    services.set_registration_open(festival, request.user, open_)
    messages.success(
        request,
        _("Public registration is open.") if open_ else _("Public registration is closed."),
    )
    return redirect("arbiter:registrations", festival_id)


# -- check-in ------------------------------------------------------------------------------


def _check_in_context(request: HttpRequest, ev: m.Event, **extra: Any) -> dict[str, Any]:
    present, absent = services.check_in_counts(ev)
    rounds_paired = ev.round_set.count()
    return page_context(
        request,
        ev,
        players=list(ev.players.order_by("number")),
        present=present,
        absent=absent,
        open_for_check_in=rounds_paired == 0,
        **extra,
    )


@login_required
def check_in(request: HttpRequest, event_id: int) -> HttpResponse:
    """The section's check-in list: one row per player, who is present, the count."""
    ev = event_for(request.user, event_id, Level.VIEWER)
    return render(request, "arbiter/check_in.html", _check_in_context(request, ev))


@login_required
@require_POST
def check_in_player(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    """Toggle one player's presence (``present=1`` or ``0``). Asked by htmx: the list and
    its count, as they are now; otherwise back to the list."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    player = get_object_or_404(m.Player, pk=player_id, event=ev)
    present = request.POST.get("present", "") == "1"
    error = ""
    try:
        player = services.set_checked_in(player, request.user, present)
    except ChessArbiterError as e:
        error = str(e)
    if request.headers.get("HX-Request"):
        ev.refresh_from_db()
        context = _check_in_context(request, ev, error=error)
        return render(request, "arbiter/_check_in_list.html", context)
    if error:
        messages.error(request, error)
    return redirect("arbiter:check_in", ev.pk)


@login_required
@require_POST
def check_in_everyone(request: HttpRequest, event_id: int) -> HttpResponse:
    """Check every player in (``present=1``, the default) or clear the check-in
    (``present=0``)."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    present = request.POST.get("present", "1") == "1"
    try:
        changed = services.check_in_all(ev, request.user, present)
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            (_("%(k)d players checked in.") if present else _("%(k)d check-ins cleared."))
            % {"k": changed},
        )
    return redirect("arbiter:check_in", ev.pk)


@login_required
@require_POST
def check_in_setting(request: HttpRequest, event_id: int) -> HttpResponse:
    """Turn the section's check-in before round 1 on (``on=1``) or off (chief arbiter)."""
    ev = event_for(request.user, event_id, Level.CHIEF)
    on = request.POST.get("on", "") == "1"
    try:
        services.set_check_in(ev, request.user, on)
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            _("Round 1 pairs only the players checked in.")
            if on
            else _("Round 1 pairs every registered player."),
        )
    return redirect("arbiter:check_in", ev.pk)
