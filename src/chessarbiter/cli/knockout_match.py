"""``chessarbiter knockout match`` (being written)."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    """Add the ``match`` command to ``group``."""
