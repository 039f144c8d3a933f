"""``chessarbiter web``: the arbiter's web application (needs the ``web`` extra).

``chessarbiter web serve`` creates and migrates the database on first start, creates the
first users (``arbiter``, who may do everything, and a read-only ``viewer``) and (on an empty
database, unless ``NO_DEMO=1``) a demo event, prints the address and how to log in, and serves
on 127.0.0.1 (``PORT``, default 8000) with gunicorn, and one background job worker beside it
(the pairing of big rounds; stopped with the server). In server mode (``REDIS_URL`` set) it
starts no worker: ``chessarbiter web worker`` runs them, on any number of machines sharing
the database and Redis (``chessarbiter web worker --burst`` runs what is queued, then stops).

``chessarbiter web user USER`` adds a user, ``chessarbiter web token USER`` makes a token
for the JSON API, ``chessarbiter web password USER`` sets a user's
password, ``chessarbiter web unlock USER`` lifts the lock that too many failed logins put on a
user name. ``chessarbiter web import-ratings FILE`` imports FIDE's rating list into the player
database shared by all events (a monthly update keeps local edits). They create or migrate the
database first if needed (no demo event). A password is
asked twice at a terminal, read from the first line of standard input when that is a pipe
(``echo "$PW" | chessarbiter web user anna``), or given with ``--password``; it must pass the
site's password rules (Django's password validators).
"""

from __future__ import annotations

import errno
import ipaddress
import os
import re
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: Gunicorn worker processes ``web serve`` accepts (each one is a whole Django process).
MAX_WORKERS = 32

#: How much ``web worker`` lowers its CPU priority by default: a pairing on the cores of the
#: web processes would otherwise double the pages' latency (public standings of a 300-player
#: event at 16 connections on 2 cores: see ``benchmarks/jobs_load.py``).
WORKER_NICENESS = 10

_HOSTNAME = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"
)

PASSWORD_HELP = (
    "The password (visible in the shell's history: prefer the prompt, or a pipe: "
    'echo "$PW" | chessarbiter web ...). Without it: asked twice at a terminal, else read '
    "from the first line of standard input."
)


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chessarbiter.web.settings")
    try:
        import django
    except ImportError:
        raise click.ClickException(
            "the web application needs the web extra: pip install 'chessarbiter[web]'"
        ) from None
    django.setup()


def _migrate() -> None:
    """Create or update the database's tables if they are not up to date (what the first
    ``web serve`` does, without the first users or the demo event)."""
    from django.core.management import call_command
    from django.db import DEFAULT_DB_ALIAS, connections
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        call_command("migrate", interactive=False, verbosity=0)


@contextmanager
def _database() -> Iterator[None]:
    """Set Django up and migrate; a database that cannot be opened is a clean error."""
    _setup()
    from django.conf import settings
    from django.db import DatabaseError

    try:
        _migrate()
        yield
    except DatabaseError as e:
        name = settings.DATABASES["default"].get("NAME", "")
        raise click.ClickException(f"cannot use the database {name}: {e}") from None


def _password_errors(password: str, user: User) -> list[str]:
    """What the site's password validators (``AUTH_PASSWORD_VALIDATORS``) say of it."""
    from django.contrib.auth import password_validation
    from django.core.exceptions import ValidationError

    if not password:
        return ["The password is empty."]
    try:
        password_validation.validate_password(password, user)
    except ValidationError as e:
        return [str(message) for message in e.messages]
    return []


def _read_password(given: str | None, user: User) -> str:
    """The password from ``--password``, the terminal (asked twice, again while refused) or
    the first line of a piped standard input; refused (exit 2) unless every validator
    accepts it."""
    if given is None:
        if sys.stdin.isatty():

            def check(value: str) -> str:
                errors = _password_errors(value, user)
                if errors:
                    raise click.UsageError(" ".join(errors))
                return value

            password: str = click.prompt(
                "Password", hide_input=True, confirmation_prompt=True, value_proc=check
            )
            return password
        given = sys.stdin.readline().rstrip("\r\n")
    errors = _password_errors(given, user)
    if errors:
        raise click.BadParameter("\n  ".join(["refused:", *errors]), param_hint="'password'")
    return given


