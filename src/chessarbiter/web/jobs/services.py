"""Background jobs: submitted by a request or the API, run by a worker, followed by polling.

The :class:`~.models.Job` row is the one record of a job. :func:`submit` writes it (and, in
server mode, puts its id on the RQ queue, see :mod:`.transports`); a worker claims it (one
atomic ``UPDATE ... WHERE state = 'queued'``: two workers never run one job), runs the
function :func:`register`-ed for its kind while a thread beats its heartbeat, and records the
result or the error. A running job whose heartbeat stopped (its worker was killed) is queued
again by the next worker that looks (:func:`recover_stale`), at most
:attr:`~.models.Job.MAX_ATTEMPTS` runs in all, then failed with a message.

The two pairing kinds: ``propose`` computes the next round's pairing for the arbiter to
review (stored nowhere but in the job's result, valid for the event's ``version`` it was
computed at); ``pair`` computes and stores the next round in the one transaction of
:func:`~chessarbiter.web.events.services.pair_next_round` (event locked, a round number unique
per event): a worker killed before its commit leaves nothing, a retry after it finds the round
paired and finishes as done, never pairing twice.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import (
    DatabaseError,
    IntegrityError,
    close_old_connections,
    connection,
    transaction,
)
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from chessarbiter.errors import ChessArbiterError
from chessarbiter.pairing.round_pairing import Board, RoundPairing

from ..events import models as em
from ..events import store
from ..events.services import (
    ServiceError,
    absent_at_check_in_next,
    pair_next_round,
    propose_pairing,
    round_number_to_pair,
)
from . import transports
from .models import PAIRING_KINDS, Job

logger = logging.getLogger(__name__)

User = Any
JobFunction = Callable[[Job], dict[str, Any]]

#: Seconds between two heartbeats of a running job.
HEARTBEAT_SECONDS = 5.0
#: A running job whose last heartbeat is older than this was lost with its worker.
STALE_AFTER = timedelta(seconds=60)

_KINDS: dict[str, JobFunction] = {}
_executed = 0  # jobs run by this process (run_pending counts the RQ worker's through it)


class DuplicateJobError(ServiceError):
    """The round is already being paired (a queued or running pairing job of that round)."""


def register(kind: str) -> Callable[[JobFunction], JobFunction]:
    """Make ``function(job) -> result`` the worker of jobs of ``kind``; its result (a JSON
    object) is stored in ``Job.result``. A :class:`~chessarbiter.errors.ChessArbiterError` it
    raises fails the job with that message; any other exception fails it as an internal error
    (the traceback logged, never shown)."""

    def decorate(function: JobFunction) -> JobFunction:
        _KINDS[kind] = function
        return function

    return decorate


def set_progress(job: Job, progress: int, message: str = "") -> None:
    """Record how far the job is (0 to 100) and what it does now, for the polling page."""
    job.progress = max(0, min(100, progress))
    job.message = message[:200]
    Job.objects.filter(pk=job.pk).update(progress=job.progress, message=job.message)


def _who(job: Job) -> str:
    return job.created_by.get_username() if job.created_by else _("someone")


def _duplicate(event: em.Event, round_number: int | None) -> DuplicateJobError:
    other = (
        Job.objects.filter(
            event=event,
            round_number=round_number,
            kind__in=PAIRING_KINDS,
            state__in=(Job.State.QUEUED, Job.State.RUNNING),
        )
        .select_related("created_by")
        .first()
    )
    if other is None:  # finished between the refusal and this read
        return DuplicateJobError(
            _("Round %(n)d was being paired: try again.") % {"n": round_number}
        )
    return DuplicateJobError(
        _("Round %(n)d is being paired by %(who)s since %(time)s.")
        % {
            "n": round_number,
            "who": _who(other),
            "time": timezone.localtime(other.created).strftime("%H:%M"),
        }
    )


def submit(
    kind: str,
    event: em.Event | None,
    user: User | None,
    *,
    round_number: int | None = None,
    params: dict[str, Any] | None = None,
) -> Job:
    """Queue a job of ``kind`` (and, in server mode, put it on the RQ queue once its row is
    committed). A pairing kind is refused (:class:`DuplicateJobError`, naming who started
    it and when) while another pairing job of the same event and round is queued or running:
    the database's unique constraint decides, so two arbiters at once cannot both start one."""
    if kind not in _KINDS:
        raise ServiceError(_("Unknown kind of job: %(kind)s.") % {"kind": kind})
    created_by = user if user is not None and user.is_authenticated else None
    try:
        with transaction.atomic():
            job = Job.objects.create(
                kind=kind,
                event=event,
                round_number=round_number,
                params=params or {},
                created_by=created_by,
            )
    except IntegrityError:
        if event is None or kind not in PAIRING_KINDS:
            raise
        raise _duplicate(event, round_number) from None
    transaction.on_commit(lambda: transports.enqueue(job.pk), robust=True)
    return job


