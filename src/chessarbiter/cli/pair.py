"""``chessarbiter pair``: pair the next round of a Swiss tournament (FIDE Dutch system).

The rules are in :mod:`chessarbiter.pairing.dutch.engine` (C.04.3, with its explanation in
:mod:`chessarbiter.pairing.dutch.explain`) and :mod:`chessarbiter.pairing.readiness` (a round is
paired once the previous results are known, C.04.1 and C.04.2); this module reads the options and
prints.

The friendly counterpart of the engine command line (``chessarbiter --dutch IN.trf -p``, see
:mod:`chessarbiter.cli.engine`): boards with names, ratings, scores and colours, or JSON; and,
on request, the tournament with the round's pairing recorded, ready for its results.
"""

from __future__ import annotations

import json
from decimal import Decimal

import click

from chessarbiter import limits
from chessarbiter import trf as trf_io
from chessarbiter.cli.exits import EXIT_FAILURE
from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import PlayerId, Result, Tournament
from chessarbiter.pairing.apply import apply_pairing
from chessarbiter.pairing.dutch.checker import tournament_before_round
from chessarbiter.pairing.dutch.engine import no_pairing_reason, pair_round
from chessarbiter.pairing.dutch.why import explain as explain_pairing
from chessarbiter.pairing.readiness import check_ready_to_pair
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.pairing.systems import rules_of_trf_type


def pairing_as_json(pairing: RoundPairing, edition: DutchEdition) -> str:
    """``{"round": N, "edition": "2026", "boards": [{"board": 1, "white": 3, "black": 7}, ...],
    "bye": 12}`` (``null`` when there is no pairing-allocated bye).

    >>> from chessarbiter.pairing.round_pairing import Board
    >>> pairing_as_json(RoundPairing(2, (Board(3, 7),), bye=None), DutchEdition.DUTCH_2026)
    '{"round": 2, "edition": "2026", "boards": [{"board": 1, "white": 3, "black": 7}], "bye": null}'
    """
    return json.dumps(
        {
            "round": pairing.round,
            "edition": edition.value,
            "boards": [
                {"board": n, "white": b.white, "black": b.black}
                for n, b in enumerate(pairing.boards, start=1)
            ],
            "bye": pairing.bye,
        }
    )


def _points(value: Decimal) -> str:
    return f"{value:.1f}"


def pairing_as_text(
    tournament: Tournament, pairing: RoundPairing, edition: DutchEdition
) -> list[str]:
    """The boards in order, each ``white - black`` with pairing number, name, rating and score
    before the round; then the pairing-allocated bye and the players not paired (byes given
    before the round, absences)."""
    scores = tournament.scores(pairing.round - 1)

    def who(number: PlayerId) -> tuple[str, str, str]:
        p = tournament.player(number)
        return f"{number} {p.name}".strip(), str(p.rating or ""), _points(scores[number])

    rows = [(who(b.white), who(b.black)) for b in pairing.boards]
    name_width = max((len(side[0]) for row in rows for side in row), default=0)
    name_width = max(name_width, len("White"))
    lines = [f"Round {pairing.round} — FIDE (Dutch) system, {edition.value} rules"]
    if rows:
        board_width = len(str(len(rows)))
        head = f"{'White':<{name_width}}  {'Rtg':>4}  {'Pts':>4}"
        lines.append(f"{'Bd':>{max(board_width, 2)}}  {head}    {head.replace('White', 'Black')}")
        for n, (white, black) in enumerate(rows, start=1):
            cells = [
                f"{name:<{name_width}}  {rating:>4}  {pts:>4}"
                for name, rating, pts in (white, black)
            ]
            lines.append(f"{n:>{max(board_width, 2)}}  {cells[0]}  - {cells[1]}".rstrip())
    if pairing.bye is not None:
        name, rating, pts = who(pairing.bye)
        rated = f"{rating}, " if rating else ""
        value = _points(tournament.point_system.pairing_allocated_bye)
        lines.append(f"Pairing-allocated bye: {name} ({rated}{pts}), scores {value}")
    absent = []
    paired = {b.white for b in pairing.boards} | {b.black for b in pairing.boards}
    paired.add(pairing.bye or 0)
    for p in tournament:
        if p.number in paired:
            continue
        entry = p.entry(pairing.round)
        kind = entry.result.value if isinstance(entry.result, Result) else "absent"
        absent.append(f"{p.number} ({kind})")
    if absent:
        lines.append("Not paired: " + ", ".join(absent))
    return lines


