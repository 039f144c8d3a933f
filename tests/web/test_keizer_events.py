"""Keizer competitions in the web app (the Keizer club system): an event whose pairing rules are
a Keizer variant is paired by the library's Keizer engine with the event's own parameters, its
standings are the library's Keizer scores (never recomputed here), its settings go through
the library's validator, and it goes out to TRF and back."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.formatting import format_fraction, format_tiebreak
from chessarbiter.pairing.keizer.scoring import (
    ItemKind,
    KeizerRounding,
    KeizerSettingsError,
    keizer_scores,
    round_item,
    settings_of,
)
from chessarbiter.pairing.systems import pairing_rules
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store, tables

from .conftest import NAMES, login

PLAYERS = [*NAMES, ("Dekker, Kees", 1900), ("Jansen, Lotte", 1850)]
RESULTS = ("1-0", "=", "0-1", "1-0", "=")


def _season(chief: User, edition: str = "keizer-classic", rounds: int = 6) -> m.Event:
    ev = services.create_event(chief, name="Club season", rounds=rounds, edition=edition)
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in PLAYERS])
    ev.refresh_from_db()
    return ev


def _play(ev: m.Event, chief: User, number: int) -> m.Round:
    """Pair the next round and enter results, cycling through :data:`RESULTS`."""
    rnd = services.pair_next_round(ev, chief)
    for i, b in enumerate(rnd.boards.exclude(black=None)):
        services.set_result(b.pk, chief, RESULTS[(i + number) % len(RESULTS)])
    ev.refresh_from_db()
    return rnd


def _player(ev: m.Event, number: int) -> m.Player:
    return ev.players.get(number=number)


def _form(settings: Any, **changes: Any) -> dict[str, str]:
    """The settings form's fields for ``settings``, with ``changes``."""
    from chessarbiter.web.arbiter.keizer import KeizerSettingsForm

    data = {
        k: "" if v is None else str(v) for k, v in KeizerSettingsForm.initial_of(settings).items()
    }
    if not settings.self_victory:
        del data["self_victory"]
    data.update({k: str(v) for k, v in changes.items()})
    return data


def test_a_season_is_paired_and_ranked_by_the_library(client: Client, chief: User) -> None:
    """Twelve players, four rounds with results, an announced absence and club duty: every
    round is the engine's pairing of the stored event, and the standings are the library's
    Keizer ranking and scores of the stored tournament."""
    ev = _season(chief)
    services.set_bye_request(_player(ev, 5), chief, 3, "Z")  # announced absence
    services.set_bye_request(_player(ev, 6), chief, 2, "F")  # club duty
    for number in (1, 2, 3, 4):
        expected = store.pairing_rules(ev).pair(store.tournament(ev))
        rnd = _play(ev, chief, number)
        stored = [
            (b.white.number, b.black and b.black.number) for b in rnd.boards.exclude(black=None)
        ]
        assert stored == [(b.white, b.black) for b in expected.boards], number
    t = store.tournament(ev)
    assert round_item(t, t.player(5), 3).kind is ItemKind.EXCUSED
    assert round_item(t, t.player(6), 2).kind is ItemKind.CLUB_DUTY
    assert t.player(5).entry(3).opponent is None
    scored = keizer_scores(t, settings_of("classic"))
    names, rows, after = tables.standings_rows(ev)
    assert after == 4 and names == list(tables.KEIZER_COLUMNS)
    assert [r.number for r in rows] == list(scored.ranking)
    assert [r.place for r in rows] == [str(i) for i in range(1, len(PLAYERS) + 1)]
    for r in rows:
        score = scored.scores[r.number]
        assert abs(Fraction(r.tiebreaks[0]) - score) < Fraction(1, 10**20)  # 28 digits
        assert r.tiebreaks[1] == scored.values[r.number]
    # the own values of the absentee and of the club duty were scored, by the library
    assert rows[[r.number for r in rows].index(5)].tiebreaks[2] == 3  # three games of four
    page = login(client, chief).get(reverse("arbiter:standings", args=[ev.pk])).content.decode()
    assert "Keizer score" in page and "Ranked by Keizer score" in page
    # the pairing of round 5 proposed with the Keizer scores it ranks by
    preview = client.get(reverse("arbiter:pair", args=[ev.pk])).content.decode()
    top = scored.ranking[0]
    assert preview.count("Keizer score") == 2
    assert f'<td class="num">{format_fraction(scored.scores[top])}</td>' in preview
    explain = client.get(reverse("arbiter:explain", args=[ev.pk])).content.decode()
    assert "Keizer (classic) ranking after round 4" in explain and 'id="explain-lines"' in explain
    for name in ("crosstable", "start_list", "categories", "prizes", "team_ranking"):
        assert client.get(reverse(f"arbiter:{name}", args=[ev.pk])).status_code == 200, name
    assert client.get(reverse("arbiter:print", args=[ev.pk, "standings"])).status_code == 200
    csv = client.get(reverse("arbiter:export_list", args=[ev.pk, "standings", "csv"]))
    assert csv.status_code == 200 and b"Keizer" in csv.content
    breakdown = client.get(reverse("arbiter:breakdown", args=[ev.pk, 1])).content.decode()
    assert "A Keizer event has no tie-breaks" in breakdown
    settings_page = client.get(reverse("arbiter:settings", args=[ev.pk])).content.decode()
    assert 'name="tiebreaks"' not in settings_page and 'name="edition"' in settings_page
    player_page = client.get(
        reverse("arbiter:player", args=[ev.pk, _player(ev, 5).pk])
    ).content.decode()
    assert "announced absence" in player_page and "club duty" in player_page


