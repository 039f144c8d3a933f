"""Benchmark: the FIDE rating report (B.02) and the title norms (B.01) of a large Swiss.

    .venv/bin/python benchmarks/ratings.py [--players 1000] [--rounds 11]

The synthetic event of ``benchmarks/tiebreaks.py`` (seeded: random pairings, 30 % draws, a few
forfeits, byes and withdrawals), with titles and federations drawn for the players (a tenth
titled, twelve federations, a few unrated; ``--strong``: a norm event, ratings 2200 to 2700 and
half the players titled), then :func:`chessarbiter.ratings.change.rating_report`
and :func:`chessarbiter.ratings.norms.norms` for every player and every title he may seek; the
CPU seconds of each are reported.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable

from chessarbiter.model import Tournament
from chessarbiter.ratings.change import rating_report
from chessarbiter.ratings.norms import norms

#: The synthetic event of the sibling benchmark ``benchmarks/tiebreaks.py`` (run as a script,
#: this file's folder is the first place Python looks for modules).
event: Callable[[int, int], Tournament] = importlib.import_module("tiebreaks").event

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
FEDERATIONS = ("GER", "FRA", "ESP", "ITA", "NED", "POL", "CZE", "HUN", "ENG", "USA", "IND", "FID")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument(
        "--strong",
        action="store_true",
        help="a norm event: ratings 2200-2700, half the players titled",
    )
    args = parser.parse_args()
    t = event(args.players, args.rounds)
    rng = random.Random(2)
    t.federation = "GER"
    for p in t.players.values():
        p.federation = rng.choice(FEDERATIONS)
        p.sex = "w" if rng.random() < 0.2 else "m"
        p.title = rng.choice(TITLES) if rng.random() < (0.5 if args.strong else 0.1) else ""
        if args.strong:
            p.rating = rng.randint(2200, 2700)
        p.birth_date = f"{rng.randint(1950, 2015)}/01/01"
        if rng.random() < 0.03:
            p.rating = None
    start = time.process_time()
    report = rating_report(t)
    rating_cpu = time.process_time() - start
    start = time.process_time()
    results = norms(t)
    norms_cpu = time.process_time() - start
    achieved = sum(r.achieved for r in results)
    print(f"{args.players} players, {args.rounds} rounds:")
    print(f"  rating report: {rating_cpu:.2f} s CPU ({len(report.players)} players)")
    print(
        f"  title norms:   {norms_cpu:.2f} s CPU ({len(results)} player-title pairs, "
        f"{achieved} achieved)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
