"""``chessarbiter roundrobin``: print the Berger table of a round robin (FIDE C.05 Annex 1), or
draw the pairing numbers by the Varma tables (C.05 Annex 2, ``--varma``). The tables, the double
round robin, its exchanged rounds and the restricted drawing of lots are in
:mod:`chessarbiter.pairing.roundrobin`; this module reads the options and prints."""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path

import click

from chessarbiter import limits
from chessarbiter import trf as trf_io
from chessarbiter.pairing.roundrobin import (
    BYE,
    Pair,
    VarmaSplitError,
    berger_table,
    double_round_robin,
    exchanged_rounds,
    varma_assign,
    varma_groups,
)

_FEDERATION = re.compile(r"[A-Za-z]{3}")
#: The most players a Varma table holds (C.05 Annex 2: 9 to 24).
_VARMA_MAX = 24


def read_federations(value: str) -> list[tuple[str, str, str]]:
    """The players of ``--federations``, each ``(key, shown name, federation)``: a TRF file
    (its players' names and federations, ``001`` columns 15-47 and 54-56); a text file with one
    player a line, the federation code first (``GER Meier, Hans``; blank lines and lines
    starting with ``#`` skipped); or the federations inline, separated by commas, one per
    player in the order of entry (``GER,GER,FRA,...``: the players are named by that order).

    >>> read_federations("ger, FRA,ger")
    [('1', 'entry 1', 'GER'), ('2', 'entry 2', 'FRA'), ('3', 'entry 3', 'GER')]

    :raises click.BadParameter: for a code that is not three letters, a player without one,
        or more players than a Varma table holds.
    """
    path = Path(value)
    rows: list[tuple[str, str]] = []
    if path.is_file():
        text = trf_io.read_text(path)
        if any(line.startswith("001") for line in text.splitlines()):
            tournament = trf_io.read(text, str(path)).tournament
            rows = [(f"{p.number} {p.name}".strip(), p.federation) for p in tournament]
            where = [f"{path}: player {p.number}" for p in tournament]
        else:
            where = []
            for number, line in enumerate(text.splitlines(), start=1):
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                code, _, name = line.strip().partition(" ")
                rows.append((name.strip() or f"line {number}", code))
                where.append(f"{path}:{number}")
    elif "/" in value or "." in value or "\\" in value:
        raise click.BadParameter(f"{value}: no such file", param_hint="--federations")
    else:
        codes = value.split(",")
        rows = [(f"entry {i}", code) for i, code in enumerate(codes, start=1)]
        where = [f"entry {i}" for i in range(1, len(codes) + 1)]
    if len(rows) > _VARMA_MAX:
        raise click.BadParameter(
            f"{len(rows)} players: the Varma tables (C.05 Annex 2) hold 9 to {_VARMA_MAX}",
            param_hint="--federations",
        )
    width = len(str(len(rows)))
    players = []
    for index, ((name, code), place) in enumerate(zip(rows, where, strict=True), start=1):
        code = code.strip()
        if not _FEDERATION.fullmatch(code):
            shown = repr(code[:20]) if code else "no federation"
            raise click.BadParameter(
                f"{place}: {shown}: a federation is a three-letter code (GER, FRA, ...)",
                param_hint="--federations",
            )
        key = f"{index:0{width}d}" if name.startswith("entry ") else name
        players.append((key, name[: limits.MAX_NAME], code.upper()))
    return players


def rounds_as_json(rounds: list[list[Pair]]) -> str:
    """``{"rounds": [{"round": 1, "pairs": [[white, black], ...]}, ...]}``, a bye as ``[p, 0]``.

    >>> rounds_as_json([[(1, 0), (2, 3)]])
    '{"rounds": [{"round": 1, "pairs": [[1, 0], [2, 3]]}]}'
    """
    return json.dumps(
        {
            "rounds": [
                {"round": r, "pairs": [[white, black] for white, black in pairs]}
                for r, pairs in enumerate(rounds, start=1)
            ]
        }
    )


def rounds_as_text(rounds: list[list[Pair]]) -> list[str]:
    """One line per round: ``Round 1: 1-4 2-3``; a bye is written ``3-bye``.

    >>> rounds_as_text([[(1, 0), (2, 3)], [(2, 0), (3, 1)]])
    ['Round 1: 1-bye 2-3', 'Round 2: 2-bye 3-1']
    """
    width = len(str(len(rounds)))
    lines = []
    for r, pairs in enumerate(rounds, start=1):
        boards = " ".join(
            f"{white}-bye" if black == BYE else f"{white}-{black}" for white, black in pairs
        )
        lines.append(f"Round {r:>{width}}: {boards}")
    return lines


