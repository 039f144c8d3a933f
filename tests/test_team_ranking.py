"""Team ranking of an individual event (:mod:`chessarbiter.team_ranking`): the sum of the best
N scores, the next best players' scores as tie-break, the 1972 default of the smallest team."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.formatting import plain_number
from chessarbiter.model import Player, Tournament
from chessarbiter.standings import Standing, ranking
from chessarbiter.team_ranking import TeamRankingError, team_ranking


def event(players: list[tuple[str, str, str]]) -> tuple[Tournament, list[Standing]]:
    """Players as (club, federation, points), in ranking order; the rows are made by hand."""
    t = Tournament()
    rows = []
    for n, (club, fed, points) in enumerate(players, start=1):
        t.add_player(Player(n, f"P{n}", club=club, federation=fed))
        rows.append(Standing(n, n, n, f"P{n}", None, fed, Decimal(points), 5, ()))
    return t, rows


def summary(
    t: Tournament,
    rows: list[Standing],
    by: str | Callable[[Player], str] = "club",
    best: int | None = None,
) -> list[tuple[str, str, str]]:
    teams = team_ranking(t, rows, by=by, best=best)
    return [(r.shared, r.name, plain_number(r.points)) for r in teams]


def test_sum_of_the_best_n() -> None:
    # A: 5, 4, 1 -> best 2 = 9; B: 4.5, 3.5, 3 -> 8; C: 4 -> 4 (fewer players than N)
    t, rows = event(
        [
            ("A", "", "5"),
            ("B", "", "4.5"),
            ("A", "", "4"),
            ("C", "", "4"),
            ("B", "", "3.5"),
            ("B", "", "3"),
            ("A", "", "1"),
        ]
    )
    assert summary(t, rows, by="club", best=2) == [
        ("1", "A", "9"),
        ("2", "B", "8"),
        ("3", "C", "4"),
    ]
    teams = team_ranking(t, rows, by="club", best=2)
    assert [r.pairing_number for r in teams[0].counted] == [1, 3]
    assert [r.pairing_number for r in teams[0].others] == [7]
    assert teams[1].next_scores == (Decimal(3),)


def test_default_counts_as_many_as_the_smallest_team_has() -> None:
    t, rows = event([("A", "", "3"), ("B", "", "2.5"), ("A", "", "2"), ("B", "", "2")])
    assert summary(t, rows, by="club") == summary(t, rows, by="club", best=2)
    t, rows = event([("A", "", "3"), ("B", "", "2.5"), ("A", "", "2")])
    # B has one player: one score counts per team, A's second player breaks no tie here
    assert summary(t, rows, by="club") == [("1", "A", "3"), ("2", "B", "2.5")]


def test_ties_broken_by_the_next_best_then_the_one_after() -> None:
    # A and B: 4 + 3 = 7 each; the third players 2 and 2; the fourth: A 1, B none (0)
    t, rows = event(
        [
            ("B", "", "4"),
            ("A", "", "4"),
            ("A", "", "3"),
            ("B", "", "3"),
            ("A", "", "2"),
            ("B", "", "2"),
            ("A", "", "1"),
        ]
    )
    assert summary(t, rows, by="club", best=2) == [("1", "A", "7"), ("2", "B", "7")]
    # without A's fourth player the teams are equal in everything: a shared place
    t, rows = event(
        [row for row in [("B", "", "4"), ("A", "", "4"), ("A", "", "3"), ("B", "", "3")]]
    )
    assert summary(t, rows, by="club", best=2) == [("1-2", "A", "7"), ("1-2", "B", "7")]


def test_players_equal_on_points_are_taken_in_ranking_order() -> None:
    t, rows = event([("A", "", "2"), ("A", "", "2"), ("A", "", "2")])
    team = team_ranking(t, rows, by="club", best=2)[0]
    assert [r.pairing_number for r in team.counted] == [1, 2]


def test_clubs_compared_ignoring_case_and_spaces_blank_is_no_team() -> None:
    t, rows = event([("SV  Eins", "", "2"), ("sv eins", "", "1"), ("", "", "3")])
    assert summary(t, rows, by="club", best=2) == [("1", "SV Eins", "3")]


def test_by_federation_or_any_attribute() -> None:
    t, rows = event([("x", "ger", "2"), ("y", "GER", "1"), ("z", "ENG", "2.5")])
    assert summary(t, rows, by="federation", best=1) == [("1", "ENG", "2.5"), ("2", "GER", "2")]
    assert summary(t, rows, by=lambda p: p.name[-1], best=1)[0] == ("1", "3", "2.5")


@pytest.mark.parametrize(
    ("kwargs", "message"), [({"by": "rating"}, "not 'rating'"), ({"best": 0}, "1 or more, not 0")]
)
def test_errors(kwargs: dict[str, object], message: str) -> None:
    t, rows = event([("A", "", "1")])
    with pytest.raises(TeamRankingError, match=message):
        team_ranking(t, rows, **kwargs)  # type: ignore[arg-type]


def test_no_teams() -> None:
    t, rows = event([("", "", "1")])
    assert team_ranking(t, rows) == []


def test_real_open_by_federation(shared: Path) -> None:
    # 8 players have a federation: UKR 2, GER 2, CHI, ISL, POL and SWE one each
    t = trf.load(shared / "real/sharly-chess/trf/example_trf16.trf")
    rows = ranking(t)
    teams = team_ranking(t, rows, by="federation", best=1)
    assert [team.name for team in teams] == ["UKR", "CHI", "GER", "POL", "SWE", "ISL"]
    points = {row.pairing_number: row.points for row in rows}
    ukr = teams[0]
    assert ukr.points == max(points[p.number] for p in t if p.federation == "UKR")
    # GER and POL are equal on their best player (4.5): GER's second player decides
    assert teams[2].points == teams[3].points and teams[2].next_scores and not teams[3].next_scores
    assert (teams[2].rank, teams[3].rank) == (3, 4)
