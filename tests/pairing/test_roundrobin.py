"""Round robin pairing (FIDE C.05 Annex 1 Berger tables, C.05 Annex 2 Varma tables)."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.errors import PairingError
from chessarbiter.model import Player, Result, Tournament
from chessarbiter.pairing.roundrobin import (
    BYE,
    Pair,
    VarmaGroups,
    berger_round,
    berger_table,
    berger_table_by_rotation,
    double_round_robin,
    draw_lots,
    exchanged_rounds,
    pair_round,
    record_round_robin_bye,
    rounds_per_cycle,
    table_size,
    varma_assign,
    varma_groups,
    varma_keeping_apart,
)

# -- the published Berger tables (C.05 Annex 1) -------------------------------------------------
#
# One line per round, boards in order, "white-black". Sources:
# * 4, 6, 8 and rounds 1 and 9 of 10: the project spec, section 4.1;
# * 4 to 14: c.w.fox.tripod.com/chess/berger.html and the "Crenshaw-Berger Tables" sheet
#   (scribd 381712253), which agree board for board;
# * 4 to 16: the C.05 Annex 1 text as copied into the docstring of nicvagn/Gambit-Pairing,
#   src/gambitpairing/core/pairing_round_robin.py ("fide handbook"); the only published
#   16-player table found; it agrees with the others up to 14;
# * 10: also the Vega manual (2016), Appendix C.
# With an odd number of players the highest number is the bye.

PUBLISHED: dict[int, str] = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
    12: """
        1-12 2-11 3-10 4-9 5-8 6-7
        12-7 8-6 9-5 10-4 11-3 1-2
        2-12 3-1 4-11 5-10 6-9 7-8
        12-8 9-7 10-6 11-5 1-4 2-3
        3-12 4-2 5-1 6-11 7-10 8-9
        12-9 10-8 11-7 1-6 2-5 3-4
        4-12 5-3 6-2 7-1 8-11 9-10
        12-10 11-9 1-8 2-7 3-6 4-5
        5-12 6-4 7-3 8-2 9-1 10-11
        12-11 1-10 2-9 3-8 4-7 5-6
        6-12 7-5 8-4 9-3 10-2 11-1
    """,
    14: """
        1-14 2-13 3-12 4-11 5-10 6-9 7-8
        14-8 9-7 10-6 11-5 12-4 13-3 1-2
        2-14 3-1 4-13 5-12 6-11 7-10 8-9
        14-9 10-8 11-7 12-6 13-5 1-4 2-3
        3-14 4-2 5-1 6-13 7-12 8-11 9-10
        14-10 11-9 12-8 13-7 1-6 2-5 3-4
        4-14 5-3 6-2 7-1 8-13 9-12 10-11
        14-11 12-10 13-9 1-8 2-7 3-6 4-5
        5-14 6-4 7-3 8-2 9-1 10-13 11-12
        14-12 13-11 1-10 2-9 3-8 4-7 5-6
        6-14 7-5 8-4 9-3 10-2 11-1 12-13
        14-13 1-12 2-11 3-10 4-9 5-8 6-7
        7-14 8-6 9-5 10-4 11-3 12-2 13-1
    """,
    16: """
        1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
        16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
        2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
        16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
        3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
        16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
        4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
        16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
        5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
        16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
        6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
        16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
        7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
        16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
        8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1
    """,
}


def published(size: int) -> list[list[Pair]]:
    rounds = []
    for line in PUBLISHED[size].strip().splitlines():
        boards = []
        for board in line.split():
            white, black = board.split("-")
            boards.append((int(white), int(black)))
        rounds.append(boards)
    return rounds


def published_with_bye(n: int) -> list[list[Pair]]:
    """The published table of the next even size, its highest number written as the bye."""
    dummy = n + 1
    return [
        [(b if w == dummy else w, BYE) if dummy in (w, b) else (w, b) for w, b in pairs]
        for pairs in published(dummy)
    ]


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_even_tables_equal_the_published_c05_annex1_tables(size: int) -> None:
    assert berger_table(size) == published(size)


@pytest.mark.parametrize("n", range(3, 16, 2))
def test_odd_tables_are_the_next_even_table_with_the_dummy_as_bye(n: int) -> None:
    """C.05 Annex 1: with an odd number of players the highest number counts as a bye."""
    assert berger_table(n) == published_with_bye(n)


def test_published_sources_for_10_agree_with_the_spec_rows() -> None:
    """The spec gives rounds 1 and 9 of the 10-player table; the published table matches."""
    assert published(10)[0] == [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]
    assert published(10)[8] == [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)]


@pytest.mark.parametrize("n", range(2, 31))
def test_closed_form_and_rotation_agree(n: int) -> None:
    """C.05 Annex 1: the closed form and the "Berger explained" rotation give one table."""
    assert berger_table(n) == berger_table_by_rotation(n)


def test_two_players() -> None:
    assert berger_table(2) == [[(1, 2)]]
    assert double_round_robin(2) == [[(1, 2)], [(2, 1)]]


# -- structural properties (C.05 Annex 1) -------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 31))
def test_every_pair_meets_exactly_once(n: int) -> None:
    games = Counter(
        frozenset(pair) for pairs in berger_table(n) for pair in pairs if BYE not in pair
    )
    assert set(games) == {frozenset(p) for p in itertools.combinations(range(1, n + 1), 2)}
    assert set(games.values()) == {1}


@pytest.mark.parametrize("n", range(2, 31))
def test_every_player_sits_once_per_round_and_board_count(n: int) -> None:
    size = table_size(n)
    table = berger_table(n)
    assert len(table) == rounds_per_cycle(n) == size - 1
    for pairs in table:
        assert len(pairs) == size // 2
        seated = [p for pair in pairs for p in pair if p != BYE]
        assert sorted(seated) == list(range(1, n + 1))


@pytest.mark.parametrize("n", range(3, 30, 2))
def test_odd_n_each_player_has_one_bye_on_board_1(n: int) -> None:
    byes: Counter[int] = Counter()
    for pairs in berger_table(n):
        assert pairs[0][1] == BYE
        assert all(BYE not in pair for pair in pairs[1:])
        byes[pairs[0][0]] += 1
    assert byes == Counter(range(1, n + 1))


def colour_counts(table: list[list[Pair]], n: int) -> dict[int, tuple[int, int]]:
    whites = Counter(w for pairs in table for w, b in pairs if b != BYE)
    blacks = Counter(b for pairs in table for _, b in pairs if b != BYE)
    return {p: (whites[p], blacks[p]) for p in range(1, n + 1)}


@pytest.mark.parametrize("n", range(2, 31))
def test_colours_balanced_within_one_cycle(n: int) -> None:
    for whites, blacks in colour_counts(berger_table(n), n).values():
        assert abs(whites - blacks) <= 1
        assert whites + blacks == n - 1


@pytest.mark.parametrize("size", range(4, 31, 2))
def test_colour_rule_lower_number_white_when_sum_is_odd(size: int) -> None:
    """C.05 Annex 1: for i < j < N the lower number has White exactly when i + j is odd."""
    for pairs in berger_table(size):
        for white, black in pairs:
            if size in (white, black):
                continue
            low, high = sorted((white, black))
            assert (white == low) == ((low + high) % 2 == 1)


@pytest.mark.parametrize("size", range(4, 31, 2))
def test_meeting_round_rule(size: int) -> None:
    """C.05 Annex 1: i and j < N meet in the round r with i + j ≡ r + 1 (mod N − 1)."""
    m = size - 1
    for r, pairs in enumerate(berger_table(size), start=1):
        for white, black in pairs:
            if size in (white, black):
                k = black if white == size else white
                assert (2 * k - (r + 1)) % m == 0
            else:
                assert (white + black - (r + 1)) % m == 0


def test_single_round_matches_the_table() -> None:
    assert berger_round(10, 9) == published(10)[8]
    assert berger_round(9, 2) == [(6, BYE), (7, 5), (8, 4), (9, 3), (1, 2)]


@pytest.mark.parametrize(
    ("n", "round_number", "message"),
    [
        (1, 1, "at least 2 players, not 1"),
        (0, 1, "at least 2 players, not 0"),
        (-4, 1, "at least 2 players, not -4"),
        (4, 0, "rounds 1 to 3, not round 0"),
        (4, 4, "rounds 1 to 3, not round 4"),
        (5, 6, "rounds 1 to 5, not round 6"),
        (True, 1, "whole number"),
        (4, 1.0, "whole number"),
    ],
)
def test_bad_players_or_round_raise_pairing_error(n: int, round_number: Any, message: str) -> None:
    with pytest.raises(PairingError, match=message):
        berger_round(n, round_number)


def test_bad_player_count_raises_for_tables_too() -> None:
    with pytest.raises(PairingError):
        berger_table(1)
    with pytest.raises(PairingError):
        double_round_robin(1)


# -- double round robin (C.05 Annex 1 recommendation) -----------------------------------------


def colour_runs(table: list[list[Pair]], n: int) -> dict[int, list[int]]:
    """For each player, the rounds that start three games in a row with one colour.

    A bye breaks a run: it is a round without a game.
    """
    sequences: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    for pairs in table:
        for p in sequences:
            sequences[p].append("-")
        for white, black in pairs:
            if black == BYE:
                continue
            sequences[white][-1] = "W"
            sequences[black][-1] = "B"
    runs = {}
    for p, seq in sequences.items():
        starts = [
            i + 1
            for i in range(len(seq) - 2)
            if seq[i] != "-" and seq[i] == seq[i + 1] == seq[i + 2]
        ]
        if starts:
            runs[p] = starts
    return runs


@pytest.mark.parametrize("n", range(2, 31))
def test_double_round_robin_shape(n: int) -> None:
    table = double_round_robin(n)
    cycle = rounds_per_cycle(n)
    plain = berger_table(n)
    assert len(table) == 2 * cycle
    # The second cycle is the plain Berger table with colours reversed, byes kept.
    assert table[cycle:] == [[(w, b) if b == BYE else (b, w) for w, b in pairs] for pairs in plain]
    # The first cycle is the Berger table with its last two rounds exchanged.
    if cycle >= 2:
        assert table[: cycle - 2] == plain[: cycle - 2]
        assert table[cycle - 2] == plain[cycle - 1]
        assert table[cycle - 1] == plain[cycle - 2]
    # Every pair meets twice, once with each colour.
    games = Counter(pair for pairs in table for pair in pairs if BYE not in pair)
    assert set(games.values()) == {1}
    assert {frozenset(p) for p in games} == {
        frozenset(p) for p in itertools.combinations(range(1, n + 1), 2)
    }
    assert all((b, w) in games for w, b in games)


@pytest.mark.parametrize("n", range(2, 31))
@pytest.mark.parametrize("swap", [True, False])
def test_exchanged_rounds_are_the_rounds_double_round_robin_exchanges(n: int, swap: bool) -> None:
    """What ``chessarbiter roundrobin --double`` reports is what the table holds."""
    first = double_round_robin(n, swap_last_two=swap)[: rounds_per_cycle(n)]
    plain = berger_table(n)
    moved = [r for r in range(1, len(plain) + 1) if first[r - 1] != plain[r - 1]]
    exchanged = exchanged_rounds(n, swap_last_two=swap)
    assert moved == ([] if exchanged is None else list(exchanged))
    assert (exchanged is None) == (not swap or n == 2)


@pytest.mark.parametrize("n", range(3, 31))
def test_double_round_robin_with_swap_never_gives_three_same_colours_in_a_row(n: int) -> None:
    assert colour_runs(double_round_robin(n), n) == {}


@pytest.mark.parametrize("size", range(4, 31, 2))
def test_plain_double_round_robin_gives_players_1_and_half_plus_1_three_in_a_row(size: int) -> None:
    """Why FIDE recommends the exchange: across the boundary, #1 and #N/2+1 repeat a colour."""
    cycle = size - 1
    runs = colour_runs(double_round_robin(size, swap_last_two=False), size)
    assert runs == {1: [cycle], size // 2 + 1: [cycle]}


def test_repeating_the_exchange_in_the_second_cycle_would_fail_for_four_players() -> None:
    """The alternative reading (second cycle = exchanged first cycle reversed) is worse."""
    first = double_round_robin(4)[:3]
    repeated = first + [[(b, w) for w, b in pairs] for pairs in first]
    assert colour_runs(repeated, 4) == {2: [3], 4: [3]}
    assert colour_runs(double_round_robin(4), 4) == {}


def test_double_round_robin_four_players_explicit() -> None:
    assert double_round_robin(4) == [
        [(1, 4), (2, 3)],
        [(2, 4), (3, 1)],
        [(4, 3), (1, 2)],
        [(4, 1), (3, 2)],
        [(3, 4), (2, 1)],
        [(4, 2), (1, 3)],
    ]


def test_double_round_robin_odd_keeps_byes() -> None:
    table = double_round_robin(3)
    assert table == [
        [(1, BYE), (2, 3)],
        [(2, BYE), (3, 1)],
        [(3, BYE), (1, 2)],
        [(1, BYE), (3, 2)],
        [(3, BYE), (2, 1)],
        [(2, BYE), (1, 3)],
    ]


# -- drawing of lots -----------------------------------------------------------------------------


def test_draw_lots_is_a_reproducible_permutation() -> None:
    names = [f"Player {i}" for i in range(1, 11)]
    drawn = draw_lots(names, 2024)
    assert sorted(drawn) == sorted(names)
    assert drawn == draw_lots(names, 2024)
    assert drawn == draw_lots(tuple(names), 2024)
    assert drawn != names


def test_draw_lots_string_seed_and_different_seeds() -> None:
    names = [f"Player {i}" for i in range(1, 11)]
    assert draw_lots(names, "Wijk 2025") == draw_lots(names, "Wijk 2025")
    assert draw_lots(names, "Wijk 2025") != draw_lots(names, "Wijk 2026")


def test_draw_lots_without_seed_keeps_the_order_and_copies() -> None:
    names = ["Ann", "Bob", "Cid"]
    drawn = draw_lots(names, None)
    assert drawn == names
    assert drawn is not names


# -- Varma tables (C.05 Annex 2) -----------------------------------------------------------------

ALTERNATIVE_22 = VarmaGroups(
    a=(6, 7, 8, 9, 10, 17, 18, 19, 20),
    b=(1, 2, 3, 4, 12, 13, 14, 15),
    c=(5, 11, 21),
    d=(16, 22),
)


def same_group_meetings(groups: VarmaGroups, n: int) -> list[tuple[int, int, int]]:
    """``(round, white, black)`` for every game in the last three rounds inside one group."""
    table = berger_table(n)
    found = []
    for r in range(len(table) - 2, len(table) + 1):
        for white, black in table[r - 1]:
            if black == BYE:
                continue
            if any(white in g and black in g for g in groups):
                found.append((r, white, black))
    return found


def test_varma_handbook_rows() -> None:
    """The rows quoted from C.05 Annex 2 (fide.com handbook id=186, handbook C05Annex2)."""
    assert varma_groups(10) == ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10))
    assert varma_groups(12) == ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11))
    assert varma_groups(14) == ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14))
    assert varma_groups(16) == ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16))
    assert varma_groups(18) == (
        (5, 6, 7, 8, 14, 15, 16),
        (1, 2, 3, 10, 11, 12),
        (9, 13, 17),
        (4, 18),
    )
    assert varma_groups(20) == (
        (6, 7, 8, 9, 15, 16, 17, 18),
        (1, 2, 3, 11, 12, 13, 14),
        (5, 10, 19),
        (4, 20),
    )
    assert varma_groups(22)[:2] == (
        (6, 7, 8, 9, 10, 17, 18, 19, 20),
        (1, 2, 3, 4, 12, 13, 14, 15),
    )


