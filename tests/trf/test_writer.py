"""The TRF writer: layout by the spec's columns, dialect conversion and its losses, atomic dump.

Expected columns come from spec section 6 (TRF16 table 6.1, engine lines 6.2, TRF26 6.3).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from chessarbiter.errors import TournamentError, TrfDataLossError
from chessarbiter.model import (
    Acceleration,
    ByeRequest,
    Colour,
    ExtraRecord,
    ForbiddenPairs,
    NationalRating,
    Player,
    PointSystem,
    Result,
    RoundEntry,
    Team,
    Tournament,
)
from chessarbiter.trf import TRF16, TRF2026, TRFX, Dialect, dump, dumps, dumps_with_losses, load
from chessarbiter.trf import loads as trf_loads

D = Decimal
W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
TRF2026X = Dialect(version="2026", engine=True)


def col(line: str, first: int, last: int | None = None) -> str:
    """Columns ``first``..``last`` (1-based, inclusive) of ``line``."""
    return line[first - 1 : (last if last is not None else first)]


def small(rounds: int = 3) -> Tournament:
    t = Tournament(name="Writer test", total_rounds=rounds, initial_colour=W)
    t.add_player(Player(1, "Alpha, Ann", sex="w", title="WGM", rating=2310, federation="FRA",
                        fide_id="1234567", birth_date="1990/01/31", rank=1))  # fmt: skip
    t.add_player(Player(2, "Beta, Bob", rating=2100, rank=2))
    t.add_player(Player(3, "Gamma, Cid", rank=3))
    t.record_game(1, 1, 2, Result.WIN)
    t.player(3).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    return t


def lines_with(text: str, code: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(code)]


# -- layout ------------------------------------------------------------------------------------


def test_trf16_001_columns():
    """Spec 6.1 player record columns."""
    text = dumps(small(), TRF2026)
    line = lines_with(text, "001    1")[0]
    assert col(line, 1, 3) == "001"
    assert col(line, 5, 8) == "   1"
    assert col(line, 10) == "w"
    assert col(line, 11, 13) == "WGM"
    assert col(line, 15, 47) == "Alpha, Ann".ljust(33)
    assert col(line, 49, 52) == "2310"
    assert col(line, 54, 56) == "FRA"
    assert col(line, 58, 68) == "1234567".rjust(11)
    assert col(line, 70, 79) == "1990/01/31"
    assert col(line, 81, 84) == " 1.0"
    assert col(line, 86, 89) == "   1"
    assert col(line, 92, 95) == "   2"
    assert col(line, 97) == "w"
    assert col(line, 99) == "1"
    for blank in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91, 96, 98):
        assert col(line, blank) == " ", blank


def test_trf16_001_round_blocks_every_10_columns():
    t = small()
    t.record_game(2, 3, 1, Result.DRAW)
    t.player(2).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    t.player(2).set_entry(3, RoundEntry(None, N, Result.FORFEIT_LOSS))
    line = lines_with(dumps(t, TRFX), "001    2")[0]
    assert (col(line, 92, 95), col(line, 97), col(line, 99)) == ("   1", "b", "0")
    assert (col(line, 102, 105), col(line, 107), col(line, 109)) == ("0000", "-", "H")
    assert (col(line, 112, 115), col(line, 117), col(line, 119)) == ("0000", "-", "-")


def test_not_paired_round_is_blank_and_pending_result_is_blank():
    t = small()
    t.player(3).set_entry(3, RoundEntry.bye(Result.ZERO_POINT_BYE))
    t.player(1).set_entry(2, RoundEntry(2, B, None))
    t.player(2).set_entry(2, RoundEntry(1, W, None))
    text = dumps(t, TRFX)
    p3 = lines_with(text, "001    3")[0]
    assert col(p3, 102, 109) == " " * 8  # round 2: not paired
    assert col(p3, 112, 119) == "0000 - Z"
    p1 = lines_with(text, "001    1")[0]
    assert col(p1, 102, 109) == "   2 b"  # pending: no result yet
    assert trf_loads(text) == t


def test_points_are_computed_not_copied():
    """Spec 6.1: points at 81-84 include the PAB value; e.g. 17.0 for 5W 2D 2L at 3/1/0."""
    t = Tournament(total_rounds=9, point_system=PointSystem.simple(D(3), D(1), D(0)))
    for n in range(1, 11):
        t.add_player(Player(n, f"P{n}"))
    results = [Result.WIN] * 5 + [Result.DRAW] * 2 + [Result.LOSS] * 2
    for r, result in enumerate(results, start=1):
        t.record_game(r, 1, r + 1, result)
    line = lines_with(dumps(t, TRFX), "001    1")[0]
    assert col(line, 81, 84) == "17.0"


def test_points_include_pab_but_not_next_round_bye():
    t = small()
    t.player(2).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))  # pre-assigned for round 2
    text = dumps(t, TRFX)
    assert col(lines_with(text, "001    3")[0], 81, 84) == " 1.0"  # PAB = win
    assert col(lines_with(text, "001    2")[0], 81, 84) == " 0.0"


def test_header_records_in_canonical_order():
    t = small()
    t.city, t.federation, t.chief_arbiter = "Paris", "FRA", "Arbiter, Chief"
    t.deputy_arbiters = ["Deputy, One", "Deputy, Two"]
    t.time_control = "90+30"
    t.round_dates = ["25/01/01", "25/01/02"]
    codes = [line[:3] for line in dumps(t, TRFX).splitlines()]
    assert (
        codes
        == ["012", "022", "032", "102", "112", "112", "122", "132", "XXR", "XXC"] + ["001"] * 3
    )


def test_trf16_132_columns():
    """Spec 6.1: round r's date at 92+10(r-1)..99+10(r-1)."""
    t = small()
    t.round_dates = ["25/01/01", "", "25/01/03"]
    line = lines_with(dumps(t, TRFX), "132")[0]
    assert col(line, 92, 99) == "25/01/01"
    assert col(line, 102, 109) == " " * 8
    assert col(line, 112, 119) == "25/01/03"
    assert col(line, 4, 91).strip() == ""


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n"])
def test_line_ending(ending):
    text = dumps(small(), replace(TRFX, line_ending=ending))
    assert text.count(ending) == 6
    assert text.endswith(ending)
    if ending != "\n":
        assert "\n" not in text.replace("\r\n", "")


