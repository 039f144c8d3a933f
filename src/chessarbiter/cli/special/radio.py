"""``chessarbiter radio split``: the opponent's clock in a radio or telephone match. The rule is in
:mod:`chessarbiter.special.radio` (Team Competitions 1972).

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``).
"""

from __future__ import annotations

import datetime as dt
import json

import click

from chessarbiter import limits
from chessarbiter.cli.special.options import json_option
from chessarbiter.special import radio as rd
from chessarbiter.special import simul as sm


@click.group("radio")
def radio_group() -> None:
    """Radio and telephone matches (Team Competitions 1972)."""


@radio_group.command("split")
@click.option(
    "--shown",
    required=True,
    help=f"What the opponent's side of our clock shows (minutes or H:MM, at most "
    f"{limits.MAX_MINUTES}).",
)
@click.option(
    "--transmission",
    "transmissions",
    multiple=True,
    required=True,
    help="Time spent transmitting moves (minutes or H:MM); one total or one a move, repeat "
    f"(at most {limits.MAX_MOVE_NUMBER} times).",
)
@json_option
def radio_split_command(shown: str, transmissions: tuple[str, ...], as_json: bool) -> None:
    """The opponent's real thinking time in a radio/telephone match (Team Competitions 1972: his
    side of the clock shows his thinking plus the transmission of the moves)."""
    try:
        minutes = [sm.parse_minutes(t) for t in (shown, *transmissions)]
    except sm.SimulError as e:
        raise rd.RadioError(str(e)) from None
    split = rd.split_opponent_clock(
        dt.timedelta(minutes=minutes[0]), [dt.timedelta(minutes=m) for m in minutes[1:]]
    )

    def mins(t: dt.timedelta) -> int:
        return int(t.total_seconds()) // 60

    if as_json:
        out = {
            "shown": mins(split.shown),
            "thinking": mins(split.thinking),
            "transmission": mins(split.transmission),
        }
        click.echo(json.dumps(out))
    else:
        click.echo(
            f"thinking {mins(split.thinking)} min, transmission {mins(split.transmission)} min "
            f"(clock shows {mins(split.shown)} min)"
        )
