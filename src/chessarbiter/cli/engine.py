"""The pairing-engine command line, compatible with bbpPairings and JaVaFo, so that a tournament
platform can swap engines without code changes::

    chessarbiter [-r] SYSTEM INPUT.trf -p [OUTPUT] [-l [CHECKLIST]]
    chessarbiter [-r] SYSTEM INPUT.trf -c [-l [CHECKLIST]]
    chessarbiter [-r] SYSTEM (MODEL.trf -g | -g [CONFIG]) -o OUTPUT.trf [-s SEED] [-l [CHECKLIST]]
    chessarbiter -r

SYSTEM is ``--dutch`` (C.04.3), ``--dubov`` (C.04.4.1), ``--burstein`` (C.04.4.2), ``--lim``
(C.04.4.3), ``--double-swiss`` (C.04.5) or ``--keizer`` (the club system):
:data:`chessarbiter.pairing.systems.SYSTEMS`. With ``--double-swiss`` every round is a
two-game match held as two round columns of the file (match *k*: rounds ``2k-1`` and ``2k``,
:mod:`chessarbiter.pairing.double_swiss.rules`): ``-p`` pairs the next match (the boards are
game 1's colours), ``-c`` re-pairs every match (``Round #k`` is match *k*), ``-g`` generates
``RoundsNumber`` matches (:mod:`chessarbiter.pairing.double_swiss.generator`).
The arguments are positional, exactly as bbpPairings v6.0.0 reads them (``main.cpp``), plus
``--edition NAME`` anywhere (the edition of the system's rules: for the Dutch system 2026,
2017 or 2013-colours (the 2017 rules with the colour allocation of Dutch Colours 2013), default
2026; for Keizer the variant). The rules are in each system's engine
(:mod:`chessarbiter.pairing.dutch.engine` and its siblings), the comparison of ``-c`` in
:mod:`chessarbiter.pairing.dutch.checker`; this module reads the arguments and writes the
engines' formats.

* ``-p``: pair the next round. OUTPUT (default: standard output) gets the number of lines, then
  ``WHITE BLACK`` per board in board order, the pairing-allocated bye as ``ID 0``.
* ``-c``: re-pair every round of a played tournament and compare with what was played. Prints
  ``NAME: Round #N`` for every round (NAME is the input's file name without extension), under a
  round that differs a two-column table ``Checker pairings`` / ``Tournament pairings`` (or
  ``No valid pairing exists for round N.``), and a final empty line, as bbpPairings does.
* ``-g``: generate a random tournament (see :mod:`chessarbiter.pairing.dutch.generator` for the
  configuration keys; without CONFIG every parameter is drawn at random, as in bbpPairings). The
  seed is written in the ``012`` line (``AutoTest Tournament SEED``). With a MODEL, its players
  are kept and the rates are measured on its results.
* ``-r``: print the program name and version first (alone: only that).
* ``-l``: also write bbpPairings' check-list (per score group: score, colours, preference, bye
  eligibility, floats, opponents); default file: the input (with ``-g``, the output) with the
  extension ``.list``.

As in bbpPairings, an OUTPUT or CHECKLIST given without a directory is written in the input's
directory (with ``-g``: the configuration's or model's directory, if any).

Exit codes (bbpPairings' ``main.cpp``):

== ================= ===========================================================================
0  success
1  NO_VALID_PAIRING  no pairing satisfies the absolute criteria (``-p``; ``-g`` then still writes
                     the tournament up to the round that failed). Also ``-c`` when any round
                     differs: bbpPairings exits 0 there; a non-zero code lets scripts see it.
2  UNEXPECTED_ERROR  an internal error (please report)
3  INVALID_REQUEST   malformed command line; invalid TRF or configuration file (the problems on
                     standard error as ``FILE:LINE:COL: message``); a request the engine cannot
                     serve (an unknown initial colour, an edition not available; with
                     ``--double-swiss``, columns that are not whole matches, named by player,
                     match and rounds);
                     ``-p`` on a file whose last round has games without a result (the round
                     and the games are named: C.04.1/C.04.2, a round is paired once the
                     previous results are known)
4  LIMIT_EXCEEDED    beyond what TRF can carry (players, ratings), a seed above 2^64 - 1
5  FILE_ERROR        an input that cannot be read or an output that cannot be written
== ================= ===========================================================================

These differ from the rest of ``chessarbiter``'s commands (2 there is a usage error): engine
invocations keep bbpPairings' codes, which platforms already test.
"""

