"""Knockout matches: main games, tie-break phases, sudden death, armageddon.

A match format is a sequence of :class:`Phase` s. Given the games played so far (the first
player's points in each game, in order), :func:`next_game` says whether the match is decided and
by whom, or what the next game is: its phase, its number in the match, its time control per colour
and, when the lot is known, who has white.

Sources (the rules below cite them):

* **Stage by Stage 1997** — the 1997 FIDE World Championship regulations (Groningen/Lausanne):
  stages 1–6 two main games, stage 7 four, stage 8 six, the winner needs more than half; main
  control 40 moves / 100 min, 20 / 50 min, 10 min for the rest, +30 s from move 1; then, after a new
  colour lot, two games of 25 min + 10 s; from stage 2, after a new lot, two games of
  15 min + 10 s; then games until the first win, white 4 min, black 5 min, +10 s; the chief
  arbiter may instead order one decisive game (the lot winner chooses the colour, white 6 min,
  black 5 min, no increment, a draw qualifies black).
* **FIDE World Cup regulations** (2021–2025): the 2023 tie-breaks
  2 × 25+10, 2 × 10+10, 2 × 5+3, then 3+2 games with white by lot and colours alternating until a
  decisive game; classical control 90 min / 40 moves + 30 min, +30 s from move 1 (the spec's
  World Cup 2005–2019 row; the 2023 regulations kept it).
* **Team Competitions 1972** — the Olympic (cup) system for teams: colours on board 1 and odd boards
  go in round 1 to the lower number, later to the team that had black more often, equal → lot; a
  drawn match is replayed or decided by board coefficients.

Phase names (kebab-case, unique in a format; also the keys of recorded lots):

==================  ==============================================================
``main``            the main (classical) games
``rapid-25``        25 min + 10 s (Stage by Stage 1997; World Cup)
``rapid-15``        15 min + 10 s, fide-1997 stages 2–8 only (Stage by Stage 1997)
``rapid-10``        10 min + 10 s (World Cup 2023)
``blitz-5``         5 min + 3 s (World Cup 2023)
``sudden-death``    games until the first decisive one
``armageddon``      one game, a draw qualifies black
==================  ==============================================================

>>> fmt = preset("fide-1997", 1)
>>> decision = next_game(fmt, [1, 0, 0.5, 0.5])
>>> decision.finished, decision.next_game.phase, decision.next_game.number
(False, 'sudden-death', 5)
>>> decision.to_json()["next_game"]["time_control"]
{'white': '240+10', 'black': '300+10'}
>>> next_game(fmt, [1, 0.5]).winner
'first'
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, Literal, TypeAlias

from chessarbiter import limits
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model.teams import same_colour_as_board1
from chessarbiter.pairing.knockout.brackets import fide_1997_games
from chessarbiter.timecontrol.model import Period, TimeControl

Side: TypeAlias = Literal["first", "second"]
"""A player of the match (or a team of a cup match), in the order the match lists them."""

FIRST: Final[Side] = "first"
SECOND: Final[Side] = "second"
SIDES: Final[tuple[Side, Side]] = (FIRST, SECOND)

JsonValue: TypeAlias = "str | int | float | bool | list[JsonValue] | dict[str, JsonValue] | None"


class MatchError(ChessArbiterError):
    """A match cannot be followed as asked: an unknown format or stage, a score that is not
    0, ½ or 1, a game given after the match was decided, an inconsistent option."""


class ArmageddonColourError(MatchError):
    """A drawn armageddon game was given, but not who had white in it (a draw qualifies black,
    Stage by Stage 1997)."""


def other(side: Side) -> Side:
    """The opponent's side.

    >>> other("first")
    'second'
    """
    return SECOND if side == FIRST else FIRST


GAME_RESULTS: Final[tuple[str, str, str]] = ("1-0", "½-½", "0-1")
"""A game's results as written: White's points first, then Black's."""

_RESULT_WHITE_POINTS: Final[dict[str, float]] = {
    "1-0": 1.0,
    "½-½": 0.5,
    "1/2-1/2": 0.5,
    "0.5-0.5": 0.5,
    "=": 0.5,
    "0-1": 0.0,
}


def game_result(white_points: float) -> str:
    """A game's result written White-Black from White's points.

    >>> game_result(1), game_result(0.5), game_result(0)
    ('1-0', '½-½', '0-1')

    :raises MatchError: for points other than 0, ½, 1.
    """
    if white_points not in (0, 0.5, 1) or isinstance(white_points, bool):
        raise MatchError(f"a game scores 0, 0.5 or 1, not {white_points!r}")
    return GAME_RESULTS[int(2 - 2 * white_points)]


def first_points(white: Side, result: str) -> float:
    """The first player's points in a game written White-Black (``1-0``, ``½-½``, ``0-1``;
    ``1/2-1/2``, ``0.5-0.5`` and ``=`` are draws too) when side ``white`` had White: the score
    :func:`next_game` takes. The players of a match are listed in the bracket's order, which is
    not the order of the colours: each game's result is written White first.

    >>> first_points("first", "1-0"), first_points("second", "1-0"), first_points("second", "½-½")
    (1.0, 0.0, 0.5)

    :raises MatchError: for an unknown result or side.
    """
    if white not in SIDES:
        raise MatchError(f"White is 'first' or 'second', not {white!r}")
    points = _RESULT_WHITE_POINTS.get(result.strip())
    if points is None:
        raise MatchError(f"a game's result is 1-0, ½-½ or 0-1 (White first), not {result!r}")
    return points if white == FIRST else 1.0 - points


