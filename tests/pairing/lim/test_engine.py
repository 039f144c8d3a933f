"""The Lim system (C.04.4.3): the procedure on small events worked by hand, the shared py4swiss
files, the checker, and a property: whole random events paired round after round never break
an absolute criterion, and pairing is deterministic."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.editions import LimEdition
from chessarbiter.model import Colour, Player, Result, Tournament
from chessarbiter.model.tournament import ForbiddenPairs
from chessarbiter.pairing.apply import record_bye
from chessarbiter.pairing.lim.checker import check_tournament
from chessarbiter.pairing.lim.engine import explain_round, pair_round
from chessarbiter.pairing.lim.rules import LimPlayer, compatible, lim_players
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.swiss.deviations import find_deviations
from chessarbiter.pairing.swiss.state import prepare_round

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
PY4SWISS = SHARED / "real" / "py4swiss" / "data"

needs_shared = pytest.mark.skipif(
    not PY4SWISS.exists(), reason=f"{PY4SWISS} is not beside the checkout"
)


def event(ratings: list[int], rounds: int = 5) -> Tournament:
    t = Tournament(total_rounds=rounds, initial_colour=Colour.WHITE)
    for n, rating in enumerate(ratings, start=1):
        t.add_player(Player(n, f"P{n}", rating=rating))
    return t


def lines(t: Tournament) -> list[str]:
    return pair_round(t).engine_lines()


def test_first_round_top_half_against_bottom_half() -> None:
    """Art. 2.4, 7.2: 1 v 4, 2 v 5, 3 v 6; #1 has the drawn colour and the odd-numbered players
    of the top half with him."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900])
    assert lines(t) == ["3", "1 4", "5 2", "3 6"]
    t.initial_colour = Colour.BLACK
    assert lines(t) == ["3", "4 1", "2 5", "6 3"]


def test_first_round_of_forty_as_the_text_shows_it() -> None:
    """Art. 7.2, with the example of the 1988 text (FIDE Swiss Rules, "Brief examples of
    pairing"): "the pairings for the first round in a tournament of forty players would be
    either 1 v 21, 22 v 2, 3 v 23, 24 v 4, ... 40 v 20; or 21 v 1, 2 v 22, 23 v 3, 4 v 24 ... 20
    v 40, where the player having white is mentioned first"."""
    t = event([2600 - 10 * n for n in range(1, 41)])
    top = [(n, n + 20) if n % 2 else (n + 20, n) for n in range(1, 21)]
    assert lines(t) == ["20", *(f"{w} {b}" for w, b in top)]
    t.initial_colour = Colour.BLACK
    assert lines(t) == ["20", *(f"{b} {w}" for w, b in top)]


def test_first_round_bye_to_the_lowest_rated() -> None:
    """Art. 7.1: in round 1 the bye goes to the lowest rated player, even when he is not the
    last by pairing number; art. 1.1 later rounds: the lowest ranked of the lowest group."""
    t = event([2400, 2300, 1500, 2100, 2000])
    pairing = pair_round(t)
    assert pairing.bye == 3
    assert any("art. 7.1" in x for x in pairing.trace)


def _six_who_met(met: dict[int, tuple[int, ...]]) -> list[tuple[int, int]]:
    """Six players in one scoregroup (round 1, so no colours) where ``met[i]`` lists the
    players #i may not meet (forbidden pairs, C.04.1 art. 2, which the engine treats as met);
    the pairs found, lower number first."""
    t = event([2600 - 10 * n for n in range(1, 7)])
    for player, opponents in met.items():
        t.forbidden_pairs.extend(ForbiddenPairs((player, o)) for o in opponents)
    return sorted((min(b.white, b.black), max(b.white, b.black)) for b in pair_round(t).boards)


