"""The team tie-breaks: C.07 for teams and Team Competitions 1972.

* the C.07 team tie-breaks -- MPvGP (13.1), EMMSB/EMGSB/EGMSB/EGGSB (13.2),
  EDE/EDET/EDEB/EDEBT/EDEBB (13.3), SSSC (13.4), BC (12.1), TBR (12.2), BBE (12.3) -- and
  Buchholz on a team score (8.1, ``BH:MP``/``BH:GP``), named in the TRF-2026 grammar
  (:func:`parse`);
* the tie-breaks of Team Competitions 1972: the correct team Sonneborn-Berger (``TSB``), the
  flawed 1966 Olympiad variant (``SB66``, labelled as such), won / won-and-drawn matches (``MW``,
  ``MWD``), board weighting (``BW``: by default the 1965 European team championship weights 58,
  56, ..., 42; any weights can be given) and the Berlin board weighting (``BERLIN``, German
  practice).

The teams, matches and primary scores are :mod:`chessarbiter.model.teams`; the standings that
apply these tie-breaks in order are :mod:`chessarbiter.standings.teams`.

Unplayed rounds (PAB, full/half/zero-point byes, forfeited and double-forfeited matches,
rounds not paired) score their match and game points, and BH, ESB and SSSC apply C.07 Art. 16
to MP and GP alike (:class:`TeamFacts`, reusing the individual categories of
:func:`unplayed.unplayed_categories` and the 16.5 cut of :mod:`modifiers`): opponents' scores
adjusted (16.3), a dummy opponent for a team's own unplayed rounds (16.4: its own score, capped in
the 2026 edition), voluntarily unplayed rounds cut first (16.5); ``/P`` counts forfeited matches as
played against the scheduled opponent. ``edition`` ``2026`` (default) or ``2023``. BC, TBR and
BBE count an unplayed match per board as its result (C.07 12: a PAB a win on every board).
Forfeited matches are left out of EDE unless ``/P`` is given (C.07 6.1.1). The Team
Competitions 1972 tie-breaks TSB and SB66 keep their historical reading: unplayed matches add
nothing. Pre-determined pairings (C.07 15.2, round robins) are not distinguished: every event is
treated as a Swiss. The values equal TieBreakServer's for the TEC sample file
(tests/tiebreaks/data).

>>> from chessarbiter.model.teams import BoardGame, DRAW, TeamMatch, WIN
>>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))]
>>> extended_sonneborn_berger(TeamEvent(boards=2, matches=ms), "EMGSB")
{1: Decimal('0.0'), 2: Decimal('1.0')}
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction

from chessarbiter.editions import TieBreakEdition
from chessarbiter.model import Result, RoundEntry
from chessarbiter.model.results import Colour
from chessarbiter.model.teams import (
    HALF,
    MATCH_SHARE,
    ONE,
    ZERO,
    MatchKind,
    PrimaryScore,
    Record,
    TeamEvent,
    TeamScoreError,
    drawn_match_score,
    match_score,
    max_match_score,
    records,
    score_totals,
    scores,
    secondary_of,
)
from chessarbiter.tiebreaks import modifiers, unplayed
from chessarbiter.tiebreaks.spec import TieBreakSpec

#: Team Competitions 1972: the 1965 European team championship's board weights (board 1 x 58,
#: board 2 x 56, ..., board 9 x 42).
WEIGHTS_1965: tuple[int, ...] = (58, 56, 54, 52, 50, 48, 46, 44, 42)


# -- tie-break specifications --------------------------------------------------------------------

#: C.07 team tie-breaks with the article the spec gives.
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
    "MP": "match points (C.07 team tie-breaks)",
    "GP": "game points (C.07 team tie-breaks)",
    "MW": "Team Competitions 1972: number of won matches",
    "MWD": "Team Competitions 1972: won matches + ½ drawn matches",
    "TSB": "Team Competitions 1972: team Sonneborn-Berger (correct)",
    "SB66": "Team Competitions 1972: the FLAWED 1966 Olympiad Sonneborn-Berger",
    "BW": "Team Competitions 1972: board weighting (default the 1965 weights 58, 56, ..., 42)",
    "BERLIN": "Berlin board weighting (German practice)",
}
SUPPORTED = (*C07_TEAM, *OTHER_TEAM)
#: Lower values rank higher.
ASCENDING = ("BC",)
_ESB = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")
EDE_STEPS = {"EDE": "", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}


@dataclass(frozen=True, slots=True)
class TeamTieBreakSpec:
    """A team tie-break in the TRF-2026 grammar (records 202/212):
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
    """Parse one team tie-break name (the grammar of TRF-2026 records 202/212).

    >>> s = parse("EMGSB/C1/P")
    >>> s.acronym, s.cut, s.forfeits_played
    ('EMGSB', 1, True)
    >>> parse("BH:MP/C1/P").score, parse("SSSC/K4").factor, parse("mpvgp").acronym
    ('MP', Decimal('4'), 'MPVGP')
    >>> parse("WIN")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chessarbiter.model.teams.TeamScoreError: WIN is not a team tie-break computed here; ...
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

#: The C.07 editions whose unplayed-round rules are applied to teams (see
#: :class:`~chessarbiter.editions.TieBreakEdition`; the legacy virtual opponent of C.02 13.15
#: is not computed for teams).
TEAM_EDITIONS = (TieBreakEdition.C07_2026, TieBreakEdition.C07_2023)


def _round_entry(r: Record | None) -> RoundEntry:
    """A team's round as the individual :class:`RoundEntry` whose C.07 16.2 category it has, so
    that :func:`unplayed.unplayed_categories` classifies it (C.07 16, "mutatis mutandis" for
    teams):
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
_VUR = (unplayed.BYE_THEN_PLAY, unplayed.FORFEIT_LOSS, unplayed.BYE_TO_THE_END)


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

    * 16.2: each round's category, from :func:`unplayed.unplayed_categories`; rounds 1 to
      ``event.rounds`` without a record are rounds not paired;
    * 16.3: :meth:`adjusted` -- a team's score as its opponents see it;
    * 16.4: :meth:`dummy` -- the dummy opponent of a team's own unplayed round, applied to MP
      and GP alike (2026: "Teams: apply to MP and GP");
    * :meth:`contributions` -- the rounds of BH (8.1), ESB (13.2) and SSSC (13.4).

    >>> from chessarbiter.model.teams import BoardGame, DRAW, TeamMatch, WIN
    >>> pab = TeamMatch(1, 1, None, points_a=Decimal(2), kind=MatchKind.FULL_BYE)
    >>> m = TeamMatch(2, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))
    >>> facts = TeamFacts(TeamEvent(boards=2, matches=[pab, m]), "2023")
    >>> facts.categories[1], facts.categories[2]  # team 2: not paired, then played (16.2.3)
    ([1, 0], [3, 0])
    >>> MP, GP = PrimaryScore.MP, PrimaryScore.GP
    >>> facts.dummy(1, 1, MP), facts.dummy(1, 1, GP)  # team 1's own 2 + 2 MP
    (Decimal('4'), Decimal('3.5'))
    >>> TeamFacts(facts.event).dummy(1, 1, MP)  # 2026: capped at 2 rounds x 1 MP
    Decimal('2')
    """

    def __init__(
        self, event: TeamEvent, edition: TieBreakEdition | str = TieBreakEdition.C07_2026
    ) -> None:
        if edition not in TEAM_EDITIONS:
            raise TeamScoreError(
                f"tie-break edition {str(edition)!r} is not computed for teams; available: "
                f"{', '.join(TEAM_EDITIONS)}"
            )
        self.event = event
        self.edition = TieBreakEdition(edition)
        self.capped = self.edition is TieBreakEdition.C07_2026
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
            self.categories[t] = unplayed.unplayed_categories([_round_entry(r) for r in rows])
        self._score: dict[tuple[int, PrimaryScore], Decimal] = {}
        self._adjusted: dict[tuple[int, PrimaryScore], Decimal] = {}

    def points(self, team: int, rnd: int, score: PrimaryScore) -> Decimal:
        """The points of ``team`` in round ``rnd`` (0 in a round not paired)."""
        r = self.by_team[team][rnd - 1]
        return ZERO if r is None else match_score(score, r)

    def score(self, team: int, score: PrimaryScore) -> Decimal:
        """The final score of ``team`` in ``score``."""
        key = (team, score)
        if key not in self._score:
            self._score[key] = sum(
                (self.points(team, i, score) for i in range(1, self.rounds + 1)), ZERO
            )
        return self._score[key]

    def adjusted(self, team: int, score: PrimaryScore) -> Decimal:
        """C.07 16.3 (2026; 2023 the same): a team's score as its opponents count it: unplayed
        rounds of categories 1-4 at the points awarded, category 5 (requested byes followed only
        by voluntarily unplayed rounds, or in the last round; withdrawal) as drawn matches."""
        key = (team, score)
        if key not in self._adjusted:
            draw = drawn_match_score(score, self.event)
            self._adjusted[key] = sum(
                (
                    draw if cat == unplayed.BYE_TO_THE_END else self.points(team, i, score)
                    for i, cat in enumerate(self.categories[team], start=1)
                ),
                ZERO,
            )
        return self._adjusted[key]

    def dummy(self, team: int, rnd: int, score: PrimaryScore) -> Decimal:
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
        forfeit = category in (unplayed.FORFEIT_WIN, unplayed.FORFEIT_LOSS)
        if forfeit and r and r.opponent is not None:
            return min(own, self.adjusted(r.opponent, score))
        return min(own, drawn_match_score(score, self.event) * self.rounds)

    def contributions(
        self,
        team: int,
        opponent_score: PrimaryScore,
        own: PrimaryScore,
        forfeits_played: bool = False,
    ) -> list[Contribution]:
        """Every round of ``team``: a match played counts the opponent's adjusted score
        (16.3); with ``/P`` (TRF-2026 records 202/212: forfeits count as played against the
        scheduled opponent) so does a forfeited match, double forfeits included, which is then not
        voluntarily unplayed; every other round is a match against the dummy (16.4) with the points
        awarded, voluntarily unplayed for categories 3, 4 and 5 (16.1)."""
        out = []
        for i, cat in enumerate(self.categories[team], start=1):
            r = self.by_team[team][i - 1]
            opponent = r.opponent if r is not None else None
            points = self.points(team, i, own)
            forfeit = cat in (unplayed.FORFEIT_WIN, unplayed.FORFEIT_LOSS)
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
    """C.07 14 with 16.5, by :func:`modifiers.cut`: Cut-n drops the n least significant values,
    Median-n also the n highest; a team's voluntarily unplayed rounds are cut first (BH: the
    lowest such contribution; ESB, ``keys`` the opponents' scores: it when not lower than the
    least significant value)."""
    spec = TieBreakSpec("", "SB" if keys is not None else "BH", cut=cut, median=median)
    return modifiers.cut(values, spec, keys)  # the individual C.07 14 / 16.5 cut, reused


def buchholz(
    event: TeamEvent,
    score: PrimaryScore | str = PrimaryScore.MP,
    *,
    cut: int = 0,
    median: int = 0,
    forfeits_played: bool = False,
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
) -> dict[int, Decimal]:
    """C.07 8.1 on a team score (``BH:MP``, ``BH:GP``): the sum of the opponents' scores,
    adjusted for their unplayed rounds (16.3); each own unplayed round counts the dummy
    opponent (16.4, see :class:`TeamFacts`). Cut-n drops the n lowest, Median-n the n lowest
    and n highest (C.07 14), voluntarily unplayed rounds cut first (16.5).

    >>> from chessarbiter.model.teams import BoardGame, DRAW, TeamMatch, WIN
    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN),)),
    ...       TeamMatch(2, 1, 3, (BoardGame(1, 11, 31, DRAW),))]
    >>> buchholz(TeamEvent(boards=1, matches=ms))[1]  # team 2: 0 + a draw for its idle round 2
    Decimal('2')
    """
    kind = PrimaryScore(score.lower() if isinstance(score, str) else score)
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
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
) -> dict[int, Decimal]:
    """C.07 13.2 ESB: the sum over opponents of (the opponent's final MP or GP) x (the MP or GP
    scored against that opponent). EMMSB, EMGSB, EGMSB, EGGSB: the second letter names the
    opponent's score, the third the own score against him. Cut-1 drops the product of the
    opponent with the lowest score, the lowest product among equals (14.1). Each encounter
    counts. EMGSB/C1 is the Olympiad "Sonneborn-Berger" (2016 Olympiad rules G.14):
    the USA won 3-1 against Norway (16 MP) and got 16 x 3 = 48 from that match.

    Unplayed rounds (C.07 16, applied to MP and GP): opponents' scores are adjusted (16.3);
    an own unplayed round is a match against the dummy (16.4) with the MP or GP awarded, e.g.
    a full-point bye worth 2 MP and 4 GP adds the team's own MP x 4 to EMGSB (2023; 2026 caps
    the dummy's MP at a draw per round); voluntarily unplayed rounds are cut first (16.5).

    >>> from chessarbiter.model.teams import BoardGame, DRAW, TeamMatch, WIN
    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))]
    >>> extended_sonneborn_berger(TeamEvent(boards=2, matches=ms), "EMGSB")
    {1: Decimal('0.0'), 2: Decimal('1.0')}
    """
    variant = variant.upper()
    if variant not in _ESB:
        raise TeamScoreError(f"{variant} is not one of {', '.join(_ESB)} (C.07 13.2)")
    opp_kind = PrimaryScore.MP if variant[1] == "M" else PrimaryScore.GP
    own_kind = PrimaryScore.MP if variant[2] == "M" else PrimaryScore.GP
    facts = TeamFacts(event, edition)
    out: dict[int, Decimal] = {}
    for t in facts.by_team:
        cs = facts.contributions(t, opp_kind, own_kind, forfeits_played)
        products = [(c.opponent_score * c.points, c.vur) for c in cs]
        out[t] = _cut_sum(products, cut, median, [c.opponent_score for c in cs])
    return out


def team_sonneborn_berger(
    event: TeamEvent, score: PrimaryScore | str = PrimaryScore.GP
) -> dict[int, Decimal]:
    """Team Competitions 1972, the correct team Sonneborn-Berger ("the system our code recommends"):
    the sum over the matches of (the opponent's final primary score) x (the game points scored in
    that match), so the score by which a match was won counts. In a game-point event this is C.07
    EGGSB; in a match-point event EMGSB.

    >>> from chessarbiter.model.teams import BoardGame, DRAW, TeamMatch, WIN
    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))]
    >>> team_sonneborn_berger(TeamEvent(boards=2, matches=ms))  # totals 1.5 and 0.5
    {1: Decimal('0.75'), 2: Decimal('0.75')}
    """
    recs = records(event)
    totals = score_totals(recs, PrimaryScore(score))
    return {
        t: sum((totals[r.opponent] * r.gp for r in rs if r.played and r.opponent), ZERO)
        for t, rs in recs.items()
    }


def sonneborn_berger_1966(
    event: TeamEvent, score: PrimaryScore | str = PrimaryScore.GP
) -> dict[int, Decimal]:
    """Team Competitions 1972, **the flawed 1966 Olympiad variant** (kept to reproduce and explain
    it, not to use): the chief arbiter summed the final scores of the opponents whose matches were
    won plus half the scores of those drawn -- individual Sonneborn-Berger applied to matches, so
    the score by which a match was won no longer counted (it gave Hungary the bronze instead of
    Yugoslavia).

    >>> from chessarbiter.model.teams import BoardGame, DRAW, TeamMatch, WIN
    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))]
    >>> sonneborn_berger_1966(TeamEvent(boards=2, matches=ms))  # 1 beat 2 (0.5 GP)
    {1: Decimal('0.5'), 2: Decimal('0.0')}
    """
    recs = records(event)
    totals = score_totals(recs, PrimaryScore(score))
    return {
        t: sum(
            (totals[r.opponent] * MATCH_SHARE[r.outcome] for r in rs if r.played and r.opponent),
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
    return {t: sum((MATCH_SHARE[r.outcome] for r in rs), ZERO) for t, rs in records(event).items()}


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
    x 58, board 2 x 56, ..., 42), which the book cites as a cautionary case: the
    Yugoslavs scored 2853 to Hungary's 2346 although Hungary won 9 matches of 10 to 6.

    >>> from chessarbiter.model.teams import BoardGame, LOSS, TeamMatch, WIN
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

    >>> from chessarbiter.model.teams import BoardGame, LOSS, TeamMatch, WIN
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

    >>> from chessarbiter.model.teams import BoardGame, LOSS, TeamMatch, WIN
    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, LOSS)))
    >>> top_board_result(TeamEvent(boards=2, matches=[m]))[1]
    (Decimal('1'), Decimal('0'))
    """
    return {t: tuple(_board_totals(rs, event.boards)) for t, rs in records(event).items()}


