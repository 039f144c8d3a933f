"""FIDE rating lists read from their files as a stream (``stream_fide_rating_list``,
``iter_fide_rating_list``): the same players, checks and problems as the in-memory reader,
with every rating of a combined list."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.registration import (
    RATING_KINDS,
    RatingListEntry,
    RegistrationError,
    iter_fide_rating_list,
    read_fide_rating_list,
    stream_fide_rating_list,
)

HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def line(**values: str) -> str:
    """A line of the combined text list, each value at its label's column."""
    labels = {"ID": "ID Number", "Bday": "B-day"}
    row = [" "] * (len(HEADER) + 4)
    for label, value in values.items():
        at = HEADER.index(labels.get(label, label))
        row[at : at + len(value)] = list(value)
    return "".join(row).rstrip()


CARLSEN = line(
    ID="1503014",
    Name="Carlsen, Magnus",
    Fed="NOR",
    Sex="M",
    Tit="GM",
    SRtng="2833",
    RRtng="2825",
    BRtng="2886",
    Bday="1990",
)
POLGAR = line(
    ID="700070",
    Name="Polgar, Judit",
    Fed="HUN",
    Sex="F",
    Tit="GM",
    OTit="FT",
    SRtng="2675",
    RRtng="2636",
    BRtng="2736",
    Bday="1976",
    Flag="wi",
)
KOVALENKO = line(
    ID="24101923",
    Name="Kovalenko, Olena",
    Fed="UKR",
    Sex="F",
    WTit="WFM",
    SRtng="1745",
    RRtng="1702",
    Bday="2009",
    Flag="w",
)
TEXT = "\n".join([HEADER, CARLSEN, POLGAR, KOVALENKO]) + "\n"


def xml_player(**values: str) -> str:
    return "<player>\n" + "".join(f"<{k}>{v}</{k}>\n" for k, v in values.items()) + "</player>\n"


XML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n'
    + xml_player(
        fideid="1503014",
        name="Carlsen, Magnus",
        country="NOR",
        sex="M",
        title="GM",
        w_title="",
        o_title="",
        rating="2833",
        rapid_rating="2825",
        blitz_rating="2886",
        birthday="1990",
        flag="",
    )
    + xml_player(
        fideid="700070",
        name="Polgar, Judit",
        country="HUN",
        sex="F",
        title="GM",
        w_title="",
        o_title="FT",
        rating="2675",
        rapid_rating="2636",
        blitz_rating="2736",
        birthday="1976",
        flag="wi",
    )
    + xml_player(
        fideid="24101923",
        name="Kovalenko, Olena",
        country="UKR",
        sex="F",
        title="",
        w_title="WFM",
        o_title="",
        rating="1745",
        rapid_rating="1702",
        blitz_rating="",
        birthday="2009",
        flag="w",
    )
    + "</playerslist>\n"
)
ENTRIES = [
    RatingListEntry(
        1503014, "Carlsen, Magnus", "NOR", "m", "GM", "", "", "1990", "", 2833, 2825, 2886
    ),
    RatingListEntry(
        700070, "Polgar, Judit", "HUN", "w", "GM", "", "FT", "1976", "wi", 2675, 2636, 2736
    ),
    RatingListEntry(
        24101923, "Kovalenko, Olena", "UKR", "w", "", "WFM", "", "2009", "w", 1745, 1702, None
    ),
]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(excinfo: pytest.ExceptionInfo[RegistrationError]) -> list[str]:
    return [str(p) for p in excinfo.value.problems]


@pytest.mark.parametrize(("name", "text"), [("list.txt", TEXT), ("list.xml", XML)])
def test_every_rating_and_title_of_a_combined_list(tmp_path: Path, name: str, text: str) -> None:
    stream = stream_fide_rating_list(write(tmp_path, name, text))
    assert list(stream) == ENTRIES
    assert stream.warnings == []
    assert stream.count == 3


@pytest.mark.parametrize("kind", RATING_KINDS)
@pytest.mark.parametrize(("name", "text"), [("list.txt", TEXT), ("list.xml", XML)])
def test_records_are_the_in_memory_readers(tmp_path: Path, name: str, text: str, kind: str) -> None:
    path = write(tmp_path, name, text)
    assert list(iter_fide_rating_list(path, rating_kind=kind)) == read_fide_rating_list(
        text, rating_kind=kind
    )


def test_a_single_list_rating_is_the_list_said(tmp_path: Path) -> None:
    header = HEADER[:113] + "NOV26 Gms K  B-day Flag"
    text = header + "\r\n" + CARLSEN[:113] + "2825  0   10 1990\r\n"
    path = write(tmp_path, "rapid_rating_list.txt", text)
    [entry] = stream_fide_rating_list(path, single_list="rapid")
    assert (entry.standard, entry.rapid, entry.blitz) == (None, 2825, None)
    [record] = iter_fide_rating_list(path, rating_kind="blitz")
    assert record.rating == 2825


