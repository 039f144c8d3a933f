"""The TRF reader (spec section 6: TRF16 6.1, engine extensions 6.2, TRF26 6.3).

Inline TRF texts are built column by column with :func:`p001` from the TRF16 table of spec 6.1,
so that expected error columns come from the spec, not from the reader's own tables.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.errors import Problem, TrfError
from chessarbiter.model import (
    HALF,
    Acceleration,
    ByeRequest,
    Colour,
    ExtraRecord,
    ForbiddenPairs,
    NationalRating,
    PointSystem,
    Result,
    RoundEntry,
    Team,
)
from chessarbiter.trf import (
    TRF16,
    TRF2026,
    TRFX,
    check,
    decode,
    dumps,
    load,
    loads,
    read,
    read_file,
)

D = Decimal
W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE

# -- building lines by the spec's columns ------------------------------------------------------

#: TRF16 001 fields (spec 6.1): first column of each field.
COL_NUMBER, COL_SEX, COL_TITLE, COL_NAME, COL_RATING = 5, 10, 11, 15, 49
COL_FED, COL_ID, COL_BIRTH, COL_POINTS, COL_RANK = 54, 58, 70, 81, 86


def col_opp(r: int) -> int:
    """Spec 6.1: round r's opponent at 92+10(r-1)..95+10(r-1)."""
    return 92 + 10 * (r - 1)


def col_colour(r: int) -> int:
    return 97 + 10 * (r - 1)


def col_result(r: int) -> int:
    return 99 + 10 * (r - 1)


def put(buf: list[str], column: int, text: str) -> None:
    """Write ``text`` into ``buf`` from 1-based ``column`` on, growing it as needed."""
    end = column - 1 + len(text)
    if len(buf) < end:
        buf.extend(" " * (end - len(buf)))
    buf[column - 1 : end] = list(text)


def p001(
    number: int | str,
    name: str = "",
    *rounds: tuple[str, str, str] | None,
    sex: str = "",
    title: str = "",
    rating: str = "",
    fed: str = "",
    fide_id: str = "",
    birth: str = "",
    points: str = "",
    rank: str = "",
    code: str = "001",
) -> str:
    """A player record; each round is ``(opponent, colour, result)`` or None (blank block)."""
    buf: list[str] = []
    put(buf, 1, code)
    put(buf, COL_NUMBER, f"{number:>4}")
    put(buf, COL_SEX, sex)
    put(buf, COL_TITLE, f"{title:>3}" if title else "")
    put(buf, COL_NAME, name)
    put(buf, COL_RATING, f"{rating:>4}" if rating else "")
    put(buf, COL_FED, fed)
    put(buf, COL_ID, f"{fide_id:>11}" if fide_id else "")
    put(buf, COL_BIRTH, birth)
    put(buf, COL_POINTS, f"{points:>4}" if points else "")
    put(buf, COL_RANK, f"{rank:>4}" if rank else "")
    for r, block in enumerate(rounds, start=1):
        if block is None:
            continue
        opp, colour, result = block
        put(buf, col_opp(r), f"{opp:>4}")
        put(buf, col_colour(r), colour)
        put(buf, col_result(r), result)
    return "".join(buf).rstrip()


