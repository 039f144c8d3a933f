"""Matching a round's games (a PGN from DGT LiveChess, lichess, ChessBase...) to its boards.

A PGN names the players of a game by its ``White`` and ``Black`` tags, and broadcasts also by
``WhiteFideId`` and ``BlackFideId``; its ``Round`` tag may carry the board (``3.12``, see
:func:`chessarbiter.games.pgn.round_label`). :func:`match_games` finds each game's board and says
how sure it is:

* **exact**: both players are the board's, in the board's colours: the same FIDE ID, or (when
  either side has none) the same name once written alike (:func:`name_key`: case, accents and
  punctuation ignored, "Surname, Firstname" and "Firstname Surname" the same, an initial standing
  for a first name); and nothing else speaks against it.
* **doubtful**, with the reason, for the arbiter's review: only one side's player is the
  board's; a name is only alike (``difflib``'s ratio at least :data:`FUZZY_RATIO`, as
  "Nepomniachtchi" and "Nepomniachtchy"); the colours are reversed; the ``Round`` tag names
  another board or another round; only the ``Round`` tag's board is known (the names do not
  match); the game fits another board as well; or the board is matched by another game already.
  Never two games on one board silently: of two games matched to one board, the better match
  (then the earlier game) keeps it and the other is doubtful with the reason.
* **none**: no board fits.

Two FIDE IDs that differ are never the same player, whatever the names say. The result is
pure and deterministic: the same games and boards give the same matches, in game order.

>>> from chessarbiter.games.pgn import GamePlayer, PgnGame
>>> boards = [BoardSlot(1, GamePlayer("Carlsen, Magnus", "1503014"), GamePlayer("Caruana, Fabiano")),
...           BoardSlot(2, GamePlayer("Ding, Liren"), GamePlayer("Gukesh D"))]
>>> games = [PgnGame({"White": "Fabiano Caruana", "Black": "Magnus Carlsen"}, (), "0-1"),
...          PgnGame({"White": "Ding Liren", "Black": "Gukesh, D."}, (), "1/2-1/2")]
>>> for m in match_games(games, boards).games:
...     print(m.game_index, m.board, m.certainty, m.reason)
0 1 doubtful colours reversed: the game's White is the board's Black; both players by name
1 2 exact both players by name
"""  # noqa: E501

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from chessarbiter.games.pgn import GamePlayer, PgnGame
from chessarbiter.model.points import Points
from chessarbiter.model.results import Outcome, PlayerId, Result
from chessarbiter.model.tournament import Tournament
from chessarbiter.output import round_games
from chessarbiter.pairing.swiss.lexicographic import publication_order

Certainty: TypeAlias = Literal["exact", "doubtful", "none"]
"""How sure a match is: ``exact``, ``doubtful`` (to be reviewed) or ``none`` (no board)."""

#: The least ``difflib.SequenceMatcher`` ratio of two written-alike names for a doubtful match.
FUZZY_RATIO: Final = 0.85

_RESULTS: Final[Mapping[str, tuple[Result, Result]]] = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "1/2-1/2": (Result.DRAW, Result.DRAW),
}


_PGN_OUTCOMES: Final = {
    (Outcome.WIN, Outcome.LOSS): "1-0",
    (Outcome.LOSS, Outcome.WIN): "0-1",
    (Outcome.DRAW, Outcome.DRAW): "1/2-1/2",
}

#: The ``Termination`` tag value of a forfeit (no game): beyond the PGN standard's list (9.8.1),
#: which PGN readers keep as text.
FORFEIT_TERMINATION: Final = "forfeit"
_FORFEITS: Final[Mapping[str, tuple[Result, Result]]] = {
    "1-0": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "0-1": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "1/2-1/2": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    "*": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
}


