"""Real-world TRF files from ../shared/real (see its README.md for what each file is).

Every valid file reads and round-trips in the dialect it was detected in; the deliberately
broken ones are refused with the file, line and column of the problem (worked out by reading
each file against the column table of spec 6.1).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from chessarbiter.errors import TrfError
from chessarbiter.model import Colour, ForbiddenPairs, Result, RoundEntry
from chessarbiter.trf import TRF16, check, decode, dumps, load, read, read_file

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
REAL = SHARED / "real"

W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE

#: Broken on purpose (real/README.md): file -> every (line, column) and words of the message.
BROKEN: dict[str, tuple[list[tuple[int, int]], tuple[str, ...]]] = {
    # XXR 5, but players 2 and 7 have a round-6 game ("7 b 1" / "2 w 0"): result column of
    # round 6 is 99 + 50 = 149.
    "py4swiss/data/too_many_results.trf": ([(2, 149), (7, 149)], ("round 6", "5 rounds")),
    # start numbers 1..6 then 8 on line 7 (pairing number at columns 5-8).
    "py4swiss/data/missing_starting_number.trf": ([(7, 5)], ("7 is missing",)),
    # player 2 (line 2): 0, 1, =, =, 1 = 3.0 but columns 81-84 say 4.0.
    "py4swiss/data/incorrect_points.trf": ([(2, 81)], ("points 4.0", "3.0")),
    # player 2 names 3 as his round-5 opponent (columns 132-135); player 3 has no round 5.
    "py4swiss/data/missing_result.trf": ([(2, 132)], ("opponent 3", "does not point back")),
    # round 5: player 2 "3 b 1", player 3 "2 w 1": both won. Result column 99 + 40 = 139.
    "py4swiss/data/incompatible_result.trf": ([(2, 139)], ("result 1 against 3, who has 1",)),
    # round 5: player 2 "3 b 1", player 3 "2 b 0": both black. Colour column 97 + 40 = 137.
    "py4swiss/data/incompatible_color.trf": ([(2, 137)], ("colour b",)),
    # the birth dates sit at 71-80, one column to the right: column 80 must be blank.
    "echecsjs-trf/fixtures/trf26_team.trf": ([(13, 80), (14, 80)], ("misaligned",)),
}


def real_files() -> list[str]:
    if not REAL.is_dir():
        return []
    paths = sorted(REAL.rglob("*.trf")) + sorted((REAL / "bbpPairings/tests").glob("*.input"))
    return [p.relative_to(REAL).as_posix() for p in paths]


VALID = [f for f in real_files() if f not in BROKEN]
CANONICAL = [f for f in VALID if f.startswith("sharly-chess/tec-trf/")]


@pytest.fixture(scope="module")
def real(shared: Path) -> Path:
    return shared / "real"


def doc_of(real: Path, name: str):
    return read_file(real / name)


def test_real_folder_is_complete(real):
    assert len(VALID) >= 30
    assert set(BROKEN) <= set(real_files())
    assert len(CANONICAL) == 5


@pytest.mark.parametrize("name", VALID)
def test_real_file_reads_and_round_trips(real, name):
    """``read(dumps(t, dialect)) == t`` in the dialect the file was detected in, and the
    canonical text is a fixed point."""
    doc = doc_of(real, name)
    t = doc.tournament
    assert t.check() == []
    text = dumps(t, doc.dialect)
    again = read(text, name)
    assert again.tournament == t
    assert again.dialect == doc.dialect
    assert dumps(again.tournament, doc.dialect) == text


@pytest.mark.parametrize("name", CANONICAL)
def test_canonical_real_file_byte_for_byte(real, name):
    """The tec-trf files are already in the canonical layout: reproduced exactly."""
    raw = (real / name).read_bytes()
    doc = doc_of(real, name)
    assert dumps(doc.tournament, doc.dialect).encode("utf-8") == raw


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_real_file_refused_with_place(real, name):
    where, words = BROKEN[name]
    with pytest.raises(TrfError) as e:
        read_file(real / name)
    problems = e.value.problems
    assert [(p.line, p.column) for p in problems] == where
    assert all(p.file == str(real / name) for p in problems)
    for word in words:
        assert word in problems[0].message
    assert str(e.value).startswith(f"{real / name}:{where[0][0]}:{where[0][1]}: ")
    text = decode((real / name).read_bytes())
    assert [(p.line, p.column) for p in check(text, name)] == where


# -- py4swiss ----------------------------------------------------------------------------------


def test_invalid_code_read_leniently_and_written_back(real):
    """py4swiss invalid_code.trf: line 7 has the unknown code 101. Lenient mode keeps it (and
    writes it back); strict mode refuses it at line 7, column 1."""
    name = "py4swiss/data/invalid_code.trf"
    doc = doc_of(real, name)
    t = doc.tournament
    assert list(t.players) == [1, 2, 3, 4, 5, 6]
    assert [(e.code, e.text.split()[0]) for e in t.extra_records] == [("101", "7")]
    assert [(n.line, n.column) for n in doc.notes] == [(7, 1)]
    raw_line_7 = decode((real / name).read_bytes()).splitlines()[6]
    assert raw_line_7 in dumps(t, doc.dialect).splitlines()
    with pytest.raises(TrfError) as e:
        read_file(real / name, strict=True)
    assert [(p.line, p.column) for p in e.value.problems] == [(7, 1)]
    assert "unknown record code '101'" in e.value.first.message


def test_comments_file(real):
    """py4swiss comments.trf: a ``#`` comment line and a blank line are tolerated."""
    doc = doc_of(real, "py4swiss/data/comments.trf")
    t = doc.tournament
    assert len(t) == 7
    assert t.total_rounds == 5
    assert t.initial_colour is B
    assert doc.dialect.line_ending == "\r\n"
    assert doc.notes == []


