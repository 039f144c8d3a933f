"""The settings of an event and of its players, checked in one place.

Every way into a stored event (a form, a TRF import, a player list, the API) passes its values
through :func:`validate_event` or :func:`validate_player` before anything is stored, so that a
stored event can always be paired, scored and shown: each tie-break list parses with the
library's own parser (C.07 for individual lists, :mod:`chessarbiter.tiebreaks.teams` for team
lists), each edition and system is one the library knows, and every number a user can type is
inside its bound (:mod:`chessarbiter.limits`).

A problem is reported per field: :class:`SettingsError` carries ``problems``, a mapping from the
field's name to the message, so that a form can put each message beside its field.

>>> validate_event(EventSettings(rounds=9, tiebreaks="BH/C1,BH,SB")).rounds
9
>>> validate_event(EventSettings(rounds=0, tiebreaks="XYZ"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
chessarbiter.event_settings.SettingsError: rounds: rounds must be between 1 and 99 (got 0); ...
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from chessarbiter import limits
from chessarbiter.categories import birth_date_of
from chessarbiter.editions import DutchEdition, TieBreakEdition
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model.teams import PrimaryScore
from chessarbiter.pairing.knockout.matches import PRESETS as MATCH_FORMATS
from chessarbiter.pairing.knockout.matches import (
    DrawnMatchRule,
    MatchError,
    parse_board_weights,
    parse_drawn_rules,
)
from chessarbiter.pairing.systems import EVENT_RULES
from chessarbiter.pairing.teams.lineups import ReserveRegime
from chessarbiter.pairing.teams.team_swiss import TeamSwissSystem, pairing_score_problem
from chessarbiter.registration import FIDE_TITLES, RATING_MAX
from chessarbiter.special.consultation import ConsultationError, group_from_text
from chessarbiter.special.handicap import HandicapError, parse_limits, parse_time_odds
from chessarbiter.special.unclocked import Ladder
from chessarbiter.tiebreaks import parse_list
from chessarbiter.tiebreaks import teams as team_tiebreaks
from chessarbiter.trf import control_character

__all__ = [
    "BOUNDS",
    "CONSULTATION",
    "DEFAULT_TEAM_TIEBREAKS",
    "DEFAULT_TIEBREAKS",
    "KNOCKOUT_SCHEMES",
    "LOCKED_ONCE_PAIRED",
    "LOCKED_ONCE_PLAYED",
    "LOCKED_ONCE_RECORDED",
    "MAX_POINTS",
    "ROUND_ROBIN_DEFAULT_TIEBREAKS",
    "ROUND_ROBIN_SYSTEMS",
    "SEXES",
    "SIMUL_CONTEST",
    "SYSTEMS",
    "EventSettings",
    "PlayerSettings",
    "SettingsError",
    "birth_date_problem",
    "birth_date_text",
    "default_tiebreaks",
    "event_problems",
    "group_problem",
    "player_problems",
    "sex_problem",
    "team_tiebreak_problem",
    "tiebreak_problem",
    "title_problem",
    "validate_event",
    "validate_player",
]

#: The pairing systems an event can run under: the FIDE Dutch Swiss (C.04.3), the Berger
#: tables (C.05), a knockout bracket, the two team systems (Berger tables for teams,
#: team Swiss C.04.6), the team cup (Team Competitions 1972, the Olympic system) and a
#: tournament of consultation groups (Team Competitions 1972, consultation games: each
#: participant a group, :mod:`chessarbiter.special.consultation`) and a simul contest (Team
#: Competitions 1972: each participant an exhibitor, ranked by score and time,
#: :func:`chessarbiter.special.simul.simul_contest`).
SYSTEMS: Final = (
    "swiss",
    "roundrobin",
    "knockout",
    "team-rr",
    "team-swiss",
    "team-cup",
    "consultation",
    "simul-contest",
)
#: The system whose participants are the exhibitors of a simul contest (no rounds: each
#: exhibitor's score, minutes and boards, :func:`chessarbiter.special.simul.contest_problems`).
SIMUL_CONTEST: Final = "simul-contest"
#: The system whose participants are consultation groups (a player row a group, its people in
#: ``members``, :func:`group_problem`).
CONSULTATION: Final = "consultation"
#: The knockout brackets of :mod:`chessarbiter.pairing.knockout.brackets`.
KNOCKOUT_SCHEMES: Final = ("fide-1997", "cup", "seeded")
#: Accelerated pairings: none, or the Baku method (C.04.5).
ACCELERATIONS: Final = ("", "baku")
#: The colour the first-ranked player has in round 1 (TRF ``XXC`` / TRF-2026 ``152``).
INITIAL_COLOURS: Final = ("white", "black")
#: The primary scores of a team event (:class:`chessarbiter.model.teams.PrimaryScore`).
TEAM_SCORES: Final = tuple(s.value for s in PrimaryScore)
#: The pairing systems of a team Swiss
#: (:class:`chessarbiter.pairing.teams.team_swiss.TeamSwissSystem`).
TEAM_PAIRINGS: Final = tuple(x.value for x in TeamSwissSystem)
#: The most points one result can be worth: a TRF16 points field has four columns, and a
#: single result must fit in it (``99.9``).
MAX_POINTS: Final = Decimal("99.9")
#: The settings fixed once round 1 is paired, because the stored rounds were made under them:
#: the system, the pairing rules, the acceleration and the initial colour made the pairings;
#: the points of a win, draw, loss and of the pairing-allocated bye are the scores the later
#: rounds were paired on (score groups, C.04.3) and the results' meaning; the number of boards
#: per team is the size of every stored team match; the team score and the team Swiss system
#: paired the team rounds (C.04.6 pairs on the primary score); the reserve regime made the
#: line-ups of the paired rounds. Tie-breaks, their edition and the team tie-breaks only order
#: the standings, which are computed afresh from the stored results: they stay editable. The
#: number of rounds stays editable down to the rounds paired and the byes requested.
LOCKED_ONCE_PAIRED: Final = (
    "system",
    "edition",
    "acceleration",
    "initial_colour",
    "win_points",
    "draw_points",
    "loss_points",
    "bye_points",
    "boards_per_team",
    "team_score",
    "team_pairing",
    "reserve_regime",
)
#: Knockout settings fixed once a game or walkover of the bracket is recorded: the match
#: format and the seed of the colour lots gave the games their colours and phases, the scheme
#: made the bracket. Before that the bracket can be drawn again, so a change of scheme
#: discards the drawn bracket (to be drawn again) and the other two are free. A team cup's
#: legs per match, boards, drawn-match rules and board weights decided the matches already
#: played, and its reserve regime seated their line-ups.
LOCKED_ONCE_PLAYED: Final = (
    "knockout_scheme",
    "match_format",
    "lot_seed",
    "boards_per_team",
    "cup_legs",
    "cup_drawn_match",
    "cup_board_weights",
    "reserve_regime",
)
#: A simul contest's settings fixed once an exhibitor's result is recorded: the system, and
#: the boards every exhibitor plays, which the recorded scores were checked against. The
#: deduction period only ranks the results, which are ranked afresh: it stays editable.
LOCKED_ONCE_RECORDED: Final = ("system", "simul_boards")
#: The bounds (lowest, highest) of every number of an event's or a player's settings that a
#: user types, from :mod:`chessarbiter.limits`: :func:`event_problems` and
#: :func:`player_problems` check them, and a form or a database field can show them.
BOUNDS: Final[Mapping[str, tuple[int | Decimal, int | Decimal]]] = {
    "rounds": (1, limits.MAX_ROUNDS),
    "boards_per_team": (1, limits.MAX_BOARDS_PER_TEAM),
    "lot_seed": (0, limits.MAX_LOT_SEED),
    "cup_legs": (1, 2),
    "win_points": (0, MAX_POINTS),
    "draw_points": (0, MAX_POINTS),
    "loss_points": (0, MAX_POINTS),
    "bye_points": (0, MAX_POINTS),
    "rating": (0, RATING_MAX),
    "entry_round": (1, limits.MAX_ROUNDS),
    "entry_stage": (1, limits.MAX_KNOCKOUT_STAGES),
    "personal_number": (1, limits.MAX_PERSONAL_NUMBER),
    "simul_boards": (1, limits.MAX_SIMUL_BOARDS),
    "simul_per_minutes": (1, limits.MAX_MINUTES),
}
#: The individual tie-breaks of a new event (C.07: Buchholz Cut 1, Buchholz,
#: Sonneborn-Berger, direct encounter).
DEFAULT_TIEBREAKS: Final = "BH/C1,BH,SB,DE"
#: The team tie-breaks of a new team event (C.07 for teams: match points then game points,
#: extended direct encounter, extended Sonneborn-Berger).
DEFAULT_TEAM_TIEBREAKS: Final = "MPvGP,EDET,EMGSB"
#: The systems whose players (or teams) all meet: C.07 (2026) 8 excludes the Buchholz family
#: from them. A tournament of consultation groups is a round robin of the groups (our choice of
#: format, :func:`chessarbiter.special.consultation.schedule`).
ROUND_ROBIN_SYSTEMS: Final = ("roundrobin", "team-rr", CONSULTATION)
#: The individual tie-breaks of a new round robin: direct encounter, wins, Sonneborn-Berger,
#: Koya (the order recommended for individual round robins since C.02 13, and no Buchholz,
#: which C.07 (2026) 8 excludes from round robins).
ROUND_ROBIN_DEFAULT_TIEBREAKS: Final = "DE,WIN,SB,KS"
#: A player's sex as TRF16 record 001 writes it (column 10): ``m`` a man, ``w`` a woman.
SEXES: Final = ("m", "w")
#: Read as well (any case): ``f`` for a woman, as other programs write it (the categories read
#: ``f`` and ``w`` alike, :mod:`chessarbiter.categories`).
_SEXES_READ: Final = frozenset((*SEXES, "f"))
#: The columns of a title in TRF record 001 (11-13).
_TITLE_COLUMNS: Final = 3
#: A birth date whose every digit is zero: unknown, as some programs write it.
_UNKNOWN_BIRTH: Final = re.compile(r"0000(?:(?P<sep>[-/.])00(?P=sep)00)?")


def default_tiebreaks(system: str) -> str:
    """The individual tie-break list a new event of ``system`` starts with (the chief arbiter
    may change it): for a round robin (:data:`ROUND_ROBIN_SYSTEMS`)
    :data:`ROUND_ROBIN_DEFAULT_TIEBREAKS`, never a Buchholz (C.07 (2026) 8: the Buchholz
    family is not used in round robins, where every player meets the same opponents);
    otherwise :data:`DEFAULT_TIEBREAKS` (Buchholz Cut 1, Buchholz, Sonneborn-Berger, direct
    encounter: C.07 (2026) for a Swiss). A system this function does not know (a new kind of
    event) takes the Swiss list.

    >>> default_tiebreaks("roundrobin"), default_tiebreaks("swiss")
    ('DE,WIN,SB,KS', 'BH/C1,BH,SB,DE')
    """
    return ROUND_ROBIN_DEFAULT_TIEBREAKS if system in ROUND_ROBIN_SYSTEMS else DEFAULT_TIEBREAKS


def sex_problem(sex: str) -> str | None:
    """What is wrong with a player's sex (TRF16 record 001, column 10), or None: blank, or one
    of :data:`SEXES` (``m``, ``w``); ``f`` is read as ``w``, in any case.

    >>> sex_problem("w") is None, sex_problem("F") is None, sex_problem("")
    (True, True, None)
    >>> sex_problem("x")
    "sex 'x' is not m (man) or w (woman)"
    """
    if sex.strip().lower() in _SEXES_READ or not sex.strip():
        return None
    return f"sex {sex!r} is not m (man) or w (woman)"


def title_problem(title: str) -> str | None:
    """What is wrong with a player's title (TRF record 001, columns 11-13), or None: blank, a
    FIDE title (:data:`chessarbiter.registration.FIDE_TITLES`, or its TRF16 code ``g``,
    ``wf``... :func:`chessarbiter.model.player.display_title`), or another title of at most
    three letters as other programs write national titles (kept as written).

    >>> title_problem("GM") is None, title_problem("wf") is None, title_problem("KM") is None
    (True, True, True)
    >>> title_problem("G.M.")
    "title 'G.M.' is not a title: at most 3 letters (GM, IM, WGM, FM, WIM, CM, WFM, WCM)"
    """
    written = title.strip()
    if not written or (len(written) <= _TITLE_COLUMNS and written.isalpha()):
        return None
    return (
        f"title {title!r} is not a title: at most {_TITLE_COLUMNS} letters "
        f"({', '.join(FIDE_TITLES)})"
    )


def birth_date_problem(text: str) -> str | None:
    """What is wrong with a player's birth date (TRF16 record 001, columns 70-79:
    ``YYYY/MM/DD``), or None: blank, a date or a year as TRF files and the player database
    write it (:func:`chessarbiter.categories.birth_date_of`: ``YYYY``, ``YYYY/MM/DD``,
    ``YYYY-MM-DD``, ``YYYY.MM.DD``, with ``00`` for an unknown month and day), or all zeros
    (unknown). A day that does not exist is refused.

    >>> [birth_date_problem(t) for t in ("", "1969.12.06", "2010", "2010/00/00", "0000/00/00")]
    [None, None, None, None, None]
    >>> birth_date_problem("2010/02/31")
    "birth date '2010/02/31' is not a date YYYY/MM/DD or a year YYYY"
    """
    written = text.strip()
    if not written or birth_date_of(written) is not None or _UNKNOWN_BIRTH.fullmatch(written):
        return None
    return f"birth date {text!r} is not a date YYYY/MM/DD or a year YYYY"


def birth_date_text(day: datetime.date) -> str:
    """A birth date as TRF16 record 001 writes it (columns 70-79, ``YYYY/MM/DD``), the form in
    which a typed date is stored (a TRF import keeps the file's own).

    >>> birth_date_text(datetime.date(1969, 12, 6))
    '1969/12/06'
    """
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


class SettingsError(ChessArbiterError):
    """Settings that cannot be stored: ``problems`` maps each field to what is wrong with it."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        self.problems: dict[str, str] = dict(problems)
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.problems.items()))


