"""How a tie-break value is made (:mod:`chessarbiter.tiebreaks.breakdown`)."""

from __future__ import annotations

from decimal import Decimal

from chessarbiter.model import Tournament
from chessarbiter.tiebreaks import (
    parse,
)
from chessarbiter.tiebreaks.breakdown import breakdown


def test_breakdown_adds_up_to_the_value(t019: Tournament) -> None:
    """For every player of a forfeit-heavy tournament, the contributions not marked "cut"
    sum to the value, in every edition."""
    t = t019
    for edition in ("2026", "2023", "legacy"):
        for name in ("BH", "BH/C1", "BH/M1", "SB", "SB/C1", "FB"):
            spec = parse(name)
            for p in t:
                lines = breakdown(t, p.number, spec, edition=edition)
                value = Decimal(lines[0].rsplit(": ", 1)[1])
                kept = [
                    Decimal(line.split("(counted ")[1].split(")")[0].split(" = ")[-1])
                    for line in lines[1:]
                    if not line.endswith("- cut")
                ]
                assert sum(kept, Decimal(0)) == value, (edition, name, p.number)


def test_breakdown_names_the_dummy_and_the_cut(t019: Tournament) -> None:
    lines = breakdown(t019, 4, parse("BH/C1"))
    assert lines[0] == "BH/C1 of player 4 (C.07 of 1 March 2026): 9.5"
    assert lines[4] == "  round 4: forfeit loss: dummy opponent (16.4) (counted 3) - cut"


def test_breakdown_of_a_rating_tiebreak_says_what_is_left_out(t019: Tournament) -> None:
    lines = breakdown(t019, 4, parse("TPR"))
    assert lines[0] == "TPR of player 4 (C.07 of 1 March 2026): 2299"
    assert lines[1] == "  round 1: game against 1: opponent rated 2394, scored 0"
    assert lines[4] == "  round 4: forfeit loss against 2: left out (not played over the board)"
