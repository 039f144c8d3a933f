"""``chessarbiter solving score``: solving contests for studies and problems. The rules are in
:mod:`chessarbiter.special.solving` (Team Competitions 1972).

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``).
"""

from __future__ import annotations

import json
from decimal import Decimal

import click

from chessarbiter import limits
from chessarbiter.cli.special.options import json_option, plain_decimal
from chessarbiter.special import simul as sm
from chessarbiter.special import solving as sv


def parse_points(text: str) -> tuple[str, Decimal]:
    """``NAME=POINTS``.

    >>> parse_points("study1=5")
    ('study1', Decimal('5'))
    """
    name, sep, points = text.partition("=")
    if not sep or not name.strip():
        raise sv.SolvingError(f"bad position {text!r} (write NAME=POINTS, e.g. 1=5)")
    try:
        return name.strip(), sm.parse_score(points)
    except sm.SimulError:
        raise sv.SolvingError(f"bad points in {text!r}") from None


def parse_solver(text: str) -> tuple[str, list[sv.Answer]]:
    """``NAME=ANSWERS`` (see :func:`~chessarbiter.special.solving.parse_answers`); ``NAME=``
    for a solver who solved nothing.

    >>> parse_solver("Ivanov=1,2:sc")[1][1].cooks
    1
    """
    name, sep, answers = text.partition("=")
    if not sep or not name.strip():
        raise sv.SolvingError(f"bad solver {text!r} (write NAME=ANSWERS, e.g. Ivanov=1,2:sc,3:u)")
    return name.strip(), sv.parse_answers(answers)


@click.group("solving")
def solving_group() -> None:
    """Solving contests for studies and problems (Team Competitions 1972)."""


@solving_group.command("score")
@click.option(
    "--position",
    "positions",
    multiple=True,
    required=True,
    help="A position and the points for its correct solution: NAME=POINTS; repeat, at most "
    f"{limits.MAX_ENTRIES} positions.",
)
@click.option(
    "--solver",
    "solvers",
    multiple=True,
    required=True,
    help="A solver's judged answers: NAME=1,2:sc,3:u (alone or s solved, c a cook, u shown "
    f"unsound); repeat, at most {limits.MAX_ENTRIES} solvers.",
)
@click.option("--cook-bonus", default="0", show_default=True, help="Premium for each cook shown.")
@click.option(
    "--unsound-bonus", default="0", show_default=True, help="Premium for showing unsoundness."
)
@json_option
def solving_score_command(
    positions: tuple[str, ...],
    solvers: tuple[str, ...],
    cook_bonus: str,
    unsound_bonus: str,
    as_json: bool,
) -> None:
    """Rank a solving contest (Team Competitions 1972): points for each correct solution, optional
    premiums for cooks and unsoundness; equal totals share places."""
    points: dict[str, Decimal] = {}
    for text in positions:
        name, value = parse_points(text)
        if name in points:
            raise sv.SolvingError(f"position {name!r} is given twice")
        points[name] = value
    answers: dict[str, list[sv.Answer]] = {}
    for text in solvers:
        name, given = parse_solver(text)
        if name in answers:
            raise sv.SolvingError(f"solver {name!r} is given twice")
        answers[name] = given
    try:
        cook, unsound = sm.parse_score(cook_bonus), sm.parse_score(unsound_bonus)
    except sm.SimulError as e:
        raise sv.SolvingError(f"bad premium: {e}") from None
    standings = sv.rank_solvers(points, answers, cook_bonus=cook, unsound_bonus=unsound)
    rows = [
        {
            "place": s.place_text,
            "solver": s.solver,
            "solutions": plain_decimal(s.solution_points),
            "premiums": plain_decimal(s.premiums),
            "total": plain_decimal(s.total),
        }
        for s in standings
    ]
    if as_json:
        click.echo(json.dumps({"standings": rows}))
        return
    click.echo("place\tsolver\tsolutions\tpremiums\ttotal")
    for r in rows:
        click.echo("\t".join(r.values()))
