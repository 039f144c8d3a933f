"""Team Competitions 1972's "unusual chess" tools on the command line:

* ``chessarbiter telegraph encode|decode|days`` — the telegraph code and the sending days;
* ``chessarbiter schedule plan|blitz-evening|swiss-days|load`` — competition calendars (by
  pattern or by the seed's named regimes), blitz evenings, the Swiss day plan with adjournments
  and the competition load by level;
* ``chessarbiter simul limit|score`` — simultaneous exhibitions and simul contests;
* ``chessarbiter handicap eliminate`` — a handicap Swiss with elimination;
* ``chessarbiter solving score`` — solving contests;
* ``chessarbiter radio split`` — the opponent's clock in a radio/telephone match;
* ``chessarbiter blitz claim`` — blitz draw claims.

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``); a calendar or a simul roster that breaks a rule of the seed prints the
problems and exits with 1.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from decimal import Decimal, InvalidOperation
from typing import Any

import chess
import click

from chessarbiter import limits
from chessarbiter.special import blitz as bz
from chessarbiter.special import handicap as hc
from chessarbiter.special import load as ld
from chessarbiter.special import radio as rd
from chessarbiter.special import schedule as sc
from chessarbiter.special import simul as sm
from chessarbiter.special import solving as sv
from chessarbiter.special import telegraph as tg

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
_code_option = click.option(
    "--code",
    type=click.Choice([c.value for c in tg.Code]),
    default=tg.Code.GRINGMUTH.value,
    show_default=True,
    help=(
        "gringmuth: the consonant + vowel code Team Competitions 1972 calls Udemann's (Soviet "
        "naming); "
        "uedemann: Uedemann's original 1882 code."
    ),
)
_fen_option = click.option("--fen", default=None, help="Start position (default: the initial one).")


def _date(value: dt.datetime) -> dt.date:
    return value.date()


def _day(date: dt.date) -> str:
    return f"{date.isoformat()} {_WEEKDAYS[date.weekday()]}"


def _decimal(value: Decimal) -> str:
    """``2``, ``1.5``: no trailing zeros.

    >>> _decimal(Decimal("15.0")), _decimal(Decimal("1.50"))
    ('15', '1.5')
    """
    return format(value.normalize(), "f")


def _gap(value: Decimal) -> str:
    """A class gap to two decimals at most.

    >>> _gap(Decimal(71) / 31), _gap(Decimal(3))
    ('2.29', '3')
    """
    return _decimal(value.quantize(Decimal("0.01")))


# --------------------------------------------------------------------------- telegraph

_MOVE_NUMBER = re.compile(r"^\d+\.+")


def split_san(texts: tuple[str, ...]) -> list[str]:
    """SAN moves from arguments such as ``"1. e4 e5 2.Nf3"`` (move numbers dropped).

    >>> split_san(("1. e4 e5 2.Nf3", "Nc6"))
    ['e4', 'e5', 'Nf3', 'Nc6']
    """
    moves: list[str] = []
    for token in " ".join(texts).split():
        token = _MOVE_NUMBER.sub("", token)
        if token:
            moves.append(token)
    return moves


def _numbered(sans: list[str], fen: str | None) -> str:
    board = chess.Board(fen) if fen else chess.Board()
    number, white = board.fullmove_number, board.turn == chess.WHITE
    parts: list[str] = []
    for i, san in enumerate(sans):
        if white:
            parts.append(f"{number}. {san}")
        elif i == 0:
            parts.append(f"{number}... {san}")
        else:
            parts.append(san)
        if not white:
            number += 1
        white = not white
    return " ".join(parts)


@click.command("encode")
@click.argument("moves", nargs=-1, required=True)
@_fen_option
@_code_option
@click.option("--mark-captures", is_flag=True, help="Write Hesse's 't' after each capture.")
@click.option(
    "--style",
    type=click.Choice(["words", "telegram", "messages"]),
    default="words",
    show_default=True,
    help="words: one word a move; telegram: two moves a word; messages: the Soviet "
    "correspondence convention, each message repeating the opponent's last move.",
)
@_json_option
def encode_command(
    moves: tuple[str, ...],
    fen: str | None,
    code: str,
    mark_captures: bool,
    style: str,
    as_json: bool,
) -> None:
    """Encode SAN MOVES (e.g. "e4 e5 Nf3") in the telegraph code (Team Competitions 1972), checking
    every move's legality."""
    the_code = tg.Code(code)
    words = tg.encode_game(split_san(moves), fen, the_code, mark_captures=mark_captures)
    if style == "telegram":
        lines = [" ".join(tg.telegram_words(words))]
    elif style == "messages":
        lines = tg.correspondence_messages(words)
    else:
        lines = [" ".join(words)]
    if as_json:
        click.echo(json.dumps({"code": the_code.value, "words": words, "text": lines}))
    else:
        click.echo("\n".join(lines))


