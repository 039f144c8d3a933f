"""The audit log at real size: a few thousand entries, a page at a time, filtered by round,
user and kind through GET parameters (links that work without JavaScript); every entry is on
exactly one page of the unfiltered log and of each filter."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.arbiter.audit import PAGE_SIZE
from chessarbiter.web.events import models as m

from .conftest import login

#: Entries made in bulk: more than the old page's cut at 500, over many pages.
ENTRIES = 2_345
ACTIONS = ("result.set", "round.pair", "player.update", "games.upload", "checkin.player")


def _bulk_log(event: m.Event, users: list[User | None]) -> None:
    """``ENTRIES`` entries: the action, the round (none for every seventh) and the user turn
    with the entry's index."""
    rows = []
    for i in range(ENTRIES):
        data: dict[str, Any] = {} if i % 7 == 0 else {"round": 1 + i % 5}
        rows.append(
            m.AuditEntry(
                event=event,
                user=users[i % len(users)],
                action=ACTIONS[i % len(ACTIONS)],
                summary=f"entry {i}",
                data=data,
            )
        )
    m.AuditEntry.objects.bulk_create(rows, batch_size=500)


@pytest.fixture
def logged(event: m.Event, chief: User, arbiter: User, client: Client) -> m.Event:
    event.audit.all().delete()
    _bulk_log(event, [chief, arbiter, None])
    login(client, chief)
    return event


def _walk(client: Client, url: str) -> tuple[list[int], int]:
    """The entry ids of every page, following the "next" links from ``url``; and the pages."""
    ids: list[int] = []
    pages = 0
    next_url: str | None = url
    while next_url is not None:
        r = client.get(next_url)
        assert r.status_code == 200
        html = r.content.decode()
        shown = [int(n) for n in re.findall(r'<tr id="audit-(\d+)">', html)]
        assert len(shown) <= PAGE_SIZE
        ids += shown
        pages += 1
        link = re.search(r'<a href="([^"]*)" rel="next">', html)
        next_url = url.split("?")[0] + unescape(link.group(1)) if link else None
        assert pages <= ENTRIES // PAGE_SIZE + 2
    return ids, pages


def test_every_entry_is_reachable_by_paging(client: Client, logged: m.Event) -> None:
    url = reverse("arbiter:audit", args=[logged.pk])
    ids, pages = _walk(client, url)
    expected = list(logged.audit.order_by("-at", "-id").values_list("pk", flat=True))
    assert len(expected) == ENTRIES
    assert ids == expected  # newest first, none twice, none left out
    assert pages == -(-ENTRIES // PAGE_SIZE)
    first = client.get(url).content.decode()
    assert f"Entries 1 to {PAGE_SIZE} of {ENTRIES}" in first
    last = client.get(f"{url}?page={pages}").content.decode()
    assert f"of {ENTRIES}" in last and f"page {pages} of {pages}" in last


@pytest.mark.parametrize(
    ("query", "keep"),
    [
        ("round=3", lambda e: e.data.get("round") == 3),
        ("kind=result", lambda e: e.action.startswith("result.")),
        ("user=none", lambda e: e.user_id is None),
        ("round=4&kind=games", lambda e: e.data.get("round") == 4 and e.action == "games.upload"),
    ],
)
def test_the_filters_keep_exactly_their_entries_on_every_page(
    client: Client, logged: m.Event, query: str, keep: Any
) -> None:
    url = reverse("arbiter:audit", args=[logged.pk])
    ids, _pages = _walk(client, f"{url}?{query}")
    expected = [e.pk for e in logged.audit.order_by("-at", "-id") if keep(e)]
    assert expected and ids == expected
    html = client.get(f"{url}?{query}").content.decode()
    assert "Show every entry" in html  # the way back to the whole log


def test_the_user_filter_offers_who_made_changes(
    client: Client, logged: m.Event, arbiter: User
) -> None:
    url = reverse("arbiter:audit", args=[logged.pk])
    html = client.get(url).content.decode()
    assert f'<option value="{arbiter.pk}">deputy</option>' in html
    assert '<option value="result">Results</option>' in html
    ids, _pages = _walk(client, f"{url}?user={arbiter.pk}")
    assert ids == list(
        logged.audit.filter(user=arbiter).order_by("-at", "-id").values_list("pk", flat=True)
    )


@pytest.mark.parametrize("query", ["round=x", "round=0", "user=99999", "kind=nothing", "page=x"])
def test_bad_parameters_are_said_and_not_applied(
    client: Client, logged: m.Event, query: str
) -> None:
    r = client.get(reverse("arbiter:audit", args=[logged.pk]) + "?" + query)
    assert r.status_code == 200
    html = r.content.decode()
    assert f"Entries 1 to {PAGE_SIZE} of {ENTRIES}" in html
    if not query.startswith("page"):
        assert 'class="errorlist"' in html


def test_a_page_past_the_last_shows_the_last(client: Client, logged: m.Event) -> None:
    pages = -(-ENTRIES // PAGE_SIZE)
    html = client.get(reverse("arbiter:audit", args=[logged.pk]) + "?page=9999").content.decode()
    assert f"page {pages} of {pages}" in html


def test_a_change_through_the_services_is_on_the_first_page(
    client: Client, event: m.Event, chief: User
) -> None:
    login(client, chief)
    html = client.get(reverse("arbiter:audit", args=[event.pk])).content.decode()
    newest = event.audit.order_by("-at", "-id").first()
    assert newest is not None
    assert f'<tr id="audit-{newest.pk}">' in html and newest.summary in unescape(html)
