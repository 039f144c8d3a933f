"""``pair --explain``: the explanation of a Dutch pairing, bracket by bracket (issue 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.main import main
from chessarbiter.pairing.dutch.engine import explain_round, pair_round

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "dutch"
CASE = CORPUS / "t003_p0015_r09_clean_s1000003" / "round05.trf"

pytestmark = pytest.mark.skipif(not CASE.exists(), reason=f"{CASE} is not available")


def test_explaining_does_not_change_the_pairing():
    t = trf.load(CASE)
    pairing, _ = explain_round(t)
    assert pairing == pair_round(trf.load(CASE))


def test_explanation_names_brackets_players_and_criteria():
    _, lines = explain_round(trf.load(CASE))
    text = "\n".join(lines)
    # every score group of the round is a bracket, top first
    brackets = [line for line in lines if line.startswith("Bracket")]
    assert brackets[0] == "Bracket 4.0 points" and len(brackets) == 5
    # player 2 could not meet player 1 again (C.04.1 b / [C1]): they met in round 4
    assert "not 2: [C1] they played each other in round 4" in text
    # a rejection for a quality criterion names it
    assert "[C14] a resident downfloater would float down again" in text
    assert text.rstrip().endswith("Pairing-allocated bye: 11")


def test_every_rejected_opponent_is_ranked_above_the_chosen_one():
    t = trf.load(CASE)
    _, lines = explain_round(t)
    state_rank = {p.number: i for i, p in enumerate(t)}
    current: tuple[int, int] | None = None
    for line in lines:
        stripped = line.strip()
        if " - " in stripped and stripped.split(" - ")[0].isdigit():
            a, b = (int(x) for x in stripped.split(" - "))
            current = (a, b)
        elif stripped.startswith("not ") and current is not None:
            rejected = int(stripped[4:].split(":")[0])
            assert state_rank[rejected] < state_rank[current[1]] or rejected < current[1]


def test_pair_command_explain(capsys):
    assert main(["pair", str(CASE), "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 5: FIDE (Dutch) system, 2026 rules; 15 players to pair")
    assert "Bracket 3.0 points" in out and "Pairing-allocated bye: 11" in out
