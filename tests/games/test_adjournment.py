"""Adjourned and adjudicated games (chessarbiter.games.adjournment)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.errors import AdjournmentError
from chessarbiter.games.adjournment import (
    TRF_CANNOT_CARRY,
    Adjournment,
    Adjudication,
    GameRecord,
    GameState,
    deadline_passed,
    for_pairing,
    is_final,
    is_provisional,
    protest_deadline,
    trf_losses,
    trf_note,
    trf_result,
)
from chessarbiter.limits import MAX_PROTEST_HOURS
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.pairing.readiness import IncompleteRoundError, check_ready_to_pair
from chessarbiter.trf import TRF16, dumps, loads

EVENING = dt.datetime(1997, 7, 1, 21, 0)
MORNING = dt.datetime(1997, 7, 2, 10, 0)
TWO_HOURS = dt.timedelta(hours=2)
WHITE_WINS = (Result.WIN, Result.LOSS)
DRAW = (Result.DRAW, Result.DRAW)


def sealed(**changes: object) -> Adjournment:
    values: dict[str, object] = {
        "sealed_by": Colour.WHITE,
        "move_number": 41,
        "white_time_used": TWO_HOURS,
        "black_time_used": dt.timedelta(hours=1, minutes=58),
        "adjourned_at": EVENING,
        "resumption": MORNING,
        **changes,
    }
    return Adjournment(**values)  # type: ignore[arg-type]


def test_a_game_adjourned_resumed_and_finished() -> None:
    game = GameRecord().adjourn(sealed(envelope_note="envelope 7, venue: hall B"))
    assert game.state is GameState.ADJOURNED and trf_result(game) is None
    resumed = game.resume()
    assert resumed.state is GameState.IN_PLAY
    done = resumed.finish(WHITE_WINS, MORNING + TWO_HOURS)
    assert done.state is GameState.FINAL and trf_result(done) == WHITE_WINS
    assert is_final(done, now=MORNING, protest_hours=24)


def test_a_game_adjourned_twice() -> None:
    second = sealed(
        sealed_by=Colour.BLACK,
        move_number=57,
        adjourned_at=MORNING + TWO_HOURS,
        resumption=MORNING + dt.timedelta(days=1),
    )
    game = GameRecord().adjourn(sealed()).resume().adjourn(second)
    assert [a.label for a in game.adjournments] == ["41. sealed by White", "57... sealed by Black"]


def test_a_game_agreed_drawn_before_the_resumption_is_finished() -> None:
    game = GameRecord().adjourn(sealed()).finish(DRAW, EVENING + dt.timedelta(hours=1))
    assert game.state is GameState.FINAL


def test_adjudication_is_provisional_until_the_protest_deadline() -> None:
    announced = MORNING + TWO_HOURS
    ruling = Adjudication("Chief arbiter", announced, WHITE_WINS, "extra rook, no fortress")
    game = GameRecord().adjourn(sealed()).adjudicate(ruling)
    assert game.state is GameState.ADJUDICATED and trf_result(game) == WHITE_WINS
    assert protest_deadline(announced, 24) == announced + dt.timedelta(days=1)
    before = announced + dt.timedelta(hours=23, minutes=59)
    after = announced + dt.timedelta(hours=24)
    assert not is_final(game, now=before, protest_hours=24)
    assert is_provisional(game, now=before, protest_hours=24)
    assert is_final(game, now=after, protest_hours=24)
    assert not is_final(game, now=after, protest_hours=24, protest_lodged=True)
    assert not is_provisional(GameRecord(), now=after, protest_hours=24)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: sealed(sealed_by=Colour.NONE), "say who sealed it"),
        (lambda: sealed(move_number=0), "between 1 and 10000 (got 0)"),
        (lambda: sealed(black_time_used=-TWO_HOURS), "Black's time used cannot be negative"),
        (
            lambda: sealed(resumption=EVENING),
            "the resumption (1997-07-01 21:00) must come after the adjournment (1997-07-01 21:00)",
        ),
        (lambda: sealed(position_fen="nonsense"), "is no position"),
        (
            lambda: sealed(position_fen="4k3/8/8/8/8/8/4P3/4K3 b - - 0 41"),
            "has Black to play move 41, not the sealed move 41. sealed by White",
        ),
        (lambda: Adjudication("Arbiter", MORNING, None), "an adjudication needs a result"),
        (
            lambda: Adjudication("Arbiter", MORNING, (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)),
            "+/- is not the result of a game played",
        ),
        (lambda: Adjudication(" ", MORNING, DRAW), "needs who decided it"),
        (lambda: GameRecord(GameState.IN_PLAY, DRAW), "a game in play has no result yet"),
        (lambda: protest_deadline(MORNING, 721), "between 0 and 720 hours (got 721)"),
        (lambda: GameRecord(GameState.ADJOURNED), "needs its adjournment"),
        (
            lambda: GameRecord(GameState.IN_PLAY, adjournments=(sealed(resumption=None),)),
            "needs its resumption time",
        ),
        (lambda: GameRecord(GameState.FINAL, finished_at=MORNING), "a game final needs its result"),
        (lambda: GameRecord(GameState.FINAL, DRAW), "needs the time of its result"),
        (
            lambda: GameRecord(GameState.ADJUDICATED, DRAW, finished_at=MORNING),
            "an adjudicated game needs its adjudication",
        ),
        (
            lambda: GameRecord(
                GameState.ADJUDICATED,
                DRAW,
                adjudication=Adjudication("A", MORNING, WHITE_WINS),
                finished_at=MORNING,
            ),
            "result is not the adjudication's",
        ),
        (
            lambda: GameRecord(
                GameState.FINAL,
                DRAW,
                adjudication=Adjudication("A", MORNING, DRAW),
                finished_at=MORNING,
            ),
            "a game final has no adjudication",
        ),
        (
            lambda: GameRecord(GameState.FINAL, DRAW, (sealed(),), finished_at=EVENING - TWO_HOURS),
            "the move 41. sealed by White at 1997-07-01 21:00 is sealed after the game was "
            "finished",
        ),
        (
            lambda: GameRecord(GameState.ADJOURNED, adjournments=(sealed(), sealed())),
            "comes before the game was resumed",
        ),
        (lambda: GameRecord().adjourn(sealed()).adjourn(sealed()), "in a game adjourned"),
        (
            lambda: GameRecord().finish(DRAW, MORNING).adjourn(sealed()),
            "a move cannot be sealed in a game final (1997-07-02 10:00)",
        ),
        (lambda: GameRecord().resume(), "only an adjourned game is resumed"),
        (
            lambda: GameRecord().adjourn(sealed(resumption=None)).resume(),
            "has no resumption session",
        ),
        (lambda: GameRecord().adjourn(sealed()).resume(EVENING), "must come after"),
        (lambda: GameRecord().finish(DRAW, MORNING).finish(DRAW, MORNING), "final already"),
        (
            lambda: (
                GameRecord()
                .adjourn(sealed())
                .adjudicate(Adjudication("A", MORNING - dt.timedelta(days=1), DRAW))
            ),
            "the adjudication (1997-07-01 10:00) cannot come before the adjournment",
        ),
        (
            lambda: (
                GameRecord()
                .adjudicate(Adjudication("A", MORNING, DRAW))
                .adjudicate(Adjudication("A", MORNING, DRAW))
            ),
            "adjudicated already",
        ),
        (
            lambda: GameRecord().finish((Result.WIN, Result.WIN), MORNING),
            "1/1 is not the result of one game",
        ),
        (lambda: protest_deadline(MORNING, -1), "between 0 and 720 hours (got -1)"),
    ],
)
def test_impossible_states_are_refused_precisely(make: object, message: str) -> None:
    with pytest.raises(AdjournmentError) as caught:
        make()  # type: ignore[operator]
    assert message in str(caught.value)


def test_trf_writes_an_adjourned_game_as_a_game_without_a_result_and_says_what_it_loses() -> None:
    game = GameRecord().adjourn(sealed(envelope_note="envelope 7"))
    assert trf_losses(game) == list(TRF_CANNOT_CARRY[:5])
    ruled = game.adjudicate(Adjudication("Commission", MORNING, DRAW, "forced perpetual"))
    assert trf_losses(ruled) == [
        *TRF_CANNOT_CARRY[1:3],
        TRF_CANNOT_CARRY[3],
        TRF_CANNOT_CARRY[4],
        *TRF_CANNOT_CARRY[5:],
    ]
    assert trf_losses(GameRecord().finish(DRAW, MORNING)) == []
    # the TRF writer writes such a game with opponent and colour and a blank result code
    t = _event()
    t.total_rounds = None
    text = dumps(t, TRF16)
    assert loads(text).player(1).entry(1) == RoundEntry(2, Colour.WHITE, None)


def _event() -> Tournament:
    t = Tournament(total_rounds=3)
    for n in (1, 2, 3, 4):
        t.add_player(Player(n, f"P{n}"))
    t.player(1).set_entry(1, RoundEntry(2, Colour.WHITE, None))  # adjourned
    t.player(2).set_entry(1, RoundEntry(1, Colour.BLACK, None))
    t.record_game(1, 3, 4, Result.WIN)
    return t


def test_adjourned_games_count_as_draws_for_pairing_only() -> None:
    t = _event()
    with pytest.raises(IncompleteRoundError):
        check_ready_to_pair(t, 2)
    view = for_pairing(t, [(1, 1, 2)])
    check_ready_to_pair(view, 2)
    assert view.score(1) == view.score(2) == t.score(3) / 2
    assert t.player(1).entry(1).is_pending  # the tournament itself is unchanged
    assert t.score(1) == 0
    t.initial_colour = Colour.WHITE
    pairing = pair_round(for_pairing(t, [(1, 1, 2)]))  # the next round paired from the view
    assert len(pairing.boards) == 2
    with pytest.raises(AdjournmentError, match="round 1: 3-4 is not a game without a result"):
        for_pairing(t, [(1, 3, 4)])
    with pytest.raises(AdjournmentError, match="round 1: 1-9 is not a game without a result"):
        for_pairing(t, [(1, 1, 9)])


FUZZ = settings(
    max_examples=100, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
TIMES = st.datetimes(min_value=dt.datetime(1990, 1, 1), max_value=dt.datetime(2030, 1, 1))


@FUZZ
@given(
    state=st.sampled_from(GameState),
    result=st.none() | st.tuples(st.sampled_from(Result), st.sampled_from(Result)),
    adjourned=st.lists(TIMES, max_size=3),
    resumed=st.lists(st.none() | TIMES, max_size=3),
    finished=st.none() | TIMES,
    by=st.text(max_size=3),
    hours=st.integers(-5, MAX_PROTEST_HOURS + 5),
)
def test_any_record_is_valid_or_refused_with_an_adjournment_error(
    state: GameState,
    result: tuple[Result, Result] | None,
    adjourned: list[dt.datetime],
    resumed: list[dt.datetime | None],
    finished: dt.datetime | None,
    by: str,
    hours: int,
) -> None:
    try:
        adjournments = tuple(
            sealed(adjourned_at=a, resumption=r) for a, r in zip(adjourned, resumed, strict=False)
        )
        ruling = (
            Adjudication(by, finished, result)
            if finished and state is GameState.ADJUDICATED
            else None
        )
        record = GameRecord(state, result, adjournments, ruling, finished)
        is_final(record, now=dt.datetime(2031, 1, 1), protest_hours=hours)
    except AdjournmentError:
        return
    assert (trf_result(record) is None) == (
        record.state in (GameState.IN_PLAY, GameState.ADJOURNED)
    )


def test_trf_notes_and_the_deadline() -> None:
    assert "blank result code" in trf_note(GameState.ADJOURNED)
    assert "the sealed move" in trf_note(GameState.ADJOURNED)
    assert "game in play as a game without a result" in trf_note(GameState.IN_PLAY)
    assert "adjudicated, by whom" in trf_note(GameState.ADJUDICATED)
    assert [s.value for s in GameState] == ["in-play", "adjourned", "adjudicated", "final"]
    assert not deadline_passed(MORNING, 24, MORNING + dt.timedelta(hours=23))
    assert deadline_passed(MORNING, 0, MORNING)
