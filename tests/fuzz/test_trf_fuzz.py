"""Fuzzing the TRF reader and writer, the Dutch engine, and ``trf check``, ``trf convert``,
``trf result`` and ``standings`` with mutated real files (issue 13, "make it stay fixed").

The seeds are the real TRF files of ``../shared/real`` (valid and broken ones) and a few files
of the pairing corpus; each example applies one to four mutations to a seed's bytes: flipped
bytes, inserted control characters (U+001C-U+001F, NUL, ...), deleted, duplicated or swapped
lines, truncation, columns shifted by a blank, random digits or characters in a number column,
a record code changed, a contradictory record added, and the whole file re-encoded (UTF-16
with or without its byte-order mark, UTF-8 with one, Windows-1252).

What must hold:

* ``trf.decode`` and ``trf.read`` either read the bytes or raise :class:`TrfError`, each
  problem with the file's name, a line and a column; nothing else;
* what reads validates (:meth:`Tournament.validate`) or raises :class:`TournamentError`;
* what validates is written by ``dumps_with_losses`` in every dialect or refused with
  :class:`TrfDataLossError`; what is written reads back, to an equal tournament when nothing
  was reported lost;
* the Dutch engine on what reads (up to 60 players) pairs or raises a
  :class:`ChessArbiterError`;
* ``trf check``, ``trf convert``, ``trf result`` and ``standings``, run in-process through
  click's :class:`~click.testing.CliRunner`, exit 0 or 3 and print no traceback; what ``trf
  convert`` and ``trf result`` write, ``trf check`` accepts.

The budget is ``CHESSARBITER_FUZZ_EXAMPLES`` examples per test (a number, or ``large`` for
2,000; default 300, about half a minute for the module on one core). The failing bytes are
printed by hypothesis.
"""

from __future__ import annotations

import copy
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from chessarbiter.cli.exits import EXIT_INVALID_INPUT, EXIT_OK
from chessarbiter.cli.main import main
from chessarbiter.errors import ChessArbiterError, TournamentError, TrfDataLossError, TrfError
from chessarbiter.model import ForbiddenPairs, Tournament
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.trf import TRF16, TRF2026, TRFX, Dialect, decode, dumps_with_losses, read


def _examples() -> int:
    value = os.environ.get("CHESSARBITER_FUZZ_EXAMPLES", "300").strip().lower()
    return 2000 if value == "large" else int(value)


EXAMPLES = _examples()

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
REAL = SHARED / "real"
CORPUS = SHARED / "corpus"

pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason=f"{REAL} is not beside the checkout")

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=False,
    suppress_health_check=list(HealthCheck),
)

#: The dialects every readable file is written in.
DIALECTS = (TRF16, TRFX, TRF2026, Dialect(version="2026", engine=True))

#: The corpus features a seed is taken from (the smallest event of each, its third round).
CORPUS_KINDS = (
    "_clean_",
    "_forfeits_",
    "_forbidden_pair_",
    "_accel_baku192_",
    "_accel_inplace_",
    "_byes_F-now_",
    "_late_mixed_",
    "_points_football_",
    "_points_halfpab_",
)

ENGINE_MAX_PLAYERS = 60


def _real_seeds() -> list[Path]:
    if not REAL.is_dir():
        return []
    return sorted(REAL.rglob("*.trf")) + sorted((REAL / "bbpPairings/tests").glob("*.input"))


def _corpus_seeds() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    folders = sorted(p for p in (CORPUS / "dutch").iterdir() if p.is_dir())
    folders += sorted(p for p in (CORPUS / "dutch-features").iterdir() if p.is_dir())
    size = re.compile(r"_p(\d{4})_")
    seeds: list[Path] = []
    for kind in CORPUS_KINDS:
        matching = [f for f in folders if kind in f.name and (f / "round03.trf").is_file()]
        if matching:
            smallest = min(matching, key=lambda f: (int(size.search(f.name).group(1)), f.name))  # type: ignore[union-attr]
            seeds.append(smallest / "round03.trf")
    return seeds


