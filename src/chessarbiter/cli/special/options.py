"""Options, argument readers and output formats shared by the special-competition command groups
(:mod:`chessarbiter.cli.special`): ``--json``, SAN move lists, dates with their weekday and plain
decimals. They parse and format only; the rules are in :mod:`chessarbiter.special`."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import click

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MOVE_NUMBER = re.compile(r"^\d+\.+")

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")


def weekday(date: dt.date) -> str:
    """The weekday's short English name.

    >>> weekday(dt.date(2026, 12, 1))
    'Tue'
    """
    return _WEEKDAYS[date.weekday()]


def dated(date: dt.date) -> str:
    """A date and its weekday.

    >>> dated(dt.date(2026, 12, 1))
    '2026-12-01 Tue'
    """
    return f"{date.isoformat()} {weekday(date)}"


def plain_decimal(value: Decimal) -> str:
    """``2``, ``1.5``: no trailing zeros.

    >>> plain_decimal(Decimal("15.0")), plain_decimal(Decimal("1.50"))
    ('15', '1.5')
    """
    return format(value.normalize(), "f")


def split_san(texts: tuple[str, ...]) -> list[str]:
    """SAN moves from arguments such as ``"1. e4 e5 2.Nf3"`` (move numbers dropped).

    >>> split_san(("1. e4 e5 2.Nf3", "Nc6"))
    ['e4', 'e5', 'Nf3', 'Nc6']
    """
    moves: list[str] = []
    for token in " ".join(texts).split():
        token = _MOVE_NUMBER.sub("", token)
        if token:
            moves.append(token)
    return moves
