"""Checking a played tournament against the Lim engine, round by round (the checker's ``-c``):
every round is re-paired from the position before it and compared with what was played, as
:mod:`chessarbiter.pairing.dutch.checker` does for the Dutch system (same positions, same
comparison: pairs, colours and the pairing-allocated bye)."""

from __future__ import annotations

from collections.abc import Iterator

from chessarbiter.editions import LimEdition
from chessarbiter.model import Tournament
from chessarbiter.pairing.dutch import checker
from chessarbiter.pairing.dutch.checker import RoundCheck, RoundDifference
from chessarbiter.pairing.lim.engine import pair_round
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.round_pairing import RoundPairing


def check_rounds(
    tournament: Tournament,
    edition: LimEdition = LimEdition.LIM_2026,
    matcher: MatcherFactory | None = None,
    *,
    maxi: bool = False,
) -> Iterator[RoundCheck]:
    """Re-pair every played round of ``tournament`` by the Lim system (C.04.4.3 of ``edition``;
    ``maxi``: a declared Maxi-tournament) and compare, by
    :func:`chessarbiter.pairing.dutch.checker.check_rounds` with the Lim engine pairing.

    :raises PairingError: when a round cannot be paired at all as given (for example the
        initial colour is unknown and cannot be inferred).
    """

    def pair(before: Tournament) -> RoundPairing:
        return pair_round(before, edition, matcher=matcher, maxi=maxi)

    return checker.check_rounds(tournament, edition.basic_rules, matcher, pair=pair)


def check_tournament(
    tournament: Tournament,
    edition: LimEdition = LimEdition.LIM_2026,
    matcher: MatcherFactory | None = None,
    *,
    maxi: bool = False,
) -> list[RoundDifference]:
    """Every round where the Lim engine does not pair as ``tournament`` was paired (empty when
    the whole tournament follows C.04.4.3 of ``edition``)."""
    return [
        c.difference
        for c in check_rounds(tournament, edition, matcher, maxi=maxi)
        if c.difference is not None
    ]
