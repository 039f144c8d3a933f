"""Two-team matches and team round robins (Team Competitions 1972, "Matches of two teams", "Team
tournaments").

Team A is the book's first team (the one written with digits in its Scheveningen table), team B
the second (written А, Б, В, …: А is B1, Б is B2, and so on). A player is team letter + board.

* :func:`match_schedule`: a match of one or more rounds on equal boards. A lot gives board 1 its
  colour, odd boards take that colour and even boards the other; in later rounds colours
  alternate. The book's other way: the whole team has one colour each day, alternating.
* :func:`scheveningen_team_colours`: a Scheveningen (every player of A meets every player of B)
  scheduled "as in individual tournaments": the whole team has one colour each round.
* :func:`scheveningen_alternating`: a Scheveningen with colours mixed inside each team, after
  the book's 8 v 8 table.
* :func:`scheveningen`: either of them, or a Scheveningen in fewer rounds played by groups of
  boards (boards 1–4 v 1–4, 5–8 v 5–8, … for 4 rounds; 4, 6, 8 rounds for any team size
  divisible by the number of rounds).
* :func:`team_round_robin`: a round robin of teams by the Berger tables; the first named team of
  a pairing "plays white": White on odd boards, Black on even boards, and hosts the match.
* :func:`mixed_round_robin`: the players of two (or more) teams in one individual round robin
  (USSR–Yugoslavia 1967); the match is the games between players of different teams.

The book's 8 v 8 table. The OCR text is garbled in places, but the table can be read: two halves
of four rounds; in the first half boards 1–4 of A meet А–Г and 5–8 meet Д–И, in the second half
the groups cross. Row А reads "1–А, А–2, 3–А, А–4 | 5–А, А–6, 7–А, А–8". Three cells are
misread by the OCR ("Б–4" for В–4, "В–3" for В–2, "Д–Ъ" for Д–1); each is fixed by the rule that
every board plays once a round. :func:`scheveningen_alternating` with 8 boards gives that table
exactly. In it each team has four whites every round; every lettered player alternates colours
throughout; every numbered player alternates inside each half and repeats a colour once, between
rounds 4 and 5.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, TypeAlias

from chessarbiter import limits
from chessarbiter.errors import PairingError
from chessarbiter.model.teams import same_colour_as_board1
from chessarbiter.pairing.roundrobin import BYE, berger_table
from chessarbiter.pairing.teams.three_in_two import (
    TEAM_LETTERS,
    TeamGame,
    TeamPlayer,
    check_whole_number,
)

ScheveningenVariant: TypeAlias = Literal["alternating", "team"]
"""``"team"``: the whole team has one colour each round; ``"alternating"``: the book's table."""

MatchColours: TypeAlias = Literal["boards", "team"]
"""``"boards"``: odd boards one colour, even boards the other; ``"team"``: one colour a day."""

VARIANTS: Final[tuple[ScheveningenVariant, ...]] = ("alternating", "team")
MATCH_COLOURS: Final[tuple[MatchColours, ...]] = ("boards", "team")


def _other(team: str) -> str:
    return "B" if team == "A" else "A"


def _check_team(team: object) -> str:
    if team not in ("A", "B"):
        raise PairingError(f"the team with White on board 1 must be 'A' or 'B', not {team!r}")
    return str(team)


def _game(round_number: int, a_board: int, b_board: int, a_white: bool) -> TeamGame:
    a, b = TeamPlayer("A", a_board), TeamPlayer("B", b_board)
    return TeamGame(round_number, a, b) if a_white else TeamGame(round_number, b, a)


def _by_round_and_a_board(games: list[TeamGame]) -> list[TeamGame]:
    def key(g: TeamGame) -> tuple[int, int]:
        a = g.white if g.white.team == "A" else g.black
        return g.round, a.board

    return sorted(games, key=key)


# -- a match on equal boards --------------------------------------------------------------------


