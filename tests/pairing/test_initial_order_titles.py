"""C.04.2 B.2 (2017) / 2026 art. 2.2: equal ratings are ordered by title, and TRF's one- or
two-letter title codes rank as the titles they stand for (the WCM code ``wc`` ranked as
untitled before)."""

from __future__ import annotations

from chessarbiter.model import Player
from chessarbiter.pairing.swiss.ranking import initial_order


def test_every_trf_title_code_ranks_as_its_title() -> None:
    codes = ["", "wc", "wf", "c", "wm", "f", "wg", "m", "g"]
    players = [Player(n, f"P{n}", title=code, rating=2000) for n, code in enumerate(codes, 1)]
    assert [p.title for p in initial_order(players)] == list(reversed(codes))
    long = [Player(1, "A", title=""), Player(2, "B", title="WCM"), Player(3, "C", title="wc")]
    assert [p.number for p in initial_order(long)] == [2, 3, 1]
