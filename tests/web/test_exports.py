"""Downloads of every list (CSV, printable HTML) and the ZIP of all of them, on the 284-player
open of ``../shared/real/sharly-chess/trf/example_trf16.trf`` imported as an arbiter uploads
it, and on a small event of the arbiter's own."""

from __future__ import annotations

import csv
import datetime
import io
import zipfile

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.events import lists, services
from chessarbiter.web.events import models as m

from .conftest import import_real_open, login, play_round

PRIZES = (
    'currency = "EUR"\nsharing = "hort"\n'
    "[[prize]]\nplace = 1\namount = 500\n[[prize]]\nplace = 2\namount = 300\n"
)
CSV = "text/csv; charset=utf-8"
HTML = "text/html; charset=utf-8"


@pytest.fixture
def open_event(client: Client, chief: User, viewer: User) -> m.Event:
    ev = import_real_open(
        client,
        chief,
        tiebreaks="BH/C1,SB",
        start_date=datetime.date(2005, 7, 28),
        chief_arbiter="Ann <Lee>",
        prize_table=PRIZES,
    )
    m.Role.objects.create(event=ev, user=viewer, kind=m.Role.Kind.VIEWER)
    ev.refresh_from_db()
    return ev


def _get(client: Client, url: str, content_type: str) -> bytes:
    r = client.get(url)
    assert r.status_code == 200, url
    assert r["Content-Type"] == content_type, url
    return r.content


def _rows(body: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.decode("utf-8"))))


def test_every_export_of_the_open(client: Client, open_event: m.Event) -> None:
    pk = open_event.pk
    rounds = m.Round.objects.filter(event=open_event).count()
    assert rounds >= 7
    for what in ("start", "standings", "crosstable", "prizes"):
        for fmt, kind in (("csv", CSV), ("html", HTML)):
            _get(client, reverse("arbiter:export_list", args=[pk, what, fmt]), kind)
    start = client.get(reverse("arbiter:export_list", args=[pk, "start", "csv"]))
    name = start["Content-Disposition"]
    assert name.startswith("attachment; filename=") and name.endswith('-start-list.csv"')
    table = _rows(start.content)
    assert table[0][:4] == ["position", "pairing_number", "title", "name"]
    assert len(table) == 1 + 284
    by_name = _rows(
        _get(client, reverse("arbiter:export_list", args=[pk, "start", "csv"]) + "?order=name", CSV)
    )
    assert [r[3] for r in by_name[1:]] == sorted((r[3] for r in by_name[1:]), key=str.casefold)
    standings = _rows(
        _get(client, reverse("arbiter:export_list", args=[pk, "standings", "csv"]), CSV)
    )
    assert standings[0][-3:] == ["points", "BH/C1", "SB"] and standings[1][0] == "1"
    crosstable = _get(client, reverse("arbiter:export_list", args=[pk, "crosstable", "html"]), HTML)
    page = crosstable.decode()
    assert "Chief arbiter: Ann &lt;Lee&gt;" in page and "@page { size: A4 landscape" in page
    prizes = _rows(_get(client, reverse("arbiter:export_list", args=[pk, "prizes", "csv"]), CSV))
    assert prizes[0][0] == "place" and prizes[1][5] == "500.00"
    category = reverse("arbiter:export_list", args=[pk, "category", "csv"]) + "?category=F"
    women = _rows(_get(client, category, CSV))
    assert women[0][:2] == ["category_rank", "shared_category_rank"] and len(women) > 2
    teams = reverse("arbiter:export_list", args=[pk, "teams", "html"]) + "?by=federation&best=2"
    assert b"<h2>Team ranking" in _get(client, teams, HTML)
    for number in (1, rounds):
        for what in ("pairings", "results"):
            url = reverse("arbiter:export_round", args=[pk, number, what, "csv"])
            lines = _rows(_get(client, url, CSV))
            assert lines[0][0] == "board" and lines[1][0] == "1"
            if what == "results":
                assert lines[1][7] in {"1-0", "0-1", "½-½", "1F-0F", "0F-1F", "0F-0F"}
            else:
                assert lines[1][7] == ""
            url = reverse("arbiter:export_round", args=[pk, number, what, "html"])
            assert f"Round {number}: {what}".encode() in _get(client, url, HTML)


def test_the_zip_of_all_lists(client: Client, open_event: m.Event, viewer: User) -> None:
    login(client, viewer)  # a viewer reads and downloads, as the arbiter pages
    r = client.get(reverse("arbiter:export_all", args=[open_event.pk]))
    assert r.status_code == 200 and r["Content-Type"] == "application/zip"
    assert len(r.content) < 1_000_000
    archive = zipfile.ZipFile(io.BytesIO(r.content))
    names = archive.namelist()
    rounds = m.Round.objects.filter(event=open_event).count()
    stems = ["start-list", "standings", "crosstable", "prize-list"]
    stems += [f"round-{n:02d}-{w}" for n in range(1, rounds + 1) for w in ("pairings", "results")]
    # the usual categories the players are in, each its list (50+ is written 50plus)
    categories = lists.quick_categories(open_event)
    assert "F" in categories
    stems += ["category-" + c.lower().replace("+", "plus") for c in categories]
    folder = names[0].split("/")[0]
    assert sorted(names) == sorted(f"{folder}/{s}.{f}" for s in stems for f in ("csv", "html"))
    assert archive.testzip() is None
    for name in names:
        text = archive.read(name).decode("utf-8")
        if name.endswith(".csv"):
            assert len(_rows(text.encode())) > 1, name
        else:
            assert text.startswith("<!DOCTYPE html>") and text.endswith("</html>\n"), name


