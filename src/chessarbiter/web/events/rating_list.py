"""The player database shared by all events (:class:`~.models.RatingListPlayer`): importing
FIDE's rating list into it, searching it, editing a player locally, and registering a player
from it into an event.

The list is read by the library (:func:`chessarbiter.registration.stream_fide_rating_list`:
the text or the XML list, checked player by player, in bounded memory) and written in batches
of :data:`BATCH_SIZE` rows into a temporary table (on PostgreSQL by ``COPY``; on SQLite
without taking the database's write lock), then into the player database in one transaction
by one ``INSERT ... SELECT ... ON CONFLICT (fide_id) DO UPDATE ... WHERE`` that leaves the
unchanged players' rows alone (on other databases ``bulk_create(update_conflicts=True)``,
batch by batch): a list with errors changes nothing. A monthly import updates every player it
lists whose row changes and keeps the fields edited locally
(:attr:`~.models.RatingListPlayer.locally_edited`); players no longer listed stay in the
database. The K factors the list publishes (:data:`K_FIELDS`) are imported with the rest and
never edited locally; :func:`published_k` gives them to the rating pages.

A registration goes through the event's services (:func:`.services.add_players`: the
library's validators, the event's limits, the audit log), with the rating of the event's time
control (:func:`chessarbiter.registration.rating_kind`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final

from django.db import connection, transaction
from django.db.models.functions import Collate
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
#: The K factors the list publishes for each player (FIDE Rating Regulations of 1 March 2024,
#: B.02 7.1.2): written by an import, never edited locally (they are FIDE's, not the
#: arbiter's), by kind of rating.
K_FIELDS: Final = {"standard": "k_standard", "rapid": "k_rapid", "blitz": "k_blitz"}
_TEXT_LENGTH: Final[dict[str, int]] = {
    f.name: f.max_length
    for f in m.RatingListPlayer._meta.concrete_fields
    if isinstance(f.max_length, int)
}


@dataclass
class ImportSummary:
    """What an import did: players read from the file, rows created, rows updated (a player
    already in the table whose row changed), players whose local edits were kept, and the
    file's warnings (what was read leniently)."""

    read: int = 0
    created: int = 0
    updated: int = 0
    edits_kept: int = 0
    warnings: list[Problem] = field(default_factory=list)

    @property
    def unchanged(self) -> int:
        """Players read who were in the table already, as the file lists them."""
        return self.read - self.created - self.updated


def _values(entry: RatingListEntry) -> dict[str, Any]:
    """The row's values of a list entry; a text longer than its column (the XML list does not
    bound its values) is cut to the column."""
    values: dict[str, Any] = {name: getattr(entry, name) for name in LIST_FIELDS}
    for name, value in values.items():
        if isinstance(value, str) and len(value) > _TEXT_LENGTH[name]:
            values[name] = value[: _TEXT_LENGTH[name]]
    return values


_COLUMNS: Final = ("fide_id", *LIST_FIELDS, *K_FIELDS.values(), "name_key")
_NAME_LENGTH: Final = min(_TEXT_LENGTH["name"], _TEXT_LENGTH["name_key"])
#: The lengths of the text columns after the name (federation to flag), in their order.
_SHORT_LENGTHS: Final = tuple(_TEXT_LENGTH[name] for name in LIST_FIELDS[1:8])
#: SQLite's page cache during an import (KiB): the indexes of a million rows are written in
#: the order of the list, not theirs, and a small cache would read their pages again and
#: again.
SQLITE_IMPORT_CACHE_KIB: Final = 256 * 1024
#: PostgreSQL's memory for each sort and hash of an import's final statements (those of a
#: million rows then sort in memory, not in temporary files).
PG_IMPORT_WORK_MEM: Final = "128MB"


def _row(entry: RatingListEntry) -> tuple[Any, ...]:
    """The values of :data:`_COLUMNS` for a list entry (:func:`_values`, the common case of
    values that fit their columns first, then the K factors)."""
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
    return (*row, e.k_standard, e.k_rapid, e.k_blitz, registration.fold_name(row[1]))


#: The columns of the search indexes: an update leaves them to :meth:`_Stage.merge`, which
#: sets them where they change only (SQLite rewrites an index's entries for every column set,
#: changed or not).
_INDEXED: Final = ("name_key", "federation")
#: The other columns an import writes into a listed player's row.
_OTHERS: Final = tuple(c for c in _COLUMNS[1:] if c not in _INDEXED)


def _tuple_sql(alias: str, columns: Sequence[str]) -> str:
    """The row value ``(alias.a, alias.b, ...)`` of ``columns``."""
    quote = connection.ops.quote_name
    return "(" + ", ".join(f"{alias}.{quote(c)}" for c in columns) + ")"


