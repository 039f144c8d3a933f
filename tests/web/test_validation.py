"""Issue 13 items 7 and 8: one validator for every way into a stored event
(:mod:`chessarbiter.event_settings`, called by the models' ``clean``), settings that shape
stored pairings locked once round 1 is paired, every size a user can type bounded, and pages
that show a problem instead of failing."""

from __future__ import annotations

import importlib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from chessarbiter import trf
from chessarbiter.event_settings import (
    DEFAULT_TEAM_TIEBREAKS,
    DEFAULT_TIEBREAKS,
    EventSettings,
    PlayerSettings,
    SettingsError,
    event_problems,
    player_problems,
    team_tiebreak_problem,
    tiebreak_problem,
    validate_event,
)
from chessarbiter.standings import teams as team_standings
from chessarbiter.trf import teams as team_trf
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, teams

from . import test_import_real_files as real_files_sweep
from .conftest import login, play_round

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
TEAM_FILES = real_files_sweep.TEAM_FILES


def _settings_form(event: m.Event, **changes: Any) -> dict[str, Any]:
    """The settings form's fields as the page shows them, with ``changes``."""
    from chessarbiter.web.arbiter.forms import EventForm

    form = EventForm(instance=event)
    data = {
        name: ("" if value is None else value)
        for name, value in ((n, form[n].value()) for n in form.fields)
    }
    data["public"] = "on" if event.public else ""
    data.update(changes)
    return data


def _two_players(name: str, rating: int) -> str:
    """A TRF of two players, Ann and Bob, Bob rated ``rating``."""
    from chessarbiter.model import Player, Tournament

    t = Tournament(name=name, total_rounds=3)
    t.add_player(Player(1, "Ann", rating=2000))
    t.add_player(Player(2, "Bob", rating=rating))
    return trf.dumps(t)


# -- the library validator -------------------------------------------------------------------


def test_issue13_item7_validator_names_each_bad_field() -> None:
    problems = event_problems(
        EventSettings(
            rounds=100,
            boards_per_team=0,
            win_points=Decimal("0.5"),
            draw_points=Decimal(1),
            loss_points=Decimal("-1"),
            bye_points=Decimal("0.25"),
            tiebreaks="EDET/P",
            team_tiebreaks="PTS",
            edition="1999",
            lot_seed=-1,
        )
    )
    assert set(problems) == {
        "rounds",
        "boards_per_team",
        "draw_points",
        "loss_points",
        "bye_points",
        "tiebreaks",
        "team_tiebreaks",
        "edition",
        "lot_seed",
    }
    assert "EDET" in problems["tiebreaks"] and "between 1 and 50" in problems["boards_per_team"]
    assert validate_event(EventSettings()) == EventSettings()
    with pytest.raises(SettingsError) as e:
        validate_event(EventSettings(boards_per_team=100_000))
    assert e.value.problems == {
        "boards_per_team": "boards per team must be between 1 and 50 (got 100000)"
    }


def test_issue13_item7_each_list_by_its_own_parser() -> None:
    """A team file's list (team tie-breaks) is refused as an individual list, and the reverse;
    the defaults pass their own parser."""
    team_list = "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"
    assert tiebreak_problem(team_list) is not None
    assert team_tiebreak_problem(team_list) is None
    assert team_tiebreak_problem("PTS,WIN,BH,AOB") is not None
    assert tiebreak_problem(DEFAULT_TIEBREAKS) is None
    assert team_tiebreak_problem(DEFAULT_TEAM_TIEBREAKS) is None
    # C.07 13.4: SSSC with a 1/½/0 match score needs its factor
    assert team_tiebreak_problem("SSSC", "mp1") is not None
    assert team_tiebreak_problem("SSSC/K2", "mp1") is None


def test_issue13_item8_player_bounds() -> None:
    assert player_problems(PlayerSettings("Ann", rating=3500, entry_stage=14)) == {}
    problems = player_problems(
        PlayerSettings("x" * 101, rating=3501, fide_id="12a", entry_stage=15, personal_number=0)
    )
    assert set(problems) == {"name", "rating", "fide_id", "entry_stage", "personal_number"}


# -- every write path ------------------------------------------------------------------------


