"""Numbers as an arbiter writes them: points with the vulgar fraction (``6½``) or in decimals
(``6.5``), and tie-break values without trailing zeros (``31``, ``6.5``).

Shared by the printed tables (:mod:`chessarbiter.crosstable`, :mod:`chessarbiter.output`) and
the tie-break breakdowns (:mod:`chessarbiter.tiebreaks.breakdown`); it depends on nothing else
of the package.

>>> format_points(Decimal("6.5")), format_points(Decimal("0.5")), format_points(Decimal(7))
('6½', '½', '7')
>>> format_points(Decimal("6.5"), ascii=True)
'6.5'
"""

from __future__ import annotations

from decimal import Decimal

__all__ = ["format_points", "plain_number"]

_HALF = Decimal("0.5")


def format_points(points: Decimal, *, ascii: bool = False) -> str:
    """Points as printed: ``6½`` (or ``6.5`` with ``ascii``); whole numbers without decimals.

    Values that are neither whole nor halves (unusual point systems) keep their decimals.

    >>> format_points(Decimal("2.0")), format_points(Decimal("1.25")), format_points(Decimal(-1))
    ('2', '1.25', '-1')
    """
    if points == points.to_integral_value():
        return str(int(points))
    if ascii or (points * 2) != (points * 2).to_integral_value():
        return plain_number(points)
    whole = int(abs(points) - _HALF)
    sign = "-" if points < 0 else ""
    return f"{sign}{whole or ''}½"


def plain_number(value: Decimal) -> str:
    """Decimals without trailing zeros or exponent: ``6.50`` -> ``6.5``, ``31.0`` -> ``31``.

    >>> plain_number(Decimal("6.50")), plain_number(Decimal("31.0"))
    ('6.5', '31')
    """
    return format(value.normalize(), "f")
