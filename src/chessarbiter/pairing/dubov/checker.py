"""Checking a played tournament against the Dubov engine, round by round (the checker's
``-c``): every round is re-paired from the position before it and compared with what was
played, by :func:`chessarbiter.pairing.dutch.checker.check_rounds` (same positions, same
comparison: pairs, colours and the pairing-allocated bye) with the Dubov engine pairing."""

from __future__ import annotations

from collections.abc import Iterator

from chessarbiter.editions import DubovEdition
from chessarbiter.model import Tournament
from chessarbiter.pairing.dubov.engine import pair_round
from chessarbiter.pairing.dutch import checker
from chessarbiter.pairing.dutch.checker import RoundCheck, RoundDifference
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.round_pairing import RoundPairing


def check_rounds(
    tournament: Tournament,
    edition: DubovEdition = DubovEdition.DUBOV_2026,
    matcher: MatcherFactory | None = None,
) -> Iterator[RoundCheck]:
    """Re-pair every played round of ``tournament`` by the Dubov system (C.04.4.1 of
    ``edition``) and compare.

    :raises PairingError: when a round cannot be paired at all as given (for example the
        initial colour is unknown and cannot be inferred).
    """

    def pair(before: Tournament) -> RoundPairing:
        return pair_round(before, edition, matcher=matcher)

    return checker.check_rounds(tournament, edition.basic_rules, matcher, pair=pair)


def check_tournament(
    tournament: Tournament,
    edition: DubovEdition = DubovEdition.DUBOV_2026,
    matcher: MatcherFactory | None = None,
) -> list[RoundDifference]:
    """Every round where the Dubov engine does not pair as ``tournament`` was paired (empty
    when the whole tournament follows C.04.4.1 of ``edition``)."""
    return [
        c.difference for c in check_rounds(tournament, edition, matcher) if c.difference is not None
    ]
