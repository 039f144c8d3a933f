"""The telegraph move code Team Competitions 1972 calls "Udemann's", and the correspondence sending
days.

Team Competitions 1972 (section «Необычные шахматы», telegraph competitions between collectives):
"для передачи ходов используется код Удемана (международный) ... каждая клетка доски обозначается
двумя буквами — согласной и гласной. Ход включает обозначения поля, с которого фигура идет, и
поля, на которое она ставится, и требует лишь одного слова из четырех букв."

The code that fits this description — consonant + vowel per square — is **Gringmuth's
notation**, which the Soviet reference books print under Uedemann's name (see
``shared/spec/telegraph-code.md``, "naming trap"). It is the default, :attr:`Code.GRINGMUTH`,
labelled "Gringmuth / 'Udemann' (Soviet naming)". Uedemann's own 1882 code (vowel/consonant
order depending on the wing) is offered as :attr:`Code.UEDEMANN`; its table is derived from the
rule summarised in the spec and was not checked against a primary source.

Conventions (spec, after the book): castling is written as the king's move (``gaka`` = O-O for
White); a promotion appends the piece letter of E. D. Nores's extension (``q r b k``, ``k`` being
the knight), so a promotion word has five letters. In a telegram (:func:`decode_telegram`) moves
may be run together (two per eight-letter word) and followed by the marks of Nores and of Hesse
(``t`` capture, ``c`` check, ``p`` en passant, ``l`` castles, ``m`` mate, ``s`` stalemate); a mark
is accepted only when true of the move, and legality decides between a mark and a file letter.

>>> encode_game(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"])
['gego', 'seso', 'kahi', 'napi', 'hano', 'memi']
>>> decode_game(["gego", "seso", "kahi"])
['e4', 'e5', 'Nf3']
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

import chess

from chessarbiter import limits
from chessarbiter.special import UnusualChessError


class TelegraphError(UnusualChessError):
    """A word or a telegram that is not in the code, or a move list that cannot be encoded."""


class IllegalTelegraphMoveError(TelegraphError):
    """A word that names no legal move in its position.

    ``index`` is the word's 1-based place in the list, ``move_number`` and ``colour`` the move
    it should have been.
    """

    def __init__(self, index: int, move_number: int, colour: chess.Color, word: str, why: str):
        self.index = index
        self.move_number = move_number
        self.colour = colour
        self.word = word
        side = "white" if colour == chess.WHITE else "black"
        super().__init__(f"move {move_number} ({side}), word {index} {word!r}: {why}")


class Code(Enum):
    """The two codes that circulate under Uedemann's name (spec ``telegraph-code.md``)."""

    GRINGMUTH = "gringmuth"
    UEDEMANN = "uedemann"

    @property
    def label(self) -> str:
        """The name to show an organiser.

        >>> Code.GRINGMUTH.label
        "Gringmuth / 'Udemann' (Soviet naming)"
        """
        if self is Code.GRINGMUTH:
            return "Gringmuth / 'Udemann' (Soviet naming)"
        return "Uedemann's original (1882)"


_WHITE_HALF_FILES: Final = "bcdfghkl"
_BLACK_HALF_FILES: Final = "mnprstwz"
_RANK_VOWELS: Final = "aeio"


def _gringmuth_name(square: chess.Square) -> str:
    """Team Competitions 1972: "каждая клетка доски обозначается двумя буквами — согласной и
    гласной"; the spec's table: file consonant BCDFGHKL on ranks 1–4, MNPRSTWZ on ranks 5–8; the
    vowel A E I O counts the rank from each player's own edge."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    if rank < 4:
        return _WHITE_HALF_FILES[file] + _RANK_VOWELS[rank]
    return _BLACK_HALF_FILES[file] + _RANK_VOWELS[7 - rank]


_UEDEMANN_FILE_VOWELS: Final = "aeiooiea"
_UEDEMANN_RANK_CONSONANTS: Final = "bdfghklp"


def _uedemann_name(square: chess.Square) -> str:
    """Uedemann's own code (spec, after Hooper & Whyld): files A E I O O I E A, ranks
    B D F G H K L P; vowel first on the queen's wing (a–d), consonant first on the king's."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    vowel, consonant = _UEDEMANN_FILE_VOWELS[file], _UEDEMANN_RANK_CONSONANTS[rank]
    return vowel + consonant if file < 4 else consonant + vowel


