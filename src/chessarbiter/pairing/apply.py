"""Writing a round's pairing and its results into the tournament model.

These helpers only write the model: which pairing is right, and which results are possible, is
decided elsewhere (the engines, :meth:`chessarbiter.model.Tournament.check`). They refuse to
overwrite an entry that already holds something else, so a round cannot be recorded twice by
mistake.

>>> from chessarbiter.model import Player, Tournament
>>> from chessarbiter.pairing.round_pairing import Board, RoundPairing
>>> t = Tournament(total_rounds=3)
>>> for n in (1, 2, 3):
...     _ = t.add_player(Player(n, f"P{n}"))
>>> apply_pairing(t, RoundPairing(1, (Board(2, 1),), bye=3))
>>> t.player(2).entry(1)
RoundEntry(opponent=1, colour=<Colour.WHITE: 'w'>, result=None)
>>> record_result(t, 1, 2, 1, Result.DRAW)
>>> [str(t.score(n)) for n in (1, 2, 3)]
['0.5', '0.5', '1']
"""

from __future__ import annotations

from dataclasses import dataclass

from chessarbiter.corrections import LaterPairing, pairings_after
from chessarbiter.editions import LawsEdition
from chessarbiter.errors import TournamentError
from chessarbiter.model import Colour, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.model.results import parse_written_result
from chessarbiter.pairing.round_pairing import RoundPairing
from chessarbiter.result_reasons import ReasonCheck, check_result_reason


def _write(tournament: Tournament, number: PlayerId, round_number: int, entry: RoundEntry) -> None:
    player = tournament.player(number)
    current = player.entry(round_number)
    if current != entry and current != RoundEntry.NOT_PAIRED:
        raise TournamentError(
            f"player {number} already has an entry for round {round_number} ({current})"
        )
    player.set_entry(round_number, entry)


def apply_pairing(tournament: Tournament, pairing: RoundPairing) -> None:
    """Record ``pairing`` in ``tournament``: every board as a pending game
    (``RoundEntry(opponent, colour, None)``) and the pairing-allocated bye as ``U``.

    Entries of other players (byes assigned before the round) are left as they are.

    :raises TournamentError: if a paired player already has a different entry for the round,
        or a pairing number is unknown.
    """
    r = pairing.round
    for board in pairing.boards:
        _write(tournament, board.white, r, RoundEntry(board.black, Colour.WHITE, None))
        _write(tournament, board.black, r, RoundEntry(board.white, Colour.BLACK, None))
    if pairing.bye is not None:
        _write(tournament, pairing.bye, r, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))


def record_result(
    tournament: Tournament,
    round_number: int,
    white: PlayerId,
    black: PlayerId,
    white_result: Result,
    black_result: Result | None = None,
) -> None:
    """Record the result of the game ``white``-``black`` of ``round_number``.

    ``black_result`` defaults to the counterpart of ``white_result`` (1/0, =/=, W/L, D/D,
    +/-); give it to record a double forfeit (``-``/``-``). The game may be pending already
    (from :func:`apply_pairing`) or not recorded yet.

    :raises TournamentError: if the results do not belong to one game, or either player has
        another entry for the round.
    """
    expected = white_result.mirror
    if expected is None:
        raise TournamentError(f"{white_result.value} is not the result of a game")
    if black_result is None:
        black_result = expected
    elif black_result not in white_result.counterparts:
        raise TournamentError(f"{white_result.value} and {black_result.value} are not one game")
    if white == black:
        raise TournamentError(f"player {white} cannot play himself")
    for number, opponent, colour in ((white, black, Colour.WHITE), (black, white, Colour.BLACK)):
        current = tournament.player(number).entry(round_number)
        if current not in (RoundEntry.NOT_PAIRED, RoundEntry(opponent, colour, None)):
            raise TournamentError(
                f"player {number} already has an entry for round {round_number} ({current})"
            )
    tournament.player(white).set_entry(round_number, RoundEntry(black, Colour.WHITE, white_result))
    tournament.player(black).set_entry(round_number, RoundEntry(white, Colour.BLACK, black_result))


