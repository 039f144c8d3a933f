"""The arbiter's pages of FIDE ratings and title norms: the rating-change and norm columns of
the standings, the "Ratings and norms" page (B.02 8.3: K, expected score, change, initial
rating), the "Title norms" page (B.01 1.4) with its norm finder, and the printable certificate
of a title result (B.01 1.8, FIDE form IT1).

The pages only show what the library computes (:mod:`chessarbiter.ratings.change`,
:mod:`chessarbiter.ratings.norms`): the tests check that the options reach it, that bad
input is answered in the form (never a server error), that the pages apply to individual
events played in rounds only, and that every page renders for the 284-player real open.
"""

from __future__ import annotations

import csv
import datetime
import io
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Player, Result, Tournament
from chessarbiter.ratings.change import rating_report
from chessarbiter.ratings.norms import NormTitle, certificate, norm_outlook
from chessarbiter.timecontrol.laws import Category
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store

from .conftest import import_real_open, login, play_round

#: The real files of other programs (``../shared/real/``), beside the checkout.
SHARED_REAL = Path(__file__).resolve().parents[2].parent / "shared" / "real"
#: The federations of the nine grandmasters of :func:`norm_tournament` (five, none the
#: player's: B.01 1.4.3 and 1.4.4 are met).
FEDERATIONS = ("ESP", "FRA", "NED", "HUN", "POL", "ESP", "FRA", "NED", "HUN")


def norm_tournament(played: int = 9) -> Tournament:
    """A ten-player round robin of nine rounds, ``played`` of them recorded: player 1
    (untitled, GER, 2450) meets nine grandmasters rated 2480-2560 of five other federations
    and wins every game but a draw in round 3 (8½ of 9, 94 %: Ra 2520, Rp 2520 + 444 = 2964 ≥
    2600, a GM norm, B.01 1.4.8); the grandmasters draw among themselves."""
    t = Tournament(
        name="Norm Round Robin",
        city="Leiden",
        federation="NED",
        total_rounds=9,
        start_date="2026/03/01",
        end_date="2026/03/09",
        chief_arbiter="Bakker, Jan",
        time_control="90 min + 30 s",
    )
    t.add_player(
        Player(
            1,
            "Hopeful, Harry",
            sex="m",
            rating=2450,
            federation="GER",
            fide_id="4600001",
            birth_date="2004/05/06",
        )
    )
    for i in range(9):
        t.add_player(
            Player(
                i + 2,
                f"Master, Number {i + 2}",
                sex="m",
                title="GM",
                rating=2480 + 10 * i,
                federation=FEDERATIONS[i],
                fide_id=str(4600100 + i),
            )
        )
    ring = list(range(1, 10))  # the circle method, player 10 fixed
    for r in range(1, played + 1):
        turn = ring[r - 1 :] + ring[: r - 1]
        for a, b in [(turn[0], 10)] + [(turn[k], turn[-k]) for k in range(1, 5)]:
            if 1 in (a, b):
                won = Result.WIN if a == 1 else Result.LOSS
                t.record_game(r, a, b, Result.DRAW if r == 3 else won)
            else:
                t.record_game(r, a, b, Result.DRAW)
    return t


def import_tournament(user: User, t: Tournament, name: str = "norm.trf") -> m.Event:
    """``t`` imported as a TRF-2026 file, as the import page does, with the dates of the
    event (which the import leaves to the settings)."""
    return services.import_trf(
        user,
        trf.dumps(t, trf.TRF2026),
        name,
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 9),
    )


@pytest.fixture
def norm_event(chief: User) -> m.Event:
    return import_tournament(chief, norm_tournament())


def get(client: Client, name: str, *args: Any, **query: Any) -> Any:
    return client.get(reverse(f"arbiter:{name}", args=args), query)


# -- the ratings page --------------------------------------------------------------------


def test_ratings_page_shows_the_library_report_for_each_player(
    client: Client, chief: User, event: m.Event
) -> None:
    play_round(event, chief)
    play_round(event, chief, "=")
    login(client, chief)
    r = get(client, "rating_changes", event.pk)
    assert r.status_code == 200
    view = r.context["view"]
    expected = rating_report(store.tournament(event))
    assert [p.rating_change for p in view.report.players] == [
        p.rating_change for p in expected.players
    ]
    assert [p.new_rating for p in view.report.players] == [p.new_rating for p in expected.players]
    html = r.content.decode()
    assert html.count('<tr id="rating-') == 10
    # the players' K from the regulations' rule (none of them is in the player database)
    assert "regulations" in html and r.context["view"].k_sources[1] == "rule"
    # the report's notes: how the kind of rating was chosen
    assert any("standard" in note for note in view.report.notes)


