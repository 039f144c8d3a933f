"""Seed 000's "unusual chess" commands: ``telegraph``, ``schedule``, ``simul``, ``handicap``
(run through a group of their own; the lead registers them in ``chessarbiter``)."""

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
