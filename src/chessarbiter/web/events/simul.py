"""A simul contest (Team Competitions 1972, «Необычные шахматы»): the exhibitors are the
event's players; each one's result, the points he scored and the minutes his simul took, is
recorded once it is over, and the contest is ranked by the library's
:func:`chessarbiter.special.simul.simul_contest` (the fastest simul the base, ½ point off the
others for every full ``simul_per_minutes`` they took more). Nothing is paired. Every write is
checked by the library (:func:`chessarbiter.special.simul.contest_problems`, through the
stored event's one check) and audited; a recorded result is replaced or cleared only when the
arbiter confirms it."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from chessarbiter.formatting import format_points
from chessarbiter.special import simul as sm

from . import models as m
from . import store
from .services.core import (
    ConflictError,
    ServiceError,
    User,
    atomic,
    audit,
    check_stored_event,
    locked_event,
)


def _result_text(score: Decimal | None, minutes: int | None) -> str:
    if score is None or minutes is None:
        return ""
    return f"{format_points(Decimal(score))} / {sm.minutes_text(minutes)}"


@atomic
def record_result(
    player: m.Player, user: User, score: str, minutes: str, *, replace: bool = False
) -> m.Player:
    """Record the exhibitor's result: ``score`` as the library reads a score (``15``,
    ``15½``, :func:`chessarbiter.special.simul.parse_score`) and ``minutes`` in minutes or
    ``H:MM`` (:func:`~chessarbiter.special.simul.parse_minutes`); both blank to clear it. A
    result already recorded and different is replaced (or cleared) only with ``replace``
    (else :class:`ConflictError` naming it); the contest then passes the library's check
    (:func:`~chessarbiter.special.simul.contest_problems`: a score in halves, at most the
    boards played) before anything is stored."""
    event = locked_event(player.event)
    if not event.simul_contest():
        raise ServiceError(_("Only a simul contest records an exhibitor's score and time."))
    player = m.Player.objects.get(pk=player.pk)
    clear = not score.strip() and not minutes.strip()
    if clear:
        new_score, new_minutes = None, None
    elif not score.strip() or not minutes.strip():
        raise ServiceError(_("Give both the score and the time, or neither to clear them."))
    else:
        new_score = sm.parse_score(score)
        new_minutes = sm.parse_minutes(minutes)
    old = _result_text(player.simul_score, player.simul_minutes)
    new = _result_text(new_score, new_minutes)
    if old == new:
        return player
    if old and not replace:
        raise ConflictError(
            _("%(p)s already has a result recorded (%(old)s): confirm to replace or clear it.")
            % {"p": str(player), "old": old}
        )
    player.simul_score = new_score
    player.simul_minutes = new_minutes
    player.save(update_fields=["simul_score", "simul_minutes"])
    check_stored_event(event, _("The result cannot be recorded"))
    if new:
        summary = _("Simul result of %(p)s: %(new)s") % {"p": str(player), "new": new}
    else:
        summary = _("Simul result of %(p)s cleared") % {"p": str(player)}
    audit(event, user, "simul.result", summary, player=player.number, old=old, new=new)
    return player


@dataclass(frozen=True, slots=True)
class ContestRow:
    """An exhibitor's line of the contest's standings (the library's
    :class:`chessarbiter.special.simul.SimulStanding`), with the player it is."""

    place: int
    player: m.Player
    score: Decimal
    minutes: str
    extra_minutes: int
    deduction: Decimal
    adjusted: Decimal


@dataclass(frozen=True, slots=True)
class Contest:
    """The contest as it stands: the exhibitors in their numbers' order, the standings (once
    two results are recorded), the exhibitors whose simul is not over yet, and the library's
    refusal, if the stored results are ones it cannot rank."""

    exhibitors: list[m.Player]
    rows: list[ContestRow]
    pending: list[m.Player]
    per_minutes: int
    boards: int | None
    problem: str = ""


def contest(event: m.Event) -> Contest:
    """The standings of the simul contest by the library's
    :func:`chessarbiter.special.simul.simul_contest` (Team Competitions 1972), from the
    results recorded so far."""
    players = list(event.players.order_by("number"))
    results = {p.number: store.simul_result(p, event.simul_boards) for p in players}
    done = [p for p in players if results[p.number] is not None]
    pending = [p for p in players if results[p.number] is None]
    by_label = {store.simul_label(p): p for p in done}
    rows: list[ContestRow] = []
    problem = ""
    if len(done) >= 2:
        recorded = [r for r in results.values() if r is not None]
        try:
            ranked = sm.simul_contest(recorded, event.simul_per_minutes)
        except sm.SimulError as e:
            problem = str(e)
        else:
            rows = [
                ContestRow(
                    s.place,
                    by_label[s.exhibitor],
                    s.score,
                    sm.minutes_text(s.minutes),
                    s.extra_minutes,
                    s.deduction,
                    s.adjusted,
                )
                for s in ranked
            ]
    return Contest(players, rows, pending, event.simul_per_minutes, event.simul_boards, problem)
