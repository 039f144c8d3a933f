"""Issue 21 items 1 and 3 in a real browser: the players page of the 284-player open (the
register form at the top, a search by name, the list sorted by rating, page 2, a player
registered from the top form) and the new-event form showing only the chosen system's
settings, at 1366 and 400 px wide, in English and Russian (the browser's locale), with
screenshots in ``test-artifacts/``.

Playwright for Python with Debian's chromium, as in ``test_browser_keyboard.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User

from chessarbiter import trf
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .browser import MARKS, launch, log_in, shot
from .conftest import REAL_OPEN

pytestmark = MARKS

WIDTHS = (1366, 400)
LOCALES = (("en", "en-GB"), ("ru", "ru-RU"))
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"
#: Every visible field of the event form inside its fieldset's box (a long select is cut to it).
INSIDE = """Array.from(document.querySelectorAll('#event-form fieldset.settings-group')).every(
  (fs) => Array.from(fs.querySelectorAll('select, input')).every(
    (el) => el.offsetParent === null
      || el.getBoundingClientRect().right <= fs.getBoundingClientRect().right + 0.5))"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def _real_open(chief: User) -> m.Event:
    """The 284 players of the real open, imported without their rounds (so that one more
    can register)."""
    if not REAL_OPEN.is_file():
        pytest.skip("../shared not beside the checkout")
    t = trf.loads(REAL_OPEN.read_text(encoding="latin-1"), REAL_OPEN.name)
    for p in t:
        p.results.clear()
    event = services.import_trf(chief, trf.dumps(t, trf.TRF2026), REAL_OPEN.name)
    assert event.players.count() == 284
    return event


def _numbers(page: Any) -> list[int]:
    cells = page.locator("#players tbody tr td:first-child").all_inner_texts()
    return [int(c) for c in cells]


def test_the_players_page_of_the_real_open_at_1366_and_400_px(
    browser: Any, live_server: Any
) -> None:
    started = time.monotonic()
    chief = User.objects.create_user("registrar", "", "chess-arbiter-21")
    ev = _real_open(chief)
    base = live_server.url
    url = f"{base}/manage/events/{ev.pk}/players/"
    for lang, locale in LOCALES:
        for width in WIDTHS:
            context = browser.new_context(locale=locale, viewport={"width": width, "height": 900})
            page = context.new_page()
            log_in(page, base, "registrar", "chess-arbiter-21")
            page.goto(url)
            count = page.locator("#player-count").inner_text()
            assert count.startswith(f"{ev.players.count()} ")
            assert _numbers(page) == list(range(1, 101))
            # the register button at the top, above the list, its form folded
            summary = page.locator("#register > summary")
            top = summary.bounding_box()
            table = page.locator("#players").bounding_box()
            assert top and table and top["y"] < table["y"] < 900
            assert not page.locator("#player-form #id_name").is_visible()
            assert page.evaluate(OVERFLOW), f"players page overflows at {width} px ({lang})"
            shot(page, f"players-{lang}-{width}", full_page=False)
            if (lang, width) in (("en", 1366), ("ru", 400)):
                # a name from the file, searched
                page.fill("#player-search input[name=q]", "Vasquez")
                page.press("#player-search input[name=q]", "Enter")
                page.wait_for_url("**q=Vasquez**")
                assert _numbers(page) == [1]
                assert page.evaluate(OVERFLOW)
                shot(page, f"players-search-{lang}-{width}", full_page=False)
                # sorted by rating (the column's link), then page 2 of that order
                by_rating = [
                    p.number
                    for p in sorted(ev.players.all(), key=lambda p: (-(p.rating or -1), p.number))
                ]
                page.goto(url)
                page.locator("#players thead th a[href*='sort=-rating']").click()
                page.wait_for_url("**sort=-rating**")
                assert _numbers(page) == by_rating[:100]
                page.locator("#player-pages a[rel=next]").click()
                page.wait_for_url("**page=2**")
                assert _numbers(page) == by_rating[100:200]
                assert page.evaluate(OVERFLOW)
                shot(page, f"players-rating-page2-{lang}-{width}", full_page=False)
            if lang == "en":
                # registered from the top form
                page.goto(url)
                page.click("#register > summary")
                name = f"Newcomer-{width}, Nina"
                page.fill("#player-form #id_name", name)
                page.fill("#player-form #id_rating", "1850")
                page.select_option("#player-form #id_sex", "w")
                page.select_option("#player-form #id_title", "WFM")
                page.fill("#player-form #id_birth_date", "2008-05-17")
                assert page.evaluate(OVERFLOW)
                shot(page, f"players-register-{width}", full_page=False)
                page.click("#player-form button[type=submit]")
                page.wait_for_selector("text=Registered: ")
                assert page.locator("#player-form #id_name").is_visible()  # open for the next
                p = ev.players.get(name=name)
                assert (p.sex, p.title, p.birth_date, p.rating) == ("w", "WFM", "2008/05/17", 1850)
            context.close()
    assert ev.players.count() == 286
    # a loaded machine (CI with other jobs) is slower; the page itself answers in ~0.1 s
    assert time.monotonic() - started < 90


