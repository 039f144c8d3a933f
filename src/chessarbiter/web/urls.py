"""The site's addresses, and the pages of a refused request.

A refused request gets a page of the site in the user's language, never Django's bare text:
403 (``403.html``: what the user may not do and why; ``403_csrf.html``: a form sent with an
expired or missing security token), 404 (``404.html``), 500 (``500.html``, rendered without
the database, which may be what failed) and the lockout after too many failed logins
(``registration/locked.html``, status 429, see the ``AXES_*`` settings).
"""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import Promise
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.generic.base import RedirectView

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("manage/", include("chessarbiter.web.arbiter.urls")),
    path("jobs/", include("chessarbiter.web.jobs.urls")),
    path("api/", include("chessarbiter.web.api.urls")),
    # pages without the site's <head> (a printable list, a download) make the browser ask
    # for /favicon.ico: the site's icon, never a 404
    path("favicon.ico", RedirectView.as_view(url=static("chessarbiter/favicon.svg"))),
    path("", include("chessarbiter.web.public.urls")),
]

#: What a refused page would have done, for a refusal that does not say it itself.
_REFUSED: dict[str, Promise] = {
    "arbiter:event_new": _(
        "Your account may not create events. Ask the administrator for an arbiter's account."
    ),
    "arbiter:event_import": _(
        "Your account may not import events. Ask the administrator for an arbiter's account."
    ),
}


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 403 page: the refusal's own words (e.g. the role an event page needs), else what
    the refused page does."""
    reason = str(exception or "")
    if not reason:
        match = request.resolver_match
        reason = str(
            _REFUSED.get(match.view_name if match else "", _("Your account may not do this."))
        )
    return render(request, "403.html", {"reason": reason}, status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """The page of a form refused by Django's CSRF protection (``CSRF_FAILURE_VIEW``): the
    form was sent with an expired or missing security token (a page left open across a
    login, a logout or a restart, or an outside site's form). Nothing was changed; the page
    links back to the form's page, whose reload carries a fresh token. An htmx request (the
    results bar) gets the same words in ``X-Message``."""
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = ""
    response = render(request, "403_csrf.html", {"back": back, "reason": reason}, status=403)
    if request.headers.get("HX-Request"):
        from chessarbiter.web.arbiter.views import message_headers

        message = gettext("The form has expired: nothing was saved. Reload the page and try again.")
        message_headers(response, message, "error")
    return response


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, object] | None = None,
) -> HttpResponse:
    """The page of a login refused by the throttle (django-axes' lockout callable)."""
    cooloff: timedelta = settings.AXES_COOLOFF_TIME
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    return render(
        request,
        "registration/locked.html",
        {
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "minutes": int(cooloff.total_seconds() // 60),
            "username": username,
        },
        status=429,
    )


handler403 = permission_denied
