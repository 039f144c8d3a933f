"""Numbers as an arbiter writes them: points with the vulgar fraction, tie-break values."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.formatting import format_points, plain_number


@pytest.mark.parametrize(
    ("points", "text", "ascii_text"),
    [
        ("0", "0", "0"),
        ("0.5", "½", "0.5"),
        ("6.5", "6½", "6.5"),
        ("7.0", "7", "7"),
        ("12.5", "12½", "12.5"),
        ("-1.5", "-1½", "-1.5"),
        ("2.25", "2.25", "2.25"),
        ("3.10", "3.1", "3.1"),
    ],
)
def test_format_points(points: str, text: str, ascii_text: str) -> None:
    assert format_points(Decimal(points)) == text
    assert format_points(Decimal(points), ascii=True) == ascii_text


@pytest.mark.parametrize(
    ("value", "text"),
    [("6.50", "6.5"), ("31.0", "31"), ("1E+1", "10"), ("-0.25", "-0.25"), ("0.000", "0")],
)
def test_plain_number(value: str, text: str) -> None:
    assert plain_number(Decimal(value)) == text