@click.command("pair")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--edition",
    type=click.Choice([e.value for e in DutchEdition]),
    default=DutchEdition.DUTCH_2026.value,
    show_default=True,
    help="The FIDE (Dutch) rules: 2026 (C.04.3 in force from 1 February 2026), 2017, or "
    "2013-colours (the 2017 rules with the colour allocation E.1-E.5 of Dutch Colours 2013: "
    "two absolute colour preferences are not compared by colour difference).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Boards with names, ratings and scores (text), or JSON.",
)
@click.option(
    "--round-out",
    type=click.Path(dir_okay=False, writable=True),
    metavar="FILE.trf",
    help="Also write the tournament with the round paired (games pending, the bye recorded), "
    "in the input's TRF dialect.",
)
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(1, limits.MAX_ROUNDS),
    default=None,
    metavar="N",
    help="Pair round N as the tournament stood before it (rounds from N on set aside), e.g. to "
    f"explain a past round; default: the next round. 1 to {limits.MAX_ROUNDS}.",
)
@click.option(
    "--explain",
    is_flag=True,
    help="Before the boards, explain the pairing bracket by bracket: the players, the pairs, "
    "and for each better-ranked opponent not given, the criterion that ruled it out (the "
    "round is solved again for each: a big round takes a while; --why is quicker).",
)
@click.option(
    "--why",
    "why_players",
    metavar="X[,Y]",
    help="Before the boards, why player X got his opponent and not each better-ranked one "
    "(with Y: why X and Y were not paired together). Pairing numbers.",
)
@click.pass_context
def pair_command(
    ctx: click.Context,
    file: str,
    edition: str,
    output_format: str,
    round_out: str | None,
    round_number: int | None,
    explain: bool,
    why_players: str | None,
) -> None:
    """Pair the next round of the Swiss tournament in FILE (a TRF) by the FIDE (Dutch) system.

    Players with a bye or an absence already recorded for the round are not paired. A round is
    paired only when every game of the earlier rounds has a result (C.04.1, C.04.2).

    Exit codes: 0 paired; 1 no valid pairing exists; 2 usage error; 3 FILE is invalid, an
    earlier round has games without a result (the round and its games are named), or FILE
    declares another system (TRF 192, or 092 with 192 CUSTOM_SWISS: the engine form
    ``chessarbiter --dubov FILE -p`` and its siblings pair it).
    """
    chosen = DutchEdition(edition)
    doc = trf_io.read_file(file)
    tournament = doc.tournament
    declared = rules_of_trf_type(tournament.system, tournament.tournament_type)
    if declared is not None:
        system = declared.system
        records = f"192 {tournament.system.strip() or '-'}"
        if tournament.tournament_type.strip():
            records += f", 092 {tournament.tournament_type.strip()}"
        raise PairingError(
            f"{file} declares the {system.title} ({system.article}; TRF {records}): this "
            "command pairs by the FIDE (Dutch) system; pair the file by its own system with: "
            f"chessarbiter {system.flag} {file} -p"
        )
    if round_number is not None:
        tournament = tournament_before_round(tournament, round_number)
    check_ready_to_pair(tournament, tournament.rounds_played + 1)
    focus = parse_why(why_players) if why_players is not None else None
    try:
        if explain or focus is not None:
            explanation = explain_pairing(tournament, chosen, every_reason=explain, focus=focus)
            pairing = explanation.pairing
            lines = explanation.lines() if explain else []
            if focus is not None:
                lines += ([""] if lines else []) + explanation.why(*focus).lines()
            for line in lines:
                click.echo(line)
            click.echo()
        else:
            pairing = pair_round(tournament, chosen)
    except NoValidPairingError as e:
        click.echo(f"error: no valid pairing exists: {no_pairing_reason(e)}", err=True)
        ctx.exit(EXIT_FAILURE)
    if output_format == "json":
        click.echo(pairing_as_json(pairing, chosen))
    else:
        for line in pairing_as_text(tournament, pairing, chosen):
            click.echo(line)
    if round_out is not None:
        apply_pairing(tournament, pairing)
        trf_io.dump(tournament, round_out, doc.dialect)


def parse_why(value: str) -> tuple[int, int | None]:
    """``--why X`` or ``--why X,Y``: one or two pairing numbers (1 to the players' limit).

    >>> parse_why("12"), parse_why(" 3 , 7 ")
    ((12, None), (3, 7))

    :raises click.BadParameter: for anything else.
    """
    parts = [part.strip() for part in value.split(",")]
    if not 1 <= len(parts) <= 2 or not all(part.isdecimal() and len(part) <= 6 for part in parts):
        raise click.BadParameter(
            f"{value[:40]!r}: give one pairing number, or two separated by a comma (e.g. 12,7)",
            param_hint="--why",
        )
    numbers = [int(part) for part in parts]
    for number in numbers:
        if not 1 <= number <= limits.MAX_PLAYERS:
            raise click.BadParameter(
                f"{number}: a pairing number is from 1 to {limits.MAX_PLAYERS}",
                param_hint="--why",
            )
    return numbers[0], numbers[1] if len(numbers) == 2 else None


def register(cli: click.Group) -> None:
    """Add the ``pair`` command to ``cli``."""
    cli.add_command(pair_command)
