"""Registering players from files: an entry list in CSV, or a FIDE rating list.

Three readers give :class:`PlayerRecord` s, which :meth:`PlayerRecord.to_player` turns into the
model's :class:`~chessarbiter.model.Player`:

* :func:`read_players_csv` — an entry list exported from a spreadsheet or a web form: a header
  row, then one player a row; ``,`` ``;`` or tab, English or Russian column names.
* :func:`read_fide_rating_list` — the rating lists FIDE publishes for download, in either of
  their two formats (the file is read as given, never downloaded):

  - the fixed-width text files: ``players_list_foa.txt`` (standard, rapid and blitz in one
    file) and ``standard_rating_list.txt`` / ``rapid_rating_list.txt`` /
    ``blitz_rating_list.txt`` (one list each);
  - the XML files: ``players_list_xml_foa.xml`` and the single lists' ``..._xml`` files.

* :func:`find_players` (with :class:`PlayerIndex` for a big list) — the registration form's
  look-up, by FIDE id or by the beginning of a name.

The readers take text: bytes are the caller's to decode (:func:`chessarbiter.trf.decode` reads
UTF-8, with or without a byte-order mark, and falls back to Windows-1252).

Errors follow the TRF reader: a :class:`RegistrationError` (a
:class:`~chessarbiter.errors.FileFormatError`) lists every problem found, each as
``FILE:LINE:COLUMN: message`` with 1-based lines and columns (the column of a CSV problem is the
field's position in the row, as a spreadsheet numbers its columns; a column of 0 means the whole
line, a line of 0 the whole file). Reading stops after 100 problems. What was read leniently
(an unknown column ignored, a rating-list entry without a name left out) is returned in the
``warnings`` of the :class:`PlayerList`, in the same form.

>>> players = read_players_csv("Name;Rtg;FIDE ID\\nCarlsen, Magnus;2830;1503014\\n", "p.csv")
>>> players[0]
PlayerRecord(name='Carlsen, Magnus', rating=2830, fide_id=1503014, federation='', title='', \
sex='', birth='', club='', flag='')
>>> players[0].to_player(1).fide_id
'1503014'
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import re
import unicodedata
import xml.etree.ElementTree as ET
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from typing import BinaryIO, Final, NoReturn

from chessarbiter.errors import ChessArbiterError, FileFormatError, Problem
from chessarbiter.limits import MAX_RATING_LIST_PLAYERS
from chessarbiter.model import Player
from chessarbiter.pairing.swiss.ranking import TITLE_ORDER
from chessarbiter.timecontrol.laws import classify

__all__ = [
    "FIDE_TITLES",
    "RATING_KINDS",
    "PlayerIndex",
    "PlayerList",
    "PlayerRecord",
    "RatingListEntry",
    "RatingListStream",
    "RegistrationError",
    "find_players",
    "fold_name",
    "iter_fide_rating_list",
    "read_fide_rating_list",
    "read_players_csv",
    "stream_fide_rating_list",
    "suspicious_players",
]

#: The FIDE titles a TRF title field (columns 11-13) carries, strongest first: the order of
#: C.04.2 B.2, kept once in :data:`chessarbiter.pairing.swiss.ranking.TITLE_ORDER`.
FIDE_TITLES: Final = TITLE_ORDER
#: The lists of a FIDE rating file, for ``rating_kind``.
RATING_KINDS: Final = ("standard", "rapid", "blitz")
#: Ratings outside ``0..RATING_MAX`` are refused.
RATING_MAX: Final = 3500
#: K factors of a rating list outside ``0..K_MAX`` are refused (``0`` is no K; the K of
#: B.02 8.3.3 of 1 March 2024 is 40 at most).
K_MAX: Final = 100
#: Reading stops after this many problems; at most this many warnings are kept.
MAX_PROBLEMS: Final = 100


class RegistrationError(FileFormatError):
    """A player file (CSV entry list or FIDE rating list) could not be read.

    ``problems`` lists every problem found, each with file, line and column.
    """


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player read for registration.

    Values are normalised so that they can go into the model (and a TRF file) as they are:

    * ``rating``: ``None`` when the file has none (a FIDE list's ``0`` is also "unrated");
    * ``fide_id``: ``None`` when there is none;
    * ``federation``: a three-letter code, upper case (``"NOR"``), or ``""``;
    * ``title``: a FIDE title as TRF writes it (``"GM"``, ``"WFM"``...), or ``""``;
    * ``sex``: ``"m"`` or ``"w"`` as in TRF and :class:`~chessarbiter.model.Player` (a file's
      ``f``/``F``/``ж`` is ``"w"``), or ``""``;
    * ``birth``: a year ``"1990"`` or a date in TRF's form ``"1990/05/17"``, or ``""``;
    * ``flag``: a FIDE list's flag as written: ``i`` inactive, ``w`` woman (``wi`` both).
      Kept as data: nobody is left out for it.

    >>> r = PlayerRecord("Polgar, Judit", 2675, 700070, "HUN", "GM", "w", "1976", flag="wi")
    >>> r.inactive
    True
    """

    name: str
    rating: int | None = None
    fide_id: int | None = None
    federation: str = ""
    title: str = ""
    sex: str = ""
    birth: str = ""
    club: str = ""
    flag: str = ""

    @property
    def inactive(self) -> bool:
        """Flagged inactive (``i``) on the FIDE list it comes from."""
        return "i" in self.flag

    def to_player(self, number: int) -> Player:
        """The model's :class:`~chessarbiter.model.Player` with pairing number ``number``.

        Fields go where the TRF reader puts a ``001`` record's: the FIDE id as text
        (``Player.fide_id`` is the TRF field as written), the birth in ``birth_date``. The flag
        has no place in the model.

        >>> p = PlayerRecord("Hou, Yifan", 2633, 8602980, "CHN", "GM", "w", "1994").to_player(3)
        >>> p.number, p.name, p.rating, p.fide_id, p.federation, p.title, p.sex, p.birth_date
        (3, 'Hou, Yifan', 2633, '8602980', 'CHN', 'GM', 'w', '1994')

        :raises ValueError: if ``number`` is not a pairing number (1 or more).
        """
        if number < 1:
            raise ValueError(f"pairing numbers start at 1, not {number}")
        return Player(
            number=number,
            name=self.name,
            sex=self.sex,
            title=self.title,
            rating=self.rating,
            federation=self.federation,
            fide_id="" if self.fide_id is None else str(self.fide_id),
            birth_date=self.birth,
            club=self.club,
        )


class PlayerList(list[PlayerRecord]):
    """The records of a file, in file order, and the file's ``warnings``: what was read
    leniently (:class:`~chessarbiter.errors.Problem` s, as errors are reported).

    >>> players = read_players_csv("Nr.,Name\\n1,Ann\\n", "p.csv")
    >>> [p.name for p in players], [str(w) for w in players.warnings]
    (['Ann'], ['p.csv:1:1: column "Nr." is not known; ignored'])
    """

    def __init__(
        self, records: Iterable[PlayerRecord] = (), warnings: Iterable[Problem] = ()
    ) -> None:
        super().__init__(records)
        self.warnings: list[Problem] = list(warnings)


def _of_kind(kind: str, standard: int | None, rapid: int | None, blitz: int | None) -> int | None:
    """The value of the list ``kind`` (one of :data:`RATING_KINDS`) among the three.

    :raises ValueError: for a ``kind`` that is none of :data:`RATING_KINDS`.
    """
    values = {"standard": standard, "rapid": rapid, "blitz": blitz}
    if kind not in values:
        raise ValueError(f"rating_kind must be one of {', '.join(RATING_KINDS)}, not {kind!r}")
    return values[kind]


@dataclass(frozen=True, slots=True)
class RatingListEntry:
    """One player of a FIDE rating list with everything the list says of him: what a player
    database keeps (:class:`PlayerRecord` keeps one rating, the one an event is played with).

    Values are normalised as :class:`PlayerRecord`'s: ``sex`` ``"m"``/``"w"``/``""``,
    ``birth`` a year or ``""``, a rating ``None`` when unrated (``0`` or blank in the list) or
    when the file has no such list. ``title`` is the list's ``Tit``, ``women_title`` its
    ``WTit``, ``other_titles`` its ``OTit`` (arbiter and trainer titles: ``IA,FT``...).

    ``k_standard``, ``k_rapid`` and ``k_blitz`` are the list's K factors (SK/RK/BK, or a
    single list's K): "the current value of K for the player" the list publishes (FIDE Rating
    Regulations of 1 March 2024, B.02 7.1.2), the K of his next rated games (B.02 8.3.3);
    ``None`` when the list gives none (``0`` or blank: an unrated player's) or the file has no
    such list.

    >>> e = RatingListEntry(700070, "Polgar, Judit", "HUN", "w", "GM", "", "", "1976", "wi",
    ...                     2675, 2636, 2736, 10, 20, 20)
    >>> e.rating("rapid"), e.k("rapid"), e.to_record("blitz").rating
    (2636, 20, 2736)
    >>> e.to_record("standard").inactive
    True
    """

    fide_id: int
    name: str
    federation: str = ""
    sex: str = ""
    title: str = ""
    women_title: str = ""
    other_titles: str = ""
    birth: str = ""
    flag: str = ""
    standard: int | None = None
    rapid: int | None = None
    blitz: int | None = None
    k_standard: int | None = None
    k_rapid: int | None = None
    k_blitz: int | None = None

    def rating(self, kind: str) -> int | None:
        """The rating of the list ``kind`` (one of :data:`RATING_KINDS`).

        :raises ValueError: for a ``kind`` that is none of :data:`RATING_KINDS`.
        """
        return _of_kind(kind, self.standard, self.rapid, self.blitz)

    def k(self, kind: str) -> int | None:
        """The K factor the list publishes for the list ``kind`` (one of
        :data:`RATING_KINDS`; B.02 7.1.2 of 1 March 2024), ``None`` when it gives none.

        :raises ValueError: for a ``kind`` that is none of :data:`RATING_KINDS`.
        """
        return _of_kind(kind, self.k_standard, self.k_rapid, self.k_blitz)

    def to_record(self, kind: str) -> PlayerRecord:
        """The :class:`PlayerRecord` of an event played with the ``kind`` rating: the title is
        ``Tit``, or the women's title when that is blank (the TRF has one title field)."""
        return PlayerRecord(
            self.name,
            self.rating(kind),
            self.fide_id,
            self.federation,
            self.title or self.women_title,
            self.sex,
            self.birth,
            "",
            self.flag,
        )


# -- reporting ------------------------------------------------------------------------------


