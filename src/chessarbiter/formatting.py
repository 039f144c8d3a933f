"""Numbers as an arbiter writes them: points with the vulgar fraction (``6½``) or in decimals
(``6.5``), and tie-break values in decimals without trailing zeros (``31``, ``6.5``,
``25.25``): :func:`format_tiebreak`, the one form of every page, printout and export.

Shared by the printed tables (:mod:`chessarbiter.crosstable`, :mod:`chessarbiter.output`) and
the tie-break breakdowns (:mod:`chessarbiter.tiebreaks.breakdown`); it depends on nothing else
of the package.

>>> format_points(Decimal("6.5")), format_points(Decimal("0.5")), format_points(Decimal(7))
('6½', '½', '7')
>>> format_points(Decimal("6.5"), ascii=True)
'6.5'
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

__all__ = [
    "TIEBREAK_DECIMALS",
    "format_fraction",
    "format_points",
    "format_tiebreak",
    "plain_number",
]

_HALF = Decimal("0.5")

#: C.07 (2023/2026): no tie-break value needs more than two decimals. Sums of points are
#: whole or half points (or the point system's own steps); a Sonneborn-Berger product of
#: halves gives quarters (``25.25``); the averages C.07 defines are rounded by its text, the
#: Average of Opponents' Buchholz (8.2) to hundredths, the ratings averages (ARO, TPR, APRO,
#: APPO: Art. 10) to whole numbers.
TIEBREAK_DECIMALS = 2
_TIEBREAK_STEP = Decimal(1).scaleb(-TIEBREAK_DECIMALS)


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


def format_fraction(value: Fraction, *, ascii: bool = False) -> str:
    """An exact score (a Keizer score is a sum of fractions of value numbers) as printed:
    whole and half points as :func:`format_points` prints them, anything else to two decimals,
    halves up (Keizer club lists print 29.67 for a third of 89).

    >>> format_fraction(Fraction(59, 2)), format_fraction(Fraction(89, 3))
    ('29½', '29.67')
    >>> format_fraction(Fraction(59, 2), ascii=True), format_fraction(Fraction(30))
    ('29.5', '30')
    """
    if (value * 2).denominator == 1:
        return format_points(Decimal(value.numerator) / value.denominator, ascii=ascii)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return plain_number(exact.quantize(_TIEBREAK_STEP, rounding=ROUND_HALF_UP))


def plain_number(value: Decimal) -> str:
    """Decimals without trailing zeros or exponent: ``6.50`` -> ``6.5``, ``31.0`` -> ``31``.

    >>> plain_number(Decimal("6.50")), plain_number(Decimal("31.0"))
    ('6.5', '31')
    """
    return format(value.normalize(), "f")


def format_tiebreak(value: Decimal, *, decimal_separator: str = ".") -> str:
    """A tie-break value as every table prints it (C.07 2023/2026): decimals, at most
    :data:`TIEBREAK_DECIMALS` of them (a value with more, such as the average of a direct
    encounter between three players, is rounded half up to hundredths), trailing zeros
    trimmed, never an exponent and never a vulgar fraction (a column of tie-breaks mixes
    ``31.5`` and ``25.25``; the fraction is for points). ``decimal_separator`` is the only
    thing a language changes (``31,5`` in Russian pages); files and exports keep the point.

    >>> [format_tiebreak(Decimal(v)) for v in ("31.0", "6.50", "25.25", "0", "-1.5", "1E+1")]
    ['31', '6.5', '25.25', '0', '-1.5', '10']
    >>> format_tiebreak(Decimal(2) / 3), format_tiebreak(Decimal("0.125"))
    ('0.67', '0.13')
    >>> format_tiebreak(Decimal("31.50"), decimal_separator=",")
    '31,5'
    """
    rounded = value.quantize(_TIEBREAK_STEP, rounding=ROUND_HALF_UP)
    text = plain_number(rounded)
    if text == "-0":
        text = "0"
    return text.replace(".", decimal_separator)


def format_money(amount: Decimal, unit: Decimal, currency: str) -> str:
    """``amount`` written with the decimals of the currency's smallest ``unit`` a prize table
    pays (shares are rounded down to it), then the currency.

    >>> format_money(Decimal("1250"), Decimal("0.01"), "EUR")
    '1250.00 EUR'
    >>> format_money(Decimal("83.5"), Decimal(1), "")
    '84'
    """
    exponent = unit.as_tuple().exponent
    places = exponent if isinstance(exponent, int) and exponent < 0 else 0
    return f"{amount.quantize(Decimal(1).scaleb(places)):f} {currency}".strip()


#: The most players a prize list names in "shared with"; more are counted instead (a tie of
#: 200 players on the last paid places would write 200 numbers on each of its lines).
SHARED_NAMES_SHOWN = 5


def format_shared_with(numbers: Sequence[int]) -> str:
    """The players a prize is shared with, by pairing number, or how many when they are
    more than :data:`SHARED_NAMES_SHOWN`.

    >>> format_shared_with([4, 7]), format_shared_with(range(10, 40))
    ('4, 7', '30 players')
    """
    if len(numbers) > SHARED_NAMES_SHOWN:
        return f"{len(numbers)} players"
    return ", ".join(str(n) for n in numbers)