@pytest.mark.parametrize("n", range(9, 25))
def test_varma_groups_partition_the_numbers(n: int) -> None:
    groups = varma_groups(n)
    numbers = sorted(k for g in groups for k in g)
    assert numbers == list(range(1, n + 1))
    even = varma_groups(n + n % 2)
    assert groups == tuple(tuple(k for k in g if k != n + 1) for g in even)


@pytest.mark.parametrize("n", [10, *range(13, 25)])
def test_varma_groups_never_meet_in_the_last_three_rounds(n: int) -> None:
    """C.05 Annex 2 (1987 text): players of one group do not meet in the last three rounds."""
    assert same_group_meetings(varma_groups(n), n) == []


def test_varma_9_and_11_keep_the_property() -> None:
    assert same_group_meetings(varma_groups(9), 9) == []
    assert same_group_meetings(varma_groups(11), 11) == []


def test_varma_handbook_row_for_12_has_one_known_clash() -> None:
    """The published 11/12 row puts 6 and 12 in C; they meet on board 1 of the last round.

    The table is kept as published (see varma_groups); this pins the defect down exactly.
    """
    assert same_group_meetings(varma_groups(12), 12) == [(11, 6, 12)]


def test_varma_both_22_layouts_satisfy_the_property() -> None:
    """The spec's alternative 21/22 layout passes too, so the property cannot choose."""
    assert same_group_meetings(ALTERNATIVE_22, 22) == []
    assert varma_groups(22) != ALTERNATIVE_22


