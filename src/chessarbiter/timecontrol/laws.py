"""The arbiter's rule calculators of each Laws of Chess edition.

Editions (:class:`~chessarbiter.editions.LawsEdition`):

* ``1984`` — the rules Laws Commentary 1997 recalls as in force from 1984 until 30 June 1997;
* ``1997`` — the FIDE Laws effective 1 July 1997, described in Laws Commentary 1997 (commentary of
  the Rules Commission's work, Paris 1995 – Yerevan 1996) and the spec ``fide-rules.md`` section 7
  [L97];
* ``2023`` — the current Laws, effective 1 January 2023 (Laws of Chess 2023); the default.

One function per rule; each docstring cites the edition's article (or the source book when
the sources give no article number). Times are seconds (``int`` or ``float``); results keep
integers when they can.

Sources that do not settle a point are said so where the choice is made; the summary is in
``docs``-style notes at each function.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Literal

from chessarbiter.editions import LawsEdition
from chessarbiter.timecontrol.errors import FlagError, LawsError
from chessarbiter.timecontrol.flag import (
    DEFAULT_MAX_PLIES,
    DEFAULT_NODE_LIMIT,
    flag_board,
    mate_check,
)
from chessarbiter.timecontrol.model import ControlKind, TimeControl, TimingMode

__all__ = [
    "DEFAULT_EDITION",
    "Category",
    "ClaimPenalty",
    "DefaultTime",
    "FlagClaimers",
    "QuickplayDecision",
    "QuickplayOutcome",
    "RefusalScore",
    "ScoresheetTime",
    "classification_minutes",
    "classify",
    "default_time",
    "edition",
    "incorrect_claim",
    "is_default_loss",
    "persistent_refusal",
    "quickplay_claim",
    "scoresheet_deduction",
    "who_may_claim_flag",
]

Seconds = int | float


DEFAULT_EDITION = LawsEdition.E2023


class Category(StrEnum):
    """The kind of game a time control makes."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


def edition(value: str | int | LawsEdition | None) -> LawsEdition:
    """``"1997"``, ``1997`` or ``LawsEdition.E1997`` → :attr:`LawsEdition.E1997`; ``None`` → the
    default (2023).

    >>> edition(1997), edition(None)
    (<LawsEdition.E1997: '1997'>, <LawsEdition.E2023: '2023'>)
    """
    if value is None:
        return DEFAULT_EDITION
    if isinstance(value, LawsEdition):
        return value
    try:
        return LawsEdition(str(value).strip())
    except ValueError:
        known = ", ".join(e.value for e in LawsEdition)
        raise LawsError(f"unknown Laws edition {value!r} (known: {known})") from None


def _num(value: float) -> Seconds:
    """``180.0`` → ``180``; other floats unchanged."""
    return int(value) if float(value).is_integer() else value


def _time(name: str, value: Seconds) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise LawsError(f"{name} must be a number of seconds, not {value!r}")
    if value < 0:
        raise LawsError(f"{name} cannot be negative ({value} s)")
    return float(value)


# -- classification ------------------------------------------------------------------------------


def classification_minutes(control: TimeControl, laws: str | int | None = None) -> float:
    """The time, in minutes, the edition classifies ``control`` by.

    * 1997 (Appendix B1/C1 [L97], Laws Commentary 1997): "all the moves must be made in a fixed
      time" — the sum of all periods' times; increments and delays are not part of a fixed time and
      are ignored (choice: the 1997 text has no increment clause). A control whose last period
      repeats has no fixed time for all moves: ``inf``.
    * 2023 (Appendix A.1/B.1 [LAWS23]): the allotted time plus 60 times any increment — the
      time for 60 moves, :meth:`TimeControl.time_for_moves` (Fischer increments only; a delay is
      not an increment — choice).
    * 1984: the sources describe no rapid or blitz definition of that edition → error.

    A sandclock counts its glass time.

    >>> classification_minutes(TimeControl.parse_pgn("180+2"), 2023)
    5.0
    >>> classification_minutes(TimeControl.parse_pgn("180+2"), 1997)
    3.0
    """
    laws_edition = edition(laws)
    if control.kind is ControlKind.SANDCLOCK:
        assert control.sandclock is not None
        return control.sandclock / 60
    if not control.timed:
        raise LawsError(f"a {control.kind.value} control ({control.to_pgn()}) cannot be classified")
    if laws_edition is LawsEdition.E1997:
        if control.repeats:
            return float("inf")
        return sum(p.seconds for p in control.periods) / 60
    if laws_edition is LawsEdition.E2023:
        return control.time_for_moves(60) / 60
    raise LawsError(
        "the sources give no rapid/blitz definition for the 1984 rules (Laws Commentary 1997 "
        "recalls only "
        "the draw-claim penalty); use 1997 or 2023"
    )


