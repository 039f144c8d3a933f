"""Fuzzing the command line (issue 13, "make it stay fixed"): every command of ``chessarbiter``
but ``web`` (and ``trf check``, ``trf convert``, ``standings``, fuzzed beside this file with the
TRF reader) is run in-process, through :class:`click.testing.CliRunner`, with generated
arguments: valid-looking ones and hostile ones (huge, negative and zero numbers, dates at the
ends of the calendar, empty strings, Unicode digits and control characters, long strings,
random option combinations, files of random bytes and mutated real files from
``../shared/real``). The bbpPairings-compatible engine form (``--dutch ...``) gets its own
generated command lines.

What must hold for every run:

* the exit code is one the command documents: 0, 1, 2 (usage) or 3 (invalid input); for the
  engine form bbpPairings' 0, 1, 3, 4, 5 (its 2, "unexpected error", is a bug);
* no Python traceback: the run ends normally or by ``SystemExit``, and no output holds a
  traceback;
* each run is bounded in time (``CHESSARBITER_FUZZ_RUN_SECONDS``, default 60) and in memory
  (``CHESSARBITER_FUZZ_MEMORY_MB`` of address space above the test process's own, default
  2048; Linux only): exceeding either fails the run.

The budget is ``CHESSARBITER_FUZZ_EXAMPLES`` examples per command (default 30, about half a
minute for the module on one core; ``large``: 500); the failing arguments are printed in the
assertion.
``CHESSARBITER_FUZZ_STATS=1`` (with ``pytest -s``) prints the exit codes seen per command.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import click
import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from chessarbiter.cli import main as cli_main

_BUDGET = os.environ.get("CHESSARBITER_FUZZ_EXAMPLES", "30").strip().lower()
EXAMPLES = 500 if _BUDGET == "large" else int(_BUDGET)  # "large": about 15 minutes
RUN_SECONDS = float(os.environ.get("CHESSARBITER_FUZZ_RUN_SECONDS", "60"))
MEMORY_MB = int(os.environ.get("CHESSARBITER_FUZZ_MEMORY_MB", "2048"))

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
REAL = SHARED / "real"
DUTCH = SHARED / "corpus" / "dutch"

MAIN_CODES = frozenset({0, 1, 2, 3})
"""``chessarbiter``'s exit codes (:mod:`chessarbiter.cli.main`)."""
ENGINE_CODES = frozenset({0, 1, 3, 4, 5})
"""The engine form's codes (:mod:`chessarbiter.cli.engine`) but 2, an unexpected error."""

SKIPPED = ("web", "trf", "standings")
"""Command groups not fuzzed here: the web application, and the TRF commands and standings
fuzzed with the TRF reader."""

FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)

COSTLY = {"doctor": 4, "clock dead-position": 3}
"""Commands whose valid runs do seconds of bounded work by design (``doctor --measure``
generates a Swiss and pairs a round with each kernel; the dead-position check searches for a
helpmate up to its node limit): their example budget is :data:`EXAMPLES` divided by this, with
the same strategies. Their bounds are tested directly beside their own tests."""


# -- running one command line -----------------------------------------------------------------


class RunTimeout(BaseException):
    """A run took longer than :data:`RUN_SECONDS` (a BaseException, so that no ``except
    Exception`` of the program under test can swallow it)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`RunTimeout` in the block after ``seconds`` (POSIX, main thread)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise RunTimeout(f"the run took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _address_space() -> int | None:
    """This process's virtual memory size in bytes (Linux), else ``None``."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return None
    found = re.search(r"^VmSize:\s+(\d+) kB", status, re.MULTILINE)
    return int(found.group(1)) * 1024 if found else None


EXITS: Counter[tuple[str, int]] = Counter()
"""Runs by command and exit code, printed at the end of the module with
``CHESSARBITER_FUZZ_STATS=1`` (and ``pytest -s``): a command whose runs all end in usage
errors is not being fuzzed."""


@pytest.fixture(scope="module", autouse=True)
def exit_statistics() -> Iterator[None]:
    yield
    if os.environ.get("CHESSARBITER_FUZZ_STATS"):
        commands = sorted({command for command, _ in EXITS})
        for command in commands:
            codes = {code: n for (c, code), n in EXITS.items() if c == command}
            print(f"{command}: " + ", ".join(f"exit {k}: {v}" for k, v in sorted(codes.items())))


