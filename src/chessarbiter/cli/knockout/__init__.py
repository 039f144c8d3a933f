"""``chessarbiter knockout``: knockout brackets and matches."""

from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    @cli.group("knockout")
    def knockout() -> None:
        """Knockout events: draw a bracket, follow a match, a cup's team match."""

    from chessarbiter.cli.knockout import cup, draw, match

    draw.register(knockout)
    match.register(knockout)
    cup.register(knockout)
