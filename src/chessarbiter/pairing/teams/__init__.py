"""Team competitions: rosters and line-ups, match colours, team schedules (three
teams in two rounds, Scheveningen, mixed round robin, simultaneous matches, the
semi-final/final planner), team Swiss.

The team Swiss has two systems, one module each: :mod:`~chessarbiter.pairing.teams.dutch_mp`
(the Dutch system on match points) and :mod:`~chessarbiter.pairing.teams.c0406` (C.04.6, the
FIDE Swiss Team Pairing System), with what they share in
:mod:`~chessarbiter.pairing.teams.team_swiss`; :func:`pair_team_round` pairs by either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from chessarbiter.errors import PairingError
from chessarbiter.model import Colour
from chessarbiter.model.teams import ColourPreferenceType, PrimaryScore, TeamEvent
from chessarbiter.pairing.teams.c0406 import pair_c0406
from chessarbiter.pairing.teams.dutch_mp import pair_dutch_mp
from chessarbiter.pairing.teams.team_swiss import (
    TeamRoundPairing,
    TeamSwissSystem,
    pairing_score_problem,
)

__all__ = ["pair_team_round"]


def pair_team_round(
    event: TeamEvent,
    system: TeamSwissSystem,
    total_rounds: int,
    *,
    primary: PrimaryScore = PrimaryScore.MP,
    colour_preference_type: ColourPreferenceType = ColourPreferenceType.A,
    initial_colour: Colour | None = None,
    colours: Mapping[tuple[int, int], Colour] | None = None,
    player_ratings: Mapping[int, int | None] | None = None,
    absent: Iterable[int] = (),
) -> TeamRoundPairing:
    """Pair the next round by ``system`` (:func:`~chessarbiter.pairing.teams.dutch_mp.pair_dutch_mp`
    or :func:`~chessarbiter.pairing.teams.c0406.pair_c0406`) on the primary score ``primary``.

    :raises PairingError: for options the system does not take: a primary score it does not
        pair on (:func:`~chessarbiter.pairing.teams.team_swiss.pairing_score_problem`: C.04.6
        1.2.1 pairs on match points or game points, never on the Nemlikher score; the Dutch
        system on match points only), a colour preference type with the Dutch system, whose
        colour rules are its own.
    """
    problem = pairing_score_problem(system, primary, event.scoring)
    if problem is not None:
        raise PairingError(problem)
    if system is TeamSwissSystem.DUTCH_MP:
        if colour_preference_type is not ColourPreferenceType.A:
            raise PairingError(
                "colour preference types are C.04.6 1.7; the Dutch system uses C.04.3's"
            )
        return pair_dutch_mp(
            event,
            total_rounds,
            colours=colours,
            initial_colour=initial_colour,
            player_ratings=player_ratings,
            absent=absent,
        )
    return pair_c0406(
        event,
        total_rounds,
        primary=primary,
        colour_preference_type=colour_preference_type,
        initial_colour=initial_colour,
        colours=colours,
        absent=absent,
    )
