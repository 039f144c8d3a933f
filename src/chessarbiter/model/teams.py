"""Team competitions as data: teams and their rosters, matches and their boards, each team's
round as a :class:`Record`, and the primary scores of a team event.

The primary scores (:class:`PrimaryScore`) and how each is computed from a match
(:func:`match_score`):

* match points: 2/1/0 by default, configurable (C.07 for teams; TRF-2026 ``362``);
* game points: the sum of the board points (Team Competitions 1972: the Soviet default);
* the **Nemlikher** score (Team Competitions 1972): game points plus 2 per won and 1 per drawn
  match;
* **match points only** (Team Competitions 1972): 1 / ½ / 0.

And the board colours of a match of two teams (Team Competitions 1972, matches of two teams: the
team with White on board 1 has White on the odd boards, :func:`same_colour_as_board1`) with the
empty boards of a line-up (:func:`match_boards`, :func:`empty_board_game`).

No I/O: the TRF-2026 team records are read by :mod:`chessarbiter.trf.teams`, the team tie-breaks
are :mod:`chessarbiter.tiebreaks.teams`, the team standings :mod:`chessarbiter.standings.teams`.

>>> a = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))
>>> event = TeamEvent(boards=2, matches=[a])
>>> match_points(event)[1], game_points(event)[1], nemlikher_points(event)[1]
(Decimal('2'), Decimal('1.5'), Decimal('3.5'))
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Generic, TypeVar

from chessarbiter.errors import ChessArbiterError

ZERO = Decimal(0)
HALF = Decimal("0.5")
ONE = Decimal(1)
WIN, DRAW, LOSS = ONE, HALF, ZERO


class TeamScoreError(ChessArbiterError):
    """A team event that cannot be scored as asked: inconsistent matches, a bad tie-break name,
    too few board weights, a team file that does not say who played whom."""


@dataclass(frozen=True, slots=True)
class MatchScoring:
    """Match points for a won, drawn and lost match: FIDE default 2/1/0 (spec 9; TRF-2026
    ``362`` TW/TD/TL).

    >>> MatchScoring().points("W"), MatchScoring(3, 1, 0).points("D")
    (Decimal('2'), Decimal('1'))
    """

    win: Decimal = Decimal(2)
    draw: Decimal = ONE
    loss: Decimal = ZERO

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss"):
            object.__setattr__(self, name, Decimal(getattr(self, name)))

    def points(self, outcome: str) -> Decimal:
        return {"W": self.win, "D": self.draw, "L": self.loss}[outcome]


@dataclass(frozen=True, slots=True)
class BoardGame:
    """One board of a match: the board number, the two players (``None`` for an empty board)
    and the points of team A's player; team B's player scores ``1 - score_a`` unless
    ``score_b`` says otherwise (a double forfeit: 0 and 0)."""

    board: int
    player_a: int | None
    player_b: int | None
    score_a: Decimal
    score_b: Decimal | None = None
    forfeit: bool = False

    @property
    def points_b(self) -> Decimal:
        return ONE - self.score_a if self.score_b is None else self.score_b


class MatchKind(enum.Enum):
    """How a team's round went: a match played over the boards, or an unplayed round."""

    PLAYED = "played"
    FORFEIT = "forfeit"  # TRF-2026 330 "+-" / "-+": the match was not played
    DOUBLE_FORFEIT = "double forfeit"  # 330 "--": both teams lose
    PAB = "PAB"  # pairing-allocated bye (320)
    FULL_BYE = "FPB"
    HALF_BYE = "HPB"
    ZERO_BYE = "ZPB"


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A match of round ``round`` between ``team_a`` and ``team_b`` (``None`` for a bye).

    Game points are the sum of the boards unless ``points_a``/``points_b`` are given (a
    forfeited match or a bye, where there are no boards). ``match_points_a`` overrides the match
    points of a bye (TRF-2026 ``320``: a PAB is worth e.g. 1 MP and 2 GP).
    """

    round: int
    team_a: int
    team_b: int | None
    boards: tuple[BoardGame, ...] = ()
    points_a: Decimal | None = None
    points_b: Decimal | None = None
    kind: MatchKind = MatchKind.PLAYED
    match_points_a: Decimal | None = None

    @property
    def game_points_a(self) -> Decimal:
        if self.points_a is not None:
            return self.points_a
        return sum((b.score_a for b in self.boards), ZERO)

    @property
    def game_points_b(self) -> Decimal:
        if self.points_b is not None:
            return self.points_b
        return sum((b.points_b for b in self.boards), ZERO)


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """A team: number, name, and its players in board order (main players then reserves)."""

    number: int
    name: str = ""
    members: tuple[int, ...] = ()


@dataclass
class TeamEvent:
    """A team competition: teams, matches, the number of boards and the match-point scoring.

    Teams that appear only in matches are added with an empty name. ``tiebreaks`` and
    ``primary`` (a :class:`PrimaryScore` value) are what the event declares (TRF-2026 ``202``
    and ``192``), for a caller that has no list or score of its own.
    """

    boards: int
    matches: list[TeamMatch] = field(default_factory=list)
    teams: dict[int, TeamEntry] = field(default_factory=dict)
    scoring: MatchScoring = field(default_factory=MatchScoring)
    rounds: int = 0
    player_names: dict[int, str] = field(default_factory=dict)
    name: str = ""
    tiebreaks: list[str] = field(default_factory=list)
    primary: str = "mp"

    def __post_init__(self) -> None:
        if self.boards < 1:
            raise TeamScoreError(f"a team match needs at least one board, not {self.boards}")
        for m in self.matches:
            for number in (m.team_a, m.team_b):
                if number is not None and number not in self.teams:
                    self.teams[number] = TeamEntry(number)
            for b in m.boards:
                if not 1 <= b.board <= self.boards:
                    raise TeamScoreError(
                        f"round {m.round}, match {m.team_a}-{m.team_b}: board {b.board} is not "
                        f"one of the {self.boards} boards"
                    )
            self.rounds = max(self.rounds, m.round)


@dataclass(frozen=True, slots=True)
class Record:
    """One round of one team, from that team's side: opponent (``None``: no opponent), game
    points for and against, outcome W/D/L, match points, the team's board scores (index 0 =
    board 1), and whether the match was played over the board."""

    round: int
    team: int
    opponent: int | None
    gp: Decimal
    gp_against: Decimal
    outcome: str
    mp: Decimal
    board_scores: tuple[Decimal, ...]
    kind: MatchKind

    @property
    def played(self) -> bool:
        return self.kind is MatchKind.PLAYED

    @property
    def forfeit(self) -> bool:
        return self.kind is MatchKind.FORFEIT


def _outcome(mine: Decimal, theirs: Decimal) -> str:
    return "W" if mine > theirs else "D" if mine == theirs else "L"


def records(event: TeamEvent) -> dict[int, list[Record]]:
    """Every team's rounds, from its own side, in round order.

    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, LOSS), BoardGame(2, 12, 22, LOSS)))
    >>> r = records(TeamEvent(boards=2, matches=[m]))[2][0]
    >>> r.opponent, r.gp, r.outcome, r.mp, r.board_scores
    (1, Decimal('2'), 'W', Decimal('2'), (Decimal('1'), Decimal('1')))
    """
    s = event.scoring
    out: dict[int, list[Record]] = {number: [] for number in event.teams}
    seen: set[tuple[int, int]] = set()
    for m in event.matches:
        for number in (m.team_a, m.team_b):
            if number is None:
                continue
            if (m.round, number) in seen:
                raise TeamScoreError(f"team {number} has two matches in round {m.round}")
            seen.add((m.round, number))
        a_scores = [ZERO] * event.boards
        b_scores = [ZERO] * event.boards
        for b in m.boards:
            a_scores[b.board - 1] += b.score_a
            b_scores[b.board - 1] += b.points_b
        gp_a, gp_b = m.game_points_a, m.game_points_b
        if m.team_b is None:
            if m.match_points_a is not None:
                mp = m.match_points_a
                outcome = "W" if mp >= s.win else "D" if mp >= s.draw else "L"
            else:
                outcome = {
                    MatchKind.PAB: "W",
                    MatchKind.FULL_BYE: "W",
                    MatchKind.HALF_BYE: "D",
                }.get(m.kind, "L")
                mp = s.points(outcome)
            out[m.team_a].append(
                Record(m.round, m.team_a, None, gp_a, ZERO, outcome, mp, tuple(a_scores), m.kind)
            )
            continue
        if m.kind is MatchKind.DOUBLE_FORFEIT:
            outcome_a = outcome_b = "L"
        else:
            outcome_a, outcome_b = _outcome(gp_a, gp_b), _outcome(gp_b, gp_a)
        out[m.team_a].append(
            Record(
                m.round,
                m.team_a,
                m.team_b,
                gp_a,
                gp_b,
                outcome_a,
                s.points(outcome_a),
                tuple(a_scores),
                m.kind,
            )
        )
        out[m.team_b].append(
            Record(
                m.round,
                m.team_b,
                m.team_a,
                gp_b,
                gp_a,
                outcome_b,
                s.points(outcome_b),
                tuple(b_scores),
                m.kind,
            )
        )
    for rs in out.values():
        rs.sort(key=lambda r: r.round)
    return out


# -- primary scores ------------------------------------------------------------------------------


class PrimaryScore(enum.Enum):
    """The primary score of a team event (the values are those stored by events, written in
    TRF-2026 ``192`` codes and offered as choices)."""

    MP = "mp"  # match points, 2/1/0 by default (C.07 for teams, TRF-2026 362)
    # game points: the sum of the board points (Team Competitions 1972: the Soviet default)
    GP = "gp"
    NEMLIKHER = "nemlikher"  # Team Competitions 1972: game points + 2 per won and 1 per drawn match
    MP1 = "mp1"  # Team Competitions 1972: match points only, 1 / ½ / 0


class ColourPreferenceType(enum.Enum):
    """C.04.6 1.7: the colour preferences of a team Swiss -- Type A (the default), Type B, or
    none at all (a competition's choice, TRF-2026 ``192`` ``_TYPEA``/``_TYPEB``)."""

    A = "A"
    B = "B"
    NONE = "none"


#: Team Competitions 1972: a won match 1, drawn ½, lost 0 (the MP1 score, MWD, and SB66's factor).
MATCH_SHARE: Mapping[str, Decimal] = {"W": ONE, "D": HALF, "L": ZERO}


def match_score(score: PrimaryScore, r: Record) -> Decimal:
    """What one round of a team scores in ``score``: its match points (C.07 for teams), its
    game points, game points plus 2 for a won and 1 for a drawn match (Nemlikher, Team
    Competitions 1972), or 1 / ½ / 0 for a won / drawn / lost match (Team Competitions 1972).

    >>> r = records(TeamEvent(boards=2, matches=[TeamMatch(1, 1, 2, (
    ...     BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))]))[1][0]
    >>> [str(match_score(s, r)) for s in PrimaryScore]
    ['2', '1.5', '3.5', '1']
    """
    if score is PrimaryScore.MP:
        return r.mp
    if score is PrimaryScore.GP:
        return r.gp
    if score is PrimaryScore.NEMLIKHER:
        return r.gp + {"W": Decimal(2), "D": ONE, "L": ZERO}[r.outcome]
    return MATCH_SHARE[r.outcome]


def max_match_score(score: PrimaryScore, event: TeamEvent) -> Decimal:
    """The most one match can score in ``score``: a won match's match points, every board,
    every board plus the 2 of a won match (Nemlikher), 1 (match points only)."""
    return {
        PrimaryScore.MP: event.scoring.win,
        PrimaryScore.GP: Decimal(event.boards),
        PrimaryScore.NEMLIKHER: Decimal(event.boards + 2),
        PrimaryScore.MP1: ONE,
    }[score]


def drawn_match_score(score: PrimaryScore, event: TeamEvent) -> Decimal:
    """What a drawn match scores in ``score``: the draw's match points, half the boards in
    game points, half the boards plus 1 (Nemlikher), ½ (match points only)."""
    half_boards = Decimal(event.boards) / 2
    return {
        PrimaryScore.MP: event.scoring.draw,
        PrimaryScore.GP: half_boards,
        PrimaryScore.NEMLIKHER: half_boards + ONE,
        PrimaryScore.MP1: HALF,
    }[score]


def secondary_of(score: PrimaryScore) -> PrimaryScore:
    """C.07 13.1 (and C.04.6 1.2.1): the secondary score -- GP in an MP event, MP in a GP event
    (Nemlikher and 1/½/0 events: GP)."""
    return PrimaryScore.MP if score is PrimaryScore.GP else PrimaryScore.GP


def score_totals(recs: Mapping[int, list[Record]], score: PrimaryScore) -> dict[int, Decimal]:
    """Every team's total in ``score`` from its :func:`records`."""
    return {t: sum((match_score(score, r) for r in rs), ZERO) for t, rs in recs.items()}


def scores(event: TeamEvent, score: PrimaryScore | str = PrimaryScore.MP) -> dict[int, Decimal]:
    """Every team's total in ``score`` (``"mp"``, ``"gp"``, ``"nemlikher"``, ``"mp1"``)."""
    return score_totals(records(event), PrimaryScore(score))


def match_points(event: TeamEvent, scoring: MatchScoring | None = None) -> dict[int, Decimal]:
    """Match points: a won match ``scoring.win`` (2), drawn ``scoring.draw`` (1), lost
    ``scoring.loss`` (0) (C.07 for teams; TRF-2026 ``362``). ``scoring`` overrides the event's.

    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, DRAW),))
    >>> match_points(TeamEvent(boards=1, matches=[m]), MatchScoring(3, 1, 0))
    {1: Decimal('1'), 2: Decimal('1')}
    """
    if scoring is not None:
        event = TeamEvent(
            event.boards, event.matches, dict(event.teams), scoring, event.rounds, {}, event.name
        )
    return scores(event, PrimaryScore.MP)


def game_points(event: TeamEvent) -> dict[int, Decimal]:
    """Game (board) points: the sum of the points scored on the boards."""
    return scores(event, PrimaryScore.GP)


def nemlikher_points(event: TeamEvent) -> dict[int, Decimal]:
    """Team Competitions 1972, S. Nemlikher's proposal: game points plus 2 per won match and 1 per
    drawn match (the bonus does not scale with the team size, as the book remarks)."""
    return scores(event, PrimaryScore.NEMLIKHER)


def match_points_only(event: TeamEvent) -> dict[int, Decimal]:
    """Team Competitions 1972: a Swiss on match points only, a won match 1, drawn ½, lost 0."""
    return scores(event, PrimaryScore.MP1)


# -- the boards of a match -----------------------------------------------------------------------

P = TypeVar("P")


def same_colour_as_board1(board: int) -> bool:
    """Team Competitions 1972, matches of two teams: the team with White on board 1 (the
    first-named or home team; in a team Swiss the team given White, C.04.6 1.6.1 and 4.3, a
    team's colour being its board-1 colour) has White on every odd board and Black on every
    even board. True when ``board`` (1-based) is played with board 1's colours.

    >>> [same_colour_as_board1(b) for b in (1, 2, 3, 4)]
    [True, False, True, False]

    :raises TeamScoreError: for a board number below 1.
    """
    if board < 1:
        raise TeamScoreError(f"boards are numbered from 1, not {board}")
    return board % 2 == 1


@dataclass(frozen=True, slots=True)
class BoardPairing(Generic[P]):
    """One board of a match as paired: ``white`` and ``black``; on an empty board ``black`` is
    ``None`` and ``white`` is the player present, who wins by forfeit (``forfeit``)."""

    board: int
    white: P
    black: P | None
    forfeit: bool = False


def match_boards(home: Sequence[P | None], away: Sequence[P | None]) -> list[BoardPairing[P]]:
    """The boards of a match of two teams from their line-ups (board 1 first; ``None``: nobody
    on that board). Team Competitions 1972, matches of two teams: on board k the k-th player of
    each line-up meets the k-th of the other, the ``home`` team (the team with White on board
    1) with White on the odd boards and Black on the even boards (:func:`same_colour_as_board1`);
    a board left empty by one team is won by forfeit by the player present; a board empty on
    both sides is no game and scores nothing.

    >>> [(b.board, b.white, b.black, b.forfeit) for b in match_boards(["a1", None, "a3", None],
    ...                                                              ["b1", "b2", None, None])]
    [(1, 'a1', 'b1', False), (2, 'b2', None, True), (3, 'a3', None, True)]

    :raises TeamScoreError: for line-ups of different lengths.
    """
    if len(home) != len(away):
        raise TeamScoreError(f"the two line-ups of a match have {len(home)} and {len(away)} boards")
    out: list[BoardPairing[P]] = []
    for board, (a, b) in enumerate(zip(home, away, strict=True), start=1):
        if a is None and b is None:
            continue
        if a is None or b is None:
            fielded = a if a is not None else b
            assert fielded is not None
            out.append(BoardPairing(board, fielded, None, forfeit=True))
            continue
        white, black = (a, b) if same_colour_as_board1(board) else (b, a)
        out.append(BoardPairing(board, white, black))
    return out


def empty_board_game(board: int, player: int, home: bool) -> BoardGame:
    """The board of a match that one team left empty, as scored: Team Competitions 1972, matches
    of two teams -- the player present (of the ``home`` team, the first-named, or of the other)
    wins by forfeit, 1-0, and the team without a player scores nothing on that board.

    >>> empty_board_game(3, 24, home=False)
    BoardGame(board=3, player_a=None, player_b=24, score_a=Decimal('0'), score_b=Decimal('1'), \
forfeit=True)
    """
    if home:
        return BoardGame(board, player, None, ONE, ZERO, forfeit=True)
    return BoardGame(board, None, player, ZERO, ONE, forfeit=True)


def forfeited_match(
    rnd: int, team_a: int, team_b: int, boards: int, winner: int | None
) -> TeamMatch:
    """A match not played (TRF-2026 ``330``): the ``winner`` team won it by forfeit and scores
    every board, the other nothing; with ``winner`` ``None`` both teams forfeited (a double
    forfeit: both lose, no game points).

    >>> m = forfeited_match(2, 3, 5, 4, winner=5)
    >>> m.kind.value, m.game_points_a, m.game_points_b
    ('forfeit', Decimal('0'), Decimal('4'))

    :raises TeamScoreError: for a winner that is neither team.
    """
    if winner is None:
        return TeamMatch(
            rnd, team_a, team_b, points_a=ZERO, points_b=ZERO, kind=MatchKind.DOUBLE_FORFEIT
        )
    if winner not in (team_a, team_b):
        raise TeamScoreError(f"round {rnd}: team {winner} did not play {team_a}-{team_b}")
    full = Decimal(boards)
    a, b = (full, ZERO) if winner == team_a else (ZERO, full)
    return TeamMatch(rnd, team_a, team_b, points_a=a, points_b=b, kind=MatchKind.FORFEIT)
