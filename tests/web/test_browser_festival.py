"""The organiser's desk in a real browser: a three-section open of 600 players.

A chief arbiter imports FIDE's rating list (316 synthetic players, :mod:`.festival_data`) into
the player database, creates the event "Winter Open 2026" with its first section Open A, imports
the 284 players of a real Swiss-Manager file into it
(``../shared/real/sharly-chess/trf/example_trf16.trf``, players only), adds the sections Open B
and Under 18, registers the database's players into them from its search pages (a family of
twenty a page: Select all, Register the selected), and moves a junior entered in Open B by
mistake to Under 18: 284 + 199 + 117 = 600 players.

Every section is paired and played for two rounds (a few results typed on the keyboard bar,
boards 10 and 142 of Open A's 142 among them, the others entered through the service that
endpoint calls). Then Open A's category standings and prize list (a TOML prize table typed in the
browser, Hort sharing) are checked against the library, the public page lists the three
sections, and the lists are "printed": printable HTML pages saved as PDF, the ZIP of all
lists downloaded, every section's TRF exported and read back.

Playwright for Python with Debian's chromium, as in ``test_browser.py``; screenshots and PDFs
go to ``test-artifacts/``.
"""

from __future__ import annotations

import datetime
import io
import time
import zipfile
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import formats, translation

from chessarbiter import trf
from chessarbiter.categories import parse_category
from chessarbiter.model.player import display_title
from chessarbiter.prizes import allocate, category_members, parse_prize_table
from chessarbiter.standings import Standing, category_ranking, complete_rounds, ranking
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store

from . import festival_data as fd
from .browser import ARTIFACTS, MARKS, job_worker, launch, log_in, shot
from .conftest import REAL_OPEN, may_create_events

pytestmark = MARKS

PASSWORD = "chess-arbiter-15"
#: Ages of the age categories are counted on 1 January of the year the event starts.
START = datetime.date(2026, 1, 10)
REFERENCE = datetime.date(2026, 1, 1)
#: Open A's prize table, typed in the browser: place prizes shared by the Hort system and two
#: category prizes (worth less than any place prize a leader could share).
PRIZE_TABLE = """\
currency = "EUR"
unit = 1
sharing = "hort"
precedence = "place"

[[prize]]
place = 1
amount = 1000
description = "Winner's cup"

[[prize]]
place = 2
amount = 700

[[prize]]
place = 3
amount = 500

[[prize]]
place = 4
amount = 400

[[prize]]
place = 5
amount = 300

[[prize]]
place = 6
amount = 200

[[prize]]
category = "F"
name = "Best woman"
amount = 120

[[prize]]
category = "50+"
name = "Best senior (50+)"
amount = 100
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture
def worker() -> Iterator[None]:
    """The background job worker ``web serve`` starts: Open A's 284 players are paired by a
    job (more than ``CHESSARBITER_INLINE_PAIRING_MAX``)."""
    with job_worker():
        yield


def _section(name: str) -> m.Event:
    return m.Event.objects.get(name=name)


def _boards(event: m.Event, number: int) -> dict[int, m.Board]:
    return {
        b.number: b
        for b in m.Board.objects.filter(round__event=event, round__number=number)
        .exclude(black=None)
        .select_related("white", "black")
    }


def _pair(page: Any, base: str, event: m.Event, number: int) -> dict[int, m.Board]:
    """Pair round ``number`` on the pairing page (its preview, then Publish); the round's
    games. A section bigger than ``CHESSARBITER_INLINE_PAIRING_MAX`` players is computed by
    a background job: Compute, the page follows the job and comes back with the proposal."""
    page.goto(f"{base}/manage/events/{event.pk}/pair/")
    if event.players.count() > settings.CHESSARBITER_INLINE_PAIRING_MAX:
        page.click("#compute")
        page.wait_for_selector("#job-status")
    page.click("#publish", timeout=120_000)
    page.wait_for_url(f"{base}/manage/events/{event.pk}/rounds/{number}/", timeout=120_000)
    page.wait_for_selector("#entry-bar[data-ready]")
    assert event.round_set.count() == number
    return _boards(event, number)


def _type(page: Any, board: int, key: str) -> None:
    """A result typed on the keyboard bar, and seen landing on its board's row."""
    page.fill("#entry-bar input[name=board]", "")
    page.type("#entry-bar input[name=board]", str(board))
    page.keyboard.press("Space")
    page.keyboard.press(key)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([n, v]) => { const r = document.querySelector('#board-' + n + ' select');"
        " return r && r.value === v && !document.querySelector('#entry-bar').dataset.busy; }",
        arg=[board, store.RESULT_KEYS[key]],
    )


