"""Team events in the web application (issue 7): teams and lists, a team round robin by the
Berger tables (Team Competitions 1972), board results, team standings with C.07 team tie-breaks."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, teams

from .conftest import login


@pytest.fixture
def league(chief: User) -> m.Event:
    ev = services.create_event(
        chief, name="City league", system="team-rr", rounds=3, boards_per_team=2
    )
    for name in ("Alpha", "Bravo", "Charlie", "Delta"):
        team = teams.add_team(ev, chief, name)
        for k in range(1, 4):  # two boards and a reserve
            services.add_player(
                ev, chief, name=f"{name} {k}", rating=2200 - k, team=team, team_order=k
            )
    return ev


def test_berger_round_with_odd_boards_white_for_the_home_team(league: m.Event, chief: User) -> None:
    """Team Competitions 1972: Berger tables for teams; the first-named (home) team has white on odd
    boards and black on even boards; board k: the k-th player of each list."""
    rnd = services.pair_next_round(league, chief)
    pairings = list(rnd.team_pairings.select_related("home", "away"))
    assert [(p.home.name, p.away.name if p.away else None) for p in pairings] == [
        ("Alpha", "Delta"),
        ("Bravo", "Charlie"),
    ]
    first = pairings[0].boards.select_related("white", "black").order_by("team_board")
    assert [(b.white.name, b.black.name if b.black else "") for b in first] == [
        ("Alpha 1", "Delta 1"),
        ("Delta 2", "Alpha 2"),
    ]


def test_team_standings_after_two_rounds(league: m.Event, chief: User) -> None:
    for _ in range(2):
        rnd = services.pair_next_round(league, chief)
        for b in rnd.boards.select_related("white"):
            # the home team's player wins on board 1, draws on board 2
            home = b.team_pairing.home_id  # type: ignore[union-attr]
            if b.team_board == 1:
                services.set_result(b.pk, chief, "1-0" if b.white.team_id == home else "0-1")
            else:
                services.set_result(b.pk, chief, "=")
    names, rows = teams.standings(league)
    assert names == ["MPvGP", "EDET", "EMGSB"]
    assert sum(r.match_points for r in rows) == 8  # four matches, 2 MP each
    assert rows[0].match_points == 4 and rows[0].game_points == 3


def test_issue_13_team_standings_before_any_match_is_complete(
    client: Client, league: m.Event, chief: User
) -> None:
    """Round 1 paired, no match complete: the team standings show every tie-break, SSSC
    included, as 0 (C.07 13.4: no opponent yet, Schedule Strength 0), not blanks."""
    services.update_event(league, chief, team_tiebreaks="SSSC,EDET,BH")
    services.pair_next_round(league, chief)
    league.refresh_from_db()
    names, rows = teams.standings(league)
    assert names == ["SSSC", "EDET", "BH"]
    assert all(r.tiebreaks == [0, 0, 0] for r in rows) and len(rows) == 4
    login(client, chief)
    r = client.get(reverse("arbiter:team_standings", args=[league.pk]))
    assert r.status_code == 200 and "SSSC" in r.content.decode()


def test_pages(client: Client, league: m.Event, chief: User) -> None:
    login(client, chief)
    assert client.get(reverse("arbiter:teams", args=[league.pk])).status_code == 200
    r = client.post(reverse("arbiter:team_add", args=[league.pk]), {"name": "Echo"})
    assert r.status_code == 302 and league.teams.count() == 5
    echo = league.teams.get(name="Echo")
    r = client.post(
        reverse("arbiter:team_player_add", args=[league.pk]),
        {"team": echo.pk, "name": "Echo 1", "entry_stage": "1"},
    )
    assert r.status_code == 302 and echo.players.count() == 1
    assert client.get(reverse("arbiter:team_standings", args=[league.pk])).status_code == 200
    client.logout()
    assert client.get(f"/events/{league.pk}/teams/").status_code == 200


def test_short_list_is_refused(league: m.Event, chief: User) -> None:
    teams.add_team(league, chief, "Echo")  # no players
    with pytest.raises(services.ServiceError, match="Fewer players than boards"):
        services.pair_next_round(league, chief)


def test_absent_player_shifting_reserve(league: m.Event, chief: User) -> None:
    """Team Competitions 1972, shifting reserves: Alpha 1 is absent, so Alpha 2 moves to board 1 and
    the reserve Alpha 3 plays board 2."""
    services.set_bye_request(league.players.get(name="Alpha 1"), chief, 1, "Z")
    rnd = services.pair_next_round(league, chief)
    match = rnd.team_pairings.get(home__name="Alpha")
    boards = [
        (b.white.name, b.black.name if b.black else "")
        for b in match.boards.select_related("white", "black").order_by("team_board")
    ]
    assert boards == [("Alpha 2", "Delta 1"), ("Delta 2", "Alpha 3")]


def test_empty_board_is_a_forfeit_and_two_thirds_rule(league: m.Event, chief: User) -> None:
    """Team Competitions 1972: a team's empty board is lost by forfeit; a team with fewer than two
    thirds of its boards present cannot play (it is withdrawn)."""
    league.boards_per_team = 3
    league.save()
    services.set_bye_request(league.players.get(name="Delta 3"), chief, 1, "Z")
    rnd = services.pair_next_round(league, chief)
    match = rnd.team_pairings.get(home__name="Alpha")
    forfeit = match.boards.get(team_board=3)
    assert (forfeit.white.name, forfeit.black, forfeit.result) == ("Alpha 3", None, "+")
    for b in rnd.boards.exclude(black=None):
        services.set_result(b.pk, chief, "=")
    league.refresh_from_db()
    _, rows = teams.standings(league)
    alpha = next(r for r in rows if r.name == "Alpha")
    assert (alpha.match_points, alpha.game_points) == (Decimal(2), Decimal(2))  # ½ + ½ + 1
    services.unpair_last_round(league, chief)
    services.set_bye_request(league.players.get(name="Delta 2"), chief, 1, "Z")
    with pytest.raises(services.ServiceError, match="two thirds"):
        services.pair_next_round(league, chief)


@pytest.mark.parametrize("system", ["c0406", "dutch-mp"])
def test_team_swiss_rounds_with_a_bye(chief: User, system: str) -> None:
    """Team Swiss in the web: five teams, the pairing-allocated bye first (C.04.6 3.4 / the
    Dutch engine), no team meets another twice, the bye's points counted (C.04.6 1.4: a
    draw's MP and GP by default)."""
    ev = services.create_event(
        chief,
        name="Team Swiss",
        system="team-swiss",
        team_pairing=system,
        rounds=3,
        boards_per_team=2,
    )
    for i, name in enumerate(("Alpha", "Bravo", "Charlie", "Delta", "Echo")):
        team = teams.add_team(ev, chief, name)
        for k in (1, 2):
            services.add_player(
                ev, chief, name=f"{name} {k}", rating=2300 - 50 * i - k, team=team, team_order=k
            )
    met: set[frozenset[int]] = set()
    byes = []
    for _ in range(3):
        rnd = services.pair_next_round(ev, chief)
        for tp in rnd.team_pairings.all():
            if tp.away_id is None:
                byes.append(tp.home_id)
                continue
            pair = frozenset((tp.home_id, tp.away_id))
            assert pair not in met
            met.add(pair)
        for b in rnd.boards.exclude(black=None):
            services.set_result(b.pk, chief, "1-0")
    assert len(byes) == 3 and len(set(byes)) == 3  # no team gets the bye twice ([C2])
    _, rows = teams.standings(ev)
    assert len(rows) == 5


