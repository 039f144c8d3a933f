"""Team competitions: scores, standings and team tie-breaks.

A small data model of its own (:class:`TeamEvent`, :class:`TeamMatch`, :class:`BoardGame`), with
no web or database dependency, and:

* the primary scores: match points (C.07 / spec 9: 2/1/0 by default, configurable, TRF-2026
  ``362``), game points, **Nemlikher** (Team Competitions 1972: game points plus 2 per won and 1 per
  drawn match) and **match points only** (Team Competitions 1972: 1 / ½ / 0);
* the C.07 team tie-breaks of spec 5.4 -- MPvGP (13.1), EMMSB/EMGSB/EGMSB/EGGSB (13.2),
  EDE/EDET/EDEB/EDEBT/EDEBB (13.3), SSSC (13.4), BC (12.1), TBR (12.2), BBE (12.3) -- and
  Buchholz on a team score (8.1, ``BH:MP``/``BH:GP``);
* the tie-breaks of Team Competitions 1972: the correct team Sonneborn-Berger (``TSB``), the flawed
  1966 Olympiad variant (``SB66``, labelled as such), won / won-and-drawn matches (``MW``, ``MWD``),
  board weighting (``BW``: by default the 1965 European team championship weights 58, 56, ...,
  42; any weights can be given) and the Berlin board weighting (``BERLIN``, spec 5.4, German
  practice);
* a reader that builds a :class:`TeamEvent` from a TRF-2026 team file (``310`` rosters, ``300``
  line-ups, ``320`` team PAB, ``330`` forfeited matches, ``240`` team byes, ``352`` board
  colours, ``362`` match-point scoring).

Unplayed rounds (PAB, full/half/zero-point byes, forfeited and double-forfeited matches,
rounds not paired) score their match and game points, and BH, ESB and SSSC apply C.07 Art. 16
to MP and GP alike (:class:`TeamFacts`, reusing the individual categories of
:func:`c07.unplayed_categories` and the 16.5 cut of :mod:`c07`): opponents' scores adjusted
(16.3), a dummy opponent for a team's own unplayed rounds (16.4: its own score, capped in the
2026 edition), voluntarily unplayed rounds cut first (16.5); ``/P`` counts forfeited matches as
played against the scheduled opponent. ``edition`` ``2026`` (default) or ``2023``. BC, TBR and
BBE count an unplayed match per board as its result (C.07 12: a PAB a win on every board).
Forfeited matches are left out of EDE unless ``/P`` is given (C.07 6.1.1). The seed-000
tie-breaks TSB and SB66 keep their historical reading: unplayed matches add nothing.
Pre-determined pairings (C.07 15.2, round robins) are not distinguished: every event is treated
as a Swiss. The values equal TieBreakServer's for the TEC sample file (tests/tiebreaks/data).

>>> a = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))
>>> event = TeamEvent(boards=2, matches=[a])
>>> match_points(event)[1], game_points(event)[1], nemlikher_points(event)[1]
(Decimal('2'), Decimal('1.5'), Decimal('3.5'))
"""

from __future__ import annotations

import enum
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from pathlib import Path

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Field, Result, RoundEntry, Tournament
from chessarbiter.model.results import Colour
from chessarbiter.tiebreaks import c07

ZERO = Decimal(0)
HALF = Decimal("0.5")
ONE = Decimal(1)
WIN, DRAW, LOSS = ONE, HALF, ZERO

#: Team Competitions 1972: the 1965 European team championship's board weights (board 1 x 58, board
# 2 x 56,
#: ..., board 9 x 42).
WEIGHTS_1965: tuple[int, ...] = (58, 56, 54, 52, 50, 48, 46, 44, 42)


class TeamScoreError(ChessArbiterError):
    """A team event that cannot be scored as asked: inconsistent matches, a bad tie-break name,
    too few board weights, a team file that does not say who played whom."""


# -- the data model ----------------------------------------------------------------------------


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

    Teams that appear only in matches are added with an empty name.
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


class Score(enum.Enum):
    """The primary score of a team event."""

    MP = "mp"  # match points, 2/1/0 by default (spec 9, TRF-2026 362)
    # game points: the sum of the board points (Team Competitions 1972: the Soviet default)
    GP = "gp"
    NEMLIKHER = "nemlikher"  # Team Competitions 1972: game points + 2 per won and 1 per drawn match
    MP1 = "mp1"  # Team Competitions 1972: match points only, 1 / ½ / 0


#: Team Competitions 1972: a won match 1, drawn ½, lost 0 (the MP1 score, MWD, and SB66's factor).
_MATCH_SHARE = {"W": ONE, "D": HALF, "L": ZERO}


def _per_match(score: Score, r: Record) -> Decimal:
    if score is Score.MP:
        return r.mp
    if score is Score.GP:
        return r.gp
    if score is Score.NEMLIKHER:
        return r.gp + {"W": Decimal(2), "D": ONE, "L": ZERO}[r.outcome]
    return _MATCH_SHARE[r.outcome]


def _max_per_match(score: Score, event: TeamEvent) -> Decimal:
    return {
        Score.MP: event.scoring.win,
        Score.GP: Decimal(event.boards),
        Score.NEMLIKHER: Decimal(event.boards + 2),
        Score.MP1: ONE,
    }[score]


def secondary_of(score: Score) -> Score:
    """C.07 13.1: the secondary score -- GP in an MP event, MP in a GP event (Nemlikher and
    1/½/0 events: GP)."""
    return Score.MP if score is Score.GP else Score.GP


def _totals(recs: Mapping[int, list[Record]], score: Score) -> dict[int, Decimal]:
    """Every team's total in ``score`` from its :func:`records`."""
    return {t: sum((_per_match(score, r) for r in rs), ZERO) for t, rs in recs.items()}


def scores(event: TeamEvent, score: Score | str = Score.MP) -> dict[int, Decimal]:
    """Every team's total in ``score`` (``"mp"``, ``"gp"``, ``"nemlikher"``, ``"mp1"``)."""
    return _totals(records(event), Score(score))


def match_points(event: TeamEvent, scoring: MatchScoring | None = None) -> dict[int, Decimal]:
    """Match points: a won match ``scoring.win`` (2), drawn ``scoring.draw`` (1), lost
    ``scoring.loss`` (0) (spec 9; TRF-2026 ``362``). ``scoring`` overrides the event's.

    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, DRAW),))
    >>> match_points(TeamEvent(boards=1, matches=[m]), MatchScoring(3, 1, 0))
    {1: Decimal('1'), 2: Decimal('1')}
    """
    if scoring is not None:
        event = TeamEvent(
            event.boards, event.matches, dict(event.teams), scoring, event.rounds, {}, event.name
        )
    return scores(event, Score.MP)


def game_points(event: TeamEvent) -> dict[int, Decimal]:
    """Game (board) points: the sum of the points scored on the boards (spec 5.4)."""
    return scores(event, Score.GP)


def nemlikher_points(event: TeamEvent) -> dict[int, Decimal]:
    """Team Competitions 1972, S. Nemlikher's proposal: game points plus 2 per won match and 1 per
    drawn match (the bonus does not scale with the team size, as the seed remarks)."""
    return scores(event, Score.NEMLIKHER)


