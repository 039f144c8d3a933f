"""PGN in and out: every game of a PGN text read and checked, a game written with the event's tags.

python-chess reads and writes the PGN (the PGN standard, "Portable Game Notation Specification
and Implementation Guide", 1994); this module adds what an arbiter needs on top of it.

**Reading** (:func:`read_games`). Every move of every game is checked. python-chess does not
raise on an illegal or unreadable move: it notes the error in ``game.errors`` and skips the rest
of the line. :func:`read_games` refuses such a game with :class:`~chessarbiter.errors.PgnError`,
whose message names the source, the game (1-based, with its White and Black tags) and the move in
the game's own numbering (``23.`` a move of White, ``23...`` one of Black)::

    round3.pgn: game 3 (Carlsen - Nepo): move 23... Nf3 is illegal

A problem of a game that is not one move (a ``Result`` tag the standard does not define, a
``FEN`` tag that is no position) names the game only; a problem of the whole text (over its
bound) the source only. Only chess is read: a ``Variant`` tag of another game, and a null move
(``--``, which no game over the board has) are refused. Bounds: a text over
:data:`~chessarbiter.limits.MAX_PGN_CHARS` characters or
:data:`~chessarbiter.limits.MAX_PGN_GAMES` games, a game over
:data:`~chessarbiter.limits.MAX_PGN_PLIES` half-moves (variations included).

A game read is a :class:`PgnGame`: its tags, its main line in SAN, its result and its starting
position when not the usual one; variations, comments and annotations are not kept.

**Writing** (:func:`write_game`). The Seven Tag Roster in the standard's order (Event, Site,
Date, Round, White, Black, Result; standard 8.1.1), then the players' ``WhiteFideId`` /
``BlackFideId``, ``WhiteElo`` / ``BlackElo`` and ``WhiteTitle`` / ``BlackTitle`` (standard 9.1,
the FIDE ID tags as broadcasts write them), the ``TimeControl`` (standard 9.6.1, written by
:meth:`chessarbiter.timecontrol.model.TimeControl.to_pgn`) and any further tags. The ``Round``
tag is the standard's round (8.1.1.4); a round of several boards is written ``round.board``
(:func:`round_label`), as broadcasts (FIDE's and lichess's) number their games. Tag values are
escaped as the standard says (8.1.1: a quote as ``\\"``, a backslash as ``\\\\``) and unescaped
when read.

>>> game = read_games('[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n\\n1. f3 e5 2. g4 Qh4# 0-1')[0]
>>> game.moves, game.result
(('f3', 'e5', 'g4', 'Qh4#'), '1-0')
>>> read_games('[White "A"]\\n[Black "B"]\\n\\n1. e4 e5 2. Ke3 *', source="r1.pgn")
Traceback (most recent call last):
...
chessarbiter.errors.PgnError: r1.pgn: game 1 (A - B): move 2. Ke3 is illegal
"""

from __future__ import annotations

import datetime
import io
import re
import types
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

import chess
import chess.pgn

from chessarbiter.errors import PgnError
from chessarbiter.limits import MAX_PGN_CHARS, MAX_PGN_GAMES, MAX_PGN_PLIES
from chessarbiter.model.player import Player, display_title
from chessarbiter.timecontrol.model import TimeControl

#: The game termination markers of the PGN standard (8.2.6), also the values of its Result tag.
RESULTS: Final = ("1-0", "0-1", "1/2-1/2", "*")
#: The Seven Tag Roster, in the order the standard writes it (8.1.1).
SEVEN_TAG_ROSTER: Final = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def move_label(fullmove_number: int, white_to_move: bool) -> str:
    """The number of a move as PGN writes it before the move: ``23.`` for White's 23rd move,
    ``23...`` for Black's.

    >>> move_label(23, True), move_label(23, False)
    ('23.', '23...')
    """
    return f"{fullmove_number}." if white_to_move else f"{fullmove_number}..."


def round_label(round_number: int, board: int | None = None) -> str:
    """The value of the ``Round`` tag: the round (PGN standard 8.1.1.4), followed by ``.board``
    for a game of a round of several boards, as broadcasts number their games.

    >>> round_label(3, 12), round_label(3)
    ('3.12', '3')
    """
    return str(round_number) if board is None else f"{round_number}.{board}"


