"""Every list of an event as CSV and as a printable HTML page: the start list, the pairings and
the results of a round, the standings, the standings of a category, the team ranking, the prize
list and the crosstable.

Each list is first a :class:`Table` (its columns and cells as text), built from the library's
own results (:func:`chessarbiter.start_lists.start_list`, :func:`chessarbiter.standings.ranking`,
:func:`chessarbiter.standings.category_ranking`, :func:`chessarbiter.team_ranking.team_ranking`,
:func:`chessarbiter.prizes.allocate`); then :func:`table_csv` writes it as CSV and
:func:`html_page` prints one or more of them on one page.

**CSV**: comma-separated, a header row of column keys, UTF-8 text, ``\\n`` line ends. Formulas
are neutralised (CSV injection, OWASP): a text cell that a spreadsheet would read as a formula,
one starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return, gets a leading
apostrophe (``'=1+2``); a plain number such as ``-1.5`` is kept as it is (:func:`neutralise`).

**HTML**: one complete page, every text escaped, with print CSS: A4 (landscape for the lists
with a column per round), table headers repeated on every printed page, a page break between
lists, and a header with the event's name, place, dates and chief arbiter (:class:`PageHeader`).
The browser prints it (or saves it as PDF): no PDF library is needed.

Points are printed exactly (``6.5``), tie-break values by
:func:`chessarbiter.formatting.format_tiebreak` (``25.25``, ``31``), titles as arbiters write
them (:func:`chessarbiter.model.player.display_title`: ``GM``, never the TRF16 code ``g``).

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
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from html import escape
from typing import TYPE_CHECKING, Literal

from chessarbiter.categories import birth_date_of
from chessarbiter.crosstable import result_mark
from chessarbiter.errors import RoundNumberError, UnknownPlayerError
from chessarbiter.formatting import (
    format_money,
    format_shared_with,
    format_tiebreak,
    plain_number,
)
from chessarbiter.model import Colour, Player, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.model.player import display_title
from chessarbiter.standings import CategoryStanding, Standing
from chessarbiter.team_ranking import TeamRankingRow

if TYPE_CHECKING:  # chessarbiter.prizes may then write its CSV with neutralise()
    from chessarbiter.prizes import PrizeList

Align = Literal["l", "r"]

# -- the shared shapes: a table, CSV, an HTML page ------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A column: its ``key`` (the CSV header), its ``label`` (the HTML header) and how its
    cells are aligned in print (``"l"`` text, ``"r"`` numbers); ``html=False`` for a column
    only the CSV has (the number a shared place starts at), ``csv=False`` for one only the
    print has (the name with the title before it)."""

    key: str
    label: str
    align: Align = "l"
    html: bool = True
    csv: bool = True


@dataclass(frozen=True)
class Table:
    """One list: a heading, its columns, its rows (one text cell per column) and notes
    printed under it (HTML only)."""

    heading: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()
    landscape: bool = False


@dataclass(frozen=True)
class PageHeader:
    """The header of a printed page: the event's name, place, dates and chief arbiter."""

    name: str
    place: str = ""
    dates: str = ""
    chief_arbiter: str = ""

    @classmethod
    def of(cls, tournament: Tournament) -> PageHeader:
        """The header of ``tournament``'s pages (TRF records 012, 022, 042/052 and 102).

        >>> t = Tournament(name="Open", city="Pau", start_date="2026/07/01",
        ...     end_date="2026/07/09", chief_arbiter="Ann Lee")
        >>> PageHeader.of(t).dates
        '2026/07/01 - 2026/07/09'
        """
        dates = " - ".join(d for d in (tournament.start_date, tournament.end_date) if d)
        if tournament.start_date and tournament.start_date == tournament.end_date:
            dates = tournament.start_date
        return cls(tournament.name, tournament.city, dates, tournament.chief_arbiter)


_FORMULA = re.compile(r"[=+\-@\t\r]")
_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def neutralise(cell: str) -> str:
    """``cell`` made safe for a spreadsheet (CSV injection, OWASP): a cell starting with
    ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading apostrophe, so that
    it is read as text and never run as a formula; a plain number of ASCII digits
    (``-1.5``) is kept.

    >>> neutralise("=HYPERLINK(1)"), neutralise("@SUM(A1)"), neutralise("-1.5"), neutralise("Ann")
    ("'=HYPERLINK(1)", "'@SUM(A1)", '-1.5', 'Ann')
    """
    if _FORMULA.match(cell) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def _csv_cell(cell: object) -> str:
    text = neutralise("" if cell is None else str(cell))
    return text.replace("\r\n", "\n").replace("\r", "\n")