def _q(value: str) -> str:
    """A value quoted for a message: ``"abc"`` (control characters and quotes escaped)."""
    return json.dumps(value, ensure_ascii=False)


class _Report:
    """Problems and warnings of one file; raises once there are errors."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []
        self.more_warnings = 0

    def error(self, line: int, column: int, message: str) -> None:
        self.errors.append(Problem(self.source, line, column, message))
        if len(self.errors) >= MAX_PROBLEMS:
            self.fail(stopped=True)

    def warn(self, line: int, column: int, message: str) -> None:
        if len(self.warnings) < MAX_PROBLEMS:
            self.warnings.append(Problem(self.source, line, column, message))
        else:
            self.more_warnings += 1

    def fail(self, *, stopped: bool = False) -> NoReturn:
        problems = sorted(self.errors, key=lambda p: (p.line, p.column))
        if stopped:
            problems.append(Problem(self.source, 0, 0, f"stopped after {len(problems)} problems"))
        raise RegistrationError(problems)

    def finish(self, records: list[PlayerRecord]) -> PlayerList:
        if self.errors:
            self.fail()
        warnings = self.warnings
        if self.more_warnings:
            warnings.append(
                Problem(self.source, 0, 0, f"{self.more_warnings} more warnings not listed")
            )
        return PlayerList(records, warnings)


# -- values ---------------------------------------------------------------------------------

_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]*[.,][0-9]+")
_YEAR = re.compile(r"[0-9]{4}")
_YMD = re.compile(r"([0-9]{4})([-/.])([0-9]{1,2})\2([0-9]{1,2})")
_DMY = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})")
_FEDERATION = re.compile(r"[A-Z]{3}")
_FIRST_YEAR, _LAST_YEAR = 1900, 2099

_SEX: Final = {
    "m": "m",
    "male": "m",
    "man": "m",
    "м": "m",
    "муж": "m",
    "мужской": "m",
    "f": "w",
    "w": "w",
    "female": "w",
    "woman": "w",
    "ж": "w",
    "жен": "w",
    "женский": "w",
}


def _parse_rating(raw: str) -> tuple[int | None, str]:
    """``(rating, "")``, or ``(None, why not)``.

    >>> _parse_rating("2100"), _parse_rating(""), _parse_rating("abc")
    ((2100, ''), (None, ''), (None, 'rating "abc" is not a number'))
    """
    if not raw:
        return None, ""
    if _INTEGER.fullmatch(raw):
        value = int(raw)
        if not 0 <= value <= RATING_MAX:
            return None, f"rating {value} is out of range 0..{RATING_MAX}"
        return value, ""
    if _DECIMAL.fullmatch(raw):
        return None, f"rating {_q(raw)} is not a whole number"
    return None, f"rating {_q(raw)} is not a number"


def _parse_k(raw: str) -> tuple[int | None, str]:
    """A rating list's K factor: ``(K, "")``, ``(None, "")`` for a blank or ``0`` (no K), or
    ``(None, why not)``: FIDE's lists write it in plain digits, ``0..K_MAX``.

    >>> _parse_k("40"), _parse_k("0"), _parse_k("150"), _parse_k("+5")
    ((40, ''), (None, ''), (None, 'K 150 is out of range 0..100'), (None, 'K "+5" is not a number'))
    """
    if not raw:
        return None, ""
    if not (raw.isdigit() and raw.isascii()):
        return None, f"K {_q(raw)} is not a number"
    value = int(raw)
    if value > K_MAX:
        return None, f"K {value} is out of range 0..{K_MAX}"
    return value or None, ""


def _k_problem(raw: str) -> str:
    """Why a rating list's K factor ``raw`` is refused (:func:`_parse_k`)."""
    return _parse_k(raw)[1]


#: A rating list's ratings and K factors as FIDE writes them (plain digits, no leading zero),
#: read by one look-up: blank and ``0`` are ``None``. Any other text is read the long way.
_LIST_RATINGS: Final[dict[str, int | None]] = {str(n): n or None for n in range(RATING_MAX + 1)}
_LIST_RATINGS[""] = None
_LIST_KS: Final[dict[str, int | None]] = {str(n): n or None for n in range(K_MAX + 1)}
_LIST_KS[""] = None
#: What the look-ups give for any other text.
_UNLISTED: Final = -1


def _list_rating_problem(raw: str) -> str:
    """Why a rating list's rating ``raw`` (not plain digits, or above :data:`RATING_MAX`) is
    refused: FIDE's lists write plain digits, so ``+5`` is not a number there."""
    return _parse_rating(raw)[1] or f"rating {_q(raw)} is not a number"


def _parse_fide_id(raw: str) -> tuple[int | None, str]:
    """``(id, "")``, or ``(None, why not)``: a FIDE id is 1 to 10 digits, not all zero (TRF
    gives it 11 columns; FIDE's ids have 9 digits at most so far)."""
    if not raw:
        return None, ""
    if not (raw.isascii() and raw.isdigit()):
        return None, f"FIDE id {_q(raw)} is not a number"
    value = int(raw)
    if value == 0 or value >= 10**10:
        return None, f"FIDE id {_q(raw)} is out of range (1 to 10 digits, not zero)"
    return value, ""


def _parse_birth(raw: str) -> str | None:
    """A year or a date in TRF's form (``YYYY`` or ``YYYY/MM/DD``), ``None`` if ``raw`` is
    neither. Dates are read as ``YYYY-MM-DD``, ``YYYY/MM/DD``, ``YYYY.MM.DD`` or ``DD.MM.YYYY``;
    ``DD/MM/YYYY`` is refused (it could be ``MM/DD/YYYY``).

    >>> _parse_birth("1990"), _parse_birth("17.05.1990"), _parse_birth("1990-5-7")
    ('1990', '1990/05/17', '1990/05/07')
    >>> _parse_birth("31.02.1990") is None, _parse_birth("05/17/1990") is None
    (True, True)
    """
    if _YEAR.fullmatch(raw):
        year, month, day = int(raw), 0, 0
    elif m := _YMD.fullmatch(raw):
        year, month, day = int(m.group(1)), int(m.group(3)), int(m.group(4))
    elif m := _DMY.fullmatch(raw):
        year, month, day = int(m.group(3)), int(m.group(2)), int(m.group(1))
    else:
        return None
    if not _FIRST_YEAR <= year <= _LAST_YEAR:
        return None
    if not month:
        return f"{year:04d}"
    try:
        date(year, month, day)
    except ValueError:
        return None
    return f"{year:04d}/{month:02d}/{day:02d}"


# -- CSV ------------------------------------------------------------------------------------

#: Header names (as :func:`_header_key` folds them) and the field each one fills.
_CSV_ALIASES: Final = {
    "name": (
        "name",
        "player",
        "player name",
        "full name",
        "фамилия имя",
        "фамилия и имя",
        "фио",
        "игрок",
        "участник",
    ),
    "rating": (
        "rating",
        "rtg",
        "elo",
        "fide rating",
        "рейтинг",
        "рейтинг фиде",
        "рейтинг fide",
        "эло",
    ),
    "fide_id": ("fide id", "fideid", "fide code", "id fide", "фиде id", "id фиде", "код фиде"),
    "federation": ("federation", "fed", "fide federation", "country", "федерация"),
    "title": ("title", "tit", "fide title", "звание"),
    "sex": ("sex", "gender", "пол"),
    "birth": (
        "birth",
        "born",
        "birthday",
        "birth date",
        "date of birth",
        "birth year",
        "year of birth",
        "b day",
        "год рождения",
        "дата рождения",
        "год рожд",
        "г р",
    ),
    "club": ("club", "клуб"),
}
#: Names too general to be sure of: used only when no other column holds the field.
_CSV_WEAK_ALIASES: Final = {"id": "fide_id", "id number": "fide_id"}
_CSV_FIELD_OF: Final = {alias: f for f, aliases in _CSV_ALIASES.items() for alias in aliases}
_CSV_FIELD_NAMES: Final = {
    "name": "name",
    "rating": "rating",
    "fide_id": "FIDE id",
    "federation": "federation",
    "title": "title",
    "sex": "sex",
    "birth": "birth",
    "club": "club",
}
_DELIMITERS: Final = (",", ";", "\t")
_EXCEL_SEP = re.compile(r"\s*sep=(.)\s*", re.IGNORECASE)
_QUOTED = re.compile(r'"[^"]*"?')
_HEADER_PUNCTUATION = re.compile(r"[\s_\-.,:;/()]+")


def _header_key(cell: str) -> str:
    """A header name folded for matching: case, ``ё``, punctuation and spacing do not matter.

    >>> _header_key(" FIDE_ID "), _header_key("Г.р."), _header_key("Фамилия, Имя")
    ('fide id', 'г р', 'фамилия имя')
    """
    key = cell.strip().casefold().replace("ё", "е")
    return _HEADER_PUNCTUATION.sub(" ", key).strip()


def _sniff_delimiter(lines: Sequence[str]) -> str:
    """The delimiter of a CSV (``lines``, the header first): the one of ``,`` ``;`` tab most
    used in the header line.

    The header decides because its names hardly ever contain a delimiter, while data does
    (``Carlsen, Magnus`` in a ``;`` file defeats :class:`csv.Sniffer`'s frequency guess). A
    header of one column has none: then the first of tab, ``;`` and ``,`` that keeps every
    row in one field.

    >>> _sniff_delimiter(["Name;Rtg\\n", "Carlsen, Magnus;2830\\n"]), _sniff_delimiter(["a,b"])
    (';', ',')
    >>> _sniff_delimiter(["Name\\n", "Carlsen, Magnus\\n", "Nunn; John\\n"])
    '\\t'
    """
    unquoted = _QUOTED.sub("", lines[0])
    counts = [unquoted.count(d) for d in _DELIMITERS]
    if max(counts):
        return _DELIMITERS[counts.index(max(counts))]
    for delimiter in ("\t", ";", ","):
        try:
            if all(len(row) <= 1 for row in csv.reader(lines, delimiter=delimiter)):
                return delimiter
        except csv.Error:
            continue
    return ","


