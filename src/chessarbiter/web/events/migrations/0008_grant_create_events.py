"""Creating and importing events now needs the permission ``events.add_event``
(:data:`chessarbiter.web.events.access.CREATE_EVENTS`). Accounts made before it existed
(``chessarbiter web user``) had the right without it: they keep it, except the read-only
users, those whose every role is a viewer's (and who own no event)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import migrations


def grant_create_events(apps: Any, schema_editor: Any) -> None:
    """Give ``events.add_event`` to every active user who is not a superuser (who has every
    permission) and not read-only: at least one role, each of them a viewer's, and no event
    of their own (the owner of an event is its chief arbiter)."""
    User = apps.get_model(settings.AUTH_USER_MODEL)
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    Role = apps.get_model("events", "Role")
    Event = apps.get_model("events", "Event")
    db = schema_editor.connection.alias
    kind, _created = ContentType.objects.using(db).get_or_create(app_label="events", model="event")
    permission, _created = Permission.objects.using(db).get_or_create(
        content_type=kind, codename="add_event", defaults={"name": "Can add event"}
    )
    kinds: dict[Any, set[str]] = {}
    for user_id, role in Role.objects.using(db).values_list("user_id", "kind"):
        kinds.setdefault(user_id, set()).add(role)
    owners = set(Event.objects.using(db).values_list("owner_id", flat=True))
    for user in User.objects.using(db).filter(is_active=True, is_superuser=False):
        roles = kinds.get(user.pk, set())
        if roles == {"viewer"} and user.pk not in owners:
            continue  # read-only: stays so
        user.user_permissions.add(permission)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0007_bounds_archive_deleted"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # undone: nothing taken back (the permission may have been given on purpose since)
        migrations.RunPython(grant_create_events, migrations.RunPython.noop),
    ]
