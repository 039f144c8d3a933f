"""The chief arbiter's report: the usual category lists in the ZIP of every list and on the
category page as CSV and printable pages, and a prize table typed in a browser (CRLF line
ends) stored as typed."""

from __future__ import annotations

import datetime
import io
import zipfile

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import login, play_round


def test_the_report_zip_holds_the_usual_category_lists(
    client: Client, event: m.Event, chief: User
) -> None:
    services.update_event(event, chief, start_date=datetime.date(2026, 6, 1))
    player = event.players.get(name="Keller, Clara")
    services.update_player(player, chief, sex="f", birth_date="2012")
    play_round(event, chief)
    login(client, chief)
    r = client.get(reverse("arbiter:export_all", args=[event.pk]))
    names = zipfile.ZipFile(io.BytesIO(r.content)).namelist()
    assert {"club-swiss/category-f.csv", "club-swiss/category-u14.html"} <= set(names)
    page = client.get(reverse("arbiter:categories", args=[event.pk]), {"category": "F"})
    assert "category-exports" in page.content.decode()
    csv = client.get(
        reverse("arbiter:export_list", args=[event.pk, "category", "csv"]), {"category": "F"}
    )
    assert "Keller, Clara" in csv.content.decode()


def test_a_prize_table_is_stored_as_typed_whatever_the_line_ends(
    event: m.Event, chief: User
) -> None:
    typed = "[[prize]]\r\nplace = 1\r\namount = 100\r\n"
    services.update_prize_table(event, chief, typed, public=False)
    event.refresh_from_db()
    assert event.prize_table == typed.replace("\r\n", "\n")
