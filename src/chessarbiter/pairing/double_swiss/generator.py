"""Random whole Double-Swiss events (``--double-swiss -g``): every match paired by the C.04.5
engine and recorded as two game columns (:mod:`chessarbiter.pairing.double_swiss.rules`), with
realistic game results.

The configuration is the one of :mod:`chessarbiter.pairing.dutch.generator` (bbpPairings'
keys), read for matches: ``RoundsNumber`` is the number of **matches** (the file has twice as
many round columns), ``PointsForPAB`` the value of a whole pairing-allocated bye (default: a
game won plus a game drawn, C.04.5 1.4; each of its two ``U`` columns is worth half).

Per match: players chosen at ``RetiredRate`` withdraw from a random match on (``Z`` in both
columns of every match after); players chosen at ``HalfPointByeRate`` take one half-point bye
on a whole match (``H`` in both columns, never in the last match); the engine pairs; then each
player forfeits the whole match with probability ``1 / (2 ForfeitRate)`` (both games ``-``:
the Preface's forfeited match, after which the pair may meet again), otherwise each game is
forfeited by one side (a late arrival: ``+``/``-``), rarely by both (``-``/``-``, a 0-0 game),
with probability ``1 / (4 ForfeitRate)`` per player and game, or played: a draw with the draw
probability, else a win for either player by the Elo expectation of their ratings (C.04.5
Preface's usual results 2-0 ... 0-2 and its odd ones 1-0, ½-0 ... 0-0 as far as the model
holds them: a played game scores 1-0, ½-½ or 0-1, so a ½-0 game is not drawn).
"""

from __future__ import annotations

import dataclasses
import random

from chessarbiter.editions import DoubleSwissEdition
from chessarbiter.model import Colour, Player, Result, Tournament
from chessarbiter.pairing.apply import record_bye, record_result
from chessarbiter.pairing.double_swiss.engine import apply_match, pair_round
from chessarbiter.pairing.double_swiss.rules import double_swiss_point_system, match_columns
from chessarbiter.pairing.dutch.generator import (
    MAX_ROUNDS,
    GenerationStopped,
    GeneratorConfig,
    GeneratorLimitError,
    RoundHook,
    add_random_players,
    config_from_model,
)
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.round_pairing import NoValidPairingError

TRF_TYPE = "FIDE_DOUBLESWISS"
"""The TRF-2026 ``192`` tournament type of a Double-Swiss event."""


def validate(config: GeneratorConfig) -> None:
    """The checks of :meth:`GeneratorConfig.validate`, with two round columns per match.

    :raises BadConfigError, GeneratorLimitError: as there.
    """
    config.validate()
    if 2 * config.rounds_number > MAX_ROUNDS:
        raise GeneratorLimitError(
            f"a Double-Swiss event of {config.rounds_number} matches has "
            f"{2 * config.rounds_number} game rounds: at most {MAX_ROUNDS} are supported"
        )


