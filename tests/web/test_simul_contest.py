"""A simul contest in the web app (Team Competitions 1972, «Необычные шахматы»: "сеансеры
выступают против одинакового числа примерно равных по силе участников ... можно принимать
результат самого быстрого сеанса за основу, а в остальных — снимать у сеансеров по пол-очка
... за каждые, скажем, 5 или 10 минут лишнего затраченного времени"): the exhibitors are the
event's players, each one's score and time recorded on the contest's page (or through the
API), checked by the library (:func:`chessarbiter.special.simul.contest_problems`) and ranked
by it (:func:`chessarbiter.special.simul.simul_contest`); nothing is paired; a recorded result
changes only when the arbiter confirms it."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.event_settings import (
    LOCKED_ONCE_RECORDED,
    SIMUL_CONTEST,
    EventSettings,
    event_problems,
)
from chessarbiter.model import Tournament
from chessarbiter.special.simul import (
    SimulResult,
    contest_problems,
    minutes_text,
    parse_minutes,
    result_problems,
    simul_contest,
)
from chessarbiter.stored_event import stored_event_problems
from chessarbiter.web.api.tokens import create_token
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, simul, store

from .conftest import login
from .test_event_form_systems import _create
from .test_import_real_files import arbiter_urls, public_urls

#: Three exhibitors against 20 opponents each: (name, score, time).
RESULTS = [("Tal", "15", "2:35"), ("Petrosian", "17", "3:15"), ("Smyslov", "16½", "2:50")]


@pytest.fixture
def contest(chief: User, arbiter: User, viewer: User) -> m.Event:
    ev = services.create_event(
        chief, name="Simul contest", system=SIMUL_CONTEST, simul_boards=20, simul_per_minutes=5
    )
    m.Event.objects.filter(pk=ev.pk).update(public=True)
    services.add_players(ev, chief, [{"name": n, "rating": 2600} for n, _s, _t in RESULTS])
    m.Role.objects.create(event=ev, user=arbiter, kind=m.Role.Kind.ARBITER)
    m.Role.objects.create(event=ev, user=viewer, kind=m.Role.Kind.VIEWER)
    ev.refresh_from_db()
    return ev


def _post(client: Client, ev: m.Event, number: int, score: str, minutes: str, **extra: str) -> Any:
    return client.post(
        reverse("arbiter:simul_result", args=[ev.pk, number]),
        {"score": score, "minutes": minutes, **extra},
    )


def _messages(r: Any) -> list[str]:
    return [str(x) for x in get_messages(r.wsgi_request)]


def _recorded(client: Client, ev: m.Event) -> None:
    for number, (_name, score, minutes) in enumerate(RESULTS, start=1):
        r = _post(client, ev, number, score, minutes)
        assert r.status_code == 302 and _messages(r)[-1] == "Saved.", _messages(r)


# -- the library's rules, as the web reads them ----------------------------------------------


def test_the_system_and_its_settings_are_the_librarys() -> None:
    assert event_problems(EventSettings(system=SIMUL_CONTEST, simul_boards=20)) == {}
    assert event_problems(EventSettings(system=SIMUL_CONTEST, simul_boards=0)) == {
        "simul_boards": "simul boards must be between 1 and 1000 (got 0)"
    }
    assert "simul_per_minutes" in event_problems(EventSettings(simul_per_minutes=0))
    assert LOCKED_ONCE_RECORDED == ("system", "simul_boards")
    # Team Competitions 1972: the same number of opponents for all; a score of game points
    assert result_problems(SimulResult("Tal", Decimal("20.5"), 155, 20)) == [
        "Tal: 20.5 points on 20 boards"
    ]
    assert result_problems(SimulResult("Tal", Decimal("15.25"), 155)) == [
        "Tal: score 15.25 is not a multiple of ½"
    ]
    two = [SimulResult("A", Decimal(1), 10, 20), SimulResult("B", Decimal(1), 10, 19)]
    assert contest_problems(two)[0].startswith("exhibitors must play the same number")
    assert contest_problems(two[:1]) == []  # one result so far: a contest in progress
    assert stored_event_problems(None, None, Tournament(), two) == contest_problems(two)
    assert minutes_text(155) == "2:35" and parse_minutes(minutes_text(155)) == 155


# -- the contest, from the event form to the standings ---------------------------------------


def test_the_form_makes_a_contest_and_the_arbiter_ranks_it(client: Client, chief: User) -> None:
    login(client, chief)
    ev = _create(
        client,
        name="Simul contest 1972",
        system=SIMUL_CONTEST,
        simul_boards="20",
        simul_per_minutes="5",
    )
    assert (ev.system, ev.simul_boards, ev.simul_per_minutes) == (SIMUL_CONTEST, 20, 5)
    for name, _score, _time in RESULTS:
        r = client.post(
            reverse("arbiter:players", args=[ev.pk]), {"name": name, "entry_stage": "1"}
        )
        assert r.status_code == 302, r.context["form"].errors
    page = client.get(reverse("arbiter:simul", args=[ev.pk])).content.decode()
    assert "20 boards each" in page and "½ point off per 5 minutes" in page
    assert page.count('name="score"') == 3 and "The standings appear once two" in page
    _recorded(client, ev)
    stored = [(p.simul_score, p.simul_minutes) for p in ev.players.order_by("number")]
    assert stored == [(Decimal("15.0"), 155), (Decimal("17.0"), 195), (Decimal("16.5"), 170)]
    # the library's ranking: the fastest simul (Tal, 2:35) the base; Smyslov 15 minutes over,
    # three periods of 5: 1½ off; Petrosian 40 over, eight periods: 4 off
    ranked = simul_contest(
        [
            SimulResult("Tal", Decimal(15), 155, 20),
            SimulResult("Petrosian", Decimal(17), 195, 20),
            SimulResult("Smyslov", Decimal("16.5"), 170, 20),
        ],
        5,
    )
    expected = [(s.place, s.exhibitor, s.adjusted) for s in ranked]
    assert expected == [
        (1, "Tal", Decimal("15.0")),
        (1, "Smyslov", Decimal("15.0")),
        (3, "Petrosian", Decimal("13.0")),
    ]
    rows = simul.contest(ev).rows
    assert [(r.place, r.player.name, r.adjusted) for r in rows] == expected
    assert [(r.extra_minutes, r.deduction) for r in rows] == [
        (0, Decimal("0.0")),
        (15, Decimal("1.5")),
        (40, Decimal("4.0")),
    ]
    page = client.get(reverse("arbiter:simul", args=[ev.pk])).content.decode()
    table = page.split('id="simul-standings"', 1)[1].split("</table>", 1)[0]
    assert table.index("Tal") < table.index("Smyslov") < table.index("Petrosian")
    assert "−4" in table and "16½" in table and "3:15" in table
    # the public page: the same standings, linked from the event's menu
    m.Event.objects.filter(pk=ev.pk).update(public=True)
    visitor = Client()
    public = visitor.get(reverse("public:event", args=[ev.pk])).content.decode()
    assert 'id="simul-standings"' in public and "Simul contest" in public
    table = public.split('id="simul-standings"', 1)[1].split("</table>", 1)[0]
    assert table.index("Tal") < table.index("Smyslov") < table.index("Petrosian")
    assert visitor.get(reverse("public:standings", args=[ev.pk])).status_code == 200
    # a changed period ranks the stored results afresh (10 minutes: Smyslov ½ off, Petrosian 2)
    ev = services.update_event(ev, chief, simul_per_minutes=10)
    assert [(r.place, r.player.name, r.adjusted) for r in simul.contest(ev).rows] == [
        (1, "Smyslov", Decimal("16.0")),
        (2, "Tal", Decimal("15.0")),
        (2, "Petrosian", Decimal("15.0")),
    ]


@pytest.mark.parametrize(
    ("score", "minutes", "words"),
    [
        ("21", "2:35", "21 points on 20 boards"),
        ("15.25", "2:35", "is not a multiple of ½"),
        ("-1", "2:35", "is not a multiple of ½"),
        ("fifteen", "2:35", "bad score 'fifteen'"),
        ("15", "2:75", "bad time '2:75'"),
        ("15", "", "Give both the score and the time"),
        ("", "155", "Give both the score and the time"),
        ("1" * 40, "155", "at most 32 characters"),
    ],
)
def test_a_bad_result_is_refused_in_the_librarys_words(
    client: Client, chief: User, contest: m.Event, score: str, minutes: str, words: str
) -> None:
    login(client, chief)
    version = m.Event.objects.get(pk=contest.pk).version
    r = _post(client, contest, 1, score, minutes)
    assert r.status_code == 302
    assert any(words in x for x in _messages(r)), _messages(r)
    player = contest.players.get(number=1)
    assert (player.simul_score, player.simul_minutes) == (None, None)
    assert m.Event.objects.get(pk=contest.pk).version == version  # nothing stored, no audit


def test_a_recorded_result_changes_only_when_the_arbiter_confirms(
    client: Client, arbiter: User, contest: m.Event
) -> None:
    login(client, arbiter)
    assert _post(client, contest, 1, "15", "155").status_code == 302
    # the same result again: nothing to confirm, nothing changed
    r = _post(client, contest, 1, "15", "2:35")
    assert _messages(r)[-1] == "Saved."
    r = _post(client, contest, 1, "16", "155")
    assert _messages(r)[-1] == (
        "1. Tal already has a result recorded (15 / 2:35): confirm to replace or clear it."
    )
    assert contest.players.get(number=1).simul_score == Decimal(15)
    page = client.get(reverse("arbiter:simul", args=[contest.pk])).content.decode()
    assert 'name="replace"' in page
    r = _post(client, contest, 1, "16", "155", replace="1")
    assert _messages(r)[-1] == "Saved."
    assert contest.players.get(number=1).simul_score == Decimal(16)
    entry = m.AuditEntry.objects.filter(event=contest, action="simul.result").latest("pk")
    assert entry.data == {"player": 1, "old": "15 / 2:35", "new": "16 / 2:35"}
    # cleared only when confirmed too
    _post(client, contest, 1, "", "")
    assert contest.players.get(number=1).simul_score == Decimal(16)
    _post(client, contest, 1, "", "", replace="1")
    assert contest.players.get(number=1).simul_score is None


def test_settings_that_judged_the_results_are_fixed_once_one_is_recorded(
    client: Client, chief: User, contest: m.Event
) -> None:
    login(client, chief)
    _post(client, contest, 1, "15", "155")
    for change in ({"simul_boards": 30}, {"system": "swiss"}):
        with pytest.raises(services.ServiceError, match="cannot change once an exhibitor"):
            services.update_event(contest, chief, **change)
    page = client.get(reverse("arbiter:settings", args=[contest.pk])).content.decode()
    assert "fixed once an exhibitor&#x27;s result is recorded" in page
    services.update_event(contest, chief, simul_per_minutes=10)  # only ranks: editable
    # an exhibitor with a result is not removed; without one he is
    with pytest.raises(services.ServiceError, match="has a simul result recorded"):
        services.delete_player(contest.players.get(number=1), chief)
    services.delete_player(contest.players.get(number=3), chief)


def test_a_score_beyond_the_boards_is_refused_however_it_comes(
    chief: User, contest: m.Event
) -> None:
    """The stored event's one check reads the contest: a score written past the service
    (by hand, an older version) is refused at the next change, and the pages say why."""
    with pytest.raises(ChessArbiterError, match="21 points on 20 boards"):
        simul.record_result(contest.players.get(number=1), chief, "21", "155")
    m.Player.objects.filter(event=contest, number=1).update(simul_score=25, simul_minutes=100)
    m.Player.objects.filter(event=contest, number=2).update(simul_score=10, simul_minutes=100)
    with pytest.raises(ChessArbiterError, match=r"1\. Tal: 25 points on 20 boards"):
        simul.record_result(contest.players.get(number=3), chief, "10", "155")
    assert simul.contest(contest).problem == "1. Tal: 25 points on 20 boards"
    assert contest.players.get(number=3).simul_score is None


def test_nothing_is_paired_and_the_round_pages_send_the_arbiter_to_the_contest(
    client: Client, chief: User, contest: m.Event
) -> None:
    login(client, chief)
    for name in ("arbiter:pair", "arbiter:standings", "arbiter:crosstable"):
        r = client.get(reverse(name, args=[contest.pk]))
        assert r.status_code == 302 and r["Location"] == reverse("arbiter:simul", args=[contest.pk])
    with pytest.raises(services.ServiceError, match="A simul contest is not paired"):
        services.pair_next_round(contest, chief)
    page = client.get(reverse("arbiter:event", args=[contest.pk])).content.decode()
    assert "Pair round" not in page and reverse("arbiter:simul", args=[contest.pk]) in page
    assert (
        reverse("public:crosstable", args=[contest.pk])
        not in Client().get(reverse("public:event", args=[contest.pk])).content.decode()
    )


def test_a_viewer_reads_the_contest_and_cannot_record(
    client: Client, viewer: User, contest: m.Event
) -> None:
    login(client, viewer)
    page = client.get(reverse("arbiter:simul", args=[contest.pk])).content.decode()
    assert 'name="score"' not in page and "Tal" in page
    assert _post(client, contest, 1, "15", "155").status_code == 403
    assert contest.players.get(number=1).simul_score is None


def test_an_archived_contest_takes_no_result(chief: User, contest: m.Event) -> None:
    services.archive_event(contest, chief)
    with pytest.raises(services.ServiceError, match="archived"):
        simul.record_result(contest.players.get(number=1), chief, "15", "155")


def test_every_page_answers_for_arbiter_and_visitor(
    client: Client, chief: User, contest: m.Event
) -> None:
    login(client, chief)
    _recorded(client, contest)
    own_page = reverse("arbiter:simul", args=[contest.pk])
    for url in [*arbiter_urls(contest), own_page]:
        r = client.get(url)
        if r.status_code == 302:  # a page of rounds (pairing, standings, breakdown...)
            assert r["Location"] == own_page, url
            continue
        assert r.status_code == 200, url
    visitor = Client()
    for url in public_urls(contest):
        r = visitor.get(url)
        if url == reverse("public:crosstable", args=[contest.pk]):
            assert r.status_code == 302, url  # no games: the contest's own page
            continue
        assert r.status_code == 200, url


# -- the API ---------------------------------------------------------------------------------


def test_the_api_records_and_ranks_as_the_page(chief: User, contest: m.Event) -> None:
    api = Client(HTTP_AUTHORIZATION=f"Bearer {create_token(chief, 'test')}")
    base = f"/api/events/{contest.pk}"

    def put(number: int, **body: Any) -> Any:
        return api.put(f"{base}/simul/{number}", json.dumps(body), content_type="application/json")

    for number, (_name, score, minutes) in enumerate(RESULTS, start=1):
        r = put(number, score=score, minutes=minutes)
        assert r.status_code == 200, r.content
    assert r.json() == {"number": 3, "name": "Smyslov", "score": "16.5", "minutes": 170}
    r = put(1, score="16", minutes="155")
    assert r.status_code == 409 and "confirm to replace" in r.json()["detail"]
    r = put(1, score="25", minutes="155", replace=True)
    assert r.status_code == 400 and "25 points on 20 boards" in r.json()["detail"]
    assert put(9, score="1", minutes="1").status_code == 404
    body = api.get(f"{base}/simul").json()
    assert [(x["place"], x["name"], x["adjusted"]) for x in body["rows"]] == [
        (1, "Tal", "15.0"),
        (1, "Smyslov", "15.0"),
        (3, "Petrosian", "13.0"),
    ]
    assert body["pending"] == [] and (body["boards"], body["per_minutes"]) == (20, 5)
    r = api.get(f"{base}/standings")
    assert r.status_code == 400 and "simul contest" in r.json()["detail"]
    r = api.post(f"{base}/rounds/next")
    assert r.status_code in (400, 409) and "not paired" in r.json()["detail"]
    # a platform makes a contest as the form does; the library's bounds refuse a bad one
    r = api.post(
        "/api/events",
        json.dumps({"name": "API simul", "system": "simul-contest", "simul_boards": 12}),
        content_type="application/json",
    )
    assert r.status_code == 201, r.content
    made = m.Event.objects.get(pk=r.json()["id"])
    assert (made.system, made.simul_boards, made.simul_per_minutes) == (SIMUL_CONTEST, 12, 5)
    r = api.post(
        "/api/events",
        json.dumps({"name": "Bad simul", "system": "simul-contest", "simul_per_minutes": 0}),
        content_type="application/json",
    )
    assert r.status_code in (400, 422) and not m.Event.objects.filter(name="Bad simul").exists()


# -- the record, fuzzed ----------------------------------------------------------------------

_text = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)


@hsettings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    score=st.one_of(_text, st.decimals(-50, 50, places=2).map(str)),
    minutes=st.one_of(_text, st.integers(-5, 10**6).map(str)),
)
def test_a_typed_result_is_stored_whole_or_refused_with_a_reason(
    contest_db: tuple[m.Event, User], score: str, minutes: str
) -> None:
    ev, chief = contest_db
    player = ev.players.get(number=1)
    try:
        simul.record_result(player, chief, score, minutes, replace=True)
    except ChessArbiterError as e:
        assert str(e)
        player.refresh_from_db()
    else:
        player.refresh_from_db()
    assert contest_problems(store.simul_results(ev)) == []
    assert (player.simul_score is None) == (player.simul_minutes is None)


@pytest.fixture
def contest_db(contest: m.Event, chief: User) -> tuple[m.Event, User]:
    return contest, chief


def test_no_page_of_the_event_fails(client: Client, chief: User, contest: m.Event) -> None:
    """Every address of the arbiter's and the public site that takes the event alone answers
    (a page, a redirect to the contest, or "not found" for a page of another kind of event),
    never a server error."""
    from chessarbiter.web.arbiter import urls as arbiter_urlconf
    from chessarbiter.web.public import urls as public_urlconf

    login(client, chief)
    _recorded(client, contest)
    visitor = Client()
    seen = 0
    for urlconf, who in ((arbiter_urlconf, client), (public_urlconf, visitor)):
        for pattern in urlconf.urlpatterns:
            if set(pattern.pattern.converters) != {"event_id"}:
                continue
            url = reverse(f"{urlconf.app_name}:{pattern.name}", kwargs={"event_id": contest.pk})
            r = who.get(url)
            assert r.status_code in (200, 302, 404, 405), (url, r.status_code)
            seen += 1
    assert seen >= 30


def test_an_exhibitor_with_a_result_stays_in_his_contest(chief: User, contest: m.Event) -> None:
    """A player moves between sections only before either is under way (the library's
    :func:`chessarbiter.sections.move_problem`): a simul contest is, once a result is
    recorded; before that an exhibitor moves like any player."""
    other = services.add_section(contest.festival, chief, name="Open", rounds=5)
    services.move_player(contest.players.get(number=3), other, chief)  # nothing recorded yet
    simul.record_result(contest.players.get(number=1), chief, "15", "155")
    tal = contest.players.get(number=1)
    with pytest.raises(services.ServiceError, match="an exhibitor's result is recorded"):
        services.move_player(tal, other, chief)
    tal.refresh_from_db()
    assert (tal.event_id, tal.simul_score) == (contest.pk, Decimal(15))
    with pytest.raises(services.ServiceError, match="an exhibitor's result is recorded"):
        services.move_player(other.players.get(), contest, chief)
