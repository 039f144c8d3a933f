"""A team ranking cut out of an individual event: clubs, federations (or any grouping of the
players) ranked by the scores of their best players, as Vega's "rank teams" and Swiss-Manager's
team ranking of an individual tournament do.

Team Competitions 1972 (Team tournaments, "team results from an individual event"): a team's
result in an individual round robin or Swiss is the sum of its members' scores; with teams of
unequal size as many players count as the smallest team has. Here the players counted are each
team's best ``best`` scorers (``best`` chosen by the organiser, by default the size of the
smallest team, the 1972 rule), and the ranking is:

1. the sum of the counted players' scores, higher first;
2. then the scores of the team's next players, the (best+1)-th best, then the (best+2)-th, ...
   in turn, higher first (a team without such a player counts 0 for him);
3. teams still equal share the place (the regulations may add a criterion; none is assumed).

A team with fewer than ``best`` players is ranked on the players it has. Players equal on points
are taken in the order of the event's ranking (its tie-breaks), which decides who is counted and
the order a team's players are listed in; it never changes a team's sums. Players whose club (or
federation) is blank belong to no team.

>>> from decimal import Decimal
>>> from chessarbiter.model import Player, Tournament
>>> from chessarbiter.standings import Standing
>>> t = Tournament()
>>> clubs = {1: "A", 2: "B", 3: "A", 4: "B", 5: "A", 6: "B"}
>>> for n, club in clubs.items():
...     _ = t.add_player(Player(n, f"P{n}", club=club))
>>> points = {1: 3, 2: 3, 3: 2, 4: 2, 5: 0, 6: 1}
>>> rows = [Standing(n, n, n, f"P{n}", None, "", Decimal(points[n]), 3, ()) for n in clubs]
>>> [(r.shared, r.name, str(r.points)) for r in team_ranking(t, rows, by="club", best=2)]
[('1', 'B', '5'), ('2', 'A', '5')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import groupby

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Player, Points, Tournament
from chessarbiter.standings import Standing

#: The player attributes a team can be formed by.
TEAM_ATTRIBUTES = ("club", "federation")


class TeamRankingError(ChessArbiterError):
    """A team ranking that cannot be made as asked (an unknown grouping, ``best`` below 1)."""


@dataclass(frozen=True, slots=True)
class TeamRankingRow:
    """One team of the ranking: ``rank`` to ``last_rank`` its place (equal unless shared),
    ``name`` the team (the club or federation as the first listed player writes it),
    ``points`` the sum of the counted players' scores, ``counted`` and ``others`` the players'
    rows of the event's ranking (best first), ``next_scores`` the tie-break: the other
    players' scores in order."""

    rank: int
    last_rank: int
    name: str
    points: Points
    counted: tuple[Standing, ...]
    others: tuple[Standing, ...]

    @property
    def next_scores(self) -> tuple[Points, ...]:
        """The scores of the players after the counted ones, best first (criterion 2)."""
        return tuple(row.points for row in self.others)

    @property
    def shared(self) -> str:
        """The place as printed: ``"2"``, or ``"2-3"`` when shared."""
        return f"{self.rank}-{self.last_rank}" if self.rank != self.last_rank else str(self.rank)


def _grouping(by: str | Callable[[Player], str]) -> Callable[[Player], str]:
    if callable(by):
        return by
    if by == "club":
        return lambda p: " ".join(p.club.split())
    if by == "federation":
        return lambda p: p.federation.strip().upper()
    raise TeamRankingError(f"teams can be formed by {' or '.join(TEAM_ATTRIBUTES)}, not {by!r}")


def team_ranking(
    tournament: Tournament,
    rows: Sequence[Standing],
    *,
    by: str | Callable[[Player], str] = "club",
    best: int | None = None,
) -> list[TeamRankingRow]:
    """The teams of ``tournament`` ranked by their best ``best`` players' scores (the rule is in
    the module docstring: Team Competitions 1972, team results from an individual event).

    ``rows`` is the event's ranking (:func:`chessarbiter.standings.ranking`, after the round
    wanted): its points are the scores counted and its order decides between players equal
    on points. ``by`` is ``"club"`` (names compared ignoring case and runs of spaces),
    ``"federation"`` or a function giving a player's team name (blank: no team). ``best`` is
    the number of players counted, by default the size of the smallest team.

    :raises TeamRankingError: for an unknown ``by`` or a ``best`` below 1.
    """
    team_of = _grouping(by)
    if best is not None and best < 1:
        raise TeamRankingError(f"the number of players counted must be 1 or more, not {best}")
    members: dict[str, list[Standing]] = {}
    names: dict[str, str] = {}
    for row in rows:
        name = team_of(tournament.player(row.pairing_number))
        if not name:
            continue
        key = name.casefold()
        names.setdefault(key, name)
        members.setdefault(key, []).append(row)
    if not members:
        return []
    counted = best if best is not None else min(len(m) for m in members.values())
    widest = max(len(m) for m in members.values())

    teams: list[tuple[tuple[Decimal, ...], TeamRankingRow]] = []
    for key, team in members.items():
        # rows are in ranking order; a stable sort by points keeps it among equal scores
        ordered = sorted(team, key=lambda row: -row.points)
        top, rest = ordered[:counted], ordered[counted:]
        total = sum((row.points for row in top), Decimal(0))
        tail = [row.points for row in rest] + [Decimal(0)] * (widest - len(rest))
        sort_key = (-total, *(-p for p in tail))
        teams.append((sort_key, TeamRankingRow(0, 0, names[key], total, tuple(top), tuple(rest))))
    teams.sort(key=lambda kt: (kt[0], kt[1].name.casefold()))

    out: list[TeamRankingRow] = []
    for _, group in groupby(teams, key=lambda kt: kt[0]):
        tied = [row for _, row in group]
        first, last = len(out) + 1, len(out) + len(tied)
        out.extend(TeamRankingRow(first, last, r.name, r.points, r.counted, r.others) for r in tied)
    return out
