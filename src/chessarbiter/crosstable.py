"""Plain-text standings and crosstables, as an arbiter prints them for the notice board.

Two crosstable layouts, chosen by the event (:func:`round_robin_cycles`):

* a **round robin** gets the classic grid: one row and one column per pairing number, an ``X``
  on the diagonal, each cell the result of the row player against the column player (``1``,
  ``½``, ``0``, ``+`` forfeit win, ``-`` forfeit loss, blank not played yet), then points and
  place. A double round robin shows two results per cell, in the order they were played.
* anything else gets the **Swiss** layout: rows in standings order, one column per round with
  the opponent's pairing number, the colour and the result, as in a TRF: ``12w1``, ``5b½``,
  ``7w+``; a round without an opponent shows ``--`` and the TRF code of the bye (``-- U`` for
  the pairing-allocated bye, ``-- H``, ``-- F``, ``-- Z``); a round not paired is blank.

Points are written with the vulgar fraction, as arbiters read them: ``6½``, ``½``, ``7``
(:func:`chessarbiter.formatting.format_points`). ``ascii=True`` writes ``=`` for a drawn game
and decimals for points (``6.5``). Games of less than one move (TRF ``W``/``D``/``L``) are shown
like any game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal, TypeAlias

from chessarbiter.formatting import format_points, format_tiebreak
from chessarbiter.model import Colour, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.pairing.roundrobin import rounds_per_cycle
from chessarbiter.standings import Standing, resolve_after_round, standings

Layout: TypeAlias = Literal["auto", "grid", "swiss"]
Align: TypeAlias = Literal["l", "r", "c"]

_MARKS: dict[Result, str] = {
    Result.WIN: "1",
    Result.UNRATED_WIN: "1",
    Result.DRAW: "½",
    Result.UNRATED_DRAW: "½",
    Result.LOSS: "0",
    Result.UNRATED_LOSS: "0",
    Result.FORFEIT_WIN: "+",
    Result.FORFEIT_LOSS: "-",
}


def result_mark(entry: RoundEntry, *, ascii: bool = False) -> str:
    """The one-character mark of a game or forfeit: ``1 ½ 0 + -`` (``=`` for a draw with
    ``ascii``); byes give their TRF code, a round not paired an empty string.

    >>> from chessarbiter.model import Colour
    >>> result_mark(RoundEntry(4, Colour.BLACK, Result.DRAW))
    '½'
    >>> result_mark(RoundEntry.bye(Result.HALF_POINT_BYE))
    'H'
    """
    result = entry.result
    if result is None:
        return ""
    if result.is_bye:
        return result.value
    mark = _MARKS[result]
    return "=" if ascii and mark == "½" else mark


def written_result(white: Result, black: Result) -> str:
    """A board's result as the scoresheet writes it, White's mark first: ``1-0``, ``½-½``,
    ``½-0``, ``1-0`` for a game of less than one move too; ``+/-`` and ``-/-`` for forfeits.

    >>> written_result(Result.DRAW, Result.LOSS), written_result(Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
    ('½-0', '-/+')
    """  # noqa: E501
    sep = "/" if white.is_forfeit else "-"
    return f"{_MARKS[white]}{sep}{_MARKS[black]}"


def text_table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], align: Sequence[Align]
) -> str:
    """Columns padded to their widest cell, two spaces apart, a dashed rule under the headers.

    ``align`` gives each column's alignment: ``l``\\ eft, ``r``\\ ight or ``c``\\ entre. Trailing
    blanks are removed from every line.

    >>> print(text_table(["No", "Name"], [["1", "Ann"], ["10", "Bob"]], ["r", "l"]))
    No  Name
    --  ----
     1  Ann
    10  Bob
    """
    if len(headers) != len(align) or any(len(r) != len(headers) for r in rows):
        raise ValueError("every row needs one cell per header and alignment")
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        padded = []
        for cell, width, how in zip(cells, widths, align, strict=True):
            if how == "r":
                padded.append(cell.rjust(width))
            elif how == "c":
                padded.append(cell.center(width))
            else:
                padded.append(cell.ljust(width))
        return "  ".join(padded).rstrip()

    lines = [line(headers), line(["-" * w for w in widths])]
    lines += [line(r) for r in rows]
    return "\n".join(lines)


def _rating(rating: int | None) -> str:
    return str(rating) if rating else ""


def _name(row: Standing) -> str:
    return f"{row.name} (withdrawn)" if row.withdrawn else row.name


def standings_text(rows: Sequence[Standing], *, ascii: bool = False) -> str:
    """The standings as an aligned table: Rk, No, Name, Rtg, Fed, Pts and one column per
    tie-break (named as the tie-break). A shared place is printed on every row, e.g. ``3-5``.

    >>> from chessarbiter.model import Player, Result, Tournament
    >>> from chessarbiter.standings import standings
    >>> t = Tournament()
    >>> _ = t.add_player(Player(1, "Ann", rating=2100, federation="ENG"))
    >>> _ = t.add_player(Player(2, "Bob", federation="SCO"))
    >>> t.record_game(1, 1, 2, Result.DRAW)
    >>> print(standings_text(standings(t)))
    Rk   No  Name  Rtg   Fed  Pts
    ---  --  ----  ----  ---  ---
    1-2   1  Ann   2100  ENG    ½
    1-2   2  Bob         SCO    ½
    """
    tiebreak_names = list(rows[0].tiebreaks) if rows else []
    headers = ["Rk", "No", "Name", "Rtg", "Fed", "Pts", *tiebreak_names]
    align: list[Align] = ["l", "r", "l", "r", "l", "r"]
    align += ["r"] * len(tiebreak_names)
    body = [
        [
            row.shared,
            str(row.pairing_number),
            _name(row),
            _rating(row.rating),
            row.federation,
            format_points(row.points, ascii=ascii),
            *(format_tiebreak(row.tiebreaks[n]) for n in tiebreak_names),
        ]
        for row in rows
    ]
    return text_table(headers, body, align)


def round_robin_cycles(tournament: Tournament) -> int | None:
    """1 for a round robin, 2 for a double round robin, ``None`` for anything else.

    An event declared a Swiss (its system or type names "swiss") is a Swiss. Otherwise, with
    ``n`` players and ``R`` rounds (the declared number of rounds, or those recorded when none
    is declared), the event is a round robin of ``k`` cycles when ``R`` is ``k`` times the
    rounds of one Berger cycle (``n - 1``, or ``n`` for an odd field: C.05) and no two players
    met more than ``k`` times. An event declared a round robin ("robin" or "berger") is one
    whatever its number of rounds, of two cycles if it says "double".

    A partly played round robin with no declared number of rounds cannot be told from a Swiss;
    it gets the Swiss layout unless the caller asks for the grid.

    >>> from chessarbiter.model import Player
    >>> t = Tournament(total_rounds=9)
    >>> for n in range(1, 11):
    ...     _ = t.add_player(Player(n, f"Player {n}"))
    >>> round_robin_cycles(t)
    1
    >>> t.total_rounds = 7
    >>> round_robin_cycles(t) is None
    True
    """
    n = len(tournament)
    if n < 2:
        return None
    declared = f"{tournament.system} {tournament.tournament_type}".lower()
    if "swiss" in declared:
        return None
    most = max(_meetings(tournament).values(), default=0)
    rounds = (
        tournament.total_rounds
        if tournament.total_rounds is not None
        else tournament.recorded_rounds
    )
    for cycles in (1, 2):
        if rounds == cycles * rounds_per_cycle(n) and most <= cycles:
            return cycles
    if "robin" in declared or "berger" in declared:
        cycles = 2 if "double" in declared else 1
        if most <= cycles:
            return cycles
    return None


def _meetings(tournament: Tournament) -> Counter[frozenset[PlayerId]]:
    """How many times each pair of players was paired (games and forfeits)."""
    meetings: Counter[frozenset[PlayerId]] = Counter()
    for player in tournament:
        for entry in player.results:
            opponent = entry.opponent
            if opponent is not None and opponent > player.number:
                meetings[frozenset((player.number, opponent))] += 1
    return meetings


def crosstable_text(
    tournament: Tournament,
    after_round: int | None = None,
    *,
    rows: Sequence[Standing] | None = None,
    ascii: bool = False,
    layout: Layout = "auto",
) -> str:
    """The crosstable after ``after_round`` (default: the last paired round).

    ``layout`` ``"auto"`` picks the round-robin grid or the Swiss layout by
    :func:`round_robin_cycles`; ``"grid"`` or ``"swiss"`` forces one. Places (and the Swiss
    layout's row order) are those of ``rows``, the event's ranking after the same round
    (:func:`chessarbiter.standings.ranking`, as printed in the standings, so that the two
    tables agree); without ``rows``, by points alone (:func:`chessarbiter.standings.standings`).

    :raises ChessArbiterError: for an ``after_round`` out of range.
    """
    rounds = resolve_after_round(tournament, after_round)
    if rows is None:
        rows = standings(tournament, rounds)
    if not rows:
        return "(no players)"
    if layout == "swiss":
        return _swiss_text(rows, ascii=ascii)
    cycles = round_robin_cycles(tournament)
    if layout == "grid":
        most = max(_meetings(tournament).values(), default=1)
        return _grid_text(rows, max(cycles or 1, most), ascii=ascii)
    if cycles is None:
        return _swiss_text(rows, ascii=ascii)
    return _grid_text(rows, cycles, ascii=ascii)


def grid_cells(
    rows: Sequence[Standing], cycles: int = 1, *, ascii: bool = False
) -> list[tuple[Standing, list[str]]]:
    """The round-robin grid: each player by pairing number with his marks against every
    player in the same order (``X`` against himself, one mark per cycle).

    >>> from chessarbiter.model import Player, Tournament
    >>> from chessarbiter.standings import standings
    >>> t = Tournament(total_rounds=1)
    >>> for n in (1, 2):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.DRAW)
    >>> [cells for _, cells in grid_cells(standings(t))]
    [['X', '½'], ['½', 'X']]
    """
    by_number = sorted(rows, key=lambda r: r.pairing_number)
    numbers = [r.pairing_number for r in by_number]
    grid = []
    for row in by_number:
        marks: dict[PlayerId, str] = {}
        for entry in row.entries:
            if entry.opponent is not None:
                marks[entry.opponent] = marks.get(entry.opponent, "") + result_mark(
                    entry, ascii=ascii
                )
        grid.append(
            (
                row,
                [
                    "X" * cycles if n == row.pairing_number else marks.get(n, "").ljust(cycles)
                    for n in numbers
                ],
            )
        )
    return grid


def _grid_text(rows: Sequence[Standing], cycles: int, *, ascii: bool) -> str:
    numbers = sorted(r.pairing_number for r in rows)
    headers = ["No", "Name", "Rtg", "Fed", *(str(n) for n in numbers), "Pts", "Rk"]
    align: list[Align] = ["r", "l", "r", "l"]
    align += ["r"] * (len(numbers) + 1)
    align.append("l")
    body = [
        [
            str(row.pairing_number),
            _name(row),
            _rating(row.rating),
            row.federation,
            *cells,
            format_points(row.points, ascii=ascii),
            row.shared,
        ]
        for row, cells in grid_cells(rows, cycles, ascii=ascii)
    ]
    return text_table(headers, body, align)


def swiss_cell(entry: RoundEntry, width: int = 0, *, ascii: bool = False) -> str:
    """A Swiss crosstable cell: opponent, colour, result (``12w1``, `` 5b½``, ``-- U``; the
    opponent right-aligned to ``width``); blank when not paired.

    >>> from chessarbiter.model import Colour
    >>> swiss_cell(RoundEntry(12, Colour.WHITE, Result.WIN))
    '12w1'
    >>> swiss_cell(RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    '-- U'
    """
    if entry.result is None:
        return ""
    opponent = "--" if entry.opponent is None else str(entry.opponent)
    colour = " " if entry.colour is Colour.NONE else entry.colour.value
    return f"{opponent.rjust(width)}{colour}{result_mark(entry, ascii=ascii)}"


def _swiss_text(rows: Sequence[Standing], *, ascii: bool) -> str:
    rounds = max((len(r.entries) for r in rows), default=0)
    width = max(2, *(len(str(r.pairing_number)) for r in rows))
    tiebreak_names = list(rows[0].tiebreaks)
    headers = [
        "Rk",
        "No",
        "Name",
        "Rtg",
        "Fed",
        *(str(r) for r in range(1, rounds + 1)),
        "Pts",
        *tiebreak_names,
    ]
    align: list[Align] = ["l", "r", "l", "r", "l"]
    align += ["r"] * (rounds + 1 + len(tiebreak_names))
    body = [
        [
            row.shared,
            str(row.pairing_number),
            _name(row),
            _rating(row.rating),
            row.federation,
            *(swiss_cell(e, width, ascii=ascii) for e in row.entries),
            format_points(row.points, ascii=ascii),
            *(format_tiebreak(row.tiebreaks[n]) for n in tiebreak_names),
        ]
        for row in rows
    ]
    return text_table(headers, body, align)