def match_points_only(event: TeamEvent) -> dict[int, Decimal]:
    """Team Competitions 1972: a Swiss on match points only, a won match 1, drawn ½, lost 0."""
    return scores(event, Score.MP1)


# -- tie-break specifications --------------------------------------------------------------------

#: C.07 team tie-breaks (spec 5.4) with the article the spec gives.
C07_TEAM = {
    "MPVGP": "C.07 13.1",
    "EMMSB": "C.07 13.2",
    "EMGSB": "C.07 13.2",
    "EGMSB": "C.07 13.2",
    "EGGSB": "C.07 13.2",
    "EDE": "C.07 13.3",
    "EDET": "C.07 13.3",
    "EDEB": "C.07 13.3",
    "EDEBT": "C.07 13.3",
    "EDEBB": "C.07 13.3",
    "SSSC": "C.07 13.4",
    "BC": "C.07 12.1",
    "TBR": "C.07 12.2",
    "BBE": "C.07 12.3",
    "BH": "C.07 8.1",
}
#: Team Competitions 1972 and other non-C.07 team tie-breaks.
OTHER_TEAM = {
    "MP": "match points (spec 5.4)",
    "GP": "game points (spec 5.4)",
    "MW": "Team Competitions 1972: number of won matches",
    "MWD": "Team Competitions 1972: won matches + ½ drawn matches",
    "TSB": "Team Competitions 1972: team Sonneborn-Berger (correct)",
    "SB66": "Team Competitions 1972: the FLAWED 1966 Olympiad Sonneborn-Berger",
    "BW": "Team Competitions 1972: board weighting (default the 1965 weights 58, 56, ..., 42)",
    "BERLIN": "spec 5.4: Berlin board weighting (German practice)",
}
SUPPORTED = (*C07_TEAM, *OTHER_TEAM)
#: Lower values rank higher.
ASCENDING = ("BC",)
_ESB = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")
_EDE_STEPS = {"EDE": "", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}


@dataclass(frozen=True, slots=True)
class TeamTieBreakSpec:
    """A team tie-break in the TRF-2026 grammar (spec 5.5):
    ``ACRONYM[:MP|:GP][/Cn|/Mn|/Kx][/P][/R]``. ``score`` is the ``:MP``/``:GP`` choice (``None``:
    the primary score), ``factor`` the SSSC ``/Kx`` factor."""

    name: str
    acronym: str
    score: str | None = None
    cut: int = 0
    median: int = 0
    factor: Decimal | None = None
    forfeits_played: bool = False
    reverse: bool = False


_SPEC = re.compile(r"^([A-Z0-9]+)(?::(MP|GP))?((?:/[A-Z0-9.+-]+)*)$")


def parse(text: str) -> TeamTieBreakSpec:
    """Parse one team tie-break name (spec 5.5 grammar).

    >>> s = parse("EMGSB/C1/P")
    >>> s.acronym, s.cut, s.forfeits_played
    ('EMGSB', 1, True)
    >>> parse("BH:MP/C1/P").score, parse("SSSC/K4").factor, parse("mpvgp").acronym
    ('MP', Decimal('4'), 'MPVGP')
    >>> parse("WIN")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chessarbiter.tiebreaks.teams.TeamScoreError: WIN is not a team tie-break computed here; ...
    """
    name = text.strip()
    m = _SPEC.match(name.upper().replace(" ", ""))
    if not m:
        raise TeamScoreError(f"malformed team tie-break {text!r} (e.g. EMGSB/C1, BH:MP/C1/P)")
    acronym, score, rest = m.group(1), m.group(2), m.group(3)
    if acronym not in SUPPORTED:
        raise TeamScoreError(
            f"{acronym} is not a team tie-break computed here; available: {', '.join(SUPPORTED)}"
        )
    if score and acronym not in ("BH", "SSSC"):
        raise TeamScoreError(f"{acronym} takes no :MP/:GP score selector ({text!r})")
    fields: dict[str, object] = {}
    for modifier in (x for x in rest.split("/") if x):
        if re.fullmatch(r"[CM]\d+", modifier):
            if acronym not in ("BH", *_ESB):
                raise TeamScoreError(f"C.07 14: {acronym} takes no Cut or Median ({text!r})")
            fields["cut" if modifier[0] == "C" else "median"] = int(modifier[1:])
        elif re.fullmatch(r"K\d+(\.\d+)?", modifier):
            if acronym != "SSSC":
                raise TeamScoreError(f"/K (the SSSC factor, C.07 13.4) on {acronym} ({text!r})")
            fields["factor"] = Decimal(modifier[1:])
        elif modifier == "P":
            fields["forfeits_played"] = True
        elif modifier == "R":
            fields["reverse"] = True
        else:
            raise TeamScoreError(f"unknown modifier /{modifier} in {text!r}")
    return TeamTieBreakSpec(name, acronym, score, **fields)  # type: ignore[arg-type]


def parse_list(text: str) -> list[TeamTieBreakSpec]:
    """A comma-separated list of team tie-breaks.

    >>> [s.acronym for s in parse_list("EDET/P, EMGSB/C1/P,MPvGP")]
    ['EDET', 'EMGSB', 'MPVGP']
    """
    specs = [parse(part) for part in text.split(",") if part.strip()]
    names = [s.name for s in specs]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TeamScoreError(f"tie-break listed twice: {', '.join(twice)}")
    return specs


# -- the tie-breaks ----------------------------------------------------------------------

TieBreakValue = Decimal | tuple[Decimal, ...]


def _counted(r: Record, forfeits_played: bool) -> bool:
    """A round with an opponent that counts for direct encounter (C.07 6.1.1): a match played,
    or a forfeited match when ``/P`` says forfeits count as played against the scheduled
    opponent."""
    return r.opponent is not None and (r.played or (forfeits_played and r.forfeit))


# -- unplayed rounds (C.07 Art. 16 for teams) ----------------------------------------------

#: The C.07 editions whose unplayed-round rules are applied to teams (see :data:`c07.EDITIONS`;
#: the legacy virtual opponent of C.02 13.15 is not computed for teams).
EDITIONS = {name: c07.EDITIONS[name] for name in ("2026", "2023")}


def _draw_per_match(score: Score, event: TeamEvent) -> Decimal:
    """The points of a drawn match in ``score``: the draw's MP, half the boards in GP (C.07 16.3
    and 16.4.2 for teams: "apply to MP and GP")."""
    half_boards = Decimal(event.boards) / 2
    return {
        Score.MP: event.scoring.draw,
        Score.GP: half_boards,
        Score.NEMLIKHER: half_boards + ONE,
        Score.MP1: HALF,
    }[score]


