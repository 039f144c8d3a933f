"""Prize tables and their allocation: place prizes and category prizes, money and objects,
one prize per player, money shared among players tied on points.

The rules. FIDE leaves prizes to the organiser: the invitation gives the full details of the
prize fund, special prizes included, and the currency (FIDE Tournament Rules C.06 3 (c) (2011)),
and the way tied participants are ranked is written in the tournament's regulations (C.07 2.1
(2023)), drawing of lots last (C.07 4.2). How money is divided among players tied on points is
the organiser's choice too; the arbiters' programs offer the three ways of :class:`Sharing`: no
sharing (the tie-break order decides), equal sharing, and the Hort system (Vega's manual: prize
distribution by the Hort system, with its example of four players sharing 10000/8000/6000/4000;
Sharly Chess's prize lists: no sharing, equal sharing or the Hort system, for the main prize list
only). The Hort system is GM Vlastimil Hort's: each tied player keeps half the prize of the place
the tie-break order gives him, the other half of the tied places' prizes is pooled and divided
equally among them.

A :class:`PrizeTable` lists :class:`Prize` s. A place prize is for a place of the ranking
(``place = 2``: second place); a category prize is for a place among the players of a category
(``category = "U12"``, a :func:`chessarbiter.categories.parse_category` text; ``place = 1`` the
best of them). A prize has an ``amount`` of money, or an object (``description``, with an optional
``worth`` used only to compare it), or both ("1000 and the cup").

:func:`allocate` gives the prizes, by these rules (each one tested):

1. **One prize per player**, the best for him: the highest value (money, or his share of shared
   money, plus the declared worth of an object), then the table's :class:`Precedence` (place
   prizes before category prizes, or the reverse, or the table's order). Sharly Chess does the
   same: the most valuable prize a player qualifies for, an object counted at its declared
   value, and of equal values the one its order of categories puts first.
2. **Better-placed players choose first.** The ranking is walked best first; each player takes
   the best prize still open to him: the next place prize (places are never skipped), or the
   next prize of each category he is in. So a category prize whose best player took a place prize
   passes to the next player of the category, and a place prize whose player took a category
   prize passes to the next player of the ranking.
3. **Sharing money among players tied on points** (place prizes only; category prizes are not
   shared: the tie-break order decides, as in Sharly Chess where only the main prize list is
   shared). The tied players who take place prizes occupy as many places as they are, from the
   next open place; the money of those places is divided by :class:`Sharing`. A tied group
   spanning the last paid place shares the paid places' money among all of its members (the
   places beyond pay nothing). Each player of the group decides in tie-break order, valuing his
   share as if every later player of the group stayed with the place prizes; a decision is not
   revisited (a later player leaving only raises the shares of those who stayed, because
   :func:`parse_prize_table` refuses a table where a better place pays less than a worse one).
4. **Objects are never shared**: the object of a place goes to the player occupying that place in
   tie-break order.
5. **Players tied on every tie-break** (a shared place of the ranking, e.g. "3-5" when the file
   has no tie-break) cannot be ordered: what the tie-break order would decide between them (the
   tie-break half under Hort, the whole amount under no sharing) is divided equally among them,
   and an object or a category prize goes to the first of them as the ranking lists them, with a
   note that lots must decide (C.07 4.2; rank with lots to avoid it).

Money is :class:`~decimal.Decimal`. Each share is rounded **down** to the table's ``unit`` (0.01 by
default; 1 for whole amounts, as the Hort system is usually paid); the part of a pool that
rounding leaves is not paid out (never rounded up: the Hort system's textbook example rounds its
thirds up and pays 71 of 70) and is reported as :attr:`PrizeList.remainder`, so the money paid
never exceeds the money of the prizes given.

Prize tables are TOML files (:func:`load_prize_table`), errors :class:`PrizeTableError` with
``FILE:LINE:COL``::

    currency = "EUR"
    unit = 1                # shares rounded down to whole euros
    sharing = "hort"        # "hort", "equal" or "tie-break"
    precedence = "place"    # "place", "category" or "table"
    reference_date = 2026-01-01   # age categories (optional: 1 January of the event's year)

    [[prize]]
    place = 1
    amount = 300
    description = "Cup"

    [[prize]]
    category = "U12"
    amount = 50

>>> table = PrizeTable(prizes=(Prize(place=2, amount=Decimal(300)),
...     Prize(place=3, amount=Decimal(200)), Prize(place=4, amount=Decimal(100))))
>>> [str(share_money(table, Sharing.HORT, [2, 3, 4], [1, 2, 3])[i]) for i in range(3)]
['250.00', '200.00', '150.00']
"""

