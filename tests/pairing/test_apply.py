"""Recording a round's pairing and results in the model (``chessarbiter.pairing.apply``)."""

from __future__ import annotations

import pytest

from chessarbiter.errors import TournamentError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.apply import apply_pairing, record_bye, record_result
from chessarbiter.pairing.round_pairing import Board, RoundPairing


def five_players() -> Tournament:
    t = Tournament(total_rounds=3, initial_colour=Colour.WHITE)
    for n in range(1, 6):
        t.add_player(Player(n, f"Player {n}", rating=2000 - n))
    return t


def test_apply_pairing_writes_pending_games_and_the_pab():
    t = five_players()
    apply_pairing(t, RoundPairing(1, (Board(1, 3), Board(4, 2)), bye=5))
    assert t.player(1).entry(1) == RoundEntry(3, Colour.WHITE, None)
    assert t.player(3).entry(1) == RoundEntry(1, Colour.BLACK, None)
    assert t.player(4).entry(1) == RoundEntry(2, Colour.WHITE, None)
    assert t.player(2).entry(1) == RoundEntry(4, Colour.BLACK, None)
    assert t.player(5).entry(1) == RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE)
    assert all(t.player(n).entry(1).is_pending for n in (1, 2, 3, 4))
    assert t.rounds_played == 1
    assert t.check() == []
    # the PAB scores at once, pending games not yet
    assert [str(t.score(n)) for n in range(1, 6)] == ["0", "0", "0", "0", "1"]


def test_apply_pairing_keeps_byes_assigned_before_the_round_and_pads_skipped_rounds():
    t = five_players()
    record_bye(t, 2, 5, Result.HALF_POINT_BYE)
    apply_pairing(t, RoundPairing(2, (Board(1, 2), Board(3, 4))))
    assert t.player(5).results == [RoundEntry.NOT_PAIRED, RoundEntry.bye(Result.HALF_POINT_BYE)]
    assert t.player(1).results == [RoundEntry.NOT_PAIRED, RoundEntry(2, Colour.WHITE, None)]


def test_apply_pairing_is_idempotent_but_refuses_to_overwrite_another_entry():
    t = five_players()
    pairing = RoundPairing(1, (Board(1, 2),), bye=None)
    apply_pairing(t, pairing)
    apply_pairing(t, pairing)  # the same pending game again: nothing changes
    assert t.player(1).entry(1) == RoundEntry(2, Colour.WHITE, None)
    with pytest.raises(TournamentError, match="player 1 already has an entry for round 1"):
        apply_pairing(t, RoundPairing(1, (Board(1, 3),)))
    record_bye(t, 1, 4, Result.ZERO_POINT_BYE)
    with pytest.raises(TournamentError, match="player 4"):
        apply_pairing(t, RoundPairing(1, (), bye=4))


def test_apply_pairing_refuses_unknown_players():
    with pytest.raises(TournamentError, match="no player has pairing number 9"):
        apply_pairing(five_players(), RoundPairing(1, (Board(1, 9),)))


def test_record_result_fills_in_a_pending_game_with_the_counterpart():
    t = five_players()
    apply_pairing(t, RoundPairing(1, (Board(1, 3),)))
    record_result(t, 1, 1, 3, Result.LOSS)
    assert t.player(1).entry(1) == RoundEntry(3, Colour.WHITE, Result.LOSS)
    assert t.player(3).entry(1) == RoundEntry(1, Colour.BLACK, Result.WIN)
    record_result(t, 2, 2, 4, Result.FORFEIT_WIN)  # not paired before: recorded directly
    assert t.player(4).entry(2) == RoundEntry(2, Colour.BLACK, Result.FORFEIT_LOSS)
    assert t.check() == []


def test_record_result_double_forfeit():
    t = five_players()
    record_result(t, 1, 1, 2, Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
    assert t.player(1).entry(1).result is Result.FORFEIT_LOSS
    assert t.player(2).entry(1).result is Result.FORFEIT_LOSS
    assert t.check() == []


@pytest.mark.parametrize(
    ("white", "black", "message"),
    [
        (Result.WIN, Result.WIN, "1 and 1 are not one game"),
        (Result.FORFEIT_WIN, Result.FORFEIT_WIN, r"\+ and \+ are not one game"),
        (Result.HALF_POINT_BYE, None, "H is not the result of a game"),
    ],
)
def test_record_result_refuses_results_that_are_not_one_game(white, black, message):
    with pytest.raises(TournamentError, match=message):
        record_result(five_players(), 1, 1, 2, white, black)


def test_record_result_refuses_a_game_against_another_pairing():
    t = five_players()
    apply_pairing(t, RoundPairing(1, (Board(1, 2),)))
    with pytest.raises(TournamentError, match="player 1 already has an entry"):
        record_result(t, 1, 1, 3, Result.WIN)
    with pytest.raises(TournamentError, match="player 2 already has an entry"):
        record_result(t, 1, 3, 2, Result.WIN)  # the colours of the pairing are reversed
    with pytest.raises(TournamentError, match="cannot play himself"):
        record_result(t, 2, 4, 4, Result.WIN)


def test_record_bye_only_takes_byes():
    t = five_players()
    record_bye(t, 1, 3, Result.FULL_POINT_BYE)
    assert str(t.score(3, 1)) == "1"
    with pytest.raises(TournamentError, match="1 is not a bye"):
        record_bye(t, 1, 4, Result.WIN)
