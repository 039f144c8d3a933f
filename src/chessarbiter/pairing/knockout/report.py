"""A bracket as a picture: a standalone HTML page with an SVG drawing that prints on A4 or A3
(landscape), one column per stage, each match a box with its two sides, lines from a match to
the match its winner plays next.

>>> from chessarbiter.pairing.knockout.brackets import cup
>>> page = bracket_html(cup(4), {1: "Ann", 2: "Bob"}, "Club cup")
>>> page.count("<rect"), "Ann" in page, "W1" in page
(3, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from chessarbiter.pairing.knockout.brackets import BracketError, Match, Side

_ROW = 18  # height of one side's line
_BOX_W = 190
_GAP = 40


def _label(side: Side, names: Mapping[int, str]) -> str:
    if side.winner_of is not None:
        return f"W{side.winner_of}"
    number = side.number
    name = names.get(number, "") if number is not None else ""
    return f"{number} {name}".strip()


def layout(matches: Sequence[Match]) -> dict[int, float]:
    """The vertical position of each match (in side rows): a match sits between the matches
    that feed it; players entering at a match take the next free rows."""
    by_number = {m.number: m for m in matches}
    fed: set[int] = {
        s.winner_of for m in matches for s in (m.first, m.second) if s.winner_of is not None
    }
    roots = [m for m in matches if m.number not in fed]
    if not roots:
        raise BracketError("the bracket has no final")
    position: dict[int, float] = {}
    next_row = 0.0

    def place(m: Match) -> float:
        nonlocal next_row
        ys = []
        for side in (m.first, m.second):
            if side.winner_of is not None:
                feeder = by_number.get(side.winner_of)
                if feeder is None:
                    raise BracketError(f"match {m.number} waits for unknown match {side.winner_of}")
                ys.append(place(feeder))
            else:
                ys.append(next_row + 0.5)
                next_row += 1.1
        position[m.number] = sum(ys) / len(ys)
        return position[m.number]

    for root in roots:
        place(root)
    return position


def bracket_svg(matches: Sequence[Match], names: Mapping[int, str]) -> str:
    """The bracket as an SVG element."""
    pos = layout(matches)
    stages = sorted({m.stage for m in matches})
    column = {s: i for i, s in enumerate(stages)}
    height = (max(pos.values(), default=0) + 2) * _ROW * 1.2
    width = len(stages) * (_BOX_W + _GAP)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'class="bracket" role="img" aria-label="bracket">'
    ]
    for s in stages:
        x = column[s] * (_BOX_W + _GAP)
        parts.append(f'<text x="{x + 4}" y="12" class="stage">{s}</text>')
    centre: dict[int, tuple[float, float]] = {}
    for m in matches:
        x = column[m.stage] * (_BOX_W + _GAP)
        y = pos[m.number] * _ROW * 1.2 + 10
        centre[m.number] = (x, y)
        parts.append(
            f'<g class="match" data-match="{m.number}">'
            f'<rect x="{x}" y="{y - _ROW:.1f}" width="{_BOX_W}" height="{2 * _ROW}" rx="3"/>'
            f'<text x="{x + 4}" y="{y - 5:.1f}">{escape(_label(m.first, names))}</text>'
            f'<text x="{x + 4}" y="{y + _ROW - 5:.1f}">{escape(_label(m.second, names))}</text>'
            f'<text x="{x + _BOX_W - 4}" y="{y + 3:.1f}" class="no">{m.number}</text></g>'
        )
    for m in matches:
        for k, side in enumerate((m.first, m.second)):
            if side.winner_of is None or side.winner_of not in centre:
                continue
            fx, fy = centre[side.winner_of]
            tx, ty = centre[m.number]
            ty += (-0.5 if k == 0 else 0.5) * _ROW
            mid = fx + _BOX_W + _GAP / 2
            parts.append(f'<path d="M{fx + _BOX_W},{fy:.1f} H{mid} V{ty:.1f} H{tx}" class="link"/>')
    parts.append("</svg>")
    return "".join(parts)


def bracket_html(matches: Sequence[Match], names: Mapping[int, str], title: str = "") -> str:
    """A standalone page with the bracket, fitted to one A3 portrait page when printed (it
    scales down to A4 with the browser's "fit to page")."""
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>{escape(title or "Bracket")}</title>
<style>
@page {{ size: A3 portrait; margin: 8mm; }}
body {{ font: 10px/1.2 "DejaVu Sans", Arial, sans-serif; margin: 0; }}
h1 {{ font-size: 14px; margin: 0 0 4mm; }}
svg.bracket {{ display: block; width: 100%; height: 385mm; }}
@media screen {{ svg.bracket {{ height: auto; }} }}
svg rect {{ fill: #fff; stroke: #444; stroke-width: .6; }}
svg text {{ font-size: 10px; fill: #000; }}
svg text.no {{ text-anchor: end; fill: #777; font-size: 8px; }}
svg text.stage {{ font-weight: bold; }}
svg path.link {{ fill: none; stroke: #777; stroke-width: .6; }}
</style></head>
<body><h1>{escape(title)}</h1>
{bracket_svg(matches, names)}
</body></html>
"""
