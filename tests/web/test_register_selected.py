"""Registering several players of the player database at once: the ticked results of a
search, in one transaction (all or none), the already registered left out."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.events import models as m
from chessarbiter.web.events import rating_list, services

from .conftest import login
from .test_rating_list import rating_list_text


def _imported(tmp_path: Path) -> None:
    path = tmp_path / "players_list_foa.txt"
    path.write_text(rating_list_text(), encoding="utf-8")
    rating_list.import_rating_list(path)


def test_the_ticked_players_are_registered_together(
    client: Client, event: m.Event, arbiter: User, tmp_path: Path
) -> None:
    _imported(tmp_path)
    login(client, arbiter)
    page = client.get(reverse("arbiter:event_ratinglist", args=[event.pk]), {"q": "ca"})
    assert b'form="register-selected"' in page.content and b"Select all" in page.content
    url = reverse("arbiter:event_register", args=[event.pk])
    r = client.post(url, {"fide_id": ["1503014", "2020009"], "q": "ca"}, follow=True)
    assert b"2 players registered." in r.content
    assert set(event.players.exclude(fide_id="").values_list("fide_id", flat=True)) == {
        "1503014",
        "2020009",
    }
    r = client.post(url, {"fide_id": ["4100018"], "q": "nu", "federation": "ESP"})
    assert r.status_code == 302 and r["Location"].endswith("?q=nu&federation=ESP")
    again = client.post(url, {"fide_id": ["1503014", "2020009", "24101923"]}, follow=True)
    assert b"1 player registered." in again.content
    assert event.players.filter(fide_id="1503014").count() == 1


def test_an_unknown_id_among_them_registers_nobody(
    client: Client, event: m.Event, arbiter: User, tmp_path: Path
) -> None:
    _imported(tmp_path)
    login(client, arbiter)
    before = event.players.count()
    url = reverse("arbiter:event_register", args=[event.pk])
    r = client.post(url, {"fide_id": ["1503014", "99x"]}, follow=True)
    assert b"No player with FIDE ID 99x" in r.content
    assert event.players.count() == before


def test_register_many_leaves_out_the_registered(
    client: Client, chief: User, tmp_path: Path
) -> None:
    _imported(tmp_path)
    small = services.create_event(chief, name="Tiny", rounds=3)
    services.add_players(small, chief, [{"name": f"P{i}"} for i in range(1, 3)])
    rows = list(m.RatingListPlayer.objects.all())
    assert rating_list.register_many(small, chief, rows) == len(rows)
    assert rating_list.register_many(small, chief, rows) == 0
