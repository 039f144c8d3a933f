"""Point systems: what each result is worth (TRF-2026 ``162``, JaVaFo ``XXS``, bbp ``BB*``)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from decimal import Decimal
from typing import TypeAlias

from chessarbiter.errors import PointSystemError
from chessarbiter.model.results import Colour, Result, RoundEntry

Points: TypeAlias = Decimal
"""Scores are exact decimals: ``Decimal("2.5")``."""

ONE = Decimal(1)
HALF = Decimal("0.5")
ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class PointSystem:
    """The value of every result.

    The defaults are FIDE's 1 / ½ / 0 with a pairing-allocated bye worth a win (C.04.1 c). Wins,
    draws and losses may depend on colour (JaVaFo's ``XXS WW= BW= ...``); other values are as in
    bbpPairings' ``BB*`` lines: a forfeit win and a full-point bye are worth a win, a half-point
    bye a draw, unless set otherwise.

    >>> PointSystem().points(RoundEntry(3, Colour.BLACK, Result.DRAW))
    Decimal('0.5')
    >>> football = PointSystem.simple(win=Decimal(3), draw=ONE, loss=ZERO)
    >>> football.points(RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    Decimal('3')
    """

    win_white: Points = ONE
    win_black: Points = ONE
    draw_white: Points = HALF
    draw_black: Points = HALF
    loss_white: Points = ZERO
    loss_black: Points = ZERO
    forfeit_win: Points = ONE
    forfeit_loss: Points = ZERO
    full_point_bye: Points = ONE
    half_point_bye: Points = HALF
    zero_point_bye: Points = ZERO
    pairing_allocated_bye: Points = ONE

    @classmethod
    def simple(
        cls,
        win: Points = ONE,
        draw: Points = HALF,
        loss: Points = ZERO,
        *,
        zero_point_bye: Points | None = None,
        forfeit_loss: Points | None = None,
        pairing_allocated_bye: Points | None = None,
    ) -> PointSystem:
        """A colour-blind system in bbp's terms (``BBW``, ``BBD``, ``BBL``, ``BBZ``, ``BBF``,
        ``BBU``): forfeit wins and full-point byes are worth a win, half-point byes a draw;
        the zero-point bye and the forfeit loss default to 0 and the PAB to a win."""
        return cls(
            win_white=win,
            win_black=win,
            draw_white=draw,
            draw_black=draw,
            loss_white=loss,
            loss_black=loss,
            forfeit_win=win,
            forfeit_loss=ZERO if forfeit_loss is None else forfeit_loss,
            full_point_bye=win,
            half_point_bye=draw,
            zero_point_bye=ZERO if zero_point_bye is None else zero_point_bye,
            pairing_allocated_bye=win if pairing_allocated_bye is None else pairing_allocated_bye,
        )

    @property
    def is_standard(self) -> bool:
        """1 / ½ / 0 with every bye and forfeit at its usual value."""
        return self == STANDARD

    @property
    def is_colour_blind(self) -> bool:
        return (
            self.win_white == self.win_black
            and self.draw_white == self.draw_black
            and self.loss_white == self.loss_black
        )

    @property
    def win(self) -> Points:
        """The value of a win with white (the win value of a colour-blind system)."""
        return self.win_white

    @property
    def draw(self) -> Points:
        return self.draw_white

    @property
    def loss(self) -> Points:
        return self.loss_white

    def points(self, entry: RoundEntry) -> Points:
        """The points one round entry is worth. A round not paired scores as a zero-point bye;
        a game whose result is not in yet scores nothing."""
        result = entry.result
        if result is None:
            return ZERO if entry.opponent is not None else self.zero_point_bye
        white = entry.colour is not Colour.BLACK
        if result is Result.WIN or result is Result.UNRATED_WIN:
            return self.win_white if white else self.win_black
        if result is Result.DRAW or result is Result.UNRATED_DRAW:
            return self.draw_white if white else self.draw_black
        if result is Result.LOSS or result is Result.UNRATED_LOSS:
            return self.loss_white if white else self.loss_black
        return {
            Result.FORFEIT_WIN: self.forfeit_win,
            Result.FORFEIT_LOSS: self.forfeit_loss,
            Result.FULL_POINT_BYE: self.full_point_bye,
            Result.HALF_POINT_BYE: self.half_point_bye,
            Result.ZERO_POINT_BYE: self.zero_point_bye,
            Result.PAIRING_ALLOCATED_BYE: self.pairing_allocated_bye,
        }[result]

    def with_values(self, **values: Points) -> PointSystem:
        """A copy with some values changed (field names as in the class)."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise PointSystemError(f"unknown point-system field(s): {', '.join(unknown)}")
        return replace(self, **values)


STANDARD = PointSystem()