def result_of(game: PgnGame) -> tuple[Result, Result] | None:
    """The TRF result codes (White's, Black's) of a game's ``Result`` tag (PGN standard 8.2.6);
    ``None`` for ``*`` (a game not finished, or its result unknown).

    The PGN standard cannot say that a game was forfeited or had less than one move (TRF's
    ``+``/``-`` and ``W``/``D``/``L``): ``1-0`` is a game played, even without moves (a
    results-only export). A game whose ``Termination`` tag is ``forfeit`` (as
    :func:`chessarbiter.games.rounds.round_pgn` writes forfeits) gives the forfeit codes:
    ``1-0`` is ``+``/``-``, ``0-1`` is ``-``/``+``, ``*`` both lost (``-``/``-``).

    >>> result_of(PgnGame({}, (), "0-1"))
    (<Result.LOSS: '0'>, <Result.WIN: '1'>)
    >>> result_of(PgnGame({}, (), "*")) is None
    True
    >>> result_of(PgnGame({"Termination": "forfeit"}, (), "0-1"))
    (<Result.FORFEIT_LOSS: '-'>, <Result.FORFEIT_WIN: '+'>)
    """
    if game.headers.get("Termination", "").strip().lower() == FORFEIT_TERMINATION:
        return _FORFEITS[game.result]
    return _RESULTS.get(game.result)


def pgn_result(pair: tuple[Result, Result] | None) -> str:
    """The PGN ``Result`` tag (one of :data:`~chessarbiter.games.pgn.RESULTS`) of a board's
    result codes (White's, Black's), the reverse of :func:`result_of`: a game's result as PGN
    writes it; a game of less than one move (``W``/``D``/``L``) by its points; a forfeit by its
    points too, ``1-0`` or ``0-1``, and ``*`` when both lost (PGN has no result for it), with the
    ``Termination`` tag :func:`pgn_result_tags` gives; ``*`` for no result.

    >>> pgn_result((Result.UNRATED_DRAW, Result.UNRATED_DRAW)), pgn_result(None)
    ('1/2-1/2', '*')
    >>> pgn_result((Result.FORFEIT_LOSS, Result.FORFEIT_WIN))
    '0-1'
    """
    if pair is None:
        return "*"
    white, black = pair
    if white.is_forfeit or black.is_forfeit:
        if white is Result.FORFEIT_WIN:
            return "1-0"
        return "0-1" if black is Result.FORFEIT_WIN else "*"
    return _PGN_OUTCOMES.get((white.outcome, black.outcome), "*")


def pgn_result_tags(pair: tuple[Result, Result] | None) -> dict[str, str]:
    """The tags that go with :func:`pgn_result`: ``Termination`` ``forfeit`` for a forfeit
    (which :func:`result_of` reads back as the forfeit codes), none otherwise.

    >>> pgn_result_tags((Result.FORFEIT_WIN, Result.FORFEIT_LOSS))
    {'Termination': 'forfeit'}
    """
    if pair is not None and (pair[0].is_forfeit or pair[1].is_forfeit):
        return {"Termination": FORFEIT_TERMINATION}
    return {}


def result_text(pair: tuple[Result, Result]) -> str:
    """A board's result as PGN writes it (``1-0``, ``0-1``, ``1/2-1/2``), or as TRF codes
    White's/Black's for what PGN cannot write (``+/-``, ``W/L``).

    >>> result_text((Result.DRAW, Result.DRAW)), result_text((Result.FORFEIT_WIN, Result.FORFEIT_LOSS))
    ('1/2-1/2', '+/-')
    """  # noqa: E501
    for text, codes in _RESULTS.items():
        if codes == pair:
            return text
    return f"{pair[0].value}/{pair[1].value}"


@dataclass(frozen=True, slots=True)
class BoardSlot:
    """A board of the round: its number, its White and Black, the result already recorded
    (White's and Black's codes), if any, and the players' pairing numbers (White's, Black's) when
    the board comes from a tournament (:func:`round_boards`)."""

    board: int
    white: GamePlayer
    black: GamePlayer
    result: tuple[Result, Result] | None = None
    numbers: tuple[PlayerId, PlayerId] | None = None


@dataclass(frozen=True, slots=True)
class GameMatch:
    """Where game ``game_index`` (0-based, in the PGN's order) goes: its ``board`` (``None``
    when none fits), how sure (:data:`Certainty`) and why; ``colours_swapped`` when the game's
    White is the board's Black; ``result_conflict`` when the game's result differs from the
    board's recorded one (the message, else ``None``); ``duplicate_of`` the index of the game
    that holds the board when this one was matched to the same board (never applied then)."""

    game_index: int
    board: int | None
    certainty: Certainty
    reason: str
    colours_swapped: bool = False
    result_conflict: str | None = None
    duplicate_of: int | None = None


