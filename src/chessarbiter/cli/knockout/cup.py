"""``chessarbiter knockout team-match``: a team match of a cup (Olympic system), Team Competitions
1972: who has white on board 1 and the odd boards and hosts each leg, and who goes through.

The rules live in :mod:`chessarbiter.pairing.knockout.matches`: :func:`team_cup_colours` (round 1:
the lower number; later: the team that had black more often; equal: a lot),
:func:`second_leg_colours` (a two-legged match: the return leg to the other team),
:func:`two_legged_decision` (game points of all legs added board by board, a drawn match
replayed or decided by board coefficients).

With ``--json``: ``{"round", "numbers": [first, second], "colours": [{"leg", "white_on_odd_boards",
"host", "reason"}], "legs", "legs_played", "points": [first, second], "finished", "winner",
"decided_by", "weighted", "action"}``; ``winner``, ``decided_by``, ``weighted``, ``action`` are
``null`` when they do not apply.
"""

from __future__ import annotations

import json
import random

import click

from chessarbiter import limits
from chessarbiter.cli.knockout.match import parse_scores
from chessarbiter.pairing.knockout.matches import (
    SIDES,
    DrawnMatchRule,
    JsonValue,
    MatchError,
    Side,
    TeamColours,
    TeamMatchDecision,
    points_text,
    second_leg_colours,
    team_cup_colours,
    two_legged_decision,
)

_REASONS = {
    "number": "round 1, the lower number",
    "blacks": "had black more often",
    "lot": "lot",
    "second-leg": "return leg",
}


def _pair(text: str, option: str) -> tuple[int, int]:
    """``"3,4"`` → ``(3, 4)``: two whole numbers from 0 to the largest personal number.

    >>> _pair("3, 4", "--numbers")
    (3, 4)
    """
    words = [w.strip() for w in text.split(",")]
    if (
        len(words) != 2
        or not all(w.isascii() and w.isdigit() for w in words)
        or any(len(w) > len(str(limits.MAX_PERSONAL_NUMBER)) for w in words)
    ):
        raise click.BadParameter(
            f"{text!r}: write two whole numbers, the first team's then the second's (e.g. 3,4)",
            param_hint=option,
        )
    return int(words[0]), int(words[1])


def _weights(text: str | None) -> list[float] | None:
    if text is None:
        return None
    values: list[float] = []
    for board, word in enumerate(text.split(","), start=1):
        word = word.strip()
        try:
            value = float(word)
        except ValueError:
            value = float("nan")
        if not 0 <= value <= limits.MAX_POINTS or len(word) > 12:
            raise click.BadParameter(
                f"board {board}: {word!r} is not a weight (a number from 0 to {limits.MAX_POINTS})",
                param_hint="--weights",
            )
        values.append(value)
    return values


def _decision_json(d: TeamMatchDecision | None) -> dict[str, JsonValue]:
    if d is None:
        return {
            "finished": False,
            "winner": None,
            "decided_by": None,
            "weighted": None,
            "action": None,
        }
    return {
        "finished": d.finished,
        "winner": d.winner,
        "decided_by": d.decided_by,
        "weighted": list(d.weighted) if d.weighted is not None else None,
        "action": str(d.action) if d.action is not None else None,
    }


