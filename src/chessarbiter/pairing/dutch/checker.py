"""Checking a played Swiss tournament against the engine, round by round, and bbpPairings'
check-list.

:func:`check_tournament` re-pairs every round of a tournament from the position before it and
compares the result with what was played, as bbpPairings' checker (``--dutch FILE -c``) does.
The position before round *r* (:func:`tournament_before_round`) is built the way the reference
corpus builds its ``roundNN.trf`` files: the entries of rounds 1 .. r-1 as played; for round
*r*, the entries of the players who were not paired (byes ``H``/``F``/``Z`` given in advance,
absences) kept as assigned beforehand; nothing for the others.

A forfeited game counts as paired, with its scheduled colours; a game recorded without colours
(``-``) matches either colour, as in bbpPairings.

:func:`checklist` is the text of bbpPairings' check-list file (``-l``): per score group, each
player's score, colour history and preference, bye eligibility, floats and opponents.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from chessarbiter.editions import DutchEdition as Edition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Player, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.pairing.dutch.weights import WeightContext
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.pairing.swiss.facts import Float
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound, prepare_round

Pair = tuple[PlayerId, PlayerId]
"""``(white, black)`` by pairing number; the pairing-allocated bye is ``(player, 0)``."""


def _pair_text(pair: Pair) -> str:
    white, black = pair
    return f"{white}-bye" if black == 0 else f"{white}-{black}"


@dataclass(frozen=True, slots=True)
class RoundDifference:
    """A round where the engine does not pair as the tournament did.

    ``engine``: the engine's pairs that the tournament does not have (board order);
    ``tournament``: the tournament's pairs that the engine does not make. A pair is
    ``(white, black)``, the pairing-allocated bye ``(player, 0)``. ``no_valid_pairing``: the
    engine finds no valid pairing for the round (``engine`` is then empty).

    >>> str(RoundDifference(3, ((1, 2), (4, 0)), ((1, 4), (2, 0))))
    'round 3: the engine pairs 1-2, 4-bye; the tournament has 1-4, 2-bye'
    >>> str(RoundDifference(2, ((1, 2),), ((2, 1),)))
    'round 2: colours differ: the engine pairs 1-2; the tournament has 2-1'
    """

    round: int
    engine: tuple[Pair, ...]
    tournament: tuple[Pair, ...]
    no_valid_pairing: bool = False

    @property
    def colours_only(self) -> bool:
        """The same boards, with other colours."""
        return bool(self.engine) and {frozenset(p) for p in self.engine} == {
            frozenset(p) for p in self.tournament
        }

    def __str__(self) -> str:
        played = ", ".join(_pair_text(p) for p in self.tournament) or "nothing"
        if self.no_valid_pairing:
            return f"round {self.round}: no valid pairing exists, but the tournament has {played}"
        engine = ", ".join(_pair_text(p) for p in self.engine)
        what = "colours differ: " if self.colours_only else ""
        return f"round {self.round}: {what}the engine pairs {engine}; the tournament has {played}"


@dataclass(frozen=True)
class RoundCheck:
    """One round of a check: the position before it, the engine's pairing (``None`` when no
    valid pairing exists), and the difference with what was played (``None`` when identical).
    """

    round: int
    before: Tournament
    pairing: RoundPairing | None
    difference: RoundDifference | None


def _paired(entry: RoundEntry) -> bool:
    """The pairing placed the player (an opponent, a forfeit, or the PAB): bbpPairings'
    "participated in pairing"."""
    return entry.opponent is not None or entry.result in (
        Result.PAIRING_ALLOCATED_BYE,
        Result.FORFEIT_WIN,
    )


def _inferred_initial_colour(tournament: Tournament) -> Colour | None:
    if tournament.initial_colour is not None:
        return tournament.initial_colour
    if not tournament.rounds_played:
        return None
    probe = dataclasses.replace(tournament, total_rounds=tournament.rounds_played + 1)
    return prepare_round(probe).initial_colour


def players_before_round(
    tournament: Tournament,
    round_number: int,
    placed: Callable[[RoundEntry], bool] = _paired,
) -> dict[PlayerId, Player]:
    """The players as they stood before ``round_number`` was paired: the rounds before it as
    played; in ``round_number``, only the entries the pairing did not ``placed`` (byes asked
    for, absences); nothing after it (:func:`tournament_before_round`, and the Double-Swiss
    checker before a match)."""
    players = {}
    for p in tournament:
        results = list(p.results[: round_number - 1])
        entry = p.entry(round_number)
        if not placed(entry):
            results.extend([RoundEntry.NOT_PAIRED] * (round_number - 1 - len(results)))
            results.append(entry)
        players[p.number] = dataclasses.replace(p, results=results)
    return players


def tournament_before_round(tournament: Tournament, round_number: int) -> Tournament:
    """The tournament as it stood before ``round_number`` was paired.

    Rounds before it as played; in ``round_number``, only the entries of players the pairing
    did not place (``H``/``F``/``Z`` byes, absences); nothing after it. The number of rounds
    (the rounds played when the file does not say) and the initial colour (inferred from the
    whole tournament when the file does not say) are kept; players absent "next round"
    (``XXZ``) are dropped, since that round is past.
    """
    return dataclasses.replace(
        tournament,
        players=players_before_round(tournament, round_number),
        absent_next_round=[],
        total_rounds=tournament.total_rounds or tournament.rounds_played,
        initial_colour=_inferred_initial_colour(tournament),
    )


def played_pairs(tournament: Tournament, round_number: int) -> list[tuple[Pair, bool]]:
    """What the tournament paired in ``round_number``: each game as ``((white, black),
    colours_known)`` (a forfeit recorded without colours has ``colours_known`` false, its pair
    in pairing-number order), then the pairing-allocated byes as ``((player, 0), True)``.
    """
    games: dict[frozenset[int], tuple[Pair, bool]] = {}
    byes: list[tuple[Pair, bool]] = []
    for p in tournament:
        e = p.entry(round_number)
        if e.opponent is None:
            if _paired(e):
                byes.append(((p.number, 0), True))
            continue
        key = frozenset((p.number, e.opponent))
        found = (e.white_and_black(p.number), e.colour is not Colour.NONE)
        if key not in games or not games[key][1]:
            games[key] = found
    return [*games.values(), *byes]


def _board_order(state: SwissRound, pairs: list[Pair]) -> tuple[Pair, ...]:
    """``pairs`` in publication order (as :func:`~chessarbiter.pairing.dutch.engine.order_boards`):
    higher player's score, lower player's score, higher player's rank; byes last."""
    by_number = {sp.number: sp for sp in state.players}
    return tuple(sorted(pairs, key=lambda pair: _board_key(by_number, pair)))


