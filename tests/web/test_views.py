"""The pages: who may see and do what, CSRF, the keyboard results entry, public pages."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import login, play_round


def test_manage_pages_need_login(client: Client, event: m.Event) -> None:
    for url in (reverse("arbiter:home"), reverse("arbiter:event", args=[event.pk])):
        r = client.get(url)
        assert r.status_code == 302 and "/accounts/login/" in r["Location"]


def test_anonymous_post_changes_nothing(client: Client, event: m.Event) -> None:
    r = client.post(reverse("arbiter:pair", args=[event.pk]))
    assert r.status_code == 302
    assert event.round_set.count() == 0


def test_csrf_is_enforced(event: m.Event, chief: User) -> None:
    c = Client(enforce_csrf_checks=True)
    c.force_login(chief)
    r = c.post(reverse("arbiter:pair", args=[event.pk]))
    assert r.status_code == 403
    assert event.round_set.count() == 0


def test_csrf_failure_is_the_sites_page(event: m.Event, chief: User) -> None:
    """A form refused for its security token (expired, missing) gets the site's page in the
    user's language, saying nothing was saved and to reload, with a link back to the form's
    page (of this site only), not Django's bare 403; the results bar reads the same words."""
    from urllib.parse import unquote

    c = Client(enforce_csrf_checks=True)
    c.force_login(chief)
    url = reverse("arbiter:pair", args=[event.pk])
    form = "http://testserver" + reverse("arbiter:event", args=[event.pk])
    r = c.post(url, HTTP_REFERER=form, HTTP_ACCEPT_LANGUAGE="ru")
    assert r.status_code == 403 and event.round_set.count() == 0
    page = r.content.decode()
    assert '<header class="top">' in page and 'lang="ru"' in page
    assert 'id="csrf-refusal"' in page and f'href="{form}"' in page
    assert "chief" in page  # the user is shown logged in: the page has the request
    r = c.post(url, HTTP_REFERER="https://elsewhere.example/form")
    assert r.status_code == 403 and "elsewhere.example" not in r.content.decode()
    r = c.post(url, HTTP_HX_REQUEST="true")
    assert r.status_code == 403 and "Reload the page" in unquote(r["X-Message"])


def test_viewer_reads_but_cannot_edit(client: Client, event: m.Event, viewer: User) -> None:
    login(client, viewer)
    assert client.get(reverse("arbiter:event", args=[event.pk])).status_code == 200
    assert client.get(reverse("arbiter:standings", args=[event.pk])).status_code == 200
    assert client.post(reverse("arbiter:pair", args=[event.pk])).status_code == 403
    r = client.post(reverse("arbiter:players", args=[event.pk]), {"name": "Intruder"})
    assert r.status_code == 403
    assert not event.players.filter(name="Intruder").exists()
    assert client.get(reverse("arbiter:settings", args=[event.pk])).status_code == 403


def test_stranger_sees_no_arbiter_page(client: Client, event: m.Event) -> None:
    """A logged-in user without a role in the event sees none of its arbiter pages: 404, as
    if the event did not exist (issue 13 item 13: its existence is not revealed), and not a
    word of it on the page."""
    play_round(event, event.owner)
    other = User.objects.create_user("other", "", "pw-other-123")
    login(client, other)
    for url in (
        reverse("arbiter:event", args=[event.pk]),
        reverse("arbiter:players", args=[event.pk]),
        reverse("arbiter:round", args=[event.pk, 1]),
        reverse("arbiter:standings", args=[event.pk]),
    ):
        r = client.get(url)
        assert r.status_code == 404, url
        page = r.content.decode()
        assert event.name not in page and "Petrova" not in page, url
    assert event.name not in client.get(reverse("arbiter:home")).content.decode()


