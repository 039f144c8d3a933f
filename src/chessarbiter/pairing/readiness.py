"""Whether a round may be paired: the results of every earlier round must be known.

A Swiss round is paired from the scores, colours and floats after the previous rounds (C.04.1
"Basic rules for Swiss Systems", C.04.2 "General handling rules": the pairing of a round is
made once the results of the previous round are in). A game still without a result leaves
those unknown, so pairing over it would give the next round on guessed scores; bbpPairings
refuses such a file too. :func:`check_ready_to_pair` is the one test, for the command line
(``chessarbiter pair``, ``chessarbiter --dutch FILE -p``) and the web application.

>>> from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
>>> t = Tournament(total_rounds=5)
>>> for n in (1, 2, 3, 4):
...     _ = t.add_player(Player(n, f"P{n}"))
>>> t.record_game(1, 1, 2, Result.WIN)
>>> t.player(3).set_entry(1, RoundEntry(4, Colour.WHITE, None))
>>> t.player(4).set_entry(1, RoundEntry(3, Colour.BLACK, None))
>>> check_ready_to_pair(t, 2)
Traceback (most recent call last):
...
chessarbiter.pairing.readiness.IncompleteRoundError: round 1 is not finished: the game 3-4 \
has no result; a round is paired only when the results of the previous rounds are known \
(C.04.1, C.04.2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from chessarbiter.errors import PairingError
from chessarbiter.model import PlayerId, Tournament

SHOWN_GAMES: Final = 20
"""How many games without a result an :class:`IncompleteRoundError` names; the rest are
counted."""


@dataclass(frozen=True, slots=True)
class PendingGame:
    """A game of ``round`` paired but without a result: White and Black by pairing number (for
    a game recorded without colours, the lower number first)."""

    round: int
    white: PlayerId
    black: PlayerId

    def __str__(self) -> str:
        return f"{self.white}-{self.black}"


class IncompleteRoundError(PairingError):
    """A round is asked to be paired while an earlier round has games without a result.

    ``round`` is the earliest unfinished round, ``games`` its games without a result (White
    first, in order of the lower pairing number of the two players).
    """

    def __init__(self, round_number: int, games: tuple[PendingGame, ...]) -> None:
        self.round = round_number
        self.games = games
        super().__init__(_message(round_number, games))


def _message(round_number: int, games: tuple[PendingGame, ...]) -> str:
    shown = ", ".join(str(g) for g in games[:SHOWN_GAMES])
    if len(games) > SHOWN_GAMES:
        shown += f" and {len(games) - SHOWN_GAMES} more"
    what = f"the game {shown} has" if len(games) == 1 else f"{len(games)} games have"
    listing = "" if len(games) == 1 else f" (White-Black: {shown})"
    return (
        f"round {round_number} is not finished: {what} no result{listing}; a round is paired "
        "only when the results of the previous rounds are known (C.04.1, C.04.2)"
    )


def pending_games(tournament: Tournament, round_number: int) -> tuple[PendingGame, ...]:
    """The games of ``round_number`` paired but without a result, each once (White first; a
    game recorded without colours with the lower number first), ordered by the lower pairing
    number of the two players."""
    found: dict[tuple[PlayerId, PlayerId], PendingGame] = {}
    for player in tournament:
        entry = player.entry(round_number)
        if entry.is_pending:
            white, black = entry.white_and_black(player.number)
            key = (min(white, black), max(white, black))
            found.setdefault(key, PendingGame(round_number, white, black))
    return tuple(found[key] for key in sorted(found))


def check_ready_to_pair(tournament: Tournament, round_number: int) -> None:
    """Refuse to pair ``round_number`` while a game of an earlier round has no result.

    C.04.1 and C.04.2: a Swiss round is paired on the scores, colours and floats after the
    previous rounds, so only once their results are known (bbpPairings refuses such a file
    too). Byes and absences are results; a forfeit is a result; only a game with an opponent
    and no result code stops the pairing.

    :raises IncompleteRoundError: naming the earliest unfinished round and its games without a
        result (as ``White-Black`` pairing numbers).
    """
    for r in range(1, round_number):
        games = pending_games(tournament, r)
        if games:
            raise IncompleteRoundError(r, games)