@dataclass(frozen=True, slots=True)
class EventSettings:
    """What shapes an event's pairings, scores and standings (the web's event fields by the
    same names). Points are per result: win, draw, loss, and the pairing-allocated bye."""

    system: str = "swiss"
    edition: str = "2026"
    rounds: int = 9
    win_points: Decimal = Decimal(1)
    draw_points: Decimal = Decimal("0.5")
    loss_points: Decimal = Decimal(0)
    bye_points: Decimal = Decimal(1)
    acceleration: str = ""
    initial_colour: str = "white"
    tiebreaks: str = DEFAULT_TIEBREAKS
    tiebreak_edition: str = "2026"
    boards_per_team: int = 4
    team_score: str = "mp"
    team_tiebreaks: str = DEFAULT_TEAM_TIEBREAKS
    team_pairing: str = "c0406"
    reserve_regime: str = "shifting"
    knockout_scheme: str = "seeded"
    match_format: str = "fide-1997"
    lot_seed: int = 1997
    cup_legs: int = 1
    cup_drawn_match: str = "replay"
    cup_board_weights: str = ""
    handicap_limits: str = ""
    #: The sanctions against slow play in games without clocks (Team Competitions 1972): a
    #: :class:`~chessarbiter.special.unclocked.Ladder` value, ``game`` or ``blitz``.
    sanction_ladder: str = Ladder.GAME.value
    #: An organiser's table of time odds (:func:`~chessarbiter.special.handicap.parse_time_odds`);
    #: blank: none.
    time_odds: str = ""
    #: A match of federations played as one round robin (Team Competitions 1972, "Matches of
    #: two teams": the mixed round robin): its match score from the games between them.
    mixed_match: bool = False
    #: A simul contest (Team Competitions 1972): the opponents each exhibitor plays (None: not
    #: fixed), and the minutes over the fastest simul that cost ½ point
    #: (:func:`~chessarbiter.special.simul.time_deduction`; the book's examples are 5 and 10).
    simul_boards: int | None = None
    simul_per_minutes: int = 5
    name: str = "Event"
    city: str = ""
    federation: str = ""
    chief_arbiter: str = ""
    time_control: str = ""

    @classmethod
    def from_mapping(cls, values: Mapping[str, object]) -> EventSettings:
        """The settings among ``values`` (other keys are ignored; missing ones take the
        defaults)."""
        return cls(**_known(cls, values))


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """A participant's registration, as typed or imported."""

    name: str
    rating: int | None = None
    fide_id: str = ""
    federation: str = ""
    title: str = ""
    entry_round: int = 1
    entry_stage: int = 1
    personal_number: int | None = None
    club: str = ""
    sex: str = ""
    birth_date: str = ""
    #: A consultation group's people (:func:`chessarbiter.special.consultation.members_text`):
    #: blank for a player.
    members: str = ""

    @classmethod
    def from_mapping(cls, values: Mapping[str, object]) -> PlayerSettings:
        """The registration among ``values`` (other keys are ignored)."""
        return cls(**_known(cls, values))


