"""The page where a user makes and revokes his own API tokens (``/api/tokens/``): a new key is
shown once, on the answer to the form that made it, and never again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .models import ApiToken
from .tokens import create_token, revoke_token


@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    """GET: the user's tokens. POST ``create`` with ``name``: a new token, its key on this
    answer only. POST ``revoke`` with ``token``: that token deleted (the user's own only)."""
    user = request.user
    if not isinstance(user, User):  # pragma: no cover - login_required lets only users in
        raise PermissionDenied
    key = ""
    if request.method == "POST":
        if "revoke" in request.POST:
            text = request.POST.get("token", "")
            done = text.isascii() and text.isdigit() and revoke_token(user, int(text))
            if done:
                messages.success(request, _("Token revoked."))
            else:
                messages.error(request, _("No such token."))
            return redirect("api:tokens")
        name = request.POST.get("name", "").strip()
        if not name:
            messages.error(request, _("Give the token a name (where it is used)."))
        else:
            key = create_token(user, name)
    return render(
        request,
        "api/tokens.html",
        {"tokens": ApiToken.objects.filter(user=user), "key": key},
    )
