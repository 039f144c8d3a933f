"""Team Competitions 1972, matches of two teams and team tournaments: Scheveningen schedules, match
colours, team round robin, mixed round robin."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chessarbiter.errors import PairingError
from chessarbiter.pairing.roundrobin import berger_table
from chessarbiter.pairing.teams.scheveningen import (
    between_teams,
    match_schedule,
    mixed_numbering,
    mixed_round_robin,
    scheveningen,
    scheveningen_alternating,
    scheveningen_team_colours,
    team_round_robin,
    team_round_robin_matches,
)
from chessarbiter.pairing.teams.three_in_two import TeamGame, TeamPlayer

# Team Competitions 1972's 8 v 8 table, one row per lettered player (А…И = B1…B8), rounds I–IV then
# the
# second half's I–IV, first named has White, as read from the OCR with its three misread cells
# fixed ("Б–4" → В–4, "В–3" → В–2, "Д–Ъ" → Д–1).
SEED_8V8 = {
    "А": "1-А А-2 3-А А-4 5-А А-6 7-А А-8",
    "Б": "2-Б Б-3 4-Б Б-1 6-Б Б-7 8-Б Б-5",
    "В": "3-В В-4 1-В В-2 7-В В-8 5-В В-6",
    "Г": "4-Г Г-1 2-Г Г-3 8-Г Г-5 6-Г Г-7",
    "Д": "Д-5 6-Д Д-7 8-Д Д-1 2-Д Д-3 4-Д",
    "Е": "Е-6 7-Е Е-8 5-Е Е-2 3-Е Е-4 1-Е",
    "Ж": "Ж-7 8-Ж Ж-5 6-Ж Ж-3 4-Ж Ж-1 2-Ж",
    "И": "И-8 5-И И-6 7-И И-4 1-И И-2 3-И",
}
LETTERS = "АБВГДЕЖИ"


def _seed_player(mark: str) -> TeamPlayer:
    return (
        TeamPlayer("B", LETTERS.index(mark) + 1) if mark in LETTERS else TeamPlayer("A", int(mark))
    )


def _seed_games() -> set[TeamGame]:
    games = set()
    for row in SEED_8V8.values():
        for r, cell in enumerate(row.split(), start=1):
            white, black = cell.split("-")
            games.add(TeamGame(r, _seed_player(white), _seed_player(black)))
    return games


def _colours(games: list[TeamGame]) -> dict[TeamPlayer, str]:
    seq: dict[TeamPlayer, list[str]] = defaultdict(list)
    for g in sorted(games, key=lambda g: g.round):
        seq[g.white].append("W")
        seq[g.black].append("B")
    return {p: "".join(s) for p, s in seq.items()}


def _longest_run(colours: str) -> int:
    return max(len(list(run)) for _, run in itertools.groupby(colours))


def _check_scheveningen(games: list[TeamGame], boards: int, group: int) -> None:
    """Every pair of opponents meets once, each player meets exactly the other team's players of
    his group, nobody plays twice in a round."""
    pairs = Counter(frozenset((g.white, g.black)) for g in games)
    assert set(pairs.values()) == {1}
    assert len(games) == boards * group
    for g in games:
        assert {g.white.team, g.black.team} == {"A", "B"}
        assert (g.white.board - 1) // group == (g.black.board - 1) // group
    for r in range(1, group + 1):
        seated = [p for g in games if g.round == r for p in (g.white, g.black)]
        assert len(seated) == len(set(seated)) == 2 * boards
    assert {g.round for g in games} == set(range(1, group + 1))


def test_eight_boards_alternating_is_the_seed_table() -> None:
    """Team Competitions 1972: the alternating-colour 8 v 8 Scheveningen table."""
    assert set(scheveningen_alternating(8)) == _seed_games()


def test_seed_table_properties() -> None:
    """Team Competitions 1972: in the 8 v 8 table each team has four whites a round and every player
    four."""
    games = scheveningen_alternating(8)
    for r in range(1, 9):
        assert sum(g.white.team == "A" for g in games if g.round == r) == 4
    colours = _colours(games)
    assert all(c.count("W") == 4 for c in colours.values())
    assert all(c in ("BWBWBWBW", "WBWBWBWB") for p, c in colours.items() if p.team == "B")


@given(st.integers(min_value=1, max_value=20).map(lambda k: 2 * k))
def test_alternating_balanced_for_every_even_size(boards: int) -> None:
    """Team Competitions 1972, alternating Scheveningen: every pair meets once, balanced colours, at
    most two games in a row on one colour, each team h whites a round (h ± 1 in rounds h, h + 1 when
    boards ≡ 2 mod 4)."""
    games = scheveningen_alternating(boards)
    _check_scheveningen(games, boards, boards)
    h = boards // 2
    for player, colours in _colours(games).items():
        assert colours.count("W") == colours.count("B") == h, player
        assert _longest_run(colours) <= 2
    whites = [sum(g.white.team == "A" for g in games if g.round == r) for r in range(1, boards + 1)]
    expected = [h] * boards
    if h % 2:
        expected[h - 1], expected[h] = h - 1, h + 1
    assert whites == expected


@given(st.integers(min_value=1, max_value=25))
def test_team_colours_variant(boards: int) -> None:
    """Team Competitions 1972, Scheveningen as in individual tournaments: whole team one colour a
    round."""
    games = scheveningen_team_colours(boards)
    _check_scheveningen(games, boards, boards)
    for g in games:
        assert g.white.team == ("A" if g.round % 2 else "B")
    for colours in _colours(games).values():
        assert abs(colours.count("W") - colours.count("B")) == boards % 2
        assert _longest_run(colours) == 1


@pytest.mark.parametrize("variant", ["alternating", "team"])
def test_eight_boards_in_four_rounds_splits_into_groups_of_four(variant: str) -> None:
    """Team Competitions 1972: boards 1–4 v 1–4 and 5–8 v 5–8 in a 4-round Scheveningen."""
    games = scheveningen(8, 4, variant=variant)  # type: ignore[arg-type]
    _check_scheveningen(games, 8, 4)
    first = [g for g in games if g.white.board <= 4]
    shifted = {
        TeamGame(
            g.round,
            TeamPlayer(g.white.team, g.white.board - 4),
            TeamPlayer(g.black.team, g.black.board - 4),
        )
        for g in games
        if g.white.board > 4
    }
    assert set(first) == shifted


@given(st.sampled_from([2, 4, 6, 8]), st.integers(min_value=1, max_value=4))
def test_groups_for_any_size_divisible_by_rounds(rounds: int, groups: int) -> None:
    """Team Competitions 1972: 4/6/8-round Scheveningens for team sizes divisible by the rounds,
    balanced."""
    boards = rounds * groups
    games = scheveningen(boards, rounds)
    _check_scheveningen(games, boards, rounds)
    for colours in _colours(games).values():
        assert colours.count("W") == colours.count("B")


def test_scheveningen_errors() -> None:
    """Team Competitions 1972: the rounds must divide the boards; alternating colours need an even
    group."""
    with pytest.raises(PairingError, match="divisible by 4"):
        scheveningen(10, 4)
    with pytest.raises(PairingError, match="even number of boards"):
        scheveningen(9, 3)
    with pytest.raises(PairingError, match="variants"):
        scheveningen(4, variant="lot")  # type: ignore[arg-type]
    assert len(scheveningen(9, 3, variant="team")) == 27


def test_full_scheveningen_is_the_default() -> None:
    """Team Competitions 1972: without rounds every player meets the whole other team."""
    assert scheveningen(6) == scheveningen_alternating(6)
    assert scheveningen(5, variant="team") == scheveningen_team_colours(5)


@given(
    st.integers(min_value=1, max_value=12),
    st.integers(min_value=1, max_value=6),
    st.sampled_from(["boards", "team"]),
    st.sampled_from(["A", "B"]),
)
def test_match_colours(boards: int, rounds: int, colours: str, first: str) -> None:
    """Team Competitions 1972: lot for board 1, odd boards that colour, even the other (or the whole
    team); colours alternate each round; equal boards meet."""
    games = match_schedule(boards, rounds, colours=colours, board1_white=first)  # type: ignore[arg-type]
    assert len(games) == boards * rounds
    for g in games:
        assert g.white.board == g.black.board
        same = colours == "team" or g.white.board % 2 == 1
        expected = first if (g.round % 2 == 1) == same else ("B" if first == "A" else "A")
        assert g.white.team == expected


def test_match_errors() -> None:
    """Team Competitions 1972: match parameters are checked."""
    with pytest.raises(PairingError, match="'A' or 'B'"):
        match_schedule(4, board1_white="C")
    with pytest.raises(PairingError, match="'boards' or 'team'"):
        match_schedule(4, colours="lot")  # type: ignore[arg-type]
    with pytest.raises(PairingError, match="number of rounds"):
        match_schedule(4, 0)


@given(st.integers(min_value=2, max_value=12), st.integers(min_value=1, max_value=8))
def test_team_round_robin(teams: int, boards: int) -> None:
    """Team Competitions 1972, team round robin: Berger tables for teams; "white" = White on odd
    boards, Black on even boards; every pair of teams meets once on equal boards."""
    games = team_round_robin(teams, boards)
    matches = team_round_robin_matches(teams)
    table = berger_table(teams)
    assert len(matches) == len(table)
    for r, round_matches in enumerate(matches, start=1):
        for home, away in round_matches:
            if away is None:
                assert not any(home in (g.white.team, g.black.team) for g in games if g.round == r)
                continue
            match = [
                g for g in games if g.round == r and {g.white.team, g.black.team} == {home, away}
            ]
            assert len(match) == boards
            for g in match:
                assert g.white.board == g.black.board
                assert g.white.team == (home if g.white.board % 2 else away)
    met = Counter(frozenset((g.white.team, g.black.team)) for g in games)
    assert len(met) == teams * (teams - 1) // 2
    assert set(met.values()) == {boards}
    for r in {g.round for g in games}:
        seated = [p for g in games if g.round == r for p in (g.white, g.black)]
        assert len(seated) == len(set(seated))


def test_team_round_robin_errors() -> None:
    """Team Competitions 1972: teams are lettered A–Z."""
    with pytest.raises(PairingError, match="at most 26"):
        team_round_robin(27, 4)
    with pytest.raises(PairingError, match="at least 2"):
        team_round_robin(1, 4)


def test_mixed_six_and_six() -> None:
    """Team Competitions 1972, USSR–Yugoslavia 1967: 6 + 6 players in one 12-player round robin; the
    match is the 36 games between the teams."""
    games = mixed_round_robin(6)
    assert len(games) == 66
    assert max(g.round for g in games) == 11
    match = between_teams(games)
    assert len(match) == 36
    assert {frozenset((g.white, g.black)) for g in match} == {
        frozenset((TeamPlayer("A", a), TeamPlayer("B", b)))
        for a in range(1, 7)
        for b in range(1, 7)
    }


@given(st.integers(min_value=1, max_value=8), st.integers(min_value=2, max_value=4))
def test_mixed_round_robin_everyone_meets_once(players: int, teams: int) -> None:
    """Team Competitions 1972, mixed round robin: one individual round robin of all the teams'
    players."""
    games = mixed_round_robin(players, teams)
    everyone = mixed_numbering(players, teams)
    pairs = Counter(frozenset((g.white, g.black)) for g in games)
    assert set(pairs.values()) == {1}
    assert len(pairs) == len(everyone) * (len(everyone) - 1) // 2
    for r in {g.round for g in games}:
        seated = [p for g in games if g.round == r for p in (g.white, g.black)]
        assert len(seated) == len(set(seated))


def test_mixed_with_a_drawn_order() -> None:
    """Team Competitions 1972: pairing numbers may come from a lot; the order must list every player
    once."""
    order = [TeamPlayer("B", 1), TeamPlayer("A", 1)]
    assert [str(g) for g in mixed_round_robin(1, order=order)] == ["1 B1 A1"]
    with pytest.raises(PairingError, match="exactly once"):
        mixed_round_robin(1, order=[TeamPlayer("A", 1), TeamPlayer("A", 1)])