def trf(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def problems_of(text: str, **kw) -> list[tuple[int, int]]:
    with pytest.raises(TrfError) as e:
        read(text, "t.trf", **kw)
    return [(p.line, p.column) for p in e.value.problems]


def first_problem(text: str, **kw) -> Problem:
    with pytest.raises(TrfError) as e:
        read(text, "t.trf", **kw)
    return e.value.first


def test_helper_builds_spec_columns():
    line = p001(
        12, "Doe, John", ("7", "w", "1"), sex="m", title="GM", rating="2500", fed="FRA",
        fide_id="123456", birth="1990/01/31", points="1.0", rank="3",
    )  # fmt: skip
    assert line[0:3] == "001"
    assert line[4:8] == "  12"
    assert line[9] == "m" and line[10:13] == " GM"
    assert line[14:23] == "Doe, John"
    assert line[48:52] == "2500" and line[53:56] == "FRA"
    assert line[57:68] == "     123456" and line[69:79] == "1990/01/31"
    assert line[80:84] == " 1.0" and line[85:89] == "   3"
    assert line[91:95] == "   7" and line[96] == "w" and line[98] == "1"


# -- player records and result codes -----------------------------------------------------------


def two_players(code_a: str, code_b: str, colour_a: str = "w", colour_b: str = "b") -> str:
    return trf(
        "012 Codes",
        "XXR 3",
        p001(1, "A", ("2", colour_a, code_a)),
        p001(2, "B", ("1", colour_b, code_b)),
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [("1", "0"), ("0", "1"), ("=", "="), ("W", "L"), ("L", "W"), ("D", "D"), ("+", "-")],
)
@pytest.mark.parametrize("case", [str.upper, str.lower])
def test_trf16_game_result_codes(a, b, case):
    """Spec 6.1 result codes, case-insensitive."""
    t = loads(two_players(case(a), case(b)))
    assert t.player(1).results == [RoundEntry(2, W, Result(a))]
    assert t.player(2).results == [RoundEntry(1, B, Result(b))]


@pytest.mark.parametrize("code", "HFUZhfuz")
def test_trf16_bye_codes(code):
    """Spec 6.1: byes are written as opponent 0000, colour '-', code H/F/U/Z."""
    t = loads(trf("XXR 2", p001(1, "A", ("0000", "-", code))))
    assert t.player(1).results == [RoundEntry.bye(Result(code.upper()))]


def test_trf16_blank_result_is_zero_point_bye():
    """Spec 6.1: 'Z or blank' is a zero-point bye (``0000 -`` with no code)."""
    t = loads(trf("XXR 2", p001(1, "A", ("0000", "-", " "), ("0000", " ", " "))))
    assert t.player(1).results == [RoundEntry.bye(Result.ZERO_POINT_BYE)] * 2


def test_blank_round_block_is_not_paired():
    """Late entrants: 8 blanks = absent (not paired)."""
    t = loads(
        trf(
            "XXR 3",
            p001(1, "A", None, ("2", "w", "1")),
            p001(2, "B", None, ("1", "b", "0")),
        )
    )
    assert t.player(1).results == [RoundEntry.NOT_PAIRED, RoundEntry(2, W, Result.WIN)]


def test_trailing_blank_rounds_are_dropped():
    t = loads(trf("XXR 3", p001(1, "A", ("0000", "-", "H")) + " " * 30))
    assert t.player(1).results == [RoundEntry.bye(Result.HALF_POINT_BYE)]


@pytest.mark.parametrize("code", "HUFZ-+")
def test_lichess_blank_opponent_byes(code):
    """lichess exports (sharly-chess/trf/2020_06.trf): byes with a blank opponent and colour."""
    t = loads(trf("XXR 2", p001(1, "A", ("", "", code))))
    expected = RoundEntry(None, N, Result(code))
    assert t.player(1).results == [expected]


def test_draw_without_opponent_read_as_half_point_bye():
    """``0000 - =`` (some writers' half-point bye) is read as H, with a note."""
    doc = read(trf("XXR 2", p001(1, "A", ("0000", "-", "="))), "t.trf")
    assert doc.tournament.player(1).results == [RoundEntry.bye(Result.HALF_POINT_BYE)]
    assert [(n.line, n.column) for n in doc.notes] == [(2, col_result(1))]
    assert "read as H" in doc.notes[0].message


def test_forfeit_with_opponent_and_scheduled_colour():
    """Spec 6.1: forfeits are written with the real opponent, the scheduled colour, +/-."""
    t = loads(two_players("+", "-"))
    assert t.player(1).entry(1) == RoundEntry(2, W, Result.FORFEIT_WIN)
    assert t.player(2).entry(1) == RoundEntry(1, B, Result.FORFEIT_LOSS)
    assert t.score(1) == 1 and t.score(2) == 0


def test_forfeit_without_colour():
    t = loads(two_players("+", "-", "-", "-"))
    assert t.player(1).entry(1) == RoundEntry(2, N, Result.FORFEIT_WIN)


def test_forfeit_without_opponent():
    t = loads(trf("XXR 2", p001(1, "A", ("0000", "-", "+")), p001(2, "B", ("0000", "-", "-"))))
    assert t.player(1).entry(1) == RoundEntry(None, N, Result.FORFEIT_WIN)
    assert t.player(2).entry(1) == RoundEntry(None, N, Result.FORFEIT_LOSS)


def test_double_forfeit():
    """Spec 6.1: a double forfeit gives '-' to both players."""
    t = loads(two_players("-", "-"))
    assert t.player(1).entry(1).result is Result.FORFEIT_LOSS
    assert t.player(2).entry(1).result is Result.FORFEIT_LOSS
    assert t.score(1) == t.score(2) == 0


def test_pending_games():
    """The last round paired, results not in yet: opponent and colour, blank code."""
    text = trf(
        "XXR 3",
        p001(1, "A", ("2", "w", "1"), ("2", "b", " "), points="1.0"),
        p001(2, "B", ("1", "b", "0"), ("1", "w", " "), points="0.0"),
    )
    t = loads(text)
    assert t.player(1).results[1] == RoundEntry(2, B, None)
    assert t.player(1).results[1].is_pending
    assert t.rounds_played == 2
    assert dumps(t, TRFX) == text


def test_pending_on_one_side_only_refused():
    text = trf(
        "XXR 3",
        p001(1, "A", ("2", "w", "1")),
        p001(2, "B", ("1", "b", " ")),
    )
    p = first_problem(text)
    assert (p.line, p.column) == (2, col_result(1))
    assert "missing on one side" in p.message


def test_player_fields():
    text = trf(
        p001(
            7, "Müller, Jörg", sex="m", title="IM", rating="2410", fed="GER",
            fide_id="4612345", birth="1985/02/03", points="0.0", rank="1",
        ),
    )  # fmt: skip
    t = loads(text.replace("001    7", "001    1"))  # numbers must run 1..N
    p = t.player(1)
    assert (p.name, p.sex, p.title, p.rating, p.federation) == (
        "Müller, Jörg",
        "m",
        "IM",
        2410,
        "GER",
    )
    assert (p.fide_id, p.birth_date, p.rank) == ("4612345", "1985/02/03", 1)


def test_player_name_uses_all_33_columns():
    name = "Abcdefghijklmnopqrstuvwxyz, Abcde"  # 33 characters: columns 15-47
    assert len(name) == 33
    t = loads(trf(p001(1, name, rating="2000")))
    assert t.player(1).name == name
    assert t.player(1).rating == 2000


def test_short_player_line():
    t = loads("001    1      Ann\n")
    p = t.player(1)
    assert (p.name, p.rating, p.rank, p.results) == ("Ann", None, None, [])


# -- line endings, encodings, comments ---------------------------------------------------------

LF_TEXT = trf(
    "012 Endings",
    "XXR 2",
    p001(1, "A", ("2", "w", "1"), points="1.0"),
    p001(2, "B", ("1", "b", "0"), points="0.0"),
)


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
def test_line_endings(ending):
    """Spec 6.1 says CR; engines accept CR, LF or CRLF (spec 6.3, encoding)."""
    text = LF_TEXT.replace("\n", ending)
    doc = read(text)
    assert doc.dialect.line_ending == ending
    assert doc.tournament == loads(LF_TEXT)
    assert dumps(doc.tournament, doc.dialect) == text


def test_line_numbers_count_every_line_ending_kind():
    text = "012 X\r\nXXR 2\r" + p001(1, "A", ("1", "w", "1")) + "\n"
    p = first_problem(text)
    assert (p.line, p.column) == (3, col_opp(1))


def test_no_final_newline():
    assert loads(LF_TEXT.rstrip("\n")) == loads(LF_TEXT)


def test_utf8_file(tmp_path):
    path = tmp_path / "u.trf"
    path.write_bytes(trf("012 Café Ñandú", p001(1, "Łukasz, Żółć")).encode("utf-8"))
    t = load(path)
    assert t.name == "Café Ñandú"
    assert t.player(1).name == "Łukasz, Żółć"


def test_utf8_bom(tmp_path):
    path = tmp_path / "bom.trf"
    path.write_bytes(b"\xef\xbb\xbf" + trf("012 Bom", p001(1, "A")).encode("utf-8"))
    assert load(path).name == "Bom"


def test_latin1_file(tmp_path):
    """Encoding is unspecified (spec 6.3): Latin-1 files are read too; columns are characters."""
    path = tmp_path / "l.trf"
    path.write_bytes(trf("012 Échecs", p001(1, "Müller, Jörg", rating="2100")).encode("latin-1"))
    t = load(path)
    assert t.name == "Échecs"
    assert t.player(1).name == "Müller, Jörg"
    assert t.player(1).rating == 2100


def test_file_errors_name_the_path(tmp_path):
    path = tmp_path / "bad.trf"
    path.write_text(p001("x", "A") + "\n")
    with pytest.raises(TrfError) as e:
        read_file(path)
    assert e.value.first.file == str(path)
    assert str(e.value).startswith(f"{path}:1:5: ")


def test_comments_and_blank_lines():
    """TRF26 ``###`` comments; ``#`` comments and blank lines (py4swiss comments.trf)."""
    text = trf(
        "### a TRF26 comment",
        "# a comment",
        "",
        "   ",
        "012 Comments",
        "#001    9 not a player",
        p001(1, "A"),
    )
    t = loads(text)
    assert t.name == "Comments"
    assert list(t.players) == [1]
    assert t.extra_records == []


def test_comment_lines_keep_line_numbers():
    text = trf("### c", "", "# c", p001(1, "A", rating="x"))
    assert problems_of(text) == [(4, COL_RATING)]


# -- unknown records ---------------------------------------------------------------------------


def test_unknown_code_kept_and_written_back():
    """py4swiss invalid_code.trf: lenient mode keeps an unknown record."""
    text = trf("012 X", p001(1, "A", points="0.0"), "101    7      Player 7", "ZZZ some data")
    doc = read(text, "t.trf")
    t = doc.tournament
    assert list(t.players) == [1]
    assert [e.code for e in t.extra_records] == ["101", "ZZZ"]
    assert [(n.line, n.column) for n in doc.notes] == [(3, 1), (4, 1)]
    assert "'101'" in doc.notes[0].message
    assert dumps(t, TRF16) == text


def test_unknown_code_refused_when_strict():
    text = trf("012 X", p001(1, "A"), "101    7      Player 7")
    p = first_problem(text, strict=True)
    assert (p.line, p.column) == (3, 1)
    assert "unknown record code '101'" in p.message


def test_unknown_line_without_separator_written_back_exactly():
    """Column rulers such as ``12345678901234...`` (sharly example_trf26.trf) are kept whole."""
    text = trf("012 X", p001(1, "A", points="0.0"), "1234567890123456789012345", "ABCDEFG", "XY")
    assert dumps(loads(text), TRF16) == text


# -- header records ----------------------------------------------------------------------------


def test_trf16_header_records():
    text = trf(
        "012 Open",
        "022 Paris",
        "032 FRA",
        "042 2025/01/02",
        "052 2025/01/09",
        "062 3",
        "072 2",
        "082 0",
        "092 Individual: Swiss-System",
        "102 Chief, Arbiter",
        "112 Deputy, One",
        "112 Deputy, Two",
        "122 90/40+30",
        p001(1, "A", points="0.0"),
    )
    t = loads(text)
    assert (t.name, t.city, t.federation) == ("Open", "Paris", "FRA")
    assert (t.start_date, t.end_date) == ("2025/01/02", "2025/01/09")
    assert (t.declared_player_count, t.declared_rated_count, t.declared_team_count) == (
        "3",
        "2",
        "0",
    )
    assert t.tournament_type == "Individual: Swiss-System"
    assert t.chief_arbiter == "Chief, Arbiter"
    assert t.deputy_arbiters == ["Deputy, One", "Deputy, Two"]
    assert t.time_control == "90/40+30"
    assert dumps(t, TRF16) == text


def test_empty_header_records():
    """lichess exports have empty 112-132 records."""
    t = loads(trf("012 L", "112", "122", "132", p001(1, "A")))
    assert t.deputy_arbiters == [""]
    assert t.time_control == ""
    assert t.round_dates == []


def test_trf16_132_round_dates_aligned():
    """Spec 6.1: round r's date at columns 92+10(r-1)..99+10(r-1)."""
    buf: list[str] = []
    put(buf, 1, "132")
    for r, date in enumerate(["25/09/13", "25/09/13", "", "25/09/14"], start=1):
        put(buf, col_opp(r), date)
    text = trf("".join(buf), p001(1, "A", points="0.0"))
    t = loads(text)
    assert t.round_dates == ["25/09/13", "25/09/13", "", "25/09/14"]
    assert dumps(t, TRF16) == text


def test_132_round_dates_one_column_off_read_by_slot():
    """Sharly-Chess writes round r's date from column 93+10(r-1): each date still belongs to
    the 10-column slot it starts in (a note says so); a missing date stays blank."""
    buf: list[str] = []
    put(buf, 1, "132")
    put(buf, col_opp(1) + 1, "25/09/13")
    put(buf, col_opp(3) + 1, "25/09/15")
    doc = read(trf("".join(buf), p001(1, "A")))
    assert doc.tournament.round_dates == ["25/09/13", "", "25/09/15"]
    assert [(n.line, n.column) for n in doc.notes] == [(1, 92)]


def test_132_round_dates_not_aligned_read_in_order():
    doc = read(trf("132 25/09/13 25/09/14", p001(1, "A")))
    assert doc.tournament.round_dates == ["25/09/13", "25/09/14"]
    assert [(n.line, n.column) for n in doc.notes] == [(1, 5)]


def test_trf26_header_records():
    """Spec 6.3: 142 rounds, 152 initial colour, 172, 182, 192, 202/212, 222."""
    text = trf(
        "012 T26",
        "142 9",
        "152 B",
        "172 NIDOF",
        "182 Sharly Chess",
        "192 FIDE_DUTCH_2026_BAKU",
        "202 BH/C1,BH,SB",
        "212 PTS,BH/C1,BH,SB",
        "222 40/6000+30:900+30",
        p001(1, "A", points="0.0"),
    )
    doc = read(text)
    t = doc.tournament
    assert doc.dialect.version == "2026"
    assert not doc.dialect.engine
    assert t.total_rounds == 9
    assert t.initial_colour is B
    assert t.rank_method == "NIDOF"
    assert t.pairing_controller == "Sharly Chess"
    assert t.system == "FIDE_DUTCH_2026_BAKU"
    assert t.tiebreaks == ["BH/C1", "BH", "SB"]
    assert t.team_tiebreaks == []
    assert t.tiebreak_records == ("202", "212")
    assert t.time_control_code == "40/6000+30:900+30"
    assert dumps(t, TRF2026) == text


def test_trf26_162_scoring():
    """Spec 6.3 record 162: symbol at 6, points at 7-10, then 15/16-19, 24/25-28."""
    line = "162  W 3.0    D 1.0    L 0.0    P 1.0"
    assert (line[5], line[6:10], line[14], line[15:19], line[23], line[24:28]) == (
        "W", " 3.0", "D", " 1.0", "L", " 0.0"
    )  # fmt: skip
    t = loads(trf(line, p001(1, "A")))
    assert t.point_system == PointSystem.simple(D(3), D(1), D(0), pairing_allocated_bye=D(1))
    assert dumps(t, TRF2026) == trf(line, p001(1, "A", points="0.0"))


def test_trf26_162_absent_value():
    """A = zero-point bye or forfeit loss; P defaults to W; X is accepted."""
    t = loads(trf("162  W 2.0    D 1.0    L 0.0    A 0.5    X 1.0", p001(1, "A")))
    ps = t.point_system
    assert (ps.zero_point_bye, ps.forfeit_loss, ps.pairing_allocated_bye) == (HALF, HALF, D(2))


def test_trf26_162_unknown_symbol():
    line = "162  W 3.0    Q 1.0"
    assert line[14] == "Q"
    p = first_problem(trf(line, p001(1, "A")))
    assert (p.line, p.column) == (1, 15)
    assert "'Q'" in p.message


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("142 x", 5),
        ("142 0", 5),
        ("142", 5),
        ("XXR nine", 5),
        ("152 G", 5),
    ],
)
def test_header_values_malformed(line, column):
    p = first_problem(trf(line, p001(1, "A")))
    assert (p.line, p.column) == (1, column)