def _upsert_sql(source: str, *, conflicts: bool = True) -> str:
    """``INSERT ... SELECT ... ON CONFLICT (fide_id) DO UPDATE ... WHERE`` of the rows of the
    table ``source`` (SQLite 3.39 or later, PostgreSQL 9.5 or later), in the order of their
    ``name_key``: the search indexes, both by the name's key, then grow at their ends instead
    of everywhere (and on PostgreSQL a name's rows are neighbours in the table). An existing
    row gets every column but those of :data:`_INDEXED`, and only when one of them changes
    (``IS DISTINCT FROM``: an unchanged player's row is not written again, no new row version
    on PostgreSQL); the statement's row count is then the rows added and the rows changed.
    Without ``conflicts`` (a table known to be empty), a plain ``INSERT ... SELECT``."""
    quote = connection.ops.quote_name
    table = quote(m.RatingListPlayer._meta.db_table)
    columns = ", ".join(quote(c) for c in _COLUMNS)
    updates = ", ".join(f"{quote(c)} = excluded.{quote(c)}" for c in _OTHERS)
    insert = (
        f"INSERT INTO {table} ({columns}, {quote('locally_edited')}) "
        f"SELECT {columns}, '' FROM {source} WHERE true ORDER BY {quote('name_key')}"
    )
    if not conflicts:
        return insert
    return (
        f"{insert} ON CONFLICT ({quote('fide_id')}) DO UPDATE SET {updates} "
        f"WHERE {_tuple_sql(table, _OTHERS)} IS DISTINCT FROM {_tuple_sql('excluded', _OTHERS)}"
    )