def _check_username(username: str) -> str:
    """The user name if the user model accepts it (not empty, at most 150 letters, digits
    and @ . + - _); else a usage error."""
    from django.contrib.auth import get_user_model
    from django.core.exceptions import ValidationError

    users = get_user_model()
    field = users._meta.get_field(users.USERNAME_FIELD)
    try:
        field.clean(username, None)  # type: ignore[union-attr]
    except ValidationError as e:
        raise click.BadParameter(" ".join(e.messages), param_hint="'USERNAME'") from None
    return username


def _unlock(username: str) -> int:
    """Lift the login throttle's lock of ``username`` (every address); the attempts removed."""
    from axes.utils import reset  # type: ignore[import-untyped]

    removed: int = reset(username=username)
    return removed


def _idle_policy() -> bool:
    """Put this process (and the processes it forks: an RQ work horse) under Linux's
    ``SCHED_IDLE`` policy, when the system has it: the scheduler then runs it only when no
    other process wants the CPU, and a waking web process preempts it at once. A niceness
    alone does not do that on Linux 6.6 and later (EEVDF): a niced worker still runs out its
    time slice before a page request gets the core. Lowering one's own policy needs no
    privilege. Returns whether the policy was set (False where the system lacks it).
    """
    policy = getattr(os, "SCHED_IDLE", None)
    setter = getattr(os, "sched_setscheduler", None)
    if policy is None or setter is None:
        return False
    try:
        setter(0, policy, os.sched_param(0))
    except OSError:
        return False
    return True