@click.command("decode")
@click.argument("words", nargs=-1, required=True)
@_fen_option
@_code_option
@click.option(
    "--telegram",
    is_flag=True,
    help="Moves may be run together and carry Hesse's/Nores's marks (t, c, p, l, m, s); at "
    f"most {tg.MAX_TELEGRAM_LETTERS} letters.",
)
@_json_option
def decode_command(
    words: tuple[str, ...], fen: str | None, code: str, telegram: bool, as_json: bool
) -> None:
    """Decode telegraph WORDs (one move each; Team Competitions 1972) into SAN, refusing an illegal
    move with its number and word."""
    the_code = tg.Code(code)
    tokens = " ".join(words).split()
    if telegram:
        sans = tg.decode_telegram(" ".join(tokens), fen, the_code)
    else:
        sans = tg.decode_game(tokens, fen, the_code)
    if as_json:
        click.echo(json.dumps({"code": the_code.value, "moves": sans}))
    else:
        click.echo(_numbered(sans, fen))


@click.command("days")
@click.option(
    "--start",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    required=True,
    help="The day play starts (YYYY-MM-DD); White sends on the first Mon/Wed/Fri from it.",
)
@click.option(
    "--moves",
    "moves_text",
    default="1-10",
    show_default=True,
    help=f"e.g. 1-10, 1,5,9; move numbers 1 to {limits.MAX_MOVE_NUMBER}.",
)
@click.option(
    "--first-move",
    type=int,
    default=1,
    show_default=True,
    help=f"Move sent first, 1 to {limits.MAX_MOVE_NUMBER}.",
)
@_json_option
def days_command(start: dt.datetime, moves_text: str, first_move: int, as_json: bool) -> None:
    """Sending days of a telegraph game (Team Competitions 1972): White Mon/Wed/Fri, Black
    Tue/Thu/Sat, before midnight. Exit 3 for bad move numbers or days past 9999-12-31."""
    days = tg.sending_days(_date(start), tg.parse_move_numbers(moves_text), first_move=first_move)
    if as_json:
        rows = [{"move": d.move, "white": str(d.white), "black": str(d.black)} for d in days]
        click.echo(json.dumps({"days": rows}))
        return
    click.echo("move\twhite\tblack")
    for d in days:
        click.echo(f"{d.move}\t{_day(d.white)}\t{_day(d.black)}")


# --------------------------------------------------------------------------- schedule

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
                "weekday": _WEEKDAYS[d.date.weekday()],
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


@click.command("plan")
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
@_json_option
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
        _date(start),
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
            click.echo(f"{d.number}\t{_day(d.date)}\t{d.stage}\t{_day_text(d)}")
        for v in plan.violations:
            click.echo(f"violation: {_day(v.date)}: {v.message}")
        if not plan.violations:
            click.echo(f"ok: {plan.rounds} rounds, Team Competitions 1972's rules are met")
    if plan.violations:
        ctx.exit(1)


@click.command("blitz-evening")
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
@_json_option
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