def next_round_number(event: em.Event) -> int:
    """The number of the round to pair next (:func:`round_number_to_pair`: refused when every
    round is paired or the event is not paired in rounds). Whether the last round's results
    allow pairing is the pairing's own check, reported by the job."""
    return round_number_to_pair(event, em.Round.objects.filter(event=event).count())


def submit_pairing(event: em.Event, user: User | None) -> Job:
    """Queue the pairing of the next round, stored when done (kind ``pair``)."""
    return submit("pair", event, user, round_number=next_round_number(event))


def submit_proposal(event: em.Event, user: User | None) -> Job:
    """Queue the computation of the next round's proposal for review (kind ``propose``)."""
    return submit("propose", event, user, round_number=next_round_number(event))


def valid_proposal(event: em.Event) -> Job | None:
    """The finished proposal of the next round computed at the event's current version, if
    there is one (then publishing stores it without computing again)."""
    job = (
        Job.objects.filter(event=event, kind="propose", state=Job.State.DONE)
        .order_by("-finished")
        .first()
    )
    if job is None or job.result.get("version") != event.version:
        return None
    return job


def active_pairing(event: em.Event) -> Job | None:
    """The queued or running pairing job of the event, if any."""
    return (
        Job.objects.filter(
            event=event,
            kind__in=PAIRING_KINDS,
            state__in=(Job.State.QUEUED, Job.State.RUNNING),
        )
        .select_related("created_by")
        .first()
    )


def failed_pairing(event: em.Event) -> Job | None:
    """The event's last pairing job, if it failed (its error is the arbiter's to read)."""
    last = Job.objects.filter(event=event, kind__in=PAIRING_KINDS).order_by("-created").first()
    if last is None or last.state != Job.State.FAILED:
        return None
    return last if last.round_number == em.Round.objects.filter(event=event).count() + 1 else None


def proposal_of(job: Job) -> RoundPairing:
    """The pairing a finished ``propose`` job computed."""
    result = job.result
    return RoundPairing(
        int(result["round"]),
        tuple(Board(int(w), int(b)) for w, b in result["boards"]),
        int(result["bye"]) if result.get("bye") is not None else None,
    )


# -- running ---------------------------------------------------------------------------------


def recover_stale(now: Any = None) -> int:
    """Give back (:func:`give_back`) each running job whose heartbeat is older than
    :data:`STALE_AFTER`: its worker died. Returns how many were queued again. Cheap when
    there is nothing to do (one read): every worker's look and every status poll calls it."""
    now = now or timezone.now()
    stale = Job.objects.filter(state=Job.State.RUNNING, heartbeat__lt=now - STALE_AFTER)
    return [give_back(pk) for pk in stale.values_list("pk", flat=True)].count(Job.State.QUEUED)


def give_back(pk: Any) -> str | None:
    """Job ``pk``'s worker died under it: queue it again if it ran fewer than
    ``Job.MAX_ATTEMPTS`` times (and, in server mode, enqueue it), else fail it. Returns the
    job's new state; None if it was not running."""
    running = Job.objects.filter(pk=pk, state=Job.State.RUNNING)
    job = running.first()
    if job is None:
        return None
    if job.attempts >= Job.MAX_ATTEMPTS:
        failed = running.update(
            state=Job.State.FAILED,
            finished=timezone.now(),
            error=_("The job was stopped %(n)d times with its worker: it was given up.")
            % {"n": Job.MAX_ATTEMPTS},
        )
        return Job.State.FAILED if failed else None
    if not running.update(
        state=Job.State.QUEUED, message=_("The worker stopped: queued again."), heartbeat=None
    ):
        return None
    transports.enqueue(pk)
    return Job.State.QUEUED


def _claim(pk: Any = None) -> Job | None:
    """Take job ``pk`` (or the oldest queued job) for this process: queued → running, in
    one atomic update, so no other worker takes it too. None when there is none to take."""
    now = timezone.now()
    skip_locked = connection.features.has_select_for_update_skip_locked
    waiting = Job.objects.filter(state=Job.State.QUEUED)
    if not (waiting.filter(pk=pk) if pk is not None else waiting).exists():
        return None  # the usual answer of an idle worker's look: a read, no write lock
    while True:
        with transaction.atomic():
            queued = Job.objects.filter(state=Job.State.QUEUED)
            if pk is not None:
                queued = queued.filter(pk=pk)
            if skip_locked:
                queued = queued.select_for_update(skip_locked=True)
            candidate = queued.order_by("created").values_list("pk", flat=True).first()
            if candidate is None:
                return None
            taken = Job.objects.filter(pk=candidate, state=Job.State.QUEUED).update(
                state=Job.State.RUNNING,
                started=now,
                heartbeat=now,
                attempts=F("attempts") + 1,
                message="",
            )
        if taken:
            return Job.objects.select_related("event", "created_by").get(pk=candidate)
        if pk is not None:
            return None