@pytest.fixture(scope="module", autouse=True)
def memory_bound() -> Iterator[None]:
    """Cap the address space at :data:`MEMORY_MB` above what the process uses now, so that a
    command that tries to allocate gigabytes fails with ``MemoryError`` instead of swapping."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    used = _address_space()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if used is None:
        yield
        return
    cap = used + MEMORY_MB * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@dataclass(frozen=True)
class FileArg:
    """A file argument, made in the run's own directory: ``kind`` is ``file`` (``data`` written
    to ``name``), ``missing`` (no such file), ``dir`` (a directory), ``output`` (a path to be
    written) or ``lost`` (a path in a directory that does not exist)."""

    kind: str
    name: str = "input.txt"
    data: bytes = b""

    def make(self, where: Path, index: int = 0) -> str:
        """Make the file in ``where`` (the ``index``-th file argument: each has its own name)."""
        path = where / f"{index}-{self.name}"
        if self.kind == "file":
            path.write_bytes(self.data)
        elif self.kind == "dir":
            path.mkdir(exist_ok=True)
        elif self.kind == "lost":
            path = where / "no-such-directory" / path.name
        return str(path)


Token = str | FileArg


def run_command_line(tokens: list[Token], codes: frozenset[int], label: str = "") -> Result:
    """Run ``chessarbiter TOKENS`` in-process in a fresh directory (also the working
    directory), and check the exit code, the absence of any traceback and the time taken."""
    runner = CliRunner()
    with tempfile.TemporaryDirectory(prefix="ca-fuzz-") as where:
        argv = [
            t.make(Path(where), i) if isinstance(t, FileArg) else t for i, t in enumerate(tokens)
        ]

        @click.command()
        def entry() -> None:
            sys.exit(cli_main.main(argv))

        before = os.getcwd()
        os.chdir(where)
        started = time.monotonic()
        try:
            with time_limit(RUN_SECONDS):
                result = runner.invoke(entry, [], catch_exceptions=True)
        finally:
            os.chdir(before)
        elapsed = time.monotonic() - started
    shown = " ".join(repr(a) if len(a) < 200 else repr(a[:200]) + "..." for a in argv)
    where_text = f"chessarbiter {shown}\nstdout: {result.stdout[-2000:]!r}\n"
    where_text += f"stderr: {result.stderr[-2000:]!r}"
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        trace = "".join(traceback.format_exception(result.exception))
        raise AssertionError(f"a traceback escaped:\n{where_text}\n{trace}")
    assert "Traceback (most recent call last)" not in result.output, where_text
    event(f"exit {result.exit_code}")
    EXITS[label, result.exit_code] += 1
    assert result.exit_code in codes, (
        f"exit {result.exit_code} not in {sorted(codes)}\n{where_text}"
    )
    assert elapsed < RUN_SECONDS, f"{elapsed:.1f} s\n{where_text}"
    return result


# -- values ------------------------------------------------------------------------------------

HOSTILE_WORDS = [
    "",
    " ",
    "-1",
    "0",
    "1",
    "-0",
    "99999999999999999999",
    "1" + "0" * 4400,
    "1e999",
    "-1e999",
    "1e-999",
    "nan",
    "inf",
    "-inf",
    "½",
    "²",
    "١٢",
    "1_000",
    "0x10",
    "1.5",
    "1,5",
    "\x00",
    "\x1c",
    "\u2028",
    "\ufeff1",
    "Müller",
    "💥",
    ",",
    ":",
    "=",
    "|",
    "-",
    "--",
    "-h",
    "A" * 300,
]


@st.composite
def long_text(draw: st.DrawFn) -> str:
    """A long string: a word repeated, up to about 200,000 characters."""
    word = draw(st.sampled_from(["9", "A", "1,", "R,", "1-0,", "é", "\t", "x" * 1000]))
    size = draw(st.sampled_from([1000, 50_000, 200_000]))
    return (word * (size // len(word) + 1))[:size]


HOSTILE = st.one_of(
    st.sampled_from(HOSTILE_WORDS),
    st.text(max_size=30),
    st.text(alphabet=st.characters(max_codepoint=0x20), max_size=8),
    long_text(),
)
"""Text any value may be replaced with."""


@st.composite
def mutated_text(draw: st.DrawFn, samples: list[str]) -> str:
    """A sample with a few characters inserted, deleted or replaced."""
    text = draw(st.sampled_from(samples))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        piece = draw(st.sampled_from(["9", "0", "-", ",", ":", "=", "½", "\x00", " ", "99999"]))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + piece + text[at + len(piece) :]
    return text


HOSTILE_PERCENT = 15
"""How often a value is hostile rather than valid-looking: low enough that most command lines
get past the option parsing, so that the commands themselves are fuzzed."""

T = TypeVar("T")


def _middle(n: int, percent: int) -> bool:
    """Whether ``n`` (0 to 99) falls in a window of ``percent`` values in the middle of the
    range: Hypothesis starts from 0, shrinks towards it and likes the ends of a range, so the
    rare choice is put away from both."""
    low = 50 - percent // 2
    return low <= n < low + percent


def mostly(valid: st.SearchStrategy[T], hostile: st.SearchStrategy[T]) -> st.SearchStrategy[T]:
    """``valid``, or ``hostile`` about one time in seven (:data:`HOSTILE_PERCENT`)."""
    return st.integers(0, 99).flatmap(lambda n: hostile if _middle(n, HOSTILE_PERCENT) else valid)


def chance(draw: st.DrawFn, percent: int) -> bool:
    """True about ``percent`` times in a hundred (see :func:`_middle`)."""
    return _middle(draw(st.integers(0, 99)), percent)


def texts(samples: list[str]) -> st.SearchStrategy[str]:
    """Valid-looking ``samples`` or (one time in four) mutated samples; sometimes hostile
    text."""
    mutated = st.integers(0, 99).flatmap(
        lambda n: mutated_text(samples) if _middle(n, 25) else st.sampled_from(samples)
    )
    return mostly(mutated, HOSTILE)


FEN = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8/4k3/8/8/8/4K1N1 w - - 0 1",
    "r3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "8/8/8/4k3/8/8/8/R3K2R w KQ - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
]
CONTROLS = ["40/6000+30:1800+30", "5400+30", "90+30", "300", "180+2", "G/60", "90 min + 30 s", "-"]
TIMES = ["95", "1:35", "0", "2.5", "1:00:00", "0:01", "600", "59:59", "1e308"]

HINTS: dict[str, list[str]] = {
    # clock
    "control": CONTROLS,
    "black_control": CONTROLS,
    "claimant_time": TIMES,
    "opponent_time": TIMES,
    "regulations": TIMES,
    "arrival": TIMES,
    "delay": TIMES,
    "white_moves": ["10,20,30", "5 5 5", "1:00,2:00"],
    "black_moves": ["10,20,30", "5 5 5", "1:00,2:00"],
    "fen": FEN,
    # telegraph, blitz
    "words": ["gego seso kahi", "gegoseso kahirati hadotiwi gakawigot", "gaka", "zzzz"],
    "moves_text": ["1-10", "1,5,9", "1-3,7,9-10", "e4 e5 Nf3", "10000", "1-10000"],
    # schedule, load
    "pattern": ["3R,A,3R,A,F", "2R,A|R,F", "D,RA,D,RA,D,RA,F", "366R", "R,A,R", "5R,A,F"],
    "start_text": ["18:00", "23:59", "00:00", "24:00", "9:5"],
    "level": ["none", "4", "3", "2", "1", "cm", "below-3", "3-2", "1-cm", "gm"],
    "hours": ["3.5", "24", "0", "2", "1e9", "nan"],
    # simul, solving, handicap, radio
    "exhibitor": ["gm", "master", "m", "cm", "1", "none"],
    "participants": ["2", "1:20,2:10", "3:1000", "4:1", "2:99999999999", "1:2,2:3"],
    "results": ["Tal,15½,2:35,20", "A,10,100", "B,12,1:50,20", "C,1e999,5", "D,3,9999999"],
    "positions": ["1=5", "study1=3", "2=2.5", "3=1e999"],
    "solvers": ["Ivanov=1,2:sc,3:u", "Petrov=", "Sidorov=1:scc,2"],
    "cook_bonus": ["0", "1", "0.5", "2"],
    "unsound_bonus": ["0", "1", "0.5"],
    "players": ["Averbakh=1.5", "Purdy=2", "Koshnitsky=5", "A=0.5"],
    "rounds": ["Averbakh 1-0 Purdy", "A 1/2 B, C bye", "Purdy 0-1 Koshnitsky"],
    "shown": ["50", "2:35", "0", "527040"],
    "transmissions": ["2", "0:30", "10", "527040"],
    # knockout
    "scores": ["1,0,0.5", "1,0,½,=", "", "0.5,0.5,0.5,0.5,1", "1,1", "2", "-1"],
    "lot_texts": ["main=first", "rapid-25=second", "armageddon=first", "sudden-death=second"],
    "title": ["Groningen 1997", "<script>", ""],
    # teams
    "tiebreaks": ["MP,GP,BH", "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", "BW", "SSSC,BC", "XYZ"],
    "board_weights": ["58,56,54,52", "1,0.9", "1e999", ""],
    "present": ["1,3,4,5,6", "12", "13,15", "x"],
    "late": ["1", "2,3"],
    "team": ["Spartak", "Dinamo", "Zenit"],
    "held_board_penalty": ["1", "2", "3", "0", "1e999"],
    "no_show": ["Spartak:3", "1", "Dinamo:11,12"],
    "results_list": ["1-0,½-½,1-0,0-1", "1-0,1-0,1-0,1-0", "+-,-+,--,1-0"],
}
"""Valid-looking values by parameter name."""


ROSTER = b"""\
team\trole\torder\tid\tname
Spartak\tmain\t1\t1\tPetrosian
Spartak\tmain\t2\t2\tSpassky
Spartak\tmain\t3\t3\tKorchnoi
Spartak\tmain\t4\t4\tTaimanov
Spartak\treserve\t1\t5\tTal
Spartak\treserve\t2\t6\tBronstein
Spartak\tcaptain\t\t1

