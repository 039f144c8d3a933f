"""Radio and telephone matches (Team Competitions 1972, «Необычные шахматы»): the clocks at one end.

Team Competitions 1972: "в радиоматчах СССР — США или СССР — Англия ... время на обдумывание
контролировалось для каждого участника шахматными часами, хотя, естественно, только своими, так как
часы противника показывали сумму времени, затраченного им на обдумывание и организаторами на
передачу ходов. Впрочем, как и при проведении консультационных партий (см. ниже), можно при
передаче очередного хода ставить противника в известность о фактически израсходованном времени
на обдумывание."

So at each end the player's own side of the clock is exact, while the opponent's side runs from
the moment our move is made until the reply arrives: the opponent's thinking plus the
transmission of the moves. :func:`split_opponent_clock` takes the transmission time out of it.

>>> split = split_opponent_clock(dt.timedelta(minutes=50), [dt.timedelta(minutes=2)] * 10)
>>> split.thinking, split.transmission
(datetime.timedelta(seconds=1800), datetime.timedelta(seconds=1200))
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from chessarbiter import limits
from chessarbiter.special import UnusualChessError


class RadioError(UnusualChessError):
    """Impossible clock readings of a radio/telephone match."""


@dataclass(frozen=True, slots=True)
class ClockSplit:
    """The opponent's side of the clock split into his thinking and the transmission."""

    shown: dt.timedelta
    thinking: dt.timedelta
    transmission: dt.timedelta


def split_opponent_clock(
    shown: dt.timedelta, transmissions: Sequence[dt.timedelta] | dt.timedelta
) -> ClockSplit:
    """Team Competitions 1972: "часы противника показывали сумму времени, затраченного им на
    обдумывание и организаторами на передачу ходов" — the opponent's thinking time is what his side
    of our clock shows less the time the organizers spent transmitting the moves (one total, or one
    duration per move). Raises :class:`RadioError` if the transmissions exceed the reading, or
    for a reading or a transmission beyond :data:`~chessarbiter.limits.MAX_MINUTES` (a year) or
    more transmissions than :data:`~chessarbiter.limits.MAX_MOVE_NUMBER`.
    """
    parts = [transmissions] if isinstance(transmissions, dt.timedelta) else list(transmissions)
    if shown < dt.timedelta(0) or any(t < dt.timedelta(0) for t in parts):
        raise RadioError("clock readings and transmission times cannot be negative")
    longest = dt.timedelta(minutes=limits.MAX_MINUTES)
    if shown > longest or any(t > longest for t in parts):
        raise RadioError(f"a clock reading or transmission time is at most {longest} (a year)")
    if len(parts) > limits.MAX_MOVE_NUMBER:
        raise RadioError(f"at most {limits.MAX_MOVE_NUMBER} transmissions (one a move)")
    transmission = sum(parts, dt.timedelta(0))
    if transmission > shown:
        raise RadioError(
            f"transmission time {transmission} is more than the {shown} the opponent's clock shows"
        )
    return ClockSplit(shown, shown - transmission, transmission)
