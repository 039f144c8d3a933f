"""``chessarbiter clock ...`` (issue 8): the group is run through a click.Group of its own (the
lead registers it in ``chessarbiter.cli.main``). Rules: Team Competitions 1972, Laws Commentary 1997
and Stage by Stage 1997, spec 7."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner, Result

from chessarbiter.cli.clock import parse_seconds, parse_times, register
from chessarbiter.timecontrol import ClockError, FlagError, LawsError, TimeControlError


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, ["clock", *args])


def as_json(*args: str) -> object:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("control", "laws", "category"),
    [
        ("180+2", "1997", "blitz"),  # 1997 C1: under 15 min
        ("900", "1997", "rapid"),  # 1997 B1: 15–60 min
        ("3600", "1997", "rapid"),
        ("3600", "2023", "standard"),  # 2023 A.1: less than 60
        ("600", "2023", "blitz"),  # 2023 B.1: 10 min or less
        ("300+6", "2023", "rapid"),  # 300 + 60 × 6 = 660 s
        ("40/6000+30:20/3000+30:600+30", "2023", "standard"),  # Stage by Stage 1997
    ],
)
def test_classify_exact_json(control: str, laws: str, category: str) -> None:
    assert as_json("classify", control, "--laws", laws) == {"category": category}


def test_classify_default_edition_and_text() -> None:
    assert as_json("classify", "600") == {"category": "blitz"}
    result = invoke("classify", "180+2", "--laws", "2023")
    assert result.exit_code == 0 and result.output.startswith("blitz")
    assert invoke("classify", "600", "--laws", "1984").exit_code == 2  # not a choice


@pytest.mark.parametrize(
    ("laws", "claimant", "opponent", "expected"),
    [
        (
            "1997",
            "240",
            "600",
            {"claimant_time": 120, "opponent_time": 780},
        ),  # Laws Commentary 1997
        ("1997", "600", "600", {"claimant_time": 420, "opponent_time": 780}),
        ("2023", "240", "600", {"claimant_time": 240, "opponent_time": 720}),  # art. 9.5.3
        (
            "1984",
            "600",
            "600",
            {"claimant_time": 300, "opponent_time": 600},
        ),  # Laws Commentary 1997
        (
            "1984",
            "240",
            "600",
            {"claimant_time": 0, "opponent_time": 600, "claimant_loses": True},
        ),
        ("1997", "4:00", "10:00", {"claimant_time": 120, "opponent_time": 780}),
    ],
)
def test_incorrect_claim_exact_json(
    laws: str, claimant: str, opponent: str, expected: dict[str, object]
) -> None:
    data = as_json(
        "incorrect-claim", "--laws", laws, "--claimant-time", claimant, "--opponent-time", opponent
    )
    assert data == expected


def test_incorrect_claim_rapid_penalty() -> None:
    data = as_json(
        "incorrect-claim", "--claimant-time", "60", "--opponent-time", "60", "--category", "rapid"
    )
    assert data == {"claimant_time": 60, "opponent_time": 120}


@pytest.mark.parametrize(
    ("control", "target", "expected"),
    [
        (
            "40/6000+30:20/3000+30:600+30",
            "fide",
            "100 min/40 moves + 50 min/20 moves + 10 min + 30 s per move from move 1",
        ),
        ("90 min/40 moves + 30 min + 30 s per move from move 1", "pgn", "40/5400+30:1800+30"),
        ("90 min/40 moves + 30 min + 30 s per move from move 1", "trf", "40/5400+30:1800+30"),
        ("W300-B240", "trf", "W300-B240"),
        ("W300-B240", "fide", "white: 5 min; black: 4 min"),
        ("222 5400+30", "pgn", "5400+30"),
    ],
)
def test_convert(control: str, target: str, expected: str) -> None:
    result = invoke("convert", control, "--to", target)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == expected


def test_convert_errors_name_the_column() -> None:
    result = invoke("convert", "5400d5", "--to", "trf")
    assert isinstance(result.exception, TimeControlError)
    result = invoke("convert", "40/6000:+30", "--to", "fide")
    assert isinstance(result.exception, TimeControlError)
    assert "column 9" in str(result.exception)


def test_simulate() -> None:
    data = as_json("simulate", "180+2", "--moves", "10,20,175,5")
    assert isinstance(data, dict)
    assert data["flag"] == {
        "side": "white",
        "ply": 3,
        "move_number": 2,
        "into_move": 172,
        "elapsed": 202,
    }
    assert [(s["white"], s["black"]) for s in data["states"]] == [(172, 180), (172, 162), (0, 162)]
    text = invoke("simulate", "180+2", "--white-moves", "10,20", "--black-moves", "5")
    assert text.exit_code == 0 and "no flag fell" in text.output


def test_simulate_armageddon_and_continue() -> None:
    data = as_json("simulate", "W360-B300", "--moves", "100,301,100", "--continue-after-flag")
    assert isinstance(data, dict)
    assert data["start"] == {"white": 360, "black": 300}
    assert data["flag"]["side"] == "black" and len(data["states"]) == 3


def test_simulate_usage_and_errors() -> None:
    assert invoke("simulate", "300").exit_code == 2
    assert invoke("simulate", "300", "--moves", "1", "--white-moves", "1").exit_code == 2
    result = invoke("simulate", "300", "--moves", "1,x")
    assert isinstance(result.exception, ClockError)


def test_flag() -> None:
    data = as_json("flag", "8/8/4k3/8/8/8/2K5/1N6 b - - 0 1", "--side", "black")
    assert isinstance(data, dict)
    assert (data["result"], data["score"], data["certain"]) == ("draw", "1/2-1/2", True)
    data = as_json(
        "flag", "4k3/8/8/8/8/8/8/R3K1n1 w - - 0 1", "--side", "white", "--rules", "blitz-1972"
    )
    assert isinstance(data, dict) and data["result"] == "draw"
    text = invoke(
        "flag", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "--side", "white"
    )
    assert text.exit_code == 0 and "mating line: f3 e5 g4 Qh4#" in text.output
    bad = invoke("flag", "nonsense", "--side", "white")
    assert isinstance(bad.exception, FlagError)


def test_quickplay() -> None:
    data = as_json(
        "quickplay", "--laws", "1997", "--claimant-time", "1:40", "--opponent-time", "300",
        "--decision", "postpone",
    )  # fmt: skip
    assert isinstance(data, dict)
    assert (data["allowed"], data["result"], data["opponent_time"]) == (True, "continue", 420)
    result = invoke(
        "quickplay", "--laws", "1997", "--claimant-time", "60", "--opponent-time", "60",
        "--decision", "reject",
    )  # fmt: skip
    assert isinstance(result.exception, LawsError)


def test_default_time() -> None:
    data = as_json("default-time", "--laws", "1997", "--arrival", "3700", "--delay", "1800")
    assert data == {
        "seconds": 3600,
        "counted_from": "scheduled start",
        "rule": "Laws 1997 art. 6.6 (Laws Commentary 1997): one hour from the scheduled start",
        "loses": True,
    }
    data = as_json("default-time")
    assert isinstance(data, dict) and data["seconds"] == 0


def test_flag_claim() -> None:
    data = as_json("flag-claim", "--laws", "1997", "--category", "blitz")
    assert isinstance(data, dict) and (data["player"], data["arbiter"]) == (True, False)
    data = as_json("flag-claim", "--category", "rapid", "--adequate-supervision")
    assert isinstance(data, dict) and data["arbiter"] is True


def test_time_parsing() -> None:
    assert parse_seconds("1:00:00") == 3600
    assert parse_times("") == []
    with pytest.raises(LawsError):
        parse_seconds("-5")
