"""Roster and line-up files: reading and checking them, every problem named by file, line and
column (Team Competitions 1972, "Teams" and "Matches of two teams")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError, FileFormatError
from chessarbiter.limits import MAX_BOARDS_PER_TEAM
from chessarbiter.pairing.teams.lineup_files import (
    RosterFileError,
    parse_lineup_file,
    parse_roster_file,
)
from chessarbiter.pairing.teams.lineups import LineupError, Roster

ROSTER = """\
team\trole\torder\tid\tname
# Team Competitions 1972: main players by strength, reserves, captain
Spartak\tmain\t1\t1\tPetrosian
Spartak\tmain\t2\t2\tSpassky
Spartak\tmain\t3\t3\tKorchnoi
Spartak\tmain\t4\t4\tTaimanov
Spartak\treserve\t1\t5\tTal
Spartak\treserve\t2\t6\tBronstein
Spartak\tcaptain\t\t1

Dinamo\tmain\t1\t11\tBotvinnik
Dinamo\tmain\t2\t12\tSmyslov
Dinamo\tmain\t3\t13\tKeres
Dinamo\tmain\t4\t14\tGeller
Dinamo\treserve\t1\t15\tAverbakh
Dinamo\tcaptain\t\tC\tCoach
"""


# -- roster files ------------------------------------------------------------------------------


def test_parse_roster_file() -> None:
    rosters = parse_roster_file(ROSTER, "roster.tsv")
    assert rosters.rosters["Spartak"] == Roster("Spartak", ("1", "2", "3", "4"), ("5", "6"), "1")
    assert rosters.rosters["Dinamo"].captain == "C"
    assert rosters.name("Dinamo", "C") == "Coach"
    assert rosters.name("Spartak", "5") == "Tal"


def test_roster_order_column_decides_board_order() -> None:
    text = "A\tmain\t2\tx\nA\tmain\t1\ty\nA\treserve\t1\tz\n"
    assert parse_roster_file(text, "r.tsv").rosters["A"] == Roster("A", ("y", "x"), ("z",))


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ("A\tmain\t1\n", 1, 1, "expected team, role"),
        ("A\tboss\t1\tx\n", 1, 3, "role must be"),
        ("A\tmain\tone\tx\n", 1, 8, "order must be"),
        ("A\tmain\t1\tx\nA\tmain\t1\ty\n", 2, 8, "already has main number 1"),
        ("A\tmain\t1\tx\nA\treserve\t1\tx\n", 2, 13, "already in team"),
        ("A\tmain\t2\tx\n", 1, 0, "main number(s) 1 missing"),
        ("A\treserve\t1\tx\n", 1, 0, "no main player"),
        ("A\tmain\t1\tx,y\n", 1, 10, "without commas"),
        ("A\tcaptain\t1\tx\n", 1, 11, "a captain has no order"),
        ("# nothing\n", 0, 0, "no team"),
    ],
)
def test_roster_file_errors_name_file_line_column(
    text: str, line: int, column: int, fragment: str
) -> None:
    with pytest.raises(RosterFileError) as caught:
        parse_roster_file(text, "r.tsv")
    first = caught.value.first
    assert (first.file, first.line, first.column) == ("r.tsv", line, column)
    assert fragment in first.message


def test_parse_lineup_file() -> None:
    rosters = parse_roster_file(ROSTER, "roster.tsv")
    text = "team\tboard\tid\nDinamo\t2\t12\nSpartak\t1\t1\nSpartak\t3\t-\nSpartak\t4\n"
    assert parse_lineup_file(text, "l.tsv", rosters) == {
        "Dinamo": [None, "12", None, None],
        "Spartak": ["1", None, None, None],
    }


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("Zenit\t1\t1\n", 1, "not in the roster"),
        ("Spartak\t5\t1\n", 1, "board must be 1 to 4"),
        ("Spartak\t1\t1\nSpartak\t1\t2\n", 2, "given twice"),
        ("Spartak\n", 1, "expected team, board, id"),
    ],
)
def test_lineup_file_errors(text: str, line: int, fragment: str) -> None:
    rosters = parse_roster_file(ROSTER, "roster.tsv")
    with pytest.raises(RosterFileError) as caught:
        parse_lineup_file(text, "l.tsv", rosters)
    assert caught.value.first.line == line and fragment in caught.value.first.message
    assert str(caught.value).startswith(f"l.tsv:{line}:")


# -- the roster file's teams and the errors' family -------------------------------------------


def test_roster_file_picks_a_team() -> None:
    rosters = parse_roster_file(ROSTER, "roster.tsv")
    assert rosters.roster("Dinamo").main == ("11", "12", "13", "14")
    with pytest.raises(LineupError, match="holds 2 teams"):
        rosters.roster(None)
    with pytest.raises(LineupError, match="no team 'Zenit'"):
        rosters.roster("Zenit")
    single = parse_roster_file("A\tmain\t1\tx\n", "r.tsv")
    assert single.roster(None).team == "A"
    assert single.name("A", "x") == ""


def test_file_errors_are_library_errors() -> None:
    # every problem of a file is a FileFormatError (FILE:LINE:COL), a ChessArbiterError
    with pytest.raises(RosterFileError) as caught:
        parse_roster_file("A\tboss\t1\tx\nB\tmain\tone\ty\n", "r.tsv")
    assert isinstance(caught.value, FileFormatError)
    assert isinstance(caught.value, ChessArbiterError)
    assert str(caught.value).splitlines() == [
        "r.tsv:1:3: role must be main, reserve or captain, not 'boss'",
        f"r.tsv:2:8: order must be a board or reserve number from 1 to {MAX_BOARDS_PER_TEAM}, "
        "not 'one'",
        "r.tsv:1:0: team 'A' has no main player",
        "r.tsv:2:0: team 'B' has no main player",
    ]


_CELLS = st.sampled_from(
    ["A", "B", "main", "reserve", "captain", "1", "2", "0", "99999", "x", "y,z", "-", "", "²", " "]
)
_LINES = st.lists(_CELLS, min_size=0, max_size=6).map("\t".join)


@settings(max_examples=60, deadline=None)
@given(st.lists(_LINES, max_size=6).map("\n".join), st.lists(_LINES, max_size=6).map("\n".join))
def test_junk_files_raise_the_file_error_only(roster: str, lineup: str) -> None:
    # a file is read or refused with its problems; never another exception
    try:
        rosters = parse_roster_file(roster, "r.tsv")
    except RosterFileError as error:
        assert all(p.file == "r.tsv" for p in error.problems)
        return
    assert rosters.rosters
    try:
        lineups = parse_lineup_file(lineup, "l.tsv", rosters)
    except RosterFileError as error:
        assert all(p.file == "l.tsv" for p in error.problems)
        return
    for team, boards in lineups.items():
        assert len(boards) == rosters.rosters[team].boards
