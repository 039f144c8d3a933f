"""The simultaneous-matches system of Team Competitions 1972 ("система одновременных матчей").

Team Competitions 1972 (team tournaments) observes that a team of 12 boards can play 2 matches at
once on 6 boards each, 3 on 4 boards, ... or even 12 one-board "matches". Each such micro-match is
played by a *board group*; here group j of k holds the boards j, j + k, j + 2k, ... (the book's own
groups: odd and even boards for k = 2; boards 1, 4, 7, ... / 2, 5, 8, ... / 3, 6, 9, ... for
k = 3). The rounds of a Berger table (:func:`~chessarbiter.pairing.roundrobin.berger_round`)
are dealt out to the groups: on day d group j plays round (d − 1) k + j. So every pair of teams
meets exactly once, in one micro-match, and the event lasts ⌈R / k⌉ days for R rounds.

The book's schemes are all instances:

* :func:`all_at_once`: 20 teams of 19 players; board k plays round k; all 190 games at once.
* :func:`odd_and_even_boards`: 17 teams in 9 days; odd boards play rounds 1, 3, 5, ..., even
  boards rounds 2, 4, 6, ...; with an odd number of teams the last round is *crossed*: in every
  match the odd boards of one team meet the even boards of the other, so that exactly the
  players who had a bye play.
* :func:`three_board_groups`: 16 teams in 5 days; boards 1, 4, 7, ... play rounds I, IV, VII,
  X, XIII; boards 2, 5, 8, ... rounds II, V, ...; boards 3, 6, 9, ... rounds III, VI, ....

Colours (the book: "in each micro-match the colour alternates, and on the first board it is set by a
special table that gives teams and players equal chances"): the first board of each micro-match
starts from the Berger colour of its round (or, when that gives fewer repeated colours, from
a variant alternating by Berger board); :func:`balance_colours` then reverses as few of them
as it must so that every team's first board of every group has as many whites as blacks,
give or take one. Colours alternate down the boards of the micro-match, so every *player* ends
with whites and blacks differing by at most one. The book's own example table (12 or 11 teams,
6 days) is too garbled to read; this construction replaces it.

>>> games = all_at_once(20, 19)
>>> len(games), {g.day for g in games}
(190, {1})
>>> games[0]
Game(day=1, board=1, round=1, white=1, black=20, black_board=1)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from chessarbiter import limits
from chessarbiter.errors import PairingError
from chessarbiter.pairing.roundrobin import BYE, berger_round, rounds_per_cycle
from chessarbiter.pairing.teams.three_in_two import check_whole_number


class Game(NamedTuple):
    """One game of a simultaneous-matches schedule.

    ``board`` is White's board, ``black_board`` Black's. They are equal except in the crossed
    last round of an odd number of teams on odd and even boards (:func:`odd_and_even_boards`),
    where an odd board of one team meets an even board of the other. Teams are numbered as in
    the Berger table (numbers drawn by lot).
    """

    day: int
    board: int
    round: int
    white: int
    black: int
    black_board: int

    @property
    def crossed(self) -> bool:
        """True for a game between different boards (crossed last round, Team Competitions 1972)."""
        return self.board != self.black_board


Squad = tuple[int, int]
"""One team's players of one board group: ``(team, group)``."""


@dataclass(frozen=True, slots=True)
class MicroMatch:
    """One micro-match: two squads meet on the boards of their groups.

    ``first`` has White on the first board of its group, ``second`` Black; the colours then
    alternate down the boards. Groups differ only in a crossed round.
    """

    day: int
    round: int
    first: Squad
    second: Squad
    order: int
    """The board of the pairing in the Berger round (1 for the top board), to sort by."""


# -- board groups ------------------------------------------------------------------------------


def _teams(value: object) -> int:
    """``value`` as a number of teams: :class:`PairingError` below 2, :class:`LimitError` above
    :data:`~chessarbiter.limits.MAX_SIMULTANEOUS_TEAMS`."""
    return check_whole_number(value, "number of teams", 2, limits.MAX_SIMULTANEOUS_TEAMS)


