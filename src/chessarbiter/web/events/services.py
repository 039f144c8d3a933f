"""Every change to a stored event: one function each, one database transaction each, an
audit entry each, and the event's ``version`` raised (public pages and caches key on it).

The rules come from the library: pairing (:func:`chessarbiter.pairing.dutch.engine.pair_round`,
the Berger tables), the checks of a hand-made pairing
(:func:`chessarbiter.pairing.swiss.deviations.check_pairing`), the initial order
(:mod:`chessarbiter.pairing.swiss.ranking`), TRF in and out. A service that fails raises
:class:`ServiceError` (or the library's error) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from django.db import transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from chessarbiter import trf
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Colour, Tournament
from chessarbiter.pairing import roundrobin
from chessarbiter.pairing.dutch.engine import explain_round
from chessarbiter.pairing.dutch.engine import pair_round as dutch_pair_round
from chessarbiter.pairing.result import Board as LibBoard
from chessarbiter.pairing.result import RoundPairing
from chessarbiter.pairing.swiss.ranking import check_renumbering_allowed, initial_order

from . import models as m
from . import store

#: The acting Django user (authenticated in the views; anything else is recorded as nobody).
User = Any
P = ParamSpec("P")
R = TypeVar("R")


class ServiceError(ChessArbiterError):
    """A change that cannot be made as asked; the message says why (shown to the arbiter)."""


class ConflictError(ServiceError):
    """The row changed since the arbiter loaded it (another arbiter was faster)."""


def _user(user: User | None) -> Any:
    return user if user is not None and user.is_authenticated else None


def audit(event: m.Event, user: User | None, action: str, summary: str, **data: Any) -> None:
    """Record the change and raise the event's version (inside the caller's transaction)."""
    m.AuditEntry.objects.create(
        event=event, user=_user(user), action=action, summary=summary[:300], data=data
    )
    m.Event.objects.filter(pk=event.pk).update(version=F("version") + 1)
    event.refresh_from_db(fields=["version"])


def atomic(func: Callable[P, R]) -> Callable[P, R]:
    """Run the service in one transaction (everything or nothing)."""

    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with transaction.atomic():
            return func(*args, **kwargs)

    return wrapper


def _lock(event: m.Event) -> m.Event:
    """The event row, locked until the transaction ends (a no-op lock on SQLite, whose
    transactions take the database lock at their start)."""
    return m.Event.objects.select_for_update().get(pk=event.pk)


# -- events ----------------------------------------------------------------------------------


@atomic
def create_event(user: User, **fields: Any) -> m.Event:
    event = m.Event.objects.create(owner=user, **fields)
    m.Role.objects.create(event=event, user=user, kind=m.Role.Kind.CHIEF)
    audit(event, user, "event.create", _("Event created: %(name)s") % {"name": event.name})
    return event


@atomic
def update_event(event: m.Event, user: User, **fields: Any) -> m.Event:
    event = _lock(event)
    paired = event.round_set.count()
    locked = {"system", "edition", "acceleration", "initial_colour"}
    changed = {k: v for k, v in fields.items() if getattr(event, k) != v}
    if paired and locked & changed.keys():
        raise ServiceError(
            _(
                "The pairing system, rules, acceleration and initial colour cannot change after "
                "round 1 is paired."
            )
        )
    if "rounds" in changed and changed["rounds"] < paired:
        raise ServiceError(_("%(n)d rounds are already paired.") % {"n": paired})
    for k, v in changed.items():
        setattr(event, k, v)
    event.full_clean()
    event.save()
    audit(event, user, "event.update", _("Event settings changed"), fields=sorted(changed))
    return event


@atomic
def set_role(event: m.Event, user: User, member: Any, kind: str) -> None:
    """Give ``member`` a role in the event (chief arbiter, arbiter or viewer)."""
    event = _lock(event)
    m.Role.objects.update_or_create(event=event, user=member, defaults={"kind": kind})
    audit(
        event,
        user,
        "event.role",
        _("%(u)s is now %(r)s") % {"u": member.get_username(), "r": m.Role.Kind(kind).label},
    )


# -- players ---------------------------------------------------------------------------------


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
    event = _lock(event)
    _check_duplicate(event, fields.get("fide_id", ""))
    number = (event.players.aggregate(n=Max("number"))["n"] or 0) + 1
    paired = event.round_set.count()
    if event.system == m.Event.System.ROUND_ROBIN and paired:
        raise ServiceError(_("A round robin cannot take players after round 1 is paired."))
    fields.setdefault("entry_round", paired + 1)
    if fields["entry_round"] <= paired:
        raise ServiceError(_("Round %(n)d is already paired.") % {"n": fields["entry_round"]})
    player = m.Player(event=event, number=number, **fields)
    player.full_clean()
    player.save()
    audit(event, user, "player.add", _("Player registered: %(p)s") % {"p": str(player)})
    return player


@atomic
def add_players(event: m.Event, user: User, players: Sequence[dict[str, Any]]) -> int:
    """Register many players at once (an import): all of them or none."""
    for fields in players:
        add_player(event, user, **fields)
    return len(players)


@atomic
def update_player(player: m.Player, user: User, **fields: Any) -> m.Player:
    event = _lock(player.event)
    player = m.Player.objects.get(pk=player.pk)
    _check_duplicate(event, fields.get("fide_id", player.fide_id), exclude=player.pk)
    changed = {k: v for k, v in fields.items() if getattr(player, k) != v}
    for k, v in changed.items():
        setattr(player, k, v)
    player.full_clean()
    player.save()
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
    event = _lock(player.event)
    player = m.Player.objects.get(pk=player.pk)
    player.withdrawn_from_round = event.round_set.count() + 1
    player.save(update_fields=["withdrawn_from_round"])
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
    event = _lock(player.event)
    player = m.Player.objects.get(pk=player.pk)
    player.withdrawn_from_round = None
    player.save(update_fields=["withdrawn_from_round"])
    audit(event, user, "player.reenter", _("%(p)s re-entered") % {"p": str(player)})
    return player


@atomic
def delete_player(player: m.Player, user: User) -> None:
    event = _lock(player.event)
    if event.round_set.exists():
        raise ServiceError(_("Players cannot be removed once round 1 is paired; withdraw them."))
    name = str(player)
    player.delete()
    audit(event, user, "player.delete", _("Player removed: %(p)s") % {"p": name})


@atomic
def renumber_by_rating(event: m.Event, user: User) -> None:
    """Pairing numbers in the initial order (C.04.2 B / 2026 art. 2), allowed until round 4
    is paired."""
    event = _lock(event)
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
    audit(event, user, "player.renumber", _("Pairing numbers set by rating"))


@atomic
def draw_numbers_by_lot(event: m.Event, user: User, seed: str) -> None:
    """Round robin pairing numbers drawn by lot (C.05 Annex 1), reproducibly from ``seed``
    (published with the draw, so anyone can repeat it)."""
    event = _lock(event)
    if event.round_set.exists():
        raise ServiceError(_("The numbers cannot be drawn again once round 1 is paired."))
    rows = list(event.players.order_by("number"))
    order = roundrobin.draw_lots(rows, seed)
    for p in rows:
        p.number += 100000
    m.Player.objects.bulk_update(rows, ["number"])
    for new, p in enumerate(order, start=1):
        p.number = new
    m.Player.objects.bulk_update(rows, ["number"])
    audit(
        event,
        user,
        "player.lots",
        _("Pairing numbers drawn by lot (seed %(seed)s)") % {"seed": seed},
        seed=seed,
    )


@atomic
def set_bye_request(player: m.Player, user: User, round_number: int, kind: str) -> None:
    event = _lock(player.event)
    if round_number <= event.round_set.count():
        raise ServiceError(_("Round %(n)d is already paired.") % {"n": round_number})
    if not 1 <= round_number <= event.rounds:
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
    audit(event, user, "player.bye", summary, round=round_number, kind=kind)


@atomic
def add_forbidden_pair(event: m.Event, user: User, first: m.Player, second: m.Player) -> None:
    event = _lock(event)
    if first.pk == second.pk:
        raise ServiceError(_("A player cannot be kept apart from himself."))
    m.ForbiddenPair.objects.create(event=event, first=first, second=second)
    audit(
        event,
        user,
        "event.forbidden",
        _("%(a)s and %(b)s are not to be paired") % {"a": str(first), "b": str(second)},
    )


# -- rounds ----------------------------------------------------------------------------------


def propose_pairing(event: m.Event) -> RoundPairing:
    """The next round's pairing as the rules make it (nothing is stored)."""
    loaded = store.load(event)
    t = loaded.tournament
    nxt = loaded.rounds_paired + 1
    if nxt > event.rounds:
        raise ServiceError(_("All %(n)d rounds are paired.") % {"n": event.rounds})
    if loaded.rounds and any(not b.result for b in loaded.boards[loaded.rounds[-1].number]):
        raise ServiceError(
            _("Round %(n)d has games without a result.") % {"n": loaded.rounds[-1].number}
        )
    if event.system == m.Event.System.ROUND_ROBIN:
        return _round_robin_pairing(t, nxt)
    if len(t) < 2:
        raise ServiceError(_("Register at least two players first."))
    return dutch_pair_round(t, store.dutch_edition(event))


