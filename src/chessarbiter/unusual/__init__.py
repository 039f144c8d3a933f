"""Seed 000's "unusual chess" tools (issue 8): telegraph code and sending days, blitz evenings
and competition schedules, simultaneous exhibitions, handicap Swiss with elimination.

* :mod:`chessarbiter.unusual.telegraph` — the telegraph code seed 000 calls Udemann's
  (Gringmuth's notation) and the correspondence sending days;
* :mod:`chessarbiter.unusual.schedule` — the blitz-evening planner, the schedule
  ("regulations") planner and checker with the seed's named regimes, and the Swiss day plan with
  adjournments;
* :mod:`chessarbiter.unusual.simul` — simultaneous exhibitions: participant limit and
  simul-contest scoring;
* :mod:`chessarbiter.unusual.handicap` — a handicap Swiss with elimination on personal limits of
  lost points;
* :mod:`chessarbiter.unusual.load` — the competition load by level («оптимальные загрузки»);
* :mod:`chessarbiter.unusual.solving` — solving contests: points, premiums, shared places;
* :mod:`chessarbiter.unusual.radio` — the opponent's clock in radio/telephone matches;
* :mod:`chessarbiter.unusual.blitz` — blitz draw claims (rule 2 of the blitz additions).
"""

from __future__ import annotations

from chessarbiter.errors import ChessArbiterError


class UnusualChessError(ChessArbiterError):
    """Invalid input to one of seed 000's "unusual chess" tools."""
