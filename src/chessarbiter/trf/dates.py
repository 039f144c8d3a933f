"""The dates of a TRF file's header: ``042`` (start) and ``052`` (end).

TRF16 and TRF-2026 write them ``YYYY/MM/DD``; files from other programs write them day first
as well (``28. 07. 2005``, ``28.07.2005``, ``28/07/2005``). The records are kept as written
(:attr:`chessarbiter.model.Tournament.start_date`); :func:`header_date` reads one as a date
where an application needs it (the web app stores an imported event's dates).
"""

from __future__ import annotations

import datetime
import re

__all__ = ["header_date"]

_YEAR_FIRST = re.compile(r"(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})")
_DAY_FIRST = re.compile(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})")


def header_date(text: str) -> datetime.date | None:
    """The date a ``042`` or ``052`` record writes: year first as the TRF formats write it, or
    day first (``DD.MM.YYYY``, spaces allowed after the separators) as other programs do; a
    day-first date whose second number cannot be a month but whose first can is read month
    first (``07/28/2005``). ``None`` when the text is blank or no such date (an impossible day,
    a year 0000).

    >>> header_date("2025/11/07"), header_date("28. 07. 2005"), header_date("07/28/2005")
    (datetime.date(2025, 11, 7), datetime.date(2005, 7, 28), datetime.date(2005, 7, 28))
    >>> header_date(""), header_date("2005/13/40"), header_date("July 2005")
    (None, None, None)
    """
    text = text.strip()
    m = _YEAR_FIRST.fullmatch(text)
    if m is not None:
        year, month, day = (int(g) for g in m.groups())
    else:
        m = _DAY_FIRST.fullmatch(text)
        if m is None:
            return None
        day, month, year = (int(g) for g in m.groups())
        if month > 12 >= day:
            day, month = month, day
    if year == 0:
        return None
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None