def points_text(x: float) -> str:
    """A match score as written: ``1.5`` → ``'1.5'``, ``2.0`` → ``'2'``.

    >>> points_text(1.5), points_text(2.0)
    ('1.5', '2')
    """
    return f"{x:g}"


# -- formats ---------------------------------------------------------------------------------


class PhaseKind(StrEnum):
    """What a phase is."""

    GAMES = "games"
    """A fixed number of games; decided when a player has more than half of the phase's points."""
    SUDDEN_DEATH = "sudden-death"
    """Games until the first decisive one (Stage by Stage 1997: "до первой победы"; World Cup
    regulations)."""
    ARMAGEDDON = "armageddon"
    """One game; a win decides, a draw qualifies the player who had black (Stage by Stage 1997, spec
    8)."""


class ColourRule(StrEnum):
    """How colours are given in a phase."""

    LOT = "lot"
    """A new lot for the phase's first game, colours alternating after it (Stage by Stage 1997:
    "новая жеребьевка на цвет" before each tie-break block; World Cup 2023: "White decided by lot
    and colours alternating")."""
    ALTERNATE = "alternate"
    """No new lot: colours keep alternating from the previous game of the match."""
    LOT_WINNER_CHOOSES = "lot-winner-chooses"
    """The winner of a lot chooses the colour (Stage by Stage 1997 armageddon: "игрок, который
    угадает жребий, может выбрать в ней цвет фигур"; World Cup regulations)."""


