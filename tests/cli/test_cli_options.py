"""The options ``standings``, ``prizes``, ``lists`` and ``demo`` share are declared once
(:mod:`chessarbiter.cli.options`): each reads the same in every command's ``--help`` and a bad
value gets the same message from each."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import click
import pytest

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_USAGE
from chessarbiter.cli.main import cli, main, register_commands
from chessarbiter.model import Player, Result, Tournament

EXAMPLE = Path(str(resources.files("chessarbiter") / "examples" / "open-prizes.toml"))

#: The commands (their words after ``chessarbiter``) that take each shared option.
SHARED: dict[str, list[tuple[str, ...]]] = {
    "--format": [("standings",), ("prizes",), ("lists", "start"), ("lists", "teams")],
    "--after-round": [("standings",), ("prizes",), ("lists", "teams")],
    "--tiebreaks": [("standings",), ("prizes",)],
    "--edition": [("standings",), ("prizes",)],
    "--lots": [("standings",), ("prizes",)],
    "--unrated-rating": [("standings",), ("prizes",)],
    "--reference-date": [("standings",), ("prizes",)],
    "--ascii": [("standings",), ("lists", "teams"), ("demo",)],
}

#: A bad value of each option, its exit code and the message every command gives for it.
BAD: list[tuple[str, str, int, str]] = [
    ("--format", "pdf", EXIT_USAGE, "Error: Invalid value for '--format': 'pdf' is not one of "),
    ("--after-round", "100", EXIT_USAGE, "Error: Invalid value for '--after-round': 100 is "),
    ("--after-round", "-1", EXIT_USAGE, "Error: Invalid value for '--after-round': -1 is "),
    ("--after-round", "3", EXIT_INVALID_INPUT, "error: cannot show the standings after round 3: "),
    ("--tiebreaks", "XYZ", EXIT_USAGE, "Error: --tiebreaks: tie-break XYZ (C.07) is not a "),
    ("--edition", "2019", EXIT_USAGE, "Error: Invalid value for '--edition': '2019' is not "),
    ("--lots", "x", EXIT_USAGE, "Error: Invalid value for '--lots': 'x' is not a valid integer"),
    ("--unrated-rating", "-5", EXIT_USAGE, "Error: Invalid value for '--unrated-rating': -5 "),
    ("--reference-date", "2026-13-01", EXIT_USAGE, "Error: Invalid value for '--reference-date'"),
]


def command(words: tuple[str, ...]) -> click.Command:
    register_commands()
    found: click.Command = cli
    for word in words:
        assert isinstance(found, click.Group)
        found = found.commands[word]
    return found


def option(words: tuple[str, ...], name: str) -> tuple[click.Option, click.Context]:
    found = command(words)
    matches = [p for p in found.params if isinstance(p, click.Option) and name in p.opts]
    assert len(matches) == 1, f"{' '.join(words)} has no {name}"
    return matches[0], click.Context(found)


@pytest.fixture
def trf_file(tmp_path: Path) -> Path:
    """Four players, two complete rounds, a start date (ages are counted from it)."""
    t = Tournament(name="Spring", total_rounds=3, start_date="2026/05/01")
    for n, (sex, born, rating) in enumerate(
        [("f", "2014/02/02", 1600), ("m", "2012/03/03", 1700), ("f", "1960", 0), ("m", "", 1900)],
        start=1,
    ):
        t.add_player(Player(n, f"Player {n}", sex, "", rating, "GER", birth_date=born))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(2, 4, 1, Result.WIN)
    t.record_game(2, 2, 3, Result.DRAW)
    path = tmp_path / "spring.trf"
    path.write_text(trf.dumps(t), encoding="utf-8")
    return path


def arguments(words: tuple[str, ...], file: Path) -> list[str]:
    if words == ("demo",):
        return ["demo"]
    extra = ["--prizes", str(EXAMPLE)] if words == ("prizes",) else []
    return [*words, str(file), *extra]


@pytest.mark.parametrize("name", list(SHARED))
def test_a_shared_option_reads_the_same_in_every_command(name: str) -> None:
    first, first_ctx = option(SHARED[name][0], name)
    record = first.get_help_record(first_ctx)
    assert record is not None and record[1]
    for words in SHARED[name][1:]:
        other, ctx = option(words, name)
        assert other.get_help_record(ctx) == record, " ".join(words)
        assert (other.name, other.default, other.metavar) == (
            first.name,
            first.default,
            first.metavar,
        )
        assert other.type.to_info_dict() == first.type.to_info_dict()


@pytest.mark.parametrize(("name", "value", "code", "message"), BAD, ids=lambda x: str(x))
def test_a_bad_value_gets_the_same_message_from_every_command(
    capsys: pytest.CaptureFixture[str],
    trf_file: Path,
    name: str,
    value: str,
    code: int,
    message: str,
) -> None:
    errors = set()
    for words in SHARED[name]:
        got = main([*arguments(words, trf_file), name, value])
        out, err = capsys.readouterr()
        assert (got, out) == (code, ""), " ".join(words)
        last = err.strip().splitlines()[-1]
        assert last.startswith(message), (words, err)
        errors.add(last)
    assert len(errors) == 1, errors


def test_the_reference_date_reaches_standings_and_prizes_alike(
    capsys: pytest.CaptureFixture[str], trf_file: Path, tmp_path: Path
) -> None:
    """Player 2, born 2012-03-03, is under 14 on 1 January 2026 (the default) and 14 on
    2026-06-01: he leaves the U14 list and its prizes."""
    category = ["--category", "U14", "--format", "csv"]
    main(["standings", str(trf_file), *category])
    default = capsys.readouterr().out
    main(["standings", str(trf_file), *category, "--reference-date", "2026-06-01"])
    later = capsys.readouterr().out
    assert "Player 1" in default and "Player 1" in later
    assert "Player 2" in default and "Player 2" not in later
    table = tmp_path / "u14.toml"
    prize = '[[prize]]\ncategory = "U14"\nplace = {}\namount = {}\n'
    table.write_text('currency = "EUR"\n\n' + prize.format(1, 20) + "\n" + prize.format(2, 10))
    prizes = ["prizes", str(trf_file), "--prizes", str(table), "--format", "json"]

    def awarded(*extra: str) -> list[int]:
        assert main([*prizes, *extra]) == 0
        return [a["pairing_number"] for a in json.loads(capsys.readouterr().out)["awards"]]

    assert awarded() == [1, 2]
    assert awarded("--reference-date", "2026-06-01") == [1]


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["consultation", "standings", "groups.txt", "\x00"], EXIT_USAGE),
        (["trf", "check", "event\x00.trf"], EXIT_USAGE),
        (["standings", "\x00"], EXIT_USAGE),
        (["--dutch", "event\x00.trf", "-p"], 3),  # the engine form's INVALID_REQUEST
    ],
)
def test_a_nul_character_in_an_argument_is_refused_not_a_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: int
) -> None:
    """Found by the CLI fuzz: a path argument with a NUL byte made click's path check raise
    ValueError (a traceback; in the engine form, 'Unexpected error')."""
    assert main(argv) == code
    err = capsys.readouterr().err
    assert "contains a NUL character" in err and "Traceback" not in err
