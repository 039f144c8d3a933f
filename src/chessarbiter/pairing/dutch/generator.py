"""Random Swiss tournaments: bbpPairings' and JaVaFo's generator (``--dutch -g``).

The configuration keys, their meaning, their defaults and the file format are bbpPairings
v6.0.0's (``fileformats/generatorconfiguration.cpp``, ``tournament/generator.{h,cpp}``;
Apache-2.0, © Jeremy Bierema). A configuration file has one ``Key=Value`` per line; empty lines
and lines starting with ``#`` are skipped.

====================  ==============================================  ============
key                   meaning                                         default
====================  ==============================================  ============
PlayersNumber         number of players (1 to 9999, TRF's four        15-215
                      digits)
RoundsNumber          number of rounds (1 to 99)                      5-15
DrawPercentage        percentage of draws among games (0-100), at     10-50
                      most what the rating difference allows
ForfeitRate           about one game in ForfeitRate is forfeited      6-30
                      (each player forfeits with probability
                      ``1 - sqrt(1 - 1/ForfeitRate)``); >= 1
RetiredRate           one player in RetiredRate has zero-point byes   15-3225
                      (``Z``: absent) in some rounds; >= 2
HalfPointByeRate      one player in HalfPointByeRate takes            15-3225
                      half-point byes (``H``); >= 1.
                      ``HalfPointByteRate`` is accepted too.
HighestRating         ratings are uniform in                          2400-2800
LowestRating          [LowestRating, HighestRating]                   1400-2300
PointsForWin          points for a win (and the PAB, unless           1.0
                      PointsForPAB is set)
PointsForDraw         points for a draw (and a half-point bye)        0.5
PointsForLoss         points for a played loss                        0.0
PointsForZPB          points for a zero-point bye (and a round not    0.0
                      paired)
PointsForForfeitLoss  points for a forfeit loss; also sets the        0.0
                      zero-point bye's value
PointsForPAB          points for the pairing-allocated bye            PointsForWin
====================  ==============================================  ============

Ranges are defaults drawn at random from the seeded generator, as bbpPairings does, whether
the file then overrides them or not. Integers are unsigned decimals, points have at most one
decimal, rates are decimal numbers (``1e9`` or ``inf`` mean "never"). Keys are applied in file
order, as in bbpPairings (``PointsForForfeitLoss`` after ``PointsForZPB`` overrides it); one
deliberate difference: ``PointsForPAB`` keeps its value whatever the line order, where
bbpPairings lets a later ``PointsForWin`` reset it.

The generation follows bbpPairings: ratings are drawn and sorted, the best player first; the
initial colour is drawn; the zero-point byes (up to RoundsNumber - 2 per player) and then the
half-point byes are spread over random rounds of the chosen players, never a half-point bye in
the last round; each round assigns those byes, is paired by the engine, and its results are
drawn: a forfeit if either player forfeits (``+``/``-``, or ``-``/``-``), else a draw with the
draw probability ``min(DrawPercentage / 100, 2 - 2E)``, else a win for the stronger player with
probability ``E + draw / 2``, where ``E = Φ(7 Δ / 2000)`` is the expected score of the stronger
player for a rating difference Δ. The random sequence is Python's :class:`random.Random`, not
bbpPairings' ``minstd_rand``: the same seed gives another tournament than bbpPairings, always the
same one.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from chessarbiter import limits
from chessarbiter.editions import DutchEdition as Edition
from chessarbiter.errors import ChessArbiterError, FileFormatError, PairingError, Problem
from chessarbiter.model import (
    Colour,
    Player,
    PointSystem,
    Result,
    Tournament,
)
from chessarbiter.pairing.apply import apply_pairing, record_bye, record_result
from chessarbiter.pairing.dutch.engine import no_pairing_reason, pair_round
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.trf.records import FOUR_DIGITS

MAX_PLAYERS = FOUR_DIGITS
"""TRF pairing numbers have four digits."""
MAX_RATING = FOUR_DIGITS
MAX_ROUNDS = limits.MAX_ROUNDS
"""The rounds of one event (:data:`chessarbiter.limits.MAX_ROUNDS`)."""


class ConfigError(FileFormatError):
    """A generator configuration file is malformed (each problem with file, line, column)."""


class BadConfigError(ChessArbiterError):
    """A configuration that cannot generate a tournament (the highest rating below the lowest,
    a model player without a rating)."""


class GeneratorLimitError(ChessArbiterError):
    """A configuration asks for more than TRF can carry (players, ratings, rounds)."""


class GenerationStopped(NoValidPairingError):
    """No valid pairing exists for a round of the generated tournament. ``tournament`` holds
    what was generated up to there (with the byes of ``round`` already assigned)."""

    def __init__(self, round_number: int, tournament: Tournament, reason: str) -> None:
        self.round = round_number
        self.tournament = tournament
        super().__init__(
            f"No valid pairing exists for round {round_number} of the generated tournament: "
            f"{reason}"
        )


@dataclass(frozen=True)
class GeneratorConfig:
    """The generator's parameters (see the module docstring for each key)."""

    players_number: int
    rounds_number: int
    draw_percentage: int
    forfeit_rate: float
    retired_rate: float
    half_point_bye_rate: float
    highest_rating: int
    lowest_rating: int
    points_for_win: Decimal = Decimal("1.0")
    points_for_draw: Decimal = Decimal("0.5")
    points_for_loss: Decimal = Decimal("0.0")
    points_for_zpb: Decimal = Decimal("0.0")
    points_for_forfeit_loss: Decimal = Decimal("0.0")
    points_for_pab: Decimal | None = None

    @classmethod
    def random_defaults(cls, rng: random.Random) -> GeneratorConfig:
        """bbpPairings' defaults, drawn in its order: rounds, forfeit rate, retired rate,
        half-point-bye rate, draw percentage, players, highest and lowest rating."""
        rounds = rng.randint(5, 15)
        forfeit = rng.randint(6, 30)
        retired = rng.randint(15, 3225)
        half = rng.randint(15, 3225)
        draws = rng.randint(10, 50)
        players = rng.randint(15, 215)
        highest = rng.randint(2400, 2800)
        lowest = rng.randint(1400, 2300)
        return cls(players, rounds, draws, forfeit, retired, half, highest, lowest)

    @property
    def point_system(self) -> PointSystem:
        """The event's points: forfeit wins and full-point byes are worth a win, half-point
        byes a draw (as in bbpPairings)."""
        return PointSystem.simple(
            self.points_for_win,
            self.points_for_draw,
            self.points_for_loss,
            zero_point_bye=self.points_for_zpb,
            forfeit_loss=self.points_for_forfeit_loss,
            pairing_allocated_bye=self.points_for_pab,
        )

    def validate(self) -> None:
        """The checks bbpPairings makes once the file is read, and that there is a tournament
        to generate: at least one player and one round.

        :raises BadConfigError: if the highest rating is below the lowest, or there are no
            players or no rounds (a model without players or rounds).
        :raises GeneratorLimitError: beyond what TRF can carry (:data:`MAX_PLAYERS`,
            :data:`MAX_RATING`) or more than :data:`MAX_ROUNDS` rounds.
        """
        if self.players_number < 1:
            raise BadConfigError("There must be at least one player (PlayersNumber).")
        if self.rounds_number < 1:
            raise BadConfigError("There must be at least one round (RoundsNumber).")
        if self.highest_rating < self.lowest_rating:
            raise BadConfigError("The highest rating must be higher than the lowest rating.")
        if self.players_number > MAX_PLAYERS:
            raise GeneratorLimitError(f"TRF supports at most {MAX_PLAYERS} players")
        if self.highest_rating > MAX_RATING:
            raise GeneratorLimitError(f"TRF supports ratings up to {MAX_RATING}")
        if self.rounds_number > MAX_ROUNDS:
            raise GeneratorLimitError(f"this generator supports at most {MAX_ROUNDS} rounds")


