"""``chessarbiter trf result``: a result entered into a TRF file, with the reason the arbiter
gives it (Laws 2023 art. 5.2.2, 6.9, 11.7; Laws Commentary 1997), never overwriting a different
result silently (:func:`chessarbiter.pairing.apply.enter_result`)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK
from chessarbiter.cli.main import main
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Colour, Player, Result, Tournament
from chessarbiter.pairing.apply import apply_pairing, enter_result, record_result
from chessarbiter.pairing.round_pairing import Board, RoundPairing

KN_K = "8/8/4k3/8/8/8/2K5/1N6 w - - 0 1"  # white king and knight against a lone king
KR_K = "7k/8/6K1/8/8/8/8/R7 w - - 0 1"  # white can mate


def event(rounds_paired: int = 1) -> Tournament:
    t = Tournament(name="Result entry", total_rounds=5, initial_colour=Colour.WHITE)
    for n in range(1, 6):
        t.add_player(Player(n, f"Player {n}", rating=2300 - 10 * n, rank=n))
    apply_pairing(t, RoundPairing(1, (Board(1, 3), Board(4, 2)), bye=5))
    if rounds_paired > 1:
        record_result(t, 1, 1, 3, Result.WIN)
        record_result(t, 1, 4, 2, Result.DRAW)
        apply_pairing(t, RoundPairing(2, (Board(2, 1), Board(5, 4)), bye=3))
    return t


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["trf", "result", *(str(a) for a in args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def paired(tmp_path: Path) -> Path:
    path = tmp_path / "event.trf"
    trf.dump(event(), path, trf.TRF2026)
    return path


def test_a_persistent_refusal_gives_the_opponent_half_a_point(
    paired: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Laws 2023 art. 11.7: the refusing player loses, the arbiter decides the opponent's
    score; Laws Commentary 1997: ½ when he could not have won (K+N against K)."""
    out_file = tmp_path / "out.trf"
    code, out, err = run(
        capsys, paired, "½-0", "--round", "1", "--player", "3", "--reason", "refusal",
        "--fen", KN_K, "-o", out_file,
    )  # fmt: skip
    assert code == EXIT_OK, err
    assert "round 1: 1 Player 1 - 3 Player 3: ½-0 (was pending)" in out
    assert "persistent refusal" in out and "(checked)" in out
    t = trf.read_file(out_file).tournament
    assert (t.player(1).entry(1).result, t.player(3).entry(1).result) == (
        Result.DRAW,
        Result.LOSS,
    )
    assert (t.score(1), t.score(3)) == (Decimal("0.5"), Decimal(0))
    # the opponent could mate: ½ is refused (Laws Commentary 1997), nothing written
    again = tmp_path / "again.trf"
    code, _out, err = run(
        capsys, paired, "½-0", "--round", "1", "--player", "1", "--reason", "refusal",
        "--fen", KR_K, "-o", again,
    )  # fmt: skip
    assert code == EXIT_INVALID_INPUT and "so he gets 1" in err
    assert not again.exists()


def test_a_different_result_is_kept_unless_replaced(
    paired: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, paired, "1-0", "--round", "1", "--player", "1", "-o", paired)[0] == 0
    before = paired.read_text()
    code, _out, err = run(capsys, paired, "0-1", "--round", "1", "--player", "3", "-o", paired)
    assert code == EXIT_INVALID_INPUT
    assert "already has 1/0: replace it to enter 0-1" in err
    assert paired.read_text() == before
    code, out, _err = run(capsys, paired, "1-0", "--round", "1", "--player", "3", "-o", paired)
    assert code == EXIT_OK and "1-0 already; nothing changed" in out
    code, out, _err = run(
        capsys, paired, "=", "--round", "1", "--player", "3", "--replace", "-o", paired
    )
    assert code == EXIT_OK and "½-½ (was 1-0)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["0-0", "--round", "1", "--player", "1"], "is not the result of one game"),
        (["1-0", "--round", "1", "--player", "1", "--reason", "dead"], "allows only ½-½"),
        (["1-0", "--round", "1", "--player", "5"], "player 5 has no game in round 1"),
        (["1-0", "--round", "2", "--player", "1"], "round 2 is not paired"),
        (["1-1", "--round", "1", "--player", "1"], "more than the one point"),
    ],
)
def test_refused_entries_write_nothing(
    paired: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    out_file = tmp_path / "out.trf"
    code, _out, err = run(capsys, paired, *args, "-o", out_file)
    assert code == EXIT_INVALID_INPUT and message in err
    assert not out_file.exists()


def test_a_correction_names_the_later_pairings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """C.04.2 D (2026 art. 4.3): a pairing made before the correction stands; the arbiter is
    told which were made with the old result."""
    path = tmp_path / "event.trf"
    trf.dump(event(rounds_paired=2), path, trf.TRF2026)
    code, _out, err = run(
        capsys, path, "0-1", "--round", "1", "--player", "1", "--replace", "-o", path
    )
    assert code == EXIT_OK
    assert "round 2 was paired with the old result: 2 against 1" in err
    assert "round 2 was paired with the old result: 3 against the pairing-allocated bye" in err


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(max_size=8),
    st.sampled_from([None, "dead", "flag", "flag-nomate", "refusal", "sanction", "x"]),
    st.integers(min_value=-1, max_value=7),
    st.integers(min_value=-1, max_value=3),
)
def test_any_entry_is_recorded_or_a_precise_error(
    written: str, reason: str | None, player: int, round_number: int
) -> None:
    t = event()
    try:
        entered = enter_result(t, round_number, player, written, reason=reason)
    except ChessArbiterError as e:
        assert str(e)
    else:
        assert entered.after[1] in entered.after[0].counterparts
        assert t.check() == []