def _round_entry(r: Record | None) -> RoundEntry:
    """A team's round as the individual :class:`RoundEntry` whose C.07 16.2 category it has, so
    that :func:`c07.unplayed_categories` classifies it (C.07 16, "mutatis mutandis" for teams):
    a match played = a game; a forfeited match won / lost = a forfeit win / loss (a double
    forfeit: a loss for both); the PAB and the full-, half- and zero-point byes as such; a round
    without a record = not paired (16.1: every round after a withdrawal is a zero-point bye)."""
    if r is None:
        return RoundEntry.NOT_PAIRED
    if r.kind is MatchKind.PLAYED and r.opponent is not None:
        return RoundEntry(r.opponent, Colour.WHITE, Result.DRAW)
    if r.kind in (MatchKind.FORFEIT, MatchKind.DOUBLE_FORFEIT):
        won = r.kind is MatchKind.FORFEIT and r.outcome == "W"
        return RoundEntry(
            r.opponent, Colour.NONE, Result.FORFEIT_WIN if won else Result.FORFEIT_LOSS
        )
    return RoundEntry.bye(
        {
            MatchKind.PAB: Result.PAIRING_ALLOCATED_BYE,
            MatchKind.FULL_BYE: Result.FULL_POINT_BYE,
            MatchKind.HALF_BYE: Result.HALF_POINT_BYE,
        }.get(r.kind, Result.ZERO_POINT_BYE)
    )


#: C.07 16.1: the voluntarily unplayed categories (requested byes, forfeit losses), cut first
#: (16.5).
_VUR = (c07.BYE_THEN_PLAY, c07.FORFEIT_LOSS, c07.BYE_TO_THE_END)


@dataclass(frozen=True, slots=True)
class Contribution:
    """One round of one team in an opponent-based tie-break: the opponent's score as counted
    (the adjusted score of C.07 16.3, or the dummy's of 16.4), the team's own points in that
    round, whether the round was voluntarily unplayed (cut first, 16.5) and the C.07 16.2
    category (0: a match played, or a forfeit counted as played with ``/P``)."""

    round: int
    opponent: int | None
    opponent_score: Decimal
    points: Decimal
    vur: bool
    category: int


class TeamFacts:
    """Every team's rounds as C.07 Art. 16 sees them (``edition`` ``2026`` or ``2023``).

    * 16.2: each round's category, from :func:`c07.unplayed_categories`; rounds 1 to
      ``event.rounds`` without a record are rounds not paired;
    * 16.3: :meth:`adjusted` -- a team's score as its opponents see it;
    * 16.4: :meth:`dummy` -- the dummy opponent of a team's own unplayed round, applied to MP
      and GP alike (2026: "Teams: apply to MP and GP");
    * :meth:`contributions` -- the rounds of BH (8.1), ESB (13.2) and SSSC (13.4).

    >>> pab = TeamMatch(1, 1, None, points_a=Decimal(2), kind=MatchKind.FULL_BYE)
    >>> m = TeamMatch(2, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))
    >>> facts = TeamFacts(TeamEvent(boards=2, matches=[pab, m]), "2023")
    >>> facts.categories[1], facts.categories[2]  # team 2: not paired, then played (16.2.3)
    ([1, 0], [3, 0])
    >>> facts.dummy(1, 1, Score.MP), facts.dummy(1, 1, Score.GP)  # team 1's own 2 + 2 MP
    (Decimal('4'), Decimal('3.5'))
    >>> TeamFacts(facts.event).dummy(1, 1, Score.MP)  # 2026: capped at 2 rounds x 1 MP
    Decimal('2')
    """

    def __init__(self, event: TeamEvent, edition: str = "2026") -> None:
        if edition not in EDITIONS:
            raise TeamScoreError(
                f"tie-break edition {edition!r} is not computed for teams; available: "
                f"{', '.join(EDITIONS)}"
            )
        self.event = event
        self.edition = edition
        self.capped = edition == "2026"
        recs = records(event)
        self.rounds = max([event.rounds, *(r.round for rs in recs.values() for r in rs)])
        #: Per team, round ``i`` (1-based) at index ``i - 1``: its record, or ``None``.
        self.by_team: dict[int, list[Record | None]] = {}
        self.categories: dict[int, list[int]] = {}
        for t, rs in recs.items():
            rows: list[Record | None] = [None] * self.rounds
            for r in rs:
                rows[r.round - 1] = r
            self.by_team[t] = rows
            self.categories[t] = c07.unplayed_categories([_round_entry(r) for r in rows])
        self._score: dict[tuple[int, Score], Decimal] = {}
        self._adjusted: dict[tuple[int, Score], Decimal] = {}

    def points(self, team: int, rnd: int, score: Score) -> Decimal:
        """The points of ``team`` in round ``rnd`` (0 in a round not paired)."""
        r = self.by_team[team][rnd - 1]
        return ZERO if r is None else _per_match(score, r)

    def score(self, team: int, score: Score) -> Decimal:
        """The final score of ``team`` in ``score``."""
        key = (team, score)
        if key not in self._score:
            self._score[key] = sum(
                (self.points(team, i, score) for i in range(1, self.rounds + 1)), ZERO
            )
        return self._score[key]

    def adjusted(self, team: int, score: Score) -> Decimal:
        """C.07 16.3 (2026; 2023 the same): a team's score as its opponents count it: unplayed
        rounds of categories 1-4 at the points awarded, category 5 (requested byes followed only
        by voluntarily unplayed rounds, or in the last round; withdrawal) as drawn matches."""
        key = (team, score)
        if key not in self._adjusted:
            draw = _draw_per_match(score, self.event)
            self._adjusted[key] = sum(
                (
                    draw if cat == c07.BYE_TO_THE_END else self.points(team, i, score)
                    for i, cat in enumerate(self.categories[team], start=1)
                ),
                ZERO,
            )
        return self._adjusted[key]

    def dummy(self, team: int, rnd: int, score: Score) -> Decimal:
        """C.07 16.4: the dummy opponent of ``team``'s unplayed round ``rnd`` scores the team's
        own final score (2023 edition, as amended in 2024). 2026 caps it: for a forfeited match
        (categories 2 and 4, 16.4.1) at the scheduled opponent's adjusted score (16.3), for
        the other unplayed rounds (categories 1, 3, 5, 16.4.2) at a drawn match in every
        round."""
        own = self.score(team, score)
        if not self.capped:
            return own
        r = self.by_team[team][rnd - 1]
        category = self.categories[team][rnd - 1]
        if category in (c07.FORFEIT_WIN, c07.FORFEIT_LOSS) and r and r.opponent is not None:
            return min(own, self.adjusted(r.opponent, score))
        return min(own, _draw_per_match(score, self.event) * self.rounds)

    def contributions(
        self, team: int, opponent_score: Score, own: Score, forfeits_played: bool = False
    ) -> list[Contribution]:
        """Every round of ``team``: a match played counts the opponent's adjusted score
        (16.3); with ``/P`` (spec 5.5: forfeits count as played against the scheduled opponent)
        so does a forfeited match, double forfeits included, which is then not voluntarily
        unplayed; every other round is a match against the dummy (16.4) with the points
        awarded, voluntarily unplayed for categories 3, 4 and 5 (16.1)."""
        out = []
        for i, cat in enumerate(self.categories[team], start=1):
            r = self.by_team[team][i - 1]
            opponent = r.opponent if r is not None else None
            points = self.points(team, i, own)
            forfeit = cat in (c07.FORFEIT_WIN, c07.FORFEIT_LOSS)
            if opponent is not None and (cat == 0 or (forfeits_played and forfeit)):
                value = self.adjusted(opponent, opponent_score)
                out.append(Contribution(i, opponent, value, points, False, 0))
            else:
                value = self.dummy(team, i, opponent_score)
                out.append(Contribution(i, opponent, value, points, cat in _VUR, cat))
        return out


