"""The embedded worker: the jobs of the database table, run one at a time in this process.

``chessarbiter web serve`` starts it beside gunicorn (``chessarbiter web worker`` as a child
process, stopped with the server); it needs nothing but the database. It looks for a queued
job at most every second, and stops when asked (SIGTERM, SIGINT: a job it was running is
put back in the queue for the next worker) or when the server that started it is gone.
"""

from __future__ import annotations

import os
import signal
import threading
from types import FrameType

from django.db import close_old_connections, connection

from .services import run_pending

#: Seconds between two looks at the jobs table when it has nothing queued.
POLL_SECONDS = 1.0


def work(*, burst: bool = False, poll: float = POLL_SECONDS, parent: int | None = None) -> int:
    """Run queued jobs until stopped; ``burst``: until none is queued. ``parent``: the
    process id of the server that started this worker (it stops when that one is gone).
    Returns how many jobs ran."""
    stop = threading.Event()

    def stopping(signum: int, frame: FrameType | None) -> None:
        stop.set()
        raise SystemExit(0)

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stopping)
    ran = 0
    try:
        while not stop.is_set():
            if not connection.in_atomic_block:  # else inside a caller's transaction (tests)
                close_old_connections()
            done = run_pending(limit=1)
            ran += done
            if done:
                continue
            if burst or (parent is not None and os.getppid() != parent):
                break
            stop.wait(poll)
    except (SystemExit, KeyboardInterrupt):
        pass
    return ran
