"""The C.07 tie-breaks by FIDE acronym: each one's function and what it accepts.

Every tie-break is one function, in the module of its C.07 article
(:mod:`~chessarbiter.tiebreaks.direct_encounter` Art. 6,
:mod:`~chessarbiter.tiebreaks.own_results` Art. 7, :mod:`~chessarbiter.tiebreaks.buchholz`
Art. 8, :mod:`~chessarbiter.tiebreaks.sonneborn_berger` Art. 9,
:mod:`~chessarbiter.tiebreaks.ratings` Art. 10), registered here by its acronym with its
capabilities: the modifiers of Art. 14 it accepts, whether a lower value ranks higher, and how a
breakdown shows it. The tie-break lists (TRF-2026 ``202``/``212``, the settings, the command
line) are checked against this registry and name its acronyms (:func:`acronyms`).

>>> import chessarbiter.tiebreaks
>>> lookup("BH").article, sorted(m.value for m in lookup("BH").modifiers)
('C.07 8.1', ['C', 'M'])
>>> acronyms()[:4]
('DE', 'WIN', 'WON', 'BPG')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, TypeAlias

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import PlayerId

if TYPE_CHECKING:
    from chessarbiter.tiebreaks.context import Context
    from chessarbiter.tiebreaks.spec import TieBreakSpec

__all__ = [
    "REGISTRY",
    "Breakdown",
    "Modifier",
    "TieBreak",
    "UnsupportedTieBreakError",
    "acronyms",
    "lookup",
    "register",
    "register_column",
]


class UnsupportedTieBreakError(ChessArbiterError):
    """A tie-break, modifier or edition that is not (yet) computed, or is malformed."""


class Modifier(StrEnum):
    """A modifier of a tie-break name (TRF-2026 grammar; C.07 Art. 14 and the articles named).
    ``/R`` (reverse order) is accepted by every tie-break."""

    CUT = "C"  # 14.1 Cut-n
    MEDIAN = "M"  # 14.2 Median-n
    LIMIT = "L"  # 14.5 the Koya limit moved
    FORFEITS_PLAYED = "P"  # 6.1.1 forfeits count as played
    FORE = "F"  # 8.2 the average of the opponents' Fore Buchholz


class Breakdown(Enum):
    """What a breakdown (:mod:`~chessarbiter.tiebreaks.breakdown`) shows for each round."""

    #: Each round's counted opponent's score (the dummy or virtual opponent's when unplayed).
    OPPONENT_SCORES = "opponent scores"
    #: Each round's counted opponent's score times the points scored against him.
    SCORE_PRODUCTS = "score products"
    #: The games played over the board against rated opponents, with their ratings.
    RATED_GAMES = "rated games"
    #: Each round's points.
    ROUNDS = "rounds"
    #: Nothing per round: the value is the player's own (pairing number, rating).
    NONE = "none"


#: A tie-break computed player by player: its value for one player.
Value: TypeAlias = "Callable[[Context, PlayerId, TieBreakSpec], Decimal]"
#: A tie-break computed for the whole table at once, once the tie-breaks before it are known
#: (direct encounter): it sets its column of ``table``.
Column: TypeAlias = (
    "Callable[[Context, TieBreakSpec, Sequence[TieBreakSpec], dict[PlayerId, dict[str, Decimal]]],"
    " None]"
)


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One registered tie-break: its acronym, the article defining it, its function (``value``
    per player, or ``column`` for the whole table) and its capabilities."""

    acronym: str
    article: str
    title: str
    value: Value | None = None
    column: Column | None = None
    #: The modifiers it accepts besides ``/R``.
    modifiers: frozenset[Modifier] = frozenset()
    #: A lower value ranks higher (a rank, a pairing number).
    ascending: bool = False
    breakdown: Breakdown = Breakdown.ROUNDS
    #: Read from the rounds with the last round's games drawn (C.07 8.3, Fore Buchholz).
    last_round_drawn: bool = False

    @property
    def order(self) -> tuple[int, ...]:
        """The article as numbers, the order the tie-breaks are listed in."""
        return tuple(int(n) for n in re.findall(r"\d+", self.article.removeprefix("C.07")))


#: Every registered tie-break by acronym.
REGISTRY: dict[str, TieBreak] = {}


def _add(tiebreak: TieBreak) -> None:
    if tiebreak.acronym in REGISTRY:
        raise AssertionError(f"tie-break {tiebreak.acronym} registered twice")
    REGISTRY[tiebreak.acronym] = tiebreak


def register(
    acronym: str,
    article: str,
    title: str,
    *,
    modifiers: Sequence[Modifier] = (),
    ascending: bool = False,
    breakdown: Breakdown = Breakdown.ROUNDS,
    last_round_drawn: bool = False,
) -> Callable[[Value], Value]:
    """Register the decorated function as the tie-break ``acronym`` of C.07 ``article``."""

    def decorate(function: Value) -> Value:
        _add(
            TieBreak(
                acronym,
                article,
                title,
                value=function,
                modifiers=frozenset(modifiers),
                ascending=ascending,
                breakdown=breakdown,
                last_round_drawn=last_round_drawn,
            )
        )
        return function

    return decorate


def register_column(
    acronym: str,
    article: str,
    title: str,
    *,
    modifiers: Sequence[Modifier] = (),
    ascending: bool = False,
) -> Callable[[Column], Column]:
    """Register the decorated function as the tie-break ``acronym``, computed for the whole
    table after the tie-breaks before it."""

    def decorate(function: Column) -> Column:
        _add(
            TieBreak(
                acronym,
                article,
                title,
                column=function,
                modifiers=frozenset(modifiers),
                ascending=ascending,
            )
        )
        return function

    return decorate


def acronyms() -> tuple[str, ...]:
    """The acronyms registered, in the order of their C.07 articles."""
    return tuple(t.acronym for t in sorted(REGISTRY.values(), key=lambda t: t.order))


def lookup(acronym: str) -> TieBreak:
    """The tie-break registered as ``acronym``.

    :raises UnsupportedTieBreakError: for an acronym that is not registered.
    """
    tiebreak = REGISTRY.get(acronym)
    if tiebreak is None:
        raise UnsupportedTieBreakError(
            f"tie-break {acronym} (C.07) is not a C.07 tie-break; available: "
            + ", ".join(acronyms())
        )
    return tiebreak
