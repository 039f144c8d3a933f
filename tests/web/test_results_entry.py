"""Results entry on the round page through the server (issue 13 items 1, 6 and 9).

Item 1: a board number of two digits or more reaches its own board, and a result that would
replace a different one is refused until the arbiter confirms it (``replace``). Item 9: a result
posted on a bye, or on a board number that is not a game of the round, is a clear 400, never a
500. Item 6: correcting a result after later rounds were paired names the later pairings made
with the old score.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.corrections import LaterPairing
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import login, play_round

pytestmark = pytest.mark.django_db


def _swiss(chief: User, arbiter: User, players: int, rounds: int = 5) -> m.Event:
    ev = services.create_event(chief, name="Results Open", rounds=rounds)
    services.add_players(
        ev, chief, [{"name": f"Player {k:02d}", "rating": 2400 - 10 * k} for k in range(players)]
    )
    m.Role.objects.create(event=ev, user=arbiter, kind=m.Role.Kind.ARBITER)
    ev.refresh_from_db()
    return ev


def _board(ev: m.Event, rnd: int, number: int) -> m.Board:
    return m.Board.objects.get(round__event=ev, round__number=rnd, number=number)


def _post(client: Client, ev: m.Event, rnd: int, htmx: bool = True, **values: Any) -> Any:
    url = reverse("arbiter:result", args=[ev.pk, rnd])
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url, {k: str(v) for k, v in values.items()}, headers=headers)


def _message(response: Any) -> str:
    return unquote(response["X-Message"])


def _results(ev: m.Event) -> int:
    return ev.audit.filter(action="result.set").count()


# -- item 1 ----------------------------------------------------------------------------------


def test_issue13_item1_board_10_draw_lands_on_board_10_not_board_1(
    client: Client, chief: User, arbiter: User
) -> None:
    ev = _swiss(chief, arbiter, 24)  # 12 boards
    services.pair_next_round(ev, chief)
    login(client, arbiter)
    for number, key, codes in ((10, "=", ("=", "=")), (11, "1", ("1", "0")), (12, "0", ("0", "1"))):
        r = _post(client, ev, 1, board=number, result=key, version=0)
        assert r.status_code == 200, r.content
        assert f'id="board-{number}"'.encode() in r.content
        b = _board(ev, 1, number)
        assert (b.result, b.black_result) == codes
    assert all(not _board(ev, 1, n).result for n in range(1, 10))  # boards 1 and 2 untouched
    assert _results(ev) == 3


def test_issue13_item1_overwrite_needs_confirmation(
    client: Client, chief: User, arbiter: User
) -> None:
    ev = _swiss(chief, arbiter, 24)
    services.pair_next_round(ev, chief)
    login(client, arbiter)
    assert _post(client, ev, 1, board=10, result="1").status_code == 200
    b = _board(ev, 1, 10)
    seen = b.version
    audited = _results(ev)

    # a different result without the confirmation: refused, nothing changed, nothing audited
    r = _post(client, ev, 1, board=10, result="=", version=seen)
    assert r.status_code == 409
    assert r["X-Result-Exists"] == "1-0" and r["X-Board-Version"] == str(seen)
    assert "Board 10 already has 1-0: replace it by ½-½?" in _message(r)
    assert "Board 10 already has 1-0" in r.content.decode()
    b.refresh_from_db()
    assert (b.result, b.black_result, b.version) == ("1", "0", seen)
    assert _results(ev) == audited
    # without htmx (the form without script): the same refusal, told on the round page
    r = _post(client, ev, 1, htmx=False, board=10, result="=", version=seen)
    assert r.status_code == 302
    b.refresh_from_db()
    assert (b.result, b.version) == ("1", seen)

    # confirmed: changed, and the audit entry keeps what was there
    r = _post(client, ev, 1, board=10, result="=", version=seen, replace=1)
    assert r.status_code == 200 and b'value="=" selected' in r.content
    b.refresh_from_db()
    assert (b.result, b.black_result, b.version) == ("=", "=", seen + 1)
    entry = ev.audit.filter(action="result.set").first()
    assert entry is not None
    assert entry.data["previous"] == "1-0" and entry.data["new"] == "½-½"
    assert entry.data["number"] == 10 and "(was 1-0)" in entry.summary
    assert _results(ev) == audited + 1


def test_issue13_item1_clearing_a_result_needs_confirmation(
    client: Client, chief: User, arbiter: User
) -> None:
    ev = _swiss(chief, arbiter, 10)
    services.pair_next_round(ev, chief)
    login(client, arbiter)
    _post(client, ev, 1, board=2, result="0")
    r = _post(client, ev, 1, board=2, result="")
    assert r.status_code == 409 and "clear it?" in _message(r)
    assert _board(ev, 1, 2).result == "0"
    r = _post(client, ev, 1, board=2, result="", replace=1)
    assert r.status_code == 200
    b = _board(ev, 1, 2)
    assert (b.result, b.black_result) == ("", "")


def test_issue13_item1_the_same_result_again_changes_nothing(
    client: Client, chief: User, arbiter: User
) -> None:
    ev = _swiss(chief, arbiter, 10)
    services.pair_next_round(ev, chief)
    login(client, arbiter)
    _post(client, ev, 1, board=3, result="+")
    b = _board(ev, 1, 3)
    ev.refresh_from_db()
    version, audited = ev.version, _results(ev)
    r = _post(client, ev, 1, board=3, result="+-", version=0)  # even with an old version
    assert r.status_code == 200 and "nothing changed" in _message(r)
    b.refresh_from_db()
    ev.refresh_from_db()
    assert (b.result, b.black_result) == ("+", "-")
    assert ev.version == version and _results(ev) == audited


def test_issue13_item1_service_refuses_to_replace_without_replace(
    chief: User, arbiter: User
) -> None:
    ev = _swiss(chief, arbiter, 10)
    rnd = services.pair_next_round(ev, chief)
    b = rnd.boards.get(number=4)
    services.set_result(b.pk, chief, "1-0")
    with pytest.raises(services.ResultExistsError) as caught:
        services.set_result(b.pk, arbiter, "0-1")
    e = caught.value
    assert (e.board, e.current, e.current_choice, e.new) == (4, "1-0", "1-0", "0-1")
    b.refresh_from_db()
    assert b.result == "1"
    change = services.set_result(b.pk, arbiter, "0-1", replace=True)
    assert change.changed and change.previous == "1-0" and change.later == ()
    assert not services.set_result(b.pk, arbiter, "0-1").changed


def test_issue13_item1_round_page_gives_the_bar_what_it_shows(
    client: Client, chief: User, arbiter: User
) -> None:
    ev = _swiss(chief, arbiter, 11)  # five boards and the pairing-allocated bye on board 6
    services.pair_next_round(ev, chief)
    bye = m.Board.objects.get(round__event=ev, black=None)
    login(client, arbiter)
    r = client.get(reverse("arbiter:round", args=[ev.pk, 1]))
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="entry-preview"' in html
    assert 'data-white="1. Player 00"' in html
    start = html.index('<script id="entry-byes" type="application/json">') + 48
    byes = json.loads(html[start : html.index("</script>", start)])
    assert byes == {str(bye.number): bye.white.name}
    start = html.index('<script id="entry-keys" type="application/json">') + 48
    keys = json.loads(html[start : html.index("</script>", start)])
    assert keys["1"] == ["1-0", "1-0"] and keys["="] == ["=", "½-½"] and keys["5"] == ["=", "½-½"]


# -- item 9 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [True, False])
def test_issue13_item9_result_on_a_bye_or_no_board_is_a_clear_400(
    client: Client, chief: User, arbiter: User, htmx: bool
) -> None:
    ev = _swiss(chief, arbiter, 11)
    services.pair_next_round(ev, chief)
    bye = m.Board.objects.get(round__event=ev, black=None)
    login(client, arbiter)
    ev.refresh_from_db()
    version = ev.version
    r = _post(client, ev, 1, htmx=htmx, board=bye.number, result="1")
    assert r.status_code == 400
    assert f"Board {bye.number} of round 1 is a bye" in r.content.decode()
    assert "is a bye" in _message(r)
    for junk in ("99", "0", "-1", "abc", "", " ", "1.5", "99999999999999999999", "²", "١٠"):
        r = _post(client, ev, 1, htmx=htmx, board=junk, result="=")
        assert r.status_code == 400, junk
        text = r.content.decode()
        assert "Round 1 has no board" in text or "Which board?" in text, junk
    r = _post(client, ev, 1, htmx=htmx, board=1, result="=", version="²")
    assert r.status_code in (200, 302)  # a version that is no number is ignored
    ev.refresh_from_db()
    assert _results(ev) == 1 and ev.version == version + 1
    bye.refresh_from_db()
    assert bye.result == "U"


def test_issue13_item9_unknown_result_is_a_400(client: Client, chief: User, arbiter: User) -> None:
    ev = _swiss(chief, arbiter, 10)
    services.pair_next_round(ev, chief)
    login(client, arbiter)
    r = _post(client, ev, 1, board=1, result="2")
    assert r.status_code == 400 and "Unknown result" in _message(r)
    assert not _board(ev, 1, 1).result


# -- item 6 ----------------------------------------------------------------------------------


def _later(ev: m.Event, board: m.Board) -> list[tuple[int, int, int, int]]:
    """The later rounds' boards of the board's two players, straight from the rows."""
    ids = {board.white_id, board.black_id}
    return [
        (b.round.number, b.number, b.white.number, b.black.number if b.black else 0)
        for b in m.Board.objects.filter(round__event=ev, round__number__gt=board.round.number)
        .exclude(black=None)
        .select_related("round", "white", "black")
        .order_by("round__number", "number")
        if {b.white_id, b.black_id} & ids
    ]


def test_issue13_item6_correction_names_the_later_pairings(
    client: Client, chief: User, arbiter: User
) -> None:
    ev = _swiss(chief, arbiter, 10)
    for _ in range(3):
        play_round(ev, chief)
    board = _board(ev, 1, 1)
    expected = _later(ev, board)
    assert len(expected) == 4  # rounds 2 and 3, each player on his own board
    login(client, arbiter)

    # the confirmation already names them
    r = _post(client, ev, 1, board=1, result="0")
    assert r.status_code == 409
    listed = [f"round {rnd} board {b} ({w} - {k})" for rnd, b, w, k in expected]
    asked = _message(r).replace("Round", "round")
    assert all(text in asked for text in listed)
    assert _board(ev, 1, 1).result == "1"

    # confirmed: changed, the answer warns and the audit entry records them
    r = _post(client, ev, 1, board=1, result="0", replace=1)
    assert r.status_code == 200 and r["X-Message-Level"] == "warning"
    message = _message(r)
    assert message.startswith(f"Round {expected[0][0]} board {expected[0][1]} (")
    assert message.endswith("were paired with the old score.")
    assert all(text in message.replace("Round", "round") for text in listed)
    entry = ev.audit.filter(action="result.set").first()
    assert entry is not None
    assert [(x["round"], x["board"], x["white"], x["black"]) for x in entry.data["later"]] == [
        (rnd, b, w, k) for rnd, b, w, k in sorted(expected, key=lambda e: (e[0], e[2]))
    ]
    assert "[correction after later rounds were paired]" in entry.summary
    b = _board(ev, 1, 1)
    assert (b.result, b.black_result) == ("0", "1")


def test_issue13_item6_service_returns_the_later_pairings(chief: User, arbiter: User) -> None:
    ev = _swiss(chief, arbiter, 11)  # a pairing-allocated bye every round
    for _ in range(3):
        play_round(ev, chief)
    board = _board(ev, 2, 2)
    change = services.set_result(board.pk, chief, "=", replace=True)
    rows = {
        (b.round.number, b.white.number, b.black.number if b.black else None): b.number
        for b in m.Board.objects.filter(round__event=ev, round__number=3).select_related(
            "round", "white", "black"
        )
    }
    players = {board.white.number, board.black.number}  # type: ignore[union-attr]
    expected = sorted(
        (LaterPairing(r, w, k, board=n) for (r, w, k), n in rows.items() if {w, k} & players),
        key=lambda p: (p.round, p.white),
    )
    assert change.later == tuple(expected) and len(expected) in (1, 2)
    assert services.describe_later(change.later).startswith("Round 3 board ")
    # a result entered in the last round paired warns of nothing
    last = _board(ev, 3, 1)
    assert services.set_result(last.pk, chief, "=", replace=True).later == ()


def test_issue13_item6_round_robin_corrections_do_not_warn(chief: User, arbiter: User) -> None:
    ev = services.create_event(chief, name="RR", rounds=3, system=m.Event.System.ROUND_ROBIN)
    services.add_players(ev, chief, [{"name": f"P{k}", "rating": 2000 + k} for k in range(4)])
    for _ in range(3):
        play_round(ev, chief)
    board = _board(ev, 1, 1)
    change = services.set_result(board.pk, chief, "0-1", replace=True)
    assert change.changed and change.later == ()


def test_issue13_item1_a_result_entered_does_not_rebuild_the_event(
    client: Client, chief: User, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The keyboard entry of a large round answers each result with its row without reading
    and building the whole event again (it took half of each answer on 142 boards): the round
    shown is the one before with that row made anew, and it is exactly the round computed
    whole, scores before the round, versions, results and completeness included."""
    from django.core.cache import cache

    from chessarbiter.web.events import store, tables

    ev = _swiss(chief, arbiter, 12)  # 6 boards
    play_round(ev, chief, "=")
    services.pair_next_round(ev, chief)
    login(client, arbiter)
    assert client.get(reverse("arbiter:round", args=[ev.pk, 2])).status_code == 200
    builds: list[int] = []
    real_load = store.load

    def counted(event: m.Event) -> store.Loaded:
        builds.append(event.pk)
        return real_load(event)

    monkeypatch.setattr(store, "load", counted)

    def shown_is_whole() -> None:
        ev.refresh_from_db()
        shown = tables.round_view(ev, 2)  # from the cache: what the answer was made from
        cache.clear()
        assert tables.round_view(ev, 2) == shown

    entries = [(n, "1") for n in range(1, 7)] + [(3, "=")]
    for number, key in entries:
        r = _post(client, ev, 2, board=number, result=key, replace=1)
        assert r.status_code == 200 and f'id="board-{number}"'.encode() in r.content
        assert builds == [], number
        shown_is_whole()
        builds.clear()
        assert client.get(reverse("arbiter:round", args=[ev.pk, 2])).status_code == 200
        builds.clear()  # the page, rebuilt once as before (the test emptied the cache)
    assert tables.round_view(ev, 2).complete
    # another change between two results (here a late entry): the round is computed whole
    services.add_player(ev, chief, name="Late", entry_round=3)
    r = _post(client, ev, 2, board=1, result="0", replace=1)
    assert r.status_code == 200 and b'data-choice="0-1"' in r.content
    shown_is_whole()
    # a result entered by another arbiter between the change and its answer: not lost
    board1, board2 = _board(ev, 2, 1), _board(ev, 2, 2)
    tables.round_view(ev, 2)  # the view before, cached
    mine = services.set_result(board1.pk, arbiter, "=", replace=True)
    services.set_result(board2.pk, chief, "0-1", replace=True)
    ev.refresh_from_db()
    assert mine.event_version == ev.version - 1
    view = tables.round_view_after_result(ev, 2, mine.board, mine.event_version)
    assert [b.choice for b in view.boards][:2] == ["=", "0-1"]