_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a match.

    ``games`` is the number of games of a :attr:`PhaseKind.GAMES` phase (``None`` for the other
    kinds). ``on_order`` marks an armageddon that is played only when the chief arbiter orders it
    instead of (further) sudden-death games (Stage by Stage 1997); without it the armageddon is a
    regular phase (World Cup 2005–2019).
    """

    name: str
    kind: PhaseKind
    white: TimeControl
    black: TimeControl
    games: int | None = None
    colours: ColourRule = ColourRule.LOT
    on_order: bool = False

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise MatchError(f"phase name {self.name!r} is not kebab-case (a-z, 0-9, '-')")
        if self.kind is PhaseKind.GAMES:
            if self.games is None or self.games < 1:
                raise MatchError(f"phase {self.name!r} needs a number of games (1 or more)")
        elif self.games is not None:
            raise MatchError(f"a {self.kind} phase ({self.name!r}) has no fixed number of games")
        if self.on_order and self.kind is not PhaseKind.ARMAGEDDON:
            raise MatchError(f"only an armageddon can be played on order, not {self.name!r}")
        armageddon = self.kind is PhaseKind.ARMAGEDDON
        if armageddon != (self.colours is ColourRule.LOT_WINNER_CHOOSES):
            raise MatchError(
                f"phase {self.name!r}: the lot winner chooses the colour in an armageddon, "
                "and only there"
            )

    @property
    def needed(self) -> float | None:
        """Points that win a :attr:`PhaseKind.GAMES` phase: more than half (Stage by Stage 1997: 1.5
        of 2, 2.5 of 4, 3.5 of 6)."""
        return None if self.games is None else self.games / 2 + 0.5

    @property
    def has_lot(self) -> bool:
        """Whether a lot is drawn at the start of this phase."""
        return self.colours is not ColourRule.ALTERNATE


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """A match: its phases in order, the first being the main games.

    The format must end in a phase that always decides: sudden death (optionally followed by an
    armageddon played on the chief arbiter's order) or a regular armageddon.
    """

    name: str
    phases: tuple[Phase, ...]
    stage: int | None = None

    def __post_init__(self) -> None:
        if not self.phases:
            raise MatchError(f"format {self.name!r} has no phases")
        names = [p.name for p in self.phases]
        for name in names:
            if names.count(name) > 1:
                raise MatchError(f"format {self.name!r}: two phases are called {name!r}")
        if self.phases[0].kind is not PhaseKind.GAMES:
            raise MatchError(f"format {self.name!r} must start with its main games")
        if self.phases[0].colours is ColourRule.ALTERNATE:
            raise MatchError(f"format {self.name!r}: the first game's colour needs a lot")
        for i, phase in enumerate(self.phases):
            last = i == len(self.phases) - 1
            if phase.kind is PhaseKind.SUDDEN_DEATH:
                rest = self.phases[i + 1 :]
                if rest and not (len(rest) == 1 and rest[0].on_order):
                    raise MatchError(
                        f"format {self.name!r}: after sudden death only an armageddon played "
                        "on the chief arbiter's order can follow"
                    )
                return
            if phase.on_order:
                raise MatchError(
                    f"format {self.name!r}: an armageddon on order must follow a sudden-death phase"
                )
            if phase.kind is PhaseKind.ARMAGEDDON:
                if not last:
                    raise MatchError(f"format {self.name!r}: nothing can follow an armageddon")
                return
        raise MatchError(
            f"format {self.name!r} can end level: it needs a sudden-death or armageddon phase"
        )

    @property
    def main(self) -> Phase:
        """The main games (the first phase)."""
        return self.phases[0]

    @property
    def main_score_needed(self) -> float:
        """Points that win the main games outright: more than half (Stage by Stage 1997)."""
        needed = self.main.needed
        assert needed is not None
        return needed

    def phase(self, name: str) -> Phase:
        """The phase called ``name``.

        :raises MatchError: when there is none.
        """
        for phase in self.phases:
            if phase.name == name:
                return phase
        known = ", ".join(p.name for p in self.phases)
        raise MatchError(f"format {self.name!r} has no phase {name!r} (phases: {known})")

    @property
    def order_armageddon(self) -> Phase | None:
        """The armageddon the chief arbiter may order, if the format has one."""
        last = self.phases[-1]
        return last if last.on_order else None


# -- presets ---------------------------------------------------------------------------------

PRESETS: Final[tuple[str, ...]] = ("fide-1997", "world-cup-2023")
"""The names :func:`preset` knows."""

_STAGES: Final[dict[str, range]] = {
    # Stage by Stage 1997: eight stages, Karpov (801) enters at stage 8, the final.
    "fide-1997": range(1, 9),
    # World Cup 2023: 206 players, top 50 enter in round 2: 206 → 128 → 64 → ... → 2, eight rounds.
    "world-cup-2023": range(1, 9),
}


def stages(name: str) -> range:
    """The stages (rounds) a preset has.

    >>> stages("fide-1997")
    range(1, 9)
    """
    try:
        return _STAGES[name]
    except KeyError:
        raise MatchError(f"unknown match format {name!r} (known: {', '.join(PRESETS)})") from None


def _same(name: str, kind: PhaseKind, clock: TimeControl, games: int | None = None) -> Phase:
    return Phase(name, kind, clock, clock, games=games)


# Stage by Stage 1997: "40 ходов ... за 100 минут, следующие 20 ходов - за 50 минут, а все
# оставшиеся ходы -
# за 10 минут ... дополнительные 30 секунд ... начиная с первого".
_FIDE_1997_MAIN: Final = TimeControl(
    (Period(40, 6000, 30), Period(20, 3000, 30), Period(None, 600, 30))
)
# World Cup regulations: 90 min for 40 moves + 30 min, +30 s from move 1.
_WORLD_CUP_MAIN: Final = TimeControl((Period(40, 5400, 30), Period(None, 1800, 30)))


def _fide_1997(stage: int) -> MatchFormat:
    """Stage by Stage 1997: the 1997 FIDE World Championship knockout."""
    # Stage by Stage 1997: stages 1–6 two games (1.5 wins), stage 7 four (2.5), stage 8 six (3.5).
    main_games = fide_1997_games(stage, _STAGES["fide-1997"][-1])
    phases = [
        _same("main", PhaseKind.GAMES, _FIDE_1997_MAIN, main_games),
        # Stage by Stage 1997: new colour lot, two games of 25 min + 10 s.
        _same("rapid-25", PhaseKind.GAMES, TimeControl.minutes(25, 10), 2),
    ]
    if stage >= 2:
        # Stage by Stage 1997: "на 2-8 этапах": new lot, two games of 15 min + 10 s.
        phases.append(_same("rapid-15", PhaseKind.GAMES, TimeControl.minutes(15, 10), 2))
    phases += [
        # Stage by Stage 1997: games until the first win, white 4 min, black 5 min, +10 s per move.
        Phase(
            "sudden-death",
            PhaseKind.SUDDEN_DEATH,
            TimeControl.minutes(4, 10),
            TimeControl.minutes(5, 10),
        ),
        # Stage by Stage 1997: one decisive game on the chief arbiter's decision; white 6 min, black
        # 5 min,
        # no increment; the lot winner chooses the colour; a draw qualifies black.
        Phase(
            "armageddon",
            PhaseKind.ARMAGEDDON,
            TimeControl.minutes(6),
            TimeControl.minutes(5),
            colours=ColourRule.LOT_WINNER_CHOOSES,
            on_order=True,
        ),
    ]
    return MatchFormat("fide-1997", tuple(phases), stage)


def _world_cup_2023(stage: int) -> MatchFormat:
    """The FIDE World Cup 2023 (two main games in every round, the final included)."""
    return MatchFormat(
        "world-cup-2023",
        (
            _same("main", PhaseKind.GAMES, _WORLD_CUP_MAIN, 2),
            # World Cup 2023: 25+10 × 2, 10+10 × 2, 5+3 × 2, each block after a drawing of colours.
            _same("rapid-25", PhaseKind.GAMES, TimeControl.minutes(25, 10), 2),
            _same("rapid-10", PhaseKind.GAMES, TimeControl.minutes(10, 10), 2),
            _same("blitz-5", PhaseKind.GAMES, TimeControl.minutes(5, 3), 2),
            # World Cup 2023: 3+2 games, white by lot, colours alternating, until a decisive game.
            _same("sudden-death", PhaseKind.SUDDEN_DEATH, TimeControl.minutes(3, 2)),
        ),
        stage,
    )


def preset(name: str, stage: int) -> MatchFormat:
    """The match format ``name`` at ``stage`` (``fide-1997``: Stage by Stage 1997;
    ``world-cup-2023``: the FIDE World Cup 2023 regulations).

    >>> [p.name for p in preset("fide-1997", 1).phases]
    ['main', 'rapid-25', 'sudden-death', 'armageddon']
    >>> preset("fide-1997", 8).main.games
    6

    :raises MatchError: for an unknown name or a stage the event did not have.
    """
    valid = stages(name)
    if isinstance(stage, bool) or not isinstance(stage, int) or stage not in valid:
        raise MatchError(f"{name} has stages {valid.start} to {valid.stop - 1}, not {stage!r}")
    return _fide_1997(stage) if name == "fide-1997" else _world_cup_2023(stage)


# -- following a match -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lot:
    """The lot of one phase: the side it favoured — white in the phase's first game or, in an
    armageddon, the right to choose the colour — and whether it was recorded or drawn here."""

    phase: str
    favoured: Side
    recorded: bool


@dataclass(frozen=True, slots=True)
class Game:
    """A game of the match: played (``score`` = the first player's points) or the next one
    (``score`` ``None``). ``white`` is ``None`` when the lot is not known."""

    number: int
    phase: str
    number_in_phase: int
    white: Side | None
    white_clock: TimeControl
    black_clock: TimeControl
    score: float | None = None

    @property
    def black(self) -> Side | None:
        """The side with Black (``None`` when the lot is not known)."""
        return None if self.white is None else other(self.white)

    @property
    def white_points(self) -> float | None:
        """White's points in the game (``None`` before it is played or when who had White is
        not known)."""
        if self.score is None or self.white is None:
            return None
        return self.score if self.white == FIRST else 1.0 - self.score

    @property
    def result(self) -> str | None:
        """The result written White-Black (``1-0``, ``½-½``, ``0-1``), as :attr:`white_points`.

        >>> Game(1, "main", 1, "second", TimeControl.minutes(5), TimeControl.minutes(5), 1).result
        '0-1'
        """
        points = self.white_points
        return None if points is None else game_result(points)

    def time_control_json(self) -> dict[str, JsonValue]:
        """``{"white": PGN, "black": PGN}``."""
        return {"white": self.white_clock.to_pgn(), "black": self.black_clock.to_pgn()}


@dataclass(frozen=True, slots=True)
class Decision:
    """Where a match stands: decided (``winner``) or the next game to play."""

    format: MatchFormat
    finished: bool
    winner: Side | None
    next_game: Game | None
    games: tuple[Game, ...]
    decided_in: str | None = None
    lots: Mapping[str, Lot] = field(default_factory=dict)

    @property
    def score(self) -> tuple[float, float]:
        """Points of the first and second player over every game played."""
        return _score(self.games)

    @property
    def armageddon_lot(self) -> Lot | None:
        """Who chooses the colour when the next game is an armageddon."""
        if self.next_game is None or self.next_game.phase not in self.lots:
            return None
        if self.format.phase(self.next_game.phase).kind is not PhaseKind.ARMAGEDDON:
            return None
        return self.lots[self.next_game.phase]

    def to_json(self) -> dict[str, JsonValue]:
        """Exactly ``finished``, ``winner`` and ``next_game`` (``phase``, ``number``,
        ``time_control`` {``white``, ``black``} in PGN notation)."""
        nxt: JsonValue = None
        if self.next_game is not None:
            nxt = {
                "phase": self.next_game.phase,
                "number": self.next_game.number,
                "time_control": self.next_game.time_control_json(),
            }
        return {"finished": self.finished, "winner": self.winner, "next_game": nxt}

    def detail_json(self) -> dict[str, JsonValue]:
        """:meth:`to_json` plus colours, lots, the score and the games played."""
        data = self.to_json()
        if self.next_game is not None:
            nxt = data["next_game"]
            assert isinstance(nxt, dict)
            nxt["white"] = self.next_game.white
            nxt["number_in_phase"] = self.next_game.number_in_phase
            nxt["lot"] = _lot_json(self.lots.get(self.next_game.phase))
        first, second = self.score
        data["format"] = self.format.name
        data["stage"] = self.format.stage
        data["score"] = {"first": first, "second": second}
        data["decided_in"] = self.decided_in
        data["games"] = [
            {
                "number": g.number,
                "phase": g.phase,
                "white": g.white,
                "score": g.score,
            }
            for g in self.games
        ]
        return data


def _score(games: Sequence[Game]) -> tuple[float, float]:
    """Points of the first and second player over ``games`` (all played)."""
    first = sum(g.score for g in games if g.score is not None)
    return first, len(games) - first


def _lot_json(lot: Lot | None) -> JsonValue:
    if lot is None:
        return None
    return {"favoured": lot.favoured, "recorded": lot.recorded}


def _check_scores(scores: Sequence[float]) -> tuple[float, ...]:
    checked = []
    for number, score in enumerate(scores, start=1):
        if (
            isinstance(score, bool)
            or not isinstance(score, int | float)
            or score not in (0, 0.5, 1)
        ):
            raise MatchError(f"game {number}: the score must be 0, 0.5 or 1, not {score!r}")
        checked.append(float(score))
    return tuple(checked)


def stage_first_colours(matches: Sequence[int], first_pair: Side) -> dict[int, Side]:
    """Stage by Stage 1997: the colours of a stage's first games - "the lot for colour is drawn only
    for the first pair; in the others it alternates" down the list. ``matches`` are the stage's
    match numbers in list order; ``first_pair`` is the side the lot gave white in the first
    match (the higher-rated player draws it). Returns, for each match, the side with white in
    its first game: the recorded lot of its ``main`` phase.

    >>> stage_first_colours([1, 2, 3], "first")
    {1: 'first', 2: 'second', 3: 'first'}
    """
    if first_pair not in SIDES:
        raise MatchError(f"the lot gives white to 'first' or 'second', not {first_pair!r}")
    return {
        number: first_pair if i % 2 == 0 else other(first_pair) for i, number in enumerate(matches)
    }


def _resolve_lots(
    fmt: MatchFormat, lots: Mapping[str, Side] | None, seed: int | None
) -> dict[str, Lot]:
    """The lot of every phase that has one: recorded, else drawn from ``Random(seed)``.

    One draw per lot phase in format order, recorded or not, so a phase's drawn lot depends only
    on the seed and the format, never on what else was recorded.
    """
    recorded = dict(lots or {})
    for name, side in recorded.items():
        phase = fmt.phase(name)
        if not phase.has_lot:
            raise MatchError(f"phase {name!r} has no lot: its colours continue alternating")
        if side not in SIDES:
            raise MatchError(f"the lot of {name!r} must be 'first' or 'second', not {side!r}")
    rng = random.Random(seed) if seed is not None else None
    result: dict[str, Lot] = {}
    for phase in fmt.phases:
        if not phase.has_lot:
            continue
        drawn = rng.choice(SIDES) if rng is not None else None
        if phase.name in recorded:
            result[phase.name] = Lot(phase.name, recorded[phase.name], recorded=True)
        elif drawn is not None:
            result[phase.name] = Lot(phase.name, drawn, recorded=False)
    return result


def next_game(
    fmt: MatchFormat,
    scores: Sequence[float],
    *,
    lots: Mapping[str, Side] | None = None,
    seed: int | None = None,
    armageddon: bool = False,
    armageddon_after: int = 0,
    armageddon_white: Side | None = None,
) -> Decision:
    """Follow a match through its phases.

    ``scores``: the first player's points per game, in playing order. A :attr:`PhaseKind.GAMES`
    phase is won with more than half its points (Stage by Stage 1997: 1.5 of 2, 2.5 of 4, 3.5 of 6)
    — the remaining games of the phase are then not played; level after all of them, the next phase
    starts. Sudden death ends at the first decisive game (Stage by Stage 1997; World Cup).

    ``lots``: recorded lots, phase name → the favoured side (white in the phase's first game;
    for an armageddon, the side that chooses the colour). A phase without a recorded lot gets one
    drawn from ``random.Random(seed)`` when ``seed`` is given, else its colours stay unknown.
    Inside a phase colours alternate (Stage by Stage 1997: a new lot per tie-break block; World Cup
    regulations).

    ``armageddon``: the chief arbiter ordered the single decisive game (Stage by Stage 1997) after
    ``armageddon_after`` sudden-death games (0: straight after the regular tie-breaks).
    ``armageddon_white``: who had (or will have) white in it, the lot winner's choice; needed to
    decide a drawn armageddon, which qualifies black (Stage by Stage 1997; World Cup).

    >>> fmt = preset("fide-1997", 2)
    >>> d = next_game(fmt, [0.5, 0.5, 1, 0], lots={"rapid-15": "second"})
    >>> d.next_game.phase, d.next_game.number, d.next_game.white
    ('rapid-15', 5, 'second')
    >>> played = [0.5, 0.5, 1, 0, 0.5, 0.5, 0.5, 0.5]  # main, rapid-25, rapid-15, sudden death
    >>> d = next_game(fmt, played, armageddon=True, armageddon_after=1, armageddon_white="first")
    >>> d.finished, d.winner, d.decided_in
    (True, 'second', 'armageddon')

    :raises MatchError: for a score other than 0, ½, 1; a game after the match was decided;
        an armageddon the format does not provide; an unknown phase in ``lots``.
    :raises ArmageddonColourError: for a drawn armageddon without ``armageddon_white``.
    """
    played = _check_scores(scores)
    resolved = _resolve_lots(fmt, lots, seed)
    if armageddon_white is not None and armageddon_white not in SIDES:
        raise MatchError(f"armageddon_white must be 'first' or 'second', not {armageddon_white!r}")
    if isinstance(armageddon_after, bool) or not 0 <= armageddon_after <= limits.MAX_MATCH_GAMES:
        raise MatchError(
            f"armageddon_after must be 0 to {limits.MAX_MATCH_GAMES}, not {armageddon_after!r}"
        )
    if armageddon and fmt.order_armageddon is None:
        raise MatchError(f"format {fmt.name!r} has no armageddon for the chief arbiter to order")
    if armageddon_after and not armageddon:
        raise MatchError("armageddon_after applies only when an armageddon was ordered")
    return _Follower(fmt, played, resolved, armageddon, armageddon_after, armageddon_white).run()


class _Follower:
    """Walks the games through the phases (one instance per :func:`next_game` call)."""

    def __init__(
        self,
        fmt: MatchFormat,
        scores: tuple[float, ...],
        lots: dict[str, Lot],
        armageddon: bool,
        armageddon_after: int,
        armageddon_white: Side | None,
    ) -> None:
        self.fmt = fmt
        self.scores = scores
        self.lots = lots
        self.armageddon = armageddon
        self.armageddon_after = armageddon_after
        self.armageddon_white = armageddon_white
        self.games: list[Game] = []
        self.previous_white: Side | None = None

    def _white(self, phase: Phase, index: int) -> Side | None:
        if phase.colours is ColourRule.LOT_WINNER_CHOOSES:
            return self.armageddon_white
        if phase.colours is ColourRule.ALTERNATE or index > 0:
            return None if self.previous_white is None else other(self.previous_white)
        lot = self.lots.get(phase.name)
        return None if lot is None else lot.favoured

    def _game(self, phase: Phase, index: int, score: float | None) -> Game:
        white = self._white(phase, index)
        return Game(
            number=len(self.games) + 1,
            phase=phase.name,
            number_in_phase=index + 1,
            white=white,
            white_clock=phase.white,
            black_clock=phase.black,
            score=score,
        )

    def _pending(self, phase: Phase, index: int) -> Decision:
        return Decision(
            self.fmt,
            finished=False,
            winner=None,
            next_game=self._game(phase, index, None),
            games=tuple(self.games),
            lots=self.lots,
        )

    def _decided(self, phase: Phase, winner: Side) -> Decision:
        given = len(self.scores)
        if given > len(self.games):
            first, second = (points_text(p) for p in _score(self.games))
            raise MatchError(
                f"{given} games were given, but the match was decided by game {len(self.games)} "
                f"({phase.name}): {winner} won, {first}-{second}"
                f"; game {len(self.games) + 1} cannot follow"
            )
        return Decision(
            self.fmt,
            finished=True,
            winner=winner,
            next_game=None,
            games=tuple(self.games),
            decided_in=phase.name,
            lots=self.lots,
        )

    def _play(self, phase: Phase, index: int) -> float | None:
        """Record the phase's game ``index`` if it was played; its score, or ``None``."""
        if len(self.games) == len(self.scores):
            return None
        score = self.scores[len(self.games)]
        game = self._game(phase, index, score)
        self.games.append(game)
        self.previous_white = game.white
        return score

    def run(self) -> Decision:
        ordered = self.fmt.order_armageddon if self.armageddon else None
        for phase in self.fmt.phases:
            if phase.kind is PhaseKind.GAMES:
                assert phase.games is not None
                got = 0.0
                for index in range(phase.games):
                    score = self._play(phase, index)
                    if score is None:
                        return self._pending(phase, index)
                    got += score
                    # Stage by Stage 1997: the winner is the first to score more than half.
                    if 2 * got > phase.games:
                        return self._decided(phase, FIRST)
                    if 2 * (index + 1 - got) > phase.games:
                        return self._decided(phase, SECOND)
            elif phase.kind is PhaseKind.SUDDEN_DEATH:
                index = 0
                # Stage by Stage 1997: with an armageddon ordered, sudden death stops after the
                # games
                # played before the order.
                while ordered is None or index < self.armageddon_after:
                    score = self._play(phase, index)
                    if score is None:
                        return self._pending(phase, index)
                    # Stage by Stage 1997 and the World Cup: until the first decisive game
                    if score != 0.5:
                        return self._decided(phase, FIRST if score == 1 else SECOND)
                    index += 1
            else:
                if phase.on_order and ordered is None:
                    continue  # unreachable: sudden death runs until decided
                score = self._play(phase, 0)
                if score is None:
                    return self._pending(phase, 0)
                if score != 0.5:
                    return self._decided(phase, FIRST if score == 1 else SECOND)
                if self.armageddon_white is None:
                    raise ArmageddonColourError(
                        f"game {len(self.games)}, the armageddon, was drawn and a draw qualifies "
                        "the player who had black, but who had white is not known"
                    )
                # Stage by Stage 1997: "в случае ничьи это право получает игравший черными"; so does
                # the World Cup.
                return self._decided(phase, other(self.armageddon_white))
        raise AssertionError("a validated format always ends in a deciding phase")


# -- team cup matches (Team Competitions 1972)
# -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamColours:
    """Which team has white on board 1 and the odd boards (and hosts the match), and why:
    ``"number"`` (round 1), ``"blacks"`` (had black more often) or ``"lot"`` (Team Competitions
    1972); ``"second-leg"``: the return leg of a two-legged match (:func:`second_leg_colours`)."""

    white_on_odd_boards: Side
    reason: Literal["number", "blacks", "lot", "second-leg"]

    def white_on(self, board: int) -> Side:
        """The team with white on ``board`` (1-based): odd boards as board 1, even the other
        colour (Team Competitions 1972).

        >>> TeamColours("second", "lot").white_on(2)
        'first'
        """
        if board < 1:
            raise MatchError(f"boards are numbered from 1, not {board}")
        if same_colour_as_board1(board):
            return self.white_on_odd_boards
        return other(self.white_on_odd_boards)


def team_cup_colours(
    round_number: int,
    numbers: tuple[int, int],
    blacks: tuple[int, int] = (0, 0),
    *,
    lot: Side | None = None,
    rng: random.Random | None = None,
) -> TeamColours:
    """Colours of a cup (Olympic system) team match, Team Competitions 1972.

    Round 1: "white" (board 1 and odd boards) and hosting go to the team with the lower number.
    Later rounds: to the team that had black more often in the earlier rounds (``blacks``: how
    many times each team had black on board 1); equal → a lot (``lot`` recorded, else drawn
    with ``rng``).

    >>> team_cup_colours(1, (7, 3))
    TeamColours(white_on_odd_boards='second', reason='number')
    >>> team_cup_colours(2, (1, 4), blacks=(0, 1))
    TeamColours(white_on_odd_boards='second', reason='blacks')
    >>> team_cup_colours(3, (1, 4), blacks=(1, 1), lot="first")
    TeamColours(white_on_odd_boards='first', reason='lot')

    :raises MatchError: for equal numbers, a round below 1, or a lot needed and neither
        ``lot`` nor ``rng`` given.
    """
    if round_number < 1:
        raise MatchError(f"rounds are numbered from 1, not {round_number}")
    if round_number == 1:
        if numbers[0] == numbers[1]:
            raise MatchError(f"the two teams have the same number {numbers[0]}")
        return TeamColours(FIRST if numbers[0] < numbers[1] else SECOND, "number")
    if blacks[0] != blacks[1]:
        return TeamColours(FIRST if blacks[0] > blacks[1] else SECOND, "blacks")
    if lot is not None:
        if lot not in SIDES:
            raise MatchError(f"the lot must be 'first' or 'second', not {lot!r}")
        return TeamColours(lot, "lot")
    if rng is None:
        raise MatchError(
            f"round {round_number}: both teams had black {blacks[0]} times, so a lot decides; "
            "give the lot or a random generator"
        )
    return TeamColours(rng.choice(SIDES), "lot")


def second_leg_colours(first_leg: TeamColours) -> TeamColours:
    """Colours of the return leg of a two-legged cup match (Team Competitions 1972: "in a knockout
    event the match may be two-legged, as in many sports"): the team that had black on board 1
    and the odd boards in the first leg has white there and hosts the second.

    >>> second_leg_colours(team_cup_colours(1, (3, 4)))
    TeamColours(white_on_odd_boards='second', reason='second-leg')
    """
    return TeamColours(other(first_leg.white_on_odd_boards), "second-leg")


def cup_blacks(legs: Sequence[tuple[int, int, TeamColours]], team: int) -> int:
    """How many times ``team`` had black on board 1 (and the odd boards) in the legs it played
    so far: the count that gives colours and hosting from round 2 (Team Competitions 1972: "from
    the second round 'white' goes to the team that played black more often in the earlier
    rounds"). ``legs``: (first team's number, second team's number, colours) of each leg played,
    a two-legged match counting twice.

    >>> first = team_cup_colours(1, (3, 4))
    >>> legs = [(3, 4, first), (3, 4, second_leg_colours(first)), (1, 2, first)]
    >>> cup_blacks(legs, 4), cup_blacks(legs, 2), cup_blacks(legs, 1)
    (1, 1, 0)
    """
    count = 0
    for first, second, colours in legs:
        if team in (first, second):
            side = FIRST if team == first else SECOND
            count += colours.white_on_odd_boards != side
    return count


class DrawnMatchRule(StrEnum):
    """How a drawn team match of a cup is decided (Team Competitions 1972: replay or board
    coefficients; the issue adds armageddon)."""

    REPLAY = "replay"
    """The match is played again."""
    BOARD_WEIGHTS = "board-weights"
    """Results on different boards count with different coefficients (Team Competitions 1972)."""
    ARMAGEDDON = "armageddon"
    """A single armageddon game decides (its board and players are the regulations' choice)."""


@dataclass(frozen=True, slots=True)
class TeamMatchDecision:
    """The result of a team cup match: a winner (``decided_by`` "points" or "board-weights"),
    or the action the regulations prescribe for a drawn match (``action`` "replay" or
    "armageddon")."""

    finished: bool
    winner: Side | None
    points: tuple[float, float]
    decided_by: Literal["points", "board-weights"] | None = None
    weighted: tuple[float, float] | None = None
    action: DrawnMatchRule | None = None


def team_match_decision(
    board_points: Sequence[float],
    rules: Sequence[DrawnMatchRule] = (DrawnMatchRule.REPLAY,),
    *,
    games_per_board: int = 1,
    weights: Sequence[float] | None = None,
) -> TeamMatchDecision:
    """Decide a team match of a cup (Team Competitions 1972).

    ``board_points``: the first team's points on each board (summed over the rounds of a
    multi-round match, ``games_per_board`` games per board). The match score is the sum, 1 per
    win and ½ per draw whatever the board (Team Competitions 1972). A drawn match is handled by
    ``rules`` in order: :attr:`~DrawnMatchRule.BOARD_WEIGHTS` decides if the weighted scores differ
    (``weights``, board 1 first, required), :attr:`~DrawnMatchRule.REPLAY` and
    :attr:`~DrawnMatchRule.ARMAGEDDON` are reported as the ``action`` to take.

    >>> team_match_decision([1, 0, 0.5, 0.5]).action
    <DrawnMatchRule.REPLAY: 'replay'>
    >>> d = team_match_decision([1, 0, 0.5, 0.5], [DrawnMatchRule.BOARD_WEIGHTS],
    ...                         weights=[4, 3, 2, 1])
    >>> d.winner, d.weighted
    ('first', (5.5, 4.5))

    :raises MatchError: for a board score out of range, missing or mismatched weights, or a
        drawn match that no rule decides.
    """
    if not board_points:
        raise MatchError("a team match needs at least one board")
    if games_per_board < 1:
        raise MatchError(f"games per board must be 1 or more, not {games_per_board}")
    for board, pts in enumerate(board_points, start=1):
        if (
            isinstance(pts, bool)
            or not isinstance(pts, int | float)
            or not 0 <= pts <= games_per_board
            or (2 * pts) != int(2 * pts)
        ):
            raise MatchError(f"board {board}: {pts!r} is not a score of {games_per_board} game(s)")
    first = float(sum(board_points))
    total = float(games_per_board * len(board_points))
    points = (first, total - first)
    if points[0] != points[1]:
        return TeamMatchDecision(True, FIRST if first > points[1] else SECOND, points, "points")
    for rule in rules:
        if rule is DrawnMatchRule.BOARD_WEIGHTS:
            if weights is None or len(weights) != len(board_points):
                raise MatchError(
                    f"board weights need one weight per board ({len(board_points)}), "
                    f"not {0 if weights is None else len(weights)}"
                )
            a = float(sum(w * p for w, p in zip(weights, board_points, strict=True)))
            b = float(
                sum(w * (games_per_board - p) for w, p in zip(weights, board_points, strict=True))
            )
            if a != b:
                return TeamMatchDecision(
                    True, FIRST if a > b else SECOND, points, "board-weights", (a, b)
                )
        else:
            return TeamMatchDecision(False, None, points, action=DrawnMatchRule(rule))
    raise MatchError(
        f"the match is drawn {points_text(first)}-{points_text(first)} and none of the rules "
        f"({', '.join(str(r) for r in rules) or 'none'}) decides it"
    )


def two_legged_decision(
    legs: Sequence[Sequence[float]],
    rules: Sequence[DrawnMatchRule] = (DrawnMatchRule.REPLAY,),
    *,
    weights: Sequence[float] | None = None,
) -> TeamMatchDecision:
    """Decide a cup match of two (or more) legs (Team Competitions 1972): the game points of all
    legs are added board by board ("multi-round matches add the game points of all rounds, never
    the rounds won"), then :func:`team_match_decision` decides, a drawn total going to
    ``rules`` (board ``weights`` apply to the summed boards).

    ``legs``: for each leg, the first team's points on each board, board 1 first; every leg has
    the same boards.

    >>> two_legged_decision([[1, 0.5], [0, 0.5]]).action
    <DrawnMatchRule.REPLAY: 'replay'>
    >>> two_legged_decision([[1, 0.5], [0.5, 0.5]]).points
    (2.5, 1.5)

    :raises MatchError: for no leg, legs of different boards, or as :func:`team_match_decision`.
    """
    if not legs:
        raise MatchError("a match needs at least one leg")
    boards = len(legs[0])
    for number, leg in enumerate(legs, start=1):
        if len(leg) != boards:
            raise MatchError(f"leg {number} has {len(leg)} boards, leg 1 has {boards}")
    for number, leg in enumerate(legs, start=1):
        for board, pts in enumerate(leg, start=1):
            if isinstance(pts, bool) or not isinstance(pts, int | float) or pts not in (0, 0.5, 1):
                raise MatchError(f"leg {number}, board {board}: {pts!r} is not a game's score")
    summed = [float(sum(leg[b] for leg in legs)) for b in range(boards)]
    return team_match_decision(summed, rules, games_per_board=len(legs), weights=weights)


def leg_colours(first_leg: TeamColours, leg: int) -> TeamColours:
    """Colours of leg ``leg`` (1-based) of a cup match whose first leg has ``first_leg``: the
    legs alternate, each one going to the team that had black on board 1 in the leg before
    (Team Competitions 1972: the return leg of a two-legged match to the other team,
    :func:`second_leg_colours`); a replayed match goes on alternating the same way.

    >>> first = team_cup_colours(1, (3, 4))
    >>> [leg_colours(first, n).white_on_odd_boards for n in (1, 2, 3)]
    ['first', 'second', 'first']

    :raises MatchError: for a leg below 1.
    """
    if leg < 1:
        raise MatchError(f"legs are numbered from 1, not {leg}")
    return first_leg if leg % 2 == 1 else second_leg_colours(first_leg)


def parse_drawn_rules(text: str) -> list[DrawnMatchRule]:
    """``"board-weights,replay"`` → the rules deciding a drawn cup match, in order (Team
    Competitions 1972: replay or board coefficients). Each rule once; a rule after one that
    always decides (replay, armageddon) would never apply and is refused; the last one must
    always decide (equal weighted scores leave the match drawn).

    >>> parse_drawn_rules("board-weights, replay")
    [<DrawnMatchRule.BOARD_WEIGHTS: 'board-weights'>, <DrawnMatchRule.REPLAY: 'replay'>]

    :raises MatchError: for an unknown, repeated or unreachable rule, or none.
    """
    known = ", ".join(r.value for r in DrawnMatchRule)
    words = [w.strip() for w in text.split(",")]
    if not text.strip():
        raise MatchError(f"give at least one rule for a drawn match ({known})")
    rules: list[DrawnMatchRule] = []
    for word in words:
        try:
            rule = DrawnMatchRule(word)
        except ValueError:
            raise MatchError(f"{word[:40]!r} is not a rule for a drawn match ({known})") from None
        if rule in rules:
            raise MatchError(f"the rule {rule.value!r} is given twice")
        if rules and rules[-1] is not DrawnMatchRule.BOARD_WEIGHTS:
            raise MatchError(
                f"{rules[-1].value!r} always decides: {rule.value!r} after it never applies"
            )
        rules.append(rule)
    if rules[-1] is DrawnMatchRule.BOARD_WEIGHTS:
        raise MatchError(
            "board weights can leave the match drawn: end with 'replay' or 'armageddon'"
        )
    return rules


def parse_board_weights(text: str, boards: int) -> list[float]:
    """``"4,3,2,1"`` → the board coefficients of a cup's drawn matches (Team Competitions 1972:
    "results on different boards count with different coefficients"), board 1 first: one
    for each of the ``boards`` boards, each from 0 to :data:`chessarbiter.limits.MAX_POINTS`.

    >>> parse_board_weights("4, 3,2,1", 4)
    [4.0, 3.0, 2.0, 1.0]

    :raises MatchError: for a word that is not such a number, or not one weight per board.
    """
    words = [w.strip() for w in text.split(",")] if text.strip() else []
    if len(words) != boards:
        raise MatchError(f"board weights need one weight per board ({boards}), not {len(words)}")
    values: list[float] = []
    for board, word in enumerate(words, start=1):
        try:
            value = float(word) if len(word) <= 12 else float("nan")
        except ValueError:
            value = float("nan")
        if not 0 <= value <= limits.MAX_POINTS:
            raise MatchError(
                f"board {board}: {word[:20]!r} is not a weight (a number from 0 to "
                f"{limits.MAX_POINTS})"
            )
        values.append(value)
    return values