def test_142_and_xxr_must_agree():
    p = first_problem(trf("142 9", "XXR 7", p001(1, "A")))
    assert (p.line, p.column) == (2, 5)
    assert "contradicts" in p.message


def test_152_and_xxc_must_agree():
    p = first_problem(trf("152 W", "XXC black1", p001(1, "A")))
    assert (p.line, p.column) == (2, 5)


# -- engine records (spec 6.2) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "rank", "colour"),
    [
        ("XXC white1", False, W),
        ("XXC black1", False, B),
        ("XXC rank", True, None),
        ("XXC rank white1", True, W),
        ("XXC BLACK1", False, B),
    ],
)
def test_xxc(line, rank, colour):
    t = loads(trf("XXR 5", line, p001(1, "A")))
    assert t.total_rounds == 5
    assert t.pair_by_rank is rank
    assert t.initial_colour is colour


def test_xxc_bad_token_column():
    line = "XXC white1 blue"
    assert line.index("blue") + 1 == 12
    p = first_problem(trf(line, p001(1, "A")))
    assert (p.line, p.column) == (1, 12)
    assert "'blue'" in p.message


def test_xxs_point_system():
    """JaVaFo XXS: colour-dependent values and shortcuts W, D, L."""
    t = loads(
        trf("XXR 3", "XXS WW=1.0 BW=1.5 D=0.5 L=0.0 PAB=0.5 FW=1.0 FL=0.0 ZPB=0.0", p001(1, "A"))
    )
    ps = t.point_system
    assert (ps.win_white, ps.win_black, ps.draw_white, ps.draw_black) == (
        D(1),
        D("1.5"),
        HALF,
        HALF,
    )
    assert ps.pairing_allocated_bye == HALF


