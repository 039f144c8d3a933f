"""C.04.3 (2026) Article 4.2: a round whose players are all alike (the first round of an open)
is paired by the first candidate without a matching; the result is the engine's own."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.editions import DutchEdition
from chessarbiter.model import Tournament
from chessarbiter.pairing.dutch import engine
from chessarbiter.pairing.dutch.engine import first_candidate, pair_round
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.pairing.swiss.state import prepare_round


def first_round(
    ratings: list[int],
    colour: str = "white1",
    absent: frozenset[int] = frozenset(),
    forbidden: tuple[int, int] | None = None,
) -> Tournament:
    """An event of ``len(ratings)`` players before its first round (ranks 1..n in order)."""
    lines = ["012 First round", "XXR 9", f"XXC {colour}"]
    for i, r in enumerate(ratings, 1):
        lines.append(f"001 {i:4d}      {f'Player{i:04d}':<34}{r:4d}" + " " * 29 + "0.0")
    if absent:
        lines.append("XXZ " + " ".join(str(a) for a in sorted(absent)))
    if forbidden is not None:
        lines.append(f"XXP {forbidden[0]} {forbidden[1]}")
    return trf.loads("\n".join(lines) + "\n")


def full_engine(
    t: Tournament, edition: DutchEdition = DutchEdition.DUTCH_2026
) -> RoundPairing | None:
    """The pairing by the bracket settlement, the first-candidate path switched off."""
    with mock.patch.object(engine, "first_candidate", return_value=None):
        try:
            return pair_round(t, edition)
        except NoValidPairingError:
            return None


@settings(max_examples=80, deadline=None)
@given(
    ratings=st.lists(st.integers(1000, 2800), min_size=1, max_size=36),
    colour=st.sampled_from(["white1", "black1"]),
    absent=st.frozensets(st.integers(1, 36), max_size=4),
    forbid=st.none() | st.tuples(st.integers(1, 36), st.integers(1, 36)),
    edition=st.sampled_from([DutchEdition.DUTCH_2026, DutchEdition.DUTCH_2017]),
)
def test_first_candidate_is_the_engines_pairing(
    ratings: list[int],
    colour: str,
    absent: frozenset[int],
    forbid: tuple[int, int] | None,
    edition: DutchEdition,
) -> None:
    n = len(ratings)
    absent = frozenset(a for a in absent if a <= n)
    if forbid is not None and (forbid[0] == forbid[1] or max(forbid) > n):
        forbid = None
    t = first_round(ratings, colour, absent, forbid)
    expected = full_engine(t, edition)
    try:
        got: RoundPairing | None = pair_round(t, edition)
    except NoValidPairingError:
        got = None
    assert got == expected


def test_first_candidate_pairs_the_halves_and_leaves_the_last_for_the_bye() -> None:
    t = first_round([2500, 2400, 2300, 2200, 2100])
    state = prepare_round(t, DutchEdition.DUTCH_2026)
    players = sorted(state.to_pair, key=lambda p: p.rank)
    pairs = first_candidate(state, players)
    assert pairs is not None
    assert [(p.number, o.number) for p, o in pairs] == [(1, 3), (2, 4)]
    pairing = pair_round(t)
    assert pairing.bye == 5
    assert pairing == full_engine(t)


def test_first_candidate_declines_unlike_rounds() -> None:
    # a forbidden pair (C.04.1 b, [C1]) or a played round: the full engine decides
    t = first_round([2500, 2400, 2300, 2200], forbidden=(1, 3))
    state = prepare_round(t, DutchEdition.DUTCH_2026)
    assert first_candidate(state, sorted(state.to_pair, key=lambda p: p.rank)) is None
    assert pair_round(t) == full_engine(t)
    after = trf.loads(
        "012 Second round\nXXR 9\nXXC white1\n"
        "001    1      Player0001                        2500"
        "                             1.0          2 w 1\n"
        "001    2      Player0002                        2400"
        "                             0.0          1 b 0\n"
        "001    3      Player0003                        2300"
        "                             1.0          4 w 1\n"
        "001    4      Player0004                        2200"
        "                             0.0          3 b 0\n"
    )
    state = prepare_round(after, DutchEdition.DUTCH_2026)
    players = sorted(state.to_pair, key=lambda p: (-state.score(p), p.rank))
    assert first_candidate(state, players) is None
