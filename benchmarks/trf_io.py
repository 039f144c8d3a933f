"""Benchmark: reading and writing TRF files.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/trf_io.py``). Reads every ``.trf`` of
``../shared/corpus`` and the 284-player real open, writes each back and re-reads it, and reports
wall time per phase and files per second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from chessarbiter import trf

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def main() -> int:
    files = sorted((SHARED / "corpus").rglob("*.trf"))
    big = SHARED / "real" / "sharly-chess" / "trf" / "example_trf16.trf"
    if not files:
        print(f"no corpus under {SHARED}", file=sys.stderr)
        return 1
    texts = [trf.decode(f.read_bytes()) for f in files]
    t0 = time.perf_counter()
    docs = [trf.read(text, str(f)) for f, text in zip(files, texts, strict=True)]
    t1 = time.perf_counter()
    out = [trf.dumps_with_losses(d.tournament, d.dialect)[0] for d in docs]
    t2 = time.perf_counter()
    for text in out:
        trf.read(text)
    t3 = time.perf_counter()
    exact = sum(a == b for a, b in zip(texts, out, strict=True))
    print(f"corpus: {len(files)} files, {exact} written back byte for byte")
    print(f"  read   {t1 - t0:6.2f} s  ({len(files) / (t1 - t0):7.1f} files/s)")
    print(f"  write  {t2 - t1:6.2f} s  ({len(files) / (t2 - t1):7.1f} files/s)")
    print(f"  reread {t3 - t2:6.2f} s")
    if big.exists():
        text = trf.decode(big.read_bytes())
        t0 = time.perf_counter()
        for _ in range(10):
            doc = trf.read(text)
        t1 = time.perf_counter()
        print(f"{big.name}: {len(doc.tournament)} players, read in {(t1 - t0) / 10 * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