@dataclass(frozen=True, slots=True)
class Ply:
    """One half-move of a game, for a viewer: its number from 1 (White's first move is 1 in a
    game from the usual start), its SAN, the position after it (FEN), its PGN move number
    (``23.`` or ``23...``) and the move in UCI (``e2e4``: from and to squares, for marking it on
    a board)."""

    number: int
    san: str
    fen: str
    move_label: str
    uci: str


@dataclass(frozen=True, slots=True)
class GamePlayer:
    """A side of a game as PGN tags name it: name, FIDE ID (digits, empty when unknown), rating
    (``None`` when unrated) and title (as a TRF stores it; written in full, ``GM``, ``WIM``)."""

    name: str
    fide_id: str = ""
    rating: int | None = None
    title: str = ""

    @classmethod
    def of(cls, player: Player) -> GamePlayer:
        """The side of a tournament's player: its name, FIDE ID, rating and title."""
        return cls(player.name, player.fide_id.strip(), player.rating, player.title)


def _unescape(value: str) -> str:
    """A tag value as read, with the standard's escapes ``\\"`` and ``\\\\`` undone."""
    if "\\" not in value:
        return value
    out: list[str] = []
    chars = iter(value)
    for char in chars:
        if char == "\\":
            following = next(chars, "")
            out.append(following if following in ('"', "\\") else char + following)
        else:
            out.append(char)
    return "".join(out)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


@dataclass(frozen=True, slots=True)
class PgnGame:
    """One game: its tags (as read, in order), its main line in SAN, its result (one of
    :data:`RESULTS`) and its starting position (``None`` for the usual one).

    The moves are checked when the game is made: a game is always legal.

    >>> game = PgnGame({"White": "A", "Black": "B"}, ("e4", "e5"), "*")
    >>> game.movetext()
    '1. e4 e5 *'
    >>> [ply.move_label + " " + ply.san for ply in game.plies()]
    ['1. e4', '1... e5']
    >>> PgnGame({}, ("e4", "e4"), "*")
    Traceback (most recent call last):
    ...
    chessarbiter.errors.PgnError: game (? - ?): move 1... e4 is illegal

    :raises PgnError: for an illegal or unreadable move, a result that is none of
        :data:`RESULTS`, a starting position that is not one, more than
        :data:`~chessarbiter.limits.MAX_PGN_PLIES` moves.
    """

    headers: Mapping[str, str]
    moves: tuple[str, ...]
    result: str
    start_fen: str | None = None
    _final_fen: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "headers", types.MappingProxyType(dict(self.headers)))
        object.__setattr__(self, "moves", tuple(self.moves))
        label = f"game ({self.white} - {self.black})"
        if self.result not in RESULTS:
            raise PgnError(f"{label}: result {self.result!r} is not one of {', '.join(RESULTS)}")
        if len(self.moves) > MAX_PGN_PLIES:
            raise PgnError(f"{label}: more than {MAX_PGN_PLIES} half-moves")
        board = self.board()
        for san in self.moves:
            problem = _play(board, san)
            if problem:
                raise PgnError(f"{label}: {problem}")
        object.__setattr__(self, "_final_fen", board.fen())

    @property
    def white(self) -> str:
        """The ``White`` tag (``?`` when missing)."""
        return self.headers.get("White", "?")

    @property
    def black(self) -> str:
        """The ``Black`` tag (``?`` when missing)."""
        return self.headers.get("Black", "?")

    @property
    def final_fen(self) -> str:
        """The position after the last move (FEN)."""
        return self._final_fen

    def board(self) -> chess.Board:
        """The starting position (a new board each call).

        :raises PgnError: for a ``start_fen`` that is no position.
        """
        if self.start_fen is None:
            return chess.Board()
        variant = self.headers.get("Variant", "").lower().replace(" ", "")
        try:
            return chess.Board(self.start_fen, chess960=variant in _CHESS960)
        except ValueError as error:
            raise PgnError(
                f"game ({self.white} - {self.black}): FEN {self.start_fen!r} is no position"
                f" ({error})"
            ) from None

    def plies(self) -> list[Ply]:
        """Every half-move of the main line with the position after it, for a viewer.

        >>> PgnGame({}, ("e4",), "*").plies()[0].fen
        'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
        """
        board = self.board()
        plies: list[Ply] = []
        for number, san in enumerate(self.moves, start=1):
            label = move_label(board.fullmove_number, board.turn == chess.WHITE)
            move = board.push_san(san)
            plies.append(Ply(number, san, board.fen(), label, move.uci()))
        return plies

    def _game(self) -> chess.pgn.Game:
        game = chess.pgn.Game()
        if self.start_fen is not None:
            game.setup(self.board())
        node: chess.pgn.GameNode = game
        board = self.board()
        for san in self.moves:
            move = board.parse_san(san)
            board.push(move)
            node = node.add_variation(move)
        game.headers["Result"] = self.result
        return game

    def movetext(self) -> str:
        """The moves with their numbers and the result, as PGN writes them (one line).

        >>> PgnGame({}, ("d4",), "1-0").movetext()
        '1. d4 1-0'
        """
        exporter = chess.pgn.StringExporter(
            headers=False, variations=False, comments=False, columns=None
        )
        return self._game().accept(exporter)

    def pgn(self) -> str:
        """The whole game in PGN: the Seven Tag Roster in the standard's order (``?`` for a
        missing tag, ``Result`` this game's result), the other tags in their order, a blank line,
        the movetext wrapped at 79 columns, a blank line.

        :raises PgnError: for a tag name the standard does not allow or a value with a line break.
        """
        tags = dict(self.headers)
        tags["Result"] = self.result
        if self.start_fen is not None:
            tags.setdefault("SetUp", "1")
            tags["FEN"] = self.start_fen
        lines = [
            _tag_line(name, tags.get(name, "????.??.??" if name == "Date" else "?"))
            for name in SEVEN_TAG_ROSTER
        ]
        lines += [_tag_line(n, v) for n, v in tags.items() if n not in SEVEN_TAG_ROSTER]
        exporter = chess.pgn.StringExporter(headers=False, variations=False, comments=False)
        return "\n".join(lines) + "\n\n" + self._game().accept(exporter) + "\n\n"


