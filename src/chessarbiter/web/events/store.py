"""The stored event as the library sees it: :func:`tournament` builds a
:class:`chessarbiter.model.Tournament` from the rows, and the few helpers below read the
library's answers back. Nothing here decides a rule."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from chessarbiter.crosstable import result_mark, written_result
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import (
    ByeRequest as LibByeRequest,
)
from chessarbiter.model import (
    Colour,
    ForbiddenPairs,
    Player,
    PointSystem,
    Result,
    RoundEntry,
    Tournament,
)
from chessarbiter.model import Team as LibTeam
from chessarbiter.model.results import parse_written_result
from chessarbiter.pairing.double_swiss.rules import (
    column_point_system,
    match_columns,
    match_of_column,
)
from chessarbiter.pairing.keizer.scoring import (
    KeizerSettings,
    KeizerSettingsError,
    setting_names,
    setting_text,
    settings_with,
)
from chessarbiter.pairing.systems import PairingRules
from chessarbiter.pairing.systems import pairing_rules as library_pairing_rules
from chessarbiter.special.consultation import ConsultationError, ConsultationGroup, group_from_text
from chessarbiter.special.simul import SimulResult
from chessarbiter.tiebreaks import TieBreakSpec, parse_list

from . import models as m

#: The results an arbiter picks for a board, as written (the choices of the results page), and
#: the TRF codes (white, black) each stands for, read by the library's
#: :func:`~chessarbiter.model.results.parse_written_result` (``½-0`` and ``0-½``: a loss whose
#: opponent the arbiter gives half a point, Laws 2023 art. 11.7).
RESULT_CODES: dict[str, tuple[str, str]] = {
    written: (white.value, black.value)
    for written in ("1-0", "0-1", "=", "+-", "-+", "--", "½-0", "0-½", "1-0u", "0-1u", "=u")
    for white, black in [parse_written_result(written)]
}
#: The key typed on the results page for each result (board number, then this key).
RESULT_KEYS: dict[str, str] = {"1": "1-0", "0": "0-1", "=": "=", "+": "+-", "-": "-+"}


def result_label(white: str, black: str) -> str:
    """The usual written form of a board's result (``1-0``, ``½-½``, ``+/-``...)."""
    if not white:
        return ""
    w = Result(white)
    if black and not w.is_bye:
        return written_result(w, Result(black))
    return f"{result_mark(RoundEntry(1, Colour.WHITE, w))}{'/' if w.is_forfeit else '-'}"


def result_choice(white: str, black: str) -> str:
    """The :data:`RESULT_CODES` key of a stored result ('' when pending)."""
    for key, codes in RESULT_CODES.items():
        if codes == (white, black):
            return key
    return ""


def point_system(event: m.Event) -> PointSystem:
    """The event's point system. A Double-Swiss event's ``bye_points`` value the whole
    match's pairing-allocated bye, half of it in each game's column
    (:func:`~chessarbiter.pairing.double_swiss.rules.column_point_system`)."""
    if event.double_swiss():
        return column_point_system(
            Decimal(event.win_points),
            Decimal(event.draw_points),
            Decimal(event.loss_points),
            Decimal(event.bye_points),
        )
    return PointSystem.simple(
        Decimal(event.win_points),
        Decimal(event.draw_points),
        Decimal(event.loss_points),
        pairing_allocated_bye=Decimal(event.bye_points),
    )


def pairing_rules(event: m.Event) -> PairingRules:
    """The Swiss system and edition the event is paired by (its stored ``edition``), with a
    Keizer event's own settings (:func:`keizer_settings`).

    :raises ChessArbiterError: for a stored value the library refuses."""
    rules = library_pairing_rules(event.edition)
    if not rules.system.keizer_scores or not event.keizer_settings:
        return rules
    return library_pairing_rules(event.edition, keizer_settings(event, rules))


def keizer_settings(event: m.Event, rules: PairingRules | None = None) -> KeizerSettings:
    """A Keizer event's parameters: the preset of its variant with the stored changes
    (``Event.keizer_settings``: each setting's text, as
    :func:`~chessarbiter.pairing.keizer.scoring.setting_text` writes it), read by the library
    (:func:`~chessarbiter.pairing.keizer.scoring.settings_with`, every bound checked).

    :raises KeizerSettingsError: for a stored value the library refuses (the setting named),
        or for an event that is not a Keizer competition."""
    rules = rules or library_pairing_rules(event.edition)
    preset = rules.keizer_settings
    if preset is None:
        raise KeizerSettingsError(f"{rules.system.title}: no Keizer settings")
    stored = event.keizer_settings
    if not isinstance(stored, dict) or not all(isinstance(v, str) for v in stored.values()):
        raise KeizerSettingsError(
            f"the stored Keizer settings are not a mapping of texts: {str(stored)[:80]}"
        )
    return settings_with(preset, stored)


def keizer_changes(preset: KeizerSettings, settings: KeizerSettings) -> dict[str, str]:
    """The settings of ``settings`` that differ from ``preset``, each as its text
    (:func:`~chessarbiter.pairing.keizer.scoring.setting_text`): what ``Event.keizer_settings``
    stores."""
    return {
        name: setting_text(settings, name)
        for name in setting_names()
        if getattr(settings, name) != getattr(preset, name)
    }


