"""Sections: one event (a Festival: name, venue, dates, public page) holding several
tournaments, each with its own system, rounds, pairings and standings; players move between
sections before round 1 of either is paired (chessarbiter.sections, C.04.2 A.2 (2026))."""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from chessarbiter import trf
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import NAMES, login, play_round


def _second_section(event: m.Event, chief: User, name: str = "Open B") -> m.Event:
    section = services.add_section(event.festival, chief, name=name, rounds=5)
    services.add_players(section, chief, [{"name": f"B-player {i}"} for i in range(1, 5)])
    return section


def test_an_event_made_on_its_own_is_the_one_section_of_its_festival(event: m.Event) -> None:
    assert event.festival.name == "Club Swiss"
    assert list(event.festival.sections.all()) == [event]
    assert event.festival.owner_id == event.owner_id


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_each_stored_event_its_festival() -> None:
    before, migration = "0011_event_prize_table", "0012_sections_registration"
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([("events", before)])
        old = executor.loader.project_state([("events", before)]).apps
        owner = old.get_model("auth", "User").objects.create(username="old-owner")
        old_event = old.get_model("events", "Event")
        first = old_event.objects.create(name="Autumn Open", city="Riga", owner_id=owner.pk)
        second = old_event.objects.create(name="Club Blitz", owner_id=owner.pk)
        executor = MigrationExecutor(connection)
        executor.migrate([("events", migration)])
        new = executor.loader.project_state([("events", migration)]).apps
        new_event = new.get_model("events", "Event")
        for pk, name in ((first.pk, "Autumn Open"), (second.pk, "Club Blitz")):
            row = new_event.objects.get(pk=pk)
            assert row.name == name and row.festival.name == name
            assert row.festival.owner_id == owner.pk
            assert list(row.festival.sections.values_list("pk", flat=True)) == [pk]
        assert new_event.objects.get(pk=first.pk).festival.city == "Riga"
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes("events"))


def test_the_chief_adds_a_section_and_the_arbiters_come_with_it(
    client: Client, event: m.Event, chief: User, arbiter: User, viewer: User
) -> None:
    login(client, chief)
    r = client.post(
        reverse("arbiter:section_add", args=[event.festival_id]),
        {
            "section-name": "Under 12",
            "section-system": "roundrobin",
            "section-rounds": 7,
            "section-copy_from": event.pk,
        },
    )
    section = m.Event.objects.get(name="Under 12")
    assert r.status_code == 302 and r["Location"] == reverse("arbiter:event", args=[section.pk])
    assert section.festival_id == event.festival_id and section.system == "roundrobin"
    assert section.tiebreaks == event.tiebreaks and section.rounds == 7
    kinds = dict(section.roles.values_list("user__username", "kind"))
    assert kinds == {"chief": "chief", "deputy": "arbiter", "watcher": "viewer"}
    page = client.get(reverse("arbiter:festival", args=[event.festival_id])).content.decode()
    assert "Under 12" in page and "Club Swiss" in page
    nav = client.get(reverse("arbiter:event", args=[event.pk])).content.decode()
    assert reverse("arbiter:event", args=[section.pk]) in nav


def test_a_section_name_is_used_once(event: m.Event, chief: User) -> None:
    _second_section(event, chief)
    with pytest.raises(services.ServiceError, match="already has a section named"):
        services.add_section(event.festival, chief, name="open b", rounds=5)


def test_only_the_chief_adds_sections(
    client: Client, event: m.Event, viewer: User, arbiter: User
) -> None:
    url = reverse("arbiter:section_add", args=[event.festival_id])
    for user in (viewer, arbiter):
        login(client, user)
        form = {"section-name": "X", "section-system": "swiss", "section-rounds": 5}
        assert client.post(url, form).status_code == 403
    stranger = User.objects.create_user("stranger")
    login(client, stranger)
    assert client.get(reverse("arbiter:festival", args=[event.festival_id])).status_code == 404
    assert not m.Event.objects.filter(name="X").exists()