def test_javafo_example(real):
    """JaVaFo's manual sample: 52 players after round 4 of 9, XXC white1, XXS, XXZ 22 28 43."""
    doc = doc_of(real, "py4swiss/data/javafo_example.trf")
    t = doc.tournament
    assert len(t) == 52
    assert t.total_rounds == 9
    assert t.rounds_played == 4
    assert t.initial_colour is W
    assert t.absent_next_round == [22, 28, 43]
    assert t.point_system.is_standard
    assert doc.dialect.engine and doc.dialect.xxs
    assert t.name == "XX Open Internacional de Gros"


def test_javafo_sample2_same_event_as_example(real):
    """TRFXSample2 has no XXZ: the players absent in round 5 have a round-5 bye instead
    (22 and 28 ``0000 - Z``, 43 ``0000 - H``, counted in his points, 1.0)."""
    a = load(real / "py4swiss/data/javafo_example.trf")
    b = load(real / "echecsjs-trf/fixtures/javafo_sample2.trf")
    assert [p.results[:4] for p in a] == [p.results[:4] for p in b]
    assert b.absent_next_round == []
    assert [(p.number, p.entry(5).result) for p in b if p.entry(5).result] == [
        (22, Result.ZERO_POINT_BYE),
        (28, Result.ZERO_POINT_BYE),
        (43, Result.HALF_POINT_BYE),
    ]
    assert b.rounds_played == 4


def test_dutch_d2_forbidden_pairs(real):
    t = load(real / "py4swiss/data/dutch_d2_criterion_d.trf")
    assert len(t) == 12
    assert t.rounds_played == 0
    assert len(t.forbidden_pairs) == 30
    assert t.forbidden_pairs[0] == ForbiddenPairs((1, 2))


# -- bbpPairings and the echecsjs copies -------------------------------------------------------


def test_bbp_dutch_2025_c5(real):
    """6 players, 2 rounds played, player 4 absent in round 3 (``0000 - Z``)."""
    t = load(real / "bbpPairings/tests/dutch_2025_C5.input")
    assert len(t) == 6
    assert t.total_rounds == 3
    assert t.rounds_played == 2
    assert t.player(4).entry(3) == RoundEntry.bye(Result.ZERO_POINT_BYE)
    assert t.score(4) == 0


def test_bbp_issue_7_cr_line_endings(real):
    """bbp issue #7: 60 players, 14 rounds played, XXR 15, many forfeits, CR-only endings."""
    doc = doc_of(real, "bbpPairings/tests/issue_7.input")
    t = doc.tournament
    assert doc.dialect.line_ending == "\r"
    assert len(t) == 60
    assert t.total_rounds == 15
    assert t.rounds_played == 14
    forfeits = sum(1 for p in t for e in p.results if e.result is not None and e.result.is_forfeit)
    assert forfeits > 10


def test_bbp_issue_15(real):
    doc = doc_of(real, "bbpPairings/tests/issue_15.input")
    assert doc.dialect.line_ending == "\r"
    assert len(doc.tournament) == 180
    assert doc.tournament.rounds_played == 11


