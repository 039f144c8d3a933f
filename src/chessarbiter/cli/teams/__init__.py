"""``chessarbiter teams``: team competitions."""

from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    @cli.group("teams")
    def teams() -> None:
        """Team competitions: schedules, line-ups, scoring."""

    from chessarbiter.cli.teams import (
        lineups,
        schedules,
        scores,
        simul,
        swiss,
        three,
    )

    for module in (
        three,
        schedules,
        scores,
        lineups,
        simul,
        swiss,
    ):
        module.register(teams)
