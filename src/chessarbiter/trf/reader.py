"""Reading TRF files (FIDE TRF16, TRF-2026, JaVaFo TRF(x), bbpPairings TRF(bx)).

Lenient where files in the wild need it: CR, LF or CRLF line endings, UTF-8 or Latin-1, blank
lines and ``#``/``###`` comment lines, unknown record codes (kept and written back), empty header
records, lichess-style byes with a blank opponent. Strict where data would be wrong: every
problem below is reported with file, line and column, all of them at once.

* a malformed field (a pairing number, rating, points, rank, opponent, colour or result that is
  not what the column allows; text in a separator column: misaligned columns);
* duplicate pairing numbers, or pairing numbers that do not run 1..N;
* an opponent who does not exist or does not point back, colours that are not opposite, results
  that do not mirror, two pairing-allocated byes in a round;
* a result for a round beyond the number of rounds (``XXR``/``142``);
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
from chessarbiter.model import (
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


def decode(data: bytes) -> str:
    """Text of a TRF file: UTF-8 (a byte-order mark is dropped), else Latin-1 (Windows-1252)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def load(path: str | os.PathLike[str], *, strict: bool = False) -> Tournament:
    """Read the TRF file at ``path``.

    :raises TrfError: listing every problem, each with file, line and column.
    """
    return read_file(path, strict=strict).tournament


