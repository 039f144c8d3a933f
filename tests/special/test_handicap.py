"""Team Competitions 1972's handicap Swiss with elimination: each player has his own limit of lost
points (Averbakh in Australia: 1½, the others 2 and so on up to 5)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.errors import ChessArbiterError
from chessarbiter.special.handicap import (
    HandicapError,
    HandicapGame,
    HandicapPlayer,
    is_eliminated,
    lost_points,
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