def _known(
    cls: type[EventSettings | PlayerSettings], values: Mapping[str, object]
) -> dict[str, Any]:
    """The entries of ``values`` named by a field of ``cls``, as they are (their types are
    for :func:`event_problems` and :func:`player_problems` to check)."""
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in values.items() if k in names}


def tiebreak_problem(text: str) -> str | None:
    """What is wrong with an individual tie-break list (C.07, TRF-2026 ``212``), or None.

    >>> tiebreak_problem("BH/C1, SB") is None
    True
    >>> tiebreak_problem("EDET/P")  # doctest: +ELLIPSIS
    'tie-break EDET (C.07) is not a C.07 tie-break; available: ...'
    """
    try:
        parse_list(text)
    except ChessArbiterError as e:
        return str(e)
    return None


def team_tiebreak_problem(text: str, score: str = "mp") -> str | None:
    """What is wrong with a team tie-break list (C.07 for teams, TRF-2026 ``202``) under the
    primary ``score``, or None. C.07 13.4: SSSC normalises by the maximum primary score, which
    a 1/½/0 match score cannot give without an explicit factor (``SSSC/K2``).

    >>> team_tiebreak_problem("MPvGP,EDET") is None
    True
    >>> team_tiebreak_problem("PTS,WIN")  # doctest: +ELLIPSIS
    'PTS is not a team tie-break computed here; available: ...'
    """
    try:
        specs = team_tiebreaks.parse_list(text)
    except ChessArbiterError as e:
        return str(e)
    for spec in specs:
        if spec.acronym == "SSSC" and score == "mp1" and spec.factor is None:
            return (
                f"{spec.name}: C.07 13.4 normalises by the maximum match score, which a "
                f"1/½/0 match score does not give; write the factor (e.g. SSSC/K2)"
            )
    return None


