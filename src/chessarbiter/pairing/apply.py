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

from chessarbiter.errors import TournamentError
from chessarbiter.model import Colour, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.pairing.round_pairing import RoundPairing


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
