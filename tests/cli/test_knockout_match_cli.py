"""``chessarbiter knockout match``: the issue-6 match engine on the command line.

Rules from Stage by Stage 1997 (fide-1997) and spec 8 (world-cup-2023); see
``tests/pairing/knockout/test_matches.py`` for the library.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable

import click
import pytest
from click.testing import CliRunner, Result

from chessarbiter.cli.knockout.match import parse_scores, register
from chessarbiter.pairing.knockout.matches import MatchError

ISSUE_EXAMPLE = {
    "finished": False,
    "winner": None,
    "next_game": {
        "phase": "sudden-death",
        "number": 5,
        "time_control": {"white": "240+10", "black": "300+10"},
    },
}


def invoke(*args: str) -> Result:
    """Run the command through a group of its own (the other knockout commands are not needed)."""
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, ["match", *args])


def as_json(*args: str) -> object:
    result = invoke(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_issue_example_exactly() -> None:
    # Stage by Stage 1997, stage 1: two main and two 25+10 games level → sudden death game 5.
    data = as_json("--format", "fide-1997", "--stage", "1", "--scores", "1,0,0.5,0.5")
    assert data == ISSUE_EXAMPLE


def test_finished_exactly() -> None:
    data = as_json("--format", "fide-1997", "--stage", "1", "--scores", "1,0.5")
    assert data == {"finished": True, "winner": "first", "next_game": None}
    data = as_json("--format", "fide-1997", "--stage", "2", "--scores", "0.5,0.5,0,1,0,0.5")
    assert data == {"finished": True, "winner": "second", "next_game": None}


def test_no_games_yet() -> None:
    data = as_json("--format", "fide-1997", "--stage", "8")
    assert data == {
        "finished": False,
        "winner": None,
        "next_game": {
            "phase": "main",
            "number": 1,
            "time_control": {
                "white": "40/6000+30:20/3000+30:600+30",
                "black": "40/6000+30:20/3000+30:600+30",
            },
        },
    }


def test_stage_2_reaches_15_plus_10() -> None:
    # Stage by Stage 1997: from stage 2, two games of 15 min + 10 s after the 25-minute ones.
    data = as_json("--format", "fide-1997", "--stage", "2", "--scores", "1,0,0.5,0.5")
    assert data == {
        "finished": False,
        "winner": None,
        "next_game": {
            "phase": "rapid-15",
            "number": 5,
            "time_control": {"white": "900+10", "black": "900+10"},
        },
    }


def test_stage_7_and_8_main_lengths() -> None:
    # Stage by Stage 1997: stage 7 four games (2.5 wins), stage 8 six (3.5 wins).
    assert as_json("--format", "fide-1997", "--stage", "7", "--scores", "1,1,0.5") == {
        "finished": True,
        "winner": "first",
        "next_game": None,
    }
    data = as_json("--format", "fide-1997", "--stage", "8", "--scores", "1,1,1,0,0,0")
    assert isinstance(data, dict)
    assert data["next_game"]["phase"] == "rapid-25"
    assert data["next_game"]["number"] == 7


def test_armageddon_ordered() -> None:
    # Stage by Stage 1997: white 6 min, black 5 min, no increment.
    args = ("--format", "fide-1997", "--stage", "1", "--scores", "1,0,0.5,0.5", "--armageddon")
    assert as_json(*args) == {
        "finished": False,
        "winner": None,
        "next_game": {
            "phase": "armageddon",
            "number": 5,
            "time_control": {"white": "360", "black": "300"},
        },
    }


def test_armageddon_after_sudden_death_games() -> None:
    base = ("--format", "fide-1997", "--stage", "1", "--armageddon", "--armageddon-after", "2")
    data = as_json(*base, "--scores", "1,0,0.5,0.5,0.5,0.5")
    assert isinstance(data, dict)
    assert (data["next_game"]["phase"], data["next_game"]["number"]) == ("armageddon", 7)
    data = as_json(*base, "--scores", "1,0,0.5,0.5,0.5")
    assert isinstance(data, dict)
    assert (data["next_game"]["phase"], data["next_game"]["number"]) == ("sudden-death", 6)


@pytest.mark.parametrize(("white", "winner"), [("first", "second"), ("second", "first")])
def test_drawn_armageddon_qualifies_black(white: str, winner: str) -> None:
    data = as_json(
        "--format",
        "fide-1997",
        "--stage",
        "3",
        "--scores",
        "0.5,0.5,0.5,0.5,0.5,0.5,0.5",
        "--armageddon",
        "--armageddon-white",
        white,
    )
    assert data == {"finished": True, "winner": winner, "next_game": None}


def test_world_cup_2023() -> None:
    # spec 8: 25+10, 10+10, 5+3 blocks, then 3+2 sudden death.
    data = as_json("--format", "world-cup-2023", "--stage", "8", "--scores", "0.5,0.5,1,0")
    assert isinstance(data, dict)
    assert data["next_game"] == {
        "phase": "rapid-10",
        "number": 5,
        "time_control": {"white": "600+10", "black": "600+10"},
    }
    data = as_json("--format", "world-cup-2023", "--stage", "1", "--scores", ",".join(["0.5"] * 9))
    assert isinstance(data, dict)
    assert data["next_game"] == {
        "phase": "sudden-death",
        "number": 10,
        "time_control": {"white": "180+2", "black": "180+2"},
    }


def test_detail_adds_colours_and_lots() -> None:
    args = ("--format", "fide-1997", "--stage", "1", "--scores", "1,0,0.5,0.5", "--detail")
    data = as_json(*args, "--lot", "sudden-death=second", "--lot", "main=first")
    assert isinstance(data, dict)
    assert data["next_game"]["white"] == "second"
    assert data["next_game"]["lot"] == {"favoured": "second", "recorded": True}
    assert [g["white"] for g in data["games"]] == ["first", "second", None, None]
    assert data["score"] == {"first": 2.0, "second": 2.0}
    seeded = [as_json(*args, "--seed", "42") for _ in range(2)]
    assert seeded[0] == seeded[1]
    assert isinstance(seeded[0], dict)
    assert all(g["white"] in ("first", "second") for g in seeded[0]["games"])


def test_text_output() -> None:
    result = invoke("--format", "fide-1997", "--stage", "1", "--scores", "1,0,0.5,0.5")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "fide-1997, stage 1: 2-2 after 4 game(s)",
        "Next: game 5, sudden-death game 1",
        "  time control: white 240+10 (4 min + 10 s per move from move 1), "
        "black 300+10 (5 min + 10 s per move from move 1)",
        "  white: by lot, not drawn (record it with --lot sudden-death=first|second, "
        "or draw it with --seed N)",
    ]
    result = invoke("--format", "fide-1997", "--stage", "1", "--scores", "1,½")
    assert result.stdout.splitlines() == [
        "fide-1997, stage 1: first wins, 1.5-0.5 (decided in main, game 2)"
    ]


def test_parse_scores() -> None:
    assert parse_scores(" 1, 0 ,=,1/2,½,0.5") == [1, 0, 0.5, 0.5, 0.5, 0.5]
    with pytest.raises(MatchError, match="game 2: 'x' is not a score"):
        parse_scores("1,x")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stage", "1", "--scores", "1,2"], "game 2: the score must be 0, 0.5 or 1, not 2"),
        (["--stage", "1", "--scores", "1,0.25"], "game 2: the score must be 0, 0.5 or 1"),
        (["--stage", "1", "--scores", "1,,0"], "game 2: '' is not a score"),
        (["--stage", "9"], "fide-1997 has stages 1 to 8, not 9"),
        (["--stage", "0"], "fide-1997 has stages 1 to 8, not 0"),
        (["--stage", "1", "--scores", "1,1,0"], "decided by game 2 (main)"),
        (["--stage", "1", "--lot", "rapid-15=first"], "no phase 'rapid-15'"),
    ],
)
def test_invalid_input_raises_match_error(args: list[str], message: str) -> None:
    result = invoke("--format", "fide-1997", *args, "--json")
    assert isinstance(result.exception, MatchError), result.output
    assert message in str(result.exception)


def test_drawn_armageddon_without_colour_names_the_option() -> None:
    result = invoke(
        "--format", "fide-1997", "--stage", "1", "--scores", "1,0,0.5,0.5,0.5", "--armageddon"
    )
    assert isinstance(result.exception, MatchError)
    assert "--armageddon-white" in str(result.exception)


@pytest.mark.parametrize(
    "args",
    [
        ["--format", "fide-2000", "--stage", "1"],
        ["--format", "fide-1997"],
        ["--format", "fide-1997", "--stage", "one"],
        ["--format", "fide-1997", "--stage", "1", "--armageddon-after", "1"],
        ["--format", "fide-1997", "--stage", "1", "--lot", "main"],
        ["--format", "fide-1997", "--stage", "1", "--armageddon-white", "white"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""


# -- through chessarbiter.cli.main.main ------------------------------------------------------


@pytest.fixture
def main() -> Callable[[list[str] | None], int]:
    """``main()``; it registers every command, some written elsewhere."""
    for name in ("trf", "roundrobin", "standings", "pair", "demo", "knockout", "knockout_draw"):
        try:
            importlib.import_module(f"chessarbiter.cli.{name}")
        except ImportError as error:
            pytest.skip(f"chessarbiter.cli.{name} cannot be imported yet: {error}")
    from chessarbiter.cli.main import main as run

    return run


def test_main_issue_example_and_exit_codes(
    main: Callable[[list[str] | None], int], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["knockout", "match", "--format", "fide-1997", "--stage", "1"]
    assert main([*argv, "--scores", "1,0,0.5,0.5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == ISSUE_EXAMPLE

    assert main([*argv, "--scores", "1,0,0.5,0.5,0.5", "--armageddon", "--json"]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "--armageddon-white" in captured.err

    assert main([*argv, "--scores", "1,0.3", "--json"]) == 3
    assert "game 2: the score must be 0, 0.5 or 1" in capsys.readouterr().err

    assert main([*argv, "--scores", "1,1,1", "--json"]) == 3
    assert "decided by game 2" in capsys.readouterr().err

    assert main(["knockout", "match", "--format", "fide-1997", "--stage", "12"]) == 3
    assert "stages 1 to 8, not 12" in capsys.readouterr().err

    assert (
        main(["knockout", "match", "--format", "world-cup-2023", "--stage", "1", "--armageddon"])
        == 3
    )
    assert "no armageddon" in capsys.readouterr().err
