"""Registering players from files (:mod:`chessarbiter.registration`).

The FIDE fixtures imitate FIDE's download files line for line: the header lines are those of
the 2023-2026 files (``players_list_foa.txt``, and ``standard_rating_list.txt`` with the month
as the rating's label), and every value starts at its label's column, as in FIDE's lines
(``1063  0   40 1987  i``: rating, games, K, birth year, flag), with the lines padded with
blanks to the width of the flag field. :func:`test_fixture_lines_are_aligned_with_the_header`
checks that alignment independently of the reader.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.errors import ChessArbiterError, FileFormatError, Problem
from chessarbiter.model import Player, Tournament
from chessarbiter.registration import (
    FIDE_TITLES,
    PlayerIndex,
    PlayerList,
    PlayerRecord,
    RegistrationError,
    find_players,
    read_fide_rating_list,
    read_players_csv,
    stream_fide_rating_list,
)

R = PlayerRecord


def problems(excinfo: pytest.ExceptionInfo[RegistrationError]) -> list[str]:
    return [str(p) for p in excinfo.value.problems]


def csv_errors(text: str, source: str = "players.csv") -> list[str]:
    with pytest.raises(RegistrationError) as excinfo:
        read_players_csv(text, source)
    return problems(excinfo)


# -- CSV: formats ------------------------------------------------------------------------------


def test_csv_comma_with_english_headers() -> None:
    text = (
        "Name,Rating,FIDE ID,Federation,Title,Sex,Born,Club\n"
        '"Carlsen, Magnus",2833,1503014,NOR,GM,m,1990-11-30,Offerspill\n'
        "Pembury Alice,,,eng,,F,1999,Riverside\n"
    )
    players = read_players_csv(text, "players.csv")
    assert players == [
        R("Carlsen, Magnus", 2833, 1503014, "NOR", "GM", "m", "1990/11/30", "Offerspill"),
        R("Pembury Alice", None, None, "ENG", "", "w", "1999", "Riverside"),
    ]
    assert isinstance(players, PlayerList)
    assert players.warnings == []


def test_csv_semicolon_russian_headers_bom_and_commas_in_names() -> None:
    text = (
        "\ufeffФамилия Имя;Рейтинг;ID;Федерация;Звание;Пол;Год рождения;Клуб\r\n"
        "Иванова, Анна;1850;24101923;rus;wfm;ж;07.03.2001;Ладья\r\n"
        "Петров, Пётр;;;RUS;;м;1975;\r\n"
    )
    assert read_players_csv(text) == [
        R("Иванова, Анна", 1850, 24101923, "RUS", "WFM", "w", "2001/03/07", "Ладья"),
        R("Петров, Пётр", None, None, "RUS", "", "m", "1975", ""),
    ]


def test_csv_tab_delimited() -> None:
    text = "Player\tElo\tFed\nNunn, John\t2602\tENG\nSpeelman, Jon\t2541\tENG\n"
    assert read_players_csv(text) == [
        R("Nunn, John", 2602, federation="ENG"),
        R("Speelman, Jon", 2541, federation="ENG"),
    ]


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("NAME", "name"),
        ("player", "name"),
        ("ФИО", "name"),
        ("Игрок", "name"),
        ("фамилия имя", "name"),
        ("RTG", "rating"),
        ("elo", "rating"),
        ("Рейтинг", "rating"),
        ("fide_id", "fide_id"),
        ("Fide-ID", "fide_id"),
        ("FED", "federation"),
        ("Федерация", "federation"),
        ("tit", "title"),
        ("ЗВАНИЕ", "title"),
        ("SEX", "sex"),
        ("пол", "sex"),
        ("born", "birth"),
        ("Birth", "birth"),
        ("Год Рождения", "birth"),
        ("CLUB", "club"),
        ("Клуб", "club"),
    ],
)
def test_csv_header_names_in_any_case(header: str, field: str) -> None:
    values = {
        "name": "Ann",
        "rating": "1500",
        "fide_id": "12345",
        "federation": "ENG",
        "title": "WFM",
        "sex": "f",
        "birth": "2001",
        "club": "Hastings",
    }
    expected = {
        "name": "Ann",
        "rating": 1500,
        "fide_id": 12345,
        "federation": "ENG",
        "title": "WFM",
        "sex": "w",
        "birth": "2001",
        "club": "Hastings",
    }
    if field == "name":
        text = f"{header}\n{values['name']}\n"
    else:
        text = f"Name;{header}\nAnn;{values[field]}\n"
    (record,) = read_players_csv(text)
    assert getattr(record, field) == expected[field]


@pytest.mark.parametrize(
    ("value", "sex"),
    [("m", "m"), ("M", "m"), ("м", "m"), ("f", "w"), ("F", "w"), ("ж", "w"), ("w", "w")],
)
def test_csv_sex_values(value: str, sex: str) -> None:
    assert read_players_csv(f"Name,Sex\nAnn,{value}\n")[0].sex == sex


@pytest.mark.parametrize(
    ("value", "birth"),
    [
        ("1990", "1990"),
        ("1990-05-17", "1990/05/17"),
        ("1990/05/17", "1990/05/17"),
        ("1990.5.7", "1990/05/07"),
        ("17.05.1990", "1990/05/17"),
        ("", ""),
    ],
)
def test_csv_birth_is_a_year_or_a_date_kept_as_trf_writes_it(value: str, birth: str) -> None:
    assert read_players_csv(f"Name;Born\nAnn;{value}\n")[0].birth == birth


def test_csv_excel_sep_line_blank_rows_and_quoted_line_breaks() -> None:
    text = (
        "sep=;\n"
        "\n"
        "Name;Rating;Club\n"  # line 3
        "Ann;1500;Hastings\n"
        ";;\n"  # an empty row, skipped
        '"Bob";1600;"Two\nlines"\n'  # lines 6-7
        "\n"
        "Cid;abc;\n"  # line 9
    )
    assert csv_errors(text) == ['players.csv:9:2: rating "abc" is not a number']
    players = read_players_csv(text.replace("abc", "1700"))
    assert [(p.name, p.rating, p.club) for p in players] == [
        ("Ann", 1500, "Hastings"),
        ("Bob", 1600, "Two\nlines"),
        ("Cid", 1700, ""),
    ]


def test_csv_single_column_keeps_commas_in_names() -> None:
    text = "Name\nCarlsen, Magnus\nNunn; John\n"
    assert [p.name for p in read_players_csv(text)] == ["Carlsen, Magnus", "Nunn; John"]


def test_csv_unknown_columns_are_warnings() -> None:
    text = "No.;Name;Rtg;NRtg;;Club\n1;Ann;1500;1620;;Hastings\n2;Bob;;;x;\n"
    players = read_players_csv(text, "players.csv")
    assert [p.name for p in players] == ["Ann", "Bob"]
    assert [str(w) for w in players.warnings] == [
        'players.csv:1:1: column "No." is not known; ignored',
        'players.csv:1:4: column "NRtg" is not known; ignored',
        "players.csv:3:5: a value in a column without a name; ignored",
    ]
    assert all(isinstance(w, Problem) for w in players.warnings)


def test_csv_plain_id_column_gives_way_to_a_fide_id_column() -> None:
    text = "ID,Name,FIDE ID\n7,Ann,12345\n"
    players = read_players_csv(text, "p.csv")
    assert players[0].fide_id == 12345
    assert [str(w) for w in players.warnings] == [
        'p.csv:1:1: column "ID" ignored: column 3 holds the FIDE id'
    ]
    assert read_players_csv("ID,Name\n12345,Ann\n")[0].fide_id == 12345


# -- CSV: errors -------------------------------------------------------------------------------


def test_csv_errors_name_file_line_and_column_all_at_once() -> None:
    text = (
        "Name,Rating,FIDE ID\n"
        "Ann,1500,12345\n"  # 2
        ",1600,\n"  # 3: empty name
        "Bob,abc,\n"  # 4
        "Cid,3501,\n"  # 5
        "Dan,-5,\n"  # 6
        "Eve,2100.5,\n"  # 7
        "Fay,,12a\n"  # 8
        "Gus,,0\n"  # 9
        "Hal,,12345\n"  # 10: Ann's id
        "Ivy,,00012345\n"  # 11: the same id again
    )
    assert csv_errors(text) == [
        "players.csv:3:1: empty name",
        'players.csv:4:2: rating "abc" is not a number',
        "players.csv:5:2: rating 3501 is out of range 0..3500",
        "players.csv:6:2: rating -5 is out of range 0..3500",
        'players.csv:7:2: rating "2100.5" is not a whole number',
        'players.csv:8:3: FIDE id "12a" is not a number',
        'players.csv:9:3: FIDE id "0" is out of range (1 to 10 digits, not zero)',
        "players.csv:10:3: FIDE id 12345 already on line 2",
        "players.csv:11:3: FIDE id 12345 already on line 2",
    ]


def test_csv_error_is_a_file_format_error() -> None:
    with pytest.raises(RegistrationError) as excinfo:
        read_players_csv("Name,Rating\nAnn,abc\n", "players.csv")
    assert isinstance(excinfo.value, FileFormatError)
    assert isinstance(excinfo.value, ChessArbiterError)
    assert isinstance(excinfo.value, ValueError)
    assert excinfo.value.first == Problem("players.csv", 2, 2, 'rating "abc" is not a number')
    assert str(excinfo.value) == 'players.csv:2:2: rating "abc" is not a number'


def test_csv_other_values_are_checked_too() -> None:
    text = (
        "Name;Fed;Title;Sex;Birth\n"
        "Ann;Russia;КМС;x;31.02.1990\n"
        "Bob;NOR;GM;m;05/17/1990\n"
        "Cid;NOR;GM;m;1850\n"
    )
    assert csv_errors(text) == [
        'players.csv:2:2: federation "Russia" is not a three-letter FIDE code',
        'players.csv:2:3: title "КМС" is not a FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM)',
        'players.csv:2:4: sex "x" is not m or f (м or ж)',
        'players.csv:2:5: birth "31.02.1990" is not a year or a date '
        "(YYYY, YYYY-MM-DD, YYYY/MM/DD or DD.MM.YYYY)",
        'players.csv:3:5: birth "05/17/1990" is not a year or a date '
        "(YYYY, YYYY-MM-DD, YYYY/MM/DD or DD.MM.YYYY)",
        "players.csv:4:5: birth year 1850 is out of range 1900..2099",
    ]


def test_csv_missing_name_column() -> None:
    assert csv_errors("\n\nRating,Club\n1500,Hastings\n") == [
        'players.csv:3:0: no name column in the header (one of "Name", "Player", '
        '"Фамилия Имя", "ФИО", "Игрок"...)'
    ]


def test_csv_two_name_columns() -> None:
    assert csv_errors("Name;Player\nAnn;Ann\n") == [
        'players.csv:1:2: column "Player" is a second name column (column 1 is one already)'
    ]


def test_csv_unquoted_delimiter_in_a_value() -> None:
    assert csv_errors("Name,Rating\nCarlsen, Magnus,2833\nNunn,2602,\n") == [
        'players.csv:2:3: 3 fields but the header has 2: a value with a "," in it and no '
        "quotes around it?"
    ]


@pytest.mark.parametrize("text", ["", "\ufeff", "\n \n"])
def test_csv_empty_file(text: str) -> None:
    assert csv_errors(text) == ["players.csv:0:0: the file is empty: a header line is needed"]


def test_csv_reading_stops_after_100_problems() -> None:
    text = "Name,Rating\n" + "Ann,abc\n" * 150
    errors = csv_errors(text)
    assert len(errors) == 101
    assert errors[-1] == "players.csv:0:0: stopped after 100 problems"


# -- CSV: round trip ---------------------------------------------------------------------------

_TEXT = st.characters(blacklist_categories=("Cc", "Cs"))
_HEADERS = {
    "name": ["name", "Name", "Player", "Фамилия Имя", "ФИО", "Игрок"],
    "rating": ["rating", "Rtg", "Elo", "Рейтинг"],
    "fide_id": ["fide_id", "FIDE ID", "ID"],
    "federation": ["federation", "Fed", "Федерация"],
    "title": ["title", "Tit", "Звание"],
    "sex": ["sex", "Sex", "Пол"],
    "birth": ["birth", "Born", "Birth", "Год рождения"],
    "club": ["club", "Club", "Клуб"],
}


def _stripped(min_size: int) -> st.SearchStrategy[str]:
    return (
        st.text(_TEXT, min_size=min_size, max_size=30)
        .map(str.strip)
        .filter(lambda s: len(s) >= min_size)
    )


@st.composite
def player_records(draw: st.DrawFn, fide_id: int | None) -> PlayerRecord:
    birth = draw(
        st.one_of(
            st.just(""),
            st.integers(1900, 2099).map(str),
            st.dates().filter(lambda d: 1900 <= d.year <= 2099).map(lambda d: f"{d:%Y/%m/%d}"),
        )
    )
    return PlayerRecord(
        name=draw(_stripped(1)),
        rating=draw(st.none() | st.integers(0, 3500)),
        fide_id=fide_id,
        federation=draw(st.just("") | st.from_regex(r"[A-Z]{3}", fullmatch=True)),
        title=draw(st.sampled_from(("", *FIDE_TITLES))),
        sex=draw(st.sampled_from(("", "m", "w"))),
        birth=birth,
        club=draw(_stripped(0)),
    )


@st.composite
def player_lists(draw: st.DrawFn) -> list[PlayerRecord]:
    ids = draw(st.lists(st.none() | st.integers(1, 10**10 - 1), max_size=8))
    seen: set[int] = set()
    records = []
    for fide_id in ids:
        if fide_id in seen:
            fide_id = None
        if fide_id is not None:
            seen.add(fide_id)
        records.append(draw(player_records(fide_id)))
    return records


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=player_lists(),
    fields=st.permutations(list(_HEADERS)),
    columns=st.integers(1, len(_HEADERS)),
    delimiter=st.sampled_from((",", ";", "\t")),
    line_end=st.sampled_from(("\n", "\r\n")),
    bom=st.booleans(),
    data=st.data(),
)
def test_csv_round_trip(
    records: list[PlayerRecord],
    fields: list[str],
    columns: int,
    delimiter: str,
    line_end: str,
    bom: bool,
    data: st.DataObject,
) -> None:
    """Records written with the csv module (any delimiter, any column order, any accepted
    header names, a subset of the columns) read back as the same records."""
    chosen = fields[:columns] + ([] if "name" in fields[:columns] else ["name"])
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator=line_end)
    writer.writerow([data.draw(st.sampled_from(_HEADERS[f])) for f in chosen])
    for r in records:
        writer.writerow(["" if getattr(r, f) is None else str(getattr(r, f)) for f in chosen])
    text = ("\ufeff" if bom else "") + buffer.getvalue()
    empty = PlayerRecord("")
    expected = [
        dataclasses.replace(r, **{f: getattr(empty, f) for f in _HEADERS if f not in chosen})
        for r in records
    ]
    players = read_players_csv(text)
    assert players == expected
    assert players.warnings == []


# -- FIDE rating lists: text -------------------------------------------------------------------

#: ``players_list_foa.txt``: standard, rapid and blitz in one file.
COMBINED_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
COMBINED_LINES = [
    "1503014        Carlsen, Magnus                                              NOR M   GM   "
    "                        2833  0   10 2825  0   10 2886  3   10 1990      ",
    "700070         Polgar, Judit                                                HUN F   GM   "
    "                        2675  0   10 2636  0   10 2736  0   10 1976  wi  ",
    "8602980        Hou, Yifan                                                   CHN F   GM   "
    "WGM                     2633  0   10 2589  0   10 2580  0   10 1994  w   ",
    "4804929        A-ALI, Sali Abbas Abdulzahra                                 IRQ F   WFM  "
    "WFM                     1876  13  20                           2001  w   ",
    "25121731       A C J John                                                   IND M        "
    "                        1063  0   40                           1987  i   ",
    "537001345      A Arbhin Vanniarajan                                         IND M        "
    "                                                  1431  0   40 2018      ",
    "4100018        Gijssen, Geurt                                               NED M        "
    "     IA,FA                                                     1949  i   ",
    "24101923       Kovalenko, Olena                                             UKR F        "
    "                    AFM 1745  4   40 1702  9   40              2009  w   ",
]
COMBINED = COMBINED_HEADER + "\n" + "\n".join(COMBINED_LINES) + "\n"

#: ``standard_rating_list.txt`` of November 2026: the rating's label is the month.
STANDARD_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  "
    "WTit OTit           FOA NOV26 Gms K  B-day Flag"
)
STANDARD_LINES = [
    "1503014        Carlsen, Magnus                                              NOR M   GM   "
    "                        2833  0   10 1990      ",
    "700070         Polgar, Judit                                                HUN F   GM   "
    "                        2675  0   10 1976  wi  ",
    "25121731       A C J John                                                   IND M        "
    "                        1063  0   40 1987  i   ",
]
STANDARD = STANDARD_HEADER + "\r\n" + "\r\n".join(STANDARD_LINES) + "\r\n"


def label_columns(header: str) -> dict[str, int]:
    """0-based column of each label of a FIDE header (``ID Number`` is one label)."""
    return {
        m.group().replace("_", " "): m.start()
        for m in re.finditer(r"\S+", header.replace("ID Number", "ID_Number"))
    }


def fide_line(header: str, values: dict[str, str], width: int) -> str:
    """A list line with each value at its label's column, padded to ``width``."""
    columns = label_columns(header)
    line = [" "] * width
    for label, value in values.items():
        at = columns[label]
        line[at : at + len(value)] = value
    return "".join(line)


