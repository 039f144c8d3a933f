"""A Keizer club season in a real browser (Playwright for Python with Debian's chromium, as
``test_browser.py``; screenshots in ``test-artifacts/``): the arbiter creates the event with
the Keizer rules, imports 30 members from a CSV file, changes the season's parameters on the
Keizer settings page (one refused value first), records an announced absence and club duty,
pairs and enters three rounds from the keyboard, and reads the Keizer standings, the engine's
account of round 4 and the public page."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.pairing.keizer.scoring import ItemKind, keizer_scores, round_item
from chessarbiter.web.events import models as m
from chessarbiter.web.events import store

from .browser import MARKS, launch, log_in, shot
from .conftest import may_create_events

pytestmark = MARKS

MEMBERS = [(f"Lid{n:02d}, Speler", 2300 - 17 * n) for n in range(1, 31)]


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


def test_a_keizer_season_of_thirty_members(browser: Any, live_server: Any, tmp_path: Any) -> None:
    may_create_events(User.objects.create_user("keizer", "", "chess-arbiter-19"))
    base = live_server.url
    context = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    log_in(page, base, "keizer", "chess-arbiter-19")

    page.goto(f"{base}/manage/events/new/")
    page.fill("#id_name", "Clubcompetitie")
    page.fill("#id_rounds", "30")
    page.select_option("#id_edition", "keizer-classic")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/*/")
    event = m.Event.objects.get(name="Clubcompetitie")
    assert event.keizer_scored() and "Keizer (club system)" in page.content()

    members = tmp_path / "leden.csv"
    members.write_text("Name;Rating\n" + "".join(f"{n};{r}\n" for n, r in MEMBERS))
    page.goto(f"{base}/manage/events/{event.pk}/players/")
    page.select_option("select[name=kind]", "csv")
    page.set_input_files("input[name=file]", str(members))
    page.click("form[action$='/players/import/'] button[type=submit]")
    page.wait_for_selector("text=Lid30, Speler")
    assert event.players.count() == 30

    # the season's parameters: a refused value first, shown beside its field
    page.goto(f"{base}/manage/events/{event.pk}/keizer/")
    page.fill("#id_bye", "5/2")
    page.click("#keizer-save")
    page.wait_for_selector("text=Keizer setting bye must be between 0 and 2, not 5/2")
    event.refresh_from_db()
    assert event.keizer_settings == {}
    page.fill("#id_bye", "1/2")
    page.fill("#id_excused", "0.25")
    page.fill("#id_repeat_distance", "2")
    page.click("#keizer-save")
    page.wait_for_selector("text=Keizer settings saved.")
    event.refresh_from_db()
    assert event.keizer_settings == {"bye": "1/2", "excused": "1/4", "repeat_distance": "2"}
    shot(page, "keizer-settings", full_page=False)

    # an announced absence in round 2, club duty in round 3
    for number, rnd, kind in ((7, 2, "Z"), (12, 3, "F")):
        player = event.players.get(number=number)
        page.goto(f"{base}/manage/events/{event.pk}/players/{player.pk}/")
        page.fill("form[action$='/bye/'] input[name=round]", str(rnd))
        page.select_option("form[action$='/bye/'] select[name=kind]", kind)
        page.click("form[action$='/bye/'] button[type=submit]")
        page.wait_for_load_state()
    assert m.ByeRequest.objects.filter(player__event=event).count() == 2

    for number in (1, 2, 3):
        expected = store.pairing_rules(event).pair(store.tournament(event))
        page.goto(f"{base}/manage/events/{event.pk}/pair/")
        page.click("#publish")
        page.wait_for_selector("#entry-bar[data-ready]")
        stored = [
            (b.white.number, b.black and b.black.number)
            for b in m.Board.objects.filter(round__event=event, round__number=number).exclude(
                black=None
            )
        ]
        assert stored == [(b.white, b.black) for b in expected.boards], number
        _enter_results(page, event, number)
    t = store.tournament(event)
    assert round_item(t, t.player(7), 2).kind is ItemKind.EXCUSED
    assert round_item(t, t.player(12), 3).kind is ItemKind.CLUB_DUTY

    page.goto(f"{base}/manage/events/{event.pk}/standings/")
    page.wait_for_selector("#standings.keizer")
    event.refresh_from_db()
    scored = keizer_scores(store.tournament(event), store.keizer_settings(event))
    numbers = [
        int(x) for x in page.locator("#standings tbody tr td:nth-child(2)").all_inner_texts()
    ]
    assert numbers == list(scored.ranking)
    values = [int(x) for x in page.locator("#standings td.keizer-value").all_inner_texts()]
    assert values == [scored.values[n] for n in scored.ranking] == list(range(30, 0, -1))
    first = page.locator("#standings td.keizer-score").first.inner_text()
    assert Fraction(first.replace(",", ".")) == round(scored.scores[scored.ranking[0]], 2)
    shot(page, "keizer-standings")

    page.goto(f"{base}/manage/events/{event.pk}/explain/")
    lines = page.locator("#explain-lines").inner_text()
    assert "Keizer (custom settings) ranking after round 3" in lines and "board 1:" in lines

    anon = browser.new_context(locale="en-GB", viewport={"width": 400, "height": 800})
    public = anon.new_page()
    public.goto(f"{base}/events/{event.pk}/standings/")
    assert public.locator("#standings tbody tr").count() == 30
    assert "Ranked by Keizer score" in public.content()
    public.goto(f"{base}/events/{event.pk}/rounds/2/")
    assert "announced absence" in public.content()
    shot(public, "keizer-public-phone")
    anon.close()
    context.close()
