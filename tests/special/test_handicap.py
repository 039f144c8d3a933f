"""Team Competitions 1972's handicap Swiss with elimination: each player has his own limit of lost
points (Averbakh in Australia: 1½, the others 2 and so on up to 5)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.special.handicap import (
    HandicapError,
    HandicapGame,
    HandicapPlayer,
    is_eliminated,
    lost_points,
    pair_handicap_round,
    parse_limit,
    parse_round,
    run_handicap,
)

PLAYERS = [
    HandicapPlayer("Averbakh", Decimal("1.5")),
    HandicapPlayer("Purdy", Decimal(2)),
    HandicapPlayer("Koshnitsky", Decimal("2.5")),
    HandicapPlayer("Crowl", Decimal(5)),
]


def test_reaching_the_limit_eliminates() -> None:
    assert is_eliminated(Decimal("1.5"), Decimal("1.5"))
    assert not is_eliminated(Decimal(1), Decimal("1.5"))
    assert is_eliminated(Decimal(2), Decimal("1.5"))
    assert [lost_points(p) for p in (Decimal(1), Decimal("0.5"), Decimal(0))] == [
        0,
        Decimal("0.5"),
        1,
    ]


def test_who_is_eliminated_after_each_round() -> None:
    rounds = [
        parse_round("Averbakh 1/2 Purdy, Koshnitsky 0-1 Crowl"),
        parse_round("Crowl 0-1 Averbakh, Purdy 1-0 Koshnitsky"),
        parse_round("Averbakh 0-1 Koshnitsky, Purdy 0-1 Crowl"),
        parse_round("Koshnitsky 1-0 Purdy, Crowl bye"),
    ]
    reports = run_handicap(PLAYERS, rounds)
    assert [r.eliminated for r in reports] == [(), (), ("Averbakh",), ("Purdy",)]
    assert reports[2].still_in == ("Purdy", "Koshnitsky", "Crowl")
    assert reports[3].still_in == ("Koshnitsky", "Crowl")
    final = {p.name: p for p in reports[-1].players}
    assert (final["Averbakh"].lost, final["Averbakh"].eliminated_in) == (Decimal("1.5"), 3)
    assert (final["Purdy"].lost, final["Purdy"].eliminated_in) == (Decimal("2.5"), 4)
    assert (final["Koshnitsky"].lost, final["Koshnitsky"].remaining) == (Decimal(2), Decimal("0.5"))
    assert (final["Crowl"].score, final["Crowl"].games) == (Decimal(3), 4)


def test_eliminated_player_cannot_play_on() -> None:
    rounds = [
        [HandicapGame("Averbakh", "Purdy", "0-1"), HandicapGame("Koshnitsky", "Crowl", "1-0")],
        [HandicapGame("Averbakh", "Purdy", "0-1"), HandicapGame("Koshnitsky", "Crowl", "1-0")],
        [HandicapGame("Averbakh", "Purdy", "0-1"), HandicapGame("Koshnitsky", "Crowl", "1-0")],
    ]
    with pytest.raises(HandicapError, match="round 3: Averbakh was eliminated in round 2"):
        run_handicap(PLAYERS, rounds)


def test_bad_rounds() -> None:
    with pytest.raises(HandicapError, match="no game for Crowl"):
        run_handicap(PLAYERS, [parse_round("Averbakh 1-0 Purdy, Koshnitsky bye")])
    with pytest.raises(HandicapError, match="plays twice"):
        run_handicap(PLAYERS, [parse_round("Averbakh 1-0 Purdy, Averbakh 1-0 Crowl")])
    with pytest.raises(HandicapError, match="unknown player"):
        run_handicap(PLAYERS, [parse_round("Tal 1-0 Purdy")])
    with pytest.raises(HandicapError, match="unknown result"):
        run_handicap(PLAYERS, [parse_round("Averbakh 2-0 Purdy")])
    with pytest.raises(HandicapError, match="listed twice"):
        run_handicap([PLAYERS[0], PLAYERS[0]], [])
    with pytest.raises(HandicapError):
        parse_round("Averbakh beats Purdy badly")
    with pytest.raises(ChessArbiterError):
        run_handicap([HandicapPlayer("X", Decimal("0.3"))], [])


def test_limits() -> None:
    assert parse_limit("1½") == Decimal("1.5") and parse_limit("5") == 5
    for bad in ("0", "-1", "1.25", "x"):
        with pytest.raises(HandicapError):
            parse_limit(bad)


# -- pairing the rounds ---------------------------------------------------------------------------


def play(boards: list[tuple[str, str | None]], results: list[str]) -> list[HandicapGame]:
    """The round's games from the boards, the results in board order."""
    games = []
    outcome = iter(results)
    for white, black in boards:
        games.append(
            HandicapGame(white, None)
            if black is None
            else HandicapGame(white, black, next(outcome))
        )
    return games


