"""CSV and printable HTML standings."""

from __future__ import annotations

import csv
import datetime
import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.categories import parse_category
from chessarbiter.cli.main import main
from chessarbiter.errors import RoundNumberError, UnknownPlayerError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.output import (
    Column,
    PageHeader,
    Table,
    category_csv,
    crosstable_table,
    csv_text,
    html_page,
    prize_table,
    round_table,
    standings_csv,
    standings_html,
    standings_table,
    start_list_table,
    table_csv,
    team_table,
)
from chessarbiter.prizes import allocate, parse_prize_table
from chessarbiter.standings import category_ranking, ranking, standings
from chessarbiter.start_lists import start_list
from chessarbiter.team_ranking import team_ranking
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


# -- every list as CSV and printable HTML, on a hand-made event ----------------------------------

SCRIPT = "<script>alert(1)</script>"
FORMULA = '=HYPERLINK("x")'


@pytest.fixture
def small() -> Tournament:
    """Four players, two rounds: a win and a draw, then a forfeit, the PAB and a half-point bye;
    one name is a script, one a spreadsheet formula."""
    t = Tournament(
        name="Club <Open>",
        city="Pau",
        start_date="2026/07/01",
        end_date="2026/07/02",
        chief_arbiter="A. Lee",
    )
    for number, name, rating, title in [
        (1, "Ann", 2100, "g"),
        (2, SCRIPT, 2000, ""),
        (3, FORMULA, None, ""),
        (4, "Dan", 1800, ""),
    ]:
        fed = "GER" if number == 1 else ""
        t.add_player(Player(number, name, rating=rating, title=title, federation=fed))
    p = t.players
    p[1].set_entry(1, RoundEntry(3, Colour.WHITE, Result.WIN))
    p[3].set_entry(1, RoundEntry(1, Colour.BLACK, Result.LOSS))
    p[4].set_entry(1, RoundEntry(2, Colour.WHITE, Result.DRAW))
    p[2].set_entry(1, RoundEntry(4, Colour.BLACK, Result.DRAW))
    p[2].set_entry(2, RoundEntry(1, Colour.WHITE, Result.FORFEIT_LOSS))
    p[1].set_entry(2, RoundEntry(2, Colour.BLACK, Result.FORFEIT_WIN))
    p[3].set_entry(2, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    p[4].set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    return t


def test_start_list_csv_exact(small: Tournament) -> None:
    assert table_csv(start_list_table(start_list(small, "rating"))) == (
        "position,pairing_number,title,name,rating,federation,fide_id,birth,sex,club\n"
        "1,1,GM,Ann,2100,GER,,,,\n"
        "2,2,,<script>alert(1)</script>,2000,,,,,\n"
        "3,4,,Dan,1800,,,,,\n"
        '4,3,,"\'=HYPERLINK(""x"")",,,,,,\n'
    )


def test_pairings_and_results_csv_exact(small: Tournament) -> None:
    head = (
        "board,white_no,white_title,white_name,white_rating,white_federation,white_points,"
        "result,black_no,black_title,black_name,black_rating,black_federation,black_points\n"
    )
    assert table_csv(round_table(small, 1, results=False)) == head + (
        '1,1,GM,Ann,2100,GER,0,,3,,"\'=HYPERLINK(""x"")",,,0\n'
        "2,4,,Dan,1800,,0,,2,,<script>alert(1)</script>,2000,,0\n"
    )
    assert table_csv(round_table(small, 1)).splitlines()[1:] == [
        '1,1,GM,Ann,2100,GER,0,1-0,3,,"\'=HYPERLINK(""x"")",,,0',
        "2,4,,Dan,1800,,0,½-½,2,,<script>alert(1)</script>,2000,,0",
    ]
    # points before the round; a forfeit as 1F-0F; the byes by name
    assert table_csv(round_table(small, 2)) == head + (
        "1,2,,<script>alert(1)</script>,2000,,0.5,0F-1F,1,GM,Ann,2100,GER,1\n"
        ',3,,"\'=HYPERLINK(""x"")",,,0,pairing-allocated bye,,,,,,\n'
        ",4,,Dan,1800,,0.5,half-point bye,,,,,,\n"
    )
    boards = [(1, 2)]  # the boards as the web stores them
    assert table_csv(round_table(small, 2, boards=boards)).splitlines()[1].startswith("1,1,GM")


def test_a_round_not_paired_is_an_error(small: Tournament) -> None:
    with pytest.raises(RoundNumberError, match="round 3 was not paired"):
        round_table(small, 3)
    with pytest.raises(UnknownPlayerError, match="no player has the pairing number 9"):
        round_table(small, 1, boards=[(1, 9)])


def test_standings_crosstable_and_category_csv_exact(small: Tournament) -> None:
    rows = ranking(small, "BH", 2)
    assert standings_csv(rows) == (
        "rank,shared_rank,pairing_number,name,rating,federation,points,BH\n"
        "1,1,1,Ann,2100,GER,2,1.5\n"
        '2,2,3,"\'=HYPERLINK(""x"")",,,1,3\n'
        "3,3,4,Dan,1800,,1,1.5\n"
        "4,4,2,<script>alert(1)</script>,2000,,0.5,1.5\n"
    )
    assert table_csv(crosstable_table(rows)).splitlines()[:2] == [
        "rank,shared_rank,pairing_number,name,rating,federation,round_1,round_2,points,BH",
        "1,1,1,Ann,2100,GER,3w1,2b+,2,1.5",
    ]
    rated = category_ranking(
        small, rows, parse_category("RATING<2050"), reference_date=datetime.date(2026, 1, 1)
    )
    assert category_csv(rated) == (
        "category_rank,shared_category_rank,rank,shared_rank,pairing_number,name,rating,"
        "federation,points,BH\n"
        "1,1,3,3,4,Dan,1800,,1,1.5\n"
        "2,2,4,4,2,<script>alert(1)</script>,2000,,0.5,1.5\n"
    )


def test_team_ranking_and_prize_list(small: Tournament) -> None:
    rows = ranking(small, "BH", 2)
    teams = team_ranking(small, rows, by="federation", best=1)
    assert table_csv(team_table(teams)) == (
        "rank,shared_rank,team,points,next_scores,counted\n1,1,GER,2,,1\n"
    )
    prizes = parse_prize_table(
        'currency = "EUR"\n[[prize]]\nplace = 1\namount = 100\ndescription = "=cup"\n'
    )
    table = prize_table(allocate(prizes, rows))
    assert table.rows == (("1", "1", "Ann", "2", "1st place", "100.00 EUR", "=cup", ""),)
    assert table.notes == ("Paid 100.00 EUR of 100.00 EUR.",)
    page = html_page(PageHeader.of(small), [table])
    assert "<td class=l>=cup</td>" in page and "Paid 100.00 EUR" in page


def test_csv_injection_neutralised() -> None:
    cells = ["=1+2", "+1", "-cmd", "@SUM(A1)", "\tx", "\rx", "-1.5", "+2", "0", "a=b", ""]
    out = csv_text(["h"] * len(cells), [cells])
    assert list(csv.reader(io.StringIO(out, newline="")))[1] == [
        "'=1+2",
        "+1",
        "'-cmd",
        "'@SUM(A1)",
        "'\tx",
        "'\nx",  # the carriage return written as a line break: quoted
        "-1.5",
        "+2",
        "0",
        "a=b",
        "",
    ]


def test_every_page_escapes_and_prints(small: Tournament) -> None:
    rows = ranking(small, "BH", 2)
    tables = [
        start_list_table(start_list(small)),
        round_table(small, 1, results=False),
        round_table(small, 2),
        standings_table(rows),
        crosstable_table(rows),
    ]
    page = html_page(PageHeader.of(small), tables)
    assert SCRIPT not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<h1>Club &lt;Open&gt;</h1>" in page
    assert "Pau · 2026/07/01 - 2026/07/02 · Chief arbiter: A. Lee" in page
    assert "@page { size: A4 landscape" in page  # the crosstable has a column per round
    assert "thead { display: table-header-group; }" in page
    assert "section + section { break-before: page" in page
    assert page.count("<section>") == 5
    portrait = html_page(PageHeader.of(small), tables[:1])
    assert "@page { size: A4;" in portrait
    parser = Cells()
    parser.feed(page)
    assert parser.rows[-4] == ["1", "1", "GM Ann", "2100", "GER", "3w1", "2b+", "2", "1.5"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=12), min_size=1, max_size=4))
def test_any_text_reads_back_and_never_as_a_formula(cells: list[str]) -> None:
    """Whatever a name holds, the CSV reads back one row of as many cells, none a formula; the
    HTML holds no tag of it."""
    out = csv_text(["a"] * len(cells), [cells])
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert len(rows) == 2 and len(rows[1]) == len(cells)
    for written, given_cell in zip(rows[1], cells, strict=True):
        number = re.fullmatch(r"[+-]?\d+(\.\d+)?", given_cell, flags=re.ASCII) is not None
        risky = given_cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not number
        assert written[:1] not in ("=", "+", "-", "@", "\t", "\r") or number
        text = given_cell.replace("\r\n", "\n").replace("\r", "\n")
        assert written == ("'" + text if risky else text)
    table = Table("t", tuple(Column(f"c{i}", "c") for i in range(len(cells))), (tuple(cells),))
    page = html_page(PageHeader("e"), [table])
    assert page.count("<td") == len(cells) and page.count("<") == html_page(
        PageHeader("e"), [Table("t", table.columns, (("",) * len(cells),))]
    ).count("<")