from __future__ import annotations

import datetime
import enum
import re
import tomllib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from itertools import groupby, pairwise
from pathlib import Path
from typing import Any

from chessarbiter.categories import CategoryError, default_reference_date, parse_category
from chessarbiter.errors import FileFormatError, Problem
from chessarbiter.formatting import format_money, format_shared_with
from chessarbiter.model import PlayerId, Tournament
from chessarbiter.output import csv_text
from chessarbiter.standings import Standing

__all__ = [
    "Award",
    "Precedence",
    "Prize",
    "PrizeList",
    "PrizeTable",
    "PrizeTableError",
    "Sharing",
    "allocate",
    "category_members",
    "load_prize_table",
    "parse_prize_table",
    "prize_list_csv",
    "prize_list_json",
    "prize_list_text",
    "share_money",
]

#: The most prizes one table may list (a bound on input, like :mod:`chessarbiter.limits`).
MAX_PRIZES = 10_000
#: The largest place a prize may name.
MAX_PLACE = 100_000
#: The largest amount of one prize, and the bounds of the rounding unit (so that every sum and
#: share stays exact in :mod:`decimal`'s 28 digits).
MAX_AMOUNT = Decimal(10) ** 12
MIN_UNIT, MAX_UNIT = Decimal("0.0001"), Decimal(1_000_000)


class PrizeTableError(FileFormatError):
    """A prize table that cannot be read or means nothing: ``FILE:LINE:COL: message``, the
    entry named (``prize 3``) when the problem is in one prize."""


class Sharing(enum.Enum):
    """How money prizes are divided among players tied on points (place prizes only).

    - ``EQUAL``: the money of the places the tied players occupy, divided equally.
    - ``HORT``: half of each place's money to the player the tie-break order puts there, the
      other half of all of them divided equally (Vega's manual; the Hort system).
    - ``TIEBREAK``: no sharing: each player gets the money of the place the tie-break order
      puts him in.
    """

    EQUAL = "equal"
    HORT = "hort"
    TIEBREAK = "tie-break"


class Precedence(enum.Enum):
    """Which prize a player takes between two of equal value.

    - ``PLACE``: a place prize before a category prize; categories in the table's order.
    - ``CATEGORY``: a category prize before a place prize; categories in the table's order.
    - ``TABLE``: the prize listed first in the table.
    """

    PLACE = "place"
    CATEGORY = "category"
    TABLE = "table"


