"""Knockout matches (issue 6): phases, tie-breaks, colours and cup team matches.

Sources: Stage by Stage 1997 (1997 FIDE World Championship regulations), spec 8 (``fide-rules.md``
section 8, World Cup 2023), Team Competitions 1972 (Olympic/cup system for teams).
"""

from __future__ import annotations

import random

import pytest

from chessarbiter.errors import ChessArbiterError
from chessarbiter.pairing.knockout.matches import (
    ArmageddonColourError,
    ColourRule,
    DrawnMatchRule,
    MatchError,
    MatchFormat,
    Phase,
    PhaseKind,
    TeamColours,
    next_game,
    preset,
    stages,
    team_cup_colours,
    team_match_decision,
)
from chessarbiter.timecontrol.model import Period, TimeControl

D = 0.5
"""A drawn game."""


def fide(stage: int) -> MatchFormat:
    return preset("fide-1997", stage)


def wc(stage: int = 1) -> MatchFormat:
    return preset("world-cup-2023", stage)


def next_of(fmt: MatchFormat, scores: list[float], **options: object) -> tuple[str, int]:
    decision = next_game(fmt, scores, **options)  # type: ignore[arg-type]
    assert not decision.finished
    assert decision.winner is None
    assert decision.next_game is not None
    return decision.next_game.phase, decision.next_game.number


def winner_of(fmt: MatchFormat, scores: list[float], **options: object) -> tuple[str, str]:
    decision = next_game(fmt, scores, **options)  # type: ignore[arg-type]
    assert decision.finished
    assert decision.next_game is None
    assert decision.winner is not None
    assert decision.decided_in is not None
    return decision.winner, decision.decided_in


# -- the issue's example ---------------------------------------------------------------------


def test_issue_example_json_exactly() -> None:
    # Stage by Stage 1997, stage 1: main 1-1, two 25+10 games 1-1, no 15+10 phase → sudden death
    # game 5,
    # white 4 min, black 5 min, +10 s.
    decision = next_game(fide(1), [1, 0, 0.5, 0.5])
    assert decision.to_json() == {
        "finished": False,
        "winner": None,
        "next_game": {
            "phase": "sudden-death",
            "number": 5,
            "time_control": {"white": "240+10", "black": "300+10"},
        },
    }


def test_finished_json_exactly() -> None:
    assert next_game(fide(1), [1, 0.5]).to_json() == {
        "finished": True,
        "winner": "first",
        "next_game": None,
    }


# -- fide-1997 presets (Stage by Stage 1997)
# ------------------------------------------------------------


def test_fide_1997_stage_1_phases_and_time_controls() -> None:
    # Stage by Stage 1997: stage 1 has no 15 min + 10 s block.
    fmt = fide(1)
    assert [p.name for p in fmt.phases] == ["main", "rapid-25", "sudden-death", "armageddon"]
    assert [p.games for p in fmt.phases] == [2, 2, None, None]
    clocks = [(p.white.to_pgn(), p.black.to_pgn()) for p in fmt.phases]
    assert clocks == [
        ("40/6000+30:20/3000+30:600+30", "40/6000+30:20/3000+30:600+30"),
        ("1500+10", "1500+10"),
        ("240+10", "300+10"),
        ("360", "300"),
    ]
    assert fmt.main_score_needed == 1.5
    assert fmt.phase("armageddon").on_order
    assert fmt.phase("armageddon").colours is ColourRule.LOT_WINNER_CHOOSES
    assert fmt.order_armageddon is fmt.phases[-1]


