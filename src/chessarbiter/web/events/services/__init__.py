"""Every change to a stored event: one function each, one database transaction each, an
audit entry each, the event's ``version`` raised (public pages and caches key on it), and the
event read back through the library's one check of a stored event before the transaction
ends (:func:`~.core.check_stored_event`).

One module a topic: :mod:`.core` (errors, transaction, lock, acting user, audit, the check),
:mod:`.events` (settings, archive, deletion, roles), :mod:`.players`, :mod:`.rounds` (pairing),
:mod:`.results`, :mod:`.games` (a round's games: PGN upload, moves, watched source,
adjournments), :mod:`.trf_files` (TRF import and export), :mod:`.sections` (the sections of
an event, players moved between them), :mod:`.registrations` (the public registration form and
the check-in before round 1). The knockout and team services are
:mod:`chessarbiter.web.events.knockout` and :mod:`chessarbiter.web.events.teams`.

The rules come from the library: pairing (:func:`chessarbiter.pairing.dutch.engine.pair_round`,
the Berger tables), the checks of a hand-made pairing
(:func:`chessarbiter.pairing.swiss.deviations.check_pairing`), the initial order
(:mod:`chessarbiter.pairing.swiss.ranking`), TRF in and out. A service that fails raises
:class:`ServiceError` (or the library's error) and changes nothing. The views call the
services by this package's names (``services.set_result``).
"""

from __future__ import annotations

from .core import (
    ConflictError,
    ServiceError,
    User,
    acting_user,
    atomic,
    audit,
    check_stored_board,
    check_stored_event,
    clean_row,
    locked_event,
)
from .events import (
    archive_event,
    bracket_played,
    create_event,
    delete_event,
    restore_event,
    set_keizer_settings,
    set_role,
    simul_recorded,
    update_event,
    update_prize_table,
)
from .games import (
    GamesStored,
    UploadReview,
    WatchReport,
    adjourn_game,
    adjudicate_game,
    finish_adjourned,
    refresh_watched,
    review_upload,
    set_game_moves,
    set_watch_source,
    store_games,
)
from .players import (
    add_forbidden_pair,
    add_player,
    add_players,
    delete_player,
    draw_numbers_by_lot,
    players_from_records,
    reenter_player,
    renumber_by_rating,
    set_bye_request,
    suspicious_entries,
    update_player,
    withdraw_player,
)
from .registrations import (
    check_in_all,
    check_in_counts,
    confirm_registration,
    database_player,
    decline_registration,
    mail_configured,
    sections_taking_entries,
    set_check_in,
    set_checked_in,
    set_registration_open,
    submit_registration,
)
from .results import ResultChange, ResultExistsError, describe_later, set_result
from .rounds import (
    absent_at_check_in_next,
    check_boards,
    explain_next_round,
    explain_next_round_lines,
    pair_next_round,
    propose_pairing,
    round_number_to_pair,
    unpair_last_round,
)
from .sections import MAX_SECTIONS, add_section, import_section, move_player, update_festival
from .trf_files import export_trf, import_trf

__all__ = [
    "MAX_SECTIONS",
    "ConflictError",
    "GamesStored",
    "ResultChange",
    "ResultExistsError",
    "ServiceError",
    "UploadReview",
    "User",
    "WatchReport",
    "absent_at_check_in_next",
    "acting_user",
    "add_forbidden_pair",
    "add_player",
    "add_players",
    "add_section",
    "adjourn_game",
    "adjudicate_game",
    "archive_event",
    "atomic",
    "audit",
    "bracket_played",
    "check_boards",
    "check_in_all",
    "check_in_counts",
    "check_stored_board",
    "check_stored_event",
    "clean_row",
    "confirm_registration",
    "create_event",
    "database_player",
    "decline_registration",
    "delete_event",
    "delete_player",
    "describe_later",
    "draw_numbers_by_lot",
    "explain_next_round",
    "explain_next_round_lines",
    "export_trf",
    "finish_adjourned",
    "import_section",
    "import_trf",
    "locked_event",
    "mail_configured",
    "move_player",
    "pair_next_round",
    "players_from_records",
    "propose_pairing",
    "reenter_player",
    "refresh_watched",
    "renumber_by_rating",
    "restore_event",
    "review_upload",
    "round_number_to_pair",
    "sections_taking_entries",
    "set_bye_request",
    "set_check_in",
    "set_checked_in",
    "set_game_moves",
    "set_keizer_settings",
    "set_registration_open",
    "set_result",
    "set_role",
    "set_watch_source",
    "simul_recorded",
    "store_games",
    "submit_registration",
    "suspicious_entries",
    "unpair_last_round",
    "update_event",
    "update_festival",
    "update_player",
    "update_prize_table",
    "withdraw_player",
]
