"""The chief arbiter's audit log of an event: every change, newest first, a page at a time
(:data:`PAGE_SIZE` entries), filtered by round, by user and by kind of change.

The filters are GET parameters (``?round=3&user=7&kind=result&page=2``): a filtered page is a
link that can be sent, and the form works without JavaScript. Nothing drops off: every entry
of the event is on exactly one page (the order is total: time, then the entry's id). Bad
parameters (a round that is not a number, a user who made no change) are said in the form and
not applied, never a server error; a page past the last shows the last.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from ..events import models as m
from ..events.access import Level, event_for
from .context import page_context

#: Entries on one page of the log.
PAGE_SIZE = 100
#: The value of the user filter for the changes made by nobody logged in (a public
#: registration, a background job).
NOBODY = "none"

#: The kinds of change, by the first part of the entry's action (``result.set``: ``result``).
#: A kind missing here (a newer action) is offered under its own name.
KINDS: dict[str, Promise] = {
    "event": gettext_lazy("Event and settings"),
    "festival": gettext_lazy("Festival"),
    "section": gettext_lazy("Sections"),
    "player": gettext_lazy("Players"),
    "team": gettext_lazy("Teams"),
    "registration": gettext_lazy("Registrations"),
    "checkin": gettext_lazy("Check-in"),
    "round": gettext_lazy("Pairings"),
    "result": gettext_lazy("Results"),
    "games": gettext_lazy("Games"),
    "knockout": gettext_lazy("Knockout"),
}


def kind_of(action: str) -> str:
    """The kind of an action: its first part (``result.set`` -> ``result``)."""
    return action.split(".", 1)[0]


class AuditFilterForm(forms.Form):
    """The filters; each offers only what the event's log holds (and every round)."""

    round = forms.TypedChoiceField(
        label=gettext_lazy("Round"), required=False, coerce=int, empty_value=None
    )
    user = forms.ChoiceField(label=gettext_lazy("Who"), required=False)
    kind = forms.ChoiceField(label=gettext_lazy("What"), required=False)

    def __init__(self, data: Any, event: m.Event) -> None:
        super().__init__(data)
        log = event.audit.all()
        rounds = range(1, event.round_columns() + 1)
        round_field = self.fields["round"]
        assert isinstance(round_field, forms.ChoiceField)
        round_field.choices = [("", gettext_lazy("every round"))] + [
            (str(n), event.round_title(n)) for n in rounds
        ]
        users = get_user_model().objects.filter(pk__in=log.values("user")).order_by("username")
        user_field = self.fields["user"]
        assert isinstance(user_field, forms.ChoiceField)
        user_field.choices = (
            [("", gettext_lazy("everyone"))]
            + [(str(u.pk), u.get_username()) for u in users]
            + [(NOBODY, gettext_lazy("nobody logged in"))]
        )
        kinds = sorted(
            {kind_of(a) for a in log.order_by().values_list("action", flat=True).distinct()}
        )
        kind_field = self.fields["kind"]
        assert isinstance(kind_field, forms.ChoiceField)
        kind_field.choices = [("", gettext_lazy("every change"))] + [
            (k, KINDS.get(k, k)) for k in kinds
        ]

    def entries(self, event: m.Event) -> QuerySet[m.AuditEntry]:
        """The event's entries the valid filters keep, newest first (ties by id: a total
        order, so paging neither repeats nor skips an entry)."""
        log = event.audit.select_related("user").order_by("-at", "-id")
        if not self.is_valid():
            return log
        number = self.cleaned_data.get("round")
        if number is not None:
            log = log.filter(data__round=number)
        user = self.cleaned_data.get("user")
        if user == NOBODY:
            log = log.filter(user=None)
        elif user:
            log = log.filter(user_id=int(user))
        kind = self.cleaned_data.get("kind")
        if kind:
            log = log.filter(action__startswith=f"{kind}.")
        return log


@login_required
@require_safe
def audit_log(request: HttpRequest, event_id: int) -> HttpResponse:
    """The log, a page of :data:`PAGE_SIZE` entries (``?page=N``) under the filters (chief
    arbiter only)."""
    ev = event_for(request.user, event_id, Level.CHIEF)
    form = AuditFilterForm(request.GET, ev)
    entries = form.entries(ev)
    page = Paginator(entries, PAGE_SIZE).get_page(request.GET.get("page"))
    filtered = form.is_valid() and any(form.cleaned_data.get(k) for k in ("round", "user", "kind"))
    return render(
        request,
        "arbiter/audit.html",
        page_context(
            request,
            ev,
            form=form,
            page=page,
            entries=[(e, KINDS.get(kind_of(e.action), kind_of(e.action))) for e in page],
            filtered=filtered,
        ),
    )
