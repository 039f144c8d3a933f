"""Benchmark: the maximum-weight matching kernel (``chessarbiter.pairing.matching``).

Run with ``.venv/bin/python benchmarks/matching.py`` (``--help`` for options).  For each size
(default 300 and 1000) it builds a complete graph with random 200-bit weights, solves it from
scratch, then applies single-vertex updates — every edge of one random vertex gets a new
random weight, then ``compute_matching()`` — the pattern the pairing engines use.  It reports
wall and CPU time per phase and the solver's event counters; ``--check`` also verifies the
optimality certificate at the end of each phase.  ``--mild`` changes only the low 20 bits of
the updated vertex's weights (closer to what a pairing engine does than fresh weights).
``--native`` runs the compiled kernel (:mod:`chessarbiter.pairing.matching.native`) instead;
``--compare`` runs both on the same calls and checks that their matchings are identical.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from chessarbiter.pairing.matching import MatchingComputer
from chessarbiter.pairing.matching.native import NativeMatchingComputer, import_error


class _Both:
    """Drives the Python and the native kernel with the same calls; times the native one."""

    def __init__(self, size: int) -> None:
        assert NativeMatchingComputer is not None
        self.py = MatchingComputer(size)
        self.native = NativeMatchingComputer(size)
        self.py_seconds = 0.0

    @property
    def stats(self) -> dict[str, int]:
        return self.native.stats

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        self.py.set_edge_weight(u, v, weight)
        self.native.set_edge_weight(u, v, weight)

    def edge_weight(self, u: int, v: int) -> int:
        return self.native.edge_weight(u, v)

    def compute_matching(self) -> None:
        self.native.compute_matching()
        t0 = time.perf_counter()
        self.py.compute_matching()
        self.py_seconds += time.perf_counter() - t0
        assert self.native.matching() == self.py.matching(), "native and Python matchings differ"
        assert self.native.stats == self.py.stats, "native and Python event counts differ"

    def check_optimality(self) -> list[str]:
        return self.native.check_optimality()


def timed(action: Callable[[], None]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``action()``."""
    w0, c0 = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - w0, time.process_time() - c0


def stats_delta(after: dict[str, int], before: dict[str, int]) -> str:
    keys = ("stages", "grow", "blossom", "expand", "augment", "to_source", "rescan")
    return ", ".join(f"{k} {after[k] - before.get(k, 0)}" for k in keys)


def bench(
    n: int, updates: int, bits: int, seed: int, check: bool, mild: bool, kernel: str = "python"
) -> None:
    rng = random.Random(seed)
    computer: MatchingComputer | _Both
    if kernel == "compare":
        computer = _Both(n)
    elif kernel == "native":
        assert NativeMatchingComputer is not None
        computer = NativeMatchingComputer(n)  # type: ignore[assignment]
    else:
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
    if isinstance(computer, _Both):
        print(
            f"  identical matchings and event counts after every compute"
            f" (Python kernel: {computer.py_seconds:.2f} s in compute_matching)"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("sizes", nargs="*", type=int, default=[300, 1000])
    parser.add_argument("--updates", type=int, default=50, help="single-vertex updates per size")
    parser.add_argument("--bits", type=int, default=200, help="weight size in bits")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="verify the optimality certificates")
    parser.add_argument("--mild", action="store_true", help="updates change the low 20 bits only")
    parser.add_argument("--native", action="store_true", help="time the compiled kernel")
    parser.add_argument(
        "--compare", action="store_true", help="run both kernels, check identical matchings"
    )
    args = parser.parse_args(argv)
    kernel = "compare" if args.compare else "native" if args.native else "python"
    if kernel != "python" and NativeMatchingComputer is None:
        parser.error(import_error() or "the compiled kernel is not available")
    print(f"kernel: {kernel}")
    for n in args.sizes:
        bench(n, args.updates, args.bits, args.seed, args.check, args.mild, kernel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
