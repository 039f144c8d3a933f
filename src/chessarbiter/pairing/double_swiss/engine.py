"""The Double-Swiss pairing procedure (C.04.5 Art. 3, applied from 1 February 2026) on the
model's encoding of matches (two game columns per match:
:mod:`chessarbiter.pairing.double_swiss.rules`).

:func:`pair_round` pairs the next **match** of an event: the :class:`RoundPairing`'s ``round``
is the match number and its boards give game 1's colours (4.4); :func:`game_rounds` turns it
into the two game rounds (round columns ``2k-1`` and ``2k``) that :func:`apply_match` records.
:func:`explain_round` prints the procedure's steps.

The procedure (3.3): the pairing-allocated bye first (3.4); then, while players are left, the
top scoregroup and its upfloaters (3.5) form a bracket, paired by the first identifier that
complies with [C1] and [C8] (3.6); then every pair's colours (Art. 4). Boards are published in
the recommended order of C.04.2 Art. 3.6.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from chessarbiter.editions import DoubleSwissEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, PlayerId, Result, Tournament
from chessarbiter.pairing.apply import apply_pairing
from chessarbiter.pairing.double_swiss.rules import (
    DoubleSwissPlayer,
    DoubleSwissRules,
    MatchError,
    MatchKind,
    MatchRecord,
    allocate_colours,
    assign_pab,
    completable,
    game_colours,
    is_floater,
    match_columns,
    pab_value,
    pair_bracket,
    read_match,
    select_upfloaters,
)
from chessarbiter.pairing.matching import MatcherFactory, default_computer
from chessarbiter.pairing.round_pairing import Board, NoValidPairingError, RoundPairing
from chessarbiter.pairing.swiss.lexicographic import publication_order


def matches_paired(tournament: Tournament) -> int:
    """The number of matches paired so far: half the round columns paired.

    :raises chessarbiter.pairing.double_swiss.rules.MatchError: when the last paired column
        is game 1 of a match whose game 2 is missing (naming the player and the rounds).
    """
    columns = tournament.rounds_played
    if columns % 2:
        match = (columns + 1) // 2
        for p in tournament:
            if p.entry(columns).is_paired and not p.entry(columns + 1).is_paired:
                raise MatchError(
                    f"player {p.number}, match {match}: game 1 (round {columns}) is paired "
                    f"but game 2 (round {columns + 1}) is not; every match is two games "
                    "(C.04.5 Preface)"
                )
        raise MatchError(  # pragma: no cover - a paired column always names a player
            f"match {match}: round {columns} is paired but round {columns + 1} is not"
        )
    return columns // 2


def total_matches(tournament: Tournament) -> int:
    """The matches of the event: its round columns (TRF ``XXR``/``142``) halved.

    :raises PairingError: when the number of rounds is unknown or odd.
    """
    rounds = tournament.total_rounds
    if rounds is None:
        raise PairingError("the number of rounds is not known (TRF XXR or 142)")
    if rounds % 2:
        raise PairingError(
            f"a Double-Swiss event has two game rounds per match (C.04.5 Preface): {rounds} "
            "rounds is not a whole number of matches"
        )
    return rounds // 2


def match_history(tournament: Tournament, number: PlayerId, matches: int) -> list[MatchRecord]:
    """Player ``number``'s first ``matches`` matches
    (:func:`~chessarbiter.pairing.double_swiss.rules.read_match`)."""
    return [read_match(tournament, number, k) for k in range(1, matches + 1)]


def initial_colour_of(
    tournament: Tournament, histories: dict[PlayerId, list[MatchRecord]]
) -> Colour:
    """C.04.5 4.1 / 4.3.1 backwards, when the event does not say (TRF ``152``/``XXC``): in
    the first match with colours, a pair whose players had no colour before: the
    higher-ranked one (by score, then TPN) had the initial colour if his TPN is odd. White
    when nothing has been played."""
    if tournament.initial_colour is not None and tournament.initial_colour is not Colour.NONE:
        return tournament.initial_colour
    rounds = max((len(h) for h in histories.values()), default=0)
    for k in range(rounds):
        for number, history in sorted(histories.items()):
            m = history[k]
            if m.colour is Colour.NONE or m.opponent is None or number > m.opponent:
                continue
            other = histories.get(m.opponent)
            if other is None or any(h.colour is not Colour.NONE for h in history[:k]):
                continue
            if any(h.colour is not Colour.NONE for h in other[:k]):
                continue
            mine = sum((h.points for h in history[:k]), Decimal(0))
            theirs = sum((h.points for h in other[:k]), Decimal(0))
            high: int = number
            colour: Colour = m.colour
            if (theirs, -m.opponent) > (mine, -number):
                high, colour = m.opponent, m.colour.opposite
            return colour if high % 2 else colour.opposite
    return Colour.WHITE


def excused(tournament: Tournament, match: int) -> set[PlayerId]:
    """Players not to be paired in match ``match``: an entry already in either of its columns
    (a bye given in advance, an absence), a TRF-2026 ``240`` request for either column, or
    JaVaFo's ``XXZ``."""
    columns = set(match_columns(match))
    out = {p.number for p in tournament if len(p.results) >= min(columns)}
    for request in tournament.bye_requests:
        if request.round in columns:
            out.update(request.players)
    out.update(tournament.absent_next_round)
    return out


