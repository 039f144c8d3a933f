"""The public pages served whole from the cache to visitors: the hot path of a crowd refreshing
the standings. Each visitor still gets a working CSRF token of his own, a signed-in user never
gets the visitors' page, and a change anywhere in the festival shows at once."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import login

_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def _token(page: bytes) -> bytes:
    found = _TOKEN.search(page)
    assert found is not None
    return found.group(1)


def test_each_visitor_gets_a_token_that_switches_the_language(event: m.Event) -> None:
    url = f"/events/{event.pk}/standings/"
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    page1 = first.get(url).content
    with CaptureQueriesContext(connection) as queries:
        r = second.get(url)
    page2 = r.content
    assert r.status_code == 200
    # served from the cache: the event's row only (with its festival's sections' stamp)
    assert len(queries) == 1, [q["sql"] for q in queries]
    assert b"csrf-token-slot" not in page2
    assert _token(page1) != _token(page2)  # a token per visitor, not one cached for all
    assert "csrftoken" in r.cookies
    switched = second.post(
        "/i18n/setlang/",
        {"language": "ru", "next": url, "csrfmiddlewaretoken": _token(page2).decode()},
    )
    assert switched.status_code == 302
    assert 'lang="ru"' in second.get(url).content.decode()
    assert "Турнирная таблица" in second.get(url).content.decode()
    # the other visitor's page is still English: the language is part of the key
    assert b'lang="en"' in first.get(url).content


def test_a_signed_in_user_never_gets_the_visitors_page(
    client: Client, event: m.Event, chief: User
) -> None:
    url = f"/events/{event.pk}/standings/"
    visitor = Client()
    assert b"Log in" in visitor.get(url).content
    page = login(client, chief).get(url).content
    assert b"Log out" in page and chief.get_username().encode() in page
    again = visitor.get(url).content
    assert b"Log out" not in again and chief.get_username().encode() not in again


def test_a_new_section_shows_at_once_on_a_cached_page(event: m.Event, chief: User) -> None:
    url = f"/events/{event.pk}/standings/"
    visitor = Client()
    assert b"Juniors" not in visitor.get(url).content
    juniors = services.add_section(event.festival, chief, name="Juniors", rounds=5)
    assert b"Juniors" in visitor.get(url).content
    # hidden again: the sibling's change raises its version only, and the page still follows
    services.update_event(juniors, chief, public=False)
    assert b"Juniors" not in visitor.get(url).content


def test_a_query_string_is_not_cached_whole(event: m.Event) -> None:
    url = f"/events/{event.pk}/standings/"
    visitor = Client()
    visitor.get(url)
    page = visitor.get(url + "?utm=1").content
    # the page's own address (the login link's "next") is the one asked for
    assert b"utm%3D1" in page


def test_the_self_refresh_is_cached_and_follows_each_result(event: m.Event, chief: User) -> None:
    services.pair_next_round(event, chief)
    url = f"/events/{event.pk}/rounds/1/"
    visitor = Client()
    assert b"every 30s" in visitor.get(url).content  # round 1 in progress: it refreshes
    visitor.get(url, HTTP_HX_REQUEST="true")
    with CaptureQueriesContext(connection) as queries:
        fragment = visitor.get(url, HTTP_HX_REQUEST="true").content
    assert len(queries) == 1 and b"<html" not in fragment
    board = m.Board.objects.filter(round__event=event).order_by("number").first()
    assert board is not None and board.black is not None
    services.set_result(board.pk, chief, "1-0")
    after = visitor.get(url, HTTP_HX_REQUEST="true").content
    assert after.count(b"1-0") == fragment.count(b"1-0") + 1 and b"<html" not in after


def test_while_one_renders_a_changed_page_the_others_get_the_last_one(
    event: m.Event, chief: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a result, the first request renders the new page; the crowd meanwhile gets the
    page as it was (not all of them rendering at once), and the new one right after."""
    services.pair_next_round(event, chief)
    url = f"/events/{event.pk}/rounds/1/"
    visitor = Client()
    before = visitor.get(url).content
    board = m.Board.objects.filter(round__event=event).order_by("number").first()
    assert board is not None
    services.set_result(board.pk, chief, "1-0")
    # someone is rendering
    monkeypatch.setattr(caches["default"], "add", lambda *args, **kwargs: False)
    with CaptureQueriesContext(connection) as queries:
        during = visitor.get(url).content
    assert len(queries) == 1 and during.count(b"1-0") == before.count(b"1-0")
    monkeypatch.undo()
    after = visitor.get(url).content
    assert after.count(b"1-0") == before.count(b"1-0") + 1
    # the rendering mark is gone once the page is stored: the next change renders at once
    services.set_result(board.pk, chief, "0-1", replace=True)
    assert visitor.get(url).content.count(b"0-1") == after.count(b"0-1") + 1
