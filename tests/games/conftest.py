"""A round of 142 boards from the Dutch corpus (``../shared/corpus``), and random legal games
whose Result tags are the TRF's results, to match and apply as a real round's PGN would be."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import chess
import pytest

from chessarbiter.model import Tournament
from chessarbiter.output import round_games
from chessarbiter.trf import load

#: A 300-player event whose fifth round has 142 boards (the others: byes, forfeits, absences).
CORPUS_EVENT = Path("corpus/dutch/t036_p0300_r07_mixed_s1000036/tournament.trf")
CORPUS_ROUND = 5


def random_moves(rng: random.Random, plies: int, start: chess.Board | None = None) -> list[str]:
    """``plies`` random legal moves (fewer when the game ends), in SAN."""
    board = chess.Board() if start is None else start.copy()
    moves: list[str] = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(board.san(move))
        board.push(move)
    return moves


@dataclass(frozen=True)
class CorpusRound:
    tournament: Tournament
    round_number: int
    boards: list[tuple[int, int]]  # (white, black) pairing numbers, board order


@pytest.fixture(scope="session")
def corpus_round(shared: Path) -> CorpusRound:
    tournament = load(shared / CORPUS_EVENT)
    games, _ = round_games(tournament, CORPUS_ROUND)
    return CorpusRound(tournament, CORPUS_ROUND, games)
