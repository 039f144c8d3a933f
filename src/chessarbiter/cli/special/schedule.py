"""``chessarbiter schedule plan|blitz-evening|swiss-days|load``: competition calendars (by pattern
or by Team Competitions 1972's named regimes), blitz evenings, the Swiss day plan with adjournments
and the competition load by level. The rules are in :mod:`chessarbiter.special.schedule` and
:mod:`chessarbiter.special.load` (Team Competitions 1972).

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``); a calendar or a planned season that breaks a rule prints the problems and exits
with 1.
"""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal, InvalidOperation
from typing import Any

import click

from chessarbiter import limits
from chessarbiter.cli.special.options import dated, json_option, plain_decimal, weekday
from chessarbiter.special import load as ld
from chessarbiter.special import schedule as sc

_KIND_TEXT = {
    sc.DayKind.ROUND: "round",
    sc.DayKind.DOUBLE: "rounds",
    sc.DayKind.ROUND_ADJOURNMENT: "round + adjournment session",
    sc.DayKind.ADJOURNMENT: "adjournment day",
    sc.DayKind.FREE: "free day",
}


def _day_text(day: sc.PlannedDay) -> str:
    text = _KIND_TEXT[day.kind]
    if day.rounds:
        text += " " + ", ".join(str(r) for r in day.rounds)
    return text


def plan_as_dict(plan: sc.SchedulePlan) -> dict[str, Any]:
    """The JSON form of a calendar."""
    return {
        "rounds": plan.rounds,
        "stages": plan.stages,
        "rest_every": plan.rest_every,
        "days": [
            {
                "day": d.number,
                "date": d.date.isoformat(),
                "weekday": weekday(d.date),
                "kind": d.kind.value,
                "rounds": list(d.rounds),
                "stage": d.stage,
            }
            for d in plan.days
        ],
        "violations": [
            {"day": v.day, "date": v.date.isoformat(), "rule": v.rule, "message": v.message}
            for v in plan.violations
        ],
    }


@click.group("schedule")
def schedule_group() -> None:
    """Competition calendars, Swiss day plans, the load by level, blitz evenings (Team
    Competitions 1972)."""


@schedule_group.command("plan")
@click.option("--start", type=click.DateTime(formats=["%Y-%m-%d"]), required=True)
@click.option(
    "--pattern",
    default=None,
    help="Days: R round, D two rounds, RA round + adjournment session, A adjournment day, "
    "F free day, with counts (3R,A,3R,A,F); | separates stages (semi-final|final).",
)
@click.option(
    "--regime",
    type=click.Choice(list(sc.REGIMES), case_sensitive=False),
    default=None,
    help="One of Team Competitions 1972's regimes instead of --pattern: "
    + "; ".join(f"{r.name} {r.pattern}" for r in sc.REGIMES.values())
    + " (hard and three-in-two with morning adjournments).",
)
@click.option(
    "--rounds",
    type=int,
    default=None,
    help=f"Repeat the pattern to this many rounds, 1 to {limits.MAX_ROUNDS}.",
)
@click.option(
    "--morning-adjournments",
    is_flag=True,
    help=(
        "Morning adjournment sessions are held: every 7th day must be free (Team Competitions "
        "1972)."
    ),
)
@click.option(
    "--rest-every",
    type=int,
    default=None,
    help=f"Free day at least every N days (7 or 9 by regime), 2 to {limits.MAX_CALENDAR_DAYS}.",
)
@json_option
@click.pass_context
def plan_command(
    ctx: click.Context,
    start: dt.datetime,
    pattern: str | None,
    regime: str | None,
    rounds: int | None,
    morning_adjournments: bool,
    rest_every: int | None,
    as_json: bool,
) -> None:
    """Lay out a competition calendar and check Team Competitions 1972's rules (rest days,
    adjournment days before the last round and around the stages). Give --pattern or --regime. Exits
    with 1 if a rule is broken, 3 for a malformed pattern or a calendar longer than
    1100 days or past 9999-12-31."""
    plan = sc.plan_schedule(
        start.date(),
        pattern,
        regime=regime,
        rounds=rounds,
        morning_adjournments=morning_adjournments,
        rest_every=rest_every,
    )
    if as_json:
        click.echo(json.dumps(plan_as_dict(plan)))
    else:
        click.echo("day\tdate\tstage\tschedule")
        for d in plan.days:
            click.echo(f"{d.number}\t{dated(d.date)}\t{d.stage}\t{_day_text(d)}")
        for v in plan.violations:
            click.echo(f"violation: {dated(v.date)}: {v.message}")
        if not plan.violations:
            click.echo(f"ok: {plan.rounds} rounds, Team Competitions 1972's rules are met")
    if plan.violations:
        ctx.exit(1)


