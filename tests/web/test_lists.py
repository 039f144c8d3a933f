"""The organiser's lists in the web app: standings after a chosen round, start lists, category
standings, the team ranking of the individual event, the prize table and the prize list, on
the arbiter's and the public pages of a real event: the 284-player open of
``../shared/real/sharly-chess/trf/example_trf16.trf`` (seven rounds, birth dates, eight women,
138 unrated players, a few federations), imported as an arbiter uploads it. Each list is the
library's (the pages only show it); bad input gets the library's message, never a server error.
"""

from __future__ import annotations

import datetime
import html
import re
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.categories import parse_category, usual_categories
from chessarbiter.formatting import format_points
from chessarbiter.prizes import allocate, category_members, parse_prize_table
from chessarbiter.standings import category_ranking, complete_rounds, ranking
from chessarbiter.start_lists import start_list
from chessarbiter.team_ranking import team_ranking
from chessarbiter.web.arbiter.lists import example_prize_table
from chessarbiter.web.events import lists, services, store
from chessarbiter.web.events import models as m
from chessarbiter.web.events.services.events import update_prize_table

from .conftest import import_real_open, login, play_round

TIEBREAKS = "BH/C1,SB"
PREVIOUS = "0010_rating_list_player"
MIGRATION = "0011_event_prize_table"


@pytest.fixture
def open_event(client: Client, chief: User, viewer: User) -> m.Event:
    ev = import_real_open(
        client, chief, tiebreaks=TIEBREAKS, start_date=datetime.date(2005, 7, 28), public=True
    )
    m.Role.objects.create(event=ev, user=viewer, kind=m.Role.Kind.VIEWER)
    ev.refresh_from_db()
    return ev


def _get(client: Client, url: str, status: int = 200) -> str:
    r = client.get(url)
    assert r.status_code == status, f"{url}: {r.status_code}"
    return r.content.decode()


