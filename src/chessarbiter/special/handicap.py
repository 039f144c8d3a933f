"""Handicap tournaments (Team Competitions 1972): a Swiss with elimination on personal limits
of lost points, and time odds.

Team Competitions 1972 (end of «Необычные шахматы»): "гандикап может заключаться в более трудных и
легких турнирных условиях. Например, Ю. Авербах описывает, как играл в Австралии в турнире по
швейцарской системе, да еще с выбыванием, причем ему был установлен лимит в полтора потерянных
очка, другим — в два и так далее до пяти."

Each player has a limit of lost points (a loss loses 1, a draw ½, a win or a bye nothing); a
player whose lost points reach the limit is eliminated after that round and plays no more. The
book does not say whether reaching or exceeding the limit eliminates: we read «лимит» as the
most a player may lose, so reaching it ends his tournament.

:func:`run_handicap` reports who is out after each round; :func:`pair_handicap_round` pairs the
next round of the players still in (by the FIDE Dutch system, the Swiss of the Handbook: the
book names the Swiss system without its rules).

The same page prefers odds "in the time for thought" to material odds, which "break the
game": :func:`parse_time_odds` reads an organiser's table of controls by rating difference and
:func:`game_controls` gives a game's two controls (White's and Black's, as TRF-2026 record 222
writes them).

>>> reports = run_handicap(
...     [HandicapPlayer("Averbakh", Decimal("1.5")), HandicapPlayer("Purdy", Decimal(2))],
...     [[HandicapGame("Averbakh", "Purdy", "1/2")], [HandicapGame("Purdy", "Averbakh", "1-0")]])
>>> [(r.round, r.eliminated) for r in reports]
[(1, ()), (2, ('Averbakh',))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from chessarbiter.editions import DutchEdition
from chessarbiter.limits import MAX_ENTRIES, MAX_POINTS, MAX_ROUNDS
from chessarbiter.model import Colour, Player, PlayerId, Result, RoundEntry, Tournament
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.registration import RATING_MAX
from chessarbiter.special import UnusualChessError
from chessarbiter.special.simul import SimulError, parse_score
from chessarbiter.timecontrol.errors import TimeControlError
from chessarbiter.timecontrol.model import ColourControls, TimeControl


class HandicapError(UnusualChessError):
    """Invalid handicap-tournament input."""


ONE: Final = Decimal(1)
HALF: Final = Decimal("0.5")
ZERO: Final = Decimal(0)

RESULTS: Final[dict[str, tuple[Decimal, Decimal]]] = {
    "1-0": (ONE, ZERO),
    "0-1": (ZERO, ONE),
    "1/2": (HALF, HALF),
    "½-½": (HALF, HALF),
    "1/2-1/2": (HALF, HALF),
    "0.5-0.5": (HALF, HALF),
    "=": (HALF, HALF),
    "+-": (ONE, ZERO),
    "-+": (ZERO, ONE),
}
"""Result notations → (white's points, black's points); ``+-``/``-+`` are forfeits."""


@dataclass(frozen=True, slots=True)
class HandicapPlayer:
    """A player and his personal limit of lost points (Team Competitions 1972: 1½, 2, ... 5)."""

    name: str
    limit: Decimal


@dataclass(frozen=True, slots=True)
class HandicapGame:
    """A game of a round; ``black`` is ``None`` for a bye (worth a win, nothing lost)."""

    white: str
    black: str | None
    result: str = "bye"


@dataclass(frozen=True, slots=True)
class PlayerState:
    """A player after a round: score, lost points, limit, and the round that eliminated him."""

    name: str
    limit: Decimal
    games: int
    score: Decimal
    lost: Decimal
    eliminated_in: int | None

    @property
    def remaining(self) -> Decimal:
        """Lost points still allowed before elimination (0 once eliminated)."""
        return max(ZERO, self.limit - self.lost)


@dataclass(frozen=True, slots=True)
class RoundReport:
    """After a round: who was eliminated in it, who is still in, and everybody's state."""

    round: int
    eliminated: tuple[str, ...]
    still_in: tuple[str, ...]
    players: tuple[PlayerState, ...]


def _valid_limit(value: Decimal) -> bool:
    """Team Competitions 1972's limits (1½, 2, ... 5) are positive multiples of ½."""
    return value.is_finite() and 0 < value <= MAX_POINTS and (value * 2) % 1 == 0


def parse_limit(text: str) -> Decimal:
    """``1.5``, ``1½``, ``2``: a positive multiple of ½.

    >>> parse_limit("1½")
    Decimal('1.5')
    """
    try:
        value = parse_score(text)
    except SimulError:
        raise HandicapError(f"bad limit {text!r}") from None
    if not _valid_limit(value):
        raise HandicapError(f"a limit of lost points is a positive multiple of ½, not {text!r}")
    return value