@dataclass(frozen=True, slots=True)
class Prize:
    """One prize: for ``place`` of the ranking, or for ``place`` among the players of
    ``category`` (a :func:`~chessarbiter.categories.parse_category` text); ``amount`` of money
    and/or an object ``description`` (``worth``: its value when comparing prizes, never paid).
    ``name`` is the label printed (default: "2nd place", "U12 1st")."""

    place: int = 1
    category: str | None = None
    amount: Decimal = Decimal(0)
    description: str = ""
    worth: Decimal = Decimal(0)
    name: str = ""

    @property
    def label(self) -> str:
        """The name printed for this prize.

        >>> Prize(place=2).label, Prize(category="U12").label
        ('2nd place', 'U12 1st')
        """
        if self.name:
            return self.name
        if self.category is None:
            return f"{_ordinal(self.place)} place"
        return f"{self.category} {_ordinal(self.place)}"

    @property
    def value(self) -> Decimal:
        """What the prize is worth to a player when comparing prizes: money plus the object's
        declared worth."""
        return self.amount + self.worth


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True, slots=True)
class PrizeTable:
    """A section's prize table: its prizes (in the table's order, which :attr:`Precedence.TABLE`
    and equal-value categories follow), the currency, the rounding unit of shares, the sharing
    method, the precedence, and the reference date of age categories (``None``: 1 January of the
    event's year, :func:`chessarbiter.categories.default_reference_date`)."""

    prizes: tuple[Prize, ...] = ()
    currency: str = ""
    unit: Decimal = Decimal("0.01")
    sharing: Sharing = Sharing.EQUAL
    precedence: Precedence = Precedence.PLACE
    reference_date: datetime.date | None = None
    #: The file the table was read from, named by errors found later (in its categories).
    source: str = "<prizes>"

    @property
    def total(self) -> Decimal:
        """The money of all the prizes of the table."""
        return sum((p.amount for p in self.prizes), Decimal(0))

    def place_prizes(self) -> dict[int, Prize]:
        """The place prizes by place."""
        return {p.place: p for p in self.prizes if p.category is None}

    def categories(self) -> list[str]:
        """The categories of the table, each once, in the table's order."""
        return list(dict.fromkeys(p.category for p in self.prizes if p.category is not None))


