"""Three teams, three matches, two rounds (Team Competitions 1972, "three teams in two rounds").

Team Competitions 1972 (USSR Central Chess Club methodology, 1972, section "Team tournaments")
prints a scheme for three teams of ten boards that plays all three matches in two rounds. Team A is
the book's first team (boards а, б, в, …), B the second (1, 2, 3, …), C the third (I, II, III, …).
The book states its properties:

* every player plays one game with White and one with Black;
* teams A and B meet on equal boards, and so do B and C;
* teams A and C meet with neighbouring boards exchanged: board 1 of A plays board 2 of C and
  board 2 of A plays board 1 of C, and so on;
* in a match one team has 6 whites and 4 blacks, the reverse in another match; the counts are
  equal when the number of boards is a multiple of 4;
* the number of boards must be even;
* no team idles in the last round (each team plays in both rounds).

The general construction, read off the book's ten-board scheme, works on pairs of boards
(2p − 1, 2p), p = 1 … boards / 2. Each pair is a closed cycle of six games: in round 1

* A–B on board 2p − 1, A(2p) against C(2p − 1), B–C on board 2p;

and in round 2

* B–C on board 2p − 1, A(2p − 1) against C(2p), A–B on board 2p.

In an odd pair the colours are those of the book's first pair: round 1 B1–A1, A2–C1, C2–B2,
round 2 C1–B1, A1–C2, B2–A2 (the first named has White). An even pair has every colour
reversed: round 1 A3–B3, C3–A4, B4–C4, round 2 B3–C3, C4–A3, A4–B4. Each player of the cycle has
White once and Black once. An odd pair gives 2 whites to B against A, to C against B and to A
against C; an even pair gives them back. With boards a multiple of 4 every match is even. With
boards ≡ 2 (mod 4) one odd pair is left over, so in each match one team has two whites more:
B against A, C against B, A against C (6 to 4 with ten boards, as the book says). Each team
then has more whites in exactly one of its two matches.

>>> for game in three_teams_two_rounds(2):
...     print(game)
1 B1 A1
1 A2 C1
1 C2 B2
2 C1 B1
2 A1 C2
2 B2 A2
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from chessarbiter import limits
from chessarbiter.errors import PairingError

TEAM_LETTERS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Teams are written by letter, A for the first team; a player is team letter + board."""


@dataclass(frozen=True, order=True, slots=True)
class TeamPlayer:
    """A player of a team competition: the team's letter and the board number (from 1).

    >>> str(TeamPlayer("A", 10))
    'A10'
    """

    team: str
    board: int

    def __str__(self) -> str:
        return f"{self.team}{self.board}"


@dataclass(frozen=True, slots=True)
class TeamGame:
    """One game of a team schedule: the round (from 1) and the players, White first.

    >>> str(TeamGame(1, TeamPlayer("B", 1), TeamPlayer("A", 1)))
    '1 B1 A1'
    """

    round: int
    white: TeamPlayer
    black: TeamPlayer

    def __str__(self) -> str:
        return f"{self.round} {self.white} {self.black}"


