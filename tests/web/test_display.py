"""Display like arbiters expect: titles as GM/IM/WGM... (never the TRF16 codes g/m/wg), a
federation column, both players' ratings on every board, tie-break values in one form on every
page and export, dates in the user's locale.

The pages are those of a real event: the 284-player open of
``../shared/real/sharly-chess/trf/example_trf16.trf`` (TRF16 title codes ``g``, ``m``, ``f``,
``wf``; federations on some players), imported as an arbiter uploads it.
"""

from __future__ import annotations

import csv
import datetime
import html
import io
import re
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.formatting import format_tiebreak
from chessarbiter.model.player import FIDE_TITLE_NAMES, TRF_TITLE_CODES, display_title
from chessarbiter.output import standings_csv, standings_html
from chessarbiter.standings import complete_rounds, ranking
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store
from chessarbiter.web.events.templatetags.chess_display import federation_of, fide_title, tiebreak

from .conftest import import_real_open, login, play_round

TIEBREAKS = "BH/C1,SB,AOB,ARO"

# -- the title as arbiters write it ----------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("g", "GM"),
        ("m", "IM"),
        ("f", "FM"),
        ("c", "CM"),
        ("wg", "WGM"),
        ("wm", "WIM"),
        ("wf", "WFM"),
        ("wc", "WCM"),
    ],
)
def test_every_trf16_title_code_is_shown_as_arbiters_write_it(code: str, shown: str) -> None:
    """TRF16 record 001 columns 11-13: each code, as read (right-aligned, any case)."""
    assert display_title(code) == shown
    assert display_title(f"{code:>3}") == shown
    assert display_title(code.upper()) == shown
    assert TRF_TITLE_CODES[code] == shown


@pytest.mark.parametrize("title", sorted(FIDE_TITLE_NAMES))
def test_every_trf2026_title_is_kept(title: str) -> None:
    """TRF-2026 record 001 writes the titles in full: kept, in capitals."""
    assert display_title(title) == title
    assert display_title(title.lower()) == title
    assert display_title(f" {title}") == title


def test_the_eight_titles_and_nothing_else() -> None:
    assert set(TRF_TITLE_CODES.values()) == FIDE_TITLE_NAMES
    assert {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"} == FIDE_TITLE_NAMES


@pytest.mark.parametrize(("stored", "shown"), [("", ""), ("   ", ""), ("KM", "KM"), (" x", "x")])
def test_no_title_or_another_title_is_shown_as_written(stored: str, shown: str) -> None:
    """A national title or a slip is not hidden, nor guessed at."""
    assert display_title(stored) == shown


def test_the_template_filter_is_the_library_function() -> None:
    assert fide_title("wg") == "WGM"
    assert fide_title(None) == ""


# -- tie-break values in one form ------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("31", "31"),
        ("31.0", "31"),
        ("31.00", "31"),
        ("6.5", "6.5"),
        ("6.50", "6.5"),
        ("25.25", "25.25"),
        ("0", "0"),
        ("0.00", "0"),
        ("-0.0", "0"),
        ("-1.5", "-1.5"),
        ("2.3E+3", "2300"),
        ("1E+1", "10"),
        ("0.125", "0.13"),
        ("0.005", "0.01"),
        ("2395", "2395"),
    ],
)
def test_format_tiebreak(value: str, shown: str) -> None:
    assert format_tiebreak(Decimal(value)) == shown


def test_format_tiebreak_rounds_an_unending_average_half_up() -> None:
    assert format_tiebreak(Decimal(2) / 3) == "0.67"
    assert format_tiebreak(Decimal(1) / 3) == "0.33"


@settings(max_examples=80, deadline=None)
@given(st.decimals(min_value=-10_000, max_value=10_000, places=2, allow_nan=False))
def test_format_tiebreak_is_exact_and_trimmed_for_every_c07_value(value: Decimal) -> None:
    """Every value with at most two decimals (all C.07 values) is written exactly, without
    trailing zeros, exponent or comma."""
    text = format_tiebreak(value)
    assert Decimal(text) == value
    assert re.fullmatch(r"-?\d+(\.\d*[1-9])?", text), text


def test_the_tiebreak_filter() -> None:
    assert tiebreak(Decimal("31.50")) == "31.5"
    with translation.override("ru"):
        assert tiebreak(Decimal("31.50")) == "31,5"
    assert tiebreak((Decimal("2.0"), Decimal("1.5"))) == "2 1.5"  # board by board (C.07 12)
    assert tiebreak(None) == ""
    assert tiebreak("n/a") == "n/a"
    assert federation_of({1: "CHI"}, 1) == "CHI"
    assert federation_of({1: "CHI"}, 2) == ""


# -- the pages of a real open ----------------------------------------------------------------


def _cells(page: str, table_id: str) -> list[list[str]]:
    """The text of each body row's cells of the table ``table_id``."""
    table = page.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    return [
        [
            html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, flags=re.S)
        ]
        for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, flags=re.S)
    ]


