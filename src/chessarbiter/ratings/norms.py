"""FIDE title norms of one event: the FIDE Title Regulations effective from 1 January 2024
(B.01), articles 1.4.1-1.4.9 and 1.7, for the four titles gained by norms (GM, IM, WGM, WIM).

Each requirement is one function naming its article; :func:`norm_result` applies them all to a
fixed set of games, :func:`best_norm` looks for the subset of games 1.4.1 e/f lets a player
choose, :func:`norms` does it for every player and title, :func:`norm_outlook` (the "norm
finder") says what a player still needs in the remaining rounds, and :func:`certificate`
gathers the data of the certificate of a title result (B.01 1.8, FIDE form IT1).

What the file cannot tell is said, not guessed: a blank federation is unknown (B.01 1.4.2 a
then cannot be verified, and the norm is not granted), and the event types of 1.4.3 a-c
(national championships, zonals) are given by the caller (:class:`NormExemption`); the Swiss
exemption of 1.4.3 d is computed from the event (:func:`swiss_exemption`).

Scores are the games' outcomes (1, ½, 0), not the event's point system. Ratings are the ones
in the file (B.01 1.4.6 a: the list in effect at the start of the event; the exception of 1.1.4
for events longer than 30 days is not applied: a TRF holds one rating per player).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType

from chessarbiter.crosstable import round_robin_cycles
from chessarbiter.errors import ChessArbiterError, RoundNumberError
from chessarbiter.formatting import plain_number
from chessarbiter.model.player import Player, display_title
from chessarbiter.model.results import PlayerId, Result, RoundEntry
from chessarbiter.model.tournament import Tournament
from chessarbiter.ratings.performance import average_rating, performance_rating
from chessarbiter.ratings.tables import dp

__all__ = [
    "MAXIMUM_NORM_GAMES",
    "MINIMUM_GAMES",
    "MINIMUM_SCORE",
    "NORM_RULES",
    "NO_FEDERATION",
    "TITLE_HOLDERS",
    "UNRATED_RATING",
    "NormCertificate",
    "NormExemption",
    "NormNotAchievedError",
    "NormOpponent",
    "NormOutlook",
    "NormResult",
    "NormRule",
    "NormTitle",
    "best_norm",
    "certificate",
    "counted_game",
    "counted_ratings",
    "federation_limits",
    "foreign_federations",
    "games_requirement",
    "least_score",
    "norm_games",
    "norm_outlook",
    "norm_result",
    "norms",
    "performance_requirements",
    "swiss_exemption",
    "titled_requirements",
    "titles_to_seek",
]

#: B.01 1.4.1 a: a norm needs at least nine games.
MINIMUM_GAMES = 9
#: B.01 1.4.8 b: "The minimum score is 35% for all norms."
MINIMUM_SCORE = Decimal("0.35")
#: B.01 1.4.6 d: "Unrated opponents not covered by 1.4.6b shall be considered to be rated 1400."
UNRATED_RATING = 1400
#: B.01 1.4.2 a: FID ("FIDE") players are accepted as opponents, but FID is no federation: it
#: counts as no foreign federation (1.4.3) and as no federation of the caps of 1.4.4.
NO_FEDERATION = "FID"
#: B.01 1.4.5 a: the title-holders of 0.3 "excluding CM and WCM".
TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "WIM", "FM", "WFM"})
#: B.01 1.4.3 d: the titles that count among the event's foreign players.
_EXEMPTION_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
#: B.01 1.7: "Norms achieved in a tournament with more than 13 rounds count only as 13 games."
MAXIMUM_NORM_GAMES = 13
_HALF = Decimal("0.5")
_POINTS = {Result.WIN: Decimal(1), Result.DRAW: _HALF, Result.LOSS: Decimal(0)}


class NormTitle(StrEnum):
    """The titles gained by norms (B.01 1.4): Grandmaster, International Master, Woman
    Grandmaster, Woman International Master."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"


@dataclass(frozen=True, slots=True)
class NormRule:
    """The numbers of one title's norm (B.01 2024): the performance and the opponents' minimum
    average (0.5, 1.4.8 a), the rating floor (1.4.6 b) and the titles that count as holders of
    the title in question (1.4.5 b-e)."""

    title: NormTitle
    performance: int
    average: int
    floor: int
    holders: frozenset[str]


#: B.01 (2024) 0.5, 1.4.5 b-e, 1.4.6 b, 1.4.8, by title.
NORM_RULES: Mapping[NormTitle, NormRule] = MappingProxyType(
    {
        NormTitle.GM: NormRule(NormTitle.GM, 2600, 2380, 2200, frozenset({"GM"})),
        NormTitle.IM: NormRule(NormTitle.IM, 2450, 2230, 2050, frozenset({"GM", "IM"})),
        NormTitle.WGM: NormRule(NormTitle.WGM, 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
        NormTitle.WIM: NormRule(
            NormTitle.WIM, 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})
        ),
    }
)

#: The titles in the order of the ratings B.01 1.5.3 asks for them (GM 2500, IM 2400, WGM
#: 2300, WIM 2200): a player seeks the titles above the one he holds.
_TITLE_ORDER = (NormTitle.GM, NormTitle.IM, NormTitle.WGM, NormTitle.WIM)
_WOMEN_ONLY = frozenset({NormTitle.WGM, NormTitle.WIM})


