"""``chessarbiter web``: the arbiter's web application (needs the ``web`` extra).

``chessarbiter web serve`` creates and migrates the database on first start, creates the
first user and (on an empty database, unless ``NO_DEMO=1``) a demo event, prints the address
and how to log in, and serves on 127.0.0.1 (``PORT``, default 8000) with gunicorn.
``chessarbiter web password USER`` sets a user's password; ``chessarbiter web user USER``
adds one.
"""

from __future__ import annotations

import os
import secrets
import sys

import click


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chessarbiter.web.settings")
    try:
        import django
    except ImportError:
        raise click.ClickException(
            "the web application needs the web extra: pip install 'chessarbiter[web]'"
        ) from None
    django.setup()


def prepare(demo: bool = True, out: object = None) -> list[str]:
    """Migrate, make the first user and the demo event; return what to tell the user."""
    _setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from chessarbiter.web.events.models import Event

    call_command("migrate", interactive=False, verbosity=0)
    lines: list[str] = []
    users = get_user_model()
    if not users.objects.exists():
        password = os.environ.get("CHESSARBITER_PASSWORD") or secrets.token_urlsafe(9)
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
            Role.objects.create(event=event, user=viewer, kind=Role.Kind.VIEWER)
            lines.append(f"A demo event was created: '{event.name}' (NO_DEMO=1 skips it)")
    else:
        lines.append("Log in with your user (chessarbiter web password USER resets a password)")
    return lines


def register(cli: click.Group) -> None:
    @cli.group("web")
    def web() -> None:
        """The arbiter's web application."""

    @web.command("serve")
    @click.option("--port", type=int, default=None, help="Port (default: $PORT or 8000).")
    @click.option("--host", default="127.0.0.1", show_default=True)
    @click.option("--workers", type=int, default=2, show_default=True)
    def serve(port: int | None, host: str, workers: int) -> None:
        """Start the web application (creates and migrates the database first)."""
        port = port or int(os.environ.get("PORT", "8000"))
        lines = prepare(demo=os.environ.get("NO_DEMO", "") != "1")
        url = f"http://{host}:{port}/"
        click.echo(f"chessarbiter is at {url} (the arbiter's desk at {url}manage/)")
        for line in lines:
            click.echo(line)
        from gunicorn.app.wsgiapp import run

        sys.argv = [
            "gunicorn",
            "--bind",
            f"{host}:{port}",
            "--workers",
            str(workers),
            # the engine's explanation of a large round takes seconds (17 s at 284 players)
            "--timeout",
            "180",
            "--access-logfile",
            "-" if os.environ.get("ACCESS_LOG") else "/dev/null",
            "chessarbiter.web.wsgi:application",
        ]
        run()

    @web.command("password")
    @click.argument("username")
    @click.password_option()
    def password(username: str, password: str) -> None:
        """Set a user's password."""
        _setup()
        from django.contrib.auth import get_user_model

        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise click.ClickException(f"no user {username!r}")
        user.set_password(password)
        user.save()
        click.echo("Password changed.")

    @web.command("user")
    @click.argument("username")
    @click.option("--superuser", is_flag=True, help="May manage every event.")
    @click.password_option()
    def user(username: str, superuser: bool, password: str) -> None:
        """Add a user (give them roles in an event from its Arbiters page)."""
        _setup()
        from django.contrib.auth import get_user_model

        users = get_user_model()
        if users.objects.filter(username=username).exists():
            raise click.ClickException(f"user {username!r} exists")
        if superuser:
            users.objects.create_superuser(username, "", password)
        else:
            users.objects.create_user(username, "", password)
        click.echo(f"User {username} added.")
