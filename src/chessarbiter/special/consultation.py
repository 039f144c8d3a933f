"""Consultation games and a tournament of consultation groups (Team Competitions 1972,
«Необычные шахматы»).

What the book gives (Team Competitions 1972, the paragraphs on «консультационные партии»):

* **The event.** Consultation games lack sporting interest, "so one could try a small tournament
  in which each participant is a firmly fixed group of consultants" («небольшой турнир, в котором
  вместо каждого участника выступала бы твердо закрепленная группа консультантов»): the groups
  are the participants, and a person belongs to one group only (:func:`check_groups`).
* **The group.** "Each group (2–4 players)" («Каждую группу (2—4 шахматиста)»), seated in
  different rooms or in opposite corners of the hall; in the middle a control (or
  demonstration) board. The consultants may analyse by moving the pieces, so each group should
  have — for serious games must have — its own control board.
* **The leader and disagreement.** "Each group must have a senior participant who leads the
  discussion, takes the final decision in case of disagreement, and in severe time trouble
  goes over partly or wholly to playing alone" («старший участник, который руководит
  обсуждением, принимает в случае разногласий окончательное решение, а в условиях жесткого
  цейтнота переходит частично или полностью на самостоятельную игру»): exactly one leader per
  group (:class:`ConsultationGroup`). The book also says a strong player in a group "has no
  right to dictate his decisions but must convince his allies": the leader decides only a
  disagreement.
* **The move and the intermediary.** When the consultants decide, the leader makes the move on
  the group's control board, then presses the clock and records the move. The intermediary
  («посредник»), as fast as he can, makes the move on the central board and at once on the
  other group's board, starting their clock.
* **The clocks.** "The thinking time of each group is counted from its own clock. The time spent
  by the second group shows on the first group's clock with an excess, and the intermediary
  should correct it from time to time" («Расход времени на обдумывание исчисляется для каждой
  группы по показаниям их часов. При этом время, затраченное второй группой, будет отражаться на
  часах первой группы с превышением, и желательно, чтобы посредник периодически корректировал
  его»). So the relay is charged to neither group: a group's own side runs from the moment the
  intermediary starts it to the leader's press, while the opponent's side of its clock also runs
  during both relays (:func:`relay_clocks`). The radio-match paragraph adds that, "as in
  consultation games", the opponent may be told the thinking time actually used when the next
  move is passed on (:mod:`chessarbiter.special.radio` splits such a reading).
* "There are no official rules for consultation games", so any modification that local
  conditions call for is allowed («можно позволить себе любые модификации»).

Where the book is silent, this module chooses, and says so:

* the **tournament format**: the book says "a small tournament"; here a round robin by the
  Berger tables (FIDE C.05 Annex 1), single or double, or a match of two groups of any number of
  games with alternating colours (:func:`schedule`);
* the **score**: the book gives none; a game scores as any game (1, ½, 0) unless the caller
  passes another :class:`~chessarbiter.model.PointSystem`; places are the event's ranking
  (:func:`chessarbiter.standings.ranking`) with the tie-breaks the caller names, none by default;
* the **intermediary**: the book names one per game, between the rooms; a group may name the
  person who relays its moves, who is then no consultant of any group (our reading of seating
  the groups apart); none is required;
* **how often the intermediary corrects** the excess ("periodically"): every ``correct_every``
  moves, or never (:func:`relay_clocks`); and the clocks start together at the beginning of
  the game (the book does not say who starts them).

>>> a = ConsultationGroup("Group A", "Petrov", ("Ivanov",))
>>> b = ConsultationGroup("Group B", "Smirnov", ("Kuznetsov", "Popov"))
>>> trf_name(a)
'Group A (Petrov, Ivanov)'
>>> schedule(2, cycles=2)
[[(1, 2)], [(2, 1)]]
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from chessarbiter import limits
from chessarbiter import trf as trf_io
from chessarbiter.errors import FileFormatError, Problem
from chessarbiter.model import Colour, Player, PointSystem, Result, Tournament
from chessarbiter.pairing.roundrobin import (
    BYE,
    Pair,
    berger_table,
    double_round_robin,
    record_round_robin_bye,
    rounds_per_cycle,
)
from chessarbiter.special import UnusualChessError
from chessarbiter.standings import Standing, ranking

MIN_CONSULTANTS: Final = 2
"""Team Competitions 1972: "Каждую группу (2—4 шахматиста)" — a group has at least 2 players."""
MAX_CONSULTANTS: Final = 4
"""Team Competitions 1972: a group has at most 4 players."""
TRF_NAME_WIDTH: Final = 33
"""The width of a player's name in a TRF ``001`` record (columns 15-47)."""
MIN_GROUPS: Final = 2
"""The fewest groups of one event (a match of two groups)."""
MAX_GROUPS: Final = limits.MAX_ROUND_ROBIN_PLAYERS
"""The most groups of one event (a round robin's bound)."""

