"""The initial order of a Swiss event: who gets which pairing number (C.04.2 B, 2026 art. 2).

>>> from chessarbiter.model import Player
>>> players = [Player(1, "Zeta", rating=2400), Player(2, "Alpha", rating=2400, title="IM"),
...            Player(3, "Beta", rating=2500), Player(4, "Gamma")]
>>> [p.name for p in initial_order(players)]
['Beta', 'Alpha', 'Zeta', 'Gamma']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from chessarbiter.errors import TournamentError
from chessarbiter.model import Player
from chessarbiter.model.player import display_title

#: C.04.2 B.2 (2017) / 2026 art. 2.2: the title order after equal ratings.
TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

#: C.04.2 B.3 (2017) / 2026 art. 2.3: no pairing-number change once this round is paired.
RENUMBERING_BARRED_FROM = 4


def _title_rank(title: str) -> int:
    t = display_title(title)  # TRF's codes (g, m, ..., wc) as the titles they stand for
    return TITLE_ORDER.index(t) if t in TITLE_ORDER else len(TITLE_ORDER)


def _alphabetical(name: str) -> str:
    return unicodedata.normalize("NFKD", name).casefold()


def initial_order(players: Iterable[Player]) -> list[Player]:
    """C.04.2 B.2 (2017) / 2026 art. 2.2: by rating (highest first; unrated last), then by
    FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, untitled), then alphabetically by name
    (case and accents ignored); equal in all three: the present order is kept."""
    return sorted(
        players,
        key=lambda p: (-(p.rating or 0), _title_rank(p.title), _alphabetical(p.name)),
    )


def check_renumbering_allowed(rounds_paired: int) -> None:
    """C.04.2 B.3 (2017) / 2026 art. 2.3: pairing numbers may be reassigned (corrected data)
    until round 4 has been paired, never after.

    >>> check_renumbering_allowed(3)
    >>> check_renumbering_allowed(4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chessarbiter.errors.TournamentError: pairing numbers cannot change after round 4 ...
    """
    if rounds_paired >= RENUMBERING_BARRED_FROM:
        raise TournamentError(
            "pairing numbers cannot change after round 4 has been paired "
            f"(C.04.2 B.3 / 2026 art. 2.3); {rounds_paired} rounds are paired"
        )


def numbering_problem(players: Iterable[Player]) -> str | None:
    """What is wrong with the pairing numbers before round 1, or None: C.04.2 B.2 (2017) /
    2026 art. 2.2 give the numbers 1 to n in the initial order (:func:`initial_order`), so
    a gap, or a player out of that order, is told to the arbiter before he pairs round 1.

    >>> from chessarbiter.model import Player
    >>> numbering_problem([Player(1, "Beta", rating=2500), Player(2, "Alpha", rating=2400)])
    >>> print(numbering_problem([Player(1, "Alpha", rating=2400), Player(3, "Beta")]))
    the pairing numbers do not run from 1 to 2 (2 is missing)
    >>> print(numbering_problem([Player(1, "Alpha", rating=2400), Player(2, "Beta", rating=2500)]))
    the pairing numbers are not in the initial order (rating, title, name): number 1 would be Beta
    """
    listed = sorted(players, key=lambda p: p.number)
    expected = range(1, len(listed) + 1)
    missing = sorted(set(expected) - {p.number for p in listed})
    if missing:
        shown = ", ".join(map(str, missing[:5])) + (", ..." if len(missing) > 5 else "")
        verb = "is" if len(missing) == 1 else "are"
        return f"the pairing numbers do not run from 1 to {len(listed)} ({shown} {verb} missing)"
    for place, player in enumerate(initial_order(listed), start=1):
        if player.number != place:
            return (
                "the pairing numbers are not in the initial order (rating, title, name): "
                f"number {place} would be {player.name}"
            )
    return None