def csv_text(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """CSV with a header row, every cell written by ``str`` (``None`` empty), then
    :func:`neutralise`-d, its line breaks written ``\\n`` (so that the cell is quoted)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([_csv_cell(h) for h in headers])
    for row in rows:
        writer.writerow([_csv_cell(cell) for cell in row])
    return out.getvalue()


def table_csv(table: Table) -> str:
    """The CSV of a list: the column keys, then its rows (:func:`csv_text`)."""
    keep = [i for i, c in enumerate(table.columns) if c.csv]
    return csv_text(
        [table.columns[i].key for i in keep], ([row[i] for i in keep] for row in table.rows)
    )


_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9pt; color: #000; }
header.event { border-bottom: 0.5pt solid #888; margin: 0 0 3mm; }
h1 { font-size: 14pt; margin: 0 0 1mm; }
h2 { font-size: 11pt; margin: 0 0 2mm; }
p.meta { margin: 0 0 3mm; color: #333; }
section + section { break-before: page; page-break-before: always; }
table { border-collapse: collapse; width: 100%; page-break-inside: auto; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; break-inside: avoid; }
th, td { border: 0.5pt solid #888; padding: 0.6mm 1.2mm; text-align: right; white-space: nowrap; }
th { background: #eee; }
td.l, th.l { text-align: left; }
tr:nth-child(even) td { background: #f7f7f7; }
p.note { margin: 2mm 0 0; }
@media print { tr:nth-child(even) td { background: none; } }
"""


_CLASS = {"l": " class=l", "r": ""}  # numbers, right-aligned, are the plain cells


def _section(table: Table) -> str:
    columns = [(i, c) for i, c in enumerate(table.columns) if c.html]
    head = "".join(f"<th{_CLASS[c.align]}>{escape(c.label)}</th>" for _, c in columns)
    body = "\n".join(
        "<tr>"
        + "".join(f"<td{_CLASS[c.align]}>{escape(row[i])}</td>" for i, c in columns)
        + "</tr>"
        for row in table.rows
    )
    notes = "".join(f"<p class=note>{escape(n)}</p>" for n in table.notes)
    return (
        f"<section><h2>{escape(table.heading)}</h2>"
        f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table>{notes}</section>"
    )


def html_page(header: PageHeader, tables: Sequence[Table], title: str = "") -> str:
    """A complete printable HTML page: the event's header, then each list in its own section
    (a page break between them, the table header repeated on every printed page; A4,
    landscape when a list has a column per round). Every text is escaped. ``title`` names the page
    (default: the event's name, then the first list's heading).

    >>> page = html_page(PageHeader("Open <A>"), [Table("Start list", (Column("name", "Name"),),
    ...     (("<script>",),))])
    >>> "&lt;script&gt;" in page and "<script>" not in page and "Open &lt;A&gt;" in page
    True
    """
    meta = " · ".join(
        p
        for p in (
            header.place,
            header.dates,
            f"Chief arbiter: {header.chief_arbiter}" if header.chief_arbiter else "",
        )
        if p
    )
    size = "A4 landscape" if any(t.landscape for t in tables) else "A4"
    if not title:
        title = " - ".join(t for t in (header.name, tables[0].heading if tables else "") if t)
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{escape(title)}</title><style>\n@page {{ size: {size}; margin: 12mm; }}"
        f"{_CSS}</style></head><body>"
        f"<header class=event><h1>{escape(header.name)}</h1>"
        + (f"<p class=meta>{escape(meta)}</p>" if meta else "")
        + "</header>\n"
        + "\n".join(_section(t) for t in tables)
        + "\n</body></html>\n"
    )


# -- the start list ------------------------------------------------------------------------------

_START_COLUMNS = (
    Column("position", "#", "r"),
    Column("pairing_number", "No", "r"),
    Column("title", "Title"),
    Column("name", "Name"),
    Column("rating", "Rtg", "r"),
    Column("federation", "Fed"),
    Column("fide_id", "FIDE ID", "r"),
    Column("birth", "Born"),
    Column("sex", "Sex"),
    Column("club", "Club"),
)


