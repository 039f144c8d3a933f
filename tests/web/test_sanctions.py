"""The sanction ladder of a game without clocks on the game page (Team Competitions 1972:
"remark, demand to speed up, warning, then loss"): each step checked by the library's ladder
(the next one only), listed on the game page, counted on the round page, and the loss setting
the result through the audited correction path with the reason "loss by sanction"."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services
from chessarbiter.web.events.services.reasons import add_sanction

from .conftest import login


@pytest.fixture
def paired(event: m.Event, chief: User) -> m.Round:
    return services.pair_next_round(event, chief)


def _give(client: Client, rnd: m.Round, **data: Any) -> list[str]:
    url = reverse("arbiter:game_sanction", args=[rnd.event_id, rnd.number, 1])
    r = client.post(url, data, follow=True)
    assert r.status_code == 200
    return [str(msg) for msg in r.context["messages"]]


def test_the_ladder_to_the_loss(client: Client, chief: User, paired: m.Round) -> None:
    login(client, chief)
    game = reverse("arbiter:game", args=[paired.event_id, 1, 1])
    assert _give(client, paired, side="b", step="remark", move="12") == [
        "Sanction recorded: remark."
    ]
    # a step cannot be skipped
    said = _give(client, paired, side="b", step="warning")
    assert said == ["the next sanction is speed-up, not warning"]
    # the other side's ladder is its own
    assert _give(client, paired, side="w", step="remark") == ["Sanction recorded: remark."]
    page = client.get(game).content.decode()
    assert 'id="sanctions" open' in page and "(move 12)" in page
    assert "next: demand to speed up" in page
    rows = client.get(reverse("arbiter:round", args=[paired.event_id, 1])).content.decode()
    assert 'title="2 sanctions given">!2</small>' in rows
    _give(client, paired, side="b", step="speed-up", move="20")
    _give(client, paired, side="b", step="warning")
    said = _give(client, paired, side="b", step="loss", move="31")
    assert said == ["Sanction recorded: loss."]
    board = paired.boards.get(number=1)
    assert (board.result, board.black_result, board.reason) == ("1", "0", "sanction")
    actions = list(m.AuditEntry.objects.filter(event=paired.event).values_list("action", flat=True))
    assert actions.count("sanction.add") == 5
    assert "result.set" in actions and "result.reason" in actions
    # nothing follows: the game has its result
    said = _give(client, paired, side="w", step="speed-up")
    assert said[0].startswith("Board 1 already has its result (1-0)")
    page = client.get(game).content.decode()
    assert "loss by sanction" in page and 'id="sanction-form"' not in page


def test_a_loss_by_sanction_given_by_hand_needs_the_ladder(
    client: Client, chief: User, paired: m.Round
) -> None:
    login(client, chief)
    url = reverse("arbiter:game_reason", args=[paired.event_id, 1, 1])
    r = client.post(url, {"result": "1-0", "reason": "sanction"}, follow=True)
    said = [str(msg) for msg in r.context["messages"]]
    assert said == [
        "black's sanctions (none) do not end with the loss: a loss by sanction comes after "
        "remark, speed-up, warning (Team Competitions 1972)"
    ]
    assert paired.boards.get(number=1).result == ""


def test_bad_input_is_a_message(client: Client, chief: User, paired: m.Round) -> None:
    login(client, chief)
    said = _give(client, paired, side="x", step="loss", move="0")
    assert said and all(":" in s for s in said)
    assert not m.Sanction.objects.exists()
    with pytest.raises(services.ServiceError, match="Unknown sanction 'nap'"):
        add_sanction(paired.boards.get(number=1).pk, chief, "w", "nap", None)


def test_a_viewer_sees_but_cannot_give(
    client: Client, chief: User, viewer: User, paired: m.Round
) -> None:
    login(client, chief)
    _give(client, paired, side="w", step="remark")
    login(client, viewer)
    page = client.get(reverse("arbiter:game", args=[paired.event_id, 1, 1])).content.decode()
    assert 'id="sanctions" open' in page and 'id="sanction-form"' not in page
    url = reverse("arbiter:game_sanction", args=[paired.event_id, 1, 1])
    assert client.post(url, {"side": "w", "step": "speed-up"}).status_code == 403
    assert m.Sanction.objects.count() == 1


def test_blitz_without_clocks_has_its_own_ladder(
    client: Client, chief: User, event: m.Event
) -> None:
    """Team Competitions 1972, blitz on the arbiter's call: remark, warning, then loss (no
    demand to speed up). The event's setting, checked by the library, locked once a sanction
    is given (the stored steps belong to their ladder)."""
    services.update_event(event, chief, sanction_ladder="blitz")
    with pytest.raises(services.ServiceError, match="'x' is not one of 'game', 'blitz'"):
        services.update_event(event, chief, sanction_ladder="x")
    paired = services.pair_next_round(event, chief)
    login(client, chief)
    game = reverse("arbiter:game", args=[paired.event_id, 1, 1])
    page = client.get(game).content.decode()
    assert "Sanctions (blitz without clocks, on the arbiter's call)" in page
    assert "remark → warning → loss" in page
    assert 'value="speed-up"' not in page
    assert _give(client, paired, side="w", step="remark") == ["Sanction recorded: remark."]
    said = _give(client, paired, side="w", step="speed-up")
    assert said and "speed-up" in said[0]
    with pytest.raises(services.ServiceError, match="cannot change once a sanction is given"):
        services.update_event(event, chief, sanction_ladder="game")
    _give(client, paired, side="w", step="warning")
    assert _give(client, paired, side="w", step="loss") == ["Sanction recorded: loss."]
    board = paired.boards.get(number=1)
    assert (board.result, board.black_result, board.reason) == ("0", "1", "sanction")


def test_a_freed_clock_is_recorded_once(client: Client, chief: User, paired: m.Round) -> None:
    """Team Competitions 1972: a freed clock set on a board at least one hour before the end,
    the remaining time split equally; from the scoresheet, the moves missing to the control;
    without one, two minutes a move. Recorded once, audited, shown on the game page."""
    url = reverse("arbiter:game_freed_clock", args=[paired.event_id, 1, 1])
    game = reverse("arbiter:game", args=[paired.event_id, 1, 1])
    login(client, chief)
    said = [
        str(x) for x in client.post(url, {"remaining": "0:50:00"}, follow=True).context["messages"]
    ]
    assert "a freed clock is set at least one hour" in said[0]
    r = client.post(
        url, {"remaining": "1:20:00", "moves_made": "25", "control_move": "40"}, follow=True
    )
    assert [str(x) for x in r.context["messages"]] == [
        "Freed clock set: each player 2400 s for 15 moves."
    ]
    entry = m.AuditEntry.objects.get(action="game.freed_clock")
    assert entry.data["clock"]["each"] == 2400 and entry.data["clock"]["moves"] == 15
    page = client.get(game).content.decode()
    assert 'id="freed-clock-record"' in page and "each player 2400 s for 15 moves" in page
    assert 'id="freed-clock-form"' not in page
    again = client.post(url, {"remaining": "2:00:00"}, follow=True)
    assert "already set on board 1" in str(next(iter(again.context["messages"])))
    assert m.AuditEntry.objects.filter(action="game.freed_clock").count() == 1
    # another board, without a scoresheet: two minutes a move
    other = reverse("arbiter:game_freed_clock", args=[paired.event_id, 1, 2])
    r = client.post(other, {"remaining": "3600"}, follow=True)
    assert [str(x) for x in r.context["messages"]] == [
        "Freed clock set: each player 1800 s for 15 moves."
    ]
