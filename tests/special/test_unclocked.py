"""Games without clocks (Team Competitions 1972): the sanction ladder against deliberate slow
play and the freed clock."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.cli.clock import register
from chessarbiter.special.unclocked import (
    Ladder,
    Sanction,
    SanctionError,
    SanctionRecord,
    freed_clock,
)

# -- the sanction ladder -------------------------------------------------------------------------


def test_game_ladder_remark_speed_up_warning_loss() -> None:
    """Team Competitions 1972: "в 1-й раз — замечание; во 2-й раз — потребовать ускорения темпа
    игры; в 3-й раз — предупредить, а затем ... засчитать виновному поражение"."""
    record = SanctionRecord(Ladder.GAME)
    seen = []
    while record.next is not None:
        seen.append(record.next)
        record = record.add(move=10 + len(seen))
    assert seen == [Sanction.REMARK, Sanction.SPEED_UP, Sanction.WARNING, Sanction.LOSS]
    assert record.lost and record.moves == (11, 12, 13, 14)
    with pytest.raises(SanctionError, match="already lost"):
        record.add()


def test_blitz_ladder_remark_warning_loss() -> None:
    """Blitz without clocks: "замечание, во второй раз — предупреждение, а на третий раз ему
    засчитывается поражение"."""
    record = SanctionRecord(Ladder.BLITZ).add(Sanction.REMARK).add(Sanction.WARNING)
    assert record.next is Sanction.LOSS
    assert record.add(Sanction.LOSS).lost


def test_order_is_enforced() -> None:
    with pytest.raises(SanctionError, match="the next sanction is remark, not warning"):
        SanctionRecord(Ladder.GAME).add(Sanction.WARNING)
    with pytest.raises(SanctionError, match="next sanction is speed-up, not loss"):
        SanctionRecord(Ladder.GAME).add(Sanction.REMARK).add(Sanction.LOSS)
    with pytest.raises(SanctionError, match="out of order"):
        SanctionRecord(Ladder.BLITZ, (Sanction.SPEED_UP,), (None,))
    with pytest.raises(SanctionError, match="one move number"):
        SanctionRecord(Ladder.GAME, (Sanction.REMARK,), ())
    with pytest.raises(SanctionError, match="move number 0"):
        SanctionRecord(Ladder.GAME).add(move=0)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(list(Sanction)), max_size=6), st.sampled_from(list(Ladder)))
def test_a_record_is_always_a_prefix_of_its_ladder(steps: list[Sanction], ladder: Ladder) -> None:
    try:
        record = SanctionRecord(ladder, tuple(steps), (None,) * len(steps))
    except SanctionError:
        assert tuple(steps) != ladder.steps[: len(steps)]
        return
    assert record.given == ladder.steps[: len(steps)]
    assert record.lost is (bool(steps) and steps[-1] is Sanction.LOSS)


# -- the freed clock -----------------------------------------------------------------------------


def test_freed_clock_without_scoresheet_two_minutes_a_move() -> None:
    """Team Competitions 1972: the remaining time split equally; "при отсутствии записи — из
    расчета две минуты на ход": 90 minutes left → 45 each, 22 moves."""
    clock = freed_clock(5400)
    assert (clock.each, clock.moves, clock.seconds_per_move) == (2700, 22, 120)
    assert freed_clock(3601).each == 1800.5


def test_freed_clock_with_scoresheet_the_moves_missing_to_the_control() -> None:
    """ "обязав их сделать недостающее до контроля число ходов": 25 moves made, control at 40."""
    clock = freed_clock(4000, moves_made=25, control=40)
    assert (clock.each, clock.moves, clock.seconds_per_move) == (2000, 15, None)


def test_freed_clock_at_least_one_hour_before_the_end() -> None:
    """ "не менее, чем за час до окончания матча"."""
    assert freed_clock(3600).each == 1800
    with pytest.raises(SanctionError, match="at least one hour"):
        freed_clock(3599)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"remaining": 4000, "control": 40}, "needs the moves made"),
        ({"remaining": 4000, "moves_made": 10}, "control's move number"),
        ({"remaining": 4000, "moves_made": 40, "control": 40}, "fewer than"),
        ({"remaining": -1}, "from 0"),
        ({"remaining": float("nan")}, "from 0"),
        ({"remaining": True}, "must be seconds"),
    ],
)
def test_freed_clock_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SanctionError, match=message):
        freed_clock(**kwargs)  # type: ignore[arg-type]


# -- command line --------------------------------------------------------------------------------


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, ["clock", *args])


def test_cli_freed_clock() -> None:
    result = invoke("freed-clock", "--remaining", "1:30:00")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "each player: 2700 s for 22 moves"
    data = json.loads(
        invoke(
            "freed-clock", "--remaining", "4000", "--moves-made", "25", "--control", "40", "--json"
        ).stdout
    )
    assert data == {
        "each": 2000,
        "moves": 15,
        "seconds_per_move": None,
        "rule": "Team Competitions 1972: the remaining 4000 s split equally; the moves missing "
        "to the control at move 40",
    }
    assert isinstance(invoke("freed-clock", "--remaining", "50:00").exception, SanctionError)


def test_cli_sanctions() -> None:
    assert invoke("sanctions").stdout == "next: remark\n"
    assert invoke("sanctions", "--given", "remark,speed-up").stdout == "next: warning\n"
    data = json.loads(invoke("sanctions", "--blitz", "--given", "remark,warning", "--json").stdout)
    assert data == {
        "ladder": "blitz",
        "given": ["remark", "warning"],
        "next": "loss",
        "lost": False,
    }
    assert isinstance(invoke("sanctions", "--given", "remark,warning").exception, SanctionError)
    bad = invoke("sanctions", "--given", "shout")
    assert bad.exit_code == 2 and "'shout'" in bad.output