def read_players_csv(text: str, source: str = "<csv>") -> PlayerList:
    """Read an entry list in CSV: a header row, then one player a row.

    * Delimiter ``,`` ``;`` or tab, found from the header line; an Excel ``sep=;`` first line
      is obeyed. Quoting as the :mod:`csv` module reads it (a name with the delimiter in it
      needs quotes). A UTF-8 byte-order mark is dropped; blank rows are skipped.
    * Header names, matched whatever their case, spacing and punctuation (``FIDE_ID`` is
      ``FIDE ID``, ``Г.р.`` is ``г р``):

      ========== ======================================================================
      field      header names
      ========== ======================================================================
      name       Name, Player, Player name, Full name, Фамилия Имя, Фамилия и имя, ФИО,
                 Игрок, Участник (required)
      rating     Rating, Rtg, Elo, FIDE rating, Рейтинг, Рейтинг ФИДЕ, Эло
      fide_id    FIDE ID, FideID, FIDE code, ID FIDE, Код ФИДЕ; ID or ID Number only when
                 no other column is the FIDE id
      federation Federation, Fed, FIDE federation, Country, Федерация
      title      Title, Tit, FIDE title, Звание
      sex        Sex, Gender, Пол
      birth      Birth, Born, Birthday, Birth date, Date of birth, Birth year, Year of birth,
                 B-day, Год рождения, Дата рождения, Год рожд., Г.р.
      club       Club, Клуб
      ========== ======================================================================

      Other columns are ignored, each with a warning.
    * Values: a rating is a whole number 0..3500 (blank: unrated); a FIDE id 1 to 10 digits,
      once in the file; a federation three letters; a title one of :data:`FIDE_TITLES`; sex
      ``m``/``f`` (also ``w``, ``male``/``female``, ``м``/``ж``, ``муж``/``жен``); birth a year
      or a date (``YYYY-MM-DD``, ``YYYY/MM/DD``, ``DD.MM.YYYY``), kept as ``YYYY/MM/DD``.

    >>> text = "\\ufeffФИО;Рейтинг;Пол;Год рождения;Клуб\\nИванова, Анна;1850;ж;07.03.2001;Ладья\\n"
    >>> read_players_csv(text)[0]
    PlayerRecord(name='Иванова, Анна', rating=1850, fide_id=None, federation='', title='', \
sex='w', birth='2001/03/07', club='Ладья', flag='')
    >>> read_players_csv("Name,Rating\\nAnn,abc\\n,1500\\n", "players.csv")
    Traceback (most recent call last):
    ...
    chessarbiter.registration.RegistrationError: players.csv:2:2: rating "abc" is not a number
    players.csv:3:1: empty name

    :raises RegistrationError: listing every problem, each with file, line and column.
    """
    return _CsvReader(source).read(text)


@dataclass
class _Column:
    field: str
    index: int  # 0-based position in the row


class _CsvReader:
    def __init__(self, source: str) -> None:
        self.report = _Report(source)

    def read(self, text: str) -> PlayerList:
        report = self.report
        text = text.removeprefix("\ufeff")
        lines = io.StringIO(text, newline="").readlines()
        first = next((i for i, line in enumerate(lines) if line.strip()), None)
        if first is None:
            report.error(0, 0, "the file is empty: a header line is needed")
            report.fail()
        delimiter: str | None = None
        if m := _EXCEL_SEP.fullmatch(lines[first]):
            delimiter = m.group(1)
            first = next((i for i in range(first + 1, len(lines)) if lines[i].strip()), None)
            if first is None:
                report.error(0, 0, "the file has no header line")
                report.fail()
        if delimiter is None:
            delimiter = _sniff_delimiter(lines[first:])
        rows = csv.reader(lines[first:], delimiter=delimiter)
        offset = first  # physical line number = offset + rows.line_num
        try:
            header = next(rows)
        except csv.Error as e:
            report.error(offset + rows.line_num, 0, f"CSV: {e}")
            report.fail()
        header_line = offset + 1
        columns = self.columns(header, header_line)
        records: list[PlayerRecord] = []
        seen_ids: dict[int, int] = {}
        unnamed = [j for j, cell in enumerate(header) if not cell.strip()]
        unnamed_warned = False
        previous = rows.line_num
        while True:
            try:
                row = next(rows)
            except StopIteration:
                break
            except csv.Error as e:
                report.error(offset + previous + 1, 0, f"CSV: {e}")
                break
            line = offset + previous + 1
            previous = rows.line_num
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > len(header) and any(cell.strip() for cell in row[len(header) :]):
                name = "tab" if delimiter == "\t" else _q(delimiter)
                report.error(
                    line,
                    len(header) + 1,
                    f"{len(row)} fields but the header has {len(header)}: "
                    f"a value with a {name} in it and no quotes around it?",
                )
                continue
            if not unnamed_warned and any(j < len(row) and row[j].strip() for j in unnamed):
                j = next(j for j in unnamed if j < len(row) and row[j].strip())
                report.warn(line, j + 1, "a value in a column without a name; ignored")
                unnamed_warned = True
            record = self.record(row, line, columns, seen_ids)
            if record is not None:
                records.append(record)
        return report.finish(records)

    def columns(self, header: list[str], line: int) -> dict[str, _Column]:
        """The column of each field, from the header row."""
        report = self.report
        found: dict[str, list[tuple[int, bool]]] = {}
        for j, cell in enumerate(header):
            key = _header_key(cell)
            field = _CSV_FIELD_OF.get(key)
            weak = False
            if field is None and key in _CSV_WEAK_ALIASES:
                field, weak = _CSV_WEAK_ALIASES[key], True
            if field is None:
                if cell.strip():
                    report.warn(line, j + 1, f"column {_q(cell.strip())} is not known; ignored")
                continue
            found.setdefault(field, []).append((j, weak))
        columns: dict[str, _Column] = {}
        for field, places in found.items():
            strong = [j for j, weak in places if not weak]
            weak_ones = [j for j, weak in places if weak]
            chosen = strong or weak_ones
            what = _CSV_FIELD_NAMES[field]
            for j in chosen[1:]:
                report.error(
                    line,
                    j + 1,
                    f"column {_q(header[j].strip())} is a second {what} column "
                    f"(column {chosen[0] + 1} is one already)",
                )
            if strong:
                for j in weak_ones:
                    report.warn(
                        line,
                        j + 1,
                        f"column {_q(header[j].strip())} ignored: "
                        f"column {strong[0] + 1} holds the {what}",
                    )
            columns[field] = _Column(field, chosen[0])
        if "name" not in columns:
            names = ", ".join(_q(a) for a in ("Name", "Player", "Фамилия Имя", "ФИО", "Игрок"))
            report.error(line, 0, f"no name column in the header (one of {names}...)")
        if report.errors:
            report.fail()
        return columns

    def record(
        self, row: list[str], line: int, columns: dict[str, _Column], seen_ids: dict[int, int]
    ) -> PlayerRecord | None:
        report = self.report
        errors = len(report.errors)

        def cell(field: str) -> tuple[str, int]:
            column = columns.get(field)
            if column is None:
                return "", 0
            value = row[column.index].strip() if column.index < len(row) else ""
            return value, column.index + 1

        name, col = cell("name")
        if not name:
            report.error(line, col, "empty name")
        raw, col = cell("rating")
        rating, why = _parse_rating(raw)
        if why:
            report.error(line, col, why)
        raw, col = cell("fide_id")
        fide_id, why = _parse_fide_id(raw)
        if why:
            report.error(line, col, why)
        elif fide_id is not None:
            if fide_id in seen_ids:
                report.error(line, col, f"FIDE id {fide_id} already on line {seen_ids[fide_id]}")
            else:
                seen_ids[fide_id] = line
        raw, col = cell("federation")
        federation = raw.upper()
        if federation and not _FEDERATION.fullmatch(federation):
            report.error(line, col, f"federation {_q(raw)} is not a three-letter FIDE code")
        raw, col = cell("title")
        title = raw.upper()
        if title and title not in FIDE_TITLES:
            titles = ", ".join(FIDE_TITLES)
            report.error(line, col, f"title {_q(raw)} is not a FIDE title ({titles})")
        raw, col = cell("sex")
        sex = _SEX.get(raw.casefold().rstrip("."), "") if raw else ""
        if raw and not sex:
            report.error(line, col, f"sex {_q(raw)} is not m or f (м or ж)")
        raw, col = cell("birth")
        birth = _parse_birth(raw) if raw else ""
        if birth is None and _YEAR.fullmatch(raw):
            report.error(line, col, f"birth year {raw} is out of range {_FIRST_YEAR}..{_LAST_YEAR}")
        elif birth is None:
            report.error(
                line,
                col,
                f"birth {_q(raw)} is not a year or a date "
                "(YYYY, YYYY-MM-DD, YYYY/MM/DD or DD.MM.YYYY)",
            )
        club, _ = cell("club")
        if len(report.errors) > errors or birth is None:
            return None
        return PlayerRecord(name, rating, fide_id, federation, title, sex, birth, club)


# -- FIDE rating lists ----------------------------------------------------------------------


