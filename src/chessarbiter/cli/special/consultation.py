"""``chessarbiter consultation check|schedule|standings|trf|clock``: a tournament of consultation
groups and the clocks of a consultation game. The rules are in
:mod:`chessarbiter.special.consultation` (Team Competitions 1972), whose documentation gives the
group and results files' format; this module reads the options and prints.

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``; file errors name the file, line and column).
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import click

from chessarbiter import limits
from chessarbiter.cli.special.options import json_option, plain_decimal
from chessarbiter.model import PointSystem
from chessarbiter.model.results import Colour
from chessarbiter.pairing.roundrobin import BYE
from chessarbiter.special import consultation as cs
from chessarbiter.special.simul import SimulError, parse_score
from chessarbiter.trf import read_text

FILE = click.Path(exists=True, dir_okay=False, path_type=Path)

cycles_option = click.option(
    "--cycles",
    type=click.IntRange(1, limits.MAX_MATCH_GAMES),
    default=1,
    show_default=True,
    help="2: a double round robin (C.05 Annex 1); with two groups, the games of their match "
    "(colours alternating).",
)


def _groups(path: Path) -> list[cs.ConsultationGroup]:
    return cs.parse_groups(read_text(path), str(path))


def _points(text: str | None) -> PointSystem | None:
    """``W,D,L``: the points of a win, a draw and a loss (1,0.5,0 when not given)."""
    if text is None:
        return None
    parts = text.split(",")
    try:
        if len(parts) != 3:
            raise SimulError("")
        win, draw, loss = (parse_score(p) for p in parts)
    except SimulError:
        raise cs.ConsultationError(
            f"--points {text[:40]!r}: write WIN,DRAW,LOSS, e.g. 1,0.5,0"
        ) from None
    return PointSystem.simple(win, draw, loss)


@click.group("consultation")
def consultation_group() -> None:
    """Consultation games and tournaments of consultation groups (Team Competitions 1972)."""


@consultation_group.command("check")
@click.argument("groups_file", type=FILE)
@json_option
def check_command(groups_file: Path, as_json: bool) -> None:
    """Check a group file: groups of 2 to 4 consultants, one leader each, an intermediary who
    is no consultant, nobody in two groups (Team Competitions 1972)."""
    groups = _groups(groups_file)
    if as_json:
        out = [
            {
                "number": n,
                "name": g.name,
                "leader": g.leader,
                "members": list(g.members),
                "intermediary": g.intermediary,
                "trf_name": cs.trf_name(g),
            }
            for n, g in enumerate(groups, start=1)
        ]
        click.echo(json.dumps({"groups": out}))
        return
    for n, g in enumerate(groups, start=1):
        relay = f"; intermediary {g.intermediary}" if g.intermediary else ""
        others = f"; consultants {', '.join(g.members)}" if g.members else ""
        click.echo(f"{n}. {g.name}: leader {g.leader}{others}{relay}")
    click.echo(f"{len(groups)} groups: fine")


@consultation_group.command("schedule")
@click.argument("groups_file", type=FILE)
@cycles_option
@json_option
def schedule_command(groups_file: Path, cycles: int, as_json: bool) -> None:
    """The rounds of a round robin of consultation groups (Berger tables, C.05 Annex 1), or the
    games of a match of two groups."""
    groups = _groups(groups_file)
    rounds = cs.schedule(len(groups), cycles)
    names = {n: g.name for n, g in enumerate(groups, start=1)}
    if as_json:
        data = [
            {
                "round": r,
                "games": [
                    {"white": names[w], "black": names[b]} for w, b in pairs if BYE not in (w, b)
                ],
                "free": [names[w] for w, b in pairs if b == BYE],
            }
            for r, pairs in enumerate(rounds, start=1)
        ]
        click.echo(json.dumps({"rounds": data}))
        return
    for r, pairs in enumerate(rounds, start=1):
        click.echo(f"round {r}:")
        for w, b in pairs:
            click.echo(f"  {names[w]} free" if b == BYE else f"  {names[w]} - {names[b]}")


@consultation_group.command("standings")
@click.argument("groups_file", type=FILE)
@click.argument("results_file", type=FILE)
@cycles_option
@click.option(
    "--tiebreaks",
    default="",
    help="C.07 tie-breaks after the points, comma-separated (e.g. SB,WIN); none by default: "
    "Team Competitions 1972 names none.",
)
@click.option(
    "--points",
    default=None,
    metavar="W,D,L",
    help="Points of a win, a draw and a loss (default 1,0.5,0: the book gives no score).",
)
@json_option
def standings_command(
    groups_file: Path,
    results_file: Path,
    cycles: int,
    tiebreaks: str,
    points: str | None,
    as_json: bool,
) -> None:
    """The groups' standings from a results file (tab-separated ROUND WHITE RESULT BLACK, a
    group by its name or number)."""
    groups = _groups(groups_file)
    games = cs.parse_results(read_text(results_file), groups, str(results_file))
    tournament = cs.consultation_tournament(
        groups, games, cycles=cycles, point_system=_points(points)
    )
    rows = cs.group_ranking(tournament, tiebreaks) if games else []
    if as_json:
        data = [
            {
                "place": row.shared,
                "number": row.pairing_number,
                "group": groups[row.pairing_number - 1].name,
                "points": plain_decimal(Decimal(row.points)),
                "games": row.games_played,
                "tiebreaks": {k: plain_decimal(v) for k, v in row.tiebreaks.items()},
            }
            for row in rows
        ]
        click.echo(json.dumps({"standings": data}))
        return
    if not rows:
        click.echo("no results yet")
        return
    heads = list(rows[0].tiebreaks)
    click.echo("\t".join(["place", "group", "points", *heads]))
    for row in rows:
        values = [plain_decimal(v) for v in row.tiebreaks.values()]
        click.echo("\t".join([row.shared, row.name, plain_decimal(Decimal(row.points)), *values]))


@consultation_group.command("trf")
@click.argument("groups_file", type=FILE)
@click.argument("results_file", type=FILE)
@cycles_option
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None)
def trf_command(groups_file: Path, results_file: Path, cycles: int, output: Path | None) -> None:
    """A TRF-2026 file of the tournament: each group a player, named "Group A (Petrov,
    Ivanov)"."""
    groups = _groups(groups_file)
    games = cs.parse_results(read_text(results_file), groups, str(results_file))
    text = cs.to_trf(cs.consultation_tournament(groups, games, cycles=cycles))
    if output is None:
        click.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


