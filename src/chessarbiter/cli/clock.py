"""``chessarbiter clock ...``: time controls, the clock simulator and the arbiter's calculators.

The rules live in :mod:`chessarbiter.timecontrol` (the Laws of Chess of 1984, 1997 and 2023,
Laws Commentary 1997, Stage by Stage 1997, and Team Competitions 1972's blitz rules); this module
reads the options and prints. Commands:

* ``classify CONTROL --laws 1997|2023 [--json]`` → ``{"category": "blitz"}``;
* ``incorrect-claim --laws 1984|1997|2023 --claimant-time S --opponent-time S [--json]`` →
  ``{"claimant_time": S, "opponent_time": S}`` (seconds after the penalty; with the 1984 rule a
  claimant with less than 5 minutes loses: then ``"claimant_loses": true`` is added and his time
  is 0);
* ``convert CONTROL --to pgn|fide|trf``; ``simulate CONTROL --moves 30,25,...``;
  ``flag FEN --side white|black --rules current|blitz-1972`` (``blitz-1972``: Team
  Competitions 1972's blitz rules); ``quickplay ...``;
  ``default-time ...``; ``flag-claim ...``;
* ``dead-position FEN`` (mate impossible by any legal sequence: dead, alive with a mating line,
  or "cannot tell"); ``scoresheet-time --allotted T --deduction T`` (a player who cannot keep
  score); ``refusal --offender white|black [--fen FEN]`` (persistent refusal to obey the Laws:
  the opponent's score);
* games without clocks (Team Competitions 1972): ``freed-clock --remaining T [--moves-made N
  --control M]`` (each player's time and moves) and ``sanctions [--blitz] [--given LIST]`` (the
  arbiter's ladder against slow play: the next sanction).

Times are seconds (``95``, ``95.5``) or ``M:SS`` / ``H:MM:SS``. Invalid input raises a
:class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 under ``chessarbiter``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import click

from chessarbiter import limits
from chessarbiter.editions import LawsEdition
from chessarbiter.special.unclocked import (
    Ladder,
    Sanction,
    SanctionRecord,
    freed_clock,
)
from chessarbiter.timecontrol.clock import Simulation, interleave, parse_seconds, simulate
from chessarbiter.timecontrol.errors import ClockError, LawsError, TimeControlError
from chessarbiter.timecontrol.flag import (
    DEFAULT_MAX_PLIES,
    DEFAULT_NODE_LIMIT,
    FlagRules,
    adjudicate,
    dead_position,
)
from chessarbiter.timecontrol.laws import (
    Category,
    QuickplayDecision,
    classification_minutes,
    classify,
    default_time,
    edition,
    incorrect_claim,
    is_default_loss,
    persistent_refusal,
    quickplay_claim,
    scoresheet_deduction,
    who_may_claim_flag,
)
from chessarbiter.timecontrol.model import ColourControls, TimeControl, parse, parse_trf

__all__ = ["clock_group", "parse_seconds", "parse_times", "read_control", "register"]


def parse_times(text: str, what: str = "--moves") -> list[int | float]:
    """``"30,25, 1:10"`` → ``[30, 25, 70]`` (an empty text is no move).

    >>> parse_times("30,25, 1:10")
    [30, 25, 70]
    """
    if not text.strip():
        return []
    times = []
    for number, word in enumerate(text.split(","), start=1):
        try:
            times.append(parse_seconds(word))
        except LawsError:
            raise ClockError(f"{what}: move {number}: {word.strip()!r} is not seconds") from None
    return times


_TRF_SHAPE = re.compile(r"\s*(?:222\s|[Ww]\d)")


def read_control(text: str, notation: str = "auto") -> ColourControls:
    """A control in ``notation`` (``auto``, ``pgn``, ``fide`` or ``trf``) for both colours.

    ``auto`` reads a TRF record-222 code when the text starts with ``222`` or ``W<digit>``, PGN
    when it has only PGN characters, FIDE's written style otherwise.

    >>> read_control("W300-B240").black.to_pgn()
    '240'

    :raises TimeControlError: for a text the notation does not read (the readers also refuse
        one longer than :data:`~chessarbiter.limits.MAX_TIME_CONTROL_CHARS` characters).
    """
    if notation == "trf" or (notation == "auto" and _TRF_SHAPE.match(text)):
        return parse_trf(text)
    if notation == "pgn":
        control = TimeControl.parse_pgn(text)
    elif notation == "fide":
        control = TimeControl.parse_fide(text)
    else:
        control = parse(text)
    return ColourControls(control, control)


def _single(text: str) -> TimeControl:
    controls = read_control(text)
    if not controls.same:
        raise TimeControlError(
            "give one control here (this one differs by colour); use --black-control", text=text
        )
    return controls.white


def _search_bounds(command: Callable[..., None]) -> Callable[..., None]:
    """The bounds of the helpmate search (``--max-plies``, ``--node-limit``) of the commands
    that test whether a side can still mate."""
    command = click.option(
        "--node-limit",
        type=click.IntRange(1, limits.MAX_FLAG_NODES),
        default=DEFAULT_NODE_LIMIT,
        show_default=True,
        help=f"Positions searched at most, 1 to {limits.MAX_FLAG_NODES}.",
    )(command)
    return click.option(
        "--max-plies",
        type=click.IntRange(0, 20),
        default=DEFAULT_MAX_PLIES,
        show_default=True,
        help="Longest helpmate searched, 0 to 20 plies.",
    )(command)


def _print_json(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


_LAWS_ALL = click.Choice([e.value for e in LawsEdition])
_LAWS_CLASSIFY = click.Choice([LawsEdition.E1997.value, LawsEdition.E2023.value])
_CATEGORY = click.Choice([c.value for c in Category])


@click.group("clock")
def clock_group() -> None:
    """Time controls, clocks and the arbiter's rule calculators (Laws 1984, 1997, 2023).

    A time control (CONTROL, --black-control) has at most 500 characters.
    """


@clock_group.command("classify")
@click.argument("control")
@click.option("--laws", type=_LAWS_CLASSIFY, default="2023", show_default=True)
@click.option("--json", "as_json", is_flag=True, help='Print {"category": ...}.')
def classify_command(control: str, laws: str, as_json: bool) -> None:
    """Standard, rapid or blitz for CONTROL (PGN TimeControl notation, seconds, or FIDE style).

    1997 (Appendix B1/C1, Laws Commentary 1997): rapid 15–60 min, blitz under 15; 2023 (A.1/B.1): by
    time + 60 × increment, blitz up to 10 min, rapid more than 10 and less than 60.
    """
    tc = _single(control)
    category = classify(tc, laws)
    if as_json:
        _print_json({"category": category.value})
        return
    minutes = classification_minutes(tc, laws)
    measure = "time for 60 moves" if laws == "2023" else "fixed time"
    click.echo(f"{category.value} (Laws {laws}: {measure} {minutes:g} min)")


@clock_group.command("incorrect-claim")
@click.option("--laws", type=_LAWS_ALL, default="2023", show_default=True)
@click.option("--claimant-time", required=True, help="Claimant's remaining time (s or M:SS).")
@click.option("--opponent-time", required=True, help="Opponent's remaining time (s or M:SS).")
@click.option(
    "--category",
    type=_CATEGORY,
    default="standard",
    show_default=True,
    help="2023 only: rapid and blitz penalties are 1 minute.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the clocks as JSON.")
def incorrect_claim_command(
    laws: str, claimant_time: str, opponent_time: str, category: str, as_json: bool
) -> None:
    """The clocks after an incorrect draw claim (1984: -5 min, under 5 min loses; 1997: -half
    up to 3 min, +3 min to the opponent; 2023 art. 9.5.3: +2 min to the opponent)."""
    penalty = incorrect_claim(
        parse_seconds(claimant_time, "--claimant-time"),
        parse_seconds(opponent_time, "--opponent-time"),
        laws,
        category=category,
    )
    if as_json:
        _print_json(penalty.as_json())
        return
    click.echo(f"claimant: {penalty.claimant_time} s, opponent: {penalty.opponent_time} s")
    if penalty.claimant_loses:
        click.echo("the claimant loses the game")
    click.echo(penalty.rule)


@clock_group.command("convert")
@click.argument("control")
@click.option(
    "--from",
    "source",
    type=click.Choice(["auto", "pgn", "fide", "trf"]),
    default="auto",
    show_default=True,
)
@click.option("--to", "target", type=click.Choice(["pgn", "fide", "trf"]), required=True)
@click.option("--json", "as_json", is_flag=True, help="Print every notation as JSON.")
def convert_command(control: str, source: str, target: str, as_json: bool) -> None:
    """Write CONTROL in PGN TimeControl, FIDE's written style or TRF-2026 record-222 notation."""
    controls = read_control(control, source)
    if target == "trf":
        text = controls.to_trf()
    elif controls.same:
        text = controls.white.to_pgn() if target == "pgn" else controls.white.to_fide()
    else:

        def one(tc: TimeControl) -> str:
            return tc.to_pgn() if target == "pgn" else tc.to_fide()

        text = f"white: {one(controls.white)}; black: {one(controls.black)}"
    if as_json:
        _print_json({"to": target, "control": text})
        return
    click.echo(text)


