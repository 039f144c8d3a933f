"""Background jobs (issue 17 items 2 and 3): a job's life, its failures, the one pairing job
per round the database enforces, a dead worker's job queued again then given up, no round
paired twice, and the pairing page of a big event that follows a job instead of pairing in
the request. In server mode (``REDIS_URL`` set: CI's PostgreSQL + Redis run) the jobs travel
on the RQ queue too."""

from __future__ import annotations

import threading
import time
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import close_old_connections, connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from chessarbiter.errors import ChessArbiterError
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services
from chessarbiter.web.jobs import services as jobs
from chessarbiter.web.jobs import transports
from chessarbiter.web.jobs.models import Job

from .conftest import NAMES, login

seen_states: list[str] = []


@jobs.register("test-probe")
def _probe(job: Job) -> dict[str, Any]:
    seen_states.append(Job.objects.get(pk=job.pk).state)
    jobs.set_progress(job, 50, "half way")
    return {"answer": 42, "progress": Job.objects.get(pk=job.pk).progress}


@jobs.register("test-refused")
def _refused(job: Job) -> dict[str, Any]:
    raise ChessArbiterError("Round 3 has games without a result (boards 2).")


@jobs.register("test-bug")
def _bug(job: Job) -> dict[str, Any]:
    raise KeyError("secret internals")


def _stale(job: Job, attempts: int) -> None:
    """As if a worker had claimed ``job`` and died a while ago."""
    Job.objects.filter(pk=job.pk).update(
        state=Job.State.RUNNING,
        attempts=attempts,
        heartbeat=timezone.now() - jobs.STALE_AFTER - timedelta(seconds=5),
    )


# -- the job's life --------------------------------------------------------------------------


def test_a_job_goes_from_queued_to_running_to_done(event: m.Event, chief: User) -> None:
    seen_states.clear()
    job = jobs.submit("test-probe", event, chief)
    assert job.state == "queued" and isinstance(job.pk, uuid.UUID)
    assert jobs.run_pending() == 1
    job.refresh_from_db()
    assert seen_states == ["running"]
    assert (job.state, job.progress, job.result) == ("done", 100, {"answer": 42, "progress": 50})
    assert job.attempts == 1 and job.started and job.finished and job.error == ""
    assert jobs.run_pending() == 0


def test_a_failed_job_carries_the_librarys_message_never_a_traceback(
    event: m.Event, chief: User, caplog: Any
) -> None:
    refused = jobs.submit("test-refused", event, chief)
    bug = jobs.submit("test-bug", None, chief)
    assert jobs.run_pending() == 2
    refused.refresh_from_db()
    bug.refresh_from_db()
    assert refused.state == "failed"
    assert refused.error == "Round 3 has games without a result (boards 2)."
    assert (bug.state, bug.error) == ("failed", "internal error")
    assert "secret internals" not in bug.error
    assert "secret internals" in caplog.text  # the traceback is the log's


def test_an_unknown_kind_is_refused(event: m.Event, chief: User) -> None:
    with pytest.raises(services.ServiceError, match="Unknown kind of job: teleport"):
        jobs.submit("teleport", event, chief)


def test_run_pending_respects_its_limit(event: m.Event, chief: User) -> None:
    for _ in range(3):
        jobs.submit("test-probe", None, chief)
    assert jobs.run_pending(limit=2) == 2
    assert Job.objects.filter(state="queued").count() == 1
    assert jobs.run_pending() == 1


# -- one pairing job per round ---------------------------------------------------------------


def test_a_second_pairing_of_the_round_is_refused_naming_who_started_it(
    event: m.Event, chief: User, arbiter: User
) -> None:
    first = jobs.submit_pairing(event, chief)
    assert first.round_number == 1
    with pytest.raises(jobs.DuplicateJobError, match=r"Round 1 is being paired by chief since"):
        jobs.submit_pairing(event, arbiter)
    with pytest.raises(jobs.DuplicateJobError, match="by chief"):
        jobs.submit_proposal(event, arbiter)
    # other kinds are not pairing jobs; once the first is finished, the round may be queued
    jobs.submit("test-probe", event, arbiter)
    assert jobs.run_pending() == 2
    assert m.Round.objects.filter(event=event).count() == 1
    assert jobs.submit_pairing(event, arbiter).round_number == 2


