"""The ratings and norms pages in a real browser (Playwright for Python with Debian's
chromium, as ``test_browser.py``; screenshots in ``test-artifacts/``).

An arbiter opens the standings of the imported 284-player real open (the rating-change
column), goes to "Ratings and norms", changes the kind of rating and forces one K (B.02 8.3.3)
and sees the table change; then, in a ten-player round robin where player 1 makes a GM norm
against nine foreign grandmasters (B.01 1.4), the norms page, the certificate (FIDE form IT1)
and, in the same event after five rounds, the norm finder.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter import trf
from chessarbiter.web.events import services

from .browser import MARKS, launch, log_in, shot
from .conftest import may_create_events
from .test_ratings_norms import import_tournament, norm_tournament

pytestmark = MARKS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def column(page: Any, selector: str, index: int) -> list[str]:
    """The texts of the ``index``-th cells (1-based) of the table's body rows."""
    cells = page.locator(f"{selector} > tbody > tr > td:nth-child({index})")
    return [text.strip() for text in cells.all_inner_texts()]


def test_ratings_and_norms_pages(browser: Any, live_server: Any, shared: Path) -> None:
    arbiter = may_create_events(User.objects.create_user("elo", "", "chess-arbiter-16"))
    path = shared / "real" / "sharly-chess" / "trf" / "example_trf16.trf"
    real = services.import_trf(arbiter, trf.decode(path.read_bytes(), path.name), path.name)
    base = live_server.url
    context = browser.new_context(locale="en-GB", viewport={"width": 1300, "height": 900})
    page = context.new_page()
    log_in(page, base, "elo", "chess-arbiter-16")

    # the standings: the rating change beside the rating
    page.goto(f"{base}/manage/events/{real.pk}/standings/")
    assert page.locator("#standings th", has_text="±").count() == 1
    changes = column(page, "#standings", 6)
    assert len(changes) == 284 and any(c.startswith("+") for c in changes)

    # the norms of the real open: seven rounds, none (B.01 1.4.1 a: nine games)
    page.goto(f"{base}/manage/events/{real.pk}/norms/")
    assert page.locator("#no-norms").count() == 1
    shot(page, "norms-real-open", full_page=False)
    page.goto(f"{base}/manage/events/{real.pk}/standings/")

    # the ratings page from the event's menu
    page.click("nav.subnav >> text=Ratings and norms")
    page.wait_for_selector("#rating-changes")
    assert len(column(page, "#rating-changes", 1)) == 284
    default_k = column(page, "#rating-changes", 4)
    default_changes = column(page, "#rating-changes", 9)
    assert set(column(page, "#rating-changes", 5)) <= {"regulations", ""}
    shot(page, "ratings-default", full_page=False)

    # rapid, one K for everyone
    page.select_option("#id_kind", "rapid")
    page.fill("#id_k", "15")
    page.click("#ratings-form button[type=submit]")
    page.wait_for_url("**kind=rapid**")
    assert page.inner_text("#ratings-basis").startswith("Rapid rating")
    forced = [k for k in column(page, "#rating-changes", 4) if k]
    assert forced and set(forced) == {"15"} and forced != [k for k in default_k if k]
    assert set(k for k in column(page, "#rating-changes", 5) if k) == {"forced"}
    assert column(page, "#rating-changes", 9) != default_changes
    # a player's games counted, opened from his name
    page.click("#rating-1 summary")
    assert page.locator("#rating-1 table.rated-games tbody tr").count() >= 1
    shot(page, "ratings-forced-k", full_page=False)

    # a K out of bounds: the form says so, the page stays
    page.fill("#id_k", "500")
    page.evaluate("document.querySelector('#id_k').removeAttribute('max')")
    page.click("#ratings-form button[type=submit]")
    page.wait_for_selector("#ratings-form .errorlist")
    assert page.locator("#rating-changes").count() == 0

    # a GM norm: the norms page and its certificate
    norm = import_tournament(arbiter, norm_tournament())
    page.goto(f"{base}/manage/events/{norm.pk}/ratings/")
    page.click("nav[aria-label='Ratings and norms'] >> text=Title norms")
    page.wait_for_selector("#norms-achieved")
    assert page.locator("#norm-1-GM").count() == 1
    shot(page, "norms", full_page=False)
    page.click("#norm-1-GM >> text=Certificate")
    page.wait_for_selector("#certificate-opponents")
    assert "Hopeful, Harry" in page.inner_text("#certificate-name")
    assert page.locator("#certificate-opponents tbody tr").count() == 9
    assert "GM norm" in page.inner_text("#certificate-title")
    shot(page, "norm-certificate")

    # the norm finder, five rounds of nine played
    early = import_tournament(arbiter, norm_tournament(played=5), "norm-5.trf")
    page.goto(f"{base}/manage/events/{early.pk}/norms/")
    page.select_option("#finder-form select[name=player]", "1")
    page.select_option("#finder-form select[name=title]", "GM")
    page.click("#finder-form button[type=submit]")
    page.wait_for_selector("#outlook-targets")
    assert "After round 5" in page.inner_text("#outlook")
    assert page.locator("#outlook-targets tbody tr").count() == 9  # 0 to 4 points by halves
    shot(page, "norm-finder")
    context.close()
