"""The Swiss pairing systems, by the names arbiters and engines use.

Each system is a package under :mod:`chessarbiter.pairing` whose ``engine`` module pairs the
next round as ``pair_round(tournament, edition, *, matcher=None) -> RoundPairing`` (imported
when a round is paired, so that naming the systems costs nothing; the Keizer engine also takes
the competition's ``settings``). This table
names them for the command line (the flags of bbpPairings and JaVaFo), the random generator,
the checker and the TRF-2026 ``192`` record, so that those tools serve every system alike.

>>> system_of_flag("--dutch").article
'C.04.3'
>>> system_of_flag("--dutch").edition(None)
<DutchEdition.DUTCH_2026: '2026'>
>>> [s.flag for s in SYSTEMS]
['--dutch', '--dubov', '--burstein', '--lim', '--double-swiss', '--keizer']
>>> system_of_flag("--lim").edition("2026")
<LimEdition.LIM_2026: '2026'>
>>> [e.value for e in DUTCH.editions]
['2026', '2017', '2013-colours']

The Dutch edition ``2013-colours`` is the 2017 engine with the colour rules of Dutch Colours
2013 (E.1-E.5, :meth:`ColourRule.of <chessarbiter.pairing.swiss.colours.ColourRule.of>`); its
Basic Rules are the 2017 ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from importlib import import_module

from chessarbiter.editions import (
    BursteinEdition,
    DoubleSwissEdition,
    DubovEdition,
    DutchEdition,
    LimEdition,
)
from chessarbiter.errors import PairingError
from chessarbiter.model import Tournament
from chessarbiter.pairing.keizer.scoring import KeizerSettings, KeizerVariant, settings_of
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
    trf_type: str = ""
    """The TRF ``092`` tournament type (free text) an event of this system is written with
    when its ``192`` code does not name it (``CUSTOM_SWISS``): chesspairing's name of the
    system, which it reads back."""
    keizer_scores: bool = False
    """The standings are Keizer scores
    (:func:`~chessarbiter.pairing.keizer.scoring.keizer_scores`), not points and tie-breaks,
    and the engine takes the competition's
    :class:`~chessarbiter.pairing.keizer.scoring.KeizerSettings`."""

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
        settings: KeizerSettings | None = None,
    ) -> RoundPairing:
        """The next round of ``tournament`` by this system; ``settings``: a Keizer
        competition's own parameters (instead of the preset of its variant, ``edition``).

        :raises PairingError: for ``settings`` given to a system not scored by Keizer values.
        """
        pair_round: Callable[..., RoundPairing] = import_module(self.engine).pair_round
        chosen = edition or self.default_edition
        if settings is None:
            return pair_round(tournament, chosen, matcher=matcher)
        if not self.keizer_scores:
            raise PairingError(f"the {self.title} takes no Keizer settings")
        return pair_round(tournament, chosen, matcher=matcher, settings=settings)

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
    basic_rules={e.value: e.text for e in DutchEdition},
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
    trf_type="Swiss Lim",
    basic_rules={e.value: e.basic_rules for e in LimEdition},
)

DOUBLE_SWISS = SwissSystem(
    flag="--double-swiss",
    title="Double-Swiss system",
    article="C.04.5",
    editions=DoubleSwissEdition,
    default_edition=DoubleSwissEdition.DOUBLE_SWISS_2026,
    engine="chessarbiter.pairing.double_swiss.engine",
    trf_words=("DOUBLESWISS", "DOUBLE"),
    trf_code="FIDE_DOUBLESWISS",
)

KEIZER = SwissSystem(
    flag="--keizer",
    title="Keizer system",
    article="club system, not FIDE",
    editions=KeizerVariant,
    default_edition=KeizerVariant.CLASSIC,
    engine="chessarbiter.pairing.keizer.engine",
    trf_words=("KEIZER",),
    trf_code="CUSTOM_SWISS",
    trf_type="Keizer",
    keizer_scores=True,
)

#: Every system, in the order ``--help`` lists them.
SYSTEMS: tuple[SwissSystem, ...] = (DUTCH, DUBOV, BURSTEIN, LIM, DOUBLE_SWISS, KEIZER)

#: Systems named in TRF files that chessarbiter does not pair (yet), so that a file declaring
#: one is not taken for another system's file.
_OTHER_WORDS: tuple[str, ...] = ()

_KNOWN_WORDS: tuple[tuple[str, ...], ...] = (
    *(s.trf_words for s in SYSTEMS),
    *((w,) for w in _OTHER_WORDS if not any(w in s.trf_words for s in SYSTEMS)),
)


@dataclass(frozen=True)
class PairingRules:
    """A system and one of its editions, as an event stores them in one value: the Dutch
    editions by their year alone (``2026``, ``2017``: the values events held before the other
    systems), the others as ``SYSTEM-EDITION`` (``dubov-2026``, ``keizer-classic``); and a
    Keizer competition's own ``settings`` (``None``: the preset of its variant).

    >>> pairing_rules("dubov-2018").basic_rules
    <DutchEdition.DUTCH_2017: '2017'>
    >>> pairing_rules("2013-colours").basic_rules
    <DutchEdition.DUTCH_2017: '2017'>
    >>> pairing_rules("2026").label, pairing_rules("lim-2026").value
    ('FIDE (Dutch) system, C.04.3, 2026', 'lim-2026')
    >>> pairing_rules("keizer-frozen").keizer_settings.recompute
    False
    >>> pairing_rules("double-swiss-2026").label
    'Double-Swiss system, C.04.5, 2026'
    """

    system: SwissSystem
    edition: StrEnum
    settings: KeizerSettings | None = None

    def __post_init__(self) -> None:
        if self.settings is not None and not self.system.keizer_scores:
            raise PairingError(f"the {self.system.title} takes no Keizer settings")

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

    @property
    def keizer_settings(self) -> KeizerSettings | None:
        """The Keizer parameters these rules pair and score with: the competition's own, or
        the preset of the variant (:func:`~chessarbiter.pairing.keizer.scoring.settings_of`);
        ``None`` for a system not scored by Keizer values."""
        if not self.system.keizer_scores:
            return None
        return self.settings if self.settings is not None else settings_of(self.edition.value)

    def pair(
        self, tournament: Tournament, *, matcher: MatcherFactory | None = None
    ) -> RoundPairing:
        """The next round of ``tournament`` by these rules (a Keizer competition with its
        :attr:`keizer_settings`)."""
        return self.system.pair(tournament, self.edition, matcher=matcher, settings=self.settings)


#: The rules an event of the web app may be paired by: the FIDE Swiss systems and the Keizer
#: club system, each edition (Keizer's are its variants; its standings are Keizer scores, not
#: the points and tie-breaks of a Swiss: :attr:`SwissSystem.keizer_scores`). A Double-Swiss
#: event (C.04.5) stores each game as a round column, two per match
#: (:mod:`chessarbiter.pairing.double_swiss.rules`).
EVENT_RULES: tuple[PairingRules, ...] = tuple(
    PairingRules(s, e)
    for s in (DUTCH, DUBOV, BURSTEIN, LIM, DOUBLE_SWISS, KEIZER)
    for e in s.editions
)


def pairing_rules(value: str, settings: KeizerSettings | None = None) -> PairingRules:
    """The rules an event stores as ``value`` (see :class:`PairingRules`), with a Keizer
    competition's own ``settings``.

    >>> pairing_rules("keizer-knsb").value, pairing_rules("keizer-knsb").system.trf_code
    ('keizer-knsb', 'CUSTOM_SWISS')

    :raises PairingError: naming the values there are, for an unknown one, or for
        ``settings`` with rules that are not Keizer's.
    """
    for rules in EVENT_RULES:
        if rules.value == value:
            return rules if settings is None else replace(rules, settings=settings)
    known = ", ".join(r.value for r in EVENT_RULES)
    raise PairingError(f"unknown pairing rules {value!r}: use one of {known}")


def rules_of_trf_type(declared: str, tournament_type: str = "") -> PairingRules | None:
    """The rules of an event whose TRF-2026 ``192`` record is ``declared`` and whose ``092``
    tournament type is ``tournament_type``, for a system other than the Dutch one that they
    name (its current edition, or its default variant); ``None`` otherwise. The ``092`` text
    is read only when ``192`` names no system of its own (``CUSTOM_SWISS``, or none): the
    :attr:`SwissSystem.trf_type` a system without a TRF-2026 code is written with.

    >>> rules_of_trf_type("FIDE_DUBOV").value, rules_of_trf_type("FIDE_BURSTEIN_BAKU").value
    ('dubov-2026', 'burstein-2026')
    >>> rules_of_trf_type("FIDE_DOUBLESWISS").value
    'double-swiss-2026'
    >>> rules_of_trf_type("FIDE_DUTCH_2026") is None, rules_of_trf_type("CUSTOM_SWISS") is None
    (True, True)
    >>> rules_of_trf_type("CUSTOM_SWISS", "Swiss Lim").value
    'lim-2026'
    >>> rules_of_trf_type("CUSTOM_SWISS", "Keizer").value
    'keizer-classic'
    >>> rules_of_trf_type("FIDE_DUTCH_2026", "Keizer") is None
    True
    """
    words = set(re.split(r"[^A-Z0-9]+", declared.upper()))
    for rules in EVENT_RULES:
        system = rules.system
        if system is not DUTCH and words & set(system.trf_words):
            return PairingRules(system, system.default_edition)
    if declared.strip() and declared.strip().upper() != "CUSTOM_SWISS":
        return None
    kind = " ".join(tournament_type.split()).casefold()
    for system in SYSTEMS:
        if system.trf_type and kind == system.trf_type.casefold():
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
