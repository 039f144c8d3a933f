"""Team Competitions 1972's "unusual chess" commands: ``telegraph``, ``schedule``, ``simul``,
``handicap``, ``solving``, ``radio``, ``blitz`` (run through a group of their own; the lead
registers them in ``chessarbiter``)."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner, Result

from chessarbiter.cli.unusual import register
from chessarbiter.errors import ChessArbiterError

HESSE = "gegoseso kahirati hadotiwi gakawigot dotetsase hagagoho hisothoto kekototi sowisetet wizat"


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, list(args))


def test_telegraph_encode() -> None:
    result = invoke("telegraph", "encode", "e4 e5 Nf3")
    assert result.exit_code == 0, result.output
    assert result.stdout == "gego seso kahi\n"
    messages = invoke("telegraph", "encode", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "--style", "messages")
    assert messages.stdout.splitlines()[-2:] == ["napi hano", "hano memi"]
    data = json.loads(invoke("telegraph", "encode", "e4", "--json").stdout)
    assert data == {"code": "gringmuth", "words": ["gego"], "text": ["gego"]}
    fen = "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"
    assert invoke("telegraph", "encode", "b8=N", "--fen", fen).stdout == "nenak\n"
    assert invoke("telegraph", "encode", "e4", "--code", "uedemann").stdout == "dogo\n"


def test_telegraph_decode() -> None:
    result = invoke("telegraph", "decode", "gego", "seso", "kahi", "napi", "hano", "memi")
    assert result.exit_code == 0, result.output
    assert result.stdout == "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n"
    hesse = invoke("telegraph", "decode", "--telegram", HESSE, "--json")
    assert json.loads(hesse.stdout)["moves"][-1] == "Nxh8#"
    black = invoke("telegraph", "decode", "seso", "--fen", "4k3/4p3/8/8/4P3/8/8/4K3 b - - 0 1")
    assert black.stdout == "1... e5\n"


def test_telegraph_decode_refuses_an_illegal_move() -> None:
    result = invoke("telegraph", "decode", "gego", "seso", "kahi", "napi", "hano", "meme")
    assert isinstance(result.exception, ChessArbiterError)
    assert "move 3 (black), word 6 'meme'" in str(result.exception)


def test_telegraph_days() -> None:
    result = invoke("telegraph", "days", "--start", "2026-12-01", "--moves", "1-10")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "move\twhite\tblack"
    assert lines[1] == "1\t2026-12-02 Wed\t2026-12-03 Thu"
    assert lines[3] == "3\t2026-12-07 Mon\t2026-12-08 Tue"
    assert len(lines) == 11
    data = json.loads(
        invoke("telegraph", "days", "--start", "2026-12-01", "--moves", "2", "--json").stdout
    )
    assert data == {"days": [{"move": 2, "white": "2026-12-04", "black": "2026-12-05"}]}


def test_schedule_plan() -> None:
    result = invoke("schedule", "plan", "--start", "2026-12-01", "--pattern", "3R,A,3R,A,F")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[1] == "1\t2026-12-01 Tue\t1\tround 1"
    assert lines[4] == "4\t2026-12-04 Fri\t1\tadjournment day"
    assert lines[-1].startswith("violation: 2026-12-07 Mon: no adjournment day before the last")
    data = json.loads(
        invoke(
            "schedule", "plan", "--start", "2026-12-01", "--pattern", "3R,A,3R,A,F", "--json"
        ).stdout
    )
    assert data["rounds"] == 6 and len(data["days"]) == 9
    assert [(v["day"], v["rule"]) for v in data["violations"]] == [
        (7, "adjournment-before-last-round")
    ]
    ok = invoke("schedule", "plan", "--start", "2026-12-01", "--pattern", "2R,A,2R,A,F,R,A,R")
    assert ok.exit_code == 0 and ok.stdout.splitlines()[-1].startswith("ok: 6 rounds")
    strict = invoke(
        "schedule",
        "plan",
        "--start",
        "2026-12-01",
        "--pattern",
        "3R,A,3R,A,F",
        "--morning-adjournments",
        "--json",
    )
    assert "rest" in [v["rule"] for v in json.loads(strict.stdout)["violations"]]
    bad = invoke("schedule", "plan", "--start", "2026-12-01", "--pattern", "3Q")
    assert isinstance(bad.exception, ChessArbiterError)


def test_schedule_blitz_evening() -> None:
    result = invoke("schedule", "blitz-evening", "--players", "16")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "18:00-18:13\tround 1"
    assert lines[4] == "18:52-18:57\tbreak"
    assert lines[-1] == "16 players, 15 rounds, 215 minutes of at most 240"
    data = json.loads(
        invoke("schedule", "blitz-evening", "--players", "20", "--day-off", "--json").stdout
    )
    assert (data["max_players"], data["limit_minutes"], data["breaks_after"]) == (
        20,
        300,
        [4, 8, 12, 16, 18],
    )
    too_many = invoke("schedule", "blitz-evening", "--players", "17")
    assert isinstance(too_many.exception, ChessArbiterError)
    assert "at most 16" in str(too_many.exception)
    bad_time = invoke("schedule", "blitz-evening", "--players", "8", "--start", "7pm")
    assert isinstance(bad_time.exception, ChessArbiterError)


def test_simul_limit() -> None:
    result = invoke("simul", "limit", "--exhibitor", "master", "--participants", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout == "at most 30 participants (class gap 3)\n"
    roster = invoke("simul", "limit", "--exhibitor", "master", "--participants", "1:21", "--json")
    assert roster.exit_code == 1
    data = json.loads(roster.stdout)
    assert (data["limit"], data["participants"], len(data["problems"])) == (20, 21, 1)
    bad = invoke("simul", "limit", "--exhibitor", "wizard", "--participants", "2")
    assert isinstance(bad.exception, ChessArbiterError)


def test_simul_score() -> None:
    result = invoke(
        "simul",
        "score",
        "--result",
        "Tal,15½,2:35,20",
        "--result",
        "Petrosian,17,3:00,20",
        "--per",
        "10",
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "place\texhibitor\tscore\tminutes\textra\tdeduction\tadjusted"
    assert lines[1] == "1\tPetrosian\t17\t180\t25\t1\t16"
    assert lines[2] == "2\tTal\t15.5\t155\t0\t0\t15.5"
    bad = invoke("simul", "score", "--result", "Tal;15")
    assert isinstance(bad.exception, ChessArbiterError)


def test_handicap_eliminate() -> None:
    args = [
        "handicap",
        "eliminate",
        "--player",
        "Averbakh=1.5",
        "--player",
        "Purdy=2",
        "--player",
        "Koshnitsky=3",
        "--round",
        "Averbakh 1/2 Purdy, Koshnitsky bye",
        "--round",
        "Purdy 1-0 Averbakh, Koshnitsky bye",
    ]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "round 1: eliminated nobody; still in: Averbakh, Purdy, Koshnitsky"
    assert lines[1] == "round 2: eliminated Averbakh; still in: Purdy, Koshnitsky"
    assert lines[3] == "Averbakh\t1.5\t2\t0.5\t1.5\tround 2"
    data = json.loads(invoke(*args, "--json").stdout)
    assert data["rounds"][1]["eliminated"] == ["Averbakh"]
    bad = invoke("handicap", "eliminate", "--player", "Averbakh")
    assert isinstance(bad.exception, ChessArbiterError)


def test_schedule_plan_by_regime() -> None:
    """Team Competitions 1972's regimes by name, as an alternative to --pattern."""
    result = invoke("schedule", "plan", "--start", "2026-12-01", "--regime", "match")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "ok: 3 rounds, Team Competitions 1972's rules are met"
    data = json.loads(
        invoke("schedule", "plan", "--start", "2026-12-01", "--regime", "hard", "--json").stdout
    )
    assert data["rest_every"] == 7 and data["rounds"] == 5
    both = invoke("schedule", "plan", "--start", "2026-12-01", "--regime", "team", "--pattern", "R")
    assert isinstance(both.exception, ChessArbiterError)
    neither = invoke("schedule", "plan", "--start", "2026-12-01")
    assert isinstance(neither.exception, ChessArbiterError)