class NormExemption(StrEnum):
    """The events B.01 1.4.3 a-c exempt from the foreigner requirement (1.4.3 and 1.4.4),
    which a file cannot tell: the final of a national championship (a), a national team
    championship (b: only for players of the federation that registered it) and a zonal or
    sub-zonal tournament (c). The Swiss exemption, 1.4.3 d, is computed from the event
    (:func:`swiss_exemption`)."""

    NATIONAL_CHAMPIONSHIP = "national-championship"
    NATIONAL_TEAM_CHAMPIONSHIP = "national-team-championship"
    ZONAL = "zonal"


class NormNotAchievedError(ChessArbiterError):
    """A certificate of a title result was asked for a norm the player did not achieve."""


@dataclass(frozen=True, slots=True)
class NormOpponent:
    """One counted game of a norm: the round, the opponent as listed (``rating`` ``None`` when
    unrated), the rating counted after B.01 1.4.6 b-d, whether it was raised to the floor, and
    the player's points in the game."""

    round: int
    number: PlayerId
    name: str
    title: str
    federation: str
    fide_id: str
    rating: int | None
    counted_rating: int
    raised: bool
    points: Decimal

    def as_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "pairing_number": self.number,
            "name": self.name,
            "title": self.title,
            "federation": self.federation,
            "fide_id": self.fide_id,
            "rating": self.rating,
            "counted_rating": self.counted_rating,
            "raised": self.raised,
            "points": plain_number(self.points),
        }


@dataclass(frozen=True, slots=True)
class NormResult:
    """One player's result for one title on a set of games.

    ``games`` is the number of games the norm rests on (a 9-round event's 8 games count as 9
    under B.01 1.4.1 c), ``norm_games`` the games it counts for in a title application (1.4.1
    d, 1.7; 0 when not achieved). ``needed`` is the least score meeting 1.4.8 against these
    opponents (``None``: none can); the requirements that do not depend on the score are in
    ``reasons``, each naming its article."""

    number: PlayerId
    name: str
    title: NormTitle
    achieved: bool
    rounds: tuple[int, ...]
    games: int
    norm_games: int
    score: Decimal
    needed: Decimal | None
    average: int
    performance: int
    reasons: tuple[str, ...]
    opponents: tuple[NormOpponent, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "pairing_number": self.number,
            "name": self.name,
            "title": self.title.value,
            "achieved": self.achieved,
            "needed": None if self.needed is None else plain_number(self.needed),
            "reasons": list(self.reasons),
            "score": plain_number(self.score),
            "games": self.games,
            "norm_games": self.norm_games,
            "average": self.average,
            "performance": self.performance,
            "rounds": list(self.rounds),
            "opponents": [o.as_json() for o in self.opponents],
        }


# -- the rules, one function each ----------------------------------------------------------


def titles_to_seek(player: Player) -> tuple[NormTitle, ...]:
    """The norms ``player`` may seek: the titles above the one he holds, in the order of the
    ratings B.01 1.5.3 asks for them (GM, IM, WGM, WIM); WGM and WIM only for women (TRF sex
    ``w``, also ``f``). Titles are read as the TRF writes them (``g``, ``wm``, ``GM``...).

    >>> titles_to_seek(Player(1, "A", title="m"))
    (<NormTitle.GM: 'GM'>,)
    >>> [str(t) for t in titles_to_seek(Player(2, "B", sex="w", title="WIM"))]
    ['GM', 'IM', 'WGM']
    >>> titles_to_seek(Player(3, "C", title="GM"))
    ()
    """
    held = display_title(player.title)
    woman = player.sex.strip().lower() in ("w", "f")
    seek: list[NormTitle] = []
    for title in _TITLE_ORDER:
        if title.value == held:
            break
        if woman or title not in _WOMEN_ONLY:
            seek.append(title)
    return tuple(seek)


def counted_game(tournament: Tournament, entry: RoundEntry, *, round_robin: bool) -> bool:
    """Whether a round counts for a norm (B.01 1.4.2): a game played over the board (TRF
    ``1``, ``=``, ``0``); not forfeits, byes or games the file marks unrated (W, D, L: 1.4.2
    c, "anything other than over-the-board play"), and in a round robin not a game against
    an unrated opponent who scored zero against the rated ones (1.4.2 b)."""
    if entry.result not in _POINTS or entry.opponent is None:
        return False
    opponent = tournament.players.get(entry.opponent)
    if opponent is None:
        return False
    if round_robin and not opponent.rating:
        rated = [
            e
            for e in opponent.results
            if e.result in _POINTS
            and e.opponent is not None
            and e.opponent in tournament.players
            and tournament.players[e.opponent].rating
        ]
        if rated and all(e.result is Result.LOSS for e in rated):
            return False
    return True