_NAMES: Final[dict[Code, tuple[str, ...]]] = {
    Code.GRINGMUTH: tuple(_gringmuth_name(sq) for sq in chess.SQUARES),
    Code.UEDEMANN: tuple(_uedemann_name(sq) for sq in chess.SQUARES),
}
_SQUARES: Final[dict[Code, dict[str, chess.Square]]] = {
    code: {name: sq for sq, name in enumerate(names)} for code, names in _NAMES.items()
}

PROMOTION_LETTERS: Final[dict[chess.PieceType, str]] = {
    chess.QUEEN: "q",
    chess.ROOK: "r",
    chess.BISHOP: "b",
    chess.KNIGHT: "k",
}
"""Nores's promotion letters (spec): ``k`` is the knight."""
_PROMOTION_PIECES: Final = {letter: piece for piece, letter in PROMOTION_LETTERS.items()}

MARKS: Final = "tcplms"
"""Marks after a move in a telegram (spec: Nores's ``c p l m s``, Hesse's ``t`` capture)."""
MAX_TELEGRAM_LETTERS: Final = 2 * limits.MAX_MOVE_NUMBER * (5 + len(MARKS))
"""The longest telegram :func:`decode_telegram` reads: both sides' moves up to
:data:`~chessarbiter.limits.MAX_MOVE_NUMBER`, each of at most five letters and every mark."""


def square_name(square: chess.Square, code: Code = Code.GRINGMUTH) -> str:
    """The two letters of ``square`` in ``code`` (Team Competitions 1972: a consonant and a vowel).

    >>> square_name(chess.E4), square_name(chess.H8), square_name(chess.A1, Code.UEDEMANN)
    ('go', 'za', 'ab')
    """
    return _NAMES[code][square]


def parse_square(letters: str, code: Code = Code.GRINGMUTH) -> chess.Square:
    """The square two letters name; :class:`TelegraphError` if they name none.

    >>> chess.square_name(parse_square("se"))
    'e7'
    """
    try:
        return _SQUARES[code][letters.lower()]
    except KeyError:
        raise TelegraphError(f"{letters!r} names no square in the {code.label} code") from None


def encode_move(
    board: chess.Board,
    move: chess.Move,
    code: Code = Code.GRINGMUTH,
    *,
    mark_captures: bool = False,
) -> str:
    """One legal move as one word (Team Competitions 1972: "требует лишь одного слова из четырех
    букв"): from-square + to-square, castling as the king's move, a promotion with Nores's piece
    letter and, with ``mark_captures``, Hesse's ``t`` after a capture.

    >>> board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    >>> encode_move(board, board.parse_san("O-O-O"))
    'gada'
    >>> encode_move(chess.Board("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"), chess.Move.from_uci("e7e8n"))
    'sesak'
    """
    if board.chess960:
        raise TelegraphError("the telegraph code is defined for standard chess only")
    if move not in board.legal_moves:
        raise TelegraphError(f"{move.uci()} is not a legal move in {board.fen()}")
    word = square_name(move.from_square, code) + square_name(move.to_square, code)
    if move.promotion is not None:
        word += PROMOTION_LETTERS[move.promotion]
    if mark_captures and board.is_capture(move):
        word += "t"
    return word


def _move_from_word(board: chess.Board, word: str, code: Code) -> chess.Move:
    """The legal move ``word`` names (4 letters, or 5 with a promotion letter)."""
    if len(word) not in (4, 5):
        raise TelegraphError(f"{word!r}: a move is a four-letter word (five for a promotion)")
    move = chess.Move(parse_square(word[:2], code), parse_square(word[2:4], code))
    piece = board.piece_at(move.from_square)
    reaches_last_rank = chess.square_rank(move.to_square) in (0, 7)
    if piece is not None and piece.piece_type == chess.PAWN and reaches_last_rank:
        if len(word) == 4:
            raise TelegraphError(f"{word!r}: a promotion needs the piece letter (q, r, b or k)")
        if word[4] not in _PROMOTION_PIECES:
            raise TelegraphError(f"{word!r}: {word[4]!r} is no promotion letter (q, r, b or k)")
        move.promotion = _PROMOTION_PIECES[word[4]]
    elif len(word) == 5:
        raise TelegraphError(f"{word!r}: a fifth letter is only written for a promotion")
    if move not in board.legal_moves:
        raise TelegraphError(
            f"{chess.square_name(move.from_square)}-{chess.square_name(move.to_square)} "
            "is not a legal move"
        )
    return move


