"""The named rule editions (:mod:`chessarbiter.editions`): their values are stored in events,
written in TRF files and typed on the command line, so they never change."""

from __future__ import annotations

import json

import click

from chessarbiter.cli.ratings import ratings_command
from chessarbiter.cli.standings import standings_command
from chessarbiter.editions import DutchEdition, LawsEdition, RatingEdition, TieBreakEdition


def test_the_stored_values() -> None:
    assert [e.value for e in DutchEdition] == ["2026", "2017", "2013-colours"]
    assert [e.value for e in TieBreakEdition] == ["2026", "2023", "legacy"]
    assert [e.value for e in LawsEdition] == ["1984", "1997", "2023"]


def test_an_edition_is_its_value() -> None:
    """StrEnum: an edition compares, formats and serialises as its stored value."""
    assert TieBreakEdition("legacy") is TieBreakEdition.LEGACY
    assert f"{DutchEdition.DUTCH_2017}" == str(DutchEdition.DUTCH_2017) == "2017"
    assert json.dumps({"edition": TieBreakEdition.LEGACY}) == '{"edition": "legacy"}'
    assert [e.description for e in TieBreakEdition] == [
        "C.07 of 1 March 2026",
        "C.07 of 2023, as amended in 2024",
        "C.02 13.15, the virtual opponent",
    ]


def test_the_standings_command_offers_every_tie_break_edition() -> None:
    option = next(p for p in standings_command.params if p.name == "edition")
    assert isinstance(option.type, click.Choice)
    assert list(option.type.choices) == [e.value for e in TieBreakEdition]


def test_the_rating_editions() -> None:
    """B.02: 2025 (1 March 2024 with the amendments of 1 December 2024 and 1 October 2025,
    the default), 2024 (as first applied), 2022 (1 January 2022 till 29 February 2024)."""
    assert [e.value for e in RatingEdition] == ["2025", "2024", "2022"]
    assert RatingEdition("2022") is RatingEdition.B02_2022
    assert [e.description for e in RatingEdition] == [
        "B.02 of 1 March 2024, as amended from 1 December 2024 and 1 October 2025",
        "B.02 of 1 March 2024, as first applied",
        "B.02 of 1 January 2022 till 29 February 2024",
    ]
    assert json.dumps({"edition": RatingEdition.B02_2025}) == '{"edition": "2025"}'


def test_the_ratings_command_offers_every_rating_edition() -> None:
    option = next(p for p in ratings_command.params if p.name == "edition")
    assert isinstance(option.type, click.Choice)
    assert list(option.type.choices) == [e.value for e in RatingEdition]
    assert option.default == RatingEdition.B02_2025.value
