"""C.07 Art. 6: Direct Encounter (:mod:`chessarbiter.tiebreaks.direct_encounter`)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.standings import standings
from chessarbiter.tiebreaks import (
    compute,
    for_standings,
    parse,
    parse_list,
)


def test_direct_encounter_against_the_reference_calculator(
    shared: Path, oracle_files: list[Path]
) -> None:
    """DE among players tied on points (run as "PTS DE"): TieBreakServer's rank inside each
    tied group (0: not tied, or not separated) for every player of the 30 tournaments."""
    compared = 0
    for f in oracle_files:
        doc = json.loads(f.read_text())
        t = trf.load(shared / "corpus" / doc["source_trf"])
        values = compute(t, [parse("DE")])
        for number, expected in doc["players"].items():
            assert values[int(number)]["DE"] == Decimal(str(expected["DE"])), (
                doc["tournament"],
                number,
            )
            compared += 1
    assert compared > 1700


@pytest.mark.parametrize("name", ["tec-swiss-direct-encounter", "tec-round-robin"])
def test_direct_encounter_tec_fixtures(shared: Path, name: str) -> None:
    """The TEC exercises' DE (Sharly-Chess gives 0..k-1, higher better, inside each points
    group): the same order. In the round robin, 6 beat 5 by forfeit, which counts (15.2)."""
    expected = json.loads((shared / "real/sharly-chess/tec-expected.json").read_text())
    fixture = expected["fixtures"][name]["values"]
    t = trf.load(shared / f"real/sharly-chess/tec-trf/{name}.trf")
    ours = {n: v["DE"] for n, v in compute(t, [parse("DE")]).items()}
    for a in ours:
        for b in ours:
            if a < b and t.score(a) == t.score(b):
                theirs_a, theirs_b = fixture[str(a)]["DE"], fixture[str(b)]["DE"]
                assert (theirs_a == theirs_b) == (ours[a] == ours[b]), (a, b)
                if theirs_a != theirs_b:
                    assert (theirs_a > theirs_b) == (ours[a] < ours[b]), (a, b)


def test_direct_encounter_ranks_first_in_the_standings(shared: Path) -> None:
    """DE is a rank (1 best): the standings put the lower value first and print it as is."""
    t = trf.load(shared / "real/sharly-chess/tec-trf/tec-swiss-direct-encounter.trf")
    rows = standings(t, None, for_standings(t, [parse("DE")]))
    tied = [(r.pairing_number, r.tiebreaks["DE"], r.rank) for r in rows if r.points == 6]
    assert tied == [(6, Decimal(1), 2), (1, Decimal(2), 3), (4, Decimal(2), 3), (2, Decimal(4), 5)]


def test_de_with_forfeits_as_played(shared: Path) -> None:
    """6.1.1: forfeits are left out of DE unless the regulations include them (/P). In the
    TEC round robin read as a Swiss, 6's forfeit win over 5 then separates 4, 5 and 6."""
    t = trf.load(shared / "real/sharly-chess/tec-trf/tec-round-robin.trf")
    plain = compute(t, parse_list("DE"), round_robin=False)
    with_p = compute(t, parse_list("DE/P"), round_robin=False)
    assert [plain[n]["DE"] for n in (4, 5, 6)] == [0, 0, 0]
    assert [with_p[n]["DE/P"] for n in (4, 5, 6)] == [3, 2, 1]