def read_fide_rating_list(
    text: str, source: str = "<fide>", rating_kind: str = "standard"
) -> PlayerList:
    """Read a FIDE rating list, in its text or its XML format (told apart by a leading ``<``).

    ``rating_kind`` (``"standard"``, ``"rapid"`` or ``"blitz"``) picks the rating of a combined
    file (``players_list_foa.txt``: SRtng/RRtng/BRtng; ``players_list_xml_foa.xml``:
    ``rating``/``rapid_rating``/``blitz_rating``). A single list (``standard_rating_list.txt``,
    ``rapid_rating_list.txt``...) has one rating, and it is taken whatever ``rating_kind``
    says: nothing in such a file says which list it is.

    **Text files.** The layout followed is FIDE's download files of 2023-2026 (checked against
    lines of the January 2023 standard list and of the August 2026 combined and blitz lists):
    a header line, then one player a line, each value starting at the column of its label in
    the header (1-based)::

        ID Number      Name          ...  Fed Sex Tit  WTit OTit           FOA SRtng SGm SK ...
        1              16                 77  81  85   90   95             110 114   120 124

    then ``RRtng RGm Rk BRtng BGm BK B-day Flag`` at 127, 133, 137, 140, 146, 150, 153, 159 in
    the combined file; the single lists have the month (``NOV26``; also read: ``Rating``,
    ``Rtng``), ``Gms``, ``K`` at 114, 120, 124 and ``B-day Flag`` at 127 and 133. The columns
    are taken from the header line itself (each value runs from its label to the next label),
    so a list that moves them is still read right. Older layouts with run-together labels
    (``TitlFed``) are not read.

    **XML files.** ``<playerslist>`` holding ``<player>`` elements with ``fideid``, ``name``,
    ``country``, ``sex``, ``title``, ``w_title``, ``o_title``, ``foa_title``, ``rating``,
    ``games``, ``k``, (combined file) ``rapid_rating``, ``rapid_games``, ``rapid_k``,
    ``blitz_rating``, ``blitz_games``, ``blitz_k``, then ``birthday`` and ``flag``. FIDE's own
    shape (one element a line, plain values; see :func:`_xml_fast_players`) is read by
    regular expressions over big pieces of the file; from the first player of any other shape
    on, the file is parsed as a stream (an :class:`xml.etree.ElementTree.XMLParser` whose
    target keeps one player at a time, no tree), which gives the same players and places
    every problem where the parser alone would. A document type declaration is refused:
    FIDE's files have none, and it is what entity expansion attacks need.

    The K factors (``SK``/``Rk``/``BK``, a single list's ``K``; in XML ``k``/``rapid_k``/
    ``blitz_k``, a single list's ``k``) are read with their ratings into the
    :class:`RatingListEntry` s of :func:`stream_fide_rating_list` (a :class:`PlayerRecord`
    keeps none).

    Values: a rating or a K of ``0`` or blank is ``None``; sex ``M``/``F`` becomes ``m``/``w``; the
    title is ``Tit`` (``title``), or the women's title when that is blank; a birth year of
    ``0000`` is blank; the flag (``i``, ``w``, ``wi``) is kept in :attr:`PlayerRecord.flag`.
    A player without a name is left out, and a FIDE id seen twice kept twice, each with a
    warning. A non-numeric id, rating or K is an error (the columns are not where the header
    says), and so is a rating above :data:`RATING_MAX` or a K above :data:`K_MAX`.

    >>> txt = (
    ...     "ID Number      Name" + " " * 57 + "Fed Sex Tit  WTit OTit" + " " * 11
    ...     + "FOA NOV26 Gms K  B-day Flag\\n"
    ...     "1503014        Carlsen, Magnus" + " " * 46 + "NOR M   GM" + " " * 27
    ...     + "2830  0   10 1990\\n")
    >>> read_fide_rating_list(txt)[0]
    PlayerRecord(name='Carlsen, Magnus', rating=2830, fide_id=1503014, federation='NOR', \
title='GM', sex='m', birth='1990', club='', flag='')

    :raises RegistrationError: listing the problems, each with file, line and column.
    :raises ValueError: for a ``rating_kind`` that is none of :data:`RATING_KINDS`.
    """
    if rating_kind not in RATING_KINDS:
        raise ValueError(
            f"rating_kind must be one of {', '.join(RATING_KINDS)}, not {rating_kind!r}"
        )
    text = text.removeprefix("\ufeff")
    start = len(text) - len(text.lstrip())
    if start == len(text):
        report = _Report(source)
        report.error(0, 0, "the file is empty")
        report.fail()
    if text.startswith("<", start):
        return _read_fide_xml(text, source, rating_kind)
    return _read_fide_txt(text, source, rating_kind)


def rating_kind(time_control: str, laws: str | int | None = None) -> str:
    """Which FIDE rating list an event's players are taken from: the rapid list for a rapid
    event, the blitz list for a blitz event, the standard list otherwise (the FIDE Rating
    Regulations, B.02, keep one list for each kind of game). The event's
    ``time_control`` is classified by the Laws of ``laws`` (default 2023: Appendices A.1 and
    B.1; :func:`chessarbiter.timecontrol.laws.classify`). A blank control, or one the
    classification cannot read (free text, an untimed game), is taken as standard: the list
    an event without a stated control has always been given.

    >>> [rating_kind(c) for c in ("90 min + 30 s", "15+10", "3+2", "", "by agreement")]
    ['standard', 'rapid', 'blitz', 'standard', 'standard']
    """
    if not time_control.strip():
        return "standard"
    try:
        return classify(time_control, laws).value
    except ChessArbiterError:
        return "standard"


def select_by_fide_id(
    records: Sequence[PlayerRecord], fide_ids: str
) -> tuple[list[PlayerRecord], list[str]]:
    """The records of a rating list whose FIDE IDs are in ``fide_ids`` (IDs separated by
    commas or spaces), in the list's order, and the IDs asked for that the list does not hold
    (sorted).

    >>> ps = [PlayerRecord("A", fide_id=1), PlayerRecord("B", fide_id=2)]
    >>> found, missing = select_by_fide_id(ps, "2, 7")
    >>> [p.name for p in found], missing
    (['B'], ['7'])
    """
    wanted = {x.strip() for x in fide_ids.replace(",", " ").split() if x.strip()}
    found = [r for r in records if str(r.fide_id) in wanted]
    missing = wanted - {str(r.fide_id) for r in found}
    return found, sorted(missing)


#: Header labels of the text lists (folded) and the value each one holds.
_TXT_LABELS: Final = {
    "id number": "id",
    "id": "id",
    "name": "name",
    "fed": "federation",
    "sex": "sex",
    "tit": "title",
    "wtit": "women_title",
    "otit": "other_titles",
    "b-day": "birth",
    "bday": "birth",
    "born": "birth",
    "flag": "flag",
    "srtng": "rating standard",
    "rrtng": "rating rapid",
    "brtng": "rating blitz",
    "rating": "rating single",
    "rtng": "rating single",
    "sk": "k standard",
    "rk": "k rapid",
    "bk": "k blitz",
    "k": "k single",
}
_MONTH_LABEL = re.compile(r"[a-z]{3}[0-9]{2}")
_FIDE_SEX: Final = {"M": "m", "F": "w", "": ""}
_TXT_RATING_LABELS: Final = {"standard": "SRtng", "rapid": "RRtng", "blitz": "BRtng"}


def _txt_columns(header: str) -> dict[str, tuple[int, int | None]]:
    """Each known value's slice of a line, from the labels of the header line.

    >>> cols = _txt_columns("ID Number      Name   Fed Sex Tit  NOV26 Gms Flag")
    >>> cols["id"], cols["name"], cols["rating single"], cols["flag"]
    ((0, 15), (15, 22), (35, 41), (45, None))
    """
    labels: list[tuple[int, str]] = []
    for m in re.finditer(r"\S+", header):
        word = m.group().casefold()
        if word == "number" and labels and labels[-1][1] == "id":
            labels[-1] = (labels[-1][0], "id number")
        else:
            labels.append((m.start(), word))
    columns: dict[str, tuple[int, int | None]] = {}
    for k, (begin, label) in enumerate(labels):
        end = labels[k + 1][0] if k + 1 < len(labels) else None
        field = _TXT_LABELS.get(label)
        if field is None and _MONTH_LABEL.fullmatch(label):
            field = "rating single"
        if field is not None and field not in columns:
            columns[field] = (begin, end)
    return columns


def _split_lines(text: str) -> list[str]:
    """Lines ending in LF, CRLF or (alone) CR; a line's CR is left for the caller to drop."""
    if "\n" not in text:
        return text.split("\r")
    return text.split("\n")


def _txt_layout(
    header: str, line: int, report: _Report, kinds: Sequence[str], single: str
) -> tuple[dict[str, tuple[int, int | None]], dict[str, tuple[int, int | None]]]:
    """The columns of a text list's header line (its ``line``-th line), and the column of each
    rating of ``kinds`` it holds: a combined list's SRtng/RRtng/BRtng, a single list's one
    rating as ``single``. A header that is not a rating list's, or that lacks the rating of
    the only kind asked for, is an error."""
    columns = _txt_columns(header)
    if "id" not in columns or "name" not in columns:
        report.error(
            line,
            1,
            "not a FIDE rating list: the first line should be its header "
            '("ID Number      Name ... Fed Sex Tit ...")',
        )
        report.fail()
    ratings: dict[str, tuple[int, int | None]] = {}
    if "rating single" in columns:
        ratings[single] = columns["rating single"]
    else:
        for kind in kinds:
            if f"rating {kind}" in columns:
                ratings[kind] = columns[f"rating {kind}"]
    if not ratings:
        if len(kinds) == 1 and any(key.startswith("rating ") for key in columns):
            label = _TXT_RATING_LABELS[kinds[0]]
            report.error(line, 1, f"the header has no {kinds[0]} rating column ({label})")
        else:
            report.error(line, 1, "the header has no rating column (SRtng, or the month)")
        report.fail()
    return columns, ratings


def _txt_entries(
    lines: Iterable[tuple[int, str]],
    columns: dict[str, tuple[int, int | None]],
    ratings: dict[str, tuple[int, int | None]],
    report: _Report,
) -> Iterator[RatingListEntry]:
    """The players of a text list's ``lines`` (numbered, the header's excluded), each checked
    as :func:`read_fide_rating_list` says; problems go to ``report`` (which raises at the
    hundredth error)."""
    none = (0, 0)
    i0, i1 = columns["id"]
    n0, n1 = columns["name"]
    f0, f1 = columns.get("federation", none)
    s0, s1 = columns.get("sex", none)
    t0, t1 = columns.get("title", none)
    w0, w1 = columns.get("women_title", none)
    o0, o1 = columns.get("other_titles", none)
    b0, b1 = columns.get("birth", none)
    g0, g1 = columns.get("flag", none)
    # each rating of ``ratings``, then its K (a combined list's SK/RK/BK, a single list's K):
    # (key, first column, end, highest value, why a value is refused)
    single = "rating single" in columns
    Numbers = list[tuple[str, int, int | None, dict[str, int | None], int, Callable[[str], str]]]
    numbers: Numbers = [
        (kind, r0, r1, _LIST_RATINGS, RATING_MAX, _list_rating_problem)
        for kind, (r0, r1) in ratings.items()
    ]
    for kind in ratings:
        k_columns = columns.get("k single" if single else f"k {kind}")
        if k_columns is not None:
            numbers.append((f"k {kind}", *k_columns, _LIST_KS, K_MAX, _k_problem))
    unlisted = _UNLISTED
    shared: dict[str, str] = {}  # one string object for each federation, title, year...
    share = shared.setdefault
    seen: set[int] = set()
    fide_sex = _FIDE_SEX
    entry = RatingListEntry
    # the columns just before the id's and the ratings' neighbours: blank unless a line has
    # moved (a value running into the next field would be read as part of it)
    seams = sorted(
        {c for c in (i1, *(c for r in ratings.values() for c in r)) if c is not None and c > 0}
    )
    for number, line in lines:
        if not line or line.isspace():
            continue
        misaligned = 0
        for c in seams:
            if line[c - 1 : c].strip():
                misaligned = c
                break
        if misaligned:
            report.error(number, misaligned, "column should be blank: are the columns misaligned?")
            continue
        raw = line[i0:i1].strip()
        if not (raw.isdigit() and raw.isascii()):
            report.error(number, i0 + 1, f"FIDE id {_q(raw)} is not a number")
            continue
        fide_id = int(raw)
        values: dict[str, int | None] = {}
        for key, r0, r1, listed, top, problem in numbers:
            raw = line[r0:r1].strip()
            value = listed.get(raw, unlisted)
            if value == unlisted:
                if not (raw.isdigit() and raw.isascii()) or int(raw) > top:
                    report.error(number, r0 + 1, problem(raw))
                    break
                value = int(raw) or None
            values[key] = value
        else:
            name = line[n0:n1].strip()
            if not name:
                report.warn(number, n0 + 1, f"FIDE id {fide_id} has no name; left out")
                continue
            if fide_id in seen:
                report.warn(number, i0 + 1, f"FIDE id {fide_id} is listed twice")
            seen.add(fide_id)
            raw = line[s0:s1].strip()
            sex = fide_sex.get(raw)
            if sex is None:
                report.warn(number, s0 + 1, f"sex {_q(raw)} is not M or F; left blank")
                sex = ""
            raw = line[b0:b1].strip()
            if len(raw) == 4 and raw.isdigit() and raw != "0000":
                birth = share(raw, raw)
            elif not raw or raw.strip("0") == "":
                birth = ""
            else:
                birth = _parse_birth(raw) or ""
                if not birth:
                    report.warn(number, b0 + 1, f"birth {_q(raw)} is not a year; left blank")
            title = line[t0:t1].strip()
            women_title = line[w0:w1].strip()
            other_titles = line[o0:o1].strip()
            federation = line[f0:f1].strip()
            flag = line[g0:g1].strip()
            yield entry(
                fide_id,
                name,
                share(federation, federation),
                sex,
                share(title, title),
                share(women_title, women_title),
                share(other_titles, other_titles),
                birth,
                share(flag, flag),
                values.get("standard"),
                values.get("rapid"),
                values.get("blitz"),
                values.get("k standard"),
                values.get("k rapid"),
                values.get("k blitz"),
            )