@consultation_group.command("clock")
@click.option(
    "--moves",
    "moves",
    multiple=True,
    required=True,
    help="The moves in order, White's first: THINKING+RELAY each (M:SS, H:MM:SS or minutes; "
    "e.g. '5:00+0:30, 3:10+0:45'), comma-separated; repeat to continue.",
)
@click.option(
    "--correct-every",
    type=click.IntRange(1, limits.MAX_MOVE_NUMBER),
    default=None,
    help="The intermediary corrects the opponent's side of both clocks after every N-th move "
    "of Black (the book: 'periodically'; default never).",
)
@json_option
def clock_command(moves: tuple[str, ...], correct_every: int | None, as_json: bool) -> None:
    """The two groups' clocks through a consultation game (Team Competitions 1972): each
    group's own side counts its thinking only; the opponent's side of its clock shows the
    opponent's thinking with the relays' excess."""
    readings = cs.relay_clocks(cs.parse_moves(",".join(moves)), correct_every=correct_every)
    if as_json:
        data = [
            {
                "ply": r.ply,
                "move": r.move_number,
                "mover": "white" if r.mover is Colour.WHITE else "black",
                "white": int(r.white.total_seconds()),
                "black": int(r.black.total_seconds()),
                "black_on_white_clock": int(r.black_on_white_clock.total_seconds()),
                "white_on_black_clock": int(r.white_on_black_clock.total_seconds()),
                "corrected": r.corrected,
            }
            for r in readings
        ]
        click.echo(json.dumps({"seconds": data}))
        return
    click.echo("move\twhite\tblack\tblack on white's clock\twhite on black's clock")
    for r in readings:
        dots = "." if r.mover is Colour.WHITE else "..."
        mark = "\tcorrected" if r.corrected else ""
        click.echo(
            f"{r.move_number}{dots}\t{cs.clock_text(r.white)}\t{cs.clock_text(r.black)}\t"
            f"{cs.clock_text(r.black_on_white_clock)}\t{cs.clock_text(r.white_on_black_clock)}{mark}"
        )