def test_issue13_item7_every_service_refuses_what_the_library_refuses(chief: User) -> None:
    with pytest.raises(services.ServiceError, match="tiebreaks"):
        services.create_event(chief, name="Bad", tiebreaks="EDET/P")
    with pytest.raises(services.ServiceError, match="boards_per_team"):
        services.create_event(chief, name="Bad", boards_per_team=0)
    assert not m.Event.objects.filter(name="Bad").exists()
    ev = services.create_event(chief, name="Good")
    with pytest.raises(services.ServiceError, match="team_tiebreaks"):
        services.update_event(ev, chief, team_tiebreaks="PTS")
    with pytest.raises(services.ServiceError, match="rating"):
        services.add_player(ev, chief, name="Too strong", rating=4000)
    with pytest.raises(services.ServiceError, match="name"):
        services.add_players(ev, chief, [{"name": "Fine"}, {"name": "  "}])
    assert ev.players.count() == 0  # all or none
    p = services.add_player(ev, chief, name="Fine")
    with pytest.raises(services.ServiceError, match="FIDE"):
        services.update_player(p, chief, fide_id="12ab")
    ev.refresh_from_db()
    assert ev.team_tiebreaks == DEFAULT_TEAM_TIEBREAKS


def test_issue13_item7_trf_import_checks_the_point_system(chief: User) -> None:
    """A file whose points the event cannot hold is refused whole, with the field named."""
    lines = _two_players("Points", rating=2000).splitlines()
    lines.insert(1, "XXS WW=150 BW=150")
    with pytest.raises(services.ServiceError, match="win_points"):
        services.import_trf(chief, "\n".join(lines) + "\n", "points.trf")
    assert not m.Event.objects.filter(name="Points").exists()


def test_issue13_item7_player_import_by_trf_checks_each_player(
    client: Client, chief: User, event: m.Event
) -> None:
    login(client, chief)
    text = _two_players("Strong", rating=4000)
    r = client.post(
        reverse("arbiter:players_import", args=[event.pk]),
        {"kind": "trf", "file": SimpleUploadedFile("p.trf", text.encode())},
        follow=True,
    )
    assert r.status_code == 200 and "3500" in r.content.decode()
    assert not event.players.filter(name__in=["Ann", "Bob"]).exists()


@pytest.mark.parametrize("name", TEAM_FILES)
def test_issue13_item7_team_file_keeps_its_lists_apart_and_every_page_renders(
    client: Client, chief: User, name: str
) -> None:
    """Before: the team file's tie-breaks were stored as the individual list, and every
    standings, round, crosstable, export and public page answered 500. Now the team list is
    the team standings', the individual list is one the library computes, and the team
    standings are the library's own reading of the file."""
    path = SHARED / name
    if not path.exists():
        pytest.skip("../shared not beside the checkout")
    login(client, chief)
    r = client.post(
        reverse("arbiter:event_import"),
        {"file": SimpleUploadedFile(path.name, path.read_bytes())},
    )
    assert r.status_code == 302
    ev = m.Event.objects.latest("pk")
    assert tiebreak_problem(ev.tiebreaks) is None
    assert team_tiebreak_problem(ev.team_tiebreaks, ev.team_score) is None
    assert ev.system == m.Event.System.TEAM_SWISS and ev.boards_per_team == 4
    t = trf.loads(trf.decode(path.read_bytes()), path.name)
    expected = team_standings.standings(team_trf.event_from_tournament(t), "mp", ev.team_tiebreaks)
    _names, rows = teams.standings(ev)
    assert [(r.place, r.name, r.match_points, r.game_points) for r in rows] == [
        (r.shared, r.name, r.match_points, r.game_points) for r in expected
    ]
    # the teams come from the 310 records, and each board of a played match is in its match
    assert ev.teams.count() == 50 and ev.round_set.count() == 14
    played = m.Board.objects.filter(round__event=ev).exclude(black=None)
    assert not played.filter(team_pairing=None).exists()
    r = client.get(reverse("arbiter:team_standings", args=[ev.pk]))
    assert r.status_code == 200 and "India" in r.content.decode()
    # every page of the sweep of ../shared/real (which leaves these two files to this test)
    pages = [
        *real_files_sweep.arbiter_urls(ev),
        reverse("arbiter:round", args=[ev.pk, 14]),
        reverse("arbiter:export", args=[ev.pk]),
    ]
    for url in pages:
        assert client.get(url).status_code in (200, 302), url
    for url in real_files_sweep.public_urls(ev):
        assert Client().get(url).status_code in (200, 302), url


