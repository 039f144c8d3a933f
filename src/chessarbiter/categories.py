"""Categories of players, for ranking lists and prizes by category.

A category is written as text, the way an organiser writes it in a prize table or on a
command line, and parsed by :func:`parse_category`:

=====================  ========================================================================
``U12``                age under 12 on the reference date (``U1`` to ``U99``; the usual ones are
                       U8, U10, U12, U14, U16, U18 and U20), see :func:`in_youth_category`
``50+``                a senior category: 50 or older in the year of the reference date
                       (``1+`` to ``150+``; the usual ones are 50+ and 65+), see
                       :func:`in_senior_category`
``F``, ``M``           sex: ``F`` a woman or girl (TRF sex ``f`` or ``w``), ``M`` a man or boy
                       (``m``); a player whose sex is not given is in neither
``FED=GER``            federation (three letters, any case)
``CLUB=SV Griesheim``  club, compared whole (not a part of the name), ignoring case and runs of
                       spaces; write ``CLUB="A & B"`` for a name with ``&``, ``|``, ``(`` or ``)``
``RATING<1800``        a rating band: ``<``, ``<=``, ``>`` or ``>=`` a rating; ``1600-1799`` (or
                       ``RATING=1600-1799``) both ends included. Unrated players are in no band:
                       write ``RATING<1800|UNRATED`` for a band that takes them
``UNRATED``            no rating (``0`` or blank)
=====================  ========================================================================

and combined: ``A&B`` (intersection: the player is in both), ``A|B`` (union: in either),
``&`` binding tighter than ``|`` (``U12&F|U10`` is ``(U12&F)|U10``), with parentheses to group
otherwise. Letters may be in any case and spaces around operators are ignored.

The rating of a player is his rating in the event (:attr:`Player.rating`, the TRF ``001``
rating), or the one a caller passes in ``ratings`` (say, the rapid rating of a rapid event).

Age categories (FIDE). Youth categories are "under N on 1 January of the year of the
championship" (FIDE World Youth and World Junior Championship regulations; the European Chess
Union's Youth regulations G.1.1 word it "shall not have reached the age of N by 1 January of the
year in which the tournament commences"); senior categories are "reaching the age of 50 (65) by 31
December of the year" (FIDE World Senior Championship regulations, since 2014). The reference date
is the caller's: 1 January of the event's year for the FIDE rule (:func:`default_reference_date`),
or the date the regulations name (Swiss-Manager calls it the "Stichtag" and reads youth
categories from it, senior ones from its year only, as here). A player whose birth date (or
year) is not given, or cannot be read, is in no age category.

>>> import datetime
>>> from chessarbiter.model import Player
>>> girl = Player(1, "Ann", sex="f", birth_date="2014/03/05", rating=1500)
>>> new_year = datetime.date(2026, 1, 1)
>>> parse_category("U12&F").contains(girl, reference_date=new_year)
True
>>> parse_category("RATING<1400|UNRATED").contains(girl, reference_date=new_year)
False
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TypeAlias

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Player, PlayerId, Tournament

__all__ = [
    "AgeAtLeast",
    "AgeUnder",
    "AllOf",
    "AnyOf",
    "Category",
    "CategoryError",
    "Club",
    "Condition",
    "Federation",
    "RatingBand",
    "Sex",
    "Unrated",
    "age_on",
    "birth_date_of",
    "default_reference_date",
    "in_senior_category",
    "in_youth_category",
    "parse_category",
    "usual_categories",
]

#: The largest N of an age category ``UN``: above it ``U1800`` is surely a rating band.
MAX_YOUTH_AGE = 99
#: The largest N of a senior category ``N+``.
MAX_SENIOR_AGE = 150
#: The largest rating a band may name (TRF ratings have four digits).
MAX_RATING = 9999


class CategoryError(ChessArbiterError):
    """A category that cannot be read; the message quotes the category and the part at fault."""


# -- birth dates and age ------------------------------------------------------------------------

_BIRTH = re.compile(r"(\d{4})(?:([-/.])(\d{1,2})\2(\d{1,2}))?")


def birth_date_of(text: str) -> tuple[int, datetime.date | None] | None:
    """The birth year and, when the day is given, the birth date of a birth date as TRF and
    the player database write it (``"YYYY"``, ``"YYYY/MM/DD"``, ``"YYYY-MM-DD"`` or
    ``"YYYY.MM.DD"``); ``None`` when ``text`` is blank or none of these (an impossible date,
    a year 0000, a date with a zero month or day as some files write an unknown day: the year
    alone is then kept).

    >>> birth_date_of("1969.12.06")
    (1969, datetime.date(1969, 12, 6))
    >>> birth_date_of("2010"), birth_date_of("2010/00/00"), birth_date_of(""), birth_date_of("n/a")
    ((2010, None), (2010, None), None, None)
    """
    m = _BIRTH.fullmatch(text.strip())
    if m is None:
        return None
    year = int(m.group(1))
    if year == 0:
        return None
    if m.group(2) is None:
        return year, None
    month, day = int(m.group(3)), int(m.group(4))
    if month == 0 or day == 0:
        return year, None
    try:
        return year, datetime.date(year, month, day)
    except ValueError:
        return None


def age_on(birth_date: str, on: datetime.date) -> int | None:
    """A player's age in completed years on the day ``on``, ``None`` when the birth date is
    unknown (see :func:`birth_date_of`). With the year alone the birthday is taken as 31
    December of that year (the youngest the player can be), so that on 1 January a player is
    "under N" exactly when born in the year ``on.year - N`` or later: the FIDE youth rule by
    birth year.

    >>> day_before, birthday = datetime.date(2026, 3, 4), datetime.date(2026, 3, 5)
    >>> age_on("2014/03/05", day_before), age_on("2014/03/05", birthday)
    (11, 12)
    >>> age_on("2014", datetime.date(2026, 1, 1)), age_on("", datetime.date(2026, 1, 1))
    (11, None)
    """
    known = birth_date_of(birth_date)
    if known is None:
        return None
    year, born = known
    if born is None:
        born = datetime.date(year, 12, 31)
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def in_youth_category(birth_date: str, under: int, reference_date: datetime.date) -> bool:
    """Whether a player born ``birth_date`` is in the youth category "under ``under``": younger
    than ``under`` years on ``reference_date`` (:func:`age_on`). FIDE World Youth and World
    Junior Championship regulations: "under N on 1 January of the year of the championship"
    (pass that date). Unknown birth date: not in the category.

    >>> on = datetime.date(2026, 1, 1)
    >>> in_youth_category("2014", 12, on), in_youth_category("2013/12/31", 12, on)
    (True, False)
    """
    age = age_on(birth_date, reference_date)
    return age is not None and age < under


def in_senior_category(birth_date: str, at_least: int, reference_date: datetime.date) -> bool:
    """Whether a player born ``birth_date`` is in the senior category ``at_least``\\ +: he
    reaches ``at_least`` years by 31 December of the year of ``reference_date`` (FIDE World
    Senior Championship regulations, 50+ and 65+: "reach the age of 50 or 65 by 31 December of
    the year of the event"), so only the birth year counts. Unknown birth date: not in it.

    >>> on = datetime.date(2026, 7, 1)
    >>> in_senior_category("1976/12/31", 50, on), in_senior_category("1977/01/01", 50, on)
    (True, False)
    """
    known = birth_date_of(birth_date)
    return known is not None and reference_date.year - known[0] >= at_least


_YEAR_IN_TEXT = re.compile(r"(?<!\d)(1[89]\d\d|2\d\d\d)(?!\d)")


def default_reference_date(tournament: Tournament) -> datetime.date | None:
    """The reference date of the FIDE age categories for ``tournament``: 1 January of the year
    of its start date (TRF ``042``, whatever its day/month order: the four-digit year is taken),
    or of its end date (``052``) when the start is blank; ``None`` when neither has a year.

    >>> default_reference_date(Tournament(start_date="28. 07. 2005"))
    datetime.date(2005, 1, 1)
    >>> default_reference_date(Tournament()) is None
    True
    """
    for text in (tournament.start_date, tournament.end_date):
        m = _YEAR_IN_TEXT.search(text)
        if m:
            return datetime.date(int(m.group(1)), 1, 1)
    return None


# -- conditions ---------------------------------------------------------------------------------


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


@dataclass(frozen=True, slots=True)
class AgeUnder:
    """Youth category ``U<under>`` (:func:`in_youth_category`)."""

    under: int

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        return in_youth_category(player.birth_date, self.under, reference_date)


@dataclass(frozen=True, slots=True)
class AgeAtLeast:
    """Senior category ``<at_least>+`` (:func:`in_senior_category`)."""

    at_least: int

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        return in_senior_category(player.birth_date, self.at_least, reference_date)


@dataclass(frozen=True, slots=True)
class Sex:
    """``F`` (TRF sex ``f`` or ``w``) or ``M`` (``m``); a blank sex is in neither."""

    sex: str

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        sex = player.sex.strip().lower()
        return sex in ("f", "w") if self.sex == "F" else sex == "m"


@dataclass(frozen=True, slots=True)
class Federation:
    """``FED=<code>``: the player's federation, ignoring case."""

    code: str

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        return player.federation.strip().upper() == self.code


@dataclass(frozen=True, slots=True)
class Club:
    """``CLUB=<name>``: the player's club, the whole name, ignoring case and runs of spaces."""

    name: str

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        return _fold(player.club) == _fold(self.name)


@dataclass(frozen=True, slots=True)
class RatingBand:
    """A rating band, ``low`` to ``high`` both included (``None``: no bound); unrated players
    are in no band."""

    low: int | None
    high: int | None

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        if not rating:
            return False
        return (self.low is None or rating >= self.low) and (
            self.high is None or rating <= self.high
        )


@dataclass(frozen=True, slots=True)
class Unrated:
    """``UNRATED``: no rating (``0`` or blank)."""

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        return not rating


@dataclass(frozen=True, slots=True)
class AnyOf:
    """A union ``A|B|...``: in at least one of ``parts``."""

    parts: tuple[Condition, ...]

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        return any(p.holds(player, reference_date, rating) for p in self.parts)


@dataclass(frozen=True, slots=True)
class AllOf:
    """An intersection ``A&B&...``: in every one of ``parts``."""

    parts: tuple[Condition, ...]

    def holds(self, player: Player, reference_date: datetime.date, rating: int | None) -> bool:
        return all(p.holds(player, reference_date, rating) for p in self.parts)


Condition: TypeAlias = (
    AgeUnder | AgeAtLeast | Sex | Federation | Club | RatingBand | Unrated | AnyOf | AllOf
)


def _uses_age(condition: Condition) -> bool:
    if isinstance(condition, AgeUnder | AgeAtLeast):
        return True
    if isinstance(condition, AnyOf | AllOf):
        return any(_uses_age(p) for p in condition.parts)
    return False


@dataclass(frozen=True, slots=True)
class Category:
    """A category of players: ``name`` as written, ``condition`` what it means."""

    name: str
    condition: Condition

    def __str__(self) -> str:
        return self.name

    @property
    def uses_age(self) -> bool:
        """Whether membership depends on the reference date (an age category in it)."""
        return _uses_age(self.condition)

    def contains(
        self,
        player: Player,
        *,
        reference_date: datetime.date,
        ratings: Mapping[PlayerId, int | None] | None = None,
    ) -> bool:
        """Whether ``player`` is in this category, ages counted on ``reference_date``, the
        rating being ``ratings[player.number]`` when given, else :attr:`Player.rating`."""
        rating = ratings.get(player.number) if ratings is not None else player.rating
        return self.condition.holds(player, reference_date, rating)

    def members(
        self,
        players: Iterable[Player],
        *,
        reference_date: datetime.date,
        ratings: Mapping[PlayerId, int | None] | None = None,
    ) -> list[Player]:
        """The players of ``players`` in this category, in the order given."""
        return [
            p for p in players if self.contains(p, reference_date=reference_date, ratings=ratings)
        ]


# -- parsing ------------------------------------------------------------------------------------

_OPERATORS = "|&()"
#: Parentheses nested deeper than this are refused (no real category needs more than a few).
MAX_NESTING = 20
_CLUB = re.compile(r"CLUB\s*=", re.IGNORECASE)
_AGE_UNDER = re.compile(r"U(\d+)")
_SENIOR = re.compile(r"(\d+)\+")
_FED = re.compile(r"FED=([A-Z]{3})")
_COMPARE = re.compile(r"RATING(<=|>=|<|>)(\d+)")
_RANGE = re.compile(r"(?:RATING=)?(\d+)-(\d+)")


class _Parser:
    """Recursive descent over ``expr := term ('|' term)*``, ``term := atom ('&' atom)*``,
    ``atom := '(' expr ')' | a single category``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.depth = 0

    def fail(self, message: str, at: int | None = None) -> CategoryError:
        column = (self.pos if at is None else at) + 1
        return CategoryError(f'category "{self.text}", column {column}: {message}')

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_spaces()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def parse(self) -> Condition:
        if not self.text.strip():
            raise CategoryError("a category cannot be empty")
        condition = self.expr()
        if self.peek():
            raise self.fail(f'unexpected "{self.text[self.pos]}"')
        return condition

    def expr(self) -> Condition:
        parts = [self.term()]
        while self.peek() == "|":
            self.pos += 1
            parts.append(self.term())
        return parts[0] if len(parts) == 1 else AnyOf(tuple(parts))

    def term(self) -> Condition:
        parts = [self.atom()]
        while self.peek() == "&":
            self.pos += 1
            parts.append(self.atom())
        return parts[0] if len(parts) == 1 else AllOf(tuple(parts))

    def atom(self) -> Condition:
        char = self.peek()
        if char == "(":
            opening = self.pos
            self.pos += 1
            self.depth += 1
            if self.depth > MAX_NESTING:
                raise self.fail(f"parentheses nested more than {MAX_NESTING} deep", opening)
            inner = self.expr()
            if self.peek() != ")":
                raise self.fail('"(" is not closed', opening)
            self.pos += 1
            self.depth -= 1
            return inner
        if char in ("", "|", "&", ")"):
            found = f'"{char}"' if char else "the end"
            raise self.fail(f"a category is missing before {found}")
        start = self.pos
        if m := _CLUB.match(self.text, start):
            return self.club(start, m.end())
        while self.pos < len(self.text) and self.text[self.pos] not in _OPERATORS:
            self.pos += 1
        return self.simple(self.text[start : self.pos], start)

    def club(self, start: int, value: int) -> Club:
        self.pos = value
        self.skip_spaces()
        if self.pos < len(self.text) and self.text[self.pos] == '"':
            end = self.text.find('"', self.pos + 1)
            if end < 0:
                raise self.fail("the club name's quote is not closed", self.pos)
            name = self.text[self.pos + 1 : end]
            self.pos = end + 1
        else:
            value_start = self.pos
            while self.pos < len(self.text) and self.text[self.pos] not in _OPERATORS:
                self.pos += 1
            name = self.text[value_start : self.pos]
            if '"' in name:
                raise self.fail('a quote may only open a club name: CLUB="..."', value_start)
        if not name.strip():
            raise self.fail("CLUB= needs a club name", start)
        return Club(" ".join(name.split()))

    def simple(self, raw: str, start: int) -> Condition:
        word = "".join(raw.split()).upper()
        shown = raw.strip()
        if word in ("F", "M"):
            return Sex(word)
        if word == "UNRATED":
            return Unrated()
        if m := _AGE_UNDER.fullmatch(word):
            n = int(m.group(1))
            if not 1 <= n <= MAX_YOUTH_AGE:
                hint = f"; for a rating band write RATING<{n}" if n > MAX_YOUTH_AGE else ""
                raise self.fail(
                    f'"{shown}": an age category is U1 to U{MAX_YOUTH_AGE}{hint}', start
                )
            return AgeUnder(n)
        if m := _SENIOR.fullmatch(word):
            n = int(m.group(1))
            if not 1 <= n <= MAX_SENIOR_AGE:
                raise self.fail(f'"{shown}": a senior category is 1+ to {MAX_SENIOR_AGE}+', start)
            return AgeAtLeast(n)
        if word.startswith("FED="):
            if m := _FED.fullmatch(word):
                return Federation(m.group(1))
            raise self.fail(f'"{shown}": a federation is three letters, e.g. FED=GER', start)
        if m := _COMPARE.fullmatch(word):
            op, value = m.group(1), self.rating(m.group(2), shown, start)
            low, high = {
                "<": (None, value - 1),
                "<=": (None, value),
                ">": (value + 1, None),
                ">=": (value, None),
            }[op]
            return RatingBand(low, high)
        if m := _RANGE.fullmatch(word):
            low, high = (self.rating(m.group(i), shown, start) for i in (1, 2))
            if low > high:
                raise self.fail(f'"{shown}": the band\'s first rating is above its last', start)
            return RatingBand(low, high)
        raise self.fail(
            f'"{shown}" is not a category (U12, 50+, F, M, FED=GER, CLUB=name, '
            "RATING<1800, 1600-1799, UNRATED, joined by & and |)",
            start,
        )

    def rating(self, digits: str, shown: str, start: int) -> int:
        value = int(digits)
        if value > MAX_RATING:
            raise self.fail(f'"{shown}": a rating is 0 to {MAX_RATING}, not {value}', start)
        return value


def parse_category(text: str) -> Category:
    """The category written ``text`` (the grammar is in this module's docstring); its
    :attr:`Category.name` is ``text`` without surrounding spaces.

    :raises CategoryError: naming ``text`` and the part of it that cannot be read.

    >>> parse_category("1600-1799 | UNRATED").condition
    AnyOf(parts=(RatingBand(low=1600, high=1799), Unrated()))
    >>> try:
    ...     parse_category("U12 | FED=DE")
    ... except CategoryError as error:
    ...     print(error)
    category "U12 | FED=DE", column 7: "FED=DE": a federation is three letters, e.g. FED=GER
    """
    return Category(text.strip(), _Parser(text).parse())


#: The youth categories of the FIDE World Youth (U8 to U18) and World Junior (U20) Championships.
YOUTH_AGES = (8, 10, 12, 14, 16, 18, 20)
#: The senior categories of the FIDE World Senior Championship.
SENIOR_AGES = (50, 65)


def usual_categories(
    players: Iterable[Player],
    reference_date: datetime.date | None,
    ratings: Mapping[PlayerId, int | None] | None = None,
) -> list[str]:
    """The usual categories some of ``players`` are in, as :func:`parse_category` texts, in
    this order: ``F`` (women), the FIDE youth categories ``U8`` to ``U20`` (World Youth and
    World Junior Championship regulations, :data:`YOUTH_AGES`), the senior ones ``50+`` and
    ``65+`` (World Senior Championship regulations, :data:`SENIOR_AGES`), then ``UNRATED``;
    each only when at least one player is in it, ages counted on ``reference_date`` (``None``:
    no age category is offered). The categories an organiser is offered first for a ranking
    list or a prize.

    >>> players = [Player(1, "Ann", sex="f", birth_date="2015", rating=1200),
    ...            Player(2, "Bob", birth_date="1970/05/01")]
    >>> usual_categories(players, datetime.date(2026, 1, 1))
    ['F', 'U12', 'U14', 'U16', 'U18', 'U20', '50+', 'UNRATED']
    >>> usual_categories(players, None)
    ['F', 'UNRATED']
    """
    chosen = list(players)
    texts = ["F"]
    if reference_date is not None:
        texts += [f"U{n}" for n in YOUTH_AGES] + [f"{n}+" for n in SENIOR_AGES]
    texts.append("UNRATED")
    on = reference_date or datetime.date.min
    return [
        text
        for text in texts
        if any(parse_category(text).contains(p, reference_date=on, ratings=ratings) for p in chosen)
    ]
