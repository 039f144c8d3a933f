"""FIDE (Dutch) system, 2026 edition (C.04.3 in force from 1 February 2026): the engine gives
exactly the pairings of bbpPairings v6.0.0, the FIDE-endorsed engine.

The full corpus run is the README's ``compare_pairings.py`` command; here a representative
sample of every corpus, bbpPairings' own rule-article cases, and unit tests of the rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.editions import DutchEdition
from chessarbiter.model import Colour
from chessarbiter.pairing.dutch.colours import choose_colour
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.swiss.colours import ColourRule, neutral_colour
from chessarbiter.pairing.swiss.state import Match, SwissPlayer, _colour_data

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
REAL = SHARED / "real"
CORPUS = SHARED / "corpus"

needs_shared = pytest.mark.skipif(
    not SHARED.exists(), reason=f"{SHARED} is not beside the checkout"
)


def engine_output(path: Path, edition: DutchEdition = DutchEdition.DUTCH_2026) -> list[str]:
    try:
        return pair_round(trf.load(path), edition).engine_lines()
    except NoValidPairingError:
        return ["no valid pairing"]


def reference(case: Path, suffix: str = ".pairs") -> list[str]:
    pairs = case.with_suffix(suffix)
    if pairs.exists():
        return pairs.read_text().split("\n")[: int(pairs.read_text().split()[0]) + 1]
    assert case.with_suffix(".nopairing" + suffix[len(".pairs") :]).exists(), case
    return ["no valid pairing"]


def as_set(lines: list[str]) -> object:
    return lines if lines == ["no valid pairing"] else (lines[0], sorted(lines[1:]))


# -- bbpPairings' own rule-article tests (exact output, board order included) -----------------


@needs_shared
@pytest.mark.parametrize("name", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_bbp_rule_article_cases(name):
    """bbpPairings v6 test/tests: [C5] the bye, [C9] unplayed games of the bye receiver, and a
    60-player late-round regression with many forfeits (CR-only line endings)."""
    folder = REAL / "bbpPairings" / "tests"
    expected = (folder / f"{name}.output.expected").read_text().split()
    got = " ".join(engine_output(folder / f"{name}.input")).split()
    assert got == expected


@needs_shared
@pytest.mark.parametrize("name", ["no_legal_pairings.trf", "no_legal_pairings_odd.trf"])
def test_no_valid_pairing_is_reported(name):
    """C.04.1 b: when every remaining pair has met, no pairing exists, and the engine says so."""
    with pytest.raises(NoValidPairingError, match="no valid pairing"):
        pair_round(trf.load(REAL / "py4swiss" / "data" / name))


@needs_shared
def test_javafo_example_respects_xxz_absences():
    """JaVaFo's XXZ lists players not to be paired this round (C.04.2 2026 art. 3.3)."""
    lines = engine_output(REAL / "py4swiss" / "data" / "javafo_example.trf")
    paired = {int(x) for line in lines[1:] for x in line.split()}
    assert not paired & {22, 28, 43}
    assert int(lines[0]) == 25  # 49 present players: 24 boards and the bye


# -- corpus sample --------------------------------------------------------------------------


def _sample(folder: Path, step: int, max_players: int) -> list[Path]:
    if not folder.exists():
        return []
    cases = sorted(folder.glob("*/round*.trf"))
    cases = [c for c in cases if int(c.parent.name.split("_p")[1][:4]) <= max_players]
    return cases[::step]