def _unsigned(value: str) -> int:
    if not value.isascii() or not value.isdigit():
        raise ValueError(value)
    return int(value)


def _points(value: str) -> Decimal:
    whole, dot, fraction = value.partition(".")
    if not whole.isascii() or not whole.isdigit():
        raise ValueError(value)
    if dot and (len(fraction) != 1 or not fraction.isdigit()):
        raise ValueError(value)
    return Decimal(value if dot else f"{value}.0")


def _rate(minimum: float) -> Callable[[str], float]:
    def parse(value: str) -> float:
        rate = float(value)
        if math.isnan(rate) or rate < minimum:
            raise ValueError(value)
        return rate

    return parse


def _percentage(value: str) -> int:
    percentage = _unsigned(value)
    if percentage > 100:
        raise ValueError(value)
    return percentage


_KEYS: dict[str, tuple[str, Callable[[str], object]]] = {
    "PlayersNumber": ("players_number", _unsigned),
    "RoundsNumber": ("rounds_number", _unsigned),
    "DrawPercentage": ("draw_percentage", _percentage),
    "ForfeitRate": ("forfeit_rate", _rate(1)),
    "RetiredRate": ("retired_rate", _rate(2)),
    "HalfPointByeRate": ("half_point_bye_rate", _rate(1)),
    "HalfPointByteRate": ("half_point_bye_rate", _rate(1)),
    "HighestRating": ("highest_rating", _unsigned),
    "LowestRating": ("lowest_rating", _unsigned),
    "PointsForWin": ("points_for_win", _points),
    "PointsForDraw": ("points_for_draw", _points),
    "PointsForLoss": ("points_for_loss", _points),
    "PointsForZPB": ("points_for_zpb", _points),
    "PointsForForfeitLoss": ("points_for_forfeit_loss", _points),
    "PointsForPAB": ("points_for_pab", _points),
}
CONFIG_KEYS: tuple[str, ...] = tuple(_KEYS)
"""Every key a configuration file may set."""