def _boards(value: object) -> int:
    """``value`` as a number of boards: :class:`PairingError` below 1, :class:`LimitError` above
    :data:`~chessarbiter.limits.MAX_SIMULTANEOUS_BOARDS`."""
    return check_whole_number(value, "number of boards", 1, limits.MAX_SIMULTANEOUS_BOARDS)


def board_groups(boards: int, groups: int) -> list[tuple[int, ...]]:
    """The boards of each of ``groups`` micro-matches of a team of ``boards`` (Team Competitions
    1972).

    Group j holds boards j, j + k, j + 2k, ... (k = ``groups``), as in the book's odd/even boards
    and its boards 1, 4, 7, ... / 2, 5, 8, ... / 3, 6, 9, .... The number of groups must divide
    the number of boards: a team of 12 boards can play 2 matches on 6 boards, 3 on 4, 4 on 3,
    6 on 2 or 12 on one board.

    >>> board_groups(12, 3)
    [(1, 4, 7, 10), (2, 5, 8, 11), (3, 6, 9, 12)]
    >>> board_groups(6, 2)
    [(1, 3, 5), (2, 4, 6)]

    :raises PairingError: if ``groups`` does not divide ``boards``.
    """
    boards = _boards(boards)
    groups = check_whole_number(groups, "number of board groups")
    if boards % groups:
        raise PairingError(
            f"{boards} boards cannot be split into {groups} equal micro-matches; "
            f"the number of groups must divide the number of boards ({_divisors(boards)})"
        )
    return [tuple(range(j, boards + 1, groups)) for j in range(1, groups + 1)]


def _divisors(n: int) -> str:
    return ", ".join(str(k) for k in range(1, n + 1) if n % k == 0)


