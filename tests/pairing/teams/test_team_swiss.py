"""Team Swiss: one entry point for both systems, and the primary scores each pairs on."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.errors import ChessArbiterError, PairingError
from chessarbiter.model import Tournament
from chessarbiter.model.teams import ColourPreferenceType, MatchScoring, PrimaryScore, TeamEvent
from chessarbiter.pairing.teams import TeamFileOptions, pair_team_round, team_file_options
from chessarbiter.pairing.teams.c0406 import pair_c0406, team_states
from chessarbiter.pairing.teams.dutch_mp import pair_dutch_mp
from chessarbiter.pairing.teams.team_swiss import TeamSwissSystem, pairing_score_problem

from .team_swiss_events import event_of
from .test_dutch_mp import EIGHT


def test_pair_team_round_dispatch_and_options() -> None:
    event = event_of(8, EIGHT)
    assert pair_team_round(event, TeamSwissSystem.DUTCH_MP, 5) == pair_dutch_mp(event, 5)
    assert pair_team_round(event, TeamSwissSystem.C0406, 5) == pair_c0406(event, 5)
    with pytest.raises(PairingError):
        pair_team_round(event, TeamSwissSystem.DUTCH_MP, 5, primary=PrimaryScore.GP)
    with pytest.raises(ChessArbiterError):
        pair_team_round(
            event, TeamSwissSystem.DUTCH_MP, 5, colour_preference_type=ColourPreferenceType.B
        )


@pytest.mark.parametrize("system", list(TeamSwissSystem))
def test_no_team_swiss_pairs_on_the_nemlikher_score(system: TeamSwissSystem) -> None:
    """C.04.6 1.2.1: a team Swiss pairs on match points or game points. The Nemlikher score
    (Team Competitions 1972: game points plus 2 per won and 1 per drawn match) is neither: it is
    refused by name, not paired on match points in its place."""
    event = event_of(8, EIGHT)
    with pytest.raises(PairingError, match=r"C\.04\.6 1\.2\.1.*Nemlikher"):
        pair_team_round(event, system, 5, primary=PrimaryScore.NEMLIKHER)
    with pytest.raises(PairingError, match=r"C\.04\.6 1\.2\.1"):
        pair_c0406(event, 5, primary=PrimaryScore.NEMLIKHER)
    assert pairing_score_problem(system, PrimaryScore.NEMLIKHER) is not None


def test_match_points_1_half_0_are_paired_as_match_points() -> None:
    """Team Competitions 1972's 1 / ½ / 0 score is match points worth 1, ½ and 0: C.04.6 pairs on
    those values (the scores are half the 2/1/0 match points, the brackets the same); the Dutch
    system on the event's match points only when they rank as 1/½/0 (2/1/0 or a multiple)."""
    event = event_of(8, EIGHT)
    states = team_states(event, 4, PrimaryScore.MP1)
    by_mp = team_states(event, 4, PrimaryScore.MP)
    assert all(states[t].score * 2 == by_mp[t].score for t in states)
    assert all(states[t].secondary == by_mp[t].secondary for t in states)  # GP, C.07 13.1
    for system in TeamSwissSystem:
        assert pair_team_round(event, system, 5, primary=PrimaryScore.MP1) == pair_team_round(
            event, system, 5, primary=PrimaryScore.MP
        )
    event.scoring = MatchScoring(Decimal(3), Decimal(1), Decimal(0))
    with pytest.raises(PairingError, match="1/½/0"):
        pair_team_round(event, TeamSwissSystem.DUTCH_MP, 5, primary=PrimaryScore.MP1)
    assert pairing_score_problem(TeamSwissSystem.C0406, PrimaryScore.MP1, event.scoring) is None


def test_team_file_options_follow_the_192_code_else_the_event() -> None:
    """TRF-2026 192 and C.04.6 1.2.1 / 1.7: the options a team file states for the team Swiss
    (they were worked out by the command line until the rule moved into the library)."""
    event = TeamEvent(boards=4, primary="gp")
    coded = Tournament(total_rounds=7, system="FIDE_TEAM_TYPEB_GP")
    assert team_file_options(coded, event) == TeamFileOptions(
        7, PrimaryScore.GP, ColourPreferenceType.B, False
    )
    plain = Tournament(total_rounds=5, system="")
    assert team_file_options(plain, event) == TeamFileOptions(
        5, PrimaryScore.GP, ColourPreferenceType.A, True
    )
    with pytest.raises(PairingError, match="number of rounds"):
        team_file_options(Tournament(system="FIDE_TEAM"), event)
    with pytest.raises(PairingError, match=r"C\.04\.7"):
        team_file_options(Tournament(total_rounds=9, system="FIDE_TEAM_BAKU"), event)