def test_the_event_settings_pair_and_score(client: Client, chief: User) -> None:
    """Settings saved on the form are stored as changes from the variant's preset, read back
    through the validator, and used by the pairing and the standings."""
    ev = _season(chief)
    preset = settings_of("classic")
    login(client, chief)
    url = reverse("arbiter:keizer", args=[ev.pk])
    data = _form(preset, bye="1/2", excused="0,25", repeat_distance="", rounding="half-point")
    r = client.post(url, data)
    assert r.status_code == 302, r.content.decode()[-2000:]
    ev.refresh_from_db()
    assert ev.keizer_settings == {
        "bye": "1/2",
        "excused": "1/4",
        "repeat_distance": "none",
        "rounding": "half-point",
    }
    chosen = store.keizer_settings(ev)
    assert chosen.bye == Fraction(1, 2) and chosen.rounding is KeizerRounding.HALF_POINT
    assert chosen.repeat_distance is None
    for number in (1, 2, 3):
        expected = pairing_rules("keizer-classic", chosen).pair(store.tournament(ev))
        rnd = _play(ev, chief, number)
        assert [
            (b.white.number, b.black and b.black.number) for b in rnd.boards.exclude(black=None)
        ] == [(b.white, b.black) for b in expected.boards]
    scored = keizer_scores(store.tournament(ev), chosen)
    assert [r.number for r in tables.standings_rows(ev)[1]] == list(scored.ranking)
    # the preset restored: nothing stored
    assert client.post(url, {"reset": "1"}).status_code == 302
    ev.refresh_from_db()
    assert ev.keizer_settings == {}
    assert m.AuditEntry.objects.filter(event=ev, action="event.keizer").count() == 2


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"bye": "3"}, "bye", "Keizer setting bye must be between 0 and 2, not 3"),
        ({"step": "-1"}, "step", "Keizer setting step: give a whole number, not '-1'"),
        ({"top_value": "0"}, "top_value", "top_value must be between 1 and 100000, not 0"),
        ({"absence_limit": "1001"}, "absence_limit", "between 0 and 1000, not 1001"),
        ({"repeat_distance": "0"}, "repeat_distance", "between 1 and 1000, not 0"),
        ({"draw": "1/0"}, "draw", "draw: give a fraction such as 2/3 or 0.35, not '1/0'"),
        ({"loss": "1e9"}, "loss", "loss: give a fraction such as 2/3 or 0.35, not '1e9'"),
        ({"absent": "1234567/2"}, "absent", "absent must be between 0 and 2, not 1234567/2"),
        ({"top_value": "5"}, "step", "gives place 12 the negative value -6"),
        ({"rounding": "up"}, "rounding", "Select a valid choice"),
        ({"step": "9" * 12}, "step", "step: give a whole number, not '999999999999'"),
        ({"step": "9" * 30}, "step", "at most 20 characters"),
        ({"step": "100001"}, "step", "step must be between 0 and 100000, not 100001"),
    ],
)
def test_the_settings_form_refuses_out_of_bounds_values(
    client: Client, chief: User, changes: dict[str, str], field: str, message: str
) -> None:
    ev = _season(chief)
    version = ev.version
    r = login(client, chief).post(
        reverse("arbiter:keizer", args=[ev.pk]), _form(settings_of("classic"), **changes)
    )
    assert r.status_code == 200
    errors = r.context["form"].errors
    assert field in errors and message in " ".join(errors[field]), errors
    assert message in r.content.decode().replace("&#x27;", "'")
    ev.refresh_from_db()
    assert ev.keizer_settings == {} and ev.version == version


