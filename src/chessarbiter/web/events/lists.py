"""The organiser's lists of an event, computed by the library and cached per event version:
the standings after a chosen round (:func:`chessarbiter.standings.resolve_completed_round`),
the start list (:func:`chessarbiter.start_lists.start_list`), the ranking list of a category
(:func:`chessarbiter.standings.category_ranking`), the team ranking of the individual event
(:func:`chessarbiter.team_ranking.team_ranking`) and the prize list
(:func:`chessarbiter.prizes.allocate`). Every list is cut from the one ranking the standings
show (:func:`chessarbiter.standings.ranking` with the event's tie-breaks), so no list
contradicts another. Nothing here decides a rule; bad input raises the library's error."""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from chessarbiter import limits
from chessarbiter.categories import (
    Category,
    CategoryError,
    default_reference_date,
    parse_category,
    usual_categories,
)
from chessarbiter.errors import ChessArbiterError
from chessarbiter.formatting import format_points
from chessarbiter.model import Tournament
from chessarbiter.prizes import PrizeList, allocate, category_members, parse_prize_table
from chessarbiter.standings import (
    Standing,
    category_ranking,
    complete_rounds,
)
from chessarbiter.start_lists import start_list
from chessarbiter.team_ranking import team_ranking

from . import models as m
from . import store, tables


class ListError(ChessArbiterError):
    """A list that cannot be made as asked (the message says why, in the user's language)."""


@dataclass(frozen=True)
class StartLine:
    """One player of a start list: his position in the list and his registration."""

    position: int
    number: int
    title: str
    name: str
    rating: int | None
    federation: str
    club: str
    fide_id: str


@dataclass(frozen=True)
class CategoryLine:
    """One player of a category's ranking list: his place in the category and his line of the
    event's standings (whose place is the overall one)."""

    place: str
    row: tables.Row


@dataclass(frozen=True)
class CategoryList:
    """The ranking list of ``category`` after ``rounds``, ages counted on ``reference_date``."""

    category: str
    reference_date: datetime.date | None
    rounds: int
    tiebreak_names: list[str]
    lines: list[CategoryLine]


@dataclass(frozen=True)
class TeamLine:
    """One team of the team ranking: place, name, points, the counted players and the others
    (as ``(name, points)``), and the tie-break scores of the others."""

    place: str
    name: str
    points: str
    counted: list[tuple[str, str]]
    others: list[tuple[str, str]]


@dataclass(frozen=True)
class PrizeLine:
    """One award of the prize list as printed: ``prize`` the prize's label (empty for a share
    of tied places beyond the paid ones), ``shared_with`` the names of the players sharing the
    same places' money."""

    place: str
    name: str
    points: str
    prize: str
    amount: Decimal
    description: str
    shared_with: list[str]
    note: str


@dataclass(frozen=True)
class PrizeView:
    """The prize list (:class:`chessarbiter.prizes.PrizeList`: totals, unawarded prizes), its
    lines, and the round the ranking is after."""

    result: PrizeList
    lines: list[PrizeLine]
    rounds: int


def _ranking(
    event: m.Event, after_round: int | None
) -> tuple[Tournament, list[str], int, list[Standing]]:
    """The event's ranking after ``after_round`` (:func:`tables.event_ranking`); a knockout
    event has none."""
    if not event.in_rounds():
        raise ListError(_no_rounds_message(event))
    return tables.event_ranking(event, after_round)


def _no_rounds_message(event: m.Event) -> str:
    if event.simul_contest():
        return _("A simul contest is ranked on its own page: it has no Swiss standings.")
    return _("A knockout event is played on its bracket: it has no Swiss standings.")


def completed_rounds(event: m.Event) -> int:
    """The last round whose games all have a result (:func:`complete_rounds`); 0 for a
    knockout event or a simul contest."""
    if not event.in_rounds():
        return 0
    return int(
        tables.cached(event, "lists:complete", lambda: complete_rounds(store.tournament(event)))
    )


def standings_after(event: m.Event, after_round: int) -> tuple[list[str], list[tables.Row], int]:
    """Tie-break names, rows and round of the standings after the complete round
    ``after_round``.

    :raises ChessArbiterError: for a round not played or not complete (the library's words).
    """

    def compute() -> tuple[list[str], list[tables.Row], int]:
        _t, names, rounds, rows = _ranking(event, after_round)
        return names, [tables.standing_row(s, names) for s in rows], rounds

    result: tuple[list[str], list[tables.Row], int] = tables.cached(
        event, f"lists:after:{after_round}", compute
    )
    return result


