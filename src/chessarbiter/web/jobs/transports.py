"""How a job reaches a worker: the database alone (embedded), or an RQ queue (server mode).

Embedded (no ``REDIS_URL``): ``chessarbiter web serve`` starts one ``chessarbiter web worker``
process beside gunicorn; it polls the jobs table (at most a second between two looks) and
claims the oldest queued row. Nothing else to install or run: the same SQLite file serves the
pages and the jobs.

Server mode (``REDIS_URL=redis://...``): :func:`enqueue` also puts the job's id on an RQ
queue, and ``chessarbiter web worker`` runs RQ workers on any number of machines sharing the
database and Redis. The row stays the record (RQ carries only the id): a duplicate delivery
finds the row taken and is skipped, a lost one leaves the row queued for any worker's claim.

Why RQ: the jobs are few and long (a pairing takes seconds to minutes), all Python, all of one
project; RQ is one small pure-Python package over Redis (which server mode runs anyway for the
shared cache and sessions), with per-job timeouts, retries (``Retry``), a forked work horse
per job (a 5,000-player pairing's memory is returned to the system when it ends) and workers
started by one command. Celery brings a broker abstraction, a result backend, beat and a much
larger configuration surface for features this project does not use (routing, chords, rate
limits across brokers). Django's tasks framework (Django 6.0; the ``django-tasks`` backport,
0.12 here) ships only immediate and dummy backends, with no database or RQ backend to run
jobs in another process.
"""

from __future__ import annotations

import functools
import logging
import threading
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from redis import Redis
    from rq import Queue

logger = logging.getLogger(__name__)

#: The RQ queue's name (``chessarbiter web worker --queue`` names another).
DEFAULT_QUEUE = "chessarbiter"


def server_mode() -> bool:
    """Whether jobs travel on RQ queues (``REDIS_URL`` is set)."""
    return bool(getattr(settings, "REDIS_URL", ""))


def redis_connection() -> Redis:
    """The client of ``REDIS_URL``, one per process and URL: its connection pool is reused by
    every request (redis-py's pool is thread-safe and starts afresh in a forked child). A new
    client per call cost each job submission a TCP connection, the client's handshake and a
    read of the package metadata: 6 of the 11 ms of ``POST .../rounds/next``."""
    return _client(settings.REDIS_URL)


@functools.cache
def _client(url: str) -> Redis:
    from redis import Redis

    return Redis.from_url(url)


def queue(name: str = DEFAULT_QUEUE, connection: Redis | None = None) -> Queue:
    """The RQ queue ``name`` on ``REDIS_URL`` (on ``connection`` when given); without a
    connection, one queue per process, name and URL, so that RQ asks the server's version
    once, not at every submission."""
    if connection is not None:
        from rq import Queue

        return Queue(name, connection=connection)
    return _queue(name, settings.REDIS_URL)


@functools.cache
def _queue(name: str, url: str) -> Queue:
    from rq import Queue

    return Queue(name, connection=_client(url))


def enqueue(pk: Any, name: str = DEFAULT_QUEUE) -> None:
    """Put job ``pk`` on the RQ queue (server mode only; embedded workers read the table).
    Redis unreachable: logged, and the row stays queued for a worker's claim of the table."""
    if not server_mode():
        return
    from redis.exceptions import RedisError
    from rq import Retry

    try:
        queue(name).enqueue_call(
            "chessarbiter.web.jobs.services.run_job",
            args=(str(pk),),
            timeout=settings.CHESSARBITER_JOB_TIMEOUT,
            retry=Retry(max=2),
            result_ttl=600,
            failure_ttl=86400,
        )
    except RedisError:
        logger.exception("job %s: not put on the RQ queue", pk)


def work_burst(limit: int | None = None, name: str = DEFAULT_QUEUE) -> None:
    """Run the RQ queue's jobs in this process until it is empty (RQ's ``SimpleWorker``,
    burst mode, at most ``limit`` jobs): what the tests use in server mode."""
    from rq import SimpleWorker

    connection = redis_connection()
    worker = SimpleWorker([queue(name, connection)], connection=connection)
    worker.work(burst=True, max_jobs=limit, logging_level="WARNING")


#: Seconds between two looks of an RQ worker for jobs lost with their worker.
RECOVER_SECONDS = 15.0


def _recovering(stop: threading.Event) -> None:
    """An RQ worker's look for jobs lost with their worker (heartbeat stopped), every
    :data:`RECOVER_SECONDS`, in a thread of its own connection (the work horses, forked from
    the main thread, never share it)."""
    from django.db import DatabaseError, connection

    from .services import recover_stale

    try:
        while not stop.wait(RECOVER_SECONDS):
            try:
                recover_stale()
            except DatabaseError:
                logger.warning("could not look for lost jobs", exc_info=True)
    finally:
        connection.close()


def _horse_killed(job: Any, *args: Any) -> None:
    """RQ's work horse died under a job (killed, out of memory): the row it ran goes back to
    the queue at once (or fails after its last attempt) rather than wait for its heartbeat
    to go stale."""
    from django.db import connections

    from .services import give_back

    try:
        if job is not None and job.args:
            give_back(job.args[0])
    finally:
        connections.close_all()  # the next work horse is forked from this thread


def work(burst: bool, name: str = DEFAULT_QUEUE) -> None:
    """Serve the RQ queue ``name`` with a worker (one forked work horse per job) until
    stopped; ``burst``: until the queue is empty. A thread of the worker queues again the
    jobs of dead workers (any machine's)."""
    from django.db import connections
    from rq import Worker

    connection = redis_connection()
    # the work horses are forked: they must not share this process's database connections
    connections.close_all()
    stop = threading.Event()
    recovery = threading.Thread(target=_recovering, args=(stop,), daemon=True)
    recovery.start()
    try:
        Worker(
            [queue(name, connection)],
            connection=connection,
            work_horse_killed_handler=_horse_killed,
        ).work(burst=burst, logging_level="INFO")
    finally:
        stop.set()


def timeout_message(error: BaseException) -> str | None:
    """The message of a job stopped by its queue's time limit, else None."""
    try:
        from rq.timeouts import JobTimeoutException
    except ImportError:  # pragma: no cover - rq is installed with the web extra's server mode
        return None
    if isinstance(error, JobTimeoutException):
        return _("The job took longer than %(s)d seconds and was stopped.") % {
            "s": settings.CHESSARBITER_JOB_TIMEOUT
        }
    return None