def _headers(page: str, table_id: str) -> list[str]:
    table = page.split(f'id="{table_id}"', 1)[1].split("</thead>", 1)[0]
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<th[^>]*>(.*?)</th>", table)]


def _titles(page: str) -> set[str]:
    return set(re.findall(r'<span class="chess-title">([^<]*)</span>', page))


@pytest.fixture
def open_event(client: Client, chief: User) -> m.Event:
    ev = import_real_open(client, chief, tiebreaks=TIEBREAKS, start_date=datetime.date(2005, 7, 28))
    ev.refresh_from_db()
    return ev


def _get(client: Client, url: str, **headers: Any) -> str:
    r = client.get(url, **headers)
    assert r.status_code == 200, url
    return r.content.decode()


def test_the_arbiters_pages_of_a_real_open(client: Client, open_event: m.Event) -> None:
    pk = open_event.pk
    vasquez = "Vasquez,Rodrigo"

    players = _get(client, reverse("arbiter:players", args=[pk]))
    rows = _cells(players, "players")
    title_col = _headers(players, "players").index("Title")
    fed_col = _headers(players, "players").index("Fed.")
    by_name = {r[1]: r for r in rows}
    assert by_name[vasquez][title_col] == "GM"
    assert by_name[vasquez][fed_col] == "CHI"
    shown = {r[title_col] for r in rows} - {""}
    assert shown == {"GM", "IM", "FM", "WFM"}  # the file's g, m, f and wf
    assert not shown & set(TRF_TITLE_CODES)

    standings = _get(client, reverse("arbiter:standings", args=[pk]))
    heads = _headers(standings, "standings")
    assert heads[:8] == ["Place", "No.", "Name", "Fed.", "Rating", "±", "Norms", "Pts"]
    rows = _cells(standings, "standings")
    assert len(rows) == 284
    line = next(r for r in rows if vasquez in r[2])
    assert line[2] == f"GM {vasquez}" and line[3] == "CHI" and line[4] == "2558"
    assert line[5:7] == ["-1", ""]  # B.02 8.3: 10 × (6 − 6.08), rounded; no norm in 7 rounds
    assert _titles(standings) == {"GM", "IM", "FM", "WFM"}

    # the tie-break cells: the library's values, each through format_tiebreak
    t = store.tournament(open_event)
    table = ranking(t, TIEBREAKS, complete_rounds(t), edition=open_event.tiebreak_edition)
    names = list(table[0].tiebreaks)
    expected = {s.pairing_number: [format_tiebreak(s.tiebreaks[n]) for n in names] for s in table}
    assert {int(r[1]): r[8:] for r in rows} == expected
    assert any("." in v for v in expected[1] + expected[2]), "AOB gives hundredths"
    # and the exports write them the same
    csv_rows = list(csv.reader(io.StringIO(standings_csv(table))))
    assert csv_rows[0][7:] == names
    assert {int(r[2]): r[7:] for r in csv_rows[1:]} == expected
    printed = standings_html(table, "Open")
    assert f"<td>{expected[table[0].pairing_number][2]}</td>" in printed
    assert f"GM {vasquez}" in printed and ">g " not in printed

    crosstable = _get(client, reverse("arbiter:crosstable", args=[pk]))
    assert _headers(crosstable, "crosstable")[3:5] == ["Fed.", "Rating"]
    line = next(r for r in _cells(crosstable, "crosstable") if vasquez in r[2])
    assert line[2:5] == [f"GM {vasquez}", "CHI", "2558"]

    round1 = _get(client, reverse("arbiter:round", args=[pk, 1]))
    heads = _headers(round1, "boards")
    assert heads == [
        *("Board", "No.", "White", "Fed.", "Rating", "Pts", "Result"),
        *("Pts", "Black", "Fed.", "Rating", "No."),
    ]
    boards = _cells(round1, "boards")
    ratings = {p.number: p.rating for p in t}
    for board in boards:
        white, black = int(board[1]), int(board[-1])
        assert board[4] == str(ratings[white] or "") and board[10] == str(ratings[black] or "")
    first = next(b for b in boards if b[1] == "1")
    assert first[2] == f"GM {vasquez}" and first[3] == "CHI"

    printed_pairings = _get(client, reverse("arbiter:print_round", args=[pk, "pairings", 1]))
    assert f"GM {vasquez}" in printed_pairings and ">2558<" in printed_pairings
    printed_standings = _get(client, reverse("arbiter:print", args=[pk, "standings"]))
    assert _cells(printed_standings, "standings") == rows