@dataclass(frozen=True, slots=True)
class RoundMatch:
    """Every game's match, in the games' order, and the boards no game was matched to."""

    games: tuple[GameMatch, ...]
    unmatched_boards: tuple[int, ...]

    def by_certainty(self, certainty: Certainty) -> list[GameMatch]:
        """The matches of one certainty, in the games' order."""
        return [match for match in self.games if match.certainty == certainty]


@dataclass(frozen=True, slots=True)
class _Ranked:
    tpn: PlayerId
    score: Points


def round_boards(tournament: Tournament, round_number: int) -> list[BoardSlot]:
    """The boards of a recorded round, numbered in the order C.04.2 (2026) Art. 3.6 recommends
    for publication (a TRF records no board numbers): by the score before the round of the
    higher-ranked player, then the sum of both scores, then his pairing number; each board with
    its recorded result (``None`` while either side's is not in). Byes and absences have no board.

    :raises UnknownPlayerError: for an opponent that is no player of the tournament.
    """
    scores = tournament.scores(round_number - 1)
    pairs, _ = round_games(tournament, round_number)
    ordered = publication_order([(_Ranked(w, scores[w]), _Ranked(b, scores[b])) for w, b in pairs])
    slots: list[BoardSlot] = []
    for number, (white, black) in enumerate(ordered, start=1):
        first = tournament.player(white.tpn)
        second = tournament.player(black.tpn)
        a, b = first.entry(round_number).result, second.entry(round_number).result
        slots.append(
            BoardSlot(
                number,
                GamePlayer.of(first),
                GamePlayer.of(second),
                None if a is None or b is None else (a, b),
                (white.tpn, black.tpn),
            )
        )
    return slots


def board_result(game: PgnGame, match: GameMatch) -> tuple[Result, Result] | None:
    """The result codes of the board's White and Black (not the game's: a game matched with its
    colours reversed gives its White's result to the board's Black); ``None`` for ``*``.

    >>> game = PgnGame({}, (), "1-0")
    >>> board_result(game, GameMatch(0, 1, "doubtful", "colours reversed", colours_swapped=True))
    (<Result.LOSS: '0'>, <Result.WIN: '1'>)
    """
    pair = result_of(game)
    if pair is None or not match.colours_swapped:
        return pair
    return pair[1], pair[0]


_SEPARATORS: Final = re.compile(r"[\s,.\-_()]+")
_APOSTROPHES: Final = re.compile(r"['’`]")


@functools.lru_cache(maxsize=4096)
def name_key(name: str) -> tuple[str, ...]:
    """A name written alike for comparing: the words in lower case without accents or
    punctuation, sorted (so "Surname, Firstname" and "Firstname Surname" agree).

    >>> name_key("Vachier-Lagrave, Maxime") == name_key("maxime VACHIER LAGRAVE")
    True
    >>> name_key("Ståle Ølberg")
    ('olberg', 'stale')
    """
    decomposed = unicodedata.normalize("NFKD", name.replace("ø", "o").replace("Ø", "O"))
    plain = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    plain = plain.replace("ß", "ss").replace("ł", "l").replace("đ", "d")
    return tuple(sorted(word for word in _SEPARATORS.split(_APOSTROPHES.sub("", plain)) if word))


def names_agree(first: str, second: str) -> bool:
    """Whether two names are one name once written alike (:func:`name_key`), an initial
    standing for a word of the other name ("Carlsen, M." and "Magnus Carlsen"). Both have as many
    words, at least one of them whole.

    >>> names_agree("Carlsen, M.", "Magnus Carlsen"), names_agree("Carlsen, H.", "Magnus Carlsen")
    (True, False)
    >>> names_agree("?", "?")
    False
    """
    a, b = name_key(first), name_key(second)
    if not a or len(a) != len(b) or a == ("?",):
        return False
    if a == b:
        return True
    rest = list(b)
    whole = False
    for word in sorted(a, key=len, reverse=True):
        if word in rest:
            rest.remove(word)
            whole = whole or len(word) > 1
            continue
        initial = next(
            (w for w in rest if (len(word) == 1 or len(w) == 1) and w[0] == word[0]), None
        )
        if initial is None:
            return False
        rest.remove(initial)
    return whole


# How one side of a game fits one player of a board.
_ID: Final = "FIDE ID"
_NAME: Final = "name"
_FUZZY: Final = "alike name"
_ID_DIFFERS: Final = "different FIDE ID"
_NONE: Final = ""


