"""A simul contest in a real browser (Team Competitions 1972: exhibitors against the same
number of opponents, the fastest simul the base and ½ point off the others per 5 minutes
over it): the organiser makes it with the new-event form, the arbiter types each exhibitor's
score and time on the contest's page, a correction is confirmed, and the arbiter's and the
public pages show the library's standings at 1366 and 400 pixels, in English and Russian, no
page wider than the screen. Screenshots go to ``test-artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User

from chessarbiter.special.simul import SimulResult, simul_contest
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .browser import MARKS, launch, log_in, shot

pytestmark = MARKS

LOCALES = (("en", "en-GB"), ("ru", "ru-RU"))
#: (name, score typed, time typed, minutes)
EXHIBITORS = [
    ("Tal, Mikhail", "15", "2:35", 155),
    ("Petrosian, Tigran", "17", "195", 195),
    ("Smyslov, Vasily", "16½", "2:50", 170),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def _fits(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def _standings(page: Any) -> list[list[str]]:
    rows = page.locator("#simul-standings tbody tr")
    return [
        [c.strip() for c in rows.nth(i).locator("td").all_inner_texts()]
        for i in range(rows.count())
    ]


def test_a_simul_contest_from_the_form_to_the_public_standings(
    browser: Any, live_server: Any
) -> None:
    chief = User.objects.create_user("vera", "", "chess-arbiter-22")
    chief.user_permissions.add(Permission.objects.get(codename="add_event"))
    base = live_server.url
    context = browser.new_context(locale="en-GB", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    log_in(page, base, "vera", "chess-arbiter-22")
    page.goto(f"{base}/manage/events/new/")
    page.select_option("#id_system", "simul-contest")
    assert page.locator("#id_simul_boards").is_visible()
    assert page.locator("#id_simul_per_minutes").is_visible()
    assert not page.locator("#id_rounds").is_visible()
    assert not page.locator("#id_tiebreaks").is_visible()
    page.fill("#id_name", "Simul Contest 1972")
    page.fill("#id_simul_boards", "20")
    page.fill("#id_simul_per_minutes", "5")
    page.check("#id_public")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/*/")
    event = m.Event.objects.get(name="Simul Contest 1972")
    assert (event.system, event.simul_boards, event.simul_per_minutes) == ("simul-contest", 20, 5)
    services.add_players(event, chief, [{"name": n, "rating": 2600} for n, *_ in EXHIBITORS])
    page.goto(f"{base}/manage/events/{event.pk}/")
    assert "Pair round" not in page.inner_text("main")
    page.click("text=Exhibitors' results and standings")
    page.wait_for_selector("#simul-results")
    for number, (_name, score, typed, _minutes) in enumerate(EXHIBITORS, start=1):
        row = page.locator(f"#exhibitor-{number}")
        row.locator("input[name=score]").fill(score)
        row.locator("input[name=minutes]").fill(typed)
        row.locator("button[type=submit]").click()
        page.wait_for_load_state()
        assert "Saved." in page.inner_text("main")
    ranked = simul_contest(
        [SimulResult(n, Decimal(s.replace("½", ".5")), mins, 20) for n, s, _t, mins in EXHIBITORS]
    )
    expected = [[str(s.place), s.exhibitor] for s in ranked]
    assert [r[:2] for r in _standings(page)] == expected
    assert _standings(page)[-1][-2:] == ["−4", "13"]  # Petrosian: 40 minutes over
    # a correction without "replace": refused, the recorded result kept
    row = page.locator("#exhibitor-1")
    row.locator("input[name=score]").fill("16")
    row.locator("button[type=submit]").click()
    page.wait_for_load_state()
    assert "confirm to replace or clear it" in page.inner_text("main")
    assert page.locator("#exhibitor-1 input[name=score]").input_value() == "15"
    row = page.locator("#exhibitor-1")
    row.locator("input[name=score]").fill("16")
    row.locator("input[name=replace]").check()
    row.locator("button[type=submit]").click()
    page.wait_for_load_state()
    assert "Saved." in page.inner_text("main")
    assert _standings(page)[0][:2] == ["1", "Tal, Mikhail"]
    assert m.Player.objects.get(event=event, number=1).simul_score == Decimal(16)
    context.close()

    for lang, locale in LOCALES:
        context = browser.new_context(locale=locale, viewport={"width": 1366, "height": 800})
        page = context.new_page()
        log_in(page, base, "vera", "chess-arbiter-22")
        for width in (1366, 400):
            page.set_viewport_size({"width": width, "height": 800})
            for url, name in (
                (f"{base}/manage/events/{event.pk}/simul/", "arbiter"),
                (f"{base}/manage/events/{event.pk}/", "event"),
                (f"{base}/events/{event.pk}/", "public"),
            ):
                page.goto(url)
                shot(page, f"simul-{name}-{width}-{lang}")
                assert (page.locator("html").get_attribute("lang") or "").startswith(lang)
                assert _fits(page), (lang, width, name)
                if name != "event":
                    assert len(_standings(page)) == 3, (lang, width, name)
                    # the adjusted score, the column that ranks, is on the screen
                    adjusted = page.locator("#simul-standings tbody tr td").last.bounding_box()
                    assert adjusted is not None, (lang, width, name)
                    assert adjusted["x"] + adjusted["width"] <= width, (lang, width, adjusted)
                if name == "arbiter":  # the inputs of a row stay usable on a phone
                    score = page.locator("#exhibitor-3 input[name=score]").bounding_box()
                    cell = page.locator("#exhibitor-3 td").nth(1).bounding_box()
                    assert score is not None and score["width"] >= 40, (lang, width, score)
                    assert cell is not None and cell["width"] >= 80, (lang, width, cell)
                    save = page.locator("#exhibitor-3 button[type=submit]").bounding_box()
                    assert save is not None and save["x"] + save["width"] <= width, (lang, save)
        context.close()