def test_the_public_pages_of_a_real_open(open_event: m.Event) -> None:
    pk = open_event.pk
    public = Client()
    standings = _get(public, reverse("public:standings", args=[pk]))
    assert '<th class="hide-narrow">Fed.</th>' in standings
    assert _titles(standings) == {"GM", "IM", "FM", "WFM"}
    rows = _cells(standings, "standings")
    assert any(r[2] == "GM Vasquez,Rodrigo" and r[3] == "CHI" for r in rows)

    round7 = _get(public, reverse("public:round", args=[pk, 7]))
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", round7.split('class="pairings"', 1)[1])
    assert heads[:10] == [
        *("Board", "White", "Fed.", "Rating", "Pts", "Result"),
        *("Pts", "Black", "Fed.", "Rating"),
    ]
    assert _titles(round7) <= FIDE_TITLE_NAMES

    crosstable = _get(public, reverse("public:crosstable", args=[pk]))
    assert "CHI" in crosstable and _titles(crosstable) <= FIDE_TITLE_NAMES

    card = _get(public, reverse("public:player", args=[pk, 1]))
    assert "GM · " in card and "g · " not in card


def test_a_round_robin_grid_and_the_proposed_pairing(client: Client, chief: User) -> None:
    """A round robin's grid has its federation column; the proposed pairing shows titles and
    both players' ratings."""
    ev = services.create_event(chief, name="RR", system="roundrobin", rounds=3, tiebreaks="SB")
    services.add_players(
        ev,
        chief,
        [
            {"name": "Ann", "rating": 2100, "federation": "FRA", "title": "wg"},
            {"name": "Bob", "rating": 2000, "federation": "GER"},
            {"name": "Cid", "rating": 1900, "federation": "ESP"},
            {"name": "Dan", "rating": 1800, "federation": "ITA", "title": "c"},
        ],
    )
    play_round(ev, chief, "=")
    login(client, chief)
    page = _get(client, reverse("arbiter:crosstable", args=[ev.pk]))
    assert _headers(page, "crosstable")[:3] == ["No.", "Name", "Fed."]
    assert {r[1]: r[2] for r in _cells(page, "crosstable")} == {
        "Ann": "FRA",
        "Bob": "GER",
        "Cid": "ESP",
        "Dan": "ITA",
    }
    players = _get(client, reverse("arbiter:players", args=[ev.pk]))
    assert {r[1]: r[2] for r in _cells(players, "players")}["Ann"] == "WGM"
    # the proposed pairing shows both players' ratings
    proposal = _get(client, reverse("arbiter:pair", args=[ev.pk]))
    cells = _cells(proposal, "proposal")
    assert all(len(c) == 11 for c in cells if c[0])
    shown = {c[2]: c[4] for c in cells if c[0]} | {c[7]: c[9] for c in cells if c[0]}
    expected = {"WGM Ann": "2100", "Bob": "2000", "Cid": "1900", "CM Dan": "1800"}
    assert shown == {k: v for k, v in expected.items() if k in shown}
    assert len(shown) == 4


# -- dates in the user's locale --------------------------------------------------------------


def test_dates_follow_the_users_language(client: Client, open_event: m.Event) -> None:
    pk = open_event.pk
    ru = _get(client, reverse("arbiter:home"), HTTP_ACCEPT_LANGUAGE="ru")
    en = _get(client, reverse("arbiter:home"), HTTP_ACCEPT_LANGUAGE="en")
    assert "28.07.2005" in ru and "07/28/2005" not in ru
    assert "07/28/2005" in en and "28.07.2005" not in en

    public = Client()
    event_ru = _get(public, reverse("public:event", args=[pk]), HTTP_ACCEPT_LANGUAGE="ru")
    assert "28 июля 2005" in event_ru

    paired = m.Round.objects.get(event=open_event, number=1).paired_at
    day = paired.astimezone(datetime.UTC).date()
    round_ru = _get(client, reverse("arbiter:round", args=[pk, 1]), HTTP_ACCEPT_LANGUAGE="ru")
    round_en = _get(client, reverse("arbiter:round", args=[pk, 1]), HTTP_ACCEPT_LANGUAGE="en")
    assert day.strftime("%d.%m.%Y") in round_ru
    assert day.strftime("%m/%d/%Y") in round_en

    audit = _get(client, reverse("arbiter:audit", args=[pk]), HTTP_ACCEPT_LANGUAGE="ru")
    assert re.search(r"<td>\d\d\.\d\d\.\d{4} \d\d:\d\d</td>", audit)


def test_tiebreaks_have_the_same_digits_in_every_language(open_event: m.Event) -> None:
    """One form in every language; only the decimal separator is the language's own."""
    public = Client()
    url = reverse("public:standings", args=[open_event.pk])
    ru = _cells(_get(public, url, HTTP_ACCEPT_LANGUAGE="ru"), "standings")
    en = _cells(_get(public, url, HTTP_ACCEPT_LANGUAGE="en"), "standings")
    assert [[v.replace(".", ",") for v in r[6:]] for r in en] == [r[6:] for r in ru]
    assert any("," in v for r in ru for v in r[6:])