def _beat(pk: Any, stop: threading.Event) -> None:
    """Beat the running job's heartbeat until ``stop`` (its own database connection)."""
    try:
        while not stop.wait(HEARTBEAT_SECONDS):
            try:
                Job.objects.filter(pk=pk, state=Job.State.RUNNING).update(heartbeat=timezone.now())
            except DatabaseError:  # a busy or restarting database: the next beat tries again
                logger.warning("job %s: heartbeat not recorded", pk, exc_info=True)
    finally:
        connection.close()


def _finish(job: Job, **fields: Any) -> None:
    fields["finished"] = timezone.now()
    Job.objects.filter(pk=job.pk, state=Job.State.RUNNING).update(**fields)
    for name, value in fields.items():
        setattr(job, name, value)


def execute(job: Job) -> Job:
    """Run a claimed job to its end: done with its result, or failed with its error (the
    library's message; "internal error" for anything else, the traceback logged). A worker
    stopped during the job (SystemExit, KeyboardInterrupt) puts it back in the queue."""
    global _executed
    _executed += 1
    stop = threading.Event()
    beat = threading.Thread(target=_beat, args=(job.pk, stop), daemon=True)
    beat.start()
    try:
        result = _KINDS[job.kind](job)
    except ChessArbiterError as e:
        _finish(job, state=Job.State.FAILED, error=str(e))
    except Exception as e:
        message = transports.timeout_message(e)
        if message is None:
            logger.exception("job %s (%s) failed", job.pk, job.kind)
            message = _("internal error")
        _finish(job, state=Job.State.FAILED, error=message)
    except BaseException:
        Job.objects.filter(pk=job.pk, state=Job.State.RUNNING).update(
            state=Job.State.QUEUED, attempts=F("attempts") - 1, heartbeat=None
        )
        raise
    else:
        _finish(job, state=Job.State.DONE, progress=100, message="", result=result)
    finally:
        stop.set()
        beat.join()
    return job


def run_job(pk: str) -> str:
    """The RQ task: run job ``pk`` if it is still queued (a duplicate delivery, or a job
    another worker took, is skipped). Returns the job's final state."""
    fresh = not connection.in_atomic_block  # else run inside a caller's transaction (tests)
    if fresh:
        close_old_connections()
    try:
        recover_stale()
        job = _claim(pk)
        return execute(job).state if job is not None else "skipped"
    finally:
        if fresh:
            close_old_connections()


def run_pending(limit: int | None = None) -> int:
    """Run queued jobs in this process, now, oldest first, at most ``limit`` (all by default);
    returns how many ran. In server mode the RQ queue is worked first (a burst of RQ's
    ``SimpleWorker`` in this process), then any queued row it did not carry."""
    recover_stale()
    before = _executed
    if transports.server_mode():
        transports.work_burst(limit)
    while limit is None or _executed - before < limit:
        job = _claim()
        if job is None:
            break
        execute(job)
    return _executed - before


# -- the pairing kinds -----------------------------------------------------------------------


@register("propose")
def _propose(job: Job) -> dict[str, Any]:
    """The next round's proposal, for the arbiter to review; valid for the event's version
    it was computed at (read before the event, so a change during the computation makes it
    stale, never the reverse)."""
    event = job.event
    if event is None:
        raise ServiceError(_("The event of this job was deleted."))
    event.refresh_from_db()
    version = event.version
    set_progress(job, 10, _("Reading the event"))
    loaded = store.load(event)
    set_progress(job, 30, _("Pairing"))
    proposal = propose_pairing(event, loaded)
    if job.round_number is not None and proposal.round != job.round_number:
        raise ServiceError(_("Round %(n)d is paired already.") % {"n": job.round_number})
    return {
        "version": version,
        "round": proposal.round,
        "boards": [[b.white, b.black] for b in proposal.boards],
        "bye": proposal.bye,
        "absent": absent_at_check_in_next(event, loaded),
    }


@register("pair")
def _pair(job: Job) -> dict[str, Any]:
    """Pair and store the next round (the round of the job): a retry that finds that round
    stored already (the previous run committed, then its worker died) is done, unchanged."""
    event = job.event
    if event is None:
        raise ServiceError(_("The event of this job was deleted."))
    number = job.round_number
    if number is not None and em.Round.objects.filter(event=event, number=number).exists():
        return {"round": number, "stored": False}
    set_progress(job, 20, _("Pairing"))
    rnd = pair_next_round(event, job.created_by, round_number=number)
    return {"round": rnd.number, "stored": True}
