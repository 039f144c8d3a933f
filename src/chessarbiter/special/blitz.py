"""Draws in blitz games (Team Competitions 1972, «Необычные шахматы», rule 2 of the blitz
additions), beyond the flag fall of rule 1 (which lives in
:func:`chessarbiter.timecontrol.flag.adjudicate`, rules ``blitz-1972``).

Team Competitions 1972: "2. Партия считается закончившейся вничью при возникновении патовой позиции,
в описанных выше случаях, при соглашении на ничью, при одновременном падении обоих флажков и когда
судья лично устанавливает троекратное повторение одной и той же позиции либо неизбежность
вечного шаха (в обоих случаях по заявлению одного из участников, причем падение флажка после
заявления, если последнее оказывается справедливым, не влечет за собой никаких последствий).
Кроме того, судья должен удовлетворить требование одного из участников и признать партию
ничьей, если на доске осталось по одной одноименной белой и черной фигуре (без пешек), а другой
участник в присутствии судьи не сможет в течение десяти ходов добиться теоретически выигрышного
положения (падение флажка в период исполнения этих десяти ходов приводит к зачету поражения)."

Only what a position can settle is decided here: stalemate, the agreement and both flags fallen
are draws; a threefold repetition is confirmed from the moves played; perpetual check is left to
the arbiter; the claim with "по одной одноименной ... фигуре (без пешек)" — one piece **of the
same kind** each (rook against rook, ...) and no pawns — is admissible, and then the opponent has
ten moves in the arbiter's presence (whether he reaches a "theoretically won position" is the
arbiter's call).

>>> blitz_draw_claim("8/8/3k4/8/3r4/8/3R4/3K4 w - - 0 1", DrawGround.PIECES).verdict.value
'admissible'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

import chess

from chessarbiter.special import UnusualChessError


class BlitzError(UnusualChessError):
    """An invalid position or move list for a blitz claim."""


CLAIM_TRIAL_MOVES: Final = 10
"""Team Competitions 1972: the opponent "не сможет в течение десяти ходов добиться теоретически
выигрышного положения"."""


class DrawGround(Enum):
    """The grounds for a draw of Team Competitions 1972's blitz rule 2."""

    STALEMATE = "stalemate"
    """«при возникновении патовой позиции»."""
    AGREEMENT = "agreement"
    """«при соглашении на ничью»."""
    BOTH_FLAGS = "both-flags"
    """«при одновременном падении обоих флажков»."""
    REPETITION = "repetition"
    """«судья лично устанавливает троекратное повторение одной и той же позиции»."""
    PERPETUAL = "perpetual"
    """«либо неизбежность вечного шаха»."""
    PIECES = "pieces"
    """«по одной одноименной белой и черной фигуре (без пешек)»."""


class Verdict(Enum):
    """What the claim comes to."""

    DRAW = "draw"
    """The game is drawn."""
    ADMISSIBLE = "admissible"
    """The claim stands: the opponent gets ten moves in the arbiter's presence."""
    ARBITER = "arbiter"
    """Only the arbiter, watching the game, can decide."""
    REJECTED = "rejected"
    """The position does not give this ground."""


@dataclass(frozen=True, slots=True)
class ClaimResult:
    """A claim's verdict with the reason and the position judged (after ``moves``)."""

    ground: DrawGround
    verdict: Verdict
    reason: str
    fen: str


def _like_pieces(board: chess.Board) -> chess.PieceType | None:
    """The piece type if each side has its king and exactly one piece of that same type, and no
    pawns; else ``None``."""
    kinds: list[chess.PieceType] = []
    for color in chess.COLORS:
        men = [p for p in board.piece_map().values() if p.color == color]
        others = [p.piece_type for p in men if p.piece_type != chess.KING]
        if len(others) != 1 or others[0] == chess.PAWN:
            return None
        kinds.append(others[0])
    return kinds[0] if kinds[0] == kinds[1] else None


