"""Checking a played Keizer competition against the Keizer engine, round by round (the
checker's ``-c``): every round is re-paired from the position before it (rounds before it as
played, the round's own absences kept) and compared with what was played, by
:func:`chessarbiter.pairing.dutch.checker.check_rounds` (same positions, same comparison:
pairs, colours and the pairing-allocated bye) with the Keizer engine pairing."""

from __future__ import annotations

from collections.abc import Iterator

from chessarbiter.model import Tournament
from chessarbiter.pairing.dutch import checker
from chessarbiter.pairing.dutch.checker import RoundCheck, RoundDifference
from chessarbiter.pairing.keizer.engine import DEFAULT_VARIANT, pair_round
from chessarbiter.pairing.keizer.scoring import KeizerSettings, KeizerVariant
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.round_pairing import RoundPairing


def check_rounds(
    tournament: Tournament,
    edition: KeizerVariant | str = DEFAULT_VARIANT,
    matcher: MatcherFactory | None = None,
    *,
    settings: KeizerSettings | None = None,
) -> Iterator[RoundCheck]:
    """Re-pair every played round of ``tournament`` by the Keizer system (the variant
    ``edition``, or ``settings``) and compare.

    :raises PairingError: when a round cannot be paired at all as given (for example the
        initial colour is unknown and cannot be inferred, or the settings are out of bounds).
    """

    def pair(before: Tournament) -> RoundPairing:
        return pair_round(before, edition, matcher=matcher, settings=settings)

    return checker.check_rounds(tournament, matcher=matcher, pair=pair)


def check_tournament(
    tournament: Tournament,
    edition: KeizerVariant | str = DEFAULT_VARIANT,
    matcher: MatcherFactory | None = None,
    *,
    settings: KeizerSettings | None = None,
) -> list[RoundDifference]:
    """Every round where the Keizer engine does not pair as ``tournament`` was paired (empty
    when the whole competition was paired by these settings)."""
    return [
        c.difference
        for c in check_rounds(tournament, edition, matcher, settings=settings)
        if c.difference is not None
    ]