@pytest.mark.parametrize(
    ("stage", "games", "needed"), [(2, 2, 1.5), (6, 2, 1.5), (7, 4, 2.5), (8, 6, 3.5)]
)
def test_fide_1997_later_stages_have_the_15_minute_block_and_longer_mains(
    stage: int, games: int, needed: float
) -> None:
    # Stage by Stage 1997: stages 1–6 two games (1.5 wins), stage 7 four (2.5), stage 8 six (3.5);
    # from stage 2 a new lot and two games of 15 min + 10 s.
    fmt = fide(stage)
    assert [p.name for p in fmt.phases] == [
        "main",
        "rapid-25",
        "rapid-15",
        "sudden-death",
        "armageddon",
    ]
    assert fmt.main.games == games
    assert fmt.main_score_needed == needed
    assert fmt.phase("rapid-15").white.to_pgn() == "900+10"
    assert fmt.stage == stage


def test_fide_1997_has_eight_stages() -> None:
    assert stages("fide-1997") == range(1, 9)
    for bad in (0, 9, -1):
        with pytest.raises(MatchError, match=r"fide-1997 has stages 1 to 8, not"):
            fide(bad)


# -- fide-1997 phase boundaries, stage 1 (Stage by Stage 1997)
# -----------------------------------------


def test_stage_1_main_games() -> None:
    assert next_of(fide(1), []) == ("main", 1)
    assert next_of(fide(1), [1]) == ("main", 2)
    assert next_of(fide(1), [0]) == ("main", 2)
    assert winner_of(fide(1), [1, D]) == ("first", "main")  # 1.5–0.5
    assert winner_of(fide(1), [D, 0]) == ("second", "main")
    assert winner_of(fide(1), [1, 1]) == ("first", "main")


def test_stage_1_main_level_then_rapid_25() -> None:
    assert next_of(fide(1), [1, 0]) == ("rapid-25", 3)
    assert next_of(fide(1), [D, D]) == ("rapid-25", 3)
    assert next_of(fide(1), [D, D, 1]) == ("rapid-25", 4)
    assert winner_of(fide(1), [1, 0, 1, 1]) == ("first", "rapid-25")  # rapid 2–0
    assert winner_of(fide(1), [1, 0, D, 0]) == ("second", "rapid-25")


def test_stage_1_skips_the_15_minute_block() -> None:
    # Stage by Stage 1997: the 15 min + 10 s games are for stages 2–8 only.
    decision = next_game(fide(1), [D, D, 1, 0])
    assert decision.next_game is not None
    assert decision.next_game.phase == "sudden-death"
    assert decision.next_game.number_in_phase == 1
    assert decision.score == (2.0, 2.0)


def test_sudden_death_ends_at_the_first_decisive_game() -> None:
    # Stage by Stage 1997: games until the first win; draws do not count.
    level = [1, 0, D, D]
    assert next_of(fide(1), [*level, D]) == ("sudden-death", 6)
    assert next_of(fide(1), [*level, D, D, D]) == ("sudden-death", 8)
    assert winner_of(fide(1), [*level, D, D, 0]) == ("second", "sudden-death")
    assert winner_of(fide(1), [*level, 1]) == ("first", "sudden-death")
    decision = next_game(fide(1), [*level, D, D])
    assert decision.next_game is not None
    assert decision.next_game.number_in_phase == 3
    assert decision.next_game.white_clock.to_pgn() == "240+10"
    assert decision.next_game.black_clock.to_pgn() == "300+10"


# -- stage 2 (Stage by Stage 1997)
# ----------------------------------------------------------------------


def test_stage_2_reaches_the_15_minute_block() -> None:
    decision = next_game(fide(2), [D, D, 0, 1])
    assert decision.to_json()["next_game"] == {
        "phase": "rapid-15",
        "number": 5,
        "time_control": {"white": "900+10", "black": "900+10"},
    }
    assert next_of(fide(2), [D, D, 0, 1, 1]) == ("rapid-15", 6)
    assert winner_of(fide(2), [D, D, 0, 1, 1, D]) == ("first", "rapid-15")
    assert winner_of(fide(2), [D, D, 0, 1, 0, 0]) == ("second", "rapid-15")
    assert next_of(fide(2), [D, D, 0, 1, 1, 0]) == ("sudden-death", 7)
    assert winner_of(fide(2), [D, D, 0, 1, 1, 0, D, 1]) == ("first", "sudden-death")


