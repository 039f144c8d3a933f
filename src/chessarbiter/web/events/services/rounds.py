"""The rounds of an event played in rounds: the next round proposed, explained, checked
when made by hand, paired and stored, and the last one unpaired. The pairings are the
library's (:func:`chessarbiter.pairing.dutch.engine.pair_round`, the Berger tables of
:mod:`chessarbiter.pairing.roundrobin`, the checks of a hand-made pairing
:func:`chessarbiter.pairing.swiss.deviations.check_pairing`); the entry of the player without
an opponent is the system's (:func:`chessarbiter.pairing.byes.bye_result`). Round 1 of a
section with check-in (``Event.check_in``) pairs only the players checked in; the others get
the entry of a known absence (:func:`chessarbiter.pairing.byes.absent_at_check_in`), stored
as a board without an opponent, as every entry without an opponent is.

A Double-Swiss event (C.04.5) stores each game as a round (two per match,
:mod:`chessarbiter.pairing.double_swiss.rules`): pairing the next match stores both its game
rounds in one transaction (:func:`chessarbiter.pairing.double_swiss.engine.game_rounds`),
unpairing removes both, and a proposal is the match as its game 1."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from django.utils.translation import gettext as _

from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError
from chessarbiter.games.adjournment import GameState, for_pairing
from chessarbiter.model import Result, RoundEntry, Tournament
from chessarbiter.pairing import roundrobin
from chessarbiter.pairing.byes import absent_at_check_in, bye_result
from chessarbiter.pairing.double_swiss.engine import explain_round as explain_match
from chessarbiter.pairing.double_swiss.engine import game_rounds
from chessarbiter.pairing.double_swiss.rules import match_columns, match_of_column
from chessarbiter.pairing.dutch.explain import RoundExplanation
from chessarbiter.pairing.dutch.why import explain as explain_pairing
from chessarbiter.pairing.readiness import IncompleteRoundError, check_ready_to_pair
from chessarbiter.pairing.round_pairing import Board as LibBoard
from chessarbiter.pairing.round_pairing import RoundPairing
from chessarbiter.special import consultation
from chessarbiter.special.handicap import eliminations, parse_limits

from .. import models as m
from .. import store
from .core import (
    ConflictError,
    ServiceError,
    User,
    acting_user,
    atomic,
    audit,
    check_stored_event,
    locked_event,
)


def _not_in_rounds(event: m.Event) -> ServiceError:
    if event.simul_contest():
        return ServiceError(
            _(
                "A simul contest is not paired: each exhibitor's score and time are recorded "
                "on its page."
            )
        )
    if event.system == m.Event.System.TEAM_CUP:
        return ServiceError(
            _(
                "A team cup is not paired in rounds: its matches are drawn and played on the "
                "bracket."
            )
        )
    return ServiceError(
        _(
            "A knockout event is not paired in rounds: its matches are drawn and played on the "
            "bracket."
        )
    )


#: Boards a refusal names before it says how many more there are.
_BOARDS_NAMED = 20


def round_number_to_pair(event: m.Event, rounds_paired: int) -> int:
    """The number of the round after ``rounds_paired``; refused for a knockout event (its
    matches are drawn and followed on the bracket) and when every round is paired. Cheap: it
    reads no game (the pairing itself checks the last round's results)."""
    if not event.in_rounds():
        raise _not_in_rounds(event)
    nxt = rounds_paired + 1
    if nxt > event.round_columns():
        if event.double_swiss():
            raise ServiceError(_("All %(n)d matches are paired.") % {"n": event.rounds})
        raise ServiceError(_("All %(n)d rounds are paired.") % {"n": event.rounds})
    return nxt


def _boards_named(boards: Sequence[int]) -> str:
    """``1, 2, 3``; beyond :data:`_BOARDS_NAMED` boards, the first ones and how many more."""
    named = ", ".join(map(str, boards[:_BOARDS_NAMED])) or "?"
    if len(boards) > _BOARDS_NAMED:
        named += " " + _("and %(n)d more") % {"n": len(boards) - _BOARDS_NAMED}
    return named


def _for_pairing(event: m.Event, loaded: store.Loaded) -> store.Loaded:
    """The event as the next round is paired from it: each adjourned game (not finished, no
    result) counted as a draw, for the pairing only (C.04.2 (2026) 3.1,
    :func:`chessarbiter.games.adjournment.for_pairing`); the event itself as loaded when none
    is adjourned. Games already counted (``loaded`` made by this function) are left as they
    are."""
    rows = m.Game.objects.filter(
        board__round__event=event,
        board__result="",
        board__black__isnull=False,
        state=GameState.ADJOURNED.value,
    ).values_list("board__round__number", "board__white__number", "board__black__number")
    t = loaded.tournament
    adjourned = [
        (r, w, b)
        for r, w, b in rows
        if b is not None and w in t.players and t.player(w).entry(r).result is None
    ]
    if not adjourned:
        return loaded
    return replace(loaded, tournament=for_pairing(t, adjourned))


def _round_to_pair(event: m.Event, loaded: store.Loaded) -> int:
    """The number of the round to pair next (:func:`round_number_to_pair`), also refused while
    the last paired round has games without a result."""
    nxt = round_number_to_pair(event, loaded.rounds_paired)
    try:
        check_ready_to_pair(loaded.tournament, nxt)
    except IncompleteRoundError as e:
        boards = sorted(
            n for g in e.games if (n := loaded.board_number(e.round, g.white, g.black)) is not None
        )
        if event.double_swiss():
            raise ServiceError(
                _("%(round)s has games without a result (boards %(boards)s).")
                % {"round": event.round_title(e.round), "boards": _boards_named(boards)}
            ) from e
        raise ServiceError(
            _("Round %(n)d has games without a result (boards %(boards)s).")
            % {"n": e.round, "boards": _boards_named(boards)}
        ) from e
    return nxt


T = TypeVar("T")


def _absent_at_check_in(event: m.Event, loaded: store.Loaded, number: int) -> dict[int, RoundEntry]:
    """Round ``number`` of a section with check-in, when it is round 1: the players due who
    did not check in, each with his entry (the library's
    :func:`~chessarbiter.pairing.byes.absent_at_check_in`); otherwise none."""
    if number != 1 or not event.check_in:
        return _eliminated(event, loaded)
    present = [p.number for p in loaded.players.values() if p.checked_in]
    try:
        return absent_at_check_in(loaded.tournament, present, event.system)
    except PairingError as e:
        raise ServiceError(
            _("Round 1 cannot be paired from the check-in: %(why)s.") % {"why": e}
        ) from e


def _eliminated(event: m.Event, loaded: store.Loaded) -> dict[int, RoundEntry]:
    """A handicap Swiss's players eliminated by their limits of lost points (Team
    Competitions 1972, :func:`chessarbiter.special.handicap.eliminations`), each with a
    zero-point bye for the round to pair: they are not paired any more. None otherwise."""
    if not event.handicap_limits.strip():
        return {}
    limits = parse_limits(event.handicap_limits)
    out = eliminations(loaded.tournament, limits)
    return {n: RoundEntry.bye(Result.ZERO_POINT_BYE) for n in sorted(out)}


def _without(t: Tournament, absent: Sequence[int], make: Callable[[], T]) -> T:
    """``make()`` with the players ``absent`` not paired (absent from the next round), the
    tournament as it was afterwards."""
    before = list(t.absent_next_round)
    t.absent_next_round.extend(n for n in absent if n not in before)
    try:
        return make()
    finally:
        t.absent_next_round[:] = before


def _proposal(event: m.Event, loaded: store.Loaded) -> tuple[RoundPairing, dict[int, RoundEntry]]:
    """The next round's pairing, and the entries of the players absent at check-in (the
    adjourned games counted as draws, :func:`_for_pairing`)."""
    loaded = _for_pairing(event, loaded)
    nxt = _round_to_pair(event, loaded)
    t = loaded.tournament
    absent = _absent_at_check_in(event, loaded, nxt)
    if event.system == m.Event.System.ROUND_ROBIN:
        return _round_robin_pairing(t, nxt), absent
    if event.system == m.Event.System.CONSULTATION:
        return _consultation_pairing(event, t, nxt), absent
    if len(t) < 2:
        raise ServiceError(_("Register at least two players first."))
    rules = store.pairing_rules(event)
    pairing = _without(t, list(absent), lambda: rules.pair(t))
    if event.double_swiss():
        # the match (its number, game 1's colours) as its first game round: the rounds
        # stored are games (chessarbiter.pairing.double_swiss.engine.game_rounds)
        first, _second = game_rounds(pairing)
        return replace(first, trace=pairing.trace), absent
    return pairing, absent


def propose_pairing(event: m.Event, loaded: store.Loaded | None = None) -> RoundPairing:
    """The next round's pairing as the rules make it (nothing is stored); ``loaded``: the
    event as already read by the caller (read here otherwise)."""
    return _proposal(event, loaded or store.load(event))[0]


def absent_at_check_in_next(event: m.Event, loaded: store.Loaded | None = None) -> list[int]:
    """The pairing numbers of the players the next round leaves out because they did not
    check in (round 1 of a section with check-in; none otherwise).

    :raises ServiceError: when round 1 cannot be paired from the check-in (fewer than two
        present, a system that does not pair by check-in)."""
    loaded = loaded or store.load(event)
    return sorted(_absent_at_check_in(event, loaded, loaded.rounds_paired + 1))


def _round_robin_pairing(t: Tournament, round_number: int) -> RoundPairing:
    pairs = roundrobin.pair_round(t, round_number)
    boards = tuple(LibBoard(w, b) for w, b in pairs if b != roundrobin.BYE)
    bye = next((w for w, b in pairs if b == roundrobin.BYE), None)
    return RoundPairing(round_number, boards, bye)


def _consultation_pairing(event: m.Event, t: Tournament, round_number: int) -> RoundPairing:
    """A round of a tournament of consultation groups: the groups' round robin by the
    library's :func:`chessarbiter.special.consultation.event_round` (Team Competitions 1972
    proposes "a small tournament" of fixed groups; the Berger tables, single or double by the
    event's rounds, or a match of two groups, are our choice, said there), the groups
    numbered in the order they were registered (as a group file's order is, our choice: the
    book draws no lots). The free round of an odd number of groups is the round robin's
    (C.05 Annex 1: no points)."""
    if len(t) < 2:
        raise ServiceError(_("Register at least two groups first."))
    if sorted(t.players) != list(range(1, len(t) + 1)):
        raise ServiceError(
            _("The groups of a round robin need the pairing numbers 1 to %(n)d.") % {"n": len(t)}
        )
    pairs = consultation.event_round(len(t), event.rounds, round_number)
    boards = tuple(LibBoard(w, b) for w, b in pairs if b != roundrobin.BYE)
    bye = next((w for w, b in pairs if b == roundrobin.BYE), None)
    return RoundPairing(round_number, boards, bye)


def explain_next_round(
    event: m.Event, focus: tuple[int, int | None] | None = None, *, every_reason: bool = False
) -> RoundExplanation:
    """The engine's explanation of the next round, bracket by bracket (2026 rules): the
    pairs and the reasons read off the round (:func:`chessarbiter.pairing.dutch.why.explain`);
    with ``focus`` ``(x, y)`` (``y`` may be ``None``), the criterion behind every pair ``x``
    did not get too (or behind ``x`` - ``y``), for
    :meth:`~chessarbiter.pairing.dutch.explain.RoundExplanation.why`; with ``every_reason``,
    every such criterion of every pair (the round solved again for each: what ``chessarbiter
    pair FILE --explain`` prints). Only for a Swiss event, the one system the Dutch engine
    pairs.

    :raises ServiceError: for another system.
    :raises ChessArbiterError: the library's refusal (a player of ``focus`` not in the round,
        no valid pairing, the 2017 edition)."""
    if event.system != m.Event.System.SWISS:
        raise ServiceError(
            _("Only a Swiss event is paired by the Dutch system: there is nothing to explain.")
        )
    rules = store.pairing_rules(event)
    if not isinstance(rules.edition, DutchEdition):
        raise ServiceError(
            _("This event is paired by the %(system)s: its engine's account is the explanation.")
            % {"system": rules.system.title}
        )
    loaded = _for_pairing(event, store.load(event))
    return explain_pairing(loaded.tournament, rules.edition, focus=focus, every_reason=every_reason)


def explain_next_round_lines(event: m.Event) -> list[str]:
    """The next round of a Swiss event paired by a system other than the Dutch one, as its
    engine tells it (the engine's trace, then the boards and the bye); nothing is stored.

    :raises ChessArbiterError: the library's refusal (no valid pairing...)."""
    if event.system != m.Event.System.SWISS:
        raise ServiceError(_("Only a Swiss event has a pairing to explain."))
    loaded = _for_pairing(event, store.load(event))
    if event.double_swiss():
        # the engine's own account of the match (C.04.5 Art. 3), numbered by matches
        _round_to_pair(event, loaded)
        t = loaded.tournament
        absent = _absent_at_check_in(event, loaded, loaded.rounds_paired + 1)
        return _without(t, list(absent), lambda: explain_match(t))
    return _proposal(event, loaded)[0].explained()


@atomic
def pair_next_round(
    event: m.Event,
    user: User,
    boards: Sequence[tuple[int, int | None]] | None = None,
    note: str = "",
    *,
    round_number: int | None = None,
    proposal: RoundPairing | None = None,
    version: int | None = None,
) -> m.Round:
    """Pair and store the next round: the rules' pairing, or ``boards`` (white, black) set by
    hand, whose rule breaks are recorded with the arbiter's ``note``. Round 1 of a section
    with check-in pairs only the players checked in; each of the others gets the entry of a
    known absence (:func:`chessarbiter.pairing.byes.absent_at_check_in`), a board without an
    opponent after the round's boards; fewer than two present: refused.

    A hand-made pairing with an absolute error (a player against himself or twice in the
    round, an unknown or withdrawn player, a second pairing-allocated bye) is refused whatever
    the note (:class:`~chessarbiter.pairing.swiss.deviations.InvalidPairingError`). Every round,
    however made, is then read back from the stored rows and must pass the library's
    consistency check (:meth:`chessarbiter.model.Tournament.check`), or nothing is stored.

    ``proposal``: the rules' pairing as :func:`propose_pairing` computed it at the event's
    ``version`` (a background job, reviewed by the arbiter): stored as it is, without
    computing it again, if the event is still at that version; refused
    (:class:`~.core.ConflictError`) if anything changed since. ``round_number``: refused
    unless the next round is that one (a pairing job of a round another arbiter paired
    meanwhile stores nothing)."""
    if event.system in (m.Event.System.TEAM_ROUND_ROBIN, m.Event.System.TEAM_SWISS):
        from ..teams import pair_round as pair_team_round

        if boards is not None:
            raise ServiceError(_("Team matches cannot be paired by hand yet."))
        return pair_team_round(event, user)
    event = locked_event(event)
    if boards is not None and event.double_swiss():
        raise ServiceError(_("A Double-Swiss match cannot be paired by hand yet."))
    loaded = _for_pairing(event, store.load(event))
    deviations: list[dict[str, Any]] = []
    if round_number is not None and loaded.rounds_paired + 1 != round_number:
        raise ConflictError(
            _("Round %(n)d is not the next round to pair any more.") % {"n": round_number}
        )
    if proposal is not None:
        if event.version != version or proposal.round != loaded.rounds_paired + 1:
            raise ConflictError(
                _("The event changed since this pairing was proposed: compute it again.")
            )
        number = _round_to_pair(event, loaded)
        absent = _absent_at_check_in(event, loaded, number)
        pairs: list[tuple[int, int | None]] = [(b.white, b.black) for b in proposal.boards]
        if proposal.bye is not None:
            pairs.append((proposal.bye, None))
    elif boards is None:
        proposed, absent = _proposal(event, loaded)
        number = proposed.round
        pairs = [(b.white, b.black) for b in proposed.boards]
        if proposed.bye is not None:
            pairs.append((proposed.bye, None))
    else:
        # by hand: the engine is not run (it may find no pairing where the arbiter can)
        number = _round_to_pair(event, loaded)
        pairs = list(boards)
        absent = _absent_at_check_in(event, loaded, number)
        found = _without(
            loaded.tournament, list(absent), lambda: _checked(event, loaded.tournament, pairs)
        )
        deviations = [d.__dict__ | {"players": list(d.players)} for d in found]
        if deviations and not note.strip():
            raise ServiceError(_("The pairing breaks rules: say why in the note."))
    games = [(number, pairs)]
    if event.double_swiss():
        games = _match_games(number, pairs)
    stored = [
        _store_round(
            event, user, loaded, game, game_pairs, absent, boards is not None, deviations, note
        )
        for game, game_pairs in games
    ]
    rnd = stored[0]
    # read back from the stored rows: refused (nothing stored) unless the library's check of
    # a stored event passes, its rounds' consistency included (Tournament.check, as the TRF
    # reader applies it)
    check_stored_event(event, _("Round %(n)d cannot be published") % {"n": rnd.number})
    audit(
        event,
        user,
        "round.pair",
        (
            _("Match %(k)d paired (rounds %(a)d and %(b)d)")
            % {"k": match_of_column(rnd.number), "a": rnd.number, "b": stored[-1].number}
            if event.double_swiss()
            else _("Round %(n)d paired") % {"n": rnd.number}
        )
        + (_(" by hand, %(k)d rule deviations") % {"k": len(deviations)} if boards else "")
        + (
            (
                _(", %(k)d absent at check-in")
                if rnd.number == 1
                else _(", %(k)d eliminated by their limits of lost points")
            )
            % {"k": len(absent)}
            if absent
            else ""
        ),
        round=rnd.number,
        deviations=deviations,
        absent_at_check_in=sorted(absent),
    )
    return rnd


def _match_games(
    number: int, pairs: Sequence[tuple[int, int | None]]
) -> list[tuple[int, list[tuple[int, int | None]]]]:
    """The two game rounds of a Double-Swiss match whose game 1 is round ``number`` with
    ``pairs`` (white, black; ``None``: the pairing-allocated bye), by the library's
    :func:`~chessarbiter.pairing.double_swiss.engine.game_rounds` (game 2: colours reversed,
    the bye in both)."""
    byes = [w for w, b in pairs if b is None]
    match = RoundPairing(
        match_of_column(number),
        tuple(LibBoard(w, b) for w, b in pairs if b is not None),
        byes[0] if byes else None,
    )
    out: list[tuple[int, list[tuple[int, int | None]]]] = []
    for game in game_rounds(match):
        game_pairs: list[tuple[int, int | None]] = [(b.white, b.black) for b in game.boards]
        game_pairs += [(n, None) for n in byes]
        out.append((game.round, game_pairs))
    return out


def _store_round(
    event: m.Event,
    user: User,
    loaded: store.Loaded,
    number: int,
    pairs: Sequence[tuple[int, int | None]],
    absent: dict[int, RoundEntry],
    manual: bool,
    deviations: list[dict[str, Any]],
    note: str,
) -> m.Round:
    """Store round ``number``: its boards (``pairs``; a player without an opponent gets the
    system's bye result) and, after them, the entries of the players absent at check-in
    and not paired."""
    rnd = m.Round.objects.create(
        event=event,
        number=number,
        paired_by=acting_user(user),
        manual=manual,
        deviations=[{"note": note, **d} for d in deviations],
    )
    by_number = {p.number: p for p in loaded.players.values()}
    bye = bye_result(event.system).value
    rows = []
    for i, (white, black) in enumerate(pairs, start=1):
        rows.append(
            m.Board(
                round=rnd,
                number=i,
                white=by_number[white],
                black=by_number[black] if black is not None else None,
                result="" if black is not None else bye,
            )
        )
    # the players absent at check-in and not paired by hand: their entry, after the boards
    seated = {n for pair in pairs for n in pair if n is not None}
    for n, entry in sorted(absent.items()):
        if n not in seated and entry.result is not None:
            rows.append(
                m.Board(
                    round=rnd,
                    number=len(rows) + 1,
                    white=by_number[n],
                    black=None,
                    result=entry.result.value,
                )
            )
    m.Board.objects.bulk_create(rows)
    return rnd


def _checked(event: m.Event, t: Tournament, pairs: Sequence[tuple[int, int | None]]) -> list[Any]:
    from chessarbiter.pairing.swiss.deviations import check_pairing

    if not event.in_rounds():
        raise _not_in_rounds(event)
    return list(check_pairing(t, pairs, store.pairing_rules(event).basic_rules))


def check_boards(event: m.Event, pairs: Sequence[tuple[int, int | None]]) -> list[Any]:
    """The rule deviations of a hand-made pairing of the next round, each one the arbiter may
    confirm with a reason (library check,
    :func:`chessarbiter.pairing.swiss.deviations.check_pairing`); in round 1 of a section
    with check-in, the players not checked in are not expected in it.

    :raises InvalidPairingError: for a pairing no arbiter may publish (a player against
        himself or twice in the round, a withdrawn player, a second pairing-allocated bye).
    :raises UnknownPlayerError: for a pairing number that names no player of the event.
    """
    loaded = _for_pairing(event, store.load(event))
    absent = _absent_at_check_in(event, loaded, loaded.rounds_paired + 1)
    return _without(
        loaded.tournament, list(absent), lambda: _checked(event, loaded.tournament, pairs)
    )


@atomic
def unpair_last_round(event: m.Event, user: User) -> int:
    """Delete the last round and its results (of a Double-Swiss event, the last match: both
    its game rounds); the number of the first round deleted."""
    event = locked_event(event)
    if not event.in_rounds():
        raise _not_in_rounds(event)
    rnd = event.round_set.order_by("-number").first()
    if rnd is None:
        raise ServiceError(_("No round is paired."))
    number = rnd.number
    # a Double-Swiss match is unpaired whole: both its game rounds (C.04.5 Preface)
    first = match_columns(match_of_column(number))[0] if event.double_swiss() else number
    rounds = event.round_set.filter(number__gte=first)
    results = (
        m.Board.objects.filter(round__in=rounds).exclude(result="").exclude(black=None).count()
    )
    rounds.delete()
    check_stored_event(event)
    if event.double_swiss():
        text = _("Match %(m)d unpaired (%(k)d results deleted)") % {
            "m": match_of_column(number),
            "k": results,
        }
    else:
        text = _("Round %(n)d unpaired (%(k)d results deleted)") % {"n": number, "k": results}
    audit(event, user, "round.unpair", text, round=number)
    return first
