"""Template filters of the organiser's lists: ``{% for n in completed|rounds_upto %}`` lists
the rounds 1 to ``completed`` (the round selector of the standings)."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def rounds_upto(last: int | str | None) -> range:
    """Rounds 1 to ``last`` (none for a value that is not a whole number)."""
    try:
        return range(1, int(last or 0) + 1)
    except (TypeError, ValueError):
        return range(0)
