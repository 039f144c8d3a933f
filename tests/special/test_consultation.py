"""Team Competitions 1972's consultation games: "a small tournament in which each participant is
a firmly fixed group of consultants", groups of 2-4 with a leader who decides a disagreement, an
intermediary relaying the moves between the rooms, and each group's time "counted from its own
clock" while the opponent's side of it shows "an excess"."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.errors import ChessArbiterError, FileFormatError, TrfDataLossError
from chessarbiter.model import Colour, PointSystem, Result
from chessarbiter.pairing.roundrobin import berger_table, double_round_robin
from chessarbiter.special import UnusualChessError
from chessarbiter.special.consultation import (
    ConsultationError,
    ConsultationFileError,
    ConsultationGroup,
    GroupGame,
    RelayedMove,
    check_group,
    check_groups,
    consultation_tournament,
    group_ranking,
    parse_duration,
    parse_groups,
    parse_moves,
    parse_results,
    relay_clocks,
    schedule,
    to_trf,
    trf_name,
)
from chessarbiter.standings import ranking

A = ConsultationGroup("Group A", "Petrov", ("Ivanov",))
B = ConsultationGroup("Group B", "Smirnov", ("Popov", "Orlov"))
C = ConsultationGroup("Group C", "Tal", ("Koblents",), intermediary="Gipslis")
D = ConsultationGroup("Group D", "Keres", ("Bronstein", "Geller", "Boleslavsky"))

GROUP_FILE = """# consultation groups
group\trole\tname
Group A\tleader\tPetrov
Group A\tmember\tIvanov
Group B\tleader\tSmirnov
Group B\tmember\tPopov
Group B\tmember\tOrlov
Group C\tleader\tTal
Group C\tintermediary\tGipslis
Group C\tmember\tKoblents
"""

MIN = dt.timedelta(minutes=1)
SEC = dt.timedelta(seconds=1)


# -- the group -------------------------------------------------------------------------------


@pytest.mark.parametrize("others", [1, 2, 3])
def test_a_group_has_two_to_four_players(others: int) -> None:
    """«Каждую группу (2—4 шахматиста)»."""
    group = ConsultationGroup("G", "Leader", tuple(f"P{i}" for i in range(others)))
    assert check_group(group).consultants[0] == "Leader"


@pytest.mark.parametrize("others", [0, 4])
def test_a_group_of_one_or_five_is_refused(others: int) -> None:
    group = ConsultationGroup("G", "Leader", tuple(f"P{i}" for i in range(others)))
    with pytest.raises(ConsultationError, match=r"G: [15] consultants?; a group has 2 to 4"):
        check_group(group)


def test_the_group_errors_are_unusual_chess_errors() -> None:
    assert issubclass(ConsultationError, UnusualChessError)
    assert issubclass(ConsultationFileError, FileFormatError)


def test_the_leader_is_needed_and_nobody_twice() -> None:
    """The senior participant «принимает в случае разногласий окончательное решение»."""
    with pytest.raises(ConsultationError, match="G: the leader: a name is needed"):
        check_group(ConsultationGroup("G", "  ", ("Ivanov",)))
    with pytest.raises(ConsultationError, match="Ivanov listed twice"):
        check_group(ConsultationGroup("G", "Ivanov", ("Ivanov",)))


def test_the_intermediary_is_no_consultant() -> None:
    """The intermediary («посредник») carries the moves between the groups' rooms."""
    with pytest.raises(ConsultationError, match="the intermediary Ivanov is a consultant"):
        check_group(ConsultationGroup("G", "Petrov", ("Ivanov",), intermediary="Ivanov"))
    assert check_group(C).intermediary == "Gipslis"


def test_groups_are_firmly_fixed() -> None:
    """«твердо закрепленная группа консультантов»: a person plays in one group."""
    with pytest.raises(ConsultationError, match="Ivanov is a consultant of Group A and of X"):
        check_groups([A, ConsultationGroup("X", "Ivanov", ("Orlov2",))])
    with pytest.raises(ConsultationError, match="the intermediary Petrov is a consultant of"):
        check_groups([A, ConsultationGroup("X", "Tal", ("Koblents",), "Petrov")])
    with pytest.raises(ConsultationError, match="two groups are named 'Group A'"):
        check_groups([A, ConsultationGroup("Group A", "Tal", ("Koblents",))])
    with pytest.raises(ConsultationError, match="at least 2"):
        check_groups([A])


