"""Two arbiters at once (issue 5: never lose an update). Real threads, each with its own
database connection, on the file database the tests use."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import close_old_connections, connection

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import NAMES

pytestmark = pytest.mark.django_db(transaction=True)


def _event() -> tuple[m.Event, User, User]:
    chief = User.objects.create_user("c", "", "pw-c-12345")
    deputy = User.objects.create_user("d", "", "pw-d-12345")
    ev = services.create_event(chief, name="Concurrent", rounds=3)
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES])
    m.Role.objects.create(event=ev, user=deputy, kind=m.Role.Kind.ARBITER)
    return ev, chief, deputy


def _run(jobs: list[Any]) -> list[BaseException]:
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(jobs))

    def wrap(job: Any) -> None:
        try:
            barrier.wait()
            job()
        except BaseException as e:
            errors.append(e)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=wrap, args=(job,)) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def test_two_arbiters_entering_results_at_once_lose_nothing() -> None:
    if connection.vendor == "sqlite" and connection.settings_dict["NAME"] == ":memory:":
        pytest.skip("needs a file database")
    ev, chief, deputy = _event()
    rnd = services.pair_next_round(ev, chief)
    boards = list(rnd.boards.exclude(black=None).order_by("number"))
    first, second = boards[::2], boards[1::2]

    def enter(user: User, mine: list[m.Board], result: str) -> Any:
        def job() -> None:
            for b in mine:
                services.set_result(b.pk, user, result, b.version)

        return job

    errors = _run([enter(chief, first, "1-0"), enter(deputy, second, "0-1")])
    assert errors == []
    results = {b.number: b.result for b in m.Board.objects.filter(round=rnd)}
    assert all(results[b.number] == "1" for b in first)
    assert all(results[b.number] == "0" for b in second)
    ev.refresh_from_db()
    # every change audited, every change raised the version (none lost)
    assert ev.audit.filter(action="result.set").count() == len(boards)


def test_same_board_at_once_one_wins_the_other_is_told() -> None:
    if connection.vendor == "sqlite" and connection.settings_dict["NAME"] == ":memory:":
        pytest.skip("needs a file database")
    ev, chief, deputy = _event()
    rnd = services.pair_next_round(ev, chief)
    board = rnd.boards.exclude(black=None).order_by("number")[0]
    seen = board.version
    outcomes: list[str] = []

    def enter(user: User, result: str) -> Any:
        def job() -> None:
            try:
                services.set_result(board.pk, user, result, seen)
                outcomes.append(result)
            except services.ConflictError:
                outcomes.append("conflict")

        return job

    errors = _run([enter(chief, "1-0"), enter(deputy, "0-1")])
    assert errors == []
    assert outcomes.count("conflict") == 1
    winner = next(o for o in outcomes if o != "conflict")
    board.refresh_from_db()
    assert board.result == {"1-0": "1", "0-1": "0"}[winner]
    assert board.version == seen + 1
