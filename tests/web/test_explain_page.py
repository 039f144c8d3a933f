"""The arbiter's page "why this pairing" (``chessarbiter.web.arbiter.explain``): one folded
section per bracket, and the question "why was X paired with Y / why not with Z", which names
the criterion and opens X's bracket; bounded input, answered in the form, never a 500."""

from __future__ import annotations

import re
import types
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, include, path, resolve, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.web import urls as root_urls
from chessarbiter.web.arbiter import explain as explain_view
from chessarbiter.web.arbiter import urls as arbiter_urls
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import import_real_open, login, play_round


def _urlconf() -> types.ModuleType:
    """The site's addresses with ``arbiter:explain`` served by the new view (until the
    project's own address list points there)."""
    arbiter_patterns: list[URLPattern | URLResolver] = [
        path(str(p.pattern), explain_view.explain, name="explain")
        if getattr(p, "name", None) == "explain"
        else p
        for p in arbiter_urls.urlpatterns
    ]
    patterns: list[Any] = [
        path("manage/", include((arbiter_patterns, "arbiter")))
        if str(getattr(p, "pattern", "")) == "manage/"
        else p
        for p in root_urls.urlpatterns
    ]
    module = types.ModuleType("explain_page_urls")
    for name in dir(root_urls):
        if name.startswith("handler"):
            setattr(module, name, getattr(root_urls, name))
    module.urlpatterns = patterns  # type: ignore[attr-defined]
    return module


URLCONF = _urlconf()


@pytest.fixture(autouse=True)
def wired(settings: Any, db: Any) -> Iterator[None]:
    if resolve(reverse("arbiter:explain", args=[1])).func is not explain_view.explain:
        settings.ROOT_URLCONF = URLCONF
    yield


def page(client: Client, event: m.Event, **query: str) -> str:
    r = client.get(reverse("arbiter:explain", args=[event.pk]), query)
    assert r.status_code == 200
    return r.content.decode()


@pytest.fixture
def round_two(event: m.Event, chief: User) -> m.Event:
    """The ten-player club Swiss after round 1 (higher-rated players won)."""
    play_round(event, chief)
    return event


def opened(html: str) -> list[str]:
    return re.findall(r'<details id="(bracket-\d+)" open>', html)


def test_viewer_reads_the_folded_brackets(client: Client, round_two: m.Event, viewer: User) -> None:
    login(client, viewer)
    html = page(client, round_two)
    brackets = re.findall(r'<details id="bracket-(\d+)"', html)
    assert brackets and brackets == [str(i) for i in range(len(brackets))]
    assert not opened(html)  # closed by default
    assert "<summary>Bracket 1.0 points — 5 players, 2 pairs, 1 floater</summary>" in html
    assert "Petrova, Anna" in html and 'id="why-form"' in html
    assert "Round 2, FIDE (Dutch) system, 2026 rules: 10 players to pair in" in html


def test_why_by_number_names_the_criterion_and_opens_his_bracket(
    client: Client, round_two: m.Event, viewer: User
) -> None:
    login(client, viewer)
    html = page(client, round_two, player="1", other="2")
    assert 'id="why"' in html
    why = html[html.index('id="why"') :]
    assert "Why 1 (Petrova, Anna): Bracket 1.0 points, paired with" in why
    assert "why not 2:" in why
    assert opened(html) == ["bracket-0"]
    alone = page(client, round_two, player="1")
    assert "Why 1 (Petrova, Anna)" in alone and "why not" not in alone.split("<details")[0]


def test_why_by_name(client: Client, round_two: m.Event, viewer: User) -> None:
    login(client, viewer)
    html = page(client, round_two, player="  petrova ", other="Berg, Jonas")
    assert "Why 1 (Petrova, Anna)" in html and "why not 10:" in html
    # a part that fits several players: the form names them
    html = page(client, round_two, player="ov")
    assert (
        "Several players&#x27; names contain “ov” (1 Petrova, Anna; 2 Smirnov, Boris; 4 Volkov, "
        "Daniil; 5 Novak, Elena; 6 Orlov, Fyodor; …): give the pairing number." in html
    )
    assert 'id="why"' not in html and '<details id="bracket-0">' in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"player": "0"}, "A pairing number is from 1 to 10000."),
        ({"player": "99999999999999"}, "A pairing number is from 1 to 10000."),
        ({"player": "11"}, "No player has the pairing number 11."),
        ({"player": "Kasparov"}, "No player&#x27;s name contains “Kasparov”."),
        ({"player": "x" * 101}, "at most 100 characters"),
        ({"other": "3"}, "Name the first player too."),
        ({"player": "3", "other": "3"}, "Name two different players."),
    ],
)
def test_bad_questions_are_answered_in_the_form(
    client: Client, round_two: m.Event, viewer: User, query: dict[str, str], message: str
) -> None:
    login(client, viewer)
    html = page(client, round_two, **query)
    assert message in html and 'id="why"' not in html
    assert "<details" in html  # the overview still shows


def test_a_player_out_of_the_round_is_said_so(
    client: Client, round_two: m.Event, chief: User, viewer: User
) -> None:
    services.withdraw_player(round_two.players.get(number=3), chief)
    login(client, viewer)
    html = page(client, round_two, player="3")
    assert "player 3 is not paired in round 2" in html
    assert 'id="why"' not in html and "<details" in html
    assert "Keller, Clara" not in html.split('id="why-form"')[1]  # not in any bracket


def test_a_knockout_event_is_sent_to_its_bracket(
    client: Client, chief: User, round_two: m.Event
) -> None:
    login(client, chief)
    m.Event.objects.filter(pk=round_two.pk).update(system=m.Event.System.KNOCKOUT)
    r = client.get(reverse("arbiter:explain", args=[round_two.pk]))
    assert r.status_code == 302 and r["Location"] == reverse(
        "arbiter:knockout", args=[round_two.pk]
    )


def test_nobody_without_a_role(client: Client, round_two: m.Event) -> None:
    stranger = User.objects.create_user("stranger", "", "pw-stranger-123")
    login(client, stranger)
    assert client.get(reverse("arbiter:explain", args=[round_two.pk])).status_code == 404


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.dictionaries(
        st.sampled_from(["player", "other", "x"]),
        st.one_of(
            st.text(max_size=120),
            st.integers(-5, 20).map(str),
            st.sampled_from(["Berg", "ov", "1e3", "٣", "0x1", " 7 "]),
        ),
        max_size=3,
    )
)
def test_no_query_string_makes_a_server_error(
    client: Client, round_two: m.Event, viewer: User, query: dict[str, str]
) -> None:
    login(client, viewer)
    client.raise_request_exception = False
    r = client.get(reverse("arbiter:explain", args=[round_two.pk]), query)
    assert r.status_code == 200
    assert "<details" in r.content.decode()


def test_the_real_open(client: Client, chief: User) -> None:
    """The 284-player open: a readable page (folded, a fraction of the plain text's size),
    and the question answered."""
    ev = import_real_open(client, chief, rounds=9)
    html = page(client, ev)
    size = len(html.encode())
    assert size < 200_000, size
    brackets = len(re.findall(r"<details ", html))
    assert brackets > 5 and not opened(html)
    first = re.search(r"<li>(\d+) – (\d+)", html)
    assert first is not None
    html = page(client, ev, player=first.group(2))
    assert f"Why {first.group(2)} (" in html and len(opened(html)) == 1
