"""The team cup in the web application (Team Competitions 1972, the Olympic system): the
bracket drawn from the teams, each match's legs with their host and colours (white on board 1
and the odd boards), the game points of the legs added board by board, a drawn match decided
by board weights or replayed, the pages of the arbiter and of a visitor."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.pairing.knockout.matches import game_result
from chessarbiter.web.events import knockout, services, teams
from chessarbiter.web.events import models as m

from .conftest import login


def _view(event: m.Event, number: int) -> knockout.MatchView:
    return next(v for v in knockout.views(event) if v.row.number == number)


def results_for(event: m.Event, number: int, first_points: list[float]) -> list[str]:
    """The next leg's results written White-Black, as the arbiter reads them from the boards,
    for the first team to score ``first_points`` (board 1 first): the colours are the leg's."""
    cup = _view(event, number).cup
    assert cup is not None and cup.next_leg is not None
    colours = cup.next_leg.colours
    return [
        game_result(p if colours.white_on(k) == "first" else 1 - p)
        for k, p in enumerate(first_points, start=1)
    ]


def leg(event: m.Event, user: User, number: int, first_points: list[float]) -> None:
    row = event.knockout_matches.get(number=number)
    knockout.add_leg(row, user, results_for(event, number, first_points))


@pytest.fixture
def team_cup(chief: User, arbiter: User, viewer: User) -> m.Event:
    ev = services.create_event(
        chief,
        name="Club Team Cup",
        system="team-cup",
        boards_per_team=4,
        cup_legs=2,
        cup_drawn_match="board-weights,replay",
        cup_board_weights="4,3,2,1",
    )
    for i in range(1, 9):
        team = teams.add_team(ev, chief, f"Team {i}")
        for k in range(1, 5):
            services.add_player(
                ev, chief, name=f"Player {i}.{k}", rating=2300 - 10 * k, team=team, team_order=k
            )
    m.Role.objects.create(event=ev, user=arbiter, kind=m.Role.Kind.ARBITER)
    m.Role.objects.create(event=ev, user=viewer, kind=m.Role.Kind.VIEWER)
    ev.refresh_from_db()
    return ev


def test_two_legs_a_drawn_total_decided_by_board_weights(team_cup: m.Event, chief: User) -> None:
    """Team Competitions 1972: round 1's first leg to the lower number (team 1 white on board 1
    and the odd boards, and host), the return leg to the other team; the game points of both
    legs are added board by board: 4-4, then the board coefficients 4,3,2,1 give
    9½-10½ to team 2."""
    assert knockout.draw(team_cup, chief) == 7
    view = _view(team_cup, 1)
    assert (view.first, view.second) == ("Team 1", "Team 2")
    assert view.cup is not None and view.cup.next_leg is not None
    first_leg = view.cup.next_leg
    assert (first_leg.host, first_leg.colours.reason) == ("Team 1", "number")
    assert [(b.white, b.black) for b in first_leg.boards[:2]] == [
        ("Team 1", "Team 2"),
        ("Team 2", "Team 1"),
    ]
    leg(team_cup, chief, 1, [1, 0, 0.5, 0.5])
    cup = _view(team_cup, 1).cup
    assert cup is not None and cup.next_leg is not None
    assert (cup.next_leg.host, cup.next_leg.colours.reason) == ("Team 2", "second-leg")
    assert cup.legs[0].score == "2-2" and cup.legs[0].boards[0].result == "1-0"
    leg(team_cup, chief, 1, [0.5, 0, 0.5, 1])
    row = team_cup.knockout_matches.get(number=1)
    assert (row.winner, row.how) == ("second", "games")
    cup = _view(team_cup, 1).cup
    assert cup is not None and cup.decision is not None and cup.next_leg is None
    assert cup.decision.decided_by == "board-weights"
    assert cup.decision.weighted == (9.5, 10.5) and cup.points == (4.0, 4.0)
    assert knockout.state(team_cup).participants(5)[0] == 2
    with pytest.raises(services.ServiceError, match="decided"):
        knockout.add_leg(row, chief, ["1-0"] * 4)