def _cut_sum(
    values: list[tuple[Decimal, bool]], cut: int, median: int, keys: list[Decimal] | None = None
) -> Decimal:
    """C.07 14 with 16.5, by :func:`c07._cut`: Cut-n drops the n least significant values,
    Median-n also the n highest; a team's voluntarily unplayed rounds are cut first (BH: the
    lowest such contribution; ESB, ``keys`` the opponents' scores: it when not lower than the
    least significant value)."""
    spec = c07.TieBreakSpec("", "SB" if keys is not None else "BH", cut=cut, median=median)
    return c07._cut(values, spec, keys)  # the individual C.07 14 / 16.5 cut, reused


def buchholz(
    event: TeamEvent,
    score: Score | str = Score.MP,
    *,
    cut: int = 0,
    median: int = 0,
    forfeits_played: bool = False,
    edition: str = "2026",
) -> dict[int, Decimal]:
    """C.07 8.1 on a team score (``BH:MP``, ``BH:GP``): the sum of the opponents' scores,
    adjusted for their unplayed rounds (16.3); each own unplayed round counts the dummy
    opponent (16.4, see :class:`TeamFacts`). Cut-n drops the n lowest, Median-n the n lowest
    and n highest (C.07 14), voluntarily unplayed rounds cut first (16.5).

    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN),)),
    ...       TeamMatch(2, 1, 3, (BoardGame(1, 11, 31, DRAW),))]
    >>> buchholz(TeamEvent(boards=1, matches=ms))[1]  # team 2: 0 + a draw for its idle round 2
    Decimal('2')
    """
    kind = Score(score.lower() if isinstance(score, str) else score)
    facts = TeamFacts(event, edition)
    out: dict[int, Decimal] = {}
    for t in facts.by_team:
        cs = facts.contributions(t, kind, kind, forfeits_played)
        out[t] = _cut_sum([(c.opponent_score, c.vur) for c in cs], cut, median)
    return out


def extended_sonneborn_berger(
    event: TeamEvent,
    variant: str,
    *,
    cut: int = 0,
    median: int = 0,
    forfeits_played: bool = False,
    edition: str = "2026",
) -> dict[int, Decimal]:
    """C.07 13.2 ESB: the sum over opponents of (the opponent's final MP or GP) x (the MP or GP
    scored against that opponent). EMMSB, EMGSB, EGMSB, EGGSB: the second letter names the
    opponent's score, the third the own score against him. Cut-1 drops the product of the
    opponent with the lowest score, the lowest product among equals (14.1). Each encounter
    counts. EMGSB/C1 is the Olympiad "Sonneborn-Berger" (2016 Olympiad rules G.14, spec 5.4):
    the USA won 3-1 against Norway (16 MP) and got 16 x 3 = 48 from that match.

    Unplayed rounds (C.07 16, applied to MP and GP): opponents' scores are adjusted (16.3);
    an own unplayed round is a match against the dummy (16.4) with the MP or GP awarded, e.g.
    a full-point bye worth 2 MP and 4 GP adds the team's own MP x 4 to EMGSB (2023; 2026 caps
    the dummy's MP at a draw per round); voluntarily unplayed rounds are cut first (16.5).

    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))]
    >>> extended_sonneborn_berger(TeamEvent(boards=2, matches=ms), "EMGSB")
    {1: Decimal('0.0'), 2: Decimal('1.0')}
    """
    variant = variant.upper()
    if variant not in _ESB:
        raise TeamScoreError(f"{variant} is not one of {', '.join(_ESB)} (C.07 13.2)")
    opp_kind = Score.MP if variant[1] == "M" else Score.GP
    own_kind = Score.MP if variant[2] == "M" else Score.GP
    facts = TeamFacts(event, edition)
    out: dict[int, Decimal] = {}
    for t in facts.by_team:
        cs = facts.contributions(t, opp_kind, own_kind, forfeits_played)
        products = [(c.opponent_score * c.points, c.vur) for c in cs]
        out[t] = _cut_sum(products, cut, median, [c.opponent_score for c in cs])
    return out


def team_sonneborn_berger(event: TeamEvent, score: Score | str = Score.GP) -> dict[int, Decimal]:
    """Team Competitions 1972, the correct team Sonneborn-Berger ("the system our code recommends"):
    the sum over the matches of (the opponent's final primary score) x (the game points scored in
    that match), so the score by which a match was won counts. In a game-point event this is C.07
    EGGSB; in a match-point event EMGSB.

    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))]
    >>> team_sonneborn_berger(TeamEvent(boards=2, matches=ms))  # totals 1.5 and 0.5
    {1: Decimal('0.75'), 2: Decimal('0.75')}
    """
    recs = records(event)
    totals = _totals(recs, Score(score))
    return {
        t: sum((totals[r.opponent] * r.gp for r in rs if r.played and r.opponent), ZERO)
        for t, rs in recs.items()
    }


def sonneborn_berger_1966(event: TeamEvent, score: Score | str = Score.GP) -> dict[int, Decimal]:
    """Team Competitions 1972, **the flawed 1966 Olympiad variant** (kept to reproduce and explain
    it, not to use): the chief arbiter summed the final scores of the opponents whose matches were
    won plus half the scores of those drawn -- individual Sonneborn-Berger applied to matches, so
    the score by which a match was won no longer counted (it gave Hungary the bronze instead of
    Yugoslavia).

    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))]
    >>> sonneborn_berger_1966(TeamEvent(boards=2, matches=ms))  # 1 beat 2 (0.5 GP)
    {1: Decimal('0.5'), 2: Decimal('0.0')}
    """
    recs = records(event)
    totals = _totals(recs, Score(score))
    return {
        t: sum(
            (totals[r.opponent] * _MATCH_SHARE[r.outcome] for r in rs if r.played and r.opponent),
            ZERO,
        )
        for t, rs in recs.items()
    }


def matches_won(event: TeamEvent) -> dict[int, Decimal]:
    """Team Competitions 1972: the number of won matches (the all-Union event whose regulations
    forgot drawn matches)."""
    return {t: Decimal(sum(r.outcome == "W" for r in rs)) for t, rs in records(event).items()}


def matches_won_drawn(event: TeamEvent) -> dict[int, Decimal]:
    """Team Competitions 1972 (FIDE congress 1966: "first compare won and drawn matches"): won
    matches plus half the drawn ones, so three draws outweigh one more win."""
    return {t: sum((_MATCH_SHARE[r.outcome] for r in rs), ZERO) for t, rs in records(event).items()}


def linear_weights(boards: int, first: int = 58, step: int = 2) -> tuple[int, ...]:
    """General board weights: ``first`` for board 1, then ``step`` less per board.

    >>> linear_weights(9) == WEIGHTS_1965
    True
    """
    return tuple(first - step * i for i in range(boards))