@pytest.mark.parametrize(
    ("header", "lines", "width"),
    [(COMBINED_HEADER, COMBINED_LINES, 162), (STANDARD_HEADER, STANDARD_LINES, 136)],
)
def test_fixture_lines_are_aligned_with_the_header(
    header: str, lines: list[str], width: int
) -> None:
    columns = label_columns(header)
    starts = set(columns.values())
    for line in lines:
        assert len(line) == width
        for m in re.finditer(r"\S+", line):
            if columns["Name"] < m.start() < columns["Fed"]:
                continue  # a later word of the name
            assert m.start() in starts, (line, m.group())


def test_fixture_helper_writes_the_fixture_lines() -> None:
    values = {
        "ID Number": "1503014",
        "Name": "Carlsen, Magnus",
        "Fed": "NOR",
        "Sex": "M",
        "Tit": "GM",
        "SRtng": "2833",
        "SGm": "0",
        "SK": "10",
        "RRtng": "2825",
        "RGm": "0",
        "Rk": "10",
        "BRtng": "2886",
        "BGm": "3",
        "BK": "10",
        "B-day": "1990",
    }
    assert fide_line(COMBINED_HEADER, values, 162) == COMBINED_LINES[0]


def test_combined_list_standard() -> None:
    players = read_fide_rating_list(COMBINED, "players_list_foa.txt")
    assert players == [
        R("Carlsen, Magnus", 2833, 1503014, "NOR", "GM", "m", "1990"),
        R("Polgar, Judit", 2675, 700070, "HUN", "GM", "w", "1976", flag="wi"),
        R("Hou, Yifan", 2633, 8602980, "CHN", "GM", "w", "1994", flag="w"),
        R("A-ALI, Sali Abbas Abdulzahra", 1876, 4804929, "IRQ", "WFM", "w", "2001", flag="w"),
        R("A C J John", 1063, 25121731, "IND", "", "m", "1987", flag="i"),
        R("A Arbhin Vanniarajan", None, 537001345, "IND", "", "m", "2018"),
        R("Gijssen, Geurt", None, 4100018, "NED", "", "m", "1949", flag="i"),
        R("Kovalenko, Olena", 1745, 24101923, "UKR", "", "w", "2009", flag="w"),
    ]
    assert players.warnings == []
    assert [p.inactive for p in players] == [False, True, False, False, True, False, True, False]


