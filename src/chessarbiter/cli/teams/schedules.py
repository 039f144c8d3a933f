"""``chessarbiter teams scheveningen | match | roundrobin | mixed``: team schedules (Team
Competitions 1972).

Every command prints ``--format tsv`` (default): a ``round white black`` header, then one game a
line, players written team letter + board, White first; or ``--format json``:
``{"games": [{"round": 1, "white": "A1", "black": "B1"}, ...], ...}`` with a few more keys
describing the schedule. ``mixed --results FILE`` adds a ``result`` column (key) and the match
score (:mod:`chessarbiter.pairing.teams.mixed`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any, TypeVar

import click

from chessarbiter import limits
from chessarbiter.pairing.teams.mixed import mixed_match_score, read_mixed_results
from chessarbiter.pairing.teams.scheveningen import (
    MATCH_COLOURS,
    VARIANTS,
    MatchColours,
    ScheveningenVariant,
    between_teams,
    match_schedule,
    mixed_numbering,
    mixed_round_robin,
    scheveningen,
    team_round_robin,
    team_round_robin_matches,
)
from chessarbiter.pairing.teams.three_in_two import TeamGame, games_as_dicts, schedule_tsv
from chessarbiter.trf import read_text

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ("tsv", "json")


def schedule_format_option(json_help: str) -> Callable[[F], F]:
    """The ``--format tsv|json`` option of the schedule commands (also ``three-in-two``);
    ``json_help`` says what the JSON object holds."""
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(FORMATS),
        default="tsv",
        show_default=True,
        help=f"tsv: a 'round white black' header, then one game a line; json: {json_help}.",
    )


format_option = schedule_format_option("an object")


def _emit(games: list[TeamGame], output_format: str, extra: dict[str, object]) -> None:
    if output_format == "json":
        click.echo(json.dumps({**extra, "games": games_as_dicts(games)}))
    else:
        click.echo(schedule_tsv(games), nl=False)


_BOARDS_HELP = f"Boards per team, 1 to {limits.MAX_BOARDS_PER_TEAM}."


@click.command("scheveningen")
@click.option("--boards", "-b", type=int, required=True, metavar="N", help=_BOARDS_HELP)
@click.option(
    "--rounds",
    "-r",
    type=int,
    default=None,
    metavar="R",
    help="Rounds, at most the boards; fewer than the boards splits the teams into groups of R "
    "boards (boards must be divisible by R, else exit 3). Default: as many as boards.",
)
@click.option(
    "--variant",
    type=click.Choice(VARIANTS),
    default="alternating",
    show_default=True,
    help="alternating: colours mixed inside each team (the book's 8 v 8 table); "
    "team: the whole team has one colour each round.",
)
@format_option
def scheveningen_command(
    boards: int, rounds: int | None, variant: ScheveningenVariant, output_format: str
) -> None:
    """Print a Scheveningen match of teams A and B (Team Competitions 1972): every player meets
    every player of the other team (of his group, with --rounds)."""
    games = scheveningen(boards, rounds, variant=variant)
    extra: dict[str, object] = {
        "boards": boards,
        "rounds": boards if rounds is None else rounds,
        "variant": variant,
    }
    _emit(games, output_format, extra)


@click.command("match")
@click.option("--boards", "-b", type=int, required=True, metavar="N", help=_BOARDS_HELP)
@click.option(
    "--rounds",
    "-r",
    type=int,
    default=1,
    show_default=True,
    help=f"Rounds, 1 to {limits.MAX_ROUNDS}.",
)
@click.option(
    "--colours",
    type=click.Choice(MATCH_COLOURS),
    default="boards",
    show_default=True,
    help="boards: odd boards one colour, even boards the other; team: one colour per team "
    "per round. Colours alternate each round.",
)
@click.option(
    "--board1-white",
    type=click.Choice(("A", "B")),
    default="A",
    show_default=True,
    help="The team the lot gave White on board 1 in round 1.",
)
@format_option
def match_command(
    boards: int, rounds: int, colours: MatchColours, board1_white: str, output_format: str
) -> None:
    """Print a match of teams A and B on equal boards over one or more rounds (Team Competitions
    1972)."""
    games = match_schedule(boards, rounds, colours=colours, board1_white=board1_white)
    extra: dict[str, object] = {
        "boards": boards,
        "rounds": rounds,
        "colours": colours,
        "board1_white": board1_white,
    }
    _emit(games, output_format, extra)


@click.command("roundrobin")
@click.option("--teams", "-t", type=int, required=True, metavar="N", help="Teams (2 to 26).")
@click.option("--boards", "-b", type=int, required=True, metavar="B", help=_BOARDS_HELP)
@format_option
def roundrobin_command(teams: int, boards: int, output_format: str) -> None:
    """Print a team round robin by the Berger tables (Team Competitions 1972): the first named team
    of a match hosts it and has White on odd boards, Black on even boards. Teams are A, B, C, …"""
    games = team_round_robin(teams, boards)
    rounds = team_round_robin_matches(teams)
    extra: dict[str, object] = {
        "teams": teams,
        "boards": boards,
        "matches": [
            {"round": r, "home": home, "away": away}
            for r, matches in enumerate(rounds, start=1)
            for home, away in matches
            if away is not None
        ],
        "byes": [
            {"round": r, "team": home}
            for r, matches in enumerate(rounds, start=1)
            for home, away in matches
            if away is None
        ],
    }
    _emit(games, output_format, extra)


@click.command("mixed")
@click.option(
    "--players",
    "-p",
    type=int,
    required=True,
    metavar="P",
    help=f"Players per team, 1 to {limits.MAX_BOARDS_PER_TEAM}; the teams' players together at "
    f"most {limits.MAX_ROUND_ROBIN_PLAYERS} (exit 3 beyond).",
)
@click.option("--teams", "-t", type=int, default=2, show_default=True, help="Teams, 2 to 26.")
@click.option(
    "--between-teams",
    "between_teams_only",
    is_flag=True,
    help="Print only the games between players of different teams (the match).",
)
@click.option(
    "--results",
    "results_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="A results file: this command's TSV output with a fourth column 'result' (1-0, ½-½, "
    "0-1, +-, -+, --; empty or * for a game not played). Adds each game's result and the match "
    "score: the sum of the games between the teams (exit 3 for a malformed file).",
)
@format_option
def mixed_command(
    players: int,
    teams: int,
    between_teams_only: bool,
    results_file: Path | None,
    output_format: str,
) -> None:
    """Print a mixed round robin (Team Competitions 1972, USSR–Yugoslavia 1967): the teams' players
    in one Berger round robin, pairing numbers A1, B1, A2, B2, …; the match score is the score of
    the games between the teams (given --results, printed after the games: in TSV as a
    '# match score:' comment line, in JSON as "score")."""
    games = mixed_round_robin(players, teams)
    extra: dict[str, object] = {
        "players": players,
        "teams": teams,
        "numbering": [str(p) for p in mixed_numbering(players, teams)],
    }
    shown = between_teams(games) if between_teams_only else games
    if results_file is None:
        _emit(shown, output_format, extra)
        return
    results = read_mixed_results(read_text(results_file), str(results_file), games)
    score = mixed_match_score(games, results)
    if output_format == "json":
        rows = games_as_dicts(shown)
        for row, game in zip(rows, shown, strict=True):
            row["result"] = results.get(game, "")
        extra["score"] = {team: float(points) for team, points in score.points.items()}
        extra["played"] = score.played
        extra["pending"] = score.pending
        click.echo(json.dumps({**extra, "games": rows}))
        return
    lines = ["round\twhite\tblack\tresult"]
    lines += [f"{g.round}\t{g.white}\t{g.black}\t{results.get(g, '')}" for g in shown]
    total = score.played + score.pending
    text = ", ".join(f"{team} {_points(points)}" for team, points in score.points.items())
    lines.append(f"# match score: {text} ({score.played} of {total} games played)")
    click.echo("\n".join(lines))


def _points(value: Decimal) -> str:
    """``18.5``, ``18`` (a Decimal score without trailing zeros)."""
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def register(group: click.Group) -> None:
    """Add the ``scheveningen``, ``match``, ``roundrobin`` and ``mixed`` commands to ``group``."""
    for command in (scheveningen_command, match_command, roundrobin_command, mixed_command):
        group.add_command(command)