# -- engine dialects ---------------------------------------------------------------------------


def test_trfx_carries_xxr_xxc_xxp_xxa_xxz_and_bbp_lines():
    t = small(5)
    t.pair_by_rank = True
    t.initial_colour = B
    t.forbidden_pairs = [ForbiddenPairs((1, 2)), ForbiddenPairs((1, 2, 3))]
    t.virtual_points = {1: [D(1), D(1)], 3: [D("0.5")]}
    t.absent_next_round = [2]
    t.point_system = PointSystem.simple(D(3), D(1), D(0), pairing_allocated_bye=D(1))
    text = dumps(t, TRFX)
    assert text.splitlines()[1:3] == ["XXR 5", "XXC rank black1"]
    assert lines_with(text, "XXP") == ["XXP 1 2", "XXP 1 2 3"]
    assert lines_with(text, "XXZ") == ["XXZ 2"]
    assert lines_with(text, "BB") == ["BBW  3.0", "BBD  1.0", "BBU  1.0"]
    xxa = lines_with(text, "XXA")
    assert xxa == ["XXA    1  1.0  1.0", "XXA    3  0.5"]
    assert (col(xxa[0], 5, 8), col(xxa[0], 10, 13), col(xxa[0], 15, 18)) == ("   1", " 1.0", " 1.0")
    assert trf_loads(text) == t
    assert dumps_with_losses(t, TRFX)[1] == []


def test_trfx_xxs_for_colour_dependent_points():
    """XXS carries what BB* lines cannot: colour-dependent values (spec 6.2)."""
    t = small()
    t.point_system = replace(PointSystem(), win_black=D("1.5"))
    text = dumps(t, TRFX)
    assert lines_with(text, "XXS") == [
        "XXS WW=1.0 BW=1.5 WD=0.5 BD=0.5 WL=0.0 BL=0.0 "
        "ZPB=0.0 HPB=0.5 FPB=1.0 PAB=1.0 FW=1.0 FL=0.0"
    ]
    assert lines_with(text, "BB") == []
    assert trf_loads(text) == t


def test_trfx_standard_points_write_no_point_lines_unless_asked():
    t = small()
    assert lines_with(dumps(t, TRFX), "XXS") == []
    assert lines_with(dumps(t, TRFX), "BB") == []
    assert lines_with(dumps(t, replace(TRFX, xxs=True)), "XXS") != []
    text = dumps(t, replace(TRFX, bbp_codes=("BBW", "BBU")))
    assert lines_with(text, "BB") == ["BBW  1.0", "BBU  1.0"]


