"""The users' API tokens: made (:func:`create_token`, the clear key returned once), checked
(:func:`user_for_key`) and revoked (:func:`revoke_token`).

A key is ``ca_`` and 43 URL-safe characters (256 random bits). Only its SHA-256 digest is
stored: a copy of the database gives no key. A random key of that length needs no slow hash
(a password does, being guessable); a lookup by digest is one indexed query.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.utils import timezone

from .models import ApiToken

#: What every key begins with (tells a chessarbiter key in a configuration file).
KEY_PREFIX = "ca_"
#: How many characters of a key are kept in clear, to tell the tokens apart.
SHOWN = 8
#: ``last_used`` is written at most this often (a read would otherwise be a write).
LAST_USED_STEP = timedelta(minutes=1)
#: The longest key looked up (longer is no key of ours).
MAX_KEY = 100


def digest(key: str) -> str:
    """The SHA-256 digest (hex) under which ``key`` is stored.

    >>> digest("ca_x")[:12]
    '0b9788d6b9b9'
    """
    return hashlib.sha256(key.encode()).hexdigest()


def create_token(user: User, name: str, expires_at: datetime | None = None) -> str:
    """A new token of ``user`` named ``name`` (cut to 100 characters), valid until
    ``expires_at`` (None: until revoked). Returns the key, which is not stored and cannot be
    shown again."""
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    ApiToken.objects.create(
        user=user,
        name=name.strip()[:100] or "token",
        digest=digest(key),
        prefix=key[: len(KEY_PREFIX) + SHOWN],
        expires_at=expires_at,
    )
    return key


def user_for_key(key: str) -> User | None:
    """The active user whose unexpired token ``key`` is, else None; notes when the token
    was used (at most once per :data:`LAST_USED_STEP`)."""
    if not key.startswith(KEY_PREFIX) or len(key) > MAX_KEY:
        return None
    token = ApiToken.objects.select_related("user").filter(digest=digest(key)).first()
    now = timezone.now()
    if token is None or not token.user.is_active:
        return None
    if token.expires_at is not None and token.expires_at <= now:
        return None
    if token.last_used is None or now - token.last_used >= LAST_USED_STEP:
        ApiToken.objects.filter(pk=token.pk).update(last_used=now)
    user: User = token.user
    return user


def revoke_token(user: User, token_id: int) -> bool:
    """Delete ``user``'s token ``token_id``; whether there was one."""
    deleted, _rows = ApiToken.objects.filter(user_id=user.pk, pk=token_id).delete()
    return deleted > 0