@dataclass(frozen=True, slots=True)
class Award:
    """What one player gets: the prize he holds (``None`` when he shares the money of tied places
    beyond the paid ones), the money paid to him and the object. ``shared_with`` lists the other
    players tied on points who share the same places' money; ``note`` says when lots must
    decide."""

    pairing_number: PlayerId
    name: str
    place: str
    points: Decimal
    prize: Prize | None
    amount: Decimal
    description: str = ""
    shared_with: tuple[PlayerId, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class PrizeList:
    """The result of :func:`allocate`: the awards in ranking order, the prizes nobody could take
    (no player left for them), and the money that rounding left unpaid."""

    table: PrizeTable
    awards: tuple[Award, ...]
    unawarded: tuple[Prize, ...]
    remainder: Decimal

    @property
    def paid(self) -> Decimal:
        """The money paid to the players."""
        return sum((a.amount for a in self.awards), Decimal(0))


# -- sharing ------------------------------------------------------------------------------------


def _exponent(unit: Decimal) -> int:
    exponent = unit.as_tuple().exponent
    return exponent if isinstance(exponent, int) and exponent < 0 else 0


def _round_down(amount: Decimal, unit: Decimal) -> Decimal:
    """``amount`` rounded down to a multiple of ``unit``, written with the unit's decimals."""
    units = (amount / unit).to_integral_value(rounding=ROUND_DOWN)
    return (units * unit).quantize(Decimal(1).scaleb(_exponent(unit)))


def share_money(
    table: PrizeTable,
    sharing: Sharing,
    places: Sequence[int],
    ranks: Sequence[int],
) -> list[Decimal]:
    """The money of players tied on points who occupy ``places`` (consecutive, in tie-break
    order), ``ranks`` their ranks in the ranking (equal ranks: tied on every tie-break), divided
    by ``sharing`` (:class:`Sharing`). Each share is rounded down to ``table.unit``.

    Players tied on every tie-break divide equally what the tie-break order would decide
    between them (the tie-break half under Hort, the whole amount under no sharing).

    >>> t = PrizeTable(prizes=tuple(Prize(place=n, amount=Decimal(a))
    ...     for n, a in [(1, 10000), (2, 8000), (3, 6000), (4, 4000)]), unit=Decimal(1))
    >>> [str(s) for s in share_money(t, Sharing.HORT, [1, 2, 3, 4], [1, 2, 3, 4])]
    ['8500', '7500', '6500', '5500']
    >>> [str(s) for s in share_money(t, Sharing.EQUAL, [1, 2, 3, 4], [1, 2, 3, 4])]
    ['7000', '7000', '7000', '7000']
    >>> [str(s) for s in share_money(t, Sharing.TIEBREAK, [1, 2, 3, 4], [1, 1, 3, 4])]
    ['9000', '9000', '6000', '4000']
    """
    by_place = table.place_prizes()
    money = [by_place[q].amount if q in by_place else Decimal(0) for q in places]
    n = len(money)
    if n == 0:
        return []
    if sharing is Sharing.EQUAL:
        return [_round_down(sum(money, Decimal(0)) / n, table.unit)] * n
    own = [m / 2 for m in money] if sharing is Sharing.HORT else list(money)
    pool = sum(money, Decimal(0)) / 2 / n if sharing is Sharing.HORT else Decimal(0)
    # players tied on every tie-break divide what the tie-break order would give them
    for _, members in groupby(range(n), key=lambda i: ranks[i]):
        idx = list(members)
        if len(idx) > 1:
            average = sum((own[i] for i in idx), Decimal(0)) / len(idx)
            for i in idx:
                own[i] = average
    return [_round_down(own[i] + pool, table.unit) for i in range(n)]


# -- allocation ---------------------------------------------------------------------------------


@dataclass(slots=True)
class _Option:
    value: Decimal
    precedence: tuple[int, int]
    category: str | None  # None: the place prizes


def allocate(
    table: PrizeTable,
    ranking: Sequence[Standing],
    eligible: Mapping[str, Collection[PlayerId]] | None = None,
) -> PrizeList:
    """The prize list of ``table`` for ``ranking`` (best first, as
    :func:`chessarbiter.standings.ranking` gives it), ``eligible`` giving for each category of
    the table the pairing numbers of its players (:func:`category_members`; a category missing
    has no player). The rules are in this module's docstring: one prize per player, the best
    for him, better-placed players first; place money shared among players tied on points by
    ``table.sharing``; objects and category prizes by tie-break order.

    >>> from chessarbiter.standings import Standing
    >>> rows = [Standing(r, r, r, f"P{r}", None, "", Decimal(5 - r), 0, ()) for r in (1, 2, 3)]
    >>> table = PrizeTable(prizes=(Prize(place=1, amount=Decimal(100)),
    ...     Prize(category="U12", amount=Decimal(150))))
    >>> [(a.pairing_number, a.prize.label, str(a.amount))
    ...  for a in allocate(table, rows, {"U12": {1, 3}}).awards]
    [(1, 'U12 1st', '150'), (2, '1st place', '100.00')]
    """
    eligible = eligible or {}
    members = {c: frozenset(eligible.get(c, ())) for c in table.categories()}
    by_place = table.place_prizes()
    last_paid = max(by_place, default=0)
    ladders: dict[str, list[Prize]] = {c: [] for c in members}
    for prize in table.prizes:
        if prize.category is not None:
            ladders[prize.category].append(prize)
    for ladder in ladders.values():
        ladder.sort(key=lambda p: p.place)
    index = {id(p): i for i, p in enumerate(table.prizes)}
    next_in: dict[str, int] = dict.fromkeys(ladders, 0)
    next_place = 1
    awards: list[Award] = []
    remainder = Decimal(0)
    for _, group_rows in groupby(ranking, key=lambda row: row.points):
        group = list(group_rows)
        in_pool: list[Standing] = []
        for position, row in enumerate(group):
            later = group[position + 1 :]
            options: list[_Option] = []
            if next_place <= last_paid:
                pool = [*in_pool, row, *later]
                places = list(range(next_place, next_place + len(pool)))
                shares = share_money(table, table.sharing, places, [r.rank for r in pool])
                mine = len(in_pool)
                place_prize = by_place.get(places[mine])
                worth = place_prize.worth if place_prize is not None else Decimal(0)
                order = index[id(place_prize)] if place_prize is not None else len(index)
                options.append(_Option(shares[mine] + worth, _rank(table, None, order), None))
            for category, ladder in ladders.items():
                if row.pairing_number in members[category] and next_in[category] < len(ladder):
                    prize = ladder[next_in[category]]
                    options.append(
                        _Option(prize.value, _rank(table, category, index[id(prize)]), category)
                    )
            if not options:
                continue
            best = min(options, key=lambda o: (-o.value, o.precedence))
            if best.category is None:
                in_pool.append(row)
                continue
            prize = ladders[best.category][next_in[best.category]]
            next_in[best.category] += 1
            rivals = [r for r in group if r.pairing_number in members[best.category]]
            awards.append(
                Award(
                    pairing_number=row.pairing_number,
                    name=row.name,
                    place=row.shared,
                    points=row.points,
                    prize=prize,
                    amount=prize.amount,
                    description=prize.description,
                    note=_lots_note(row, rivals),
                )
            )
        if in_pool:
            places = list(range(next_place, next_place + len(in_pool)))
            shares = share_money(table, table.sharing, places, [r.rank for r in in_pool])
            paid_money = sum((by_place[q].amount for q in places if q in by_place), Decimal(0))
            remainder += paid_money - sum(shares, Decimal(0))
            for row, place, share in zip(in_pool, places, shares, strict=True):
                held = by_place.get(place)
                if held is None and share == 0:
                    continue
                awards.append(
                    Award(
                        pairing_number=row.pairing_number,
                        name=row.name,
                        place=row.shared,
                        points=row.points,
                        prize=held,
                        amount=share,
                        description=held.description if held is not None else "",
                        shared_with=tuple(
                            r.pairing_number
                            for r in in_pool
                            if r is not row
                            and (table.sharing is not Sharing.TIEBREAK or r.rank == row.rank)
                        ),
                        note=_lots_note(row, in_pool)
                        if held is not None and held.description
                        else "",
                    )
                )
            next_place += len(in_pool)
    listed = {row.pairing_number: i for i, row in enumerate(ranking)}
    awards.sort(key=lambda a: listed[a.pairing_number])
    given = {id(a.prize) for a in awards if a.prize is not None}
    unawarded = tuple(p for p in table.prizes if id(p) not in given)
    return PrizeList(table, tuple(awards), unawarded, remainder)


def _rank(table: PrizeTable, category: str | None, order: int) -> tuple[int, int]:
    """The precedence key of an option (lower first): place prizes before categories or the
    reverse, then the table's order; or the table's order only."""
    if table.precedence is Precedence.TABLE:
        return (0, order)
    first = (category is None) == (table.precedence is Precedence.PLACE)
    return (0 if first else 1, order)


def _lots_note(row: Standing, rows: Sequence[Standing]) -> str:
    tied = [r.pairing_number for r in rows if r.rank == row.rank and r is not row]
    if not tied:
        return ""
    return f"tied on every tie-break with {format_shared_with(tied)}: lots must decide (C.07 4.2)"


def category_members(
    table: PrizeTable,
    tournament: Tournament,
    reference_date: datetime.date | None = None,
    ratings: Mapping[PlayerId, int | None] | None = None,
) -> dict[str, frozenset[PlayerId]]:
    """The pairing numbers of the players of each category of ``table``
    (:func:`chessarbiter.categories.parse_category`), ages counted on ``reference_date``, else
    the table's, else 1 January of the event's year
    (:func:`chessarbiter.categories.default_reference_date`).

    :raises PrizeTableError: for a category that cannot be read, or an age category with no
        reference date (the event has no date and none is given).
    """
    on = reference_date or table.reference_date or default_reference_date(tournament)
    result: dict[str, frozenset[PlayerId]] = {}
    for text in table.categories():
        try:
            category = parse_category(text)
        except CategoryError as exc:
            raise PrizeTableError([Problem(table.source, 0, 0, str(exc))]) from exc
        if on is None:
            if category.uses_age:
                raise PrizeTableError(
                    [
                        Problem(
                            table.source,
                            0,
                            0,
                            f'category "{text}" counts ages, but the event has no date: '
                            "give reference_date in the prize table",
                        )
                    ]
                )
            on = datetime.date.today()
        result[text] = frozenset(
            p.number for p in tournament if category.contains(p, reference_date=on, ratings=ratings)
        )
    return result


# -- the TOML file ------------------------------------------------------------------------------

_Fail = Callable[..., PrizeTableError]
_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")
_PRIZE_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*prize[ \t]*\]\]", re.MULTILINE)
_TOP_KEYS = {"currency", "unit", "sharing", "precedence", "reference_date", "prize"}
_PRIZE_KEYS = {"place", "category", "amount", "description", "worth", "name"}