def test_board_prizes_page_and_trf_export_with_teams(
    client: Client, league: m.Event, chief: User
) -> None:
    """Team Competitions 1972 board prizes in the web, and the teams written to TRF-2026 (310)."""
    rnd = services.pair_next_round(league, chief)
    for b in rnd.boards.exclude(black=None):
        services.set_result(b.pk, chief, "1-0")
    login(client, chief)
    page = client.get(reverse("arbiter:board_prizes", args=[league.pk])).content.decode()
    assert "Alpha 1" in page and "board-prizes" in page
    text, _losses = services.export_trf(league)
    assert "310   1 Alpha" in text


def test_issue_13_team_export_reads_back_with_the_team_tiebreaks(
    league: m.Event, chief: User
) -> None:
    """Issue 13 (stored events always exportable): a team event's TRF-2026 export lists the
    team ranking's tie-breaks in record 202, writes no 240 record for a player's absence (a
    240 record of a team event names teams), and reads back consistent."""
    from chessarbiter import trf

    services.set_bye_request(league.players.get(name="Alpha 1"), chief, 2, "Z")
    rnd = services.pair_next_round(league, chief)
    for b in rnd.boards.exclude(black=None):
        services.set_result(b.pk, chief, "=")
    text, _losses = services.export_trf(league)
    assert "202 MPvGP,EDET,EMGSB" in text.splitlines()
    assert not [line for line in text.splitlines() if line.startswith("240")]
    back = trf.loads(text, "league.trf")
    back.validate()
    assert back.team_tiebreaks == ["MPvGP", "EDET", "EMGSB"]


def test_a_nemlikher_team_swiss_is_refused_not_paired_on_match_points(chief: User) -> None:
    """C.04.6 1.2.1: a team Swiss pairs on match points or game points. A team Swiss scored by
    the Nemlikher score (Team Competitions 1972: game points plus a bonus per match) is refused
    when it is set up, and an event stored so before is refused when paired -- it was paired
    on match points in silence."""
    from chessarbiter.errors import ChessArbiterError

    with pytest.raises(ChessArbiterError, match=r"C\.04\.6 1\.2\.1"):
        services.create_event(
            chief,
            name="Nemlikher Swiss",
            system="team-swiss",
            team_score="nemlikher",
            rounds=3,
            boards_per_team=2,
        )
    ev = services.create_event(
        chief, name="Nemlikher Swiss", system="team-swiss", rounds=3, boards_per_team=2
    )
    for i, name in enumerate(("Alpha", "Bravo", "Charlie", "Delta")):
        team = teams.add_team(ev, chief, name)
        for k in (1, 2):
            services.add_player(
                ev, chief, name=f"{name} {k}", rating=2300 - 50 * i - k, team=team, team_order=k
            )
    m.Event.objects.filter(pk=ev.pk).update(team_score="nemlikher")  # stored before the check
    ev.refresh_from_db()
    with pytest.raises(ChessArbiterError, match=r"C\.04\.6 1\.2\.1.*Nemlikher"):
        services.pair_next_round(ev, chief)
    assert not ev.round_set.exists()
    # a 1/½/0 team Swiss is match points: paired, on those match points
    m.Event.objects.filter(pk=ev.pk).update(team_score="mp1")
    ev.refresh_from_db()
    assert services.pair_next_round(ev, chief).team_pairings.count() == 2
