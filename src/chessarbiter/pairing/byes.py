"""The entry of a player the pairing of a round leaves without an opponent, per pairing system.

* A Swiss system (C.04.1 c): the pairing-allocated bye, TRF ``U``, scored as
  the event's point system gives it (a win unless the regulations say otherwise).
* A round robin (C.05 Annex 1): the free round of the player who meets the dummy number in an
  odd field, TRF ``Z``: no opponent, no colour, no points
  (:func:`chessarbiter.pairing.roundrobin.record_round_robin_bye`).

>>> bye_result("swiss").value, bye_result("roundrobin").value
('U', 'Z')
"""

from __future__ import annotations

from typing import Final

from chessarbiter.errors import PairingError
from chessarbiter.model import Result

#: The result of the board without an opponent, by the system names of
#: :data:`chessarbiter.event_settings.SYSTEMS` that pair individual rounds.
BYE_RESULTS: Final = {
    "swiss": Result.PAIRING_ALLOCATED_BYE,
    "roundrobin": Result.ZERO_POINT_BYE,
}


def bye_result(system: str) -> Result:
    """The result a player without an opponent in a paired round gets under ``system``
    (C.04.1 c for a Swiss, C.05 Annex 1 for a round robin; see the module).

    :raises PairingError: for a system that pairs no individual rounds (a knockout bracket,
        the team systems) or an unknown one.
    """
    try:
        return BYE_RESULTS[system]
    except KeyError:
        known = ", ".join(BYE_RESULTS)
        raise PairingError(
            f"the {system!r} system pairs no individual rounds with a bye (known: {known})"
        ) from None