def _enter_results(event: m.Event, number: int, keys: dict[int, str], user: User) -> None:
    """The other results of the round, entered through the service the round page's result
    endpoint calls (:func:`services.set_result`: the same validation and audit). The endpoint
    itself is driven from the keyboard here (boards 1, 10 and 142 of Open A) and for every
    board of a 142-board round by ``test_browser_keyboard.py``: 600 more posts through it
    would only make this test long."""
    boards = _boards(event, number)
    for n, key in sorted(keys.items()):
        services.set_result(boards[n].pk, user, store.RESULT_KEYS[key])


def _check_results(event: m.Event, number: int, keys: dict[int, str]) -> None:
    """Every game of the round holds the result meant for it (ORM)."""
    codes = {"1": ("1", "0"), "0": ("0", "1"), "=": ("=", "=")}
    saved = _boards(event, number)
    assert sorted(saved) == sorted(keys)
    for n, b in saved.items():
        assert (b.result, b.black_result) == codes[keys[n]], (event.name, number, n)


def _await_found(page: Any, family: str, n: int, boxes: int) -> None:
    """Wait for the search's answer: ``n`` players of ``family``, ``boxes`` of them with a
    checkbox (those not registered yet)."""
    page.wait_for_function(
        "([n, b, f]) => { const rows = document.querySelectorAll('#ratinglist-found tbody tr');"
        " return rows.length === n"
        " && document.querySelectorAll('input[form=register-selected]').length === b"
        " && Array.from(rows).every(r => r.cells[1].innerText.startsWith(f + ',')); }",
        arg=[n, boxes, family],
    )


def _rows(page: Any, table: str) -> list[list[str]]:
    rows: list[list[str]] = page.eval_on_selector_all(
        f"#{table} tbody tr",
        "rows => rows.map(r => Array.from(r.cells).map(c => c.innerText.trim()))",
    )
    return rows


def _ranking(event: m.Event) -> tuple[Any, list[Standing]]:
    """The library's ranking of the section after its last complete round."""
    t = store.tournament(event)
    rows = ranking(
        t, store.tiebreak_specs(event), complete_rounds(t), edition=event.tiebreak_edition
    )
    return t, rows


def _birth_year(birth: str) -> int:
    """The year of a TRF birth date (``YYYY/MM/DD`` or ``YYYY``), 0 when unknown."""
    year = birth[:4]
    return int(year) if year.isdigit() else 0


def _hort(amounts: list[int], k: int) -> list[int]:
    """Hort's sharing of the places ``amounts`` (0 beyond the paid places) among ``k`` tied
    players in tie-break order, written out here: half of one's own place's prize, and an
    equal part of the other halves, rounded down to whole euros."""
    paid = (amounts + [0] * k)[:k]
    pool = Decimal(sum(paid)) / 2
    return [int(Decimal(a) / 2 + pool / k) for a in paid]


