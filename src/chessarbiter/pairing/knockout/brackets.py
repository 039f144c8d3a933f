"""Knockout brackets: who meets whom, stage by stage, and where the winners go.

Three schemes:

* :func:`fide_1997` — Stage by Stage 1997, the 1997 FIDE World Championship: personal numbers made
  of the entry stage and the rank by rating (:func:`personal_numbers`); each stage's field is
  ordered by those numbers and split in halves, the first of the top half meeting the first of
  the bottom half; the winner of a match takes the slot of its first side in the next stage.
* :func:`cup` — Team Competitions 1972, the Olympic (cup) system for teams: 1-2, 3-4, ... with
  adjacent winners meeting next, after a preliminary round that brings the field to a power of two.
* :func:`seeded` — the conventional 1 v n, 2 v n-1 bracket of the World Cup (spec section 8),
  with byes for the top seeds when the field is not a power of two.

A bracket is a list of :class:`Match` es in match-number order; a side is a player (or team)
number or the winner of an earlier match (``W<k>``).

>>> [str(m) for m in cup(4)]
['1 1 1 1 2', '2 1 1 3 4', '3 2 1 W1 W2']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from chessarbiter import limits
from chessarbiter.errors import ChessArbiterError
from chessarbiter.trf.records import FOUR_DIGITS


class BracketError(ChessArbiterError):
    """A bracket cannot be drawn from the given field (the message says why)."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a match: a participant's number, or the winner of match ``winner_of``."""

    number: int | None = None
    winner_of: int | None = None

    def __str__(self) -> str:
        return str(self.number) if self.winner_of is None else f"W{self.winner_of}"

    @classmethod
    def parse(cls, text: str) -> Side:
        """``"123"`` or ``"W7"``.

        >>> Side.parse("W7").winner_of, Side.parse("203").number
        (7, 203)
        """
        t = text.strip()
        if t[:1] in ("W", "w") and t[1:].isdigit():
            return cls(winner_of=int(t[1:]))
        if t.isdigit():
            return cls(number=int(t))
        raise BracketError(f"a side is a number or W<match>, not {text!r}")