def test_the_eliminated_are_not_paired_and_nobody_meets_twice() -> None:
    """Team Competitions 1972: a Swiss with elimination; Averbakh's limit is 1½ lost points.
    After he loses twice he is out and the rest are paired without him."""
    field = [
        HandicapPlayer("Averbakh", Decimal("1.5")),
        HandicapPlayer("Purdy", Decimal(2)),
        HandicapPlayer("Koshnitsky", Decimal("2.5")),
        HandicapPlayer("Crowl", Decimal(5)),
        HandicapPlayer("Steiner", Decimal(5)),
        HandicapPlayer("Fuller", Decimal(5)),
    ]
    rounds: list[list[HandicapGame]] = []
    first = pair_handicap_round(field, rounds, 5)
    assert first == [("Averbakh", "Crowl"), ("Steiner", "Purdy"), ("Koshnitsky", "Fuller")]
    rounds.append(play(first, ["0-1", "1-0", "1/2"]))
    second = pair_handicap_round(field, rounds, 5)
    assert sum(1 for b in second if "Averbakh" in b) == 1
    averbakh = next(b for b in second if "Averbakh" in b)
    rounds.append(
        play(
            second,
            ["0-1" if b[0] == "Averbakh" else "1-0" if b == averbakh else "1/2" for b in second],
        )
    )
    assert run_handicap(field, rounds)[-1].eliminated == ("Averbakh",)
    third = pair_handicap_round(field, rounds, 5)
    paired = [name for board in third for name in board if name is not None]
    assert "Averbakh" not in paired and sorted(paired) == sorted(p.name for p in field[1:])
    assert third[-1][1] is None  # five players in: one bye
    met = {frozenset(b) for r in rounds for g in r if g.black for b in [(g.white, g.black)]}
    assert not any(frozenset(b) in met for b in third if b[1] is not None)


def test_pairing_errors() -> None:
    pair = [HandicapPlayer("A", Decimal(1)), HandicapPlayer("B", Decimal(5))]
    done = [[HandicapGame("A", "B", "0-1")]]
    with pytest.raises(HandicapError, match="B is the last player in"):
        pair_handicap_round(pair, done, 3)
    with pytest.raises(HandicapError, match="more than the 1 played"):
        pair_handicap_round(pair, done, 1)
    with pytest.raises(HandicapError, match="no players"):
        pair_handicap_round([], [], 3)


@settings(max_examples=12, deadline=None)
@given(
    st.lists(st.sampled_from(["1-0", "0-1", "1/2"]), min_size=40, max_size=40), st.integers(5, 9)
)
def test_rounds_paired_to_the_end_keep_the_rules(results: list[str], size: int) -> None:
    """Pair, play and eliminate round after round: the eliminated never play again, no pair
    meets twice, nobody has two byes; the tournament ends when one player is left, or when
    no valid pairing exists (C.04.3's absolute criteria)."""
    field = [HandicapPlayer(f"P{i}", Decimal(1 + i % 3)) for i in range(size)]
    rounds: list[list[HandicapGame]] = []
    outcome = iter(results)
    for _ in range(6):
        try:
            boards = pair_handicap_round(field, rounds, 7)
        except (HandicapError, NoValidPairingError):
            break
        out = {n for r in run_handicap(field, rounds) for n in r.eliminated} if rounds else set()
        assert not out & {name for b in boards for name in b}
        rounds.append(play(boards, [next(outcome) for b in boards if b[1] is not None]))
    met = [frozenset((g.white, g.black)) for r in rounds for g in r if g.black]
    assert len(met) == len(set(met))
    byes = [g.white for r in rounds for g in r if g.black is None]
    assert len(byes) == len(set(byes))