@pytest.mark.parametrize(
    ("kind", "ratings"),
    [
        ("standard", [2833, 2675, 2633, 1876, 1063, None, None, 1745]),
        ("rapid", [2825, 2636, 2589, None, None, None, None, 1702]),
        ("blitz", [2886, 2736, 2580, None, None, 1431, None, None]),
    ],
)
def test_combined_list_rating_kind(kind: str, ratings: list[int | None]) -> None:
    players = read_fide_rating_list(COMBINED, rating_kind=kind)
    assert [p.rating for p in players] == ratings


def test_single_list_month_label_and_crlf() -> None:
    players = read_fide_rating_list(STANDARD, "standard_rating_list.txt")
    assert players == [
        R("Carlsen, Magnus", 2833, 1503014, "NOR", "GM", "m", "1990"),
        R("Polgar, Judit", 2675, 700070, "HUN", "GM", "w", "1976", flag="wi"),
        R("A C J John", 1063, 25121731, "IND", "", "m", "1987", flag="i"),
    ]
    # a single list has one rating: rating_kind cannot pick another
    assert read_fide_rating_list(STANDARD, rating_kind="blitz") == players


def test_text_list_errors_name_line_and_column() -> None:
    bad_id = "15O3014" + COMBINED_LINES[0][7:]
    bad_rating = COMBINED_LINES[1][:113] + "26x5" + COMBINED_LINES[1][117:]
    text = "\n".join([COMBINED_HEADER, bad_id, bad_rating, *COMBINED_LINES[2:]])
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(text, "players_list_foa.txt")
    assert problems(excinfo) == [
        'players_list_foa.txt:2:1: FIDE id "15O3014" is not a number',
        'players_list_foa.txt:3:114: rating "26x5" is not a number',
    ]