def test_xxs_bad_token_column():
    line = "XXS W=1.0 QQ=2.0 D=x"
    p = problems_of(trf(line, p001(1, "A")))
    assert p == [(1, line.index("QQ") + 1), (1, line.index("D=x") + 1)]


def test_xxz_absent_next_round():
    t = loads(trf("XXR 3", "XXZ 2 3", p001(1, "A"), p001(2, "B"), p001(3, "C")))
    assert t.absent_next_round == [2, 3]


def test_xxz_unknown_player():
    line = "XXZ 2 17"
    p = first_problem(trf("XXR 3", line, p001(1, "A"), p001(2, "B")))
    assert (p.line, p.column) == (2, line.index("17") + 1)
    assert "17" in p.message


def test_xxp_forbidden_pairs():
    t = loads(trf("XXR 3", "XXP 1 2", "XXP 2 3 4", *(p001(i, str(i)) for i in range(1, 5))))
    assert t.forbidden_pairs == [ForbiddenPairs((1, 2)), ForbiddenPairs((2, 3, 4))]
    assert not t.forbidden_pairs[0].first_round


def test_xxp_errors():
    players = [p001(i, str(i)) for i in range(1, 3)]
    assert problems_of(trf("XXP 1", *players)) == [(1, 5)]  # needs two players
    assert (1, 7) in problems_of(trf("XXP 1 x2", *players))  # the bad token
    assert problems_of(trf("XXP 1 9", *players)) == [(1, 7)]  # an unknown player


def test_xxa_virtual_points():
    """Spec 6.2 / corpus README: XXA NNNN pp.p pp.p ..., round r at column 10+5(r-1)."""
    line = "XXA    2  1.0  1.0  0.5"
    assert (line[4:8], line[9:13], line[14:18], line[19:23]) == ("   2", " 1.0", " 1.0", " 0.5")
    text = trf("XXR 5", p001(1, "A", points="0.0"), p001(2, "B", points="0.0"), line)
    t = loads(text)
    assert t.virtual_points == {2: [D(1), D(1), HALF]}
    assert dumps(t, TRFX) == text


def test_xxa_errors():
    players = [p001(1, "A"), p001(2, "B")]
    # a blank value before a later value (bbp exit 3): the blank one is at column 15
    assert problems_of(trf(*players, "XXA    2  1.0       0.5")) == [(3, 15)]
    # a value that is not a number, at column 15
    assert problems_of(trf(*players, "XXA    2  1.0  abc")) == [(3, 15)]
    # values not in the fixed columns: column 14 must be blank
    assert problems_of(trf(*players, "XXA    2  1.00.5")) == [(3, 14)]
    # pairing number not in columns 5-8
    assert problems_of(trf(*players, "XXA x")) == [(3, 5)]
    # a second line for a player
    assert problems_of(trf(*players, "XXA    2  1.0", "XXA    2  1.0")) == [(4, 5)]
    # an unknown player
    assert problems_of(trf(*players, "XXA    7  1.0")) == [(3, 5)]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["BBW  3.0", "BBD  1.0"], PointSystem.simple(D(3), D(1), D(0))),
        (["BBU  0.5"], PointSystem.simple(pairing_allocated_bye=HALF)),
        (
            ["BBW  3.0", "BBD  2.0", "BBL  1.0", "BBZ  0.0", "BBF  0.0"],
            PointSystem.simple(D(3), D(2), D(1)),
        ),
        (
            ["BBW  2.0", "BBD  1.0", "BBU  1.0"],
            PointSystem.simple(D(2), D(1), pairing_allocated_bye=D(1)),
        ),
    ],
)
def test_bbp_point_lines(lines, expected):
    """bbpPairings TRF(bx): BBW/BBD/BBL/BBZ/BBF/BBU; BBU defaults to the win value."""
    doc = read(trf("XXR 3", *lines, p001(1, "A")))
    assert doc.tournament.point_system == expected
    assert doc.dialect.engine


def test_bbp_point_line_malformed():
    p = first_problem(trf("BBW three", p001(1, "A")))
    assert (p.line, p.column) == (1, 5)


# -- TRF26 list records ------------------------------------------------------------------------


def test_trf26_240_byes():
    """Spec 6.3: ``240 T RRR IIII ...``: T at 5, round at 7-9, ids from 11 in 5-column steps."""
    text = trf(
        "142 5",
        *(p001(i, str(i), points="0.0") for i in range(1, 4)),
        "240 H   2    1    3",
        "240 Z   4    2",
    )
    t = loads(text)
    assert t.bye_requests == [
        ByeRequest(Result.HALF_POINT_BYE, 2, (1, 3)),
        ByeRequest(Result.ZERO_POINT_BYE, 4, (2,)),
    ]
    assert dumps(t, TRF2026) == text


@pytest.mark.parametrize(
    ("line", "column"),
    [("240 U   2    1", 5), ("240 H   x    1", 7), ("240 H   2    9", 14), ("240 H   2    a", 14)],
)
def test_trf26_240_errors(line, column):
    p = first_problem(trf("142 5", p001(1, "A"), line))
    assert (p.line, p.column) == (3, column)


def test_trf26_250_acceleration():
    """Spec 6.3: 250 MP at 5-8, GP at 10-13, rounds 15-17 and 19-21, ids 23-26 and 28-31."""
    line = "250  1.0  0.5   1   2    1   25"
    assert (line[4:8], line[9:13], line[14:17], line[18:21], line[22:26], line[27:31]) == (
        " 1.0", " 0.5", "  1", "  2", "   1", "  25"
    )  # fmt: skip
    t = loads(trf("142 5", p001(1, "A"), line, "250  2.0        3   4    1    2"))
    assert t.accelerations == [
        Acceleration(D(1), HALF, 1, 2, 1, 25),
        Acceleration(D(2), None, 3, 4, 1, 2),
    ]


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("250  x.0  0.5   1   2    1   25", 5),
        ("250  1.0  y.5   1   2    1   25", 10),
        ("250  1.0  0.5   a   2    1   25", 15),
        ("250  1.0  0.5   1   b    1   25", 19),
        ("250  1.0  0.5   1   2    c   25", 23),
        ("250  1.0  0.5   1   2    1     ", 28),
        # rounds and pairing numbers count from 1: a 0 was read, then refused by the writer
        # (found by test_reader_raises_only_trf_error)
        ("250  1.0  0.5   0   2    1   25", 15),
        ("250  1.0  0.5   1   0    1   25", 19),
        ("250  1.0  0.5   1   2    0   25", 23),
        ("250  1.0  0.5   1   2    1    0", 28),
    ],
)
def test_trf26_250_errors(line, column):
    p = first_problem(trf("142 5", p001(1, "A"), line))
    assert (p.line, p.column) == (3, column)


def test_trf26_260_forbidden_pairs():
    """Spec 6.3: ``260 RRF RRL ids...``."""
    line = "260   1   3    1    2    3"
    t = loads(trf("142 5", *(p001(i, str(i)) for i in range(1, 4)), line))
    assert t.forbidden_pairs == [ForbiddenPairs((1, 2, 3), 1, 3)]
    assert not t.forbidden_pairs[0].applies_to(4)