def test_arbiter_pairs_with_preview_then_publishes(
    client: Client, event: m.Event, arbiter: User
) -> None:
    login(client, arbiter)
    r = client.get(reverse("arbiter:pair", args=[event.pk]))
    assert r.status_code == 200 and b"Petrova, Anna" in r.content
    assert event.round_set.count() == 0  # a preview stores nothing
    r = client.post(reverse("arbiter:pair", args=[event.pk]))
    assert r.status_code == 302
    assert event.round_set.count() == 1


def test_keyboard_result_entry_with_htmx(client: Client, event: m.Event, arbiter: User) -> None:
    login(client, arbiter)
    services.pair_next_round(event, arbiter)
    url = reverse("arbiter:result", args=[event.pk, 1])
    r = client.post(url, {"board": "1", "result": "="}, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    assert b'id="board-1"' in r.content and b'value="=" selected' in r.content
    b = m.Board.objects.get(round__event=event, round__number=1, number=1)
    assert (b.result, b.black_result) == ("=", "=")
    # the same board with the version seen before: refused, nothing overwritten
    r = client.post(url, {"board": "1", "result": "1", "version": "0"}, HTTP_HX_REQUEST="true")
    assert r.status_code == 409
    b.refresh_from_db()
    assert b.result == "="


def _round_2_with_a_repeat(event: m.Event, chief: User) -> tuple[str, list[str]]:
    """Round 1 played; a hand-made round 2 whose first board repeats a game of round 1 (that
    board, and all the boards)."""
    play_round(event, chief)
    first = m.Board.objects.filter(round__event=event, round__number=1).exclude(black=None)[0]
    repeat = f"{first.white.number} {first.black.number}"  # type: ignore[union-attr]
    others = sorted(
        set(range(1, 11)) - {first.white.number, first.black.number}  # type: ignore[union-attr]
    )
    return repeat, [repeat] + [f"{others[i]} {others[i + 1]}" for i in range(0, len(others), 2)]


def test_manual_pairing_lists_deviations_and_records_them(
    client: Client, event: m.Event, chief: User
) -> None:
    login(client, chief)
    _repeat, lines = _round_2_with_a_repeat(event, chief)
    url = reverse("arbiter:pair_manual", args=[event.pk])
    r = client.post(url, {"boards": "\n".join(lines), "note": ""})
    assert r.status_code == 200 and b"deviations" in r.content
    assert event.round_set.count() == 1
    confirm = r.context["form"]["confirm"].value()  # the confirmation the page asks for
    r = client.post(
        url, {"boards": "\n".join(lines), "note": "organiser's request", "confirm": confirm}
    )
    assert r.status_code == 302
    rnd = event.round_set.get(number=2)
    assert rnd.manual and rnd.deviations and rnd.deviations[0]["note"] == "organiser's request"


def test_public_pages(client: Client, event: m.Event, chief: User) -> None:
    play_round(event, chief)
    services.pair_next_round(event, chief)
    assert b"Club Swiss" in client.get("/").content
    for url in (
        f"/events/{event.pk}/",
        f"/events/{event.pk}/standings/",
        f"/events/{event.pk}/rounds/1/",
        f"/events/{event.pk}/crosstable/",
        f"/events/{event.pk}/players/1/",
    ):
        r = client.get(url)
        assert r.status_code == 200, url
    page = client.get(f"/events/{event.pk}/standings/").content
    assert b"every 30s" in page  # round 2 in progress: the page refreshes itself
    fragment = client.get(f"/events/{event.pk}/standings/", HTTP_HX_REQUEST="true").content
    assert b"<html" not in fragment and b"Petrova" in fragment


def test_private_event_is_not_public(client: Client, event: m.Event) -> None:
    event.public = False
    event.save()
    assert client.get(f"/events/{event.pk}/").status_code == 404


def test_public_pages_refuse_posts(client: Client, event: m.Event) -> None:
    assert client.post(f"/events/{event.pk}/standings/").status_code == 405


@pytest.mark.parametrize("what", ["pairings", "alpha", "slips"])
def test_print_views(client: Client, event: m.Event, chief: User, what: str) -> None:
    login(client, chief)
    play_round(event, chief)
    r = client.get(reverse("arbiter:print_round", args=[event.pk, what, 1]))
    assert r.status_code == 200 and b"print.css" in r.content


def test_export_trf(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    play_round(event, chief)
    r = client.get(reverse("arbiter:export", args=[event.pk]) + "?dialect=16")
    assert r.status_code == 200 and r.content.startswith(b"012 Club Swiss")


def test_audit_log_is_for_the_chief(client: Client, event: m.Event, arbiter: User) -> None:
    login(client, arbiter)
    assert client.get(reverse("arbiter:audit", args=[event.pk])).status_code == 403


def test_every_arbiter_page_renders(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    play_round(event, chief)
    p = event.players.get(number=1)
    pages: list[tuple[str, list[object]]] = [
        ("arbiter:home", []),
        ("arbiter:event_new", []),
        ("arbiter:event_import", []),
        ("arbiter:event", [event.pk]),
        ("arbiter:settings", [event.pk]),
        ("arbiter:players", [event.pk]),
        ("arbiter:player", [event.pk, p.pk]),
        ("arbiter:pair", [event.pk]),
        ("arbiter:explain", [event.pk]),
        ("arbiter:round", [event.pk, 1]),
        ("arbiter:standings", [event.pk]),
        ("arbiter:breakdown", [event.pk, 1]),
        ("arbiter:crosstable", [event.pk]),
        ("arbiter:print", [event.pk, "standings"]),
        ("arbiter:print", [event.pk, "crosstable"]),
        ("arbiter:roles", [event.pk]),
        ("arbiter:audit", [event.pk]),
    ]
    for name, args in pages:
        r = client.get(reverse(name, args=args))
        assert r.status_code == 200, name


def _upload(name: str, text: str) -> object:
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, text.encode("utf-8"))


def test_players_from_csv(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    text = "Name;Rating;FIDE ID;Fed\nIvanov, Ivan;2100;24100018;RUS\nPetrov, Pyotr;;;\n"
    r = client.post(
        reverse("arbiter:players_import", args=[event.pk]),
        {"kind": "csv", "file": _upload("club.csv", text)},
    )
    assert r.status_code == 302
    ivan = event.players.get(name="Ivanov, Ivan")
    assert (ivan.rating, ivan.fide_id, ivan.federation, ivan.number) == (
        2100,
        "24100018",
        "RUS",
        11,
    )


def test_bad_csv_names_file_and_line_and_stores_nothing(
    client: Client, event: m.Event, chief: User
) -> None:
    login(client, chief)
    text = "Name,Rating\nIvanov, Ivan,2100\nPetrov,abc\n"
    r = client.post(
        reverse("arbiter:players_import", args=[event.pk]),
        {"kind": "csv", "file": _upload("club.csv", text)},
        follow=True,
    )
    assert b"club.csv:" in r.content
    assert event.players.count() == 10


def test_players_from_a_fide_rating_list(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    header = (
        "ID Number      Name                                                         "
        "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
    )
    cols = {h: header.index(h) for h in ("Name", "Fed", "Sex", "Tit", "SRtng", "B-day")}

    def line(fide_id: str, name: str, fed: str, sex: str, tit: str, rating: str) -> str:
        row = [" "] * len(header)

        def put(col: int, text: str) -> None:
            row[col : col + len(text)] = list(text)

        put(0, fide_id)
        put(cols["Name"], name)
        put(cols["Fed"], fed)
        put(cols["Sex"], sex)
        put(cols["Tit"], tit)
        put(cols["SRtng"], rating)
        put(cols["B-day"], "1990")
        return "".join(row).rstrip()

    text = "\n".join(
        [
            header,
            line("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "2830"),
            line("24100018", "Ivanov, Ivan", "RUS", "M", "", "2100"),
        ]
    )
    r = client.post(
        reverse("arbiter:players_import", args=[event.pk]),
        {"kind": "fide", "file": _upload("players_list.txt", text), "fide_ids": "24100018"},
    )
    assert r.status_code == 302
    assert list(event.players.filter(fide_id="24100018").values_list("name", "rating")) == [
        ("Ivanov, Ivan", 2100)
    ]
    assert not event.players.filter(fide_id="1503014").exists()


@pytest.mark.parametrize(
    ("time_control", "rating"),
    [("", 2100), ("90 min + 30 s", 2100), ("15+10", 2050), ("3+2", 1990)],
)
def test_players_from_a_combined_list_take_the_rating_of_the_time_control(
    client: Client, event: m.Event, chief: User, time_control: str, rating: int
) -> None:
    """A combined FIDE list (standard, rapid and blitz): the players of a rapid event are
    registered with their rapid rating, of a blitz event with their blitz rating, of any other
    with their standard rating (Rating Regulations B.02; the control classified by the Laws
    2023, A.1 and B.1)."""
    services.update_event(event, chief, time_control=time_control)
    login(client, chief)
    header = (
        "ID Number      Name                                                         "
        "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
    )
    row = [" "] * len(header)
    for label, text in (
        ("ID Number", "24100018"),
        ("Name", "Ivanov, Ivan"),
        ("SRtng", "2100"),
        ("RRtng", "2050"),
        ("BRtng", "1990"),
    ):
        col = header.index(label)
        row[col : col + len(text)] = list(text)
    r = client.post(
        reverse("arbiter:players_import", args=[event.pk]),
        {
            "kind": "fide",
            "file": _upload("players_list_foa.txt", header + "\n" + "".join(row).rstrip()),
            "fide_ids": "24100018",
        },
    )
    assert r.status_code == 302
    assert event.players.get(fide_id="24100018").rating == rating


def test_forbidden_pair_is_never_paired(client: Client, event: m.Event, chief: User) -> None:
    """C.04.3 [C1]: players kept apart (TRF 260) are not paired."""
    login(client, chief)
    r = client.post(reverse("arbiter:forbidden_pair", args=[event.pk]), {"first": 1, "second": 6})
    assert r.status_code == 302
    rnd = services.pair_next_round(event, chief)
    pairs = {
        frozenset((b.white.number, b.black.number))
        for b in rnd.boards.exclude(black=None)
        if b.black is not None
    }
    assert frozenset((1, 6)) not in pairs  # round 1 would pair 1 with 6 (1 v n/2+1)


def test_chief_gives_a_role_and_it_is_audited(client: Client, event: m.Event, chief: User) -> None:
    newcomer = User.objects.create_user("newcomer", "", "pw-new-12345")
    login(client, chief)
    r = client.post(
        reverse("arbiter:roles", args=[event.pk]), {"username": "newcomer", "kind": "arbiter"}
    )
    assert r.status_code == 302
    assert m.Role.objects.get(event=event, user=newcomer).kind == "arbiter"
    assert event.audit.filter(action="event.role").exists()
    login(client, newcomer)
    assert client.post(reverse("arbiter:pair", args=[event.pk])).status_code == 302
    assert event.round_set.count() == 1


def test_round_robin_crosstable_is_a_grid(client: Client, chief: User) -> None:
    """C.05: a round robin's crosstable is the player-by-player grid."""
    ev = services.create_event(chief, name="RR grid", system="roundrobin", rounds=3)
    services.add_players(ev, chief, [{"name": f"P{i}"} for i in range(1, 5)])
    play_round(ev, chief, "1-0")
    page = client.get(f"/events/{ev.pk}/crosstable/").content.decode()
    assert 'class="grid"' in page and ">X<" in page


def test_a_knockout_game_with_a_version_in_other_digits_is_no_server_error(
    client: Client, chief: User
) -> None:
    """A knockout game posted with a ``version`` that ``int`` refuses though ``str.isdigit``
    accepts it ("²", thousands of digits) is a version not known, as on the round page: the
    game is saved, not a ValueError (500); a stale version is still refused."""
    from chessarbiter.web.events import knockout

    ev = services.create_event(chief, name="Cup", system="knockout", rounds=1)
    services.add_players(ev, chief, [{"name": "Anna", "rating": 2400}, {"name": "Boris"}])
    knockout.draw(ev, chief)
    login(client, chief)
    url = reverse("arbiter:knockout_game", args=[ev.pk, 1])
    r = client.post(url, {"result": "1-0", "version": "99"})
    assert r.status_code == 302 and not m.KnockoutGame.objects.filter(match__event=ev).exists()
    for version in ("²", "1" * 5000):  # int() refuses both (the second: too many digits)
        r = client.post(url, {"result": "½-½", "version": version})
        assert r.status_code == 302
    assert m.KnockoutGame.objects.filter(match__event=ev).count() == 2


def test_issue_13_item_3_a_confirmation_holds_only_for_the_boards_checked(
    client: Client, event: m.Event, chief: User
) -> None:
    """Found in a browser at 284 players: the deviations of one pairing were confirmed, the
    boards then replaced by others (leaving most players out), and the new pairing was
    published at once with the old confirmation. A confirmation is for the boards shown."""
    login(client, chief)
    repeat, lines = _round_2_with_a_repeat(event, chief)
    url = reverse("arbiter:pair_manual", args=[event.pk])
    r = client.post(url, {"boards": "\n".join(lines), "note": ""})
    confirm = r.context["form"]["confirm"].value()
    assert confirm
    for stale in (confirm, "on"):
        r = client.post(url, {"boards": repeat, "note": "x", "confirm": stale})
        assert r.status_code == 200 and b"Player left out" in r.content
        assert event.round_set.count() == 1


def test_one_view_per_player_change(
    client: Client, event: m.Event, arbiter: User, viewer: User
) -> None:
    """Each change of a player has its own URL and view (no action parameter): a bye request,
    a withdrawal and a re-entry by an arbiter; refused to a viewer, and only on POST."""
    p = event.players.get(number=3)

    def url(action: str) -> str:
        return reverse(f"arbiter:player_{action}", args=[event.pk, p.pk])

    login(client, viewer)
    assert client.post(url("withdraw")).status_code == 403
    login(client, arbiter)
    assert client.get(url("withdraw")).status_code == 405
    assert client.post(url("bye"), {"round": 2, "kind": "H"}).status_code == 302
    assert p.bye_requests.get().round == 2
    assert client.post(url("bye"), {"round": "x"}).status_code == 400
    assert client.post(url("withdraw")).status_code == 302
    p.refresh_from_db()
    assert p.withdrawn_from_round == 1
    assert client.post(url("reenter")).status_code == 302
    p.refresh_from_db()
    assert p.withdrawn_from_round is None
    assert client.post(url("delete")).status_code == 302
    assert not event.players.filter(pk=p.pk).exists()


def test_one_view_per_team_change(client: Client, chief: User, arbiter: User) -> None:
    """A team and a player of its list are added by their own views."""
    league = services.create_event(chief, name="League", system="team-rr", rounds=3)
    services.set_role(league, chief, arbiter, "arbiter")
    login(client, arbiter)
    r = client.post(reverse("arbiter:team_add", args=[league.pk]), {"name": "Echo"})
    assert r.status_code == 302
    echo = league.teams.get(name="Echo")
    r = client.post(
        reverse("arbiter:team_player_add", args=[league.pk]),
        {"team": echo.pk, "name": "Echo 1", "entry_stage": "1"},
    )
    assert r.status_code == 302
    assert [p.name for p in echo.players.all()] == ["Echo 1"]
    r = client.post(reverse("arbiter:team_add", args=[league.pk]), {"name": " "}, follow=True)
    assert b"Give the team" in r.content and league.teams.count() == 1
    page = client.get(reverse("arbiter:teams", args=[league.pk])).content.decode()
    assert f'action="{reverse("arbiter:team_add", args=[league.pk])}"' in page
    assert 'name="action"' not in page
