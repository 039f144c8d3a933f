"""The player database shared by all events: importing FIDE's rating list (again and again,
keeping local edits), searching it, and registering a player of it into an event."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from chessarbiter.cli import web as web_cli
from chessarbiter.event_settings import SettingsError
from chessarbiter.registration import RegistrationError
from chessarbiter.timecontrol.laws import Category
from chessarbiter.web.events import models as m
from chessarbiter.web.events import rating_list, services

from .conftest import login

HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def line(**values: str) -> str:
    labels = {"ID": "ID Number", "Bday": "B-day"}
    row = [" "] * (len(HEADER) + 4)
    for label, value in values.items():
        at = HEADER.index(labels.get(label, label))
        row[at : at + len(value)] = list(value)
    return "".join(row).rstrip()


def rating_list_text(shift: int = 0, junior_k: str = "40") -> str:
    """Four players; every rating moved by ``shift`` (next month's list); the junior's
    standard K is ``junior_k`` (the K factors the list publishes: SK, Rk, BK)."""

    def r(value: int) -> str:
        return str(value + shift)

    return (
        "\n".join(
            [
                HEADER,
                line(
                    ID="1503014",
                    Name="Carlsen, Magnus",
                    Fed="NOR",
                    Sex="M",
                    Tit="GM",
                    SRtng=r(2833),
                    SK="10",
                    RRtng=r(2825),
                    Rk="10",
                    BRtng=r(2886),
                    BK="10",
                    Bday="1990",
                ),
                line(
                    ID="2020009",
                    Name="Caruana, Fabiano",
                    Fed="USA",
                    Sex="M",
                    Tit="GM",
                    SRtng=r(2795),
                    RRtng=r(2727),
                    BRtng=r(2750),
                    Bday="1992",
                ),
                line(
                    ID="24101923",
                    Name="Kovalenko, Olena",
                    Fed="UKR",
                    Sex="F",
                    WTit="WFM",
                    SRtng=r(1745),
                    SK=junior_k,
                    RRtng=r(1702),
                    Rk="40",
                    Bday="2009",
                    Flag="w",
                ),
                line(
                    ID="4100018",
                    Name="Núñez, José",
                    Fed="ESP",
                    Sex="M",
                    SRtng=r(2100),
                    SK="20",
                    Bday="1985",
                ),
            ]
        )
        + "\n"
    )


@pytest.fixture
def list_file(tmp_path: Path) -> Path:
    path = tmp_path / "players_list_foa.txt"
    path.write_text(rating_list_text(), encoding="utf-8")
    return path


@pytest.fixture
def imported(db: object, list_file: Path) -> rating_list.ImportSummary:
    return rating_list.import_rating_list(list_file)


def test_import_creates_then_updates_the_same_rows(
    imported: rating_list.ImportSummary, list_file: Path
) -> None:
    assert (imported.read, imported.created, imported.updated) == (4, 4, 0)
    carlsen = m.RatingListPlayer.objects.get(fide_id=1503014)
    assert (carlsen.name, carlsen.name_key, carlsen.federation, carlsen.sex, carlsen.title) == (
        "Carlsen, Magnus",
        "carlsen magnus",
        "NOR",
        "m",
        "GM",
    )
    assert (carlsen.standard, carlsen.rapid, carlsen.blitz, carlsen.birth) == (
        2833,
        2825,
        2886,
        "1990",
    )
    rows = list(m.RatingListPlayer.objects.values_list("pk", "fide_id", "standard"))
    # the same list again: every player unchanged, none written
    again = rating_list.import_rating_list(list_file)
    assert (again.read, again.created, again.updated, again.unchanged) == (4, 0, 0, 4)
    assert list(m.RatingListPlayer.objects.values_list("pk", "fide_id", "standard")) == rows
    # next month's: every rating moved, the same rows updated
    list_file.write_text(rating_list_text(shift=5), encoding="utf-8")
    again = rating_list.import_rating_list(list_file)
    assert (again.read, again.created, again.updated) == (4, 0, 4)
    moved = [(pk, fide_id, (standard or 0) + 5) for pk, fide_id, standard in rows]
    assert list(m.RatingListPlayer.objects.values_list("pk", "fide_id", "standard")) == moved


def test_only_the_changed_players_are_counted_and_written(
    imported: rating_list.ImportSummary, tmp_path: Path
) -> None:
    """A player listed as he was is neither added nor updated, and his row is not written
    again; one whose rating, name or federation changed is updated."""
    text = rating_list_text().replace("2795", "2801").replace("Núñez, José", "Nunez, Jose")
    text = text.replace("NOR", "USA")
    path = tmp_path / "players_list_foa.txt"
    path.write_text(text, encoding="utf-8")
    with CaptureQueriesContext(connection) as queries:
        summary = rating_list.import_rating_list(path)
    assert (summary.read, summary.created, summary.updated) == (4, 0, 3)
    assert m.RatingListPlayer.objects.get(fide_id=2020009).standard == 2801
    assert m.RatingListPlayer.objects.get(fide_id=4100018).name_key == "nunez jose"
    assert m.RatingListPlayer.objects.get(fide_id=1503014).federation == "USA"
    if connection.vendor in ("sqlite", "postgresql"):
        (upsert,) = [q["sql"] for q in queries.captured_queries if "ON CONFLICT" in q["sql"]]
        assert "IS DISTINCT FROM" in upsert


def test_an_id_listed_twice_keeps_its_last_row(db: object, tmp_path: Path) -> None:
    """Written in batches (two rows a batch here), the last row of an id listed twice wins,
    on a new table and on an update. On SQLite and PostgreSQL the rows wait in a temporary
    table, written into the database by one statement at the end; the second row of an id
    listed twice takes the place of the first there."""
    path = tmp_path / "players_list_foa.txt"
    for standard in ("2900", "2901"):
        again = line(ID="1503014", Name="Carlsen, Magnus", Fed="NOR", Sex="M", SRtng=standard)
        path.write_text(rating_list_text() + again + "\n", encoding="utf-8")
        with CaptureQueriesContext(connection) as queries:
            summary = rating_list.import_rating_list(path, batch_size=2)
        assert summary.read == 5
        assert m.RatingListPlayer.objects.count() == 4
        assert m.RatingListPlayer.objects.get(fide_id=1503014).standard == int(standard)
        assert m.RatingListPlayer.objects.get(fide_id=2020009).rapid == 2727
        sql = [q["sql"] for q in queries.captured_queries]
        merged = [q for q in sql if q.startswith("INSERT INTO") and "FROM ratinglist_import" in q]
        replaced = [q for q in sql if q.startswith("DELETE FROM ratinglist_import WHERE")]
        assert (len(merged), len(replaced)) == (
            (1, 1) if connection.vendor in ("sqlite", "postgresql") else (0, 1)
        )


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's database-wide write lock")
@pytest.mark.django_db(transaction=True)
def test_the_list_is_read_without_the_databases_write_lock(list_file: Path) -> None:
    """While the list is read into the temporary table, another connection may write (an
    arbiter entering a result); only the final write into the player database holds the
    lock. The other connection tries to take it, without waiting, as each batch of players
    read is staged and as the rows are written."""
    name = connection.settings_dict["NAME"]
    free: list[bool] = []

    def lock_is_free() -> None:
        other = sqlite3.connect(name, uri=name.startswith("file:"), timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
            other.execute("ROLLBACK")
            free.append(True)
        except sqlite3.OperationalError:
            free.append(False)
        finally:
            other.close()

    def probe(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if sql.startswith("INSERT INTO ratinglist_import") or "ON CONFLICT" in sql:
            lock_is_free()
        return execute(sql, params, many, context)

    with connection.execute_wrapper(probe):
        summary = rating_list.import_rating_list(list_file, batch_size=2)
    # the two batches of two players staged, then the one statement into the database
    assert (summary.created, free) == (4, [True, True, False])
    assert m.RatingListPlayer.objects.count() == 4


@pytest.mark.django_db(transaction=True)
def test_a_list_with_errors_after_staged_rows_changes_nothing(tmp_path: Path) -> None:
    """Outside any transaction (as the web app and the command run it): a problem in the
    list after rows were staged leaves the database as it was, no transaction open, and the
    next import works."""
    good = tmp_path / "good.txt"
    good.write_text(rating_list_text(), encoding="utf-8")
    rating_list.import_rating_list(good)
    bad = tmp_path / "bad.txt"
    bad.write_text(rating_list_text(shift=10).replace("2110", "21x0"), encoding="utf-8")
    with pytest.raises(RegistrationError, match=r"bad.txt:5:"):
        rating_list.import_rating_list(bad, "bad.txt", batch_size=2)
    assert m.RatingListPlayer.objects.get(fide_id=1503014).standard == 2833
    assert connection.get_autocommit()
    if connection.vendor == "sqlite":
        assert not connection.connection.in_transaction
    again = rating_list.import_rating_list(good)
    assert (again.read, again.created, again.updated, again.unchanged) == (4, 0, 0, 4)


def test_an_update_changes_names_and_federations(imported: object, tmp_path: Path) -> None:
    """The search indexes' columns are written where they change: a new name (its key) and a
    new federation are found by the search."""
    text = rating_list_text().replace("Caruana, Fabiano", "Karuana, Fabiano")
    text = text.replace("USA", "ITA")
    path = tmp_path / "players_list_foa.txt"
    path.write_text(text, encoding="utf-8")
    summary = rating_list.import_rating_list(path)
    assert (summary.created, summary.updated) == (0, 1)
    row = m.RatingListPlayer.objects.get(fide_id=2020009)
    assert (row.name, row.name_key, row.federation) == (
        "Karuana, Fabiano",
        "karuana fabiano",
        "ITA",
    )
    assert [p.fide_id for p in rating_list.search("karu", "ITA")] == [2020009]
    assert rating_list.search("caru") == []
    carlsen = m.RatingListPlayer.objects.get(fide_id=1503014)
    assert (carlsen.name_key, carlsen.federation) == ("carlsen magnus", "NOR")


def test_a_monthly_update_keeps_local_edits(imported: object, tmp_path: Path) -> None:
    row = m.RatingListPlayer.objects.get(fide_id=24101923)
    rating_list.edit_player(row, name="Kovalenko-Smith, Olena", federation="ENG")
    row.refresh_from_db()
    assert row.edited == frozenset({"name", "federation"})
    next_month = tmp_path / "next.txt"
    next_month.write_text(rating_list_text(shift=10), encoding="utf-8")
    summary = rating_list.import_rating_list(next_month)
    assert (summary.created, summary.updated, summary.edits_kept) == (0, 4, 1)
    row.refresh_from_db()
    assert (row.name, row.federation, row.standard, row.rapid) == (
        "Kovalenko-Smith, Olena",
        "ENG",
        1755,
        1712,
    )
    assert rating_list.search("kovalenko-smith")[0].fide_id == 24101923
    assert m.RatingListPlayer.objects.get(fide_id=1503014).standard == 2843


def test_a_list_with_errors_changes_nothing(imported: object, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    text = rating_list_text(shift=10).replace("2805", "28x5")
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(RegistrationError, match=r"bad.txt:3:114: rating \"28x5\""):
        rating_list.import_rating_list(bad, "bad.txt")
    assert m.RatingListPlayer.objects.get(fide_id=1503014).standard == 2833


def test_the_k_factors_are_imported_and_a_changed_k_updates_the_row(
    imported: object, tmp_path: Path
) -> None:
    """The K each player's list publishes (B.02 7.1.2 of 1 March 2024) is kept with his
    ratings; next month's list with one K changed (a junior's 40 become 20) updates that row
    only: a K counts among the fields an import compares."""
    ks = dict(m.RatingListPlayer.objects.values_list("fide_id", "k_standard"))
    assert ks == {1503014: 10, 2020009: None, 24101923: 40, 4100018: 20}
    junior = m.RatingListPlayer.objects.get(fide_id=24101923)
    assert (junior.k_standard, junior.k_rapid, junior.k_blitz) == (40, 40, None)
    path = tmp_path / "players_list_foa.txt"
    path.write_text(rating_list_text(junior_k="20"), encoding="utf-8")
    summary = rating_list.import_rating_list(path)
    assert (summary.read, summary.created, summary.updated, summary.unchanged) == (4, 0, 1, 3)
    junior.refresh_from_db()
    assert (junior.k_standard, junior.k_rapid, junior.standard) == (20, 40, 1745)
    again = rating_list.import_rating_list(path)
    assert (again.created, again.updated, again.unchanged) == (0, 0, 4)
    # a K no longer published (blank) is cleared, and counted
    path.write_text(rating_list_text(junior_k=""), encoding="utf-8")
    assert rating_list.import_rating_list(path).updated == 1
    junior.refresh_from_db()
    assert junior.k_standard is None


def test_a_k_factor_is_fides_never_a_local_edit(imported: object, tmp_path: Path) -> None:
    """A player edited locally keeps his edited fields, and gets the list's K all the same;
    a K cannot be edited locally."""
    row = m.RatingListPlayer.objects.get(fide_id=24101923)
    rating_list.edit_player(row, name="Kovalenko-Smith, Olena", standard=1800)
    with pytest.raises(services.ServiceError, match="k_standard"):
        rating_list.edit_player(row, k_standard=10)
    path = tmp_path / "players_list_foa.txt"
    path.write_text(rating_list_text(junior_k="20"), encoding="utf-8")
    summary = rating_list.import_rating_list(path)
    assert (summary.updated, summary.edits_kept) == (1, 1)
    row.refresh_from_db()
    assert (row.name, row.standard, row.k_standard, row.k_rapid) == (
        "Kovalenko-Smith, Olena",
        1800,
        20,
        40,
    )
    assert rating_list.entry(row).k("standard") == 20


def test_published_k_by_fide_id_in_one_query(
    imported: object, django_assert_num_queries: Any
) -> None:
    ids: list[str | int] = ["1503014", 24101923, "", "abc", " 4100018 ", "99", "0", "1" * 12, "２"]
    with django_assert_num_queries(1):
        assert rating_list.published_k(ids, "standard") == {
            "1503014": 10,
            "24101923": 40,
            "4100018": 20,
        }
    assert rating_list.published_k(ids, "blitz") == {"1503014": 10}
    assert rating_list.published_k(iter(ids), Category.RAPID) == {
        "1503014": 10,
        "24101923": 40,
    }
    with django_assert_num_queries(0):
        assert rating_list.published_k(["", "x"], "standard") == {}
    with pytest.raises(ValueError, match="bullet"):
        rating_list.published_k(ids, "bullet")


@pytest.mark.django_db(transaction=True)
def test_the_k_factor_migration_applies_and_reverts() -> None:
    before, migration = "0013_ratinglist_name_order", "0014_ratinglistplayer_k"
    executor = MigrationExecutor(connection)
    assert ("events", migration) in executor.loader.applied_migrations
    assert executor.loader.get_migration("events", migration).dependencies == [("events", before)]

    def columns() -> set[str]:
        with connection.cursor() as cursor:
            table = m.RatingListPlayer._meta.db_table
            described = connection.introspection.get_table_description(cursor, table)
        return {c.name for c in described}

    k_columns = {"k_standard", "k_rapid", "k_blitz"}
    try:
        executor.migrate([("events", before)])
        assert not k_columns & columns()
        old = executor.loader.project_state([("events", before)]).apps
        old.get_model("events", "RatingListPlayer").objects.create(
            fide_id=1503014, name="Carlsen, Magnus", name_key="carlsen magnus", standard=2833
        )
        executor = MigrationExecutor(connection)
        executor.migrate([("events", migration)])
        new = executor.loader.project_state([("events", migration)]).apps
        row = new.get_model("events", "RatingListPlayer").objects.get(fide_id=1503014)
        assert (row.standard, row.k_standard, row.k_rapid, row.k_blitz) == (2833, None, None, None)
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes("events"))
    assert k_columns <= columns()


def test_local_edits_are_checked_by_the_library(imported: object) -> None:
    row = m.RatingListPlayer.objects.get(fide_id=1503014)
    with pytest.raises(SettingsError, match="rating"):
        rating_list.edit_player(row, rapid=4000)
    with pytest.raises(SettingsError, match="name"):
        rating_list.edit_player(row, name=" ")
    with pytest.raises(services.ServiceError):
        rating_list.edit_player(row, fide_id=1)
    row.refresh_from_db()
    assert (row.rapid, row.locally_edited) == (2825, "")


def test_search_by_name_prefix_fide_id_and_federation(imported: object) -> None:
    def names(query: str, federation: str = "") -> list[str]:
        return [p.name for p in rating_list.search(query, federation)]

    assert names("car") == ["Carlsen, Magnus", "Caruana, Fabiano"]
    assert names("CARLSEN, m") == ["Carlsen, Magnus"]
    assert names("nunez j") == ["Núñez, José"]
    assert names("2020009") == ["Caruana, Fabiano"]
    assert names("", "ukr") == ["Kovalenko, Olena"]
    assert names("car", "USA") == ["Caruana, Fabiano"]
    assert names("") == []
    assert names("99999999999") == []
    assert names("zz") == []


def test_a_name_search_uses_the_index(imported: object) -> None:
    """SQLite's index by the folded name, PostgreSQL's by the folded name in byte order
    (``COLLATE "C"``) then the FIDE ID: the rows come in the answer's order, unsorted."""
    with CaptureQueriesContext(connection) as queries:
        rating_list.search("car")
    sql = queries.captured_queries[-1]["sql"]
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("EXPLAIN QUERY PLAN " + sql)
            plan = " ".join(str(row) for row in cursor.fetchall())
            assert "ratinglist_name_key" in plan
        elif connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")  # four rows: else no index
            cursor.execute("EXPLAIN " + sql)
            plan = " ".join(row[0] for row in cursor.fetchall())
            assert "ratinglist_name_key" in plan
            assert "Sort" not in plan


