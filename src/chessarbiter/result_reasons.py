"""Why a board has its result: the reasons an arbiter gives a result, and which results each
allows.

A result entered from the scoresheet needs no reason. When the arbiter *gives* a result, the
reason is part of the record (the audit, the round page); a reason the result does not allow is
refused by :func:`check_result_reason`, the one place these rules live:

==================  ==========================================================  ================
code                reason (rule)                                               results allowed
==================  ==========================================================  ================
``dead``            dead position: no mate by any series of legal moves         ½-½
                    (Laws 2023 art. 5.2.2; Laws Commentary 1997)
``flag``            flag fall: the flagged player loses (Laws 2023 art. 6.9)    1-0, 0-1 (and u)
``flag-nomate``     flag fall, but the opponent cannot mate by any series of    ½-½
                    legal moves (Laws 2023 art. 6.9; insufficient material)
``refusal``         persistent refusal to comply with the Laws: the player      1-0, 0-1 (and u),
                    loses, the arbiter sets the opponent's score (Laws 1997,    ½-0, 0-½
                    Laws Commentary 1997; Laws 2023 art. 11.7)
``sanction``        loss by sanction: the last step of the sanction ladder      1-0, 0-1
                    of a game without clocks (Team Competitions 1972)
==================  ==========================================================  ================

With a position (FEN) the check goes further, through the library's mate test
(:func:`~chessarbiter.timecontrol.flag.mate_check`): a dead position must be dead, a flag fall
must be a loss (or a draw) as :func:`~chessarbiter.timecontrol.flag.adjudicate` finds it, and
the opponent of a refusing player gets ½ (the result written ½-0 or 0-½) only when he could
not have won (:func:`~chessarbiter.timecontrol.laws.persistent_refusal`). A loss by sanction
needs the losing side's sanction record to end with the loss
(:class:`~chessarbiter.special.unclocked.SanctionRecord`).

The TRF has no field for a result's reason (TRF16 and TRF-2026 write only each player's result
code): an export carries the result and drops the reason.

>>> from chessarbiter.model import Result
>>> check_result_reason("dead", Result.DRAW, Result.DRAW).reason.label
'dead position'
>>> check_result_reason("dead", Result.WIN, Result.LOSS)
Traceback (most recent call last):
...
chessarbiter.result_reasons.ResultReasonError: the reason 'dead position' allows only ½-½, not 1-0 (Laws 2023 art. 5.2.2; Laws Commentary 1997)
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from chessarbiter.editions import LawsEdition
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Result
from chessarbiter.special.unclocked import SanctionRecord
from chessarbiter.timecontrol.flag import adjudicate, dead_position
from chessarbiter.timecontrol.laws import edition, persistent_refusal

__all__ = [
    "ReasonCheck",
    "ResultReason",
    "ResultReasonError",
    "check_result_reason",
    "result_reason",
]

#: The longest code of a :class:`ResultReason` (what a database column must hold).
MAX_REASON_CODE = 12


class ResultReasonError(ChessArbiterError):
    """A result's reason that does not exist, or that the result (or the position, or the
    sanction record) does not allow."""


_WIN, _LOSS, _DRAW = Result.WIN, Result.LOSS, Result.DRAW
_UWIN, _ULOSS = Result.UNRATED_WIN, Result.UNRATED_LOSS
_DECISIVE = frozenset({(_WIN, _LOSS), (_LOSS, _WIN)})
_DECISIVE_U = _DECISIVE | {(_UWIN, _ULOSS), (_ULOSS, _UWIN)}
_DRAWN = frozenset({(_DRAW, _DRAW)})
#: a refusing player's loss against the opponent's ½ (Laws 2023 art. 11.7)
_LOSS_AGAINST_HALF = frozenset({(_LOSS, _DRAW), (_DRAW, _LOSS)})


class ResultReason(StrEnum):
    """A reason an arbiter gives a board's result (see the module's table)."""

    DEAD_POSITION = "dead"
    FLAG_FALL = "flag"
    FLAG_NO_MATE = "flag-nomate"
    PERSISTENT_REFUSAL = "refusal"
    SANCTION_LOSS = "sanction"

    @property
    def label(self) -> str:
        """The reason as an arbiter names it."""
        return _LABELS[self]

    @property
    def rule(self) -> str:
        """The articles (or the source book) the reason comes from."""
        return _RULES[self]

    @property
    def results(self) -> frozenset[tuple[Result, Result]]:
        """The results (White's code, Black's code) the reason allows."""
        return _RESULTS[self]

    @property
    def decisive(self) -> bool:
        """Whether the reason makes one side lose (else the game is drawn)."""
        return self.results is not _DRAWN


_LABELS = {
    ResultReason.DEAD_POSITION: "dead position",
    ResultReason.FLAG_FALL: "flag fall",
    ResultReason.FLAG_NO_MATE: "flag fall, the opponent cannot mate",
    ResultReason.PERSISTENT_REFUSAL: "persistent refusal to comply with the Laws",
    ResultReason.SANCTION_LOSS: "loss by sanction",
}
_RULES = {
    ResultReason.DEAD_POSITION: "Laws 2023 art. 5.2.2; Laws Commentary 1997",
    ResultReason.FLAG_FALL: "Laws 2023 art. 6.9; Laws Commentary 1997",
    ResultReason.FLAG_NO_MATE: "Laws 2023 art. 6.9; Laws Commentary 1997",
    ResultReason.PERSISTENT_REFUSAL: "Laws 1997 (Laws Commentary 1997); Laws 2023 art. 11.7",
    ResultReason.SANCTION_LOSS: "Team Competitions 1972, games without clocks",
}
_RESULTS = {
    ResultReason.DEAD_POSITION: _DRAWN,
    ResultReason.FLAG_FALL: _DECISIVE_U,
    ResultReason.FLAG_NO_MATE: _DRAWN,
    ResultReason.PERSISTENT_REFUSAL: _DECISIVE_U | _LOSS_AGAINST_HALF,
    ResultReason.SANCTION_LOSS: _DECISIVE,
}
_WRITTEN = {
    (_WIN, _LOSS): "1-0",
    (_LOSS, _WIN): "0-1",
    (_DRAW, _DRAW): "½-½",
    (_UWIN, _ULOSS): "1-0u",
    (_ULOSS, _UWIN): "0-1u",
    (_LOSS, _DRAW): "0-½",
    (_DRAW, _LOSS): "½-0",
}
_HALF = Decimal("0.5")


def result_reason(code: str | ResultReason) -> ResultReason:
    """The reason of ``code``.

    >>> result_reason("refusal").label
    'persistent refusal to comply with the Laws'

    :raises ResultReasonError: for a code that names no reason.
    """
    try:
        return ResultReason(code)
    except ValueError:
        known = ", ".join(r.value for r in ResultReason)
        raise ResultReasonError(f"unknown result reason {code!r} (one of {known})") from None


@dataclass(frozen=True, slots=True)
class ReasonCheck:
    """A reason found to allow a result: ``certain`` when a position settled it (``False``:
    the arbiter's decision, recorded as such), ``note`` what was checked, the side the
    reason is against (``"white"``/``"black"``; empty for a drawn game) and, for a
    persistent refusal, the points of the refusing player's opponent."""

    reason: ResultReason
    certain: bool
    note: str
    against: str = ""
    opponent_points: Decimal | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "reason": self.reason.value,
            "label": self.reason.label,
            "rule": self.reason.rule,
            "certain": self.certain,
            "note": self.note,
            "against": self.against or None,
            "opponent_points": None if self.opponent_points is None else str(self.opponent_points),
        }


