"""Knockout events in the web application: the draw, the games of each match, walkovers, and
the bracket as it stands; a team cup's matches by legs (Team Competitions 1972: colours and
hosting, game points added board by board, a drawn match decided by board weights, replayed or
sent to an armageddon; each leg's line-ups checked by the team line-up rules; a team's
withdrawal). The rules are the library's
(:mod:`chessarbiter.pairing.knockout.brackets` and :mod:`~chessarbiter.pairing.knockout.matches`);
every change is one transaction with an audit entry, as in :mod:`.services`."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, TypeAlias, TypeVar

from django.db.models import F, Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from chessarbiter.model import Result
from chessarbiter.pairing.knockout import brackets as lib
from chessarbiter.pairing.knockout import matches as engine
from chessarbiter.pairing.teams import lineups
from chessarbiter.timecontrol.model import TimeControl
from chessarbiter.timecontrol.wording import Phrase, PhraseKind, describe

from . import models as m
from .services import (
    ServiceError,
    atomic,
    audit,
    bracket_played,
    check_stored_event,
    clean_row,
    locked_event,
)


def entrants(event: m.Event) -> tuple[list[m.Player], list[lib.Entrant]]:
    """The players still in the event, as the bracket library sees them: entry stage and
    rating (Stage by Stage 1997 numbers them by both; the cup takes them in start-number order, the
    seeded bracket by rating)."""
    players = list(event.players.filter(withdrawn_from_round__isnull=True).order_by("number"))
    return players, [
        lib.Entrant(
            name=p.name,
            number=p.personal_number if event.knockout_scheme == "fide-1997" else None,
            entry_stage=p.entry_stage,
            ratings=(p.rating,),
        )
        for p in players
    ]


@atomic
def draw(event: m.Event, user: Any) -> int:
    """Draw the bracket of the event's scheme from its players (again, while no game is
    played). Returns the number of matches."""
    event = locked_event(event)
    if not event.on_bracket():
        raise ServiceError(_("Only a knockout event has a bracket."))
    if bracket_played(event):
        raise ServiceError(_("Games are played: the bracket cannot be drawn again."))
    if event.system == m.Event.System.TEAM_CUP:
        # Team Competitions 1972, the Olympic system: the teams seated in their numbers'
        # order, each match of the event's legs
        teams = list(event.teams.order_by("number"))
        if len(teams) < 2:
            raise ServiceError(_("Register at least two teams first."))
        drawn = lib.draw([lib.Entrant(t.name, t.number) for t in teams], "cup", event.cup_legs)
        for t, n in zip(teams, drawn.numbers, strict=True):
            t.bracket_number = n
        m.Team.objects.bulk_update(teams, ["bracket_number"])
    else:
        players, people = entrants(event)
        if len(players) < 2:
            raise ServiceError(_("Register at least two players first."))
        drawn = lib.draw(people, event.knockout_scheme)
        for p, n in zip(players, drawn.numbers, strict=True):
            p.bracket_number = n
        m.Player.objects.bulk_update(players, ["bracket_number"])
    bracket = drawn.matches
    event.knockout_matches.all().delete()
    m.KnockoutMatch.objects.bulk_create(
        m.KnockoutMatch(
            event=event,
            number=x.number,
            stage=x.stage,
            games=x.games,
            first=str(x.first),
            second=str(x.second),
        )
        for x in bracket
    )
    check_stored_event(event)
    audit(event, user, "knockout.draw", _("Bracket drawn: %(n)d matches") % {"n": len(bracket)})
    return len(bracket)


def state(event: m.Event) -> lib.BracketState:
    """The bracket with the results recorded so far."""
    rows = list(event.knockout_matches.all())
    st = lib.BracketState(
        [
            lib.Match(r.number, r.stage, r.games, lib.Side.parse(r.first), lib.Side.parse(r.second))
            for r in rows
        ]
    )
    for r in rows:
        if r.winner:
            st.results[r.number] = lib.MatchResult(r.winner, r.how or "games")
    # a player withdrawn after the draw loses his next match by walkover (and any later one
    # he would have reached): derived, so re-entering him undoes it while nothing was played
    for p in event.players.filter(withdrawn_from_round__isnull=False, bracket_number__isnull=False):
        if p.bracket_number is not None:
            st.withdraw(p.bracket_number)
    # a team withdrawn from a cup match (:func:`withdraw_team`) likewise
    for r in rows:
        if r.withdrawn:
            gone = st.participants(r.number)[0 if r.withdrawn == "first" else 1]
            if gone is not None:
                st.withdraw(gone)
    return st


def decision(
    event: m.Event, row: m.KnockoutMatch, stage_matches: list[int] | None = None
) -> engine.Decision:
    """Where the match stands (the library's match engine): decided, or the next game with
    its phase, colours (lots drawn from the event's published seed) and time control.
    ``stage_matches``: the numbers of the matches of ``row``'s stage, when the caller has
    them (read from the database otherwise)."""
    scores = [float(g.score) for g in row.game_set.all()]
    lots: dict[str, engine.Side] = {}
    if event.match_format == "fide-1997":
        # Stage by Stage 1997: one lot for the stage's first pair, then alternating down the list
        if stage_matches is None:
            stage_matches = list(
                event.knockout_matches.filter(stage=row.stage).values_list("number", flat=True)
            )
        first = random.Random(f"{event.lot_seed}:{row.stage}").choice(engine.SIDES)
        lots["main"] = engine.stage_first_colours(sorted(stage_matches), first)[row.number]
    return engine.next_game(
        engine.preset(event.match_format, row.stage),
        scores,
        lots=lots,
        seed=event.lot_seed * 1000 + row.number,
        armageddon=row.armageddon,
        armageddon_white=_side(row.armageddon_white),
    )


def _side(text: str) -> engine.Side | None:
    if text == "first":
        return engine.FIRST
    if text == "second":
        return engine.SECOND
    return None


def _not_a_team_cup(event: m.Event) -> None:
    """A team cup's matches are played by legs (:func:`add_leg`), not game by game."""
    if event.system == m.Event.System.TEAM_CUP:
        raise ServiceError(_("A team cup's matches are recorded leg by leg, a result a board."))


def _check_open(event: m.Event, row: m.KnockoutMatch) -> lib.BracketState:
    """A match takes a game, a walkover or an armageddon only while it is undecided and both
    its players are known (the winners of the matches before it).

    :raises ServiceError: otherwise, saying which. Returns the bracket as it stands."""
    current = state(event)
    if row.winner or current.result(row.number) is not None:
        raise ServiceError(_("Match %(n)d is decided.") % {"n": row.number})
    if None in current.participants(row.number):
        raise ServiceError(_("Match %(n)d cannot be played yet.") % {"n": row.number})
    return current


@atomic
def add_game(row: m.KnockoutMatch, user: Any, result: str, version: int | None = None) -> None:
    """Record the next game of a match, its ``result`` written White-Black (``1-0``, ``½-½``,
    ``0-1``): who had White in it is the match engine's decision for that game (the colour
    lots drawn from the event's published seed, the armageddon's chosen colour), and the game
    is stored as the first side's points. The match is decided when the engine says so.
    ``version``: as seen by the arbiter (a stale one is refused)."""
    event = locked_event(row.event)
    _not_a_team_cup(event)
    row = m.KnockoutMatch.objects.get(pk=row.pk)
    if version is not None and version != row.version:
        raise ServiceError(
            _("Match %(n)d was changed meanwhile; nothing was saved.") % {"n": row.number}
        )
    current = _check_open(event, row)
    before = decision(event, row)
    game = before.next_game
    if game is None:
        raise ServiceError(_("Match %(n)d is decided.") % {"n": row.number})
    if game.white is None:
        raise ServiceError(
            _("Who has White in game %(g)d of match %(n)d is not known yet.")
            % {"g": game.number, "n": row.number}
        )
    try:
        score = Decimal(str(engine.first_points(game.white, result)))
    except engine.MatchError:
        raise ServiceError(
            _("A game's result is 1-0, ½-½ or 0-1 (White first), not %(r)s.") % {"r": result}
        ) from None
    m.KnockoutGame.objects.create(match=row, number=game.number, score=score)
    after = decision(event, row)
    winner = after.winner if after.finished else ""
    m.KnockoutMatch.objects.filter(pk=row.pk).update(
        winner=winner or "", how="games" if winner else "", version=F("version") + 1
    )
    who = names(event)
    first, second = (_name(who, n) for n in current.participants(row.number))
    white, black = (first, second) if game.white == engine.FIRST else (second, first)
    white_points = float(score) if game.white == engine.FIRST else 1.0 - float(score)
    check_stored_event(event)
    audit(
        event,
        user,
        "knockout.game",
        _("Match %(n)d, game %(g)d (%(phase)s): %(w)s - %(b)s %(res)s")
        % {
            "n": row.number,
            "g": game.number,
            "phase": game.phase,
            "w": white,
            "b": black,
            "res": engine.game_result(white_points),
        }
        + (" " + _("decided") if winner else ""),
    )


@atomic
def order_armageddon(row: m.KnockoutMatch, user: Any, white: str) -> None:
    """Stage by Stage 1997: the chief arbiter orders the single decisive game; ``white`` is the lot
    winner's choice."""
    event = locked_event(row.event)
    _not_a_team_cup(event)
    row = m.KnockoutMatch.objects.get(pk=row.pk)
    if white not in ("first", "second"):
        raise ServiceError(_("Say who has white."))
    _check_open(event, row)
    m.KnockoutMatch.objects.filter(pk=row.pk).update(
        armageddon=True, armageddon_white=white, version=F("version") + 1
    )
    row.refresh_from_db()
    try:
        decision(event, row)
    except engine.MatchError as e:
        raise ServiceError(str(e)) from e
    check_stored_event(event)
    audit(
        event, user, "knockout.armageddon", _("Match %(n)d: armageddon ordered") % {"n": row.number}
    )


@atomic
def walkover(row: m.KnockoutMatch, user: Any, winner: str) -> None:
    """The other side did not play (withdrew, failed to appear): ``winner`` goes through."""
    event = locked_event(row.event)
    row = m.KnockoutMatch.objects.get(pk=row.pk)
    _check_open(event, row)
    if winner not in ("first", "second"):
        raise ServiceError(_("Say who goes through."))
    m.KnockoutMatch.objects.filter(pk=row.pk).update(
        winner=winner, how="walkover", version=F("version") + 1
    )
    check_stored_event(event)
    audit(event, user, "knockout.walkover", _("Match %(n)d: walkover") % {"n": row.number})


def _duration(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    if rest == 0:
        return _("%(m)d min") % {"m": minutes}
    return _("%(m)d min %(s)d s") % {"m": minutes, "s": rest}


def _phrase(p: Phrase) -> str:
    """One phrase of :func:`chessarbiter.timecontrol.wording.describe` in the user's
    language (in English: :meth:`chessarbiter.timecontrol.wording.Phrase.english`)."""
    time, n, start = _duration(p.seconds), p.moves or 0, p.start or 0
    values = {"n": n, "time": time, "s": p.seconds, "m": start}
    if p.kind is PhraseKind.MOVES:
        text = ngettext("%(n)d move in %(time)s", "%(n)d moves in %(time)s", n) % values
    elif p.kind is PhraseKind.GAME:
        text = _("%(time)s for the game") % values
    elif p.kind is PhraseKind.REST:
        text = time
    elif p.kind is PhraseKind.REPEAT:
        text = (
            ngettext(
                "%(n)d move in %(time)s, repeated to the end of the game",
                "%(n)d moves in %(time)s, repeated to the end of the game",
                n,
            )
            % values
        )
    elif p.kind is PhraseKind.INCREMENT:
        text = _("%(s)d s a move from move %(m)d") % values
    elif p.kind is PhraseKind.DELAY:
        text = _("%(s)d s delay a move from move %(m)d") % values
    elif p.kind is PhraseKind.BRONSTEIN:
        text = _("%(s)d s Bronstein delay a move from move %(m)d") % values
    elif p.kind is PhraseKind.NO_INCREMENT:
        text = _("no increment from move %(m)d") % values
    elif p.kind is PhraseKind.UNKNOWN:
        text = _("time control not known")
    elif p.kind is PhraseKind.UNTIMED:
        text = _("no time control")
    else:
        text = _("%(time)s sandclock") % values
    return _("then %(phrase)s") % {"phrase": text} if p.then else text


def control_text(control: TimeControl) -> str:
    """A time control as arbiters write it, in the user's language: the library's wording
    (:func:`chessarbiter.timecontrol.wording.describe`), phrase by phrase through gettext."""
    return ", ".join(_phrase(p) for p in describe(control))


@dataclass(frozen=True)
class GameLine:
    """A game of a match as the arbiter reads it: who had White and Black (names, '' when
    not known), its phase, its time control as arbiters write it and in PGN notation (each
    colour's when they differ, an armageddon's), and the result written White-Black ('' for
    the next game)."""

    number: int
    phase: str
    time_control: str
    white: str
    black: str
    result: str
    time_control_pgn: str = ""


@dataclass(frozen=True)
class MatchView:
    row: m.KnockoutMatch
    first: str
    second: str
    ready: bool
    decision: engine.Decision | None
    #: A team cup's match: its legs, colours and decision (``None`` otherwise).
    cup: CupMatch | None = None
    #: The bracket's result of the match (a walkover derived from a withdrawal included).
    result: lib.MatchResult | None = None

    @property
    def winner(self) -> str:
        """first or second once decided ('' before), stored or derived by the bracket."""
        return self.row.winner or (self.result.winner if self.result else "")

    @property
    def how(self) -> str:
        """games or walkover once decided ('' before)."""
        return self.row.how or (self.result.how if self.result else "")

    def _line(self, game: engine.Game) -> GameLine:
        by_side = {engine.FIRST: self.first, engine.SECOND: self.second}
        white, black = game.white_clock.to_pgn(), game.black_clock.to_pgn()
        if white == black:
            written = control_text(game.white_clock)
        else:
            written = _("White: %(white)s; Black: %(black)s") % {
                "white": control_text(game.white_clock),
                "black": control_text(game.black_clock),
            }
        return GameLine(
            number=game.number,
            phase=game.phase,
            time_control=written,
            time_control_pgn=white if white == black else f"{white} / {black}",
            white=by_side[game.white] if game.white is not None else "",
            black=by_side[game.black] if game.black is not None else "",
            result=game.result or "",
        )

    @property
    def games(self) -> list[GameLine]:
        """The games played, results written White-Black."""
        return [self._line(g) for g in self.decision.games] if self.decision else []

    @property
    def next_game(self) -> GameLine | None:
        """The game to play next, with its colours (when known) and time control."""
        if self.decision is None or self.decision.next_game is None:
            return None
        return self._line(self.decision.next_game)


def names(event: m.Event) -> dict[int, str]:
    """The participants' names by bracket number: players, or a team cup's teams."""
    if event.system == m.Event.System.TEAM_CUP:
        return {
            t.bracket_number: t.name
            for t in event.teams.exclude(bracket_number__isnull=True)
            if t.bracket_number is not None
        }
    return {
        p.bracket_number: p.name
        for p in event.players.exclude(bracket_number__isnull=True)
        if p.bracket_number is not None
    }


def _name(who: dict[int, str], number: int | None) -> str:
    return who.get(number, str(number)) if number is not None else ""


def bracket_svg(event: m.Event) -> str:
    """The bracket as it stands (the library's drawing): the winner of each decided match,
    over the board or by walkover, in his place in the next match; '' before the draw."""
    from chessarbiter.pairing.knockout.bracket_svg import bracket_svg as draw

    st = state(event)
    if not st.matches:
        return ""
    return draw(list(st.matches.values()), names(event), st)


def views(event: m.Event) -> list[MatchView]:
    """Every match with its participants' names and, when playable, where it stands."""
    st = state(event)
    who = names(event)
    out = []
    team_cup = event.system == m.Event.System.TEAM_CUP
    rows = (
        _cup_rows(event) if team_cup else list(event.knockout_matches.prefetch_related("game_set"))
    )
    stages: dict[int, list[int]] = {}
    for row in rows:
        stages.setdefault(row.stage, []).append(row.number)
    colours = cup_colours(event, rows, st) if team_cup else {}
    by_number = _cup_teams(event) if team_cup else {}
    for row in rows:
        a, b = st.participants(row.number)
        ready = a is not None and b is not None
        first = who.get(a, str(a)) if a is not None else row.first
        second = who.get(b, str(b)) if b is not None else row.second
        if team_cup:
            sides = (
                by_number.get(a) if a is not None else None,
                by_number.get(b) if b is not None else None,
            )
            cup = cup_match(
                event,
                row,
                colours.get(row.number),
                (first, second),
                sides,
                _walked_over(st, row.number),
            )
            out.append(MatchView(row, first, second, ready, None, cup, st.result(row.number)))
            continue
        out.append(
            MatchView(
                row,
                first,
                second,
                ready,
                decision(event, row, stages[row.stage])
                if ready and row.how != "walkover"
                else None,
            )
        )
    return out


@atomic
def replace(player: m.Player, user: Any, **fields: Any) -> m.Player:
    """Stage by Stage 1997's replacements: a new participant takes the withdrawing player's place in
    the bracket (his slot and entry stage), allowed while that player has played no game."""
    event = locked_event(player.event)
    player = m.Player.objects.get(pk=player.pk)
    if player.bracket_number is None:
        raise ServiceError(_("%(p)s is not in the bracket.") % {"p": str(player)})
    st = state(event)
    for row in event.knockout_matches.all():
        if player.bracket_number in st.participants(row.number) and (
            row.winner or row.game_set.exists()
        ):
            raise ServiceError(_("%(p)s has played: too late to replace him.") % {"p": str(player)})
    slot = player.bracket_number
    player.bracket_number = None
    player.withdrawn_from_round = 1
    player.save(update_fields=["bracket_number", "withdrawn_from_round"])
    number = (event.players.aggregate(n=Max("number"))["n"] or 0) + 1
    new = m.Player(
        event=event, number=number, entry_stage=player.entry_stage, bracket_number=slot, **fields
    )
    clean_row(new)
    new.save()
    check_stored_event(event, players=True)
    audit(
        event,
        user,
        "knockout.replace",
        _("%(new)s replaces %(old)s in the bracket") % {"new": str(new), "old": str(player)},
    )
    return new


# -- team cup (Team Competitions 1972) ------------------------------------------------------------


_V = TypeVar("_V")


def _by_leg(
    games: Iterable[m.KnockoutGame], value: Callable[[m.KnockoutGame], _V | None]
) -> dict[int, dict[int, _V]]:
    """``value`` of each game of the recorded legs of a team cup match, by board, by leg
    (a game whose value is ``None`` or ``""`` left out)."""
    out: dict[int, dict[int, _V]] = {}
    for g in games:
        if g.leg is not None and g.board is not None:
            v = value(g)
            if v is not None and v != "":
                out.setdefault(g.leg, {})[g.board] = v
    return out


def _legs(row: m.KnockoutMatch) -> dict[int, dict[int, float]]:
    """The legs recorded of a team cup match: the first team's points by board, by leg."""
    return _legs_of(row.game_set.all())


def _legs_of(games: Iterable[m.KnockoutGame]) -> dict[int, dict[int, float]]:
    return _by_leg(games, lambda g: float(g.score))


Seat: TypeAlias = tuple[m.Player | None, m.Player | None]
"""The players with White and Black on a board (``None`` when the leg was stored without
its line-up, or the team registered no players)."""


def _empties(games: Iterable[m.KnockoutGame]) -> dict[int, dict[int, str]]:
    """The boards of the recorded legs left empty: the empty side (``w``/``b``) by board, by
    leg."""
    return _by_leg(games, lambda g: g.empty)


def _seats(games: Iterable[m.KnockoutGame]) -> dict[int, dict[int, Seat]]:
    """The line-ups of the legs recorded of a team cup match: White and Black by board, by
    leg."""
    return _by_leg(games, lambda g: (g.white, g.black))


def _cup_teams(event: m.Event) -> dict[int, tuple[m.Team, list[m.Player]]]:
    """The teams of a team cup by bracket number, each with its list in board order (main
    players first, then the reserves: the order of the team events' line-up checks)."""
    teams = {t.pk: t for t in event.teams.exclude(bracket_number__isnull=True)}
    lists: dict[int, list[m.Player]] = {pk: [] for pk in teams}
    for p in event.players.filter(team__in=list(teams)).order_by("team_order", "number"):
        if p.team_id is not None:
            lists[p.team_id].append(p)
    return {
        t.bracket_number: (t, lists[pk]) for pk, t in teams.items() if t.bracket_number is not None
    }


def cup_colours(
    event: m.Event, rows: list[m.KnockoutMatch], st: lib.BracketState
) -> dict[int, engine.TeamColours]:
    """The colours of leg 1 of every team cup match whose two teams are known (the library's
    :func:`~chessarbiter.pairing.knockout.matches.team_cup_colours`, Team Competitions 1972):
    round 1 to the lower number; later to the team that had black on board 1 more often in
    the legs of the earlier rounds (:func:`~chessarbiter.pairing.knockout.matches.cup_blacks`,
    each leg's colours by :func:`~chessarbiter.pairing.knockout.matches.leg_colours`); equal,
    a lot drawn from the event's published seed and the match's number. Not stored: computed
    from the bracket and the legs played each time."""
    out: dict[int, engine.TeamColours] = {}
    stage_of = {r.number: r.stage for r in rows}
    played = {r.number: len(_legs(r)) for r in rows}
    for stage in sorted(set(stage_of.values())):
        earlier: list[tuple[int, int, engine.TeamColours]] = []
        for number, first_leg in out.items():
            a, b = st.participants(number)
            if stage_of[number] < stage and a is not None and b is not None:
                earlier += [
                    (a, b, engine.leg_colours(first_leg, k)) for k in range(1, played[number] + 1)
                ]
        for row in rows:
            a, b = st.participants(row.number)
            if row.stage != stage or a is None or b is None:
                continue
            blacks = (engine.cup_blacks(earlier, a), engine.cup_blacks(earlier, b))
            out[row.number] = engine.team_cup_colours(
                stage, (a, b), blacks, rng=random.Random(f"{event.lot_seed}:{row.number}")
            )
    return out


@dataclass(frozen=True)
class BoardLine:
    """A board of a leg: the teams with White and Black on it, the players seated there
    ('' when the leg was stored without its line-up) and the result written White-Black (''
    while not played). The next leg's boards carry the line-up form: the side (first or
    second) with White, each team's list to choose from and the player seated by default
    (the list's order)."""

    board: int
    white: str
    black: str
    result: str
    white_player: str = ""
    black_player: str = ""
    white_side: str = ""
    white_choices: tuple[m.Player, ...] = ()
    black_choices: tuple[m.Player, ...] = ()
    white_pick: int | None = None
    black_pick: int | None = None

    @property
    def black_side(self) -> str:
        return "second" if self.white_side == "first" else "first"

    @property
    def white_label(self) -> str:
        """White as the match page writes it: "Ivanov (Dynamo)", or the team alone."""
        return f"{self.white_player} ({self.white})" if self.white_player else self.white

    @property
    def black_label(self) -> str:
        return f"{self.black_player} ({self.black})" if self.black_player else self.black


@dataclass(frozen=True)
class LegView:
    """A leg of a team cup match: its colours (the team with white on board 1 and the odd
    boards hosts it), its boards, and the two teams' points in it (``None`` while not
    played)."""

    number: int
    colours: engine.TeamColours
    host: str
    boards: list[BoardLine]
    points: tuple[float, float] | None

    @property
    def score(self) -> str:
        if self.points is None:
            return ""
        return f"{engine.points_text(self.points[0])}-{engine.points_text(self.points[1])}"


@dataclass(frozen=True)
class CupMatch:
    """Where a team cup match stands: the legs played, the next leg (``None`` when decided
    or waiting for an armageddon), the points of the legs being played (the match, or its
    replay), and the library's decision once they are all in."""

    colours: engine.TeamColours | None
    legs: list[LegView]
    next_leg: LegView | None
    points: tuple[float, float]
    decision: engine.TeamMatchDecision | None
    replays: int
    #: The two teams (``None`` while not known), for the withdrawal buttons.
    teams: tuple[m.Team | None, m.Team | None] = (None, None)
    #: Decided by walkover (a team withdrew, or did not play), with or without legs.
    walkover: bool = False
    #: The team that withdrew from the match ('' when none did).
    withdrawn: str = ""

    @property
    def score(self) -> str:
        return f"{engine.points_text(self.points[0])}-{engine.points_text(self.points[1])}"


def _leg_view(
    number: int,
    colours: engine.TeamColours,
    names: tuple[str, str],
    boards: int,
    points: dict[int, float] | None,
    seats: dict[int, Seat] | None = None,
    lists: tuple[list[m.Player], list[m.Player]] | None = None,
    empties: dict[int, str] | None = None,
) -> LegView:
    """A leg as the match page shows it: a played one with its line-up (``seats``), the
    next one with the teams' ``lists`` to seat their players from."""
    colours = engine.leg_colours(colours, number)
    by_side = dict(zip(engine.SIDES, names, strict=True))
    lines = []
    for k in range(1, boards + 1):
        white = colours.white_on(k)
        black = engine.other(white)
        result = ""
        if points is not None and k in points:
            pts = points[k]
            result = engine.game_result(pts if white == engine.FIRST else 1.0 - pts)
        empty = (empties or {}).get(k, "")
        if empty:  # a forfeit, written White first
            result = "-/+" if empty == "w" else "+/-"
        seat = (seats or {}).get(k, (None, None))
        choose: dict[str, list[m.Player]] = {}
        if lists is not None:
            choose = dict(zip(engine.SIDES, lists, strict=True))
        w_list, b_list = choose.get(white, []), choose.get(black, [])
        lines.append(
            BoardLine(
                k,
                by_side[white],
                by_side[black],
                result,
                white_player=_("empty board") if empty == "w" else seat[0].name if seat[0] else "",
                black_player=_("empty board") if empty == "b" else seat[1].name if seat[1] else "",
                white_side=white,
                white_choices=tuple(w_list),
                black_choices=tuple(b_list),
                white_pick=w_list[k - 1].pk if k <= len(w_list) else None,
                black_pick=b_list[k - 1].pk if k <= len(b_list) else None,
            )
        )
    total = None
    if points is not None:
        first = float(sum(points.values()))
        total = (first, float(len(points)) - first)
    return LegView(number, colours, by_side[colours.white_on_odd_boards], lines, total)


def cup_rules(event: m.Event) -> tuple[list[engine.DrawnMatchRule], list[float] | None]:
    """The event's rules for a drawn match and its board weights (``None`` when not given),
    read by the library (the settings were validated when stored)."""
    rules = engine.parse_drawn_rules(event.cup_drawn_match)
    weights = (
        engine.parse_board_weights(event.cup_board_weights, event.boards_per_team)
        if event.cup_board_weights.strip()
        else None
    )
    return rules, weights


def cup_match(
    event: m.Event,
    row: m.KnockoutMatch,
    colours: engine.TeamColours | None,
    names: tuple[str, str],
    sides: tuple[tuple[m.Team, list[m.Player]] | None, tuple[m.Team, list[m.Player]] | None] = (
        None,
        None,
    ),
    walkover: bool = False,
) -> CupMatch:
    """A team cup match as it stands (Team Competitions 1972): its legs in groups of the
    event's legs a match; each complete group decided by the library
    (:func:`~chessarbiter.pairing.knockout.matches.two_legged_decision`: game points added
    board by board, a drawn total to the event's rules); a "replay" opens the next group.
    ``sides``: the two teams with their lists, when known (the next leg's line-up form);
    ``walkover``: the bracket says the match went by walkover (no further leg)."""
    games = list(row.game_set.all())  # one read for the points, the seats and the empty boards
    legs = _legs_of(games)
    seats = _seats(games)
    empties = _empties(games)
    boards = event.boards_per_team
    teams = (sides[0][0] if sides[0] else None, sides[1][0] if sides[1] else None)
    gone = ""
    if row.withdrawn in engine.SIDES:
        gone = names[0] if row.withdrawn == engine.FIRST else names[1]
    if colours is None:
        return CupMatch(None, [], None, (0.0, 0.0), None, 0, teams, walkover, gone)
    order = sorted(legs)
    views = [
        _leg_view(n, colours, names, boards, legs[n], seats.get(n), empties=empties.get(n))
        for n in order
    ]
    rules, weights = cup_rules(event)
    size = event.cup_legs
    # the legs being played: the last complete group of ``size`` legs, or the group begun;
    # every group before it was a drawn match replayed
    start = (
        len(order) - size if order and len(order) % size == 0 else len(order) - len(order) % size
    )
    current = [[legs[n].get(k, 0.0) for k in range(1, boards + 1)] for n in order[start:]]
    decided: engine.TeamMatchDecision | None = None
    if len(current) == size:
        decided = engine.two_legged_decision(current, rules, weights=weights)
    first = float(sum(sum(leg) for leg in current))
    points = (first, float(boards * len(current)) - first)
    replays = start // size
    if decided is not None and decided.action is engine.DrawnMatchRule.REPLAY:
        replays += 1
    walkover = walkover or row.how == "walkover"
    open_leg = (
        not walkover
        and not row.winner
        and (decided is None or decided.action is engine.DrawnMatchRule.REPLAY)
    )
    lists = ([], []) if None in sides else (_list_of(sides[0]), _list_of(sides[1]))
    nxt = _leg_view(len(order) + 1, colours, names, boards, None, lists=lists) if open_leg else None
    return CupMatch(colours, views, nxt, points, decided, replays, teams, walkover, gone)


def _list_of(side: tuple[m.Team, list[m.Player]] | None) -> list[m.Player]:
    return side[1] if side is not None else []


def _cup_rows(event: m.Event) -> list[m.KnockoutMatch]:
    """The cup's matches with their board rows and the players seated on them."""
    return list(
        event.knockout_matches.prefetch_related("game_set__white", "game_set__black").order_by(
            "number"
        )
    )


def _walked_over(st: lib.BracketState, number: int) -> bool:
    result = st.result(number)
    return result is not None and result.how == "walkover"


def _cup_now(event: m.Event, row: m.KnockoutMatch) -> tuple[CupMatch, tuple[str, str]]:
    """The team cup match ``row`` as it stands, and its two teams' names."""
    st = state(event)
    rows = _cup_rows(event)
    row = next(r for r in rows if r.pk == row.pk)
    who = names(event)
    by_number = _cup_teams(event)
    a, b = st.participants(row.number)
    teams = (_name(who, a), _name(who, b))
    sides = (
        by_number.get(a) if a is not None else None,
        by_number.get(b) if b is not None else None,
    )
    colours = cup_colours(event, rows, st).get(row.number)
    now = cup_match(event, row, colours, teams, sides, _walked_over(st, row.number))
    return now, teams


PostedLineup: TypeAlias = "Sequence[str | int | None] | None"
"""A team's line-up for a leg as posted: a player's id a board, board 1 first (``None`` or
'' for an empty board); ``None`` for the team's list order."""


def leg_lineup(
    event: m.Event, side: tuple[m.Team, list[m.Player]] | None, posted: PostedLineup
) -> tuple[list[m.Player | None], frozenset[int]]:
    """A team's line-up for the next leg of a cup match, checked: by default its players in
    list order (the first ``boards_per_team`` the main players, the others the reserves);
    a posted one (reserves seated) is checked by the library's
    :func:`chessarbiter.pairing.teams.lineups.validate_lineup` under the event's reserve
    regime (Team Competitions 1972, "Teams": the shifting or fixed-boards regime, players
    not registered, the two-thirds rule), as the team events' line-ups are; a board left
    empty (``None``) is no refusal but a game lost by forfeit: the second value, the boards
    the library says the team loses so. A team that registered no players plays under its
    name alone (every board ``None``, none lost).

    :raises ServiceError: a player not in the event, a list shorter than the boards, or any
        problem the library finds, in its words."""
    boards = event.boards_per_team
    if side is None or not side[1]:
        return [None] * boards, frozenset()
    team, players = side
    if len(players) < boards:
        raise ServiceError(
            _("%(team)s has %(n)d players for %(b)d boards: register its players first.")
            % {"team": team.name, "n": len(players), "b": boards}
        )
    if posted is None:
        seated: list[m.Player | None] = list(players[:boards])
    else:
        if len(posted) != boards:
            raise ServiceError(
                _("A leg has %(b)d boards: seat a player of %(team)s on each (got %(g)d).")
                % {"b": boards, "team": team.name, "g": len(posted)}
            )
        ids: list[int | None] = []
        for k, value in enumerate(posted, start=1):
            text = str(value).strip() if value is not None else ""
            if text and not text.isdigit():
                raise ServiceError(
                    _("Board %(k)d of %(team)s: no such player.") % {"k": k, "team": team.name}
                )
            ids.append(int(text) if text else None)
        known = {p.pk: p for p in event.players.filter(pk__in=[i for i in ids if i is not None])}
        seated = []
        for k, pk in enumerate(ids, start=1):
            if pk is not None and pk not in known:
                raise ServiceError(
                    _("Board %(k)d of %(team)s: no such player.") % {"k": k, "team": team.name}
                )
            seated.append(known[pk] if pk is not None else None)
    try:
        problems = lineups.validate_lineup(
            lineups.Roster(
                team.name,
                main=tuple(p.number for p in players[:boards]),
                reserves=tuple(p.number for p in players[boards:]),
            ),
            [p.number if p is not None else None for p in seated],
            lineups.ReserveRegime(event.reserve_regime),
        )
    except lineups.LineupError as e:
        raise ServiceError(str(e)) from e
    # an empty board is a game lost by forfeit (the library's game_lost), not a refusal
    empty = frozenset(
        p.board
        for p in problems
        if p.kind is lineups.ProblemKind.EMPTY_BOARD and p.board is not None
    )
    problems = [p for p in problems if p.kind is not lineups.ProblemKind.EMPTY_BOARD]
    if problems:
        raise ServiceError(
            _("The line-up is refused: %(problems)s") % {"problems": "; ".join(map(str, problems))}
        )
    return seated, empty


@atomic
def add_leg(
    row: m.KnockoutMatch,
    user: Any,
    results: list[str],
    version: int | None = None,
    lineup: tuple[PostedLineup, PostedLineup] = (None, None),
) -> None:
    """Record the next leg of a team cup match: ``results``, one a board, board 1 first, each
    written White-Black (``1-0``, ``½-½``, ``0-1``) as the library reads a game's result; who
    had White on each board is the leg's colours (Team Competitions 1972: the host team has
    white on board 1 and the odd boards). ``lineup``: the first and the second team's
    players, board by board (:func:`leg_lineup`: their lists' order by default, reserves
    seated by the library's line-up rules), stored with the boards; a board a team leaves
    empty is lost by forfeit (no result is given for it; empty on both sides is refused).
    A leg is recorded whole or not at all, and never over another: a match decided, or
    waiting for its armageddon, takes no leg. The match is decided when the library says so
    (a drawn match by the event's rules: board weights, or a replay that opens the next
    legs). ``version``: as seen by the arbiter (a stale one is refused)."""
    event = locked_event(row.event)
    if event.system != m.Event.System.TEAM_CUP:
        raise ServiceError(_("Only a team cup's matches have legs."))
    row = m.KnockoutMatch.objects.get(pk=row.pk)
    if version is not None and version != row.version:
        raise ServiceError(
            _("Match %(n)d was changed meanwhile; nothing was saved.") % {"n": row.number}
        )
    current = _check_open(event, row)
    before, teams = _cup_now(event, row)
    leg = before.next_leg
    if leg is None:
        raise ServiceError(_("Match %(n)d takes no more legs.") % {"n": row.number})
    by_number = _cup_teams(event)
    checked = [
        leg_lineup(event, by_number.get(n) if n is not None else None, posted)
        for n, posted in zip(current.participants(row.number), lineup, strict=True)
    ]
    seated = [players for players, _empty in checked]
    boards = event.boards_per_team
    if len(results) != boards:
        raise ServiceError(
            _("A leg has %(b)d boards: give one result for each (got %(g)d).")
            % {"b": boards, "g": len(results)}
        )
    # the boards the library says a team loses by leaving them empty (Team Competitions 1972)
    gone: dict[int, str] = {}
    for side_name, (_players, empty) in zip(engine.SIDES, checked, strict=True):
        for board in empty:
            if board in gone:
                raise ServiceError(
                    _("Board %(k)d is empty on both sides: seat a player of either team.")
                    % {"k": board}
                )
            gone[board] = side_name
    scores: list[Decimal] = []
    for line, result in zip(leg.boards, results, strict=True):
        white = leg.colours.white_on(line.board)
        if line.board in gone:
            if result.strip():
                raise ServiceError(
                    _("Board %(k)d is empty: a game lost by forfeit, no result to enter.")
                    % {"k": line.board}
                )
            lost, won = Result.FORFEIT_LOSS, Result.FORFEIT_WIN
            pair = (lost, won) if gone[line.board] == engine.FIRST else (won, lost)
            scores.append(lineups.board_points(*pair)[0])
            continue
        try:
            scores.append(Decimal(str(engine.first_points(white, result))))
        except engine.MatchError:
            raise ServiceError(
                _("Board %(k)d: a game's result is 1-0, ½-½ or 0-1 (White first), not %(r)s.")
                % {"k": line.board, "r": result[:20] or "''"}
            ) from None
    by_side = dict(zip(engine.SIDES, seated, strict=True))
    m.KnockoutGame.objects.bulk_create(
        m.KnockoutGame(
            match=row,
            number=(leg.number - 1) * boards + board,
            leg=leg.number,
            board=board,
            score=score,
            white=by_side[leg.colours.white_on(board)][board - 1],
            black=by_side[engine.other(leg.colours.white_on(board))][board - 1],
            empty=(
                ("w" if gone[board] == leg.colours.white_on(board) else "b")
                if board in gone
                else ""
            ),
        )
        for board, score in enumerate(scores, start=1)
    )
    after, _teams = _cup_now(event, row)
    d = after.decision
    winner = d.winner if d is not None and d.finished and d.winner else ""
    m.KnockoutMatch.objects.filter(pk=row.pk).update(
        winner=winner, how="games" if winner else "", version=F("version") + 1
    )
    first = float(sum(scores))
    check_stored_event(event)
    outcome = ""
    if d is not None and winner:
        outcome = " " + _("decided")
    elif d is not None and d.action is not None:
        outcome = " " + _("drawn match: %(action)s") % {"action": d.action.value}
    audit(
        event,
        user,
        "knockout.leg",
        _("Match %(n)d, leg %(l)d: %(a)s - %(b)s %(pa)s-%(pb)s")
        % {
            "n": row.number,
            "l": leg.number,
            "a": teams[0],
            "b": teams[1],
            "pa": engine.points_text(first),
            "pb": engine.points_text(boards - first),
        }
        + outcome,
    )


@atomic
def cup_armageddon(row: m.KnockoutMatch, user: Any, winner: str) -> None:
    """The armageddon game that the event's rules order for a drawn team cup match is
    played: ``winner`` (first or second) goes through."""
    event = locked_event(row.event)
    row = m.KnockoutMatch.objects.get(pk=row.pk)
    _check_open(event, row)
    now, teams = _cup_now(event, row)
    if now.decision is None or now.decision.action is not engine.DrawnMatchRule.ARMAGEDDON:
        raise ServiceError(
            _("Match %(n)d is not waiting for an armageddon game.") % {"n": row.number}
        )
    if winner not in ("first", "second"):
        raise ServiceError(_("Say who goes through."))
    m.KnockoutMatch.objects.filter(pk=row.pk).update(
        winner=winner, how="games", version=F("version") + 1
    )
    check_stored_event(event)
    audit(
        event,
        user,
        "knockout.armageddon",
        _("Match %(n)d: armageddon won by %(team)s")
        % {"n": row.number, "team": teams[0] if winner == "first" else teams[1]},
    )


@atomic
def withdraw_team(event: m.Event, team: m.Team, user: Any) -> int:
    """A team withdraws from the cup: its current match (the first on its way not decided
    yet) goes to the opponent by walkover, the library's knockout rules
    (:meth:`chessarbiter.pairing.knockout.brackets.BracketState.withdraw`: a withdrawn
    participant's next match goes to the opponent by walkover as soon as the opponent is
    known), so that it reaches no later match. The legs it played stay recorded. Returns the
    match's number.

    :raises ServiceError: not a team cup, no bracket, the team not in it or withdrawn
        already, or its match already decided (lost: it is out; the final won: the cup is
        over)."""
    event = locked_event(event)
    if event.system != m.Event.System.TEAM_CUP:
        raise ServiceError(_("Only a team cup's teams withdraw from its bracket."))
    team = m.Team.objects.get(pk=team.pk)
    if team.event_id != event.pk or team.bracket_number is None:
        raise ServiceError(_("%(t)s is not in the bracket.") % {"t": team.name})
    st = state(event)
    rows = list(event.knockout_matches.order_by("stage", "number"))
    mine = [r for r in rows if team.bracket_number in st.participants(r.number)]
    for r in mine:
        side = (
            engine.FIRST if st.participants(r.number)[0] == team.bracket_number else engine.SECOND
        )
        if r.withdrawn == side:
            raise ServiceError(
                _("%(t)s has withdrawn already (match %(n)d).") % {"t": team.name, "n": r.number}
            )
    if not mine:
        raise ServiceError(_("%(t)s is not in the bracket.") % {"t": team.name})
    open_rows = [r for r in mine if st.result(r.number) is None]
    if not open_rows:
        last = mine[-1]
        result = st.result(last.number)
        side = (
            engine.FIRST
            if st.participants(last.number)[0] == team.bracket_number
            else engine.SECOND
        )
        if result is not None and result.winner == side:
            raise ServiceError(
                _("Match %(n)d is decided: %(t)s has won the cup.")
                % {"n": last.number, "t": team.name}
            )
        raise ServiceError(
            _("Match %(n)d is decided: %(t)s is out of the cup.")
            % {"n": last.number, "t": team.name}
        )
    row = open_rows[0]
    a, b = st.participants(row.number)
    side = engine.FIRST if a == team.bracket_number else engine.SECOND
    opponent = b if side == engine.FIRST else a
    legs = len(_legs(m.KnockoutMatch.objects.prefetch_related("game_set").get(pk=row.pk)))
    change: dict[str, Any] = {"withdrawn": side, "version": F("version") + 1}
    if opponent is not None:
        change.update(winner=engine.other(side), how="walkover")
    m.KnockoutMatch.objects.filter(pk=row.pk).update(**change)
    check_stored_event(event)
    who = names(event)
    if opponent is not None:
        text = _("%(t)s withdraws from the cup: match %(n)d to %(o)s by walkover") % {
            "t": team.name,
            "n": row.number,
            "o": _name(who, opponent),
        }
    else:
        text = _(
            "%(t)s withdraws from the cup: match %(n)d to its opponent by walkover once known"
        ) % {"t": team.name, "n": row.number}
    if legs:
        text += " " + ngettext(
            "(the %(l)d leg played stays recorded)", "(the %(l)d legs played stay recorded)", legs
        ) % {"l": legs}
    audit(event, user, "knockout.withdraw", text)
    return row.number
