"""``chessarbiter knockout``: knockout brackets and matches."""

from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    @cli.group("knockout")
    def knockout() -> None:
        """Knockout events: draw a bracket, follow a match."""

    from chessarbiter.cli.knockout import draw, match

    draw.register(knockout)
    match.register(knockout)