# -- bounds and locks in the forms ----------------------------------------------------------


@pytest.mark.parametrize("boards", ["0", "100000", "51"])
def test_issue13_item8_boards_per_team_is_bounded(client: Client, chief: User, boards: str) -> None:
    """Before: 100,000 boards grew one request to 15.8 GB, and 0 answered 500."""
    ev = services.create_event(chief, name="Teams", system="team-swiss", rounds=5)
    login(client, chief)
    r = client.post(
        reverse("arbiter:settings", args=[ev.pk]), _settings_form(ev, boards_per_team=boards)
    )
    assert r.status_code == 200
    ev.refresh_from_db()
    assert ev.boards_per_team == 4
    assert 'max="50"' in r.content.decode()
    r = client.post(reverse("arbiter:event_new"), _settings_form(ev, boards_per_team=boards))
    assert r.status_code == 200 and m.Event.objects.count() == 1


def test_issue13_item8_numbers_are_bounded_in_the_forms(client: Client, chief: User) -> None:
    ev = services.create_event(chief, name="Bounds", rounds=5)
    login(client, chief)
    for field, value in [
        ("rounds", "0"),
        ("rounds", "100"),
        ("win_points", "100"),
        ("loss_points", "-1"),
        ("lot_seed", "99999999999"),
        ("tiebreaks", "EDET/P"),
    ]:
        r = client.post(
            reverse("arbiter:settings", args=[ev.pk]), _settings_form(ev, **{field: value})
        )
        assert r.status_code == 200, field
        assert "errorlist" in r.content.decode(), field
    ev.refresh_from_db()
    assert (ev.rounds, ev.win_points, ev.tiebreaks) == (5, Decimal(1), DEFAULT_TIEBREAKS)
    r = client.post(
        reverse("arbiter:players", args=[ev.pk]),
        {"name": "Ann", "rating": "99999", "entry_stage": "1"},
    )
    assert r.status_code == 200 and not ev.players.exists()


def test_issue13_item8_settings_that_shaped_the_pairings_are_locked(
    client: Client, chief: User, event: m.Event
) -> None:
    """Before: the point system, boards per team and the other settings the stored rounds were
    paired under could change after pairing. Now each is refused once round 1 is paired (and
    shown disabled); the tie-breaks, which only order the standings, stay editable."""
    play_round(event, chief)
    for field, value in [
        ("win_points", Decimal(3)),
        ("bye_points", Decimal("0.5")),
        ("boards_per_team", 6),
        ("team_score", "gp"),
        ("edition", "2017"),
        ("reserve_regime", "fixed"),
    ]:
        with pytest.raises(services.ServiceError, match="after round 1 is paired"):
            services.update_event(event, chief, **{field: value})
    services.update_event(event, chief, tiebreaks="SB,BH", tiebreak_edition="2023")
    event.refresh_from_db()
    assert event.tiebreaks == "SB,BH" and event.win_points == Decimal(1)
    services.set_bye_request(event.players.get(number=1), chief, 4, "H")
    with pytest.raises(services.ServiceError, match="Round 4"):
        services.update_event(event, chief, rounds=3)
    services.update_event(event, chief, rounds=4)
    login(client, chief)
    r = client.post(
        reverse("arbiter:settings", args=[event.pk]), _settings_form(event, win_points="3")
    )
    assert r.status_code in (200, 302)
    event.refresh_from_db()
    assert event.win_points == Decimal(1)
    page = client.get(reverse("arbiter:settings", args=[event.pk])).content.decode()
    assert 'name="win_points"' in page and "disabled" in page.split('name="win_points"')[1][:200]


def test_issue13_item8_knockout_settings_lock_once_played(chief: User) -> None:
    from chessarbiter.web.events import knockout

    ev = services.create_event(chief, name="KO", system="knockout", knockout_scheme="cup")
    services.add_players(ev, chief, [{"name": f"P{i}", "rating": 2000 + i} for i in range(4)])
    knockout.draw(ev, chief)
    services.update_event(ev, chief, lot_seed=7)  # no game yet: free
    with pytest.raises(services.ServiceError, match="bracket is drawn"):
        services.update_event(ev, chief, system="swiss")
    services.update_event(ev, chief, knockout_scheme="seeded")  # discards the drawn bracket
    assert not ev.knockout_matches.exists()
    knockout.draw(ev, chief)
    row = ev.knockout_matches.order_by("number").first()
    assert row is not None
    knockout.walkover(row, chief, "first")
    for field, value in [("knockout_scheme", "cup"), ("match_format", "world-cup-2023")]:
        with pytest.raises(services.ServiceError, match="knockout game"):
            services.update_event(ev, chief, **{field: value})


