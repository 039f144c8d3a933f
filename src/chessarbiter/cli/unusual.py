"""Seed 000's "unusual chess" tools on the command line (issue 8):

* ``chessarbiter telegraph encode|decode|days`` — the telegraph code and the sending days;
* ``chessarbiter schedule plan|blitz-evening`` — competition calendars and blitz evenings;
* ``chessarbiter simul limit|score`` — simultaneous exhibitions and simul contests;
* ``chessarbiter handicap eliminate`` — a handicap Swiss with elimination.

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``); a calendar or a simul roster that breaks a rule of the seed prints the
problems and exits with 1.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from decimal import Decimal
from typing import Any

import chess
import click

from chessarbiter.unusual import handicap as hc
from chessarbiter.unusual import schedule as sc
from chessarbiter.unusual import simul as sm
from chessarbiter.unusual import telegraph as tg

_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
_code_option = click.option(
    "--code",
    type=click.Choice([c.value for c in tg.Code]),
    default=tg.Code.GRINGMUTH.value,
    show_default=True,
    help="gringmuth: the consonant + vowel code seed 000 calls Udemann's (Soviet naming); "
    "uedemann: Uedemann's original 1882 code.",
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
    """Encode SAN MOVES (e.g. "e4 e5 Nf3") in the telegraph code (seed 000), checking every
    move's legality."""
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
    help="Moves may be run together and carry Hesse's/Nores's marks (t, c, p, l, m, s).",
)
@_json_option
def decode_command(
    words: tuple[str, ...], fen: str | None, code: str, telegram: bool, as_json: bool
) -> None:
    """Decode telegraph WORDs (one move each; seed 000) into SAN, refusing an illegal move with
    its number and word."""
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
@click.option("--moves", "moves_text", default="1-10", show_default=True, help="e.g. 1-10, 1,5,9")
@click.option("--first-move", type=int, default=1, show_default=True, help="Move sent first.")
@_json_option
def days_command(start: dt.datetime, moves_text: str, first_move: int, as_json: bool) -> None:
    """Sending days of a telegraph game (seed 000): White Mon/Wed/Fri, Black Tue/Thu/Sat,
    before midnight."""
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
    required=True,
    help="Days: R round, D two rounds, RA round + adjournment session, A adjournment day, "
    "F free day, with counts (3R,A,3R,A,F); | separates stages (semi-final|final).",
)
@click.option("--rounds", type=int, default=None, help="Repeat the pattern to this many rounds.")
@click.option(
    "--morning-adjournments",
    is_flag=True,
    help="Morning adjournment sessions are held: every 7th day must be free (seed 000).",
)
@click.option(
    "--rest-every",
    type=int,
    default=None,
    help="Free day at least every N days (7 or 9 by regime).",
)
@_json_option
@click.pass_context
def plan_command(
    ctx: click.Context,
    start: dt.datetime,
    pattern: str,
    rounds: int | None,
    morning_adjournments: bool,
    rest_every: int | None,
    as_json: bool,
) -> None:
    """Lay out a competition calendar and check seed 000's rules (rest days, adjournment days
    before the last round and around the stages). Exits with 1 if a rule is broken."""
    plan = sc.plan_schedule(
        _date(start),
        pattern,
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
            click.echo(f"ok: {plan.rounds} rounds, seed 000's rules are met")
    if plan.violations:
        ctx.exit(1)


@click.command("blitz-evening")
@click.option("--players", type=int, required=True, help="Players of the round robin.")
@click.option("--day-off", is_flag=True, help="A day off: 5 hours and 20 players (seed 000).")
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
    help="Length of a round's slot.",
)
@_json_option
def blitz_evening_command(
    players: int, day_off: bool, start_text: str, round_minutes: int, as_json: bool
) -> None:
    """Plan a one-evening blitz round robin (seed 000): 5 minutes a player, at most 4 hours
    (5 on a day off) and 16 players (20), a break after every four rounds and before the last."""
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
        roster.extend([sm.parse_classification(name)] * n)
    return roster


@click.command("limit")
@click.option("--exhibitor", required=True, help="The exhibitor's class (gm, master, cm, ...).")
@click.option(
    "--participants",
    required=True,
    help="The participants' class (e.g. 2), or the roster as CLASS:COUNT pairs (1:20,2:10), "
    "which is then checked.",
)
@_json_option
@click.pass_context
def simul_limit_command(
    ctx: click.Context, exhibitor: str, participants: str, as_json: bool
) -> None:
    """The most participants of an ordinary simul (seed 000: 10 × the class gap; none of the
    adjacent class). With a roster, exits with 1 if it breaks the rule."""
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
    help="An exhibitor's simul: NAME,SCORE,TIME[,BOARDS] (TIME in minutes or H:MM); repeat.",
)
@click.option(
    "--per",
    type=int,
    default=5,
    show_default=True,
    help="Minutes over the fastest simul that cost ½ point (seed 000: 5 or 10).",
)
@_json_option
def simul_score_command(results: tuple[str, ...], per: int, as_json: bool) -> None:
    """Rank a simul contest (seed 000): the fastest simul is the base, the others lose ½ point
    per PER minutes more."""
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
    help="A player and his limit of lost points: NAME=LIMIT (e.g. Averbakh=1.5); repeat.",
)
@click.option(
    "--round",
    "rounds",
    multiple=True,
    help='A round\'s games: "A 1-0 B, C 1/2 D, E bye"; repeat in order.',
)
@_json_option
def eliminate_command(players: tuple[str, ...], rounds: tuple[str, ...], as_json: bool) -> None:
    """Who is eliminated after each round of a handicap Swiss (seed 000: each player's own limit
    of lost points, 1½, 2, ... 5)."""
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


# --------------------------------------------------------------------------- registration


def register(cli: click.Group) -> None:
    """Add the ``telegraph``, ``schedule``, ``simul`` and ``handicap`` groups to ``cli``."""

    @cli.group("telegraph")
    def telegraph() -> None:
        """Telegraph/correspondence games (seed 000): the move code and the sending days."""

    @cli.group("schedule")
    def schedule() -> None:
        """Competition calendars and blitz evenings (seed 000)."""

    @cli.group("simul")
    def simul() -> None:
        """Simultaneous exhibitions and simul contests (seed 000)."""

    @cli.group("handicap")
    def handicap() -> None:
        """Handicap tournaments (seed 000): a Swiss with elimination on personal limits."""

    for command in (encode_command, decode_command, days_command):
        telegraph.add_command(command)
    schedule.add_command(plan_command)
    schedule.add_command(blitz_evening_command)
    simul.add_command(simul_limit_command)
    simul.add_command(simul_score_command)
    handicap.add_command(eliminate_command)