_CHESS960: Final = frozenset({"chess960", "fischerandom", "fischerrandom", "960"})


def _tag_line(name: str, value: str) -> str:
    if not chess.pgn.TAG_NAME_REGEX.match(name):
        raise PgnError(f"{name!r} is not a PGN tag name (letters, digits and _+#=:-)")
    if any(ord(char) < 32 or char == "\x7f" for char in value):
        raise PgnError(f"the {name} tag {value!r} has a line break or a control character")
    return f'[{name} "{_escape(value)}"]'


def _play(board: chess.Board, san: str) -> str:
    """Play ``san`` on ``board``; what is wrong with it (empty when it was played)."""
    label = move_label(board.fullmove_number, board.turn == chess.WHITE)
    try:
        move = board.parse_san(san)
    except chess.IllegalMoveError:
        return f"move {label} {san} is illegal"
    except chess.AmbiguousMoveError:
        return f"move {label} {san} is ambiguous"
    except ValueError:
        return f"move {label} {san} is not a move"
    if not move:
        return f"move {label} {san} is a null move, which no game has"
    board.push(move)
    return ""


class _MoveProblem(ValueError):
    """A bad move noted by :class:`_Checked` (its message is the problem with the move)."""


class _Checked(chess.pgn.GameBuilder[chess.pgn.Game]):
    """python-chess's game builder, noting the first bad move (with its number) and counting
    the half-moves, instead of logging errors."""

    problem: str
    plies: int

    def begin_game(self) -> None:
        super().begin_game()
        self.problem = ""
        self.plies = 0

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        self.plies += 1
        if self.plies > MAX_PGN_PLIES:
            self.problem = self.problem or f"more than {MAX_PGN_PLIES} half-moves"
            raise _MoveProblem(self.problem)
        probe = board.copy(stack=False)
        problem = _play(probe, san)
        if problem:
            self.problem = self.problem or problem
            raise _MoveProblem(problem)
        return probe.peek()

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)

    # After an error the game is refused: the rest is not built. (python-chess skips the rest
    # of the line after a bad move, but a ``)`` there still closes a variation, the main line
    # itself when the bad move was in it, and the next NAG, comment or move then fails.)

    def visit_nag(self, nag: int) -> None:
        if not self.game.errors:
            super().visit_nag(nag)

    def visit_comment(self, comment: str) -> None:
        if not self.game.errors:
            super().visit_comment(comment)

    def begin_variation(self) -> None:
        if not self.game.errors:
            super().begin_variation()

    def end_variation(self) -> None:
        if not self.game.errors:
            super().end_variation()

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        if not self.game.errors:
            super().visit_move(board, move)