def _cells(page: str, table_id: str) -> list[list[str]]:
    table = page.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [
        [
            html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def _alert(page: str) -> str:
    return html.unescape(page.split('role="alert"', 1)[1].split("</div>", 1)[0])


# -- standings after round N -----------------------------------------------------------------


def test_standings_after_each_completed_round(client: Client, open_event: m.Event) -> None:
    pk = open_event.pk
    t = store.tournament(open_event)
    assert complete_rounds(t) == 7
    current = _get(client, reverse("arbiter:standings", args=[pk]))
    for n in range(1, 8):  # the selector offers every completed round
        assert reverse("arbiter:standings_after", args=[pk, n]) in current
    for n in (1, 4, 7):
        page = _get(client, reverse("arbiter:standings_after", args=[pk, n]))
        assert f"Standings after round {n}" in page
        expected = ranking(t, TIEBREAKS, n, edition=open_event.tiebreak_edition)
        rows = _cells(page, "standings")
        assert [int(r[1]) for r in rows] == [s.pairing_number for s in expected]
        assert [r[0] for r in rows] == [s.shared for s in expected]
    # the last one is the current standings, line for line
    assert _cells(current, "standings") == _cells(
        _get(client, reverse("arbiter:standings_after", args=[pk, 7])), "standings"
    )
    public = Client()
    assert reverse("public:standings_after", args=[pk, 3]) in _get(
        public, reverse("public:standings", args=[pk])
    )
    page = _get(public, reverse("public:standings_after", args=[pk, 3]))
    assert len(_cells(page, "standings")) == 284


def test_a_round_not_played_or_not_complete_is_refused_with_a_message(
    client: Client, open_event: m.Event, chief: User
) -> None:
    pk = open_event.pk
    page = _get(client, reverse("arbiter:standings_after", args=[pk, 8]))
    assert "only 7 rounds have been played" in _alert(page)
    page = _get(Client(), reverse("public:standings_after", args=[pk, 99999]))
    assert "only 7 rounds have been played" in _alert(page)
    # round 7 with one game back to no result: no longer complete
    board = m.Board.objects.filter(round__event=open_event, round__number=7).exclude(black=None)[0]
    m.Board.objects.filter(pk=board.pk).update(result="", black_result="")
    m.Event.objects.filter(pk=pk).update(version=open_event.version + 1)
    open_event.refresh_from_db()
    page = _get(client, reverse("arbiter:standings_after", args=[pk, 7]))
    assert "round 7 is not complete: 1 game has no result yet" in _alert(page)
    current = _get(client, reverse("arbiter:standings", args=[pk]))
    assert reverse("arbiter:standings_after", args=[pk, 6]) in current
    assert reverse("arbiter:standings_after", args=[pk, 7]) not in current


# -- start lists -----------------------------------------------------------------------------


def test_start_lists_in_three_orders(client: Client, open_event: m.Event) -> None:
    pk = open_event.pk
    t = store.tournament(open_event)
    for order in ("number", "name", "rating"):
        for url, client_ in (
            (reverse("arbiter:start_list", args=[pk]), client),
            (reverse("public:start_list", args=[pk]), Client()),
        ):
            rows = _cells(_get(client_, f"{url}?order={order}"), "start-list")
            assert [int(r[1]) for r in rows] == [p.number for p in start_list(t, order)]
    rows = _cells(
        _get(client, reverse("arbiter:start_list", args=[pk]) + "?order=rating"), "start-list"
    )
    first = rows[0]
    assert first[2:6] == ["GM", "Vasquez,Rodrigo", "CHI", "2558"]
    assert {r[2] for r in rows} - {""} == {"GM", "IM", "FM", "WFM"}
    bad = _get(client, reverse("arbiter:start_list", args=[pk]) + "?order=shoe-size")
    assert "unknown start list order 'shoe-size'" in _alert(bad)


# -- category standings ----------------------------------------------------------------------


def test_category_standings(client: Client, open_event: m.Event) -> None:
    pk = open_event.pk
    t = store.tournament(open_event)
    on = datetime.date(2005, 1, 1)
    url = reverse("arbiter:categories", args=[pk])
    page = _get(client, url)
    quick = usual_categories(t, on)
    assert quick[0] == "F" and "UNRATED" in quick and "U20" in quick
    for text in quick:
        assert f'href="?category={text.replace("+", "%2B")}"' in page
    rows_all = ranking(t, TIEBREAKS, 7, edition=open_event.tiebreak_edition)
    for text in ("F", "U20|50+", "RATING<1800&FED=GER", "1600-1799 | UNRATED"):
        for page_url, client_ in (
            (url, client),
            (reverse("public:categories", args=[pk]), Client()),
        ):
            r = client_.get(page_url, {"category": text})
            assert r.status_code == 200
            rows = _cells(r.content.decode(), "category-standings")
            expected = category_ranking(t, rows_all, parse_category(text), reference_date=on)
            if not expected:
                assert "No player is in this category" in rows[0][0]
                continue
            assert [(row[0], row[1], int(row[2])) for row in rows] == [
                (c.shared, c.standing.shared, c.standing.pairing_number) for c in expected
            ]
    women = _cells(client.get(url, {"category": "F"}).content.decode(), "category-standings")
    assert len(women) == 8
    # the reference date counts: a later date takes players out of U20
    early = client.get(url, {"category": "U20", "reference_date": "2005-01-01"}).content.decode()
    late = client.get(url, {"category": "U20", "reference_date": "2015-01-01"}).content.decode()
    assert len(_cells(late, "category-standings")) < len(_cells(early, "category-standings"))


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"category": "U12 | FED=DE"}, '"FED=DE": a federation is three letters'),
        ({"category": "U12 &"}, "a category is missing before the end"),
        ({"category": "U1800"}, "for a rating band write RATING<1800"),
        ({"category": "(" * 30 + "F" + ")" * 30}, "nested more than 20 deep"),
        ({"category": "F|" * 150 + "F"}, "at most 200 characters"),
        ({"category": "F", "reference_date": "2026-13-45"}, "Enter a valid date"),
    ],
)
def test_a_bad_category_gets_the_librarys_message_in_the_form(
    client: Client, open_event: m.Event, query: dict[str, str], message: str
) -> None:
    for url, client_ in (
        (reverse("arbiter:categories", args=[open_event.pk]), client),
        (reverse("public:categories", args=[open_event.pk]), Client()),
    ):
        r = client_.get(url, query)
        assert r.status_code == 200
        page = html.unescape(r.content.decode())
        assert message in page
        assert 'class="errorlist' in page and 'id="category-standings"' not in page


