"""C.04.5, the FIDE Double-Swiss system ("Double-Swiss Pairing System", approved by the
Council on 28 October 2025, applied from 1 February 2026), article by article.

**How a Double-Swiss event is held in the model and in TRF.** Every round of a Double-Swiss
event is a match of two games (Preface); the model (:class:`~chessarbiter.model.Tournament`)
and TRF-2026 hold one opponent, colour and result per player per round column, and TRF-2026
has no per-game result within a round. So **every game is a round column**: match *k* is
columns ``2k-1`` (game 1) and ``2k`` (game 2), against the same opponent with the colours
reversed (game 1's White is the match's "White", 4.4); a bye or an absence covers both columns
(Preface: byes apply only to matches). Scores, standings, tie-breaks, the web app's result
entry and TRF export then work unchanged, and the file keeps every game (FIDE rates games, not
matches). The pairing-allocated bye is ``U`` in both columns, each worth half the PAB of 1.4
(:func:`double_swiss_point_system`: 0.75 with 1 / ½ / 0). A TRF-2026 file of such an event
says ``192 FIDE_DOUBLESWISS`` and counts columns in ``142``, ``240`` and ``260``; round numbers
of the pairing procedure (and of this module) count matches. The same encoding is recorded by
the Java engine MarkDechamps/fide-swiss-pairing-engine (its ADR "A Double-Swiss match takes
two TRF rounds"); chesspairing (Go) reads one game per round, so it reads such a file as an
event of twice the rounds (see ``docs/double_swiss.md``).

==========================  ==============================================================
article                     function
==========================  ==============================================================
0 Preface (match facts)     :func:`read_match`, :class:`MatchRecord`
1.2 order                   :func:`ranks_higher`
1.3 scoregroups             :func:`scoregroups`
1.4 PAB value               :func:`pab_value`, :func:`double_swiss_point_system`
1.5 floater                 :func:`is_floater`
1.6 colour of a match       :attr:`MatchRecord.colour`
2.1.1 [C1]                  :func:`compatible`
2.1.2 [C2]                  :func:`may_receive_pab`
2.2 [C3]                    :func:`completable`
2.3.1-2.3.2 [C4], [C5]      :func:`~chessarbiter.pairing.swiss.lexicographic.upfloater_profiles`
2.3.3 [C6]                  :func:`c6_complied`
2.3.4 [C7]                  :func:`c7_count`
2.3.5 [C8]                  :func:`c8_count`
3.4 PAB                     :func:`assign_pab`
3.5 upfloaters              :func:`select_upfloaters`
3.6 bracket pairing         :func:`pair_bracket`
4.3 colour allocation       :func:`allocate_colours`
4.4 the games' colours      :func:`game_colours`
GHR 3.6 board order         :func:`~chessarbiter.pairing.swiss.lexicographic.publication_order`
==========================  ==============================================================

Readings of points the text leaves open, named in the docstrings: D1, "played" in 1.6 means
a game played over the board (a single forfeited game counts as played for standings and
tie-breaks, Preface, but gives no colour by itself); D2, [C6] is complied with when the
following scoregroup can be paired in its own bracket with the fewest upfloaters its parity
allows (as C.04.6 [C6] is read in :mod:`chessarbiter.pairing.teams.c0406`); D3, a quality
criterion "complied with" is its best value over the legal candidates; D4, colours
(4.3.2-4.3.5) use the matches that have a colour, each player's own, counted back from the
latest (GHR 3.4: rounds without a game are left out); D5, the organiser's forbidden pairs
(TRF-2026 ``260``) are kept apart like [C1].
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, PlayerId, PointSystem, Result, RoundEntry, Tournament
from chessarbiter.model.points import HALF, ONE, ZERO
from chessarbiter.pairing.matching import MatcherFactory, default_computer
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.swiss.lexicographic import (
    first_identifier,
    score_levels,
    upfloater_profiles,
    upfloater_sets,
)

GAMES_PER_MATCH = 2
"""C.04.5 Preface: a match is two games played in succession."""


class MatchError(PairingError):
    """A Double-Swiss event whose game columns are not whole matches (C.04.5 Preface): a game 1
    without its game 2, two games of one match against different opponents or with the same
    colour, a bye on one game only. The message names the player, the match and the rounds."""


def match_columns(match: int) -> tuple[int, int]:
    """The round columns of match ``match``: game 1 and game 2 (the model's encoding, see the
    module docstring).

    >>> match_columns(1), match_columns(3)
    ((1, 2), (5, 6))
    """
    return 2 * match - 1, 2 * match


def match_of_column(column: int) -> int:
    """The match a round column belongs to.

    >>> match_of_column(5), match_of_column(6)
    (3, 3)
    """
    return (column + 1) // 2


def game_of_column(column: int) -> int:
    """Which game of its match (1 or 2) a round column holds (the encoding of the module
    docstring: game 1 in the odd column).

    >>> game_of_column(5), game_of_column(6)
    (1, 2)
    """
    return 2 - column % 2


class MatchKind(enum.Enum):
    """What a match was for one player (C.04.5 Preface)."""

    PLAYED = "played"
    """Regularly played: nobody forfeited both games (a single forfeited game counts as
    played, for standings and tie-breaks)."""
    FORFEITED = "forfeited"
    """At least one player forfeited both games: the pair may meet again."""
    PAB = "pairing-allocated bye"
    BYE = "bye"
    """A bye given before the pairing (H, F or Z), on the whole match."""
    NOT_PAIRED = "not paired"


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One player's match, read from its two game columns (C.04.5 Preface, 1.6).

    ``points``: the player's match score (both games, by the event's point system).
    ``colour`` (1.6): the player's colour in game 1 when at least one game of the match was
    played over the board (reading D1), otherwise ``Colour.NONE``. ``bye``: the bye's code
    (``U``, ``H``, ``F``, ``Z``) for a bye. ``games_played``: games played over the board.
    """

    match: int
    opponent: PlayerId | None
    colour: Colour
    points: Decimal
    kind: MatchKind
    bye: Result | None = None
    forfeited_both: bool = False
    opponent_forfeited_both: bool = False
    games_played: int = 0

    @property
    def regular(self) -> bool:
        """The match counts as played (Preface): for [C1], floats and 3.4.3."""
        return self.kind is MatchKind.PLAYED

    @property
    def won_by_forfeit(self) -> bool:
        """C.04.5 [C2]: the opponent forfeited both games and the player did not."""
        return self.opponent_forfeited_both and not self.forfeited_both


