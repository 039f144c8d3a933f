"""``chessarbiter pgn``: a round's results from its games (PGN), and the rounds' boards as PGN.
Reading and writing PGN is :mod:`chessarbiter.games.pgn`, matching games to boards
:mod:`chessarbiter.games.matching`, applying and exporting rounds :mod:`chessarbiter.games.rounds`,
what TRF cannot say of adjourned games :mod:`chessarbiter.games.adjournment`; this module reads
the options and prints."""

from __future__ import annotations

from pathlib import Path

import click

from chessarbiter import trf as trf_io
from chessarbiter.cli.exits import EXIT_INVALID_INPUT
from chessarbiter.errors import ChessArbiterError, TrfError
from chessarbiter.games.adjournment import TRF_CANNOT_CARRY
from chessarbiter.games.matching import GameMatch, result_text
from chessarbiter.games.pgn import PgnGame, decode_pgn, read_games
from chessarbiter.games.rounds import RoundApplication, apply_games, event_pgn, round_pgn
from chessarbiter.limits import MAX_PGN_CHARS, MAX_ROUNDS
from chessarbiter.timecontrol.model import parse as parse_time_control


@click.group("pgn")
def pgn_group() -> None:
    """Games in PGN: results of a round from its games, the boards as PGN for set-up."""


def _fail(ctx: click.Context, error: ChessArbiterError) -> None:
    if isinstance(error, TrfError):
        for problem in error.problems:
            click.echo(str(problem), err=True)
    else:
        click.echo(f"error: {error}", err=True)
    ctx.exit(EXIT_INVALID_INPUT)


def _read_pgn(path: Path) -> list[PgnGame]:
    with path.open("rb") as handle:
        data = handle.read(MAX_PGN_CHARS + 1)
    return read_games(decode_pgn(data, str(path)), str(path))


def _game_name(games: list[PgnGame], match: GameMatch) -> str:
    game = games[match.game_index]
    return f"game {match.game_index + 1} ({game.white} - {game.black})"


def _report(application: RoundApplication, games: list[PgnGame], overwrite: bool) -> list[str]:
    """The lines of ``pgn apply``'s report."""
    tournament = application.tournament
    lines = [
        f"{len(games)} games, {len(application.boards)} boards: "
        f"{len(application.applied)} results recorded"
    ]
    for applied in application.applied:
        white, black = tournament.player(applied.white), tournament.player(applied.black)
        line = (
            f"  board {applied.board}: {white.name} - {black.name} "
            f"{result_text(applied.result)} (game {applied.game_index + 1})"
        )
        if applied.replaced is not None:
            line += f", replacing {result_text(applied.replaced)}"
        lines.append(line)
    unplayed = [s for s in application.skipped if s.why == "the game has no result (*)"]
    left = [s for s in application.skipped if s not in unplayed]
    if left:
        lines.append(f"not recorded: {len(left)}")
        lines += [f"  board {s.match.board}: {_game_name(games, s.match)}: {s.why}" for s in left]
    if unplayed:
        lines.append(
            f"without a result (*): {len(unplayed)}, left without a result in the TRF (a game "
            "in play or adjourned; TRF cannot carry " + ", ".join(TRF_CANNOT_CARRY[1:5]) + ")"
        )
        lines += [f"  board {s.match.board}: {_game_name(games, s.match)}" for s in unplayed]
    if overwrite and application.conflicts:
        lines.append(f"overwritten conflicts: {len(application.conflicts)}")
        lines += [
            f"  board {m.board}: {_game_name(games, m)}: {m.result_conflict}"
            for m in application.conflicts
        ]
    unmatched = application.unmatched_games
    if unmatched:
        lines.append(f"games matched to no board: {len(unmatched)}")
        lines += [f"  {_game_name(games, m)}" for m in unmatched]
    if application.unmatched_boards:
        lines.append(
            f"boards without a game: {len(application.unmatched_boards)} (board "
            + ", ".join(map(str, application.unmatched_boards))
            + ")"
        )
    return lines