@pytest.mark.parametrize("n", [-1, 0, 2, 8, 25, 30])
def test_varma_groups_outside_9_to_24(n: int) -> None:
    with pytest.raises(PairingError, match=r"C\.05 Annex 2.*9 to 24"):
        varma_groups(n)


def group_of(groups: VarmaGroups, number: int) -> int:
    return next(i for i, g in enumerate(groups) if number in g)


def field(spec: dict[str, int]) -> list[tuple[str, str]]:
    return [(f"{fed} player {i}", fed) for fed, count in spec.items() for i in range(count)]


def test_varma_assign_gives_every_number_once_and_is_reproducible() -> None:
    players = field({"NOR": 3, "IND": 3, "USA": 2, "GER": 1, "FRA": 1, "ESP": 1, "CHN": 1})
    numbers = varma_assign(players, seed=11)
    assert sorted(numbers.values()) == list(range(1, 13))
    assert set(numbers) == {name for name, _ in players}
    assert varma_assign(players, seed=11) == numbers
    assert varma_assign(list(reversed(players)), seed=11) == numbers


def test_varma_assign_contingents_largest_first_smallest_fitting_group() -> None:
    # 12 players: envelopes A=4, B=3, C=3, D=2 numbers.
    players = field({"RUS": 4, "USA": 3, "IND": 3, "ARM": 1, "AZE": 1})
    groups = varma_groups(12)
    for seed in range(20):
        numbers = varma_assign(players, seed)
        by_fed: dict[str, set[int]] = {}
        for name, fed in players:
            by_fed.setdefault(fed, set()).add(group_of(groups, numbers[name]))
        assert by_fed["RUS"] == {0}  # only A holds four
        assert {*by_fed["IND"], *by_fed["USA"]} == {1, 2}  # B and C, one each
        assert len(by_fed["IND"]) == len(by_fed["USA"]) == 1
        assert by_fed["ARM"] == by_fed["AZE"] == {3}  # D: the smallest with room