RESULTS: Final[dict[str, Result]] = {
    "1-0": Result.WIN,
    "0-1": Result.LOSS,
    "1/2": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "½-½": Result.DRAW,
    "½": Result.DRAW,
    "=": Result.DRAW,
    "+-": Result.FORFEIT_WIN,
    "-+": Result.FORFEIT_LOSS,
}
"""Result notations of a game between groups → White's result (``+-``/``-+`` are forfeits)."""


class ConsultationError(UnusualChessError):
    """Invalid consultation groups, schedule, results or clock times."""


class ConsultationFileError(ConsultationError, FileFormatError):
    """A group or results file is malformed (each problem names file, line and column)."""


@dataclass(frozen=True, slots=True)
class ConsultationGroup:
    """A consultation group (Team Competitions 1972): its name, its leader («старший участник»,
    who decides a disagreement), the other consultants, and the intermediary («посредник») who
    relays its moves, if named (not a consultant)."""

    name: str
    leader: str
    members: tuple[str, ...] = ()
    intermediary: str | None = None

    @property
    def consultants(self) -> tuple[str, ...]:
        """The leader and the other consultants, the leader first."""
        return (self.leader, *self.members)


def _person(text: str, what: str) -> str:
    name = text.strip()
    if not name:
        raise ConsultationError(f"{what}: a name is needed")
    if len(name) > limits.MAX_NAME or "\t" in name or "\n" in name:
        raise ConsultationError(
            f"{what}: a name is one line of at most {limits.MAX_NAME} characters"
        )
    return name


def check_group(group: ConsultationGroup) -> ConsultationGroup:
    """Team Competitions 1972: a group of 2 to 4 players («2—4 шахматиста») with one leader who
    "takes the final decision in case of disagreement", and an intermediary, if named, who is
    not one of the consultants. Names are stripped; returns the group as checked.

    >>> check_group(ConsultationGroup(" Group A ", "Petrov", ("Ivanov",))).name
    'Group A'
    >>> check_group(ConsultationGroup("Group A", "Petrov"))
    Traceback (most recent call last):
    ...
    chessarbiter.special.consultation.ConsultationError: Group A: 1 consultant; a group has 2 to 4 \
(Team Competitions 1972)

    :raises ConsultationError: for an empty or over-long name, fewer than 2 or more than 4
        consultants, a consultant listed twice, or an intermediary who is a consultant.
    """
    name = _person(group.name, "a group")
    leader = _person(group.leader, f"{name}: the leader")
    members = tuple(_person(m, f"{name}: a consultant") for m in group.members)
    size = 1 + len(members)
    if not MIN_CONSULTANTS <= size <= MAX_CONSULTANTS:
        raise ConsultationError(
            f"{name}: {size} consultant{'s' if size != 1 else ''}; a group has "
            f"{MIN_CONSULTANTS} to {MAX_CONSULTANTS} (Team Competitions 1972)"
        )
    everyone = (leader, *members)
    twice = sorted({p for p in everyone if everyone.count(p) > 1})
    if twice:
        raise ConsultationError(f"{name}: {', '.join(twice)} listed twice")
    relay = None
    if group.intermediary is not None:
        relay = _person(group.intermediary, f"{name}: the intermediary")
        if relay in everyone:
            raise ConsultationError(
                f"{name}: the intermediary {relay} is a consultant of the group; he relays the "
                "moves between the rooms (Team Competitions 1972)"
            )
    return ConsultationGroup(name, leader, members, relay)