@click.command("swiss-days")
@click.option(
    "--rounds",
    type=int,
    required=True,
    help=f"Rounds of the Swiss, 1 to {limits.MAX_ROUNDS}.",
)
@click.option("--start", type=click.DateTime(formats=["%Y-%m-%d"]), required=True)
@_json_option
def swiss_days_command(rounds: int, start: dt.datetime, as_json: bool) -> None:
    """Sessions of a Swiss with adjournments (Team Competitions 1972): day 1 round in the morning,
    adjournments in the evening; day 2 adjournments in the morning, round in the evening; day 3
    adjournments morning and evening; repeat. Exit 3 for a session past 9999-12-31."""
    sessions = list(sc.swiss_adjournment_sessions(rounds, _date(start)))
    if as_json:
        rows = [
            {
                "day": s.day,
                "date": s.date.isoformat(),
                "weekday": _WEEKDAYS[s.date.weekday()],
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
        click.echo(f"{s.day}\t{_day(s.date)}\t{s.time.value}\t{what}")


def _parse_decimal(text: str, what: str) -> Decimal:
    try:
        value = Decimal(text.strip().replace("½", ".5").replace(",", "."))
    except InvalidOperation:
        raise ld.LoadError(f"bad {what} {text!r}") from None
    if not value.is_finite():
        raise ld.LoadError(f"bad {what} {text!r}")
    return value


@click.command("load")
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
@_json_option
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
        a, b = _decimal(Decimal(low)), _decimal(Decimal(high))
        return a if a == b else f"{a}-{b}"

    if as_json:
        out: dict[str, Any] = {
            "level": norm.level.value,
            "label": norm.label,
            "days_per_week": list(norm.days_per_week),
            "hours": [_decimal(h) for h in norm.hours],
            "days_per_year": list(norm.days_per_year),
        }
        if days_per_week is not None:
            out["excesses"] = [
                {
                    "field": e.field,
                    "planned": _decimal(e.planned),
                    "maximum": _decimal(e.maximum),
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


# --------------------------------------------------------------------------- simul


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


@click.command("limit")
@click.option("--exhibitor", required=True, help="The exhibitor's class (gm, master, cm, ...).")
@click.option(
    "--participants",
    required=True,
    help="The participants' class (e.g. 2), or the roster as CLASS:COUNT pairs (1:20,2:10), "
    f"which is then checked; at most {limits.MAX_SIMUL_BOARDS} participants.",
)
@_json_option
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


def parse_simul_result(text: str) -> sm.SimulResult:
    """``NAME,SCORE,TIME[,BOARDS]`` (TIME in minutes or H:MM).

    >>> parse_simul_result("Tal,15½,2:35,20")
    SimulResult(exhibitor='Tal', score=Decimal('15.5'), minutes=155, boards=20)
    """
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (3, 4) or not parts[0]:
        raise sm.SimulError(f"bad result {text!r} (write NAME,SCORE,TIME[,BOARDS])")
    boards = None
    if len(parts) == 4:
        try:
            boards = int(parts[3])
        except ValueError:
            raise sm.SimulError(f"bad boards in {text!r}") from None
    return sm.SimulResult(parts[0], sm.parse_score(parts[1]), sm.parse_minutes(parts[2]), boards)


@click.command("score")
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
@_json_option
def simul_score_command(results: tuple[str, ...], per: int, as_json: bool) -> None:
    """Rank a simul contest (Team Competitions 1972): the fastest simul is the base, the others lose
    ½ point per PER minutes more."""
    standings = sm.simul_contest([parse_simul_result(r) for r in results], per)
    rows = [
        {
            "place": s.place,
            "exhibitor": s.exhibitor,
            "score": _decimal(s.score),
            "minutes": s.minutes,
            "extra_minutes": s.extra_minutes,
            "deduction": _decimal(s.deduction),
            "adjusted": _decimal(s.adjusted),
        }
        for s in standings
    ]
    if as_json:
        click.echo(json.dumps({"per_minutes": per, "standings": rows}))
        return
    click.echo("place\texhibitor\tscore\tminutes\textra\tdeduction\tadjusted")
    for r in rows:
        click.echo("\t".join(str(v) for v in r.values()))


# --------------------------------------------------------------------------- handicap


def parse_player(text: str) -> hc.HandicapPlayer:
    """``NAME=LIMIT``.

    >>> parse_player("Averbakh=1.5")
    HandicapPlayer(name='Averbakh', limit=Decimal('1.5'))
    """
    name, sep, limit = text.partition("=")
    if not sep or not name.strip() or " " in name.strip():
        raise hc.HandicapError(f"bad player {text!r} (write NAME=LIMIT, e.g. Averbakh=1.5)")
    return hc.HandicapPlayer(name.strip(), hc.parse_limit(limit))


@click.command("eliminate")
@click.option(
    "--player",
    "players",
    multiple=True,
    required=True,
    help="A player and his limit of lost points: NAME=LIMIT (e.g. Averbakh=1.5); repeat, at "
    f"most {limits.MAX_ENTRIES} players.",
)
@click.option(
    "--round",
    "rounds",
    multiple=True,
    help='A round\'s games: "A 1-0 B, C 1/2 D, E bye"; repeat in order, at most '
    f"{limits.MAX_ROUNDS} rounds.",
)
@_json_option
def eliminate_command(players: tuple[str, ...], rounds: tuple[str, ...], as_json: bool) -> None:
    """Who is eliminated after each round of a handicap Swiss (Team Competitions 1972: each player's
    own limit of lost points, 1½, 2, ... 5)."""
    reports = hc.run_handicap(
        [parse_player(p) for p in players], [hc.parse_round(r) for r in rounds]
    )
    if as_json:
        data = [
            {
                "round": r.round,
                "eliminated": list(r.eliminated),
                "still_in": list(r.still_in),
                "players": [
                    {
                        "name": p.name,
                        "limit": _decimal(p.limit),
                        "games": p.games,
                        "score": _decimal(p.score),
                        "lost": _decimal(p.lost),
                        "eliminated_in": p.eliminated_in,
                    }
                    for p in r.players
                ],
            }
            for r in reports
        ]
        click.echo(json.dumps({"rounds": data}))
        return
    for r in reports:
        out = ", ".join(r.eliminated) or "nobody"
        click.echo(f"round {r.round}: eliminated {out}; still in: {', '.join(r.still_in)}")
    if reports:
        click.echo("player\tlimit\tgames\tscore\tlost\teliminated")
        for p in reports[-1].players:
            when = f"round {p.eliminated_in}" if p.eliminated_in else "-"
            click.echo(
                f"{p.name}\t{_decimal(p.limit)}\t{p.games}\t{_decimal(p.score)}\t"
                f"{_decimal(p.lost)}\t{when}"
            )


# --------------------------------------------------------------------------- solving


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


@click.command("score")
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
@_json_option
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
            "solutions": _decimal(s.solution_points),
            "premiums": _decimal(s.premiums),
            "total": _decimal(s.total),
        }
        for s in standings
    ]
    if as_json:
        click.echo(json.dumps({"standings": rows}))
        return
    click.echo("place\tsolver\tsolutions\tpremiums\ttotal")
    for r in rows:
        click.echo("\t".join(r.values()))


# --------------------------------------------------------------------------- radio


@click.command("split")
@click.option(
    "--shown",
    required=True,
    help=f"What the opponent's side of our clock shows (minutes or H:MM, at most "
    f"{limits.MAX_MINUTES}).",
)
@click.option(
    "--transmission",
    "transmissions",
    multiple=True,
    required=True,
    help="Time spent transmitting moves (minutes or H:MM); one total or one a move, repeat "
    f"(at most {limits.MAX_MOVE_NUMBER} times).",
)
@_json_option
def radio_split_command(shown: str, transmissions: tuple[str, ...], as_json: bool) -> None:
    """The opponent's real thinking time in a radio/telephone match (Team Competitions 1972: his
    side of the clock shows his thinking plus the transmission of the moves)."""
    try:
        minutes = [sm.parse_minutes(t) for t in (shown, *transmissions)]
    except sm.SimulError as e:
        raise rd.RadioError(str(e)) from None
    split = rd.split_opponent_clock(
        dt.timedelta(minutes=minutes[0]), [dt.timedelta(minutes=m) for m in minutes[1:]]
    )

    def mins(t: dt.timedelta) -> int:
        return int(t.total_seconds()) // 60

    if as_json:
        out = {
            "shown": mins(split.shown),
            "thinking": mins(split.thinking),
            "transmission": mins(split.transmission),
        }
        click.echo(json.dumps(out))
    else:
        click.echo(
            f"thinking {mins(split.thinking)} min, transmission {mins(split.transmission)} min "
            f"(clock shows {mins(split.shown)} min)"
        )


# --------------------------------------------------------------------------- blitz


@click.command("claim")
@click.argument("fen")
@click.option(
    "--ground",
    type=click.Choice([g.value for g in bz.DrawGround], case_sensitive=False),
    default=bz.DrawGround.PIECES.value,
    show_default=True,
    help="The ground of the claim (Team Competitions 1972, blitz rule 2).",
)
@click.option("--moves", "moves_text", default="", help="SAN moves played from FEN (repetition).")
@_json_option
@click.pass_context
def blitz_claim_command(
    ctx: click.Context, fen: str, ground: str, moves_text: str, as_json: bool
) -> None:
    """Judge a blitz draw claim in FEN (Team Competitions 1972): stalemate, agreement, both flags
    fallen, repetition, perpetual check, or one like piece each without pawns. Exits with 1 if the
    claim is rejected."""
    claim = bz.blitz_draw_claim(fen, ground, moves=split_san((moves_text,)))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "ground": claim.ground.value,
                    "verdict": claim.verdict.value,
                    "reason": claim.reason,
                    "fen": claim.fen,
                }
            )
        )
    else:
        click.echo(f"{claim.verdict.value}: {claim.reason}")
    if claim.verdict is bz.Verdict.REJECTED:
        ctx.exit(1)