def test_varma_assign_equal_envelopes_are_chosen_by_lot() -> None:
    players = field({"RUS": 4, "USA": 3, "IND": 3, "ARM": 1, "AZE": 1})
    groups = varma_groups(12)
    first = {name for name, fed in players if fed == "IND"}
    chosen = set()
    for seed in range(20):
        numbers = varma_assign(players, seed)
        chosen.add(group_of(groups, numbers[min(first)]))
    assert chosen == {1, 2}


def test_varma_assign_splits_a_contingent_too_large_for_any_group() -> None:
    # 10 players: envelopes A=3, B=3, C=2, D=2. Five compatriots fill a 3-group, then a 2-group.
    players = field({"SUI": 5, "GER": 2, "FRA": 1, "ITA": 1, "ESP": 1})
    groups = varma_groups(10)
    for seed in range(20):
        numbers = varma_assign(players, seed)
        swiss = sorted(numbers[name] for name, fed in players if fed == "SUI")
        used = Counter(group_of(groups, k) for k in swiss)
        assert sorted(used.values()) == [2, 3]
        big, small = sorted(used, key=lambda i: -used[i])
        assert len(groups[big]) == 3 and len(groups[small]) == 2


def test_varma_assign_alphabetical_inside_a_federation_decides_the_lots() -> None:
    """The draw order is by name, not by the order of the input."""
    players = field({"NOR": 3, "IND": 3, "USA": 3, "GER": 1})
    shuffled = draw_lots(players, 5)
    assert shuffled != players
    assert varma_assign(shuffled, "lots") == varma_assign(players, "lots")


