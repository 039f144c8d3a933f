"""A player's request to enter a tournament, as typed on a registration form: what it must
hold (:func:`entry_problems`, :func:`validate_entry`), and which sections still take one
(:func:`accepts_entries`, :func:`entry_round`).

The fields are read as the entry lists are (:mod:`chessarbiter.registration`): a FIDE ID of
digits, a three-letter federation, a birth year or date; a name and a club are bounded by
:data:`chessarbiter.limits.MAX_NAME` and hold no control character, as every registration
(:func:`chessarbiter.event_settings.player_problems`); an e-mail address has the syntax of
RFC 5321 (ASCII only, at most :data:`MAX_EMAIL` characters).

>>> validate_entry(EntryRequest(" Keller, Clara ", fide_id="4100018", federation="ger",
...                             birth_date="07.03.2001", email="clara@example.org"))
EntryRequest(name='Keller, Clara', fide_id='4100018', email='clara@example.org', \
federation='GER', birth_date='2001/03/07', club='')
>>> entry_problems(EntryRequest("", fide_id="12x", email="clara@"))
{'name': 'a player needs a name', 'fide_id': 'FIDE id "12x" is not a number', \
'email': 'email "clara@" is not an address (name@domain)'}
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from chessarbiter import limits, registration
from chessarbiter.errors import ChessArbiterError
from chessarbiter.event_settings import PlayerSettings, player_problems

#: Characters of an e-mail address (RFC 5321: a path of 256 octets, less its brackets).
MAX_EMAIL: Final = 254
#: Characters before the ``@`` (RFC 5321 4.5.3.1.1).
MAX_EMAIL_LOCAL: Final = 64
#: The systems a player enters one by one: a Swiss (paired round by round) and a round robin
#: (before its table is drawn). A knockout bracket and a team event take entries otherwise.
INDIVIDUAL_SYSTEMS: Final = ("swiss", "roundrobin")

_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_DOMAIN = re.compile(rf"{_LABEL}(?:\.{_LABEL})+")
_FEDERATION = re.compile(r"[A-Z]{3}")


class EntryError(ChessArbiterError):
    """A request to enter that cannot be taken: ``problems`` maps each field to what is
    wrong with it."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        self.problems: dict[str, str] = dict(problems)
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.problems.items()))


@dataclass(frozen=True, slots=True)
class EntryRequest:
    """What a player types to enter: his name, and optionally his FIDE ID, an e-mail address
    for the organiser's answer, his federation, birth (year or date) and club."""

    name: str
    fide_id: str = ""
    email: str = ""
    federation: str = ""
    birth_date: str = ""
    club: str = ""


def _q(value: str) -> str:
    return '"' + value[:40] + ('..."' if len(value) > 40 else '"')


def email_problem(text: str) -> str:
    """Why ``text`` is not an e-mail address (``""`` if it is one, or is blank): a local part
    of at most 64 characters of RFC 5321's dot-atom, ``@``, a domain of at least two labels of
    letters, digits and inner hyphens, at most 254 characters in all.

    >>> email_problem("a.b+chess@mail.example.com"), email_problem("")
    ('', '')
    >>> email_problem("a..b@example.com")
    'email "a..b@example.com" is not an address (name@domain)'
    """
    if not text:
        return ""
    if len(text) > MAX_EMAIL:
        return f"email has more than {MAX_EMAIL} characters ({len(text)})"
    local, at, domain = text.rpartition("@")
    if (
        not at
        or len(local) > MAX_EMAIL_LOCAL
        or not _LOCAL.fullmatch(local)
        or not _DOMAIN.fullmatch(domain)
    ):
        return f"email {_q(text)} is not an address (name@domain)"
    return ""


def _normalised(request: EntryRequest) -> EntryRequest:
    return EntryRequest(
        name=" ".join(request.name.split()),
        fide_id=request.fide_id.strip(),
        email=request.email.strip(),
        federation=request.federation.strip().upper(),
        birth_date=request.birth_date.strip(),
        club=" ".join(request.club.split()),
    )


