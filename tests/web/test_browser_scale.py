"""A platform's and an arbiter's day with a big event, in a real browser (Playwright for
Python with Debian's chromium, as ``test_browser.py``; screenshots in ``test-artifacts/``).

An arbiter makes an API token on ``/api/tokens/``, reads the browsable API docs (Swagger UI
rendered by the browser from the bundled scripts, no CDN), then, as a platform would, creates
an event from the real 284-player open through the API with that token, asks for the next
round (202 and a job, run by the background worker) and follows the job to its end; the round
is read back through the API and on the arbiter's round page. Then the explanation page of the
round after: folded bracket by bracket, and "why was X paired" asked by name, which opens X's
bracket.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from chessarbiter.web.events import models as m

from .browser import MARKS, job_worker, launch, log_in, shot
from .conftest import REAL_OPEN, may_create_events

pytestmark = [
    *MARKS,
    pytest.mark.skipif(not REAL_OPEN.exists(), reason=f"{REAL_OPEN} is not available"),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture
def worker() -> Iterator[None]:
    with job_worker():
        yield


def test_a_platform_pairs_a_big_round_through_the_api_and_the_arbiter_asks_why(
    browser: Any, live_server: Any, worker: None
) -> None:
    may_create_events(User.objects.create_user("anna", "", "pw-for-anna-42"))
    base = live_server.url
    page = browser.new_page()
    page.set_default_timeout(60_000)
    log_in(page, base, "anna", "pw-for-anna-42")

    # a token, shown once
    page.goto(f"{base}/api/tokens/")
    page.fill("#token-name", "club site")
    page.click("button[name=create]")
    key = page.inner_text("#new-key code").strip()
    assert key.startswith("ca_")
    assert "club site" in page.inner_text("#tokens")

    # the browsable docs: Swagger UI drawn by the browser, every operation listed
    page.goto(f"{base}/api/docs/")
    page.wait_for_selector(".swagger-ui .opblock")
    paths = page.request.get(f"{base}/api/schema/").json()["paths"]
    assert page.locator(".swagger-ui .opblock").count() == sum(len(ops) for ops in paths.values())
    assert page.locator(".swagger-ui .opblock-summary-path", has_text="/api/pair").count() >= 1
    shot(page, "api-docs", full_page=False)

    # a platform's calls, with the token
    auth = {"Authorization": f"Bearer {key}"}
    assert page.request.get(f"{base}/api/events").status == 401  # no token, no answer
    made = page.request.post(
        f"{base}/api/events/trf",
        # the file does not say how many rounds the open has: XXR, as a platform would send
        data=REAL_OPEN.read_bytes() + b"\nXXR 9\n",
        headers={**auth, "Content-Type": "text/plain"},
    )
    assert made.status == 201, made.text()
    event = made.json()
    assert event["players"] == 284
    before = event["rounds_paired"]
    asked = page.request.post(f"{base}/api/events/{event['id']}/rounds/next", headers=auth)
    assert asked.status == 202, asked.text()
    status_url = asked.json()["status_url"]
    deadline = time.monotonic() + 120
    state: dict[str, Any] = {}
    while time.monotonic() < deadline:
        state = page.request.get(base + status_url, headers=auth).json()
        if state["state"] in ("done", "failed"):
            break
        time.sleep(0.3)
    assert state["state"] == "done", state
    number = before + 1
    boards = page.request.get(
        f"{base}/api/events/{event['id']}/rounds/{number}", headers=auth
    ).json()["boards"]
    stored = m.Board.objects.filter(round__event_id=event["id"], round__number=number)
    assert len(boards) == stored.count() >= 140
    page.goto(f"{base}/manage/events/{event['id']}/rounds/{number}/")
    assert page.locator("#entry-bar").count() == 1

    # the explanation of the next round: folded, then asked about one player by name
    ev = m.Event.objects.get(pk=event["id"])
    for board in boards:
        entered = page.request.put(
            f"{base}/api/events/{ev.pk}/rounds/{number}/boards/{board['board']}",
            data={"result": "1-0" if board["board"] % 3 else "="},
            headers=auth,
        )
        assert entered.status == 200, entered.text()
    page.goto(f"{base}/manage/events/{ev.pk}/explain/")
    brackets = page.locator("details[id^=bracket-]")
    assert brackets.count() >= 5
    assert page.locator("details[id^=bracket-][open]").count() == 0
    top = m.Player.objects.get(event=ev, number=1)
    page.fill("#why-form input[name=q]", top.name.split(",")[0])  # the one search box
    page.click("#why-form button[type=submit]")
    page.wait_for_selector("#why")
    assert page.locator("details[id^=bracket-][open]").count() == 1
    assert f"{top.number}" in page.inner_text("#why")
    shot(page, "explain-why")
    page.close()
