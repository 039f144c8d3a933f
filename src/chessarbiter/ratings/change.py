"""The FIDE rating change of an event (B.02 8.3), the initial rating of its unrated players
(B.02 8.2 and 7.1.4) and the kind of rating it is for (B.02 Rapid and Blitz 1.1), under a named
edition of the Rating Regulations (:class:`~chessarbiter.editions.RatingEdition`):

* ``2025`` (the default): B.02 of 1 March 2024 with its amendments: standard 8.3.1 as amended
  from 1 October 2025 (a player rated 2650 or more counts the real difference), Rapid and Blitz
  7.3.1 with the 600-point rule of 1 December 2024;
* ``2024``: B.02 of 1 March 2024 as first applied (the 400-point cap for everyone);
* ``2022``: B.02 of 1 January 2022 till 29 February 2024 (one 400-point upgrade per player and
  event, the initial rating of its 8.2.3, the rating floor 1000).

The articles are those of the standard chapter; the Rapid and Blitz chapter numbers them one
lower from its section 6 on (standard 8.3.3 is its 7.3.3) and inserts 7.2.1 (a player with a
standard rating is rated with it), so its initial-rating rules are 7.2.2-7.2.5. A TRF carries
one rating per player: a rapid or blitz report reads it as the player's rating of that kind.

What a TRF cannot say is the caller's to give: whether a player is new to the list (K 40 until
30 games), whether a player below 2400 once had a published 2400 (K 10), a K as FIDE's list
shows it. Each :class:`PlayerRating` says which rule gave its K.

One function per rule; :func:`rating_report` puts them together for a tournament.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from chessarbiter.categories import birth_date_of, default_reference_date
from chessarbiter.editions import LawsEdition, RatingEdition
from chessarbiter.errors import ChessArbiterError, RatingError
from chessarbiter.model import PlayerId, Result, Tournament
from chessarbiter.ratings.performance import performance_rating, round_half_up
from chessarbiter.ratings.tables import dp, pd
from chessarbiter.timecontrol.laws import Category, classification_minutes, classify
from chessarbiter.timecontrol.model import TimeControl, parse_trf

__all__ = [
    "DEFAULT_EDITION",
    "InitialRating",
    "KFactor",
    "PlayerRating",
    "RatedGame",
    "RatingReport",
    "caps_difference",
    "expected_score",
    "game_points",
    "initial_rating",
    "k_factor",
    "limit_k",
    "not_rated_by_600_point_rule",
    "rating_kind",
    "rating_report",
]

DEFAULT_EDITION = RatingEdition.B02_2025

#: B.02 8.3.1: the largest rating difference counted (the "400-point rule").
CAP = 400
#: B.02 8.3.1 as amended from 1 October 2025: players rated this or more count the real
#: difference in standard games.
UNCAPPED_FROM = 2650
#: B.02 8.3.3, last paragraph: K × n must not exceed this.
K_TIMES_GAMES = 700
#: The bounds of a K a caller may give (FIDE's own K values are 10, 20 and 40, and lower after
#: the K × n rule).
K_RANGE = range(1, 101)

_HALF = Decimal("0.5")
_HUNDRED = Decimal(100)
_GAME_POINTS = {Result.WIN: Decimal(1), Result.DRAW: _HALF, Result.LOSS: Decimal(0)}
_RESULT_WORDS = {
    Result.FORFEIT_WIN: "forfeit win (+)",
    Result.FORFEIT_LOSS: "forfeit loss (-)",
    Result.UNRATED_WIN: "win in a game of less than one move (W)",
    Result.UNRATED_DRAW: "draw in a game of less than one move (D)",
    Result.UNRATED_LOSS: "loss in a game of less than one move (L)",
    Result.HALF_POINT_BYE: "half-point bye (H)",
    Result.FULL_POINT_BYE: "full-point bye (F)",
    Result.PAIRING_ALLOCATED_BYE: "pairing-allocated bye (U)",
    Result.ZERO_POINT_BYE: "zero-point bye (Z)",
}


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game that counts for the rating (B.02 5.1, 8.3.1).

    ``points`` is the game's outcome (1, 0.5 or 0: B.02 8.3.2 b), whatever the event's point
    system; ``difference`` is D as counted (own rating minus the opponent's, after the
    400-point rule of B.02 8.3.1) and ``expected`` the PD of table 8.1.2 as a fraction. For an
    unrated player, who has no D (their games go into the initial rating, B.02 8.2), both are 0.
    """

    round: int
    opponent: PlayerId
    opponent_rating: int
    points: Decimal
    difference: int
    expected: Decimal

    def as_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "opponent": self.opponent,
            "opponent_rating": self.opponent_rating,
            "points": float(self.points),
            "difference": self.difference,
            "expected": float(self.expected),
        }


