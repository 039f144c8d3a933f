"""A round is paired only once the earlier rounds have their results (issue 13 item 2)."""

from __future__ import annotations

import pytest

from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.readiness import (
    SHOWN_GAMES,
    IncompleteRoundError,
    PendingGame,
    check_ready_to_pair,
    pending_games,
)


def _event(players: int, rounds: int = 5) -> Tournament:
    t = Tournament(total_rounds=rounds)
    for n in range(1, players + 1):
        t.add_player(Player(n, f"P{n}"))
    return t


def _pending(t: Tournament, round_number: int, white: int, black: int) -> None:
    t.player(white).set_entry(round_number, RoundEntry(black, Colour.WHITE, None))
    t.player(black).set_entry(round_number, RoundEntry(white, Colour.BLACK, None))


def test_issue_13_item_2_a_finished_round_may_be_followed() -> None:
    t = _event(5)
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 4, 3, Result.DRAW)
    t.player(5).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    check_ready_to_pair(t, 2)
    check_ready_to_pair(t, 1)
    assert pending_games(t, 1) == ()


def test_issue_13_item_2_forfeits_byes_and_absences_are_results() -> None:
    t = _event(6)
    t.record_game(1, 1, 2, Result.FORFEIT_WIN)
    t.player(3).set_entry(1, RoundEntry.bye(Result.HALF_POINT_BYE))
    t.player(4).set_entry(1, RoundEntry.bye(Result.ZERO_POINT_BYE))
    t.player(5).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    check_ready_to_pair(t, 2)


def test_issue_13_item_2_one_game_without_result_names_round_and_game() -> None:
    t = _event(4)
    t.record_game(1, 1, 2, Result.WIN)
    _pending(t, 1, 4, 3)
    with pytest.raises(IncompleteRoundError) as caught:
        check_ready_to_pair(t, 2)
    assert str(caught.value) == (
        "round 1 is not finished: the game 4-3 has no result; a round is paired only when the "
        "results of the previous rounds are known (C.04.1, C.04.2)"
    )
    assert caught.value.round == 1
    assert caught.value.games == (PendingGame(1, 4, 3),)
    assert isinstance(caught.value, PairingError)


def test_issue_13_item_2_several_games_listed_white_first_by_lower_number() -> None:
    t = _event(8)
    for white, black in ((1, 2), (3, 4), (5, 6), (7, 8)):
        t.record_game(1, white, black, Result.DRAW)
    t.record_game(2, 1, 3, Result.WIN)
    _pending(t, 2, 8, 2)
    _pending(t, 2, 4, 5)
    _pending(t, 2, 6, 7)
    with pytest.raises(
        IncompleteRoundError,
        match=r"^round 2 is not finished: 3 games have no "
        r"result \(White-Black: 8-2, 4-5, 6-7\); a round is paired only",
    ):
        check_ready_to_pair(t, 3)


def test_issue_13_item_2_the_earliest_unfinished_round_is_named() -> None:
    t = _event(4)
    _pending(t, 1, 1, 2)
    t.record_game(1, 3, 4, Result.WIN)
    t.record_game(2, 1, 3, Result.WIN)
    _pending(t, 2, 2, 4)
    with pytest.raises(IncompleteRoundError, match=r"^round 1 is not finished: the game 1-2"):
        check_ready_to_pair(t, 3)
    # pairing round 2 again (rounds from 2 on set aside) only needs round 1
    with pytest.raises(IncompleteRoundError, match=r"^round 1 "):
        check_ready_to_pair(t, 2)
    check_ready_to_pair(t, 1)


def test_issue_13_item_2_a_game_without_colours_is_written_lower_number_first() -> None:
    t = _event(4)
    t.player(3).set_entry(1, RoundEntry(2, Colour.NONE, None))
    t.player(2).set_entry(1, RoundEntry(3, Colour.NONE, None))
    assert pending_games(t, 1) == (PendingGame(1, 2, 3),)


def test_issue_13_item_2_a_long_list_is_cut_and_counted() -> None:
    games = SHOWN_GAMES + 5
    t = _event(2 * games)
    for k in range(games):
        _pending(t, 1, 2 * k + 1, 2 * k + 2)
    with pytest.raises(IncompleteRoundError) as caught:
        check_ready_to_pair(t, 2)
    message = str(caught.value)
    assert message.startswith(f"round 1 is not finished: {games} games have no result")
    assert f"{2 * SHOWN_GAMES - 1}-{2 * SHOWN_GAMES}" in message
    assert f"{2 * SHOWN_GAMES + 1}-" not in message
    assert " and 5 more)" in message
    assert len(caught.value.games) == games
