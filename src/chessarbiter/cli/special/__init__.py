"""The special competitions on the command line, one module per command group; the rules are in
:mod:`chessarbiter.special` (Team Competitions 1972):

* ``chessarbiter telegraph encode|decode|days`` — :mod:`chessarbiter.cli.special.telegraph`;
* ``chessarbiter schedule plan|blitz-evening|swiss-days|load`` —
  :mod:`chessarbiter.cli.special.schedule`;
* ``chessarbiter simul limit|score`` — :mod:`chessarbiter.cli.special.simul`;
* ``chessarbiter handicap eliminate|pair`` — :mod:`chessarbiter.cli.special.handicap`;
* ``chessarbiter solving score`` — :mod:`chessarbiter.cli.special.solving`;
* ``chessarbiter radio split`` — :mod:`chessarbiter.cli.special.radio`;
* ``chessarbiter blitz claim`` — :mod:`chessarbiter.cli.special.blitz`;
* ``chessarbiter consultation check|schedule|standings|trf|clock`` —
  :mod:`chessarbiter.cli.special.consultation`.

Their shared options and formats are in :mod:`chessarbiter.cli.special.options`.
"""

from __future__ import annotations

import click

from chessarbiter.cli.special import (
    blitz,
    consultation,
    handicap,
    radio,
    schedule,
    simul,
    solving,
    telegraph,
)


def register(cli: click.Group) -> None:
    """Add the ``telegraph``, ``schedule``, ``simul``, ``handicap``, ``solving``, ``radio`` and
    ``blitz`` groups to ``cli``."""
    for group in (
        telegraph.telegraph_group,
        schedule.schedule_group,
        simul.simul_group,
        handicap.handicap_group,
        solving.solving_group,
        radio.radio_group,
        blitz.blitz_group,
        consultation.consultation_group,
    ):
        cli.add_command(group)
