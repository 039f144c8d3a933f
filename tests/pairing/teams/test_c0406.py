"""Team Swiss, C.04.6 (the FIDE Swiss Team Pairing System) article by article."""

from __future__ import annotations

import itertools
import random
from decimal import Decimal

import pytest

from chessarbiter.errors import PairingError
from chessarbiter.model import Colour
from chessarbiter.model.teams import ColourPreferenceType, MatchKind, PrimaryScore, TeamMatch
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.swiss.lexicographic import upfloater_sets
from chessarbiter.pairing.teams.c0406 import (
    NO_PREFERENCE,
    C0406Rules,
    Preference,
    TeamState,
    allocate_colours,
    assign_pab,
    colour_preference,
    completable,
    first_team,
    pair_bracket,
    pair_c0406,
    pair_cost,
    select_upfloaters,
    team_states,
)

from .team_swiss_events import event_of, forfeit, pab, played

W, B = Colour.WHITE, Colour.BLACK
D = Decimal
A_RULES = C0406Rules(round_number=3, total_rounds=7)
B_RULES = C0406Rules(ColourPreferenceType.B, round_number=3, total_rounds=7)


# -- part B: C.04.6 Art. 1.7 colour preferences -------------------------------------------------


@pytest.mark.parametrize(
    "history, a, b",
    [
        ((), NO_PREFERENCE, NO_PREFERENCE),  # no match yet
        ((B, B, W, B), Preference(W, "simple"), Preference(W, "strong")),  # CD -2
        ((W, B, B), Preference(W, "simple"), Preference(W, "strong")),  # CD -1, BB
        ((W, W, B, B), Preference(W, "simple"), Preference(W, "strong")),  # CD 0, BB
        ((W, W, W), Preference(B, "simple"), Preference(B, "strong")),  # CD +3
        ((B, W, W), Preference(B, "simple"), Preference(B, "strong")),  # CD +1, WW
        ((W, B, B, B, W), NO_PREFERENCE, Preference(W, "mild")),  # CD -1 only
        ((W, W, B, B, B, W, W), Preference(B, "simple"), Preference(B, "strong")),  # +1, WW
        ((W, W, W, B, B), NO_PREFERENCE, Preference(B, "mild")),  # CD +1 after BB: not White
        ((W, B), NO_PREFERENCE, Preference(W, "mild")),  # CD 0, last Black
        ((B, W), NO_PREFERENCE, Preference(B, "mild")),  # CD 0, last White
    ],
)
def test_art_1_7_preferences(history: tuple[Colour, ...], a: Preference, b: Preference) -> None:
    team = TeamState(1, colours=history)
    assert colour_preference(team, A_RULES) == a
    assert colour_preference(team, B_RULES) == b
    none = C0406Rules(ColourPreferenceType.NONE, round_number=3, total_rounds=7)
    assert colour_preference(team, none) == NO_PREFERENCE


def test_art_1_7_2_last_round() -> None:
    """Type B in the last round: CD 0 gives no mild preference; strong ones stay (A1)."""
    last = C0406Rules(ColourPreferenceType.B, round_number=7, total_rounds=7)
    assert colour_preference(TeamState(1, colours=(W, B)), last) == NO_PREFERENCE
    assert colour_preference(TeamState(1, colours=(W, W, B, B)), last) == Preference(W, "strong")
    assert colour_preference(TeamState(1, colours=(W, B, B)), last) == Preference(W, "strong")
    assert colour_preference(TeamState(1, colours=(B, W, B)), last) == Preference(W, "mild")


# -- Art. 4: the colour allocation steps one by one ---------------------------------------------


def test_art_4_2_first_team() -> None:
    low, high = TeamState(1, D(2), D(5)), TeamState(2, D(4), D(3))
    assert first_team(low, high, A_RULES) is high  # 4.2.1
    x, y = TeamState(1, D(4), D(5)), TeamState(2, D(4), D(6))
    assert first_team(x, y, A_RULES) is y  # 4.2.2
    no_secondary = C0406Rules(use_secondary=False, round_number=3, total_rounds=7)
    assert first_team(x, y, no_secondary) is x  # 4.2.3 when 4.2.2 is not used
    assert first_team(TeamState(3), TeamState(8), A_RULES).tpn == 3  # 4.2.3