def _round_robin_pairing(t: Tournament, round_number: int) -> RoundPairing:
    pairs = roundrobin.pair_round(t, round_number)
    boards = tuple(LibBoard(w, b) for w, b in pairs if b != roundrobin.BYE)
    bye = next((w for w, b in pairs if b == roundrobin.BYE), None)
    return RoundPairing(round_number, boards, bye)


def explain_next_round(event: m.Event) -> list[str]:
    """The engine's explanation of the next round, bracket by bracket (2026 rules)."""
    t = store.tournament(event)
    _pairing, lines = explain_round(t, store.dutch_edition(event))
    return lines


@atomic
def pair_next_round(
    event: m.Event,
    user: User,
    boards: Sequence[tuple[int, int | None]] | None = None,
    note: str = "",
) -> m.Round:
    """Pair and store the next round: the rules' pairing, or ``boards`` (white, black) set by
    hand, whose rule breaks are recorded with the arbiter's ``note``."""
    if event.system in (m.Event.System.TEAM_ROUND_ROBIN, m.Event.System.TEAM_SWISS):
        from .teams import pair_round as pair_team_round

        if boards is not None:
            raise ServiceError(_("Team matches cannot be paired by hand yet."))
        return pair_team_round(event, user)
    event = _lock(event)
    proposed = propose_pairing(event)
    deviations: list[dict[str, Any]] = []
    if boards is None:
        pairs: list[tuple[int, int | None]] = [(b.white, b.black) for b in proposed.boards]
        if proposed.bye is not None:
            pairs.append((proposed.bye, None))
    else:
        pairs = list(boards)
        deviations = [d.__dict__ | {"players": list(d.players)} for d in check_boards(event, pairs)]
        if deviations and not note.strip():
            raise ServiceError(_("The pairing breaks rules: say why in the note."))
    rnd = m.Round.objects.create(
        event=event,
        number=proposed.round,
        paired_by=_user(user),
        manual=boards is not None,
        deviations=[{"note": note, **d} for d in deviations],
    )
    by_number = {p.number: p for p in event.players.all()}
    bye_result = "Z" if event.system == m.Event.System.ROUND_ROBIN else "U"
    rows = []
    for i, (white, black) in enumerate(pairs, start=1):
        rows.append(
            m.Board(
                round=rnd,
                number=i,
                white=by_number[white],
                black=by_number[black] if black is not None else None,
                result="" if black is not None else bye_result,
            )
        )
    m.Board.objects.bulk_create(rows)
    audit(
        event,
        user,
        "round.pair",
        _("Round %(n)d paired") % {"n": rnd.number}
        + (_(" by hand, %(k)d rule deviations") % {"k": len(deviations)} if boards else ""),
        round=rnd.number,
        deviations=deviations,
    )
    return rnd


