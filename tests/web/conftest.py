"""Fixtures of the web application's tests: users with each role and a small event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.cache import caches
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

NAMES = [
    ("Petrova, Anna", 2400),
    ("Smirnov, Boris", 2350),
    ("Keller, Clara", 2300),
    ("Volkov, Daniil", 2250),
    ("Novak, Elena", 2200),
    ("Orlov, Fyodor", 2150),
    ("Lebedeva, Galina", 2100),
    ("Moreau, Hugo", 2050),
    ("Sokolova, Irina", 2000),
    ("Berg, Jonas", 1950),
]


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Cached pages belong to one test's database."""
    for alias in ("default", "local"):
        caches[alias].clear()


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    """A fast password hasher: PBKDF2's iterations cost seconds per event fixture (three
    users); the tests of password checking use the validators, which do not depend on it."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def may_create_events(user: User) -> User:
    """Give ``user`` the permission to create and import events (``events.add_event``)."""
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    return User.objects.get(pk=user.pk)  # a fresh object: permissions are cached per object


@pytest.fixture
def chief(db: Any) -> User:
    return may_create_events(User.objects.create_user("chief", "", "pw-chief-123"))


@pytest.fixture
def arbiter(db: Any) -> User:
    return may_create_events(User.objects.create_user("deputy", "", "pw-deputy-123"))


@pytest.fixture
def viewer(db: Any) -> User:
    return User.objects.create_user("watcher", "", "pw-watcher-123")


@pytest.fixture
def event(chief: User, arbiter: User, viewer: User) -> m.Event:
    ev = services.create_event(chief, name="Club Swiss", rounds=5)
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES])
    m.Role.objects.create(event=ev, user=arbiter, kind=m.Role.Kind.ARBITER)
    m.Role.objects.create(event=ev, user=viewer, kind=m.Role.Kind.VIEWER)
    ev.refresh_from_db()
    return ev


def login(client: Client, user: User) -> Client:
    client.force_login(user)
    return client


#: The 284-player open of Sharly Chess's examples (TRF16, titles, federations, nine rounds).
REAL_OPEN = (
    Path(__file__).resolve().parents[2].parent / "shared/real/sharly-chess/trf/example_trf16.trf"
)


def import_real_open(client: Client, chief: User, **fields: Any) -> m.Event:
    """The 284-player open imported through the arbiter's upload page by ``chief``, then
    ``fields`` stored on the event (skipped where ``../shared`` is not beside the checkout)."""
    if not REAL_OPEN.is_file():
        pytest.skip("../shared not beside the checkout")
    login(client, chief)
    upload = SimpleUploadedFile(REAL_OPEN.name, REAL_OPEN.read_bytes())
    r = client.post(reverse("arbiter:event_import"), {"file": upload})
    assert r.status_code == 302
    ev = m.Event.objects.latest("pk")
    if fields:
        m.Event.objects.filter(pk=ev.pk).update(**fields)
        ev.refresh_from_db()
    return ev


def play_round(event: m.Event, user: User, results: str = "1-0") -> m.Round:
    rnd = services.pair_next_round(event, user)
    for b in rnd.boards.exclude(black=None):
        services.set_result(b.pk, user, results)
    return rnd
