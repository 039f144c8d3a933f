"""The Double-Swiss system (C.04.5, 2026), article by article: how a match is read from its
two game columns (Preface, 1.6), the definitions, the criteria [C1]-[C8], the PAB (3.4), the
upfloaters (3.5), the bracket's first identifier (3.6, against a literal enumeration) and the
colour allocation (4.3, every step)."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.model import Colour, Player, PointSystem, Result, RoundEntry, Tournament
from chessarbiter.pairing.double_swiss.rules import (
    DoubleSwissPlayer,
    DoubleSwissRules,
    MatchError,
    MatchKind,
    allocate_colours,
    assign_pab,
    c6_complied,
    c7_count,
    c8_count,
    compatible,
    completable,
    double_swiss_point_system,
    game_colours,
    is_floater,
    match_columns,
    may_receive_pab,
    pab_value,
    pair_bracket,
    ranks_higher,
    read_match,
    scoregroups,
    select_upfloaters,
)
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.swiss.lexicographic import publication_order, upfloater_profiles

W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE
D = Decimal
P = DoubleSwissPlayer


def two_players(matches: int = 2) -> Tournament:
    t = Tournament(total_rounds=2 * matches, point_system=double_swiss_point_system())
    for n in (1, 2, 3):
        t.add_player(Player(n, f"P{n}"))
    return t


def game(t: Tournament, column: int, white: int, black: int, w: Result, b: Result) -> None:
    t.player(white).set_entry(column, RoundEntry(black, W, w))
    t.player(black).set_entry(column, RoundEntry(white, B, b))


# -- Preface and 1.6: the match read from its columns -------------------------------------------


def test_a_played_match_scores_both_games_and_has_game_one_colour():
    t = two_players()
    game(t, 1, 2, 1, Result.WIN, Result.LOSS)
    game(t, 2, 1, 2, Result.DRAW, Result.DRAW)
    m1, m2 = read_match(t, 1, 1), read_match(t, 2, 1)
    assert (m1.kind, m1.colour, m1.points, m1.opponent) == (MatchKind.PLAYED, B, D("0.5"), 2)
    assert (m2.colour, m2.points, m2.games_played) == (W, D("1.5"), 2)


def test_a_single_forfeited_game_is_played_and_game_two_gives_the_colour():
    """Preface: only a player who forfeits both games makes the match a forfeit; a single
    forfeited game counts as played. Game 1 forfeited without colours: 1.6's game-1 colour is
    the reverse of game 2's."""
    t = two_players()
    t.player(1).set_entry(1, RoundEntry(2, N, Result.FORFEIT_WIN))
    t.player(2).set_entry(1, RoundEntry(1, N, Result.FORFEIT_LOSS))
    game(t, 2, 2, 1, Result.DRAW, Result.DRAW)
    m = read_match(t, 1, 1)
    assert (m.kind, m.regular, m.won_by_forfeit, m.colour) == (MatchKind.PLAYED, True, False, W)
    assert m.points == D("1.5")


