"""The player database shared by all events (:class:`~.models.RatingListPlayer`): importing
FIDE's rating list into it, searching it, editing a player locally, and registering a player
from it into an event.

The list is read by the library (:func:`chessarbiter.registration.stream_fide_rating_list`:
the text or the XML list, checked player by player, in bounded memory) and written in batches
of :data:`BATCH_SIZE` rows into a temporary table (on PostgreSQL by ``COPY``), then into the
player database by one ``INSERT ... SELECT ... ON CONFLICT (fide_id) DO UPDATE`` (on other
databases ``bulk_create(update_conflicts=True)``, batch by batch). All in one transaction: a
list with errors changes nothing. A monthly import updates every player it lists and keeps
the fields edited locally (:attr:`~.models.RatingListPlayer.locally_edited`); players no
longer listed stay in the database.

A registration goes through the event's services (:func:`.services.add_players`: the
library's validators, the event's limits, the audit log), with the rating of the event's time
control (:func:`chessarbiter.registration.rating_kind`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final

from django.db import connection, transaction
from django.utils.translation import gettext as _

from chessarbiter import event_settings, limits, registration
from chessarbiter.errors import Problem
from chessarbiter.registration import RatingListEntry

from . import models as m
from . import services

#: Rows handed to the database at once by an import (into its temporary table;
#: ``bulk_create`` splits them further where the database needs it).
BATCH_SIZE: Final = 2_000
#: Players a search returns at most.
SEARCH_LIMIT: Final = 20
#: The fields an import writes (besides the FIDE id) and an arbiter may edit locally.
LIST_FIELDS: Final = (
    "name",
    "federation",
    "sex",
    "title",
    "women_title",
    "other_titles",
    "birth",
    "flag",
    "standard",
    "rapid",
    "blitz",
)
_TEXT_LENGTH: Final[dict[str, int]] = {
    f.name: f.max_length
    for f in m.RatingListPlayer._meta.concrete_fields
    if isinstance(f.max_length, int)
}


@dataclass
class ImportSummary:
    """What an import did: players read from the file, rows created and updated, players
    whose local edits were kept, and the file's warnings (what was read leniently)."""

    read: int = 0
    created: int = 0
    updated: int = 0
    edits_kept: int = 0
    warnings: list[Problem] = field(default_factory=list)


def _values(entry: RatingListEntry) -> dict[str, Any]:
    """The row's values of a list entry; a text longer than its column (the XML list does not
    bound its values) is cut to the column."""
    values: dict[str, Any] = {name: getattr(entry, name) for name in LIST_FIELDS}
    for name, value in values.items():
        if isinstance(value, str) and len(value) > _TEXT_LENGTH[name]:
            values[name] = value[: _TEXT_LENGTH[name]]
    return values


_COLUMNS: Final = ("fide_id", *LIST_FIELDS, "name_key")
_NAME_LENGTH: Final = min(_TEXT_LENGTH["name"], _TEXT_LENGTH["name_key"])
#: The lengths of the text columns after the name (federation to flag), in their order.
_SHORT_LENGTHS: Final = tuple(_TEXT_LENGTH[name] for name in LIST_FIELDS[1:8])
#: SQLite's page cache during an import (KiB): the indexes of a million rows are written in
#: the order of the list, not theirs, and a small cache would read their pages again and
#: again.
SQLITE_IMPORT_CACHE_KIB: Final = 256 * 1024


def _row(entry: RatingListEntry) -> tuple[Any, ...]:
    """The values of :data:`_COLUMNS` for a list entry (:func:`_values`, the common case of
    values that fit their columns first)."""
    e = entry
    row = (
        e.fide_id,
        e.name,
        e.federation,
        e.sex,
        e.title,
        e.women_title,
        e.other_titles,
        e.birth,
        e.flag,
        e.standard,
        e.rapid,
        e.blitz,
    )
    if len(e.name) > _NAME_LENGTH or any(map(int.__gt__, map(len, row[2:9]), _SHORT_LENGTHS)):
        row = (e.fide_id, *_values(e).values())
    return (*row, registration.fold_name(row[1]))


#: The columns of the search indexes: an update leaves them to :meth:`_Stage.merge`, which
#: sets them where they change only (SQLite rewrites an index's entries for every column set,
#: changed or not).
_INDEXED: Final = ("name_key", "federation")


def _upsert_sql(source: str) -> str:
    """``INSERT ... SELECT ... ON CONFLICT (fide_id) DO UPDATE`` of the rows of the table
    ``source`` (SQLite 3.24 or later, PostgreSQL 9.5 or later), in the order of their
    ``name_key``: the search indexes, both by the name's key, then grow at their ends instead
    of everywhere. An existing row gets every column but those of :data:`_INDEXED`."""
    quote = connection.ops.quote_name
    columns = ", ".join(quote(c) for c in _COLUMNS)
    updates = ", ".join(
        f"{quote(c)} = excluded.{quote(c)}" for c in _COLUMNS[1:] if c not in _INDEXED
    )
    return (
        f"INSERT INTO {quote(m.RatingListPlayer._meta.db_table)} ({columns}, "
        f"{quote('locally_edited')}) SELECT {columns}, '' FROM {source} WHERE true "
        f"ORDER BY {quote('name_key')} ON CONFLICT ({quote('fide_id')}) DO UPDATE SET {updates}"
    )