@pgn_group.command("apply")
@click.argument("event", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("games_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(1, MAX_ROUNDS),
    required=True,
    help=f"The round the games belong to (1 to {MAX_ROUNDS}).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The TRF file to write (in the dialect of EVENT).",
)
@click.option(
    "--accept-doubtful",
    is_flag=True,
    help="Also record the results of games matched with doubt (one player only, names only "
    "alike, colours reversed, another board in the Round tag).",
)
@click.option(
    "--overwrite",
    is_flag=True,
    help="Replace results already in EVENT that a game's Result tag contradicts (else refused).",
)
@click.pass_context
def apply_command(
    ctx: click.Context,
    event: Path,
    games_file: Path,
    round_number: int,
    output: Path,
    accept_doubtful: bool,
    overwrite: bool,
) -> None:
    """Record the results of round N of the TRF file EVENT from the games of GAMES_FILE (PGN),
    and write the TRF file OUT. Games are matched to the round's boards by FIDE ID or name
    (exact matches only unless --accept-doubtful); a game's Result tag that contradicts a result
    already in EVENT is refused (exit 3, nothing written) unless --overwrite, which lists what it
    replaced. The report lists the results recorded, the games left out and why, the games
    without a result, the games matched to no board and the boards without a game. An illegal
    move or unreadable PGN, an invalid EVENT, a round not paired: exit 3, nothing written."""
    try:
        doc = trf_io.read_file(event)
        games = _read_pgn(games_file)
        application = apply_games(
            doc.tournament,
            round_number,
            games,
            accept_doubtful=accept_doubtful,
            overwrite=overwrite,
        )
        refused = application.refused_conflicts
        if refused:
            click.echo(
                f"error: {len(refused)} games contradict results already in {event} "
                "(--overwrite replaces them); nothing written:",
                err=True,
            )
            for match in refused:
                click.echo(
                    f"  board {match.board}: {_game_name(games, match)}: {match.result_conflict}",
                    err=True,
                )
            ctx.exit(EXIT_INVALID_INPUT)
        text, losses = trf_io.dumps_with_losses(application.tournament, doc.dialect)
    except ChessArbiterError as error:
        _fail(ctx, error)
        return
    with open(output, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    for line in _report(application, games, overwrite):
        click.echo(line)
    for loss in losses:
        click.echo(f"warning: TRF{doc.dialect.version} cannot carry {loss}", err=True)
    click.echo(f"wrote {output}")


@pgn_group.command("export")
@click.argument("event", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(1, MAX_ROUNDS),
    help=f"Only this round (1 to {MAX_ROUNDS}); default: every round paired.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PGN file to write (default: standard output).",
)
@click.option("--site", help="The Site tag (default: the event's city and federation).")
@click.option(
    "--time-control",
    help="The TimeControl tag, in PGN (5400+30) or FIDE's written notation (90 min + 30 s per "
    "move); default: from the event's time control.",
)
@click.pass_context
def export_command(
    ctx: click.Context,
    event: Path,
    round_number: int | None,
    output: Path | None,
    site: str | None,
    time_control: str | None,
) -> None:
    """Write the boards of the TRF file EVENT as PGN games without moves, for setting up the
    boards (DGT LiveChess, a broadcast): the Seven Tag Roster with Round "round.board", the
    players' FIDE IDs, ratings and titles, the time control. A round whose results are all in
    is written with them, any other with the result "*". Boards are numbered in the order
    C.04.2 3.6 recommends. An invalid EVENT or a round not paired: exit 3."""
    try:
        tournament = trf_io.read_file(event).tournament
        control = None if time_control is None else parse_time_control(time_control)
        if round_number is None:
            text = event_pgn(tournament, site=site, time_control=control)
        else:
            text = round_pgn(tournament, round_number, site=site, time_control=control)
    except ChessArbiterError as error:
        _fail(ctx, error)
        return
    if output is None:
        click.echo(text, nl=False)
    else:
        with open(output, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)


def register(cli: click.Group) -> None:
    """Add ``pgn`` to the ``chessarbiter`` command group."""
    cli.add_command(pgn_group)
