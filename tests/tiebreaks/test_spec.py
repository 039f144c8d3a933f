"""Tie-break names and their modifiers (TRF-2026 ``202``/``212``; C.07 Art. 14), checked
against the registry (:mod:`chessarbiter.tiebreaks.spec`)."""

from __future__ import annotations

import pytest

from chessarbiter.tiebreaks import (
    UnsupportedTieBreakError,
    parse,
    parse_list,
)


def test_parse_forms() -> None:
    assert parse("BH-C1") == parse("BH-C1")
    assert parse("BH-C1").cut == 1 and parse("BH/C1").name == "BH/C1"
    assert parse("bh/m2").median == 2
    assert [s.name for s in parse_list("BH/C1,BH,SB")] == ["BH/C1", "BH", "SB"]


def test_issue13_item18_a_leading_pts_is_the_points_not_a_tie_break() -> None:
    """TRF-2026 212 lists the standings order, ``PTS`` first: the list is the tie-breaks after
    it. ``PTS`` anywhere else is not a C.07 tie-break."""
    assert [s.name for s in parse_list("PTS,WIN,BH,AOB")] == ["WIN", "BH", "AOB"]
    assert [s.name for s in parse_list(" pts , BH/C1")] == ["BH/C1"]
    assert parse_list("PTS") == []
    with pytest.raises(UnsupportedTieBreakError, match="PTS"):
        parse_list("BH,PTS")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("APRO/C1", "Art. 14: APRO takes no Cut"),
        ("XYZ", "XYZ .* not a C.07 tie-break"),
        ("WIN/C1", "Art. 14: WIN takes no Cut"),
        ("BH//C1", "malformed"),
        ("BH,BH", "listed twice"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(UnsupportedTieBreakError, match=message):
        parse_list(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [("BH/P", "/P .* DE only"), ("BH/F", "/F .* AOB"), ("BH/X", "malformed")],
)
def test_modifier_errors(text: str, message: str) -> None:
    with pytest.raises(UnsupportedTieBreakError, match=message):
        parse(text)