def decode_pgn(data: bytes, source: str = "<pgn>") -> str:
    """The text of a PGN file's bytes: UTF-8 (with or without a byte-order mark) as most
    programs now write, else ISO 8859-1, the PGN standard's own character set (4.1), which older
    files use (every byte is a character of it).

    >>> decode_pgn('[White "Müller"]'.encode("latin-1"))
    '[White "Müller"]'

    :raises PgnError: for more than :data:`~chessarbiter.limits.MAX_PGN_CHARS` bytes.
    """
    if len(data) > MAX_PGN_CHARS:
        raise PgnError(
            f"{source}: the PGN has {len(data)} bytes, more than {MAX_PGN_CHARS}", source=source
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_games(text: str, source: str = "<pgn>") -> list[PgnGame]:
    """Every game of the PGN ``text``, in order (an empty list for a text without a game).

    ``source`` names the text in messages (a file name). See the module docstring for the checks.

    >>> len(read_games("1. e4 e5 1/2-1/2\\n\\n1. d4 *"))
    2

    :raises PgnError: naming ``source``, the game and the move, for the first game with an
        illegal, ambiguous or unreadable move, an unknown result, a bad starting position or a
        variant other than chess; for a text or a game over its bound.
    """
    if len(text) > MAX_PGN_CHARS:
        raise PgnError(
            f"{source}: the PGN has {len(text)} characters, more than {MAX_PGN_CHARS}",
            source=source,
        )
    handle = io.StringIO(text)
    games: list[PgnGame] = []
    while True:
        start = handle.tell()
        game = chess.pgn.read_game(handle, Visitor=_Checked)
        if game is None:
            return games
        number = len(games) + 1
        if number > MAX_PGN_GAMES:
            raise PgnError(f"{source}: more than {MAX_PGN_GAMES} games", source=source)
        games.append(_checked_game(game, text[start : handle.tell()], source, number))


#: What python-chess reads in movetext besides its tokens: move numbers (``23.``, ``23...``),
#: check and mate signs, ``e.p.``.
_MOVE_NUMBERS_AND_SIGNS: Final = re.compile(r"\d+\s*\.+|\.+|[+#]+|e\.p\.")
#: A comment: in braces (to the closing brace, or the end of the text), or after ``;`` to the
#: end of the line (PGN standard 5).
_COMMENT: Final = re.compile(r"\{[^}]*(?:\}|\Z)|;[^\n]*")


def _unread_text(chunk: str) -> str:
    """The first text of one game's PGN that python-chess skipped without a word (it "skips
    over tokens it can not parse"): a malformed tag line, or a word of the movetext that is
    neither a move, a move number, a comment, an annotation, a variation's parenthesis nor a
    result. What is wrong with it, or empty when everything was read."""
    lines = chunk.lstrip("\ufeff").split("\n")
    first_move_line = len(lines)
    for index, line in enumerate(lines):
        if not line.strip() or line.startswith(("%", ";")):
            continue
        if not line.startswith("["):
            first_move_line = index
            break
        if not chess.pgn.TAG_REGEX.match(line):
            return f'{line.strip()[:60]!r} is not a tag ([Name "value"])'
    movetext = "\n".join(line for line in lines[first_move_line:] if not line.startswith("%"))
    movetext = _COMMENT.sub(" ", movetext)
    movetext = chess.pgn.MOVETEXT_REGEX.sub(" ", movetext)
    words = _MOVE_NUMBERS_AND_SIGNS.sub(" ", movetext).split()
    if not words:
        return ""
    if words[0].startswith("["):
        return f"{words[0][:60]!r} is not a move (a tag? a blank line must end the moves)"
    return f"{words[0][:60]!r} is not a move"


def _checked_game(game: chess.pgn.Game, chunk: str, source: str, number: int) -> PgnGame:
    headers = {name: _unescape(value) for name, value in game.headers.items()}
    white, black = headers.get("White", "?"), headers.get("Black", "?")
    where = f"{source}: game {number} ({white} - {black})"

    def error(problem: str) -> PgnError:
        return PgnError(f"{where}: {problem}", source=source, game=number)

    unread = _unread_text(chunk)
    if unread:
        raise error(unread)
    if game.errors:
        first = game.errors[0]
        if isinstance(first, _MoveProblem):
            raise error(str(first))
        raise error(f"the FEN or Variant tag is not a chess position ({first})")
    board = game.board()
    if board.uci_variant != "chess":
        raise error(f"the Variant tag {headers.get('Variant', '')!r} is not chess")
    result = headers.get("Result", "*")
    if result not in RESULTS:
        raise error(f"the Result tag {result!r} is not one of {', '.join(RESULTS)}")
    start_fen = headers.get("FEN") if "FEN" in headers else None
    sans: list[str] = []
    for move in game.mainline_moves():
        sans.append(board.san(move))
        board.push(move)
    moves = tuple(sans)
    try:
        return PgnGame(headers, moves, result, start_fen)
    except PgnError as problem:
        message = str(problem).partition(": ")[2]
        raise error(message) from None


def write_game(
    white: GamePlayer,
    black: GamePlayer,
    *,
    event: str,
    site: str,
    date: str | datetime.date | None,
    round_label: str,
    result: str,
    moves: Sequence[str] = (),
    time_control: TimeControl | str | None = None,
    extra: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    start_fen: str | None = None,
) -> str:
    """One game in PGN with the event's tags (see the module docstring for their order).

    ``date`` is a date, a PGN date text (``2026.12.02``, ``????.??.??``) or ``None`` (unknown);
    ``round_label`` the Round tag (:func:`round_label`: ``3.12``); ``result`` one of
    :data:`RESULTS` (``*`` for a game not finished, or a pairing without its game yet: a skeleton
    for the boards' set-up); ``moves`` the SAN of the main line; ``time_control`` a
    :class:`~chessarbiter.timecontrol.model.TimeControl` or a PGN ``TimeControl`` value; ``extra``
    more tags, written last in their order. FIDE IDs, ratings and titles are written for the
    players who have them. An empty event or site is written ``?``.

    >>> print(write_game(GamePlayer("Ding, Liren", "8603677", 2780, "g"),
    ...                  GamePlayer("Nepomniachtchi, Ian", "4168119", 2795, "GM"),
    ...                  event="World Championship", site="Astana KAZ", date="2023.04.09",
    ...                  round_label="1", result="1/2-1/2", time_control="40/7200+30:1800+30",
    ...                  moves=["d4"]), end="")
    [Event "World Championship"]
    [Site "Astana KAZ"]
    [Date "2023.04.09"]
    [Round "1"]
    [White "Ding, Liren"]
    [Black "Nepomniachtchi, Ian"]
    [Result "1/2-1/2"]
    [WhiteFideId "8603677"]
    [BlackFideId "4168119"]
    [WhiteElo "2780"]
    [BlackElo "2795"]
    [WhiteTitle "GM"]
    [BlackTitle "GM"]
    [TimeControl "40/7200+30:1800+30"]
    <BLANKLINE>
    1. d4 1/2-1/2

    :raises PgnError: for an illegal move, an unknown result, a tag name the standard does not
        allow or a tag value with a line break.
    """
    if isinstance(date, datetime.date):
        date_text = date.strftime("%Y.%m.%d")
    else:
        date_text = date or "????.??.??"
    tags: dict[str, str] = {
        "Event": event or "?",
        "Site": site or "?",
        "Date": date_text,
        "Round": round_label or "?",
        "White": white.name or "?",
        "Black": black.name or "?",
        "Result": result,
    }
    for key, value in (
        ("WhiteFideId", white.fide_id),
        ("BlackFideId", black.fide_id),
        ("WhiteElo", "" if white.rating is None else str(white.rating)),
        ("BlackElo", "" if black.rating is None else str(black.rating)),
        ("WhiteTitle", display_title(white.title)),
        ("BlackTitle", display_title(black.title)),
    ):
        if value:
            tags[key] = value
    if time_control is not None:
        tags["TimeControl"] = (
            time_control.to_pgn() if isinstance(time_control, TimeControl) else time_control
        )
    if extra is not None:
        tags.update(dict(extra.items() if isinstance(extra, Mapping) else extra))
    return PgnGame(tags, tuple(moves), result, start_fen).pgn()
