"""A board's result given with its reason on the game page (Laws 2023 art. 5.2.2, 6.9, 11.7;
Laws Commentary 1997): checked by the library, stored through the audited correction path,
shown on the round pages, and left out of the TRF (which has no field for it)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.result_reasons import ResultReason
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services
from chessarbiter.web.events.services import reasons

from .conftest import login

KN_K = "8/8/4k3/8/8/8/2K5/1N6 w - - 0 1"  # white king and knight, black lone king
KR_K = "7k/8/6K1/8/8/8/8/R7 w - - 0 1"  # white can mate


@pytest.fixture
def paired(event: m.Event, chief: User) -> m.Round:
    return services.pair_next_round(event, chief)


def _url(rnd: m.Round, what: str, board: int = 1) -> str:
    return reverse(f"arbiter:{what}", args=[rnd.event_id, rnd.number, board])


def _post(client: Client, rnd: m.Round, **data: Any) -> list[str]:
    r = client.post(_url(rnd, "game_reason"), data, follow=True)
    assert r.status_code == 200
    return [str(msg) for msg in r.context["messages"]]


def test_the_web_offers_every_library_reason() -> None:
    assert set(reasons.REASON_LABELS) == set(ResultReason)


def test_a_dead_position_draw_is_stored_with_its_reason_and_audited(
    client: Client, chief: User, paired: m.Round
) -> None:
    login(client, chief)
    said = _post(client, paired, result="=", reason="dead", fen=KN_K)
    assert any("dead position" in s and "can mate" in s for s in said), said
    board = paired.boards.get(number=1)
    assert (board.result, board.black_result, board.reason) == ("=", "=", "dead")
    entry = m.AuditEntry.objects.filter(action="result.reason").latest("at")
    assert entry.data["check"]["reason"] == "dead" and entry.data["check"]["certain"]
    assert entry.data["fen"] == KN_K
    # the result itself went through set_result's audit
    assert m.AuditEntry.objects.filter(action="result.set", data__board=board.pk).exists()
    page = client.get(_url(paired, "game")).content.decode()
    assert 'id="result-reason"' in page and "dead position" in page


def test_a_reason_the_result_does_not_allow_is_refused(
    client: Client, chief: User, paired: m.Round
) -> None:
    login(client, chief)
    said = _post(client, paired, result="1-0", reason="dead")
    assert said == [
        "the reason 'dead position' allows only ½-½, not 1-0 (Laws 2023 art. 5.2.2; Laws "
        "Commentary 1997)"
    ]
    board = paired.boards.get(number=1)
    assert (board.result, board.reason) == ("", "")
    said = _post(client, paired, result="=", reason="dead", fen=KR_K)
    assert said[0].startswith("not a dead position: white can still mate")
    said = _post(client, paired, result="=", reason="dead", fen="not a position")
    assert said[0].startswith("FEN 'not a position'")
    assert paired.boards.get(number=1).result == ""


def test_flag_fall_with_the_position(client: Client, chief: User, paired: m.Round) -> None:
    login(client, chief)
    # black's flag fell, white has only a knight: Laws art. 6.9 makes it a draw
    said = _post(client, paired, result="1-0", reason="flag", fen=KN_K)
    assert "flag fall, the opponent cannot mate" in said[0]
    _post(client, paired, result="=", reason="flag-nomate", fen=KN_K, flagged="black")
    assert paired.boards.get(number=1).reason == "flag-nomate"


def test_persistent_refusal_opponent_score(client: Client, chief: User, paired: m.Round) -> None:
    """Laws 1997 (Laws Commentary 1997): the refusing player loses; ½ for the opponent only
    when he could not have won. Laws 2023 art. 11.7: the arbiter decides the opponent's
    score. The ½ is stored as the result ½-0 (white's ½, black's 0), in the event and its TRF."""
    login(client, chief)
    said = _post(client, paired, result="½-0", reason="refusal", fen=KR_K)
    assert "the opponent can mate" in said[0] and "so he gets 1" in said[0]
    assert paired.boards.get(number=1).result == ""
    said = _post(client, paired, result="1-0", reason="refusal", fen=KN_K)
    assert "so he gets ½" in said[0]
    said = _post(client, paired, result="½-0", reason="refusal", fen=KN_K)
    assert "saved with its reason" in said[0], said
    board = paired.boards.get(number=1)
    assert (board.result, board.black_result, board.reason) == ("=", "0", "refusal")
    entry = m.AuditEntry.objects.filter(action="result.reason").latest("at")
    assert entry.data["check"]["certain"] is True
    assert entry.data["check"]["opponent_points"] == "0.5"
    # the round page writes it, the TRF keeps each side's own code and points
    page = client.get(reverse("arbiter:round", args=[paired.event_id, 1])).content.decode()
    assert "½-0" in page
    assert board.black is not None
    white, black = board.white.number, board.black.number
    trf = client.get(reverse("arbiter:export", args=[paired.event_id])).content.decode()
    lines = {int(line[4:8]): line for line in trf.splitlines() if line.startswith("001 ")}
    assert lines[white][91:99].split() == [str(black), "w", "="]
    assert lines[black][91:99].split() == [str(white), "b", "0"]
    assert lines[white][80:84] == " 0.5" and lines[black][80:84] == " 0.0"
    # a full point under Laws 2023 art. 11.7 is the arbiter's choice, recorded as such
    _post(client, paired, result="1-0", reason="refusal", replace="1")
    board = paired.boards.get(number=1)
    assert (board.result, board.black_result, board.reason) == ("1", "0", "refusal")
    entry = m.AuditEntry.objects.filter(action="result.reason").latest("at")
    assert entry.data["check"]["certain"] is False
    assert entry.data["check"]["opponent_points"] == "1"


def test_a_different_result_needs_replace(client: Client, chief: User, paired: m.Round) -> None:
    board = paired.boards.get(number=1)
    services.set_result(board.pk, chief, "0-1")
    login(client, chief)
    said = _post(client, paired, result="1-0", reason="flag")
    assert "already has 0-1" in said[0]
    _post(client, paired, result="1-0", reason="flag", replace="1")
    board.refresh_from_db()
    assert (board.result, board.reason) == ("1", "flag")
    # the reason taken away, the result kept
    _post(client, paired, result="1-0", reason="")
    board.refresh_from_db()
    assert (board.result, board.reason) == ("1", "")


def test_a_keyboard_correction_leaves_no_stale_reason(
    client: Client, chief: User, paired: m.Round
) -> None:
    login(client, chief)
    _post(client, paired, result="=", reason="dead")
    board = paired.boards.get(number=1)
    assert reasons.stored_reason(board) is ResultReason.DEAD_POSITION
    services.set_result(board.pk, chief, "1-0", replace=True)
    board.refresh_from_db()
    assert reasons.stored_reason(board) is None and board.reason == ""
    assert 'id="result-reason"' not in client.get(_url(paired, "game")).content.decode()
    # the draw entered again is a new result: the old reason does not come back with it
    services.set_result(board.pk, chief, "=", replace=True)
    board.refresh_from_db()
    assert reasons.stored_reason(board) is None and board.reason == ""


def test_the_round_pages_show_the_reason_and_the_trf_does_not(
    client: Client, chief: User, paired: m.Round
) -> None:
    login(client, chief)
    _post(client, paired, result="=", reason="dead")
    page = client.get(reverse("arbiter:round", args=[paired.event_id, 1])).content.decode()
    assert 'class="result-reason"' in page and 'title="dead position"' in page
    public = client.get(reverse("public:round", args=[paired.event_id, 1])).content.decode()
    assert "dead position" in public
    text, _ = services.export_trf(paired.event, "2026")
    assert "dead" not in text


def test_a_viewer_cannot_give_a_reason(client: Client, viewer: User, paired: m.Round) -> None:
    login(client, viewer)
    r = client.post(_url(paired, "game_reason"), {"result": "=", "reason": "dead"})
    assert r.status_code == 403
    assert paired.boards.get(number=1).result == ""


def test_bad_form_input_is_a_message(client: Client, chief: User, paired: m.Round) -> None:
    login(client, chief)
    said = _post(client, paired, result="9-9", reason="nonsense", opponent_points="2")
    assert said and all(":" in s for s in said)
    assert paired.boards.get(number=1).result == ""


def test_the_crosstable_shows_the_reason_of_a_result(
    client: Client, chief: User, paired: m.Round
) -> None:
    """A result given with a reason carries it in both players' crosstable cells (a tooltip),
    on the public page and in the page's language; the other cells carry none."""
    login(client, chief)
    _post(client, paired, result="½-0", reason="refusal", fen=KN_K)
    board = paired.boards.get(number=1)
    assert board.reason == "refusal"
    for other in paired.boards.exclude(number=1).exclude(black=None):
        services.set_result(other.pk, chief, "=")  # the crosstable shows complete rounds
    page = client.get(reverse("public:crosstable", args=[paired.event_id])).content.decode()
    assert page.count('title="persistent refusal to comply with the Laws"') == 2
    russian = client.get(
        reverse("public:crosstable", args=[paired.event_id]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert page.count("title=") == russian.count("title=")
    assert 'title="persistent refusal' not in russian
    # a new result takes the reason away, and the tooltip with it
    services.set_result(board.pk, chief, "1-0", replace=True)
    page = client.get(reverse("public:crosstable", args=[paired.event_id])).content.decode()
    assert "persistent refusal" not in page


def test_a_round_robin_grid_shows_the_reason(client: Client, chief: User) -> None:
    ev = services.create_event(chief, name="Club RR", system="roundrobin", rounds=3)
    services.add_players(ev, chief, [{"name": f"Player {i}", "rating": 2000 + i} for i in range(4)])
    rnd = services.pair_next_round(ev, chief)
    board = rnd.boards.exclude(black=None).order_by("number").first()
    assert board is not None
    reasons.set_reason(board.pk, chief, "=", "dead", fen=KN_K)
    login(client, chief)
    page = client.get(reverse("arbiter:crosstable", args=[ev.pk])).content.decode()
    assert 'id="crosstable" class="grid"' in page
    assert page.count('title="dead position"') == 2