def tiebreak_specs(event: m.Event) -> list[TieBreakSpec]:
    return parse_list(event.tiebreaks) if event.tiebreaks.strip() else []


def _tiebreak_names(event: m.Event) -> list[str]:
    """The tie-break list for the model, or none when the library refuses the stored list (an
    event stored by an older version): the pages that rank players report the problem
    (:func:`tiebreak_specs` raises there); the round pages, results and pairing, which do not
    need the list, keep working."""
    try:
        return [s.name for s in tiebreak_specs(event)]
    except ChessArbiterError:
        return []


def _team_tiebreak_names(event: m.Event) -> list[str]:
    """The team tie-break list of a team event (TRF-2026 202), or none when the library
    refuses the stored list (the team standings report it)."""
    from chessarbiter.tiebreaks.teams import parse_list as parse_team_list

    try:
        return [s.name for s in parse_team_list(event.team_tiebreaks)]
    except ChessArbiterError:
        return []


@dataclass(frozen=True)
class Loaded:
    """An event as the library sees it, with the rows it came from."""

    tournament: Tournament
    rounds: list[m.Round]
    boards: dict[int, list[m.Board]]
    players: dict[int, m.Player]

    @property
    def rounds_paired(self) -> int:
        return len(self.rounds)

    def board_number(self, round_number: int, white: int, black: int | None) -> int | None:
        """The number of the board of round ``round_number`` where the players numbered
        ``white`` and ``black`` (None: a bye) sit, in either colour; None if there is none."""
        sides = {self.players[white].pk, self.players[black].pk if black is not None else None}
        return next(
            (
                b.number
                for b in self.boards.get(round_number, [])
                if {b.white_id, b.black_id} == sides
            ),
            None,
        )


def header(event: m.Event) -> Tournament:
    """The library's model of the event without its players and rounds: name, place, dates,
    chief arbiter, time control, rounds, colours, point system, tie-breaks (what needs no
    read beyond the event's row)."""
    return Tournament(
        name=event.name,
        city=event.city,
        federation=event.federation,
        start_date=event.start_date.strftime("%Y/%m/%d") if event.start_date else "",
        end_date=event.end_date.strftime("%Y/%m/%d") if event.end_date else "",
        chief_arbiter=event.chief_arbiter,
        time_control=event.time_control,
        total_rounds=event.round_columns(),
        initial_colour=Colour.WHITE if event.initial_colour == "white" else Colour.BLACK,
        point_system=point_system(event),
        tiebreaks=_tiebreak_names(event),
    )


