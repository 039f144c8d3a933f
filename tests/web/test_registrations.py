"""The public registration form and the organiser's answers: the form (open, closed, each bad
field, the honeypot, an unknown festival), confirmation from the player database or from the
request, declining, the mail sent only when a server is configured, permissions."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse

from chessarbiter.entries import EntryError, EntryRequest
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import login, play_round

MAIL_ON = override_settings(CHESSARBITER_EMAIL_CONFIGURED=True)


@pytest.fixture
def festival(event: m.Event, chief: User) -> m.Festival:
    """The festival of the conftest's event, registration open, with a second section."""
    fest = event.festival
    services.set_registration_open(fest, chief, True)
    services.create_event(chief, name="Open B", rounds=5, festival=fest)
    fest.refresh_from_db()
    return fest


@pytest.fixture
def carlsen(db: Any) -> m.RatingListPlayer:
    return m.RatingListPlayer.objects.create(
        fide_id=1503014,
        name="Carlsen, Magnus",
        name_key="carlsen, magnus",
        federation="NOR",
        sex="m",
        title="GM",
        birth="1990",
        standard=2830,
        rapid=2820,
        blitz=2880,
    )


def _form(target: m.Event, /, **fields: str) -> dict[str, Any]:
    return {"name": "Weiss, Nora", "section": target.pk, "website": ""} | fields


def _register_url(festival: m.Festival) -> str:
    return reverse("public:register", args=[festival.pk])


# -- the public form -------------------------------------------------------------------------


def test_the_form_stores_a_request(client: Client, festival: m.Festival, event: m.Event) -> None:
    url = _register_url(festival)
    r = client.get(url)
    html = r.content.decode()
    assert r.status_code == 200 and 'id="registration-form"' in html
    assert "Club Swiss" in html and "Open B" in html
    data = _form(
        event,
        fide_id="4100018",
        email="clara@example.org",
        federation="ger",
        birth_date="07.03.2001",
        club="SC Berlin",
    )
    r = client.post(url, data)
    assert r.status_code == 302 and r["Location"].endswith("/thanks/")
    reg = m.Registration.objects.get()
    assert (reg.name, reg.fide_id, reg.federation, reg.birth_date, reg.section) == (
        "Weiss, Nora",
        "4100018",
        "GER",
        "2001/03/07",
        event,
    )
    assert reg.status == m.Registration.Status.PENDING
    assert not event.players.filter(name="Weiss, Nora").exists()  # the organiser confirms
    assert event.audit.filter(action="registration.submit").exists()
    r = client.get(r["Location"])
    assert r.status_code == 200 and 'id="registration-thanks"' in r.content.decode()
    assert mail.outbox == []


def test_a_closed_form_says_so_and_stores_nothing(
    client: Client, festival: m.Festival, event: m.Event, chief: User
) -> None:
    services.set_registration_open(festival, chief, False)
    url = _register_url(festival)
    r = client.get(url)
    assert r.status_code == 200 and 'id="registration-closed"' in r.content.decode()
    r = client.post(url, _form(event))
    assert r.status_code == 200 and 'id="registration-closed"' in r.content.decode()
    assert not m.Registration.objects.exists()
    with pytest.raises(services.ServiceError, match="closed"):
        services.submit_registration(festival, event.pk, EntryRequest("Keller, Clara"))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", "required"),
        ("name", "x" * 101, "at most 100"),
        ("name", "Bad\x07name", "control character"),
        ("fide_id", "12ab", "not a number"),
        ("fide_id", "1234567890123", "at most 12"),
        ("email", "clara@", "not an address"),
        ("email", "c" * 300 + "@example.org", "at most 254"),
        ("federation", "G3R", "three-letter"),
        ("federation", "GERM", "at most 3"),
        ("birth_date", "31.02.2001", "not a year or a date"),
        ("birth_date", "1850", "out of range"),
        ("club", "c" * 101, "at most 100"),
        ("section", "999999", "valid choice"),
        ("section", "abc", "valid choice"),
    ],
)
def test_each_bad_field_is_shown_on_its_field(
    client: Client, festival: m.Festival, event: m.Event, field: str, value: str, message: str
) -> None:
    r = client.post(_register_url(festival), _form(event, **{field: value}))
    assert r.status_code == 200
    form = r.context["form"]
    assert field in form.errors
    assert message in " ".join(form.errors[field])
    assert not m.Registration.objects.exists()


def test_the_honeypot_stores_nothing(client: Client, festival: m.Festival, event: m.Event) -> None:
    r = client.post(_register_url(festival), _form(event, website="http://spam.example"))
    assert r.status_code == 302  # answered as anyone
    assert not m.Registration.objects.exists()