@dataclass(frozen=True, slots=True)
class KFactor:
    """The development coefficient K of B.02 8.3.3 and the rule that gave it (``"given"``
    when the caller chose it)."""

    value: int
    rule: str


@dataclass(frozen=True, slots=True)
class InitialRating:
    """The rating an unrated player would get from this event (B.02 8.2 and 7.1.4).

    ``value`` is ``None`` when the event gives none, and ``reason`` then says why (it may also
    explain a value, e.g. the 2200 maximum). ``average`` is Ra as the edition computes it
    (2024 and 2025: including the two hypothetical opponents rated 1800, unrounded), ``games``
    the games against rated opponents and ``points`` the score in them.
    """

    value: int | None
    average: Decimal
    games: int
    points: Decimal
    reason: str = ""

    def as_json(self) -> dict[str, object]:
        return {
            "value": self.value,
            "average": float(round(self.average, 2)),
            "games": self.games,
            "points": float(self.points),
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's line of the rating report.

    ``games`` are the games that count (against rated opponents, B.02 8.3.1 and 8.2.2),
    ``skipped`` one line for each other round of the report, saying why it does not count.
    For a rated player ``change`` is K × (score − expected), unrounded (B.02 8.3.2),
    ``rating_change`` it rounded (8.3.4) and ``new_rating`` the rating plus it. For an unrated
    player ``k`` and ``rating_change`` are ``None``, ``expected`` and ``change`` 0,
    ``initial`` the rating this event gives and ``new_rating`` its value. ``performance`` is
    ``Ra + dp`` over the games against rated opponents
    (:func:`~chessarbiter.ratings.performance.performance_rating`), ``None`` without any.
    """

    number: PlayerId
    name: str
    rating: int | None
    k: KFactor | None
    games: tuple[RatedGame, ...]
    skipped: tuple[str, ...]
    score: Decimal
    expected: Decimal
    change: Decimal
    rating_change: int | None
    new_rating: int | None
    performance: int | None
    initial: InitialRating | None

    def as_json(self) -> dict[str, object]:
        """The player's entry of ``chessarbiter ratings --json``: ``pairing_number``, ``name``,
        ``rating``, ``k``, ``games`` (their number), ``score`` and ``expected`` (to 2 decimals),
        ``rating_change``, ``performance``, then ``new_rating``, ``change`` (exact),
        ``k_rule``, ``initial_rating`` (``null`` for a rated player), ``rated_games`` and
        ``skipped``."""
        return {
            "pairing_number": self.number,
            "name": self.name,
            "rating": self.rating,
            "k": None if self.k is None else self.k.value,
            "games": len(self.games),
            "score": float(round(self.score, 2)),
            "expected": float(round(self.expected, 2)),
            "rating_change": self.rating_change,
            "performance": self.performance,
            "new_rating": self.new_rating,
            "change": float(self.change),
            "k_rule": None if self.k is None else self.k.rule,
            "initial_rating": None if self.initial is None else self.initial.as_json(),
            "rated_games": [game.as_json() for game in self.games],
            "skipped": list(self.skipped),
        }


@dataclass(frozen=True, slots=True)
class RatingReport:
    """The rating report of an event: the kind of rating, the edition, one line per player in
    pairing-number order, and notes (how the kind was chosen, what the report assumes)."""

    kind: Category
    edition: RatingEdition
    players: tuple[PlayerRating, ...]
    notes: tuple[str, ...]

    def as_json(self) -> dict[str, object]:
        """``{"kind", "edition", "players": [...], "notes": [...]}`` (see
        :meth:`PlayerRating.as_json`)."""
        return {
            "kind": self.kind.value,
            "edition": self.edition.value,
            "players": [player.as_json() for player in self.players],
            "notes": list(self.notes),
        }


# -- citations -----------------------------------------------------------------------------------


def _article(number: str, kind: Category, edition: RatingEdition) -> str:
    """``"B.02 8.3.3"`` for a standard rating, ``"B.02 R&B 7.3.3"`` for a rapid or blitz one
    (the Rapid and Blitz chapter numbers sections 7-10 one lower, and its initial-rating rules
    8.2.x are 7.2.(x+1)), with ``(2022)`` for that edition."""
    if kind is not Category.STANDARD:
        section, _, rest = number.partition(".")
        if number.startswith("8.2."):
            sub = number.split(".")
            number = f"7.2.{int(sub[2]) + 1}"
        elif section in ("7", "8", "9", "10"):
            number = f"{int(section) - 1}.{rest}"
        chapter = "B.02 R&B"
    else:
        chapter = "B.02"
    if edition is RatingEdition.B02_2022:
        chapter += " (2022)"
    return f"{chapter} {number}"


# -- the kind of rating --------------------------------------------------------------------------


def rating_kind(tournament: Tournament) -> tuple[Category, str]:
    """Standard, rapid or blitz for ``tournament``, and a note saying how it was chosen: by
    its time control (the TRF-2026 ``222`` code, else the ``122`` text) classified as the Rapid
    and Blitz Rating Regulations of 1 March 2024 define the kinds (1.1.1: rapid, more than 10
    and less than 60 minutes for all the moves, or the time + 60 × the increment; 1.1.2:
    blitz, more than 3 and at most 10; the same bounds as the Laws of Chess 2023, A.1 and B.1:
    :func:`chessarbiter.timecontrol.laws.classify`). A blank or unreadable control gives
    standard, and the note says so. A blitz control of 3 minutes or less is not FIDE-rated at
    all (1.1.2): the note warns.

    >>> rating_kind(Tournament(time_control="15 min + 10 s"))[0].value
    'rapid'
    >>> rating_kind(Tournament(time_control="40/120, 60"))[1]
    "standard: the time control '40/120, 60' (TRF 122) cannot be read; standard assumed"
    """
    problems: list[str] = []
    readers = (
        ("222", tournament.time_control_code, lambda text: parse_trf(text).white),
        ("122", tournament.time_control, TimeControl.parse),
    )
    for record, text, read in readers:
        if not text.strip():
            continue
        written = f"the time control {text.strip()!r} (TRF {record})"
        try:
            control = read(text)
            category = classify(control, LawsEdition.E2023)
            minutes = classification_minutes(control, LawsEdition.E2023)
        except ChessArbiterError:
            problems.append(f"{written} cannot be read")
            continue
        note = (
            f"{category.value}: {written}, {minutes:g} minutes for 60 moves, "
            "by B.02 Rapid and Blitz 1.1.1/1.1.2 (Laws of Chess 2023 A.1/B.1)"
        )
        if category is Category.BLITZ and minutes <= 3:
            note += "; games of 3 minutes or less are not FIDE-rated (B.02 R&B 1.1.2)"
        return category, note
    if not problems:
        problems.append("the file gives no time control (TRF 122 or 222)")
    return Category.STANDARD, "standard: " + "; ".join(problems) + "; standard assumed"


# -- one game ------------------------------------------------------------------------------------


def game_points(result: Result) -> Decimal | None:
    """The score of a game for the rating, B.02 8.3.2 b ("the score is 1, 0.5 or 0"), from its
    TRF result: 1, = and 0 only. ``None`` for what is not rated: forfeits and byes (B.02 5.1,
    "unplayed games ... are not counted") and games of less than one move (W, D, L: 5.1 rates
    a game "where both players have made at least one move"). The event's point system plays
    no part (a win is 1 in a 3-1-0 event).

    >>> game_points(Result.DRAW), game_points(Result.FORFEIT_WIN), game_points(Result.UNRATED_WIN)
    (Decimal('0.5'), None, None)
    """
    return _GAME_POINTS.get(result)


def caps_difference(own: int, *, kind: Category, edition: RatingEdition) -> bool:
    """Whether the 400-point rule of B.02 8.3.1 counts a difference of more than 400 points
    as 400 for a player rated ``own``:

    * edition 2025, standard: only for players rated below 2650 (8.3.1 as amended from
      1 October 2025: "For players rated 2650 and above, the difference between ratings shall
      be used in all cases");
    * edition 2025, rapid and blitz (R&B 7.3.1, without that amendment), and edition 2024:
      always;
    * edition 2022: always, but only in one game per event (:func:`expected_score`'s
      ``upgrade``). Whether the Rapid and Blitz chapter of that period had the cap is not
      settled by this project's sources: the standard rule is applied to every kind.

    >>> caps_difference(2650, kind=Category.STANDARD, edition=RatingEdition.B02_2025)
    False
    >>> caps_difference(2650, kind=Category.RAPID, edition=RatingEdition.B02_2025)
    True
    """
    if edition is RatingEdition.B02_2025 and kind is Category.STANDARD:
        return own < UNCAPPED_FROM
    return True


def expected_score(
    own: int,
    opponent: int,
    *,
    kind: Category,
    edition: RatingEdition = DEFAULT_EDITION,
    upgrade: bool = True,
) -> tuple[int, Decimal]:
    """``(D, PD)``: the rating difference as counted and the expected score of a player rated
    ``own`` against one rated ``opponent`` (B.02 8.3.1 and 8.3.2 a with table 8.1.2).

    A difference of more than 400 points counts as 400 (either sign) when
    :func:`caps_difference` says so. Edition 2022 (8.3.1 of that edition): "a player may
    benefit from only one upgrade under this rule, for the game in which the rating difference
    is greatest": the caller passes ``upgrade=False`` for the player's other games
    (:func:`rating_report` chooses the game of the greatest difference, either sign: the text
    does not say whether the lower-rated player's side, which the cap does not favour, is
    meant too; both are treated alike, as the 400-point rule itself treats them).

    >>> expected_score(2000, 1600, kind=Category.STANDARD)
    (400, Decimal('0.92'))
    >>> expected_score(2000, 1599, kind=Category.STANDARD)
    (400, Decimal('0.92'))
    >>> expected_score(1599, 2000, kind=Category.STANDARD)
    (-400, Decimal('0.08'))
    >>> expected_score(2700, 2200, kind=Category.STANDARD)  # 2650+: the real difference
    (500, Decimal('0.96'))
    >>> expected_score(2700, 2200, kind=Category.STANDARD, edition=RatingEdition.B02_2024)
    (400, Decimal('0.92'))
    """
    difference = own - opponent
    if upgrade and abs(difference) > CAP and caps_difference(own, kind=kind, edition=edition):
        difference = CAP if difference > 0 else -CAP
    return difference, Decimal(pd(difference)) / _HUNDRED


def not_rated_by_600_point_rule(
    own: int, opponent: int, *, kind: Category, edition: RatingEdition = DEFAULT_EDITION
) -> bool:
    """B.02 Rapid and Blitz 7.3.1, effective from 1 December 2024 (edition 2025): "Games
    played between players with a rating difference of 600 points or more shall not be rated if
    at least one of the players is rated above 2600". Not in the standard chapter, nor in the
    2024 and 2022 editions. The game is unrated for both players.

    >>> not_rated_by_600_point_rule(2601, 2001, kind=Category.BLITZ)
    True
    >>> not_rated_by_600_point_rule(2600, 2000, kind=Category.BLITZ)  # not above 2600
    False
    >>> not_rated_by_600_point_rule(2601, 2002, kind=Category.BLITZ)  # 599 points
    False
    """
    return (
        edition is RatingEdition.B02_2025
        and kind is not Category.STANDARD
        and abs(own - opponent) >= 600
        and max(own, opponent) > 2600
    )


# -- K -------------------------------------------------------------------------------------------


def k_factor(
    rating: int,
    *,
    kind: Category = Category.STANDARD,
    edition: RatingEdition = DEFAULT_EDITION,
    birth_year: int | None = None,
    year: int | None = None,
    new_player: bool = False,
    reached_2400: bool | None = None,
) -> KFactor:
    """The development coefficient K of B.02 8.3.3 for a player rated ``rating``:

    * 10 for a player rated 2400 or more, or whose published rating once reached 2400
      (``reached_2400``: a TRF cannot tell; ``None`` and ``False`` mean it did not);
    * 40 for a player new to the rating list until they have completed events with at least
      30 games (``new_player``: the caller says so; a TRF cannot tell);
    * 40 for a player rated under 2300 "until the end of the year of their 18th birthday":
      ``year - birth_year <= 18``, ``year`` being the event's; with either year unknown the
      rule is not applied, and the rule text says so;
    * 20 otherwise ("as long as a player's rating remains under 2400").

    The Rapid and Blitz chapter's 7.3.3 has the same text (editions 2024 and 2025). Edition
    2022: the standard 8.3.3 of 2022 is not among this project's transcribed sources and the
    2024 wording is used; for rapid and blitz the standard rules apply from 1 October 2022
    (before that date every player's rapid and blitz K was 20: pass ``k=20`` to
    :func:`rating_report` for such an event).

    >>> k_factor(2400).value, k_factor(2399).value, k_factor(2299, birth_year=2007, year=2025).value
    (10, 20, 40)
    >>> k_factor(2299, birth_year=2007, year=2026).value  # 19 in 2026
    20
    >>> k_factor(1900).rule
    'B.02 8.3.3: rated under 2400 (birth year unknown: the junior rule not applied)'
    """
    article = _article("8.3.3", kind, edition)
    if rating >= 2400:
        return KFactor(10, f"{article}: rated 2400 or more")
    if reached_2400:
        return KFactor(10, f"{article}: published rating once reached 2400")
    if new_player:
        return KFactor(40, f"{article}: new to the rating list, fewer than 30 games")
    if rating < 2300 and birth_year is not None and year is not None and year - birth_year <= 18:
        return KFactor(
            40,
            f"{article}: born {birth_year}, under 2300, until the end of the year of the "
            "18th birthday",
        )
    rule = f"{article}: rated under 2400"
    if rating < 2300 and (birth_year is None or year is None):
        unknown = "birth year" if birth_year is None else "event year"
        rule += f" ({unknown} unknown: the junior rule not applied)"
    return KFactor(20, rule)


def limit_k(k: KFactor, games: int) -> KFactor:
    """B.02 8.3.3, last paragraph: "If the number of games (n) for a player on any list for a
    rating period multiplied by K ... exceeds 700, then K shall be the largest whole number
    such that K x n does not exceed 700." ``games`` is n as far as this event knows it (other
    events of the same rating period add to it).

    >>> limit_k(KFactor(40, "new"), 17).value, limit_k(KFactor(40, "new"), 18).value
    (40, 38)
    >>> limit_k(KFactor(20, "under 2400"), 36).rule
    'K × n ≤ 700 (B.02 8.3.3): 20 × 36 games > 700, so 19 (was 20: under 2400)'
    """
    if games <= 0 or k.value * games <= K_TIMES_GAMES:
        return k
    value = K_TIMES_GAMES // games
    return KFactor(
        value,
        f"K × n ≤ 700 (B.02 8.3.3): {k.value} × {games} games > 700, so {value} "
        f"(was {k.value}: {k.rule})",
    )


# -- initial rating ------------------------------------------------------------------------------


def initial_rating(
    opponent_ratings: Sequence[int],
    points: Decimal,
    *,
    edition: RatingEdition = DEFAULT_EDITION,
    kind: Category = Category.STANDARD,
) -> InitialRating:
    """The initial rating Ru an unrated player gets from games against opponents rated
    ``opponent_ratings``, scoring ``points`` (in wins) in them.

    Editions 2025 and 2024 (B.02 8.2 and 7.1.4 of 1 March 2024):

    * 7.1.4: it needs at least 5 games against rated opponents (results of other events
      within 26 months may be pooled: this event alone may not be enough), and "the rating
      must be at least 1400";
    * 8.2.1: a zero score (in a first event) is disregarded;
    * 8.2.2: Ra is the average of the rated opponents "plus two hypothetical opponents rated
      1800", the results against them two draws;
    * 8.2.3: Ru = Ra + dp (table 8.1.1, the score fraction p of all the games, the two draws
      included, rounded to whole percents), "rounded to the nearest whole number" (only at the
      end: Ra is not rounded first); "The maximum initial rating is 2200".

    Edition 2022 (B.02 8.2 of 1 January 2022): Ra is the average of the rated opponents; 50 %
    gives Ra, more gives "Ra + 20 for each half point scored over 50%", less gives Ra + dp;
    rounded to the nearest whole number; no maximum; at least 5 games, and the rating floor
    of that edition, 1000 (7.1.4 before 1 March 2024, "The rating is at least 1000" in its 2014
    wording; FIDE QC, 1 March 2024: "the new rating floor will be set at 1400"; the 2022 text
    of 7.1.4 itself is not among this project's transcribed sources).

    >>> r = initial_rating([1600, 1700, 1800, 1900, 2000], Decimal(3))
    >>> r.value, r.average  # Ra = (9000 + 3600) / 7 = 1800, p = 4/7 = 57 %: dp 50
    (1850, Decimal('1800'))
    >>> initial_rating([1600, 1700, 1800, 1900], Decimal(3)).reason
    'B.02 7.1.4: 4 games against rated opponents, at least 5 are needed (results of other events within 26 months may be pooled)'
    >>> initial_rating([1600, 1700, 1800, 1900, 2000], Decimal(4), edition=RatingEdition.B02_2022).value
    1860
    """  # noqa: E501
    games = len(opponent_ratings)
    article = _article("7.1.4", kind, edition)
    pooled = "results of other events within 26 months may be pooled"
    if edition is RatingEdition.B02_2022:
        average = Decimal(sum(opponent_ratings)) / games if games else Decimal(0)
    else:
        average = Decimal(sum(opponent_ratings) + 2 * 1800) / (games + 2)
    if games and points == 0:
        zero = _article("8.2.1", kind, edition)
        return InitialRating(
            None, average, games, points, f"{zero}: a zero score in a first event is disregarded"
        )
    if games < 5:
        return InitialRating(
            None,
            average,
            games,
            points,
            f"{article}: {games} game{'s' if games != 1 else ''} against rated opponents, at "
            f"least 5 are needed ({pooled})",
        )
    rule = _article("8.2.3", kind, edition)
    if edition is RatingEdition.B02_2022:
        over = 2 * points - games  # half points over 50 %
        if over > 0:
            value = round_half_up(average + 20 * over)
        elif over == 0:
            value = round_half_up(average)
        else:
            value = round_half_up(average + dp(points / games))
        if value < 1000:
            return InitialRating(
                None,
                average,
                games,
                points,
                f"{rule}: Ru = {value} is below the rating floor 1000 of this edition ({article})",
            )
        return InitialRating(value, average, games, points)
    value = round_half_up(average + dp((points + 1) / (games + 2)))
    if value > 2200:
        return InitialRating(
            2200,
            average,
            games,
            points,
            f"{rule}: Ru = {value}, the maximum initial rating is 2200",
        )
    if value < 1400:
        return InitialRating(
            None,
            average,
            games,
            points,
            f"{article}: Ru = {value}, the rating must be at least 1400",
        )
    return InitialRating(value, average, games, points)


# -- the report ----------------------------------------------------------------------------------


def _check_k(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value not in K_RANGE:
        raise RatingError(f"{what}: K must be a whole number from 1 to 100, not {value!r}")


def _rating(value: int | None) -> int | None:
    """A player's rating, ``None`` when unrated (0 or blank in a TRF)."""
    return value if value else None


def _skip_reason(
    tournament: Tournament,
    ratings: Mapping[PlayerId, int | None],
    round_number: int,
    number: PlayerId,
    kind: Category,
    edition: RatingEdition,
) -> str | None:
    """Why round ``round_number`` of player ``number`` does not count, ``None`` when it does."""
    entry = tournament.player(number).entry(round_number)
    result = entry.result
    where = f"round {round_number}"
    unplayed = _article("5.1", kind, edition)
    if result is None:
        if entry.opponent is not None:
            return f"{where}: against {entry.opponent}, no result yet"
        return f"{where}: not paired ({unplayed}: unplayed games are not counted)"
    if result.is_forfeit or result.is_bye:
        against = f" against {entry.opponent}" if entry.opponent is not None else ""
        return f"{where}: {_RESULT_WORDS[result]}{against}, not played ({unplayed})"
    if game_points(result) is None:
        return (
            f"{where}: {_RESULT_WORDS[result]} against {entry.opponent} ({unplayed}: rated only "
            "when both players have made at least one move)"
        )
    assert entry.opponent is not None
    opponent = tournament.player(entry.opponent)
    opponent_rating = ratings[opponent.number]
    own = ratings[number]
    if opponent_rating is None:
        rule = (
            _article("8.3.1", kind, edition)
            if own is not None
            else _article("8.2.2", kind, edition)
        )
        return (
            f"{where}: opponent {opponent.number} is unrated ({rule}: only games against rated "
            "players count; an opponent rated by this event stays unrated here, as 8.2.4 says)"
        )
    if own is not None and not_rated_by_600_point_rule(
        own, opponent_rating, kind=kind, edition=edition
    ):
        return (
            f"{where}: {abs(own - opponent_rating)} points apart from {opponent.number} with a "
            "player rated above 2600: not rated (B.02 R&B 7.3.1, from 1 December 2024)"
        )
    return None


def rating_report(
    tournament: Tournament,
    *,
    kind: Category | None = None,
    edition: RatingEdition = DEFAULT_EDITION,
    k: int | None = None,
    k_by_player: Mapping[PlayerId, int] | None = None,
    new_players: Collection[PlayerId] = (),
    up_to_round: int | None = None,
    reached_2400: Collection[PlayerId] = (),
    standard_ratings: Mapping[PlayerId, int] | None = None,
) -> RatingReport:
    """The rating report of ``tournament`` after ``up_to_round`` (default: every round played).

    For each player, the games that count: played over the board with a result 1, = or 0
    (:func:`game_points`), against a rated opponent (B.02 8.3.1, "for each game played against
    a rated player"; 8.2.2 for the initial rating), not unrated by the 600-point rule
    (:func:`not_rated_by_600_point_rule`). Ratings are those of the file (the list in force at
    the start); a player rated by this event stays unrated for their opponents (8.2.4).

    A rated player: D and PD per game (:func:`expected_score`; edition 2022: only the game of
    the greatest difference over 400 is capped), K (``k_by_player``, else ``k``, else
    :func:`k_factor` from the rating, the birth year of the ``001`` record, the year the event
    starts, ``new_players`` and ``reached_2400``), then :func:`limit_k` with this event's
    games; the change K × (score − expected) (8.3.2), rounded half away from zero (8.3.4).
    An unrated player: :func:`initial_rating`.

    ``kind`` defaults to :func:`rating_kind`. ``standard_ratings`` (a rapid or blitz report
    only) are the standard ratings of players unrated in the file's list: B.02 R&B 7.2.1 (1 March
    2024): "If an unrated player has a standard rating at the beginning of a rapid or blitz
    tournament, their standard rating is used for rating calculation. Such a player is
    considered to be rated" — for their own change and for their opponents'.

    :raises RatingError: for a K outside 1 to 100, or ``up_to_round`` out of range.
    :raises UnknownPlayerError: for a pairing number in ``k_by_player``, ``new_players`` or
        ``reached_2400`` that names no player.
    """
    notes: list[str] = []
    if kind is None:
        kind, why = rating_kind(tournament)
        notes.append(why)
    else:
        notes.append(f"{kind.value}: as asked")
    notes.append(f"edition {edition.value}: {edition.description}")
    if k is not None:
        _check_k(k, "k")
    given = dict(k_by_player or {})
    for number, value in given.items():
        tournament.player(number)
        _check_k(value, f"player {number}")
    for number in (*new_players, *reached_2400):
        tournament.player(number)
    ratings = _ratings_used(tournament, kind, edition, standard_ratings or {}, notes)
    played = tournament.rounds_played
    if up_to_round is None:
        rounds = played
    elif isinstance(up_to_round, bool) or not 0 <= up_to_round <= played:
        raise RatingError(
            f"the rating report can be after rounds 0 to {played}, not after round {up_to_round}"
        )
    else:
        rounds = up_to_round
    day = default_reference_date(tournament)
    year = day.year if day is not None else None
    players = tuple(
        _player_rating(
            tournament,
            ratings,
            number,
            rounds,
            kind=kind,
            edition=edition,
            k=given.get(number, k),
            forced_for_player=number in given,
            new_player=number in new_players,
            reached_2400=number in reached_2400,
            year=year,
        )
        for number in sorted(tournament.players)
    )
    if any(p.rating is None for p in players):
        notes.append(
            "unrated players: the rating this event alone gives them (B.02 8.2, 7.1.4); "
            "opponents they meet count them as unrated (8.2.4)"
        )
    notes.append(
        "K × n ≤ 700 (B.02 8.3.3) is applied with this event's games only; K 40 for new "
        "players and K 10 below 2400 need the caller's word (a TRF cannot tell)"
    )
    return RatingReport(kind, edition, players, tuple(notes))


def _ratings_used(
    tournament: Tournament,
    kind: Category,
    edition: RatingEdition,
    standard_ratings: Mapping[PlayerId, int],
    notes: list[str],
) -> dict[PlayerId, int | None]:
    """Each player's rating for the report: the file's, or for a rapid or blitz report of the
    2024 and 2025 editions a standard rating given for a player the file has unrated (B.02
    R&B 7.2.1); a note names those players."""
    ratings = {n: _rating(p.rating) for n, p in tournament.players.items()}
    if not standard_ratings:
        return ratings
    for number, value in standard_ratings.items():
        tournament.player(number)
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise RatingError(
                f"player {number}: a standard rating is a positive whole number, not {value!r}"
            )
    if kind is Category.STANDARD or edition is RatingEdition.B02_2022:
        return ratings
    used = sorted(n for n, r in ratings.items() if r is None and n in standard_ratings)
    for number in used:
        ratings[number] = standard_ratings[number]
    if used:
        notes.append(
            "rated with their standard rating, being unrated in the "
            f"{kind.value} list (B.02 R&B 7.2.1): " + ", ".join(map(str, used))
        )
    return ratings


def _player_rating(
    tournament: Tournament,
    rating_of: Mapping[PlayerId, int | None],
    number: PlayerId,
    rounds: int,
    *,
    kind: Category,
    edition: RatingEdition,
    k: int | None,
    forced_for_player: bool,
    new_player: bool,
    reached_2400: bool,
    year: int | None,
) -> PlayerRating:
    player = tournament.player(number)
    own = rating_of[number]
    counted: list[tuple[int, PlayerId, int, Decimal]] = []
    skipped: list[str] = []
    for r in range(1, rounds + 1):
        reason = _skip_reason(tournament, rating_of, r, number, kind, edition)
        if reason is not None:
            skipped.append(reason)
            continue
        entry = player.entry(r)
        assert entry.opponent is not None and entry.result is not None
        points = game_points(entry.result)
        opponent_rating = rating_of[entry.opponent]
        assert points is not None and opponent_rating is not None
        counted.append((r, entry.opponent, opponent_rating, points))
    score = sum((c[3] for c in counted), Decimal(0))
    ratings = [c[2] for c in counted]
    performance = performance_rating(ratings, score) if counted else None
    if own is None:
        initial = initial_rating(ratings, score, edition=edition, kind=kind)
        games = tuple(
            RatedGame(r, opp, rating, pts, 0, Decimal(0)) for r, opp, rating, pts in counted
        )
        return PlayerRating(
            number,
            player.name,
            None,
            None,
            games,
            tuple(skipped),
            score,
            Decimal(0),
            Decimal(0),
            None,
            initial.value,
            performance,
            initial,
        )
    upgraded = _upgraded_game(own, ratings) if edition is RatingEdition.B02_2022 else None
    rated_games: list[RatedGame] = []
    for index, (r, opp, rating, pts) in enumerate(counted):
        upgrade = upgraded is None or index == upgraded
        difference, expected = expected_score(
            own, rating, kind=kind, edition=edition, upgrade=upgrade
        )
        rated_games.append(RatedGame(r, opp, rating, pts, difference, expected))
    if k is not None:
        factor = KFactor(k, "given for this player" if forced_for_player else "given")
    else:
        born = birth_date_of(player.birth_date)
        factor = k_factor(
            own,
            kind=kind,
            edition=edition,
            birth_year=born[0] if born is not None else None,
            year=year,
            new_player=new_player,
            reached_2400=reached_2400,
        )
    factor = limit_k(factor, len(rated_games))
    expected_total = sum((g.expected for g in rated_games), Decimal(0))
    change = factor.value * (score - expected_total)
    rating_change = round_half_up(change)
    return PlayerRating(
        number,
        player.name,
        own,
        factor,
        tuple(rated_games),
        tuple(skipped),
        score,
        expected_total,
        change,
        rating_change,
        own + rating_change,
        performance,
        None,
    )


def _upgraded_game(own: int, ratings: Sequence[int]) -> int:
    """Edition 2022, B.02 8.3.1: the index of the one game whose difference of more than 400
    points is counted as 400, "the game in which the rating difference is greatest" (the first
    of equal ones); ``-1`` (no game) when no difference is over 400."""
    best = -1
    for index, rating in enumerate(ratings):
        if abs(own - rating) > CAP and (best < 0 or abs(own - rating) > abs(own - ratings[best])):
            best = index
    return best
