"""A team cup in a real browser (Playwright for Python with Debian's chromium, as
``test_browser.py``; screenshots in ``test-artifacts/``): the chief arbiter draws the bracket
of four teams, records the first leg of match 1 board by board (one board forgotten first:
refused, nothing stored), and reads the return leg's host and colours, then the public
bracket."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, teams

from .browser import MARKS, launch, log_in, shot
from .conftest import may_create_events

pytestmark = MARKS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def test_a_leg_of_a_team_cup(browser: Any, live_server: Any) -> None:
    chief = may_create_events(User.objects.create_user("cup", "", "chess-arbiter-20"))
    ev = services.create_event(
        chief, name="Olympic Cup", system="team-cup", boards_per_team=4, cup_legs=2
    )
    for i in range(1, 5):
        teams.add_team(ev, chief, f"Team {i}")
    base = live_server.url
    context = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    log_in(page, base, "cup", "chess-arbiter-20")
    page.goto(f"{base}/manage/events/{ev.pk}/knockout/")
    page.click("#draw")
    page.click("#knockout-matches a >> text='1'")
    page.wait_for_selector("#next-leg")
    assert "hosted by Team 1" in page.inner_text("#next-leg")
    # team 1 has white on the odd boards: 1-0 on board 1 and 0-1 on board 2 are team 1's wins
    for board, result in ((1, "1-0"), (2, "0-1"), (3, "½-½")):
        page.select_option(f"select[name=board-{board}]", result)
    page.click("#save-leg")
    assert "Board 4" in page.inner_text(".messages")
    assert not m.KnockoutGame.objects.filter(match__event=ev).exists()
    for board, result in ((1, "1-0"), (2, "0-1"), (3, "½-½"), (4, "0-1")):
        page.select_option(f"select[name=board-{board}]", result)
    page.click("#save-leg")
    page.wait_for_selector("#leg-1")
    assert "hosted by Team 2" in page.inner_text("#next-leg")
    assert "Team 1 3½ – ½ Team 2" in page.inner_text("#cup-score")
    shot(page, "team-cup-match")
    page.goto(f"{base}/events/{ev.pk}/bracket/")
    assert "Team 1" in page.inner_text("#live")
    context.close()
