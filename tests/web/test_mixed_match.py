"""A match of federations played as one round robin (Team Competitions 1972, "Matches of two
teams": the USSR-Yugoslavia match of 1967, a mixed round robin): an event setting checked by
the library, the match score on the standings pages made of the games between players of
different federations only (:func:`chessarbiter.pairing.teams.mixed.mixed_match_score`)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.event_settings import EventSettings, event_problems
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, tables

from .conftest import login

PLAYERS = [
    ("Tal, Mikhail", 2600, "URS"),
    ("Gligoric, Svetozar", 2580, "YUG"),
    ("Petrosian, Tigran", 2620, "URS"),
    ("Ivkov, Borislav", 2560, "YUG"),
]


@pytest.fixture
def match(chief: User) -> m.Event:
    ev = services.create_event(
        chief, name="USSR - Yugoslavia", system="roundrobin", rounds=3, mixed_match=True
    )
    services.add_players(
        ev, chief, [{"name": n, "rating": r, "federation": f} for n, r, f in PLAYERS]
    )
    ev.refresh_from_db()
    return ev


def test_only_a_round_robin_is_a_match_of_federations() -> None:
    assert event_problems(EventSettings(system="roundrobin", mixed_match=True)) == {}
    assert "must be a round robin" in event_problems(EventSettings(mixed_match=True))["mixed_match"]


def test_the_match_score_counts_the_games_between_the_federations(
    client: Client, chief: User, match: m.Event
) -> None:
    rnd = services.pair_next_round(match, chief)
    federation = {p.pk: p.federation for p in match.players.all()}
    games = list(rnd.boards.exclude(black=None).order_by("number"))
    for board in games:
        services.set_result(board.pk, chief, "1-0")
    match.refresh_from_db()
    score = tables.mixed_match(match)
    assert score is not None
    expected = {"URS": Decimal(0), "YUG": Decimal(0)}
    between = 0
    for board in games:
        assert board.black_id is not None
        if federation[board.white_id] != federation[board.black_id]:
            expected[federation[board.white_id]] += 1
            between += 1
    assert score.points == expected and (score.played, score.pending) == (between, 0)
    # round 2 paired, not played: its games between the federations are still to play
    second = services.pair_next_round(match, chief)
    cross = sum(
        1
        for b in second.boards.exclude(black=None)
        if b.black_id is not None and federation[b.white_id] != federation[b.black_id]
    )
    match.refresh_from_db()  # a new version: the score computed again
    score = tables.mixed_match(match)
    assert score is not None and (score.played, score.pending) == (between, cross)
    login(client, chief)
    page = client.get(reverse("arbiter:standings", args=[match.pk])).content.decode()
    public = client.get(reverse("public:standings", args=[match.pk])).content.decode()
    for text in (page, public):
        assert 'id="mixed-match"' in text
        assert "the mixed round robin" in text
    # off: no match score
    services.update_event(match, chief, mixed_match=False)
    match.refresh_from_db()
    assert tables.mixed_match(match) is None
    assert (
        'id="mixed-match"'
        not in client.get(reverse("arbiter:standings", args=[match.pk])).content.decode()
    )
