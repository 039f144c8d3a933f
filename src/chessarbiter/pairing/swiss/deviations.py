"""Which rules a hand-made (or hand-edited) pairing of a Swiss round breaks.

An arbiter may change a round's pairing by hand. Before it is saved, :func:`check_pairing` lists
every rule the edited pairing breaks, as :class:`Deviation` s, so that the arbiter can confirm
each one and the deviation can be recorded. The pairing is the round :func:`prepare_round`
would pair next (the round after the last paired one); each board is ``(white, black)`` and
``(player, None)`` is the pairing-allocated bye (PAB).

The checks, and the article each cites (2017 edition / 2026 edition):

==========================  =======================  ================================
kind                        2017                     2026
==========================  =======================  ================================
``self-paired``             Laws of Chess art. 1.1   Laws of Chess art. 1.1
``duplicate``               C.04.3 A.9               C.04.3 1.9
``absent-paired``           C.04.2 D (withdrawn,     C.04.2 art. 3.2 (withdrawn),
                            absent), C (late entry)  3.3 (absent), 2.4 (late entry)
``unpaired``                C.04.3 A.9               C.04.3 1.9
``extra-bye``               C.04.1 c                 C.04.1 art. 3
``repeat``                  C.04.1 b                 C.04.3 [C1]
``forbidden``               C.04.3 C.1               C.04.3 [C1]
``bye-ineligible``          C.04.1 d                 C.04.3 [C2]
``colour-three-in-row``     C.04.1 g                 C.04.1 art. 7
``colour-difference``       C.04.1 f                 C.04.1 art. 6
==========================  =======================  ================================

**Absolute errors and deviations.** Some of these break the pairing itself, not a pairing
rule, and no arbiter's decision can make them right; they are *absolute*
(:attr:`Deviation.absolute`) and :func:`check_pairing` refuses them with
:class:`InvalidPairingError`:

* ``self-paired``: a player against himself. A game is played between two opponents (Laws of
  Chess art. 1.1).
* ``duplicate``: a player on two boards, or on a board and the bye. A round-pairing places
  each player once (C.04.3 A.9 / 1.9) and leaves at most one player unpaired (C.04.1 c / art.
  3); a round has one entry per player.
* ``extra-bye``: more than one pairing-allocated bye. Only the one player left over when the
  number of players is odd receives it (C.04.1 c / art. 3).
* ``absent-paired`` for a player who is not a participant in that round: withdrawn (C.04.2 D /
  art. 3.2: withdrawn players are no longer paired; re-enter him first), not arrived yet
  (C.04.2 C / art. 2.4: a late entrant is paired only on arrival; change his first round
  first), or whose entry for the round is already recorded (a bye given in advance).
* a pairing number that names nobody (:class:`~chessarbiter.errors.UnknownPlayerError`,
  raised first): only the tournament's players are paired.

The others are *deviations* from the rules of the pairing system or of the event's
regulations, which an arbiter may decide to accept, with a reason that is recorded: a
repeated meeting, a forbidden pair, bye eligibility, colour rules, a player with a known
absence (a requested bye, a declared absence) paired after all, a player to be paired left
out. The round they give can be recorded and reported as played.

The facts come from the same place the Dutch engine reads them
(:mod:`chessarbiter.pairing.swiss.state`): games "met" are games played over the board (a
forfeit is not a game), colours count played games only with unplayed rounds skipped (C.04.2 D.5
/ 2026 art. 3.4), bye eligibility is :meth:`SwissRound.eligible_for_bye`, topscorers are those
of :meth:`RoundFacts.is_topscorer`. The engine's own pairing therefore never deviates.

>>> from chessarbiter.model import Colour, Player, Result, Tournament
>>> t = Tournament(total_rounds=3, initial_colour=Colour.WHITE)
>>> for n in (1, 2, 3, 4):
...     _ = t.add_player(Player(n, f"P{n}"))
>>> t.record_game(1, 1, 3, Result.WIN)
>>> t.record_game(1, 4, 2, Result.DRAW)
>>> check_pairing(t, [(2, 1), (3, 4)])
[]
>>> for d in check_pairing(t, [(3, 1), (2, 4)]):
...     print(f"{d.rule} | {d.kind} | {d.players} | {d.message}")
C.04.3 [C1] | repeat | (3, 1) | Players 3 and 1 (board 1) already played each other in round 1.
C.04.3 [C1] | repeat | (2, 4) | Players 2 and 4 (board 2) already played each other in round 1.
>>> [d.rule for d in check_pairing(t, [(3, 1), (2, 4)], DutchEdition.DUTCH_2017)]
['C.04.1 b', 'C.04.1 b']
>>> try:
...     check_pairing(t, [(2, 2), (3, 4), (1, None)])
... except InvalidPairingError as e:
...     print(e.errors[0].kind, "|", e)
self-paired | Player 2 is on both sides of board 1; a game is played between two opponents.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, TypeAlias

from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError, UnknownPlayerError
from chessarbiter.model import Colour, PlayerId, Result, Tournament
from chessarbiter.pairing.swiss.facts import RoundFacts
from chessarbiter.pairing.swiss.state import (
    Match,
    SwissPlayer,
    SwissRound,
    prepare_round,
)

__all__ = [
    "Deviation",
    "DeviationKind",
    "InvalidPairingError",
    "check_pairing",
    "find_deviations",
]

DeviationKind: TypeAlias = Literal[
    "self-paired",
    "repeat",
    "forbidden",
    "bye-ineligible",
    "colour-three-in-row",
    "colour-difference",
    "unpaired",
    "duplicate",
    "absent-paired",
    "extra-bye",
]
"""What a :class:`Deviation` is about (``extra-bye``: more than one pairing-allocated bye)."""

BoardPair: TypeAlias = tuple[PlayerId, PlayerId | None]
"""``(white, black)`` by pairing number; ``(player, None)`` is the pairing-allocated bye."""


@dataclass(frozen=True)
class Deviation:
    """One rule an edited pairing breaks.

    ``rule``: the article, in the numbering of the edition checked (``"C.04.1 b"`` in 2017,
    ``"C.04.3 [C1]"`` in 2026, ...); ``kind``: what is wrong (:data:`DeviationKind`);
    ``players``: the pairing numbers concerned; ``message``: a sentence for the arbiter;
    ``absolute``: the pairing itself is broken and no arbiter may publish it (see the module's
    list), rather than a rule an arbiter may set aside with a reason.
    """

    rule: str
    kind: DeviationKind
    players: tuple[PlayerId, ...]
    message: str
    absolute: bool = False


class InvalidPairingError(PairingError):
    """A pairing that can never be published, whatever the arbiter confirms: a player against
    himself, a player twice in the round, more than one pairing-allocated bye, a player who
    is not a participant in the round (withdrawn, not arrived yet). ``errors``: the absolute
    :class:`Deviation` s found, each with its article and message."""

    def __init__(self, errors: Sequence[Deviation]) -> None:
        if not errors:
            raise ValueError("InvalidPairingError needs at least one error")
        self.errors: tuple[Deviation, ...] = tuple(errors)
        super().__init__(" ".join(d.message for d in self.errors))


def check_pairing(
    tournament: Tournament,
    boards: Sequence[BoardPair],
    edition: DutchEdition = DutchEdition.DUTCH_2026,
) -> list[Deviation]:
    """The rule deviations of the pairing ``boards`` of the next round of ``tournament``, each
    one an arbiter may confirm with a reason; a pairing with an absolute error is refused.

    As :func:`find_deviations`, whose list this is when no deviation in it is
    :attr:`~Deviation.absolute`.

    :raises InvalidPairingError: listing the absolute errors (a player against himself or
        twice in the round, more than one pairing-allocated bye, a player who is not a
        participant in the round), when there is any.
    :raises UnknownPlayerError: if a pairing number names no player of the tournament.
    :raises PairingError: if the tournament has no next round to pair (see
        :func:`prepare_round`).
    """
    found = find_deviations(tournament, boards, edition)
    absolute = [d for d in found if d.absolute]
    if absolute:
        raise InvalidPairingError(absolute)
    return found


def find_deviations(
    tournament: Tournament,
    boards: Sequence[BoardPair],
    edition: DutchEdition = DutchEdition.DUTCH_2026,
) -> list[Deviation]:
    """Every rule the pairing ``boards`` of the next round of ``tournament`` breaks, the
    absolute errors included (flagged :attr:`Deviation.absolute`).

    ``boards``: ``(white, black)`` per board for the round :func:`prepare_round` pairs (the
    round after the last paired one); ``(player, None)`` gives ``player`` the pairing-allocated
    bye. Board numbers in messages are positions in ``boards``, from 1.

    The list holds the structural errors first (a player against himself, a player on two
    boards, a player who is not to be paired placed on a board, a player to be paired left out,
    more than one bye), then, board by board, repeated or forbidden pairs, colour rules and bye
    eligibility. An empty list means the pairing breaks none of these rules (it may still
    differ from the engine's).

    :raises UnknownPlayerError: if a pairing number names no player of the tournament.
    :raises PairingError: if the tournament has no next round to pair (see
        :func:`prepare_round`).
    """
    for position, (white, black) in enumerate(boards, start=1):
        for number in (white, black):
            if number is not None and number not in tournament.players:
                hint = " (write the bye as (player, None))" if number == 0 else ""
                raise UnknownPlayerError(
                    f"board {position}: no player has pairing number {number}{hint}"
                )
    check = _Check.of(tournament, boards, edition)
    found: list[Deviation] = []
    found += _self_paired(check)
    found += _duplicates(check)
    found += _absent_paired(check)
    found += _unpaired(check)
    found += _extra_byes(check)
    for position, (white, black) in enumerate(boards, start=1):
        if black is None:
            found += _bye_ineligible(check, position, white)
        elif white != black:
            found += _repeat(check, position, white, black)
            found += _forbidden(check, position, white, black)
            found += _three_in_a_row(check, position, white, black)
            found += _colour_difference(check, position, white, black)
    return found


# -- the round and its facts -----------------------------------------------------------------


@dataclass
class _Check:
    """The round being checked: the state the engine would pair from, and the edited boards."""

    tournament: Tournament
    boards: Sequence[BoardPair]
    edition: DutchEdition
    state: SwissRound
    facts: RoundFacts
    swiss: dict[PlayerId, SwissPlayer]
    to_pair: set[PlayerId]

    @classmethod
    def of(
        cls, tournament: Tournament, boards: Sequence[BoardPair], edition: DutchEdition
    ) -> _Check:
        # The initial colour plays no part in these checks, but prepare_round needs one when
        # the tournament does not state it and no round shows it (before round 1).
        t = tournament
        if t.initial_colour is None:
            t = dataclasses.replace(t, initial_colour=Colour.WHITE)
        state = prepare_round(t, edition)
        facts = RoundFacts(state, state.players)
        swiss = {p.number: p for p in state.players}
        to_pair = {p.number for p in state.to_pair}
        return cls(tournament, boards, edition, state, facts, swiss, to_pair)

    @property
    def round(self) -> int:
        return self.state.round_number

    def rule(self, kind: DeviationKind) -> str:
        return _RULES[kind][self.edition is DutchEdition.DUTCH_2026]

    def positions(self) -> dict[PlayerId, list[int]]:
        """Where each player appears: board positions from 1, each board once (a player on
        both sides of a board is there once: see :func:`_self_paired`)."""
        where: dict[PlayerId, list[int]] = {}
        for position, (white, black) in enumerate(self.boards, start=1):
            for number in dict.fromkeys((white, black)):
                if number is not None:
                    where.setdefault(number, []).append(position)
        return where

    def not_due(self, number: PlayerId) -> tuple[str, str, bool] | None:
        """Why ``number`` is not to be paired this round, as ``(rule, reason, absolute)``, or
        ``None`` when he is to be paired. ``absolute``: he is not a participant in the round
        (withdrawn, not arrived yet, his entry for the round already recorded), so no arbiter
        may pair him; a known absence (a requested bye, a declared absence) may be set aside."""
        r = self.round
        new = self.edition is DutchEdition.DUTCH_2026
        player = self.tournament.player(number)
        withdrawn = player.withdrawn_from_round
        if withdrawn is not None and withdrawn <= r:
            rule = "C.04.2 art. 3.2" if new else "C.04.2 D"
            return rule, f"withdrew from the tournament (from round {withdrawn})", True
        if player.entry_round > r:
            rule = "C.04.2 art. 2.4" if new else "C.04.2 C"
            return rule, f"joins the tournament only in round {player.entry_round}", True
        if number in self.to_pair:
            return None
        rule = "C.04.2 art. 3.3" if new else "C.04.2 D"
        entry = player.entry(r)
        if entry.result in _BYE_NAMES:
            return rule, f"has a {_BYE_NAMES[entry.result]} for round {r}", True
        for request in self.tournament.bye_requests:
            if request.round == r and number in request.players:
                return rule, f"requested a {_BYE_NAMES[request.kind]} for round {r}", False
        if number in self.tournament.absent_next_round:
            return rule, f"is absent in round {r}", False
        reason = f"is not to be paired in round {r} (an entry for it is already recorded)"
        return rule, reason, True

    def due(self) -> list[PlayerId]:
        """The players to be paired, by pairing number."""
        return sorted(n for n in self.to_pair if self.not_due(n) is None)


_BYE_NAMES = {
    Result.HALF_POINT_BYE: "half-point bye",
    Result.FULL_POINT_BYE: "full-point bye",
    Result.ZERO_POINT_BYE: "zero-point bye",
}

_RULES: dict[DeviationKind, tuple[str, str]] = {
    # kind: (2017 edition, 2026 edition)
    "self-paired": ("Laws of Chess art. 1.1", "Laws of Chess art. 1.1"),
    "duplicate": ("C.04.3 A.9", "C.04.3 1.9"),
    "unpaired": ("C.04.3 A.9", "C.04.3 1.9"),
    "extra-bye": ("C.04.1 c", "C.04.1 art. 3"),
    "repeat": ("C.04.1 b", "C.04.3 [C1]"),
    "forbidden": ("C.04.3 C.1", "C.04.3 [C1]"),
    "bye-ineligible": ("C.04.1 d", "C.04.3 [C2]"),
    "colour-three-in-row": ("C.04.1 g", "C.04.1 art. 7"),
    "colour-difference": ("C.04.1 f", "C.04.1 art. 6"),
}
"""The article of each kind per edition; ``absent-paired`` depends on the reason
(:meth:`_Check.not_due`)."""


def _place(position: int, black: PlayerId | None) -> str:
    return "the pairing-allocated bye" if black is None else f"board {position}"


def _rounds(rounds: Sequence[int]) -> str:
    """``round 3``, ``rounds 2 and 5``, ``rounds 1, 2 and 4``."""
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return "rounds " + ", ".join(map(str, rounds[:-1])) + f" and {rounds[-1]}"


def _points(tenths: int) -> str:
    return format((Decimal(tenths) / 10).normalize(), "f")


# -- structural checks -----------------------------------------------------------------------


def _self_paired(check: _Check) -> Iterator[Deviation]:
    """A player against himself: a game is played between two opponents (Laws of Chess art.
    1.1). Absolute: no arbiter may publish it."""
    for position, (white, black) in enumerate(check.boards, start=1):
        if white == black:
            yield Deviation(
                check.rule("self-paired"),
                "self-paired",
                (white,),
                f"Player {white} is on both sides of board {position}; a game is played "
                "between two opponents.",
                absolute=True,
            )


def _duplicates(check: _Check) -> Iterator[Deviation]:
    """A player placed more than once: on two boards, or on a board and the bye. A
    round-pairing pairs each player once (2017: C.04.3 A.9; 2026: C.04.3 1.9) and leaves at
    most one player unpaired (C.04.1 c / art. 3); a round holds one entry per player.
    Absolute: no arbiter may publish it."""
    for number, positions in sorted(check.positions().items()):
        if len(positions) < 2:
            continue
        places = [_place(i, check.boards[i - 1][1]) for i in positions]
        where = "appears on " + " and ".join([", ".join(places[:-1]), places[-1]])
        yield Deviation(
            check.rule("duplicate"),
            "duplicate",
            (number,),
            f"Player {number} {where}; a player is paired only once in a round.",
            absolute=True,
        )


def _absent_paired(check: _Check) -> Iterator[Deviation]:
    """A player who is not to be paired this round placed on a board or given the bye.

    2017: C.04.2 D (withdrawn players and players with a known absence are not paired; a
    requested bye is a known absence) and C.04.2 C (a late entrant is paired from his arrival).
    2026: C.04.2 art. 3.2 (withdrawn), art. 3.3 (known absence), art. 2.4 (late entry).
    Absolute for a player who is not a participant in the round (withdrawn, not arrived yet,
    his entry for the round recorded already); a known absence may be set aside.
    """
    for number, positions in sorted(check.positions().items()):
        why = check.not_due(number)
        if why is None:
            continue
        rule, reason, absolute = why
        position = positions[0]
        if check.boards[position - 1][1] is None:
            placed = "gets the pairing-allocated bye"
        else:
            placed = f"is on board {position}"
        yield Deviation(
            rule,
            "absent-paired",
            (number,),
            f"Player {number} {placed} but {reason}, so is not to be paired.",
            absolute=absolute,
        )


def _unpaired(check: _Check) -> Iterator[Deviation]:
    """A player to be paired who is neither on a board nor given the bye. A round-pairing
    places every player to be paired, all but at most one against an opponent (2017: C.04.3
    A.9; 2026: C.04.3 1.9)."""
    placed = check.positions()
    for number in check.due():
        if number not in placed:
            yield Deviation(
                check.rule("unpaired"),
                "unpaired",
                (number,),
                f"Player {number} is to be paired in round {check.round} but is on no board "
                "and does not have the bye.",
            )


def _extra_byes(check: _Check) -> Iterator[Deviation]:
    """More than one pairing-allocated bye: only the one player left over when the number of
    players is odd receives it (2017: C.04.1 c; 2026: C.04.1 art. 3). Absolute: no arbiter
    may publish it."""
    byes = [white for white, black in check.boards if black is None]
    if len(byes) > 1:
        names = ", ".join(map(str, byes[:-1])) + f" and {byes[-1]}"
        yield Deviation(
            check.rule("extra-bye"),
            "extra-bye",
            tuple(byes),
            f"Players {names} all get the pairing-allocated bye; at most one player may have it.",
            absolute=True,
        )


# -- board checks ----------------------------------------------------------------------------


def _repeat(check: _Check, position: int, white: PlayerId, black: PlayerId) -> Iterator[Deviation]:
    """Two players who already played each other (2017: C.04.1 b, also C.04.3 C.1; 2026:
    C.04.3 [C1], C.04.1 art. 2). Only games played over the board count: players whose game
    was forfeited may meet again (C.04.2 D / 2026 art. 3.5), as the engine reads it
    (:class:`~chessarbiter.pairing.swiss.state.Match` ``played``)."""
    player = check.swiss.get(white)
    if player is None or black not in check.swiss:
        return
    met = [r for r, m in enumerate(player.matches, start=1) if m.played and m.opponent == black]
    if met:
        yield Deviation(
            check.rule("repeat"),
            "repeat",
            (white, black),
            f"Players {white} and {black} (board {position}) already played each other in "
            f"{_rounds(met)}.",
        )


def _forbidden(
    check: _Check, position: int, white: PlayerId, black: PlayerId
) -> Iterator[Deviation]:
    """A pair the tournament forbids for this round (TRF ``XXP`` for every round, TRF-2026
    ``260`` for a range of rounds), which the Dutch engines treat as an absolute criterion like
    a repeat meeting (2017: C.04.3 C.1; 2026: C.04.3 [C1])."""
    for group in check.tournament.forbidden_pairs:
        if group.applies_to(check.round) and white in group.players and black in group.players:
            yield Deviation(
                check.rule("forbidden"),
                "forbidden",
                (white, black),
                f"Players {white} and {black} (board {position}) may not be paired with each "
                "other: the tournament forbids this pairing.",
            )
            return


def _bye_ineligible(check: _Check, position: int, number: PlayerId) -> Iterator[Deviation]:
    """The pairing-allocated bye given to a player who may not receive it
    (:meth:`SwissRound.eligible_for_bye`).

    * 2017 (C.04.1 d): not to a player who already had a PAB or a forfeit win.
    * 2026 (C.04.3 [C2], C.04.1 art. 4): not to a player who already had a PAB or scored, in
      one round and without playing, as many points as a win (a forfeit win, a full-point bye).
    """
    player = check.swiss.get(number)
    state = check.state
    if player is None or state.eligible_for_bye(player):
        return
    # the rounds that bar the bye: each one alone makes the player ineligible
    reasons = [
        _unplayed_round(r, player.matches[r - 1])
        for r in range(1, len(player.matches) + 1)
        if not state.eligible_for_bye(dataclasses.replace(player, matches=[player.matches[r - 1]]))
    ]
    yield Deviation(
        check.rule("bye-ineligible"),
        "bye-ineligible",
        (number,),
        f"Player {number} may not receive the pairing-allocated bye: already "
        + "; ".join(reasons)
        + ".",
    )


def _unplayed_round(r: int, match: Match) -> str:
    """Why round ``r`` bars the bye, in words."""
    if match.received_pab:
        return f"received it in round {r}"
    if match.result is Result.FORFEIT_WIN:
        return f"won by forfeit in round {r}"
    if match.result is Result.FULL_POINT_BYE:
        return f"had a full-point bye in round {r}"
    return f"scored {_points(match.points)} without playing in round {r}"


def _colour_exception(check: _Check, a: SwissPlayer, b: SwissPlayer) -> bool:
    """The Dutch system's last-round exception to the colour rules (C.04.1 f-g 2017 / art.
    6-7 2026 let each system make one): two players with the same absolute colour preference
    may meet when either is a topscorer (2017: C.04.3 C.3, topscorers A.7; 2026: C.04.3 [C3],
    topscorers 1.8 — the same in both editions). One of them then cannot get his colour, and
    that is not a deviation. Topscorers exist only when the last round is paired.

    Colours that break the rules when the pair did not force it (the preferences could both
    be kept by giving the colours the other way round) are still deviations."""
    return (
        a.absolute_preference
        and b.absolute_preference
        and a.colour_preference is b.colour_preference
        and (check.facts.is_topscorer(a) or check.facts.is_topscorer(b))
    )


def _coloured(
    check: _Check, white: PlayerId, black: PlayerId
) -> Iterator[tuple[SwissPlayer, Colour]]:
    """Both players of a board with the colour each gets, unless the last-round exception
    covers the board."""
    a, b = check.swiss.get(white), check.swiss.get(black)
    if a is None or b is None or _colour_exception(check, a, b):
        return
    yield a, Colour.WHITE
    yield b, Colour.BLACK


def _three_in_a_row(
    check: _Check, position: int, white: PlayerId, black: PlayerId
) -> Iterator[Deviation]:
    """A player who would get the same colour three times in a row, counting played games
    only with unplayed rounds skipped (2017: C.04.1 g, C.04.2 D.5; 2026: C.04.1 art. 7, C.04.2
    art. 3.4). The last-round topscorer exception applies (:func:`_colour_exception`)."""
    for player, colour in _coloured(check, white, black):
        if player.repeated_colour is colour:
            name = "white" if colour is Colour.WHITE else "black"
            yield Deviation(
                check.rule("colour-three-in-row"),
                "colour-three-in-row",
                (player.number,),
                f"Player {player.number} (board {position}) would have {name} for the third "
                "game in a row.",
            )


def _colour_difference(
    check: _Check, position: int, white: PlayerId, black: PlayerId
) -> Iterator[Deviation]:
    """A player whose colour difference (games with one colour minus games with the other,
    played games only) would go beyond +2 or -2 (2017: C.04.1 f; 2026: C.04.1 art. 6). The
    last-round topscorer exception applies (:func:`_colour_exception`)."""
    for player, colour in _coloured(check, white, black):
        # beyond ±1 the preference is the colour played fewer times (C.04.3 A.6 a / 1.7)
        if player.colour_imbalance >= 2 and colour is not player.colour_preference:
            name = "white" if colour is Colour.WHITE else "black"
            other = "black" if colour is Colour.WHITE else "white"
            yield Deviation(
                check.rule("colour-difference"),
                "colour-difference",
                (player.number,),
                f"Player {player.number} (board {position}) would have played "
                f"{player.colour_imbalance + 1} more games with {name} than with {other}; "
                "the difference may be at most 2.",
            )
