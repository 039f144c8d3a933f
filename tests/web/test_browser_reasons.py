"""A result given with its reason and the sanction ladder of a game without clocks, in a real
browser (Laws 2023 art. 5.2.2; Team Competitions 1972): the game page's forms at 1366 and 400
pixels wide, in English and Russian, the round page's marks after them, and no page wider than
the screen. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .browser import MARKS, launch, log_in, shot
from .conftest import NAMES

pytestmark = MARKS

KN_K = "8/8/4k3/8/8/8/2K5/1N6 w - - 0 1"
LOCALES = (("en", "en-GB"), ("ru", "ru-RU"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def _fits(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def test_reason_and_sanctions_on_the_game_page(browser: Any, live_server: Any) -> None:
    chief = User.objects.create_user("anna", "", "chess-arbiter-20")
    event = services.create_event(chief, name="Reasons Open", rounds=5)
    services.add_players(event, chief, [{"name": n, "rating": r} for n, r in NAMES])
    rnd = services.pair_next_round(event, chief)
    base = live_server.url
    game = f"{base}/manage/events/{event.pk}/rounds/1/boards/%d/game/"

    context = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    log_in(page, base, "anna", "chess-arbiter-20")
    page.goto(game % 1)
    page.click("#reason-entry summary")
    page.select_option("#reason-form select[name=result]", "=")
    page.select_option("#reason-form select[name=reason]", "dead")
    page.fill("#reason-form input[name=fen]", KN_K)
    page.click("#reason-form button[type=submit]")
    page.wait_for_selector("#result-reason")
    assert "dead position" in page.locator("#result-reason").inner_text()
    assert page.locator("#game-result").inner_text() == "½-½"
    # a reason the result does not allow: the library's message, nothing stored
    page.goto(game % 2)
    page.click("#reason-entry summary")
    page.select_option("#reason-form select[name=result]", "1-0")
    page.select_option("#reason-form select[name=reason]", "dead")
    page.click("#reason-form button[type=submit]")
    page.wait_for_load_state()
    assert "allows only ½-½, not 1-0" in page.locator("main").inner_text()
    # the sanctions of board 2: remark, then a skipped step refused
    page.click("#sanctions summary")
    page.select_option("#sanction-form select[name=side]", "w")
    page.select_option("#sanction-form select[name=step]", "remark")
    page.fill("#sanction-form input[name=move]", "14")
    page.click("#sanction-form button[type=submit]")
    page.wait_for_load_state()
    assert "Sanction recorded: remark." in page.locator("main").inner_text()
    assert "(move 14)" in page.locator("#sanctions").inner_text()
    assert _fits(page)
    shot(page, "reasons-game-1366-en")
    page.goto(f"{base}/manage/events/{event.pk}/rounds/1/")
    assert page.locator("#board-1 .result-reason").get_attribute("title") == "dead position"
    assert page.locator("#board-2 .sanctions").inner_text() == "!1"
    assert _fits(page)
    shot(page, "reasons-round-1366-en")
    context.close()
    assert m.Sanction.objects.filter(board__round=rnd).count() == 1

    for lang, locale in LOCALES:
        context = browser.new_context(locale=locale, viewport={"width": 1366, "height": 800})
        page = context.new_page()
        log_in(page, base, "anna", "chess-arbiter-20")
        for width in (1366, 400):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(game % 2)
            assert (page.locator("html").get_attribute("lang") or "").startswith(lang)
            page.click("#reason-entry summary")
            assert page.locator("#reason-form").is_visible()
            # the long reasons' select stays in its cell, beside the position field
            select = page.locator("#reason-form select[name=reason]").bounding_box()
            fen = page.locator("#reason-form input[name=fen]").bounding_box()
            assert (
                select["x"] + select["width"] <= fen["x"] + 1
                or select["y"] + select["height"] <= fen["y"] + 1
            ), (lang, width, select, fen)
            assert page.locator("#sanctions").is_visible()
            assert _fits(page), (lang, width)
            shot(page, f"reasons-game-{width}-{lang}")
            page.goto(f"{base}/manage/events/{event.pk}/rounds/1/")
            assert page.locator("#board-1 .result-reason").count() == 1
            assert _fits(page), (lang, width, "round")
        context.close()


def test_half_a_point_a_freed_clock_and_time_odds(browser: Any, live_server: Any) -> None:
    """Laws 2023 art. 11.7: a refusing player loses and his opponent, who could not have won,
    gets ½ (stored ½-0); Team Competitions 1972: a freed clock set on a board, and time odds
    giving each board its two clocks. At 1366 and 400 pixels, English and Russian, every page
    within the screen; the crosstable's cell names the reason."""
    chief = User.objects.create_user("boris", "", "chess-arbiter-20")
    event = services.create_event(
        chief, name="Odds Open", rounds=5, time_odds="0: 5400+30; 100: 4500+30 | 6300+30"
    )
    services.add_players(event, chief, [{"name": n, "rating": r} for n, r in NAMES])
    rnd = services.pair_next_round(event, chief)
    base = live_server.url
    game = f"{base}/manage/events/{event.pk}/rounds/1/boards/%d/game/"
    round_page = f"{base}/manage/events/{event.pk}/rounds/1/"

    context = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    log_in(page, base, "boris", "chess-arbiter-20")
    page.goto(game % 1)
    page.click("#reason-entry summary")
    page.select_option("#reason-form select[name=result]", "½-0")
    page.select_option("#reason-form select[name=reason]", "refusal")
    page.fill("#reason-form input[name=fen]", KN_K)
    page.click("#reason-form button[type=submit]")
    page.wait_for_selector("#result-reason")
    assert "persistent refusal" in page.locator("#result-reason").inner_text()
    board = rnd.boards.get(number=1)
    assert (board.result, board.black_result) == ("=", "0")
    # a freed clock on board 2, without a scoresheet: two minutes a move
    page.goto(game % 2)
    page.click("#sanctions summary")
    page.fill("#freed-clock-form input[name=remaining]", "1:20:00")
    page.click("#freed-clock-form button[type=submit]")
    page.wait_for_selector("#freed-clock-record")
    assert "each player 2400 s for 20 moves" in page.locator("#freed-clock-record").inner_text()
    page.goto(round_page)
    assert page.input_value("#board-1 select[name=result]") == "½-0"
    clocks = page.locator("#board-1 small.clocks").inner_text()
    assert clocks.startswith("White ") and "Black " in clocks, clocks
    context.close()

    for other in rnd.boards.exclude(number=1).exclude(black=None):
        services.set_result(other.pk, chief, "=")
    for lang, locale in LOCALES:
        context = browser.new_context(locale=locale, viewport={"width": 1366, "height": 800})
        page = context.new_page()
        log_in(page, base, "boris", "chess-arbiter-20")
        for width in (1366, 400):
            page.set_viewport_size({"width": width, "height": 800})
            for url, name in (
                (round_page, "round"),
                (game % 2, "game"),
                (f"{base}/events/{event.pk}/crosstable/", "crosstable"),
            ):
                page.goto(url)
                assert (page.locator("html").get_attribute("lang") or "").startswith(lang)
                assert _fits(page), (lang, width, name)
                if name == "round":  # the names keep their width beside the clocks
                    names = page.locator("#board-1 td:not([class])").first.bounding_box()
                    assert names is not None and names["width"] >= 150, (lang, width, names)
                shot(page, f"odds-{name}-{width}-{lang}")
            assert page.locator("#crosstable td[title]").count() == 2
        context.close()
