"""Issue 13 item 3: a hand-made pairing with an absolute error (a player against himself, twice
in a round, not in the event, withdrawn) is never published, whatever the arbiter confirms;
every published round, however made, passes the library's own consistency check, and the
event's TRF export of every round reads back."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter import trf
from chessarbiter.errors import UnknownPlayerError
from chessarbiter.pairing.swiss.deviations import InvalidPairingError
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import NAMES, login, play_round

#: Hand-made first rounds of the ten-player event, each with an absolute error.
ABSOLUTE = {
    "against himself": ("1 1\n2 3\n4 5\n6 7\n8 9\n10 0", "both sides of board 1"),
    "twice in a round": ("1 2\n2 3\n4 5\n6 7\n8 9\n10 0", "Player 2 appears on board 1 and"),
    "unknown number": ("1 999\n2 3\n4 5\n6 7\n8 9\n10 0", "no player has pairing number 999"),
    "two byes": ("1 2\n3 4\n5 6\n7 8\n9 0\n10 0", "at most one player may have it"),
}


def _exported_rounds_read_back(event: m.Event) -> None:
    """The TRF-2026 and TRF16 exports read back and validate, with every paired round."""
    for dialect in ("2026", "16"):
        text, _losses = services.export_trf(event, dialect)
        t = trf.loads(text, f"event-{event.pk}.trf")
        t.validate()
        assert t.rounds_played == event.round_set.count()


@pytest.mark.parametrize("case", sorted(ABSOLUTE))
def test_issue_13_item_3_absolute_errors_refused_even_confirmed(
    client: Client, event: m.Event, chief: User, case: str
) -> None:
    """The arbiter confirms and gives a reason: the pairing is still refused, with the
    library's message, and nothing is stored."""
    boards, message = ABSOLUTE[case]
    login(client, chief)
    url = reverse("arbiter:pair_manual", args=[event.pk])
    r = client.post(url, {"boards": boards, "note": "the organiser insists", "confirm": "on"})
    assert r.status_code == 200
    page = r.content.decode()
    assert message in page
    assert "Publish with these deviations" not in page
    assert event.round_set.count() == 0
    assert not m.AuditEntry.objects.filter(event=event, action="round.pair").exists()
    # the service itself refuses it too, note or not
    from chessarbiter.web.arbiter.forms import parse_manual_boards

    expected: Any = UnknownPlayerError if case == "unknown number" else InvalidPairingError
    with pytest.raises(expected, match=message):
        services.pair_next_round(
            event, chief, parse_manual_boards(boards), note="the organiser insists"
        )
    assert event.round_set.count() == 0


def test_issue_13_item_3_a_withdrawn_player_is_not_paired_by_hand(
    event: m.Event, chief: User
) -> None:
    """C.04.2 art. 3.2: withdrawn players are no longer paired; re-entered, he may be."""
    play_round(event, chief)
    p10 = event.players.get(number=10)
    services.withdraw_player(p10, chief)
    boards: list[tuple[int, int | None]] = [(1, 10), (2, 3), (4, 5), (6, 7), (8, 9)]
    with pytest.raises(InvalidPairingError, match="withdrew from the tournament"):
        services.pair_next_round(event, chief, boards, note="he is here")
    assert event.round_set.count() == 1
    services.reenter_player(p10, chief)
    services.pair_next_round(event, chief, boards, note="he is here")
    assert event.round_set.count() == 2


def test_issue_13_item_3_rule_deviations_still_publish_with_a_reason(
    event: m.Event, chief: User
) -> None:
    """A repeated meeting is a deviation the arbiter may confirm; the round then passes the
    consistency check and the export reads back."""
    play_round(event, chief)
    first = m.Board.objects.filter(round__event=event, round__number=1).exclude(black=None)
    pairs = [(b.white.number, b.black.number) for b in first]  # type: ignore[union-attr]
    with pytest.raises(services.ServiceError, match="say why"):
        services.pair_next_round(event, chief, pairs)
    rnd = services.pair_next_round(event, chief, pairs, note="a club evening")
    assert rnd.manual and {d["kind"] for d in rnd.deviations} == {"repeat"}
    _exported_rounds_read_back(event)


def test_issue_13_item_3_the_published_round_is_checked_from_the_stored_rows(
    event: m.Event, chief: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Even if the hand-made pairing's check let an error through, the round read back from
    the stored rows fails the library's consistency check and nothing is stored."""
    from chessarbiter.pairing.swiss import deviations

    monkeypatch.setattr(deviations, "check_pairing", lambda *args: [])
    with pytest.raises(services.ServiceError, match="Round 1 cannot be published"):
        services.pair_next_round(
            event, chief, [(1, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, None)], note="x"
        )
    assert event.round_set.count() == 0
    assert not m.Board.objects.filter(round__event=event).exists()


def test_issue_13_item_3_every_published_round_exports_a_valid_trf(
    event: m.Event, chief: User
) -> None:
    """Swiss rounds by the engine and by hand, byes included (nine players): the export reads
    back after every round."""
    services.withdraw_player(event.players.get(number=10), chief)
    for results in ("1-0", "=", "0-1"):
        play_round(event, chief, results)
        _exported_rounds_read_back(event)
    proposal = services.propose_pairing(event)
    pairs: list[tuple[int, int | None]] = [(b.black, b.white) for b in proposal.boards]
    assert proposal.bye is not None
    pairs.append((proposal.bye, None))
    deviations = services.check_boards(event, pairs)
    services.pair_next_round(event, chief, pairs, note="colours swapped" if deviations else "")
    _exported_rounds_read_back(event)


def test_issue_13_item_3_round_robin_rounds_export_a_valid_trf(chief: User) -> None:
    ev = services.create_event(chief, name="Club RR", system="roundrobin", rounds=5)
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES[:5]])
    for _round in range(5):
        play_round(ev, chief, "=")
        _exported_rounds_read_back(ev)
    with pytest.raises(services.ServiceError, match="All 5 rounds are paired"):
        services.pair_next_round(ev, chief)
