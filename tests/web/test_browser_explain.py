"""The explanation page of a 284-player round in a real browser, at 1366 px and at 400 px, in
English and Russian: the brackets are folded, typing a pairing number (or a name) in the search
box opens the bracket where that player is paired and marks him, Enter asks the server why,
and the page never overflows sideways. Screenshots go to ``test-artifacts/``.

The real open of ``../shared`` (the Karl-Mala-Gedenkturnier) before its round 8, imported by
the services; Playwright for Python with Debian's chromium, as in ``test_browser.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter import trf
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .browser import MARKS, launch, log_in, shot

pytestmark = MARKS

NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
OPEN_BRACKETS = "() => [...document.querySelectorAll('details[id^=bracket-][open]')].map(d => d.id)"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture
def real_open(shared: Path) -> m.Event:
    """The 284-player open with its seven rounds played, round 8 to pair (of 9)."""
    path = shared / "real" / "sharly-chess" / "trf" / "example_trf16.trf"
    t = trf.loads(path.read_text(encoding="latin-1"), str(path))
    t.total_rounds = 9
    chief = User.objects.create_user("blum", "", "chess-arbiter-21")
    return services.import_trf(chief, trf.dumps(t, trf.TRF2026), path.name)


def test_the_explanation_folds_and_its_search_opens_the_right_bracket(
    browser: Any, live_server: Any, real_open: m.Event
) -> None:
    explanation = services.explain_next_round(real_open)
    where = {
        n: i
        for i, b in enumerate(explanation.brackets)
        for c in b.choices
        for n in (c.player, c.opponent)
    }
    pair = explanation.brackets[3].choices[1]  # a pair well down the page
    x, y = pair.player, pair.opponent
    name = next(r.name for r in explanation.brackets[3].players if r.number == y)
    base = live_server.url
    url = f"{base}/manage/events/{real_open.pk}/explain/"
    # every check at 1366 and 400 px in English; in Russian (layout, not words) the folded
    # page at both widths and the search at 400 px
    for width, lang, search, ask in (
        (1366, "en", True, True),
        (400, "en", True, True),
        (400, "ru", True, False),
        (1366, "ru", False, False),
    ):
        context = browser.new_context(locale="en-GB", viewport={"width": width, "height": 900})
        context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
        page = context.new_page()
        log_in(page, base, "blum", "chess-arbiter-21")
        page.goto(url)
        assert page.evaluate("document.documentElement.lang") == lang
        brackets = page.locator("details[id^=bracket-]")
        assert brackets.count() == len(explanation.brackets) > 10
        assert page.evaluate(OPEN_BRACKETS) == []  # folded
        assert page.evaluate(NO_OVERFLOW), f"{width} px {lang}: the page overflows"
        shot(page, f"explain-{width}-{lang}-folded", full_page=False)
        if search:
            # typing a number opens his bracket only, and marks his row and his pair
            page.fill("#id_q", str(x))
            page.wait_for_function(f"({OPEN_BRACKETS})().length > 0")
            assert page.evaluate(OPEN_BRACKETS) == [f"bracket-{where[x]}"]
            row = page.locator(f"#bracket-{where[x]} tr.explain-hit[data-n='{x}']").first
            assert row.is_visible()
            assert page.locator(f"li.explain-hit[data-pair='{x} {y}']").is_visible()
            assert page.evaluate(NO_OVERFLOW), f"{width} px {lang}: the open bracket overflows"
            shot(page, f"explain-{width}-{lang}-search", full_page=False)
            # a part of a name does the same; clearing the box folds the bracket again
            page.fill("#id_q", name.split(",")[0])
            page.wait_for_function(
                f"document.querySelector(\"tr.explain-hit[data-n='{y}']\") !== null"
            )
            assert f"bracket-{where[y]}" in page.evaluate(OPEN_BRACKETS)
            page.fill("#id_q", "")
            page.wait_for_function(f"({OPEN_BRACKETS})().length === 0")
        if ask:
            # Enter asks the server: the answer, and his bracket opened without a script
            page.fill("#id_q", f"{x} vs {y}")
            page.press("#id_q", "Enter")
            page.wait_for_selector("#why")
            assert f"Why {x} (" in page.inner_text("#why")
            assert page.evaluate(OPEN_BRACKETS) == [f"bracket-{where[x]}"]
            assert page.evaluate(NO_OVERFLOW), f"{width} px {lang}: the answer overflows"
            shot(page, f"explain-{width}-{lang}-why", full_page=False)
        context.close()
