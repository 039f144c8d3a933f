"""The team model: matches, each team's rounds and the primary scores (match points, game
points, Nemlikher, 1/½/0; Team Competitions 1972), and the boards of a match of two teams.

Every expected value is worked out by hand in the test's docstring.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import teams as M
from chessarbiter.model.teams import BoardGame, TeamEvent, TeamMatch

CODES = {"1": M.WIN, "=": M.DRAW, "0": M.LOSS, "+": M.WIN, "-": M.LOSS}


def D(x: str | int) -> Decimal:
    return Decimal(x)


def match(rnd: int, a: int, b: int, codes: str, first: int = 0) -> TeamMatch:
    """A match with team ``a``'s result on each board (1, =, 0; + and - forfeits); players are
    numbered 100 x team + board."""
    return TeamMatch(
        rnd,
        a,
        b,
        tuple(
            BoardGame(i, 100 * a + i, 100 * b + i, CODES[c], forfeit=c in "+-")
            for i, c in enumerate(codes, start=1)
        ),
    )


def three_teams() -> TeamEvent:
    """Teams 1, 2, 3 on 4 boards, a round robin over 3 rounds (one team idle each round):
    R1 1-2 3:1 (boards 1 1 = =), R2 1-3 2:2 (1 0 = =), R3 2-3 2.5:1.5 (1 1 = 0).

    MP (2/1/0): 1 = 2 + 1 = 3; 2 = 0 + 2 = 2; 3 = 1 + 0 = 1.
    GP: 1 = 3 + 2 = 5; 2 = 1 + 2.5 = 3.5; 3 = 2 + 1.5 = 3.5.
    """
    return TeamEvent(
        boards=4,
        matches=[match(1, 1, 2, "11=="), match(2, 1, 3, "10=="), match(3, 2, 3, "11=0")],
    )


def test_match_and_game_points() -> None:
    """See :func:`three_teams`; with 3/1/0 match points team 1 has 3 + 1 = 4, team 2 3,
    team 3 1."""
    e = three_teams()
    assert M.match_points(e) == {1: D(3), 2: D(2), 3: D(1)}
    assert M.game_points(e) == {1: D(5), 2: D("3.5"), 3: D("3.5")}
    assert M.match_points(e, M.MatchScoring(D(3), D(1), D(0))) == {1: D(4), 2: D(3), 3: D(1)}


def test_nemlikher_and_match_points_only() -> None:
    """Team Competitions 1972 Nemlikher = GP + 2 per won + 1 per drawn match: 1 = 5 + 2 + 1 = 8;
    2 = 3.5 + 2 = 5.5; 3 = 3.5 + 1 = 4.5. MP only (1/½/0): 1.5, 1, 0.5."""
    e = three_teams()
    assert M.nemlikher_points(e) == {1: D(8), 2: D("5.5"), 3: D("4.5")}
    assert M.match_points_only(e) == {1: D("1.5"), 2: D(1), 3: D("0.5")}


def test_byes_and_forfeited_matches() -> None:
    """A PAB worth 1 MP + 2 GP (2022 Olympiad rule, TRF-2026 320); a forfeited match: the
    winner scores 2 MP and every board; a double forfeit: both lose, 0 GP."""
    e = TeamEvent(
        boards=4,
        matches=[
            TeamMatch(1, 1, None, points_a=D(2), kind=M.MatchKind.PAB, match_points_a=D(1)),
            TeamMatch(1, 2, 3, points_a=D(4), points_b=D(0), kind=M.MatchKind.FORFEIT),
            TeamMatch(2, 2, 3, points_a=D(0), points_b=D(0), kind=M.MatchKind.DOUBLE_FORFEIT),
        ],
    )
    assert M.match_points(e) == {1: D(1), 2: D(2), 3: D(0)}
    assert M.game_points(e) == {1: D(2), 2: D(4), 3: D(0)}


def test_two_matches_in_one_round_is_an_error() -> None:
    e = TeamEvent(boards=1, matches=[match(1, 1, 2, "1"), match(1, 1, 3, "1")])
    with pytest.raises(M.TeamScoreError, match="two matches in round 1"):
        M.records(e)
    with pytest.raises(ChessArbiterError, match="board 2"):
        TeamEvent(boards=1, matches=[TeamMatch(1, 1, 2, (BoardGame(2, 1, 2, M.WIN),))])


def test_primary_scores_of_one_match() -> None:
    """A 3-1 win on 4 boards (1 1 1 0): 2 MP, 3 GP, Nemlikher 3 + 2 = 5, 1/½/0: 1; the loser 0,
    1, 1, 0. The secondary score (C.07 13.1): GP, except GP's (MP)."""
    r = M.records(TeamEvent(boards=4, matches=[match(1, 1, 2, "1110")]))
    won, lost = r[1][0], r[2][0]
    assert [M.match_score(s, won) for s in M.PrimaryScore] == [D(2), D(3), D(5), D(1)]
    assert [M.match_score(s, lost) for s in M.PrimaryScore] == [D(0), D(1), D(1), D(0)]
    assert [M.secondary_of(s) for s in M.PrimaryScore] == [
        M.PrimaryScore.GP,
        M.PrimaryScore.MP,
        M.PrimaryScore.GP,
        M.PrimaryScore.GP,
    ]
    assert [v.value for v in M.PrimaryScore] == ["mp", "gp", "nemlikher", "mp1"]  # stored


def test_odd_boards_have_board_1_colours() -> None:
    """Team Competitions 1972, matches of two teams: the team with White on board 1 has White on
    the odd boards, Black on the even boards."""
    assert [M.same_colour_as_board1(b) for b in range(1, 6)] == [True, False, True, False, True]
    with pytest.raises(ChessArbiterError, match="from 1"):
        M.same_colour_as_board1(0)


def test_match_boards_colours_and_empty_boards() -> None:
    """Board k: the k-th player of each line-up, the home team White on odd boards; a board one
    team leaves empty is a forfeit won by the player present (who is listed as White); a board
    both leave empty is no game."""
    boards = M.match_boards([11, 12, None, 14, None], [21, 22, 23, None, None])
    assert [(b.board, b.white, b.black, b.forfeit) for b in boards] == [
        (1, 11, 21, False),
        (2, 22, 12, False),
        (3, 23, None, True),
        (4, 14, None, True),
    ]
    with pytest.raises(ChessArbiterError, match="2 and 1 boards"):
        M.match_boards([1, 2], [3])


def test_forfeited_matches_and_empty_boards_as_scored() -> None:
    """A forfeited match (TRF-2026 330): the winner scores every board, the loser nothing; a
    double forfeit: both lose with nothing. An empty board: the player present wins 1-0."""
    e = TeamEvent(
        boards=4,
        matches=[M.forfeited_match(1, 1, 2, 4, winner=2), M.forfeited_match(2, 1, 2, 4, None)],
    )
    assert M.game_points(e) == {1: D(0), 2: D(4)}
    assert M.match_points(e) == {1: D(0), 2: D(2)}
    assert [m.kind for m in e.matches] == [M.MatchKind.FORFEIT, M.MatchKind.DOUBLE_FORFEIT]
    with pytest.raises(ChessArbiterError, match="team 3"):
        M.forfeited_match(1, 1, 2, 4, winner=3)
    home = M.empty_board_game(2, 12, home=True)
    assert (home.player_a, home.player_b, home.score_a, home.points_b, home.forfeit) == (
        12,
        None,
        D(1),
        D(0),
        True,
    )