def test_an_age_category_without_an_event_date(client: Client, open_event: m.Event) -> None:
    m.Event.objects.filter(pk=open_event.pk).update(start_date=None, end_date=None)
    url = reverse("arbiter:categories", args=[open_event.pk])
    page = client.get(url, {"category": "U20"}).content.decode()
    assert "The event has no date: give the reference date" in page
    page = client.get(url, {"category": "U20", "reference_date": "2005-01-01"}).content.decode()
    assert 'id="category-standings"' in page
    page = client.get(url, {"category": "F"}).content.decode()  # no age: no date needed
    assert len(_cells(page, "category-standings")) == 8


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    text=st.text(alphabet='UuFfMm0123456789+-<>=&|() EDGRAINCLBT"x', min_size=1, max_size=40),
    day=st.one_of(st.just(""), st.dates().map(str), st.text(max_size=12)),
)
def test_any_typed_category_gets_a_list_or_a_message(
    client: Client, event: m.Event, chief: User, text: str, day: str
) -> None:
    """Whatever the organiser types: a page with the list, or the form with a message."""
    if not event.round_set.exists():
        play_round(event, chief)
    login(client, chief)
    r = client.get(
        reverse("arbiter:categories", args=[event.pk]), {"category": text, "reference_date": day}
    )
    assert r.status_code == 200
    page = r.content.decode()
    assert ('id="category-standings"' in page) != ('class="errorlist' in page)


# -- team ranking ----------------------------------------------------------------------------


def test_team_ranking_by_federation(client: Client, open_event: m.Event) -> None:
    pk = open_event.pk
    t = store.tournament(open_event)
    rows_all = ranking(t, TIEBREAKS, 7, edition=open_event.tiebreak_edition)
    expected = team_ranking(t, rows_all, by="federation", best=2)
    assert expected
    for url, client_ in (
        (reverse("arbiter:team_ranking", args=[pk]), client),
        (reverse("public:team_ranking", args=[pk]), Client()),
    ):
        page = client_.get(url, {"by": "federation", "best": "2"}).content.decode()
        rows = _cells(page, "team-ranking")
        assert [(r[0], r[1]) for r in rows] == [(x.shared, x.name) for x in expected]
        default = _get(client_, url)  # by federation, the smallest team's size
        assert len(_cells(default, "team-ranking")) == len(expected)
        page = client_.get(url, {"by": "club"}).content.decode()  # the file has no clubs
        assert "No player has a team of this kind" in page
        for bad in ({"best": "0"}, {"best": "x"}, {"by": "shoe"}, {"best": "10001"}):
            r = client_.get(url, bad)
            assert r.status_code == 200 and 'class="errorlist' in r.content.decode()


# -- prizes ----------------------------------------------------------------------------------


