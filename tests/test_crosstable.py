"""Plain-text standings and crosstables: the Swiss layout and the round-robin grid."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.crosstable import (
    crosstable_text,
    result_mark,
    round_robin_cycles,
    standings_text,
    text_table,
)
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Colour, Player, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.standings import standings

W, D, L = Result.WIN, Result.DRAW, Result.LOSS


def make(n: int, total_rounds: int | None) -> Tournament:
    t = Tournament(total_rounds=total_rounds)
    for i in range(1, n + 1):
        t.add_player(Player(i, f"Player {chr(64 + i)}", rating=2000 + i, federation="NED"))
    return t


def play(t: Tournament, games: list[tuple[int, int, int, Result]]) -> Tournament:
    for round_number, white, black, result in games:
        t.record_game(round_number, white, black, result)
    assert t.check() == []
    return t


def swiss_event() -> Tournament:
    """Six players, three rounds: a PAB, a half-point bye, a known absence, a forfeit, a double
    forfeit, and a late entrant not paired in round 1."""
    t = Tournament(total_rounds=3)
    people = [
        ("Ash, Amy", 2100, "ENG"),
        ("Birch, Ben", 2050, "SCO"),
        ("Cole, Cy", None, "WLS"),
        ("Dunn, Di", 1900, "IRL"),
        ("Eyre, Ed", 1850, "ENG"),
        ("Fox, Flo", 1800, ""),
    ]
    for number, (name, rating, federation) in enumerate(people, start=1):
        t.add_player(Player(number, name, rating=rating, federation=federation))
    t.record_game(1, 1, 2, W)
    t.record_game(1, 3, 4, D)
    t.player(5).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.record_game(2, 4, 1, Result.FORFEIT_LOSS)
    t.record_game(2, 2, 5, W)
    t.player(3).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    t.player(6).set_entry(2, RoundEntry.bye(Result.ZERO_POINT_BYE))
    t.record_game(3, 1, 3, D)
    t.player(5).set_entry(3, RoundEntry(4, Colour.WHITE, Result.FORFEIT_LOSS))
    t.player(4).set_entry(3, RoundEntry(5, Colour.BLACK, Result.FORFEIT_LOSS))
    t.record_game(3, 2, 6, L)
    assert t.check() == []
    return t


# -- marks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "mark"),
    [
        (RoundEntry(2, Colour.WHITE, W), "1"),
        (RoundEntry(2, Colour.WHITE, D), "½"),
        (RoundEntry(2, Colour.WHITE, L), "0"),
        (RoundEntry(2, Colour.BLACK, Result.UNRATED_WIN), "1"),
        (RoundEntry(2, Colour.BLACK, Result.FORFEIT_WIN), "+"),
        (RoundEntry(2, Colour.BLACK, Result.FORFEIT_LOSS), "-"),
        (RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE), "U"),
        (RoundEntry.bye(Result.FULL_POINT_BYE), "F"),
        (RoundEntry.NOT_PAIRED, ""),
    ],
)
def test_result_mark(entry: RoundEntry, mark: str) -> None:
    assert result_mark(entry) == mark


def test_result_mark_ascii_draw() -> None:
    assert result_mark(RoundEntry(2, Colour.WHITE, Result.UNRATED_DRAW), ascii=True) == "="


def test_text_table_rejects_ragged_rows() -> None:
    with pytest.raises(ValueError, match="one cell per header"):
        text_table(["a", "b"], [["1"]], ["l", "l"])


# -- standings ------------------------------------------------------------------------------


class Wins:
    name = "Wins"

    def value(self, tournament: Tournament, player: PlayerId, after_round: int) -> Decimal:
        entries = tournament.player(player).results[:after_round]
        return Decimal(sum(1 for e in entries if e.result in (W, Result.FORFEIT_WIN)))


def test_standings_text_with_shared_places_withdrawn_and_unrated_players() -> None:
    t = swiss_event()
    t.player(4).withdrawn_from_round = 3
    assert standings_text(standings(t)) == "\n".join(
        [
            "Rk   No  Name                   Rtg  Fed  Pts",
            "---  --  --------------------  ----  ---  ---",
            "1     1  Ash, Amy              2100  ENG   2½",
            "2     3  Cole, Cy                    WLS   1½",
            "3-5   2  Birch, Ben            2050  SCO    1",
            "3-5   5  Eyre, Ed              1850  ENG    1",
            "3-5   6  Fox, Flo              1800         1",
            "6     4  Dunn, Di (withdrawn)  1900  IRL    ½",
        ]
    )


def test_standings_text_has_one_column_per_tiebreak() -> None:
    text = standings_text(standings(swiss_event(), tiebreaks=[Wins()]), ascii=True)
    lines = text.splitlines()
    assert lines[0].split() == ["Rk", "No", "Name", "Rtg", "Fed", "Pts", "Wins"]
    assert lines[2].split()[-2:] == ["2.5", "2"]
    # Birch, Eyre and Fox have 1 point; Birch and Fox won a game, Eyre did not.
    assert [line.split()[0:2] for line in lines[4:7]] == [["3-4", "2"], ["3-4", "6"], ["5", "5"]]


def test_standings_text_of_no_players_is_the_header() -> None:
    assert standings_text([]).splitlines()[0].split() == ["Rk", "No", "Name", "Rtg", "Fed", "Pts"]


# -- Swiss layout ---------------------------------------------------------------------------


def test_swiss_layout_byes_forfeits_and_absences() -> None:
    assert crosstable_text(swiss_event()) == "\n".join(
        [
            "Rk   No  Name         Rtg  Fed     1     2     3  Pts",
            "---  --  ----------  ----  ---  ----  ----  ----  ---",
            "1     1  Ash, Amy    2100  ENG   2w1   4b+   3w½   2½",
            "2     3  Cole, Cy          WLS   4w½  -- H   1b½   1½",
            "3-5   2  Birch, Ben  2050  SCO   1b0   5w1   6w0    1",
            "3-5   5  Eyre, Ed    1850  ENG  -- U   2b0   4w-    1",
            "3-5   6  Fox, Flo    1800             -- Z   2b1    1",
            "6     4  Dunn, Di    1900  IRL   3b½   1w-   5b-    ½",
        ]
    )


def test_swiss_layout_ascii() -> None:
    lines = crosstable_text(swiss_event(), ascii=True).splitlines()
    assert lines[2].endswith("2w1   4b+   3w=  2.5")
    assert lines[7].endswith("3b=   1w-   5b-  0.5")
    assert "½" not in "\n".join(lines)


def test_swiss_layout_after_a_round() -> None:
    lines = crosstable_text(swiss_event(), after_round=1).splitlines()
    assert lines[0].split() == ["Rk", "No", "Name", "Rtg", "Fed", "1", "Pts"]
    assert lines[2].split() == ["1-2", "1", "Ash,", "Amy", "2100", "ENG", "2w1", "1"]
    assert lines[3].split() == ["1-2", "5", "Eyre,", "Ed", "1850", "ENG", "--", "U", "1"]


def test_swiss_layout_wide_pairing_numbers_keep_cells_aligned() -> None:
    t = Tournament(total_rounds=2)
    for number in (7, 123):
        t.add_player(Player(number, f"P{number}"))
    t.record_game(1, 7, 123, D)
    t.player(7).set_entry(2, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.player(123).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    lines = crosstable_text(t, layout="swiss").splitlines()
    assert lines[2:] == [
        "1     7  P7              123w½   -- U   1½",
        "2   123  P123              7b½   -- H    1",
    ]


def test_after_round_beyond_the_rounds_played_is_an_error() -> None:
    with pytest.raises(ChessArbiterError, match="after round 4"):
        crosstable_text(swiss_event(), after_round=4)


def test_no_players() -> None:
    assert crosstable_text(Tournament()) == "(no players)"


# -- round-robin grid -----------------------------------------------------------------------


def single_round_robin() -> Tournament:
    """Four players, the Berger table, player 3 wins round 3 by forfeit against player 1."""
    return play(
        make(4, 3),
        [
            *[(1, 1, 4, W), (1, 2, 3, D), (2, 4, 3, L), (2, 1, 2, D), (3, 2, 4, W)],
            (3, 3, 1, Result.FORFEIT_WIN),
        ],
    )


def test_round_robin_grid() -> None:
    assert crosstable_text(single_round_robin()) == "\n".join(
        [
            "No  Name       Rtg  Fed  1  2  3  4  Pts  Rk",
            "--  --------  ----  ---  -  -  -  -  ---  --",
            " 1  Player A  2001  NED  X  ½  -  1   1½  3",
            " 2  Player B  2002  NED  ½  X  ½  1    2  2",
            " 3  Player C  2003  NED  +  ½  X  1   2½  1",
            " 4  Player D  2004  NED  0  0  0  X    0  4",
        ]
    )


def test_round_robin_grid_ascii_and_partial() -> None:
    lines = crosstable_text(single_round_robin(), after_round=1, ascii=True).splitlines()
    assert lines[2:] == [
        " 1  Player A  2001  NED  X        1    1  1",
        " 2  Player B  2002  NED     X  =     0.5  2-3",
        " 3  Player C  2003  NED     =  X     0.5  2-3",
        " 4  Player D  2004  NED  0        X    0  4",
    ]


def test_double_round_robin_shows_two_results_per_cell() -> None:
    t = play(
        make(4, 6),
        [
            *[(1, 1, 4, W), (1, 2, 3, L), (2, 4, 3, D), (2, 1, 2, W), (3, 2, 4, D), (3, 3, 1, L)],
            *[(4, 4, 1, L), (4, 3, 2, D)],
        ],
    )
    assert round_robin_cycles(t) == 2
    assert crosstable_text(t) == "\n".join(
        [
            "No  Name       Rtg  Fed   1   2   3   4  Pts  Rk",
            "--  --------  ----  ---  --  --  --  --  ---  ---",
            " 1  Player A  2001  NED  XX  1   1   11    4  1",
            " 2  Player B  2002  NED  0   XX  0½  ½     1  3-4",
            " 3  Player C  2003  NED  0   1½  XX  ½     2  2",
            " 4  Player D  2004  NED  00  ½   ½   XX    1  3-4",
        ]
    )


def test_layout_can_be_forced() -> None:
    grid = crosstable_text(swiss_event(), layout="grid").splitlines()
    assert grid[0].split() == [
        "No",
        "Name",
        "Rtg",
        "Fed",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "Pts",
        "Rk",
    ]
    # Ash (1) beat Birch (2), drew Cole (3), won by forfeit against Dunn (4).
    assert grid[2].split()[5:10] == ["X", "1", "½", "+", "2½"]
    swiss = crosstable_text(single_round_robin(), layout="swiss").splitlines()
    assert swiss[2].split() == ["1", "3", "Player", "C", "2003", "NED", "2b½", "4b1", "1w+", "2½"]


# -- choosing the layout --------------------------------------------------------------------


def test_round_robin_cycles_of_round_robins() -> None:
    assert round_robin_cycles(single_round_robin()) == 1
    # A round robin before any round is played, and an odd field (one cycle = n rounds).
    assert round_robin_cycles(make(10, 9)) == 1
    assert round_robin_cycles(make(5, 5)) == 1
    assert round_robin_cycles(make(5, 10)) == 2


def test_a_swiss_is_not_a_round_robin() -> None:
    assert round_robin_cycles(swiss_event()) is None
    big = make(40, 9)
    assert round_robin_cycles(big) is None
    declared = single_round_robin()
    declared.tournament_type = "Individual: Swiss-System"
    assert round_robin_cycles(declared) is None


def test_repeated_pairings_are_not_a_single_round_robin() -> None:
    t = play(make(4, 3), [(1, 1, 2, W), (2, 2, 1, W)])
    assert round_robin_cycles(t) is None
    assert crosstable_text(t).splitlines()[0].split()[0] == "Rk"


def test_a_declared_round_robin_without_a_round_count() -> None:
    t = play(make(6, None), [(1, 1, 6, W), (1, 2, 5, D), (1, 3, 4, L)])
    assert round_robin_cycles(t) is None  # one round of six players: could be a Swiss
    t.tournament_type = "Individual: round robin"
    assert round_robin_cycles(t) == 1
    t.system = "FIDE_DOUBLEROUNDROBIN"
    assert round_robin_cycles(t) == 2


def test_fewer_than_two_players_is_no_round_robin() -> None:
    assert round_robin_cycles(make(1, 1)) is None


def test_issue_13_item_5_the_grid_places_are_the_standings_places() -> None:
    """Given the event's ranking, the round-robin grid prints the same places as the
    standings: 2, 3, 4, 5 where points alone would share 2-5."""
    from chessarbiter.pairing import roundrobin
    from chessarbiter.standings import ranking

    t = make(6, 5)
    results = ["= 0-1 1-0", "0-1 = =", "0-1 1-0 0-1", "1-0 = 1-0", "1-0 1-0 0-1"]
    for r, line in enumerate(results, start=1):
        for (white, black), code in zip(roundrobin.pair_round(t, r), line.split(), strict=True):
            t.record_game(r, white, black, {"1-0": W, "=": D, "0-1": L}[code])
    rows = ranking(t, "SB,DE")
    places = {r.pairing_number: r.shared for r in rows}
    assert sorted(places.values()) == ["1", "2", "3", "4", "5", "6"]
    grid = crosstable_text(t, rows=rows).splitlines()[2:]
    assert {int(line.split()[0]): line.split()[-1] for line in grid} == places
    without = crosstable_text(t).splitlines()[2:]
    assert sorted(line.split()[-1] for line in without) == ["1", "2-5", "2-5", "2-5", "2-5", "6"]
    swiss = crosstable_text(t, rows=rows, layout="swiss").splitlines()[2:]
    assert [line.split()[0] for line in swiss] == ["1", "2", "3", "4", "5", "6"]
    assert [int(line.split()[1]) for line in swiss] == [r.pairing_number for r in rows]


def test_tiebreaks_written_as_on_every_page() -> None:
    """Issue 15 item 4: tie-break values are written one way everywhere (``format_tiebreak``:
    a decimal point, never ½), in the text standings and crosstable too; points keep ½."""
    from chessarbiter.crosstable import crosstable_text, standings_text
    from chessarbiter.model import Player, Result, Tournament
    from chessarbiter.standings import ranking

    t = Tournament(total_rounds=2)
    for n in (1, 2, 3):
        t.add_player(Player(n, f"P{n}"))
    t.record_game(1, 1, 2, Result.DRAW)
    t.record_game(2, 1, 3, Result.DRAW)
    t.record_game(2, 2, 3, Result.WIN)
    rows = ranking(t, "BH")
    for text in (standings_text(rows), crosstable_text(t, rows=rows, layout="swiss")):
        last_column = [line.split()[-1] for line in text.splitlines()[2:]]
        assert last_column == ["1", "1.5", "1.5"], text
