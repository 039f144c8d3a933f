"""``chessarbiter web user/password/unlock/serve`` (issue 13 items 12–14): usable without a
terminal, the site's password rules enforced, the database made on first use, and bad
arguments refused in words with the documented exit codes."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result
from django.contrib.auth.models import User
from django.test import Client

from chessarbiter.cli import web

STRONG = "knight-fork-1926"


def invoke(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    group = click.Group()
    web.register(group)
    return CliRunner().invoke(group, ["web", *args], input=input, env=env)


@pytest.fixture(autouse=True)
def _quick_password_hashes(settings: Any) -> None:
    """A quick hasher (the real one's deliberate slowness costs about a second a password)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _clean(result: Result, code: int) -> None:
    """Exited with ``code`` through click, not through an exception."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output


# -- item 14: no terminal ----------------------------------------------------------------------


@pytest.mark.django_db
def test_password_from_a_pipe() -> None:
    """Issue 13 item 14: ``echo pw | chessarbiter web user anna`` (stdin a pipe: one line,
    no confirmation) adds the user instead of ``Aborted.``."""
    result = invoke("user", "anna", input=f"{STRONG}\n")
    _clean(result, 0)
    assert User.objects.get(username="anna").check_password(STRONG)
    result = invoke("password", "anna", input="new-knight-fork-2\n")
    _clean(result, 0)
    assert User.objects.get(username="anna").check_password("new-knight-fork-2")


@pytest.mark.django_db
def test_password_option_and_empty_stdin() -> None:
    """Issue 13 item 14: ``--password``; nothing on stdin is a clean usage error."""
    _clean(invoke("user", "boris", "--password", STRONG), 0)
    assert User.objects.get(username="boris").check_password(STRONG)
    result = invoke("user", "clara", input="")
    _clean(result, 2)
    assert "empty" in result.output
    assert not User.objects.filter(username="clara").exists()


def test_the_help_documents_the_password_sources() -> None:
    text = invoke("user", "--help").output
    assert "--password" in text and "echo" in text and "--viewer" in text


# -- item 12: who may create events ------------------------------------------------------------


@pytest.mark.django_db
def test_new_users_may_create_events_viewers_may_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13 item 12: ``web user`` makes an arbiter who may create events, ``--viewer`` a
    read-only account; the first start's ``viewer`` may not create events, ``arbiter`` may."""
    from chessarbiter.web.events.access import may_create_events

    _clean(invoke("user", "anna", "--password", STRONG), 0)
    _clean(invoke("user", "guest", "--viewer", "--password", STRONG), 0)
    _clean(invoke("user", "root2", "--superuser", "--password", STRONG), 0)
    assert may_create_events(User.objects.get(username="anna"))
    assert not may_create_events(User.objects.get(username="guest"))
    assert may_create_events(User.objects.get(username="root2"))
    _clean(invoke("user", "both", "--viewer", "--superuser", "--password", STRONG), 2)
    User.objects.all().delete()
    monkeypatch.delenv("CHESSARBITER_PASSWORD", raising=False)
    web.prepare(demo=False)
    assert User.objects.get(username="arbiter").is_superuser
    assert not may_create_events(User.objects.get(username="viewer"))


# -- item 13: password rules and the login lock ------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "password", "says"),
    [
        ("dora", "1234", "too short"),
        ("dora", "12345678901", "entirely numeric"),
        ("dora", "password123", "too common"),
        ("carlsen", "carlsen1", "too similar"),
    ],
)
def test_password_rules_are_enforced(name: str, password: str, says: str) -> None:
    """Issue 13 item 13: Django's password validators in ``web user`` and ``web password``,
    their messages shown, exit 2, nothing stored."""
    result = invoke("user", name, "--password", password)
    _clean(result, 2)
    assert says in result.output
    assert not User.objects.filter(username=name).exists()
    User.objects.create_user(name, "", STRONG)
    result = invoke("password", name, input=f"{password}\n")
    _clean(result, 2)
    assert says in result.output
    assert User.objects.get(username=name).check_password(STRONG)


@pytest.mark.django_db
def test_first_start_password_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHESSARBITER_PASSWORD", "arbiter")
    with pytest.raises(click.ClickException, match="CHESSARBITER_PASSWORD is refused"):
        web.prepare(demo=False)
    assert not User.objects.exists()


