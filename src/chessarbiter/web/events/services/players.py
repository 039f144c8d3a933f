"""The players of an event: registering them (one or many), changing, withdrawing,
re-entering and removing them, their pairing numbers (by rating, by lot), their bye requests
and the pairs kept apart."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Max
from django.utils.translation import gettext as _

from chessarbiter import limits, registration
from chessarbiter.pairing import roundrobin
from chessarbiter.pairing.swiss.ranking import check_renumbering_allowed, initial_order
from chessarbiter.special import consultation

from .. import models as m
from .. import store
from .core import ServiceError, User, atomic, audit, check_stored_event, clean_row, locked_event


def _check_duplicate(event: m.Event, fide_id: str, exclude: int | None = None) -> None:
    if not fide_id:
        return
    qs = event.players.filter(fide_id=fide_id)
    if exclude is not None:
        qs = qs.exclude(pk=exclude)
    other = qs.first()
    if other is not None:
        raise ServiceError(
            _("FIDE ID %(id)s is already registered: %(player)s")
            % {"id": fide_id, "player": str(other)}
        )


@atomic
def add_player(event: m.Event, user: User, **fields: Any) -> m.Player:
    """Register a player with the next free number (late entry when rounds are paired:
    first round = the next one, C.04.2 C / 2026 art. 2.4)."""
    event = locked_event(event)
    player = _register(event, user, fields)
    _check_groups(event)
    check_stored_event(event, players=True)
    return player


def _check_groups(event: m.Event) -> None:
    """A tournament of consultation groups: the groups together, by the library's
    :func:`chessarbiter.special.consultation.check_groups` (Team Competitions 1972: each
    group "firmly fixed", so a person is a consultant of one group only; the names distinct;
    an intermediary a consultant of no group), once there are two groups. Nothing for
    another system."""
    if event.system != m.Event.System.CONSULTATION:
        return
    rows = list(event.players.order_by("number"))
    if len(rows) < consultation.MIN_GROUPS:
        return
    try:
        consultation.check_groups([consultation.group_from_text(p.name, p.members) for p in rows])
    except consultation.ConsultationError as e:
        raise ServiceError(str(e)) from None


def _register(event: m.Event, user: User, fields: dict[str, Any]) -> m.Player:
    """:func:`add_player` in the caller's transaction, ``event`` locked, the stored event not
    checked yet."""
    _check_duplicate(event, fields.get("fide_id", ""))
    number = (event.players.aggregate(n=Max("number"))["n"] or 0) + 1
    paired = event.round_set.count()
    if event.system == m.Event.System.ROUND_ROBIN and paired:
        raise ServiceError(_("A round robin cannot take players after round 1 is paired."))
    if event.system == m.Event.System.CONSULTATION and paired:
        raise ServiceError(
            _("A round robin of groups cannot take a group after round 1 is paired.")
        )
    fields.setdefault("entry_round", paired + 1)
    if fields["entry_round"] <= paired:
        raise ServiceError(_("Round %(n)d is already paired.") % {"n": fields["entry_round"]})
    if event.system != m.Event.System.KNOCKOUT and fields["entry_round"] > event.round_columns():
        raise ServiceError(_("There is no round %(n)d.") % {"n": fields["entry_round"]})
    limits.check_count("players", number, limits.MAX_PLAYERS)
    player = m.Player(event=event, number=number, **fields)
    clean_row(player)
    player.save()
    audit(event, user, "player.add", _("Player registered: %(p)s") % {"p": str(player)})
    return player


@atomic
def add_players(event: m.Event, user: User, players: Sequence[dict[str, Any]]) -> int:
    """Register many players at once (an import): all of them or none, each checked as
    :func:`add_player` checks one, the total within :data:`chessarbiter.limits.MAX_PLAYERS`,
    the stored event checked once at the end."""
    limits.check_count("players", event.players.count() + len(players), limits.MAX_PLAYERS, 0)
    if not players:
        return 0
    event = locked_event(event)
    for fields in players:
        _register(event, user, dict(fields))
    _check_groups(event)
    check_stored_event(event, players=True)
    return len(players)


@atomic
def update_player(player: m.Player, user: User, **fields: Any) -> m.Player:
    event = locked_event(player.event)
    player = m.Player.objects.get(pk=player.pk)
    _check_duplicate(event, fields.get("fide_id", player.fide_id), exclude=player.pk)
    changed = {k: v for k, v in fields.items() if getattr(player, k) != v}
    for k, v in changed.items():
        setattr(player, k, v)
    clean_row(player)
    player.save()
    _check_groups(event)
    check_stored_event(event, players=True)
    audit(
        event,
        user,
        "player.update",
        _("Player changed: %(p)s") % {"p": str(player)},
        fields=sorted(changed),
    )
    return player


@atomic
def withdraw_player(player: m.Player, user: User) -> m.Player:
    """The player is not paired from the next round on (C.04.2 D / 2026 art. 3.2)."""
    event = locked_event(player.event)
    player = m.Player.objects.get(pk=player.pk)
    player.withdrawn_from_round = event.round_set.count() + 1
    player.save(update_fields=["withdrawn_from_round"])
    check_stored_event(event)
    audit(
        event,
        user,
        "player.withdraw",
        _("%(p)s withdrawn from round %(r)d")
        % {"p": str(player), "r": player.withdrawn_from_round},
    )
    return player


@atomic
def reenter_player(player: m.Player, user: User) -> m.Player:
    event = locked_event(player.event)
    player = m.Player.objects.get(pk=player.pk)
    player.withdrawn_from_round = None
    player.save(update_fields=["withdrawn_from_round"])
    check_stored_event(event)
    audit(event, user, "player.reenter", _("%(p)s re-entered") % {"p": str(player)})
    return player


@atomic
def delete_player(player: m.Player, user: User) -> None:
    event = locked_event(player.event)
    if event.round_set.exists():
        raise ServiceError(_("Players cannot be removed once round 1 is paired; withdraw them."))
    if m.Player.objects.filter(pk=player.pk, simul_score__isnull=False).exists():
        raise ServiceError(
            _("%(p)s has a simul result recorded: clear it before removing him.")
            % {"p": str(player)}
        )
    name = str(player)
    player.delete()
    check_stored_event(event)
    audit(event, user, "player.delete", _("Player removed: %(p)s") % {"p": name})


@atomic
def renumber_by_rating(event: m.Event, user: User) -> None:
    """Pairing numbers in the initial order (C.04.2 B / 2026 art. 2), allowed until round 4
    is paired."""
    event = locked_event(event)
    check_renumbering_allowed(event.round_set.count())
    rows = list(event.players.all())
    lib = store.tournament(event)
    order = initial_order(lib)
    by_number = {p.number: p for p in rows}
    # two passes: away from the unique numbers, then into place
    for p in rows:
        p.number += 100000
    m.Player.objects.bulk_update(rows, ["number"])
    for new, lp in enumerate(order, start=1):
        by_number[lp.number].number = new
    m.Player.objects.bulk_update(rows, ["number"])
    check_stored_event(event)
    audit(event, user, "player.renumber", _("Pairing numbers set by rating"))


@atomic
def draw_numbers_by_lot(
    event: m.Event, user: User, seed: str, *, varma: bool = False, allow_split: bool = False
) -> None:
    """Round robin pairing numbers drawn by lot (C.05 Annex 1), reproducibly from ``seed``
    (published with the draw, so anyone can repeat it).

    With ``varma`` the lot is restricted by the Varma tables (C.05 Annex 2,
    :func:`chessarbiter.pairing.roundrobin.varma_assign`, 9 to 24 players): the federations
    are kept apart (each draws all its numbers from one set) unless ``allow_split``, which lets
    a contingent too large for a set spill into the next one. A player without a federation is
    a contingent of his own. Raises the library's
    :class:`~chessarbiter.pairing.roundrobin.VarmaSplitError` when the federations cannot be
    kept apart."""
    event = locked_event(event)
    if event.round_set.exists():
        raise ServiceError(_("The numbers cannot be drawn again once round 1 is paired."))
    rows = list(event.players.order_by("number"))
    if varma:
        numbers = roundrobin.varma_assign(
            [(p.name, p.federation or f"?{p.number}") for p in rows],
            seed,
            keep_apart=not allow_split,
        )
        order = sorted(rows, key=lambda p: numbers[p.name])
    else:
        order = roundrobin.draw_lots(rows, seed)
    for p in rows:
        p.number += 100000
    m.Player.objects.bulk_update(rows, ["number"])
    for new, p in enumerate(order, start=1):
        p.number = new
    m.Player.objects.bulk_update(rows, ["number"])
    check_stored_event(event)
    if not varma:
        summary = _("Pairing numbers drawn by lot (seed %(seed)s)") % {"seed": seed}
    elif allow_split:
        summary = _(
            "Pairing numbers drawn by the Varma tables (C.05 Annex 2), a federation may be "
            "split (seed %(seed)s)"
        ) % {"seed": seed}
    else:
        summary = _(
            "Pairing numbers drawn by the Varma tables (C.05 Annex 2), federations kept apart "
            "(seed %(seed)s)"
        ) % {"seed": seed}
    details: dict[str, Any] = {"seed": seed}
    if varma:
        details |= {"method": "varma", "keep_apart": not allow_split}
    audit(event, user, "player.lots", summary, **details)


@atomic
def set_bye_request(player: m.Player, user: User, round_number: int, kind: str) -> None:
    event = locked_event(player.event)
    if round_number <= event.round_set.count():
        raise ServiceError(_("Round %(n)d is already paired.") % {"n": round_number})
    if not 1 <= round_number <= event.round_columns():
        raise ServiceError(_("There is no round %(n)d.") % {"n": round_number})
    if kind:
        m.ByeRequest.objects.update_or_create(
            player=player, round=round_number, defaults={"kind": kind}
        )
        summary = _("%(p)s: bye requested for round %(r)d") % {"p": str(player), "r": round_number}
    else:
        m.ByeRequest.objects.filter(player=player, round=round_number).delete()
        summary = _("%(p)s: bye request for round %(r)d withdrawn") % {
            "p": str(player),
            "r": round_number,
        }
    check_stored_event(event)
    audit(event, user, "player.bye", summary, round=round_number, kind=kind)


@atomic
def add_forbidden_pair(event: m.Event, user: User, first: m.Player, second: m.Player) -> None:
    event = locked_event(event)
    if first.pk == second.pk:
        raise ServiceError(_("A player cannot be kept apart from himself."))
    m.ForbiddenPair.objects.create(event=event, first=first, second=second)
    check_stored_event(event)
    audit(
        event,
        user,
        "event.forbidden",
        _("%(a)s and %(b)s are not to be paired") % {"a": str(first), "b": str(second)},
    )


def suspicious_entries(event: m.Event) -> list[str]:
    """The event's entries that look like mistakes, for the arbiter to check after an import
    (:func:`chessarbiter.registration.suspicious_players`)."""
    return registration.suspicious_players([store.library_player(p) for p in event.players.all()])


def players_from_records(records: Iterable[Any]) -> list[dict[str, Any]]:
    """Player fields from the library's registration records (CSV, FIDE rating lists)."""
    return [store.player_fields(r.to_player(k)) for k, r in enumerate(records, start=1)]