def test_art_4_3_1_no_history() -> None:
    odd, even = TeamState(3), TeamState(6)
    assert allocate_colours(odd, even, A_RULES) == (3, 6, "4.3.1")
    black_drawn = C0406Rules(initial_colour=B, round_number=3, total_rounds=7)
    assert allocate_colours(odd, even, black_drawn) == (6, 3, "4.3.1")
    # the first-team (higher score) has an even TPN: it gets the opposite of the initial colour
    assert allocate_colours(TeamState(1), TeamState(4, D(2)), A_RULES) == (1, 4, "4.3.1")


def test_art_4_3_2_one_preference() -> None:
    a = TeamState(1, D(2), colours=(W, B))  # no Type A preference
    b = TeamState(2, colours=(B, B))  # prefers White
    assert allocate_colours(a, b, A_RULES) == (2, 1, "4.3.2")


def test_art_4_3_3_opposite_preferences() -> None:
    a = TeamState(1, colours=(W, W))
    b = TeamState(2, colours=(B, B))
    assert allocate_colours(a, b, A_RULES) == (2, 1, "4.3.3")


def test_art_4_3_4_strong_beats_mild_type_b_only() -> None:
    a = TeamState(1, D(4), colours=(B, W, B))  # mild White (CD -1)
    b = TeamState(2, colours=(W, B, B))  # strong White (CD -1, BB)
    assert allocate_colours(a, b, B_RULES) == (2, 1, "4.3.4")
    # Type A: a has no preference, b has one: 4.3.2
    assert allocate_colours(a, b, A_RULES) == (2, 1, "4.3.2")


def test_art_4_3_5_lower_colour_difference() -> None:
    a = TeamState(1, D(4), colours=(B, B, W, B))  # CD -2, prefers White
    b = TeamState(2, colours=(B, B, B, W, B))  # CD -3, prefers White
    assert allocate_colours(a, b, A_RULES) == (2, 1, "4.3.5")
    none = C0406Rules(ColourPreferenceType.NONE, round_number=3, total_rounds=7)
    c, d = TeamState(1, colours=(W, W)), TeamState(2, colours=(W,))
    assert allocate_colours(c, d, none) == (2, 1, "4.3.5")  # +1 is lower than +2


def test_art_4_3_6_alternate_from_the_last_difference() -> None:
    """Played histories right-aligned (GHR 3.4): BWWB vs WBWBWB differ three back, where the
    first-team had White: it now gets Black."""
    none = C0406Rules(ColourPreferenceType.NONE, round_number=3, total_rounds=7)
    c = TeamState(1, D(4), colours=(B, W, W, B))  # CD 0
    e = TeamState(2, colours=(W, B, W, B, W, B))  # CD 0
    assert allocate_colours(c, e, none) == (2, 1, "4.3.6")
    a, b = TeamState(1, D(4), colours=(W, B)), TeamState(2, colours=(W, B, B, W))
    assert allocate_colours(a, b, none) == (1, 2, "4.3.6")  # a had Black last, b White
    d = TeamState(2, colours=(B, W, W, B))  # the same history: no difference
    assert allocate_colours(c, d, none) == (1, 2, "4.3.8")


def test_art_4_3_7_first_team_preference() -> None:
    a = TeamState(1, D(4), colours=(W, W, B, B))  # CD 0, BB: White
    b = TeamState(2, colours=(W, W, B, B))  # same history, same preference
    assert allocate_colours(a, b, A_RULES) == (1, 2, "4.3.7")
    assert allocate_colours(
        TeamState(1, colours=a.colours), TeamState(2, D(4), colours=a.colours), A_RULES
    ) == (2, 1, "4.3.7")


def test_art_4_3_8_and_4_3_9_alternate_the_last_colour() -> None:
    none = C0406Rules(ColourPreferenceType.NONE, round_number=3, total_rounds=7)
    a, b = TeamState(1, D(4), colours=(B, W)), TeamState(2, colours=(B, W))
    assert allocate_colours(a, b, none) == (2, 1, "4.3.8")  # first-team had White last
    # the first-team has not played (a late entry), the other team has: 4.3.9
    late, other = TeamState(1, D(4)), TeamState(2, colours=(W, B))
    assert allocate_colours(late, other, none) == (2, 1, "4.3.9")
    assert allocate_colours(late, other, A_RULES) == (2, 1, "4.3.9")


