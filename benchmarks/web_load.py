"""Benchmark: the public standings page of a 300-player event under load.

Makes a 300-player, 9-round event with the random generator (seeded), imports it into a
fresh SQLite database in a temporary folder, starts ``chessarbiter web serve`` (gunicorn) on
a free loopback port, and runs ``wrk`` (Debian package ``wrk``) against
``/events/1/standings/``. Prints requests per second and the latency percentiles.

    python benchmarks/web_load.py [--workers 2] [--connections 16] [--seconds 20]

Target (issue 5): 200 requests/s with p99 under 100 ms on the 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def prepare(data: Path) -> None:
    os.environ["CHESSARBITER_DATA"] = str(data)
    os.environ["DJANGO_SETTINGS_MODULE"] = "chessarbiter.web.settings"
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from chessarbiter import trf
    from chessarbiter.editions import DutchEdition
    from chessarbiter.pairing.dutch.generator import generate_tournament
    from chessarbiter.web.events import services

    call_command("migrate", interactive=False, verbosity=0)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from benchmarks.pairing import CONFIG  # the generator settings of the pairing benchmark

    t = generate_tournament(300, CONFIG.format(n=300), DutchEdition("2026"))
    t.name = "Load test open"
    owner = User.objects.create_superuser("bench", "", "bench-password-1")
    services.import_trf(owner, trf.dumps(t), "load.trf")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        print("wrk is missing: apt-get install wrk", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        prepare(data)
        port = free_port()
        env = dict(os.environ, CHESSARBITER_DATA=str(data), NO_DEMO="1", PORT=str(port))
        server = subprocess.Popen(
            [
                shutil.which("chessarbiter") or "chessarbiter",
                "web",
                "serve",
                "--workers",
                str(args.workers),
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        url = f"http://127.0.0.1:{port}/events/1/standings/"
        try:
            for _ in range(100):
                try:
                    with urllib.request.urlopen(url) as r:
                        body = r.read()
                    break
                except OSError:
                    time.sleep(0.2)
            else:
                print("the server did not start", file=sys.stderr)
                return 1
            rows = body.count(b"<tr") - 1
            # warm every worker's cache, then measure
            subprocess.run(["wrk", "-t1", "-c4", "-d2s", url], capture_output=True, check=True)
            out = subprocess.run(
                [
                    "wrk",
                    f"-t{args.threads}",
                    f"-c{args.connections}",
                    f"-d{args.seconds}s",
                    "--latency",
                    url,
                ],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        finally:
            server.terminate()
            server.wait()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    pct = dict(re.findall(r"^\s+(\d+)%\s+([\d.]+\w+)", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    print(
        f"public standings of a 300-player event ({rows} rows), {args.workers} workers, "
        f"{args.connections} connections, {args.seconds} s"
    )
    print(
        f"  {rps:.0f} requests/s; latency p50 {pct.get('50')}, p90 {pct.get('90')}, "
        f"p99 {pct.get('99')}; errors {errors.group(1) if errors else 0}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