@pytest.mark.parametrize(
    ("met", "pairs"),
    [
        ((), "1-4 2-5 3-6"),
        ((4,), "1-5 2-4 3-6"),
        ((4, 5), "1-6 2-4 3-5"),
        ((4, 5, 6), "1-3 2-5 4-6"),
        ((4, 5, 6, 3), "1-2 3-5 4-6"),
    ],
)
def test_handbook_exchange_table_for_player_one(met: tuple[int, ...], pairs: str) -> None:
    """Art. 4.2, the Handbook's table: #1 tries 4, 5, 6, then 3 and 2; each column is the
    pairing of the scoregroup when #1 has met the players before. Art. 4.1: "when pairing
    downward, scrutiny of proposed pairings begins with the highest numbered player" (#1) and
    "the lower numbered player is exchanged" (his partner, 4, then 5, 6)."""
    found = _six_who_met({1: met})
    assert " ".join(f"{a}-{b}" for a, b in found) == pairs


@pytest.mark.parametrize(
    ("met", "pairs"),
    [
        ((), "1-6 2-4 3-5"),
        ((4,), "1-6 2-5 3-4"),
        ((4, 5), "1-6 2-3 4-5"),
        ((4, 5, 3), "1-3 2-6 4-5"),
        ((4, 5, 3, 6), "1-2 3-5 4-6"),
    ],
)
def test_handbook_exchange_table_for_player_two(met: tuple[int, ...], pairs: str) -> None:
    """Art. 4.3, the Handbook's table: #1 has met 4 and 5, so has 6; #2 tries 4, 5, 3, then 6
    (#1 then takes 3, art. 4.4), then 1."""
    found = _six_who_met({1: (4, 5), 2: met})
    assert " ".join(f"{a}-{b}" for a, b in found) == pairs


