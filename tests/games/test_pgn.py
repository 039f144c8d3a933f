"""Reading and writing PGN (chessarbiter.games.pgn): good texts, every error path, round trips,
and arbitrary text (hypothesis) never raising anything but PgnError."""

from __future__ import annotations

import contextlib
import datetime
import random

import chess
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError, PgnError
from chessarbiter.games import pgn
from chessarbiter.games.pgn import (
    GamePlayer,
    PgnGame,
    Ply,
    read_games,
    round_label,
    write_game,
)
from chessarbiter.limits import MAX_PGN_PLIES
from chessarbiter.model import Player
from chessarbiter.timecontrol.model import TimeControl

from .conftest import random_moves

FUZZ = settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)

TWO_GAMES = """[Event "Club Championship"]
[Site "Utrecht NED"]
[Date "2026.11.28"]
[Round "3.1"]
[White "Carlsen, Magnus"]
[Black "Nepomniachtchi, Ian"]
[Result "1-0"]
[WhiteFideId "1503014"]
[BlackFideId "4168119"]

1. e4 e5 2. Nf3 {a comment; still a comment} Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 $1
Nf6 5. O-O Be7!? 1-0

[Event "Club Championship"]
[Round "3.2"]
[White "Ding, Liren"]
[Black "Gukesh D"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]

40... Kd7 41. e4 Ke6 1/2-1/2
"""


def test_reads_every_game_with_tags_moves_result_and_start() -> None:
    first, second = read_games(TWO_GAMES, "r3.pgn")
    assert first.white == "Carlsen, Magnus" and first.black == "Nepomniachtchi, Ian"
    assert first.headers["WhiteFideId"] == "1503014"
    assert first.moves == ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7")
    assert first.result == "1-0" and first.start_fen is None
    assert second.start_fen == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"
    assert second.moves == ("Kd7", "e4", "Ke6")
    assert second.movetext() == "40... Kd7 41. e4 Ke6 1/2-1/2"


def test_plies_number_each_half_move_with_its_position() -> None:
    _, second = read_games(TWO_GAMES)
    plies = second.plies()
    assert [p.move_label for p in plies] == ["40...", "41.", "41..."]
    assert plies[0] == Ply(1, "Kd7", "8/3k4/8/8/8/8/4P3/4K3 w - - 1 41", "40...", "e8d7")
    assert plies[-1].fen == second.final_fen


def test_empty_text_and_comments_only_have_no_games() -> None:
    assert read_games("") == []
    assert read_games("\n\n% an escape line\n; a comment\n") == []


def test_tag_escapes_are_undone_when_read_and_done_when_written() -> None:
    text = write_game(
        GamePlayer('Bob "the Rook" \\ Smith'),
        GamePlayer("Alice"),
        event="E",
        site="S",
        date=None,
        round_label="1",
        result="*",
    )
    assert '[White "Bob \\"the Rook\\" \\\\ Smith"]' in text
    assert read_games(text)[0].white == 'Bob "the Rook" \\ Smith'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[White "Carlsen"]\n[Black "Nepo"]\n\n1. e4 e5 2. Nf3 Nf3 *',
            "r.pgn: game 1 (Carlsen - Nepo): move 2... Nf3 is illegal",
        ),
        ("1. e4 e5 2. Kf3 *", "r.pgn: game 1 (? - ?): move 2. Kf3 is illegal"),
        (
            '[FEN "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"]\n[SetUp "1"]\n\n1. Rd1 *',
            "move 1. Rd1 is ambiguous",
        ),
        ("1. e4 e5 2. Nf3 hello *", "game 1 (? - ?): 'hello' is not a move"),
        ("1. e4 (1. d4 Kxx) e5 *", "'Kxx' is not a move"),
        ("1. e4 -- *", "move 1... -- is a null move"),
        # python-chess closes the main line at this ")" after the bad move, then fails on "$1"
        ("1. e4 Ke7 ) $1 {c} ( e5 ) e5 *", "move 1... Ke7 is illegal"),
        ("0000)a1)", "move 1. 0000 is a null move"),
        ("a30a1){", "'0' is not a move"),
        ('[White "A"\n\n1. e4 *', "'[White \"A\"' is not a tag"),
        ('1. e4 *\n[Event "x"]\n1. d4 *', "'[Event' is not a move (a tag?"),
        ('[Result "2-0"]\n\n*', "the Result tag '2-0' is not one of 1-0, 0-1, 1/2-1/2, *"),
        ('[FEN "bad"]\n\n1. e4 *', "the FEN or Variant tag is not a chess position"),
        ('[Variant "Crazyhouse"]\n\n1. e4 *', "the Variant tag 'Crazyhouse' is not chess"),
    ],
)
def test_every_error_names_source_game_and_move(text: str, message: str) -> None:
    with pytest.raises(PgnError, match=None) as caught:
        read_games(text, "r.pgn")
    assert message in str(caught.value)
    assert caught.value.source == "r.pgn" and caught.value.game == 1