def classify(control: TimeControl | str, laws: str | int | None = None) -> Category:
    """Standard, rapid or blitz.

    * **1997** — Appendix B1 [L97] / Laws Commentary 1997: rapid "all moves in a fixed time of 15 to
      60 minutes" (both ends included: "от 15 до 60 минут"); Appendix C1: blitz "less than 15
      minutes"; anything longer is standard.
    * **2023** — Appendix B.1 [LAWS23]: blitz when the time (+ 60 × increment) is **10 minutes
      or less**; A.1: rapid when it is **more than 10 and less than 60** minutes; standard at 60
      minutes and more.

    ``control`` may be a text (PGN or FIDE style).

    >>> [classify(c, 1997).value for c in ("840", "900", "3600", "3660")]
    ['blitz', 'rapid', 'rapid', 'standard']
    >>> [classify(c, 2023).value for c in ("600", "601", "3599", "3600", "300+6")]
    ['blitz', 'rapid', 'rapid', 'standard', 'rapid']
    """
    if isinstance(control, str):
        control = TimeControl.parse(control)
    minutes = classification_minutes(control, laws)
    if edition(laws) is LawsEdition.E1997:
        if minutes < 15:
            return Category.BLITZ
        return Category.RAPID if minutes <= 60 else Category.STANDARD
    if minutes <= 10:
        return Category.BLITZ
    return Category.RAPID if minutes < 60 else Category.STANDARD


# -- incorrect draw claim ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClaimPenalty:
    """The clocks after an incorrect draw claim, and whether the claimant lost the game."""

    claimant_time: Seconds
    opponent_time: Seconds
    claimant_loses: bool = False
    rule: str = ""

    def as_json(self) -> dict[str, object]:
        """``{"claimant_time": S, "opponent_time": S}``, plus ``"claimant_loses": true`` only
        when the claimant lost (1984 rule)."""
        data: dict[str, object] = {
            "claimant_time": self.claimant_time,
            "opponent_time": self.opponent_time,
        }
        if self.claimant_loses:
            data["claimant_loses"] = True
        return data


def incorrect_claim(
    claimant_time: Seconds,
    opponent_time: Seconds,
    laws: str | int | None = None,
    *,
    category: Category | str = Category.STANDARD,
) -> ClaimPenalty:
    """The clocks after an incorrect draw claim (threefold repetition, 50 moves).

    * **1984** (Laws Commentary 1997, recalling the rule of 1984 – June 1997; no article number in
      the sources): 5 minutes are added to the claimant's used time, i.e. taken from his remaining
      time; a claimant with **less than 5 minutes** at the claim loses the game (then
      ``claimant_loses`` is true, ``claimant_time`` is 0 and the opponent's clock unchanged).
      Exactly 5 minutes leaves 0:00 without the loss the rule speaks of ("less than").
    * **1997** (Laws Commentary 1997, the rule "from 1 July 1997"; the primary
      text unverified): the arbiter deducts **half of the claimant's remaining time, at most
      3 minutes**, and adds **3 minutes** to the opponent (4 minutes left → 2 deducted).
    * **2023** — art. 9.5.3 [LAWS23]: **2 minutes** are added to the opponent's time; the
      claimant's clock is unchanged. In rapid and blitz the art. 7/9 penalties are **1 minute**
      (Appendix A.3; B.2 for blitz) — pass ``category``.

    >>> incorrect_claim(240, 600, 1997).as_json()
    {'claimant_time': 120, 'opponent_time': 780}
    >>> incorrect_claim(240, 600, 1984).claimant_loses
    True
    >>> incorrect_claim(240, 600).opponent_time
    720
    """
    laws_edition = edition(laws)
    claimant = _time("the claimant's time", claimant_time)
    opponent = _time("the opponent's time", opponent_time)
    category = Category(category)
    if laws_edition is LawsEdition.E1984:
        if claimant < 300:
            return ClaimPenalty(
                0,
                _num(opponent),
                True,
                f"Laws 1984 (Laws Commentary 1997): less than 300 s ({_num(claimant)} s) at the "
                f"claim loses",
            )
        return ClaimPenalty(
            _num(claimant - 300),
            _num(opponent),
            False,
            "Laws 1984 (Laws Commentary 1997): 300 s added to the claimant's used time",
        )
    if laws_edition is LawsEdition.E1997:
        deducted = min(claimant / 2, 180.0)
        return ClaimPenalty(
            _num(claimant - deducted),
            _num(opponent + 180),
            False,
            f"Laws 1997 (Laws Commentary 1997): half of {_num(claimant)} s up to 180 s deducted, "
            "180 s added to the opponent",
        )
    bonus = 120 if category is Category.STANDARD else 60
    article = (
        "9.5.3"
        if category is Category.STANDARD
        else ("9.5.3 with A.3" if category is Category.RAPID else "9.5.3 with B.2")
    )
    return ClaimPenalty(
        _num(claimant),
        _num(opponent + bonus),
        False,
        f"Laws 2023 art. {article}: {bonus} s added to the opponent",
    )