def test_text_list_misaligned_lines_are_errors() -> None:
    """A value that runs into the next field is an error, not a wrong number."""
    lines = [
        "    " + COMBINED_LINES[0],  # 2833 at columns 118-121, into SGm at 120
        COMBINED_LINES[0][:110] + COMBINED_LINES[0][112:],  # 2833 at columns 112-115
        "150301400000000Carlsen, Magnus" + COMBINED_LINES[0][30:],  # the id into the name
    ]
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list("\n".join([COMBINED_HEADER, *lines]), "list.txt")
    assert problems(excinfo) == [
        "list.txt:2:119: column should be blank: are the columns misaligned?",
        "list.txt:3:113: column should be blank: are the columns misaligned?",
        "list.txt:4:15: column should be blank: are the columns misaligned?",
    ]


def test_text_list_line_one_column_off_is_still_read() -> None:
    assert read_fide_rating_list(COMBINED_HEADER + "\n " + COMBINED_LINES[0]) == [
        R("Carlsen, Magnus", 2833, 1503014, "NOR", "GM", "m", "1990")
    ]


def test_text_list_without_a_header() -> None:
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list("\n".join(COMBINED_LINES), "list.txt")
    assert problems(excinfo) == [
        "list.txt:1:1: not a FIDE rating list: the first line should be its header "
        '("ID Number      Name ... Fed Sex Tit ...")'
    ]


def test_text_list_without_the_rating_kind() -> None:
    header = COMBINED_HEADER[: COMBINED_HEADER.index("RRtng")] + "B-day Flag"
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(header + "\n", "list.txt", rating_kind="rapid")
    assert problems(excinfo) == ["list.txt:1:1: the header has no rapid rating column (RRtng)"]


def test_text_list_warnings_for_what_is_left_out() -> None:
    no_name = "99999999" + " " * 154
    twice = COMBINED_LINES[0]
    text = "\n".join([COMBINED_HEADER, COMBINED_LINES[0], no_name, twice])
    players = read_fide_rating_list(text, "list.txt")
    assert [p.fide_id for p in players] == [1503014, 1503014]
    assert [str(w) for w in players.warnings] == [
        "list.txt:3:16: FIDE id 99999999 has no name; left out",
        "list.txt:4:1: FIDE id 1503014 is listed twice",
    ]


