"""A tournament of consultation groups in the web app (Team Competitions 1972, consultation
games): each participant a group of 2 to 4 consultants with one leader and, if named, an
intermediary who is no consultant, checked by the library's one validator of a participant on
every way in (the form, the services an import and the API call, the API); the rounds the
library's schedule of the groups (a round robin by the Berger tables, our choice of format);
the standings the library's group ranking; the TRF export read back."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.event_settings import (
    CONSULTATION,
    EventSettings,
    PlayerSettings,
    default_tiebreaks,
    event_problems,
    player_problems,
)
from chessarbiter.special.consultation import (
    RESULTS,
    ConsultationGroup,
    GroupGame,
    consultation_tournament,
    event_cycles,
    event_round,
    group_from_text,
    group_ranking,
    members_text,
    schedule,
)
from chessarbiter.web.api.tokens import create_token
from chessarbiter.web.arbiter.forms import GroupForm
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, tables

from .browser import CHROMIUM, launch, log_in, shot
from .conftest import login, may_create_events
from .test_import_real_files import arbiter_urls, public_urls

GROUPS = [
    ConsultationGroup("Moscow", "Petrov", ("Ivanov", "Sidorov"), "Orlov"),
    ConsultationGroup("Leningrad", "Smirnov", ("Kuznetsov",)),
    ConsultationGroup("Kiev", "Popov", ("Lebedev", "Kozlov", "Novikov"), "Morozov"),
    ConsultationGroup("Riga", "Volkov", ("Solovyov",), "Vasiliev"),
]
#: White's result on each board of rounds 1 to 3, board order.
OUTCOMES = [["1-0", "="], ["0-1", "1-0"], ["=", "0-1"]]


def _form(group: ConsultationGroup) -> dict[str, str]:
    data = {"name": group.name, "leader": group.leader, "intermediary": group.intermediary or ""}
    for field, person in zip(GroupForm.MEMBERS, group.members, strict=False):
        data[field] = person
    return data


@pytest.fixture
def consult(chief: User, viewer: User) -> m.Event:
    ev = services.create_event(chief, name="Consultation games", system=CONSULTATION, rounds=3)
    m.Event.objects.filter(pk=ev.pk).update(public=True)
    m.Role.objects.create(event=ev, user=viewer, kind=m.Role.Kind.VIEWER)
    ev.refresh_from_db()
    return ev


def _register(client: Client, ev: m.Event, group: ConsultationGroup) -> Any:
    return client.post(reverse("arbiter:players", args=[ev.pk]), _form(group))


def _played(client: Client, chief: User, ev: m.Event) -> list[GroupGame]:
    """The four groups registered on the players page, three rounds paired and their results
    entered (from the keyboard endpoint of the round page); the games as the library reads
    them."""
    login(client, chief)
    for group in GROUPS:
        assert _register(client, ev, group).status_code == 302
    games: list[GroupGame] = []
    for number, outcomes in enumerate(OUTCOMES, start=1):
        rnd = services.pair_next_round(ev, chief)
        boards = list(rnd.boards.exclude(black=None).select_related("white", "black"))
        assert len(boards) == len(outcomes)
        for board, outcome in zip(boards, outcomes, strict=True):
            r = client.post(
                reverse("arbiter:result", args=[ev.pk, number]),
                {"board": str(board.number), "result": outcome},
            )
            assert r.status_code in (200, 302), r.content
            assert board.black is not None
            games.append(
                GroupGame(number, board.white.number, board.black.number, RESULTS[outcome])
            )
    return games


# -- the library's rules, as the web reads them ----------------------------------------------


def test_the_system_and_its_groups_are_the_librarys() -> None:
    assert event_problems(EventSettings(system=CONSULTATION, rounds=3)) == {}
    # a round robin of groups: no Buchholz by default (C.07 (2026) 8)
    assert default_tiebreaks(CONSULTATION) == "DE,WIN,SB,KS"
    text = members_text(GROUPS[0])
    assert group_from_text("Moscow", text) == GROUPS[0]
    ok = PlayerSettings("Moscow", members=text)
    assert player_problems(ok, CONSULTATION) == {}
    assert player_problems(PlayerSettings("Tal"), CONSULTATION) == {
        "members": "a consultation group needs its leader and 1 to 3 other consultants "
        "(Team Competitions 1972)"
    }
    assert "members" in player_problems(ok, "swiss")
    assert player_problems(PlayerSettings("A", members="member: X\nmember: Y"), CONSULTATION) == {
        "members": "A: no leader; a group has a leader who decides a disagreement "
        "(Team Competitions 1972)"
    }
    assert (event_cycles(4, 3), event_cycles(4, 6), event_cycles(3, 3), event_cycles(2, 2)) == (
        1,
        2,
        1,
        2,
    )
    assert [event_round(4, 6, r) for r in range(1, 7)] == schedule(4, 2)


# -- registration ----------------------------------------------------------------------------


def test_groups_are_registered_and_listed(client: Client, chief: User, consult: m.Event) -> None:
    login(client, chief)
    page = client.get(reverse("arbiter:players", args=[consult.pk])).content.decode()
    assert "Register a group" in page and 'name="leader"' in page and 'name="intermediary"' in page
    for group in GROUPS:
        assert _register(client, consult, group).status_code == 302
    stored = list(consult.players.order_by("number"))
    assert [group_from_text(p.name, p.members) for p in stored] == GROUPS
    page = client.get(reverse("arbiter:players", args=[consult.pk])).content.decode()
    assert "<strong" in page and "Petrov</strong>, Ivanov, Sidorov" in page
    assert "intermediary: Morozov" in page
    # the next round proposed: the library's schedule of the groups
    page = client.get(reverse("arbiter:pair", args=[consult.pk])).content.decode()
    assert "Moscow" in page and "Riga" in page


@pytest.mark.parametrize(
    ("group", "words"),
    [
        (ConsultationGroup("Alone", "Tal"), "Alone: 1 consultant; a group has 2 to 4"),
        (
            ConsultationGroup("Relay", "Tal", ("Spassky",), "Spassky"),
            "the intermediary Spassky is a consultant of the group",
        ),
        (ConsultationGroup("Twice", "Tal", ("Tal",)), "Twice: Tal listed twice"),
    ],
)
def test_the_form_refuses_a_bad_group_in_the_librarys_words(
    client: Client, chief: User, consult: m.Event, group: ConsultationGroup, words: str
) -> None:
    login(client, chief)
    r = _register(client, consult, group)
    assert r.status_code == 200
    assert words in r.content.decode()
    assert not consult.players.exists()


def test_every_way_in_refuses_a_bad_group(client: Client, chief: User, consult: m.Event) -> None:
    # five consultants (the form has no place for a fifth: the services and the API have)
    five = "leader: A\nmember: B\nmember: C\nmember: D\nmember: E"
    with pytest.raises(services.ServiceError, match="5 consultants; a group has 2 to 4"):
        services.add_player(consult, chief, name="Five", members=five)
    # an import: a player without a group
    with pytest.raises(services.ServiceError, match="needs its leader"):
        services.add_players(consult, chief, [{"name": "Tal", "rating": 2600}])
    # a person in two groups, and two groups of one name
    services.add_player(consult, chief, name="A", members=members_text(GROUPS[0]))
    with pytest.raises(services.ServiceError, match="Petrov is a consultant of A and of B"):
        services.add_player(consult, chief, name="B", members="leader: Petrov\nmember: Tal")
    with pytest.raises(services.ServiceError, match="two groups are named 'A'"):
        services.add_player(consult, chief, name="A", members="leader: Tal\nmember: Kasparov")
    assert consult.players.count() == 1
    # the API: a participant without a group is refused with the library's words
    auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Bearer {create_token(chief, 'test')}"}
    r = client.post(
        f"/api/events/{consult.pk}/players",
        json.dumps({"name": "Tal"}),
        content_type="application/json",
        **auth,
    )
    assert r.status_code in (400, 422), r.content
    assert "needs its leader" in r.content.decode()
    assert consult.players.count() == 1
    # ... and a group with its members is registered, and answered with them
    group = members_text(GROUPS[2])
    r = client.post(
        f"/api/events/{consult.pk}/players",
        json.dumps({"name": GROUPS[2].name, "members": group}),
        content_type="application/json",
        **auth,
    )
    assert r.status_code == 201, r.content
    assert r.json()[0]["members"] == group
    assert consult.players.get(name=GROUPS[2].name).members == group


# -- rounds, standings, export ---------------------------------------------------------------


def test_three_rounds_standings_and_export(client: Client, chief: User, consult: m.Event) -> None:
    games = _played(client, chief, consult)
    rounds = schedule(len(GROUPS))
    for number in (1, 2, 3):
        stored = consult.round_set.get(number=number).boards.order_by("number")
        pairs = [
            (b.white.number, b.black.number if b.black else 0)
            for b in stored.select_related("white", "black")
        ]
        assert pairs == rounds[number - 1]
    # the standings are the library's group ranking of the same games
    _t, names, counted, rows = tables.event_ranking(consult)
    assert counted == 3
    library = group_ranking(consultation_tournament(GROUPS, games), consult.tiebreaks)
    assert [(s.pairing_number, s.points, s.tiebreaks, s.rank) for s in rows] == [
        (s.pairing_number, s.points, s.tiebreaks, s.rank) for s in library
    ]
    assert len(names) == len(consult.tiebreaks.split(","))
    # every round is paired
    with pytest.raises(services.ServiceError, match="All 3 rounds are paired"):
        services.pair_next_round(consult, chief)
    # the TRF export, read back
    login(client, chief)
    r = client.get(reverse("arbiter:export", args=[consult.pk]) + "?dialect=2026")
    assert r.status_code == 200
    back = trf.loads(r.content.decode())
    assert [p.name for p in back] == [g.name for g in GROUPS]
    by_number = {s.pairing_number: s.points for s in library}
    assert back.scores() == by_number


def test_every_page_answers_for_arbiter_and_visitor(
    client: Client, chief: User, consult: m.Event
) -> None:
    _played(client, chief, consult)
    pair = reverse("arbiter:pair", args=[consult.pk])
    for url in arbiter_urls(consult):
        r = client.get(url)
        if url == pair:  # every round is paired: back to the event, saying so
            assert r.status_code == 302 and r["Location"].endswith(f"/events/{consult.pk}/")
            continue
        assert r.status_code == 200, url
    visitor = Client()
    for url in public_urls(consult):
        r = visitor.get(url)
        assert r.status_code == 200, url
    page = visitor.get(reverse("public:standings", args=[consult.pk])).content.decode()
    assert all(g.name in page for g in GROUPS)
    # a group's page names its people; the crosstable is the groups' round-robin grid
    kiev = consult.players.get(name="Kiev")
    page = visitor.get(reverse("public:player", args=[consult.pk, kiev.number])).content.decode()
    assert "Leader: Popov · Consultants: Lebedev, Kozlov, Novikov · Intermediary: Morozov" in page
    assert tables.grid(consult) and len(tables.grid(consult)) == len(GROUPS)


# -- the group form, fuzzed ------------------------------------------------------------------

_names = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)


@hsettings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=_names,
    leader=_names,
    members=st.lists(_names, max_size=3),
    relay=_names,
)
def test_the_group_form_takes_a_group_or_says_why(
    name: str, leader: str, members: list[str], relay: str
) -> None:
    data = {"name": name, "leader": leader, "intermediary": relay}
    data.update(zip(GroupForm.MEMBERS, members, strict=False))
    form = GroupForm(data)
    if form.is_valid():
        group = group_from_text(form.cleaned_data["name"], form.cleaned_data["members"])
        assert 2 <= len(group.consultants) <= 4
        assert group.intermediary not in group.consultants
        assert form.registration()["members"] == members_text(group)
    else:
        assert form.errors


# -- in a browser, on a phone ----------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not shutil.which(CHROMIUM), reason=f"{CHROMIUM} missing")
def test_the_players_page_of_groups_on_a_phone(browser: Any, live_server: Any) -> None:
    """The players page of a tournament of groups at 400 px, in English and Russian: the
    group form and the groups' members shown, nothing wider than the screen."""
    chief = may_create_events(User.objects.create_user("consult", "", "consult-pw-1972"))
    ev = services.create_event(chief, name="Consultation games", system=CONSULTATION, rounds=3)
    for group in GROUPS:
        services.add_player(ev, chief, name=group.name, members=members_text(group))
    context = browser.new_context(locale="en-GB", viewport={"width": 400, "height": 800})
    page = context.new_page()
    base = live_server.url
    log_in(page, base, "consult", "consult-pw-1972")
    for language in ("en", "ru"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        page.goto(f"{base}/manage/events/{ev.pk}/players/")
        if not page.locator("#id_leader").is_visible():
            page.click("#register summary")
        assert page.locator("#id_leader").is_visible()
        assert page.locator("td.group-members").count() == len(GROUPS)
        assert page.locator("td.group-members").first.is_visible()
        wide = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert wide, language
        assert page.locator("html").get_attribute("lang") == language
        shot(page, f"consultation-players-400-{language}")
    context.close()
