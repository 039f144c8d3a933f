"""Ranking lists by category and standings after a complete round
(:func:`chessarbiter.standings.category_ranking`,
:func:`chessarbiter.standings.resolve_completed_round`)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.categories import default_reference_date, parse_category
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.standings import (
    category_ranking,
    ranking,
    resolve_completed_round,
)

DAY = datetime.date(2026, 1, 1)


def event() -> Tournament:
    """Six players, one round: 1-2 1-0, 3-4 ½-½, 5-6 0-1."""
    t = Tournament(total_rounds=3, start_date="2026/05/01")
    people = [
        ("Ann", "f", "2014/05/01", 1500),
        ("Bob", "m", "2015", 1700),
        ("Cid", "m", "1970", 0),
        ("Dot", "f", "2016/02/03", 1450),
        ("Eve", "f", "", 1900),
        ("Fay", "f", "2013/01/01", 1300),
    ]
    for n, (name, sex, born, rating) in enumerate(people, start=1):
        t.add_player(Player(n, name, sex=sex, birth_date=born, rating=rating))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(1, 5, 6, Result.LOSS)
    return t


def places(t: Tournament, text: str) -> list[tuple[str, str, int]]:
    rows = category_ranking(t, ranking(t), parse_category(text), reference_date=DAY)
    return [(r.shared, r.standing.shared, r.standing.pairing_number) for r in rows]


def test_overall_places() -> None:
    assert [(r.shared, r.pairing_number) for r in ranking(event())] == [
        ("1-2", 1),
        ("1-2", 6),
        ("3-4", 3),
        ("3-4", 4),
        ("5-6", 2),
        ("5-6", 5),
    ]


def test_category_keeps_the_overall_place_and_numbers_the_category() -> None:
    # women: Ann and Fay share 1st overall, so 1st-2nd in the category; Dot 3rd-4th -> 3rd
    assert places(event(), "F") == [
        ("1-2", "1-2", 1),
        ("1-2", "1-2", 6),
        ("3", "3-4", 4),
        ("4", "5-6", 5),
    ]
    # under 12 on 1 January 2026: Ann (11), Bob (born 2015), Dot; not Fay (13), not Eve (no date)
    assert places(event(), "U12") == [("1", "1-2", 1), ("2", "3-4", 4), ("3", "5-6", 2)]
    assert places(event(), "U12&F") == [("1", "1-2", 1), ("2", "3-4", 4)]
    assert places(event(), "UNRATED|RATING>=1900") == [("1", "3-4", 3), ("2", "5-6", 5)]
    assert places(event(), "FED=GER") == []


def test_category_list_of_drawn_places_follows_the_draw() -> None:
    t = event()
    rows = ranking(t, lots=7)
    women = category_ranking(t, rows, parse_category("F"), reference_date=DAY)
    assert [r.place for r in women] == [1, 2, 3, 4]
    assert [r.standing.pairing_number for r in women] == [
        r.pairing_number for r in rows if r.pairing_number in (1, 4, 5, 6)
    ]


def test_ratings_given_decide_the_bands() -> None:
    t = event()
    rows = category_ranking(
        t, ranking(t), parse_category("RATING<1400"), reference_date=DAY, ratings={2: 1000}
    )
    assert [r.standing.pairing_number for r in rows] == [2]


def pending_event() -> Tournament:
    t = event()
    t.record_game(2, 1, 6, Result.DRAW)
    t.player(2).set_entry(2, RoundEntry(3, Colour.WHITE, None))
    t.player(3).set_entry(2, RoundEntry(2, Colour.BLACK, None))
    t.player(4).set_entry(2, RoundEntry(5, Colour.WHITE, None))
    t.player(5).set_entry(2, RoundEntry(4, Colour.BLACK, None))
    return t


def test_completed_round_refuses_a_round_being_played() -> None:
    t = pending_event()
    assert resolve_completed_round(t, 1) == 1
    assert resolve_completed_round(t, 0) == 0
    assert resolve_completed_round(t, None) == 2  # by default: the last paired round, as before
    with pytest.raises(
        ChessArbiterError, match=r"^round 2 is not complete: 2 games have no result yet$"
    ):
        resolve_completed_round(t, 2)
    with pytest.raises(ChessArbiterError, match="only 2 rounds have been played"):
        resolve_completed_round(t, 3)


def test_standings_after_round_one_of_two(shared: Path) -> None:
    t = trf.load(shared / "real/sharly-chess/trf/example_trf16.trf")
    assert resolve_completed_round(t, 3) == 3
    after3 = ranking(t, after_round=3)
    assert all(row.points <= 3 for row in after3)
    assert max(row.points for row in after3) == 3
    day = default_reference_date(t)
    assert day is not None
    juniors = category_ranking(t, after3, parse_category("U20"), reference_date=day)
    assert len(juniors) == 82
    assert [r.place for r in juniors][:1] == [1]
    ranks = [r.standing.rank for r in juniors]
    assert ranks == sorted(ranks)