def start_list_table(players: Sequence[Player], heading: str = "Start list") -> Table:
    """The start list in the order given (:func:`chessarbiter.start_lists.start_list`):
    position, pairing number, title, name, rating (empty when unrated), federation, FIDE ID,
    birth date (empty when it is no date), sex and club."""
    rows = []
    for position, p in enumerate(players, start=1):
        birth = p.birth_date if birth_date_of(p.birth_date) is not None else ""
        rows.append(
            (
                str(position),
                str(p.number),
                display_title(p.title),
                p.name,
                str(p.rating or ""),
                p.federation,
                p.fide_id,
                birth,
                p.sex,
                p.club,
            )
        )
    return Table(heading, _START_COLUMNS, tuple(rows))


# -- the pairings and results of a round --------------------------------------------------------

_BYES = {
    Result.PAIRING_ALLOCATED_BYE: "pairing-allocated bye",
    Result.HALF_POINT_BYE: "half-point bye",
    Result.FULL_POINT_BYE: "full-point bye",
    Result.ZERO_POINT_BYE: "zero-point bye",
}


def _entry(tournament: Tournament, number: PlayerId, round_number: int) -> RoundEntry:
    return tournament.players[number].entry(round_number)


def round_games(
    tournament: Tournament, round_number: int
) -> tuple[list[tuple[PlayerId, PlayerId]], list[PlayerId]]:
    """The pairs of round ``round_number`` as recorded in the players' entries, each once,
    white first (a game without colours: the lower pairing number first), in the order of
    the white player's pairing number (a TRF records no board numbers: :func:`round_table`
    takes the boards of a program that keeps them); and the players without an opponent that
    round (a bye, a forfeit recorded without opponent)."""
    games: list[tuple[PlayerId, PlayerId]] = []
    alone: list[PlayerId] = []
    for p in tournament:
        e = _entry(tournament, p.number, round_number)
        if e.opponent is not None:
            if e.colour is Colour.WHITE or (e.colour is Colour.NONE and p.number < e.opponent):
                games.append((p.number, e.opponent))
        elif e.result is not None or e.colour is not Colour.NONE:
            alone.append(p.number)
    return games, alone


def _game_result(white: RoundEntry, black: RoundEntry) -> str:
    """``1-0``, ``½-½``, ``0-1``; a forfeit ``1F-0F`` (never ``+/-``, which a spreadsheet
    would read as a formula); ``?`` for a side not in yet; empty when neither is."""

    def mark(entry: RoundEntry) -> str:
        text = result_mark(entry)
        return {"+": "1F", "-": "0F"}.get(text, text)

    w, b = mark(white), mark(black)
    return f"{w or '?'}-{b or '?'}" if w or b else ""


_ROUND_SIDE = ("no", "title", "name", "rating", "federation", "points")


def round_table(
    tournament: Tournament,
    round_number: int,
    *,
    results: bool = True,
    boards: Sequence[tuple[PlayerId, PlayerId]] | None = None,
    heading: str = "",
) -> Table:
    """The pairings (``results=False``) or the results of round ``round_number``: one line
    per board (board, then each player's pairing number, title, name, rating, federation and
    points before the round, the result between them), then the players without a game (a
    bye, a forfeit without opponent) under the name of their round's result. ``boards`` gives
    the pairs in board order (white, black); default: :func:`round_games`. ``heading``
    defaults to ``Round N: pairings`` (or ``results``).

    :raises RoundNumberError: for a round that was not paired.
    :raises UnknownPlayerError: for a board with a pairing number no player has.
    """
    if not 1 <= round_number <= tournament.rounds_played:
        raise RoundNumberError(
            f"round {round_number} was not paired (rounds paired: {tournament.rounds_played})"
        )
    games, alone = round_games(tournament, round_number)
    if boards is not None:
        games = list(boards)
        unknown = sorted({n for pair in games for n in pair} - set(tournament.players))
        if unknown:
            raise UnknownPlayerError(f"no player has the pairing number {unknown[0]}")
    before = tournament.scores(round_number - 1)

    def side(n: PlayerId | None) -> tuple[str, ...]:
        if n is None:
            return ("", "", "", "", "", "")
        p = tournament.players[n]
        return (
            str(n),
            display_title(p.title),
            p.name,
            str(p.rating or ""),
            p.federation,
            plain_number(before.get(n, Decimal(0))),
        )

    rows = []
    for board, (white, black) in enumerate(games, start=1):
        w, b = _entry(tournament, white, round_number), _entry(tournament, black, round_number)
        result = _game_result(w, b) if results else ""
        rows.append((str(board), *side(white), result, *side(black)))
    for n in alone:  # a bye, known when paired; a forfeit without opponent, a result
        e = _entry(tournament, n, round_number)
        bye = _BYES.get(e.result) if e.result is not None else None
        text = bye or (f"forfeit {result_mark(e)}" if results else "")
        rows.append(("", *side(n), text, *side(None)))
    columns = (
        Column("board", "Bd", "r"),
        *(_side_column("white", k) for k in _ROUND_SIDE),
        Column("result", "Result"),
        *(_side_column("black", k) for k in _ROUND_SIDE),
    )
    kind = "results" if results else "pairings"
    return Table(heading or f"Round {round_number}: {kind}", columns, tuple(rows))