def _text(problems: dict[str, str], settings: EventSettings | PlayerSettings) -> None:
    """Every text of ``settings`` is text a TRF file holds (the event is exported to one):
    no control character (:func:`chessarbiter.trf.control_character`); a consultation
    group's members are lines of such text."""
    for f in fields(settings):
        value = getattr(settings, f.name)
        if isinstance(value, str) and f.name == "members":
            value = value.replace("\r", " ").replace("\n", " ")
        if isinstance(value, str):
            at = control_character(value)
            if at is not None:
                problems.setdefault(
                    f.name, f"control character U+{ord(value[at]):04X} at {at + 1}: not text"
                )


def _choice(problems: dict[str, str], field: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        problems[field] = f"{value!r} is not one of {', '.join(repr(a) for a in allowed)}"


def _count(problems: dict[str, str], field: str, value: object) -> None:
    """A whole number within its :data:`BOUNDS`."""
    if isinstance(value, bool) or not isinstance(value, int):
        problems[field] = f"{field} must be a whole number (got {value!r})"
        return
    minimum, maximum = BOUNDS[field]
    try:
        limits.check_count(field.replace("_", " "), value, int(maximum), int(minimum))
    except limits.LimitError as e:
        problems[field] = str(e)


def _length(problems: dict[str, str], field: str, value: str, maximum: int) -> None:
    if len(value) > maximum:
        problems[field] = f"at most {maximum} characters (got {len(value)})"


def _points(problems: dict[str, str], field: str, value: object) -> Decimal | None:
    """Points of one result: 0 to :data:`MAX_POINTS`, in tenths (the unit of the pairing
    arithmetic, :func:`chessarbiter.pairing.swiss.state.tenths`, and of TRF points)."""
    try:
        points = Decimal(str(value))
    except InvalidOperation:
        problems[field] = f"{value!r} is not a number"
        return None
    if not points.is_finite() or not Decimal(0) <= points <= MAX_POINTS:
        problems[field] = f"points must be between 0 and {MAX_POINTS} (got {value})"
        return None
    if points * 10 != (points * 10).to_integral_value():
        problems[field] = f"points are counted in tenths (got {value})"
        return None
    return points


def _cup(problems: dict[str, str], s: EventSettings) -> None:
    """A team cup's settings (Team Competitions 1972): 1 or 2 legs a match, the rules that
    decide a drawn match (:func:`~chessarbiter.pairing.knockout.matches.parse_drawn_rules`),
    and, when board weights are among them, one weight per board
    (:func:`~chessarbiter.pairing.knockout.matches.parse_board_weights`). Weights given
    without that rule are checked all the same."""
    _count(problems, "cup_legs", s.cup_legs)
    rules: list[DrawnMatchRule] = []
    try:
        rules = parse_drawn_rules(s.cup_drawn_match)
    except MatchError as e:
        problems["cup_drawn_match"] = str(e)
    if DrawnMatchRule.BOARD_WEIGHTS in rules or s.cup_board_weights.strip():
        if isinstance(s.boards_per_team, bool) or not isinstance(s.boards_per_team, int):
            return
        try:
            parse_board_weights(s.cup_board_weights, s.boards_per_team)
        except MatchError as e:
            problems["cup_board_weights"] = str(e)


def _handicap(problems: dict[str, str], s: EventSettings) -> None:
    """A handicap Swiss (Team Competitions 1972, elimination by personal limits of lost
    points): the limits parse (:func:`~chessarbiter.special.handicap.parse_limits`), and the
    event is an individual Swiss."""
    if not s.handicap_limits.strip():
        return
    if s.system != "swiss":
        problems["handicap_limits"] = (
            "limits of lost points make a handicap Swiss: the system must be a Swiss"
        )
        return
    try:
        parse_limits(s.handicap_limits)
    except HandicapError as e:
        problems["handicap_limits"] = str(e)


def _time_odds(problems: dict[str, str], s: EventSettings) -> None:
    """Time odds (Team Competitions 1972: a handicap in the time for thought): the table reads
    (:func:`~chessarbiter.special.handicap.parse_time_odds`), in an individual Swiss or round
    robin (a game's two players' ratings give its clocks)."""
    if not s.time_odds.strip():
        return
    if s.system not in ("swiss", "roundrobin"):
        problems["time_odds"] = "time odds are set in an individual Swiss or round robin"
        return
    try:
        parse_time_odds(s.time_odds)
    except HandicapError as e:
        problems["time_odds"] = str(e)


def event_problems(s: EventSettings) -> dict[str, str]:
    """Every problem of ``s``, by field (empty when the settings can be stored).

    Checked: the system, pairing rules (a Swiss system and its edition:
    :data:`~chessarbiter.pairing.systems.EVENT_RULES`), acceleration (with the Dutch system
    only), initial colour,
    tie-break edition (C.07 2026 / 2023 / legacy), team score, team Swiss system, reserve
    regime, knockout bracket, match format and the sanction ladder of games without clocks
    (game or blitz, Team Competitions 1972) are ones the library knows; a team cup's
    legs, drawn-match rules and board weights (:func:`_cup`); a handicap Swiss's limits of
    lost points (:func:`_handicap`); a table of time odds (:func:`_time_odds`); a simul
    contest's boards (1-1,000) and deduction period (1 minute to a year); the rounds
    (1-99), boards per team (1-50), the lot seed and the name's length are inside their
    bounds (:mod:`chessarbiter.limits`); the points of a win, draw, loss and of the
    pairing-allocated bye are 0 to 99.9 in tenths, with a loss worth no more than a draw and a
    draw no more than a win; a team Swiss pairs on a score its system can pair on (C.04.6
    1.2.1: match points or game points; the Dutch team system on match points only,
    :func:`~chessarbiter.pairing.teams.team_swiss.pairing_score_problem`); the tie-break
    lists parse (:func:`tiebreak_problem`,
    :func:`team_tiebreak_problem`); no text holds a control character (the event must stay
    exportable as TRF).

    >>> event_problems(EventSettings(boards_per_team=100_000, team_score="xx"))["boards_per_team"]
    'boards per team must be between 1 and 50 (got 100000)'
    """
    problems: dict[str, str] = {}
    _choice(problems, "system", s.system, SYSTEMS)
    _choice(problems, "edition", s.edition, tuple(r.value for r in EVENT_RULES))
    _choice(problems, "acceleration", s.acceleration, ACCELERATIONS)
    if s.acceleration and s.edition not in {e.value for e in DutchEdition}:
        problems.setdefault(
            "acceleration",
            "the Baku acceleration is applied with the FIDE (Dutch) system only",
        )
    _choice(problems, "initial_colour", s.initial_colour, INITIAL_COLOURS)
    _choice(
        problems, "tiebreak_edition", s.tiebreak_edition, tuple(e.value for e in TieBreakEdition)
    )
    _choice(problems, "team_score", s.team_score, TEAM_SCORES)
    _choice(problems, "team_pairing", s.team_pairing, TEAM_PAIRINGS)
    _choice(problems, "reserve_regime", s.reserve_regime, tuple(x.value for x in ReserveRegime))
    _choice(problems, "knockout_scheme", s.knockout_scheme, KNOCKOUT_SCHEMES)
    _choice(problems, "match_format", s.match_format, tuple(MATCH_FORMATS))
    _choice(problems, "sanction_ladder", s.sanction_ladder, tuple(x.value for x in Ladder))
    _count(problems, "rounds", s.rounds)
    _count(problems, "boards_per_team", s.boards_per_team)
    _count(problems, "lot_seed", s.lot_seed)
    _cup(problems, s)
    _handicap(problems, s)
    _time_odds(problems, s)
    _count(problems, "simul_per_minutes", s.simul_per_minutes)
    if s.simul_boards is not None:
        _count(problems, "simul_boards", s.simul_boards)
    if s.mixed_match is True and s.system != "roundrobin":
        problems["mixed_match"] = (
            "a match of federations is played as one round robin (Team Competitions 1972): "
            "the system must be a round robin"
        )
    if not s.name.strip():
        problems["name"] = "the event needs a name"
    else:
        _length(problems, "name", s.name, limits.MAX_EVENT_NAME)
    win = _points(problems, "win_points", s.win_points)
    draw = _points(problems, "draw_points", s.draw_points)
    loss = _points(problems, "loss_points", s.loss_points)
    _points(problems, "bye_points", s.bye_points)
    if win is not None and draw is not None and draw > win:
        problems["draw_points"] = f"a draw ({draw}) cannot be worth more than a win ({win})"
    if draw is not None and loss is not None and loss > draw:
        problems["loss_points"] = f"a loss ({loss}) cannot be worth more than a draw ({draw})"
    if (
        s.team_pairing in TEAM_PAIRINGS
        and s.team_score in TEAM_SCORES
        and (s.system == "team-swiss" or s.team_score == "gp")
    ):
        # a team Swiss pairs on its primary score (C.04.6 1.2.1); the game-point check of
        # the Dutch team system applies whatever the system, as it always has
        problem = pairing_score_problem(TeamSwissSystem(s.team_pairing), PrimaryScore(s.team_score))
        if problem:
            problems["team_score" if s.team_score == "nemlikher" else "team_pairing"] = problem
    problem = tiebreak_problem(s.tiebreaks)
    if problem:
        problems["tiebreaks"] = problem
    problem = team_tiebreak_problem(s.team_tiebreaks, s.team_score)
    if problem:
        problems["team_tiebreaks"] = problem
    _text(problems, s)
    return problems


def validate_event(settings: EventSettings) -> EventSettings:
    """``settings`` if :func:`event_problems` finds nothing; else :class:`SettingsError`."""
    _refuse(event_problems(settings))
    return settings


def group_problem(name: str, members: str, system: str = "") -> str | None:
    """What is wrong with a participant's ``members`` (its consultation group's people,
    :func:`chessarbiter.special.consultation.members_text`) in an event of ``system``, or
    None: in a tournament of consultation groups (:data:`CONSULTATION`) every participant is a
    group, checked by :func:`~chessarbiter.special.consultation.group_from_text` (Team
    Competitions 1972: 2 to 4 consultants, one leader, an intermediary who is no consultant);
    in an event of another system (``system`` given) a participant has no members; with no
    ``system``, members are checked when given.

    >>> group_problem("A", "leader: Petrov\\nmember: Ivanov", CONSULTATION) is None
    True
    >>> group_problem("A", "leader: Petrov", CONSULTATION)
    'A: 1 consultant; a group has 2 to 4 (Team Competitions 1972)'
    >>> group_problem("Tal", "", "swiss") is None
    True
    """
    if not isinstance(members, str):
        return "members must be text"
    if not members.strip():
        if system == CONSULTATION:
            return (
                "a consultation group needs its leader and 1 to 3 other consultants "
                "(Team Competitions 1972)"
            )
        return None
    if system and system != CONSULTATION:
        return "only a group of a tournament of consultation games has members"
    try:
        group_from_text(name, members)
    except ConsultationError as e:
        return str(e)
    return None


def player_problems(p: PlayerSettings, system: str = "") -> dict[str, str]:
    """Every problem of a player's registration, by field: a name of 1 to 100 characters; a
    rating from 0 to 3500 (:data:`chessarbiter.registration.RATING_MAX`); a FIDE ID of digits;
    a federation of at most three letters; a first round from 1 to 99; a knockout entry stage
    from 1 to 14 and a personal number from 1 to 99,999 (:mod:`chessarbiter.limits`); the sex,
    title and birth date as TRF record 001 holds them (:func:`sex_problem`,
    :func:`title_problem`, :func:`birth_date_problem`); a consultation group's members in an
    event of ``system`` (:func:`group_problem`).

    >>> for field, problem in player_problems(PlayerSettings("", rating=4000)).items():
    ...     print(field, "-", problem)
    name - a player needs a name
    rating - rating must be between 0 and 3500 (got 4000)
    """
    problems: dict[str, str] = {}
    if not p.name.strip():
        problems["name"] = "a player needs a name"
    else:
        _length(problems, "name", p.name, limits.MAX_NAME)
    if p.rating is not None:
        _count(problems, "rating", p.rating)
    if p.fide_id and not (p.fide_id.isascii() and p.fide_id.isdigit()):
        problems["fide_id"] = f"a FIDE ID is a number (got {p.fide_id})"
    if len(p.federation) > 3:
        problems["federation"] = f"a federation has three letters (got {p.federation})"
    _length(problems, "club", p.club, limits.MAX_NAME)
    for field, check in (
        ("sex", sex_problem),
        ("title", title_problem),
        ("birth_date", birth_date_problem),
    ):
        value = getattr(p, field)
        problem = check(value) if isinstance(value, str) else f"{field} must be text"
        if problem:
            problems[field] = problem
    _count(problems, "entry_round", p.entry_round)
    _count(problems, "entry_stage", p.entry_stage)
    if p.personal_number is not None:
        _count(problems, "personal_number", p.personal_number)
    if "name" not in problems:
        problem = group_problem(p.name, p.members, system)
        if problem:
            problems["members"] = problem
    _text(problems, p)
    return problems


def validate_player(settings: PlayerSettings, system: str = "") -> PlayerSettings:
    """``settings`` if :func:`player_problems` finds nothing; else :class:`SettingsError`."""
    _refuse(player_problems(settings, system))
    return settings


def _refuse(problems: dict[str, str]) -> None:
    if problems:
        raise SettingsError(problems)