def test_rating_kind_must_be_known() -> None:
    with pytest.raises(ValueError, match="rating_kind"):
        read_fide_rating_list(COMBINED, rating_kind="bullet")


@pytest.mark.parametrize("text", ["", "\ufeff", "  \n\n"])
def test_empty_rating_list(text: str) -> None:
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(text, "list.txt")
    assert problems(excinfo) == ["list.txt:0:0: the file is empty"]


# -- FIDE rating lists: XML --------------------------------------------------------------------


def xml_player(**values: str) -> str:
    """A ``<player>`` of ``players_list_xml_foa.xml``: every element, one a line, in FIDE's
    order; the single lists' files have no ``rapid_*``/``blitz_*`` elements."""
    tags = [
        "fideid",
        "name",
        "country",
        "sex",
        "title",
        "w_title",
        "o_title",
        "foa_title",
        "rating",
        "games",
        "k",
        "rapid_rating",
        "rapid_games",
        "rapid_k",
        "blitz_rating",
        "blitz_games",
        "blitz_k",
        "birthday",
        "flag",
    ]
    single = values.pop("single", "") == "yes"
    lines = [
        f"<{tag}>{values.get(tag, '')}</{tag}>"
        for tag in tags
        if not (single and tag.startswith(("rapid_", "blitz_")))
    ]
    return "<player>\n" + "\n".join(lines) + "\n</player>\n"


XML_HEAD = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<playerslist>\n'
COMBINED_XML = (
    XML_HEAD
    + xml_player(
        fideid="1503014",
        name="Carlsen, Magnus",
        country="NOR",
        sex="M",
        title="GM",
        rating="2833",
        games="0",
        k="10",
        rapid_rating="2825",
        rapid_games="0",
        rapid_k="10",
        blitz_rating="2886",
        blitz_games="3",
        blitz_k="10",
        birthday="1990",
    )
    + xml_player(
        fideid="700070",
        name="Polgar, Judit",
        country="HUN",
        sex="F",
        title="GM",
        rating="2675",
        games="0",
        k="10",
        rapid_rating="2636",
        blitz_rating="2736",
        birthday="1976",
        flag="wi",
    )
    + xml_player(
        fideid="3209536",
        name="Núñez, José",
        country="ESP",
        sex="M",
        o_title="IA",
        rating="0",
        blitz_rating="1788",
        birthday="1961",
        flag="i",
    )
    + xml_player(
        fideid="4804929",
        name="A-ALI, Sali Abbas Abdulzahra",
        country="IRQ",
        sex="F",
        w_title="WFM",
        rating="1876",
        birthday="2001",
        flag="w",
    )
    + "</playerslist>\n"
)


def test_xml_combined_list() -> None:
    players = read_fide_rating_list(COMBINED_XML, "players_list_xml_foa.xml")
    assert players == [
        R("Carlsen, Magnus", 2833, 1503014, "NOR", "GM", "m", "1990"),
        R("Polgar, Judit", 2675, 700070, "HUN", "GM", "w", "1976", flag="wi"),
        R("Núñez, José", None, 3209536, "ESP", "", "m", "1961", flag="i"),
        R("A-ALI, Sali Abbas Abdulzahra", 1876, 4804929, "IRQ", "WFM", "w", "2001", flag="w"),
    ]
    assert players.warnings == []
    assert [p.rating for p in read_fide_rating_list(COMBINED_XML, rating_kind="rapid")] == [
        2825,
        2636,
        None,
        None,
    ]
    assert [p.rating for p in read_fide_rating_list(COMBINED_XML, rating_kind="blitz")] == [
        2886,
        2736,
        1788,
        None,
    ]


def test_xml_single_list_has_one_rating() -> None:
    text = (
        XML_HEAD
        + xml_player(single="yes", fideid="1503014", name="Carlsen, Magnus", rating="2825")
        + "</playerslist>"
    )
    for kind in ("standard", "rapid", "blitz"):
        assert read_fide_rating_list(text, rating_kind=kind)[0].rating == 2825


def test_xml_and_text_lists_agree() -> None:
    txt = read_fide_rating_list(COMBINED)
    xml = XML_HEAD
    for r in txt:
        xml += xml_player(
            fideid=str(r.fide_id),
            name=r.name,
            country=r.federation,
            sex={"m": "M", "w": "F"}[r.sex],
            title=r.title,
            rating=str(r.rating or ""),
            birthday=r.birth,
            flag=r.flag,
        )
    assert read_fide_rating_list(xml + "</playerslist>") == txt


_FIDE_NAME = st.text(st.sampled_from("ABCXYZabcxyz ,.-'"), min_size=1, max_size=60).filter(
    lambda s: s == s.strip() and s.strip(",.-'")
)


@st.composite
def fide_records(draw: st.DrawFn) -> list[tuple[PlayerRecord, dict[str, int | None]]]:
    """Records as a FIDE list holds them, each with its three ratings."""
    ids = draw(st.lists(st.integers(1, 999_999_999), unique=True, max_size=12))
    rating = st.none() | st.integers(1, 3500)
    out = []
    for fide_id in ids:
        record = PlayerRecord(
            name=draw(_FIDE_NAME),
            rating=None,
            fide_id=fide_id,
            federation=draw(st.from_regex(r"[A-Z]{3}", fullmatch=True)),
            title=draw(st.sampled_from(("", *FIDE_TITLES))),
            sex=draw(st.sampled_from(("m", "w"))),
            birth=draw(st.just("") | st.integers(1900, 2099).map(str)),
            flag=draw(st.sampled_from(("", "i", "w", "wi"))),
        )
        kinds = ("standard", "rapid", "blitz")
        out.append((record, {kind: draw(rating) for kind in kinds}))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=fide_records(), kind=st.sampled_from(("standard", "rapid", "blitz")))
