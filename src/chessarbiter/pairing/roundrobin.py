"""Round robin pairings (FIDE C.05): Berger tables, double round robin, pairing numbers.

* :func:`berger_round` and :func:`berger_table`: the Berger tables of C.05 Annex 1, computed by
  the closed form. :func:`berger_table_by_rotation` computes them a second way, by the
  "Berger explained" rotation, so that each form checks the other.
* :func:`double_round_robin`: two cycles, colours reversed in the second, with FIDE's
  recommended exchange of the last two rounds of the first cycle (C.05 Annex 1).
* :func:`draw_lots`: pairing numbers by a seeded, reproducible drawing of lots.
* :func:`varma_groups`, :func:`varma_assign` and :func:`varma_keeping_apart`: the restricted
  drawing of lots (Varma tables, C.05 Annex 2), federations kept apart.
* :func:`pair_round` and :func:`record_round_robin_bye`: the link to the tournament model.

Pairing numbers start at 1. A round is a list of boards in board order, each ``(white, black)``.
With an odd number of players the dummy number n + 1 is the bye. Its board is written
``(player, 0)`` and stays on board 1, where the tables put it.

>>> berger_round(5, 2)
[(4, 0), (5, 3), (1, 2)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple, TypeAlias, TypeVar

from chessarbiter import limits
from chessarbiter.errors import PairingError
from chessarbiter.model import PlayerId, Result, RoundEntry, Tournament

BYE: Final = 0
"""The opponent written for a bye: the board of the player who meets the dummy number."""

Pair: TypeAlias = tuple[int, int]
"""One board: ``(white, black)`` by pairing number, or ``(player, BYE)``."""

T = TypeVar("T")


# -- sizes -----------------------------------------------------------------------------------


def _check_count(n: object, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise PairingError(f"the {what} must be a whole number, not {n!r}")
    return n


def table_size(n: int) -> int:
    """The size N of the Berger table for ``n`` players: n rounded up to even (C.05 Annex 1).

    With an odd number of players the extra number N is the dummy. Whoever meets it has a bye.

    >>> table_size(9), table_size(10)
    (10, 10)

    :raises PairingError: for fewer than 2 players.
    :raises LimitError: for more than :data:`chessarbiter.limits.MAX_ROUND_ROBIN_PLAYERS`
        (1,000: a table of n players has n - 1 rounds of n / 2 boards).
    """
    n = _check_count(n, "number of players")
    if n < 2:
        raise PairingError(f"a round robin needs at least 2 players, not {n}")
    limits.check_count("the players of a round robin", n, limits.MAX_ROUND_ROBIN_PLAYERS, minimum=2)
    return n + n % 2


def rounds_per_cycle(n: int) -> int:
    """The number of rounds in one cycle for ``n`` players: N − 1 (C.05 Annex 1).

    >>> rounds_per_cycle(9), rounds_per_cycle(10)
    (9, 9)
    """
    return table_size(n) - 1


def _check_round(n: int, round_number: object, rounds: int, table: str) -> int:
    number = _check_count(round_number, "round number")
    if not 1 <= number <= rounds:
        raise PairingError(f"{table} for {n} players has rounds 1 to {rounds}, not round {number}")
    return number


def _mark_bye(pairs: list[Pair], n: int) -> list[Pair]:
    """With odd ``n``, write the board against the dummy number n + 1 as ``(player, BYE)``."""
    if n % 2 == 0:
        return pairs
    dummy = n + 1
    return [
        (black if white == dummy else white, BYE) if dummy in (white, black) else (white, black)
        for white, black in pairs
    ]


# -- Berger tables (C.05 Annex 1) ---------------------------------------------------------------


def berger_round(n: int, round_number: int) -> list[Pair]:
    """The pairings of round ``round_number`` of the Berger table for ``n`` players (C.05 Annex 1).

    The boards are in board order, each ``(white, black)`` by pairing number. With an odd ``n``
    the player who meets the dummy number n + 1 has a bye, written ``(player, 0)`` on board 1.

    Closed form, with N = n rounded up to even, M = N − 1, and every number taken modulo M into
    1 … M:

    * the player who meets N in round r is c = (r + 1) / 2 for odd r, or r / 2 + N / 2 for
      even r;
    * board 1 is c against N. c has White in odd rounds, N has White in even rounds;
    * board b (b = 2 … N / 2) is c + (b − 1) with White against c − (b − 1).

    >>> berger_round(4, 1)
    [(1, 4), (2, 3)]
    >>> berger_round(4, 2)
    [(4, 3), (1, 2)]
    >>> berger_round(3, 3)
    [(2, 0), (3, 1)]

    :raises PairingError: for fewer than 2 players, or a round outside 1 … N − 1.
    """
    size = table_size(n)
    modulus = size - 1
    r = _check_round(n, round_number, modulus, "a Berger table")

    def wrap(k: int) -> int:
        return (k - 1) % modulus + 1

    if r % 2:
        c = wrap((r + 1) // 2)
        pairs = [(c, size)]
    else:
        c = wrap(r // 2 + size // 2)
        pairs = [(size, c)]
    pairs += [(wrap(c + b - 1), wrap(c - b + 1)) for b in range(2, size // 2 + 1)]
    return _mark_bye(pairs, n)


def berger_table(n: int) -> list[list[Pair]]:
    """Every round of the Berger table for ``n`` players, round 1 first (C.05 Annex 1).

    See :func:`berger_round` for the form of each round.

    >>> berger_table(4)
    [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    """
    return [berger_round(n, r) for r in range(1, rounds_per_cycle(n) + 1)]


def berger_table_by_rotation(n: int) -> list[list[Pair]]:
    """The Berger table for ``n`` players built by rotation ("Berger explained", C.05 Annex 1).

    This is the procedural form of the same table as :func:`berger_table`, kept as an
    independent check of the closed form:

    * round 1: board b is b against N − b + 1, the lower number with White;
    * each later round: list the players 1 … N − 1 in the board order of the previous round,
      White before Black. The last of the list meets N on board 1; N has White in even rounds
      and Black in odd rounds. Then, again and again, the second-last player of what remains of
      the list takes White against the last one, on the next board.

    >>> berger_table_by_rotation(4) == berger_table(4)
    True
    """
    size = table_size(n)
    rounds = [[(b, size - b + 1) for b in range(1, size // 2 + 1)]]
    for r in range(2, size):
        order = [p for pair in rounds[-1] for p in pair if p != size]
        meets_dummy = order.pop()
        pairs = [(size, meets_dummy) if r % 2 == 0 else (meets_dummy, size)]
        while order:
            black = order.pop()
            white = order.pop()
            pairs.append((white, black))
        rounds.append(pairs)
    return [_mark_bye(pairs, n) for pairs in rounds]


# -- double round robin (C.05 Annex 1) --------------------------------------------------------


def _reverse_colours(pairs: list[Pair]) -> list[Pair]:
    """The same boards with colours reversed; a bye stays ``(player, BYE)``."""
    return [(white, black) if black == BYE else (black, white) for white, black in pairs]


def double_round_robin(n: int, *, swap_last_two: bool = True) -> list[list[Pair]]:
    """Both cycles of a double round robin for ``n`` players, 2 (N − 1) rounds (C.05 Annex 1).

    How the two cycles are built:

    * The first cycle is the Berger table. With ``swap_last_two`` (the default) its last two
      rounds, N − 2 and N − 1, are exchanged. FIDE recommends this exchange (ETT26 code
      ``FIDE_DOUBLEROUNDROBIN``); ``swap_last_two=False`` gives the plain table
      (``BERGER_DOUBLEROUNDROBIN``). With 2 players a cycle has one round and nothing is
      exchanged.
    * The second cycle is the Berger table in its own order, rounds 1 … N − 1, with colours
      reversed. The exchange is **not** repeated there: the recommendation speaks of the last
      two rounds of the first cycle only.

    Why the second cycle keeps the plain order: without the exchange, players 1 and N / 2 + 1
    get the same colour three times in a row across the cycle boundary. With the exchange in
    the first cycle only, no player of a 3- to 30-player event gets the same colour three times
    in a row anywhere. If the second cycle repeated the exchanged order, players 2 and 4 of a
    4-player double round robin would get three in a row (rounds 3 to 5). Gacrux, the FIDE
    reference engine (``pairingberger.py``), also exchanges the rounds of the first cycle
    only.

    A bye stays a bye in both cycles.

    >>> for pairs in double_round_robin(4):
    ...     print(pairs)
    [(1, 4), (2, 3)]
    [(2, 4), (3, 1)]
    [(4, 3), (1, 2)]
    [(4, 1), (3, 2)]
    [(3, 4), (2, 1)]
    [(4, 2), (1, 3)]
    """
    plain = berger_table(n)
    first = list(plain)
    exchanged = exchanged_rounds(n, swap_last_two=swap_last_two)
    if exchanged is not None:
        a, b = exchanged
        first[a - 1], first[b - 1] = first[b - 1], first[a - 1]
    second = [_reverse_colours(pairs) for pairs in plain]
    return first + second


def exchanged_rounds(n: int, *, swap_last_two: bool = True) -> tuple[int, int] | None:
    """The two rounds of the first cycle that :func:`double_round_robin` exchanges for ``n``
    players: the last two, N − 2 and N − 1, as FIDE recommends (C.05 Annex 1, ETT26
    ``FIDE_DOUBLEROUNDROBIN``); ``None`` without ``swap_last_two`` (``BERGER_DOUBLEROUNDROBIN``)
    or with 2 players (a cycle of one round).

    >>> exchanged_rounds(10), exchanged_rounds(2), exchanged_rounds(10, swap_last_two=False)
    ((8, 9), None, None)
    """
    cycle = rounds_per_cycle(n)
    if not swap_last_two or cycle < 2:
        return None
    return cycle - 1, cycle


# -- pairing numbers by lot ---------------------------------------------------------------------


def draw_lots(players: Sequence[T], seed: int | str | None) -> list[T]:
    """The players in pairing-number order: the first gets number 1 (C.05 Annex 1 numbering).

    With a ``seed`` the order is drawn by lot. The draw uses :class:`random.Random` seeded with
    ``seed``, so the same seed and the same list give the same numbers every time, on every
    machine running the same Python version. Publish the seed and anyone can check the draw.
    With ``seed=None`` the players keep the order given, for numbers assigned some other way.

    >>> draw_lots(["Ann", "Bob", "Cid"], None)
    ['Ann', 'Bob', 'Cid']
    >>> draw_lots(["Ann", "Bob", "Cid"], 7) == draw_lots(["Ann", "Bob", "Cid"], 7)
    True
    """
    order = list(players)
    if seed is not None:
        random.Random(seed).shuffle(order)
    return order


# -- Varma tables (C.05 Annex 2) ----------------------------------------------------------------


class VarmaSplitError(PairingError):
    """The federations cannot all be kept apart by a Varma table (C.05 Annex 2): some
    contingent cannot draw all its numbers from one set."""


class VarmaGroups(NamedTuple):
    """The four sets of pairing numbers A, B, C and D of a Varma table (C.05 Annex 2)."""

    a: tuple[int, ...]
    b: tuple[int, ...]
    c: tuple[int, ...]
    d: tuple[int, ...]


_VARMA_TABLES: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    # 21/22 C and D and all of 23/24 could not be checked against the Handbook; they come from
    # gnutterts/chesspairing. Every row but 11/12 keeps each group apart in the last three
    # rounds; see varma_groups.
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: (
        (6, 7, 8, 9, 10, 11, 19, 20, 21, 22),
        (1, 2, 3, 4, 13, 14, 15, 16, 17),
        (12, 18, 23),
        (5, 24),
    ),
}


def varma_groups(n: int) -> VarmaGroups:
    """The Varma table for ``n`` players, 9 to 24: the number sets A, B, C, D (C.05 Annex 2).

    An odd number of players uses the table of the next even number without its highest number,
    because that number is the dummy (the bye) and nobody draws it.

    The purpose of the table (1987 text): players who hold numbers from the same set do not meet
    in the last three rounds of the Berger table. That holds for every table except the
    Handbook's 11/12 row. There C holds 6 and 12, which meet in the last round (board 1,
    6 v 12) of the 12-player table. With 11 players, 12 is the bye and the property holds. The
    row is kept as published, because arbiters work from the published table.

    >>> varma_groups(10)
    VarmaGroups(a=(3, 4, 8), b=(5, 7, 9), c=(1, 6), d=(2, 10))
    >>> varma_groups(9).d
    (2,)

    :raises PairingError: outside 9 to 24 players, which the tables do not cover.
    """
    n = _check_count(n, "number of players")
    if not 9 <= n <= 24:
        raise PairingError(
            f"the Varma tables (C.05 Annex 2) cover 9 to 24 players, not {n}; "
            "draw the pairing numbers by plain lot"
        )
    size = n + n % 2
    return VarmaGroups(*(tuple(k for k in group if k <= n) for group in _VARMA_TABLES[size]))


def _contingents(players: Sequence[tuple[str, str]]) -> list[list[str]]:
    """The players grouped by federation, in drawing order (C.05 Annex 2, point 2).

    The largest contingent draws first; contingents of equal size go by the alphabetical order
    of the federation code; inside a contingent, players go by the alphabetical order of their
    names. Codes are compared in capitals, without surrounding spaces.
    """
    by_federation: dict[str, list[str]] = {}
    for name, federation in players:
        by_federation.setdefault(federation.strip().upper(), []).append(name)
    order = sorted(by_federation.items(), key=lambda item: (-len(item[1]), item[0]))
    return [sorted(names, key=lambda name: (name.casefold(), name)) for _, names in order]


def _choose_envelope(
    envelopes: list[list[int]], size: int, rng: random.Random, later: Sequence[int] = ()
) -> int:
    """The envelope (group) a contingent of ``size`` players draws from (C.05 Annex 2, point 3).

    The rule says the contingent chooses an envelope "with enough numbers". Here it takes the
    smallest such envelope, which keeps the larger ones for the contingents still to draw. When
    no envelope has enough numbers left, it takes the fullest one; the players left over then
    choose again in the same way. Envelopes of equal size cannot be told apart (only the size is
    written on them), so a tie is settled by lot.

    ``later``: the sizes of the contingents still to draw, when every federation is to be kept
    apart (:func:`varma_assign`'s ``keep_apart``): only an envelope that leaves room for each of
    them whole is chosen (one exists whenever :func:`varma_keeping_apart` found a way).
    """
    fitting = [i for i, numbers in enumerate(envelopes) if len(numbers) >= size]
    if later:
        fitting = [
            i
            for i in fitting
            if _fits(
                list(later),
                [len(e) - (size if j == i else 0) for j, e in enumerate(envelopes)],
            )
        ]
    if fitting:
        fewest = min(len(envelopes[i]) for i in fitting)
        candidates = [i for i in fitting if len(envelopes[i]) == fewest]
    else:
        most = max(len(numbers) for numbers in envelopes)
        candidates = [i for i, numbers in enumerate(envelopes) if len(numbers) == most]
    return rng.choice(candidates)


def _fits(sizes: list[int], room: list[int]) -> bool:
    """Whether contingents of ``sizes`` (largest first) can each go whole into one envelope of
    ``room`` numbers (a small exact search: at most 24 players in 4 envelopes)."""
    if not sizes or sizes[0] <= 1:
        return sum(sizes) <= sum(room)
    first, rest = sizes[0], sizes[1:]
    tried: set[int] = set()
    for i, free in enumerate(room):
        if free >= first and free not in tried:
            tried.add(free)
            room[i] -= first
            ok = _fits(rest, room)
            room[i] += first
            if ok:
                return True
    return False


def varma_keeping_apart(players: Sequence[tuple[str, str]]) -> None:
    """Check that every federation of ``players`` can draw its numbers from one set of the
    Varma table (C.05 Annex 2: compatriots draw from one envelope, so that they do not meet in
    the last three rounds), for ``(name, federation)`` pairs of 9 to 24 players.

    >>> from chessarbiter.errors import PairingError
    >>> feds = ["SUI"] * 3 + ["ITA"] * 3 + ["GER"] * 2 + ["FRA", "ESP"]
    >>> varma_keeping_apart([(f"p{i}", fed) for i, fed in enumerate(feds)])  # sets 3, 3, 2, 2
    >>> feds = ["SUI"] * 4 + [f"F{i:02d}" for i in range(6)]
    >>> try:
    ...     varma_keeping_apart([(f"p{i}", fed) for i, fed in enumerate(feds)])
    ... except PairingError as e:
    ...     print(e)
    the federations cannot be kept apart by the Varma table for 10 players (C.05 Annex 2): its
    sets hold 3, 3, 2 and 2 numbers, and no set holds the 4 players of SUI

    :raises VarmaSplitError: naming the contingents and the sets' sizes, when no way exists.
    :raises PairingError: outside 9 to 24 players.
    """
    groups = varma_groups(len(players))
    sizes = [len(c) for c in _contingents(players)]
    room = [len(g) for g in groups]
    if _fits(sizes, list(room)):
        return
    held = ", ".join(str(k) for k in room[:-1]) + f" and {room[-1]}"
    head = (
        f"the federations cannot be kept apart by the Varma table for {len(players)} players "
        f"(C.05 Annex 2): its sets hold {held} numbers, and "
    )
    federations = _federations(players)
    too_big = [(fed, size) for fed, size in federations if size > max(room)]
    if too_big:
        named = ", ".join(f"the {size} players of {fed}" for fed, size in too_big)
        raise VarmaSplitError(head + f"no set holds {named}")
    together = ", ".join(f"{fed} {size}" for fed, size in federations if size > 1)
    raise VarmaSplitError(head + f"the contingents ({together}) do not fit in them whole")


def _federations(players: Sequence[tuple[str, str]]) -> list[tuple[str, int]]:
    """The federations of ``players`` with their contingent sizes, in drawing order."""
    counts: dict[str, int] = {}
    for _, federation in players:
        code = federation.strip().upper()
        counts[code] = counts.get(code, 0) + 1
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def varma_assign(
    players: Sequence[tuple[str, str]], seed: int | str, *, keep_apart: bool = False
) -> dict[str, int]:
    """Pairing numbers by the restricted drawing of lots of C.05 Annex 2 (Varma tables).

    ``players`` are ``(name, federation)`` pairs for 9 to 24 players. The result maps each name
    to its pairing number. The procedure:

    1. The number sets of :func:`varma_groups` are the envelopes.
    2. Contingents draw in the order of :func:`_contingents`: the largest first, ties by the
       federation code, players inside a federation by name.
    3. A contingent draws from the smallest envelope that still holds enough numbers for all of
       its players; envelopes of equal size are chosen between by lot. Each player draws one
       number from it by lot. The numbers left are available to later contingents.
    4. If no envelope holds enough numbers, the contingent is split: it empties the fullest
       envelope, and its remaining players choose again by the same rule. This keeps as many
       compatriots as possible in one set.

    With ``keep_apart`` no contingent is split: the federations are first checked by
    :func:`varma_keeping_apart`, and a contingent chooses only among the envelopes that leave
    room for each later contingent whole (the smallest of them, ties by lot as in point 3).

    The lots are drawn with :class:`random.Random` seeded with ``seed``. The same seed and the
    same players give the same numbers, whatever the order of ``players``.

    :raises PairingError: outside 9 to 24 players, or when two players have the same name.
    :raises VarmaSplitError: with ``keep_apart``, when a federation cannot draw from one set.
    """
    groups = varma_groups(len(players))
    names = [name for name, _ in players]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise PairingError(
            "each player needs a distinct name for the drawing of lots; repeated: "
            + ", ".join(repeated)
        )
    if keep_apart:
        varma_keeping_apart(players)
    rng = random.Random(seed)
    envelopes = [list(group) for group in groups]
    numbers: dict[str, int] = {}
    contingents = _contingents(players)
    for index, contingent in enumerate(contingents):
        later = [len(c) for c in contingents[index + 1 :]] if keep_apart else []
        waiting = contingent
        while waiting:
            envelope = envelopes[_choose_envelope(envelopes, len(waiting), rng, later)]
            drawing, waiting = waiting[: len(envelope)], waiting[len(envelope) :]
            for name in drawing:
                numbers[name] = envelope.pop(rng.randrange(len(envelope)))
    return numbers


# -- the tournament model ---------------------------------------------------------------------


def pair_round(
    tournament: Tournament,
    round_number: int,
    *,
    double: bool = False,
    swap_last_two: bool = True,
) -> list[Pair]:
    """The Berger pairing of ``round_number`` for ``tournament`` (C.05 Annex 1).

    The players must hold the pairing numbers 1 … n, as drawn by lot (:func:`draw_lots`) or by
    the Varma tables (:func:`varma_assign`). With ``double`` the rounds run through both cycles
    of :func:`double_round_robin` (``swap_last_two`` as there).

    This function only reads the tournament. The caller records each game with
    :meth:`Tournament.record_game` and each bye with :func:`record_round_robin_bye`.

    A bye is a board ``(player, 0)``: the player meets the dummy number. In a round robin every
    player gets exactly one such free round per cycle, and it scores nothing. It is not the
    Swiss pairing-allocated bye, which scores a win under C.04.1 c.

    :raises PairingError: if the pairing numbers are not 1 … n, or the round does not exist.
    """
    n = len(tournament)
    held = set(tournament.players)
    expected = set(range(1, n + 1))
    if held != expected:
        missing = ", ".join(str(k) for k in sorted(expected - held))
        extra = ", ".join(str(k) for k in sorted(held - expected))
        raise PairingError(
            f"a round robin of {n} players needs the pairing numbers 1 to {n}"
            + (f"; missing: {missing}" if missing else "")
            + (f"; not in the table: {extra}" if extra else "")
        )
    if not double:
        return berger_round(n, round_number)
    rounds = double_round_robin(n, swap_last_two=swap_last_two)
    r = _check_round(n, round_number, len(rounds), "a double round robin")
    return rounds[r - 1]


def record_round_robin_bye(tournament: Tournament, round_number: int, player: PlayerId) -> None:
    """Record the free round of ``player``, who meets the dummy number in ``round_number``.

    The entry is a zero-point bye (TRF ``Z``): no opponent, no colour, no points. Every player of
    an odd round robin gets one per cycle. It is not a pairing-allocated bye (``U``), which is a
    Swiss rule (C.04.1) and scores a win.
    """
    tournament.player(player).set_entry(round_number, RoundEntry.bye(Result.ZERO_POINT_BYE))
