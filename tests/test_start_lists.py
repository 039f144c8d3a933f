"""Start lists (:mod:`chessarbiter.start_lists`): by pairing number, by name, by rating."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Player, Tournament
from chessarbiter.start_lists import StartOrder, alphabetical_key, start_list


def event() -> Tournament:
    t = Tournament()
    for p in [
        Player(4, "Zeta, Zoe", rating=2400),
        Player(2, "Élan, Eric", rating=2400, title="f"),
        Player(1, "adams, Al", rating=2400, title="g"),
        Player(3, "Beta, Bo"),
        Player(5, "Alpha, Ann", rating=2550),
        Player(6, "Eland, Ed", rating=0, title="m"),
    ]:
        t.add_player(p)
    return t


def numbers(t: Tournament, order: StartOrder | str) -> list[int]:
    return [p.number for p in start_list(t, order)]


def test_by_pairing_number() -> None:
    assert numbers(event(), StartOrder.NUMBER) == [1, 2, 3, 4, 5, 6]


def test_alphabetical_ignores_case_and_accents() -> None:
    # adams, Alpha, Beta, Élan (as Elan), Eland, Zeta
    assert numbers(event(), "name") == [1, 5, 3, 2, 6, 4]


def test_by_rating_then_title_then_name() -> None:
    # 2550; then the three 2400s by title: GM (1), FM (2), none (4); then the unrated: the IM
    # before the untitled
    assert numbers(event(), "rating") == [5, 1, 2, 4, 6, 3]


def test_equal_names_keep_the_pairing_number_order() -> None:
    t = Tournament()
    for n in (3, 1, 2):
        t.add_player(Player(n, "Same, Name"))
    assert numbers(t, "name") == [1, 2, 3]


def test_unknown_order_is_an_error() -> None:
    with pytest.raises(ChessArbiterError, match="unknown start list order 'elo'"):
        start_list(event(), "elo")


def test_alphabetical_key() -> None:
    assert alphabetical_key("Ötker") == alphabetical_key("otker")


def test_real_open_by_rating(shared: Path) -> None:
    t = trf.load(shared / "real/sharly-chess/trf/example_trf16.trf")
    players = start_list(t, "rating")
    assert len(players) == 284
    ratings = [p.rating or 0 for p in players]
    assert ratings == sorted(ratings, reverse=True)
    assert players[0].name == "Vasquez,Rodrigo"
    by_name = [p.name for p in start_list(t, "name")]
    assert by_name == sorted(by_name, key=alphabetical_key)
