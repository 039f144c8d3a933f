"""Benchmark: pairing one round with the FIDE (Dutch) engine.

    .venv/bin/python benchmarks/pairing.py [--sizes 100,300,1000,3000] [--stress]
                                           [--first-round 1000,2000,5000,10000]
                                           [--edition 2026] [--timeout 600]

For each size, a realistic event is made with our own random generator (seeded, 9 rounds,
1000-2800 ratings, 30 % draws, a few byes and forfeits), paired by our engine up to round 8
and cached under ``benchmarks/cache/``; then round 9 is paired (by the rules of ``--edition``) in
a fresh process, and its CPU seconds and peak memory (max RSS) are reported. ``--stress``
adds the synthetic files of ``../shared/corpus/stress`` (much harder than real events for
every engine). ``--first-round`` adds the first round of an open of each given size (one
score group of everyone on 0 points, ratings 1000-2800, seeded), built in memory.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE / "cache"
SHARED = HERE.parent.parent / "shared"

CONFIG = """PlayersNumber={n}
RoundsNumber=9
DrawPercentage=30
ForfeitRate=60
RetiredRate=200
HalfPointByeRate=120
HighestRating=2800
LowestRating=1000
"""

MEASURE = r"""
import json, sys, time
from chessarbiter import trf
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.editions import DutchEdition
if sys.argv[1].startswith("first-round:"):
    from benchmarks.firstround import first_round_tournament  # run from the repository's root

    t = first_round_tournament(int(sys.argv[1].split(":")[1]))
else:
    t = trf.load(sys.argv[1])
start = time.process_time()
pairing = pair_round(t, DutchEdition(sys.argv[2]))
cpu = time.process_time() - start
# VmHWM: this process's own peak resident memory (ru_maxrss would include the parent's, as
# it survives exec)
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({"cpu": cpu, "rss_mb": hwm / 1024, "boards": len(pairing.boards)}))
"""


def event_before_last_round(n: int, edition: str) -> Path:
    """The cached generated event of ``n`` players, as it stands before round 9."""
    from chessarbiter import trf
    from chessarbiter.editions import DutchEdition
    from chessarbiter.pairing.dutch.checker import tournament_before_round
    from chessarbiter.pairing.dutch.generator import generate_tournament

    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"event_{n}_{edition}_round09.trf"
    if not path.exists():
        started = time.perf_counter()
        t = generate_tournament(1000 + n, CONFIG.format(n=n), DutchEdition(edition))
        before = tournament_before_round(t, 9)
        path.write_text(trf.dumps(before, trf.TRFX))
        print(f"  (generated {n} players in {time.perf_counter() - started:.0f} s)")
    return path


def measure(path: Path | str, edition: str, timeout: float) -> dict[str, float] | None:
    try:
        done = subprocess.run(
            [sys.executable, "-c", MEASURE, str(path), edition],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
            cwd=HERE.parent,
        )
    except subprocess.TimeoutExpired:
        return None
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300")
    parser.add_argument("--stress", action="store_true")
    parser.add_argument("--first-round", default="", help="sizes of first rounds, e.g. 1000,5000")
    parser.add_argument("--edition", default="2026")
    parser.add_argument("--timeout", type=float, default=600.0)
    args = parser.parse_args()
    cases: list[tuple[str, Path | str]] = []
    for n in (int(s) for s in args.first_round.split(",") if s):
        cases.append((f"first round, {n} players", f"first-round:{n}"))
    for n in (int(s) for s in args.sizes.split(",") if s):
        # the events are made once, with the 2026 rules; --edition picks the rules of round 9
        cases.append((f"generated, {n} players, round 9", event_before_last_round(n, "2026")))
    if args.stress:
        cases += [
            (f"stress {p.name}", p) for p in sorted((SHARED / "corpus" / "stress").glob("*.trf"))
        ]
    print(f"{'case':<40} {'CPU s':>8} {'peak MB':>8} {'boards':>7}")
    for label, path in cases:
        r = measure(path, args.edition, args.timeout)
        if r is None:
            print(f"{label:<40} {'> ' + str(int(args.timeout)):>8} {'-':>8} {'-':>7}")
        else:
            print(f"{label:<40} {r['cpu']:8.2f} {r['rss_mb']:8.0f} {int(r['boards']):>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
