"""The JSON API for platforms: a thin shell over the same services, permissions and tables
as the arbiter's pages (:mod:`chessarbiter.web.events.services`,
:mod:`chessarbiter.web.events.access`, :mod:`chessarbiter.web.events.tables`) and the
background jobs (:mod:`chessarbiter.web.jobs.services`). It computes no rule itself.

Every request carries a user's token (``Authorization: Bearer <key>``,
:mod:`chessarbiter.web.api.tokens`) and acts with that user's roles. Anonymous requests are
refused (401), public events included: their public pages already serve every reader, and a
platform that integrates an event has an account; an anonymous API would be the cheapest way
to make the server compute (standings, the stateless pairing) for anyone.

Every refusal is JSON, :class:`~chessarbiter.web.api.schemas.Error`: 400 the library or a
service refuses the request (its message; a TRF file's problems with line and column), 401
no valid token, 403 a role too low (naming the role needed), 404 no such thing or no role in
its event (an event's existence is not revealed), 409 a conflict with the stored state (a
board changed meanwhile, a result already there, a round being paired), 413 a body beyond
:data:`chessarbiter.limits.MAX_FILE_BYTES`, 422 a body of the wrong shape or a field's value
refused. A fault of the server is answered 500 with no details (and logged).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any
from uuid import UUID

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.db.models import Max
from django.forms import BaseForm
from django.forms.models import model_to_dict
from django.http import Http404, HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Query, Status, Swagger
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer

from chessarbiter import limits, trf
from chessarbiter.errors import ChessArbiterError, FileFormatError
from chessarbiter.pairing.double_swiss.rules import GAMES_PER_MATCH
from chessarbiter.pairing.dutch.engine import no_pairing_reason
from chessarbiter.pairing.readiness import check_ready_to_pair
from chessarbiter.pairing.round_pairing import NoValidPairingError
from chessarbiter.pairing.systems import EVENT_RULES, pairing_rules

from ..arbiter.forms import EventForm, PlayerForm
from ..events import models as m
from ..events import services, store, tables
from ..events.access import Level, event_for, may_create_events, visible_events
from ..jobs import services as jobs
from ..jobs.models import Job
from . import schemas as s
from .tokens import user_for_key

logger = logging.getLogger(__name__)


class BearerToken(HttpBearer):
    """``Authorization: Bearer <key>``: the user of an unexpired token
    (:func:`~chessarbiter.web.api.tokens.user_for_key`), else a 401."""

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        user = user_for_key(token.strip())
        if user is not None:
            request.user = user
        return user


api = NinjaAPI(
    title="chessarbiter",
    version="1",
    description=(
        "Events, players, pairings (as background jobs), results, standings with tie-breaks "
        "and TRF files, for platforms. Every request needs a token: "
        "`Authorization: Bearer <key>` (an arbiter makes one with `chessarbiter web token`)."
    ),
    urls_namespace="api",
    openapi_url="/schema/",
    docs_url="/docs/",
    docs=Swagger(),
    auth=BearerToken(),
)

#: The refusals an operation may answer, for the schema.
ERRORS: dict[int, type[s.Error]] = {code: s.Error for code in (400, 401, 403, 404, 409, 413, 422)}


# -- errors ----------------------------------------------------------------------------------


def _error(
    request: HttpRequest, status: int, detail: str, errors: list[dict[str, Any]] | None = None
) -> HttpResponse:
    return api.create_response(request, {"detail": detail, "errors": errors or []}, status=status)


def _file_problems(e: FileFormatError) -> list[dict[str, Any]]:
    return [
        {"file": p.file, "line": p.line, "column": p.column, "message": p.message}
        for p in e.problems
    ]


@api.exception_handler(ChessArbiterError)
def _refused(request: HttpRequest, exc: ChessArbiterError) -> HttpResponse:
    """The library's or a service's refusal, in its own words: 409 for a conflict with the
    stored state, 422 when no valid pairing exists, else 400."""
    if isinstance(exc, services.ResultExistsError):
        return _error(
            request,
            409,
            str(exc),
            [
                {
                    "board": exc.board,
                    "current": exc.current,
                    "new": exc.new,
                    "version": exc.version,
                    "message": _("Send it again with replace set to confirm."),
                }
            ],
        )
    if isinstance(exc, services.ConflictError | jobs.DuplicateJobError):
        return _error(request, 409, str(exc))
    if isinstance(exc, NoValidPairingError):
        return _error(
            request, 422, _("No valid pairing exists: %(why)s") % {"why": no_pairing_reason(exc)}
        )
    if isinstance(exc, FileFormatError):
        return _error(request, 400, str(exc.first), _file_problems(exc))
    return _error(request, 400, str(exc))


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """A body, a query or a path of the wrong shape (pydantic's problems, one by one)."""
    errors = [
        {
            "field": ".".join(str(x) for x in e.get("loc", ())),
            "message": str(e.get("msg", "")),
            "type": str(e.get("type", "")),
        }
        for e in exc.errors
    ]
    first = errors[0] if errors else {"field": "", "message": ""}
    detail = f"{first['field']}: {first['message']}" if first["field"] else first["message"]
    return _error(request, 422, detail or _("The request is not valid."), errors)


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    response = _error(
        request,
        401,
        _("A valid token is needed: send the header Authorization: Bearer <key>."),
    )
    response["WWW-Authenticate"] = "Bearer"
    return response


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if exc.status_code == 400 and str(exc) == "Cannot parse request body":  # ninja's words
        return _error(request, 400, _("The body cannot be read: send a JSON object."))
    return _error(request, exc.status_code, str(exc))


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _error(request, 404, _("Not found."))


@api.exception_handler(PermissionDenied)
def _forbidden(request: HttpRequest, exc: PermissionDenied) -> HttpResponse:
    return _error(request, 403, str(exc) or _("Your account may not do this."))


@api.exception_handler(RequestDataTooBig)
def _too_big(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
    return _error(
        request,
        413,
        _("The request is larger than %(max)d bytes.")
        % {"max": settings.DATA_UPLOAD_MAX_MEMORY_SIZE},
    )


@api.exception_handler(MultiPartParserError)
def _bad_form(request: HttpRequest, exc: MultiPartParserError) -> HttpResponse:
    return _error(request, 400, _("The multipart form cannot be read: %(e)s") % {"e": str(exc)})


@api.exception_handler(SuspiciousOperation)
def _suspicious(request: HttpRequest, exc: SuspiciousOperation) -> HttpResponse:
    return _error(request, 400, _("The request cannot be read."))


@api.exception_handler(Exception)
def _fault(request: HttpRequest, exc: Exception) -> HttpResponse:
    """The last resort: a fault of the server, logged with its traceback, answered without
    details."""
    logger.error("API %s %s failed", request.method, request.path, exc_info=exc)
    return _error(request, 500, _("Internal error: the request was not completed."))


def _form_errors(form: BaseForm) -> None:
    """Refuse (422) a form's field errors, each with its field, in the form's words."""
    errors = [
        {"field": field, "message": str(message)}
        for field, messages in form.errors.items()
        for message in messages
    ]
    raise _FormRefused(errors)


class _FormRefused(Exception):
    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(errors)
        self.errors = errors


@api.exception_handler(_FormRefused)
def _form_refused(request: HttpRequest, exc: _FormRefused) -> HttpResponse:
    first = exc.errors[0] if exc.errors else {"field": "", "message": ""}
    detail = f"{first['field']}: {first['message']}" if first["field"] else first["message"]
    return _error(request, 422, detail or _("The request is not valid."), exc.errors)


# -- shapes ----------------------------------------------------------------------------------


def _event_out(event: m.Event, warnings: list[str] | None = None) -> dict[str, Any]:
    return {
        "id": event.pk,
        "name": event.name,
        "city": event.city,
        "federation": event.federation,
        "start_date": event.start_date,
        "end_date": event.end_date,
        "system": event.system,
        "edition": event.edition,
        "rounds": event.rounds,
        "rounds_paired": event.round_set.count(),
        "games_per_round": GAMES_PER_MATCH if event.double_swiss() else 1,
        "players": event.players.count(),
        "tiebreaks": event.tiebreaks,
        "public": event.public,
        "archived": event.archived,
        "version": event.version,
        "created_at": event.created_at,
        "warnings": warnings or [],
    }


def _player_out(p: m.Player) -> dict[str, Any]:
    return {
        "number": p.number,
        "name": p.name,
        "rating": p.rating,
        "fide_id": p.fide_id,
        "federation": p.federation,
        "title": p.title,
        "sex": p.sex,
        "birth_date": p.birth_date,
        "club": p.club,
        "entry_round": p.entry_round,
        "withdrawn_from_round": p.withdrawn_from_round,
        "members": p.members,
    }


def _round_out(event: m.Event, number: int) -> dict[str, Any]:
    """Round ``number`` as the round pages show it (:func:`tables.round_view`)."""
    if not m.Round.objects.filter(event=event, number=number).exists():
        raise Http404
    view = tables.round_view(event, number)
    return {
        "round": view.number,
        "complete": view.complete,
        "boards": [
            {
                "board": b.number,
                "white": {"number": b.white, "name": b.white_name},
                "black": {"number": b.black, "name": b.black_name},
                "result": b.result,
            }
            for b in view.boards
        ],
        "byes": [{"number": n, "name": name, "kind": kind} for n, name, kind in view.byes],
    }


def _form_data(
    form_class: type[EventForm | PlayerForm], defaults: Mapping[str, Any], given: dict[str, Any]
) -> dict[str, Any]:
    """The data a web form would post: each field's default, overridden by what was given
    (a None given leaves the default)."""
    data = dict(defaults)
    data.update({k: v for k, v in given.items() if v is not None})
    return {k: "" if v is None else v for k, v in data.items() if k in form_class.base_fields}


# -- events ----------------------------------------------------------------------------------


def _need_create(request: HttpRequest) -> None:
    if not may_create_events(request.user):
        raise PermissionDenied(
            _("Your account may not create events. Ask the administrator for an arbiter's account.")
        )


@api.get("/events", response={200: list[s.EventOut], **ERRORS}, tags=["events"])
def list_events(request: HttpRequest) -> Any:
    """The events the token's user works on (owner or a role), oldest first."""
    return [_event_out(e) for e in sorted(visible_events(request.user), key=lambda e: e.pk)]


@api.post("/events", response={201: s.EventOut, **ERRORS}, tags=["events"])
def create_event(request: HttpRequest, payload: s.EventIn) -> Any:
    """A new event, its fields checked as the arbiter's event form checks them (then by the
    library's validator); the token's user becomes its chief arbiter. Needs the permission to
    create events."""
    _need_create(request)
    defaults = model_to_dict(m.Event(), fields=list(EventForm.Meta.fields))
    defaults["tiebreaks"] = ""  # the form gives the system's own (a round robin: no Buchholz)
    form = EventForm(_form_data(EventForm, defaults, payload.model_dump(exclude_unset=True)))
    if not form.is_valid():
        _form_errors(form)
    event = services.create_event(request.user, **form.cleaned_data)
    return Status(201, _event_out(event))


_TRF_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "text/plain": {"schema": {"type": "string"}},
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "properties": {"file": {"type": "string", "format": "binary"}},
                    "required": ["file"],
                }
            },
        },
    }
}