def _written(white: Result | None, black: Result | None) -> str:
    if white is None or black is None:
        return "no result"
    return _WRITTEN.get((white, black), f"{white.value}/{black.value}")


def check_result_reason(
    reason: str | ResultReason,
    white: Result | None,
    black: Result | None,
    *,
    fen: str | None = None,
    flagged: str | None = None,
    opponent_points: Decimal | None = None,
    laws: str | int | None = LawsEdition.E1997,
    sanctions: SanctionRecord | None = None,
) -> ReasonCheck:
    """Whether ``reason`` allows the board's result (``white`` and ``black``: each side's
    result code), and what the position ``fen`` (when given) says of it.

    * every reason allows only its results (module table);
    * ``dead`` with a position: :func:`~chessarbiter.timecontrol.flag.dead_position` must not
      find a mate (Laws 2023 art. 5.2.2; Laws Commentary 1997);
    * ``flag`` / ``flag-nomate`` with a position: Laws 2023 art. 6.9 as
      :func:`~chessarbiter.timecontrol.flag.adjudicate` applies it to the flagged player (the
      loser; for a draw, ``flagged`` names him): a loss only when his opponent can still mate,
      a draw only when he cannot;
    * ``refusal``: the refusing player (the loser) has lost; the opponent's score, the
      arbiter's, is the result's: 1 (``1-0``, ``0-1``) or ½ (``½-0``, ``0-½``);
      ``opponent_points``, when given, must say the same. Laws 1997 (Laws Commentary 1997):
      ½ when the opponent could not have won. With a position, the flag-fall mate test of
      :func:`~chessarbiter.timecontrol.laws.persistent_refusal` decides: ½ is refused when the
      opponent can mate; under ``laws`` 1997 a full point is refused when he cannot (under
      2023 art. 11.7 the arbiter decides: recorded, not refused). Without a position, or when
      the test cannot tell, the arbiter's choice stands, recorded as his;
    * ``sanction``: with the loser's ``sanctions`` record, it must end with the loss
      (Team Competitions 1972: remark, demand to speed up, warning, then loss).

    >>> check_result_reason("flag", Result.WIN, Result.LOSS, fen="8/8/4k3/8/8/8/2K5/1N6 b - - 0 1")
    Traceback (most recent call last):
    ...
    chessarbiter.result_reasons.ResultReasonError: flag fall of black: Laws 2023 art. 6.9: the opponent's material (KN) cannot mate by any series of legal moves: the result is ½-½ (reason 'flag fall, the opponent cannot mate'), not a loss
    >>> check_result_reason("refusal", Result.LOSS, Result.DRAW,
    ...                     fen="8/8/4k3/8/8/8/2K5/1N6 w - - 0 1").opponent_points
    Decimal('0.5')

    :raises ResultReasonError: for an unknown reason, a result it does not allow, a position
        that contradicts it, an opponent's score that is not 1 or ½ (or that the position
        contradicts), or a sanction record that does not end with the loss.
    :raises FlagError: for an unreadable or illegal position, or one where the game is over.
    """  # noqa: E501
    why = result_reason(reason)
    if white is None or black is None or (white, black) not in why.results:
        allowed = ", ".join(sorted(_WRITTEN[r] for r in why.results))
        only = "only " if len(why.results) == 1 else ""
        raise ResultReasonError(
            f"the reason {why.label!r} allows {only}{allowed}, not {_written(white, black)} "
            f"({why.rule})"
        )
    loser = ""
    if why.decisive:
        loser = "white" if white.outcome.value == "loss" else "black"
    if why is ResultReason.PERSISTENT_REFUSAL:
        opponent_points = _refusal_points((white, black), opponent_points)
    if why is not ResultReason.PERSISTENT_REFUSAL and opponent_points is not None:
        raise ResultReasonError(
            "an opponent's score is set by the arbiter only for a persistent refusal"
        )
    if why is ResultReason.DEAD_POSITION:
        return _check_dead(why, fen)
    if why in (ResultReason.FLAG_FALL, ResultReason.FLAG_NO_MATE):
        return _check_flag(why, fen, loser or flagged)
    if why is ResultReason.PERSISTENT_REFUSAL:
        return _check_refusal(why, loser, fen, opponent_points, laws)
    if sanctions is not None and not sanctions.lost:
        given = ", ".join(s.value for s in sanctions.given) or "none"
        raise ResultReasonError(
            f"{loser}'s sanctions ({given}) do not end with the loss: a loss by sanction comes "
            f"after {', '.join(s.value for s in sanctions.ladder.steps[:-1])} (Team "
            "Competitions 1972)"
        )
    note = "the sanction record ends with the loss" if sanctions is not None else ""
    return ReasonCheck(why, sanctions is not None, note or "the arbiter's decision", loser)


