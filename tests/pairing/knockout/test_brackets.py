"""Knockout brackets: Stage by Stage 1997 (the 1997 FIDE World Championship draw), Team Competitions
1972 (the Olympic cup system), and the seeded World Cup bracket (spec section 8)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

from chessarbiter.pairing.knockout import brackets as b

REAL = Path(__file__).resolve().parents[4] / "shared" / "real"
PLAYERS = REAL / "groningen1997-players.tsv"
BRACKET = REAL / "groningen1997-bracket.tsv"

needs_shared = pytest.mark.skipif(not PLAYERS.exists(), reason="../shared not beside the checkout")


@pytest.fixture(scope="module")
def field_1997() -> list[b.Entrant]:
    return b.read_players_tsv(PLAYERS.read_text(encoding="utf-8"), PLAYERS.name)


@needs_shared
def test_seed002_whole_draw_is_as_printed(field_1997: list[b.Entrant]) -> None:
    """Stage by Stage 1997: all 97 matches, stage, games and sides exactly as the seed prints
    them."""
    assert b.to_tsv(b.fide_1997(field_1997)) == BRACKET.read_text(encoding="utf-8")


@needs_shared
def test_seed002_stage1_numbers_from_ratings(field_1997: list[b.Entrant]) -> None:
    """Stage by Stage 1997: stage-1 players numbered by the July 1997 list, ties by the earlier
    lists (Azmaiparashvili 122 before Rublevsky 123 on January 1997; 143 before 144 on July 1996),
    around the ranks the other stages' players hold (no 219: Khalifman is 220)."""
    stripped = [
        dataclasses.replace(e, number=None) if e.entry_stage == 1 else e for e in field_1997
    ]
    assert b.personal_numbers(stripped) == [e.number for e in field_1997]


@needs_shared
def test_seed002_landmarks(field_1997: list[b.Entrant]) -> None:
    matches = {m.number: m for m in b.fide_1997(field_1997)}
    assert len(matches) == 97
    # match 10 is Leko (134) - Slobodyan (174); its winner takes slot 234 and meets Kramnik
    assert (str(matches[10].first), str(matches[10].second)) == ("134", "174")
    assert (str(matches[35].first), str(matches[35].second)) == ("203", "W10")
    # from stage 3 the bracket is fixed: Gelfand v W50, W35-W51, ..., W49-W65
    assert (str(matches[66].first), str(matches[66].second)) == ("302", "W50")
    assert (str(matches[81].first), str(matches[81].second)) == ("W49", "W65")
    # stage 7 has four games, the final against Karpov six
    assert matches[96].games == 4 and (matches[97].games, str(matches[97].first)) == (6, "801")
    assert all(m.games == 2 for m in matches.values() if m.stage <= 6)


def test_fide_1997_needs_even_fields() -> None:
    field = [b.Entrant(f"P{i}", ratings=(2600 - i,)) for i in range(3)]
    with pytest.raises(b.BracketError, match="stage 1 has 3 participants"):
        b.fide_1997(field)


def test_number_must_start_with_the_entry_stage() -> None:
    with pytest.raises(b.BracketError, match="entry stage 1"):
        b.personal_numbers([b.Entrant("X", 203, 1)])


def test_cup_25_teams_seed000() -> None:
    """Team Competitions 1972: 25 teams, (25 - 16) x 2 = 18 play first; byes for 1-3 and 22-25; 4-5,
    6-7, ...; round 2: 1-2, 3 v W(4-5), W(6-7) v W(8-9), ..."""
    matches = b.cup(25)
    first = [(str(m.first), str(m.second)) for m in matches if m.stage == 1]
    assert first == [(str(a), str(a + 1)) for a in range(4, 22, 2)]
    second = [(str(m.first), str(m.second)) for m in matches if m.stage == 2]
    assert second == [
        ("1", "2"),
        ("3", "W1"),
        ("W2", "W3"),
        ("W4", "W5"),
        ("W6", "W7"),
        ("W8", "W9"),
        ("22", "23"),
        ("24", "25"),
    ]
    assert len(matches) == 24  # every match eliminates one team
    assert [m.stage for m in matches][-1] == 5  # 16 teams after the preliminary round


