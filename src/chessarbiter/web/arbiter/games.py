"""The arbiter's pages of a round's games: the PGN upload and its review (the library's match
of each game to a board, the arbiter ticking what is stored), a board's game (the viewer,
its moves typed or pasted, an adjournment, an adjudication), the watched PGN source, and the
PGN downloads. Thin views over :mod:`chessarbiter.web.events.services.games`."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from chessarbiter import limits
from chessarbiter.errors import ChessArbiterError
from chessarbiter.games.adjournment import TRF_CANNOT_CARRY, GameState
from chessarbiter.model import Colour
from chessarbiter.special.unclocked import Ladder
from chessarbiter.timecontrol.clock import parse_seconds

from ..events import adjournments, games, store
from ..events import models as m
from ..events.access import Level, event_for
from ..events.services import games as game_services
from ..events.services import reasons as reason_services
from ..events.services.core import ServiceError
from ..events.services.reasons import REASON_LABELS, SANCTION_LABELS, ladder
from .context import page_context

#: The largest PGN the upload takes, in bytes: the library's bound on a PGN text, and what
#: one request may carry (the review page sends the PGN back with the arbiter's choices).
MAX_UPLOAD_BYTES = min(limits.MAX_PGN_CHARS, settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0) or (
    limits.MAX_PGN_CHARS
)


class UploadForm(forms.Form):
    pgn = forms.FileField(label=gettext_lazy("PGN file"), required=False)
    text = forms.CharField(
        label=gettext_lazy("or paste the PGN"),
        widget=forms.Textarea(attrs={"rows": 6}),
        required=False,
        max_length=MAX_UPLOAD_BYTES,
    )


class MovesForm(forms.Form):
    moves = forms.CharField(
        label=gettext_lazy("Moves (PGN movetext, tags optional)"),
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=MAX_UPLOAD_BYTES,
    )


class AdjournForm(forms.Form):
    sealed_by = forms.ChoiceField(
        label=gettext_lazy("Sealed by"),
        choices=[
            (Colour.WHITE.value, gettext_lazy("White")),
            (Colour.BLACK.value, gettext_lazy("Black")),
        ],
    )
    move_number = forms.IntegerField(
        label=gettext_lazy("Number of the sealed move"),
        min_value=1,
        max_value=limits.MAX_MOVE_NUMBER,
    )
    white_time_used = forms.CharField(
        label=gettext_lazy("White's time used (h:mm:ss)"), max_length=20
    )
    black_time_used = forms.CharField(
        label=gettext_lazy("Black's time used (h:mm:ss)"), max_length=20
    )
    draw_offer = forms.BooleanField(label=gettext_lazy("A draw offer is current"), required=False)
    envelope_note = forms.CharField(
        label=gettext_lazy("Envelope (venue, envelope number)"), max_length=300, required=False
    )
    resumption = forms.DateTimeField(
        label=gettext_lazy("Resumption session"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )


def _result_choices() -> list[tuple[str, str]]:
    return [(c, store.result_label(*codes)) for c, codes in store.RESULT_CODES.items()]


class AdjudicateForm(forms.Form):
    result = forms.ChoiceField(label=gettext_lazy("Result"), choices=_result_choices)
    by = forms.CharField(label=gettext_lazy("Adjudicated by"), max_length=100)
    basis = forms.CharField(
        label=gettext_lazy("Basis (the position's assessment)"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
    )


class FinishForm(forms.Form):
    result = forms.ChoiceField(label=gettext_lazy("Result"), choices=_result_choices)


def _reason_choices() -> list[tuple[str, str]]:
    return [("", _("none"))] + [(r.value, str(label)) for r, label in REASON_LABELS.items()]


class ReasonForm(forms.Form):
    """A result given with its reason (:mod:`chessarbiter.result_reasons`)."""

    result = forms.ChoiceField(label=gettext_lazy("Result"), choices=_result_choices)
    reason = forms.ChoiceField(
        label=gettext_lazy("Reason"), choices=_reason_choices, required=False
    )
    fen = forms.CharField(
        label=gettext_lazy("Position (FEN), to check the reason"), max_length=100, required=False
    )
    flagged = forms.ChoiceField(
        label=gettext_lazy("Whose flag fell (for a drawn flag fall)"),
        choices=[
            ("", "—"),
            ("white", gettext_lazy("White")),
            ("black", gettext_lazy("Black")),
        ],
        required=False,
    )
    replace = forms.BooleanField(label=gettext_lazy("replace the result"), required=False)


class SanctionForm(forms.Form):
    """The next step of the sanction ladder of a game without clocks (Team Competitions 1972)."""

    side = forms.ChoiceField(
        label=gettext_lazy("To"),
        choices=[
            (Colour.WHITE.value, gettext_lazy("White")),
            (Colour.BLACK.value, gettext_lazy("Black")),
        ],
    )
    step = forms.ChoiceField(
        label=gettext_lazy("Sanction"),
        choices=lambda: [(s.value, str(label)) for s, label in SANCTION_LABELS.items()],
    )
    move = forms.IntegerField(
        label=gettext_lazy("Move number"),
        min_value=1,
        max_value=limits.MAX_MOVE_NUMBER,
        required=False,
    )

    def __init__(self, *args: Any, ladder: Ladder | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if ladder is not None:  # only the steps of the event's ladder
            field = self.fields["step"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [(s.value, str(SANCTION_LABELS[s])) for s in ladder.steps]


class FreedClockForm(forms.Form):
    """A freed clock set on the board (Team Competitions 1972): the time to the end of the
    session and, from the scoresheet, the moves made and the control's move."""

    remaining = forms.CharField(
        label=gettext_lazy("Time to the end of the session (s or H:MM:SS, at least one hour)"),
        max_length=20,
    )
    moves_made = forms.IntegerField(
        label=gettext_lazy("Moves made"),
        min_value=0,
        max_value=limits.MAX_MOVE_NUMBER,
        required=False,
    )
    control_move = forms.IntegerField(
        label=gettext_lazy("Control at move"),
        min_value=1,
        max_value=limits.MAX_MOVE_NUMBER,
        required=False,
    )


