"""A tournament's rounds as PGN and a round's games applied (chessarbiter.games.rounds)."""

from __future__ import annotations

import pytest

from chessarbiter.errors import RoundNumberError
from chessarbiter.games.pgn import PgnGame, read_games
from chessarbiter.games.rounds import (
    apply_games,
    event_pgn,
    event_time_control,
    pgn_date,
    round_pgn,
)
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("26/11/28", "2026.11.28"),
        ("97/07/01", "1997.07.01"),
        ("2026/1/2", "2026.01.02"),
        ("2026.11.28", "2026.11.28"),
        ("28.11.2026", "????.??.??"),
        ("", "????.??.??"),
    ],
)
def test_pgn_date(text: str, date: str) -> None:
    assert pgn_date(text) == date


def test_event_time_control_from_record_222_then_122() -> None:
    assert event_time_control(Tournament(time_control_code="5400+30")) == "5400+30"
    both = Tournament(time_control_code="W300-B240", time_control="3 min + 2 s per move")
    assert event_time_control(both) == "180+2"
    assert event_time_control(Tournament(time_control="ninety minutes")) is None
    assert event_time_control(Tournament()) is None


def event() -> Tournament:
    """Six players, round 1: 1-2 1-0, 3-4 D (a game of less than one move), 5-6 a double
    forfeit; round 2: 2-1 paired, 4-3 paired, 6 a half-point bye, 5 absent."""
    t = Tournament(name="Club", city="Utrecht", federation="NED", round_dates=["26/11/28"])
    for n in range(1, 7):
        t.add_player(Player(n, f"Player {n}", rating=2000 - n, fide_id=str(100 + n)))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.UNRATED_DRAW)
    t.player(5).set_entry(1, RoundEntry(6, Colour.NONE, Result.FORFEIT_LOSS))
    t.player(6).set_entry(1, RoundEntry(5, Colour.NONE, Result.FORFEIT_LOSS))
    for white, black in ((2, 1), (4, 3)):
        t.player(white).set_entry(2, RoundEntry(black, Colour.WHITE, None))
        t.player(black).set_entry(2, RoundEntry(white, Colour.BLACK, None))
    t.player(6).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    return t


def test_a_complete_round_is_written_with_its_results() -> None:
    games = read_games(round_pgn(event(), 1))
    assert [(g.white, g.black, g.result) for g in games] == [
        ("Player 1", "Player 2", "1-0"),
        ("Player 3", "Player 4", "1/2-1/2"),
        ("Player 5", "Player 6", "*"),
    ]
    assert games[2].headers["Termination"] == "forfeit"
    first = games[0].headers
    assert (first["Event"], first["Site"], first["Date"], first["Round"]) == (
        "Club",
        "Utrecht NED",
        "2026.11.28",
        "1.1",
    )
    assert (first["WhiteFideId"], first["BlackElo"]) == ("101", "1998")


def test_a_round_in_progress_is_written_as_skeletons() -> None:
    games = read_games(round_pgn(event(), 2, site="Delft NED", time_control="5400+30"))
    assert [(g.white, g.result, g.headers["Round"]) for g in games] == [
        ("Player 2", "*", "2.1"),
        ("Player 4", "*", "2.2"),
    ]
    assert games[0].headers["Site"] == "Delft NED" and games[0].headers["Date"] == "????.??.??"
    assert games[0].headers["TimeControl"] == "5400+30"
    assert len(read_games(event_pgn(event()))) == 5


def test_apply_records_a_copy_and_leaves_the_tournament() -> None:
    t = event()
    games = [
        PgnGame({"White": "Player 2", "Black": "Player 1"}, ("e4",), "0-1"),
        PgnGame({"White": "Player 3", "Black": "Player 4"}, (), "1/2-1/2"),  # colours reversed
    ]
    application = apply_games(t, 2, games)
    assert [(a.board, a.white, a.black, a.result) for a in application.applied] == [
        (1, 2, 1, (Result.LOSS, Result.WIN))
    ]
    assert application.skipped[0].why.startswith("doubtful: colours reversed")
    assert t.player(2).entry(2).result is None
    assert application.tournament.player(2).entry(2) == RoundEntry(1, Colour.WHITE, Result.LOSS)
    accepted = apply_games(t, 2, games, accept_doubtful=True).tournament
    assert accepted.player(4).entry(2) == RoundEntry(3, Colour.WHITE, Result.DRAW)


def test_a_round_not_paired_is_refused() -> None:
    with pytest.raises(RoundNumberError, match=r"round 3 was not paired \(rounds paired: 2\)"):
        round_pgn(event(), 3)
    with pytest.raises(RoundNumberError):
        apply_games(event(), 0, [])