def _side_column(colour: str, key: str) -> Column:
    labels = {"no": "No", "title": "", "name": colour.capitalize(), "rating": "Rtg"}
    labels |= {"federation": "Fed", "points": "Pts"}
    align: Align = "r" if key in ("no", "rating", "points") else "l"
    return Column(f"{colour}_{key}", labels[key], align)


# -- standings, crosstable, categories ------------------------------------------------------------

_STANDING_COLUMNS = (
    Column("rank", "Rk", "r", html=False),
    Column("shared_rank", "Rk", "r"),
    Column("pairing_number", "No", "r"),
    Column("name", "Name", html=False),
    Column("titled_name", "Name", csv=False),
    Column("rating", "Rtg", "r"),
    Column("federation", "Fed"),
)


def _standing_cells(row: Standing) -> tuple[str, ...]:
    return (
        str(row.rank),
        row.shared,
        str(row.pairing_number),
        row.name,
        f"{display_title(row.title)} {row.name}".strip(),
        str(row.rating or ""),
        row.federation,
    )


def _cell(entry: RoundEntry) -> str:
    """``12w1``: opponent, colour, result; a bye gives its code; blank when not paired."""
    if entry.result is None:
        return ""
    opponent = "" if entry.opponent is None else str(entry.opponent)
    colour = "" if entry.colour is Colour.NONE else entry.colour.value
    return f"{opponent}{colour}{result_mark(entry)}"


def standings_table(
    rows: Sequence[Standing], heading: str = "Standings", *, rounds: bool = False
) -> Table:
    """The standings (:func:`chessarbiter.standings.ranking`): place (the first place of a
    shared one, CSV only, and the place as printed, ``3-5``), pairing number, name, rating,
    federation, with ``rounds`` a column per round (``12w1``: the crosstable), points, then
    each tie-break under its name."""
    names = list(rows[0].tiebreaks) if rows else []
    count = max((len(r.entries) for r in rows), default=0) if rounds else 0
    columns = (
        *_STANDING_COLUMNS,
        *(Column(f"round_{r}", str(r), "r") for r in range(1, count + 1)),
        Column("points", "Pts", "r"),
        *(Column(n, n, "r") for n in names),
    )
    body = []
    for row in rows:
        round_cells = [_cell(e) for e in row.entries[:count]]
        round_cells += [""] * (count - len(round_cells))
        body.append(
            (
                *_standing_cells(row),
                *round_cells,
                plain_number(row.points),
                *(format_tiebreak(row.tiebreaks[n]) for n in names),
            )
        )
    return Table(heading, columns, tuple(body), landscape=rounds)


def crosstable_table(rows: Sequence[Standing], heading: str = "Crosstable") -> Table:
    """The Swiss crosstable: the standings with a column per round (``12w1``: opponent,
    colour, result; a bye its TRF code), as :func:`standings_table` with ``rounds``."""
    return standings_table(rows, heading, rounds=True)


