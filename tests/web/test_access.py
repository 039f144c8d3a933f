"""Who may do what, and how a refusal looks (issue 13 items 12 and 13): a styled 403 page in
the user's language, 404 for an event the user has no role in, login throttling, and a
refusal logged as one line."""

from __future__ import annotations

import logging
import sys
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.handlers.exception import response_for_exception
from django.test import Client, RequestFactory
from django.urls import reverse

from chessarbiter.web.events import access
from chessarbiter.web.events import models as m

from .conftest import login

LOGIN = "/accounts/login/"


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


# -- item 12: the 403 page ---------------------------------------------------------------------


def test_viewer_refused_with_a_styled_page_naming_the_roles(
    client: Client, event: m.Event, viewer: User
) -> None:
    """Issue 13 item 12: not Django's bare "403 Forbidden" but a page of the site saying
    what the viewer may not do and why, with a way home."""
    login(client, viewer)
    r = client.post(reverse("arbiter:pair", args=[event.pk]))
    assert r.status_code == 403
    page = r.content.decode()
    assert "403 Forbidden" not in page
    assert '<header class="top">' in page and 'id="refusal"' in page
    assert "“Arbiter”" in page and "“Viewer”" in page and "Club Swiss" in page
    assert f'href="{reverse("arbiter:home")}"' in page
    assert event.round_set.count() == 0


def test_the_403_page_follows_the_users_language(
    client: Client, event: m.Event, viewer: User
) -> None:
    """Issue 13 item 12: the refusal in Russian when the browser asks for Russian."""
    login(client, viewer)
    r = client.get(reverse("arbiter:settings", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="ru")
    assert r.status_code == 403
    page = r.content.decode()
    assert 'lang="ru"' in page and "Турниры" in page  # the site's own frame, in Russian
    assert "«Главный судья»" in page or "“Главный судья”" in page  # the role it needs
    assert "Наблюдатель" in page  # the viewer's role
    assert "Chief arbiter" not in page and "403 Forbidden" not in page


def test_a_refusal_without_words_names_what_was_refused(
    client: Client, event: m.Event, viewer: User
) -> None:
    """Issue 13 item 12: a user without the permission to create events is told so (the
    permission check itself raises a bare PermissionDenied)."""
    login(client, viewer)
    for name, what in (("arbiter:event_new", "create"), ("arbiter:event_import", "import")):
        r = client.get(reverse(name))
        assert r.status_code == 403, name
        assert f"may not {what} events" in r.content.decode()
    assert m.Event.objects.count() == 1


@pytest.mark.django_db
def test_create_events_permission_is_granted_and_checked() -> None:
    """Issue 13 item 12: who may create events is one permission; superusers have it."""
    plain = User.objects.create_user("plain", "", "pw-plain-123")
    boss = User.objects.create_superuser("boss", "", "pw-boss-123")
    assert not access.may_create_events(plain)
    assert access.may_create_events(boss)
    access.grant_create_events(plain)
    assert access.may_create_events(User.objects.get(pk=plain.pk))


# -- item 13: 404 for an event without a role ---------------------------------------------------


@pytest.mark.parametrize("public", [True, False])
def test_no_role_means_no_such_event(client: Client, event: m.Event, public: bool) -> None:
    """Issue 13 item 13: a user without any role in an event gets 404 on all its arbiter
    pages, private or public (its existence is not confirmed), on a styled page."""
    event.public = public
    event.save()
    other = User.objects.create_user("other", "", "pw-other-123")
    login(client, other)
    for name in ("event", "standings", "settings", "audit", "players"):
        r = client.get(reverse(f"arbiter:{name}", args=[event.pk]))
        assert r.status_code == 404, name
    r = client.post(reverse("arbiter:pair", args=[event.pk]))
    assert r.status_code == 404
    assert event.round_set.count() == 0
    page = r.content.decode()
    assert '<header class="top">' in page and "Page not found" in page
    assert client.get(f"/events/{event.pk}/").status_code == (200 if public else 404)


def test_a_lower_role_is_still_403(client: Client, event: m.Event, arbiter: User) -> None:
    """Issue 13 item 13: 403 stays for a user who has a role, only not the one needed."""
    login(client, arbiter)
    assert client.get(reverse("arbiter:audit", args=[event.pk])).status_code == 403
    assert client.get(reverse("arbiter:event", args=[event.pk])).status_code == 200


def test_anonymous_is_sent_to_the_login(client: Client, event: m.Event) -> None:
    url = reverse("arbiter:settings", args=[event.pk])
    r = client.get(url)
    assert r.status_code == 302 and r["Location"].startswith(f"{LOGIN}?next=")
    assert client.post(reverse("arbiter:pair", args=[event.pk])).status_code == 302


def test_unknown_page_is_a_styled_404(client: Client, db: Any) -> None:
    r = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="ru")
    assert r.status_code == 404
    page = r.content.decode()
    assert '<header class="top">' in page and 'lang="ru"' in page and "/no/such/page/" in page