def games_requirement(games: int, *, event_rounds: int, missing: Result | None) -> int:
    """The games a norm of ``games`` counted games rests on, 0 if too few (B.01 1.4.1): at
    least 9 (a); in a 9-round event 8 games count as 9 when the ninth round was a forfeit
    win or the pairing-allocated bye (c: ``missing`` is that round's result). The 7- and
    8-game cases of 1.4.1 b (team championships, World Cup) are not applied.

    >>> games_requirement(9, event_rounds=9, missing=None)
    9
    >>> games_requirement(8, event_rounds=9, missing=Result.FORFEIT_WIN)
    9
    >>> games_requirement(8, event_rounds=9, missing=Result.HALF_POINT_BYE)
    0
    """
    if games >= MINIMUM_GAMES:
        return games
    if (
        games == MINIMUM_GAMES - 1
        and event_rounds == MINIMUM_GAMES
        and missing in (Result.FORFEIT_WIN, Result.PAIRING_ALLOCATED_BYE)
    ):
        return MINIMUM_GAMES
    return 0


def foreign_federations(own: str, federations: Iterable[str]) -> set[str]:
    """The opponents' federations other than the player's (B.01 1.4.3: at least two are
    needed); FID and blanks are no federation (1.4.2 a).

    >>> sorted(foreign_federations("FRA", ["FRA", "GER", "FID", "", "ESP", "GER"]))
    ['ESP', 'GER']
    """
    return {f for f in federations if f and f != NO_FEDERATION and f != own}


def federation_limits(own: str, federations: Sequence[str]) -> list[str]:
    """B.01 1.4.4: at most 3/5 of the opponents from the player's federation and at most 2/3
    from one federation, the maxima rounded down; FID and blanks count for neither. Returns
    the requirements not met.

    >>> federation_limits("FRA", ["FRA"] * 6 + ["GER"] * 3)
    ['B.01 1.4.4: 6 opponents from the own federation FRA, at most 5']
    >>> federation_limits("FRA", ["GER"] * 7 + ["ESP"] * 2)
    ['B.01 1.4.4: 7 opponents from GER, at most 6']
    """
    n = len(federations)
    reasons: list[str] = []
    counts = Counter(f for f in federations if f and f != NO_FEDERATION)
    own_max = 3 * n // 5
    if own and own != NO_FEDERATION and counts[own] > own_max:
        reasons.append(
            f"B.01 1.4.4: {counts[own]} opponents from the own federation {own}, at most {own_max}"
        )
    one_max = 2 * n // 3
    for federation, count in sorted(counts.items()):
        if count > one_max:
            reasons.append(f"B.01 1.4.4: {count} opponents from {federation}, at most {one_max}")
    return reasons


def titled_requirements(
    rule: NormRule, titles: Sequence[str], *, double_round_robin_players: int | None = None
) -> list[str]:
    """B.01 1.4.5: at least 50 % of the opponents title-holders, CM and WCM excluded (a); at
    least a third of them, and at least 3, holding the title in question or a higher one (b-e:
    :attr:`NormRule.holders`); minima rounded up. ``titles`` are the opponents' titles, one per
    opponent counted. In a double round robin (``double_round_robin_players`` = the players)
    there must be at least 6 players and the holders needed are half the opponents, rounded up;
    the opponents are then counted once each (the regulations' wording of that case was not
    available verbatim: this reading is ours). Returns the requirements not met.

    >>> rule = NORM_RULES[NormTitle.GM]
    >>> for reason in titled_requirements(rule, ["GM", "GM", "IM", "FM", "CM"] + [""] * 4):
    ...     print(reason)
    B.01 1.4.5 a: 4 title-holders among 9 opponents, 5 needed
    B.01 1.4.5 b: 2 opponents holding GM, 3 needed
    """
    n = len(titles)
    reasons: list[str] = []
    if double_round_robin_players is not None and double_round_robin_players < 6:
        reasons.append(
            f"B.01 1.4.5: a double round robin of {double_round_robin_players} players, "
            "at least 6 needed"
        )
    titled = sum(1 for t in titles if t in TITLE_HOLDERS)
    titled_needed = math.ceil(n / 2)
    if titled < titled_needed:
        reasons.append(
            f"B.01 1.4.5 a: {titled} title-holders among {n} opponents, {titled_needed} needed"
        )
    holders = sum(1 for t in titles if t in rule.holders)
    if double_round_robin_players is not None:
        holders_needed = math.ceil(n / 2)
    else:
        holders_needed = max(3, math.ceil(n / 3))
    if holders < holders_needed:
        held = "/".join(t for t in _TITLE_ORDER if t.value in rule.holders)
        reasons.append(
            f"B.01 1.4.5 {_HOLDER_LETTER[rule.title]}: {holders} opponents holding {held}, "
            f"{holders_needed} needed"
        )
    return reasons


_HOLDER_LETTER = {NormTitle.GM: "b", NormTitle.IM: "c", NormTitle.WGM: "d", NormTitle.WIM: "e"}


def counted_ratings(ratings: Sequence[int | None], floor: int) -> tuple[list[int], int | None]:
    """The opponents' ratings as a norm counts them (B.01 1.4.6): unrated (``None`` or 0) as
    1400 (d), and the lowest one below the ``floor`` raised to it, no other (b, c). Returns
    the ratings and the index of the raised one (``None`` if none).

    >>> counted_ratings([2100, None, 2150, 2400], 2200)
    ([2100, 2200, 2150, 2400], 1)
    """
    counted = [r if r else UNRATED_RATING for r in ratings]
    below = [i for i, r in enumerate(counted) if r < floor]
    if not below:
        return counted, None
    lowest = min(below, key=lambda i: (counted[i], i))
    counted[lowest] = floor
    return counted, lowest