def _board(fen: str, moves: Sequence[str]) -> chess.Board:
    try:
        board = chess.Board(fen)
    except ValueError as e:
        raise BlitzError(f"bad FEN {fen!r}: {e}") from None
    if not board.is_valid():
        raise BlitzError(f"illegal position {fen!r}")
    for i, san in enumerate(moves, start=1):
        try:
            board.push_san(san)
        except ValueError:
            raise BlitzError(f"move {i} {san!r} is not legal") from None
    return board


def blitz_draw_claim(
    fen: str, ground: DrawGround | str, *, moves: Sequence[str] = ()
) -> ClaimResult:
    """Judge a blitz draw claim on ``ground`` in the position ``fen`` after the SAN ``moves``
    (the moves matter for a repetition only), Team Competitions 1972's rule 2:

    * ``stalemate`` — a draw if the position is stalemate;
    * ``agreement``, ``both-flags`` — a draw (the fact itself is the arbiter's to see);
    * ``repetition`` — a draw if the position occurred three times in the moves given; with no
      moves, the arbiter must have seen it ("судья лично устанавливает");
    * ``perpetual`` — the arbiter's judgement ("неизбежность вечного шаха");
    * ``pieces`` — admissible with one like piece each and no pawns; the opponent then has
      :data:`CLAIM_TRIAL_MOVES` moves, and a flag falling during them loses.

    A flag that falls after a repetition or perpetual claim that proves right has no effect
    ("не влечет за собой никаких последствий").

    >>> blitz_draw_claim("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "stalemate").verdict.value
    'draw'
    >>> blitz_draw_claim("8/8/3k4/8/3b4/8/3R4/3K4 w - - 0 1", "pieces").verdict.value
    'rejected'
    """
    if isinstance(ground, str):
        try:
            ground = DrawGround(ground.strip().lower())
        except ValueError:
            raise BlitzError(
                f"unknown ground {ground!r} (one of {', '.join(g.value for g in DrawGround)})"
            ) from None
    board = _board(fen, moves)

    def result(verdict: Verdict, reason: str) -> ClaimResult:
        assert isinstance(ground, DrawGround)
        return ClaimResult(ground, verdict, reason, board.fen())

    if ground is DrawGround.STALEMATE:
        if board.is_stalemate():
            return result(Verdict.DRAW, "stalemate (Team Competitions 1972, blitz rule 2)")
        return result(Verdict.REJECTED, "the position is not stalemate")
    if ground is DrawGround.AGREEMENT:
        return result(Verdict.DRAW, "drawn by agreement (Team Competitions 1972, blitz rule 2)")
    if ground is DrawGround.BOTH_FLAGS:
        return result(
            Verdict.DRAW, "both flags have fallen: a draw (Team Competitions 1972, blitz rule 2)"
        )
    if ground is DrawGround.REPETITION:
        if not moves:
            return result(
                Verdict.ARBITER,
                "the arbiter must establish the threefold repetition himself (Team Competitions "
                "1972)",
            )
        if board.is_repetition(3):
            return result(
                Verdict.DRAW, "the position has occurred three times (Team Competitions 1972)"
            )
        return result(Verdict.REJECTED, "the position has not occurred three times in the moves")
    if ground is DrawGround.PERPETUAL:
        return result(
            Verdict.ARBITER,
            "the arbiter must establish that perpetual check cannot be avoided (Team Competitions "
            "1972)",
        )
    kind = _like_pieces(board)
    if kind is None:
        return result(
            Verdict.REJECTED,
            "the claim needs one piece of the same kind each and no pawns (Team Competitions 1972: "
            "«по одной "
            "одноименной белой и черной фигуре (без пешек)»)",
        )
    name = chess.piece_name(kind)
    return result(
        Verdict.ADMISSIBLE,
        f"{name} against {name}, no pawns: the opponent has {CLAIM_TRIAL_MOVES} moves in the "
        "arbiter's presence to reach a theoretically won position, else a draw; a flag falling "
        "during them loses (Team Competitions 1972)",
    )
