"""The entry of a player the pairing of a round leaves without an opponent, per pairing system.

* A Swiss system (C.04.1 c): the pairing-allocated bye, TRF ``U``, scored as
  the event's point system gives it (a win unless the regulations say otherwise).
* A round robin (C.05 Annex 1): the free round of the player who meets the dummy number in an
  odd field, TRF ``Z``: no opponent, no colour, no points
  (:func:`chessarbiter.pairing.roundrobin.record_round_robin_bye`); so too a tournament of
  consultation groups, a round robin of the groups (:mod:`chessarbiter.special.consultation`).

And the entry of a player who did not check in before round 1: a known absence, TRF ``Z``
(:func:`absent_at_check_in`, C.04.2).

>>> bye_result("swiss").value, bye_result("roundrobin").value
('U', 'Z')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from chessarbiter.errors import PairingError
from chessarbiter.model import PlayerId, Result, RoundEntry, Tournament

#: The result of the board without an opponent, by the system names of
#: :data:`chessarbiter.event_settings.SYSTEMS` that pair individual rounds.
BYE_RESULTS: Final = {
    "swiss": Result.PAIRING_ALLOCATED_BYE,
    "roundrobin": Result.ZERO_POINT_BYE,
    "consultation": Result.ZERO_POINT_BYE,
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


# -- check-in before round 1 ---------------------------------------------------------------

#: The systems whose round 1 pairs only the players present at check-in: the Swiss systems,
#: which pair round by round whoever is there. A round robin's table is drawn once for the
#: whole field (C.05), and a knockout bracket or a team event is drawn from its entries.
CHECK_IN_SYSTEMS: Final = ("swiss",)
#: Players needed to pair a round at all.
MIN_PRESENT: Final = 2


@dataclass(frozen=True, slots=True)
class CheckIn:
    """Who of the players due in round 1 checked in (``present``) and who did not
    (``absent``), by pairing number in ascending order."""

    present: tuple[PlayerId, ...]
    absent: tuple[PlayerId, ...]


def check_in_system(system: str) -> str:
    """``system`` if round 1 of it can pair only the players present at check-in
    (:data:`CHECK_IN_SYSTEMS`).

    >>> check_in_system("swiss")
    'swiss'
    >>> check_in_system("roundrobin")
    Traceback (most recent call last):
    ...
    chessarbiter.errors.PairingError: check-in before round 1 is for a Swiss system: a \
'roundrobin' event is drawn for all its players at once
    """
    if system not in CHECK_IN_SYSTEMS:
        raise PairingError(
            f"check-in before round 1 is for a Swiss system: a {system!r} event is drawn for "
            "all its players at once"
        )
    return system


def check_in(tournament: Tournament, checked_in: Iterable[PlayerId]) -> CheckIn:
    """The players due in round 1 split into those who checked in and those who did not.

    Due in round 1: every player of ``tournament`` without an entry for round 1 yet, not
    named absent for it (:attr:`~chessarbiter.model.Tournament.absent_next_round`: a late
    entry, a withdrawal) and without a bye requested for it
    (:attr:`~chessarbiter.model.Tournament.bye_requests`: his request already decides his
    round). Numbers in ``checked_in`` that are not due are ignored.

    :raises PairingError: when round 1 is paired already (check-in is before round 1).
    """
    if tournament.rounds_played > 0:
        raise PairingError("check-in is before round 1, and round 1 is paired already")
    excused = set(tournament.absent_next_round) | {p.number for p in tournament if p.results}
    for request in tournament.bye_requests:
        if request.round == 1:
            excused.update(request.players)
    due = sorted(p.number for p in tournament if p.number not in excused)
    here = set(checked_in)
    return CheckIn(
        tuple(n for n in due if n in here),
        tuple(n for n in due if n not in here),
    )


def absent_at_check_in(
    tournament: Tournament, checked_in: Iterable[PlayerId], system: str = "swiss"
) -> dict[PlayerId, RoundEntry]:
    """The players due in round 1 (see :func:`check_in`) who did not check in before it, each
    with his round-1 entry: a zero-point bye (TRF ``Z``), no opponent, no colour, no points.

    The rule: a player known to be absent from a round is not paired in it and scores zero,
    unless the regulations say otherwise (C.04.2 D (2017); C.04.2 art. 3.3 (2026)); before
    the draw of round 1 the arbiter has the players confirm their presence (C.04.2 art. 4.1
    (2026)), and a player not present at the drawing of lots may be excluded (C.04.2 C
    (2017)). The organiser's check-in applies this: only the players checked in are paired in
    round 1, the others are recorded as known absentees of that round. They stay registered:
    a player who arrives later is paired from round 2 on, like a late entry (C.04.2 C; 2026
    art. 2.4), unless the arbiter withdraws him.

    >>> from chessarbiter.model import Player
    >>> t = Tournament(total_rounds=5)
    >>> for n in range(1, 6):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> {n: e.result.value for n, e in absent_at_check_in(t, [1, 2, 4]).items()}
    {3: 'Z', 5: 'Z'}
    >>> absent_at_check_in(t, [2])
    Traceback (most recent call last):
    ...
    chessarbiter.errors.PairingError: only 1 of the 5 players due in round 1 checked in: at \
least 2 are needed to pair it

    :raises PairingError: for a system that does not pair round 1 by check-in
        (:func:`check_in_system`), when round 1 is paired already, and when fewer than
        :data:`MIN_PRESENT` players are present.
    """
    check_in_system(system)
    split = check_in(tournament, checked_in)
    if len(split.present) < MIN_PRESENT:
        due = len(split.present) + len(split.absent)
        raise PairingError(
            f"only {len(split.present)} of the {due} players due in round 1 checked in: "
            f"at least {MIN_PRESENT} are needed to pair it"
        )
    return {n: RoundEntry.bye(Result.ZERO_POINT_BYE) for n in split.absent}
