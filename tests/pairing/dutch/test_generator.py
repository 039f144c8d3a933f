"""The random tournament generator (``chessarbiter.pairing.dutch.generator``): bbpPairings'
configuration keys and their meaning, determinism, TRF round trips."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from decimal import Decimal as D
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.dutch.checker import check_tournament
from chessarbiter.pairing.dutch.generator import (
    CONFIG_KEYS,
    BadConfigError,
    ConfigError,
    GenerationStopped,
    GeneratorConfig,
    GeneratorLimitError,
    _expected_score,
    config_from_model,
    generate,
    generate_tournament,
    parse_config,
)

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
DUTCH = SHARED / "corpus" / "dutch"

BASE = GeneratorConfig(
    players_number=20,
    rounds_number=5,
    draw_percentage=30,
    forfeit_rate=10,
    retired_rate=100,
    half_point_bye_rate=100,
    highest_rating=2500,
    lowest_rating=1500,
)

NONE = "ForfeitRate=1000000000\nRetiredRate=1000000000\nHalfPointByeRate=1000000000\n"


def config(**lines: object) -> str:
    return "".join(f"{k}={v}\n" for k, v in lines.items())


def needs_matching() -> None:
    pytest.importorskip("chessarbiter.pairing.matching")


def entries(t: Tournament) -> list[RoundEntry]:
    return [e for p in t for e in p.results]


# -- the configuration file --------------------------------------------------------------------


def test_every_key_of_bbppairings_is_read():
    text = (
        "PlayersNumber=31\nRoundsNumber=9\nDrawPercentage=45\nForfeitRate=12.5\n"
        "RetiredRate=7\nHalfPointByeRate=3\nHighestRating=2700\nLowestRating=1200\n"
        "PointsForWin=3\nPointsForDraw=1.0\nPointsForLoss=0.5\nPointsForZPB=0.2\n"
        "PointsForForfeitLoss=0.1\nPointsForPAB=2.5\n"
    )
    c = parse_config(text, BASE)
    assert c == GeneratorConfig(
        players_number=31,
        rounds_number=9,
        draw_percentage=45,
        forfeit_rate=12.5,
        retired_rate=7,
        half_point_bye_rate=3,
        highest_rating=2700,
        lowest_rating=1200,
        points_for_win=Decimal("3.0"),
        points_for_draw=Decimal("1.0"),
        points_for_loss=Decimal("0.5"),
        points_for_zpb=Decimal("0.1"),  # PointsForForfeitLoss sets the ZPB too, in file order
        points_for_forfeit_loss=Decimal("0.1"),
        points_for_pab=Decimal("2.5"),
    )
    assert set(CONFIG_KEYS) >= {line.partition("=")[0] for line in text.splitlines()}


def test_missing_keys_keep_their_defaults_and_comments_blank_lines_and_line_ends():
    text = "# a comment\r\n\r\nPlayersNumber=8\rHalfPointByteRate=4\n\nDrawPercentage=0"
    c = parse_config(text, BASE)
    assert (c.players_number, c.half_point_bye_rate, c.draw_percentage) == (8, 4, 0)
    assert c.rounds_number == BASE.rounds_number and c.points_for_win == Decimal("1.0")


def test_points_for_pab_follows_the_win_unless_set():
    assert parse_config("PointsForWin=3\n", BASE).point_system.pairing_allocated_bye == 3
    for text in ("PointsForPAB=1\nPointsForWin=3\n", "PointsForWin=3\nPointsForPAB=1\n"):
        ps = parse_config(text, BASE).point_system
        assert (ps.win, ps.pairing_allocated_bye) == (Decimal(3), Decimal(1))
    ps = parse_config("PointsForForfeitLoss=0.5\nPointsForZPB=0.2\n", BASE).point_system
    assert (ps.forfeit_loss, ps.zero_point_bye) == (Decimal("0.5"), Decimal("0.2"))
    ps = parse_config("PointsForWin=2\nPointsForDraw=1\n", BASE).point_system
    assert (ps.forfeit_win, ps.full_point_bye, ps.half_point_bye) == (D(2), D(2), D(1))


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("PlayersNumber=x", 15),
        ("PlayersNumber=-3", 15),
        ("RoundsNumber=2.5", 14),
        ("DrawPercentage=101", 16),
        ("ForfeitRate=0.5", 13),
        ("ForfeitRate=nan", 13),
        ("RetiredRate=1.5", 13),
        ("HalfPointByeRate=0", 18),
        ("HighestRating=27OO", 15),
        ("PointsForWin=1.25", 14),
        ("PointsForDraw=.5", 15),
        ("PointsForLoss=1.", 15),
    ],
)
def test_invalid_values_are_reported_with_line_and_column(line, column):
    with pytest.raises(ConfigError) as info:
        parse_config("# first line\n" + line + "\n", BASE, "gen.cfg")
    (problem,) = info.value.problems
    key = line.partition("=")[0]
    assert (problem.file, problem.line, problem.column) == ("gen.cfg", 2, column)
    assert (
        problem.message == f'The value for parameter "{key}" in the configuration file is invalid.'
    )


def test_unknown_keys_and_lines_without_value_are_errors_all_reported():
    with pytest.raises(ConfigError) as info:
        parse_config("Players=3\nRoundsNumber\nRoundsNumber=\nDrawPercentage=200\n", BASE, "c")
    assert [str(p) for p in info.value.problems] == [
        'c:1:1: Unexpected parameter "Players" in configuration file.',
        "c:2:1: Error parsing configuration file line: RoundsNumber",
        "c:3:1: Error parsing configuration file line: RoundsNumber=",
        'c:4:16: The value for parameter "DrawPercentage" in the configuration file is invalid.',
    ]


def test_rates_accept_large_and_infinite_values():
    c = parse_config("ForfeitRate=1e9\nRetiredRate=inf\nHalfPointByeRate=1000000000\n", BASE)
    assert (c.forfeit_rate, c.retired_rate, c.half_point_bye_rate) == (1e9, float("inf"), 1e9)


@pytest.mark.skipif(not DUTCH.exists(), reason=f"{DUTCH} is not beside the checkout")
def test_the_corpus_generator_configurations_are_read():
    index = json.loads((DUTCH / "index.json").read_text())
    for case in index[:12]:
        gen = case["generator_config"]
        c = parse_config("".join(f"{k}={v}\n" for k, v in gen.items()), BASE)
        assert c.players_number == case["players"] and c.rounds_number == case["rounds"]
        assert c.draw_percentage == gen["DrawPercentage"]
        assert c.forfeit_rate == float(gen["ForfeitRate"])
        assert (c.highest_rating, c.lowest_rating) == (gen["HighestRating"], gen["LowestRating"])


def test_random_defaults_are_bbppairings_ranges_and_depend_only_on_the_seed():
    for seed in range(40):
        c = GeneratorConfig.random_defaults(random.Random(seed))
        assert c == GeneratorConfig.random_defaults(random.Random(seed))
        assert 5 <= c.rounds_number <= 15 and 15 <= c.players_number <= 215
        assert 6 <= c.forfeit_rate <= 30 and 10 <= c.draw_percentage <= 50
        assert 15 <= c.retired_rate <= 3225 and 15 <= c.half_point_bye_rate <= 3225
        assert 2400 <= c.highest_rating <= 2800 and 1400 <= c.lowest_rating <= 2300
        assert c.point_system.is_standard
    assert len({GeneratorConfig.random_defaults(random.Random(s)) for s in range(40)}) > 30


def test_impossible_configurations_are_refused():
    with pytest.raises(BadConfigError, match="highest rating must be higher"):
        parse_config("HighestRating=1500\nLowestRating=1600\n", BASE).validate()
    with pytest.raises(GeneratorLimitError, match="9999 players"):
        parse_config("PlayersNumber=10000\n", BASE).validate()
    with pytest.raises(GeneratorLimitError, match="ratings up to 9999"):
        parse_config("HighestRating=10000\n", BASE).validate()


def test_issue_13_item_18_no_players_no_rounds_or_too_many_rounds_are_refused():
    with pytest.raises(BadConfigError, match=r"at least one player \(PlayersNumber\)"):
        parse_config("PlayersNumber=0\n", BASE).validate()
    with pytest.raises(BadConfigError, match=r"at least one round \(RoundsNumber\)"):
        parse_config("RoundsNumber=0\n", BASE).validate()
    with pytest.raises(GeneratorLimitError, match="at most 99 rounds"):
        parse_config("RoundsNumber=100\n", BASE).validate()
    parse_config("RoundsNumber=99\nPlayersNumber=1\n", BASE).validate()


def test_issue_13_item_18_a_model_without_players_or_rounds_is_refused():
    with pytest.raises(BadConfigError, match="no players"):
        config_from_model(Tournament(total_rounds=5))
    t = Tournament(total_rounds=5)
    t.add_player(Player(1, "A", rating=2000))
    t.add_player(Player(2, "B", rating=1900))
    with pytest.raises(BadConfigError, match="no round paired"):
        config_from_model(t)


def test_expected_score_is_bbppairings_normal_model():
    assert _expected_score(0) == pytest.approx(0.5)
    assert _expected_score(round(2000 / 7)) == pytest.approx(0.8413, abs=1e-3)  # Φ(1)
    assert _expected_score(800) == pytest.approx(0.99744, abs=1e-4)  # Φ(2.8)


# -- generating ----------------------------------------------------------------------------------


def test_same_seed_same_tournament_other_seed_other_tournament():
    needs_matching()
    text = config(PlayersNumber=11, RoundsNumber=5, RetiredRate=4, HalfPointByeRate=4)
    first = trf.dumps(generate_tournament(7, text), trf.TRFX)
    assert trf.dumps(generate_tournament(7, text), trf.TRFX) == first
    assert trf.dumps(generate_tournament(8, text), trf.TRFX) != first
    assert first.startswith("012 AutoTest Tournament 7\nXXR 5\nXXC ")


def test_generated_tournaments_round_trip_through_trf_and_pass_the_checker():
    needs_matching()
    text = config(
        PlayersNumber=13,
        RoundsNumber=6,
        DrawPercentage=35,
        ForfeitRate=6,
        RetiredRate=4,
        HalfPointByeRate=4,
        PointsForWin=3,
        PointsForDraw=1,
    )
    for seed in (1, 2, 3):
        t = generate_tournament(seed, text)
        assert t.check() == []
        for dialect in (trf.TRFX, trf.TRF2026):
            back = trf.loads(trf.dumps(t, dialect))
            assert back == t
        assert check_tournament(t) == []


def test_players_rounds_and_ratings():
    needs_matching()
    text = config(PlayersNumber=9, RoundsNumber=4, HighestRating=2222, LowestRating=2000) + NONE
    t = generate_tournament(11, text)
    assert len(t) == 9 and t.total_rounds == 4 and t.rounds_played == 4
    ratings = [p.rating or 0 for p in t]
    assert ratings == sorted(ratings, reverse=True)
    assert all(2000 <= r <= 2222 for r in ratings)
    assert [p.name for p in t][:2] == ["Test0001 Player0001", "Test0002 Player0002"]
    assert all(len(p.results) == 4 for p in t)
    # 9 players, no byes requested: one pairing-allocated bye per round, to 4 different players
    pabs = [n for p in t for n, e in enumerate(p.results, 1) if e.received_pab]
    assert sorted(pabs) == [1, 2, 3, 4]
    assert t.initial_colour in (Colour.WHITE, Colour.BLACK)


def test_draw_percentage():
    needs_matching()
    base = config(PlayersNumber=10, RoundsNumber=4, HighestRating=2000, LowestRating=2000) + NONE
    never = entries(generate_tournament(1, base + "DrawPercentage=0\n"))
    assert never and not any(e.result is Result.DRAW for e in never)
    always = entries(generate_tournament(1, base + "DrawPercentage=100\n"))
    assert always and all(e.result is Result.DRAW for e in always)  # equal ratings


def test_the_stronger_player_wins_big_rating_gaps():
    needs_matching()
    text = config(
        PlayersNumber=30, RoundsNumber=5, HighestRating=2800, LowestRating=1000, DrawPercentage=0
    )
    t = generate_tournament(5, text + NONE)
    wins = losses = 0
    for p in t:
        for e in p.results:
            if e.opponent is None or e.colour is not Colour.WHITE:
                continue
            gap = (p.rating or 0) - (t.player(e.opponent).rating or 0)
            if abs(gap) >= 500:  # the stronger player's expected score is at least Φ(1.75)
                stronger_won = (e.result is Result.WIN) == (gap > 0)
                wins += stronger_won
                losses += not stronger_won
    assert wins + losses >= 20
    assert wins >= 0.85 * (wins + losses)


def test_forfeit_rate():
    needs_matching()
    base = config(PlayersNumber=8, RoundsNumber=3, RetiredRate="1e9", HalfPointByeRate="1e9")
    t = generate_tournament(3, base + "ForfeitRate=1\n")  # everybody forfeits: double forfeits
    games = [e for e in entries(t) if e.opponent is not None]
    assert games and all(e.result is Result.FORFEIT_LOSS for e in games)
    assert all(e.colour is not Colour.NONE for e in games)  # with their scheduled colours
    t = generate_tournament(3, base + "ForfeitRate=1e9\n")
    assert all(e.is_played for e in entries(t) if e.opponent is not None)
    t = generate_tournament(3, base.replace("RoundsNumber=3", "RoundsNumber=6") + "ForfeitRate=3\n")
    results = {e.result for e in entries(t)}
    assert Result.FORFEIT_WIN in results and Result.WIN in results


def test_retired_and_half_point_bye_rates():
    needs_matching()
    base = config(PlayersNumber=12, RoundsNumber=6, ForfeitRate="1e9")
    t = generate_tournament(4, base + "RetiredRate=2\nHalfPointByeRate=1e9\n")
    zero = {p.number for p in t if any(e.result is Result.ZERO_POINT_BYE for e in p.results)}
    assert len(zero) == 6  # one player in two
    assert not any(e.result is Result.HALF_POINT_BYE for e in entries(t))
    t = generate_tournament(4, base + "RetiredRate=1e9\nHalfPointByeRate=1\n")
    half = {p.number for p in t if any(e.result is Result.HALF_POINT_BYE for e in p.results)}
    assert len(half) == 12  # everybody
    assert not any(p.results[-1].result is Result.HALF_POINT_BYE for p in t)  # not the last round
    assert not any(e.result is Result.ZERO_POINT_BYE for e in entries(t))
    t = generate_tournament(4, base + "RetiredRate=1e9\nHalfPointByeRate=1e9\n")
    assert not any(e.result in (Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE) for e in entries(t))


def test_point_keys_score_the_generated_tournament():
    needs_matching()
    text = config(PlayersNumber=7, RoundsNumber=3, PointsForWin=3, PointsForDraw=1) + NONE
    t = generate_tournament(9, text)
    ps = t.point_system
    assert (ps.win, ps.draw, ps.loss, ps.pairing_allocated_bye) == (D(3), D(1), D(0), D(3))
    assert sum(t.scores().values()) > 0
    assert trf.loads(trf.dumps(t, trf.TRFX)).point_system == ps


def test_generation_stops_when_no_valid_pairing_exists():
    needs_matching()
    with pytest.raises(GenerationStopped) as info:
        generate_tournament(1, config(PlayersNumber=2, RoundsNumber=3) + NONE)
    stopped = info.value
    assert stopped.round == 2
    assert str(stopped).startswith(
        "No valid pairing exists for round 2 of the generated tournament"
    )
    assert stopped.tournament.rounds_played == 1
    assert all(len(p.results) == 1 for p in stopped.tournament)


def test_the_round_hook_sees_each_round_before_its_results():
    needs_matching()
    seen: list[tuple[int, int, int]] = []

    def hook(r, t, pairing):
        assert pairing is not None and pairing.round == r
        seen.append((r, t.rounds_played, len(pairing.boards)))

    rng = random.Random(2)
    c = parse_config(config(PlayersNumber=6, RoundsNumber=3) + NONE, BASE)
    generate(c, rng, on_round=hook)
    assert seen == [(1, 0, 3), (2, 1, 3), (3, 2, 3)]


def model_tournament() -> Tournament:
    t = Tournament(name="Model", total_rounds=2, initial_colour=Colour.WHITE)
    for n, rating in enumerate((2400, 2300, 2200, 2100), start=1):
        t.add_player(Player(n, f"Model player {n}", rating=rating, federation="FRA"))
    t.record_game(1, 1, 2, Result.DRAW)
    t.record_game(1, 3, 4, Result.WIN)
    t.record_game(2, 4, 1, Result.FORFEIT_WIN)
    t.player(2).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    t.player(3).set_entry(2, RoundEntry.bye(Result.ZERO_POINT_BYE))
    return t


def test_config_from_a_model_measures_its_rates():
    c = config_from_model(model_tournament())
    assert (c.players_number, c.rounds_number) == (4, 2)
    assert c.draw_percentage == 50  # one draw in two games played
    assert c.forfeit_rate == pytest.approx(3)  # one forfeit in three games scheduled
    assert c.retired_rate == 4 and c.half_point_bye_rate == 4  # one player in four each
    assert (c.highest_rating, c.lowest_rating) == (2400, 2100)
    t = model_tournament()
    t.player(4).rating = None
    with pytest.raises(BadConfigError, match="nonzero"):
        config_from_model(t)


def test_generating_from_a_model_keeps_its_players():
    needs_matching()
    model = model_tournament()
    c = config_from_model(model)
    t = generate(c, random.Random(1), model=model)
    assert t.name == "Model" and t.total_rounds == 2 and t.rounds_played == 2
    assert [(p.name, p.rating, p.federation) for p in t] == [
        (p.name, p.rating, p.federation) for p in model
    ]
    assert model.player(1).results[0].result is Result.DRAW  # the model is left alone


def test_a_first_round_without_pairings_cannot_be_followed():
    """Every player needs a half-point bye and only round 1 of 2 may have one: nobody is paired
    in round 1, which a tournament file cannot tell from a round not yet paired."""
    needs_matching()
    text = config(PlayersNumber=6, RoundsNumber=2, HalfPointByeRate=1, RetiredRate="1e9")
    with pytest.raises(PairingError, match="every player had a bye in round 1"):
        generate_tournament(1, text)
