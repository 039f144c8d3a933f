"""The API's addresses (``/api/``): django-ninja's, each answering a method it does not take
with a JSON 405, and a JSON 404 for any other address under ``/api/`` (a client of the API
never gets an HTML page); and the one page for people, ``tokens/``, where a user makes and
revokes his own tokens (:mod:`.pages`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern, path, re_path
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from . import pages
from .views import api


def _json_refusals(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``view`` with its 405 (a method the address does not take) in JSON, naming the
    methods it takes."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if response.status_code == 405 and not response.get("Content-Type", "").startswith(
            "application/json"
        ):
            allowed = response.get("Allow", "")
            refused = JsonResponse(
                {
                    "detail": _("This address takes %(methods)s, not %(method)s.")
                    % {"methods": allowed, "method": request.method},
                    "errors": [],
                },
                status=405,
            )
            refused["Allow"] = allowed
            return refused
        return response

    return wrapper


@csrf_exempt
def unknown(request: HttpRequest, rest: str = "") -> HttpResponse:
    """Any other address under ``/api/``: a JSON 404 pointing to the docs."""
    return JsonResponse(
        {"detail": _("No such address in the API: see /api/docs/."), "errors": []}, status=404
    )


_patterns, _ninja_app, _namespace = api.urls
app_name = _namespace  # "api": the namespace ninja reverses its own addresses in

urlpatterns: list[Any] = [
    URLPattern(p.pattern, _json_refusals(p.callback), p.default_args, p.name)
    if isinstance(p, URLPattern)
    else p
    for p in _patterns
]
urlpatterns += [
    path("tokens/", pages.tokens, name="tokens"),
    re_path(r"^(?P<rest>.*)$", unknown),
]
