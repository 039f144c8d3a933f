"""The semi-final/final planner for 11 to 25 teams (Team Competitions 1972, team tournaments)."""

from __future__ import annotations

from itertools import combinations

import pytest

from chessarbiter.errors import ChessArbiterError, PairingError
from chessarbiter.pairing.teams.planner import (
    MIN_GAMES,
    TABLE,
    plan,
    plans,
    split_evenly,
    table_rows,
)


def printed_range(text: str) -> tuple[int, int]:
    parts = [int(p) for p in text.split("–")]
    return min(parts), max(parts)


def test_every_number_of_teams_from_11_to_25_has_a_row() -> None:
    assert sorted({row.teams for row in TABLE}) == list(range(11, 26))
    assert [len(table_rows(n)) for n in range(11, 26)] == [
        1, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
    ]  # fmt: skip


@pytest.mark.parametrize("row", TABLE, ids=lambda r: f"{r.teams}-{r.groups}")
def test_rows_are_consistent_with_the_rules(row: object) -> None:
    from chessarbiter.pairing.teams.planner import TableRow

    assert isinstance(row, TableRow)
    sizes = split_evenly(row.teams, row.groups)
    assert printed_range(row.groups_text) == (min(sizes), max(sizes))
    assert sum(row.final_sizes) == row.teams and len(row.final_sizes) == row.finals
    assert printed_range(row.finals_text) == (min(row.final_sizes), max(row.final_sizes))
    p = next(q for q in plans(row.teams) if q.row is row)
    # the games column is (group - 1) + (final - 1), fewest to most
    assert p.games == printed_range(row.games_text)
    # every final is made of whole group places
    for f in p.finals:
        places = {e.place for e in f.entrants}
        for place in places:
            expected = {name for name, s in zip(p.group_names, sizes, strict=True) if s >= place}
            assert {e.group for e in f.entrants if e.place == place} == expected
    # every team plays; every player gets at least 7 games, also when results are carried
    assert sum(f.size for f in p.finals) == row.teams
    q = next(q for q in plans(row.teams, carry=True) if q.row is row)
    assert q.games[0] >= MIN_GAMES and p.games[0] >= MIN_GAMES
    assert q.rounds <= p.rounds


def test_seed_examples() -> None:
    p16 = plan(16)
    assert (p16.group_sizes, [f.size for f in p16.finals], p16.games) == (
        (4, 4, 4, 4), [8, 8], (10, 10)
    )  # fmt: skip
    p24 = plan(24)
    assert (len(p24.group_sizes), set(p24.group_sizes), [f.size for f in p24.finals]) == (
        6, {4}, [6, 6, 6, 6]
    )  # fmt: skip
    assert p24.games == (8, 8)
    p25 = plan(25)
    assert p25.group_sizes == (5,) * 5 and [f.size for f in p25.finals] == [5] * 5
    assert p25.games == (8, 8)


def test_carrying_saves_a_round_where_finalists_shared_a_group() -> None:
    plain, carried = plan(16), plan(16, carry=True)
    assert carried.games == (9, 9)
    assert carried.final_rounds == plain.final_rounds - 1 == 6
    assert [f.carried for f in carried.finals] == [4, 4]
    # 24 teams: each final holds one team of each group, nothing to carry
    assert plan(24, carry=True).games == plan(24).games
    assert all(f.carried == 0 for f in plan(24, carry=True).finals)


def chromatic_index(parts: list[int], colours: int) -> bool:
    """Can the matches between different parts be played in ``colours`` rounds? (search)"""
    labels = [i for i, k in enumerate(parts) for _ in range(k)]
    edges = [(a, b) for a, b in combinations(range(len(labels)), 2) if labels[a] != labels[b]]
    used: list[set[int]] = [set() for _ in labels]

    def go(i: int, fresh: int) -> bool:
        if i == len(edges):
            return True
        a, b = edges[i]
        # colours not used yet are interchangeable: try only the first of them
        for c in range(min(colours, fresh + 1)):
            if c not in used[a] and c not in used[b]:
                used[a].add(c)
                used[b].add(c)
                if go(i + 1, max(fresh, c + 1)):
                    return True
                used[a].discard(c)
                used[b].discard(c)
        return False

    return go(0, 0)


@pytest.mark.parametrize("teams", range(11, 26))
def test_final_rounds_with_carry_are_the_fewest(teams: int) -> None:
    p = plan(teams, carry=True)
    for f in p.finals:
        parts = [sum(1 for e in f.entrants if e.group == g) for g in p.group_names]
        parts = [k for k in parts if k]
        assert chromatic_index(parts, f.rounds)  # the rounds suffice (found by search)
        # and no fewer can: a team plays one game a round, a round holds size // 2 games
        games = (f.size**2 - sum(k * k for k in parts)) // 2
        most = f.size - min(parts)
        assert f.rounds == max(most, -(-games // (f.size // 2)))


def test_variants_and_refusals() -> None:
    assert plan(14, variant=2).row.final_sizes == (2,) * 7
    assert plan(12, variant=2).group_sizes == (4, 4, 4)
    with pytest.raises(PairingError, match="11 to 25"):
        plan(10)
    with pytest.raises(ChessArbiterError, match="11 to 25"):
        plans(26)
    with pytest.raises(PairingError, match="variant"):
        plan(16, variant=2)
    with pytest.raises(PairingError):
        plan("16")  # type: ignore[arg-type]
