"""Issue 13 item 18: command lines that ended in a Python traceback (or ran out of memory or
time) end with a clean message and a documented exit code; every count has a bound.

Each case below was reproduced on the original code first (the traceback, ``MemoryError`` or
hang is named in its comment).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from chessarbiter import limits
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
TEAM_FILE = SHARED / "real" / "sharly-chess" / "tournament_importers" / "trf-team-import-test.trf"
SMALL_TRF = SHARED / "corpus" / "dutch" / "t001_p0007_r05_clean_s1000001" / "round02.trf"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    started = time.monotonic()
    code = main([str(a) for a in args])
    assert time.monotonic() - started < 30, "a bounded request must answer quickly"
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


# -- knockout draw: the players file -----------------------------------------------------------


def test_issue_13_item_18_knockout_draw_reads_a_latin1_file(capsys, tmp_path):
    """UnicodeDecodeError before: the file is read as the TRF reader reads (UTF-8, else
    Windows-1252)."""
    players = tmp_path / "players.tsv"
    players.write_bytes("number\tname\n1\tJosé\n2\tMüller\n".encode("cp1252"))
    code, out, err = run(capsys, "knockout", "draw", players, "--scheme", "cup", "--format", "json")
    assert (code, err) == (EXIT_OK, "")
    assert json.loads(out)["names"] == {"1": "José", "2": "Müller"}


def test_issue_13_item_18_knockout_draw_field_over_128_kib(capsys, tmp_path):
    """_csv.Error "field larger than field limit" before."""
    players = tmp_path / "players.tsv"
    players.write_text("number\tname\n1\t" + "x" * 140_000 + "\n2\tBob\n")
    code, out, err = run(capsys, "knockout", "draw", players, "--scheme", "cup")
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert err == f"error: {players}:2: field larger than field limit (131072)\n"


@pytest.mark.parametrize(
    ("number", "message"),
    [("²", "number '²' is not a number"), ("9" * 5000, f"is above {limits.MAX_PERSONAL_NUMBER}")],
)
def test_issue_13_item_18_knockout_draw_numbers_are_ascii_and_bounded(
    capsys, tmp_path, number, message
):
    """ValueError from int() before (a Unicode digit that is not a decimal digit; 5,000
    digits)."""
    players = tmp_path / "players.tsv"
    players.write_text(f"number\tname\n{number}\tAnn\n2\tBob\n")
    code, _, err = run(capsys, "knockout", "draw", players, "--scheme", "cup")
    assert code == EXIT_INVALID_INPUT
    assert message in err


def test_issue_13_item_18_knockout_draw_games_bound(capsys, tmp_path):
    players = tmp_path / "players.tsv"
    players.write_text("number\tname\n1\tAnn\n2\tBob\n")
    too_many = str(limits.MAX_MATCH_GAMES + 1)
    code, _, err = run(capsys, "knockout", "draw", players, "--scheme", "cup", "--games", too_many)
    assert code == EXIT_USAGE and "--games" in err


# -- radio, schedule, telegraph ----------------------------------------------------------------


@pytest.mark.parametrize("option", ["--shown", "--transmission"])
def test_issue_13_item_18_radio_split_huge_minutes(capsys, option):
    """OverflowError: Python int too large to convert to C int, before."""
    args = {"--shown": "100", "--transmission": "1"} | {option: "99999999999999999999"}
    code, out, err = run(capsys, "radio", "split", *[x for kv in args.items() for x in kv])
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert "at most 527040 minutes" in err


def test_issue_13_item_18_blitz_evening_huge_round_minutes(capsys):
    """OverflowError: date value out of range, before."""
    code, _, err = run(
        capsys,
        "schedule",
        "blitz-evening",
        "--players", "10", "--start", "23:59", "--round-minutes", "999999999999",
    )  # fmt: skip
    assert code == EXIT_INVALID_INPUT
    assert "none may be longer than the 240 minutes of the evening" in err


def test_issue_13_item_18_plan_at_the_end_of_the_calendar(capsys):
    """OverflowError: date value out of range, before."""
    code, _, err = run(capsys, "schedule", "plan", "--start", "9999-12-31", "--regime", "match")
    assert code == EXIT_INVALID_INPUT
    assert err == ("error: 9999-12-31 + 6 days is past 9999-12-31, the last day a date can have\n")


def test_issue_13_item_18_plan_with_huge_rounds(capsys):
    """Ran without end (the pattern repeated to 10^11 rounds), before."""
    code, _, err = run(
        capsys,
        "schedule",
        "plan",
        "--start", "2026-01-01", "--regime", "match", "--rounds", "99999999999",
    )  # fmt: skip
    assert code == EXIT_INVALID_INPUT
    assert err == "error: 1 to 99 rounds, not 99999999999\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--rounds", "9", "--start", "9999-12-31"), "past 9999-12-31"),
        (("--rounds", "99999999999", "--start", "2026-01-01"), "1 to 99 rounds"),
    ],
)
def test_issue_13_item_18_swiss_days_bounds(capsys, args, message):
    """OverflowError: date value out of range, before (both)."""
    code, _, err = run(capsys, "schedule", "swiss-days", *args)
    assert code == EXIT_INVALID_INPUT
    assert message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--start", "9999-12-31"), "the sending days run past 9999-12-31"),
        (("--start", "2026-12-01", "--moves", "1-99999999999"), "from 1 to 10000"),
        (("--start", "2026-12-01", "--first-move", "99999999999"), "from 1 to 10000"),
    ],
)
def test_issue_13_item_18_telegraph_days_bounds(capsys, args, message):
    """OverflowError (a date past 9999-12-31) and MemoryError (range of 10^11 moves) before."""
    code, _, err = run(capsys, "telegraph", "days", *args)
    assert code == EXIT_INVALID_INPUT
    assert message in err


def test_issue_13_item_18_simul_roster_count(capsys):
    """MemoryError before: a roster of 10^11 participants was built."""
    code, _, err = run(
        capsys, "simul", "limit", "--exhibitor", "gm", "--participants", "2:99999999999"
    )
    assert code == EXIT_INVALID_INPUT
    assert f"a simul has at most {limits.MAX_SIMUL_BOARDS}" in err


@pytest.mark.parametrize(
    "args",
    [
        ("simul", "score", "--result", "A,1e999999,10", "--result", "B,3,20"),
        (
            "handicap",
            "eliminate",
            "--player",
            "A=1e999999",
            "--player",
            "B=2",
            "--round",
            "A 1-0 B",
        ),
    ],
)
def test_issue_13_item_18_huge_scores(capsys, args):
    """decimal.InvalidOperation (DivisionImpossible) before."""
    code, _, err = run(capsys, *args)
    assert code == EXIT_INVALID_INPUT
    assert err.startswith("error: ")


# -- teams -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("simultaneous", "--teams", "4", "--boards", "1000000000"), "between 1 and 100"),
        (("simultaneous", "--teams", "1000", "--boards", "4"), "between 2 and 40"),
        (("mixed", "--players", "100000"), "between 1 and 50"),
        (("mixed", "--players", "50", "--teams", "26"), "1300 players; at most 1000"),
        (("match", "--boards", "100000", "--rounds", "100000"), "between 1 and 50"),
        (("scheveningen", "--boards", "100000"), "between 1 and 50"),
        (("roundrobin", "--teams", "4", "--boards", "100000"), "between 1 and 50"),
        (("three-in-two", "--boards", "100000"), "between 1 and 50"),
    ],
)
def test_issue_13_item_18_team_schedule_counts(capsys, args, message):
    """`teams simultaneous --boards 1000000000` and `teams mixed --players 100000` ran for
    minutes or out of memory before."""
    code, out, err = run(capsys, "teams", *args)
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert message in err


@pytest.mark.parametrize("order", ["²", "999999999"])
def test_issue_13_item_18_roster_orders(capsys, tmp_path, order):
    """ValueError from int('²') and a set of 10^9 board numbers (minutes, memory) before."""
    roster = tmp_path / "roster.tsv"
    roster.write_text(
        f"team\trole\torder\tid\tname\nA\tmain\t1\t1\tX\nA\tmain\t{order}\t2\tY\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "teams", "lineup", roster, "--present", "1", "--regime", "fixed")
    assert code == EXIT_INVALID_INPUT
    assert "order must be a board or reserve number from 1 to 50" in err


@pytest.mark.skipif(not TEAM_FILE.exists(), reason=f"{TEAM_FILE} is not beside the checkout")
@pytest.mark.parametrize("weights", ["1e999999,1,1,1", "nan,1,1,1"])
def test_issue_13_item_18_board_weights(capsys, weights):
    """decimal.InvalidOperation before."""
    code, _, err = run(
        capsys, "teams", "standings", TEAM_FILE, "--tiebreaks", "BW", "--board-weights", weights
    )
    assert code == EXIT_USAGE
    assert "each from 0 to 10000" in err


# -- roundrobin, pair, clock -------------------------------------------------------------------


def test_issue_13_item_18_roundrobin_players(capsys):
    """MemoryError (4 GB) before."""
    code, out, err = run(capsys, "roundrobin", "--players", "100000")
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert err == "error: the players of a round robin must be between 2 and 1000 (got 100000)\n"
    assert run(capsys, "roundrobin", "--players", "1000")[0] == EXIT_OK


@pytest.mark.skipif(not SMALL_TRF.exists(), reason=f"{SMALL_TRF} is not beside the checkout")
def test_issue_13_item_18_pair_round_bound(capsys):
    """MemoryError before: the tournament before round 10^11 was built."""
    code, _, err = run(capsys, "pair", SMALL_TRF, "--round", "99999999999")
    assert code == EXIT_USAGE
    assert "1<=x<=99" in err


def test_issue_13_item_18_clock_control_length(capsys):
    """ValueError (integer string of more than 4,300 digits) before."""
    code, _, err = run(capsys, "clock", "classify", "1" + "0" * 4400)
    assert code == EXIT_INVALID_INPUT
    assert f"a time control has at most {limits.MAX_TIME_CONTROL_CHARS} characters" in err
    code, _, err = run(capsys, "clock", "classify", "1" + "0" * 100 + "+2")
    assert code == EXIT_INVALID_INPUT
    assert f"a number has at most {limits.MAX_TIME_CONTROL_DIGITS} digits" in err


def test_issue_13_item_18_clock_help_gives_the_time_control_bound(capsys):
    """The help said 200 characters where the readers refuse only beyond 500."""
    code, out, _ = run(capsys, "clock", "--help")
    assert code == EXIT_OK
    assert f"has at most {limits.MAX_TIME_CONTROL_CHARS} characters" in " ".join(out.split())


def test_issue_13_item_18_clock_flag_node_limit(capsys):
    code, _, err = run(
        capsys, "clock", "flag", "8/8/8/4k3/8/8/8/4K3 w - - 0 1", "--side", "white",
        "--node-limit", str(limits.MAX_FLAG_NODES + 1),
    )  # fmt: skip
    assert code == EXIT_USAGE and "--node-limit" in err


# -- every count has a documented bound --------------------------------------------------------


def test_issue_13_item_18_every_count_says_its_bound():
    """Every whole-number option of every command (but web, trf and standings, another
    module's) names its bound in its help or has a click range with a maximum."""
    import click

    from chessarbiter.cli.main import cli, register_commands

    register_commands()
    missing: list[str] = []

    def walk(command: click.Command, words: list[str]) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*words, name])
            return
        if words[0] in ("web", "trf", "standings"):
            return
        for param in command.params:
            if not isinstance(param, click.Option):
                continue
            kind = param.type
            if isinstance(kind, click.IntRange) and kind.max is not None:
                continue
            if kind is click.INT or isinstance(kind, click.IntRange):
                text = param.help or ""
                if not any(ch.isdigit() for ch in text) and "any whole number" not in text:
                    missing.append(f"{' '.join(words)} {param.opts[0]}")

    walk(cli, [])
    assert missing == []
