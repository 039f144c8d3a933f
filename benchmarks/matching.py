"""Benchmark: the maximum-weight matching kernel (``chessarbiter.pairing.matching``).

Run with ``.venv/bin/python benchmarks/matching.py`` (``--help`` for options).  For each size
(default 300 and 1000) it builds a complete graph with random 200-bit weights, solves it from
scratch, then applies single-vertex updates — every edge of one random vertex gets a new
random weight, then ``compute_matching()`` — the pattern the pairing engines use.  It reports
wall and CPU time per phase and the solver's event counters; ``--check`` also verifies the
optimality certificate at the end of each phase.  ``--mild`` changes only the low 20 bits of
the updated vertex's weights (closer to what a pairing engine does than fresh weights).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from chessarbiter.pairing.matching import MatchingComputer


def timed(action: Callable[[], None]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``action()``."""
    w0, c0 = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - w0, time.process_time() - c0


def stats_delta(after: dict[str, int], before: dict[str, int]) -> str:
    keys = ("stages", "grow", "blossom", "expand", "augment", "to_source", "rescan")
    return ", ".join(f"{k} {after[k] - before.get(k, 0)}" for k in keys)


def bench(n: int, updates: int, bits: int, seed: int, check: bool, mild: bool) -> None:
    rng = random.Random(seed)
    computer = MatchingComputer(n)

    def build() -> None:
        for u in range(n):
            for v in range(u + 1, n):
                computer.set_edge_weight(u, v, rng.getrandbits(bits))

    wall, _ = timed(build)
    print(f"n = {n}: {n * (n - 1) // 2} edges of {bits}-bit weights set in {wall:.2f} s")
    wall, cpu = timed(computer.compute_matching)
    counts = stats_delta(computer.stats, {})
    print(f"  from scratch          {wall:8.2f} s wall {cpu:8.2f} s CPU   ({counts})")
    if check:
        assert computer.check_optimality() == []
    if not updates:
        return
    before = dict(computer.stats)
    total_wall = total_cpu = 0.0
    worst = 0.0
    for _ in range(updates):
        v = rng.randrange(n)
        for u in range(n):
            if u != v:
                if mild:
                    old = computer.edge_weight(v, u)
                    computer.set_edge_weight(v, u, old >> 20 << 20 | rng.getrandbits(20))
                else:
                    computer.set_edge_weight(v, u, rng.getrandbits(bits))
        wall, cpu = timed(computer.compute_matching)
        total_wall += wall
        total_cpu += cpu
        worst = max(worst, wall)
    kind = "mild" if mild else "single-vertex"
    print(
        f"  {updates} {kind} updates {total_wall:6.2f} s wall {total_cpu:8.2f} s CPU"
        f"   ({total_wall / updates * 1000:.1f} ms each on average, worst {worst * 1000:.0f} ms;"
        f" {stats_delta(computer.stats, before)})"
    )
    if check:
        assert computer.check_optimality() == []
        print("  optimality certificates verified")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("sizes", nargs="*", type=int, default=[300, 1000])
    parser.add_argument("--updates", type=int, default=50, help="single-vertex updates per size")
    parser.add_argument("--bits", type=int, default=200, help="weight size in bits")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="verify the optimality certificates")
    parser.add_argument("--mild", action="store_true", help="updates change the low 20 bits only")
    args = parser.parse_args(argv)
    for n in args.sizes:
        bench(n, args.updates, args.bits, args.seed, args.check, args.mild)
    return 0


if __name__ == "__main__":
    sys.exit(main())
