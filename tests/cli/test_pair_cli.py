"""``chessarbiter pair``: the friendly pairing command (``chessarbiter.cli.pair``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli import pair
from chessarbiter.cli.exits import EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import cli, main
from chessarbiter.model import Colour, Result, RoundEntry

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DUTCH = SHARED / "corpus" / "dutch"

pytestmark = pytest.mark.skipif(not DUTCH.exists(), reason=f"{DUTCH} is not beside the checkout")


def corpus(prefix: str) -> Path:
    (found,) = DUTCH.glob(f"{prefix}_*")
    return found


@pytest.fixture(autouse=True)
def registered() -> None:
    pair.register(cli)  # idempotent; main() registers it too once the lead wires it in


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def reference(source: Path, suffix: str = ".pairs") -> list[tuple[int, int]]:
    lines = source.with_suffix(suffix).read_text().split("\n")
    return [(int(a), int(b)) for a, b in (line.split() for line in lines[1 : int(lines[0]) + 1])]


def needs_matching() -> None:
    pytest.importorskip("chessarbiter.pairing.matching")


def test_json_output(capsys):
    needs_matching()
    source = corpus("t010") / "round03.trf"
    code, out, err = run(capsys, "pair", source, "--format", "json")
    assert (code, err) == (EXIT_OK, "")
    data = json.loads(out)
    pairs = reference(source)
    assert data == {
        "round": 3,
        "edition": "2026",
        "boards": [
            {"board": n, "white": w, "black": b}
            for n, (w, b) in enumerate((p for p in pairs if p[1]), start=1)
        ],
        "bye": next(w for w, b in pairs if b == 0),
    }


def test_json_without_a_bye(capsys):
    needs_matching()
    source = corpus("t002") / "round02.trf"  # 10 players
    code, out, _ = run(capsys, "pair", source, "--format=json")
    assert code == EXIT_OK
    data = json.loads(out)
    assert data["bye"] is None and len(data["boards"]) == 5


def test_text_output_lists_boards_with_names_ratings_scores_then_the_bye(capsys):
    needs_matching()
    source = corpus("t010") / "round03.trf"
    code, out, _ = run(capsys, "pair", source)
    assert code == EXIT_OK
    lines = out.splitlines()
    assert lines[0] == "Round 3 — FIDE (Dutch) system, 2026 rules"
    assert lines[1].split() == ["Bd", "White", "Rtg", "Pts", "Black", "Rtg", "Pts"]
    t = trf.load(source)
    boards = [p for p in reference(source) if p[1]]
    for n, (white, black) in enumerate(boards, start=1):
        w, b = t.player(white), t.player(black)
        expected = [
            str(n),
            str(white),
            *w.name.split(),
            str(w.rating),
            f"{t.score(white):.1f}",
            "-",
            str(black),
            *b.name.split(),
            str(b.rating),
            f"{t.score(black):.1f}",
        ]
        assert lines[1 + n].split() == expected
    bye = next(w for w, b in reference(source) if b == 0)
    p = t.player(bye)
    assert lines[2 + len(boards)] == (
        f"Pairing-allocated bye: {bye} {p.name} ({p.rating}, {t.score(bye):.1f}), scores 1.0"
    )
    assert len(lines) == 3 + len(boards)


def test_text_output_names_the_players_not_paired(capsys):
    needs_matching()
    source = corpus("t010") / "round02.trf"
    t = trf.load(source)
    assert t.player(5).entry(2) == RoundEntry.bye(Result.HALF_POINT_BYE)
    code, out, _ = run(capsys, "pair", source)
    assert code == EXIT_OK
    assert out.splitlines()[-1] == "Not paired: 5 (H)"


def test_round_out_writes_the_tournament_with_the_round_paired(capsys, tmp_path):
    needs_matching()
    source = corpus("t010") / "round03.trf"
    target = tmp_path / "paired.trf"
    code, _, _ = run(capsys, "pair", source, "--format", "json", "--round-out", target)
    assert code == EXIT_OK
    before, after = trf.load(source), trf.load(target)
    for white, black in reference(source):
        if black == 0:
            assert after.player(white).entry(3) == RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE)
            continue
        assert after.player(white).entry(3) == RoundEntry(black, Colour.WHITE, None)
        assert after.player(black).entry(3) == RoundEntry(white, Colour.BLACK, None)
    for p in before:
        assert after.player(p.number).results[:2] == p.results[:2]
    assert after.rounds_played == 3
    # the same dialect as the input: XXR and XXC kept
    head = source.read_text().splitlines()[:3]
    assert head[1:] == ["XXR 5", "XXC black1"]
    assert target.read_text().splitlines()[:3] == head


def test_edition_option(capsys):
    needs_matching()
    source = corpus("t073") / "round04.trf"
    code, out, err = run(capsys, "pair", source, "--edition", "2017", "--format", "json")
    if code == EXIT_INVALID_INPUT and "not available" in err:
        pytest.skip("the Dutch 2017 edition is not implemented yet")
    assert code == EXIT_OK
    data = json.loads(out)
    assert data["edition"] == "2017"
    got = {(b["white"], b["black"]) for b in data["boards"]} | {(data["bye"], 0)}
    assert got == set(reference(source, ".pairs2017"))
    assert got != set(reference(source))


def test_no_valid_pairing_exits_1(capsys):
    needs_matching()
    code, out, err = run(capsys, "pair", corpus("t047") / "round07.trf")
    assert (code, out) == (EXIT_FAILURE, "")
    # issue 13 item 19: the reason once, not "no valid pairing: no valid pairing exists: ..."
    assert err == (
        "error: no valid pairing exists: the players cannot all be paired while satisfying "
        "every absolute criterion\n"
    )


def test_issue_13_item_2_a_round_without_results_is_not_paired_over(capsys, tmp_path):
    """Pairing the file ``--round-out`` wrote (round 3 paired, no results) again is refused
    with exit 3, naming the round and its games; ``--round 3`` still re-pairs round 3."""
    needs_matching()
    source = corpus("t010") / "round03.trf"
    paired = tmp_path / "paired.trf"
    code, first, _ = run(capsys, "pair", source, "--round-out", paired)
    assert code == EXIT_OK
    again = tmp_path / "again.trf"
    code, out, err = run(capsys, "pair", paired, "--round-out", again)
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert err == (
        "error: round 3 is not finished: 3 games have no result (White-Black: 5-1, 2-3, 7-4); "
        "a round is paired only when the results of the previous rounds are known "
        "(C.04.1, C.04.2)\n"
    )
    assert not again.exists()
    code, out, _ = run(capsys, "pair", paired, "--round", "3")
    assert (code, out) == (EXIT_OK, first)
    code, _, err = run(capsys, "pair", paired, "--round", "4")
    assert code == EXIT_INVALID_INPUT
    assert err.startswith("error: round 3 is not finished: 3 games have no result")


def test_invalid_input_exits_3(capsys, tmp_path):
    source = tmp_path / "bad.trf"
    source.write_text(
        "012 Bad\nXXR 3\n"
        "001    1      Ann                               2000                             "
        "1.0    1     2 w 1\n"
        "001    2      Bob                               1900                             "
        "0.0    2     1 w 0\n"
    )
    code, out, err = run(capsys, "pair", source)
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert f"{source}:" in err
    code, _, err = run(capsys, "pair", corpus("t001") / "tournament.trf")  # all rounds paired
    assert code == EXIT_INVALID_INPUT and "rounds" in err


def test_usage_errors_exit_2(capsys, tmp_path):
    assert run(capsys, "pair", tmp_path / "missing.trf")[0] == EXIT_USAGE
    source = corpus("t001") / "round02.trf"
    assert run(capsys, "pair", source, "--format", "xml")[0] == EXIT_USAGE
    assert run(capsys, "pair", source, "--edition", "2012")[0] == EXIT_USAGE


def test_pair_a_past_round_with_round_option(capsys):
    """``pair --round N`` re-pairs round N as the tournament stood before it: for a corpus
    tournament, the same boards as the reference pairing of that round."""
    folder = next(DUTCH.glob("t003_*"))
    code = main(["pair", str(folder / "tournament.trf"), "--round", "5", "--format", "json"])
    assert code == 0
    got = json.loads(capsys.readouterr().out)
    reference = (folder / "round05.pairs").read_text().split("\n")[1:]
    expected = sorted(tuple(int(x) for x in line.split()) for line in reference if line.strip())
    boards = [(b["white"], b["black"]) for b in got["boards"]]
    bye = [(got["bye"], 0)] if got["bye"] else []
    assert sorted(boards + bye) == expected


@pytest.mark.parametrize(
    ("records", "flag", "title"),
    [
        ("192 FIDE_DUBOV\n", "--dubov", "Dubov system (C.04.4.1; TRF 192 FIDE_DUBOV)"),
        ("192 FIDE_BURSTEIN_BAKU\n", "--burstein", "Burstein system"),
        ("192 CUSTOM_SWISS\n092 Keizer\n", "--keizer", "TRF 192 CUSTOM_SWISS, 092 Keizer"),
    ],
)
def test_a_file_of_another_system_is_not_paired_as_dutch(capsys, tmp_path, records, flag, title):
    """A file whose TRF-2026 192 record (or 092 with 192 CUSTOM_SWISS) names another system is
    refused with exit 3 and the engine command that pairs it; nothing is written."""
    source = tmp_path / "other.trf"
    text = (corpus("t001") / "round02.trf").read_text()
    source.write_text(records + text)
    out_file = tmp_path / "out.trf"
    code, out, err = run(capsys, "pair", source, "--round-out", out_file)
    assert (code, out) == (EXIT_INVALID_INPUT, "")
    assert title in err and f"chessarbiter {flag} {source} -p" in err
    assert not out_file.exists()
    source.write_text("192 FIDE_DUTCH_2026\n" + text)
    assert run(capsys, "pair", source)[0] == EXIT_OK
