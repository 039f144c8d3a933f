"""The reasons an arbiter gives a result (Laws 2023 art. 5.2.2, 6.9, 11.7; Laws Commentary 1997;
Team Competitions 1972, games without clocks): which results each allows, and what a position
or a sanction record says of it."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Result
from chessarbiter.result_reasons import (
    MAX_REASON_CODE,
    ResultReason,
    ResultReasonError,
    check_result_reason,
    result_reason,
)
from chessarbiter.special.unclocked import Ladder, Sanction, SanctionRecord
from chessarbiter.timecontrol.errors import FlagError

W, L, D = Result.WIN, Result.LOSS, Result.DRAW
KN_K = "8/8/4k3/8/8/8/2K5/1N6 w - - 0 1"  # white king and knight, black lone king
LOCKED = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1"
KR_K = "7k/8/6K1/8/8/8/8/R7 w - - 0 1"
HALF = Decimal("0.5")


def test_every_code_fits_the_column() -> None:
    assert all(len(r.value) <= MAX_REASON_CODE for r in ResultReason)


@pytest.mark.parametrize(
    ("reason", "allowed"),
    [
        ("dead", {(D, D)}),
        ("flag-nomate", {(D, D)}),
        ("sanction", {(W, L), (L, W)}),
        ("flag", {(W, L), (L, W), (Result.UNRATED_WIN, Result.UNRATED_LOSS),
                  (Result.UNRATED_LOSS, Result.UNRATED_WIN)}),
        ("refusal", {(W, L), (L, W), (Result.UNRATED_WIN, Result.UNRATED_LOSS),
                     (Result.UNRATED_LOSS, Result.UNRATED_WIN), (D, L), (L, D)}),
    ],
)  # fmt: skip
def test_the_results_each_reason_allows(reason: str, allowed: set[tuple[Result, Result]]) -> None:
    games = [r for r in Result if r.is_game or r.is_forfeit]
    for white in games:
        for black in games:
            if (white, black) in allowed:
                assert check_result_reason(reason, white, black).reason.value == reason
            else:
                with pytest.raises(ResultReasonError, match="allows"):
                    check_result_reason(reason, white, black)


def test_a_refused_result_names_the_allowed_ones_and_the_rule() -> None:
    with pytest.raises(ResultReasonError) as e:
        check_result_reason("sanction", D, D)
    assert str(e.value) == (
        "the reason 'loss by sanction' allows 0-1, 1-0, not ½-½ (Team Competitions 1972, "
        "games without clocks)"
    )
    with pytest.raises(ResultReasonError, match="not no result"):
        check_result_reason("dead", None, None)


def test_unknown_reason() -> None:
    with pytest.raises(ResultReasonError, match="unknown result reason 'resign' "):
        result_reason("resign")
    assert result_reason(ResultReason.FLAG_FALL) is ResultReason.FLAG_FALL


def test_dead_position_with_a_position() -> None:
    """Laws 2023 art. 5.2.2 / Laws Commentary 1997: a position where no mate is possible."""
    assert check_result_reason("dead", D, D, fen=KN_K).certain
    assert "locked pawns" in check_result_reason("dead", D, D, fen=LOCKED).note
    with pytest.raises(ResultReasonError, match="not a dead position: white can still mate"):
        check_result_reason("dead", D, D, fen=KR_K)
    unsure = check_result_reason("dead", D, D)
    assert not unsure.certain and "arbiter" in unsure.note


def test_flag_fall_follows_article_6_9() -> None:
    # black's flag fell; white has king and knight: no mate possible, a draw
    with pytest.raises(ResultReasonError, match="flag fall, the opponent cannot mate"):
        check_result_reason("flag", W, L, fen=KN_K)
    drawn = check_result_reason("flag-nomate", D, D, fen=KN_K, flagged="black")
    assert drawn.certain and drawn.against == "black"
    # white's flag fell with black's lone king: a draw; black's flag with white's rook: a loss
    assert check_result_reason("flag", W, L, fen=KR_K).certain
    with pytest.raises(ResultReasonError, match="not a draw"):
        check_result_reason("flag-nomate", D, D, fen=KR_K, flagged="black")
    with pytest.raises(ResultReasonError, match="say whose flag fell"):
        check_result_reason("flag-nomate", D, D, fen=KN_K)


def test_persistent_refusal_opponent_score() -> None:
    """Laws 1997 (Laws Commentary 1997): the refusing player loses; the opponent gets ½ when
    he could not have won (a lone king), as the flag-fall material test finds. The ½ is the
    result's: ½-0 or 0-½ (Laws 2023 art. 11.7, the arbiter decides the opponent's score)."""
    # black refuses (loses); white has K+N: could not have won -> ½-0
    half = check_result_reason("refusal", D, L, fen=KN_K)
    assert (half.opponent_points, half.certain, half.against) == (HALF, True, "black")
    assert check_result_reason("refusal", D, L, fen=KN_K, opponent_points=HALF) == half
    with pytest.raises(ResultReasonError, match=r"so he gets ½ \(Laws 1997"):
        check_result_reason("refusal", W, L, fen=KN_K)
    # the opponent's score said apart must be the result's
    with pytest.raises(ResultReasonError, match="score ½ is written ½-0, not 1-0"):
        check_result_reason("refusal", W, L, fen=KN_K, opponent_points=HALF)
    with pytest.raises(ResultReasonError, match="score 1 is written 0-1, not 0-½"):
        check_result_reason("refusal", L, D, opponent_points=Decimal(1))
    # Laws 2023 art. 11.7: the arbiter decides, a full point is recorded as his choice
    chosen = check_result_reason("refusal", W, L, fen=KN_K, laws=2023)
    assert chosen.opponent_points == 1 and not chosen.certain
    # white refuses; black's lone king cannot mate -> ½, a full point is refused (Laws 1997)
    with pytest.raises(ResultReasonError, match="so he gets ½"):
        check_result_reason("refusal", L, W, fen="k7/8/1K6/8/8/8/8/7R w - - 0 1")
    assert check_result_reason("refusal", L, D, fen="k7/8/1K6/8/8/8/8/7R w - - 0 1").certain
    # black refuses; white's rook can mate -> 1, and ½ is refused
    assert check_result_reason("refusal", W, L, fen=KR_K).opponent_points == 1
    with pytest.raises(ResultReasonError, match=r"can mate .*so he gets 1"):
        check_result_reason("refusal", D, L, fen=KR_K)
    # without a position: the arbiter's score, recorded
    free = check_result_reason("refusal", L, D)
    assert not free.certain and free.opponent_points == HALF and free.against == "white"
    with pytest.raises(ResultReasonError, match="1 or ½"):
        check_result_reason("refusal", L, W, opponent_points=Decimal(0))
    with pytest.raises(ResultReasonError, match="only for a persistent refusal"):
        check_result_reason("flag", L, W, opponent_points=HALF)
    # a loss against ½ has no other reason
    with pytest.raises(ResultReasonError, match="allows"):
        check_result_reason("sanction", L, D)


def test_loss_by_sanction_needs_the_ladder_to_end_with_the_loss() -> None:
    """Team Competitions 1972: remark, demand to speed up, warning, then loss."""
    record = SanctionRecord(Ladder.GAME)
    for step in (Sanction.REMARK, Sanction.SPEED_UP, Sanction.WARNING):
        record = record.add(step)
    with pytest.raises(ResultReasonError, match=r"\(remark, speed-up, warning\) do not end"):
        check_result_reason("sanction", L, W, sanctions=record)
    done = check_result_reason("sanction", L, W, sanctions=record.add(Sanction.LOSS))
    assert done.certain and done.against == "white"


def test_a_bad_position_is_a_flag_error() -> None:
    with pytest.raises(FlagError):
        check_result_reason("dead", D, D, fen="not a fen")


@settings(max_examples=60, deadline=None)
@given(
    st.text(max_size=14),
    st.sampled_from([*Result, None]),
    st.sampled_from([*Result, None]),
    st.one_of(st.none(), st.decimals(allow_nan=False, allow_infinity=False, places=1)),
)
def test_any_input_is_a_result_or_a_precise_error(
    code: str, white: Result | None, black: Result | None, points: Decimal | None
) -> None:
    try:
        check = check_result_reason(code, white, black, opponent_points=points)
    except ChessArbiterError as e:
        assert str(e)
    else:
        assert (white, black) in check.reason.results