def test_fide_lists_round_trip(
    players: list[tuple[PlayerRecord, dict[str, int | None]]], kind: str
) -> None:
    """Records written in FIDE's two layouts read back as the same records."""

    def text(value: int | None) -> str:
        return "" if value is None else str(value)

    lines = [COMBINED_HEADER]
    xml = XML_HEAD
    for r, ratings in players:
        sex = {"m": "M", "w": "F"}[r.sex]
        values = {
            "ID Number": str(r.fide_id),
            "Name": r.name,
            "Fed": r.federation,
            "Sex": sex,
            "Tit": r.title,
            "SRtng": text(ratings["standard"]),
            "RRtng": text(ratings["rapid"]),
            "BRtng": text(ratings["blitz"]),
            "B-day": r.birth,
            "Flag": r.flag,
        }
        lines.append(fide_line(COMBINED_HEADER, values, 162))
        xml += xml_player(
            fideid=str(r.fide_id),
            name=r.name,
            country=r.federation,
            sex=sex,
            title=r.title,
            rating=text(ratings["standard"]),
            rapid_rating=text(ratings["rapid"]),
            blitz_rating=text(ratings["blitz"]),
            birthday=r.birth,
            flag=r.flag,
        )
    expected = [dataclasses.replace(r, rating=ratings[kind]) for r, ratings in players]
    assert read_fide_rating_list("\n".join(lines), rating_kind=kind) == expected
    assert read_fide_rating_list(xml + "</playerslist>", rating_kind=kind) == expected


def test_xml_data_errors_name_line_and_column() -> None:
    text = COMBINED_XML.replace("<rating>2675</rating>", "<rating>26x5</rating>").replace(
        "<fideid>4804929</fideid>", "<fideid>48O4929</fideid>"
    )
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(text, "list.xml")
    lines = text.split("\n")
    rating_line = next(n for n, line in enumerate(lines, 1) if "26x5" in line)
    id_line = next(n for n, line in enumerate(lines, 1) if "48O4929" in line)
    assert problems(excinfo) == [
        f'list.xml:{rating_line}:1: rating "26x5" is not a number',
        f'list.xml:{id_line}:1: FIDE id "48O4929" is not a number',
    ]


def test_k_factors_of_the_text_and_xml_lists(tmp_path: Path) -> None:
    """B.02 (1 March 2024) 7.1.2: each player's current K, as the list publishes it (SK, Rk,
    BK; ``k``, ``rapid_k``, ``blitz_k``), read with the ratings by the stream; ``0`` or blank
    is none."""
    txt = tmp_path / "players_list_foa.txt"
    txt.write_text(COMBINED, encoding="utf-8")
    assert [(e.k_standard, e.k_rapid, e.k_blitz) for e in stream_fide_rating_list(txt)] == [
        (10, 10, 10),
        (10, 10, 10),
        (10, 10, 10),
        (20, None, None),
        (40, None, None),
        (None, None, 40),
        (None, None, None),
        (40, 40, None),
    ]
    xml = tmp_path / "players_list_xml_foa.xml"
    xml.write_bytes(
        COMBINED_XML.replace("<rapid_k></rapid_k>", "<rapid_k>0</rapid_k>", 1).encode("latin-1")
    )
    assert [(e.k_standard, e.k_rapid, e.k_blitz) for e in stream_fide_rating_list(xml)] == [
        (10, 10, 10),
        (10, None, None),
        (None, None, None),
        (None, None, None),
    ]
    single = tmp_path / "standard_rating_list.txt"
    single.write_text(STANDARD, encoding="utf-8")
    assert [e.k("standard") for e in stream_fide_rating_list(single)] == [10, 10, 40]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    ks=st.lists(
        st.tuples(*[st.none() | st.integers(1, 99)] * 3).filter(lambda k: k != (None,) * 3)
        | st.just((None, None, None)),
        min_size=1,
        max_size=6,
    )
)
def test_k_factors_written_in_either_layout_read_back(
    tmp_path: Path, ks: list[tuple[int | None, int | None, int | None]]
) -> None:
    """K factors written in FIDE's combined text and XML layouts (a K of two digits at most:
    the text column is three wide with its separator) read back as written."""

    def text(value: int | None) -> str:
        return "" if value is None else str(value)

    lines = [COMBINED_HEADER]
    xml = XML_HEAD
    for n, (standard, rapid, blitz) in enumerate(ks, 1):
        values = {"ID Number": str(n), "Name": f"Lee{n}, Ann", "Sex": "F"}
        values |= {"SK": text(standard), "Rk": text(rapid), "BK": text(blitz)}
        lines.append(fide_line(COMBINED_HEADER, values, 162))
        xml += xml_player(
            fideid=str(n),
            name=f"Lee{n}, Ann",
            sex="F",
            k=text(standard),
            rapid_k=text(rapid),
            blitz_k=text(blitz),
        )
    (tmp_path / "l.txt").write_text("\n".join(lines), encoding="utf-8")
    (tmp_path / "l.xml").write_text(xml + "</playerslist>", encoding="latin-1")
    for name in ("l.txt", "l.xml"):
        entries = stream_fide_rating_list(tmp_path / name)
        assert [(e.k_standard, e.k_rapid, e.k_blitz) for e in entries] == ks, name


def test_a_bad_k_factor_is_an_error_in_either_format() -> None:
    """A K that is not plain digits, or above 100, is refused as a bad rating is, at its
    column (text) or its element (XML)."""
    bad = COMBINED_LINES[3][:123] + "2O" + COMBINED_LINES[3][125:]
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(COMBINED_HEADER + "\n" + bad, "players_list_foa.txt")
    assert problems(excinfo) == ['players_list_foa.txt:2:124: K "2O" is not a number']
    text = COMBINED_XML.replace("<blitz_k>10</blitz_k>", "<blitz_k>400</blitz_k>")
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(text, "list.xml", "blitz")
    at = text.split("\n").index("<blitz_k>400</blitz_k>") + 1
    assert problems(excinfo) == [f"list.xml:{at}:1: K 400 is out of range 0..100"]


def test_xml_warnings_for_what_is_left_out() -> None:
    text = (
        XML_HEAD
        + xml_player(fideid="419214", name="", country="ENG", sex="M", rating="1736")
        + xml_player(fideid="1503014", name="Carlsen, Magnus", sex="X")
        + "</playerslist>"
    )
    players = read_fide_rating_list(text, "list.xml")
    assert players == [R("Carlsen, Magnus", fide_id=1503014)]
    assert [str(w) for w in players.warnings] == [
        "list.xml:5:1: FIDE id 419214 has no name; left out",
        'list.xml:28:1: sex "X" is not M or F; left blank',
    ]


