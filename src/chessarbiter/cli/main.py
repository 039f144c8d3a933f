"""The ``chessarbiter`` command and its exit codes.

Exit codes (:mod:`chessarbiter.cli.exits`): 0 ok; 1 anything else (including "no valid
pairing"); 2 usage error; 3 invalid input (a malformed or inconsistent file, an impossible
request, a count beyond its bound).

Every count a command takes has a bound, said in the option's help
(:mod:`chessarbiter.limits`): a value outside it is refused before anything is computed, with
2 when the option itself is a range, else 3 from the library's check.

The engine form (``chessarbiter --dutch IN.trf -p OUT``), drop-in compatible with bbpPairings
and JaVaFo, keeps those engines' exit codes instead (see :mod:`chessarbiter.cli.engine`):
there 2 means an unexpected error, 4 a limit exceeded and 5 a file error.
"""

from __future__ import annotations

import sys

import click

from chessarbiter.cli.doctor import print_version
from chessarbiter.cli.exits import EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_OK, EXIT_USAGE
from chessarbiter.errors import ChessArbiterError

EPILOG = """\b
Exit codes:
  0  success
  1  any other failure
  2  usage error (unknown option, missing argument, no such file)
  3  invalid input (malformed or inconsistent file, impossible request,
     a count beyond the bound its option's help gives)
"""


@click.group(epilog=EPILOG, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=print_version,
    help="Show the version and the matching kernel in use, and exit.",
)
def cli() -> None:
    """chessarbiter — the arbiter's workbench: TRF files, pairings, standings."""


def register_commands() -> None:
    from chessarbiter.cli import (
        clock,
        demo,
        doctor,
        keizer,
        knockout,
        lists,
        norms,
        pair,
        pgn,
        prizes,
        ratings,
        roundrobin,
        special,
        standings,
        teams,
        trf,
        web,
    )

    for module in (
        trf,
        roundrobin,
        standings,
        ratings,
        norms,
        lists,
        prizes,
        pair,
        demo,
        doctor,
        knockout,
        keizer,
        teams,
        clock,
        special,
        web,
        pgn,
    ):
        module.register(cli)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns (and, as a script, exits with) the exit code."""
    args = sys.argv[1:] if argv is None else argv
    from chessarbiter.cli import engine

    nul = next((i for i, arg in enumerate(args, start=1) if "\x00" in arg), None)
    if nul is not None:
        # no file name or value holds one (an operating system's command line cannot even
        # carry it); refused before any option reaches a path check that would raise on it
        click.echo(f"error: argument {nul} contains a NUL character", err=True)
        return engine.INVALID_REQUEST if engine.is_engine_invocation(args) else EXIT_USAGE
    if engine.is_engine_invocation(args):
        return engine.run_engine(args)
    register_commands()
    try:
        rv = cli.main(args=args, prog_name="chessarbiter", standalone_mode=False)
    except click.exceptions.Exit as e:
        return int(e.exit_code)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return EXIT_FAILURE
    except click.UsageError as e:
        e.show()
        return EXIT_USAGE
    except click.ClickException as e:
        e.show()
        return e.exit_code if e.exit_code != 1 else EXIT_FAILURE
    except ChessArbiterError as e:
        click.echo(f"error: {e}", err=True)
        return EXIT_INVALID_INPUT
    except OSError as e:
        click.echo(f"error: {e}", err=True)
        return EXIT_INVALID_INPUT if isinstance(e, FileNotFoundError) else EXIT_FAILURE
    # without standalone mode click returns the code a command exited with (ctx.exit(n))
    return rv if isinstance(rv, int) else EXIT_OK


def entry_point() -> None:
    sys.exit(main())