def _forfeited(entry: RoundEntry) -> bool:
    return entry.result is Result.FORFEIT_LOSS


def read_match(tournament: Tournament, number: PlayerId, match: int) -> MatchRecord:
    """Player ``number``'s match ``match``, from round columns ``2·match-1`` and ``2·match``
    (C.04.5 Preface, 1.6; the encoding of the module docstring).

    Preface: "A match ends by forfeit only if at least one player forfeits both games" (then
    the pair may meet again); otherwise it is regularly played, a single forfeited game
    included. "Byes (requested or assigned) apply only to matches": the two columns hold the
    same bye. 1.6: the match's colour is the game-1 colour, if at least one game was played.

    >>> from chessarbiter.model import Player
    >>> t = Tournament(total_rounds=4)
    >>> for n in (1, 2):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> t.record_game(2, 2, 1, Result.FORFEIT_WIN)
    >>> m = read_match(t, 1, 1)
    >>> m.kind.value, m.colour.value, str(m.points), m.forfeited_both
    ('played', 'w', '1', False)

    :raises MatchError: for columns that are not one match (named: player, match, rounds).
    """
    first, second = match_columns(match)
    player = tournament.player(number)
    e1, e2 = player.entry(first), player.entry(second)
    points = tournament.point_system.points
    total = points(e1) + points(e2)
    where = f"player {number}, match {match} (rounds {first} and {second})"
    if e1.opponent is None and e2.opponent is None:
        if e1 == RoundEntry.NOT_PAIRED and e2 == RoundEntry.NOT_PAIRED:
            return MatchRecord(match, None, Colour.NONE, total, MatchKind.NOT_PAIRED)
        if e1.result is not None and e1.result.is_bye and e1.result is e2.result:
            kind = MatchKind.PAB if e1.result is Result.PAIRING_ALLOCATED_BYE else MatchKind.BYE
            return MatchRecord(match, None, Colour.NONE, total, kind, bye=e1.result)
        raise MatchError(
            f"{where}: a bye covers the whole match (C.04.5 Preface), but game 1 has "
            f"{_shown(e1)} and game 2 {_shown(e2)}"
        )
    if e1.opponent is None or e2.opponent is None:
        missing = second if e2.opponent is None else first
        present = first if missing == second else second
        raise MatchError(
            f"{where}: round {present} has a game against "
            f"{e1.opponent if e2.opponent is None else e2.opponent} but round {missing} has "
            f"{_shown(player.entry(missing))}; the two games of a match have one opponent "
            "(C.04.5 Preface)"
        )
    if e1.opponent != e2.opponent:
        raise MatchError(
            f"{where}: game 1 is against {e1.opponent} and game 2 against {e2.opponent}; the "
            "two games of a match have one opponent (C.04.5 Preface)"
        )
    if e1.colour is not Colour.NONE and e1.colour is e2.colour:
        raise MatchError(
            f"{where}: the same colour ({e1.colour.name.lower()}) in both games; the colours "
            "alternate within a match (C.04.5 Preface, 4.4)"
        )
    for column, entry in ((first, e1), (second, e2)):
        if entry.result is None:
            raise MatchError(
                f"{where}: the game of round {column} against {entry.opponent} has no result "
                "yet; a round is paired when the previous results are known"
            )
    if e1.opponent not in tournament.players:
        raise MatchError(f"{where}: opponent {e1.opponent} is not a player of the event")
    opponent = tournament.player(e1.opponent)
    o1, o2 = opponent.entry(first), opponent.entry(second)
    if o1.opponent != number or o2.opponent != number:
        raise MatchError(
            f"{where}: opponent {e1.opponent} does not name player {number} in both games"
        )
    mine = _forfeited(e1) and _forfeited(e2)
    theirs = _forfeited(o1) and _forfeited(o2)
    played = int(e1.is_played) + int(e2.is_played)
    kind = MatchKind.FORFEITED if mine or theirs else MatchKind.PLAYED
    colour = Colour.NONE
    if kind is MatchKind.PLAYED and played:
        colour = e1.colour if e1.colour is not Colour.NONE else e2.colour.opposite
    return MatchRecord(match, e1.opponent, colour, total, kind, None, mine, theirs, played)


