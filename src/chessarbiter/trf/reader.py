"""Reading TRF files (FIDE TRF16, TRF-2026, JaVaFo TRF(x), bbpPairings TRF(bx)).

Lenient where files in the wild need it: CR, LF or CRLF line endings, UTF-8, UTF-16 or
Windows-1252 (:func:`decode`), blank lines and ``#``/``###`` comment lines, unknown record codes
(kept and written back), empty header records, lichess-style byes with a blank opponent, tabs
between the numbers of a list. Strict where data would be wrong: every problem below is
reported with file, line and column, all of them at once (up to
:data:`~chessarbiter.limits.MAX_FILE_PROBLEMS`).

* a text without any player record ``001`` (an empty file, prose, binary data): not a
  tournament; more than :data:`~chessarbiter.limits.MAX_PLAYERS` players, more than
  :data:`~chessarbiter.limits.MAX_ROUNDS` rounds, more than
  :data:`~chessarbiter.limits.MAX_FILE_BYTES` of text;
* a control character (U+0000-U+001F except the tab, U+007F-U+009F): a TRF file is text;
* a malformed field (a pairing number, rating, points, rank, opponent, colour or result that is
  not what the column allows; text in a separator column: misaligned columns). A number field
  holds ASCII digits (with a sign and a decimal point where the column takes points) and blanks
  (space or tab) around them, nothing else: not other scripts' digits, not other spaces;
* duplicate pairing numbers, or pairing numbers that do not run 1..N;
* an opponent who does not exist or does not point back, colours that are not opposite, results
  that do not mirror, two pairing-allocated byes in a round;
* a result for a round beyond the number of rounds (``XXR``/``142``);
* contradictory records about the event (:meth:`chessarbiter.model.Tournament.record_problems`):
  two bye requests for one player and round, a bye request for a round already played, a
  player forbidden to meet himself, a record naming an unknown player or team, a ``260`` or
  ``250`` whose first round is after its last, a player in two teams, two teams with one number;
  ``202`` and ``212`` tie-break lists that differ;
* points (columns 81-84) that do not match the results under the file's point system.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import ClassVar

from chessarbiter.errors import Problem, TrfError
from chessarbiter.limits import (
    MAX_FILE_BYTES,
    MAX_FILE_PROBLEMS,
    MAX_PLAYERS,
    MAX_ROUNDS,
)
from chessarbiter.model import (
    RECORD_FIELDS,
    Acceleration,
    ByeRequest,
    Colour,
    ExtraRecord,
    Field,
    ForbiddenPairs,
    NationalRating,
    Player,
    Points,
    PointSystem,
    Result,
    RoundEntry,
    Team,
    Tournament,
)
from chessarbiter.model.points import STANDARD
from chessarbiter.trf import records as rec
from chessarbiter.trf.dialects import Dialect

_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
_FEDERATION_CODE = re.compile(r"[A-Z]{3}")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
#: The blanks around and between numbers: space and tab (nothing else Unicode calls a space).
_BLANKS = " \t"
_WORD = re.compile(r"[^ \t]+")
#: Characters that have no place in a text file: C0 controls but the tab (CR and LF end lines),
#: DEL, C1 controls, and lone surrogates (which no encoding can write).
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")
#: Byte-order marks, longest first (a UTF-32 LE mark starts like a UTF-16 LE one).
_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le", "UTF-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "UTF-32"),
    (b"\xef\xbb\xbf", "utf-8", "UTF-8"),
    (b"\xff\xfe", "utf-16-le", "UTF-16"),
    (b"\xfe\xff", "utf-16-be", "UTF-16"),
)
#: Windows-1252 for the bytes 0x80-0x9F it defines; the five it leaves undefined stay as in
#: Latin-1 (C1 controls, which the reader then reports).
_CP1252_HIGH = {
    i: bytes([i]).decode("cp1252")
    for i in range(0x80, 0xA0)
    if i not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
}
#: The colour column of a round (TRF ``w``, ``b``, ``-`` or blank), lower-cased.
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}
#: The result codes of a round, either case (as :meth:`Result.from_code` reads them).
_RESULT_CODES = {c: r for r in Result for c in (r.value, r.value.lower())}
_XXS_KEYS: dict[str, tuple[str, ...]] = {
    "WW": ("win_white",),
    "BW": ("win_black",),
    "WD": ("draw_white",),
    "BD": ("draw_black",),
    "WL": ("loss_white",),
    "BL": ("loss_black",),
    "W": ("win_white", "win_black"),
    "D": ("draw_white", "draw_black"),
    "L": ("loss_white", "loss_black"),
    "ZPB": ("zero_point_bye",),
    "HPB": ("half_point_bye",),
    "FPB": ("full_point_bye",),
    "PAB": ("pairing_allocated_bye",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
}


@dataclass
class TrfDocument:
    """A TRF file read into the model: the tournament, how the file was written, and the
    lenient readings made on the way (unknown codes kept, normalised byes)."""

    tournament: Tournament
    dialect: Dialect
    notes: list[Problem] = field(default_factory=list)


def control_character(text: str) -> int | None:
    """The index of the first character of ``text`` that no TRF text holds (a C0 control but
    the tab, DEL, a C1 control, a lone surrogate: the reader refuses a line with one), or
    None. For text stored before it is written to a file.

    >>> control_character("Müller"), control_character("bel\x07")
    (None, 3)
    """
    found = _CONTROL.search(text)
    return None if found is None else found.start()


def decode(data: bytes, filename: str = "<bytes>", *, max_bytes: int | None = None) -> str:
    """The text of a file's bytes, as TRF files are written (the TRF text names no encoding).

    * a byte-order mark names the encoding: UTF-8, UTF-16 little- or big-endian (what Windows
      calls "Unicode"), UTF-32; the mark is dropped;
    * without one: UTF-8 if the bytes are valid UTF-8, else Windows-1252, which TRF16 files
      from Windows programs use (a superset of Latin-1's letters).

    >>> decode("Müller".encode("cp1252")), decode("\\ufeffMüller".encode("utf-16-le"))
    ('Müller', 'Müller')

    :raises TrfError: (line 0: the whole file) for more than ``max_bytes`` bytes (by default
        :data:`~chessarbiter.limits.MAX_FILE_BYTES`); bytes that are not valid in the encoding
        a byte-order mark names; binary data: a NUL byte (without a UTF-16 or UTF-32 mark), or
        more than one character in twenty a control character.
    """

    def refuse(message: str) -> TrfError:
        return TrfError([Problem(filename, 0, 0, message)])

    if max_bytes is None:
        max_bytes = MAX_FILE_BYTES
    if len(data) > max_bytes:
        raise refuse(f"{len(data):,} bytes: more than the {max_bytes:,} a file may have")
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom) :].decode(codec)
            except UnicodeDecodeError as e:
                raise refuse(
                    f"not valid {name} (byte {e.start + len(bom)}), though it starts with "
                    f"the {name} byte-order mark"
                ) from None
            break
    else:
        nul = data.find(b"\x00")
        if nul >= 0:
            raise refuse(
                f"binary data, not a text file: a NUL byte at byte {nul} (a UTF-16 file needs "
                "its byte-order mark)"
            )
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1").translate(_CP1252_HIGH)
    controls = sum(1 for _ in _CONTROL.finditer(text.replace("\n", "").replace("\r", "")))
    if controls and controls * 20 > len(text):
        raise refuse(f"binary data, not a text file: {controls} control characters")
    return text


def load(path: str | os.PathLike[str], *, strict: bool = False) -> Tournament:
    """Read the TRF file at ``path`` (its encoding found by :func:`decode`).

    :raises TrfError: listing every problem, each with file, line and column.
    :raises OSError: if the file cannot be opened.
    """
    return read_file(path, strict=strict).tournament


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file at ``path`` (a TRF file, or another text file of an event: a
    player list, a roster), its bytes decoded by :func:`decode`; at most
    :data:`~chessarbiter.limits.MAX_FILE_BYTES` are read.

    :raises TrfError: as :func:`decode` (too large, binary, invalid in its encoding).
    :raises OSError: when the file cannot be read.
    """
    with open(path, "rb") as f:
        data = f.read(MAX_FILE_BYTES + 1)
    return decode(data, os.fspath(path))


def read_file(path: str | os.PathLike[str], *, strict: bool = False) -> TrfDocument:
    """Read the TRF file at ``path`` into a :class:`TrfDocument` (its text by
    :func:`read_text`)."""
    return read(read_text(path), os.fspath(path), strict=strict)


def loads(text: str, filename: str = "<string>", *, strict: bool = False) -> Tournament:
    """Read TRF text.

    >>> t = loads("012 Test\\nXXR 3\\n001    1      Ann                                 "
    ...           "                               1.0    1     2 w 1\\n001    2      Bob"
    ...           "                                                                0.0"
    ...           "    2     1 b 0\\n")
    >>> t.name, t.total_rounds, str(t.score(1))
    ('Test', 3, '1')
    """
    return read(text, filename, strict=strict).tournament


def read(text: str, filename: str = "<string>", *, strict: bool = False) -> TrfDocument:
    """Read TRF text into a :class:`TrfDocument`.

    With ``strict``, an unknown record code is an error instead of a record kept as it is.

    :raises TrfError: listing every problem, each with file, line and column.
    """
    if len(text) > MAX_FILE_BYTES:
        problem = Problem(filename, 0, 0, f"more than {MAX_FILE_BYTES:,} characters of text")
        raise TrfError([problem])
    return _Reader(filename, strict).read(text)


def check(text: str, filename: str = "<string>", *, strict: bool = False) -> list[Problem]:
    """Every problem of a TRF text (empty when the file is valid)."""
    try:
        read(text, filename, strict=strict)
    except TrfError as e:
        return list(e.problems)
    return []


@dataclass
class _PlayerLine:
    line_number: int
    points: Points | None


class _Reader:
    def __init__(self, filename: str, strict: bool) -> None:
        self.filename = filename
        self.strict = strict
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        self.t = Tournament()
        self.lines: dict[int, _PlayerLine] = {}
        self.version26 = False
        self.engine = False
        self.bbp_codes: list[str] = []
        self.bbp_values: dict[str, Points] = {}
        self.xxs_values: list[tuple[str, Points]] = []
        self.scoring162: dict[str, Points] = {}
        self.national: list[tuple[int, int, NationalRating]] = []
        self.player_records = 0
        self.stopped = False
        # where each record about the event is: (field, index) -> (line, {id: column}, column)
        self.where: dict[tuple[Field, int], tuple[int, dict[int, int], int]] = {}
        self.team_where: list[tuple[int, dict[int, int], int]] = []
        # TRF-2026 tie-break lists: code -> (line, list)
        self.tiebreak_lists: dict[str, tuple[int, list[str]]] = {}

    # -- reporting -------------------------------------------------------------------------

    def problem(self, line: int, column: int, message: str) -> None:
        self.problems.append(Problem(self.filename, line, column, message))

    def note(self, line: int, column: int, message: str) -> None:
        self.notes.append(Problem(self.filename, line, column, message))

    # -- driver ----------------------------------------------------------------------------

    def read(self, text: str) -> TrfDocument:
        endings = {e: text.count(e) for e in ("\r\n", "\r", "\n")}
        endings["\r"] -= endings["\r\n"]
        endings["\n"] -= endings["\r\n"]
        line_ending = max(endings, key=lambda e: (endings[e], e == "\n"))
        if text.endswith("\x1a"):
            text = text[:-1]  # a DOS end-of-file mark
        for number, line in enumerate(_LINE_SPLIT.split(text), start=1):
            control = _CONTROL.search(line)
            if control is not None:
                char = ord(control.group())
                self.problem(
                    number, control.start() + 1, f"control character U+{char:04X}: not TRF text"
                )
            elif line.strip() and not line.startswith("#"):
                self.record(number, line)
            if self.stopped:
                break
            if len(self.problems) >= MAX_FILE_PROBLEMS:
                self.problem(number, 0, "too many problems: reading stopped at this line")
                self.stopped = True
                break
        self.finish()
        if self.problems:
            self.problems.sort(key=lambda p: (p.line, p.column))
            if len(self.problems) > MAX_FILE_PROBLEMS + 1:
                more = len(self.problems) - MAX_FILE_PROBLEMS
                self.problems[MAX_FILE_PROBLEMS:] = [
                    Problem(self.filename, 0, 0, f"and {more} more problems")
                ]
            raise TrfError(self.problems)
        dialect = Dialect(
            version="2026" if self.version26 else "16",
            engine=self.engine,
            bbp_codes=tuple(c for c in rec.BBP_POINT_CODES if c in self.bbp_codes),
            xxs=bool(self.xxs_values),
            line_ending=line_ending,
        )
        return TrfDocument(self.t, dialect, self.notes)

    def record(self, n: int, line: str) -> None:
        code = line[:3]
        text = line[4:].rstrip() if len(line) > 3 else ""
        t = self.t
        if code in rec.TRF26_CODES:
            self.version26 = True
        handler = self._HANDLERS.get(code)
        if handler is not None:
            handler(self, n, line, text)
        elif code in rec.TEXT_HEADERS:
            setattr(t, rec.TEXT_HEADERS[code], text.strip())
        elif code in rec.TRF26_TEXT_HEADERS:
            setattr(t, rec.TRF26_TEXT_HEADERS[code], text.strip())
        elif code in rec.OPAQUE_CODES:
            t.extra_records.append(ExtraRecord(code, line[3:].rstrip()))
        elif code in rec.BBP_POINT_CODES:
            self.bbp(n, line, code)
        elif (
            _FEDERATION_CODE.fullmatch(code)
            and line[3:4] == " "
            and _is_digits(line[4:8].strip(_BLANKS))
        ):
            self.national_rating(n, line, code)
        elif self.strict:
            self.problem(n, 1, f"unknown record code {code!r}")
        else:
            self.note(n, 1, f"unknown record code {code!r} kept as it is")
            t.extra_records.append(ExtraRecord(code, line[3:].rstrip()))

    # -- header records --------------------------------------------------------------------

    def deputy(self, n: int, line: str, text: str) -> None:
        self.t.deputy_arbiters.append(text.strip())

    def round_dates(self, n: int, line: str, text: str) -> None:
        """Round r's date belongs at columns 92+10(r-1)..99+10(r-1). Writers put it one or two
        columns off (Sharly-Chess: from 93), so each date goes to the 10-column slot it starts
        in; dates that do not fit the slots are read in order."""
        head = line[4 : rec.ROUND_FIRST_COLUMN - 1]
        slots: dict[int, str] = {}
        aligned = not head.strip()
        if aligned:
            for column, token in _tokens(line, rec.ROUND_FIRST_COLUMN):
                r = (column - rec.ROUND_FIRST_COLUMN) // rec.ROUND_WIDTH + 1
                if r in slots:
                    aligned = False
                    break
                slots[r] = token
        if not aligned:
            self.t.round_dates = line[4:].split()
            self.note(n, 5, "round dates not aligned with the round columns; read in order")
            return
        off = [r for r in slots if rec.field(line, (rec.round_opponent_column(r),) * 2) == " "]
        if off:
            column = rec.round_opponent_column(off[0])
            self.note(n, column, "round dates not at their columns (92, 102, ...); read by slot")
        self.t.round_dates = [slots.get(r, "") for r in range(1, max(slots, default=0) + 1)]

    def number_of_rounds(self, n: int, line: str, text: str) -> None:
        words = _tokens(line, 5)
        value = words[0][1] if words else ""
        if not _is_digits(value) or not 1 <= int(value) <= MAX_ROUNDS:
            self.problem(n, 5, f"number of rounds must be 1 to {MAX_ROUNDS}, not {value!r}")
            return
        rounds = int(value)
        if self.t.total_rounds is not None and self.t.total_rounds != rounds:
            self.problem(n, 5, f"{rounds} rounds contradicts {self.t.total_rounds} said before")
        self.t.total_rounds = rounds
        if line.startswith("XXR"):
            self.engine = True

    def initial_colour_26(self, n: int, line: str, text: str) -> None:
        value = text.strip().upper()
        if value not in ("W", "B"):
            self.problem(n, 5, f"initial colour must be W or B, not {text.strip()!r}")
            return
        self.set_initial_colour(n, Colour.WHITE if value == "W" else Colour.BLACK)

    def set_initial_colour(self, n: int, colour: Colour, column: int = 5) -> None:
        if self.t.initial_colour is not None and self.t.initial_colour is not colour:
            self.problem(n, column, "initial colour contradicts the one said before")
        self.t.initial_colour = colour

    def xxc(self, n: int, line: str, text: str) -> None:
        self.engine = True
        for column, token in _tokens(line, 5):
            low = token.lower()
            if low == "rank":
                self.t.pair_by_rank = True
            elif low in ("white1", "black1"):
                colour = Colour.WHITE if low == "white1" else Colour.BLACK
                self.set_initial_colour(n, colour, column)
            else:
                self.problem(n, column, f"XXC takes 'rank', 'white1' or 'black1', not {token!r}")

    def xxs(self, n: int, line: str, text: str) -> None:
        self.engine = True
        for column, token in _tokens(line, 5):
            key, sep, value = token.partition("=")
            if not sep or key.upper() not in _XXS_KEYS:
                self.problem(n, column, f"XXS expects CODE=VALUE with a known code, not {token!r}")
                continue
            points = _decimal(value)
            if points is None:
                self.problem(n, column, f"XXS value {value!r} is not a number")
                continue
            self.xxs_values.append((key.upper(), points))

    def xxz(self, n: int, line: str, text: str) -> None:
        self.engine = True
        for id_, column in self.ids(n, line, 5):
            self.locate(Field.ABSENT, len(self.t.absent_next_round), n, [(id_, column)], 5)
            self.t.absent_next_round.append(id_)

    def xxp(self, n: int, line: str, text: str) -> None:
        self.engine = True
        ids = self.ids(n, line, 5)
        if len(ids) < 2:
            self.problem(n, 5, "XXP needs at least two pairing numbers")
            return
        self.locate(Field.FORBIDDEN_PAIRS, len(self.t.forbidden_pairs), n, ids, 5)
        self.t.forbidden_pairs.append(ForbiddenPairs(tuple(i for i, _ in ids)))

    def xxa(self, n: int, line: str, text: str) -> None:
        self.engine = True
        number = rec.field(line, (5, 8)).strip(_BLANKS)
        if not _is_digits(number):
            self.problem(n, 5, f"XXA needs a pairing number in columns 5-8, not {number!r}")
            return
        values: list[Points] = []
        column = 10
        blank_at: int | None = None
        while column <= len(line.rstrip()):
            raw = line[column - 1 : column + 3]
            if line[column - 2 : column - 1].strip(_BLANKS):
                self.problem(n, column - 1, "XXA values must be in fixed 5-column steps")
                return
            if len(values) >= MAX_ROUNDS:
                self.problem(n, column, f"more than {MAX_ROUNDS} XXA values (one per round)")
                return
            if not raw.strip(_BLANKS):
                blank_at = blank_at or column
            else:
                if blank_at is not None:
                    self.problem(n, blank_at, "blank XXA value before a later value")
                    return
                value = _decimal(raw)
                if value is None:
                    self.problem(n, column, f"XXA value {raw.strip(_BLANKS)!r} is not a number")
                    return
                values.append(value)
            column += 5
        player = int(number)
        if player in self.t.virtual_points:
            self.problem(n, 5, f"a second XXA line for player {player}")
            return
        self.locate(Field.VIRTUAL_POINTS, player, n, [(player, 5)], 5)
        self.t.virtual_points[player] = values

    def bbp(self, n: int, line: str, code: str) -> None:
        self.engine = True
        value = _decimal(line[3:])
        if value is None:
            self.problem(n, 5, f"{code} needs a number of points, not {line[3:].strip()!r}")
            return
        self.bbp_codes.append(code)
        self.bbp_values[code] = value

    def scoring(self, n: int, line: str, text: str) -> None:
        for match in re.finditer(r"([A-Za-z])[ \t]*([^ \t]+)", line[4:]):
            symbol, value = match.group(1).upper(), match.group(2)
            column = 5 + match.start(1)
            points = _decimal(value)
            if symbol not in rec.SCORING_SYMBOLS:
                self.problem(n, column, f"unknown scoring symbol {symbol!r} (W, D, L, A, P, X)")
            elif points is None:
                self.problem(n, column, f"points for {symbol} must be a number, not {value!r}")
            else:
                self.scoring162[symbol] = points

    def tiebreaks(self, n: int, line: str, text: str) -> None:
        """TRF-2026 ``202`` (the tie-breaks) and ``212`` (the standings order: ``PTS``, the
        points, then the same tie-breaks). Both are about the ranking of the event's
        participants; :meth:`finish` gives the list to the players or, in a team event, to the
        teams. The points are not a tie-break: a leading ``PTS`` is left out of the list."""
        code = line[:3]
        names = [part.strip() for part in text.split(",") if part.strip()]
        if code not in self.tiebreak_lists:
            if names and names[0].upper() == "PTS":
                names = names[1:]
                if code == "202":
                    self.note(
                        n, 5, "202 starts with PTS, the points: read as the tie-breaks after them"
                    )
            elif code == "212" and names:
                self.note(
                    n, 5, "212 does not start with PTS: read as the tie-breaks after the points"
                )
            self.tiebreak_lists[code] = (n, names)
        else:
            self.tiebreak_lists[code][1].extend(names)

    def bye_request(self, n: int, line: str, text: str) -> None:
        kind = line[4:5].upper()
        if kind not in ("H", "F", "Z"):
            self.problem(n, 5, f"bye type must be F, H or Z, not {line[4:5]!r}")
            return
        round_ = rec.field(line, (7, 9)).strip(_BLANKS)
        if not _is_digits(round_) or int(round_) < 1:
            self.problem(n, 7, f"round must be a positive number, not {round_!r}")
            return
        ids = self.ids(n, line, 11)
        self.locate(Field.BYE_REQUEST, len(self.t.bye_requests), n, ids, 7)
        request = ByeRequest(Result(kind), int(round_), tuple(i for i, _ in ids))
        self.t.bye_requests.append(request)

    def acceleration(self, n: int, line: str, text: str) -> None:
        def number(columns: tuple[int, int], what: str) -> int | None:
            raw = rec.field(line, columns).strip(_BLANKS)
            if not _is_digits(raw):
                self.problem(n, columns[0], f"{what} must be a number, not {raw!r}")
                return None
            if int(raw) < 1:  # rounds and pairing numbers count from 1 (what the writer writes)
                self.problem(n, columns[0], f"{what} must be 1 or more, not {raw!r}")
                return None
            return int(raw)

        mp_raw = rec.field(line, (5, 8)).strip(_BLANKS)
        gp_raw = rec.field(line, (10, 13)).strip(_BLANKS)
        mp = _decimal(mp_raw) if mp_raw else None
        gp = _decimal(gp_raw) if gp_raw else None
        if (mp_raw and mp is None) or (gp_raw and gp is None):
            self.problem(n, 5 if mp_raw and mp is None else 10, "points must be a number")
            return
        fields = (
            number((15, 17), "first round"),
            number((19, 21), "last round"),
            number((23, 26), "first pairing number"),
            number((28, 31), "last pairing number"),
        )
        if any(f is None for f in fields):
            return
        fr, lr, fp, lp = (f for f in fields if f is not None)
        index = len(self.t.accelerations)
        self.locate(Field.ACCELERATION, index, n, [(fp, 23)], 15)
        self.t.accelerations.append(Acceleration(mp, gp, fr, lr, fp, lp))

    def forbidden_26(self, n: int, line: str, text: str) -> None:
        first = rec.field(line, (5, 7)).strip(_BLANKS)
        last = rec.field(line, (9, 11)).strip(_BLANKS)
        if not _is_digits(first) or not _is_digits(last):
            column = 9 if _is_digits(first) else 5
            self.problem(n, column, "260 needs a first and a last round in columns 5-7 and 9-11")
            return
        ids = self.ids(n, line, 13)
        if len(ids) < 2:
            self.problem(n, 13, "260 needs at least two pairing numbers")
            return
        self.locate(Field.FORBIDDEN_PAIRS, len(self.t.forbidden_pairs), n, ids, 5)
        group = ForbiddenPairs(tuple(i for i, _ in ids), int(first), int(last))
        self.t.forbidden_pairs.append(group)

    def ids(self, n: int, line: str, column: int) -> list[tuple[int, int]]:
        """The pairing numbers from ``column`` on, separated by blanks, each with its column."""
        ids: list[tuple[int, int]] = []
        for col, token in _tokens(line, column):
            if not _is_digits(token) or int(token) < 1:
                self.problem(n, col, f"{token!r} is not a pairing number")
                continue
            ids.append((int(token), col))
        return ids

    def locate(
        self, field_: Field, index: int, n: int, ids: list[tuple[int, int]], column: int
    ) -> None:
        """Remember where record ``index`` of ``field_`` is (its line, the column of each id
        in it, the column of the record's own fields), to place the model's problems."""
        self.where[(field_, index)] = (n, dict(ids), column)

    # -- teams -----------------------------------------------------------------------------

    def team16(self, n: int, line: str, text: str) -> None:
        name = rec.field(line, (5, 36)).strip()
        members = self.team_members(n, line, 37)
        self.team_where.append((n, dict(members), 5))
        self.t.teams.append(Team(name=name, members=[m for m, _ in members]))

    def team26(self, n: int, line: str, text: str) -> None:
        number = rec.field(line, (5, 7)).strip(_BLANKS)
        if not _is_digits(number) or int(number) < 1:
            self.problem(n, 5, f"team number must be 1 to 999, not {number!r}")
            return
        members = self.team_members(n, line, 74)
        self.team_where.append((n, dict(members), 5))
        self.t.teams.append(
            Team(
                name=rec.field(line, (9, 40)).strip(),
                number=int(number),
                nickname=rec.field(line, (42, 46)).strip(),
                reported_strength=rec.field(line, (48, 53)).strip(),
                reported_match_points=rec.field(line, (55, 60)).strip(),
                reported_game_points=rec.field(line, (62, 67)).strip(),
                reported_rank=rec.field(line, (69, 71)).strip(),
                members=[m for m, _ in members],
            )
        )

    def team_members(self, n: int, line: str, first: int) -> list[tuple[int, int]]:
        """The members' pairing numbers (4 columns every 5 from ``first``), with columns."""
        members: list[tuple[int, int]] = []
        column = first
        while column <= len(line.rstrip()):
            raw = line[column - 1 : column + 3].strip(_BLANKS)
            if raw and raw != "0000" and raw != "0":
                if not _is_digits(raw):
                    self.problem(n, column, f"team member {raw!r} is not a pairing number")
                else:
                    members.append((int(raw), column))
            column += 5
        return members

    # -- players ---------------------------------------------------------------------------

    def player(self, n: int, line: str, text: str) -> None:
        ok = True
        self.player_records += 1
        if self.player_records > MAX_PLAYERS:
            self.problem(n, 1, f"more than {MAX_PLAYERS:,} player records: reading stopped")
            self.stopped = True
            return
        raw_number = rec.field(line, rec.PLAYER_NUMBER).strip(_BLANKS)
        if not _is_digits(raw_number) or int(raw_number) < 1:
            self.problem(n, 5, f"pairing number must be 1-9999, not {raw_number!r}")
            return
        number = int(raw_number)
        rating = self.int_field(n, line, rec.PLAYER_RATING, "rating")
        rank = self.int_field(n, line, rec.PLAYER_RANK, "rank")
        raw_points = rec.field(line, rec.PLAYER_POINTS).strip(_BLANKS)
        points: Points | None = None
        if raw_points:
            points = _decimal(raw_points)
            if points is None:
                self.problem(
                    n, rec.PLAYER_POINTS[0], f"points must be a number, not {raw_points!r}"
                )
                ok = False
        for column in (4, 9, 14, 48, 53, 57, 69, 80, 85):
            if line[column - 1 : column].strip(_BLANKS):
                self.problem(n, column, "column should be blank: are the columns misaligned?")
                ok = False
        results = self.rounds(n, line, number)
        if results is None:
            ok = False
        if number in self.lines:
            self.problem(
                n, 5, f"duplicate pairing number {number} (line {self.lines[number].line_number})"
            )
            return
        self.lines[number] = _PlayerLine(n, points)
        if not ok:
            return
        assert results is not None
        self.t.players[number] = Player(
            number=number,
            name=rec.field(line, rec.PLAYER_NAME).strip(),
            sex=rec.field(line, rec.PLAYER_SEX).strip(),
            title=rec.field(line, rec.PLAYER_TITLE).strip(),
            rating=rating,
            federation=rec.field(line, rec.PLAYER_FEDERATION).strip(),
            fide_id=rec.field(line, rec.PLAYER_FIDE_ID).strip(),
            birth_date=rec.field(line, rec.PLAYER_BIRTH_DATE).strip(),
            rank=rank,
            results=results,
        )

    def int_field(self, n: int, line: str, columns: tuple[int, int], what: str) -> int | None:
        raw = rec.field(line, columns).strip(_BLANKS)
        if not raw:
            return None
        if not _is_digits(raw):
            self.problem(n, columns[0], f"{what} must be a whole number, not {raw!r}")
            return None
        return int(raw)

    def rounds(self, n: int, line: str, number: int) -> list[RoundEntry] | None:
        results: list[RoundEntry] = []
        ok = True
        line = line.rstrip()
        r, first = 1, rec.round_opponent_column(1)
        while first - 2 <= len(line):
            if r > MAX_ROUNDS:
                self.problem(n, first, f"more than {MAX_ROUNDS} rounds of results")
                return None
            block = line[first - 3 : first + 7].ljust(10)
            filled = next((i for i in (0, 1, 6, 8) if block[i] not in _BLANKS), None)
            if filled is not None:
                bad = first - 2 + filled
                self.problem(n, bad, f"round {r}: column should be blank: misaligned round data?")
                ok = False
            else:
                entry = self.entry(n, r, number, block[2:6], block[7], block[9])
                if entry is None:
                    ok = False
                else:
                    results.append(entry)
            r += 1
            first = rec.round_opponent_column(r)
        while results and results[-1] is RoundEntry.NOT_PAIRED:
            results.pop()
        return results if ok else None

    def entry(
        self, n: int, r: int, number: int, opp: str, colour_char: str, code: str
    ) -> RoundEntry | None:
        col_opp, col_colour, col_result = (
            rec.round_opponent_column(r),
            rec.round_colour_column(r),
            rec.round_result_column(r),
        )
        opponent: int | None = None
        opp = opp.strip(_BLANKS)
        if opp and opp != "0000":
            if not _is_digits(opp):
                self.problem(n, col_opp, f"round {r}: opponent {opp!r} is not a number")
                return None
            opponent = int(opp)
            if opponent == 0:
                opponent = None
            elif opponent == number:
                self.problem(n, col_opp, f"round {r}: player {number} paired with himself")
                return None
        colour = _COLOURS.get(colour_char.lower())
        if colour is None:
            self.problem(n, col_colour, f"round {r}: colour must be w, b or -, not {colour_char!r}")
            return None
        if code == " ":
            if opponent is not None:
                return RoundEntry(opponent, colour, None)  # paired, result not in yet
            if colour is not Colour.NONE:
                self.problem(n, col_colour, f"round {r}: a colour without an opponent or result")
                return None
            if opp or colour_char == "-":
                return RoundEntry.bye(Result.ZERO_POINT_BYE)
            return RoundEntry.NOT_PAIRED
        result = _RESULT_CODES.get(code)
        if result is None:
            self.problem(n, col_result, f"round {r}: unknown result code {code!r}")
            return None
        if opponent is None:
            if result is Result.DRAW and colour is Colour.NONE:
                self.note(n, col_result, f"round {r}: '=' without an opponent read as H")
                return RoundEntry.bye(Result.HALF_POINT_BYE)
            if result.is_game:
                self.problem(n, col_opp, f"round {r}: result {code} needs an opponent")
                return None
            if colour is not Colour.NONE:
                self.problem(n, col_colour, f"round {r}: a colour without an opponent")
                return None
            return RoundEntry(None, Colour.NONE, result)
        if result.is_bye:
            self.problem(n, col_opp, f"round {r}: a bye ({result.value}) cannot have an opponent")
            return None
        if result.is_game and colour is Colour.NONE:
            self.problem(n, col_colour, f"round {r}: a played game needs colour w or b")
            return None
        return RoundEntry(opponent, colour, result)

    def national_rating(self, n: int, line: str, code: str) -> None:
        self.version26 = True
        number = int(rec.field(line, rec.PLAYER_NUMBER).strip(_BLANKS))
        rating = self.int_field(n, line, rec.PLAYER_RATING, "national rating")
        self.national.append(
            (
                n,
                number,
                NationalRating(
                    federation=code,
                    rating=rating,
                    sex=rec.field(line, rec.PLAYER_SEX).strip(),
                    category=rec.field(line, rec.PLAYER_TITLE).strip(),
                    name=rec.field(line, rec.PLAYER_NAME).strip(),
                    origin=rec.field(line, rec.PLAYER_FEDERATION).strip(),
                    national_id=rec.field(line, rec.PLAYER_FIDE_ID).strip(),
                    birth_date=rec.field(line, rec.PLAYER_BIRTH_DATE).strip(),
                ),
            )
        )

    # -- the whole file --------------------------------------------------------------------

    def finish(self) -> None:
        t = self.t
        if not self.player_records:
            self.problem(0, 0, "no player record (001): not a tournament file")
        t.point_system = self.build_point_system()
        t.players = dict(sorted(t.players.items()))
        self.merge_team_records()
        self.assign_tiebreaks()
        if self.problems:
            return  # consistency checks only make sense on well-formed lines
        numbers = sorted(self.lines)
        for expected, number in enumerate(numbers, start=1):
            if number != expected:
                self.problem(
                    self.lines[number].line_number,
                    5,
                    f"pairing numbers must run 1..{len(numbers)}: "
                    f"{expected} is missing before {number}",
                )
                break
        for line_number, number, rating in self.national:
            if number not in t.players:
                self.problem(line_number, 5, f"national rating for unknown player {number}")
            else:
                t.players[number].national_ratings.append(rating)
        for inc in t.check():
            if inc.field in RECORD_FIELDS:
                where = self.where.get((inc.field, -1 if inc.index is None else inc.index))
                line, columns, default = where if where is not None else (0, {}, 0)
                self.problem(line, columns.get(inc.player, default), str(inc))
                continue
            line = self.lines[inc.player].line_number
            column = {
                Field.NUMBER: 5,
                Field.POINTS: rec.PLAYER_POINTS[0],
                Field.OPPONENT: rec.round_opponent_column(inc.round),
                Field.COLOUR: rec.round_colour_column(inc.round),
                Field.RESULT: rec.round_result_column(inc.round),
            }[inc.field]
            self.problem(line, column, str(inc))
        if not self.problems:
            self.check_points()

    def merge_team_records(self) -> None:
        """A TRF16 ``013`` record that repeats a ``310`` team (same name and members) describes
        that team, not another one."""
        numbered = [team for team in self.t.teams if team.number is not None]
        teams: list[Team] = []
        for team, where in zip(self.t.teams, self.team_where, strict=True):
            if team.number is None:
                twin = next(
                    (
                        other
                        for other in numbered
                        if not other.trf16_record
                        and other.name == team.name
                        and other.members == team.members
                    ),
                    None,
                )
                if twin is not None:
                    twin.trf16_record = True
                    continue
            self.where[(Field.TEAM, len(teams))] = where
            teams.append(team)
        self.t.teams = teams

    def assign_tiebreaks(self) -> None:
        """TRF-2026 ``202`` and ``212`` give one list, the tie-breaks of the ranking of the
        event's participants: the players', or in a team event the teams' (the TRF-2026 text:
        "FIDE Tie-Breaks used to break ties" and "used to define standings — like 202 plus
        PTS"; TieBreakServer and Sharly-Chess read both as that one list). Two lists that
        differ contradict each other."""
        lists = {code: kept for code, kept in self.tiebreak_lists.items() if kept[1]}
        if not lists:
            return  # an empty record says nothing
        names = lists["202"][1] if "202" in lists else lists["212"][1]
        if "202" in lists and "212" in lists and lists["212"][1] != names:
            self.problem(
                lists["212"][0],
                5,
                f"212 ({','.join(['PTS', *lists['212'][1]])}) contradicts 202 "
                f"({','.join(names)}): 212 is PTS, then the tie-breaks of 202",
            )
        if self.t.is_team_event:
            self.t.team_tiebreaks = names
        else:
            self.t.tiebreaks = names
        self.t.tiebreak_records = tuple(code for code in ("202", "212") if code in lists)

    def build_point_system(self) -> PointSystem:
        ps = STANDARD
        if self.scoring162:
            s = self.scoring162
            win, draw = s.get("W", ps.win), s.get("D", ps.draw)
            loss, absent = s.get("L", ps.loss), s.get("A", ps.zero_point_bye)
            ps = PointSystem.simple(
                win,
                draw,
                loss,
                zero_point_bye=absent,
                forfeit_loss=absent,
                pairing_allocated_bye=s.get("P", win),
            )
        for key, value in self.xxs_values:
            ps = ps.with_values(**dict.fromkeys(_XXS_KEYS[key], value))
        if self.bbp_values:
            b = self.bbp_values
            win = b.get("BBW", ps.win)
            ps = PointSystem.simple(
                win,
                b.get("BBD", ps.draw),
                b.get("BBL", ps.loss),
                zero_point_bye=b.get("BBZ", ps.zero_point_bye),
                forfeit_loss=b.get("BBF", ps.forfeit_loss),
                pairing_allocated_bye=b.get("BBU", win if "BBW" in b else ps.pairing_allocated_bye),
            )
        return ps

    def check_points(self) -> None:
        """Declared points must match the results (bbpPairings' reading: the points may also
        include a bye already entered for the next round, or the acceleration of that round).

        In a team event the pairing-allocated bye is the team's: writers differ on whether its
        players' individual points include it (Sharly-Chess leaves it out), so both are read.
        """
        t = self.t
        played = t.rounds_played
        for number, line in self.lines.items():
            if line.points is None:
                continue
            player = t.players[number]
            computed = t.score(number, played)
            accepted = {computed}
            if t.teams:
                pabs = sum(1 for e in player.results[:played] if e.received_pab)
                accepted.add(computed - pabs * t.point_system.pairing_allocated_bye)
            nxt = player.entry(played + 1)
            if nxt.result is not None:
                accepted.add(computed + t.point_system.points(nxt))
            virtual = t.virtual_points.get(number, [])
            if played < len(virtual):
                accepted |= {a + virtual[played] for a in accepted}
            if line.points not in accepted:
                self.problem(
                    line.line_number,
                    rec.PLAYER_POINTS[0],
                    f"player {number}: points {line.points} do not match the results "
                    f"({computed} after round {played})",
                )

    _HANDLERS: ClassVar[dict[str, Callable[[_Reader, int, str, str], None]]] = {
        "001": player,
        "013": team16,
        "112": deputy,
        "132": round_dates,
        "142": number_of_rounds,
        "152": initial_colour_26,
        "162": scoring,
        "202": tiebreaks,
        "212": tiebreaks,
        "240": bye_request,
        "250": acceleration,
        "260": forbidden_26,
        "310": team26,
        "XXR": number_of_rounds,
        "XXC": xxc,
        "XXS": xxs,
        "XXZ": xxz,
        "XXP": xxp,
        "XXA": xxa,
    }


def _tokens(line: str, column: int) -> list[tuple[int, str]]:
    """The words of ``line`` from ``column`` on, separated by blanks (space or tab), each with
    its column."""
    return [(column + m.start(), m.group()) for m in _WORD.finditer(line[column - 1 :])]


def _is_digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts characters such as ``'²'`` that ``int``
    refuses, and other scripts' digits that are not TRF digits."""
    return text.isascii() and text.isdigit()


def _decimal(text: str) -> Decimal | None:
    """A plain decimal number (``2``, ``1.5``, ``-0.5``) between blanks; nothing else Decimal
    would accept (``1e3``, ``1_0``, ``NaN``, other scripts' digits or spaces)."""
    text = text.strip(_BLANKS)
    if not _NUMBER.fullmatch(text):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern admits only valid numbers
        return None