# -- the group file ----------------------------------------------------------------------------


def test_group_file() -> None:
    groups = parse_groups(GROUP_FILE, "g.tsv")
    assert groups == [A, B, C]
    # one intermediary may relay for both groups of a game: he sits between their rooms
    shared = GROUP_FILE + "Group A\tintermediary\tGipslis\n"
    assert parse_groups(shared)[0].intermediary == "Gipslis"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("G\tleader\tPetrov\nG\tboss\tIvanov\n", "g.tsv:2:3: role 'boss'"),
        ("G\tleader\tPetrov\nG\tleader\tIvanov\n", "g.tsv:2:3: G has a leader already (Petrov)"),
        ("G\tmember\tPetrov\nG\tmember\tIvanov\n", "g.tsv:1:1: G has no leader"),
        ("G\tleader\n", "g.tsv:1:0: write GROUP<TAB>ROLE<TAB>NAME"),
        ("G\tleader\tP\nG\tmember\tI\nH\tleader\tP\n", "g.tsv:3:10: P is already the leader of G"),
        ("G\tleader\tP\nG\tintermediary\tP\n", "g.tsv:2:16: P is already the leader of G"),
        ("G\tintermediary\tX\nG\tleader\tX\n", "g.tsv:2:10: X is already the intermediary"),
        ("G\tleader\tP\n", "g.tsv:1:1: G: 1 consultant; a group has 2 to 4"),
        ("G\tleader\tP\nG\tmember\tQ\n", "g.tsv:0:0: 1 group(s): an event needs at least 2"),
    ],
)
def test_group_file_errors_name_the_line(text: str, where: str) -> None:
    with pytest.raises(ConsultationFileError) as e:
        parse_groups(text, "g.tsv")
    assert str(e.value).startswith(where)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="GHleadrmbintyPI\t\n# ", max_size=120))
def test_any_group_file_reads_or_fails_precisely(text: str) -> None:
    try:
        groups = parse_groups(text, "g.tsv")
    except ConsultationFileError as e:
        assert str(e).startswith("g.tsv:")
    else:
        assert len(groups) >= 2
        assert all(2 <= len(g.consultants) <= 4 for g in groups)


# -- the event ----------------------------------------------------------------------------------


def test_a_round_robin_of_groups_is_the_berger_table() -> None:
    assert schedule(4) == berger_table(4)
    assert schedule(5, cycles=2) == double_round_robin(5)
    with pytest.raises(ConsultationError, match="single or double"):
        schedule(3, cycles=3)


def test_a_match_of_two_groups_alternates_colours() -> None:
    assert schedule(2, cycles=4) == [[(1, 2)], [(2, 1)], [(1, 2)], [(2, 1)]]
    with pytest.raises(ConsultationError, match="1 to 100 games"):
        schedule(2, cycles=101)


def _round_robin() -> list[GroupGame]:
    # schedule(3): [(1, 0), (2, 3)], [(3, 0), (1, 2)], [(2, 0), (3, 1)]
    return [
        GroupGame(1, 2, 3, Result.WIN),
        GroupGame(2, 1, 2, Result.DRAW),
        GroupGame(3, 3, 1, Result.LOSS),
    ]


def test_the_groups_are_the_participants_of_the_standings() -> None:
    t = consultation_tournament([A, B, C], _round_robin())
    rows = group_ranking(t, "SB")
    assert [(r.shared, r.pairing_number, r.points, r.tiebreaks["SB"]) for r in rows] == [
        ("1", 1, Decimal("1.5"), Decimal(1)),
        ("2", 2, Decimal("1.5"), Decimal("0.75")),
        ("3", 3, Decimal(0), Decimal(0)),
    ]
    # the free round of an odd round robin scores nothing (C.05 Annex 1 dummy)
    assert t.player(1).entry(1).result is Result.ZERO_POINT_BYE
    assert t.check() == []


