"""Numbers and dates in one form on every page (``chess_display``): points with the fraction
whatever the language, dates kept as a TRF file writes them shown by the language's format;
the logo and the favicon served from the package."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import translation

from chessarbiter.web.events.templatetags.chess_display import points, written_date


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Decimal("6.5"), "6½"),
        (Decimal("6.50"), "6½"),
        (6.5, "6½"),
        (Decimal("0.5"), "½"),
        (7, "7"),
        (Decimal("12.0"), "12"),
        (0, "0"),
        (-1.5, "-1½"),
        (Fraction(59, 2), "29½"),
        (Fraction(89, 3), "29.67"),  # a Keizer score
        (Decimal("1.25"), "1.25"),  # a point system's quarter
        (None, ""),
        ("", ""),
        ("n/a", "n/a"),
        (Decimal("NaN"), "NaN"),
    ],
)
def test_points_have_one_form(value: object, shown: str) -> None:
    assert points(value) == shown  # type: ignore[arg-type]


def test_points_are_the_same_in_russian() -> None:
    with translation.override("ru"):
        assert points(Decimal("4.5")) == "4½" and points(Decimal("1.25")) == "1.25"


@pytest.mark.parametrize(
    ("lang", "text", "shown"),
    [
        ("en", "2005/07/28", "July 28, 2005"),
        ("ru", "2005/07/28", "28 июля 2005 г."),
        ("en-gb", "28.07.2005", "28 Jul 2005"),
        ("ru", "1990", "1990"),  # a birth year alone stays as written
        ("en", "", ""),
        ("en", "2005/13/40", "2005/13/40"),  # no such day: as written
    ],
)
def test_written_dates_follow_the_language(lang: str, text: str, shown: str) -> None:
    with translation.override(lang):
        assert written_date(text) == shown


def test_the_logo_and_the_favicon_are_drawn_svg_files(client: Client, db: object) -> None:
    for name in ("logo.svg", "favicon.svg"):
        path = finders.find(f"chessarbiter/{name}")
        assert isinstance(path, str)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert text.startswith("<svg") and "<path" in text and "href" not in text
    page = client.get("/").content.decode()
    assert 'rel="icon" href="/static/chessarbiter/favicon.svg"' in page
    assert '<img src="/static/chessarbiter/logo.svg" alt=""' in page


def test_favicon_ico_is_the_sites_icon(client: Client, db: object) -> None:
    """A page without the site's <head> (a printable list) makes the browser ask for
    /favicon.ico: it is sent to the site's icon, not answered 404."""
    r = client.get("/favicon.ico")
    assert r.status_code == 302 and r["Location"] == "/static/chessarbiter/favicon.svg"
