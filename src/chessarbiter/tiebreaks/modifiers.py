"""C.07 Art. 14: Cut-n and Median-n, the modifiers that leave out a tie-break's least (and,
for Median, most) significant values; with C.07 16.5 (2023, 2026): voluntarily unplayed rounds
are cut first.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Protocol

__all__ = ["Cuts", "cut", "cut_positions"]

ZERO = Decimal(0)


class Cuts(Protocol):
    """How many values to leave out: ``cut`` least significant (Cut-n), or with ``median``
    that many at each end (Median-n)."""

    @property
    def cut(self) -> int: ...

    @property
    def median(self) -> int: ...


def cut(
    values: list[tuple[Decimal, bool]],
    spec: Cuts,
    sb: list[Decimal] | None = None,
) -> Decimal:
    """Sum ``values`` (value, voluntarily unplayed) less Cut-n / Median-n (C.07 14).

    The least significant value is the lowest; for SB (``sb``: the opponents' scores, one per
    value) the value of the lowest-scoring opponent, the lowest value among equals (14.1,
    2024). A participant's voluntarily unplayed rounds are cut first (16.5): BH cuts the
    lowest such contribution; SB cuts it when it is not lower than the least significant
    value, and the least significant value otherwise.

    >>> from chessarbiter.tiebreaks.spec import parse
    >>> values = [(Decimal(3), False), (Decimal(1), False), (Decimal(2), True)]
    >>> cut(values, parse("BH/C1")), cut(values, parse("BH/M1"))
    (Decimal('4'), Decimal('1'))
    """
    left_out = cut_positions(values, spec, sb)
    return sum((v for i, (v, _) in enumerate(values) if i not in left_out), ZERO)


def cut_positions(
    values: list[tuple[Decimal, bool]],
    spec: Cuts,
    sb: list[Decimal] | None = None,
) -> set[int]:
    """The positions in ``values`` that :func:`cut` leaves out."""
    keys = sb if sb is not None else [v for v, _ in values]
    items = [(k, v, vur, i) for i, (k, (v, vur)) in enumerate(zip(keys, values, strict=True))]
    out: set[int] = set()
    for _ in range(min(spec.cut or spec.median, len(items))):
        least = min(range(len(items)), key=lambda i: (items[i][0], items[i][1]))
        vurs = [i for i in range(len(items)) if items[i][2]]
        pick = least
        if vurs:
            lowest_vur = min(vurs, key=lambda i: (items[i][1], items[i][0]))
            if sb is None or items[lowest_vur][1] >= items[least][1]:
                pick = lowest_vur
        out.add(items.pop(pick)[3])
    for _ in range(min(spec.median, len(items))):
        out.add(items.pop(max(range(len(items)), key=lambda i: (items[i][0], items[i][1])))[3])
    return out