def _refusal_points(result: tuple[Result, Result], said: Decimal | None) -> Decimal:
    """The refusing player's opponent's score as the result writes it (Laws 2023 art. 11.7:
    the arbiter decides it), checked against the one ``said`` when given."""
    points = _HALF if result in _LOSS_AGAINST_HALF else Decimal(1)
    if said is None or Decimal(said) == points:
        return points
    if Decimal(said) not in (Decimal(1), _HALF):
        raise ResultReasonError(
            f"the opponent's score {said}: 1 or ½ (the arbiter sets it: "
            f"{ResultReason.PERSISTENT_REFUSAL.rule})"
        )
    half = Decimal(said) == _HALF
    opponent = _DRAW if half else _WIN
    wanted = (_LOSS, opponent) if result[0].outcome.value == "loss" else (opponent, _LOSS)
    raise ResultReasonError(
        f"the opponent's score {'½' if half else '1'} is written {_WRITTEN[wanted]}, "
        f"not {_WRITTEN.get(result, '?')}"
    )


def _check_dead(why: ResultReason, fen: str | None) -> ReasonCheck:
    if fen is None:
        return ReasonCheck(why, False, "no position given: the arbiter's decision")
    found = dead_position(fen)
    if found.dead is False:
        raise ResultReasonError(
            f"not a dead position: {found.reason} ({' '.join(found.line)}) ({why.rule})"
        )
    if found.dead is None:
        return ReasonCheck(why, False, f"{found.reason}: the arbiter's decision")
    return ReasonCheck(why, True, found.reason)


