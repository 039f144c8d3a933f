"""Special competitions (Team Competitions 1972, "unusual chess"): telegraph code and sending days,
blitz evenings and competition schedules, simultaneous exhibitions, handicap Swiss with elimination.

* :mod:`chessarbiter.special.telegraph` — the telegraph code Team Competitions 1972 calls Udemann's
  (Gringmuth's notation) and the correspondence sending days;
* :mod:`chessarbiter.special.schedule` — the blitz-evening planner, the schedule
  ("regulations") planner and checker with the book's named regimes, and the Swiss day plan with
  adjournments;
* :mod:`chessarbiter.special.simul` — simultaneous exhibitions: participant limit and
  simul-contest scoring;
* :mod:`chessarbiter.special.handicap` — a handicap Swiss with elimination on personal limits of
  lost points, and the pairing of its rounds;
* :mod:`chessarbiter.special.load` — the competition load by level («оптимальные загрузки»);
* :mod:`chessarbiter.special.solving` — solving contests: points, premiums, shared places;
* :mod:`chessarbiter.special.radio` — the opponent's clock in radio/telephone matches;
* :mod:`chessarbiter.special.blitz` — blitz draw claims (rule 2 of the blitz additions);
* :mod:`chessarbiter.special.unclocked` — games without clocks: the sanction ladder and the
  freed clock;
* :mod:`chessarbiter.special.consultation` — consultation games: groups of 2-4 with a leader,
  their round robin, standings and TRF, and the relayed clocks.
"""

from __future__ import annotations

from chessarbiter.errors import ChessArbiterError


class UnusualChessError(ChessArbiterError):
    """Invalid input to one of Team Competitions 1972's "unusual chess" tools."""
