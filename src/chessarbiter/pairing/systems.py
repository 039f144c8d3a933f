"""The Swiss pairing systems, by the names arbiters and engines use.

Each system is a package under :mod:`chessarbiter.pairing` whose ``engine`` module pairs the
next round as ``pair_round(tournament, edition, *, matcher=None) -> RoundPairing`` (imported
when a round is paired, so that naming the systems costs nothing). This table
names them for the command line (the flags of bbpPairings and JaVaFo), the random generator,
the checker and the TRF-2026 ``192`` record, so that those tools serve every system alike.

>>> system_of_flag("--dutch").article
'C.04.3'
>>> system_of_flag("--dutch").edition(None)
<DutchEdition.DUTCH_2026: '2026'>
>>> [s.flag for s in SYSTEMS]
['--dutch', '--dubov', '--burstein', '--lim', '--keizer']
>>> system_of_flag("--lim").edition("2026")
<LimEdition.LIM_2026: '2026'>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import import_module

from chessarbiter.editions import BursteinEdition, DubovEdition, DutchEdition, LimEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Tournament
from chessarbiter.pairing.keizer.scoring import KeizerVariant
from chessarbiter.pairing.matching import MatcherFactory
from chessarbiter.pairing.round_pairing import RoundPairing


@dataclass(frozen=True)
class SwissSystem:
    """One pairing system: its command-line flag, the Handbook article that defines it, its
    named editions (the first is the default: the current text) and its engine."""

    flag: str
    title: str
    article: str
    editions: type[StrEnum]
    default_edition: StrEnum
    engine: str
    """The module whose ``pair_round`` pairs a round."""
    trf_words: tuple[str, ...]
    """Words of a TRF ``192`` system name (upper case) that name this system."""
    trf_code: str = ""
    """The TRF-2026 ``192`` tournament type an event of this system is written with (none:
    the Dutch one is written by its edition and acceleration; Lim has no code and is
    ``CUSTOM_SWISS``)."""
    basic_rules: Mapping[str, DutchEdition] = field(default_factory=dict)
    """Per edition, the Basic Rules and General Handling Rules (C.04.1, C.04.2) of the same
    date, by the Dutch edition that reads them in the shared Swiss layer (the current ones
    when an edition is not listed)."""

    def edition(self, name: str | None) -> StrEnum:
        """The edition called ``name`` (``None``: the default).

        :raises PairingError: naming the editions there are, for an unknown one.
        """
        if name is None:
            return self.default_edition
        try:
            return self.editions(name)
        except ValueError:
            known = ", ".join(e.value for e in self.editions)
            raise PairingError(
                f"unknown edition {name!r} of the {self.title}: use {known}"
            ) from None

    def pair(
        self,
        tournament: Tournament,
        edition: StrEnum | None = None,
        *,
        matcher: MatcherFactory | None = None,
    ) -> RoundPairing:
        """The next round of ``tournament`` by this system."""
        pair_round: Callable[..., RoundPairing] = import_module(self.engine).pair_round
        return pair_round(tournament, edition or self.default_edition, matcher=matcher)

    def names_other_system(self, declared: str) -> bool:
        """Whether a TRF's ``192`` system name ``declared`` names another system than this
        one (bbpPairings refuses to check such a file: "Pairing system specified in file does
        not match command line flag").

        >>> DUTCH.names_other_system("FIDE_BURSTEIN"), DUTCH.names_other_system("FIDE_DUTCH_2026")
        (True, False)
        >>> DUTCH.names_other_system(""), DUTCH.names_other_system("SWISS PRELIMINARY")
        (False, False)
        """
        words = set(re.split(r"[^A-Z0-9]+", declared.upper()))
        if words & set(self.trf_words):
            return False
        return any(words & set(known) for known in _KNOWN_WORDS)


DUTCH = SwissSystem(
    flag="--dutch",
    title="FIDE (Dutch) system",
    article="C.04.3",
    editions=DutchEdition,
    default_edition=DutchEdition.DUTCH_2026,
    engine="chessarbiter.pairing.dutch.engine",
    trf_words=("DUTCH",),
    basic_rules={e.value: e for e in DutchEdition},
)

DUBOV = SwissSystem(
    flag="--dubov",
    title="Dubov system",
    article="C.04.4.1",
    editions=DubovEdition,
    default_edition=DubovEdition.DUBOV_2026,
    engine="chessarbiter.pairing.dubov.engine",
    trf_words=("DUBOV",),
    trf_code="FIDE_DUBOV",
    basic_rules={e.value: e.basic_rules for e in DubovEdition},
)

BURSTEIN = SwissSystem(
    flag="--burstein",
    title="Burstein system",
    article="C.04.4.2",
    editions=BursteinEdition,
    default_edition=BursteinEdition.BURSTEIN_2026,
    engine="chessarbiter.pairing.burstein.engine",
    trf_words=("BURSTEIN",),
    trf_code="FIDE_BURSTEIN",
    basic_rules={e.value: e.dutch for e in BursteinEdition},
)

LIM = SwissSystem(
    flag="--lim",
    title="Lim system",
    article="C.04.4.3",
    editions=LimEdition,
    default_edition=LimEdition.LIM_2026,
    engine="chessarbiter.pairing.lim.engine",
    trf_words=("LIM",),
    trf_code="CUSTOM_SWISS",
    basic_rules={e.value: e.basic_rules for e in LimEdition},
)

KEIZER = SwissSystem(
    flag="--keizer",
    title="Keizer system",
    article="club system, not FIDE",
    editions=KeizerVariant,
    default_edition=KeizerVariant.CLASSIC,
    engine="chessarbiter.pairing.keizer.engine",
    trf_words=("KEIZER",),
)

#: Every system, in the order ``--help`` lists them.
SYSTEMS: tuple[SwissSystem, ...] = (DUTCH, DUBOV, BURSTEIN, LIM, KEIZER)

#: Systems named in TRF files that chessarbiter does not pair (yet), so that a file declaring
#: one is not taken for another system's file.
_OTHER_WORDS: tuple[str, ...] = ("DOUBLE",)

_KNOWN_WORDS: tuple[tuple[str, ...], ...] = (
    *(s.trf_words for s in SYSTEMS),
    *((w,) for w in _OTHER_WORDS if not any(w in s.trf_words for s in SYSTEMS)),
)


@dataclass(frozen=True)
class PairingRules:
    """A system and one of its editions, as an event stores them in one value: the Dutch
    editions by their year alone (``2026``, ``2017``: the values events held before the other
    systems), the others as ``SYSTEM-EDITION`` (``dubov-2026``).

    >>> pairing_rules("dubov-2018").basic_rules
    <DutchEdition.DUTCH_2017: '2017'>
    >>> pairing_rules("2026").label, pairing_rules("lim-2026").value
    ('FIDE (Dutch) system, C.04.3, 2026', 'lim-2026')
    """

    system: SwissSystem
    edition: StrEnum

    @property
    def value(self) -> str:
        if self.system is DUTCH:
            return self.edition.value
        return f"{self.system.flag[2:]}-{self.edition.value}"

    @property
    def label(self) -> str:
        return f"{self.system.title}, {self.system.article}, {self.edition.value}"

    @property
    def basic_rules(self) -> DutchEdition:
        """The edition of the Basic Rules and General Handling Rules (C.04.1, C.04.2) of the
        same date, by which the shared Swiss layer reads the round's facts (bye
        eligibility, colours, deviations of a hand-made pairing)."""
        return self.system.basic_rules.get(self.edition.value, DutchEdition.DUTCH_2026)

    def pair(
        self, tournament: Tournament, *, matcher: MatcherFactory | None = None
    ) -> RoundPairing:
        """The next round of ``tournament`` by these rules."""
        return self.system.pair(tournament, self.edition, matcher=matcher)


#: The rules an event of the web app may be paired by: the FIDE Swiss systems, each edition
#: (Keizer is a scoring system too: its standings are not the points and tie-breaks of a Swiss).
EVENT_RULES: tuple[PairingRules, ...] = tuple(
    PairingRules(s, e) for s in (DUTCH, DUBOV, BURSTEIN, LIM) for e in s.editions
)


def pairing_rules(value: str) -> PairingRules:
    """The rules an event stores as ``value`` (see :class:`PairingRules`).

    :raises PairingError: naming the values there are, for an unknown one.
    """
    for rules in EVENT_RULES:
        if rules.value == value:
            return rules
    known = ", ".join(r.value for r in EVENT_RULES)
    raise PairingError(f"unknown pairing rules {value!r}: use one of {known}")


def rules_of_trf_type(declared: str) -> PairingRules | None:
    """The rules of an event whose TRF-2026 ``192`` record is ``declared``, for a system other
    than the Dutch one that the record names (its current edition); ``None`` otherwise.

    >>> rules_of_trf_type("FIDE_DUBOV").value, rules_of_trf_type("FIDE_BURSTEIN_BAKU").value
    ('dubov-2026', 'burstein-2026')
    >>> rules_of_trf_type("FIDE_DUTCH_2026") is None, rules_of_trf_type("CUSTOM_SWISS") is None
    (True, True)
    """
    words = set(re.split(r"[^A-Z0-9]+", declared.upper()))
    for rules in EVENT_RULES:
        system = rules.system
        if system is not DUTCH and words & set(system.trf_words):
            return PairingRules(system, system.default_edition)
    return None


def system_of_flag(flag: str) -> SwissSystem:
    """The system of a command-line flag (``--dutch``...).

    :raises PairingError: for a flag that names no system chessarbiter pairs.
    """
    for system in SYSTEMS:
        if system.flag == flag:
            return system
    known = ", ".join(s.flag for s in SYSTEMS)
    raise PairingError(f"The {flag[2:].capitalize()} system is not supported: use {known}.")
