"""``chessarbiter teams pair``: the next round of a team Swiss, from a TRF-2026 team file, by
the Dutch system on match points or by C.04.6 (the FIDE Swiss Team Pairing System)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import click

from chessarbiter import trf
from chessarbiter.model.teams import ColourPreferenceType, PrimaryScore
from chessarbiter.pairing.teams import team_file_options
from chessarbiter.pairing.teams.c0406 import pair_c0406
from chessarbiter.pairing.teams.dutch_mp import pair_dutch_mp
from chessarbiter.pairing.teams.team_swiss import (
    TeamRoundPairing,
    TeamSwissSystem,
    board1_colours,
    pairing_score_problem,
)
from chessarbiter.trf.teams import event_from_tournament


def _number(value: Decimal | None) -> str:
    if value is None:
        return ""
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def pairing_text(pairing: TeamRoundPairing, names: dict[int, str], heading: str) -> list[str]:
    """The text output: a heading, one line per match (White team on board 1 first), the
    PAB."""
    lines = [f"Round {pairing.round}: {heading}"]
    width = max((len(f"{n} {names.get(n, '')}") for n in names), default=10)
    for m in pairing.matches:
        white = f"{m.white} {names.get(m.white, '')}".strip()
        black = f"{m.black} {names.get(m.black, '')}".strip()
        rule = f"  [C.04.6 {m.rule}]" if m.rule else ""
        lines.append(f"{m.number:>3}  {white:<{width}} - {black}{rule}".rstrip())
    if pairing.bye is not None:
        value = ""
        if pairing.bye_match_points is not None:
            value = f": {_number(pairing.bye_match_points)} MP"
            if pairing.bye_game_points is not None:
                value += f", {_number(pairing.bye_game_points)} GP"
        lines.append(f"PAB  {pairing.bye} {names.get(pairing.bye, '')}".rstrip() + value)
    return lines


def register(group: click.Group) -> None:
    """Add this module's commands to ``group``."""

    @group.command("pair")
    @click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
    @click.option(
        "--system",
        type=click.Choice([s.value for s in TeamSwissSystem]),
        default=TeamSwissSystem.C0406.value,
        show_default=True,
        help="dutch-mp: the FIDE (Dutch) engine with the teams as participants, on match "
        "points; c0406: the FIDE Swiss Team Pairing System (C.04.6, 2026).",
    )
    @click.option(
        "--primary",
        type=click.Choice([PrimaryScore.MP.value, PrimaryScore.GP.value]),
        default=None,
        help="C.04.6 1.2: primary score, match points or game points (default: the file's "
        "192 code, else mp).",
    )
    @click.option(
        "--colour-preference",
        type=click.Choice([c.value for c in ColourPreferenceType]),
        default=None,
        help="C.04.6 1.7: colour preference type (default: the file's 192 code, else A).",
    )
    @click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
    )
    def pair_command(
        file: Path,
        system: str,
        primary: str | None,
        colour_preference: str | None,
        output_format: str,
    ) -> None:
        """Pair the next round of the TRF team file FILE."""
        tournament = trf.load(file)
        event = event_from_tournament(tournament)
        options = team_file_options(tournament, event)
        colours = board1_colours(tournament, event)
        names = {n: t.name for n, t in event.teams.items()}
        chosen = TeamSwissSystem(system)
        if primary is not None:
            problem = pairing_score_problem(chosen, PrimaryScore(primary), event.scoring)
            if problem is not None:
                raise click.UsageError(f"--system {system} --primary {primary}: {problem}")
        if chosen is TeamSwissSystem.DUTCH_MP:
            if colour_preference is not None:
                raise click.UsageError(
                    "--colour-preference is C.04.6 1.7; the Dutch system has its own colour rules"
                )
            ratings = {n: p.rating for n, p in tournament.players.items()}
            pairing = pair_dutch_mp(
                event,
                options.total_rounds,
                colours=colours,
                initial_colour=tournament.initial_colour,
                player_ratings=ratings,
            )
            heading = "Dutch system (C.04.3) on match points"
        else:
            primary_score = PrimaryScore(primary) if primary else options.primary
            preference = (
                ColourPreferenceType(colour_preference)
                if colour_preference
                else options.colour_preference_type
            )
            pairing = pair_c0406(
                event,
                options.total_rounds,
                primary=primary_score,
                colour_preference_type=preference,
                use_secondary=options.use_secondary,
                initial_colour=tournament.initial_colour,
                colours=colours,
            )
            heading = (
                f"C.04.6 Swiss Team Pairing System, primary {primary_score.value.upper()}, "
                f"colour preferences {preference.value}"
            )
        if output_format == "json":
            click.echo(json.dumps(pairing.as_json(names), indent=2, ensure_ascii=False))
            return
        for line in pairing_text(pairing, names, heading):
            click.echo(line)
