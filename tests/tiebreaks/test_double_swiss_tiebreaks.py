"""C.04.5 Preface: in a Double-Swiss event a single forfeited game of a regularly played match
counts as played for tie-breaks; a match forfeited whole does not."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.model import Player, Result, Tournament
from chessarbiter.pairing.double_swiss.rules import MatchError, forfeits_counted_as_played
from chessarbiter.tiebreaks import compute, parse


def event(system: str) -> Tournament:
    """Four players, two matches (four game columns). Match 1: 1-2 with 1's game 2 forfeited
    (2 wins it by forfeit) and 3-4 forfeited whole by 4; match 2: 1-3 and 2-4 played."""
    t = Tournament(total_rounds=4)
    t.system = system
    for n in (1, 2, 3, 4):
        t.add_player(Player(n, f"P{n}", rating=2000 - n))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(2, 2, 1, Result.FORFEIT_WIN)
    t.record_game(1, 3, 4, Result.FORFEIT_WIN)
    t.record_game(2, 4, 3, Result.FORFEIT_LOSS)
    t.record_game(3, 1, 3, Result.DRAW)
    t.record_game(4, 3, 1, Result.WIN)
    t.record_game(3, 2, 4, Result.WIN)
    t.record_game(4, 4, 2, Result.DRAW)
    return t


def test_single_forfeit_of_a_played_match_counts_as_played() -> None:
    ds = event("FIDE_DOUBLESWISS")
    assert forfeits_counted_as_played(ds, 4) == {(1, 2), (2, 2)}
    scores = {p.number: sum((ds.point_system.points(e) for e in p.results), Decimal(0)) for p in ds}
    bh = compute(ds, [parse("BH")], edition="2026")
    # player 1 met 2 in both games of match 1 (the forfeited one counted as played) and 3 twice
    assert bh[1]["BH"] == 2 * scores[2] + 2 * scores[3]
    # the same file without 192 reads game 2 of match 1 as an unplayed round (a dummy opponent)
    plain = compute(event(""), [parse("BH")], edition="2026")
    assert plain[1]["BH"] != bh[1]["BH"]
    # the match forfeited whole by 4 stays unplayed for both: 3's BH is the same either way
    assert bh[3]["BH"] == plain[3]["BH"]


def test_a_half_match_is_refused_by_name() -> None:
    t = event("FIDE_DOUBLESWISS")
    t.player(1).results[3] = t.player(1).results[
        2
    ]  # game 2 of match 2 against 3 again, same colour
    with pytest.raises(MatchError, match="player 1, match 2"):
        forfeits_counted_as_played(t, 4)
