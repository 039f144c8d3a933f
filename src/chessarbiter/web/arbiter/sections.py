"""The event with its sections: the organiser's page of an event (its sections, its name,
venue and dates), adding a section blank or from a TRF file, and moving a player to another
section before either is paired (the services of
:mod:`chessarbiter.web.events.services.sections`)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from chessarbiter.errors import ChessArbiterError

from ..events import models as m
from ..events import services
from ..events.access import Level, event_for, festival_for, festival_level, level
from . import forms


def _sections(request: HttpRequest, festival: m.Festival) -> list[m.Event]:
    """The festival's sections the user has a role in, with their player and round counts."""
    rows = festival.sections.annotate(
        n_players=Count("players", distinct=True), n_rounds=Count("round_set", distinct=True)
    ).order_by("pk")
    return [s for s in rows if level(request.user, s) >= Level.VIEWER]


# The forms of the event's page carry prefixes, so that their fields' ids do not meet
# (``festival-name`` and ``section-name``).
def _page(
    request: HttpRequest,
    festival: m.Festival,
    details: forms.FestivalForm | None = None,
    section: forms.SectionForm | None = None,
    upload: forms.TrfImportForm | None = None,
) -> HttpResponse:
    chief = festival_level(request.user, festival) >= Level.CHIEF
    return render(
        request,
        "arbiter/festival.html",
        {
            "festival": festival,
            "sections": _sections(request, festival),
            "is_chief": chief,
            "details_form": details or forms.FestivalForm(instance=festival, prefix="festival"),
            "section_form": section or forms.SectionForm(festival, prefix="section"),
            "import_form": upload or forms.TrfImportForm(),
            "max_sections": services.MAX_SECTIONS,
        },
    )


@login_required
def festival(request: HttpRequest, festival_id: int) -> HttpResponse:
    """The event's page: its sections (players, rounds paired), and for its chief arbiter the
    forms that change its details and add a section."""
    return _page(request, festival_for(request.user, festival_id, Level.VIEWER))


@login_required
@require_POST
def festival_details(request: HttpRequest, festival_id: int) -> HttpResponse:
    """The event's name, city and dates (its chief arbiter)."""
    fest = festival_for(request.user, festival_id, Level.CHIEF)
    form = forms.FestivalForm(
        request.POST, instance=m.Festival.objects.get(pk=fest.pk), prefix="festival"
    )
    if form.is_valid():
        try:
            services.update_festival(fest, request.user, **form.cleaned_data)
        except ChessArbiterError as e:
            messages.error(request, str(e))
        else:
            messages.success(request, _("Saved."))
            return redirect("arbiter:festival", fest.pk)
    return _page(request, fest, details=form)


@login_required
@require_POST
def section_add(request: HttpRequest, festival_id: int) -> HttpResponse:
    """A new, empty section (its chief arbiter): name, system, rounds, time control, the
    other settings as in another section or the defaults."""
    fest = festival_for(request.user, festival_id, Level.CHIEF)
    form = forms.SectionForm(fest, request.POST, prefix="section")
    if form.is_valid():
        try:
            section = services.add_section(fest, request.user, **form.settings())
        except ChessArbiterError as e:
            messages.error(request, str(e))
        else:
            messages.success(request, _("Section added."))
            return redirect("arbiter:event", section.pk)
    return _page(request, fest, section=form)


@login_required
@require_POST
def section_import(request: HttpRequest, festival_id: int) -> HttpResponse:
    """A new section from a TRF file (its chief arbiter): refused whole, with the reader's
    messages, if the file cannot be read."""
    fest = festival_for(request.user, festival_id, Level.CHIEF)
    form = forms.TrfImportForm(request.POST, request.FILES)
    if form.is_valid():
        from chessarbiter.trf import decode

        upload = form.cleaned_data["file"]
        warnings: list[str] = []
        try:
            section = services.import_section(
                fest, request.user, decode(upload.read(), upload.name), upload.name, warnings
            )
        except ChessArbiterError as e:
            messages.error(request, str(e))
        else:
            for warning in warnings:
                messages.warning(request, warning)
            messages.success(request, _("Section imported."))
            return redirect("arbiter:event", section.pk)
    return _page(request, fest, upload=form)


@login_required
@require_POST
def player_move(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    """Move a player to another section of the event (an arbiter of both), before either
    is paired; refused with the library's reason otherwise."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    player = get_object_or_404(m.Player, pk=player_id, event=ev)
    form = forms.MovePlayerForm(ev, request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose another section of this event."))
        return redirect("arbiter:player", ev.pk, player.pk)
    target = event_for(request.user, form.cleaned_data["target"].pk, Level.ARBITER)
    try:
        moved = services.move_player(player, target, request.user)
    except ChessArbiterError as e:
        messages.error(request, str(e))
        return redirect("arbiter:player", ev.pk, player.pk)
    messages.success(
        request,
        _("%(p)s moved to %(section)s.") % {"p": moved.name, "section": target.name},
    )
    return redirect("arbiter:players", ev.pk)
