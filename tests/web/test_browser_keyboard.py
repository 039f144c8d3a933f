"""Issue 13 item 1 in a real browser: a 142-board round entered from the keyboard.

The 284 players of a real Swiss-Manager file (the Karl-Mala-Gedenkturnier,
``../shared/real/sharly-chess/trf/example_trf16.trf``) are imported without their rounds and
round 1 is paired by the services; then an arbiter types every board's result on the round
page (board number, a separator, the result key, Enter), boards 10, 11, 20, 100 and 142
among them, the keys typed ahead without waiting for the answers. Every board must hold
exactly the result meant for it, with one audit entry each. Then the bar's refusals (a board
that is not in the round, the result key typed straight after the board number) and the
confirmation asked before a result is replaced, from the keyboard and from a row's select.

Playwright for Python with Debian's chromium, as in ``test_browser.py``; a screenshot goes to
``test-artifacts/``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter import trf
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store

from .browser import MARKS, launch, log_in, shot
from .conftest import NAMES

pytestmark = MARKS

#: The key typed for each result, and the TRF codes (white, black) it must store.
CODES = {"1": ("1", "0"), "0": ("0", "1"), "=": ("=", "="), "+": ("+", "-"), "-": ("-", "+")}
#: The separators between the board number and the result key, in turn.
SEPARATORS = ("Space", "Tab", "Enter")


def key_for(board: int) -> str:
    """The fixed pattern of the results typed: every key on boards of every length."""
    return "10=+-"[(board * 7 + board // 10) % 5]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture
def karl_mala(shared: Path) -> tuple[m.Event, User]:
    """The 284 players of the file imported by the services without their rounds, and round 1
    paired."""
    path = shared / "real" / "sharly-chess" / "trf" / "example_trf16.trf"
    t = trf.loads(path.read_text(encoding="latin-1"), str(path))
    for p in t:
        p.results.clear()
    t.total_rounds = 7
    chief = User.objects.create_user("rondio", "", "chess-arbiter-13")
    event = services.import_trf(chief, trf.dumps(t, trf.TRF2026), path.name)
    assert event.players.count() == 284 and not event.round_set.exists()
    services.pair_next_round(event, chief)
    return event, chief


def boards_of(event: m.Event) -> dict[int, m.Board]:
    return {
        b.number: b
        for b in m.Board.objects.filter(round__event=event, round__number=1).select_related(
            "white", "black"
        )
    }


def test_issue13_item1_every_board_of_a_142_board_round_from_the_keyboard(
    browser: Any, live_server: Any, karl_mala: tuple[m.Event, User]
) -> None:
    started = time.monotonic()
    event, _chief = karl_mala
    boards = boards_of(event)
    assert sorted(boards) == list(range(1, 143)) and all(b.black for b in boards.values())
    base = live_server.url
    context = browser.new_context(locale="en-GB", viewport={"width": 1200, "height": 900})
    page = context.new_page()
    log_in(page, base, "rondio", "chess-arbiter-13")
    page.goto(f"{base}/manage/events/{event.pk}/rounds/1/")
    assert page.locator("#results-count").inner_text() == "0 of 142 results entered"
    page.wait_for_selector("#entry-bar[data-ready]")
    board_field = page.locator("#entry-bar input[name=board]")
    preview = page.locator("#entry-preview")
    kb = page.keyboard

    # the preview names the players before anything is sent
    kb.type("10")
    b10 = boards[10]
    assert b10.black is not None
    assert b10.white.name in preview.inner_text() and b10.black.name in preview.inner_text()
    # the old way (the result key straight after the number) is refused, and the bar stops:
    # nothing but Escape or Backspace is taken until the arbiter has seen it
    kb.press("=")
    assert "Space, Tab or Enter" in preview.inner_text()
    kb.press("Enter")
    assert page.locator("#entry-bar[data-mode=error]").count() == 1
    kb.press("Escape")
    # a board that is not in the round: refused on the spot, nothing sent
    kb.type("143 =")
    kb.press("Enter")
    assert "Round 1 has no board 143" in preview.inner_text()
    kb.press("Escape")
    # a forgotten Enter: the next board's digits are a second result key, and stop the bar
    kb.type("11 1")
    kb.type("12 0\n")
    assert "One result key per board" in preview.inner_text()
    assert page.locator("#entry-bar[data-mode=error]").count() == 1
    kb.press("Escape")
    assert board_field.input_value() == ""
    assert not event.audit.filter(action="result.set").exists()

    # every board, typed ahead without waiting for the server's answers
    order = list(range(1, 143))
    # (keyboard.type sends " " and "\n" as Space and Enter; Tab needs a press of its own)
    text = ""
    for n in order:
        separator = SEPARATORS[n % 3]
        if separator == "Tab":
            kb.type(text + str(n))
            kb.press("Tab")
            text = ""
        else:
            text += str(n) + (" " if separator == "Space" else "\n")
        text += key_for(n) + "\n"  # the result key and Enter
    kb.type(text)
    page.wait_for_function(
        "() => !document.querySelector('#entry-bar').dataset.busy"
        " && document.querySelectorAll('#boards tr.pending').length === 0",
        timeout=180000,
    )
    assert (
        board_field.input_value() == "" and page.evaluate("document.activeElement.name") == "board"
    )
    typed = time.monotonic()
    # the count above the table followed every row without a reload
    assert page.locator("#results-count").inner_text() == "142 of 142 results entered"

    saved = boards_of(event)
    for n in order:
        assert (saved[n].result, saved[n].black_result) == CODES[key_for(n)], n
    entries = list(event.audit.filter(action="result.set"))
    assert len(entries) == 142
    assert sorted(e.data["number"] for e in entries) == order
    for e in entries:
        assert e.data["board"] == saved[e.data["number"]].pk and e.data["previous"] == ""
    for n in (10, 11, 20, 100, 142):  # the rows on the page show the same
        expected = store.result_choice(*CODES[key_for(n)])
        assert page.locator(f"#board-{n} select").input_value() == expected

    # replacing a result from the keyboard: asked first; Escape keeps it
    old = CODES[key_for(20)]
    new_key = "=" if key_for(20) != "=" else "1"
    kb.type(f"20 {new_key}")
    kb.press("Enter")
    page.wait_for_selector("#entry-bar[data-mode=confirm]")
    assert "Board 20 already has" in preview.inner_text()
    assert "Enter to confirm" in preview.inner_text()
    kb.press("Escape")
    assert "kept" in page.locator("#entry-log li").first.inner_text()
    b20 = m.Board.objects.get(pk=saved[20].pk)
    assert (b20.result, b20.black_result) == old
    # asked again, and Enter confirms
    kb.type(f"20 {new_key}")
    kb.press("Enter")
    page.wait_for_selector("#entry-bar[data-mode=confirm]")
    shot(page, "results-keyboard-confirm", full_page=False)
    kb.press("Enter")
    page.wait_for_function(
        "([v]) => document.querySelector('#board-20 select').value === v"
        " && !document.querySelector('#entry-bar').dataset.busy",
        arg=[store.result_choice(*CODES[new_key])],
    )
    b20.refresh_from_db()
    assert (b20.result, b20.black_result) == CODES[new_key]
    last = event.audit.filter(action="result.set").first()
    assert last is not None and last.data["number"] == 20
    assert last.data["previous"] == store.result_label(*old)

    # a row's select asks with a dialog: dismissed, nothing changes; accepted, it does
    b30 = saved[30]
    other = "0-1u"
    page.once("dialog", lambda d: d.dismiss())
    page.select_option("#board-30 select", other)
    page.wait_for_selector("#entry-log li:has-text('Board 30')")
    assert page.locator("#board-30 select").input_value() == store.result_choice(
        b30.result, b30.black_result
    )
    b30.refresh_from_db()
    assert (b30.result, b30.black_result) == CODES[key_for(30)]
    page.once("dialog", lambda d: d.accept())
    page.select_option("#board-30 select", other)
    page.wait_for_function("() => document.querySelector('#board-30').dataset.choice === '0-1u'")
    b30.refresh_from_db()
    assert (b30.result, b30.black_result) == ("L", "W")
    assert event.audit.filter(action="result.set").count() == 144

    shot(page, "results-keyboard", full_page=False)
    context.close()
    print(
        f"\n142 boards typed in {typed - started:.1f} s; whole test body "
        f"{time.monotonic() - started:.1f} s"
    )


def test_issue13_item1_the_bar_refuses_a_bye_and_shows_what_it_replaces(
    browser: Any, live_server: Any
) -> None:
    """Eleven players: five games and the pairing-allocated bye on board 6."""
    chief = User.objects.create_user("blum", "", "chess-arbiter-14")
    event = services.create_event(chief, name="Bye Open", rounds=5)
    services.add_players(
        event, chief, [{"name": n, "rating": r} for n, r in [*NAMES, ("Zeller, Karl", 1900)]]
    )
    rnd = services.pair_next_round(event, chief)
    bye = rnd.boards.get(black=None)
    first = rnd.boards.get(number=1)
    services.set_result(first.pk, chief, "1-0")
    context = browser.new_context(locale="en-GB", viewport={"width": 1000, "height": 700})
    page = context.new_page()
    log_in(page, live_server.url, "blum", "chess-arbiter-14")
    page.goto(f"{live_server.url}/manage/events/{event.pk}/rounds/1/")
    page.wait_for_selector("#entry-bar[data-ready]")
    preview = page.locator("#entry-preview")
    kb = page.keyboard

    kb.type(f"{bye.number} 1")
    kb.press("Enter")
    assert f"Board {bye.number} is a bye ({bye.white.name})" in preview.inner_text()
    assert page.locator("#entry-bar[data-mode=error]").count() == 1  # "1" and Enter ignored
    kb.press("Escape")
    kb.type("0 1")
    kb.press("Enter")
    assert "Round 1 has no board 0" in preview.inner_text()
    kb.press("Escape")
    # Backspace corrects the number; the line shows what is there and what would replace it
    kb.type("12")
    kb.press("Backspace")
    kb.press("Backspace")
    kb.type("1 =")
    text = preview.inner_text()
    assert first.white.name in text and "now 1-0" in text and "½-½ (replaces 1-0)" in text
    kb.press("Escape")
    assert event.audit.filter(action="result.set").count() == 1
    bye.refresh_from_db()
    assert bye.result == "U"
    context.close()