def load_prize_table(path: Path | str) -> PrizeTable:
    """The prize table in the TOML file ``path`` (:func:`parse_prize_table`).

    :raises PrizeTableError: ``FILE:LINE:COL: message`` for a file that is not TOML or a table
        that means nothing; :class:`OSError` when the file cannot be read.
    """
    path = Path(path)
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PrizeTableError(
            [Problem(str(path), 0, 0, f"not UTF-8 text (byte {exc.start})")]
        ) from exc
    return parse_prize_table(text, str(path))


def parse_prize_table(text: str, file: str = "<prizes>") -> PrizeTable:
    """The prize table written ``text`` in TOML (this module's docstring shows one): top-level
    ``currency``, ``unit`` (shares are rounded down to it; default 0.01), ``sharing``
    (:class:`Sharing`: ``"equal"``, ``"hort"`` or ``"tie-break"``; default equal),
    ``precedence`` (:class:`Precedence`: ``"place"``, ``"category"`` or ``"table"``; default
    place), ``reference_date``; then one ``[[prize]]`` per prize with ``place`` (default 1),
    ``category`` (absent: a place prize), ``amount``, ``description``, ``worth`` and ``name``.

    :raises PrizeTableError: ``FILE:LINE:COL`` where TOML says (a syntax error), else the line
        of the ``[[prize]]`` entry at fault, named ``prize N``: an unknown key, a value of the
        wrong type, a negative amount, a prize with neither money nor object, two prizes for
        one place, an unreadable category, or a better place paying less than a worse one.

    >>> table = parse_prize_table('sharing = "hort"\\n[[prize]]\\nplace = 1\\namount = 100\\n')
    >>> table.sharing, table.prizes[0].amount
    (<Sharing.HORT: 'hort'>, Decimal('100'))
    >>> try:
    ...     parse_prize_table('[[prize]]\\nplace = 1\\n', "p.toml")
    ... except PrizeTableError as e:
    ...     print(e)
    p.toml:1:1: prize 1 (1st place): neither an amount nor a description
    """
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        m = _LINE.search(message)
        line, col = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        message = _LINE.sub("", message).strip()
        raise PrizeTableError([Problem(file, line, col, message)]) from exc
    headers = [text.count("\n", 0, m.start()) + 1 for m in _PRIZE_HEADER.finditer(text)]

    def fail(message: str, entry: int | None = None) -> PrizeTableError:
        line = headers[entry] if entry is not None and entry < len(headers) else 0
        return PrizeTableError([Problem(file, line, 1 if line else 0, message)])

    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise fail(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(_TOP_KEYS))})")
    currency = data.get("currency", "")
    if not isinstance(currency, str):
        raise fail('currency must be text, e.g. "EUR"')
    unit = _money(data.get("unit", Decimal("0.01")), "unit", fail)
    if not MIN_UNIT <= unit <= MAX_UNIT:
        raise fail(f"unit must be from {MIN_UNIT} to {MAX_UNIT}, e.g. 0.01 or 1, not {unit}")
    sharing = _choice(data.get("sharing", "equal"), Sharing, "sharing", fail)
    precedence = _choice(data.get("precedence", "place"), Precedence, "precedence", fail)
    reference = data.get("reference_date")
    if reference is not None and not (
        isinstance(reference, datetime.date) and not isinstance(reference, datetime.datetime)
    ):
        raise fail("reference_date must be a date, e.g. 2026-01-01")
    entries = data.get("prize", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise fail("prize must be a list of [[prize]] tables")
    if len(entries) > MAX_PRIZES:
        raise fail(f"{len(entries)} prizes: at most {MAX_PRIZES}")
    prizes = [_prize(entry, i, unit, fail) for i, entry in enumerate(entries)]
    table = PrizeTable(
        prizes=tuple(prizes),
        currency=currency,
        unit=unit,
        sharing=sharing,
        precedence=precedence,
        reference_date=reference,
        source=file,
    )
    _check_ladders(table, fail)
    return table


def _money(value: object, what: str, fail: _Fail) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise fail(f"{what} must be a number, not {value!r}")
    try:
        amount = Decimal(value)
    except InvalidOperation as exc:  # pragma: no cover - tomllib gives finite numbers or nan/inf
        raise fail(f"{what} must be a number, not {value!r}") from exc
    if not amount.is_finite():
        raise fail(f"{what} must be a finite number, not {value}")
    return amount


def _choice(value: object, kind: type[enum.Enum], what: str, fail: _Fail) -> Any:
    names = [str(member.value) for member in kind]
    if not isinstance(value, str) or value.lower() not in names:
        raise fail(f"{what} must be one of {', '.join(names)}, not {value!r}")
    return kind(value.lower())


def _prize(entry: dict[str, Any], i: int, unit: Decimal, fail: _Fail) -> Prize:
    def bad(message: str) -> PrizeTableError:
        place = entry.get("place", 1)
        where = entry.get("category")
        what = f"{where} {place}" if isinstance(where, str) else f"place {place}"
        return fail(f"prize {i + 1} ({what}): {message}", i)

    unknown = sorted(set(entry) - _PRIZE_KEYS)
    if unknown:
        raise bad(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(_PRIZE_KEYS))})")
    place = entry.get("place", 1)
    if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= MAX_PLACE:
        raise bad(f"place must be a whole number from 1 to {MAX_PLACE}")
    category = entry.get("category")
    if category is not None:
        if not isinstance(category, str) or not category.strip():
            raise bad('category must be text, e.g. "U12"')
        try:
            category = parse_category(category).name
        except CategoryError as exc:
            raise bad(str(exc)) from exc
    texts = {k: entry.get(k, "") for k in ("description", "name")}
    for key, value in texts.items():
        if not isinstance(value, str):
            raise bad(f"{key} must be text")
    amount = _money(entry.get("amount", 0), "amount", bad)
    worth = _money(entry.get("worth", 0), "worth", bad)
    if amount < 0 or worth < 0:
        raise bad("amounts cannot be negative")
    if amount > MAX_AMOUNT or worth > MAX_AMOUNT:
        raise bad(f"amounts cannot be more than {MAX_AMOUNT:f}")
    if amount % unit:
        raise bad(f"amount {amount} is not a multiple of the unit {unit}")
    prize = Prize(
        place=place,
        category=category,
        amount=amount,
        description=texts["description"].strip(),
        worth=worth,
        name=texts["name"].strip(),
    )
    if amount == 0 and not prize.description:
        name = prize.label
        raise fail(f"prize {i + 1} ({name}): neither an amount nor a description", i)
    return prize