def lost_points(points: Decimal) -> Decimal:
    """Points lost in a game: 1 minus the points scored (a loss 1, a draw ½, a win or bye 0)."""
    return ONE - points


def is_eliminated(lost: Decimal, limit: Decimal) -> bool:
    """Team Competitions 1972: "ему был установлен лимит в полтора потерянных очка, другим — в два и
    так далее до пяти" — out once the lost points reach the personal limit.

    >>> is_eliminated(Decimal("1.5"), Decimal("1.5")), is_eliminated(Decimal(1), Decimal("1.5"))
    (True, False)
    """
    return lost >= limit


def _points(game: HandicapGame) -> dict[str, Decimal]:
    if game.black is None:
        if game.result not in ("bye", "+"):
            raise HandicapError(f"{game.white}: a game without an opponent must be a bye")
        return {game.white: ONE}
    if game.white == game.black:
        raise HandicapError(f"{game.white} cannot play himself")
    try:
        white, black = RESULTS[game.result.strip()]
    except KeyError:
        raise HandicapError(
            f"{game.white}–{game.black}: unknown result {game.result!r} "
            f"(one of {', '.join(RESULTS)})"
        ) from None
    return {game.white: white, game.black: black}


def run_handicap(
    players: Sequence[HandicapPlayer], rounds: Sequence[Sequence[HandicapGame]]
) -> list[RoundReport]:
    """Play the rounds of Team Competitions 1972's handicap Swiss with elimination and report, after
    each round, who is eliminated (:func:`is_eliminated`) and who is still in.

    Every player still in must have exactly one game or bye in each round; an eliminated
    player, an unknown name or a player twice in a round raises :class:`HandicapError`, as do
    more than :data:`~chessarbiter.limits.MAX_ENTRIES` players or
    :data:`~chessarbiter.limits.MAX_ROUNDS` rounds.
    """
    if not players:
        raise HandicapError("no players")
    if len(players) > MAX_ENTRIES or len(rounds) > MAX_ROUNDS:
        raise HandicapError(f"at most {MAX_ENTRIES} players and {MAX_ROUNDS} rounds")
    limits: dict[str, Decimal] = {}
    for p in players:
        if p.name in limits:
            raise HandicapError(f"{p.name} is listed twice")
        if not _valid_limit(p.limit):
            raise HandicapError(f"{p.name}: a limit is a positive multiple of ½, not {p.limit}")
        limits[p.name] = p.limit
    games = dict.fromkeys(limits, 0)
    score = dict.fromkeys(limits, ZERO)
    lost = dict.fromkeys(limits, ZERO)
    out_in: dict[str, int] = {}
    reports: list[RoundReport] = []
    for number, round_games in enumerate(rounds, start=1):
        seen: set[str] = set()
        for game in round_games:
            for name, points in _points(game).items():
                if name not in limits:
                    raise HandicapError(f"round {number}: unknown player {name!r}")
                if name in out_in:
                    raise HandicapError(
                        f"round {number}: {name} was eliminated in round {out_in[name]}"
                    )
                if name in seen:
                    raise HandicapError(f"round {number}: {name} plays twice")
                seen.add(name)
                games[name] += 1
                score[name] += points
                lost[name] += lost_points(points)
        missing = [n for n in limits if n not in out_in and n not in seen]
        if missing:
            raise HandicapError(f"round {number}: no game for {', '.join(missing)}")
        eliminated = tuple(n for n in limits if n in seen and is_eliminated(lost[n], limits[n]))
        for name in eliminated:
            out_in[name] = number
        reports.append(
            RoundReport(
                number,
                eliminated,
                tuple(n for n in limits if n not in out_in),
                tuple(
                    PlayerState(n, limits[n], games[n], score[n], lost[n], out_in.get(n))
                    for n in limits
                ),
            )
        )
    return reports


def parse_round(text: str) -> list[HandicapGame]:
    """``"A 1-0 B, C 1/2 D, E bye"`` → the round's games (names without spaces).

    >>> parse_round("Averbakh 1-0 Purdy, Koshnitsky bye")
    [HandicapGame(white='Averbakh', black='Purdy', result='1-0'), \
HandicapGame(white='Koshnitsky', black=None, result='bye')]
    """
    out: list[HandicapGame] = []
    for part in text.split(","):
        words = part.split()
        if not words:
            continue
        if len(words) == 2 and words[1].lower() == "bye":
            out.append(HandicapGame(words[0], None, "bye"))
        elif len(words) == 3:
            out.append(HandicapGame(words[0], words[2], words[1]))
        else:
            raise HandicapError(
                f"bad game {part.strip()!r} (write WHITE RESULT BLACK, e.g. A 1-0 B, or A bye)"
            )
    if not out:
        raise HandicapError(f"no games in round {text!r}")
    return out


