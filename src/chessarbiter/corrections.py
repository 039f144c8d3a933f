"""Corrections of results after later rounds were paired.

A Swiss round is paired on the scores *before* the round (C.04.1 e, 2026 art. 5: players are
paired with players on the same score), on the colours and floats of the games played so far
(C.04.2 D.5, 2026 art. 3.4) and on who has met whom or had the pairing-allocated bye
(C.04.1 b and d, 2026 art. 2 and 4). A result corrected once later rounds are paired changes
those facts, but a published pairing stands: a correction made after the announced deadline
affects only the pairings not yet made (C.04.2 D, 2026 art. 4.3). The arbiter is told which
pairings were made with the old result, so that he can judge and record it.

A round robin's later rounds come from the Berger tables (C.05), not from scores: the question
does not arise there.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from chessarbiter.errors import TournamentError
from chessarbiter.model import PlayerId, Tournament

__all__ = ["LaterPairing", "pairings_after"]


@dataclass(frozen=True, slots=True)
class LaterPairing:
    """A pairing of a round after the corrected one that involved a player of the corrected
    game: ``white`` against ``black`` (``black`` is ``None`` for the pairing-allocated bye),
    on ``board`` when the caller knows the board (the tournament model does not)."""

    round: int
    white: PlayerId
    black: PlayerId | None
    board: int | None = None


def pairings_after(
    t: Tournament, round_number: int, players: Iterable[PlayerId]
) -> list[LaterPairing]:
    """The pairings of the rounds after ``round_number`` that were made with the old result of
    ``players`` (the two players of a corrected game, or the one of a corrected bye).

    Each round ``r > round_number`` in which one of them was paired, that is had an opponent or
    the pairing-allocated bye (C.04.1 c-d, 2026 art. 3-4), gives one :class:`LaterPairing`; a
    later game between the two of them is listed once. Requested byes and absences are not
    pairings and are not listed. In round order, then by white's pairing number.

    C.04.1 e (2026 art. 5): players are paired on their score before the round, so these
    pairings used the score (and, for a forfeit, the colours and the meetings of C.04.2 D.5,
    2026 art. 3.4-3.5) the correction changed. C.04.2 D (2026 art. 4.3): they stand; only the
    pairings not yet made follow the corrected result.

    >>> from chessarbiter.model import Player, Result
    >>> t = Tournament(total_rounds=3)
    >>> for n in range(1, 5):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> t.record_game(1, 3, 4, Result.WIN)
    >>> t.record_game(2, 3, 1, Result.DRAW)
    >>> t.record_game(2, 2, 4, Result.WIN)
    >>> [(p.round, p.white, p.black) for p in pairings_after(t, 1, (1, 2))]
    [(2, 2, 4), (2, 3, 1)]
    >>> pairings_after(t, 2, (1, 3))
    []

    :raises TournamentError: if ``round_number`` is not a round number (1 or more).
    :raises UnknownPlayerError: if a player is not in the tournament.
    """
    if round_number < 1:
        raise TournamentError(f"rounds are numbered from 1, not {round_number}")
    wanted = [t.player(number) for number in dict.fromkeys(players)]
    found: set[tuple[int, PlayerId, PlayerId | None]] = set()
    for player in wanted:
        for r in range(round_number + 1, len(player.results) + 1):
            entry = player.entry(r)
            if entry.opponent is not None:
                found.add((r, *entry.white_and_black(player.number)))
            elif entry.received_pab:
                found.add((r, player.number, None))
    return [
        LaterPairing(r, white, black)
        for r, white, black in sorted(found, key=lambda f: (f[0], f[1], f[2] or 0))
    ]
