"""Standings by points with shared places, and the tie-break hook."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import pytest

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Colour, Player, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.standings import Standing, TieBreak, resolve_after_round, standings


def make(n: int, total_rounds: int | None = None) -> Tournament:
    t = Tournament(name="Test", total_rounds=total_rounds)
    for number in range(1, n + 1):
        t.add_player(
            Player(number, f"Player {number}", rating=2000 - 10 * number, federation="ENG")
        )
    return t


def table(rows: list[Standing]) -> list[tuple[str, int, float]]:
    return [(r.shared, r.pairing_number, float(r.points)) for r in rows]


def test_shared_places_use_the_first_rank_and_list_by_pairing_number() -> None:
    t = make(6)
    # Round 1: 6 beats 1, 2 draws 5, 3 draws 4. Round 2: 6 beats 5, 4 beats 2, 3 draws 1.
    t.record_game(1, 6, 1, Result.WIN)
    t.record_game(1, 2, 5, Result.DRAW)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(2, 5, 6, Result.LOSS)
    t.record_game(2, 4, 2, Result.WIN)
    t.record_game(2, 3, 1, Result.DRAW)
    rows = standings(t)
    assert table(rows) == [
        ("1", 6, 2),
        ("2", 4, 1.5),
        ("3", 3, 1),
        ("4-6", 1, 0.5),
        ("4-6", 2, 0.5),
        ("4-6", 5, 0.5),
    ]
    assert [(r.rank, r.last_rank, r.is_shared) for r in rows[3:]] == [(4, 6, True)] * 3
    assert not rows[0].is_shared


def test_rows_carry_the_player_data_and_the_entries_of_the_table() -> None:
    t = make(2)
    t.player(2).rating = 0
    t.player(2).title = "WFM"
    t.record_game(1, 1, 2, Result.WIN)
    first, second = standings(t)
    assert (first.name, first.rating, first.federation, first.games_played) == (
        "Player 1",
        1990,
        "ENG",
        1,
    )
    assert first.entries == (RoundEntry(2, Colour.WHITE, Result.WIN),)
    assert first.tiebreaks == {}
    assert second.rating is None  # 0 means unrated
    assert second.title == "WFM"
    assert isinstance(first.points, Decimal)


def test_games_played_excludes_forfeits_and_byes() -> None:
    t = make(5)
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.FORFEIT_WIN)
    t.player(5).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    t.record_game(2, 1, 5, Result.UNRATED_DRAW)  # a game of less than one move still counts
    t.player(2).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))
    played = {r.pairing_number: r.games_played for r in standings(t)}
    assert played == {1: 2, 2: 1, 3: 0, 4: 0, 5: 1}
    points = {r.pairing_number: r.points for r in standings(t)}
    assert points == {1: Decimal("1.5"), 2: Decimal("0.5"), 3: 1, 4: 0, 5: Decimal("1.5")}


def test_withdrawn_players_stay_in_the_table() -> None:
    t = make(4)
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.WIN)
    t.record_game(2, 1, 3, Result.DRAW)
    t.player(2).withdrawn_from_round = 2
    t.player(4).set_entry(2, RoundEntry.bye(Result.ZERO_POINT_BYE))
    rows = standings(t)
    assert [r.pairing_number for r in rows] == [1, 3, 2, 4]
    withdrawn = {r.pairing_number: r.withdrawn for r in rows}
    assert withdrawn == {1: False, 2: True, 3: False, 4: False}
    assert rows[2].entries == (RoundEntry(1, Colour.BLACK, Result.LOSS), RoundEntry.NOT_PAIRED)
    # Before his withdrawal took effect, he was not withdrawn.
    assert not next(r for r in standings(t, 1) if r.pairing_number == 2).withdrawn


def test_after_round_counts_only_the_first_rounds() -> None:
    t = make(2, total_rounds=2)
    t.record_game(1, 1, 2, Result.LOSS)
    t.record_game(2, 2, 1, Result.LOSS)
    assert table(standings(t, 1)) == [("1", 2, 1), ("2", 1, 0)]
    assert table(standings(t)) == [("1-2", 1, 1), ("1-2", 2, 1)]
    assert [len(r.entries) for r in standings(t, 1)] == [1, 1]
    assert table(standings(t, 0)) == [("1-2", 1, 0), ("1-2", 2, 0)]


def test_default_ignores_byes_requested_for_the_next_round() -> None:
    t = make(2)
    t.record_game(1, 1, 2, Result.WIN)
    t.player(2).set_entry(2, RoundEntry.bye(Result.HALF_POINT_BYE))  # round 2 not paired yet
    assert resolve_after_round(t, None) == 1
    assert table(standings(t)) == [("1", 1, 1), ("2", 2, 0)]


@pytest.mark.parametrize("after_round", [-1, 3])
def test_after_round_out_of_range_is_an_error(after_round: int) -> None:
    t = make(2)
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(2, 2, 1, Result.WIN)
    with pytest.raises(ChessArbiterError, match=str(after_round)):
        standings(t, after_round)


def test_players_only_and_empty_events() -> None:
    assert standings(Tournament()) == []
    rows = standings(make(3))
    assert [r.shared for r in rows] == ["1-3"] * 3
    assert [r.entries for r in rows] == [()] * 3


@dataclass(frozen=True)
class Wins:
    """A test tie-break: the number of games won (frozen, so ``name`` is read-only)."""

    name: str = "Wins"

    def value(self, tournament: Tournament, player: PlayerId, after_round: int) -> Decimal:
        entries = tournament.player(player).results[:after_round]
        return Decimal(sum(1 for e in entries if e.result is Result.WIN))


@dataclass
class Rating:
    name: str = "Rtg"

    def value(self, tournament: Tournament, player: PlayerId, after_round: int) -> Decimal:
        return Decimal(tournament.player(player).rating or 0)


def test_tiebreaks_split_ties_in_order_and_are_reported() -> None:
    t = make(4)
    t.record_game(1, 1, 2, Result.DRAW)
    t.record_game(1, 3, 4, Result.WIN)
    t.record_game(2, 1, 3, Result.DRAW)
    t.record_game(2, 2, 4, Result.DRAW)
    # points: 1 -> 1, 2 -> 1, 3 -> 1.5, 4 -> 0.5; wins: only 3 has one.
    tiebreaks: list[TieBreak] = [Wins(), Rating()]
    rows = standings(t, tiebreaks=tiebreaks)
    assert table(rows) == [("1", 3, 1.5), ("2", 1, 1), ("3", 2, 1), ("4", 4, 0.5)]
    assert rows[0].tiebreaks == {"Wins": Decimal(1), "Rtg": Decimal(1970)}
    assert list(rows[0].tiebreaks) == ["Wins", "Rtg"]
    # Equal on points and on every tie-break: still shared.
    rows = standings(t, tiebreaks=[Wins()])
    assert table(rows)[1:3] == [("2-3", 1, 1), ("2-3", 2, 1)]


def test_tiebreaks_get_the_resolved_round() -> None:
    seen: list[int] = []

    class Spy:
        name = "Spy"

        def value(self, tournament: Tournament, player: PlayerId, after_round: int) -> Decimal:
            seen.append(after_round)
            return Decimal(0)

    t = make(2)
    t.record_game(1, 1, 2, Result.WIN)
    standings(t, tiebreaks=[Spy()])
    assert seen == [1, 1]


def test_a_tiebreak_listed_twice_is_an_error() -> None:
    with pytest.raises(ChessArbiterError, match="Wins"):
        standings(make(2), tiebreaks=[Wins(), Wins()])


def test_lots_break_the_remaining_ties_reproducibly() -> None:
    """C.07 4.2: with a seed, players equal on everything are placed by lot; the same seed
    gives the same draw, and the number drawn is recorded."""
    from chessarbiter.model import Player, Result, Tournament

    t = Tournament(total_rounds=1)
    for n in range(1, 7):
        t.add_player(Player(n, f"P{n}"))
    for a in (1, 3, 5):
        t.record_game(1, a, a + 1, Result.DRAW)
    shared = standings(t)
    assert {r.shared for r in shared} == {"1-6"}
    drawn = standings(t, lots=2026)
    assert [r.rank for r in drawn] == [1, 2, 3, 4, 5, 6]
    assert [r.lot for r in drawn] == [1, 2, 3, 4, 5, 6]
    again = standings(t, lots=2026)
    assert [r.pairing_number for r in again] == [r.pairing_number for r in drawn]
    orders = {tuple(r.pairing_number for r in standings(t, lots=seed)) for seed in range(20)}
    assert len(orders) > 1  # the seed matters


# -- issue 13 item 5: one ranking for every table of the event ---------------------------------


def round_robin_2_to_5() -> Tournament:
    """Six players, five rounds of the Berger tables: one winner, four players level on 2½
    whom the tie-breaks separate, one last (the case of issue 13 item 5)."""
    from chessarbiter.pairing import roundrobin

    t = make(6, 5)
    results = ["= 0-1 1-0", "0-1 = =", "0-1 1-0 0-1", "1-0 = 1-0", "1-0 1-0 0-1"]
    codes = {"1-0": Result.WIN, "=": Result.DRAW, "0-1": Result.LOSS}
    for r, line in enumerate(results, start=1):
        for (white, black), code in zip(roundrobin.pair_round(t, r), line.split(), strict=True):
            t.record_game(r, white, black, codes[code])
    assert t.check() == []
    return t


def test_issue_13_item_5_ranking_applies_the_event_tie_breaks() -> None:
    from chessarbiter.standings import ranking
    from chessarbiter.tiebreaks import for_standings, parse_list

    t = round_robin_2_to_5()
    assert [r.shared for r in ranking(t)] == ["1", "2-5", "2-5", "2-5", "2-5", "6"]
    rows = ranking(t, "SB,DE")
    assert [r.shared for r in rows] == ["1", "2", "3", "4", "5", "6"]
    assert list(rows[0].tiebreaks) == ["SB", "DE"]
    # the same as the tie-breaks computed by hand, with specs or with their text
    specs = parse_list("SB,DE")
    assert ranking(t, specs) == rows
    assert rows == standings(t, 5, for_standings(t, specs, 5, "2026"))
    assert [r.shared for r in ranking(t, "SB,DE", after_round=1)] == [
        r.shared for r in standings(t, 1, for_standings(t, specs, 1, "2026"))
    ]
    drawn = ranking(t, "", lots=7)
    assert sorted(r.rank for r in drawn) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ChessArbiterError):
        ranking(t, "NOPE")
    with pytest.raises(ChessArbiterError):
        ranking(t, "SB", after_round=6)


def test_complete_rounds_leaves_out_a_round_being_played() -> None:
    """The standings are after the last round whose games all have a result."""
    from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
    from chessarbiter.standings import complete_rounds

    t = Tournament(total_rounds=3)
    for n in (1, 2, 3, 4):
        t.add_player(Player(n, f"P{n}"))
    assert complete_rounds(t) == 0
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(2, 1, 3, Result.WIN)
    t.player(2).set_entry(2, RoundEntry(4, Colour.WHITE, None))  # being played
    t.player(4).set_entry(2, RoundEntry(2, Colour.BLACK, None))
    assert t.rounds_played == 2 and complete_rounds(t) == 1
    t.record_game(2, 2, 4, Result.LOSS)
    assert complete_rounds(t) == 2