def players_before(
    tournament: Tournament, matches: int
) -> tuple[dict[PlayerId, DoubleSwissPlayer], dict[PlayerId, list[MatchRecord]]]:
    """Every player's state before match ``matches + 1`` (C.04.5 Art. 1-2), and the match
    histories it is read from."""
    histories = {p.number: match_history(tournament, p.number, matches) for p in tournament}
    scores_before: dict[PlayerId, list[Decimal]] = {}
    for number, history in histories.items():
        running = [Decimal(0)]
        for m in history:
            running.append(running[-1] + m.points)
        scores_before[number] = running
    forbidden: dict[PlayerId, set[int]] = {n: set() for n in histories}
    for group in tournament.forbidden_pairs:
        if any(group.applies_to(c) for c in match_columns(matches + 1)):
            for n in group.players:
                if n in forbidden:
                    forbidden[n].update(x for x in group.players if x != n)
    out: dict[PlayerId, DoubleSwissPlayer] = {}
    for number, history in histories.items():
        regular = [m for m in history if m.regular]
        floated = False
        if history and history[-1].regular and history[-1].opponent is not None:
            floated = is_floater(
                scores_before[number][matches - 1],
                scores_before[history[-1].opponent][matches - 1],
            )
        out[number] = DoubleSwissPlayer(
            tpn=number,
            score=scores_before[number][-1],
            colours=tuple(m.colour for m in history if m.colour is not Colour.NONE),
            opponents=frozenset(m.opponent for m in regular if m.opponent is not None),
            forbidden=frozenset(forbidden[number]),
            pab_barred=any(
                m.kind is MatchKind.PAB
                or m.won_by_forfeit
                or (m.kind is MatchKind.BYE and m.bye is Result.FULL_POINT_BYE)
                for m in history
            ),
            matches_played=len(regular),
            floated=floated,
        )
    return out, histories


def _checked(tournament: Tournament, edition: DoubleSwissEdition) -> tuple[int, int]:
    if edition is not DoubleSwissEdition.DOUBLE_SWISS_2026:  # pragma: no cover - one edition
        raise PairingError(f"unknown edition {edition!r} of the Double-Swiss system")
    if tournament.accelerations or tournament.virtual_points:
        raise PairingError(
            "acceleration (C.04.7) with the Double-Swiss system is not implemented: the text "
            "does not say whether its virtual points are a game's or a match's win"
        )
    total = total_matches(tournament)
    paired = matches_paired(tournament)
    if paired >= total:
        raise PairingError(f"all {total} matches ({2 * total} rounds) have been paired")
    return paired, total