class SourceForm(forms.Form):
    source = forms.CharField(
        label=gettext_lazy("Watched PGN (a file under the watch folder, or an http(s) URL)"),
        max_length=500,
        required=False,
    )


def _round(request: HttpRequest, event_id: int, number: int, need: Level) -> m.Round:
    ev = event_for(request.user, event_id, need)
    rnd = get_object_or_404(m.Round.objects.select_related("event"), event=ev, number=number)
    return rnd


def _board(rnd: m.Round, board: int) -> m.Board:
    found = (
        m.Board.objects.filter(round=rnd, number=board, black__isnull=False)
        .select_related("round__event", "white", "black", "game")
        .first()
    )
    if found is None:
        raise Http404
    return found


def _read_upload(request: HttpRequest, form: UploadForm) -> str | None:
    """The uploaded or pasted PGN as text (None with the arbiter told why)."""
    upload = form.cleaned_data.get("pgn")
    if upload is not None:
        if upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
            messages.error(
                request,
                _("The file is larger than %(n)d bytes: split it by round.")
                % {"n": MAX_UPLOAD_BYTES},
            )
            return None
        raw: bytes = upload.read(MAX_UPLOAD_BYTES + 1)
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return raw.decode("latin-1")  # the PGN standard's character set
    text: str = form.cleaned_data.get("text") or ""
    if not text.strip():
        messages.error(request, _("Choose a PGN file or paste the games."))
        return None
    return text


def _review_rows(review: game_services.UploadReview) -> list[dict[str, Any]]:
    rows = []
    for match in review.match.games:
        game = review.games[match.game_index]
        board = review.boards.get(match.board) if match.board is not None else None
        conflict = ""
        if board is not None and board.result:
            label = store.result_label(board.result, board.black_result)
            if match.result_conflict:
                conflict = label
        rows.append(
            {
                "index": match.game_index,
                "white": game.headers.get("White", "?"),
                "black": game.headers.get("Black", "?"),
                "round_tag": game.headers.get("Round", ""),
                "result": game.result,
                "plies": len(game.moves),
                "board": match.board,
                "certainty": match.certainty,
                "reason": match.reason,
                "swapped": match.colours_swapped,
                "conflict": conflict,
                "ticked": match.certainty == "exact" and not match.colours_swapped,
            }
        )
    return rows


