"""``chessarbiter standings --tiebreaks``: the JSON the acceptance checks read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessarbiter.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_with_tiebreaks_in_the_order_asked(capsys, shared: Path) -> None:
    path = shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf"
    code, out, _ = run(
        capsys, "standings", str(path), "--tiebreaks", "BH/C1,BH,SB", "--format", "json"
    )
    assert code == 0
    rows = json.loads(out)["standings"]
    assert rows[0]["pairing_number"] == 2 and rows[0]["rank"] == 1
    assert list(rows[0]["tiebreaks"]) == ["BH/C1", "BH", "SB"]
    assert rows[0]["tiebreaks"] == {"BH/C1": 11.5, "BH": 12.5, "SB": 12.5}
    fourth = next(r for r in rows if r["pairing_number"] == 4)
    assert fourth["tiebreaks"]["BH/C1"] == 9.5


def test_unsupported_tiebreak_is_a_usage_error(capsys, shared: Path) -> None:
    path = shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf"
    code, _, err = run(capsys, "standings", str(path), "--tiebreaks", "XYZ")
    assert code == 2
    assert "--tiebreaks: tie-break XYZ (C.07) is not a C.07 tie-break" in err


def test_default_tiebreaks_come_from_the_files_202_record(
    capsys, shared: Path, tmp_path: Path
) -> None:
    source = shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf"
    path = tmp_path / "with202.trf"
    path.write_text(source.read_text() + "202 BH/C1,SB\n")
    code, out, err = run(capsys, "standings", str(path), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["standings"][0]["tiebreaks"] == {"BH/C1": 11.5, "SB": 12.5}
    code, out, _ = run(capsys, "standings", str(path), "--format", "json", "--tiebreaks", "")
    assert json.loads(out)["standings"][0]["tiebreaks"] == {}
    path.write_text(source.read_text() + "212 PTS,BH/C1,SB\n")  # PTS is the points
    code, out, err = run(capsys, "standings", str(path), "--format", "json")
    assert code == 0 and err == ""
    assert json.loads(out)["standings"][0]["tiebreaks"] == {"BH/C1": 11.5, "SB": 12.5}


def test_issue13_item18_a_files_unusable_list_is_a_note_not_a_usage_error(
    capsys, shared: Path, tmp_path: Path
) -> None:
    """The file's own 202 list with a tie-break not computed: the standings say so and go by
    points (exit 0); exit 2 was "usage error" for a problem of the file."""
    source = shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf"
    path = tmp_path / "with202.trf"
    path.write_text(source.read_text() + "202 EDET/P,BH\n")
    code, out, err = run(capsys, "standings", str(path), "--format", "json")
    assert code == 0
    assert "the tie-breaks of record 202 cannot be used (tie-break EDET" in err
    assert "by points only" in err
    assert json.loads(out)["standings"][0]["tiebreaks"] == {}


@pytest.mark.parametrize(
    ("name", "record", "listed"),
    [
        ("sharly-chess/trf/example_trf26.trf", "202", "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"),
        ("sharly-chess/tournament_importers/trf-team-import-test.trf", "212", "WIN,BH,AOB"),
    ],
)
def test_issue13_item18_team_files_list_the_teams_tie_breaks(
    capsys, shared: Path, name: str, record: str, listed: str
) -> None:
    """In a TRF-2026 team file the 202/212 list ranks the teams: the players' standings do not
    apply it, and say so (exit 2 before, on example_trf26's EDET)."""
    code, out, err = run(capsys, "standings", str(shared / "real" / name), "--format", "json")
    assert code == 0, err
    assert f"record {record} lists the teams' tie-breaks ({listed})" in err
    rows = json.loads(out)["standings"]
    assert rows and all(row["tiebreaks"] == {} for row in rows)
    code, out, err = run(
        capsys, "standings", str(shared / "real" / name), "--tiebreaks", "BH", "--format", "csv"
    )
    assert code == 0 and err == "" and out.splitlines()[0].endswith(",BH")


def test_explain_shows_each_tiebreak_of_a_player(capsys, shared: Path) -> None:
    path = shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf"
    code, out, _ = run(capsys, "standings", str(path), "--tiebreaks", "BH/C1,WIN", "--explain", "4")
    assert code == 0
    assert out.splitlines()[0] == "BH/C1 of player 4 (C.07 of 1 March 2026): 9.5"
    assert "WIN of player 4 (C.07 of 1 March 2026): 3" in out.splitlines()
    assert out.splitlines()[-1] == "  round 5: bye (PAB or full point): scored 1"
    code, _, err = run(capsys, "standings", str(path), "--tiebreaks", "BH", "--explain", "44")
    assert code == 2 and "no player has that pairing number" in err