def _board_key(by_number: dict[PlayerId, SwissPlayer], pair: Pair) -> tuple[int, int, int, int]:
    white, black = pair
    a = by_number.get(white)
    b = by_number.get(black)
    if a is None or black == 0 or b is None:
        score = a.score if a is not None else 0
        rank = a.rank if a is not None else white
        return (1, -score, -score, rank)
    high, low = (a, b) if (a.score, -a.rank) > (b.score, -b.rank) else (b, a)
    return (0, -high.score, -low.score, high.rank)


def compare_round(
    round_number: int,
    state: SwissRound,
    pairing: RoundPairing | None,
    played: list[tuple[Pair, bool]],
) -> RoundDifference | None:
    """The difference between the engine's ``pairing`` and the ``played`` pairs of the round,
    or ``None`` when they are the same boards with the same colours and the same bye."""
    if pairing is None:
        return RoundDifference(
            round_number,
            (),
            _board_order(state, [p for p, _ in played]),
            no_valid_pairing=True,
        )
    engine: list[Pair] = [(b.white, b.black) for b in pairing.boards]
    if pairing.bye is not None:
        engine.append((pairing.bye, 0))
    remaining = {frozenset(p): (p, known) for p, known in played}
    engine_only: list[Pair] = []
    for pair in engine:
        key = frozenset(pair)
        found = remaining.get(key)
        if found is not None and (not found[1] or found[0] == pair):
            del remaining[key]
        else:
            engine_only.append(pair)
    if not engine_only and not remaining:
        return None
    tournament_only = _board_order(state, [p for p, _ in remaining.values()])
    return RoundDifference(round_number, tuple(engine_only), tournament_only)


