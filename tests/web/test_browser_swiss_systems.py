"""A Swiss event paired by another FIDE system, in a real browser (Playwright for Python with
Debian's chromium, as ``test_browser.py``; screenshots in ``test-artifacts/``): the arbiter
picks "Dubov 2026" as the pairing rules of a new event, publishes round 1 from the pairing
page, and reads the engine's account of round 2 on the explanation page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.pairing.systems import pairing_rules
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store

from .browser import MARKS, launch, log_in, shot
from .conftest import NAMES, may_create_events

pytestmark = MARKS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def test_a_dubov_event_from_the_form_to_the_explanation(browser: Any, live_server: Any) -> None:
    arbiter = may_create_events(User.objects.create_user("dubov", "", "chess-arbiter-18"))
    base = live_server.url
    context = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    log_in(page, base, "dubov", "chess-arbiter-18")

    page.goto(f"{base}/manage/events/new/")
    page.fill("#id_name", "Dubov Open")
    page.fill("#id_rounds", "5")
    page.select_option("#id_edition", "dubov-2026")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/*/")
    event = m.Event.objects.get(name="Dubov Open")
    assert event.edition == "dubov-2026"
    services.add_players(event, arbiter, [{"name": n, "rating": r} for n, r in NAMES])
    assert "Dubov 2026 (C.04.4.1" in page.content()

    expected = pairing_rules("dubov-2026").pair(store.tournament(event))
    page.goto(f"{base}/manage/events/{event.pk}/pair/")
    page.click("#publish")
    page.wait_for_selector("#entry-bar[data-ready]")
    stored = [
        (b.white.number, b.black and b.black.number)
        for b in m.Board.objects.filter(round__event=event, round__number=1).exclude(black=None)
    ]
    assert stored == [(b.white, b.black) for b in expected.boards]
    for b in m.Board.objects.filter(round__event=event, round__number=1).exclude(black=None):
        services.set_result(b.pk, arbiter, "1-0")

    page.goto(f"{base}/manage/events/{event.pk}/explain/")
    lines = page.locator("#explain-lines").inner_text()
    assert "Round 2 pairing:" in lines and "board 1:" in lines
    assert "Dubov system" in page.locator("#explain-rules").inner_text()
    shot(page, "explain-dubov", full_page=False)
    context.close()