def start_lines(event: m.Event, order: str) -> list[StartLine]:
    """The start list in ``order`` (``number``, ``name`` or ``rating``).

    :raises ChessArbiterError: for an unknown order.
    """

    def compute() -> list[StartLine]:
        t = store.tournament(event)
        return [
            StartLine(
                i, p.number, p.title, p.name, p.rating or None, p.federation, p.club, p.fide_id
            )
            for i, p in enumerate(start_list(t, order), start=1)
        ]

    result: list[StartLine] = tables.cached(event, f"lists:start:{order}", compute)
    return result


def quick_categories(event: m.Event) -> list[str]:
    """The usual categories the event's players are in
    (:func:`chessarbiter.categories.usual_categories`), ages on the default reference date."""

    def compute() -> list[str]:
        t = store.tournament(event)
        return usual_categories(t, default_reference_date(t))

    result: list[str] = tables.cached(event, "lists:quick", compute)
    return result


def read_category(text: str) -> Category:
    """The category written ``text`` (:func:`chessarbiter.categories.parse_category`), at
    most :data:`~chessarbiter.limits.MAX_CATEGORY_CHARS` long.

    :raises CategoryError: for a text too long or one the library cannot read.
    """
    if len(text) > limits.MAX_CATEGORY_CHARS:
        raise CategoryError(
            _("A category has at most %(n)d characters.") % {"n": limits.MAX_CATEGORY_CHARS}
        )
    return parse_category(text)


def category_list(event: m.Event, text: str, on: datetime.date | None = None) -> CategoryList:
    """The ranking list of the category written ``text`` after the last complete round, ages
    counted on ``on`` (default: :func:`reference_date`).

    :raises ChessArbiterError: for a category the library cannot read (its message), one too
        long, or an age category in an event without a date and none given.
    """
    category = read_category(text)

    def compute() -> CategoryList:
        t, names, rounds, rows = _ranking(event, None)
        day = on or default_reference_date(t)
        if day is None:
            if category.uses_age:
                raise ListError(
                    _("The event has no date: give the reference date of the age categories.")
                )
            day = datetime.date.today()
        lines = [
            CategoryLine(c.shared, tables.standing_row(c.standing, names))
            for c in category_ranking(t, rows, category, reference_date=day)
        ]
        return CategoryList(category.name, day if category.uses_age else on, rounds, names, lines)

    named = hashlib.sha256(category.name.encode()).hexdigest()
    key = f"lists:category:{on.isoformat() if on else ''}:{named}"
    result: CategoryList = tables.cached(event, key, compute)
    return result


def team_lines(event: m.Event, by: str, best: int | None) -> tuple[list[TeamLine], int]:
    """The team ranking by ``by`` (``club`` or ``federation``), each team's ``best`` scores
    counted (default: the smallest team's size), after the last complete round.

    :raises ChessArbiterError: for an unknown grouping or a ``best`` out of range.
    """

    def compute() -> tuple[list[TeamLine], int]:
        t, _names, rounds, rows = _ranking(event, None)
        teams = team_ranking(t, rows, by=by, best=best)
        return [
            TeamLine(
                r.shared,
                r.name,
                format_points(r.points),
                [(s.name, format_points(s.points)) for s in r.counted],
                [(s.name, format_points(s.points)) for s in r.others],
            )
            for r in teams
        ], rounds

    if best is not None and best > limits.MAX_PLAYERS:
        raise ListError(
            _("At most %(n)d players of a team can be counted.") % {"n": limits.MAX_PLAYERS}
        )
    result: tuple[list[TeamLine], int] = tables.cached(event, f"lists:teams:{by}:{best}", compute)
    return result


def prize_list(event: m.Event) -> PrizeView | None:
    """The prize list of the event's prize table for the ranking after the last complete round
    (:func:`chessarbiter.prizes.allocate`, categories sorted by
    :func:`chessarbiter.prizes.category_members`); ``None`` without a table.

    :raises ChessArbiterError: for a table the library refuses now.
    """

    def compute() -> PrizeView | None:
        if not event.prize_table.strip():
            return None
        table = parse_prize_table(event.prize_table, "prize table")
        t, _names, rounds, rows = _ranking(event, None)
        result = allocate(table, rows, category_members(table, t))
        names = {p.number: p.name for p in t}
        lines = [
            PrizeLine(
                a.place,
                a.name,
                format_points(a.points),
                a.prize.label if a.prize is not None else "",
                a.amount,
                a.description,
                [names.get(n, str(n)) for n in a.shared_with],
                a.note,
            )
            for a in result.awards
        ]
        return PrizeView(result, lines, rounds)

    view: PrizeView | None = tables.cached(event, "lists:prizes", compute)
    return view