def test_trf16_without_engine_lines_cannot_carry_rounds_or_rules():
    t = small()
    t.pair_by_rank = True
    t.absent_next_round = [3]
    t.virtual_points = {1: [D(1)]}
    t.forbidden_pairs = [ForbiddenPairs((1, 2))]
    t.point_system = PointSystem.simple(D(1), D("0.5"), D(0), pairing_allocated_bye=D("0.5"))
    t.player(3).set_entry(1, RoundEntry.bye(Result.HALF_POINT_BYE))  # the PAB is not used
    _, losses = dumps_with_losses(t, TRF16)
    joined = "\n".join(losses)
    for what in ("142", "152", "XXC rank", "XXZ", "XXA", "XXP", "point system"):
        assert what in joined, what


def test_trf16_refuses_points_its_reader_would_contradict():
    """Issue 13 item 16: a point system TRF16 cannot state is read as 1-½-0, so points that
    depend on it would contradict the results: refused, not written (the old writer reported
    a loss and wrote a file its own reader refused)."""
    t = small()
    t.point_system = PointSystem.simple(D(3), D(1), D(0))
    for write in (dumps, dumps_with_losses):
        with pytest.raises(TrfDataLossError, match="player 1 has 3, a reader would count 1"):
            write(t, TRF16)
    assert trf_loads(dumps(t, TRFX)).point_system == t.point_system  # BB* lines state it


# -- TRF-2026 ----------------------------------------------------------------------------------


def trf26_model() -> Tournament:
    """A team event (the ids of 240, 250 and 260 are team numbers)."""
    t = small(5)
    t.system = "FIDE_TEAM_2026"
    t.team_tiebreaks = ["BH/C1", "BH"]
    t.tiebreak_records = ("202", "212")
    t.rank_method = "FIDE"
    t.pairing_controller = "chessarbiter"
    t.time_control_code = "5400+30"
    t.bye_requests = [ByeRequest(Result.HALF_POINT_BYE, 2, (2, 3))]
    t.accelerations = [Acceleration(D(1), None, 1, 2, 1, 2)]
    t.forbidden_pairs = [ForbiddenPairs((1, 3), 2, 4)]
    t.teams = [Team("Club", [1, 2], number=1, nickname="CL"), Team("Two", [3], number=2),
               Team("Three", [], number=3)]  # fmt: skip
    t.player(1).national_ratings = [NationalRating("FRA", 2250, name="ALPHA, Ann")]
    t.extra_records = [ExtraRecord("352", " WBWB")]
    return t


def test_trf2026_records_and_columns():
    t = trf26_model()
    text = dumps(t, TRF2026)
    assert text.splitlines()[1:9] == [
        "142 5",
        "152 W",
        "172 FIDE",
        "182 chessarbiter",
        "192 FIDE_TEAM_2026",
        "202 BH/C1,BH",
        "212 PTS,BH/C1,BH",
        "222 5400+30",
    ]
    [bye] = lines_with(text, "240")
    assert (col(bye, 5), col(bye, 7, 9), col(bye, 11, 14), col(bye, 16, 19)) == (
        "H", "  2", "   2", "   3"
    )  # fmt: skip
    [acc] = lines_with(text, "250")
    assert (col(acc, 5, 8), col(acc, 10, 13), col(acc, 15, 17), col(acc, 19, 21)) == (
        " 1.0", "    ", "  1", "  2"
    )  # fmt: skip
    assert (col(acc, 23, 26), col(acc, 28, 31)) == ("   1", "   2")
    [forbidden] = lines_with(text, "260")
    assert (col(forbidden, 5, 7), col(forbidden, 9, 11), col(forbidden, 13, 16)) == (
        "  2", "  4", "   1"
    )  # fmt: skip
    team = lines_with(text, "310")[0]
    assert (col(team, 5, 7), col(team, 9, 40), col(team, 42, 46)) == (
        "  1",
        "Club".ljust(32),
        "CL   ",
    )
    assert (col(team, 74, 77), col(team, 79, 82)) == ("   1", "   2")
    [nrs] = lines_with(text, "FRA")
    assert (col(nrs, 5, 8), col(nrs, 15, 24), col(nrs, 49, 52)) == ("   1", "ALPHA, Ann", "2250")
    assert lines_with(text, "352") == ["352 WBWB"]
    assert trf_loads(text) == t


