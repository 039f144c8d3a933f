"""Benchmark: explaining a big round (``chessarbiter.pairing.dutch.why``) and its web page.

    .venv/bin/python benchmarks/explain.py [--sizes 1000] [--full] [--web]

For the real 284-player open (``../shared/real/sharly-chess/trf/example_trf16.trf``), the
cached generated events of ``benchmarks/pairing.py`` before round 9 (``--sizes``; made there
when missing) and the first round of a 1,000-player open, in a fresh process each: CPU
seconds of the overview (every bracket and pair, the reasons read off the round), of "why was
X paired with Y" for the player on the top board (all his passed-over opponents) and for him
and one named opponent, the size of the overview as JSON, and with ``--full`` the whole
``--explain`` text (a what-if solve for every opponent passed over).

``--web``: the arbiter's page "why this pairing" instead, for round 2 and round 8 of the real
open and round 2 and round 9 of the generated 1,000-player event, each imported into a fresh
SQLite database in a temporary folder: CPU seconds of the library's explanation, of the page
(the event loaded, explained and rendered; the best of three), the render alone (the page
less the service), the page's size and the size of its text download. The target: the
1,000-player page in under 3 s.
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


WEB = r"""
import json, os, sys, tempfile, time
os.environ["CHESSARBITER_DATA"] = tempfile.mkdtemp(prefix="explain-bench-")
os.environ["DJANGO_SETTINGS_MODULE"] = "chessarbiter.web.settings"
import django
django.setup()
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from chessarbiter import trf
from chessarbiter.pairing.dutch.checker import tournament_before_round
from chessarbiter.pairing.dutch.why import explain
from chessarbiter.web.events import services
source, before = sys.argv[1], int(sys.argv[2])
settings.ALLOWED_HOSTS = ["*"]
call_command("migrate", interactive=False, verbosity=0)
owner = User.objects.create_superuser("bench", "", "bench-password-1")
client = Client()
client.force_login(owner)
t = trf.load(source)
t.total_rounds = t.total_rounds or 9
if before <= t.rounds_played:
    t = tournament_before_round(t, before)
figures = {}
start = time.process_time()
explain(t)
figures["library"] = time.process_time() - start
event = services.import_trf(owner, trf.dumps(t, trf.TRF2026), "bench.trf")
url = reverse("arbiter:explain", args=[event.pk])
pages, services_only = [], []
for _ in range(3):
    start = time.process_time()
    services.explain_next_round(event)
    services_only.append(time.process_time() - start)
    start = time.process_time()
    html = client.get(url).content
    pages.append(time.process_time() - start)
figures["page"] = min(pages)
figures["render"] = max(0.0, min(pages) - min(services_only))
figures["html_kb"] = len(html) / 1024
start = time.process_time()
text = client.get(reverse("arbiter:explain_text", args=[event.pk])).content
figures["text"] = time.process_time() - start
figures["text_kb"] = len(text) / 1024
print(json.dumps(figures))
"""


def measure_web(source: str, before: int) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", WEB, source, str(before)],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
        cwd=HERE.parent,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main_web() -> int:
    from benchmarks.pairing import event_before_last_round

    generated = str(event_before_last_round(1000, "2026"))
    cases = [
        ("the real open, 284 players, round 2", str(REAL_OPEN), 2),
        ("the real open, 284 players, round 8", str(REAL_OPEN), 8),
        ("generated, 1,000 players, round 2", generated, 2),
        ("generated, 1,000 players, round 9", generated, 9),
    ]
    for label, source, before in cases:
        if source == str(REAL_OPEN) and not REAL_OPEN.exists():
            continue
        f = measure_web(source, before)
        print(
            f"{label}: library {f['library']:.2f} s, page {f['page']:.2f} s (render "
            f"{f['render']:.2f} s), {f['html_kb']:.0f} KB of HTML; the text download "
            f"{f['text']:.2f} s, {f['text_kb']:.0f} KB (CPU)",
            flush=True,
        )
    return 0


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
    parser.add_argument("--web", action="store_true", help="the web page instead")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE.parent))
    if args.web:
        return main_web()
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
