"""A team cup's line-ups and a team's withdrawal in the web application (Team Competitions
1972): each leg's boards name the players seated on them (the lists' order by default,
reserves seated by the library's line-up rules under the event's reserve regime, a refusal in
the library's words), White on each board from the leg's colours; a team withdrawn from the
cup loses its match by walkover (the knockout library's rule: at once when the opponent is
known, else as soon as it is), refused once its match is decided."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.pairing.knockout.matches import game_result
from chessarbiter.web.events import knockout, services, teams
from chessarbiter.web.events import models as m

from .conftest import login

BOARDS = 4
RESERVES = 2


def view_of(event: m.Event, number: int) -> knockout.MatchView:
    return next(v for v in knockout.views(event) if v.row.number == number)


def results(event: m.Event, number: int, first_points: list[float]) -> list[str]:
    """The next leg's results written White-Black for the first team to score
    ``first_points`` (board 1 first): the colours are the leg's."""
    cup = view_of(event, number).cup
    assert cup is not None and cup.next_leg is not None
    colours = cup.next_leg.colours
    return [
        game_result(p if colours.white_on(k) == "first" else 1 - p)
        for k, p in enumerate(first_points, start=1)
    ]


def player(event: m.Event, team: int, order: int) -> m.Player:
    return m.Player.objects.get(event=event, team__number=team, team_order=order)


def ids(event: m.Event, team: int, orders: list[int]) -> list[str | int | None]:
    return [str(player(event, team, k).pk) for k in orders]


@pytest.fixture
def cup(chief: User, arbiter: User, viewer: User) -> m.Event:
    """8 teams of 4 boards, each with 2 reserves (Player i.5 and i.6), one leg a match."""
    ev = services.create_event(
        chief,
        name="Line-up Cup",
        system="team-cup",
        boards_per_team=BOARDS,
        cup_legs=1,
        cup_drawn_match="board-weights,replay",
        cup_board_weights="4,3,2,1",
    )
    size = BOARDS + RESERVES
    for i in range(1, 9):
        team = teams.add_team(ev, chief, f"Team {i}")
        # the lists as the teams page registers them (the players' own checks are not at
        # issue here: stored at once)
        m.Player.objects.bulk_create(
            m.Player(
                event=ev,
                number=(i - 1) * size + k,
                name=f"Player {i}.{k}",
                rating=2300 - 10 * k,
                team=team,
                team_order=k,
            )
            for k in range(1, size + 1)
        )
    m.Role.objects.create(event=ev, user=arbiter, kind=m.Role.Kind.ARBITER)
    m.Role.objects.create(event=ev, user=viewer, kind=m.Role.Kind.VIEWER)
    ev.refresh_from_db()
    knockout.draw(ev, chief)
    return ev


def test_the_lists_order_by_default_white_from_the_legs_colours(cup: m.Event, chief: User) -> None:
    """Round 1: team 1 (the lower number) has white on board 1 and the odd boards; the boards
    are seated in the lists' order and stored with the leg."""
    row = cup.knockout_matches.get(number=1)
    knockout.add_leg(row, chief, results(cup, 1, [1, 0, 0.5, 1]))
    games = list(m.KnockoutGame.objects.filter(match=row).order_by("board"))
    assert [(g.white and g.white.name, g.black and g.black.name) for g in games] == [
        ("Player 1.1", "Player 2.1"),
        ("Player 2.2", "Player 1.2"),
        ("Player 1.3", "Player 2.3"),
        ("Player 2.4", "Player 1.4"),
    ]
    cup_view = view_of(cup, 1).cup
    assert cup_view is not None
    lines = [(b.white_label, b.black_label, b.result) for b in cup_view.legs[0].boards]
    assert lines[:2] == [
        ("Player 1.1 (Team 1)", "Player 2.1 (Team 2)", "1-0"),
        ("Player 2.2 (Team 2)", "Player 1.2 (Team 1)", "1-0"),
    ]


def test_a_reserve_seated_and_a_line_up_refused_in_the_librarys_words(
    cup: m.Event, chief: User
) -> None:
    """Shifting regime (Team Competitions 1972): a reserve on the last board is valid; a
    player below one who comes after him in the list, or another team's player, is refused,
    nothing stored."""
    row = cup.knockout_matches.get(number=1)
    good = results(cup, 1, [1, 1, 0, 0.5])
    with pytest.raises(services.ServiceError, match=r"line-up is refused: .*board-order"):
        knockout.add_leg(row, chief, good, lineup=(ids(cup, 1, [1, 3, 2, 4]), None))
    stranger: list[str | int | None] = [*ids(cup, 2, [1, 2, 3]), player(cup, 3, 4).pk]
    with pytest.raises(services.ServiceError, match=r"Team 2: board 4: unregistered: .*lost"):
        knockout.add_leg(row, chief, good, lineup=(None, stranger))
    with pytest.raises(services.ServiceError, match="Board 2 of Team 1: no such player"):
        knockout.add_leg(row, chief, good, lineup=(["1", "x", "2", "3"], None))
    with pytest.raises(services.ServiceError, match="seat a player of Team 1 on each"):
        knockout.add_leg(row, chief, good, lineup=(ids(cup, 1, [1, 2]), None))
    assert not m.KnockoutGame.objects.filter(match__event=cup).exists()
    # player 1.4 absent: the reserve 1.5 on board 4 (an even board: Black for team 1)
    knockout.add_leg(row, chief, good, lineup=(ids(cup, 1, [1, 2, 3, 5]), None))
    board4 = m.KnockoutGame.objects.get(match=row, board=4)
    assert board4.black == player(cup, 1, 5) and board4.white == player(cup, 2, 4)


