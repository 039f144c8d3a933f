"""Standings: players ranked by points, then by a list of tie-breaks.

Players tied on points and on every tie-break share a place: rank 3 shared by three players is
the place "3-5", and each of them is listed with ``rank`` 3. Inside a shared place players are
listed by pairing number. Withdrawn players stay in the table (with ``withdrawn`` set).

A tie-break is anything with a ``name`` and a ``value(tournament, player, after_round)``
(:class:`TieBreak`); a higher value ranks higher. None ship here: the C.07 tie-breaks live in
their own package and are passed in as a sequence.

:func:`ranking` is an event's ranking: points, then the event's C.07 tie-break list. Every
table of the event takes its places from it (the standings, the crosstable and a round robin's
grid, printed or on the web), so that they never disagree.

>>> from chessarbiter.model import Player, Result, Tournament
>>> t = Tournament(total_rounds=1)
>>> for n, name in enumerate(["Ann", "Bob", "Cid", "Dan"], start=1):
...     _ = t.add_player(Player(n, name))
>>> t.record_game(1, 1, 2, Result.DRAW)
>>> t.record_game(1, 3, 4, Result.LOSS)
>>> [(s.shared, s.pairing_number, str(s.points)) for s in standings(t)]
[('1', 4, '1'), ('2-3', 1, '0.5'), ('2-3', 2, '0.5'), ('4', 3, '0')]
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import groupby
from typing import Protocol

from chessarbiter.categories import Category
from chessarbiter.editions import TieBreakEdition
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Player, PlayerId, Points, RoundEntry, Tournament
from chessarbiter.tiebreaks import for_standings, parse_list
from chessarbiter.tiebreaks.spec import TieBreakSpec


class TieBreak(Protocol):
    """A tie-break: its name (the column heading, e.g. ``"BH"``) and a player's value.

    ``value`` gets the tournament, the player's pairing number and the last round counted
    (already resolved: never ``None``). A higher value ranks higher, unless the tie-break has
    a true ``ascending`` attribute (e.g. DE, a rank inside the tied group: 1 is best).
    """

    @property
    def name(self) -> str:
        """The tie-break's short name, unique in one list; used as column heading and JSON key."""
        ...

    def value(self, tournament: Tournament, player: PlayerId, after_round: int) -> Decimal:
        """The player's value of this tie-break after ``after_round`` rounds."""
        ...


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings.

    ``rank`` is the first place of the player's tie group and ``last_rank`` its last place (equal
    when the place is not shared). ``entries`` holds one entry per round of the table (round 1
    first), "not paired" where nothing was recorded. ``games_played`` counts games played over
    the board (forfeits and byes excluded).
    """

    rank: int
    last_rank: int
    pairing_number: PlayerId
    name: str
    rating: int | None
    federation: str
    points: Points
    games_played: int
    entries: tuple[RoundEntry, ...]
    tiebreaks: dict[str, Decimal] = field(default_factory=dict)
    title: str = ""
    withdrawn: bool = False
    #: The number drawn by lot inside a tie (1 = first), when lots decide (C.07 4.2).
    lot: int | None = None

    @property
    def is_shared(self) -> bool:
        """Whether another player shares this place."""
        return self.last_rank != self.rank

    @property
    def shared(self) -> str:
        """The place as printed: ``"3"``, or ``"3-5"`` when players 3 to 5 share it.

        >>> row = Standing(3, 5, 7, "Ann", None, "", Decimal(4), 6, ())
        >>> row.shared
        '3-5'
        """
        return f"{self.rank}-{self.last_rank}" if self.is_shared else str(self.rank)


def resolve_after_round(tournament: Tournament, after_round: int | None) -> int:
    """The last round a table counts: ``after_round``, or by default the last paired round.

    :raises ChessArbiterError: if ``after_round`` is negative or beyond the rounds played.

    >>> resolve_after_round(Tournament(), None)
    0
    """
    played = tournament.rounds_played
    if after_round is None:
        return played
    if after_round < 0:
        raise ChessArbiterError(f"after_round must be 0 or more, not {after_round}")
    if after_round > played:
        raise ChessArbiterError(
            f"cannot show the standings after round {after_round}: "
            f"only {played} round{'s' if played != 1 else ''} have been played"
        )
    return after_round


def complete_rounds(tournament: Tournament) -> int:
    """The last round whose games all have a result: the round the published standings are
    after. A round being played (a game paired whose result is not in,
    :attr:`~chessarbiter.model.RoundEntry.is_pending`) is not counted until it is complete,
    so the standings never mix finished and unfinished games: the same test the pairing
    of the next round waits for (C.04.1, C.04.2:
    :func:`chessarbiter.pairing.readiness.check_ready_to_pair`).

    >>> from chessarbiter.model import Player, Result
    >>> t = Tournament(total_rounds=2)
    >>> for n in (1, 2):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.DRAW)
    >>> complete_rounds(t)
    1
    """
    rounds = tournament.rounds_played
    while rounds and any(p.entry(rounds).is_pending for p in tournament):
        rounds -= 1
    return rounds


def resolve_completed_round(tournament: Tournament, after_round: int | None) -> int:
    """The round a published table is after: ``after_round``, which must be a complete round
    (every game of it has a result, :func:`complete_rounds`), or by default the last paired round
    (:func:`resolve_after_round`). Standings after a round still being played would mix
    finished and unfinished games (C.04.1 and C.04.2: the next round is paired only when the
    results are in; the standings published between rounds are after a complete round).

    :raises ChessArbiterError: for an ``after_round`` out of range (as
        :func:`resolve_after_round`) or a round some of whose games have no result yet.

    >>> from chessarbiter.model import Colour, Player, Result
    >>> t = Tournament(total_rounds=2)
    >>> for n in (1, 2, 3, 4):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> t.record_game(1, 3, 4, Result.DRAW)
    >>> t.record_game(2, 4, 2, Result.WIN)
    >>> t.player(1).set_entry(2, RoundEntry(3, Colour.WHITE, None))  # paired, no result yet
    >>> t.player(3).set_entry(2, RoundEntry(1, Colour.BLACK, None))
    >>> resolve_completed_round(t, 1)
    1
    >>> resolve_completed_round(t, 2)
    Traceback (most recent call last):
    ...
    chessarbiter.errors.ChessArbiterError: round 2 is not complete: 1 game has no result yet
    """
    rounds = resolve_after_round(tournament, after_round)
    if after_round is None or rounds == 0:
        return rounds
    pending = sum(1 for p in tournament if p.entry(rounds).is_pending)
    if pending:
        games = (pending + 1) // 2
        raise ChessArbiterError(
            f"round {rounds} is not complete: {games} game{'s' if games != 1 else ''} "
            f"{'have' if games != 1 else 'has'} no result yet"
        )
    return rounds


def standings(
    tournament: Tournament,
    after_round: int | None = None,
    tiebreaks: Sequence[TieBreak] = (),
    lots: int | None = None,
) -> list[Standing]:
    """The standings after ``after_round`` (default: the last paired round), best first.

    Players are ordered by points, then by each tie-break in turn (higher first); players equal
    on all of them share a place and are listed by pairing number — or, with ``lots`` (a seed,
    to be published with the standings so anyone can repeat the draw), are placed by drawing
    lots (C.07 4.2), each group drawn in pairing-number order with ``random.Random(seed)``,
    the number drawn recorded in :attr:`Standing.lot`.

    :raises ChessArbiterError: for an ``after_round`` out of range or two tie-breaks with one name.
    """
    rounds = resolve_after_round(tournament, after_round)
    names = [tb.name for tb in tiebreaks]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ChessArbiterError(f"tie-break listed twice: {', '.join(duplicates)}")

    ascending = [bool(getattr(tb, "ascending", False)) for tb in tiebreaks]

    def key(player: Player) -> tuple[Decimal, ...]:
        values = [tournament.score(player.number, rounds)]
        values += [tb.value(tournament, player.number, rounds) for tb in tiebreaks]
        return tuple(values)

    def order(values: tuple[Decimal, ...]) -> tuple[Decimal, ...]:
        first, rest = values[0], values[1:]
        return (-first, *(v if up else -v for v, up in zip(rest, ascending, strict=True)))

    keyed = sorted(
        ((key(p), p) for p in tournament),
        key=lambda kp: (order(kp[0]), kp[1].number),
    )
    rows: list[Standing] = []
    rng = random.Random(lots) if lots is not None else None
    for group_key, members in groupby(keyed, key=lambda kp: kp[0]):
        group = [p for _, p in members]
        first = len(rows) + 1
        if rng is not None and len(group) > 1:
            rng.shuffle(group)
            for lot, player in enumerate(group, start=1):
                place = first + lot - 1
                rows.append(_row(player, rounds, place, place, group_key, names, lot))
            continue
        last = first + len(group) - 1
        for player in group:
            rows.append(_row(player, rounds, first, last, group_key, names))
    return rows


def ranking(
    tournament: Tournament,
    tiebreaks: str | Sequence[TieBreakSpec] = (),
    after_round: int | None = None,
    *,
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
    unrated_rating: int | None = None,
    lots: int | None = None,
) -> list[Standing]:
    """The ranking of the event after ``after_round`` (default: the last paired round): by
    points, then by the C.07 tie-breaks ``tiebreaks`` in the order given (C.07 4.1: the list
    announced before the event), ``edition`` the tie-break rules' edition (``"2026"`` or an
    earlier one, see :func:`chessarbiter.tiebreaks.individual.compute`). Players equal on points and
    every tie-break share a place, or are placed by lot with ``lots`` (C.07 4.2).

    This is the one ranking the event's tables show: the standings, and the places of the
    crosstable and of a round robin's grid (:func:`chessarbiter.crosstable.crosstable_text`
    and :func:`chessarbiter.crosstable.grid_cells` take its rows), so the places in one never
    contradict the places in another.

    >>> from chessarbiter.model import Player, Result, Tournament
    >>> t = Tournament(total_rounds=3)
    >>> for n in (1, 2, 3, 4):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> for r, white, black in [(1, 1, 2), (1, 3, 4), (2, 2, 3), (2, 4, 1), (3, 1, 3), (3, 2, 4)]:
    ...     t.record_game(r, white, black, Result.WIN)
    >>> [(row.shared, row.pairing_number) for row in ranking(t)]
    [('1-2', 1), ('1-2', 2), ('3-4', 3), ('3-4', 4)]
    >>> [(row.shared, row.pairing_number, str(row.tiebreaks["SB"])) for row in ranking(t, "SB")]
    [('1', 1, '3'), ('2', 2, '2'), ('3', 4, '2'), ('4', 3, '1')]

    :raises ChessArbiterError: for an ``after_round`` out of range, or a tie-break list the
        library does not know (:class:`chessarbiter.tiebreaks.registry.UnsupportedTieBreakError`).
    """
    specs = parse_list(tiebreaks) if isinstance(tiebreaks, str) else list(tiebreaks)
    rounds = resolve_after_round(tournament, after_round)
    columns = for_standings(tournament, specs, rounds, edition, unrated_rating) if specs else []
    return standings(tournament, rounds, columns, lots=lots)


@dataclass(frozen=True, slots=True)
class CategoryStanding:
    """One row of a ranking list by category: ``standing`` is the player's row of the event's
    ranking (its ``rank`` the overall place), ``place`` to ``last_place`` his place inside the
    category (equal unless shared)."""

    place: int
    last_place: int
    standing: Standing

    @property
    def shared(self) -> str:
        """The place in the category as printed: ``"2"``, or ``"2-3"`` when shared."""
        if self.last_place != self.place:
            return f"{self.place}-{self.last_place}"
        return str(self.place)


def category_ranking(
    tournament: Tournament,
    rows: Sequence[Standing],
    category: Category,
    *,
    reference_date: datetime.date,
    ratings: Mapping[PlayerId, int | None] | None = None,
) -> list[CategoryStanding]:
    """The ranking list of ``category``: the rows of the event's ranking ``rows`` (from
    :func:`ranking`, in its order) whose player is in the category
    (:meth:`chessarbiter.categories.Category.contains`, ages on ``reference_date``, bands by
    ``ratings`` or each player's rating), each keeping his overall place and given a place
    inside the category, as Swiss-Manager's and Vega's category lists show both. The category
    list is cut out of the one ranking, never ranked again, so it cannot contradict it: players
    sharing an overall place share their category place.

    >>> import datetime
    >>> from chessarbiter.categories import parse_category
    >>> from chessarbiter.model import Player, Result
    >>> t = Tournament(total_rounds=1)
    >>> for n, sex in [(1, "m"), (2, "f"), (3, "f"), (4, "m")]:
    ...     _ = t.add_player(Player(n, f"P{n}", sex=sex))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> t.record_game(1, 3, 4, Result.DRAW)
    >>> women = parse_category("F")
    >>> day = datetime.date(2026, 1, 1)
    >>> [(r.shared, r.standing.shared, r.standing.pairing_number)
    ...  for r in category_ranking(t, ranking(t), women, reference_date=day)]
    [('1', '2-3', 3), ('2', '4', 2)]

    :raises UnknownPlayerError: if a row names a player the tournament does not have.
    """
    kept = [
        row
        for row in rows
        if category.contains(
            tournament.player(row.pairing_number), reference_date=reference_date, ratings=ratings
        )
    ]
    out: list[CategoryStanding] = []
    for _, members in groupby(kept, key=lambda row: row.rank):
        group = list(members)
        first = len(out) + 1
        last = first + len(group) - 1
        out.extend(CategoryStanding(first, last, row) for row in group)
    return out


def _row(
    player: Player,
    rounds: int,
    first: int,
    last: int,
    values: tuple[Decimal, ...],
    tiebreak_names: list[str],
    lot: int | None = None,
) -> Standing:
    entries = tuple(player.entry(r) for r in range(1, rounds + 1))
    withdrawn_from = player.withdrawn_from_round
    return Standing(
        rank=first,
        last_rank=last,
        pairing_number=player.number,
        name=player.name,
        rating=player.rating or None,
        federation=player.federation,
        points=values[0],
        games_played=sum(1 for e in entries if e.is_played),
        entries=entries,
        tiebreaks=dict(zip(tiebreak_names, values[1:], strict=True)),
        title=player.title,
        withdrawn=withdrawn_from is not None and withdrawn_from <= rounds,
        lot=lot,
    )
