"""The order of pairings of a bracket (FIDE Handbook C.04.4.2 (2026) Article 4).

4.1 The players of a bracket get consecutive bracket sequence numbers (BSN) 1, 2, 3, ... in
their ranking order (Article 1.8). 4.2 The bracket is extended by as many virtual players as
there are outgoing floaters, each with BSN 0: whoever meets one floats. 4.3 A pairing precedes
another if the opponent of BSN 1 has the larger BSN (BSN 0, the float, counting as the
smallest); if they are equal, the opponent of BSN 2 decides, and so on.

The engine (:mod:`~chessarbiter.pairing.burstein.engine`) reaches the first best pairing in
this order with weighted matchings; :func:`candidates` lists the order itself, for small
brackets (tests, explanations).

>>> first = next(candidates(6, 2))
>>> first
((1, 6), (2, 5), (3, 0), (4, 0))
>>> sum(1 for _ in candidates(6, 2))
45
"""

from __future__ import annotations

from collections.abc import Iterator

Pairing = tuple[tuple[int, int], ...]
"""A pairing of a bracket: ``(bsn, opponent_bsn)`` for every player not already named as an
earlier player's opponent, by increasing BSN; opponent 0 is a virtual player (a float)."""


def candidates(size: int, floaters: int) -> Iterator[Pairing]:
    """Every pairing of a bracket of ``size`` players with ``floaters`` outgoing floaters, in the
    order of Article 4.3 (exponential: for small brackets only).

    :raises ValueError: if ``floaters`` is negative, larger than ``size``, or of the wrong
        parity (the others must pair up).
    """
    if floaters < 0 or floaters > size or (size - floaters) % 2:
        raise ValueError(f"a bracket of {size} cannot have {floaters} outgoing floaters")
    yield from _extend(tuple(range(1, size + 1)), floaters)


def _extend(free: tuple[int, ...], floaters: int) -> Iterator[Pairing]:
    if not free:
        yield ()
        return
    first, rest = free[0], free[1:]
    # larger BSN first, the virtual BSN 0 last
    for opponent in sorted(rest, reverse=True):
        remaining = tuple(x for x in rest if x != opponent)
        if len(remaining) >= floaters:
            for tail in _extend(remaining, floaters):
                yield ((first, opponent), *tail)
    if floaters:
        for tail in _extend(rest, floaters - 1):
            yield ((first, 0), *tail)