def is_double_swiss(tournament: Tournament) -> bool:
    """Whether ``tournament`` is a Double-Swiss event: its TRF-2026 ``192`` record names the
    system (``FIDE_DOUBLESWISS``, ``FIDE_DOUBLESWISS_BAKU``, ``CUSTOM_DOUBLESWISS``), and its
    round columns are therefore games, two per match (the encoding of the module docstring).

    >>> t = Tournament(total_rounds=4)
    >>> is_double_swiss(t)
    False
    >>> t.system = "FIDE_DOUBLESWISS"
    >>> is_double_swiss(t)
    True
    """
    return "DOUBLESWISS" in re.split(r"[^A-Z0-9]+", tournament.system.upper())


def forfeits_counted_as_played(
    tournament: Tournament, rounds: int
) -> frozenset[tuple[PlayerId, int]]:
    """C.04.5 Preface: "In all other cases [no player forfeited both games] the match is
    considered as regularly played and, for the purposes of tie-breaks and standings, any
    forfeited (single) game shall be treated as played (this rule does not apply to rating)".

    The ``(player, round column)`` of every forfeited game of a regularly played match among
    the whole matches of the first ``rounds`` columns (a match whose second column is beyond
    ``rounds`` is not complete and is left as it is).

    >>> from chessarbiter.model import Player
    >>> t = Tournament(total_rounds=4)
    >>> for n in (1, 2):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> t.record_game(2, 2, 1, Result.FORFEIT_WIN)
    >>> sorted(forfeits_counted_as_played(t, 2))
    [(1, 2), (2, 2)]

    :raises MatchError: for columns that are not whole matches (:func:`read_match`).
    """
    counted: set[tuple[PlayerId, int]] = set()
    for player in tournament:
        for match in range(1, rounds // GAMES_PER_MATCH + 1):
            if read_match(tournament, player.number, match).kind is not MatchKind.PLAYED:
                continue
            for column in match_columns(match):
                entry = player.entry(column)
                if entry.opponent is not None and not entry.is_played:
                    counted.add((player.number, column))
    return frozenset(counted)


def _shown(entry: RoundEntry) -> str:
    if entry == RoundEntry.NOT_PAIRED:
        return "no entry"
    if entry.opponent is not None:
        return f"a game against {entry.opponent}"
    assert entry.result is not None
    return f"'{entry.result.value}'"


# -- Article 1: definitions -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DoubleSwissPlayer:
    """A player before the match to be paired (C.04.5 Art. 1).

    ``tpn`` (1.1: the pairing number); ``score`` (the points of every game so far);
    ``colours`` (1.6: the colours of the matches that have one, oldest first); ``opponents``
    ([C1]: opponents of regularly played matches); ``forbidden`` (the organiser's forbidden
    pairs, reading D5); ``pab_barred`` ([C2]); ``matches_played`` (3.4.3: regularly played
    matches); ``floated`` (a floater, 1.5, in the previous round).
    """

    tpn: int
    score: Decimal = ZERO
    colours: tuple[Colour, ...] = ()
    opponents: frozenset[int] = frozenset()
    forbidden: frozenset[int] = frozenset()
    pab_barred: bool = False
    matches_played: int = 0
    floated: bool = False

    @property
    def whites(self) -> int:
        """Matches with White in game 1 (4.3.2).

        >>> DoubleSwissPlayer(1, colours=(Colour.WHITE, Colour.BLACK, Colour.WHITE)).whites
        2
        """
        return sum(1 for c in self.colours if c is Colour.WHITE)

    @property
    def last_colour(self) -> Colour:
        return self.colours[-1] if self.colours else Colour.NONE


@dataclass(frozen=True, slots=True)
class DoubleSwissRules:
    """The round being paired: the initial colour (4.1, drawn by lot), the match (round)
    number and the number of matches of the event (for "the last round" of [C7], [C8])."""

    initial_colour: Colour = Colour.WHITE
    match_number: int = 1
    total_matches: int = 1

    @property
    def last_round(self) -> bool:
        """C.04.5 2.3.4-2.3.5: [C7] and [C8] do not apply in the last round."""
        return self.match_number >= self.total_matches


def ranks_higher(a: DoubleSwissPlayer, b: DoubleSwissPlayer) -> bool:
    """C.04.5 Art. 1.2: players rank by score (1.2.1), then by TPN ascending (1.2.2).

    >>> ranks_higher(DoubleSwissPlayer(5, Decimal(2)), DoubleSwissPlayer(1, Decimal(1)))
    True
    """
    return (a.score, -a.tpn) > (b.score, -b.tpn)


def scoregroups(players: Iterable[DoubleSwissPlayer]) -> list[list[DoubleSwissPlayer]]:
    """C.04.5 Art. 1.3.1: the players with the same score, highest score first, each group in
    TPN order.

    >>> [[p.tpn for p in g] for g in scoregroups(
    ...     DoubleSwissPlayer(n, Decimal(s)) for n, s in ((1, 1), (2, 2), (3, 1)))]
    [[2], [1, 3]]
    """
    groups: dict[Decimal, list[DoubleSwissPlayer]] = {}
    for p in sorted(players, key=lambda p: (-p.score, p.tpn)):
        groups.setdefault(p.score, []).append(p)
    return list(groups.values())


def pab_value(point_system: PointSystem) -> Decimal:
    """C.04.5 Art. 1.4: the pairing-allocated bye is worth "as many points as if the player had
    played a match winning a game and drawing the other" (unless the regulations say
    otherwise): a win plus a draw, 1.5 with 1 / ½ / 0.

    >>> pab_value(PointSystem())
    Decimal('1.5')
    """
    return point_system.win + point_system.draw


def double_swiss_point_system(
    win: Decimal = ONE, draw: Decimal = HALF, loss: Decimal = ZERO
) -> PointSystem:
    """The point system of a Double-Swiss event in the two-columns-per-match encoding: each
    game's values, and the PAB (``U`` in both columns of its match) worth half of
    :func:`pab_value` per column, so that the match's bye is a won and a drawn game (1.4).

    >>> double_swiss_point_system().pairing_allocated_bye
    Decimal('0.75')
    """
    return PointSystem.simple(win, draw, loss, pairing_allocated_bye=(win + draw) / 2)


def column_point_system(
    win: Decimal, draw: Decimal, loss: Decimal, match_bye: Decimal
) -> PointSystem:
    """The point system of a Double-Swiss event whose regulations value the pairing-allocated
    bye of a whole match at ``match_bye`` (C.04.5 Art. 1.4: a won and a drawn game "unless
    the regulations say otherwise"): each game's values, and the PAB worth half of
    ``match_bye`` in each of its two ``U`` columns. With ``match_bye`` equal to
    :func:`pab_value` it is :func:`double_swiss_point_system`.

    >>> column_point_system(ONE, HALF, ZERO, Decimal("1.5")) == double_swiss_point_system()
    True
    >>> column_point_system(ONE, HALF, ZERO, ONE).pairing_allocated_bye
    Decimal('0.5')
    """
    return PointSystem.simple(win, draw, loss, pairing_allocated_bye=match_bye / 2)


def is_floater(score: Decimal, opponent_score: Decimal) -> bool:
    """C.04.5 Art. 1.5: a floater is a player paired against an opponent with a different
    score (either way).

    >>> is_floater(Decimal(2), Decimal("1.5")), is_floater(Decimal(1), Decimal(1))
    (True, False)
    """
    return score != opponent_score


# -- Article 2: criteria ----------------------------------------------------------------------


def compatible(a: DoubleSwissPlayer, b: DoubleSwissPlayer) -> bool:
    """C.04.5 2.1.1 [C1]: two players do not meet twice. Only regularly played matches count
    (Preface: after a match one player forfeited entirely, the pair may meet again). The
    organiser's forbidden pairs are kept apart too (reading D5).

    >>> compatible(DoubleSwissPlayer(1, opponents=frozenset({2})), DoubleSwissPlayer(2))
    False
    """
    return (
        b.tpn not in a.opponents
        and a.tpn not in b.opponents
        and b.tpn not in a.forbidden
        and a.tpn not in b.forbidden
    )


def may_receive_pab(player: DoubleSwissPlayer) -> bool:
    """C.04.5 2.1.2 [C2]: no pairing-allocated bye for a player who already received one, won
    a match by forfeit, or was given a (FIDE-deprecated) full-point bye."""
    return not player.pab_barred


def _greedy(
    players: Sequence[DoubleSwissPlayer],
    allowed: Callable[[DoubleSwissPlayer, DoubleSwissPlayer], bool],
) -> list[tuple[DoubleSwissPlayer, DoubleSwissPlayer]] | None:
    """A perfect matching found by pairing each player, in TPN order, with the first allowed
    partner left; ``None`` when that fails (which proves nothing: see :func:`_perfect`)."""
    left = sorted(players, key=lambda p: p.tpn)
    pairs: list[tuple[DoubleSwissPlayer, DoubleSwissPlayer]] = []
    while left:
        first = left.pop(0)
        for i, other in enumerate(left):
            if allowed(first, other):
                pairs.append((first, left.pop(i)))
                break
        else:
            return None
    return pairs


def _perfect(
    players: Sequence[DoubleSwissPlayer],
    allowed: Callable[[DoubleSwissPlayer, DoubleSwissPlayer], bool],
    factory: MatcherFactory,
    cost: Callable[[DoubleSwissPlayer, DoubleSwissPlayer], int] | None = None,
) -> tuple[int, list[tuple[DoubleSwissPlayer, DoubleSwissPlayer]]] | None:
    """A perfect matching of ``players`` over the allowed pairs with the least total ``cost``,
    as (cost, pairs); ``None`` if none exists. A maximum-weight matching in which every pair
    is worth more than any saving in cost, so that the number of pairs comes first; without a
    cost, a greedy matching is tried first (most calls succeed there)."""
    n = len(players)
    if n == 0:
        return 0, []
    if n % 2:
        return None
    if cost is None:
        quick = _greedy(players, allowed)
        if quick is not None:
            return 0, quick
    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        for j in range(i + 1, n):
            if allowed(players[i], players[j]):
                edges.append((i, j, cost(players[i], players[j]) if cost else 0))
    if len(edges) < n // 2:
        return None
    top = max(c for _, _, c in edges)
    big = (top + 1) * (n + 1)
    matcher = factory(n)
    for i, j, c in edges:
        matcher.set_edge_weight(i, j, big - c)
    matcher.compute_matching()
    mates = matcher.matching()
    if any(m == i or m < 0 or m >= n for i, m in enumerate(mates)):
        return None
    pairs = [(players[i], players[m]) for i, m in enumerate(mates) if i < m]
    if len(pairs) * 2 != n:
        return None
    return (sum(cost(x, y) for x, y in pairs) if cost else 0), pairs


def completable(
    players: Sequence[DoubleSwissPlayer], factory: MatcherFactory = default_computer
) -> bool:
    """C.04.5 2.2 [C3]: a pairing complying with the absolute criteria exists for all the
    players not yet paired ([C1]; [C2] concerns the PAB, assigned first).

    >>> met = [DoubleSwissPlayer(1, opponents=frozenset({2})), DoubleSwissPlayer(2)]
    >>> completable(met), completable([DoubleSwissPlayer(1), DoubleSwissPlayer(2)])
    (False, True)
    """
    return _perfect(players, compatible, factory) is not None


def c6_complied(
    rest: Sequence[DoubleSwissPlayer],
    next_score: Decimal | None,
    factory: MatcherFactory = default_computer,
) -> bool:
    """C.04.5 2.3.3 [C6]: unless the following scoregroup has been emptied by upfloating, the
    upfloaters are chosen so that [C1], [C3] and [C4] can still be complied with in the bracket
    where that scoregroup is paired. Reading D2: the players of ``rest`` with ``next_score`` can
    be paired in their own bracket with no upfloater if they are even, one if odd, and the
    players left over still completable. (Only that scoregroup is involved.)"""
    if next_score is None:
        return True
    group = [p for p in rest if p.score == next_score]
    if not group:
        return True
    lower = [p for p in rest if p.score < next_score]
    if len(group) % 2 == 0:
        return completable(group, factory) and completable(lower, factory)
    for u in lower:
        if completable([*group, u], factory) and completable(
            [p for p in lower if p is not u], factory
        ):
            return True
    return False


def c7_count(upfloaters: Iterable[DoubleSwissPlayer], rules: DoubleSwissRules) -> int:
    """C.04.5 2.3.4 [C7]: upfloaters who were floaters (1.5) in the previous round; not
    applied in the last round.

    >>> c7_count([DoubleSwissPlayer(3, floated=True)], DoubleSwissRules(match_number=2,
    ...     total_matches=5))
    1
    """
    if rules.last_round:
        return 0
    return sum(1 for p in upfloaters if p.floated)


def c8_count(
    a: DoubleSwissPlayer,
    b: DoubleSwissPlayer,
    upfloaters: frozenset[int],
    rules: DoubleSwissRules,
) -> int:
    """C.04.5 2.3.5 [C8]: in the pair ``a``-``b``, the upfloaters' opponents who were
    floaters in the previous round (each direction counted: the words of C.04.6 [C10]); not
    applied in the last round."""
    if rules.last_round:
        return 0
    return int(a.tpn in upfloaters and b.floated) + int(b.tpn in upfloaters and a.floated)


# -- Article 3: the pairing procedure ------------------------------------------------------------


def assign_pab(
    players: Sequence[DoubleSwissPlayer], factory: MatcherFactory = default_computer
) -> DoubleSwissPlayer | None:
    """C.04.5 Art. 3.4 (done first, 3.3): with an odd number of players, the PAB goes to the
    player who, in this order, leaves a legal pairing for all the others (3.4.1), has the
    lowest score (3.4.2), has played the most matches (3.4.3) and has the largest TPN (3.4.4);
    only players allowed a PAB by [C2] are candidates. ``None`` with an even number.

    >>> [assign_pab([DoubleSwissPlayer(n) for n in (1, 2, 3)]).tpn]
    [3]

    :raises NoValidPairingError: when nobody can take it (the Chief Arbiter decides).
    """
    if len(players) % 2 == 0:
        return None
    candidates = sorted(
        (p for p in players if may_receive_pab(p)),
        key=lambda p: (p.score, -p.matches_played, -p.tpn),
    )
    for player in candidates:
        if completable([p for p in players if p is not player], factory):
            return player
    raise NoValidPairingError(
        "C.04.5 3.4: no player can receive the pairing-allocated bye ([C2]) and leave a legal "
        "pairing of the others ([C1], [C3]); the Chief Arbiter decides"
    )


def select_upfloaters(
    residents: Sequence[DoubleSwissPlayer],
    others: Sequence[DoubleSwissPlayer],
    rules: DoubleSwissRules,
    factory: MatcherFactory = default_computer,
) -> list[DoubleSwissPlayer]:
    """C.04.5 Art. 3.5: the upfloaters joining the top scoregroup ``residents``.

    3.5.1 every lower-scored player (``others``) is a potential upfloater; 3.5.2 the sets
    complying with [C4] (the fewest upfloaters) and [C5] (:func:`.upfloater_profiles`); 3.5.3
    each set sorted by score descending, then TPN; 3.5.4 the sets in lexicographic order;
    3.5.5 the first that gives a legal pairing ([C1] in the bracket, [C3] for the players
    left) and complies with [C6] and [C7] (reading D3: the best ([C6], [C7]) any legal set of
    the profile reaches, then the first set with it).

    :raises NoValidPairingError: if no set gives a legal pairing.
    """
    top = residents[0].score
    levels = score_levels([p for p in others if p.score < top])
    potential = [p for level in levels for p in level]
    following = levels[0][0].score if levels else None
    for count in range(len(residents) % 2, len(potential) + 1, 2):
        for profile in upfloater_profiles(levels, count):
            best: tuple[tuple[int, int], list[DoubleSwissPlayer]] | None = None
            # the least [C7] any set of this profile can have: once a legal set reaches it
            # (with [C6]), no later set is better
            floor = 0
            if not rules.last_round:
                floor = sum(
                    max(0, c - sum(1 for p in level if not p.floated))
                    for level, c in zip(levels, profile, strict=True)
                )
            for chosen in upfloater_sets(levels, profile):
                if not completable([*residents, *chosen], factory):
                    continue
                taken = {p.tpn for p in chosen}
                rest = [p for p in potential if p.tpn not in taken]
                if not completable(rest, factory):
                    continue
                key = (0 if c6_complied(rest, following, factory) else 1, c7_count(chosen, rules))
                if best is None or key < best[0]:
                    best = (key, chosen)
                    if key == (0, floor):
                        break
            if best is not None:
                return best[1]
    raise NoValidPairingError(
        "C.04.5 3.5: the top scoregroup cannot be completed to a legal bracket; the Chief "
        "Arbiter decides"
    )


def pair_bracket(
    bracket: Sequence[DoubleSwissPlayer],
    upfloaters: Iterable[DoubleSwissPlayer],
    rules: DoubleSwissRules,
    factory: MatcherFactory = default_computer,
) -> list[tuple[DoubleSwissPlayer, DoubleSwissPlayer]]:
    """C.04.5 Art. 3.6: the pairing of a bracket.

    3.6.1 in each pair the smaller TPN is the top member; 3.6.2 a pairing is identified by its
    top members in ascending order followed by their bottom members; 3.6.3 pairings in the
    lexicographic order of their identifiers; 3.6.4 the first that complies with [C1] and
    [C8] (reading D3: the least [C8] any legal pairing reaches, then the first identifier with
    it). The identifier is built element by element, each choice checked to leave an optimal
    completion, so the pairings are never enumerated.

    >>> players = [DoubleSwissPlayer(n) for n in (4, 6, 8, 9, 10, 11, 16, 24)]
    >>> [(a.tpn, b.tpn) for a, b in pair_bracket(players, (), DoubleSwissRules())]
    [(4, 10), (6, 11), (8, 16), (9, 24)]

    :raises NoValidPairingError: when the bracket has no legal pairing.
    """
    players = sorted(bracket, key=lambda p: p.tpn)
    ups = frozenset(p.tpn for p in upfloaters)

    def cost(a: DoubleSwissPlayer, b: DoubleSwissPlayer) -> int:
        return c8_count(a, b, ups, rules)

    half = len(players) // 2
    natural = list(zip(players[:half], players[half:], strict=True))
    best = _perfect(players, compatible, factory, cost)
    if best is None:
        raise NoValidPairingError("C.04.5 3.6: the bracket has no legal pairing ([C1])")
    optimum = best[0]
    if all(compatible(a, b) for a, b in natural) and sum(cost(a, b) for a, b in natural) == optimum:
        return natural  # the first identifier of all, and optimal

    def feasible(allowed: Callable[[DoubleSwissPlayer, DoubleSwissPlayer], bool]) -> bool:
        if optimum == 0 and _greedy(players, lambda a, b: allowed(a, b) and not cost(a, b)):
            return True
        found = _perfect(players, allowed, factory, cost)
        return found is not None and found[0] == optimum

    return first_identifier(players, compatible, feasible, "C.04.5 3.6")


# -- Article 4: colours -----------------------------------------------------------------------


def allocate_colours(
    a: DoubleSwissPlayer, b: DoubleSwissPlayer, rules: DoubleSwissRules
) -> tuple[int, int, str]:
    """C.04.5 Art. 4.3: the match colours of a pair (the colours of game 1, 4.4) as
    ``(white TPN, black TPN, article)``, by the first rule that decides:

    4.3.1 neither player has had a colour yet: the higher-ranked player (1.2) gets the initial
    colour if his TPN is odd, the other colour if even; 4.3.2 White to the player who had
    White fewer times; 4.3.3 alternate the colours of the most recent round in which they
    differed (reading D4); 4.3.4 the higher-ranked player alternates his last colour; 4.3.5
    the other player alternates his last colour.

    >>> W, B = Colour.WHITE, Colour.BLACK
    >>> allocate_colours(DoubleSwissPlayer(1, colours=(W, W)), DoubleSwissPlayer(2,
    ...     colours=(B, W)), DoubleSwissRules())
    (2, 1, '4.3.2')
    >>> allocate_colours(DoubleSwissPlayer(3), DoubleSwissPlayer(7), DoubleSwissRules())
    (3, 7, '4.3.1')
    """
    high, low = (a, b) if ranks_higher(a, b) else (b, a)

    def give(player: DoubleSwissPlayer, colour: Colour, article: str) -> tuple[int, int, str]:
        other = low if player is high else high
        if colour is Colour.WHITE:
            return player.tpn, other.tpn, article
        return other.tpn, player.tpn, article

    if not high.colours and not low.colours:
        colour = rules.initial_colour if high.tpn % 2 else rules.initial_colour.opposite
        return give(high, colour, "4.3.1")
    if high.whites != low.whites:
        return give(high if high.whites < low.whites else low, Colour.WHITE, "4.3.2")
    for x, y in zip(reversed(high.colours), reversed(low.colours), strict=False):
        if x is not y:
            return give(high, x.opposite, "4.3.3")
    if high.colours:
        return give(high, high.last_colour.opposite, "4.3.4")
    return give(low, low.last_colour.opposite, "4.3.5")


def game_colours(white: PlayerId, black: PlayerId) -> tuple[tuple[int, int], tuple[int, int]]:
    """C.04.5 Art. 4.4 (and the Preface: "alternating colours"): the player with White in the
    match has White in game 1 and Black in game 2, as ``(white, black)`` of each game.

    >>> game_colours(3, 8)
    ((3, 8), (8, 3))
    """
    return (white, black), (black, white)