def _trf_body(request: HttpRequest) -> tuple[str, str]:
    """The TRF file of the request and its name: a multipart form's ``file``, or the body
    itself (any other content type, e.g. text/plain), at most
    :data:`chessarbiter.limits.MAX_FILE_BYTES` as the web's import (413 beyond), decoded as
    the library decodes a file (:func:`chessarbiter.trf.decode`)."""
    maximum = limits.MAX_FILE_BYTES
    too_big = HttpError(
        413,
        _("The file has more than %(max)d bytes, the most that is read.") % {"max": maximum},
    )
    length = request.META.get("CONTENT_LENGTH") or "0"
    if length.isdigit() and int(length) > maximum + 1024 * 1024:
        raise too_big
    if request.content_type == "multipart/form-data":
        upload = request.FILES.get("file")
        if upload is None:
            raise _FormRefused([{"field": "file", "message": _("Send the TRF file as “file”.")}])
        if upload.size is not None and upload.size > maximum:
            raise too_big
        name = upload.name or "upload.trf"
        return trf.decode(upload.read(), name), name
    data = request.read(maximum + 1)
    if len(data) > maximum:
        raise too_big
    name = "request.trf"
    if not data.strip():
        raise _FormRefused([{"field": "body", "message": _("The body is empty: send a TRF file.")}])
    return trf.decode(data, name), name