def _read_fide_txt(text: str, source: str, kind: str) -> PlayerList:
    report = _Report(source)
    lines = _split_lines(text)
    h = next(i for i, line in enumerate(lines) if line.strip())
    columns, ratings = _txt_layout(lines[h].rstrip("\r"), h + 1, report, (kind,), kind)
    numbered = ((i + 1, lines[i]) for i in range(h + 1, len(lines)))
    records = [e.to_record(kind) for e in _txt_entries(numbered, columns, ratings, report)]
    return report.finish(records)


_XML_RATING: Final = {"standard": "rating", "rapid": "rapid_rating", "blitz": "blitz_rating"}
_XML_K: Final = {"standard": "k", "rapid": "rapid_k", "blitz": "blitz_k"}
_XML_CHUNK: Final = 1 << 20
_XML_ROOT: Final = "playerslist"
_XML_TAG: Final = re.compile(r"<(/?)([A-Za-z_][\w.-]*)(?=[\s/>])")


class _XmlProblems:
    """Problems of XML players, placed once reading is over: ElementTree gives no line
    numbers, so the ``n``-th ``<player>`` (and its element) is found in the document's lines
    then (``lines`` gives them, read again, without their line ends)."""

    def __init__(self, lines: Callable[[], Iterable[str]], report: _Report) -> None:
        self.lines = lines
        self.report = report
        self.pending: list[tuple[int, str, str, bool]] = []  # player, element, message, error
        self.errors = 0
        self.warnings = 0

    def add(self, player: int, element: str, message: str, *, error: bool) -> None:
        if not error:
            self.warnings += 1
            if self.warnings > MAX_PROBLEMS:
                self.report.more_warnings += 1
                return
        self.pending.append((player, element, message, error))
        if error:
            self.errors += 1
            if self.errors >= MAX_PROBLEMS:
                self.place()
                self.report.fail(stopped=True)

    def place(self) -> None:
        """Each pending problem at its element in its ``<player>`` (at the ``<player>`` when
        the element is missing), in the order of the document."""
        if not self.pending:
            return
        by_player: dict[int, list[int]] = {}
        for k, (player, _, _, _) in enumerate(self.pending):
            by_player.setdefault(player, []).append(k)
        last = max(by_player)
        where: dict[int, tuple[int, int]] = {}
        number = -1
        open_items: list[int] = []
        start = (0, 0)
        for line_number, line in enumerate(self.lines(), 1):
            for m in _XML_TAG.finditer(line):
                closing, tag = m.group(1), m.group(2)
                if tag == "player":
                    if closing:
                        for k in open_items:
                            where.setdefault(k, start)
                        open_items = []
                        if number >= last:
                            break
                    else:
                        number += 1
                        start = (line_number, m.start() + 1)
                        open_items = by_player.get(number, [])
                elif not closing:
                    for k in open_items:
                        if k not in where and self.pending[k][1] == tag:
                            where[k] = (line_number, m.start() + 1)
            else:
                continue
            break
        for k in open_items:  # a player cut off by the end of the file
            where.setdefault(k, start)
        placed = sorted(
            (
                (*where.get(k, (0, 0)), message, error)
                for k, (_, _, message, error) in enumerate(self.pending)
            ),
            key=lambda x: (x[0], x[1]),
        )
        for line_number, column, message, error in placed:
            if error:
                self.report.errors.append(Problem(self.report.source, line_number, column, message))
            else:
                self.report.warn(line_number, column, message)
        self.pending.clear()


def _read_fide_xml(text: str, source: str, kind: str) -> PlayerList:
    report = _Report(source)
    problems = _XmlProblems(lambda: text.split("\n"), report)
    root_at = re.search(r"<[A-Za-z_]", text)
    prolog = text[: root_at.start()] if root_at else text
    doctype = prolog.upper().find("<!DOCTYPE")
    if doctype >= 0:
        line = text.count("\n", 0, doctype) + 1
        column = doctype - text.rfind("\n", 0, doctype)
        report.error(line, column, "a document type declaration (DOCTYPE) is not accepted")
        report.fail()
    records: list[PlayerRecord] = []
    read_entry = _XmlEntries((kind,), kind, problems).entry

    def player(values: dict[str, str], number: int) -> None:
        entry = read_entry(values, number)
        if entry is not None:
            records.append(entry.to_record(kind))

    def wrong_root(tag: str) -> None:
        at = root_at.start() if root_at else 0
        report.error(
            text.count("\n", 0, at) + 1,
            at - text.rfind("\n", 0, at),
            f"not a FIDE rating list: the root element is <{tag}>, not <{_XML_ROOT}>",
        )
        report.fail()

    # FIDE's own shape first (see _xml_fast_players), the XML parser for what follows the
    # first player that does not fit it
    number = 0
    head = _XML_HEAD_TEXT.match(text)
    begin = head.end() if head is not None and _xml_codec(head.group("encoding")) else 0
    resume = begin
    plain = bool(begin) and _xml_plain(text)
    while begin:
        batch: list[dict[str, str]] = []
        end = resume + _XML_CHUNK
        stop = _xml_fast_players(text, resume, end, batch, plain)
        for values in batch:
            player(values, number)
            number += 1
        resume = stop
        if stop < end:
            break
    if begin and _XML_TAIL.fullmatch(text, resume):
        problems.place()
        return report.finish(records)
    shift = _XmlShift(_xml_line_ends(text, 0, begin), _xml_line_ends(text, begin, resume))
    parser = ET.XMLParser(target=_XmlTarget(player, wrong_root, number))
    try:
        parser.feed(text[:begin])
        for at in range(resume, len(text), _XML_CHUNK):
            parser.feed(text[at : at + _XML_CHUNK])
        parser.close()
    except ET.ParseError as e:
        line, column = shift.position(e)
        message = str(e).split(": line ")[0]
        report.error(line, column + 1, f"XML: {message}")
    problems.place()
    return report.finish(records)


class _XmlTarget:
    """The parser's target (see :class:`xml.etree.ElementTree.XMLParser`): hands each
    ``<player>`` over as ``{element: text}`` and builds no tree, so memory stays flat and the
    garbage collector idle however long the list."""

    def __init__(
        self,
        player: Callable[[dict[str, str], int], None],
        wrong_root: Callable[[str], None],
        number: int = 0,
    ) -> None:
        self.player = player
        self.wrong_root = wrong_root
        self.depth = 0
        self.values: dict[str, str] = {}
        self.text = ""
        self.number = number  # the n-th <player> (0-based), to place problems

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == 3:
            self.text = ""
        elif self.depth == 2:
            self.values = {}
        elif self.depth == 1 and tag != _XML_ROOT:
            self.wrong_root(tag)

    def data(self, data: str) -> None:
        if self.depth == 3:
            self.text += data

    def end(self, tag: str) -> None:
        depth = self.depth
        self.depth = depth - 1
        if depth == 3:
            self.values[tag] = self.text.strip()
        elif depth == 2 and tag == "player":
            self.player(self.values, self.number)
            self.number += 1

    def close(self) -> None:
        return None


#: The elements of a ``<player>`` of FIDE's combined XML list, in the file's order.
_XML_FIDE_TAGS: Final = (
    "fideid",
    "name",
    "country",
    "sex",
    "title",
    "w_title",
    "o_title",
    "foa_title",
    "rating",
    "games",
    "k",
    "rapid_rating",
    "rapid_games",
    "rapid_k",
    "blitz_rating",
    "blitz_games",
    "blitz_k",
    "birthday",
    "flag",
)
#: The elements :class:`_XmlEntries` reads (the others: games, FOA title, are not kept), and
#: those of them in a file of FIDE's combined list or of a single list, in order.
_XML_READ: Final = frozenset(
    {"fideid", "name", "country", "sex", "title", "w_title", "o_title", "rating", "flag"}
    | {"rapid_rating", "blitz_rating", "birthday", "k", "rapid_k", "blitz_k"}
)
#: Those of a single list's XML file (no ``rapid_*``, no ``blitz_*``).
_XML_SINGLE_TAGS: Final = tuple(t for t in _XML_FIDE_TAGS if not t.startswith(("rapid_", "blitz_")))
_XML_FIDE_READ: Final[tuple[str, ...]] = tuple(t for t in _XML_FIDE_TAGS if t in _XML_READ)
_XML_SINGLE_READ: Final[tuple[str, ...]] = tuple(t for t in _XML_SINGLE_TAGS if t in _XML_READ)
# the fast path's value: characters of XML 1.0 but markup and line ends, the five predefined
# entities, and no white space at either end (what str.strip would take off)
_XML_CHARS: Final = "^<>&\r\n\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff"
_XML_VALUE: Final = rf"(?!\s)[{_XML_CHARS}]*(?:&(?:amp|lt|gt|quot|apos);[{_XML_CHARS}]*)*(?<!\s)"
_XML_NAME: Final = r"[A-Za-z_][A-Za-z0-9_.-]*"
_XML_EOL: Final = r"[ \t\r]*\n"