def test_a_forced_k_and_a_kind_reach_the_library(
    client: Client, chief: User, event: m.Event
) -> None:
    """B.02 8.3.3 K forced for everyone (the CLI's ``--k``), the rapid rules (R&B chapter),
    the 2022 edition and the last round counted."""
    play_round(event, chief)
    play_round(event, chief)
    login(client, chief)
    r = get(client, "rating_changes", event.pk, k=15, kind="rapid", edition="2022", after_round=1)
    assert r.status_code == 200
    report = r.context["view"].report
    assert report.kind is Category.RAPID and report.edition.value == "2022"
    assert {p.k.value for p in report.players if p.k} == {15}
    assert set(r.context["view"].k_sources.values()) == {"forced"}
    assert all(len(p.games) == 1 for p in report.players)
    library = rating_report(
        store.tournament(event), kind=Category.RAPID, k=15, up_to_round=1, edition=report.edition
    )
    assert report == library
    assert "forced" in r.content.decode()


def test_k_from_the_fide_list_in_the_player_database(
    client: Client, chief: User, norm_event: m.Event
) -> None:
    """B.02 7.1.2: the K FIDE's list publishes for the event's kind of rating (standard here)
    is each listed player's K; a player the database does not hold gets the regulations'
    rule; a forced K overrides both."""
    m.RatingListPlayer.objects.create(
        fide_id=4600001, name="Hopeful, Harry", name_key="hopeful harry", k_standard=40, k_rapid=20
    )
    m.RatingListPlayer.objects.create(
        fide_id=4600100, name="Master, Number 2", name_key="master number 2", k_standard=10
    )
    login(client, chief)
    view = get(client, "rating_changes", norm_event.pk).context["view"]
    assert view.k_sources[1] == view.k_sources[2] == "list" and view.k_sources[3] == "rule"
    by_number = {p.number: p for p in view.report.players}
    assert by_number[1].k.value == 40 and by_number[2].k.value == 10
    expected = rating_report(store.tournament(norm_event), k_by_player={1: 40, 2: 10})
    assert view.report == expected
    rapid = get(client, "rating_changes", norm_event.pk, kind="rapid").context["view"]
    assert rapid.k_sources[1] == "list" and rapid.k_sources[2] == "rule"
    assert {p.number: p.k.value for p in rapid.report.players if p.k}[1] == 20
    forced = get(client, "rating_changes", norm_event.pk, k=30).context["view"]
    assert {p.k.value for p in forced.report.players if p.k} == {30}


def test_a_rapid_report_rates_an_unrated_player_with_his_standard_rating(
    client: Client, chief: User
) -> None:
    """B.02 Rapid and Blitz 7.2.1 (1 March 2024): a player unrated in the event whose
    standard rating the player database holds is rated with it in a rapid report, not in a
    standard one."""
    t = norm_tournament()
    t.player(1).rating = 0
    ev = import_tournament(chief, t)
    m.RatingListPlayer.objects.create(
        fide_id=4600001, name="Hopeful, Harry", name_key="hopeful harry", standard=2450
    )
    login(client, chief)
    rapid = get(client, "rating_changes", ev.pk, kind="rapid").context["view"].report
    assert rapid.players[0].rating == 2450 and rapid.players[0].rating_change is not None
    assert any("7.2.1" in note for note in rapid.notes)
    assert rapid == rating_report(
        store.tournament(ev), kind=Category.RAPID, standard_ratings={1: 2450}
    )
    standard = get(client, "rating_changes", ev.pk).context["view"].report
    assert standard.players[0].rating is None and standard.players[0].initial is not None


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"k": "0"}, "k"),
        ({"k": "101"}, "k"),
        ({"k": "ten"}, "k"),
        ({"kind": "bullet"}, "kind"),
        ({"edition": "1990"}, "edition"),
        ({"after_round": "-1"}, "after_round"),
        ({"after_round": "1000"}, "after_round"),
    ],
)
def test_a_bad_option_is_a_form_error(
    client: Client, chief: User, event: m.Event, query: dict[str, str], field: str
) -> None:
    login(client, chief)
    r = get(client, "rating_changes", event.pk, **query)
    assert r.status_code == 200
    assert field in r.context["form"].errors
    assert r.context["view"] is None


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    query=st.dictionaries(
        st.sampled_from(["kind", "edition", "k", "after_round", "exemption", "player", "title"]),
        st.one_of(
            st.integers(-5, 200).map(str),
            st.sampled_from(["standard", "rapid", "blitz", "2022", "2025", "GM", "WIM", "zonal"]),
            st.text(max_size=8),
        ),
    )
)
def test_any_query_gets_a_page(
    client: Client, chief: User, event: m.Event, query: dict[str, str]
) -> None:
    """Whatever the query says: the page, with the report or the form's message (never a
    server error)."""
    if not event.round_set.exists():
        play_round(event, chief)
    login(client, chief)
    r = get(client, "rating_changes", event.pk, **query)
    assert r.status_code == 200
    assert (r.context["view"] is None) == bool(r.context["form"].errors)
    assert get(client, "norms", event.pk, **query).status_code == 200


