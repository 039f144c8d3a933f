"""``chessarbiter teams``: team competitions (issue 7)."""

from __future__ import annotations

import click


def register(cli: click.Group) -> None:
    @cli.group("teams")
    def teams() -> None:
        """Team competitions: schedules, line-ups, scoring."""

    from chessarbiter.cli import (
        teams_lineups,
        teams_schedules,
        teams_scores,
        teams_simul,
        teams_swiss,
        teams_three,
    )

    for module in (
        teams_three,
        teams_schedules,
        teams_scores,
        teams_lineups,
        teams_simul,
        teams_swiss,
    ):
        module.register(teams)
