"""The tournament checker and the check-list (``chessarbiter.pairing.dutch.checker``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.editions import DutchEdition as Edition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.apply import apply_pairing, record_result
from chessarbiter.pairing.dutch.checker import (
    RoundDifference,
    check_rounds,
    check_tournament,
    checklist,
    compare_round,
    played_pairs,
    tournament_before_round,
)
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.pairing.round_pairing import Board, RoundPairing
from chessarbiter.pairing.swiss.state import SwissRound, prepare_round

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
DUTCH = SHARED / "corpus" / "dutch"

needs_corpus = pytest.mark.skipif(not DUTCH.exists(), reason=f"{DUTCH} is not beside the checkout")


def corpus(prefix: str) -> Path:
    (found,) = DUTCH.glob(f"{prefix}_*")
    return found


def needs_matching() -> None:
    pytest.importorskip("chessarbiter.pairing.matching")


def set_game(t: Tournament, r: int, white: int, black: int, result: Result) -> None:
    """Overwrite round ``r`` of ``white`` and ``black`` with a game (to plant differences)."""
    counterpart = {Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW}
    t.player(white).results[r - 1] = RoundEntry(black, Colour.WHITE, result)
    t.player(black).results[r - 1] = RoundEntry(white, Colour.BLACK, counterpart[result])


# -- the position before each round ---------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("case", ["t001", "t011", "t028", "t046"])
def test_tournament_before_round_is_the_corpus_round_file(case):
    """The corpus ``roundNN.trf`` files are the tournament before round NN: the results of the
    rounds before, the byes given in advance for round NN (H, Z), nothing else."""
    directory = corpus(case)
    t = trf.load(directory / "tournament.trf")
    assert t.total_rounds is None and t.initial_colour is None  # the generator's file
    for round_file in sorted(directory.glob("round*.trf")):
        r = int(round_file.stem[len("round") :])
        expected = trf.load(round_file)
        before = tournament_before_round(t, r)
        assert before.total_rounds == expected.total_rounds
        assert before.initial_colour is expected.initial_colour
        assert before.absent_next_round == []
        for p in expected:
            assert before.player(p.number).results == p.results, (round_file.name, p.number)
        assert before.rounds_played == r - 1


def test_tournament_before_round_keeps_absences_and_leaves_the_original_alone():
    t = Tournament(total_rounds=3, initial_colour=Colour.BLACK, absent_next_round=[3])
    for n in (1, 2, 3):
        t.add_player(Player(n, f"P{n}"))
    t.record_game(1, 1, 2, Result.WIN)
    t.player(3).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.record_game(2, 3, 1, Result.DRAW)  # player 2 absent in round 2: no entry at all
    before = tournament_before_round(t, 2)
    assert before.player(2).results == [
        RoundEntry(1, Colour.BLACK, Result.LOSS),
        RoundEntry.NOT_PAIRED,
    ]
    assert len(before.player(1).results) == 1
    assert before.initial_colour is Colour.BLACK and before.absent_next_round == []
    assert [p.number for p in prepare_round(before).to_pair] == [1, 3]
    assert len(t.player(1).results) == 2 and t.absent_next_round == [3]


def test_tournament_before_round_infers_the_initial_colour_and_the_number_of_rounds():
    t = Tournament()
    for n in (1, 2):
        t.add_player(Player(n, f"P{n}"))
    t.record_game(1, 2, 1, Result.WIN)  # the top player had black in round 1
    before = tournament_before_round(t, 1)
    assert before.initial_colour is Colour.BLACK
    assert before.total_rounds == 1


def test_played_pairs_reads_games_forfeits_and_the_pab():
    t = Tournament(total_rounds=1)
    for n in range(1, 8):
        t.add_player(Player(n, f"P{n}"))
    t.record_game(1, 2, 1, Result.WIN)
    t.record_game(1, 3, 4, Result.FORFEIT_WIN)
    t.player(5).set_entry(1, RoundEntry(6, Colour.NONE, Result.FORFEIT_LOSS))
    t.player(6).set_entry(1, RoundEntry(5, Colour.NONE, Result.FORFEIT_WIN))
    t.player(7).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    assert played_pairs(t, 1) == [
        ((2, 1), True),
        ((3, 4), True),
        ((5, 6), False),  # no colours recorded
        ((7, 0), True),
    ]


# -- comparing rounds -------------------------------------------------------------------------


def small_state() -> SwissRound:
    t = Tournament(total_rounds=2, initial_colour=Colour.WHITE)
    for n in range(1, 6):
        t.add_player(Player(n, f"P{n}", rating=2000 - n))
    return prepare_round(t)


def test_compare_round_same_pairing_is_no_difference():
    pairing = RoundPairing(1, (Board(1, 3), Board(4, 2)), bye=5)
    played = [((4, 2), True), ((1, 3), True), ((5, 0), True)]
    assert compare_round(1, small_state(), pairing, played) is None


def test_compare_round_unknown_colours_match_either_way():
    pairing = RoundPairing(1, (Board(3, 1), Board(4, 2)), bye=5)
    played = [((1, 3), False), ((4, 2), True), ((5, 0), True)]
    assert compare_round(1, small_state(), pairing, played) is None


def test_compare_round_reports_both_sides_in_board_order():
    pairing = RoundPairing(1, (Board(1, 3), Board(4, 2)), bye=5)
    played = [((2, 5), True), ((1, 3), True), ((4, 0), True)]
    diff = compare_round(1, small_state(), pairing, played)
    assert diff == RoundDifference(1, ((4, 2), (5, 0)), ((2, 5), (4, 0)))
    assert not diff.colours_only
    assert str(diff) == "round 1: the engine pairs 4-2, 5-bye; the tournament has 2-5, 4-bye"


def test_compare_round_colours_only():
    pairing = RoundPairing(1, (Board(1, 3), Board(4, 2)), bye=5)
    played = [((3, 1), True), ((4, 2), True), ((5, 0), True)]
    diff = compare_round(1, small_state(), pairing, played)
    assert diff == RoundDifference(1, ((1, 3),), ((3, 1),))
    assert diff.colours_only


def test_compare_round_without_a_valid_pairing():
    played = [((1, 3), True), ((5, 0), True)]
    diff = compare_round(2, small_state(), None, played)
    assert diff == RoundDifference(2, (), ((1, 3), (5, 0)), no_valid_pairing=True)
    assert str(diff) == "round 2: no valid pairing exists, but the tournament has 1-3, 5-bye"


# -- whole tournaments (need the engine) -----------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("case", ["t001", "t010", "t019", "t028"])
def test_checker_finds_no_difference_in_corpus_tournaments(case):
    needs_matching()
    t = trf.load(corpus(case) / "tournament.trf")
    assert check_tournament(t) == []


@needs_corpus
def test_checker_finds_a_planted_colour_swap():
    needs_matching()
    t = trf.load(corpus("t001") / "tournament.trf")
    assert t.player(1).entry(5) == RoundEntry(5, Colour.WHITE, Result.WIN)
    set_game(t, 5, 5, 1, Result.LOSS)  # round 5: 5 had white against 1
    (diff,) = check_tournament(t)
    assert diff == RoundDifference(5, ((1, 5),), ((5, 1),))
    assert diff.colours_only


@needs_corpus
def test_checker_finds_planted_other_opponents():
    needs_matching()
    t = trf.load(corpus("t001") / "tournament.trf")
    # round 5 was 1-5 and 6-2 (7-4 and the bye to 3 elsewhere); make it 1-6 and 2-5
    assert t.player(6).entry(5) == RoundEntry(2, Colour.WHITE, Result.LOSS)
    set_game(t, 5, 1, 6, Result.WIN)
    set_game(t, 5, 2, 5, Result.WIN)
    (diff,) = check_tournament(t)
    assert diff.round == 5 and not diff.colours_only
    assert set(diff.engine) == {(1, 5), (6, 2)}
    assert set(diff.tournament) == {(1, 6), (2, 5)}


def test_checker_reports_a_round_that_has_no_valid_pairing():
    needs_matching()
    t = Tournament(total_rounds=2, initial_colour=Colour.WHITE)
    for n in (1, 2):
        t.add_player(Player(n, f"P{n}"))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(2, 2, 1, Result.WIN)  # a rematch: no valid pairing exists for round 2
    checks = list(check_rounds(t))
    assert [c.difference for c in checks] == [
        None,
        RoundDifference(2, (), ((2, 1),), no_valid_pairing=True),
    ]
    assert checks[0].pairing == RoundPairing(1, (Board(1, 2),))
    assert checks[1].pairing is None


def test_checker_needs_an_initial_colour():
    t = Tournament(total_rounds=2)
    for n in (1, 2):
        t.add_player(Player(n, f"P{n}"))
    t.player(1).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.player(2).set_entry(1, RoundEntry.bye(Result.HALF_POINT_BYE))
    with pytest.raises(PairingError, match="initial colour"):
        check_tournament(t)


@needs_corpus
def test_checker_applies_the_edition():
    """t073 was paired by the 2026 rules; the 2017 rules pair its round 4 otherwise."""
    needs_matching()
    t = trf.load(corpus("t073") / "tournament.trf")
    try:
        differences = check_tournament(t, Edition.DUTCH_2017)
    except PairingError as e:
        if "not available" in str(e):
            pytest.skip("the Dutch 2017 edition is not implemented yet")
        raise
    assert 4 in [d.round for d in differences]
    assert check_tournament(t, Edition.DUTCH_2026) == []


# -- the check-list ----------------------------------------------------------------------------


@needs_corpus
def test_checklist_of_a_corpus_round():
    t = trf.load(corpus("t001") / "round02.trf")
    pairing = RoundPairing(2, (Board(6, 1), Board(2, 7), Board(4, 3)), bye=5)
    rows = [
        "ID\tPts\t--\tPref\tC2\tC14\tC16\t  Cur\t\tR1\t",
        "",
        " 1\t1.0\t W\t (B)\t Y\t   \t   \t (6B)\t\t 4\t",
        " 2\t1.0\t B\t (W)\t Y\t   \t   \t (7W)\t\t 5\t",
        " 6\t1.0\t B\t (W)\t Y\t   \t   \t (1W)\t\t 3\t",
        " 7\t1.0\t  \t  A \t N\t  D\t   \t (2B)\t\t  \t",
        "",
        " 3\t0.0\t W\t (B)\t Y\t   \t   \t (4B)\t\t 6\t",
        " 4\t0.0\t B\t (W)\t Y\t   \t   \t (3W)\t\t 1\t",
        " 5\t0.0\t W\t (B)\t Y\t   \t   \t(bye)\t\t 2\t",
    ]
    assert checklist(t, Edition.DUTCH_2026, pairing) == "\n" + "\n".join(rows) + "\n\n\n"


@needs_corpus
def test_checklist_preferences_floats_and_byes_later_in_a_tournament():
    t = trf.load(corpus("t010") / "round05.trf")
    text = checklist(t)
    rows = {
        line.split("\t")[0].strip(): line.split("\t") for line in text.splitlines() if "\t" in line
    }
    header = rows["ID"]
    assert header[:8] == ["ID", "Pts", "-----", "Pref", "C2", "C14", "C16", "Cur"]
    assert header[9:13] == ["R1", "R2", "R3", "R4"]
    # player 1: b w b (3 games), then the PAB in round 4: not eligible, floated down
    one = rows["1"]
    assert one[1:7] == ["2.5", "  BWB", " (W)", " N", "  D", "   "]
    assert [c.strip() for c in one[9:13]] == ["4", "2", "5", ""]
    # player 5: H in round 2 (a requested bye does not cost the PAB eligibility)
    five = rows["5"]
    assert five[2].strip() == "BWB" and five[3] == " (W)" and five[4] == " Y"
    assert [c.strip() for c in five[9:13]] == ["2", "", "1", "3"]
    assert all(row[7].strip() == "" for row in rows.values() if row[0] != "ID")  # not paired


def test_checklist_marks_colour_preferences_and_floats():
    t = Tournament(total_rounds=4, initial_colour=Colour.WHITE)
    for n in range(1, 5):
        t.add_player(Player(n, f"P{n}"))
    t.record_game(1, 1, 3, Result.WIN)
    t.record_game(1, 2, 4, Result.LOSS)
    t.record_game(2, 1, 4, Result.DRAW)  # 1 (1.0) vs 4 (1.0)
    t.record_game(2, 3, 2, Result.WIN)  # 3 (0.0) vs 2 (0.0)
    t.record_game(3, 4, 3, Result.WIN)  # 4 (1.5) floats down to 3 (1.0)
    t.record_game(3, 2, 1, Result.LOSS)  # 2 (0.0) floats up to 1 (1.5)

    def rows(tournament: Tournament) -> dict[str, list[str]]:
        lines = checklist(tournament).splitlines()
        return {line.split("\t")[0].strip(): line.split("\t") for line in lines if "\t" in line}

    before_4 = rows(t)
    assert before_4["1"][2:7] == [" WWB", " (B)", " Y", "  D", "   "]
    assert before_4["2"][2:7] == [" WBW", " (B)", " Y", "  U", "   "]
    assert before_4["3"][2:7] == [" BWB", " (W)", " Y", "  U", "   "]
    assert before_4["4"][2:7] == [" BBW", " (W)", " Y", "  D", "   "]
    t.record_game(4, 3, 1, Result.WIN)
    t.record_game(4, 2, 4, Result.WIN)
    before_5 = rows(dataclasses.replace(t, total_rounds=5))
    assert before_5["1"][3] == "  W "  # W W B B: two blacks in a row
    assert before_5["2"][3] == "  B "  # W B W W: colour difference 2
    assert before_5["3"][3] == "  b "  # B W B W: balanced, mild
    assert before_5["4"][3] == "  W "  # B B W B
    assert before_5["4"][6] == "  D"  # round 3, two rounds back


def test_a_round_where_nobody_was_paired_is_skipped():
    needs_matching()
    t = Tournament(total_rounds=3, initial_colour=Colour.WHITE)
    for n in range(1, 5):
        t.add_player(Player(n, f"P{n}", rating=2000 - n))
    first = pair_round(t)
    apply_pairing(t, first)
    for board in first.boards:
        record_result(t, 1, board.white, board.black, Result.WIN)
    for n in range(1, 5):
        t.player(n).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    third = pair_round(t)
    assert third.round == 3
    apply_pairing(t, third)
    checks = list(check_rounds(t))
    assert [c.difference for c in checks] == [None, None, None]
    assert checks[1].pairing == RoundPairing(2, ())
    assert checks[2].pairing == third


def test_a_first_round_where_nobody_was_paired_cannot_be_checked():
    t = Tournament(total_rounds=2, initial_colour=Colour.WHITE)
    for n in (1, 2):
        t.add_player(Player(n, f"P{n}"))
        t.player(n).set_entry(1, RoundEntry.bye(Result.HALF_POINT_BYE))
    t.record_game(2, 1, 2, Result.WIN)
    with pytest.raises(PairingError, match="round 2 cannot be checked"):
        check_tournament(t)