def test_the_settings_page_shows_the_knockout_settings_fixed_once_played(
    client: Client, chief: User
) -> None:
    """The settings page follows the library's policy: the fields of
    ``LOCKED_ONCE_PLAYED`` are shown disabled once a game or walkover of the bracket is
    recorded, and not before."""
    from chessarbiter.web.events import knockout

    ev = services.create_event(chief, name="KO", system="knockout", knockout_scheme="cup")
    services.add_players(ev, chief, [{"name": f"P{i}", "rating": 2000 + i} for i in range(4)])
    knockout.draw(ev, chief)
    login(client, chief)

    def disabled(name: str) -> bool:
        page = client.get(reverse("arbiter:settings", args=[ev.pk])).content.decode()
        return "disabled" in page.split(f'name="{name}"')[1].split(">")[0]

    assert not any(disabled(f) for f in ("knockout_scheme", "match_format", "lot_seed"))
    row = ev.knockout_matches.order_by("number").first()
    assert row is not None
    knockout.walkover(row, chief, "first")
    assert all(disabled(f) for f in ("knockout_scheme", "match_format", "lot_seed"))
    assert not disabled("name")


# -- stored data the library refuses --------------------------------------------------------


def test_issue13_item7_migration_repairs_stored_lists(chief: User) -> None:
    """An event stored before the validator (the team file's list as the individual one, a
    board count out of bounds, yet within a PostgreSQL smallint) is repaired by the migration,
    and the repair is audited."""
    ev = services.create_event(chief, name="Old", system="team-swiss")
    m.Event.objects.filter(pk=ev.pk).update(
        tiebreaks="EDET/P,MPvGP", team_tiebreaks="PTS", boards_per_team=30_000
    )
    migration = importlib.import_module(
        "chessarbiter.web.events.migrations.0007_bounds_archive_deleted"
    )
    migration.repair(apps, None)
    ev.refresh_from_db()
    assert (ev.tiebreaks, ev.team_tiebreaks, ev.boards_per_team) == (
        DEFAULT_TIEBREAKS,
        DEFAULT_TEAM_TIEBREAKS,
        50,
    )
    assert ev.audit.filter(action="event.repair").exists()
    migration.repair(apps, None)
    assert ev.audit.filter(action="event.repair").count() == 1


def test_issue13_item7_public_pages_show_a_problem_instead_of_failing(
    client: Client, chief: User, event: m.Event
) -> None:
    play_round(event, chief)
    m.Event.objects.filter(pk=event.pk).update(tiebreaks="EDET/P", version=999)
    for name in ("public:standings", "public:crosstable"):
        r = client.get(reverse(name, args=[event.pk]))
        assert r.status_code == 200
        assert "EDET" in r.content.decode()


def test_issue13_item7_control_characters_are_refused_everywhere_they_can_be_typed(
    client: Client, chief: User, event: m.Event
) -> None:
    """Found in a browser: an event named ``ctrl\\x07bel`` and a player of federation
    ``\\x01\\x02\\x03`` were stored, and the event could never be exported again (the TRF writer
    refuses control characters). The one validator refuses them in every text field."""
    with pytest.raises(services.ServiceError, match="control character U\\+0007"):
        services.create_event(chief, name="ctrl\x07bel")
    with pytest.raises(services.ServiceError, match="control character U\\+0001"):
        services.add_player(event, chief, name="Ann", federation="\x01\x02\x03")
    with pytest.raises(services.ServiceError, match="control character U\\+001C"):
        services.update_event(event, chief, city="Riga\x1c")
    login(client, chief)
    url = reverse("arbiter:player", args=[event.pk, event.players.get(number=1).pk])
    r = client.post(url, {"name": "Petrova, Anna", "federation": "\x01", "entry_stage": 1})
    assert r.status_code == 200 and "control character" in r.content.decode()
    assert event.players.get(number=1).federation == ""
    text, _losses = services.export_trf(event)
    trf.loads(text).validate()