def micro_match_splits(boards: int) -> list[tuple[int, int]]:
    """Every way to split a team of ``boards``: ``(micro-matches, boards each)`` (Team Competitions
    1972).

    >>> micro_match_splits(12)
    [(1, 12), (2, 6), (3, 4), (4, 3), (6, 2), (12, 1)]
    """
    boards = _boards(boards)
    return [(k, boards // k) for k in range(1, boards + 1) if boards % k == 0]


def days_needed(teams: int, groups: int) -> int:
    """The playing days of ``teams`` with ``groups`` micro-matches a day: ⌈R / k⌉ (Team Competitions
    1972).

    R is the number of rounds of the Berger table (the teams rounded up to even, less one).

    >>> days_needed(20, 19), days_needed(17, 2), days_needed(16, 3), days_needed(11, 2)
    (1, 9, 5, 6)
    """
    rounds = rounds_per_cycle(_teams(teams))
    groups = check_whole_number(groups, "number of board groups")
    return -(-rounds // groups)


def groups_for_days(teams: int, boards: int, days: int) -> int:
    """The fewest board groups that finish ``teams`` in exactly ``days`` days (Team Competitions
    1972).

    The number of groups must divide ``boards`` and be at most the number of rounds (a group
    with no round to play would idle).

    >>> groups_for_days(17, 12, 9), groups_for_days(16, 12, 5), groups_for_days(20, 19, 1)
    (2, 3, 19)

    :raises PairingError: when no split of the boards gives that many days.
    """
    teams = _teams(teams)
    boards = _boards(boards)
    days = check_whole_number(days, "number of days", 1, limits.MAX_ROUNDS)
    rounds = rounds_per_cycle(teams)
    splits = [k for k in range(1, min(boards, rounds) + 1) if boards % k == 0]
    for k in splits:
        if days_needed(teams, k) == days:
            return k
    possible = sorted({days_needed(teams, k) for k in splits})
    raise PairingError(
        f"{teams} teams ({rounds} rounds) on {boards} boards cannot play in {days} days: the "
        f"board groups must divide {boards}, which allows "
        + ", ".join(str(d) for d in possible)
        + " days"
    )


# -- schedules ---------------------------------------------------------------------------------


def _crossed(teams: int, groups: int) -> bool:
    """True when the last round is crossed: an odd number of teams on odd and even boards."""
    return teams % 2 == 1 and groups == 2 and teams >= 3


def micro_matches(teams: int, boards: int, groups: int) -> list[MicroMatch]:
    """The micro-matches of the scheme, first-board colours as in the Berger table (Team
    Competitions 1972).

    Day d, group j plays round (d − 1) k + j of the Berger table for ``teams``. With an odd
    number of teams and two groups the last round is crossed (see :func:`odd_and_even_boards`).
    """
    teams = _teams(teams)
    board_groups(boards, groups)  # validates
    rounds = rounds_per_cycle(teams)
    if groups > rounds:
        raise PairingError(
            f"{teams} teams play {rounds} rounds, so {groups} board groups would leave "
            f"{groups - rounds} of them without a round; use at most {rounds} groups"
        )
    crossed = _crossed(teams, groups)
    bye_round = {
        pair[0]: r for r in range(1, rounds + 1) for pair in berger_round(teams, r) if BYE in pair
    }
    result: list[MicroMatch] = []
    for r in range(1, rounds + 1):
        day, group = (r - 1) // groups + 1, (r - 1) % groups + 1
        for order, (white, black) in enumerate(berger_round(teams, r), start=1):
            if black == BYE:
                continue
            if crossed and r == rounds:
                # The team whose bye fell in an odd round rested its odd boards: they play now.
                result.append(
                    MicroMatch(
                        day,
                        r,
                        (white, 2 - bye_round[white] % 2),
                        (black, 2 - bye_round[black] % 2),
                        order,
                    )
                )
            else:
                result.append(MicroMatch(day, r, (white, group), (black, group), order))
    return result


def balance_colours(matches: Sequence[MicroMatch]) -> list[MicroMatch]:
    """Reverse as few first-board colours as needed so that every squad is balanced (Team
    Competitions 1972).

    A squad is one team's board group. Its first-board whites and blacks then differ by at most
    one. The method is the classic one for balanced orientations: while some squad has two
    whites more than blacks, follow a shortest chain of micro-matches, each time from the squad
    with White to the squad with Black, to a squad with more blacks than whites, and reverse
    the colours along that chain. The excess drops by two at the start, grows by at most two (to
    at most one) at the end and is unchanged in between, so the total excess falls every time.
    (A squad with two blacks more is handled by the same step seen from the other side.)
    """
    current = list(matches)

    def excess() -> dict[Squad, int]:
        total: dict[Squad, int] = {}
        for m in current:
            total[m.first] = total.get(m.first, 0) + 1
            total[m.second] = total.get(m.second, 0) - 1
        return total

    while True:
        balance = excess()
        heavy = sorted(s for s, e in balance.items() if abs(e) >= 2)
        if not heavy:
            return current
        start = heavy[0]
        sign = 1 if balance[start] > 0 else -1
        # edges run from the squad whose excess must fall to the other one
        edges: dict[Squad, list[int]] = {}
        for i, m in enumerate(current):
            tail = m.first if sign > 0 else m.second
            edges.setdefault(tail, []).append(i)
        came_by: dict[Squad, int | None] = {start: None}
        queue = deque([start])
        end: Squad | None = None
        while queue:
            squad = queue.popleft()
            if sign * balance[squad] <= -1:
                end = squad
                break
            for i in edges.get(squad, []):
                m = current[i]
                nxt = m.second if m.first == squad else m.first
                if nxt not in came_by:
                    came_by[nxt] = i
                    queue.append(nxt)
        if end is None:  # pragma: no cover - impossible: the reachable excess sums to <= 0
            raise AssertionError("no squad to balance against")
        squad = end
        while (step := came_by[squad]) is not None:
            m = current[step]
            current[step] = MicroMatch(m.day, m.round, m.second, m.first, m.order)
            squad = m.second if m.first == squad else m.first


def _runs(matches: Iterable[MicroMatch]) -> tuple[int, int]:
    """``(repeats, longest run)``: how often a squad's first board keeps its colour from one
    game to the next, and the longest run of one colour."""
    seen: dict[Squad, list[tuple[int, int]]] = {}
    for m in matches:
        seen.setdefault(m.first, []).append((m.day, 1))
        seen.setdefault(m.second, []).append((m.day, 0))
    repeats, longest = 0, 0
    for colours in seen.values():
        run, last = 0, -1
        for _, colour in sorted(colours):
            run = run + 1 if colour == last else 1
            repeats += run > 1
            longest = max(longest, run)
            last = colour
    return repeats, longest


def colour_table_matches(teams: int, boards: int, groups: int) -> list[MicroMatch]:
    """The micro-matches with their balanced first-board colours (Team Competitions 1972's colour
    table).

    Two starting points are balanced by :func:`balance_colours`: the Berger colours, and the
    Berger colours reversed on every odd Berger board (which makes a team's colours alternate
    from one round of a group to the next when the group plays every second round). The one
    whose squads repeat a colour on consecutive days less often is kept; on a tie, the Berger
    colours (so the extreme form keeps "the colours of round k" on board k, as the book says).
    """
    berger = micro_matches(teams, boards, groups)
    alternating = [
        MicroMatch(m.day, m.round, m.second, m.first, m.order) if m.order % 2 else m for m in berger
    ]
    candidates = [balance_colours(berger), balance_colours(alternating)]
    return min(candidates, key=_runs)


def games_of(matches: Iterable[MicroMatch], boards: int, groups: int) -> list[Game]:
    """The games of the micro-matches: colours alternate down the boards (Team Competitions 1972).

    On the i-th board of the micro-match (i = 0 first) the squad ``first`` has White for even
    i and Black for odd i. The i-th board of one group meets the i-th board of the other.
    """
    by_group = board_groups(boards, groups)
    games: list[tuple[tuple[int, int, int, int], Game]] = []
    for m in matches:
        (a, ga), (b, gb) = m.first, m.second
        for i, (board_a, board_b) in enumerate(
            zip(by_group[ga - 1], by_group[gb - 1], strict=True)
        ):
            if i % 2 == 0:
                game = Game(m.day, board_a, m.round, a, b, board_b)
            else:
                game = Game(m.day, board_b, m.round, b, a, board_a)
            games.append(((m.day, min(board_a, board_b), m.round, m.order), game))
    return [game for _, game in sorted(games)]


def simultaneous_matches(teams: int, boards: int, groups: int) -> list[Game]:
    """Every game of ``teams`` teams of ``boards`` boards in ``groups`` micro-matches a day.

    The general simultaneous-matches system of Team Competitions 1972: group j of k (boards j, j +
    k, ...) plays round (d − 1) k + j of the Berger table on day d; first-board colours balanced by
    :func:`colour_table_matches`, alternating down the boards. Games are sorted by day, board,
    round and Berger board.

    >>> [tuple(g) for g in simultaneous_matches(4, 2, 2)]  # doctest: +NORMALIZE_WHITESPACE
    [(1, 1, 1, 1, 4, 1), (1, 1, 1, 2, 3, 1), (1, 2, 2, 4, 3, 2), (1, 2, 2, 1, 2, 2),
     (2, 1, 3, 4, 2, 1), (2, 1, 3, 3, 1, 1)]

    :raises PairingError: for fewer than 2 teams or groups that do not divide the boards.
    """
    return games_of(colour_table_matches(teams, boards, groups), boards, groups)


def all_at_once(teams: int, boards: int) -> list[Game]:
    """The extreme form (Team Competitions 1972): board k plays round k of the Berger table, all in
    one day.

    The book's example: 20 teams of 19 players, 190 games at once, the teams placed by the
    points of their 19 games. The book prefers an even number of teams and the players one
    fewer than the teams, or a multiple of that (38, 57, ...). With a multiple, boards k,
    k + R, k + 2R, ... form a micro-match playing round k, colours alternating, so a pair meets
    with each colour on alternate repetitions. Colours are those of the Berger table.

    :raises PairingError: if the boards are not a multiple of the rounds (teams − 1, or the
        teams for an odd number).
    """
    rounds = rounds_per_cycle(_teams(teams))
    boards = _boards(boards)
    if boards % rounds:
        raise PairingError(
            f"all at once, {teams} teams need a multiple of {rounds} boards (one round of the "
            f"Berger table on each board), not {boards}"
        )
    return simultaneous_matches(teams, boards, rounds)


def odd_and_even_boards(teams: int, boards: int) -> list[Game]:
    """Odd boards play the odd rounds, even boards the even rounds (Team Competitions 1972, 17
    teams, 9 days).

    Day d: odd boards play round 2d − 1, even boards round 2d. With an odd number T of teams
    the Berger table has T rounds, the day count is (T + 1) / 2, and team c's bye in round r
    rests its odd boards (r odd) or its even boards (r even) that day. The last round, T, is
    *crossed*: in each of its matches one team rested odd boards and the other even boards
    (the teams 1 … (T − 1) / 2 have their byes in odd rounds, the others in even rounds), and
    "only on this last day the odd meet the even": board 2i − 1 of the first meets board 2i of
    the second. Team (T + 1) / 2 has its bye in the last round and rests. Every player thus
    plays (T − 1) / 2 games. For 17 teams: team 1 rests its odd boards on day 1, team 10 its
    even boards, as the book says; team 9 rests on day 9.

    With an even number of teams the last (odd) round falls to the odd boards alone (the book's
    12-team table: "with an even number the micro-matches may be between equal numbers").

    >>> games = odd_and_even_boards(17, 2)
    >>> max(g.day for g in games), sum(g.crossed for g in games)
    (9, 8)

    :raises PairingError: for an odd number of boards.
    """
    return simultaneous_matches(teams, boards, 2)


def three_board_groups(teams: int, boards: int) -> list[Game]:
    """Boards 1, 4, 7, ... / 2, 5, 8, ... / 3, 6, 9, ... in three micro-matches (Team Competitions
    1972).

    The book's 16 teams in 5 days: each day the first group plays rounds I, IV, VII, X, XIII in
    turn, the second II, V, VIII, XI, XIV, the third III, VI, IX, XII, XV.

    :raises PairingError: if the boards are not a multiple of 3.
    """
    return simultaneous_matches(teams, boards, 3)


def schedule_for_days(teams: int, boards: int, days: int) -> list[Game]:
    """The schedule of ``teams`` teams on ``boards`` boards in ``days`` days (Team Competitions
    1972).

    The board groups are the fewest that finish in that many days (:func:`groups_for_days`).
    """
    return simultaneous_matches(teams, boards, groups_for_days(teams, boards, days))


# -- colour table and results ------------------------------------------------------------------


class FirstBoard(NamedTuple):
    """One entry of the colour table: on ``day`` the squad meets ``opponent`` with ``colour``
    (``"W"`` or ``"B"``) on the first board of its group."""

    day: int
    opponent: int
    colour: str


def board_one_colours(teams: int, boards: int, groups: int) -> dict[Squad, list[FirstBoard]]:
    """The colour table of Team Competitions 1972: per team and board group, the day, the opponent
    and the colour on the first board of the group.

    This is the table the book prints for 12 (11) teams over 6 days ("order of meetings and
    colour on the first board", one table for odd and one for even boards). Every row has as
    many whites as blacks, give or take one.

    >>> board_one_colours(4, 2, 2)[(1, 1)]
    [FirstBoard(day=1, opponent=4, colour='W'), FirstBoard(day=2, opponent=3, colour='B')]
    """
    table: dict[Squad, list[FirstBoard]] = {}
    for m in colour_table_matches(teams, boards, groups):
        table.setdefault(m.first, []).append(FirstBoard(m.day, m.second[0], "W"))
        table.setdefault(m.second, []).append(FirstBoard(m.day, m.first[0], "B"))
    return {squad: sorted(rows) for squad, rows in sorted(table.items())}


def team_points(games: Sequence[Game], white_scores: Mapping[Game, float]) -> dict[int, float]:
    """The teams' points: the sum of their games (Team Competitions 1972: "places by the points of
    the 19 games"). ``white_scores`` maps each played game to White's score (1, 0.5 or 0).

    >>> g = Game(1, 1, 1, 1, 2, 1)
    >>> team_points([g], {g: 0.5})
    {1: 0.5, 2: 0.5}

    :raises PairingError: for a score other than 0, 0.5 or 1.
    """
    points: dict[int, float] = {}
    for game in games:
        points.setdefault(game.white, 0.0)
        points.setdefault(game.black, 0.0)
        if game not in white_scores:
            continue
        score = white_scores[game]
        if score not in (0, 0.5, 1):
            raise PairingError(f"a game scores 0, 0.5 or 1 for White, not {score!r}")
        points[game.white] += score
        points[game.black] += 1 - score
    return dict(sorted(points.items()))
