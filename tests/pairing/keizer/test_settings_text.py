"""Keizer settings read from text (a command line, a form) and the standings table."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.model import Colour, Player, Result, Tournament
from chessarbiter.pairing.apply import record_bye
from chessarbiter.pairing.keizer.scoring import (
    KeizerRepeatAvoidance,
    KeizerSettingsError,
    keizer_scores,
    keizer_table,
    setting_names,
    setting_text,
    settings_of,
    settings_with,
)


def test_every_setting_reads_back_its_own_text() -> None:
    """What :func:`setting_text` writes, :func:`settings_with` reads back to the same
    settings, for every preset."""
    for variant in ("classic", "keizerforclubs", "knsb", "freekeizer", "frozen"):
        s = settings_of(variant)
        text = {name: setting_text(s, name) for name in setting_names()}
        assert settings_with(settings_of("classic"), text) == s


def test_values_of_each_kind() -> None:
    s = settings_with(
        settings_of("classic"),
        {
            "draw": "0.5",
            "bye": " 1/2 ",
            "top_value": "70",
            "absence_limit": "none",
            "recompute": "no",
            "repeat_avoidance": "swap",
        },
    )
    assert (s.draw, s.bye, s.top_value, s.absence_limit) == (Fraction(1, 2),) * 2 + (70, None)
    assert s.recompute is False and s.repeat_avoidance is KeizerRepeatAvoidance.SWAP


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colour": "1"}, "unknown Keizer setting 'colour'"),
        ({"bye": "7/0"}, "Keizer setting bye: give a fraction"),
        ({"bye": "3"}, "bye must be between 0 and 2, not 3"),
        ({"step": "none"}, "Keizer setting step: give a whole number, not 'none'"),
        ({"top_value": "-4"}, "top_value: give a whole number or none"),
        ({"top_value": "9" * 12}, "top_value: give a whole number or none"),
        ({"top_value": "²"}, "top_value: give a whole number or none"),
        ({"step": "١٢"}, "step: give a whole number, not"),
        ({"bye": "½"}, "bye: give a fraction"),
        ({"recompute": "maybe"}, "recompute: give true or false"),
        ({"rounding": "up"}, "rounding is one of exact, half-point"),
        ({"draw": "1e999999"}, "draw: give a fraction"),
    ],
)
def test_bad_text_is_refused_by_name(changes: dict[str, str], message: str) -> None:
    with pytest.raises(KeizerSettingsError, match=message):
        settings_with(settings_of("classic"), changes)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from([*setting_names(), "nonsense"]), st.text(max_size=30), max_size=4
    )
)
def test_any_text_gives_settings_or_a_precise_error(changes: dict[str, str]) -> None:
    """Whatever a user types, the answer is valid settings or a KeizerSettingsError, never
    another exception."""
    try:
        s = settings_with(settings_of("classic"), changes)
    except KeizerSettingsError as e:
        assert "Keizer setting" in str(e)
    else:
        assert settings_with(s, {n: setting_text(s, n) for n in setting_names()}) == s


def test_table_counts_each_kind_of_round() -> None:
    """Three players, two rounds: 1 beats 2 and 3 gets the bye, then 1 draws 3 and 2 is
    absent with notice (a zero-point bye); the rows follow the ranking and count games,
    wins, draws, byes and absences."""
    t = Tournament(total_rounds=2, initial_colour=Colour.WHITE)
    for n, rating in ((1, 2100), (2, 2000), (3, 1900)):
        t.add_player(Player(n, f"P{n}", rating=rating))
    t.record_game(1, 1, 2, Result.WIN)
    record_bye(t, 1, 3, Result.PAIRING_ALLOCATED_BYE)
    t.record_game(2, 3, 1, Result.DRAW)
    record_bye(t, 2, 2, Result.ZERO_POINT_BYE)
    standings = keizer_scores(t, settings_of("classic"))
    rows = keizer_table(t, standings)
    assert [r.number for r in rows] == list(standings.ranking)
    by_number = {r.number: r for r in rows}
    assert (by_number[1].games, by_number[1].wins, by_number[1].draws) == (2, 1, 1)
    assert (by_number[2].games, by_number[2].byes, by_number[2].absences) == (1, 0, 1)
    assert (by_number[3].games, by_number[3].byes, by_number[3].draws) == (1, 1, 1)
    assert [r.place for r in rows] == [1, 2, 3]
    assert all(r.score == standings.scores[r.number] for r in rows)
    assert all(r.value == standings.values[r.number] for r in rows)
