"""The Dubov definitions and rules one at a time (C.04.4.1, 2026 articles / 2018 letters):
colour preferences (1.6 / A.5), ARO (1.7 / A.6), MaxT (1.8 / A.7), [C3] without a topscorer
exception, the shifter order from the middle (4.3.3 / D.2.b, the Handbook's own example), and
the colour allocation (5.2.1-5.2.5 / E.1-E.5)."""

from __future__ import annotations

import pytest

from chessarbiter.editions import DubovEdition
from chessarbiter.model import Colour, Player, Result, Tournament
from chessarbiter.pairing.dubov.colours import allocate_colours
from chessarbiter.pairing.dubov.rules import (
    DubovPlayer,
    Strength,
    average_rating_of_opponents,
    dubov_players,
    is_max_upfloater,
    max_upfloats,
    may_meet,
    middle_first,
)
from chessarbiter.pairing.swiss.state import prepare_round

W, B = Colour.WHITE, Colour.BLACK


def history_event(histories: dict[int, list[Colour]], rounds: int = 9) -> Tournament:
    """Players 1..n whose games (against fresh opponents 100+) have the given colours, all
    drawn; the fresh opponents only fill the history."""
    t = Tournament(total_rounds=rounds, initial_colour=Colour.WHITE)
    for n in histories:
        t.add_player(Player(n, f"P{n}", rating=2000 - n))
    extra = 100
    for n, colours in histories.items():
        for r, c in enumerate(colours, start=1):
            t.add_player(Player(extra, f"X{extra}", rating=1500))
            if c is W:
                t.record_game(r, n, extra, Result.DRAW)
            else:
                t.record_game(r, extra, n, Result.DRAW)
            extra += 1
    return t


def facts(t: Tournament) -> dict[int, DubovPlayer]:
    state = prepare_round(t, DubovEdition.DUBOV_2026.basic_rules)
    return {p.number: p for p in dubov_players(state)}


@pytest.mark.parametrize(
    ("colours", "preference", "strength"),
    [
        ([], B, Strength.MILD),  # 1.6.4: no game yet, mild for Black
        ([W], B, Strength.STRONG),
        ([W, B], W, Strength.MILD),
        ([W, W], B, Strength.ABSOLUTE),
        ([W, B, W], B, Strength.STRONG),
        # 1.6.1: the last two games decide the side even against a difference of +1
        ([W, W, W, B, B], W, Strength.ABSOLUTE),
        ([B, B, B, W, W], B, Strength.ABSOLUTE),
        ([W, W, B, W], B, Strength.ABSOLUTE),  # difference +2
    ],
)
def test_colour_preference(colours: list[Colour], preference: Colour, strength: Strength) -> None:
    t = history_event({1: colours})
    p = facts(t)[1]
    assert (p.preference, p.strength) == (preference, strength)


def test_aro_rounds_half_up_and_counts_played_games_only() -> None:
    assert average_rating_of_opponents([2001, 2002]) == 2002
    assert average_rating_of_opponents([2000, 2001, 2001]) == 2001
    t = Tournament(total_rounds=5, initial_colour=Colour.WHITE)
    for n, rating in ((1, 2000), (2, 1901), (3, 1800)):
        t.add_player(Player(n, f"P{n}", rating=rating))
    t.record_game(1, 1, 2, Result.DRAW)
    t.record_game(2, 3, 1, Result.FORFEIT_WIN)  # not played: not in ARO
    assert facts(t)[1].aro == 1901


def test_max_upfloats_and_the_maximum_upfloater() -> None:
    """MaxT = 2 + [Rnds/5]; upfloats are games against a higher pairing score."""
    assert [max_upfloats(r) for r in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]
    t = Tournament(total_rounds=4, initial_colour=Colour.WHITE)
    for n in range(1, 7):
        t.add_player(Player(n, f"P{n}", rating=2000 - n))
    t.record_game(1, 1, 6, Result.WIN)  # 6 upfloats? no: equal scores before round 1
    t.record_game(1, 2, 5, Result.WIN)
    t.record_game(1, 3, 4, Result.WIN)
    t.record_game(2, 6, 1, Result.LOSS)  # 6 (0) meets 1 (1): an upfloat
    t.record_game(2, 2, 3, Result.DRAW)
    t.record_game(2, 4, 5, Result.DRAW)
    t.record_game(3, 3, 6, Result.WIN)  # 6 (0) meets 3 (1.5): a second one
    t.record_game(3, 1, 2, Result.WIN)
    t.record_game(3, 5, 4, Result.DRAW)
    six = facts(t)[6]
    assert (six.upfloats, six.upfloated_last) == (2, True)
    assert is_max_upfloater(six, 4)
    assert not is_max_upfloater(six, 5)


def test_c3_has_no_topscorer_exception() -> None:
    """[C3]: two players with the same absolute preference never meet, even in the last round
    between the leaders (the Dutch system allows it for topscorers)."""
    t = history_event({1: [W, W], 2: [W, W], 3: [B, B]}, rounds=3)
    p = facts(t)
    state = prepare_round(t, DubovEdition.DUBOV_2026.basic_rules)
    assert not may_meet(state, p[1], p[2])
    assert may_meet(state, p[1], p[3])


def test_shifters_from_the_middle() -> None:
    """Art. 4.3.3 / D.2.b, the Handbook's example: A B C D E F G numbered D C E B F A G."""
    assert "".join("ABCDEFG"[i] for i in middle_first(7)) == "DCEBFAG"
    assert "".join("ABCDEF"[i] for i in middle_first(6)) == "CDBEAF"


# -- colour allocation ------------------------------------------------------------------------


def test_both_new_players_by_tpn_parity() -> None:
    """5.2.1: neither has played; the higher ranked player takes the initial colour with an
    odd TPN, the other colour with an even one."""
    t = history_event({1: [], 2: [], 3: []})
    p = facts(t)
    white, _, rule = allocate_colours(p[2], p[1], Colour.WHITE)
    assert white.number == 1 and rule.startswith("5.2.1")
    white, _, _ = allocate_colours(p[2], p[3], Colour.WHITE)
    assert white.number == 3
    white, _, _ = allocate_colours(p[2], p[3], Colour.BLACK)
    assert white.number == 2


@pytest.mark.parametrize(
    ("one", "two", "white", "article"),
    [
        ([W], [B], 2, "5.2.2"),  # both granted
        ([W, W], [W], 2, "5.2.3"),  # 1 absolute Black beats 2 strong Black
        ([W, B], [B], 2, "5.2.3"),  # 2 strong White beats 1 mild White
        # both mild White; counted back, round 2 is the last that differs: 1 had White then
        ([B, W, W, B], [W, B, W, B], 2, "5.2.4"),
        ([W, B], [W, B], 1, "5.2.5"),  # same history: the higher ranked (1) gets his preference
        # 1.6.4: a new player prefers Black, mildly; 2 prefers Black strongly and gets it
        ([], [W], 1, "5.2.3"),
    ],
)
def test_colour_rules(one: list[Colour], two: list[Colour], white: int, article: str) -> None:
    t = history_event({1: one, 2: two})
    p = facts(t)
    w, _, rule = allocate_colours(p[1], p[2], Colour.WHITE)
    assert (w.number, rule[:5]) == (white, article)
