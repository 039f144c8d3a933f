"""Issue 13 item 5: a round robin's standings and crosstable give the same places. The grid,
the standings, their printouts and the public pages all take their places from the library's
one ranking (points, then the event's tie-breaks)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.standings import ranking
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store, tables

from .conftest import NAMES, login, play_round

#: The results of the five rounds, board by board (Berger tables, six players): one winner
#: on 3½ points, four players on 2½, which the tie-breaks place 2 to 5, one last.
RESULTS = ["= 0-1 1-0", "0-1 = =", "0-1 1-0 0-1", "1-0 = 1-0", "1-0 1-0 0-1"]


@pytest.fixture
def round_robin(chief: User) -> m.Event:
    ev = services.create_event(
        chief, name="Club RR", system="roundrobin", rounds=5, tiebreaks="SB,DE"
    )
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES[:6]])
    for results in RESULTS:
        rnd = services.pair_next_round(ev, chief)
        boards = rnd.boards.exclude(black=None).order_by("number")
        for board, result in zip(boards, results.split(), strict=True):
            services.set_result(board.pk, chief, result)
    ev.refresh_from_db()
    return ev


def _places(page: str, table_id: str, number_col: int, place_col: int) -> dict[int, str]:
    """Pairing number -> place, read from the table ``table_id`` of ``page``."""
    table = page.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    out = {}
    for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, flags=re.S):
        cells = [
            re.sub(r"<[^>]+>", "", c).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, flags=re.S)
        ]
        out[int(cells[number_col])] = cells[place_col]
    return out


def _grid_places(page: str) -> dict[int, str]:
    return _places(page, "crosstable", 0, -1)


def _standings_places(page: str) -> dict[int, str]:
    return _places(page, "standings", 1, 0)


def test_issue_13_item_5_tie_breaks_separate_what_points_do_not(round_robin: m.Event) -> None:
    """The case the issue met: points alone share places 2-5; the event's tie-breaks give
    each player his own place, and the standings and the grid both show those."""
    t = store.tournament(round_robin)
    by_points = {r.pairing_number: r.shared for r in ranking(t)}
    assert sorted(by_points.values()) == ["1", "2-5", "2-5", "2-5", "2-5", "6"]
    by_event = {r.pairing_number: r.shared for r in ranking(t, "SB,DE")}
    assert sorted(by_event.values(), key=int) == ["1", "2", "3", "4", "5", "6"]
    _names, rows, _rounds = tables.standings_rows(round_robin)
    assert {r.number: r.place for r in rows} == by_event
    assert {n: place for n, _name, _pts, _cells, place in tables.grid(round_robin)} == by_event


def test_issue_13_item_5_every_page_gives_the_same_places(
    client: Client, round_robin: m.Event, chief: User
) -> None:
    """Standings and crosstable, on the arbiter's pages, printed and public: one ranking."""
    t = store.tournament(round_robin)
    expected = {r.pairing_number: r.shared for r in ranking(t, "SB,DE")}
    login(client, chief)
    pk = round_robin.pk

    def get(url: str) -> str:
        r = client.get(url)
        assert r.status_code == 200, url
        return r.content.decode()

    assert _standings_places(get(reverse("arbiter:standings", args=[pk]))) == expected
    assert _grid_places(get(reverse("arbiter:crosstable", args=[pk]))) == expected
    assert _standings_places(get(reverse("arbiter:print", args=[pk, "standings"]))) == expected
    assert _grid_places(get(reverse("arbiter:print", args=[pk, "crosstable"]))) == expected
    client.logout()
    assert _standings_places(get(reverse("public:standings", args=[pk]))) == expected
    assert _grid_places(get(reverse("public:crosstable", args=[pk]))) == expected


def test_issue_13_item_5_a_swiss_crosstable_follows_the_standings(
    event: m.Event, chief: User
) -> None:
    """The Swiss crosstable (rows in standings order) shares the standings' rows."""
    for _round in range(3):
        play_round(event, chief, "=")
    names, rows, rounds = tables.standings_rows(event)
    cross, cross_rounds = tables.crosstable(event)
    assert (cross, cross_rounds) == (rows, rounds)
    assert names == ["BH/C1", "BH", "SB", "DE"]