def test_an_error_in_a_later_game_names_that_game_and_its_players() -> None:
    text = TWO_GAMES + '\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qxf7 *\n'
    with pytest.raises(PgnError, match=r"^x\.pgn: game 3 \(A - B\): move 2\. Qxf7 is illegal$"):
        read_games(text, "x.pgn")


def test_the_size_the_game_count_and_the_plies_are_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pgn, "MAX_PGN_CHARS", 100)
    with pytest.raises(PgnError, match=r"^big\.pgn: the PGN has 101 characters, more than 100$"):
        read_games("1. e4 *" + " " * 94, "big.pgn")
    monkeypatch.setattr(pgn, "MAX_PGN_CHARS", 10_000)
    monkeypatch.setattr(pgn, "MAX_PGN_GAMES", 2)
    with pytest.raises(PgnError, match="more than 2 games"):
        read_games("1. e4 *\n\n1. d4 *\n\n1. c4 *\n")
    assert len(read_games("1. e4 *\n\n1. d4 *\n")) == 2


def test_a_game_over_the_ply_bound_is_refused() -> None:
    # knights out and back: a legal game of any length
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"] * (MAX_PGN_PLIES // 4 + 1)
    numbered = " ".join(
        (f"{i // 2 + 1}. " if i % 2 == 0 else "") + san for i, san in enumerate(shuffle)
    )
    with pytest.raises(PgnError, match=f"more than {MAX_PGN_PLIES} half-moves"):
        read_games(numbered + " *")
    with pytest.raises(PgnError, match=f"more than {MAX_PGN_PLIES} half-moves"):
        PgnGame({}, tuple(shuffle), "*")


def test_a_game_made_in_code_is_checked_too() -> None:
    with pytest.raises(PgnError, match=r"^game \(A - \?\): move 1\. e5 is illegal$"):
        PgnGame({"White": "A"}, ("e5",), "*")
    with pytest.raises(PgnError, match="result '1-1' is not one of"):
        PgnGame({}, (), "1-1")
    with pytest.raises(PgnError, match="is no position"):
        PgnGame({}, (), "*", start_fen="nonsense")


def test_write_game_writes_the_roster_in_order_then_ids_ratings_titles_time_control() -> None:
    text = write_game(
        GamePlayer.of(Player(1, "Carlsen, Magnus", title="g", rating=2830, fide_id="1503014")),
        GamePlayer("Nepomniachtchi, Ian", "4168119", 2795, "GM"),
        event="Open",
        site="Utrecht NED",
        date=datetime.date(2026, 11, 28),
        round_label=round_label(3, 12),
        result="1-0",
        moves=["e4", "e5"],
        time_control=TimeControl.parse_fide("90 min/40 moves + 30 min + 30 s per move from move 1"),
        extra={"Annotator": "Arbiter"},
    )
    names = [line.split(" ", 1)[0][1:] for line in text.splitlines() if line.startswith("[")]
    assert names == [
        *("Event", "Site", "Date", "Round", "White", "Black", "Result"),
        *("WhiteFideId", "BlackFideId", "WhiteElo", "BlackElo", "WhiteTitle", "BlackTitle"),
        *("TimeControl", "Annotator"),
    ]
    assert '[Date "2026.11.28"]' in text and '[Round "3.12"]' in text
    assert '[TimeControl "40/5400+30:1800+30"]' in text
    assert text.endswith("\n\n1. e4 e5 1-0\n\n")


