"""Sections of one event: when a player may move from one section to another.

An open often runs several tournaments side by side under one name, venue and public page
(Open A, Open B, U12, Blitz…): the *sections*. Each is a tournament of its own, with its own
system, rounds, pairings and standings, and a player registered to one section may be moved to
another by the organiser as long as neither has started: the pairing numbers of a section are
fixed by its initial order (C.04.2 A.2, 2026), and a player who moves once a round is paired
would leave a round entry behind or enter one late.

>>> section = Section("Open A", "swiss", rounds_paired=0)
>>> move_problem(section, Section("Open B", "swiss", rounds_paired=0)) is None
True
>>> print(move_problem(section, Section("Open B", "swiss", rounds_paired=1)))
Open B: round 1 is already paired; a player moves between sections only before it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .errors import ChessArbiterError

__all__ = ["TEAM_SYSTEMS", "Section", "SectionError", "check_move", "move_problem"]

#: Systems whose players belong to a team: a player moves with the team's list, not alone.
TEAM_SYSTEMS: Final = frozenset({"team-rr", "team-swiss", "team-cup"})


class SectionError(ChessArbiterError):
    """A player cannot move between these sections (the message says why)."""


@dataclass(frozen=True, slots=True)
class Section:
    """What the move rule reads of a section: its name, its system (one of
    :data:`chessarbiter.event_settings.SYSTEMS`), how many rounds are paired (for a knockout,
    1 once its bracket is drawn; for a simul contest, 1 once an exhibitor's result is
    recorded), and whether it is archived."""

    name: str
    system: str
    rounds_paired: int = 0
    archived: bool = False


def move_problem(source: Section, target: Section) -> str | None:
    """Why a player of ``source`` cannot move to ``target``, or None if he can.

    The organiser's rule for sections: a player moves before round 1 of either section is
    paired (C.04.2 A.2, 2026: the pairing numbers are fixed by the initial order before round
    1; a knockout's draw fixes its bracket the same way, and a simul contest its exhibitors
    once a result is recorded: Team Competitions 1972, the same number of opponents for
    all), between two sections that are not
    archived, and never in or out of a team event (Team Competitions 1972: a team's players
    are its registered list, in board order).

    >>> print(move_problem(Section("Open", "swiss"), Section("Teams", "team-rr")))
    Teams is a team event: its players are registered with their team.
    >>> simuls = Section("Simuls", "simul-contest", rounds_paired=1)
    >>> print(move_problem(simuls, Section("Open", "swiss")))
    Simuls: an exhibitor's result is recorded; a player moves between sections only before it is.
    """
    for section in (source, target):
        if section.archived:
            return f"{section.name} is archived: nothing in it can change until it is restored."
        if section.system in TEAM_SYSTEMS:
            return f"{section.name} is a team event: its players are registered with their team."
        if section.rounds_paired:
            what = {
                "knockout": "its bracket is drawn",
                "simul-contest": "an exhibitor's result is recorded",
            }.get(section.system, "round 1 is already paired")
            return f"{section.name}: {what}; a player moves between sections only before it is."
    return None


def check_move(source: Section, target: Section) -> None:
    """:func:`move_problem` as an exception: :class:`SectionError` with its message.

    >>> try:
    ...     check_move(Section("Open A", "swiss"), Section("Blitz", "knockout", rounds_paired=1))
    ... except SectionError as e:
    ...     print(e)
    Blitz: its bracket is drawn; a player moves between sections only before it is.
    """
    problem = move_problem(source, target)
    if problem is not None:
        raise SectionError(problem)