def test_a_bad_section_gets_the_form_again_not_a_500(
    client: Client, event: m.Event, chief: User
) -> None:
    login(client, chief)
    r = client.post(
        reverse("arbiter:section_add", args=[event.festival_id]),
        {"section-name": "", "section-system": "nonsense", "section-rounds": 100000},
    )
    assert r.status_code == 200
    assert event.festival.sections.count() == 1
    page = r.content.decode()
    assert page.count('id="id_section-name"') == 1 and page.count('id="id_festival-name"') == 1


def test_a_trf_file_imports_as_a_section(client: Client, event: m.Event, chief: User) -> None:
    text, _losses = services.export_trf(event)
    login(client, chief)
    upload = SimpleUploadedFile("b.trf", text.encode())
    r = client.post(reverse("arbiter:section_import", args=[event.festival_id]), {"file": upload})
    assert r.status_code == 200  # the same name as the first section: refused, nothing stored
    assert event.festival.sections.count() == 1
    text = text.replace("012 Club Swiss", "012 Open B", 1)
    upload = SimpleUploadedFile("b.trf", text.encode())
    r = client.post(reverse("arbiter:section_import", args=[event.festival_id]), {"file": upload})
    assert r.status_code == 302
    section = m.Event.objects.get(name="Open B")
    assert section.festival_id == event.festival_id and section.players.count() == len(NAMES)
    junk = SimpleUploadedFile("junk.trf", b"not a tournament")
    r = client.post(reverse("arbiter:section_import", args=[event.festival_id]), {"file": junk})
    assert r.status_code == 200 and event.festival.sections.count() == 2


def test_a_player_moves_before_round_1_with_his_byes(
    client: Client, event: m.Event, chief: User
) -> None:
    other = _second_section(event, chief)
    player = event.players.get(name="Novak, Elena")
    services.set_bye_request(player, chief, 2, "H")
    login(client, chief)
    r = client.post(
        reverse("arbiter:player_move", args=[event.pk, player.pk]), {"target": other.pk}
    )
    assert r.status_code == 302
    player.refresh_from_db()
    assert player.event_id == other.pk and player.number == 5
    assert list(player.bye_requests.values_list("round", flat=True)) == [2]
    assert event.players.count() == len(NAMES) - 1 and other.players.count() == 5
    numbers = list(event.players.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, len(NAMES)))  # no gap left behind
    assert event.players.get(name="Orlov, Fyodor").number == 5
    text, _losses = services.export_trf(event)  # a gap would be refused by TRF-2026
    assert "Orlov, Fyodor" in text
    assert event.audit.filter(action="player.move").exists()
    assert other.audit.filter(action="player.move").exists()


def test_no_move_once_either_section_is_paired(client: Client, event: m.Event, chief: User) -> None:
    other = _second_section(event, chief)
    play_round(other, chief)
    player = event.players.first()
    assert player is not None
    login(client, chief)
    page = client.get(reverse("arbiter:player", args=[event.pk, player.pk])).content.decode()
    assert "move-player" in page  # this section is not paired: the form is offered
    r = client.post(
        reverse("arbiter:player_move", args=[event.pk, player.pk]),
        {"target": other.pk},
        follow=True,
    )
    assert "Open B: round 1 is already paired" in r.content.decode()
    player.refresh_from_db()
    assert player.event_id == event.pk
    play_round(event, chief)
    page = client.get(reverse("arbiter:player", args=[event.pk, player.pk])).content.decode()
    assert "move-player" not in page


def test_no_move_to_another_event_or_by_a_viewer(
    client: Client, event: m.Event, chief: User, viewer: User
) -> None:
    elsewhere = services.create_event(chief, name="Elsewhere", rounds=5)
    player = event.players.first()
    assert player is not None
    with pytest.raises(services.ServiceError, match="same event"):
        services.move_player(player, elsewhere, chief)
    other = _second_section(event, chief)
    login(client, viewer)
    url = reverse("arbiter:player_move", args=[event.pk, player.pk])
    assert client.post(url, {"target": other.pk}).status_code == 403
    login(client, chief)
    r = client.post(
        reverse("arbiter:player_move", args=[event.pk, player.pk]), {"target": elsewhere.pk}
    )
    assert r.status_code == 302  # refused by the form: another event is not a choice
    player.refresh_from_db()
    assert player.event_id == event.pk