def test_write_game_leaves_out_what_a_player_does_not_have() -> None:
    text = write_game(
        GamePlayer("A"), GamePlayer("B"), event="", site="", date="", round_label="", result="*"
    )
    assert text.splitlines()[:7] == [
        '[Event "?"]',
        '[Site "?"]',
        '[Date "????.??.??"]',
        '[Round "?"]',
        '[White "A"]',
        '[Black "B"]',
        '[Result "*"]',
    ]
    assert "Elo" not in text and "FideId" not in text and "Title" not in text


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"moves": ["e4", "e4"]}, "move 1... e4 is illegal"),
        ({"result": "1:0"}, "result '1:0' is not one of"),
        ({"extra": {"Bad Tag": "x"}}, "'Bad Tag' is not a PGN tag name"),
        ({"extra": [("Note", "two\nlines")]}, "the Note tag 'two\\nlines' has a line break"),
    ],
)
def test_write_game_refuses_what_pgn_cannot_say(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {
        "event": "E",
        "site": "S",
        "date": None,
        "round_label": "1",
        "result": "*",
        **kwargs,
    }
    with pytest.raises(PgnError) as caught:
        write_game(GamePlayer("A"), GamePlayer("B"), **arguments)  # type: ignore[arg-type]
    assert message in str(caught.value)


@pytest.mark.parametrize("seed", range(20))
def test_written_games_read_back_the_same(seed: int) -> None:
    rng = random.Random(seed)
    start = None
    if seed % 4 == 3:
        board = chess.Board()
        for san in random_moves(rng, 11):
            board.push_san(san)
        start = board
    moves = random_moves(rng, rng.randrange(0, 120), start)
    result = rng.choice(pgn.RESULTS)
    text = write_game(
        GamePlayer(f"Player {seed}, Ánne-Marie", str(1000 + seed), 1500 + seed, "wf"),
        GamePlayer("O'Brien, Seán", "", None, ""),
        event="Round trip",
        site="?",
        date="2026.12.02",
        round_label=round_label(seed + 1, 3),
        result=result,
        moves=moves,
        time_control="5400+30",
        start_fen=None if start is None else start.fen(),
    )
    (game,) = read_games(text)
    assert game.moves == tuple(moves) and game.result == result
    assert game.white == f"Player {seed}, Ánne-Marie" and game.headers["WhiteTitle"] == "WFM"
    assert game.start_fen == (None if start is None else start.fen())
    assert game.headers["Round"] == f"{seed + 1}.3"
    assert game.pgn() == text


PGN_ALPHABET = st.sampled_from(
    [*'[]"{}();%$!?.*-+#=/\\ \n\t01234567890abcdefghKQRBNOxPZ@', "1-0", "1/2-1/2", "\ufeff"]
)


@FUZZ
@given(st.lists(PGN_ALPHABET, max_size=120).map("".join))
def test_arbitrary_text_raises_nothing_but_pgn_error(text: str) -> None:
    try:
        games = read_games(text, "fuzz.pgn")
    except PgnError:
        return
    for game in games:  # what is read is a legal game that writes and reads back
        assert read_games(game.pgn())[0].moves == game.moves


@FUZZ
@given(st.text(max_size=200))
def test_arbitrary_unicode_raises_nothing_but_pgn_error(text: str) -> None:
    with contextlib.suppress(PgnError):
        read_games(text)


@FUZZ
@given(
    name=st.text(max_size=30),
    tag=st.text(max_size=12),
    value=st.text(max_size=30),
    result=st.text(max_size=8),
)
def test_write_game_raises_nothing_but_a_chessarbiter_error(
    name: str, tag: str, value: str, result: str
) -> None:
    try:
        text = write_game(
            GamePlayer(name),
            GamePlayer("B"),
            event=value,
            site="S",
            date=None,
            round_label="1",
            result=result,
            extra={tag: value},
        )
    except ChessArbiterError:
        return
    assert read_games(text)[0].white == (name or "?")


def test_unicode_line_separators_in_a_tag_and_windows_line_ends_read_back() -> None:
    text = write_game(
        GamePlayer("a\u2028b\x85c"),
        GamePlayer("B"),
        event="E",
        site="S",
        date=None,
        round_label="1",
        result="*",
        moves=["e4"],
    )
    assert read_games(text)[0].white == "a\u2028b\x85c"
    assert read_games(text.replace("\n", "\r\n"))[0].moves == ("e4",)


def test_decode_pgn_reads_utf8_then_latin_1_and_bounds_the_bytes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert pgn.decode_pgn('\ufeff[White "Ståle"]'.encode()) == '[White "Ståle"]'
    assert pgn.decode_pgn(b'[White "M\xfcller"]') == '[White "Müller"]'
    monkeypatch.setattr(pgn, "MAX_PGN_CHARS", 4)
    with pytest.raises(PgnError, match=r"^u\.pgn: the PGN has 5 bytes, more than 4$"):
        pgn.decode_pgn(b"1. e4", "u.pgn")