def test_a_first_import_leaves_the_indexes_as_they_were(db: object, list_file: Path) -> None:
    """Into an empty table PostgreSQL's import builds the indexes and unique constraints
    after the rows: they are there again, the same, and the table's unique FIDE ID holds."""
    table = m.RatingListPlayer._meta.db_table

    def constraints() -> dict[str, tuple[Any, ...]]:
        with connection.cursor() as cursor:
            found = connection.introspection.get_constraints(cursor, table)
        return {
            name: (c["columns"], c["unique"], c["primary_key"], c.get("type"), c.get("orders"))
            for name, c in found.items()
        }

    before = constraints()
    assert "ratinglist_fed_name" in before
    summary = rating_list.import_rating_list(list_file)
    assert summary.created == 4
    assert constraints() == before
    with pytest.raises(IntegrityError), transaction.atomic():
        m.RatingListPlayer.objects.create(fide_id=1503014, name="Again", name_key="again")


def test_register_from_the_search(client: Client, event: m.Event, arbiter: User) -> None:
    rating_list.import_rating_list(_file(rating_list_text()))
    login(client, arbiter)
    page = client.get(reverse("arbiter:event_ratinglist", args=[event.pk]), {"q": "kov"})
    assert page.status_code == 200
    assert b"Kovalenko, Olena" in page.content and b"Register" in page.content
    partial = client.get(
        reverse("arbiter:event_ratinglist", args=[event.pk]), {"q": "kov"}, HTTP_HX_REQUEST="true"
    )
    assert b"<html" not in partial.content and b"Kovalenko, Olena" in partial.content
    r = client.post(
        reverse("arbiter:event_register", args=[event.pk]), {"fide_id": "24101923", "q": "kov"}
    )
    assert r.status_code == 302 and r["Location"].endswith("?q=kov")
    p = event.players.get(fide_id="24101923")
    assert (p.name, p.title, p.federation, p.birth_date, p.sex, p.rating, p.number) == (
        "Kovalenko, Olena",
        "WFM",
        "UKR",
        "2009",
        "w",
        1745,
        11,
    )
    again = client.post(
        reverse("arbiter:event_register", args=[event.pk]), {"fide_id": "24101923"}, follow=True
    )
    assert b"already registered" in again.content
    assert event.players.filter(fide_id="24101923").count() == 1
    page = client.get(reverse("arbiter:event_ratinglist", args=[event.pk]), {"q": "kov"})
    assert b"registered" in page.content
    unknown = client.post(
        reverse("arbiter:event_register", args=[event.pk]), {"fide_id": "77"}, follow=True
    )
    assert b"No player with FIDE ID 77" in unknown.content


