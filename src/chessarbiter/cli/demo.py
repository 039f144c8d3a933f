"""``chessarbiter demo``: a bundled club round robin, paired and scored round by round.

The example event is two files in ``chessarbiter/examples``:

* ``club-championship.trf``: a TRF with the ten (invented) players and ``XXR 9``, no rounds;
* ``club-championship-results.txt``: the result of every board of every round, one game a line
  (``ROUND WHITE BLACK RESULT``, see :func:`parse_results`).

The demo reads the players with :func:`chessarbiter.trf.load`, pairs each round with the Berger
tables (:func:`chessarbiter.pairing.roundrobin.berger_round`), checks that the results file has
exactly those games, records them, and prints each round, the standings and the crosstable.
"""

from __future__ import annotations

import enum
import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from importlib import resources
from pathlib import Path

import click

from chessarbiter import trf
from chessarbiter.cli.options import ascii_option
from chessarbiter.crosstable import crosstable_text, standings_text, text_table
from chessarbiter.errors import ChessArbiterError, FileFormatError, Problem, ResultCodeError
from chessarbiter.formatting import format_points
from chessarbiter.model import Colour, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.model.results import parse_written_result
from chessarbiter.pairing.roundrobin import berger_round, rounds_per_cycle
from chessarbiter.standings import Standing, standings

EXAMPLE_PLAYERS = "club-championship.trf"
"""The bundled TRF with the players (``chessarbiter/examples``)."""
EXAMPLE_RESULTS = "club-championship-results.txt"
"""The bundled results of every game (``chessarbiter/examples``)."""

_WIDTH = 88


class BoardResult(enum.Enum):
    """A game's result from White's side, as written in a results file.

    >>> BoardResult.from_text("½-½") is BoardResult.from_text("1/2-1/2")
    True
    >>> BoardResult.BLACK_FORFEIT_WIN.results
    (<Result.FORFEIT_LOSS: '-'>, <Result.FORFEIT_WIN: '+'>)
    """

    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    WHITE_FORFEIT_WIN = "+-"
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"

    @classmethod
    def from_text(cls, text: str) -> BoardResult:
        """The result written ``text``, as the library reads it
        (:func:`~chessarbiter.model.results.parse_written_result`: ``½-½`` and ``=`` are draws
        too, ``1:0`` a win...).

        :raises ResultCodeError: for anything else, or a game of less than one move (the demo's
            results are all rated or forfeits).
        """
        results = parse_written_result(text)
        for board_result in cls:
            if board_result.results == results:
                return board_result
        known = ", ".join(r.value for r in cls)
        raise ResultCodeError(f"unknown result {text!r} (expected one of {known})")

    @property
    def results(self) -> tuple[Result, Result]:
        """The TRF results of White and of Black
        (:func:`~chessarbiter.model.results.parse_written_result`)."""
        return parse_written_result(self.value)

    def text(self, *, ascii: bool = False) -> str:
        """As printed in a pairing list: ``1-0``, ``½-½`` (``1/2-1/2`` with ``ascii``), ``+-``."""
        if self is BoardResult.DRAW and not ascii:
            return "½-½"
        return self.value


@dataclass(frozen=True, slots=True)
class Game:
    """One board of one round: White's and Black's pairing numbers and the result."""

    round: int
    white: PlayerId
    black: PlayerId
    result: BoardResult


_LINE = re.compile(r"\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*")


def parse_results(text: str, source: str = "<results>") -> list[Game]:
    """The games of a results file: one game a line, ``ROUND WHITE BLACK RESULT``.

    ``RESULT`` is one of ``1-0 0-1 1/2-1/2 ½-½ +- -+ --`` (White's side first; the other
    spellings of :func:`~chessarbiter.model.results.parse_written_result` too). Blank lines
    and everything after ``#`` are ignored.

    >>> parse_results("# round 1\\n1 3 8 1/2-1/2\\n")
    [Game(round=1, white=3, black=8, result=<BoardResult.DRAW: '1/2-1/2'>)]

    :raises FileFormatError: listing every malformed line (file, line and column).
    """
    games: list[Game] = []
    problems: list[Problem] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            problems.append(Problem(source, number, 0, "expected ROUND WHITE BLACK RESULT"))
            continue
        try:
            game = _game(match)
        except _FieldError as e:
            problems.append(Problem(source, number, match.start(e.group) + 1, str(e)))
            continue
        games.append(game)
    if problems:
        raise FileFormatError(problems)
    return games


