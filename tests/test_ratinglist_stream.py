"""FIDE rating lists read from their files as a stream (``stream_fide_rating_list``,
``iter_fide_rating_list``): the same players, checks and problems as the in-memory reader,
with every rating of a combined list."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import registration
from chessarbiter.registration import (
    RATING_KINDS,
    PlayerRecord,
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
    SK="10",
    RRtng="2825",
    Rk="10",
    BRtng="2886",
    BK="10",
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
    SK="40",
    RRtng="1702",
    Rk="40",
    BK="0",
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
        k="10",
        rapid_rating="2825",
        rapid_k="10",
        blitz_rating="2886",
        blitz_k="10",
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
        k="40",
        rapid_rating="1702",
        rapid_k="40",
        blitz_rating="",
        blitz_k="0",
        birthday="2009",
        flag="w",
    )
    + "</playerslist>\n"
)
ENTRIES = [
    RatingListEntry(
        1503014,
        "Carlsen, Magnus",
        "NOR",
        "m",
        "GM",
        "",
        "",
        "1990",
        "",
        2833,
        2825,
        2886,
        10,
        10,
        10,
    ),
    RatingListEntry(
        700070, "Polgar, Judit", "HUN", "w", "GM", "", "FT", "1976", "wi", 2675, 2636, 2736
    ),
    RatingListEntry(
        24101923,
        "Kovalenko, Olena",
        "UKR",
        "w",
        "",
        "WFM",
        "",
        "2009",
        "w",
        1745,
        1702,
        None,
        40,
        40,
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
    # its K (B.02 7.1.2: the list publishes the player's current K) is that list's too
    assert (entry.k_standard, entry.k_rapid, entry.k_blitz) == (None, 10, None)
    assert entry.k("rapid") == 10
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


def test_the_k_factors_of_a_combined_text_list(tmp_path: Path) -> None:
    """B.02 (1 March 2024) 7.1.2: the list publishes "the current value of K for the player",
    in the combined text list under SK, Rk and BK (FIDE's header writes ``Rk``; its legend
    ``RK``); a K of 0 or blank is none."""
    header = HEADER.replace(" Rk ", " RK ")
    junior = line(ID="1", Name="Lee, Ann", SRtng="1650", SK="40", RRtng="1600", Rk="20", BK="0")
    path = write(tmp_path, "list.txt", "\n".join([header, CARLSEN, junior]))
    entries = list(stream_fide_rating_list(path))
    assert [(e.k_standard, e.k_rapid, e.k_blitz) for e in entries] == [(10, 10, 10), (40, 20, None)]
    assert [e.k(kind) for kind in RATING_KINDS for e in entries] == [10, 40, 10, 20, 10, None]
    with pytest.raises(ValueError, match="bullet"):
        entries[0].k("bullet")


def test_a_bad_k_factor_is_an_error_at_its_column(tmp_path: Path) -> None:
    """As a bad rating is: not plain digits, or above ``K_MAX``, the columns are not where
    the header says; the players around it are read."""
    at = HEADER.index("SK")
    bad = [
        CARLSEN[:at] + "1x" + CARLSEN[at + 2 :],
        POLGAR[: HEADER.index("BK")] + "150",
        KOVALENKO[:at] + "+4" + KOVALENKO[at + 2 :],
        CARLSEN[:113] + "+283" + CARLSEN[117:],
    ]
    path = write(tmp_path, "list.txt", "\n".join([HEADER, *bad, CARLSEN]))
    seen: list[str] = []
    with pytest.raises(RegistrationError) as excinfo:
        seen.extend(e.name for e in stream_fide_rating_list(path, "l.txt"))
    assert seen == ["Carlsen, Magnus"]
    assert problems(excinfo) == [
        f'l.txt:2:{at + 1}: K "1x" is not a number',
        f"l.txt:3:{HEADER.index('BK') + 1}: K 150 is out of range 0..100",
        f'l.txt:4:{at + 1}: K "+4" is not a number',
        'l.txt:5:114: rating "+283" is not a number',
    ]


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


# -- the XML reader's fast path and the XML parser agree ------------------------------------

FIDE_TAGS = [
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
NEVER = r"(?P<bom>(?!))(?P<encoding>)"  # a head no file has: the XML parser reads it all


#: ``"errors"`` or ``"warnings"``, the players given (also those before an error), and the
#: errors or the warnings.
Outcome = tuple[str, list[RatingListEntry | PlayerRecord], list[str]]


def outcome(read: Callable[[], Iterable[RatingListEntry | PlayerRecord]]) -> Outcome:
    """What reading gives: the players (also those before an error), the warnings or the
    errors."""
    got: list[RatingListEntry | PlayerRecord] = []
    try:
        stream = read()
        got.extend(stream)
    except RegistrationError as e:
        return ("errors", got, [str(p) for p in e.problems])
    return ("warnings", got, [str(w) for w in getattr(stream, "warnings", [])])


def both_ways(path: Path, text: str) -> tuple[tuple[Outcome, Outcome], tuple[Outcome, Outcome]]:
    """What the stream and the in-memory reader give for the list, through the fast path
    where it fits and through the XML parser alone."""

    def read() -> tuple[Outcome, Outcome]:
        return (
            outcome(lambda: stream_fide_rating_list(path, "l.xml")),
            outcome(lambda: read_fide_rating_list(text, "l.xml", "rapid")),
        )

    fast = read()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registration, "_XML_HEAD_BYTES", re.compile(NEVER.encode()))
        patch.setattr(registration, "_XML_HEAD_TEXT", re.compile(NEVER))
        parser = read()
    return fast, parser


#: Pieces of values the fast path reads (white space, entities, characters beyond ASCII)...
BENIGN = [
    *"aZ09 ,.-'\"é",
    *("&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "]]", "\t", "\xa0", "\x85", "\u2003"),
    *("\x7f", "\ufdd0", "Ж", "\U0001f600"),
]
#: ... and those it leaves to the XML parser (line ends, markup, bad characters).
BREAKING = [
    *("&", "<", ">", "]]>", "&#65;", "&foo;", "\r", "\n", "\r\n", "\x01", "\x08", "\x0b"),
    *("\ufffe", "<!-- c -->", "<![CDATA[x]]>", "<?pi x?>"),
]
SPACES = st.sampled_from(["", " ", "\t", "\xa0", "\u2003", "\x85", "\x1f"])
WITH_VALUES = {"fideid", "name", "rapid_rating", "sex", "country", "birthday", "k", "rapid_k"}
#: The K factors' elements: mostly FIDE's values, now and then any value.
K_TAGS = {"k", "rapid_k"}
#: Values the fast path reads...
VALUES = st.one_of(
    st.sampled_from(["", "0", "1990", "2833", "M", "F", "GM", "wi", "Carlsen, Magnus"]),
    st.integers(0, 99_999_999).map(str),
    st.lists(st.sampled_from(BENIGN), max_size=5).map("".join).map(str.strip),
)
#: ... and values it leaves to the parser (also white space at either end, which the parser
#: keeps and the reader strips).
ODD_VALUES = st.one_of(
    st.tuples(SPACES, st.sampled_from(["1503014", "F", "Kim, Anna", "&lt;", ""])).map("".join),
    st.tuples(st.sampled_from(["1503014", "F", "Kim, Anna", "&lt;", ""]), SPACES).map("".join),
    st.lists(st.sampled_from(BENIGN + BREAKING), min_size=1, max_size=5).map("".join),
)
K_VALUES = st.one_of(st.sampled_from(["", "0", "7", "10", "20", "40"]), VALUES)
ELEMENTS = [
    "<{t}>{v}</{t}>",
    "<{t}/>",
    "  <{t}>{v}</{t}>",
    "<{t}>{v}</{t} >",
    '<{t} a="1">{v}</{t}>',
]


def rarely(draw: st.DrawFn, usual: str, others: Sequence[str]) -> str:
    """``usual`` four times in five, else one of ``others``."""
    return usual if draw(st.integers(0, 4)) else draw(st.sampled_from(others))


@st.composite
def xml_lists(draw: st.DrawFn) -> tuple[str, str]:
    """A rating list in XML mostly in FIDE's shape, with what the fast path leaves to the
    parser here and there; and the encoding its declaration names."""
    encoding = rarely(draw, "UTF-8", ["utf-8", "ISO-8859-1", "", "UTF-16", "bom"])
    declaration = f'<?xml version="1.0" encoding="{encoding}"?>' if encoding != "bom" else ""
    if encoding == "":
        declaration = '<?xml version="1.0"?>'
    head = rarely(
        draw,
        f"{declaration}\n<playerslist>\n",
        [
            f"{declaration}<playerslist>\r\n",
            "<playerslist>\n",
            f"{declaration}\n<!-- list -->\n<playerslist>\n",
            f"{declaration}\n<playerslist>",
            f"{declaration}\n<players>\n",
        ],
    )
    players = []
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.integers(0, 3)):
            tags = FIDE_TAGS
        else:
            tags = draw(st.lists(st.sampled_from([*FIDE_TAGS, "x", "name"]), max_size=8))
        # at most one thing the fast path does not read: an element's form (0), the player's
        # opening (1), its line ends (2), a value (3, 4)
        odd = draw(st.integers(0, 9))
        valued = [n for n, tag in enumerate(tags) if tag in WITH_VALUES] or [0]
        at = draw(st.sampled_from(valued if odd in (3, 4) else range(max(len(tags), 1))))
        end = draw(st.sampled_from(["\r\n", "", " \n"])) if odd == 2 else "\n"
        lines = []
        for n, tag in enumerate(tags):
            value = ""
            if tag in WITH_VALUES:
                if odd in (3, 4) and n == at:
                    value = draw(ODD_VALUES)
                elif tag in K_TAGS:
                    value = draw(K_VALUES)
                else:
                    value = draw(VALUES)
            value = value or ("1" if tag == "fideid" else "")
            form = draw(st.sampled_from(ELEMENTS[1:])) if odd == 0 and n == at else ELEMENTS[0]
            lines.append(form.format(t=tag, v=value) + end)
        opening = "<player>"
        if odd == 1:
            opening = draw(
                st.sampled_from(["<player >", " <player>", "<player/>", "<player a=''>"])
            )
        players.append(f"{opening}{end}{''.join(lines)}</player>{end}")
    tail = rarely(
        draw,
        "</playerslist>\n",
        ["</playerslist>", "", "</playerslist>x", "</playerslist><!--c-->"],
    )
    return head + "".join(players) + tail, encoding


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(document=xml_lists())
def test_the_fast_path_reads_as_the_xml_parser(tmp_path: Path, document: tuple[str, str]) -> None:
    text, encoding = document
    path = tmp_path / "l.xml"
    if encoding == "ISO-8859-1":
        path.write_bytes(text.encode("latin-1", errors="xmlcharrefreplace"))
    elif encoding == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8", errors="surrogatepass"))
    else:
        path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    fast, parser = both_ways(path, text)
    assert fast == parser


@pytest.mark.parametrize(
    "value",
    [
        "Kim,\tAnna",
        " Kim, Anna",
        "Kim, Anna ",
        "\tKim",
        "Kim\t",
        "\xa0Kim, Anna",
        "Kim, Anna\u2003",
        "\x85Kim",
        "O&apos;Hara &amp; Co &lt;x&gt; &quot;y&quot;",
        "&amp;lt;",
        "&#75;im",
        "<![CDATA[Kim]]>",
        "Kim<!-- c -->",
        "K\rim",
        "K\r\nim",
        "K\x7fim \ufdd0\U0001f600",
        "K\x08im",
        "K\ufffeim",
        "&nbsp;",
        "Kim ]]> Anna",
    ],
)
def test_a_value_is_read_as_the_xml_parser_reads_it(tmp_path: Path, value: str) -> None:
    """Values the fast path reads, and values it leaves to the parser, in the 30th of 40
    players: the same players, warnings and errors (with their lines) either way."""
    players = [
        f"<player>\n<fideid>{n}</fideid>\n<name>{value if n == 30 else 'Lee, Ann'}</name>\n"
        f"<sex>{value if n == 31 else 'F'}</sex>\n</player>\n"
        for n in range(1, 41)
    ]
    text = '<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n' + "".join(players)
    text += "</playerslist>\n"
    path = tmp_path / "l.xml"
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    fast, parser = both_ways(path, text)
    assert fast == parser
    assert len(fast[0][1]) >= 29


def test_what_follows_a_player_of_another_shape_is_read_by_the_parser(tmp_path: Path) -> None:
    """3000 players (more than a block of the file) in FIDE's shape, CRLF line ends, then one
    with an attribute, a comment and an error: the error is placed on its own line."""
    players = [
        f"<player>\r\n<fideid>{n}</fideid>\r\n<name>Lee{n}, Ann</name>\r\n</player>\r\n"
        for n in range(1, 3001)
    ]
    players[2500] = players[2500].replace("<name>", '<name lang="en">')
    players[2600] = players[2600].replace("</player>", "<!-- c --></player>")
    players[2700] = players[2700].replace("Lee2701, Ann", "Lee & Ann")
    text = '<?xml version="1.0" encoding="ISO-8859-1"?>\r\n<playerslist>\r\n'
    text += "".join(players) + "</playerslist>\r\n"
    path = tmp_path / "l.xml"
    path.write_bytes(text.encode("latin-1"))
    line = text.split("\n").index("<name>Lee & Ann</name>\r") + 1
    fast, parser = both_ways(path, text)
    assert fast == parser
    assert fast[0][0] == "errors"
    assert fast[0][2] == [f"l.xml:{line}:12: XML: not well-formed (invalid token)"]
    assert [e.name for e in fast[0][1]][2499:2502] == [
        "Lee2500, Ann",
        "Lee2501, Ann",
        "Lee2502, Ann",
    ]
    assert len(fast[0][1]) == 2700


def fide_shaped(**values: str) -> str:
    """A ``<player>`` with every element of FIDE's combined XML list, in its order."""
    return xml_player(**{tag: values.get(tag, "") for tag in FIDE_TAGS})