def test_the_prize_table_and_the_prize_list(
    client: Client, open_event: m.Event, viewer: User
) -> None:
    pk = open_event.pk
    edit = reverse("arbiter:prize_table", args=[pk])
    page = _get(client, edit)
    assert "The event has no prize table yet" in page
    assert 'category = "RATING<2000"' in html.unescape(page)  # the example
    assert "No prize table" not in _get(client, reverse("arbiter:prizes", args=[pk]))
    assert Client().get(reverse("public:prizes", args=[pk])).status_code == 404

    text = example_prize_table()
    r = client.post(edit, {"prize_table": text, "prize_list_public": "on"})
    assert r.status_code == 302
    open_event.refresh_from_db()
    assert open_event.prize_table == text and open_event.prize_list_public
    assert open_event.audit.filter(action="event.prizes").exists()

    t = store.tournament(open_event)
    table = parse_prize_table(text)
    rows_all = ranking(t, TIEBREAKS, 7, edition=open_event.tiebreak_edition)
    expected = allocate(table, rows_all, category_members(table, t))
    for url, client_ in (
        (reverse("arbiter:prizes", args=[pk]), client),
        (reverse("public:prizes", args=[pk]), Client()),
    ):
        rows = _cells(_get(client_, url), "prize-list")
        assert [(r[1], r[2], r[3], r[4]) for r in rows] == [
            (
                a.name,
                format_points(a.points),
                a.prize.label if a.prize else "shared places",
                f"{a.amount} EUR" if a.amount else "",
            )
            for a in expected.awards
        ]
        assert sum(Decimal(r[4].split()[0]) for r in rows if r[4]) == expected.paid
    assert reverse("public:prizes", args=[pk]) in _get(
        Client(), reverse("public:standings", args=[pk])
    )

    # the arbiter takes it off the public pages
    client.post(edit, {"prize_table": text})
    assert Client().get(reverse("public:prizes", args=[pk])).status_code == 404


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[prize]]\nplace = 1\namount = \n", "prize table:3:"),
        (
            '[[prize]]\nplace = 1\namount = 100\n\n[[prize]]\ncategory = "U12 &"\n',
            "prize table:5:1",
        ),
        ("[[prize]]\nplace = 1\n", "prize table:1:1: prize 1 (1st place): neither an amount"),
        ('sharing = "fair"\n', "sharing"),
    ],
)
def test_a_bad_prize_table_is_shown_back_with_its_line_and_not_stored(
    client: Client, open_event: m.Event, text: str, message: str
) -> None:
    before = open_event.version
    r = client.post(reverse("arbiter:prize_table", args=[open_event.pk]), {"prize_table": text})
    assert r.status_code == 200
    page = html.unescape(r.content.decode())
    assert message in page and 'class="errorlist' in r.content.decode()
    assert text.splitlines()[0] in page  # the text is given back to correct
    open_event.refresh_from_db()
    assert open_event.prize_table == "" and open_event.version == before


def test_an_age_prize_in_an_event_without_a_date_is_refused(
    client: Client, open_event: m.Event
) -> None:
    m.Event.objects.filter(pk=open_event.pk).update(start_date=None, end_date=None)
    text = '[[prize]]\ncategory = "U12"\namount = 10\n'
    r = client.post(reverse("arbiter:prize_table", args=[open_event.pk]), {"prize_table": text})
    assert r.status_code == 200 and "counts ages, but the event has no date" in r.content.decode()
    open_event.refresh_from_db()
    assert open_event.prize_table == ""


def test_a_viewer_reads_the_prize_table_but_cannot_save_it(
    client: Client, open_event: m.Event, viewer: User
) -> None:
    update_prize_table(open_event, None, example_prize_table(), False)
    login(client, viewer)
    edit = reverse("arbiter:prize_table", args=[open_event.pk])
    page = _get(client, edit)
    assert '<fieldset class="plain" disabled>' in page and ">Save</button>" not in page
    _get(client, reverse("arbiter:prizes", args=[open_event.pk]))
    r = client.post(edit, {"prize_table": "[[prize]]\nplace = 1\namount = 5\n"})
    assert r.status_code == 403
    open_event.refresh_from_db()
    assert open_event.prize_table == example_prize_table()
    assert Client().post(edit, {"prize_table": ""}).status_code == 302  # to the login page
    open_event.refresh_from_db()
    assert open_event.prize_table == example_prize_table()


