"""``chessarbiter schedule`` (:mod:`chessarbiter.cli.special.schedule`), run through the groups
:func:`chessarbiter.cli.special.register` adds."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner, Result

from chessarbiter.cli.special import register
from chessarbiter.errors import ChessArbiterError


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, list(args))


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