def test_the_score_of_a_game_is_configurable() -> None:
    """The book gives no score: 1, ½, 0 by default, another point system on request."""
    t = consultation_tournament(
        [A, B, C], _round_robin(), point_system=PointSystem.simple(Decimal(2), Decimal(1))
    )
    assert [r.points for r in group_ranking(t)] == [Decimal(3), Decimal(3), Decimal(0)]


def test_a_game_outside_the_schedule_is_refused() -> None:
    with pytest.raises(
        ConsultationError, match=r"Group A - Group B is not a game.*Group B - Group C"
    ):
        consultation_tournament([A, B, C], [GroupGame(1, 1, 2, Result.WIN)])
    with pytest.raises(ConsultationError, match="given twice"):
        consultation_tournament(
            [A, B, C], [GroupGame(1, 2, 3, Result.WIN), GroupGame(1, 2, 3, Result.DRAW)]
        )
    with pytest.raises(ConsultationError, match="the event has 3 rounds"):
        consultation_tournament([A, B, C], [GroupGame(4, 2, 3, Result.WIN)])


def test_results_file() -> None:
    text = "round\twhite\tresult\tblack\n1\tGroup B\t1-0\t3\n2\t1\t½\tGroup B\n3\t3\t-+\t1\n"
    games = parse_results(text, [A, B, C], "r.tsv")
    assert games == [
        GroupGame(1, 2, 3, Result.WIN),
        GroupGame(2, 1, 2, Result.DRAW),
        GroupGame(3, 3, 1, Result.FORFEIT_LOSS),
    ]
    with pytest.raises(ConsultationFileError, match=r"^r.tsv:1:3: no group 'Group X'"):
        parse_results("1\tGroup X\t1-0\t2\n", [A, B, C], "r.tsv")
    with pytest.raises(ConsultationFileError, match=r"^r.tsv:1:5: result '2-0'"):
        parse_results("1\t1\t2-0\t2\n", [A, B, C], "r.tsv")
    with pytest.raises(ConsultationFileError, match=r"^r.tsv:1:1: round '100'"):
        parse_results("100\t1\t1-0\t2\n", [A, B, C], "r.tsv")


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="0123GroupAB-/½+=\t\n ", max_size=80))
def test_any_results_file_reads_or_fails_precisely(text: str) -> None:
    try:
        games = parse_results(text, [A, B, C], "r.tsv")
    except ConsultationFileError as e:
        assert str(e).startswith("r.tsv:")
        return
    try:
        t = consultation_tournament([A, B, C], games)
    except ConsultationError as e:
        assert "round" in str(e)
    else:
        assert t.check() == []


# -- TRF ------------------------------------------------------------------------------------------


def test_trf_export_reads_back_with_the_groups_as_players() -> None:
    text = to_trf(consultation_tournament([A, B, C], _round_robin()))
    back = trf.loads(text)
    assert [p.name for p in back] == [
        "Group A (Petrov, Ivanov)",
        "Group B (Smirnov, Popov, Orlov)",
        "Group C (Tal, Koblents)",
    ]
    assert [back.score(n) for n in (1, 2, 3)] == [Decimal("1.5"), Decimal("1.5"), Decimal(0)]


def test_trf_names_fit_the_33_columns() -> None:
    assert trf_name(D) == "Group D (Keres +3)"
    long_group = ConsultationGroup("A" * 34, "Petrov", ("Ivanov",))
    assert trf_name(long_group) == "A" * 34
    t = consultation_tournament([long_group, B], [GroupGame(1, 1, 2, Result.DRAW)])
    with pytest.raises(TrfDataLossError, match="longer than 33 characters"):
        to_trf(t)


# -- the clocks -------------------------------------------------------------------------------


def test_each_group_counts_its_own_clock_and_the_relay_is_charged_to_neither() -> None:
    """«Расход времени на обдумывание исчисляется для каждой группы по показаниям их часов.
    При этом время, затраченное второй группой, будет отражаться на часах первой группы с
    превышением»."""
    moves = [
        RelayedMove(5 * MIN, 1 * MIN),
        RelayedMove(3 * MIN, 2 * MIN),
        RelayedMove(4 * MIN, 1 * MIN),
        RelayedMove(6 * MIN, 30 * SEC),
    ]
    last = relay_clocks(moves)[-1]
    assert (last.white, last.black) == (9 * MIN, 9 * MIN)
    # White's side of Black's clock: 5 + 1, then 2 + 4 + 1 -> 13 minutes, 4 of them relays
    assert last.white_on_black_clock == 13 * MIN
    # Black's side of White's clock: 1 + 3 + 2, then 1 + 6 + 0:30 -> 13:30
    assert last.black_on_white_clock == 13 * MIN + 30 * SEC
    assert last.excess == (4 * MIN + 30 * SEC, 4 * MIN)
    assert last.mover is Colour.BLACK and last.move_number == 2