@clock_group.command("simulate")
@click.argument("control")
@click.option("--moves", default=None, help="Thinking times, alternately White and Black.")
@click.option("--white-moves", default=None, help="White's thinking times (with --black-moves).")
@click.option("--black-moves", default=None, help="Black's thinking times (with --white-moves).")
@click.option("--black-control", default=None, help="Black's control when it differs.")
@click.option(
    "--continue-after-flag", is_flag=True, help="Go on after the first flag (rapid/blitz)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the simulation as JSON.")
def simulate_command(
    control: str,
    moves: str | None,
    white_moves: str | None,
    black_moves: str | None,
    black_control: str | None,
    continue_after_flag: bool,
    as_json: bool,
) -> None:
    """Both clocks after every move, period additions and flag falls."""
    if moves is not None and (white_moves is not None or black_moves is not None):
        raise click.UsageError("give either --moves or --white-moves/--black-moves")
    if moves is not None:
        times = parse_times(moves)
    elif white_moves is not None:
        times = interleave(
            parse_times(white_moves, "--white-moves"),
            parse_times(black_moves or "", "--black-moves"),
        )
    else:
        raise click.UsageError("give --moves (or --white-moves and --black-moves)")
    controls = read_control(control)
    white = controls.white
    black = controls.black if black_control is None else _single(black_control)
    run = simulate(white, times, black_control=black, stop_at_flag=not continue_after_flag)
    if as_json:
        _print_json(run.as_json())
        return
    _print_simulation(run)