def standings_csv(rows: Sequence[Standing]) -> str:
    """One line per player: rank (first place of a shared one), the place as printed
    (``3-5``), pairing number, name, rating (empty when unrated), federation, points, then
    each tie-break under its name."""
    return table_csv(standings_table(rows))


def standings_html(rows: Sequence[Standing], title: str, subtitle: str = "") -> str:
    """A complete HTML page: the standings with a column per round (opponent, colour,
    result), points and tie-breaks; laid out for A4 landscape when printed. ``title`` heads
    the page, ``subtitle`` the table."""
    return html_page(PageHeader(title), [crosstable_table(rows, subtitle or "Standings")], title)


def category_table(rows: Sequence[CategoryStanding], heading: str) -> Table:
    """A category's standings (:func:`chessarbiter.standings.category_ranking`): the place in
    the category (the first of a shared one, CSV only, and as printed), then the overall
    standings row (:func:`standings_table`)."""
    overall = standings_table([r.standing for r in rows], heading)
    columns = (
        Column("category_rank", "Pl", "r", html=False),
        Column("shared_category_rank", "Pl", "r"),
        *overall.columns,
    )
    body = tuple(
        (str(r.place), r.shared, *cells) for r, cells in zip(rows, overall.rows, strict=True)
    )
    return Table(heading, columns, body)


def category_csv(rows: Sequence[CategoryStanding]) -> str:
    """A category's standings as CSV: ``category_rank``, ``shared_category_rank``, then the
    columns of :func:`standings_csv` (``rank`` is the overall place)."""
    return table_csv(category_table(rows, ""))


# -- the team ranking ---------------------------------------------------------------------------


def team_table(rows: Sequence[TeamRankingRow], heading: str = "Team ranking") -> Table:
    """The team ranking of an individual event (:func:`chessarbiter.team_ranking.team_ranking`):
    place, team, points of the best players counted, the scores of the next players (the
    tie-break), and the players counted (pairing numbers; in print with their points)."""
    columns = (
        Column("rank", "Rk", "r", html=False),
        Column("shared_rank", "Rk", "r"),
        Column("team", "Team"),
        Column("points", "Pts", "r"),
        Column("next_scores", "Next"),
        Column("counted", "Counted", html=False),
        Column("counted_points", "Counted (No: points)", csv=False),
    )
    body = tuple(
        (
            str(row.rank),
            row.shared,
            row.name,
            plain_number(row.points),
            " ".join(plain_number(p) for p in row.next_scores),
            " ".join(str(r.pairing_number) for r in row.counted),
            ", ".join(f"{r.pairing_number}: {plain_number(r.points)}" for r in row.counted),
        )
        for row in rows
    )
    return Table(heading, columns, body)


# -- the prize list -----------------------------------------------------------------------------


def prize_table(result: PrizeList, heading: str = "Prize list") -> Table:
    """The printable prize list (:func:`chessarbiter.prizes.allocate`): place, pairing number,
    name, points, prize, money, object, shared with; notes: the money paid of the total, what
    rounding left, the prizes not awarded and the notes of the awards. Its CSV is
    :func:`chessarbiter.prizes.prize_list_csv`."""
    table = result.table
    money = (table.unit, table.currency)
    columns = (
        Column("place", "Place"),
        Column("pairing_number", "No", "r"),
        Column("name", "Name"),
        Column("points", "Pts", "r"),
        Column("prize", "Prize"),
        Column("amount", "Money", "r"),
        Column("object", "Object"),
        Column("shared_with", "Shared with"),
    )
    body = tuple(
        (
            a.place,
            str(a.pairing_number),
            a.name,
            plain_number(a.points),
            a.prize.label if a.prize is not None else "shared",
            format_money(a.amount, *money) if a.amount else "",
            a.description,
            format_shared_with(a.shared_with),
        )
        for a in result.awards
    )
    notes = [f"Paid {format_money(result.paid, *money)} of {format_money(table.total, *money)}."]
    if result.remainder:
        notes.append(f"Left by rounding shares down: {format_money(result.remainder, *money)}.")
    if result.unawarded:
        notes.append("Not awarded: " + ", ".join(p.label for p in result.unawarded) + ".")
    notes += [f"Note: {a.pairing_number}: {a.note}" for a in result.awards if a.note]
    return Table(heading, columns, body, tuple(notes))
