"""Rosters and line-ups (issue 7).

Rules from Team Competitions 1972 (USSR Central Chess Club methodology, 1972), "Teams" and "Matches
of two teams": the shifting and fixed-boards reserve regimes, unregistered players, held boards for
late players, the two-thirds rule.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model.player import Team
from chessarbiter.pairing.teams.lineups import (
    LineupError,
    LineupProblem,
    MatchRecord,
    ProblemKind,
    Regulations,
    ReserveRegime,
    Roster,
    TeamWithdrawnError,
    check_held_board_penalty,
    late_no_show,
    lineup,
    match_result,
    minimum_present,
    parse_board_result,
    unregistered_penalty,
    validate_lineup,
    withdraw_team,
    withdrawn_teams,
)

SHIFTING, FIXED = ReserveRegime.SHIFTING, ReserveRegime.FIXED
TEAM = Roster("Spartak", main=(1, 2, 3, 4, 5, 6), reserves=(7, 8), captain=1)


def kinds(problems: list[LineupProblem]) -> list[tuple[int | None, ProblemKind]]:
    return [(p.board, p.kind) for p in problems]


# -- roster ------------------------------------------------------------------------------------


def test_roster_basics() -> None:
    # Team Competitions 1972: main players one per board, reserves, captain (playing or not).
    assert TEAM.boards == 6
    assert TEAM.combined == (1, 2, 3, 4, 5, 6, 7, 8)
    assert TEAM.playing_captain
    assert not Roster("A", main=(1,), captain="coach").playing_captain
    assert TEAM.home_board(3) == 3 and TEAM.home_board(7) is None
    assert Roster("A", main=[1, 2], reserves=[3]).main == (1, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("main", "reserves"), [((), ()), ((1, 2, 1), ()), ((1, 2), (2,)), ((1,), (3, 3))]
)
def test_roster_rejects_duplicates_and_empty(
    main: tuple[int, ...], reserves: tuple[int, ...]
) -> None:
    with pytest.raises(LineupError):
        Roster("A", main=main, reserves=reserves)


def test_errors_are_chessarbiter_errors() -> None:
    assert issubclass(LineupError, ChessArbiterError)
    assert issubclass(TeamWithdrawnError, LineupError)


def test_roster_from_trf_team() -> None:
    # The TRF keeps a team's members in board order, without the reserve split or captain.
    roster = Roster.from_team(Team("Dinamo", members=[3, 8, 1, 12, 20]), boards=3, captain=8)
    assert roster == Roster("Dinamo", main=(3, 8, 1), reserves=(12, 20), captain=8)
    with pytest.raises(LineupError):
        Roster.from_team(Team("Dinamo", members=[3, 8]), boards=3)
    with pytest.raises(LineupError):
        Roster.from_team(Team("Dinamo", members=[3, 8]), boards=0)


# -- the two reserve regimes (Team Competitions 1972, "Teams")
# ------------------------------------------------


def test_shifting_everybody_present_reserves_sit_out() -> None:
    assert lineup(TEAM, set(TEAM.combined), SHIFTING) == [1, 2, 3, 4, 5, 6]


def test_shifting_absentees_boards_shift_up_reserves_on_last_boards() -> None:
    # Team Competitions 1972: "основной состав сдвигается и на последние доски включаются запасные".
    assert lineup(TEAM, {1, 3, 4, 6, 7, 8}, SHIFTING) == [1, 3, 4, 6, 7, 8]
    assert lineup(TEAM, {2, 3, 4, 5, 6, 8}, SHIFTING) == [2, 3, 4, 5, 6, 8]


def test_shifting_too_few_leaves_last_boards_empty() -> None:
    assert lineup(TEAM, {2, 5, 8}, SHIFTING) == [2, 5, 8, None, None, None]


def test_fixed_reserve_replaces_on_the_same_board() -> None:
    # Team Competitions 1972: "заменяются запасным участником на данной доске".
    assert lineup(TEAM, {1, 3, 4, 6, 7, 8}, FIXED) == [1, 7, 3, 4, 8, 6]
    assert lineup(TEAM, {2, 3, 4, 5, 6, 8}, FIXED) == [8, 2, 3, 4, 5, 6]


def test_fixed_vacant_boards_stay_empty() -> None:
    assert lineup(TEAM, {2, 5, 7}, FIXED) == [7, 2, None, None, 5, None]


def test_unregistered_present_players_are_not_fielded() -> None:
    assert lineup(TEAM, {1, 2, 99}, SHIFTING) == [1, 2, None, None, None, None]
    assert lineup(TEAM, {1, 2, 99}, FIXED) == [1, 2, None, None, None, None]


def test_held_board_for_late_player_needs_the_regulations() -> None:
    # Team Competitions 1972: "Закрепление досок за опаздывающими участниками запрещается, если это
    # не
    # предусмотрено положением".
    with pytest.raises(LineupError, match="regulations"):
        lineup(TEAM, {2, 3, 4, 5, 6}, SHIFTING, late={1})
    rules = Regulations(held_board_penalty=2)
    # the late player keeps his board: the others do not shift up past him
    assert lineup(TEAM, {2, 3, 4, 5, 6}, SHIFTING, late={1}, regulations=rules) == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    assert lineup(TEAM, {1, 2, 4, 5, 6, 7}, FIXED, late={3}, regulations=rules)[2] == 3
    with pytest.raises(LineupError, match="not registered"):
        lineup(TEAM, {1}, SHIFTING, late={99}, regulations=rules)


# -- properties ---------------------------------------------------------------------------------


@st.composite
def rosters_and_presence(draw: st.DrawFn) -> tuple[Roster, set[int]]:
    boards = draw(st.integers(min_value=1, max_value=12))
    reserves = draw(st.integers(min_value=0, max_value=6))
    players = draw(
        st.lists(
            st.integers(min_value=1, max_value=500),
            min_size=boards + reserves,
            max_size=boards + reserves,
            unique=True,
        )
    )
    roster = Roster("T", main=tuple(players[:boards]), reserves=tuple(players[boards:]))
    present = draw(st.sets(st.sampled_from(players))) if players else set()
    extra = draw(st.sets(st.integers(min_value=501, max_value=600), max_size=3))
    return roster, present | extra


@given(rosters_and_presence())
def test_shifting_keeps_the_combined_order(case: tuple[Roster, set[int]]) -> None:
    # Team Competitions 1972: "общий порядок досок обоих составов не может быть изменен".
    roster, present = case
    boards = lineup(roster, present, SHIFTING)
    seated = [p for p in boards if p is not None]
    positions = [roster.combined.index(p) for p in seated]
    assert positions == sorted(positions)
    # no gaps: the seated players fill the first boards
    assert boards == seated + [None] * (roster.boards - len(seated))
    available = [p for p in roster.combined if p in present]
    assert seated == available[: roster.boards]
    problems = validate_lineup(roster, boards, SHIFTING)
    assert not any(p.kind is ProblemKind.BOARD_ORDER for p in problems)


@given(rosters_and_presence())
def test_fixed_keeps_present_main_players_on_their_own_boards(
    case: tuple[Roster, set[int]],
) -> None:
    # Team Competitions 1972: players are fixed to their boards; a reserve takes an absentee's
    # board.
    roster, present = case
    boards = lineup(roster, present, FIXED)
    for index, player in enumerate(roster.main):
        if player in present:
            assert boards[index] == player
        else:
            assert boards[index] is None or boards[index] in roster.reserves
    seated = [p for p in boards if p is not None]
    assert len(seated) == len(set(seated))
    assert not any(
        p.kind is ProblemKind.BOARD_ORDER for p in validate_lineup(roster, boards, FIXED)
    )


@given(rosters_and_presence())
def test_both_regimes_field_the_same_number(case: tuple[Roster, set[int]]) -> None:
    roster, present = case
    shifting = [p for p in lineup(roster, present, SHIFTING) if p is not None]
    fixed = [p for p in lineup(roster, present, FIXED) if p is not None]
    assert len(shifting) == len(fixed) == min(roster.boards, len(present & set(roster.combined)))


# -- penalty points (Team Competitions 1972)
# ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("boards", "points"),
    [(1, 1), (4, 1), (5, 1), (6, 2), (8, 2), (10, 2), (11, 3), (12, 3), (20, 3)],
)
def test_unregistered_penalty_bands(boards: int, points: int) -> None:
    # Team Competitions 1972: "до 5 чел. — 1 очко, от 5 до 10 чел. — 2 очка, свыше 10 чел. — 3
    # очка".
    assert unregistered_penalty(boards) == Decimal(points)


def test_unregistered_penalty_overlap_at_five_is_a_choice() -> None:
    assert unregistered_penalty(5, five_boards_penalty=2) == 2
    assert unregistered_penalty(4, five_boards_penalty=2) == 1
    assert unregistered_penalty(6, five_boards_penalty=2) == 2
    with pytest.raises(LineupError):
        unregistered_penalty(5, five_boards_penalty=3)
    with pytest.raises(LineupError):
        unregistered_penalty(0)
    with pytest.raises(LineupError):
        Regulations(five_boards_penalty=3)


@pytest.mark.parametrize("points", [1, 2, 3, "1.5", Decimal("2.5")])
def test_held_board_penalty_in_range(points: int | str | Decimal) -> None:
    # Team Competitions 1972: "число штрафных очков (1—3)".
    assert check_held_board_penalty(points) == Decimal(points)
    assert Regulations(held_board_penalty=Decimal(points)).held_board_penalty == Decimal(points)


@pytest.mark.parametrize("points", [0, "0.5", 4, "-1", "x", "NaN", "Infinity"])
def test_held_board_penalty_out_of_range(points: int | str) -> None:
    with pytest.raises(LineupError):
        check_held_board_penalty(points)


def test_minimum_present_two_thirds() -> None:
    # Team Competitions 1972: "при явке на игру не менее двух третей состава команд".
    assert [minimum_present(n) for n in range(1, 13)] == [1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8]
    assert minimum_present(8, Fraction(1, 2)) == 4
    with pytest.raises(LineupError):
        Regulations(minimum_present=Fraction(3, 2))


# -- validation ---------------------------------------------------------------------------------


def test_valid_lineups() -> None:
    assert validate_lineup(TEAM, [1, 2, 3, 4, 5, 6], SHIFTING) == []
    assert validate_lineup(TEAM, [1, 3, 4, 5, 6, 7], SHIFTING) == []
    assert validate_lineup(TEAM, [1, 2, 3, 4, 6, 8], SHIFTING) == []  # resting 5 and 7
    assert validate_lineup(TEAM, [8, 2, 3, 7, 5, 6], FIXED) == []


def test_shifting_board_order_broken() -> None:
    problems = validate_lineup(TEAM, [2, 1, 3, 4, 5, 6], SHIFTING)
    assert kinds(problems) == [(2, ProblemKind.BOARD_ORDER)]
    # a reserve above a main player
    problems = validate_lineup(TEAM, [1, 2, 3, 4, 7, 6], SHIFTING)
    assert kinds(problems) == [(6, ProblemKind.BOARD_ORDER)]
    assert problems[0].penalty == 0 and not problems[0].game_lost


def test_shifting_gap_above_a_player() -> None:
    # Team Competitions 1972: absentees' boards shift up, so an empty board is never above a player.
    problems = validate_lineup(TEAM, [1, None, 3, 4, 5, 6], SHIFTING)
    assert kinds(problems) == [(2, ProblemKind.EMPTY_BOARD), (3, ProblemKind.BOARD_ORDER)]


def test_fixed_main_player_off_his_board() -> None:
    problems = validate_lineup(TEAM, [2, 1, 3, 4, 5, 6], FIXED)
    assert kinds(problems) == [(1, ProblemKind.BOARD_ORDER), (2, ProblemKind.BOARD_ORDER)]
    # an empty board in the middle is only a forfeit in the fixed regime
    assert kinds(validate_lineup(TEAM, [1, None, 3, 4, 5, 6], FIXED)) == [
        (2, ProblemKind.EMPTY_BOARD)
    ]


def test_unregistered_player_loses_and_costs_penalty() -> None:
    # Team Competitions 1972: "соответствующие партии считаются проигранными — независимо от
    # фактического
    # результата"; six boards → 2 points per such player.
    problems = validate_lineup(TEAM, [1, 2, 3, 4, 90, 91], SHIFTING)
    assert kinds(problems) == [(5, ProblemKind.UNREGISTERED), (6, ProblemKind.UNREGISTERED)]
    assert [p.penalty for p in problems] == [2, 2]
    assert all(p.game_lost for p in problems)
    small = Roster("S", main=(1, 2, 3, 4), reserves=(5,))
    assert validate_lineup(small, [1, 2, 3, 9], SHIFTING)[0].penalty == 1
    big = Roster("B", main=tuple(range(1, 13)))
    assert validate_lineup(big, [*range(1, 12), 99], FIXED)[0].penalty == 3


def test_non_playing_captain_fielded_is_unregistered() -> None:
    roster = Roster("A", main=(1, 2, 3), captain="coach")
    problems = validate_lineup(roster, [1, 2, "coach"], FIXED)
    assert kinds(problems) == [(3, ProblemKind.UNREGISTERED)]
    assert "captain" in problems[0].message


def test_duplicate_player() -> None:
    problems = validate_lineup(TEAM, [1, 2, 3, 4, 5, 1], SHIFTING)
    assert kinds(problems) == [(6, ProblemKind.DUPLICATE)]


def test_two_thirds_rule_withdraws_the_team() -> None:
    # Team Competitions 1972: fewer than two thirds present → "она снимается с соревнования".
    four_of_six = validate_lineup(TEAM, [1, 2, 3, 4, None, None], SHIFTING)
    assert not any(p.withdraws_team for p in four_of_six)
    three_of_six = validate_lineup(TEAM, [1, 2, 3, None, None, None], SHIFTING)
    assert kinds(three_of_six)[-1] == (None, ProblemKind.TOO_FEW_PRESENT)
    assert three_of_six[-1].withdraws_team
    # unregistered players do not count as present
    assert validate_lineup(TEAM, [1, 2, 3, 97, 98, 99], SHIFTING)[-1].withdraws_team
    # the regulations may provide otherwise
    half = Regulations(minimum_present=Fraction(1, 2))
    assert not any(
        p.withdraws_team
        for p in validate_lineup(TEAM, [1, 2, 3, None, None, None], SHIFTING, regulations=half)
    )
    assert withdrawn_teams(three_of_six, four_of_six) == ["Spartak"]


def test_wrong_board_count_is_invalid_input() -> None:
    with pytest.raises(LineupError, match="6 board"):
        validate_lineup(TEAM, [1, 2, 3], SHIFTING)


def test_late_no_show() -> None:
    # Team Competitions 1972: 1-3 penalty points "если опаздывающий участник вообще не явится (кроме
    # зачета ему
    # поражения)".
    rules = Regulations(held_board_penalty=3)
    boards = lineup(TEAM, {2, 3, 4, 5, 6}, SHIFTING, late={1}, regulations=rules)
    problem = late_no_show(TEAM, boards, 1, regulations=rules)
    assert (problem.board, problem.kind) == (1, ProblemKind.LATE_NO_SHOW)
    assert problem.penalty == 3 and problem.game_lost
    with pytest.raises(LineupError):
        late_no_show(TEAM, boards, 1, regulations=Regulations())
    with pytest.raises(LineupError):
        late_no_show(TEAM, boards, 7, regulations=rules)


# -- match result -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("1-0", ("1", "0")),
        ("0-1", ("0", "1")),
        ("½-½", ("0.5", "0.5")),
        ("1/2-1/2", ("0.5", "0.5")),
        ("=-=", ("0.5", "0.5")),
        ("+-", ("1", "0")),
        ("-+", ("0", "1")),
        ("--", ("0", "0")),
        ("0-0", ("0", "0")),
        ("1:0", ("1", "0")),
    ],
)
def test_parse_board_result(text: str, points: tuple[str, str]) -> None:
    assert parse_board_result(text) == (Decimal(points[0]), Decimal(points[1]))


@pytest.mark.parametrize("bad", ["1-1", "2-0", "x", "1", ("a", 0), (1, 1), ("0.3", 0)])
def test_parse_board_result_rejects(bad: str | tuple[str | int, str | int]) -> None:
    with pytest.raises(LineupError):
        parse_board_result(bad)


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("=", ("0.5", "0.5")),
        ("1-0u", ("1", "0")),
        ("=u", ("0.5", "0.5")),
        ("½-0", ("0.5", "0")),
        ("0-½", ("0", "0.5")),
        ("+-0", ("1", "0")),
        ("0--", ("0", "0")),
    ],
)
def test_parse_board_result_reads_every_written_result(text: str, points: tuple[str, str]) -> None:
    # the library's written results (model.results.parse_written_result), each side's points
    assert parse_board_result(text) == (Decimal(points[0]), Decimal(points[1]))


def test_parse_board_result_names_the_written_result() -> None:
    with pytest.raises(LineupError, match="unknown result '2-0'"):
        parse_board_result("2-0")
    with pytest.raises(LineupError, match="more than the one point"):
        parse_board_result("1-½")


def test_match_score_any_board_counts_the_same() -> None:
    # Team Competitions 1972: 1 per win, ½ per draw "вне зависимости от того, на какой доске".
    assert match_result(["1-0", "½-½", "0-1", "1-0"]) == (Decimal("2.5"), Decimal("1.5"))


def test_unregistered_game_lost_whatever_the_result_and_penalty() -> None:
    a = Roster("A", main=(1, 2, 3, 4))
    b = Roster("B", main=(11, 12, 13, 14))
    problems_a = validate_lineup(a, [1, 2, 3, 99], SHIFTING)  # board 4 unregistered
    problems_b = validate_lineup(b, [11, 12, 13, 14], SHIFTING)
    # A "won" board 4: it is lost anyway, B gets the point; A loses 1 penalty point.
    score = match_result(["½-½", "½-½", "½-½", "1-0"], (problems_a, problems_b))
    assert score == (Decimal("0.5"), Decimal("2.5"))


def test_both_sides_lose_the_same_board() -> None:
    a = Roster("A", main=(1, 2, 3))
    b = Roster("B", main=(11, 12, 13))
    pa = validate_lineup(a, [1, None, 3], FIXED)
    pb = validate_lineup(b, [11, 98, 13], FIXED)
    # board 2: A empty (forfeit) and B unregistered: nobody scores; B loses 1 penalty point
    assert match_result(["1-0", "--", "1-0"], (pa, pb)) == (Decimal(2), Decimal(-1))
    floored = match_result(["1-0", "--", "1-0"], (pa, pb), floor_at_zero=True)
    assert floored == (Decimal(2), Decimal(0))


def test_empty_board_is_a_forfeit_even_if_recorded_otherwise() -> None:
    a = Roster("A", main=(1, 2, 3))
    pa = validate_lineup(a, [1, 2, None], FIXED)
    assert match_result(["1-0", "0-1", "1-0"], (pa, ())) == (Decimal(1), Decimal(2))


def test_late_no_show_in_the_match_score() -> None:
    rules = Regulations(held_board_penalty=2)
    a = Roster("A", main=(1, 2, 3, 4))
    boards = lineup(a, {1, 3, 4}, SHIFTING, late={2}, regulations=rules)
    problems = [
        *validate_lineup(a, boards, SHIFTING, regulations=rules),
        late_no_show(a, boards, 2, regulations=rules),
    ]
    assert match_result(["1-0", "+-", "1-0", "½-½"], (problems, ())) == (
        Decimal("0.5"),
        Decimal("1.5"),
    )


def test_extra_penalties() -> None:
    assert match_result(["1-0", "1-0"], penalties=(Decimal("0.5"), 0)) == (
        Decimal("1.5"),
        Decimal(0),
    )
    with pytest.raises(LineupError):
        match_result(["1-0"], penalties=(-1, 0))


def test_withdrawn_team_match_is_not_scored() -> None:
    problems = validate_lineup(TEAM, [1, 2, None, None, None, None], SHIFTING)
    with pytest.raises(TeamWithdrawnError) as caught:
        match_result(["1-0"] * 6, ((), problems))
    assert caught.value.team == "Spartak"


def test_problem_on_a_board_outside_the_match() -> None:
    problems = validate_lineup(TEAM, [1, 2, 3, 4, 5, 99], SHIFTING)
    with pytest.raises(LineupError):
        match_result(["1-0"] * 4, (problems, ()))


def test_withdraw_team_annuls_all_its_matches() -> None:
    # Team Competitions 1972: "результаты сыгранных ею встреч исключаются из турнирной таблицы".
    table = [
        MatchRecord("A", "B", Decimal(4), Decimal(2), 1),
        MatchRecord("C", "D", Decimal(3), Decimal(3), 1),
        MatchRecord("D", "A", Decimal("2.5"), Decimal("3.5"), 2),
        MatchRecord("B", "C", Decimal(1), Decimal(5), 2),
    ]
    assert withdraw_team("A", table) == [table[0], table[2]]
    assert withdraw_team("E", table) == []
