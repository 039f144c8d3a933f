"""``chessarbiter teams lineup`` and ``teams check-lineup``: rosters and per-round line-ups.

The rules live in :mod:`chessarbiter.pairing.teams.lineups` (Team Competitions 1972, "Teams" and
"Matches of two teams").

**Roster file** (tab-separated, UTF-8; blank lines and lines starting with ``#`` are ignored; an
optional header line starts with ``team<TAB>role``)::

    team      role     order  id  [name]
    Spartak   main     1      11  Petrosian
    Spartak   main     2      12  Spassky
    Spartak   reserve  1      15  Tal
    Spartak   captain         11

``role`` is ``main`` (``order`` = its board, 1..N, each once), ``reserve`` (``order`` = its place
among the reserves, 1..R, each once) or ``captain`` (``order`` empty; the ``id`` of a player of
the team for a playing captain, any other id for a non-playing captain or representative). An
``id`` is a short token without commas (a pairing number, a licence number, a surname); ``name``
is for display. A file may hold several teams.

**Line-up file** (tab-separated, same comments; optional header ``team<TAB>board``)::

    team     board  id
    Spartak  1      11
    Spartak  2      -

One line per board; ``-`` or an empty id is an empty board, and boards not listed are empty. A
file may hold the line-ups of both teams of a match (the first team named is the first team).

Exit codes: 0 fine; 1 ``check-lineup`` found problems; 3 invalid input (errors in files name the
file and line).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import click

from chessarbiter import limits
from chessarbiter.errors import FileFormatError, Problem
from chessarbiter.pairing.teams.lineups import (
    Board,
    LineupError,
    LineupProblem,
    PlayerRef,
    Regulations,
    ReserveRegime,
    Roster,
    TeamWithdrawnError,
    check_held_board_penalty,
    late_no_show,
    lineup,
    match_result,
    validate_lineup,
)
from chessarbiter.trf import read_text

EMPTY_WORDS = frozenset({"", "-"})


class RosterFileError(FileFormatError):
    """A roster or line-up file is malformed (each problem names file, line and column)."""


@dataclass(slots=True)
class RosterFile:
    """The rosters of a roster file, in file order, with the players' display names."""

    rosters: dict[str, Roster] = field(default_factory=dict)
    names: dict[tuple[str, PlayerRef], str] = field(default_factory=dict)

    def roster(self, team: str | None) -> Roster:
        """The roster of ``team``; with ``None`` the file's only team."""
        if team is None:
            if len(self.rosters) != 1:
                raise LineupError(
                    f"the roster file holds {len(self.rosters)} teams "
                    f"({', '.join(self.rosters)}): choose one with --team"
                )
            return next(iter(self.rosters.values()))
        try:
            return self.rosters[team]
        except KeyError:
            raise LineupError(
                f"no team {team!r} in the roster file (teams: {', '.join(self.rosters)})"
            ) from None

    def name(self, team: str, player: PlayerRef) -> str:
        return self.names.get((team, player), "")


def _fields(line: str) -> tuple[list[str], list[int]]:
    """Tab-separated fields (stripped) and their 1-based starting columns."""
    fields_, columns, column = [], [], 1
    for raw in line.split("\t"):
        fields_.append(raw.strip())
        columns.append(column + len(raw) - len(raw.lstrip()))
        column += len(raw) + 1
    return fields_, columns