def test_an_unknown_or_private_festival_is_not_found(
    client: Client, festival: m.Festival, event: m.Event
) -> None:
    assert client.get(reverse("public:register", args=[999999])).status_code == 404
    assert client.post(reverse("public:register", args=[999999]), {}).status_code == 404
    assert client.get(reverse("public:register_thanks", args=[999999])).status_code == 404
    festival.sections.update(public=False)
    assert client.get(_register_url(festival)).status_code == 404


def test_a_finished_or_foreign_section_is_refused(
    festival: m.Festival, event: m.Event, chief: User
) -> None:
    other = services.create_event(chief, name="Elsewhere", rounds=3)
    with pytest.raises(services.ServiceError, match="no entries"):
        services.submit_registration(festival, other.pk, EntryRequest("Keller, Clara"))
    m.Event.objects.filter(pk=event.pk).update(rounds=1)
    event.refresh_from_db()
    play_round(event, chief)
    assert event not in services.sections_taking_entries(festival)
    with pytest.raises(services.ServiceError, match="no entries"):
        services.submit_registration(festival, event.pk, EntryRequest("Keller, Clara"))


def test_a_player_asks_once(festival: m.Festival, event: m.Event) -> None:
    services.submit_registration(festival, event.pk, EntryRequest("Keller, Clara", "4100018"))
    with pytest.raises(services.ServiceError, match="already registered"):
        services.submit_registration(festival, event.pk, EntryRequest("Other", "4100018"))
    with pytest.raises(services.ServiceError, match="already asked"):
        services.submit_registration(festival, event.pk, EntryRequest("keller, clara"))
    with pytest.raises(EntryError) as e:
        services.submit_registration(festival, event.pk, EntryRequest("X", email="bad"))
    assert list(e.value.problems) == ["email"]


def test_any_post_is_answered_without_a_server_error(
    client: Client, festival: m.Festival, event: m.Event
) -> None:
    url = _register_url(festival)
    for data in (
        {},
        {"section": ""},
        {"name": "A", "section": str(event.pk), "fide_id": "\x00"},
        {"name": ["a", "b"], "section": [str(event.pk), "x"]},
    ):
        r = client.post(url, data)
        assert r.status_code in (200, 302)
    for raw in (b"name=%ff%fe&section=" + str(event.pk).encode(), b"\xff\x00=&&=", b"%"):
        r = client.post(url, raw, content_type="application/x-www-form-urlencoded")
        assert r.status_code in (200, 302, 400)


# -- the organiser's answers -----------------------------------------------------------------


def _request(festival: m.Festival, section: m.Event, **fields: str) -> m.Registration:
    return services.submit_registration(
        festival, section.pk, EntryRequest(**({"name": "Keller, Clara"} | fields))
    )


def test_confirmed_from_the_player_database(
    festival: m.Festival, event: m.Event, chief: User, carlsen: m.RatingListPlayer
) -> None:
    reg = _request(festival, event, name="Magnus", fide_id="1503014", club="Offerspill")
    player = services.confirm_registration(reg, chief)
    assert (player.name, player.title, player.federation, player.rating, player.club) == (
        "Carlsen, Magnus",
        "GM",
        "NOR",
        2830,
        "Offerspill",
    )
    assert player.number == 11 and player.entry_round == 1
    reg.refresh_from_db()
    assert reg.status == m.Registration.Status.CONFIRMED
    assert reg.player == player and reg.decided_by == chief and reg.decided_at is not None
    assert event.audit.filter(action="registration.confirm").exists()
    with pytest.raises(services.ServiceError, match="answered already"):
        services.confirm_registration(reg, chief)
    assert mail.outbox == []


def test_confirmed_without_the_database_into_another_section_late(
    festival: m.Festival, event: m.Event, chief: User
) -> None:
    section_b = festival.sections.get(name="Open B")
    services.add_players(section_b, chief, [{"name": "A"}, {"name": "B"}])
    play_round(section_b, chief)
    reg = _request(festival, event, fide_id="4100018", federation="GER", birth_date="2001")
    player = services.confirm_registration(reg, chief, section_b)
    assert player.event == section_b
    assert player.entry_round == 2  # a late entry: paired from the next round
    assert (player.name, player.fide_id, player.federation, player.birth_date) == (
        "Keller, Clara",
        "4100018",
        "GER",
        "2001",
    )
    reg.refresh_from_db()
    assert reg.section == section_b


def test_confirmation_refused_for_a_section_of_another_festival(
    festival: m.Festival, event: m.Event, chief: User
) -> None:
    reg = _request(festival, event)
    other = services.create_event(chief, name="Elsewhere", rounds=3)
    with pytest.raises(services.ServiceError, match="not one of this event"):
        services.confirm_registration(reg, chief, other)
    reg.refresh_from_db()
    assert reg.status == m.Registration.Status.PENDING