@pytest.mark.parametrize(
    ("line", "column"),
    [("260   x   3    1    2", 5), ("260   1   y    1    2", 9), ("260   1   3    1", 13)],
)
def test_trf26_260_errors(line, column):
    p = first_problem(trf("142 5", p001(1, "A"), p001(2, "B"), line))
    assert (p.line, p.column) == (4, column)


def test_trf16_013_team():
    """Spec 6.1: 013 name at 5-36, members at 37-40, 42-45, 47-50, ..."""
    line = "013 " + "Club A".ljust(32) + "   1    3    0"
    assert line[36:40] == "   1" and line[41:45] == "   3"
    t = loads(trf(*(p001(i, str(i)) for i in range(1, 4)), line))
    assert t.teams == [Team("Club A", [1, 3])]
    assert dumps(t, TRF16) == trf(
        *(p001(i, str(i), points="0.0") for i in range(1, 4)), line.replace("    0", "")
    )


def test_trf16_013_member_errors():
    line = "013 " + "Club A".ljust(32) + "   1   x3    9"
    assert problems_of(trf(p001(1, "A"), line)) == [(2, 42)]
    line = "013 " + "Club A".ljust(32) + "   1    9"
    assert problems_of(trf(p001(1, "A"), line)) == [(2, 42)]


def test_trf26_310_team():
    """Spec 6.3: 310 TPN at 5-7, name 9-40, nickname 42-46, strength 48-53, MP 55-60, GP 62-67,
    rank 69-71, members from 74-77 in 5-column steps."""
    buf: list[str] = []
    for column, text in [
        (1, "310"), (5, "  3"), (9, "Team Three"), (42, "T3"), (48, "  2100"), (55, "   4.0"),
        (62, "   6.5"), (69, "  2"), (74, "   2"), (79, "   1"),
    ]:  # fmt: skip
        put(buf, column, text)
    line = "".join(buf)
    t = loads(trf("142 3", p001(1, "A", points="0.0"), p001(2, "B", points="0.0"), line))
    team = t.teams[0]
    assert (team.number, team.name, team.nickname, team.members) == (3, "Team Three", "T3", [2, 1])
    assert (team.reported_strength, team.reported_match_points) == ("2100", "4.0")
    assert (team.reported_game_points, team.reported_rank) == ("6.5", "2")
    assert dumps(t, TRF2026) == trf(
        "142 3", p001(1, "A", points="0.0"), p001(2, "B", points="0.0"), line
    )


def test_trf26_310_bad_team_number():
    line = "310   x Team"
    p = first_problem(trf(p001(1, "A"), line))
    assert (p.line, p.column) == (2, 5)


def line310(number: int, name: str, members: list[int], **fields: str) -> str:
    """A 310 record by the columns of spec 6.3."""
    buf: list[str] = []
    put(buf, 1, "310")
    put(buf, 5, f"{number:>3}")
    put(buf, 9, name)
    for key, column, width in [
        ("nickname", 42, 0), ("strength", 48, 6), ("mp", 55, 6), ("gp", 62, 6), ("rank", 69, 3),
    ]:  # fmt: skip
        value = fields.get(key, "")
        put(buf, column, value.rjust(width) if width else value)
    for i, m in enumerate(members):
        put(buf, 74 + 5 * i, f"{m:>4}")
    return "".join(buf).rstrip()


def test_trf26_013_and_310_for_the_same_team_is_one_team():
    """Sharly's example_trf26.trf and echecsjs grandmommyscup.trf carry both a 310 and a
    (TRF16) 013 record for each team: they describe one team, not two."""
    l310 = line310(1, "Club A", [1, 2], nickname="CA", strength="2000", mp="2.0", gp="1.0")
    l013 = "013 " + "Club A".ljust(32) + "   1    2"
    l013_other = "013 " + "Club B".ljust(32) + "   3"
    players = [p001(1, "A", points="0.0"), p001(2, "B", points="0.0")]
    text = trf("142 3", *players, l310, l013)
    t = loads(text)
    assert len(t.teams) == 1
    assert (t.teams[0].number, t.teams[0].members, t.teams[0].nickname) == (1, [1, 2], "CA")
    assert dumps(t, TRF2026) == text
    # an 013 team that is not a 310 team stays a team of its own
    t2 = loads(trf("142 3", *players, p001(3, "C", points="0.0"), l310, l013_other))
    assert [team.name for team in t2.teams] == ["Club A", "Club B"]
    assert loads(dumps(t2, TRF2026)) == t2


def test_trf26_national_rating_record():
    """Spec 6.3: NRS records are 001-like lines whose code is a federation; unknown 3-letter
    prefixes are not rejected."""
    nrs = p001(1, "DUPONT, Jean", sex="m", title="A", rating="2200", fed="IDF", fide_id="D50113",
               birth="1990/01/01", code="FRA")  # fmt: skip
    doc = read(trf(p001(1, "Dupont, Jean", rating="2150"), nrs))
    t = doc.tournament
    assert doc.dialect.version == "2026"
    assert t.player(1).national_ratings == [
        NationalRating("FRA", 2200, "m", "A", "DUPONT, Jean", "IDF", "D50113", "1990/01/01")
    ]
    assert dumps(t, TRF2026) == trf(p001(1, "Dupont, Jean", rating="2150", points="0.0"), nrs)


def test_national_rating_for_unknown_player():
    p = first_problem(trf(p001(1, "A"), p001(5, "X", code="IND")))
    assert (p.line, p.column) == (2, 5)


def test_national_rating_malformed_rating():
    p = first_problem(trf(p001(1, "A"), p001(1, "X", rating="12a4", code="IND")))
    assert (p.line, p.column) == (2, COL_RATING)


def test_trf26_opaque_records_kept():
    """299, 300, 320, 330, 352, 362, 801, 802 are kept as written and written back."""
    lines = [
        "299 something",
        "300   1  16   4  242",
        "320  1.0  2.0          50  49",
        "330 +-   4  23  33",
        "352 WBWB",
        "362 TW 2.0   TD 1.0   TL 0.0",
        "801 x",
        "802 y",
    ]
    text = trf("142 3", p001(1, "A", points="0.0"), *lines)
    t = loads(text)
    assert [e.code for e in t.extra_records] == [line[:3] for line in lines]
    assert t.extra_records[1] == ExtraRecord("300", "   1  16   4  242")
    assert dumps(t, TRF2026) == text


# -- malformed fields: line and column from the spec -------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "column", "words"),
    [
        ({"rating": "2k00"}, COL_RATING, "rating"),
        ({"rating": "-100"}, COL_RATING, "rating"),
        ({"points": "1,5"}, COL_POINTS, "points"),
        ({"points": "abc"}, COL_POINTS, "points"),
        ({"rank": "1st"}, COL_RANK, "rank"),
    ],
)
def test_malformed_player_field(kwargs, column, words):
    text = trf("XXR 3", p001(1, "A"), p001(2, "B", **kwargs))
    p = first_problem(text)
    assert (p.file, p.line, p.column) == ("t.trf", 3, column)
    assert words in p.message


@pytest.mark.parametrize("raw", ["   x", "   0", "    ", "-1  "])
def test_malformed_pairing_number(raw):
    line = "001 " + raw + "      A"
    p = first_problem(trf("XXR 3", line))
    assert (p.line, p.column) == (2, COL_NUMBER)
    assert "pairing number" in p.message


