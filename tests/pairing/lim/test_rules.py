"""The rules of the Lim system (C.04.4.3), one by one: compatibility and the colour limits
(art. 2.1, 5.1, 6), the colour due (art. 5.1, 5.5, 5.6), the median and the order of the
scoregroups (art. 2.2), the bye order (art. 1.1, 7.1), the proposal and the exchange order
(art. 2.4, 4.2), the floater types (art. 3.9), the Maxi-tournament band (art. 3.2.3) and the
colour allocation (Article 5, 7.2)."""

from __future__ import annotations

from chessarbiter.model import Colour, Player, Result, Tournament
from chessarbiter.pairing.lim.colours import allocate_colours
from chessarbiter.pairing.lim.rules import (
    FloaterType,
    LimPlayer,
    bye_order,
    colours_suit,
    compatible,
    due_colour,
    exchange_order,
    floater_type,
    lim_players,
    majority_due_colour,
    may_receive,
    median_score,
    proposed_pairs,
    scoregroup_order,
    within_maxi_band,
)
from chessarbiter.pairing.swiss.state import SwissPlayer, prepare_round

W, B = Colour.WHITE, Colour.BLACK


def player(
    colours: tuple[Colour, ...] = (), tpn: int = 1, score: int = 0, rating: int = 2000
) -> LimPlayer:
    sp = SwissPlayer(number=tpn, index=tpn - 1, rank=tpn - 1, score=score, matches=[])
    return LimPlayer(sp, score, rating, colours, True, False)


def test_colour_limits() -> None:
    """Art. 2.1, 5.1: never the same colour three times in a row, never three more games of one
    colour; a difference of two is allowed."""
    assert not may_receive(player((W, W)), W)
    assert may_receive(player((W, W)), B)
    assert may_receive(player((B, W, W, B, W)), W)  # difference +2 after, not 3 in a row
    assert not may_receive(player((W, B, W, W)), W)  # would be +3
    assert may_receive(player(()), W) and may_receive(player(()), B)


def test_due_colour_equalises_then_alternates() -> None:
    """Art. 5.1, 5.5, 5.6: equalise after unequal numbers, else alternate; none before the
    first game."""
    assert due_colour(player((W, W, B))) is B
    assert due_colour(player((B, W))) is B
    assert due_colour(player((W, B))) is W
    assert due_colour(player(())) is Colour.NONE
    assert colours_suit(player((W,)), player((B,)))
    assert not colours_suit(player((W,)), player((W,)))
    assert colours_suit(player((W,)), player(()))


def test_majority_due_colour() -> None:
    """Art. 3.2.2: the colour more players are due."""
    assert majority_due_colour([player((W,)), player((W,)), player((B,))]) is B
    assert majority_due_colour([player((W,)), player((B,))]) is Colour.NONE


def _event(ratings: list[int], rounds: int = 3) -> Tournament:
    t = Tournament(total_rounds=rounds, initial_colour=Colour.WHITE)
    for n, rating in enumerate(ratings, start=1):
        t.add_player(Player(n, f"P{n}", rating=rating))
    return t


def test_compatibility_no_rematch_and_last_round_exemption() -> None:
    """Art. 2.1: players who met are not compatible, nor two who both must have White; in the
    last round (art. 6) players with the same score need only not have met."""
    t = _event([2400, 2300, 2200, 2100], rounds=3)
    t.record_game(1, 1, 3, Result.DRAW)  # 1 W, 3 B
    t.record_game(1, 2, 4, Result.DRAW)  # 2 W, 4 B
    t.record_game(2, 1, 4, Result.DRAW)  # 1 W, 4 B
    t.record_game(2, 2, 3, Result.DRAW)  # 2 W, 3 B
    state = prepare_round(t)
    p1, p2, p3, p4 = lim_players(state)
    assert not compatible(state, p1, p3)  # met
    # not the last round yet? rounds=3, 2 played: this IS the last round, scores all equal
    assert compatible(state, p1, p2)  # both WW, but equal scores in the last round
    t.total_rounds = 4
    state = prepare_round(t)
    p1, p2, p3, p4 = lim_players(state)
    assert not compatible(state, p1, p2)  # both would need Black
    assert not compatible(state, p3, p4)  # both would need White


