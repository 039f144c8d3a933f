"""A handicap Swiss in the web app (Team Competitions 1972: elimination by personal limits of
lost points): the limits an event setting checked by the library, the players whose lost
points reach their limit not paired any more (a zero-point bye each round), and shown on the
pairing page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.event_settings import EventSettings, event_problems
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import NAMES, login


@pytest.fixture
def handicap(chief: User) -> m.Event:
    # every player may lose one point; player 1 (the favourite) two
    ev = services.create_event(chief, name="Handicap", rounds=5, handicap_limits="1; 1=2")
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES])
    ev.refresh_from_db()
    return ev


def test_the_limits_are_checked_by_the_library() -> None:
    assert event_problems(EventSettings(handicap_limits="2; 1=1.5 7=5")) == {}
    assert event_problems(EventSettings(handicap_limits="2; 1=0.3")) == {
        "handicap_limits": "a limit of lost points is a positive multiple of ½, not '0.3'"
    }
    assert (
        "must be a Swiss"
        in event_problems(EventSettings(system="roundrobin", handicap_limits="2"))[
            "handicap_limits"
        ]
    )


def test_the_event_form_refuses_bad_limits(client: Client, chief: User, handicap: m.Event) -> None:
    login(client, chief)
    url = reverse("arbiter:settings", args=[handicap.pk])
    page = client.get(url).content.decode()
    assert 'name="handicap_limits"' in page
    form: dict[str, Any] = {
        k: v
        for k, v in m.Event.objects.filter(pk=handicap.pk).values()[0].items()
        if v is not None and not k.endswith("_id")
    }
    form.update(handicap_limits="1; 1=2 1=3", public="on")
    r = client.post(url, form)
    assert r.status_code == 200
    assert "player 1 has two limits" in r.content.decode()
    handicap.refresh_from_db()
    assert handicap.handicap_limits == "1; 1=2"


def test_eliminated_players_are_not_paired(client: Client, chief: User, handicap: m.Event) -> None:
    first = services.pair_next_round(handicap, chief)
    boards = list(first.boards.select_related("white", "black"))
    for b in boards:
        services.set_result(b.pk, chief, "1-0")
    losers = {b.black.number for b in boards if b.black is not None}
    eliminated = losers - {1}
    login(client, chief)
    page = client.get(reverse("arbiter:pair", args=[handicap.pk])).content.decode()
    assert 'id="eliminated"' in page and f"{len(eliminated)} players are eliminated" in page
    second = services.pair_next_round(handicap, chief)
    seated = {
        n
        for w, b in second.boards.exclude(black=None).values_list("white__number", "black__number")
        for n in (w, b)
    }
    bye = {b.white.number for b in second.boards.filter(black=None, result="U")}
    zero = {b.white.number for b in second.boards.filter(black=None, result="Z")}
    assert zero == eliminated and len(bye) == 1
    assert seated | bye == set(range(1, len(NAMES) + 1)) - eliminated
    entry = m.AuditEntry.objects.filter(action="round.pair").latest("at")
    assert f"{len(eliminated)} eliminated by their limits of lost points" in entry.summary


def test_an_ordinary_swiss_eliminates_nobody(event: m.Event, chief: User) -> None:
    first = services.pair_next_round(event, chief)
    for b in first.boards.exclude(black=None):
        services.set_result(b.pk, chief, "1-0")
    second = services.pair_next_round(event, chief)
    assert not second.boards.filter(result="Z").exists()


def test_time_odds_set_each_boards_clocks(client: Client, chief: User, event: m.Event) -> None:
    """Team Competitions 1972: a handicap in the time for thought. The organiser's table, an
    event setting checked by the library, gives each board's two controls by the players'
    rating difference: on the round page and on the result slips."""
    with pytest.raises(services.ServiceError, match="one control for both players"):
        services.update_event(event, chief, time_odds="0: 3000 | 6000")
    assert "individual Swiss or round robin" in event_problems(
        EventSettings(system="knockout", time_odds="0: 5400")
    ).get("time_odds", "")
    services.update_event(event, chief, time_odds="0: 5400+30; 100: 4500+30 | 6300+30")
    rnd = services.pair_next_round(event, chief)
    login(client, chief)
    page = client.get(reverse("arbiter:round", args=[event.pk, 1])).content.decode()
    slips = client.get(reverse("arbiter:print_round", args=[event.pk, "slips", 1])).content.decode()
    for board in rnd.boards.exclude(black=None).select_related("white", "black"):
        assert board.black is not None
        white, black = board.white.rating or 0, board.black.rating or 0
        stronger, weaker = (
            "75 min + 30 s per move from move 1",
            "105 min + 30 s per move from move 1",
        )
        if abs(white - black) < 100:
            expected = ("90 min + 30 s per move from move 1",) * 2
        elif white > black:
            expected = (stronger, weaker)
        else:
            expected = (weaker, stronger)
        text = f"White {expected[0]}; Black {expected[1]}"
        assert text in page and text in slips, (board.number, white, black)
