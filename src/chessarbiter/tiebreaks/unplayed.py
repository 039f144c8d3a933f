"""Unplayed rounds in the tie-breaks, per edition (:class:`~chessarbiter.editions.TieBreakEdition`).

* ``2026``: C.07 Art. 16 of 1 March 2026. Each unplayed round has a category (16.2); the
  opponents count the player's score adjusted (16.3: requested byes to the end and withdrawals as
  draws); the dummy opponent of an own unplayed round scores the player's final score, capped
  (16.4); voluntarily unplayed rounds are cut first (16.5).
* ``2023``: C.07 of 2023, as amended in 2024: the same, except that the dummy opponent's score is
  not capped.
* ``legacy``: C.02 13.15 (Virtual Opponent 13.15), in
  :mod:`~chessarbiter.tiebreaks.virtual_opponent`.

In every edition, a round robin (pre-determined pairings, C.07 15.2) counts a forfeit as a game
played; so does a Double-Swiss event for a single forfeited game of a regularly played match
(C.04.5 Preface: :func:`~chessarbiter.pairing.double_swiss.rules.forfeits_counted_as_played`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeAlias

from chessarbiter.editions import TieBreakEdition
from chessarbiter.model import PlayerId, Result, RoundEntry, Tournament
from chessarbiter.model.results import Colour
from chessarbiter.pairing.double_swiss.rules import forfeits_counted_as_played, is_double_swiss
from chessarbiter.tiebreaks import virtual_opponent
from chessarbiter.tiebreaks.registry import UnsupportedTieBreakError

ZERO = Decimal(0)

#: C.07 16.2: the categories of an unplayed round (0 is a game played over the board).
PAB_OR_FULL_BYE, FORFEIT_WIN, BYE_THEN_PLAY, FORFEIT_LOSS, BYE_TO_THE_END = 1, 2, 3, 4, 5

#: Each category as a breakdown names it.
KINDS = {
    PAB_OR_FULL_BYE: "bye (PAB or full point)",
    FORFEIT_WIN: "forfeit win",
    BYE_THEN_PLAY: "requested bye",
    FORFEIT_LOSS: "forfeit loss",
    BYE_TO_THE_END: "bye to the end / withdrawn",
}


def edition_of(value: TieBreakEdition | str) -> TieBreakEdition:
    """The tie-break edition named by ``value`` (an edition, or its value as stored or typed).

    >>> edition_of("legacy")
    <TieBreakEdition.LEGACY: 'legacy'>

    :raises UnsupportedTieBreakError: for an edition that is not computed.
    """
    try:
        return TieBreakEdition(value)
    except ValueError:
        raise UnsupportedTieBreakError(
            f"tie-break edition {value!r} is not computed yet; available: "
            + ", ".join(f"{e.value} ({e.description})" for e in TieBreakEdition)
        ) from None


def is_round_robin(tournament: Tournament) -> bool:
    """Pre-determined pairings (C.07 15.2), as the TRF ``092`` type names them."""
    return "robin" in tournament.tournament_type.lower()


def is_voluntarily_unplayed(entry: RoundEntry) -> bool:
    """C.07 16.1: a voluntary unplayed round: a requested (half- or zero-point) bye, a round
    not paired (every round after a withdrawal counts as a zero-point bye), or a forfeit loss."""
    r = entry.result
    if r is None:
        return entry.opponent is None
    return r in (Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE, Result.FORFEIT_LOSS)


def unplayed_categories(entries: Sequence[RoundEntry]) -> list[int]:
    """C.07 16.2: the category of each round (0 for a game played over the board):
    1 PAB or full-point bye, 2 forfeit win, 3 requested bye followed by at least one round
    that is not voluntarily unplayed, 4 forfeit loss, 5 requested bye followed only by
    voluntarily unplayed rounds, or in the last round (this covers withdrawals).

    >>> bye, loss = RoundEntry.bye(Result.HALF_POINT_BYE), RoundEntry(2, Colour.BLACK, Result.LOSS)
    >>> unplayed_categories([bye, loss, bye, RoundEntry(3, Colour.NONE, Result.FORFEIT_LOSS)])
    [3, 0, 5, 4]
    """
    categories = []
    later_non_vur = [False] * (len(entries) + 1)
    for i in range(len(entries) - 1, -1, -1):
        later_non_vur[i] = later_non_vur[i + 1] or not is_voluntarily_unplayed(entries[i])
    for i, e in enumerate(entries):
        r = e.result
        if e.is_played:
            categories.append(0)
        elif r in (Result.PAIRING_ALLOCATED_BYE, Result.FULL_POINT_BYE):
            categories.append(PAB_OR_FULL_BYE)
        elif r is Result.FORFEIT_WIN:
            categories.append(FORFEIT_WIN)
        elif r is Result.FORFEIT_LOSS:
            categories.append(FORFEIT_LOSS)
        else:  # a requested bye, or not paired
            categories.append(BYE_THEN_PLAY if later_non_vur[i + 1] else BYE_TO_THE_END)
    return categories


@dataclass(slots=True)
class Round:
    """One round of one player as the tie-breaks see it."""

    points: Decimal
    opponent: PlayerId | None  # the scheduled opponent (forfeits included)
    category: int  # 0: played over the board, else the category of C.07 16.2
    colour: Colour
    vur: bool  # voluntarily unplayed (16.1)


#: One round's contribution to the opponents' scores tie-breaks: (the opponent's score as
#: counted, the points scored, voluntarily unplayed - cut first by C.07 16.5).
Contribution: TypeAlias = tuple[Decimal, Decimal, bool]


class Facts:
    """Every player's rounds, final score, adjusted score (16.3) and the opponent's score each
    round contributes (the dummy opponent of 16.4, or the legacy virtual opponent), under one
    edition, after ``rounds`` rounds.

    ``fore``: C.07 8.3 (Fore Buchholz): the games of the last round count as draws.
    ``round_robin``: pre-determined pairings (C.07 15.2): forfeits count as played (not for
    ratings; forfeit losses not for type-B tie-breaks).
    """

    def __init__(
        self,
        tournament: Tournament,
        rounds: int,
        edition: TieBreakEdition,
        fore: bool = False,
        round_robin: bool = False,
    ) -> None:
        ps = tournament.point_system
        self.edition = edition
        self.capped = edition is TieBreakEdition.C07_2026
        self.legacy = edition is TieBreakEdition.LEGACY
        self.round_robin = round_robin
        self._contributions: dict[PlayerId, list[Contribution]] = {}
        self.win, self.draw = ps.win, ps.draw
        self.rounds = rounds
        self.by_player: dict[PlayerId, list[Round]] = {}
        self.score: dict[PlayerId, Decimal] = {}
        self.adjusted: dict[PlayerId, Decimal] = {}
        played_forfeits = (
            forfeits_counted_as_played(tournament, rounds)
            if is_double_swiss(tournament)
            else frozenset()
        )
        for p in tournament:
            entries = [p.entry(r) for r in range(1, rounds + 1)]
            cats = unplayed_categories(entries)
            if played_forfeits:
                cats = [
                    0 if (p.number, r) in played_forfeits else c
                    for r, c in enumerate(cats, start=1)
                ]
            rows = [
                Round(ps.points(e), e.opponent, c, e.colour, c != 0 and is_voluntarily_unplayed(e))
                for e, c in zip(entries, cats, strict=True)
            ]
            if fore and rows and rows[-1].category == 0:
                rows[-1].points = ps.draw  # C.07 8.3: the last round's games drawn
            self.by_player[p.number] = rows
            self.score[p.number] = sum((r.points for r in rows), ZERO)
            self.adjusted[p.number] = self.adjusted_score(rows)

    def adjusted_score(self, rows: list[Round]) -> Decimal:
        """C.07 16.3 (2023, 2026): the score as the opponents see it: categories 1-4 at the
        points awarded, category 5 (requested byes to the end, withdrawal) as draws; so in a
        round robin (15.2). Legacy: :func:`virtual_opponent.adjusted_score`."""
        if self.legacy and not self.round_robin:
            return virtual_opponent.adjusted_score(
                [(r.points, r.category == 0) for r in rows], self.draw
            )
        return sum((self.draw if r.category == BYE_TO_THE_END else r.points for r in rows), ZERO)

    def dummy_score(self, player: PlayerId, row: Round) -> Decimal:
        """C.07 16.4: the dummy opponent of an unplayed round scores the player's own final
        score (2023/2024); in 2026 capped for a forfeit (16.4.1) at the scheduled opponent's
        adjusted score and otherwise (16.4.2) at a draw in every round."""
        own = self.score[player]
        if self.legacy:
            raise AssertionError("legacy rounds use virtual_opponent.score")
        if not self.capped:
            return own
        if row.category in (FORFEIT_WIN, FORFEIT_LOSS) and row.opponent is not None:
            cap = self.adjusted.get(row.opponent, own)
        else:
            cap = self.draw * self.rounds
        return min(own, cap)

    def counts_as_played(self, row: Round, type_b: bool = False) -> bool:
        """C.07 15.2: in a round robin a forfeit counts as a game played (for a type-B
        tie-break only a forfeit win); otherwise only games played over the board."""
        if row.category == 0:
            return True
        if not self.round_robin:
            return False
        return row.category == FORFEIT_WIN or (row.category == FORFEIT_LOSS and not type_b)

    def against_opponent(self, row: Round) -> bool:
        """The round counts the scheduled opponent's own score (a game played, or a forfeit
        in a round robin), not a dummy or virtual opponent's."""
        return row.category == 0 or (self.counts_as_played(row) and row.opponent is not None)

    def contributions(self, player: PlayerId) -> list[Contribution]:
        """Per round: (opponent's score as counted, points scored, voluntarily unplayed —
        cut first by C.07 16.5; never so in the legacy rules). Computed once per player."""
        known = self._contributions.get(player)
        if known is None:
            known = self._contributions[player] = self._contributions_of(player)
        return known

    def _contributions_of(self, player: PlayerId) -> list[Contribution]:
        out = []
        rows = self.by_player[player]
        for i, row in enumerate(rows):
            if self.against_opponent(row):
                assert row.opponent is not None
                opp = self.adjusted[row.opponent]
            elif self.legacy:
                points = [r.points for r in rows]
                score = virtual_opponent.score(points, i, self.win, self.draw, self.rounds)
                out.append((score, row.points, False))
                continue
            else:
                opp = self.dummy_score(player, row)
            out.append(
                (opp, row.points, row.category in (BYE_THEN_PLAY, FORFEIT_LOSS, BYE_TO_THE_END))
            )
        return out