def least_score(rule: NormRule, ratings: Sequence[int]) -> Decimal | None:
    """The least score (in half points) meeting B.01 1.4.8 in games against opponents rated
    ``ratings`` (after 1.4.6): ``Ra`` at least the title's minimum (a), at least 35 % (b) and
    ``Rp = Ra + dp`` at least the title's level, dp from 1.4.9 with the percentage rounded,
    0.5 % up. ``None`` when no score can. In the 8 games of 1.4.1 c the title result is
    asked "in those 8 games": the 35 % too are taken of the games played (our reading).

    >>> least_score(NORM_RULES[NormTitle.GM], [2450] * 9)
    Decimal('6.5')
    >>> least_score(NORM_RULES[NormTitle.GM], [2300] * 9) is None
    True
    """
    if not ratings or average_rating(ratings) < rule.average:
        return None
    played = len(ratings)
    for halves in range(2 * played + 1):
        score = Decimal(halves) / 2
        if score < MINIMUM_SCORE * played:
            continue
        if performance_rating(ratings, score) >= rule.performance:
            return score
    return None


def performance_requirements(
    rule: NormRule, average: int, performance: int, score: Decimal, games: int
) -> list[str]:
    """B.01 1.4.8: the requirements of a title performance not met by ``Ra`` ``average``,
    ``Rp`` ``performance`` and ``score`` over ``games`` games.

    >>> for reason in performance_requirements(NORM_RULES[NormTitle.IM], 2220, 2460, Decimal(3), 9):
    ...     print(reason)
    B.01 1.4.8 a: Ra 2220, at least 2230 needed
    B.01 1.4.8 b: 3 points of 9 games (33 %), at least 35 % needed
    """
    reasons: list[str] = []
    if average < rule.average:
        reasons.append(f"B.01 1.4.8 a: Ra {average}, at least {rule.average} needed")
    if games and score < MINIMUM_SCORE * games:
        percent = int(score * 100 / games)
        reasons.append(
            f"B.01 1.4.8 b: {plain_number(score)} points of {games} games ({percent} %), "
            "at least 35 % needed"
        )
    if performance < rule.performance:
        reasons.append(f"B.01 1.4.8: Rp {performance}, at least {rule.performance} needed")
    return reasons


def norm_games(games: int, score: Decimal, needed: Decimal) -> int:
    """The games an achieved norm counts for in a title application: one more for each full
    point above the score needed (B.01 1.4.1 d, as the reading note of the 2024 text words it),
    at most 13 (1.7: "Norms achieved in a tournament with more than 13 rounds count only as 13
    games"; capping the extra games of 1.4.1 d there too is our reading).

    >>> norm_games(9, Decimal("7.5"), Decimal("6.5")), norm_games(15, Decimal(10), Decimal(9))
    (10, 13)
    """
    extra = int(score - needed) if score > needed else 0
    return min(games + extra, MAXIMUM_NORM_GAMES)


def swiss_exemption(tournament: Tournament, *, last_round: int | None = None) -> bool:
    """B.01 1.4.3 d: a Swiss whose participants include, in every round, at least 20
    FIDE-rated players not of the host federation (TRF ``032``, :attr:`Tournament.federation`),
    from at least 3 federations, at least 10 of them GM, IM, WGM or WIM; players counted only
    if they miss at most one round, pairing-allocated byes excepted (a forfeit win is not a
    round missed). Such an event is exempt from the foreigner requirement (1.4.3, 1.4.4).
    False for a round robin, an event without a host federation, or FID players (no
    federation). Rounds 1 to ``last_round`` (default: every round recorded) are looked at."""
    host = tournament.federation.strip()
    if not host or round_robin_cycles(tournament) is not None:
        return False
    last = tournament.recorded_rounds if last_round is None else last_round
    if last < 1:
        return False
    counted: list[Player] = []
    for player in tournament:
        federation = player.federation.strip()
        if not player.rating or not federation or federation in (host, NO_FEDERATION):
            continue
        missed = sum(
            1
            for r in range(1, last + 1)
            if not player.entry(r).is_played
            and player.entry(r).result not in (Result.PAIRING_ALLOCATED_BYE, Result.FORFEIT_WIN)
        )
        if missed <= 1:
            counted.append(player)
    titled = sum(1 for p in counted if display_title(p.title) in _EXEMPTION_TITLES)
    federations = {p.federation.strip() for p in counted}
    return len(counted) >= 20 and len(federations) >= 3 and titled >= 10


# -- one player, one title -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Event:
    """What every norm of one event shares: its rounds, its kind, the exemption."""

    tournament: Tournament
    rounds: int
    cycles: int | None
    exempt_swiss: bool
    last_round: int


def _event(tournament: Tournament, after_round: int | None) -> _Event:
    if after_round is not None and after_round < 0:
        raise RoundNumberError(f"rounds are numbered from 1, not {after_round}")
    recorded = tournament.recorded_rounds
    last = recorded if after_round is None else min(after_round, recorded)
    rounds = tournament.total_rounds or recorded
    return _Event(
        tournament,
        rounds,
        round_robin_cycles(tournament),
        swiss_exemption(tournament, last_round=last),
        last,
    )


