"""Checking a played Double-Swiss event against the C.04.5 engine, match by match (the
checker's ``--double-swiss FILE -c``), and the check-list of a match (``-l``).

The event's columns are first read as whole matches (two game columns each:
:mod:`chessarbiter.pairing.double_swiss.rules`); a malformed match stops the check with a
:class:`chessarbiter.pairing.double_swiss.rules.MatchError` naming the player, the match and
the rounds. Then every match is re-paired from the position before
it -- the matches before it as played; in it, only the entries of players the pairing did not
place (byes given in advance, absences) -- and compared with what was played: the pairs, the
colours of game 1 (the match's colours, 4.4) and the pairing-allocated bye. A game recorded
without colours takes its colours from the other game of the match; a match with no colour at
all matches either colour. The result is in the Dutch checker's terms
(:class:`~chessarbiter.pairing.dutch.checker.RoundCheck`, ``RoundDifference``), with the match
number as the round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from chessarbiter.editions import DoubleSwissEdition
from chessarbiter.model import Colour, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.pairing.double_swiss.engine import (
    initial_colour_of,
    matches_paired,
    pair_round,
    players_before,
    points_text,
    total_matches,
)
from chessarbiter.pairing.double_swiss.rules import (
    match_columns,
    may_receive_pab,
    read_match,
    scoregroups,
)
from chessarbiter.pairing.dutch.checker import (
    Pair,
    RoundCheck,
    RoundDifference,
    players_before_round,
)
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing


def _placed(entry: RoundEntry) -> bool:
    """The pairing placed the player: an opponent or the pairing-allocated bye."""
    return entry.opponent is not None or entry.result is Result.PAIRING_ALLOCATED_BYE


def tournament_before_match(tournament: Tournament, match: int, initial: Colour) -> Tournament:
    """The event as it stood before match ``match`` was paired: the matches before it as
    played; in it, the entries of the players the pairing did not place; nothing after it.
    The initial colour is set (``initial``) so that every position pairs alike."""
    first, _ = match_columns(match)
    return dataclasses.replace(
        tournament,
        players=players_before_round(tournament, first, placed=_placed),
        absent_next_round=[],
        total_rounds=tournament.total_rounds or 2 * matches_paired(tournament),
        initial_colour=initial,
    )


def played_match(tournament: Tournament, match: int) -> list[tuple[Pair, bool]]:
    """What the event paired in match ``match``: each pair as ``((white, black), colours
    known)`` with game 1's colours (from game 2 reversed when game 1 has none), then the
    pairing-allocated bye as ``((player, 0), True)``."""
    pairs: dict[frozenset[int], tuple[Pair, bool]] = {}
    byes: list[tuple[Pair, bool]] = []
    first, second = match_columns(match)
    for p in tournament:
        e1, e2 = p.entry(first), p.entry(second)
        if e1.opponent is None:
            if e1.result is Result.PAIRING_ALLOCATED_BYE:
                byes.append(((p.number, 0), True))
            continue
        key = frozenset((p.number, e1.opponent))
        colour = e1.colour if e1.colour is not Colour.NONE else e2.colour.opposite
        if colour is Colour.NONE:
            found: tuple[Pair, bool] = ((min(key), max(key)), False)
        elif colour is Colour.WHITE:
            found = ((p.number, e1.opponent), True)
        else:
            found = ((e1.opponent, p.number), True)
        if key not in pairs or not pairs[key][1]:
            pairs[key] = found
    return [*pairs.values(), *byes]


def compare_match(
    match: int, pairing: RoundPairing | None, played: list[tuple[Pair, bool]]
) -> RoundDifference | None:
    """The difference between the engine's match ``pairing`` and the ``played`` pairs, or
    ``None`` when they are the same pairs with the same colours and the same bye."""
    if pairing is None:
        return RoundDifference(match, (), tuple(p for p, _ in played), no_valid_pairing=True)
    engine: list[Pair] = [(b.white, b.black) for b in pairing.boards]
    if pairing.bye is not None:
        engine.append((pairing.bye, 0))
    remaining = {frozenset(p): (p, known) for p, known in played}
    engine_only: list[Pair] = []
    for pair in engine:
        found = remaining.get(frozenset(pair))
        if found is not None and (not found[1] or found[0] == pair):
            del remaining[frozenset(pair)]
        else:
            engine_only.append(pair)
    if not engine_only and not remaining:
        return None
    return RoundDifference(match, tuple(engine_only), tuple(p for p, _ in remaining.values()))


def check_rounds(
    tournament: Tournament,
    edition: DoubleSwissEdition = DoubleSwissEdition.DOUBLE_SWISS_2026,
    matcher: MatcherFactory | None = None,
) -> Iterator[RoundCheck]:
    """Re-pair every played match of ``tournament`` by C.04.5 and compare (see the module
    docstring); each :class:`RoundCheck`'s round is the match number.

    :raises chessarbiter.pairing.double_swiss.rules.MatchError: when the columns are not
        whole matches.
    :raises PairingError: when the event cannot be paired as given (number of rounds).
    """
    total_matches(tournament)
    paired = matches_paired(tournament)
    _, histories = players_before(tournament, paired)  # every match read: malformed ones raise
    initial = initial_colour_of(tournament, histories)
    for k in range(1, paired + 1):
        before = tournament_before_match(tournament, k, initial)
        first, _ = match_columns(k)
        if all(len(p.results) >= first for p in before):
            yield RoundCheck(k, before, RoundPairing(k, ()), None)
            continue
        pairing: RoundPairing | None
        try:
            pairing = pair_round(before, edition, matcher=matcher)
        except NoValidPairingError:
            pairing = None
        yield RoundCheck(k, before, pairing, compare_match(k, pairing, played_match(tournament, k)))


def check_tournament(
    tournament: Tournament,
    edition: DoubleSwissEdition = DoubleSwissEdition.DOUBLE_SWISS_2026,
    matcher: MatcherFactory | None = None,
) -> list[RoundDifference]:
    """Every match where the engine does not pair as ``tournament`` was paired (empty when the
    whole event follows C.04.5)."""
    return [
        c.difference for c in check_rounds(tournament, edition, matcher) if c.difference is not None
    ]


def repeated_pairings(tournament: Tournament) -> list[tuple[int, PlayerId, PlayerId]]:
    """Every match ``(match, a, b)`` in which two players met again after a regularly played
    match ([C1]; a pair whose earlier match was forfeited, Preface, may meet again)."""
    paired = matches_paired(tournament)
    met: set[frozenset[int]] = set()
    out: list[tuple[int, PlayerId, PlayerId]] = []
    for k in range(1, paired + 1):
        for p in tournament:
            m = read_match(tournament, p.number, k)
            if m.opponent is None or p.number > m.opponent:
                continue
            key = frozenset((p.number, m.opponent))
            if key in met:
                out.append((k, p.number, m.opponent))
            if m.regular:
                met.add(key)
    return out


def checklist(tournament: Tournament, pairing: RoundPairing | None = None) -> str:
    """The check-list of the match to be paired (``-l``), in bbpPairings' layout: by
    scoregroup, each player's TPN, score, match colours (game 1, 1.6), [C2] PAB eligibility
    (``Y``/``N``), whether he was a floater in the previous round (``F``, 1.5), the pairing
    (opponent and colour, or ``(bye)``) and the opponents of each match."""
    paired = matches_paired(tournament)
    states, histories = players_before(tournament, paired)
    current: dict[PlayerId, str] = {}
    if pairing is not None:
        for b in pairing.boards:
            current[b.white] = f"({b.black}W)"
            current[b.black] = f"({b.white}B)"
        if pairing.bye is not None:
            current[pairing.bye] = "(bye)"
    header = ["ID", "Pts", "Colours", "C2", "1.5", "Cur", ""]
    header += [f"M{k}" for k in range(1, paired + 1)]
    rows: list[list[str]] = []
    for group in scoregroups(states.values()):
        for p in sorted(group, key=lambda q: q.tpn):
            rows.append(
                [
                    str(p.tpn),
                    points_text(p.score),
                    "".join("W" if c is Colour.WHITE else "B" for c in p.colours),
                    "Y" if may_receive_pab(p) else "N",
                    "F" if p.floated else "",
                    current.get(p.tpn, ""),
                    "",
                    *(str(m.opponent) if m.opponent is not None else "" for m in histories[p.tpn]),
                ]
            )
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "".join(f"{c:>{w}}\t" for c, w in zip(cells, widths, strict=True))

    out = ["\n", line(header)]
    previous: str | None = None
    for row in rows:
        out.append("\n")
        if row[1] != previous:
            out.append("\n")
        out.append(line(row))
        previous = row[1]
    out.append("\n\n\n")
    return "".join(out)


__all__ = [
    "check_rounds",
    "check_tournament",
    "checklist",
    "compare_match",
    "played_match",
    "repeated_pairings",
    "tournament_before_match",
]