class _Stage:
    """Where an import's rows wait: a temporary table without indexes (on PostgreSQL filled
    by ``COPY``, the fastest way in), written into the player database by one statement
    (:func:`_upsert_sql`) at the end (:meth:`merge`, the only step that writes the player
    database) and dropped (:meth:`drop`). An id listed twice keeps its last row: the earlier
    one leaves the table."""

    TABLE: Final = "ratinglist_import"

    def __init__(self) -> None:
        self.ids: set[int] = set()  # those in the table
        self.exists = False

    @contextmanager
    def filling(self) -> Iterator[None]:
        """The transaction the rows are staged in. On SQLite, when none is open yet, one of
        the temporary database only (``BEGIN DEFERRED``; SQLite keeps temporary tables in a
        database apart, whose writes take no lock of the main one): arbiters go on entering
        results while the list is read. Elsewhere an atomic block."""
        if connection.vendor != "sqlite" or not connection.get_autocommit():
            with transaction.atomic():
                yield
            return
        with connection.cursor() as cursor:
            cursor.execute("BEGIN DEFERRED")
        try:
            yield
        except BaseException:
            if connection.connection is not None and connection.connection.in_transaction:
                with connection.cursor() as cursor:
                    cursor.execute("ROLLBACK")
            raise
        with connection.cursor() as cursor:
            cursor.execute("COMMIT")

    def write(self, rows: dict[int, tuple[Any, ...]]) -> None:
        """Add ``rows`` (by FIDE ID) to the table; an id already there loses its row."""
        if not rows:
            return
        quote = connection.ops.quote_name
        columns = ", ".join(quote(c) for c in _COLUMNS)
        with connection.cursor() as cursor:
            if not self.exists:
                cursor.execute(f"DROP TABLE IF EXISTS {self.TABLE}")
                cursor.execute(
                    f"CREATE TEMPORARY TABLE {self.TABLE} AS SELECT {columns} "
                    f"FROM {quote(m.RatingListPlayer._meta.db_table)} WHERE 1 = 0"
                )
                self.exists = True
            again = sorted(self.ids.intersection(rows))
            for at in range(0, len(again), 500):
                chunk = again[at : at + 500]
                cursor.execute(
                    f"DELETE FROM {self.TABLE} WHERE {quote('fide_id')} IN "
                    f"({', '.join(['%s'] * len(chunk))})",
                    chunk,
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

    def drop(self) -> None:
        """The table dropped, if it was made."""
        if self.exists:
            with connection.cursor() as cursor:
                cursor.execute(f"DROP TABLE IF EXISTS {self.TABLE}")
            self.exists = False
        self.ids = set()

    def merge(self, summary: ImportSummary) -> None:
        """The rows into the player database, in the caller's transaction, counted into
        ``summary``: the players edited locally field by field (:meth:`_keep_edits`), the
        others by :func:`_upsert_sql` on SQLite and PostgreSQL (the columns of
        :data:`_INDEXED` of the rows already there then set where they change), by
        ``bulk_create(update_conflicts=True)`` elsewhere. On PostgreSQL the commit does not
        wait for the disk (``synchronous_commit`` off: a crash may lose the import, never
        leave half of it), and into an empty table the search indexes are built after the
        rows."""
        if not self.exists:
            return
        players = m.RatingListPlayer.objects
        postgresql = connection.vendor == "postgresql"
        if postgresql:
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit = off")
                cursor.execute(f"SET LOCAL work_mem = '{PG_IMPORT_WORK_MEM}'")
                cursor.execute(f"ANALYZE {self.TABLE}")
        self._keep_edits(summary)
        before = players.count()
        if connection.vendor not in ("sqlite", "postgresql"):
            self._bulk_create()
            summary.created = players.count() - before
            summary.updated += len(self.ids) - summary.created
            return
        quote = connection.ops.quote_name
        table = quote(m.RatingListPlayer._meta.db_table)
        fide_id = quote("fide_id")
        keys = [quote(c) for c in _INDEXED]
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT s.{fide_id}, {', '.join(f's.{k}' for k in keys)}, "
                f"{_tuple_sql('t', _OTHERS)} IS DISTINCT FROM {_tuple_sql('s', _OTHERS)} "
                f"FROM {self.TABLE} s JOIN {table} t ON t.{fide_id} = s.{fide_id} "
                f"WHERE {' OR '.join(f't.{k} <> s.{k}' for k in keys)}"
            )
            changed = cursor.fetchall()
            empty = postgresql and before == 0
            later = self._drop_indexes(cursor) if empty else []
            cursor.execute(_upsert_sql(self.TABLE, conflicts=not empty))
            written = cursor.rowcount
            for sql in later:
                cursor.execute(sql)
            if later:
                cursor.execute(f"ANALYZE {table}")  # the planner's figures of an empty table
            if changed:
                cursor.executemany(
                    f"UPDATE {table} SET {', '.join(f'{k} = %s' for k in keys)} "
                    f"WHERE {fide_id} = %s",
                    [(*row[1:3], row[0]) for row in changed],
                )
        summary.created = players.count() - before
        summary.updated += written - summary.created + sum(1 for row in changed if not row[3])

    def _keep_edits(self, summary: ImportSummary) -> None:
        """The listed players edited locally: every field but the edited ones from the list,
        counted as updated where one changes; their rows then leave the table."""
        quote = connection.ops.quote_name
        table = quote(m.RatingListPlayer._meta.db_table)
        fide_id = quote("fide_id")
        edited = quote("locally_edited")
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {_tuple_sql('s', _COLUMNS)[1:-1]}, t.{edited}, "
                f"{_tuple_sql('t', _COLUMNS[1:])[1:-1]} FROM {self.TABLE} s "
                f"JOIN {table} t ON t.{fide_id} = s.{fide_id} WHERE t.{edited} <> ''"
            )
            found = cursor.fetchall()
            if not found:
                return
            width = len(_COLUMNS)
            for row in found:
                listed = dict(zip(_COLUMNS[1:], row[1:width], strict=True))
                kept = frozenset(f for f in row[width].split(",") if f)
                if "name" in kept:
                    kept |= {"name_key"}
                now = dict(zip(_COLUMNS[1:], row[width + 1 :], strict=True))
                values = {k: v for k, v in listed.items() if k not in kept and now[k] != v}
                summary.edits_kept += 1
                if values:
                    m.RatingListPlayer.objects.filter(fide_id=row[0]).update(**values)
                    summary.updated += 1
            cursor.execute(
                f"DELETE FROM {self.TABLE} WHERE {fide_id} IN "
                f"(SELECT {fide_id} FROM {table} WHERE {edited} <> '')"
            )

    def _drop_indexes(self, cursor: Any) -> list[str]:
        """PostgreSQL, an empty player database: its indexes and unique constraints dropped
        (but the primary key's: a table filled first and indexed after is written several
        times faster, and the table's rows being unique, plain ``INSERT`` needs no conflict
        check); the statements that make them again, as they were (in the import's
        transaction: a failed import leaves them as they were too)."""
        table = m.RatingListPlayer._meta.db_table
        quote = connection.ops.quote_name
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = %s::regclass AND contype = 'u'",
            [table],
        )
        constraints = cursor.fetchall()
        for name, _definition in constraints:
            cursor.execute(f"ALTER TABLE {quote(table)} DROP CONSTRAINT {quote(name)}")
        cursor.execute(
            "SELECT c.relname, pg_get_indexdef(x.indexrelid) FROM pg_index x "
            "JOIN pg_class c ON c.oid = x.indexrelid "
            "WHERE x.indrelid = %s::regclass AND NOT x.indisprimary",
            [table],
        )
        indexes = cursor.fetchall()
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {quote(name)}")
        cursor.execute(f"SET LOCAL maintenance_work_mem = '{PG_IMPORT_WORK_MEM}'")
        return [
            *(
                f"ALTER TABLE {quote(table)} ADD CONSTRAINT {quote(name)} {definition}"
                for name, definition in constraints
            ),
            *(definition for _name, definition in indexes),
        ]

    def _bulk_create(self) -> None:
        """Other databases: the table's rows by ``bulk_create(update_conflicts=True)``."""
        columns = ", ".join(connection.ops.quote_name(c) for c in _COLUMNS)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {columns} FROM {self.TABLE}")
            while rows := cursor.fetchmany(BATCH_SIZE):
                m.RatingListPlayer.objects.bulk_create(
                    [m.RatingListPlayer(**dict(zip(_COLUMNS, r, strict=True))) for r in rows],
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

    The list is read and checked into a temporary table first (:class:`_Stage`; on SQLite
    without the database's write lock), then written into the player database in one
    transaction: a list with errors changes nothing, and on SQLite the write lock is held for
    that last step only. The summary counts as ``updated`` the listed players already there
    whose row changed (a player listed as he was is neither added nor updated).

    :raises chessarbiter.registration.RegistrationError: the file's problems, with their
        lines; nothing is changed then.
    """
    stream = registration.stream_fide_rating_list(path, source, single_list=single_list)
    summary = ImportSummary()
    stage = _Stage()
    try:
        with _import_cache():
            with stage.filling():
                batch: dict[int, tuple[Any, ...]] = {}  # one row per id (an id listed twice)
                for entry in stream:
                    summary.read += 1
                    batch[entry.fide_id] = _row(entry)
                    if len(batch) >= batch_size:
                        stage.write(batch)
                        batch = {}
                stage.write(batch)
            with transaction.atomic():
                stage.merge(summary)
    finally:
        stage.drop()
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
    if not key:
        return list(players.order_by("name_key", "fide_id")[:limit]) if federation else []
    if connection.vendor == "postgresql" and not federation:
        # the folded name in byte order, as the index ratinglist_name_key has it there
        # (migration 0013) and SQLite's: the range's first rows are the answer, in order
        # (within a federation, the index by federation and name gives them)
        players = players.alias(ordered=Collate("name_key", "C"))
        return list(
            players.filter(ordered__gte=key, ordered__lt=key + "\U0010ffff")
            .filter(ordered__startswith=key)
            .order_by("ordered", "fide_id")[:limit]
        )
    # the range lets SQLite use the index (its LIKE ignores case, the index does not), and
    # PostgreSQL its index by federation and name
    players = players.filter(
        name_key__gte=key, name_key__lt=key + "\U0010ffff", name_key__startswith=key
    )
    return list(players.order_by("name_key", "fide_id")[:limit])


def entry(row: m.RatingListPlayer) -> RatingListEntry:
    """The library's entry of a database row (its K factors too)."""
    names = (*LIST_FIELDS, *K_FIELDS.values())
    return RatingListEntry(row.fide_id, **{name: getattr(row, name) for name in names})


def published_k(fide_ids: Iterable[str | int], kind: str) -> dict[str, int]:
    """The K factor the player database holds for each of ``fide_ids`` in the list ``kind``
    (``"standard"``, ``"rapid"`` or ``"blitz"``; a
    :class:`~chessarbiter.timecontrol.laws.Category` will do): the K FIDE's rating list
    published for the player when it was last imported (FIDE Rating Regulations of 1 March
    2024, B.02 7.1.2), by the FIDE ID written as digits (``"1503014"``), in one query. Blank
    or non-numeric IDs, IDs not in the database and players without a K there are left out.

    :raises ValueError: for a ``kind`` that is none of
        :data:`chessarbiter.registration.RATING_KINDS`.
    """
    column = K_FIELDS.get(kind)
    if column is None:
        raise ValueError(f"rating kinds are {', '.join(registration.RATING_KINDS)}, not {kind!r}")
    ids: set[int] = set()
    for fide_id in fide_ids:
        raw = str(fide_id).strip()
        if raw.isascii() and raw.isdigit() and 0 < int(raw) < 10**10:
            ids.add(int(raw))
    if not ids:
        return {}
    found = (
        m.RatingListPlayer.objects.filter(fide_id__in=sorted(ids), **{f"{column}__isnull": False})
        .order_by()
        .values_list("fide_id", column)
    )
    return {str(fide_id): k for fide_id, k in found}


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
