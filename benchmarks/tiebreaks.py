"""Benchmark: standings with eight C.07 tie-breaks for a large Swiss.

    .venv/bin/python benchmarks/tiebreaks.py [--players 1000] [--rounds 11]

A synthetic event (seeded): each round the players present are paired at random, with 30 %
draws, a few forfeits, half-point byes and withdrawals; then the standings with
DE, BH/C1, BH, BH/M1, SB, WIN, ARO and TPR are computed, and the CPU seconds reported.
Issue 4's target: under 1 s for 1,000 players and 11 rounds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from chessarbiter.model import Player, Result, RoundEntry, Tournament
from chessarbiter.standings import standings
from chessarbiter.tiebreaks import for_standings, parse_list

TIEBREAKS = "DE,BH/C1,BH,BH/M1,SB,WIN,ARO,TPR"


def event(players: int, rounds: int, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    t = Tournament(total_rounds=rounds)
    for n in range(1, players + 1):
        t.add_player(Player(n, f"Player {n}", rating=rng.randint(1000, 2800)))
    withdrawn: set[int] = set()
    for r in range(1, rounds + 1):
        present = [n for n in range(1, players + 1) if n not in withdrawn]
        rng.shuffle(present)
        for n in present[:3]:
            t.player(n).results.append(RoundEntry.bye(Result.HALF_POINT_BYE))
        present = present[3:]
        if len(present) % 2:
            t.player(present.pop()).results.append(RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
        for i in range(0, len(present), 2):
            a, b = present[i], present[i + 1]
            x = rng.random()
            result = (
                Result.FORFEIT_WIN
                if x < 0.01
                else Result.DRAW
                if x < 0.31
                else Result.WIN
                if x < 0.66
                else Result.LOSS
            )
            t.record_game(r, a, b, result)
        for n in withdrawn:
            t.player(n).results.append(RoundEntry.NOT_PAIRED)
        if r < rounds:
            withdrawn.add(rng.choice([n for n in range(1, players + 1) if n not in withdrawn]))
    return t


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args()
    t = event(args.players, args.rounds)
    start = time.process_time()
    rows = standings(t, None, for_standings(t, parse_list(TIEBREAKS)))
    cpu = time.process_time() - start
    print(f"{args.players} players, {args.rounds} rounds, {TIEBREAKS}: {cpu:.2f} s CPU")
    print(f"  leader: {rows[0].name} {rows[0].points} {dict(rows[0].tiebreaks)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