def parse_config(text: str, base: GeneratorConfig, filename: str = "<config>") -> GeneratorConfig:
    """``base`` with the values a configuration file sets (``Key=Value`` lines; CR, LF or CRLF
    line ends; ``#`` comments).

    :raises ConfigError: listing every malformed line (unknown key, no ``=``, invalid value).
    """
    values: dict[str, object] = {}
    problems: list[Problem] = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        key, eq, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not value:
            problems.append(
                Problem(filename, number, 1, f"Error parsing configuration file line: {line}")
            )
            continue
        known = _KEYS.get(key)
        if known is None:
            problems.append(
                Problem(filename, number, 1, f'Unexpected parameter "{key}" in configuration file.')
            )
            continue
        attribute, parse = known
        try:
            values[attribute] = parse(value)
        except ValueError:
            problems.append(
                Problem(
                    filename,
                    number,
                    len(line) - len(line.partition("=")[2]) + 1,
                    f'The value for parameter "{key}" in the configuration file is invalid.',
                )
            )
            continue
        if attribute == "points_for_forfeit_loss":
            values["points_for_zpb"] = values[attribute]
    if problems:
        raise ConfigError(problems)
    return dataclasses.replace(base, **values)  # type: ignore[arg-type]


def config_from_model(model: Tournament) -> GeneratorConfig:
    """bbpPairings' "model file" generation (``MODEL -g``): as many players and rounds as the
    model has, and the rates and draw percentage measured on its games and byes (pass the model
    to :func:`generate` to keep its players).

    :raises BadConfigError: if a player has no rating (bbpPairings needs them all), or the
        model has no players or no round paired (there would be nothing to generate).
    """
    players = list(model)
    if not players:
        raise BadConfigError("The model has no players.")
    if any(not p.rating for p in players):
        raise BadConfigError("All players must have meaningful (nonzero) ratings.")
    rounds = model.rounds_played
    if rounds < 1:
        raise BadConfigError(
            "The model has no round paired: the tournament generated has as many rounds as "
            "the model."
        )
    retired = half = scheduled = forfeits = played = draws = 0
    for p in players:
        zero = halfbye = False
        for entry in p.results[:rounds]:
            paired = entry.opponent is not None or entry.result in (
                Result.PAIRING_ALLOCATED_BYE,
                Result.FORFEIT_WIN,
            )
            if entry.opponent is not None:
                scheduled += 1
                if not entry.is_played:
                    forfeits += 1
            if entry.is_played:
                played += 1
                if entry.result in (Result.DRAW, Result.UNRATED_DRAW):
                    draws += 1
            if not paired:
                if entry.result is Result.HALF_POINT_BYE:
                    halfbye = True
                elif entry.result in (Result.ZERO_POINT_BYE, None):
                    zero = True
        retired += zero
        half += halfbye
    inf = math.inf
    ps = model.point_system
    config = GeneratorConfig(
        players_number=len(players),
        rounds_number=rounds,
        draw_percentage=draws * 100 // played if played else 0,
        forfeit_rate=scheduled / forfeits if forfeits else inf,
        retired_rate=len(players) / retired if retired else inf,
        half_point_bye_rate=len(players) / half if half else inf,
        highest_rating=max((p.rating or 0 for p in players), default=0),
        lowest_rating=min((p.rating or 0 for p in players), default=0),
        points_for_win=ps.win,
        points_for_draw=ps.draw,
        points_for_loss=ps.loss,
        points_for_zpb=ps.zero_point_bye,
        points_for_forfeit_loss=ps.forfeit_loss,
        points_for_pab=ps.pairing_allocated_bye,
    )
    return config


