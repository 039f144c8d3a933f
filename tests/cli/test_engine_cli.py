"""The bbpPairings/JaVaFo-compatible engine command line (``chessarbiter.cli.engine``)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.engine import (
    EXIT_OK,
    FILE_ERROR,
    INVALID_REQUEST,
    LIMIT_EXCEEDED,
    NO_VALID_PAIRING,
    UNEXPECTED_ERROR,
    is_engine_invocation,
    program_info,
    run_engine,
)
from chessarbiter.pairing.dutch import engine as dutch_engine
from chessarbiter.pairing.dutch.generator import GeneratorConfig

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DUTCH = SHARED / "corpus" / "dutch"

needs_corpus = pytest.mark.skipif(not DUTCH.exists(), reason=f"{DUTCH} is not beside the checkout")

SMALL = (
    "PlayersNumber=9\nRoundsNumber=4\nDrawPercentage=30\nForfeitRate=8\nRetiredRate=4\n"
    "HalfPointByeRate=4\nHighestRating=2400\nLowestRating=1800\n"
)


def corpus(prefix: str) -> Path:
    (found,) = DUTCH.glob(f"{prefix}_*")
    return found


def needs_matching() -> None:
    pytest.importorskip("chessarbiter.pairing.matching")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = run_engine([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def copy(source: Path, target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return target


# -- the command line --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--dutch", "in.trf", "-p"], True),
        (["--burstein", "in.trf", "-p"], True),
        (["-r", "--dutch", "in.trf", "-c"], True),
        (["--edition=2017", "--dutch", "in.trf", "-c"], True),
        (["-r"], True),
        ([], False),
        (["pair", "in.trf"], False),
        (["trf", "check", "--dutch"], False),
        (["-r", "pair"], False),
    ],
)
def test_engine_invocations_are_recognised(argv, expected):
    assert is_engine_invocation(argv) is expected


def test_r_alone_prints_the_program(capsys):
    assert run(capsys, "-r") == (0, program_info() + "\n", "")


@pytest.mark.parametrize(
    "argv",
    [
        ["--dutch"],
        ["--dutch", "in.trf"],
        ["--dutch", "in.trf", "-x"],
        ["--dutch", "in.trf", "-p", "out.txt", "extra"],
        ["--dutch", "in.trf", "-c", "-p"],
        ["--dutch", "-g", "cfg", "-o"],
        ["--dutch", "model.trf", "-g", "cfg", "-o", "out.trf"],
        ["--dutch", "model.trf", "-x", "-o", "out.trf"],
        ["--dutch", "-g", "-o", "out.trf", "-s"],
        ["--swiss", "in.trf", "-p"],
        ["--dutch", "in.trf", "-p", "--edition"],
    ],
)
def test_malformed_command_lines_are_invalid_requests(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == INVALID_REQUEST
    assert out == ""
    assert "Command line argument syntax:" in err
    assert "(model-file -g | -g [config-file]) -o trf_file [-s random_seed]" in err


def test_unknown_editions_are_invalid_requests(capsys):
    code, _, err = run(capsys, "--dutch", "in.trf", "-p", "--edition", "2012")
    assert code == INVALID_REQUEST and "unknown edition '2012'" in err
    code, _, err = run(capsys, "--lim", "in.trf", "-p", "--edition", "2017")
    assert (
        code == INVALID_REQUEST
        and "unknown edition '2017' of the Lim system: use 2026, 2026-maxi" in err
    )
    code, _, err = run(capsys, "--double-swiss", "in.trf", "-p", "--edition", "2025")
    assert code == INVALID_REQUEST
    assert "unknown edition '2025' of the Double-Swiss system: use 2026" in err


@pytest.mark.parametrize("flag", ["--dubov", "--burstein", "--lim", "--keizer"])
def test_each_system_generates_and_checks_its_own_tournament(capsys, tmp_path, flag):
    """The generator (-g) pairs every round by the system asked for, and its checker (-c)
    re-pairs each round the same; -p pairs the next round of a cut-down copy."""
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=23\nRoundsNumber=7\n")
    out = tmp_path / "gen.trf"
    code, _, err = run(capsys, flag, "-g", config, "-o", out, "-s", "11")
    assert code == EXIT_OK, err
    code, report, err = run(capsys, flag, out, "-c")
    assert code == EXIT_OK, err
    assert report.count(": Round #") == 7 and "Checker pairings" not in report
    code, _, err = run(capsys, flag, out, "-p")
    assert code == INVALID_REQUEST and "all 7 rounds have been paired" in err


def test_a_file_of_another_system_is_not_checked_as_dutch(capsys, tmp_path):
    source = tmp_path / "burstein.trf"
    generated = tmp_path / "gen.trf"
    assert run(capsys, "--burstein", "-g", "-o", generated, "-s", "3")[0] == EXIT_OK
    source.write_text(f"192 FIDE_BURSTEIN_2026\n{generated.read_text()}")
    code, _, err = run(capsys, "--dutch", source, "-c")
    assert code == INVALID_REQUEST and "does not match command line flag" in err


# -- pairing (-p) --------------------------------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("case", ["t001/round01", "t010/round03", "t019/round04", "t028/round05"])
def test_pairing_prints_bbppairings_output(capsys, case):
    needs_matching()
    tournament, round_name = case.split("/")
    source = corpus(tournament) / f"{round_name}.trf"
    expected = source.with_suffix(".pairs").read_text()
    assert run(capsys, "--dutch", source, "-p") == (0, expected, "")


@needs_corpus
def test_pairing_with_r_prints_the_program_first(capsys):
    needs_matching()
    source = corpus("t001") / "round02.trf"
    code, out, _ = run(capsys, "-r", "--dutch", source, "-p")
    assert code == 0
    assert out == program_info() + "\n" + source.with_suffix(".pairs").read_text()


@needs_corpus
def test_pairing_output_file_goes_beside_the_input_when_it_has_no_directory(
    capsys, tmp_path, monkeypatch
):
    needs_matching()
    source = copy(corpus("t010") / "round03.trf", tmp_path / "event" / "in.trf")
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert run(capsys, "--dutch", source, "-p", "out.txt") == (0, "", "")
    expected = (corpus("t010") / "round03.pairs").read_text()
    assert (tmp_path / "event" / "out.txt").read_text() == expected
    assert not (elsewhere / "out.txt").exists()
    target = tmp_path / "other" / "pairs.txt"
    target.parent.mkdir()
    assert run(capsys, "--dutch", source, "-p", target)[0] == 0
    assert target.read_text() == expected


@needs_corpus
def test_no_valid_pairing_exits_1_with_a_message(capsys, tmp_path):
    needs_matching()
    source = corpus("t047") / "round07.trf"
    assert source.with_suffix(".nopairing").exists()
    out_file = tmp_path / "out.txt"
    out_file.write_text("stale")
    code, out, err = run(capsys, "--dutch", source, "-p", out_file)
    assert code == NO_VALID_PAIRING
    assert out == ""
    # issue 13 item 19: said once, not "No valid pairing exists: no valid pairing exists: ..."
    assert err == (
        f"Error while pairing {source}: No valid pairing exists: the players cannot all be "
        "paired while satisfying every absolute criterion\n"
    )
    assert out_file.read_text() == ""  # opened before pairing, as bbpPairings does


@needs_corpus
def test_issue_13_item_2_pairing_over_a_round_without_results_is_refused(capsys, tmp_path):
    """The file ``pair --round-out`` writes (round 3 paired, no results) is not paired again:
    exit 3 (INVALID_REQUEST), naming the round and its games; ``-c`` still checks it."""
    from chessarbiter.cli.main import main

    needs_matching()
    paired = tmp_path / "paired.trf"
    assert main(["pair", str(corpus("t010") / "round03.trf"), "--round-out", str(paired)]) == 0
    capsys.readouterr()
    out_file = tmp_path / "out.txt"
    code, out, err = run(capsys, "--dutch", paired, "-p", out_file)
    assert (code, out) == (INVALID_REQUEST, "")
    assert err == (
        f"Error while pairing {paired}: round 3 is not finished: 3 games have no result "
        "(White-Black: 5-1, 2-3, 7-4); a round is paired only when the results of the previous "
        "rounds are known (C.04.1, C.04.2)\n"
    )
    assert out_file.read_text() == ""
    code, out, _ = run(capsys, "--dutch", paired, "-c")
    assert code == 0
    assert out.splitlines()[-2:] == ["paired: Round #3", ""]


@needs_corpus
def test_checklist_of_a_pairing(capsys, tmp_path):
    needs_matching()
    source = copy(corpus("t001") / "round02.trf", tmp_path / "r2.trf")
    assert run(capsys, "--dutch", source, "-p", "-l")[0] == 0
    text = (tmp_path / "r2.list").read_text()
    assert text.startswith("\nID\tPts\t--\tPref\tC2\tC14\tC16\t  Cur\t\tR1\t\n")
    assert " 7\t1.0\t  \t  A \t N\t  D\t   \t (2B)\t\t  \t" in text
    assert text.endswith("\n\n\n" + program_info())
    assert run(capsys, "--dutch", source, "-p", "pairs.txt", "-l", "mine.txt")[0] == 0
    assert (tmp_path / "mine.txt").read_text() == text
    assert (tmp_path / "pairs.txt").read_text() == (corpus("t001") / "round02.pairs").read_text()


def test_invalid_trf_exits_3_with_file_line_column(capsys, tmp_path):
    source = tmp_path / "bad.trf"
    source.write_text(
        "012 Bad\nXXR 3\n"
        "001    1      Ann                               2000                             "
        "1.0    1     2 w 1\n"
        "001    2      Bob                               1900                             "
        "0.0    2     1 w 0\n"
    )
    code, out, err = run(capsys, "--dutch", source, "-p")
    assert code == INVALID_REQUEST and out == ""
    assert err.startswith(f"{source}:")
    first = err.splitlines()[0].split(":")
    assert first[1].isdigit() and first[2].isdigit()


def test_a_missing_input_is_a_file_error(capsys, tmp_path):
    code, _, err = run(capsys, "--dutch", tmp_path / "nope.trf", "-p")
    assert code == FILE_ERROR and "Error reading file" in err
    code, _, err = run(capsys, "--dutch", tmp_path / "nope.trf", "-c")
    assert code == FILE_ERROR


@needs_corpus
def test_unwritable_output_is_a_file_error(capsys, tmp_path):
    source = corpus("t001") / "round02.trf"
    code, _, err = run(capsys, "--dutch", source, "-p", tmp_path)  # a directory
    assert code == FILE_ERROR and "could not be opened" in err


def test_a_request_the_engine_cannot_serve_is_invalid(capsys, tmp_path):
    source = tmp_path / "nocolour.trf"
    source.write_text(
        "012 No colour\nXXR 3\n"
        "001    1      Ann                               2000                             0.0\n"
        "001    2      Bob                               1900                             0.0\n"
    )
    code, out, err = run(capsys, "--dutch", source, "-p")
    assert code == INVALID_REQUEST and out == ""
    assert "initial colour" in err


@needs_corpus
def test_pairing_a_finished_tournament_is_invalid(capsys):
    source = corpus("t001") / "tournament.trf"
    code, _, err = run(capsys, "--dutch", source, "-p")
    assert code == INVALID_REQUEST and "rounds" in err


@needs_corpus
def test_unexpected_errors_exit_2(capsys, monkeypatch):
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(dutch_engine, "pair_round", broken)
    code, _, err = run(capsys, "--dutch", corpus("t001") / "round02.trf", "-p")
    assert code == UNEXPECTED_ERROR
    assert "Unexpected error (please report): RuntimeError: boom" in err


@needs_corpus
def test_the_edition_reaches_the_engine(capsys):
    """Round 4 of t073 is paired otherwise by the 2017 rules."""
    needs_matching()
    source = corpus("t073") / "round04.trf"
    code, out, err = run(capsys, "--dutch", source, "-p", "--edition", "2017")
    if code == INVALID_REQUEST and "not available" in err:
        pytest.skip("the Dutch 2017 edition is not implemented yet")
    assert (code, out) == (0, source.with_suffix(".pairs2017").read_text())
    assert out != source.with_suffix(".pairs").read_text()
    code, out, _ = run(capsys, "--dutch", "--edition=2026", source, "-p")
    assert (code, out) == (0, source.with_suffix(".pairs").read_text())


# -- checking (-c) -------------------------------------------------------------------------------


@needs_corpus
def test_checking_a_correct_tournament_prints_only_the_rounds(capsys, tmp_path):
    needs_matching()
    source = copy(corpus("t001") / "tournament.trf", tmp_path / "t001.trf")
    code, out, err = run(capsys, "--dutch", source, "-c")
    assert (code, err) == (0, "")
    assert out == "".join(f"t001: Round #{r}\n" for r in range(1, 6)) + "\n"


@needs_corpus
def test_checking_reports_a_planted_difference(capsys, tmp_path):
    needs_matching()
    lines = (corpus("t001") / "tournament.trf").read_text().splitlines()
    # round 5 (columns 132-139): 1 had white against 5; swap the colours
    assert lines[1][131:] == "   5 w 1" and lines[5][131:] == "   1 b 0"
    lines[1] = lines[1][:131] + "   5 b 1"
    lines[5] = lines[5][:131] + "   1 w 0"
    source = tmp_path / "planted.trf"
    source.write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, "--dutch", source, "-c", "-l")
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        *(f"planted: Round #{r}" for r in range(1, 6)),
        "  Checker pairings        Tournament pairings ",
        "      1 -   5                  5 -   1",
        "",
        "",
    ]
    checklist = (tmp_path / "planted.list").read_text()
    assert [line for line in checklist.splitlines() if line.startswith("Round #")] == [
        f"Round #{r}" for r in range(1, 6)
    ]
    assert checklist.endswith(program_info())


@needs_corpus
def test_checking_a_burstein_file_is_refused(capsys, tmp_path):
    source = tmp_path / "burstein.trf"
    text = (corpus("t001") / "tournament.trf").read_text()
    source.write_text("192 FIDE_BURSTEIN\n" + text)
    code, _, err = run(capsys, "--dutch", source, "-c")
    assert code == INVALID_REQUEST
    assert "does not match command line flag" in err


# -- generating (-g) -----------------------------------------------------------------------------


def test_generating_with_a_config_and_a_seed_is_deterministic(capsys, tmp_path):
    needs_matching()
    config = tmp_path / "gen.cfg"
    config.write_text(SMALL)
    assert run(capsys, "--dutch", "-g", config, "-o", tmp_path / "a.trf", "-s", "77") == (0, "", "")
    assert run(capsys, "--dutch", "-g", config, "-o", tmp_path / "b.trf", "-s", "77")[0] == 0
    assert run(capsys, "--dutch", "-g", config, "-o", tmp_path / "c.trf", "-s", "78")[0] == 0
    a = (tmp_path / "a.trf").read_text()
    assert a == (tmp_path / "b.trf").read_text() != (tmp_path / "c.trf").read_text()
    assert a.startswith("012 AutoTest Tournament 77\nXXR 4\n")
    t = trf.loads(a)
    assert len(t) == 9 and t.rounds_played == 4
    # the generated file is a valid input for the checker
    assert run(capsys, "--dutch", tmp_path / "a.trf", "-c")[0] == 0


def test_generating_without_a_config_draws_every_parameter(capsys, tmp_path):
    needs_matching()
    expected = GeneratorConfig.random_defaults(random.Random(1332))
    assert (expected.players_number, expected.rounds_number) == (15, 5)  # a quick one
    out = tmp_path / "random.trf"
    assert run(capsys, "--dutch", "-g", "-o", out, "-s", "1332") == (0, "", "")
    t = trf.load(out)
    assert len(t) == expected.players_number and t.total_rounds == expected.rounds_number
    assert all(expected.lowest_rating <= (p.rating or 0) <= expected.highest_rating for p in t)


def test_generating_without_a_seed_names_the_seed_used(capsys, tmp_path):
    needs_matching()
    config = tmp_path / "gen.cfg"
    config.write_text(SMALL)
    assert run(capsys, "--dutch", "-g", config, "-o", "out.trf")[0] == 0
    first_line = (tmp_path / "out.trf").read_text().splitlines()[0]  # beside the config
    seed = first_line.removeprefix("012 AutoTest Tournament ")
    assert seed.isdigit()
    assert run(capsys, "--dutch", "-g", config, "-o", "again.trf", "-s", seed)[0] == 0
    assert (tmp_path / "again.trf").read_text() == (tmp_path / "out.trf").read_text()


def test_generating_with_a_checklist(capsys, tmp_path):
    needs_matching()
    config = tmp_path / "gen.cfg"
    config.write_text(SMALL)
    out = tmp_path / "g.trf"
    assert run(capsys, "--dutch", "-g", config, "-o", out, "-s", "5", "-l")[0] == 0
    text = (tmp_path / "g.list").read_text()
    assert [line for line in text.splitlines() if line.startswith("Round #")] == [
        f"Round #{r}." for r in range(1, 5)
    ]
    assert text.endswith(program_info())


def test_generation_that_stops_writes_the_partial_tournament(capsys, tmp_path):
    needs_matching()
    config = tmp_path / "two.cfg"
    config.write_text(
        "PlayersNumber=2\nRoundsNumber=3\nForfeitRate=1e9\nRetiredRate=1e9\nHalfPointByeRate=1e9\n"
    )
    out = tmp_path / "two.trf"
    code, _, err = run(capsys, "--dutch", "-g", config, "-o", out, "-s", "1")
    assert code == NO_VALID_PAIRING
    assert err == (
        f"Error generating {out}: No valid pairing exists for round 2 of the generated "
        "tournament: the players cannot all be paired while satisfying every absolute criterion\n"
    )
    t = trf.load(out)
    assert t.total_rounds == 3 and t.rounds_played == 1


@pytest.mark.parametrize(
    ("seed", "code"),
    [("abc", INVALID_REQUEST), ("-1", INVALID_REQUEST), (str(2**64), LIMIT_EXCEEDED)],
)
def test_bad_seeds(capsys, tmp_path, seed, code):
    config = tmp_path / "gen.cfg"
    config.write_text(SMALL)
    assert run(capsys, "--dutch", "-g", config, "-o", tmp_path / "o.trf", "-s", seed)[0] == code
    assert not (tmp_path / "o.trf").exists()


def test_issue_13_item_18_a_junk_or_empty_model_generates_nothing(capsys, tmp_path):
    """``--dutch JUNK -g`` wrote ``XXR 0`` and exited 0: a model without players or without a
    paired round is refused with exit 3 and nothing is written."""
    junk = tmp_path / "junk.trf"
    junk.write_text("junk junk\n")
    out = tmp_path / "o.trf"
    code, _, err = run(capsys, "--dutch", junk, "-g", "-o", out, "-s", "1")
    assert code == INVALID_REQUEST and err
    assert not out.exists()
    empty = tmp_path / "empty.trf"
    empty.write_text(
        "012 Empty\nXXR 5\n"
        "001    1      Ann                               2000                             "
        "0.0    1\n"
        "001    2      Bob                               1900                             "
        "0.0    2\n"
    )
    code, _, err = run(capsys, "--dutch", empty, "-g", "-o", out, "-s", "1")
    assert code == INVALID_REQUEST
    assert err == (
        f"Error processing file {empty}: The model has no round paired: the tournament "
        "generated has as many rounds as the model.\n"
    )
    assert not out.exists()
    config = tmp_path / "zero.cfg"
    for text in ("PlayersNumber=0\n", "RoundsNumber=0\n"):
        config.write_text(text)
        code, _, err = run(capsys, "--dutch", "-g", config, "-o", out, "-s", "1")
        assert code == INVALID_REQUEST and "There must be at least one" in err
        assert not out.exists()


def test_bad_configurations(capsys, tmp_path):
    config = tmp_path / "bad.cfg"
    config.write_text("PlayersNumber=9\nColours=2\n")
    code, _, err = run(capsys, "--dutch", "-g", config, "-o", "o.trf", "-s", "1")
    assert code == INVALID_REQUEST
    assert err == f'{config}:2:1: Unexpected parameter "Colours" in configuration file.\n'
    config.write_text("HighestRating=1000\nLowestRating=2000\n")
    code, _, err = run(capsys, "--dutch", "-g", config, "-o", "o.trf", "-s", "1")
    assert code == INVALID_REQUEST and "highest rating must be higher" in err
    config.write_text("PlayersNumber=20000\n")
    assert run(capsys, "--dutch", "-g", config, "-o", "o.trf", "-s", "1")[0] == LIMIT_EXCEEDED
    code, _, err = run(capsys, "--dutch", "-g", tmp_path / "none.cfg", "-o", "o.trf")
    assert code == FILE_ERROR and "Error while reading configuration file" in err
    assert not (tmp_path / "o.trf").exists()


@needs_corpus
def test_generating_from_a_model_tournament(capsys, tmp_path):
    needs_matching()
    model = copy(corpus("t028") / "tournament.trf", tmp_path / "model.trf")
    assert run(capsys, "--dutch", model, "-g", "-o", "new.trf", "-s", "3")[0] == 0
    original, generated = trf.load(model), trf.load(tmp_path / "new.trf")
    assert [(p.name, p.rating) for p in generated] == [(p.name, p.rating) for p in original]
    assert generated.rounds_played == original.rounds_played == 5
    assert generated.name == original.name
    assert [p.results for p in generated] != [p.results for p in original]