def read_file(path: str | os.PathLike[str], *, strict: bool = False) -> TrfDocument:
    """Read the TRF file at ``path`` into a :class:`TrfDocument`."""
    with open(path, "rb") as f:
        data = f.read()
    return read(decode(data), os.fspath(path), strict=strict)


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
        self.references: list[tuple[int, int, int, str]] = []  # (line, col, player, what)

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
        for number, line in enumerate(_LINE_SPLIT.split(text), start=1):
            if not line.strip() or line.startswith("#"):
                continue
            self.record(number, line)
        self.finish()
        if self.problems:
            self.problems.sort(key=lambda p: (p.line, p.column))
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
            _FEDERATION_CODE.fullmatch(code) and line[3:4] == " " and _is_digits(line[4:8].strip())
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
        value = text.split()[0] if text.split() else ""
        if not _is_digits(value) or int(value) < 1:
            self.problem(n, 5, f"number of rounds must be a positive integer, not {value!r}")
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
        for id_ in self.ids(n, line, 5):
            self.t.absent_next_round.append(id_)

    def xxp(self, n: int, line: str, text: str) -> None:
        self.engine = True
        ids = self.ids(n, line, 5)
        if len(ids) < 2:
            self.problem(n, 5, "XXP needs at least two pairing numbers")
            return
        self.t.forbidden_pairs.append(ForbiddenPairs(tuple(ids)))

    def xxa(self, n: int, line: str, text: str) -> None:
        self.engine = True
        number = rec.field(line, (5, 8)).strip()
        if not _is_digits(number):
            self.problem(n, 5, f"XXA needs a pairing number in columns 5-8, not {number!r}")
            return
        values: list[Points] = []
        column = 10
        blank_at: int | None = None
        while column <= len(line.rstrip()):
            raw = line[column - 1 : column + 3]
            if line[column - 2 : column - 1].strip():
                self.problem(n, column - 1, "XXA values must be in fixed 5-column steps")
                return
            if not raw.strip():
                blank_at = blank_at or column
            else:
                if blank_at is not None:
                    self.problem(n, blank_at, "blank XXA value before a later value")
                    return
                value = _decimal(raw)
                if value is None:
                    self.problem(n, column, f"XXA value {raw.strip()!r} is not a number")
                    return
                values.append(value)
            column += 5
        player = int(number)
        if player in self.t.virtual_points:
            self.problem(n, 5, f"a second XXA line for player {player}")
            return
        self.references.append((n, 5, player, "XXA"))
        self.t.virtual_points[player] = values

    def bbp(self, n: int, line: str, code: str) -> None:
        self.engine = True
        value = _decimal(line[3:].strip())
        if value is None:
            self.problem(n, 5, f"{code} needs a number of points, not {line[3:].strip()!r}")
            return
        self.bbp_codes.append(code)
        self.bbp_values[code] = value

    def scoring(self, n: int, line: str, text: str) -> None:
        for match in re.finditer(r"([A-Za-z])\s*(\S+)", line[4:]):
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
        target = self.t.tiebreaks if line.startswith("202") else self.t.team_tiebreaks
        target.extend(part.strip() for part in text.split(",") if part.strip())

    def bye_request(self, n: int, line: str, text: str) -> None:
        kind = line[4:5].upper()
        if kind not in ("H", "F", "Z"):
            self.problem(n, 5, f"bye type must be F, H or Z, not {line[4:5]!r}")
            return
        round_ = rec.field(line, (7, 9)).strip()
        if not _is_digits(round_) or int(round_) < 1:
            self.problem(n, 7, f"round must be a positive number, not {round_!r}")
            return
        ids = self.ids(n, line, 11)
        self.t.bye_requests.append(ByeRequest(Result(kind), int(round_), tuple(ids)))

    def acceleration(self, n: int, line: str, text: str) -> None:
        def number(columns: tuple[int, int], what: str) -> int | None:
            raw = rec.field(line, columns).strip()
            if not _is_digits(raw):
                self.problem(n, columns[0], f"{what} must be a number, not {raw!r}")
                return None
            return int(raw)

        mp_raw, gp_raw = rec.field(line, (5, 8)).strip(), rec.field(line, (10, 13)).strip()
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
        self.t.accelerations.append(Acceleration(mp, gp, fr, lr, fp, lp))

    def forbidden_26(self, n: int, line: str, text: str) -> None:
        first, last = rec.field(line, (5, 7)).strip(), rec.field(line, (9, 11)).strip()
        if not _is_digits(first) or not _is_digits(last):
            column = 9 if _is_digits(first) else 5
            self.problem(n, column, "260 needs a first and a last round in columns 5-7 and 9-11")
            return
        ids = self.ids(n, line, 13)
        if len(ids) < 2:
            self.problem(n, 13, "260 needs at least two pairing numbers")
            return
        self.t.forbidden_pairs.append(ForbiddenPairs(tuple(ids), int(first), int(last)))

    def ids(self, n: int, line: str, column: int) -> list[int]:
        """Whitespace-separated pairing numbers from ``column`` on."""
        ids: list[int] = []
        for col, token in _tokens(line, column):
            if not _is_digits(token) or int(token) < 1:
                self.problem(n, col, f"{token!r} is not a pairing number")
                continue
            ids.append(int(token))
            self.references.append((n, col, int(token), f"record {line[:3]}"))
        return ids

    # -- teams -----------------------------------------------------------------------------

    def team16(self, n: int, line: str, text: str) -> None:
        name = rec.field(line, (5, 36)).strip()
        members = self.team_members(n, line, 37)
        self.t.teams.append(Team(name=name, members=members))

    def team26(self, n: int, line: str, text: str) -> None:
        number = rec.field(line, (5, 7)).strip()
        if not _is_digits(number):
            self.problem(n, 5, f"team number must be a number, not {number!r}")
            return
        self.t.teams.append(
            Team(
                name=rec.field(line, (9, 40)).strip(),
                number=int(number),
                nickname=rec.field(line, (42, 46)).strip(),
                reported_strength=rec.field(line, (48, 53)).strip(),
                reported_match_points=rec.field(line, (55, 60)).strip(),
                reported_game_points=rec.field(line, (62, 67)).strip(),
                reported_rank=rec.field(line, (69, 71)).strip(),
                members=self.team_members(n, line, 74),
            )
        )

    def team_members(self, n: int, line: str, first: int) -> list[int]:
        members: list[int] = []
        column = first
        while column <= len(line.rstrip()):
            raw = line[column - 1 : column + 3].strip()
            if raw and raw != "0000" and raw != "0":
                if not _is_digits(raw):
                    self.problem(n, column, f"team member {raw!r} is not a pairing number")
                else:
                    members.append(int(raw))
                    self.references.append((n, column, int(raw), "team"))
            column += 5
        return members

    # -- players ---------------------------------------------------------------------------

    def player(self, n: int, line: str, text: str) -> None:
        ok = True
        raw_number = rec.field(line, rec.PLAYER_NUMBER).strip()
        if not _is_digits(raw_number) or int(raw_number) < 1:
            self.problem(n, 5, f"pairing number must be 1-9999, not {raw_number!r}")
            return
        number = int(raw_number)
        rating = self.int_field(n, line, rec.PLAYER_RATING, "rating")
        rank = self.int_field(n, line, rec.PLAYER_RANK, "rank")
        raw_points = rec.field(line, rec.PLAYER_POINTS).strip()
        points: Points | None = None
        if raw_points:
            points = _decimal(raw_points)
            if points is None:
                self.problem(
                    n, rec.PLAYER_POINTS[0], f"points must be a number, not {raw_points!r}"
                )
                ok = False
        for column in (4, 9, 14, 48, 53, 57, 69, 80, 85):
            if line[column - 1 : column].strip():
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
        raw = rec.field(line, columns).strip()
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
        r = 1
        while rec.round_opponent_column(r) - 2 <= len(line):
            first = rec.round_opponent_column(r)
            block = line[first - 3 : first + 7].ljust(10)
            filled = next((i for i in (0, 1, 6, 8) if block[i].strip()), None)
            if filled is not None:
                bad = first - 2 + filled
                self.problem(n, bad, f"round {r}: column should be blank: misaligned round data?")
                ok = False
                r += 1
                continue
            entry = self.entry(n, r, number, block[2:6], block[7], block[9])
            if entry is None:
                ok = False
            else:
                results.append(entry)
            r += 1
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
        if opp.strip() and opp.strip() != "0000":
            if not _is_digits(opp.strip()):
                self.problem(n, col_opp, f"round {r}: opponent {opp.strip()!r} is not a number")
                return None
            opponent = int(opp)
            if opponent == 0:
                opponent = None
            elif opponent == number:
                self.problem(n, col_opp, f"round {r}: player {number} paired with himself")
                return None
        colour = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}.get(
            colour_char.lower()
        )
        if colour is None:
            self.problem(n, col_colour, f"round {r}: colour must be w, b or -, not {colour_char!r}")
            return None
        if code == " ":
            if opponent is not None:
                return RoundEntry(opponent, colour, None)  # paired, result not in yet
            if colour is not Colour.NONE:
                self.problem(n, col_colour, f"round {r}: a colour without an opponent or result")
                return None
            if opp.strip() or colour_char == "-":
                return RoundEntry.bye(Result.ZERO_POINT_BYE)
            return RoundEntry.NOT_PAIRED
        try:
            result = Result.from_code(code)
        except ValueError:
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
        number = int(rec.field(line, rec.PLAYER_NUMBER))
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
        t.point_system = self.build_point_system()
        t.players = dict(sorted(t.players.items()))
        self.merge_team_records()
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
        for line_number, column, player, what in self.references:
            if player not in t.players:
                self.problem(line_number, column, f"{what}: no player has pairing number {player}")
        for line_number, number, rating in self.national:
            if number not in t.players:
                self.problem(line_number, 5, f"national rating for unknown player {number}")
            else:
                t.players[number].national_ratings.append(rating)
        for inc in t.check():
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
        for team in self.t.teams:
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
            teams.append(team)
        self.t.teams = teams

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
    """The whitespace-separated words of ``line`` from ``column`` on, each with its column."""
    return [(column + m.start(), m.group()) for m in re.finditer(r"\S+", line[column - 1 :])]


def _is_digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts characters such as ``'²'`` that ``int``
    refuses, and other scripts' digits that are not TRF digits."""
    return text.isascii() and text.isdigit()


def _decimal(text: str) -> Decimal | None:
    """A plain decimal number (``2``, ``1.5``, ``-0.5``); nothing else Decimal would accept
    (``1e3``, ``1_0``, ``NaN``, other scripts' digits)."""
    text = text.strip()
    if not _NUMBER.fullmatch(text):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the pattern admits only valid numbers
        return None