from __future__ import annotations

import dataclasses
import os
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from itertools import zip_longest
from pathlib import Path
from typing import TextIO

from chessarbiter import __version__
from chessarbiter import trf as trf_io
from chessarbiter.editions import DoubleSwissEdition, DutchEdition
from chessarbiter.errors import ChessArbiterError, FileFormatError, PairingError
from chessarbiter.model import Tournament
from chessarbiter.pairing.double_swiss import checker as double_swiss_checker
from chessarbiter.pairing.double_swiss import generator as double_swiss_generator
from chessarbiter.pairing.dutch.checker import (
    Pair,
    RoundCheck,
    RoundDifference,
    check_rounds,
    checklist,
)
from chessarbiter.pairing.dutch.engine import no_pairing_reason
from chessarbiter.pairing.dutch.generator import (
    BadConfigError,
    GenerationStopped,
    GeneratorConfig,
    GeneratorLimitError,
    RoundHook,
    config_from_model,
    generate,
    parse_config,
)
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.readiness import check_ready_to_pair
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.pairing.systems import DOUBLE_SWISS, SYSTEMS, SwissSystem, system_of_flag

EXIT_OK = 0
NO_VALID_PAIRING = 1
UNEXPECTED_ERROR = 2
INVALID_REQUEST = 3
LIMIT_EXCEEDED = 4
FILE_ERROR = 5

ENGINE_FLAGS = tuple(
    dict.fromkeys([*(s.flag for s in SYSTEMS), "--burstein", "--dubov", "--lim", "--double-swiss"])
)
"""The first argument (after ``-r``) that makes an engine invocation: the systems chessarbiter
pairs, and those bbpPairings or other engines know (refused with a clear message)."""

MAX_SEED = 2**64 - 1

_SYSTEM_FLAGS = tuple(s.flag for s in SYSTEMS)


def program_info() -> str:
    """What ``-r`` prints, and the last line of a check-list file."""
    return f"chessarbiter {__version__} (FIDE Swiss engines, bbpPairings-compatible command line)"


def _usage() -> str:
    prog = "chessarbiter"
    system = "(" + " | ".join(_SYSTEM_FLAGS) + ") [--edition NAME]"
    checklist_syntax = "[-l [check-list-file]]"
    return "\n".join(
        [
            program_info(),
            "",
            "Command line argument syntax:",
            f"{prog} [-r]",
            f"{prog} [-r] {system} input-file -c {checklist_syntax}",
            f"{prog} [-r] {system} input-file -p [output-file] {checklist_syntax}",
            f"{prog} [-r] {system} (model-file -g | -g [config-file]) -o trf_file "
            f"[-s random_seed] {checklist_syntax}",
        ]
    )


def _split_edition(argv: list[str]) -> tuple[list[str], str | None, bool]:
    """``argv`` without its ``--edition`` options, the last edition given, and whether the
    options were well formed."""
    rest: list[str] = []
    edition: str | None = None
    ok = True
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--edition":
            if i + 1 >= len(argv):
                ok = False
                i += 1
                continue
            edition = argv[i + 1]
            i += 2
            continue
        if arg.startswith("--edition="):
            edition = arg.partition("=")[2]
        else:
            rest.append(arg)
        i += 1
    return rest, edition, ok


def is_engine_invocation(argv: list[str]) -> bool:
    """Whether ``argv`` (without the program name) is for the engine command line: its first
    argument, after ``-r`` and ``--edition`` options, is ``--dutch`` or ``--burstein``; or it is
    just ``-r``.

    >>> is_engine_invocation(["--dutch", "in.trf", "-p"])
    True
    >>> is_engine_invocation(["-r", "--edition", "2017", "--dutch", "in.trf", "-c"])
    True
    >>> is_engine_invocation(["pair", "in.trf"])
    False
    """
    args, _, _ = _split_edition(argv)
    if args == ["-r"]:
        return True
    first = 1 if args[:1] == ["-r"] else 0
    return len(args) > first and args[first] in ENGINE_FLAGS


@dataclass
class _Request:
    """One engine invocation, as bbpPairings' ``main`` reads its arguments."""

    print_info: bool
    system: str | None
    check: bool = False
    pair: bool = False
    generate: bool = False
    input: str | None = None
    output: str | None = None
    model: bool = False
    config: bool = False
    seed: str | None = None
    checklist: bool = False
    checklist_file: str | None = None


