"""``chessarbiter pair --explain`` and ``--why X[,Y]``: the explanation of a Dutch pairing on
the command line (``chessarbiter.cli.pair`` over ``chessarbiter.pairing.dutch.why``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.cli import pair
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import cli, main
from chessarbiter.pairing.dutch.engine import explain_round

DUTCH = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "dutch"
CASE = DUTCH / "t003_p0015_r09_clean_s1000003" / "round05.trf"

pytestmark = pytest.mark.skipif(not CASE.exists(), reason=f"{CASE} is not beside the checkout")


@pytest.fixture(autouse=True)
def registered() -> None:
    pair.register(cli)


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_explain_prints_the_full_explanation_then_the_boards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "pair", CASE, "--explain")
    _, lines = explain_round(trf.load(CASE))
    assert code == EXIT_OK
    assert out.startswith("\n".join(lines) + "\n\nRound 5 — FIDE (Dutch) system")


def test_why_one_player(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pair", CASE, "--why", "4")
    assert code == EXIT_OK
    assert out.split("\n\n")[0].splitlines() == [
        "Why 4 (Test0004 Player0004): Bracket 1.5 points, paired with 12 (he chose, the "
        "higher-ranked of the two)",
        "  not 9: [C15] an MDP opponent would float up again (previous round)",
        "  not 11: [C1] they played each other in round 1",
        "  6 did not take 4: [C12] fewer colour preferences would be granted",
    ]
    assert "Bracket 4.0 points\n" not in out  # no overview without --explain
    assert "Pairing-allocated bye: 11" in out


def test_why_two_players_and_with_explain(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pair", CASE, "--why", " 4 , 2 ")
    assert code == EXIT_OK
    assert "  why not 2: [C6] more players would float down\n\nRound 5" in out
    code, out, _ = run(capsys, "pair", CASE, "--why", "4,2", "--explain", "--format", "json")
    assert code == EXIT_OK
    assert out.startswith("Round 5: FIDE (Dutch) system, 2026 rules; 15 players to pair")
    assert "\n\nWhy 4 (Test0004 Player0004)" in out and out.rstrip().endswith("}")


@pytest.mark.parametrize(
    ("value", "code", "message"),
    [
        ("99", EXIT_INVALID_INPUT, "error: no player has pairing number 99"),
        ("4,4", EXIT_INVALID_INPUT, "error: player 4 cannot be paired with himself"),
        ("x", EXIT_USAGE, "give one pairing number, or two separated by a comma"),
        ("1,2,3", EXIT_USAGE, "give one pairing number, or two separated by a comma"),
        ("0", EXIT_USAGE, "0: a pairing number is from 1 to 10000"),
        ("99999999999", EXIT_USAGE, "give one pairing number"),
    ],
)
def test_why_refuses_bad_numbers(
    capsys: pytest.CaptureFixture[str], value: str, code: int, message: str
) -> None:
    got, out, err = run(capsys, "pair", CASE, "--why", value)
    assert got == code and message in err and not out


def test_why_under_2017_rules_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "pair", CASE, "--why", "4", "--edition", "2017")
    assert code == EXIT_INVALID_INPUT
    assert "explanations for the Dutch 2017 edition are not available" in err


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.one_of(st.text(max_size=12), st.from_regex(r"\A-?[0-9]{1,3}(,[0-9]{0,3})?\Z")))
def test_any_why_value_is_answered_without_a_traceback(
    capsys: pytest.CaptureFixture[str], value: str
) -> None:
    code, _, err = run(capsys, "pair", CASE, "--why", value)
    assert code in (EXIT_OK, EXIT_USAGE, EXIT_INVALID_INPUT)
    assert "Traceback" not in err and (code == EXIT_OK or err)
