"""CSV and printable HTML standings."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.main import main
from chessarbiter.output import standings_csv, standings_html
from chessarbiter.standings import standings
from chessarbiter.tiebreaks import for_standings, parse_list


class Cells(HTMLParser):
    """The text of every table row's cells."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.rows[-1].append("")
            self.inside = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.rows[-1][-1] += data


@pytest.fixture
def t019(shared: Path):
    t = trf.load(shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf")
    return t, standings(t, None, for_standings(t, parse_list("BH/C1,SB")))


def test_csv_has_exact_numbers_and_every_tiebreak(t019) -> None:
    _, rows = t019
    table = list(csv.reader(io.StringIO(standings_csv(rows))))
    assert table[0] == [
        "rank",
        "shared_rank",
        "pairing_number",
        "name",
        "rating",
        "federation",
        "points",
        "BH/C1",
        "SB",
    ]
    assert table[1][:3] == ["1", "1", "2"] and table[1][6:] == ["5", "11.5", "12.5"]
    assert table[3][6:] == ["3", "13.5", "7.75"]
    assert len(table) == 8


def test_html_page_for_print(t019) -> None:
    _, rows = t019
    page = standings_html(rows, "Open <2026>", "after round 5")
    assert page.startswith("<!DOCTYPE html>") and "@page { size: A4 landscape" in page
    assert "Open &lt;2026&gt;" in page  # escaped
    parser = Cells()
    parser.feed(page)
    header, first = parser.rows[0], parser.rows[1]
    assert header == [
        "Rk",
        "No",
        "Name",
        "Rtg",
        "Fed",
        "1",
        "2",
        "3",
        "4",
        "5",
        "Pts",
        "BH/C1",
        "SB",
    ]
    # player 2: beat 5 (black), 3, 1; won by forfeit against 4; beat 7
    assert first[:2] == ["1", "2"] and first[5:10] == ["5b1", "3w1", "1b1", "4w+", "7w1"]
    assert first[10:] == ["5", "11.5", "12.5"]


def test_cli_formats(capsys, shared: Path) -> None:
    path = shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf"
    assert main(["standings", str(path), "--tiebreaks", "BH,DE", "--format", "csv"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("points,BH,DE")
    assert main(["standings", str(path), "--format", "html", "--edition", "legacy"]) == 0
    assert "<table>" in capsys.readouterr().out