#: A value of text that is ASCII and has no ``&``, ``> ``, ``>\t``, `` <`` nor ``\t<``
#: (:func:`_xml_plain`): no entity and no white space at either end can be in it.
_XML_PLAIN_VALUE: Final = rf"[{_XML_CHARS}]*"


class _XmlShapes:
    """The fast path's patterns for values of the form ``value``: a ``<player>`` of FIDE's
    files with their elements in their order (``fide``: the combined list, ``single``: a
    single list), one of any elements (``other``) and its elements (``child``)."""

    def __init__(self, value: str) -> None:
        self.fide = self.player(value, _XML_FIDE_TAGS)
        self.single = self.player(value, _XML_SINGLE_TAGS)
        self.other = re.compile(
            rf"[ \t\r\n]*<player>{_XML_EOL}((?:[ \t]*(?:<({_XML_NAME})>{value}</\2>"
            rf"|<{_XML_NAME}/>){_XML_EOL})*)[ \t]*</player>{_XML_EOL}"
        )
        self.child = re.compile(rf"<({_XML_NAME})(?:>({value})</\1>|/>)")

    @staticmethod
    def player(value: str, tags: Sequence[str]) -> re.Pattern[str]:
        """One ``<player>`` with the elements ``tags``, one a line, in this order; the values
        of :data:`_XML_READ` are its groups, in this order (the others are checked only)."""
        children = "".join(
            f"<{tag}>({value if tag in _XML_READ else '?:' + value})</{tag}>{_XML_EOL}"
            for tag in tags
        )
        return re.compile(f"[ \t\r\n]*<player>{_XML_EOL}{children}</player>{_XML_EOL}")


_XML_CAREFUL: Final = _XmlShapes(_XML_VALUE)
_XML_PLAIN: Final = _XmlShapes(_XML_PLAIN_VALUE)
_XML_DECLARATION: Final = (
    r"(?:<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?P<q1>['\"])1\.0(?P=q1)(?:[ \t\r\n]+"
    r"encoding[ \t\r\n]*=[ \t\r\n]*(?P<q2>['\"])(?P<encoding>[A-Za-z][A-Za-z0-9._-]*)(?P=q2))?"
    r"[ \t\r\n]*\?>)?"
    r"[ \t\r\n]*<playerslist>[ \t\r]*\n"
)
_XML_HEAD_TEXT: Final = re.compile("\ufeff?" + _XML_DECLARATION)
_XML_HEAD_BYTES: Final = re.compile(rb"(?P<bom>\xef\xbb\xbf)?" + _XML_DECLARATION.encode())
_XML_TAIL: Final = re.compile(r"[ \t\r\n]*</playerslist>[ \t\r\n]*")
_XML_ENTITIES: Final = (("&lt;", "<"), ("&gt;", ">"), ("&quot;", '"'), ("&apos;", "'"))


def _xml_codec(encoding: str | bytes | None) -> str:
    """The codec of the encodings the fast path reads (UTF-8, the default, and ISO-8859-1,
    both built into the XML parser), ``""`` for any other."""
    if isinstance(encoding, bytes):
        encoding = encoding.decode("ascii")
    return {None: "utf-8", "utf-8": "utf-8", "iso-8859-1": "latin-1"}.get(
        encoding and encoding.lower(), ""
    )


def _xml_unescaped(value: str) -> str:
    """A value with the five predefined entities of XML 1.0 replaced."""
    if "&" not in value:
        return value
    for entity, character in _XML_ENTITIES:
        value = value.replace(entity, character)
    return value.replace("&amp;", "&")


def _xml_plain(text: str) -> bool:
    """Whether ``text`` is ASCII without ``&`` and without white space just after a tag or
    just before one (ASCII white space in a value is a space or a tab, the rest are line ends
    or not XML characters): then no value of it has an entity or white space at its ends,
    and the fast path reads it with :data:`_XML_PLAIN_VALUE`."""
    return text.isascii() and not any(s in text for s in ("&", "> ", ">\t", " <", "\t<"))


def _xml_fast_players(
    text: str, pos: int, end: int, out: list[dict[str, str]], plain: bool = False
) -> int:
    """The fast path of the XML reader: the ``<player>`` elements of ``text`` that begin from
    ``pos`` to ``end``, each as ``{element: text}`` (what :class:`_XmlTarget` gives), appended
    to ``out``; returns where reading stopped, at the beginning of a line. ``plain`` says that
    ``text`` is :func:`_xml_plain`.

    It reads FIDE's shape only: ``<player>`` and ``</player>`` on lines of their own, each
    child element on a line of its own, ``<tag>value</tag>`` or ``<tag/>``, without
    attributes, the value plain characters and the five predefined entities, without white
    space at its ends (fast in FIDE's order of elements, else any order). It stops before the
    first ``<player>`` of any other shape (and before ``</playerslist>``): the caller hands
    the rest to the XML parser, so that whatever does not fit is read, or refused, as the
    parser does. Within that shape, what is read is well-formed XML 1.0 and its values are
    what the parser gives."""
    shapes = _XML_PLAIN if plain else _XML_CAREFUL
    fide = shapes.fide.match
    single = shapes.single.match
    other = shapes.other.match
    children = shapes.child.findall
    fide_tags, single_tags = _XML_FIDE_READ, _XML_SINGLE_READ
    find = text.find
    append = out.append
    while pos < end:
        m = fide(text, pos)
        if m is not None:
            values = dict(zip(fide_tags, m.groups(), strict=True))
        elif (m := single(text, pos)) is not None:
            values = dict(zip(single_tags, m.groups(), strict=True))
        elif (m := other(text, pos)) is not None:
            values = dict(children(m.group(1)))
        else:
            return pos
        pos = m.end()
        if not plain and find("&", m.start(), pos) >= 0:
            values = {tag: _xml_unescaped(value) for tag, value in values.items()}
        append(values)
    return pos


def _xml_line_ends(text: str | bytes, begin: int = 0, end: int | None = None) -> int:
    """The line ends of ``text[begin:end]`` as the XML parser counts them (``\r\n``, ``\r``
    and ``\n`` each one)."""
    if isinstance(text, bytes):
        return (
            text.count(b"\n", begin, end)
            + text.count(b"\r", begin, end)
            - text.count(b"\r\n", begin, end)
        )
    return (
        text.count("\n", begin, end) + text.count("\r", begin, end) - text.count("\r\n", begin, end)
    )


class _XmlShift:
    """Where a problem the XML parser finds is in the file, when the parser was given the
    document's head (up to the line after ``<playerslist>``) and then the rest from a line
    the fast path stopped at: the lines skipped in between are added to lines after the
    head."""

    def __init__(self, head_lines: int, skipped: int) -> None:
        self.head_lines = head_lines
        self.skipped = skipped

    def position(self, error: ET.ParseError) -> tuple[int, int]:
        line, column = error.position
        return (line + self.skipped if line > self.head_lines else line), column


class _XmlFastFile:
    """The fast path over a file (:func:`_xml_fast_players` on blocks of it, decoded as its
    declaration says): :meth:`players` gives the players it reads, block by block; then
    ``done`` says whether it read the whole document, else ``offset`` is where the XML parser
    is to go on (after ``head``, the document's bytes up to the line after
    ``<playerslist>``) and ``shift`` maps the parser's positions to the file's."""

    def __init__(self) -> None:
        self.done = False
        self.head = b""
        self.offset = 0
        self.shift = _XmlShift(0, 0)

    def players(self, file: BinaryIO) -> Iterator[list[dict[str, str]]]:
        block = file.read(_STREAM_CHUNK)
        head = _XML_HEAD_BYTES.match(block)
        codec = _xml_codec(head.group("encoding")) if head is not None else ""
        if head is None or not codec or (head.group("bom") and codec != "utf-8"):
            return
        offset = head.end()
        self.head, self.offset = block[:offset], offset
        head_lines = _xml_line_ends(self.head)
        skipped = 0
        pending = block[offset:]
        eof = False
        while True:
            self.shift = _XmlShift(head_lines, skipped)
            cut = pending.rfind(b"</player>")
            cut = pending.find(b"\n", cut) + 1 if cut >= 0 else 0
            if not cut:
                if eof or len(pending) > 4 * _STREAM_CHUNK:
                    break
                more = file.read(_STREAM_CHUNK)
                eof = not more
                pending += more
                continue
            try:
                text = pending[:cut].decode(codec)
            except UnicodeDecodeError:
                return
            batch: list[dict[str, str]] = []
            stop = _xml_fast_players(text, 0, len(text), batch, _xml_plain(text))
            if stop < len(text):
                part = text[:stop].encode(codec)
                self.offset += len(part)
                self.shift = _XmlShift(head_lines, skipped + _xml_line_ends(part))
                yield batch
                return
            skipped += _xml_line_ends(pending, 0, cut)
            self.offset += cut
            pending = pending[cut:]
            yield batch
        try:
            tail = pending.decode(codec)
        except UnicodeDecodeError:
            return
        self.done = _XML_TAIL.fullmatch(tail) is not None