def test_register_from_the_players_pages_search_box(
    client: Client, event: m.Event, arbiter: User
) -> None:
    rating_list.import_rating_list(_file(rating_list_text()))
    login(client, arbiter)
    url = reverse("arbiter:event_ratinglist", args=[event.pk])
    found = client.get(url, {"q": "carl", "back": "players"}, HTTP_HX_REQUEST="true")
    assert b'name="back" value="players"' in found.content
    r = client.post(
        reverse("arbiter:event_register", args=[event.pk]),
        {"fide_id": "1503014", "back": "players"},
    )
    assert r["Location"] == reverse("arbiter:players", args=[event.pk])
    assert event.players.get(fide_id="1503014").title == "GM"


#: The search box of the event's players page (``arbiter/players.html``).
PLAYERS_PAGE_BOX = (
    "{% url 'arbiter:event_ratinglist' event.pk as action %}"
    '{% include "arbiter/_ratinglist_search.html" with form=None back="players" %}'
    '<div id="ratinglist-results"></div>'
)


def test_the_search_box_for_the_players_page(event: m.Event) -> None:
    from django.template import Context, Template

    html = Template(PLAYERS_PAGE_BOX).render(Context({"event": event}))
    url = reverse("arbiter:event_ratinglist", args=[event.pk])
    assert f'hx-get="{url}"' in html
    assert '<input type="hidden" name="back" value="players">' in html
    assert 'id="ratinglist-q" value=""' in html


