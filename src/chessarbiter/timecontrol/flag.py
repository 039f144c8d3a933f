"""Whether a side can still checkmate, from a position (FEN), with python-chess: the flag-fall
adjudication (:func:`adjudicate`) and the dead-position check (:func:`dead_position`), both on
:func:`mate_check`.

Two flag-fall rule sets:

``current``
    Laws 2023 art. 6.9 (the same in 1997 art. 6.9 [L97] and, for the position, Laws Commentary 1997:
    "mate unreachable by any possible moves, even the most senseless"): the flagged player loses,
    **unless the opponent cannot checkmate him by any possible series of legal moves** — then
    the game is drawn. The check is cooperative (a helpmate: both sides may help):

    1. *material* — python-chess's ``has_insufficient_material(opponent)``, which is sound: it
       says "cannot mate" only for a lone king, a king and one knight against a king with
       nothing but queens, or kings and bishops all on one square colour with no pawns or
       knights on the board (positions where a helpmate is impossible);
    2. *locked pawns* — only kings and pawns, no pawn can ever move or capture (every pawn
       stands head-on against a pawn, no capture is available, no en passant) and neither king
       can reach a square next to an enemy pawn through squares free of pawns and not attacked
       by enemy pawns: no piece can ever change, so no check and no mate;
    3. *search* — an iterative-deepening helpmate search up to ``max_plies`` plies and
       ``node_limit`` positions; a mate found is a proof the opponent *can* mate (the line is
       returned); a search that ends with every line finished (mate of the other side,
       stalemate, insufficient material) before the bound proves he cannot.

    **Limits**: when none of these settles it (e.g. a fortress with pieces, or a helpmate longer
    than the bound), the verdict is a loss with ``certain`` false — the Laws make the flag fall
    a loss unless the impossibility of mate is shown, and a longer helpmate almost always
    exists when material is not insufficient. The 75-move and fivefold-repetition rules are
    not considered inside the search.

``blitz-1972`` (formerly ``seed000-blitz``, still read)
    The Soviet blitz rules of Team Competitions 1972: the player whose flag fell first wins
    for the opponent only "in a position he could lose". Drawn: only kings left; king and minor
    piece against king; kings with bishops of the same colour; a locked-pawn ("impenetrable")
    position; the flagged player has pieces while the opponent has a lone king; the flagged
    player has a queen (rook) against the opponent's lone minor piece. Read strictly (choice):
    "queen (rook)" means the flagged player has king and exactly one queen or one rook, the
    opponent king and exactly one bishop or knight, no pawns; "kings with same-coloured
    bishops" means only kings and bishops, all on one square colour; the locked-pawn case uses
    the check of rule 2 above; and as the general principle says "a position he could lose",
    an opponent with insufficient mating material (rule 1) also draws.

>>> adjudicate("8/8/4k3/8/8/8/2K5/1N6 b - - 0 1", "black").result
'draw'
>>> verdict = adjudicate(chess.STARTING_FEN, "white")
>>> verdict.result, verdict.certain, verdict.line
('loss', True, ('f3', 'e5', 'g4', 'Qh4#'))
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

import chess

from chessarbiter.limits import MAX_FLAG_NODES
from chessarbiter.timecontrol.errors import FlagError

__all__ = [
    "DeadPosition",
    "FlagRules",
    "FlagVerdict",
    "MateCheck",
    "MateProof",
    "adjudicate",
    "dead_position",
    "find_helpmate",
    "flag_board",
    "locked_pawns",
    "mate_check",
]

DEFAULT_MAX_PLIES = 6
DEFAULT_NODE_LIMIT = 20_000


class FlagRules(StrEnum):
    """Which flag-fall rule set to apply."""

    CURRENT = "current"
    BLITZ_1972 = "blitz-1972"

    @classmethod
    def _missing_(cls, value: object) -> FlagRules | None:
        """The earlier name of the 1972 blitz rules, ``seed000-blitz``, still read.

        >>> FlagRules("seed000-blitz")
        <FlagRules.BLITZ_1972: 'blitz-1972'>
        """
        return cls.BLITZ_1972 if value == "seed000-blitz" else None


@dataclass(frozen=True, slots=True)
class FlagVerdict:
    """The result for the flagged player (``loss`` or ``draw``), the game score, whether the
    verdict is proven (``certain``), the reason, and a mating line when one was found (SAN)."""

    result: Literal["loss", "draw"]
    score: str
    certain: bool
    reason: str
    line: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        return {
            "result": self.result,
            "score": self.score,
            "certain": self.certain,
            "reason": self.reason,
            "line": list(self.line),
        }


def flag_board(fen: str) -> chess.Board:
    """The position ``fen``, legal (python-chess's ``Board.is_valid``).

    :raises FlagError: for an unreadable FEN or an illegal position.
    """
    try:
        board = chess.Board(fen)
    except ValueError as error:
        raise FlagError(f"FEN {fen!r}: {error}") from None
    if not board.is_valid():
        problems = [str(flag.name) for flag in chess.Status if flag and board.status() & flag]
        raise FlagError(f"FEN {fen!r} is not a legal position: {', '.join(problems)}")
    return board


def _colour(side: str | bool) -> chess.Color:
    if isinstance(side, bool):
        return side
    name = side.strip().lower()
    if name in ("white", "w"):
        return chess.WHITE
    if name in ("black", "b"):
        return chess.BLACK
    raise FlagError(f"side {side!r}: write white or black")


def _check_bounds(max_plies: int, node_limit: int) -> None:
    if max_plies < 0 or not 1 <= node_limit <= MAX_FLAG_NODES:
        raise FlagError(
            f"max_plies must be 0 or more and node_limit between 1 and {MAX_FLAG_NODES}"
        )


def adjudicate(
    fen: str,
    side: str | bool,
    rules: FlagRules | str = FlagRules.CURRENT,
    *,
    max_plies: int = DEFAULT_MAX_PLIES,
    node_limit: int = DEFAULT_NODE_LIMIT,
) -> FlagVerdict:
    """The result of the game when ``side``'s flag has fallen in the position ``fen``.

    :raises FlagError: for an unreadable or illegal FEN, a side or rule set it does not know, or
        a position where the game is already over by checkmate.
    """
    board = flag_board(fen)
    flagged = _colour(side)
    try:
        rule_set = FlagRules(rules)
    except ValueError:
        raise FlagError(f"rules {rules!r}: write current or blitz-1972") from None
    _check_bounds(max_plies, node_limit)
    if board.is_checkmate():
        raise FlagError(
            f"FEN {fen!r}: the position is checkmate, the game ended before any flag fall"
        )
    loss_score = "0-1" if flagged == chess.WHITE else "1-0"
    if rule_set is FlagRules.BLITZ_1972:
        reason = _blitz_1972_draw(board, flagged)
        if reason is not None:
            return FlagVerdict(
                "draw", "1/2-1/2", True, f"Team Competitions 1972 blitz rule 1: {reason}"
            )
        return FlagVerdict(
            "loss",
            loss_score,
            True,
            "Team Competitions 1972 blitz rule 1: the flag fell first in a position the player "
            "could lose",
        )
    return _current(board, flagged, loss_score, max_plies, node_limit)


def _current(
    board: chess.Board, flagged: chess.Color, loss_score: str, max_plies: int, node_limit: int
) -> FlagVerdict:
    opponent = not flagged
    article = "Laws 2023 art. 6.9"
    check = mate_check(board, opponent, max_plies=max_plies, node_limit=node_limit)
    if check.how is MateProof.MATERIAL:
        return FlagVerdict(
            "draw",
            "1/2-1/2",
            True,
            f"{article}: the opponent's material ({_material(board, opponent)}) cannot mate "
            "by any series of legal moves",
        )
    if check.how is MateProof.LOCKED_PAWNS:
        return FlagVerdict(
            "draw",
            "1/2-1/2",
            True,
            f"{article}: locked pawns, no king can reach an enemy pawn: no mate is possible",
        )
    if check.how is MateProof.HELPMATE:
        return FlagVerdict(
            "loss",
            loss_score,
            True,
            f"{article}: the opponent can mate (helpmate in {len(check.line)} plies)",
            check.line,
        )
    if check.how is MateProof.EXHAUSTED:
        return FlagVerdict(
            "draw",
            "1/2-1/2",
            True,
            f"{article}: every sequence of legal moves ends without a mate by the opponent",
        )
    return FlagVerdict(
        "loss",
        loss_score,
        False,
        f"{article}: mate by the opponent is not excluded (sufficient material, no locked "
        f"pawns; no helpmate found within {max_plies} plies / {node_limit} positions)",
    )


class MateProof(StrEnum):
    """How :func:`mate_check` settled whether a side can still checkmate."""

    MATERIAL = "material"
    """Cannot: python-chess's ``has_insufficient_material`` (sound, by material alone)."""
    LOCKED_PAWNS = "locked-pawns"
    """Cannot: :func:`locked_pawns` (no piece can ever change, so no check)."""
    EXHAUSTED = "exhausted"
    """Cannot: the helpmate search saw every line end (mate of the other side, stalemate,
    insufficient material) within its bound."""
    HELPMATE = "helpmate"
    """Can: a sequence of legal moves that mates was found (the line is the proof)."""
    UNKNOWN = "unknown"
    """Not settled: none of the above within the search bound."""


@dataclass(frozen=True, slots=True)
class MateCheck:
    """Whether a side can still checkmate: ``possible`` is ``True`` (a mating line was found,
    ``line`` in SAN), ``False`` (proven impossible) or ``None`` (cannot tell), and ``how``."""

    possible: bool | None
    how: MateProof
    line: tuple[str, ...] = ()


def mate_check(
    board: chess.Board,
    mater: chess.Color,
    *,
    max_plies: int = DEFAULT_MAX_PLIES,
    node_limit: int = DEFAULT_NODE_LIMIT,
) -> MateCheck:
    """Whether ``mater`` can checkmate his opponent by any series of legal moves, both sides
    cooperating ("even with the most unskilled counterplay": Laws 2023 art. 6.9 and 5.2.2;
    Laws Commentary 1997, "mate unreachable by any possible moves, even the most senseless"):
    by material, then locked pawns, then the helpmate search (see the module docstring).

    >>> mate_check(chess.Board("8/8/4k3/8/8/8/2K5/1N6 b - - 0 1"), chess.WHITE).how
    <MateProof.MATERIAL: 'material'>
    >>> mate_check(chess.Board("7k/8/6K1/8/8/8/8/R7 w - - 0 1"), chess.WHITE, max_plies=1)
    MateCheck(possible=True, how=<MateProof.HELPMATE: 'helpmate'>, line=('Ra8#',))
    """
    if board.has_insufficient_material(mater):
        return MateCheck(False, MateProof.MATERIAL)
    if locked_pawns(board):
        return MateCheck(False, MateProof.LOCKED_PAWNS)
    line, exhausted = find_helpmate(board, not mater, max_plies=max_plies, node_limit=node_limit)
    if line is not None:
        return MateCheck(True, MateProof.HELPMATE, tuple(line))
    if exhausted:
        return MateCheck(False, MateProof.EXHAUSTED)
    return MateCheck(None, MateProof.UNKNOWN)


# -- dead position -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DeadPosition:
    """The answer of :func:`dead_position`: ``dead`` is ``True`` (proven: the game is drawn at
    once), ``False`` (a mate is still possible: ``line`` shows one, for ``mater``) or ``None``
    (cannot tell within the bound); ``reason`` says how, ``rule`` the articles."""

    dead: bool | None
    reason: str
    line: tuple[str, ...] = ()
    mater: str = ""
    rule: str = (
        "Laws 1997 (Laws Commentary 1997): a position in which mate cannot be reached by any "
        "possible moves is drawn at once; Laws 2023 art. 5.2.2"
    )

    @property
    def score(self) -> str:
        """The game score the position itself makes: ``1/2-1/2`` when dead, else ``*``."""
        return "1/2-1/2" if self.dead else "*"

    @property
    def termination(self) -> str:
        """The PGN ``Termination`` tag of a game ended by it (PGN standard 9.8.1: ``normal``,
        the game ended by the rules), empty while it is not proven dead."""
        return "normal" if self.dead else ""

    def as_json(self) -> dict[str, object]:
        return {
            "dead": self.dead,
            "score": self.score,
            "reason": self.reason,
            "mater": self.mater or None,
            "line": list(self.line),
            "rule": self.rule,
        }


def dead_position(
    fen: str, *, max_plies: int = DEFAULT_MAX_PLIES, node_limit: int = DEFAULT_NODE_LIMIT
) -> DeadPosition:
    """Whether the position ``fen`` is dead: neither player can checkmate the other by any
    series of legal moves (Laws Commentary 1997: "mate unreachable by any possible moves, even
    the most senseless": the game is drawn at once; Laws 2023 art. 5.2.2).

    Not python-chess's ``Board.is_insufficient_material()``: that answers "neither side has
    mating material", by material alone, and says nothing of positions where the material
    suffices but no mate can ever come. Here, for each side, :func:`mate_check` decides:

    * **dead** (``True``, proven) when, for both sides, the material cannot mate (python-chess's
      sound per-side test: K v K, K + N v K, kings and bishops all on one square colour...),
      or the pawns are locked with no king able to reach an enemy pawn (:func:`locked_pawns`),
      or every line of the helpmate search ends (mate, stalemate, insufficient material)
      within ``max_plies`` plies — e.g. a capture that must leave bare kings;
    * **alive** (``False``) when a helpmate of either side is found: the line is the proof;
    * **cannot tell** (``None``) otherwise: material suffices, the pawns are not locked, and no
      helpmate was found within ``max_plies`` plies and ``node_limit`` positions (a fortress
      with pieces, or a long helpmate). The arbiter decides; a mate usually exists then.

    The 75-move and fivefold-repetition rules are not considered.

    >>> dead_position("8/8/4k3/8/8/8/2K5/1N6 b - - 0 1").dead
    True
    >>> dead_position("8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1").reason
    'locked pawns, no king can reach an enemy pawn: no check, hence no mate, is possible'
    >>> d = dead_position(chess.STARTING_FEN)
    >>> d.dead, d.mater, d.line
    (False, 'black', ('f3', 'e5', 'g4', 'Qh4#'))

    :raises FlagError: for an unreadable or illegal FEN, bad bounds, or a position where the
        game is already over (checkmate, stalemate).
    """
    board = flag_board(fen)
    _check_bounds(max_plies, node_limit)
    if board.is_checkmate() or board.is_stalemate():
        ended = "checkmate" if board.is_checkmate() else "stalemate"
        raise FlagError(f"FEN {fen!r}: the position is {ended}, the game is already over")
    checks = {
        side: mate_check(board, side, max_plies=max_plies, node_limit=node_limit)
        for side in (board.turn, not board.turn)
    }
    for side, check in checks.items():
        if check.possible:
            name = "white" if side == chess.WHITE else "black"
            return DeadPosition(
                False,
                f"{name} can still mate (helpmate in {len(check.line)} plies)",
                check.line,
                name,
            )
    if any(check.possible is None for check in checks.values()):
        return DeadPosition(
            None,
            "cannot tell: the material suffices, the pawns are not locked, and no helpmate "
            f"was found within {max_plies} plies / {node_limit} positions",
        )
    hows = {check.how for check in checks.values()}
    if hows == {MateProof.MATERIAL}:
        reason = (
            f"neither side's material (white {_material(board, chess.WHITE)}, black "
            f"{_material(board, chess.BLACK)}) can mate"
        )
    elif MateProof.LOCKED_PAWNS in hows:
        reason = (
            "locked pawns, no king can reach an enemy pawn: no check, hence no mate, is possible"
        )
    else:
        reason = "every sequence of legal moves ends without a mate"
    return DeadPosition(True, reason)


def _material(board: chess.Board, colour: chess.Color) -> str:
    pieces = sorted(
        (p for p in board.piece_map().values() if p.color == colour),
        key=lambda p: -p.piece_type,
    )
    return "".join(p.symbol().upper() for p in pieces)


# -- helpmate search -----------------------------------------------------------------------------


def find_helpmate(
    board: chess.Board,
    victim: chess.Color,
    *,
    max_plies: int = DEFAULT_MAX_PLIES,
    node_limit: int = DEFAULT_NODE_LIMIT,
) -> tuple[list[str] | None, bool]:
    """Search a sequence of legal moves, both sides cooperating, that ends with ``victim``
    checkmated. Returns ``(line, exhausted)``: the line in SAN (``None`` when none was found)
    and whether the search saw every line end before ``max_plies`` (then "no line" is a proof).

    >>> find_helpmate(chess.Board("7k/8/6K1/8/8/8/8/R7 w - - 0 1"), chess.BLACK, max_plies=1)
    (['Ra8#'], False)
    """
    search = _Search(victim, max(1, node_limit // 2))
    work = board.copy(stack=False)
    for depth in range(0, max_plies + 1):
        moves: list[chess.Move] = []
        found, cut = search.run(work, depth, moves)
        if found:
            return _san(board, moves), False
        if not cut:
            return None, True
        if search.nodes >= search.node_limit:
            break
    dive = _best_first(board, victim, node_limit - search.nodes, max_length=_DIVE_PLIES)
    if dive is not None:
        return _san(board, dive), False
    return None, False


_DIVE_PLIES = 60


def _distance_to_edge(square: chess.Square) -> int:
    file, rank = chess.square_file(square), chess.square_rank(square)
    return min(file, 7 - file, rank, 7 - rank)


def _guide(board: chess.Board, victim: chess.Color) -> float:
    """How far the position looks from a mate of ``victim`` (lower is closer): his king near
    an edge, the other king two squares away, the attacker's pieces near, a check."""
    king = board.king(victim)
    other = board.king(not victim)
    if king is None or other is None:
        return 0.0
    score = 2.0 * abs(chess.square_distance(king, other) - 2) + 1.5 * _distance_to_edge(king)
    for square in chess.scan_forward(board.occupied_co[not victim] & ~board.kings):
        score += 0.25 * chess.square_distance(square, king)
    if board.is_check() and board.turn == victim:
        score -= 1.0
    return score


def _best_first(
    board: chess.Board, victim: chess.Color, node_limit: int, *, max_length: int
) -> list[chess.Move] | None:
    """A best-first dive guided by :func:`_guide`: finds long helpmates the exhaustive search
    cannot reach; not a proof of anything when it fails."""
    import heapq

    start = board.copy(stack=False)
    queue: list[tuple[float, int, list[chess.Move]]] = [(_guide(start, victim), 0, [])]
    seen = {(start.board_fen(), start.turn)}
    counter = 0
    nodes = 0
    while queue and nodes < node_limit:
        _priority, _order, line = heapq.heappop(queue)
        position = start.copy(stack=False)
        for move in line:
            position.push(move)
        if len(line) >= max_length:
            continue
        for move in position.legal_moves:
            nodes += 1
            position.push(move)
            key = (position.board_fen(), position.turn)
            if key not in seen:
                seen.add(key)
                if position.is_checkmate():
                    if position.turn == victim:
                        return [*line, move]
                elif not (
                    position.is_stalemate() or position.has_insufficient_material(not victim)
                ):
                    counter += 1
                    priority = _guide(position, victim) + 0.05 * len(line)
                    heapq.heappush(queue, (priority, counter, [*line, move]))
            position.pop()
    return None


class _Search:
    def __init__(self, victim: chess.Color, node_limit: int) -> None:
        self.victim = victim
        self.node_limit = node_limit
        self.nodes = 0
        # position key → (depth searched without a mate, whether a line was cut by the depth)
        self.table: dict[tuple[str, bool, int, int | None], tuple[int, bool]] = {}

    def run(self, board: chess.Board, depth: int, line: list[chess.Move]) -> tuple[bool, bool]:
        """(mate found, some line was cut by the depth or the node limit)."""
        self.nodes += 1
        if board.is_checkmate():
            return board.turn == self.victim, False
        if board.is_stalemate() or board.has_insufficient_material(not self.victim):
            return False, False
        if depth == 0 or self.nodes >= self.node_limit:
            return False, True
        # a mate needs the mating side to move last: with the victim to move, two plies at least
        if board.turn == self.victim and depth < 2:
            return False, True
        key = (board.board_fen(), board.turn, int(board.castling_rights), board.ep_square)
        seen = self.table.get(key)
        if seen is not None and (not seen[1] or seen[0] >= depth):
            return False, seen[1]
        cut = False
        if board.turn != self.victim and depth == 1:
            # the last ply must give check: the other moves are cut by the depth
            cut = True
        for move in self._ordered(board, depth):
            board.push(move)
            line.append(move)
            found, child_cut = self.run(board, depth - 1, line)
            board.pop()
            if found:
                return True, False
            line.pop()
            cut = cut or child_cut
            if self.nodes >= self.node_limit:
                cut = True
                break
        self.table[key] = (depth, cut)
        return False, cut

    def _ordered(self, board: chess.Board, depth: int) -> list[chess.Move]:
        moves = list(board.legal_moves)
        if board.turn != self.victim:
            if depth == 1:  # the last ply must give check
                return [m for m in moves if board.gives_check(m)]
            king = board.king(self.victim)

            def attacker_key(move: chess.Move) -> tuple[int, int]:
                distance = chess.square_distance(move.to_square, king) if king is not None else 0
                return (0 if board.gives_check(move) else 1, distance)

            return sorted(moves, key=attacker_key)
        king = board.king(self.victim)

        def victim_key(move: chess.Move) -> tuple[int, int]:
            # the victim's own pieces next to his king help the mate; captures of the
            # attacker's material rarely do
            capture = 1 if board.is_capture(move) else 0
            distance = chess.square_distance(move.to_square, king) if king is not None else 0
            return (capture, distance)

        return sorted(moves, key=victim_key)


def _san(board: chess.Board, moves: list[chess.Move]) -> list[str]:
    replay = board.copy(stack=False)
    text = []
    for move in moves:
        text.append(replay.san(move))
        replay.push(move)
    return text


# -- locked pawns --------------------------------------------------------------------------------


def locked_pawns(board: chess.Board) -> bool:
    """True when only kings and pawns are left and nothing can ever change: every pawn is
    blocked head-on by a pawn, no pawn can capture (nor en passant), and no king can reach a
    square next to an enemy pawn through pawn-free squares not attacked by enemy pawns. Then
    no check, hence no mate, is possible for either side (a sufficient condition only).

    >>> locked_pawns(chess.Board("8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1"))
    True
    >>> locked_pawns(chess.Board("8/8/1k6/p1p1p3/P1P1P1P1/8/5K2/8 w - - 0 1"))
    False
    """
    if board.occupied & ~(board.pawns | board.kings):
        return False
    if board.ep_square is not None or not board.pawns or board.is_check():
        return False
    for square in chess.scan_forward(board.pawns):
        piece = board.piece_at(square)
        assert piece is not None
        step = 8 if piece.color == chess.WHITE else -8
        ahead = square + step
        if not 0 <= ahead < 64 or not board.pawns & chess.BB_SQUARES[ahead]:
            return False
        if board.attacks_mask(square) & board.occupied_co[not piece.color] & board.pawns:
            return False
    for colour in (chess.WHITE, chess.BLACK):
        king = board.king(colour)
        assert king is not None
        enemy_pawns = board.pawns & board.occupied_co[not colour]
        attacked = 0
        for square in chess.scan_forward(enemy_pawns):
            attacked |= board.attacks_mask(square)
        region = 0
        frontier = [king]
        while frontier:
            square = frontier.pop()
            if region & chess.BB_SQUARES[square]:
                continue
            region |= chess.BB_SQUARES[square]
            if chess.BB_KING_ATTACKS[square] & enemy_pawns:
                return False
            for target in chess.scan_forward(chess.BB_KING_ATTACKS[square]):
                if board.pawns & chess.BB_SQUARES[target] or attacked & chess.BB_SQUARES[target]:
                    continue
                frontier.append(target)
    return True


# -- Team Competitions 1972 blitz
# ------------------------------------------------------------------------------

_MINORS = (chess.KNIGHT, chess.BISHOP)


def _blitz_1972_draw(board: chess.Board, flagged: chess.Color) -> str | None:
    """The case of Team Competitions 1972's blitz rule 1 that makes the flag fall a draw, or
    ``None``."""
    opponent = not flagged
    others = board.occupied & ~board.kings
    if not others:
        return "only the kings are left"
    mine = board.occupied_co[flagged] & ~board.kings
    theirs = board.occupied_co[opponent] & ~board.kings
    if not theirs:
        return "the opponent has a lone king"
    if chess.popcount(others) == 1 and board.piece_type_at(chess.lsb(others)) in _MINORS:
        return "king and minor piece against king"
    if not others & ~board.bishops and (
        not board.bishops & chess.BB_DARK_SQUARES or not board.bishops & chess.BB_LIGHT_SQUARES
    ):
        return "kings with bishops of the same colour"
    if locked_pawns(board):
        return "a locked-pawn position"
    if (
        chess.popcount(theirs) == 1
        and board.piece_type_at(chess.lsb(theirs)) in _MINORS
        and chess.popcount(mine) == 1
        and board.piece_type_at(chess.lsb(mine)) in (chess.QUEEN, chess.ROOK)
    ):
        heavy = "queen" if board.piece_type_at(chess.lsb(mine)) == chess.QUEEN else "rook"
        return f"the flagged player's {heavy} against the opponent's lone minor piece"
    if board.has_insufficient_material(opponent):
        return "the opponent cannot mate with his material"
    return None
