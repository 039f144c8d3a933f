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

One box takes the question as people type it ("17 112", "17-112", "17 vs 112", "why was 17
paired with 112?", a part of a name: :func:`parse_question`); in the browser the same box opens
the bracket of the player typed as he is typed, and without a script the form answers it. A pair's
opponents passed over are grouped by reason ("not 12, 15 and 19: ..."). The plain text of the
command line's ``pair --explain`` stays downloadable (:func:`explain_text`), bounded in size.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from chessarbiter import limits
from chessarbiter.errors import ChessArbiterError
from chessarbiter.pairing.dutch.explain import (
    NOT_ASKED,
    SAME_HALF,
    BracketTrace,
    ReasonGroup,
    RoundExplanation,
    WhyAnswer,
    number_runs,
)
from chessarbiter.pairing.systems import DUTCH, PairingRules

from ..events import models as m
from ..events import services, store
from ..events.access import Level
from .context import page_context
from .views import played_in_rounds

#: At most this many players are named when a name fits several.
NAMED_MATCHES = 5

#: The downloaded text stops at this many bytes (UTF-8): a round's text grows as the square of
#: its biggest bracket (5.5 MB for round 2 of 1,000 players).
MAX_TEXT_BYTES = 2 * 1024 * 1024

#: Words of a question that name nobody: "why was 17 paired with 112?", "почему 17 не с 112".
FILLER = frozenset(
    [
        "why",
        "was",
        "is",
        "were",
        "not",
        "paired",
        "pair",
        "with",
        "against",
        "and",
        "vs",
        "versus",
        "v",
        "x",
        "the",
        "player",
        "players",
        "почему",
        "был",
        "была",
        "играл",
        "играла",
        "играли",
        "не",
        "с",
        "со",
        "и",
        "против",
        "игрок",
    ]
)
#: What stands between two players in a question: "17 vs 112", "Petrova - Berg".
SEPARATOR = re.compile(
    r"\s+(?:vs\.?|v\.?|versus|against|with|and|против|и|с|со|[-–—/&x])\s+|\s*[;|]\s*",
    re.IGNORECASE,
)


def parse_question(text: str) -> list[str]:
    """The players a free-text question names, one or two (each a pairing number or a part
    of a name, to be looked up): numbers with anything between them, or names (or a number
    and a name) apart by a word or a dash with spaces around it. Words such as "why", "was",
    "paired", "with" are dropped. The page's search box, not a rule.

    >>> parse_question("17 112"), parse_question("17-112"), parse_question("17 vs 112")
    (['17', '112'], ['17', '112'], ['17', '112'])
    >>> parse_question("Why was 17 paired with 112?"), parse_question(" 7 ")
    (['17', '112'], ['7'])
    >>> parse_question("why was Petrova paired with Berg, Jonas?")
    ['Petrova', 'Berg, Jonas']
    >>> parse_question("Heymann-Lobzhanidze"), parse_question("Petrova - 10")
    (['Heymann-Lobzhanidze'], ['Petrova', '10'])

    :raises forms.ValidationError: for nothing but filler words, or three players or more.
    """
    words = re.findall(r"\w+", text)
    if words and all((w.isascii() and w.isdigit()) or w.casefold() in FILLER for w in words):
        parts = [w for w in words if w.isdigit()]
    else:
        parts = []
        for part in SEPARATOR.split(text.strip().strip("?!.").strip()):
            kept = part.split()
            while kept and kept[0].casefold().strip("?!.,") in FILLER:
                kept.pop(0)
            while kept and kept[-1].casefold().strip("?!.,") in FILLER:
                kept.pop()
            if kept:
                parts.append(" ".join(kept).strip(" ?!."))
    if not parts:
        raise forms.ValidationError(_("Give a pairing number or a part of a name."))
    if len(parts) > 2:
        raise forms.ValidationError(
            _("Ask about one player, or about two (e.g. “17 112”), not %(n)d.") % {"n": len(parts)}
        )
    return parts


class WhyForm(forms.Form):
    """The question: one free-text box (:func:`parse_question`), or a player (pairing number
    or part of the name) and, optionally, a second one ("why not with"); each bounded. The
    box wins when both are given."""

    q = forms.CharField(
        label=gettext_lazy("Find a player, or ask why two players were paired"),
        max_length=2 * limits.MAX_NAME,
        required=False,
        help_text=gettext_lazy(
            "A pairing number or a part of a name opens his bracket; two of them (“17 112”, "
            "“17-112”, “17 vs 112”) ask why they were paired, or not."
        ),
    )
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
        question = str(data.get("q") or "").strip()
        if question:
            try:
                parts = parse_question(question)
                numbers = [self._resolve(part) for part in parts]
            except forms.ValidationError as e:
                self.add_error("q", e)
                return data
            data["player"] = numbers[0]
            data["other"] = numbers[1] if len(numbers) > 1 else None
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
        """The pairing number a field names (:meth:`_resolve`), ``None`` for an empty one."""
        text = str(self.cleaned_data.get(field) or "").strip()
        return self._resolve(text) if text else None

    def _resolve(self, text: str) -> int:
        """The pairing number ``text`` names: digits, or a part of exactly one player's name.

        :raises forms.ValidationError: a number out of range or of nobody, a name of nobody
            or of several players (the first few named)."""
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
class ReasonLine:
    """The opponents a player passed over for one reason, as the page says it once:
    ``numbers`` in runs ("2–9, 12"), or with ``met`` the round each was met in ([C1]);
    ``known`` False: the reason needs a solve, and each opponent in ``opponents`` links to
    the question; ``same_half``: the reason of Article 4.3, which the page's legend spells
    out."""

    reason: str
    known: bool
    opponents: tuple[int, ...]
    numbers: str
    met: tuple[tuple[int, int], ...]
    same_half: bool = False

    @classmethod
    def of(cls, group: ReasonGroup) -> ReasonLine:
        runs = number_runs(group.opponents)
        return cls(
            reason=group.reason or NOT_ASKED,
            known=group.reason is not None,
            opponents=group.opponents,
            numbers=", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs),
            met=tuple(zip(group.opponents, group.rounds, strict=True)) if group.rounds else (),
            same_half=group.reason == SAME_HALF,
        )


@dataclass(frozen=True)
class PairLine:
    """A pair of a bracket as the page shows it: the opponents passed over, one line per
    reason (:meth:`~chessarbiter.pairing.dutch.explain.Choice.groups`); ``asked``: the pair
    holds a player asked about."""

    player: int
    opponent: int
    reasons: list[ReasonLine]
    asked: bool = False


@dataclass(frozen=True)
class BracketView:
    """A bracket, folded: its summary figures, players and pairs; ``open`` for the asked
    player's bracket; ``asked``: the players asked about, marked.

    The rows of its table and its pairs are made here as HTML (escaped), not by a template
    loop: a 1,000-player round has 1,000 rows and 500 pairs, which Django's template engine
    renders ten times slower."""

    index: int
    trace: BracketTrace
    pairs: list[PairLine]
    open: bool
    asked: frozenset[int] = frozenset()

    @property
    def size(self) -> int:
        return len(self.trace.moved_down) + len(self.trace.residents)

    def rows_html(self) -> SafeString:
        """The table's rows: number, points, colours, preference, floats, bye, name."""
        words = _("yes,no").split(",")  # as the template filter yesno reads them
        yes, no = escape(words[0]), escape(words[-1])
        out = []
        for p in self.trace.players:
            hit = ' class="flash explain-hit"' if p.number in self.asked else ""
            out.append(
                f'<tr data-n="{p.number}"{hit}><td>{p.number}<td>{escape(p.points)}'
                f"<td>{escape(p.colours)}<td>{escape(p.preference)}<td>{escape(p.floats)}"
                f"<td>{yes if p.bye else no}<td>{escape(p.name)}\n"
            )
        return mark_safe("".join(out))  # every value above is escaped

    def pairs_html(self) -> SafeString:
        """The pairs, each with its opponents passed over, one line per reason."""
        word_not = escape(_("not"))
        same = escape(_("the same half"))
        unknown = escape(_("a quality criterion or the generation order (a number asks which)"))
        out = []
        for pair in self.pairs:
            hit = ' class="explain-hit"' if pair.asked else ""
            out.append(
                f'<li data-pair="{pair.player} {pair.opponent}"{hit}>'
                f"{pair.player} – {pair.opponent}"
            )
            if pair.reasons:
                out.append("<ul>")
                for r in pair.reasons:
                    if r.met:
                        named = ", ".join(
                            escape(_("%(n)d (round %(r)d)") % {"n": n, "r": rnd})
                            for n, rnd in r.met
                        )
                        out.append(f"<li>{word_not} {named}: {escape(r.reason)}")
                    elif r.same_half:
                        out.append(f"<li>{word_not} {r.numbers}: {same}")
                    elif r.known:
                        out.append(f"<li>{word_not} {r.numbers}: {escape(r.reason)}")
                    else:
                        links = ", ".join(
                            f'<a href="?player={pair.player}&amp;other={n}#why" title="'
                            + escape(_("Why not %(p)d – %(n)d?") % {"p": pair.player, "n": n})
                            + f'">{n}</a>'
                            for n in r.opponents
                        )
                        out.append(f"<li>{word_not} {links}: {unknown}")
                out.append("</ul>")
            out.append("\n")
        return mark_safe("".join(out))  # every value above is escaped


def bracket_views(
    explanation: RoundExplanation, answer: WhyAnswer | None, asked: Iterable[int] = ()
) -> list[BracketView]:
    """The brackets of ``explanation`` as the page folds them (``asked``: the players whose
    pairs are marked)."""
    marked = set(asked)
    views = []
    for i, b in enumerate(explanation.brackets):
        pairs = [
            PairLine(
                ch.player,
                ch.opponent,
                [ReasonLine.of(g) for g in ch.groups()],
                bool(marked & {ch.player, ch.opponent}),
            )
            for ch in b.choices
        ]
        opened = answer is not None and answer.bracket == i
        views.append(BracketView(i, b, pairs, opened, frozenset(marked)))
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
    asked = {n for n in focus or () if n is not None}
    brackets = bracket_views(explanation, answer, asked) if explanation is not None else []
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
            asked=asked,
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


#: Up to this many players the text download gives every reason, as the command line does
#: (0.16 s CPU for the 284-player real open; 7.8 s for 1,000 players at round 9).
FULL_TEXT_PLAYERS = 500


@login_required
@require_safe
@played_in_rounds(Level.VIEWER)
def explain_text(request: HttpRequest, ev: m.Event) -> HttpResponse:
    """The explanation of the next round as plain text, to download: the engine's own account,
    as the command line prints it (``chessarbiter pair FILE --explain`` for the FIDE (Dutch)
    system, :meth:`~chessarbiter.pairing.dutch.explain.RoundExplanation.lines`: up to
    :data:`FULL_TEXT_PLAYERS` players with every reason, the round solved again for each;
    beyond, the reasons that need it are left to the page's question); another Swiss
    system's account as its page shows it), cut at :data:`MAX_TEXT_BYTES`. A round that
    cannot be paired gets the library's refusal as its text."""
    rules = store.pairing_rules(ev)
    lines: Iterable[str]
    try:
        if rules.system is DUTCH:
            every = ev.players.count() <= FULL_TEXT_PLAYERS
            lines = services.explain_next_round(ev, every_reason=every).iter_lines()
        else:
            lines = services.explain_next_round_lines(ev)
        text = bounded_text(lines, MAX_TEXT_BYTES)
    except ChessArbiterError as e:
        text = f"{e}\n"
    response = HttpResponse(text.encode(), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{ev.pk}-explanation.txt"'
    return response


def bounded_text(lines: Iterable[str], limit: int) -> str:
    """``lines`` joined, each ending in a newline, up to ``limit`` bytes in UTF-8; a text cut
    short ends on a whole line and says where the whole of it is.

    >>> bounded_text(["a", "b"], 10)
    'a\\nb\\n'
    >>> bounded_text(["a" * 6, "b" * 6], 10).splitlines()[:1]
    ['aaaaaa']
    """
    out: list[str] = []
    size = 0
    for line in lines:
        size += len(line.encode()) + 1
        if size > limit:
            out.append(
                f"... the text stops here, at its limit of {limit // 1024} KB: the command "
                "line prints the whole of it (chessarbiter pair FILE --explain)"
            )
            break
        out.append(line)
    return "".join(line + "\n" for line in out)