def _check_host(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """An IP address or a host name (the brackets of an IPv6 address are optional)."""
    host = value.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not _HOSTNAME.match(host):
            raise click.BadParameter(
                f"{value!r} is neither an IP address nor a host name"
            ) from None
    return host


def _check_bind(host: str, port: int) -> None:
    """Refuse at once, in words, an address the server could not listen on (a host name
    that does not resolve, an address of another machine, a port in use or reserved)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise click.ClickException(f"cannot listen on {host}: {e.strerror}") from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as e:
            why = {
                errno.EADDRINUSE: "the port is in use (another server?)",
                errno.EACCES: "permission denied (ports below 1024 need root)",
                errno.EADDRNOTAVAIL: "the address is not one of this machine's",
            }.get(e.errno or 0, e.strerror or str(e))
            raise click.ClickException(f"cannot listen on {host} port {port}: {why}") from None


def prepare(demo: bool = True, out: object = None) -> list[str]:
    """Migrate, make the first users and the demo event; return what to tell the user.

    The first users: ``arbiter`` (a superuser; password ``CHESSARBITER_PASSWORD`` if set,
    else generated) and ``viewer``, read-only: no permission to create events, a viewer's
    role in the demo event.
    """
    _setup()
    from django.contrib.auth import get_user_model

    from chessarbiter.web.events.models import Event

    _migrate()
    lines: list[str] = []
    users = get_user_model()
    if not users.objects.exists():
        password = os.environ.get("CHESSARBITER_PASSWORD") or secrets.token_urlsafe(9)
        errors = _password_errors(password, users(username="arbiter"))
        if errors:
            raise click.ClickException("CHESSARBITER_PASSWORD is refused: " + " ".join(errors))
        user = users.objects.create_superuser("arbiter", "", password)
        viewer_password = secrets.token_urlsafe(9)
        users.objects.create_user("viewer", "", viewer_password)
        lines.append(f"First start: log in as 'arbiter' with password {password}")
        lines.append(f"(a read-only user 'viewer' has password {viewer_password})")
        lines.append("Change it with: chessarbiter web password arbiter")
        if demo and not Event.objects.exists():
            from chessarbiter.web.demo import create_demo

            event = create_demo(user)
            from chessarbiter.web.events.models import Role

            viewer = users.objects.get(username="viewer")
            for section in event.festival.sections.all():
                Role.objects.create(event=section, user=viewer, kind=Role.Kind.VIEWER)
            lines.append(f"A demo event was created: '{event.name}' (NO_DEMO=1 skips it)")
    else:
        lines.append("Log in with your user (chessarbiter web password USER resets a password)")
    return lines


def cli_command() -> list[str]:
    """The command line that runs this program's CLI again (for the embedded worker)."""
    return [sys.executable, "-c", "from chessarbiter.cli.main import entry_point; entry_point()"]


def redacted_url(url: str) -> str:
    """``url`` without its password."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.password:
        parts = parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@"))
    return parts.geturl()


def register(cli: click.Group) -> None:
    @cli.group("web")
    def web() -> None:
        """The arbiter's web application."""

    @web.command("serve")
    @click.option(
        "--port",
        type=click.IntRange(1, 65535),
        default=8000,
        envvar="PORT",
        show_default=True,
        show_envvar=True,
        help="Port, 1 to 65535.",
    )
    @click.option(
        "--host",
        default="127.0.0.1",
        show_default=True,
        callback=_check_host,
        help="Address to listen on: an IP address or a host name of this machine.",
    )
    @click.option(
        "--workers",
        type=click.IntRange(1, MAX_WORKERS),
        default=2,
        show_default=True,
        help=f"Server processes, 1 to {MAX_WORKERS}.",
    )
    def serve(port: int, host: str, workers: int) -> None:
        """Start the web application (creates and migrates the database first)."""
        _check_bind(host, port)
        lines = prepare(demo=os.environ.get("NO_DEMO", "") != "1")
        netloc = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        url = f"http://{netloc}/"
        click.echo(f"chessarbiter is at {url} (the arbiter's desk at {url}manage/)")
        for line in lines:
            click.echo(line)
        from django.conf import settings
        from django.db import connections
        from gunicorn.app.wsgiapp import run

        # gunicorn forks its workers from this process: a database connection opened here
        # (migrations, first users, demo event; kept by CONN_MAX_AGE) would be shared by every
        # worker, their queries interleaved on one socket (PostgreSQL answers one worker's
        # query with another's rows)
        connections.close_all()
        worker = None
        if settings.REDIS_URL:
            click.echo(
                "Server mode (REDIS_URL): start workers with chessarbiter web worker "
                "(on this machine or any other sharing the database and Redis)"
            )
        else:
            # the embedded job worker: big pairings run in it, not in the requests
            worker = subprocess.Popen(
                [*cli_command(), "web", "worker", "--parent", str(os.getpid())]
            )
        sys.argv = [
            "gunicorn",
            "--bind",
            netloc,
            "--workers",
            str(workers),
            # the explanation of a large round still runs inside its request
            "--timeout",
            "180",
            "--access-logfile",
            "-" if os.environ.get("ACCESS_LOG") else "/dev/null",
            "chessarbiter.web.wsgi:application",
        ]
        try:
            run()
        finally:
            if worker is not None:
                worker.terminate()
                try:
                    worker.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    worker.kill()

    @web.command("worker")
    @click.option("--burst", is_flag=True, help="Stop once no job is queued.")
    @click.option(
        "--queue",
        "queue_name",
        default="chessarbiter",
        show_default=True,
        help="The RQ queue to serve (server mode only).",
    )
    @click.option(
        "--nice",
        "niceness",
        type=click.IntRange(0, 19),
        default=WORKER_NICENESS,
        show_default=True,
        help="Lower the worker's CPU priority by this much (0 to 19): pages served on the "
        "same machine stay fast while it pairs.",
    )
    @click.option(
        "--idle/--no-idle",
        "idle",
        default=True,
        show_default=True,
        help="Run jobs only on CPU time nothing else wants (Linux's SCHED_IDLE policy): a page "
        "request preempts the worker at once, where a niceness only shares the CPU out.",
    )
    @click.option("--parent", type=int, default=None, hidden=True)
    def worker_command(
        burst: bool, queue_name: str, niceness: int, idle: bool, parent: int | None
    ) -> None:
        """Run background jobs (the pairing of big rounds). Without REDIS_URL: the jobs
        queued in the database, one at a time (web serve starts one such worker itself).
        With REDIS_URL (server mode): an RQ worker of the queue, on any machine sharing the
        database and Redis; start as many as there are cores to spare.

        \b
        Examples:
          chessarbiter web worker --burst         (run what is queued, then stop)
          REDIS_URL=redis://db-host:6379/0 chessarbiter web worker
        """
        if niceness and hasattr(os, "nice"):
            os.nice(niceness)
        if idle:
            _idle_policy()
        with _database():
            from django.conf import settings

            if settings.REDIS_URL:
                from redis.exceptions import RedisError

                from chessarbiter.web.jobs import transports

                click.echo(
                    f"chessarbiter worker: RQ queue {queue_name!r} at "
                    f"{redacted_url(settings.REDIS_URL)}"
                )
                try:
                    transports.work(burst, queue_name)
                except RedisError as e:
                    raise click.ClickException(f"cannot use Redis: {e}") from None
                return
            from chessarbiter.web.jobs.worker import work

            ran = work(burst=burst, parent=parent)
        if burst:
            click.echo(f"{ran} jobs run.")

    @web.command("password")
    @click.argument("username")
    @click.option("--password", "given", default=None, metavar="PASSWORD", help=PASSWORD_HELP)
    def password(username: str, given: str | None) -> None:
        """Set a user's password (and lift a lock from failed logins).

        \b
        Examples:
          chessarbiter web password anna            (asked twice)
          echo "$PW" | chessarbiter web password anna
        """
        with _database():
            from django.contrib.auth import get_user_model

            _check_username(username)
            user = get_user_model().objects.filter(username=username).first()
            if user is None:
                raise click.ClickException(f"no user {username!r}")
            user.set_password(_read_password(given, user))
            user.save()
            unlocked = _unlock(username)
        click.echo("Password changed." + (" Login lock lifted." if unlocked else ""))

    @web.command("user")
    @click.argument("username")
    @click.option("--superuser", is_flag=True, help="May manage every event.")
    @click.option(
        "--viewer",
        is_flag=True,
        help="Read-only: may not create or import events (sees the events it has a role in).",
    )
    @click.option("--password", "given", default=None, metavar="PASSWORD", help=PASSWORD_HELP)
    def user(username: str, superuser: bool, viewer: bool, given: str | None) -> None:
        """Add a user. A user may create and import events (and is chief arbiter of them);
        give them roles in other events from the event's Arbiters page.

        \b
        Examples:
          chessarbiter web user anna                 (password asked twice)
          echo "$PW" | chessarbiter web user anna
          chessarbiter web user guest --viewer --password "$PW"
        """
        if superuser and viewer:
            raise click.UsageError("--superuser and --viewer exclude each other")
        with _database():
            from django.contrib.auth import get_user_model
            from django.db import transaction

            from chessarbiter.web.events.access import grant_create_events

            users = get_user_model()
            _check_username(username)
            if users.objects.filter(username=username).exists():
                raise click.ClickException(f"user {username!r} exists")
            password = _read_password(given, users(username=username))
            with transaction.atomic():
                if superuser:
                    users.objects.create_superuser(username, "", password)
                else:
                    created = users.objects.create_user(username, "", password)
                    if not viewer:
                        grant_create_events(created)
        kind = "superuser" if superuser else "viewer" if viewer else "user"
        click.echo(f"User {username} added ({kind}).")

    @web.command("token")
    @click.argument("username")
    @click.option(
        "--name",
        default="command line",
        show_default=True,
        help="What the token is for (shown on the tokens page), at most 100 characters.",
    )
    @click.option(
        "--days",
        type=click.IntRange(1, 3650),
        default=None,
        help="Valid for this many days, 1 to 3650 (default: until revoked).",
    )
    def token(username: str, name: str, days: int | None) -> None:
        """Make a token for the JSON API (Authorization: Bearer TOKEN) acting as a user; the
        token is printed once and cannot be shown again (revoke it at /api/tokens/).

        \b
        Examples:
          chessarbiter web token anna --name "club site"
          TOKEN=$(chessarbiter web token anna --days 30)
        """
        with _database():
            from datetime import timedelta

            from django.contrib.auth import get_user_model
            from django.utils import timezone

            from chessarbiter.web.api.tokens import create_token

            _check_username(username)
            user = get_user_model().objects.filter(username=username, is_active=True).first()
            if user is None:
                raise click.ClickException(f"no active user {username!r}")
            expires = timezone.now() + timedelta(days=days) if days else None
            click.echo(create_token(user, name, expires))

    @web.command("unlock")
    @click.argument("username")
    def unlock(username: str) -> None:
        """Lift the lock that too many failed logins put on a user name (from every address)."""
        with _database():
            _check_username(username)
            removed = _unlock(username)
        click.echo(f"{username}: lock lifted." if removed else f"{username}: no lock.")

    @web.command("watch-pgn")
    @click.option(
        "--every",
        type=click.IntRange(min=0, max=86_400),
        default=0,
        show_default=True,
        help="Seconds between readings (0: read once and stop).",
    )
    def watch_pgn(every: int) -> None:
        """Re-read every round's watched PGN source (a file under CHESSARBITER_PGN_WATCH_DIR
        or an http(s) URL) and update its games; results stay the arbiter's to enter."""
        import time

        with _database():
            from chessarbiter.web.events.watch import watch_once

            while True:
                for line in watch_once():
                    click.echo(line)
                if not every:
                    return
                time.sleep(every)

    @web.command("import-ratings")
    @click.argument("file", type=click.Path(exists=True, dir_okay=False))
    @click.option(
        "--single-list",
        type=click.Choice(["standard", "rapid", "blitz"]),
        default="standard",
        show_default=True,
        help="The list a file of one list holds (standard_rating_list.txt, "
        "rapid_rating_list.txt...: nothing in such a file says which).",
    )
    def import_ratings(file: str, single_list: str) -> None:
        """Import FIDE's rating list into the player database shared by all events: the
        combined text list (players_list_foa.txt), a single list, or the XML list, as
        downloaded from FIDE. New players are added, listed ones updated; fields edited
        locally are kept. A file with errors changes nothing.

        \b
        Example:
          chessarbiter web import-ratings players_list_foa.txt
        """
        from chessarbiter import limits

        size = os.path.getsize(file)
        if size > limits.MAX_RATING_LIST_FILE_BYTES:
            raise click.ClickException(
                f"{file}: {size} bytes; a rating list has at most "
                f"{limits.MAX_RATING_LIST_FILE_BYTES} bytes"
            )
        with _database():
            from chessarbiter.errors import ChessArbiterError
            from chessarbiter.web.events.rating_list import import_rating_list

            try:
                summary = import_rating_list(file, single_list=single_list)
            except ChessArbiterError as e:
                raise click.ClickException(str(e)) from None
        for warning in summary.warnings:
            click.echo(f"warning: {warning}", err=True)
        click.echo(
            f"{summary.read} players read: {summary.created} added, {summary.updated} updated, "
            f"{summary.unchanged} unchanged ({summary.edits_kept} with local edits kept)."
        )
