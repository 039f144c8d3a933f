"""The norm finder (FIDE Title Regulations B.01, 2024): after round N, what a player needs in the
remaining rounds. Each target it gives is checked by playing the remaining rounds against
opponents of that average and asking :func:`norm_result`."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.ratings.norms import NormTitle, norm_outlook, norm_result

GM = NormTitle.GM
#: Six opponents met in rounds 1-6: 4 GMs, 2 IMs, ratings summing to 14920, four federations.
MET = (
    ("GM", 2550, "GER"),
    ("GM", 2520, "ESP"),
    ("GM", 2500, "NED"),
    ("GM", 2480, "ITA"),
    ("IM", 2450, "GER"),
    ("IM", 2420, "ESP"),
)
CODES = {"1": Result.WIN, "=": Result.DRAW, "0": Result.LOSS}


def event(
    opponents: list[tuple[str, int, str]], results: str, *, rounds: int | None = 9
) -> Tournament:
    """The candidate (player 1, FRA) meets opponent ``i`` (number ``i + 1``) in round ``i``
    with his result ``results[i - 1]``; an event of ``rounds`` rounds."""
    t = Tournament(name="Finder", total_rounds=rounds, tournament_type="Swiss", federation="FRA")
    t.add_player(Player(1, "Candidate", title="IM", rating=2450, federation="FRA"))
    for i, (title, rating, federation) in enumerate(opponents, start=1):
        t.add_player(
            Player(i + 1, f"Opponent {i}", title=title, rating=rating, federation=federation)
        )
    for r, code in enumerate(results, start=1):
        colour = Colour.WHITE if r % 2 else Colour.BLACK
        result = CODES[code]
        mirror = result.mirror
        assert mirror is not None
        t.player(1).set_entry(r, RoundEntry(r + 1, colour, result))
        t.player(r + 1).set_entry(r, RoundEntry(1, colour.opposite, mirror))
    return t


def finish(points: Decimal) -> str:
    """Three results scoring ``points``: wins first, then a draw, then losses."""
    halves = int(points * 2)
    return ("1" * (halves // 2) + "=" * (halves % 2)).ljust(3, "0")


def test_targets_give_the_norm_and_are_the_lowest() -> None:
    """B.01 1.4.7/1.4.8: 5 points from rounds 1-6 (Ra so far 14920 / 6); for each score in
    rounds 7-9 the lowest average of the three opponents that gives Ra >= 2380 and Rp >= 2600.
    Three GMs of that average do give the norm; one point lower does not, unless the floor of
    1.4.6 b (2200) would then raise one of them."""
    t = event(list(MET), "11=1=1")
    outlook = norm_outlook(t, 1, GM, after_round=6)
    assert (outlook.after_round, outlook.remaining, outlook.points) == (6, 3, Decimal(5))
    assert (outlook.titled_needed, outlook.holders_needed, outlook.federations_needed) == (0, 0, 0)
    assert outlook.reasons == ()
    targets = dict(outlook.targets)
    assert list(targets) == [Decimal(h) / 2 for h in range(7)]
    # 6.5 of 9 (72 %, dp 166): Ra 2434 needed: (2433.5 * 9 - 14920) / 3 = 2327.2, so 2328
    assert targets[Decimal("1.5")] == 2328
    # 5 of 9 (56 %, dp 43): Ra 2557 needed: (2556.5 * 9 - 14920) / 3 = 2696.2, so 2697
    assert targets[Decimal(0)] == 2697
    checked = 0
    for more, average in outlook.targets:
        assert average is not None
        rest = [("GM", average, "NED")] * 3
        full = event([*MET, *rest], "11=1=1" + finish(more))
        assert norm_result(full, 1, GM).achieved, (more, average)
        if average - 1 >= 2200:
            lower = event([*MET, *[("GM", average - 1, "NED")] * 3], "11=1=1" + finish(more))
            assert not norm_result(lower, 1, GM).achieved, (more, average)
            checked += 1
    assert checked >= 4
    data = outlook.as_json()
    assert data["targets"][0] == {"points": "0", "average": 2697}  # type: ignore[index]


def test_no_score_is_enough() -> None:
    """B.01 1.4.8 b: 0 of 6 then 3 of 3 is 33 %: no norm, whatever the opponents."""
    outlook = norm_outlook(event(list(MET), "000000"), 1, GM, after_round=6)
    assert all(average is None for _, average in outlook.targets)
    assert outlook.reasons == (
        "B.01 1.4.8: no score in the remaining rounds gives the performance",
    )


def test_the_mix_still_needed() -> None:
    """B.01 1.4.5 a/b and 1.4.3: six untitled opponents of one foreign federation leave 5
    title-holders (of 9) and 3 GMs to find in 3 rounds: impossible; one more federation."""
    met = [("", 2500, "GER")] * 6
    outlook = norm_outlook(event(met, "11=1=1"), 1, GM, after_round=6)
    assert (outlook.titled_needed, outlook.holders_needed, outlook.federations_needed) == (5, 3, 1)
    assert outlook.reasons == ("B.01 1.4.5: 5 more title-holders needed in 3 rounds",)


def test_a_cap_already_exceeded() -> None:
    """B.01 1.4.4: six opponents of the own federation in a 9-round event (at most 5)."""
    met = [(title, rating, "FRA") for title, rating, _ in MET]
    outlook = norm_outlook(event(met, "11=1=1"), 1, GM, after_round=6)
    assert (
        "B.01 1.4.4: 6 opponents from the own federation FRA, at most 5 (already)"
        in outlook.reasons
    )


def test_too_few_rounds_left() -> None:
    """B.01 1.4.1 a: an 8-round event cannot give 9 games."""
    outlook = norm_outlook(event(list(MET), "11=1=1", rounds=8), 1, GM)
    assert outlook.remaining == 2
    assert outlook.reasons[0] == "B.01 1.4.1 a: at most 8 games, at least 9 needed"


def test_the_number_of_rounds_must_be_known() -> None:
    t = event(list(MET), "11=1=1", rounds=None)
    with pytest.raises(ChessArbiterError, match="number of rounds is not known"):
        norm_outlook(t, 1, GM)
    assert norm_outlook(t, 1, GM, total_rounds=9).remaining == 3
    with pytest.raises(ChessArbiterError, match="fewer than the 6 recorded"):
        norm_outlook(t, 1, GM, total_rounds=5)


def test_after_the_last_round_no_targets() -> None:
    outlook = norm_outlook(event(list(MET), "11=1=1", rounds=6), 1, GM)
    assert outlook.remaining == 0 and outlook.targets == ()