def test_stage_2_main_and_rapid_25_boundaries() -> None:
    assert winner_of(fide(2), [0, D]) == ("second", "main")
    assert next_of(fide(2), [0, 1]) == ("rapid-25", 3)
    assert winner_of(fide(2), [0, 1, 0, D]) == ("second", "rapid-25")


# -- stage 7: four main games; stage 8: six (Stage by Stage 1997)
# ---------------------------------------


def test_stage_7_four_main_games() -> None:
    assert next_of(fide(7), [1, 1]) == ("main", 3)  # 2–0 is not yet more than half of 4
    assert winner_of(fide(7), [1, 1, D]) == ("first", "main")  # 2.5: the 4th game is not played
    assert next_of(fide(7), [1, 0, D]) == ("main", 4)
    assert winner_of(fide(7), [0, D, 0]) == ("second", "main")  # 0.5–2.5
    assert next_of(fide(7), [1, 0, 0, 1]) == ("rapid-25", 5)
    assert next_of(fide(7), [D, D, D, D, 1, 0]) == ("rapid-15", 7)
    assert next_of(fide(7), [D, D, D, D, 1, 0, D, D]) == ("sudden-death", 9)


def test_stage_8_six_main_games() -> None:
    assert winner_of(fide(8), [1, 1, 1, D]) == ("first", "main")  # 3.5 after 4 games
    assert next_of(fide(8), [1, 1, 1]) == ("main", 4)
    assert winner_of(fide(8), [0, 0, D, D, 0]) == ("second", "main")
    assert next_of(fide(8), [1, 1, 1, 0, 0, 0]) == ("rapid-25", 7)
    assert next_of(fide(8), [D] * 6) == ("rapid-25", 7)
    assert winner_of(fide(8), [D] * 6 + [1, 1]) == ("first", "rapid-25")
    assert next_of(fide(8), [D] * 8) == ("rapid-15", 9)
    assert next_of(fide(8), [D] * 10) == ("sudden-death", 11)


def test_the_main_time_control_of_every_stage() -> None:
    # Stage by Stage 1997: 40 moves / 100 min, 20 / 50 min, 10 min, +30 s from move 1, in all
    # stages.
    for stage in stages("fide-1997"):
        decision = next_game(fide(stage), [])
        assert decision.next_game is not None
        assert decision.next_game.time_control_json() == {
            "white": "40/6000+30:20/3000+30:600+30",
            "black": "40/6000+30:20/3000+30:600+30",
        }


# -- armageddon by the chief arbiter's decision (Stage by Stage 1997)
# -----------------------------------


def test_ordered_armageddon_replaces_sudden_death() -> None:
    decision = next_game(fide(1), [1, 0, D, D], armageddon=True)
    assert decision.to_json() == {
        "finished": False,
        "winner": None,
        "next_game": {
            "phase": "armageddon",
            "number": 5,
            "time_control": {"white": "360", "black": "300"},
        },
    }


def test_ordered_armageddon_after_some_sudden_death_games() -> None:
    level = [D, D, 1, 0, D, D]  # stage 2: main, rapid-25, rapid-15 all level
    assert next_of(fide(2), [*level, D], armageddon=True, armageddon_after=2) == (
        "sudden-death",
        8,
    )
    assert next_of(fide(2), [*level, D, D], armageddon=True, armageddon_after=2) == (
        "armageddon",
        9,
    )
    # a decisive sudden-death game before the order still decides
    assert winner_of(fide(2), [*level, 0], armageddon=True, armageddon_after=2) == (
        "second",
        "sudden-death",
    )