def _parse(a: list[str]) -> _Request | None:
    """A transcription of bbpPairings' argument reading (``argv[k]`` is ``a[k - 1]``);
    ``None`` for an invalid command line."""
    print_info = not a or a[0] == "-r"
    n = len(a)
    req = _Request(print_info, a[int(print_info)] if n > print_info else None)
    p = 1 + print_info
    if n >= p + 2 and a[p + 1] == "-c":
        req.check = True
        req.input = a[p]
        p += 2
    output_file = n >= p + 3 and a[p + 2] != "-l"
    if n >= p + 2 + output_file and a[p + 1] == "-p":
        req.pair = True
        req.input = a[p]
        p += 2
        if output_file:
            req.output = a[p]
            p += 1
    model = n >= p + 1 and a[p] != "-g"
    config = n >= p + 2 + model and a[p + 1 + model] != "-o"
    seed = n >= p + 5 + model + config and a[p + 3 + model + config] == "-s"
    if (
        not (model and config)
        and n >= p + 3 + model + config + 2 * seed
        and a[p + 1 + model + config] == "-o"
        and (not model or a[p + 1] == "-g")  # bbpPairings does not look at it
    ):
        req.generate = True
        req.model = model
        req.config = config
        if model:
            req.input = a[p]
            p += 1
        p += 1
        if config:
            req.input = a[p]
            p += 1
        p += 1
        req.output = a[p]
        p += 1
        if seed:
            req.seed = a[p + 1]
            p += 2
    if n >= p + 1 and a[p] == "-l":
        req.checklist = True
        p += 1
        if p < n:
            req.checklist_file = a[p]
            p += 1
    if n > print_info and (
        req.system not in ENGINE_FLAGS or req.check + req.pair + req.generate != 1 or p != n
    ):
        return None
    return req


def _relativize(filename: str, base: str) -> str:
    """bbpPairings' ``relativizePath``: a bare file name goes beside ``base``."""
    if os.path.dirname(filename):
        return filename
    return os.path.join(os.path.dirname(base), filename)


def _checklist_path(req: _Request, base: str) -> str:
    if req.checklist_file is not None:
        return _relativize(req.checklist_file, base)
    return str(Path(base).with_suffix(".list"))


class _Failure(Exception):
    """Ends the run with an exit code, the message already printed."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def _err(message: str) -> None:
    print(message, file=sys.stderr)


def _read_trf(path: str) -> trf_io.TrfDocument:
    try:
        return trf_io.read_file(path)
    except FileFormatError as e:
        for problem in e.problems:
            _err(str(problem))
        raise _Failure(INVALID_REQUEST) from e
    except OSError as e:
        _err(f"Error reading file {path}: {e.strerror or e}")
        raise _Failure(FILE_ERROR) from e


def _open_output(path: str, what: str) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8", newline="")
    except OSError as e:
        _err(f"The {what} ({path}) could not be opened.")
        raise _Failure(FILE_ERROR) from e


def _open_checklist(req: _Request, base: str) -> TextIO | None:
    if not req.checklist:
        return None
    path = _checklist_path(req, base)
    try:
        return open(path, "w", encoding="utf-8", newline="")
    except OSError:
        _err(f"The checklist file ({path}) could not be opened.")
        return None


def _close_checklist(stream: TextIO | None, complete: bool = True) -> None:
    if stream is not None:
        if complete:
            stream.write(program_info())
        stream.close()


def run_engine(argv: list[str], *, matcher: MatcherFactory | None = None) -> int:
    """Run an engine invocation (``argv`` without the program name); returns the exit code
    (see the module docstring). ``matcher`` is passed to the pairing engine."""
    args, edition_name, edition_ok = _split_edition(argv)
    req = _parse(args) if edition_ok else None
    if req is None:
        _err(_usage())
        return INVALID_REQUEST
    if req.print_info:
        print(program_info())
    if req.system is None:
        return EXIT_OK
    try:
        system = system_of_flag(req.system)
        edition = system.edition(edition_name)
    except PairingError as e:
        _err(str(e))
        return INVALID_REQUEST
    engine = _Engine(system, edition, matcher)
    try:
        if req.check:
            return _check(req, engine)
        if req.pair:
            return _pair(req, engine)
        return _generate(req, engine)
    except _Failure as e:
        return e.code
    except Exception as e:  # the last resort, as bbpPairings' main
        _err(f"Unexpected error (please report): {type(e).__name__}: {e}")
        return UNEXPECTED_ERROR


@dataclass(frozen=True)
class _Engine:
    """The system and edition asked for, and the matcher to pair with."""

    system: SwissSystem
    edition: StrEnum
    matcher: MatcherFactory | None

    def pair(self, tournament: Tournament) -> RoundPairing:
        return self.system.pair(tournament, self.edition, matcher=self.matcher)

    @property
    def double_swiss(self) -> bool:
        """Rounds are two-game matches held as two columns each (C.04.5)."""
        return self.system is DOUBLE_SWISS

    def check_rounds(self, tournament: Tournament) -> Iterator[RoundCheck]:
        """Every round (a match for the Double-Swiss system) re-paired and compared."""
        if self.double_swiss:
            return double_swiss_checker.check_rounds(
                tournament, DoubleSwissEdition(self.edition.value), self.matcher
            )
        return check_rounds(tournament, self.dutch, self.matcher, pair=self.pair)

    def checklist(self, tournament: Tournament, pairing: RoundPairing | None) -> str:
        """bbpPairings' check-list of the round to be paired."""
        if self.double_swiss:
            return double_swiss_checker.checklist(tournament, pairing)
        return checklist(tournament, self.dutch, pairing)

    @property
    def dutch(self) -> DutchEdition:
        """The Dutch edition whose round facts the check-list and the checker's report show
        (the Swiss facts of the current text for the other systems)."""
        return self.system.basic_rules.get(self.edition.value, DutchEdition.DUTCH_2026)