def test_the_new_event_form_shows_the_chosen_systems_settings_at_400_px(
    browser: Any, live_server: Any
) -> None:
    chief = User.objects.create_user("organiser", "", "chess-arbiter-21")
    chief.user_permissions.add(Permission.objects.get(codename="add_event"))
    base = live_server.url
    for lang, locale in LOCALES:
        context = browser.new_context(locale=locale, viewport={"width": 400, "height": 900})
        page = context.new_page()
        log_in(page, base, "organiser", "chess-arbiter-21")
        page.goto(f"{base}/manage/events/new/")
        # a Swiss: pairing rules and Buchholz shown, no knockout or team setting
        assert page.locator("#id_edition").is_visible()
        assert not page.locator("#id_knockout_scheme").is_visible()
        assert not page.locator("#id_boards_per_team").is_visible()
        assert page.get_attribute("#id_tiebreaks", "placeholder") == "BH/C1,BH,SB,DE"
        assert page.evaluate(OVERFLOW), f"new event form overflows at 400 px ({lang})"
        assert page.evaluate(INSIDE), f"a field sticks out of its group at 400 px ({lang})"
        shot(page, f"event-form-swiss-{lang}-400")
        # a round robin: no pairing rules, its tie-breaks without Buchholz
        page.select_option("#id_system", "roundrobin")
        assert not page.locator("#id_edition").is_visible()
        assert page.locator("#id_rounds").is_visible()
        assert page.get_attribute("#id_tiebreaks", "placeholder") == "DE,WIN,SB,KS"
        # a knockout: its bracket and match format, no rounds nor tie-breaks
        page.select_option("#id_system", "knockout")
        assert page.locator("#id_knockout_scheme").is_visible()
        assert not page.locator("#id_rounds").is_visible()
        assert not page.locator("#id_tiebreaks").is_visible()
        # a team cup: boards, legs and the drawn-match rules
        page.select_option("#id_system", "team-cup")
        assert page.locator("#id_cup_legs").is_visible()
        assert page.locator("#id_boards_per_team").is_visible()
        assert not page.locator("#id_team_pairing").is_visible()
        assert page.evaluate(OVERFLOW) and page.evaluate(INSIDE)
        shot(page, f"event-form-team-cup-{lang}-400")
        if lang == "en":
            page.select_option("#id_system", "roundrobin")
            page.fill("#id_name", "Club Round Robin")
            page.click("main button[type=submit]")
            page.wait_for_url(f"{base}/manage/events/*/")
            assert "draw their pairing numbers by lot" in page.inner_text("main")
            ev = m.Event.objects.get(name="Club Round Robin")
            assert (ev.system, ev.tiebreaks) == ("roundrobin", "DE,WIN,SB,KS")
        context.close()
