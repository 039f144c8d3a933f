"""An open before its first round, for the benchmarks: ``n`` players, ratings 1000-2800
(seeded by ``n``), no rounds, 9 planned. Built in memory: a TRF's 001 records have room for
9,999 players only."""

from __future__ import annotations

import random

from chessarbiter import trf
from chessarbiter.model import Player, Tournament


def first_round_tournament(n: int) -> Tournament:
    rng = random.Random(n)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(n)), reverse=True)
    one = "001    1      " + "Player1".ljust(34) + "2000" + 29 * " " + "0.0"
    t = trf.loads("012 First round\nXXR 9\nXXC white1\n" + one + "\n")
    t.players = {i: Player(number=i, name=f"Player{i}", rating=r) for i, r in enumerate(ratings, 1)}
    return t