def test_settings_only_for_keizer_and_only_by_the_chief(
    client: Client, chief: User, arbiter: User
) -> None:
    swiss = services.create_event(chief, name="Open", rounds=5)
    r = login(client, chief).get(reverse("arbiter:keizer", args=[swiss.pk]))
    assert r.status_code == 302
    with pytest.raises(services.ServiceError, match="Only a Keizer event"):
        services.set_keizer_settings(swiss, chief, settings_of("classic"))
    ev = _season(chief)
    m.Role.objects.create(event=ev, user=arbiter, kind=m.Role.Kind.ARBITER)
    assert login(client, arbiter).get(reverse("arbiter:keizer", args=[ev.pk])).status_code == 403


def test_stored_settings_the_library_refuses_are_shown_not_a_server_error(
    client: Client, chief: User
) -> None:
    ev = _season(chief)
    m.Event.objects.filter(pk=ev.pk).update(keizer_settings={"bye": "9"})
    login(client, chief)
    page = client.get(reverse("arbiter:standings", args=[ev.pk]))
    assert page.status_code == 200
    assert "Keizer setting bye must be between 0 and 2, not 9" in page.content.decode()
    form = client.get(reverse("arbiter:keizer", args=[ev.pk]))
    assert form.status_code == 200 and 'id="problem"' in form.content.decode()
    pair = client.get(reverse("arbiter:pair", args=[ev.pk]), follow=True)
    assert pair.status_code == 200 and "not 9" in pair.content.decode()
    with pytest.raises(ChessArbiterError, match="bye must be between 0 and 2, not 9"):
        services.pair_next_round(ev, chief)
    for stored, message in (
        ({"colour": "1"}, "unknown Keizer setting 'colour'"),
        ({"draw": 0.5}, "not a mapping of texts"),
        ({"step": "x"}, "step: give a whole number, not 'x'"),
        ([1, 2], "not a mapping"),
    ):
        m.Event.objects.filter(pk=ev.pk).update(keizer_settings=stored)
        ev.refresh_from_db()
        with pytest.raises(ChessArbiterError, match=re.escape(message)):
            services.pair_next_round(ev, chief)
        assert client.get(reverse("public:standings", args=[ev.pk])).status_code == 200
    assert not ev.round_set.exists()


def test_the_trf_round_trip(chief: User) -> None:
    """No TRF-2026 code names Keizer: it is written ``192 CUSTOM_SWISS`` with ``092 Keizer``
    (chesspairing's tournament type) and read back as a Keizer event, its rounds and results
    whole; the event's own parameters are not carried, and the export says so."""
    ev = _season(chief)
    services.set_bye_request(_player(ev, 4), chief, 2, "Z")
    for number in (1, 2, 3):
        _play(ev, chief, number)
    text, losses = services.export_trf(ev)
    assert "\n192 CUSTOM_SWISS" in text and "\n092 Keizer" in text
    assert not any("Keizer" in x for x in losses)
    notes: list[str] = []
    again = services.import_trf(chief, text, "season.trf", notes)
    assert again.edition == "keizer-classic" and again.keizer_scored()
    assert any("record 092" in n for n in notes)
    assert services.export_trf(again)[0] == text
    assert [r.number for r in tables.standings_rows(again)[1]] == [
        r.number for r in tables.standings_rows(ev)[1]
    ]
    services.set_keizer_settings(ev, chief, settings_of("knsb"))
    ev.refresh_from_db()
    assert any("Keizer settings" in x for x in services.export_trf(ev)[1])


