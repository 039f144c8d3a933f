"""A tournament's rounds as PGN, and a round's PGN games applied to the tournament's results.

:func:`round_pgn` writes a round's boards (:func:`chessarbiter.games.matching.round_boards`, in
C.04.2 (2026) 3.6 order) as PGN games without moves, with every tag
(:func:`chessarbiter.games.pgn.write_game`: the Seven Tag Roster, the FIDE IDs, ratings, titles
and time control; ``Round`` is ``round.board``): skeletons for setting up the boards (DGT
LiveChess, broadcasts). A round whose results are all in is written with them; otherwise every
game is ``*``. A forfeit has no game: its ``Result`` tag gives the points (``1-0``, ``0-1``;
``*`` when both lost) and its ``Termination`` tag says ``forfeit`` (a value beyond the
standard's list of 9.8.1, kept as text by PGN readers).

:func:`apply_games` takes a round's games (:func:`chessarbiter.games.pgn.read_games`), matches
them to the round's boards (:func:`chessarbiter.games.matching.match_games`) and records the
results of their ``Result`` tags in a copy of the tournament: exact matches only unless doubtful
ones are accepted; never a game that shares its board with another, nor a game without a result
(``*``); a result that differs from one already recorded only when overwriting is asked (else it
is left and reported). The PGN's ``Result`` tag is a game played (see
:func:`~chessarbiter.games.matching.result_of`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from chessarbiter.errors import RoundNumberError
from chessarbiter.games.matching import (
    BoardSlot,
    GameMatch,
    RoundMatch,
    board_result,
    match_games,
    pgn_result,
    pgn_result_tags,
    round_boards,
)
from chessarbiter.games.pgn import PgnGame, round_label, write_game
from chessarbiter.model.results import Colour, PlayerId, Result, RoundEntry
from chessarbiter.model.tournament import Tournament
from chessarbiter.timecontrol.errors import TimeControlError
from chessarbiter.timecontrol.model import TimeControl, parse, parse_trf

_TRF_DATE: Final = re.compile(r"(\d{2}|\d{4})[/.\-](\d{1,2})[/.\-](\d{1,2})")


def pgn_date(text: str) -> str:
    """A TRF date (``YY/MM/DD`` as TRF16 writes the round dates, or ``YYYY/MM/DD``) as PGN writes
    dates (``YYYY.MM.DD``, standard 8.1.1.3); ``????.??.??`` for a date not given or not read.

    >>> pgn_date("26/11/28"), pgn_date("2026-11-28"), pgn_date("")
    ('2026.11.28', '2026.11.28', '????.??.??')
    """
    found = _TRF_DATE.fullmatch(text.strip())
    if found is None:
        return "????.??.??"
    year, month, day = found.groups()
    if len(year) == 2:
        year = "20" + year if int(year) < 70 else "19" + year
    return f"{year}.{int(month):02d}.{int(day):02d}"


def event_time_control(tournament: Tournament) -> str | None:
    """The PGN ``TimeControl`` of an event: from its TRF-2026 record ``222`` code when White's
    and Black's controls are the same, else from the record ``122`` text when it reads as a
    control (:func:`chessarbiter.timecontrol.model.parse`); ``None`` when neither says.

    >>> event_time_control(Tournament(time_control="90 min/40 moves + 30 min + 30 s per move"))
    '40/5400+30:1800+30'
    """
    if tournament.time_control_code.strip():
        try:
            controls = parse_trf(tournament.time_control_code)
        except TimeControlError:
            controls = None
        if controls is not None and controls.same:
            return controls.white.to_pgn()
    if tournament.time_control.strip():
        try:
            return parse(tournament.time_control).to_pgn()
        except TimeControlError:
            return None
    return None


def round_pgn(
    tournament: Tournament,
    round_number: int,
    *,
    site: str | None = None,
    time_control: TimeControl | str | None = None,
) -> str:
    """The boards of round ``round_number`` as PGN games without moves (see the module
    docstring): Event the tournament's name, Site ``site`` (default: its city and federation),
    Date the round's date, Round ``round.board``, the players' tags, TimeControl ``time_control``
    (default: :func:`event_time_control`); the results when the round is complete.

    :raises RoundNumberError: for a round that was not paired.
    :raises PgnError: for a name or tag PGN cannot write (a line break in a name).
    """
    _check_round(tournament, round_number)
    boards = round_boards(tournament, round_number)
    complete = all(slot.result is not None for slot in boards)
    dates = tournament.round_dates
    date = pgn_date(dates[round_number - 1] if round_number <= len(dates) else "")
    where = site if site is not None else f"{tournament.city} {tournament.federation}".strip()
    control = time_control if time_control is not None else event_time_control(tournament)
    games: list[str] = []
    for slot in boards:
        pair = slot.result if complete else None
        result, extra = pgn_result(pair), pgn_result_tags(pair)
        games.append(
            write_game(
                slot.white,
                slot.black,
                event=tournament.name,
                site=where,
                date=date,
                round_label=round_label(round_number, slot.board),
                result=result,
                time_control=control,
                extra=extra,
            )
        )
    return "".join(games)


def event_pgn(
    tournament: Tournament,
    rounds: Iterable[int] | None = None,
    *,
    site: str | None = None,
    time_control: TimeControl | str | None = None,
) -> str:
    """The PGN of several rounds (default: every round paired), round after round
    (:func:`round_pgn`)."""
    chosen = range(1, tournament.rounds_played + 1) if rounds is None else rounds
    return "".join(round_pgn(tournament, r, site=site, time_control=time_control) for r in chosen)


def _check_round(tournament: Tournament, round_number: int) -> None:
    if not 1 <= round_number <= tournament.rounds_played:
        raise RoundNumberError(
            f"round {round_number} was not paired (rounds paired: {tournament.rounds_played})"
        )


@dataclass(frozen=True, slots=True)
class AppliedGame:
    """A game whose result was recorded: its index in the PGN, its board, the pairing numbers
    of the board's White and Black, the result recorded (White's, Black's) and the result it
    replaced (``None`` when the board had none)."""

    game_index: int
    board: int
    white: PlayerId
    black: PlayerId
    result: tuple[Result, Result]
    replaced: tuple[Result, Result] | None


@dataclass(frozen=True, slots=True)
class SkippedGame:
    """A matched game whose result was not recorded, and why."""

    match: GameMatch
    why: str


@dataclass(frozen=True, slots=True)
class RoundApplication:
    """The outcome of :func:`apply_games`: the tournament with the results recorded (a copy),
    the round's boards, the matches, the games applied (``replaced`` set for an overwritten
    result), the games left (doubtful, duplicates, without result, unchanged, in conflict), the
    conflicts (a game's result differs from the recorded one: overwritten or left), the games
    matched to no board and the boards without a game."""

    tournament: Tournament
    boards: tuple[BoardSlot, ...]
    matches: RoundMatch
    applied: tuple[AppliedGame, ...]
    skipped: tuple[SkippedGame, ...]
    conflicts: tuple[GameMatch, ...]

    @property
    def unmatched_games(self) -> list[GameMatch]:
        return self.matches.by_certainty("none")

    @property
    def unmatched_boards(self) -> tuple[int, ...]:
        return self.matches.unmatched_boards

    @property
    def refused_conflicts(self) -> list[GameMatch]:
        """The conflicts left as recorded (without ``overwrite``)."""
        applied = {a.game_index for a in self.applied}
        return [m for m in self.conflicts if m.game_index not in applied]


def apply_games(
    tournament: Tournament,
    round_number: int,
    games: Sequence[PgnGame],
    *,
    accept_doubtful: bool = False,
    overwrite: bool = False,
) -> RoundApplication:
    """Record in a copy of ``tournament`` the results of round ``round_number`` that ``games``
    give (see the module docstring). ``tournament`` itself is not changed.

    :raises RoundNumberError: for a round that was not paired.
    """
    _check_round(tournament, round_number)
    boards = tuple(round_boards(tournament, round_number))
    matches = match_games(games, boards, round_number)
    slots = {slot.board: slot for slot in boards}
    updated = copy.deepcopy(tournament)
    applied: list[AppliedGame] = []
    skipped: list[SkippedGame] = []
    conflicts: list[GameMatch] = []
    for match in matches.games:
        if match.board is None:
            continue
        slot = slots[match.board]
        result = board_result(games[match.game_index], match)
        if match.result_conflict is not None:
            conflicts.append(match)
        why = ""
        if match.duplicate_of is not None:
            why = f"its board is matched by game {match.duplicate_of + 1}"
        elif match.certainty != "exact" and not accept_doubtful:
            why = f"doubtful: {match.reason}"
        elif result is None:
            why = "the game has no result (*)"
        elif result == slot.result:
            why = "the result is recorded already"
        elif match.result_conflict is not None and not overwrite:
            why = f"conflict: {match.result_conflict}"
        if why or result is None or slot.numbers is None:
            skipped.append(SkippedGame(match, why))
            continue
        white, black = slot.numbers
        updated.player(white).set_entry(round_number, RoundEntry(black, Colour.WHITE, result[0]))
        updated.player(black).set_entry(round_number, RoundEntry(white, Colour.BLACK, result[1]))
        applied.append(AppliedGame(match.game_index, slot.board, white, black, result, slot.result))
    return RoundApplication(
        updated, boards, matches, tuple(applied), tuple(skipped), tuple(conflicts)
    )