def _games(event: _Event, player: Player) -> list[tuple[int, Player, Decimal]]:
    """The rounds counted for ``player`` up to the event's last round (1.4.2)."""
    t = event.tournament
    games: list[tuple[int, Player, Decimal]] = []
    for r in range(1, event.last_round + 1):
        entry = player.entry(r)
        if counted_game(t, entry, round_robin=event.cycles is not None):
            assert entry.opponent is not None and entry.result is not None
            games.append((r, t.players[entry.opponent], _POINTS[entry.result]))
    return games


def _evaluate(
    event: _Event,
    player: Player,
    title: NormTitle,
    games: Sequence[tuple[int, Player, Decimal]],
    exemption: NormExemption | None,
) -> NormResult:
    rule = NORM_RULES[title]
    t = event.tournament
    reasons: list[str] = []
    rounds = tuple(r for r, _, _ in games)
    n = len(games)
    missing: Result | None = None
    if n == MINIMUM_GAMES - 1 and event.rounds == MINIMUM_GAMES:
        gaps = [r for r in range(1, MINIMUM_GAMES + 1) if r not in rounds]
        if len(gaps) == 1:
            missing = player.entry(gaps[0]).result
    counted = games_requirement(n, event_rounds=event.rounds, missing=missing)
    if not counted:
        reasons.append(
            f"B.01 1.4.1 a: {_count(n, 'game')} counted, at least {MINIMUM_GAMES} needed"
        )
    own = player.federation.strip()
    federations = [o.federation.strip() for _, o, _ in games]
    unknown = [r for r, o, _ in games if not o.federation.strip()]
    if unknown:
        reasons.append(
            f"B.01 1.4.2 a: no federation given for {_count(len(unknown), 'opponent')} "
            f"(round{'s' if len(unknown) > 1 else ''} {', '.join(map(str, unknown))}): "
            "cannot verify"
        )
    exempt = _exempt(event, own, exemption)
    if not exempt:
        foreign = foreign_federations(own, federations)
        if not own:
            reasons.append("B.01 1.4.3: the player's federation is not given")
        elif len(foreign) < 2:
            reasons.append(
                f"B.01 1.4.3: {_count(len(foreign), 'federation')} other than the player's, "
                "2 needed"
            )
        if n:
            reasons.extend(federation_limits(own, federations))
    opponent_titles = [display_title(o.title) for _, o, _ in games]
    if event.cycles == 2:
        distinct = {o.number: display_title(o.title) for _, o, _ in games}
        reasons.extend(
            titled_requirements(rule, list(distinct.values()), double_round_robin_players=len(t))
        )
    elif n:
        reasons.extend(titled_requirements(rule, opponent_titles))
    ratings, raised = counted_ratings([o.rating for _, o, _ in games], rule.floor)
    score = sum((p for _, _, p in games), Decimal(0))
    average = average_rating(ratings) if ratings else 0
    performance = performance_rating(ratings, score) if ratings else 0
    needed = least_score(rule, ratings)
    if n:
        reasons.extend(performance_requirements(rule, average, performance, score, n))
    achieved = not reasons
    opponents = tuple(
        NormOpponent(
            r,
            o.number,
            o.name,
            display_title(o.title),
            o.federation.strip(),
            o.fide_id,
            o.rating or None,
            ratings[i],
            i == raised,
            p,
        )
        for i, (r, o, p) in enumerate(games)
    )
    return NormResult(
        player.number,
        player.name,
        title,
        achieved,
        rounds,
        counted or n,
        norm_games(counted, score, needed) if achieved and needed is not None else 0,
        score,
        needed,
        average,
        performance,
        tuple(reasons),
        opponents,
    )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _exempt(event: _Event, own: str, exemption: NormExemption | None) -> bool:
    """B.01 1.4.3 a-d: whether the foreigner requirement (1.4.3, 1.4.4) is waived."""
    if exemption is NormExemption.NATIONAL_TEAM_CHAMPIONSHIP:
        host = event.tournament.federation.strip()
        return not host or host == own
    return exemption is not None or event.exempt_swiss


def norm_result(
    tournament: Tournament,
    player: PlayerId,
    title: NormTitle,
    *,
    rounds: Collection[int] | None = None,
    exemption: NormExemption | None = None,
    after_round: int | None = None,
) -> NormResult:
    """Whether ``player`` achieved a ``title`` norm on his games in ``rounds`` (default: every
    round up to ``after_round``, default every round recorded): B.01 (2024) 1.4.1-1.4.8, each
    requirement not met a reason naming its article.

    :raises UnknownPlayerError: if ``player`` is no pairing number of the event.
    :raises RoundNumberError: for a negative ``after_round``.
    """
    event = _event(tournament, after_round)
    p = tournament.player(player)
    games = _games(event, p)
    if rounds is not None:
        chosen = set(rounds)
        games = [g for g in games if g[0] in chosen]
    return _evaluate(event, p, NormTitle(title), games, exemption)


_MIX = ("B.01 1.4.2", "B.01 1.4.3", "B.01 1.4.4", "B.01 1.4.5")