@pytest.mark.parametrize(
    ("score", "white", "winner"),
    [
        (1, None, "first"),
        (0, None, "second"),
        (1, "second", "first"),
        (D, "first", "second"),  # a draw qualifies black
        (D, "second", "first"),
    ],
)
def test_armageddon_result(score: float, white: str | None, winner: str) -> None:
    # Stage by Stage 1997: "the winner of such a game goes through; on a draw the player with
    # black".
    decision = next_game(fide(1), [1, 0, D, D, score], armageddon=True, armageddon_white=white)  # type: ignore[arg-type]
    assert decision.finished
    assert decision.winner == winner
    assert decision.decided_in == "armageddon"
    assert decision.games[-1].white == white


def test_drawn_armageddon_without_colours_is_an_error() -> None:
    with pytest.raises(ArmageddonColourError, match=r"game 5, the armageddon, was drawn"):
        next_game(fide(1), [1, 0, D, D, D], armageddon=True)


def test_armageddon_white_is_the_lot_winners_choice_and_the_lot_says_who_chooses() -> None:
    decision = next_game(
        fide(1),
        [1, 0, D, D],
        armageddon=True,
        lots={"armageddon": "second"},
        armageddon_white="first",
    )
    assert decision.next_game is not None
    assert decision.next_game.white == "first"
    lot = decision.armageddon_lot
    assert lot is not None
    assert (lot.favoured, lot.recorded) == ("second", True)
    undecided = next_game(fide(1), [1, 0, D, D], armageddon=True)
    assert undecided.next_game is not None
    assert undecided.next_game.white is None


def test_games_after_the_armageddon_are_an_error() -> None:
    with pytest.raises(MatchError, match=r"decided by game 5 \(armageddon\)"):
        next_game(fide(1), [1, 0, D, D, 1, D], armageddon=True)


def test_armageddon_options_checked() -> None:
    with pytest.raises(MatchError, match=r"world-cup-2023.*no armageddon"):
        next_game(wc(), [D, D], armageddon=True)
    with pytest.raises(MatchError, match="only when an armageddon was ordered"):
        next_game(fide(1), [], armageddon_after=1)
    with pytest.raises(MatchError, match="armageddon_after must be 0 to"):
        next_game(fide(1), [], armageddon=True, armageddon_after=-1)
    with pytest.raises(MatchError, match="armageddon_white"):
        next_game(fide(1), [], armageddon_white="black")  # type: ignore[arg-type]


# -- world-cup-2023 (spec 8) -----------------------------------------------------------------


def test_world_cup_2023_phases() -> None:
    fmt = wc(8)
    assert [(p.name, p.games, p.white.to_pgn(), p.black.to_pgn()) for p in fmt.phases] == [
        ("main", 2, "40/5400+30:1800+30", "40/5400+30:1800+30"),
        ("rapid-25", 2, "1500+10", "1500+10"),
        ("rapid-10", 2, "600+10", "600+10"),
        ("blitz-5", 2, "300+3", "300+3"),
        ("sudden-death", None, "180+2", "180+2"),
    ]
    assert fmt.order_armageddon is None
    assert stages("world-cup-2023") == range(1, 9)
    assert all(wc(stage).main.games == 2 for stage in range(1, 9))
    with pytest.raises(MatchError, match="world-cup-2023 has stages 1 to 8, not 9"):
        wc(9)


def test_world_cup_2023_sequence() -> None:
    # spec 8: 25+10 ×2, 10+10 ×2, 5+3 ×2, then 3+2 games until a decisive one.
    assert next_of(wc(), [D, D]) == ("rapid-25", 3)
    assert next_of(wc(), [D] * 4) == ("rapid-10", 5)
    assert next_of(wc(), [D] * 6) == ("blitz-5", 7)
    assert next_of(wc(), [D] * 8) == ("sudden-death", 9)
    assert next_of(wc(), [D] * 11) == ("sudden-death", 12)
    assert winner_of(wc(), [D] * 8 + [D, D, 0]) == ("second", "sudden-death")
    assert winner_of(wc(), [D] * 6 + [1, D]) == ("first", "blitz-5")
    assert winner_of(wc(), [D] * 4 + [0, 0]) == ("second", "rapid-10")
    assert winner_of(wc(), [1, 0, 1, D]) == ("first", "rapid-25")


