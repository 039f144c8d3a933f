"""``chessarbiter trf``: check and convert Tournament Report Files. The reader, the writer and
the dialects (TRF16, TRF-2026, the engines' XX and BB lines) are in :mod:`chessarbiter.trf`; this
module reads the options and prints."""

from __future__ import annotations

import dataclasses

import click

from chessarbiter import trf as trf_io
from chessarbiter.cli.exits import EXIT_INVALID_INPUT
from chessarbiter.errors import TrfDataLossError, TrfError


@click.group("trf")
def trf_group() -> None:
    """Check and convert TRF files (TRF16, TRF-2026, TRF(x), TRF(bx))."""


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
    try:
        doc = trf_io.read_file(file)
    except TrfError as e:
        for problem in e.problems:
            click.echo(str(problem), err=True)
        ctx.exit(EXIT_INVALID_INPUT)
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
        with open(output, "w", encoding="utf-8", newline="") as f:
            f.write(text)


def register(cli: click.Group) -> None:
    cli.add_command(trf_group)
