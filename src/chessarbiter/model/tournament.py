"""The tournament: players, rounds, point system, and the consistency rules between them."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

from chessarbiter.errors import (
    ByeRequestError,
    DuplicatePlayerError,
    RoundNumberError,
    TournamentError,
    UnknownPlayerError,
)
from chessarbiter.model.player import Player, Team
from chessarbiter.model.points import ZERO, Points, PointSystem
from chessarbiter.model.results import Colour, PlayerId, Result, RoundEntry


class Field(enum.Enum):
    """Which part of a player's record an :class:`Inconsistency` is about."""

    NUMBER = "number"
    POINTS = "points"
    OPPONENT = "opponent"
    COLOUR = "colour"
    RESULT = "result"
    # records about the event rather than one player's round (index: the record's position)
    BYE_REQUEST = "bye request"
    FORBIDDEN_PAIRS = "forbidden pairs"
    ACCELERATION = "acceleration"
    TEAM = "team"
    ABSENT = "absent next round"
    VIRTUAL_POINTS = "virtual points"


#: The fields of records about the event, not about one player's round.
RECORD_FIELDS = frozenset(
    {
        Field.BYE_REQUEST,
        Field.FORBIDDEN_PAIRS,
        Field.ACCELERATION,
        Field.TEAM,
        Field.ABSENT,
        Field.VIRTUAL_POINTS,
    }
)


@dataclass(frozen=True, slots=True)
class Inconsistency:
    """A contradiction in the model: which player, which round (0 = none), which field, and why.

    For a record about the event (:data:`RECORD_FIELDS`), ``index`` is the record's position in
    its list (``bye_requests``, ``forbidden_pairs``, ``accelerations``, ``teams``,
    ``absent_next_round``; the player's number for ``virtual_points``) and ``player`` the player
    or team the problem names (0 if none); the message then says everything.

    >>> str(Inconsistency(3, 2, Field.RESULT, "bad"))
    'player 3, round 2: bad'
    >>> str(Inconsistency(1, 0, Field.FORBIDDEN_PAIRS, "player 1 forbidden against himself", 0))
    'player 1 forbidden against himself'
    """

    player: PlayerId
    round: int
    field: Field
    message: str
    index: int | None = None

    def __str__(self) -> str:
        if self.field in RECORD_FIELDS:
            return self.message
        where = f"player {self.player}" + (f", round {self.round}" if self.round else "")
        return f"{where}: {self.message}"


@dataclass(frozen=True, slots=True)
class ByeRequest:
    """Players excused from a round with a bye of the given kind (H, F or Z): TRF-2026 ``240``."""

    kind: Result
    round: int
    players: tuple[PlayerId, ...]

    def __post_init__(self) -> None:
        if self.kind not in (Result.HALF_POINT_BYE, Result.FULL_POINT_BYE, Result.ZERO_POINT_BYE):
            raise ByeRequestError(f"a requested bye is H, F or Z, not {self.kind.value}")
        if self.round < 1:
            raise RoundNumberError(f"rounds are numbered from 1, not {self.round}")


@dataclass(frozen=True, slots=True)
class ForbiddenPairs:
    """Players who must not meet each other (every pair among them is forbidden).

    ``first_round``/``last_round`` bound the rounds (TRF-2026 ``260``); ``None`` means every round
    (JaVaFo/bbp ``XXP``).
    """

    players: tuple[PlayerId, ...]
    first_round: int | None = None
    last_round: int | None = None

    def applies_to(self, round_number: int) -> bool:
        return (self.first_round is None or round_number >= self.first_round) and (
            self.last_round is None or round_number <= self.last_round
        )


@dataclass(frozen=True, slots=True)
class Acceleration:
    """A TRF-2026 ``250`` record: virtual points for pairing only.

    Players ``first_player``..``last_player`` get ``match_points``/``game_points`` added to their
    pairing score in rounds ``first_round``..``last_round``.
    """

    match_points: Points | None
    game_points: Points | None
    first_round: int
    last_round: int
    first_player: int
    last_player: int