def test_the_rating_of_the_events_time_control(client: Client, event: m.Event, chief: User) -> None:
    rating_list.import_rating_list(_file(rating_list_text()))
    event.time_control = "15 min + 10 s"
    event.save()
    login(client, chief)
    client.post(reverse("arbiter:event_register", args=[event.pk]), {"fide_id": "1503014"})
    assert event.players.get(fide_id="1503014").rating == 2825
    event.time_control = "3 min + 2 s"
    event.save()
    client.post(reverse("arbiter:event_register", args=[event.pk]), {"fide_id": "2020009"})
    assert event.players.get(fide_id="2020009").rating == 2750


def test_registering_needs_an_arbiter_of_the_event(
    client: Client, event: m.Event, viewer: User
) -> None:
    rating_list.import_rating_list(_file(rating_list_text()))
    login(client, viewer)
    url = reverse("arbiter:event_register", args=[event.pk])
    assert client.post(url, {"fide_id": "1503014"}).status_code == 403
    assert client.get(reverse("arbiter:event_ratinglist", args=[event.pk])).status_code == 403
    stranger = User.objects.create_user("stranger", "", "pw-stranger-123")
    login(client, stranger)
    assert client.post(url, {"fide_id": "1503014"}).status_code == 404
    assert not event.players.filter(fide_id="1503014").exists()
    client.logout()
    assert client.post(url, {"fide_id": "1503014"}).status_code == 302  # to the login page
    assert not event.players.filter(fide_id="1503014").exists()


