"""Column tables of the TRF records (FIDE TRF16 and TRF-2026).

Columns are 1-based and inclusive, as in the FIDE text. :func:`field` turns them into slices.
"""

from __future__ import annotations

from typing import Final

#: The largest number a four-column field holds: a pairing number, a rating, a rank, a team
#: member, a ``250`` player id.
FOUR_DIGITS: Final = 9999

#: Player record ``001`` (and the national rating records that share its layout).
PLAYER_NUMBER: Final = (5, 8)
PLAYER_SEX: Final = (10, 10)
PLAYER_TITLE: Final = (11, 13)
PLAYER_NAME: Final = (15, 47)
PLAYER_RATING: Final = (49, 52)
PLAYER_FEDERATION: Final = (54, 56)
PLAYER_FIDE_ID: Final = (58, 68)
PLAYER_BIRTH_DATE: Final = (70, 79)
PLAYER_POINTS: Final = (81, 84)
PLAYER_RANK: Final = (86, 89)

#: Round r of a player record: opponent, colour, result; each round block is 10 columns wide.
ROUND_FIRST_COLUMN: Final = 92
ROUND_WIDTH: Final = 10


def round_opponent_column(round_number: int) -> int:
    """First column of round ``round_number``'s opponent field (TRF16: 92, 102, ...).

    >>> round_opponent_column(1), round_opponent_column(3)
    (92, 112)
    """
    return ROUND_FIRST_COLUMN + ROUND_WIDTH * (round_number - 1)


def round_colour_column(round_number: int) -> int:
    return round_opponent_column(round_number) + 5


def round_result_column(round_number: int) -> int:
    return round_opponent_column(round_number) + 7


def field(line: str, columns: tuple[int, int]) -> str:
    """The text in ``columns`` (1-based, inclusive) of ``line``; short lines read as blanks.

    >>> field("001    1 m", (10, 10))
    'm'
    """
    first, last = columns
    return line[first - 1 : last]


#: Header records of TRF16 (``012``-``132``) with the model attribute each one fills.
TEXT_HEADERS: Final = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "062": "declared_player_count",
    "072": "declared_rated_count",
    "082": "declared_team_count",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
}

#: TRF-2026 free-text header records and their model attributes.
TRF26_TEXT_HEADERS: Final = {
    "172": "rank_method",
    "182": "pairing_controller",
    "192": "system",
    "222": "time_control_code",
}

#: Records only TRF-2026 defines (a file holding any of them is a TRF-2026 file).
TRF26_CODES: Final = frozenset(
    {
        "142",
        "152",
        "162",
        "172",
        "182",
        "192",
        "202",
        "212",
        "222",
        "240",
        "250",
        "260",
        "299",
        "300",
        "310",
        "320",
        "330",
        "352",
        "362",
        "801",
        "802",
    }
)

#: Records read and written back as they are (their meaning belongs to later capabilities).
OPAQUE_CODES: Final = frozenset({"299", "300", "320", "330", "352", "362", "801", "802"})

#: bbpPairings point-system lines, in canonical order, and the value each one sets.
BBP_POINT_CODES: Final = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")

#: TRF-2026 ``162`` symbols in canonical order: symbol column 6, then every 9 columns.
SCORING_SYMBOLS: Final = ("W", "D", "L", "A", "P", "X")