def check_rounds(
    tournament: Tournament,
    edition: Edition = Edition.DUTCH_2026,
    matcher: MatcherFactory | None = None,
    *,
    pair: Callable[[Tournament], RoundPairing] | None = None,
) -> Iterator[RoundCheck]:
    """Re-pair every played round of ``tournament`` and compare (see the module docstring).
    ``pair`` pairs a round by another system than the Dutch one (the facts of the round, and
    so the board order of the report, are the Swiss ones of ``edition``).

    :raises PairingError: when a round cannot be paired at all as given (for example the
        initial colour is unknown and cannot be inferred).
    """
    for r in range(1, tournament.rounds_played + 1):
        before = tournament_before_round(tournament, r)
        if all(len(p.results) >= r for p in before):
            # nobody to pair (every player had a bye or was absent): nothing to compare
            yield RoundCheck(r, before, RoundPairing(r, ()), None)
            continue
        state = prepare_round(before, edition)
        if state.round_number != r:
            raise PairingError(
                f"round {r} cannot be checked: every player had a bye in round 1, or in two "
                "rounds in a row, and such rounds cannot be told from rounds not yet paired"
            )
        pairing: RoundPairing | None
        try:
            pairing = pair_round(before, edition, matcher=matcher) if pair is None else pair(before)
        except NoValidPairingError:
            pairing = None
        difference = compare_round(r, state, pairing, played_pairs(tournament, r))
        yield RoundCheck(r, before, pairing, difference)


def check_tournament(
    tournament: Tournament,
    edition: Edition = Edition.DUTCH_2026,
    matcher: MatcherFactory | None = None,
) -> list[RoundDifference]:
    """Every round where the engine does not pair as ``tournament`` was paired (empty when
    the whole tournament follows the rules of ``edition``)."""
    return [
        c.difference for c in check_rounds(tournament, edition, matcher) if c.difference is not None
    ]


# -- the check-list -----------------------------------------------------------------------


def _points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def _preference(p: SwissPlayer) -> str:
    c = "W" if p.colour_preference is Colour.WHITE else "B"
    if p.absolute_preference:
        return f"{c} "
    if p.strong_preference:
        return f"({c})"
    if p.colour_preference is Colour.NONE:
        return "A "
    return f"{c.lower()} "


def checklist(
    tournament: Tournament,
    edition: Edition = Edition.DUTCH_2026,
    pairing: RoundPairing | None = None,
) -> str:
    """bbpPairings' check-list of the round to be paired (``-l``): the players to pair by
    score group (score with acceleration, then rank), each with its pairing number, score,
    colours played, colour preference (``W``/``B`` absolute, ``(W)``/``(B)`` strong,
    ``w``/``b`` mild, ``A`` none), ``C2`` bye eligibility (``Y``/``N``), ``C14``/``C16``
    floats one and two rounds back (``D`` down, ``U`` up), ``Cur`` the pairing (opponent and
    colour, or ``(bye)``), and the opponents of the games played in each round. Columns are
    right-aligned and tab-separated; score groups are separated by a blank line.
    """
    state = prepare_round(tournament, edition)
    players = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
    ctx = WeightContext(state, players)
    played = state.played_rounds
    current: dict[PlayerId, str] = {}
    if pairing is not None:
        for b in pairing.boards:
            current[b.white] = f"({b.black}W)"
            current[b.black] = f"({b.white}B)"
        if pairing.bye is not None:
            current[pairing.bye] = "(bye)"

    def float_char(p: SwissPlayer, back: int) -> str:
        if played < back:
            return " "
        f = ctx.float(p, back)
        return "D" if f is Float.DOWN else "U" if f is Float.UP else " "

    header = ["ID", "Pts", "-" * (played + 1), "Pref", "C2", "C14", "C16", "Cur", ""]
    header += [f"R{r}" for r in range(1, played + 1)]
    rows: list[list[str]] = []
    for p in players:
        row = [
            str(p.number),
            _points(state.score(p)),
            "".join("W" if m.colour is Colour.WHITE else "B" for m in p.matches if m.played),
            _preference(p),
            "Y" if state.eligible_for_bye(p) else "N",
            float_char(p, 1),
            float_char(p, 2),
            current.get(p.number, ""),
            "",
        ]
        row += [str(m.opponent) if m.played else "" for m in p.matches[:played]]
        rows.append(row)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "".join(f"{c:>{w}}\t" for c, w in zip(cells, widths, strict=True))

    out = ["\n", line(header)]
    previous: int | None = None
    for p, row in zip(players, rows, strict=True):
        out.append("\n")
        score = state.score(p)
        if score != previous:
            out.append("\n")
        out.append(line(row))
        previous = score
    out.append("\n\n\n")
    return "".join(out)
