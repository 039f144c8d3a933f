"""The issue-5 walk-through in a real browser: Playwright for Python driving Debian's
chromium (``/usr/bin/chromium``; ``make test`` installs it when missing, no browser is ever
downloaded). Screenshots of the main pages go to ``test-artifacts/``.

Create an event, register 10 players, pair and enter three rounds from the keyboard, check
the standings, see them on the public page, switch to Russian, and a viewer cannot edit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.web.events import models as m

from .browser import MARKS, launch, log_in, shot
from .conftest import NAMES, may_create_events

pytestmark = MARKS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def test_arbiter_runs_three_rounds(browser: Any, live_server: Any) -> None:
    may_create_events(User.objects.create_user("ivanova", "", "chess-arbiter-1"))
    viewer = User.objects.create_user("guest", "", "chess-viewer-1")
    base = live_server.url
    context = browser.new_context(locale="en-GB", viewport={"width": 1200, "height": 900})
    page = context.new_page()
    log_in(page, base, "ivanova", "chess-arbiter-1")

    # create the event
    page.goto(f"{base}/manage/events/new/")
    page.fill("#id_name", "Browser Open")
    page.fill("#id_city", "Kazan")
    page.fill("#id_rounds", "5")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/*/")
    event = m.Event.objects.get(name="Browser Open")

    # register 10 players by hand
    for name, rating in NAMES:
        page.goto(f"{base}/manage/events/{event.pk}/players/")
        page.fill("#player-form #id_name", name)
        page.fill("#player-form #id_rating", str(rating))
        page.click("#player-form button[type=submit]")
    page.wait_for_selector("text=Berg, Jonas")
    assert event.players.count() == 10
    shot(page, "players")

    # pair and enter three rounds from the keyboard
    for rnd in (1, 2, 3):
        page.goto(f"{base}/manage/events/{event.pk}/pair/")
        if rnd == 1:
            shot(page, "pairing-preview")
        page.click("#publish")
        page.wait_for_selector("#entry-bar[data-ready]")
        boards = m.Board.objects.filter(round__event=event, round__number=rnd).exclude(black=None)
        for b in boards:
            key = "=" if b.number % 2 else "1"
            page.fill("#entry-bar input[name=board]", "")
            page.type("#entry-bar input[name=board]", str(b.number))
            page.keyboard.press("Space")  # the board number, then the result key
            page.keyboard.press(key)
            page.keyboard.press("Enter")
            expected = "½-½" if key == "=" else "1-0"
            page.wait_for_function(
                "([n, v]) => { const r = document.querySelector('#board-' + n + ' select');"
                " return r && r.value === v; }",
                arg=[b.number, "=" if key == "=" else "1-0"],
            )
            assert expected
        if rnd == 3:
            shot(page, "results")
        assert all(b.result for b in boards.all())

    # standings
    page.goto(f"{base}/manage/events/{event.pk}/standings/")
    page.wait_for_selector("#standings")
    rows = page.locator("#standings tbody tr")
    assert rows.count() == 10
    points = [
        float(x.replace("½", ".5").lstrip(".") or 0)
        for x in page.locator("#standings tbody tr td.points").all_inner_texts()
    ]
    assert sum(points) == 15  # three rounds of five games
    shot(page, "standings")

    # the public page shows them, without logging in
    anon = browser.new_context(locale="en-GB", viewport={"width": 400, "height": 800})
    public = anon.new_page()
    public.goto(f"{base}/events/{event.pk}/standings/")
    assert public.locator("#standings tbody tr").count() == 10
    shot(public, "public-standings-phone")

    # switch to Russian
    public.select_option("#language-form select", "ru")
    public.wait_for_selector("text=Турнирная таблица", timeout=5000)
    shot(public, "public-standings-ru")
    anon.close()

    # a viewer cannot edit
    m.Role.objects.create(event=event, user=viewer, kind=m.Role.Kind.VIEWER)
    guest = browser.new_context(locale="en-GB")
    gpage = guest.new_page()
    log_in(gpage, base, "guest", "chess-viewer-1")
    gpage.goto(f"{base}/manage/events/{event.pk}/rounds/3/")
    assert gpage.locator("#entry-bar").count() == 0
    assert gpage.locator("#boards select").count() == 0
    response = gpage.request.post(
        f"{base}/manage/events/{event.pk}/pair/",
        headers={"X-CSRFToken": gpage.context.cookies()[0]["value"]},
    )
    assert response.status == 403
    assert event.round_set.count() == 3
    guest.close()
    context.close()