def test_world_cup_2023_sudden_death_colours_by_lot_then_alternating() -> None:
    # spec 8: "White decided by lot and colours alternating until a decisive game".
    lots = {"sudden-death": "second"}
    whites = []
    for played in range(8, 12):
        decision = next_game(wc(), [D] * played, lots=lots)  # type: ignore[arg-type]
        assert decision.next_game is not None
        whites.append(decision.next_game.white)
    assert whites == ["second", "first", "second", "first"]


# -- colours and lots ------------------------------------------------------------------------


def test_recorded_lots_give_white_and_colours_alternate_inside_a_phase() -> None:
    lots = {"main": "first", "rapid-25": "first", "sudden-death": "second"}
    decision = next_game(fide(1), [D, D, D, D, D], lots=lots)  # type: ignore[arg-type]
    assert [g.white for g in decision.games] == ["first", "second", "first", "second", "second"]
    assert decision.next_game is not None
    assert decision.next_game.white == "first"
    assert decision.lots["main"].recorded


def test_without_lots_or_seed_colours_are_unknown() -> None:
    decision = next_game(fide(1), [D, D])
    assert decision.next_game is not None
    assert decision.next_game.white is None
    assert decision.lots == {}


def test_seeded_lots_are_reproducible() -> None:
    a = next_game(fide(2), [D] * 6, seed=1997)
    b = next_game(fide(2), [D] * 6, seed=1997)
    assert a == b
    assert all(not lot.recorded for lot in a.lots.values())
    assert set(a.lots) == {"main", "rapid-25", "rapid-15", "sudden-death", "armageddon"}
    assert all(g.white is not None for g in a.games)
    # lots are drawn in phase order with random.Random(seed)
    rng = random.Random(1997)
    assert [lot.favoured for lot in a.lots.values()] == [
        rng.choice(("first", "second")) for _ in range(5)
    ]
    # a lot drawn does not depend on how far the match went or on other recorded lots
    c = next_game(fide(2), [], seed=1997, lots={"main": "second"})
    assert c.lots["rapid-15"] == a.lots["rapid-15"]
    assert c.lots["main"].favoured == "second"
    assert c.lots["main"].recorded


def test_different_seeds_can_differ() -> None:
    drawn = {
        tuple(lot.favoured for lot in next_game(fide(2), [], seed=s).lots.values())
        for s in range(20)
    }
    assert len(drawn) > 1


def test_bad_lots() -> None:
    with pytest.raises(MatchError, match="no phase 'rapid-15'"):
        next_game(fide(1), [], lots={"rapid-15": "first"})  # stage 1 has no 15+10 block
    with pytest.raises(MatchError, match="must be 'first' or 'second'"):
        next_game(fide(1), [], lots={"main": "white"})  # type: ignore[dict-item]


# -- invalid input ---------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [2, -1, 0.25, 1.5, "1", None, True])
def test_score_not_in_0_half_1(bad: object) -> None:
    with pytest.raises(MatchError, match=r"game 2: the score must be 0, 0.5 or 1"):
        next_game(fide(1), [1, bad])  # type: ignore[list-item]


def test_games_after_the_match_was_decided() -> None:
    with pytest.raises(MatchError, match=r"decided by game 2 \(main\): first won, 2-0"):
        next_game(fide(1), [1, 1, 0])
    with pytest.raises(MatchError, match=r"decided by game 5 \(sudden-death\)"):
        next_game(fide(1), [1, 0, D, D, 1, 0])


def test_unknown_preset_and_errors_are_chessarbiter_errors() -> None:
    with pytest.raises(MatchError, match="unknown match format 'fide-2000'"):
        preset("fide-2000", 1)
    assert issubclass(MatchError, ChessArbiterError)
    assert issubclass(ArmageddonColourError, MatchError)