def test_the_public_pages_list_the_sections(client: Client, event: m.Event, chief: User) -> None:
    other = _second_section(event, chief)
    hidden = services.add_section(event.festival, chief, name="Staff blitz", public=False)
    home = client.get(reverse("public:home")).content.decode()
    assert reverse("public:festival", args=[event.festival_id]) in home
    assert reverse("public:event", args=[other.pk]) in home
    assert reverse("public:event", args=[hidden.pk]) not in home
    page = client.get(reverse("public:festival", args=[event.festival_id])).content.decode()
    assert "Open B" in page and "Club Swiss" in page and "Staff blitz" not in page
    section = client.get(reverse("public:standings", args=[other.pk])).content.decode()
    assert reverse("public:event", args=[event.pk]) in section  # the sibling section's link
    alone = services.create_event(chief, name="Closed", public=False)
    assert client.get(reverse("public:festival", args=[alone.festival_id])).status_code == 404


def test_details_of_the_event(event: m.Event, chief: User) -> None:
    day = datetime.date(2026, 12, 5)
    services.update_festival(event.festival, chief, name="Winter Festival", start_date=day)
    event.festival.refresh_from_db()
    assert event.festival.name == "Winter Festival" and event.festival.start_date == day
    with pytest.raises(services.ServiceError, match="ends before it starts"):
        services.update_festival(event.festival, chief, end_date=datetime.date(2026, 12, 1))
    with pytest.raises(services.ServiceError, match="Unknown fields"):
        services.update_festival(event.festival, chief, owner=None)


def test_deleting_the_last_section_removes_the_event(event: m.Event, chief: User) -> None:
    other = _second_section(event, chief)
    festival_id = event.festival_id
    services.delete_event(other, chief)
    assert m.Festival.objects.filter(pk=festival_id).exists()
    services.delete_event(event, chief)
    assert not m.Festival.objects.filter(pk=festival_id).exists()


def test_an_event_of_one_section_follows_its_name(event: m.Event, chief: User) -> None:
    services.update_event(event, chief, name="Club Swiss 2026", city="Tula")
    event.festival.refresh_from_db()
    assert (event.festival.name, event.festival.city) == ("Club Swiss 2026", "Tula")
    _second_section(event, chief)
    services.update_event(event, chief, name="Open A")
    event.festival.refresh_from_db()
    assert event.festival.name == "Club Swiss 2026"  # the event of two sections keeps its name


def test_the_zip_of_every_section(client: Client, event: m.Event, chief: User) -> None:
    other = _second_section(event, chief)
    play_round(other, chief)
    login(client, chief)
    r = client.get(reverse("arbiter:festival_lists", args=[event.festival_id]))
    assert r.status_code == 200 and r["Content-Type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(r.content)).namelist()
    assert "club-swiss/club-swiss.trf" in names and "open-b/open-b.trf" in names
    assert "open-b/standings.csv" in names and "club-swiss/start-list.html" in names
    text = zipfile.ZipFile(io.BytesIO(r.content)).read("open-b/open-b.trf").decode()
    assert len(trf.loads(text, "open-b.trf")) == 4


def test_the_pair_page_tells_numbers_out_of_the_initial_order(
    client: Client, event: m.Event, chief: User
) -> None:
    login(client, chief)
    page = client.get(reverse("arbiter:pair", args=[event.pk])).content.decode()
    assert "numbering-problem" not in page  # NAMES are registered by rating
    services.add_player(event, chief, name="Zeller, Max", rating=2500)
    page = client.get(reverse("arbiter:pair", args=[event.pk])).content.decode()
    assert "number 1 would be Zeller, Max" in page
    services.renumber_by_rating(event, chief)
    page = client.get(reverse("arbiter:pair", args=[event.pk])).content.decode()
    assert "numbering-problem" not in page