def test_a_round_not_played_is_the_library_s_message(
    client: Client, chief: User, event: m.Event
) -> None:
    play_round(event, chief)
    login(client, chief)
    r = get(client, "rating_changes", event.pk, after_round=3)
    assert r.status_code == 200
    assert "not after round 3" in " ".join(r.context["form"].non_field_errors())


def test_ratings_csv(client: Client, chief: User, event: m.Event) -> None:
    play_round(event, chief)
    login(client, chief)
    r = get(client, "rating_changes", event.pk, k=20, format="csv")
    assert r.status_code == 200 and r["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.content.decode())))
    assert rows[0][:4] == ["No.", "Name", "Rating", "K"]
    assert len(rows) == 11 and {row[3] for row in rows[1:]} == {"20"}
    report = rating_report(store.tournament(event), k=20)
    changes = [
        str(p.rating_change) if p.rating_change <= 0 else f"+{p.rating_change}"
        for p in report.players
        if p.rating_change is not None
    ]
    assert [row[8] for row in rows[1:]] == changes


def test_an_unrated_player_gets_his_initial_rating_when_the_event_gives_one(
    client: Client, chief: User
) -> None:
    """B.02 8.2 and 7.1.4: an unrated player with five games against rated opponents gets an
    initial rating, shown as "→R" in the standings and on the ratings page."""
    t = norm_tournament(played=9)
    t.player(1).rating = 0
    ev = import_tournament(chief, t)
    login(client, chief)
    report = rating_report(store.tournament(ev))
    initial = report.players[0].initial
    assert initial is not None and initial.value is not None
    page = get(client, "rating_changes", ev.pk).content.decode()
    assert f"→{initial.value}" in page
    standings = get(client, "standings", ev.pk).content.decode()
    assert f"→{initial.value}" in standings


# -- the standings' columns --------------------------------------------------------------


def test_standings_show_the_change_and_the_norms(
    client: Client, chief: User, norm_event: m.Event
) -> None:
    login(client, chief)
    r = get(client, "standings", norm_event.pk)
    assert r.status_code == 200 and r.context["rating_columns"]
    html = r.content.decode()
    assert '<th class="num hide-narrow" title="rating change">±</th>' in html
    report = rating_report(store.tournament(norm_event))
    first = next(row for row in r.context["rows"] if row.number == 1)
    change = report.players[0].rating_change
    assert change is not None and change > 0 and first.change == f"+{change}"
    assert first.norms == ("GM", "IM")
    norms_url = reverse("arbiter:norms", args=[norm_event.pk])
    assert f'href="{norms_url}#norm-1-GM">GM</a>' in html


def test_the_public_standings_do_not_change(
    client: Client, chief: User, norm_event: m.Event
) -> None:
    m.Event.objects.filter(pk=norm_event.pk).update(public=True)
    html = client.get(reverse("public:standings", args=[norm_event.pk])).content.decode()
    assert "±" not in html and "Norms" not in html


def test_standings_without_rated_players_have_no_columns(client: Client, chief: User) -> None:
    ev = services.create_event(chief, name="Unrated", rounds=3)
    services.add_players(ev, chief, [{"name": f"Player {i}"} for i in range(6)])
    play_round(ev, chief)
    login(client, chief)
    r = get(client, "standings", ev.pk)
    assert r.status_code == 200 and not r.context["rating_columns"]
    assert "±" not in r.content.decode()
    assert get(client, "rating_changes", ev.pk).status_code == 200
    assert get(client, "norms", ev.pk).status_code == 200


# -- the norms page ----------------------------------------------------------------------


def test_norms_page_lists_the_norms_achieved(
    client: Client, chief: User, norm_event: m.Event
) -> None:
    login(client, chief)
    r = get(client, "norms", norm_event.pk)
    assert r.status_code == 200
    assert [(n.number, n.title.value) for n in r.context["achieved"]] == [(1, "GM"), (1, "IM")]
    html = r.content.decode()
    link = reverse("arbiter:norm_certificate", args=[norm_event.pk, 1, "GM"])
    assert f'href="{link}"' in html
    assert "2520" in html  # Ra of nine grandmasters rated 2480-2560


def test_norm_finder_after_the_last_complete_round(client: Client, chief: User) -> None:
    """B.01 1.4: after five rounds of nine, what player 1 needs in the four remaining rounds
    (the library's norm finder)."""
    ev = import_tournament(chief, norm_tournament(played=5))
    assert ev.rounds == 9
    login(client, chief)
    r = get(client, "norms", ev.pk, player=1, title="GM")
    assert r.status_code == 200
    outlook = r.context["outlook"]
    assert outlook == norm_outlook(store.tournament(ev), 1, NormTitle.GM, total_rounds=9)
    assert outlook.after_round == 5 and outlook.remaining == 4
    assert not r.context["achieved"]
    html = r.content.decode()
    assert html.count("<tr>") >= 1 + len(outlook.targets)
    for _points, average in outlook.targets:
        if average is not None:
            assert str(average) in html


@pytest.mark.parametrize(
    "query", [{"player": "999", "title": "GM"}, {"player": "1", "title": "XX"}]
)
def test_norm_finder_bad_choice_is_a_form_error(
    client: Client, chief: User, norm_event: m.Event, query: dict[str, str]
) -> None:
    login(client, chief)
    r = get(client, "norms", norm_event.pk, **query)
    assert r.status_code == 200 and r.context["finder"].errors and "outlook" not in r.context


def test_an_exemption_reaches_the_library(client: Client, chief: User, norm_event: m.Event) -> None:
    login(client, chief)
    r = get(client, "norms", norm_event.pk, exemption="zonal")
    assert r.status_code == 200 and r.context["exemption"].value == "zonal"
    assert get(client, "norms", norm_event.pk, exemption="bogus").status_code == 200


# -- the certificate ---------------------------------------------------------------------


def test_certificate_prints_the_it1_data(client: Client, chief: User, norm_event: m.Event) -> None:
    login(client, chief)
    r = get(client, "norm_certificate", norm_event.pk, 1, "GM")
    assert r.status_code == 200
    data = r.context["certificate"]
    assert data == certificate(store.tournament(norm_event), 1, NormTitle.GM)
    html = r.content.decode()
    assert "Hopeful, Harry" in html and "Norm Round Robin" in html
    assert "March 1, 2026" in html and "March 9, 2026" in html  # the page's date format
    assert html.count('<tr><td class="num">') >= 9  # the nine opponents
    assert "Rating officer of the federation" in html and "Chief arbiter" in html
    assert data.result.score == Decimal("8.5")


def test_certificate_of_a_norm_not_achieved_says_why(client: Client, chief: User) -> None:
    ev = import_tournament(chief, norm_tournament(played=5))
    login(client, chief)
    r = get(client, "norm_certificate", ev.pk, 1, "GM")
    assert r.status_code == 200 and "certificate" not in r.context
    assert "B.01 1.4.1 a" in r.context["refused"]


@pytest.mark.parametrize(("number", "title"), [(99, "GM"), (1, "FM"), (1, "gm"), (0, "IM")])
def test_certificate_of_an_unknown_player_or_title_is_not_found(
    client: Client, chief: User, norm_event: m.Event, number: int, title: str
) -> None:
    login(client, chief)
    assert get(client, "norm_certificate", norm_event.pk, number, title).status_code == 404


# -- where the pages apply, and who reads them -------------------------------------------


def test_viewer_reads_the_pages_and_a_stranger_does_not_see_them(
    client: Client, viewer: User, event: m.Event
) -> None:
    stranger = User.objects.create_user("stranger", "", "pw-stranger-123")
    for user, status in ((viewer, 200), (stranger, 404)):
        login(client, user)
        for name in ("rating_changes", "norms"):
            assert get(client, name, event.pk).status_code == status
    client.logout()
    assert get(client, "rating_changes", event.pk).status_code == 302  # to the login page


def test_the_pages_refuse_a_post(client: Client, chief: User, event: m.Event) -> None:
    login(client, chief)
    assert client.post(reverse("arbiter:rating_changes", args=[event.pk])).status_code == 405


@pytest.mark.parametrize("system", ["team-swiss", "knockout"])
def test_team_and_knockout_events_have_no_ratings_pages(
    client: Client, chief: User, system: str
) -> None:
    ev = services.create_event(chief, name="Other", rounds=3, system=system)
    login(client, chief)
    assert "Ratings and norms" not in get(client, "event", ev.pk).content.decode()
    for name in ("rating_changes", "norms"):
        r = get(client, name, ev.pk)
        assert r.status_code == 200 and r.context["not_applicable"]
        assert 'id="not-applicable"' in r.content.decode()
    assert get(client, "norm_certificate", ev.pk, 1, "GM").status_code == 404


def test_an_event_without_rounds(client: Client, chief: User, event: m.Event) -> None:
    login(client, chief)
    assert "Ratings and norms" in get(client, "event", event.pk).content.decode()
    r = get(client, "rating_changes", event.pk)
    assert r.status_code == 200 and all(not p.games for p in r.context["view"].report.players)
    assert get(client, "norms", event.pk).status_code == 200
    assert get(client, "norms", event.pk, player=1, title="IM").status_code == 200
    assert get(client, "norm_certificate", event.pk, 1, "IM").status_code == 200
    assert get(client, "standings", event.pk).status_code == 200


# -- the real files ------------------------------------------------------------------------


def real_sample() -> list[Path]:
    """The first file of each folder of ``../shared/real/`` that the library reads as a
    tournament: Swiss-Manager, Vega, bbpPairings, JaVaFo, py4swiss and Sharly Chess files,
    round robins and team files among them."""
    if not SHARED_REAL.is_dir():
        return []
    picked: dict[Path, Path] = {}
    for path in sorted(p for p in SHARED_REAL.rglob("*") if p.is_file() and p.suffix != ".md"):
        if path.parent in picked:
            continue
        try:
            t = trf.loads(trf.decode(path.read_bytes()), path.name)
            t.validate()
        except ChessArbiterError:
            continue
        if len(t):
            picked[path.parent] = path
    return list(picked.values())


def test_the_pages_of_every_kind_of_real_file(client: Client, chief: User) -> None:
    """Every new page answers, without a server error, for a real file of each program."""
    sample = real_sample()
    if not sample:
        pytest.skip("../shared not beside the checkout")
    login(client, chief)
    for path in sample:
        upload = SimpleUploadedFile(path.name, path.read_bytes())
        assert client.post(reverse("arbiter:event_import"), {"file": upload}).status_code == 302
        ev = m.Event.objects.latest("pk")
        first = ev.players.order_by("number").first()
        number = first.number if first else 1
        for name, args, query in (
            ("standings", (ev.pk,), {}),
            ("print", (ev.pk, "standings"), {}),
            ("rating_changes", (ev.pk,), {}),
            ("rating_changes", (ev.pk,), {"kind": "blitz", "edition": "2022", "k": "40"}),
            ("norms", (ev.pk,), {"player": str(number), "title": "IM"}),
            ("norm_certificate", (ev.pk, number, "IM"), {}),
        ):
            r = get(client, name, *args, **query)
            assert r.status_code in (200, 302, 404), (path.name, name, r.status_code)


# -- the real open ------------------------------------------------------------------------


def test_every_page_renders_for_the_real_open(
    client: Client, chief: User, capsys: pytest.CaptureFixture[str]
) -> None:
    """The 284-player Karl-Mala-Gedenkturnier (TRF16, seven rounds): every new page, timed."""
    ev = import_real_open(client, chief)
    pages = [
        ("standings", (ev.pk,), {}),
        ("rating_changes", (ev.pk,), {}),
        ("rating_changes", (ev.pk,), {"kind": "rapid", "k": "15"}),
        ("rating_changes", (ev.pk,), {"edition": "2022", "after_round": "3"}),
        ("rating_changes", (ev.pk,), {"format": "csv"}),
        ("norms", (ev.pk,), {}),
        ("norms", (ev.pk,), {"exemption": "national-championship", "player": "1", "title": "GM"}),
        ("norm_certificate", (ev.pk, 1, "GM"), {}),
    ]
    timings = []
    for name, args, query in pages:
        started = time.monotonic()
        r = get(client, name, *args, **query)
        timings.append((name, query, round((time.monotonic() - started) * 1000)))
        assert r.status_code == 200, (name, query)
    report = get(client, "rating_changes", ev.pk).context["view"].report
    assert len(report.players) == 284
    assert report == rating_report(store.tournament(ev))
    norms_page = get(client, "norms", ev.pk)
    # seven rounds: no norm (B.01 1.4.1 a, nine games)
    assert norms_page.context["achieved"] == []
    with capsys.disabled():
        for name, query, ms in timings:
            print(f"\n  {name} {query}: {ms} ms", end="")
