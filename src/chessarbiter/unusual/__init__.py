"""Seed 000's "unusual chess" tools (issue 8): telegraph code and sending days, blitz evenings
and competition schedules, simultaneous exhibitions, handicap Swiss with elimination.

* :mod:`chessarbiter.unusual.telegraph` — the telegraph code seed 000 calls Udemann's
  (Gringmuth's notation) and the correspondence sending days;
* :mod:`chessarbiter.unusual.schedule` — the blitz-evening planner and the schedule
  ("regulations") planner and checker;
* :mod:`chessarbiter.unusual.simul` — simultaneous exhibitions: participant limit and
  simul-contest scoring;
* :mod:`chessarbiter.unusual.handicap` — a handicap Swiss with elimination on personal limits of
  lost points.
"""

from __future__ import annotations

from chessarbiter.errors import ChessArbiterError


class UnusualChessError(ChessArbiterError):
    """Invalid input to one of seed 000's "unusual chess" tools."""