def berlin_weights(boards: int) -> tuple[int, ...]:
    """Spec 5.4, the Berlin tie-break: board k of n is worth n + 1 - k.

    >>> berlin_weights(4)
    (4, 3, 2, 1)
    """
    return tuple(range(boards, 0, -1))


def board_weighted(
    event: TeamEvent, weights: Sequence[int | Decimal] = WEIGHTS_1965
) -> dict[int, Decimal]:
    """Team Competitions 1972, board weighting: the sum over all matches of weight[board] x the
    points scored on that board. By default the 1965 European team championship weights (board 1
    x 58, board 2 x 56, ..., 42), which the seed cites as a cautionary case: the
    Yugoslavs scored 2853 to Hungary's 2346 although Hungary won 9 matches of 10 to 6.

    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, LOSS)))
    >>> board_weighted(TeamEvent(boards=2, matches=[m]))
    {1: Decimal('58'), 2: Decimal('56')}
    """
    if len(weights) < event.boards:
        raise TeamScoreError(
            f"{len(weights)} board weights given for {event.boards} boards; give one per board"
        )
    w = [Decimal(x) for x in weights]
    return {
        t: sum((w[i] * s for r in rs for i, s in enumerate(r.board_scores)), ZERO)
        for t, rs in records(event).items()
    }


def art12_board_scores(r: Record, boards: int) -> tuple[Decimal, ...]:
    """The board scores of a team's round for C.07 Art. 12 (BC, TBR, BBE): individual
    forfeits count as ordinary wins and losses (they are boards of the match already); an
    unplayed match without boards counts on every board the result the match was awarded: a
    PAB (12, "a PAB counts per board as a win", whatever its game points), a full-point bye and
    a forfeited match won a win, a half-point bye a draw, the rest a loss.

    >>> pab = Record(1, 1, None, Decimal(2), ZERO, "D", ONE, (ZERO, ZERO), MatchKind.PAB)
    >>> art12_board_scores(pab, 2)
    (Decimal('1'), Decimal('1'))
    """
    if r.kind is MatchKind.PLAYED or any(r.board_scores):
        return r.board_scores
    if r.kind in (MatchKind.PAB, MatchKind.FULL_BYE) or (
        r.kind is MatchKind.FORFEIT and r.outcome == "W"
    ):
        return (ONE,) * boards
    return (HALF if r.kind is MatchKind.HALF_BYE else ZERO,) * boards


def board_count(event: TeamEvent) -> dict[int, Decimal]:
    """C.07 12.1 BC: the sum of board number x game points on that board; **lower is better**
    (used between teams with equal game points). Unplayed matches count per board as
    :func:`art12_board_scores` says (a PAB: a win on every board).

    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, LOSS)))
    >>> board_count(TeamEvent(boards=2, matches=[m]))
    {1: Decimal('1'), 2: Decimal('2')}
    """
    weights = range(1, event.boards + 1)
    return {
        t: sum(
            (w * s for r in rs for w, s in zip(weights, art12_board_scores(r, event.boards),
                                               strict=False)),
            ZERO,
        )
        for t, rs in records(event).items()
    }  # fmt: skip


def _bbe(board_scores: Sequence[Decimal]) -> tuple[Decimal, ...]:
    n = len(board_scores)
    return tuple(sum(board_scores[:k], ZERO) for k in range(n - 1, 0, -1))


def _board_totals(rs: Iterable[Record], boards: int) -> list[Decimal]:
    """Each board's game points over ``rs``, unplayed matches per :func:`art12_board_scores`."""
    totals = [ZERO] * boards
    for r in rs:
        for i, s in enumerate(art12_board_scores(r, boards)):
            totals[i] += s
    return totals


def top_board_result(event: TeamEvent) -> dict[int, tuple[Decimal, ...]]:
    """C.07 12.2 TBR: game points on board 1, then on board 2, ... (compared in that order).

    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, LOSS)))
    >>> top_board_result(TeamEvent(boards=2, matches=[m]))[1]
    (Decimal('1'), Decimal('0'))
    """
    return {t: tuple(_board_totals(rs, event.boards)) for t, rs in records(event).items()}


def bottom_board_elimination(event: TeamEvent) -> dict[int, tuple[Decimal, ...]]:
    """C.07 12.3 BBE: game points on all boards but the last, then without the next-to-last
    too, and so on (compared in that order).

    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW),
    ...                         BoardGame(3, 13, 23, LOSS)))
    >>> bottom_board_elimination(TeamEvent(boards=3, matches=[m]))[1]
    (Decimal('1.5'), Decimal('1'))
    """
    return {t: _bbe(_board_totals(rs, event.boards)) for t, rs in records(event).items()}


def sssc_factor(event: TeamEvent, primary: Score) -> Decimal:
    """C.07 13.4: the normalising factor, (maximum achievable primary score) / (maximum
    secondary score in one match), rounded toward zero.

    >>> sssc_factor(TeamEvent(boards=4, rounds=9), Score.MP)  # 18 / 4
    Decimal('4')
    """
    maximum = _max_per_match(primary, event) * event.rounds
    per_match = _max_per_match(secondary_of(primary), event)
    return (maximum / per_match).to_integral_value(rounding=ROUND_DOWN)


def sssc(
    event: TeamEvent,
    primary: Score | str = Score.MP,
    *,
    factor: Decimal | None = None,
    forfeits_played: bool = False,
    edition: str = "2026",
) -> dict[int, Decimal]:
    """C.07 13.4 SSSC: secondary score + Schedule Strength, where Schedule Strength = the
    Buchholz of the primary score / the factor (:func:`sssc_factor` unless given, ``/Kx``).
    The Buchholz is :func:`buchholz`'s, with C.07 16 (adjusted opponents' scores, the dummy
    for own unplayed rounds). The value is exact (TieBreakServer prints it rounded to 0.01).

    Before the first round is recorded (``event.rounds`` 0) no team has an opponent: every
    Buchholz is 0, and so is the Schedule Strength (the factor, whose maximum achievable
    primary score is 0 then too, is not needed), so the SSSC is the secondary score.

    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))
    >>> sssc(TeamEvent(boards=2, matches=[m]), factor=Decimal(1))  # 1.5 GP + BH 0
    {1: Decimal('1.5'), 2: Decimal('2.5')}
    >>> sssc(TeamEvent(boards=4, teams={1: TeamEntry(1), 2: TeamEntry(2)}))  # nothing played
    {1: Decimal('0'), 2: Decimal('0')}
    """
    kind = Score(primary)
    if factor is None and event.rounds == 0:
        return scores(event, secondary_of(kind))  # Schedule Strength 0: no opponent yet
    k = factor if factor is not None else sssc_factor(event, kind)
    if k <= 0:
        raise TeamScoreError(f"the SSSC factor must be positive, not {k} (C.07 13.4)")
    bh = buchholz(event, kind, forfeits_played=forfeits_played, edition=edition)
    second = scores(event, secondary_of(kind))
    return {t: second[t] + bh[t] / k for t in second}


# -- direct encounter (C.07 6) and extended direct encounter (13.3) --------------------

Key = Callable[[Record], Decimal]


