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


NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_a_legs_line_up_and_a_withdrawal(browser: Any, live_server: Any) -> None:
    """Teams with lists (4 boards and a reserve): the next leg's boards offer each team's
    players, its list order chosen; the reserve seated on the last board, the played leg
    names the players ("Player 1.1 (Team 1)"), and the chief arbiter's withdrawal buttons;
    at 1366 and 400 px, in English and in Russian (layout), without horizontal overflow."""
    chief = may_create_events(User.objects.create_user("lineup", "", "chess-arbiter-20"))
    ev = services.create_event(
        chief, name="Line-up Cup", system="team-cup", boards_per_team=4, cup_legs=1
    )
    for i in range(1, 5):
        team = teams.add_team(ev, chief, f"Team {i}")
        for k in range(1, 6):
            services.add_player(ev, chief, name=f"Player {i}.{k}", team=team, team_order=k)
    base = live_server.url
    url = f"{base}/manage/events/{ev.pk}/knockout/1/"
    reserve = m.Player.objects.get(event=ev, team__number=1, team_order=5)
    for width, lang in ((1366, "en"), (400, "en"), (400, "ru"), (1366, "ru")):
        context = browser.new_context(locale="en-GB", viewport={"width": width, "height": 900})
        context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
        page = context.new_page()
        log_in(page, base, "lineup", "chess-arbiter-20")
        if not ev.knockout_matches.exists():
            page.goto(f"{base}/manage/events/{ev.pk}/knockout/")
            page.click("#draw")
        page.goto(url)
        if not m.KnockoutGame.objects.filter(match__event=ev).exists():
            page.wait_for_selector("#next-leg")
            assert page.locator("select.cup-seat").count() == 8
            assert page.input_value("select[name=first-4]") != str(reserve.pk)
            assert page.evaluate(NO_OVERFLOW), f"{width} px {lang}: the page overflows"
            shot(page, f"team-cup-lineup-{width}-{lang}-next")
            page.select_option("select[name=first-4]", str(reserve.pk))
            for board, result in ((1, "1-0"), (2, "0-1"), (3, "½-½"), (4, "0-1")):
                page.select_option(f"select[name=board-{board}]", result)
            page.click("#save-leg")
            page.wait_for_selector("#leg-1")
        assert "Player 1.1 (Team 1)" in page.inner_text("#leg-1")
        assert "Player 1.5 (Team 1)" in page.inner_text("#leg-1")
        assert page.locator("form.withdraw-team").count() == 0  # match 1 is decided
        page.goto(f"{base}/manage/events/{ev.pk}/knockout/2/")
        assert page.locator("select.cup-seat").count() == 8
        # each board's players stacked at 400 px: a select as wide as a whole name
        narrowest = page.evaluate(
            "() => Math.min(...[...document.querySelectorAll('select.cup-seat')]"
            ".map(s => s.getBoundingClientRect().width))"
        )
        assert narrowest >= (250 if width == 400 else 100), f"{width} px: {narrowest}"
        # the whole line-up form in view: the last column (the results) inside the table's box
        assert page.evaluate(
            "() => { const w = document.querySelector('#leg-next').parentElement;"
            " return w.scrollWidth <= w.clientWidth; }"
        ), f"{width} px {lang}: the line-up form scrolls sideways"
        assert page.locator("form.withdraw-team button").count() == 2
        assert page.locator("form.withdraw-team button").first.is_visible()
        assert page.evaluate(NO_OVERFLOW), f"{width} px {lang}: the page overflows"
        shot(page, f"team-cup-lineup-{width}-{lang}-match-2")
        page.goto(url)
        assert page.evaluate(NO_OVERFLOW), f"{width} px {lang}: the page overflows"
        shot(page, f"team-cup-lineup-{width}-{lang}-played")
        context.close()
