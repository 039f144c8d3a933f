"""A handicap Swiss as a stored event (Team Competitions 1972: "a limit of one and a half lost
points for him, two for others, and so on up to five"): the limits as written, and the
players a tournament's results eliminate."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.model import Player, Result, RoundEntry, Tournament
from chessarbiter.special.handicap import (
    HandicapError,
    HandicapGame,
    HandicapPlayer,
    eliminations,
    handicap_tournament,
    parse_limits,
    run_handicap,
)


def test_limits_as_written() -> None:
    limits = parse_limits(" 2 ; 1=1½, 7=5 3=2.5")
    assert limits.default == 2
    assert [limits.of(n) for n in (1, 2, 3, 7)] == [
        Decimal("1.5"), Decimal(2), Decimal("2.5"), Decimal(5)
    ]  # fmt: skip
    assert parse_limits("3").personal == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "give every player's limit first"),
        ("; 1=2", "give every player's limit first"),
        ("0", "positive multiple of ½, not '0'"),
        ("2; 1=0.3", "positive multiple of ½, not '0.3'"),
        ("2; 1", "write pairing number=limit"),
        ("2; x=1", "write pairing number=limit"),
        ("2; 0=1", "a pairing number from 1 to"),
        ("2; 1=1 1=2", "player 1 has two limits"),
    ],
)
def test_bad_limits(text: str, message: str) -> None:
    with pytest.raises(HandicapError, match=message):
        parse_limits(text)


def test_eliminations_agree_with_the_books_run() -> None:
    """The same games through :func:`run_handicap` (by names) and :func:`eliminations` (on the
    tournament made of them) eliminate the same players in the same rounds."""
    players = [
        HandicapPlayer("Averbakh", Decimal("1.5")),
        HandicapPlayer("Purdy", Decimal(2)),
        HandicapPlayer("Koshnitsky", Decimal(1)),
        HandicapPlayer("Lundin", Decimal(2)),
    ]
    rounds = [
        [HandicapGame("Averbakh", "Purdy", "1/2"), HandicapGame("Koshnitsky", "Lundin", "0-1")],
        [HandicapGame("Purdy", "Averbakh", "1-0"), HandicapGame("Lundin", None)],
    ]
    reports = run_handicap(players, rounds)
    by_book = {name: r.round for r in reports for name in r.eliminated}
    t, numbers = handicap_tournament(players, rounds, 5)
    names = {n: name for name, n in numbers.items()}
    limits = parse_limits("2; 1=1.5 3=1")
    assert (
        {names[n]: r for n, r in eliminations(t, limits).items()}
        == by_book
        == {
            "Koshnitsky": 1,
            "Averbakh": 2,
        }
    )


def test_byes_and_pending_rounds() -> None:
    t = Tournament(total_rounds=4)
    for n in (1, 2, 3):
        t.add_player(Player(n, str(n)))
    t.player(1).set_entry(1, RoundEntry.bye(Result.HALF_POINT_BYE))
    t.player(2).set_entry(1, RoundEntry.bye(Result.ZERO_POINT_BYE))
    t.player(3).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    # a half-point bye loses ½, a zero-point bye 1, the pairing-allocated bye nothing
    assert eliminations(t, parse_limits("1; 1=0.5")) == {1: 1, 2: 1}
    assert eliminations(t, parse_limits("1.5")) == {}


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="0123456789.½;=, x", max_size=20))
def test_any_text_is_limits_or_a_precise_error(text: str) -> None:
    try:
        limits = parse_limits(text)
    except HandicapError as e:
        assert str(e)
    else:
        assert limits.default > 0 and all(v > 0 for _, v in limits.personal)
