"""``chessarbiter trf``: check and convert Tournament Report Files. The reader, the writer and
the dialects (TRF16, TRF-2026, the engines' XX and BB lines) are in :mod:`chessarbiter.trf`; this
module reads the options and prints."""

from __future__ import annotations

import dataclasses

import click

from chessarbiter import trf as trf_io
from chessarbiter.cli.exits import EXIT_INVALID_INPUT
from chessarbiter.crosstable import written_result
from chessarbiter.editions import LawsEdition
from chessarbiter.errors import ChessArbiterError, TrfDataLossError, TrfError
from chessarbiter.limits import MAX_PLAYERS, MAX_ROUNDS
from chessarbiter.pairing.apply import enter_result
from chessarbiter.result_reasons import ResultReason


@click.group("trf")
def trf_group() -> None:
    """Check and convert TRF files (TRF16, TRF-2026, TRF(x), TRF(bx))."""


def _read(ctx: click.Context, file: str) -> trf_io.TrfDocument:
    """FILE read; an invalid one: one line per problem on stderr, exit 3."""
    try:
        return trf_io.read_file(file)
    except TrfError as e:
        for problem in e.problems:
            click.echo(str(problem), err=True)
        ctx.exit(EXIT_INVALID_INPUT)


@trf_group.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--strict", is_flag=True, help="Treat unknown record codes as errors.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing when the file is valid.")
@click.pass_context
def check(ctx: click.Context, file: str, strict: bool, quiet: bool) -> None:
    """Validate FILE. Exit 0 if valid; otherwise exit 3 and print one line per problem,
    FILE:LINE:COL: message (line 0: the whole file, e.g. binary data or no player record)."""
    try:
        doc = trf_io.read_file(file, strict=strict)
    except TrfError as e:
        for problem in e.problems:
            click.echo(str(problem))
        ctx.exit(EXIT_INVALID_INPUT)
    if not quiet:
        t = doc.tournament
        for note in doc.notes:
            click.echo(f"{note} (note)", err=True)
        rounds = t.total_rounds if t.total_rounds is not None else "?"
        click.echo(
            f"{file}: valid TRF{doc.dialect.version}"
            f"{' with engine lines' if doc.dialect.engine else ''}: {len(t)} players, "
            f"{t.rounds_played} of {rounds} rounds paired"
        )


@trf_group.command("convert")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--to", "version", type=click.Choice(["2026", "16"]), required=True)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="Output file (default: stdout)."
)
@click.option(
    "--engine/--no-engine",
    default=None,
    help="Write the JaVaFo/bbp engine lines (XXR, XXC, XXP, XXA, BB*). Default: as the input.",
)
@click.option(
    "--crlf/--lf", default=None, help="Line endings of the output. Default: as the input."
)
@click.pass_context
def convert(
    ctx: click.Context,
    file: str,
    version: str,
    output: str | None,
    engine: bool | None,
    crlf: bool | None,
) -> None:
    """Convert FILE to TRF-2026 or TRF16. What the target cannot carry is listed on stderr as
    warnings (never dropped silently). A file the target cannot write at all (points or
    numbers wider than their columns, points under a point system it cannot state) is refused:
    exit 3, nothing written. An invalid FILE: exit 3, one line per problem."""
    doc = _read(ctx, file)
    dialect = doc.dialect.with_version("2026" if version == "2026" else "16")
    if engine is not None:
        dialect = dataclasses.replace(dialect, engine=engine)
    if crlf is not None:
        dialect = dataclasses.replace(dialect, line_ending="\r\n" if crlf else "\n")
    try:
        text, losses = trf_io.dumps_with_losses(doc.tournament, dialect)
    except TrfDataLossError as e:
        target = f"TRF{dialect.version}{' with engine lines' if dialect.engine else ''}"
        click.echo(f"error: {file} cannot be written as {target}:", err=True)
        for what in e.losses:
            click.echo(f"  {what}", err=True)
        ctx.exit(EXIT_INVALID_INPUT)
    for loss in losses:
        click.echo(f"warning: TRF{dialect.version} cannot carry {loss}", err=True)
    if output is None:
        click.echo(text, nl=False)
    else:
        trf_io.write_text(text, output)