def test_a_pairing_job_of_a_finished_event_is_refused(chief: User) -> None:
    ev = services.create_event(chief, name="Tiny", rounds=1)
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES[:4]])
    jobs.submit_pairing(ev, chief)
    jobs.run_pending()
    with pytest.raises(services.ServiceError, match="All 1 rounds are paired"):
        jobs.submit_pairing(ev, chief)


@pytest.mark.django_db(transaction=True)
def test_two_arbiters_at_once_start_one_pairing() -> None:
    """Real threads, each with its own connection: the database's constraint lets one in."""
    chief = User.objects.create_user("c", "", "pw-c-12345")
    deputy = User.objects.create_user("d", "", "pw-d-12345")
    ev = services.create_event(chief, name="Concurrent jobs", rounds=3)
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES])
    refusals: list[BaseException] = []
    barrier = threading.Barrier(2)

    def start(user: User) -> None:
        try:
            barrier.wait()
            jobs.submit_pairing(ev, user)
        except BaseException as e:
            refusals.append(e)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=start, args=(u,)) for u in (chief, deputy)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(refusals) == 1 and isinstance(refusals[0], jobs.DuplicateJobError), refusals
    assert Job.objects.filter(event=ev, state="queued").count() == 1
    assert jobs.run_pending() == 1
    assert m.Round.objects.filter(event=ev).count() == 1


# -- a dead worker ---------------------------------------------------------------------------


def test_a_dead_workers_job_is_queued_again_then_given_up(event: m.Event, chief: User) -> None:
    job = jobs.submit("test-probe", event, chief)
    _stale(job, attempts=1)
    # a job beating its heartbeat is left alone
    Job.objects.filter(pk=job.pk).update(heartbeat=timezone.now())
    assert jobs.recover_stale() == 0
    _stale(job, attempts=1)
    assert jobs.recover_stale() == 1
    job.refresh_from_db()
    assert job.state == "queued" and "queued again" in job.message
    _stale(job, attempts=Job.MAX_ATTEMPTS)
    assert jobs.recover_stale() == 0
    job.refresh_from_db()
    assert job.state == "failed" and "given up" in job.error
    assert jobs.run_pending() == 0


@jobs.register("test-slow")
def _slow(job: Job) -> dict[str, Any]:
    first = Job.objects.get(pk=job.pk).heartbeat
    for _ in range(200):  # at most 2 s
        time.sleep(0.01)
        last = Job.objects.get(pk=job.pk).heartbeat
        if last != first:
            break
    return {"beaten": last is not None and first is not None and last > first}


@pytest.mark.django_db(transaction=True)
def test_a_running_job_beats_its_heartbeat(monkeypatch: Any) -> None:
    monkeypatch.setattr(jobs, "HEARTBEAT_SECONDS", 0.05)
    job = jobs.submit("test-slow", None, None)
    assert jobs.run_pending() == 1
    job.refresh_from_db()
    assert (job.state, job.result) == ("done", {"beaten": True})


def test_a_retry_after_the_round_was_stored_does_not_pair_twice(
    event: m.Event, chief: User
) -> None:
    job = jobs.submit_pairing(event, chief)
    assert jobs.run_pending() == 1
    job.refresh_from_db()
    assert job.result == {"round": 1, "stored": True}
    boards = list(m.Board.objects.filter(round__event=event).values_list("pk", flat=True))
    # the worker died after its commit, before recording the job as done
    _stale(job, attempts=1)
    assert jobs.run_pending() == 1
    job.refresh_from_db()
    assert (job.state, job.result) == ("done", {"round": 1, "stored": False})
    assert m.Round.objects.filter(event=event).count() == 1
    assert list(m.Board.objects.filter(round__event=event).values_list("pk", flat=True)) == boards