def _check_flag(why: ResultReason, fen: str | None, flagged: str | None) -> ReasonCheck:
    against = flagged or ""
    if fen is None:
        return ReasonCheck(why, False, "no position given: the arbiter's decision", against)
    if not flagged:
        raise ResultReasonError("with a position, say whose flag fell (white or black)")
    verdict = adjudicate(fen, flagged)
    wanted = "draw" if why is ResultReason.FLAG_NO_MATE else "loss"
    if verdict.result != wanted and verdict.certain:
        other = ResultReason.FLAG_FALL if wanted == "draw" else ResultReason.FLAG_NO_MATE
        shown = "a loss" if verdict.result == "loss" else "½-½"
        raise ResultReasonError(
            f"flag fall of {flagged}: {verdict.reason}: the result is {shown} (reason "
            f"{other.label!r}), not {'a draw' if wanted == 'draw' else 'a loss'}"
        )
    return ReasonCheck(why, verdict.certain and verdict.result == wanted, verdict.reason, against)


def _check_refusal(
    why: ResultReason,
    loser: str,
    fen: str | None,
    opponent_points: Decimal | None,
    laws: str | int | None,
) -> ReasonCheck:
    points = Decimal(1) if opponent_points is None else Decimal(opponent_points)
    if points not in (Decimal(1), _HALF):
        raise ResultReasonError(
            f"the opponent's score {points}: 1 or ½ (the arbiter sets it: {why.rule})"
        )
    score = persistent_refusal(loser, laws, fen=fen)
    if not score.certain:
        return ReasonCheck(
            why, False, f"{score.reason}: the arbiter's score, recorded", loser, points
        )
    if points != score.opponent_points:
        strict = edition(laws) is LawsEdition.E1997
        if points == _HALF or strict:
            half = "½" if score.opponent_points == _HALF else "1"
            raise ResultReasonError(
                f"the opponent's score {'½' if points == _HALF else '1'}: {score.reason}, "
                f"so he gets {half} ({score.rule})"
            )
        return ReasonCheck(
            why, False, f"{score.reason}; the arbiter's score, recorded", loser, points
        )
    return ReasonCheck(why, True, score.reason, loser, points)