def best_norm(
    tournament: Tournament,
    player: PlayerId,
    title: NormTitle,
    *,
    exemption: NormExemption | None = None,
    after_round: int | None = None,
) -> NormResult:
    """The norm on the games B.01 1.4.1 e/f lets the player choose: he may leave out later
    games once he has a title result (e: not where the pairings are predetermined, a round
    robin) and games against opponents he defeated (f), keeping at least the games and the
    mix of opponents a norm needs; in a round robin the mix must also hold over the whole
    event (f). Returns the achieved result with the most games if any choice gives one, else
    the result on every game.

    :raises UnknownPlayerError: if ``player`` is no pairing number of the event.
    """
    event = _event(tournament, after_round)
    return _best(event, tournament.player(player), NormTitle(title), exemption)


def _best(
    event: _Event, p: Player, title: NormTitle, exemption: NormExemption | None
) -> NormResult:
    """:func:`best_norm` within an event whose shared facts are computed once."""
    games = _games(event, p)
    whole = _evaluate(event, p, title, games, exemption)
    if whole.achieved or len(games) <= MINIMUM_GAMES - 1:
        return whole
    if event.cycles is not None and any(r.startswith(_MIX) for r in whole.reasons):
        return whole
    if not _may_achieve(NORM_RULES[title], games):
        return whole
    prefixes = (
        [len(games)] if event.cycles is not None else range(len(games), MINIMUM_GAMES - 1, -1)
    )
    best: NormResult | None = None
    for end in prefixes:
        if best is not None and end <= best.games:
            break
        head = games[:end]
        wins = [i for i, g in enumerate(head) if g[2] == 1]
        for drop in range(0, min(len(wins), end - MINIMUM_GAMES) + 1):
            if best is not None and end - drop <= best.games:
                break
            found: NormResult | None = None
            for dropped in itertools.combinations(wins, drop):
                if not drop and end == len(games):
                    continue
                left = set(dropped)
                subset = [g for i, g in enumerate(head) if i not in left]
                result = _evaluate(event, p, title, subset, exemption)
                if result.achieved:
                    found = result
                    break
            if found is not None:
                best = found
                break
    return best if best is not None else whole


def _may_achieve(rule: NormRule, games: Sequence[tuple[int, Player, Decimal]]) -> bool:
    """Whether some choice of at least 9 of ``games`` might give a norm: a bound, for
    :func:`best_norm` to skip hopeless searches (the best 9 ratings, each at least the floor,
    and the whole score over 9 games; enough holders and title-holders among all games)."""
    best = sorted((max(o.rating or UNRATED_RATING, rule.floor) for _, o, _ in games), reverse=True)
    top = best[:MINIMUM_GAMES]
    if len(top) < MINIMUM_GAMES or average_rating(top) < rule.average:
        return False
    score = sum((g[2] for g in games), Decimal(0))
    if average_rating(top) + dp(min(Decimal(1), score / MINIMUM_GAMES)) < rule.performance:
        return False
    titles = [display_title(o.title) for _, o, _ in games]
    return sum(1 for t in titles if t in rule.holders) >= 3 and sum(
        1 for t in titles if t in TITLE_HOLDERS
    ) >= math.ceil(MINIMUM_GAMES / 2)


def norms(
    tournament: Tournament,
    *,
    titles: Collection[NormTitle] | None = None,
    exemption: NormExemption | None = None,
    after_round: int | None = None,
) -> list[NormResult]:
    """Every player's best norm (:func:`best_norm`) for every title he may seek
    (:func:`titles_to_seek`), limited to ``titles`` if given: in pairing-number order, then in
    the order GM, IM, WGM, WIM.

    :raises RoundNumberError: for a negative ``after_round``.
    """
    wanted = set(_TITLE_ORDER) if titles is None else {NormTitle(t) for t in titles}
    event = _event(tournament, after_round)
    return [
        _best(event, p, title, exemption)
        for p in tournament
        for title in titles_to_seek(p)
        if title in wanted
    ]


# -- the norm finder -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NormOutlook:
    """What a player needs in the remaining rounds for a ``title`` norm, after ``after_round``
    (the "norm finder"). ``targets`` pairs each score in the remaining rounds with the lowest
    average rating of the remaining opponents with which it gives the norm (``None``: never,
    whatever their ratings). The counts are what the remaining opponents must still bring
    (B.01 1.4.5 a, b-e, 1.4.3); ``reasons`` say why no norm is possible any more."""

    number: PlayerId
    title: NormTitle
    after_round: int
    remaining: int
    points: Decimal
    targets: tuple[tuple[Decimal, int | None], ...]
    titled_needed: int
    holders_needed: int
    federations_needed: int
    reasons: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        return {
            "pairing_number": self.number,
            "title": self.title.value,
            "after_round": self.after_round,
            "remaining": self.remaining,
            "points": plain_number(self.points),
            "targets": [
                {"points": plain_number(points), "average": average}
                for points, average in self.targets
            ],
            "titled_needed": self.titled_needed,
            "holders_needed": self.holders_needed,
            "federations_needed": self.federations_needed,
            "reasons": list(self.reasons),
        }


