"""Semi-final / final schemes for 11 to 25 teams (Team Competitions 1972, team tournaments).

The book recommends 7–8 matches per event (8–10 when the players are released from work) and
prints a table of schemes: number of teams, semi-final groups, teams per group, finals, teams
per final, games per player. "Using these schemes one can in some cases save a round by
counting the semi-final match as already played in the final." And: "in team events every
player must be given the chance to play 7 games".

**The table.** The OCR has run the columns together, but read as six-column rows every row can
be parsed (:data:`TABLE`). Only two cells are damaged: row 18's games "Ю" (an OCR of "10") and
row 23's games "7—1" (the last digit lost; 7–11 is the only value consistent with the other
columns). 12 and 14 teams have two rows each; the second 14-team row is the book's own
"two semi-finals of 7, then play-off matches" (7 "finals" of 2 teams, 6 + 1 = 7 games).

**What is derived.** The book gives only the size ranges; the planner derives:

* group sizes: the teams split as evenly as the range allows, larger groups first
  (13 → 5, 4, 4);
* who goes to which final: final 1 takes the group winners, then the runners-up, and so on,
  final 2 the next places. Every final of the table is then made of whole places (14: places
  1–2 of three groups make the 6-team final 1, places 3–5 the 8-team final 2), which is how
  the table's sizes are checked;
* games per player: (group size − 1) + (final size − 1), whose minimum and maximum reproduce
  the games column of every row;
* with ``carry``: a semi-final match between two finalists of the same group counts in the
  final and is not replayed, so a finalist plays (final size − 1) − (finalists from its own
  group) final games. When no two finalists shared a group (20, 24, 25 teams and the play-off
  row) there is nothing to carry;
* rounds of a final with carried matches: the fewest rounds holding every match still to be
  played, that is the chromatic index of a complete multipartite graph (its parts are the
  finalists of one group). By Hoffman and Rodger (1992) that is the largest number of games
  of one team, plus one if the graph is "overfull" (odd number of teams and more matches than
  that number times half the teams, rounded down).

>>> p = plan(16)
>>> p.group_sizes, tuple(f.size for f in p.finals), p.games
((4, 4, 4, 4), (8, 8), (10, 10))
>>> plan(16, carry=True).games, plan(16, carry=True).rounds
((9, 9), 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final as FinalType

from chessarbiter.errors import PairingError
from chessarbiter.pairing.roundrobin import rounds_per_cycle

MIN_TEAMS: FinalType = 11
MAX_TEAMS: FinalType = 25
MIN_GAMES: FinalType = 7
"""Team Competitions 1972: in team events every player must have the chance to play 7 games."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of the book's table as printed, and how it was read.

    ``groups_text``, ``finals_text`` and ``games_text`` are the cells "teams per group",
    "teams per final" and "games" as in the book (en dashes for its dashes); ``final_sizes``
    the final sizes in the printed order (one size printed for equal finals).
    """

    teams: int
    groups: int
    groups_text: str
    finals: int
    final_sizes: tuple[int, ...]
    finals_text: str
    games_text: str
    reading: str


TABLE: FinalType[tuple[TableRow, ...]] = (
    TableRow(11, 2, "5–6", 2, (6, 5), "6–5", "8–10", "read"),
    TableRow(12, 2, "6", 2, (6, 6), "6", "10", "read"),
    TableRow(12, 3, "4", 2, (6, 6), "6", "8", "read"),
    TableRow(13, 3, "4–5", 2, (6, 7), "6–7", "8–10", "read"),
    TableRow(14, 3, "4–5", 2, (6, 8), "6–8", "8–11", "read"),
    TableRow(
        14, 2, "7", 7, (2,) * 7, "2", "7", "read (two semi-finals of 7, then play-off matches)"
    ),
    TableRow(15, 4, "3–4", 2, (8, 7), "8–7", "8–10", "read"),
    TableRow(16, 4, "4", 2, (8, 8), "8", "10", "read"),
    TableRow(17, 4, "4–5", 2, (8, 9), "8–9", "10–12", "read"),
    TableRow(18, 3, "6", 3, (6, 6, 6), "6", "10", "games repaired: OCR 'Ю' read as 10"),
    TableRow(19, 5, "3–4", 2, (10, 9), "10–9", "10–12", "read"),
    TableRow(20, 5, "4", 4, (5, 5, 5, 5), "5", "7", "read"),
    TableRow(21, 5, "4–5", 4, (5, 5, 5, 6), "5–5–5–6", "7–9", "read"),
    TableRow(22, 5, "4–5", 4, (5, 5, 5, 7), "5–5–5–7", "7–10", "read"),
    TableRow(
        23,
        5,
        "4–5",
        4,
        (5, 5, 5, 8),
        "5–5–5–8",
        "7–11",
        "games derived: OCR '7—1' lost a digit; 4 + 7 = 11 from groups of 5 and the final of 8",
    ),
    TableRow(24, 6, "4", 4, (6, 6, 6, 6), "6", "8", "read"),
    TableRow(25, 5, "5", 5, (5, 5, 5, 5, 5), "5", "8", "read"),
)
"""The book's table, one entry per printed row, 11 to 25 teams (two rows for 12 and 14)."""


@dataclass(frozen=True, slots=True)
class Finalist:
    """A final's entrant, named by semi-final group and place (``A1`` = winner of group A)."""

    group: str
    place: int
    games: int
    """Games of each of this team's players in the whole event."""

    def __str__(self) -> str:
        return f"{self.group}{self.place}"