# -- item 13: login throttling -----------------------------------------------------------------


def test_fifty_wrong_passwords_lock_the_login(client: Client, viewer: User) -> None:
    """Issue 13 item 13: 50 wrong passwords, then the right one is refused, with a page that
    says so (429); the lock is per user name and address, and lifting it lets the user in."""
    for i in range(50):
        r = client.post(LOGIN, {"username": "watcher", "password": f"wrong-{i}"})
        assert r.status_code in (200, 429)
    r = client.post(LOGIN, {"username": "watcher", "password": "pw-watcher-123"})
    assert r.status_code == 429
    assert not _logged_in(client)
    page = r.content.decode()
    assert 'id="locked"' in page and "watcher" in page and "15 minutes" in page
    # the same user from another address is not locked
    elsewhere = Client(REMOTE_ADDR="10.1.2.3")
    r = elsewhere.post(LOGIN, {"username": "watcher", "password": "pw-watcher-123"})
    assert r.status_code == 302 and _logged_in(elsewhere)
    # lifted (what `chessarbiter web unlock` does): the right password works again
    from chessarbiter.cli.web import _unlock

    assert _unlock("watcher") > 0
    r = client.post(LOGIN, {"username": "watcher", "password": "pw-watcher-123"})
    assert r.status_code == 302 and _logged_in(client)


def test_the_lock_comes_at_the_fifth_failure(client: Client, viewer: User) -> None:
    for i in range(4):
        client.post(LOGIN, {"username": "watcher", "password": f"wrong-{i}"})
    r = client.post(LOGIN, {"username": "watcher", "password": "pw-watcher-123"})
    assert r.status_code == 302 and _logged_in(client)  # 4 failures: still allowed
    client.logout()
    for i in range(5):  # the success cleared the count: five more lock it
        client.post(LOGIN, {"username": "watcher", "password": f"wrong-{i}"})
    r = client.post(LOGIN, {"username": "watcher", "password": "pw-watcher-123"})
    assert r.status_code == 429 and not _logged_in(client)


# -- item 13: a refusal is one line in the log --------------------------------------------------


def test_a_refusal_logs_one_line_without_traceback(
    client: Client, event: m.Event, viewer: User, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 13 item 13: a 403 (and a 404) is logged as one line, not a traceback."""
    login(client, viewer)
    stranger = Client()
    stranger.force_login(User.objects.create_user("other", "", "pw-other-123"))
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.post(reverse("arbiter:pair", args=[event.pk])).status_code == 403
        assert stranger.get(reverse("arbiter:event", args=[event.pk])).status_code == 404
    records = [r for r in caplog.records if r.name == "django.request"]
    assert [r.status_code for r in records] == [403, 404]  # type: ignore[attr-defined]
    assert all(r.exc_info is None for r in records)
    assert "Traceback" not in caplog.text


def test_a_server_error_keeps_its_traceback_and_needs_no_database(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 13 item 12: the 500 page is the site's, rendered without the database (no
    ``db`` fixture here: any query would fail the test); the error is logged in full."""
    request = RequestFactory().get("/boom/")
    with caplog.at_level(logging.ERROR, logger="django.request"):
        try:
            raise RuntimeError("boom")
        except RuntimeError as exc:
            response = response_for_exception(request, exc)
    assert response.status_code == 500
    page = response.content.decode()
    assert '<header class="top">' in page and "Server error" in page
    records = [r for r in caplog.records if r.name == "django.request"]
    assert records and records[0].exc_info is not None
    assert records[0].exc_info[0] is RuntimeError
    assert sys.exc_info() == (None, None, None)