def test_varma_assign_federation_codes_are_normalised() -> None:
    players = field({"NOR": 3, "IND": 3, "USA": 3, "GER": 1})
    lower = [(name, f" {fed.lower()} ") for name, fed in players]
    assert varma_assign(lower, 3) == varma_assign(players, 3)


def test_varma_assign_odd_field_never_draws_the_bye_number() -> None:
    players = field({"NOR": 4, "IND": 3, "USA": 2})
    numbers = varma_assign(players, 1)
    assert sorted(numbers.values()) == list(range(1, 10))


def test_varma_assign_rejects_duplicates_and_small_fields() -> None:
    with pytest.raises(PairingError, match="repeated: Ann"):
        varma_assign([("Ann", "NOR"), ("Ann", "SWE"), *field({"IND": 8})], 1)
    with pytest.raises(PairingError, match=r"C\.05 Annex 2"):
        varma_assign(field({"IND": 8}), 1)


def test_varma_keep_apart_finds_a_packing_the_plain_draw_misses() -> None:
    """C.05 Annex 2, point 3: a contingent chooses "a large envelope with enough numbers for
    his contingent". Eighteen players, sets A 7, B 6, C 3, D 2; contingents 4, 3, 3, 3, 3, 2.
    The plain draw (smallest envelope that fits) puts the 4 in B, a 3 in C, two 3s in A, and
    the last 3 finds 2, 2 and 1 left: split. Kept apart: A 4 + 3, B 3 + 3, C 3, D 2."""
    players = field({"AAA": 4, "BBB": 3, "CCC": 3, "DDD": 3, "EEE": 3, "FFF": 2})
    groups = varma_groups(18)
    feds = ("AAA", "BBB", "CCC", "DDD", "EEE", "FFF")
    for seed in range(5):
        numbers = varma_assign(players, seed, keep_apart=True)
        assert sorted(numbers.values()) == list(range(1, 19))
        for fed in feds:
            used = {group_of(groups, numbers[name]) for name, f in players if f == fed}
            assert len(used) == 1, (seed, fed)
        plain = varma_assign(players, seed)
        assert any(
            len({group_of(groups, plain[name]) for name, f in players if f == fed}) > 1
            for fed in feds
        )


