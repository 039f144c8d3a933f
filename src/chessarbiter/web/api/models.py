"""What the API stores: the users' tokens. A token's key is shown once, when it is made
(:func:`chessarbiter.web.api.tokens.create_token`); only its SHA-256 digest is kept, with its
first characters to tell the tokens apart on a list."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ApiToken(models.Model):
    """A key a program sends as ``Authorization: Bearer <key>`` to act as ``user`` (with the
    user's roles: a token gives no more than its user has). Revoked by deleting it; refused
    after ``expires_at`` when one is set."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=100)
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(_("key begins with"), max_length=16)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    last_used = models.DateTimeField(_("last used"), null=True, blank=True)
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
