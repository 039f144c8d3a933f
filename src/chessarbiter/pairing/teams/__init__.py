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
from dataclasses import dataclass

from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Tournament
from chessarbiter.model.teams import ColourPreferenceType, PrimaryScore, TeamEvent
from chessarbiter.pairing.teams.c0406 import pair_c0406
from chessarbiter.pairing.teams.dutch_mp import pair_dutch_mp
from chessarbiter.pairing.teams.team_swiss import (
    TeamRoundPairing,
    TeamSwissSystem,
    pairing_score_problem,
)
from chessarbiter.trf.teams import team_code

__all__ = ["TeamFileOptions", "pair_team_round", "team_file_options"]


@dataclass(frozen=True, slots=True)
class TeamFileOptions:
    """The C.04.6 options a team file states: the number of rounds, the primary score (C.04.6
    1.2.1), the colour preference type (1.7) and whether the secondary score is used (1.2.1,
    4.2.2)."""

    total_rounds: int
    primary: PrimaryScore
    colour_preference_type: ColourPreferenceType
    use_secondary: bool


def team_file_options(tournament: Tournament, event: TeamEvent) -> TeamFileOptions:
    """The options a TRF-2026 team file gives the team Swiss: those of its ``192`` team code
    (:func:`~chessarbiter.trf.teams.team_code`), else the event's primary score, colour
    preference type A and the secondary score used.

    :raises PairingError: when the file does not say how many rounds the event has (TRF
        ``142`` or ``XXR``: C.04.6 needs it), or asks for acceleration (C.04.7: TRF ``250``
        or a ``_BAKU`` code), which team pairing does not implement.
    """
    rounds = tournament.total_rounds
    if rounds is None:
        raise PairingError("the number of rounds is not known (TRF 142 or XXR)")
    code = team_code(tournament.system)
    if (code is not None and code.baku) or tournament.accelerations:
        raise PairingError(
            "acceleration (C.04.7, TRF 250 / *_BAKU) is not implemented for team pairing"
        )
    if code is None:
        return TeamFileOptions(rounds, PrimaryScore(event.primary), ColourPreferenceType.A, True)
    return TeamFileOptions(rounds, code.primary, code.preference, code.use_secondary)


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
