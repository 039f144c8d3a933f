"""Standings as CSV, and as a printable HTML page (standings with the crosstable, A4).

Both take the rows of :func:`chessarbiter.standings.standings`; numbers are printed exactly
(``6.5``, ``25.25``), never rounded.

>>> from decimal import Decimal
>>> from chessarbiter.standings import Standing
>>> row = Standing(1, 1, 5, "Ann", 2000, "ENG", Decimal("6.5"), 9, (), {"BH": Decimal("31.5")})
>>> print(standings_csv([row]), end="")
rank,shared_rank,pairing_number,name,rating,federation,points,BH
1,1,5,Ann,2000,ENG,6.5,31.5
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from html import escape

from chessarbiter.crosstable import result_mark
from chessarbiter.formatting import plain_number
from chessarbiter.model import Colour, RoundEntry
from chessarbiter.standings import Standing


def standings_csv(rows: Sequence[Standing]) -> str:
    """One line per player: rank (first place of a shared one), the place as printed
    (``3-5``), pairing number, name, rating (empty when unrated), federation, points, then
    each tie-break under its name."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = list(rows[0].tiebreaks) if rows else []
    writer.writerow(
        ["rank", "shared_rank", "pairing_number", "name", "rating", "federation", "points", *names]
    )
    for row in rows:
        writer.writerow(
            [
                row.rank,
                row.shared,
                row.pairing_number,
                row.name,
                row.rating or "",
                row.federation,
                plain_number(row.points),
                *(plain_number(row.tiebreaks[n]) for n in names),
            ]
        )
    return out.getvalue()


_CSS = """
@page { size: A4 landscape; margin: 12mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9pt; color: #000; }
h1 { font-size: 14pt; margin: 0 0 2mm; }
p.meta { margin: 0 0 4mm; color: #333; }
table { border-collapse: collapse; width: 100%; page-break-inside: auto; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
th, td { border: 0.5pt solid #888; padding: 0.6mm 1.2mm; text-align: right; white-space: nowrap; }
th { background: #eee; }
td.name, th.name { text-align: left; }
td.round { font-family: "DejaVu Sans Mono", monospace; }
tr:nth-child(even) td { background: #f7f7f7; }
@media print { tr:nth-child(even) td { background: none; } }
"""


def _cell(entry: RoundEntry) -> str:
    """``12w1``: opponent, colour, result; a bye gives its code; blank when not paired."""
    if entry.result is None:
        return ""
    opponent = "" if entry.opponent is None else str(entry.opponent)
    colour = "" if entry.colour is Colour.NONE else entry.colour.value
    return f"{opponent}{colour}{result_mark(entry)}"


def standings_html(rows: Sequence[Standing], title: str, subtitle: str = "") -> str:
    """A complete HTML page: the standings with a column per round (opponent, colour,
    result), points and tie-breaks; laid out for A4 landscape when printed."""
    rounds = max((len(r.entries) for r in rows), default=0)
    names = list(rows[0].tiebreaks) if rows else []
    head = "".join(
        [
            "<th>Rk</th><th>No</th><th class=name>Name</th><th>Rtg</th><th>Fed</th>",
            *(f"<th>{r}</th>" for r in range(1, rounds + 1)),
            "<th>Pts</th>",
            *(f"<th>{escape(n)}</th>" for n in names),
        ]
    )
    body = []
    for row in rows:
        name = f"{row.title} {row.name}".strip()
        cells = [
            f"<td>{escape(row.shared)}</td>",
            f"<td>{row.pairing_number}</td>",
            f"<td class=name>{escape(name)}</td>",
            f"<td>{row.rating or ''}</td>",
            f"<td>{escape(row.federation)}</td>",
            *(f"<td class=round>{escape(_cell(e))}</td>" for e in row.entries),
            *("<td></td>" for _ in range(rounds - len(row.entries))),
            f"<td>{plain_number(row.points)}</td>",
            *(f"<td>{plain_number(row.tiebreaks[n])}</td>" for n in names),
        ]
        body.append("<tr>" + "".join(cells) + "</tr>")
    meta = f"<p class=meta>{escape(subtitle)}</p>" if subtitle else ""
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{escape(title)}</h1>{meta}"
        f"<table><thead><tr>{head}</tr></thead><tbody>\n"
        + "\n".join(body)
        + "\n</tbody></table></body></html>\n"
    )
