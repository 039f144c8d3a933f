"""The tournament model: players, scores, rounds played and the consistency check."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.errors import (
    ByeRequestError,
    DuplicatePlayerError,
    RoundNumberError,
    TournamentError,
    UnknownPlayerError,
)
from chessarbiter.model import (
    HALF,
    Acceleration,
    ByeRequest,
    Colour,
    Field,
    ForbiddenPairs,
    Inconsistency,
    Player,
    PointSystem,
    Result,
    RoundEntry,
    Team,
    Tournament,
)

W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE


def make(n: int, rounds: int | None = None, **kw) -> Tournament:
    t = Tournament(name="T", total_rounds=rounds, **kw)
    for i in range(1, n + 1):
        t.add_player(Player(i, f"Player {i}"))
    return t


def kinds(problems: list[Inconsistency]) -> list[tuple[int, int, Field]]:
    return [(p.player, p.round, p.field) for p in problems]


# -- players -----------------------------------------------------------------------------------


def test_add_player_duplicate_raises():
    t = make(2)
    with pytest.raises(DuplicatePlayerError, match="2 is already taken"):
        t.add_player(Player(2, "Someone Else"))
    assert t.player(2).name == "Player 2"


def test_duplicate_player_error_is_a_tournament_error_and_value_error():
    assert issubclass(DuplicatePlayerError, TournamentError)
    assert issubclass(DuplicatePlayerError, ValueError)


def test_add_player_number_below_one():
    t = make(0)
    with pytest.raises(TournamentError, match="start at 1"):
        t.add_player(Player(0, "Nobody"))


def test_unknown_player():
    t = make(2)
    with pytest.raises(UnknownPlayerError, match="7"):
        t.player(7)


def test_players_iterate_in_pairing_number_order():
    t = Tournament()
    for n in (3, 1, 2):
        t.add_player(Player(n, str(n)))
    assert [p.number for p in t] == [1, 2, 3]
    assert len(t) == 3


def test_player_entry_and_set_entry():
    p = Player(1, "A")
    assert p.entry(4) is RoundEntry.NOT_PAIRED
    p.set_entry(3, RoundEntry.bye(Result.HALF_POINT_BYE))
    assert p.results == [RoundEntry.NOT_PAIRED, RoundEntry.NOT_PAIRED, p.entry(3)]
    with pytest.raises(RoundNumberError, match="numbered from 1, not 0"):
        p.entry(0)
    with pytest.raises(RoundNumberError, match="numbered from 1, not -1"):
        p.set_entry(-1, RoundEntry.NOT_PAIRED)


def test_record_game_mirrors_results():
    t = make(2)
    t.record_game(1, 2, 1, Result.UNRATED_WIN)
    assert t.player(2).entry(1) == RoundEntry(1, W, Result.UNRATED_WIN)
    assert t.player(1).entry(1) == RoundEntry(2, B, Result.UNRATED_LOSS)
    t.record_game(2, 1, 2, Result.FORFEIT_LOSS)
    assert t.player(2).entry(2) == RoundEntry(1, B, Result.FORFEIT_WIN)
    with pytest.raises(TournamentError, match="not the result of a game"):
        t.record_game(3, 1, 2, Result.HALF_POINT_BYE)
    with pytest.raises(TournamentError, match="himself"):
        t.record_game(3, 1, 1, Result.WIN)
    with pytest.raises(UnknownPlayerError):
        t.record_game(3, 1, 9, Result.WIN)
    assert t.check() == []


# -- rounds played and scores ------------------------------------------------------------------


def test_rounds_played_empty():
    assert make(4).rounds_played == 0
    assert make(0).rounds_played == 0


def test_rounds_played_counts_games_and_pab():
    t = make(3, 5)
    t.record_game(1, 1, 2, Result.WIN)
    t.player(3).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    assert t.rounds_played == 1
    t.player(1).set_entry(2, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    assert t.rounds_played == 2


def test_rounds_played_ignores_preassigned_byes_of_next_round():
    """bbpPairings' reading: entries past the last paired round are byes requested for the
    round to be paired (``0000 - H``/``Z``/``F`` in column NN of a corpus ``roundNN.trf``)."""
    t = make(4, 5)
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.player(3).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    t.player(4).set_entry(2, RoundEntry.bye(Result.FULL_POINT_BYE))
    assert t.recorded_rounds == 2
    assert t.rounds_played == 1
    assert t.score(3) == HALF  # the H of round 2 is not counted yet
    assert t.score(4) == HALF
    assert t.score(3, after_round=2) == 1
    assert t.score(4, after_round=2) == Decimal("1.5")
    assert t.scores() == {1: 1, 2: 0, 3: HALF, 4: HALF}


def test_rounds_played_round_one_only_byes():
    """Corpus round1/byes: pre-assigned byes in round 1, nothing paired yet."""
    t = make(3, 5)
    t.player(2).set_entry(1, RoundEntry.bye(Result.HALF_POINT_BYE))
    assert t.rounds_played == 0
    assert t.score(2) == 0
    assert t.score(2, after_round=1) == HALF


def test_rounds_played_pending_round_counts():
    t = make(2, 3)
    t.record_game(1, 1, 2, Result.WIN)
    t.player(1).set_entry(2, RoundEntry(2, B, None))
    t.player(2).set_entry(2, RoundEntry(1, W, None))
    assert t.rounds_played == 2
    assert t.score(1) == 1
    assert t.check() == []


def test_forfeit_win_without_opponent_counts_as_paired():
    t = make(2, 3)
    t.player(1).set_entry(1, RoundEntry(None, N, Result.FORFEIT_WIN))
    assert t.rounds_played == 1


def test_score_with_point_system():
    t = make(3, 3, point_system=PointSystem.simple(Decimal(3), Decimal(1), Decimal(0)))
    t.record_game(1, 1, 2, Result.WIN)
    t.player(3).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.record_game(2, 2, 3, Result.DRAW)
    t.player(1).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    assert t.scores() == {1: 4, 2: 1, 3: 4}
    assert t.scores(after_round=1) == {1: 3, 2: 0, 3: 3}


# -- check() -----------------------------------------------------------------------------------


def test_check_clean():
    t = make(4, 3)
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.FORFEIT_WIN)
    t.record_game(2, 2, 3, Result.UNRATED_DRAW)
    t.player(1).set_entry(2, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.player(4).set_entry(2, RoundEntry.bye(Result.ZERO_POINT_BYE))
    assert t.check() == []
    t.validate()


def test_check_double_forfeit_allowed():
    """Spec 6.1: a double forfeit gives '-' to both players."""
    t = make(2, 1)
    t.player(1).set_entry(1, RoundEntry(2, W, Result.FORFEIT_LOSS))
    t.player(2).set_entry(1, RoundEntry(1, B, Result.FORFEIT_LOSS))
    assert t.check() == []


def test_check_forfeit_without_colours_allowed():
    t = make(2, 1)
    t.player(1).set_entry(1, RoundEntry(2, N, Result.FORFEIT_WIN))
    t.player(2).set_entry(1, RoundEntry(1, N, Result.FORFEIT_LOSS))
    assert t.check() == []


def test_check_opponent_does_not_exist():
    t = make(2, 3)
    t.player(1).set_entry(1, RoundEntry(9, W, Result.WIN))
    problems = t.check()
    assert kinds(problems) == [(1, 1, Field.OPPONENT)]
    assert "opponent 9 does not exist" in problems[0].message


def test_check_paired_with_himself():
    t = make(2, 3)
    t.player(2).set_entry(1, RoundEntry(2, W, Result.WIN))
    assert kinds(t.check()) == [(2, 1, Field.OPPONENT)]
    assert "himself" in t.check()[0].message


def test_check_opponent_does_not_point_back():
    t = make(3, 3)
    t.player(1).set_entry(1, RoundEntry(2, W, Result.WIN))
    t.player(2).set_entry(1, RoundEntry(3, B, Result.LOSS))
    t.player(3).set_entry(1, RoundEntry(2, W, Result.WIN))
    problems = t.check()
    assert (1, 1, Field.OPPONENT) in kinds(problems)
    assert "does not point back" in str(problems[0])
    assert str(problems[0]).startswith("player 1, round 1: ")


def test_check_opponent_missing_entry():
    t = make(2, 3)
    t.player(1).set_entry(1, RoundEntry(2, W, Result.WIN))
    problems = t.check()
    assert kinds(problems) == [(1, 1, Field.OPPONENT)]
    assert "names nobody" in problems[0].message


def test_check_same_colours():
    t = make(2, 3)
    t.player(1).set_entry(1, RoundEntry(2, B, Result.WIN))
    t.player(2).set_entry(1, RoundEntry(1, B, Result.LOSS))
    assert kinds(t.check()) == [(1, 1, Field.COLOUR)]


def test_check_only_one_colour_in_a_played_game():
    t = make(2, 3)
    t.player(1).set_entry(1, RoundEntry(2, W, Result.FORFEIT_WIN))
    t.player(2).set_entry(1, RoundEntry(1, N, Result.FORFEIT_LOSS))
    assert t.check() == []  # a forfeit may lack a colour on one side
    t.player(1).set_entry(2, RoundEntry(2, W, None))
    t.player(2).set_entry(2, RoundEntry(1, N, None))
    assert t.check() == []  # so may a pending game
    t.player(1).set_entry(3, RoundEntry(2, W, Result.WIN))
    t.player(2).set_entry(3, RoundEntry(1, N, Result.FORFEIT_LOSS))
    assert (1, 3, Field.COLOUR) in kinds(t.check())


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("1", "1"),
        ("1", "="),
        ("0", "0"),
        ("W", "0"),
        ("1", "L"),
        ("+", "+"),
        ("+", "0"),
        ("D", "="),
    ],
)
def test_check_results_do_not_mirror(a, b):
    t = make(2, 3)
    t.player(1).set_entry(1, RoundEntry(2, W, Result(a)))
    t.player(2).set_entry(1, RoundEntry(1, B, Result(b)))
    problems = t.check()
    assert kinds(problems) == [(1, 1, Field.RESULT)]
    assert f"result {a} against 2, who has {b}" in problems[0].message


@pytest.mark.parametrize(("a", "b"), [("0", "="), ("=", "0")])
def test_check_a_loss_against_half_a_point_is_one_game(a, b):
    # persistent refusal: the arbiter decides the opponent's score (Laws 2023 art. 11.7)
    t = make(2, 3)
    t.player(1).set_entry(1, RoundEntry(2, W, Result(a)))
    t.player(2).set_entry(1, RoundEntry(1, B, Result(b)))
    assert t.check() == []


def test_check_result_on_one_side_only():
    t = make(2, 3)
    t.player(1).set_entry(1, RoundEntry(2, W, Result.WIN))
    t.player(2).set_entry(1, RoundEntry(1, B, None))
    problems = t.check()
    assert kinds(problems) == [(1, 1, Field.RESULT)]
    assert "missing on one side" in problems[0].message


def test_check_result_beyond_round_count():
    """py4swiss too_many_results: a result for round 6 of a 5-round event."""
    t = make(2, 1)
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(2, 2, 1, Result.WIN)
    problems = t.check()
    assert kinds(problems) == [(1, 2, Field.RESULT), (2, 2, Field.RESULT)]
    assert "but the event has 1 rounds" in problems[0].message


def test_check_preassigned_entry_beyond_round_count_without_result_ok():
    t = make(2, 1)
    t.record_game(1, 1, 2, Result.WIN)
    t.player(1).set_entry(2, RoundEntry.NOT_PAIRED)
    assert t.check() == []


def test_c04_1_one_pab_per_round():
    """C.04.1 c: one player is left over, so at most one PAB per round."""
    t = make(3, 2)
    for n in (1, 2, 3):
        t.player(n).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    problems = t.check()
    assert kinds(problems) == [(2, 1, Field.RESULT), (3, 1, Field.RESULT)]
    assert "player 1 has one already" in problems[0].message


def test_c04_1_team_event_pab_for_every_board():
    """In a team event every player of the team with the bye has a PAB."""
    t = make(4, 1)
    t.teams.append(Team("A", [1, 2]))
    t.teams.append(Team("B", [3, 4]))
    for n in (1, 2):
        t.player(n).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    assert t.check() == []


def test_validate_raises_listing_every_problem():
    t = make(3, 3)
    t.player(1).set_entry(1, RoundEntry(9, W, Result.WIN))
    t.player(2).set_entry(1, RoundEntry(2, W, Result.WIN))
    with pytest.raises(TournamentError) as e:
        t.validate()
    assert "player 1, round 1" in str(e.value)
    assert "player 2, round 1" in str(e.value)


def test_inconsistency_str_without_round():
    assert str(Inconsistency(4, 0, Field.POINTS, "bad")) == "player 4: bad"


# -- rule records ------------------------------------------------------------------------------


def test_bye_request_kinds():
    """TRF-2026 240: T = F, H or Z."""
    for kind in (Result.HALF_POINT_BYE, Result.FULL_POINT_BYE, Result.ZERO_POINT_BYE):
        assert ByeRequest(kind, 2, (1,)).kind is kind
    with pytest.raises(ByeRequestError, match="H, F or Z"):
        ByeRequest(Result.PAIRING_ALLOCATED_BYE, 2, (1,))
    with pytest.raises(RoundNumberError, match="numbered from 1"):
        ByeRequest(Result.HALF_POINT_BYE, 0, (1,))


def test_forbidden_pairs_rounds():
    """XXP: every round; TRF-2026 260: rounds RRF..RRL."""
    every = ForbiddenPairs((1, 2))
    assert every.applies_to(1) and every.applies_to(99)
    some = ForbiddenPairs((1, 2, 3), 2, 4)
    assert [some.applies_to(r) for r in range(1, 6)] == [False, True, True, True, False]


# -- issue 13 item 17: contradictory records (Tournament.record_problems) ----------------------


def record_kinds(t: Tournament) -> list[tuple[Field, int | None, int, str]]:
    return [(p.field, p.index, p.player, str(p)) for p in t.check()]


def test_issue13_item17_bye_requests():
    t = make(3, 3)
    t.record_game(1, 1, 2, Result.WIN)
    t.player(3).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.bye_requests = [
        ByeRequest(Result.HALF_POINT_BYE, 2, (1, 2)),
        ByeRequest(Result.ZERO_POINT_BYE, 2, (2,)),  # a second request for 2 in round 2
        ByeRequest(Result.HALF_POINT_BYE, 1, (1, 3)),  # round 1 is played (3: the PAB)
        ByeRequest(Result.FULL_POINT_BYE, 3, (4,)),  # no player 4
    ]
    assert record_kinds(t) == [
        (Field.BYE_REQUEST, 1, 2, "player 2 has two bye requests for round 2"),
        (Field.BYE_REQUEST, 2, 1, "player 1 has a bye request for round 1, but was paired in "
         "round 1"),
        (Field.BYE_REQUEST, 2, 3, "player 3 has a bye request for round 1, but was paired in "
         "round 1"),
        (Field.BYE_REQUEST, 3, 4, "bye request for round 3: no player has number 4"),
    ]  # fmt: skip
    with pytest.raises(TournamentError, match="two bye requests"):
        t.validate()


def test_issue13_item17_forbidden_pairs_and_accelerations():
    t = make(3, 5)
    t.forbidden_pairs = [
        ForbiddenPairs((1, 1)),
        ForbiddenPairs((1, 2), 4, 2),
        ForbiddenPairs((2, 9)),
    ]
    t.accelerations = [Acceleration(None, Decimal(1), 3, 1, 1, 3)]
    assert record_kinds(t) == [
        (Field.FORBIDDEN_PAIRS, 0, 1, "forbidden pairs name player 1 twice (forbidden to meet "
         "himself)"),
        (Field.FORBIDDEN_PAIRS, 1, 0, "forbidden pairs from round 4 to round 2: the first round "
         "is after the last"),
        (Field.FORBIDDEN_PAIRS, 2, 9, "forbidden pairs: no player has number 9"),
        (Field.ACCELERATION, 0, 0, "acceleration from round 3 to round 1: the first round is "
         "after the last"),
    ]  # fmt: skip


def test_issue13_item17_teams():
    t = make(4, 3)
    t.teams = [Team("A", [1, 2], number=1), Team("B", [3, 2], number=2), Team("C", [4, 4, 5], 1)]
    assert record_kinds(t) == [
        (Field.TEAM, 1, 2, "player 2 is in two teams, 1 and 2"),
        (Field.TEAM, 2, 0, "team number 1 is given twice ('A' and 'C')"),
        (Field.TEAM, 2, 4, "player 4 is twice in team 1"),
        (Field.TEAM, 2, 5, "team 1: no player has number 5"),
    ]


def test_issue13_item17_team_event_ids_name_teams():
    """TRF-2026 240/250/260: "Player/Team ID" — team numbers in a team event (a TRF16 013
    team is numbered by its position)."""
    t = make(4, 3)
    t.teams = [Team("A", [1, 2]), Team("B", [3, 4])]
    assert t.is_team_event and sorted(t.team_numbers()) == [1, 2]
    t.bye_requests = [ByeRequest(Result.HALF_POINT_BYE, 1, (2,))]
    t.forbidden_pairs = [ForbiddenPairs((1, 2), 1, 3)]
    assert t.check() == []
    t.record_game(1, 3, 1, Result.WIN)  # team 2's player 3 played round 1
    assert record_kinds(t) == [
        (Field.BYE_REQUEST, 0, 2, "team 2 has a bye request for round 1, but was paired in "
         "round 1 (player 3)"),
    ]  # fmt: skip
    t.bye_requests = [ByeRequest(Result.HALF_POINT_BYE, 2, (3,))]
    assert [str(p) for p in t.check()] == ["bye request for round 2: no team has number 3"]