def _apply_rate(count: int, rate: float) -> int:
    """``count / rate`` rounded down, at most ``count`` (bbpPairings' ``applyRate``)."""
    return min(count, int(count * (1 / rate)))


def _spread(
    rng: random.Random, counts: list[int], remaining: list[int], players_wanted: int
) -> None:
    """Give byes of one kind to ``players_wanted`` players: pick random free rounds among all
    the players' (``remaining`` per player) until that many players have one."""
    eligible = sum(remaining)
    while players_wanted and eligible:
        game = rng.randint(0, eligible - 1)
        index = 0
        while game >= remaining[index]:
            game -= remaining[index]
            index += 1
        eligible -= 1
        remaining[index] -= 1
        if not counts[index]:
            players_wanted -= 1
        counts[index] += 1


def _expected_score(difference: int) -> float:
    """Expected score of the stronger player, for a rating difference (bbpPairings' normal
    model): ``erfc(-7 Δ / (2000 √2)) / 2``."""
    return math.erfc(difference * (-7 / math.sqrt(2) / 2000)) / 2


_UNPAIRED_ROUNDS = (
    "round {round} cannot be paired: every player had a bye in round 1, or in two rounds in a "
    "row, and a tournament file cannot tell such rounds from rounds not yet paired"
)

RoundHook = Callable[[int, Tournament, RoundPairing | None], None]
"""Called before each round's results are drawn: the round number, the tournament (byes of the
round assigned, pairing not yet applied) and the round's pairing (``None`` when no valid pairing
exists)."""


def add_random_players(t: Tournament, config: GeneratorConfig, rng: random.Random) -> None:
    """``config.players_number`` new players with random ratings between the configuration's
    lowest and highest, numbered by rating, named ``TestNNNN PlayerNNNN`` (bbpPairings'
    generator; shared by the generators of the other systems)."""
    ratings = sorted(
        (
            rng.randint(config.lowest_rating, config.highest_rating)
            for _ in range(config.players_number)
        ),
        reverse=True,
    )
    for number, rating in enumerate(ratings, start=1):
        t.add_player(Player(number, f"Test{number:04d} Player{number:04d}", rating=rating))


