"""The players page at real size (the 284-player open): the register form at the top, search
by name, number, FIDE ID, federation and rating, sortable columns, pages; sex, title and birth
date as choices and a date, validated by the library, odd imported values kept editable."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.registration import FIDE_TITLES
from chessarbiter.web.arbiter.forms import PlayerForm
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import import_real_open, login

pytestmark = pytest.mark.django_db


def _page(client: Client, ev: m.Event, **params: Any) -> str:
    r = client.get(reverse("arbiter:players", args=[ev.pk]), params)
    assert r.status_code == 200, params
    return r.content.decode()


def _numbers(page: str) -> list[int]:
    body = page.split('<table id="players">', 1)[1].split("</table>", 1)[0]
    return [int(n) for n in re.findall(r'<tr[^>]*>\s*<td class="num">(\d+)</td>', body)]


def _count(page: str) -> str:
    found = re.search(r'<p class="muted" id="player-count">(.*?)</p>', page, re.S)
    assert found
    return re.sub(r"\s+", " ", found.group(1)).strip()


@pytest.fixture
def real_open(client: Client, chief: User) -> m.Event:
    return import_real_open(client, chief)


def test_the_real_open_is_searched_sorted_and_paged(client: Client, real_open: m.Event) -> None:
    ev = real_open
    page = _page(client, ev)
    # the register form comes before the list, folded in a large event
    assert page.index('id="register"') < page.index('id="players"')
    assert '<details id="register" class="register">' in page
    assert _count(page) == "284 players · shown 1 to 100"
    assert _numbers(page) == list(range(1, 101))
    assert 'rel="next"' in page and "page 1 of 3" in page
    assert _numbers(_page(client, ev, page=3)) == list(range(201, 285))
    assert len(_numbers(_page(client, ev, per="all"))) == 284
    # by name (a part, any case), by number, by FIDE ID, by federation, by rating range
    vasquez = _page(client, ev, q="vasq")
    assert _numbers(vasquez) == [1] and _count(vasquez) == "1 of 284 players"
    assert _numbers(_page(client, ev, q="7")) == [7]
    assert _numbers(_page(client, ev, q="3400042")) == [1]
    chile = ev.players.filter(federation="CHI").order_by("number")
    assert _numbers(_page(client, ev, fed="chi")) == [p.number for p in chile]
    strong = ev.players.filter(rating__gte=2400, rating__lte=2500).order_by("number")
    assert _numbers(_page(client, ev, rmin=2400, rmax=2500)) == [p.number for p in strong]
    assert "No player matches this search." in _page(client, ev, q="no such player")
    # sorted by rating (highest first, the unrated last), by name, reversed
    by_rating = [
        p.number for p in sorted(ev.players.all(), key=lambda p: (-(p.rating or -1), p.number))
    ]
    page = _page(client, ev, sort="-rating", per="all")
    assert _numbers(page) == by_rating
    assert 'aria-sort="descending"' in page
    assert _numbers(_page(client, ev, sort="rating", per="all"))[-1] == by_rating[-1] or (
        ev.players.filter(rating=None).exists()
    )
    by_name = [p.number for p in ev.players.order_by("name", "number")]
    assert _numbers(_page(client, ev, sort="name", per="all")) == by_name
    assert _numbers(_page(client, ev, sort="-number"))[:3] == [284, 283, 282]
    # page 2 keeps the order and the search
    page2 = _page(client, ev, sort="-rating", page=2)
    assert _numbers(page2) == by_rating[100:200]
    assert "sort=-rating" in page2.split('id="player-pages"', 1)[1]
    # a link with bad values shows the list rather than an error
    assert _numbers(_page(client, ev, sort="nonsense", rmin="x", per="7", page="zz"))[:2] == [1, 2]


def test_a_column_link_sorts_by_it_then_reverses_it(client: Client, real_open: m.Event) -> None:
    page = _page(client, real_open, fed="GER")
    links = dict(re.findall(r'<th[^>]*><a href="\?([^"]*)">([^<]+)</a></th>', page))
    assert links["fed=GER&amp;sort=-rating"] == "Rating"
    assert links["fed=GER&amp;sort=name"] == "Name"
    page = _page(client, real_open, sort="name")
    assert 'href="?sort=-name">Name' in page


def test_registering_from_the_top_form_keeps_it_open(client: Client, chief: User) -> None:
    real_open = import_real_open(client, chief, rounds=10)  # a late entry for round 10
    url = reverse("arbiter:players", args=[real_open.pk])
    r = client.post(
        url,
        {
            "name": "Newcomer, Nina",
            "rating": "1850",
            "sex": "w",
            "title": "WFM",
            "birth_date": "2008-05-17",
            "entry_stage": "1",
        },
    )
    assert r.status_code == 302 and r["Location"].endswith("?register=1#register")
    nina = real_open.players.get(name="Newcomer, Nina")
    assert (nina.number, nina.sex, nina.title, nina.birth_date) == (285, "w", "WFM", "2008/05/17")
    page = client.get(r["Location"]).content.decode()
    assert '<details id="register" class="register" open>' in page


@pytest.mark.parametrize(
    ("field", "value"),
    [("sex", "x"), ("title", "GM1"), ("birth_date", "2010-02-31"), ("birth_date", "n/a")],
)
def test_a_value_the_library_refuses_is_refused(
    client: Client, chief: User, event: m.Event, field: str, value: str
) -> None:
    login(client, chief)
    before = event.players.count()
    r = client.post(
        reverse("arbiter:players", args=[event.pk]),
        {"name": "Ann", "entry_stage": "1", field: value},
    )
    assert r.status_code == 200 and event.players.count() == before
    body = r.content.decode()
    assert "errorlist" in body or "is not a date YYYY/MM/DD" in body


def test_the_form_offers_the_trf_sexes_and_the_fide_titles(event: m.Event) -> None:
    form = PlayerForm()
    html = str(form["title"]) + str(form["sex"]) + str(form["birth_date"])
    assert [v for v, _ in form.fields["title"].choices] == ["", *FIDE_TITLES]  # type: ignore[attr-defined]
    assert [v for v, _ in form.fields["sex"].choices] == ["", "m", "w"]  # type: ignore[attr-defined]
    assert 'type="date"' in html


def test_an_imported_player_with_odd_values_renders_and_stays_editable(
    client: Client, chief: User, event: m.Event
) -> None:
    """Other programs write national titles, ``f`` for a woman, a year alone: the page shows
    the stored value as a choice of its own, and a save of another field keeps it."""
    login(client, chief)
    p = event.players.get(number=1)
    m.Player.objects.filter(pk=p.pk).update(title="KM", sex="f", birth_date="1969")
    url = reverse("arbiter:player", args=[event.pk, p.pk])
    page = client.get(url).content.decode()
    assert '<option value="KM" selected>KM (KM, as stored)</option>' in page
    assert '<option value="f" selected>f (as stored)</option>' in page
    assert 'name="birth_date" value="1969"' in page and 'type="text"' in page
    r = client.post(
        url,
        {
            "name": p.name,
            "rating": "2222",
            "title": "KM",
            "sex": "f",
            "birth_date": "1969",
            "entry_stage": "1",
        },
    )
    assert r.status_code == 302
    p.refresh_from_db()
    assert (p.rating, p.title, p.sex, p.birth_date) == (2222, "KM", "f", "1969")


def test_a_date_as_a_file_wrote_it_is_shown_in_the_picker_and_kept(
    client: Client, chief: User, real_open: m.Event
) -> None:
    p = real_open.players.get(number=1)
    assert (p.title, p.birth_date) == ("g", "1969.12.06")
    url = reverse("arbiter:player", args=[real_open.pk, p.pk])
    page = client.get(url).content.decode()
    assert 'type="date" name="birth_date" value="1969-12-06"' in page
    assert '<option value="g" selected>GM (g, as stored)</option>' in page
    fields = {"name": p.name, "title": "g", "sex": p.sex, "entry_stage": "1"}
    r = client.post(url, {**fields, "rating": "2560", "birth_date": "1969-12-06"})
    assert r.status_code == 302
    p.refresh_from_db()
    assert (p.rating, p.birth_date) == (2560, "1969.12.06")  # the file's text, unchanged
    r = client.post(url, {**fields, "rating": "2560", "birth_date": "1969-12-07"})
    p.refresh_from_db()
    assert p.birth_date == "1969/12/07"  # a new date, as TRF writes it


def test_a_round_robin_reminds_the_arbiter_to_draw_lots(
    client: Client, chief: User, event: m.Event
) -> None:
    login(client, chief)
    m.Event.objects.filter(pk=event.pk).update(system="roundrobin", tiebreaks="DE,WIN,SB,KS")
    overview = reverse("arbiter:event", args=[event.pk])
    assert 'id="lots-reminder"' in _page(client, event)
    assert 'id="lots-reminder"' in client.get(overview).content.decode()  # the event's page
    services.draw_numbers_by_lot(event, chief, "seed-1")
    assert 'id="lots-reminder"' not in _page(client, event)
    assert 'id="lots-reminder"' not in client.get(overview).content.decode()


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    params=st.dictionaries(
        st.sampled_from(["q", "fed", "rmin", "rmax", "sort", "per", "page", "register"]),
        st.text(max_size=12) | st.integers(-(2**70), 2**70).map(str),
        max_size=6,
    )
)
def test_any_search_shows_a_page(client: Client, chief: User, event: m.Event, params: Any) -> None:
    """Whatever the GET parameters (a link typed by hand), the page answers 200 with a list:
    a value out of its bounds is left out of the search, never a server error."""
    login(client, chief)
    page = _page(client, event, **params)
    assert 'id="player-count"' in page and 'id="players"' in page