class _XmlEntries:
    """The players of one XML list, each checked as :func:`read_fide_rating_list` says: the
    ratings of ``kinds`` of a combined list, or a single list's one rating as ``single``.
    Problems go to ``problems``; FIDE ids seen, and one string object for each federation,
    title, birth year... (a million players share a few thousand), are kept across players."""

    def __init__(self, kinds: Sequence[str], single: str, problems: _XmlProblems) -> None:
        self.combined = tuple((kind, _XML_RATING[kind], _XML_K[kind]) for kind in kinds)
        self.single = ((single, "rating", "k"),)
        self.problems = problems
        self.seen: set[int] = set()
        self.shared: dict[str, str] = {}
        self.births: dict[str, str | None] = {}

    def entry(self, values: dict[str, str], number: int) -> RatingListEntry | None:
        """The ``number``-th ``<player>`` (0-based), its ``values`` by element; ``None`` for
        a player left out (the problem is added)."""
        get = values.get
        add = self.problems.add
        raw = get("fideid", "")
        if not (raw.isdigit() and raw.isascii()):
            add(number, "fideid", f"FIDE id {_q(raw)} is not a number", error=True)
            return None
        fide_id = int(raw)
        combined = "rapid_rating" in values or "blitz_rating" in values
        standard = rapid = blitz = k_standard = k_rapid = k_blitz = None
        for kind, tag, k_tag in self.combined if combined else self.single:
            raw = get(tag, "")
            rating = _LIST_RATINGS.get(raw, _UNLISTED)
            if rating == _UNLISTED:
                rating = int(raw) if raw.isdigit() and raw.isascii() else RATING_MAX + 1
                if rating > RATING_MAX:
                    add(number, tag, _list_rating_problem(raw), error=True)
                    return None
                rating = rating or None
            raw = get(k_tag, "")
            k = _LIST_KS.get(raw, _UNLISTED)
            if k == _UNLISTED:
                k = int(raw) if raw.isdigit() and raw.isascii() else K_MAX + 1
                if k > K_MAX:
                    add(number, k_tag, _k_problem(raw), error=True)
                    return None
                k = k or None
            if kind == "standard":
                standard, k_standard = rating, k
            elif kind == "rapid":
                rapid, k_rapid = rating, k
            else:
                blitz, k_blitz = rating, k
        name = get("name", "")
        if not name:
            add(number, "name", f"FIDE id {fide_id} has no name; left out", error=False)
            return None
        seen = self.seen
        if fide_id in seen:
            add(number, "fideid", f"FIDE id {fide_id} is listed twice", error=False)
        seen.add(fide_id)
        raw = get("sex", "")
        sex = _FIDE_SEX.get(raw)
        if sex is None:
            add(number, "sex", f"sex {_q(raw)} is not M or F; left blank", error=False)
            sex = ""
        raw = get("birthday", "")
        births = self.births
        if raw in births:
            birth = births[raw]
        else:
            birth = births[raw] = "" if raw.strip("0") == "" else _parse_birth(raw)
        if birth is None:
            add(number, "birthday", f"birth {_q(raw)} is not a year; left blank", error=False)
            birth = ""
        share = self.shared.setdefault
        federation = get("country", "")
        title = get("title", "")
        women_title = get("w_title", "")
        other_titles = get("o_title", "")
        flag = get("flag", "")
        return RatingListEntry(
            fide_id,
            name,
            share(federation, federation),
            sex,
            share(title, title),
            share(women_title, women_title),
            share(other_titles, other_titles),
            share(birth, birth),
            share(flag, flag),
            standard,
            rapid,
            blitz,
            k_standard,
            k_rapid,
            k_blitz,
        )


# -- streaming a whole rating list from its file ------------------------------------------------

_STREAM_CHUNK: Final = 1 << 20


def _decoded(line: bytes) -> str:
    """A line of a rating list's file as text: UTF-8, else Windows-1252 (as
    :func:`chessarbiter.trf.decode` reads a whole file), so one stray byte does not stop a
    list of a million players."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("cp1252", errors="replace")


class RatingListStream:
    """The players of a FIDE rating list's file, read as they come: an iterable of
    :class:`RatingListEntry`, in file order, that holds one player (and, for the checks of
    :func:`read_fide_rating_list`, the set of FIDE ids seen) at a time, so that FIDE's whole
    list (about 1.2 million players: the combined text list is some 150 MB, the XML one some
    1 GB) is read in bounded memory.

    Every player is checked as :func:`read_fide_rating_list` checks it. Problems are
    collected with their file, line and column: the hundredth error raises
    :class:`RegistrationError` at once, fewer raise it once the last player has been given
    (so a caller that stores what it is given does so in one transaction, and drops it on
    the error). The ``warnings`` are complete once the iteration is over. More than
    ``max_players`` players is an error (:data:`chessarbiter.limits.MAX_RATING_LIST_PLAYERS`).

    Use :func:`stream_fide_rating_list` to make one.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        source: str,
        kinds: Sequence[str],
        single: str,
        max_players: int,
    ) -> None:
        self.path = path
        self.source = source
        self.kinds = tuple(kinds)
        self.single = single
        self.max_players = max_players
        self.warnings: list[Problem] = []
        self.count = 0

    def __iter__(self) -> Iterator[RatingListEntry]:
        report = _Report(self.source)
        self.count = 0
        try:
            with open(self.path, "rb") as file:
                head = file.read(4096).removeprefix(b"\xef\xbb\xbf").lstrip()
                while not head and (chunk := file.read(_STREAM_CHUNK)):
                    head = chunk.lstrip()
                if not head:
                    report.error(0, 0, "the file is empty")
                    report.fail()
                xml = head.startswith(b"<")
            entries = self._xml(report) if xml else self._txt(report)
            for entry in entries:
                self.count += 1
                if self.count > self.max_players:
                    report.error(
                        0, 0, f"more than {self.max_players} players: not a FIDE rating list?"
                    )
                    report.fail()
                yield entry
        except OSError as e:
            report.error(0, 0, f"cannot be read: {e.strerror or e}")
            report.fail()
        self.warnings = report.finish([]).warnings

    def _lines(self) -> Iterator[tuple[int, str]]:
        with open(self.path, "rb") as file:
            for number, line in enumerate(file, 1):
                text = _decoded(line).rstrip("\r\n")
                yield number, text.removeprefix("\ufeff") if number == 1 else text

    def _txt(self, report: _Report) -> Iterator[RatingListEntry]:
        lines = self._lines()
        found = next(((n, line) for n, line in lines if line.strip()), None)
        if found is None:  # pragma: no cover - an empty file is refused before
            return
        number, header = found
        columns, ratings = _txt_layout(header, number, report, self.kinds, self.single)
        yield from _txt_entries(lines, columns, ratings, report)

    def _xml(self, report: _Report) -> Iterator[RatingListEntry]:
        problems = _XmlProblems(lambda: (line for _, line in self._lines()), report)
        read_entry = _XmlEntries(self.kinds, self.single, problems).entry
        number = 0  # the n-th <player> (0-based)

        # FIDE's own shape first (_XmlFastFile), the XML parser for what does not fit it
        fast = _XmlFastFile()
        with open(self.path, "rb") as file:
            for batch in fast.players(file):
                for values in batch:
                    entry = read_entry(values, number)
                    number += 1
                    if entry is not None:
                        yield entry
        if fast.done:
            problems.place()
            return
        players: list[tuple[dict[str, str], int]] = []  # those of the chunk fed last

        def wrong_root(tag: str) -> None:
            self._wrong_root(report, tag)

        parser = ET.XMLParser(
            target=_XmlTarget(lambda values, n: players.append((values, n)), wrong_root, number)
        )
        shift = fast.shift

        def entries() -> Iterator[RatingListEntry]:
            for values, number in players:
                entry = read_entry(values, number)
                if entry is not None:
                    yield entry
            players.clear()

        prolog = b""
        checked = bool(fast.head)  # the fast path has read the prolog
        with open(self.path, "rb") as file:
            file.seek(fast.offset)
            chunks: Iterable[bytes] = iter(lambda: file.read(_STREAM_CHUNK), b"")
            if fast.head:
                chunks = itertools.chain([fast.head], chunks)
            for chunk in chunks:
                if not checked:
                    prolog += chunk
                    root_at = re.search(rb"<[A-Za-z_]", prolog)
                    if root_at is None and len(prolog) < _STREAM_CHUNK * 4:
                        continue
                    checked = True
                    before = prolog[: root_at.start() if root_at else len(prolog)]
                    doctype = before.upper().find(b"<!DOCTYPE")
                    if doctype >= 0:
                        line = before.count(b"\n", 0, doctype) + 1
                        column = doctype - before.rfind(b"\n", 0, doctype)
                        report.error(
                            line, column, "a document type declaration (DOCTYPE) is not accepted"
                        )
                        report.fail()
                    chunk, prolog = prolog, b""
                try:
                    parser.feed(chunk)
                except ET.ParseError as e:
                    yield from entries()  # the players before the error
                    self._parse_error(report, e, shift)
                    break
                yield from entries()
            else:
                try:
                    if prolog:  # a file without a root element
                        parser.feed(prolog)
                    parser.close()
                except ET.ParseError as e:
                    self._parse_error(report, e, shift)
                yield from entries()
        problems.place()

    def _wrong_root(self, report: _Report, tag: str) -> NoReturn:
        line = next((n for n, text in self._lines() if re.search(r"<[A-Za-z_]", text)), 1)
        report.error(
            line, 0, f"not a FIDE rating list: the root element is <{tag}>, not <{_XML_ROOT}>"
        )
        report.fail()

    @staticmethod
    def _parse_error(report: _Report, e: ET.ParseError, shift: _XmlShift) -> None:
        line, column = shift.position(e)
        report.error(line, column + 1, f"XML: {str(e).split(': line ')[0]}")


def stream_fide_rating_list(
    path: str | os.PathLike[str],
    source: str | None = None,
    *,
    kinds: Sequence[str] = RATING_KINDS,
    single_list: str = "standard",
    max_players: int = MAX_RATING_LIST_PLAYERS,
) -> RatingListStream:
    """The players of the FIDE rating list in the file ``path``, read as a stream
    (:class:`RatingListStream`): the formats of :func:`read_fide_rating_list` (text or XML,
    told apart by a leading ``<``), every player a :class:`RatingListEntry` with the ratings
    of ``kinds`` the file holds and their K factors. A single list's one rating (and K) is
    taken as the ``single_list`` (``standard_rating_list.txt``, ``rapid_rating_list.txt``...:
    nothing in the file says which). ``source`` names the file in problems (default:
    ``path``). The text is UTF-8, else Windows-1252, line by line; XML as its declaration
    says.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "players_list_xml_foa.xml"
    >>> _ = path.write_text("<playerslist><player><fideid>1503014</fideid>"
    ...     "<name>Carlsen, Magnus</name><rating>2833</rating><rapid_rating>2825</rapid_rating>"
    ...     "</player></playerslist>")
    >>> [(e.name, e.standard, e.rapid, e.blitz) for e in stream_fide_rating_list(path)]
    [('Carlsen, Magnus', 2833, 2825, None)]

    :raises RegistrationError: while iterating, listing the problems with file, line and column
        (an unreadable file is one at line 0).
    :raises ValueError: for a kind that is none of :data:`RATING_KINDS`.
    """
    for kind in (*kinds, single_list):
        if kind not in RATING_KINDS:
            raise ValueError(f"rating kinds are {', '.join(RATING_KINDS)}, not {kind!r}")
    return RatingListStream(
        path, os.fspath(path) if source is None else source, kinds, single_list, max_players
    )