def test_a_viewer_downloads_a_stranger_does_not(
    client: Client, event: m.Event, viewer: User, chief: User
) -> None:
    url = reverse("arbiter:export_list", args=[event.pk, "start", "csv"])
    assert client.get(url).status_code == 302  # to the login page
    login(client, viewer)
    assert client.get(url).status_code == 200
    stranger = User.objects.create_user("stranger", "", "pw-stranger-123")
    login(client, stranger)
    assert client.get(url).status_code == 404
    assert client.get(reverse("arbiter:export_all", args=[event.pk])).status_code == 404


def test_an_event_without_rounds(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    pk = event.pk
    for what in ("start", "standings", "crosstable"):
        for fmt in ("csv", "html"):
            assert (
                client.get(reverse("arbiter:export_list", args=[pk, what, fmt])).status_code == 200
            )
    # no prize table, no round 1: not found, never a server error
    assert client.get(reverse("arbiter:export_list", args=[pk, "prizes", "csv"])).status_code == 404
    url = reverse("arbiter:export_round", args=[pk, 1, "pairings", "csv"])
    assert client.get(url).status_code == 404
    assert (
        client.get(reverse("arbiter:export_list", args=[pk, "nothing", "csv"])).status_code == 404
    )
    assert client.get(reverse("arbiter:export_list", args=[pk, "start", "pdf"])).status_code == 404
    r = client.get(reverse("arbiter:export_all", args=[pk]))
    names = sorted(n.split("/")[1] for n in zipfile.ZipFile(io.BytesIO(r.content)).namelist())
    assert names == sorted(
        f"{s}.{f}" for s in ("start-list", "standings", "crosstable") for f in ("csv", "html")
    )


def test_bad_parameters_are_told_not_crashed(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    play_round(event, chief)
    base = reverse("arbiter:export_list", args=[event.pk, "category", "csv"])
    r = client.get(base + "?category=U12%26%26")
    assert r.status_code == 400 and r.content
    assert client.get(base).status_code == 400  # no category given
    start = reverse("arbiter:export_list", args=[event.pk, "start", "html"])
    assert client.get(start + "?order=shoe-size").status_code == 400
    teams = reverse("arbiter:export_list", args=[event.pk, "teams", "csv"])
    assert client.get(teams + "?by=colour").status_code == 400
    assert client.get(teams + "?best=x").status_code == 400
    assert client.get(teams + "?best=10001").status_code == 400
    # the small event has no date: an age category cannot be counted, a sex category can
    assert client.get(base + "?category=U12").status_code == 400
    assert client.get(base + "?category=UNRATED").status_code == 200


def test_a_pending_round_and_escaped_names(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    services.add_players(event, chief, [{"name": "<script>x</script>", "rating": 1500}])
    services.pair_next_round(event, chief)
    pk = event.pk
    page = _get(client, reverse("arbiter:export_round", args=[pk, 1, "pairings", "html"]), HTML)
    assert b"<script>x" not in page and b"&lt;script&gt;x&lt;/script&gt;" in page
    results = _rows(
        _get(client, reverse("arbiter:export_round", args=[pk, 1, "results", "csv"]), CSV)
    )
    assert all(row[7] == "" for row in results[1:] if row[0])  # no result in yet


def test_the_pages_link_the_downloads(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    play_round(event, chief)
    pk = event.pk
    page = client.get(reverse("arbiter:event", args=[pk])).content.decode()
    for url in (
        reverse("arbiter:export_all", args=[pk]),
        reverse("arbiter:export_list", args=[pk, "start", "csv"]),
        reverse("arbiter:export_list", args=[pk, "crosstable", "html"]),
        reverse("arbiter:export_round", args=[pk, 1, "results", "csv"]),
    ):
        assert f'href="{url}"' in page, url
        assert client.get(url).status_code == 200, url
    round_page = client.get(reverse("arbiter:round", args=[pk, 1])).content.decode()
    assert reverse("arbiter:export_round", args=[pk, 1, "pairings", "csv"]) in round_page
    standings = client.get(reverse("arbiter:standings", args=[pk])).content.decode()
    assert reverse("arbiter:export_list", args=[pk, "standings", "csv"]) in standings


def test_a_knockout_event_exports_its_start_list(client: Client, chief: User) -> None:
    ev = services.create_event(
        chief, name="Club Cup", system="knockout", knockout_scheme="seeded", rounds=3
    )
    services.add_players(ev, chief, [{"name": f"P{i}", "rating": 2000 - i} for i in range(4)])
    login(client, chief)
    url = reverse("arbiter:export_list", args=[ev.pk, "start", "csv"])
    assert len(_rows(_get(client, url, CSV))) == 5
    standings = reverse("arbiter:export_list", args=[ev.pk, "standings", "html"])
    assert client.get(standings).status_code == 404  # played on its bracket
    r = client.get(reverse("arbiter:export_all", args=[ev.pk]))
    names = sorted(n.split("/")[1] for n in zipfile.ZipFile(io.BytesIO(r.content)).namelist())
    assert names == ["start-list.csv", "start-list.html"]