SEEDS = [*_real_seeds(), *_corpus_seeds()]
SEED_BYTES = {path: path.read_bytes() for path in SEEDS}


def _players(path: Path) -> int:
    try:
        return len(read(decode(SEED_BYTES[path]), path.name).tournament)
    except TrfError:
        return sum(1 for line in SEED_BYTES[path].splitlines() if line.startswith(b"001"))


#: Seeds small enough for the engine.
ENGINE_SEEDS = [path for path in SEEDS if _players(path) <= ENGINE_MAX_PLAYERS]

# -- mutations ---------------------------------------------------------------------------------

CONTROL = ["\x1c", "\x1d", "\x1e", "\x1f", "\x00", "\x0b", "\x0c", "\x7f", "\x85", "\t", "\ufeff"]
NUMBER_CHARS = "0123456789 .-+\t٣²\xa0\u2009=wbWB"
#: (first, last) 1-based columns of the number fields of a 001 record (spec 6.1).
NUMBER_COLUMNS = [(5, 8), (49, 52), (58, 68), (81, 84), (86, 89), (92, 95), (97, 97), (99, 99),
                  (102, 105), (112, 115), (119, 119)]  # fmt: skip
CODES = ["001", "013", "132", "142", "152", "162", "202", "212", "240", "250", "260", "310",
         "XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "FRA", "###", "999"]  # fmt: skip
#: Records that contradict or overflow (issue 13 items 16 and 17).
HOSTILE_RECORDS = [
    "240 H   1    1    1",
    "240 F   1    1",
    "240 H   2    1\n240 Z   2    1",
    "XXP 1 1",
    "XXP 1 99999",
    "260   3   1    1    2",
    "260   1   2    1    1",
    "250 100.0 1.0   1   1    1    2",
    "250  1.0      5   1    1    2",
    "XXA    1 100.0",
    "XXA    1  1.0  2.0  3.0  4.0  5.0  6.0  7.0  8.0  9.0 10.0 11.0 12.0 13.0 14.0 15.0",
    "310   1 Twice                                                              1    1",
    "310   1 Again                                                              2",
    "013 Club                               1    2",
    "XXR 0",
    "XXR 100",
    "142 99999999999999999999",
    "162  W100.0    D50.0",
    "XXS W=1e3",
    "BBW  nan",
    "202 PTS,BH,SB",
    "212 BH,SB",
    "212 PTS,XYZ/C1",
    "202 EDET/P,BH:MP/C1/P",
]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


#: Letters a name or a header may hold (among them what Windows-1252 cannot encode).
LETTERS = "aAzZéüßŁøÇ€,.-' 0123456789Ωж中"


@st.composite
def mutated(draw: st.DrawFn, seeds: list[Path]) -> bytes:
    """A seed's bytes after one to four mutations (the last may re-encode the whole file)."""
    path = draw(st.sampled_from(seeds))
    data = SEED_BYTES[path]
    for _ in range(draw(st.sampled_from([1, 1, 1, 1, 2, 2, 3, 4]))):
        mutation = draw(st.sampled_from(MUTATIONS))
        event(f"mutation: {mutation.__name__.strip('_')}")
        data = mutation(draw, data)
    if draw(st.integers(0, 9)) == 0:
        data = _reencode(draw, data)
    return data


def _position(draw: st.DrawFn, data: bytes) -> int:
    return draw(st.integers(0, max(len(data) - 1, 0)))


def _flip_byte(draw: st.DrawFn, data: bytes) -> bytes:
    if not data:
        return data
    i = _position(draw, data)
    return data[:i] + bytes([draw(st.integers(0, 255))]) + data[i + 1 :]


def _insert_control(draw: st.DrawFn, data: bytes) -> bytes:
    i = _position(draw, data)
    return data[:i] + draw(st.sampled_from(CONTROL)).encode() + data[i:]


def _delete_line(draw: st.DrawFn, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[draw(st.integers(0, len(lines) - 1))]
    return b"\n".join(lines)


def _duplicate_line(draw: st.DrawFn, data: bytes) -> bytes:
    lines = _lines(data)
    i = draw(st.integers(0, len(lines) - 1))
    lines.insert(draw(st.integers(0, len(lines))), lines[i])
    return b"\n".join(lines)


def _swap_lines(draw: st.DrawFn, data: bytes) -> bytes:
    lines = _lines(data)
    i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _truncate(draw: st.DrawFn, data: bytes) -> bytes:
    return data[: _position(draw, data)]


def _shift_columns(draw: st.DrawFn, data: bytes) -> bytes:
    """A blank inserted in (or a character removed from) a line: every later column moves."""
    lines = _lines(data)
    i = draw(st.integers(0, len(lines) - 1))
    line = lines[i]
    at = draw(st.integers(0, len(line)))
    lines[i] = line[:at] + b" " + line[at:] if draw(st.booleans()) else line[:at] + line[at + 1 :]
    return b"\n".join(lines)


def _number_column(draw: st.DrawFn, data: bytes) -> bytes:
    """Random digits or odd characters in a number column of a player record."""
    lines = _lines(data)
    players = [i for i, line in enumerate(lines) if line.startswith(b"001")]
    if not players:
        return data
    i = draw(st.sampled_from(players))
    first, last = draw(st.sampled_from(NUMBER_COLUMNS))
    text = lines[i].decode("utf-8", errors="replace").ljust(last)
    value = draw(st.text(NUMBER_CHARS, min_size=last - first + 1, max_size=last - first + 1))
    lines[i] = (text[: first - 1] + value + text[last:]).rstrip().encode()
    return b"\n".join(lines)


def _edit_text(draw: st.DrawFn, data: bytes) -> bytes:
    """A letter of a name or a header changed: the file mostly stays valid."""
    lines = _lines(data)
    i = draw(st.integers(0, len(lines) - 1))
    text = lines[i].decode("utf-8", errors="replace")
    first, last = (15, 47) if text.startswith("001") else (5, max(len(text), 5))
    at = draw(st.integers(first, last)) - 1
    text = text.ljust(at + 1)
    lines[i] = (text[:at] + draw(st.sampled_from(LETTERS)) + text[at + 1 :]).rstrip().encode()
    return b"\n".join(lines)


def _digit(draw: st.DrawFn, data: bytes) -> bytes:
    """One digit replaced by another: a rating, an id, a round, an opponent, points."""
    digits = [m.start() for m in re.finditer(rb"[0-9]", data)]
    if not digits:
        return data
    i = draw(st.sampled_from(digits))
    return data[:i] + str(draw(st.integers(0, 9))).encode() + data[i + 1 :]


def _change_code(draw: st.DrawFn, data: bytes) -> bytes:
    lines = _lines(data)
    i = draw(st.integers(0, len(lines) - 1))
    lines[i] = draw(st.sampled_from(CODES)).encode() + lines[i][3:]
    return b"\n".join(lines)


def _hostile_record(draw: st.DrawFn, data: bytes) -> bytes:
    lines = _lines(data)
    lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(HOSTILE_RECORDS)).encode())
    return b"\n".join(lines)