def match_schedule(
    boards: int,
    rounds: int = 1,
    *,
    colours: MatchColours = "boards",
    board1_white: str = "A",
) -> list[TeamGame]:
    """A match of ``rounds`` rounds between teams A and B on equal boards (Team Competitions 1972,
    colours in a match of two teams).

    ``board1_white`` is the team the lot gave White on board 1 in round 1. With
    ``colours="boards"`` odd boards have that colour and even boards the other; with
    ``colours="team"`` the whole team has it. Every later round reverses all colours.

    >>> [str(g) for g in match_schedule(3, 2)]
    ['1 A1 B1', '1 B2 A2', '1 A3 B3', '2 B1 A1', '2 A2 B2', '2 B3 A3']
    >>> [str(g) for g in match_schedule(2, 1, colours="team", board1_white="B")]
    ['1 B1 A1', '1 B2 A2']

    :raises PairingError: for a non-positive count, an unknown colour rule or team.
    :raises LimitError: above :data:`chessarbiter.limits.MAX_BOARDS_PER_TEAM` boards or
        :data:`chessarbiter.limits.MAX_ROUNDS` rounds.
    """
    boards = check_whole_number(boards, "number of boards", maximum=limits.MAX_BOARDS_PER_TEAM)
    rounds = check_whole_number(rounds, "number of rounds", maximum=limits.MAX_ROUNDS)
    first = _check_team(board1_white)
    if colours not in MATCH_COLOURS:
        raise PairingError(f"match colours are 'boards' or 'team', not {colours!r}")
    games = []
    for r in range(1, rounds + 1):
        for b in range(1, boards + 1):
            a_white = first == "A"
            if colours == "boards" and not same_colour_as_board1(b):
                a_white = not a_white
            if r % 2 == 0:
                a_white = not a_white
            games.append(_game(r, b, b, a_white))
    return games


# -- Scheveningen ---------------------------------------------------------------------------------


def scheveningen_team_colours(boards: int) -> list[TeamGame]:
    """A Scheveningen of ``boards`` rounds with the whole team on one colour each round (Team
    Competitions 1972, Scheveningen "as in individual tournaments").

    In round r board i of A meets board i + r − 1 of B (counted round from 1 to ``boards``).
    Team A has White in odd rounds, team B in even rounds, so every player alternates colours;
    with an odd number of boards each player has one White more or one Black more.

    >>> [str(g) for g in scheveningen_team_colours(2)]
    ['1 A1 B1', '1 A2 B2', '2 B2 A1', '2 B1 A2']
    """
    n = check_whole_number(boards, "number of boards", maximum=limits.MAX_BOARDS_PER_TEAM)
    return [_game(r + 1, i + 1, (i + r) % n + 1, r % 2 == 0) for r in range(n) for i in range(n)]