def test_text_errors_name_file_and_line_and_come_after_the_players(tmp_path: Path) -> None:
    bad_id = "15O3014" + CARLSEN[7:]
    bad_rapid = POLGAR[:126] + "26x6" + POLGAR[130:]
    path = write(tmp_path, "list.txt", "\n".join([HEADER, bad_id, bad_rapid, KOVALENKO]))
    given_before: list[str] = []
    with pytest.raises(RegistrationError) as excinfo:
        for entry in stream_fide_rating_list(path, "players_list_foa.txt"):
            given_before.append(entry.name)
    assert given_before == ["Kovalenko, Olena"]
    assert problems(excinfo) == [
        'players_list_foa.txt:2:1: FIDE id "15O3014" is not a number',
        'players_list_foa.txt:3:127: rating "26x6" is not a number',
    ]


def test_xml_errors_and_warnings_are_placed_on_their_lines(tmp_path: Path) -> None:
    text = XML.replace("<rapid_rating>2636</rapid_rating>", "<rapid_rating>x</rapid_rating>")
    path = write(tmp_path, "list.xml", text)
    at = text.split("\n").index("<rapid_rating>x</rapid_rating>") + 1
    with pytest.raises(RegistrationError) as excinfo:
        list(stream_fide_rating_list(path))
    assert problems(excinfo) == [f'{path}:{at}:1: rating "x" is not a number']
    text = XML.replace("<sex>M</sex>", "<sex>X</sex>")
    stream = stream_fide_rating_list(write(tmp_path, "w.xml", text), "w.xml")
    assert len(list(stream)) == 3
    at = text.split("\n").index("<sex>X</sex>") + 1
    assert [str(w) for w in stream.warnings] == [f'w.xml:{at}:1: sex "X" is not M or F; left blank']


def test_xml_not_well_formed_truncated_doctype_and_wrong_root(tmp_path: Path) -> None:
    cases = {
        "amp.xml": (XML.replace("Carlsen, Magnus", "A & B"), "amp.xml:5:10: XML: not well-formed"),
        "cut.xml": (XML[:-40], "cut.xml:"),
        "dtd.xml": (
            '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]>\n<playerslist/>',
            "dtd.xml:2:1: a document type declaration (DOCTYPE) is not accepted",
        ),
        "root.xml": (
            "<players><player><fideid>1</fideid></player></players>",
            "root.xml:1:0: not a FIDE rating list: the root element is <players>",
        ),
    }
    for name, (text, starts) in cases.items():
        with pytest.raises(RegistrationError) as excinfo:
            list(stream_fide_rating_list(write(tmp_path, name, text), name))
        assert problems(excinfo)[0].startswith(starts), (name, problems(excinfo))


def test_empty_missing_and_too_long_files(tmp_path: Path) -> None:
    with pytest.raises(RegistrationError) as excinfo:
        list(stream_fide_rating_list(write(tmp_path, "e.txt", " \n"), "e.txt"))
    assert problems(excinfo) == ["e.txt:0:0: the file is empty"]
    with pytest.raises(RegistrationError) as excinfo:
        list(stream_fide_rating_list(tmp_path / "none.txt", "none.txt"))
    assert problems(excinfo)[0].startswith("none.txt:0:0: cannot be read: ")
    with pytest.raises(RegistrationError) as excinfo:
        list(stream_fide_rating_list(write(tmp_path, "l.txt", TEXT), "l.txt", max_players=2))
    assert problems(excinfo) == ["l.txt:0:0: more than 2 players: not a FIDE rating list?"]
    with pytest.raises(ValueError, match="bullet"):
        stream_fide_rating_list(tmp_path / "l.txt", kinds=("bullet",))


def test_the_hundredth_error_stops_the_stream_at_once(tmp_path: Path) -> None:
    bad = [f"x{n:<14}" + CARLSEN[15:] for n in range(150)]
    path = write(tmp_path, "bad.txt", "\n".join([HEADER, *bad, CARLSEN]))
    seen: list[RatingListEntry] = []
    with pytest.raises(RegistrationError) as excinfo:
        seen.extend(stream_fide_rating_list(path, "bad.txt"))
    assert seen == []
    assert len(excinfo.value.problems) == 101
    assert str(excinfo.value.problems[-1]) == "bad.txt:0:0: stopped after 100 problems"


def test_a_windows_1252_line_is_read(tmp_path: Path) -> None:
    path = tmp_path / "list.txt"
    path.write_bytes((HEADER + "\n" + POLGAR.replace("Polgar", "P\xf3lgar")).encode("cp1252"))
    [entry] = stream_fide_rating_list(path)
    assert entry.name == "Pólgar, Judit"


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    data=st.one_of(
        st.binary(max_size=300),
        st.lists(
            st.sampled_from([HEADER, CARLSEN, POLGAR, KOVALENKO, "", "  x", CARLSEN[:50]]),
            max_size=6,
        ).map(lambda lines: "\n".join(lines).encode()),
        st.text(alphabet="<>/ playerslistfdi0129&;\n", max_size=200).map(str.encode),
    )
)
def test_any_file_gives_players_or_a_registration_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz"
    path.write_bytes(data)
    try:
        entries = list(stream_fide_rating_list(path, "fuzz"))
    except RegistrationError as e:
        assert e.problems
        assert all(str(p).startswith("fuzz:") for p in e.problems)
    else:
        assert all(isinstance(e, RatingListEntry) and e.name for e in entries)