def test_the_upload_page(client: Client, chief: User, viewer: User) -> None:
    login(client, viewer)
    url = reverse("arbiter:ratinglist_import")
    upload = SimpleUploadedFile("players_list_foa.txt", rating_list_text().encode())
    assert client.post(url, {"file": upload, "single_list": "standard"}).status_code == 403
    assert m.RatingListPlayer.objects.count() == 0
    page = client.get(reverse("arbiter:ratinglist"))
    assert page.status_code == 200 and b'id="ratinglist-import"' not in page.content
    login(client, chief)
    page = client.get(reverse("arbiter:ratinglist"))
    assert b'id="ratinglist-import"' in page.content
    upload = SimpleUploadedFile("players_list_foa.txt", rating_list_text().encode())
    r = client.post(url, {"file": upload, "single_list": "standard"}, follow=True)
    assert b"4 players read: 4 added" in r.content
    assert m.RatingListPlayer.objects.count() == 4
    bad = SimpleUploadedFile("bad.txt", b"not a list\n")
    r = client.post(url, {"file": bad, "single_list": "standard"}, follow=True)
    assert b"bad.txt:1:1: not a FIDE rating list" in r.content
    found = client.get(reverse("arbiter:ratinglist"), {"q": "car"}, HTTP_HX_REQUEST="true")
    assert b"Caruana, Fabiano" in found.content and b"<html" not in found.content