def check_groups(groups: Sequence[ConsultationGroup]) -> list[ConsultationGroup]:
    """Every group checked (:func:`check_group`), and the event's groups together: Team
    Competitions 1972's "firmly fixed group of consultants" in place of each participant, so a
    person is a consultant of one group only, and group names are distinct; an intermediary is
    a consultant of no group (our reading of seating the groups in different rooms). At least
    two groups.

    :raises ConsultationError: for fewer than 2 groups or more than :data:`MAX_GROUPS`, two
        groups of one name, a person in two groups, or an intermediary who is a consultant.
    """
    if len(groups) < MIN_GROUPS:
        raise ConsultationError(f"{len(groups)} group(s): an event needs at least {MIN_GROUPS}")
    if len(groups) > MAX_GROUPS:
        raise ConsultationError(f"at most {MAX_GROUPS} groups")
    checked = [check_group(g) for g in groups]
    owner: dict[str, str] = {}
    names: set[str] = set()
    for g in checked:
        if g.name in names:
            raise ConsultationError(f"two groups are named {g.name!r}")
        names.add(g.name)
        for person in g.consultants:
            if person in owner:
                raise ConsultationError(
                    f"{person} is a consultant of {owner[person]} and of {g.name}: each group "
                    "is firmly fixed (Team Competitions 1972)"
                )
            owner[person] = g.name
    for g in checked:
        if g.intermediary is not None and g.intermediary in owner:
            raise ConsultationError(
                f"{g.name}: the intermediary {g.intermediary} is a consultant of "
                f"{owner[g.intermediary]}"
            )
    return checked


ROLES: Final = ("leader", "member", "intermediary")
"""The roles of a group file's lines."""


def members_text(group: ConsultationGroup) -> str:
    """A group's people as one text, one a line ``ROLE: NAME`` (the roles of :data:`ROLES`):
    the leader first, then the other consultants, then the intermediary if named; what
    :func:`group_from_text` reads back (how a stored event keeps a group, our choice).

    >>> print(members_text(ConsultationGroup("A", "Petrov", ("Ivanov",), "Orlov")))
    leader: Petrov
    member: Ivanov
    intermediary: Orlov
    """
    lines = [f"leader: {group.leader}", *(f"member: {m}" for m in group.members)]
    if group.intermediary is not None:
        lines.append(f"intermediary: {group.intermediary}")
    return "\n".join(lines)


def group_from_text(name: str, text: str) -> ConsultationGroup:
    """The group ``name`` of a :func:`members_text` text (blank lines skipped; a role in any
    case), checked by :func:`check_group` (Team Competitions 1972: 2 to 4 consultants, one
    leader, the intermediary no consultant).

    >>> group_from_text("A", "leader: Petrov\\nmember: Ivanov").consultants
    ('Petrov', 'Ivanov')
    >>> group_from_text("A", "member: Ivanov\\nmember: Popov")
    Traceback (most recent call last):
    ...
    chessarbiter.special.consultation.ConsultationError: A: no leader; a group has a leader who \
decides a disagreement (Team Competitions 1972)

    :raises ConsultationError: for a line that is not ``ROLE: NAME``, an unknown role, no
        leader, a second leader or intermediary, or a group :func:`check_group` refuses.
    """
    if len(text) > limits.MAX_FILE_BYTES:
        raise ConsultationError(f"{name.strip()}: the text is too large")
    leader: str | None = None
    members: list[str] = []
    relay: str | None = None
    # lines end at a line feed only: a name may hold any other character check_group takes
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        if not line.strip():
            continue
        role, sep, person = line.partition(":")
        role = role.strip().lower()
        if not sep or role not in ROLES:
            raise ConsultationError(
                f"{name.strip()}: line {number}: write ROLE: NAME, the role one of "
                f"{', '.join(ROLES)}"
            )
        if role == "leader":
            if leader is not None:
                raise ConsultationError(f"{name.strip()}: a second leader ({person.strip()})")
            leader = person
        elif role == "intermediary":
            if relay is not None:
                raise ConsultationError(f"{name.strip()}: a second intermediary ({person.strip()})")
            relay = person
        else:
            members.append(person)
    if leader is None:
        raise ConsultationError(
            f"{name.strip()}: no leader; a group has a leader who decides a disagreement "
            "(Team Competitions 1972)"
        )
    return check_group(ConsultationGroup(name, leader, tuple(members), relay))


# -- files ----------------------------------------------------------------------------------