def test_declined(festival: m.Festival, event: m.Event, chief: User) -> None:
    reg = _request(festival, event, email="clara@example.org")
    services.decline_registration(reg, chief)
    reg.refresh_from_db()
    assert reg.status == m.Registration.Status.DECLINED and reg.player is None
    assert event.players.count() == 10
    assert mail.outbox == []  # no mail server configured
    # declined: the player may ask again
    _request(festival, event)


@MAIL_ON
def test_mail_only_when_a_server_is_configured(
    festival: m.Festival, event: m.Event, chief: User
) -> None:
    assert services.mail_configured()
    confirmed = _request(festival, event, email="clara@example.org")
    services.confirm_registration(confirmed, chief)
    declined = _request(festival, event, name="Berg, Anna", email="anna@example.org")
    services.decline_registration(declined, chief)
    silent = _request(festival, event, name="No Mail")  # no address: nothing sent
    services.confirm_registration(silent, chief)
    assert [(msg.to, msg.subject) for msg in mail.outbox] == [
        (["clara@example.org"], "Registration confirmed: Club Swiss"),
        (["anna@example.org"], "Registration declined: Club Swiss"),
    ]
    assert "pairing number is 11" in mail.outbox[0].body


def test_the_settings_read_the_mail_server_from_the_environment() -> None:
    from django.conf import settings

    assert settings.CHESSARBITER_EMAIL_CONFIGURED is bool(settings.EMAIL_HOST)


# -- the organiser's pages -------------------------------------------------------------------


def test_the_organiser_confirms_on_the_page(
    client: Client,
    festival: m.Festival,
    event: m.Event,
    arbiter: User,
    carlsen: m.RatingListPlayer,
) -> None:
    reg = _request(festival, event, name="Magnus C", fide_id="1503014")
    login(client, arbiter)
    url = reverse("arbiter:registrations", args=[festival.pk])
    r = client.get(url)
    html = r.content.decode()
    assert r.status_code == 200 and "Carlsen, Magnus" in html and "Magnus C" in html
    confirm = reverse("arbiter:registration_confirm", args=[festival.pk, reg.pk])
    r = client.post(confirm, {"section": str(event.pk)})
    assert r.status_code == 302
    assert event.players.filter(fide_id="1503014").exists()
    r = client.post(confirm, {"section": str(event.pk)})  # twice: told, nothing changes
    assert r.status_code == 302
    assert event.players.filter(fide_id="1503014").count() == 1


def test_an_arbiter_of_one_section_may_not_register_into_another(
    client: Client, festival: m.Festival, event: m.Event, arbiter: User
) -> None:
    reg = _request(festival, event)
    section_b = festival.sections.get(name="Open B")  # the arbiter has no role there
    login(client, arbiter)
    confirm = reverse("arbiter:registration_confirm", args=[festival.pk, reg.pk])
    assert client.post(confirm, {"section": str(section_b.pk)}).status_code == 403
    assert not section_b.players.exists()


def test_the_chief_opens_and_closes_registration(
    client: Client, festival: m.Festival, chief: User, arbiter: User
) -> None:
    url = reverse("arbiter:registration_open", args=[festival.pk])
    login(client, arbiter)
    assert client.post(url, {"open": "0"}).status_code == 403
    login(client, chief)
    assert client.post(url, {"open": "0"}).status_code == 302
    festival.refresh_from_db()
    assert not festival.registration_open
    assert client.post(url, {"open": "1"}).status_code == 302
    festival.refresh_from_db()
    assert festival.registration_open


def test_permissions_of_the_organiser_pages(
    client: Client, festival: m.Festival, event: m.Event, viewer: User
) -> None:
    reg = _request(festival, event)
    list_url = reverse("arbiter:registrations", args=[festival.pk])
    confirm = reverse("arbiter:registration_confirm", args=[festival.pk, reg.pk])
    decline = reverse("arbiter:registration_decline", args=[festival.pk, reg.pk])
    login(client, viewer)
    assert client.get(list_url).status_code == 200
    assert client.post(confirm, {}).status_code == 403
    assert client.post(decline, {}).status_code == 403
    stranger = User.objects.create_user("stranger", "", "pw-stranger-123")
    login(client, stranger)
    assert client.get(list_url).status_code == 404
    assert client.post(confirm, {}).status_code == 404
    assert client.post(decline, {}).status_code == 404
    reg.refresh_from_db()
    assert reg.status == m.Registration.Status.PENDING
    client.logout()
    assert client.get(list_url).status_code == 302  # to the login page
