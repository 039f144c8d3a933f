"""Benchmark: server mode under load — many pairing jobs through the JSON API at once.

Server mode on loopback only, everything started here and stopped at the end: a private
``redis-server`` on a free port, a fresh PostgreSQL database (``--pg``, default the CI
server's, made by ``.ci/postgres``; created and dropped here), ``chessarbiter web serve
--workers 2`` (gunicorn) and two ``chessarbiter web worker`` processes (RQ).

1. ``--events`` events (default 100) are created through the API from one generated TRF of a
   ``--players``-player Swiss (default 300) standing before round 5.
2. The next round of every event is requested at once (``POST /api/events/{id}/rounds/next``,
   202 + a job, each from a thread of its own), while ``wrk`` loads an event's public
   standings at 16 connections: for the first 2 s (the submissions, which the web processes
   serve before the page requests that arrive behind them) and then for 10 s (the jobs
   running; the pairing of 100 rounds lasts longer than that here, else a warning is printed).
3. Every job is followed to its end: all must be ``done``, each event with exactly one new
   round of the right number of boards (none lost, none twice); jobs per minute are printed
   with the standings' latency percentiles of both windows (target: p99 < 100 ms while the
   jobs run) and how long the submissions took.
4. A worker is killed (SIGKILL) in the middle of a job of a large event: the job must be
   retried by the other worker or reported failed, and the event must hold the round whole or
   not at all (never half-written).

    python benchmarks/jobs_load.py [--events 100] [--players 300] [--connections 16]
                                   [--kill-players 2000] [--pg postgres://...]
                                   [--worker-option=--no-idle]

Needs Debian's ``redis-server``, ``wrk`` and a PostgreSQL server (``bash .ci/postgres``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PG_URL = "postgres://chessarbiter:chessarbiter@127.0.0.1:5432/chessarbiter"
BENCH_DB = "chessarbiter_jobs_bench"
#: Bounds: the whole run stays within minutes on a 2-core machine.
MAX_EVENTS = 500
MAX_PLAYERS = 3_000
DEADLINE_S = 900
#: Seconds of load during the submissions, then while the jobs run.
BURST_S = 2
RUNNING_S = 10


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def generated_trf(players: int, before_round: int, seed: int) -> str:
    """A generated Swiss of ``players`` players as it stands before ``before_round``."""
    sys.path.insert(0, str(HERE.parent))
    from benchmarks.pairing import CONFIG  # the generator settings of the pairing benchmark

    from chessarbiter import trf
    from chessarbiter.editions import DutchEdition
    from chessarbiter.pairing.dutch.checker import tournament_before_round
    from chessarbiter.pairing.dutch.generator import generate_tournament

    t = generate_tournament(seed, CONFIG.format(n=players), DutchEdition("2026"))
    return trf.dumps(tournament_before_round(t, before_round), trf.TRFX)


def psql(pg: str, sql: str) -> None:
    """Run ``sql`` on the server of ``pg`` (its maintenance database ``postgres``), with the
    ``psql`` client of the server's packages."""
    base = pg.rsplit("/", 1)[0] + "/postgres"
    subprocess.run(["psql", "-q", base, "-c", sql], check=True, capture_output=True)


@contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(50):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait()


class Api:
    """A minimal JSON client of the API with a bearer token."""

    def __init__(self, base: str, token: str) -> None:
        self.base = base
        self.token = token

    def call(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        content_type: str = "application/json",
    ) -> tuple[int, Any]:
        request = urllib.request.Request(self.base + path, data=body, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        if body is not None:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request, timeout=120) as r:
                status, raw = r.status, r.read()
        except urllib.error.HTTPError as e:
            status, raw = e.code, e.read()
        try:
            return status, json.loads(raw or b"null")
        except ValueError:
            return status, raw.decode("utf-8", "replace")


def prepare(env: dict[str, str]) -> str:
    """Migrate the database and make the benchmark's user and token (in a child process: this
    one never sets Django up with the benchmark's settings)."""
    code = (
        "import django; django.setup()\n"
        "from django.core.management import call_command\n"
        "call_command('migrate', interactive=False, verbosity=0)\n"
        "from django.contrib.auth.models import User\n"
        "from chessarbiter.web.events.access import grant_create_events\n"
        "from chessarbiter.web.api.tokens import create_token\n"
        "u = User.objects.create_user('bench', '', 'bench-password-1')\n"
        "grant_create_events(u)\n"
        "print(create_token(u, 'load benchmark'))\n"
    )
    env = dict(env, DJANGO_SETTINGS_MODULE="chessarbiter.web.settings")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the database could not be prepared:\n{done.stderr}")
    return done.stdout.strip().splitlines()[-1]