@pytest.mark.django_db
def test_password_and_unlock_lift_the_login_lock() -> None:
    """Issue 13 item 13: after the lock, ``web unlock`` (or a new password) lets the user in."""
    User.objects.create_user("anna", "", STRONG)
    client = Client()

    def lock() -> None:
        for i in range(6):
            client.post("/accounts/login/", {"username": "anna", "password": f"bad-{i}"})
        r = client.post("/accounts/login/", {"username": "anna", "password": STRONG})
        assert r.status_code == 429

    lock()
    result = invoke("unlock", "anna")
    _clean(result, 0)
    assert "lock lifted" in result.output
    assert client.post("/accounts/login/", {"username": "anna", "password": STRONG}).status_code
    assert "_auth_user_id" in client.session
    client.logout()
    lock()
    result = invoke("password", "anna", "--password", "new-knight-fork-2")
    _clean(result, 0)
    assert "lock lifted" in result.output
    r = client.post("/accounts/login/", {"username": "anna", "password": "new-knight-fork-2"})
    assert r.status_code == 302 and "_auth_user_id" in client.session
    _clean(invoke("unlock", "anna"), 0)  # no lock: says so, exit 0


# -- item 14: bad arguments --------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["", "with space", "x" * 151, "semi;colon"])
def test_bad_user_names(name: str) -> None:
    """Issue 13 item 14: ``web user ""`` is a usage error, not a ValueError traceback."""
    for args in (["user", name, "--password", STRONG], ["password", name], ["unlock", name]):
        result = invoke(*args, input=f"{STRONG}\n")
        _clean(result, 2)
        assert "USERNAME" in result.output, args
    assert not User.objects.exists()


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """``web serve`` must stop at its arguments: reaching the database or gunicorn fails."""

    def refuse(*args: object, **kwargs: object) -> list[str]:
        raise AssertionError("web serve went past a bad argument")

    monkeypatch.setattr(web, "prepare", refuse)


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--port", "-1"], {}),
        (["--port", "0"], {}),
        (["--port", "65536"], {}),
        (["--port", "http"], {}),
        ([], {"PORT": "-5"}),
        ([], {"PORT": "eighty"}),
        (["--host", "bad host"], {}),
        (["--host", "a..b"], {}),
        (["--host", ""], {}),
        (["--workers", "0"], {}),
        (["--workers", "10000"], {}),
    ],
)
def test_serve_refuses_bad_arguments(no_server: None, args: list[str], env: dict[str, str]) -> None:
    """Issue 13 item 14: ``web serve --port -1`` and friends: usage errors (exit 2), before
    anything starts."""
    result = invoke("serve", *args, env=env)
    _clean(result, 2)
    assert "Invalid value" in result.output


def test_serve_refuses_an_address_it_cannot_listen_on(no_server: None) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = invoke("serve", "--port", str(port))
    _clean(result, 1)
    assert "in use" in result.output
    result = invoke("serve", "--host", "no-such-host.invalid")
    _clean(result, 1)
    assert "cannot listen on no-such-host.invalid" in result.output


# -- item 14: before the first ``web serve`` ---------------------------------------------------


def _run(data: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PORT")}
    env["CHESSARBITER_DATA"] = str(data)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    code = "from chessarbiter.cli.main import entry_point; entry_point()"
    return subprocess.run(
        [sys.executable, "-c", code, "web", *args],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_user_commands_before_the_first_serve(tmp_path: Path) -> None:
    """Issue 13 item 14: on a data folder ``web serve`` never saw, ``web user`` and
    ``web password`` make the database (no demo event, no first users) instead of crashing
    with ``no such table``. A process of its own: Django's settings are per process."""
    done = _run(tmp_path, "password", "nobody", "--password", STRONG)
    assert done.returncode == 1, done.stderr
    assert "no user 'nobody'" in done.stderr and "Traceback" not in done.stderr
    done = _run(tmp_path, "user", "anna", stdin=f"{STRONG}\n")
    assert done.returncode == 0, done.stderr
    assert "User anna added" in done.stdout and "Traceback" not in done.stderr
    assert (tmp_path / "chessarbiter.sqlite3").is_file()


def test_token_for_the_json_api(tmp_path: Path) -> None:
    """``web token USER`` prints a key the API accepts once, for an existing active user only;
    ``--days`` is bounded. A process of its own: Django's settings are per process."""
    done = _run(tmp_path, "token", "nobody")
    assert done.returncode == 1 and "no active user 'nobody'" in done.stderr
    assert _run(tmp_path, "user", "anna", stdin=f"{STRONG}\n").returncode == 0
    done = _run(tmp_path, "token", "anna", "--name", "club site", "--days", "30")
    assert done.returncode == 0, done.stderr
    key = done.stdout.strip()
    assert key.startswith("ca_") and len(key) > 40
    check = (
        "import django, sys; django.setup()\n"
        "from chessarbiter.web.api.tokens import user_for_key\n"
        "u = user_for_key(sys.argv[1]); print(u.username if u else None)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PORT")}
    env.update(CHESSARBITER_DATA=str(tmp_path), DJANGO_SETTINGS_MODULE="chessarbiter.web.settings")
    seen = subprocess.run(
        [sys.executable, "-c", check, key], env=env, capture_output=True, text=True, timeout=120
    )
    assert seen.stdout.strip() == "anna", seen.stderr
    assert _run(tmp_path, "token", "anna", "--days", "0").returncode == 2
