"""The exception hierarchy: every library error is a ChessArbiterError and a ValueError."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chessarbiter import errors
from chessarbiter.errors import (
    ByeRequestError,
    ChessArbiterError,
    PointSystemError,
    ResultCodeError,
    RoundEntryError,
    RoundNumberError,
    TournamentError,
)
from chessarbiter.model import STANDARD, ByeRequest, Colour, Player, Result, RoundEntry


def test_every_exception_class_derives_from_chess_arbiter_error():
    """The module's promise: a caller may catch the narrow class, ChessArbiterError or
    ValueError (as callers written before the narrow classes do)."""
    classes = [
        value
        for value in vars(errors).values()
        if isinstance(value, type) and issubclass(value, BaseException)
    ]
    assert len(classes) > 10
    for cls in classes:
        assert issubclass(cls, ChessArbiterError), cls
        assert issubclass(cls, ValueError), cls


@pytest.mark.parametrize(
    ("error", "parent"),
    [
        (RoundNumberError, TournamentError),
        (RoundEntryError, TournamentError),
        (ByeRequestError, TournamentError),
        (ResultCodeError, ChessArbiterError),
        (PointSystemError, ChessArbiterError),
    ],
)
def test_model_errors_are_narrow(error, parent):
    assert issubclass(error, parent)
    assert error is not parent


def test_model_raises_only_library_errors():
    """Each bad model input raises its narrow class, caught by ``except ValueError`` too."""
    cases: list[tuple[Callable[[], object], type[ChessArbiterError]]] = [
        (lambda: Player(1, "A").entry(0), RoundNumberError),
        (lambda: Player(1, "A").set_entry(0, RoundEntry.NOT_PAIRED), RoundNumberError),
        (lambda: ByeRequest(Result.HALF_POINT_BYE, 0, (1,)), RoundNumberError),
        (lambda: ByeRequest(Result.PAIRING_ALLOCATED_BYE, 1, (1,)), ByeRequestError),
        (lambda: Result.from_code("X"), ResultCodeError),
        (lambda: RoundEntry(0, Colour.WHITE, Result.WIN), RoundEntryError),
        (lambda: RoundEntry(None, Colour.WHITE, None), RoundEntryError),
        (lambda: RoundEntry(3, Colour.NONE, Result.HALF_POINT_BYE), RoundEntryError),
        (lambda: RoundEntry(None, Colour.WHITE, Result.FULL_POINT_BYE), RoundEntryError),
        (lambda: RoundEntry(None, Colour.WHITE, Result.WIN), RoundEntryError),
        (lambda: RoundEntry(3, Colour.NONE, Result.DRAW), RoundEntryError),
        (lambda: RoundEntry.NOT_PAIRED.white_and_black(1), RoundEntryError),
        (lambda: STANDARD.with_values(pab=STANDARD.win), PointSystemError),
    ]
    for call, error in cases:
        with pytest.raises(error) as caught:
            call()
        assert type(caught.value) is error
        with pytest.raises(ValueError):
            call()