def bottom_board_elimination(event: TeamEvent) -> dict[int, tuple[Decimal, ...]]:
    """C.07 12.3 BBE: game points on all boards but the last, then without the next-to-last
    too, and so on (compared in that order).

    >>> from chessarbiter.model.teams import BoardGame, DRAW, LOSS, TeamMatch, WIN
    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW),
    ...                         BoardGame(3, 13, 23, LOSS)))
    >>> bottom_board_elimination(TeamEvent(boards=3, matches=[m]))[1]
    (Decimal('1.5'), Decimal('1'))
    """
    return {t: _bbe(_board_totals(rs, event.boards)) for t, rs in records(event).items()}


def sssc_factor(event: TeamEvent, primary: PrimaryScore) -> Decimal:
    """C.07 13.4: the normalising factor, (maximum achievable primary score) / (maximum
    secondary score in one match), rounded toward zero.

    >>> sssc_factor(TeamEvent(boards=4, rounds=9), PrimaryScore.MP)  # 18 / 4
    Decimal('4')
    """
    maximum = max_match_score(primary, event) * event.rounds
    per_match = max_match_score(secondary_of(primary), event)
    return (maximum / per_match).to_integral_value(rounding=ROUND_DOWN)


def sssc(
    event: TeamEvent,
    primary: PrimaryScore | str = PrimaryScore.MP,
    *,
    factor: Decimal | None = None,
    forfeits_played: bool = False,
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
) -> dict[int, Decimal]:
    """C.07 13.4 SSSC: secondary score + Schedule Strength, where Schedule Strength = the
    Buchholz of the primary score / the factor (:func:`sssc_factor` unless given, ``/Kx``).
    The Buchholz is :func:`buchholz`'s, with C.07 16 (adjusted opponents' scores, the dummy
    for own unplayed rounds). The value is exact (TieBreakServer prints it rounded to 0.01).

    Before the first round is recorded (``event.rounds`` 0) no team has an opponent: every
    Buchholz is 0, and so is the Schedule Strength (the factor, whose maximum achievable
    primary score is 0 then too, is not needed), so the SSSC is the secondary score.

    >>> from chessarbiter.model.teams import BoardGame, DRAW, TeamEntry, TeamMatch, WIN
    >>> m = TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, DRAW)))
    >>> sssc(TeamEvent(boards=2, matches=[m]), factor=Decimal(1))  # 1.5 GP + BH 0
    {1: Decimal('1.5'), 2: Decimal('2.5')}
    >>> sssc(TeamEvent(boards=4, teams={1: TeamEntry(1), 2: TeamEntry(2)}))  # nothing played
    {1: Decimal('0'), 2: Decimal('0')}
    """
    kind = PrimaryScore(primary)
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
    primary: PrimaryScore | str = PrimaryScore.MP,
    *,
    forfeits_played: bool = False,
) -> list[list[int]]:
    """C.07 13.3 EDE: direct encounter (Art. 6) among ``group`` on the primary score, then on
    the secondary score, restarting on every new tied subset. If exactly two teams remain tied
    on both: EDET adds TBR (board 1, then board 2, ... of their encounters), EDEB adds BBE (all
    boards but the last, ...), EDEBT adds BC then TBR, EDEBB BC then BBE (BC: lower is better).
    Returns the ordered sub-groups (teams still tied share one).

    >>> from chessarbiter.model.teams import BoardGame, LOSS, TeamMatch, WIN
    >>> ms = [TeamMatch(1, 1, 2, (BoardGame(1, 11, 21, WIN), BoardGame(2, 12, 22, LOSS)))]
    >>> event = TeamEvent(boards=2, matches=ms)
    >>> extended_direct_encounter(event, [1, 2]), extended_direct_encounter(event, [1, 2], "EDET")
    ([[1, 2]], [[1], [2]])
    """
    variant = variant.upper()
    if variant not in EDE_STEPS:
        raise TeamScoreError(f"{variant} is not one of {', '.join(EDE_STEPS)} (C.07 13.3)")
    kind = PrimaryScore(primary)
    second = secondary_of(kind)
    recs = records(event)
    n = event.boards
    steps: list[tuple[Key, Decimal, bool]] = [
        (lambda r: match_score(kind, r), max_match_score(kind, event), False),
        (lambda r: match_score(second, r), max_match_score(second, event), False),
    ]
    extra: list[tuple[Key, Decimal, bool]] = []
    for letter in EDE_STEPS[variant]:
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


def tiebreak_values(
    event: TeamEvent,
    spec: TeamTieBreakSpec,
    primary: PrimaryScore | str = PrimaryScore.MP,
    weights: Sequence[int | Decimal] | None = None,
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
) -> dict[int, TieBreakValue]:
    """The values of one team tie-break (not EDE, which depends on the tied group);
    ``edition`` (``2026``, ``2023``) chooses the C.07 Art. 16 rules for BH, ESB and SSSC."""
    kind = PrimaryScore(primary)
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
            PrimaryScore(spec.score.lower()) if spec.score else kind,
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
