"""Swiss events paired by the other FIDE systems (C.04.4.1 Dubov, C.04.4.2 Burstein, C.04.4.3
Lim): the event's "pairing rules" name the system and its edition, every round the web app
stores is the library engine's pairing of the stored event, the explanation page shows the
engine's account, and the settings the system cannot serve are refused by the validator."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.pairing.systems import EVENT_RULES, pairing_rules
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store

from .conftest import NAMES, login, play_round

#: One stored round per pairing; a Double-Swiss match stores two game rounds at once
#: (tests/web/test_double_swiss_events.py).
OTHER_RULES = [r.value for r in EVENT_RULES if r.system.flag not in ("--dutch", "--double-swiss")]


def _event(chief: User, edition: str) -> m.Event:
    ev = services.create_event(chief, name="Club Swiss", rounds=5, edition=edition)
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES])
    ev.refresh_from_db()
    return ev


@pytest.mark.parametrize("edition", OTHER_RULES)
def test_each_round_is_the_engines_pairing(client: Client, chief: User, edition: str) -> None:
    ev = _event(chief, edition)
    rules = pairing_rules(edition)
    for number in (1, 2, 3):
        expected = rules.pair(store.tournament(ev))
        rnd = play_round(ev, chief, "1-0" if number % 2 else "=")
        stored = [
            (b.white.number, b.black and b.black.number) for b in rnd.boards.exclude(black=None)
        ]
        assert rnd.number == number
        assert stored == [(b.white, b.black) for b in expected.boards], (edition, number)
    page = login(client, chief).get(reverse("arbiter:explain", args=[ev.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert rules.system.title in text and 'id="explain-lines"' in text
    assert "Round 4 pairing:" in text
    event_page = client.get(reverse("arbiter:event", args=[ev.pk])).content.decode()
    assert str(m.Event.EDITION_LABELS[edition]) in event_page


def test_the_baku_acceleration_is_for_the_dutch_system_only(chief: User) -> None:
    with pytest.raises(services.ServiceError, match="Baku acceleration"):
        services.create_event(
            chief, name="Open", rounds=5, edition="dubov-2026", acceleration="baku"
        )


def test_unknown_rules_are_refused_by_the_validator(chief: User) -> None:
    with pytest.raises(services.ServiceError, match="'dubov-2017' is not one of"):
        services.create_event(chief, name="Open", rounds=5, edition="dubov-2017")


def test_the_rules_may_change_until_round_1_is_paired(chief: User) -> None:
    ev = _event(chief, "2026")
    ev = services.update_event(ev, chief, edition="lim-2026")
    assert ev.edition == "lim-2026"
    play_round(ev, chief)
    with pytest.raises(services.ServiceError):
        services.update_event(ev, chief, edition="burstein-2026")


def test_the_dutch_explanation_service_refuses_another_system(chief: User) -> None:
    ev = _event(chief, "burstein-2026")
    with pytest.raises(services.ServiceError, match="Burstein system"):
        services.explain_next_round(ev)


def test_the_trf_type_names_the_system_both_ways(chief: User) -> None:
    """TRF-2026 record 192: a Dubov event is written ``FIDE_DUBOV`` and a file so declared is
    imported as a Dubov event; with ``_BAKU`` it is said that the acceleration is left out."""
    ev = _event(chief, "dubov-2026")
    play_round(ev, chief)
    text, _losses = services.export_trf(ev)
    assert "\n192 FIDE_DUBOV" in f"\n{text}"
    again = services.import_trf(chief, text, "dubov.trf")
    assert again.edition == "dubov-2026" and again.acceleration == ""
    lim, _losses = services.export_trf(_event(chief, "lim-2026"))
    assert "\n192 CUSTOM_SWISS" in f"\n{lim}" and "\n092 Swiss Lim" in f"\n{lim}"
    assert services.import_trf(chief, lim, "lim.trf").edition == "lim-2026"
    baku = text.replace("192 FIDE_DUBOV", "192 FIDE_BURSTEIN_BAKU")
    notes: list[str] = []
    third = services.import_trf(chief, baku, "baku.trf", notes)
    assert third.edition == "burstein-2026" and third.acceleration == ""
    assert any("without acceleration" in n for n in notes)
