"""The Dubov system (C.04.4.1): the procedure on small events worked by hand, the shared
py4swiss files, and a property: whole random events paired round after round never break an
absolute criterion, and pairing is deterministic."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.editions import DubovEdition
from chessarbiter.model import Colour, Player, Result, Tournament
from chessarbiter.model.tournament import ForbiddenPairs
from chessarbiter.pairing.apply import record_bye
from chessarbiter.pairing.dubov.checker import check_tournament
from chessarbiter.pairing.dubov.engine import explain_round, pair_round
from chessarbiter.pairing.dubov.rules import DubovPlayer, dubov_players, may_meet, may_receive_bye
from chessarbiter.pairing.dutch.checker import tournament_before_round
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


def lines(t: Tournament, edition: DubovEdition = DubovEdition.DUBOV_2026) -> list[str]:
    return pair_round(t, edition).engine_lines()


def test_first_round_halves_and_tpn_parity() -> None:
    """Round 1: G1 is the first half by TPN (art. 3.2.3), S1 meets G2 in TPN order (art.
    3.2.5, the first transposition), the higher player of each board takes the initial colour
    when his TPN is odd (art. 5.2.1); with an odd number the bye goes to the largest TPN
    (art. 3.1.5)."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900])
    assert lines(t) == ["3", "1 4", "5 2", "3 6"]
    t = event([2400, 2300, 2200, 2100, 2000, 1900, 1800])
    assert lines(t) == ["4", "1 4", "5 2", "3 6", "7 0"]


def test_same_history_higher_ranked_preference() -> None:
    """Round 2 after 1-3 (1-0) and 4-2 (1-0): the bracket of 1 point is 1 and 4, who both had
    White and seek Black, and must meet; neither preference is stronger (art. 5.2.3) and their
    histories never differ (art. 5.2.4), so the higher ranked player, 1, gets his preference
    (art. 5.2.5). The 0-point bracket, 2 and 3, both had Black: 2 ranks higher and gets
    White."""
    t = event([2400, 2300, 2200, 2100], rounds=3)
    t.record_game(1, 1, 3, Result.WIN)
    t.record_game(1, 4, 2, Result.WIN)
    assert lines(t) == ["2", "4 1", "2 3"]


