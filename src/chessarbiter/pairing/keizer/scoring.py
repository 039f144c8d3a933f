"""Keizer scoring: value numbers, scores and the ranking they make (the Keizer club system).

The Keizer system is not a FIDE system; it is the club system of the Netherlands and Belgium,
described by the clubs' own regulations rather than by one text. The rules below, and the
sources each follows, are those of ``docs/keizer.md``:

* every place of the ranking has a *value number*: the top place ``top_value`` (by default the
  number of ranked players), each next place ``step`` less ("Keizer club regulations": Caissa
  Amsterdam, SV Krimpen, De Schaakmaat, Kijk Uit);
* a win scores the opponent's value, a draw half of it, a loss nothing (FreeKeizer: a sixth of
  it) ("Keizer club regulations"; "FreeKeizer" for the loss);
* a round without a game scores a fraction of the player's *own* value: the odd man out (the
  pairing-allocated bye) and club duty (arbiter, external team match) two thirds, an announced
  absence one third, an absence without notice nothing ("Keizer club regulations"), possibly
  only a limited number of times (Bornse Damvereniging, SV Krommenie);
* every player gets his own value once, the *self-victory* (Caissa Amsterdam's worked example);
* value numbers depend on the ranking and the ranking on the scores: after every round all
  rounds are scored again with the new value numbers until the ranking no longer changes
  (*herberekening*, De Schaakmaat, Bornse Damvereniging); some clubs freeze each round's score
  with the values of the day (``recompute=False``).

How a TRF round entry is read (:func:`round_item`): a game with an opponent scores by its
result (``W``/``D``/``L`` as ``1``/``=``/``0``; ``+``/``-`` by the forfeit fractions, ``-``
against ``-`` as a double forfeit; a paired game without result, nothing); ``U`` (and ``+``
without an opponent) is the pairing-allocated bye; ``F`` is club duty (a full-point bye granted
for service to the club); ``H`` a half-point bye; ``Z`` an announced (excused) absence; ``0000
-`` or no entry at all an absence without notice. Requested byes for the round still to be paired
(``240`` records, JaVaFo ``XXZ``, entries past the last paired round) are not scored: they only
keep the player out of that round's pairing. Rounds before a player's entry round score the
``late_join`` points, and are not absences. chesspairing reads ``U`` as an absence and ``F`` as
the pairing-allocated bye; ``docs/keizer.md`` explains why this module does not.

All arithmetic is exact (:class:`~fractions.Fraction`); with ``rounding=HALF_POINT`` every
item is rounded to the nearest half point, halves up, as KeizerForClubs and chesspairing do.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from chessarbiter.errors import PairingError
from chessarbiter.model import Player, PlayerId, Result, RoundEntry, Tournament


class KeizerSettingsError(PairingError):
    """A Keizer setting outside its bounds, or value numbers that would turn negative."""


class KeizerVariant(enum.StrEnum):
    """Named sets of Keizer parameters (:func:`settings_of`), one per source."""

    CLASSIC = "classic"
    """The club regulations ("Keizer club regulations"): bye and club duty 2/3 of the own
    value, announced absence 1/3, absence without notice 0, no limit, recomputed, a repeat
    after three rounds."""
    KEIZER_FOR_CLUBS = "keizerforclubs"
    """KeizerForClubs' defaults as chesspairing implements them: bye and half-point bye 1/2,
    any absence 0.35 (7/20), club duty 0.70, at most 5 absences scored, each item rounded to
    half points."""
    KNSB = "knsb"
    """chesspairing's "Classic KNSB" sixths: bye 4/6, club duty 2/3, any absence 2/6, at most 5
    absences scored, items rounded to half points."""
    FREE_KEIZER = "freekeizer"
    """FreeKeizer: a loss scores 1/6 of the opponent's value ("toughness bonus"), bye 4/6, any
    absence 2/6, at most 5 absences scored, items rounded to half points."""
    FROZEN = "frozen"
    """The classic values, but each round scored once with the value numbers of the ranking
    before it (clubs that do not recompute earlier rounds)."""


class KeizerRounding(enum.StrEnum):
    """How each scored item is rounded."""

    EXACT = "exact"
    """No rounding: exact fractions (Kijk Uit's regulations print 29,67 for a third of 89)."""
    HALF_POINT = "half-point"
    """Each item to the nearest half point, halves up (KeizerForClubs, chesspairing)."""


class KeizerInitialOrder(enum.StrEnum):
    """The ranking before the first round (and the last tie-break of every ranking)."""

    RATING = "rating"
    """Rating, highest first, then name, then pairing number ("Keizer club regulations" start
    from the rating list; chesspairing's order)."""
    PAIRING_NUMBER = "pairing-number"
    """The start list's pairing numbers (the previous season's final standings, as SV
    Krommenie and Kijk Uit begin)."""


class KeizerRepeatAvoidance(enum.StrEnum):
    """How a pairing avoids a repeat (:mod:`chessarbiter.pairing.keizer.engine`, step 4)."""

    LOOK_AHEAD = "look-ahead"
    """The higher player takes the next player down he may meet, provided the players below
    can still be paired with as few repeats as possible: a repeat only when unavoidable."""
    SWAP = "swap"
    """The higher player's natural opponent swaps places with the next player down he may meet
    (chesspairing's reading of "number 1 then plays number 3"); the walk does not look ahead,
    so a repeat may be left to the last boards."""


class ItemKind(enum.Enum):
    """What one round brought a player, as Keizer scoring sees it (:func:`round_item`)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    DOUBLE_FORFEIT = "double forfeit"
    PENDING = "pending"
    BYE = "pairing-allocated bye"
    CLUB_DUTY = "club duty"
    HALF_BYE = "half-point bye"
    EXCUSED = "announced absence"
    ABSENT = "absence without notice"
    LATE_JOIN = "before entry"


_OPPONENT_ITEMS = {
    ItemKind.WIN,
    ItemKind.DRAW,
    ItemKind.LOSS,
    ItemKind.FORFEIT_WIN,
    ItemKind.FORFEIT_LOSS,
    ItemKind.DOUBLE_FORFEIT,
}
_COUNTED_ABSENCES = {ItemKind.EXCUSED, ItemKind.ABSENT}

_FRACTION_FIELDS = (
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "double_forfeit",
    "bye",
    "club_duty",
    "half_bye",
    "excused",
    "absent",
)
MAX_FRACTION = Fraction(2)
"""The largest fraction of a value number one item may score."""
MAX_VALUE = 100_000
"""The largest top value number."""
MAX_ROUNDS_SETTING = 1_000
"""The largest absence limit, repeat distance or iteration count."""


@dataclass(frozen=True)
class KeizerSettings:
    """Every parameter of a Keizer competition. Fractions are exact
    (:class:`~fractions.Fraction`, or ``int``); :meth:`__post_init__` checks every bound and
    raises :class:`KeizerSettingsError` naming the setting.

    Game fractions apply to the *opponent's* value number, the others to the player's *own*.
    ``top_value`` ``None``: the number of ranked players. ``absence_limit`` ``None``: every
    absence scores. ``repeat_distance`` ``None``: two players never meet twice; ``d``: they may
    meet again in round ``r`` when their last game was in round ``r - d`` or earlier.
    """

    top_value: int | None = None
    step: int = 1
    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    double_forfeit: Fraction = Fraction(0)
    bye: Fraction = Fraction(2, 3)
    club_duty: Fraction = Fraction(2, 3)
    half_bye: Fraction = Fraction(1, 3)
    excused: Fraction = Fraction(1, 3)
    absent: Fraction = Fraction(0)
    late_join: Fraction = Fraction(0)
    self_victory: bool = True
    absence_limit: int | None = None
    absence_decay: bool = False
    recompute: bool = True
    max_iterations: int = 20
    rounding: KeizerRounding = KeizerRounding.EXACT
    initial_order: KeizerInitialOrder = KeizerInitialOrder.RATING
    repeat_distance: int | None = 3
    repeat_avoidance: KeizerRepeatAvoidance = KeizerRepeatAvoidance.LOOK_AHEAD
    bye_rotation: bool = True

    def __post_init__(self) -> None:
        for name in (*_FRACTION_FIELDS, "late_join"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
                raise KeizerSettingsError(
                    f"Keizer setting {name}: give an exact fraction (Fraction or int), "
                    f"not {value!r}"
                )
            value = Fraction(value)
            object.__setattr__(self, name, value)
            high = Fraction(MAX_VALUE) if name == "late_join" else MAX_FRACTION
            if not 0 <= value <= high:
                raise KeizerSettingsError(
                    f"Keizer setting {name} must be between 0 and {high}, not {value}"
                )
        _bounded_int("top_value", self.top_value, 1, MAX_VALUE, optional=True)
        _bounded_int("step", self.step, 0, MAX_VALUE, optional=False)
        _bounded_int("absence_limit", self.absence_limit, 0, MAX_ROUNDS_SETTING, optional=True)
        _bounded_int("max_iterations", self.max_iterations, 1, MAX_ROUNDS_SETTING, optional=False)
        _bounded_int("repeat_distance", self.repeat_distance, 1, MAX_ROUNDS_SETTING, optional=True)
        for name in ("self_victory", "absence_decay", "recompute", "bye_rotation"):
            if not isinstance(getattr(self, name), bool):
                raise KeizerSettingsError(
                    f"Keizer setting {name} must be true or false, not {getattr(self, name)!r}"
                )
        enums: tuple[tuple[str, type[enum.StrEnum]], ...] = (
            ("rounding", KeizerRounding),
            ("initial_order", KeizerInitialOrder),
            ("repeat_avoidance", KeizerRepeatAvoidance),
        )
        for name, kind in enums:
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                choices = ", ".join(k.value for k in kind)
                raise KeizerSettingsError(
                    f"Keizer setting {name} is one of {choices}, not {value!r}"
                ) from None

    def value_numbers(self, ranked: int) -> list[int]:
        """The value numbers of places 1 .. ``ranked``: ``top_value`` (default ``ranked``),
        then ``step`` less per place ("Keizer club regulations").

        >>> KeizerSettings().value_numbers(4)
        [4, 3, 2, 1]
        >>> KeizerSettings(top_value=70).value_numbers(3)
        [70, 69, 68]

        :raises KeizerSettingsError: if the last place's value would be negative.
        """
        top = self.top_value if self.top_value is not None else ranked
        values = [top - place * self.step for place in range(ranked)]
        if values and values[-1] < 0:
            raise KeizerSettingsError(
                f"Keizer top value {top} with step {self.step} gives place {ranked} the "
                f"negative value {values[-1]}: raise the top value or lower the step"
            )
        return values


def _bounded_int(name: str, value: object, low: int, high: int, *, optional: bool) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        none = " or None" if optional else ""
        raise KeizerSettingsError(
            f"Keizer setting {name} must be a whole number{none}, not {value!r}"
        )
    if not low <= value <= high:
        raise KeizerSettingsError(
            f"Keizer setting {name} must be between {low} and {high}, not {value}"
        )


_PRESETS: dict[KeizerVariant, dict[str, object]] = {
    KeizerVariant.CLASSIC: {},
    KeizerVariant.KEIZER_FOR_CLUBS: {
        "bye": Fraction(1, 2),
        "half_bye": Fraction(1, 2),
        "club_duty": Fraction(7, 10),
        "excused": Fraction(7, 20),
        "absent": Fraction(7, 20),
        "absence_limit": 5,
        "rounding": KeizerRounding.HALF_POINT,
    },
    KeizerVariant.KNSB: {
        "bye": Fraction(4, 6),
        "half_bye": Fraction(1, 2),
        "club_duty": Fraction(2, 3),
        "excused": Fraction(2, 6),
        "absent": Fraction(2, 6),
        "absence_limit": 5,
        "rounding": KeizerRounding.HALF_POINT,
    },
    KeizerVariant.FREE_KEIZER: {
        "loss": Fraction(1, 6),
        "bye": Fraction(4, 6),
        "half_bye": Fraction(1, 2),
        "club_duty": Fraction(7, 10),
        "excused": Fraction(7, 20),
        "absent": Fraction(2, 6),
        "absence_limit": 5,
        "rounding": KeizerRounding.HALF_POINT,
    },
    KeizerVariant.FROZEN: {"recompute": False},
}


def settings_of(variant: KeizerVariant | str) -> KeizerSettings:
    """The settings of a named variant (:class:`KeizerVariant`; the default is ``classic``).

    >>> settings_of("freekeizer").loss
    Fraction(1, 6)

    :raises KeizerSettingsError: for an unknown variant name.
    """
    try:
        chosen = KeizerVariant(variant)
    except ValueError:
        names = ", ".join(v.value for v in KeizerVariant)
        raise KeizerSettingsError(f"unknown Keizer variant {variant!r}: one of {names}") from None
    return replace(KeizerSettings(), **_PRESETS[chosen])  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class RoundItem:
    """One round of one player: its kind and the opponent whose value it scores, if any."""

    kind: ItemKind
    opponent: PlayerId | None = None


def round_item(tournament: Tournament, player: Player, round_number: int) -> RoundItem:
    """What round ``round_number`` brought ``player``, read from his TRF entry (the module
    docstring's table; "Keizer club regulations" for the kinds, TRF-2026 for the codes).

    :raises PairingError: if the entry names an opponent who is not in the tournament.
    """
    entry = (
        player.results[round_number - 1]
        if round_number <= len(player.results)
        else RoundEntry.NOT_PAIRED
    )
    result, opponent = entry.result, entry.opponent
    if opponent is not None:
        if opponent not in tournament.players:
            raise PairingError(
                f"player {player.number}, round {round_number}: opponent {opponent} is not in "
                "the tournament"
            )
        if result is None:
            return RoundItem(ItemKind.PENDING, opponent)
        if result is Result.FORFEIT_LOSS:
            other = tournament.players[opponent]
            theirs = (
                other.results[round_number - 1].result
                if round_number <= len(other.results)
                else None
            )
            if theirs is Result.FORFEIT_LOSS:
                return RoundItem(ItemKind.DOUBLE_FORFEIT, opponent)
            return RoundItem(ItemKind.FORFEIT_LOSS, opponent)
        return RoundItem(_GAME_KINDS[result], opponent)
    if result in (Result.PAIRING_ALLOCATED_BYE, Result.FORFEIT_WIN):
        return RoundItem(ItemKind.BYE)
    if result is Result.FULL_POINT_BYE:
        return RoundItem(ItemKind.CLUB_DUTY)
    if result is Result.HALF_POINT_BYE:
        return RoundItem(ItemKind.HALF_BYE)
    if result is Result.ZERO_POINT_BYE:
        return RoundItem(ItemKind.EXCUSED)
    if round_number < player.entry_round:
        return RoundItem(ItemKind.LATE_JOIN)
    return RoundItem(ItemKind.ABSENT)


_GAME_KINDS = {
    Result.WIN: ItemKind.WIN,
    Result.UNRATED_WIN: ItemKind.WIN,
    Result.DRAW: ItemKind.DRAW,
    Result.UNRATED_DRAW: ItemKind.DRAW,
    Result.LOSS: ItemKind.LOSS,
    Result.UNRATED_LOSS: ItemKind.LOSS,
    Result.FORFEIT_WIN: ItemKind.FORFEIT_WIN,
}


@dataclass(frozen=True)
class KeizerStandings:
    """Keizer scores after ``rounds`` rounds.

    ``ranking``: pairing numbers, first place first. ``values``: each player's value number in
    that ranking (what the next round is paired and scored with). ``scores``: exact totals.
    ``iterations``: how many times all rounds were scored (``recompute``), or 1 when frozen.
    ``converged``: the last scoring reproduced the ranking it was computed with; ``False`` after
    an oscillation (``oscillated``) or when ``max_iterations`` ran out.
    """

    rounds: int
    ranking: tuple[PlayerId, ...]
    values: Mapping[PlayerId, int]
    scores: Mapping[PlayerId, Fraction]
    iterations: int
    converged: bool
    oscillated: bool

    def place(self, number: PlayerId) -> int:
        """The 1-based place of player ``number``."""
        return self.ranking.index(number) + 1


def half_points(value: Fraction) -> Fraction:
    """``value`` rounded to the nearest half point, halves up (KeizerForClubs' rounding, as
    chesspairing's doubled integers apply it).

    >>> half_points(Fraction(49, 20)), half_points(Fraction(7, 4))
    (Fraction(5, 2), Fraction(2, 1))
    """
    return Fraction(math.floor(value * 2 + Fraction(1, 2)), 2)


def item_points(
    item: RoundItem,
    own: int,
    opponent: int,
    absences: int,
    settings: KeizerSettings,
) -> Fraction:
    """The points of one round item (the rules of the module docstring).

    ``own`` and ``opponent`` are the value numbers; ``absences`` counts this one, when it is an
    absence (:data:`ItemKind.EXCUSED` or :data:`ItemKind.ABSENT`): beyond ``absence_limit`` it
    scores nothing (Bornse Damvereniging, SV Krommenie), and with ``absence_decay`` the n-th
    scores a 2^(n-1)-th (chesspairing's "decaying absences"). Club duty is never limited.

    >>> s = KeizerSettings()
    >>> item_points(RoundItem(ItemKind.DRAW, 3), own=6, opponent=5, absences=0, settings=s)
    Fraction(5, 2)
    >>> item_points(RoundItem(ItemKind.BYE), own=6, opponent=0, absences=0, settings=s)
    Fraction(4, 1)
    """
    kind = item.kind
    fraction = _fraction_of(kind, settings)
    if kind in _OPPONENT_ITEMS:
        base = opponent * fraction
    elif kind is ItemKind.LATE_JOIN:
        return settings.late_join
    elif kind is ItemKind.PENDING:
        return Fraction(0)
    else:
        base = own * fraction
    limit = settings.absence_limit
    if kind in _COUNTED_ABSENCES and limit is not None and absences > limit:
        return Fraction(0)
    if settings.rounding is KeizerRounding.HALF_POINT:
        base = half_points(base)
        if kind in _COUNTED_ABSENCES and settings.absence_decay and absences > 1:
            return Fraction(int(base * 2) >> (absences - 1), 2)
        return base
    if kind in _COUNTED_ABSENCES and settings.absence_decay and absences > 1:
        return base / Fraction(2 ** (absences - 1))
    return base


def _fraction_of(kind: ItemKind, settings: KeizerSettings) -> Fraction:
    return {
        ItemKind.WIN: settings.win,
        ItemKind.DRAW: settings.draw,
        ItemKind.LOSS: settings.loss,
        ItemKind.FORFEIT_WIN: settings.forfeit_win,
        ItemKind.FORFEIT_LOSS: settings.forfeit_loss,
        ItemKind.DOUBLE_FORFEIT: settings.double_forfeit,
        ItemKind.BYE: settings.bye,
        ItemKind.CLUB_DUTY: settings.club_duty,
        ItemKind.HALF_BYE: settings.half_bye,
        ItemKind.EXCUSED: settings.excused,
        ItemKind.ABSENT: settings.absent,
    }.get(kind, Fraction(0))


def initial_ranking(tournament: Tournament, settings: KeizerSettings) -> list[PlayerId]:
    """The ranking before any round (:class:`KeizerInitialOrder`): by rating, highest first,
    then name and pairing number; or by pairing number (TRF ``XXC rank`` / ``001`` rank field
    first when the start list sets it)."""
    players = list(tournament)
    if settings.initial_order is KeizerInitialOrder.RATING:
        players.sort(key=lambda p: (-(p.rating or 0), p.name, p.number))
    elif tournament.pair_by_rank:
        players.sort(key=lambda p: (p.rank if p.rank is not None else 10**9, p.number))
    else:
        players.sort(key=lambda p: p.number)
    return [p.number for p in players]


def rank_by_score(
    scores: Mapping[PlayerId, Fraction] | Mapping[PlayerId, int], initial: Sequence[PlayerId]
) -> list[PlayerId]:
    """Players by score, highest first; equal scores in the initial order
    (:func:`initial_ranking`: rating, then name, as KeizerForClubs and chesspairing break
    ties)."""
    position = {number: i for i, number in enumerate(initial)}
    return sorted(initial, key=lambda n: (-scores[n], position[n]))


def keizer_scores(
    tournament: Tournament,
    settings: KeizerSettings | None = None,
    *,
    rounds: int | None = None,
) -> KeizerStandings:
    """Keizer scores and ranking after ``rounds`` rounds (default: the last paired round).

    With ``recompute`` (the *herberekening* of "Keizer club regulations"): start from the
    initial ranking, score every round with its value numbers, re-rank, and repeat until the
    ranking reproduces itself. A ranking that returns to the one of two scorings before is an
    oscillation: the last two scorings are averaged and the ranking taken from the average
    (chesspairing's resolution); after ``max_iterations`` the last scoring stands.

    Without ``recompute`` (frozen): each round is scored once with the ranking before it, the
    ranking updated after it; the self-victory is added at the end with the final ranking
    (chesspairing's frozen mode).

    Every player of the tournament is ranked, withdrawn players included (their past games keep
    their value for their opponents).

    :raises KeizerSettingsError: if the value numbers would be negative.
    :raises PairingError: if an entry names an opponent who is not in the tournament.
    """
    chosen = settings if settings is not None else KeizerSettings()
    played = tournament.rounds_played if rounds is None else rounds
    initial = initial_ranking(tournament, chosen)
    values_by_place = chosen.value_numbers(len(initial))
    table = _ItemTable(tournament, played, chosen)

    def values_of(ranking: Sequence[PlayerId]) -> dict[PlayerId, int]:
        return {number: values_by_place[i] for i, number in enumerate(ranking)}

    if not chosen.recompute:
        return _frozen(initial, table, played, values_of, chosen)

    ranking = initial
    two_ago: list[PlayerId] | None = None
    previous: dict[PlayerId, int] | None = None
    converged = oscillated = False
    iterations = 0
    totals: dict[PlayerId, int] = {}
    for iterations in range(1, chosen.max_iterations + 1):
        values = values_of(ranking)
        totals = {n: table.total(n, values) for n in initial}
        new = rank_by_score(totals, initial)
        if new == ranking:
            converged = True
            break
        if two_ago is not None and new == two_ago and previous is not None:
            averaged = {
                n: _average(table.exact(totals[n]), table.exact(previous[n]), chosen)
                for n in totals
            }
            ranking = rank_by_score(averaged, initial)
            return KeizerStandings(
                rounds=played,
                ranking=tuple(ranking),
                values=values_of(ranking),
                scores=averaged,
                iterations=iterations,
                converged=False,
                oscillated=True,
            )
        two_ago, previous, ranking = ranking, totals, new
    return KeizerStandings(
        rounds=played,
        ranking=tuple(ranking),
        values=values_of(ranking),
        scores={n: table.exact(total) for n, total in totals.items()},
        iterations=iterations,
        converged=converged,
        oscillated=oscillated,
    )


def _average(a: Fraction, b: Fraction, settings: KeizerSettings) -> Fraction:
    mean = (a + b) / 2
    return half_points(mean) if settings.rounding is KeizerRounding.HALF_POINT else mean


class _ItemTable:
    """Each player's rounds read once (:func:`round_item`, with the running count of his
    absences), and :func:`item_points` memoised as whole numbers over one common denominator,
    so that the repeated scorings add integers: the same exact results, much faster."""

    def __init__(self, tournament: Tournament, played: int, settings: KeizerSettings) -> None:
        self.settings = settings
        self.rows: dict[PlayerId, list[tuple[RoundItem, int]]] = {}
        most = 0
        for p in tournament:
            row: list[tuple[RoundItem, int]] = []
            absences = 0
            for r in range(1, played + 1):
                item = round_item(tournament, p, r)
                if item.kind in _COUNTED_ABSENCES:
                    absences += 1
                row.append((item, absences))
            self.rows[p.number] = row
            most = max(most, absences)
        denominator = 2
        for name in (*_FRACTION_FIELDS, "late_join"):
            denominator = math.lcm(denominator, getattr(settings, name).denominator)
        if settings.absence_decay and most > 1:
            denominator <<= most - 1
        self.denominator = denominator
        self.memo: dict[tuple[ItemKind, int, int, int], int] = {}

    def points(self, item: RoundItem, own: int, opponent: int, absences: int) -> int:
        """:func:`item_points` times the common denominator."""
        key = (item.kind, own, opponent, absences)
        found = self.memo.get(key)
        if found is None:
            exact = item_points(item, own, opponent, absences, self.settings) * self.denominator
            assert exact.denominator == 1
            found = self.memo[key] = exact.numerator
        return found

    def item(self, number: PlayerId, index: int, values: Mapping[PlayerId, int]) -> int:
        """Round ``index + 1`` of player ``number`` with the given value numbers."""
        item, absences = self.rows[number][index]
        opponent = values[item.opponent] if item.opponent is not None else 0
        return self.points(item, values[number], opponent, absences)

    def self_victory(self, own: int) -> int:
        return own * self.denominator if self.settings.self_victory else 0

    def total(self, number: PlayerId, values: Mapping[PlayerId, int]) -> int:
        """Every round of player ``number`` and his self-victory, with the given values."""
        own = values[number]
        total = self.self_victory(own)
        for item, absences in self.rows[number]:
            opponent = values[item.opponent] if item.opponent is not None else 0
            total += self.points(item, own, opponent, absences)
        return total

    def exact(self, total: int) -> Fraction:
        return Fraction(total, self.denominator)


def _frozen(
    initial: list[PlayerId],
    table: _ItemTable,
    played: int,
    values_of: Callable[[Sequence[PlayerId]], dict[PlayerId, int]],
    settings: KeizerSettings,
) -> KeizerStandings:
    ranking = initial
    totals = dict.fromkeys(initial, 0)
    for r in range(played):
        values = values_of(ranking)
        for number in initial:
            totals[number] += table.item(number, r, values)
        ranking = rank_by_score(totals, initial)
    if settings.self_victory:
        values = values_of(ranking)
        for number in initial:
            totals[number] += table.self_victory(values[number])
        ranking = rank_by_score(totals, initial)
    return KeizerStandings(
        rounds=played,
        ranking=tuple(ranking),
        values=values_of(ranking),
        scores={n: table.exact(total) for n, total in totals.items()},
        iterations=1,
        converged=True,
        oscillated=False,
    )


# -- settings as text, for a command line or a form ------------------------------------------

_OPTIONAL_INTS = ("top_value", "absence_limit", "repeat_distance")
_INTS = ("step", "max_iterations")
_BOOLS = ("self_victory", "absence_decay", "recompute", "bye_rotation")
#: A whole number as a user writes one: ASCII digits (``str.isdigit`` also takes ``²``), bounded.
_WHOLE_TEXT = re.compile(r"[0-9]{1,9}")
#: A fraction as a user writes one: ``2/3``, ``0.35``, ``1`` (bounded digits, no exponent).
_FRACTION_TEXT = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?|[0-9]{1,9}/0*[1-9][0-9]{0,8}")


def setting_names() -> tuple[str, ...]:
    """The names of the Keizer settings, in :class:`KeizerSettings`' order.

    >>> setting_names()[:3]
    ('top_value', 'step', 'win')
    """
    return tuple(f.name for f in fields(KeizerSettings))


def setting_text(settings: KeizerSettings, name: str) -> str:
    """Setting ``name`` of ``settings`` as :func:`settings_with` reads it back: a fraction as
    ``2/3``, ``None`` as ``none``, a flag as ``true``/``false``.

    >>> s = settings_of("classic")
    >>> setting_text(s, "bye"), setting_text(s, "top_value"), setting_text(s, "recompute")
    ('2/3', 'none', 'true')
    """
    value = getattr(settings, name)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def settings_with(base: KeizerSettings, changes: Mapping[str, str]) -> KeizerSettings:
    """``base`` with the settings named in ``changes`` read from text, as a command line or a
    form gives them: a fraction as ``2/3``, ``0.35`` or ``1``; a whole number, or ``none``
    where the setting may be unset (``top_value``, ``absence_limit``, ``repeat_distance``);
    ``true``/``false`` (or ``yes``/``no``, ``1``/``0``); a rounding, initial order or repeat
    avoidance by its value. Every bound is then checked by :class:`KeizerSettings`.

    >>> s = settings_with(settings_of("classic"), {"bye": "1/2", "repeat_distance": "none"})
    >>> s.bye, s.repeat_distance
    (Fraction(1, 2), None)
    >>> settings_with(s, {"absent": "0.35"}).absent
    Fraction(7, 20)

    :raises KeizerSettingsError: naming the setting, for an unknown name, a value that cannot
        be read, or one out of its bounds.
    """
    known = setting_names()
    parsed: dict[str, object] = {}
    for name, text in changes.items():
        if name not in known:
            raise KeizerSettingsError(f"unknown Keizer setting {name!r}: one of {', '.join(known)}")
        parsed[name] = _read_setting(name, text.strip())
    return replace(base, **parsed)  # type: ignore[arg-type]


def _read_setting(name: str, text: str) -> object:
    lowered = text.lower()
    if name in _BOOLS:
        if lowered in ("true", "yes", "1"):
            return True
        if lowered in ("false", "no", "0"):
            return False
        raise KeizerSettingsError(f"Keizer setting {name}: give true or false, not {text!r}")
    if name in _OPTIONAL_INTS or name in _INTS:
        if name in _OPTIONAL_INTS and lowered in ("none", ""):
            return None
        if not _WHOLE_TEXT.fullmatch(text):
            unset = " or none" if name in _OPTIONAL_INTS else ""
            raise KeizerSettingsError(
                f"Keizer setting {name}: give a whole number{unset}, not {text!r}"
            )
        return int(text)
    if name in (*_FRACTION_FIELDS, "late_join"):
        if not _FRACTION_TEXT.fullmatch(text):
            raise KeizerSettingsError(
                f"Keizer setting {name}: give a fraction such as 2/3 or 0.35, not {text!r}"
            )
        return Fraction(text)
    return text  # an enumeration, checked by KeizerSettings


# -- the standings table ---------------------------------------------------------------------


@dataclass(frozen=True)
class KeizerRow:
    """One line of a Keizer standings table: ``place``, the player, his Keizer ``score`` and
    ``value`` number, and what his rounds were (``games`` played over the board, of which
    ``wins`` and ``draws``; ``byes``: the rounds scored without a game, club duty included;
    ``absences``: announced or not)."""

    place: int
    number: PlayerId
    name: str
    rating: int | None
    score: Fraction
    value: int
    games: int
    wins: int
    draws: int
    byes: int
    absences: int


_BYE_ITEMS = {ItemKind.BYE, ItemKind.CLUB_DUTY, ItemKind.HALF_BYE}


def keizer_table(tournament: Tournament, standings: KeizerStandings) -> list[KeizerRow]:
    """The rows of ``standings`` (:func:`keizer_scores` of ``tournament``), first place first,
    each round read as :func:`round_item` reads it."""
    rows = []
    for place, number in enumerate(standings.ranking, start=1):
        player = tournament.players[number]
        kinds = [round_item(tournament, player, r).kind for r in range(1, standings.rounds + 1)]
        rows.append(
            KeizerRow(
                place=place,
                number=number,
                name=player.name,
                rating=player.rating or None,
                score=standings.scores[number],
                value=standings.values[number],
                games=sum(k in (ItemKind.WIN, ItemKind.DRAW, ItemKind.LOSS) for k in kinds),
                wins=kinds.count(ItemKind.WIN),
                draws=kinds.count(ItemKind.DRAW),
                byes=sum(k in _BYE_ITEMS for k in kinds),
                absences=sum(k in _COUNTED_ABSENCES for k in kinds),
            )
        )
    return rows