def pair_round(
    tournament: Tournament,
    edition: DoubleSwissEdition = DoubleSwissEdition.DOUBLE_SWISS_2026,
    *,
    matcher: MatcherFactory | None = None,
) -> RoundPairing:
    """Pair the next match of ``tournament`` by C.04.5 (see the module docstring). The
    result's ``round`` is the match number; each board is game 1's White and Black; ``trace``
    holds the explanation (:func:`explain_round`).

    :raises chessarbiter.pairing.double_swiss.rules.MatchError: when the game columns are not
        whole matches (player, match, rounds).
    :raises PairingError: no number of rounds, an odd one, all matches paired, acceleration.
    :raises NoValidPairingError: when no pairing complies with [C1]-[C3] (3.3: the Chief
        Arbiter decides).
    """
    factory = matcher or default_computer
    paired, total = _checked(tournament, edition)
    match = paired + 1
    states, histories = players_before(tournament, paired)
    rules = DoubleSwissRules(initial_colour_of(tournament, histories), match, total)
    away = excused(tournament, match)
    players = sorted((s for n, s in states.items() if n not in away), key=lambda s: s.tpn)
    trace = [
        f"Match {match} of {total} (rounds {2 * match - 1} and {2 * match}): "
        f"{len(players)} players to pair; initial colour {rules.initial_colour.name.lower()}"
    ]
    pab = assign_pab(players, factory)
    if pab is not None:
        trace.append(
            f"3.4 pairing-allocated bye: {pab.tpn} (score {points_text(pab.score)}, "
            f"{pab.matches_played} matches played)"
        )
        given, text = match_pab_value(tournament), pab_value(tournament.point_system)
        if given != text:
            trace.append(
                f"note: the event's points give the bye {points_text(given)} (two columns of "
                f"{points_text(given / 2)}); C.04.5 1.4 gives {points_text(text)} unless the "
                "regulations say otherwise"
            )
    remaining = [p for p in players if p is not pab]
    if not completable(remaining, factory):
        raise NoValidPairingError(
            "C.04.5 3.3 [C3]: no pairing of the round complies with [C1]; the Chief Arbiter decides"
        )
    pairs: list[tuple[DoubleSwissPlayer, DoubleSwissPlayer]] = []
    while remaining:
        top = max(p.score for p in remaining)
        residents = [p for p in remaining if p.score == top]
        others = [p for p in remaining if p.score != top]
        ups = select_upfloaters(residents, others, rules, factory)
        bracket = [*residents, *ups]
        line = f"bracket {points_text(top)}: residents {_tpns(residents)}"
        if ups:
            line += f"; upfloaters {_tpns(ups)} (3.5)"
        found = pair_bracket(bracket, ups, rules, factory)
        trace.append(line + "; pairs " + ", ".join(f"{a.tpn}-{b.tpn}" for a, b in found))
        pairs.extend(found)
        chosen = {p.tpn for p in bracket}
        remaining = [p for p in remaining if p.tpn not in chosen]
    boards = []
    for a, b in publication_order(pairs):
        white, black, article = allocate_colours(a, b, rules)
        boards.append(Board(white, black))
        trace.append(f"colours {white}-{black} ({article})")
    return RoundPairing(match, tuple(boards), pab.tpn if pab is not None else None, tuple(trace))


def points_text(points: Decimal) -> str:
    """Points as a score sheet shows them: ``1.5``, ``2``, ``0.75``.

    >>> points_text(Decimal("1.50")), points_text(Decimal("10")), points_text(Decimal("0.75"))
    ('1.5', '10', '0.75')
    """
    text = format(points, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _tpns(players: Sequence[DoubleSwissPlayer]) -> str:
    return " ".join(str(p.tpn) for p in sorted(players, key=lambda p: (-p.score, p.tpn)))


def explain_round(
    tournament: Tournament,
    edition: DoubleSwissEdition = DoubleSwissEdition.DOUBLE_SWISS_2026,
    *,
    matcher: MatcherFactory | None = None,
) -> list[str]:
    """The steps of :func:`pair_round` (the PAB, each bracket with its upfloaters and pairs,
    each board's colour rule), then the match's boards and bye."""
    pairing = pair_round(tournament, edition, matcher=matcher)
    return pairing.explained()


def game_rounds(pairing: RoundPairing) -> tuple[RoundPairing, RoundPairing]:
    """The two game rounds of a match pairing (C.04.5 4.4): round columns ``2k-1`` (game 1,
    the match's colours) and ``2k`` (game 2, colours reversed); the PAB in both.

    >>> g1, g2 = game_rounds(RoundPairing(2, (Board(3, 8),), bye=5))
    >>> (g1.round, g1.boards, g2.round, g2.boards, g2.bye)
    (3, (Board(white=3, black=8),), 4, (Board(white=8, black=3),), 5)
    """
    first, second = match_columns(pairing.round)
    games = [game_colours(b.white, b.black) for b in pairing.boards]
    return (
        RoundPairing(first, tuple(Board(*g1) for g1, _ in games), pairing.bye),
        RoundPairing(second, tuple(Board(*g2) for _, g2 in games), pairing.bye),
    )


def apply_match(tournament: Tournament, pairing: RoundPairing) -> None:
    """Record a match pairing as its two game rounds (pending games, the PAB as ``U`` in both
    columns: :func:`~chessarbiter.pairing.apply.apply_pairing`)."""
    for game in game_rounds(pairing):
        apply_pairing(tournament, game)


def match_pab_value(tournament: Tournament) -> Decimal:
    """What the event's point system gives a PAB match (both its ``U`` columns), to compare
    with C.04.5 1.4 (:func:`~chessarbiter.pairing.double_swiss.rules.pab_value`)."""
    return tournament.point_system.pairing_allocated_bye * 2


__all__ = [
    "apply_match",
    "explain_round",
    "game_rounds",
    "matches_paired",
    "pair_round",
    "players_before",
    "total_matches",
]