@pytest.mark.parametrize("raw", ["  ²1", "   ³", "  ١٢"])
def test_non_ascii_digits_are_not_numbers(raw):
    """Unicode digits are not TRF digits (``'²'.isdigit()`` is true but ``int('²')`` fails)."""
    p = first_problem(trf("XXR 3", "001 " + raw + "      A"))
    assert (p.line, p.column) == (2, COL_NUMBER)


@pytest.mark.parametrize(
    ("lines", "where"),
    [
        (["XXR ²", p001(1, "A")], (1, 5)),
        ([p001(1, "A", rating="²")], (1, COL_RATING)),
        ([p001(1, "A", rank="²")], (1, COL_RANK)),
        ([p001(1, "A", ("²", "w", "1"))], (1, col_opp(1))),
        ([p001(1, "A"), "XXZ 1 ²"], (2, 7)),
        ([p001(1, "A"), "XXA    ²  1.0"], (2, 5)),
        (["142 5", p001(1, "A"), "240 H   ²    1"], (3, 7)),
        (["142 5", p001(1, "A"), "260   1   ²    1    1"], (3, 9)),
        (["142 5", p001(1, "A"), "250  1.0       ²   1    1    1"], (3, 15)),
        ([p001(1, "A"), "013 " + "T".ljust(32) + "   ²"], (2, 37)),
        ([p001(1, "A"), "310   ² T"], (2, 5)),
    ],
)
def test_non_ascii_digits_in_every_number_field(lines, where):
    p = first_problem(trf(*lines))
    assert (p.line, p.column) == where


def test_national_rating_record_needs_ascii_number():
    """Not a national rating record, so an unknown record (refused when strict)."""
    text = trf(p001(1, "A"), "FRA    ²")
    assert [e.code for e in loads(text).extra_records] == ["FRA"]
    assert first_problem(text, strict=True).column == 1


@pytest.mark.parametrize("raw", ["1e1", "1_0", "NaN", "Inf", "١.٥", "0x1"])
def test_points_must_be_plain_decimals(raw):
    p = first_problem(trf(p001(1, "A", points=raw)))
    assert (p.line, p.column) == (1, COL_POINTS)


@pytest.mark.parametrize("column", [4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91])
def test_separator_columns_must_be_blank(column):
    """Text in a separator column means misaligned columns (e.g. echecsjs trf26_team.trf)."""
    buf = list(p001(1, "A", ("0000", "-", "U"), points="1.0"))
    put(buf, column, "x")
    p = first_problem(trf("XXR 3", "".join(buf)))
    assert (p.line, p.column) == (2, column)
    assert "misaligned" in p.message


@pytest.mark.parametrize("r", [1, 3])
@pytest.mark.parametrize("offset", [4, 6])
def test_round_separator_columns_must_be_blank(r, offset):
    """Inside a round block, columns 96 and 98 (+10 per round) are blank."""
    rounds = [("0000", "-", "H")] * 3
    buf = list(p001(1, "A", *rounds))
    put(buf, col_opp(r) + offset, "x")
    p = first_problem(trf("XXR 3", "".join(buf)))
    assert (p.line, p.column) == (2, col_opp(r) + offset)
    assert f"round {r}" in p.message


@pytest.mark.parametrize("r", [1, 2, 5])
def test_malformed_opponent(r):
    rounds: list[tuple[str, str, str] | None] = [None] * (r - 1) + [("1x", "w", "1")]
    p = first_problem(trf("XXR 5", p001(1, "A", *rounds)))
    assert (p.line, p.column) == (2, col_opp(r))
    assert f"round {r}" in p.message


@pytest.mark.parametrize("r", [1, 4])
def test_malformed_colour(r):
    rounds: list[tuple[str, str, str] | None] = [None] * (r - 1) + [("2", "x", "1")]
    p = first_problem(trf("XXR 5", p001(1, "A", *rounds), p001(2, "B")))
    assert (p.line, p.column) == (2, col_colour(r))
    assert "colour" in p.message


@pytest.mark.parametrize("r", [1, 4])
@pytest.mark.parametrize("code", ["X", "2", "?", "Q"])
def test_unknown_result_code(r, code):
    rounds: list[tuple[str, str, str] | None] = [None] * (r - 1) + [("2", "w", code)]
    p = first_problem(trf("XXR 5", p001(1, "A", *rounds), p001(2, "B")))
    assert (p.line, p.column) == (2, col_result(r))
    assert f"unknown result code {code!r}" in p.message


def test_game_result_without_opponent():
    p = first_problem(trf("XXR 5", p001(1, "A", ("0000", "w", "1"))))
    assert (p.line, p.column) == (2, col_opp(1))


def test_bye_with_opponent():
    p = first_problem(trf("XXR 5", p001(1, "A", ("2", "-", "H")), p001(2, "B")))
    assert (p.line, p.column) == (2, col_opp(1))
    assert "bye" in p.message


def test_game_without_colour():
    p = first_problem(trf("XXR 5", p001(1, "A", ("2", "-", "1")), p001(2, "B", ("1", "-", "0"))))
    assert (p.line, p.column) == (2, col_colour(1))


def test_colour_without_opponent():
    assert problems_of(trf("XXR 5", p001(1, "A", ("0000", "w", "H")))) == [(2, col_colour(1))]
    assert problems_of(trf("XXR 5", p001(1, "A", ("0000", "b", " ")))) == [(2, col_colour(1))]


def test_paired_with_himself():
    p = first_problem(trf("XXR 5", p001(1, "A", ("1", "w", "1"))))
    assert (p.line, p.column) == (2, col_opp(1))
    assert "himself" in p.message


def test_duplicate_pairing_number():
    p = first_problem(trf("XXR 5", p001(1, "A"), p001(2, "B"), p001(1, "C")))
    assert (p.line, p.column) == (4, COL_NUMBER)
    assert "duplicate pairing number 1 (line 2)" in p.message


def test_pairing_numbers_must_run_1_to_n():
    """py4swiss missing_starting_number: a gap in the start numbers."""
    p = first_problem(trf("XXR 5", p001(1, "A"), p001(3, "C"), p001(4, "D")))
    assert (p.line, p.column) == (3, COL_NUMBER)
    assert "2 is missing" in p.message


def test_opponent_does_not_exist():
    p = first_problem(trf("XXR 5", p001(1, "A", ("0000", "-", "U"), ("7", "w", "1"))))
    assert (p.line, p.column) == (2, col_opp(2))
    assert "opponent 7 does not exist" in p.message


def test_opponent_does_not_point_back():
    text = trf("XXR 5", p001(1, "A", ("2", "w", "1")), p001(2, "B", ("0000", "-", "U")))
    p = first_problem(text)
    assert (p.line, p.column) == (2, col_opp(1))


def test_same_colour_both_sides():
    text = trf("XXR 5", p001(1, "A", ("2", "b", "1")), p001(2, "B", ("1", "b", "0")))
    p = first_problem(text)
    assert (p.line, p.column) == (2, col_colour(1))


def test_results_do_not_mirror():
    text = trf("XXR 5", p001(1, "A", ("2", "w", "1")), p001(2, "B", ("1", "b", "=")))
    p = first_problem(text)
    assert (p.line, p.column) == (2, col_result(1))
    assert "result 1 against 2, who has =" in p.message


def test_two_pabs_in_a_round():
    """C.04.1 c: at most one PAB per round (spec 6.1: U at most one per round)."""
    text = trf("XXR 5", p001(1, "A", ("0000", "-", "U")), p001(2, "B", ("0000", "-", "U")))
    p = first_problem(text)
    assert (p.line, p.column) == (3, col_result(1))


