"""Check-in before round 1: the services (one player, everyone, the section's setting), the
pairing of round 1 with only the players present, and the check-in page with its
permissions."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.model import Result
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store

from .conftest import login, play_round

PRESENT = [1, 2, 3, 5, 6, 8, 9]


def _check_in(event: m.Event, user: User, numbers: list[int]) -> None:
    services.set_check_in(event, user, True)
    for p in event.players.filter(number__in=numbers):
        services.set_checked_in(p, user, True)
    event.refresh_from_db()


def test_round_1_pairs_only_the_players_checked_in(event: m.Event, chief: User) -> None:
    _check_in(event, chief, PRESENT)
    assert services.check_in_counts(event) == (7, 3)
    assert services.absent_at_check_in_next(event) == [4, 7, 10]
    rnd = services.pair_next_round(event, chief)
    boards = list(rnd.boards.select_related("white", "black"))
    games = [(b, b.black) for b in boards if b.black is not None]
    without = {b.white.number: b.result for b in boards if b.black is None}
    assert len(games) == 3
    seated = {n for b, black in games for n in (b.white.number, black.number)}
    assert seated | {n for n, r in without.items() if r == "U"} == set(PRESENT)
    assert sorted(without.values()) == ["U", "Z", "Z", "Z"]
    assert {n for n, r in without.items() if r == "Z"} == {4, 7, 10}
    # the library reads them as a known absence of round 1: no points, no colour
    t = store.tournament(event)
    for n in (4, 7, 10):
        entry = t.player(n).entry(1)
        assert entry.opponent is None and entry.result is Result.ZERO_POINT_BYE
    audit = event.audit.filter(action="round.pair").first()
    assert audit is not None and audit.data["absent_at_check_in"] == [4, 7, 10]
    # the absentees are paired from round 2 on, like everybody
    for b, _black in games:
        services.set_result(b.pk, chief, "1-0")
    rnd2 = services.pair_next_round(event, chief)
    seated2 = {
        n
        for b in rnd2.boards.select_related("white", "black")
        for n in (b.white.number, b.black.number if b.black else None)
        if n is not None
    }
    assert seated2 == set(range(1, 11))


def test_without_check_in_everyone_is_paired(event: m.Event, chief: User) -> None:
    for p in event.players.filter(number__in=PRESENT):  # ignored while check-in is off
        services.set_checked_in(p, chief, True)
    rnd = services.pair_next_round(event, chief)
    assert rnd.boards.exclude(black=None).count() == 5
    assert not rnd.boards.filter(result="Z").exists()


def test_fewer_than_two_present_is_refused(event: m.Event, chief: User) -> None:
    _check_in(event, chief, [3])
    with pytest.raises(services.ServiceError, match="at least 2"):
        services.pair_next_round(event, chief)
    assert not event.round_set.exists()


def test_a_hand_made_round_1_stores_the_absentees_too(event: m.Event, chief: User) -> None:
    _check_in(event, chief, [1, 2, 3, 4])
    assert services.check_boards(event, [(1, 3), (4, 2)]) == []  # the others are not expected
    rnd = services.pair_next_round(event, chief, boards=[(1, 3), (4, 2)], note="")
    assert set(rnd.boards.filter(result="Z").values_list("white__number", flat=True)) == {
        5,
        6,
        7,
        8,
        9,
        10,
    }


def test_check_in_is_refused_once_round_1_is_paired(event: m.Event, chief: User) -> None:
    play_round(event, chief)
    player = event.players.get(number=1)
    with pytest.raises(services.ServiceError, match="before round 1"):
        services.set_checked_in(player, chief, True)
    with pytest.raises(services.ServiceError, match="before round 1"):
        services.check_in_all(event, chief)
    with pytest.raises(services.ServiceError, match="before round 1"):
        services.set_check_in(event, chief, True)


def test_check_in_is_for_a_swiss(chief: User) -> None:
    rr = services.create_event(chief, name="Round robin", system="roundrobin", rounds=3)
    with pytest.raises(services.ServiceError, match="Swiss"):
        services.set_check_in(rr, chief, True)
    # a round robin whose setting was stored on anyway is not paired by check-in
    services.add_players(rr, chief, [{"name": f"P{i}"} for i in range(4)])
    m.Event.objects.filter(pk=rr.pk).update(check_in=True)
    rr.refresh_from_db()
    with pytest.raises(services.ServiceError, match="Swiss"):
        services.pair_next_round(rr, chief)


def test_everyone_at_once_in_one_audited_change(event: m.Event, chief: User) -> None:
    assert services.check_in_all(event, chief) == 10
    assert services.check_in_all(event, chief) == 0
    assert services.check_in_counts(event) == (10, 0)
    assert event.audit.filter(action="checkin.all").count() == 1
    assert services.check_in_all(event, chief, present=False) == 10
    assert services.check_in_counts(event) == (0, 10)


# -- the pages ---------------------------------------------------------------------------------


def test_the_check_in_page_toggles_a_player_with_htmx(
    client: Client, event: m.Event, arbiter: User
) -> None:
    login(client, arbiter)
    url = reverse("arbiter:check_in", args=[event.pk])
    r = client.get(url)
    assert r.status_code == 200
    assert "0 players present" in r.content.decode()
    p = event.players.get(number=4)
    toggle = reverse("arbiter:check_in_player", args=[event.pk, p.pk])
    r = client.post(toggle, {"present": "1"}, headers={"HX-Request": "true"})
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="check-in-list"' in html and "1 player present" in html
    assert "<html" not in html  # the fragment only
    p.refresh_from_db()
    assert p.checked_in
    r = client.post(toggle, {"present": "0"})  # without htmx: back to the list
    assert r.status_code == 302
    p.refresh_from_db()
    assert not p.checked_in
    r = client.post(reverse("arbiter:check_in_everyone", args=[event.pk]), {"present": "1"})
    assert r.status_code == 302
    assert event.players.filter(checked_in=True).count() == 10


def test_the_pairing_page_shows_the_absentees(client: Client, event: m.Event, chief: User) -> None:
    _check_in(event, chief, PRESENT)
    login(client, chief)
    r = client.get(reverse("arbiter:pair", args=[event.pk]))
    html = r.content.decode()
    assert r.status_code == 200
    assert 'id="absent-at-check-in"' in html and "3 players did not check in" in html
    assert "Volkov, Daniil" in html  # number 4
    r = client.post(reverse("arbiter:pair", args=[event.pk]))
    assert r.status_code == 302
    assert event.round_set.get().boards.filter(result="Z").count() == 3
    r = client.get(reverse("arbiter:round", args=[event.pk, 1]))
    assert r.status_code == 200


def test_the_chief_turns_check_in_on(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    r = client.post(reverse("arbiter:check_in_setting", args=[event.pk]), {"on": "1"})
    assert r.status_code == 302
    event.refresh_from_db()
    assert event.check_in
    r = client.get(reverse("arbiter:check_in", args=[event.pk]))
    assert 'id="check-in-on"' in r.content.decode()


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("check_in_player", {"present": "1"}),
        ("check_in_everyone", {"present": "1"}),
        ("check_in_setting", {"on": "1"}),
    ],
)
def test_a_viewer_may_not_check_in(
    client: Client, event: m.Event, viewer: User, name: str, data: dict[str, Any]
) -> None:
    login(client, viewer)
    assert client.get(reverse("arbiter:check_in", args=[event.pk])).status_code == 200
    p = event.players.get(number=1)
    args = [event.pk, p.pk] if name == "check_in_player" else [event.pk]
    assert client.post(reverse(f"arbiter:{name}", args=args), data).status_code == 403
    p.refresh_from_db()
    event.refresh_from_db()
    assert not p.checked_in and not event.check_in


def test_an_arbiter_may_not_change_the_setting(
    client: Client, event: m.Event, arbiter: User
) -> None:
    login(client, arbiter)
    r = client.post(reverse("arbiter:check_in_setting", args=[event.pk]), {"on": "1"})
    assert r.status_code == 403


def test_no_role_is_told_nothing(client: Client, event: m.Event) -> None:
    stranger = User.objects.create_user("stranger", "", "pw-stranger-123")
    login(client, stranger)
    p = event.players.get(number=1)
    assert client.get(reverse("arbiter:check_in", args=[event.pk])).status_code == 404
    r = client.post(reverse("arbiter:check_in_player", args=[event.pk, p.pk]), {"present": "1"})
    assert r.status_code == 404
    # a player of another event through this event's address: not found
    other = services.create_event(stranger, name="Other", rounds=3)
    services.add_players(other, stranger, [{"name": "X"}, {"name": "Y"}])
    x = other.players.get(number=1)
    login(client, User.objects.get(username="chief"))
    r = client.post(reverse("arbiter:check_in_player", args=[event.pk, x.pk]), {"present": "1"})
    assert r.status_code == 404