@login_required
def upload(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """The PGN of a round, uploaded (or pasted) and shown for review: each game with the
    board the library matched it to, how sure the match is and why. Nothing is stored here."""
    rnd = _round(request, event_id, number, Level.ARBITER)
    ev = rnd.event
    form = UploadForm(request.POST or None, request.FILES or None)
    context = page_context(request, ev, round=rnd, form=form, max_bytes=MAX_UPLOAD_BYTES)
    if request.method == "POST" and form.is_valid():
        text = _read_upload(request, form)
        if text is not None:
            try:
                review = game_services.review_upload(rnd, text, _("the uploaded PGN"))
            except ChessArbiterError as e:
                messages.error(request, str(e))
            else:
                matched = {g.board for g in review.match.games if g.board is not None}
                context.update(
                    pgn=text,
                    rows=_review_rows(review),
                    boards=[
                        (b.number, f"{b.white.name} – {b.black.name if b.black else ''}")
                        for b in review.boards.values()
                    ],
                    unmatched_boards=[
                        review.boards[n] for n in sorted(review.boards) if n not in matched
                    ],
                )
                return render(request, "arbiter/games_review.html", context)
    return render(request, "arbiter/games_upload.html", context)


def _posted_board(value: str) -> int | None:
    value = value.strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 5 else None


@login_required
@require_POST
def confirm(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Store the games the arbiter ticked on the review page, each on its chosen board, with
    the results their Result tags give where the board has none, or replacing a different
    one where "replace" is ticked."""
    rnd = _round(request, event_id, number, Level.ARBITER)
    text = request.POST.get("pgn", "")
    if len(text) > MAX_UPLOAD_BYTES or not text.strip():
        messages.error(request, _("The reviewed PGN did not come back: upload it again."))
        return redirect("arbiter:games_upload", rnd.event_id, number)
    chosen: dict[int, int] = {}
    replace: list[int] = []
    for key in request.POST:
        if not key.startswith("take_"):
            continue
        index = _posted_board(key[5:])
        board = _posted_board(request.POST.get(f"board_{key[5:]}", ""))
        if index is None or board is None:
            continue
        chosen[index] = board
        if request.POST.get(f"replace_{index}"):
            replace.append(board)
    if not chosen:
        messages.warning(request, _("No game was ticked: nothing was stored."))
        return redirect("arbiter:round", rnd.event_id, number)
    try:
        done = game_services.store_games(rnd, request.user, text, chosen, replace)
    except ChessArbiterError as e:
        messages.error(request, str(e))
        return redirect("arbiter:games_upload", rnd.event_id, number)
    messages.success(
        request,
        _("%(n)d games stored; %(r)d results taken from the PGN, %(k)d replaced.")
        % {"n": done.stored, "r": done.results, "k": done.replaced},
    )
    for note in done.notes:
        messages.warning(request, note)
    return redirect("arbiter:round", rnd.event_id, number)


def _sanctions(board: m.Board) -> dict[str, Any]:
    """The board's sanctions for the page: each side's steps given (with the move) and the
    step the next offence brings (the library's record)."""
    sides = []
    steps = ladder(board.round.event)
    black = board.black.name if board.black else ""
    for colour, name in ((Colour.WHITE, board.white.name), (Colour.BLACK, black)):
        record = reason_services.sanction_record(board, colour)
        sides.append(
            {
                "side": colour.value,
                "name": name,
                "given": [
                    (SANCTION_LABELS[s], move)
                    for s, move in zip(record.given, record.moves, strict=True)
                ],
                "next": SANCTION_LABELS[record.next] if record.next else "",
            }
        )
    return {
        "sanction_sides": sides,
        "sanctions_given": sum(len(side["given"]) for side in sides),
        "ladder": [SANCTION_LABELS[s] for s in steps.steps],
        "blitz_ladder": steps is Ladder.BLITZ,
    }


def _game_context(request: HttpRequest, board: m.Board) -> dict[str, Any]:
    view = games.game_view(board, request.GET.get("ply"))
    record = adjournments.record_of(board)
    why = reason_services.stored_reason(board)
    return {
        "view": view,
        "record": record,
        "adjourned": record.state is GameState.ADJOURNED,
        "trf_losses": adjournments.trf_note(board),
        "trf_cannot": TRF_CANNOT_CARRY,
        "reason_label": REASON_LABELS[why] if why else "",
        **_sanctions(board),
    }


@login_required
def game(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    """A board's game: the viewer, and for an arbiter its moves typed or pasted, an
    adjournment recorded, adjudicated or finished."""
    rnd = _round(request, event_id, number, Level.VIEWER)
    found = _board(rnd, board)
    ev = rnd.event
    game_row: m.Game | None = getattr(found, "game", None)
    context = page_context(
        request,
        ev,
        round=rnd,
        board=found,
        moves_form=MovesForm(initial={"moves": game_row.pgn if game_row else ""}),
        adjourn_form=AdjournForm(),
        adjudicate_form=AdjudicateForm(),
        finish_form=FinishForm(),
        reason_form=ReasonForm(
            initial={
                "result": store.result_choice(found.result, found.black_result),
                "reason": found.reason,
                "fen": _last_fen(found),
            }
        ),
        sanction_form=SanctionForm(ladder=ladder(found.round.event)),
        freed_form=FreedClockForm(),
        freed_clock=reason_services.freed_clock_of(found),
        **_game_context(request, found),
    )
    return render(request, "arbiter/game.html", context)


def _last_fen(found: m.Board) -> str:
    """The position at the end of the board's stored game ('' when it has no moves)."""
    plies = games.game_view(found, None).plies
    return plies[-1].fen if plies else ""


def _game_change(request: HttpRequest, event_id: int, number: int, board: int) -> m.Board:
    rnd = _round(request, event_id, number, Level.ARBITER)
    return _board(rnd, board)


def _back(found: m.Board) -> HttpResponse:
    return redirect("arbiter:game", found.round.event_id, found.round.number, found.number)


def _form_errors(request: HttpRequest, form: forms.Form) -> None:
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        text = " ".join(str(e) for e in errors)
        messages.error(request, f"{label}: {text}" if label else text)


@login_required
@require_POST
def game_moves(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    found = _game_change(request, event_id, number, board)
    form = MovesForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return _back(found)
    try:
        game_services.set_game_moves(found, request.user, form.cleaned_data["moves"])
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("The moves were saved."))
    return _back(found)


@login_required
@require_POST
def game_adjourn(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    found = _game_change(request, event_id, number, board)
    form = AdjournForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return _back(found)
    data = form.cleaned_data
    try:
        white = parse_seconds(data["white_time_used"], _("White's time used"))
        black = parse_seconds(data["black_time_used"], _("Black's time used"))
        game_services.adjourn_game(
            found,
            request.user,
            sealed_by=Colour(data["sealed_by"]),
            move_number=data["move_number"],
            white_time_used=timedelta(seconds=white),
            black_time_used=timedelta(seconds=black),
            resumption=data["resumption"],
            draw_offer=data["draw_offer"],
            envelope_note=data["envelope_note"],
        )
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("The game is recorded as adjourned."))
    return _back(found)


@login_required
@require_POST
def game_adjudicate(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    found = _game_change(request, event_id, number, board)
    form = AdjudicateForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return _back(found)
    data = form.cleaned_data
    try:
        game_services.adjudicate_game(
            found, request.user, data["result"], data["by"], data["basis"]
        )
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("The adjudication is recorded."))
    return _back(found)


@login_required
@require_POST
def game_finish(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    found = _game_change(request, event_id, number, board)
    form = FinishForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return _back(found)
    try:
        game_services.finish_adjourned(found, request.user, form.cleaned_data["result"])
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("The resumed game's result is recorded."))
    return _back(found)


@login_required
@require_POST
def game_reason(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    """The board's result given with its reason, checked by the library
    (:func:`chessarbiter.result_reasons.check_result_reason`)."""
    found = _game_change(request, event_id, number, board)
    form = ReasonForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return _back(found)
    data = form.cleaned_data
    try:
        given = reason_services.set_reason(
            found.pk,
            request.user,
            data["result"],
            data["reason"] or "",
            fen=data["fen"].strip(),
            flagged=data["flagged"],
            replace=data["replace"],
        )
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        if given.check is None:
            messages.success(request, _("The result is saved without a reason."))
        else:
            messages.success(
                request,
                _("The result is saved with its reason (%(why)s): %(note)s")
                % {"why": REASON_LABELS[given.check.reason], "note": given.check.note},
            )
    return _back(found)


@login_required
@require_POST
def game_sanction(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    """The next sanction of the ladder (Team Competitions 1972, games without clocks)."""
    found = _game_change(request, event_id, number, board)
    form = SanctionForm(request.POST, ladder=ladder(found.round.event))
    if not form.is_valid():
        _form_errors(request, form)
        return _back(found)
    data = form.cleaned_data
    try:
        step = reason_services.add_sanction(
            found.pk, request.user, data["side"], data["step"], data["move"]
        )
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request, _("Sanction recorded: %(step)s.") % {"step": SANCTION_LABELS[step]}
        )
    return _back(found)


@login_required
@require_POST
def game_freed_clock(request: HttpRequest, event_id: int, number: int, board: int) -> HttpResponse:
    """Record a freed clock set on the board (Team Competitions 1972, games without clocks)."""
    found = _game_change(request, event_id, number, board)
    form = FreedClockForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return _back(found)
    data = form.cleaned_data
    try:
        remaining = parse_seconds(data["remaining"], _("the remaining time"))
        clock = reason_services.set_freed_clock(
            found.pk,
            request.user,
            remaining,
            moves_made=data["moves_made"],
            control=data["control_move"],
        )
    except ChessArbiterError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            _("Freed clock set: each player %(s)s s for %(n)d moves.")
            % {"s": clock.each, "n": clock.moves},
        )
    return _back(found)


@login_required
@require_safe
def game_svg(
    request: HttpRequest, event_id: int, number: int, board: int, ply: int
) -> HttpResponse:
    rnd = _round(request, event_id, number, Level.VIEWER)
    return svg_response(_board(rnd, board), ply)


def svg_response(found: m.Board, ply: int) -> HttpResponse:
    """The position after ``ply`` as an SVG image (404 past the game's end)."""
    try:
        svg = games.position_svg(found, ply)
    except ChessArbiterError:
        svg = None
    if svg is None:
        raise Http404
    response = HttpResponse(svg, content_type="image/svg+xml")
    response["Cache-Control"] = "max-age=60"
    return response


def pgn_response(text: str, name: str) -> HttpResponse:
    """A PGN download (``application/x-chess-pgn``, UTF-8) named ``name``."""
    response = HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{name}"'
    response["Cache-Control"] = "no-cache"
    return response


@login_required
@require_safe
def round_pgn(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    rnd = _round(request, event_id, number, Level.VIEWER)
    return pgn_response(games.round_pgn(rnd.event, number), f"round-{number:02d}.pgn")


@login_required
@require_safe
def event_pgn(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    return pgn_response(games.round_pgn(ev), "games.pgn")


@login_required
@require_POST
def watch_source(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Set (or clear) the round's watched PGN source; "read now" re-reads it at once."""
    rnd = _round(request, event_id, number, Level.ARBITER)
    form = SourceForm(request.POST)
    if not form.is_valid():
        _form_errors(request, form)
        return redirect("arbiter:round", rnd.event_id, number)
    try:
        game_services.set_watch_source(
            rnd, request.user, form.cleaned_data["source"], settings.CHESSARBITER_PGN_WATCH_DIR
        )
        if rnd.pgn_source and request.POST.get("read_now"):
            report = game_services.refresh_watched(rnd, settings.CHESSARBITER_PGN_WATCH_DIR)
            messages.info(request, report.summary())
    except (ChessArbiterError, ServiceError) as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("The watched PGN source is saved."))
    return redirect("arbiter:round", rnd.event_id, number)
