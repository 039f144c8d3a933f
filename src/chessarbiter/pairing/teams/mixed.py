"""The match score of a mixed round robin (Team Competitions 1972, "Matches of two teams": the
USSR–Yugoslavia match of 1967).

The players of the teams play one individual round robin
(:func:`~chessarbiter.pairing.teams.scheveningen.mixed_round_robin`); "the match's result is made
of the games between the Soviet and the Yugoslav players": each team scores 1 per won game and ½
per draw in its games against players of another team, whatever the board; the games between
players of the same team count for the tournament only.

**Results file** (tab-separated, UTF-8; blank lines and lines starting with ``#`` are ignored; an
optional header line starts with ``round<TAB>white``): the schedule that ``chessarbiter teams
mixed`` prints, with the result as a fourth column::

    round  white  black  result
    1      A1     B3     1-0
    1      B1     A3     ½-½

A result is written as on a scoresheet (``1-0``, ``½-½``, ``1/2-1/2``, ``0-1``, forfeits
``+-``, ``-+``, ``--``; :func:`~chessarbiter.pairing.teams.lineups.parse_board_result`); an empty
result or ``*`` is a game not played yet. Every line must be a game of the schedule, each once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from chessarbiter import limits
from chessarbiter.errors import FileFormatError, PairingError, Problem
from chessarbiter.model import Colour, PlayerId, Tournament
from chessarbiter.pairing.teams.lineups import (
    BoardResult,
    LineupError,
    board_points,
    parse_board_result,
)
from chessarbiter.pairing.teams.three_in_two import TeamGame, TeamPlayer

NOT_PLAYED = frozenset({"", "*"})
"""What a results file writes in the result column of a game not played yet."""


class MixedResultsError(FileFormatError):
    """A results file of a mixed round robin is malformed (each problem names file, line and
    column)."""


@dataclass(frozen=True, slots=True)
class MixedScore:
    """The match score of a mixed round robin: each team's points in its games against the other
    teams' players (``points``, by team letter), how many of those games have a result
    (``played``) and how many do not yet (``pending``)."""

    points: dict[str, Decimal]
    played: int
    pending: int

    @property
    def finished(self) -> bool:
        """Whether every game between the teams has a result."""
        return self.pending == 0


def mixed_match_score(
    games: Sequence[TeamGame], results: Mapping[TeamGame, BoardResult]
) -> MixedScore:
    """The match score of a mixed round robin (Team Competitions 1972, USSR–Yugoslavia 1967): the
    sum of the games between players of different teams, 1 per win and ½ per draw whatever the
    board, for each team; games between players of the same team do not count for the match.

    ``games``: the schedule (all games of the round robin); ``results``: the result of the games
    played so far, written White first (``"1-0"``) or as White's and Black's points.

    >>> from chessarbiter.pairing.teams.scheveningen import mixed_round_robin
    >>> games = mixed_round_robin(2)
    >>> [str(g) for g in games]
    ['1 A1 B2', '1 B1 A2', '2 B2 A2', '2 A1 B1', '3 B1 B2', '3 A2 A1']
    >>> score = mixed_match_score(games, {games[0]: "1-0", games[1]: "½-½", games[4]: "0-1"})
    >>> score.points, score.played, score.pending
    ({'A': Decimal('1.5'), 'B': Decimal('0.5')}, 2, 2)

    :raises PairingError: for a result of a game that is not in the schedule.
    :raises LineupError: for a result that is not one game's score.
    """
    schedule = set(games)
    for game in results:
        if game not in schedule:
            raise PairingError(f"game {game} (round, White, Black) is not in the schedule")
    points: dict[str, Decimal] = {}
    for game in games:
        for team in (game.white.team, game.black.team):
            points.setdefault(team, Decimal(0))
    played = pending = 0
    for game in games:
        if game.white.team == game.black.team:
            continue
        result = results.get(game)
        if result is None:
            pending += 1
            continue
        white, black = parse_board_result(result)
        points[game.white.team] += white
        points[game.black.team] += black
        played += 1
    return MixedScore(dict(sorted(points.items())), played, pending)


def read_mixed_results(text: str, filename: str, games: Sequence[TeamGame]) -> dict[TeamGame, str]:
    """Read a results file of a mixed round robin (see the module documentation) against its
    schedule ``games``: the results given, by game (games not played yet left out).

    >>> from chessarbiter.pairing.teams.scheveningen import mixed_round_robin
    >>> games = mixed_round_robin(1)
    >>> read_mixed_results("round\\twhite\\tblack\\tresult\\n1\\tA1\\tB1\\t=\\n", "r.tsv", games)
    {TeamGame(round=1, white=TeamPlayer(team='A', board=1), black=TeamPlayer(team='B', board=1)): '='}

    :raises MixedResultsError: listing every problem (file, line and column): a line without
        four fields (three for a game not played), a game not in the schedule or given twice, a
        result that is not one game's.
    """  # noqa: E501
    by_key = {(str(g.round), str(g.white), str(g.black)): g for g in games}
    problems: list[Problem] = []
    results: dict[TeamGame, str] = {}
    seen: dict[TeamGame, int] = {}
    first = True
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if len(problems) >= limits.MAX_FILE_PROBLEMS:
            break
        fields = line.split("\t")
        columns = [1]
        for f in fields[:-1]:
            columns.append(columns[-1] + len(f) + 1)
        values = [f.strip() for f in fields]
        if first and values[:2] == ["round", "white"]:
            first = False
            continue
        first = False
        if len(values) not in (3, 4):
            problems.append(
                Problem(
                    filename,
                    number,
                    0,
                    f"expected round, white, black, result: got {len(values)} field(s)",
                )
            )
            continue
        game = by_key.get((values[0], values[1].upper(), values[2].upper()))
        if game is None:
            problems.append(
                Problem(
                    filename,
                    number,
                    columns[0],
                    f"round {values[0]}: {values[1]} - {values[2]} is not a game of the schedule",
                )
            )
            continue
        if game in seen:
            problems.append(
                Problem(
                    filename, number, columns[0], f"game {game} given twice (line {seen[game]})"
                )
            )
            continue
        seen[game] = number
        result = values[3] if len(values) == 4 else ""
        if result in NOT_PLAYED:
            continue
        try:
            parse_board_result(result)
        except LineupError as error:
            problems.append(Problem(filename, number, columns[3], str(error)))
            continue
        results[game] = result
    if problems:
        raise MixedResultsError(problems)
    return results


def tournament_games(
    t: Tournament, team_of: Mapping[PlayerId, str], rounds: int | None = None
) -> tuple[list[TeamGame], dict[TeamGame, BoardResult]]:
    """The games of the individual round robin ``t`` as a mixed round robin's schedule, each
    player in his team (``team_of``: pairing number to team; a player without one is left
    out with his games), White first, over the first ``rounds`` rounds (all recorded by
    default); and the results of those that have one, each side's points
    (:func:`~chessarbiter.pairing.teams.lineups.board_points`). For :func:`mixed_match_score`.

    >>> from chessarbiter.model import Player, Result
    >>> t = Tournament(total_rounds=1)
    >>> for n in (1, 2):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.DRAW)
    >>> games, results = tournament_games(t, {1: "USSR", 2: "YUG"})
    >>> mixed_match_score(games, results).points
    {'USSR': Decimal('0.5'), 'YUG': Decimal('0.5')}
    """
    last = t.recorded_rounds if rounds is None else min(rounds, t.recorded_rounds)
    games: list[TeamGame] = []
    results: dict[TeamGame, BoardResult] = {}
    for player in t:
        if player.number not in team_of:
            continue
        for r in range(1, last + 1):
            entry = player.entry(r)
            if entry.opponent is None or entry.colour is Colour.BLACK:
                continue
            if entry.opponent not in team_of:
                continue
            game = TeamGame(
                r,
                TeamPlayer(team_of[player.number], player.number),
                TeamPlayer(team_of[entry.opponent], entry.opponent),
            )
            games.append(game)
            back = t.player(entry.opponent).entry(r)
            if entry.result is not None and back.result is not None:
                results[game] = board_points(entry.result, back.result)
    return games, results