def test_result_beyond_number_of_rounds():
    text = trf("XXR 1", p001(1, "A", ("0000", "-", "H"), ("0000", "-", "H")))
    p = first_problem(text)
    assert (p.line, p.column) == (2, col_result(2))


def test_points_must_match_results():
    text = trf(
        "XXR 3",
        p001(1, "A", ("2", "w", "1"), points="0.5"),
        p001(2, "B", ("1", "b", "0"), points="0.0"),
    )
    p = first_problem(text)
    assert (p.line, p.column) == (2, COL_POINTS)
    assert "points 0.5 do not match the results (1 after round 1)" in p.message


def test_points_may_include_next_round_bye():
    """bbpPairings' reading: the points may include a bye entered for the next round."""
    text = trf(
        "XXR 3",
        p001(1, "A", ("2", "w", "1"), ("0000", "-", "H"), points="1.5"),
        p001(2, "B", ("1", "b", "0"), points="0.0"),
    )
    assert loads(text).score(1) == 1


def test_points_under_the_file_point_system():
    text = trf(
        "XXR 3",
        "BBW  3.0",
        "BBD  1.0",
        p001(1, "A", ("2", "w", "1"), points="3.0"),
        p001(2, "B", ("1", "b", "0"), points="0.0"),
        p001(3, "C", ("0000", "-", "U"), points="3.0"),
    )
    assert loads(text).score(3) == 3
    assert first_problem(text.replace("3.0    ", "1.0    ", 1)).column == COL_POINTS


def test_every_problem_reported_at_once_in_order():
    text = trf(
        "XXR 3",
        p001(2, "B", rating="x"),
        p001(1, "A", ("2", "q", "1"), rank="?"),
        "XXP 1 z",
    )
    assert problems_of(text) == [
        (2, COL_RATING),
        (3, COL_RANK),
        (3, col_colour(1)),
        (4, 5),  # XXP needs two pairing numbers
        (4, 7),  # 'z' is not one
    ]


def test_check_returns_problems():
    assert check(LF_TEXT) == []
    problems = check(trf(p001(1, "A", rating="x")), "f.trf")
    assert [str(p) for p in problems] == ["f.trf:1:49: rating must be a whole number, not 'x'"]


def test_trf_error_str_format():
    with pytest.raises(TrfError) as e:
        loads(trf(p001(1, "A", rating="x"), p001(2, "B", rank="y")), "e.trf")
    lines = str(e.value).splitlines()
    assert lines[0].startswith("e.trf:1:49: ")
    assert lines[1].startswith("e.trf:2:86: ")


def test_dialect_detection():
    assert read(LF_TEXT).dialect == TRFX
    assert read(trf("012 X", p001(1, "A"))).dialect == TRF16
    assert read(trf("142 3", p001(1, "A"))).dialect == TRF2026
    d = read(trf("XXR 3", "XXS W=1.0", "BBW  1.0", "BBD  0.5", p001(1, "A"))).dialect
    assert d.engine and d.xxs and d.bbp_codes == ("BBW", "BBD")


# -- issue 13 item 15: every failure a TrfError; encodings; not a tournament -------------------


@pytest.mark.parametrize("char", ["\x1c", "\x1d", "\x1e", "\x1f"])
def test_issue13_item15_control_characters_in_numeric_fields_are_trf_errors(char):
    """U+001C-U+001F in the opponent field or the number of a national rating record made
    ``int()`` raise a bare ValueError (``str.strip`` removes them, ``int`` refuses them)."""
    opponent = p001(1, "A", (char + "  2", "w", "1"), points="1.0")
    text = trf("XXR 3", opponent, p001(2, "B", ("1", "b", "0"), points="0.0"))
    assert problems_of(text) == [(2, col_opp(1))]
    national = p001(1, "A") + "\n" + "FRA " + char + "  1"
    with pytest.raises(TrfError) as e:
        read(trf(national), "t.trf")
    assert [(p.line, p.column) for p in e.value.problems] == [(2, 5)]
    assert f"control character U+{ord(char):04X}" in e.value.first.message


@pytest.mark.parametrize(
    ("field", "raw"),
    [
        ("opponent", "\xa0  2"),  # a no-break space: int() would have read it
        ("opponent", "  ١٢"),  # Arabic-Indic digits
        ("rating", "2\u200900"),
        ("points", "1\u20000"),
    ],
)
def test_issue13_item15_number_fields_take_ascii_digits_and_blanks_only(field, raw):
    columns = {"opponent": col_opp(1), "rating": COL_RATING, "points": COL_POINTS}
    buf = list(p001(1, "A", ("2", "w", "1"), points="1.0", rating="2000"))
    put(buf, columns[field], raw)
    text = trf("XXR 3", "".join(buf), p001(2, "B", ("1", "b", "0"), points="0.0"))
    assert problems_of(text) == [(2, columns[field])]


def test_tabs_separate_list_numbers():
    """echecsjs grandmommyscup.trf ends its 240 records with a tab: the blanks between the
    numbers of a list are spaces and tabs (and no other Unicode space)."""
    t = loads(trf("142 3", p001(1, "A"), p001(2, "B"), "240 H   2    1\t 2\t"))
    assert t.bye_requests == [ByeRequest(Result.HALF_POINT_BYE, 2, (1, 2))]


@pytest.mark.parametrize(
    "text",
    ["", "\n\n", "Dear arbiter,\nhere are the results.\n", "012 Open\nXXR 5\n", "### only\n"],
)
def test_issue13_item15_no_player_record_is_not_a_tournament(text):
    """An empty file, prose, or headers without any player: not a tournament (the old reader
    returned an empty tournament and ``trf check`` said "valid TRF16: 0 players")."""
    with pytest.raises(TrfError) as e:
        loads(text, "x.trf")
    assert str(e.value).startswith("x.trf:0:0: no player record (001): not a tournament file")


@pytest.mark.parametrize(
    ("bom", "codec"),
    [
        (b"", "utf-8"),
        (b"\xef\xbb\xbf", "utf-8"),
        (b"\xff\xfe", "utf-16-le"),
        (b"\xfe\xff", "utf-16-be"),
        (b"\xff\xfe\x00\x00", "utf-32-le"),
        (b"", "cp1252"),
    ],
)
def test_issue13_item15_decode_finds_the_encoding(tmp_path, bom, codec):
    """UTF-16 with its byte-order mark (Windows "Unicode") read as an empty tournament
    before; Windows-1252 letters such as the euro sign read as replacement characters."""
    text = trf("012 Coupe d'été €", p001(1, "Müller, Jörg", rating="2100"))
    data = bom + text.replace("\n", "\r\n").encode(codec)
    assert decode(data) == text.replace("\n", "\r\n")
    path = tmp_path / "event.trf"
    path.write_bytes(data)
    t = load(path)
    assert (t.name, t.player(1).name, t.player(1).rating) == (
        "Coupe d'été €", "Müller, Jörg", 2100
    )  # fmt: skip


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "NUL byte at byte 8"),
        (trf(p001(1, "A")).encode("utf-16-le"), "a UTF-16 file needs its byte-order mark"),
        (bytes(range(1, 32)) * 4, "control characters"),
        (b"\xff\xfe" + b"\x00\xd8" + b"A\x00", "not valid UTF-16"),
    ],
)
def test_issue13_item15_binary_data_is_refused(data, words):
    with pytest.raises(TrfError) as e:
        decode(data, "upload.bin")
    assert str(e.value).startswith("upload.bin:0:0: ")
    assert words in str(e.value)