@click.command("roundrobin")
@click.option(
    "--players",
    "-n",
    "players",
    type=int,
    default=None,
    metavar="N",
    help=f"Number of players, 2 to {limits.MAX_ROUND_ROBIN_PLAYERS}; an odd number adds a bye.",
)
@click.option(
    "--double",
    is_flag=True,
    help="Double round robin: a second cycle with colours reversed.",
)
@click.option(
    "--no-swap",
    is_flag=True,
    help="With --double: keep the last two rounds of the first cycle in table order "
    "(plain BERGER_DOUBLEROUNDROBIN) instead of exchanging them as FIDE recommends.",
)
@click.option(
    "--varma",
    is_flag=True,
    help="Draw the pairing numbers by the Varma tables (C.05 Annex 2, 9 to 24 players): "
    "players of one federation draw from one set, so that they do not meet in the last "
    "three rounds. Needs --federations.",
)
@click.option(
    "--federations",
    metavar="FILE|LIST",
    help="With --varma: a TRF file, a text file with one player a line (federation code "
    "first: 'GER Meier, Hans'), or the federations inline, one per player in entry order "
    "(GER,GER,FRA,...).",
)
@click.option(
    "--seed",
    metavar="TEXT",
    help="With --varma: the seed of the lots, to repeat a drawing (default: a new one, printed).",
)
@click.option(
    "--allow-split",
    is_flag=True,
    help="With --varma: when the federations cannot all be kept apart, split the largest "
    "contingents over several sets instead of stopping with an error.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def roundrobin_command(
    players: int | None,
    double: bool,
    no_swap: bool,
    varma: bool,
    federations: str | None,
    seed: str | None,
    allow_split: bool,
    as_json: bool,
) -> None:
    """Print the Berger table for N players (FIDE C.05 Annex 1), by pairing number.

    Each board is white-black. With an odd N, the player paired with the dummy number N + 1
    has a bye, written "P-bye" (JSON: [P, 0]).

    With --varma --federations: each player's pairing number by the Varma tables (C.05
    Annex 2), the federations kept apart (an error when they cannot be, unless
    --allow-split).
    """
    if varma or federations is not None:
        if not varma:
            raise click.UsageError("--federations applies only with --varma")
        if federations is None:
            raise click.UsageError("--varma needs --federations")
        if players is not None or double or no_swap:
            raise click.UsageError(
                "--varma draws the pairing numbers; print the table with --players N"
            )
        _varma(federations, seed, allow_split, as_json)
        return
    if seed is not None or allow_split:
        raise click.UsageError("--seed and --allow-split apply only with --varma")
    if players is None:
        raise click.UsageError("give --players N (or --varma --federations ...)")
    if no_swap and not double:
        raise click.UsageError("--no-swap applies only with --double")
    if double:
        rounds = double_round_robin(players, swap_last_two=not no_swap)
    else:
        rounds = berger_table(players)
    if as_json:
        click.echo(rounds_as_json(rounds))
        return
    kind = "Double round robin" if double else "Round robin"
    note = ""
    if double:
        exchanged = exchanged_rounds(players, swap_last_two=not no_swap)
        note = (
            f"; rounds {exchanged[0]} and {exchanged[1]} exchanged in the first cycle"
            if exchanged is not None
            else "; no rounds exchanged"
        )
    click.echo(f"{kind}, {players} players, {len(rounds)} rounds (FIDE C.05 Annex 1){note}")
    for line in rounds_as_text(rounds):
        click.echo(line)


def _varma(federations: str, seed: str | None, allow_split: bool, as_json: bool) -> None:
    """Draw and print the pairing numbers of ``--varma``."""
    field = read_federations(federations)
    if seed is None:
        seed = str(secrets.randbelow(10**9))
    try:
        numbers = varma_assign(
            [(key, code) for key, _, code in field], seed, keep_apart=not allow_split
        )
    except VarmaSplitError as error:
        raise VarmaSplitError(f"{error} (--allow-split splits them)") from None
    groups = varma_groups(len(field))
    set_of = {k: "ABCD"[i] for i, group in enumerate(groups) for k in group}
    rows = sorted(((numbers[key], name, code) for key, name, code in field))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "seed": seed,
                    "sets": {"ABCD"[i]: list(g) for i, g in enumerate(groups)},
                    "players": [
                        {"number": n, "name": name, "federation": code, "set": set_of[n]}
                        for n, name, code in rows
                    ],
                }
            )
        )
        return
    click.echo(f"Varma tables (FIDE C.05 Annex 2), {len(field)} players, seed {seed}")
    for i, group in enumerate(groups):
        click.echo(f"Set {'ABCD'[i]}: " + " ".join(str(k) for k in group))
    width = len(str(len(field)))
    for n, name, code in rows:
        click.echo(f"{n:>{width}}  {code}  {set_of[n]}  {name}")
    split = _split_federations(rows, set_of)
    if split:
        click.echo("Not kept apart (--allow-split): " + ", ".join(split))


def _split_federations(rows: list[tuple[int, str, str]], set_of: dict[int, str]) -> list[str]:
    sets: dict[str, set[str]] = {}
    for n, _, code in rows:
        sets.setdefault(code, set()).add(set_of[n])
    return [
        f"{code} (sets {', '.join(sorted(s))})" for code, s in sorted(sets.items()) if len(s) > 1
    ]


def register(cli: click.Group) -> None:
    """Add the ``roundrobin`` command to ``cli``."""
    cli.add_command(roundrobin_command)