def test_aro_decides_s1_order() -> None:
    """A bracket of four, two White seekers: S1 is sorted by ascending ARO (art. 3.2.5), so
    the White seeker who met the weaker opponent meets the first Black seeker by TPN."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900, 1800, 1500], rounds=3)
    # round 1: 1-5, 6-2, 3-7, 8-4 all won by the higher player except 8-4 draw
    t.record_game(1, 1, 5, Result.WIN)
    t.record_game(1, 6, 2, Result.LOSS)
    t.record_game(1, 3, 7, Result.WIN)
    t.record_game(1, 8, 4, Result.LOSS)
    # 1-pointers: 1 (W; ARO 2000), 2 (B; ARO 1900), 3 (W; ARO 1800), 4 (B; ARO 1500)
    # White seekers 2 and 4: S1 = 4 (ARO 1500), 2 (ARO 1900); G2 = 1, 3 by TPN: 4-1, 2-3
    explanation = explain_round(t)
    assert any("S1 (art. 3.2.5, ascending ARO): 4[ARO 1500] 2[ARO 1900]" in x for x in explanation)
    assert set(lines(t)[1:3]) == {"4 1", "2 3"}


def test_no_rematch_and_bye_not_twice() -> None:
    """[C1] and [C2] over a whole small event."""
    t = event([2400, 2300, 2200, 2100, 2000], rounds=4)
    for r in range(1, 5):
        pairing = pair_round(t)
        assert pairing.round == r
        for b in pairing.boards:
            t.record_game(r, b.white, b.black, Result.DRAW)
        assert pairing.bye is not None
        record_bye(t, r, pairing.bye, Result.PAIRING_ALLOCATED_BYE)
    byes = [p.number for p in t for e in p.results if e.result is Result.PAIRING_ALLOCATED_BYE]
    assert sorted(byes) == sorted(set(byes))


def test_bye_to_the_player_with_more_games() -> None:
    """Art. 3.1.4: among the lowest scores, the bye goes to the player who has played the most
    games, before the largest TPN (3.1.5): 2 lost a game, 4 lost by forfeit."""
    t = event([2400, 2300, 2200, 2100, 2000])
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.FORFEIT_WIN)
    record_bye(t, 1, 5, Result.PAIRING_ALLOCATED_BYE)
    assert pair_round(t).bye == 2


def test_full_point_bye_bars_the_pab_from_2026_only() -> None:
    """[C2] refers to the Basic Rules of its edition: in 2026 (C.04.1 art. 4) a full-point
    bye scored a win's points without playing, so its player may not get the PAB; the 2018
    text (C.04.1 d) bars only a PAB or a forfeit win."""
    t = event([2400, 2300, 2200], rounds=3)
    t.record_game(1, 1, 2, Result.DRAW)
    record_bye(t, 1, 3, Result.FULL_POINT_BYE)
    eligible = {
        edition: {
            p.number
            for p in dubov_players(prepare_round(t, edition.basic_rules))
            if may_receive_bye(p)
        }
        for edition in DubovEdition
    }
    assert eligible == {DubovEdition.DUBOV_2018: {1, 2, 3}, DubovEdition.DUBOV_2026: {1, 2}}


def test_explain_names_the_articles() -> None:
    t = event([2400, 2300, 2200, 2100, 2000])
    text = "\n".join(explain_round(t))
    assert "MaxT = 2 + [5/5] = 3" in text
    assert "Pairing-allocated bye (art. 3.1): 5" in text
    assert "art. 5.2.1" in text


@needs_shared
def test_py4swiss_bye_for_high_tpn() -> None:
    """py4swiss's own case: the lowest score is 1.5 (players 1 and 2); 2, with the larger TPN,
    would be first (art. 3.1.5) but leaves no complete pairing ([C4]), so 1 gets the bye."""
    t = trf.load(PY4SWISS / "dubov_bye_for_high_tpn.trf")
    assert lines(t) == ["3", "4 3", "2 5", "1 0"]
    assert any("2 would leave no complete pairing" in x for x in explain_round(t))


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
    "colour-three-in-row",
    "colour-difference",
}


def legal_pairing_exists(t: Tournament, edition: DubovEdition) -> bool:
    """By exhaustion: a pairing of everybody but at most one eligible player, meeting
    [C1]-[C3]."""
    state = prepare_round(t, edition.basic_rules)
    players = dubov_players(state)

    def pairs(rest: list[DubovPlayer], bye_left: bool) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        if bye_left and may_receive_bye(first) and pairs(others, False):
            return True
        return any(
            may_meet(state, first, o) and pairs([x for x in others if x is not o], bye_left)
            for o in others
        )

    return pairs(players, len(players) % 2 == 1)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(min_value=2, max_value=13),
    rounds=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=10**6),
    edition=st.sampled_from(list(DubovEdition)),
)
def test_random_events_never_break_an_absolute_criterion(
    size: int, rounds: int, seed: int, edition: DubovEdition
) -> None:
    """Every round of a random event: no repeat, nobody twice or left out, at most one bye,
    which its player may receive, and no colour rule of C.04.1 broken (the Dubov [C3] has no
    topscorer exception, so none is ever needed); the same input pairs the same way."""
    rng = random.Random(seed)
    t = event(sorted((rng.randint(1000, 2600) for _ in range(size)), reverse=True), rounds)
    for r in range(1, rounds + 1):
        try:
            pairing = pair_round(t, edition)
        except NoValidPairingError:
            assert not legal_pairing_exists(t, edition)
            break
        assert pairing == pair_round(t, edition)
        boards = [(b.white, b.black) for b in pairing.boards]
        placed: list[tuple[int, int | None]] = [*boards]
        if pairing.bye is not None:
            placed.append((pairing.bye, None))
        found = find_deviations(t, placed, edition.basic_rules)
        assert [d for d in found if d.kind in ABSOLUTE_KINDS] == []
        for white, black in boards:
            outcome = rng.choice([Result.WIN, Result.DRAW, Result.LOSS, Result.FORFEIT_WIN])
            if outcome is Result.FORFEIT_WIN:
                t.record_game(r, white, black, Result.FORFEIT_WIN)
            else:
                t.record_game(r, white, black, outcome)
        if pairing.bye is not None:
            record_bye(t, r, pairing.bye, Result.PAIRING_ALLOCATED_BYE)


# -- the checker ------------------------------------------------------------------------------


def _played_event(size: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    t = event(sorted((rng.randint(1400, 2600) for _ in range(size)), reverse=True), rounds)
    for r in range(1, rounds + 1):
        pairing = pair_round(t)
        for b in pairing.boards:
            t.record_game(r, b.white, b.black, rng.choice([Result.WIN, Result.DRAW, Result.LOSS]))
        if pairing.bye is not None:
            record_bye(t, r, pairing.bye, Result.PAIRING_ALLOCATED_BYE)
    return t


def test_checker_accepts_its_own_event_and_finds_a_swap() -> None:
    """Re-pairing each round of an event the engine paired gives the same rounds; swapping the
    colours of one game of round 3 is reported from round 3 on (round 4 is then paired from
    another colour history)."""
    t = _played_event(9, 4, seed=7)
    assert check_tournament(t) == []
    first = next(b for b in pair_round(tournament_before_round(t, 3)).boards)
    white, black = t.player(first.white), t.player(first.black)
    w, b = white.entry(3), black.entry(3)
    white.results[2], black.results[2] = (
        dataclasses.replace(w, colour=Colour.BLACK),
        dataclasses.replace(b, colour=Colour.WHITE),
    )
    differences = check_tournament(t)
    assert differences[0].round == 3
    assert "colours differ" in str(differences[0])


def test_c10_spares_the_player_upfloated_in_the_previous_round() -> None:
    """[C10]: 1 (alone on 1.5) needs one upfloater from 2 and 3 (1 point each, both seeking
    Black like 1, neither a maximum upfloater); 2 comes first by TPN (art. 4.2) but upfloated
    in round 1, so 3 floats up. (Virtual points shape the scores: 4 had one in round 1, which
    made 2's game against him an upfloat.)"""
    t = event([2400, 2300, 2200, 2100, 2000, 1900], rounds=5)
    t.record_game(1, 1, 5, Result.DRAW)
    t.record_game(1, 3, 6, Result.DRAW)
    t.record_game(1, 2, 4, Result.DRAW)
    virtual = {1: ("0", "1"), 2: ("0", "0.5"), 3: ("0", "0.5"), 4: ("1", "0")}
    for number, points in virtual.items():
        t.virtual_points[number] = [Decimal(x) for x in points]
    assert frozenset((1, 3)) in {frozenset((b.white, b.black)) for b in pair_round(t).boards}
    t.virtual_points[4] = [Decimal(0), Decimal(0)]  # the same games, without the upfloat
    assert frozenset((1, 2)) in {frozenset((b.white, b.black)) for b in pair_round(t).boards}


@pytest.mark.parametrize(("third_had", "upfloater"), [(Colour.BLACK, 3), (Colour.WHITE, 2)])
def test_c7_upfloater_who_gets_his_colour(third_had: Colour, upfloater: int) -> None:
    """[C7]: 1 (alone on 1.5, had White, seeks Black) needs one upfloater from 2 and 3 (1
    point each); 2 had White and seeks Black too. When 3 had Black, the pairing 1-3 grants
    both preferences and 3 floats up; when 3 had White as well, both choices cost one
    preference and 2 comes first by TPN (art. 4.2)."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900], rounds=5)
    t.record_game(1, 1, 4, Result.DRAW)
    t.record_game(1, 2, 5, Result.DRAW)
    if third_had is Colour.BLACK:
        t.record_game(1, 6, 3, Result.DRAW)
    else:
        t.record_game(1, 3, 6, Result.DRAW)
    for number, points in ((1, "1"), (2, "0.5"), (3, "0.5")):
        t.virtual_points[number] = [Decimal(0), Decimal(points)]
    pairs = {frozenset((b.white, b.black)) for b in pair_round(t).boards}
    assert frozenset((1, upfloater)) in pairs


@pytest.mark.parametrize(("rounds", "upfloater"), [(4, 3), (5, 2)])
def test_c8_spares_the_maximum_upfloater(rounds: int, upfloater: int) -> None:
    """[C8]: 1 (alone on 2 points) needs one upfloater from 2 and 3 (1.5 each, all three
    mild White seekers). 2 upfloated in rounds 1 and 2, 3 in round 2 only ([C10] cannot tell
    them apart). In 4 rounds MaxT is 2 (art. 1.8.2): 2 is a maximum upfloater, and 3 floats
    up; in 5 rounds MaxT is 3, and 2 comes first by TPN (art. 4.2)."""
    t = event([2400, 2300, 2200, 2100, 2000, 1900], rounds=rounds)
    for white, black in ((1, 5), (3, 6), (2, 4)):
        t.record_game(1, white, black, Result.DRAW)
    for white, black in ((5, 2), (4, 3), (6, 1)):
        t.record_game(2, white, black, Result.DRAW)
    virtual = {1: "0 0 1", 2: "0 0 0.5", 3: "0 0 0.5", 4: "1 1 0", 5: "0 1 0"}
    for number, points in virtual.items():
        t.virtual_points[number] = [Decimal(x) for x in points.split()]
    pairs = {frozenset((b.white, b.black)) for b in pair_round(t).boards}
    assert frozenset((1, upfloater)) in pairs


def test_upfloater_containers_in_the_handbook_order() -> None:
    """Art. 4.2.3 / D.1.b: sets of upfloaters are grouped in containers of equal scores,
    ordered as [C6] orders them; the Handbook's example puts {3, 1.5} before {2.5, 2.5}.

    Residents 1 and 2 (4 points, forbidden to meet) need two upfloaters from 3 (3 points), 4
    and 5 (2.5) and 6 (1.5); forbidden pairs leave two completable choices: {3, 6} (the rest,
    4-5, can meet) and {4, 5} (the rest, 3-6, can meet). The first container is {3, 1.5}, so
    3 and 6 float up. (Scores are virtual points, so that nobody has played yet.)"""
    t = event([2400, 2300, 2200, 2100, 2000, 1900], rounds=5)
    for number, points in ((1, "4"), (2, "4"), (3, "3"), (4, "2.5"), (5, "2.5"), (6, "1.5")):
        t.virtual_points[number] = [Decimal(points)]
    for pair in ((1, 2), (3, 4), (3, 5), (4, 6), (5, 6)):
        t.forbidden_pairs.append(ForbiddenPairs(pair))
    pairing = pair_round(t)
    pairs = {frozenset((b.white, b.black)) for b in pairing.boards}
    assert {frozenset((4, 5))} < pairs
    assert {n for p in pairs if p & {1, 2} for n in p} == {1, 2, 3, 6}
