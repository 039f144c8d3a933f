"""Team standings: the teams ranked by primary score, then the team tie-breaks in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessarbiter.standings import teams as S
from chessarbiter.trf import teams as R

REAL = Path(__file__).resolve().parents[2] / "shared" / "real" / "sharly-chess"
SAMPLE26 = REAL / "trf" / "example_trf26.trf"


@pytest.mark.skipif(not SAMPLE26.exists(), reason="shared sample files not present")
def test_trf26_sample_standings() -> None:
    """Standings with the file's own list (EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP): first
    India 3 (16) and Slovakia (22) on 20 MP, who never met, so EDE leaves them tied and
    EMGSB/C1 puts 16 first. The seven teams on 19 MP all met each other: the mini-standings
    (C.07 6.2) give Israel (19) 8 MP, the most, and Serbia (18) 4, the fewest."""
    e = R.load_event(SAMPLE26)
    rows = S.standings(e, "mp", e.tiebreaks)
    assert len(rows) == 50
    assert [r.team for r in rows[:2]] == [16, 22]
    assert rows[0].tiebreaks["EDET/P"] == 0
    nineteen = [r.team for r in rows if r.score == 19]
    assert sorted(nineteen) == [3, 6, 8, 11, 13, 18, 19]
    assert nineteen[0] == 19 and nineteen[-1] == 18
    assert [r.rank for r in rows] == list(range(1, 51))