Dinamo\tmain\t1\t11\tBotvinnik
Dinamo\tmain\t2\t12\tSmyslov
Dinamo\tmain\t3\t13\tKeres
Dinamo\tmain\t4\t14\tGeller
Dinamo\treserve\t1\t15\tAverbakh
Dinamo\tcaptain\t\tC\tCoach
"""
LINEUP = (
    b"Spartak\t1\t1\nSpartak\t2\t3\nSpartak\t3\t9\nSpartak\t4\t5\n"
    b"Dinamo\t1\t11\nDinamo\t2\t12\nDinamo\t3\t13\nDinamo\t4\t-\n"
)
PLAYERS_TSV = "number\tname\trating\n1\tAnn\t2500\n2\tBob\t2400\n3\tCid\t2300\n4\tDan\t\n"


def _seeds(patterns: tuple[str, ...], limit: int = 20_000) -> list[bytes]:
    """The bytes of the real files matching ``patterns`` (small ones: runs stay quick)."""
    found: list[bytes] = []
    if REAL.exists():
        for pattern in patterns:
            for path in sorted(REAL.rglob(pattern)):
                if path.is_file() and path.stat().st_size <= limit:
                    found.append(path.read_bytes())
    return found


def _corpus_samples(count: int = 12) -> list[bytes]:
    if not DUTCH.exists():
        return []
    files = sorted(DUTCH.glob("t0*/round0*.trf"), key=lambda p: (p.stat().st_size, p.name))
    return [p.read_bytes() for p in files[:count]]


TRF_SEEDS = _seeds(("*.trf", "*.input")) + _corpus_samples()
TEAM_SEEDS = [s for s in _seeds(("*.trf",), limit=120_000) if b"\n310 " in s or b"\n013 " in s]
TSV_SEEDS = [*_seeds(("*.tsv",)), PLAYERS_TSV.encode(), PLAYERS_TSV.encode("cp1252")]
ROSTER_SEEDS = [ROSTER, LINEUP, ROSTER.decode().encode("utf-16")]
ALL_SEEDS = TRF_SEEDS + TSV_SEEDS + ROSTER_SEEDS


@st.composite
def mutated_bytes(draw: st.DrawFn, seeds: list[bytes]) -> bytes:
    """A seed file with a few byte-level changes: flips, deletions, insertions, truncation,
    a line repeated."""
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["flip", "delete", "insert", "truncate", "repeat"]))
        if action == "flip" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif action == "delete":
            del data[at : at + draw(st.integers(1, 40))]
        elif action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif action == "truncate":
            del data[at:]
        else:
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            line = bytes(data[start : (end if end >= 0 else len(data))])
            data[start:start] = (line + b"\n") * draw(st.integers(1, 3))
    return bytes(data)


SPECIAL_FILES = [
    b"",
    b"\xef\xbb\xbf",
    b"\x00" * 64,
    "Jos\xe9\tM\xfcller\n".encode("cp1252"),
    b"number\tname\n1\t" + b"x" * 140_000 + b"\n",
]


def files(seeds: list[bytes], name: str) -> st.SearchStrategy[Token]:
    """An input file: a seed or a mutated seed; sometimes random bytes, a special file, or no
    file at all."""
    contents = mostly(
        st.one_of(st.sampled_from(seeds), mutated_bytes(seeds)),
        st.one_of(st.binary(max_size=2000), st.sampled_from(SPECIAL_FILES)),
    )
    return mostly(
        contents.map(lambda data: FileArg("file", name, data)),
        st.sampled_from([FileArg("missing", name), FileArg("dir", name)]),
    )


OUTPUTS: st.SearchStrategy[Token] = mostly(
    st.just(FileArg("output", "out.trf")),
    st.sampled_from([FileArg("lost", "out.trf"), FileArg("dir", "out.trf")]),
)


def _file_seeds(command: str, param: str) -> list[bytes]:
    if command.startswith("knockout"):
        return TSV_SEEDS + TRF_SEEDS[:3]
    if param == "roster_file":
        return ROSTER_SEEDS
    if param == "lineup_file":
        return [LINEUP, LINEUP.replace(b"\t-\n", b"\t14\n"), ROSTER]
    if command.startswith("teams") and TEAM_SEEDS:
        return TEAM_SEEDS + TRF_SEEDS[:3]
    return TRF_SEEDS or ALL_SEEDS


def ints(kind: click.ParamType[Any]) -> st.SearchStrategy[str]:
    """Numbers for an INT or IntRange parameter: small ones, its bounds and their neighbours,
    huge and negative ones, any integer, and hostile text."""
    edges = [1]
    if isinstance(kind, click.IntRange):
        for bound in (kind.min, kind.max):
            if bound is not None:
                edges += [bound - 1, bound, bound + 1]
    return mostly(
        st.one_of(
            st.sampled_from(["4", "8", "2", "3", "6", "10", "12", "16", "20", "1", "5"]),
            st.integers(1, 30).map(str),
            st.sampled_from(edges).map(str),
        ),
        st.one_of(
            st.sampled_from([0, -1, -(10**20), 10**9, 10**12, 10**20, 2**63, 2**64]).map(str),
            st.integers().map(str),
            HOSTILE,
        ),
    )


DATES = mostly(
    st.one_of(
        st.sampled_from(["0001-01-01", "9999-12-31", "9999-12-25", "9999-01-01", "2026-12-01"]),
        st.dates().map(dt.date.isoformat),
    ),
    HOSTILE,
)


def values(command: str, param: click.Parameter) -> st.SearchStrategy[Token]:
    """Values for ``param`` of ``command``, by its type (and its name for free text)."""
    kind = param.type
    name = param.name or ""
    if isinstance(kind, click.Path):
        output = not kind.exists and not kind.dir_okay and bool(kind.writable)
        return OUTPUTS if output else files(_file_seeds(command, name), f"{name}.txt")
    if isinstance(kind, click.IntRange) or kind is click.INT:
        return ints(kind)
    if isinstance(kind, click.Choice):
        return mostly(st.sampled_from([str(c) for c in kind.choices]), HOSTILE)
    if isinstance(kind, click.DateTime):
        return DATES
    if name == "results" and command.endswith("check-lineup"):
        name = "results_list"
    if name == "moves" and command.startswith("telegraph"):
        return texts(["e4 e5 Nf3", "1. e4 e5 2.Nf3 Nc6", "O-O", "e9"])
    if name == "moves":
        return texts(["10,20,30", "5 5 5 5", "1:00,2:00", "0.5,0.5"])
    return texts(HINTS.get(name, ["x"]))


@st.composite
def arguments(draw: st.DrawFn, path: str, command: click.Command) -> list[Token]:
    """A command line for ``command``: its options in a random order, each optional one
    present or not, a required one mostly present; its arguments; sometimes a stray word."""
    groups: list[list[Token]] = []
    positional: list[Token] = []
    for param in command.params:
        if isinstance(param, click.Argument):
            if param.nargs == -1:
                positional += draw(st.lists(values(path, param), min_size=0, max_size=4))
            elif not chance(draw, 3):
                positional.append(draw(values(path, param)))
            continue
        if not isinstance(param, click.Option) or param.name == "help":
            continue
        wanted = not chance(draw, 3) if param.required else draw(st.booleans())
        if not wanted:
            continue
        times = draw(st.integers(1, 3)) if param.multiple else 1
        for _ in range(times):
            flag = draw(st.sampled_from(param.opts))
            if param.is_flag:
                groups.append([flag])
            else:
                groups.append([flag, draw(values(path, param))])
    ordered = draw(st.permutations(groups))
    tokens: list[Token] = [*path.split()]
    for group in ordered:
        tokens += group
    tokens += positional
    tokens += [draw(HOSTILE)] if chance(draw, 3) else []
    return tokens


def _commands() -> dict[str, click.Command]:
    """Every leaf command of ``chessarbiter`` but :data:`SKIPPED`, by its words."""
    from chessarbiter.cli.main import cli, register_commands

    register_commands()
    found: dict[str, click.Command] = {}

    def walk(command: click.Command, words: list[str]) -> None:
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*words, name])
        elif words and words[0] not in SKIPPED:
            found[" ".join(words)] = command

    walk(cli, [])
    return dict(sorted(found.items()))


COMMANDS = _commands()


def test_every_command_is_fuzzed() -> None:
    """The command tree is walked, not listed by hand: a new command is fuzzed too."""
    assert {"pair", "roundrobin", "knockout draw", "teams mixed", "radio split"} <= set(COMMANDS)
    assert not any(path.split()[0] in SKIPPED for path in COMMANDS)
    assert set(COSTLY) <= set(COMMANDS)


@pytest.mark.parametrize("path", list(COMMANDS))
def test_command_with_generated_arguments(path: str) -> None:
    """Issue 13: no traceback, a documented exit code, bounded time and memory."""
    command = COMMANDS[path]
    budget = max(1, EXAMPLES // COSTLY.get(path, 1))

    @settings(FUZZ_SETTINGS, max_examples=budget)
    @given(arguments(path, command))
    def check(tokens: list[Token]) -> None:
        run_command_line(tokens, MAIN_CODES, path)

    check()


# -- the engine form ---------------------------------------------------------------------------

CONFIG_LINES = st.one_of(
    st.tuples(
        st.sampled_from(["PlayersNumber", "RoundsNumber"]),
        st.sampled_from(["0", "1", "2", "3", "5", "9", "100", "10000", "-1", "x", "1e9", ""]),
    ),
    st.tuples(
        st.sampled_from(
            [
                "DrawPercentage",
                "ForfeitRate",
                "RetiredRate",
                "HalfPointByeRate",
                "HighestRating",
                "LowestRating",
                "PointsForWin",
                "PointsForDraw",
                "PointsForLoss",
                "PointsForZPB",
                "PointsForForfeitLoss",
                "PointsForPAB",
                "Colours",
            ]
        ),
        st.sampled_from(["0", "1", "1.5", "50", "101", "2400", "1e9", "inf", "nan", "-1", "x"]),
    ),
)


@st.composite
def generator_config(draw: st.DrawFn) -> bytes:
    """A generator configuration: small tournaments (the size keys first, so that the run
    stays short), other keys at random, sometimes a broken line."""
    lines = [
        f"PlayersNumber={draw(st.sampled_from(['2', '3', '5', '8', '0', '10000', 'x']))}",
        f"RoundsNumber={draw(st.sampled_from(['1', '2', '3', '4', '0', '100']))}",
    ]
    lines += [f"{k}={v}" for k, v in draw(st.lists(CONFIG_LINES, max_size=5))]
    if draw(st.integers(0, 5)) == 0:
        lines.append(draw(HOSTILE))
    return "\n".join(lines).encode()


SMALL_TRF = [s for s in TRF_SEEDS if len(s) <= 8000] or [b"012 x\n"]


def trf_files(name: str) -> st.SearchStrategy[Token]:
    return files(SMALL_TRF, name)


OUT_FILES: list[Token] = ["out.txt", FileArg("lost", "out.txt")]
GENERATED_FILES: list[Token] = ["gen.trf", FileArg("lost", "gen.trf")]
CHECK_LISTS: list[Token] = ["check.list", FileArg("lost", "check.list")]


@st.composite
def engine_arguments(draw: st.DrawFn) -> list[Token]:
    """An engine command line: ``-p``, ``-c``, ``-g`` with a configuration or a model, ``-r``,
    ``--edition``, check-list files; or a soup of its words."""
    head: list[Token] = []
    if draw(st.booleans()):
        head.append("-r")
    system = draw(st.sampled_from(["--dutch", "--dutch", "--dutch", "--burstein"]))
    edition: list[Token] = []
    if draw(st.integers(0, 3)) == 0:
        edition = ["--edition", draw(st.sampled_from(["2026", "2017", "1999", ""]))]
    mode = draw(st.sampled_from(["pair", "pair", "check", "generate", "model", "soup"]))
    body: list[Token]
    if mode == "pair":
        body = [draw(trf_files("in.trf")), "-p"]
        if draw(st.booleans()):
            body.append(draw(st.sampled_from(OUT_FILES)))
    elif mode == "check":
        body = [draw(trf_files("in.trf")), "-c"]
    elif mode in ("generate", "model"):
        if mode == "generate":
            config = draw(st.one_of(generator_config(), st.binary(max_size=200)))
            body = ["-g", FileArg("file", "gen.cfg", config)]
        else:
            body = [draw(trf_files("model.trf")), "-g"]
        body += ["-o", draw(st.sampled_from(GENERATED_FILES))]
        if draw(st.booleans()):
            seed = draw(st.sampled_from(["0", "1", "42", str(2**64 - 1), str(2**64), "-1", "x"]))
            body += ["-s", seed]
    else:
        words = st.one_of(
            st.sampled_from(["-p", "-c", "-g", "-o", "-s", "-l", "-r", "--dutch", "--edition"]),
            trf_files("soup.trf"),
            HOSTILE,
        )
        body = draw(st.lists(words, max_size=6))
    if mode != "soup" and draw(st.integers(0, 3)) == 0:
        body.append("-l")
        if draw(st.booleans()):
            body.append(draw(st.sampled_from(CHECK_LISTS)))
    return [*head, *edition, system, *body] if mode != "soup" else [*head, system, *body]


@FUZZ_SETTINGS
@given(engine_arguments())
def test_engine_form_with_generated_arguments(tokens: list[Token]) -> None:
    """Issue 13: the bbpPairings-compatible form exits with one of its documented codes (never
    2, an unexpected error) and prints no traceback."""
    run_command_line(tokens, ENGINE_CODES, "--dutch (engine form)")


# -- the harness itself ------------------------------------------------------------------------


def test_the_harness_sees_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that raises is reported, not taken for a clean exit."""

    def broken(argv: list[str] | None = None) -> int:
        raise KeyError("boom")

    monkeypatch.setattr(cli_main, "main", broken)
    with pytest.raises(AssertionError, match="a traceback escaped"):
        run_command_line(["roundrobin", "-n", "4"], MAIN_CODES)


def test_the_harness_bounds_time() -> None:
    with pytest.raises(RunTimeout), time_limit(0.05):
        time.sleep(1)