def check_boards(event: m.Event, pairs: Sequence[tuple[int, int | None]]) -> list[Any]:
    """The rules a hand-made pairing of the next round breaks (library check)."""
    from chessarbiter.pairing.swiss.deviations import check_pairing

    return list(check_pairing(store.tournament(event), pairs, store.dutch_edition(event)))


@atomic
def unpair_last_round(event: m.Event, user: User) -> int:
    event = _lock(event)
    rnd = event.round_set.order_by("-number").first()
    if rnd is None:
        raise ServiceError(_("No round is paired."))
    number = rnd.number
    results = rnd.boards.exclude(result="").exclude(black=None).count()
    rnd.delete()
    audit(
        event,
        user,
        "round.unpair",
        _("Round %(n)d unpaired (%(k)d results deleted)") % {"n": number, "k": results},
        round=number,
    )
    return number


@dataclass(frozen=True)
class ResultChange:
    board: m.Board
    previous: str


@atomic
def set_result(board_id: int, user: User, choice: str, version: int | None = None) -> ResultChange:
    """Enter or correct a board's result (``choice``: a key of :data:`store.RESULT_CODES`, or
    '' to clear). ``version``: the board's version the arbiter saw; when another change came
    in between, :class:`ConflictError` (nothing is overwritten)."""
    board = m.Board.objects.select_related("round__event", "white", "black").get(pk=board_id)
    event = _lock(board.round.event)
    if board.black_id is None:
        raise ServiceError(_("A bye has no result to enter."))
    if choice and choice not in store.RESULT_CODES:
        raise ServiceError(_("Unknown result: %(r)s") % {"r": choice})
    white, black = store.RESULT_CODES[choice] if choice else ("", "")
    previous = store.result_label(board.result, board.black_result)
    if version is not None and version != board.version:
        raise ConflictError(
            _("Board %(b)d was changed meanwhile (now %(r)s); nothing was saved.")
            % {"b": board.number, "r": previous or "-"}
        )
    later = event.round_set.filter(number__gt=board.round.number).exists()
    updated = m.Board.objects.filter(pk=board.pk, version=board.version).update(
        result=white, black_result=black, version=F("version") + 1
    )
    if not updated:  # pragma: no cover - the row lock makes this unreachable
        raise ConflictError(_("Board %(b)d was changed meanwhile.") % {"b": board.number})
    board.refresh_from_db()
    label = store.result_label(white, black) or "-"
    summary = _("Round %(r)d board %(b)d: %(w)s - %(k)s %(res)s") % {
        "r": board.round.number,
        "b": board.number,
        "w": board.white.name,
        "k": board.black.name if board.black else "",
        "res": label,
    }
    if previous and previous != label:
        summary += " " + _("(was %(p)s)") % {"p": previous}
    if later:
        summary += " " + _("[correction after later rounds were paired]")
    audit(event, user, "result.set", summary, board=board.pk, previous=previous, new=label)
    return ResultChange(board, previous)


