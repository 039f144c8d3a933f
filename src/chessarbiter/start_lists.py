"""Start lists: the players of an event, in the order a list is printed in.

Three orders, as Swiss-Manager and Vega print them:

* ``number``: by pairing number (the starting rank);
* ``name``: alphabetically by name, case and accents ignored (``Ä`` beside ``A``), then by
  pairing number;
* ``rating``: the initial order of C.04.2 B.2 (2017) / 2026 art. 2.2: rating (highest first,
  unrated last), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, untitled), then
  alphabetically (:func:`chessarbiter.pairing.swiss.ranking.initial_order`).

>>> from chessarbiter.model import Player, Tournament
>>> t = Tournament()
>>> for p in [Player(1, "Zeta", rating=2400), Player(2, "Alpha", rating=2400, title="m"),
...           Player(3, "Ötker", rating=2500), Player(4, "Beta")]:
...     _ = t.add_player(p)
>>> [p.number for p in start_list(t, "name")], [p.number for p in start_list(t, "rating")]
([2, 4, 3, 1], [3, 2, 1, 4])
"""

from __future__ import annotations

import enum
import unicodedata

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Player, Tournament
from chessarbiter.pairing.swiss.ranking import initial_order


class StartOrder(enum.Enum):
    """The order of a start list (see the module docstring)."""

    NUMBER = "number"
    NAME = "name"
    RATING = "rating"


def alphabetical_key(name: str) -> str:
    """The key names are sorted by in an alphabetical list: accents and case ignored.

    >>> sorted(["Ötker", "Olsen", "adams"], key=alphabetical_key)
    ['adams', 'Olsen', 'Ötker']
    """
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def start_list(tournament: Tournament, order: StartOrder | str = StartOrder.NUMBER) -> list[Player]:
    """The players of ``tournament`` in the start list order ``order`` (a :class:`StartOrder`
    or its value ``"number"``, ``"name"``, ``"rating"``; see the module docstring).

    :raises ChessArbiterError: for an order that is none of these.
    """
    try:
        chosen = StartOrder(order)
    except ValueError:
        names = ", ".join(o.value for o in StartOrder)
        raise ChessArbiterError(f"unknown start list order {order!r} (one of {names})") from None
    players = sorted(tournament, key=lambda p: p.number)
    if chosen is StartOrder.NAME:
        return sorted(players, key=lambda p: alphabetical_key(p.name))
    if chosen is StartOrder.RATING:
        return initial_order(players)
    return players