@api.post(
    "/events/trf",
    response={201: s.EventOut, **ERRORS},
    tags=["events"],
    openapi_extra=_TRF_BODY,
)
def import_event(request: HttpRequest) -> Any:
    """A new event from a TRF file (players, rounds, results), as the web's import: sent as
    the body (text/plain) or as the ``file`` of a multipart form. A file the reader refuses
    creates nothing: 400 with each problem's line and column."""
    _need_create(request)
    text, name = _trf_body(request)
    warnings: list[str] = []
    event = services.import_trf(request.user, text, name, warnings=warnings)
    return Status(201, _event_out(event, warnings))


@api.get("/events/{event_id}", response={200: s.EventOut, **ERRORS}, tags=["events"])
def get_event(request: HttpRequest, event_id: int) -> Any:
    return _event_out(event_for(request.user, event_id, Level.VIEWER))


@api.get(
    "/events/{event_id}/players", response={200: list[s.PlayerOut], **ERRORS}, tags=["players"]
)
def list_players(request: HttpRequest, event_id: int) -> Any:
    """The players by pairing number."""
    event = event_for(request.user, event_id, Level.VIEWER)
    return [_player_out(p) for p in event.players.order_by("number")]


@api.post(
    "/events/{event_id}/players",
    response={201: list[s.PlayerOut], **ERRORS},
    tags=["players"],
)
def add_players(request: HttpRequest, event_id: int, payload: s.PlayerIn | list[s.PlayerIn]) -> Any:
    """Register one player or a list (all or none), each checked as the arbiter's player
    form checks one, numbered after the last. Answers the players registered."""
    event = event_for(request.user, event_id, Level.ARBITER)
    given = payload if isinstance(payload, list) else [payload]
    defaults = model_to_dict(m.Player(), fields=list(PlayerForm.Meta.fields))
    rows: list[dict[str, Any]] = []
    for i, player in enumerate(given):
        form = PlayerForm(_form_data(PlayerForm, defaults, player.model_dump(exclude_unset=True)))
        if not form.is_valid():
            errors = [
                {"index": i, "field": field, "message": str(message)}
                for field, messages in form.errors.items()
                for message in messages
            ]
            raise _FormRefused(errors)
        # a consultation group's members: checked with the row by the library's validator
        rows.append(
            {**form.cleaned_data, **({"members": player.members} if player.members else {})}
        )
    last = event.players.aggregate(n=Max("number"))["n"] or 0
    services.add_players(event, request.user, rows)
    added = event.players.filter(number__gt=last).order_by("number")
    return Status(201, [_player_out(p) for p in added])


