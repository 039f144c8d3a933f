"""Issue 13 item 18: the team schedules and the round robin tables refuse sizes beyond their
bounds (:mod:`chessarbiter.limits`) before computing anything."""

from __future__ import annotations

import pytest

from chessarbiter import limits
from chessarbiter.errors import PairingError
from chessarbiter.limits import LimitError
from chessarbiter.pairing.roundrobin import berger_round, berger_table, table_size
from chessarbiter.pairing.teams.scheveningen import (
    match_schedule,
    mixed_numbering,
    mixed_round_robin,
    scheveningen,
    team_round_robin,
)
from chessarbiter.pairing.teams.simultaneous import (
    days_needed,
    groups_for_days,
    micro_match_splits,
    simultaneous_matches,
)
from chessarbiter.pairing.teams.three_in_two import check_whole_number, three_teams_two_rounds

HUGE = 10**9


def test_issue_13_item_18_round_robin_players() -> None:
    """MemoryError (4 GB) for 100,000 players before."""
    assert table_size(limits.MAX_ROUND_ROBIN_PLAYERS) == 1000
    with pytest.raises(LimitError, match=r"between 2 and 1000 \(got 100000\)"):
        berger_table(100_000)
    with pytest.raises(LimitError):
        berger_round(1001, 1)
    with pytest.raises(PairingError, match="at least 2 players"):
        table_size(1)


@pytest.mark.parametrize(
    "make",
    [
        lambda: match_schedule(HUGE),
        lambda: match_schedule(2, HUGE),
        lambda: scheveningen(HUGE),
        lambda: team_round_robin(4, HUGE),
        lambda: mixed_numbering(HUGE),
        lambda: mixed_round_robin(100_000),
        lambda: three_teams_two_rounds(HUGE),
        lambda: simultaneous_matches(4, HUGE, 1),
        lambda: simultaneous_matches(HUGE, 4, 1),
        lambda: groups_for_days(4, 4, HUGE),
        lambda: micro_match_splits(HUGE),
        lambda: days_needed(HUGE, 1),
    ],
)
def test_issue_13_item_18_team_schedules_refuse_huge_counts(make: object) -> None:
    """Minutes of work or gigabytes before (`teams simultaneous --boards 1000000000`, `teams
    mixed --players 100000`)."""
    assert callable(make)
    with pytest.raises(LimitError):
        make()


def test_issue_13_item_18_mixed_round_robin_total() -> None:
    with pytest.raises(LimitError, match="26 teams of 50 players make a round robin of 1300"):
        mixed_numbering(50, 26)
    assert len(mixed_numbering(50, 20)) == 1000


def test_issue_13_item_18_bounds_are_inclusive() -> None:
    assert len(match_schedule(limits.MAX_BOARDS_PER_TEAM, 1)) == 50
    assert len(three_teams_two_rounds(limits.MAX_BOARDS_PER_TEAM)) == 150  # 3 matches of 50
    assert len(simultaneous_matches(limits.MAX_SIMULTANEOUS_TEAMS, 1, 1)) == 780
    assert check_whole_number(50, "boards", maximum=50) == 50
    with pytest.raises(LimitError, match=r"the boards must be between 1 and 50 \(got 51\)"):
        check_whole_number(51, "boards", maximum=50)