def _check_ladders(table: PrizeTable, fail: _Fail) -> None:
    """Two prizes for one place of one list are refused, and a better place may not pay less
    than a worse one (the sharing rules rely on it)."""
    seen: dict[tuple[str | None, int], int] = {}
    ladders: dict[str | None, list[tuple[int, int]]] = {}
    for i, prize in enumerate(table.prizes):
        key = (prize.category, prize.place)
        if key in seen:
            raise fail(f"prize {i + 1} ({prize.label}): the same place as prize {seen[key] + 1}", i)
        seen[key] = i
        ladders.setdefault(prize.category, []).append((prize.place, i))
    for ladder in ladders.values():
        ladder.sort()
        for (_, upper), (_, lower) in pairwise(ladder):
            a, b = table.prizes[upper], table.prizes[lower]
            if b.amount > a.amount:
                raise fail(
                    f"prize {lower + 1} ({b.label}) pays {b.amount}, more than prize "
                    f"{upper + 1} ({a.label}, {a.amount}): a better place cannot pay less",
                    lower,
                )


# -- printing -----------------------------------------------------------------------------------


def prize_list_text(result: PrizeList) -> str:
    """The printable prize list: one line per award (place, number, name, points, prize,
    money, object, shared with), then the totals.

    >>> table = PrizeTable(prizes=(Prize(place=1, amount=Decimal(100), description="Cup"),),
    ...     currency="EUR")
    >>> rows = [Standing(1, 1, 7, "Ann", None, "", Decimal(3), 0, ())]
    >>> print(prize_list_text(allocate(table, rows)))
    Place  No.  Name  Pts  Prize      Money       Object  Shared with
    1        7  Ann   3    1st place  100.00 EUR  Cup
    <BLANKLINE>
    Paid 100.00 EUR of 100.00 EUR.
    """
    table = result.table
    money = (table.unit, table.currency)
    header = ["Place", "No.", "Name", "Pts", "Prize", "Money", "Object", "Shared with"]
    rows = [header]
    for a in result.awards:
        rows.append(
            [
                a.place,
                str(a.pairing_number),
                a.name,
                _points(a.points),
                a.prize.label if a.prize is not None else "shared",
                format_money(a.amount, *money) if a.amount else "",
                a.description,
                format_shared_with(a.shared_with),
            ]
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    right = {1}
    lines = []
    for r in rows:
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    notes = [f"{a.pairing_number}: {a.note}" for a in result.awards if a.note]
    lines += [
        "",
        f"Paid {format_money(result.paid, *money)} of {format_money(table.total, *money)}.",
    ]
    if result.remainder:
        lines.append(f"Left by rounding shares down: {format_money(result.remainder, *money)}.")
    if result.unawarded:
        lines.append("Not awarded: " + ", ".join(p.label for p in result.unawarded) + ".")
    lines += [f"Note: {n}" for n in notes]
    return "\n".join(lines)


def _points(points: Decimal) -> str:
    return f"{points.normalize():f}" if points == points.to_integral_value() else f"{points:f}"


def prize_list_json(result: PrizeList) -> dict[str, Any]:
    """The prize list as JSON data: money as strings (exact decimals), one object per award
    (``pairing_number``, ``name``, ``place``, ``points``, ``prize``, ``category``,
    ``prize_place``, ``amount``, ``object``, ``shared_with``, ``note``), then ``paid``,
    ``total``, ``remainder`` and ``unawarded`` (labels)."""
    table = result.table
    return {
        "currency": table.currency,
        "sharing": table.sharing.value,
        "precedence": table.precedence.value,
        "awards": [
            {
                "pairing_number": a.pairing_number,
                "name": a.name,
                "place": a.place,
                "points": _points(a.points),
                "prize": a.prize.label if a.prize is not None else None,
                "category": a.prize.category if a.prize is not None else None,
                "prize_place": a.prize.place if a.prize is not None else None,
                "amount": str(a.amount),
                "object": a.description,
                "shared_with": list(a.shared_with),
                "note": a.note,
            }
            for a in result.awards
        ],
        "paid": str(result.paid),
        "total": str(table.total),
        "remainder": str(result.remainder),
        "unawarded": [p.label for p in result.unawarded],
    }


def prize_list_csv(result: PrizeList) -> str:
    """The prize list as CSV (comma-separated, a header row, money as plain decimals; cells
    that a spreadsheet would read as a formula neutralised, as every list's CSV:
    :func:`chessarbiter.output.csv_text`)."""
    headers = [
        "place",
        "pairing_number",
        "name",
        "points",
        "prize",
        "amount",
        "currency",
        "object",
        "shared_with",
        "note",
    ]
    rows = [
        [
            a.place,
            a.pairing_number,
            a.name,
            _points(a.points),
            a.prize.label if a.prize is not None else "",
            str(a.amount),
            result.table.currency,
            a.description,
            " ".join(str(n) for n in a.shared_with),
            a.note,
        ]
        for a in result.awards
    ]
    return csv_text(headers, rows)
