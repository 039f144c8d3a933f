"""The public registration form of a festival: a player asks to enter one of its sections;
the request waits for the organiser (:func:`chessarbiter.web.events.services.submit_registration`).

The form is shown while the organiser keeps registration open (``Festival.registration_open``)
and offers the sections that still take entries
(:func:`~chessarbiter.web.events.services.sections_taking_entries`: public, not archived, a
Swiss until its last round is paired, a round robin before round 1; a player confirmed after
round 1 of a Swiss is paired from the next round, as a late entry). A festival with no public
section is not found (404), as its pages are. Every field is bounded by its length and checked
by the library (:func:`chessarbiter.entries.entry_problems`); a hidden field that people leave
empty (a honeypot) takes the requests filled in by robots, which are answered as any other
and not stored.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _

from chessarbiter import limits
from chessarbiter.entries import MAX_EMAIL, EntryError, EntryRequest, entry_problems
from chessarbiter.errors import ChessArbiterError

from ..events import models as m
from ..events import services

#: The honeypot: a field hidden from people, which robots fill in.
HONEYPOT = "website"


class RegistrationForm(forms.Form):
    """A request to enter a section, each field as long as its column at most."""

    name = forms.CharField(
        label=_("Name (surname, first name)"), max_length=limits.MAX_NAME, strip=True
    )
    section = forms.TypedChoiceField(label=_("Section"), coerce=int)
    fide_id = forms.CharField(label=_("FIDE ID"), max_length=12, required=False)
    email = forms.CharField(
        label=_("Email (for the organiser's answer)"), max_length=MAX_EMAIL, required=False
    )
    federation = forms.CharField(
        label=_("Federation (three letters)"), max_length=3, required=False
    )
    birth_date = forms.CharField(
        label=_("Birth year or date"),
        max_length=10,
        required=False,
        help_text=_("e.g. 2012 or 17.05.2012"),
    )
    club = forms.CharField(label=_("Club"), max_length=limits.MAX_NAME, required=False)
    website = forms.CharField(label=_("Leave this empty"), max_length=200, required=False)

    def __init__(self, *args: Any, sections: list[m.Event], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["section"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(s.pk, s.name) for s in sections]
        if len(sections) == 1:
            field.initial = sections[0].pk

    def entry(self) -> EntryRequest:
        """The request as typed (after :meth:`is_valid`)."""
        data = self.cleaned_data
        return EntryRequest(
            name=data.get("name", ""),
            fide_id=data.get("fide_id", ""),
            email=data.get("email", ""),
            federation=data.get("federation", ""),
            birth_date=data.get("birth_date", ""),
            club=data.get("club", ""),
        )

    def clean(self) -> dict[str, Any]:
        """Each field as the library reads it (:func:`chessarbiter.entries.entry_problems`):
        its problem on the field."""
        data = super().clean() or {}
        for field, problem in entry_problems(self.entry()).items():
            if field in self.fields and field not in self.errors:
                self.add_error(field, problem)
        return data


def _festival(festival_id: int) -> m.Festival:
    """The festival, if one of its sections is public (otherwise 404, as its pages)."""
    festival = get_object_or_404(m.Festival, pk=festival_id)
    if not festival.sections.filter(public=True).exists():
        raise Http404
    return festival


def register(request: HttpRequest, festival_id: int) -> HttpResponse:
    """GET: the form (or, registration closed, a page saying so). POST: the request stored
    for the organiser, then the thank-you page; a problem is shown on its field."""
    festival = _festival(festival_id)
    sections = services.sections_taking_entries(festival)
    if not festival.registration_open or not sections:
        return render(request, "public/register.html", {"festival": festival, "closed": True})
    if request.method != "POST":
        form = RegistrationForm(sections=sections)
        return render(request, "public/register.html", {"festival": festival, "form": form})
    form = RegistrationForm(request.POST, sections=sections)
    if request.POST.get(HONEYPOT, ""):
        # a robot: answered as anyone, nothing stored
        return redirect("public:register_thanks", festival.pk)
    if form.is_valid():
        try:
            services.submit_registration(festival, form.cleaned_data["section"], form.entry())
        except EntryError as e:
            for field, problem in e.problems.items():
                form.add_error(field if field in form.fields else None, problem)
        except ChessArbiterError as e:
            form.add_error(None, str(e))
        else:
            return redirect("public:register_thanks", festival.pk)
    return render(request, "public/register.html", {"festival": festival, "form": form})


def register_thanks(request: HttpRequest, festival_id: int) -> HttpResponse:
    """The page after a request: it waits for the organiser."""
    festival = _festival(festival_id)
    return render(request, "public/register.html", {"festival": festival, "thanks": True})