def test_an_empty_board_is_lost_by_forfeit(cup: m.Event, chief: User) -> None:
    """Team Competitions 1972 ("Teams"): an empty board is a forfeit. Team 2 comes with three
    players: its board 4 (the shifting regime's last) is left empty and lost, no result
    entered for it; empty on both sides, or a result for the empty board, is refused."""
    row = cup.knockout_matches.get(number=1)
    three: list[str | int | None] = [*ids(cup, 2, [1, 2, 3]), ""]
    entered = results(cup, 1, [1, 0, 0.5, 0])
    with pytest.raises(services.ServiceError, match="Board 4 is empty: a game lost by forfeit"):
        knockout.add_leg(row, chief, entered, lineup=(None, three))
    with pytest.raises(services.ServiceError, match="Board 4 is empty on both sides"):
        knockout.add_leg(
            row, chief, [*entered[:3], ""], lineup=([*ids(cup, 1, [1, 2, 3]), ""], three)
        )
    # empty above a seated player: the shifting regime's order, refused in the library's words
    gap: list[str | int | None] = [*ids(cup, 2, [1, 2]), "", *ids(cup, 2, [3])]
    with pytest.raises(services.ServiceError, match="line-up is refused"):
        knockout.add_leg(row, chief, [*entered[:2], "", entered[3]], lineup=(None, gap))
    # every board left empty is the library's two-thirds rule, never the lists' order
    with pytest.raises(
        services.ServiceError, match=r"line-up is refused: .*too-few-present: 0 of 4"
    ):
        knockout.add_leg(row, chief, [""] * BOARDS, lineup=(None, [""] * BOARDS))
    assert not m.KnockoutGame.objects.filter(match__event=cup).exists()
    knockout.add_leg(row, chief, [*entered[:3], ""], lineup=(None, three))
    board4 = m.KnockoutGame.objects.get(match=row, board=4)
    # board 4 is an even board: team 1 (the host) has Black there, team 2's White seat empty
    assert (board4.empty, board4.white_id, board4.score) == ("w", None, Decimal(1))
    cup_view = view_of(cup, 1).cup
    assert cup_view is not None
    line = cup_view.legs[0].boards[3]
    assert (line.white_label, line.black_label, line.result) == (
        "empty board (Team 2)",
        "Player 1.4 (Team 1)",
        "-/+",
    )
    assert cup_view.points == (2.5, 1.5)


def test_fixed_boards_a_reserve_takes_the_absent_players_board(cup: m.Event, chief: User) -> None:
    services.update_event(cup, chief, reserve_regime="fixed")
    cup.refresh_from_db()
    row = cup.knockout_matches.get(number=2)
    good = results(cup, 2, [0, 0, 1, 1])
    with pytest.raises(services.ServiceError, match=r"main player \d+ belongs on board 3"):
        knockout.add_leg(row, chief, good, lineup=(ids(cup, 3, [1, 3, 5, 4]), None))
    knockout.add_leg(row, chief, good, lineup=(ids(cup, 3, [1, 6, 3, 4]), None))
    assert m.KnockoutGame.objects.get(match=row, board=2).black == player(cup, 3, 6)


def test_a_leg_stored_without_line_ups_still_names_the_teams(cup: m.Event, chief: User) -> None:
    row = cup.knockout_matches.get(number=1)
    knockout.add_leg(row, chief, results(cup, 1, [1, 1, 1, 0]))
    m.KnockoutGame.objects.filter(match=row).update(white=None, black=None)
    cup_view = view_of(cup, 1).cup
    assert cup_view is not None
    first = cup_view.legs[0].boards[0]
    assert (first.white_label, first.black_label, first.result) == ("Team 1", "Team 2", "1-0")