def test_issue13_item15_file_size_limit(tmp_path, monkeypatch):
    monkeypatch.setattr("chessarbiter.trf.reader.MAX_FILE_BYTES", 1000)
    text = trf(p001(1, "A")) + "### " + "x" * 1000 + "\n"
    with pytest.raises(TrfError, match="more than the 1,000 a file may have"):
        decode(text.encode())
    with pytest.raises(TrfError, match="more than 1,000 characters"):
        loads(text)
    path = tmp_path / "big.trf"
    path.write_text(text)
    with pytest.raises(TrfError, match="more than the 1,000"):
        load(path)
    assert decode(text.encode(), max_bytes=2000) == text


def test_issue13_item15_player_and_round_limits(monkeypatch):
    monkeypatch.setattr("chessarbiter.trf.reader.MAX_PLAYERS", 2)
    with pytest.raises(TrfError) as e:
        loads(trf(p001(1, "A"), p001(2, "B"), p001(3, "C"), p001(4, "D")))
    assert [(p.line, p.column) for p in e.value.problems] == [(3, 1)]
    assert "more than 2 player records" in e.value.first.message
    assert problems_of(trf("XXR 100", p001(1, "A"))) == [(1, 5)]
    rounds = [("0000", "-", "H")] * 100
    assert problems_of(trf(p001(1, "A", *rounds))) == [(1, col_opp(100))]


def test_issue13_item15_reading_stops_after_too_many_problems():
    lines = [p001(1, "A")] + [p001(n, "X", rating="bad") for n in range(2, 300)]
    with pytest.raises(TrfError) as e:
        loads(trf(*lines))
    problems = e.value.problems
    assert len(problems) == 101
    assert (101, 0, "too many problems: reading stopped at this line") in [
        (p.line, p.column, p.message) for p in problems
    ]
    assert max(p.line for p in problems) == 101


# -- issue 13 item 17: contradictory records ---------------------------------------------------


def three_players(*more: str) -> str:
    return trf("142 3", p001(1, "A"), p001(2, "B"), p001(3, "C"), *more)


@pytest.mark.parametrize(
    ("records", "where", "words"),
    [
        # two requests for player 2 in round 2, on two lines or on one
        # (line, column): the record's line (after 142 and three players), the column of the
        # number at fault (the second one when it is named twice)
        (["240 H   2    1    2", "240 Z   2    2"], [(6, 14)], "two bye requests for round 2"),
        (["240 H   2    2    2"], [(5, 19)], "two bye requests for round 2"),
        (["XXP 1 1"], [(5, 7)], "player 1 twice (forbidden to meet himself)"),
        (["260   1   3    3    3"], [(5, 21)], "player 3 twice"),
        (["XXP 1 9"], [(5, 7)], "forbidden pairs: no player has number 9"),
        (["260   1   3    1    7"], [(5, 21)], "no player has number 7"),
        (["240 F   1    8"], [(5, 14)], "bye request for round 1: no player has number 8"),
        (["260   3   1    1    2"], [(5, 5)], "first round is after the last"),
        (["250  1.0      3   1    1    2"], [(5, 15)], "first round is after the last"),
        (["XXZ 4"], [(5, 5)], "absent next round: no player has number 4"),
    ],
)
def test_issue13_item17_contradictory_records(records, where, words):
    with pytest.raises(TrfError) as e:
        read(three_players(*records), "t.trf")
    assert [(p.line, p.column) for p in e.value.problems] == where
    assert words in e.value.first.message


def test_issue13_item17_bye_request_for_a_round_already_played():
    """A 240 for a round in which the player has an opponent (or the PAB) contradicts it; one
    for a round in which he has that bye (the request, then its result) does not."""
    a = p001(1, "A", ("2", "w", "1"), ("0000", "-", "H"), points="1.5")
    b = p001(2, "B", ("1", "b", "0"), ("0000", "-", "U"), points="1.0")
    base = ["142 3", a, b]
    assert loads(trf(*base, "240 H   2    1")).bye_requests[0].players == (1,)
    with pytest.raises(TrfError) as e:
        read(trf(*base, "240 H   1    2"), "t.trf")
    assert [(p.line, p.column) for p in e.value.problems] == [(4, 14)]
    assert e.value.first.message == (
        "player 2 has a bye request for round 1, but was paired in round 1"
    )
    assert problems_of(trf(*base, "240 F   2    2")) == [(4, 14)]  # the PAB


def test_issue13_item17_teams():
    """One player in two teams, twice in one, an unknown member, two teams with one number."""
    players = [p001(n, f"P{n}", points="0.0") for n in (1, 2, 3, 4)]
    with pytest.raises(TrfError) as e:
        read(trf("142 3", *players, line310(1, "A", [1, 2]), line310(2, "B", [3, 2])), "t.trf")
    assert [(p.line, p.column) for p in e.value.problems] == [(7, 79)]
    assert e.value.first.message == "player 2 is in two teams, 1 and 2"
    assert problems_of(trf("142 3", *players, line310(1, "A", [1, 2, 1]))) == [(6, 84)]
    assert problems_of(trf("142 3", *players, line310(1, "A", [1, 5]))) == [(6, 79)]
    with pytest.raises(TrfError) as e:
        read(trf("142 3", *players, line310(1, "A", [1, 2]), line310(1, "B", [3, 4])), "t.trf")
    assert [(p.line, p.column) for p in e.value.problems] == [(7, 5)]
    assert e.value.first.message == "team number 1 is given twice ('A' and 'B')"
    in_two = trf(p001(1, "A"), p001(2, "B"), "013 " + "A".ljust(32) + "   1",
                 "013 " + "B".ljust(32) + "   2    1")  # fmt: skip
    assert problems_of(in_two) == [(4, 42)]


def test_issue13_item17_team_event_ids_are_team_numbers():
    """In a team event the ids of 240 and 260 are team pairing numbers (TRF-2026: "Player/Team
    ID"), checked against the teams, not the players."""
    players = [p001(n, f"P{n}", points="0.0") for n in (1, 2, 3, 4)]
    teams = [line310(1, "A", [1, 2]), line310(2, "B", [3, 4])]
    t = loads(trf("142 3", *players, *teams, "240 H   1    2", "260   1   3    1    2"))
    assert t.is_team_event and t.bye_requests[0].players == (2,)
    assert problems_of(trf("142 3", *players, *teams, "240 H   1    3")) == [(8, 14)]


def test_issue13_item17_the_202_and_212_lists_must_agree():
    text = trf("142 3", "202 BH/C1,SB", "212 PTS,SB,BH/C1", p001(1, "A"))
    with pytest.raises(TrfError) as e:
        read(text, "t.trf")
    assert [(p.line, p.column) for p in e.value.problems] == [(3, 5)]
    assert "212 (PTS,SB,BH/C1) contradicts 202 (BH/C1,SB)" in e.value.first.message


def test_issue13_empty_tiebreak_record_says_nothing():
    """Found by the fuzz suite: an empty 212 record was remembered as the list's record, and
    the tournament written back (without it) read back different."""
    t = loads(trf("142 3", "212", p001(1, "A")))
    assert (t.tiebreaks, t.tiebreak_records) == ([], ("202",))
    assert loads(dumps(t, TRF2026)) == t