def test_xml_missing_element_is_placed_in_its_own_player() -> None:
    text = (
        XML_HEAD
        + "<player>\n<name>No Id</name>\n</player>\n"
        + xml_player(fideid="1503014", name="Carlsen, Magnus")
        + "</playerslist>"
    )
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(text, "list.xml")
    assert problems(excinfo) == ['list.xml:3:1: FIDE id "" is not a number']


@pytest.mark.parametrize("form", ["txt", "xml"])
def test_at_most_100_warnings_are_listed(form: str) -> None:
    if form == "txt":
        nameless = [f"{n:<15}" + " " * 100 for n in range(1, 151)]
        text = "\n".join([COMBINED_HEADER, *nameless])
    else:
        text = XML_HEAD + "".join(xml_player(fideid=str(n)) for n in range(1, 151))
        text += "</playerslist>"
    players = read_fide_rating_list(text, "list")
    assert players == []
    assert len(players.warnings) == 101
    assert str(players.warnings[-1]) == "list:0:0: 50 more warnings not listed"


def test_xml_not_well_formed() -> None:
    text = XML_HEAD + "<player>\n<fideid>1</fideid>\n<name>A & B</name>\n</player>\n"
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(text, "list.xml")
    # expat points at the character after the "&" that starts no entity
    assert problems(excinfo) == ["list.xml:5:10: XML: not well-formed (invalid token)"]


def test_xml_truncated() -> None:
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(COMBINED_XML[:-30], "list.xml")
    assert len(excinfo.value.problems) == 1
    assert excinfo.value.first.message.startswith("XML: ")


def test_xml_wrong_root() -> None:
    text = '<?xml version="1.0"?>\n<players><player><fideid>1</fideid></player></players>'
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(text, "list.xml")
    assert problems(excinfo) == [
        "list.xml:2:1: not a FIDE rating list: the root element is <players>, not <playerslist>"
    ]


def test_xml_document_type_declarations_are_refused() -> None:
    """A DOCTYPE is what entity expansion ("billion laughs") needs; FIDE's files have none."""
    laughs = (
        '<?xml version="1.0"?>\n'
        '<!DOCTYPE playerslist [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        "<playerslist><player><fideid>1</fideid><name>&b;</name></player></playerslist>"
    )
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(laughs, "list.xml")
    assert problems(excinfo) == [
        "list.xml:2:1: a document type declaration (DOCTYPE) is not accepted"
    ]


def test_xml_reading_stops_after_100_problems() -> None:
    text = XML_HEAD + xml_player(fideid="x", name="A") * 150 + "</playerslist>"
    with pytest.raises(RegistrationError) as excinfo:
        read_fide_rating_list(text, "list.xml")
    assert len(excinfo.value.problems) == 101
    assert str(excinfo.value.problems[0]) == 'list.xml:4:1: FIDE id "x" is not a number'
    assert str(excinfo.value.problems[-1]) == "list.xml:0:0: stopped after 100 problems"


def test_xml_many_players_in_many_chunks() -> None:
    """Longer than the parser's chunk: players across chunk boundaries are read whole."""
    players = [
        xml_player(fideid=str(1000 + n), name=f"Player {n:05d}, Anna", rating=str(1000 + n % 2000))
        for n in range(5000)
    ]
    text = XML_HEAD + "".join(players) + "</playerslist>\n"
    assert len(text) > 1 << 20
    records = read_fide_rating_list(text)
    assert [r.fide_id for r in records] == [1000 + n for n in range(5000)]
    assert [r.rating for r in records] == [1000 + n % 2000 for n in range(5000)]


# -- the look-up -------------------------------------------------------------------------------

LOOKUP = [
    R("Carlsen, Magnus", 2833, 1503014),
    R("Caruana, Fabiano", 2795, 2020009),
    R("Carlsen, Henrik", None, 1599999),
    R("Núñez, José", None, 3209536),
    R("Nunn, John", 2602, 500054),
    R("O'Connor, Ann", 1500, 12345),
    R("Vachier-Lagrave, Maxime", 2720, 623539),
    R("Ёлкин, Пётр", 1700, 34100001),
]


@pytest.mark.parametrize("use_index", [False, True])
@pytest.mark.parametrize(
    ("query", "names"),
    [
        ("1503014", ["Carlsen, Magnus"]),
        (" 500054 ", ["Nunn, John"]),
        ("999", []),
        ("car", ["Carlsen, Henrik", "Carlsen, Magnus", "Caruana, Fabiano"]),
        ("CARLSEN, M", ["Carlsen, Magnus"]),
        ("carlsen m", ["Carlsen, Magnus"]),
        ("nun", ["Núñez, José", "Nunn, John"]),
        ("núñ", ["Núñez, José", "Nunn, John"]),  # accents do not count
        ("nune", ["Núñez, José"]),
        ("oconnor", ["O'Connor, Ann"]),
        ("vachier-l", ["Vachier-Lagrave, Maxime"]),
        ("елкин", ["Ёлкин, Пётр"]),
        ("ЁЛК", ["Ёлкин, Пётр"]),
        ("", []),
        (" ,", []),
        ("magnus", []),
    ],
)
def test_find_players(query: str, names: list[str], use_index: bool) -> None:
    records = PlayerIndex(LOOKUP) if use_index else LOOKUP
    assert [r.name for r in find_players(records, query)] == names


@pytest.mark.parametrize("use_index", [False, True])
def test_find_players_limit(use_index: bool) -> None:
    records = PlayerIndex(LOOKUP) if use_index else LOOKUP
    assert [r.name for r in find_players(records, "c", limit=2)] == [
        "Carlsen, Henrik",
        "Carlsen, Magnus",
    ]
    assert len(find_players(records, "c", limit=None)) == 3


