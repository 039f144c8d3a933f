"""What the browser tests share: Debian's chromium driven by Playwright for Python (never a
downloaded browser; ``make test`` installs chromium when missing), the marks that skip a test
without it, logging in, and screenshots in ``test-artifacts/``."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
#: Headless as root on a machine without network: no sandbox, nothing fetched at start.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The marks of a browser test module: a live server's database, and a skip without chromium.
MARKS = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not shutil.which(CHROMIUM), reason=f"{CHROMIUM} missing (make test installs it)"
    ),
]
# Playwright's sync API runs an event loop in this thread; the ORM calls of the test itself
# are plain synchronous code
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def launch() -> Iterator[Any]:
    """The body of a module-scoped ``browser`` fixture: chromium, closed at the end."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield b
        b.close()


def shot(page: Any, name: str, full_page: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def log_in(page: Any, base: str, user: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", user)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/manage/")


@contextmanager
def job_worker(interval: float = 0.2) -> Iterator[None]:
    """A background job worker for the live server (what ``web serve`` starts beside
    gunicorn): a thread that runs the queued jobs
    (:func:`chessarbiter.web.jobs.services.run_pending`) until the block ends, with its own
    database connection."""
    from django.db import connection

    from chessarbiter.web.jobs.services import run_pending

    stop = threading.Event()
    errors: list[BaseException] = []

    def loop() -> None:
        try:
            while not stop.wait(interval):
                run_pending()
        except BaseException as e:  # shown by the test, not lost in the thread
            errors.append(e)
        finally:
            connection.close()

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(60)
    if errors:
        raise errors[0]
