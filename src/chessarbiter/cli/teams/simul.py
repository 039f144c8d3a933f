"""``chessarbiter teams simultaneous`` and ``chessarbiter teams planner`` (Team Competitions 1972).

* ``simultaneous``: the simultaneous-matches system, one line per game
  (:mod:`chessarbiter.pairing.teams.simultaneous`).
* ``planner``: the semi-final/final schemes for 11 to 25 teams
  (:mod:`chessarbiter.pairing.teams.planner`).
"""

from __future__ import annotations

import json
from typing import Any

import click

from chessarbiter import limits
from chessarbiter.pairing.teams.planner import MAX_TEAMS, MIN_TEAMS, Plan, plans
from chessarbiter.pairing.teams.simultaneous import (
    Game,
    groups_for_days,
    simultaneous_matches,
)


def games_as_tsv(games: list[Game]) -> list[str]:
    """``day board round white black`` lines after a header; a crossed game's board is
    written ``white's board/black's board``.

    >>> games_as_tsv([Game(9, 1, 17, 8, 10, 2)])
    ['day\\tboard\\tround\\twhite\\tblack', '9\\t1/2\\t17\\t8\\t10']
    """
    lines = ["day\tboard\tround\twhite\tblack"]
    for g in games:
        board = f"{g.board}/{g.black_board}" if g.crossed else str(g.board)
        lines.append(f"{g.day}\t{board}\t{g.round}\t{g.white}\t{g.black}")
    return lines


def _plan_json(p: Plan) -> dict[str, Any]:
    return {
        "teams": p.teams,
        "carry": p.carry,
        "table_row": {
            "groups": p.row.groups,
            "teams_per_group": p.row.groups_text,
            "finals": p.row.finals,
            "teams_per_final": p.row.finals_text,
            "games": p.row.games_text,
            "reading": p.row.reading,
        },
        "groups": [
            {"name": name, "teams": size}
            for name, size in zip(p.group_names, p.group_sizes, strict=True)
        ],
        "semi_final_rounds": p.semi_final_rounds,
        "finals": [
            {
                "final": f.number,
                "entrants": [
                    {"group": e.group, "place": e.place, "games": e.games} for e in f.entrants
                ],
                "rounds": f.rounds,
                "carried_matches": f.carried,
            }
            for f in p.finals
        ],
        "rounds": p.rounds,
        "games_per_player": {"min": p.games[0], "max": p.games[1]},
    }


def _plan_text(p: Plan, variant: int, of: int) -> list[str]:
    low, high = p.games
    games = str(low) if low == high else f"{low}-{high}"
    head = f"{p.teams} teams" + (f", scheme {variant} of {of}" if of > 1 else "")
    lines = [
        f"{head} ({'carrying semi-final results' if p.carry else 'no results carried'}; "
        f"seed table row: {p.row.reading})",
        "  semi-finals: "
        + ", ".join(f"{n} {s}" for n, s in zip(p.group_names, p.group_sizes, strict=True))
        + f" teams; {p.semi_final_rounds} rounds",
    ]
    for f in p.finals:
        carried = f", {f.carried} matches carried" if f.carried else ""
        lines.append(
            f"  final {f.number}: {f.size} teams ({' '.join(str(e) for e in f.entrants)}); "
            f"{f.rounds} round{'s' if f.rounds != 1 else ''}{carried}"
        )
    lines.append(f"  games per player: {games} (seed table, nothing carried: {p.row.games_text}); "
                 f"rounds in all: {p.rounds}")  # fmt: skip
    return lines


def register(group: click.Group) -> None:
    """Add ``simultaneous`` and ``planner`` to ``group`` (the ``teams`` group)."""

    @group.command("simultaneous")
    @click.option(
        "--teams",
        type=int,
        required=True,
        help=f"Number of teams, 2 to {limits.MAX_SIMULTANEOUS_TEAMS}.",
    )
    @click.option(
        "--boards",
        type=int,
        required=True,
        help=f"Boards (players) per team, 1 to {limits.MAX_SIMULTANEOUS_BOARDS}.",
    )
    @click.option(
        "--days",
        type=int,
        default=None,
        help="Playing days; the boards are split into the fewest groups that finish in that "
        "many days (exit 3 when no split does). Default: one day, every round at once (the "
        f"extreme form). At most {limits.MAX_ROUNDS}.",
    )
    @click.option(
        "--format",
        "fmt",
        type=click.Choice(["tsv", "json"]),
        default="tsv",
        show_default=True,
    )
    def simultaneous(teams: int, boards: int, days: int | None, fmt: str) -> None:
        """The simultaneous-matches system (Team Competitions 1972): games by day, board and round.

        Board group j of k (boards j, j+k, ...) plays round (d-1)k + j of the Berger table on
        day d; e.g. 20 teams, 19 boards: all at once; 17 teams, --days 9: odd/even boards,
        last round crossed; 16 teams, --days 5: three board groups.
        """
        groups = groups_for_days(teams, boards, 1 if days is None else days)
        games = simultaneous_matches(teams, boards, groups)
        if fmt == "json":
            click.echo(
                json.dumps(
                    {
                        "teams": teams,
                        "boards": boards,
                        "groups": groups,
                        "days": max(g.day for g in games),
                        "games": [g._asdict() for g in games],
                    }
                )
            )
        else:
            click.echo("\n".join(games_as_tsv(games)))

    @group.command("planner")
    @click.option(
        "--teams",
        type=int,
        required=True,
        help=f"Number of teams, {MIN_TEAMS} to {MAX_TEAMS}.",
    )
    @click.option(
        "--carry",
        is_flag=True,
        help="Count a semi-final match between finalists of one group in the final.",
    )
    @click.option(
        "--format",
        "fmt",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
    )
    def planner(teams: int, carry: bool, fmt: str) -> None:
        """Semi-final/final scheme for 11 to 25 teams from the table of Team Competitions 1972.

        12 and 14 teams have two schemes; both are printed.
        """
        found = plans(teams, carry=carry)
        if fmt == "json":
            click.echo(json.dumps({"teams": teams, "plans": [_plan_json(p) for p in found]}))
            return
        for i, p in enumerate(found, start=1):
            click.echo("\n".join(_plan_text(p, i, len(found))))
