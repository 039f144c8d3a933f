"""The arbiter's pages: thin views over :mod:`chessarbiter.web.events.services` and the
library. Every POST changes the event through one service (one transaction, audited)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from chessarbiter.errors import ChessArbiterError

from ..events import models as m
from ..events import reports, services, store
from ..events.access import Level, event_for, level, visible_events
from . import forms


def _ctx(request: HttpRequest, event: m.Event, **extra: Any) -> dict[str, Any]:
    lvl = level(request.user, event)
    return {
        "event": event,
        "can_edit": lvl >= Level.ARBITER,
        "is_chief": lvl >= Level.CHIEF,
        "rounds_paired": event.round_set.count(),
        **extra,
    }


def _fail(request: HttpRequest, error: Exception) -> None:
    messages.error(request, str(error))


def _attempt(request: HttpRequest, call: Callable[[], object], success: str) -> bool:
    """Run one service; tell the arbiter how it went (the service's own words on failure)."""
    try:
        call()
    except ChessArbiterError as e:
        _fail(request, e)
        return False
    messages.success(request, success)
    return True


@login_required
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "arbiter/home.html", {"events": visible_events(request.user)})


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = forms.EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = services.create_event(request.user, **form.cleaned_data)
        messages.success(request, _("Event created."))
        return redirect("arbiter:event", event.pk)
    return render(request, "arbiter/event_form.html", {"form": form, "event": None})


@login_required
def event_import(request: HttpRequest) -> HttpResponse:
    form = forms.TrfImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            from chessarbiter.trf import decode

            event = services.import_trf(request.user, decode(upload.read()), upload.name)
        except ChessArbiterError as e:
            _fail(request, e)
        else:
            messages.success(request, _("Event imported."))
            return redirect("arbiter:event", event.pk)
    return render(request, "arbiter/event_import.html", {"form": form})


@login_required
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    rounds = list(ev.round_set.all())
    return render(request, "arbiter/event.html", _ctx(request, ev, rounds=rounds))


