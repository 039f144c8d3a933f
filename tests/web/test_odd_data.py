"""Defence in depth (issue 13 item 7): an event whose stored data the library refuses (written
by an older version, or by hand into the database, past every validation) never makes an
arbiter page answer 500; the page says what the library refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.events import knockout, services, teams
from chessarbiter.web.events import models as m

from .conftest import login, play_round


def _spoil(event: m.Event, **fields: Any) -> None:
    """Store ``fields`` as they are: a queryset update skips every validation."""
    m.Event.objects.filter(pk=event.pk).update(version=event.version + 1000, **fields)


def _fetch(client: Client, url: str, needle: str) -> None:
    client.raise_request_exception = False
    r = client.get(url)
    assert r.status_code < 500, url
    if r.status_code == 302:  # to a page that says why
        r = client.get(r["Location"])
        assert r.status_code < 500, url
    assert needle in r.content.decode(), url


def test_issue_13_item_7_swiss_pages_with_a_refused_tiebreak_list(
    client: Client, event: m.Event, chief: User
) -> None:
    play_round(event, chief)
    services.pair_next_round(event, chief)
    _spoil(event, tiebreaks="NOPE,BH")
    login(client, chief)
    first = event.players.get(number=1)
    pages: list[tuple[str, list[int | str]]] = [
        ("event", []),
        ("standings", []),
        ("breakdown", [1]),
        ("crosstable", []),
        ("print", ["standings"]),
        ("print", ["crosstable"]),
    ]
    for name, args in pages:
        _fetch(client, reverse(f"arbiter:{name}", args=[event.pk, *args]), "NOPE")
    # the pages that do not rank players need no tie-break: they show themselves, so results
    # can still be entered while the chief corrects the list
    shown: list[tuple[str, list[int | str]]] = [
        ("round", [1]),
        ("round", [2]),
        ("print_round", ["pairings", 2]),
        ("print_round", ["alpha", 2]),
        ("print_round", ["slips", 2]),
        ("explain", []),
        ("player", [first.pk]),
    ]
    for name, args in shown:
        _fetch(client, reverse(f"arbiter:{name}", args=[event.pk, *args]), first.name)
    # a page that needs no tie-break shows itself
    _fetch(client, reverse("arbiter:players", args=[event.pk]), first.name)
    # the pairing preview needs no tie-break either; the export (record 202) sends the
    # arbiter back with the library's message
    services.unpair_last_round(event, chief)
    _spoil(event, tiebreaks="NOPE,BH")
    _fetch(client, reverse("arbiter:pair", args=[event.pk]), first.name)
    _fetch(client, reverse("arbiter:export", args=[event.pk]), "NOPE")


def test_issue_13_item_7_team_pages_with_refused_tiebreak_lists(
    client: Client, chief: User
) -> None:
    ev = services.create_event(chief, name="League", system="team-rr", rounds=3, boards_per_team=2)
    for name in ("Alpha", "Bravo", "Charlie", "Delta"):
        team = teams.add_team(ev, chief, name)
        for k in (1, 2):
            services.add_player(ev, chief, name=f"{name} {k}", team=team, team_order=k)
    play_round(ev, chief, "=")
    _spoil(ev, tiebreaks="NOPE", team_tiebreaks="NADA")
    login(client, chief)
    for name, needle in [
        ("event", "NOPE"),
        ("standings", "NOPE"),
        ("crosstable", "NOPE"),
        ("team_standings", "NADA"),
        ("teams", "Alpha 2"),  # these two need no tie-break: shown
        ("board_prizes", "Alpha 2"),
    ]:
        _fetch(client, reverse(f"arbiter:{name}", args=[ev.pk]), needle)
    _fetch(client, reverse("arbiter:round", args=[ev.pk, 1]), "Alpha 1")  # needs no list


@pytest.fixture
def bracket(chief: User) -> m.Event:
    ev = services.create_event(chief, name="Cup", system="knockout", knockout_scheme="seeded")
    services.add_players(ev, chief, [{"name": f"Player {i}", "rating": 2500 - i} for i in range(8)])
    knockout.draw(ev, chief)
    return ev


def test_issue_13_item_7_knockout_pages_with_a_refused_match_format(
    client: Client, bracket: m.Event, chief: User
) -> None:
    _spoil(bracket, match_format="blitz-marathon")
    login(client, chief)
    for name, args in [("knockout", []), ("knockout_match", [1]), ("event", [])]:
        _fetch(client, reverse(f"arbiter:{name}", args=[bracket.pk, *args]), "blitz-marathon")
