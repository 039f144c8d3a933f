"""A Keizer competition's settings page: the parameters of the club system (value numbers,
the share of a value each result and each round without a game scores, the absence limit,
the repeat distance, rounding, recalculation), starting from the preset of the event's
variant. Every value is read and checked by the library
(:func:`~chessarbiter.pairing.keizer.scoring.settings_with` and the bounds of
:class:`~chessarbiter.pairing.keizer.scoring.KeizerSettings`: its message beside its field)
before the service stores it (:func:`~chessarbiter.web.events.services.set_keizer_settings`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from chessarbiter.errors import ChessArbiterError
from chessarbiter.pairing.keizer.scoring import (
    KeizerInitialOrder,
    KeizerRounding,
    KeizerSettings,
    KeizerSettingsError,
    setting_text,
    settings_with,
)
from chessarbiter.pairing.systems import pairing_rules

from ..events import models as m
from ..events import services, store
from ..events.access import Level, event_for
from .context import page_context


def _text(label: Any, help_text: Any = "", required: bool = True) -> forms.CharField:
    """A setting typed as text, read by the library
    (:func:`~chessarbiter.pairing.keizer.scoring.settings_with`)."""
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=required,
        max_length=20,
        widget=forms.TextInput(attrs={"size": "8"}),
    )


_OPPONENTS = gettext_lazy("share of the opponent's value")
_OWN = gettext_lazy("share of the player's own value")
#: The settings that may be left blank: unset (``none``).
_UNSET = ("top_value", "absence_limit", "repeat_distance")


class KeizerSettingsForm(forms.Form):
    """The usual Keizer parameters, by the names of
    :class:`~chessarbiter.pairing.keizer.scoring.KeizerSettings`, over ``base`` (the event's
    current settings), whose other parameters are kept. Every value is read and checked by the
    library (:func:`~chessarbiter.pairing.keizer.scoring.settings_with`), each field's problem
    beside it in the library's words (:meth:`clean`)."""

    top_value = _text(
        gettext_lazy("value number of the first place"),
        gettext_lazy("blank: the number of players"),
        required=False,
    )
    step = _text(
        gettext_lazy("step between places"), gettext_lazy("each place is worth this much less")
    )
    win = _text(gettext_lazy("win"), _OPPONENTS)
    draw = _text(gettext_lazy("draw"), _OPPONENTS)
    loss = _text(gettext_lazy("loss"), _OPPONENTS)
    bye = _text(gettext_lazy("pairing-allocated bye"), _OWN)
    club_duty = _text(gettext_lazy("club duty (full-point bye)"), _OWN)
    half_bye = _text(gettext_lazy("half-point bye"), _OWN)
    excused = _text(gettext_lazy("announced absence (zero-point bye)"), _OWN)
    absent = _text(gettext_lazy("absence without notice"), _OWN)
    absence_limit = _text(
        gettext_lazy("absences scored at most"),
        gettext_lazy("blank: every absence scores"),
        required=False,
    )
    repeat_distance = _text(
        gettext_lazy("rounds before two players may meet again"),
        gettext_lazy("blank: never again"),
        required=False,
    )
    rounding = forms.ChoiceField(
        label=gettext_lazy("rounding"),
        choices=[
            (KeizerRounding.EXACT.value, gettext_lazy("exact (no rounding)")),
            (KeizerRounding.HALF_POINT.value, gettext_lazy("each item to the half point")),
        ],
    )
    recompute = forms.ChoiceField(
        label=gettext_lazy("scoring"),
        help_text=gettext_lazy(
            "iterated: every round is scored again with the new value numbers, until the "
            "ranking holds; frozen: with the value numbers of its day"
        ),
        choices=[
            ("true", gettext_lazy("iterated (all rounds scored again)")),
            ("false", gettext_lazy("frozen (each round scored once)")),
        ],
    )
    self_victory = forms.BooleanField(
        label=gettext_lazy("self-victory (each player scores his own value once)"),
        required=False,
    )
    initial_order = forms.ChoiceField(
        label=gettext_lazy("ranking before round 1"),
        choices=[
            (KeizerInitialOrder.RATING.value, gettext_lazy("by rating")),
            (KeizerInitialOrder.PAIRING_NUMBER.value, gettext_lazy("by pairing number")),
        ],
    )

    def __init__(self, data: Any = None, *, base: KeizerSettings, players: int) -> None:
        super().__init__(data, initial=self.initial_of(base))
        self.base = base
        self.players = players
        self.settings: KeizerSettings | None = None

    @staticmethod
    def initial_of(settings: KeizerSettings) -> dict[str, Any]:
        """The form's values for ``settings`` (each setting's text, blank for unset)."""
        initial: dict[str, Any] = {
            name: setting_text(settings, name) for name in KeizerSettingsForm.base_fields
        }
        for name in _UNSET:
            if initial[name] == "none":
                initial[name] = ""
        initial["self_victory"] = settings.self_victory
        return initial

    def texts(self) -> dict[str, str]:
        """The cleaned values as the library reads them (:func:`initial_of`'s inverse): a
        decimal comma as a point, blank as ``none``, a box as ``true``/``false``."""
        texts: dict[str, str] = {}
        for name, value in self.cleaned_data.items():
            if isinstance(value, bool):
                texts[name] = "true" if value else "false"
            elif name in _UNSET and not value.strip():
                texts[name] = "none"
            else:
                texts[name] = value.replace(",", ".")
        return texts

    def clean(self) -> dict[str, Any]:
        """The settings: each field read alone over the base (its own problem beside it, in
        the library's words), then all together, and the value numbers of the event's
        players (:meth:`~chessarbiter.pairing.keizer.scoring.KeizerSettings.value_numbers`)."""
        data = super().clean() or {}
        texts = self.texts()
        for name, text in texts.items():
            try:
                settings_with(self.base, {name: text})
            except KeizerSettingsError as e:
                self.add_error(name, str(e))
        if self.errors:
            return data
        try:
            settings = settings_with(self.base, texts)
            settings.value_numbers(max(1, self.players))
        except KeizerSettingsError as e:
            self.add_error("step", str(e))  # the top value and the step: named in it
            return data
        self.settings = settings
        return data