def test_find_players_in_a_read_list_by_id_with_duplicates() -> None:
    text = "\n".join([COMBINED_HEADER, COMBINED_LINES[0], COMBINED_LINES[0]])
    index = PlayerIndex(read_fide_rating_list(text))
    assert len(index) == 2
    assert len(find_players(index, "1503014")) == 2


@settings(max_examples=200, deadline=None)
@given(
    names=st.lists(st.text(st.sampled_from("aAbBéÉ ,-'ёЁ"), min_size=0, max_size=6), max_size=30),
    query=st.text(st.sampled_from("aAbBéÉ ,-'ёЁ"), max_size=4),
    limit=st.none() | st.integers(0, 5),
)
def test_index_finds_what_scanning_finds(names: list[str], query: str, limit: int | None) -> None:
    records = [R(name, fide_id=n + 1) for n, name in enumerate(names)]
    assert find_players(PlayerIndex(records), query, limit=limit) == find_players(
        records, query, limit=limit
    )


# -- into the model ----------------------------------------------------------------------------


def test_to_player_maps_every_field() -> None:
    record = R("Hou, Yifan", 2633, 8602980, "CHN", "GM", "w", "1994/02/27", "Beijing", "w")
    assert record.to_player(7) == Player(
        number=7,
        name="Hou, Yifan",
        sex="w",
        title="GM",
        rating=2633,
        federation="CHN",
        fide_id="8602980",
        birth_date="1994/02/27",
        club="Beijing",
    )
    assert R("Ann").to_player(1) == Player(1, "Ann")


def test_to_player_needs_a_pairing_number() -> None:
    with pytest.raises(ValueError, match="pairing numbers start at 1"):
        R("Ann").to_player(0)


def test_registered_players_survive_a_trf_round_trip() -> None:
    """The fields land where the TRF reader puts a 001 record's."""
    records = read_fide_rating_list(COMBINED) + read_players_csv(
        "ФИО;Рейтинг;Пол;Год рождения\nИванова, Анна;1850;ж;07.03.2001\n"
    )
    t = Tournament(name="Registration test")
    for number, record in enumerate(records, start=1):
        t.add_player(record.to_player(number))
    back = trf.loads(trf.dumps(t))
    for number, record in enumerate(records, start=1):
        p = back.player(number)
        assert (p.name, p.rating, p.federation, p.title, p.sex, p.birth_date) == (
            record.name,
            record.rating,
            record.federation,
            record.title,
            record.sex,
            record.birth,
        )
        assert p.fide_id == ("" if record.fide_id is None else str(record.fide_id))


def test_records_are_frozen() -> None:
    record = R("Ann")
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.name = "Bob"  # type: ignore[misc]


# -- suspicious entries (issue 13 item 11) ---------------------------------------------------------


def test_issue13_item11_pseudo_players_are_named() -> None:
    from chessarbiter.registration import suspicious_players

    players = [Player(1, "Anand, V", rating=2750)]
    players += [
        Player(n, name, rating=1500)
        for n, name in enumerate(
            ["spielfrei", "BYE", "Freilos", "exempt", "Pause", "—", "bye."], start=2
        )
    ]
    warnings = suspicious_players(players)
    assert len(warnings) == 1 and warnings[0].startswith("looks like a bye, not a player: ")
    for n in range(2, 9):
        assert f"{n} " in warnings[0]
    assert "Anand" not in warnings[0]


def test_issue13_item11_duplicates_missing_names_and_ratings() -> None:
    from chessarbiter.registration import suspicious_players

    players = [
        Player(n, f"Player {n}", rating=2000 + n, fide_id=str(1000 + n)) for n in range(1, 11)
    ]
    players[3] = Player(4, "Müller, Jörg", rating=2004, fide_id="1002")  # same ID as player 2
    players[6] = Player(7, "MULLER, Jorg", rating=2007, fide_id="1007")  # same name as player 4
    players[8] = Player(9, " ", rating=2009)
    players[9] = Player(10, "Player 10", rating=None, fide_id="1010")
    warnings = suspicious_players(players)
    assert "without a name: 9" in warnings
    assert "FIDE ID 1002 is given to 2 players: 2 Player 2, 4 Müller, Jörg" in warnings
    assert "the same name twice or more: 4 Müller, Jörg, 7 MULLER, Jorg" in warnings
    assert any(w.startswith("without a rating") and "10 Player 10" in w for w in warnings)


def test_issue13_item11_an_unrated_field_and_zero_ids_are_not_suspicious() -> None:
    from chessarbiter.registration import suspicious_players

    club = [Player(n, f"Member {n}", fide_id="0") for n in range(1, 9)]
    assert suspicious_players(club) == []
    half = [Player(n, f"P{n}", rating=2000 if n % 2 else None) for n in range(1, 11)]
    assert suspicious_players(half) == []


# -- which list, which players -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("control", "laws", "kind"),
    [
        ("90 min/40 moves + 30 min + 30 s per move from move 1", None, "standard"),
        ("3600", None, "standard"),
        ("3599", None, "rapid"),
        ("601", None, "rapid"),
        ("600", None, "blitz"),
        ("300+6", None, "rapid"),  # 2023: 5 min + 60 x 6 s = 11 min
        ("300+6", 1997, "blitz"),  # 1997: the fixed time only
        ("", None, "standard"),
        ("by agreement", None, "standard"),
    ],
)
def test_rating_kind_follows_the_time_control(control: str, laws: int | None, kind: str) -> None:
    """B.02: the list of the event's time control, classified by the Laws (2023 A.1/B.1,
    1997 B1/C1); a blank or unreadable control takes the standard list."""
    from chessarbiter.registration import rating_kind

    assert rating_kind(control, laws) == kind


def test_select_by_fide_id_keeps_the_list_order_and_names_the_missing() -> None:
    from chessarbiter.registration import select_by_fide_id

    listed = [R("A", fide_id=3), R("B", fide_id=1), R("C"), R("D", fide_id=2)]
    found, missing = select_by_fide_id(listed, "2,3  9, 10")
    assert [r.name for r in found] == ["A", "D"] and missing == ["10", "9"]
    assert select_by_fide_id(listed, " , ") == ([], [])
