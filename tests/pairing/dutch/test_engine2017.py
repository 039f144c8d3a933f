"""FIDE (Dutch) system, 2017 edition (C.04.3 of Baku 2016, in force July 2017 - January 2026):
the engine gives exactly the pairings of bbpPairings v5.0.1, the FIDE-endorsed engine for these
rules.

A sample of the corpora's ``.pairs2017`` / ``.nopairing2017`` references (every small case in
which the 2017 rules pair differently from the 2026 ones, and a stride through the others),
named cases for the 2017 articles, and unit tests of the 2017-specific rules.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Tournament
from chessarbiter.pairing.dutch.engine import order_boards
from chessarbiter.pairing.dutch.engine2017 import compute_pairs_2017
from chessarbiter.pairing.dutch.weights import WeightContext
from chessarbiter.pairing.dutch.weights2017 import BracketWeights, WeightContext2017
from chessarbiter.pairing.matching import Matcher
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.swiss.facts import Float
from chessarbiter.pairing.swiss.state import SwissRound, prepare_round

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
CORPUS = SHARED / "corpus"

needs_shared = pytest.mark.skipif(
    not SHARED.exists(), reason=f"{SHARED} is not beside the checkout"
)

Factory = Callable[[int], Matcher]


@pytest.fixture(scope="module")
def factory() -> Factory:
    """The matching kernel (skips until :mod:`chessarbiter.pairing.matching` provides it)."""
    matching = pytest.importorskip("chessarbiter.pairing.matching")
    computer = getattr(matching, "MatchingComputer", None)
    if computer is None:
        pytest.skip("chessarbiter.pairing.matching.MatchingComputer is not available yet")
    return computer  # type: ignore[no-any-return]


def pair_2017(tournament: Tournament, factory: Factory) -> list[str]:
    state = prepare_round(tournament, DutchEdition.DUTCH_2017)
    try:
        return order_boards(state, compute_pairs_2017(state, factory)).engine_lines()
    except NoValidPairingError:
        return ["no valid pairing"]


def as_set(lines: list[str]) -> object:
    return lines if lines == ["no valid pairing"] else (lines[0], sorted(lines[1:]))


def reference_2017(case: Path) -> object:
    pairs = case.with_suffix(".pairs2017")
    if pairs.exists():
        lines = pairs.read_text().split("\n")
        return as_set(lines[: int(lines[0]) + 1])
    assert case.with_suffix(".nopairing2017").exists(), case
    return ["no valid pairing"]


# -- corpus sample --------------------------------------------------------------------------


def _players(case: Path) -> int:
    return int(case.parent.name.split("_p")[1][:4])


def _has_2017_reference(case: Path) -> bool:
    return case.with_suffix(".pairs2017").exists() or case.with_suffix(".nopairing2017").exists()


def _differs_from_2026(case: Path) -> bool:
    new = case.with_suffix(".pairs")
    old = case.with_suffix(".pairs2017")
    if not new.exists() or not old.exists():
        return new.exists() != old.exists()
    return as_set(new.read_text().split("\n")[:-1]) != as_set(old.read_text().split("\n")[:-1])


def _sample(max_players: int, step: int) -> list[Path]:
    """Every case up to ``max_players`` where the 2017 reference differs from the 2026 one, and
    every ``step``-th of the others."""
    if not CORPUS.exists():
        return []
    cases = [
        c
        for folder in ("dutch", "dutch-features")
        for c in sorted((CORPUS / folder).glob("*/round*.trf"))
        if _players(c) <= max_players and _has_2017_reference(c)
    ]
    differing = [c for c in cases if _differs_from_2026(c)]
    others = [c for c in cases if not _differs_from_2026(c)]
    return differing + others[::step]


@needs_shared
@pytest.mark.parametrize(
    "case", _sample(24, 12), ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.stem}"
)
def test_corpus_identical_to_bbp_v5(case: Path, factory: Factory) -> None:
    """Same boards, same colours, same bye as bbpPairings v5.0.1 (2017 rules)."""
    assert as_set(pair_2017(trf.load(case), factory)) == reference_2017(case)


# -- named cases ----------------------------------------------------------------------------


def _case(folder: str, name: str, round_number: int) -> Path:
    return CORPUS / folder / name / f"round{round_number:02d}.trf"


@needs_shared
def test_c04_1_d_2017_full_point_bye_does_not_bar_the_pab(factory: Factory) -> None:
    """C.2 / C.04.1 d (2017): only a PAB or a forfeit win bars the PAB. Players 5, 6 and 7 had
    requested full-point byes; the 2026 rules bar them and give the PAB to 4, the 2017 rules
    give it to 7, the lowest."""
    case = _case("dutch-features", "f100_p0007_r05_byes_F-hist_s1000118", 4)
    lines = pair_2017(trf.load(case), factory)
    assert lines[-1] == "7 0"
    assert as_set(lines) == reference_2017(case)


@needs_shared
@pytest.mark.parametrize(
    ("folder", "name", "round_number"),
    [
        ("dutch-features", "f028_p0007_r05_forbidden_chain1_s1000028", 4),
        ("dutch", "t001_p0007_r05_clean_s1000001", 4),
        ("dutch", "t003_p0015_r09_clean_s1000003", 9),
    ],
)
def test_a9_penultimate_bracket_is_paired_again(
    folder: str, name: str, round_number: int, factory: Factory
) -> None:
    """A.9 / C.4: the downfloaters of a bracket leave the rest of the round unpairable, so the
    bracket becomes the PPB and is paired again, then the collapsed last bracket."""
    case = _case(folder, name, round_number)
    assert as_set(pair_2017(trf.load(case), factory)) == reference_2017(case)


@needs_shared
@pytest.mark.parametrize(
    "name",
    [
        "f029_p0007_r05_forbidden_chain6_s1000028/round04",
        "f027_p0010_r07_forbidden_chain8_s1000137/round06",
    ],
)
def test_c1_c3_no_valid_pairing_is_reported(name: str, factory: Factory) -> None:
    """C.1-C.3: when forbidden pairs leave no complete round-pairing, the engine says so."""
    with pytest.raises(NoValidPairingError, match="no valid pairing"):
        state = prepare_round(
            trf.load(CORPUS / "dutch-features" / f"{name}.trf"), DutchEdition.DUTCH_2017
        )
        compute_pairs_2017(state, factory)


def test_round_1_e5_and_pab_to_the_lowest(factory: Factory) -> None:
    """Round 1 (B.3, E.5): S1 = 1-3 meets S2 = 4-6 in order, odd-numbered higher players take
    the initial colour, and the last player gets the PAB (C.04.1 c)."""
    lines = pair_2017(trf.loads(_trf(7, {}, rounds_played=0)), factory)
    assert lines == ["4", "1 4", "5 2", "3 6", "7 0"]


# -- unit tests of the 2017 rules -----------------------------------------------------------


def _trf(players: int, history: dict[int, list[str]], rounds_played: int, rounds: int = 5) -> str:
    """A TRF with ``players`` players (rated in pairing-number order) and, for each player
    with a history, its round entries as ``"OPP C R"`` (opponent 0 for a bye)."""
    lines = ["012 Test", f"XXR {rounds}", "XXC white1"]
    for pid in range(1, players + 1):
        entries = history.get(pid, [])
        points = 0.0
        blocks = ""
        for entry in entries[:rounds_played]:
            opp, colour, result = entry.split()
            points += {"1": 1.0, "=": 0.5, "+": 1.0, "F": 1.0, "U": 1.0, "H": 0.5}.get(result, 0)
            blocks += f"  {'0000' if opp == '0' else opp:>4} {colour} {result}"
        head = f"001 {pid:>4}      Test{pid:04d} Player{pid:04d}".ljust(48)
        head += f"{2500 - pid:>4}".ljust(32) + f"{points:>4.1f} {pid:>4}"
        lines.append(head + blocks)
    return "\n".join(lines) + "\n"


def _state(text: str, edition: DutchEdition = DutchEdition.DUTCH_2017) -> SwissRound:
    return prepare_round(trf.loads(text), edition)


#: Round 1 of nine players: 1 beat 4, 5-2 drawn, 3 won by forfeit against 6; 7 was absent (Z),
#: 8 had a requested full-point bye (F), 9 the PAB (U).
_ROUND_1 = {
    1: ["4 w 1"],
    4: ["1 b 0"],
    2: ["5 b ="],
    5: ["2 w ="],
    3: ["6 w +"],
    6: ["3 b -"],
    7: ["0 - Z"],
    8: ["0 - F"],
    9: ["0 - U"],
}


def test_a4b_a_player_who_did_not_play_floated_down() -> None:
    """A.4 b (2017): a player who does not play, for any reason, gets a downfloat (a zero-point
    bye, a forfeit loss, a forfeit win, a full-point bye, the PAB); the 2026 rules give one only
    to those who scored more than a loss without playing."""
    state = _state(_trf(9, _ROUND_1, rounds_played=1))
    ctx = WeightContext2017(state, state.to_pair)
    p = {sp.number: sp for sp in state.players}
    assert ctx.float(p[1], 1) is Float.NONE  # played, equal scores
    for number in (3, 6, 7, 8, 9):
        assert ctx.float(p[number], 1) is Float.DOWN
    state26 = _state(_trf(9, _ROUND_1, rounds_played=1), DutchEdition.DUTCH_2026)
    ctx26 = WeightContext(
        state26, sorted(state26.to_pair, key=lambda p: (-state26.score(p), p.rank))
    )
    p26 = {sp.number: sp for sp in state26.players}
    assert ctx26.float(p26[7], 1) is Float.NONE
    assert ctx26.float(p26[6], 1) is Float.NONE


def test_c04_1_d_2017_pab_eligibility() -> None:
    """C.2 / C.04.1 d (2017): a PAB or a forfeit win bars the PAB; a requested full-point bye
    does not (the 2026 rules bar it too)."""
    text = _trf(9, _ROUND_1, rounds_played=1)
    state = _state(text)
    ctx = WeightContext2017(state, state.to_pair)
    eligible = {sp.number for sp in state.to_pair if ctx.eligible(sp)}
    assert eligible == {1, 2, 4, 5, 6, 7, 8}
    state26 = _state(text, DutchEdition.DUTCH_2026)
    assert {sp.number for sp in state26.to_pair if state26.eligible_for_bye(sp)} == {
        1,
        2,
        4,
        5,
        6,
        7,
    }


def test_a8_c6_psd_prefers_pairing_the_moved_down_player() -> None:
    """A.8 / C.6: the PSD is compared from its largest SD down, a downfloater's SD being its
    score minus (the lowest score - 1 point). Player 1 (1 point) moved down into the bracket
    of 2, 3, 5, 6 (half a point; 2-5 and 3-6 have met), 4 (no point) is below: 1-2, 3-5 with
    6 floating (PSD 1.5, 0.5, 0) beats 2-3, 5-6 with 1 floating (PSD 2, 0, 0), although both
    make two pairs (C.5)."""
    history = {1: ["4 w 1"], 4: ["1 b 0"], 2: ["5 b ="], 5: ["2 w ="], 3: ["6 w ="], 6: ["3 b ="]}
    state = _state(_trf(6, history, rounds_played=1))
    players = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
    assert [p.number for p in players] == [1, 2, 3, 5, 6, 4]
    ctx = WeightContext2017(state, players)
    weights = BracketWeights(ctx, players, 1, 5, special=False, final=True)
    # SD keys (tenths): pairs 0 and 0.5, downfloaters 1.5 and 2 points
    assert sorted(weights.sd_shifts) == [0, 5, 15, 20]
    assert weights.sd_shifts[20] > weights.sd_shifts[15] > weights.sd_shifts[5]
    w = weights.edge_weight
    assert w(1, 3) == w(2, 4) == 0  # C.1: 2-5 and 3-6 have met
    assert w(0, 1) + w(2, 3) > w(1, 2) + w(3, 4)
    # a pair inside the bracket outweighs any pair with the next score group (C.5)
    assert w(1, 2) > w(1, 5) > 0
    assert max(w(i, j) for j in range(6) for i in range(j)) < weights.max_edge_weight


def test_a7_c3_topscorers_may_share_an_absolute_preference() -> None:
    """C.3 with A.7: two players with the same absolute colour preference may not meet, unless
    one of them is a topscorer (more than half the maximum score) when the last round is
    paired."""
    history = {
        1: ["3 w 1", "4 w 1"],
        2: ["4 w 1", "3 w 1"],
        3: ["1 b 0", "2 b 0"],
        4: ["2 b 0", "1 b 0"],
    }
    for rounds, allowed in ((3, True), (4, False)):
        state = _state(_trf(4, history, rounds_played=2, rounds=rounds))
        p = {sp.number: sp for sp in state.to_pair}
        assert p[1].absolute_preference and p[2].absolute_preference
        ctx = WeightContext2017(state, state.to_pair)
        assert ctx.compatible(p[1], p[2]) is allowed
        assert not ctx.compatible(p[3], p[4])  # not topscorers


def test_the_2017_engine_needs_a_2017_round() -> None:
    """The 2017 PAB eligibility lives in the round state: a round prepared for 2026 is
    refused rather than paired by mixed rules."""
    state = _state(_trf(4, {}, rounds_played=0), DutchEdition.DUTCH_2026)
    with pytest.raises(PairingError, match="2017"):
        compute_pairs_2017(state, lambda size: pytest.fail("no matching expected"))


@needs_shared
@pytest.mark.parametrize(
    "case", _sample(100, 40)[::4], ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.stem}"
)
def test_bracket_rows_equal_the_pairwise_weights(
    case: Path, factory: Factory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every bracket row, computed once per kind of pair, is the pairwise ``edge_weight``
    (which applies the absolute criteria itself)."""
    from chessarbiter.pairing.dutch import engine, weights2017

    # a round of alike players is paired without bracket rows (engine.first_candidate)
    monkeypatch.setattr(engine, "first_candidate", lambda state, players: None)

    original = weights2017.BracketWeights.row
    checked: list[int] = []

    def checking(self: weights2017.BracketWeights, larger: int, allowed: list[bool]) -> list[int]:
        row = original(self, larger, allowed)
        assert row == [self.edge_weight(smaller, larger) for smaller in range(larger)]
        checked.append(larger)
        return row

    monkeypatch.setattr(weights2017.BracketWeights, "row", checking)
    assert as_set(pair_2017(trf.load(case), factory)) == reference_2017(case)
    assert checked