class _Stage:
    """Where an import's rows wait, on SQLite and PostgreSQL: a temporary table without
    indexes (on PostgreSQL filled by ``COPY``, the fastest way in), written into the player
    database by one statement (:func:`_upsert_sql`) at the end (:meth:`merge`) and dropped.
    An id listed twice has the rows before it written first, so that its last row is kept,
    as row-by-row writing would keep it."""

    TABLE: Final = "ratinglist_import"

    def __init__(self) -> None:
        self.ids: set[int] = set()  # those in the table

    def write(self, rows: dict[int, tuple[Any, ...]]) -> None:
        if not self.ids.isdisjoint(rows):
            self.merge()
        quote = connection.ops.quote_name
        columns = ", ".join(quote(c) for c in _COLUMNS)
        with connection.cursor() as cursor:
            if not self.ids:
                cursor.execute(
                    f"CREATE TEMPORARY TABLE {self.TABLE} AS SELECT {columns} "
                    f"FROM {quote(m.RatingListPlayer._meta.db_table)} WHERE 1 = 0"
                )
            if connection.vendor == "postgresql":
                with cursor.cursor.copy(f"COPY {self.TABLE} ({columns}) FROM STDIN") as copy:
                    write = copy.write_row
                    for row in rows.values():
                        write(row)
            else:
                values = ", ".join(["%s"] * len(_COLUMNS))
                cursor.executemany(
                    f"INSERT INTO {self.TABLE} VALUES ({values})", list(rows.values())
                )
        self.ids.update(rows)

    def merge(self) -> None:
        """The rows into the player database: :func:`_upsert_sql`, then the columns of
        :data:`_INDEXED` of the rows already there where they change."""
        if not self.ids:
            return
        quote = connection.ops.quote_name
        table = quote(m.RatingListPlayer._meta.db_table)
        fide_id = quote("fide_id")
        keys = [quote(c) for c in _INDEXED]
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT s.{fide_id}, {', '.join(f's.{k}' for k in keys)} FROM {self.TABLE} s "
                f"JOIN {table} t ON t.{fide_id} = s.{fide_id} "
                f"WHERE {' OR '.join(f't.{k} <> s.{k}' for k in keys)}"
            )
            changed = cursor.fetchall()
            cursor.execute(_upsert_sql(self.TABLE))
            if changed:
                cursor.executemany(
                    f"UPDATE {table} SET {', '.join(f'{k} = %s' for k in keys)} "
                    f"WHERE {fide_id} = %s",
                    [(*row[1:], row[0]) for row in changed],
                )
            cursor.execute(f"DROP TABLE {self.TABLE}")
        self.ids = set()


def _write(rows: dict[int, tuple[Any, ...]], stage: _Stage) -> None:
    """Insert or update ``rows`` (by FIDE ID): on SQLite and PostgreSQL into the ``stage``
    (written at its :meth:`~_Stage.merge`: the rows never become model objects, which would
    take most of the time), elsewhere by ``bulk_create(update_conflicts=True)``."""
    if not rows:
        return
    if connection.vendor in ("sqlite", "postgresql"):
        stage.write(rows)
        return
    m.RatingListPlayer.objects.bulk_create(
        [m.RatingListPlayer(**dict(zip(_COLUMNS, row, strict=True))) for row in rows.values()],
        update_conflicts=True,
        unique_fields=["fide_id"],
        update_fields=list(_COLUMNS[1:]),
    )


@contextmanager
def _import_cache() -> Iterator[None]:
    """SQLite's page cache raised to :data:`SQLITE_IMPORT_CACHE_KIB` for an import, and
    back to what it was after."""
    if connection.vendor != "sqlite":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA cache_size")
        (before,) = cursor.fetchone()
        cursor.execute(f"PRAGMA cache_size = -{SQLITE_IMPORT_CACHE_KIB:d}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA cache_size = {int(before):d}")


