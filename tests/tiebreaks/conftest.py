"""Fixtures of the individual tie-break tests: the corpus tournaments the FIDE TEC's reference
calculator (TieBreakServer, C.07 of 1 March 2026) was run on, and one tournament with forfeits,
a pairing-allocated bye and a withdrawal."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.model import Tournament


@pytest.fixture
def oracle_files(shared: Path) -> list[Path]:
    """The reference calculator's values, one JSON file per corpus tournament."""
    return sorted((shared / "corpus" / "tiebreaks").glob("*.json"))


@pytest.fixture
def t019(shared: Path) -> Tournament:
    """Corpus tournament t019: 7 players, 5 rounds, forfeits."""
    return trf.load(shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf")
