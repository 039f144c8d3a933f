"""The sections of an event (a :class:`~chessarbiter.web.events.models.Festival`): adding one,
blank or from a TRF file, changing the event's name, venue and dates, and moving a player
from one section to another before either has started (the library's rule,
:func:`chessarbiter.sections.check_move`)."""

from __future__ import annotations

from typing import Any

from django.db.models import Max
from django.utils.translation import gettext as _

from chessarbiter import limits
from chessarbiter.sections import Section, SectionError, check_move

from .. import models as m
from .core import ServiceError, User, atomic, audit, check_stored_event, locked_event
from .events import create_event, simul_recorded
from .trf_files import import_trf

#: The most sections one event holds.
MAX_SECTIONS = 50

_LEVELS = {m.Role.Kind.VIEWER: 1, m.Role.Kind.ARBITER: 2, m.Role.Kind.CHIEF: 3}


def _check_room(festival: m.Festival, name: str, section: m.Event | None = None) -> None:
    """Room in ``festival`` for ``section`` (None: one about to be made) named ``name``: at
    most :data:`MAX_SECTIONS` sections, each name once (case ignored)."""
    others = festival.sections.exclude(pk=section.pk) if section else festival.sections.all()
    if others.count() >= MAX_SECTIONS:
        raise ServiceError(_("An event holds at most %(n)d sections.") % {"n": MAX_SECTIONS})
    if others.filter(name__iexact=name.strip()).exists():
        raise ServiceError(_("The event already has a section named “%(name)s”.") % {"name": name})


def _share_roles(festival: m.Festival, section: m.Event) -> None:
    """Everyone with a role in one of the festival's sections gets his highest role in the
    new ``section`` too: the event's arbiters run all its sections."""
    best: dict[int, m.Role.Kind] = {}
    for role in m.Role.objects.filter(event__festival=festival).exclude(event=section):
        kind = m.Role.Kind(role.kind)
        if role.user_id not in best or _LEVELS[kind] > _LEVELS[best[role.user_id]]:
            best[role.user_id] = kind
    for user_id, kind in best.items():
        m.Role.objects.update_or_create(event=section, user_id=user_id, defaults={"kind": kind})


@atomic
def add_section(festival: m.Festival, user: User, **fields: Any) -> m.Event:
    """A new section of ``festival`` with the settings ``fields`` (those of an event: name,
    system, rounds...; the venue and dates default to the festival's), checked by the
    library's validator; the festival's arbiters get their roles in it."""
    name = str(fields.get("name", "")).strip()
    _check_room(festival, name)
    fields = {
        "city": festival.city,
        "start_date": festival.start_date,
        "end_date": festival.end_date,
    } | fields
    section = create_event(user, festival=festival, **fields)
    _share_roles(festival, section)
    audit(
        section,
        user,
        "section.add",
        _("Section %(section)s added to %(event)s")
        % {"section": section.name, "event": festival.name},
    )
    return section


@atomic
def import_section(
    festival: m.Festival,
    user: User,
    text: str,
    filename: str,
    warnings: list[str] | None = None,
    name: str = "",
) -> m.Event:
    """A new section of ``festival`` from a TRF file (as
    :func:`~.trf_files.import_trf` reads it: refused whole on any problem); named ``name``
    or as the file names its tournament."""
    section = import_trf(user, text, filename, warnings, festival=festival, name=name)
    _check_room(festival, section.name, section)  # refused: the import is rolled back
    _share_roles(festival, section)
    return section


@atomic
def update_festival(festival: m.Festival, user: User, **fields: Any) -> m.Festival:
    """Change the event's name, city or dates (each section keeps its own settings)."""
    festival = m.Festival.objects.select_for_update().get(pk=festival.pk)
    allowed = {"name", "city", "start_date", "end_date"}
    unknown = set(fields) - allowed
    if unknown:
        raise ServiceError(_("Unknown fields: %(f)s") % {"f": ", ".join(sorted(unknown))})
    name = str(fields.get("name", festival.name)).strip()
    if not name or len(name) > limits.MAX_EVENT_NAME:
        raise ServiceError(_("The name is 1 to %(n)d characters.") % {"n": limits.MAX_EVENT_NAME})
    start, end = (
        fields.get("start_date", festival.start_date),
        fields.get("end_date", festival.end_date),
    )
    if start and end and end < start:
        raise ServiceError(_("The event ends before it starts."))
    for key, value in fields.items():
        setattr(festival, key, value)
    festival.name = name
    festival.save()
    for section in festival.sections.all():
        audit(section, user, "festival.update", _("Event details changed"), fields=sorted(fields))
    return festival


def _section(event: m.Event) -> Section:
    if event.knockout_matches.exists() or simul_recorded(event):
        paired = 1
    else:
        paired = event.round_set.count()
    return Section(event.name, event.system, rounds_paired=paired, archived=event.archived)


@atomic
def move_player(player: m.Player, target: m.Event, user: User) -> m.Player:
    """Move ``player`` to another section of the same event, before either is paired
    (:func:`chessarbiter.sections.check_move`). He takes the next free pairing number there
    (the organiser sets the initial order before round 1) and the numbers after his in his
    old section close up; his bye requests go with him, the pairs kept apart in his old
    section stay behind."""
    source = player.event
    if target.pk == source.pk:
        raise ServiceError(_("The player is already in this section."))
    if target.festival_id != source.festival_id:
        raise ServiceError(_("Players move only between sections of the same event."))
    first, second = sorted((source, target), key=lambda e: e.pk)
    locked = {e.pk: locked_event(e, archived_ok=True) for e in (first, second)}
    source, target = locked[source.pk], locked[target.pk]
    try:
        check_move(_section(source), _section(target))
    except SectionError as e:
        raise ServiceError(str(e)) from e
    player = m.Player.objects.select_for_update().get(pk=player.pk)
    if player.fide_id and target.players.filter(fide_id=player.fide_id).exists():
        raise ServiceError(
            _("FIDE ID %(id)s is already registered in %(section)s.")
            % {"id": player.fide_id, "section": target.name}
        )
    late = player.bye_requests.filter(round__gt=target.round_columns()).order_by("round").first()
    if late is not None:
        raise ServiceError(
            _("%(section)s has %(n)d rounds; the player's bye request is for round %(r)d.")
            % {"section": target.name, "n": target.round_columns(), "r": late.round}
        )
    if player.entry_round > target.round_columns():
        raise ServiceError(
            _("%(section)s has %(n)d rounds; the player enters at round %(r)d.")
            % {"section": target.name, "n": target.round_columns(), "r": player.entry_round}
        )
    old = str(player)
    m.ForbiddenPair.objects.filter(event=source).filter(first=player).delete()
    m.ForbiddenPair.objects.filter(event=source).filter(second=player).delete()
    number = (target.players.aggregate(n=Max("number"))["n"] or 0) + 1
    limits.check_count("players", number, limits.MAX_PLAYERS)
    left = player.number
    player.event = target
    player.number = number
    player.team = None
    player.team_order = 0
    player.bracket_number = None
    player.save()
    # the numbers after his close up (nothing is paired yet): 1..n stays without a gap
    for later in source.players.filter(number__gt=left).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    check_stored_event(source, players=True)
    check_stored_event(target, players=True)
    audit(
        source,
        user,
        "player.move",
        _("%(p)s moved to %(section)s") % {"p": old, "section": target.name},
    )
    audit(
        target,
        user,
        "player.move",
        _("%(p)s moved here from %(section)s") % {"p": player, "section": source.name},
    )
    return player
