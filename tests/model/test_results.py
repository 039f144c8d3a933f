"""Result codes, colours and round entries (spec 6.1, TRF16 result codes; C.04.1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ResultCodeError, RoundEntryError
from chessarbiter.model import Colour, Outcome, Result, RoundEntry
from chessarbiter.model.results import parse_written_result

# -- Colour ------------------------------------------------------------------------------------


def test_colour_opposite():
    assert Colour.WHITE.opposite is Colour.BLACK
    assert Colour.BLACK.opposite is Colour.WHITE
    assert Colour.NONE.opposite is Colour.NONE


def test_trf16_colour_codes():
    """TRF16 colour column: ``w``, ``b``, ``-``."""
    assert [c.value for c in Colour] == ["w", "b", "-"]


# -- Result codes ------------------------------------------------------------------------------

ALL_CODES = "1=0+-WDLHFUZ"


@pytest.mark.parametrize("code", list(ALL_CODES))
def test_trf16_result_codes_case_insensitive(code):
    """Spec 6.1: every result code, read case-insensitively."""
    assert Result.from_code(code).value == code
    assert Result.from_code(code.lower()) is Result.from_code(code)


@pytest.mark.parametrize("code", ["X", "2", "", "WW", "?", " "])
def test_unknown_result_code_refused(code):
    with pytest.raises(ResultCodeError, match="unknown result code"):
        Result.from_code(code)


def test_result_code_set_is_exactly_trf16():
    assert {r.value for r in Result} == set(ALL_CODES)


@pytest.mark.parametrize(
    ("code", "is_bye", "is_forfeit", "is_game", "is_rated", "outcome"),
    [
        ("1", False, False, True, True, Outcome.WIN),
        ("=", False, False, True, True, Outcome.DRAW),
        ("0", False, False, True, True, Outcome.LOSS),
        ("+", False, True, False, False, Outcome.WIN),
        ("-", False, True, False, False, Outcome.LOSS),
        ("W", False, False, True, False, Outcome.WIN),
        ("D", False, False, True, False, Outcome.DRAW),
        ("L", False, False, True, False, Outcome.LOSS),
        ("H", True, False, False, False, Outcome.DRAW),
        ("F", True, False, False, False, Outcome.WIN),
        ("U", True, False, False, False, Outcome.WIN),
        ("Z", True, False, False, False, Outcome.LOSS),
    ],
)
def test_trf16_result_code_meanings(code, is_bye, is_forfeit, is_game, is_rated, outcome):
    """Spec 6.1 result table: W/D/L are games of < 1 move (played, not rated); + and - are
    forfeits (not played); H, F, U, Z are byes."""
    r = Result.from_code(code)
    assert r.is_bye is is_bye
    assert r.is_forfeit is is_forfeit
    assert r.is_game is is_game
    assert r.is_rated_game is is_rated
    assert r.outcome is outcome


@pytest.mark.parametrize(
    ("code", "counterparts"),
    [
        ("1", "0"),
        ("0", "1="),  # 0-½: persistent refusal, Laws 2023 art. 11.7
        ("=", "=0"),
        ("W", "L"),
        ("L", "W"),
        ("D", "D"),
        ("+", "-"),
        ("-", "+-"),  # a double forfeit gives '-' to both players (spec 6.1)
        ("H", ""),
        ("F", ""),
        ("U", ""),
        ("Z", ""),
    ],
)
def test_trf16_counterparts(code, counterparts):
    assert Result.from_code(code).counterparts == frozenset(Result(c) for c in counterparts)


def test_counterparts_are_symmetric():
    """If b may answer a, a may answer b (the consistency check runs from one side only)."""
    for a in Result:
        for b in a.counterparts:
            assert a in b.counterparts, (a, b)


# -- RoundEntry invariants ---------------------------------------------------------------------


@pytest.mark.parametrize("code", "HFUZ")
def test_bye_with_opponent_refused(code):
    with pytest.raises(RoundEntryError, match="cannot have an opponent"):
        RoundEntry(5, Colour.NONE, Result(code))


@pytest.mark.parametrize("code", "HFUZ")
def test_bye_with_colour_refused(code):
    with pytest.raises(RoundEntryError, match="cannot have a colour"):
        RoundEntry(None, Colour.WHITE, Result(code))


@pytest.mark.parametrize("code", "1=0WDL")
def test_played_game_needs_opponent(code):
    with pytest.raises(RoundEntryError, match="needs an opponent"):
        RoundEntry(None, Colour.WHITE, Result(code))


@pytest.mark.parametrize("code", "1=0WDL")
def test_played_game_needs_colour(code):
    with pytest.raises(RoundEntryError, match="needs a colour"):
        RoundEntry(3, Colour.NONE, Result(code))


@pytest.mark.parametrize("opponent", [0, -1])
def test_opponent_must_be_a_pairing_number(opponent):
    with pytest.raises(RoundEntryError, match="pairing number"):
        RoundEntry(opponent, Colour.WHITE, Result.WIN)


def test_no_opponent_no_result_no_colour():
    with pytest.raises(RoundEntryError, match="cannot have a colour"):
        RoundEntry(None, Colour.BLACK, None)


@pytest.mark.parametrize(
    "entry",
    [
        RoundEntry.NOT_PAIRED,
        RoundEntry.bye(Result.HALF_POINT_BYE),
        RoundEntry(None, Colour.NONE, Result.FORFEIT_WIN),
    ],
)
def test_white_and_black_needs_a_game(entry):
    with pytest.raises(RoundEntryError, match="no White and Black"):
        entry.white_and_black(4)


def test_forfeits_allowed_with_or_without_opponent_and_colour():
    """Spec 6.1: forfeits are written with the real opponent and the scheduled colour; files
    in the wild also have them without an opponent (lichess) or without a colour."""
    for entry in (
        RoundEntry(4, Colour.WHITE, Result.FORFEIT_WIN),
        RoundEntry(4, Colour.NONE, Result.FORFEIT_LOSS),
        RoundEntry(None, Colour.NONE, Result.FORFEIT_LOSS),
    ):
        assert not entry.is_played
        assert entry.is_unplayed
        assert not entry.is_pending


def test_pending_game():
    """Paired, result not in yet: the last round of an event being played."""
    e = RoundEntry(9, Colour.BLACK, None)
    assert e.is_pending
    assert e.is_paired
    assert not e.is_played
    assert not e.received_pab


def test_pending_without_colour_allowed():
    assert RoundEntry(9, Colour.NONE, None).is_pending


def test_not_paired():
    e = RoundEntry.NOT_PAIRED
    assert e == RoundEntry(None, Colour.NONE, None)
    assert not e.is_paired
    assert not e.is_pending
    assert not e.is_played
    assert e.is_unplayed


def test_c04_1_pab_is_paired_and_unplayed():
    """C.04.1 c: the pairing-allocated bye is a pairing outcome without a game."""
    e = RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE)
    assert e.received_pab
    assert e.is_paired
    assert e.is_unplayed
    assert e.colour is Colour.NONE and e.opponent is None


@pytest.mark.parametrize("code", "HFZ")
def test_other_byes_are_not_paired(code):
    e = RoundEntry.bye(Result(code))
    assert not e.is_paired
    assert not e.received_pab


@pytest.mark.parametrize("code", "1=0WDL")
def test_games_are_played(code):
    e = RoundEntry(2, Colour.WHITE, Result(code))
    assert e.is_played and e.is_paired and not e.is_unplayed


def test_round_entry_is_frozen_and_hashable():
    e = RoundEntry(2, Colour.WHITE, Result.WIN)
    with pytest.raises(AttributeError):
        e.opponent = 3  # type: ignore[misc]
    assert hash(e) == hash(RoundEntry(2, Colour.WHITE, Result.WIN))


# -- written results (Laws 8.7: the result written on the scoresheet) --------------------------

W, D, L = Result.WIN, Result.DRAW, Result.LOSS
FW, FL = Result.FORFEIT_WIN, Result.FORFEIT_LOSS
UW, UD, UL = Result.UNRATED_WIN, Result.UNRATED_DRAW, Result.UNRATED_LOSS


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        # the results file of the demo
        ("1-0", (W, L)),
        ("0-1", (L, W)),
        ("1/2-1/2", (D, D)),
        ("½-½", (D, D)),
        ("+-", (FW, FL)),
        ("-+", (FL, FW)),
        ("--", (FL, FL)),
        # the results page of the web app
        ("=", (D, D)),
        ("1-0u", (UW, UL)),
        ("0-1u", (UL, UW)),
        ("=u", (UD, UD)),
        # the board results of a team match
        ("=-=", (D, D)),
        ("0.5-0.5", (D, D)),
        (".5-.5", (D, D)),
        ("1:0", (W, L)),
        ("0–1", (L, W)),
        (" 1 - 0 ", (W, L)),
        ("+:-", (FW, FL)),
    ],
)
def test_written_results(text, codes):
    assert parse_written_result(text) == codes
    assert parse_written_result(text, scores_only=True) == codes


@pytest.mark.parametrize(("text", "codes"), [("0-½", (L, D)), ("½-0", (D, L)), ("0-1/2", (L, D))])
def test_a_loss_against_half_a_point_is_one_games_result(text, codes):
    # Laws 2023 art. 11.7: persistent refusal loses, the arbiter decides the opponent's score
    assert parse_written_result(text) == codes
    assert codes[1] in codes[0].counterparts and codes[0] in codes[1].counterparts


@pytest.mark.parametrize(
    ("text", "codes"),
    [("0-0", (L, L)), ("+-0", (FW, L)), ("0--", (L, FL)), ("=-0u", (UD, UL))],
)
def test_written_scores_that_are_not_one_games_result(text, codes):
    # a match of two teams counts each side's points (Team Competitions 1972)
    assert parse_written_result(text, scores_only=True) == codes
    with pytest.raises(ResultCodeError, match="is not the result of one game"):
        parse_written_result(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2-0", "unknown result '2-0' (expected one of 1-0, 1/2-1/2, 0-1, +-, -+, --)"),
        ("", "unknown result"),
        ("½", "unknown result"),
        ("1-0U", "unknown result"),
        ("u", "unknown result"),
        ("1-1", "more than the one point"),
        ("½-1", "more than the one point"),
        ("+-+", "more than the one point"),
        ("+-u", "not a forfeit"),
        ("--u", "not a forfeit"),
    ],
)
def test_written_result_refused(text, message):
    for scores_only in (False, True):
        with pytest.raises(ResultCodeError) as caught:
            parse_written_result(text, scores_only=scores_only)
        assert message in str(caught.value)


_MARKS = {
    W: ["1"],
    L: ["0"],
    D: ["½", "1/2", "0.5", ".5", "="],
    FW: ["+"],
    FL: ["-"],
}
_GAMES = [(W, L), (L, W), (D, D), (FW, FL), (FL, FW), (FL, FL)]
_UNRATED = {W: UW, D: UD, L: UL}
_WHOLE = {(D, D): ["="], (FW, FL): ["+-"], (FL, FW): ["-+"], (FL, FL): ["--"]}


@st.composite
def _written(draw):
    """A game's result and one of its spellings (an independent writer)."""
    first, second = draw(st.sampled_from(_GAMES))
    unrated = first in _UNRATED and draw(st.booleans())
    whole = _WHOLE.get((first, second), [])
    if whole and (first is FL or draw(st.booleans())):  # "-" then a dash: only -+ and --
        text = draw(st.sampled_from(whole))
    else:
        space = st.sampled_from(["", " "])
        text = (
            draw(space)
            + draw(st.sampled_from(_MARKS[first]))
            + draw(space)
            + draw(st.sampled_from(["-", "–", ":"]))
            + draw(space)
            + draw(st.sampled_from(_MARKS[second]))
            + draw(space)
        )
    if unrated:
        return text + "u", (_UNRATED[first], _UNRATED[second])
    return text, (first, second)


@settings(max_examples=150, deadline=None)
@given(_written())
def test_every_spelling_round_trips(written):
    text, codes = written
    assert parse_written_result(text) == codes
    assert parse_written_result(text, scores_only=True) == codes


_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(st.text(max_size=12), st.text(alphabet="10½/.=+-–:u 2x", max_size=8)),
    st.booleans(),
)
def test_junk_raises_the_library_error_only(text, scores_only):
    try:
        first, second = parse_written_result(text, scores_only=scores_only)
    except ResultCodeError:
        return
    assert _POINTS[first.outcome] + _POINTS[second.outcome] <= 2
    assert not first.is_bye and not second.is_bye
    if not scores_only:
        assert second in first.counterparts