@dataclass(frozen=True, slots=True)
class _Side:
    how: str
    score: float

    @property
    def strong(self) -> bool:
        return self.how in (_ID, _NAME)


def _side(name: str, fide_id: str, player: GamePlayer, fuzzy: bool) -> _Side:
    if fide_id and player.fide_id:
        return _Side(_ID, 3.0) if fide_id == player.fide_id else _Side(_ID_DIFFERS, 0.0)
    if names_agree(name, player.name):
        return _Side(_NAME, 3.0)
    if not fuzzy:
        return _Side(_NONE, 0.0)
    a, b = " ".join(name_key(name)), " ".join(name_key(player.name))
    if not a or not b:
        return _Side(_NONE, 0.0)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < FUZZY_RATIO or matcher.quick_ratio() < FUZZY_RATIO:
        return _Side(_NONE, 0.0)
    ratio = matcher.ratio()
    return _Side(_FUZZY, 2 * ratio) if ratio >= FUZZY_RATIO else _Side(_NONE, 0.0)


_ROUND_TAG: Final = re.compile(r"\s*(\d+)(?:\.(\d+))?\s*")


def _round_tag(game: PgnGame) -> tuple[int | None, int | None]:
    """The round and the board of a ``Round`` tag ``r`` or ``r.b`` (``None`` where absent)."""
    found = _ROUND_TAG.fullmatch(game.headers.get("Round", ""))
    if found is None:
        return None, None
    board = found.group(2)
    return int(found.group(1)), None if board is None else int(board)


@dataclass(frozen=True, slots=True)
class _Candidate:
    board: int
    exact: bool
    score: float
    swapped: bool
    reasons: tuple[str, ...]
    both_sides: bool = False

    @property
    def rank(self) -> tuple[bool, float]:
        return self.exact, self.score


def _describe(white: _Side, black: _Side) -> str:
    if white.strong and black.strong:
        if white.how == black.how:
            return f"both players by {white.how}"
        return f"White by {white.how}, Black by {black.how}"
    parts = []
    for colour, side in (("White", white), ("Black", black)):
        if side.how == _FUZZY:
            parts.append(f"{colour}'s name only alike")
        elif side.how in (_NONE, _ID_DIFFERS):
            parts.append(f"{colour} not the board's" + (" (FIDE IDs differ)" if side.how else ""))
    return "; ".join(parts)


class _Index:
    """The boards by the whole words (two letters or more) of their players' names and by their
    FIDE IDs: the only boards where a side of a game can be the same player (same FIDE ID, or a
    name agreeing, which shares a whole word)."""

    def __init__(self, boards: Sequence[BoardSlot]) -> None:
        self.boards = boards
        self.keys: dict[str, set[int]] = {}
        for position, slot in enumerate(boards):
            for player in (slot.white, slot.black):
                for key in self._keys(player.name, player.fide_id):
                    self.keys.setdefault(key, set()).add(position)

    @staticmethod
    def _keys(name: str, fide_id: str) -> list[str]:
        keys = [word for word in name_key(name) if len(word) > 1]
        return [*keys, "#" + fide_id] if fide_id else keys

    def near(self, game: PgnGame, fide_ids: tuple[str, str]) -> list[BoardSlot]:
        """The boards that may hold a player of ``game``, in board order."""
        positions: set[int] = set()
        for name, fide_id in zip((game.white, game.black), fide_ids, strict=True):
            for key in self._keys(name, fide_id):
                positions |= self.keys.get(key, set())
        return [self.boards[p] for p in sorted(positions)]


def _candidates(game: PgnGame, index: _Index, round_number: int | None) -> list[_Candidate]:
    boards = index.boards
    white_id = game.headers.get("WhiteFideId", "").strip()
    black_id = game.headers.get("BlackFideId", "").strip()
    tag_round, tag_board = _round_tag(game)
    round_note = (
        f"the Round tag names round {tag_round}"
        if round_number is not None and tag_round is not None and tag_round != round_number
        else ""
    )
    ids = (white_id, black_id)
    # Names only alike are compared (difflib, the slow part) where they can still help: first
    # the other side of boards one side of which is the game's; all boards only if none is.
    found = [
        c
        for slot in index.near(game, ids)
        if (c := _candidate(game, slot, False, ids, tag_board, round_note))
    ]
    if not any(c.both_sides for c in found):
        near = {c.board for c in found}
        pool = [slot for slot in boards if slot.board in near] if near else list(boards)
        found = [
            c for slot in pool if (c := _candidate(game, slot, True, ids, tag_board, round_note))
        ]
    if not found and tag_board is not None:
        for slot in boards:
            if slot.board == tag_board:
                reasons = ["only the Round tag's board: the names do not match"]
                if round_note:
                    reasons.append(round_note)
                found.append(_Candidate(slot.board, False, 0.5, False, tuple(reasons)))
    found.sort(key=lambda c: (not c.exact, -c.score, c.board))
    return found


