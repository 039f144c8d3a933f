"""Template filters that show a player's data as arbiters write it, by the library's rules:
``{{ player.title|fide_title }}`` (:func:`chessarbiter.model.player.display_title`: ``GM``,
never the TRF16 code ``g``) and ``{{ value|tiebreak }}``
(:func:`chessarbiter.formatting.format_tiebreak`: ``25.25``, ``31``); and
``{{ federations|federation_of:number }}`` for the crosstable grid, whose lines name players
by pairing number."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.utils.formats import get_format
from django.utils.translation import gettext

from chessarbiter.formatting import format_tiebreak
from chessarbiter.model.player import display_title
from chessarbiter.pairing.double_swiss.rules import match_of_column

register = template.Library()


@register.filter
def fide_title(title: str | None) -> str:
    """The title as arbiters write it; empty for none."""
    return display_title(title or "")


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