def test_schedule_swiss_days() -> None:
    """Team Competitions 1972: day 1 round morning, adjournments evening; day 2 adjournments
    morning, round evening; day 3 adjournments morning and evening."""
    result = invoke("schedule", "swiss-days", "--rounds", "9", "--start", "2026-12-01")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "day\tdate\ttime\tsession"
    assert lines[1] == "1\t2026-12-01 Tue\tmorning\tround 1"
    assert lines[4] == "2\t2026-12-02 Wed\tevening\tround 2"
    assert lines[6] == "3\t2026-12-03 Thu\tevening\tadjournments"
    assert len(lines) == 28
    data = json.loads(
        invoke("schedule", "swiss-days", "--rounds", "2", "--start", "2026-12-01", "--json").stdout
    )
    assert [s["kind"] for s in data["sessions"]] == ["round", "adjournment", "adjournment"] * 2


def test_schedule_load() -> None:
    """Team Competitions 1972's load table: 1st category and candidates 3 days, 3½–4 h, 50–70 days a
    year."""
    ok = invoke(
        "schedule", "load", "--level", "1", "--days-per-week", "3", "--hours", "4",
        "--days-per-year", "60",
    )  # fmt: skip
    assert ok.exit_code == 0, ok.output
    assert ok.stdout.splitlines() == [
        "1st category and candidates: 3 days a week, 3.5-4 hours, 50-70 competition days a year",
        "ok: the planned season is within Team Competitions 1972's norm",
    ]
    over = invoke(
        "schedule", "load", "--level", "3", "--days-per-week", "3", "--hours", "3",
        "--days-per-year", "51", "--json",
    )  # fmt: skip
    assert over.exit_code == 1
    data = json.loads(over.stdout)
    assert data["days_per_week"] == [2, 2]
    assert [e["field"] for e in data["excesses"]] == ["days_per_week", "days_per_year"]
    table = invoke("schedule", "load", "--level", "none")
    assert (
        table.stdout
        == "below 3rd category: 1-2 days a week, 2 hours, 30-40 competition days a year\n"
    )
    partial = invoke("schedule", "load", "--level", "1", "--hours", "4")
    assert isinstance(partial.exception, ChessArbiterError)
    master = invoke("schedule", "load", "--level", "master")
    assert isinstance(master.exception, ChessArbiterError)