def check_whole_number(
    value: object, what: str, minimum: int = 1, maximum: int | None = None
) -> int:
    """``value`` as an int, or a :class:`PairingError` naming ``what`` (bools are refused);
    above ``maximum`` (one of the bounds of :mod:`chessarbiter.limits`), a
    :class:`~chessarbiter.limits.LimitError`.

    >>> check_whole_number(4, "number of boards")
    4
    >>> check_whole_number(51, "number of boards", maximum=50)
    Traceback (most recent call last):
    ...
    chessarbiter.limits.LimitError: the number of boards must be between 1 and 50 (got 51)
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise PairingError(f"the {what} must be a whole number, not {value!r}")
    if value < minimum:
        raise PairingError(f"the {what} must be at least {minimum}, not {value}")
    if maximum is not None:
        limits.check_count(f"the {what}", value, maximum, minimum)
    return value


def schedule_tsv(games: Iterable[TeamGame]) -> str:
    """The schedule as tab-separated text: a ``round white black`` header, then one game a line.

    Every line, the last included, ends with a newline.

    >>> print(schedule_tsv(three_teams_two_rounds(2)[:2]), end="")
    round	white	black
    1	B1	A1
    1	A2	C1
    """
    lines = ["round\twhite\tblack"]
    lines += [f"{g.round}\t{g.white}\t{g.black}" for g in games]
    return "\n".join(lines) + "\n"


def games_as_dicts(games: Iterable[TeamGame]) -> list[dict[str, object]]:
    """The games as JSON-ready dicts ``{"round": 1, "white": "B1", "black": "A1"}``."""
    return [{"round": g.round, "white": str(g.white), "black": str(g.black)} for g in games]


def whites_per_match(games: Iterable[TeamGame]) -> dict[tuple[str, str], dict[str, int]]:
    """For each pair of teams that met, how many games each team had White.

    The key is the two team letters in alphabetical order.

    >>> whites_per_match(three_teams_two_rounds(10))[("A", "B")]
    {'A': 4, 'B': 6}
    """
    counts: dict[tuple[str, str], Counter[str]] = {}
    for g in games:
        first, second = sorted((g.white.team, g.black.team))
        counter = counts.setdefault((first, second), Counter({first: 0, second: 0}))
        counter[g.white.team] += 1
    return {key: {team: counter[team] for team in key} for key, counter in sorted(counts.items())}


# The book's first pair of boards (an odd pair), as (round, white, black) with the board written
# relative to the pair: 0 is board 2p − 1, 1 is board 2p. An even pair reverses every colour.
_ODD_PAIR: Final[Sequence[tuple[int, tuple[str, int], tuple[str, int]]]] = (
    (1, ("B", 0), ("A", 0)),
    (1, ("A", 1), ("C", 0)),
    (1, ("C", 1), ("B", 1)),
    (2, ("C", 0), ("B", 0)),
    (2, ("A", 0), ("C", 1)),
    (2, ("B", 1), ("A", 1)),
)


def three_teams_two_rounds(boards: int) -> list[TeamGame]:
    """The schedule of three teams' three matches in two rounds (Team Competitions 1972, three teams
    in two rounds), round 1 first, each round in the book's order (by pairs of boards).

    ``boards`` is the number of boards of each team; it must be even (the book: "an even number
    of boards is a compulsory condition"). Teams are A, B, C as in the module docstring; for ten
    boards this is exactly the book's scheme.

    >>> [str(g) for g in three_teams_two_rounds(4) if g.round == 1]
    ['1 B1 A1', '1 A2 C1', '1 C2 B2', '1 A3 B3', '1 C3 A4', '1 B4 C4']

    :raises PairingError: for an odd or non-positive number of boards.
    :raises LimitError: for more than :data:`chessarbiter.limits.MAX_BOARDS_PER_TEAM` boards.
    """
    boards = check_whole_number(boards, "number of boards", maximum=limits.MAX_BOARDS_PER_TEAM)
    if boards % 2:
        raise PairingError(
            f"three teams in two rounds (Team Competitions 1972) needs an even number of boards, "
            f"not {boards}: "
            "team A meets team C with neighbouring boards exchanged (1 with 2, 3 with 4, ...)"
        )
    games: dict[int, list[TeamGame]] = {1: [], 2: []}
    for p in range(1, boards // 2 + 1):
        low = 2 * p - 1
        for round_number, (w_team, w_off), (b_team, b_off) in _ODD_PAIR:
            white = TeamPlayer(w_team, low + w_off)
            black = TeamPlayer(b_team, low + b_off)
            if p % 2 == 0:
                white, black = black, white
            games[round_number].append(TeamGame(round_number, white, black))
    return games[1] + games[2]


def three_teams_json(boards: int) -> str:
    """The schedule of :func:`three_teams_two_rounds` as JSON (Team Competitions 1972, three teams
    in two rounds): the games and the whites of each team in each match.

    >>> data = json.loads(three_teams_json(2))
    >>> data["games"][0], data["whites"]["A-B"]
    ({'round': 1, 'white': 'B1', 'black': 'A1'}, {'A': 0, 'B': 2})
    """
    games = three_teams_two_rounds(boards)
    whites = {f"{a}-{b}": counts for (a, b), counts in whites_per_match(games).items()}
    return json.dumps(
        {"boards": boards, "rounds": 2, "games": games_as_dicts(games), "whites": whites}
    )
