"""Tie-break names, as TRF-2026 ``202``/``212`` records, the event settings and the command
line write them: an acronym of the :mod:`~chessarbiter.tiebreaks.registry` and its modifiers
(TRF-2026 spec 5.5; C.07 Art. 14).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from chessarbiter.tiebreaks.registry import (
    Modifier,
    UnsupportedTieBreakError,
    acronyms,
    lookup,
)

__all__ = ["TieBreakSpec", "parse", "parse_list"]


@dataclass(frozen=True, slots=True)
class TieBreakSpec:
    """One tie-break as named in TRF-2026 ``202`` records or on the command line:
    ``acronym`` and its modifiers, Cut-n (``/C1``) and Median-n (``/M1``) (C.07 Art. 14).

    ``name`` is the text it was parsed from, kept as the column heading and JSON key.
    """

    name: str
    acronym: str
    cut: int = 0
    median: int = 0
    limit: int = 0
    forfeits_played: bool = False
    fore: bool = False
    reverse: bool = False


_ACRONYM = re.compile(r"^[A-Z]+$")
_MODIFIER = re.compile(r"^(?:([CM])(\d+)|L([+-]?\d+)|([PFR]))$")


def _accepting(modifier: Modifier) -> str:
    """The acronyms that accept ``modifier``, for a message."""
    return ", ".join(a for a in acronyms() if modifier in lookup(a).modifiers)


def parse(text: str) -> TieBreakSpec:
    """Parse a tie-break in the TRF-2026 grammar (spec 5.5): an acronym and modifiers,
    ``/Cn`` Cut, ``/Mn`` Median, ``/L±n`` Koya limit (C.07 14), ``/P`` forfeits count as played
    (DE, 6.1.1), ``/F`` Fore Buchholz (AOB, 8.2), ``/R`` reverse order; ``-`` also separates.
    Each acronym accepts the modifiers its registration names.

    >>> spec = parse("BH/C1")
    >>> spec.name, spec.acronym, spec.cut, spec.median
    ('BH/C1', 'BH', 1, 0)
    >>> parse("KS/L-1").limit, parse("sb-m1").median, parse("DE/P").forfeits_played
    (-1, 1, True)
    >>> parse("BH-C1/R").cut, parse("AOB/F").fore, parse("BH/C1/R").reverse
    (1, True, True)
    >>> parse("XYZ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chessarbiter.tiebreaks.registry.UnsupportedTieBreakError: tie-break XYZ (C.07) is not a C.07 ...
    """
    name = text.strip()
    parts = re.split(r"/|-(?=[A-Z])", name.upper())
    acronym, modifiers = parts[0], parts[1:]
    if not _ACRONYM.match(acronym) or not all(_MODIFIER.match(m) for m in modifiers):
        raise UnsupportedTieBreakError(
            f"malformed tie-break {text!r}: expected an acronym and modifiers such as /C1, "
            f"/M1, /L+1, /P, /F or /R (e.g. BH/C1)"
        )
    accepts = lookup(acronym).modifiers
    fields: dict[str, int | bool] = {}
    for modifier in modifiers:
        m = _MODIFIER.match(modifier)
        assert m is not None
        kind, count, limit, flag = m.groups()
        if kind:
            if Modifier(kind) not in accepts:
                raise UnsupportedTieBreakError(
                    f"C.07 Art. 14: {acronym} takes no Cut or Median modifier ({text!r})"
                )
            fields["cut" if kind == "C" else "median"] = int(count)
        elif limit is not None:
            if Modifier.LIMIT not in accepts:
                raise UnsupportedTieBreakError(
                    f"C.07 14.5: only {_accepting(Modifier.LIMIT)} takes a Limit modifier "
                    f"({text!r})"
                )
            fields["limit"] = int(limit)
        elif flag == "P":
            if Modifier.FORFEITS_PLAYED not in accepts:
                raise UnsupportedTieBreakError(
                    f"/P (forfeits as played) is computed for "
                    f"{_accepting(Modifier.FORFEITS_PLAYED)} only ({text!r}); its meaning "
                    f"for {acronym} under C.07 2026 is not settled"
                )
            fields["forfeits_played"] = True
        elif flag == "F":
            if Modifier.FORE not in accepts:
                raise UnsupportedTieBreakError(
                    f"/F (Fore Buchholz) applies to {_accepting(Modifier.FORE)} ({text!r})"
                )
            fields["fore"] = True
        else:
            fields["reverse"] = True
    return TieBreakSpec(name, acronym, **fields)  # type: ignore[arg-type]


def parse_list(text: str) -> list[TieBreakSpec]:
    """A comma-separated list, e.g. ``"BH/C1,BH,SB"`` (names must be distinct).

    A leading ``PTS`` is the points themselves, the score the tie-breaks follow (TRF-2026
    record ``212``, the standings order, starts with it), not a tie-break: it is skipped.

    >>> [s.name for s in parse_list("BH/C1, BH ,SB")]
    ['BH/C1', 'BH', 'SB']
    >>> [s.name for s in parse_list("PTS,WIN,BH")]
    ['WIN', 'BH']
    """
    parts = [part for part in text.split(",") if part.strip()]
    if parts and parts[0].strip().upper() == "PTS":
        parts = parts[1:]
    specs = [parse(part) for part in parts]
    names = [s.name for s in specs]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise UnsupportedTieBreakError(f"tie-break listed twice: {', '.join(twice)}")
    return specs
