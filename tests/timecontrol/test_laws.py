"""Rule calculators per Laws edition (issue 8): Laws Commentary 1997 (1984 and 1997 rules), spec 7
(1997 [L97] and 2023 [LAWS23] articles)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chessarbiter.editions import LawsEdition
from chessarbiter.timecontrol import LawsError, TimeControl
from chessarbiter.timecontrol.laws import (
    Category,
    classify,
    default_time,
    edition,
    incorrect_claim,
    is_default_loss,
    quickplay_claim,
    who_may_claim_flag,
)

# -- classification ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("control", "category"),
    [
        # 1997 Appendix C1 / Laws Commentary 1997: blitz "less than 15 minutes"
        ("600", "blitz"),
        ("899", "blitz"),
        # 1997 Appendix B1 / Laws Commentary 1997: rapid "от 15 до 60 минут" — both ends included
        ("900", "rapid"),
        ("3600", "rapid"),
        ("3601", "standard"),
        # a fixed time: increments are not counted in 1997
        ("300+10", "blitz"),
        ("1500+10", "rapid"),
        ("40/6000+30:20/3000+30:600+30", "standard"),
        ("40/1800:16/900", "standard"),  # repeating: no fixed time for all moves
    ],
)
def test_classify_1997(control: str, category: str) -> None:
    assert classify(control, 1997).value == category


@pytest.mark.parametrize(
    ("control", "category"),
    [
        # 2023 B.1: blitz = 10 minutes or less (time + 60 × increment)
        ("600", "blitz"),
        ("180+2", "blitz"),
        ("300+5", "blitz"),
        # 2023 A.1: rapid = more than 10 and less than 60 minutes
        ("601", "rapid"),
        ("300+6", "rapid"),
        ("900+10", "rapid"),
        ("3599", "rapid"),
        ("1500+10", "rapid"),
        # 60 minutes or more: standard
        ("3600", "standard"),
        ("2400+20", "standard"),
        ("40/6000+30:20/3000+30:600+30", "standard"),
        ("5400d5", "standard"),
    ],
)
def test_classify_2023(control: str, category: str) -> None:
    assert classify(control).value == category
    assert classify(control, "2023").value == category


def test_classify_errors() -> None:
    with pytest.raises(LawsError, match="1984"):
        classify("600", 1984)
    with pytest.raises(LawsError, match="cannot be classified"):
        classify(TimeControl.unknown())
    with pytest.raises(LawsError, match="unknown Laws edition"):
        edition("2001")


def test_classify_sandclock_by_its_glass() -> None:
    assert classify("*180", 2023) is Category.BLITZ


# -- incorrect draw claim ------------------------------------------------------------------------


def test_incorrect_claim_1997_seed_001_examples() -> None:
    # Laws Commentary 1997: more than 6 minutes → 3 deducted; 4 minutes → 2 deducted; always +3 to
    # the opponent
    assert incorrect_claim(600, 300, 1997).as_json() == {"claimant_time": 420, "opponent_time": 480}
    assert incorrect_claim(240, 300, 1997).as_json() == {"claimant_time": 120, "opponent_time": 480}
    assert incorrect_claim(360, 0, 1997).as_json() == {"claimant_time": 180, "opponent_time": 180}
    assert incorrect_claim(5, 10, 1997).claimant_time == 2.5


def test_incorrect_claim_1984_seed_001() -> None:
    # Laws Commentary 1997: 5 minutes added to the claimant's time; less than 5 minutes loses
    assert incorrect_claim(600, 300, 1984).as_json() == {"claimant_time": 300, "opponent_time": 300}
    lost = incorrect_claim(299, 300, 1984)
    assert lost.as_json() == {"claimant_time": 0, "opponent_time": 300, "claimant_loses": True}
    assert incorrect_claim(300, 300, 1984).as_json() == {"claimant_time": 0, "opponent_time": 300}


def test_incorrect_claim_2023_article_9_5_3() -> None:
    # 2023 art. 9.5.3: +2 min to the opponent; rapid (A.3) and blitz (B.2): 1 minute
    assert incorrect_claim(600, 300).as_json() == {"claimant_time": 600, "opponent_time": 420}
    assert incorrect_claim(600, 300, 2023, category="rapid").opponent_time == 360
    assert incorrect_claim(600, 300, 2023, category="blitz").opponent_time == 360
    assert "9.5.3" in incorrect_claim(1, 1).rule


@given(st.integers(0, 20000), st.integers(0, 20000))
def test_incorrect_claim_1997_bounds(claimant: int, opponent: int) -> None:
    result = incorrect_claim(claimant, opponent, 1997)
    assert claimant - 180 <= result.claimant_time <= claimant
    assert result.claimant_time >= claimant / 2
    assert result.opponent_time == opponent + 180


def test_incorrect_claim_rejects_bad_times() -> None:
    with pytest.raises(LawsError, match="negative"):
        incorrect_claim(-1, 10, 1997)


# -- quickplay finish ----------------------------------------------------------------------------


def test_quickplay_1997_article_10_2() -> None:
    # (b) postponed: 2 extra minutes to the opponent
    postponed = quickplay_claim(100, 300, "postpone", 1997)
    assert (postponed.allowed, postponed.result) == (True, "continue")
    assert (postponed.claimant_time, postponed.opponent_time) == (100, 420)
    # (a) the arbiter agrees: draw, clocks unchanged
    assert quickplay_claim(100, 300, "draw", 1997).result == "draw"
    # only with less than 2 minutes, and before the flag falls
    assert not quickplay_claim(120, 300, "draw", 1997).allowed
    assert not quickplay_claim(0, 300, "draw", 1997).allowed
    # Appendix C: not in blitz; and the 1997 text has no "reject"
    assert not quickplay_claim(60, 300, "draw", 1997, category="blitz").allowed
    with pytest.raises(LawsError, match="no 'reject'"):
        quickplay_claim(60, 300, "reject", 1997)


def test_quickplay_2023_guidelines_iii_5() -> None:
    assert quickplay_claim(60, 300, "reject").opponent_time == 420
    assert quickplay_claim(60, 300, "postpone").opponent_time == 420
    assert not quickplay_claim(60, 300, "postpone", increment=True).allowed
    with pytest.raises(LawsError, match="1984"):
        quickplay_claim(60, 300, "draw", 1984)


# -- default time --------------------------------------------------------------------------------


def test_default_time_1997_counts_from_the_scheduled_start() -> None:
    # Laws Commentary 1997: round scheduled 15:00, started 15:30: the hour still ends at 16:00
    rule = default_time(1997)
    assert (rule.seconds, rule.counted_from) == (3600, "scheduled start")
    assert is_default_loss(3601, 1997, delay=1800)
    assert not is_default_loss(3600, 1997, delay=1800)


def test_default_time_2023_article_6_7_1() -> None:
    assert default_time(2023).seconds == 0
    assert default_time(2023, regulations=900).seconds == 900
    assert is_default_loss(1, 2023)
    assert not is_default_loss(0, 2023)
    assert not is_default_loss(900, 2023, regulations=900)


def test_default_time_1984_choice() -> None:
    rule = default_time(1984)
    assert (rule.seconds, rule.counted_from) == (3600, "actual start")
    assert not is_default_loss(3700, 1984, delay=1800)


# -- flag claims ---------------------------------------------------------------------------------


def test_flag_claims_1997_seed_001() -> None:
    # Laws Commentary 1997: in rapid and blitz only the player; otherwise the arbiter may call it
    assert not who_may_claim_flag("rapid", 1997).arbiter
    assert not who_may_claim_flag("blitz", 1997).arbiter
    assert who_may_claim_flag("standard", 1997).arbiter


def test_flag_claims_2023() -> None:
    assert not who_may_claim_flag("blitz", 2023).arbiter  # A.4 / B.4
    assert who_may_claim_flag("blitz", 2023, adequate_supervision=True).arbiter  # B.3
    assert who_may_claim_flag(Category.STANDARD).arbiter  # art. 6.8
    with pytest.raises(LawsError):
        who_may_claim_flag("blitz", 1984)


def test_editions() -> None:
    assert edition(None) is LawsEdition.E2023
    assert edition("1984") is LawsEdition.E1984
