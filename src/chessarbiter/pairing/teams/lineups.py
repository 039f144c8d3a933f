"""Team rosters and per-round line-ups (Team Competitions 1972, "Teams" and "Matches of two teams").

Team Competitions 1972 (USSR Central Chess Club methodology, 1972) describes a team as **main
players**, one per board, listed by descending strength (the club champion may be put above
stronger-titled team-mates), **reserves**, and a **captain** and/or representative. It gives two
reserve regimes:

* **shifting** ("основной состав сдвигается и на последние доски включаются запасные
  участники ... общий порядок досок обоих составов не может быть изменен"): absentees' boards
  shift up, reserves fill the last boards, and the combined order main + reserves never changes;
* **fixed boards** ("шахматисты закрепляются за своими досками и при неявке кого-либо из
  основного состава заменяются запасным участником на данной доске"): an absent main player is
  replaced by a reserve on that same board (the reserve may be stronger than the main players).

For official matches (Team Competitions 1972, "Matches of two teams"):

* an **unregistered** player's game is lost whatever its result, and the guilty team loses penalty
  points from the match score for every such player: 1 for a team "of up to 5", 2 "from 5 to 10",
  3 "over 10" (:func:`unregistered_penalty`; the bands overlap at 5, see there);
* boards may be **held for late players** only if the regulations allow it, and then the
  regulations fix 1-3 penalty points for a player who never comes, besides his lost game
  (:func:`late_no_show`);
* a match is official only when at least **two thirds** of each team is present ("если положение
  не предусматривает другого порядка"); otherwise the team is withdrawn and the results of its
  matches are removed from the table (:func:`withdraw_team`).

Players are referred to by :data:`PlayerRef` (a TRF pairing number or any short token). Points
are exact :class:`~decimal.Decimal` as everywhere in :mod:`chessarbiter.model.points`.

>>> team = Roster("Spartak", main=(1, 2, 3, 4), reserves=(5, 6), captain=1)
>>> lineup(team, present={1, 3, 4, 5, 6}, regime=ReserveRegime.SHIFTING)
[1, 3, 4, 5]
>>> lineup(team, present={1, 3, 4, 5, 6}, regime=ReserveRegime.FIXED)
[1, 5, 3, 4]
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TypeAlias

from chessarbiter.errors import ChessArbiterError, ResultCodeError
from chessarbiter.model.player import Team
from chessarbiter.model.results import Outcome, Result, parse_written_result

PlayerRef: TypeAlias = int | str
"""A player of a roster: a pairing number (TRF) or any short token (an id, a surname)."""

Board: TypeAlias = PlayerRef | None
"""What sits at one board of a line-up: a player, or ``None`` for an empty board."""

ZERO = Decimal(0)
HALF = Decimal("0.5")
ONE = Decimal(1)

#: Team Competitions 1972: "положение должно оговорить число штрафных очков (1—3)".
HELD_BOARD_PENALTY_RANGE: tuple[Decimal, Decimal] = (Decimal(1), Decimal(3))

#: Team Competitions 1972: "при явке на игру не менее двух третей состава команд".
TWO_THIRDS = Fraction(2, 3)


class LineupError(ChessArbiterError):
    """A roster, a line-up or a request about them is invalid (duplicate player, wrong board
    count, a penalty outside the book's range, ...)."""


class TeamWithdrawnError(LineupError):
    """A match cannot be scored: a team had fewer than two thirds present and is withdrawn
    (Team Competitions 1972); annul its matches with :func:`withdraw_team`."""

    def __init__(self, team: str) -> None:
        self.team = team
        super().__init__(
            f"team {team!r} had fewer than two thirds of its boards present: it is withdrawn and "
            "its results are removed from the table (Team Competitions 1972); the match has no "
            "score"
        )


class ReserveRegime(enum.Enum):
    """How reserves come in (Team Competitions 1972, "Teams")."""

    SHIFTING = "shifting"
    """Absentees' boards shift up, reserves fill the last boards; the combined order of the main
    and reserve lists never changes (mass matches, team-only scoring)."""

    FIXED = "fixed"
    """Players keep their boards; an absent main player is replaced by a reserve on that board."""


@dataclass(frozen=True, slots=True)
class Roster:
    """A team's registration (Team Competitions 1972 "заявка"): main players in board order,
    reserves in their order, and the captain.

    ``captain`` is either one of the players (a playing captain) or someone else (a non-playing
    captain or representative, "не входящего в основной или в запасной состав"); ``None`` when not
    given. The number of boards of the team's matches is the number of main players.

    >>> Roster("A", main=(1, 2), reserves=(3,)).combined
    (1, 2, 3)
    >>> Roster("A", main=(1, 2), reserves=(2,))
    Traceback (most recent call last):
    ...
    chessarbiter.pairing.teams.lineups.LineupError: team 'A': player 2 is registered twice
    """

    team: str
    main: tuple[PlayerRef, ...]
    reserves: tuple[PlayerRef, ...] = ()
    captain: PlayerRef | None = None

    def __post_init__(self) -> None:
        # accept lists too, but store tuples (the roster is a value)
        object.__setattr__(self, "main", tuple(self.main))
        object.__setattr__(self, "reserves", tuple(self.reserves))
        if not self.main:
            raise LineupError(f"team {self.team!r}: a roster needs at least one main player")
        seen: set[PlayerRef] = set()
        for player in self.combined:
            if player in seen:
                raise LineupError(f"team {self.team!r}: player {player!r} is registered twice")
            seen.add(player)

    @property
    def boards(self) -> int:
        """The number of boards: one per main player."""
        return len(self.main)

    @property
    def combined(self) -> tuple[PlayerRef, ...]:
        """Main players then reserves: the order the shifting regime never changes."""
        return self.main + self.reserves

    @property
    def playing_captain(self) -> bool:
        """Whether the captain is one of the registered players."""
        return self.captain is not None and self.captain in self.combined

    def is_registered(self, player: PlayerRef) -> bool:
        return player in self.combined

    def home_board(self, player: PlayerRef) -> int | None:
        """The 1-based board of a main player (fixed-boards regime); ``None`` for anyone else."""
        try:
            return self.main.index(player) + 1
        except ValueError:
            return None

    @classmethod
    def from_team(cls, team: Team, boards: int, captain: PlayerRef | None = None) -> Roster:
        """A roster from a TRF team record (``310``/``013``).

        The TRF keeps a team's members in board order but not which are reserves, nor the
        captain, so the number of boards must be given: the first ``boards`` members are the main
        players, the others the reserves.

        >>> Roster.from_team(Team("Spartak", members=[4, 9, 12, 17, 21]), boards=4)
        Roster(team='Spartak', main=(4, 9, 12, 17), reserves=(21,), captain=None)
        """
        if not 1 <= boards <= len(team.members):
            raise LineupError(
                f"team {team.name!r} has {len(team.members)} member(s): cannot field {boards} "
                "board(s)"
            )
        members: list[PlayerRef] = list(team.members)
        return cls(team.name, tuple(members[:boards]), tuple(members[boards:]), captain)


@dataclass(frozen=True, slots=True)
class Regulations:
    """What Team Competitions 1972 leaves to the event's regulations ("положение").

    ``held_board_penalty``: ``None`` means boards may not be held for late players ("Закрепление
    досок за опаздывающими участниками запрещается, если это не предусмотрено положением");
    otherwise the penalty points (1 to 3) when a late player never comes.
    ``minimum_present``: the share of boards that must be present (two thirds unless the
    regulations say otherwise). ``five_boards_penalty``: how a five-board team is read in the
    overlapping penalty bands (1 or 2, see :func:`unregistered_penalty`).

    >>> Regulations(held_board_penalty=4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chessarbiter.pairing.teams.lineups.LineupError: the penalty ... must be 1 to 3 points ...
    """

    held_board_penalty: Decimal | int | None = None
    minimum_present: Fraction = TWO_THIRDS
    five_boards_penalty: int = 1

    def __post_init__(self) -> None:
        if self.held_board_penalty is not None:
            object.__setattr__(
                self, "held_board_penalty", check_held_board_penalty(self.held_board_penalty)
            )
        if not 0 <= self.minimum_present <= 1:
            raise LineupError(
                f"the share of boards present must be between 0 and 1, not {self.minimum_present}"
            )
        if self.five_boards_penalty not in (1, 2):
            raise LineupError(
                "a five-board team is either 'up to 5' (1 point) or 'from 5 to 10' (2 points), "
                f"not {self.five_boards_penalty}"
            )


def check_held_board_penalty(points: Decimal | int | str) -> Decimal:
    """The penalty for a late player who never comes, checked against the book's 1-3 range.

    >>> check_held_board_penalty(2)
    Decimal('2')
    >>> check_held_board_penalty("0.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chessarbiter.pairing.teams.lineups.LineupError: the penalty ... (Team Competitions 1972), not
    0.5
    """
    try:
        value = Decimal(points)
    except (InvalidOperation, ValueError):
        raise LineupError(f"{points!r} is not a number of penalty points") from None
    low, high = HELD_BOARD_PENALTY_RANGE
    if not value.is_finite() or not low <= value <= high:
        raise LineupError(
            f"the penalty for a late player who never comes must be 1 to 3 points (Team "
            f"Competitions 1972), "
            f"not {points}"
        )
    return value


def unregistered_penalty(boards: int, *, five_boards_penalty: int = 1) -> Decimal:
    """Penalty points deducted from the match score per unregistered player (Team Competitions
    1972).

    "при составе команды до 5 чел. — 1 очко, от 5 до 10 чел. — 2 очка, свыше 10 чел. — 3 очка".
    The team size is its number of boards (the main list). The bands "up to 5" and "from 5 to 10"
    overlap at 5; we read "up to 5" as inclusive (5 boards → 1 point), the first band the book
    names; ``five_boards_penalty=2`` gives the other reading.

    >>> [int(unregistered_penalty(n)) for n in (1, 4, 5, 6, 10, 11, 12)]
    [1, 1, 1, 2, 2, 3, 3]
    >>> unregistered_penalty(5, five_boards_penalty=2)
    Decimal('2')
    """
    if boards < 1:
        raise LineupError(f"a team has at least one board, not {boards}")
    if five_boards_penalty not in (1, 2):
        raise LineupError(f"a five-board team costs 1 or 2 points, not {five_boards_penalty}")
    if boards < 5:
        return Decimal(1)
    if boards == 5:
        return Decimal(five_boards_penalty)
    if boards <= 10:
        return Decimal(2)
    return Decimal(3)


def minimum_present(boards: int, share: Fraction = TWO_THIRDS) -> int:
    """The fewest players present for an official match: ``ceil(share × boards)`` (Team Competitions
    1972, "не менее двух третей состава").

    >>> [minimum_present(n) for n in (3, 4, 6, 8, 10, 12)]
    [2, 3, 4, 6, 7, 8]
    """
    needed = share * boards
    return int(-(-needed.numerator // needed.denominator))


def lineup(
    roster: Roster,
    present: Collection[PlayerRef],
    regime: ReserveRegime,
    *,
    late: Collection[PlayerRef] = (),
    regulations: Regulations | None = None,
) -> list[Board]:
    """The line-up of a round, board 1 first: the player on each board or ``None`` (empty).

    **Shifting** (Team Competitions 1972): the players present, taken in the combined order main +
    reserves, fill boards 1, 2, ...; absentees' boards shift up, the reserves come in on the last
    boards and the combined order never changes. Empty boards, if any, are the last ones.

    **Fixed boards** (Team Competitions 1972): each present main player sits on his own board; the
    reserves present, in their order, fill the vacant boards from the top (any reserve may take any
    vacant board; this is the default choice). Boards nobody can fill stay empty.

    ``late`` players have their boards held as if present, which the regulations must allow
    (``regulations.held_board_penalty`` set); see :func:`late_no_show`. Players not in the roster
    are not fielded by this function (fielding them is what :func:`validate_lineup` penalises).

    >>> team = Roster("T", main=("a", "b", "c", "d"), reserves=("r1", "r2"))
    >>> lineup(team, {"a", "c", "r1", "r2"}, ReserveRegime.SHIFTING)
    ['a', 'c', 'r1', 'r2']
    >>> lineup(team, {"a", "c", "r1", "r2"}, ReserveRegime.FIXED)
    ['a', 'r1', 'c', 'r2']
    >>> lineup(team, {"b", "c"}, ReserveRegime.SHIFTING)
    ['b', 'c', None, None]
    >>> lineup(team, {"b", "c"}, ReserveRegime.FIXED)
    [None, 'b', 'c', None]
    >>> lineup(team, {"b", "c", "d"}, ReserveRegime.SHIFTING, late={"a"},
    ...        regulations=Regulations(held_board_penalty=1))
    ['a', 'b', 'c', 'd']
    """
    rules = regulations or Regulations()
    if late and rules.held_board_penalty is None:
        raise LineupError(
            "boards may be held for late players only if the regulations provide it (Team "
            "Competitions 1972)"
        )
    for player in late:
        if not roster.is_registered(player):
            raise LineupError(f"team {roster.team!r}: late player {player!r} is not registered")
    available = set(present) | set(late)
    boards: list[Board] = [None] * roster.boards
    if regime is ReserveRegime.SHIFTING:
        fielded = [player for player in roster.combined if player in available]
        for index, player in enumerate(fielded[: roster.boards]):
            boards[index] = player
        return boards
    reserves = [player for player in roster.reserves if player in available]
    for index, player in enumerate(roster.main):
        if player in available:
            boards[index] = player
        elif reserves:
            boards[index] = reserves.pop(0)
    return boards


class ProblemKind(enum.Enum):
    """The kinds of line-up problem :func:`validate_lineup` reports."""

    BOARD_ORDER = "board-order"
    """The board order is broken (shifting: the combined order changed or a gap above a player;
    fixed: a main player off his own board)."""
    UNREGISTERED = "unregistered"
    """A player not in the roster: game lost whatever the result, penalty points."""
    DUPLICATE = "duplicate"
    """A player on more than one board."""
    EMPTY_BOARD = "empty-board"
    """Nobody on the board: the game is lost by forfeit."""
    TOO_FEW_PRESENT = "too-few-present"
    """Fewer than two thirds present: the team is withdrawn, its results removed."""
    LATE_NO_SHOW = "late-no-show"
    """A player whose board was held never came: lost game and the regulations' penalty."""


@dataclass(frozen=True, slots=True)
class LineupProblem:
    """One problem of a team's line-up.

    ``board`` is 1-based (``None`` for the whole team). ``game_lost`` says the team loses that
    board whatever was played; ``penalty`` is deducted from the team's match score.
    """

    kind: ProblemKind
    team: str
    board: int | None
    player: PlayerRef | None
    message: str
    penalty: Decimal = ZERO
    game_lost: bool = False

    @property
    def withdraws_team(self) -> bool:
        return self.kind is ProblemKind.TOO_FEW_PRESENT

    def __str__(self) -> str:
        where = f"board {self.board}" if self.board is not None else "team"
        extra = f" [-{self.penalty} penalty]" if self.penalty else ""
        return f"{self.team}: {where}: {self.kind.value}: {self.message}{extra}"


def validate_lineup(
    roster: Roster,
    submitted: Sequence[Board],
    regime: ReserveRegime,
    *,
    regulations: Regulations | None = None,
) -> list[LineupProblem]:
    """Check a team's submitted line-up (board 1 first, ``None`` = empty) against its roster.

    Rules (Team Competitions 1972): seating follows the registration ("обязательна рассадка по
    спискам, соответствующим заявкам"): in the shifting regime the players keep the combined order
    main + reserves with no empty board above a player, in the fixed regime every main player sits
    on his own board; an unregistered player's game is lost whatever the result and costs
    :func:`unregistered_penalty` points; an empty board is a forfeit; fewer than two thirds present
    (registered players seated; held boards count) withdraws the team. A player on two boards is
    reported too. Board-order and duplicate problems carry no automatic penalty (the book gives
    none: the arbiter corrects the seating before play).

    Problems come board by board, then the whole-team one.

    >>> team = Roster("T", main=(1, 2, 3, 4), reserves=(5,))
    >>> validate_lineup(team, [1, 2, 3, 5], ReserveRegime.SHIFTING)
    []
    >>> for p in validate_lineup(team, [2, 1, 9, None], ReserveRegime.SHIFTING):
    ...     print(p.board, p.kind.value, p.penalty, p.game_lost)
    2 board-order 0 False
    3 unregistered 1 True
    4 empty-board 0 True
    None too-few-present 0 False
    """
    rules = regulations or Regulations()
    if len(submitted) != roster.boards:
        raise LineupError(
            f"team {roster.team!r} plays {roster.boards} board(s), the line-up has {len(submitted)}"
        )
    per_player = unregistered_penalty(roster.boards, five_boards_penalty=rules.five_boards_penalty)
    problems: list[LineupProblem] = []
    seen: dict[PlayerRef, int] = {}
    combined_index = {player: index for index, player in enumerate(roster.combined)}
    highest: tuple[int, PlayerRef] | None = None  # highest combined position seated so far
    first_empty: int | None = None
    present = 0

    def add(
        kind: ProblemKind,
        board: int,
        player: Board,
        message: str,
        penalty: Decimal = ZERO,
        game_lost: bool = False,
    ) -> None:
        problems.append(
            LineupProblem(kind, roster.team, board, player, message, penalty, game_lost)
        )

    for board, player in enumerate(submitted, start=1):
        if player is None:
            add(
                ProblemKind.EMPTY_BOARD,
                board,
                None,
                "nobody on the board: the game is lost by forfeit",
                game_lost=True,
            )
            if first_empty is None:
                first_empty = board
            continue
        if player in seen:
            add(
                ProblemKind.DUPLICATE,
                board,
                player,
                f"player {player!r} is already on board {seen[player]}",
            )
            continue
        seen[player] = board
        if not roster.is_registered(player):
            who = "the captain/representative" if player == roster.captain else "player"
            add(
                ProblemKind.UNREGISTERED,
                board,
                player,
                f"{who} {player!r} is not registered: the game is lost whatever the result",
                penalty=per_player,
                game_lost=True,
            )
            continue
        present += 1
        if regime is ReserveRegime.SHIFTING:
            position = combined_index[player]
            if highest is not None and position < highest[0]:
                add(
                    ProblemKind.BOARD_ORDER,
                    board,
                    player,
                    f"player {player!r} is below player {highest[1]!r}, who comes after him in "
                    "the registration",
                )
            elif first_empty is not None:
                add(
                    ProblemKind.BOARD_ORDER,
                    board,
                    player,
                    f"board {first_empty} above is empty: absentees' boards shift up",
                )
                first_empty = None  # one report per gap
            if highest is None or position > highest[0]:
                highest = (position, player)
        else:
            home = roster.home_board(player)
            if home is not None and home != board:
                add(
                    ProblemKind.BOARD_ORDER,
                    board,
                    player,
                    f"main player {player!r} belongs on board {home}",
                )
    needed = minimum_present(roster.boards, rules.minimum_present)
    if present < needed:
        problems.append(
            LineupProblem(
                ProblemKind.TOO_FEW_PRESENT,
                roster.team,
                None,
                None,
                f"{present} of {roster.boards} boards have a registered player, at least "
                f"{needed} ({rules.minimum_present}) are needed: the team is withdrawn and its "
                "results removed",
            )
        )
    return problems


def late_no_show(
    roster: Roster,
    submitted: Sequence[Board],
    player: PlayerRef,
    *,
    regulations: Regulations,
) -> LineupProblem:
    """The problem for a late ``player`` whose board was held and who never came (Team Competitions
    1972): the game is lost and the regulations' penalty (1-3 points) is deducted.

    >>> team = Roster("T", main=(1, 2, 3))
    >>> str(late_no_show(team, [1, 2, 3], 2, regulations=Regulations(held_board_penalty=2)))
    'T: board 2: late-no-show: player 2 never came to his held board: the game is lost [-2 penalty]'
    """
    if regulations.held_board_penalty is None:
        raise LineupError(
            "boards may be held for late players only if the regulations provide it (Team "
            "Competitions 1972)"
        )
    if player not in submitted:
        raise LineupError(f"team {roster.team!r}: player {player!r} has no board in the line-up")
    board = list(submitted).index(player) + 1
    return LineupProblem(
        ProblemKind.LATE_NO_SHOW,
        roster.team,
        board,
        player,
        f"player {player!r} never came to his held board: the game is lost",
        penalty=Decimal(regulations.held_board_penalty),
        game_lost=True,
    )


#: Team Competitions 1972: a won game 1 point, a draw ½, whatever the board.
_GAME_POINTS: dict[Outcome, Decimal] = {Outcome.WIN: ONE, Outcome.DRAW: HALF, Outcome.LOSS: ZERO}


def board_points(first: Result, second: Result) -> tuple[Decimal, Decimal]:
    """Each side's points for a board's two results (Team Competitions 1972, "Matches of two
    teams": 1 per won game and ½ per draw, whatever the board; a forfeit counts as the game it
    gives, a bye as its outcome).

    >>> board_points(Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
    (Decimal('0'), Decimal('1'))
    """
    return _GAME_POINTS[first.outcome], _GAME_POINTS[second.outcome]


BoardResult: TypeAlias = str | tuple[Decimal | int | str, Decimal | int | str]
"""One board's result: written (``"1-0"``, ``"½-½"``, ``"1/2-1/2"``, ``"0-1"``, forfeits ``"+-"``,
``"-+"``, ``"--"``, ``"0-0"``..., read by
:func:`~chessarbiter.model.results.parse_written_result`), or a pair of points
``(first team, second team)``."""


def parse_board_result(result: BoardResult) -> tuple[Decimal, Decimal]:
    """The points of the first and second team on one board (Team Competitions 1972, "Matches of
    two teams": 1 per won game, ½ per draw, whatever the board).

    A written result is read by :func:`~chessarbiter.model.results.parse_written_result`, each
    side's mark on its own (so ``0-0`` and ``½-0`` are scores too).

    >>> parse_board_result("½-½"), parse_board_result("+-"), parse_board_result((0, 1))
    ((Decimal('0.5'), Decimal('0.5')), (Decimal('1'), Decimal('0')), (Decimal('0'), Decimal('1')))

    :raises LineupError: for a text or a pair that is not a board's result.
    """
    if isinstance(result, str):
        try:
            first_result, second_result = parse_written_result(result, scores_only=True)
        except ResultCodeError as error:
            raise LineupError(str(error)) from None
        first, second = board_points(first_result, second_result)
    else:
        try:
            first, second = (Decimal(x) for x in result)
        except (InvalidOperation, ValueError, TypeError):
            raise LineupError(f"{result!r} is not a pair of points") from None
    if first not in (ZERO, HALF, ONE) or second not in (ZERO, HALF, ONE) or first + second > 1:
        raise LineupError(f"{result!r}: each board is worth 1 point (1-0, ½-½, 0-1, 0-0)")
    return first, second


def match_result(
    results: Sequence[BoardResult],
    problems: tuple[Iterable[LineupProblem], Iterable[LineupProblem]] = ((), ()),
    penalties: tuple[Decimal | int, Decimal | int] = (0, 0),
    *,
    floor_at_zero: bool = False,
) -> tuple[Decimal, Decimal]:
    """The match score of the first and the second team (Team Competitions 1972).

    1 point per won game and ½ per draw whatever the board; a game a team must lose (an
    unregistered player, an empty board, a late player who never came: ``game_lost``) counts as
    lost "независимо от фактического результата" and won by the other team, unless the other
    team must lose it too (then nobody scores). Then the problems' penalty points and the extra
    ``penalties`` are deducted ("снимать штрафные очки с результата данного матча"). The book does
    not say whether a score may go negative: by default it may; ``floor_at_zero`` stops at 0.

    :raises TeamWithdrawnError: when a team had fewer than two thirds present: the match is not
        scored, the team's results are removed (:func:`withdraw_team`).

    >>> a = Roster("A", main=(1, 2, 3, 4))
    >>> problems = validate_lineup(a, [1, 2, 3, 99], ReserveRegime.SHIFTING)
    >>> match_result(["1-0", "½-½", "0-1", "1-0"], (problems, []))
    (Decimal('0.5'), Decimal('2.5'))
    """
    problems_a, problems_b = (list(side) for side in problems)
    for side in (problems_a, problems_b):
        for problem in side:
            if problem.withdraws_team:
                raise TeamWithdrawnError(problem.team)
    lost_a = {p.board for p in problems_a if p.game_lost}
    lost_b = {p.board for p in problems_b if p.game_lost}
    for board in lost_a | lost_b:
        if board is None or not 1 <= board <= len(results):
            raise LineupError(f"a problem names board {board}, the match has {len(results)}")
    score_a = score_b = ZERO
    for board, result in enumerate(results, start=1):
        points_a, points_b = parse_board_result(result)
        if board in lost_a or board in lost_b:
            points_a = ONE if board in lost_b and board not in lost_a else ZERO
            points_b = ONE if board in lost_a and board not in lost_b else ZERO
        score_a += points_a
        score_b += points_b
    try:
        extra_a, extra_b = (Decimal(x) for x in penalties)
    except (InvalidOperation, ValueError, TypeError):
        raise LineupError(f"{penalties!r} are not penalty points") from None
    if extra_a < 0 or extra_b < 0:
        raise LineupError("penalty points are deducted: give them as positive numbers")
    score_a -= extra_a + sum((p.penalty for p in problems_a), ZERO)
    score_b -= extra_b + sum((p.penalty for p in problems_b), ZERO)
    if floor_at_zero:
        score_a, score_b = max(score_a, ZERO), max(score_b, ZERO)
    return score_a, score_b


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A match in the tournament table: the two teams, the score, and the round if known."""

    team_a: str
    team_b: str
    score_a: Decimal
    score_b: Decimal
    round: int | None = None
    key: str = field(default="", compare=False)

    def involves(self, team: str) -> bool:
        return team in (self.team_a, self.team_b)


def withdraw_team(team: str, matches: Iterable[MatchRecord]) -> list[MatchRecord]:
    """The matches to annul when ``team`` is withdrawn for the two-thirds rule or for not
    appearing (Team Competitions 1972: "она снимается с соревнования, а результаты сыгранных ею
    встреч исключаются из турнирной таблицы"): every match it played, in the order given. Its
    opponents keep their other results.

    >>> table = [MatchRecord("A", "B", Decimal(3), Decimal(1), 1),
    ...          MatchRecord("C", "D", Decimal(2), Decimal(2), 1),
    ...          MatchRecord("B", "C", Decimal("2.5"), Decimal("1.5"), 2)]
    >>> [(m.team_a, m.team_b) for m in withdraw_team("B", table)]
    [('A', 'B'), ('B', 'C')]
    """
    return [match for match in matches if match.involves(team)]


def withdrawn_teams(*problem_lists: Iterable[LineupProblem]) -> list[str]:
    """The teams the problems withdraw (two-thirds rule), each once, in order of appearance."""
    teams: list[str] = []
    for problems in problem_lists:
        for problem in problems:
            if problem.withdraws_team and problem.team not in teams:
                teams.append(problem.team)
    return teams
