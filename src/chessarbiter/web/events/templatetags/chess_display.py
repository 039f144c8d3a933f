"""Template filters that show a player's data as arbiters write it, by the library's rules:
``{{ player.title|fide_title }}`` (:func:`chessarbiter.model.player.display_title`: ``GM``,
never the TRF16 code ``g``), ``{{ value|points }}`` and ``{{ value|tiebreak }}``; and
``{{ federations|federation_of:number }}`` for the crosstable grid, whose lines name players
by pairing number.

Numbers have one form on every page, the one most pages had already, whatever the language:

* points (a player's score, a team's match and game points, a match score, a norm's score)
  with the vulgar fraction, ``6½``, ``½``, ``7`` (:func:`chessarbiter.formatting.format_points`,
  as the standings, round, crosstable and list pages and the printed tables write them): the
  ``points`` filter, never ``floatformat`` (which wrote ``6.5`` on some pages and ``6,5`` in
  Russian);
* tie-break values in decimals, ``31.5``, ``25.25`` (C.07 (2023/2026): a column mixes halves
  and quarters, :func:`chessarbiter.formatting.format_tiebreak`), with the decimal separator of
  the page's language: the ``tiebreak`` filter;
* dates and times by the language's formats (``date:"SHORT_DATE_FORMAT"`` and its siblings,
  never a pattern; see the settings); a date kept as a TRF file writes it (``2005/07/28``, a
  birth date, a norm certificate's dates) through ``written_date``, which reads it with
  :func:`chessarbiter.trf.dates.header_date` and shows it the same way.
"""

from __future__ import annotations

import functools
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django import template
from django.utils.formats import date_format, get_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from chessarbiter.formatting import format_fraction, format_points, format_tiebreak
from chessarbiter.model.player import display_title
from chessarbiter.pairing.double_swiss.rules import match_of_column
from chessarbiter.special.simul import minutes_text
from chessarbiter.trf.dates import header_date

register = template.Library()


@register.filter
def fide_title(title: str | None) -> str:
    """The title as arbiters write it; empty for none."""
    return display_title(title or "")


@register.filter
def simul_minutes(value: int | None) -> str:
    """A simul's minutes as ``H:MM`` (:func:`chessarbiter.special.simul.minutes_text`, read
    back by its form); empty for none."""
    return "" if value is None else minutes_text(int(value))


@register.filter
def points(value: Decimal | Fraction | float | int | str | None) -> str:
    """Points in the one form of every page (see the module): ``6½``, ``½``, ``7``; a value
    that is not whole or half (an unusual point system, a Keizer score) in decimals, at most
    two (:func:`chessarbiter.formatting.format_fraction`). Empty for none; a text that is not
    a number (already formatted) as it is."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction):
        return format_fraction(value)
    try:
        number = value if isinstance(value, Decimal) else Decimal(str(value))
    except (InvalidOperation, ValueError):
        return str(value)
    if not number.is_finite():
        return str(value)
    return format_fraction(Fraction(number)) if number * 2 % 1 else format_points(number)


@register.filter
def written_date(text: str | None) -> str:
    """A date kept as written in a TRF file (``2005/07/28``, ``28.07.2005``) as every page
    writes a date, in the page language's date format (``July 28, 2005``, ``28 июля 2005
    г.``: never ambiguous between day and month, as ``07/08/2005`` would be on a form read
    abroad); a text that is no whole date (a birth year alone, a blank) as it is."""
    day = header_date(text or "")
    return (text or "") if day is None else date_format(day, "DATE_FORMAT")


@register.filter
def tiebreak(value: Decimal | tuple[Decimal, ...] | float | int | str | None) -> str:
    """A tie-break value in the one form of every table, with the decimal separator of the
    page's language (``31.5``, ``31,5``); empty for none. A team tie-break
    that compares board by board (C.07 Art. 12) is a sequence of values: each is formatted,
    separated by spaces. A value that is not a number (never made by the library) as it is."""
    if value is None or value == "":
        return ""
    if isinstance(value, tuple | list):
        return " ".join(tiebreak(v) for v in value)
    try:
        number = value if isinstance(value, Decimal) else Decimal(str(value))
        return format_tiebreak(number, decimal_separator=str(get_format("DECIMAL_SEPARATOR")))
    except (InvalidOperation, ValueError):
        return str(value)


@register.filter
def federation_of(federations: dict[int, str] | None, number: int) -> str:
    """The federation of the player numbered ``number`` in ``federations`` (pairing number to
    federation); empty when unknown."""
    return (federations or {}).get(number, "")


@register.filter
def round_title(event: Any, number: int) -> str:
    """A stored round as the pages name it
    (:meth:`~chessarbiter.web.events.models.Event.round_title`):
    ``{{ event|round_title:round.number }}``, "Round 3" or, in a Double-Swiss event,
    "Match 2, game 1"."""
    title: str = event.round_title(int(number))
    return title


@register.filter
def standings_after(event: Any, number: int) -> str:
    """The heading of a Double-Swiss event's standings after ``number`` game rounds:
    "Standings after match 3" when they are whole matches, else "Standings after match 3,
    game 1"."""
    n = int(number)
    if n % 2:
        return gettext("Standings after %(title)s") % {"title": event.round_title(n)}
    return gettext("Standings after match %(k)d") % {"k": match_of_column(n)}


@register.filter
def next_match(event: Any, rounds_paired: int) -> int:
    """The number of the Double-Swiss match to pair after ``rounds_paired`` game rounds
    (:func:`~chessarbiter.pairing.double_swiss.rules.match_of_column` of the next one)."""
    return match_of_column(int(rounds_paired) + 1)


@register.simple_tag
def result_options(choices: list[tuple[str, str]], selected: str) -> SafeString:
    """The ``<option>`` elements of a board's result select (``choices``: the results an
    arbiter can pick, key and written form; ``selected``: the board's key, '' for none), made
    once per distinct list and key: a 142-board round renders the same options 142 times."""
    return _options(tuple(choices), selected)


@functools.lru_cache(maxsize=256)
def _options(choices: tuple[tuple[str, str], ...], selected: str) -> SafeString:
    rows = ['<option value="">—</option>']
    for key, label in choices:
        mark = " selected" if key == selected else ""
        rows.append(f'<option value="{escape(key)}"{mark}>{escape(label)}</option>')
    return mark_safe("".join(rows))  # every value above is escaped