def _print_simulation(run: Simulation) -> None:
    click.echo(f"start: white {run.white_start} s, black {run.black_start} s")
    for state in run.states:
        extra = f", +{state.period_added} s next period" if state.period_added else ""
        flag = "  FLAG" if state.flag else ""
        click.echo(
            f"{state.ply:4} {state.side:5} move {state.move_number:3}: used {state.used} s, "
            f"added {state.added} s{extra} -> white {state.white} s, black {state.black} s{flag}"
        )
    for fall in run.flags:
        click.echo(
            f"{fall.side}'s flag fell on move {fall.move_number} (ply {fall.ply}), "
            f"{fall.into_move} s into the move, {fall.elapsed} s after the start"
        )
    if not run.flags:
        click.echo("no flag fell")


@clock_group.command("flag")
@click.argument("fen")
@click.option(
    "--side", type=click.Choice(["white", "black"]), required=True, help="Whose flag fell."
)
@click.option(
    "--rules",
    type=click.Choice([r.value for r in FlagRules]),
    default="current",
    show_default=True,
)
@_search_bounds
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def flag_command(
    fen: str, side: str, rules: str, max_plies: int, node_limit: int, as_json: bool
) -> None:
    """The result when SIDE's flag fell in the position FEN (current Laws art. 6.9, or the
    blitz rules of Team Competitions 1972)."""
    verdict = adjudicate(fen, side, rules, max_plies=max_plies, node_limit=node_limit)
    if as_json:
        _print_json(verdict.as_json())
        return
    sure = "" if verdict.certain else " (not proven)"
    verb = "loses" if verdict.result == "loss" else "draws"
    click.echo(f"{verdict.score}: {side} {verb}{sure}")
    click.echo(verdict.reason)
    if verdict.line:
        click.echo("mating line: " + " ".join(verdict.line))