def test_forfeit_only_if_a_player_forfeits_both_games():
    t = two_players()
    game(t, 1, 1, 2, Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
    game(t, 2, 2, 1, Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
    m1, m2 = read_match(t, 1, 1), read_match(t, 2, 1)
    assert m1.kind is m2.kind is MatchKind.FORFEITED
    assert (m1.won_by_forfeit, m2.won_by_forfeit, m2.forfeited_both) == (True, False, True)
    assert m1.colour is m2.colour is N and not m1.regular


def test_each_player_forfeits_one_game_a_regular_match_without_colour():
    """Neither forfeited both games: regularly played (no rematch), but no game was played
    over the board, so no colour (reading D1)."""
    t = two_players()
    game(t, 1, 1, 2, Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
    game(t, 2, 2, 1, Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
    m = read_match(t, 1, 1)
    assert (m.kind, m.colour, m.points, m.games_played) == (MatchKind.PLAYED, N, D(1), 0)


def test_a_double_forfeit_game_is_zero_zero_inside_a_played_match():
    t = two_players()
    game(t, 1, 1, 2, Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
    game(t, 2, 2, 1, Result.WIN, Result.LOSS)
    m = read_match(t, 1, 1)
    assert (m.kind, m.points, m.colour) == (MatchKind.PLAYED, D(0), W)


def test_byes_cover_the_whole_match():
    t = two_players()
    for c in (1, 2):
        t.player(3).set_entry(c, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
        t.player(1).set_entry(c, RoundEntry.bye(Result.HALF_POINT_BYE))
    pab, half = read_match(t, 3, 1), read_match(t, 1, 1)
    assert (pab.kind, pab.points) == (MatchKind.PAB, D("1.5"))
    assert (half.kind, half.bye, half.points) == (MatchKind.BYE, Result.HALF_POINT_BYE, D(1))
    assert read_match(t, 2, 1).kind is MatchKind.NOT_PAIRED


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("bye_mixed", "a bye covers the whole match (C.04.5 Preface), but game 1 has 'U'"),
        ("game_then_bye", "round 1 has a game against 2 but round 2 has 'H'"),
        ("two_opponents", "game 1 is against 2 and game 2 against 3"),
        ("same_colour", "the same colour (white) in both games"),
        ("pending", "the game of round 2 against 2 has no result yet"),
    ],
)
def test_columns_that_are_not_one_match_are_refused_precisely(setup, message):
    t = two_players()
    if setup == "bye_mixed":
        t.player(1).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
        t.player(1).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    elif setup == "game_then_bye":
        game(t, 1, 1, 2, Result.WIN, Result.LOSS)
        t.player(1).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    elif setup == "two_opponents":
        game(t, 1, 1, 2, Result.WIN, Result.LOSS)
        game(t, 2, 3, 1, Result.WIN, Result.LOSS)
    elif setup == "same_colour":
        game(t, 1, 1, 2, Result.WIN, Result.LOSS)
        game(t, 2, 1, 2, Result.WIN, Result.LOSS)
    else:
        game(t, 1, 1, 2, Result.WIN, Result.LOSS)
        t.player(1).set_entry(2, RoundEntry(2, B, None))
        t.player(2).set_entry(2, RoundEntry(1, W, None))
    with pytest.raises(MatchError) as caught:
        read_match(t, 1, 1)
    assert str(caught.value).startswith("player 1, match 1 (rounds 1 and 2): ")
    assert message in str(caught.value)


# -- Article 1 ---------------------------------------------------------------------------------


def test_order_scoregroups_and_floaters():
    a, b, c = P(1, D(2)), P(2, D(3)), P(3, D(2))
    assert ranks_higher(b, a) and ranks_higher(a, c) and not ranks_higher(c, a)
    assert [[p.tpn for p in g] for g in scoregroups([a, b, c])] == [[2], [1, 3]]
    assert is_floater(D(2), D(3)) and is_floater(D(3), D(2)) and not is_floater(D(1), D(1))
    assert match_columns(4) == (7, 8)


def test_pab_value_is_a_game_won_and_a_game_drawn():
    assert pab_value(PointSystem()) == D("1.5")
    assert pab_value(PointSystem.simple(D(3), D(1), D(0))) == D(4)
    ps = double_swiss_point_system()
    assert ps.pairing_allocated_bye * 2 == pab_value(ps)


# -- Article 2 ---------------------------------------------------------------------------------


def test_c1_and_forbidden_pairs():
    assert compatible(P(1), P(2))
    assert not compatible(P(1, opponents=frozenset({2})), P(2))
    assert not compatible(P(1), P(2, forbidden=frozenset({1})))


def test_c2_bars_the_pab_after_a_pab_a_forfeit_match_win_or_a_full_point_bye():
    from chessarbiter.pairing.double_swiss.engine import players_before

    t = Tournament(total_rounds=8, point_system=double_swiss_point_system())
    for n in range(1, 7):
        t.add_player(Player(n, f"P{n}"))
    for c in (1, 2):
        t.player(1).set_entry(c, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
        t.player(5).set_entry(c, RoundEntry.bye(Result.FULL_POINT_BYE))
        t.player(6).set_entry(c, RoundEntry.bye(Result.HALF_POINT_BYE))
    game(t, 1, 2, 3, Result.FORFEIT_WIN, Result.FORFEIT_LOSS)  # 3 forfeits both: 2 won
    game(t, 2, 3, 2, Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
    t.player(4).set_entry(1, RoundEntry.bye(Result.ZERO_POINT_BYE))
    t.player(4).set_entry(2, RoundEntry.bye(Result.ZERO_POINT_BYE))
    states, _ = players_before(t, 1)
    assert [may_receive_pab(states[n]) for n in range(1, 7)] == [
        False,
        False,
        True,
        True,
        False,
        True,
    ]
    # the forfeited match leaves the pair free to meet again (Preface)
    assert compatible(states[2], states[3])


def test_a_single_forfeit_win_does_not_bar_the_pab_and_is_a_meeting():
    from chessarbiter.pairing.double_swiss.engine import players_before

    t = two_players()
    game(t, 1, 1, 2, Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
    game(t, 2, 2, 1, Result.LOSS, Result.WIN)
    for c in (1, 2):
        t.player(3).set_entry(c, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    states, _ = players_before(t, 1)
    assert may_receive_pab(states[1]) and not compatible(states[1], states[2])
    assert states[1].matches_played == 1 and states[3].matches_played == 0


def test_c3_completable():
    assert completable([P(1), P(2), P(3), P(4)])
    assert not completable([P(1, opponents=frozenset({2, 3, 4})), P(2), P(3), P(4)])
    assert not completable([P(1), P(2), P(3)])


def test_c4_c5_profiles_prefer_the_highest_upfloater_scores():
    hi = [P(5, D(3)), P(6, D(3))]
    lo = [P(7, D(1)), P(8, D(1)), P(9, D(1))]
    assert upfloater_profiles([hi, lo], 1) == [(1, 0), (0, 1)]
    assert upfloater_profiles([hi, lo], 3) == [(2, 1), (1, 2), (0, 3)]


def test_c6_the_following_scoregroup_must_stay_pairable():
    # the group at 2 is {3, 4, 5}: odd, so it needs one upfloater from below; 6 has met all
    rest = [
        P(3, D(2)),
        P(4, D(2)),
        P(5, D(2)),
        P(6, D(1), opponents=frozenset({3, 4, 5})),
    ]
    assert not c6_complied(rest, D(2))
    assert c6_complied([*rest[:3], P(6, D(1)), P(7, D(1)), P(8, D(1))], D(2))
    assert c6_complied(rest, None)


def test_c7_c8_not_in_the_last_round():
    r = DoubleSwissRules(match_number=3, total_matches=5)
    last = DoubleSwissRules(match_number=5, total_matches=5)
    up, floated = P(7, floated=True), P(2, floated=True)
    assert c7_count([up, P(8)], r) == 1 and c7_count([up], last) == 0
    assert c8_count(floated, P(9), frozenset({9}), r) == 1
    assert c8_count(floated, up, frozenset({7}), r) == 1  # the resident 2 floated
    assert c8_count(floated, P(9), frozenset({9}), last) == 0


# -- Article 3 ---------------------------------------------------------------------------------


def test_pab_3_4_order():
    # 3.4.2 lowest score, 3.4.3 most matches played, 3.4.4 largest TPN, [C2]
    ps = [P(1, D(2)), P(2, D(1), matches_played=3), P(3, D(1), matches_played=2)]
    assert assign_pab(ps).tpn == 2  # type: ignore[union-attr]
    ps = [P(1, D(1)), P(2, D(1)), P(3, D(1))]
    assert assign_pab(ps).tpn == 3  # type: ignore[union-attr]
    ps = [P(1, D(1)), P(2, D(1)), P(3, D(1), pab_barred=True)]
    assert assign_pab(ps).tpn == 2  # type: ignore[union-attr]
    # 3.4.1: the bye must leave the others pairable: 1 met 2 and 3, so only 1 can take it
    ps = [
        P(1, D(2), opponents=frozenset({2, 3})),
        P(2, D(1), opponents=frozenset({1})),
        P(3, D(0), opponents=frozenset({1})),
    ]
    assert assign_pab(ps).tpn == 1  # type: ignore[union-attr]
    assert assign_pab([P(1), P(2)]) is None
    with pytest.raises(NoValidPairingError):
        assign_pab([P(1, pab_barred=True), P(2, pab_barred=True), P(3, pab_barred=True)])


def test_upfloaters_3_5_first_set_by_score_then_tpn_avoiding_last_round_floaters():
    rules = DoubleSwissRules(match_number=3, total_matches=5)
    residents = [P(1, D(4)), P(2, D(4)), P(3, D(4))]
    others = [P(4, D(3), floated=True), P(5, D(3)), P(6, D(2))]
    assert [p.tpn for p in select_upfloaters(residents, others, rules)] == [5]  # [C7]
    last = DoubleSwissRules(match_number=5, total_matches=5)
    assert [p.tpn for p in select_upfloaters(residents, others, last)] == [4]
    # [C1]: 4 and 5 met every resident: 6 floats from two groups down ([C5] gives way)
    met = frozenset({1, 2, 3})
    others = [P(4, D(3), opponents=met), P(5, D(3), opponents=met)]
    others += [P(6, D(2)), P(7, D(2)), P(8, D(2))]
    assert [p.tpn for p in select_upfloaters(residents, others, rules)] == [6]


def test_3_6_round_one_is_the_top_half_against_the_bottom_half():
    pairs = pair_bracket([P(n) for n in range(1, 9)], (), DoubleSwissRules())
    assert [(a.tpn, b.tpn) for a, b in pairs] == [(1, 5), (2, 6), (3, 7), (4, 8)]


def _literal_first(
    bracket: list[DoubleSwissPlayer], ups: frozenset[int], rules: DoubleSwissRules
) -> list[tuple[int, int]] | None:
    """3.6 by enumeration: every pairing, identifiers in lexicographic order, the first with
    [C1] and the least [C8]."""
    tpns = sorted(p.tpn for p in bracket)
    by = {p.tpn: p for p in bracket}
    found: list[tuple[tuple[int, ...], int, list[tuple[int, int]]]] = []

    def walk(left: list[int], acc: list[tuple[int, int]]) -> None:
        if not left:
            tops = sorted(a for a, _ in acc)
            ident = (*tops, *(dict(acc)[t] for t in tops))
            cost = sum(c8_count(by[a], by[b], ups, rules) for a, b in acc)
            found.append((ident, cost, sorted(acc)))
            return
        first = left[0]
        for other in left[1:]:
            if compatible(by[first], by[other]):
                walk([x for x in left if x not in (first, other)], [*acc, (first, other)])

    walk(tpns, [])
    if not found:
        return None
    least = min(c for _, c, _ in found)
    return min((i, pairs) for i, c, pairs in found if c == least)[1]


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from([2, 4, 6, 8]),
    meetings=st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=10),
    floated=st.sets(st.integers(1, 8)),
    ups=st.sets(st.integers(1, 8), max_size=3),
)
def test_3_6_the_first_identifier_agrees_with_a_literal_enumeration(size, meetings, floated, ups):
    opponents: dict[int, set[int]] = {n: set() for n in range(1, size + 1)}
    for a, b in meetings:
        if a != b and a <= size and b <= size:
            opponents[a].add(b)
            opponents[b].add(a)
    bracket = [P(n, opponents=frozenset(opponents[n]), floated=n in floated) for n in opponents]
    rules = DoubleSwissRules(match_number=2, total_matches=5)
    upf = [p for p in bracket if p.tpn in ups]
    expected = _literal_first(bracket, frozenset(p.tpn for p in upf), rules)
    if expected is None:
        with pytest.raises(NoValidPairingError):
            pair_bracket(bracket, upf, rules)
        return
    got = sorted((a.tpn, b.tpn) for a, b in pair_bracket(bracket, upf, rules))
    assert got == expected


def test_3_5_upfloaters_avoid_the_previous_round_floaters_when_they_can():
    """Two residents who met need two upfloaters ([C4] by parity); of the four candidates,
    the two that were not floaters in the previous round are taken ([C7])."""
    rules = DoubleSwissRules(match_number=2, total_matches=5)
    residents = [P(1, D(2), opponents=frozenset({2})), P(2, D(2), opponents=frozenset({1}))]
    for a, b in itertools.combinations(range(3, 7), 2):
        others = [P(n, D(1), floated=n in (a, b)) for n in range(3, 7)]
        chosen = [p.tpn for p in select_upfloaters(residents, others, rules)]
        assert chosen == [n for n in range(3, 7) if n not in (a, b)]


def test_publication_order_by_the_higher_ranked_player():
    a, b, c, d = P(1, D(2)), P(2, D(1)), P(3, D(3)), P(4, D(0))
    order = publication_order([(a, b), (c, d)])
    assert [(x.tpn, y.tpn) for x, y in order] == [(3, 4), (1, 2)]


# -- Article 4 ---------------------------------------------------------------------------------


def test_4_3_1_tpn_parity_of_the_higher_ranked_player():
    white = DoubleSwissRules(initial_colour=W)
    black = DoubleSwissRules(initial_colour=B)
    assert allocate_colours(P(1), P(5), white) == (1, 5, "4.3.1")
    assert allocate_colours(P(2), P(6), white) == (6, 2, "4.3.1")
    assert allocate_colours(P(1), P(5), black) == (5, 1, "4.3.1")
    # the higher-ranked player is the one with more points, not the smaller TPN
    assert allocate_colours(P(1, D(0)), P(6, D(2)), white) == (1, 6, "4.3.1")


def test_4_3_2_fewer_whites():
    r = DoubleSwissRules()
    assert allocate_colours(P(1, colours=(W, B)), P(2, colours=(B, B)), r) == (2, 1, "4.3.2")
    assert allocate_colours(P(1, colours=(W, W)), P(2, colours=(B, W)), r) == (2, 1, "4.3.2")


def test_4_3_3_alternate_from_the_last_difference():
    r = DoubleSwissRules()
    # equal whites; last colours equal (W), before that 1 had B and 2 had W
    assert allocate_colours(P(1, colours=(B, W)), P(2, colours=(W, W, B, W)), r)[2] == "4.3.2"
    got = allocate_colours(P(1, colours=(W, B, W)), P(2, colours=(B, W, W)), r)
    assert got == (1, 2, "4.3.3")  # round -2: 1 had B, 2 had W -> 1 gets W


def test_4_3_4_and_4_3_5_alternation_of_the_higher_ranked_then_the_other():
    r = DoubleSwissRules()
    assert allocate_colours(P(1, colours=(W,)), P(2, colours=(W,)), r) == (2, 1, "4.3.4")
    assert allocate_colours(P(1, D(2), colours=(B,)), P(2, colours=(B,)), r) == (1, 2, "4.3.4")
    # the higher-ranked player has never had a colour (and no White), the other only Black
    assert allocate_colours(P(1, D(3)), P(2, colours=(B,)), r) == (2, 1, "4.3.5")


def test_4_4_game_two_reverses_game_one():
    assert game_colours(4, 9) == ((4, 9), (9, 4))


def _valid(entry: tuple[int, Colour, Result | None]) -> bool:
    _, colour, result = entry
    return colour is not N or result is None or not result.is_game


_GAMES = [None, Result.WIN, Result.DRAW, Result.LOSS, Result.FORFEIT_WIN, Result.FORFEIT_LOSS]
_ENTRIES = st.one_of(
    st.just(RoundEntry.NOT_PAIRED),
    st.sampled_from(
        [Result.PAIRING_ALLOCATED_BYE, Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE]
    ).map(RoundEntry.bye),
    st.tuples(st.integers(1, 5), st.sampled_from([W, B, N]), st.sampled_from(_GAMES))
    .filter(_valid)
    .map(lambda e: RoundEntry(*e)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(_ENTRIES, _ENTRIES), min_size=4, max_size=4))
def test_any_columns_read_as_a_match_or_refused_precisely(columns):
    """Whatever two columns hold, a match is read or a MatchError names the player and the
    match (never another exception); a match read is consistent with its columns."""
    t = Tournament(total_rounds=4, point_system=double_swiss_point_system())
    for n, (e1, e2) in enumerate(columns, start=1):
        t.add_player(Player(n, f"P{n}"))
        t.player(n).set_entry(1, e1)
        t.player(n).set_entry(2, e2)
    for n in range(1, 5):
        try:
            m = read_match(t, n, 1)
        except MatchError as e:
            assert str(e).startswith(f"player {n}, match 1 (rounds 1 and 2): ")
            continue
        e1, e2 = t.player(n).entry(1), t.player(n).entry(2)
        assert m.opponent == e1.opponent == e2.opponent
        assert m.points == t.score(n, after_round=2)
        if m.colour is not N:
            assert m.kind is MatchKind.PLAYED and m.games_played >= 1