def _candidate(
    game: PgnGame,
    slot: BoardSlot,
    fuzzy: bool,
    fide_ids: tuple[str, str],
    tag_board: int | None,
    round_note: str,
) -> _Candidate | None:
    """The better of the game's two ways onto ``slot`` (its colours, or reversed), if any."""
    best: _Candidate | None = None
    for swapped in (False, True):
        first, second = (slot.black, slot.white) if swapped else (slot.white, slot.black)
        white = _side(game.white, fide_ids[0], first, fuzzy)
        black = _side(game.black, fide_ids[1], second, fuzzy)
        score = white.score + black.score
        strong = white.strong and black.strong
        if not (white.strong or black.strong or score >= 3.0):
            continue
        reasons = [_describe(white, black)]
        if swapped:
            reasons.insert(0, "colours reversed: the game's White is the board's Black")
            score -= 0.5
        if tag_board is not None:
            if tag_board == slot.board:
                score += 0.5
            else:
                reasons.append(f"the Round tag names board {tag_board}")
        if round_note:
            reasons.append(round_note)
        exact = strong and not swapped and len(reasons) == 1
        candidate = _Candidate(slot.board, exact, score, swapped, tuple(reasons), strong)
        if best is None or candidate.rank > best.rank:
            best = candidate
    return best


def _conflict(game: PgnGame, slot: BoardSlot, swapped: bool) -> str | None:
    pair = result_of(game)
    if pair is None or slot.result is None:
        return None
    if swapped:
        pair = pair[1], pair[0]
    if pair == slot.result:
        return None
    return (
        f"the game's result {result_text(pair)} (for the board's White and Black) differs from "
        f"the recorded {result_text(slot.result)}"
    )


def match_games(
    games: Sequence[PgnGame], boards: Sequence[BoardSlot], round_number: int | None = None
) -> RoundMatch:
    """Each game's board, how sure and why (see the module docstring), and the boards left
    without a game. ``round_number``, when given, is checked against the games' ``Round`` tags.

    A game that fits several boards equally well takes the first (lowest number) and is
    doubtful, naming the others; of two games matched to one board, the better match (then the
    earlier game) keeps it and the other is doubtful, naming the first. A game's result that
    differs from the board's recorded result is reported in :attr:`GameMatch.result_conflict`
    (the certainty does not change: the names decide where a game goes).
    """
    slots = {slot.board: slot for slot in boards}
    board_index = _Index(boards)
    found = [_candidates(game, board_index, round_number) for game in games]
    order = sorted(
        range(len(games)),
        key=lambda i: (not found[i][0].exact, -found[i][0].score, i) if found[i] else (True, 0, i),
    )
    taken: dict[int, int] = {}
    matches: dict[int, GameMatch] = {}
    for index in order:
        candidates = found[index]
        if not candidates:
            matches[index] = GameMatch(index, None, "none", "no board has these players")
            continue
        best = candidates[0]
        reasons = list(best.reasons)
        exact = best.exact
        rivals = [c.board for c in candidates[1:] if c.rank == best.rank]
        if rivals:
            exact = False
            reasons.append("fits board " + ", ".join(map(str, rivals)) + " as well")
        holder = taken.get(best.board)
        if holder is not None:
            exact = False
            reasons.append(f"board {best.board} is matched by game {holder + 1} too")
        else:
            taken[best.board] = index
        matches[index] = GameMatch(
            index,
            best.board,
            "exact" if exact else "doubtful",
            "; ".join(reasons),
            best.swapped,
            _conflict(games[index], slots[best.board], best.swapped),
            holder,
        )
    unmatched = tuple(sorted(set(slots) - {m.board for m in matches.values() if m.board}))
    return RoundMatch(tuple(matches[i] for i in range(len(games))), unmatched)
