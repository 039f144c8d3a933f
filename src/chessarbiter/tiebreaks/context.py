"""What the tie-break functions read of one tournament after one round, computed once for a
whole table: the rounds as C.07 Art. 16 counts them
(:class:`~chessarbiter.tiebreaks.unplayed.Facts`), the ratings (C.07 10), and what several
tie-breaks share (the Fore Buchholz rounds, each player's Buchholz and performances).
"""

from __future__ import annotations

from decimal import Decimal

from chessarbiter.editions import TieBreakEdition
from chessarbiter.model import PlayerId, Tournament
from chessarbiter.tiebreaks.ratings import Performances
from chessarbiter.tiebreaks.unplayed import ZERO, Facts

__all__ = ["Context"]


class Context:
    """One tournament after ``rounds`` rounds under one tie-break ``edition``.

    ``round_robin``: pre-determined pairings (C.07 15.2). ``unrated_rating``: the rating the
    regulations give unrated players (C.07 10: left out unless the regulations say how).
    """

    def __init__(
        self,
        tournament: Tournament,
        rounds: int,
        edition: TieBreakEdition,
        round_robin: bool,
        unrated_rating: int | None = None,
    ) -> None:
        self.tournament = tournament
        self.rounds = rounds
        self.edition = edition
        self.round_robin = round_robin
        self.facts = Facts(tournament, rounds, edition, round_robin=round_robin)
        #: The first (FIDE) rating of each player; unrated players have none, or the rating
        #: the regulations give them.
        self.rating: dict[PlayerId, int | None] = {
            p.number: p.rating or unrated_rating for p in tournament
        }
        self.performances = Performances(self.facts, self.rating)
        self._fore: Facts | None = None
        self._buchholz: dict[tuple[bool, PlayerId], Decimal] = {}

    @property
    def fore(self) -> Facts:
        """The rounds with the last round's games drawn (C.07 8.3), made on first use."""
        if self._fore is None:
            self._fore = Facts(
                self.tournament, self.rounds, self.edition, fore=True, round_robin=self.round_robin
            )
        return self._fore

    def buchholz(self, player: PlayerId, fore: bool = False) -> Decimal:
        """C.07 8.1: the plain Buchholz of ``player`` (no cut), or with ``fore`` his Fore
        Buchholz (8.3), as AOB (8.2) averages them; once each."""
        key = (fore, player)
        if key not in self._buchholz:
            facts = self.fore if fore else self.facts
            self._buchholz[key] = sum((o for o, _, _ in facts.contributions(player)), ZERO)
        return self._buchholz[key]