@login_required
def keizer_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    """A Keizer event's settings (the chief arbiter's): the form, starting from the event's
    current parameters; ``reset`` in the POST restores the variant's preset."""
    ev = event_for(request.user, event_id, Level.CHIEF)
    if not ev.keizer_scored():
        messages.info(request, _("Only a Keizer event has Keizer settings."))
        return redirect("arbiter:event", ev.pk)
    preset = pairing_rules(ev.edition).keizer_settings
    assert preset is not None  # a Keizer event's rules
    problem = ""
    try:
        current = store.keizer_settings(ev)
    except ChessArbiterError as e:  # stored past every validation: shown, the preset offered
        problem, current = str(e), preset
    players = ev.players.count()
    post = request.POST if request.method == "POST" and "reset" not in request.POST else None
    form = KeizerSettingsForm(post, base=current, players=players)
    if request.method == "POST":
        chosen = preset if "reset" in request.POST else None
        if chosen is None and form.is_valid():
            chosen = form.settings
        if chosen is not None:
            try:
                services.set_keizer_settings(ev, request.user, chosen)
            except ChessArbiterError as e:
                form.add_error(None, str(e))
            else:
                messages.success(request, _("Keizer settings saved."))
                return redirect("arbiter:keizer", ev.pk)
    return render(
        request,
        "arbiter/keizer.html",
        page_context(
            request,
            ev,
            form=form,
            problem=problem,
            preset=m.Event.EDITION_LABELS.get(ev.edition, ev.edition),
            paired=ev.round_set.exists(),
        ),
    )
