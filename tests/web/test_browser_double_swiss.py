"""A Double-Swiss event in a real browser (Playwright for Python with Debian's chromium, as
``test_browser.py``; screenshots in ``test-artifacts/``): the arbiter creates a section with
the Double-Swiss rules (C.04.5) and two matches, imports 30 players from a CSV file, pairs
each match (both its games stored at once, named "Match k, game g"), enters the results of
both games from the keyboard, and reads the standings after match 2, the engine's account of
the match and the public pages."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.standings import ranking
from chessarbiter.web.events import models as m
from chessarbiter.web.events import store

from .browser import MARKS, launch, log_in, shot
from .conftest import may_create_events

pytestmark = MARKS

ENTRANTS = [(f"Speler{n:02d}, Test", 2400 - 13 * n) for n in range(1, 31)]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def _enter_results(page: Any, event: m.Event, number: int) -> None:
    boards = m.Board.objects.filter(round__event=event, round__number=number).exclude(black=None)
    for b in boards:
        key = ("1", "=", "0")[(b.number + number) % 3]
        page.fill("#entry-bar input[name=board]", "")
        page.type("#entry-bar input[name=board]", str(b.number))
        page.keyboard.press("Space")  # the board number, then the result key
        page.keyboard.press(key)
        page.keyboard.press("Enter")
        page.wait_for_function(
            "([n, v]) => { const r = document.querySelector('#board-' + n + ' select');"
            " return r && r.value === v; }",
            arg=[b.number, {"1": "1-0", "=": "=", "0": "0-1"}[key]],
        )
    assert all(b.result for b in boards.all())


def test_a_double_swiss_of_thirty_players(browser: Any, live_server: Any, tmp_path: Any) -> None:
    may_create_events(User.objects.create_user("double", "", "chess-arbiter-19"))
    base = live_server.url
    context = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    log_in(page, base, "double", "chess-arbiter-19")

    page.goto(f"{base}/manage/events/new/")
    page.fill("#id_name", "Double Open")
    page.fill("#id_rounds", "2")
    page.select_option("#id_edition", "double-swiss-2026")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/*/")
    event = m.Event.objects.get(name="Double Open")
    assert event.double_swiss() and "Double-Swiss" in page.content()
    assert event.bye_points == Decimal("1.5")

    entrants = tmp_path / "entrants.csv"
    entrants.write_text("Name;Rating\n" + "".join(f"{n};{r}\n" for n, r in ENTRANTS))
    page.goto(f"{base}/manage/events/{event.pk}/players/")
    page.select_option("select[name=kind]", "csv")
    page.set_input_files("input[name=file]", str(entrants))
    page.click("form[action$='/players/import/'] button[type=submit]")
    page.wait_for_selector("text=Speler30, Test")
    assert event.players.count() == 30

    for match in (1, 2):
        expected = store.pairing_rules(event).pair(store.tournament(event))
        assert expected.round == match
        page.goto(f"{base}/manage/events/{event.pk}/pair/")
        assert f"Match {match}, game 1: proposed pairing" in page.content()
        page.click("#publish")
        page.wait_for_selector("#entry-bar[data-ready]")
        assert f"Match {match}, game 1" in page.locator("main h2").first.inner_text()
        for game in (1, 2):
            number = 2 * match - 2 + game
            stored = [
                (b.white.number, b.black and b.black.number)
                for b in m.Board.objects.filter(round__event=event, round__number=number).exclude(
                    black=None
                )
            ]
            pairs = [(b.white, b.black) for b in expected.boards]
            assert stored == (pairs if game == 1 else [(b, w) for w, b in pairs]), number
            if game == 2:
                page.goto(f"{base}/manage/events/{event.pk}/rounds/{number}/")
                page.wait_for_selector("#entry-bar[data-ready]")
                assert f"Match {match}, game 2" in page.locator("main h2").first.inner_text()
            _enter_results(page, event, number)
        if match == 1:
            page.goto(f"{base}/manage/events/{event.pk}/explain/")
            lines = page.locator("#explain-lines").inner_text()
            assert "Match 2 of 2 (rounds 3 and 4)" in lines and "board 1:" in lines
    assert m.Round.objects.filter(event=event).count() == 4

    page.goto(f"{base}/manage/events/{event.pk}/standings/")
    page.wait_for_selector("#standings")
    assert "Standings after match 2" in page.content()
    event.refresh_from_db()
    t = store.tournament(event)
    library = ranking(t, store.tiebreak_specs(event), 4, edition=event.tiebreak_edition)
    numbers = [
        int(x) for x in page.locator("#standings tbody tr td:nth-child(2)").all_inner_texts()
    ]
    assert numbers == [s.pairing_number for s in library]
    shot(page, "double-swiss-standings")

    anon = browser.new_context(locale="en-GB", viewport={"width": 400, "height": 800})
    public = anon.new_page()
    for path in ("", "standings/", "rounds/3/", "rounds/4/", "crosstable/"):
        response = public.goto(f"{base}/events/{event.pk}/{path}")
        assert response is not None and response.status == 200, path
    public.goto(f"{base}/events/{event.pk}/rounds/4/")
    assert "Match 2, game 2" in public.content()
    public.goto(f"{base}/events/{event.pk}/standings/")
    assert public.locator("#standings tbody tr").count() == 30
    shot(public, "double-swiss-public-phone")
    anon.close()
    context.close()
