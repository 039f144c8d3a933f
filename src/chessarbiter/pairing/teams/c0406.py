"""C.04.6, the FIDE Swiss Team Pairing System (effective 1 February 2026), article by article:

========================  ==========================================================
article                   function
========================  ==========================================================
0 (BR 2, GHR 3.4, 3.5)    :func:`team_states` (played matches only)
1.2 primary score         :func:`team_states` (``primary``)
1.4 PAB value             :func:`pab_value`
1.5 floater               :func:`floated`
1.6 colour, CD            :func:`~chessarbiter.pairing.teams.team_swiss.board1_colours`,
                          :attr:`TeamState.colour_difference`
1.7 preferences A / B     :func:`colour_preference`
2.1 [C1], [C2]            :func:`compatible`, :func:`may_receive_pab`
2.2 [C3]                  :func:`completable`
2.3.1-2.3.4 [C4]-[C7]     :func:`select_upfloaters` (with :func:`c6_complied`,
                          :func:`c7_count`)
2.3.5-2.3.7 [C8]-[C10]    :func:`pair_cost`
3.3 outline               :func:`pair_c0406`
3.4 PAB                   :func:`assign_pab`
3.5 upfloaters            :func:`select_upfloaters`
3.6 bracket pairing       :func:`pair_bracket`
4.2 first-team            :func:`first_team`
4.3 colour allocation     :func:`allocate_colours`
GHR 3.6 board order       :func:`~chessarbiter.pairing.swiss.lexicographic.publication_order`
========================  ==========================================================

Readings of points the text leaves open are named in the docstrings (A6: [C6] as the
parity minimum; A7: "complies with" a minimising criterion = attains its best value;
A9: forfeits are not played matches; A12: 4.3.6 on the right-aligned played histories).
Acceleration (C.04.7) and the 2024 edition of C.04.6 are not implemented: asking for them
raises :class:`~chessarbiter.errors.PairingError` naming the article.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from chessarbiter.errors import PairingError
from chessarbiter.model import Colour
from chessarbiter.model.teams import (
    ColourPreferenceType,
    MatchKind,
    PrimaryScore,
    TeamEvent,
    match_score,
    records,
    secondary_of,
)
from chessarbiter.pairing.matching import default_computer
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.swiss.lexicographic import (
    first_identifier,
    publication_order,
    score_levels,
    upfloater_profiles,
    upfloater_sets,
)
from chessarbiter.pairing.teams.team_swiss import (
    ZERO,
    TeamBoard,
    TeamRoundPairing,
    TeamSwissSystem,
    board1_colour,
    excused,
    paired_rounds,
    pairing_score_problem,
)


@dataclass(frozen=True, slots=True)
class Preference:
    """A colour preference (C.04.6 1.7): the colour (``Colour.NONE``: no preference) and its
    strength: ``"simple"`` (Type A), ``"strong"`` or ``"mild"`` (Type B), ``""`` (none)."""

    colour: Colour = Colour.NONE
    strength: str = ""

    @property
    def strong(self) -> bool:
        return self.strength == "strong"


NO_PREFERENCE = Preference()


@dataclass(frozen=True, slots=True)
class TeamState:
    """A team before the round to be paired.

    ``tpn``: the team pairing number (1.1, the team number). ``score``/``secondary``: the
    primary and secondary scores (1.2). ``colours``: board-1 colours of the matches actually
    played, oldest first (1.6.1, GHR 3.4). ``opponents``: teams met in played matches ([C1],
    GHR 3.5). ``pab_barred``: [C2]. ``matches_played``: 3.4.3. ``floated``: a floater in the
    previous round (1.5).
    """

    tpn: int
    score: Decimal = ZERO
    secondary: Decimal = ZERO
    colours: tuple[Colour, ...] = ()
    opponents: frozenset[int] = frozenset()
    pab_barred: bool = False
    matches_played: int = 0
    floated: bool = False

    @property
    def colour_difference(self) -> int:
        """C.04.6 1.6.2: matches with White minus matches with Black.

        >>> TeamState(1, colours=(Colour.WHITE, Colour.WHITE, Colour.BLACK)).colour_difference
        1
        """
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def last_colour(self) -> Colour:
        return self.colours[-1] if self.colours else Colour.NONE


@dataclass(frozen=True, slots=True)
class C0406Rules:
    """The competition's choices for C.04.6: preference type (1.7), whether the secondary
    score is used for colours (1.2.1 / 4.2.2), the initial colour (4.1), the round being paired
    and the number of rounds (BR 1: "last round", "last two rounds")."""

    preference_type: ColourPreferenceType = ColourPreferenceType.A
    use_secondary: bool = True
    initial_colour: Colour = Colour.WHITE
    round_number: int = 1
    total_rounds: int = 1

    @property
    def last_round(self) -> bool:
        return self.round_number >= self.total_rounds

    @property
    def last_two_rounds(self) -> bool:
        """C.04.6 2.3.4 / 2.3.7: [C7] and [C10] do not apply in the last two rounds."""
        return self.round_number >= self.total_rounds - 1


def colour_preference(team: TeamState, rules: C0406Rules) -> Preference:
    """C.04.6 Art. 1.7 (1.7.1 Type A, 1.7.2 Type B; none when preferences are not used).

    Type A: White if CD < -1, or CD is 0 or -1 and the last two played matches were Black;
    Black mirrored; otherwise none. Type B: the same conditions give a *strong* preference;
    a *mild* one for White if CD is -1, or CD is 0, it is not the last round and the last
    played match was Black (mirrored for Black); none before the first match, or with CD 0
    in the last round. Reading A1/A2: the strong clauses are tested first.

    >>> B, W = Colour.BLACK, Colour.WHITE
    >>> colour_preference(TeamState(1, colours=(W, B, B)), C0406Rules()).colour
    <Colour.WHITE: 'w'>
    >>> colour_preference(TeamState(1, colours=(W, W, B, B)), C0406Rules()).colour
    <Colour.WHITE: 'w'>
    >>> colour_preference(TeamState(1, colours=(W, B)), C0406Rules()) == NO_PREFERENCE
    True
    """
    kind = rules.preference_type
    if kind is ColourPreferenceType.NONE or not team.colours:
        return NO_PREFERENCE
    cd = team.colour_difference
    last_two = team.colours[-2:] if len(team.colours) >= 2 else ()
    strength = "simple" if kind is ColourPreferenceType.A else "strong"
    if cd < -1 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Preference(Colour.WHITE, strength)
    if cd > 1 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Preference(Colour.BLACK, strength)
    if kind is ColourPreferenceType.A:
        return NO_PREFERENCE
    if cd == -1:
        return Preference(Colour.WHITE, "mild")
    if cd == 1:
        return Preference(Colour.BLACK, "mild")
    if rules.last_round:
        return NO_PREFERENCE
    return Preference(team.last_colour.opposite, "mild")


def first_team(a: TeamState, b: TeamState, rules: C0406Rules) -> TeamState:
    """C.04.6 Art. 4.2: the first-team is the one with the higher primary score (4.2.1), then
    the higher secondary score unless the competition does not use it (4.2.2), then the
    smaller TPN (4.2.3).

    >>> first_team(TeamState(4, Decimal(2)), TeamState(1, Decimal(1)), C0406Rules()).tpn
    4
    """

    def key(t: TeamState) -> tuple[Decimal, Decimal, int]:
        return (t.score, t.secondary if rules.use_secondary else ZERO, -t.tpn)

    return a if key(a) > key(b) else b


def allocate_colours(a: TeamState, b: TeamState, rules: C0406Rules) -> tuple[int, int, str]:
    """C.04.6 Art. 4.3: the colours of a pair, as ``(white TPN, black TPN, article)``.

    With descending priority: 4.3.1 neither team has played a match: the first-team takes
    the initial colour if its TPN is odd, otherwise the opposite; 4.3.2 only one team has a
    preference: granted; 4.3.3 opposite preferences: granted; 4.3.4 (Type B) only one strong
    preference: granted; 4.3.5 White to the lower colour difference; 4.3.6 alternate to the
    most recent time one had White and the other Black (played histories right-aligned, GHR
    3.4: reading A12); 4.3.7 the first-team's preference; 4.3.8 the first-team alternates
    from its last played match; 4.3.9 the other team alternates from its last played match.

    >>> W, B = Colour.WHITE, Colour.BLACK
    >>> allocate_colours(TeamState(1, colours=(W,)), TeamState(2, colours=(B, W, W)),
    ...                  C0406Rules(round_number=4, total_rounds=5))
    (1, 2, '4.3.2')
    """
    first = first_team(a, b, rules)
    other = b if first is a else a

    def give(team: TeamState, colour: Colour, article: str) -> tuple[int, int, str]:
        opponent = other if team is first else first
        if colour is Colour.WHITE:
            return team.tpn, opponent.tpn, article
        return opponent.tpn, team.tpn, article

    if not first.colours and not other.colours:
        colour = rules.initial_colour if first.tpn % 2 else rules.initial_colour.opposite
        return give(first, colour, "4.3.1")
    pf, po = colour_preference(first, rules), colour_preference(other, rules)
    if (pf.colour is Colour.NONE) != (po.colour is Colour.NONE):
        granted, pref = (first, pf) if pf.colour is not Colour.NONE else (other, po)
        return give(granted, pref.colour, "4.3.2")
    if pf.colour is not Colour.NONE and pf.colour is po.colour.opposite:
        return give(first, pf.colour, "4.3.3")
    if rules.preference_type is ColourPreferenceType.B and pf.strong != po.strong:
        granted, pref = (first, pf) if pf.strong else (other, po)
        return give(granted, pref.colour, "4.3.4")
    cf, co = first.colour_difference, other.colour_difference
    if cf != co:
        return give(first if cf < co else other, Colour.WHITE, "4.3.5")
    for x, y in zip(reversed(first.colours), reversed(other.colours), strict=False):
        if x is not y:
            return give(first, x.opposite, "4.3.6")
    if pf.colour is not Colour.NONE:
        return give(first, pf.colour, "4.3.7")
    if first.colours:
        return give(first, first.last_colour.opposite, "4.3.8")
    return give(other, other.last_colour.opposite, "4.3.9")


def compatible(a: TeamState, b: TeamState) -> bool:
    """C.04.6 2.1.1 [C1] (BR Art. 2): two teams do not meet twice. Only matches actually
    played count (GHR 3.5: teams that did not play their match may be paired again)."""
    return b.tpn not in a.opponents and a.tpn not in b.opponents


def may_receive_pab(team: TeamState) -> bool:
    """C.04.6 2.1.2 [C2]: no PAB for a team that already had one, won a match by forfeit or
    was given a full-point bye."""
    return not team.pab_barred


def floated(score: Decimal, opponent_score: Decimal) -> bool:
    """C.04.6 1.5: a floater plays against an opponent with a different (primary) score."""
    return score != opponent_score


def pab_value(
    event: TeamEvent,
    match_points: Decimal | None = None,
    game_points: Decimal | None = None,
) -> tuple[Decimal, Decimal]:
    """C.04.6 1.4: the PAB is worth the match points and game points of a drawn match unless
    the competition's rules say otherwise (``match_points``/``game_points``).

    >>> pab_value(TeamEvent(boards=4))
    (Decimal('1'), Decimal('2'))
    """
    mp = event.scoring.draw if match_points is None else match_points
    gp = Decimal(event.boards) / 2 if game_points is None else game_points
    return mp, gp


def team_states(
    event: TeamEvent,
    round_number: int,
    primary: PrimaryScore = PrimaryScore.MP,
    colours: Mapping[tuple[int, int], Colour] | None = None,
) -> dict[int, TeamState]:
    """Every team's state before ``round_number`` (C.04.6 Art. 1; GHR 3.4-3.5).

    Scores (1.2: the primary score and its secondary score,
    :func:`~chessarbiter.model.teams.secondary_of`; match points on the 1/½/0 scale of Team
    Competitions 1972 as such) from the event's records of the earlier rounds; colours (1.6.1) and
    opponents ([C1]) from the matches actually played (a forfeited match gives neither:
    GHR 3.4, 3.5; reading A3); [C2] from PABs, matches won by forfeit and full-point byes;
    matches played (3.4.3, reading A9: forfeits excluded); floaters (1.5) of the previous
    round judged by the scores before that round.
    """
    recs = records(event)

    secondary = secondary_of(primary)

    def score_before(team: int, rnd: int) -> Decimal:
        return sum((match_score(primary, r) for r in recs[team] if r.round < rnd), ZERO)

    played_colours: dict[int, list[tuple[int, Colour]]] = {t: [] for t in event.teams}
    for m in event.matches:
        if m.kind is MatchKind.PLAYED and m.team_b is not None and m.round < round_number:
            played_colours[m.team_a].append((m.round, board1_colour(m, m.team_a, colours)))
            played_colours[m.team_b].append((m.round, board1_colour(m, m.team_b, colours)))
    out: dict[int, TeamState] = {}
    for number in event.teams:
        past = [r for r in recs[number] if r.round < round_number]
        played = [r for r in past if r.kind is MatchKind.PLAYED and r.opponent is not None]
        barred = any(
            r.kind in (MatchKind.PAB, MatchKind.FULL_BYE)
            or (r.kind is MatchKind.FORFEIT and r.outcome == "W")
            for r in past
        )
        previous = next((r for r in played if r.round == round_number - 1), None)
        floater = False
        if previous is not None and previous.opponent is not None:
            floater = floated(
                score_before(number, previous.round),
                score_before(previous.opponent, previous.round),
            )
        out[number] = TeamState(
            tpn=number,
            score=sum((match_score(primary, r) for r in past), ZERO),
            secondary=sum((match_score(secondary, r) for r in past), ZERO),
            colours=tuple(c for _, c in sorted(played_colours[number], key=lambda rc: rc[0])),
            opponents=frozenset(r.opponent for r in played if r.opponent is not None),
            pab_barred=barred,
            matches_played=len(played),
            floated=floater,
        )
    return out


# -- matching helpers ---------------------------------------------------------------------------


def _min_cost_perfect(
    teams: Sequence[TeamState],
    allowed: Callable[[TeamState, TeamState], bool],
    cost: Callable[[TeamState, TeamState], int] | None = None,
) -> tuple[int, list[tuple[TeamState, TeamState]]] | None:
    """A perfect matching of ``teams`` over the allowed pairs with the least total cost, as
    (cost, pairs); ``None`` if there is none. (A maximum-weight matching where every edge is
    worth more than any saving in cost, so that cardinality comes first.)"""
    n = len(teams)
    if n == 0:
        return 0, []
    if n % 2:
        return None
    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        for j in range(i + 1, n):
            if allowed(teams[i], teams[j]):
                edges.append((i, j, cost(teams[i], teams[j]) if cost else 0))
    if not edges:
        return None
    top = max(c for _, _, c in edges)
    big = (top + 1) * (n + 1)
    computer = default_computer(n)
    for i, j, c in edges:
        computer.set_edge_weight(i, j, big - c)
    computer.compute_matching()
    mates = computer.matching()
    if any(m == i for i, m in enumerate(mates)):
        return None
    pairs = [(teams[i], teams[m]) for i, m in enumerate(mates) if i < m]
    if cost is None:
        return 0, pairs
    return sum(cost(x, y) for x, y in pairs), pairs


def completable(teams: Sequence[TeamState]) -> bool:
    """C.04.6 2.2.1 [C3]: a pairing complying with the absolute criteria exists for all the
    teams not yet paired ([C1]; [C2] concerns only the PAB, assigned first).

    >>> met = [TeamState(1, opponents=frozenset({2})), TeamState(2, opponents=frozenset({1}))]
    >>> completable(met), completable([TeamState(1), TeamState(2)])
    (False, True)
    """
    return _min_cost_perfect(teams, compatible) is not None


# -- 3.4 PAB ------------------------------------------------------------------------------------


def assign_pab(teams: Sequence[TeamState]) -> TeamState | None:
    """C.04.6 Art. 3.4 (done first, 3.3.2): with an odd number of teams the PAB goes to the
    team that, in this order, leaves a legal pairing for all the other teams (3.4.1), has the
    lowest score (3.4.2), has played the most matches (3.4.3) and has the largest TPN (3.4.4);
    only teams allowed a PAB by [C2] are candidates. ``None`` with an even number of teams.

    :raises NoValidPairingError: when no team can take it (3.3.3: the Chief Arbiter decides).
    """
    if len(teams) % 2 == 0:
        return None
    candidates = sorted(
        (t for t in teams if may_receive_pab(t)),
        key=lambda t: (t.score, -t.matches_played, -t.tpn),
    )
    for team in candidates:
        if completable([t for t in teams if t is not team]):
            return team
    raise NoValidPairingError(
        "C.04.6 3.4 / 3.3.3: no team can receive the pairing-allocated bye and leave a legal "
        "pairing of the others; the Chief Arbiter decides"
    )


# -- 3.5 upfloaters -----------------------------------------------------------------------------


def c7_count(upfloaters: Iterable[TeamState], rules: C0406Rules) -> int:
    """C.04.6 2.3.4 [C7]: upfloaters that were floaters in the previous round (not applied in
    the last two rounds)."""
    if rules.last_two_rounds:
        return 0
    return sum(1 for t in upfloaters if t.floated)


def c6_complied(rest: Sequence[TeamState], next_level: Decimal | None) -> bool:
    """C.04.6 2.3.3 [C6], reading A6 (the parity minimum): unless the following scoregroup
    (the teams of ``rest`` with score ``next_level``) is now empty, it can be paired in its
    own bracket with [C1], [C3] and [C4] complied with -- with no upfloater if it is even, one
    if it is odd, and the teams left over still completable."""
    if next_level is None:
        return True
    group = [t for t in rest if t.score == next_level]
    if not group:
        return True
    lower = [t for t in rest if t.score < next_level]
    if len(group) % 2 == 0:
        return completable(group) and completable(lower)
    for u in lower:
        if completable([*group, u]) and completable([t for t in lower if t is not u]):
            return True
    return False


def select_upfloaters(
    residents: Sequence[TeamState], others: Sequence[TeamState], rules: C0406Rules
) -> list[TeamState]:
    """C.04.6 Art. 3.5: the upfloaters joining the top-scoregroup ``residents``.

    3.5.1 every team of ``others`` with a lower score is a potential upfloater; 3.5.2 the sets
    complying with [C4] (fewest upfloaters, 2.3.1) and [C5] (2.3.2, :func:`.upfloater_profiles`);
    3.5.3-3.5.4 in lexicographic order; 3.5.5 the first that gives a legal pairing ([C1] in
    the bracket, [C3] for the teams left) and complies with [C6] and [C7]. Readings: C4/C5
    are taken among the sets that can be legal (the completion criterion [C3] ranks above
    them), and "complies with" a minimising criterion means the best value any legal set of
    that profile reaches (A7): the key is ([C6] failed, [C7] count, order).

    :raises NoValidPairingError: if no set gives a legal pairing.
    """
    top = residents[0].score
    levels = score_levels([t for t in others if t.score < top])
    potential = [t for level in levels for t in level]
    for k in range(len(residents) % 2, len(potential) + 1, 2):
        for profile in upfloater_profiles(levels, k):
            best: tuple[tuple[int, int], list[TeamState]] | None = None
            for chosen in upfloater_sets(levels, profile):
                bracket = [*residents, *chosen]
                if not completable(bracket):
                    continue
                taken = {t.tpn for t in chosen}
                rest = [t for t in potential if t.tpn not in taken]
                if not completable(rest):
                    continue
                following = levels[0][0].score if levels else None
                key = (0 if c6_complied(rest, following) else 1, c7_count(chosen, rules))
                if best is None or key < best[0]:
                    best = (key, chosen)
                    if key == (0, 0):
                        break
            if best is not None:
                return best[1]
    raise NoValidPairingError(
        "C.04.6 3.5 / 3.3.3: the top-scoregroup cannot be completed to a legal bracket; "
        "the Chief Arbiter decides"
    )


# -- 3.6 bracket --------------------------------------------------------------------------------


def pair_cost(
    a: TeamState,
    b: TeamState,
    upfloaters: frozenset[int],
    rules: C0406Rules,
    scale: int,
) -> int:
    """The quality criteria of one pair, C.04.6 2.3.5-2.3.7, as one number ([C8] most
    significant, then [C9], then [C10]; ``scale`` exceeds any total of one criterion).

    [C8]: a team whose preference is not fulfilled -- with colours given by Art. 4, that is
    one team in a pair whose two teams prefer the same colour. [C9] (Type B): the same with
    two *strong* preferences (4.3.4 grants a strong one over a mild one). [C10] (not in the
    last two rounds): upfloaters' opponents that were floaters in the previous round.
    """
    pa, pb = colour_preference(a, rules), colour_preference(b, rules)
    c8 = int(pa.colour is not Colour.NONE and pa.colour is pb.colour)
    c9 = int(
        rules.preference_type is ColourPreferenceType.B and c8 == 1 and pa.strong and pb.strong
    )
    c10 = 0
    if not rules.last_two_rounds:
        c10 = int(a.tpn in upfloaters and b.floated) + int(b.tpn in upfloaters and a.floated)
    return (c8 * scale + c9) * scale + c10


def pair_bracket(
    bracket: Sequence[TeamState], upfloaters: Iterable[TeamState], rules: C0406Rules
) -> list[tuple[TeamState, TeamState]]:
    """C.04.6 Art. 3.6: the pairing of a bracket.

    3.6.1 in each pair the smaller TPN is the top member; 3.6.2 a pairing is identified by
    its top members in ascending order followed by their bottom members; 3.6.3 pairings in
    the lexicographic order of their identifiers; 3.6.4 the first that complies with [C1],
    [C8], [C9] and [C10] -- reading A7: the least ([C8], [C9], [C10]) any legal pairing of the
    bracket reaches, then the lexicographically first identifier with it. The identifier is
    built element by element, each choice checked to leave an optimal completion (so no
    enumeration of all pairings is needed).

    >>> teams = [TeamState(n) for n in (4, 6, 8, 9, 10, 11, 16, 24)]
    >>> [(a.tpn, b.tpn) for a, b in pair_bracket(teams, (), C0406Rules())]
    [(4, 10), (6, 11), (8, 16), (9, 24)]
    """
    teams = sorted(bracket, key=lambda t: t.tpn)
    ups = frozenset(t.tpn for t in upfloaters)
    scale = len(teams) + 2

    def cost(a: TeamState, b: TeamState) -> int:
        return pair_cost(a, b, ups, rules, scale)

    best = _min_cost_perfect(teams, compatible, cost)
    if best is None:
        raise NoValidPairingError("C.04.6 3.6: the bracket has no legal pairing ([C1])")
    optimum = best[0]

    def feasible(allowed: Callable[[TeamState, TeamState], bool]) -> bool:
        found = _min_cost_perfect(teams, allowed, cost)
        return found is not None and found[0] == optimum

    return first_identifier(teams, compatible, feasible, "C.04.6 3.6")


# -- the round ----------------------------------------------------------------------------------


def pair_c0406(
    event: TeamEvent,
    total_rounds: int,
    *,
    primary: PrimaryScore = PrimaryScore.MP,
    colour_preference_type: ColourPreferenceType = ColourPreferenceType.A,
    use_secondary: bool = True,
    initial_colour: Colour | None = None,
    colours: Mapping[tuple[int, int], Colour] | None = None,
    pab_match_points: Decimal | None = None,
    pab_game_points: Decimal | None = None,
    absent: Iterable[int] = (),
) -> TeamRoundPairing:
    """Pair the next round of ``event`` by C.04.6 (2026), Art. 3.3.2: the PAB first (3.4),
    then, until every team is paired, the top-scoregroup with its upfloaters (3.5) as a
    bracket paired by 3.6; then the colours of every pair (Art. 4). Matches in the
    recommended publication order (GHR 3.6).

    ``initial_colour`` (4.1): the colour drawn by lot; when ``None`` it is read from round 1
    (the first-team of a round-1 match has it if its TPN is odd, 4.3.1), and White is assumed
    for round 1 itself.

    ``primary`` (1.2.1): match points, game points, or match points worth 1 / ½ / 0; not the
    Nemlikher score (:func:`~chessarbiter.pairing.teams.team_swiss.pairing_score_problem`).

    :raises PairingError: bad parameters (number of rounds, a primary score C.04.6 does not
        pair on), all rounds paired.
    :raises NoValidPairingError: no legal pairing (3.3.3).
    """
    problem = pairing_score_problem(TeamSwissSystem.C0406, primary)
    if problem is not None:
        raise PairingError(problem)
    played = paired_rounds(event)
    round_number = played + 1
    if total_rounds < 1:
        raise PairingError("C.04.1 Art. 1: the number of rounds must be declared")
    if round_number > total_rounds:
        raise PairingError(f"all {total_rounds} rounds have been paired")
    if initial_colour is None or initial_colour is Colour.NONE:
        initial_colour = _infer_initial_colour(event, colours) or Colour.WHITE
    rules = C0406Rules(
        colour_preference_type, use_secondary, initial_colour, round_number, total_rounds
    )
    states = team_states(event, round_number, primary, colours)
    away = excused(event, round_number, absent)
    teams = sorted((s for n, s in states.items() if n not in away), key=lambda s: s.tpn)
    pab = assign_pab(teams)
    remaining = [t for t in teams if t is not pab]
    if not completable(remaining):
        raise NoValidPairingError("C.04.6 3.3.3: no legal pairing of the round exists")
    pairs: list[tuple[TeamState, TeamState]] = []
    notes: list[str] = []
    while remaining:
        top = max(t.score for t in remaining)
        residents = [t for t in remaining if t.score == top]
        others = [t for t in remaining if t.score != top]
        ups = select_upfloaters(residents, others, rules)
        if ups:
            notes.append(f"bracket {top}: upfloaters {', '.join(str(u.tpn) for u in ups)} (3.5)")
        bracket = [*residents, *ups]
        pairs.extend(pair_bracket(bracket, ups, rules))
        chosen = {t.tpn for t in bracket}
        remaining = [t for t in remaining if t.tpn not in chosen]
    boards = []
    for i, (a, b) in enumerate(publication_order(pairs), start=1):
        white, black, article = allocate_colours(a, b, rules)
        boards.append(TeamBoard(i, white, black, article))
    bye_mp = bye_gp = None
    if pab is not None:
        bye_mp, bye_gp = pab_value(event, pab_match_points, pab_game_points)
    return TeamRoundPairing(
        round_number,
        TeamSwissSystem.C0406,
        tuple(boards),
        pab.tpn if pab is not None else None,
        bye_mp,
        bye_gp,
        tuple(notes),
    )


def _infer_initial_colour(
    event: TeamEvent, colours: Mapping[tuple[int, int], Colour] | None
) -> Colour | None:
    """C.04.6 4.1 / 4.3.1 backwards: in a round-1 match (both teams without history, equal
    scores) the first-team is the smaller TPN; it had the initial colour if its TPN is odd."""
    for m in event.matches:
        if m.round == 1 and m.kind is MatchKind.PLAYED and m.team_b is not None:
            first = min(m.team_a, m.team_b)
            colour = board1_colour(m, first, colours)
            return colour if first % 2 else colour.opposite
    return None
