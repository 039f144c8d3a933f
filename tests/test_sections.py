"""When a player may move between the sections of one event (chessarbiter.sections): before
round 1 of either is paired (C.04.2 A.2, 2026), never in or out of a team event (Team
Competitions 1972), never in an archived section."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.event_settings import SYSTEMS
from chessarbiter.sections import TEAM_SYSTEMS, Section, SectionError, check_move, move_problem


def test_two_unpaired_individual_sections_allow_a_move() -> None:
    for a in ("swiss", "roundrobin", "knockout"):
        for b in ("swiss", "roundrobin", "knockout"):
            assert move_problem(Section("A", a), Section("B", b)) is None


@pytest.mark.parametrize("paired_side", ["source", "target"])
def test_a_paired_section_refuses_naming_it(paired_side: str) -> None:
    paired = Section("Open B", "swiss", rounds_paired=1)
    free = Section("Open A", "swiss")
    source, target = (paired, free) if paired_side == "source" else (free, paired)
    with pytest.raises(SectionError, match=r"^Open B: round 1 is already paired"):
        check_move(source, target)


def test_a_drawn_bracket_refuses() -> None:
    problem = move_problem(Section("Open", "swiss"), Section("Cup", "knockout", rounds_paired=1))
    assert problem == (
        "Cup: its bracket is drawn; a player moves between sections only before it is."
    )


@pytest.mark.parametrize("system", sorted(TEAM_SYSTEMS))
def test_team_events_refuse(system: str) -> None:
    assert "team event" in str(move_problem(Section("Open", "swiss"), Section("Teams", system)))
    assert "team event" in str(move_problem(Section("Teams", system), Section("Open", "swiss")))


def test_an_archived_section_refuses() -> None:
    assert "archived" in str(
        move_problem(Section("Old", "swiss", archived=True), Section("Open", "swiss"))
    )


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(SYSTEMS),
    st.sampled_from(SYSTEMS),
    st.integers(0, 3),
    st.integers(0, 3),
    st.booleans(),
    st.booleans(),
)
def test_the_rule_is_exactly_the_three_conditions(
    a: str, b: str, pa: int, pb: int, xa: bool, xb: bool
) -> None:
    allowed = not (pa or pb) and not (xa or xb) and a not in TEAM_SYSTEMS and b not in TEAM_SYSTEMS
    problem = move_problem(Section("A", a, pa, xa), Section("B", b, pb, xb))
    assert (problem is None) == allowed
