"""A ``chessarbiter teams`` subcommand group (being written)."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    """Add this module's commands to ``group``."""
