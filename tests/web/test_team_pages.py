"""The team events' round pages by match, the line-up page, and the knockout's time controls
written as arbiters write them (issue 21 items 4 and 5)."""

from __future__ import annotations

import re
import time
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from chessarbiter.formatting import format_points
from chessarbiter.pairing.teams import lineups
from chessarbiter.timecontrol.model import TimeControl
from chessarbiter.timecontrol.wording import describe_text
from chessarbiter.web.events import knockout, services, teams
from chessarbiter.web.events import models as m

from .conftest import login
from .test_import_real_files import REAL

#: The TRF-2026 team files of other programs: 50 teams, 14 rounds each.
TEAM_FILES = [
    REAL / "sharly-chess/trf/example_trf26.trf",
    REAL / "echecsjs-trf/fixtures/grandmommyscup.trf",
]


def import_file(client: Client, path: Path) -> int:
    """Import ``path`` on the event import page, as ``test_import_real_files`` does: the
    answer's status (302: imported)."""
    upload = SimpleUploadedFile(path.name, path.read_bytes())
    return client.post(reverse("arbiter:event_import"), {"file": upload}).status_code


def _league(chief: User, boards: int = 2) -> m.Event:
    ev = services.create_event(
        chief, name="City league", system="team-rr", rounds=3, boards_per_team=boards
    )
    for name in ("Dynamo", "Zenit", "Spartak", "Lokomotiv"):
        team = teams.add_team(ev, chief, name)
        for k in range(1, boards + 2):  # the boards and a reserve
            services.add_player(
                ev, chief, name=f"{name} {k}", rating=2200 - k, team=team, team_order=k
            )
    return ev


def _sections(page: str) -> dict[str, str]:
    """The round page's matches: the header's text (tags stripped) -> the section's HTML."""
    out = {}
    for section in re.findall(r'<section class="team-match".*?</section>', page, flags=re.S):
        head = section.split('<h3 class="match-head">', 1)[1].split("</h3>", 1)[0]
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", head)).strip()
        out[text] = section
    return out


def test_the_round_page_of_a_team_event_is_grouped_by_match(client: Client, chief: User) -> None:
    """Each match under its header "Dynamo – Lokomotiv 1½:½" (the score: the library's game
    points of the boards with a result), its boards under it; every board keeps its row id
    for the keyboard entry, which still reaches each board by its number."""
    ev = _league(chief)
    rnd = services.pair_next_round(ev, chief)
    tp = rnd.team_pairings.select_related("home", "away").get(number=1)
    home, away = tp.home.name, tp.away.name  # type: ignore[union-attr]
    for b in tp.boards.select_related("white").order_by("team_board"):
        home_white = b.white.team_id == tp.home_id
        # the home team wins board 1, board 2 is drawn
        code = ("1-0" if home_white else "0-1") if b.team_board == 1 else "="
        services.set_result(b.pk, chief, code)
    login(client, chief)
    url = reverse("arbiter:round", args=[ev.pk, 1])
    page = client.get(url).content.decode()
    sections = _sections(page)
    header = f"{home} – {away} 1½:½ line-ups: {home} · {away}"
    assert header in sections, list(sections)
    assert len(sections) == 2  # four teams: two matches
    for section in sections.values():
        assert section.count('<tr id="board-') == 2
    numbers = re.findall(r'<tr id="board-(\d+)"', page)
    assert sorted(int(n) for n in numbers) == [b.number for b in rnd.boards.all()]
    other = next(s for h, s in sections.items() if not h.startswith(home))
    assert 'class="match-score" id="match-score-2">0:0<' in other  # no result yet
    # the keyboard entry: a board of the second match by its number
    board = rnd.boards.get(team_pairing__number=2, team_board=2)
    r = client.post(
        reverse("arbiter:result", args=[ev.pk, 1]),
        {"board": str(board.number), "result": "="},
        HTTP_HX_REQUEST="true",
    )
    fragment = r.content.decode()
    assert r.status_code == 200 and f'id="board-{board.number}"' in fragment
    # the match's new score for the header, after the row
    assert '<template data-match-score="match-score-2">½:½</template>' in fragment
    page = client.get(url).content.decode()
    assert 'id="match-score-2">½:½<' in page
    # the line-up links of the header
    lineup_url = reverse("arbiter:team_lineup", args=[ev.pk, 1, tp.home_id])
    assert f'href="{lineup_url}"' in sections[header]
    # the public round page: the same matches, each header above its boards
    m.Event.objects.filter(pk=ev.pk).update(public=True)
    public = Client().get(reverse("public:round", args=[ev.pk, 1])).content.decode()
    heads = re.findall(
        r'<tr class="match-head" id="match-(\d+)"><th colspan="10">(.*?)</th>', public
    )
    texts = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", h)).strip() for _n, h in heads]
    assert texts[0] == f"{home} – {away} 1½:½" and len(texts) == 2, texts
    first, second = public.index('id="match-1"'), public.index('id="match-2"')
    match_one = [int(n) for n in re.findall(r'<tr id="board-(\d+)"', public[first:second])]
    assert match_one == [b.number for b in tp.boards.order_by("team_board")]