@dataclass(frozen=True, slots=True)
class FinalPlan:
    """One final: its entrants, its rounds and the semi-final matches carried into it."""

    number: int
    entrants: tuple[Finalist, ...]
    rounds: int
    carried: int

    @property
    def size(self) -> int:
        return len(self.entrants)


@dataclass(frozen=True, slots=True)
class Plan:
    """The plan for one row of the table, with or without carrying semi-final results."""

    teams: int
    row: TableRow
    carry: bool
    group_sizes: tuple[int, ...]
    semi_final_rounds: int
    finals: tuple[FinalPlan, ...]

    @property
    def games(self) -> tuple[int, int]:
        """Fewest and most games of a player."""
        counts = [e.games for f in self.finals for e in f.entrants]
        return min(counts), max(counts)

    @property
    def final_rounds(self) -> int:
        return max(f.rounds for f in self.finals)

    @property
    def rounds(self) -> int:
        """Playing rounds of the whole event: semi-finals then finals."""
        return self.semi_final_rounds + self.final_rounds

    @property
    def group_names(self) -> tuple[str, ...]:
        return tuple(chr(ord("A") + i) for i in range(len(self.group_sizes)))


def _check_teams(teams: object) -> int:
    if isinstance(teams, bool) or not isinstance(teams, int):
        raise PairingError(f"the number of teams must be a whole number, not {teams!r}")
    if not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise PairingError(
            f"the semi-final/final table of Team Competitions 1972 covers {MIN_TEAMS} to "
            f"{MAX_TEAMS} teams, "
            f"not {teams}; with fewer play one round robin (8–9 teams) or two semi-finals"
        )
    return teams


def table_rows(teams: int) -> list[TableRow]:
    """The book's rows for ``teams`` (two for 12 and 14 teams, one otherwise).

    >>> [(r.groups, r.finals) for r in table_rows(12)]
    [(2, 2), (3, 2)]

    :raises PairingError: outside 11 to 25 teams.
    """
    teams = _check_teams(teams)
    return [row for row in TABLE if row.teams == teams]


def split_evenly(teams: int, groups: int) -> tuple[int, ...]:
    """``teams`` in ``groups`` groups as evenly as possible, larger first.

    >>> split_evenly(13, 3)
    (5, 4, 4)
    """
    base, extra = divmod(teams, groups)
    return tuple(base + 1 if i < extra else base for i in range(groups))


def _chromatic_index(parts: list[int]) -> int:
    """Rounds needed for every match between different parts (Hoffman–Rodger 1992)."""
    vertices = sum(parts)
    if len(parts) < 2:
        return 0
    edges = (vertices * vertices - sum(p * p for p in parts)) // 2
    degree = vertices - min(parts)
    overfull = vertices % 2 == 1 and edges > degree * (vertices // 2)
    return degree + overfull


def _plan(row: TableRow, carry: bool) -> Plan:
    sizes = split_evenly(row.teams, row.groups)
    names = [chr(ord("A") + i) for i in range(row.groups)]
    order = [(names[g], place, sizes[g]) for place in range(1, max(sizes) + 1)
             for g in range(row.groups) if place <= sizes[g]]  # fmt: skip
    finals: list[FinalPlan] = []
    start = 0
    for number, size in enumerate(row.final_sizes, start=1):
        block = order[start : start + size]
        start += size
        per_group = {name: sum(1 for g, _, _ in block if g == name) for name in names}
        entrants = tuple(
            Finalist(
                group,
                place,
                (group_size - 1) + (size - 1) - (per_group[group] - 1 if carry else 0),
            )
            for group, place, group_size in block
        )
        carried = sum(k * (k - 1) // 2 for k in per_group.values())
        parts = [k for k in per_group.values() if k]
        rounds = _chromatic_index(parts) if carry else rounds_per_cycle(size)
        finals.append(FinalPlan(number, entrants, rounds, carried if carry else 0))
    semi_rounds = max(rounds_per_cycle(s) for s in sizes)
    return Plan(row.teams, row, carry, sizes, semi_rounds, tuple(finals))


def plans(teams: int, *, carry: bool = False) -> list[Plan]:
    """A plan for every row of the book's table for ``teams`` (Team Competitions 1972).

    :raises PairingError: outside 11 to 25 teams.
    """
    return [_plan(row, carry) for row in table_rows(teams)]


def plan(teams: int, *, carry: bool = False, variant: int = 1) -> Plan:
    """The plan for ``teams`` teams (Team Competitions 1972), ``variant`` choosing among the rows
    for 12 and 14 teams (1 = the first printed).

    With ``carry`` a semi-final result between two finalists of the same group counts in the
    final ("saving a round"); see the module notes for what is derived.

    >>> p = plan(24)
    >>> p.group_sizes, [f.size for f in p.finals], p.games, plan(24, carry=True).games
    ((4, 4, 4, 4, 4, 4), [6, 6, 6, 6], (8, 8), (8, 8))
    >>> [str(e) for e in plan(14).finals[0].entrants]
    ['A1', 'B1', 'C1', 'A2', 'B2', 'C2']

    :raises PairingError: outside 11 to 25 teams, or for a variant the table lacks.
    """
    rows = table_rows(teams)
    if isinstance(variant, bool) or not isinstance(variant, int) or not 1 <= variant <= len(rows):
        raise PairingError(
            f"the table has {len(rows)} scheme(s) for {teams} teams; variant {variant!r} does "
            "not exist"
        )
    return _plan(rows[variant - 1], carry)