# -- quickplay finish ----------------------------------------------------------------------------


class QuickplayDecision(StrEnum):
    """The arbiter's decision on a quickplay-finish draw claim."""

    DRAW = "draw"  # the arbiter agrees: the game is drawn
    POSTPONE = "postpone"  # decision postponed, play continues under the arbiter's eyes
    REJECT = "reject"  # 2023 Guidelines III.5 only


@dataclass(frozen=True, slots=True)
class QuickplayOutcome:
    """What a quickplay-finish claim leads to: whether it is allowed, the game's state and the
    clocks (seconds)."""

    allowed: bool
    result: Literal["draw", "continue", "not allowed"]
    claimant_time: Seconds
    opponent_time: Seconds
    rule: str

    def as_json(self) -> dict[str, object]:
        return {
            "allowed": self.allowed,
            "result": self.result,
            "claimant_time": self.claimant_time,
            "opponent_time": self.opponent_time,
            "rule": self.rule,
        }


def quickplay_claim(
    claimant_time: Seconds,
    opponent_time: Seconds,
    decision: QuickplayDecision | str,
    laws: str | int | None = None,
    *,
    category: Category | str = Category.STANDARD,
    increment: bool = False,
) -> QuickplayOutcome:
    """A draw claim in the quickplay finish (the last, sudden-death period).

    * **1997 art. 10.2** (full text in Laws Commentary 1997): a player with **less than 2 minutes**
      left may claim before his flag falls. (a) The arbiter declares a draw if the opponent is not
      trying to win by normal means or cannot; otherwise he postpones. (b) Postponed: the opponent
      gets **2 extra minutes** and play continues in the arbiter's presence. (c) He may still
      declare a draw later, even after a flag fall. The 1997 text has no "reject"; Appendix C1
      [L97]: art. 10.2 does not apply to blitz.
    * **2023 Guidelines III.5** [LAWS23] (only when the event announced Guidelines III, standard
      or rapid without increment): the same claim with less than 2 minutes; if postponed or
      rejected the opponent gets **2 extra minutes** (the same +2 minutes).
    * **1984**: not in the sources → error.

    A claim with 2 minutes or more, with the flag down (0 s), in blitz or (2023) with an
    increment is not allowed (``allowed`` false, clocks unchanged).

    >>> quickplay_claim(100, 300, "postpone", 1997).opponent_time
    420
    >>> quickplay_claim(130, 300, "draw", 1997).allowed
    False
    """
    laws_edition = edition(laws)
    claimant = _time("the claimant's time", claimant_time)
    opponent = _time("the opponent's time", opponent_time)
    decision = QuickplayDecision(decision)
    category = Category(category)
    if laws_edition is LawsEdition.E1984:
        raise LawsError("the sources describe no quickplay-finish claim for the 1984 rules")
    article = (
        "Laws 1997 art. 10.2"
        if laws_edition is LawsEdition.E1997
        else ("Laws 2023 Guidelines III.5")
    )

    def refuse(why: str) -> QuickplayOutcome:
        return QuickplayOutcome(
            False, "not allowed", _num(claimant), _num(opponent), f"{article}: {why}"
        )

    if laws_edition is LawsEdition.E1997 and decision is QuickplayDecision.REJECT:
        raise LawsError(
            "art. 10.2 of 1997 has no 'reject': the arbiter declares a draw or "
            "postpones his decision"
        )
    if category is Category.BLITZ:
        return refuse("not applicable to blitz (1997 Appendix C; 2023 Guidelines III.1)")
    if laws_edition is LawsEdition.E2023 and increment:
        return refuse("Guidelines III apply only to games without increment")
    if claimant == 0:
        return refuse("the claim must be made before the flag falls")
    if claimant >= 120:
        return refuse(f"the claimant has {_num(claimant)} s, not less than 2 minutes")
    if decision is QuickplayDecision.DRAW:
        return QuickplayOutcome(
            True,
            "draw",
            _num(claimant),
            _num(opponent),
            f"{article}: the arbiter declares the game drawn",
        )
    return QuickplayOutcome(
        True,
        "continue",
        _num(claimant),
        _num(opponent + 120),
        f"{article}: claim {_DONE[decision]}, 2 extra minutes to the opponent",
    )


