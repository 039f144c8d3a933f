"""The results page at real size (a 142-board round): the count of results entered, the
filter "only boards without a result", and the event's page naming the boards the next
pairing waits for, each a link to its row."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.arbiter.views import MISSING_BOARDS_SHOWN
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import login


def big_round(chief: User) -> m.Round:
    event = services.create_event(chief, name="Big Open", rounds=9)
    services.add_players(
        event, chief, [{"name": f"Player {i:03d}", "rating": 2600 - 3 * i} for i in range(284)]
    )
    event.refresh_from_db()
    return services.pair_next_round(event, chief)


def test_counts_filters_and_names_the_missing_boards(client: Client, chief: User, db: Any) -> None:
    rnd = big_round(chief)
    ev = rnd.event
    boards = list(rnd.boards.exclude(black=None).order_by("number"))
    assert len(boards) == 142
    entered = [b for b in boards if b.number % 3]  # 95 of them
    for b in entered:
        services.set_result(b.pk, chief, "1-0")
    login(client, chief)
    url = reverse("arbiter:round", args=[ev.pk, 1])
    html = client.get(url).content.decode()
    assert re.search(r'id="results-count"[^>]*>95 of 142 results entered<', html)
    assert 'class="only-pending"' not in html
    # only the boards without a result: the others hidden (CSS), every row still there
    html = client.get(url + "?pending=1").content.decode()
    assert '<table id="boards" class="only-pending">' in html
    assert html.count('class="pending') == 142 - 95
    # the event's page: the boards the next pairing waits for, linked to their rows
    html = client.get(reverse("arbiter:event", args=[ev.pk])).content.decode()
    card = re.search(r'<div class="card" id="missing-results".*?</div>', html, re.S)
    assert card is not None
    text = card.group(0)
    assert "Round 1: 47 boards without a result:" in text
    assert f'href="{url}?pending=1#board-3"' in text
    assert f'href="{url}?pending=1#board-141"' in text
    assert 'href="' + url + '?pending=1#board-1"' not in text  # board 1 has its result
    # the pairing page (a big event: computed in the background) names them too, and
    # offers no computation that could only fail
    html = client.get(reverse("arbiter:pair", args=[ev.pk])).content.decode()
    assert 'id="missing-results"' in html and 'id="compute"' not in html
    assert f'href="{url}?pending=1#board-3"' in html
    for b in boards:
        if b not in entered:
            services.set_result(b.pk, chief, "0-1")
    html = client.get(reverse("arbiter:event", args=[ev.pk])).content.decode()
    assert 'id="missing-results"' not in html
    html = client.get(reverse("arbiter:pair", args=[ev.pk])).content.decode()
    assert 'id="missing-results"' not in html and 'id="compute"' in html
    html = client.get(url).content.decode()
    assert re.search(r'id="results-count"[^>]*>142 of 142 results entered<', html)


def test_many_missing_boards_are_counted_beyond_the_named_ones(
    client: Client, chief: User, db: Any
) -> None:
    rnd = big_round(chief)
    login(client, chief)
    html = client.get(reverse("arbiter:event", args=[rnd.event.pk])).content.decode()
    assert "Round 1: 142 boards without a result:" in html
    assert f"and {142 - MISSING_BOARDS_SHOWN} more" in html