def test_the_match_score_is_the_librarys_team_scoring(chief: User) -> None:
    """The header's score is the library's match game points, as its points are written."""
    ev = _league(chief)
    rnd = services.pair_next_round(ev, chief)
    for b in rnd.boards.all():
        services.set_result(b.pk, chief, "1-0")
    ev.refresh_from_db()
    from chessarbiter.web.events import tables

    groups = teams.round_matches(ev, 1, tables.round_view(ev, 1).boards)
    event = teams.team_event(ev)
    for g in groups:
        assert g.away is not None and g.complete
        match = next(x for x in event.matches if x.team_a == g.home.number)
        assert (
            g.score == f"{format_points(match.game_points_a)}:{format_points(match.game_points_b)}"
        )
        # white wins both boards: the home team has White on board 1 only
        assert g.score == "1:1"
    assert teams.match_score((Decimal("1.5"), Decimal("0.5"))) == "1½:½"


def test_the_team_swiss_bye_is_on_the_round_page(client: Client, chief: User) -> None:
    """A team Swiss of five teams: the team with the pairing-allocated bye has its line on
    the round page, with the points the bye gave."""
    ev = services.create_event(
        chief, name="Team Swiss", system="team-swiss", rounds=3, boards_per_team=2
    )
    for i, name in enumerate(("Alpha", "Bravo", "Charlie", "Delta", "Echo")):
        team = teams.add_team(ev, chief, name)
        for k in (1, 2):
            services.add_player(
                ev, chief, name=f"{name} {k}", rating=2300 - 50 * i - k, team=team, team_order=k
            )
    rnd = services.pair_next_round(ev, chief)
    bye = rnd.team_pairings.select_related("home").get(away=None)
    login(client, chief)
    page = client.get(reverse("arbiter:round", args=[ev.pk, 1])).content.decode()
    sections = _sections(page)
    mp = format_points(bye.bye_match_points)  # type: ignore[arg-type]
    gp = format_points(bye.bye_game_points)  # type: ignore[arg-type]
    line = f"{bye.home.name} — bye (match points {mp}, game points {gp}) line-up"
    assert line in sections, list(sections)
    assert len(sections) == 3  # two matches and the bye
    m.Event.objects.filter(pk=ev.pk).update(public=True)
    public = Client().get(reverse("public:round", args=[ev.pk, 1])).content.decode()
    assert f"{bye.home.name} — bye (match points {mp}, game points {gp})" in public


