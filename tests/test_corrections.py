"""The later pairings a result correction touches (issue 13 item 6):
:func:`chessarbiter.corrections.pairings_after`."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.corrections import LaterPairing, pairings_after
from chessarbiter.errors import TournamentError, UnknownPlayerError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament


def _event() -> Tournament:
    """Six players, four rounds: 1-2 and 3-4 and 5-6 in round 1, then a bye, a requested
    half-point bye, a repeat meeting and a forfeit recorded without colours."""
    t = Tournament(total_rounds=4)
    for n in range(1, 7):
        t.add_player(Player(n, f"P{n}"))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(1, 5, 6, Result.LOSS)
    # round 2: 2 gets the pairing-allocated bye, 1 asked for a half-point bye
    t.player(2).set_entry(2, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.player(1).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    t.record_game(2, 4, 5, Result.WIN)
    t.record_game(2, 6, 3, Result.WIN)
    # round 3: 1 against 2 again (a double round), 3 not paired
    t.record_game(3, 2, 1, Result.DRAW)
    t.record_game(3, 4, 6, Result.LOSS)
    # round 4: a forfeit without colours, and a game still being played
    t.player(5).set_entry(4, RoundEntry(1, Colour.NONE, Result.FORFEIT_WIN))
    t.player(1).set_entry(4, RoundEntry(5, Colour.NONE, Result.FORFEIT_LOSS))
    t.player(2).set_entry(4, RoundEntry(3, Colour.WHITE, None))
    t.player(3).set_entry(4, RoundEntry(2, Colour.BLACK, None))
    return t


def test_issue13_item6_every_later_pairing_of_the_two_players_once() -> None:
    assert pairings_after(_event(), 1, (1, 2)) == [
        LaterPairing(2, 2, None),  # the pairing-allocated bye is a pairing
        LaterPairing(3, 2, 1),  # listed once, though both players are named
        LaterPairing(4, 1, 5),  # no colours: the lower number first
        LaterPairing(4, 2, 3),  # paired, result not in yet
    ]


def test_issue13_item6_requested_byes_and_absences_are_not_pairings() -> None:
    t = _event()
    # player 1's half-point bye of round 2 and player 3's absence in round 3 are not listed
    assert [p.round for p in pairings_after(t, 1, [1])] == [3, 4]
    assert pairings_after(t, 1, [3]) == [LaterPairing(2, 6, 3), LaterPairing(4, 2, 3)]


def test_issue13_item6_nothing_after_the_last_round_and_order_of_players_irrelevant() -> None:
    t = _event()
    assert pairings_after(t, 4, (1, 5)) == []
    assert pairings_after(t, 9, (1, 5)) == []
    assert pairings_after(t, 2, (6, 4)) == pairings_after(t, 2, [4, 6, 4])
    assert pairings_after(t, 2, (6, 4)) == [LaterPairing(3, 4, 6)]


def test_issue13_item6_bad_round_or_player() -> None:
    t = _event()
    with pytest.raises(TournamentError, match="rounds are numbered from 1"):
        pairings_after(t, 0, (1, 2))
    with pytest.raises(UnknownPlayerError):
        pairings_after(t, 1, (1, 99))


def test_issue13_item6_on_a_real_file(shared: Path) -> None:
    """The Karl-Mala-Gedenkturnier (Swiss-Manager TRF16, 284 players), round 5 game
    Vasquez (1) - Reschke (16) corrected: in the file, 1 then played black against 25 and white
    against 31, 16 white against 42 and black against 4."""
    path = shared / "real" / "sharly-chess" / "trf" / "example_trf16.trf"
    t = trf.load(path)
    assert pairings_after(t, 5, (1, 16)) == [
        LaterPairing(6, 16, 42),
        LaterPairing(6, 25, 1),
        LaterPairing(7, 1, 31),
        LaterPairing(7, 4, 16),
    ]
