"""The users' API tokens (:class:`chessarbiter.web.api.models.ApiToken`): each key stored as
its SHA-256 digest, with its first characters to tell it apart."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=100, verbose_name="name")),
                ("digest", models.CharField(max_length=64, unique=True)),
                ("prefix", models.CharField(max_length=16, verbose_name="key begins with")),
                ("created", models.DateTimeField(auto_now_add=True, verbose_name="created")),
                (
                    "last_used",
                    models.DateTimeField(blank=True, null=True, verbose_name="last used"),
                ),
                ("expires_at", models.DateTimeField(blank=True, null=True, verbose_name="expires")),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="api_tokens",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "API token",
                "verbose_name_plural": "API tokens",
                "ordering": ["-created", "-pk"],
            },
        ),
    ]
