"""``chessarbiter teams lineup`` and ``teams check-lineup``: rosters and per-round line-ups.

The rules live in :mod:`chessarbiter.pairing.teams.lineups` (Team Competitions 1972, "Teams" and
"Matches of two teams"), the roster and line-up files are read by
:mod:`chessarbiter.pairing.teams.lineup_files` (whose documentation gives their format); this
module only reads the options and prints.

Exit codes: 0 fine; 1 ``check-lineup`` found problems; 3 invalid input (errors in files name the
file and line).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

import click

from chessarbiter.pairing.teams.lineup_files import (
    parse_lineup_file,
    parse_roster_file,
)
from chessarbiter.pairing.teams.lineups import (
    Board,
    LineupError,
    LineupProblem,
    PlayerRef,
    Regulations,
    ReserveRegime,
    TeamWithdrawnError,
    check_held_board_penalty,
    late_no_show,
    lineup,
    match_result,
    validate_lineup,
)
from chessarbiter.trf import read_text


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