#: The game results of the handicap notation as the tournament model records them (white's).
_MODEL_RESULTS: Final[dict[tuple[Decimal, Decimal], Result]] = {
    (ONE, ZERO): Result.WIN,
    (ZERO, ONE): Result.LOSS,
    (HALF, HALF): Result.DRAW,
}


def handicap_tournament(
    players: Sequence[HandicapPlayer],
    rounds: Sequence[Sequence[HandicapGame]],
    total_rounds: int,
    *,
    initial_colour: Colour = Colour.WHITE,
) -> tuple[Tournament, dict[str, PlayerId]]:
    """The handicap Swiss as a Swiss tournament, ready to pair its next round: the players
    numbered 1 … n in the order given (the initial ranking), the rounds' games and byes (a
    bye as the pairing-allocated bye, worth a win), the players eliminated
    (:func:`run_handicap`) entered as zero-point byes for the rounds after their elimination
    and as absent for the next round; and the pairing number of each name.

    :raises HandicapError: as :func:`run_handicap`, for a total number of rounds outside
        1 … :data:`~chessarbiter.limits.MAX_ROUNDS` or not beyond the rounds played, or an
        initial colour that is not white or black.
    """
    reports = run_handicap(players, rounds) if rounds else []
    if not 1 <= total_rounds <= MAX_ROUNDS or total_rounds <= len(rounds):
        raise HandicapError(
            f"{total_rounds} rounds in all: give more than the {len(rounds)} played, at most "
            f"{MAX_ROUNDS}"
        )
    if initial_colour is Colour.NONE:
        raise HandicapError("the initial colour is white or black")
    if not rounds:
        run_handicap(players, [])  # the players' own checks
    t = Tournament(name="Handicap Swiss", total_rounds=total_rounds, initial_colour=initial_colour)
    numbers = {p.name: n for n, p in enumerate(players, start=1)}
    for p in players:
        t.add_player(Player(numbers[p.name], p.name))
    out_after: dict[str, int] = {}
    for number, round_games in enumerate(rounds, start=1):
        for game in round_games:
            if game.black is None:
                entry = RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE)
                t.player(numbers[game.white]).set_entry(number, entry)
                continue
            points = _points(game)
            white, black = points[game.white], points[game.black]
            result = _MODEL_RESULTS[(white, black)]
            if game.result.strip() in ("+-", "-+"):
                result = Result.FORFEIT_WIN if white == ONE else Result.FORFEIT_LOSS
            t.record_game(number, numbers[game.white], numbers[game.black], result)
        for name in out_after:
            t.player(numbers[name]).set_entry(number, RoundEntry.bye(Result.ZERO_POINT_BYE))
        for name in reports[number - 1].eliminated:
            out_after[name] = number
    t.absent_next_round = [numbers[name] for name in out_after]
    return t, numbers


def pair_handicap_round(
    players: Sequence[HandicapPlayer],
    rounds: Sequence[Sequence[HandicapGame]],
    total_rounds: int,
    *,
    edition: DutchEdition = DutchEdition.DUTCH_2026,
    initial_colour: Colour = Colour.WHITE,
) -> list[tuple[str, str | None]]:
    """The next round of Team Competitions 1972's handicap Swiss with elimination: the players
    still in (none of whose lost points has reached his personal limit, :func:`is_eliminated`)
    paired by the Swiss system - the FIDE (Dutch) system of ``edition``, on the players' order
    as the initial ranking and ``initial_colour`` for the first round's lot; the eliminated
    players are not paired. Boards in order, ``(white, black)``, the bye as ``(name, None)``.

    The book names the Swiss system without its rules; the Dutch system (C.04.3) is the
    Swiss of the FIDE Handbook, so it pairs here: a repeated pairing is never made, and the
    bye goes to a player who has not had one.

    >>> players = [HandicapPlayer(n, Decimal(2)) for n in ("Ann", "Bob", "Cid", "Dan", "Eve")]
    >>> pair_handicap_round(players, [], 5)
    [('Ann', 'Cid'), ('Dan', 'Bob'), ('Eve', None)]

    :raises HandicapError: as :func:`handicap_tournament`, or when fewer than two players are
        still in (the tournament is over).
    :raises NoValidPairingError: when the players still in cannot be paired without a
        repeated game (C.04.3's absolute criteria).
    """
    tournament, numbers = handicap_tournament(
        players, rounds, total_rounds, initial_colour=initial_colour
    )
    still_in = [name for name, n in numbers.items() if n not in tournament.absent_next_round]
    if len(still_in) < 2:
        won = f"{still_in[0]} is the last player in" if still_in else "nobody is left"
        raise HandicapError(f"{won}: the tournament is over")
    pairing = pair_round(tournament, edition)
    names = {n: name for name, n in numbers.items()}
    boards: list[tuple[str, str | None]] = [
        (names[b.white], names[b.black]) for b in pairing.boards
    ]
    if pairing.bye is not None:
        boards.append((names[pairing.bye], None))
    return boards