def _reencode(draw: st.DrawFn, data: bytes) -> bytes:
    text = data.decode("utf-8", errors="replace")
    how = draw(st.sampled_from(["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig", "cp1252"]))
    event(f"re-encoded {how}")
    if how == "utf-16":  # with a byte-order mark, as Windows' "Unicode"
        return text.encode("utf-16")
    return text.encode(how, errors="replace")


MUTATIONS = [
    _edit_text,
    _edit_text,
    _digit,
    _digit,
    _flip_byte,
    _insert_control,
    _delete_line,
    _duplicate_line,
    _swap_lines,
    _truncate,
    _shift_columns,
    _number_column,
    _change_code,
    _hostile_record,
]


# -- the properties ----------------------------------------------------------------------------


def _read(data: bytes) -> Tournament | None:
    """The tournament of ``data``, or None when it is refused (with TrfError, located)."""
    try:
        doc = read(decode(data, "fuzz.trf"), "fuzz.trf")
    except TrfError as e:
        event("refused by the reader")
        assert e.problems
        for problem in e.problems:
            assert problem.file == "fuzz.trf"
            assert problem.line >= 0 and problem.column >= 0
        return None
    event("read")
    return doc.tournament


def _every_round(t: Tournament) -> Tournament:
    """XXP (every round) as TRF-2026 without engine lines writes it: 260 from round 1 to the
    last."""
    last = t.total_rounds
    t.forbidden_pairs = [
        ForbiddenPairs(f.players, 1, last) if f.first_round is None and last else f
        for f in t.forbidden_pairs
    ]
    return t


