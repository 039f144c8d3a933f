"""The Laws of 1997 as Laws Commentary 1997 gives them, beside the current Laws: a player who
cannot keep score, persistent refusal to obey the Laws, and the dead position ("mate cannot be
reached by any possible moves, even the most senseless": drawn at once)."""

from __future__ import annotations

from decimal import Decimal

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.timecontrol import FlagError, LawsError
from chessarbiter.timecontrol.flag import MateProof, dead_position, mate_check
from chessarbiter.timecontrol.laws import persistent_refusal, scoresheet_deduction

LONE_KING_V_KNIGHT = "8/8/4k3/8/8/8/2K5/1N6 w - - 0 1"
LOCKED = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1"
#: Black in check must take the queen: every line ends with bare kings. python-chess's
#: is_insufficient_material() is False (a queen is on the board), yet the position is dead.
FORCED_BARE_KINGS = "7k/6Q1/8/8/8/8/8/4K3 b - - 0 1"

# -- a player who cannot keep score --------------------------------------------------------------


@pytest.mark.parametrize("laws", ["1997", "2023"])
def test_scoresheet_time_deducted_at_the_start(laws: str) -> None:
    """Laws 1997 (Laws Commentary 1997) / 2023 art. 8.1.6: a player unable to keep score (for
    physical or religious reasons) starts with his allotted time less the time the arbiter fixes
    for the recording."""
    result = scoresheet_deduction(7200, 600, laws)
    assert (result.start_time, result.deducted) == (6600, 600)
    assert ("8.1.6" in result.rule) is (laws == "2023")
    assert scoresheet_deduction(7200, 0, laws).start_time == 7200


def test_scoresheet_time_errors() -> None:
    """The 1984 rules had no such deduction (new in 1997); a deduction cannot exceed the
    allotted time nor be negative."""
    with pytest.raises(LawsError, match="new in the Laws of 1 July 1997"):
        scoresheet_deduction(7200, 600, 1984)
    with pytest.raises(LawsError, match="larger than the allotted time"):
        scoresheet_deduction(600, 601, 1997)
    with pytest.raises(LawsError, match="negative"):
        scoresheet_deduction(600, -1, 1997)


# -- persistent refusal --------------------------------------------------------------------------


def test_refusal_against_a_lone_king_scores_half_for_the_opponent() -> None:
    """Laws Commentary 1997: persistent refusal loses; the opponent's score is the arbiter's -
    half a point when he could not have won, e.g. with a lone king."""
    # white (K + N) refuses; black has a lone king: he could not have won
    score = persistent_refusal("white", 1997, fen=LONE_KING_V_KNIGHT)
    assert (score.offender_points, score.opponent_points, score.certain) == (
        Decimal(0),
        Decimal("0.5"),
        True,
    )
    assert score.termination == "rules infraction"
    # black (lone king) refuses; white's knight cannot mate either: ½ too
    assert persistent_refusal("black", 1997, fen=LONE_KING_V_KNIGHT).opponent_points == Decimal(
        "0.5"
    )


def test_refusal_when_the_opponent_could_win() -> None:
    score = persistent_refusal("black", 2023, fen="k7/8/8/8/8/8/8/K6R w - - 0 1")
    assert (score.opponent_points, score.certain) == (Decimal(1), True)
    assert "11.7" in score.rule
    unknown = persistent_refusal("white", 1997)
    assert (unknown.opponent_points, unknown.certain) == (Decimal(1), False)


def test_refusal_errors() -> None:
    with pytest.raises(LawsError, match="1984"):
        persistent_refusal("white", 1984)
    with pytest.raises(LawsError, match="write white or black"):
        persistent_refusal("red", 1997)
    with pytest.raises(FlagError):
        persistent_refusal("white", 1997, fen="not a fen")


# -- dead position -------------------------------------------------------------------------------


def test_dead_by_material() -> None:
    """Laws Commentary 1997: mate unreachable by any possible moves - the game is drawn at once
    (Laws 2023 art. 5.2.2). King and knight against a king."""
    answer = dead_position(LONE_KING_V_KNIGHT)
    assert answer.dead is True
    assert answer.score == "1/2-1/2" and answer.termination == "normal"


def test_dead_by_locked_pawns() -> None:
    assert not chess.Board(LOCKED).is_insufficient_material()
    answer = dead_position(LOCKED)
    assert answer.dead is True
    assert "locked pawns" in answer.reason


def test_dead_although_python_chess_sees_sufficient_material() -> None:
    """The dead position is wider than python-chess's is_insufficient_material(): here a queen
    is on the board, but the only legal move takes it."""
    assert not chess.Board(FORCED_BARE_KINGS).is_insufficient_material()
    answer = dead_position(FORCED_BARE_KINGS)
    assert answer.dead is True
    assert answer.reason == "every sequence of legal moves ends without a mate"


def test_not_dead_gives_a_mating_line() -> None:
    answer = dead_position("k7/8/8/8/8/8/8/K6R w - - 0 1")
    assert answer.dead is False and answer.mater == "white"
    board = chess.Board("k7/8/8/8/8/8/8/K6R w - - 0 1")
    for san in answer.line:
        board.push_san(san)
    assert board.is_checkmate()
    assert answer.score == "*" and answer.termination == ""


def test_cannot_tell_within_the_bound() -> None:
    """Sufficient material, no locked pawns, and no helpmate found within the bound: the
    function says it cannot tell rather than guess."""
    answer = dead_position(chess.STARTING_FEN, max_plies=1, node_limit=2)
    assert answer.dead is None
    assert answer.reason.startswith("cannot tell")


def test_dead_position_errors() -> None:
    with pytest.raises(FlagError, match="checkmate"):
        dead_position("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    with pytest.raises(FlagError, match="stalemate"):
        dead_position("k7/P7/K7/8/8/8/8/8 b - - 0 1")
    with pytest.raises(FlagError, match="node_limit"):
        dead_position(chess.STARTING_FEN, node_limit=0)


def test_mate_check_names_its_proof() -> None:
    board = chess.Board(FORCED_BARE_KINGS)
    assert mate_check(board, chess.WHITE).how is MateProof.EXHAUSTED
    assert mate_check(board, chess.BLACK).how is MateProof.MATERIAL


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=0, max_size=120))
def test_dead_position_is_sound_on_random_games(choices: list[int]) -> None:
    """On positions of random legal games: python-chess's insufficient material (both sides)
    is always dead here, and a position called alive has a line that really mates."""
    board = chess.Board()
    for pick in choices:
        moves = list(board.legal_moves)
        if not moves or board.is_checkmate():
            break
        board.push(moves[pick % len(moves)])
    if board.is_checkmate() or board.is_stalemate():
        return
    answer = dead_position(board.fen(), max_plies=3, node_limit=300)
    if board.is_insufficient_material():
        assert answer.dead is True
    if answer.dead is False:
        replay = chess.Board(board.fen())
        for san in answer.line:
            replay.push_san(san)
        assert replay.is_checkmate()


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=80))
def test_dead_position_reads_any_text(text: str) -> None:
    try:
        answer = dead_position(text, max_plies=2, node_limit=200)
    except FlagError:
        return
    assert answer.dead in (True, False, None)
