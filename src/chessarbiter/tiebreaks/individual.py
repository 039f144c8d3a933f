"""The individual tie-breaks of a tournament, every value of every player at once
(:func:`compute`), and as columns of the standings (:func:`for_standings`).

Each tie-break is the function registered under its acronym
(:mod:`~chessarbiter.tiebreaks.registry`); what they share — the rounds as C.07 Art. 16
counts them, the ratings, the Buchholz of every player — is computed once per table
(:class:`~chessarbiter.tiebreaks.context.Context`), so many tie-breaks for many players cost a
few passes, not one per value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from chessarbiter.editions import TieBreakEdition
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import PlayerId, Tournament
from chessarbiter.tiebreaks.context import Context
from chessarbiter.tiebreaks.registry import lookup
from chessarbiter.tiebreaks.spec import TieBreakSpec
from chessarbiter.tiebreaks.unplayed import ZERO, edition_of, is_round_robin

__all__ = ["ComputedTieBreak", "compute", "for_standings"]


def compute(
    tournament: Tournament,
    specs: Iterable[TieBreakSpec],
    after_round: int | None = None,
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
    round_robin: bool | None = None,
    unrated_rating: int | None = None,
) -> dict[PlayerId, dict[str, Decimal]]:
    """Every player's value of every tie-break in ``specs`` after ``after_round`` (default:
    every round paired), as ``{pairing number: {name: value}}``; rating tie-breaks with no
    rated opponent give 0.

    ``edition`` (:class:`~chessarbiter.editions.TieBreakEdition`, or its value): the rules for
    unplayed rounds, C.07 of 1 March 2026 (the default), C.07 of 2023 as amended in 2024 (the
    dummy opponent scores the player's own score, uncapped) or the legacy C.02 13.15 (a virtual
    opponent for each own unplayed round, every unplayed round of an opponent counted as a draw).

    ``round_robin``: pre-determined pairings (C.07 15.2); by default, when the TRF ``092``
    type names a round robin. ``unrated_rating``: the rating the regulations give unrated
    players for the rating tie-breaks (C.07 10; by default they are left out).

    >>> from chessarbiter.model import Player, Result
    >>> from chessarbiter.tiebreaks.spec import parse
    >>> t = Tournament(total_rounds=1)
    >>> for n in (1, 2):
    ...     _ = t.add_player(Player(n, f"P{n}", rating=2000 + n))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> values = compute(t, [parse("BH"), parse("WON")])
    >>> values[1]["BH"], values[1]["WON"], values[2]["BH"]
    (Decimal('0'), Decimal('1'), Decimal('1'))

    :raises UnsupportedTieBreakError: for another edition, or a tie-break not registered.
    """
    chosen = edition_of(edition)
    specs = list(specs)
    tiebreaks = [lookup(s.acronym) for s in specs]
    rounds = tournament.rounds_played if after_round is None else after_round
    if round_robin is None:
        round_robin = is_round_robin(tournament)
    ctx = Context(tournament, rounds, chosen, round_robin, unrated_rating)
    out: dict[PlayerId, dict[str, Decimal]] = {}
    for p in tournament:
        values: dict[str, Decimal] = {}
        for spec, tiebreak in zip(specs, tiebreaks, strict=True):
            # a whole-column tie-break keeps its place, and is set below
            values[spec.name] = (
                tiebreak.value(ctx, p.number, spec) if tiebreak.value is not None else ZERO
            )
        out[p.number] = values
    for index, (spec, tiebreak) in enumerate(zip(specs, tiebreaks, strict=True)):
        if tiebreak.column is not None:
            tiebreak.column(ctx, spec, specs[:index], out)
    return out


@dataclass(frozen=True, slots=True)
class ComputedTieBreak:
    """One column of a table made by :func:`for_standings`: the
    :class:`~chessarbiter.standings.TieBreak` interface over values already computed."""

    name: str
    table: dict[PlayerId, dict[str, Decimal]]
    tournament_id: int
    rounds: int
    #: A lower value ranks higher (DE: a rank inside the tied group).
    ascending: bool = False

    def value(self, tournament: Tournament, player: PlayerId, after_round: int) -> Decimal:
        if id(tournament) != self.tournament_id or after_round != self.rounds:
            raise ChessArbiterError(
                f"tie-break {self.name} was computed for another tournament or round"
            )
        return self.table[player][self.name]


def for_standings(
    tournament: Tournament,
    specs: Sequence[TieBreakSpec],
    after_round: int | None = None,
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
    unrated_rating: int | None = None,
) -> list[ComputedTieBreak]:
    """The tie-breaks of ``specs`` for :func:`chessarbiter.standings.standings` of
    ``tournament`` after ``after_round`` (computed once, here; see :func:`compute`), each
    ranking as registered (ascending for DE and TPN) unless ``/R`` reverses it."""
    rounds = tournament.rounds_played if after_round is None else after_round
    table = compute(tournament, specs, rounds, edition, unrated_rating=unrated_rating)
    return [
        ComputedTieBreak(
            s.name, table, id(tournament), rounds, lookup(s.acronym).ascending != s.reverse
        )
        for s in specs
    ]
