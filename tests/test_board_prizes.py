"""Board prizes of a team event (Team Competitions 1972): one table per board, then the
reserves, by percentage, with a minimum of games.

Every expected value is worked out by hand in the test's docstring.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from chessarbiter import board_prizes as bp
from chessarbiter.model import teams as M
from chessarbiter.model.teams import BoardGame, TeamEntry, TeamEvent, TeamMatch


def D(x: str | int) -> Decimal:
    return Decimal(x)


def prize_event() -> TeamEvent:
    """Teams A (11, 12; reserve 13) and B (21, 22; reserve 23), 2 fixed boards, 4 rounds:
    R1 11-21 1, 12-22 =; R2 11-21 =, 13-22 0 (reserve 13 for 12); R3 11-23 1 (reserve 23 for
    21), 12-22 1; R4 11-23 0, 12-22 =.

    Board 1: 11 = 1 + ½ + 1 + 0 = 2.5 / 4 = 62.5 % (his results against reserve 23 count);
    21 = 0 + ½ = 0.5 / 2 = 25 % (23's results are not his).
    Board 2: 12 = ½ + 1 + ½ = 2 / 3 = 66.67 %; 22 = ½ + 1 + 0 + ½ = 2 / 4 = 50 %.
    Reserves: 23 = 0 + 1 = 1 / 2 = 50 %; 13 = 0 / 1 (below the minimum: no place).
    4 matches each: half -> 2 games needed, two thirds -> 3.
    """
    teams = {1: TeamEntry(1, "A", (11, 12, 13)), 2: TeamEntry(2, "B", (21, 22, 23))}

    def m(rnd: int, games: list[tuple[int, int, int, Decimal]]) -> TeamMatch:
        return TeamMatch(rnd, 1, 2, tuple(BoardGame(*g) for g in games))

    return TeamEvent(
        2,
        [
            m(1, [(1, 11, 21, M.WIN), (2, 12, 22, M.DRAW)]),
            m(2, [(1, 11, 21, M.DRAW), (2, 13, 22, M.LOSS)]),
            m(3, [(1, 11, 23, M.WIN), (2, 12, 22, M.WIN)]),
            m(4, [(1, 11, 23, M.LOSS), (2, 12, 22, M.DRAW)]),
        ],
        teams,
    )


def rows(table: bp.BoardPrizeTable) -> list[tuple[int | None, int, int, str, str]]:
    return [
        (r.rank, r.player, r.games, f"{r.points.normalize():f}", str(r.percentage))
        for r in table.rows
    ]


def test_board_prizes_half() -> None:
    """See :func:`prize_event`."""
    tables = bp.board_tables(prize_event())
    assert [t.title for t in tables] == ["Board 1", "Board 2", "Reserves"]
    assert rows(tables[0]) == [(1, 11, 4, "2.5", "62.50"), (2, 21, 2, "0.5", "25.00")]
    assert rows(tables[1]) == [(1, 12, 3, "2", "66.67"), (2, 22, 4, "2", "50.00")]
    assert rows(tables[2]) == [(1, 23, 2, "1", "50.00"), (None, 13, 1, "0", "0.00")]


def test_board_prizes_two_thirds() -> None:
    """Two thirds of 4 matches = 3 games: 21 (2 games) and 23 (2) drop out of the places."""
    tables = bp.board_tables(prize_event(), "two-thirds")
    assert rows(tables[0]) == [(1, 11, 4, "2.5", "62.50"), (None, 21, 2, "0.5", "25.00")]
    assert rows(tables[2])[0][0] is None
    assert bp.minimum_games(4, Fraction(3, 4)) == 3
    with pytest.raises(M.TeamScoreError):
        bp.minimum_games(4, Fraction(1, 3))


def test_board_prizes_skip_forfeits_unless_asked() -> None:
    """A board forfeit (player 22 absent, 12 wins by forfeit) is not a game played."""
    teams = {1: TeamEntry(1, "A", (11, 12)), 2: TeamEntry(2, "B", (21, 22))}
    e = TeamEvent(
        2,
        [
            TeamMatch(
                1, 1, 2, (BoardGame(1, 11, 21, M.WIN), BoardGame(2, 12, None, M.WIN, D(0), True))
            )
        ],
        teams,
    )
    assert [r.player for r in bp.board_tables(e)[1].rows] == []
    assert [r.player for r in bp.board_tables(e, count_forfeits=True)[1].rows] == [12]