def test_the_lineup_page_shows_boards_reserves_and_the_librarys_checks(
    client: Client, chief: User
) -> None:
    """Shifting reserves (Team Competitions 1972): Dynamo 1 is absent, Dynamo 2 plays board 1
    and the reserve board 2; the page lists the absentee and finds no problem. With three
    boards and Zenit 3 absent, Zenit's board 3 is empty: the page reports what the library's
    check of the line-up reports (the same function as ``teams check-lineup``)."""
    ev = _league(chief)
    services.set_bye_request(ev.players.get(name="Dynamo 1"), chief, 1, "Z")
    services.pair_next_round(ev, chief)
    dynamo = ev.teams.get(name="Dynamo")
    login(client, chief)
    page = client.get(reverse("arbiter:team_lineup", args=[ev.pk, 1, dynamo.pk])).content.decode()
    seats = re.findall(r'<tr id="seat-(\d)"><td class="num">\d</td>\s*<td>(.*?)</td>', page)
    assert [(k, re.sub(r"<[^>]+>", "", who).strip()) for k, who in seats] == [
        ("1", f"{ev.players.get(name='Dynamo 2').number}. Dynamo 2"),
        ("2", f"{ev.players.get(name='Dynamo 3').number}. Dynamo 3 reserve"),
    ]
    bench = page.split('id="lineup-bench"', 1)[1].split("</ul>", 1)[0]
    assert "Dynamo 1" in bench and "absent (bye requested)" in bench
    assert 'id="lineup-ok"' in page

    three = _league(chief, boards=3)
    services.set_bye_request(three.players.get(name="Zenit 3"), chief, 1, "Z")
    services.pair_next_round(three, chief)
    zenit = three.teams.get(name="Zenit")
    lineup = teams.round_lineup(three, zenit, 1)
    players = teams.roster(zenit)
    expected = lineups.validate_lineup(
        lineups.Roster("Zenit", tuple(p.number for p in players[:3]), (players[3].number,)),
        [s.player.number if s.player else None for s in lineup.seats],
        lineups.ReserveRegime.SHIFTING,
    )
    # the reserve Zenit 4 plays board 3: no board is empty, the list is followed
    assert [p.kind for p in lineup.problems] == [p.kind.value for p in expected] == []
    assert lineup.seats[2].player is not None and lineup.seats[2].player.name == "Zenit 4"
    assert lineup.seats[2].reserve and lineup.minimum_present == 2
    body = client.get(reverse("arbiter:team_lineup", args=[three.pk, 1, zenit.pk])).content
    assert b"Zenit 4" in body
    # a team of three without a reserve and one absent: an empty board, reported
    short = _league(chief, boards=3)
    services.delete_player(short.players.get(name="Spartak 4"), chief)
    services.set_bye_request(short.players.get(name="Spartak 3"), chief, 1, "Z")
    services.pair_next_round(short, chief)
    spartak = short.teams.get(name="Spartak")
    lineup = teams.round_lineup(short, spartak, 1)
    assert [(p.kind, p.board) for p in lineup.problems] == [("empty-board", 3)]
    body = client.get(reverse("arbiter:team_lineup", args=[short.pk, 1, spartak.pk])).content
    text = body.decode()
    assert "empty board" in text and "nobody on the board: the game is lost by forfeit" in text


def test_the_lineup_of_a_team_with_the_bye_and_a_team_not_paired(
    client: Client, chief: User
) -> None:
    ev = _league(chief)
    login(client, chief)
    services.pair_next_round(ev, chief)
    team = ev.teams.get(name="Dynamo")
    r = client.get(reverse("arbiter:team_lineup", args=[ev.pk, 1, team.pk]))
    assert r.status_code == 200
    assert client.get(reverse("arbiter:team_lineup", args=[ev.pk, 2, team.pk])).status_code == 404
    page = client.get(reverse("arbiter:teams", args=[ev.pk])).content.decode()
    assert reverse("arbiter:team_lineup", args=[ev.pk, 1, team.pk]) in page


@pytest.mark.skipif(not REAL.is_dir(), reason="../shared not beside the checkout")
@pytest.mark.parametrize("team_file", TEAM_FILES, ids=lambda p: p.name)
def test_a_real_team_swiss_round_at_size(client: Client, chief: User, team_file: Path) -> None:
    """A TRF-2026 team file of 50 teams and 14 rounds: a full round's page has one header
    per match with the library's score, every board of the round under one of them, and
    each team's line-up page opens."""
    login(client, chief)
    assert import_file(client, team_file) == 302
    ev = m.Event.objects.latest("pk")
    # the round with the most matches
    last = max(ev.round_set.all(), key=lambda r: (r.team_pairings.count(), r.number)).number
    started = time.perf_counter()
    page = client.get(reverse("arbiter:round", args=[ev.pk, last])).content.decode()
    assert time.perf_counter() - started < 5
    sections = _sections(page)
    pairings = m.TeamPairing.objects.filter(round__event=ev, round__number=last)
    assert len(sections) == pairings.count() >= 25
    boards = m.Board.objects.filter(round__event=ev, round__number=last).exclude(black=None)
    assert sorted(int(n) for n in re.findall(r'<tr id="board-(\d+)"', page)) == sorted(
        boards.values_list("number", flat=True)
    )
    event = teams.team_event(ev)
    played = [x for x in event.matches if x.round == last and x.team_b is not None]
    assert played
    names = {t.number: t.name for t in ev.teams.all()}
    for match in played[:10]:
        assert match.team_b is not None
        score = f"{format_points(match.game_points_a)}:{format_points(match.game_points_b)}"
        assert any(
            h.startswith(f"{names[match.team_a]} – {names[match.team_b]} {score} ")
            for h in sections
        ), (names[match.team_a], score)
    team = ev.teams.order_by("number").first()
    assert team is not None
    r = client.get(reverse("arbiter:team_lineup", args=[ev.pk, last, team.pk]))
    assert r.status_code == 200 and team.name in r.content.decode()


