"""Individual board prizes of a team competition (Team Competitions 1972, "Team tournaments").

* With fixed boards every board forms its own table: the team's main player of board k (the
  k-th of its roster) is ranked among the main players of board k.
* Players who played different numbers of games are compared by percentage.
* A result against a reserve counts like one against the main player.
* A reserve's result does not go to the player he replaced; the reserves (roster places after
  the last board) form a table of their own.
* Minimum: at least half of the matches the team played (it may be raised to two thirds, never
  lowered); a player below it is listed but not ranked.

Games forfeited on a board (a player absent, a board left empty) are not games played: they
count neither as games nor as points here, unless ``count_forfeits`` is set.

>>> from chessarbiter.model.teams import BoardGame, TeamEntry, TeamEvent, TeamMatch, WIN
>>> teams = {1: TeamEntry(1, "A", (11, 12)), 2: TeamEntry(2, "B", (21, 22))}
>>> event = TeamEvent(1, [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN),))], teams)
>>> [(r.player, str(r.percentage)) for r in board_tables(event)[0].rows]
[(11, '100.00'), (21, '0.00')]
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from chessarbiter.model.teams import ZERO, TeamEvent, TeamScoreError

#: Team Competitions 1972: the usual minimum, half of the matches, and the stricter two thirds.
MINIMUMS = {"half": Fraction(1, 2), "two-thirds": Fraction(2, 3)}


@dataclass(frozen=True, slots=True)
class BoardPrizeRow:
    """One player in a board table: games and points, the percentage (points / games x 100,
    rounded to 2 decimals), the minimum he needed, whether he reached it, and his place (``None``
    when below the minimum)."""

    player: int
    name: str
    team: int
    team_name: str
    games: int
    points: Decimal
    percentage: Decimal
    minimum: int
    eligible: bool
    rank: int | None


@dataclass(frozen=True, slots=True)
class BoardPrizeTable:
    """The table of one board (``board`` 1, 2, ...) or of the reserves (``board`` is ``None``)."""

    board: int | None
    rows: tuple[BoardPrizeRow, ...]

    @property
    def title(self) -> str:
        return "Reserves" if self.board is None else f"Board {self.board}"


def minimum_games(matches: int, fraction: Fraction | str = "half") -> int:
    """Team Competitions 1972: at least ``fraction`` (half, or two thirds) of the matches the team
    played.

    >>> minimum_games(9), minimum_games(9, "two-thirds"), minimum_games(7)
    (5, 6, 4)
    """
    if isinstance(fraction, str) and fraction not in MINIMUMS:
        raise TeamScoreError(f"minimum {fraction!r}: use half or two-thirds")
    f = MINIMUMS[fraction] if isinstance(fraction, str) else fraction
    if f < Fraction(1, 2):
        raise TeamScoreError(
            "Team Competitions 1972: the minimum may not be lowered below half the matches"
        )
    return math.ceil(matches * f)


def board_tables(
    event: TeamEvent,
    minimum: Fraction | str = "half",
    *,
    count_forfeits: bool = False,
) -> list[BoardPrizeTable]:
    """The board tables (board 1 to n, then the reserves) of ``event``, ranked by percentage,
    then points, then games (Team Competitions 1972). A player's board is his place in his team's
    roster (fixed boards), whatever board he sat at in a match.

    >>> from chessarbiter.model.teams import BoardGame, TeamEntry, TeamMatch, WIN, DRAW
    >>> teams = {1: TeamEntry(1, "A", (11, 19)), 2: TeamEntry(2, "B", (21,))}
    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN),)),
    ...       TeamMatch(2, 1, 2, (BoardGame(1, 19, 21, DRAW),))]
    >>> tables = board_tables(TeamEvent(1, ms, teams))
    >>> [(r.player, r.games, str(r.points)) for r in tables[0].rows]
    [(11, 1, '1'), (21, 2, '0.5')]
    >>> [(r.player, r.games, str(r.points)) for r in tables[1].rows]
    [(19, 1, '0.5')]
    """
    if event.boards < 1:
        raise TeamScoreError("no boards")
    place: dict[int, tuple[int, int | None]] = {}
    for number, entry in event.teams.items():
        for i, p in enumerate(entry.members):
            place[p] = (number, i + 1 if i < event.boards else None)
    games: dict[int, int] = defaultdict(int)
    points: dict[int, Decimal] = defaultdict(lambda: ZERO)
    matches: dict[int, int] = defaultdict(int)
    for m in event.matches:
        if m.team_b is None:
            continue
        matches[m.team_a] += 1
        matches[m.team_b] += 1
        for b in m.boards:
            if b.forfeit and not count_forfeits:
                continue
            for player, score in ((b.player_a, b.score_a), (b.player_b, b.points_b)):
                if player is None:
                    continue
                if player not in place:
                    raise TeamScoreError(
                        f"round {m.round}: player {player} played but is in no team's roster"
                    )
                games[player] += 1
                points[player] += score
    tables: dict[int | None, list[BoardPrizeRow]] = defaultdict(list)
    for player, (team, board) in place.items():
        n = games.get(player, 0)
        if not n:
            continue
        need = minimum_games(matches[team], minimum)
        pct = (points[player] * 100 / n).quantize(Decimal("0.01"))
        tables[board].append(
            BoardPrizeRow(
                player,
                event.player_names.get(player, ""),
                team,
                event.teams[team].name,
                n,
                points[player],
                pct,
                need,
                n >= need,
                None,
            )
        )
    out: list[BoardPrizeTable] = []
    for board in [*range(1, event.boards + 1), None]:
        rows = sorted(
            tables.get(board, []),
            key=lambda r: (not r.eligible, -r.percentage, -r.points, -r.games, r.player),
        )
        ranked: list[BoardPrizeRow] = []
        for i, r in enumerate(rows):
            rank: int | None = None
            if r.eligible:
                prev = ranked[-1] if ranked else None
                tied = prev is not None and (prev.percentage, prev.points) == (
                    r.percentage,
                    r.points,
                )
                rank = prev.rank if tied and prev is not None else i + 1
            ranked.append(replace(r, rank=rank))
        if ranked or board is not None:
            out.append(BoardPrizeTable(board, tuple(ranked)))
    return out
