"""Benchmark: explaining a big round (``chessarbiter.pairing.dutch.why``).

    .venv/bin/python benchmarks/explain.py [--sizes 1000] [--full]

For the real 284-player open (``../shared/real/sharly-chess/trf/example_trf16.trf``), the
cached generated events of ``benchmarks/pairing.py`` before round 9 (``--sizes``; made there
when missing) and the first round of a 1,000-player open, in a fresh process each: CPU
seconds of the overview (every bracket and pair, the reasons read off the round), of "why was
X paired with Y" for the player on the top board (all his passed-over opponents) and for him
and one named opponent, the size of the overview as JSON, and with ``--full`` the whole
``--explain`` text (a what-if solve for every opponent passed over).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REAL_OPEN = HERE.parent.parent / "shared" / "real" / "sharly-chess" / "trf" / "example_trf16.trf"

MEASURE = r"""
import json, sys, time
from chessarbiter import trf
from chessarbiter.pairing.dutch.why import explain, why
source, full = sys.argv[1], sys.argv[2] == "1"
if source.startswith("first-round:"):
    from benchmarks.firstround import first_round_tournament  # run from the repository's root

    t = first_round_tournament(int(source.split(":")[1]))
else:
    t = trf.load(source)
    if t.total_rounds is None:  # the real open's file does not say: as the web imports it
        t.total_rounds = 9
figures = {}
start = time.process_time()
overview = explain(t)
figures["overview"] = time.process_time() - start
figures["json_kb"] = len(json.dumps(overview.to_json())) / 1024
top = overview.pairing.boards[0]
x = top.white
start = time.process_time()
why(t, x)
figures["why_x"] = time.process_time() - start
other = overview.pairing.boards[-1].black
start = time.process_time()
why(t, x, other)
figures["why_xy"] = time.process_time() - start
if full:
    start = time.process_time()
    lines = explain(t, every_reason=True).lines()
    figures["full"] = time.process_time() - start
    figures["full_kb"] = len("\n".join(lines)) / 1024
print(json.dumps(figures))
"""


def measure(source: str, full: bool) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, source, "1" if full else "0"],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
        cwd=HERE.parent,
    )
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000", help="generated events, e.g. 1000,3000")
    parser.add_argument("--full", action="store_true", help="also the whole --explain text")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    from benchmarks.pairing import event_before_last_round

    sources: list[tuple[str, str]] = []
    if REAL_OPEN.exists():
        sources.append(("the real open, 284 players, round 8 of 9", str(REAL_OPEN)))
    for size in (int(s) for s in args.sizes.split(",") if s):
        sources.append(
            (f"generated, {size} players, round 9", str(event_before_last_round(size, "2026")))
        )
    sources.append(("first round, 1,000 players", "first-round:1000"))
    for label, source in sources:
        f = measure(source, args.full)
        line = (
            f"{label}: overview {f['overview']:.2f} s ({f['json_kb']:.0f} KB of JSON), "
            f"why X {f['why_x']:.2f} s, why X and Y {f['why_xy']:.2f} s"
        )
        if args.full:
            line += f", the whole --explain text {f['full']:.2f} s ({f['full_kb']:.0f} KB)"
        print(line + " (CPU)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