@schedule_group.command("blitz-evening")
@click.option(
    "--players",
    type=int,
    required=True,
    help=f"Players of the round robin, 2 to {sc.blitz_max_players(False)} "
    f"({sc.blitz_max_players(True)} on a day off; exit 3 beyond).",
)
@click.option(
    "--day-off", is_flag=True, help="A day off: 5 hours and 20 players (Team Competitions 1972)."
)
@click.option(
    "--start",
    "start_text",
    default="18:00",
    show_default=True,
    help="Start time (HH:MM).",
)
@click.option(
    "--round-minutes",
    type=int,
    default=sc.ROUND_MINUTES,
    show_default=True,
    help="Length of a round's slot in minutes, at most the evening "
    f"({60 * sc.blitz_hours(False)}, {60 * sc.blitz_hours(True)} on a day off; exit 3 when the "
    "rounds do not fit).",
)
@json_option
def blitz_evening_command(
    players: int, day_off: bool, start_text: str, round_minutes: int, as_json: bool
) -> None:
    """Plan a one-evening blitz round robin (Team Competitions 1972): 5 minutes a player, at most 4
    hours (5 on a day off) and 16 players (20), a break after every four rounds and before the
    last."""
    try:
        start = dt.datetime.strptime(start_text, "%H:%M").time()
    except ValueError:
        raise sc.ScheduleError(f"bad start time {start_text!r} (write HH:MM)") from None
    evening = sc.plan_blitz_evening(
        players, day_off=day_off, start=start, round_minutes=round_minutes
    )
    slots = [
        {
            "kind": s.kind,
            "round": s.number,
            "start": s.start.strftime("%H:%M"),
            "end": s.end.strftime("%H:%M"),
        }
        for s in evening.slots
    ]
    if as_json:
        click.echo(
            json.dumps(
                {
                    "players": evening.players,
                    "rounds": evening.rounds,
                    "day_off": evening.day_off,
                    "max_players": evening.max_players,
                    "limit_minutes": evening.limit_minutes,
                    "total_minutes": evening.total_minutes,
                    "breaks_after": list(evening.breaks_after),
                    "slots": slots,
                }
            )
        )
        return
    for s in slots:
        what = f"round {s['round']}" if s["kind"] == "round" else "break"
        click.echo(f"{s['start']}-{s['end']}\t{what}")
    click.echo(
        f"{evening.players} players, {evening.rounds} rounds, {evening.total_minutes} minutes "
        f"of at most {evening.limit_minutes}"
    )


