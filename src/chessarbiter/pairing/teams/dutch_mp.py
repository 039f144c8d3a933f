"""The Dutch system on match points for a team Swiss: the teams are the participants of the
FIDE (Dutch) engine (:func:`chessarbiter.pairing.dutch.engine.pair_round`). Each past round
becomes one round entry of the team -- the match as a win, draw or loss under a point system
equal to the event's match points (2/1/0 by default), the colour the team had on board 1, the
PAB and forfeited matches as the engine's bye and forfeit entries (:func:`dutch_tournament`).
The Dutch rules (C.04.3) then apply unchanged, colour rules included.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from chessarbiter.editions import DutchEdition as Edition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Player, PointSystem, Result, RoundEntry, Tournament
from chessarbiter.model.teams import MatchKind, TeamEvent, records
from chessarbiter.pairing.teams.team_swiss import (
    PAIRED_KINDS,
    ZERO,
    TeamBoard,
    TeamRoundPairing,
    TeamSwissSystem,
    board1_colour,
    paired_rounds,
)


def _rating(members: Sequence[int], ratings: Mapping[int, int | None] | None) -> int | None:
    """The average of the known ratings of ``members``, rounded half up; ``None`` if none."""
    if not ratings:
        return None
    known = [r for p in members if (r := ratings.get(p))]
    if not known:
        return None
    return int((Decimal(sum(known)) / len(known)).to_integral_value(rounding="ROUND_HALF_UP"))


def dutch_tournament(
    event: TeamEvent,
    total_rounds: int,
    *,
    colours: Mapping[tuple[int, int], Colour] | None = None,
    initial_colour: Colour | None = None,
    player_ratings: Mapping[int, int | None] | None = None,
    absent: Iterable[int] = (),
) -> Tournament:
    """The individual-style tournament whose players are the teams of ``event``.

    Pairing number = team number; rating = the average rating of the team's members, if any
    is known. Each paired round is the team's match: a win, draw or loss (by game points) with
    the board-1 colour (``colours``, see :func:`board1_colours`; otherwise the first-named
    team had White), a forfeited match ``+``/``-`` (a double forfeit ``-``/``-``), the PAB
    ``U``, requested byes ``F``/``H``/``Z``. The point system is the event's match points
    (win/draw/loss; the PAB is worth what the event's PABs were worth, else a won match).
    Requested byes of the round to be paired, and ``absent`` teams, are recorded as
    ``Z``/``H``/``F`` entries of that round, so the engine does not pair them.

    :raises PairingError: if the match points the model gives differ from the event's.
    """
    s = event.scoring
    played = paired_rounds(event)
    pab_values = {m.match_points_a for m in event.matches if m.kind is MatchKind.PAB}
    pab_values.discard(None)
    if len(pab_values) > 1:
        raise PairingError(
            "the pairing-allocated byes of the event are worth different match points "
            f"({', '.join(sorted(str(v) for v in pab_values))}); C.04.1 Art. 3 wants one value"
        )
    pab = next(iter(pab_values)) if pab_values else s.win
    assert pab is not None
    points = PointSystem.simple(
        s.win,
        s.draw,
        s.loss,
        zero_point_bye=s.loss,
        forfeit_loss=s.loss,
        pairing_allocated_bye=pab,
    )
    t = Tournament(
        name=event.name,
        total_rounds=total_rounds,
        initial_colour=initial_colour,
        point_system=points,
    )
    for number in sorted(event.teams):
        team = event.teams[number]
        t.add_player(
            Player(
                number,
                team.name or f"Team {number}",
                rating=_rating(team.members, player_ratings),
            )
        )
    byes = {
        MatchKind.PAB: Result.PAIRING_ALLOCATED_BYE,
        MatchKind.FULL_BYE: Result.FULL_POINT_BYE,
        MatchKind.HALF_BYE: Result.HALF_POINT_BYE,
        MatchKind.ZERO_BYE: Result.ZERO_POINT_BYE,
    }
    for m in sorted(event.matches, key=lambda x: (x.round, x.team_a)):
        if m.round > played + 1 or (m.round == played + 1 and m.kind in PAIRED_KINDS):
            continue
        if m.team_b is None:
            t.player(m.team_a).set_entry(m.round, RoundEntry.bye(byes[m.kind]))
            continue
        colour_a = board1_colour(m, m.team_a, colours)
        if m.kind is MatchKind.PLAYED:
            gp_a, gp_b = m.game_points_a, m.game_points_b
            result = Result.WIN if gp_a > gp_b else Result.DRAW if gp_a == gp_b else Result.LOSS
            t.player(m.team_a).set_entry(m.round, RoundEntry(m.team_b, colour_a, result))
            mirror = result.mirror
            assert mirror is not None
            t.player(m.team_b).set_entry(m.round, RoundEntry(m.team_a, colour_a.opposite, mirror))
            continue
        if m.kind is MatchKind.DOUBLE_FORFEIT:
            result_a = result_b = Result.FORFEIT_LOSS
        elif m.game_points_a > m.game_points_b:
            result_a, result_b = Result.FORFEIT_WIN, Result.FORFEIT_LOSS
        else:
            result_a, result_b = Result.FORFEIT_LOSS, Result.FORFEIT_WIN
        t.player(m.team_a).set_entry(m.round, RoundEntry(m.team_b, colour_a, result_a))
        t.player(m.team_b).set_entry(m.round, RoundEntry(m.team_a, colour_a.opposite, result_b))
    for number in absent:
        if number in t.players and len(t.player(number).results) <= played:
            t.player(number).set_entry(played + 1, RoundEntry.bye(Result.ZERO_POINT_BYE))
    # the model's match points must be the event's (a bye worth other points, 299 penalties)
    for number, rs in records(event).items():
        expected = sum((r.mp for r in rs if r.round <= played), ZERO)
        if t.score(number, played) != expected:
            raise PairingError(
                f"team {number}: {expected} match points in the event, but "
                f"{t.score(number, played)} as Dutch round entries (a bye or PAB worth "
                "other match points than the point system gives)"
            )
    return t


def pair_dutch_mp(
    event: TeamEvent,
    total_rounds: int,
    *,
    colours: Mapping[tuple[int, int], Colour] | None = None,
    initial_colour: Colour | None = None,
    player_ratings: Mapping[int, int | None] | None = None,
    absent: Iterable[int] = (),
    edition: Edition = Edition.DUTCH_2026,
) -> TeamRoundPairing:
    """Pair the next round of ``event`` with the FIDE (Dutch) engine on match points, the teams
    being the participants (see :func:`dutch_tournament`). The engine's boards become the
    matches in the same order: its White is the team with White on board 1.

    :raises PairingError: as :func:`~chessarbiter.pairing.dutch.engine.pair_round`.
    """
    from chessarbiter.pairing.dutch.engine import pair_round

    t = dutch_tournament(
        event,
        total_rounds,
        colours=colours,
        initial_colour=initial_colour,
        player_ratings=player_ratings,
        absent=absent,
    )
    pairing = pair_round(t, edition)
    bye_mp = t.point_system.pairing_allocated_bye if pairing.bye is not None else None
    return TeamRoundPairing(
        pairing.round,
        TeamSwissSystem.DUTCH_MP,
        tuple(TeamBoard(i, b.white, b.black) for i, b in enumerate(pairing.boards, start=1)),
        pairing.bye,
        bye_mp,
        None,
    )
