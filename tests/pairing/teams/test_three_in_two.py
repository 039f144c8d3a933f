"""Team Competitions 1972, three teams, three matches, two rounds: the seed's 10-board scheme and
its properties for every even number of boards."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError, PairingError
from chessarbiter.pairing.teams.three_in_two import (
    TeamGame,
    TeamPlayer,
    schedule_tsv,
    three_teams_two_rounds,
    whites_per_match,
)

SEED_TSV = (
    Path(__file__).resolve().parents[4] / "shared" / "real" / "seed000-three-teams-10-boards.tsv"
)

# Team Competitions 1972's round 1 and round 2 for ten boards, transliterated (а…к = A1…A10, 1…10 =
# B,
# I…X = C), first named has White.
SEED_ROUND_1 = (
    "B1 A1, A2 C1, C2 B2, A3 B3, C3 A4, B4 C4, B5 A5, A6 C5, C6 B6, A7 B7, C7 A8, B8 C8, "
    "B9 A9, A10 C9, C10 B10"
)
SEED_ROUND_2 = (
    "C1 B1, A1 C2, B2 A2, B3 C3, C4 A3, A4 B4, C5 B5, A5 C6, B6 A6, B7 C7, C8 A7, A8 B8, "
    "C9 B9, A9 C10, B10 A10"
)

even_boards = st.integers(min_value=1, max_value=20).map(lambda k: 2 * k)


def _round(games: list[TeamGame], r: int) -> str:
    return ", ".join(f"{g.white} {g.black}" for g in games if g.round == r)


def test_ten_boards_is_the_seed_scheme() -> None:
    """Team Competitions 1972: the printed scheme for three teams of ten boards, row for row."""
    games = three_teams_two_rounds(10)
    assert _round(games, 1) == SEED_ROUND_1
    assert _round(games, 2) == SEED_ROUND_2


@pytest.mark.skipif(not SEED_TSV.exists(), reason="shared seed files not present")
def test_ten_boards_tsv_is_byte_identical_to_the_worked_file() -> None:
    """Team Competitions 1972: the TSV of the 10-board scheme is the shared worked file, byte for
    byte."""
    assert schedule_tsv(three_teams_two_rounds(10)) == SEED_TSV.read_text(encoding="utf-8")


def test_ten_boards_whites_six_to_four() -> None:
    """Team Competitions 1972: with ten boards one team has 6 whites and 4 blacks in a match."""
    assert whites_per_match(three_teams_two_rounds(10)) == {
        ("A", "B"): {"A": 4, "B": 6},
        ("A", "C"): {"A": 6, "C": 4},
        ("B", "C"): {"B": 4, "C": 6},
    }


@pytest.mark.parametrize("boards", [1, 3, 9, 0, -2])
def test_odd_or_no_boards_is_refused(boards: int) -> None:
    """Team Competitions 1972: an even number of boards is a compulsory condition."""
    with pytest.raises(PairingError, match=r"even number of boards|at least 1"):
        three_teams_two_rounds(boards)


def test_error_is_a_chessarbiter_error() -> None:
    """Team Competitions 1972: invalid input is a ChessArbiterError (the CLI exits 3)."""
    with pytest.raises(ChessArbiterError, match="Team Competitions 1972"):
        three_teams_two_rounds(7)


@given(even_boards)
def test_every_pair_of_opponents_meets_once_in_the_right_matches(boards: int) -> None:
    """Team Competitions 1972: A–B and B–C on equal boards, A–C with neighbouring boards exchanged;
    every player plays each of the other two teams exactly once."""
    games = three_teams_two_rounds(boards)
    assert len(games) == 3 * boards
    pairs = Counter(frozenset((g.white, g.black)) for g in games)
    assert set(pairs.values()) == {1}
    for g in games:
        first, second = sorted((g.white, g.black))
        if (first.team, second.team) == ("A", "C"):
            assert second.board == first.board + (1 if first.board % 2 else -1)
        else:
            assert first.board == second.board
    for team in "ABC":
        for board in range(1, boards + 1):
            player = TeamPlayer(team, board)
            met = sorted(
                (g.black if g.white == player else g.white).team
                for g in games
                if player in (g.white, g.black)
            )
            assert met == sorted(set("ABC") - {team})


@given(even_boards)
def test_one_white_one_black_and_one_game_a_round(boards: int) -> None:
    """Team Competitions 1972: each player one game with White and one with Black, one game per
    round, and no team idles in the last round."""
    games = three_teams_two_rounds(boards)
    whites = Counter(g.white for g in games)
    blacks = Counter(g.black for g in games)
    everyone = {TeamPlayer(t, b) for t in "ABC" for b in range(1, boards + 1)}
    assert set(whites) == set(blacks) == everyone
    assert set(whites.values()) == set(blacks.values()) == {1}
    for r in (1, 2):
        seated = [p for g in games if g.round == r for p in (g.white, g.black)]
        assert len(seated) == len(set(seated)) == 3 * boards
        assert {p.team for p in seated} == set("ABC")
        matches = {tuple(sorted((g.white.team, g.black.team))) for g in games if g.round == r}
        assert matches == {("A", "B"), ("A", "C"), ("B", "C")}


@given(even_boards)
def test_match_whites_equal_for_multiples_of_four(boards: int) -> None:
    """Team Competitions 1972: whites equal in every match when the boards are a multiple of 4;
    otherwise one team has two more, and each team has more whites in exactly one of its matches."""
    counts = whites_per_match(three_teams_two_rounds(boards))
    assert set(counts) == {("A", "B"), ("A", "C"), ("B", "C")}
    ahead: Counter[str] = Counter()
    for (first, second), whites in counts.items():
        assert whites[first] + whites[second] == boards
        if boards % 4 == 0:
            assert whites[first] == whites[second]
        else:
            assert abs(whites[first] - whites[second]) == 2
            ahead[max(whites, key=lambda t: whites[t])] += 1
    if boards % 4:
        assert ahead == Counter("ABC")