def _data_lines(text: str, header: str) -> list[tuple[int, list[str], list[int]]]:
    """The data lines of a TSV file: (line number, fields, columns); comments, blank lines and
    a leading header starting with ``header`` skipped."""
    rows: list[tuple[int, list[str], list[int]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        values, columns = _fields(line)
        if not rows and "\t".join(values[:2]).lower() == header:
            rows.append((number, [], []))  # header marker, dropped below
            continue
        rows.append((number, values, columns))
    return [row for row in rows if row[1]]


def _number_in(text: str, low: int, high: int) -> bool:
    """Whether ``text`` is a whole number (ASCII digits) from ``low`` to ``high``.

    >>> _number_in("12", 1, 50), _number_in("²", 1, 50), _number_in("9" * 5000, 1, 50)
    (True, False, False)
    """
    return (
        text.isascii()
        and text.isdigit()
        and len(text) <= len(str(high))
        and low <= int(text) <= high
    )


@dataclass(slots=True)
class _TeamDraft:
    main: dict[int, PlayerRef] = field(default_factory=dict)
    reserves: dict[int, PlayerRef] = field(default_factory=dict)
    captain: PlayerRef | None = None
    line: int = 0


def parse_roster_file(text: str, filename: str) -> RosterFile:
    """Read a roster file (see the module documentation).

    >>> rf = parse_roster_file("A\\tmain\\t1\\t7\\tSmith\\nA\\treserve\\t1\\t9\\nA\\tcaptain\\t\\t7\\n", "r.tsv")
    >>> rf.rosters["A"], rf.name("A", "7")
    (Roster(team='A', main=('7',), reserves=('9',), captain='7'), 'Smith')
    """  # noqa: E501
    problems: list[Problem] = []
    drafts: dict[str, _TeamDraft] = {}
    ids: dict[tuple[str, PlayerRef], int] = {}
    names: dict[tuple[str, PlayerRef], str] = {}
    for number, values, columns in _data_lines(text, "team\trole"):

        def problem(
            index: int, message: str, number: int = number, columns: list[int] = columns
        ) -> None:
            column = columns[index] if index < len(columns) else 0
            problems.append(Problem(filename, number, column, message))

        if len(values) < 4 or len(values) > 5:
            problem(0, f"expected team, role, order, id [, name]: got {len(values)} field(s)")
            continue
        team, role, order_text, player = values[:4]
        name = values[4] if len(values) == 5 else ""
        if not team:
            problem(0, "the team name is empty")
            continue
        draft = drafts.setdefault(team, _TeamDraft(line=number))
        role = role.lower()
        if role not in ("main", "reserve", "captain"):
            problem(1, f"role must be main, reserve or captain, not {values[1]!r}")
            continue
        if not player or "," in player:
            problem(3, f"a player id must be a non-empty token without commas, not {player!r}")
            continue
        if role == "captain":
            if order_text:
                problem(2, "a captain has no order: leave the column empty")
            elif draft.captain is not None:
                problem(0, f"team {team!r} already has a captain ({draft.captain})")
            else:
                draft.captain = player
                if name:
                    names.setdefault((team, player), name)
            continue
        if not _number_in(order_text, 1, limits.MAX_BOARDS_PER_TEAM):
            problem(
                2,
                "order must be a board or reserve number from 1 to "
                f"{limits.MAX_BOARDS_PER_TEAM}, not {order_text[:20]!r}",
            )
            continue
        order = int(order_text)
        places = draft.main if role == "main" else draft.reserves
        if order in places:
            problem(2, f"team {team!r} already has {role} number {order} ({places[order]})")
            continue
        if (team, player) in ids:
            problem(3, f"player {player!r} is already in team {team!r} (line {ids[team, player]})")
            continue
        ids[team, player] = number
        places[order] = player
        if name:
            names[team, player] = name
    rosters: dict[str, Roster] = {}
    for team, draft in drafts.items():
        for role, places in (("main", draft.main), ("reserve", draft.reserves)):
            missing = sorted(set(range(1, max(places, default=0) + 1)) - set(places))
            if missing:
                problems.append(
                    Problem(
                        filename,
                        draft.line,
                        0,
                        f"team {team!r}: {role} number(s) {', '.join(map(str, missing))} "
                        "missing (numbers run from 1 without gaps)",
                    )
                )
        if not draft.main:
            problems.append(Problem(filename, draft.line, 0, f"team {team!r} has no main player"))
        if problems:
            continue
        rosters[team] = Roster(
            team,
            tuple(draft.main[i] for i in sorted(draft.main)),
            tuple(draft.reserves[i] for i in sorted(draft.reserves)),
            draft.captain,
        )
    if not problems and not rosters:
        problems.append(Problem(filename, 0, 0, "no team in the roster file"))
    if problems:
        raise RosterFileError(problems)
    return RosterFile(rosters, names)


def parse_lineup_file(text: str, filename: str, rosters: RosterFile) -> dict[str, list[Board]]:
    """Read a line-up file against the rosters: team → its boards (``None`` = empty), teams in
    file order.

    >>> rf = parse_roster_file("A\\tmain\\t1\\t7\\nA\\tmain\\t2\\t8\\n", "r.tsv")
    >>> parse_lineup_file("A\\t2\\t7\\n", "l.tsv", rf)
    {'A': [None, '7']}
    """
    problems: list[Problem] = []
    lineups: dict[str, dict[int, Board]] = {}
    for number, values, columns in _data_lines(text, "team\tboard"):
        if len(values) == 2:
            values, columns = [*values, ""], [*columns, 0]
        if len(values) != 3:
            problems.append(
                Problem(filename, number, 0, f"expected team, board, id: got {len(values)} fields")
            )
            continue
        team, board_text, player = values
        if team not in rosters.rosters:
            problems.append(
                Problem(filename, number, columns[0], f"team {team!r} is not in the roster file")
            )
            continue
        boards = rosters.rosters[team].boards
        if not _number_in(board_text, 1, boards):
            problems.append(
                Problem(
                    filename,
                    number,
                    columns[1],
                    f"board must be 1 to {boards} for team {team!r}, not {board_text!r}",
                )
            )
            continue
        seated = lineups.setdefault(team, {})
        board = int(board_text)
        if board in seated:
            problems.append(
                Problem(filename, number, columns[1], f"board {board} of {team!r} given twice")
            )
            continue
        seated[board] = None if player in EMPTY_WORDS else player
    if not problems and not lineups:
        problems.append(Problem(filename, 0, 0, "no line-up in the file"))
    if problems:
        raise RosterFileError(problems)
    return {
        team: [seated.get(b) for b in range(1, rosters.rosters[team].boards + 1)]
        for team, seated in lineups.items()
    }


def _split(values: Sequence[str]) -> list[str]:
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def _pts(value: Decimal) -> str:
    return f"{value.normalize():f}" if value else "0"


def _problem_json(problem: LineupProblem) -> dict[str, object]:
    return {
        "kind": problem.kind.value,
        "board": problem.board,
        "player": problem.player,
        "message": problem.message,
        "penalty": _pts(problem.penalty),
        "game_lost": problem.game_lost,
    }


def _regulations(held_board_penalty: str | None, five_boards_penalty: int) -> Regulations:
    penalty = None if held_board_penalty is None else check_held_board_penalty(held_board_penalty)
    return Regulations(held_board_penalty=penalty, five_boards_penalty=five_boards_penalty)


REGIME_OPTION = click.option(
    "--regime",
    type=click.Choice([r.value for r in ReserveRegime]),
    required=True,
    help="shifting: absentees' boards shift up, reserves on the last boards; fixed: a reserve "
    "replaces an absent main player on his board (Team Competitions 1972).",
)
FORMAT_OPTION = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
HELD_OPTION = click.option(
    "--held-board-penalty",
    metavar="POINTS",
    default=None,
    help="The regulations allow holding boards for late players, with these penalty points "
    "(1 to 3, Team Competitions 1972) when one never comes.",
)
FIVE_OPTION = click.option(
    "--five-boards-penalty",
    type=click.Choice(["1", "2"]),
    default="1",
    show_default=True,
    help=(
        "Team Competitions 1972's penalty bands 'up to 5' and 'from 5 to 10' overlap: points per "
        "unregistered "
        "player for a five-board team."
    ),
)


@click.command("lineup")
@click.argument("roster_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--present",
    "present",
    multiple=True,
    required=True,
    metavar="IDS",
    help="The players present, comma-separated ids as in the roster (repeatable).",
)
@click.option(
    "--late",
    multiple=True,
    metavar="IDS",
    help="Late players whose boards are held (needs --held-board-penalty).",
)
@REGIME_OPTION
@click.option("--team", default=None, help="The team, when the roster file holds several.")
@HELD_OPTION
@FIVE_OPTION
@FORMAT_OPTION
def lineup_command(
    roster_file: Path,
    present: tuple[str, ...],
    late: tuple[str, ...],
    regime: str,
    team: str | None,
    held_board_penalty: str | None,
    five_boards_penalty: str,
    output_format: str,
) -> None:
    """Seat a team for a round from who is present, in the shifting or fixed-boards regime.

    Also lists what the line-up implies (empty boards are forfeits; fewer than two thirds
    present withdraws the team).
    """
    rosters = parse_roster_file(read_text(roster_file), str(roster_file))
    roster = rosters.roster(team)
    present_ids, late_ids = _split(present), _split(late)
    for option, ids in (("--present", present_ids), ("--late", late_ids)):
        for given in ids:
            if not roster.is_registered(given):
                raise LineupError(f"{option}: {given!r} is not a player of team {roster.team!r}")
    rules = _regulations(held_board_penalty, int(five_boards_penalty))
    reserve_regime = ReserveRegime(regime)
    boards = lineup(roster, present_ids, reserve_regime, late=late_ids, regulations=rules)
    problems = validate_lineup(roster, boards, reserve_regime, regulations=rules)
    rows: list[dict[str, object]] = []
    for number, player in enumerate(boards, start=1):
        rows.append(
            {
                "board": number,
                "player": player,
                "name": rosters.name(roster.team, player) if player is not None else "",
                "role": None
                if player is None
                else ("main" if player in roster.main else "reserve"),
                "held": player in late_ids,
            }
        )
    if output_format == "json":
        click.echo(
            json.dumps(
                {
                    "team": roster.team,
                    "regime": regime,
                    "boards": rows,
                    "problems": [_problem_json(p) for p in problems],
                },
                ensure_ascii=False,
            )
        )
        return
    click.echo(f"{roster.team} ({regime} reserves), {roster.boards} boards:")
    for row in rows:
        if row["player"] is None:
            click.echo(f"  {row['board']:>2}. (empty)")
            continue
        label = " ".join(str(x) for x in (row["player"], row["name"]) if x)
        notes = [str(row["role"])] + (["board held: late"] if row["held"] else [])
        click.echo(f"  {row['board']:>2}. {label} ({', '.join(notes)})")
    for problem in problems:
        click.echo(f"note: {problem}")


def _no_show_targets(
    texts: Sequence[str], lineups: dict[str, list[Board]]
) -> list[tuple[str, PlayerRef]]:
    targets: list[tuple[str, PlayerRef]] = []
    for text in texts:
        team, sep, player = text.rpartition(":")
        if sep and team in lineups:
            candidates = [team] if player in lineups[team] else []
        else:
            player = text
            candidates = [name for name, boards in lineups.items() if player in boards]
        if not candidates:
            raise LineupError(f"--no-show: {text!r} is not seated in any line-up")
        if len(candidates) > 1:
            raise LineupError(f"--no-show: {text!r} is seated in several teams: write TEAM:ID")
        targets.append((candidates[0], player))
    return targets


@click.command("check-lineup")
@click.argument("roster_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("lineup_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@REGIME_OPTION
@HELD_OPTION
@click.option(
    "--no-show",
    "no_show",
    multiple=True,
    metavar="IDS",
    help="Late players with a held board who never came (ID or TEAM:ID; repeatable, "
    "comma-separated; needs --held-board-penalty).",
)
@click.option(
    "--results",
    default=None,
    metavar="LIST",
    help="With the line-ups of both teams: the board results, first team first, "
    "comma-separated (1-0, ½-½, 0-1, +-, -+, --); prints the match score.",
)
@FIVE_OPTION
@FORMAT_OPTION
@click.pass_context
def check_lineup_command(
    ctx: click.Context,
    roster_file: Path,
    lineup_file: Path,
    regime: str,
    held_board_penalty: str | None,
    no_show: tuple[str, ...],
    results: str | None,
    five_boards_penalty: str,
    output_format: str,
) -> None:
    """Check submitted line-ups against the rosters: board order, unregistered players (game
    lost, penalty points), players on two boards, empty boards (forfeits), the two-thirds rule.

    Exits with 1 when there is any problem.
    """
    rosters = parse_roster_file(read_text(roster_file), str(roster_file))
    lineups = parse_lineup_file(read_text(lineup_file), str(lineup_file), rosters)
    if no_show and held_board_penalty is None:
        raise click.UsageError(
            "--no-show needs --held-board-penalty: holding boards for late players must be "
            "provided by the regulations (Team Competitions 1972)"
        )
    rules = _regulations(held_board_penalty, int(five_boards_penalty))
    reserve_regime = ReserveRegime(regime)
    report: dict[str, list[LineupProblem]] = {}
    for team, boards in lineups.items():
        report[team] = validate_lineup(
            rosters.rosters[team], boards, reserve_regime, regulations=rules
        )
    for team, player in _no_show_targets(_split(no_show), lineups):
        report[team].append(
            late_no_show(rosters.rosters[team], lineups[team], player, regulations=rules)
        )
    score: tuple[Decimal, Decimal] | None = None
    withdrawn: str | None = None
    if results is not None:
        if len(lineups) != 2:
            raise LineupError(
                f"--results needs the line-ups of the two teams of a match, the file has "
                f"{len(lineups)}"
            )
        first, second = lineups
        board_results = [r.strip() for r in results.split(",")]
        if len(board_results) != len(lineups[first]):
            raise LineupError(
                f"--results: {len(board_results)} result(s) for {len(lineups[first])} boards"
            )
        if rosters.rosters[first].boards != rosters.rosters[second].boards:
            raise LineupError(f"{first!r} and {second!r} do not play the same number of boards")
        try:
            score = match_result(board_results, (report[first], report[second]))
        except TeamWithdrawnError as error:
            withdrawn = error.team
    has_problems = any(report.values())
    if output_format == "json":
        data: dict[str, object] = {
            "teams": [
                {
                    "team": team,
                    "problems": [_problem_json(p) for p in problems],
                    "penalty": _pts(sum((p.penalty for p in problems), Decimal(0))),
                    "withdrawn": any(p.withdraws_team for p in problems),
                }
                for team, problems in report.items()
            ]
        }
        if results is not None:
            data["score"] = None if score is None else [_pts(score[0]), _pts(score[1])]
        click.echo(json.dumps(data, ensure_ascii=False))
    else:
        for team, problems in report.items():
            penalty = sum((p.penalty for p in problems), Decimal(0))
            if not problems:
                click.echo(f"{team}: line-up OK")
                continue
            click.echo(f"{team}: {len(problems)} problem(s), {_pts(penalty)} penalty point(s)")
            for problem in problems:
                where = f"board {problem.board}" if problem.board is not None else "team"
                extra = f" [-{_pts(problem.penalty)}]" if problem.penalty else ""
                click.echo(f"  {where}: {problem.kind.value}: {problem.message}{extra}")
        if withdrawn is not None:
            click.echo(f"match not scored: {withdrawn} is withdrawn (two-thirds rule)")
        elif score is not None:
            first, second = lineups
            click.echo(f"match: {first} {_pts(score[0])} - {_pts(score[1])} {second}")
    if has_problems:
        ctx.exit(1)


def register(group: click.Group) -> None:
    """Add the ``lineup`` and ``check-lineup`` commands to ``group``."""
    group.add_command(lineup_command)
    group.add_command(check_lineup_command)
