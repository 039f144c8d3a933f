"""``chessarbiter roundrobin``: the Berger tables of FIDE C.05 Annex 1 on the command line."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable

import click
import pytest
from click.testing import CliRunner, Result

from chessarbiter.cli.roundrobin import register
from chessarbiter.errors import PairingError
from chessarbiter.pairing.roundrobin import berger_table, double_round_robin

FOUR_PLAYERS_JSON = {
    "rounds": [
        {"round": 1, "pairs": [[1, 4], [2, 3]]},
        {"round": 2, "pairs": [[4, 3], [1, 2]]},
        {"round": 3, "pairs": [[2, 4], [3, 1]]},
    ]
}


def invoke(*args: str) -> Result:
    """Run the command through a group of its own (the other CLI modules are not needed)."""
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, ["roundrobin", *args])


def as_lists(rounds: list[list[tuple[int, int]]]) -> list[list[list[int]]]:
    return [[[white, black] for white, black in pairs] for pairs in rounds]


def test_json_for_four_players_is_the_c05_annex1_table() -> None:
    result = invoke("--players", "4", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == FOUR_PLAYERS_JSON


def test_json_for_an_odd_field_writes_the_bye_as_zero() -> None:
    result = invoke("--players", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3, 4, 5]
    assert [r["pairs"][0] for r in data["rounds"]] == [[1, 0], [4, 0], [2, 0], [5, 0], [3, 0]]
    assert [r["pairs"] for r in data["rounds"]] == as_lists(berger_table(5))


def test_json_double_round_robin_exchanges_the_last_two_rounds_of_the_first_cycle() -> None:
    result = invoke("--players", "6", "--double", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["round"] for r in data["rounds"]] == list(range(1, 11))
    pairs = [r["pairs"] for r in data["rounds"]]
    assert pairs == as_lists(double_round_robin(6))
    # Rounds 4 and 5 of the first cycle are exchanged; round 6 opens the reversed cycle.
    assert pairs[3] == [[3, 6], [4, 2], [5, 1]]
    assert pairs[4] == [[6, 5], [1, 4], [2, 3]]
    assert pairs[5] == [[6, 1], [5, 2], [4, 3]]


def test_json_double_without_swap_is_the_plain_table() -> None:
    result = invoke("--players", "6", "--double", "--no-swap", "--json")
    assert result.exit_code == 0, result.output
    pairs = [r["pairs"] for r in json.loads(result.stdout)["rounds"]]
    assert pairs == as_lists(double_round_robin(6, swap_last_two=False))
    assert pairs[:5] == as_lists(berger_table(6))


def test_text_table() -> None:
    result = invoke("--players", "4")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Round robin, 4 players, 3 rounds (FIDE C.05 Annex 1)",
        "Round 1: 1-4 2-3",
        "Round 2: 4-3 1-2",
        "Round 3: 2-4 3-1",
    ]


def test_text_table_with_byes_and_two_digit_rounds() -> None:
    result = invoke("-n", "5", "--double")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "Double round robin, 5 players, 10 rounds (FIDE C.05 Annex 1); "
        "rounds 4 and 5 exchanged in the first cycle"
    )
    assert lines[1] == "Round  1: 1-bye 2-5 3-4"
    assert lines[10] == "Round 10: 3-bye 2-4 1-5"
    assert len(lines) == 11


@pytest.mark.parametrize("players", ["1", "0", "-3"])
def test_bad_player_count_raises_pairing_error(players: str) -> None:
    result = invoke("--players", players)
    assert isinstance(result.exception, PairingError)
    assert "at least 2 players" in str(result.exception)


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "four"],
        ["--players", "4.5"],
        [],
        ["--players", "4", "--no-swap"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""


# -- through chessarbiter.cli.main.main ------------------------------------------------------


@pytest.fixture
def main() -> Callable[[list[str] | None], int]:
    """``main()``; it registers the trf, standings and demo commands too, written elsewhere."""
    for name in ("trf", "roundrobin", "standings", "demo"):
        try:
            importlib.import_module(f"chessarbiter.cli.{name}")
        except ImportError as error:
            pytest.skip(f"chessarbiter.cli.{name} cannot be imported yet: {error}")
    from chessarbiter.cli.main import main as run

    return run


def test_main_exit_codes(
    main: Callable[[list[str] | None], int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["roundrobin", "--players", "4", "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == FOUR_PLAYERS_JSON

    assert main(["roundrobin", "--players", "1"]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "at least 2 players, not 1" in captured.err

    assert main(["roundrobin", "--players", "four"]) == 2
    assert "not a valid integer" in capsys.readouterr().err

    assert main(["roundrobin", "--players", "4", "--no-swap"]) == 2
    assert "--no-swap applies only with --double" in capsys.readouterr().err