def test_a_three_section_open_of_600_players_from_the_player_database(
    browser: Any, live_server: Any, tmp_path: Path, worker: None
) -> None:
    if not REAL_OPEN.is_file():
        pytest.skip("../shared not beside the checkout")
    started = time.monotonic()
    marks: dict[str, float] = {}
    hettler = may_create_events(User.objects.create_user("hettler", "", PASSWORD))
    base = live_server.url
    context = browser.new_context(
        locale="en-GB", viewport={"width": 1280, "height": 900}, accept_downloads=True
    )
    context.set_default_timeout(60_000)
    page = context.new_page()
    log_in(page, base, "hettler", PASSWORD)

    # -- 1. the player database: FIDE's rating list (316 players) uploaded ------------------
    listed = fd.players()
    assert len(listed) == 316
    rating_file = tmp_path / "players_list_foa.txt"
    rating_file.write_text(fd.rating_list_text(listed), encoding="utf-8")
    page.goto(f"{base}/manage/ratings/")
    page.set_input_files("#ratinglist-import input[type=file]", str(rating_file))
    page.click("#ratinglist-import button[type=submit]")
    page.wait_for_selector("text=316 players read: 316 added, 0 updated")
    assert m.RatingListPlayer.objects.count() == 316
    row = m.RatingListPlayer.objects.get(fide_id=listed[0].fide_id)
    assert (row.name, row.federation, row.standard) == (
        listed[0].name,
        listed[0].federation,
        listed[0].standard,
    )
    marks["database"] = time.monotonic()

    # -- 2. the event, its first section Open A and its 284 players from a TRF file -------
    page.goto(f"{base}/manage/events/new/")
    page.fill("#id_name", "Open A")
    page.fill("#id_city", "Frankfurt")
    page.fill("#id_start_date", START.isoformat())
    page.fill("#id_end_date", (START + datetime.timedelta(days=6)).isoformat())
    page.fill("#id_rounds", "7")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/*/")
    open_a = _section("Open A")
    festival = open_a.festival
    # the section's breadcrumb leads to the event's page, where the organiser names it
    page.click("#festival-crumb a")
    page.wait_for_url(f"{base}/manage/festivals/{festival.pk}/")
    page.fill("#festival-details [name=festival-name]", "Winter Open 2026")
    page.fill("#festival-details [name=festival-start_date]", START.isoformat())
    page.click("#festival-details button[type=submit]")
    page.wait_for_selector("h1:has-text('Winter Open 2026')")
    festival.refresh_from_db()
    assert festival.name == "Winter Open 2026" and festival.start_date == START

    page.goto(f"{base}/manage/events/{open_a.pk}/players/")
    upload = page.locator("form[action$='/players/import/']")
    upload.locator("select[name=kind]").select_option("trf")
    upload.locator("input[type=file]").set_input_files(str(REAL_OPEN))
    upload.locator("button[type=submit]").click()
    page.wait_for_selector("text=284 players registered.")
    assert open_a.players.count() == 284 and not open_a.round_set.exists()

    # -- the sections Open B and Under 18, added on the event's page ----------------------
    for name in ("Open B", "Under 18"):
        page.goto(f"{base}/manage/festivals/{festival.pk}/")
        form = page.locator("#section-add")
        form.locator("[name=section-name]").fill(name)
        form.locator("[name=section-system]").select_option("swiss")
        form.locator("[name=section-rounds]").fill("7" if name == "Open B" else "5")
        form.locator("[name=section-copy_from]").select_option(label="Open A")
        form.locator("button[type=submit]").click()
        page.wait_for_selector(f"#festival-crumb strong:has-text('{name}')")
    open_b, under_18 = _section("Open B"), _section("Under 18")
    assert open_b.festival_id == under_18.festival_id == festival.pk
    assert open_b.system == under_18.system == m.Event.System.SWISS
    assert (open_b.rounds, under_18.rounds, open_b.public) == (7, 5, True)
    # the breadcrumb of every section names its siblings
    crumb = page.locator("#festival-crumb").inner_text()
    assert all(s in crumb for s in ("Winter Open 2026", "Open A", "Open B", "Under 18"))

    # -- registering the database's players from its search pages -------------------------
    searches: list[tuple[m.Event, str, str]] = [(open_b, f, "") for f in fd.ADULT_FAMILIES]
    searches[-1:] = [(open_b, "Jansen", "NED"), (open_b, "Jansen", "BEL")]
    searches += [(under_18, f, "") for f in fd.JUNIOR_FAMILIES]

    def registered(family: str) -> int:
        return m.Player.objects.filter(
            event__festival=festival, name__startswith=family + ","
        ).count()

    for section, family, federation in searches:
        expected = sorted(
            p.name
            for p in listed
            if p.family == family and (not federation or p.federation == federation)
        )
        assert 0 < len(expected) <= 20
        before = section.players.count()
        page.goto(f"{base}/manage/events/{section.pk}/players/database/")
        # the name's beginning, then the federation: each answer awaited (each field asks
        # the server on its own)
        page.fill("#ratinglist-q", family)
        if federation:
            unregistered = sum(1 for p in listed if p.family == family) - registered(family)
            _await_found(page, family, 20, unregistered)
            page.fill("#ratinglist-federation", federation)
        _await_found(page, family, len(expected), len(expected))
        boxes = page.locator("#ratinglist-found input[form=register-selected]")
        names = [r[1] for r in _rows(page, "ratinglist-found")]
        assert sorted(names) == expected, (family, federation)
        page.click("#register-selected button[type=button]")  # Select all
        assert boxes.count() == len(expected)
        assert all(boxes.nth(i).is_checked() for i in range(len(expected)))
        page.click("#register-selected button[type=submit]")
        page.wait_for_selector(f"text={len(expected)} players registered.")
        assert section.players.count() == before + len(expected)
        # the search shows them registered now
        assert page.locator("#ratinglist-found .badge").count() >= len(expected)
    assert (open_b.players.count(), under_18.players.count()) == (200, 116)
    # the database's fields came with them (the section's time control: standard ratings)
    tim = open_b.players.get(name=fd.MOVED)
    listed_tim = next(p for p in listed if p.name == fd.MOVED)
    assert tim.fide_id == str(listed_tim.fide_id)
    assert (tim.federation, tim.rating, str(listed_tim.birth) in tim.birth_date) == (
        listed_tim.federation,
        listed_tim.standard or 0,
        True,
    )
    marks["registered"] = time.monotonic()

    # -- a junior entered in Open B by mistake moves to Under 18 --------------------------
    page.goto(f"{base}/manage/events/{open_b.pk}/players/")
    page.click(f"#players a:text-is('{fd.MOVED}')")
    page.wait_for_selector("#move-player")
    page.select_option("#move-player select", label="Under 18")
    page.click("#move-player button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/{open_b.pk}/players/")
    page.wait_for_selector(f"text={fd.MOVED} moved to Under 18.")
    assert not open_b.players.filter(name=fd.MOVED).exists()
    assert under_18.players.filter(name=fd.MOVED, fide_id=tim.fide_id).exists()
    # the move closed the gap it left in Open B's pairing numbers
    numbers = list(open_b.players.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, 200))
    # registered in search order, not by rating: the pairing page says so before round 1,
    # and its button orders the section by rating, title and name (C.04.2 B)
    for section in (open_b, under_18):
        page.goto(f"{base}/manage/events/{section.pk}/pair/")
        assert "not in the initial order" in page.inner_text("#numbering-problem")
        page.click("#numbering-problem button[type=submit]")
        page.wait_for_selector("text=Pairing numbers set by rating, title and name.")
        numbered = list(section.players.order_by("number").values_list("number", "rating"))
        assert [n for n, _r in numbered] == list(range(1, len(numbered) + 1))
        ratings = [r or 0 for _n, r in numbered]
        assert ratings == sorted(ratings, reverse=True), section.name
    counts = [s.players.count() for s in (open_a, open_b, under_18)]
    assert counts == [284, 199, 117] and sum(counts) == 600
    page.goto(f"{base}/manage/festivals/{festival.pk}/")
    assert [(r[0], r[2]) for r in _rows(page, "sections")] == [
        ("Open A", "284"),
        ("Open B", "199"),
        ("Under 18", "117"),
    ]
    shot(page, "festival-sections")

    # -- 3. two rounds in each section -----------------------------------------------------
    # Open A: round 1 drawn but boards 1-4 (two white wins, two black wins); round 2 drawn
    # but the first game of two 1-pointers (a white win): one leader on 2, two on 1½
    for number in (1, 2):
        boards = _pair(page, base, open_a, number)
        assert sorted(boards) == list(range(1, 143))
        keys = {n: "=" for n in boards}
        if number == 1:
            keys.update({1: "1", 2: "1", 3: "0", 4: "0"})
        else:
            scores = store.tournament(open_a).scores()
            leaders = [
                n
                for n, b in sorted(boards.items())
                if b.black is not None and scores[b.white.number] == scores[b.black.number] == 1
            ]
            assert len(leaders) == 2, leaders  # the four 1-pointers meet
            keys[leaders[0]] = "1"
        typed = (1, 10, 142) if number == 1 else (leaders[0], 10, 142)
        for n in typed:
            _type(page, n, keys[n])
        for n in typed:  # each landed on its own board, and only there
            b = m.Board.objects.get(pk=boards[n].pk)
            assert store.RESULT_KEYS[keys[n]] == store.result_choice(b.result, b.black_result)
        assert m.Board.objects.filter(round__event=open_a, round__number=number).exclude(
            result=""
        ).count() == len(typed)
        _enter_results(open_a, number, {n: k for n, k in keys.items() if n not in typed}, hettler)
        _check_results(open_a, number, keys)
        if number == 2:
            page.reload()
            page.wait_for_selector("#entry-bar[data-ready]")
            assert page.locator("#boards select").count() == 142
            assert page.locator("#board-142 select").input_value() == "="
            shot(page, "festival-open-a-round-2")
    marks["open_a"] = time.monotonic()

    for section in (open_b, under_18):
        for number in (1, 2):
            boards = _pair(page, base, section, number)
            assert len(boards) == section.players.count() // 2  # one bye: odd players
            keys = {n: "10="[(n + number) % 3] for n in boards}
            _type(page, 1, keys[1])
            _enter_results(section, number, {n: k for n, k in keys.items() if n != 1}, hettler)
            _check_results(section, number, keys)
    for section in (open_a, open_b, under_18):
        assert complete_rounds(store.tournament(section)) == 2
        assert not m.Board.objects.filter(round__event=section, result="").exists()
    marks["rounds"] = time.monotonic()

    # -- 4. Open A's category standings, against the library ------------------------------
    t, rows = _ranking(open_a)
    assert [float(s.points) for s in rows[:4]] == [2, 1.5, 1.5, 1]
    players = {p.number: p for p in t}
    checked: dict[str, Callable[[int], bool]] = {
        "RATING<2000": lambda n: 0 < (players[n].rating or 0) < 2000,
        # a senior has reached 50 by 31 December of the reference date's year
        "50+": lambda n: 0 < _birth_year(players[n].birth_date) <= REFERENCE.year - 50,
        "F": lambda n: players[n].sex.lower() in ("f", "w"),
    }
    for text, member in checked.items():
        page.goto(f"{base}/manage/events/{open_a.pk}/lists/categories/")
        page.fill("#id_category", text)
        page.click("main form.card button[type=submit]")
        page.wait_for_selector("#category-standings")
        shown = _rows(page, "category-standings")
        expected_rows = category_ranking(t, rows, parse_category(text), reference_date=REFERENCE)
        assert [(r[0], r[1], int(r[2]), r[3]) for r in shown] == [
            (c.shared, c.standing.shared, c.standing.pairing_number, _title_name(c.standing))
            for c in expected_rows
        ], text
        # and the members are the players the category describes
        assert {c.standing.pairing_number for c in expected_rows} == {
            n for n in players if member(n)
        }, text
        assert 0 < len(shown) < 284
        if text == "50+":
            # the browser asks for en-GB: the date as British English writes it
            with translation.override("en-gb"):
                day = formats.date_format(REFERENCE, "DATE_FORMAT")
            assert day == "1 Jan 2026"
            assert f"Ages on {day}." in page.inner_text("main")
            shot(page, "festival-category-50plus")

    # -- the prize table typed in the browser, and the prize list -------------------------
    page.goto(f"{base}/manage/events/{open_a.pk}/prizes/table/")
    page.fill("textarea[name=prize_table]", PRIZE_TABLE)
    page.click("main form button[type=submit]")
    page.wait_for_url(f"{base}/manage/events/{open_a.pk}/prizes/")
    page.wait_for_selector("#prize-list")
    open_a.refresh_from_db()
    assert open_a.prize_table.replace("\r\n", "\n") == PRIZE_TABLE  # a form's line ends
    table = parse_prize_table(PRIZE_TABLE)
    t, rows = _ranking(open_a)
    expected_prizes = allocate(table, rows, category_members(table, t))
    shown = _rows(page, "prize-list")
    assert len(shown) == len(expected_prizes.awards) > 8
    for line, award in zip(shown, expected_prizes.awards, strict=True):
        assert (line[0], line[1]) == (award.place, award.name)
        amount = line[4].removesuffix(" EUR").replace(",", "")
        assert (Decimal(amount) if amount else Decimal(0)) == award.amount, line
    # the two players on 1½ share the 2nd and 3rd prizes by Hort's rule; they are equal on
    # every tie-break too (both drew against equal scores), so the half that the tie-break
    # order would give is divided equally as well (lots alone could part them, C.07 4.2)
    tied = [s for s in rows if s.points == Decimal("1.5")]
    assert [(s.rank, s.last_rank) for s in tied] == [(2, 3), (2, 3)]
    hort = _hort([700, 500], 2)
    assert hort == [650, 550]  # what tie-breaks parting them would give
    got = {line[1]: line[4] for line in shown}
    assert [got[s.name] for s in tied] == [f"{sum(hort) // 2} EUR"] * 2 == ["600 EUR"] * 2
    leader = rows[0]
    assert got[leader.name] == "1000 EUR"
    print(f"\nprize list: {len(shown)} lines")
    shot(page, "festival-prize-list", full_page=False)  # its top: a full page takes long
    marks["prizes"] = time.monotonic()

    # -- the public page lists the three sections ------------------------------------------
    anon = browser.new_context(locale="en-GB", viewport={"width": 420, "height": 900})
    public = anon.new_page()
    public.goto(f"{base}/festivals/{festival.pk}/")
    assert public.locator("h1").inner_text() == "Winter Open 2026"
    assert [(r[0], r[2]) for r in _rows(public, "sections")] == [
        ("Open A", "284"),
        ("Open B", "199"),
        ("Under 18", "117"),
    ]
    anon.close()
    marks["lists"] = time.monotonic()

    # -- 5. the lists printed: printable pages as PDF, the ZIP, the TRF of each section ----
    ARTIFACTS.mkdir(exist_ok=True)
    printed = {
        "standings": "exports/standings.html",
        "category-50plus": "exports/category.html?category=50%2B",
        "prize-list": "exports/prizes.html",
    }
    for name, path in printed.items():
        page.goto(f"{base}/manage/events/{open_a.pk}/{path}")
        text = page.inner_text("body")
        assert rows[0].name in text, name
        page.emulate_media(media="print")
        pdf = ARTIFACTS / f"festival-open-a-{name}.pdf"
        page.pdf(path=str(pdf), format="A4")
        data = pdf.read_bytes()
        assert data.startswith(b"%PDF-") and len(data) > 5_000, name
        if name == "standings":  # 284 lines do not fit on one page
            assert data.count(b"/Type /Page") - data.count(b"/Type /Pages") >= 2
        page.emulate_media(media="screen")

    page.goto(f"{base}/manage/events/{open_a.pk}/")
    with page.expect_download() as download:
        page.click("a[href$='/exports/all.zip']")
    archive = zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes()))
    files = set(archive.namelist())
    for listed_name in (
        "start-list",
        "round-01-pairings",
        "round-02-results",
        "standings",
        "crosstable",
        "prize-list",
    ):
        assert any(f.endswith(f"/{listed_name}.csv") for f in files), listed_name
        assert any(f.endswith(f"/{listed_name}.html") for f in files), listed_name
    standings_csv = next(f for f in files if f.endswith("/standings.csv"))
    assert archive.read(standings_csv).decode("utf-8").count("\n") >= 285
    prizes_csv = archive.read(next(f for f in files if f.endswith("/prize-list.csv")))
    assert leader.name in prizes_csv.decode("utf-8")

    sizes = {open_a: 284, open_b: 199, under_18: 117}
    for section, size in sizes.items():
        r = page.request.get(f"{base}/manage/events/{section.pk}/export.trf?dialect=2026")
        assert r.status == 200 and r.headers["content-type"].startswith("text/plain"), r.url
        back = trf.loads(r.text(), f"{section.name}.trf")
        assert len(list(back)) == size, section.name
        assert all(len(p.results) == 2 for p in back), section.name

    # the event's ZIP: every section's lists and TRF file, for the chief arbiter's report
    page.goto(f"{base}/manage/festivals/{festival.pk}/")
    with page.expect_download() as download:
        page.click("#festival-lists")
    archive = zipfile.ZipFile(io.BytesIO(Path(download.value.path()).read_bytes()))
    files = set(archive.namelist())
    assert not [f for f in files if f.endswith("PROBLEM.txt")], files
    for section, size in sizes.items():
        folder = section.name.lower().replace(" ", "-")
        assert {f"{folder}/standings.csv", f"{folder}/round-02-results.html"} <= files
        back = trf.loads(archive.read(f"{folder}/{folder}.trf").decode("utf-8"), folder)
        assert len(list(back)) == size, section.name
    marks["exports"] = time.monotonic()
    context.close()
    steps = []
    last = started
    for step, at in marks.items():
        steps.append(f"{step} {at - last:.1f} s")
        last = at
    print(f"\nfestival: {'; '.join(steps)}; whole test {time.monotonic() - started:.1f} s")


def _title_name(s: Standing) -> str:
    """A player's name as a list prints it: his title (GM, IM...) before it."""
    return f"{display_title(s.title)} {s.name}" if s.title else s.name