@pytest.mark.parametrize(
    ("bbp", "echecsjs"),
    [
        ("dutch_2025_C5.input", "dutch_2025_C5.trf"),
        ("dutch_2025_C9.input", "dutch_2025_C9.trf"),
        ("issue_7.input", "issue_7.trf"),
        ("issue_15.input", "issue_15.trf"),
    ],
)
def test_echecsjs_copies_match_bbp_inputs(real, bbp, echecsjs):
    """echecsjs' fixtures are copies of the bbp inputs (the issue files converted to LF)."""
    a = load(real / "bbpPairings/tests" / bbp)
    b = load(real / "echecsjs-trf/fixtures" / echecsjs)
    assert [(p.number, p.name, p.rating, p.results) for p in a] == [
        (p.number, p.name, p.rating, p.results) for p in b
    ]


# -- sharly-chess ------------------------------------------------------------------------------


def test_trf_import_test_player_9(real):
    """README: player 9's results are L, L, HPB, forfeit loss, PAB."""
    t = load(real / "sharly-chess/tournament_importers/trf-import-test.trf")
    assert t.player(9).results == [
        RoundEntry(1, B, Result.LOSS),
        RoundEntry(10, W, Result.LOSS),
        RoundEntry.bye(Result.HALF_POINT_BYE),
        RoundEntry(11, B, Result.FORFEIT_LOSS),
        RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE),
    ]
    assert t.score(9) == Decimal("1.5")


def test_trf_import_test_trf26_records(real):
    doc = doc_of(real, "sharly-chess/tournament_importers/trf-import-test.trf")
    t = doc.tournament
    assert doc.dialect.version == "2026" and not doc.dialect.engine
    assert len(t) == 16
    assert t.total_rounds == 5
    assert t.initial_colour is B
    assert t.rank_method == "NIDOF"
    assert t.pairing_controller == "Sharly Chess"
    assert t.system == "FIDE_DUTCH_2026_BAKU"
    # the dates sit one column right of spec 6.1's 92-99 (from 93): read by slot, noted
    assert t.round_dates == ["25/09/13", "25/09/13", "25/09/13", "25/09/14", "25/09/14"]
    assert [(n.line, n.column) for n in doc.notes] == [(10, 92)]
    assert [(b.kind.value, b.round, b.players) for b in t.bye_requests] == [
        ("H", 2, (4,)),
        ("H", 3, (9,)),
        ("Z", 4, (12, 14)),
        ("Z", 5, (12,)),
    ]
    [nrs] = t.player(1).national_ratings
    assert (nrs.federation, nrs.rating, nrs.origin, nrs.national_id) == (
        "FRA",
        2200,
        "IDF",
        "D50113",
    )


def test_tec_swiss_trf_has_the_import_test_results(real):
    """README: the results of tec-trf/tec-swiss.trf are identical to trf-import-test.trf."""
    a = load(real / "sharly-chess/tec-trf/tec-swiss.trf")
    b = load(real / "sharly-chess/tournament_importers/trf-import-test.trf")
    assert [p.results for p in a] == [p.results for p in b]
    assert a.scores() == b.scores()


def test_trf_team_import_test(real):
    """26 players, 5 teams of 4 boards, 3 rounds; 162 P 5.0; 192; 212; 352; 362; 300/320."""
    doc = doc_of(real, "sharly-chess/tournament_importers/trf-team-import-test.trf")
    t = doc.tournament
    assert len(t) == 26
    assert len(t.teams) == 5
    assert [team.number for team in t.teams] == [1, 2, 3, 4, 5]
    assert all(len(team.members) >= 4 for team in t.teams)
    assert t.total_rounds == 3
    assert t.point_system.pairing_allocated_bye == 5
    assert t.system == "FIDE_TEAM_TYPEA_MP_GP"
    # a team event: 212 (PTS, then the tie-breaks) ranks the teams (issue 13 item 18)
    assert t.team_tiebreaks == ["WIN", "BH", "AOB"] and t.tiebreaks == []
    assert t.tiebreak_records == ("212",)
    codes = [e.code for e in t.extra_records]
    assert "352" in codes and "362" in codes and "300" in codes
    assert any(e.is_pending for p in t for e in p.results)