def entry_problems(request: EntryRequest) -> dict[str, str]:
    """Every problem of a request to enter, by field (none: it can be taken). Spaces around a
    value, and runs of spaces inside a name or club, are not problems
    (:func:`validate_entry` removes them); a federation may be typed in small letters.

    * ``name``: 1 to :data:`~chessarbiter.limits.MAX_NAME` characters, no control character
      (:func:`chessarbiter.event_settings.player_problems`);
    * ``fide_id``: 1 to 10 digits, not all zero (:func:`chessarbiter.registration.read_fide_id`);
    * ``email``: :func:`email_problem`;
    * ``federation``: three letters (FIDE's codes: GER, RUS...);
    * ``birth_date``: a year or a date (:func:`chessarbiter.registration.read_birth`);
    * ``club``: at most :data:`~chessarbiter.limits.MAX_NAME` characters, no control character.
    """
    r = _normalised(request)
    problems: dict[str, str] = {}
    common = player_problems(PlayerSettings(name=r.name, club=r.club))
    if "name" in common:
        problems["name"] = common["name"]
    _fide_id, why = registration.read_fide_id(r.fide_id)
    if why:
        problems["fide_id"] = why
    why = email_problem(r.email)
    if why:
        problems["email"] = why
    if r.federation and not _FEDERATION.fullmatch(r.federation):
        problems["federation"] = f"federation {_q(r.federation)} is not a three-letter FIDE code"
    _birth, why = registration.read_birth(r.birth_date)
    if why:
        problems["birth_date"] = why
    if "club" in common:
        problems["club"] = common["club"]
    return problems


def validate_entry(request: EntryRequest) -> EntryRequest:
    """The request as it is stored: spaces trimmed, the federation in capitals, the FIDE ID
    without leading zeros, the birth in TRF's form (``YYYY`` or ``YYYY/MM/DD``).

    :raises EntryError: with every problem of :func:`entry_problems`.
    """
    problems = entry_problems(request)
    if problems:
        raise EntryError(problems)
    r = _normalised(request)
    fide_id, _why = registration.read_fide_id(r.fide_id)
    birth, _why = registration.read_birth(r.birth_date)
    return dataclasses.replace(
        r, fide_id=str(fide_id) if fide_id is not None else "", birth_date=birth
    )


def accepts_entries(system: str, rounds: int, rounds_paired: int) -> bool:
    """Whether a tournament still takes a player's entry: a Swiss until its last round is
    paired (one who arrives after round 1 is paired is a late entry, paired from the next
    round, with no points for the rounds he missed: C.04.2 C (2017), C.04.2 art. 2.4
    (2026)); a round robin only before round 1 is paired (its table is drawn for the whole
    field, C.05); no knockout bracket or team event (:data:`INDIVIDUAL_SYSTEMS`).

    >>> accepts_entries("swiss", 9, 3), accepts_entries("swiss", 9, 9)
    (True, False)
    >>> accepts_entries("roundrobin", 7, 0), accepts_entries("roundrobin", 7, 1)
    (True, False)
    """
    if system not in INDIVIDUAL_SYSTEMS or rounds_paired >= rounds:
        return False
    return system != "roundrobin" or rounds_paired == 0


def entry_round(system: str, rounds: int, rounds_paired: int) -> int:
    """The first round an entry accepted now is paired in: the next round to pair
    (C.04.2 C (2017), C.04.2 art. 2.4 (2026)).

    >>> entry_round("swiss", 9, 0), entry_round("swiss", 9, 2)
    (1, 3)

    :raises EntryError: when the tournament takes no entry (:func:`accepts_entries`).
    """
    if not accepts_entries(system, rounds, rounds_paired):
        raise EntryError({"section": "this section takes no more entries"})
    limits.check_count("round", rounds_paired + 1, limits.MAX_ROUNDS)
    return rounds_paired + 1
