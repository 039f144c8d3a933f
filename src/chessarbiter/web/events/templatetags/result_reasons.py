"""The reason of a board's result on the round pages (:mod:`chessarbiter.result_reasons`):
``{% board_reason b %}`` after the result, a short name with the full one as its tooltip;
``{% board_sanctions b %}`` the number of sanctions given on a game without clocks;
``{{ code|reason_label }}`` a reason's name (the crosstable's tooltips).

The reasons of a round are read in one query, cached for the event's version (a reason given,
or a result changed, raises it), so neither a 142-board page nor the row redrawn after a
result typed from the keyboard reads more than that one query."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy, ngettext

from chessarbiter.model import Result
from chessarbiter.result_reasons import ResultReason

from .. import models as m
from ..services.reasons import REASON_LABELS
from ..tables import cached

register = template.Library()

#: Each reason's short name, after the result.
SHORT = {
    ResultReason.DEAD_POSITION: gettext_lazy("dead"),
    ResultReason.FLAG_FALL: gettext_lazy("flag"),
    ResultReason.FLAG_NO_MATE: gettext_lazy("flag"),
    ResultReason.PERSISTENT_REFUSAL: gettext_lazy("refusal"),
    ResultReason.SANCTION_LOSS: gettext_lazy("sanction"),
}


def round_reasons(event: m.Event, number: int) -> dict[int, ResultReason]:
    """The reasons of round ``number``'s boards (board number to reason), each only while
    the board's result is one its reason allows."""

    def compute() -> dict[int, ResultReason]:
        found: dict[int, ResultReason] = {}
        rows = (
            m.Board.objects.filter(round__event=event, round__number=number)
            .exclude(reason="")
            .exclude(result="")
            .values_list("number", "reason", "result", "black_result")
        )
        for board, code, white, black in rows:
            try:
                why = ResultReason(code)
            except ValueError:
                continue
            if (Result(white), Result(black or white)) in why.results:
                found[board] = why
        return found

    result: dict[int, ResultReason] = cached(event, f"reasons{number}", compute)
    return result


@register.filter
def reason_label(code: str | None) -> str:
    """The name of a result's reason (a :class:`~chessarbiter.result_reasons.ResultReason`
    code: a crosstable cell's note) in the page's language; '' for none or an unknown code."""
    try:
        return str(REASON_LABELS[ResultReason(code or "")])
    except ValueError:
        return ""


@register.simple_tag(takes_context=True)
def board_reason(context: Any, line: Any) -> SafeString | str:
    """`` dead`` (titled "dead position") after a board's result, '' without a reason."""
    event, rnd = context.get("event"), context.get("round")
    if event is None or rnd is None or not getattr(line, "result", ""):
        return ""
    why = round_reasons(event, rnd.number).get(line.number)
    if why is None:
        return ""
    return format_html(
        ' <small class="result-reason" title="{}">{}</small>', REASON_LABELS[why], SHORT[why]
    )


def round_sanction_counts(event: m.Event, number: int) -> dict[int, int]:
    """The sanctions given on each board of round ``number`` (board number to count; games
    without clocks, Team Competitions 1972), cached for the event's version."""

    def compute() -> dict[int, int]:
        counts: dict[int, int] = {}
        for board in m.Sanction.objects.filter(
            board__round__event=event, board__round__number=number
        ).values_list("board__number", flat=True):
            counts[board] = counts.get(board, 0) + 1
        return counts

    result: dict[int, int] = cached(event, f"sanctions{number}", compute)
    return result


@register.simple_tag(takes_context=True)
def board_sanctions(context: Any, line: Any) -> SafeString | str:
    """The number of sanctions given on a board (a small mark after its number, titled), ''
    for none."""
    event, rnd = context.get("event"), context.get("round")
    if event is None or rnd is None:
        return ""
    count = round_sanction_counts(event, rnd.number).get(line.number, 0)
    if not count:
        return ""
    title = ngettext("%(n)d sanction given", "%(n)d sanctions given", count) % {"n": count}
    return format_html(' <small class="sanctions" title="{}">!{}</small>', title, count)
