"""``chessarbiter roundrobin``: the Berger tables of FIDE C.05 Annex 1 on the command line."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.cli.roundrobin import read_federations, register
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


# -- Varma tables (C.05 Annex 2) -------------------------------------------------------------


def varma_json(*args: str) -> dict[str, object]:
    result = invoke("--varma", "--json", *args)
    assert result.exit_code == 0, result.output
    doc: dict[str, object] = json.loads(result.stdout)
    return doc


def test_varma_inline_federations_keep_compatriots_in_one_set() -> None:
    """C.05 Annex 2: the contingents draw largest first, each from one set (envelope) with
    enough numbers, so compatriots do not meet in the last three rounds."""
    feds = "RUS,RUS,RUS,RUS,USA,USA,USA,IND,IND,IND,ARM,AZE"
    doc = varma_json("--federations", feds, "--seed", "7")
    players = doc["players"]
    assert isinstance(players, list)
    assert sorted(p["number"] for p in players) == list(range(1, 13))
    sets: dict[str, set[str]] = {}
    for p in players:
        sets.setdefault(p["federation"], set()).add(p["set"])
    assert all(len(s) == 1 for s in sets.values())
    assert sets["RUS"] == {"A"}  # only A holds four (4 5 9 10)
    assert doc["sets"] == {"A": [4, 5, 9, 10], "B": [1, 2, 7], "C": [6, 8, 12], "D": [3, 11]}
    assert varma_json("--federations", feds, "--seed", "7") == doc  # the seed repeats it


def test_varma_text_file_and_text_output(tmp_path: Path) -> None:
    lines = ["# federation, then the name"]
    lines += [f"NOR Hansen {i}" for i in range(3)] + [f"ind Kumar {i}" for i in range(3)]
    lines += ["", "GER Meier, Hans", "FRA Dupont", "ESP Garcia", "CHN Li"]
    path = tmp_path / "field.txt"
    path.write_text("\n".join(lines) + "\n")
    result = invoke("--varma", "--federations", str(path), "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert out[0] == "Varma tables (FIDE C.05 Annex 2), 10 players, seed 3"
    assert out[1:5] == ["Set A: 3 4 8", "Set B: 5 7 9", "Set C: 1 6", "Set D: 2 10"]
    rows = [line.split(maxsplit=3) for line in out[5:]]
    assert [int(r[0]) for r in rows] == list(range(1, 11))
    assert {r[3] for r in rows if r[1] == "IND"} == {f"Kumar {i}" for i in range(3)}
    assert (
        len({r[2] for r in rows if r[1] == "NOR"})
        == len({r[2] for r in rows if r[1] == "IND"})
        == 1
    )
    assert "Meier, Hans" in {r[3] for r in rows}


def test_varma_trf_input(tmp_path: Path) -> None:
    """A TRF's players with their federations (001 columns 54-56)."""
    feds = ["NED"] * 4 + ["BEL"] * 3 + ["LUX"] * 2 + ["GER", "FRA"]
    lines = ["012 Varma test"]
    for n, fed in enumerate(feds, start=1):
        lines.append(f"001 {n:>4}      {f'Player {n:02d}':<33} {2000 + n:>4} {fed}")
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n")
    doc = varma_json("--federations", str(path), "--seed", "1")
    players = doc["players"]
    assert isinstance(players, list)
    assert len(players) == 11
    sets: dict[str, set[str]] = {}
    for p in players:
        sets.setdefault(p["federation"], set()).add(p["set"])
    assert all(len(s) == 1 for s in sets.values()), sets


def test_varma_federations_that_cannot_be_kept_apart() -> None:
    """Five compatriots in ten players: no set of the 9/10 table (3, 3, 2, 2) holds them; a
    clear error, unless the arbiter accepts the split."""
    feds = "SUI,SUI,SUI,SUI,SUI,GER,GER,FRA,ITA,ESP"
    result = invoke("--varma", "--federations", feds, "--seed", "1")
    assert result.exit_code != 0
    assert isinstance(result.exception, PairingError)
    assert "cannot be kept apart" in str(result.exception)
    assert "the 5 players of SUI" in str(result.exception)
    assert str(result.exception).endswith("(--allow-split splits them)")
    split = invoke("--varma", "--federations", feds, "--seed", "1", "--allow-split")
    assert split.exit_code == 0, split.output
    assert "Not kept apart (--allow-split): SUI (sets " in split.stdout


def test_varma_contingents_that_do_not_pack() -> None:
    """Four contingents of three in twelve players: sets of 4, 3, 3 and 2 hold only three of
    them whole."""
    feds = ",".join(["AAA"] * 3 + ["BBB"] * 3 + ["CCC"] * 3 + ["DDD"] * 3)
    result = invoke("--varma", "--federations", feds, "--seed", "1")
    assert isinstance(result.exception, PairingError)
    assert "(AAA 3, BBB 3, CCC 3, DDD 3) do not fit in them whole" in str(result.exception)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--varma"], "--varma needs --federations"),
        (["--federations", "GER,FRA"], "--federations applies only with --varma"),
        (["--varma", "--federations", "GER", "--players", "4"], "print the table"),
        (["--varma", "--federations", "GER,FR1"], "entry 2: 'FR1': a federation is a three"),
        (["--varma", "--federations", "nofile.txt"], "nofile.txt: no such file"),
        (["--varma", "--federations", ",".join(["GER"] * 25)], "25 players"),
        (["--seed", "3", "--players", "4"], "apply only with --varma"),
        ([], "give --players N"),
    ],
)
def test_varma_usage_errors(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_varma_too_few_players_names_the_annex() -> None:
    result = invoke("--varma", "--federations", "GER,FRA,ITA")
    assert isinstance(result.exception, PairingError)
    assert "C.05 Annex 2" in str(result.exception)


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="GERFAgx ,;#\n0", max_size=60))
def test_read_federations_answers_or_names_the_problem(value: str) -> None:
    """Any inline value is a list of three-letter codes or a usage error naming the entry."""
    try:
        players = read_federations(value)
    except click.BadParameter as error:
        assert "--federations" in str(error.param_hint)
        return
    assert all(len(code) == 3 and code.isupper() for _, _, code in players)
    assert len(players) == len(value.split(","))