# -- TRF -------------------------------------------------------------------------------------


def export_trf(event: m.Event, dialect: str = "2026") -> tuple[str, list[str]]:
    """The event as a TRF-2026 or TRF16 file, and what the chosen format cannot carry."""
    t = store.tournament(event)
    return trf.dumps_with_losses(t, trf.TRF2026 if dialect == "2026" else trf.TRF16)


@atomic
def import_trf(user: User, text: str, filename: str, **fields: Any) -> m.Event:
    """A new event from a TRF file (players, rounds and results). Refused whole, with the
    reader's file:line:column messages, if the file is malformed or inconsistent."""
    t = trf.loads(text, filename)
    t.validate()
    event = create_event(
        user,
        name=fields.pop("name", None) or t.name or filename,
        city=t.city,
        federation=t.federation[:3],
        rounds=t.total_rounds or max(t.recorded_rounds, 1),
        chief_arbiter=t.chief_arbiter[:100],
        time_control=t.time_control[:100],
        tiebreaks=",".join(t.tiebreaks) if t.tiebreaks else "BH/C1,BH,SB,DE",
        **fields,
    )
    _import_tournament(event, user, t)
    audit(event, user, "event.import", _("Imported from %(f)s") % {"f": filename})
    return event


def _import_tournament(event: m.Event, user: User, t: Tournament) -> None:
    ps = t.point_system
    event.win_points, event.draw_points, event.loss_points = ps.win, ps.draw, ps.loss
    event.bye_points = ps.pairing_allocated_bye
    if t.initial_colour is not None and t.initial_colour.value in ("w", "b"):
        event.initial_colour = "white" if t.initial_colour.value == "w" else "black"
    event.save()
    rows = {}
    for p in t:
        rows[p.number] = m.Player.objects.create(
            event=event, number=p.number, **store.player_fields(p)
        )
    played = t.rounds_played
    for r in range(1, played + 1):
        rnd = m.Round.objects.create(event=event, number=r, paired_by=_user(user))
        seen: set[int] = set()
        number = 0
        boards: list[m.Board] = []
        for p in t:
            e = p.entry(r)
            if p.number in seen:
                continue
            if e.opponent is None:
                if e.result is not None:  # a bye, or a forfeit without opponent
                    number += 1
                    boards.append(
                        m.Board(
                            round=rnd, number=number, white=rows[p.number], result=e.result.value
                        )
                    )
                seen.add(p.number)
                continue
            if e.colour is Colour.BLACK:
                wnum, bnum = e.opponent, p.number
            else:
                wnum, bnum = p.number, e.opponent
            went = t.player(wnum).entry(r)
            bent = t.player(bnum).entry(r)
            number += 1
            boards.append(
                m.Board(
                    round=rnd,
                    number=number,
                    white=rows[wnum],
                    black=rows[bnum],
                    result=went.result.value if went.result else "",
                    black_result=bent.result.value if bent.result else "",
                )
            )
            seen.update((wnum, bnum))
        m.Board.objects.bulk_create(boards)
    for req in t.bye_requests:
        for number in req.players:
            m.ByeRequest.objects.get_or_create(
                player=rows[number], round=req.round, defaults={"kind": req.kind.value}
            )


def players_from_records(records: Iterable[Any]) -> list[dict[str, Any]]:
    """Player fields from the library's registration records (CSV, FIDE rating lists)."""
    return [store.player_fields(r.to_player(k)) for k, r in enumerate(records, start=1)]