@needs_shared
@pytest.mark.parametrize(
    "case", _sample(CORPUS / "dutch", 9, 100), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_corpus_identical_to_bbp_v6(case):
    """Same boards, same colours, same bye as bbpPairings v6.0.0 (2026 rules)."""
    assert as_set(engine_output(case)) == as_set(reference(case))


@needs_shared
@pytest.mark.parametrize(
    "case", _sample(CORPUS / "dutch-features", 4, 100), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_feature_corpus_identical_to_bbp_v6(case):
    """Forbidden pairs, acceleration, late entries, full-point byes, point systems, round 1."""
    assert as_set(engine_output(case)) == as_set(reference(case))


# -- colour rules ---------------------------------------------------------------------------


def player(rank: int, colours: str) -> SwissPlayer:
    """A player whose played games had ``colours`` (W/B; '-' for a round not played)."""
    matches = [
        Match(
            None if c == "-" else 99,
            {"W": Colour.WHITE, "B": Colour.BLACK, "-": Colour.NONE}[c],
            None,
            c != "-",
            c != "-",
            10,
        )
        for c in colours
    ]
    p = SwissPlayer(number=rank + 1, index=rank, rank=rank, score=30, matches=matches)
    _colour_data(p)
    return p


def test_a6_colour_preferences():
    """C.04.3 A.6 / 2026 1.7: absolute (difference > 1 or two in a row), strong (difference 1),
    mild (difference 0: alternate), none (no game yet); unplayed rounds do not count (C.04.2
    D.5 / 2026 art. 3.4)."""
    assert player(0, "WWB").colour_preference is Colour.BLACK
    assert not player(0, "WWB").absolute_preference and player(0, "WWB").strong_preference
    assert player(0, "BWW").absolute_preference  # two whites in a row
    assert player(0, "WBWW").colour_preference is Colour.BLACK
    assert player(0, "WBW-B").colour_preference is Colour.WHITE  # mild: alternate
    assert player(0, "WB-").colour_preference is Colour.WHITE
    assert player(0, "---").colour_preference is Colour.NONE
    assert player(0, "W-W").absolute_preference  # the unplayed round is skipped


def test_dutch_colours_2013_worked_example_e3_under_the_2013_colour_rules():
    """Dutch Colours 2013 (Istanbul 2012 / "Tallinn 2013" E.2-E.3): leaders 1 WWBWBW and 2 BBWBWW
    both have an absolute preference for black; E.1 and E.2 (kind of preference only) do not decide;
    the last round in which their colours differed is round 5 (1 had B, 2 had W), so player 1
    gets white."""
    one, two = player(0, "WWBWBW"), player(1, "BBWBWW")
    assert one.colour_preference is two.colour_preference is Colour.BLACK
    assert one.absolute_preference and two.absolute_preference
    assert neutral_colour(one, two, ColourRule.COLOURS_2013) is Colour.WHITE
    assert neutral_colour(two, one, ColourRule.COLOURS_2013) is Colour.BLACK


def test_dutch_colours_2013_example_under_e2_of_2017_and_2026():
    """C.04.3 2017 E.2 / 2026 5.2.2: of two absolute preferences the wider colour difference
    wins: player 1 (+2 whites) gets black, player 2 (difference 0, two whites in a row) white."""
    one, two = player(0, "WWBWBW"), player(1, "BBWBWW")
    assert (one.colour_imbalance, two.colour_imbalance) == (2, 0)
    assert neutral_colour(one, two) is Colour.BLACK
    assert neutral_colour(two, one) is Colour.WHITE


def test_e4_higher_ranked_preference_when_histories_equal():
    """E.4 / 5.2.4: same preference and identical histories: the higher-ranked player's."""

    class State:
        initial_colour = Colour.WHITE

        @staticmethod
        def score(p: SwissPlayer, rounds_back: int = 0) -> int:
            return p.score

    one, two = player(0, "WB"), player(1, "WB")
    assert neutral_colour(one, two) is Colour.NONE
    assert choose_colour(State(), one, two) is Colour.WHITE  # type: ignore[arg-type]
    assert choose_colour(State(), two, one) is Colour.BLACK  # type: ignore[arg-type]


# -- the pure-Python kernel stays exact ---------------------------------------------------------


@needs_shared
@pytest.mark.parametrize(
    "case", _sample(CORPUS / "dutch", 37, 64), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_pure_python_kernel_gives_the_same_pairings(case):
    """The compiled kernel is optional; without it the pure-Python kernel pairs identically."""
    from chessarbiter.pairing.matching import MatchingComputer

    t = trf.load(case)
    try:
        got = pair_round(t, matcher=MatchingComputer).engine_lines()
    except NoValidPairingError:
        got = ["no valid pairing"]
    assert as_set(got) == as_set(reference(case))


def test_pure_python_kernel_can_be_forced(monkeypatch):
    from chessarbiter.pairing.matching import MatchingComputer, default_computer

    monkeypatch.setenv("CHESSARBITER_PURE_PYTHON", "1")
    assert type(default_computer(3)) is MatchingComputer


@needs_shared
def test_weights_outside_the_bracket_take_the_short_path_exactly():
    """The short computation of a pair outside the bracket gives the full computation's
    number, in both the even case and the odd case with [C9] in force."""
    from chessarbiter.pairing.dutch.weights import WeightContext
    from chessarbiter.pairing.swiss.state import prepare_round

    for case in _sample(CORPUS / "dutch", 97, 64):
        state = prepare_round(trf.load(case))
        players = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
        ctx = WeightContext(state, players)
        for single in (False, True):
            ctx.single_downfloater_is_bye = single
            ctx.bye_score = state.score(players[-1])
            ctx.unplayed_ranks = {p.played_games: i for i, p in enumerate(players)}
            for i, low in enumerate(players):
                for high in players[:i]:
                    if ctx.compatible(high, low):
                        assert ctx._outside_weight(high, low) == ctx._bracket_weight(
                            high, low, False, False
                        )


@needs_shared
def test_outside_terms_and_incompatibility_lists_match_the_pairwise_rules():
    """The row-at-a-time forms used to set every weight agree with the pairwise ones."""
    from chessarbiter.pairing.dutch.weights import WeightContext
    from chessarbiter.pairing.swiss.state import prepare_round

    cases = _sample(CORPUS / "dutch", 61, 100) + _sample(CORPUS / "dutch-features", 23, 100)
    for case in cases:
        state = prepare_round(trf.load(case))
        players = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
        ctx = WeightContext(state, players)
        banned = ctx.incompatible_lists(players)
        for single in (False, True):
            ctx.single_downfloater_is_bye = single
            ctx.bye_score = state.score(players[-1])
            ctx.unplayed_ranks = {p.played_games: i for i, p in enumerate(players)}
            base, terms = ctx.outside_terms(players)
            for i, low in enumerate(players):
                for j, high in enumerate(players[:i]):
                    assert (j not in banned[i]) is ctx.compatible(high, low), case
                    if j not in banned[i]:
                        assert base + terms[i] + terms[j] == ctx._outside_weight(high, low)


@needs_shared
@pytest.mark.parametrize(
    "case", _sample(CORPUS / "dutch", 53, 100), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_narrow_score_fields_widen_exactly(case, monkeypatch):
    """The "scores" fields start as narrow as a round usually needs; a bracket that needs
    more widens them and sets every weight again. Forced on every bracket, the pairing is
    the same."""
    from chessarbiter.pairing.dutch import weights

    original = weights.WeightContext.__init__

    def narrow(self, *args):
        original(self, *args)
        self.widen(1)

    monkeypatch.setattr(weights.WeightContext, "__init__", narrow)
    assert as_set(engine_output(case)) == as_set(reference(case))


@needs_shared
@pytest.mark.parametrize(
    "case",
    _sample(CORPUS / "dutch", 41, 100),
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_bye_only_solve_agrees_with_the_one_solve_proof(case, monkeypatch):
    """[C5]: with an odd number of players, proving the bye at the lowest eligible score
    with one solve gives the same pairing as deciding it by the bye-only solve first."""
    from chessarbiter.pairing.dutch import engine

    expected = engine_output(case)
    monkeypatch.setattr(engine.DutchPairer, "prove_lowest_bye", False)
    assert engine_output(case) == expected


@needs_shared
@pytest.mark.parametrize(
    "case",
    _sample(CORPUS / "dutch", 71, 100) + _sample(CORPUS / "dutch-features", 29, 100),
    ids=lambda p: f"{p.parent.name}/{p.stem}",
)
def test_bracket_rows_equal_the_pairwise_weights(case, monkeypatch):
    """Every row of a bracket, computed once per kind of pair, is the pairwise
    ``edge_weight`` (the absolute criteria included)."""
    from chessarbiter.pairing.dutch import engine, weights

    # a round of alike players is paired without bracket rows (engine.first_candidate)
    monkeypatch.setattr(engine, "first_candidate", lambda state, players: None)

    original = weights.WeightContext.current_rows
    checked = []

    def checking(self, players, start, forbidden):
        rows = original(self, players, start, forbidden)
        assert len(rows) == len(players) - start
        for lower, row in enumerate(rows, start):
            higher = players[:lower]
            assert row == [self.edge_weight(h, players[lower], True, False) for h in higher]
            assert [bool(w) for w in row] == [
                h not in forbidden[lower - start] and self.compatible(hp, players[lower])
                for h, hp in enumerate(higher)
            ]
            checked.append(len(row))
        return rows

    monkeypatch.setattr(weights.WeightContext, "current_rows", checking)
    assert as_set(engine_output(case)) == as_set(reference(case))
    assert checked
