"""TRF-2026 team records: a team event from a team file (310, 300, 320, 330, 240, 352, 362)
and the ``192`` team code."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from chessarbiter import board_prizes as bp
from chessarbiter import trf
from chessarbiter.model import Player, Team, Tournament
from chessarbiter.model import teams as M
from chessarbiter.model.teams import ColourPreferenceType, PrimaryScore
from chessarbiter.standings import teams as S
from chessarbiter.trf import teams as R
from chessarbiter.trf.teams import team_code

REAL = Path(__file__).resolve().parents[3] / "shared" / "real" / "sharly-chess"
SAMPLE26 = REAL / "trf" / "example_trf26.trf"
LOUBATIERE = REAL / "tournament_importers" / "trf-team-import-test.trf"


def D(x: str | int) -> Decimal:
    return Decimal(x)


@pytest.mark.skipif(not SAMPLE26.exists(), reason="shared sample files not present")
def test_trf26_sample_scores_match_the_310_records() -> None:
    """The TEC "Grandmommy's Cup": 50 teams, 4 boards (352 WBWB), 14 rounds. The MP and GP we
    compute equal the 310 records for 49 teams. Team 47 (Denmark) is reported 13 MP / 24.5 GP
    and we find 12 / 22.5: its informative 802 line shows a half-point bye in round 3 that no
    240 record carries (the other byes are in 240), i.e. exactly 1 MP + 2 GP."""
    t = trf.load(SAMPLE26)
    e = R.event_from_tournament(t)
    assert (e.boards, e.rounds, len(e.teams), e.primary) == (4, 14, 50, "mp")
    assert e.scoring == M.MatchScoring(D(2), D(1), D(0))
    mp, gp = M.match_points(e), M.game_points(e)
    reported = R.reported(t)
    wrong = {n for n, (m, g, _) in reported.items() if (mp[n], gp[n]) != (D(m), D(g))}
    assert wrong == {47}
    assert (D(reported[47][0]) - mp[47], D(reported[47][1]) - gp[47]) == (D(1), D(2))
    kinds = [m.kind for m in e.matches]
    assert kinds.count(M.MatchKind.FORFEIT) + kinds.count(M.MatchKind.DOUBLE_FORFEIT) == 22
    # 320 lists 8 PABs; round 3's (team 50) is also a 240 half-point bye, the PAB is kept
    assert kinds.count(M.MatchKind.PAB) == 8


@pytest.mark.skipif(not LOUBATIERE.exists(), reason="shared sample files not present")
def test_loubatiere_team_file() -> None:
    """Sharly's team import test (5 teams, 4 boards, 192 FIDE_TEAM_TYPEA_MP_GP, 362 TW 3)."""
    e = R.load_event(LOUBATIERE)
    assert (e.boards, len(e.teams), e.primary) == (4, 5, "mp")
    assert e.scoring.win == 3
    rows = S.standings(e, e.primary, "MPvGP,BH:MP")
    assert len(rows) == 5
    assert bp.board_tables(e)[0].board == 1


def test_issue_13_item_17_event_from_tournament_refuses_what_record_problems_finds() -> None:
    """The teams' contradictions are checked once, by ``Tournament.record_problems``, and
    ``event_from_tournament`` refuses what it reports: a player in two teams (said as the TRF
    reader says it), a member who is no player (once skipped without a word)."""
    t = Tournament(total_rounds=1)
    for n in (1, 2, 3):
        t.add_player(Player(n, f"P{n}"))
    t.teams = [Team("A", [1, 2], number=1), Team("B", [2, 3], number=2)]
    with pytest.raises(M.TeamScoreError, match=r"^player 2 is in two teams, 1 and 2$"):
        R.event_from_tournament(t)
    t.teams[1] = Team("B", [3, 9], number=2)
    with pytest.raises(M.TeamScoreError, match=r"^team 2: no player has number 9$"):
        R.event_from_tournament(t)
    t.teams[1] = Team("B", [3], number=2)
    assert {n: e.members for n, e in R.event_from_tournament(t).teams.items()} == {
        1: (1, 2),
        2: (3,),
    }


@pytest.mark.parametrize(
    "code, expected",
    [
        ("FIDE_TEAM", (ColourPreferenceType.A, PrimaryScore.MP, True, False)),
        ("FIDE_TEAM_TYPEB_GP_MP", (ColourPreferenceType.B, PrimaryScore.GP, True, False)),
        ("FIDE_TEAM_TYPEA_MP", (ColourPreferenceType.A, PrimaryScore.MP, False, False)),
        ("FIDE_TEAM_GP", (ColourPreferenceType.NONE, PrimaryScore.GP, False, False)),
        ("FIDE_TEAM_TYPEA_MP_GP_BAKU", (ColourPreferenceType.A, PrimaryScore.MP, True, True)),
    ],
)
def test_192_team_codes(code: str, expected: tuple[object, ...]) -> None:
    c = team_code(code)
    assert c is not None
    assert (c.preference, c.primary, c.use_secondary, c.baku) == expected


def test_the_192_code_gives_the_event_its_primary_score() -> None:
    """One parser of record 192: the event read from a file takes its primary score from it
    (the first of _MP/_GP), match points for any other code."""
    t = Tournament(total_rounds=1)
    t.add_player(Player(1, "P1"))
    t.teams = [Team("A", [1], number=1)]
    for system, primary in (("FIDE_TEAM_TYPEB_GP_MP", "gp"), ("FIDE_TEAM", "mp"), ("", "mp")):
        t.system = system
        assert R.event_from_tournament(t).primary == primary
