"""``chessarbiter teams three-in-two``: three teams' three matches in two rounds (Team Competitions
1972)."""

from __future__ import annotations

import click

from chessarbiter import limits
from chessarbiter.cli.teams.schedules import schedule_format_option
from chessarbiter.pairing.teams.three_in_two import (
    schedule_tsv,
    three_teams_json,
    three_teams_two_rounds,
)


@click.command("three-in-two")
@click.option(
    "--boards",
    "-b",
    type=int,
    required=True,
    metavar="N",
    help=(
        f"Boards per team, 2 to {limits.MAX_BOARDS_PER_TEAM}; must be even (Team Competitions "
        f"1972; exit 3 "
        "for an odd number)."
    ),
)
@schedule_format_option("games and whites")
def three_in_two_command(boards: int, output_format: str) -> None:
    """Print the schedule of three teams (A, B, C) playing their three matches in two rounds.

    Team Competitions 1972: A–B and B–C meet on equal boards, A–C with neighbouring boards
    exchanged; every player has one White and one Black. Players are written team letter + board,
    White first.
    """
    if output_format == "json":
        click.echo(three_teams_json(boards))
    else:
        click.echo(schedule_tsv(three_teams_two_rounds(boards)), nl=False)


def register(group: click.Group) -> None:
    """Add the ``three-in-two`` command to ``group``."""
    group.add_command(three_in_two_command)