def iter_fide_rating_list(
    path: str | os.PathLike[str], source: str | None = None, rating_kind: str = "standard"
) -> Iterator[PlayerRecord]:
    """:func:`read_fide_rating_list` for a file too big to hold: its players as
    :class:`PlayerRecord` s with the ``rating_kind`` rating, read as they come
    (:func:`stream_fide_rating_list`). A single list's one rating is taken whatever
    ``rating_kind`` says, as :func:`read_fide_rating_list` takes it.

    :raises RegistrationError: while iterating (see :class:`RatingListStream`).
    :raises ValueError: for a ``rating_kind`` that is none of :data:`RATING_KINDS`.
    """
    stream = stream_fide_rating_list(path, source, kinds=(rating_kind,), single_list=rating_kind)
    return (entry.to_record(rating_kind) for entry in stream)


# -- look-up --------------------------------------------------------------------------------

_APOSTROPHES = re.compile(r"['’`ʼ]")
_NON_WORD = re.compile(r"[\W_]+")
_ASCII_FOLD: Final = str.maketrans(
    {c: (None if c in "'`" else " ") for c in map(chr, range(128)) if not c.isalnum()}
)


def fold_name(name: str) -> str:
    """A name as the look-up compares it: no case, accents, apostrophes or punctuation
    (:func:`find_players`; a player database keeps it to search names by their beginning).

    >>> fold_name("Carlsen, Magnus"), fold_name("Núñez-O'Connor"), fold_name("Ёлкин,  Пётр")
    ('carlsen magnus', 'nunez oconnor', 'елкин петр')
    """
    if name.isascii():
        return " ".join(name.lower().translate(_ASCII_FOLD).split())
    folded = unicodedata.normalize("NFKD", name.casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    folded = _APOSTROPHES.sub("", folded)
    return _NON_WORD.sub(" ", folded).strip()


def _as_id(query: str) -> int | None:
    query = query.strip()
    return int(query) if query.isascii() and query.isdigit() else None


class PlayerIndex:
    """Records indexed for the look-up: by FIDE id (a dictionary) and by folded name (a sorted
    list, searched by bisection), so that a look-up in a list of a million players takes
    microseconds. Build it once per list; the records stay in it as they are.

    >>> index = PlayerIndex([PlayerRecord("Carlsen, Magnus", fide_id=1503014),
    ...                      PlayerRecord("Caruana, Fabiano", fide_id=2020009)])
    >>> [r.name for r in index.search("car")], [r.name for r in index.search("2020009")]
    (['Carlsen, Magnus', 'Caruana, Fabiano'], ['Caruana, Fabiano'])
    """

    def __init__(self, records: Iterable[PlayerRecord]) -> None:
        listed = list(records)
        self._by_id: dict[int, PlayerRecord] = {}
        self._more_by_id: dict[int, list[PlayerRecord]] = {}  # an id listed more than once
        by_id = self._by_id
        for record in listed:
            fide_id = record.fide_id
            if fide_id is not None and by_id.setdefault(fide_id, record) is not record:
                self._more_by_id.setdefault(fide_id, []).append(record)
        keys = [fold_name(record.name) for record in listed]
        order = sorted(range(len(listed)), key=keys.__getitem__)
        self._keys = [keys[i] for i in order]
        self._records = [listed[i] for i in order]

    def __len__(self) -> int:
        return len(self._records)

    def search(self, query: str, limit: int | None = 20) -> list[PlayerRecord]:
        """What :func:`find_players` finds, from the index."""
        fide_id = _as_id(query)
        if fide_id is not None:
            if fide_id not in self._by_id:
                return []
            return [self._by_id[fide_id], *self._more_by_id.get(fide_id, ())][:limit]
        key = fold_name(query)
        if not key:
            return []
        found: list[PlayerRecord] = []
        keys = self._keys
        for i in range(bisect_left(keys, key), len(keys)):
            if (limit is not None and len(found) >= limit) or not keys[i].startswith(key):
                break
            found.append(self._records[i])
        return found


def find_players(
    records: Sequence[PlayerRecord] | PlayerIndex, query: str, *, limit: int | None = 20
) -> list[PlayerRecord]:
    """Players whose FIDE id is ``query`` (when it is all digits) or whose name begins with
    it, at most ``limit`` of them (``None``: all), in alphabetical order.

    Names are compared without case, accents, apostrophes or punctuation, so ``carlsen m``,
    ``Carlsen, M`` and ``CARLSEN`` all find ``Carlsen, Magnus``. On a plain sequence each call
    reads every record (one to two seconds for a million); for repeated look-ups in a big list,
    pass a :class:`PlayerIndex` built once.

    >>> players = [PlayerRecord("Núñez, José"), PlayerRecord("Nunn, John", 2602, 500054)]
    >>> [r.name for r in find_players(players, "nun")]
    ['Núñez, José', 'Nunn, John']
    >>> [r.name for r in find_players(players, "NUNN")], find_players(players, "500054")[0].name
    (['Nunn, John'], 'Nunn, John')
    >>> [r.name for r in find_players(players, "nunez j")]
    ['Núñez, José']
    """
    if isinstance(records, PlayerIndex):
        return records.search(query, limit)
    fide_id = _as_id(query)
    if fide_id is not None:
        return [r for r in records if r.fide_id == fide_id][:limit]
    key = fold_name(query)
    if not key:
        return []
    found = [(k, r) for r in records if (k := fold_name(r.name)).startswith(key)]
    found.sort(key=lambda pair: pair[0])
    return [r for _, r in found[:limit]]


# -- suspicious entries -------------------------------------------------------------------------

#: Names that programs without a bye record enter as a pseudo-player (folded as
#: :func:`fold_name` folds them): the German ``spielfrei``/``Freilos``, the French ``exempt``, the
#: English ``bye``, and their kin. A TRF marks the pairing-allocated bye with the opponent
#: ``0000`` (TRF16 and TRF-2026 record ``001``); a pseudo-player would be paired, scored and
#: ranked as a person.
PSEUDO_PLAYER_NAMES: Final = frozenset(
    {
        "bye",
        "pab",
        "spielfrei",
        "freilos",
        "frei",
        "exempt",
        "pause",
        "libre",
        "descanso",
        "vrij",
        "wolny",
        "free",
        "dummy",
        "nn",
        "n n",
        "свободен",
        "пропуск",
    }
)
#: Unrated players are reported when at least this share of the others has a rating.
RATED_SHARE: Final = 0.9
#: At most this many players are named in one warning.
MAX_NAMED: Final = 10


def _listed(players: Sequence[Player]) -> str:
    named = ", ".join(f"{p.number} {p.name}".strip() for p in players[:MAX_NAMED])
    more = len(players) - MAX_NAMED
    return named + (f" and {more} more" if more > 0 else "")


def suspicious_players(players: Sequence[Player]) -> list[str]:
    """Warnings about entries that look like mistakes, for the arbiter to check after an import:

    * pseudo-players (:data:`PSEUDO_PLAYER_NAMES`, or a name without a letter or digit, such as
      ``—``): a bye entered as a player;
    * players without a name;
    * a FIDE ID given to two or more players;
    * the same name (compared without case, accents or punctuation) twice or more, pseudo-players
      apart;
    * players without a rating when at least :data:`RATED_SHARE` of the others have one.

    Nothing is refused: each is a warning naming the players (pairing number and name).

    >>> ps = [Player(1, "Ann", rating=2000, fide_id="7"), Player(2, "spielfrei", rating=1900),
    ...       Player(3, "ANN", rating=1800, fide_id="7")]
    >>> for warning in suspicious_players(ps):
    ...     print(warning)
    looks like a bye, not a player: 2 spielfrei
    FIDE ID 7 is given to 2 players: 1 Ann, 3 ANN
    the same name twice or more: 1 Ann, 3 ANN
    """
    warnings: list[str] = []
    pseudo = [
        p for p in players if p.name.strip() and fold_name(p.name) in PSEUDO_PLAYER_NAMES | {""}
    ]
    if pseudo:
        warnings.append(f"looks like a bye, not a player: {_listed(pseudo)}")
    unnamed = [p for p in players if not p.name.strip()]
    if unnamed:
        warnings.append(f"without a name: {', '.join(str(p.number) for p in unnamed)}")
    by_id: dict[str, list[Player]] = {}
    by_name: dict[str, list[Player]] = {}
    for p in players:
        if p.fide_id.strip().strip("0"):
            by_id.setdefault(p.fide_id.strip(), []).append(p)
        if fold_name(p.name) and p not in pseudo:
            by_name.setdefault(fold_name(p.name), []).append(p)
    for fide_id, same in by_id.items():
        if len(same) > 1:
            warnings.append(f"FIDE ID {fide_id} is given to {len(same)} players: {_listed(same)}")
    twice = [p for same in by_name.values() if len(same) > 1 for p in same]
    if twice:
        warnings.append(f"the same name twice or more: {_listed(twice)}")
    unrated = [p for p in players if not p.rating]
    rated = len(players) - len(unrated)
    if unrated and rated and rated >= RATED_SHARE * (len(players) - 1):
        warnings.append(
            f"without a rating, while {rated} of the {len(players)} players have one: "
            f"{_listed(unrated)}"
        )
    return warnings


# -- one player's entry, as typed (a registration form) ------------------------------------


def read_birth(raw: str) -> tuple[str, str]:
    """A birth typed on its own, read as the entry lists read theirs (:func:`read_players_csv`):
    ``(birth in TRF's form, "")`` (a year ``YYYY`` or ``YYYY/MM/DD``; ``""`` for blank), or
    ``("", why not)``.

    >>> read_birth("17.05.1990"), read_birth("")
    (('1990/05/17', ''), ('', ''))
    >>> read_birth("1850")
    ('', 'birth year 1850 is out of range 1900..2099')
    """
    raw = raw.strip()
    if not raw:
        return "", ""
    birth = _parse_birth(raw)
    if birth is not None:
        return birth, ""
    if _YEAR.fullmatch(raw):
        return "", f"birth year {raw} is out of range {_FIRST_YEAR}..{_LAST_YEAR}"
    return "", (
        f"birth {_q(raw)} is not a year or a date (YYYY, YYYY-MM-DD, YYYY/MM/DD or DD.MM.YYYY)"
    )


def read_fide_id(raw: str) -> tuple[int | None, str]:
    """A FIDE ID typed on its own, read as the entry lists read theirs: ``(id, "")``
    (``None`` for blank), or ``(None, why not)``: 1 to 10 digits, not all zero.

    >>> read_fide_id("1503014"), read_fide_id("15O3014")
    ((1503014, ''), (None, 'FIDE id "15O3014" is not a number'))
    """
    return _parse_fide_id(raw.strip())
