"""The arbiter's pages of the organiser's lists: standings after a chosen round, the start
list, category ranking lists, the team ranking of the individual event, the prize table and
the prize list. Thin views over :mod:`chessarbiter.web.events.lists` (the library's lists);
every viewer of the event reads them, an arbiter changes the prize table (through
:func:`chessarbiter.web.events.services.update_prize_table`). Bad input is answered
in the form with the library's message, never with a server error."""

from __future__ import annotations

from importlib import resources
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from chessarbiter import limits
from chessarbiter.errors import ChessArbiterError
from chessarbiter.start_lists import StartOrder
from chessarbiter.team_ranking import TEAM_ATTRIBUTES

from ..events import lists, services
from ..events import models as m
from ..events import ratings as event_ratings
from ..events.access import Level, event_for
from .context import page_context
from .forms import date_input

#: The orders of a start list, as the pages name them.
START_ORDERS = (
    (StartOrder.NUMBER.value, gettext_lazy("by pairing number")),
    (StartOrder.NAME.value, gettext_lazy("alphabetical")),
    (StartOrder.RATING.value, gettext_lazy("by rating")),
)
TEAM_GROUPINGS = {"club": gettext_lazy("club"), "federation": gettext_lazy("federation")}


def example_prize_table() -> str:
    """The example prize table shipped with the library: the starting point of a new one."""
    return (resources.files("chessarbiter") / "examples" / "open-prizes.toml").read_text("utf-8")


class CategoryForm(forms.Form):
    """A category (:func:`chessarbiter.categories.parse_category`) and its reference date."""

    category = forms.CharField(
        label=gettext_lazy("Category"),
        max_length=limits.MAX_CATEGORY_CHARS,
        required=False,
        help_text=gettext_lazy(
            "U12, 50+, F, M, FED=GER, CLUB=name, RATING<1800, 1600-1799, UNRATED; "
            "joined by & (both) and | (either), e.g. U12&F or RATING<1800|UNRATED."
        ),
    )
    reference_date = forms.DateField(
        label=gettext_lazy("Reference date of the age categories"),
        required=False,
        widget=date_input(),
        help_text=gettext_lazy("Default: 1 January of the year the event starts."),
    )


class TeamForm(forms.Form):
    """How the teams are formed and how many players count."""

    by = forms.ChoiceField(
        label=gettext_lazy("Teams by"),
        choices=[(a, TEAM_GROUPINGS[a]) for a in TEAM_ATTRIBUTES],
        initial="federation",
        required=False,
    )
    best = forms.IntegerField(
        label=gettext_lazy("Players counted"),
        min_value=1,
        max_value=limits.MAX_PLAYERS,
        required=False,
        help_text=gettext_lazy("Default: as many as the smallest team has."),
    )


class PrizeTableForm(forms.ModelForm):  # type: ignore[type-arg]
    """The event's prize table, read by the library on validation (the field's validator)."""

    class Meta:
        model = m.Event
        fields = ["prize_table", "prize_list_public"]
        widgets = {"prize_table": forms.Textarea(attrs={"rows": 30, "class": "mono"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # the text as typed: the lines the library names are the lines the user sees
        self.fields["prize_table"].strip = False  # type: ignore[attr-defined]


def category_context(event: m.Event, data: Any) -> dict[str, Any]:
    """The category form bound to ``data`` (a query), the list it asks for, or the library's
    message on the form's field."""
    form = CategoryForm(data if data.get("category") else None)
    ctx: dict[str, Any] = {"form": form, "quick": lists.quick_categories(event), "list": None}
    if form.is_bound and form.is_valid():
        try:
            ctx["list"] = lists.category_list(
                event, form.cleaned_data["category"], form.cleaned_data["reference_date"]
            )
        except ChessArbiterError as e:
            form.add_error("category", str(e))
    return ctx


def team_context(event: m.Event, data: Any) -> dict[str, Any]:
    """The team form bound to ``data``, the ranking it asks for or the library's message."""
    form = TeamForm(data if data else None)
    by, best = "federation", None
    ctx: dict[str, Any] = {"form": form, "teams": None, "after_round": 0}
    if form.is_bound:
        if not form.is_valid():
            return ctx
        by = form.cleaned_data["by"] or by
        best = form.cleaned_data["best"]
    ctx["by"] = by
    try:
        ctx["teams"], ctx["after_round"] = lists.team_lines(event, by, best)
    except ChessArbiterError as e:
        ctx["error"] = str(e)
    return ctx


def start_context(event: m.Event, order: str) -> dict[str, Any]:
    """The start list in ``order``, or the library's message for an unknown order."""
    ctx: dict[str, Any] = {"orders": START_ORDERS, "order": order, "players": []}
    try:
        ctx["players"] = lists.start_lines(event, order)
    except ChessArbiterError as e:
        ctx["error"] = str(e)
    return ctx


@login_required
@require_safe
def standings_after(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The standings after round ``number``, which must be complete."""
    ev = event_for(request.user, event_id, Level.VIEWER)
    ctx = page_context(request, ev, completed=lists.completed_rounds(ev), chosen=number)
    try:
        names, rows, rounds = lists.standings_after(ev, number)
        columns = event_ratings.standings_columns(ev, rows, rounds)
        ctx.update(tiebreak_names=names, after_round=rounds, **columns)
    except ChessArbiterError as e:
        ctx["error"] = str(e)
    return render(request, "arbiter/lists_standings.html", ctx)


@login_required
@require_safe
def start(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    order = request.GET.get("order", StartOrder.NUMBER.value)
    ctx = page_context(request, ev, **start_context(ev, order))
    return render(request, "arbiter/lists_start.html", ctx)


@login_required
@require_safe
def categories(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    ctx = page_context(request, ev, export_links=True, **category_context(ev, request.GET))
    return render(request, "arbiter/lists_categories.html", ctx)


@login_required
@require_safe
def teams(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    ctx = page_context(request, ev, **team_context(ev, request.GET))
    return render(request, "arbiter/lists_teams.html", ctx)


@login_required
@require_safe
def prizes(request: HttpRequest, event_id: int) -> HttpResponse:
    """The prize list of the event's prize table for the current ranking."""
    ev = event_for(request.user, event_id, Level.VIEWER)
    ctx = page_context(request, ev, prizes=None)
    try:
        ctx["prizes"] = lists.prize_list(ev)
    except ChessArbiterError as e:
        ctx["error"] = str(e)
    return render(request, "arbiter/lists_prizes.html", ctx)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def prize_table(request: HttpRequest, event_id: int) -> HttpResponse:
    """The prize table: read by every viewer, changed by an arbiter. A new table starts from
    the library's example; a table the library refuses is shown back with its first problem
    (and its line), and nothing is stored."""
    posted = request.method == "POST"
    ev = event_for(request.user, event_id, Level.ARBITER if posted else Level.VIEWER)
    if posted:
        form = PrizeTableForm(request.POST, instance=m.Event.objects.get(pk=ev.pk))
        if form.is_valid():
            try:
                services.update_prize_table(
                    ev,
                    request.user,
                    form.cleaned_data["prize_table"],
                    form.cleaned_data["prize_list_public"],
                )
            except ChessArbiterError as e:
                form.add_error(None, str(e))
            else:
                messages.success(request, _("Prize table saved."))
                return redirect("arbiter:prizes", ev.pk)
    else:
        initial = {} if ev.prize_table.strip() else {"prize_table": example_prize_table()}
        form = PrizeTableForm(instance=ev, initial=initial)
    ctx = page_context(request, ev, form=form, example=not ev.prize_table.strip())
    return render(request, "arbiter/lists_prize_table.html", ctx)
