"""The look of the site at real size in a real browser (Playwright with Debian's chromium, as
``test_browser.py``; screenshots in ``test-artifacts/look-*.png``).

The 284-player real open (``REAL_OPEN``) twice: as played (seven rounds, the standings with
their tie-breaks) and with its round 1 paired again by the services (142 boards). On a phone
(400 px), in English and in Russian: every board of the round shows the Black player's whole
name inside the screen, the page never scrolls sideways; the standings keep place and name in
view while the points and every tie-break column are reached by scrolling the table. At
1366 px in Russian the site's menu is one line, with the logo and the favicon. The audit log
is paged and filtered through links. The 404 page is the site's, in both languages, with a
way back.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter import trf
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .browser import MARKS, launch, log_in, shot
from .conftest import REAL_OPEN

pytestmark = [
    *MARKS,
    pytest.mark.skipif(not REAL_OPEN.exists(), reason=f"{REAL_OPEN} is not available"),
]

PASSWORD = "pw-for-look-21"
#: The page is no wider than the window (nothing to scroll sideways).
NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture
def real_open() -> tuple[m.Event, m.Event]:
    """The open as played, and the open with round 1 paired again (142 boards)."""
    chief = User.objects.create_user("mala", "", PASSWORD)
    text = REAL_OPEN.read_text(encoding="latin-1")
    played = services.import_trf(chief, text, REAL_OPEN.name)
    t = trf.loads(text, str(REAL_OPEN))
    for p in t:
        p.results.clear()
    t.total_rounds = 7
    fresh = services.import_trf(chief, trf.dumps(t, trf.TRF2026), "round-1.trf")
    services.pair_next_round(fresh, chief)
    return played, fresh


def _in_language(page: Any, base: str, lang: str) -> None:
    """The next pages in ``lang`` (the language switcher's cookie)."""
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": base}])


def _inside(box: dict[str, float] | None, width: int) -> bool:
    return box is not None and box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5


def test_the_real_open_on_a_phone_and_the_desk_in_russian(
    browser: Any, live_server: Any, real_open: tuple[m.Event, m.Event]
) -> None:
    played, fresh = real_open
    base = live_server.url
    boards = {
        b.number: b
        for b in m.Board.objects.filter(round__event=fresh, round__number=1).select_related("black")
    }
    assert len(boards) == 142 and all(b.black for b in boards.values())
    page = browser.new_context(locale="en-GB", viewport={"width": 400, "height": 800}).new_page()
    log_in(page, base, "mala", PASSWORD)
    for lang in ("en", "ru"):
        _in_language(page, base, lang)
        # the 142-board round: White above Black, the result beside them
        page.goto(f"{base}/manage/events/{fresh.pk}/rounds/1/")
        assert page.evaluate(NO_OVERFLOW)
        for n in (1, 71, 142):
            black = page.locator(f"#board-{n} td.result ~ td:not([class])")
            black.scroll_into_view_if_needed()
            name = boards[n].black.name  # type: ignore[union-attr]
            assert name in black.inner_text()
            assert _inside(black.bounding_box(), 400), n
            assert black.evaluate("e => e.scrollWidth <= e.clientWidth")  # not cut
            assert _inside(page.locator(f"#board-{n} td.result select").bounding_box(), 400)
        page.locator("#board-1").scroll_into_view_if_needed()
        shot(page, f"look-round-400-{lang}", full_page=False)

        # the standings: every tie-break column reached by scrolling the table, the place and
        # the name staying in view
        page.goto(f"{base}/manage/events/{played.pk}/standings/")
        assert page.evaluate(NO_OVERFLOW)
        heads = page.locator("#standings thead th")
        last = heads.last
        wrap = page.locator("#standings").locator("xpath=..")
        assert wrap.evaluate("w => w.scrollWidth > w.clientWidth")  # more than fits
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        assert _inside(last.bounding_box(), 400) and last.inner_text().strip() == "DE"
        first = page.locator("#standings tbody tr").first.locator("td")
        assert _inside(first.nth(0).bounding_box(), 400)
        assert _inside(first.nth(2).bounding_box(), 400)
        assert "Mikhaletz" in first.nth(2).inner_text()
        shot(page, f"look-standings-400-{lang}", full_page=False)

    # the desk at 1366 px in Russian: the site's menu on one line, the logo and the favicon
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(f"{base}/manage/events/{played.pk}/")
    assert page.locator("html").get_attribute("lang") == "ru"
    middles = page.evaluate(
        """() => [...document.querySelectorAll(
              'header.top .brand, header.top nav a, header.top .right > *')]
            .map(e => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; })"""
    )
    assert len(middles) >= 7 and max(middles) - min(middles) <= 4, middles
    assert page.locator("header.top").bounding_box()["height"] < 64
    assert page.evaluate("() => document.querySelector('header.top .brand img').naturalWidth") > 0
    icon = page.evaluate("() => document.querySelector('link[rel=icon]').href")
    answer = page.request.get(icon)
    assert answer.status == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    shot(page, "look-desk-1366-ru", full_page=False)

    # the audit log: a page at a time, filtered by kind through a link
    m.AuditEntry.objects.bulk_create(
        m.AuditEntry(event=played, action="result.set", summary=f"result {i}", data={"round": 3})
        for i in range(230)
    )
    results = played.audit.filter(action__startswith="result.").count()
    page.set_viewport_size({"width": 400, "height": 800})
    page.goto(f"{base}/manage/events/{played.pk}/audit/")
    assert page.evaluate(NO_OVERFLOW)
    page.select_option("#id_kind", "result")
    page.click("#audit-filters button[type=submit]")
    page.wait_for_url("**kind=result**")
    assert page.locator("#audit tbody tr").count() == 100
    assert page.locator("#audit-count").inner_text().endswith(f" {results}")
    page.click("#audit-pages a[rel=next]")
    page.wait_for_url("**page=2**")
    assert "kind=result" in page.url and page.locator("#audit tbody tr").count() == 100
    assert page.evaluate(NO_OVERFLOW)
    shot(page, "look-audit-400-ru", full_page=False)
    page.context.close()


def test_the_404_page_is_the_sites_in_both_languages(browser: Any, live_server: Any) -> None:
    base = live_server.url
    page = browser.new_context(locale="en-GB").new_page()
    for lang, title, home in (
        ("en", "Page not found", "Home page"),
        ("ru", "Страница не найдена", "Главная страница"),
    ):
        _in_language(page, base, lang)
        for width in (1366, 400):
            page.set_viewport_size({"width": width, "height": 800})
            response = page.goto(f"{base}/no/such/page/")
            assert response is not None and response.status == 404
            assert page.locator("h1").inner_text() == f"404 · {title}"
            back = page.locator("main .actions a", has_text=home)
            assert back.get_attribute("href") == "/"
            assert page.evaluate(NO_OVERFLOW)
            assert page.evaluate("() => document.querySelector('.error-mark').naturalWidth") > 0
            shot(page, f"look-404-{width}-{lang}", full_page=False)
    page.context.close()