@dataclass(frozen=True, slots=True)
class ExtraRecord:
    """A record the model does not interpret, kept to be written back: its code and its text
    after the code (columns 4 on, as written)."""

    code: str
    text: str


@dataclass(eq=True)
class Tournament:
    """An event: its description, players and their round entries, and the rules it runs under.

    Players are keyed by pairing number. Scores are derived (:meth:`score`), never stored.

    ``tiebreaks`` are the tie-breaks of the players' ranking, ``team_tiebreaks`` those of the
    teams' ranking (C.07 names, without the points themselves). A TRF-2026 file gives one list,
    for the ranking of the event's participants: the teams in a team event (see
    :attr:`is_team_event`); record ``202`` lists the tie-breaks, ``212`` the whole standings
    order (``PTS`` first, then the same tie-breaks). ``tiebreak_records`` says which of the two
    records carried the list, to write it back the same way.

    >>> from chessarbiter.model import Colour, Result, RoundEntry
    >>> t = Tournament(name="Club championship", total_rounds=3)
    >>> for n, name in enumerate(["Ann", "Bob", "Cid"], start=1):
    ...     _ = t.add_player(Player(n, name))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> t.player(3).set_entry(1, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    >>> [str(t.score(n)) for n in (1, 2, 3)]
    ['1', '0', '1']
    >>> t.check()
    []
    """

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    tournament_type: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: list[str] = field(default_factory=list)
    time_control: str = ""
    round_dates: list[str] = field(default_factory=list)
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    point_system: PointSystem = field(default_factory=PointSystem)
    players: dict[PlayerId, Player] = field(default_factory=dict)
    teams: list[Team] = field(default_factory=list)
    system: str = ""
    rank_method: str = ""
    pairing_controller: str = ""
    tiebreaks: list[str] = field(default_factory=list)
    team_tiebreaks: list[str] = field(default_factory=list)
    tiebreak_records: tuple[str, ...] = ("202",)
    time_control_code: str = ""
    bye_requests: list[ByeRequest] = field(default_factory=list)
    accelerations: list[Acceleration] = field(default_factory=list)
    virtual_points: dict[PlayerId, list[Points]] = field(default_factory=dict)
    forbidden_pairs: list[ForbiddenPairs] = field(default_factory=list)
    absent_next_round: list[PlayerId] = field(default_factory=list)
    pair_by_rank: bool = False
    declared_player_count: str = ""
    declared_rated_count: str = ""
    declared_team_count: str = ""
    extra_records: list[ExtraRecord] = field(default_factory=list)

    # -- players ---------------------------------------------------------------------------

    def add_player(self, player: Player) -> Player:
        """Register ``player``.

        :raises DuplicatePlayerError: if the pairing number is taken.
        """
        if player.number in self.players:
            raise DuplicatePlayerError(f"pairing number {player.number} is already taken")
        if player.number < 1:
            raise TournamentError(f"pairing numbers start at 1, not {player.number}")
        self.players[player.number] = player
        return player

    def player(self, number: PlayerId) -> Player:
        """The player with pairing number ``number``.

        :raises UnknownPlayerError: if there is none.
        """
        try:
            return self.players[number]
        except KeyError:
            raise UnknownPlayerError(f"no player has pairing number {number}") from None

    def __iter__(self) -> Iterator[Player]:
        """Players in pairing-number order."""
        return iter(sorted(self.players.values(), key=lambda p: p.number))

    def __len__(self) -> int:
        return len(self.players)

    # -- teams -----------------------------------------------------------------------------

    @property
    def is_team_event(self) -> bool:
        """Whether the event's participants are teams: it has teams (TRF-2026 ``310``, TRF16
        ``013``). The player/team ids of TRF-2026 records ``240``, ``250`` and ``260`` then
        name teams, and the ``202``/``212`` tie-breaks rank the teams (TRF-2026, sections
        "Bye Section", "Accelerated Rounds", "Prohibited Pairings": "Player/Team ID")."""
        return bool(self.teams)

    def team_numbers(self) -> dict[int, Team]:
        """The teams by team pairing number: the ``310`` number, or for a TRF16 ``013`` team
        (which has none) its position in the list, from 1 (the registration order). The first
        team wins when two share a number."""
        numbered: dict[int, Team] = {}
        for position, team in enumerate(self.teams, start=1):
            numbered.setdefault(team.number if team.number is not None else position, team)
        return numbered

    # -- rounds ----------------------------------------------------------------------------

    @property
    def recorded_rounds(self) -> int:
        """The number of round columns any player has."""
        return max((len(p.results) for p in self.players.values()), default=0)

    @property
    def rounds_played(self) -> int:
        """The last round that was paired: some player had an opponent or the PAB.

        Entries past it are byes requested for the next round (as bbpPairings reads a TRF), and
        do not yet count in the scores used for pairing.
        """
        last = 0
        for p in self.players.values():
            for r in range(len(p.results), last, -1):
                e = p.results[r - 1]
                if e.opponent is not None or e.result in _PAIRED_WITHOUT_OPPONENT:
                    last = r
                    break
        return last

    def record_game(
        self, round_number: int, white: PlayerId, black: PlayerId, white_result: Result
    ) -> None:
        """Record a game (or a forfeit) between ``white`` and ``black`` from white's side.

        :raises TournamentError: if ``white_result`` is not a game or forfeit result.
        """
        counterpart = white_result.mirror
        if counterpart is None:
            raise TournamentError(f"{white_result.value} is not the result of a game")
        if white == black:
            raise TournamentError(f"player {white} cannot play himself")
        w, b = self.player(white), self.player(black)
        w.set_entry(round_number, RoundEntry(black, Colour.WHITE, white_result))
        b.set_entry(round_number, RoundEntry(white, Colour.BLACK, counterpart))

    # -- scores ----------------------------------------------------------------------------

    def score(self, number: PlayerId, after_round: int | None = None) -> Points:
        """The player's points after ``after_round`` (default: after the last paired round).

        Virtual (acceleration) points are not included.
        """
        rounds = self.rounds_played if after_round is None else after_round
        player = self.player(number)
        points = self.point_system.points
        total = ZERO
        for entry in player.results[:rounds]:
            total += points(entry)
        return total

    def scores(self, after_round: int | None = None) -> dict[PlayerId, Points]:
        """Every player's :meth:`score`, by pairing number."""
        rounds = self.rounds_played if after_round is None else after_round
        return {n: self.score(n, rounds) for n in sorted(self.players)}

    # -- consistency -----------------------------------------------------------------------

    def check(self) -> list[Inconsistency]:
        """Every contradiction between players' entries and the event's rules.

        * an opponent who does not exist, or the player himself (C.04.1 b needs real opponents);
        * an opponent whose entry for that round does not point back;
        * colours that are not opposite, results that do not mirror (1/0, =/=, W/L, D/D, +/-,
          or -/- for a double forfeit);
        * results beyond the number of rounds;
        * a result on one side of a game only (both may still be pending);
        * more than one pairing-allocated bye in a round of an individual event (C.04.1 c: one
          player is left over; in a team event every player of the team with the bye has one);
        * the contradictions between the records about the event (:meth:`record_problems`).
        """
        problems: list[Inconsistency] = []
        players = self.players
        total = self.total_rounds
        for player in self:
            for r, entry in enumerate(player.results, start=1):
                if total is not None and r > total and entry.result is not None:
                    problems.append(
                        Inconsistency(
                            player.number,
                            r,
                            Field.RESULT,
                            f"a result for round {r}, but the event has {total} rounds",
                        )
                    )
                    continue
                opp = entry.opponent
                if opp is None:
                    continue
                if opp == player.number:
                    problems.append(
                        Inconsistency(player.number, r, Field.OPPONENT, "paired with himself")
                    )
                    continue
                other = players.get(opp)
                if other is None:
                    problems.append(
                        Inconsistency(
                            player.number, r, Field.OPPONENT, f"opponent {opp} does not exist"
                        )
                    )
                    continue
                back = other.entry(r)
                if back.opponent != player.number:
                    said = "nobody" if back.opponent is None else f"player {back.opponent}"
                    problems.append(
                        Inconsistency(
                            player.number,
                            r,
                            Field.OPPONENT,
                            f"opponent {opp} does not point back (his round {r} names {said})",
                        )
                    )
                    continue
                if opp < player.number:
                    continue  # the pair was checked from the other side
                if (
                    entry.colour is not Colour.NONE
                    and back.colour is not Colour.NONE
                    and entry.colour is back.colour
                ):
                    problems.append(
                        Inconsistency(
                            player.number,
                            r,
                            Field.COLOUR,
                            f"both {player.number} and {opp} have colour {entry.colour.value}",
                        )
                    )
                elif (entry.colour is Colour.NONE) != (back.colour is Colour.NONE) and (
                    entry.is_played or back.is_played
                ):
                    problems.append(
                        Inconsistency(
                            player.number,
                            r,
                            Field.COLOUR,
                            f"only one of {player.number} and {opp} has a colour",
                        )
                    )
                if entry.result is None or back.result is None:
                    if entry.result is not back.result:
                        problems.append(
                            Inconsistency(
                                player.number,
                                r,
                                Field.RESULT,
                                f"the result against {opp} is missing on one side only",
                            )
                        )
                elif back.result not in entry.result.counterparts:
                    problems.append(
                        Inconsistency(
                            player.number,
                            r,
                            Field.RESULT,
                            f"result {entry.result.value} against {opp}, "
                            f"who has {back.result.value}",
                        )
                    )
        for r in range(1, self.recorded_rounds + 1 if not self.teams else 1):
            pabs = [p.number for p in self if p.entry(r).received_pab]
            for extra in pabs[1:]:
                problems.append(
                    Inconsistency(
                        extra,
                        r,
                        Field.RESULT,
                        f"a second pairing-allocated bye in round {r} "
                        f"(player {pabs[0]} has one already)",
                    )
                )
        return problems + self.record_problems()

    def record_problems(self) -> list[Inconsistency]:
        """Every contradiction in the records about the event (TRF-2026 ``240``, ``250``,
        ``260``, ``310``/``013``; JaVaFo ``XXP``, ``XXZ``, ``XXA``). The ids of ``240``,
        ``250`` and ``260`` name teams in a team event (:attr:`is_team_event`), players
        otherwise.

        * a requested bye (``240``) naming an unknown player or team, requested twice for the
          same round, or for a round the player (a team: any of its players) was paired in,
          against an opponent or with the pairing-allocated bye;
        * forbidden pairs (``260``, ``XXP``) naming an unknown player or team, naming one
          twice (forbidden against himself), or whose first round is after the last;
        * an acceleration (``250``) whose first round or first id is after the last;
        * two teams with the same number, a team member who is no player, a player in two
          teams (or twice in one);
        * players absent next round (``XXZ``) or with virtual points (``XXA``) who do not exist.
        """
        problems: list[Inconsistency] = []
        teams = self.team_numbers() if self.is_team_event else {}
        who = "team" if teams else "player"

        def known(number: int) -> bool:
            return number in teams if teams else number in self.players

        def add(field_: Field, index: int, number: int, rnd: int, message: str) -> None:
            problems.append(Inconsistency(number, rnd, field_, message, index))

        first_with_number: dict[int, Team] = {}
        team_of: dict[PlayerId, int] = {}
        for i, team in enumerate(self.teams):
            label = team.number if team.number is not None else i + 1
            if team.number is not None:
                other = first_with_number.setdefault(team.number, team)
                if other is not team:
                    add(
                        Field.TEAM,
                        i,
                        0,
                        0,
                        f"team number {team.number} is given twice "
                        f"({other.name!r} and {team.name!r})",
                    )
            for member in team.members:
                if member not in self.players:
                    add(Field.TEAM, i, member, 0, f"team {label}: no player has number {member}")
                elif member in team_of:
                    where = (
                        f"twice in team {label}"
                        if team_of[member] == label
                        else f"in two teams, {team_of[member]} and {label}"
                    )
                    add(Field.TEAM, i, member, 0, f"player {member} is {where}")
                else:
                    team_of[member] = label
        requested: set[tuple[int, int]] = set()
        for i, request in enumerate(self.bye_requests):
            r = request.round
            for number in request.players:
                if not known(number):
                    add(
                        Field.BYE_REQUEST,
                        i,
                        number,
                        r,
                        f"bye request for round {r}: no {who} has number {number}",
                    )
                elif (number, r) in requested:
                    add(
                        Field.BYE_REQUEST,
                        i,
                        number,
                        r,
                        f"{who} {number} has two bye requests for round {r}",
                    )
                else:
                    requested.add((number, r))
                    members = teams[number].members if teams else [number]
                    paired = [
                        m
                        for m in members
                        if m in self.players and self.players[m].entry(r).is_paired
                    ]
                    if paired:
                        played = f" (player {paired[0]})" if teams else ""
                        add(
                            Field.BYE_REQUEST,
                            i,
                            number,
                            r,
                            f"{who} {number} has a bye request for round {r}, "
                            f"but was paired in round {r}{played}",
                        )
        for i, group in enumerate(self.forbidden_pairs):
            first, last = group.first_round, group.last_round
            if first is not None and last is not None and first > last:
                add(
                    Field.FORBIDDEN_PAIRS,
                    i,
                    0,
                    first,
                    f"forbidden pairs from round {first} to round {last}: "
                    "the first round is after the last",
                )
            named: set[int] = set()
            for number in group.players:
                if number in named:
                    add(
                        Field.FORBIDDEN_PAIRS,
                        i,
                        number,
                        0,
                        f"forbidden pairs name {who} {number} twice (forbidden to meet himself)",
                    )
                elif not known(number):
                    add(
                        Field.FORBIDDEN_PAIRS,
                        i,
                        number,
                        0,
                        f"forbidden pairs: no {who} has number {number}",
                    )
                named.add(number)
        for i, acc in enumerate(self.accelerations):
            if acc.first_round > acc.last_round:
                add(
                    Field.ACCELERATION,
                    i,
                    0,
                    acc.first_round,
                    f"acceleration from round {acc.first_round} to round {acc.last_round}: "
                    "the first round is after the last",
                )
            if acc.first_player > acc.last_player:
                add(
                    Field.ACCELERATION,
                    i,
                    acc.first_player,
                    0,
                    f"acceleration of {who}s {acc.first_player} to {acc.last_player}: "
                    "the first is after the last",
                )
        for i, number in enumerate(self.absent_next_round):
            if number not in self.players:
                add(Field.ABSENT, i, number, 0, f"absent next round: no player has number {number}")
        for number in self.virtual_points:
            if number not in self.players:
                add(
                    Field.VIRTUAL_POINTS,
                    number,
                    number,
                    0,
                    f"virtual points: no player has number {number}",
                )
        return problems

    def validate(self) -> None:
        """Raise :class:`TournamentError` listing every :meth:`check` problem, if any."""
        problems = self.check()
        if problems:
            raise TournamentError("; ".join(str(p) for p in problems))


_PAIRED_WITHOUT_OPPONENT = frozenset({Result.PAIRING_ALLOCATED_BYE, Result.FORFEIT_WIN})