def test_the_intermediary_corrects_the_excess() -> None:
    """«желательно, чтобы посредник периодически корректировал его» (every n moves here)."""
    moves = [RelayedMove(2 * MIN, MIN)] * 8
    readings = relay_clocks(moves, correct_every=2)
    assert [r.corrected for r in readings] == [False] * 3 + [True] + [False] * 3 + [True]
    assert readings[3].excess == (dt.timedelta(0), dt.timedelta(0))
    assert readings[4].excess != (dt.timedelta(0), dt.timedelta(0))
    with pytest.raises(ConsultationError, match="corrects every 1 to"):
        relay_clocks(moves, correct_every=0)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 3600), st.integers(0, 600)).map(
            lambda p: RelayedMove(p[0] * SEC, p[1] * SEC)
        ),
        min_size=1,
        max_size=30,
    )
)
def test_every_relay_shows_twice_as_excess_but_the_last(moves: list[RelayedMove]) -> None:
    """Each relay runs on the opponent's side of both clocks (after the sender's press and
    before the receiver's start), except the last, not yet followed by a reply."""
    last = relay_clocks(moves)[-1]
    assert last.white == sum((m.thinking for m in moves[0::2]), dt.timedelta(0))
    assert last.black == sum((m.thinking for m in moves[1::2]), dt.timedelta(0))
    relays = sum((m.relay for m in moves), dt.timedelta(0))
    assert sum(last.excess, dt.timedelta(0)) == 2 * relays - moves[-1].relay


def test_clock_times_are_read_precisely() -> None:
    assert parse_moves("5:00+0:30\n3") == [RelayedMove(5 * MIN, 30 * SEC), RelayedMove(3 * MIN)]
    assert parse_duration("1:00:05") == dt.timedelta(hours=1, seconds=5)
    for bad in ("5:60", "1:5", "x", "", "1:2:3:4", "99999999"):
        with pytest.raises(ConsultationError, match="bad time"):
            parse_duration(bad)
    with pytest.raises(ConsultationError, match="no moves"):
        parse_moves(" , ")


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="0123456789:+, \n", max_size=40))
def test_any_move_list_reads_or_fails_precisely(text: str) -> None:
    try:
        moves = parse_moves(text)
    except ChessArbiterError as e:
        assert isinstance(e, ConsultationError)
    else:
        assert len(relay_clocks(moves)) == len(moves)


def test_a_real_round_robin_ranks_the_same_with_groups_as_players(shared: Path) -> None:
    """The TEC exercise's 6-player round robin (with a forfeit), each player made a group: the
    groups' ranking is the event's ranking (points, then SB), by the same machinery. Its
    pairings are the Berger table with numbers 5 and 6 exchanged."""
    original = trf.read_file(shared / "real" / "sharly-chess" / "tec-trf" / "tec-round-robin.trf")
    t = original.tournament
    order = [1, 2, 3, 4, 6, 5]  # group k is the player order[k - 1]
    number = {player: k for k, player in enumerate(order, start=1)}
    groups = [
        ConsultationGroup(t.player(p).name, f"{t.player(p).name} I", (f"{t.player(p).name} II",))
        for p in order
    ]
    games = [
        GroupGame(r, number[p.number], number[e.opponent], e.result)
        for p in t
        for r in range(1, t.rounds_played + 1)
        if (e := p.entry(r)).opponent is not None
        and e.colour is Colour.WHITE
        and e.result is not None
    ]
    rows = group_ranking(consultation_tournament(groups, games), "SB")
    expected = ranking(t, "SB")
    assert [(groups[r.pairing_number - 1].name, r.shared, r.points, r.tiebreaks) for r in rows] == [
        (t.player(r.pairing_number).name, r.shared, r.points, r.tiebreaks) for r in expected
    ]