# -- the handicap Swiss as a stored event --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandicapLimits:
    """The personal limits of lost points of a handicap Swiss (Team Competitions 1972): the
    limit of every player (``default``) and the players' own (``personal``, pairing number to
    limit)."""

    default: Decimal
    personal: tuple[tuple[PlayerId, Decimal], ...] = ()

    def of(self, player: PlayerId) -> Decimal:
        """The limit of ``player``.

        >>> parse_limits("3; 1=1.5").of(1), parse_limits("3; 1=1.5").of(2)
        (Decimal('1.5'), Decimal('3'))
        """
        return dict(self.personal).get(player, self.default)


def parse_limits(text: str) -> HandicapLimits:
    """The limits of a handicap Swiss as an arbiter writes them: every player's limit, then
    after ``;`` the players' own as ``pairing number=limit`` (spaces or commas between them):
    ``"2; 1=1.5 7=5"`` (Team Competitions 1972: "a limit of one and a half lost points for
    him, two for others, and so on up to five"). Each limit a positive multiple of ½
    (:func:`parse_limit`).

    >>> parse_limits("2; 1=1½, 7=5")
    HandicapLimits(default=Decimal('2'), personal=((1, Decimal('1.5')), (7, Decimal('5'))))

    :raises HandicapError: for a limit that is not a positive multiple of ½, a pairing number
        that is not 1 to :data:`~chessarbiter.limits.MAX_ENTRIES`, or one given twice.
    """
    head, _, rest = text.partition(";")
    if not head.strip():
        raise HandicapError("give every player's limit first, e.g. 2; 1=1.5")
    default = parse_limit(head.strip())
    personal: dict[PlayerId, Decimal] = {}
    for item in rest.replace(",", " ").split():
        number, equals, value = item.partition("=")
        if not equals or not number.isascii() or not number.isdigit() or len(number) > 6:
            raise HandicapError(f"{item!r}: write pairing number=limit, e.g. 1=1.5")
        player = int(number)
        if not 1 <= player <= MAX_ENTRIES:
            raise HandicapError(f"{item!r}: a pairing number from 1 to {MAX_ENTRIES}")
        if player in personal:
            raise HandicapError(f"player {player} has two limits")
        personal[player] = parse_limit(value)
    return HandicapLimits(default, tuple(sorted(personal.items())))


def _lost_in(result: Result) -> Decimal:
    return {"win": ZERO, "draw": HALF, "loss": ONE}[result.outcome.value]


def eliminations(t: Tournament, limits: HandicapLimits) -> dict[PlayerId, int]:
    """The players of ``t`` eliminated by their limits of lost points, each with the round
    that eliminated him (Team Competitions 1972, :func:`is_eliminated`: out once the lost
    points reach the limit), over the rounds with a result.

    The lost points of a round are 1 minus the points its outcome scores on the usual 1/½/0
    (:func:`lost_points`): a loss (over the board, by forfeit, or a zero-point bye) 1, a draw
    or a half-point bye ½, a win or a full-point or pairing-allocated bye nothing (the book
    counts a round's points; a bye's outcome is our reading). A round without a result yet
    counts nothing.

    >>> t = Tournament(total_rounds=3)
    >>> for n in (1, 2):
    ...     _ = t.add_player(Player(n, str(n)))
    >>> t.record_game(1, 1, 2, Result.LOSS)
    >>> eliminations(t, parse_limits("2; 1=1"))
    {1: 1}
    """
    out: dict[PlayerId, int] = {}
    for player in t:
        lost = ZERO
        limit = limits.of(player.number)
        for number, entry in enumerate(player.results, start=1):
            result = entry.result
            if result is None:
                continue
            lost += _lost_in(result)
            if is_eliminated(lost, limit):
                out[player.number] = number
                break
    return out


#: The most steps a table of time odds may have, and the longest text it may be written in.
MAX_ODDS_STEPS: Final = 20
MAX_ODDS_CHARS: Final = 2_000