_DONE = {QuickplayDecision.POSTPONE: "postponed", QuickplayDecision.REJECT: "rejected"}


# -- default time --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DefaultTime:
    """How late a player may arrive: ``seconds`` after ``counted_from``."""

    seconds: Seconds
    counted_from: Literal["scheduled start", "actual start"]
    rule: str

    def as_json(self) -> dict[str, object]:
        return {"seconds": self.seconds, "counted_from": self.counted_from, "rule": self.rule}


def default_time(
    laws: str | int | None = None, *, regulations: Seconds | None = None
) -> DefaultTime:
    """The default (late-arrival) time.

    * **1997 art. 6.6** [L97], Laws Commentary 1997: **one hour**, counted from the **scheduled**
      start of the session, not the actual one (the Yerevan decision; Laws Commentary 1997's
      example: a round scheduled at 15:00 that starts at 15:30 still defaults at 16:00), unless the
      competition rules say otherwise (``regulations``).
    * **2023 art. 6.7.1** [LAWS23]: the event regulations fix it; **zero** if they do not.
    * **1984**: one hour (choice — the Laws Commentary 1997 says it was then disputed whether the
      hour ran from the scheduled or the actual start; this tool counts from the **actual** start,
      the practice the 1997 decision overruled).

    >>> default_time(1997).seconds, default_time(2023).seconds
    (3600, 0)
    >>> default_time(2023, regulations=900).seconds
    900
    """
    laws_edition = edition(laws)
    if regulations is not None:
        _time("the regulations' default time", regulations)
    if laws_edition is LawsEdition.E2023:
        seconds = 0 if regulations is None else _num(regulations)
        return DefaultTime(
            seconds,
            "scheduled start",
            "Laws 2023 art. 6.7.1: the regulations' default time, zero if unspecified",
        )
    if laws_edition is LawsEdition.E1997:
        seconds = 3600 if regulations is None else _num(regulations)
        return DefaultTime(
            seconds,
            "scheduled start",
            "Laws 1997 art. 6.6 (Laws Commentary 1997): one hour from the scheduled start",
        )
    seconds = 3600 if regulations is None else _num(regulations)
    return DefaultTime(
        seconds,
        "actual start",
        "rules of 1984 (Laws Commentary 1997): one hour; the basis was disputed, counted "
        "here from the actual start",
    )


def is_default_loss(
    arrival: Seconds,
    laws: str | int | None = None,
    *,
    regulations: Seconds | None = None,
    delay: Seconds = 0,
) -> bool:
    """Whether a player arriving ``arrival`` seconds after the **scheduled** start loses by
    default, the session having started ``delay`` seconds late.

    1997 art. 6.6: the hour runs from the scheduled start (so ``delay`` does not help); 2023
    art. 6.7.1: arriving **after** the default time loses (exactly at it does not); with the
    default of zero any arrival after the start loses. The arbiter may decide otherwise in both
    editions — this is the rule, not his decision.

    >>> is_default_loss(3700, 1997, delay=1800)
    True
    >>> is_default_loss(60, 2023), is_default_loss(0, 2023)
    (True, False)
    """
    rule = default_time(laws, regulations=regulations)
    late = _time("the arrival time", arrival)
    delay = _time("the session's delay", delay)
    if rule.counted_from == "actual start":
        late -= delay
    return late > rule.seconds


# -- flag claims ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FlagClaimers:
    """Who may establish a flag fall."""

    player: bool
    arbiter: bool
    rule: str

    def as_json(self) -> dict[str, object]:
        return {"player": self.player, "arbiter": self.arbiter, "rule": self.rule}


