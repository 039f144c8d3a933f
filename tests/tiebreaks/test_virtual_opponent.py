"""The legacy virtual opponent of C.02 13.15 (Virtual Opponent 13.15), with its worked
examples (:mod:`chessarbiter.tiebreaks.virtual_opponent`)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from chessarbiter import trf
from chessarbiter.model import Tournament
from chessarbiter.tiebreaks import (
    compute,
    parse,
)


def seed003(shared: Path) -> tuple[Tournament, dict[str, object]]:
    folder = shared / "real/seed003"
    return trf.load(folder / "buchholz-virtual-opponent.trf"), json.loads(
        (folder / "expected.json").read_text()
    )


def test_seed003_worked_examples_under_legacy_rules(shared: Path) -> None:
    """Virtual Opponent 13.15: A (a forfeit win in round 1: virtual opponent 0 + (1 - 1) + 0.5 x 6 =
    3) 31.5; B (met A, whose forfeit win counts as a draw) 26; C (absent in round 4 after 3/3:
    3 + (1 - 0) + 0.5 x 3 = 5.5) 31."""
    t, _ = seed003(shared)
    v = compute(t, [parse("BH")], edition="legacy")
    assert (v[1]["BH"], v[6]["BH"], v[3]["BH"]) == (Decimal("31.5"), Decimal(26), Decimal(31))


def test_seed003_every_player_in_every_edition(shared: Path) -> None:
    """Every player's legacy Buchholz, and TieBreakServer's 2023/2024 and 2026 values for the
    same file (which show why legacy has to be an edition of its own)."""
    t, expected = seed003(shared)
    players = expected["players"]
    assert isinstance(players, dict)
    legacy = compute(t, [parse("BH")], edition="legacy")
    for number, row in players.items():
        assert legacy[int(number)]["BH"] == Decimal(str(row["legacy_buchholz"])), number
    current = expected["for_comparison_current_C07"]
    assert isinstance(current, dict)
    for edition, key in (("2023", "BH_C07_2024"), ("2026", "BH_C07_2026")):
        values = compute(t, [parse("BH")], edition=edition)
        for number, value in current[key].items():
            assert values[int(number)]["BH"] == Decimal(str(value)), (edition, number)
