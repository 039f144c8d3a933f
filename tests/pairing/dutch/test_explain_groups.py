"""The opponents a player passed over, said once per reason
(:meth:`chessarbiter.pairing.dutch.explain.Choice.groups`), and the explanation's text one line
at a time (:meth:`~chessarbiter.pairing.dutch.explain.RoundExplanation.iter_lines`), on rounds
of the pairing corpus with every reason found."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.pairing.dutch.explain import (
    NOT_ASKED,
    PLAYED,
    SAME_HALF,
    Choice,
    Rejection,
    number_runs,
)
from chessarbiter.pairing.dutch.why import explain

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "dutch"


def rounds() -> list[Path]:
    """Late rounds of a few events: several [C1] opponents per pair, and the same half."""
    return sorted(CORPUS.glob("t0[0-1]*/round0[5-7].trf"))[::3][:6]


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"{CORPUS} is not available")
@pytest.mark.parametrize("path", rounds(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_groups_say_every_opponent_once_under_his_reason(path: Path) -> None:
    e = explain(trf.load(path), every_reason=True)
    assert list(e.iter_lines()) == e.lines()
    for b in e.brackets:
        for ch in b.choices:
            groups = ch.groups()
            said = [n for g in groups for n in g.opponents]
            assert sorted(said) == sorted(r.opponent for r in ch.rejected)
            assert len({g.reason for g in groups}) == len(groups)  # one line per reason
            for g in groups:
                for n, r in zip(g.opponents, g.rounds or [None] * len(g.opponents), strict=True):
                    reason = next(x.reason for x in ch.rejected if x.opponent == n)
                    expected = g.reason if r is None else f"{PLAYED} in round {r}"
                    assert reason == expected
                assert g.text().startswith("not ") and g.text().endswith(g.reason or NOT_ASKED)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 60),
            st.sampled_from(
                [None, SAME_HALF, "[C3] both", f"{PLAYED} in round 3", f"{PLAYED} in round 1"]
            ),
        ),
        max_size=30,
        unique_by=lambda t: t[0],
    )
)
def test_groups_keep_the_order_of_the_opponents(rejected: list[tuple[int, str | None]]) -> None:
    ch = Choice(100, 101, [Rejection(n, r) for n, r in rejected])
    groups = ch.groups()
    # each group keeps the player's order of preference, and groups come by first opponent
    order = [n for n, _ in rejected]
    for g in groups:
        assert list(g.opponents) == [n for n in order if n in g.opponents]
    firsts = [order.index(g.opponents[0]) for g in groups]
    assert firsts == sorted(firsts)
    # the runs of the numbers name each of them once, in order
    for g in groups:
        expanded = [m for a, b in number_runs(g.opponents) for m in range(a, b + 1)]
        assert expanded == list(g.opponents)