def test_second_round_floaters_by_direction() -> None:
    """Round 2 after 1, 2 and 3 won: scoregroup 1 (1, 2, 3) is paired downward and floats its
    lowest numbered player due the colour most are due (3; art. 3.2.2, 3.2.4); scoregroup 0 (4,
    5, 6) is paired upward and floats its highest numbered such player (4); the two meet in the
    empty median scoregroup; colours by art. 5.1.

    "Lowest numbered" is the last by pairing number: "No. 1 is said [to] have the highest
    pairing number" (the 1988 text, rule 7), "Player #1, the highest numbered player" (art.
    4.2). The opposite reading would float 1 down and 6 up."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900])
    for b in pair_round(t).boards:
        t.record_game(1, b.white, b.black, Result.WIN if b.white < b.black else Result.LOSS)
    assert lines(t) == ["3", "2 1", "4 3", "6 5"]
    explained = explain_round(t)
    assert "Scoregroup order (art. 2.2): 1 | 0 | median 0.5" in explained
    assert any("floats down: 3" in x and "lowest numbered" in x for x in explained)
    assert any("floats up: 4" in x and "highest numbered" in x for x in explained)


def _upward(met: dict[int, tuple[int, ...]]) -> list[tuple[int, int]]:
    """Twelve players; in round 1 1-6 won against 7-12 by forfeit (no colours, no meetings,
    C.04.2 art. 3.4-3.5), so scoregroup 0 (7-12) is paired upward; ``met[i]``: players #i may
    not meet (forbidden pairs). The pairs of scoregroup 0, lower number first."""
    t = event([2600 - 10 * n for n in range(1, 13)])
    for white, black in ((1, 7), (2, 8), (3, 9), (4, 10), (5, 11), (6, 12)):
        t.record_game(1, white, black, Result.FORFEIT_WIN)
    for player, opponents in met.items():
        t.forbidden_pairs.extend(ForbiddenPairs((player, o)) for o in opponents)
    boards = pair_round(t).boards
    return sorted((min(b.white, b.black), max(b.white, b.black)) for b in boards if b.white > 6)


@pytest.mark.parametrize(
    ("met", "pairs"),
    [
        ((), "7-10 8-11 9-12"),
        ((9,), "7-10 8-12 9-11"),
        ((9, 8), "7-12 8-10 9-11"),
        ((9, 8, 7), "7-9 8-11 10-12"),
        ((9, 8, 7, 10), "7-9 8-10 11-12"),
    ],
)
def test_upward_scrutiny_begins_with_the_lowest_numbered_player(
    met: tuple[int, ...], pairs: str
) -> None:
    """Art. 4.1: "when pairing upwards, scrutiny of proposed pairings begins with the lowest
    numbered player; if the pairing is found not to comply ..., the higher numbered player is
    exchanged until a compatible pairing is found". The proposal is 7 v 10, 8 v 11, 9 v 12
    (art. 2.4); the lowest numbered player is 12, the last by pairing number, and his partner
    from the top half is exchanged: 12 tries 9, 8, 7, then 10 and 11, the table of art. 4.2
    read from the bottom (#1 becomes 12, #6 becomes 7)."""
    assert " ".join(f"{a}-{b}" for a, b in _upward({12: met})) == pairs


def _round_one_by_hand() -> Tournament:
    """Ten players; in round 1 1, 2, 3 (White) and 4, 5 (Black) won: scoregroup 1 has three
    players due Black and two due White, scoregroup 0 three due White (6, 7, 8) and two due
    Black."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500], rounds=5)
    for white, black in ((1, 6), (2, 7), (3, 8), (9, 4), (10, 5)):
        t.record_game(1, white, black, Result.WIN if white < black else Result.LOSS)
    return t


def test_floater_equalises_the_colours_due() -> None:
    """Art. 3.2.2, 3.2.4: the downfloater is the lowest numbered player due the colour more are
    due (3, not 5), the upfloater the highest numbered such player (6); they meet in the empty
    median scoregroup."""
    pairing = pair_round(_round_one_by_hand())
    assert pairing.engine_lines() == ["5", "4 1", "5 2", "6 3", "7 9", "8 10"]
    assert any("floats down: 3" in x and "equalises" in x for x in pairing.trace)
    assert any("floats up: 6" in x and "equalises" in x for x in pairing.trace)


def test_maxi_tournament_limits_the_colour_choice_of_floater() -> None:
    """Art. 3.2.3: in a Maxi-tournament the player due the majority colour (3, 2200) is more
    than 100 points above the lowest numbered player (5, 2000), so 5 floats."""
    pairing = pair_round(_round_one_by_hand(), maxi=True)
    assert any("floats down: 5" in x for x in pairing.trace)
    declared = pair_round(_round_one_by_hand(), LimEdition.LIM_2026_MAXI)
    assert declared.engine_lines() == pairing.engine_lines()
    assert declared.engine_lines() != pair_round(_round_one_by_hand()).engine_lines()


def test_floater_of_the_previous_round_does_not_float_again() -> None:
    """Art. 3.10: in scoregroup 1.5 (2, 6, 7) the lowest numbered player, 7, floated down in
    round 2 (he met 1 on 1 point against ½), so 2 floats instead (a type d player due the
    colour more are due, art. 3.2.2); the byes of rounds 1 and 2 are no floats."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900, 1800], rounds=5)
    t.record_game(1, 1, 4, Result.DRAW)
    t.record_game(1, 5, 2, Result.DRAW)
    t.record_game(1, 3, 6, Result.DRAW)
    record_bye(t, 1, 7, Result.PAIRING_ALLOCATED_BYE)
    t.record_game(2, 7, 1, Result.DRAW)
    t.record_game(2, 2, 3, Result.WIN)
    t.record_game(2, 4, 5, Result.DRAW)
    record_bye(t, 2, 6, Result.PAIRING_ALLOCATED_BYE)
    pairing = pair_round(t)
    assert pairing.engine_lines() == ["4", "6 7", "4 2", "1 5", "3 0"]
    assert any("floats down: 2" in x for x in pairing.trace)


def test_exchange_and_colours_by_rank() -> None:
    """Round 2 after 1-3 and 2-4 drawn, 5 and 6 won: the median scoregroup (1, 2, 3, 4) is
    proposed 1 v 3, who met, so 1 takes the next of the bottom half, 4 (art. 4.1-4.2), and 2 v
    3 remains. 5 and 6 (both had White) are paired above the median: the higher ranked, 5,
    gets his due Black (art. 5.4); 7 and 8 (both had Black) below it: the lower ranked, 8, gets
    his due White."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700], rounds=5)
    t.record_game(1, 1, 3, Result.DRAW)
    t.record_game(1, 2, 4, Result.DRAW)
    t.record_game(1, 5, 7, Result.WIN)
    t.record_game(1, 6, 8, Result.WIN)
    pairing = pair_round(t)
    assert pairing.engine_lines() == ["4", "6 5", "4 1", "3 2", "8 7"]
    assert "  1 - 4 (exchange, art. 4.2)" in pairing.trace
    assert "Colours 6 - 5: C.04.4.3 art. 5.4 (rank)" in pairing.trace


def test_exchange_for_colour() -> None:
    """Art. 5.2: in scoregroup 1 (1, 2, 5, 6) the proposal 1 v 5 gives two players due Black;
    1 takes 6, due White, and 2 v 5 remains."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700], rounds=5)
    for white, black in ((1, 3), (4, 2), (5, 7), (8, 6)):
        t.record_game(1, white, black, Result.WIN if white in (1, 5) else Result.LOSS)
    pairing = pair_round(t)
    assert "  1 - 6 (exchange for colour, art. 5.2)" in pairing.trace
    assert pairing.engine_lines()[1:3] == ["6 1", "2 5"]


def test_no_exchange_for_colour_that_only_moves_the_clash() -> None:
    """Art. 2.5: "further exchanges of opponents may be made to allow alternation or
    equalisation of colours where possible". Scoregroup 1 is 1, 3, 6 (due Black) and 7 (due
    White): the proposal 1 v 6 gives two players due Black, but taking 7 for 1 leaves 3 v 6,
    two players due Black again. The exchange allows nobody more his due colour, so the
    proposed pairings stand (one pairing with the colour clash either way)."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700], rounds=5)
    for white, black in ((1, 2), (3, 4), (6, 5), (8, 7)):
        t.record_game(1, white, black, Result.WIN if white != 8 else Result.LOSS)
    pairing = pair_round(t)
    assert "  1 - 6 (proposed, art. 2.4)" in pairing.trace
    assert "  3 - 7 (proposed, art. 2.4)" in pairing.trace


def test_bye_skips_a_player_who_had_one() -> None:
    """Art. 1.1 on Basic Rules art. 4: the lowest ranked of the lowest scoregroup, unless he
    already had the pairing-allocated bye (here worth nothing, so that 5 stays lowest)."""
    t = event([2400, 2300, 2200, 2100, 2000])
    t.point_system = dataclasses.replace(t.point_system, pairing_allocated_bye=Decimal(0))
    first = pair_round(t)
    assert first.bye == 5
    for b in first.boards:
        t.record_game(1, b.white, b.black, Result.DRAW)
    record_bye(t, 1, 5, Result.PAIRING_ALLOCATED_BYE)
    second = pair_round(t)
    assert second.bye == 4
    assert any("5 may not receive it" in x for x in second.trace)


def test_blocked_median_scoregroup_cracks_a_neighbour() -> None:
    """Art. 2.6: after round 1 (1-3 drawn, 4 beat 2, 5 had the bye) 2 gets the bye (art.
    1.1); scoregroup 1 pairs 4-5, but the median scoregroup (1 and 3, who met) cannot be
    paired, so 4-5 is cracked and the four meet in the median scoregroup, the downfloaters
    first (art. 3.6)."""
    t = event([2400, 2300, 2200, 2100, 2000], rounds=3)
    t.record_game(1, 1, 3, Result.DRAW)
    t.record_game(1, 4, 2, Result.WIN)
    record_bye(t, 1, 5, Result.PAIRING_ALLOCATED_BYE)
    pairing = pair_round(t)
    assert pairing.engine_lines() == ["3", "3 4", "5 1", "2 0"]
    assert any("4 - 5 above it is cracked (art. 2.6)" in x for x in pairing.trace)


@needs_shared
@pytest.mark.parametrize("name", ["no_legal_pairings", "no_legal_pairings_odd"])
def test_py4swiss_no_legal_pairing(name: str) -> None:
    with pytest.raises(NoValidPairingError):
        pair_round(trf.load(PY4SWISS / f"{name}.trf"))


# -- the property -----------------------------------------------------------------------------

ABSOLUTE_KINDS = {
    "self-paired",
    "duplicate",
    "absent-paired",
    "unpaired",
    "extra-bye",
    "repeat",
    "forbidden",
    "bye-ineligible",
}


def legal_pairing_exists(t: Tournament) -> bool:
    """By exhaustion: everybody but at most one player who may have the bye, each with a
    compatible opponent (art. 2.1)."""
    state = prepare_round(t, LimEdition.LIM_2026.basic_rules)
    players = lim_players(state)

    def pairs(rest: list[LimPlayer], bye_left: bool) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        if bye_left and first.eligible_for_bye and pairs(others, False):
            return True
        return any(
            compatible(state, first, o) and pairs([x for x in others if x is not o], bye_left)
            for o in others
        )

    return pairs(players, len(players) % 2 == 1)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(min_value=2, max_value=13),
    rounds=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_random_events_never_break_an_absolute_criterion(size: int, rounds: int, seed: int) -> None:
    """Every round of a random event: no repeat, nobody twice or left out, at most one bye,
    which its player may receive, every pair compatible (art. 2.1, with art. 6 in the last
    round); when the engine finds no pairing, none exists; the same input pairs the same way."""
    rng = random.Random(seed)
    t = event(sorted((rng.randint(1000, 2600) for _ in range(size)), reverse=True), rounds)
    for r in range(1, rounds + 1):
        try:
            pairing = pair_round(t)
        except NoValidPairingError:
            assert not legal_pairing_exists(t)
            break
        assert pairing == pair_round(t)
        boards = [(b.white, b.black) for b in pairing.boards]
        placed: list[tuple[int, int | None]] = [*boards]
        if pairing.bye is not None:
            placed.append((pairing.bye, None))
        found = find_deviations(t, placed, LimEdition.LIM_2026.basic_rules)
        assert [d for d in found if d.kind in ABSOLUTE_KINDS] == []
        state = prepare_round(t)
        by_number = {p.number: p for p in lim_players(state)}
        assert all(compatible(state, by_number[w], by_number[b]) for w, b in boards)
        for white, black in boards:
            outcome = rng.choice([Result.WIN, Result.DRAW, Result.LOSS, Result.FORFEIT_WIN])
            t.record_game(r, white, black, outcome)
        if pairing.bye is not None:
            record_bye(t, r, pairing.bye, Result.PAIRING_ALLOCATED_BYE)


# -- the checker ------------------------------------------------------------------------------


def test_checker_accepts_its_own_event_and_finds_a_change() -> None:
    """Re-pairing each round of an event the engine paired gives the same rounds; a round
    paired otherwise is reported."""
    rng = random.Random(3)
    t = event(sorted((rng.randint(1400, 2600) for _ in range(9)), reverse=True), 4)
    for r in range(1, 5):
        pairing = pair_round(t)
        boards = list(pairing.boards)
        if r == 2:  # swap the black players of the first two boards
            a, b = boards[0], boards[1]
            boards[0], boards[1] = type(a)(a.white, b.black), type(b)(b.white, a.black)
        for b in boards:
            t.record_game(r, b.white, b.black, rng.choice([Result.WIN, Result.DRAW, Result.LOSS]))
        if pairing.bye is not None:
            record_bye(t, r, pairing.bye, Result.PAIRING_ALLOCATED_BYE)
    differences = check_tournament(t)
    assert differences and differences[0].round == 2
