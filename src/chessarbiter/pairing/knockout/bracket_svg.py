"""A bracket as a picture: a standalone HTML page with an SVG drawing that prints on A4 or A3
(landscape), one column per stage, each match a box with its two sides, lines from a match to
the match its winner plays next.

Given the bracket's :class:`~chessarbiter.pairing.knockout.brackets.BracketState`, the picture
follows the event: the winner of a decided match (over the board or by walkover) is written in
his place in the next match instead of ``W<k>``, and marked as the winner of the match.

>>> from chessarbiter.pairing.knockout.brackets import BracketState, MatchResult, cup
>>> page = bracket_html(cup(4), {1: "Ann", 2: "Bob"}, "Club cup")
>>> page.count("<rect"), "Ann" in page, "W1" in page
(3, True, True)
>>> state = BracketState(cup(4))
>>> state.record(1, MatchResult("second"))
>>> svg = bracket_svg(cup(4), {1: "Ann", 2: "Bob"}, state)
>>> "W1" in svg, svg.count("2 Bob")
(False, 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from chessarbiter.pairing.knockout.brackets import BracketError, BracketState, Match, Side

_ROW = 18  # height of one side's line
_BOX_W = 190
_GAP = 40


def _label(side: Side, names: Mapping[int, str], state: BracketState | None = None) -> str:
    """A side as written in its box: the participant's number and name; the winner of an
    earlier match as ``W<k>`` until that match is decided, then as the participant."""
    number = side.number
    if state is not None:
        number = state.side(side)  # a decided match's winner, a replacement's number
    elif side.winner_of is not None:
        number = None
    if number is None:
        return f"W{side.winner_of}"
    name = names.get(number, "")
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


def bracket_svg(
    matches: Sequence[Match], names: Mapping[int, str], state: BracketState | None = None
) -> str:
    """The bracket as an SVG element. With ``state``, the bracket as it stands: winners in
    the slots of the matches they go on to (``W<k>`` resolved), the winner of each decided
    match marked (class ``winner``, and ``w/o`` after a walkover)."""
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
        result = state.result(m.number) if state is not None else None
        lines = []
        for k, (side, ty) in enumerate(((m.first, y - 5), (m.second, y + _ROW - 5))):
            won = result is not None and result.winner == ("first", "second")[k]
            mark = " w/o" if won and result is not None and result.how == "walkover" else ""
            css = ' class="winner"' if won else ""
            lines.append(
                f'<text x="{x + 4}" y="{ty:.1f}"{css}>'
                f"{escape(_label(side, names, state) + mark)}</text>"
            )
        decided = " decided" if result is not None else ""
        parts.append(
            f'<g class="match{decided}" data-match="{m.number}">'
            f'<rect x="{x}" y="{y - _ROW:.1f}" width="{_BOX_W}" height="{2 * _ROW}" rx="3"/>'
            + "".join(lines)
            + f'<text x="{x + _BOX_W - 4}" y="{y + 3:.1f}" class="no">{m.number}</text></g>'
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


def bracket_html(
    matches: Sequence[Match],
    names: Mapping[int, str],
    title: str = "",
    state: BracketState | None = None,
) -> str:
    """A standalone page with the bracket (as it stands, with ``state``: see
    :func:`bracket_svg`), fitted to one A3 portrait page when printed (it scales down to A4
    with the browser's "fit to page")."""
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
svg text.winner {{ font-weight: bold; }}
svg path.link {{ fill: none; stroke: #777; stroke-width: .6; }}
</style></head>
<body><h1>{escape(title)}</h1>
{bracket_svg(matches, names, state)}
</body></html>
"""