class _FieldError(ValueError):
    """A bad field of a results line: ``group`` is its regex group (1 = round ... 4 = result)."""

    def __init__(self, group: int, message: str) -> None:
        super().__init__(message)
        self.group = group


def _game(match: re.Match[str]) -> Game:
    numbers: list[int] = []
    for group, what in ((1, "round"), (2, "white"), (3, "black")):
        field = match.group(group)
        if not field.isdigit() or int(field) < 1:
            raise _FieldError(group, f"{what} must be a number from 1, not {field!r}")
        numbers.append(int(field))
    round_number, white, black = numbers
    if white == black:
        raise _FieldError(3, f"player {white} cannot play himself")
    try:
        result = BoardResult.from_text(match.group(4))
    except ResultCodeError as e:
        raise _FieldError(4, str(e)) from None
    return Game(round_number, white, black, result)


def record_round(tournament: Tournament, round_number: int, games: list[Game]) -> list[Game]:
    """Pair ``round_number`` by the Berger tables and record its games from ``games``.

    Returns the round's games in board order. A player paired with the dummy (odd field) sits
    out and gets nothing recorded.

    :raises ChessArbiterError: if ``games`` does not hold exactly the games of the pairing.
    """
    n = len(tournament)
    if sorted(tournament.players) != list(range(1, n + 1)):
        raise ChessArbiterError("a Berger round robin needs pairing numbers 1 to the field size")
    written = {(g.white, g.black): g for g in games if g.round == round_number}
    boards: list[Game] = []
    for white, black in berger_round(n, round_number):
        if white == 0 or black == 0:
            continue
        game = written.pop((white, black), None)
        if game is None:
            swapped = (
                " (it has the colours the other way round)" if (black, white) in written else ""
            )
            raise ChessArbiterError(
                f"round {round_number}: the results have no game {white} (White) - "
                f"{black} (Black){swapped}"
            )
        boards.append(game)
    if written:
        extra = ", ".join(f"{w}-{b}" for w, b in sorted(written))
        raise ChessArbiterError(
            f"round {round_number}: the results have games the Berger table does not pair: {extra}"
        )
    for game in boards:
        white_result, black_result = game.result.results
        tournament.player(game.white).set_entry(
            round_number, RoundEntry(game.black, Colour.WHITE, white_result)
        )
        tournament.player(game.black).set_entry(
            round_number, RoundEntry(game.white, Colour.BLACK, black_result)
        )
    return boards


def round_text(
    tournament: Tournament, round_number: int, boards: list[Game], *, ascii: bool = False
) -> str:
    """A round's pairings with results, board by board, and who sits out (odd fields)."""
    rows = []
    for board, game in enumerate(boards, start=1):
        white, black = tournament.player(game.white), tournament.player(game.black)
        rows.append(
            [
                str(board),
                str(white.number),
                white.name,
                str(white.rating or ""),
                game.result.text(ascii=ascii),
                str(black.number),
                black.name,
                str(black.rating or ""),
            ]
        )
    headers = ["Bd", "No", "White", "Rtg", "Result", "No", "Black", "Rtg"]
    table = text_table(headers, rows, ["r", "r", "l", "r", "c", "r", "l", "r"])
    lines = [f"Round {round_number}", _indent(table)]
    paired = {g.white for g in boards} | {g.black for g in boards}
    resting = [p.name for p in tournament if p.number not in paired]
    if resting:
        lines.append(f"  Sits out this round: {', '.join(resting)}")
    return "\n".join(lines)


def _indent(text: str, prefix: str = "  ") -> str:
    return "\n".join(prefix + line for line in text.splitlines())


def load_example() -> tuple[Tournament, list[Game]]:
    """The bundled players (read with :func:`chessarbiter.trf.load`) and results."""
    examples = resources.files("chessarbiter") / "examples"
    with resources.as_file(examples / EXAMPLE_PLAYERS) as path:
        tournament = trf.load(path)
    text = (examples / EXAMPLE_RESULTS).read_text(encoding="utf-8")
    return tournament, parse_results(text, EXAMPLE_RESULTS)