def _pair(req: _Request, engine: _Engine) -> int:
    assert req.input is not None
    source = req.input
    tournament = _read_trf(source).tournament
    out: TextIO = sys.stdout
    if req.output is not None:
        out = _open_output(_relativize(req.output, source), "output file")
    try:
        list_stream = _open_checklist(req, source)
        try:
            check_ready_to_pair(tournament, tournament.rounds_played + 1)
            pairing = engine.pair(tournament)
        except NoValidPairingError as e:
            if list_stream is not None:
                _write_checklist(list_stream, tournament, engine, None)
            _close_checklist(list_stream, complete=False)
            _err(f"Error while pairing {source}: No valid pairing exists: {no_pairing_reason(e)}")
            return NO_VALID_PAIRING
        except PairingError as e:
            _close_checklist(list_stream, complete=False)
            _err(f"Error while pairing {source}: {e}")
            return INVALID_REQUEST
        if list_stream is not None:
            _write_checklist(list_stream, tournament, engine, pairing)
        _close_checklist(list_stream)
        out.write("".join(f"{line}\n" for line in pairing.engine_lines()))
    finally:
        if out is not sys.stdout:
            out.close()
    return EXIT_OK


def _write_checklist(
    stream: TextIO, tournament: Tournament, engine: _Engine, pairing: RoundPairing | None
) -> None:
    try:
        stream.write(engine.checklist(tournament, pairing))
    except PairingError as e:
        stream.write(f"Error: {e}\n")


def _cell(pair: Pair | None) -> str:
    if pair is None:
        return " " * 9
    white, black = pair
    return f"{white:>3} - {black:>3}"


def difference_table(difference: RoundDifference) -> list[str]:
    """bbpPairings' report of a round that differs: the checker's pairs beside the
    tournament's.

    >>> difference_table(RoundDifference(2, ((1, 2),), ((2, 1),)))
    ['  Checker pairings        Tournament pairings ', '      1 -   2                  2 -   1', '']
    """
    if difference.no_valid_pairing:
        return [f"No valid pairing exists for round {difference.round}.", ""]
    lines = ["  Checker pairings" + " " * 8 + "Tournament pairings "]
    for mine, theirs in zip_longest(difference.engine, difference.tournament):
        lines.append(f"    {_cell(mine)}{' ' * 16}{_cell(theirs)}".rstrip())
    lines.append("")
    return lines