def decode_move(board: chess.Board, word: str, code: Code = Code.GRINGMUTH) -> chess.Move:
    """The legal move one word names; :class:`TelegraphError` if it names none.

    >>> chess.Board().san(decode_move(chess.Board(), "kahi"))
    'Nf3'
    """
    return _move_from_word(board, word.strip().lower(), code)


def _board(fen: str | None) -> chess.Board:
    if fen is None:
        return chess.Board()
    try:
        board = chess.Board(fen)
    except ValueError as e:
        raise TelegraphError(f"bad FEN {fen!r}: {e}") from None
    if not board.is_valid():
        raise TelegraphError(f"FEN {fen!r} is not a legal position: {board.status()!r}")
    return board


def encode_game(
    san_moves: Iterable[str],
    fen: str | None = None,
    code: Code = Code.GRINGMUTH,
    *,
    mark_captures: bool = False,
) -> list[str]:
    """Team Competitions 1972 telegraph code for a game given in SAN from ``fen`` (default: the
    initial position), one word a move; an illegal or ambiguous SAN move raises
    :class:`IllegalTelegraphMoveError` naming its number.

    >>> encode_game(["e4", "e5", "Nf3", "Qf6", "Bc4", "Qg6", "O-O", "Qxe4"], mark_captures=True)
    ['gego', 'seso', 'kahi', 'rati', 'hado', 'tiwi', 'gaka', 'wigot']
    """
    board = _board(fen)
    words: list[str] = []
    for index, san in enumerate(san_moves, start=1):
        try:
            move = board.parse_san(san)
        except ValueError as e:
            raise IllegalTelegraphMoveError(
                index, board.fullmove_number, board.turn, san, str(e)
            ) from None
        words.append(encode_move(board, move, code, mark_captures=mark_captures))
        board.push(move)
    return words


def decode_game(
    words: Iterable[str], fen: str | None = None, code: Code = Code.GRINGMUTH
) -> list[str]:
    """Team Competitions 1972 telegraph words (one move each) → SAN moves, checking every move's
    legality from ``fen`` (default: the initial position). A word that is not in the code or names
    no legal move raises :class:`IllegalTelegraphMoveError` with the move's number and the word.

    >>> decode_game(["gego", "seso", "kahi", "napi", "hano", "memi"])
    ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']
    """
    board = _board(fen)
    sans: list[str] = []
    for index, word in enumerate(words, start=1):
        try:
            move = decode_move(board, word, code)
        except TelegraphError as e:
            raise IllegalTelegraphMoveError(
                index, board.fullmove_number, board.turn, word, str(e)
            ) from None
        sans.append(board.san(move))
        board.push(move)
    return sans


def _mark_holds(board: chess.Board, move: chess.Move, mark: str) -> bool:
    """Whether a telegram mark (Hesse ``t``; Nores ``c p l m s``) is true of ``move``."""
    if mark == "t":
        return board.is_capture(move)
    if mark == "p":
        return board.is_en_passant(move)
    if mark == "l":
        return board.is_castling(move)
    board.push(move)
    try:
        if mark == "c":
            return board.is_check()
        if mark == "m":
            return board.is_checkmate()
        return board.is_stalemate()
    finally:
        board.pop()