def test_varma_keep_apart_errors_name_the_contingents() -> None:
    with pytest.raises(PairingError, match="no set holds the 5 players of SUI"):
        varma_assign(field({"SUI": 5, "GER": 2, "FRA": 1, "ITA": 1, "ESP": 1}), 1, keep_apart=True)
    with pytest.raises(PairingError, match=r"\(AAA 3, BBB 3, CCC 3, DDD 3\) do not fit"):
        varma_keeping_apart(field({"AAA": 3, "BBB": 3, "CCC": 3, "DDD": 3}))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["GER", "FRA", "ITA", "ESP", "NED"]), min_size=9, max_size=24))
def test_varma_keep_apart_never_splits_or_says_why(federations: list[str]) -> None:
    """Either every federation draws from one set, or the error says they cannot be kept
    apart; and whenever an exact packing exists the draw finds it."""
    players = [(f"p{i:02d}", fed) for i, fed in enumerate(federations)]
    groups = varma_groups(len(players))
    try:
        numbers = varma_assign(players, 5, keep_apart=True)
    except PairingError as error:
        assert "cannot be kept apart" in str(error)
        sizes = sorted(Counter(federations).values(), reverse=True)
        room = sorted((len(g) for g in groups), reverse=True)
        # brute force over every assignment of the contingents to the sets
        assert not any(
            all(
                sum(s for s, g in zip(sizes, choice, strict=True) if g == k) <= room[k]
                for k in range(4)
            )
            for choice in itertools.product(range(4), repeat=len(sizes))
        )
        return
    assert sorted(numbers.values()) == list(range(1, len(players) + 1))
    for fed in set(federations):
        assert len({group_of(groups, numbers[n]) for n, f in players if f == fed}) == 1


# -- the tournament model --------------------------------------------------------------------


def make_tournament(n: int) -> Tournament:
    t = Tournament(name="Round robin")
    for number in range(1, n + 1):
        t.add_player(Player(number, f"Player {number}"))
    return t


def test_pair_round_single_and_double() -> None:
    t = make_tournament(5)
    assert pair_round(t, 1) == berger_round(5, 1)
    assert pair_round(t, 5) == berger_round(5, 5)
    double = double_round_robin(5)
    assert [pair_round(t, r, double=True) for r in range(1, 11)] == double
    plain = double_round_robin(5, swap_last_two=False)
    assert pair_round(t, 4, double=True, swap_last_two=False) == plain[3]


def test_pair_round_rejects_bad_numbers_and_rounds() -> None:
    t = make_tournament(4)
    with pytest.raises(PairingError, match="rounds 1 to 3, not round 4"):
        pair_round(t, 4)
    with pytest.raises(PairingError, match="double round robin for 4 players has rounds 1 to 6"):
        pair_round(t, 7, double=True)
    t.add_player(Player(6, "Late entry"))
    with pytest.raises(PairingError, match="missing: 5; not in the table: 6"):
        pair_round(t, 1)
    with pytest.raises(PairingError, match="at least 2 players"):
        pair_round(Tournament(), 1)


def test_a_whole_odd_round_robin_recorded_in_the_model_is_consistent() -> None:
    n = 5
    t = make_tournament(n)
    for r in range(1, rounds_per_cycle(n) + 1):
        for white, black in pair_round(t, r):
            if black == BYE:
                record_round_robin_bye(t, r, white)
            else:
                t.record_game(r, white, black, Result.DRAW)
    assert t.check() == []
    for player in t:
        byes = [e for e in player.results if e.result is Result.ZERO_POINT_BYE]
        assert len(byes) == 1
        assert byes[0].opponent is None
        assert str(t.score(player.number)) == "2.0"