def test_cup_power_of_two_seed000() -> None:
    """Team Competitions 1972: 1-2, 3-4, ...; next round the winners of (1, 2) v (3, 4)."""
    matches = b.cup(8)
    assert [(str(m.first), str(m.second)) for m in matches[:4]] == [
        ("1", "2"),
        ("3", "4"),
        ("5", "6"),
        ("7", "8"),
    ]
    assert (str(matches[4].first), str(matches[4].second)) == ("W1", "W2")


@pytest.mark.parametrize("n", range(2, 70))
def test_cup_byes_split_larger_at_the_bottom(n: int) -> None:
    matches = b.cup(n)
    assert len(matches) == n - 1
    played_first = {s.number for m in matches if m.stage == 1 for s in (m.first, m.second)}
    byes = sorted(set(range(1, n + 1)) - played_first) if n & (n - 1) else []
    top = [x for x in byes if x < n / 2]
    assert len(byes) - len(top) >= len(top)


def test_seeded_world_cup_128() -> None:
    """Spec 8 (World Cup 2005-2019): #1 v #128, #2 v #127, ... #64 v #65; 1 and 2 only in
    the final."""
    matches = b.seeded(128)
    first = {frozenset((m.first.number, m.second.number)) for m in matches if m.stage == 1}
    assert first == {frozenset((k, 129 - k)) for k in range(1, 65)}
    half = [m for m in matches if m.stage == 1][:32]
    in_top_half = {s.number for m in half for s in (m.first, m.second)}
    assert 1 in in_top_half and 2 not in in_top_half


def test_seeded_byes_for_the_top_seeds() -> None:
    matches = b.seeded(6)
    round1 = [(m.first.number, m.second.number) for m in matches if m.stage == 1]
    assert round1 == [(4, 5), (3, 6)]
    round2 = [(str(m.first), str(m.second)) for m in matches if m.stage == 2]
    assert round2 == [("1", "W1"), ("2", "W2")]


def test_tsv_round_trip_and_errors() -> None:
    text = b.to_tsv(b.cup(5))
    assert b.to_tsv(b.read_tsv(text)) == text
    with pytest.raises(b.BracketError, match=r"x\.tsv:3:"):
        b.read_players_tsv("number\tname\n1\tA\nx\tB\n", "x.tsv")
    with pytest.raises(b.BracketError, match="given twice"):
        b.read_players_tsv("number\tname\n1\tA\n1\tB\n", "x.tsv")


def test_replacement_takes_the_slot_before_the_start() -> None:
    """Stage by Stage 1997: Zsuzsa Polgar declined and Nijboer took her place in the first stage; a
    replacement keeps the slot of the player replaced, so the draw does not change."""
    state = b.BracketState(b.cup(4))
    state.replace(3, 99)
    assert state.participants(2) == (99, 4)
    state.record(2, b.MatchResult("first"))
    with pytest.raises(b.BracketError, match="too late"):
        state.replace(99, 100)
    with pytest.raises(b.BracketError, match="already in the draw"):
        state.replace(1, 4)


def test_withdrawal_gives_walkovers_down_the_bracket() -> None:
    state = b.BracketState(b.cup(8))
    state.withdraw(2)
    assert state.result(1) == b.MatchResult("first", "walkover")
    state.record(2, b.MatchResult("second"))  # 4 beats 3
    state.withdraw(4)  # 4 withdraws before meeting 1 in match 5: 1 goes through
    assert state.result(5) == b.MatchResult("first", "walkover")
    assert state.participants(7) == (1, None)