def test_solving_score() -> None:
    """Team Competitions 1972: points per correct solution, premiums for cooks and unsoundness."""
    result = invoke(
        "solving", "score", "--position", "1=3", "--position", "2=5", "--solver", "A=1,2",
        "--solver", "B=2", "--solver", "C=1:sc", "--solver", "D=", "--cook-bonus", "2",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "place\tsolver\tsolutions\tpremiums\ttotal",
        "1\tA\t8\t0\t8",
        "2-3\tB\t5\t0\t5",
        "2-3\tC\t3\t2\t5",
        "4\tD\t0\t0\t0",
    ]
    data = json.loads(
        invoke(
            "solving", "score", "--position", "1=3", "--solver", "A=1:u", "--unsound-bonus",
            "1.5", "--json",
        ).stdout
    )  # fmt: skip
    assert data == {
        "standings": [
            {"place": "1", "solver": "A", "solutions": "0", "premiums": "1.5", "total": "1.5"}
        ]
    }
    bad = invoke("solving", "score", "--position", "1=3", "--solver", "A=9")
    assert isinstance(bad.exception, ChessArbiterError)


def test_radio_split() -> None:
    result = invoke("radio", "split", "--shown", "50", "--transmission", "0:20")
    assert result.exit_code == 0, result.output
    assert result.stdout == "thinking 30 min, transmission 20 min (clock shows 50 min)\n"
    data = json.loads(
        invoke(
            "radio", "split", "--shown", "1:00", "--transmission", "5", "--transmission", "5",
            "--json",
        ).stdout
    )  # fmt: skip
    assert data == {"shown": 60, "thinking": 50, "transmission": 10}
    bad = invoke("radio", "split", "--shown", "5", "--transmission", "6")
    assert isinstance(bad.exception, ChessArbiterError)


def test_blitz_claim() -> None:
    """Team Competitions 1972, blitz rule 2."""
    rooks = "8/8/3k4/8/3r4/8/3R4/3K4 w - - 0 1"
    result = invoke("blitz", "claim", rooks)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("admissible: rook against rook, no pawns: the opponent has 10")
    rejected = invoke("blitz", "claim", "8/8/3k4/8/3b4/8/3R4/3K4 w - - 0 1", "--json")
    assert rejected.exit_code == 1
    assert json.loads(rejected.stdout)["verdict"] == "rejected"
    repetition = invoke(
        "blitz", "claim", rooks, "--ground", "repetition", "--moves", "1. Kc1 Kc6 2. Kd1 Kd6 " * 2
    )
    assert repetition.stdout.startswith("draw: ")
    flags = invoke("blitz", "claim", rooks, "--ground", "both-flags")
    assert flags.exit_code == 0 and flags.stdout.startswith("draw: both flags")
    bad = invoke("blitz", "claim", "nonsense")
    assert isinstance(bad.exception, ChessArbiterError)
