"""The two conversion tables of the FIDE rating system, as data: B.02 8.1.1 (a fractional score
``p`` into a rating difference ``dp``) and B.02 8.1.2 (a rating difference ``D`` into the
expected score ``PD`` of the higher-rated player).

Both tables are the same in every edition of the Rating Regulations this package names
(:class:`chessarbiter.editions.RatingEdition`), in the Rapid and Blitz Rating Regulations (their
7.1.1 and 7.1.2) and, for 8.1.1, in the Title Regulations (B.01 1.4.9, 2024): one copy serves
the rating change, the initial rating, the performance ratings of C.07 Art. 10 and the title
norms.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

__all__ = ["DP_TABLE", "PD_TABLE", "dp", "pd"]

#: B.02 8.1.1 (= B.01 1.4.9): ``DP_TABLE[h]`` is ``dp`` for ``p = h / 100``, ``h`` from 0 to
#: 100 (``p`` 0 and 1.0 are shown "notionally as 800").
# fmt: off
DP_TABLE: tuple[int, ...] = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)
# fmt: on

# fmt: off
_PD_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)
# fmt: on

#: B.02 8.1.2: ``(upper end of D, PD in hundredths)`` for each row, the rows in order: ``D``
#: from 0 to 3 gives 50, from 4 to 10 gives 51, ... from 620 to 735 gives 99; above 735 the
#: higher-rated player's PD is 100 (1.0). The lower-rated player's PD is 100 minus it.
PD_TABLE: tuple[tuple[int, int], ...] = tuple(zip(_PD_UPPER, range(50, 100), strict=True))


def dp(fraction: Decimal) -> int:
    """B.02 8.1.1: the rating difference for a score fraction, the fraction rounded to whole
    percents, 0.5 % up (B.01 1.4.9: "All percentages are rounded to the nearest whole number.
    0.5% is rounded up"), before the table lookup.

    >>> dp(Decimal(2) / 3), dp(Decimal(1)), dp(Decimal("0.5")), dp(Decimal("0.345"))
    (125, 800, 0, -110)
    """
    hundredths = int((fraction * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    if not 0 <= hundredths <= 100:
        raise ValueError(f"a score fraction lies between 0 and 1, not {fraction}")
    return DP_TABLE[hundredths]


def pd(difference: int) -> int:
    """B.02 8.1.2: the expected score, in hundredths, of a player rated ``difference`` points
    above the opponent (below for a negative ``difference``), on the full scale: any cap on
    ``D`` (the 400-point rule of B.02 8.3.1) is applied by the caller.

    >>> pd(0), pd(3), pd(4), pd(-4), pd(400), pd(735), pd(736), pd(-736)
    (50, 50, 51, 49, 92, 99, 100, 0)
    """
    if difference < 0:
        return 100 - pd(-difference)
    for upper, expected in PD_TABLE:
        if difference <= upper:
            return expected
    return 100