# -- rounds and results ----------------------------------------------------------------------


@api.post(
    "/events/{event_id}/rounds/next",
    response={202: s.JobAccepted, **ERRORS},
    tags=["rounds"],
)
def pair_next(request: HttpRequest, event_id: int) -> Any:
    """Pair the next round as a background job: 202 and the job's address, to poll until it
    is done (the round's boards) or failed (the reason, e.g. a game of the last round
    without a result). 409 while the round is already being paired."""
    event = event_for(request.user, event_id, Level.ARBITER)
    job = jobs.submit_pairing(event, request.user)
    return Status(202, {"job": job.pk, "status_url": reverse("api:job", kwargs={"job_id": job.pk})})


@api.get("/jobs/{job_id}", response={200: s.JobOut, **ERRORS}, tags=["rounds"], url_name="job")
def get_job(request: HttpRequest, job_id: UUID) -> Any:
    """A job's state, progress and, when done, its result (a pairing job: the round's
    boards), or its error. Seen by whoever may see its event. A job whose worker died is
    queued again (or failed after its last attempt) before it is read."""
    jobs.recover_stale()
    job = Job.objects.filter(pk=job_id).first()
    if job is None or job.event_id is None:
        raise Http404
    event = event_for(request.user, job.event_id, Level.VIEWER)
    result: dict[str, Any] | None = None
    if job.state == Job.State.DONE:
        result = dict(job.result)
        number = result.get("round")
        if job.kind == "pair" and isinstance(number, int):
            paired = event.round_set.filter(number=number).exists()
            result.update(_round_out(event, number) if paired else {})
    return {
        "job": job.pk,
        "kind": job.kind,
        "state": job.state,
        "progress": job.progress,
        "message": job.message,
        "round": job.round_number,
        "result": result,
        "error": job.error,
        "attempts": job.attempts,
    }


