"""The telegraph code Team Competitions 1972 calls Udemann's (Gringmuth's notation, spec
``telegraph-code.md``) and the correspondence sending days (Team Competitions 1972, «Необычные
шахматы»)."""

from __future__ import annotations

import datetime as dt
import itertools

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.special.telegraph import (
    Code,
    IllegalTelegraphMoveError,
    TelegraphError,
    correspondence_messages,
    decode_game,
    decode_telegram,
    encode_game,
    parse_move_numbers,
    parse_square,
    sending_days,
    square_name,
    telegram_words,
)

# The spec's tables, rank 8 first, files a..h.
GRINGMUTH_TABLE = """
ma na pa ra sa ta wa za
me ne pe re se te we ze
mi ni pi ri si ti wi zi
mo no po ro so to wo zo
bo co do fo go ho ko lo
bi ci di fi gi hi ki li
be ce de fe ge he ke le
ba ca da fa ga ha ka la
"""
UEDEMANN_TABLE = """
ap ep ip op po pi pe pa
al el il ol lo li le la
ak ek ik ok ko ki ke ka
ah eh ih oh ho hi he ha
ag eg ig og go gi ge ga
af ef if of fo fi fe fa
ad ed id od do di de da
ab eb ib ob bo bi be ba
"""

HESSE = "gegoseso kahirati hadotiwi gakawigot dotetsase hagagoho hisothoto kekototi sowisetet wizat"
HESSE_GAME = [
    "e4",
    "e5",
    "Nf3",
    "Qf6",
    "Bc4",
    "Qg6",
    "O-O",
    "Qxe4",
    "Bxf7+",
    "Ke7",
    "Re1",
    "Qf4",
    "Nxe5",
    "Qf5",
    "g4",
    "Qf6",
    "Ng6+",
    "Kxf7",
    "Nxh8#",
]
RUY_LOPEZ = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


@pytest.mark.parametrize(
    ("code", "table"), [(Code.GRINGMUTH, GRINGMUTH_TABLE), (Code.UEDEMANN, UEDEMANN_TABLE)]
)
def test_square_tables_are_the_specs(code: Code, table: str) -> None:
    rows = [row.split() for row in table.strip().splitlines()]
    for i, row in enumerate(rows):
        rank = 7 - i
        for file, name in enumerate(row):
            square = chess.square(file, rank)
            assert square_name(square, code) == name
            assert parse_square(name, code) == square
    assert len({square_name(sq, code) for sq in chess.SQUARES}) == 64


def test_gringmuth_is_consonant_plus_vowel() -> None:
    """Team Competitions 1972: "каждая клетка доски обозначается двумя буквами — согласной и
    гласной"."""
    for sq in chess.SQUARES:
        name = square_name(sq)
        assert name[0] not in "aeiouy" and name[1] in "aeio"


def test_labels() -> None:
    assert Code.GRINGMUTH.label == "Gringmuth / 'Udemann' (Soviet naming)"
    assert "Uedemann" in Code.UEDEMANN.label


def test_ruy_lopez_soviet_messages() -> None:
    """The spec's Russian-article example: each message repeats the opponent's last move."""
    words = encode_game(RUY_LOPEZ)
    assert words == ["gego", "seso", "kahi", "napi", "hano", "memi"]
    assert correspondence_messages(words) == [
        "gego",
        "gego seso",
        "seso kahi",
        "kahi napi",
        "napi hano",
        "hano memi",
    ]
    assert decode_game(words) == RUY_LOPEZ


def test_hesse_telegram() -> None:
    """The spec's check: Hesse's sample decodes, every move legal, every 't' on a capture."""
    assert decode_telegram(HESSE) == HESSE_GAME
    encoded = encode_game(HESSE_GAME, mark_captures=True)
    assert " ".join(telegram_words(encoded)) == HESSE


def test_castling_is_the_kings_move() -> None:
    words = encode_game(["e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5", "O-O", "O-O"])
    assert words[-2:] == ["gaka", "sawa"]
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert encode_game(["O-O-O", "O-O"], fen) == ["gada", "sawa"]
    assert decode_game(["gada", "sawa"], fen) == ["O-O-O", "O-O"]
    # after O-O-O the rook on d1 guards d8: Black's long castling is refused
    with pytest.raises(IllegalTelegraphMoveError, match="move 1 \\(black\\), word 2 'sara'"):
        decode_game(["gada", "sara"], fen)


def test_promotion_letters() -> None:
    fen = "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"
    assert encode_game(["b8=Q"], fen) == ["nenaq"]
    assert encode_game(["b8=N"], fen) == ["nenak"]
    assert decode_game(["nenar"], fen) == ["b8=R"]
    assert decode_game(["nenab"], fen) == ["b8=B"]
    with pytest.raises(IllegalTelegraphMoveError, match="piece letter"):
        decode_game(["nena"], fen)
    with pytest.raises(IllegalTelegraphMoveError, match="only written for a promotion"):
        decode_game(["gegoq"])