def scheveningen_alternating(boards: int) -> list[TeamGame]:
    """A Scheveningen of ``boards`` rounds with colours mixed inside each team (Team Competitions
    1972, the alternating-colour table for 8 v 8).

    The construction generalises the book's 8 v 8 table (see the module docstring). With
    h = boards / 2, both teams split into halves; in rounds 1 … h boards 1 … h of A meet boards
    1 … h of B and the second halves meet each other, in rounds h + 1 … 2h the halves cross.
    Inside a block the k-th player of B's half meets the (k + t)-th of A's half in round t + 1
    (cyclically). The first half of B has Black in odd rounds, the second half White, so each of
    B's players alternates colours throughout. Properties:

    * every player has h whites and h blacks, and never three games in a row on one colour;
    * with boards a multiple of 4 each team has h whites in every round (the book's table);
    * with boards ≡ 2 (mod 4) the teams cannot have h whites in every round as well as every
      player h whites: impossible outright for 2 boards, and for 6 boards with either this
      pairing or the plain cyclic one (exhaustive search over all colourings). Here team A has
      h − 1 whites in round h, h + 1 in round h + 1 and h in every other round. To get that, the
      second half's rotation starts one place earlier, and (h + 1) / 2 lettered players of the
      first half and (h − 1) / 2 of the second swap their colours of rounds h and h + 1.

    >>> [str(g) for g in scheveningen_alternating(2)]
    ['1 B1 A1', '1 B2 A2', '2 A1 B2', '2 A2 B1']

    :raises PairingError: for an odd number of boards (a player's colours could not balance).
    """
    n = check_whole_number(boards, "number of boards", maximum=limits.MAX_BOARDS_PER_TEAM)
    if n % 2:
        raise PairingError(
            f"the alternating-colour Scheveningen (Team Competitions 1972) needs an even number of "
            f"boards, "
            f"not {n}: with an odd number of games a player cannot have as many whites as blacks"
        )
    h = n // 2
    shift = 0 if h % 2 == 0 else h - 1
    games = []
    for t in range(n):
        for letter in range(n):
            half, k = divmod(letter, h)
            if t < h:
                group, index = half, (k + t) % h
            else:
                group, index = 1 - half, (k + t - h + shift) % h
            b_white = (t + half) % 2 == 1
            if h % 2 and t in (h - 1, h) and (k < (h + 1) // 2) == (half == 0):
                b_white = not b_white
            games.append(_game(t + 1, group * h + index + 1, letter + 1, not b_white))
    return _by_round_and_a_board(games)


def scheveningen(
    boards: int, rounds: int | None = None, *, variant: ScheveningenVariant = "alternating"
) -> list[TeamGame]:
    """A Scheveningen match between teams A and B (Team Competitions 1972, Scheveningen system).

    Without ``rounds`` (or with ``rounds == boards``) every player meets every player of the
    other team, in ``boards`` rounds. With fewer rounds both teams split into groups of
    ``rounds`` boards (boards 1 … r v 1 … r, r + 1 … 2r v r + 1 … 2r, …), each playing a
    Scheveningen of its own: the book's 8 v 8 in 4 rounds, and 4, 6, 8 rounds for any team
    size divisible by the number of rounds. ``variant`` chooses the colours inside a group:
    :func:`scheveningen_alternating` or :func:`scheveningen_team_colours`.

    >>> [str(g) for g in scheveningen(4, 2) if g.round == 1]
    ['1 B1 A1', '1 B2 A2', '1 B3 A3', '1 B4 A4']

    :raises PairingError: when the rounds do not divide the boards, for an unknown variant, or
        for an odd group with alternating colours.
    :raises LimitError: above :data:`chessarbiter.limits.MAX_BOARDS_PER_TEAM` boards.
    """
    n = check_whole_number(boards, "number of boards", maximum=limits.MAX_BOARDS_PER_TEAM)
    size = n if rounds is None else check_whole_number(rounds, "number of rounds")
    if n % size:
        raise PairingError(
            f"a Scheveningen in {size} rounds (Team Competitions 1972) splits each team into "
            f"groups of {size} "
            f"boards, so the number of boards must be divisible by {size}, not {n}"
        )
    if variant == "alternating":
        group = scheveningen_alternating(size)
    elif variant == "team":
        group = scheveningen_team_colours(size)
    else:
        raise PairingError(
            f"the Scheveningen variants are 'alternating' and 'team', not {variant!r}"
        )
    games = []
    for q in range(n // size):
        offset = q * size
        for g in group:
            games.append(
                TeamGame(
                    g.round,
                    TeamPlayer(g.white.team, g.white.board + offset),
                    TeamPlayer(g.black.team, g.black.board + offset),
                )
            )
    return _by_round_and_a_board(games)


# -- team round robin ---------------------------------------------------------------------------


def _team_letter(number: int) -> str:
    return TEAM_LETTERS[number - 1]


def team_round_robin_matches(teams: int) -> list[list[tuple[str, str | None]]]:
    """The matches of each round of a team round robin, by the Berger tables (Team Competitions
    1972, team round robin): ``(home, away)``, the home team "playing white"; a bye is ``(team,
    None)``.

    >>> team_round_robin_matches(3)
    [[('A', None), ('B', 'C')], [('C', None), ('A', 'B')], [('B', None), ('C', 'A')]]

    :raises PairingError: for fewer than 2 or more than 26 teams.
    """
    count = check_whole_number(teams, "number of teams", 2)
    if count > len(TEAM_LETTERS):
        raise PairingError(f"teams are written A to Z, so at most 26 teams, not {count}")
    return [
        [(_team_letter(w), None if b == BYE else _team_letter(b)) for w, b in pairs]
        for pairs in berger_table(count)
    ]


def team_round_robin(teams: int, boards: int) -> list[TeamGame]:
    """Every game of a team round robin (Team Competitions 1972, team round robin): Berger tables
    for teams; the home team plays White on odd boards and Black on even boards. A team with a bye
    does not appear in that round.

    >>> [str(g) for g in team_round_robin(2, 2)]
    ['1 A1 B1', '1 B2 A2']

    :raises PairingError: for fewer than 2 or more than 26 teams, or no boards.
    :raises LimitError: above :data:`chessarbiter.limits.MAX_BOARDS_PER_TEAM` boards.
    """
    boards = check_whole_number(boards, "number of boards", maximum=limits.MAX_BOARDS_PER_TEAM)
    games = []
    for r, matches in enumerate(team_round_robin_matches(teams), start=1):
        for home, away in matches:
            if away is None:
                continue
            for b in range(1, boards + 1):
                h, a = TeamPlayer(home, b), TeamPlayer(away, b)
                games.append(TeamGame(r, h, a) if same_colour_as_board1(b) else TeamGame(r, a, h))
    return games


# -- mixed round robin --------------------------------------------------------------------------


def mixed_numbering(players: int, teams: int = 2) -> list[TeamPlayer]:
    """Pairing numbers of a mixed round robin: number k is the k-th player of this list.

    The teams alternate, A1, B1, A2, B2, … (a choice: the book does not say how numbers were
    given; pass your own drawn order to :func:`mixed_round_robin` instead).

    >>> [str(p) for p in mixed_numbering(2)]
    ['A1', 'B1', 'A2', 'B2']
    """
    players = check_whole_number(
        players, "number of players per team", maximum=limits.MAX_BOARDS_PER_TEAM
    )
    count = check_whole_number(teams, "number of teams", 2)
    if count > len(TEAM_LETTERS):
        raise PairingError(f"teams are written A to Z, so at most 26 teams, not {count}")
    if players * count > limits.MAX_ROUND_ROBIN_PLAYERS:
        raise limits.LimitError(
            f"{count} teams of {players} players make a round robin of {players * count} "
            f"players; at most {limits.MAX_ROUND_ROBIN_PLAYERS}"
        )
    return [TeamPlayer(_team_letter(t + 1), b + 1) for b in range(players) for t in range(count)]


def mixed_round_robin(
    players: int, teams: int = 2, *, order: Sequence[TeamPlayer] | None = None
) -> list[TeamGame]:
    """All games of a mixed round robin (Team Competitions 1972, USSR–Yugoslavia 1967): the players
    of the teams play one individual round robin by the Berger table; the match score is the score
    of the games between players of different teams (:func:`between_teams`).

    ``order`` gives the players in pairing-number order; by default :func:`mixed_numbering`.
    With an odd total the player who meets the dummy number has a bye, left out of the list.

    >>> [str(g) for g in mixed_round_robin(1)]
    ['1 A1 B1']

    :raises PairingError: for bad counts, or an ``order`` that is not the teams' players.
    :raises LimitError: above :data:`chessarbiter.limits.MAX_BOARDS_PER_TEAM` players a team, or
        :data:`chessarbiter.limits.MAX_ROUND_ROBIN_PLAYERS` players in all.
    """
    numbering = mixed_numbering(players, teams)
    if order is not None:
        given = list(order)
        if sorted(given) != sorted(numbering):
            raise PairingError(
                "the pairing order must list each player "
                + ", ".join(str(p) for p in sorted(numbering))
                + " exactly once"
            )
        numbering = given
    games = []
    for r, pairs in enumerate(berger_table(len(numbering)), start=1):
        for w, b in pairs:
            if b != BYE:
                games.append(TeamGame(r, numbering[w - 1], numbering[b - 1]))
    return games


def between_teams(games: Sequence[TeamGame]) -> list[TeamGame]:
    """The games between players of different teams: those that make the match score (Team
    Competitions 1972, mixed round robin).

    >>> len(between_teams(mixed_round_robin(6)))
    36
    """
    return [g for g in games if g.white.team != g.black.team]