@click.command("team-match")
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(1, limits.MAX_KNOCKOUT_STAGES),
    required=True,
    help="The cup's round (stage), from 1.",
)
@click.option(
    "--numbers",
    required=True,
    metavar="A,B",
    help="The two teams' numbers in the cup, the first team's first.",
)
@click.option(
    "--blacks",
    default="0,0",
    show_default=True,
    metavar="A,B",
    help="From round 2: how many times each team had black on board 1 (and the odd "
    "boards) in the legs it played before.",
)
@click.option(
    "--lot",
    type=click.Choice(SIDES),
    default=None,
    help="When the blacks are equal: the team the lot gave white (recorded).",
)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="When the blacks are equal and no --lot: draw it with a generator seeded by any "
    "whole number.",
)
@click.option(
    "--legs",
    type=click.IntRange(1, 2),
    default=1,
    show_default=True,
    help="1, or 2 for a two-legged match (the return leg to the other team).",
)
@click.option(
    "--leg",
    "leg_texts",
    multiple=True,
    metavar="LIST",
    help="A leg played: the first team's points on each board, board 1 first, "
    "comma-separated (1, 0, 0.5). Repeatable, in order.",
)
@click.option(
    "--drawn",
    "drawn_rules",
    multiple=True,
    type=click.Choice([r.value for r in DrawnMatchRule]),
    help="How a drawn match is decided, tried in order (default: replay): board-weights "
    "(needs --weights), replay, armageddon.",
)
@click.option(
    "--weights",
    default=None,
    metavar="LIST",
    help="Board coefficients for --drawn board-weights, board 1 first.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def team_match_command(
    round_number: int,
    numbers: str,
    blacks: str,
    lot: Side | None,
    seed: int | None,
    legs: int,
    leg_texts: tuple[str, ...],
    drawn_rules: tuple[str, ...],
    weights: str | None,
    as_json: bool,
) -> None:
    """Colours, hosting and result of a team match of a cup (Team Competitions 1972)."""
    teams = _pair(numbers, "--numbers")
    had_black = _pair(blacks, "--blacks")
    if len(leg_texts) > legs:
        raise click.UsageError(f"{len(leg_texts)} --leg given for a match of {legs} leg(s)")
    rng = random.Random(seed) if seed is not None else None
    try:
        first: TeamColours = team_cup_colours(round_number, teams, had_black, lot=lot, rng=rng)
    except MatchError as error:
        if "lot decides" in str(error):
            raise MatchError(
                f"round {round_number}: both teams had black {had_black[0]} time(s), so a lot "
                "decides: give --lot first|second, or --seed N"
            ) from None
        raise
    colours = [first] if legs == 1 else [first, second_leg_colours(first)]
    played = [
        parse_scores(t, option="--leg", item="board", most=limits.MAX_BOARDS_PER_TEAM)
        for t in leg_texts
    ]
    rules = [DrawnMatchRule(r) for r in drawn_rules] or [DrawnMatchRule.REPLAY]
    decision = None
    points = (0.0, 0.0)
    if played:
        # the points so far, then the decision once every leg is in
        partial = two_legged_decision(played, [DrawnMatchRule.REPLAY])
        points = partial.points
        if len(played) == legs:
            decision = two_legged_decision(played, rules, weights=_weights(weights))
    elif weights is not None:
        _weights(weights)
    by_side = dict(zip(SIDES, teams, strict=True))
    if as_json:
        out: dict[str, JsonValue] = {
            "round": round_number,
            "numbers": list(teams),
            "colours": [
                {
                    "leg": n,
                    "white_on_odd_boards": c.white_on_odd_boards,
                    "host": c.white_on_odd_boards,
                    "reason": c.reason,
                }
                for n, c in enumerate(colours, start=1)
            ],
            "legs": legs,
            "legs_played": len(played),
            "points": list(points),
            **_decision_json(decision),
        }
        click.echo(json.dumps(out))
        return
    click.echo(f"round {round_number}: team {teams[0]} (first) v team {teams[1]} (second)")
    for n, c in enumerate(colours, start=1):
        side = c.white_on_odd_boards
        click.echo(
            f"leg {n}: {side} (team {by_side[side]}) has white on board 1 and the odd boards and "
            f"hosts ({_REASONS[c.reason]})"
        )
    score = f"{points_text(points[0])}-{points_text(points[1])}"
    if decision is None:
        click.echo(f"after {len(played)} of {legs} leg(s): {score}")
    elif decision.winner is not None:
        how = "on points" if decision.decided_by == "points" else "on board coefficients"
        extra = ""
        if decision.weighted is not None:
            a, b = decision.weighted
            extra = f", weighted {points_text(a)}-{points_text(b)}"
        click.echo(
            f"{score}{extra}: {decision.winner} (team {by_side[decision.winner]}) goes through "
            f"{how}"
        )
    else:
        click.echo(f"{score}, a drawn match: {decision.action}")


def register(group: click.Group) -> None:
    """Add the ``team-match`` command to ``group``."""
    group.add_command(team_match_command)