def generate(
    config: GeneratorConfig,
    rng: random.Random,
    edition: Edition = Edition.DUTCH_2026,
    *,
    name: str = "AutoTest Tournament",
    model: Tournament | None = None,
    matcher: MatcherFactory | None = None,
    on_round: RoundHook | None = None,
    pair: Callable[[Tournament], RoundPairing] | None = None,
) -> Tournament:
    """A random tournament of ``config.rounds_number`` rounds, each paired by the engine
    (``pair``: by another system's engine than the Dutch one of ``edition``).

    ``model``: a tournament whose players (their ratings drive the results), description,
    point system, forbidden pairs and accelerations are kept, its results replaced; otherwise
    ``config.players_number`` new players with random ratings, named ``TestNNNN PlayerNNNN``.

    :raises GenerationStopped: when a round has no valid pairing (with the partial tournament).
    :raises BadConfigError, GeneratorLimitError: for an impossible configuration.
    """
    config.validate()
    if model is None:
        t = Tournament(
            name=name, total_rounds=config.rounds_number, point_system=config.point_system
        )
        add_random_players(t, config, rng)
    else:
        t = dataclasses.replace(
            model,
            players={p.number: dataclasses.replace(p, results=[]) for p in model},
            total_rounds=max(model.total_rounds or 0, config.rounds_number),
            bye_requests=[],
            absent_next_round=[],
        )
    t.initial_colour = Colour.BLACK if rng.randint(0, 1) else Colour.WHITE
    order = list(t)
    n = len(order)
    rounds = config.rounds_number

    zero_counts = [0] * n
    half_counts = [0] * n
    per_player = 0 if rounds < 2 else 1 if rounds < 3 else rounds - 2
    remaining = [per_player] * n
    if per_player:
        _spread(rng, zero_counts, remaining, _apply_rate(n, config.retired_rate))
    if rounds > 2:
        remaining = [r + 1 for r in remaining]
    _spread(rng, half_counts, remaining, _apply_rate(n, config.half_point_bye_rate))

    not_forfeited = math.sqrt(1 - 1 / config.forfeit_rate)
    draw_share = config.draw_percentage / 100
    for r in range(1, rounds + 1):
        left = rounds - r  # rounds after this one
        for i, p in enumerate(order):
            if r < rounds and rng.randint(0, left - 1) < half_counts[i]:
                record_bye(t, r, p.number, Result.HALF_POINT_BYE)
                half_counts[i] -= 1
            elif rng.randint(0, left - half_counts[i]) < zero_counts[i]:
                record_bye(t, r, p.number, Result.ZERO_POINT_BYE)
                zero_counts[i] -= 1
        if all(len(p.results) >= r for p in order):
            continue  # nobody to pair this round
        try:
            pairing = pair_round(t, edition, matcher=matcher) if pair is None else pair(t)
        except NoValidPairingError as e:
            if on_round is not None:
                on_round(r, t, None)
            raise GenerationStopped(r, t, no_pairing_reason(e)) from e
        if pairing.round != r:
            raise PairingError(_UNPAIRED_ROUNDS.format(round=r))
        if on_round is not None:
            on_round(r, t, pairing)
        apply_pairing(t, pairing)
        for board in pairing.boards:
            white, black = t.player(board.white), t.player(board.black)
            white_forfeits = rng.random() >= not_forfeited
            black_forfeits = rng.random() >= not_forfeited
            if white_forfeits or black_forfeits:
                record_result(
                    t,
                    r,
                    white.number,
                    black.number,
                    Result.FORFEIT_LOSS if white_forfeits else Result.FORFEIT_WIN,
                    Result.FORFEIT_LOSS if black_forfeits else Result.FORFEIT_WIN,
                )
                continue
            record_result(t, r, white.number, black.number, _game(rng, white, black, draw_share))
    return t


def _game(rng: random.Random, white: Player, black: Player, draw_share: float) -> Result:
    """White's result of a played game (bbpPairings' model, see the module docstring)."""
    w, b = white.rating or 0, black.rating or 0
    black_stronger = b > w
    expected = _expected_score(abs(w - b))
    draw = min(draw_share, 2 - expected * 2)
    value = rng.random()
    if value < draw:
        return Result.DRAW
    stronger_wins = value < expected + draw / 2
    return Result.WIN if stronger_wins != black_stronger else Result.LOSS


def generate_tournament(
    seed: int,
    config_text: str | None = None,
    edition: Edition = Edition.DUTCH_2026,
    *,
    config_filename: str = "<config>",
    matcher: MatcherFactory | None = None,
    on_round: RoundHook | None = None,
) -> Tournament:
    """The tournament of ``seed``: bbpPairings' defaults drawn from ``random.Random(seed)``,
    overridden by ``config_text`` (a configuration file's text), then :func:`generate`, named
    ``AutoTest Tournament SEED`` as bbpPairings names it.

    :raises ConfigError: for a malformed configuration.
    :raises GenerationStopped: when a round has no valid pairing.
    """
    rng = random.Random(seed)
    config = GeneratorConfig.random_defaults(rng)
    if config_text is not None:
        config = parse_config(config_text, config, config_filename)
    return generate(
        config,
        rng,
        edition,
        name=f"AutoTest Tournament {seed}",
        matcher=matcher,
        on_round=on_round,
    )