def test_illegal_move_is_refused_with_number_and_word() -> None:
    with pytest.raises(IllegalTelegraphMoveError) as info:
        decode_game(["gego", "seso", "kahi", "napi", "hano", "meme"])
    err = info.value
    assert (err.index, err.move_number, err.colour, err.word) == (6, 3, chess.BLACK, "meme")
    assert "move 3 (black), word 6 'meme'" in str(err)
    assert isinstance(err, ChessArbiterError)


def test_unknown_letters_and_bad_san() -> None:
    with pytest.raises(IllegalTelegraphMoveError, match="names no square"):
        decode_game(["gego", "xaxa"])
    with pytest.raises(IllegalTelegraphMoveError, match="move 1 \\(white\\), word 1 'Ke2'"):
        encode_game(["Ke2"])
    with pytest.raises(TelegraphError, match="bad FEN"):
        decode_game(["gego"], fen="not a fen")
    with pytest.raises(TelegraphError, match="no legal reading"):
        decode_telegram("gegosese")
    with pytest.raises(TelegraphError):
        decode_telegram("gego 1234")


def test_telegram_marks_must_be_true() -> None:
    """Nores's marks are accepted only when true of the move: check, en passant, mate."""
    fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
    assert decode_telegram("soritp", fen) == ["exd6"]
    assert decode_telegram("sorit", fen) == ["exd6"]
    fools_mate = ["f3", "e5", "g4", "Qh4#"]
    assert decode_telegram("hehiseso kekoralom") == fools_mate
    assert decode_telegram("hehiseso kekoralocm") == fools_mate
    assert decode_telegram("hehiseso kekoralo") == fools_mate
    with pytest.raises(TelegraphError):
        decode_telegram("gegoc")  # 1.e4 gives no check
    with pytest.raises(TelegraphError):
        decode_telegram("hehiseso kekoralos")  # mate, not stalemate
    with pytest.raises(TelegraphError):
        decode_telegram("gegot")  # 1.e4 captures nothing


@st.composite
def random_games(draw: st.DrawFn, fen: str | None = None, max_plies: int = 80) -> list[str]:
    """A random legal game (SAN) from ``fen``, move by move through python-chess."""
    board = chess.Board(fen) if fen else chess.Board()
    sans: list[str] = []
    for _ in range(draw(st.integers(0, max_plies))):
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        move = draw(st.sampled_from(moves))
        sans.append(board.san(move))
        board.push(move)
    return sans


# positions with promotions, castling and en passant close at hand
FENS = [
    None,
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
    "7k/PPPPPP2/8/8/8/8/2pppppp/K7 b - - 0 1",
]


@settings(max_examples=150, deadline=None)
@given(data=st.data(), code=st.sampled_from(list(Code)))
def test_round_trip_of_random_games(data: st.DataObject, code: Code) -> None:
    """Team Competitions 1972: a move is one word; encode → decode gives the game back, in both
    codes."""
    fen = data.draw(st.sampled_from(FENS))
    game = data.draw(random_games(fen))
    words = encode_game(game, fen, code)
    assert all(len(w) in (4, 5) for w in words)
    assert decode_game(words, fen, code) == game
    assert decode_telegram(" ".join(telegram_words(words)), fen, code) == game


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_round_trip_with_capture_marks(data: st.DataObject) -> None:
    """Hesse's 't' after every capture: legality tells the mark from the file letter t."""
    fen = data.draw(st.sampled_from(FENS))
    game = data.draw(random_games(fen))
    words = encode_game(game, fen, mark_captures=True)
    assert decode_telegram("".join(words), fen) == game


def test_sending_days_of_the_seed() -> None:
    """Team Competitions 1972: White sends on Mondays, Wednesdays and Fridays before midnight, Black
    on Tuesdays, Thursdays and Saturdays."""
    days = sending_days(dt.date(2026, 12, 1), range(1, 11))
    assert [d.move for d in days] == list(range(1, 11))
    assert all(d.white.weekday() in (0, 2, 4) for d in days)
    assert all(d.black.weekday() in (1, 3, 5) for d in days)
    assert all(d.white < d.black for d in days)
    assert all(a.black < b.white for a, b in itertools.pairwise(days))
    assert (days[0].white, days[0].black) == (dt.date(2026, 12, 2), dt.date(2026, 12, 3))
    assert (days[2].white, days[2].black) == (dt.date(2026, 12, 7), dt.date(2026, 12, 8))
    # three moves a week
    assert days[9].white == dt.date(2026, 12, 23)


def test_sending_days_from_a_later_move() -> None:
    days = sending_days(dt.date(2026, 12, 5), [20, 21], first_move=20)
    assert [(d.white, d.black) for d in days] == [
        (dt.date(2026, 12, 7), dt.date(2026, 12, 8)),
        (dt.date(2026, 12, 9), dt.date(2026, 12, 10)),
    ]
    with pytest.raises(TelegraphError):
        sending_days(dt.date(2026, 12, 5), [3], first_move=5)
    assert sending_days(dt.date(2026, 12, 5), []) == []


def test_parse_move_numbers() -> None:
    assert parse_move_numbers("1-3, 5,9-10") == [1, 2, 3, 5, 9, 10]
    for bad in ("0-3", "5-2", "x", ""):
        with pytest.raises(TelegraphError):
            parse_move_numbers(bad)
