"""``chessarbiter knockout``: knockout brackets and matches (issue 6)."""

from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    @cli.group("knockout")
    def knockout() -> None:
        """Knockout events: draw a bracket, follow a match."""

    from chessarbiter.cli import knockout_draw, knockout_match

    knockout_draw.register(knockout)
    knockout_match.register(knockout)
