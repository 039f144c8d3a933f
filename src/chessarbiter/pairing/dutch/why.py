"""The explanation of a round of the FIDE (Dutch) system, 2026 edition (C.04.3 Article 4), at
the cost a big round can pay: the overview (every bracket, every pair, and the reasons read
off the round as it is paired: [C1], a forbidden pair, [C3], the exchanges of Article 4.3)
costs one pairing; "why was X paired with Y, why not with Z" adds a solve of the round per
opponent X did not get; the full explanation solves again for every opponent passed over.

The reasons and their text are :mod:`chessarbiter.pairing.dutch.explain`'s; this module runs
the engine (:mod:`chessarbiter.pairing.dutch.engine`) with its tracer.
"""

from __future__ import annotations

from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Tournament
from chessarbiter.pairing.dutch.engine import (
    DutchPairer,
    compute_pairs,
    first_candidate,
    order_boards,
    run_pairer,
)
from chessarbiter.pairing.dutch.explain import (
    Ask,
    RoundExplanation,
    Tee,
    Tracer,
    WhyAnswer,
    explain_alike,
)
from chessarbiter.pairing.matching import Matcher, MatcherFactory, default_computer
from chessarbiter.pairing.swiss.colours import ColourRule
from chessarbiter.pairing.swiss.state import prepare_round


def _default_factory(size: int) -> Matcher:
    return default_computer(size)


def _no_matcher(size: int) -> Matcher:
    raise AssertionError("a round of players all alike is paired without a matching")


def explain(
    tournament: Tournament,
    edition: DutchEdition = DutchEdition.DUTCH_2026,
    *,
    every_reason: bool = False,
    focus: tuple[int, int | None] | None = None,
    matcher: MatcherFactory | None = None,
) -> RoundExplanation:
    """Pair the next round of ``tournament`` by C.04.3 (2026) and explain it bracket by
    bracket (:class:`~chessarbiter.pairing.dutch.explain.RoundExplanation`; the pairing is
    :func:`~chessarbiter.pairing.dutch.engine.pair_round`'s).

    By default only the reasons read off the round are given ([C1], a forbidden pair, [C3],
    the exchanges of Article 4.3), at the cost of one pairing. ``every_reason``: the round is
    solved again for every opponent passed over, to name the first criterion that ruled him
    out (the command line's ``--explain``). ``focus=(x, y)``: only for the opponents ``x`` did
    not get, or that did not get ``x`` (with ``y``: only for ``y``, and why ``x`` and ``y``
    were not paired even when neither passed the other over) — see :func:`why`.

    :raises PairingError: for another edition than 2026, a player of ``focus`` not paired in
        the round, or a round that cannot be paired as given.
    :raises NoValidPairingError: when no pairing satisfies the absolute criteria.
    """
    if edition is not DutchEdition.DUTCH_2026:
        raise PairingError(f"explanations for the Dutch {edition.value} edition are not available")
    state = prepare_round(tournament, edition)
    colour_rule = ColourRule.of(edition)
    players = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
    if focus is not None:
        paired = {p.number for p in players}
        for number in focus:
            if number is None:
                continue
            tournament.player(number)  # UnknownPlayerError for a number of nobody
            if number not in paired:
                raise PairingError(
                    f"player {number} is not paired in round {state.round_number} "
                    "(a bye or an absence is recorded for him)"
                )
        if focus[0] == focus[1]:
            raise PairingError(f"player {focus[0]} cannot be paired with himself")
    if not players:
        return RoundExplanation(
            state.round_number, edition.value, 0, [], order_boards(state, []), focus
        )
    if first_candidate(state, players) is not None:
        pairing = order_boards(state, compute_pairs(state, _no_matcher, colour_rule))
        return explain_alike(state, players, pairing, focus)
    factory = matcher or _default_factory
    size = len(players)
    tee: Tee | None = None
    ask: Ask | None = None
    if every_reason or focus is not None:
        tee = Tee(factory(size), factory(size))
    if focus is not None and not every_reason:
        ask = _asker(focus)
    pairer = DutchPairer(state, players, tee if tee is not None else factory(size))
    tracer = Tracer(pairer, tee, ask, focus)
    pairer.tracer = tracer
    pairs = run_pairer(pairer, colour_rule)
    return tracer.finish(order_boards(state, pairs))


def _asker(focus: tuple[int, int | None]) -> Ask:
    x, y = focus

    def ask(player: int, opponent: int) -> bool:
        pair = {player, opponent}
        return x in pair and (y is None or y in pair)

    return ask


def why(
    tournament: Tournament,
    x: int,
    y: int | None = None,
    edition: DutchEdition = DutchEdition.DUTCH_2026,
    *,
    matcher: MatcherFactory | None = None,
) -> tuple[RoundExplanation, WhyAnswer]:
    """Why player ``x`` got his opponent in the next round (C.04.3 (2026) Article 4): his
    bracket, his opponent, and for each better-ranked opponent he did not get (or who did not
    get him) the first criterion that ruled the pair out; with ``y``, only for ``y``, and why
    ``x`` and ``y`` were not paired. Returns the round's explanation (cheap reasons elsewhere)
    too, for a page that shows both. Costs one pairing and a solve per opponent asked.

    :raises UnknownPlayerError: when ``x`` or ``y`` is nobody's pairing number.
    :raises PairingError: when ``x`` or ``y`` is not paired in the round, or ``y`` is ``x``.
    """
    explanation = explain(tournament, edition, focus=(x, y), matcher=matcher)
    return explanation, explanation.why(x, y)