def _check(req: _Request, engine: _Engine) -> int:
    assert req.input is not None
    source = req.input
    tournament = _read_trf(source).tournament
    if engine.system.names_other_system(tournament.system):
        _err(f"Pairing system specified in file {source} does not match command line flag.")
        return INVALID_REQUEST
    list_stream = _open_checklist(req, source)
    name = Path(source).stem
    differences = 0
    try:
        for check in engine.check_rounds(tournament):
            print(f"{name}: Round #{check.round}")
            if list_stream is not None:
                list_stream.write(f"Round #{check.round}\n")
                if check.pairing is None or check.pairing.boards or check.pairing.bye:
                    _write_checklist(list_stream, check.before, engine, check.pairing)
            if check.difference is not None:
                differences += 1
                print("\n".join(difference_table(check.difference)))
    except PairingError as e:
        _close_checklist(list_stream, complete=False)
        _err(f"Error checking file {source}: {e}")
        return INVALID_REQUEST
    print()
    _close_checklist(list_stream)
    return NO_VALID_PAIRING if differences else EXIT_OK


def _seed(text: str | None) -> int:
    if text is None:
        return random.SystemRandom().getrandbits(32)
    if not text.isascii() or not text.isdigit():
        _err(f"The seed must be a whole number between 0 and {MAX_SEED}, not {text!r}.")
        raise _Failure(INVALID_REQUEST)
    value = int(text)
    if value > MAX_SEED:
        _err(f"The seed must be between 0 and {MAX_SEED}.")
        raise _Failure(LIMIT_EXCEEDED)
    return value


def _generate(req: _Request, engine: _Engine) -> int:
    assert req.output is not None
    seed = _seed(req.seed)
    rng = random.Random(seed)
    model: Tournament | None = None
    dialect = trf_io.TRFX
    source = req.input
    if req.model:
        assert source is not None
        doc = _read_trf(source)
        model, dialect = doc.tournament, doc.dialect
        if dialect.version == "16":  # XXR and XXC carry the rounds and the initial colour
            dialect = dataclasses.replace(dialect, engine=True)
        try:
            if engine.double_swiss:
                config = double_swiss_generator.config_from_double_swiss_model(model)
            else:
                config = config_from_model(model)
        except BadConfigError as e:
            _err(f"Error processing file {source}: {e}")
            return INVALID_REQUEST
    else:
        config = GeneratorConfig.random_defaults(rng)
        if source is not None:
            try:
                with open(source, encoding="utf-8") as f:
                    text = f.read()
            except (OSError, UnicodeDecodeError) as e:
                _err(f"Error while reading configuration file {source}: {e}")
                return FILE_ERROR
            try:
                config = parse_config(text, config, source)
            except FileFormatError as e:
                for problem in e.problems:
                    _err(str(problem))
                return INVALID_REQUEST
    try:
        if engine.double_swiss:
            double_swiss_generator.validate(config)
        else:
            config.validate()
    except BadConfigError as e:
        _err(f"Error while processing configuration file {source or '(defaults)'}: {e}")
        return INVALID_REQUEST
    except GeneratorLimitError as e:
        _err(f"Error processing configuration file {source or '(defaults)'}: {e}")
        return LIMIT_EXCEEDED
    output = req.output if source is None else _relativize(req.output, source)
    out = _open_output(output, "output file")
    result = EXIT_OK
    with out:
        list_stream = _open_checklist(req, output)

        def write_round(r: int, t: Tournament, pairing: RoundPairing | None) -> None:
            assert list_stream is not None
            list_stream.write(f"Round #{r}.\n")
            _write_checklist(list_stream, t, engine, pairing)

        hook: RoundHook | None = write_round if list_stream is not None else None
        try:
            if engine.double_swiss:
                tournament = double_swiss_generator.generate(
                    config,
                    rng,
                    DoubleSwissEdition(engine.edition.value),
                    name=f"AutoTest Tournament {seed}",
                    model=model,
                    matcher=engine.matcher,
                    on_round=hook,
                )
                if dialect.version == "2026":
                    tournament.system = double_swiss_generator.TRF_TYPE
            else:
                tournament = generate(
                    config,
                    rng,
                    engine.dutch,
                    name=f"AutoTest Tournament {seed}",
                    model=model,
                    matcher=engine.matcher,
                    on_round=hook,
                    pair=engine.pair,
                )
        except GenerationStopped as e:
            _err(f"Error generating {output}: {e}")
            tournament = e.tournament
            result = NO_VALID_PAIRING
        except PairingError as e:
            _close_checklist(list_stream, complete=False)
            _err(f"Error generating {output}: {e}")
            return INVALID_REQUEST
        _close_checklist(list_stream)
        try:
            out.write(trf_io.dumps(tournament, dialect))
        except ChessArbiterError as e:
            _err(f"Error writing tournament to {output}: {e}")
            return LIMIT_EXCEEDED
    return result
