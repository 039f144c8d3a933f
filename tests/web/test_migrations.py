"""Data migrations on databases made by earlier versions."""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from chessarbiter.web.events import access
from chessarbiter.web.events import models as m

GRANT = "0008_grant_create_events"


def test_issue_13_item_12_old_accounts_keep_creating_events(db: Any) -> None:
    """Accounts made before ``events.add_event`` existed: every active user who is not
    read-only gets it (arbiters and chiefs, users without any role yet, owners), those whose
    every role is a viewer's stay read-only; superusers and inactive accounts are left as
    they are. Run with the models as they stood at the migration."""
    executor = MigrationExecutor(connection)
    assert ("events", GRANT) in executor.loader.applied_migrations  # part of the schema
    owner = User.objects.create_user("owner")
    deputy = User.objects.create_user("deputy")
    newcomer = User.objects.create_user("newcomer")
    watcher = User.objects.create_user("watcher")
    mixed = User.objects.create_user("mixed")
    watching_owner = User.objects.create_user("watching-owner")
    gone = User.objects.create_user("gone", is_active=False)
    root = User.objects.create_superuser("root")
    first = m.Event.objects.create(name="First", owner=owner)
    second = m.Event.objects.create(name="Second", owner=watching_owner)
    m.Role.objects.create(event=first, user=deputy, kind=m.Role.Kind.ARBITER)
    m.Role.objects.create(event=first, user=watcher, kind=m.Role.Kind.VIEWER)
    m.Role.objects.create(event=second, user=watcher, kind=m.Role.Kind.VIEWER)
    m.Role.objects.create(event=first, user=mixed, kind=m.Role.Kind.VIEWER)
    m.Role.objects.create(event=second, user=mixed, kind=m.Role.Kind.CHIEF)
    m.Role.objects.create(event=first, user=watching_owner, kind=m.Role.Kind.VIEWER)
    users = [owner, deputy, newcomer, watcher, mixed, watching_owner, gone, root]
    assert [access.may_create_events(u) for u in users] == [False] * 7 + [True]

    migration = importlib.import_module(f"chessarbiter.web.events.migrations.{GRANT}")
    then = executor.loader.project_state(("events", GRANT)).apps
    migration.grant_create_events(then, SimpleNamespace(connection=connection))

    fresh = [User.objects.get(pk=u.pk) for u in users]  # permissions are cached per object
    allowed = {u.username: access.may_create_events(u) for u in fresh}
    assert allowed == {
        "owner": True,
        "deputy": True,
        "newcomer": True,
        "watcher": False,
        "mixed": True,
        "watching-owner": True,
        "gone": False,
        "root": True,
    }
    assert not User.objects.get(pk=root.pk).user_permissions.exists()
    assert not User.objects.get(pk=gone.pk).user_permissions.exists()
    # run again (a database migrated twice, or the permission given by hand): no change
    migration.grant_create_events(then, SimpleNamespace(connection=connection))
    assert User.objects.get(pk=deputy.pk).user_permissions.count() == 1
