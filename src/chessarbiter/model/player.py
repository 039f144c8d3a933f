"""Players and teams."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from chessarbiter.errors import RoundNumberError
from chessarbiter.model.results import PlayerId, RoundEntry

#: The FIDE titles as arbiters write them, by the code a TRF16 ``001`` record may hold in its
#: title field (columns 11-13): one or two lower-case letters, ``w`` for a women's title.
TRF_TITLE_CODES: Final = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}

#: The titles TRF-2026 record ``001`` writes in full (columns 11-13), as FIDE prints them.
FIDE_TITLE_NAMES: Final = frozenset(TRF_TITLE_CODES.values())


def display_title(title: str) -> str:
    """A player's title as arbiters write it (``GM``, ``IM``, ``WGM``...), from the title field
    of a TRF ``001`` record (columns 11-13) as stored.

    TRF16 allows the codes ``g``, ``m``, ``f``, ``c``, ``wg``, ``wm``, ``wf``, ``wc``; TRF-2026
    writes the titles in full (``GM``, ``IM``, ``WGM``, ``FM``, ``WIM``, ``CM``, ``WFM``,
    ``WCM``). Both, in any case and padding, give the full title in capitals. Anything else (a
    national title, a typing slip) is shown as written, without its padding: the model keeps
    what the file said, and the display must not hide it.

    >>> [display_title(t) for t in ("g", "  m", "wg", "GM", "wfm", "")]
    ['GM', 'IM', 'WGM', 'GM', 'WFM', '']
    >>> display_title(" KM")
    'KM'
    """
    written = title.strip()
    key = written.lower()
    if key in TRF_TITLE_CODES:
        return TRF_TITLE_CODES[key]
    if written.upper() in FIDE_TITLE_NAMES:
        return written.upper()
    return written


@dataclass(slots=True)
class NationalRating:
    """A national rating record (TRF-2026: a ``001``-like line whose code is a federation).

    Fields are kept as written; ``rating`` is ``None`` when blank.
    """

    federation: str
    rating: int | None = None
    sex: str = ""
    category: str = ""
    name: str = ""
    origin: str = ""
    national_id: str = ""
    birth_date: str = ""


@dataclass(slots=True)
class Player:
    """A participant.

    ``results`` holds one :class:`RoundEntry` per round from round 1; rounds past its end are
    "not paired". Points are never stored: they are derived from the results and the event's
    point system (:meth:`chessarbiter.model.Tournament.score`).

    ``rating`` is the FIDE rating (``0`` or ``None`` both mean unrated; the TRF's own choice is
    kept). ``rank`` is the rank a file declared, if any (TRF ``001`` columns 86-89).
    ``entry_round`` is the first round a late entrant can be paired (C.04.2 C / 2026 art. 2.4);
    ``withdrawn_from_round`` the first round a withdrawn player is no longer paired.
    """

    number: PlayerId
    name: str
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    club: str = ""
    rank: int | None = None
    results: list[RoundEntry] = field(default_factory=list)
    national_ratings: list[NationalRating] = field(default_factory=list)
    entry_round: int = 1
    withdrawn_from_round: int | None = None

    def entry(self, round_number: int) -> RoundEntry:
        """The entry for round ``round_number`` (1-based); "not paired" beyond the recorded rounds.

        >>> Player(1, "Carlsen, Magnus").entry(3) is RoundEntry.NOT_PAIRED
        True
        """
        if round_number < 1:
            raise RoundNumberError(f"rounds are numbered from 1, not {round_number}")
        if round_number <= len(self.results):
            return self.results[round_number - 1]
        return RoundEntry.NOT_PAIRED

    def set_entry(self, round_number: int, entry: RoundEntry) -> None:
        """Record ``entry`` for ``round_number``, padding skipped rounds with "not paired"."""
        if round_number < 1:
            raise RoundNumberError(f"rounds are numbered from 1, not {round_number}")
        while len(self.results) < round_number:
            self.results.append(RoundEntry.NOT_PAIRED)
        self.results[round_number - 1] = entry

    @property
    def is_rated(self) -> bool:
        return bool(self.rating)


@dataclass(slots=True)
class Team:
    """A team: its players in board order (main players, then reserves).

    ``number`` is the team pairing number of TRF-2026 ``310`` (``None`` for a TRF16 ``013``
    record, which has none). ``reported`` keeps the match points, game points, rank and strength
    a file reported, as written, for writing back; they are not this model's scores.
    ``trf16_record`` says that the file also described this numbered team with a TRF16 ``013``
    record (TRF-2026 files may carry both; ``013`` is "to be phased out"), to be written back.
    """

    name: str
    members: list[PlayerId] = field(default_factory=list)
    number: int | None = None
    nickname: str = ""
    reported_strength: str = ""
    reported_match_points: str = ""
    reported_game_points: str = ""
    reported_rank: str = ""
    trf16_record: bool = False
