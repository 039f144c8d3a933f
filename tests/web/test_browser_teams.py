"""Issue 21 items 4 and 5 in a real browser: a team Swiss round grouped by match (21 teams of
four boards: ten matches and the bye), a team's line-up page, and a knockout's bracket and
match page (time controls written as arbiters write them), each at 1366 and 400 px wide, in
English and Russian (the locale of the browser), with screenshots in ``test-artifacts/``.

Playwright for Python with Debian's chromium, as in ``test_browser_keyboard.py``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.timecontrol.wording import describe_text
from chessarbiter.web.events import knockout, services, teams
from chessarbiter.web.events import models as m

from .browser import ARTIFACTS, MARKS, launch, log_in, shot

pytestmark = MARKS

WIDTHS = (1366, 400)
LOCALES = (("en", "en-GB"), ("ru", "ru-RU"))
OVERFLOW = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def _team_swiss(chief: User) -> m.Event:
    ev = services.create_event(
        chief, name="Team Swiss 21", system="team-swiss", rounds=5, boards_per_team=4
    )
    players: list[dict[str, Any]] = []
    for i in range(21):
        team = teams.add_team(ev, chief, f"Команда {i + 1:02d}" if i % 2 else f"Team {i + 1:02d}")
        players += [
            {"name": f"Longname-Playerovich, Player {i + 1:02d}-{k}", "rating": 2500 - 10 * i - k}
            | {"team": team, "team_order": k}
            for k in range(1, 6)
        ]
    services.add_players(ev, chief, players)
    services.pair_next_round(ev, chief)
    return ev


def test_a_team_swiss_round_by_match_and_a_lineup_at_1366_and_400_px(
    browser: Any, live_server: Any
) -> None:
    started = time.monotonic()
    chief = User.objects.create_user("kapitan", "", "chess-arbiter-21")
    ev = _team_swiss(chief)
    rnd = ev.round_set.get(number=1)
    tp = rnd.team_pairings.select_related("home", "away").exclude(away=None).get(number=1)
    bye = rnd.team_pairings.select_related("home").get(away=None)
    base = live_server.url
    for lang, locale in LOCALES:
        context = browser.new_context(locale=locale, viewport={"width": 1366, "height": 900})
        page = context.new_page()
        log_in(page, base, "kapitan", "chess-arbiter-21")
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{base}/manage/events/{ev.pk}/rounds/1/")
            assert page.locator("section.team-match").count() == 11
            assert page.locator("#boards tbody tr").count() == 40
            head = page.locator("#match-1 h3.match-head")
            assert head.is_visible()
            assert tp.home.name in head.inner_text() and tp.away.name in head.inner_text()  # type: ignore[union-attr]
            assert page.locator(f"section.team-match:has-text('{bye.home.name}') h3").is_visible()
            assert page.evaluate(OVERFLOW), f"round page overflows at {width} px ({lang})"
            shot(page, f"teams-round-{lang}-{width}")
            if width == 400:  # a match and the bye, close up
                page.locator("#match-1").screenshot(
                    path=str(ARTIFACTS / f"teams-match-{lang}-400.png")
                )
                page.locator(f"section.team-match:has-text('{bye.home.name}')").screenshot(
                    path=str(ARTIFACTS / f"teams-bye-{lang}-400.png")
                )
            if lang == "en" and width == 1366:
                # the keyboard entry reaches a board of the first match by its number
                page.wait_for_selector("#entry-bar[data-ready]")
                board = tp.boards.get(team_board=1)
                page.locator("#entry-bar input[name=board]").click()
                page.keyboard.type(f"{board.number} =\n")
                page.wait_for_function(
                    "n => !document.querySelector(`#board-${n}`).classList.contains('pending')",
                    arg=board.number,
                    timeout=20000,
                )
                # the header's score follows without a reload
                assert page.locator("#match-score-1").inner_text() == "½:½"
                page.reload()
                assert page.locator("#match-score-1").inner_text() == "½:½"
            page.click("#match-1 .match-lineups a >> nth=0")
            page.wait_for_selector("#lineup")
            assert page.locator("#lineup tbody tr").count() == 4
            assert page.locator("#lineup-bench li").count() == 1  # the reserve
            assert page.evaluate(OVERFLOW), f"line-up page overflows at {width} px ({lang})"
            shot(page, f"teams-lineup-{lang}-{width}")
        context.close()
    assert time.monotonic() - started < 90  # 2 languages x 2 widths x 2 pages (a loaded CI)


def test_a_knockout_bracket_and_match_at_1366_and_400_px(browser: Any, live_server: Any) -> None:
    started = time.monotonic()
    chief = User.objects.create_user("kubok", "", "chess-arbiter-21")
    ev = services.create_event(
        chief, name="Cup of 32", system="knockout", knockout_scheme="seeded", rounds=5
    )
    services.add_players(
        ev,
        chief,
        [{"name": f"Knockoutova-Longname, Player {i:02d}", "rating": 2600 - i} for i in range(32)],
    )
    knockout.draw(ev, chief)
    row = ev.knockout_matches.get(number=1)
    game = knockout.decision(ev, row).next_game
    assert game is not None
    written = describe_text(game.white_clock)
    base = live_server.url
    for lang, locale in LOCALES:
        context = browser.new_context(locale=locale, viewport={"width": 1366, "height": 900})
        page = context.new_page()
        log_in(page, base, "kubok", "chess-arbiter-21")
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"{base}/manage/events/{ev.pk}/knockout/")
            box = page.locator("#bracket-box")
            assert box.is_visible()
            assert page.evaluate(OVERFLOW), f"bracket page overflows at {width} px ({lang})"
            if width == 400:
                # the bracket scrolls inside its box, its names at a readable size
                assert box.evaluate("b => b.scrollWidth > b.clientWidth")
                assert (
                    box.evaluate("b => b.querySelector('svg').getBoundingClientRect().width")
                    >= 5 * 230
                )
            shot(page, f"knockout-bracket-{lang}-{width}")
            if width == 400:
                box.scroll_into_view_if_needed()
                shot(page, f"knockout-bracket-{lang}-{width}-box", full_page=False)
            page.goto(f"{base}/manage/events/{ev.pk}/knockout/1/")
            control = page.locator("#next-time-control")
            assert control.is_visible()
            if lang == "en":
                assert control.inner_text() == written
            assert page.evaluate(OVERFLOW), f"match page overflows at {width} px ({lang})"
            shot(page, f"knockout-match-{lang}-{width}")
        context.close()
    assert time.monotonic() - started < 60