@clock_group.command("quickplay")
@click.option("--laws", type=_LAWS_ALL, default="2023", show_default=True)
@click.option("--claimant-time", required=True, help="Claimant's remaining time (s or M:SS).")
@click.option("--opponent-time", required=True, help="Opponent's remaining time (s or M:SS).")
@click.option(
    "--decision",
    type=click.Choice([d.value for d in QuickplayDecision]),
    required=True,
    help="The arbiter's decision (1997 art. 10.2 has draw or postpone).",
)
@click.option("--category", type=_CATEGORY, default="standard", show_default=True)
@click.option("--increment", is_flag=True, help="The game has an increment (2023: no claim).")
@click.option("--json", "as_json", is_flag=True, help="Print the outcome as JSON.")
def quickplay_command(
    laws: str,
    claimant_time: str,
    opponent_time: str,
    decision: str,
    category: str,
    increment: bool,
    as_json: bool,
) -> None:
    """A quickplay-finish draw claim (1997 art. 10.2; 2023 Guidelines III.5): under 2 minutes,
    2 extra minutes to the opponent when the decision is postponed."""
    outcome = quickplay_claim(
        parse_seconds(claimant_time, "--claimant-time"),
        parse_seconds(opponent_time, "--opponent-time"),
        decision,
        laws,
        category=category,
        increment=increment,
    )
    if as_json:
        _print_json(outcome.as_json())
        return
    click.echo(
        f"{outcome.result}: claimant {outcome.claimant_time} s, opponent {outcome.opponent_time} s"
    )
    click.echo(outcome.rule)


@clock_group.command("default-time")
@click.option("--laws", type=_LAWS_ALL, default="2023", show_default=True)
@click.option("--regulations", default=None, help="The event's default time (s or M:SS).")
@click.option("--arrival", default=None, help="Arrival, after the scheduled start (s or M:SS).")
@click.option("--delay", default="0", help="How late the session actually started (s or M:SS).")
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def default_time_command(
    laws: str, regulations: str | None, arrival: str | None, delay: str, as_json: bool
) -> None:
    """The default time (1997 art. 6.6: one hour from the scheduled start; 2023 art. 6.7.1: the
    regulations', zero by default) and, with --arrival, whether the player loses."""
    regs = None if regulations is None else parse_seconds(regulations, "--regulations")
    rule = default_time(laws, regulations=regs)
    data = rule.as_json()
    if arrival is not None:
        data["loses"] = is_default_loss(
            parse_seconds(arrival, "--arrival"),
            laws,
            regulations=regs,
            delay=parse_seconds(delay, "--delay"),
        )
    if as_json:
        _print_json(data)
        return
    click.echo(f"default time: {rule.seconds} s from the {rule.counted_from}")
    if "loses" in data:
        click.echo("the player loses by default" if data["loses"] else "the player may play")
    click.echo(rule.rule)


@clock_group.command("flag-claim")
@click.option("--laws", type=_LAWS_ALL, default="2023", show_default=True)
@click.option("--category", type=_CATEGORY, required=True)
@click.option(
    "--adequate-supervision",
    is_flag=True,
    help="2023: one arbiter for at most three rapid games / one per blitz game.",
)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def flag_claim_command(laws: str, category: str, adequate_supervision: bool, as_json: bool) -> None:
    """Who may call a flag fall (1997: in rapid and blitz only the player; 2023: A.4/B.4)."""
    claimers = who_may_claim_flag(
        category, edition(laws), adequate_supervision=adequate_supervision
    )
    if as_json:
        _print_json(claimers.as_json())
        return
    who = "the player or the arbiter" if claimers.arbiter else "only the player"
    click.echo(f"{who} ({claimers.rule})")


@clock_group.command("dead-position")
@click.argument("fen")
@_search_bounds
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
def dead_position_command(fen: str, max_plies: int, node_limit: int, as_json: bool) -> None:
    """Whether the position FEN is dead: no mate by any series of legal moves for either side
    (Laws Commentary 1997: drawn at once; Laws 2023 art. 5.2.2). Answers dead, not dead (with
    a mating line) or "cannot tell" when the bounded search settles nothing."""
    answer = dead_position(fen, max_plies=max_plies, node_limit=node_limit)
    if as_json:
        _print_json(answer.as_json())
        return
    if answer.dead:
        click.echo("dead position: the game is drawn (1/2-1/2)")
    elif answer.dead is None:
        click.echo("cannot tell")
    else:
        click.echo("not a dead position")
    click.echo(answer.reason)
    if answer.line:
        click.echo(f"mating line ({answer.mater} mates): " + " ".join(answer.line))
    click.echo(answer.rule)