def test_a_pairing_job_overtaken_by_a_hand_pairing_stores_nothing(
    event: m.Event, chief: User
) -> None:
    job = jobs.submit_proposal(event, chief)
    services.pair_next_round(event, chief, [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)], "test")
    jobs.run_pending()
    job.refresh_from_db()
    assert job.state == "failed" and "Round 1" in job.error
    assert m.Round.objects.filter(event=event).count() == 1


def test_a_proposal_is_stored_as_computed_only_at_its_version(event: m.Event, chief: User) -> None:
    job = jobs.submit_proposal(event, chief)
    jobs.run_pending()
    job.refresh_from_db()
    assert job.state == "done"
    expected = services.propose_pairing(event)
    assert jobs.proposal_of(job) == expected
    event.refresh_from_db()
    assert jobs.valid_proposal(event) == job
    # the event changes: the proposal is stale and publishing it is refused
    services.withdraw_player(event.players.get(number=10), chief)
    event.refresh_from_db()
    assert jobs.valid_proposal(event) is None
    with pytest.raises(services.ConflictError, match="changed since"):
        services.pair_next_round(
            event, chief, proposal=jobs.proposal_of(job), version=job.result["version"]
        )
    assert not m.Round.objects.filter(event=event).exists()


# -- the pairing page of a big event ---------------------------------------------------------


@pytest.fixture
def big(settings: Any) -> None:
    """Every event counts as big: paired by a job."""
    settings.CHESSARBITER_INLINE_PAIRING_MAX = 0


def _status(client: Client, job: Job) -> Any:
    return client.get(reverse("jobs:status", args=[job.pk]), HTTP_HX_REQUEST="true")


