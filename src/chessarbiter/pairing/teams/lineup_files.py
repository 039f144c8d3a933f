"""Roster and line-up files: a team's registration and a round's line-ups as tab-separated text.

The rules the files feed live in :mod:`chessarbiter.pairing.teams.lineups` (Team Competitions
1972, "Teams" and "Matches of two teams"); this module reads and checks the files, naming the
file, line and column of every problem (:class:`RosterFileError`).

**Roster file** (tab-separated, UTF-8; blank lines and lines starting with ``#`` are ignored; an
optional header line starts with ``team<TAB>role``)::

    team      role     order  id  [name]
    Spartak   main     1      11  Petrosian
    Spartak   main     2      12  Spassky
    Spartak   reserve  1      15  Tal
    Spartak   captain         11

``role`` is ``main`` (``order`` = its board, 1..N, each once), ``reserve`` (``order`` = its place
among the reserves, 1..R, each once) or ``captain`` (``order`` empty; the ``id`` of a player of
the team for a playing captain, any other id for a non-playing captain or representative). An
``id`` is a short token without commas (a pairing number, a licence number, a surname); ``name``
is for display. A file may hold several teams.

**Line-up file** (tab-separated, same comments; optional header ``team<TAB>board``)::

    team     board  id
    Spartak  1      11
    Spartak  2      -

One line per board; ``-`` or an empty id is an empty board, and boards not listed are empty. A
file may hold the line-ups of both teams of a match (the first team named is the first team).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chessarbiter import limits
from chessarbiter.errors import FileFormatError, Problem
from chessarbiter.pairing.teams.lineups import Board, LineupError, PlayerRef, Roster

EMPTY_WORDS = frozenset({"", "-"})
"""What a line-up file writes in the id column for an empty board."""


class RosterFileError(FileFormatError):
    """A roster or line-up file is malformed (each problem names file, line and column)."""


@dataclass(slots=True)
class RosterFile:
    """The rosters of a roster file, in file order, with the players' display names."""

    rosters: dict[str, Roster] = field(default_factory=dict)
    names: dict[tuple[str, PlayerRef], str] = field(default_factory=dict)

    def roster(self, team: str | None) -> Roster:
        """The roster of ``team``; with ``None`` the file's only team.

        :raises LineupError: for a team the file does not hold, or ``None`` with several teams.
        """
        if team is None:
            if len(self.rosters) != 1:
                raise LineupError(
                    f"the roster file holds {len(self.rosters)} teams "
                    f"({', '.join(self.rosters)}): choose one with --team"
                )
            return next(iter(self.rosters.values()))
        try:
            return self.rosters[team]
        except KeyError:
            raise LineupError(
                f"no team {team!r} in the roster file (teams: {', '.join(self.rosters)})"
            ) from None

    def name(self, team: str, player: PlayerRef) -> str:
        """The display name of a player of ``team`` ('' when the file gives none)."""
        return self.names.get((team, player), "")


def _fields(line: str) -> tuple[list[str], list[int]]:
    """Tab-separated fields (stripped) and their 1-based starting columns."""
    fields_, columns, column = [], [], 1
    for raw in line.split("\t"):
        fields_.append(raw.strip())
        columns.append(column + len(raw) - len(raw.lstrip()))
        column += len(raw) + 1
    return fields_, columns