@api.get(
    "/events/{event_id}/rounds/{number}", response={200: s.RoundOut, **ERRORS}, tags=["rounds"]
)
def get_round(request: HttpRequest, event_id: int, number: int) -> Any:
    """A round's boards (board number, White and Black with pairing numbers and names, the
    result) and its byes."""
    event = event_for(request.user, event_id, Level.VIEWER)
    return _round_out(event, number)


@api.put(
    "/events/{event_id}/rounds/{number}/boards/{board}",
    response={200: s.ResultOut, **ERRORS},
    tags=["rounds"],
)
def put_result(
    request: HttpRequest, event_id: int, number: int, board: int, payload: s.ResultIn
) -> Any:
    """Enter, correct or clear a board's result, as the arbiter's results page
    (:func:`~chessarbiter.web.events.services.set_result`): a different result already there
    is kept, 409, unless ``replace`` is set; the same result again changes nothing."""
    event = event_for(request.user, event_id, Level.ARBITER)
    rnd = m.Round.objects.filter(event=event, number=number).first()
    row = m.Board.objects.filter(round=rnd, number=board).first() if rnd else None
    if row is None:
        raise Http404
    choice = payload.result.strip()
    choice = store.RESULT_KEYS.get(choice, choice)
    change = services.set_result(
        row.pk, request.user, choice, payload.version, replace=payload.replace
    )
    saved = change.board
    return {
        "board": saved.number,
        "result": store.result_label(saved.result, saved.black_result),
        "previous": change.previous,
        "changed": change.changed,
        "version": saved.version,
        "warning": services.describe_later(change.later),
    }


# -- simul contest ---------------------------------------------------------------------------


def _simul_entry(p: m.Player) -> dict[str, Any]:
    return {"number": p.number, "name": p.name, "score": p.simul_score, "minutes": p.simul_minutes}


@api.get("/events/{event_id}/simul", response={200: s.SimulOut, **ERRORS}, tags=["standings"])
def get_simul(request: HttpRequest, event_id: int) -> Any:
    """A simul contest's standings, as its pages show them
    (:func:`chessarbiter.web.events.simul.contest`: the library's
    :func:`chessarbiter.special.simul.simul_contest`, Team Competitions 1972)."""
    from ..events import simul

    event = event_for(request.user, event_id, Level.VIEWER)
    if not event.simul_contest():
        raise services.ServiceError(_("Only a simul contest ranks exhibitors by score and time."))
    contest = simul.contest(event)
    if contest.problem:
        raise services.ServiceError(contest.problem)
    return {
        "boards": contest.boards,
        "per_minutes": contest.per_minutes,
        "rows": [
            {
                "place": r.place,
                "number": r.player.number,
                "name": r.player.name,
                "score": r.score,
                "minutes": r.player.simul_minutes,
                "extra_minutes": r.extra_minutes,
                "deduction": r.deduction,
                "adjusted": r.adjusted,
            }
            for r in contest.rows
        ],
        "pending": [_simul_entry(p) for p in contest.pending],
    }


@api.put(
    "/events/{event_id}/simul/{number}",
    response={200: s.SimulEntryOut, **ERRORS},
    tags=["standings"],
)
def put_simul(request: HttpRequest, event_id: int, number: int, payload: s.SimulIn) -> Any:
    """Record, correct or clear exhibitor ``number``'s result, as the arbiter's page
    (:func:`chessarbiter.web.events.simul.record_result`): a result already recorded is kept,
    409, unless ``replace`` is set."""
    from ..events import simul

    event = event_for(request.user, event_id, Level.ARBITER)
    player = m.Player.objects.filter(event=event, number=number).first()
    if player is None:
        raise Http404
    saved = simul.record_result(
        player, request.user, payload.score, payload.minutes, replace=payload.replace
    )
    return _simul_entry(saved)


# -- standings and TRF -----------------------------------------------------------------------