def test_the_pairing_page_of_a_big_event_follows_a_job(
    big: None, client: Client, event: m.Event, chief: User, monkeypatch: Any
) -> None:
    login(client, chief)
    url = reverse("arbiter:pair", args=[event.pk])
    page = client.get(url).content.decode()
    assert 'id="compute"' in page and 'id="proposal"' not in page
    assert not Job.objects.exists()  # nothing computed in the request
    response = client.post(url, {"action": "compute"})
    assert response.status_code == 302
    job = Job.objects.get()
    assert (job.kind, job.state, job.round_number) == ("propose", "queued", 1)
    page = client.get(url).content.decode()
    assert 'id="job-status"' in page and 'hx-trigger="every 1s"' in page
    status = _status(client, job)
    assert status.status_code == 200 and 'data-state="queued"' in status.content.decode()
    assert "HX-Redirect" not in status
    assert jobs.run_pending() == 1
    status = _status(client, job)
    assert status["HX-Redirect"] == url
    assert "hx-trigger" not in status.content.decode()  # finished: polling stops
    page = client.get(url).content.decode()
    assert 'id="proposal"' in page and 'id="publish"' in page
    job.refresh_from_db()
    # a "compute" sent from a page left open before the proposal was ready publishes nothing
    assert client.post(url, {"action": "compute"}).status_code == 302
    assert Job.objects.count() == 1 and not m.Round.objects.exists()

    # publishing stores the proposal as it is, without running the engine again
    def no_engine(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the engine ran again")

    monkeypatch.setattr("chessarbiter.pairing.dutch.engine.pair_round", no_engine)
    response = client.post(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("arbiter:round", args=[event.pk, 1])
    stored = [
        [b.white.number, b.black.number if b.black else None]
        for b in m.Board.objects.filter(round__event=event).order_by("number")
    ]
    assert stored == job.result["boards"]
    assert not m.Round.objects.get(event=event).manual


def test_publishing_a_stale_proposal_pairs_by_a_job(
    big: None, client: Client, event: m.Event, chief: User
) -> None:
    login(client, chief)
    url = reverse("arbiter:pair", args=[event.pk])
    client.post(url, {"action": "compute"})
    jobs.run_pending()
    services.withdraw_player(event.players.get(number=10), chief)
    assert 'id="compute"' in client.get(url).content.decode()  # the proposal is stale
    client.post(url)
    job = Job.objects.get(kind="pair")
    page = client.get(url).content.decode()
    assert 'id="job-status"' in page
    assert jobs.run_pending() == 1
    assert _status(client, job)["HX-Redirect"] == reverse("arbiter:round", args=[event.pk, 1])
    paired = m.Board.objects.filter(round__event=event)
    assert 10 not in {b.white.number for b in paired} | {b.black.number for b in paired if b.black}


def test_a_second_arbiter_sees_who_is_pairing_and_a_failure_is_shown(
    big: None, client: Client, event: m.Event, chief: User, arbiter: User
) -> None:
    jobs.submit_proposal(event, chief)
    login(client, arbiter)
    url = reverse("arbiter:pair", args=[event.pk])
    page = client.get(url).content.decode()
    assert "This round is being paired by chief since" in page
    client.post(url, {"action": "compute"})
    assert Job.objects.count() == 1
    messages = [str(x) for x in client.get(url).context["messages"]]
    assert any("Round 1 is being paired by chief since" in x for x in messages), messages
    # a hand-made pairing waits for the job too
    response = client.post(
        reverse("arbiter:pair_manual", args=[event.pk]), {"boards": "1 6\n2 7\n3 8\n4 9\n5 10"}
    )
    assert response.status_code == 302 and not m.Round.objects.exists()
    # the job fails: the page says why and offers to compute again
    Job.objects.update(state="failed", error="Register at least two players first.")
    page = client.get(url).content.decode()
    assert 'id="pairing-failed"' in page and "Register at least two players first." in page
    assert 'id="compute"' in page


def test_small_events_are_still_paired_in_the_request(
    client: Client, event: m.Event, chief: User
) -> None:
    login(client, chief)
    page = client.get(reverse("arbiter:pair", args=[event.pk])).content.decode()
    assert 'id="proposal"' in page
    client.post(reverse("arbiter:pair", args=[event.pk]))
    assert m.Round.objects.filter(event=event).count() == 1
    assert not Job.objects.exists()


# -- who may see a job -----------------------------------------------------------------------


def test_a_jobs_status_is_shown_only_to_those_who_may_see_its_event(
    client: Client, event: m.Event, chief: User, viewer: User
) -> None:
    job = jobs.submit_proposal(event, chief)
    url = reverse("jobs:status", args=[job.pk])
    assert client.get(url).status_code == 302  # to the login page
    login(client, viewer)
    page = client.get(url)
    assert page.status_code == 200 and "Waiting for a worker" in page.content.decode()
    outsider = User.objects.create_user("outsider", "", "pw-out-12345")
    login(client, outsider)
    assert client.get(url).status_code == 404
    alone = jobs.submit("test-probe", None, chief)
    assert client.get(reverse("jobs:status", args=[alone.pk])).status_code == 404
    login(client, chief)
    assert client.get(reverse("jobs:status", args=[alone.pk])).status_code == 200
    assert client.get(reverse("jobs:status", args=[uuid.uuid4()])).status_code == 404


class TestStatusAddresses(HypothesisTestCase):
    """Any address under /jobs/ is a page or a 404, never a server error."""

    @hsettings(max_examples=25, deadline=None)
    @given(st.text(min_size=1, max_size=40))
    def test_any_job_address(self, tail: str) -> None:
        user = User.objects.get_or_create(username="prober")[0]
        client = Client()
        client.force_login(user)
        response = client.get("/jobs/" + tail.replace("\x00", "") + "/status/")
        assert response.status_code in (200, 301, 302, 404)


# -- server mode -----------------------------------------------------------------------------


@pytest.mark.skipif(not transports.server_mode(), reason="server mode: needs REDIS_URL")
def test_in_server_mode_a_job_travels_on_the_rq_queue(
    event: m.Event, chief: User, django_capture_on_commit_callbacks: Any
) -> None:
    queue = transports.queue()
    queue.empty()  # type: ignore[no-untyped-call]
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.submit_pairing(event, chief)
    assert queue.count == 1
    assert jobs.run_pending() == 1
    assert queue.count == 0
    job.refresh_from_db()
    assert job.state == "done" and m.Round.objects.filter(event=event).count() == 1