def test_trf26_162_columns():
    """Spec 6.3 record 162: symbol at column 6, points at 7-10, then 15/16-19, 24/25-28, ..."""
    t = small()
    t.point_system = PointSystem.simple(
        D(3), D(1), D(0), zero_point_bye=D("0.5"), forfeit_loss=D("0.5"), pairing_allocated_bye=D(2)
    )
    [line] = lines_with(dumps(t, TRF2026), "162")
    assert (col(line, 6), col(line, 7, 10)) == ("W", " 3.0")
    assert (col(line, 15), col(line, 16, 19)) == ("D", " 1.0")
    assert (col(line, 24), col(line, 25, 28)) == ("L", " 0.0")
    assert (col(line, 33), col(line, 34, 37)) == ("A", " 0.5")
    assert (col(line, 42), col(line, 43, 46)) == ("P", " 2.0")
    assert trf_loads(dumps(t, TRF2026)).point_system == t.point_system


def test_trf26_162_cannot_express_colour_dependent_points():
    """Spec 6.3 known problems: 162 cannot express colour-dependent scores."""
    t = small()
    t.point_system = replace(PointSystem(), win_black=D("1.5"))
    with pytest.raises(TrfDataLossError, match="record 162 cannot express it"):
        dumps(t, TRF2026)
    assert lines_with(dumps(t, TRF2026X), "XXS")  # the engine line carries it


def test_trf16_conversion_of_a_trf2026_model_reports_losses():
    t = trf26_model()
    text, losses = dumps_with_losses(t, TRF16)
    joined = "\n".join(losses)
    for what in ("record 142", "record 152", "record 172", "record 182", "record 192",
                 "record 202", "record 212", "record 222", "record 240", "record 250",
                 "record 260", "record 310", "record 352", "national rating"):  # fmt: skip
        assert what in joined, what
    assert lines_with(text, "192") == []
    assert lines_with(text, "013")  # the team still goes out, as TRF16 013
    with pytest.raises(TrfDataLossError) as e:
        dumps(t, TRF16)
    assert e.value.losses == tuple(losses)
    assert "record 192" in str(e.value)
    assert str(e.value).startswith("the target format cannot carry: ")


def test_trfx_conversion_keeps_rounds_and_colour():
    t = trf26_model()
    _, losses = dumps_with_losses(t, TRFX)
    joined = "\n".join(losses)
    assert "record 142" not in joined and "record 152" not in joined  # XXR and XXC
    assert "record 192" in joined


def test_trf2026_cannot_pair_by_rank():
    """XXC rank has no TRF-2026 record: refused, not dropped."""
    t = small()
    t.pair_by_rank = True
    with pytest.raises(TrfDataLossError, match="XXC rank"):
        dumps(t, TRF2026)
    assert trf_loads(dumps(t, TRF2026X)).pair_by_rank


def test_trf2026_forbidden_pairs_for_every_round():
    """XXP (every round) is written as 260 from round 1 to the last round."""
    t = small(7)
    t.forbidden_pairs = [ForbiddenPairs((1, 2))]
    assert lines_with(dumps(t, TRF2026), "260") == ["260   1   7    1    2"]
    t.total_rounds = None
    with pytest.raises(TrfDataLossError, match="XXP"):
        dumps(t, TRF2026)


def test_trf2026_with_engine_lines_writes_both():
    t = trf26_model()
    # XXP lines (every round) come before the players, 260 after: read back in that order
    t.forbidden_pairs.insert(0, ForbiddenPairs((2, 3)))
    text = dumps(t, TRF2026X)
    codes = [line[:3] for line in text.splitlines()]
    assert codes.index("XXR") < codes.index("142")
    assert lines_with(text, "XXP") == ["XXP 2 3"]
    assert trf_loads(text) == t


def test_team_013_columns_in_trf16():
    """Spec 6.1: 013 name at 5-36, members at 37-40, 42-45, ..."""
    t = small()
    t.teams = [Team("Club A", [3, 1])]
    [line] = lines_with(dumps(t, TRFX), "013")
    assert (col(line, 5, 36), col(line, 37, 40), col(line, 42, 45)) == (
        "Club A".ljust(32), "   3", "   1"
    )  # fmt: skip


def test_numbered_team_in_trf16_reports_loss():
    t = small()
    t.teams = [Team("Club A", [1], number=4, nickname="CA")]
    text, losses = dumps_with_losses(t, TRF16)
    assert any("record 310" in loss for loss in losses)
    assert lines_with(text, "013")