def _de_split(
    group: Sequence[int],
    recs: Mapping[int, list[Record]],
    key: Key,
    maximum: Decimal,
    forfeits_played: bool,
    ascending: bool = False,
) -> list[list[int]]:
    """C.07 6: a mini-standings of ``group`` on the matches among its teams (6.1.2: the average
    of several encounters; 6.1.1: forfeited matches only with ``/P``). 6.2: if all met, rank by
    it; 6.3: if not, a team ranks first only if no missing result can catch it, then the next
    the same way. Returns the ordered sub-groups."""
    members = set(group)
    value: dict[int, Fraction] = {}
    best: dict[int, Fraction] = {}
    complete = True
    for t in group:
        per_opp: dict[int, list[Decimal]] = defaultdict(list)
        for r in recs[t]:
            if r.opponent in members and r.opponent != t and _counted(r, forfeits_played):
                per_opp[r.opponent].append(key(r))
        total = sum((Fraction(sum(v, ZERO)) / len(v) for v in per_opp.values()), Fraction(0))
        missing = len(group) - 1 - len(per_opp)
        complete = complete and missing == 0
        value[t] = -total if ascending else total
        best[t] = value[t] + missing * Fraction(maximum) * (0 if ascending else 1)
    order = sorted(group, key=lambda t: (-value[t], -best[t]))
    if complete:
        parts: list[list[int]] = []
        for t in order:
            if parts and value[parts[-1][0]] == value[t]:
                parts[-1].append(t)
            else:
                parts.append([t])
        return parts
    parts = []
    rest = list(order)
    while len(rest) > 1 and all(value[rest[0]] > best[o] for o in rest[1:]):
        parts.append([rest.pop(0)])
    parts.append(rest)
    return parts


def _board_key(weights: Sequence[Decimal]) -> Key:
    def key(r: Record) -> Decimal:
        return sum((w * s for w, s in zip(weights, r.board_scores, strict=False)), ZERO)

    return key


def extended_direct_encounter(
    event: TeamEvent,
    group: Sequence[int],
    variant: str = "EDE",
    primary: Score | str = Score.MP,
    *,
    forfeits_played: bool = False,
) -> list[list[int]]:
    """C.07 13.3 EDE: direct encounter (Art. 6) among ``group`` on the primary score, then on
    the secondary score, restarting on every new tied subset. If exactly two teams remain tied
    on both: EDET adds TBR (board 1, then board 2, ... of their encounters), EDEB adds BBE (all
    boards but the last, ...), EDEBT adds BC then TBR, EDEBB BC then BBE (BC: lower is better).
    Returns the ordered sub-groups (teams still tied share one).

    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, LOSS)))]
    >>> event = TeamEvent(boards=2, matches=ms)
    >>> extended_direct_encounter(event, [1, 2]), extended_direct_encounter(event, [1, 2], "EDET")
    ([[1, 2]], [[1], [2]])
    """
    variant = variant.upper()
    if variant not in _EDE_STEPS:
        raise TeamScoreError(f"{variant} is not one of {', '.join(_EDE_STEPS)} (C.07 13.3)")
    kind = Score(primary)
    second = secondary_of(kind)
    recs = records(event)
    n = event.boards
    steps: list[tuple[Key, Decimal, bool]] = [
        (lambda r: _per_match(kind, r), _max_per_match(kind, event), False),
        (lambda r: _per_match(second, r), _max_per_match(second, event), False),
    ]
    extra: list[tuple[Key, Decimal, bool]] = []
    for letter in _EDE_STEPS[variant]:
        if letter == "C":
            extra.append((_board_key([Decimal(b) for b in range(1, n + 1)]), ZERO, True))
        elif letter == "T":
            for b in range(n):
                extra.append((_board_key([ONE if i == b else ZERO for i in range(n)]), ONE, False))
        else:
            for k in range(n - 1, 0, -1):
                extra.append((_board_key([ONE if i < k else ZERO for i in range(n)]), ONE, False))

    def resolve(g: list[int]) -> list[list[int]]:
        if len(g) == 1:
            return [g]
        for key, maximum, asc in steps:
            parts = _de_split(g, recs, key, maximum, forfeits_played, asc)
            if len(parts) > 1:
                return [sub for part in parts for sub in resolve(part)]
        if len(g) == 2:
            for key, maximum, asc in extra:
                parts = _de_split(g, recs, key, maximum, forfeits_played, asc)
                if len(parts) > 1:
                    return parts
        return [g]

    return resolve(list(group))


