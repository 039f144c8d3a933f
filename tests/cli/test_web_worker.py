"""``chessarbiter web worker`` (issue 17 items 2 and 3): runs the queued jobs (``--burst``:
then stops), and is what ``web serve`` starts beside gunicorn in the embedded mode."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from django.contrib.auth.models import User

from chessarbiter.cli import web
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services
from chessarbiter.web.jobs import services as jobs
from chessarbiter.web.jobs import transports
from chessarbiter.web.jobs.models import Job
from chessarbiter.web.jobs.worker import work

embedded_only = pytest.mark.skipif(
    transports.server_mode(), reason="the embedded worker (server mode runs RQ workers)"
)


def invoke(*args: str) -> Result:
    group = click.Group()
    web.register(group)
    return CliRunner().invoke(group, ["web", *args])


@pytest.fixture
def event(db: Any) -> m.Event:
    chief = User.objects.create_user("chief", "", "pw-chief-123")
    ev = services.create_event(chief, name="Worker Open", rounds=3)
    services.add_players(
        ev, chief, [{"name": f"Player {i}", "rating": 2400 - 10 * i} for i in range(1, 9)]
    )
    return ev


@embedded_only
def test_worker_burst_runs_the_queued_pairing_then_stops(event: m.Event) -> None:
    job = jobs.submit_pairing(event, event.owner)
    result = invoke("worker", "--burst")
    assert result.exit_code == 0, result.output
    assert "1 jobs run." in result.output
    job.refresh_from_db()
    assert job.state == "done" and job.result == {"round": 1, "stored": True}
    assert m.Round.objects.filter(event=event).count() == 1
    result = invoke("worker", "--burst")
    assert "0 jobs run." in result.output


@embedded_only
def test_the_worker_stops_when_the_server_that_started_it_is_gone(event: m.Event) -> None:
    jobs.submit_pairing(event, event.owner)
    # its parent is not the given server: it runs what is queued, then stops
    assert work(parent=os.getppid() + 1, poll=0.01) == 1
    assert Job.objects.get().state == "done"


def test_serve_can_start_the_worker_command() -> None:
    """The command line ``web serve`` runs its worker with is this program's CLI."""
    done = subprocess.run(
        [*web.cli_command(), "web", "worker", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "--burst" in done.stdout and "--queue" in done.stdout


def test_the_redis_password_is_not_printed() -> None:
    assert web.redacted_url("redis://:s3cret@cache:6379/0") == "redis://:***@cache:6379/0"
    assert web.redacted_url("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"


def test_the_worker_runs_on_idle_cpu_time_where_the_system_has_it() -> None:
    """``--idle`` (the default) puts the worker under Linux's ``SCHED_IDLE``: a page request
    preempts it at once. Checked in a child process, whose policy cannot be raised again."""
    code = (
        "import os\n"
        "from chessarbiter.cli.web import _idle_policy\n"
        "set_ = _idle_policy()\n"
        "idle = getattr(os, 'SCHED_IDLE', None)\n"
        "now = os.sched_getscheduler(0) if idle is not None else None\n"
        "print(set_, idle is not None and now == idle)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    expected = "True True" if hasattr(os, "SCHED_IDLE") else "False False"
    assert done.stdout.split() == expected.split()
    assert "--no-idle" in invoke("worker", "--help").output


def test_one_redis_client_and_queue_per_process_and_url(settings: Any) -> None:
    """Every job submission reuses the process's Redis client and RQ queue (a client per
    submission cost a connection and a handshake each: 6 of its 11 ms)."""
    pytest.importorskip("rq")
    settings.REDIS_URL = "redis://127.0.0.1:1/14"  # constructing a client connects nowhere
    client = transports.redis_connection()
    assert transports.redis_connection() is client
    assert transports.queue() is transports.queue()
    assert transports.queue().connection is client
    settings.REDIS_URL = "redis://127.0.0.1:1/13"
    assert transports.redis_connection() is not client
