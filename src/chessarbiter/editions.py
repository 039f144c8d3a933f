"""The named editions of the rules, one enum per rule book.

Where two texts of a rule differ, both are computed, as named editions; the current FIDE
Handbook is the default. The values are the names stored in events, written in TRF files and
typed on the command line, so they never change.

==================  ================  ===========================================================
Enum                Value             Edition
==================  ================  ===========================================================
DutchEdition        ``2026``          C.04.3 (FIDE Dutch system) in force from 1 February 2026; the
                                      default
DutchEdition        ``2017``          C.04.3 in force from July 2017 until January 2026
DutchEdition        ``2013-colours``  the 2017 engine with the colour rules E.1-E.5 of the earlier
                                      text (Dutch Colours 2013): two absolute preferences are not
                                      compared by colour difference
DubovEdition        ``2026``          C.04.4.1 (Dubov system) effective from 1 February 2026; the
                                      default
DubovEdition        ``2018``          C.04.4.1 approved in 2018, in force until 31 January 2026
BursteinEdition     ``2026``          C.04.4.2 (Burstein system) applied from 1 February 2026; the
                                      default
BursteinEdition     ``2025``          C.04.4.2 in force until 31 January 2026
LimEdition          ``2026``          C.04.4.3 (Lim system) effective from 1 February 2026: the 1999
                                      text renumbered
TieBreakEdition     ``2026``          C.07 (Tie-Break Regulations) as amended with effect from 1
                                      March 2026: unplayed rounds by the categories of Art. 16, the
                                      dummy opponent's score capped (16.4); the default
TieBreakEdition     ``2023``          C.07 of 2023, as amended in 2024: the dummy opponent scores
                                      the player's own final score, uncapped
TieBreakEdition     ``legacy``        C.02 13.15, before C.07 (Virtual Opponent 13.15): a virtual
                                      opponent for each own unplayed round, every unplayed round of
                                      an opponent counted as a draw
LawsEdition         ``1984``          the Laws of Chess in force from 1984 until 30 June 1997, as
                                      Laws Commentary 1997 recalls them
LawsEdition         ``1997``          the Laws of Chess effective 1 July 1997 (Laws Commentary 1997)
LawsEdition         ``2023``          the Laws of Chess effective 1 January 2023; the default
RatingEdition       ``2025``          B.02 (FIDE Rating Regulations) of 1 March 2024 with its
                                      amendments: standard 8.3.1 as amended from 1 October 2025 (the
                                      400-point cap not for players rated 2650 and above), Rapid and
                                      Blitz 7.3.1 with the 600-point rule of 1 December 2024; the
                                      default
RatingEdition       ``2024``          B.02 of 1 March 2024 as first applied: the 400-point cap for
                                      everyone, no 600-point rule
RatingEdition       ``2022``          B.02 of 1 January 2022 till 29 February 2024: one 400-point
                                      upgrade per player and event, the initial rating of its 8.2.3,
                                      the rating floor 1000
==================  ================  ===========================================================

>>> DutchEdition("2017"), TieBreakEdition("legacy").description, LawsEdition("1997")
(<DutchEdition.DUTCH_2017: '2017'>, 'C.02 13.15, the virtual opponent', <LawsEdition.E1997: '1997'>)
>>> [e.value for e in TieBreakEdition]
['2026', '2023', 'legacy']
>>> RatingEdition("2022").description
'B.02 of 1 January 2022 till 29 February 2024'
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "BursteinEdition",
    "DubovEdition",
    "DutchEdition",
    "LawsEdition",
    "LimEdition",
    "RatingEdition",
    "TieBreakEdition",
]


class DutchEdition(StrEnum):
    """The edition of the FIDE (Dutch) rules, C.04.3, a round is paired under."""

    DUTCH_2026 = "2026"
    DUTCH_2017 = "2017"
    DUTCH_2013_COLOURS = "2013-colours"
    """The 2017 text with the colour allocation E.1-E.5 as Dutch Colours 2013 gives it (the
    Istanbul 2012 text, "Tallinn 2013" in the book): E.2 grants the stronger kind of preference
    only, so two absolute preferences go on to E.3 instead of being settled by the wider colour
    difference (:class:`~chessarbiter.pairing.swiss.colours.ColourRule`)."""

    @property
    def text(self) -> DutchEdition:
        """The C.04.3 text whose criteria pair the round: the 2013 colour rules are paired by the
        2017 text, everything but the colours alike.

        >>> DutchEdition("2013-colours").text, DutchEdition.DUTCH_2026.text
        (<DutchEdition.DUTCH_2017: '2017'>, <DutchEdition.DUTCH_2026: '2026'>)
        """
        if self is DutchEdition.DUTCH_2013_COLOURS:
            return DutchEdition.DUTCH_2017
        return self


class DubovEdition(StrEnum):
    """The edition of the Dubov text a round is paired under."""

    DUBOV_2026 = "2026"
    """C.04.4.1 effective from 1 February 2026 (Council, 28 October 2025)."""
    DUBOV_2018 = "2018"
    """C.04.4.1 approved by the 2018 General Assembly, in force until 31 January 2026."""

    @property
    def basic_rules(self) -> DutchEdition:
        """The edition of the Basic Rules (C.04.1) and General Handling Rules (C.04.2) the
        text refers to: the shared Swiss layer reads them by the Dutch edition of the same
        year (2026 art. 4 for bye eligibility, or 2017 d).

        >>> DubovEdition.DUBOV_2018.basic_rules
        <DutchEdition.DUTCH_2017: '2017'>
        """
        if self is DubovEdition.DUBOV_2026:
            return DutchEdition.DUTCH_2026
        return DutchEdition.DUTCH_2017


class BursteinEdition(StrEnum):
    """The edition of C.04.4.2 a round is paired under."""

    BURSTEIN_2026 = "2026"
    """C.04.4.2 applied from 1 February 2026 (Council, 28 October 2025); the default."""
    BURSTEIN_2025 = "2025"
    """C.04.4.2 in force until 31 January 2026: [C6] maximise the number, then the scores, of
    the incoming floaters paired; [C7] the following bracket's [C4]-[C6]; C.04.1 d's bye bar."""

    @property
    def dutch(self) -> DutchEdition:
        """The Dutch edition of the same date: it pairs the seeding rounds (1.6.1) and gives the
        bye bar of the Basic Rules ([C2])."""
        if self is BursteinEdition.BURSTEIN_2026:
            return DutchEdition.DUTCH_2026
        return DutchEdition.DUTCH_2017


class LimEdition(StrEnum):
    """The edition of the Lim text a round is paired under."""

    LIM_2026 = "2026"
    """C.04.4.3 effective from 1 February 2026: the 1999 text renumbered, content unchanged
    (there is therefore no second edition of the text to choose)."""
    LIM_2026_MAXI = "2026-maxi"
    """The same text for a tournament the organiser declared a Maxi-tournament (C.04.4.3 art.
    3.2.3, 3.8 and 5.7 then apply: the rating band of floaters and colour exchanges). The
    text does not define the term, so it is the organiser's declaration, held with the
    edition so that an event, the command line and a stored round name it alike."""

    @property
    def maxi(self) -> bool:
        """Whether the tournament is declared a Maxi-tournament (C.04.4.3 art. 3.2.3).

        >>> LimEdition("2026-maxi").maxi, LimEdition.LIM_2026.maxi
        (True, False)
        """
        return self is LimEdition.LIM_2026_MAXI

    @property
    def basic_rules(self) -> DutchEdition:
        """The edition of the Basic Rules (C.04.1) and General Handling Rules (C.04.2) the text
        refers to (art. 1.1: Basic Rules art. 3-4 for the pairing-allocated bye); the shared
        Swiss layer reads them by the Dutch edition of the same year.

        >>> LimEdition.LIM_2026.basic_rules
        <DutchEdition.DUTCH_2026: '2026'>
        """
        return DutchEdition.DUTCH_2026


class TieBreakEdition(StrEnum):
    """The edition of the tie-break rules for unplayed rounds: C.07 Art. 16 (2026 or 2023) or
    the legacy virtual opponent of C.02 13.15."""

    C07_2026 = "2026"
    C07_2023 = "2023"
    LEGACY = "legacy"

    @property
    def description(self) -> str:
        """The rule text the edition names, as messages and breakdowns cite it.

        >>> TieBreakEdition.C07_2026.description
        'C.07 of 1 March 2026'
        """
        return _TIEBREAK_DESCRIPTIONS[self.value]


_TIEBREAK_DESCRIPTIONS = {
    "2026": "C.07 of 1 March 2026",
    "2023": "C.07 of 2023, as amended in 2024",
    "legacy": "C.02 13.15, the virtual opponent",
}


class LawsEdition(StrEnum):
    """A Laws of Chess edition (the arbiter's calculators of :mod:`chessarbiter.timecontrol`)."""

    E1984 = "1984"
    E1997 = "1997"
    E2023 = "2023"


class RatingEdition(StrEnum):
    """The edition of the FIDE Rating Regulations (B.02, with their Rapid and Blitz chapter) a
    rating change is computed under (:mod:`chessarbiter.ratings.change`)."""

    B02_2025 = "2025"
    B02_2024 = "2024"
    B02_2022 = "2022"

    @property
    def description(self) -> str:
        """The rule text the edition names, as reports and messages cite it.

        >>> RatingEdition.B02_2025.description
        'B.02 of 1 March 2024, as amended from 1 December 2024 and 1 October 2025'
        """
        return _RATING_DESCRIPTIONS[self.value]


_RATING_DESCRIPTIONS = {
    "2025": "B.02 of 1 March 2024, as amended from 1 December 2024 and 1 October 2025",
    "2024": "B.02 of 1 March 2024, as first applied",
    "2022": "B.02 of 1 January 2022 till 29 February 2024",
}


class DoubleSwissEdition(StrEnum):
    """The edition of the Double-Swiss system (C.04.5) a match is paired under."""

    DOUBLE_SWISS_2026 = "2026"
    """C.04.5 "Double-Swiss Pairing System", approved by the Council on 28 October 2025,
    applied from 1 February 2026 (the first text)."""