def test_median_and_scoregroup_order() -> None:
    """Art. 2.2: the median score is half the rounds played; the groups above it from the top
    down, those below from the bottom up, the median last."""
    t = _event([2400, 2300, 2200, 2100], rounds=5)
    t.record_game(1, 1, 3, Result.WIN)
    t.record_game(1, 2, 4, Result.WIN)
    t.record_game(2, 1, 2, Result.WIN)
    t.record_game(2, 3, 4, Result.DRAW)
    state = prepare_round(t)
    assert median_score(state) == 10
    assert scoregroup_order([20, 10, 5, 0, 15], 10) == ([20, 15], [0, 5])
    assert scoregroup_order([10], 10) == ([], [])


def test_bye_order() -> None:
    """Art. 1.1: the lowest ranked player of the lowest scoregroup first; art. 7.1: in round 1
    the lowest rated."""
    a = player(tpn=1, score=10, rating=1500)
    b = player(tpn=2, score=0, rating=2000)
    c = player(tpn=3, score=0, rating=2100)
    assert [p.tpn for p in bye_order([a, b, c], first_round=False)] == [3, 2, 1]
    assert [p.tpn for p in bye_order([a, b, c], first_round=True)] == [1, 2, 3]


def test_proposal_and_exchange_order_of_the_handbook_table() -> None:
    """Art. 2.4: 1 v 4, 2 v 5, 3 v 6; art. 4.2: #1 is offered 4, 5, 6, then 3 and 2."""
    six = [player(tpn=n) for n in range(1, 7)]
    assert [(a.tpn, b.tpn) for a, b in proposed_pairs(six)] == [(1, 4), (2, 5), (3, 6)]
    assert [p.tpn for p in exchange_order(six)] == [4, 5, 6, 3, 2]
    assert [p.tpn for p in exchange_order(six[2:])] == [5, 6, 4]


def test_floater_types() -> None:
    """Art. 3.9: a (floated in, no opponent next door) is the worst, d the best."""
    assert floater_type(True, False) is FloaterType.A
    assert floater_type(True, True) is FloaterType.B
    assert floater_type(False, False) is FloaterType.C
    assert floater_type(False, True) is FloaterType.D
    assert sorted(FloaterType)[0] is FloaterType.D


def test_maxi_band() -> None:
    """Art. 3.2.3, 5.7: within 100 points."""
    assert within_maxi_band(player(rating=2100), player(rating=2000))
    assert not within_maxi_band(player(rating=2101), player(rating=2000))


def test_colours_forced_by_the_limits() -> None:
    """Art. 5.3: a player who had Black twice in a row gets White, whatever the other is due."""
    a = player((B, B), tpn=2)
    b = player((B,), tpn=1)
    white, black, article = allocate_colours(a, b, True, W)
    assert (white, black) == (a, b) and "5.3" in article


def test_colours_due() -> None:
    """Art. 5.1: players due different colours get them; one who is due a colour against one
    who has not played gets it."""
    a, b = player((W,), tpn=1), player((B,), tpn=2)
    assert allocate_colours(a, b, True, W)[:2] == (b, a)
    c = player((), tpn=3)
    assert allocate_colours(a, c, True, W)[:2] == (c, a)


def test_colours_first_round() -> None:
    """Art. 7.2: the higher ranked gets the drawn colour when his number is odd."""
    a, b = player((), tpn=1), player((), tpn=4)
    assert allocate_colours(b, a, True, W)[:2] == (a, b)
    c, d = player((), tpn=2), player((), tpn=5)
    assert allocate_colours(c, d, True, W)[:2] == (d, c)
    assert allocate_colours(c, d, True, B)[:2] == (c, d)


def test_colours_by_history_then_rank() -> None:
    """Art. 5.4: the latest round with different colours decides; with the same history the
    higher ranked player gets his due colour at or above the median, the lower ranked below."""
    a = player((W, B, W, B), tpn=1)  # due W
    b = player((B, W, W, B), tpn=2)  # due W; they differ in round 2
    white, _, article = allocate_colours(a, b, True, W)
    assert white is a and "history" in article  # a had Black in round 2... latest difference
    c = player((W, B), tpn=1)
    d = player((W, B), tpn=2)
    assert allocate_colours(c, d, True, W)[0] is c
    assert allocate_colours(c, d, False, W)[0] is d
