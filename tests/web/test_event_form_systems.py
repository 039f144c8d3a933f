"""The new-event form shows the settings of the chosen system (a script hides the others;
without it every field is there), and its tie-breaks default per system from the library
(:func:`chessarbiter.event_settings.default_tiebreaks`): a round robin never Buchholz."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.event_settings import DEFAULT_TIEBREAKS, default_tiebreaks
from chessarbiter.web.arbiter.forms import EventForm
from chessarbiter.web.events import models as m

from .conftest import login, may_create_events

pytestmark = pytest.mark.django_db

#: Per system, fields shown and fields hidden (a sample of each group).
SHOWN = {
    "swiss": (
        {"rounds", "edition", "acceleration", "win_points", "bye_points", "tiebreaks"},
        {"boards_per_team", "knockout_scheme", "cup_legs", "team_tiebreaks"},
    ),
    "roundrobin": (
        {"rounds", "win_points", "tiebreaks"},
        {"edition", "acceleration", "bye_points", "boards_per_team", "knockout_scheme"},
    ),
    "knockout": (
        {"knockout_scheme", "match_format", "lot_seed"},
        {"rounds", "tiebreaks", "edition", "boards_per_team", "cup_legs"},
    ),
    "team-rr": (
        {"boards_per_team", "team_score", "team_tiebreaks", "reserve_regime", "tiebreaks"},
        {"team_pairing", "edition", "knockout_scheme", "cup_legs"},
    ),
    "team-swiss": (
        {"boards_per_team", "team_pairing", "team_tiebreaks", "initial_colour", "bye_points"},
        {"edition", "knockout_scheme", "cup_legs"},
    ),
    "team-cup": (
        {"boards_per_team", "cup_legs", "cup_drawn_match", "lot_seed"},
        {"rounds", "tiebreaks", "team_pairing", "edition", "knockout_scheme", "match_format"},
    ),
    "simul-contest": (
        {"simul_boards", "simul_per_minutes"},
        {"rounds", "tiebreaks", "win_points", "boards_per_team", "knockout_scheme", "cup_legs"},
    ),
}


def _shown_for(form: EventForm, system: str) -> set[str]:
    """The fields the page's script leaves visible for ``system``: those of every fieldset
    naming it (or naming none), unless the field itself names other systems."""
    shown: set[str] = set()
    for group in form.fieldsets():
        if group["systems"] and system not in group["systems"].split():
            continue
        for field, systems in group["rows"]:
            if not systems or system in systems.split():
                shown.add(field.name)
    return shown


def test_every_system_of_the_select_is_covered() -> None:
    values = {v for v, _ in m.Event.System.choices}
    assert set(SHOWN) <= values  # another helper may add systems: they show every field


@pytest.mark.parametrize("system", sorted(SHOWN))
def test_each_system_shows_its_settings_and_hides_the_others(system: str) -> None:
    form = EventForm()
    shown = _shown_for(form, system)
    wanted, hidden = SHOWN[system]
    assert wanted <= shown, wanted - shown
    assert not hidden & shown, hidden & shown
    assert {"name", "system", "time_control", "start_date"} <= shown


def test_every_field_of_the_form_is_in_a_group() -> None:
    """A field in no group (added to the form later) joins the first group, shown for all."""
    form = EventForm()
    every = {field.name for group in form.fieldsets() for field, _systems in group["rows"]}
    assert every == set(form.fields)


def test_the_page_marks_the_groups_and_loads_the_script(client: Client, chief: User) -> None:
    may_create_events(chief)
    login(client, chief)
    page = client.get(reverse("arbiter:event_new")).content.decode()
    assert 'data-systems="knockout team-cup"' in page
    assert 'data-systems="team-cup"' in page
    assert "chessarbiter/event_form.js" in page
    # with scripts off every field is in the page, none hidden by the server
    for name in EventForm.Meta.fields:
        assert f'name="{name}"' in page, name
    assert " hidden" not in page.split('id="event-form"', 1)[1].split("</form>", 1)[0]
    defaults = re.search(r'data-defaults="([^"]*)"', page)
    assert defaults and "DE,WIN,SB,KS" in defaults.group(1).replace("&quot;", '"')
    assert f'placeholder="{DEFAULT_TIEBREAKS}"' in page


def _create(client: Client, **fields: str) -> m.Event:
    form = EventForm()
    data = {
        name: ("on" if value is True else value)
        for name, value in (
            (name, form[name].value()) for name in EventForm.Meta.fields if name in form.fields
        )
        if value is not None and value is not False
    }
    data.update(fields)
    r = client.post(reverse("arbiter:event_new"), data)
    assert r.status_code == 302, r.context["form"].errors if r.context else r.status_code
    return m.Event.objects.latest("pk")


@pytest.mark.parametrize(
    ("system", "expected"),
    [
        ("swiss", "BH/C1,BH,SB,DE"),
        ("roundrobin", "DE,WIN,SB,KS"),
        ("team-rr", "DE,WIN,SB,KS"),
        ("team-swiss", "BH/C1,BH,SB,DE"),
    ],
)
def test_a_new_event_takes_the_default_of_its_system(
    client: Client, chief: User, system: str, expected: str
) -> None:
    may_create_events(chief)
    login(client, chief)
    ev = _create(client, name=f"New {system}", system=system, tiebreaks="")
    assert ev.tiebreaks == expected == default_tiebreaks(system)
    assert "BH" not in ev.tiebreaks or system not in ("roundrobin", "team-rr")


def test_a_typed_list_is_kept_and_a_round_robin_is_reminded_of_the_lots(
    client: Client, chief: User
) -> None:
    may_create_events(chief)
    login(client, chief)
    ev = _create(client, name="RR", system="roundrobin", tiebreaks="SB,DE")
    assert ev.tiebreaks == "SB,DE"
    page = client.get(reverse("arbiter:event", args=[ev.pk])).content.decode()
    assert "draw their pairing numbers by lot" in page


def test_the_settings_page_keeps_the_stored_list(
    client: Client, chief: User, event: m.Event
) -> None:
    login(client, chief)
    m.Event.objects.filter(pk=event.pk).update(tiebreaks="SB,DE")
    page = client.get(reverse("arbiter:settings", args=[event.pk])).content.decode()
    assert 'name="tiebreaks" value="SB,DE"' in page


def test_a_round_robin_made_without_the_form_gets_no_buchholz(chief: User) -> None:
    """C.07 (2026) 8: the Buchholz family is not used in round robins; an event created by
    the services (the API, an import) without tie-breaks gets its system's default list."""
    from chessarbiter.web.events import services

    rr = services.create_event(chief, name="RR", system="roundrobin", rounds=5)
    swiss = services.create_event(chief, name="Open", system="swiss", rounds=5)
    assert rr.tiebreaks == default_tiebreaks("roundrobin") and "BH" not in rr.tiebreaks
    assert swiss.tiebreaks == default_tiebreaks("swiss")