def test_example_trf26_grandmommys_cup(real):
    """README: 249 players, 50 teams, 14 rounds; 18 byes, 22 team forfeits, 141 lineups."""
    doc = doc_of(real, "sharly-chess/trf/example_trf26.trf")
    t = doc.tournament
    assert doc.dialect.version == "2026"
    assert len(t) == 249
    assert len(t.teams) == 50
    assert all(team.trf16_record for team in t.teams)
    assert t.total_rounds == 14
    assert t.recorded_rounds == 14
    assert len(t.bye_requests) == 18
    assert sum(1 for e in t.extra_records if e.code == "330") == 22
    assert sum(1 for e in t.extra_records if e.code == "300") == 141
    # a team event: 202 lists the teams' tie-breaks (issue 13 item 18)
    assert t.team_tiebreaks == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]
    assert t.tiebreaks == [] and t.tiebreak_records == ("202",)
    assert t.system == "FIDE_TEAM_BAKU"
    assert t.time_control_code == "40/6000+30:900+30"
    assert len(t.accelerations) == 4
    assert t.forbidden_pairs == [ForbiddenPairs((1, 11, 16), 1, 14)]
    assert t.teams[0].name == "India"
    assert t.teams[0].members == [1, 5, 15, 28, 44]


def test_grandmommyscup_echecsjs(real):
    """The echecsjs version: 249 players, 50 teams, 14 rounds, fifteen IND national ratings,
    unplayed team games ``0000 - -`` and ``0000 - +``."""
    doc = doc_of(real, "echecsjs-trf/fixtures/grandmommyscup.trf")
    t = doc.tournament
    assert (len(t), len(t.teams), t.total_rounds) == (249, 50, 14)
    nrs = [nr for p in t for nr in p.national_ratings]
    assert len(nrs) == 15 and {nr.federation for nr in nrs} == {"IND"}
    entries = [e for p in t for e in p.results]
    assert RoundEntry(None, N, Result.FORFEIT_LOSS) in entries
    assert RoundEntry(None, N, Result.FORFEIT_WIN) in entries
    assert doc.dialect.line_ending == "\r\n"


def test_example_trf16(real):
    """Karl-Mala-Gedenkturnier 2005: 284 players, 7 rounds, dotted birth dates, empty 032."""
    doc = doc_of(real, "sharly-chess/trf/example_trf16.trf")
    t = doc.tournament
    assert doc.dialect == TRF16
    assert len(t) == 284
    assert t.recorded_rounds == 7
    assert t.federation == ""
    assert t.player(1).birth_date == "1969.12.06"
    assert t.player(1).name == "Vasquez,Rodrigo"
    assert t.player(1).title == "g"
    assert t.score(1) == 6


@pytest.mark.parametrize(
    ("name", "players", "rounds"),
    [("sharly-chess/trf/2020_06.trf", 13, 10), ("sharly-chess/trf/2021_03.trf", 9, 9)],
)
def test_lichess_exports(real, name, players, rounds):
    """lichess Swiss exports: usernames, no ratings, byes as a blank opponent plus a code."""
    t = load(real / name)
    assert len(t) == players
    assert t.total_rounds == rounds
    assert all(p.rating is None for p in t)
    byes = [e for p in t for e in p.results if e.opponent is None]
    assert byes
    assert all(e.colour is N for e in byes)
    pabs = [r for r in range(1, rounds + 1) if any(p.entry(r).received_pab for p in t)]
    assert pabs


def test_lichess_2020_06_byes(real):
    t = load(real / "sharly-chess/trf/2020_06.trf")
    assert t.player(5).results[:2] == [
        RoundEntry.bye(Result.HALF_POINT_BYE),
        RoundEntry(None, N, Result.FORFEIT_LOSS),
    ]
    assert t.player(6).entry(2) == RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE)
    assert t.player(12).entry(1) == RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE)
    assert t.score(1) == 8


def test_seed003_file(real):
    t = load(real / "seed003/buchholz-virtual-opponent.trf")
    assert len(t) == 20
    assert t.total_rounds == 7
    assert t.player(1).entry(1) == RoundEntry(11, W, Result.FORFEIT_WIN)


def test_trf26_team_fixture_details(real):
    """echecsjs trf26_team.trf: besides the misaligned birth dates, the first problem is
    reported on line 13 at column 80 (not somewhere later in the file)."""
    problems = check(decode((real / "echecsjs-trf/fixtures/trf26_team.trf").read_bytes()))
    assert problems[0].line == 13
    assert "column should be blank" in problems[0].message