# --------------------------------------------------------------------------- registration


def register(cli: click.Group) -> None:
    """Add the ``telegraph``, ``schedule``, ``simul``, ``handicap``, ``solving``, ``radio`` and
    ``blitz`` groups to ``cli``."""

    @cli.group("telegraph")
    def telegraph() -> None:
        """Telegraph/correspondence games (Team Competitions 1972): the move code and the sending
        days."""

    @cli.group("schedule")
    def schedule() -> None:
        """Competition calendars, Swiss day plans, the load by level, blitz evenings (Team
        Competitions 1972)."""

    @cli.group("simul")
    def simul() -> None:
        """Simultaneous exhibitions and simul contests (Team Competitions 1972)."""

    @cli.group("handicap")
    def handicap() -> None:
        """Handicap tournaments (Team Competitions 1972): a Swiss with elimination on personal
        limits."""

    @cli.group("solving")
    def solving() -> None:
        """Solving contests for studies and problems (Team Competitions 1972)."""

    @cli.group("radio")
    def radio() -> None:
        """Radio and telephone matches (Team Competitions 1972)."""

    @cli.group("blitz")
    def blitz() -> None:
        """Blitz draw claims (Team Competitions 1972)."""

    for command in (encode_command, decode_command, days_command):
        telegraph.add_command(command)
    for command in (plan_command, blitz_evening_command, swiss_days_command, load_command):
        schedule.add_command(command)
    solving.add_command(solving_score_command)
    radio.add_command(radio_split_command)
    blitz.add_command(blitz_claim_command)
    simul.add_command(simul_limit_command)
    simul.add_command(simul_score_command)
    handicap.add_command(eliminate_command)