@dataclass(frozen=True, slots=True)
class Match:
    """A match of the bracket: its number, stage, number of main games, and sides."""

    number: int
    stage: int
    games: int
    first: Side
    second: Side

    def __str__(self) -> str:
        return f"{self.number} {self.stage} {self.games} {self.first} {self.second}"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A participant as read from a players file: ``number`` (a personal number, when
    given), ``entry_stage`` (the stage he starts at), ``ratings`` (the current list first,
    then earlier lists, for ties; ``None`` when not rated on a list)."""

    name: str
    number: int | None = None
    entry_stage: int = 1
    ratings: tuple[int | None, ...] = ()
    extra: dict[str, str] = field(default_factory=dict, compare=False)


# -- reading players ----------------------------------------------------------------------------


_MAX_RATING = FOUR_DIGITS  # a TRF rating field
"""Ratings have four digits."""


def read_players_tsv(text: str, source: str = "<players>") -> list[Entrant]:
    """Participants from a tab-separated file with a header: ``number`` and ``name`` required
    (``number`` may be blank for players to be numbered by rating), ``entry_stage`` optional
    (default 1), and rating columns: ``rating`` or every column whose name starts with
    ``elo``/``rating``, in file order (the current list first, earlier lists after, as in
    ``groningen1997-players.tsv``).

    Numbers are ASCII digits, bounded: a number at most
    :data:`~chessarbiter.limits.MAX_PERSONAL_NUMBER`, an entry stage at most
    :data:`~chessarbiter.limits.MAX_KNOCKOUT_STAGES`, a rating at most 9999 (four digits), and
    at most :data:`~chessarbiter.limits.MAX_PLAYERS` participants.

    :raises BracketError: naming the file and line of a malformed row (a field longer than the
        CSV reader's limit, 128 KiB, included).
    :raises LimitError: for more than :data:`~chessarbiter.limits.MAX_PLAYERS` participants.
    """
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter="\t")
    try:
        rows = list(reader)
    except csv.Error as e:
        raise BracketError(f"{source}:{reader.line_num}: {e}") from None
    if not rows:
        raise BracketError(f"{source}: empty file")
    header = [h.strip().lower() for h in rows[0]]
    if "name" not in header or "number" not in header:
        raise BracketError(f"{source}:1: the header needs 'number' and 'name' columns")
    col = {h: i for i, h in enumerate(header)}
    rating_cols = [i for i, h in enumerate(header) if h.startswith(("elo", "rating"))]
    out: list[Entrant] = []
    seen: set[int] = set()
    for lineno, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        row = row + [""] * (len(header) - len(row))

        def value(name: str, row: list[str] = row) -> str:
            return row[col[name]].strip() if name in col else ""

        def number(text: str, what: str, maximum: int, lineno: int = lineno) -> int | None:
            if not text:
                return None
            if not (text.isascii() and text.isdigit()):
                raise BracketError(f"{source}:{lineno}: {what} {text!r} is not a number")
            if len(text) > len(str(maximum)) or int(text) > maximum:
                raise BracketError(f"{source}:{lineno}: {what} {text} is above {maximum}")
            return int(text)

        name = value("name")
        if not name:
            raise BracketError(f"{source}:{lineno}: empty name")
        num = number(value("number"), "number", limits.MAX_PERSONAL_NUMBER)
        if num is not None:
            if num in seen:
                raise BracketError(f"{source}:{lineno}: number {num} given twice")
            seen.add(num)
        stage = number(value("entry_stage"), "entry stage", limits.MAX_KNOCKOUT_STAGES) or 1
        ratings = tuple(number(row[i].strip(), header[i], _MAX_RATING) for i in rating_cols)
        extra = {h: row[i] for i, h in enumerate(header) if i < len(row)}
        out.append(Entrant(name, num, stage, ratings, extra))
    limits.check_count(f"{source}: the participants", len(out), limits.MAX_PLAYERS, minimum=0)
    return out


# -- Stage by Stage 1997: personal numbers and the 1997 scheme
# ---------------------------------------------


def _rating_key(e: Entrant) -> tuple[int, ...]:
    # higher first; a missing rating counts below every rating
    return tuple(-(r if r is not None else -1) for r in e.ratings)


def _rank_scale(count: int) -> int:
    """Stage by Stage 1997: the rank part of a personal number has two digits (three from 100
    players)."""
    scale: int = 10 ** max(2, len(str(count)))
    return scale


def personal_numbers(entrants: Sequence[Entrant]) -> list[int]:
    """Stage by Stage 1997: each participant's personal number, the entry stage digit followed by
    the two-digit rank by rating (``203`` Kramnik: stage 2, rank 3). Ranks run over the whole
    field: ratings from the highest, ties broken by the earlier lists in turn ("if equal, by
    the previous coefficients, and if these too, by still earlier ones"). A number given in
    the input is kept and its rank reserved (Karpov 801, Gelfand 302: no rating printed).

    >>> ps = [Entrant("A", ratings=(2600,)), Entrant("B", 801, 8), Entrant("C", ratings=(2700,)),
    ...       Entrant("D", entry_stage=2, ratings=(2650, 2600))]
    >>> personal_numbers(ps)
    [104, 801, 102, 203]

    :raises BracketError: when a given number does not match its entry stage, or ranks collide.
    """
    scale = _rank_scale(len(entrants))
    taken: dict[int, int] = {}
    for i, e in enumerate(entrants):
        if e.number is not None:
            stage, rank = divmod(e.number, scale)
            if stage != e.entry_stage:
                raise BracketError(
                    f"{e.name}: number {e.number} does not start with the entry stage "
                    f"{e.entry_stage} (Stage by Stage 1997: stage digit + rank)"
                )
            if rank in taken.values():
                raise BracketError(f"{e.name}: rank {rank} of number {e.number} is taken")
            taken[i] = rank
    order = sorted(
        (i for i, e in enumerate(entrants) if e.number is None),
        key=lambda i: _rating_key(entrants[i]),
    )
    used = set(taken.values())
    free = (r for r in range(1, scale) if r not in used)
    numbers = [0] * len(entrants)
    for i in taken:
        numbers[i] = entrants[i].number or 0
    for i in order:
        rank = next(free)
        numbers[i] = entrants[i].entry_stage * scale + rank
    return numbers


def fide_1997_games(stage: int, last_stage: int) -> int:
    """Stage by Stage 1997: two games a match in stages 1-6, four in stage 7 (the Groningen final),
    six in the final against the champion (stage 8): the last stage 6, the one before 4."""
    if stage == last_stage:
        return 6
    if stage == last_stage - 1:
        return 4
    return 2


def fide_1997(
    entrants: Sequence[Entrant],
    games: Callable[[int, int], int] = fide_1997_games,
) -> list[Match]:
    """Stage by Stage 1997, the 1997 FIDE World Championship draw.

    Stage by stage, the field is the players entering at that stage and the winners of the
    previous stage's matches; each holds a slot numbered by rank (a player his personal
    number's rank; the winner of a match the slot of its first side: "the winner of the match
    of 134 Leko takes the empty slot 234"). The field, ordered by slot, is split in halves and
    the first of the top half meets the first of the bottom half, and so on ("as in a Swiss
    tournament"); match numbers continue from stage to stage. With the 1997 field this gives
    34 matches in stage 1, 31 in stage 2 (Kramnik 203 against the winner of Leko-Slobodyan),
    then Gelfand 302 against the winner of match 50, W35-W51, ... and Karpov 801 against the
    winner of match 96 in the final.

    :raises BracketError: when a stage has an odd field (the scheme pairs everyone).
    """
    if not entrants:
        raise BracketError("no participants")
    numbers = personal_numbers(entrants)
    scale = _rank_scale(len(entrants))
    last = max(e.entry_stage for e in entrants)
    matches: list[Match] = []
    carried: list[tuple[int, Side]] = []  # (slot rank, side) of the previous stage's winners
    for stage in range(1, last + 1):
        field_ = carried + [
            (n % scale, Side(number=n))
            for e, n in zip(entrants, numbers, strict=True)
            if e.entry_stage == stage
        ]
        if not field_:
            continue
        if len(field_) == 1 and stage == last:
            break
        field_.sort(key=lambda rs: rs[0])
        if len(field_) % 2:
            raise BracketError(
                f"stage {stage} has {len(field_)} participants; Stage by Stage 1997's scheme "
                "needs an even field at every stage"
            )
        half = len(field_) // 2
        carried = []
        for (rank, top), (_, bottom) in zip(field_[:half], field_[half:], strict=True):
            number = len(matches) + 1
            matches.append(Match(number, stage, games(stage, last), top, bottom))
            carried.append((rank, Side(winner_of=number)))
    if len(carried) > 1:
        raise BracketError(f"{len(carried)} winners are left after the last stage")
    return matches


# -- Team Competitions 1972: the Olympic (cup) system
# ---------------------------------------------------------


def check_bracket_size(n: int, games: int) -> None:
    """A bracket holds at most :data:`~chessarbiter.limits.MAX_PLAYERS` participants and its
    matches 1 to :data:`~chessarbiter.limits.MAX_MATCH_GAMES` games each.

    :raises LimitError: otherwise, naming the value and its bound.
    """
    limits.check_count("participants of a bracket", n, limits.MAX_PLAYERS, minimum=2)
    limits.check_count("games of a match", games, limits.MAX_MATCH_GAMES)


def cup(n: int, games: int = 1) -> list[Match]:
    """Team Competitions 1972, the Olympic system: with a power of two, 1-2, 3-4, ... and the
    winners of adjacent matches meet in the next round. Otherwise a preliminary round brings the
    field to the largest power of two below it: (n - 2^k) x 2 participants play; those with a bye
    take the first and the last numbers, the larger share at the bottom (25 teams: 1-3 and 22-25),
    and the others meet 4-5, 6-7, ...; in round 2, 1-2, 3 v W(4-5), W(6-7) v W(8-9), ...

    >>> [str(m) for m in cup(5)][:3]
    ['1 1 1 2 3', '2 2 1 1 W1', '3 2 1 4 5']

    :raises BracketError: for fewer than 2 participants.
    :raises LimitError: beyond :func:`check_bracket_size`'s bounds.
    """
    if n < 2:
        raise BracketError("a cup needs at least 2 participants")
    check_bracket_size(n, games)
    power = 1
    while power * 2 <= n:
        power *= 2
    matches: list[Match] = []
    slots: list[Side]
    if power == n:
        slots = [Side(number=i) for i in range(1, n + 1)]
        stage = 1
    else:
        byes = 2 * power - n
        top = byes // 2
        bottom = byes - top
        playing = range(top + 1, n - bottom + 1)
        slots = [Side(number=i) for i in range(1, top + 1)]
        for low in range(playing.start, playing.stop, 2):
            matches.append(
                Match(len(matches) + 1, 1, games, Side(number=low), Side(number=low + 1))
            )
            slots.append(Side(winner_of=len(matches)))
        slots += [Side(number=i) for i in range(n - bottom + 1, n + 1)]
        stage = 2
    return _winners_meet(matches, slots, stage, games)


def _winners_meet(matches: list[Match], slots: list[Side], stage: int, games: int) -> list[Match]:
    """Team Competitions 1972: from ``stage`` on, the winners of adjacent matches meet; ``slots`` is
    the stage's field in bracket order. Appends to ``matches`` and returns it."""
    while len(slots) > 1:
        nxt: list[Side] = []
        for a, b in zip(slots[::2], slots[1::2], strict=True):
            matches.append(Match(len(matches) + 1, stage, games, a, b))
            nxt.append(Side(winner_of=len(matches)))
        slots = nxt
        stage += 1
    return matches


# -- the World Cup style bracket ----------------------------------------------------------------


def seeding_order(size: int) -> list[int]:
    """Seeds in bracket order for a power-of-two ``size``, so that 1 v size, 2 v size-1, ...
    in the first round and seeds 1 and 2 can meet only in the final (spec section 8).

    >>> seeding_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    if size < 1 or size & (size - 1):
        raise BracketError(f"the bracket size must be a power of two, not {size}")
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m + 1 - s)]
    return order


def seeded(n: int, games: int = 2) -> list[Match]:
    """Spec section 8 (World Cup 2005-2019): seeds by rating, #1 v #n, #2 v #n-1, ..., in a
    fixed bracket; when ``n`` is not a power of two the top seeds get byes into round 2
    (World Cup 2021+).

    >>> [str(m) for m in seeded(4)]
    ['1 1 2 1 4', '2 1 2 2 3', '3 2 2 W1 W2']
    >>> [str(m) for m in seeded(3)]
    ['1 1 2 2 3', '2 2 2 1 W1']
    """
    if n < 2:
        raise BracketError("a bracket needs at least 2 participants")
    check_bracket_size(n, games)
    size = 1
    while size < n:
        size *= 2
    order = seeding_order(size)
    matches: list[Match] = []
    slots: list[Side] = []
    stage = 1
    for a, b in zip(order[::2], order[1::2], strict=True):
        if b > n:  # a bye: the seed enters in round 2
            slots.append(Side(number=a))
            continue
        matches.append(Match(len(matches) + 1, stage, games, Side(number=a), Side(number=b)))
        slots.append(Side(winner_of=len(matches)))
    return _winners_meet(matches, slots, 2, games)


def seeds_by_rating(entrants: Sequence[Entrant]) -> list[Entrant]:
    """The seeding of :func:`seeded`: by rating, earlier lists breaking ties."""
    return sorted(entrants, key=_rating_key)


# -- the draw -----------------------------------------------------------------------------------

#: The schemes :func:`draw` knows, by the names the CLI and the web use.
SCHEMES = ("fide-1997", "cup", "seeded")


@dataclass(frozen=True, slots=True)
class Draw:
    """A drawn bracket: its matches, and the number each entrant has in them (``numbers[i]``
    for ``entrants[i]``, in the order given to :func:`draw`)."""

    matches: list[Match]
    numbers: list[int]


def draw(entrants: Sequence[Entrant], scheme: str, games: int | None = None) -> Draw:
    """The bracket of ``scheme`` for ``entrants``, and where each of them is seated.

    * ``fide-1997`` -- Stage by Stage 1997: each entrant has his personal number
      (:func:`personal_numbers`: stage digit and rank by rating, a given number kept) and the
      stages are drawn from those numbers (:func:`fide_1997`; ``games`` is not used, the
      stages have their own).
    * ``cup`` -- Team Competitions 1972, the Olympic system (:func:`cup`): seats 1 to n in the
      entrants' own numbers when every one has a number, else in the order given (numbers by
      lot or by seeding); ``games`` a match, 1 by default.
    * ``seeded`` -- the 1 v n, 2 v n-1 bracket (:func:`seeded`): seats by rating, earlier lists
      breaking ties, then the order given (:func:`seeds_by_rating`); 2 games by default.

    >>> d = draw([Entrant("A", ratings=(2500,)), Entrant("B", ratings=(2600,))], "seeded")
    >>> [str(m) for m in d.matches], d.numbers
    (['1 1 2 1 2'], [2, 1])

    :raises BracketError: for an unknown scheme, fewer than two entrants, or numbers that
        clash (:func:`personal_numbers`).
    """
    if scheme == "fide-1997":
        return Draw(fide_1997(entrants), personal_numbers(entrants))
    indices = list(range(len(entrants)))
    if scheme == "cup":
        if entrants and all(e.number is not None for e in entrants):
            indices.sort(key=lambda i: entrants[i].number or 0)
        matches = cup(len(entrants), games or 1)
    elif scheme == "seeded":
        indices.sort(key=lambda i: _rating_key(entrants[i]))
        matches = seeded(len(entrants), games or 2)
    else:
        raise BracketError(f"unknown knockout scheme {scheme!r} (known: {', '.join(SCHEMES)})")
    numbers = [0] * len(entrants)
    for seat, index in enumerate(indices, start=1):
        numbers[index] = seat
    return Draw(matches, numbers)


def renumber(matches: Iterable[Match], numbers: Mapping[int, int]) -> list[Match]:
    """The same bracket with each participant's number replaced by ``numbers[number]`` (a
    number not in ``numbers`` kept; the winners of matches stay as they are)."""

    def side(s: Side) -> Side:
        return s if s.number is None else Side(number=numbers.get(s.number, s.number))

    return [Match(m.number, m.stage, m.games, side(m.first), side(m.second)) for m in matches]


# -- output -------------------------------------------------------------------------------------

TSV_HEADER = "match\tstage\tgames\tfirst\tsecond"


def to_tsv(matches: Iterable[Match]) -> str:
    """The layout of ``groningen1997-bracket.tsv``: a header, then one match a line."""
    lines = [TSV_HEADER]
    lines += [f"{m.number}\t{m.stage}\t{m.games}\t{m.first}\t{m.second}" for m in matches]
    return "\n".join(lines) + "\n"


def read_tsv(text: str, source: str = "<bracket>") -> list[Match]:
    """A bracket in :func:`to_tsv`'s layout."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or lines[0].split("\t") != TSV_HEADER.split("\t"):
        raise BracketError(f"{source}:1: the header must be {TSV_HEADER!r}")
    out = []
    for lineno, line in enumerate(lines[1:], start=2):
        parts = line.split("\t")
        if len(parts) != 5 or not all(p.strip().isdigit() for p in parts[:3]):
            raise BracketError(f"{source}:{lineno}: expected match, stage, games, first, second")
        out.append(
            Match(
                int(parts[0]),
                int(parts[1]),
                int(parts[2]),
                Side.parse(parts[3]),
                Side.parse(parts[4]),
            )
        )
    return out


# -- following a bracket: results, walkovers, replacements ---------------------------------------


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How a match ended: ``winner`` is ``"first"`` or ``"second"``; ``how`` is ``"games"``
    (decided over the board, tie-breaks included) or ``"walkover"`` (the other side did not
    play: withdrew or failed to appear)."""

    winner: str
    how: str = "games"

    def __post_init__(self) -> None:
        if self.winner not in ("first", "second"):
            raise BracketError(f"a match is won by 'first' or 'second', not {self.winner!r}")
        if self.how not in ("games", "walkover"):
            raise BracketError(f"a match ends by 'games' or 'walkover', not {self.how!r}")


class BracketState:
    """A bracket being played: results as they come in, who plays each match, who is left.

    >>> state = BracketState(cup(4))
    >>> state.ready()
    [1, 2]
    >>> state.record(1, MatchResult("second"))
    >>> state.participants(3)
    (2, None)
    >>> state.withdraw(3)          # team 3 withdraws before match 2: 4 goes through
    >>> state.result(2)
    MatchResult(winner='second', how='walkover')
    >>> state.participants(3), state.ready()
    ((2, 4), [3])
    """

    def __init__(self, matches: Sequence[Match]) -> None:
        self.matches = {m.number: m for m in matches}
        self.results: dict[int, MatchResult] = {}
        #: A replacement in a side: the new participant's number by the one he replaces.
        self.replaced: dict[int, int] = {}
        self.withdrawn: set[int] = set()

    def _match(self, number: int) -> Match:
        try:
            return self.matches[number]
        except KeyError:
            raise BracketError(f"there is no match {number}") from None

    def side(self, side: Side) -> int | None:
        """The participant holding ``side`` (``None`` while an earlier match is undecided)."""
        if side.winner_of is None:
            n = side.number
            while n is not None and n in self.replaced:
                n = self.replaced[n]
            return n
        result = self.results.get(side.winner_of)
        if result is None:
            return None
        m = self._match(side.winner_of)
        return self.side(m.first if result.winner == "first" else m.second)

    def participants(self, number: int) -> tuple[int | None, int | None]:
        m = self._match(number)
        return self.side(m.first), self.side(m.second)

    def result(self, number: int) -> MatchResult | None:
        return self.results.get(number)

    def ready(self) -> list[int]:
        """The matches whose two sides are known and that have no result yet."""
        return [
            n
            for n in sorted(self.matches)
            if n not in self.results and None not in self.participants(n)
        ]

    def record(self, number: int, result: MatchResult) -> None:
        """Record a match's result.

        :raises BracketError: when its sides are not known yet or it already has a result.
        """
        if number in self.results:
            raise BracketError(f"match {number} already has a result")
        if None in self.participants(number):
            raise BracketError(f"match {number} cannot be played yet: a side is not known")
        self.results[number] = result
        self._walkovers()

    def replace(self, number: int, replacement: int) -> None:
        """Stage by Stage 1997's replacements before the start: ``replacement`` takes the place (and
        the number's slot in the draw) of participant ``number``, who has played no match.

        :raises BracketError: when ``number`` already played, or the replacement is in the
            draw already.
        """
        for n in self.results:
            if number in self.participants(n):
                raise BracketError(f"{number} has played match {n}: too late to replace him")
        held = {self.side(s) for m in self.matches.values() for s in (m.first, m.second)}
        if replacement in held:
            raise BracketError(f"{replacement} is already in the draw")
        self.replaced[number] = replacement

    def withdraw(self, number: int) -> None:
        """Participant ``number`` withdraws: his next match (and every later one he would
        reach) goes to the opponent by walkover as soon as the opponent is known."""
        self.withdrawn.add(number)
        self._walkovers()

    def _walkovers(self) -> None:
        changed = True
        while changed:
            changed = False
            for n in sorted(self.matches):
                if n in self.results:
                    continue
                a, b = self.participants(n)
                if a in self.withdrawn and b is not None:
                    self.results[n] = MatchResult("second", "walkover")
                    changed = True
                elif b in self.withdrawn and a is not None:
                    self.results[n] = MatchResult("first", "walkover")
                    changed = True

    def champion(self) -> int | None:
        """The winner of the last match, once decided."""
        fed = {s.winner_of for m in self.matches.values() for s in (m.first, m.second)}
        finals = [n for n in self.matches if n not in fed]
        if len(finals) != 1:
            raise BracketError("the bracket has no single final")
        final = self.matches[finals[0]]
        return self.side(Side(winner_of=final.number)) if final.number in self.results else None