def test_a_large_upload_is_read_from_its_temporary_file(
    client: Client, chief: User, settings: Any
) -> None:
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 0  # every upload goes to a temporary file
    login(client, chief)
    with _file(rating_list_text()).open("rb") as upload:
        r = client.post(
            reverse("arbiter:ratinglist_import"),
            {"file": upload, "single_list": "standard"},
            follow=True,
        )
    assert b"4 players read: 4 added" in r.content


def test_editing_a_player_of_the_database(client: Client, chief: User, viewer: User) -> None:
    rating_list.import_rating_list(_file(rating_list_text()))
    url = reverse("arbiter:ratinglist_player", args=[4100018])
    fields = {
        "name": "Nunez Garcia, Jose",
        "federation": "ESP",
        "sex": "m",
        "title": "",
        "women_title": "",
        "other_titles": "",
        "birth": "1985",
        "standard": "2100",
        "rapid": "",
        "blitz": "",
    }
    login(client, viewer)
    assert client.post(url, fields).status_code == 403
    login(client, chief)
    r = client.post(url, fields, follow=True)
    assert b"later imports of the list keep the edit" in r.content
    row = m.RatingListPlayer.objects.get(fide_id=4100018)
    assert (row.name, row.edited) == ("Nunez Garcia, Jose", frozenset({"name"}))
    r = client.post(url, {**fields, "standard": "9999"})
    assert r.status_code == 200 and b"3500" in r.content
    # the K factors the list published, shown (never a field of the form)
    r = client.get(url)
    k = r.content.decode().split('id="ratinglist-player-k"')[1].split("</dl>")[0]
    assert re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", k) == [
        ("Standard K factor", "20"),
        ("Rapid K factor", "—"),
        ("Blitz K factor", "—"),
    ]
    assert 'name="k_standard"' not in r.content.decode()
    login(client, viewer)
    assert b"Standard K factor</dt><dd>20<" in client.get(url).content
    assert client.get(reverse("arbiter:ratinglist_player", args=[1])).status_code == 404


def test_the_import_command(db: object, list_file: Path) -> None:
    group = click.Group()
    web_cli.register(group)
    result = CliRunner().invoke(group, ["web", "import-ratings", str(list_file)])
    assert result.exit_code == 0, result.output
    assert "4 players read: 4 added, 0 updated, 0 unchanged" in result.output
    bad = list_file.with_name("bad.txt")
    bad.write_text("nonsense\n")
    result = CliRunner().invoke(group, ["web", "import-ratings", str(bad)])
    assert result.exit_code == 1 and "not a FIDE rating list" in result.output
    assert "Traceback" not in result.output


def _file(text: str) -> Path:
    import tempfile

    path = Path(tempfile.mkdtemp()) / "players_list_foa.txt"
    path.write_text(text, encoding="utf-8")
    return path
