"""TRF-2026 team records: a :class:`~chessarbiter.model.teams.TeamEvent` from a team file, and
the team code of record ``192``.

* :func:`team_code`: what a ``192`` code ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP[_GP|_MP]][_BAKU]``
  says (the C.04.6 colour preference type, primary score, secondary score and Baku
  acceleration), one :class:`TeamCode`;
* :func:`event_from_tournament`: the teams and matches of a team file -- ``310`` rosters, ``300``
  line-ups, ``320`` team PAB, ``330`` forfeited matches, ``240`` team byes, ``352`` board
  colours, ``362`` match-point scoring, ``192`` primary score.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from chessarbiter.model import Field, Result, RoundEntry, Tournament
from chessarbiter.model.teams import (
    HALF,
    ONE,
    ZERO,
    BoardGame,
    ColourPreferenceType,
    MatchKind,
    MatchScoring,
    PrimaryScore,
    TeamEntry,
    TeamEvent,
    TeamMatch,
    TeamScoreError,
    forfeited_match,
)
from chessarbiter.trf.reader import load


@dataclass(frozen=True, slots=True)
class TeamCode:
    """What a TRF-2026 ``192`` team code says (``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP[_GP|_MP]]
    [_BAKU]``): preference type, primary score, whether a secondary score is used, Baku."""

    preference: ColourPreferenceType
    primary: PrimaryScore
    use_secondary: bool
    baku: bool


def team_code(system: str) -> TeamCode | None:
    """TRF-2026 record ``192``: the C.04.6 settings of a team code; ``None`` for other codes.
    ``FIDE_TEAM`` alone is ``FIDE_TEAM_TYPEA_MP_GP``; without ``_TYPEA``/``_TYPEB`` no colour
    preferences are used (C.04.6 1.7); the first of ``_MP``/``_GP`` is the primary score
    (C.04.6 1.2.1), a second one says the secondary score is used (1.2.1, 4.2.2).

    >>> team_code("FIDE_TEAM_TYPEB_GP")
    TeamCode(preference=<ColourPreferenceType.B: 'B'>, primary=<PrimaryScore.GP: 'gp'>, \
use_secondary=False, baku=False)
    >>> team_code("FIDE_TEAM_MP_GP").preference, team_code("FIDE_DUTCH") is None
    (<ColourPreferenceType.NONE: 'none'>, True)
    """
    parts = system.strip().upper().split("_")
    if parts[:2] != ["FIDE", "TEAM"]:
        return None
    rest = parts[2:]
    baku = "BAKU" in rest
    rest = [p for p in rest if p != "BAKU"]
    if not rest:
        return TeamCode(ColourPreferenceType.A, PrimaryScore.MP, True, baku)
    preference = ColourPreferenceType.NONE
    if rest[0] in ("TYPEA", "TYPEB"):
        preference = ColourPreferenceType(rest[0][-1])
        rest = rest[1:]
    scores = [PrimaryScore(p.lower()) for p in rest if p in ("MP", "GP")]
    primary = scores[0] if scores else PrimaryScore.MP
    return TeamCode(preference, primary, len(scores) != 1, baku)


def _game_points(entry: RoundEntry) -> Decimal:
    r = entry.result
    if r in (Result.WIN, Result.FORFEIT_WIN, Result.UNRATED_WIN):
        return ONE
    if r in (Result.DRAW, Result.UNRATED_DRAW):
        return HALF
    return ZERO


def _board_entry(entry: RoundEntry, in_lineup: bool) -> bool:
    """A player's round that belongs on a board: a game or a forfeit against a named opponent,
    a forfeit win without one (the other team left that board empty), or a forfeit loss without
    one when a ``300`` line-up puts the player on a board. Byes, rounds not paired and
    ``0000 - -`` of a player not fielded do not."""
    r = entry.result
    if r is None:
        return False
    if entry.opponent is not None:
        return r.is_game or r.is_forfeit
    return r is Result.FORFEIT_WIN or (r is Result.FORFEIT_LOSS and in_lineup)


def _decimal(text: str, what: str) -> Decimal:
    try:
        return Decimal(text)
    except ArithmeticError:
        raise TeamScoreError(f"{what}: {text!r} is not a number") from None


def _columns(text: str, start: int, width: int = 4) -> list[str]:
    """Fields of ``width`` characters separated by one blank, from 1-based column ``start``."""
    out = []
    i = start - 1
    while i < len(text):
        out.append(text[i : i + width].strip())
        i += width + 1
    return out


def event_from_tournament(tournament: Tournament) -> TeamEvent:
    """Build a :class:`TeamEvent` from a tournament read from a TRF-2026 team file.

    Rosters come from ``310`` (or TRF16 ``013``) teams; the matches from the players' ``001``
    rounds (a player's opponent names the opposing team), with the board order of ``300``
    line-ups where given and otherwise the roster order of those who played; ``330`` forfeited
    matches (the winner scores every board), ``320`` team PABs (with their MP and GP), ``240``
    team byes (F: a won match and every board, H: a drawn match and half the boards, Z:
    nothing), ``352`` gives the number of boards and ``362`` the match points. ``299``
    (abnormal points) is not applied.

    :raises TeamScoreError: for a file without teams, or teams that contradict each other
        (:meth:`~chessarbiter.model.Tournament.record_problems`: a player in two teams, a
        member who is no player, two teams with one number).
    """
    t = tournament
    if not t.teams:
        raise TeamScoreError("the file describes no teams (TRF-2026 310 or TRF16 013 records)")
    clashes = [str(p) for p in t.record_problems() if p.field is Field.TEAM]
    if clashes:
        raise TeamScoreError("; ".join(clashes))
    teams = {
        number: TeamEntry(number, team.name, tuple(team.members))
        for number, team in t.team_numbers().items()
    }
    team_of = {p: number for number, team_entry in teams.items() for p in team_entry.members}
    extra: dict[str, list[str]] = defaultdict(list)
    for record in t.extra_records:
        extra[record.code].append(record.text)
    scoring = MatchScoring()
    for text in extra.get("362", []):
        values = dict(re.findall(r"T([WDL])\s+(-?\d+(?:\.\d+)?)", text))
        scoring = MatchScoring(
            _decimal(values.get("W", "2"), "362 TW"),
            _decimal(values.get("D", "1"), "362 TD"),
            _decimal(values.get("L", "0"), "362 TL"),
        )
    lineups: dict[tuple[int, int], list[int | None]] = {}
    for text in extra.get("300", []):
        line = "300" + text
        fields = _columns(line, 5, 3)[:3]
        if len(fields) < 3 or not all(f.isdigit() for f in fields):
            raise TeamScoreError(f"300 record {line!r}: expected round and two team numbers")
        players = [int(x) if x.isdigit() else None for x in _columns(line, 17)]
        lineups[(int(fields[0]), int(fields[1]))] = [p or None for p in players]
    boards = 0
    for text in extra.get("352", []):
        boards = max(boards, len(text.strip()))
    if not boards:
        boards = max((len(v) for v in lineups.values()), default=0)
    rounds = max((len(p.results) for p in t.players.values()), default=0)
    per_round: dict[tuple[int, int], list[tuple[int, RoundEntry]]] = defaultdict(list)
    for number, team_entry in teams.items():
        for p in team_entry.members:
            for r, entry in enumerate(t.players[p].results, start=1):
                if _board_entry(entry, p in lineups.get((r, number), ())):
                    per_round[(r, number)].append((p, entry))
    if not boards:
        boards = max((len(v) for v in per_round.values()), default=1)
    forfeits: dict[tuple[int, int], tuple[str, int, int]] = {}
    for text in extra.get("330", []):
        line = "330" + text
        code = line[4:6]
        fields = _columns(line, 8, 3)[:3]
        if code not in ("+-", "-+", "--") or len(fields) < 3 or not all(map(str.isdigit, fields)):
            raise TeamScoreError(f"330 record {line!r}: expected +-, -+ or --, round, two teams")
        rnd, a, b = map(int, fields)
        forfeits[(rnd, a)] = forfeits[(rnd, b)] = (code, a, b)
        rounds = max(rounds, rnd)
    byes: dict[tuple[int, int], TeamMatch] = {}
    bye_kinds = {
        Result.FULL_POINT_BYE: (MatchKind.FULL_BYE, Decimal(boards), scoring.win),
        Result.HALF_POINT_BYE: (MatchKind.HALF_BYE, Decimal(boards) / 2, scoring.draw),
        Result.ZERO_POINT_BYE: (MatchKind.ZERO_BYE, ZERO, scoring.loss),
    }
    for request in t.bye_requests:
        kind, gp, mp = bye_kinds[request.kind]
        for number in request.players:
            if number in teams:
                byes[(request.round, number)] = TeamMatch(
                    request.round, number, None, points_a=gp, kind=kind, match_points_a=mp
                )
    for text in extra.get("320", []):  # after 240: a 320 PAB wins over a 240 bye
        line = "320" + text
        mp_text, gp_text = line[4:8].strip(), line[9:13].strip()
        mp = _decimal(mp_text, "320 match points") if mp_text else scoring.win
        gp = _decimal(gp_text, "320 game points") if gp_text else Decimal(boards)
        for rnd, raw in enumerate(_columns(line, 15, 3), start=1):
            if raw.isdigit() and int(raw):
                byes[(rnd, int(raw))] = TeamMatch(
                    rnd, int(raw), None, points_a=gp, kind=MatchKind.PAB, match_points_a=mp
                )
                rounds = max(rounds, rnd)
    matches: list[TeamMatch] = []
    done: set[tuple[int, int]] = set()

    def boards_of(rnd: int, team: int, entries: list[tuple[int, RoundEntry]]) -> dict[int, int]:
        lineup = lineups.get((rnd, team))
        roster = teams[team].members
        out: dict[int, int] = {}
        ordered = sorted(entries, key=lambda pe: roster.index(pe[0]))
        for position, (p, _) in enumerate(ordered, start=1):
            out[p] = lineup.index(p) + 1 if lineup and p in lineup else position
        return out

    for rnd in range(1, rounds + 1):
        for number in sorted(teams):
            if (rnd, number) in done:
                continue
            if (rnd, number) in forfeits:
                code, a, b = forfeits[(rnd, number)]
                done |= {(rnd, a), (rnd, b)}
                winner = {"+-": a, "-+": b}.get(code)
                matches.append(forfeited_match(rnd, a, b, boards, winner))
                continue
            entries = per_round.get((rnd, number), [])
            opponents = {
                team_of[e.opponent]
                for _, e in entries
                if e.opponent is not None and e.opponent in team_of
            }
            if len(opponents) > 1:
                raise TeamScoreError(
                    f"round {rnd}: the players of team {number} met players of teams "
                    f"{', '.join(map(str, sorted(opponents)))}"
                )
            if not opponents:
                if (rnd, number) in byes:
                    matches.append(byes[(rnd, number)])
                    done.add((rnd, number))
                elif entries:
                    raise TeamScoreError(
                        f"round {rnd}: team {number} has board results but no opponent team "
                        "(no named opponent and no 330 record)"
                    )
                continue
            other = opponents.pop()
            done |= {(rnd, number), (rnd, other)}
            other_entries = per_round.get((rnd, other), [])
            board_a = boards_of(rnd, number, entries)
            board_b = boards_of(rnd, other, other_entries)
            games: list[BoardGame] = []
            linked: set[int] = set()
            for p, e in entries:
                o = e.opponent
                partner = next((oe for op, oe in other_entries if op == o), None)
                if o is not None and partner is not None:
                    linked.add(o)
                    games.append(
                        BoardGame(
                            board_a[p],
                            p,
                            o,
                            _game_points(e),
                            _game_points(partner),
                            forfeit=not e.is_played,
                        )
                    )
                else:
                    games.append(BoardGame(board_a[p], p, None, _game_points(e), ZERO, True))
            for p, e in other_entries:
                if p not in linked:
                    games.append(BoardGame(board_b[p], None, p, ZERO, _game_points(e), True))
            if any(g.board > boards for g in games):
                raise TeamScoreError(
                    f"round {rnd}, match {number}-{other}: more than {boards} boards"
                )
            matches.append(TeamMatch(rnd, number, other, tuple(sorted(games, key=_by_board))))
    for key, bye in byes.items():
        if key not in done:
            matches.append(bye)
    matches.sort(key=lambda m: (m.round, m.team_a))
    declared = team_code(t.system)
    primary = declared.primary.value if declared is not None else PrimaryScore.MP.value
    return TeamEvent(
        boards=boards,
        matches=matches,
        teams=teams,
        scoring=scoring,
        rounds=rounds,
        player_names={n: p.name for n, p in t.players.items()},
        name=t.name,
        tiebreaks=list(t.team_tiebreaks or t.tiebreaks),
        primary=primary,
    )


def _by_board(game: BoardGame) -> int:
    return game.board


def load_event(path: str | Path) -> TeamEvent:
    """Read a TRF(-2026) team file into a :class:`TeamEvent` (see
    :func:`event_from_tournament`)."""
    return event_from_tournament(load(path))


def reported(tournament: Tournament) -> dict[int, tuple[str, str, str]]:
    """The match points, game points and rank each ``310`` record reports, as written."""
    return {
        team.number: (
            team.reported_match_points,
            team.reported_game_points,
            team.reported_rank,
        )
        for team in tournament.teams
        if team.number is not None
    }