@FUZZ
@given(data=mutated(SEEDS))
def test_read_validate_write_read_back(data: bytes) -> None:
    t = _read(data)
    if t is None:
        return
    try:
        t.validate()
    except TournamentError:
        event("read but not valid")
        return
    for dialect in DIALECTS:
        try:
            text, losses = dumps_with_losses(t, dialect)
        except TrfDataLossError as e:
            event(f"TRF{dialect.version}{'x' if dialect.engine else ''}: refused")
            assert e.losses
            continue
        back = read(text, "written.trf").tournament  # what is written reads back
        if not losses:
            if dialect.version == "2026" and not dialect.engine:
                assert back == _every_round(copy.deepcopy(t))
            else:
                assert back == t


@FUZZ
@given(data=mutated(ENGINE_SEEDS))
def test_dutch_engine_pairs_or_says_why(data: bytes) -> None:
    t = _read(data)
    if t is None or len(t) > ENGINE_MAX_PLAYERS:
        return
    try:
        pairing = pair_round(t)
    except ChessArbiterError as e:
        event(f"engine: {type(e).__name__}")
        return
    event("engine: paired")
    assert pairing is not None


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="trf-fuzz-") as folder:
        yield Path(folder)


def _run(*args: str) -> tuple[int, str]:
    """``chessarbiter ARGS`` in-process, as the console script runs it (exit codes of
    :func:`chessarbiter.cli.main.main`); its code and everything it printed."""
    runner = CliRunner()
    with runner.isolation() as (out, err, _):
        code = main(list(args))
        printed = out.getvalue().decode(errors="replace") + err.getvalue().decode(errors="replace")
    return code, printed


@FUZZ
@given(data=mutated(SEEDS))
def test_cli_check_convert_standings(workdir: Path, data: bytes) -> None:
    path = workdir / "fuzz.trf"
    path.write_bytes(data)
    code, printed = _run("trf", "check", str(path))
    assert code in (EXIT_OK, EXIT_INVALID_INPUT), printed
    assert "Traceback" not in printed
    event(f"trf check: exit {code}")
    valid = code == EXIT_OK
    for target in ("16", "2026"):
        out = workdir / f"out{target}.trf"
        out.unlink(missing_ok=True)
        code, printed = _run("trf", "convert", str(path), "--to", target, "-o", str(out))
        assert code in (EXIT_OK, EXIT_INVALID_INPUT), printed
        assert "Traceback" not in printed
        assert (code == EXIT_OK) == out.exists(), printed
        if not valid:
            assert code == EXIT_INVALID_INPUT
        if code == EXIT_OK:
            check_code, check_printed = _run("trf", "check", str(out))
            assert check_code == EXIT_OK, check_printed
    code, printed = _run("standings", str(path), "--format", "csv")
    assert code == (EXIT_OK if valid else EXIT_INVALID_INPUT), printed
    assert "Traceback" not in printed
    # a result entered into the file: written and valid, or refused with nothing written
    out = workdir / "result.trf"
    out.unlink(missing_ok=True)
    code, printed = _run(
        "trf", "result", str(path), "½-0", "--round", "1", "--player", "1", "--reason",
        "refusal", "-o", str(out),
    )  # fmt: skip
    assert code in (EXIT_OK, EXIT_INVALID_INPUT), printed
    assert "Traceback" not in printed
    assert (code == EXIT_OK) == out.exists(), printed
    if not valid:
        assert code == EXIT_INVALID_INPUT
    if code == EXIT_OK:
        check_code, check_printed = _run("trf", "check", str(out))
        assert check_code == EXIT_OK, check_printed
