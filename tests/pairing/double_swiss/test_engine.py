"""The Double-Swiss procedure (C.04.5, 2026) on whole events: the first match, the PAB and its
value, the game rounds of a match, the repeat after a forfeited match, malformed events
refused precisely, the checker and the generator, and a property: generated whole events are
re-paired by the checker with no difference and no repeated pairing except after a match
forfeited by a player."""

from __future__ import annotations

import dataclasses
import time
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.model.tournament import Acceleration
from chessarbiter.pairing.apply import record_result
from chessarbiter.pairing.double_swiss.checker import (
    check_tournament,
    checklist,
    repeated_pairings,
)
from chessarbiter.pairing.double_swiss.engine import (
    apply_match,
    explain_round,
    game_rounds,
    pair_round,
)
from chessarbiter.pairing.double_swiss.generator import generate_event
from chessarbiter.pairing.double_swiss.rules import MatchError, double_swiss_point_system
from chessarbiter.pairing.round_pairing import Board, NoValidPairingError

W, B = Colour.WHITE, Colour.BLACK


def event(players: int, matches: int = 4, initial: Colour = W) -> Tournament:
    t = Tournament(
        total_rounds=2 * matches, initial_colour=initial, point_system=double_swiss_point_system()
    )
    for n in range(1, players + 1):
        t.add_player(Player(n, f"P{n}", rating=2400 - 10 * n))
    return t


def play(t: Tournament, results: dict[int, tuple[Result, Result]] | None = None) -> None:
    """Pair the next match, record it, and give each board's two games (White's results of
    game 1 and game 2 by the match's White player; default: he wins game 1, draws game 2)."""
    pairing = pair_round(t)
    apply_match(t, pairing)
    first, second = game_rounds(pairing)
    for g1, g2 in zip(first.boards, second.boards, strict=True):
        r1, r2 = (results or {}).get(g1.white, (Result.WIN, Result.DRAW))
        record_result(t, first.round, g1.white, g1.black, r1)
        record_result(t, second.round, g2.white, g2.black, r2.mirror or r2)


def test_match_one_pairs_top_half_against_bottom_half_with_alternating_colours():
    p = pair_round(event(8))
    assert p.round == 1 and p.bye is None
    assert p.boards == (Board(1, 5), Board(6, 2), Board(3, 7), Board(8, 4))
    p = pair_round(event(8, initial=B))
    assert p.boards[0] == Board(5, 1)


def test_the_pab_goes_to_the_last_and_is_worth_a_won_and_a_drawn_game():
    t = event(7)
    p = pair_round(t)
    assert p.bye == 7
    apply_match(t, p)
    assert t.player(7).entry(1).received_pab and t.player(7).entry(2).received_pab
    assert t.score(7, after_round=2) == Decimal("1.5")


def test_game_rounds_reverse_the_colours_and_write_two_columns():
    t = event(4)
    p = pair_round(t)
    g1, g2 = game_rounds(p)
    assert (g1.round, g2.round) == (1, 2)
    assert [(b.white, b.black) for b in g2.boards] == [(b.black, b.white) for b in g1.boards]
    apply_match(t, p)
    assert t.player(1).entry(1) == RoundEntry(3, W, None)
    assert t.player(1).entry(2) == RoundEntry(3, B, None)


def test_second_match_by_score_and_colours_4_3():
    t = event(8)
    play(t)  # 1, 6, 3, 8 win 1.5-0.5
    p = pair_round(t)
    pairs = {frozenset((b.white, b.black)) for b in p.boards}
    # 3.6: the winners 1 3 6 8 pair top half against bottom half, the losers 2 4 5 7 too
    assert pairs == {frozenset(x) for x in ((1, 6), (3, 8), (2, 5), (4, 7))}
    # 1 and 6 both had White: 4.3.2 equal whites, 4.3.3 no difference, 4.3.4: the
    # higher-ranked 1 alternates
    assert Board(6, 1) in p.boards
    assert "colours 6-1 (4.3.4)" in p.trace


def test_a_forfeited_match_may_be_repeated_a_single_forfeit_may_not():
    t = event(2, matches=3)
    p = pair_round(t)
    apply_match(t, p)
    (b,) = p.boards
    record_result(t, 1, b.white, b.black, Result.FORFEIT_LOSS)  # White forfeits both games
    record_result(t, 2, b.black, b.white, Result.FORFEIT_WIN)
    assert pair_round(t).boards[0] in (Board(1, 2), Board(2, 1))  # Preface: may meet again
    u = event(2, matches=3)
    p = pair_round(u)
    apply_match(u, p)
    record_result(u, 1, b.white, b.black, Result.FORFEIT_LOSS)  # one game forfeited only
    record_result(u, 2, b.black, b.white, Result.DRAW)
    with pytest.raises(NoValidPairingError, match=r"C\.04\.5 3\.4|\[C3\]"):
        pair_round(u)


