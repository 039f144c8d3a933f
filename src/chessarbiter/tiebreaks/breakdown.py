"""How a player's tie-break value is made, as text lines a player can check: for the Buchholz
family and SB each round's opponent (or the dummy or virtual opponent, and why), the score
counted for him, the contribution and what was cut; for the others, what each round gave.
"""

from __future__ import annotations

from chessarbiter.editions import TieBreakEdition
from chessarbiter.formatting import plain_number
from chessarbiter.model import PlayerId, Tournament
from chessarbiter.tiebreaks.context import Context
from chessarbiter.tiebreaks.individual import compute
from chessarbiter.tiebreaks.modifiers import cut_positions
from chessarbiter.tiebreaks.registry import Breakdown, TieBreak, lookup
from chessarbiter.tiebreaks.spec import TieBreakSpec
from chessarbiter.tiebreaks.unplayed import KINDS, Facts, edition_of, is_round_robin

__all__ = ["breakdown"]


def breakdown(
    tournament: Tournament,
    player: PlayerId,
    spec: TieBreakSpec,
    after_round: int | None = None,
    edition: TieBreakEdition | str = TieBreakEdition.C07_2026,
    round_robin: bool | None = None,
) -> list[str]:
    """How ``player``'s value of ``spec`` is made (see :func:`~chessarbiter.tiebreaks.compute`
    for the arguments): a heading with the value and the edition, then one line per round,
    as the tie-break's registration says (:class:`~chessarbiter.tiebreaks.registry.Breakdown`).

    >>> from chessarbiter.model import Player, Result, RoundEntry
    >>> from chessarbiter.tiebreaks.spec import parse
    >>> t = Tournament(total_rounds=2)
    >>> for n in (1, 2, 3):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> t.player(3).results.append(RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    >>> t.record_game(2, 3, 1, Result.DRAW)
    >>> t.player(2).results.append(RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    >>> for line in breakdown(t, 1, parse("BH")):
    ...     print(line)
    BH of player 1 (C.07 of 1 March 2026): 2.5
      round 1: opponent 2 scores 1 (counted 1)
      round 2: opponent 3 scores 1.5 (counted 1.5)

    :raises UnsupportedTieBreakError: for another edition, or a tie-break not registered.
    """
    chosen = edition_of(edition)
    tiebreak = lookup(spec.acronym)
    if round_robin is None:
        round_robin = is_round_robin(tournament)
    values = compute(tournament, [spec], after_round, chosen, round_robin)
    rounds = tournament.rounds_played if after_round is None else after_round
    value = plain_number(values[player][spec.name])
    head = f"{spec.name} of player {player} ({chosen.description}): {value}"
    ctx = Context(tournament, rounds, chosen, round_robin)
    facts = ctx.fore if tiebreak.last_round_drawn else ctx.facts
    if tiebreak.breakdown in (Breakdown.OPPONENT_SCORES, Breakdown.SCORE_PRODUCTS):
        return [head, *_contribution_lines(facts, player, spec, tiebreak)]
    return [head, *_round_lines(ctx, facts, player, tiebreak)]


def _contribution_lines(
    facts: Facts, player: PlayerId, spec: TieBreakSpec, tiebreak: TieBreak
) -> list[str]:
    """Per round of a tie-break of the opponents' scores (BH, FB, SB): the opponent, his score
    as counted (or the dummy or virtual opponent), the contribution, and whether it was cut."""
    contributions = facts.contributions(player)
    sb = tiebreak.breakdown is Breakdown.SCORE_PRODUCTS
    pairs = [((o * pts) if sb else o, v) for o, pts, v in contributions]
    cut = cut_positions(pairs, spec, [o for o, _, _ in contributions] if sb else None)
    lines = []
    for i, (row, (opp, pts, _vur)) in enumerate(
        zip(facts.by_player[player], contributions, strict=True)
    ):
        if facts.against_opponent(row):
            who = f"opponent {row.opponent} scores {plain_number(facts.score[row.opponent or 0])}"
        elif facts.legacy:
            who = f"{KINDS[row.category]}: virtual opponent (C.02 13.15.2)"
        else:
            who = f"{KINDS[row.category]}: dummy opponent (16.4)"
        if sb:
            part = f"{plain_number(opp)} x {plain_number(pts)} = {plain_number(opp * pts)}"
        else:
            part = plain_number(opp)
        mark = " - cut" if i in cut else ""
        lines.append(f"  round {i + 1}: {who} (counted {part}){mark}")
    return lines


def _round_lines(ctx: Context, facts: Facts, player: PlayerId, tiebreak: TieBreak) -> list[str]:
    """Per round, what another tie-break read: the opponent and his rating for the rating
    tie-breaks (or why the round is left out), the points otherwise; nothing for a value that
    is the player's own (TPN, RTNG)."""
    if tiebreak.breakdown is Breakdown.NONE:
        return []
    lines = []
    rating_based = tiebreak.breakdown is Breakdown.RATED_GAMES
    for i, row in enumerate(facts.by_player[player], start=1):
        what = KINDS.get(row.category, "game")
        if row.opponent is not None:
            what += f" against {row.opponent}"
        if rating_based:
            rating = ctx.rating.get(row.opponent) if row.opponent is not None else None
            if row.category != 0:
                note = "left out (not played over the board)"
            elif not rating:
                note = "left out (opponent unrated)"
            else:
                note = f"opponent rated {rating}, scored {plain_number(row.points)}"
        else:
            note = f"scored {plain_number(row.points)}"
        lines.append(f"  round {i}: {what}: {note}")
    return lines
