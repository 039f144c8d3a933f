"""Keizer scoring: each rule on its own, the TRF reading, convergence, its oscillation case,
the frozen variant and the settings' bounds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chessarbiter import trf
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.keizer.scoring import (
    ItemKind,
    KeizerRounding,
    KeizerSettings,
    KeizerSettingsError,
    KeizerVariant,
    RoundItem,
    half_points,
    item_points,
    keizer_scores,
    round_item,
    settings_of,
)

F = Fraction
CLASSIC = KeizerSettings()


def points(kind: ItemKind, own: int = 6, opponent: int = 4, absences: int = 1, **kw: object) -> F:
    settings = KeizerSettings(**kw)  # type: ignore[arg-type]
    return item_points(RoundItem(kind, 9), own, opponent, absences, settings)


def test_game_items_score_the_opponents_value() -> None:
    """A win scores the opponent's value, a draw half, a loss nothing; FreeKeizer's loss a
    sixth ("Keizer club regulations", "FreeKeizer")."""
    assert points(ItemKind.WIN) == 4
    assert points(ItemKind.DRAW) == 2
    assert points(ItemKind.LOSS) == 0
    assert points(ItemKind.LOSS, opponent=12, loss=F(1, 6)) == 2
    assert points(ItemKind.FORFEIT_WIN) == 4
    assert points(ItemKind.FORFEIT_LOSS) == 0
    assert points(ItemKind.FORFEIT_LOSS, forfeit_loss=F(1, 2)) == 2
    assert points(ItemKind.DOUBLE_FORFEIT) == 0
    assert points(ItemKind.PENDING) == 0


def test_rounds_without_game_score_the_own_value() -> None:
    """Bye and club duty 2/3, announced absence 1/3, absence without notice 0 (classic); the
    rounds before a late entry score the fixed late-join points."""
    assert points(ItemKind.BYE) == 4
    assert points(ItemKind.CLUB_DUTY) == 4
    assert points(ItemKind.HALF_BYE) == 2
    assert points(ItemKind.EXCUSED) == 2
    assert points(ItemKind.ABSENT) == 0
    assert points(ItemKind.ABSENT, absent=F(1, 6)) == 1
    assert points(ItemKind.LATE_JOIN) == 0
    assert points(ItemKind.LATE_JOIN, late_join=F(5, 2)) == F(5, 2)


def test_absence_limit_and_decay() -> None:
    """Beyond ``absence_limit`` an absence scores nothing (club duty never counts); with decay
    the n-th absence scores a 2^(n-1)-th."""
    assert points(ItemKind.EXCUSED, absences=3, absence_limit=3) == 2
    assert points(ItemKind.EXCUSED, absences=4, absence_limit=3) == 0
    assert points(ItemKind.CLUB_DUTY, absences=9, absence_limit=3) == 4
    assert points(ItemKind.EXCUSED, absences=3, absence_decay=True) == F(1, 2)
    assert (
        points(
            ItemKind.EXCUSED,
            own=9,
            absences=2,
            absence_decay=True,
            excused=F(7, 20),
            rounding=KeizerRounding.HALF_POINT,
        )
        == F(3, 2)  # 9 * 7/20 = 3.15 -> 3 (six half points) -> halved
    )


def test_half_point_rounding() -> None:
    """KeizerForClubs rounds each item to the nearest half point, halves up; exact otherwise."""
    assert half_points(F(49, 20)) == F(5, 2)
    assert half_points(F(63, 4)) == 16  # 45 * 7/20 = 15.75
    assert half_points(F(63, 4) - F(1, 4)) == F(31, 2)  # exactly 15.5 stays
    assert points(ItemKind.EXCUSED, own=45, excused=F(7, 20)) == F(63, 4)
    assert (
        points(ItemKind.EXCUSED, own=45, excused=F(7, 20), rounding=KeizerRounding.HALF_POINT)
        == 16  # 15.75 -> 16; in floats 45 * 0.35 * 2 = 31.499999999999996 rounds to 15.5
    )


def test_value_numbers() -> None:
    assert KeizerSettings().value_numbers(3) == [3, 2, 1]
    assert KeizerSettings(top_value=50).value_numbers(3) == [50, 49, 48]
    assert KeizerSettings(top_value=10, step=2).value_numbers(3) == [10, 8, 6]
    with pytest.raises(KeizerSettingsError, match="place 7 the negative value -2"):
        KeizerSettings(top_value=10, step=2).value_numbers(7)


ENTRIES = {
    1: ["     2 w 1", "     3 w +", "  0000 - U", "     4 w  "],
    2: ["     1 b 0", "  0000 - F", "  0000 - H", "     3 b -"],
    3: ["  0000 - Z", "     1 b -", "  0000 - -", "     2 w -"],
    4: ["          ", "          ", "  0000 - -", "     1 b  "],
}

POINTS = {1: "3.0", 2: "1.5", 3: "0.0", 4: "0.0"}


def trf_text() -> str:
    """Four players and four rounds written as TRF round columns (from column 90 on)."""
    t = Tournament(total_rounds=4, initial_colour=Colour.WHITE)
    for n in ENTRIES:
        t.add_player(Player(n, f"P{n}", rating=2000 - 100 * n))
    lines = []
    for line in trf.dumps(t).splitlines():
        if line.startswith("001"):
            n = int(line[4:8])
            line = f"{line[:80]}{POINTS[n]:>4}{line[84:89]}".ljust(89) + "".join(ENTRIES[n])
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_trf_entries_as_keizer_reads_them() -> None:
    """U the pairing-allocated bye, F club duty, H a half-point bye, Z an announced absence,
    ``0000 -`` or no entry an absence without notice, ``-`` against ``-`` a double forfeit, a
    paired game without result pending, rounds before the entry round late."""
    t = trf.loads(trf_text())
    t.player(4).entry_round = 3

    def kinds(n: int) -> list[ItemKind]:
        return [round_item(t, t.player(n), r).kind for r in range(1, 5)]

    assert kinds(1) == [ItemKind.WIN, ItemKind.FORFEIT_WIN, ItemKind.BYE, ItemKind.PENDING]
    assert kinds(2) == [
        ItemKind.LOSS,
        ItemKind.CLUB_DUTY,
        ItemKind.HALF_BYE,
        ItemKind.DOUBLE_FORFEIT,
    ]
    assert kinds(3) == [
        ItemKind.EXCUSED,
        ItemKind.FORFEIT_LOSS,
        ItemKind.ABSENT,
        ItemKind.DOUBLE_FORFEIT,
    ]
    assert kinds(4) == [ItemKind.LATE_JOIN, ItemKind.LATE_JOIN, ItemKind.ABSENT, ItemKind.PENDING]


def test_unknown_opponent_is_a_precise_error() -> None:
    t = Tournament(total_rounds=2)
    t.add_player(Player(1, "Ann"))
    t.player(1).set_entry(1, RoundEntry(7, Colour.WHITE, Result.WIN))
    with pytest.raises(PairingError, match="player 1, round 1: opponent 7 is not in"):
        keizer_scores(t, rounds=1)


def duel(results: list[Result], bye_for_third: bool = True) -> Tournament:
    """P1 against P2 every round (P1 white, P1's result), P3 the bye."""
    t = Tournament(total_rounds=len(results), initial_colour=Colour.WHITE)
    for n, rating in ((1, 1999), (2, 1998), (3, 1997)):
        t.add_player(Player(n, f"P{n}", rating=rating))
    for r, result in enumerate(results, start=1):
        t.record_game(r, 1, 2, result)
        if bye_for_third:
            t.player(3).set_entry(r, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    return t


def test_convergence_recomputes_every_round() -> None:
    """Herberekening ("Keizer club regulations"): P2 beat P1 once, so P2 goes above P1 and
    every round is scored again with the new values until the ranking holds."""
    st = keizer_scores(duel([Result.LOSS]))
    # scoring 1 (values 3, 2, 1): P1 3, P2 2 + 3 = 5, P3 1 + 2/3 -> P2, P1, P3
    # scoring 2 (values P2 3, P1 2, P3 1): P1 2, P2 3 + 2 = 5, P3 5/3 -> the same ranking
    assert st.ranking == (2, 1, 3)
    assert st.scores == {1: 2, 2: 5, 3: F(5, 3)}
    assert st.values == {2: 3, 1: 2, 3: 1}
    assert (st.iterations, st.converged, st.oscillated) == (2, True, False)
    assert st.place(1) == 2


def test_oscillation_is_averaged() -> None:
    """P1 and P2: a draw, then one win each. With P1 above, P2 scores more (6½ to 6); with P2
    above, P1 does: the ranking returns to the one of two scorings before, and the last two
    scorings are averaged (chesspairing's resolution of the 2-cycle)."""
    st = keizer_scores(duel([Result.DRAW, Result.LOSS, Result.WIN]))
    # scoring 1 (P1 3, P2 2, P3 1): P1 3 + 1 + 2 = 6, P2 2 + 3/2 + 3 = 13/2, P3 1 + 3 * 2/3 = 3
    # scoring 2 (P2 3, P1 2, P3 1): P1 2 + 3/2 + 3 = 13/2, P2 3 + 1 + 2 = 6, P3 3
    assert (st.iterations, st.converged, st.oscillated) == (2, False, True)
    assert st.scores == {1: F(25, 4), 2: F(25, 4), 3: 3}
    assert st.ranking == (1, 2, 3)  # equal: the initial order (rating) decides


def test_iteration_budget() -> None:
    st = keizer_scores(duel([Result.LOSS]), KeizerSettings(max_iterations=1))
    assert (st.iterations, st.converged) == (1, False)
    assert st.ranking == (2, 1, 3)


def test_frozen_scores_each_round_once() -> None:
    """Frozen: round 1 with the initial values, round 2 with the ranking after round 1; the
    self-victory at the end with the final ranking."""
    t = duel([Result.LOSS, Result.LOSS])
    st = keizer_scores(t, settings_of(KeizerVariant.FROZEN))
    # round 1 (P1 3, P2 2, P3 1): P1 0, P2 3, P3 2/3 -> P2, P3, P1 (values 3, 2, 1)
    # round 2: P1 0, P2 3 + 1 = 4, P3 2/3 + 4/3 = 2 -> P2, P3, P1; self 3, 2, 1
    assert st.scores == {1: 1, 2: 7, 3: 4}
    assert st.ranking == (2, 3, 1)
    assert (st.iterations, st.converged) == (1, True)
    recomputed = keizer_scores(t)
    assert recomputed.scores != st.scores


def test_no_self_victory_and_initial_order() -> None:
    t = duel([Result.DRAW])
    st = keizer_scores(t, KeizerSettings(self_victory=False))
    # without the self-victory a draw alone flips the ranking each scoring: averaged
    assert st.scores == {1: F(5, 4), 2: F(5, 4), 3: F(2, 3)}
    assert st.oscillated
    t.player(3).rating = 2500
    st = keizer_scores(t, rounds=0)
    assert st.ranking == (3, 1, 2)
    by_number = keizer_scores(t, KeizerSettings(initial_order="pairing-number"), rounds=0)  # type: ignore[arg-type]
    assert by_number.ranking == (1, 2, 3)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"win": F(3)}, "win must be between 0 and 2, not 3"),
        ({"draw": F(-1, 2)}, "draw must be between 0 and 2, not -1/2"),
        ({"absent": 0.35}, "absent: give an exact fraction .* not 0.35"),
        ({"late_join": True}, "late_join: give an exact fraction"),
        ({"top_value": 0}, "top_value must be between 1 and 100000, not 0"),
        ({"top_value": 2.5}, "top_value must be a whole number or None, not 2.5"),
        ({"step": -1}, "step must be between 0 and 100000, not -1"),
        ({"absence_limit": 1001}, "absence_limit must be between 0 and 1000, not 1001"),
        ({"max_iterations": 0}, "max_iterations must be between 1 and 1000, not 0"),
        ({"repeat_distance": 0}, "repeat_distance must be between 1 and 1000, not 0"),
        ({"self_victory": "yes"}, "self_victory must be true or false, not 'yes'"),
        ({"rounding": "tenths"}, "rounding is one of exact, half-point, not 'tenths'"),
        ({"repeat_avoidance": "greedy"}, "repeat_avoidance is one of look-ahead, swap"),
    ],
)
def test_settings_out_of_bounds_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(KeizerSettingsError, match=message):
        KeizerSettings(**kwargs)  # type: ignore[arg-type]


def test_presets() -> None:
    assert settings_of("classic") == KeizerSettings()
    kfc = settings_of(KeizerVariant.KEIZER_FOR_CLUBS)
    assert (kfc.bye, kfc.excused, kfc.club_duty, kfc.absence_limit) == (
        F(1, 2),
        F(7, 20),
        F(7, 10),
        5,
    )
    assert kfc.rounding is KeizerRounding.HALF_POINT
    assert settings_of("knsb").bye == F(2, 3)
    assert settings_of("freekeizer").loss == F(1, 6)
    assert settings_of("frozen").recompute is False
    with pytest.raises(KeizerSettingsError, match="unknown Keizer variant 'swiss': one of classic"):
        settings_of("swiss")
    assert isinstance(KeizerSettings(win=1).win, Fraction)  # type: ignore[arg-type]