def _rows(text: str, source: str, header: str) -> list[tuple[int, list[str]]]:
    """Data lines of a tab-separated text: (line number, stripped fields); blank lines, ``#``
    comments and a first line starting with ``header`` skipped."""
    if len(text) > limits.MAX_FILE_BYTES:
        raise ConsultationFileError([Problem(source, 0, 0, "the file is too large")])
    rows: list[tuple[int, list[str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [f.strip() for f in line.split("\t")]
        if not rows and fields[0].lower() == header:
            rows.append((0, []))
            continue
        rows.append((number, fields))
    return [r for r in rows if r[1]]


def parse_groups(text: str, source: str = "<groups>") -> list[ConsultationGroup]:
    """The groups of a group file, in file order (their order is the pairing numbers).

    The file is tab-separated UTF-8 text, one person a line; blank lines and lines starting with
    ``#`` are ignored, and a first line starting with ``group`` is a header::

        group    role          name
        Group A  leader        Petrov
        Group A  member        Ivanov
        Group A  intermediary  Kuznetsov
        Group B  leader        Smirnov
        Group B  member        Popov

    ``role`` is ``leader`` (one per group), ``member`` (the other consultants: 1 to 3) or
    ``intermediary`` (at most one). The groups are then checked together
    (:func:`check_groups`).

    >>> [g.consultants for g in parse_groups("A\\tleader\\tPetrov\\nA\\tmember\\tIvanov\\n"
    ...                                       "B\\tleader\\tPopov\\nB\\tmember\\tOrlov")]
    [('Petrov', 'Ivanov'), ('Popov', 'Orlov')]

    :raises ConsultationFileError: naming ``source``, the line and the column of a malformed
        line, an unknown role, a second leader or intermediary, a group without a leader, or a
        group that :func:`check_groups` refuses.
    """
    leaders: dict[str, str] = {}
    members: dict[str, list[str]] = {}
    relays: dict[str, str] = {}
    first_line: dict[str, int] = {}
    seen: dict[str, tuple[int, str, str]] = {}
    for number, fields in _rows(text, source, "group"):
        if len(fields) != 3 or not all(fields):
            raise ConsultationFileError(
                [Problem(source, number, 0, "write GROUP<TAB>ROLE<TAB>NAME")]
            )
        group, role, name = fields
        column = len(group) + 2
        name_column = column + len(role) + 1
        try:
            group = _person(group, "a group")
            name = _person(name, f"{group}: {role}")
        except ConsultationError as e:
            raise ConsultationFileError([Problem(source, number, 1, str(e))]) from None
        first_line.setdefault(group, number)
        members.setdefault(group, [])
        role = role.lower()
        if role not in ROLES:
            raise ConsultationFileError(
                [Problem(source, number, column, f"role {fields[1]!r}: one of {', '.join(ROLES)}")]
            )
        earlier = seen.get(name)
        if earlier is not None and (role != "intermediary" or earlier[2] != "intermediary"):
            line, other, other_role = earlier
            raise ConsultationFileError(
                [
                    Problem(
                        source,
                        number,
                        name_column,
                        f"{name} is already the {other_role} of {other} (line {line}): a "
                        "consultant belongs to one firmly fixed group and is no intermediary "
                        "(Team Competitions 1972)",
                    )
                ]
            )
        if earlier is None or role != "intermediary":
            seen[name] = (number, group, role)
        if role == "leader":
            if group in leaders:
                raise ConsultationFileError(
                    [
                        Problem(
                            source,
                            number,
                            column,
                            f"{group} has a leader already ({leaders[group]})",
                        )
                    ]
                )
            leaders[group] = name
        elif role == "intermediary":
            if group in relays:
                raise ConsultationFileError(
                    [Problem(source, number, column, f"{group} has an intermediary already")]
                )
            relays[group] = name
        else:
            members[group].append(name)
        if len(first_line) > MAX_GROUPS:
            raise ConsultationFileError(
                [Problem(source, number, 1, f"at most {MAX_GROUPS} groups")]
            )
    groups: list[ConsultationGroup] = []
    for group, line in first_line.items():
        if group not in leaders:
            raise ConsultationFileError(
                [Problem(source, line, 1, f"{group} has no leader (Team Competitions 1972)")]
            )
        draft = ConsultationGroup(group, leaders[group], tuple(members[group]), relays.get(group))
        try:
            groups.append(check_group(draft))
        except ConsultationError as e:
            raise ConsultationFileError([Problem(source, line, 1, str(e))]) from None
    try:
        return check_groups(groups)
    except ConsultationError as e:
        raise ConsultationFileError([Problem(source, 0, 0, str(e))]) from None


# -- the event ---------------------------------------------------------------------------------


def schedule(groups: int, cycles: int = 1) -> list[list[Pair]]:
    """The rounds of a tournament of ``groups`` consultation groups, boards ``(white, black)`` by
    pairing number, ``(group, 0)`` for a free round.

    Team Competitions 1972 proposes "a small tournament" of fixed groups without its form; our
    choice: a round robin by the Berger tables (FIDE C.05 Annex 1), ``cycles=2`` the double round
    robin of C.05; two groups play a match of ``cycles`` games, colours alternating.

    >>> schedule(3)
    [[(1, 0), (2, 3)], [(3, 0), (1, 2)], [(2, 0), (3, 1)]]
    >>> schedule(2, cycles=3)
    [[(1, 2)], [(2, 1)], [(1, 2)]]

    :raises ConsultationError: for fewer than 2 groups, more than :data:`MAX_GROUPS`, or a number
        of cycles outside 1 to 2 (three or more groups) or 1 to
        :data:`~chessarbiter.limits.MAX_MATCH_GAMES` (a match of two groups).
    """
    if isinstance(groups, bool) or not 2 <= groups <= MAX_GROUPS:
        raise ConsultationError(f"{groups} groups: from 2 to {MAX_GROUPS}")
    if groups == 2:
        if isinstance(cycles, bool) or not 1 <= cycles <= limits.MAX_MATCH_GAMES:
            raise ConsultationError(
                f"a match of two groups has 1 to {limits.MAX_MATCH_GAMES} games"
            )
        return [[(1, 2)] if game % 2 == 0 else [(2, 1)] for game in range(cycles)]
    if cycles == 1:
        return berger_table(groups)
    if cycles == 2:
        return double_round_robin(groups)
    raise ConsultationError(f"{cycles} cycles: a round robin of groups is single or double")


def event_cycles(groups: int, rounds: int) -> int:
    """The cycles of :func:`schedule` that an event of ``rounds`` rounds plays (our choice, as
    :func:`schedule`'s format): two groups play a match of ``rounds`` games; more groups one
    cycle of the Berger tables while ``rounds`` fits in it (FIDE C.05 Annex 1: *n* - 1
    rounds, *n* rounded up to even), else the double round robin.

    >>> event_cycles(4, 3), event_cycles(4, 6), event_cycles(2, 4)
    (1, 2, 4)

    :raises ConsultationError: for fewer than 2 groups, more than :data:`MAX_GROUPS`, or more
        rounds than a double round robin (a match: than
        :data:`~chessarbiter.limits.MAX_MATCH_GAMES` games) has.
    """
    if isinstance(groups, bool) or not 2 <= groups <= MAX_GROUPS:
        raise ConsultationError(f"{groups} groups: from 2 to {MAX_GROUPS}")
    if groups == 2:
        schedule(groups, rounds)
        return rounds
    cycle = rounds_per_cycle(groups)
    if rounds > 2 * cycle:
        raise ConsultationError(
            f"{rounds} rounds: a double round robin of {groups} groups has {2 * cycle}"
        )
    return 1 if rounds <= cycle else 2


def event_round(groups: int, rounds: int, round_number: int) -> list[Pair]:
    """Round ``round_number`` of an event of ``groups`` groups and ``rounds`` rounds: that
    round of :func:`schedule` with :func:`event_cycles` cycles, boards ``(white, black)`` by
    pairing number, ``(group, 0)`` for the free round.

    >>> event_round(4, 3, 2)
    [(4, 3), (1, 2)]

    :raises ConsultationError: as :func:`event_cycles`, or for a round outside 1 to
        ``rounds``.
    """
    table = schedule(groups, event_cycles(groups, rounds))
    if isinstance(round_number, bool) or not 1 <= round_number <= min(rounds, len(table)):
        raise ConsultationError(
            f"round {round_number}: the event of {groups} groups has rounds 1 to "
            f"{min(rounds, len(table))}"
        )
    return table[round_number - 1]


@dataclass(frozen=True, slots=True)
class GroupGame:
    """A game between two groups in a round: White's and Black's pairing numbers and the
    result from White's side."""

    round: int
    white: int
    black: int
    result: Result


def parse_results(
    text: str, groups: Sequence[ConsultationGroup], source: str = "<results>"
) -> list[GroupGame]:
    """The games of a results file: tab-separated lines ``ROUND WHITE RESULT BLACK`` (blank
    lines, ``#`` comments and a first line starting with ``round`` skipped), a group named by
    its name or its pairing number (its place in the group file), a result one of
    :data:`RESULTS`.

    >>> gs = [ConsultationGroup("A", "Petrov", ("Ivanov",)),
    ...       ConsultationGroup("B", "Popov", ("Orlov",))]
    >>> parse_results("1\\tA\\t1-0\\t2", gs)
    [GroupGame(round=1, white=1, black=2, result=<Result.WIN: '1'>)]

    :raises ConsultationFileError: naming ``source``, line and column of a malformed line, a
        round outside 1 to :data:`~chessarbiter.limits.MAX_ROUNDS`, an unknown group or result.
    """
    numbers = {g.name: n for n, g in enumerate(groups, start=1)}
    games: list[GroupGame] = []
    for number, fields in _rows(text, source, "round"):
        if len(fields) != 4:
            raise ConsultationFileError(
                [Problem(source, number, 0, "write ROUND<TAB>WHITE<TAB>RESULT<TAB>BLACK")]
            )
        columns = [1]
        for f in fields[:-1]:
            columns.append(columns[-1] + len(f) + 1)
        rnd, white, result, black = fields
        if not (
            rnd.isascii() and rnd.isdigit() and len(rnd) <= 2 and 1 <= int(rnd) <= limits.MAX_ROUNDS
        ):
            raise ConsultationFileError(
                [
                    Problem(
                        source, number, 1, f"round {rnd!r}: a number from 1 to {limits.MAX_ROUNDS}"
                    )
                ]
            )
        ids: list[int] = []
        for name, column in ((white, columns[1]), (black, columns[3])):
            if name in numbers:
                ids.append(numbers[name])
            elif (
                name.isascii()
                and name.isdigit()
                and len(name) <= 4
                and 1 <= int(name) <= len(groups)
            ):
                ids.append(int(name))
            else:
                raise ConsultationFileError([Problem(source, number, column, f"no group {name!r}")])
        if result not in RESULTS:
            raise ConsultationFileError(
                [
                    Problem(
                        source,
                        number,
                        columns[2],
                        f"result {result!r}: one of {', '.join(RESULTS)}",
                    )
                ]
            )
        games.append(GroupGame(int(rnd), ids[0], ids[1], RESULTS[result]))
    return games


def consultation_tournament(
    groups: Sequence[ConsultationGroup],
    games: Sequence[GroupGame],
    *,
    cycles: int = 1,
    point_system: PointSystem | None = None,
    name: str = "Consultation tournament",
) -> Tournament:
    """The tournament of consultation groups (Team Competitions 1972: "a small tournament" of
    fixed groups) as an event whose participants are the groups: group *k* of ``groups`` is
    pairing number *k* and named :func:`trf_name`; every game of ``games`` is recorded, and the
    free round of a round robin of an odd number of groups as the round robin's zero-point bye,
    for every round up to the last with a result. The score is ``point_system`` (1, ½, 0 by
    default: the book gives none).

    Rankings, tie-breaks and TRF files then work on the groups as on players
    (:func:`group_ranking`, :func:`to_trf`).

    :raises ConsultationError: for groups :func:`check_groups` refuses, a round not in the
        :func:`schedule`, a game the schedule does not hold in that round (wrong opponents or
        colours), or a game given twice.
    """
    checked = check_groups(groups)
    rounds = schedule(len(checked), cycles)
    t = Tournament(name=name, total_rounds=len(rounds), initial_colour=Colour.WHITE)
    if point_system is not None:
        t.point_system = point_system
    for number, g in enumerate(checked, start=1):
        t.add_player(Player(number, trf_name(g)))
    seen: set[tuple[int, int]] = set()
    last = 0
    for game in games:
        if not 1 <= game.round <= len(rounds):
            raise ConsultationError(f"round {game.round}: the event has {len(rounds)} rounds")
        board = (game.white, game.black)
        if board not in rounds[game.round - 1]:
            w, b = (checked[n - 1].name if 1 <= n <= len(checked) else str(n) for n in board)
            games_of_round = "; ".join(
                f"{checked[x - 1].name} - {checked[y - 1].name}"
                for x, y in rounds[game.round - 1]
                if BYE not in (x, y)
            )
            raise ConsultationError(
                f"round {game.round}: {w} - {b} is not a game of the schedule (round "
                f"{game.round}: {games_of_round})"
            )
        if (game.round, game.white) in seen:
            raise ConsultationError(
                f"round {game.round}: the game of {checked[game.white - 1].name} is given twice"
            )
        seen.add((game.round, game.white))
        t.record_game(game.round, game.white, game.black, game.result)
        last = max(last, game.round)
    for number in range(1, last + 1):
        for white, black in rounds[number - 1]:
            if BYE in (white, black):
                record_round_robin_bye(t, number, white)
    return t


def group_ranking(
    tournament: Tournament, tiebreaks: str = "", after_round: int | None = None
) -> list[Standing]:
    """The groups' ranking: the event's ranking (:func:`chessarbiter.standings.ranking`) by
    points, then the C.07 tie-breaks ``tiebreaks`` (none by default: Team Competitions 1972
    names none), on the tournament of :func:`consultation_tournament`.

    :raises ChessArbiterError: as :func:`~chessarbiter.standings.ranking`: an unknown tie-break
        or an ``after_round`` out of range.
    """
    return ranking(tournament, tiebreaks, after_round)


def trf_name(group: ConsultationGroup) -> str:
    """A group's name as a TRF player name: the group and its consultants' surnames (a name's
    part before a comma), leader first, ``"Group A (Petrov, Ivanov)"``; shortened to fit the 33
    columns of the ``001`` record to the leader and the count of the others
    (``"Group A (Petrov +2)"``), then to the group's name alone.

    >>> trf_name(ConsultationGroup("Group B", "Smirnov, Ivan", ("Tal, Mikhail", "Popov")))
    'Group B (Smirnov, Tal, Popov)'
    >>> trf_name(ConsultationGroup("Moscow Univ.", "Petrosian", ("Averbakh", "Taimanov")))
    'Moscow Univ. (Petrosian +2)'
    """
    surnames = [p.split(",")[0].strip() for p in group.consultants]
    for text in (
        f"{group.name} ({', '.join(surnames)})",
        f"{group.name} ({surnames[0]} +{len(surnames) - 1})",
    ):
        if len(text) <= TRF_NAME_WIDTH:
            return text
    return group.name


def to_trf(tournament: Tournament) -> str:
    """The TRF-2026 file of a tournament of groups (:func:`consultation_tournament`): each group
    a player record ``001`` named by :func:`trf_name`, without rating or federation.

    :raises TrfDataLossError: when a group's name alone is longer than the 33 columns of a TRF
        name.
    """
    return trf_io.dumps(tournament)


# -- the clocks --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RelayedMove:
    """One move (ply) of a consultation game: the moving group's thinking time (its clock
    started by the intermediary until the leader presses it) and the relay (the leader's press
    until the intermediary starts the other group's clock)."""

    thinking: dt.timedelta
    relay: dt.timedelta = dt.timedelta(0)


@dataclass(frozen=True, slots=True)
class ClockReading:
    """The clocks after a move has been relayed. ``white`` and ``black`` are the groups'
    thinking times (each group's own side of its own clock, Team Competitions 1972: "counted
    for each group from its own clock"); ``black_on_white_clock`` and ``white_on_black_clock``
    what each clock shows for the opponent, with the relays' excess unless corrected.
    ``corrected`` says the intermediary set those sides to the true times after this move."""

    ply: int
    move_number: int
    mover: Colour
    white: dt.timedelta
    black: dt.timedelta
    black_on_white_clock: dt.timedelta
    white_on_black_clock: dt.timedelta
    corrected: bool

    @property
    def excess(self) -> tuple[dt.timedelta, dt.timedelta]:
        """The excess of the opponent's side on White's clock and on Black's clock."""
        return self.black_on_white_clock - self.black, self.white_on_black_clock - self.white


def relay_clocks(
    moves: Sequence[RelayedMove], *, correct_every: int | None = None
) -> list[ClockReading]:
    """The two groups' clocks through a consultation game (Team Competitions 1972).

    The leader presses his group's clock after the move; the intermediary makes the move on the
    other group's board and starts that group's clock. So a group's own side counts only its
    thinking, and the relay is charged to neither group ("counted for each group from its own
    clock"); the opponent's side of a group's clock runs from its leader's press to the
    intermediary's start of the next reply: the opponent's thinking and the relays both ways,
    "with an excess". With ``correct_every`` = *n* the intermediary corrects it ("periodically":
    the book gives no period) after Black's move *n*, *2n*, ...: each clock's opponent side set
    to the opponent's thinking time. Both clocks start together at the beginning (White's side
    on White's clock, White's side on Black's clock).

    >>> m = dt.timedelta(minutes=1)
    >>> r = relay_clocks([RelayedMove(5 * m, m), RelayedMove(3 * m, 2 * m), RelayedMove(4 * m, m)])
    >>> [(x.white // m, x.black // m, x.black_on_white_clock // m, x.white_on_black_clock // m)
    ...  for x in r]
    [(5, 0, 0, 6), (5, 3, 6, 6), (9, 3, 6, 13)]

    :raises ConsultationError: for a negative time, a time beyond a year
        (:data:`~chessarbiter.limits.MAX_MINUTES`), more than
        :data:`~chessarbiter.limits.MAX_MOVE_NUMBER` moves a side, or ``correct_every`` below 1.
    """
    if len(moves) > 2 * limits.MAX_MOVE_NUMBER:
        raise ConsultationError(f"at most {limits.MAX_MOVE_NUMBER} moves a side")
    if correct_every is not None and (
        isinstance(correct_every, bool) or not 1 <= correct_every <= limits.MAX_MOVE_NUMBER
    ):
        raise ConsultationError(
            f"the intermediary corrects every 1 to {limits.MAX_MOVE_NUMBER} moves, "
            f"not {correct_every}"
        )
    longest = dt.timedelta(minutes=limits.MAX_MINUTES)
    zero = dt.timedelta(0)
    own = {Colour.WHITE: zero, Colour.BLACK: zero}
    # shown[c]: the opponent's side on c's clock (the side for not-c).
    shown = {Colour.WHITE: zero, Colour.BLACK: zero}
    readings: list[ClockReading] = []
    previous_relay = zero
    for ply, move in enumerate(moves, start=1):
        for t in (move.thinking, move.relay):
            if t < zero or t > longest:
                raise ConsultationError(
                    f"move {(ply + 1) // 2}: a time from 0 to {longest}, not {t}"
                )
        mover = Colour.WHITE if ply % 2 else Colour.BLACK
        other = Colour.BLACK if mover is Colour.WHITE else Colour.WHITE
        own[mover] += move.thinking
        # on the other group's clock the mover's side ran since that group's leader pressed:
        # the relay of the other group's move, the mover's thinking, the relay of this move
        shown[other] += previous_relay + move.thinking + move.relay
        previous_relay = move.relay
        corrected = (
            correct_every is not None and mover is Colour.BLACK and (ply // 2) % correct_every == 0
        )
        if corrected:
            shown[Colour.WHITE] = own[Colour.BLACK]
            shown[Colour.BLACK] = own[Colour.WHITE]
            previous_relay = zero
        readings.append(
            ClockReading(
                ply,
                (ply + 1) // 2,
                mover,
                own[Colour.WHITE],
                own[Colour.BLACK],
                shown[Colour.WHITE],
                shown[Colour.BLACK],
                corrected,
            )
        )
    return readings


def clock_text(t: dt.timedelta) -> str:
    """A clock's reading as ``H:MM:SS``.

    >>> clock_text(dt.timedelta(minutes=75, seconds=5))
    '1:15:05'
    """
    seconds = int(t.total_seconds())
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def parse_duration(text: str) -> dt.timedelta:
    """A clock time: ``M:SS``, ``H:MM:SS`` or whole minutes (ASCII digits), at most
    :data:`~chessarbiter.limits.MAX_MINUTES` minutes (a year).

    >>> parse_duration("2:30"), parse_duration("1:02:03"), parse_duration("5")
    (datetime.timedelta(seconds=150), datetime.timedelta(seconds=3723), \
datetime.timedelta(seconds=300))

    :raises ConsultationError: for anything else.
    """
    raw = text.strip()
    parts = raw.split(":")
    bad = ConsultationError(
        f"bad time {raw[:40]!r} (write M:SS, H:MM:SS or whole minutes, at most "
        f"{limits.MAX_MINUTES} minutes)"
    )
    if not 1 <= len(parts) <= 3 or not all(
        p.isascii() and p.isdigit() and len(p) <= 9 for p in parts
    ):
        raise bad
    if len(parts) > 1 and any(len(p) != 2 or int(p) > 59 for p in parts[1:]):
        raise bad
    numbers = [int(p) for p in parts]
    if len(numbers) == 1:
        seconds = 60 * numbers[0]
    elif len(numbers) == 2:
        seconds = 60 * numbers[0] + numbers[1]
    else:
        seconds = 3600 * numbers[0] + 60 * numbers[1] + numbers[2]
    if seconds > 60 * limits.MAX_MINUTES:
        raise bad
    return dt.timedelta(seconds=seconds)


def parse_moves(text: str) -> list[RelayedMove]:
    """The moves of :func:`relay_clocks`, separated by commas or new lines, each
    ``THINKING`` or ``THINKING+RELAY`` (:func:`parse_duration`; no relay is 0), White's first
    move first.

    >>> [(m.thinking.seconds, m.relay.seconds) for m in parse_moves("5:00+0:30, 3+1")]
    [(300, 30), (180, 60)]

    :raises ConsultationError: for a bad time, no move, or more than
        :data:`~chessarbiter.limits.MAX_MOVE_NUMBER` moves a side.
    """
    items = [item.strip() for item in text.replace("\n", ",").split(",") if item.strip()]
    if not items:
        raise ConsultationError("no moves (write THINKING+RELAY, e.g. 5:00+0:30, per move)")
    if len(items) > 2 * limits.MAX_MOVE_NUMBER:
        raise ConsultationError(f"at most {limits.MAX_MOVE_NUMBER} moves a side")
    moves: list[RelayedMove] = []
    for item in items:
        thinking, sep, relay = item.partition("+")
        moves.append(
            RelayedMove(parse_duration(thinking), parse_duration(relay) if sep else dt.timedelta(0))
        )
    return moves