@clock_group.command("scoresheet-time")
@click.option("--laws", type=_LAWS_ALL, default="2023", show_default=True)
@click.option("--allotted", required=True, help="The player's allotted time (s or H:MM:SS).")
@click.option(
    "--deduction", required=True, help="The time the arbiter fixes for keeping score (s or M:SS)."
)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def scoresheet_time_command(laws: str, allotted: str, deduction: str, as_json: bool) -> None:
    """The starting time of a player who cannot keep score (1997, Laws Commentary 1997; 2023
    art. 8.1.6): the arbiter's deduction taken from the allotted time."""
    result = scoresheet_deduction(
        parse_seconds(allotted, "--allotted"), parse_seconds(deduction, "--deduction"), laws
    )
    if as_json:
        _print_json(result.as_json())
        return
    click.echo(f"starts with {result.start_time} s ({result.deducted} s deducted)")
    click.echo(result.rule)


@clock_group.command("refusal")
@click.option("--laws", type=_LAWS_ALL, default="2023", show_default=True)
@click.option(
    "--offender",
    type=click.Choice(["white", "black"]),
    required=True,
    help="The player who persistently refused to obey the Laws.",
)
@click.option("--fen", default=None, help="The position: whether the opponent could have won.")
@_search_bounds
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def refusal_command(
    laws: str, offender: str, fen: str | None, max_plies: int, node_limit: int, as_json: bool
) -> None:
    """Persistent refusal to obey the Laws (1997, Laws Commentary 1997; 2023 art. 11.7): the
    offender loses; the opponent's score, ½ when he could not have won (e.g. a lone king)."""
    score = persistent_refusal(offender, laws, fen=fen, max_plies=max_plies, node_limit=node_limit)
    if as_json:
        _print_json(score.as_json())
        return
    opponent = "black" if offender == "white" else "white"
    sure = "" if score.certain else " (the arbiter decides)"
    click.echo(f"{offender} {score.offender_points}, {opponent} {score.opponent_points}{sure}")
    click.echo(score.reason)
    click.echo(score.rule)


@clock_group.command("freed-clock")
@click.option(
    "--remaining",
    required=True,
    help="Time from now to the end of the match (s or H:MM:SS); at least one hour.",
)
@click.option(
    "--moves-made",
    type=click.IntRange(0, 10_000),
    default=None,
    help="Moves made so far (from the scoresheet); without it, 2 minutes a move.",
)
@click.option(
    "--control",
    type=click.IntRange(1, 10_000),
    default=None,
    help="With --moves-made: the control's move number (e.g. 40).",
)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def freed_clock_command(
    remaining: str, moves_made: int | None, control: int | None, as_json: bool
) -> None:
    """A freed clock set on a board of a game without clocks (Team Competitions 1972): at least
    one hour before the end, the remaining time split equally, the moves missing to the control
    to be made in it (without a scoresheet: 2 minutes a move)."""
    clock = freed_clock(
        parse_seconds(remaining, "--remaining"), moves_made=moves_made, control=control
    )
    if as_json:
        _print_json(clock.as_json())
        return
    click.echo(f"each player: {clock.each} s for {clock.moves} moves")
    click.echo(clock.rule)


@clock_group.command("sanctions")
@click.option(
    "--blitz",
    is_flag=True,
    help="Blitz without clocks (remark, warning, loss) instead of a game without clocks "
    "(remark, speed-up, warning, loss).",
)
@click.option(
    "--given",
    default="",
    metavar="LIST",
    help="The sanctions the player already had in this game, in order, comma-separated.",
)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def sanctions_command(blitz: bool, given: str, as_json: bool) -> None:
    """The arbiter's sanctions against deliberate slow play without clocks (Team Competitions
    1972), in their order: checks the ones given and prints the next."""
    ladder = Ladder.BLITZ if blitz else Ladder.GAME
    names = [name.strip() for name in given.split(",") if name.strip()]
    known = {s.value: s for s in Sanction}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise click.BadParameter(
            f"{unknown[0][:30]!r}: the sanctions are " + ", ".join(s.value for s in ladder.steps),
            param_hint="--given",
        )
    steps = tuple(known[name] for name in names)
    record = SanctionRecord(ladder, steps, (None,) * len(steps))
    following = record.next
    if as_json:
        _print_json(
            {
                "ladder": ladder.value,
                "given": [s.value for s in record.given],
                "next": following.value if following else None,
                "lost": record.lost,
            }
        )
        return
    if following is None:
        click.echo("the player has lost the game: no further sanction")
    else:
        click.echo(f"next: {following.value}")


def register(cli: click.Group) -> None:
    """Add the ``clock`` group to ``cli``."""
    cli.add_command(clock_group)
