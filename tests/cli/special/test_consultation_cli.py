"""``chessarbiter consultation`` (:mod:`chessarbiter.cli.special.consultation`): Team
Competitions 1972's tournament of consultation groups and the clocks of a consultation game, run
through the groups :func:`chessarbiter.cli.special.register` adds."""

from __future__ import annotations

import json
from pathlib import Path

import click
from click.testing import CliRunner, Result

from chessarbiter import trf
from chessarbiter.cli.special import register
from chessarbiter.special.consultation import ConsultationError, ConsultationFileError

GROUPS = (
    "group\trole\tname\n"
    "Group A\tleader\tPetrov, Ivan\nGroup A\tmember\tIvanov\n"
    "Group B\tleader\tSmirnov\nGroup B\tmember\tPopov\nGroup B\tmember\tOrlov\n"
    "Group C\tleader\tTal\nGroup C\tmember\tKoblents\nGroup C\tintermediary\tGipslis\n"
)
RESULTS = "round\twhite\tresult\tblack\n1\tGroup B\t1-0\tGroup C\n2\t1\t1/2\t2\n3\t3\t0-1\t1\n"


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, list(args))


def files(tmp_path: Path, results: str = RESULTS) -> tuple[str, str]:
    g, r = tmp_path / "groups.tsv", tmp_path / "results.tsv"
    g.write_text(GROUPS, encoding="utf-8")
    r.write_text(results, encoding="utf-8")
    return str(g), str(r)


def test_check(tmp_path: Path) -> None:
    g, _ = files(tmp_path)
    result = invoke("consultation", "check", g)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "1. Group A: leader Petrov, Ivan; consultants Ivanov",
        "2. Group B: leader Smirnov; consultants Popov, Orlov",
        "3. Group C: leader Tal; consultants Koblents; intermediary Gipslis",
        "3 groups: fine",
    ]
    data = json.loads(invoke("consultation", "check", g, "--json").stdout)
    assert data["groups"][0]["trf_name"] == "Group A (Petrov, Ivanov)"
    assert data["groups"][2]["intermediary"] == "Gipslis"


def test_check_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text("G\tleader\tP\nG\tmember\tP\n", encoding="utf-8")
    result = invoke("consultation", "check", str(bad))
    assert isinstance(result.exception, ConsultationFileError)
    assert str(result.exception).startswith(f"{bad}:2:10: P is already the leader of G")


def test_schedule(tmp_path: Path) -> None:
    g, _ = files(tmp_path)
    result = invoke("consultation", "schedule", g)
    assert result.stdout.splitlines()[:3] == ["round 1:", "  Group A free", "  Group B - Group C"]
    data = json.loads(invoke("consultation", "schedule", g, "--cycles", "2", "--json").stdout)
    assert len(data["rounds"]) == 6
    assert data["rounds"][3] == {
        "round": 4,
        "games": [{"white": "Group C", "black": "Group B"}],
        "free": ["Group A"],
    }


def test_standings(tmp_path: Path) -> None:
    g, r = files(tmp_path)
    result = invoke("consultation", "standings", g, r, "--tiebreaks", "SB")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == [
        "place\tgroup\tpoints\tSB",
        "1\tGroup A (Petrov, Ivanov)\t1.5\t1",
    ]
    out = invoke("consultation", "standings", g, r, "--points", "2,1,0", "--json")
    data = json.loads(out.stdout)["standings"]
    assert [(row["place"], row["group"], row["points"]) for row in data] == [
        ("1-2", "Group A", "3"),
        ("1-2", "Group B", "3"),
        ("3", "Group C", "0"),
    ]
    bad = invoke("consultation", "standings", g, r, "--points", "2,1")
    assert isinstance(bad.exception, ConsultationError)


def test_standings_refuses_a_game_off_the_schedule(tmp_path: Path) -> None:
    g, r = files(tmp_path, "1\tGroup A\t1-0\tGroup B\n")
    result = invoke("consultation", "standings", g, r)
    assert isinstance(result.exception, ConsultationError)
    assert "not a game of the schedule" in str(result.exception)


def test_trf(tmp_path: Path) -> None:
    g, r = files(tmp_path)
    out = tmp_path / "event.trf"
    result = invoke("consultation", "trf", g, r, "-o", str(out))
    assert result.exit_code == 0, result.output
    back = trf.loads(out.read_text(encoding="utf-8"))
    assert [p.name for p in back][1] == "Group B (Smirnov, Popov, Orlov)"
    assert invoke("consultation", "trf", g, r).stdout == out.read_text(encoding="utf-8")


def test_clock() -> None:
    result = invoke("consultation", "clock", "--moves", "5:00+1:00, 3:00+2:00", "--moves", "4+1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "move\twhite\tblack\tblack on white's clock\twhite on black's clock",
        "1.\t0:05:00\t0:00:00\t0:00:00\t0:06:00",
        "1...\t0:05:00\t0:03:00\t0:06:00\t0:06:00",
        "2.\t0:09:00\t0:03:00\t0:06:00\t0:13:00",
    ]
    data = json.loads(
        invoke(
            "consultation", "clock", "--moves", "5:00+1:00, 3:00+2:00", "--correct-every", "1",
            "--json",
        ).stdout
    )  # fmt: skip
    assert data["seconds"][1] == {
        "ply": 2,
        "move": 1,
        "mover": "black",
        "white": 300,
        "black": 180,
        "black_on_white_clock": 180,
        "white_on_black_clock": 300,
        "corrected": True,
    }
    bad = invoke("consultation", "clock", "--moves", "5:61")
    assert isinstance(bad.exception, ConsultationError)