# -- standings ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """One line of the team standings: ``rank`` (first place of a shared place), ``shared``
    (``"3-5"`` or ``"3"``), the team, its primary score, MP, GP, won/drawn/lost matches and the
    tie-break values by name (EDE: the place inside the tied group it decided, 0 when it
    decided nothing)."""

    rank: int
    shared: str
    team: int
    name: str
    score: Decimal
    match_points: Decimal
    game_points: Decimal
    won: int
    drawn: int
    lost: int
    tiebreaks: dict[str, TieBreakValue]


def tiebreak_values(
    event: TeamEvent,
    spec: TeamTieBreakSpec,
    primary: Score | str = Score.MP,
    weights: Sequence[int | Decimal] | None = None,
    edition: str = "2026",
) -> dict[int, TieBreakValue]:
    """The values of one team tie-break (not EDE, which depends on the tied group);
    ``edition`` (``2026``, ``2023``) chooses the C.07 Art. 16 rules for BH, ESB and SSSC."""
    kind = Score(primary)
    a = spec.acronym
    values: Mapping[int, TieBreakValue]
    if a == "MPVGP":
        values = scores(event, secondary_of(kind))
    elif a in ("MP", "GP"):
        values = scores(event, a.lower())
    elif a in _ESB:
        values = extended_sonneborn_berger(
            event,
            a,
            cut=spec.cut,
            median=spec.median,
            forfeits_played=spec.forfeits_played,
            edition=edition,
        )
    elif a == "BH":
        values = buchholz(
            event,
            Score(spec.score.lower()) if spec.score else kind,
            cut=spec.cut,
            median=spec.median,
            forfeits_played=spec.forfeits_played,
            edition=edition,
        )
    elif a == "SSSC":
        values = sssc(
            event,
            kind,
            factor=spec.factor,
            forfeits_played=spec.forfeits_played,
            edition=edition,
        )
    elif a == "BC":
        values = board_count(event)
    elif a == "TBR":
        values = top_board_result(event)
    elif a == "BBE":
        values = bottom_board_elimination(event)
    elif a == "MW":
        values = matches_won(event)
    elif a == "MWD":
        values = matches_won_drawn(event)
    elif a == "TSB":
        values = team_sonneborn_berger(event, kind)
    elif a == "SB66":
        values = sonneborn_berger_1966(event, kind)
    elif a == "BW":
        values = board_weighted(event, weights if weights is not None else WEIGHTS_1965)
    elif a == "BERLIN":
        values = board_weighted(event, berlin_weights(event.boards))
    else:
        raise TeamScoreError(f"{a} depends on the tied group; use standings()")
    return dict(values)


def _sort_key(value: TieBreakValue, ascending: bool) -> tuple[Decimal, ...]:
    v = value if isinstance(value, tuple) else (value,)
    return v if ascending else tuple(-x for x in v)


def standings(
    event: TeamEvent,
    score: Score | str = Score.MP,
    tiebreaks: Sequence[TeamTieBreakSpec | str] | str = (),
    *,
    weights: Sequence[int | Decimal] | None = None,
    edition: str = "2026",
) -> list[TeamStanding]:
    """The team standings by ``score`` (MP, GP, Nemlikher, MP-only), then by the tie-breaks in
    order, each applied to the groups still tied (C.07 4.2); places are shared at the end.
    ``edition`` (``2026``, ``2023``): the C.07 Art. 16 rules of BH, ESB and SSSC.

    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, LOSS))),
    ...       TeamMatch(1, 3, 4, (BoardGame(1, 31, 41, DRAW), BoardGame(2, 32, 42, DRAW)))]
    >>> rows = standings(TeamEvent(boards=2, matches=ms), "mp", "EDET,BC")
    >>> [(r.shared, r.team, str(r.tiebreaks["BC"])) for r in rows]
    [('1', 1, '1'), ('2-3', 3, '1.5'), ('2-3', 4, '1.5'), ('4', 2, '2')]
    """
    kind = Score(score)
    if isinstance(tiebreaks, str):
        specs = parse_list(tiebreaks)
    else:
        specs = [parse(x) if isinstance(x, str) else x for x in tiebreaks]
    recs = records(event)
    totals, mp, gp = _totals(recs, kind), _totals(recs, Score.MP), _totals(recs, Score.GP)
    columns: dict[str, dict[int, TieBreakValue]] = {}
    for spec in specs:
        if spec.acronym not in _EDE_STEPS:
            columns[spec.name] = tiebreak_values(event, spec, kind, weights, edition)
        else:
            columns[spec.name] = dict.fromkeys(totals, ZERO)
    order = sorted(totals, key=lambda t: (-totals[t], t))
    groups: list[list[int]] = []
    for t in order:
        if groups and totals[groups[-1][0]] == totals[t]:
            groups[-1].append(t)
        else:
            groups.append([t])
    for spec in specs:
        ascending = (spec.acronym in ASCENDING) != spec.reverse
        new_groups: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                new_groups.append(g)
                continue
            if spec.acronym in _EDE_STEPS:
                parts = extended_direct_encounter(
                    event, g, spec.acronym, kind, forfeits_played=spec.forfeits_played
                )
                if len(parts) > 1:
                    place = 1
                    for part in parts:
                        for t in part:
                            columns[spec.name][t] = Decimal(place)
                        place += len(part)
                new_groups.extend(parts)
                continue
            col = columns[spec.name]
            ranked = sorted(g, key=lambda t: (_sort_key(col[t], ascending), t))
            for t in ranked:
                if new_groups and new_groups[-1][0] in g and col[new_groups[-1][0]] == col[t]:
                    new_groups[-1].append(t)
                else:
                    new_groups.append([t])
        groups = new_groups
    rows: list[TeamStanding] = []
    place = 1
    for g in groups:
        shared = str(place) if len(g) == 1 else f"{place}-{place + len(g) - 1}"
        for t in sorted(g):
            rs = recs[t]
            rows.append(
                TeamStanding(
                    place,
                    shared,
                    t,
                    event.teams[t].name,
                    totals[t],
                    mp[t],
                    gp[t],
                    sum(r.outcome == "W" for r in rs),
                    sum(r.outcome == "D" for r in rs),
                    sum(r.outcome == "L" for r in rs),
                    {name: col[t] for name, col in columns.items()},
                )
            )
        place += len(g)
    return rows


# -- TRF-2026 team files --------------------------------------------------------------------------


def _game_points(entry: RoundEntry) -> Decimal:
    r = entry.result
    if r in (Result.WIN, Result.FORFEIT_WIN, Result.UNRATED_WIN):
        return ONE
    if r in (Result.DRAW, Result.UNRATED_DRAW):
        return HALF
    return ZERO


def _board_entry(entry: RoundEntry, in_lineup: bool) -> bool:
    """A player's round that belongs on a board: a game or a forfeit against a named opponent,
    a forfeit win without one (the other team left that board empty), or a forfeit loss without
    one when a ``300`` line-up puts the player on a board. Byes, rounds not paired and
    ``0000 - -`` of a player not fielded do not."""
    r = entry.result
    if r is None:
        return False
    if entry.opponent is not None:
        return r.is_game or r.is_forfeit
    return r is Result.FORFEIT_WIN or (r is Result.FORFEIT_LOSS and in_lineup)


def _decimal(text: str, what: str) -> Decimal:
    try:
        return Decimal(text)
    except ArithmeticError:
        raise TeamScoreError(f"{what}: {text!r} is not a number") from None


def _columns(text: str, start: int, width: int = 4) -> list[str]:
    """Fields of ``width`` characters separated by one blank, from 1-based column ``start``."""
    out = []
    i = start - 1
    while i < len(text):
        out.append(text[i : i + width].strip())
        i += width + 1
    return out


def event_from_tournament(tournament: Tournament) -> TeamEvent:
    """Build a :class:`TeamEvent` from a tournament read from a TRF-2026 team file.

    Rosters come from ``310`` (or TRF16 ``013``) teams; the matches from the players' ``001``
    rounds (a player's opponent names the opposing team), with the board order of ``300``
    line-ups where given and otherwise the roster order of those who played; ``330`` forfeited
    matches (the winner scores every board), ``320`` team PABs (with their MP and GP), ``240``
    team byes (F: a won match and every board, H: a drawn match and half the boards, Z:
    nothing), ``352`` gives the number of boards and ``362`` the match points. ``299``
    (abnormal points) is not applied.

    :raises TeamScoreError: for a file without teams, or teams that contradict each other
        (:meth:`~chessarbiter.model.Tournament.record_problems`: a player in two teams, a
        member who is no player, two teams with one number).
    """
    t = tournament
    if not t.teams:
        raise TeamScoreError("the file describes no teams (TRF-2026 310 or TRF16 013 records)")
    clashes = [str(p) for p in t.record_problems() if p.field is Field.TEAM]
    if clashes:
        raise TeamScoreError("; ".join(clashes))
    teams = {
        number: TeamEntry(number, team.name, tuple(team.members))
        for number, team in t.team_numbers().items()
    }
    team_of = {p: number for number, team_entry in teams.items() for p in team_entry.members}
    extra: dict[str, list[str]] = defaultdict(list)
    for record in t.extra_records:
        extra[record.code].append(record.text)
    scoring = MatchScoring()
    for text in extra.get("362", []):
        values = dict(re.findall(r"T([WDL])\s+(-?\d+(?:\.\d+)?)", text))
        scoring = MatchScoring(
            _decimal(values.get("W", "2"), "362 TW"),
            _decimal(values.get("D", "1"), "362 TD"),
            _decimal(values.get("L", "0"), "362 TL"),
        )
    lineups: dict[tuple[int, int], list[int | None]] = {}
    for text in extra.get("300", []):
        line = "300" + text
        fields = _columns(line, 5, 3)[:3]
        if len(fields) < 3 or not all(f.isdigit() for f in fields):
            raise TeamScoreError(f"300 record {line!r}: expected round and two team numbers")
        players = [int(x) if x.isdigit() else None for x in _columns(line, 17)]
        lineups[(int(fields[0]), int(fields[1]))] = [p or None for p in players]
    boards = 0
    for text in extra.get("352", []):
        boards = max(boards, len(text.strip()))
    if not boards:
        boards = max((len(v) for v in lineups.values()), default=0)
    rounds = max((len(p.results) for p in t.players.values()), default=0)
    per_round: dict[tuple[int, int], list[tuple[int, RoundEntry]]] = defaultdict(list)
    for number, team_entry in teams.items():
        for p in team_entry.members:
            for r, entry in enumerate(t.players[p].results, start=1):
                if _board_entry(entry, p in lineups.get((r, number), ())):
                    per_round[(r, number)].append((p, entry))
    if not boards:
        boards = max((len(v) for v in per_round.values()), default=1)
    forfeits: dict[tuple[int, int], tuple[str, int, int]] = {}
    for text in extra.get("330", []):
        line = "330" + text
        code = line[4:6]
        fields = _columns(line, 8, 3)[:3]
        if code not in ("+-", "-+", "--") or len(fields) < 3 or not all(map(str.isdigit, fields)):
            raise TeamScoreError(f"330 record {line!r}: expected +-, -+ or --, round, two teams")
        rnd, a, b = map(int, fields)
        forfeits[(rnd, a)] = forfeits[(rnd, b)] = (code, a, b)
        rounds = max(rounds, rnd)
    byes: dict[tuple[int, int], TeamMatch] = {}
    bye_kinds = {
        Result.FULL_POINT_BYE: (MatchKind.FULL_BYE, Decimal(boards), scoring.win),
        Result.HALF_POINT_BYE: (MatchKind.HALF_BYE, Decimal(boards) / 2, scoring.draw),
        Result.ZERO_POINT_BYE: (MatchKind.ZERO_BYE, ZERO, scoring.loss),
    }
    for request in t.bye_requests:
        kind, gp, mp = bye_kinds[request.kind]
        for number in request.players:
            if number in teams:
                byes[(request.round, number)] = TeamMatch(
                    request.round, number, None, points_a=gp, kind=kind, match_points_a=mp
                )
    for text in extra.get("320", []):  # after 240: a 320 PAB wins over a 240 bye
        line = "320" + text
        mp_text, gp_text = line[4:8].strip(), line[9:13].strip()
        mp = _decimal(mp_text, "320 match points") if mp_text else scoring.win
        gp = _decimal(gp_text, "320 game points") if gp_text else Decimal(boards)
        for rnd, raw in enumerate(_columns(line, 15, 3), start=1):
            if raw.isdigit() and int(raw):
                byes[(rnd, int(raw))] = TeamMatch(
                    rnd, int(raw), None, points_a=gp, kind=MatchKind.PAB, match_points_a=mp
                )
                rounds = max(rounds, rnd)
    matches: list[TeamMatch] = []
    done: set[tuple[int, int]] = set()

    def boards_of(rnd: int, team: int, entries: list[tuple[int, RoundEntry]]) -> dict[int, int]:
        lineup = lineups.get((rnd, team))
        roster = teams[team].members
        out: dict[int, int] = {}
        ordered = sorted(entries, key=lambda pe: roster.index(pe[0]))
        for position, (p, _) in enumerate(ordered, start=1):
            out[p] = lineup.index(p) + 1 if lineup and p in lineup else position
        return out

    for rnd in range(1, rounds + 1):
        for number in sorted(teams):
            if (rnd, number) in done:
                continue
            if (rnd, number) in forfeits:
                code, a, b = forfeits[(rnd, number)]
                done |= {(rnd, a), (rnd, b)}
                full, nothing = Decimal(boards), ZERO
                pa, pb = {"+-": (full, nothing), "-+": (nothing, full)}.get(code, (ZERO, ZERO))
                kind = MatchKind.DOUBLE_FORFEIT if code == "--" else MatchKind.FORFEIT
                matches.append(TeamMatch(rnd, a, b, points_a=pa, points_b=pb, kind=kind))
                continue
            entries = per_round.get((rnd, number), [])
            opponents = {
                team_of[e.opponent]
                for _, e in entries
                if e.opponent is not None and e.opponent in team_of
            }
            if len(opponents) > 1:
                raise TeamScoreError(
                    f"round {rnd}: the players of team {number} met players of teams "
                    f"{', '.join(map(str, sorted(opponents)))}"
                )
            if not opponents:
                if (rnd, number) in byes:
                    matches.append(byes[(rnd, number)])
                    done.add((rnd, number))
                elif entries:
                    raise TeamScoreError(
                        f"round {rnd}: team {number} has board results but no opponent team "
                        "(no named opponent and no 330 record)"
                    )
                continue
            other = opponents.pop()
            done |= {(rnd, number), (rnd, other)}
            other_entries = per_round.get((rnd, other), [])
            board_a = boards_of(rnd, number, entries)
            board_b = boards_of(rnd, other, other_entries)
            games: list[BoardGame] = []
            linked: set[int] = set()
            for p, e in entries:
                o = e.opponent
                partner = next((oe for op, oe in other_entries if op == o), None)
                if o is not None and partner is not None:
                    linked.add(o)
                    games.append(
                        BoardGame(
                            board_a[p],
                            p,
                            o,
                            _game_points(e),
                            _game_points(partner),
                            forfeit=not e.is_played,
                        )
                    )
                else:
                    games.append(BoardGame(board_a[p], p, None, _game_points(e), ZERO, True))
            for p, e in other_entries:
                if p not in linked:
                    games.append(BoardGame(board_b[p], None, p, ZERO, _game_points(e), True))
            if any(g.board > boards for g in games):
                raise TeamScoreError(
                    f"round {rnd}, match {number}-{other}: more than {boards} boards"
                )
            matches.append(TeamMatch(rnd, number, other, tuple(sorted(games, key=_by_board))))
    for key, bye in byes.items():
        if key not in done:
            matches.append(bye)
    matches.sort(key=lambda m: (m.round, m.team_a))
    first = re.search(r"_(MP|GP)(?:_|$)", t.system.upper())
    primary = first.group(1).lower() if first else "mp"
    return TeamEvent(
        boards=boards,
        matches=matches,
        teams=teams,
        scoring=scoring,
        rounds=rounds,
        player_names={n: p.name for n, p in t.players.items()},
        name=t.name,
        tiebreaks=list(t.team_tiebreaks or t.tiebreaks),
        primary=primary,
    )


def _by_board(game: BoardGame) -> int:
    return game.board


def load_event(path: str | Path) -> TeamEvent:
    """Read a TRF(-2026) team file into a :class:`TeamEvent` (see
    :func:`event_from_tournament`)."""
    from chessarbiter import trf

    return event_from_tournament(trf.load(path))


def reported(tournament: Tournament) -> dict[int, tuple[str, str, str]]:
    """The match points, game points and rank each ``310`` record reports, as written."""
    return {
        team.number: (
            team.reported_match_points,
            team.reported_game_points,
            team.reported_rank,
        )
        for team in tournament.teams
        if team.number is not None
    }