def _data_lines(text: str, header: str) -> list[tuple[int, list[str], list[int]]]:
    """The data lines of a TSV file: (line number, fields, columns); comments, blank lines and
    a leading header starting with ``header`` skipped."""
    rows: list[tuple[int, list[str], list[int]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        values, columns = _fields(line)
        if not rows and "\t".join(values[:2]).lower() == header:
            rows.append((number, [], []))  # header marker, dropped below
            continue
        rows.append((number, values, columns))
    return [row for row in rows if row[1]]


def _number_in(text: str, low: int, high: int) -> bool:
    """Whether ``text`` is a whole number (ASCII digits) from ``low`` to ``high``.

    >>> _number_in("12", 1, 50), _number_in("²", 1, 50), _number_in("9" * 5000, 1, 50)
    (True, False, False)
    """
    return (
        text.isascii()
        and text.isdigit()
        and len(text) <= len(str(high))
        and low <= int(text) <= high
    )


@dataclass(slots=True)
class _TeamDraft:
    main: dict[int, PlayerRef] = field(default_factory=dict)
    reserves: dict[int, PlayerRef] = field(default_factory=dict)
    captain: PlayerRef | None = None
    line: int = 0


def parse_roster_file(text: str, filename: str) -> RosterFile:
    """Read a roster file (see the module documentation): each team's main players in board
    order, its reserves in their order and its captain (Team Competitions 1972, "Teams").

    >>> rf = parse_roster_file("A\\tmain\\t1\\t7\\tSmith\\nA\\treserve\\t1\\t9\\nA\\tcaptain\\t\\t7\\n", "r.tsv")
    >>> rf.rosters["A"], rf.name("A", "7")
    (Roster(team='A', main=('7',), reserves=('9',), captain='7'), 'Smith')

    :raises RosterFileError: listing every problem (file, line and column).
    """  # noqa: E501
    problems: list[Problem] = []
    drafts: dict[str, _TeamDraft] = {}
    ids: dict[tuple[str, PlayerRef], int] = {}
    names: dict[tuple[str, PlayerRef], str] = {}
    for number, values, columns in _data_lines(text, "team\trole"):

        def problem(
            index: int, message: str, number: int = number, columns: list[int] = columns
        ) -> None:
            column = columns[index] if index < len(columns) else 0
            problems.append(Problem(filename, number, column, message))

        if len(values) < 4 or len(values) > 5:
            problem(0, f"expected team, role, order, id [, name]: got {len(values)} field(s)")
            continue
        team, role, order_text, player = values[:4]
        name = values[4] if len(values) == 5 else ""
        if not team:
            problem(0, "the team name is empty")
            continue
        draft = drafts.setdefault(team, _TeamDraft(line=number))
        role = role.lower()
        if role not in ("main", "reserve", "captain"):
            problem(1, f"role must be main, reserve or captain, not {values[1]!r}")
            continue
        if not player or "," in player:
            problem(3, f"a player id must be a non-empty token without commas, not {player!r}")
            continue
        if role == "captain":
            if order_text:
                problem(2, "a captain has no order: leave the column empty")
            elif draft.captain is not None:
                problem(0, f"team {team!r} already has a captain ({draft.captain})")
            else:
                draft.captain = player
                if name:
                    names.setdefault((team, player), name)
            continue
        if not _number_in(order_text, 1, limits.MAX_BOARDS_PER_TEAM):
            problem(
                2,
                "order must be a board or reserve number from 1 to "
                f"{limits.MAX_BOARDS_PER_TEAM}, not {order_text[:20]!r}",
            )
            continue
        order = int(order_text)
        places = draft.main if role == "main" else draft.reserves
        if order in places:
            problem(2, f"team {team!r} already has {role} number {order} ({places[order]})")
            continue
        if (team, player) in ids:
            problem(3, f"player {player!r} is already in team {team!r} (line {ids[team, player]})")
            continue
        ids[team, player] = number
        places[order] = player
        if name:
            names[team, player] = name
    rosters: dict[str, Roster] = {}
    for team, draft in drafts.items():
        for role, places in (("main", draft.main), ("reserve", draft.reserves)):
            missing = sorted(set(range(1, max(places, default=0) + 1)) - set(places))
            if missing:
                problems.append(
                    Problem(
                        filename,
                        draft.line,
                        0,
                        f"team {team!r}: {role} number(s) {', '.join(map(str, missing))} "
                        "missing (numbers run from 1 without gaps)",
                    )
                )
        if not draft.main:
            problems.append(Problem(filename, draft.line, 0, f"team {team!r} has no main player"))
        if problems:
            continue
        rosters[team] = Roster(
            team,
            tuple(draft.main[i] for i in sorted(draft.main)),
            tuple(draft.reserves[i] for i in sorted(draft.reserves)),
            draft.captain,
        )
    if not problems and not rosters:
        problems.append(Problem(filename, 0, 0, "no team in the roster file"))
    if problems:
        raise RosterFileError(problems)
    return RosterFile(rosters, names)


def parse_lineup_file(text: str, filename: str, rosters: RosterFile) -> dict[str, list[Board]]:
    """Read a line-up file against the rosters: team → its boards (``None`` = empty), teams in
    file order (Team Competitions 1972, "Matches of two teams": one player a board, an empty
    board where nobody sits).

    >>> rf = parse_roster_file("A\\tmain\\t1\\t7\\nA\\tmain\\t2\\t8\\n", "r.tsv")
    >>> parse_lineup_file("A\\t2\\t7\\n", "l.tsv", rf)
    {'A': [None, '7']}

    :raises RosterFileError: listing every problem (file, line and column).
    """
    problems: list[Problem] = []
    lineups: dict[str, dict[int, Board]] = {}
    for number, values, columns in _data_lines(text, "team\tboard"):
        if len(values) == 2:
            values, columns = [*values, ""], [*columns, 0]
        if len(values) != 3:
            problems.append(
                Problem(filename, number, 0, f"expected team, board, id: got {len(values)} fields")
            )
            continue
        team, board_text, player = values
        if team not in rosters.rosters:
            problems.append(
                Problem(filename, number, columns[0], f"team {team!r} is not in the roster file")
            )
            continue
        boards = rosters.rosters[team].boards
        if not _number_in(board_text, 1, boards):
            problems.append(
                Problem(
                    filename,
                    number,
                    columns[1],
                    f"board must be 1 to {boards} for team {team!r}, not {board_text!r}",
                )
            )
            continue
        seated = lineups.setdefault(team, {})
        board = int(board_text)
        if board in seated:
            problems.append(
                Problem(filename, number, columns[1], f"board {board} of {team!r} given twice")
            )
            continue
        seated[board] = None if player in EMPTY_WORDS else player
    if not problems and not lineups:
        problems.append(Problem(filename, 0, 0, "no line-up in the file"))
    if problems:
        raise RosterFileError(problems)
    return {
        team: [seated.get(b) for b in range(1, rosters.rosters[team].boards + 1)]
        for team, seated in lineups.items()
    }