def test_every_page_of_the_lists_answers(client: Client, open_event: m.Event) -> None:
    pk = open_event.pk
    update_prize_table(open_event, None, example_prize_table(), True)
    arbiter = [
        reverse("arbiter:standings_after", args=[pk, 2]),
        reverse("arbiter:start_list", args=[pk]),
        reverse("arbiter:categories", args=[pk]),
        reverse("arbiter:team_ranking", args=[pk]),
        reverse("arbiter:prizes", args=[pk]),
        reverse("arbiter:prize_table", args=[pk]),
    ]
    event_page = _get(client, reverse("arbiter:event", args=[pk]))
    for url in arbiter:
        _get(client, url)
        if "after" not in url and "table" not in url:
            assert f'href="{url}"' in event_page  # in the event's menu
    public = [
        reverse("public:standings_after", args=[pk, 2]),
        reverse("public:start_list", args=[pk]),
        reverse("public:categories", args=[pk]),
        reverse("public:team_ranking", args=[pk]),
        reverse("public:prizes", args=[pk]),
    ]
    public_page = _get(Client(), reverse("public:event", args=[pk]))
    for url in public:
        _get(Client(), url)
        if "after" not in url:
            assert f'href="{url}"' in public_page


def test_a_knockout_event_has_a_start_list_but_no_ranking_lists(
    client: Client, chief: User
) -> None:
    ev = services.create_event(chief, name="Cup", system=m.Event.System.KNOCKOUT, rounds=3)
    services.add_players(ev, chief, [{"name": f"P{i}", "rating": 2000 + i} for i in range(4)])
    login(client, chief)
    _get(client, reverse("arbiter:start_list", args=[ev.pk]))
    assert lists.completed_rounds(ev) == 0
    page = _get(client, reverse("arbiter:team_ranking", args=[ev.pk]))
    assert "A knockout event is played on its bracket" in page
    page = _get(client, reverse("arbiter:standings_after", args=[ev.pk, 1]))
    assert "A knockout event is played on its bracket" in page


def test_the_round_in_progress_is_not_offered(client: Client, event: m.Event, chief: User) -> None:
    """A small event: round 1 paired, no result yet: no round to choose, and round 1 is
    refused with the library's words."""
    services.pair_next_round(event, chief)
    login(client, chief)
    page = _get(client, reverse("arbiter:standings_after", args=[event.pk, 1]))
    assert "round 1 is not complete: 5 games have no result yet" in _alert(page)
    assert reverse("arbiter:standings_after", args=[event.pk, 1]) not in _get(
        client, reverse("arbiter:standings", args=[event.pk])
    )


# -- the migration ---------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_prize_table_migration_applies_and_reverts() -> None:
    executor = MigrationExecutor(connection)
    assert ("events", MIGRATION) in executor.loader.applied_migrations
    assert executor.loader.get_migration("events", MIGRATION).dependencies == [("events", PREVIOUS)]

    def columns() -> set[str]:
        with connection.cursor() as cursor:
            described = connection.introspection.get_table_description(cursor, "events_event")
        return {c.name for c in described}

    assert {"prize_table", "prize_list_public"} <= columns()
    try:
        executor.migrate([("events", PREVIOUS)])
        assert not {"prize_table", "prize_list_public"} & columns()
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes("events"))
    assert {"prize_table", "prize_list_public"} <= columns()
    owner = User.objects.create_user("owner")
    ev = m.Event.objects.create(name="After the migration", owner=owner)
    assert ev.prize_table == "" and ev.prize_list_public is False


def test_the_model_refuses_a_bad_table(db: Any) -> None:
    owner = User.objects.create_user("owner")
    ev = m.Event(name="Open", owner=owner, prize_table="[[prize]]\nplace = 0\namount = 1\n")
    with pytest.raises(Exception, match="prize table:1:1"):
        ev.full_clean()
