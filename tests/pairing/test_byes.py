"""The entry of a player left without an opponent, per pairing system."""

from __future__ import annotations

import pytest

from chessarbiter.errors import PairingError
from chessarbiter.model import Result
from chessarbiter.pairing.byes import bye_result


def test_a_swiss_gives_the_pairing_allocated_bye_a_round_robin_the_free_round() -> None:
    """C.04.1 c: the Swiss pairing-allocated bye (U); C.05 Annex 1: the round robin's free
    round against the dummy number, a zero-point bye (Z)."""
    assert bye_result("swiss") is Result.PAIRING_ALLOCATED_BYE
    assert bye_result("roundrobin") is Result.ZERO_POINT_BYE


@pytest.mark.parametrize("system", ["knockout", "team-swiss", "team-rr", "dubov"])
def test_a_system_without_individual_rounds_has_no_bye_code(system: str) -> None:
    with pytest.raises(PairingError, match=system):
        bye_result(system)
