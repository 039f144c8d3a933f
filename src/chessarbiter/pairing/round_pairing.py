"""The outcome of pairing a round: boards in order, colours, the pairing-allocated bye."""

from __future__ import annotations

from dataclasses import dataclass, field

from chessarbiter.errors import PairingError
from chessarbiter.model import PlayerId


class NoValidPairingError(PairingError):
    """No pairing of the round satisfies the absolute criteria (C.04.3 C1-C3 / [C1]-[C4]):
    for example every remaining pair has already met, or the bye would go to a player who may
    not receive it."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board: ``white`` and ``black`` by pairing number."""

    white: PlayerId
    black: PlayerId


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of one round: the boards in publication order and the player who receives the
    pairing-allocated bye, if any. ``trace`` holds the engine's explanation lines."""

    round: int
    boards: tuple[Board, ...]
    bye: PlayerId | None = None
    trace: tuple[str, ...] = field(default=(), compare=False)

    def explained(self) -> list[str]:
        """The engine's explanation, then the boards and the bye, as an ``explain_round``
        prints them.

        >>> RoundPairing(1, (Board(1, 2),), bye=3, trace=("Bracket 0:",)).explained()
        ['Bracket 0:', 'Round 1 pairing:', '  board 1: 1 - 2', '  pairing-allocated bye: 3']
        """
        lines = [*self.trace, f"Round {self.round} pairing:"]
        lines += [f"  board {n}: {b.white} - {b.black}" for n, b in enumerate(self.boards, 1)]
        if self.bye is not None:
            lines.append(f"  pairing-allocated bye: {self.bye}")
        return lines

    def engine_lines(self) -> list[str]:
        """The JaVaFo/bbpPairings output: the number of lines, then ``white black`` per board,
        and the bye as ``id 0``.

        >>> RoundPairing(1, (Board(1, 2),), bye=3).engine_lines()
        ['2', '1 2', '3 0']
        """
        lines = [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines)), *lines]
