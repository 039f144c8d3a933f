"""The one check of a stored event: settings, registrations and rounds together."""

from __future__ import annotations

import pytest

from chessarbiter.event_settings import EventSettings, PlayerSettings
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.stored_event import (
    StoredEventError,
    stored_event_problems,
    validate_stored_event,
)


def _pair() -> Tournament:
    t = Tournament(total_rounds=1)
    for n in (1, 2):
        t.add_player(Player(n, f"P{n}"))
    return t


def test_a_sound_event_passes() -> None:
    t = _pair()
    t.record_game(1, 1, 2, Result.WIN)
    players = {1: PlayerSettings("P1"), 2: PlayerSettings("P2", rating=2000)}
    assert stored_event_problems(EventSettings(rounds=1), players, t) == []
    validate_stored_event(EventSettings(rounds=1), players, t)


def test_every_problem_is_named_settings_players_and_rounds() -> None:
    t = _pair()
    # a game seen from one side only: the rounds are inconsistent
    t.player(1).set_entry(1, RoundEntry(2, Colour.WHITE, Result.WIN))
    players = {2: PlayerSettings("P2", rating=9999), 1: PlayerSettings("P1")}
    with pytest.raises(StoredEventError) as excinfo:
        validate_stored_event(EventSettings(tiebreaks="XYZ"), players, t)
    problems = excinfo.value.problems
    assert problems[0].startswith("tiebreaks: ")
    assert problems[1] == "player 2: rating: rating must be between 0 and 3500 (got 9999)"
    assert len(problems) >= 3 and all("player 2" not in p for p in problems[2:])
    assert str(excinfo.value) == "; ".join(problems)