def test_the_k_factors_of_an_xml_list_either_way(tmp_path: Path) -> None:
    """``k``, ``rapid_k`` and ``blitz_k`` (B.02 7.1.2: the player's current K), read alike by
    the fast path (FIDE's shape, and any other order of elements) and by the XML parser; a
    single list's ``k`` is its one list's."""
    players = [
        fide_shaped(fideid="1", name="Lee, Ann", rating="1650", k="40", rapid_k="0", blitz_k="7"),
        xml_player(fideid="2", name="Kim, Bo", blitz_k="20", k="10", rapid_rating="2000"),
        fide_shaped(fideid="3", name="Ng, Cy", rapid_k="x"),
    ]
    head = '<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n'
    text = head + "".join(players[:2]) + "</playerslist>\n"
    path = write(tmp_path, "l.xml", text)
    fast, parser = both_ways(path, text)
    assert fast == parser
    entries = [e for e in fast[0][1] if isinstance(e, RatingListEntry)]
    assert [(e.k_standard, e.k_rapid, e.k_blitz) for e in entries] == [
        (40, None, 7),
        (10, None, 20),
    ]
    text = head + "".join(players) + "</playerslist>\n"
    fast, parser = both_ways(write(tmp_path, "l.xml", text), text)
    assert fast == parser
    at = text.split("\n").index("<rapid_k>x</rapid_k>") + 1
    assert fast[0][0] == "errors"
    assert fast[0][2] == [f'l.xml:{at}:1: K "x" is not a number']
    single = head + xml_player(fideid="4", name="Oh, Di", rating="2100", k="20") + "</playerslist>"
    [entry] = stream_fide_rating_list(write(tmp_path, "s.xml", single), single_list="blitz")
    assert (entry.blitz, entry.k_standard, entry.k_blitz) == (2100, None, 20)