@login_required
def event_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.CHIEF)
    form = forms.EventForm(request.POST or None, instance=m.Event.objects.get(pk=ev.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.update_event(ev, request.user, **form.cleaned_data)
        except ChessArbiterError as e:
            _fail(request, e)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("arbiter:event", ev.pk)
    return render(request, "arbiter/event_form.html", _ctx(request, ev, form=form))


# -- players ---------------------------------------------------------------------------------


@login_required
def players(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    form = forms.PlayerForm(request.POST or None)
    if request.method == "POST":
        event_for(request.user, event_id, Level.ARBITER)
        if form.is_valid():
            try:
                p = services.add_player(ev, request.user, **form.cleaned_data)
            except ChessArbiterError as e:
                _fail(request, e)
            else:
                messages.success(request, _("Registered: %(p)s") % {"p": str(p)})
                return redirect("arbiter:players", ev.pk)
    rows = list(ev.players.all())
    byes: dict[int, list[m.ByeRequest]] = {}
    for b in m.ByeRequest.objects.filter(player__event=ev):
        byes.setdefault(b.player_id, []).append(b)
    for p in rows:
        p.requests = byes.get(p.pk, [])  # type: ignore[attr-defined]
    return render(
        request,
        "arbiter/players.html",
        _ctx(
            request,
            ev,
            form=form,
            players=rows,
            import_form=forms.ImportForm(),
            forbidden_form=forms.ForbiddenPairForm(),
            forbidden=ev.forbidden_pairs.select_related("first", "second"),
        ),
    )


@login_required
@require_POST
def players_import(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.ARBITER)
    form = forms.ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, _("Choose a format and a file."))
        return redirect("arbiter:players", ev.pk)
    upload = form.cleaned_data["file"]
    kind = form.cleaned_data["kind"]
    raw = upload.read()
    try:
        if kind == "trf":
            from chessarbiter.trf import decode, loads

            fields = [store.player_fields(p) for p in loads(decode(raw), upload.name)]
        else:
            from chessarbiter import registration
            from chessarbiter.trf import decode

            text = decode(raw)  # UTF-8, else Windows-1252 (as the TRF reader)
            records: list[Any]
            if kind == "csv":
                records = registration.read_players_csv(text, upload.name)
            else:
                records = registration.read_fide_rating_list(text, upload.name)
                wanted = {
                    x.strip()
                    for x in form.cleaned_data["fide_ids"].replace(",", " ").split()
                    if x.strip()
                }
                if not wanted:
                    raise services.ServiceError(
                        _("Say which FIDE IDs to take from the rating list.")
                    )
                records = [r for r in records if str(r.fide_id) in wanted]
                missing = wanted - {str(r.fide_id) for r in records}
                if missing:
                    raise services.ServiceError(
                        _("Not in the rating list: %(ids)s") % {"ids": ", ".join(sorted(missing))}
                    )
            for warning in getattr(records, "warnings", []):
                messages.warning(request, str(warning))
            fields = services.players_from_records(records)
        count = services.add_players(ev, request.user, fields)
    except ChessArbiterError as e:
        _fail(request, e)
    else:
        messages.success(request, _("%(n)d players registered.") % {"n": count})
    return redirect("arbiter:players", ev.pk)


@login_required
def player(request: HttpRequest, event_id: int, player_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    p = get_object_or_404(m.Player, pk=player_id, event=ev)
    form = forms.PlayerForm(request.POST or None, instance=m.Player.objects.get(pk=p.pk))
    if request.method == "POST":
        event_for(request.user, event_id, Level.ARBITER)
        if form.is_valid():
            try:
                services.update_player(p, request.user, **form.cleaned_data)
            except ChessArbiterError as e:
                _fail(request, e)
            else:
                messages.success(request, _("Saved."))
                return redirect("arbiter:players", ev.pk)
    return render(
        request,
        "arbiter/player.html",
        _ctx(
            request,
            ev,
            player=p,
            form=form,
            bye_form=forms.ByeForm(initial={"round": ev.round_set.count() + 1}),
            requests=p.bye_requests.all(),
            card=reports.player_card(ev, p.number),
        ),
    )


@login_required
@require_POST
def player_action(request: HttpRequest, event_id: int, player_id: int, action: str) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.ARBITER)
    p = get_object_or_404(m.Player, pk=player_id, event=ev)
    try:
        if action == "withdraw":
            services.withdraw_player(p, request.user)
        elif action == "reenter":
            services.reenter_player(p, request.user)
        elif action == "delete":
            services.delete_player(p, request.user)
            return redirect("arbiter:players", ev.pk)
        elif action == "replace":
            from ..events import knockout

            replacement = forms.PlayerForm(request.POST)
            if not replacement.is_valid():
                messages.error(request, _("Give the replacement's name."))
                return redirect("arbiter:player", ev.pk, p.pk)
            fields = {k: v for k, v in replacement.cleaned_data.items() if k != "entry_stage"}
            new = knockout.replace(p, request.user, **fields)
            messages.success(request, _("Saved."))
            return redirect("arbiter:player", ev.pk, new.pk)
        elif action == "bye":
            form = forms.ByeForm(request.POST)
            if not form.is_valid():
                return HttpResponseBadRequest(_("Bad bye request."))
            services.set_bye_request(
                p, request.user, form.cleaned_data["round"], form.cleaned_data["kind"]
            )
        else:
            return HttpResponseBadRequest()
    except ChessArbiterError as e:
        _fail(request, e)
    else:
        messages.success(request, _("Saved."))
    return redirect("arbiter:player", ev.pk, p.pk)


@login_required
@require_POST
def forbidden_pair(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.ARBITER)
    form = forms.ForbiddenPairForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give two pairing numbers."))
        return redirect("arbiter:players", ev.pk)
    first = ev.players.filter(number=form.cleaned_data["first"]).first()
    second = ev.players.filter(number=form.cleaned_data["second"]).first()
    if first is None or second is None:
        messages.error(request, _("No such player number."))
        return redirect("arbiter:players", ev.pk)
    _attempt(
        request,
        lambda: services.add_forbidden_pair(ev, request.user, first, second),
        _("Saved."),
    )
    return redirect("arbiter:players", ev.pk)


@login_required
@require_POST
def players_lots(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.ARBITER)
    seed = request.POST.get("seed", "").strip()
    if not seed:
        messages.error(request, _("Give the seed of the draw (to be published)."))
        return redirect("arbiter:players", ev.pk)
    _attempt(
        request,
        lambda: services.draw_numbers_by_lot(ev, request.user, seed),
        _("Pairing numbers drawn by lot."),
    )
    return redirect("arbiter:players", ev.pk)


@login_required
@require_POST
def players_renumber(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.ARBITER)
    _attempt(
        request,
        lambda: services.renumber_by_rating(ev, request.user),
        _("Pairing numbers set by rating, title and name."),
    )
    return redirect("arbiter:players", ev.pk)


# -- pairing ---------------------------------------------------------------------------------


def _names(ev: m.Event) -> dict[int, str]:
    return {p.number: p.name for p in ev.players.all()}


@login_required
def pair(request: HttpRequest, event_id: int) -> HttpResponse:
    """GET: the proposed pairing (a preview, nothing stored). POST: store it."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    team_systems = (m.Event.System.TEAM_ROUND_ROBIN, m.Event.System.TEAM_SWISS)
    if ev.system in team_systems and request.method != "POST":
        return redirect("arbiter:teams", ev.pk)
    if request.method == "POST":
        try:
            rnd = services.pair_next_round(ev, request.user)
        except ChessArbiterError as e:
            _fail(request, e)
            return redirect("arbiter:event", ev.pk)
        messages.success(request, _("Round %(n)d paired.") % {"n": rnd.number})
        return redirect("arbiter:round", ev.pk, rnd.number)
    try:
        proposal = services.propose_pairing(ev)
    except ChessArbiterError as e:
        _fail(request, e)
        return redirect("arbiter:event", ev.pk)
    names = _names(ev)
    t = store.tournament(ev)
    scores = t.scores()
    boards = [
        {
            "number": i,
            "white": b.white,
            "white_name": names[b.white],
            "white_points": reports._fmt(scores[b.white]),
            "black": b.black,
            "black_name": names[b.black],
            "black_points": reports._fmt(scores[b.black]),
        }
        for i, b in enumerate(proposal.boards, start=1)
    ]
    manual_text = "\n".join(f"{b.white} {b.black}" for b in proposal.boards)
    if proposal.bye is not None:
        manual_text += f"\n{proposal.bye} 0"
    return render(
        request,
        "arbiter/pair.html",
        _ctx(
            request,
            ev,
            proposal=proposal,
            boards=boards,
            bye_name=names.get(proposal.bye) if proposal.bye else None,
            manual_form=forms.ManualPairingForm(initial={"boards": manual_text}),
        ),
    )


def deviation_labels() -> dict[str, str]:
    """A short translated name for each kind of rule break a hand-made pairing can have (the
    library's sentence, with the details, follows it in English, as the FIDE rules read)."""
    return {
        "repeat": _("Players meet again"),
        "forbidden": _("Forbidden pair"),
        "bye-ineligible": _("May not receive the bye"),
        "colour-three-in-row": _("Same colour a third time in a row"),
        "colour-difference": _("Colour difference beyond two"),
        "unpaired": _("Player left out"),
        "duplicate": _("Player on two boards"),
        "absent-paired": _("Absent player paired"),
        "extra-bye": _("More than one bye"),
    }


@login_required
@require_POST
def pair_manual(request: HttpRequest, event_id: int) -> HttpResponse:
    """Check a hand-made pairing; store it once the arbiter confirms the listed deviations."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    form = forms.ManualPairingForm(request.POST)
    deviations: list[Any] = []
    if form.is_valid():
        boards = form.cleaned_data["boards"]
        try:
            deviations = services.check_boards(ev, boards)
            if not deviations or form.cleaned_data["confirm"]:
                rnd = services.pair_next_round(ev, request.user, boards, form.cleaned_data["note"])
                messages.success(request, _("Round %(n)d paired by hand.") % {"n": rnd.number})
                return redirect("arbiter:round", ev.pk, rnd.number)
        except ChessArbiterError as e:
            _fail(request, e)
    data = request.POST.copy()
    data["confirm"] = "on" if deviations else ""
    return render(
        request,
        "arbiter/pair_manual.html",
        _ctx(
            request,
            ev,
            form=forms.ManualPairingForm(data),
            deviations=[(deviation_labels().get(d.kind, d.kind), d) for d in deviations],
        ),
    )


@login_required
def explain(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    try:
        lines = services.explain_next_round(ev)
    except ChessArbiterError as e:
        lines = [str(e)]
    return render(request, "arbiter/explain.html", _ctx(request, ev, lines=lines))


@login_required
@require_POST
def unpair(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.CHIEF)
    try:
        n = services.unpair_last_round(ev, request.user)
    except ChessArbiterError as e:
        _fail(request, e)
    else:
        messages.success(request, _("Round %(n)d unpaired.") % {"n": n})
    return redirect("arbiter:event", ev.pk)


# -- results ---------------------------------------------------------------------------------


@login_required
def round_page(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    get_object_or_404(m.Round, event=ev, number=number)
    view = reports.round_view(ev, number)
    return render(
        request,
        "arbiter/round.html",
        _ctx(
            request,
            ev,
            round=view,
            choices=list(store.RESULT_CODES),
            keys=store.RESULT_KEYS,
        ),
    )


@login_required
@require_POST
def result(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Enter a result: ``board`` (board number) and ``result`` (a key of RESULT_CODES, or one
    of the keyboard keys 1 0 = + -), with ``version`` when known. Answers htmx with the row."""
    ev = event_for(request.user, event_id, Level.ARBITER)
    rnd = get_object_or_404(m.Round, event=ev, number=number)
    try:
        board_no = int(request.POST.get("board", ""))
    except ValueError:
        return HttpResponseBadRequest(_("Which board?"))
    board = get_object_or_404(m.Board, round=rnd, number=board_no)
    choice = request.POST.get("result", "")
    choice = store.RESULT_KEYS.get(choice, choice)
    version_text = request.POST.get("version", "")
    version = int(version_text) if version_text.isdigit() else None
    status = 200
    try:
        services.set_result(board.pk, request.user, choice, version)
    except services.ConflictError as e:
        messages.error(request, str(e))
        status = 409
    except ChessArbiterError as e:
        messages.error(request, str(e))
        status = 400
    ev.refresh_from_db()
    if request.headers.get("HX-Request"):
        view = reports.round_view(ev, number)
        line = next(b for b in view.boards if b.number == board_no)
        response = render(
            request,
            "arbiter/_board_row.html",
            _ctx(request, ev, b=line, choices=list(store.RESULT_CODES), round=view),
        )
        response.status_code = 200 if status == 200 else status
        if status != 200:
            response["HX-Reswap"] = "none"
            response["HX-Trigger"] = "refresh-messages"
        return response
    return redirect("arbiter:round", ev.pk, number)


# -- reports ---------------------------------------------------------------------------------


@login_required
def standings(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    names, rows, rounds = reports.standings_rows(ev)
    return render(
        request,
        "arbiter/standings.html",
        _ctx(request, ev, tiebreak_names=names, rows=rows, after_round=rounds),
    )


@login_required
def standings_player(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    p = get_object_or_404(m.Player, event=ev, number=number)
    return render(
        request,
        "arbiter/breakdown.html",
        _ctx(request, ev, player=p, parts=reports.breakdown_lines(ev, number)),
    )


@login_required
def crosstable(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    rows, rounds = reports.crosstable(ev)
    return render(
        request,
        "arbiter/crosstable.html",
        _ctx(request, ev, rows=rows, round_numbers=range(1, rounds + 1), grid=reports.grid(ev)),
    )


@login_required
def export(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    dialect = request.GET.get("dialect", "2026")
    text, losses = services.export_trf(ev, dialect)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if losses:
        response["X-TRF-Not-Carried"] = "; ".join(losses)
    response["Content-Disposition"] = f'attachment; filename="event-{ev.pk}-trf{dialect}.trf"'
    return response


@login_required
def print_view(request: HttpRequest, event_id: int, what: str, number: int = 0) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.VIEWER)
    ctx = _ctx(request, ev, what=what)
    if what in ("pairings", "alpha", "slips"):
        get_object_or_404(m.Round, event=ev, number=number)
        view = reports.round_view(ev, number)
        ctx["round"] = view
        if what == "alpha":
            entries: list[tuple[str, int, int | None, str, str]] = []
            for b in view.boards:
                entries.append((b.white_name, b.white, b.number, _("white"), b.black_name))
                entries.append((b.black_name, b.black, b.number, _("black"), b.white_name))
            for num, name, kind in view.byes:
                entries.append((name, num, None, kind, ""))
            ctx["entries"] = sorted(entries, key=lambda e: e[0].casefold())
    elif what == "standings":
        names, rows, rounds = reports.standings_rows(ev)
        ctx.update(tiebreak_names=names, rows=rows, after_round=rounds)
    elif what == "crosstable":
        rows, rounds = reports.crosstable(ev)
        ctx.update(rows=rows, round_numbers=range(1, rounds + 1), grid=reports.grid(ev))
    else:
        return HttpResponseBadRequest()
    return render(request, f"print/{what}.html", ctx)


# -- people and history ----------------------------------------------------------------------


@login_required
def roles(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.CHIEF)
    form = forms.RoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = get_user_model().objects.filter(username=form.cleaned_data["username"]).first()
        if user is None:
            messages.error(request, _("No such user."))
        else:
            services.set_role(ev, request.user, user, form.cleaned_data["kind"])
            messages.success(request, _("Saved."))
            return redirect("arbiter:roles", ev.pk)
    return render(
        request,
        "arbiter/roles.html",
        _ctx(request, ev, form=form, roles=ev.roles.select_related("user")),
    )


@login_required
def audit_log(request: HttpRequest, event_id: int) -> HttpResponse:
    ev = event_for(request.user, event_id, Level.CHIEF)
    entries = ev.audit.select_related("user")[:500]
    return render(request, "arbiter/audit.html", _ctx(request, ev, entries=entries))


# -- knockout --------------------------------------------------------------------------------


@login_required
def knockout_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The bracket, the matches to play, and (POST) drawing the bracket."""
    from chessarbiter.pairing.knockout.report import bracket_svg

    from ..events import knockout

    ev = event_for(request.user, event_id, Level.VIEWER)
    if request.method == "POST":
        event_for(request.user, event_id, Level.CHIEF)
        _attempt(request, lambda: knockout.draw(ev, request.user), _("Bracket drawn."))
        return redirect("arbiter:knockout", ev.pk)
    matches = knockout.views(ev)
    svg = (
        bracket_svg(list(knockout.state(ev).matches.values()), knockout.names(ev))
        if matches
        else ""
    )
    return render(
        request,
        "arbiter/knockout.html",
        _ctx(request, ev, matches=matches, svg=mark_safe(svg)),  # our own SVG, text escaped
    )


@login_required
def knockout_match(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """One match: its games, the next game, and (POST) a game, a walkover or an armageddon."""
    from ..events import knockout

    ev = event_for(request.user, event_id, Level.VIEWER)
    row = get_object_or_404(m.KnockoutMatch, event=ev, number=number)
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "armageddon":
            ev = event_for(request.user, event_id, Level.CHIEF)
        else:
            ev = event_for(request.user, event_id, Level.ARBITER)
        if action == "game":
            score = {"1": "1", "0.5": "0.5", "0": "0"}.get(request.POST.get("score", ""))
            version = request.POST.get("version", "")
            if score is None:
                messages.error(request, _("A game scores 1, ½ or 0."))
            else:
                from decimal import Decimal

                _attempt(
                    request,
                    lambda: knockout.add_game(
                        row,
                        request.user,
                        Decimal(score),
                        int(version) if version.isdigit() else None,
                    ),
                    _("Saved."),
                )
        elif action == "walkover":
            _attempt(
                request,
                lambda: knockout.walkover(row, request.user, request.POST.get("winner", "")),
                _("Saved."),
            )
        elif action == "armageddon":
            _attempt(
                request,
                lambda: knockout.order_armageddon(row, request.user, request.POST.get("white", "")),
                _("Saved."),
            )
        else:
            return HttpResponseBadRequest()
        return redirect("arbiter:knockout_match", ev.pk, number)
    view = next(v for v in knockout.views(ev) if v.row.number == number)
    return render(request, "arbiter/knockout_match.html", _ctx(request, ev, m=view))


# -- teams -----------------------------------------------------------------------------------


@login_required
def teams_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The teams and their lists; (POST) a new team, or a player added to a team's list."""
    from ..events import teams

    ev = event_for(request.user, event_id, Level.VIEWER)
    if request.method == "POST":
        event_for(request.user, event_id, Level.ARBITER)
        if request.POST.get("action") == "team":
            name = request.POST.get("name", "").strip()
            if not name:
                messages.error(request, _("Give the team's name."))
            else:
                _attempt(request, lambda: teams.add_team(ev, request.user, name), _("Saved."))
        else:
            team = get_object_or_404(m.Team, event=ev, pk=request.POST.get("team", "0") or 0)
            form = forms.PlayerForm(request.POST)
            if form.is_valid():
                fields = dict(form.cleaned_data, team=team, team_order=teams.next_order(team))
                _attempt(
                    request,
                    lambda: services.add_player(ev, request.user, **fields),
                    _("Saved."),
                )
            else:
                messages.error(request, _("Give the player's name."))
        return redirect("arbiter:teams", ev.pk)
    lists = [(t, teams.roster(t)) for t in ev.teams.all()]
    return render(
        request,
        "arbiter/teams.html",
        _ctx(request, ev, lists=lists, player_form=forms.PlayerForm()),
    )


@login_required
def team_standings(request: HttpRequest, event_id: int) -> HttpResponse:
    from ..events import teams

    ev = event_for(request.user, event_id, Level.VIEWER)
    names, rows = teams.standings(ev)
    return render(request, "arbiter/team_standings.html", _ctx(request, ev, names=names, rows=rows))


@login_required
def board_prizes(request: HttpRequest, event_id: int) -> HttpResponse:
    """Seed 000: per-board tables by percentage, the minimum-games rule (half or two thirds),
    reserves in their own table."""
    from chessarbiter.tiebreaks.board_prizes import board_tables

    from ..events import teams

    ev = event_for(request.user, event_id, Level.VIEWER)
    minimum = request.GET.get("minimum", "half")
    if minimum not in ("half", "two-thirds"):
        minimum = "half"
    tables = board_tables(teams.team_event(ev), minimum)
    return render(
        request, "arbiter/board_prizes.html", _ctx(request, ev, tables=tables, minimum=minimum)
    )