# -- custom formats --------------------------------------------------------------------------


def world_cup_2005_like() -> MatchFormat:
    """spec 8 (World Cup 2005–2019): a regular armageddon, white 5 min, black 4 min, +3 s from
    move 61, draw = black."""
    return MatchFormat(
        "custom",
        (
            Phase("main", PhaseKind.GAMES, TimeControl.minutes(90), TimeControl.minutes(90), 2),
            Phase(
                "armageddon",
                PhaseKind.ARMAGEDDON,
                TimeControl((Period(60, 300), Period(None, 0, 3))),
                TimeControl((Period(60, 240), Period(None, 0, 3))),
                colours=ColourRule.LOT_WINNER_CHOOSES,
            ),
        ),
    )


def test_a_regular_armageddon_phase() -> None:
    fmt = world_cup_2005_like()
    decision = next_game(fmt, [1, 0])
    assert decision.to_json()["next_game"] == {
        "phase": "armageddon",
        "number": 3,
        "time_control": {"white": "60/300:0+3", "black": "60/240:0+3"},
    }
    assert winner_of(fmt, [1, 0, D], armageddon_white="second") == ("first", "armageddon")


def test_alternate_colour_rule_continues_from_the_previous_game() -> None:
    clock = TimeControl.minutes(10)
    fmt = MatchFormat(
        "custom",
        (
            Phase("main", PhaseKind.GAMES, clock, clock, 2),
            Phase("rapid", PhaseKind.GAMES, clock, clock, 2, colours=ColourRule.ALTERNATE),
            Phase("sudden-death", PhaseKind.SUDDEN_DEATH, clock, clock),
        ),
    )
    decision = next_game(fmt, [D, D, D], lots={"main": "second"})
    assert [g.white for g in decision.games] == ["second", "first", "second"]
    assert decision.next_game is not None
    assert decision.next_game.white == "first"
    with pytest.raises(MatchError, match="has no lot"):
        next_game(fmt, [], lots={"rapid": "first"})


def test_invalid_formats() -> None:
    clock = TimeControl.minutes(5)
    main = Phase("main", PhaseKind.GAMES, clock, clock, 2)
    sudden = Phase("sudden-death", PhaseKind.SUDDEN_DEATH, clock, clock)
    with pytest.raises(MatchError, match="can end level"):
        MatchFormat("x", (main,))
    with pytest.raises(MatchError, match="two phases are called 'main'"):
        MatchFormat("x", (main, main, sudden))
    with pytest.raises(MatchError, match="after sudden death"):
        MatchFormat("x", (main, sudden, Phase("rapid", PhaseKind.GAMES, clock, clock, 2)))
    with pytest.raises(MatchError, match="must start with its main games"):
        MatchFormat("x", (sudden,))
    with pytest.raises(MatchError, match="has no phases"):
        MatchFormat("x", ())
    with pytest.raises(MatchError, match="kebab-case"):
        Phase("Rapid 25", PhaseKind.GAMES, clock, clock, 2)
    with pytest.raises(MatchError, match="needs a number of games"):
        Phase("rapid", PhaseKind.GAMES, clock, clock)
    with pytest.raises(MatchError, match="no fixed number of games"):
        Phase("sudden-death", PhaseKind.SUDDEN_DEATH, clock, clock, 3)
    with pytest.raises(MatchError, match="lot winner chooses"):
        Phase("armageddon", PhaseKind.ARMAGEDDON, clock, clock)
    with pytest.raises(MatchError, match="must follow a sudden-death phase"):
        MatchFormat(
            "x",
            (
                main,
                Phase(
                    "armageddon",
                    PhaseKind.ARMAGEDDON,
                    clock,
                    clock,
                    colours=ColourRule.LOT_WINNER_CHOOSES,
                    on_order=True,
                ),
            ),
        )


# -- time controls ---------------------------------------------------------------------------


