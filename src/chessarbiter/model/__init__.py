"""The tournament model: pure data and the rules that keep it consistent. No I/O."""

from chessarbiter.model.player import NationalRating, Player, Team
from chessarbiter.model.points import HALF, ONE, STANDARD, ZERO, Points, PointSystem
from chessarbiter.model.results import Colour, Outcome, PlayerId, Result, RoundEntry
from chessarbiter.model.teams import (
    BoardGame,
    BoardPairing,
    ColourPreferenceType,
    MatchKind,
    MatchScoring,
    PrimaryScore,
    Record,
    TeamEntry,
    TeamEvent,
    TeamMatch,
    TeamScoreError,
)
from chessarbiter.model.tournament import (
    RECORD_FIELDS,
    Acceleration,
    ByeRequest,
    ExtraRecord,
    Field,
    ForbiddenPairs,
    Inconsistency,
    Tournament,
)

__all__ = [
    "HALF",
    "ONE",
    "RECORD_FIELDS",
    "STANDARD",
    "ZERO",
    "Acceleration",
    "BoardGame",
    "BoardPairing",
    "ByeRequest",
    "Colour",
    "ColourPreferenceType",
    "ExtraRecord",
    "Field",
    "ForbiddenPairs",
    "Inconsistency",
    "MatchKind",
    "MatchScoring",
    "NationalRating",
    "Outcome",
    "Player",
    "PlayerId",
    "PointSystem",
    "Points",
    "PrimaryScore",
    "Record",
    "Result",
    "RoundEntry",
    "Team",
    "TeamEntry",
    "TeamEvent",
    "TeamMatch",
    "TeamScoreError",
    "Tournament",
]