@trf_group.command("result")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.argument("written")
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(1, MAX_ROUNDS),
    required=True,
    help=f"The round (1 to {MAX_ROUNDS}).",
)
@click.option(
    "--player",
    type=click.IntRange(1, MAX_PLAYERS),
    required=True,
    help="The pairing number of either player of the game.",
)
@click.option(
    "--reason",
    type=click.Choice([r.value for r in ResultReason]),
    help="Why the arbiter gives the result, checked against it (and the position): dead "
    "position, flag fall, flag fall without mating material, persistent refusal, loss by "
    "sanction. TRF has no field for it: it is printed, not written.",
)
@click.option("--fen", help="The final position, to check the reason against.")
@click.option(
    "--flagged", type=click.Choice(["white", "black"]), help="Whose flag fell (for a draw)."
)
@click.option(
    "--laws",
    type=click.Choice(["1997", "2023"]),
    help="The Laws edition of a persistent refusal's score (default: Laws Commentary 1997).",
)
@click.option("--replace", is_flag=True, help="Replace a different result already there.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    required=True,
    help="The TRF file to write (in FILE's dialect; may be FILE itself).",
)
@click.pass_context
def result_command(
    ctx: click.Context,
    file: str,
    written: str,
    round_number: int,
    player: int,
    reason: str | None,
    fen: str | None,
    flagged: str | None,
    laws: str | None,
    replace: bool,
    output: str,
) -> None:
    """Enter the result WRITTEN (White's side first, as on the scoresheet: 1-0, 0-1, =,
    ½-0, 0-½, +-, -+, --, 1-0u ...) of the game of --player in --round of the TRF file FILE,
    and write OUT. ½-0 and 0-½: a loss whose opponent the arbiter gives half a point (Laws
    2023 art. 11.7). A different result already there is kept unless --replace (exit 3,
    nothing written); a correction names the later pairings made with the old result. An
    invalid FILE, a result that is not one game's, a reason the result or position does not
    allow: exit 3, nothing written."""
    doc = _read(ctx, file)
    t = doc.tournament
    try:
        entered = enter_result(
            t,
            round_number,
            player,
            written,
            reason=reason,
            fen=fen,
            flagged=flagged,
            laws=laws or LawsEdition.E1997,
            replace=replace,
        )
        text, losses = trf_io.dumps_with_losses(t, doc.dialect)
    except ChessArbiterError as e:
        click.echo(f"error: {e}", err=True)
        ctx.exit(EXIT_INVALID_INPUT)
    names = {n: t.player(n).name for n in (entered.white, entered.black)}
    shown = " - ".join(f"{p} {names[p]}".strip() for p in (entered.white, entered.black))
    after = written_result(*entered.after)
    if not entered.changed:
        click.echo(f"round {round_number}: {shown}: {after} already; nothing changed")
    else:
        before = written_result(*entered.before) if entered.before else "pending"
        click.echo(f"round {round_number}: {shown}: {after} (was {before})")
    if entered.check is not None:
        check = entered.check
        how = "checked" if check.certain else "the arbiter's decision"
        click.echo(f"reason: {check.reason.label} ({check.reason.rule}): {check.note} ({how})")
    for later in entered.later:
        opponent = "the pairing-allocated bye" if later.black is None else later.black
        click.echo(
            f"warning: round {later.round} was paired with the old result: "
            f"{later.white} against {opponent} (it stands: C.04.2 D)",
            err=True,
        )
    for loss in losses:
        click.echo(f"warning: TRF{doc.dialect.version} cannot carry {loss}", err=True)
    trf_io.write_text(text, output)
    click.echo(f"wrote {output}")


def register(cli: click.Group) -> None:
    cli.add_command(trf_group)