def test_team_with_013_twin_written_both_ways_in_trf2026():
    t = small()
    t.teams = [Team("Club A", [1, 2], number=1, trf16_record=True)]
    text = dumps(t, TRF2026)
    assert len(lines_with(text, "310")) == 1
    assert len(lines_with(text, "013")) == 1
    assert trf_loads(text) == t
    text16, losses = dumps_with_losses(t, TRFX)
    assert len(lines_with(text16, "013")) == 1  # one 013 in TRF16, and the number is lost
    assert losses == ["team 'Club A': number, nickname and scores (record 310)"]


def test_long_name_reported():
    t = small()
    t.player(2).name = "X" * 34
    _, losses = dumps_with_losses(t, TRFX)
    assert losses == ["player 2: the name is longer than 33 characters"]


@pytest.mark.parametrize("dialect", [TRF16, TRFX, TRF2026])
def test_points_of_100_or_more_are_refused_not_written(dialect):
    """Issue 13 item 16: points >= 100 overflow columns 81-84 (the old writer warned and wrote
    a file its reader refused)."""
    t = small()
    t.point_system = PointSystem.simple(D(100), D(50), D(0))
    for write in (dumps, dumps_with_losses):
        with pytest.raises(TrfDataLossError, match="player 1: points 100: wider than the 4"):
            write(t, dialect)
    t.point_system = PointSystem.simple(D("99.5"), D(50), D(0))
    assert trf_loads(dumps(t, replace(dialect, engine=True))) == t


def test_xxa_and_250_values_of_100_or_more_are_refused():
    """Issue 13 item 16: XXA values and 250 points take 4 columns: 100 does not fit (the old
    writer wrote ``XXA    1 100.0`` and ``250 100.0 ...``, which shift every later column)."""
    t = small()
    t.virtual_points = {1: [D(100)]}
    with pytest.raises(TrfDataLossError, match="XXA of player 1, round 1: 100"):
        dumps_with_losses(t, TRFX)
    t.virtual_points = {1: [D("99.5"), D("0.25")]}
    assert trf_loads(dumps(t, TRFX)).virtual_points == {1: [D("99.5"), D("0.25")]}
    t = small()
    t.accelerations = [Acceleration(None, D(100), 1, 2, 1, 2)]
    with pytest.raises(TrfDataLossError, match="250: points 100"):
        dumps_with_losses(t, TRF2026)
    t.accelerations = [Acceleration(D(100), None, 1, 2, 1, 2)]
    with pytest.raises(TrfDataLossError, match="250: match points 100"):
        dumps(t, TRF2026)
    t.accelerations = [Acceleration(D("1.0"), D("0.5"), 1, 1000, 1, 2)]
    with pytest.raises(TrfDataLossError, match="250: last round 1000"):
        dumps(t, TRF2026)


def test_numbers_wider_than_their_columns_are_refused():
    """A rating, rank or pairing number over 9999 would shift every later column."""
    t = small()
    t.player(2).rating = 10000
    with pytest.raises(TrfDataLossError, match="player 2: rating 10000"):
        dumps(t, TRFX)
    t = small()
    t.player(3).rank = -1
    with pytest.raises(TrfDataLossError, match="player 3: rank -1"):
        dumps(t, TRFX)


def test_what_the_reader_refuses_is_never_written():
    """No players, numbers with a gap, a line break inside a field, 0 rounds: the reader
    refuses such files, so the writer does not write them (and says why)."""
    with pytest.raises(TrfDataLossError, match="without players"):
        dumps(Tournament(name="Empty", total_rounds=5), TRFX)
    t = small()
    del t.players[2]
    t.player(1).results.clear()
    with pytest.raises(TrfDataLossError, match=r"do not run 1..2 \(2 missing\)"):
        dumps(t, TRFX)
    t = small()
    t.chief_arbiter = "Line\nbreak"
    with pytest.raises(TrfDataLossError, match="line break inside record '102'"):
        dumps(t, TRFX)
    t = small()
    t.total_rounds = 0
    for p in t:
        p.results.clear()
    with pytest.raises(TrfDataLossError, match="number of rounds 0"):
        dumps(t, TRFX)
    t = small()
    t.player(2).name = "Bell \x07"
    with pytest.raises(TrfDataLossError, match="control character U\\+0007"):
        dumps(t, TRFX)