def load(event: m.Event) -> Loaded:
    """Read the event's rows and build the tournament (see :func:`tournament`)."""
    players = {p.number: p for p in event.players.all()}
    by_id = {p.id: p.number for p in players.values()}
    rounds = list(event.round_set.all())
    boards: dict[int, list[m.Board]] = {r.number: [] for r in rounds}
    round_numbers = {r.id: r.number for r in rounds}
    for b in m.Board.objects.filter(round__event=event).order_by("round__number", "number"):
        boards[round_numbers[b.round_id]].append(b)
    requests = list(m.ByeRequest.objects.filter(player__event=event))
    forbidden = list(event.forbidden_pairs.all())

    t = header(event)
    if event.system == m.Event.System.SWISS and event.acceleration == "baku":
        t.system = "FIDE_DUTCH_2026_BAKU" if event.edition == "2026" else "FIDE_DUTCH_BAKU"
    elif event.system == m.Event.System.SWISS:
        system = library_pairing_rules(event.edition).system
        t.system = system.trf_code
        t.tournament_type = system.trf_type
    for number in sorted(players):
        t.add_player(library_player(players[number]))
    paired = len(rounds)
    for r in rounds:
        for b in boards[r.number]:
            white = by_id[b.white_id]
            if b.black_id is None:
                # a bye, or a forfeit recorded without an opponent (TRF "0000 - +")
                t.player(white).set_entry(r.number, RoundEntry(None, Colour.NONE, Result(b.result)))
                continue
            black = by_id[b.black_id]
            wres = Result(b.result) if b.result else None
            bres = Result(b.black_result) if b.black_result else None
            w_colour, b_colour = (
                (Colour.NONE, Colour.NONE) if b.colourless else (Colour.WHITE, Colour.BLACK)
            )
            t.player(white).set_entry(r.number, RoundEntry(black, w_colour, wres))
            t.player(black).set_entry(r.number, RoundEntry(white, b_colour, bres))
    # requested byes: in the round column for paired rounds (if the pairing left the player
    # out), as TRF-2026 240 requests for the rounds to come
    future: dict[tuple[str, int], list[int]] = {}
    double_swiss = event.double_swiss()
    for req in requests:
        number = by_id[req.player_id]
        if req.round <= paired:
            player = t.player(number)
            # a Double-Swiss bye covers the whole match: both its game rounds (C.04.5 Preface)
            columns = match_columns(match_of_column(req.round)) if double_swiss else (req.round,)
            for column in columns:
                if column <= paired and player.entry(column) == RoundEntry.NOT_PAIRED:
                    player.set_entry(column, RoundEntry.bye(Result(req.kind)))
        else:
            future.setdefault((req.kind, req.round), []).append(number)
    team_system = event.system in (
        m.Event.System.TEAM_ROUND_ROBIN,
        m.Event.System.TEAM_SWISS,
        m.Event.System.TEAM_CUP,
    )
    # in a team event a player's absence shapes his team's line-up (the reserves move up); a
    # TRF-2026 240 record there names teams, not players, so it is not written
    for (kind, rnd), numbers in sorted(future.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if not team_system:
            t.bye_requests.append(LibByeRequest(Result(kind), rnd, tuple(sorted(numbers))))
    if team_system:
        t.team_tiebreaks = _team_tiebreak_names(event)
    # rounds not paired for a player before he entered or after he withdrew: absent (C.04.2
    # D / 2026 art. 3.2-3.3); the next round's absentees are not paired
    nxt = paired + 1
    for number, p in players.items():
        if p.entry_round > nxt or (
            p.withdrawn_from_round is not None and p.withdrawn_from_round <= nxt
        ):
            t.absent_next_round.append(number)
    for f in forbidden:
        t.forbidden_pairs.append(ForbiddenPairs((by_id[f.first_id], by_id[f.second_id])))
    # team events: the teams and their lists (TRF-2026 310 / TRF16 013)
    for team in event.teams.order_by("number"):
        members = [
            p.number
            for p in sorted(players.values(), key=lambda p: (p.team_order, p.number))
            if p.team_id == team.pk
        ]
        t.teams.append(LibTeam(team.name, members, number=team.number))
    # every player gets a column for each paired round (absent: not paired)
    for lib_player in t:
        if len(lib_player.results) < paired:
            lib_player.set_entry(paired, lib_player.entry(paired))
    return Loaded(t, rounds, boards, players)


def tournament(event: m.Event) -> Tournament:
    """The library's model of the event: players in pairing-number order with their entries
    for every paired round (pending games have no result yet), requested byes for the rounds
    to come, absentees of the next round, forbidden pairs, point system, tie-break list."""
    return load(event).tournament


def library_player(p: m.Player) -> Player:
    """A stored player as the library's :class:`~chessarbiter.model.Player` (without his
    rounds, which :func:`load` adds)."""
    return Player(
        number=p.number,
        name=p.name,
        sex=p.sex,
        title=p.title,
        rating=p.rating,
        federation=p.federation,
        fide_id=p.fide_id,
        birth_date=p.birth_date,
        club=p.club,
        entry_round=p.entry_round,
        withdrawn_from_round=p.withdrawn_from_round,
    )


def player_fields(p: Player) -> dict[str, Any]:
    """The stored fields of a library player (the inverse of :func:`library_player`), cut to
    the columns' lengths: for imports from TRF, CSV or a FIDE rating list."""
    return {
        "name": p.name[:100],
        "rating": p.rating or None,
        "fide_id": p.fide_id,
        "federation": p.federation[:3],
        "title": p.title[:3],
        "sex": p.sex[:1],
        "birth_date": p.birth_date[:10],
        "club": p.club[:100],
    }


def stored_group(player: m.Player) -> ConsultationGroup | None:
    """A consultation group's people as the library reads them
    (:func:`chessarbiter.special.consultation.group_from_text`); None for a participant of
    another kind of event, or if the stored text is no group (it was checked when stored)."""
    if not player.members:
        return None
    try:
        return group_from_text(player.name, player.members)
    except ConsultationError:
        return None


def _points(stored: Decimal) -> Decimal:
    """A stored score as it was typed: ``15``, not the column's ``15.0``."""
    score = Decimal(stored)
    return score.to_integral_value() if score == score.to_integral_value() else score


def simul_label(player: m.Player) -> str:
    """An exhibitor as the library's simul contest names him: number and name, so that two
    exhibitors of one name stay two."""
    return f"{player.number}. {player.name}"


def simul_result(player: m.Player, boards: int | None) -> SimulResult | None:
    """An exhibitor's recorded result as the library reads it
    (:class:`chessarbiter.special.simul.SimulResult`, named by :func:`simul_label`, against
    ``boards`` opponents); None while his simul is not over."""
    if player.simul_score is None or player.simul_minutes is None:
        return None
    return SimulResult(
        simul_label(player), _points(player.simul_score), player.simul_minutes, boards
    )


def simul_results(event: m.Event) -> list[SimulResult]:
    """A simul contest's results recorded so far (:func:`simul_result`, the event's boards for
    all), in the exhibitors' order; empty for another event."""
    if not event.simul_contest():
        return []
    rows = event.players.filter(simul_score__isnull=False, simul_minutes__isnull=False)
    found = (
        simul_result(p, event.simul_boards)
        for p in rows.order_by("number").only("number", "name", "simul_score", "simul_minutes")
    )
    return [r for r in found if r is not None]