def test_a_team_withdrawn_mid_cup(cup: m.Event, chief: User) -> None:
    """Team 1 wins match 1 and withdraws before its semi-final opponent is known: match 5
    goes to the winner of match 2 by walkover as soon as it is decided; a withdrawal is
    refused once the team's match is decided, precisely."""
    knockout.add_leg(cup.knockout_matches.get(number=1), chief, results(cup, 1, [1, 1, 1, 0]))
    team1 = cup.teams.get(number=1)
    team2 = cup.teams.get(number=2)
    assert knockout.withdraw_team(cup, team1, chief) == 5
    semi = cup.knockout_matches.get(number=5)
    assert (semi.withdrawn, semi.winner) == ("first", "")
    pending = view_of(cup, 5)
    assert pending.cup is not None and pending.cup.withdrawn == "Team 1" and not pending.winner
    with pytest.raises(services.ServiceError, match="Team 1 has withdrawn already"):
        knockout.withdraw_team(cup, team1, chief)
    with pytest.raises(services.ServiceError, match="Match 1 is decided: Team 2 is out"):
        knockout.withdraw_team(cup, team2, chief)
    # match 2 decided: team 4 reaches match 5 and goes through by walkover at once
    knockout.add_leg(cup.knockout_matches.get(number=2), chief, results(cup, 2, [0, 0, 0, 1]))
    after = view_of(cup, 5)
    assert (after.second, after.winner, after.how) == ("Team 4", "second", "walkover")
    assert after.cup is not None and after.cup.walkover and after.cup.next_leg is None
    with pytest.raises(services.ServiceError, match="Match 5 is decided"):
        knockout.add_leg(semi, chief, ["1-0"] * BOARDS)
    assert knockout.state(cup).participants(7)[0] == cup.teams.get(number=4).bracket_number
    # a team whose opponent is known: its match to the opponent at once, stored
    team5 = cup.teams.get(number=5)
    assert knockout.withdraw_team(cup, team5, chief) == 3
    row3 = cup.knockout_matches.get(number=3)
    assert (row3.winner, row3.how, row3.withdrawn) == ("second", "walkover", "first")
    entries = m.AuditEntry.objects.filter(event=cup, action="knockout.withdraw")
    assert [e.summary for e in entries.order_by("pk")][-1] == (
        "Team 5 withdraws from the cup: match 3 to Team 6 by walkover"
    )
    # the cup won: its winner cannot withdraw any more
    for number in (4, 6, 7):
        knockout.walkover(cup.knockout_matches.get(number=number), chief, "first")
    champion = cup.teams.get(bracket_number=knockout.state(cup).champion())
    with pytest.raises(services.ServiceError, match=r"Match 7 is decided: .* has won the cup"):
        knockout.withdraw_team(cup, champion, chief)


def _pages(event: m.Event) -> list[str]:
    return [
        reverse("arbiter:knockout", args=[event.pk]),
        *(reverse("arbiter:knockout_match", args=[event.pk, n]) for n in (1, 2, 5, 7)),
    ]


def test_the_match_page_and_its_forms(
    client: Client, cup: m.Event, chief: User, arbiter: User, viewer: User
) -> None:
    login(client, arbiter)
    page = client.get(reverse("arbiter:knockout_match", args=[cup.pk, 1])).content.decode()
    assert 'name="first-1"' in page and 'name="second-4"' in page
    assert "withdraw-team" not in page  # the chief arbiter's
    url = reverse("arbiter:knockout_leg", args=[cup.pk, 1])
    posted: dict[str, Any] = {
        f"board-{k}": r for k, r in enumerate(results(cup, 1, [1, 0, 1, 0.5]), start=1)
    }
    for side, team, orders in (("first", 1, [1, 2, 3, 4]), ("second", 2, [1, 2, 4, 3])):
        posted |= {f"{side}-{k}": v for k, v in enumerate(ids(cup, team, orders), start=1)}
    r = client.post(url, {**posted, "version": "0"}, follow=True)
    assert "line-up is refused" in r.content.decode()
    assert not m.KnockoutGame.objects.filter(match__event=cup).exists()
    posted |= {f"second-{k}": v for k, v in enumerate(ids(cup, 2, [1, 2, 3, 5]), start=1)}
    assert client.post(url, {**posted, "version": "0"}).status_code == 302
    page = client.get(reverse("arbiter:knockout_match", args=[cup.pk, 1])).content.decode()
    assert "Player 1.1 (Team 1)" in page and "Player 1.2 (Team 1)" in page
    assert "Player 2.5 (Team 2)" in page
    login(client, chief)
    page = client.get(reverse("arbiter:knockout_match", args=[cup.pk, 2])).content.decode()
    assert "Withdraw Team 3 from the cup" in page and "Withdraw Team 4 from the cup" in page
    team4 = cup.teams.get(number=4)
    withdraw = reverse("arbiter:knockout_withdraw_team", args=[cup.pk, 2])
    assert client.post(withdraw, {"team": team4.pk}).status_code == 302
    row2 = cup.knockout_matches.get(number=2)
    assert (row2.winner, row2.how) == ("first", "walkover")
    page = client.get(reverse("arbiter:knockout_match", args=[cup.pk, 2])).content.decode()
    assert 'id="cup-walkover"' in page and "Team 4 withdrew from the cup" in page
    login(client, arbiter)
    assert client.post(withdraw, {"team": team4.pk}).status_code == 403
    for who in (arbiter, viewer):
        login(client, who)
        for path in _pages(cup):
            assert client.get(path).status_code == 200, path
    client.logout()
    public = client.get(reverse("public:bracket", args=[cup.pk]))
    assert public.status_code == 200 and b"walkover" in public.content
