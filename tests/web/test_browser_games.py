"""Games in a real browser: an arbiter uploads a round's PGN (made with python-chess, one game
with its colours reversed), reviews the matches, ticks the doubtful one and confirms; a
visitor opens a game in the viewer and walks through it with the keyboard (← → Home End), on
a phone-sized screen too; the public round page shows a result entered meanwhile without
being reloaded, and stops polling once the round is complete.

Playwright for Python with Debian's chromium, as in ``test_browser.py``; screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services
from chessarbiter.web.public import views as public_views

from .browser import MARKS, launch, log_in, shot
from .conftest import NAMES
from .test_games import boards_of, pgn_of, random_game

pytestmark = MARKS


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture
def paired() -> tuple[m.Round, User]:
    chief = User.objects.create_user("anna", "", "chess-arbiter-19")
    event = services.create_event(chief, name="Games Open", rounds=5)
    services.add_players(event, chief, [{"name": n, "rating": r} for n, r in NAMES])
    m.Event.objects.filter(pk=event.pk).update(public=True)
    event.refresh_from_db()
    return services.pair_next_round(event, chief), chief


def test_upload_review_confirm_view_and_follow_the_round_live(
    browser: Any, live_server: Any, paired: tuple[m.Round, User], tmp_path: Path, monkeypatch: Any
) -> None:
    rnd, chief = paired
    ev = rnd.event
    base = live_server.url
    boards = boards_of(rnd)
    rng = random.Random(7)
    results = {1: "1-0", 2: "1/2-1/2", 3: "0-1", 4: "1-0"}  # board 5 still playing
    parts = []
    for n, b in sorted(boards.items()):
        assert b.black is not None
        if n == 2:  # the colours reversed: doubtful
            parts.append(pgn_of(b.black, b.white, "1/2-1/2", random_game(rng, 40)))
        elif n in results:
            parts.append(pgn_of(b.white, b.black, results[n], random_game(rng, 40), f"1.{n}"))
    pgn = tmp_path / "round1.pgn"
    pgn.write_text("".join(parts), encoding="utf-8")

    context = browser.new_context(locale="en-GB", viewport={"width": 1200, "height": 900})
    page = context.new_page()
    log_in(page, base, "anna", "chess-arbiter-19")
    page.goto(f"{base}/manage/events/{ev.pk}/rounds/1/")
    page.click("#round-games a.button")
    page.set_input_files("#id_pgn", str(pgn))
    page.click("#upload-form button[type=submit]")
    page.wait_for_selector("#review")
    assert page.locator("#review tr.match-exact").count() == 3
    doubtful = page.locator("#review tr.match-doubtful")
    assert doubtful.count() == 1 and "colours reversed" in doubtful.inner_text()
    assert not doubtful.locator("input[type=checkbox]").first.is_checked()
    assert doubtful.locator("select").input_value() == "2"
    assert "5 (" in page.locator("#unmatched-boards").inner_text()
    shot(page, "games-review")
    doubtful.locator("input[type=checkbox]").first.check()
    page.click("#review-form button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/{ev.pk}/rounds/1/")
    assert "4 games stored" in page.locator(".messages").inner_text()
    saved = boards_of(rnd)
    assert [saved[n].result for n in (1, 2, 3, 4, 5)] == ["1", "=", "0", "1", ""]
    context.close()

    # a visitor: the game viewer, keyboard navigation
    phone = browser.new_context(locale="en-GB", viewport={"width": 400, "height": 800})
    page = phone.new_page()
    page.goto(f"{base}/events/{ev.pk}/rounds/1/boards/1/game/")
    viewer = page.locator(".game-viewer")
    plies = int(viewer.get_attribute("data-plies") or "0")
    assert plies > 10 and viewer.get_attribute("data-ply") == str(plies)
    board = page.locator("img.game-board")
    assert board.bounding_box()["width"] <= 400  # fits a phone
    page.keyboard.press("Home")
    assert viewer.get_attribute("data-ply") == "0"
    assert board.get_attribute("src").endswith("/0.svg")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert viewer.get_attribute("data-ply") == "2"
    assert page.locator("#moves a.current").get_attribute("data-ply") == "2"
    page.wait_for_function(  # the server's board of ply 2, drawn
        "(() => { const i = document.querySelector('img.game-board');"
        " return i.src.endsWith('/2.svg') && i.complete && i.naturalWidth > 0; })()"
    )
    page.keyboard.press("ArrowLeft")
    assert viewer.get_attribute("data-ply") == "1" and "ply=1" in page.url
    page.keyboard.press("End")
    assert viewer.get_attribute("data-ply") == str(plies)
    page.locator("#moves a.ply").nth(4).click()
    assert viewer.get_attribute("data-ply") == "5"
    shot(page, "games-viewer-phone")

    # the public round page follows the last result without a reload, then stops polling
    monkeypatch.setattr(public_views, "REFRESH_SECONDS", 1)
    page.goto(f"{base}/events/{ev.pk}/rounds/1/")
    assert page.locator("#live-on").count() == 1
    page.evaluate("window.notReloaded = true")
    services.set_result(saved[5].pk, chief, "0-1")
    page.wait_for_function(
        "document.querySelector('#board-5 td.result').textContent.trim() === '0-1'",
        timeout=15000,
    )
    assert page.evaluate("window.notReloaded") is True
    assert page.locator("#live-on").count() == 0
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.wait_for_timeout(2500)
    assert not [u for u in requests if u.endswith(f"/events/{ev.pk}/rounds/1/")]
    phone.close()