def _readings(board: chess.Board, text: str, pos: int, code: Code) -> list[tuple[chess.Move, int]]:
    """Every (legal move, position after it and its marks) that can start at ``text[pos]``."""
    try:
        move = _move_from_word(board, text[pos : pos + 4], code)
        length = 4
    except TelegraphError:
        try:
            move = _move_from_word(board, text[pos : pos + 5], code)
            length = 5
        except TelegraphError:
            return []
    ends = [pos + length]
    end = pos + length
    used: set[str] = set()
    while end < len(text) and text[end] in MARKS and text[end] not in used:
        if not _mark_holds(board, move, text[end]):
            break
        used.add(text[end])
        end += 1
        ends.append(end)
    # the longest reading of the marks first; a shorter one leaves a letter for the next move
    return [(move, e) for e in reversed(ends)]


def decode_telegram(text: str, fen: str | None = None, code: Code = Code.GRINGMUTH) -> list[str]:
    """A telegram of run-together moves (two a word, or one a word for two games of a match)
    → SAN moves, accepting Hesse's ``t`` and Nores's marks after a move when they are true of it
    (spec ``telegraph-code.md``; Team Competitions 1972 only says "одного слова из четырех букв" a
    move). ``t`` is also a file letter: move legality decides, backtracking if needed. A telegram
    has at most :data:`MAX_TELEGRAM_LETTERS` letters.

    >>> decode_telegram("gegoseso kahirati hadotiwi gakawigot")
    ['e4', 'e5', 'Nf3', 'Qf6', 'Bc4', 'Qg6', 'O-O', 'Qxe4']
    """
    letters = "".join(text.lower().split())
    if letters and not (letters.isalpha() and letters.isascii()):
        raise TelegraphError(f"a telegram is Latin letters and spaces only: {text[:40]!r}")
    if len(letters) > MAX_TELEGRAM_LETTERS:
        raise TelegraphError(
            f"a telegram of {len(letters)} letters: at most {MAX_TELEGRAM_LETTERS} "
            f"({limits.MAX_MOVE_NUMBER} moves)"
        )
    board = _board(fen)
    path: list[chess.Move] = []
    farthest = (0, board.fullmove_number, board.turn)
    # depth-first over the readings, with a stack of their iterators rather than recursion (a
    # long game would exceed Python's recursion limit): frames[k] reads on after path[:k]
    frames = [iter(_readings(board, letters, 0, code))] if letters else []
    complete = not letters
    while frames and not complete:
        reading = next(frames[-1], None)
        if reading is None:
            frames.pop()
            if path:
                path.pop()
                board.pop()
            continue
        move, end = reading
        board.push(move)
        path.append(move)
        complete = end == len(letters)
        if not complete:
            if end > farthest[0]:
                farthest = (end, board.fullmove_number, board.turn)
            frames.append(iter(_readings(board, letters, end, code)))
    if not complete:
        pos, number, colour = farthest
        side = "white" if colour == chess.WHITE else "black"
        raise TelegraphError(
            f"no legal reading of the telegram at move {number} ({side}): "
            f"{letters[pos : pos + 8]!r}"
        )
    replay = _board(fen)
    sans: list[str] = []
    for move in path:
        sans.append(replay.san(move))
        replay.push(move)
    return sans


def telegram_words(words: Sequence[str], per_word: int = 2) -> list[str]:
    """Run ``per_word`` moves together in one telegram word (spec: "two moves fit in one
    eight-letter telegram word").

    >>> telegram_words(["gego", "seso", "kahi"])
    ['gegoseso', 'kahi']
    """
    if per_word < 1:
        raise TelegraphError("at least one move a telegram word")
    return ["".join(words[i : i + per_word]) for i in range(0, len(words), per_word)]


def correspondence_messages(words: Sequence[str]) -> list[str]:
    """The Soviet correspondence convention (spec, the Russian article's Ruy Lopez example):
    each message repeats the opponent's last move before one's own; the first message is White's
    first move alone.

    >>> correspondence_messages(["gego", "seso", "kahi", "napi"])
    ['gego', 'gego seso', 'seso kahi', 'kahi napi']
    """
    return [word if i == 0 else f"{words[i - 1]} {word}" for i, word in enumerate(words)]


WHITE_DAYS: Final = (0, 2, 4)
"""Team Competitions 1972: "по понедельникам, средам и пятницам до полуночи ходы посылают играющие
белыми"."""
BLACK_DAYS: Final = (1, 3, 5)
"""Team Competitions 1972: "... а по вторникам, четвергам и субботам — черными" (Sunday: no
sending)."""