# -- Art. 2 / 3: criteria, PAB, upfloaters, brackets -------------------------------------------


def test_art_3_4_pab() -> None:
    teams = [
        TeamState(1, D(4), matches_played=2),
        TeamState(2, D(1), matches_played=1),
        TeamState(3, D(1), matches_played=2),
        TeamState(4, D(1), matches_played=2),
        TeamState(5, D(0), pab_barred=True),
    ]
    # 3.4.2 lowest score among the eligible ([C2] bars 5), 3.4.3 most matches, 3.4.4 largest TPN
    assert assign_pab(teams).tpn == 4  # type: ignore[union-attr]
    # 3.4.1: 4 would leave 1, 2, 3, 5 with 1-5 and 2-3... make 1 and 5 incompatible
    teams[0] = TeamState(1, D(4), opponents=frozenset({5}), matches_played=2)
    teams[4] = TeamState(5, D(0), opponents=frozenset({1, 2, 3}), pab_barred=True)
    teams[2] = TeamState(3, D(1), opponents=frozenset({5}), matches_played=2)
    teams[1] = TeamState(2, D(1), opponents=frozenset({5}), matches_played=1)
    chosen = assign_pab(teams)  # without 4, team 5 cannot be paired: 3.4.1
    assert chosen is not None and chosen.tpn == 3
    assert completable([t for t in teams if t is not chosen])
    assert assign_pab(teams[:4]) is None
    with pytest.raises(NoValidPairingError):
        assign_pab([TeamState(1, pab_barred=True)])


def test_art_3_5_4_the_handbook_set_order() -> None:
    """Handbook example: 2, 6, 8 have 3 points and 1, 3, 5 have 2.5; two upfloaters of 3
    points and one of 2.5: {2,6,1} < {2,6,3} < ... < {6,8,5}."""
    levels = [[TeamState(n, D(3)) for n in (2, 6, 8)], [TeamState(n, D("2.5")) for n in (1, 3, 5)]]
    order = [[t.tpn for t in s] for s in upfloater_sets(levels, (2, 1))]
    assert order == [
        [2, 6, 1],
        [2, 6, 3],
        [2, 6, 5],
        [2, 8, 1],
        [2, 8, 3],
        [2, 8, 5],
        [6, 8, 1],
        [6, 8, 3],
        [6, 8, 5],
    ]


def _met(*pairs: tuple[int, int]) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {}
    for a, b in pairs:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def test_art_3_5_upfloaters_c4_c5_c3() -> None:
    """Residents 4, 7, 9 (4 points) met each other: three upfloaters are needed ([C4]); the
    best [C5] set {2, 6, 8} would leave 1, 3, 5, 10 unpairable ([C3]; 10 met them all), so
    two of 3 points and one of 2.5 come up, the first such set being {2, 6, 1}."""
    met = _met((4, 7), (4, 9), (7, 9), (10, 1), (10, 3), (10, 5))
    score = {
        4: D(4),
        7: D(4),
        9: D(4),
        2: D(3),
        6: D(3),
        8: D(3),
        1: D("2.5"),
        3: D("2.5"),
        5: D("2.5"),
        10: D(0),
    }
    teams = {n: TeamState(n, s, opponents=frozenset(met.get(n, ()))) for n, s in score.items()}
    residents = [teams[n] for n in (4, 7, 9)]
    others = [t for n, t in teams.items() if n not in (4, 7, 9)]
    assert [t.tpn for t in select_upfloaters(residents, others, A_RULES)] == [2, 6, 1]


def test_art_3_5_c7_prefers_non_floaters() -> None:
    residents = [TeamState(1, D(4))]
    others = [TeamState(2, D(2), floated=True), TeamState(3, D(2)), TeamState(4, D(2))]
    assert [t.tpn for t in select_upfloaters(residents, others, A_RULES)] == [3]
    last_two = C0406Rules(round_number=6, total_rounds=7)
    assert [t.tpn for t in select_upfloaters(residents, others, last_two)] == [2]


