"""Result codes, colours and round entries (spec 6.1, TRF16 result codes; C.04.1)."""

from __future__ import annotations

import pytest

from chessarbiter.model import Colour, Outcome, Result, RoundEntry

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
    with pytest.raises(ValueError, match="unknown result code"):
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
        ("0", "1"),
        ("=", "="),
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
    with pytest.raises(ValueError, match="cannot have an opponent"):
        RoundEntry(5, Colour.NONE, Result(code))


@pytest.mark.parametrize("code", "HFUZ")
def test_bye_with_colour_refused(code):
    with pytest.raises(ValueError, match="cannot have a colour"):
        RoundEntry(None, Colour.WHITE, Result(code))


@pytest.mark.parametrize("code", "1=0WDL")
def test_played_game_needs_opponent(code):
    with pytest.raises(ValueError, match="needs an opponent"):
        RoundEntry(None, Colour.WHITE, Result(code))


@pytest.mark.parametrize("code", "1=0WDL")
def test_played_game_needs_colour(code):
    with pytest.raises(ValueError, match="needs a colour"):
        RoundEntry(3, Colour.NONE, Result(code))


@pytest.mark.parametrize("opponent", [0, -1])
def test_opponent_must_be_a_pairing_number(opponent):
    with pytest.raises(ValueError, match="pairing number"):
        RoundEntry(opponent, Colour.WHITE, Result.WIN)


def test_no_opponent_no_result_no_colour():
    with pytest.raises(ValueError, match="cannot have a colour"):
        RoundEntry(None, Colour.BLACK, None)


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