def test_a_drawn_match_is_replayed_and_colours_follow_the_blacks(
    team_cup: m.Event, chief: User
) -> None:
    """A drawn total that the board weights leave drawn (10-10) is replayed: two new legs,
    the colours alternating on. In round 2 white goes to the team that had black on board 1
    more often (team 3: twice in four legs; team 2: once)."""
    knockout.draw(team_cup, chief)
    leg(team_cup, chief, 1, [1, 0, 0.5, 0.5])
    leg(team_cup, chief, 1, [0.5, 0, 0.5, 1])  # team 2 through on board weights
    leg(team_cup, chief, 2, [1, 0, 0.5, 0.5])
    leg(team_cup, chief, 2, [0, 1, 0.5, 0.5])
    cup = _view(team_cup, 2).cup
    assert cup is not None and cup.decision is not None
    assert cup.decision.action == "replay" and cup.decision.weighted is None
    assert cup.next_leg is not None and cup.next_leg.number == 3 and cup.replays == 1
    assert cup.next_leg.host == "Team 3"
    assert team_cup.knockout_matches.get(number=2).winner == ""
    leg(team_cup, chief, 2, [1, 1, 1, 1])
    leg(team_cup, chief, 2, [0.5, 0.5, 0.5, 0.5])
    assert team_cup.knockout_matches.get(number=2).winner == "first"
    cup = _view(team_cup, 2).cup
    assert cup is not None and cup.points == (6.0, 2.0) and len(cup.legs) == 4
    semi = _view(team_cup, 5)
    assert (semi.first, semi.second) == ("Team 2", "Team 3")
    assert semi.cup is not None and semi.cup.next_leg is not None
    assert semi.cup.next_leg.colours.white_on_odd_boards == "second"
    assert (semi.cup.next_leg.colours.reason, semi.cup.next_leg.host) == ("blacks", "Team 3")


def test_a_leg_refused_precisely(team_cup: m.Event, chief: User) -> None:
    knockout.draw(team_cup, chief)
    row = team_cup.knockout_matches.get(number=1)
    good = results_for(team_cup, 1, [1, 0, 0.5, 0.5])
    with pytest.raises(services.ServiceError, match=r"Board 3: .*not 2-0"):
        knockout.add_leg(row, chief, [*good[:2], "2-0", good[3]])
    with pytest.raises(services.ServiceError, match=r"4 boards: .*got 3"):
        knockout.add_leg(row, chief, good[:3])
    with pytest.raises(services.ServiceError, match=r"Board 2: .*not ''"):
        knockout.add_leg(row, chief, [good[0], "", *good[2:]])
    assert not m.KnockoutGame.objects.filter(match__event=team_cup).exists()
    with pytest.raises(services.ServiceError, match="changed meanwhile"):
        knockout.add_leg(row, chief, good, version=row.version + 1)
    with pytest.raises(services.ServiceError, match="leg by leg"):
        knockout.add_game(row, chief, "1-0")
    with pytest.raises(services.ServiceError, match="leg by leg"):
        knockout.order_armageddon(row, chief, "first")
    waiting = team_cup.knockout_matches.get(number=5)
    with pytest.raises(services.ServiceError, match="cannot be played yet"):
        knockout.add_leg(waiting, chief, good)


def test_settings_checked_and_fixed_once_played(team_cup: m.Event, chief: User) -> None:
    with pytest.raises(services.ServiceError, match="coin"):
        services.update_event(team_cup, chief, cup_drawn_match="coin,replay")
    with pytest.raises(services.ServiceError, match="one weight per board"):
        services.update_event(team_cup, chief, cup_board_weights="3,2,1")
    with pytest.raises(services.ServiceError, match="replay"):
        services.update_event(team_cup, chief, cup_drawn_match="board-weights")
    with pytest.raises(services.ServiceError):
        services.update_event(team_cup, chief, cup_legs=3)
    services.update_event(team_cup, chief, cup_legs=1)
    team_cup.refresh_from_db()
    knockout.draw(team_cup, chief)
    leg(team_cup, chief, 1, [1, 1, 0, 0])
    for change in (
        {"cup_legs": 2},
        {"cup_drawn_match": "replay"},
        {"boards_per_team": 6},
        {"reserve_regime": "fixed"},  # it seated the line-ups of the legs played
    ):
        with pytest.raises(services.ServiceError, match="once a knockout game is played"):
            services.update_event(team_cup, chief, **change)
    with pytest.raises(services.ServiceError, match="cannot be drawn again"):
        knockout.draw(team_cup, chief)
    with pytest.raises(services.ServiceError, match="once a match of the cup is played"):
        teams.add_team(team_cup, chief, "Team 9")


def test_a_team_cup_is_not_paired_in_rounds(team_cup: m.Event, chief: User) -> None:
    with pytest.raises(services.ServiceError, match="team cup is not paired in rounds"):
        services.pair_next_round(team_cup, chief)


def _pages(event: m.Event) -> list[str]:
    return [
        reverse("arbiter:event", args=[event.pk]),
        reverse("arbiter:teams", args=[event.pk]),
        reverse("arbiter:knockout", args=[event.pk]),
        *(reverse("arbiter:knockout_match", args=[event.pk, n]) for n in (1, 2, 5, 7)),
    ]


