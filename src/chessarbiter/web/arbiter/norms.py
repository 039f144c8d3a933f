"""The arbiter's pages of FIDE ratings and title norms: the rating change of every player
(B.02, :func:`chessarbiter.ratings.change.rating_report`), the title norms achieved and within
reach with the norm finder (B.01, :mod:`chessarbiter.ratings.norms`), and the printable
certificate of a title result (FIDE's form IT1). Thin views over
:mod:`chessarbiter.web.events.ratings`: every viewer of the event reads them; they apply to
individual events played in rounds (a knockout or a team event gets a page saying so).
Bad input is answered in the form, with the bounds or the library's message, never with a
server error."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from chessarbiter import limits
from chessarbiter.editions import RatingEdition
from chessarbiter.errors import ChessArbiterError
from chessarbiter.output import csv_text
from chessarbiter.ratings.norms import NormExemption, NormTitle
from chessarbiter.timecontrol.laws import Category

from ..events import models as m
from ..events import ratings
from ..events.access import Level, event_for
from .context import page_context

KIND_LABELS = {
    Category.STANDARD: gettext_lazy("standard"),
    Category.RAPID: gettext_lazy("rapid"),
    Category.BLITZ: gettext_lazy("blitz"),
}
EXEMPTION_LABELS = {
    NormExemption.NATIONAL_CHAMPIONSHIP: gettext_lazy("national championship"),
    NormExemption.NATIONAL_TEAM_CHAMPIONSHIP: gettext_lazy("national team championship"),
    NormExemption.ZONAL: gettext_lazy("zonal or sub-zonal tournament"),
}
K_SOURCE_LABELS = {
    ratings.KSource.LIST: gettext_lazy("FIDE list"),
    ratings.KSource.RULE: gettext_lazy("regulations"),
    ratings.KSource.FORCED: gettext_lazy("forced"),
}


class RatingsForm(forms.Form):
    """The options of the rating report: the kind of rating, the regulations' edition, one K
    for everyone, and the last round counted; each bounded."""

    kind = forms.ChoiceField(
        label=gettext_lazy("Rating"),
        choices=[("", gettext_lazy("by the time control")), *KIND_LABELS.items()],
        required=False,
    )
    edition = forms.ChoiceField(
        label=gettext_lazy("Rating regulations"),
        choices=[(e.value, e.description) for e in RatingEdition],
        required=False,
    )
    k = forms.IntegerField(
        label=gettext_lazy("One K for everyone"),
        min_value=1,
        max_value=100,
        required=False,
        help_text=gettext_lazy("Empty: the K of FIDE's list, else the regulations' rule."),
    )
    after_round = forms.IntegerField(
        label=gettext_lazy("After round"),
        min_value=1,
        max_value=limits.MAX_ROUNDS,
        required=False,
        help_text=gettext_lazy("Empty: the last complete round."),
    )


class NormsForm(forms.Form):
    """The event type that waives the federation rules (B.01 1.4.3 a-c), which the event's
    data cannot tell."""

    exemption = forms.ChoiceField(
        label=gettext_lazy("Event type"),
        choices=[("", gettext_lazy("other")), *EXEMPTION_LABELS.items()],
        required=False,
    )


class FinderForm(forms.Form):
    """A player and a title for the norm finder."""

    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int)
    title = forms.ChoiceField(
        label=gettext_lazy("Title"), choices=[(t.value, t.value) for t in NormTitle]
    )

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(n, f"{n}. {name}") for n, name in players]


def _not_applicable(request: HttpRequest, event: m.Event, page: str) -> HttpResponse:
    """The page of an event without individual ratings and norms (a knockout, a team
    event): it says so."""
    return render(
        request, "arbiter/rating_changes.html", page_context(request, event, not_applicable=page)
    )


def _rating_options(form: RatingsForm) -> dict[str, Any]:
    data = form.cleaned_data
    return {
        "kind": Category(data["kind"]) if data.get("kind") else None,
        "edition": RatingEdition(data["edition"]) if data.get("edition") else None,
        "k": data.get("k"),
        "after_round": data.get("after_round"),
    }


@login_required
@require_safe
def rating_changes(request: HttpRequest, event_id: int) -> HttpResponse:
    """The rating change of every player (B.02) with the options of :class:`RatingsForm`;
    ``?format=csv`` downloads the table."""
    ev = event_for(request.user, event_id, Level.VIEWER)
    if not ratings.applies(ev):
        return _not_applicable(request, ev, "ratings")
    query = {k: v for k, v in request.GET.items() if k in RatingsForm.base_fields}
    form = RatingsForm(query if query else None)
    ctx = page_context(request, ev, form=form, view=None)
    if form.is_bound and not form.is_valid():
        return render(request, "arbiter/rating_changes.html", ctx)
    options = _rating_options(form) if form.is_bound else {}
    try:
        view = ratings.ratings(ev, **options)
    except ChessArbiterError as e:
        form.add_error(None, str(e))
        return render(request, "arbiter/rating_changes.html", ctx)
    if request.GET.get("format") == "csv":
        return _ratings_csv(ev, view)
    names = {p.number: p.name for p in view.report.players}
    ctx.update(
        view=view,
        rows=[
            (
                p,
                K_SOURCE_LABELS[source] if source else "",
                [(g, names.get(g.opponent, "")) for g in p.games],
            )
            for p, source in view.rows()
        ],
        kind_label=KIND_LABELS[view.report.kind],
        edition=view.report.edition,
    )
    return render(request, "arbiter/rating_changes.html", ctx)


def _ratings_csv(event: m.Event, view: ratings.RatingsView) -> HttpResponse:
    """The rating report's table as CSV (the library's writer, :func:`csv_text`)."""
    headers = [
        str(h)
        for h in (
            gettext_lazy("No."),
            gettext_lazy("Name"),
            gettext_lazy("Rating"),
            "K",
            gettext_lazy("K from"),
            gettext_lazy("Games"),
            gettext_lazy("Score"),
            gettext_lazy("Expected"),
            gettext_lazy("Change"),
            gettext_lazy("New rating"),
            gettext_lazy("Performance"),
        )
    ]
    lines = [
        (
            p.number,
            p.name,
            p.rating or "",
            p.k.value if p.k else "",
            str(K_SOURCE_LABELS[source]) if source else "",
            len(p.games),
            p.score,
            p.expected,
            ratings.signed(p.rating_change) if p.rating_change is not None else "",
            p.new_rating or "",
            p.performance or "",
        )
        for p, source in view.rows()
    ]
    response = HttpResponse(csv_text(headers, lines), content_type="text/csv; charset=utf-8")
    name = f"event-{event.pk}-ratings-{view.report.kind.value}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_safe
def norms(request: HttpRequest, event_id: int) -> HttpResponse:
    """The title norms (B.01): achieved, within reach, and the norm finder for a player and a
    title after the last complete round."""
    ev = event_for(request.user, event_id, Level.VIEWER)
    if not ratings.applies(ev):
        return _not_applicable(request, ev, "norms")
    form = NormsForm(request.GET if "exemption" in request.GET else None)
    exemption = None
    if form.is_bound and form.is_valid() and form.cleaned_data["exemption"]:
        exemption = NormExemption(form.cleaned_data["exemption"])
    players = list(ev.players.order_by("number").values_list("number", "name"))
    finder = FinderForm(request.GET if "player" in request.GET else None, players=players)
    ctx = page_context(request, ev, form=form, finder=finder, exemption=exemption)
    try:
        after_round, achieved, near = ratings.norm_lists(ev, exemption=exemption)
    except ChessArbiterError as e:
        ctx["error"] = str(e)
    else:
        ctx.update(after_round=after_round, achieved=achieved, within_reach=near)
    if finder.is_bound and finder.is_valid():
        try:
            ctx["outlook"] = ratings.outlook(
                ev,
                finder.cleaned_data["player"],
                NormTitle(finder.cleaned_data["title"]),
                exemption,
            )
        except ChessArbiterError as e:
            finder.add_error(None, str(e))
    return render(request, "arbiter/norms.html", ctx)


@login_required
@require_safe
def norm_certificate(request: HttpRequest, event_id: int, number: int, title: str) -> HttpResponse:
    """The printable certificate of player ``number``'s ``title`` norm (FIDE's form IT1);
    an unknown player or title is not found, a norm not achieved gets a page saying why."""
    ev = event_for(request.user, event_id, Level.VIEWER)
    if not ratings.applies(ev):
        raise Http404
    if title not in {t.value for t in NormTitle}:
        raise Http404
    if not ev.players.filter(number=number).exists():
        raise Http404
    raw = request.GET.get("exemption", "")
    exemption = NormExemption(raw) if raw in {e.value for e in NormExemption} else None
    ctx = page_context(request, ev, number=number, title=title)
    try:
        ctx["certificate"] = ratings.norm_certificate(ev, number, NormTitle(title), exemption)
    except ChessArbiterError as e:
        ctx["refused"] = str(e)
    return render(request, "print/norm_certificate.html", ctx)