def test_art_3_6_c1_and_identifier_order() -> None:
    teams = [
        TeamState(1, opponents=frozenset({3})),
        TeamState(2),
        TeamState(3, opponents=frozenset({1})),
        TeamState(4),
    ]
    assert [(a.tpn, b.tpn) for a, b in pair_bracket(teams, (), A_RULES)] == [(1, 4), (2, 3)]


def test_art_3_6_c8_colour_preferences() -> None:
    """1 and 3 both prefer White: 1-3 would leave one preference unfulfilled ([C8])."""
    teams = [
        TeamState(1, colours=(B, B)),
        TeamState(2, colours=(W, W)),
        TeamState(3, colours=(B, B)),
        TeamState(4, colours=(W, W)),
    ]
    assert [(a.tpn, b.tpn) for a, b in pair_bracket(teams, (), A_RULES)] == [(1, 4), (2, 3)]
    none = C0406Rules(ColourPreferenceType.NONE, round_number=3, total_rounds=7)
    assert [(a.tpn, b.tpn) for a, b in pair_bracket(teams, (), none)] == [(1, 3), (2, 4)]


def _brute_force(
    teams: list[TeamState], ups: frozenset[int], rules: C0406Rules
) -> list[tuple[int, int]]:
    """3.6 by definition: every pairing, [C1] filter, least ([C8], [C9], [C10]), then the
    lexicographically first identifier."""

    def pairings(rest: list[TeamState]) -> list[list[tuple[TeamState, TeamState]]]:
        if not rest:
            return [[]]
        head, out = rest[0], []
        for i in range(1, len(rest)):
            for tail in pairings(rest[1:i] + rest[i + 1 :]):
                out.append([(head, rest[i]), *tail])
        return out

    best: tuple[int, list[int], list[tuple[int, int]]] | None = None
    scale = len(teams) + 2
    for p in pairings(sorted(teams, key=lambda t: t.tpn)):
        if any(b.tpn in a.opponents for a, b in p):
            continue
        cost = sum(pair_cost(a, b, ups, rules, scale) for a, b in p)
        pairs = sorted((min(a.tpn, b.tpn), max(a.tpn, b.tpn)) for a, b in p)
        ident = [x for x, _ in pairs] + [y for _, y in pairs]
        if best is None or (cost, ident) < (best[0], best[1]):
            best = (cost, ident, pairs)
    assert best is not None
    return best[2]


@pytest.mark.parametrize("seed", range(40))
def test_art_3_6_against_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.choice([4, 6, 8])
    tpns = sorted(rng.sample(range(1, 20), size))
    met: dict[int, set[int]] = {t: set() for t in tpns}
    for a, b in itertools.combinations(tpns, 2):
        if rng.random() < 0.25:
            met[a].add(b)
            met[b].add(a)
    teams = [
        TeamState(
            t,
            colours=tuple(rng.choice([W, B]) for _ in range(rng.randint(0, 4))),
            opponents=frozenset(met[t]),
            floated=rng.random() < 0.3,
        )
        for t in tpns
    ]
    ups = frozenset(t for t in tpns if rng.random() < 0.3)
    rules = B_RULES if seed % 2 else A_RULES
    if not completable(teams):
        with pytest.raises(NoValidPairingError):
            pair_bracket(teams, [t for t in teams if t.tpn in ups], rules)
        return
    got = pair_bracket(teams, [t for t in teams if t.tpn in ups], rules)
    assert sorted((a.tpn, b.tpn) for a, b in got) == _brute_force(teams, ups, rules)


# -- a small event paired round by round ----------------------------------------------------------


def _result(white: int, black: int, rnd: int) -> str:
    """A deterministic game-point score for White (4 boards)."""
    return ["3", "2", "1.5", "2.5", "1", "2"][(white * 7 + black * 3 + rnd) % 6]