def who_may_claim_flag(
    category: Category | str,
    laws: str | int | None = None,
    *,
    adequate_supervision: bool = False,
) -> FlagClaimers:
    """Who may call a flag fall.

    * **1997** (Laws Commentary 1997; the Paris/Yerevan decision): in **rapid and blitz only the
      player** may claim it, the arbiter may not intervene; in other games the arbiter may call it
      too.
    * **2023** art. 6.8 [LAWS23]: a flag has fallen when the arbiter observes it or a player
      claims it. In rapid and blitz that holds only under adequate supervision (Appendix A.3 /
      B.3: the Competition Rules apply); otherwise (Appendix A.4, applied to blitz by B.4) the
      flag has fallen only on a player's valid claim and the arbiter refrains from signalling
      it (except when both flags are down). ``adequate_supervision`` defaults to false, the
      usual open-event case.
    * **1984**: the sources do not say → error.

    >>> who_may_claim_flag("blitz", 1997).arbiter, who_may_claim_flag("standard", 1997).arbiter
    (False, True)
    """
    laws_edition = edition(laws)
    category = Category(category)
    if laws_edition is LawsEdition.E1984:
        raise LawsError("the sources do not say who could call a flag under the 1984 rules")
    if laws_edition is LawsEdition.E1997:
        if category is Category.STANDARD:
            return FlagClaimers(
                True, True, "Laws 1997 (Laws Commentary 1997): the arbiter may call a flag"
            )
        return FlagClaimers(
            True,
            False,
            "Laws 1997 (Laws Commentary 1997): in rapid and blitz only the player may claim a flag "
            "fall",
        )
    if category is Category.STANDARD:
        return FlagClaimers(True, True, "Laws 2023 art. 6.8")
    if adequate_supervision:
        appendix = "A.3" if category is Category.RAPID else "B.3"
        return FlagClaimers(
            True, True, f"Laws 2023 {appendix}: adequate supervision, art. 6.8 applies"
        )
    appendix = "A.4" if category is Category.RAPID else "B.4 with A.4"
    return FlagClaimers(
        True,
        False,
        f"Laws 2023 {appendix}: without adequate supervision only a player's "
        "claim establishes a flag fall",
    )


def bonus_is_increment(control: TimeControl) -> bool:
    """True when some period has a Fischer increment (Guidelines III need none).

    >>> [bonus_is_increment(TimeControl.parse_pgn(c)) for c in ("5400+30", "5400d5")]
    [True, False]
    """
    return control.timed and any(
        p.increment and p.mode is TimingMode.FISCHER for p in control.periods
    )


# -- a player who cannot keep score --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoresheetTime:
    """The time a player who cannot keep score starts with."""

    start_time: Seconds
    deducted: Seconds
    rule: str

    def as_json(self) -> dict[str, object]:
        return {"start_time": self.start_time, "deducted": self.deducted, "rule": self.rule}


def scoresheet_deduction(
    allotted: Seconds, deduction: Seconds, laws: str | int | None = None
) -> ScoresheetTime:
    """The clock of a player unable to keep score: the time the arbiter fixes for the
    recording (``deduction``) is taken from his allotted time at the start of the game.

    * **1997** (Laws Commentary 1997, new in the Laws effective 1 July 1997: "if a player
      cannot keep score for physical or religious reasons, the time needed for it, determined
      by the arbiter, is deducted from his allotted time at the start of the game"; it ended
      the disputes over players who would not write on the Sabbath);
    * **2023** art. 8.1.6 [LAWS23]: the same (an amount of time decided by the arbiter);
    * **1984**: no such rule (Laws Commentary 1997 introduces it as new) → error.

    >>> scoresheet_deduction(5400, 600, 1997).start_time
    4800

    :raises LawsError: for the 1984 rules, a negative time, or a deduction larger than the
        allotted time.
    """
    laws_edition = edition(laws)
    total = _time("the allotted time", allotted)
    taken = _time("the deduction", deduction)
    if laws_edition is LawsEdition.E1984:
        raise LawsError(
            "the 1984 rules had no time deduction for a player who cannot keep score (Laws "
            "Commentary 1997: new in the Laws of 1 July 1997)"
        )
    if taken > total:
        raise LawsError(
            f"the deduction ({_num(taken)} s) is larger than the allotted time ({_num(total)} s)"
        )
    rule = (
        "Laws 1997 (Laws Commentary 1997): the time for keeping score, fixed by the arbiter, "
        "is deducted from the allotted time at the start of the game"
        if laws_edition is LawsEdition.E1997
        else "Laws 2023 art. 8.1.6: the time decided by the arbiter is deducted from the "
        "allotted time at the beginning of the game"
    )
    return ScoresheetTime(_num(total - taken), _num(taken), rule)


