"""``chessarbiter doctor``: what this installation has — the matching kernel in use (compiled
or pure Python, and why), the optional parts (web application, PostgreSQL driver, server mode)
— and, with ``--measure``, what the kernel costs here: one round of a generated Swiss paired
with each kernel available, in CPU seconds.
"""

from __future__ import annotations

import importlib.metadata
import os
import platform
import time

import click

from chessarbiter import __version__

#: Players of the event ``--measure`` generates (a bound on the time it takes).
MIN_MEASURE_PLAYERS = 10
MAX_MEASURE_PLAYERS = 300

_MEASURE_CONFIG = """PlayersNumber={n}
RoundsNumber={rounds}
DrawPercentage=30
ForfeitRate=60
HalfPointByeRate=120
HighestRating=2800
LowestRating=1000
"""


def kernel_line() -> str:
    """The matching kernel in use, in a few words (``--version`` and ``doctor`` print it)."""
    from chessarbiter.pairing.matching.kernel import active_kernel

    kernel = active_kernel()
    if kernel.compiled:
        return "matching kernel: compiled (C)"
    return (
        f"matching kernel: pure Python ({kernel.reason}); tens of times slower than the "
        "compiled one: chessarbiter doctor --measure says how much here"
    )


def print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version and the kernel in use."""
    if not value or ctx.resilient_parsing:
        return
    click.echo(f"chessarbiter {__version__} ({kernel_line()})")
    ctx.exit()


def _distribution(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


def _part(label: str, packages: list[str], extra: str) -> str:
    found = [(p, _distribution(p)) for p in packages]
    missing = [p for p, v in found if v is None]
    if missing:
        return f"{label}: not installed (pip install 'chessarbiter[{extra}]')"
    return f"{label}: " + ", ".join(f"{p} {v}" for p, v in found)


def measure(players: int, rounds: int, seed: int = 2026) -> list[tuple[str, float]]:
    """CPU seconds of pairing the last round of a generated Swiss of ``players`` players and
    ``rounds`` rounds (seeded: the same event every time), once with each kernel available:
    ``[("compiled", s), ("pure-python", s)]``, the compiled one only when it is built."""
    from chessarbiter.editions import DutchEdition
    from chessarbiter.pairing.dutch.checker import tournament_before_round
    from chessarbiter.pairing.dutch.engine import pair_round
    from chessarbiter.pairing.dutch.generator import generate_tournament
    from chessarbiter.pairing.matching import MatchingComputer, NativeMatchingComputer
    from chessarbiter.pairing.matching.interface import MatcherFactory

    factories: list[tuple[str, MatcherFactory]] = []
    if NativeMatchingComputer is not None:
        factories.append(("compiled", NativeMatchingComputer))
    factories.append(("pure-python", MatchingComputer))
    event = generate_tournament(
        seed,
        _MEASURE_CONFIG.format(n=players, rounds=rounds),
        DutchEdition.DUTCH_2026,
        matcher=factories[0][1],
    )
    before = tournament_before_round(event, rounds)
    timings = []
    for name, factory in factories:
        start = time.process_time()
        pair_round(before, DutchEdition.DUTCH_2026, matcher=factory)
        timings.append((name, time.process_time() - start))
    return timings


@click.command("doctor")
@click.option(
    "--measure",
    "measure_kernels",
    is_flag=True,
    help="Also pair one generated round with each kernel and print the CPU seconds.",
)
@click.option(
    "--players",
    type=click.IntRange(MIN_MEASURE_PLAYERS, MAX_MEASURE_PLAYERS),
    default=200,
    show_default=True,
    help=f"Players of the generated event, {MIN_MEASURE_PLAYERS} to {MAX_MEASURE_PLAYERS}.",
)
@click.option(
    "--rounds",
    type=click.IntRange(2, 9),
    default=7,
    show_default=True,
    help="The round measured (the event is generated up to the round before), 2 to 9.",
)
def doctor(measure_kernels: bool, players: int, rounds: int) -> None:
    """What this installation has: the matching kernel in use and the optional parts.

    \b
    Examples:
      chessarbiter doctor
      chessarbiter doctor --measure --players 300 --rounds 9
    """
    click.echo(
        f"chessarbiter {__version__}, Python {platform.python_version()}"
        f" ({platform.system()} {platform.machine()})"
    )
    click.echo(kernel_line())
    click.echo(_part("web application", ["django", "django-ninja", "gunicorn"], "web"))
    click.echo(_part("PostgreSQL driver", ["psycopg"], "postgres"))
    server = _part("server mode (Redis, RQ)", ["redis", "rq"], "server")
    if os.environ.get("REDIS_URL"):
        server += "; REDIS_URL is set"
    click.echo(server)
    if measure_kernels:
        click.echo(f"pairing round {rounds} of a generated {players}-player Swiss:")
        timings = measure(players, rounds)
        for name, seconds in timings:
            click.echo(f"  {name:<12} {seconds:8.2f} s CPU")
        if len(timings) == 2 and timings[0][1] > 0:
            click.echo(
                f"  the pure-Python kernel: {timings[1][1] / timings[0][1]:.1f} times slower"
            )


def register(cli: click.Group) -> None:
    cli.add_command(doctor)