def start(cmd: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        cmd, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True
    )


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        return
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def follow(api: Api, jobs: dict[int, str], deadline: float) -> dict[int, dict[str, Any]]:
    """Follow every job until it ends or the deadline passes: ``{event id: last status}``.
    The jobs run in the order they were queued, so only the last one is polled until it ends,
    then the others once (and again those still going): the benchmark's own polling stays a
    few requests a second instead of loading the web processes it measures."""
    last: dict[int, dict[str, Any]] = {}
    pending = dict(jobs)

    def look(event: int) -> bool:
        _status, body = api.call("GET", f"/api/jobs/{pending[event]}")
        if isinstance(body, dict):
            last[event] = body
            if body.get("state") in ("done", "failed"):
                del pending[event]
                return True
        return False

    while pending and time.monotonic() < deadline:
        newest = list(pending)[-1]
        if look(newest) or len(pending) == 1:
            for event in list(pending):
                look(event)
        time.sleep(0.5)
    return last


def descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, at any depth (an RQ worker's work horse runs in a
    session of its own: a signal to the worker's process group does not reach it)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def wrk(url: str, connections: int, seconds: int) -> dict[str, str]:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    figures = dict(re.findall(r"^\s+(\d+)%\s+([\d.]+\w+)", out, re.M))
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    figures["rps"] = rps.group(1) if rps else "?"
    figures["errors"] = errors.group(1) if errors else "0"
    return figures


def rounds_of(api: Api, event: int) -> int:
    _status, body = api.call("GET", f"/api/events/{event}")
    return int(body.get("rounds_paired", 0)) if isinstance(body, dict) else -1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--kill-players", type=int, default=2000)
    parser.add_argument("--pg", default=os.environ.get("PG_URL", PG_URL))
    parser.add_argument("--log", type=Path, help="Keep the servers' output in this file.")
    parser.add_argument(
        "--worker-option",
        action="append",
        default=[],
        help="An option for each `chessarbiter web worker` (repeatable), e.g. --no-idle.",
    )
    args = parser.parse_args()
    if not 1 <= args.events <= MAX_EVENTS or not 20 <= args.players <= MAX_PLAYERS:
        parser.error(f"--events 1..{MAX_EVENTS}, --players 20..{MAX_PLAYERS}")
    if not 20 <= args.kill_players <= MAX_PLAYERS:
        parser.error(f"--kill-players 20..{MAX_PLAYERS}")
    for tool in ("redis-server", "wrk", "psql", "chessarbiter"):
        if not shutil.which(tool):
            print(f"{tool} is missing", file=sys.stderr)
            return 2
    exe = shutil.which("chessarbiter") or "chessarbiter"
    print(f"generating a {args.players}-player event before round 5 ...", flush=True)
    text = generated_trf(args.players, 5, 1000 + args.players)
    big = generated_trf(args.kill_players, 3, 7000 + args.kill_players)
    database = args.pg.rsplit("/", 1)[0] + "/" + BENCH_DB
    psql(args.pg, f"DROP DATABASE IF EXISTS {BENCH_DB}")
    psql(args.pg, f"CREATE DATABASE {BENCH_DB}")
    procs: list[subprocess.Popen[bytes]] = []
    try:
        with tempfile.TemporaryDirectory() as tmp, redis_server(Path(tmp)) as redis_url:
            folder = Path(tmp)
            port = free_port()
            env = dict(
                os.environ,
                CHESSARBITER_DATA=tmp,
                NO_DEMO="1",
                PORT=str(port),
                DATABASE_URL=database,
                REDIS_URL=redis_url,
            )
            token = prepare(env)
            log = args.log or folder / "servers.log"
            procs.append(start([exe, "web", "serve", "--workers", "2"], env, log))
            workers = [
                start([exe, "web", "worker", *args.worker_option], env, log) for _ in range(2)
            ]
            procs += workers
            base = f"http://127.0.0.1:{port}"
            api = Api(base, token)
            for _ in range(150):
                try:
                    urllib.request.urlopen(base + "/api/schema/", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.2)
            else:
                print("the server did not start; see", log, file=sys.stderr)
                return 1

            started = time.perf_counter()
            events: list[int] = []
            for i in range(args.events):
                status, body = api.call("POST", "/api/events/trf", text.encode(), "text/plain")
                if status != 201:
                    print(f"event {i + 1} not created: {status} {body}", file=sys.stderr)
                    return 1
                events.append(int(body["id"]))
            made = time.perf_counter() - started
            print(
                f"{args.events} events of {args.players} players created through the API "
                f"in {made:.1f} s",
                flush=True,
            )
            before = {e: rounds_of(api, e) for e in events}

            url = f"{base}/events/{events[0]}/standings/"
            urllib.request.urlopen(url).read()  # warm the page cache
            quiet = wrk(url, args.connections, 5)
            burst: dict[str, str] = {}
            figures: dict[str, str] = {}
            loaded_until = [0.0]

            def load() -> None:
                burst.update(wrk(url, args.connections, BURST_S))
                figures.update(wrk(url, args.connections, RUNNING_S))
                loaded_until[0] = time.perf_counter()

            loader = threading.Thread(target=load)
            jobs: dict[int, str] = {}
            errors: list[str] = []
            answered: list[float] = []

            def submit(event: int) -> None:
                status, body = api.call("POST", f"/api/events/{event}/rounds/next")
                answered.append(time.perf_counter() - started)
                if status == 202:
                    jobs[event] = str(body["job"])
                else:
                    errors.append(f"event {event}: {status} {body}")

            started = time.perf_counter()
            loader.start()
            threads = [threading.Thread(target=submit, args=(e,)) for e in events]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            last = follow(api, jobs, time.monotonic() + DEADLINE_S)
            ended = time.perf_counter()
            elapsed = ended - started
            loader.join()
            done = sum(1 for s in last.values() if s.get("state") == "done")
            failed = [(e, s.get("error")) for e, s in last.items() if s.get("state") == "failed"]
            paired_once = sum(1 for e in events if rounds_of(api, e) == before[e] + 1)
            print(
                f"{len(jobs)} pairing jobs submitted at once ({len(errors)} refused), "
                f"{done} done, {len(failed)} failed, {len(jobs) - len(last)} lost, "
                f"in {elapsed:.1f} s: {60 * done / elapsed:.0f} jobs/minute"
            )
            print(f"events with exactly one new round: {paired_once} of {len(events)}")
            print(
                f"the {len(answered)} submissions answered within {max(answered):.2f} s "
                f"(median {sorted(answered)[len(answered) // 2]:.2f} s)"
            )
            print(
                f"public standings ({args.connections} connections): quiet p50 "
                f"{quiet.get('50')} p99 {quiet.get('99')}; during the submissions (first "
                f"{BURST_S} s): p50 {burst.get('50')}, p99 {burst.get('99')}; while the jobs "
                f"ran (next {RUNNING_S} s): {figures.get('rps')} requests/s, p50 "
                f"{figures.get('50')}, p90 {figures.get('90')}, p99 {figures.get('99')}; "
                f"non-2xx {int(burst.get('errors', '0')) + int(figures.get('errors', '0'))}"
            )
            if loaded_until[0] > ended:
                print(
                    "  (the jobs ended before the load did: that figure includes quiet time; "
                    "use more --events or --players)"
                )
            for message in errors[:5]:
                print("  refused:", message)
            for event, error in failed[:5]:
                print(f"  failed: event {event}: {error}")

            # a worker killed in the middle of a job
            status, body = api.call("POST", "/api/events/trf", big.encode(), "text/plain")
            if status != 201:
                print(f"the large event was not created: {status} {body}", file=sys.stderr)
                return 1
            victim_event = int(body["id"])
            stop(workers[1])
            status, body = api.call("POST", f"/api/events/{victim_event}/rounds/next")
            job = str(body["job"])
            t0 = time.monotonic()
            state = ""
            while time.monotonic() - t0 < 120:
                state = str(api.call("GET", f"/api/jobs/{job}")[1].get("state"))
                if state != "queued":
                    break
                time.sleep(0.1)
            time.sleep(0.2)
            for pid in descendants(workers[0].pid):  # its work horse, mid-job
                os.kill(pid, signal.SIGKILL)
            stop(workers[0], signal.SIGKILL)
            print(
                f"killed the worker running the job of a {args.kill_players}-player round "
                f"(state {state})",
                flush=True,
            )
            workers[1] = start([exe, "web", "worker", *args.worker_option], env, log)
            procs.append(workers[1])
            end = follow(api, {victim_event: job}, time.monotonic() + 300).get(victim_event, {})
            rounds = rounds_of(api, victim_event)
            _s, pairing = api.call("GET", f"/api/events/{victim_event}/rounds/3")
            boards = len(pairing.get("boards", [])) if isinstance(pairing, dict) else 0
            print(
                f"after the kill: job {end.get('state')} (attempts {end.get('attempts')}, "
                f"{end.get('error') or 'no error'}); rounds paired {rounds}, round 3 boards "
                f"{boards} (a whole round has {(args.kill_players + 1) // 2})"
            )
            ok = (
                done == len(jobs) == args.events
                and paired_once == args.events
                and end.get("state") in ("done", "failed")
                and (rounds == 3) == (boards == (args.kill_players + 1) // 2)
                and (rounds == 3) == (end.get("state") == "done")
            )
            print("all checks passed" if ok else "CHECKS FAILED")
            return 0 if ok else 1
    finally:
        for proc in procs:
            stop(proc)
        psql(args.pg, f"DROP DATABASE IF EXISTS {BENCH_DB}")


if __name__ == "__main__":
    sys.exit(main())