def test_pages_and_a_leg_through_the_form(
    client: Client, team_cup: m.Event, chief: User, arbiter: User, viewer: User
) -> None:
    login(client, chief)
    assert client.post(reverse("arbiter:knockout_draw", args=[team_cup.pk])).status_code == 302
    login(client, arbiter)
    page = client.get(reverse("arbiter:knockout_match", args=[team_cup.pk, 1])).content.decode()
    assert 'name="board-4"' in page and "hosted by Team 1" in page
    url = reverse("arbiter:knockout_leg", args=[team_cup.pk, 1])
    results = results_for(team_cup, 1, [1, 0, 0.5, 0.5])
    posted: dict[str, Any] = {f"board-{k}": r for k, r in enumerate(results, start=1)}
    bad = {**posted, "board-2": "1:0"}
    r = client.post(url, {**bad, "version": "0"}, follow=True)
    assert r.status_code == 200 and "Board 2" in r.content.decode()
    assert not m.KnockoutGame.objects.filter(match__event=team_cup).exists()
    r = client.post(url, {**posted, "version": "0"})
    assert r.status_code == 302
    assert m.KnockoutGame.objects.filter(match__event=team_cup, leg=1).count() == 4
    page = client.get(reverse("arbiter:knockout_match", args=[team_cup.pk, 1])).content.decode()
    assert 'id="leg-1"' in page and "hosted by Team 2" in page
    login(client, viewer)
    for path in _pages(team_cup):
        assert client.get(path).status_code == 200, path
    assert client.post(url, {**posted, "version": "1"}).status_code == 403
    client.logout()
    public = client.get(reverse("public:bracket", args=[team_cup.pk]))
    assert public.status_code == 200 and b"<svg" in public.content and b"Team 1" in public.content
    for name in ("public:event", "public:start_list", "public:standings", "public:crosstable"):
        assert client.get(reverse(name, args=[team_cup.pk])).status_code == 200, name
    assert client.get(reverse("public:categories", args=[team_cup.pk])).status_code == 404
    login(client, chief)
    settings_page = client.get(reverse("arbiter:settings", args=[team_cup.pk])).content.decode()
    assert 'name="cup_legs"' in settings_page and "fixed once a knockout game is played" in (
        settings_page
    )
    trf = client.get(reverse("arbiter:export", args=[team_cup.pk]))
    assert trf.status_code == 200 and b"Team 8" in trf.content and b"Player 8.4" in trf.content
    assert "bracket and legs" in trf["X-TRF-Not-Carried"]
    assert client.get(reverse("arbiter:export_all", args=[team_cup.pk])).status_code == 200
    standings = client.get(reverse("arbiter:standings", args=[team_cup.pk]))
    assert standings.status_code == 302 and standings["Location"].endswith("/knockout/")


def test_a_team_cup_through_the_api(client: Client, chief: User) -> None:
    """The API's event form takes the cup's settings, the library's validator refuses bad
    ones by field, and a team cup keeps no Swiss standings."""
    from .test_api import bearer, call

    auth = bearer(chief)
    body = {"name": "Cup", "system": "team-cup", "cup_drawn_match": "board-weights,replay"}
    r = call(client, "post", "/api/events", auth, {**body, "cup_board_weights": "4,3"})
    assert r.status_code in (400, 422) and "one weight per board" in r.data["detail"]
    assert not m.Event.objects.exists()
    r = call(client, "post", "/api/events", auth, {**body, "cup_board_weights": "4,3,2,1"})
    assert r.status_code == 201
    event = m.Event.objects.get(pk=r.data["id"])
    assert (event.system, event.cup_board_weights) == ("team-cup", "4,3,2,1")
    r = call(client, "get", f"/api/events/{event.pk}/standings", auth)
    assert r.status_code in (400, 409, 422) and "bracket" in r.data["detail"]


def test_a_drawn_match_sent_to_an_armageddon(team_cup: m.Event, chief: User) -> None:
    """The rules may send a drawn match to a single armageddon game: no further leg, the
    arbiter records who won it (refused before the match is drawn)."""
    services.update_event(team_cup, chief, cup_legs=1, cup_drawn_match="armageddon")
    team_cup.refresh_from_db()
    knockout.draw(team_cup, chief)
    row = team_cup.knockout_matches.get(number=1)
    with pytest.raises(services.ServiceError, match="not waiting for an armageddon"):
        knockout.cup_armageddon(row, chief, "first")
    leg(team_cup, chief, 1, [1, 0, 1, 0])
    cup = _view(team_cup, 1).cup
    assert cup is not None and cup.decision is not None and cup.next_leg is None
    assert cup.decision.action == "armageddon"
    with pytest.raises(services.ServiceError, match="takes no more legs"):
        knockout.add_leg(row, chief, ["1-0"] * 4)
    with pytest.raises(services.ServiceError, match="who goes through"):
        knockout.cup_armageddon(row, chief, "both")
    knockout.cup_armageddon(row, chief, "second")
    row.refresh_from_db()
    assert (row.winner, row.how) == ("second", "games")
    assert m.AuditEntry.objects.filter(event=team_cup, action="knockout.armageddon").exists()