def norm_outlook(
    tournament: Tournament,
    player: PlayerId,
    title: NormTitle,
    *,
    after_round: int | None = None,
    total_rounds: int | None = None,
    exemption: NormExemption | None = None,
) -> NormOutlook:
    """The norm finder: after round ``after_round`` (default: every round recorded) of an
    event of ``total_rounds`` rounds (default: the file's), what ``player`` needs in the
    remaining rounds for a ``title`` norm, assuming every remaining round is a game that
    counts (B.01 1.4.2).

    For each score in the remaining rounds, the lowest average rating of the remaining
    opponents giving ``Ra`` and ``Rp`` of 1.4.8 (1.4.7 rounding); the rating floor of 1.4.6 b
    is applied to the opponents met so far (the one raised is the lowest of them, assuming
    none of the remaining opponents is lower), and an average below 1400 (1.4.6 d, the lowest
    rating counted) is shown as 1400. The mix still needed: title-holders (1.4.5 a), holders
    of the title (1.4.5 b-e, a Swiss's rule: a third, at least 3), foreign federations (1.4.3,
    unless exempt); a cap of 1.4.4 already exceeded makes the norm impossible.

    :raises ChessArbiterError: if the event's number of rounds is not known.
    :raises UnknownPlayerError: if ``player`` is no pairing number of the event.
    """
    event = _event(tournament, after_round)
    return _outlook(event, tournament.player(player), NormTitle(title), total_rounds, exemption)


def _outlook(
    event: _Event,
    p: Player,
    title: NormTitle,
    total_rounds: int | None,
    exemption: NormExemption | None,
) -> NormOutlook:
    """:func:`norm_outlook` within an event whose shared facts are computed once."""
    tournament = event.tournament
    rounds = total_rounds if total_rounds is not None else tournament.total_rounds
    if rounds is None:
        raise ChessArbiterError("the event's number of rounds is not known: give the total rounds")
    if rounds < event.last_round:
        raise ChessArbiterError(
            f"the event has {rounds} rounds, fewer than the {event.last_round} recorded"
        )
    rule = NORM_RULES[title]
    games = _games(event, p)
    remaining = rounds - event.last_round
    n = len(games) + remaining
    points = sum((g[2] for g in games), Decimal(0))
    reasons: list[str] = []
    if n < MINIMUM_GAMES:
        reasons.append(f"B.01 1.4.1 a: at most {n} games, at least {MINIMUM_GAMES} needed")
    titles = [display_title(o.title) for _, o, _ in games]
    titled_needed = max(0, math.ceil(n / 2) - sum(1 for t in titles if t in TITLE_HOLDERS))
    holders_needed = max(0, max(3, math.ceil(n / 3)) - sum(1 for t in titles if t in rule.holders))
    own = p.federation.strip()
    federations = [o.federation.strip() for _, o, _ in games]
    if _exempt(event, own, exemption):
        federations_needed = 0
    else:
        federations_needed = max(0, 2 - len(foreign_federations(own, federations)))
        for reason in federation_limits(own, federations + [""] * remaining):
            reasons.append(reason + " (already)")
    for needed, what in (
        (titled_needed, "title-holders"),
        (holders_needed, "holders of the title"),
        (federations_needed, "foreign federations"),
    ):
        if needed > remaining:
            reasons.append(
                f"B.01 {'1.4.3' if what.startswith('foreign') else '1.4.5'}: "
                f"{needed} more {what} needed in {remaining} rounds"
            )
    ratings, _ = counted_ratings([o.rating for _, o, _ in games], rule.floor)
    known = sum(ratings)
    targets: list[tuple[Decimal, int | None]] = []
    if remaining:
        for halves in range(2 * remaining + 1):
            more = Decimal(halves) / 2
            targets.append((more, _lowest_average(rule, known, n, remaining, points + more)))
        if all(a is None for _, a in targets):
            reasons.append("B.01 1.4.8: no score in the remaining rounds gives the performance")
    return NormOutlook(
        p.number,
        title,
        event.last_round,
        remaining,
        points,
        tuple(targets),
        titled_needed,
        holders_needed,
        federations_needed,
        tuple(reasons),
    )


def within_reach(
    tournament: Tournament,
    results: Sequence[NormResult],
    *,
    after_round: int | None = None,
    exemption: NormExemption | None = None,
) -> list[NormResult]:
    """The norms of ``results`` (:func:`norms` of the same event and round) not achieved but
    within reach, as the arbiter's lists show them; not a FIDE term, this package's reading:

    * in a finished event, or one whose number of rounds is not known: every requirement is
      met but the performance (B.01 1.4.8), missed by at most one point of score;
    * with rounds to play: the norm finder (:func:`norm_outlook`) sees no obstacle, and
      winning every remaining game gives the norm against opponents averaging no more than
      the event's strongest other players (as many of them as rounds remain).
    """
    total = tournament.total_rounds
    event = _event(tournament, after_round)
    near: list[NormResult] = []
    for r in results:
        if r.achieved:
            continue
        if total is None or event.last_round >= total:
            if (
                r.needed is not None
                and all(reason.startswith("B.01 1.4.8") for reason in r.reasons)
                and r.needed - r.score <= 1
            ):
                near.append(r)
            continue
        outlook = _outlook(event, tournament.player(r.number), r.title, None, exemption)
        if outlook.reasons:
            continue
        strongest = sorted(
            (p.rating or 0 for p in tournament if p.number != r.number), reverse=True
        )[: outlook.remaining]
        best = outlook.targets[-1][1] if outlook.targets else None
        if strongest and best is not None and best * len(strongest) <= sum(strongest):
            near.append(r)
    return near