@api.get(
    "/events/{event_id}/standings", response={200: s.StandingsOut, **ERRORS}, tags=["standings"]
)
def standings(request: HttpRequest, event_id: int, after_round: Query[int | None] = None) -> Any:
    """The standings with their tie-breaks (by FIDE acronym, in the event's order), from the
    one ranking the standings pages show (:func:`tables.event_ranking`): after the last
    complete round, or after the complete round ``after_round``."""
    event = event_for(request.user, event_id, Level.VIEWER)
    if event.simul_contest():
        raise services.ServiceError(
            _("A simul contest is ranked by score and time: see its /simul.")
        )
    if event.on_bracket():
        raise services.ServiceError(
            _("A knockout event is played on its bracket: no Swiss standings are kept.")
        )

    def compute() -> dict[str, Any]:
        _t, names, rounds, table = tables.event_ranking(event, after_round)
        return {
            "after_round": rounds,
            "tiebreaks": names,
            "rows": [
                {
                    "rank": r.rank,
                    "place": r.shared,
                    "number": r.pairing_number,
                    "name": r.name,
                    "points": r.points,
                    "tiebreaks": {n: r.tiebreaks[n] for n in names},
                    "withdrawn": r.withdrawn,
                }
                for r in table
            ],
        }

    key = f"api-standings-{after_round if after_round is not None else 'last'}"
    result: dict[str, Any] = tables.cached(event, key, compute)
    return result


@api.get(
    "/events/{event_id}/trf",
    response={200: str, **ERRORS},
    tags=["events"],
    # the key an int, as ninja's own: a "200" string beside it would be a second key 200 in
    # the JSON schema, which Swagger UI refuses ("duplicated mapping key")
    openapi_extra={
        "responses": {
            200: {
                "description": "The TRF file",
                "content": {"text/plain": {"schema": {"type": "string"}}},
            }
        }
    },
)
def export_trf(request: HttpRequest, event_id: int, dialect: str = "2026") -> HttpResponse:
    """The event as a TRF file (``dialect``: 2026, or 16 for TRF16), text/plain; what the
    format cannot carry is named in the header ``X-TRF-Not-Carried``."""
    event = event_for(request.user, event_id, Level.VIEWER)
    if dialect not in ("2026", "16"):
        raise _FormRefused([{"field": "dialect", "message": _("Use 2026 or 16.")}])
    text, losses = services.export_trf(event, dialect)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if losses:
        response["X-TRF-Not-Carried"] = "; ".join(losses)
    return response


# -- stateless -------------------------------------------------------------------------------


@api.post(
    "/pair",
    response={200: s.PairingOut, **ERRORS},
    tags=["stateless"],
    openapi_extra=_TRF_BODY,
)
def pair_file(request: HttpRequest, edition: str = "2026") -> Any:
    """The next round of the tournament in a TRF file by the pairing rules ``edition``, as an
    event stores them: the FIDE (Dutch) system, C.04.3 of 2026 or 2017 (``2026``, ``2017``,
    as ``chessarbiter --dutch FILE -p`` pairs it), or another FIDE Swiss system and its
    edition (``dubov-2026``, ``burstein-2026``, ``lim-2026``...); nothing is stored. Refused
    while a game of an earlier round has no result (C.04.1, C.04.2); 422 when no valid
    pairing exists."""
    known = [r.value for r in EVENT_RULES]
    if edition not in known:
        raise _FormRefused(
            [{"field": "edition", "message": _("Use one of: %(e)s.") % {"e": ", ".join(known)}}]
        )
    text, name = _trf_body(request)
    tournament = trf.loads(text, name)
    limits.check_count("players", len(tournament), limits.MAX_PLAYERS)
    check_ready_to_pair(tournament, tournament.rounds_played + 1)
    pairing = pairing_rules(edition).pair(tournament)
    names = {p.number: p.name for p in tournament}
    return {
        "round": pairing.round,
        "edition": edition,
        "boards": [
            {
                "board": n,
                "white": b.white,
                "black": b.black,
                "white_name": names.get(b.white, ""),
                "black_name": names.get(b.black, ""),
            }
            for n, b in enumerate(pairing.boards, start=1)
        ],
        "bye": pairing.bye,
        "lines": pairing.engine_lines(),
    }