@dataclass(frozen=True, slots=True)
class OddsStep:
    """From a rating difference of ``difference`` points on: the stronger player's control
    and the weaker player's."""

    difference: int
    stronger: TimeControl
    weaker: TimeControl


@dataclass(frozen=True, slots=True)
class TimeOdds:
    """An organiser's table of time odds (Team Competitions 1972: a handicap "in the time for
    thought" harms the game less than material odds): the steps by rising rating difference,
    the first at 0 with the same control for both players."""

    steps: tuple[OddsStep, ...]

    def step(self, difference: int) -> OddsStep:
        """The step a rating difference falls in: the last one it reaches."""
        found = self.steps[0]
        for step in self.steps:
            if difference >= step.difference:
                found = step
        return found


def parse_time_odds(text: str) -> TimeOdds:
    """A table of time odds as an organiser writes it: steps separated by ``;``, each
    ``difference: control`` (both players) or ``difference: stronger | weaker``, a control in
    PGN or FIDE notation (:meth:`~chessarbiter.timecontrol.model.TimeControl.parse`):

    >>> odds = parse_time_odds("0: 5400+30; 200: 4500+30 | 6300+30; 400: 3600+30 | 7200+30")
    >>> [(s.difference, s.stronger.to_pgn(), s.weaker.to_pgn()) for s in odds.steps][1]
    (200, '4500+30', '6300+30')

    The book gives no table (the odds are the organiser's), so only what makes a table odds
    is checked: the first step is at 0 with one control for both (equal ratings give no
    odds), the differences rise (up to the rating scale's top), and at every step the
    stronger player has no more time for 60 moves (Laws 2023 A.1: time plus 60 increments)
    than the weaker.

    :raises HandicapError: for a table that is none of this, naming the step at fault.
    """
    if len(text) > MAX_ODDS_CHARS:
        raise HandicapError(f"a table of time odds is at most {MAX_ODDS_CHARS} characters")
    parts = [p.strip() for p in text.split(";") if p.strip()]
    if not parts:
        raise HandicapError(
            "an empty table of time odds: write e.g. 0: 5400+30; 200: 4500+30 | 6300+30"
        )
    if len(parts) > MAX_ODDS_STEPS:
        raise HandicapError(f"a table of time odds has at most {MAX_ODDS_STEPS} steps")
    steps: list[OddsStep] = []
    for part in parts:
        head, colon, rest = part.partition(":")
        head = head.strip()
        if not colon or not head.isascii() or not head.isdigit() or len(head) > 4:
            raise HandicapError(f"{part!r}: write difference: control, e.g. 200: 4500+30 | 6300+30")
        difference = int(head)
        if difference > RATING_MAX:
            raise HandicapError(f"{part!r}: a rating difference is at most {RATING_MAX}")
        stronger_text, bar, weaker_text = rest.partition("|")
        try:
            stronger = TimeControl.parse(stronger_text.strip())
            weaker = TimeControl.parse(weaker_text.strip()) if bar else stronger
            if not stronger.timed or not weaker.timed:
                raise HandicapError(f"{part!r}: each side needs a timed control")
            more = stronger.time_for_moves(60) > weaker.time_for_moves(60)
        except TimeControlError as e:
            raise HandicapError(f"{part!r}: {e}") from None
        if more:
            raise HandicapError(
                f"{part!r}: the stronger player would have more time than the weaker"
            )
        if steps and difference <= steps[-1].difference:
            raise HandicapError(f"{part!r}: the differences must rise step by step")
        if not steps and (difference != 0 or stronger != weaker):
            raise HandicapError(
                f"{part!r}: the first step is at 0 with one control for both players"
            )
        steps.append(OddsStep(difference, stronger, weaker))
    return TimeOdds(tuple(steps))


def game_controls(
    odds: TimeOdds, white_rating: int | None, black_rating: int | None
) -> ColourControls:
    """The controls of a game under the time odds ``odds``: the stronger player (the higher
    rating) gets the step's stronger control, the other the weaker one; equal ratings, the
    first step's control for both.

    >>> odds = parse_time_odds("0: 5400+30; 200: 4500+30 | 6300+30")
    >>> game_controls(odds, 1900, 2150).to_trf()
    'W6300+30-B4500+30'

    :raises HandicapError: for a player without a rating (the odds need both).
    """
    if white_rating is None or black_rating is None:
        raise HandicapError("time odds need both players' ratings")
    step = odds.step(abs(white_rating - black_rating))
    if white_rating >= black_rating:
        return ColourControls(step.stronger, step.weaker)
    return ColourControls(step.weaker, step.stronger)