def import_rating_list(
    path: str | os.PathLike[str],
    source: str | None = None,
    *,
    single_list: str = "standard",
    batch_size: int = BATCH_SIZE,
) -> ImportSummary:
    """Import FIDE's rating list in the file ``path`` (``source`` names it in problems) into
    the player database: new players are added, listed ones updated, except for the fields
    edited locally. A single list's one rating is taken as ``single_list``.

    :raises chessarbiter.registration.RegistrationError: the file's problems, with their
        lines; nothing is changed then.
    """
    stream = registration.stream_fide_rating_list(path, source, single_list=single_list)
    summary = ImportSummary()
    players = m.RatingListPlayer.objects
    with transaction.atomic(), _import_cache():
        before = players.count()
        edited = {
            fide_id: frozenset(f for f in fields.split(",") if f)
            for fide_id, fields in players.exclude(locally_edited="").values_list(
                "fide_id", "locally_edited"
            )
        }
        batch: dict[int, tuple[Any, ...]] = {}  # one row per id (an id listed twice)
        stage = _Stage()
        for entry in stream:
            summary.read += 1
            kept = edited.get(entry.fide_id)
            if kept:
                values = {k: v for k, v in _values(entry).items() if k not in kept}
                if "name" in values:
                    values["name_key"] = registration.fold_name(values["name"])
                players.filter(fide_id=entry.fide_id).update(**values)
                summary.edits_kept += 1
                continue
            batch[entry.fide_id] = _row(entry)
            if len(batch) >= batch_size:
                _write(batch, stage)
                batch = {}
        _write(batch, stage)
        stage.merge()
        summary.created = players.count() - before
        summary.updated = summary.read - summary.created
    summary.warnings = stream.warnings
    return summary


def search(query: str, federation: str = "", limit: int = SEARCH_LIMIT) -> list[m.RatingListPlayer]:
    """Players of the database whose FIDE ID is ``query`` (all digits) or whose name begins
    with it (compared as :func:`chessarbiter.registration.fold_name` folds names), within the
    ``federation`` when one is given (then an empty ``query`` lists the federation's players),
    at most ``limit``, in alphabetical order."""
    players = m.RatingListPlayer.objects.all()
    federation = federation.strip().upper()[:3]
    if federation:
        players = players.filter(federation=federation)
    query = query.strip()[: limits.MAX_NAME]
    if query.isascii() and query.isdigit():
        fide_id = int(query)
        if not 0 < fide_id < 10**10:
            return []
        return list(players.filter(fide_id=fide_id)[:limit])
    key = registration.fold_name(query)
    if key:
        # the range lets SQLite use the index (its LIKE ignores case, the index does not);
        # the prefix test lets PostgreSQL use it (varchar_pattern_ops)
        players = players.filter(
            name_key__gte=key, name_key__lt=key + "\U0010ffff", name_key__startswith=key
        )
    elif not federation:
        return []
    return list(players.order_by("name_key", "fide_id")[:limit])


def entry(row: m.RatingListPlayer) -> RatingListEntry:
    """The library's entry of a database row."""
    return RatingListEntry(row.fide_id, **{name: getattr(row, name) for name in LIST_FIELDS})


@transaction.atomic
def edit_player(row: m.RatingListPlayer, **values: Any) -> m.RatingListPlayer:
    """Change fields of a database player locally (``name``, ``federation``, ratings...):
    checked as an event's registration is (:func:`chessarbiter.event_settings.player_problems`),
    and marked as edited, so that a later import of the list keeps them.

    :raises chessarbiter.event_settings.SettingsError: the problems, by field.
    :raises services.ServiceError: for a field that is not one of :data:`LIST_FIELDS`.
    """
    unknown = sorted(set(values) - set(LIST_FIELDS))
    if unknown:
        raise services.ServiceError(
            _("Not a field of the player database: %(f)s") % {"f": unknown[0]}
        )
    merged = {name: getattr(row, name) for name in LIST_FIELDS} | values
    for kind in registration.RATING_KINDS:
        event_settings.validate_player(
            event_settings.PlayerSettings(
                name=merged["name"],
                rating=merged[kind],
                fide_id=str(row.fide_id),
                federation=merged["federation"],
                title=merged["title"],
                sex=merged["sex"],
                birth_date=merged["birth"],
            )
        )
    changed = {k for k, v in values.items() if getattr(row, k) != v}
    for name in changed:
        setattr(row, name, values[name])
    row.name_key = registration.fold_name(row.name)
    row.locally_edited = ",".join(sorted(row.edited | changed))
    row.save()
    return row


def register(event: m.Event, user: services.User, row: m.RatingListPlayer) -> m.Player:
    """Register the database player ``row`` into ``event`` with his FIDE ID, title,
    federation, birth year, sex and the rating of the event's time control
    (:func:`chessarbiter.registration.rating_kind`), through :func:`.services.add_players`."""
    kind = registration.rating_kind(event.time_control)
    fields = services.players_from_records([entry(row).to_record(kind)])
    services.add_players(event, user, fields)
    return event.players.get(fide_id=str(row.fide_id))


def register_many(event: m.Event, user: services.User, rows: Sequence[m.RatingListPlayer]) -> int:
    """Register the database players ``rows`` into ``event`` together, as :func:`register`
    registers one (one transaction: all of them or, on any problem, none), leaving out
    those already registered by their FIDE ID; how many were registered."""
    kind = registration.rating_kind(event.time_control)
    registered = set(event.players.exclude(fide_id="").values_list("fide_id", flat=True))
    fresh = {row.fide_id: row for row in rows if str(row.fide_id) not in registered}
    if not fresh:
        return 0
    fields = services.players_from_records([entry(row).to_record(kind) for row in fresh.values()])
    return services.add_players(event, user, fields)