# -- persistent refusal to obey the Laws ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RefusalScore:
    """The game of a player who persistently refuses to obey the Laws: he loses; the points of
    his opponent (``opponent_points``), whether they are settled by the position (``certain``;
    otherwise the arbiter's call), the PGN ``Termination`` tag and the rule."""

    offender_points: Decimal
    opponent_points: Decimal
    certain: bool
    reason: str
    rule: str
    termination: str = "rules infraction"

    def as_json(self) -> dict[str, object]:
        return {
            "offender_points": str(self.offender_points),
            "opponent_points": str(self.opponent_points),
            "certain": self.certain,
            "reason": self.reason,
            "termination": self.termination,
            "rule": self.rule,
        }


def persistent_refusal(
    offender: str | bool,
    laws: str | int | None = None,
    *,
    fen: str | None = None,
    max_plies: int = DEFAULT_MAX_PLIES,
    node_limit: int = DEFAULT_NODE_LIMIT,
) -> RefusalScore:
    """The score of a game lost by persistent refusal to comply with the Laws.

    * **1997** (Laws Commentary 1997, a new article of the Laws effective 1 July 1997): the
      player who persistently refuses to obey the Laws loses; the arbiter sets his opponent's
      score — half a point when the opponent could not have won, e.g. with a lone king;
    * **2023** art. 11.7 [LAWS23]: the same loss, "the arbiter shall decide the score of the
      opponent"; the same test is offered as the arbiter's guide;
    * **1984**: not in the sources → error.

    Whether the opponent could have won is the flag-fall test of
    :func:`~chessarbiter.timecontrol.flag.mate_check` on the position ``fen`` (``offender``
    is the side that refused): ½ when he cannot mate by any series of legal moves (proven),
    1 when a mate is possible; without a position, or when the search cannot tell, 1 with
    ``certain`` false (the arbiter may give ½ on what he sees).

    >>> persistent_refusal("white", 1997, fen="8/8/4k3/8/8/8/2K5/1N6 w - - 0 1").opponent_points
    Decimal('0.5')
    >>> persistent_refusal("black", 2023).certain
    False

    :raises LawsError: for the 1984 rules or an unknown side.
    :raises FlagError: for an unreadable or illegal position, or one where the game is over.
    """
    laws_edition = edition(laws)
    if laws_edition is LawsEdition.E1984:
        raise LawsError("the sources give no persistent-refusal rule for the 1984 rules")
    side = offender if isinstance(offender, bool) else offender.strip().lower()
    if side not in ("white", "black", True, False):
        raise LawsError(f"offender {offender!r}: write white or black")
    refuser = side in ("white", True)
    rule = (
        "Laws 1997 (Laws Commentary 1997): persistent refusal to obey the Laws loses; the "
        "arbiter sets the opponent's score, ½ when he could not have won"
        if laws_edition is LawsEdition.E1997
        else "Laws 2023 art. 11.7: persistent refusal to comply with the Laws loses; the "
        "arbiter decides the opponent's score"
    )
    win, half = Decimal(1), Decimal("0.5")
    if fen is None:
        return RefusalScore(
            Decimal(0),
            win,
            False,
            "no position given: the arbiter gives ½ if the opponent could not have won",
            rule,
        )
    board = flag_board(fen)
    if board.is_checkmate() or board.is_stalemate():
        raise FlagError(f"FEN {fen!r}: the game is already over")
    check = mate_check(board, not refuser, max_plies=max_plies, node_limit=node_limit)
    if check.possible is False:
        return RefusalScore(
            Decimal(0), half, True, "the opponent cannot mate by any series of legal moves", rule
        )
    if check.possible:
        return RefusalScore(
            Decimal(0),
            win,
            True,
            f"the opponent can mate (helpmate in {len(check.line)} plies)",
            rule,
        )
    return RefusalScore(
        Decimal(0),
        win,
        False,
        f"a mate by the opponent is not excluded (no helpmate found within {max_plies} plies)",
        rule,
    )