@pytest.mark.parametrize("preference", list(ColourPreferenceType))
@pytest.mark.parametrize("primary", [PrimaryScore.MP, PrimaryScore.GP, PrimaryScore.MP1])
def test_event_round_by_round(preference: ColourPreferenceType, primary: PrimaryScore) -> None:
    """Seven teams, five rounds: every article's property checked after each pairing."""
    teams, rounds = 7, 5
    matches: list[TeamMatch] = []
    for rnd in range(1, rounds + 1):
        event = event_of(teams, list(matches))
        p = pair_c0406(event, rounds, primary=primary, colour_preference_type=preference)
        assert p.round == rnd
        states = team_states(event, rnd, primary)
        rules = C0406Rules(preference, True, W, rnd, rounds)
        # 3.3.1: complete; every team once
        seen = [t for m in p.matches for t in (m.white, m.black)] + [p.bye]
        assert sorted(t for t in seen if t is not None) == list(range(1, teams + 1))
        # [C1]: no repeat of a played match
        for m in p.matches:
            assert compatible_pair(states, m.white, m.black)
        # [C2] and 3.4: the PAB team, first of the eligible teams leaving a legal pairing
        assert p.bye is not None and not states[p.bye].pab_barred
        eligible = sorted(
            (s for s in states.values() if not s.pab_barred),
            key=lambda s: (s.score, -s.matches_played, -s.tpn),
        )
        first = next(s for s in eligible if completable([x for x in states.values() if x is not s]))
        assert p.bye == first.tpn
        # 1.4: a draw's MP and GP
        assert (p.bye_match_points, p.bye_game_points) == (D(1), D(2))
        # Art. 4: the colours of each match are those of the nine-step allocation
        for m in p.matches:
            a, b = states[m.white], states[m.black]
            assert allocate_colours(a, b, rules) == (m.white, m.black, m.rule)
        # GHR 3.6: publication order
        keys = [
            (
                -max(states[m.white].score, states[m.black].score),
                -(states[m.white].score + states[m.black].score),
            )
            for m in p.matches
        ]
        assert keys == sorted(keys)
        # record the round: the White team first (board 1)
        for m in p.matches:
            matches.append(played(rnd, m.white, m.black, _result(m.white, m.black, rnd)))
        matches.append(pab(rnd, p.bye))
    final = event_of(teams, matches)
    byes = [m.team_a for m in final.matches if m.kind is MatchKind.PAB]
    assert len(set(byes)) == rounds  # [C2]: never twice
    with pytest.raises(PairingError):
        pair_c0406(final, rounds)


def compatible_pair(states: dict[int, TeamState], a: int, b: int) -> bool:
    return b not in states[a].opponents and a not in states[b].opponents


def test_forfeits_c1_c2_and_colours() -> None:
    """A forfeited match: no colour, may be repeated (GHR 3.5), the winner may not get the
    PAB ([C2]); requested byes are not paired."""
    event = event_of(5, [forfeit(1, 1, 2), played(1, 3, 4, "2"), pab(1, 5)])
    s = team_states(event, 2)
    assert s[1].colours == () and s[1].pab_barred and not s[2].pab_barred
    assert s[1].opponents == frozenset() and s[3].colours == (W,) and s[4].colours == (B,)
    assert s[5].pab_barred and s[3].score == s[4].score == 1
    p = pair_c0406(event, 5)
    assert p.bye not in (1, 5)


def test_floaters_art_1_5() -> None:
    event = event_of(
        4, [played(1, 1, 2, "3"), played(1, 3, 4, "2"), played(2, 1, 3, "2"), played(2, 2, 4, "3")]
    )
    s = team_states(event, 3)
    # before round 2: 1 had 2 MP, 3 had 1: both floated; 2 (0) and 4 (1) too
    assert [s[n].floated for n in (1, 2, 3, 4)] == [True, True, True, True]
    s2 = team_states(event, 2)
    assert not any(x.floated for x in s2.values())


def test_game_points_primary_and_initial_colour() -> None:
    event = event_of(4, [played(1, 2, 1, "3"), played(1, 4, 3, "1")])
    s = team_states(event, 2, PrimaryScore.GP)
    assert (s[2].score, s[2].secondary) == (D(3), D(2))
    # the initial colour is read from round 1: team 1 (odd, first-team) had Black
    p = pair_c0406(event, 3, colour_preference_type=ColourPreferenceType.NONE)
    assert p.round == 2
    with pytest.raises(PairingError):
        pair_c0406(event, 0)


def test_no_legal_pairing() -> None:
    event = event_of(2, [played(1, 1, 2, "2")])
    with pytest.raises(NoValidPairingError):
        pair_c0406(event, 3)