def test_the_public_pages_and_their_cache(client: Client, chief: User) -> None:
    ev = _season(chief)
    _play(ev, chief, 1)
    url = reverse("public:standings", args=[ev.pk])
    first = client.get(url)
    assert first.status_code == 200 and "Keizer score" in first.content.decode()
    table = first.content.decode().partition('<table id="standings"')[2]
    assert table and table in client.get(url).content.decode()  # the visitors' cache
    for name, args in (("event", [ev.pk]), ("round", [ev.pk, 1]), ("crosstable", [ev.pk])):
        assert client.get(reverse(f"public:{name}", args=args)).status_code == 200, name
    assert client.get(reverse("public:standings_after", args=[ev.pk, 1])).status_code == 200
    before = tables.standings_rows(ev)[1]
    services.set_keizer_settings(ev, chief, settings_of("freekeizer"))
    ev.refresh_from_db()
    after = tables.standings_rows(ev)[1]
    assert [r.tiebreaks[0] for r in after] != [r.tiebreaks[0] for r in before]
    # a change of settings is a new version: the visitors see the new standings
    page = client.get(url).content.decode()
    assert page != first.content.decode()
    assert f"<strong>{format_tiebreak(after[0].tiebreaks[0])}</strong>" in page


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
_NAMES = st.sampled_from(
    ["bye", "draw", "step", "top_value", "rounding", "recompute", "repeat_distance", "colour"]
)
_TEXT = st.text(alphabet="0123456789/.,- enoxtru", max_size=24) | st.text(max_size=24)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(_NAMES, _JSON | st.from_regex(r"\d{1,3}/\d{1,3}", fullmatch=True)) | _JSON)
def test_stored_settings_are_read_or_refused_precisely(stored: Any) -> None:
    """Whatever ``Event.keizer_settings`` holds, it is read by the library or refused with
    :class:`KeizerSettingsError`, never another exception; what is read writes back the
    same."""
    preset = settings_of("classic")
    try:
        chosen = store.keizer_settings(m.Event(edition="keizer-classic", keizer_settings=stored))
    except KeizerSettingsError:
        return
    again = m.Event(edition="keizer-classic", keizer_settings=store.keizer_changes(preset, chosen))
    assert store.keizer_settings(again) == chosen


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["top_value", "step", "draw", "bye", "absence_limit"]), _TEXT)
)
def test_the_settings_form_reads_any_text_or_says_why(typed: dict[str, str]) -> None:
    """Whatever is typed, the form either gives settings the library accepts or puts a
    message beside a field; it never raises."""
    from chessarbiter.web.arbiter.keizer import KeizerSettingsForm

    preset = settings_of("classic")
    form = KeizerSettingsForm(_form(preset, **typed), base=preset, players=12)
    if form.is_valid():
        assert form.settings is not None
        assert form.settings.value_numbers(12)[-1] >= 0
    else:
        assert form.settings is None and form.errors


def test_parameters_off_the_form_are_kept(client: Client, chief: User) -> None:
    """The form changes the usual parameters over the event's current ones: a parameter it
    does not show (here chesspairing's decaying absences) stays as stored."""
    ev = _season(chief)
    m.Event.objects.filter(pk=ev.pk).update(keizer_settings={"absence_decay": "true"})
    current = store.keizer_settings(m.Event.objects.get(pk=ev.pk))
    url = reverse("arbiter:keizer", args=[ev.pk])
    r = login(client, chief).post(url, _form(current, step=2, top_value=30))
    assert r.status_code == 302
    ev.refresh_from_db()
    assert ev.keizer_settings == {"absence_decay": "true", "step": "2", "top_value": "30"}