def test_malformed_events_are_refused_naming_player_match_and_rounds():
    t = event(4)
    play(t)
    half = dataclasses.replace(
        t, players={p.number: dataclasses.replace(p, results=p.results[:1]) for p in t}
    )
    with pytest.raises(MatchError, match=r"player 1, match 1: game 1 \(round 1\) is paired but "):
        pair_round(half)
    swapped = event(4)
    swapped.record_game(1, 1, 3, Result.WIN)
    swapped.record_game(1, 2, 4, Result.WIN)
    swapped.record_game(2, 4, 1, Result.DRAW)
    swapped.record_game(2, 3, 2, Result.DRAW)
    with pytest.raises(MatchError, match=r"player 1, match 1 \(rounds 1 and 2\): game 1 is "):
        pair_round(swapped)
    odd = event(4)
    odd.total_rounds = 7
    with pytest.raises(PairingError, match="7 rounds is not a whole number of matches"):
        pair_round(odd)


def test_acceleration_and_a_finished_event_are_refused():
    t = event(4)
    t.accelerations.append(Acceleration(Decimal(1), None, 1, 2, 1, 2))
    with pytest.raises(PairingError, match=r"acceleration \(C\.04\.7\)"):
        pair_round(t)
    done = event(4, matches=1)
    play(done)
    with pytest.raises(PairingError, match="all 1 matches"):
        pair_round(done)


def test_byes_given_in_advance_cover_the_match():
    t = event(5)
    for c in (1, 2):
        t.player(2).set_entry(c, RoundEntry.bye(Result.HALF_POINT_BYE))
    p = pair_round(t)
    assert p.bye is None and all(2 not in (b.white, b.black) for b in p.boards)


def test_explain_round_names_the_articles():
    lines = explain_round(event(5))
    assert lines[0].startswith("Match 1 of 4 (rounds 1 and 2): 5 players")
    assert any(line.startswith("3.4 pairing-allocated bye: 5") for line in lines)
    assert any("(4.3.1)" in line for line in lines)
    assert lines[-1] == "  pairing-allocated bye: 5"


def test_the_checker_finds_a_changed_match_and_a_checklist_is_written():
    t = generate_event(3, 12, 4)
    assert check_tournament(t) == [] and repeated_pairings(t) == []
    # reverse the colours of both games of one match of match 3
    first = next(p for p in t if p.entry(5).opponent is not None and p.entry(5).colour is W)
    opp = first.entry(5).opponent
    assert opp is not None
    for c in (5, 6):
        for n in (first.number, opp):
            e = t.player(n).entry(c)
            t.player(n).set_entry(c, dataclasses.replace(e, colour=e.colour.opposite))
    (diff,) = check_tournament(t)
    assert diff.round == 3 and diff.colours_only
    assert "Colours" in checklist(t) and "\n" in checklist(t)


def test_generated_events_read_back_from_trf_both_dialects():
    t = generate_event(9, 15, 5)
    for dialect in (trf.TRFX, trf.TRF2026):
        t.system = "FIDE_DOUBLESWISS" if dialect is trf.TRF2026 else ""
        back = trf.loads(trf.dumps(t, dialect))
        assert back.scores() == t.scores() and check_tournament(back) == []


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(10, 60),
    matches=st.integers(5, 9),
)
def test_generated_whole_events_check_clean(seed, players, matches):
    start = time.process_time()
    t = generate_event(seed, players, matches)
    assert t.check() == []
    assert check_tournament(t) == []
    assert repeated_pairings(t) == []
    assert time.process_time() - start < 10


@settings(max_examples=15, deadline=None, database=None)
@given(seed=st.integers(0, 10_000), columns=st.integers(0, 10))
def test_a_cut_event_pairs_its_next_match_or_names_the_missing_game(seed, columns):
    t = generate_event(seed, 11, 5)
    cut = dataclasses.replace(
        t, players={p.number: dataclasses.replace(p, results=p.results[:columns]) for p in t}
    )
    played = cut.rounds_played
    if played % 2:
        with pytest.raises(MatchError, match=rf"game 1 \(round {played}\) is paired but game 2"):
            pair_round(cut)
    elif played == 10:
        with pytest.raises(PairingError, match="all 5 matches"):
            pair_round(cut)
    else:
        pairing = pair_round(cut)
        assert pairing.round == played // 2 + 1