def run_demo(
    rounds: int | None = None, trf_out: Path | None = None, *, ascii: bool = False
) -> Iterator[str]:
    """The demo's output, block by block (each block is printed followed by a blank line).

    :raises click.BadParameter: if ``rounds`` exceeds the event's rounds.
    :raises ChessArbiterError: if the bundled data is inconsistent.
    """
    tournament, games = load_example()
    n = len(tournament)
    total = tournament.total_rounds or rounds_per_cycle(n)
    if rounds is not None and rounds > total:
        raise click.BadParameter(
            f"the event has {total} rounds, not {rounds}", param_hint="--rounds"
        )
    last = total if rounds is None else rounds
    title = f"chessarbiter demo: {tournament.name or 'a club round robin'}"
    draw = "½-½" if not ascii else "1/2-1/2"
    if last == total:
        shown = "all of them"
    else:
        shown = "only round 1" if last == 1 else f"the first {last} of them"
    about = (
        f"A round robin of {n} players over {total} rounds ({shown} shown here), paired with "
        f"the FIDE Berger tables (C.05). The players come from the bundled TRF file "
        f"{EXAMPLE_PLAYERS}, the result of every game from {EXAMPLE_RESULTS}. Each round is "
        f"paired, its results are recorded, then come the standings and the crosstable. "
        f"Results read 1-0, {draw}, 0-1; +- and -+ are wins by forfeit (the other player did "
        f"not appear)."
    )
    yield "\n".join(
        [title, "=" * len(title), textwrap.fill(about, width=_WIDTH, break_on_hyphens=False)]
    )
    for round_number in range(1, last + 1):
        boards = record_round(tournament, round_number, games)
        yield round_text(tournament, round_number, boards, ascii=ascii)
    tournament.validate()
    final = "Final standings" if last == total else f"Standings after round {last} of {total}"
    rows = standings(tournament, last)
    leaders = [r for r in rows if r.rank == 1]
    summary = _leaders(leaders, final=last == total, ascii=ascii)
    yield f"{final}\n{standings_text(rows, ascii=ascii)}\n\n{summary}"
    yield f"Crosstable\n{crosstable_text(tournament, last, ascii=ascii)}"
    closing = ["Players on equal points share their place here (no tie-breaks applied)."]
    if trf_out is None:
        closing.append("Save the event with --trf-out EVENT.trf, then try the round-robin")
        closing.append("tie-breaks of C.07 (direct encounter, Sonneborn-Berger, Koya):")
        closing.append('    chessarbiter standings EVENT.trf --tiebreaks "DE,SB,KS"')
    else:
        trf_out.write_text(trf.dumps(tournament), encoding="utf-8")
        closing.append(f"The event was written as a TRF file to {trf_out}. Try the round-robin")
        closing.append("tie-breaks of C.07 (direct encounter, Sonneborn-Berger, Koya):")
        closing.append(f'    chessarbiter standings {trf_out} --tiebreaks "DE,SB,KS"')
    yield "\n".join(closing)


def _leaders(leaders: list[Standing], *, final: bool, ascii: bool) -> str:
    """``A and B share first place with 7½ points.`` or ``A leads with 3 points.``"""
    names = ", ".join(r.name for r in leaders[:-1])
    names = f"{names} and {leaders[-1].name}" if names else leaders[-1].name
    points = leaders[0].points
    unit = "point" if points in (Decimal(1), Decimal("0.5")) else "points"
    if len(leaders) > 1:
        verb = "share first place" if final else "share the lead"
    else:
        verb = "wins" if final else "leads"
    return f"{names} {verb} with {format_points(points, ascii=ascii)} {unit}."


@click.command("demo")
@click.option(
    "--rounds",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Stop after round N, 1 to the event's 9 rounds (default: play every round).",
)
@click.option(
    "--trf-out",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    default=None,
    metavar="PATH",
    help="Write the event, as played, to PATH as a TRF file.",
)
@ascii_option
def demo_command(rounds: int | None, trf_out: Path | None, ascii_: bool) -> None:
    """Run a bundled ten-player club round robin: pairings, results, standings, crosstable."""
    for block in run_demo(rounds, trf_out, ascii=ascii_):
        click.echo(block)
        click.echo()


def register(cli: click.Group) -> None:
    """Add ``demo`` to the ``chessarbiter`` command group."""
    cli.add_command(demo_command)
