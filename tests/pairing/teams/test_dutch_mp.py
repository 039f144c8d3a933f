"""Team Swiss, the Dutch system on match points: the Dutch engine with the teams as
participants."""

from __future__ import annotations

from decimal import Decimal

import pytest

from chessarbiter import trf
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Result
from chessarbiter.model.teams import MatchKind, TeamEntry, TeamEvent, TeamMatch
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.pairing.teams.dutch_mp import dutch_tournament, pair_dutch_mp
from chessarbiter.pairing.teams.team_swiss import TeamSwissSystem

from .team_swiss_events import event_of, forfeit, pab, played

W, B = Colour.WHITE, Colour.BLACK
D = Decimal

#: 8 teams, 3 rounds (4 boards, MP 2/1/0).
EIGHT = [
    played(1, 1, 5, "3"),
    played(1, 6, 2, "2.5"),
    played(1, 3, 7, "2"),
    played(1, 8, 4, "1"),
    played(2, 4, 1, "1.5"),
    played(2, 2, 3, "3"),
    played(2, 5, 8, "2"),
    played(2, 7, 6, "0.5"),
    played(3, 1, 2, "2"),
    played(3, 6, 4, "3.5"),
    played(3, 3, 5, "2.5"),
    played(3, 8, 7, "1"),
]

#: 7 teams, 2 rounds, with a PAB (worth 1 MP) and a forfeited match.
SEVEN = [
    played(1, 1, 4, "3"),
    played(1, 5, 2, "2"),
    played(1, 3, 6, "2.5"),
    pab(1, 7),
    played(2, 1, 3, "2"),
    forfeit(2, 2, 7),
    played(2, 6, 4, "1"),
    pab(2, 5),
]


def individual_trf(event: TeamEvent, rounds: int, pab_points: str = "2.0") -> str:
    """The equivalent individual TRF: one player per team, the match as the game result
    (1/=/0 by game points, + / - for forfeits, U for the PAB), BB* points 2/1/0."""
    lines = [
        "012 Equivalent",
        f"XXR {rounds}",
        "XXC white1",
        "BBW 2.0",
        "BBD 1.0",
        "BBL 0.0",
        f"BBU {pab_points}",
    ]
    cells: dict[int, dict[int, str]] = {n: {} for n in event.teams}
    points = dict.fromkeys(event.teams, 0.0)
    for m in event.matches:
        if m.team_b is None:
            cells[m.team_a][m.round] = "0000 - U"
            points[m.team_a] += float(pab_points)
            continue
        a, b = m.game_points_a, m.game_points_b
        if m.kind is MatchKind.FORFEIT:
            ra, rb = ("+", "-") if a > b else ("-", "+")
        else:
            ra, rb = ("1", "0") if a > b else ("=", "=") if a == b else ("0", "1")
        cells[m.team_a][m.round] = f"{m.team_b:>4} w {ra}"
        cells[m.team_b][m.round] = f"{m.team_a:>4} b {rb}"
        value = {"1": 2.0, "+": 2.0, "=": 1.0}
        points[m.team_a] += value.get(ra, 0.0)
        points[m.team_b] += value.get(rb, 0.0)
    for n in sorted(event.teams):
        head = f"001 {n:>4}      Team {n}".ljust(48) + "2000".ljust(32)
        head += f"{points[n]:>4.1f} {n:>4}"
        lines.append(head + "".join(f"  {cells[n][r]}" for r in sorted(cells[n])))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("matches, teams", [(EIGHT, 8), (SEVEN, 7)])
def test_dutch_mp_equals_the_engine_on_the_individual_trf(
    matches: list[TeamMatch], teams: int
) -> None:
    event = event_of(teams, matches)
    text = individual_trf(event, 5, "1.0" if teams == 7 else "2.0")
    expected = pair_round(trf.loads(text))
    got = pair_dutch_mp(event, 5)
    assert got.system is TeamSwissSystem.DUTCH_MP
    assert [(m.white, m.black) for m in got.matches] == [
        (b.white, b.black) for b in expected.boards
    ]
    assert got.bye == expected.bye
    assert got.round == expected.round == (4 if teams == 8 else 3)


@pytest.mark.parametrize("matches, teams", [(EIGHT, 8), (SEVEN, 7)])
def test_dutch_mp_avoids_repeats_and_pairs_everyone(matches: list[TeamMatch], teams: int) -> None:
    event = event_of(teams, matches)
    got = pair_dutch_mp(event, 5)
    met = {frozenset((m.team_a, m.team_b)) for m in matches if m.kind is MatchKind.PLAYED}
    assert not met & {frozenset((m.white, m.black)) for m in got.matches}
    seen = [t for m in got.matches for t in (m.white, m.black)] + ([got.bye] if got.bye else [])
    assert sorted(seen) == list(range(1, teams + 1))


def test_dutch_tournament_entries() -> None:
    """Match → entry: win/draw/loss with the board-1 colour, PAB as U, forfeits as +/-;
    the point system is the event's match points, the team rating the members' average."""
    event = event_of(7, SEVEN)
    event.teams[1] = TeamEntry(1, "Alpha", (11, 12))
    t = dutch_tournament(event, 5, player_ratings={11: 2400, 12: 2301})
    assert t.player(1).rating == 2351 and t.player(1).name == "Alpha"
    assert [e.result.value for e in t.player(7).results if e.result] == ["U", "-"]
    assert t.player(2).entry(2).result is Result.FORFEIT_WIN
    assert t.player(3).entry(1).colour is W and t.player(6).entry(1).colour is B
    assert t.point_system.win == 2 and t.point_system.pairing_allocated_bye == 1
    assert t.scores() == {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 0, 7: 1}


def test_dutch_board1_colours_override_the_convention() -> None:
    event = event_of(8, EIGHT)
    t = dutch_tournament(event, 5, colours={(1, 1): B, (1, 5): W})
    assert t.player(1).entry(1).colour is B and t.player(5).entry(1).colour is W


def test_dutch_excludes_requested_byes_and_absent_teams() -> None:
    matches = [
        *EIGHT,
        TeamMatch(4, 3, None, points_a=D(2), kind=MatchKind.HALF_BYE, match_points_a=D(1)),
    ]
    got = pair_dutch_mp(event_of(8, matches), 5, absent=[8])
    paired = {t for m in got.matches for t in (m.white, m.black)} | {got.bye}
    assert 3 not in paired and 8 not in paired and len(got.matches) == 3


def test_dutch_all_rounds_paired() -> None:
    with pytest.raises(PairingError):
        pair_dutch_mp(event_of(8, EIGHT), 3)