def test_seed002_main_control_in_pgn() -> None:
    """Stage by Stage 1997: 40 moves in 100 min, 20 in 50 min, 10 min for the rest, 30 s a move from
    move 1 (the time-control model is chessarbiter.timecontrol's)."""
    main = preset("fide-1997", 1).main.white
    assert main.to_pgn() == "40/6000+30:20/3000+30:600+30"


# -- detail ----------------------------------------------------------------------------------


def test_detail_json() -> None:
    decision = next_game(fide(1), [1, 0, D, D], lots={"sudden-death": "first"})
    data = decision.detail_json()
    assert data["score"] == {"first": 2.0, "second": 2.0}
    assert data["next_game"] == {
        "phase": "sudden-death",
        "number": 5,
        "time_control": {"white": "240+10", "black": "300+10"},
        "white": "first",
        "number_in_phase": 1,
        "lot": {"favoured": "first", "recorded": True},
    }
    games = data["games"]
    assert isinstance(games, list)
    assert [g["phase"] for g in games if isinstance(g, dict)] == [
        "main",
        "main",
        "rapid-25",
        "rapid-25",
    ]


# -- team cup matches (Team Competitions 1972)
# -------------------------------------------------------------


def test_team_cup_colours_round_1_lower_number_has_white_on_odd_boards() -> None:
    # Team Competitions 1972: in round 1 white on board 1 and the odd boards, and hosting, go to the
    # lower
    # number.
    colours = team_cup_colours(1, (4, 5))
    assert colours == TeamColours("first", "number")
    assert [colours.white_on(b) for b in (1, 2, 3, 4)] == ["first", "second", "first", "second"]
    assert team_cup_colours(1, (9, 2)).white_on_odd_boards == "second"
    with pytest.raises(MatchError, match="same number"):
        team_cup_colours(1, (3, 3))


def test_team_cup_colours_later_rounds() -> None:
    # Team Competitions 1972: from round 2 "white" goes to the team that had black more often; equal
    # → lot.
    assert team_cup_colours(2, (1, 4), blacks=(1, 0)) == TeamColours("first", "blacks")
    assert team_cup_colours(3, (1, 4), blacks=(0, 2)) == TeamColours("second", "blacks")
    assert team_cup_colours(3, (1, 4), blacks=(1, 1), lot="second") == TeamColours("second", "lot")
    drawn = team_cup_colours(3, (1, 4), blacks=(1, 1), rng=random.Random(7))
    assert drawn == team_cup_colours(3, (1, 4), blacks=(1, 1), rng=random.Random(7))
    assert drawn.reason == "lot"
    with pytest.raises(MatchError, match="a lot decides"):
        team_cup_colours(2, (1, 4), blacks=(1, 1))
    with pytest.raises(MatchError, match="numbered from 1"):
        team_cup_colours(0, (1, 4))
    with pytest.raises(MatchError, match="numbered from 1"):
        TeamColours("first", "number").white_on(0)


def test_team_match_decided_on_game_points() -> None:
    # Team Competitions 1972: 1 per win, ½ per draw, whatever the board.
    decision = team_match_decision([1, D, D, 1])
    assert (decision.finished, decision.winner, decision.points) == (True, "first", (3.0, 1.0))
    assert decision.decided_by == "points"
    two_rounds = team_match_decision([D, 1, 0, 2], games_per_board=2)
    assert (two_rounds.winner, two_rounds.points) == ("second", (3.5, 4.5))


