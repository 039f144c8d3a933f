"""The arbiter's pages of the player database (:mod:`chessarbiter.web.events.rating_list`):
searching it, importing FIDE's rating list into it and editing a player locally (chief
arbiters: users who may create events, and staff), and registering a player of it into an
event (an arbiter of the event), from a search box that htmx fills as one types."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from chessarbiter import registration
from chessarbiter.errors import ChessArbiterError
from chessarbiter.event_settings import SettingsError

from ..events import models as m
from ..events import rating_list
from ..events.access import Level, event_for, level, may_create_events
from . import forms


def may_manage_database(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether ``user`` may import the rating list and edit the player database: staff, and
    the users who may create events (each of them is the chief arbiter of his events)."""
    return bool(getattr(user, "is_staff", False)) or may_create_events(user)


def _search(request: HttpRequest) -> tuple[forms.RatingSearchForm, list[m.RatingListPlayer]]:
    form = forms.RatingSearchForm(request.GET or None)
    found: list[m.RatingListPlayer] = []
    if form.is_valid():
        found = rating_list.search(form.cleaned_data["q"], form.cleaned_data["federation"])
    return form, found


@login_required
def database(request: HttpRequest) -> HttpResponse:
    """The player database: a search, and (chief arbiters, staff) the import of the list."""
    form, found = _search(request)
    context: dict[str, Any] = {
        "form": form,
        "found": found,
        "count": m.RatingListPlayer.objects.count(),
        "may_manage": may_manage_database(request.user),
        "upload_form": forms.RatingListUploadForm(),
    }
    if request.headers.get("HX-Request"):
        return render(request, "arbiter/_ratinglist_results.html", context)
    return render(request, "arbiter/ratinglist.html", context)


@login_required
@require_POST
def database_import(request: HttpRequest) -> HttpResponse:
    """Import an uploaded rating list (a large upload is on disk already; a small one is
    written to a temporary file, which the stream reads)."""
    if not may_manage_database(request.user):
        raise PermissionDenied(_("Importing the rating list needs the right to create events."))
    form = forms.RatingListUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, str(error))
        return redirect("arbiter:ratinglist")
    upload = form.cleaned_data["file"]
    try:
        if hasattr(upload, "temporary_file_path"):
            summary = rating_list.import_rating_list(
                upload.temporary_file_path(),
                upload.name,
                single_list=form.cleaned_data["single_list"],
            )
        else:
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "list"
                with path.open("wb") as file:
                    for chunk in upload.chunks():
                        file.write(chunk)
                summary = rating_list.import_rating_list(
                    path, upload.name, single_list=form.cleaned_data["single_list"]
                )
    except ChessArbiterError as e:
        for line in str(e).splitlines()[:20]:
            messages.error(request, line)
        return redirect("arbiter:ratinglist")
    for warning in summary.warnings[:20]:
        messages.warning(request, str(warning))
    messages.success(
        request,
        _(
            "%(read)d players read: %(created)d added, %(updated)d updated, "
            "%(unchanged)d unchanged (%(kept)d with local edits kept)."
        )
        % {
            "read": summary.read,
            "created": summary.created,
            "updated": summary.updated,
            "unchanged": summary.unchanged,
            "kept": summary.edits_kept,
        },
    )
    return redirect("arbiter:ratinglist")


@login_required
def database_player(request: HttpRequest, fide_id: int) -> HttpResponse:
    """A player of the database; chief arbiters and staff may edit him (kept by imports).
    His K factors, as FIDE's list published them, are shown, never edited."""
    row = get_object_or_404(m.RatingListPlayer, fide_id=fide_id)
    may_manage = may_manage_database(request.user)
    form = forms.RatingListPlayerForm(request.POST or None, instance=row)
    if request.method == "POST":
        if not may_manage:
            raise PermissionDenied(
                _("Editing the player database needs the right to create events.")
            )
        if form.is_valid():
            fresh = m.RatingListPlayer.objects.get(pk=row.pk)  # the form changed ``row``
            try:
                rating_list.edit_player(
                    fresh, **{k: form.cleaned_data[k] for k in form.Meta.fields}
                )
            except SettingsError as e:
                for field, problem in e.problems.items():
                    form.add_error(field if field in form.fields else None, problem)
            else:
                messages.success(request, _("Saved; later imports of the list keep the edit."))
                return redirect("arbiter:ratinglist_player", fide_id)
    return render(
        request,
        "arbiter/ratinglist_player.html",
        {"row": row, "form": form, "may_manage": may_manage},
    )


@login_required
def event_search(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's search in the player database, each player found with a button that
    registers him (the results alone for htmx)."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    form, found = _search(request)
    kind = registration.rating_kind(ev.time_control)
    registered = set(ev.players.exclude(fide_id="").values_list("fide_id", flat=True))
    context = {
        "event": ev,
        "form": form,
        "found": found,
        "registered": {p.fide_id for p in found if str(p.fide_id) in registered},
        "kind": kind,
        "kind_label": {"standard": _("standard"), "rapid": _("rapid"), "blitz": _("blitz")}[kind],
        "can_edit": level(request.user, ev) >= Level.ARBITER and not ev.archived,
        "is_chief": level(request.user, ev) >= Level.CHIEF and not ev.archived,
        "chief_role": level(request.user, ev) >= Level.CHIEF,
        "rounds_paired": ev.round_set.count(),
        "back": "players" if request.GET.get("back") == "players" else "",
    }
    if request.headers.get("HX-Request"):
        return render(request, "arbiter/_event_ratinglist_results.html", context)
    return render(request, "arbiter/event_ratinglist.html", context)


@login_required
@require_POST
def event_register(request: HttpRequest, event_id: int) -> HttpResponse:
    """Register the players of the database whose FIDE IDs are posted (``fide_id``: one, from
    a result's button, or the ticked results, at most a page of results), together."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    raws = [raw.strip() for raw in request.POST.getlist("fide_id")[: rating_list.SEARCH_LIMIT]]
    ids = [int(raw) for raw in raws if raw.isascii() and raw.isdigit() and 0 < int(raw) < 10**10]
    rows = list(m.RatingListPlayer.objects.filter(fide_id__in=ids).order_by("name_key"))
    found = {r.fide_id for r in rows}
    missing = [raw for raw in raws if not (raw.isdigit() and int(raw) in found)]
    if missing or not raws:
        messages.error(
            request,
            _("No player with FIDE ID %(id)s in the player database.")
            % {"id": (missing[0] if missing else "")[:20]},
        )
    elif len(rows) == 1:
        try:
            player = rating_list.register(ev, request.user, rows[0])
        except ChessArbiterError as e:
            messages.error(request, str(e))
        else:
            messages.success(request, _("Registered: %(p)s") % {"p": str(player)})
    else:
        try:
            count = rating_list.register_many(ev, request.user, rows)
        except ChessArbiterError as e:
            messages.error(request, str(e))
        else:
            messages.success(
                request,
                ngettext("%(n)d player registered.", "%(n)d players registered.", count)
                % {"n": count},
            )
    if request.POST.get("back") == "players":  # the search box of the players page
        return redirect("arbiter:players", ev.pk)
    search = {
        "q": request.POST.get("q", "")[: forms.MAX_SEARCH],
        "federation": request.POST.get("federation", "")[:3],
    }
    target = redirect("arbiter:event_ratinglist", ev.pk)
    if any(search.values()):
        target["Location"] += "?" + urlencode({k: v for k, v in search.items() if v})
    return target