def test_a_generated_team_swiss_of_real_size(client: Client, chief: User) -> None:
    """Twenty-one teams of four boards and a reserve, team Swiss: round 1 has ten matches of
    four boards and the bye, each under its header, the bye's team named."""
    ev = services.create_event(
        chief, name="Team Swiss 21", system="team-swiss", rounds=5, boards_per_team=4
    )
    players = []
    for i in range(21):
        team = teams.add_team(ev, chief, f"Team {i + 1:02d}")
        players += [
            {"name": f"T{i + 1:02d} player {k}", "rating": 2500 - 10 * i - k}
            | {"team": team, "team_order": k}
            for k in range(1, 6)
        ]
    services.add_players(ev, chief, players)
    services.pair_next_round(ev, chief)
    login(client, chief)
    page = client.get(reverse("arbiter:round", args=[ev.pk, 1])).content.decode()
    sections = _sections(page)
    assert len(sections) == 11
    assert sum(s.count('<tr id="board-') for s in sections.values()) == 40
    assert sum(" — bye (" in h for h in sections) == 1


# -- knockout: time controls as arbiters write them -----------------------------------------


def test_the_web_wording_in_english_is_the_librarys() -> None:
    for pgn in (
        "40/6000+30:20/3000+30:900+30",
        "5400d5",
        "300b2",
        "40/7200:16/3600",
        "1/90:30",
        "40/6000+30:900",
        "?",
        "-",
        "*60",
    ):
        control = TimeControl.parse_pgn(pgn)
        assert knockout.control_text(control) == describe_text(control)


def test_the_match_page_writes_the_time_controls(client: Client, chief: User) -> None:
    """A FIDE-1997 final (Stage by Stage 1997): the next game's control as arbiters write it,
    the PGN notation beside it; the games table likewise."""
    ev = services.create_event(
        chief, name="Final", system="knockout", knockout_scheme="seeded", rounds=1
    )
    services.add_players(ev, chief, [{"name": "A", "rating": 2800}, {"name": "B", "rating": 2700}])
    knockout.draw(ev, chief)
    row = ev.knockout_matches.get(number=1)
    game = knockout.decision(ev, row).next_game
    assert game is not None
    written = describe_text(game.white_clock)
    login(client, chief)
    url = reverse("arbiter:knockout_match", args=[ev.pk, 1])
    page = client.get(url).content.decode()
    assert f'<span id="next-time-control">{written}</span>' in page
    assert f"(PGN {game.white_clock.to_pgn()})" in page
    assert " moves in " in written or "for the game" in written
    knockout.add_game(row, chief, "1-0")
    page = client.get(url).content.decode()
    table = page.split('id="games"', 1)[1].split("</table>", 1)[0]
    assert f'<td class="time-control">{written} <span class="mono muted">' in table
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'id="next-time-control"' in page


def test_the_bracket_is_in_its_own_scrolling_box(client: Client, chief: User) -> None:
    ev = services.create_event(
        chief, name="Cup", system="knockout", knockout_scheme="seeded", rounds=3
    )
    services.add_players(ev, chief, [{"name": f"P{i}", "rating": 2400 - i} for i in range(8)])
    knockout.draw(ev, chief)
    login(client, chief)
    page = client.get(reverse("arbiter:knockout", args=[ev.pk])).content.decode()
    box = page.split('id="bracket-box"', 1)[1].split(">", 1)[0]
    assert 'style="--stages: 3"' in box and 'role="region"' in box
    assert "<svg" in page.split('id="bracket-box"', 1)[1].split("</div>", 1)[0]
    ev.public = True
    ev.save()
    page = client.get(reverse("public:bracket", args=[ev.pk])).content.decode()
    assert 'id="bracket-box"' in page


def test_a_board_of_no_match_is_still_on_the_round_page(client: Client, chief: User) -> None:
    """A board that belongs to no match (an imported file's board the team records do not
    place) stays on the round page, under its own header, and keeps its row for the entry."""
    ev = _league(chief)
    rnd = services.pair_next_round(ev, chief)
    board = rnd.boards.get(team_pairing__number=2, team_board=2)
    m.Board.objects.filter(pk=board.pk).update(team_pairing=None, team_board=None)
    m.Event.objects.filter(pk=ev.pk).update(version=ev.version + 1)  # a new cached view
    login(client, chief)
    page = client.get(reverse("arbiter:round", args=[ev.pk, 1])).content.decode()
    sections = _sections(page)
    assert sections["Boards of no match"].count('<tr id="board-') == 1
    assert f'<tr id="board-{board.number}"' in sections["Boards of no match"]
    assert sum(s.count('<tr id="board-') for s in sections.values()) == 4