@dataclass(frozen=True, slots=True)
class SendingDays:
    """The days (before midnight) White's and Black's ``move`` are sent."""

    move: int
    white: dt.date
    black: dt.date


def _day_after(day: dt.date) -> dt.date:
    """The day after ``day``; a :class:`TelegraphError` after 9999-12-31."""
    if day == dt.date.max:
        raise TelegraphError(
            f"the sending days run past {dt.date.max.isoformat()}, the last day a date can have"
        )
    return day + dt.timedelta(days=1)


def _next_day(day: dt.date, weekdays: tuple[int, ...]) -> dt.date:
    while day.weekday() not in weekdays:
        day = _day_after(day)
    return day


def sending_days(start: dt.date, moves: Iterable[int], *, first_move: int = 1) -> list[SendingDays]:
    """The sending dates of ``moves`` in a telegraph game between collectives, Team Competitions
    1972: "по понедельникам, средам и пятницам до полуночи ходы посылают играющие белыми, а по
    вторникам, четвергам и субботам — черными".

    White sends ``first_move`` on the first Monday, Wednesday or Friday on or after ``start``;
    then each side sends on its next day after the other's, so a week holds three moves:
    White Mon, Black Tue, White Wed, Black Thu, White Fri, Black Sat.

    >>> [(d.move, str(d.white), str(d.black)) for d in sending_days(dt.date(2026, 12, 1), [1, 4])]
    [(1, '2026-12-02', '2026-12-03'), (4, '2026-12-09', '2026-12-10')]

    Move numbers run from 1 to :data:`~chessarbiter.limits.MAX_MOVE_NUMBER`; a sending day
    past 9999-12-31 raises :class:`TelegraphError`.
    """
    if not 1 <= first_move <= limits.MAX_MOVE_NUMBER:
        raise TelegraphError(
            f"move numbers run from 1 to {limits.MAX_MOVE_NUMBER}, not {first_move}"
        )
    wanted = sorted(set(moves))
    if not wanted:
        return []
    if wanted[0] < first_move:
        raise TelegraphError(f"move {wanted[0]} is before the first move {first_move}")
    if wanted[-1] > limits.MAX_MOVE_NUMBER:
        raise TelegraphError(
            f"move numbers run from 1 to {limits.MAX_MOVE_NUMBER}, not {wanted[-1]}"
        )
    chosen = set(wanted)
    out: list[SendingDays] = []
    white = _next_day(start, WHITE_DAYS)
    for move in range(first_move, wanted[-1] + 1):
        black = _next_day(_day_after(white), BLACK_DAYS)
        if move in chosen:
            out.append(SendingDays(move, white, black))
        if move < wanted[-1]:
            white = _next_day(_day_after(black), WHITE_DAYS)
    return out


def parse_move_numbers(text: str) -> list[int]:
    """``1-10``, ``5`` or ``1-3,7,9-10`` → the move numbers (ASCII digits, 1 to
    :data:`~chessarbiter.limits.MAX_MOVE_NUMBER`).

    >>> parse_move_numbers("1-3,7")
    [1, 2, 3, 7]
    """
    numbers: set[int] = set()
    for part in text.split(","):
        lo, sep, hi = (p.strip() for p in part.strip().partition("-"))
        if not all(n.isascii() and n.isdigit() for n in ((lo, hi) if sep else (lo,))):
            raise TelegraphError(f"bad move numbers {text[:40]!r} (write e.g. 1-10 or 1,3,5)")
        first = _move_number(lo)
        last = _move_number(hi) if sep else first
        if first < 1 or last < first:
            raise TelegraphError(f"bad move range {part.strip()!r}")
        numbers.update(range(first, last + 1))
    return sorted(numbers)


def _move_number(text: str) -> int:
    if len(text) > len(str(limits.MAX_MOVE_NUMBER)) or int(text) > limits.MAX_MOVE_NUMBER:
        raise TelegraphError(f"move numbers run from 1 to {limits.MAX_MOVE_NUMBER}, not {text}")
    return int(text)
