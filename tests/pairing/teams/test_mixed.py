"""The match score of a mixed round robin (Team Competitions 1972, "Matches of two teams": the
USSR–Yugoslavia match of 1967 was a 12-player round robin whose match result "was made of the
games between the Soviet and the Yugoslav players")."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError, PairingError
from chessarbiter.pairing.teams.lineups import LineupError
from chessarbiter.pairing.teams.mixed import (
    MixedResultsError,
    mixed_match_score,
    read_mixed_results,
)
from chessarbiter.pairing.teams.scheveningen import between_teams, mixed_round_robin
from chessarbiter.pairing.teams.three_in_two import TeamGame, TeamPlayer, schedule_tsv


def test_six_plus_six_counts_only_the_36_games_between_the_teams() -> None:
    """Team Competitions 1972: 6 + 6 players, one round robin of 66 games; the match is the 36
    games between the teams, 1 per win, ½ per draw; a team's wins inside itself add nothing."""
    games = mixed_round_robin(6)
    assert len(games) == 66
    rng = random.Random(1967)
    results = {g: rng.choice(["1-0", "½-½", "0-1"]) for g in games}
    score = mixed_match_score(games, results)
    assert score.played == 36 and score.pending == 0 and score.finished
    assert score.points["A"] + score.points["B"] == 36
    expected = {"A": Decimal(0), "B": Decimal(0)}
    for g in between_teams(games):
        white = {"1-0": Decimal(1), "½-½": Decimal("0.5"), "0-1": Decimal(0)}[results[g]]
        expected[g.white.team] += white
        expected[g.black.team] += 1 - white
    assert score.points == expected
    # changing a game inside team A changes nothing of the match
    inside = next(g for g in games if g.white.team == g.black.team == "A")
    flipped = {**results, inside: "0-1" if results[inside] == "1-0" else "1-0"}
    assert mixed_match_score(games, flipped).points == score.points


def test_pending_games_and_forfeits() -> None:
    """A game without a result is pending; a forfeit scores as a won game (1 point), a double
    forfeit nothing for either team (Team Competitions 1972 counts points, not games)."""
    games = mixed_round_robin(2)
    match = between_teams(games)
    score = mixed_match_score(games, {match[0]: "+-", match[1]: "--"})
    assert score.played == 2 and score.pending == 2 and not score.finished
    white0, white1 = match[0].white.team, match[1].white.team
    assert score.points[white0] == 1
    assert sum(score.points.values()) == 1
    assert white1 in score.points


def test_three_teams_each_team_scores_against_the_others() -> None:
    games = mixed_round_robin(2, 3)
    results = dict.fromkeys(games, "1-0")
    score = mixed_match_score(games, results)
    assert set(score.points) == {"A", "B", "C"}
    assert sum(score.points.values()) == len(between_teams(games))


def test_a_result_of_a_game_not_scheduled_is_refused() -> None:
    games = mixed_round_robin(2)
    stray = TeamGame(9, TeamPlayer("A", 1), TeamPlayer("B", 1))
    with pytest.raises(PairingError, match="not in the schedule"):
        mixed_match_score(games, {stray: "1-0"})
    with pytest.raises(LineupError):
        mixed_match_score(games, {games[0]: "2-0"})


def test_results_file_round_trip_of_the_printed_schedule() -> None:
    """The file is the schedule as printed plus a result column; empty or * is not played."""
    games = mixed_round_robin(3)
    lines = schedule_tsv(games).splitlines()
    text = lines[0] + "\tresult\n" + "# a comment\n\n"
    text += "\n".join(
        line + "\t" + ("1/2-1/2" if i % 3 == 0 else "*" if i % 3 == 1 else "")
        for i, line in enumerate(lines[1:])
    )
    results = read_mixed_results(text, "r.tsv", games)
    assert set(results) == {g for i, g in enumerate(games) if i % 3 == 0}
    assert set(results.values()) == {"1/2-1/2"}


def test_results_file_problems_name_file_line_and_column() -> None:
    games = mixed_round_robin(2)
    text = "1\tA1\tB2\t2-0\n9\tA1\tB1\t1-0\n1\tA1\tB2\t1-0\nnonsense\n"
    with pytest.raises(MixedResultsError) as caught:
        read_mixed_results(text, "r.tsv", games)
    problems = caught.value.problems
    assert [(p.line, p.column) for p in problems] == [(1, 9), (2, 1), (3, 1), (4, 0)]
    assert str(problems[0]).startswith("r.tsv:1:9: unknown result '2-0'")
    assert "not a game of the schedule" in problems[1].message
    assert "given twice (line 1)" in problems[2].message


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="12AB\t-½=+*# \nxr0", max_size=200))
def test_any_results_file_is_read_or_refused_precisely(text: str) -> None:
    games = mixed_round_robin(2)
    try:
        results = read_mixed_results(text, "f.tsv", games)
    except ChessArbiterError as error:
        assert isinstance(error, MixedResultsError)
        return
    score = mixed_match_score(games, results)
    assert score.played + score.pending == 4