def test_drawn_team_match_replay_weights_or_armageddon() -> None:
    # Team Competitions 1972: a drawn cup match is replayed or decided by board coefficients.
    drawn = [0, 1, D, D]
    replay = team_match_decision(drawn)
    assert (replay.finished, replay.winner, replay.action) == (False, None, DrawnMatchRule.REPLAY)
    weights = [
        58,
        56,
        54,
        52,
    ]  # Team Competitions 1972: the 1965 European team championship's weighting
    by_weights = team_match_decision(drawn, [DrawnMatchRule.BOARD_WEIGHTS], weights=weights)
    assert (by_weights.winner, by_weights.decided_by) == ("second", "board-weights")
    assert by_weights.weighted == (109.0, 111.0)
    armageddon = team_match_decision(drawn, [DrawnMatchRule.ARMAGEDDON])
    assert armageddon.action is DrawnMatchRule.ARMAGEDDON
    # equal on weights too: the next rule applies
    symmetric = [1, D, D, 0]
    then_replay = team_match_decision(
        symmetric,
        [DrawnMatchRule.BOARD_WEIGHTS, DrawnMatchRule.REPLAY],
        weights=[1, 1, 1, 1],
    )
    assert then_replay.action is DrawnMatchRule.REPLAY
    with pytest.raises(MatchError, match="none of the rules"):
        team_match_decision(symmetric, [DrawnMatchRule.BOARD_WEIGHTS], weights=[1, 1, 1, 1])
    with pytest.raises(MatchError, match="one weight per board"):
        team_match_decision(drawn, [DrawnMatchRule.BOARD_WEIGHTS])


def test_team_match_bad_board_scores() -> None:
    with pytest.raises(MatchError, match="board 2: 2 is not a score of 1 game"):
        team_match_decision([1, 2])
    with pytest.raises(MatchError, match="at least one board"):
        team_match_decision([])
    with pytest.raises(MatchError, match=r"board 1: 0\.3"):
        team_match_decision([0.3, 1], games_per_board=2)


def test_seed002_stage_colours_alternate_from_one_lot() -> None:
    """Stage by Stage 1997: "the lot for colour is drawn only for the first pair; in the others it
    alternates"."""
    from chessarbiter.pairing.knockout.matches import stage_first_colours

    colours = stage_first_colours(list(range(1, 35)), "second")
    assert colours[1] == "second" and colours[2] == "first" and colours[34] == "first"
    d = next_game(preset("fide-1997", 1), [], lots={"main": colours[2]})
    assert d.next_game is not None and d.next_game.white == "first"


# -- issue 13 item 4: a game's result is written White-Black -----------------------------------


def test_issue_13_item_4_results_are_written_white_first() -> None:
    """The match engine follows the first-named player's points; a game is written White
    first. With the second player White, his win is 1-0 and the first player's 0."""
    from chessarbiter.pairing.knockout.matches import first_points, game_result

    assert [first_points("second", r) for r in ("1-0", "½-½", "0-1")] == [0.0, 0.5, 1.0]
    assert [first_points("first", r) for r in ("1-0", "1/2-1/2", "0-1")] == [1.0, 0.5, 0.0]
    assert first_points("second", "=") == 0.5
    for bad in ("1", "2-0", "", "1:0"):
        with pytest.raises(MatchError, match="White first"):
            first_points("first", bad)
    with pytest.raises(MatchError):
        first_points("white", "1-0")  # type: ignore[arg-type]
    with pytest.raises(MatchError):
        game_result(0.25)
    decision = next_game(preset("fide-1997", 1), [0, 0.5], lots={"main": "second"})
    game1, game2 = decision.games
    assert (game1.white, game1.black, game1.white_points, game1.result) == (
        "second",
        "first",
        1.0,
        "1-0",
    )
    assert (game2.white, game2.result) == ("first", "½-½")
    assert decision.next_game is None and decision.winner == "second"
    unknown = next_game(preset("fide-1997", 1), [1])
    assert unknown.games[0].white is None and unknown.games[0].result is None


def test_issue_13_item_18_armageddon_after_is_bounded() -> None:
    from chessarbiter.limits import MAX_MATCH_GAMES

    with pytest.raises(MatchError, match=f"0 to {MAX_MATCH_GAMES}"):
        next_game(
            preset("fide-1997", 1),
            [],
            armageddon=True,
            armageddon_after=MAX_MATCH_GAMES + 1,
            armageddon_white="first",
        )