def test_results_need_known_sides_and_come_once() -> None:
    state = b.BracketState(b.cup(4))
    with pytest.raises(b.BracketError, match="cannot be played yet"):
        state.record(3, b.MatchResult("first"))
    state.record(1, b.MatchResult("first"))
    with pytest.raises(b.BracketError, match="already has a result"):
        state.record(1, b.MatchResult("second"))
    state.record(2, b.MatchResult("second"))
    state.record(3, b.MatchResult("second"))
    assert state.champion() == 4
    with pytest.raises(b.BracketError, match="'first' or 'second'"):
        b.MatchResult("white")


@needs_shared
def test_seed002_followed_to_the_end(field_1997: list[b.Entrant]) -> None:
    """Every match won by the first side: the champion is Karpov (801), who waited in the
    final; 97 matches, 97 results."""
    state = b.BracketState(b.fide_1997(field_1997))
    while state.ready():
        state.record(state.ready()[0], b.MatchResult("first"))
    assert len(state.results) == 97 and state.champion() == 801


@pytest.mark.parametrize("scheme", [b.cup, b.seeded])
def test_issue_13_item_18_bracket_sizes_are_bounded(scheme: Callable[..., list[b.Match]]) -> None:
    """A bracket of a billion participants or of matches of a million games is refused
    before anything is built (the web and the CLI call these)."""
    from chessarbiter.limits import MAX_MATCH_GAMES, MAX_PLAYERS, LimitError

    with pytest.raises(LimitError, match="participants of a bracket"):
        scheme(MAX_PLAYERS + 1)
    with pytest.raises(LimitError, match="games of a match"):
        scheme(8, MAX_MATCH_GAMES + 1)
    with pytest.raises(LimitError, match="games of a match"):
        scheme(8, 0)
    assert len(scheme(8, MAX_MATCH_GAMES)) == 7


# -- the draw: one seating for the command line and the web ----------------------------------


@needs_shared
def test_draw_fide_1997_seats_by_personal_number(field_1997: list[b.Entrant]) -> None:
    """Stage by Stage 1997: the draw is the printed bracket and each participant sits at his
    personal number."""
    drawn = b.draw(field_1997, "fide-1997")
    assert drawn.matches == b.fide_1997(field_1997)
    assert drawn.numbers == b.personal_numbers(field_1997)


def test_draw_cup_seats_by_own_number_else_in_the_order_given() -> None:
    """Team Competitions 1972: the cup seats the entrants by their own numbers when all have
    one, else in the order given (numbers by lot or by seeding)."""
    numbered = [b.Entrant("C", 3), b.Entrant("A", 1), b.Entrant("B", 2)]
    drawn = b.draw(numbered, "cup")
    assert drawn.numbers == [3, 1, 2] and drawn.matches == b.cup(3)
    unnumbered = [b.Entrant("C"), b.Entrant("A", 1), b.Entrant("B")]
    assert b.draw(unnumbered, "cup", games=2).numbers == [1, 2, 3]
    assert b.draw(unnumbered, "cup", games=2).matches == b.cup(3, 2)


def test_draw_seeded_seats_by_rating_ties_in_the_order_given() -> None:
    """The seeded bracket: seat 1 the highest rating; equal entrants (same name, same
    rating) keep the order given, each with a seat of his own."""
    field = [
        b.Entrant("Twin", ratings=(2500,)),
        b.Entrant("Top", ratings=(2700,)),
        b.Entrant("Twin", ratings=(2500,)),
        b.Entrant("Unrated", ratings=(None,)),
    ]
    drawn = b.draw(field, "seeded")
    assert drawn.numbers == [2, 1, 3, 4]
    assert drawn.matches == b.seeded(4)


def test_draw_refuses_an_unknown_scheme_and_renumber_keeps_the_winners() -> None:
    with pytest.raises(b.BracketError, match="unknown knockout scheme 'swiss'"):
        b.draw([b.Entrant("A"), b.Entrant("B")], "swiss")
    renamed = b.renumber(b.cup(4), {1: 11, 2: 12})
    assert [str(m) for m in renamed] == ["1 1 1 11 12", "2 1 1 3 4", "3 2 1 W1 W2"]