def config_from_double_swiss_model(model: Tournament) -> GeneratorConfig:
    """:func:`~chessarbiter.pairing.dutch.generator.config_from_model` read for matches: as
    many matches as the model's game columns make, the PAB worth both its columns.

    :raises BadConfigError: as there.
    """
    config = config_from_model(model)
    return dataclasses.replace(
        config,
        rounds_number=max(1, config.rounds_number // 2),
        points_for_pab=model.point_system.pairing_allocated_bye * 2,
    )


def _expected(white: int, black: int) -> float:
    """White's expected score by the Elo formula (FIDE B.02 table, in its logistic form)."""
    return 1 / (1 + 10 ** ((black - white) / 400))


def _game(rng: random.Random, white: Player, black: Player, draw_share: float) -> Result:
    """White's result of a game played over the board."""
    expected = _expected(white.rating or 0, black.rating or 0)
    draw = min(draw_share, 2 * min(expected, 1 - expected))
    value = rng.random()
    if value < draw:
        return Result.DRAW
    return Result.WIN if value < draw + expected - draw / 2 else Result.LOSS


def generate(
    config: GeneratorConfig,
    rng: random.Random,
    edition: DoubleSwissEdition = DoubleSwissEdition.DOUBLE_SWISS_2026,
    *,
    name: str = "AutoTest Tournament",
    model: Tournament | None = None,
    matcher: MatcherFactory | None = None,
    on_round: RoundHook | None = None,
) -> Tournament:
    """A random Double-Swiss event of ``config.rounds_number`` matches (see the module
    docstring); ``model``: its players, description and forbidden pairs are kept, its results
    replaced. ``on_round`` is called with the match number before its results are drawn.

    :raises GenerationStopped: when a match has no valid pairing (with the partial event).
    :raises BadConfigError, GeneratorLimitError: for an impossible configuration.
    """
    validate(config)
    matches = config.rounds_number
    pab = config.points_for_pab
    if pab is None:
        pab = config.points_for_win + config.points_for_draw
    points = dataclasses.replace(
        double_swiss_point_system(
            config.points_for_win, config.points_for_draw, config.points_for_loss
        ),
        zero_point_bye=config.points_for_zpb,
        forfeit_loss=config.points_for_forfeit_loss,
        pairing_allocated_bye=pab / 2,
    )
    if model is None:
        t = Tournament(name=name, total_rounds=2 * matches, point_system=points)
        add_random_players(t, config, rng)
    else:
        t = dataclasses.replace(
            model,
            players={p.number: dataclasses.replace(p, results=[]) for p in model},
            total_rounds=2 * matches,
            point_system=points,
            bye_requests=[],
            absent_next_round=[],
            accelerations=[],
            virtual_points={},
        )
    t.initial_colour = Colour.BLACK if rng.randint(0, 1) else Colour.WHITE
    order = list(t)
    withdraws = {
        p.number: rng.randint(2, matches)
        for p in order
        if matches > 1 and rng.random() < 1 / config.retired_rate
    }
    half_byes = {
        p.number: rng.randint(1, matches - 1)
        for p in order
        if matches > 1 and rng.random() < 1 / config.half_point_bye_rate
    }
    match_forfeit = 1 / (2 * config.forfeit_rate)
    game_forfeit = 1 / (4 * config.forfeit_rate)
    draw_share = config.draw_percentage / 100
    for k in range(1, matches + 1):
        for p in order:
            kind: Result | None = None
            if p.number in withdraws and k >= withdraws[p.number]:
                kind = Result.ZERO_POINT_BYE
            elif half_byes.get(p.number) == k:
                kind = Result.HALF_POINT_BYE
            if kind is not None:
                for column in match_columns(k):
                    record_bye(t, column, p.number, kind)
        if all(len(p.results) >= 2 * k for p in order):
            continue  # nobody to pair this match
        try:
            pairing = pair_round(t, edition, matcher=matcher)
        except NoValidPairingError as e:
            if on_round is not None:
                on_round(k, t, None)
            raise GenerationStopped(k, t, str(e)) from e
        if on_round is not None:
            on_round(k, t, pairing)
        apply_match(t, pairing)
        first, second = match_columns(k)
        for board in pairing.boards:
            white, black = t.player(board.white), t.player(board.black)
            white_out = rng.random() < match_forfeit
            black_out = rng.random() < match_forfeit
            for column, (w, b) in ((first, (white, black)), (second, (black, white))):
                w_forfeits = white_out if w is white else black_out
                b_forfeits = black_out if b is black else white_out
                if not (white_out or black_out):
                    w_forfeits = rng.random() < game_forfeit
                    b_forfeits = rng.random() < game_forfeit
                if w_forfeits or b_forfeits:
                    record_result(
                        t,
                        column,
                        w.number,
                        b.number,
                        Result.FORFEIT_LOSS if w_forfeits else Result.FORFEIT_WIN,
                        Result.FORFEIT_LOSS if b_forfeits else Result.FORFEIT_WIN,
                    )
                else:
                    record_result(t, column, w.number, b.number, _game(rng, w, b, draw_share))
    return t


def generate_event(
    seed: int,
    players: int,
    matches: int,
    *,
    draw_percentage: int = 35,
    forfeit_rate: float = 20,
    retired_rate: float = 25,
    half_point_bye_rate: float = 20,
    matcher: MatcherFactory | None = None,
) -> Tournament:
    """The event of ``seed`` with ``players`` players (ratings 1400-2700) and ``matches``
    matches, the other parameters as given (the tests' and benchmarks' short form).

    :raises GenerationStopped: when a match has no valid pairing.
    """
    config = GeneratorConfig(
        players_number=players,
        rounds_number=matches,
        draw_percentage=draw_percentage,
        forfeit_rate=forfeit_rate,
        retired_rate=retired_rate,
        half_point_bye_rate=half_point_bye_rate,
        highest_rating=2700,
        lowest_rating=1400,
    )
    return generate(
        config, random.Random(seed), name=f"AutoTest Tournament {seed}", matcher=matcher
    )


__all__ = [
    "TRF_TYPE",
    "config_from_double_swiss_model",
    "generate",
    "generate_event",
    "validate",
]