def _lowest_average(
    rule: NormRule, known: int, games: int, remaining: int, score: Decimal
) -> int | None:
    """The lowest whole average ``A`` of ``remaining`` opponents with which ``score`` over
    ``games`` games meets B.01 1.4.8: Ra = round((known + remaining × A) / games) (1.4.7 b)
    at least the minimum and Rp = Ra + dp at least the level."""
    if score < MINIMUM_SCORE * games:
        return None
    target = max(rule.average, rule.performance - dp(score / games))
    # round_half_up(x) >= target  <=>  x >= target - 0.5
    lowest = math.ceil(((Decimal(target) - _HALF) * games - known) / remaining)
    return max(UNRATED_RATING, lowest)


# -- the certificate -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NormCertificate:
    """The data of a certificate of a title result (B.01 1.8; FIDE form IT1): the event, the
    player, the title, every opponent counted, and the figures of the norm. The form itself
    was not available to us verbatim; the fields are the ones the regulations ask an arbiter
    to check (B.01 1.4.1-1.4.8)."""

    event: str
    city: str
    federation: str
    start_date: str
    end_date: str
    system: str
    rounds: int
    players: int
    chief_arbiter: str
    deputy_arbiters: tuple[str, ...]
    name: str
    fide_id: str
    player_federation: str
    player_title: str
    birth_date: str
    title: NormTitle
    result: NormResult
    title_holders: int
    holders: int
    titles: tuple[tuple[str, int], ...]
    foreign_federations: tuple[str, ...]
    own_federation: int
    raised: NormOpponent | None
    exemption: str

    def as_json(self) -> dict[str, object]:
        r = self.result
        return {
            "event": self.event,
            "city": self.city,
            "federation": self.federation,
            "start_date": self.start_date,
            "end_date": self.end_date,
            "system": self.system,
            "rounds": self.rounds,
            "players": self.players,
            "chief_arbiter": self.chief_arbiter,
            "deputy_arbiters": list(self.deputy_arbiters),
            "player": {
                "pairing_number": r.number,
                "name": self.name,
                "fide_id": self.fide_id,
                "federation": self.player_federation,
                "title": self.player_title,
                "birth_date": self.birth_date,
            },
            "title": self.title.value,
            "games": r.games,
            "norm_games": r.norm_games,
            "score": plain_number(r.score),
            "average": r.average,
            "performance": r.performance,
            "rounds_counted": list(r.rounds),
            "title_holders": self.title_holders,
            "holders": self.holders,
            "titles": dict(self.titles),
            "foreign_federations": list(self.foreign_federations),
            "own_federation": self.own_federation,
            "raised": None if self.raised is None else self.raised.as_json(),
            "exemption": self.exemption,
            "opponents": [o.as_json() for o in r.opponents],
        }


def certificate(
    tournament: Tournament,
    player: PlayerId,
    title: NormTitle,
    *,
    exemption: NormExemption | None = None,
) -> NormCertificate:
    """The certificate data of ``player``'s ``title`` norm (B.01 1.8), from :func:`best_norm`.

    :raises NormNotAchievedError: if the norm is not achieved (the message gives the reasons).
    :raises UnknownPlayerError: if ``player`` is no pairing number of the event.
    """
    title = NormTitle(title)
    result = best_norm(tournament, player, title, exemption=exemption)
    p = tournament.player(player)
    if not result.achieved:
        raise NormNotAchievedError(
            f"player {player} ({p.name}) has no {title.value} norm: " + "; ".join(result.reasons)
        )
    rule = NORM_RULES[title]
    opponents = result.opponents
    own = p.federation.strip()
    event = _event(tournament, None)
    if exemption is not None and _exempt(event, own, exemption):
        exempt = f"B.01 1.4.3: {exemption.value}"
    elif event.exempt_swiss:
        exempt = "B.01 1.4.3 d"
    else:
        exempt = ""
    cycles = event.cycles
    system = tournament.system or (
        "double round robin" if cycles == 2 else "round robin" if cycles == 1 else "Swiss"
    )
    return NormCertificate(
        event=tournament.name,
        city=tournament.city,
        federation=tournament.federation,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        system=system,
        rounds=event.rounds,
        players=len(tournament),
        chief_arbiter=tournament.chief_arbiter,
        deputy_arbiters=tuple(tournament.deputy_arbiters),
        name=p.name,
        fide_id=p.fide_id,
        player_federation=own,
        player_title=display_title(p.title),
        birth_date=p.birth_date,
        title=title,
        result=result,
        title_holders=sum(1 for o in opponents if o.title in TITLE_HOLDERS),
        holders=sum(1 for o in opponents if o.title in rule.holders),
        titles=tuple(sorted(Counter(o.title for o in opponents if o.title).items())),
        foreign_federations=tuple(
            sorted(foreign_federations(own, (o.federation for o in opponents)))
        ),
        own_federation=sum(1 for o in opponents if own and o.federation == own),
        raised=next((o for o in opponents if o.raised), None),
        exemption=exempt,
    )