@schedule_group.command("swiss-days")
@click.option(
    "--rounds",
    type=int,
    required=True,
    help=f"Rounds of the Swiss, 1 to {limits.MAX_ROUNDS}.",
)
@click.option("--start", type=click.DateTime(formats=["%Y-%m-%d"]), required=True)
@json_option
def swiss_days_command(rounds: int, start: dt.datetime, as_json: bool) -> None:
    """Sessions of a Swiss with adjournments (Team Competitions 1972): day 1 round in the morning,
    adjournments in the evening; day 2 adjournments in the morning, round in the evening; day 3
    adjournments morning and evening; repeat. Exit 3 for a session past 9999-12-31."""
    sessions = list(sc.swiss_adjournment_sessions(rounds, start.date()))
    if as_json:
        rows = [
            {
                "day": s.day,
                "date": s.date.isoformat(),
                "weekday": weekday(s.date),
                "time": s.time.value,
                "kind": s.kind.value,
                "round": s.round,
            }
            for s in sessions
        ]
        click.echo(json.dumps({"rounds": rounds, "sessions": rows}))
        return
    click.echo("day\tdate\ttime\tsession")
    for s in sessions:
        what = f"round {s.round}" if s.kind is sc.SessionKind.ROUND else "adjournments"
        click.echo(f"{s.day}\t{dated(s.date)}\t{s.time.value}\t{what}")


def _parse_decimal(text: str, what: str) -> Decimal:
    try:
        value = Decimal(text.strip().replace("½", ".5").replace(",", "."))
    except InvalidOperation:
        raise ld.LoadError(f"bad {what} {text!r}") from None
    if not value.is_finite():
        raise ld.LoadError(f"bad {what} {text!r}")
    return value


@schedule_group.command("load")
@click.option(
    "--level",
    required=True,
    help="The players' class (none, 4, 3, 2, 1, cm) or level (below-3, 3-2, 1-cm).",
)
@click.option(
    "--days-per-week",
    type=int,
    default=None,
    help="Planned days of play a week, 0 to 7.",
)
@click.option("--hours", default=None, help="Planned hours a playing day (e.g. 3.5), up to 24.")
@click.option(
    "--days-per-year",
    type=int,
    default=None,
    help="Planned competition days a year, 0 to 366.",
)
@json_option
@click.pass_context
def load_command(
    ctx: click.Context,
    level: str,
    days_per_week: int | None,
    hours: str | None,
    days_per_year: int | None,
    as_json: bool,
) -> None:
    """Team Competitions 1972's competition load for a level (players not released from work); with
    a planned season (all three figures), report each figure above the norm and exit with 1."""
    norm = ld.load_for(level)
    planned = (days_per_week, hours, days_per_year)
    if any(p is not None for p in planned) and any(p is None for p in planned):
        raise ld.LoadError("give all of --days-per-week, --hours and --days-per-year, or none")
    excesses: list[ld.LoadExcess] = []
    if days_per_week is not None and hours is not None and days_per_year is not None:
        excesses = ld.check_load(
            level,
            days_per_week=days_per_week,
            hours=_parse_decimal(hours, "hours"),
            days_per_year=days_per_year,
        )

    def span(low: Decimal | int, high: Decimal | int) -> str:
        a, b = plain_decimal(Decimal(low)), plain_decimal(Decimal(high))
        return a if a == b else f"{a}-{b}"

    if as_json:
        out: dict[str, Any] = {
            "level": norm.level.value,
            "label": norm.label,
            "days_per_week": list(norm.days_per_week),
            "hours": [plain_decimal(h) for h in norm.hours],
            "days_per_year": list(norm.days_per_year),
        }
        if days_per_week is not None:
            out["excesses"] = [
                {
                    "field": e.field,
                    "planned": plain_decimal(e.planned),
                    "maximum": plain_decimal(e.maximum),
                    "message": e.message,
                }
                for e in excesses
            ]
        click.echo(json.dumps(out))
    else:
        click.echo(
            f"{norm.label}: {span(*norm.days_per_week)} days a week, {span(*norm.hours)} hours, "
            f"{span(*norm.days_per_year)} competition days a year"
        )
        for e in excesses:
            click.echo(f"excess: {e.message}")
        if days_per_week is not None and not excesses:
            click.echo("ok: the planned season is within Team Competitions 1972's norm")
    if excesses:
        ctx.exit(1)
