"""The arbiter's page "why this pairing": the explanation of the next round of a Swiss event
by the FIDE (Dutch) system (C.04.3 (2026) Article 4, :mod:`chessarbiter.pairing.dutch.explain`),
one folded section per bracket, and a search — "why was X paired with Y, why not with Z" — that
names the criterion behind each opponent X did not get and opens X's bracket.

A thin view over :func:`chessarbiter.web.events.services.explain_next_round`: the overview costs
one pairing (the reasons read off the round: [C1], a forbidden pair, [C3], the exchanges of
Article 4.3); a question adds a solve of the round per opponent asked about. Every viewer of the
event reads it. Bad input (a number out of range, a name nobody has, a player not in the round)
is answered in the form, never with a server error. The rules' texts stay in English, as the
FIDE rules are written; the page's own words are translated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from chessarbiter import limits
from chessarbiter.errors import ChessArbiterError
from chessarbiter.pairing.dutch.explain import (
    NOT_ASKED,
    SAME_HALF,
    BracketTrace,
    RoundExplanation,
    WhyAnswer,
)
from chessarbiter.pairing.systems import DUTCH, PairingRules

from ..events import models as m
from ..events import services, store
from ..events.access import Level
from .context import page_context
from .views import played_in_rounds

#: At most this many players are named when a name fits several.
NAMED_MATCHES = 5


class WhyForm(forms.Form):
    """The question: a player (pairing number or part of the name) and, optionally, a second
    one ("why not with"); each bounded."""

    player = forms.CharField(
        label=gettext_lazy("Why was player"),
        max_length=limits.MAX_NAME,
        required=False,
        help_text=gettext_lazy("A pairing number, or a part of the name."),
    )
    other = forms.CharField(
        label=gettext_lazy("paired, or not paired with"),
        max_length=limits.MAX_NAME,
        required=False,
        help_text=gettext_lazy("Optional: a second player."),
    )

    def __init__(self, *args: Any, event: m.Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_player(self) -> int | None:
        return self._number("player")

    def clean_other(self) -> int | None:
        return self._number("other")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("other") is not None and data.get("player") is None:
            raise forms.ValidationError(_("Name the first player too."))
        if data.get("other") is not None and data.get("other") == data.get("player"):
            raise forms.ValidationError(_("Name two different players."))
        return data

    def focus(self) -> tuple[int, int | None] | None:
        """The players asked about (the form must be valid)."""
        player = self.cleaned_data.get("player")
        return None if player is None else (player, self.cleaned_data.get("other"))

    def _number(self, field: str) -> int | None:
        """The pairing number a field names: digits, or a part of exactly one player's name.

        :raises forms.ValidationError: a number out of range or of nobody, a name of nobody
            or of several players (the first few named)."""
        text = str(self.cleaned_data.get(field) or "").strip()
        if not text:
            return None
        players = self.event.players
        if text.isascii() and text.isdigit():
            number = int(text) if len(text) <= len(str(limits.MAX_PLAYERS)) else 0
            if not 1 <= number <= limits.MAX_PLAYERS:
                raise forms.ValidationError(
                    _("A pairing number is from 1 to %(max)d.") % {"max": limits.MAX_PLAYERS}
                )
            if not players.filter(number=number).exists():
                raise forms.ValidationError(
                    _("No player has the pairing number %(n)d.") % {"n": number}
                )
            return number
        found = list(
            players.filter(name__icontains=text)
            .order_by("number")
            .values_list("number", "name")[: NAMED_MATCHES + 1]
        )
        exact = [n for n, name in found if name.casefold() == text.casefold()]
        if len(exact) == 1:
            return exact[0]
        if len(found) == 1:
            return int(found[0][0])
        if not found:
            raise forms.ValidationError(_("No player's name contains “%(q)s”.") % {"q": text})
        named = "; ".join(f"{n} {name}" for n, name in found[:NAMED_MATCHES])
        raise forms.ValidationError(
            _("Several players' names contain “%(q)s” (%(names)s): give the pairing number.")
            % {"q": text, "names": named + ("; …" if len(found) > NAMED_MATCHES else "")}
        )


@dataclass(frozen=True)
class PairLine:
    """A pair of a bracket as the page shows it: the opponents passed over with their reason
    (``asked``: a criterion was found; otherwise the page offers the question), and those in
    the same half of the bracket (Article 4.3), only counted."""

    player: int
    opponent: int
    reasons: list[tuple[int, str, bool]]
    same_half: list[int]


@dataclass(frozen=True)
class BracketView:
    """A bracket, folded: its summary figures, players and pairs; ``open`` for the asked
    player's bracket."""

    index: int
    trace: BracketTrace
    pairs: list[PairLine]
    open: bool

    @property
    def size(self) -> int:
        return len(self.trace.moved_down) + len(self.trace.residents)


def bracket_views(explanation: RoundExplanation, answer: WhyAnswer | None) -> list[BracketView]:
    """The brackets of ``explanation`` as the page folds them."""
    views = []
    for i, b in enumerate(explanation.brackets):
        pairs = []
        for ch in b.choices:
            reasons = [
                (r.opponent, r.reason or NOT_ASKED, r.reason is not None)
                for r in ch.rejected
                if r.reason != SAME_HALF
            ]
            same = [r.opponent for r in ch.rejected if r.reason == SAME_HALF]
            pairs.append(PairLine(ch.player, ch.opponent, reasons, same))
        views.append(BracketView(i, b, pairs, answer is not None and answer.bracket == i))
    return views


@login_required
@require_safe
@played_in_rounds(Level.VIEWER)
def explain(request: HttpRequest, ev: m.Event) -> HttpResponse:
    """The explanation of the next round, and the answer to the question asked (``player``,
    optional ``other``, in the query string)."""
    rules = store.pairing_rules(ev)
    if rules.system is not DUTCH:
        return _engine_account(request, ev, rules)
    form = WhyForm(request.GET or None, event=ev)
    focus = form.focus() if form.is_valid() else None
    explanation: RoundExplanation | None = None
    answer: WhyAnswer | None = None
    problem = ""
    try:
        explanation = services.explain_next_round(ev, focus)
        if focus is not None:
            answer = explanation.why(*focus)
    except ChessArbiterError as e:
        if focus is None:
            problem = str(e)
        else:  # the question, or the round? The round alone says which.
            try:
                explanation = services.explain_next_round(ev)
            except ChessArbiterError as again:
                problem = str(again)
            else:
                form.add_error(None, str(e))
    brackets = bracket_views(explanation, answer) if explanation is not None else []
    return render(
        request,
        "arbiter/explain.html",
        page_context(
            request,
            ev,
            form=form,
            explanation=explanation,
            brackets=brackets,
            answer=answer,
            asked=set(focus or ()) - {None},
            problem=problem,
        ),
    )


def _engine_account(request: HttpRequest, ev: m.Event, rules: PairingRules) -> HttpResponse:
    """The page for a Swiss system other than the Dutch one: its engine's account of the next
    round (:meth:`~chessarbiter.pairing.round_pairing.RoundPairing.explained`)."""
    lines: list[str] = []
    problem = ""
    try:
        lines = services.explain_next_round_lines(ev)
    except ChessArbiterError as e:
        problem = str(e)
    return render(
        request,
        "arbiter/explain.html",
        page_context(request, ev, lines=lines, rules=rules.system.title, problem=problem),
    )
