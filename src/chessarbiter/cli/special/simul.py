"""``chessarbiter simul limit|score``: simultaneous exhibitions and simul contests. The rules are in
:mod:`chessarbiter.special.simul` (Team Competitions 1972).

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``); a simul roster that breaks the rule prints the problems and exits with 1.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import click

from chessarbiter import limits
from chessarbiter.cli.special.options import json_option, plain_decimal
from chessarbiter.special import simul as sm


def _gap(value: Decimal) -> str:
    """A class gap to two decimals at most.

    >>> _gap(Decimal(71) / 31), _gap(Decimal(3))
    ('2.29', '3')
    """
    return plain_decimal(value.quantize(Decimal("0.01")))


def parse_roster(text: str) -> list[sm.Classification]:
    """``2`` (a class) or ``1:20,2:10`` (class:count pairs).

    >>> len(parse_roster("1:2,2:3"))
    5
    """
    roster: list[sm.Classification] = []
    for part in text.split(","):
        name, sep, count = part.strip().partition(":")
        try:
            n = int(count) if sep else 1
        except ValueError:
            raise sm.SimulError(f"bad count in {part.strip()!r} (write CLASS:COUNT)") from None
        if n < 1:
            raise sm.SimulError(f"bad count in {part.strip()!r}")
        sm.check_participants(len(roster) + n)  # before the list is built
        roster.extend([sm.parse_classification(name)] * n)
    return roster


@click.group("simul")
def simul_group() -> None:
    """Simultaneous exhibitions and simul contests (Team Competitions 1972)."""


@simul_group.command("limit")
@click.option("--exhibitor", required=True, help="The exhibitor's class (gm, master, cm, ...).")
@click.option(
    "--participants",
    required=True,
    help="The participants' class (e.g. 2), or the roster as CLASS:COUNT pairs (1:20,2:10), "
    f"which is then checked; at most {limits.MAX_SIMUL_BOARDS} participants.",
)
@json_option
@click.pass_context
def simul_limit_command(
    ctx: click.Context, exhibitor: str, participants: str, as_json: bool
) -> None:
    """The most participants of an ordinary simul (Team Competitions 1972: 10 × the class gap; none
    of the adjacent class). With a roster, exits with 1 if it breaks the rule."""
    who = sm.parse_classification(exhibitor)
    roster = parse_roster(participants)
    limit = sm.simul_limit(who, roster)
    checked = ":" in participants
    problems = sm.check_simul(who, roster) if checked else []
    if as_json:
        out: dict[str, Any] = {
            "limit": limit,
            "gap": _gap(sm.class_gap(who, roster)),
        }
        if checked:
            out |= {"participants": len(roster), "problems": problems}
        click.echo(json.dumps(out))
    else:
        click.echo(f"at most {limit} participants (class gap {_gap(sm.class_gap(who, roster))})")
        for p in problems:
            click.echo(f"problem: {p}")
    if problems:
        ctx.exit(1)


@simul_group.command("score")
@click.option(
    "--result",
    "results",
    multiple=True,
    required=True,
    help="An exhibitor's simul: NAME,SCORE,TIME[,BOARDS] (TIME in minutes or H:MM, at most "
    f"{limits.MAX_MINUTES}; BOARDS at most {limits.MAX_SIMUL_BOARDS}); repeat, at most "
    f"{limits.MAX_ENTRIES} times.",
)
@click.option(
    "--per",
    type=int,
    default=5,
    show_default=True,
    help="Minutes over the fastest simul that cost ½ point (Team Competitions 1972: 5 or 10); 1 to "
    f"{limits.MAX_MINUTES}.",
)
@json_option
def simul_score_command(results: tuple[str, ...], per: int, as_json: bool) -> None:
    """Rank a simul contest (Team Competitions 1972): the fastest simul is the base, the others lose
    ½ point per PER minutes more."""
    standings = sm.simul_contest([sm.parse_simul_result(r) for r in results], per)
    rows = [
        {
            "place": s.place,
            "exhibitor": s.exhibitor,
            "score": plain_decimal(s.score),
            "minutes": s.minutes,
            "extra_minutes": s.extra_minutes,
            "deduction": plain_decimal(s.deduction),
            "adjusted": plain_decimal(s.adjusted),
        }
        for s in standings
    ]
    if as_json:
        click.echo(json.dumps({"per_minutes": per, "standings": rows}))
        return
    click.echo("place\texhibitor\tscore\tminutes\textra\tdeduction\tadjusted")
    for r in rows:
        click.echo("\t".join(str(v) for v in r.values()))