def record_bye(tournament: Tournament, round_number: int, player: PlayerId, kind: Result) -> None:
    """Record a round without an opponent for ``player``: ``H``, ``F``, ``Z`` (byes given
    before the pairing) or ``U`` (the pairing-allocated bye).

    :raises TournamentError: if ``kind`` is not a bye, or the player has another entry for the
        round.
    """
    if not kind.is_bye:
        raise TournamentError(f"{kind.value} is not a bye")
    _write(tournament, player, round_number, RoundEntry.bye(kind))


@dataclass(frozen=True, slots=True)
class EnteredResult:
    """What :func:`enter_result` recorded: the game (``white`` against ``black``; for a game
    recorded without colours, the player named first), the result before (``None``: pending)
    and after, as each side's code, the library's check of the reason given (``None``: no
    reason), and the later pairings made with the result before (a correction)."""

    round: int
    white: PlayerId
    black: PlayerId
    before: tuple[Result, Result] | None
    after: tuple[Result, Result]
    check: ReasonCheck | None
    later: tuple[LaterPairing, ...]

    @property
    def changed(self) -> bool:
        return self.before != self.after


def enter_result(
    tournament: Tournament,
    round_number: int,
    player: PlayerId,
    written: str,
    *,
    reason: str | None = None,
    fen: str | None = None,
    flagged: str | None = None,
    laws: str | int | None = LawsEdition.E1997,
    replace: bool = False,
) -> EnteredResult:
    """Enter the result of ``player``'s game of ``round_number``, ``written`` as on the
    scoresheet, White's side first (Laws 2023 art. 8.7;
    :func:`~chessarbiter.model.results.parse_written_result`: ``1-0``, ``½-½``, ``0-½`` ...),
    with the ``reason`` the arbiter gives it, checked by
    :func:`~chessarbiter.result_reasons.check_result_reason` (with the position ``fen``, whose
    flag fell, and the Laws edition ``laws``: 1997 by default, as there).

    A game that has a different result keeps it unless ``replace`` is set: a result is never
    overwritten silently; the same result again changes nothing. A correction after later
    rounds were paired names the pairings made with the old result
    (:func:`~chessarbiter.corrections.pairings_after`, C.04.2 D / 2026 art. 4.3: they stand).

    >>> from chessarbiter.model import Player
    >>> from chessarbiter.pairing.round_pairing import Board
    >>> t = Tournament(total_rounds=3)
    >>> for n in (1, 2):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> apply_pairing(t, RoundPairing(1, (Board(2, 1),)))
    >>> entered = enter_result(t, 1, 1, "½-0", reason="refusal")
    >>> entered.after, str(t.score(2)), entered.check.opponent_points
    ((<Result.DRAW: '='>, <Result.LOSS: '0'>), '0.5', Decimal('0.5'))

    :raises TournamentError: for a round the player has no game in, or a different result
        there without ``replace``.
    :raises ResultCodeError: for a result that is not one game's.
    :raises ResultReasonError: for a reason the result (or the position) does not allow.
    """
    if not 1 <= round_number <= tournament.recorded_rounds:
        raise TournamentError(f"round {round_number} is not paired")
    entry = tournament.player(player).entry(round_number)
    if entry.opponent is None:
        raise TournamentError(f"player {player} has no game in round {round_number} ({entry})")
    opponent = entry.opponent
    if entry.colour is Colour.BLACK:
        white, black = opponent, player
    else:
        white, black = player, opponent
    first, second = parse_written_result(written)
    check = None
    if reason:
        check = check_result_reason(reason, first, second, fen=fen, flagged=flagged, laws=laws)
    white_entry = tournament.player(white).entry(round_number)
    black_entry = tournament.player(black).entry(round_number)
    before = None
    if white_entry.result is not None and black_entry.result is not None:
        before = (white_entry.result, black_entry.result)
    after = (first, second)
    if before is not None and before != after and not replace:
        raise TournamentError(
            f"round {round_number}: {white}-{black} already has "
            f"{before[0].value}/{before[1].value}: replace it to enter {written}"
        )
    later: tuple[LaterPairing, ...] = ()
    if before != after:
        later = tuple(pairings_after(tournament, round_number, (white, black)))
        colours = (white_entry.colour, black_entry.colour)
        tournament.player(white).set_entry(round_number, RoundEntry(black, colours[0], first))
        tournament.player(black).set_entry(round_number, RoundEntry(white, colours[1], second))
    return EnteredResult(round_number, white, black, before, after, check, later)