def test_inconsistent_tournament_is_not_written():
    t = small()
    t.player(1).set_entry(2, RoundEntry(3, W, Result.WIN))  # 3 does not point back
    with pytest.raises(TournamentError, match="opponent 3 does not point back"):
        dumps_with_losses(t, TRFX)


def test_unknown_records_written_back_in_every_dialect():
    t = small()
    t.extra_records = [ExtraRecord("999", " keep me"), ExtraRecord("123", "4567")]
    for dialect in (TRF16, TRFX, TRF2026):
        text, _ = dumps_with_losses(t, dialect)
        assert text.splitlines()[-2:] == ["999 keep me", "1234567"]


def test_trf26_only_kept_record_lost_in_trf16():
    t = small()
    t.extra_records = [ExtraRecord("330", " +-   4  23  33")]
    _, losses = dumps_with_losses(t, TRFX)
    assert losses == ["record 330 (TRF-2026 only)"]


# -- dump --------------------------------------------------------------------------------------


def test_dump_writes_and_loads_back(tmp_path: Path):
    t = small()
    path = tmp_path / "out.trf"
    dump(t, path, TRFX)
    assert path.read_text(encoding="utf-8") == dumps(t, TRFX)
    assert load(path) == t
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.trf"]


def test_dump_utf8(tmp_path: Path):
    t = small()
    t.player(2).name = "Łukasz, Żółć"
    path = tmp_path / "u.trf"
    dump(t, path, TRFX)
    assert "Łukasz, Żółć".encode() in path.read_bytes()


def test_dump_is_atomic_when_dumps_refuses(tmp_path: Path):
    """No partial file: the old file stays as it was and nothing else is left behind."""
    path = tmp_path / "event.trf"
    path.write_text("old content\n")
    t = trf26_model()
    with pytest.raises(TrfDataLossError):
        dump(t, path, TRF16)
    assert path.read_text() == "old content\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.trf"]


def test_dump_is_atomic_when_writing_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A failure while writing (here: the final rename) leaves the old file and no temporary
    file."""
    path = tmp_path / "event.trf"
    path.write_text("old content\n")
    t = small()

    def fail(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("chessarbiter.trf.writer.os.replace", fail)
    with pytest.raises(OSError, match="disk full"):
        dump(t, path, TRFX)
    assert path.read_text() == "old content\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.trf"]


def test_dump_new_file_not_created_on_failure(tmp_path: Path):
    path = tmp_path / "new.trf"
    with pytest.raises(TrfDataLossError):
        dump(trf26_model(), path, TRF16)
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


def test_default_dialect_is_trf2026():
    t = small()
    assert dumps(t) == dumps(t, TRF2026)
    assert "142 3" in dumps(t).splitlines()


def test_fields_wider_than_their_columns_reported():
    """A 10-character date in 132 would push later dates into the wrong rounds, and a 310 field
    wider than its columns would shift the member list: both are refused, not written."""
    t = small()
    t.round_dates = ["2025/01/01"]
    with pytest.raises(TrfDataLossError, match="record 132"):
        dumps(t, TRFX)
    t = small()
    t.teams = [Team("T" * 33, [1]), Team("Club", [2], number=2, reported_match_points="1234567")]
    _, losses = dumps_with_losses(t, TRF2026)
    assert losses == [
        f"team {'T' * 33!r}: the name is longer than 32 characters",
        "team 'Club': match points '1234567' wider than 6",
    ]


def test_a_loss_against_half_a_point_round_trips_and_scores_each_side():
    """Persistent refusal (Laws 2023 art. 11.7; Laws Commentary 1997): the refusing player
    loses and the arbiter gives his opponent ½. TRF writes each player's own code: 0 and =."""
    t = small()
    t.player(1).set_entry(2, RoundEntry(3, W, Result.LOSS))
    t.player(3).set_entry(2, RoundEntry(1, B, Result.DRAW))
    t.player(2).set_entry(2, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    assert t.check() == []
    assert (t.score(1), t.score(3)) == (D(1), D("1.5"))
    text = dumps(t, TRFX)
    assert col(lines_with(text, "001    1")[0], 81, 84) == " 1.0"
    assert col(lines_with(text, "001    3")[0], 81, 84) == " 1.5"
    again = trf_loads(text)
    assert again.player(1).entry(2).result is Result.LOSS
    assert again.player(3).entry(2).result is Result.DRAW
    assert dumps(again, TRFX) == text
