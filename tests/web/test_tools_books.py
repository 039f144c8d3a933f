"""The source books' calculators on ``/tools/`` and the Varma tables of the web round robin.

Every answer on the page is the library's for the same input (dead position: Laws Commentary
1997 / Laws 2023 art. 5.2.2; a player who cannot keep score: Laws 1997 / 2023 art. 8.1.6;
persistent refusal: Laws 1997 / 2023 art. 11.7; the freed clock, the simul contest and the
radio match: Team Competitions 1972); bad input is the library's message next to the form,
never a server error. The Varma draw is C.05 Annex 2 with the federations kept apart.
"""

from __future__ import annotations

import datetime as dt
import html
import shutil
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.pairing import roundrobin
from chessarbiter.special import consultation as cs
from chessarbiter.special import handicap as hc
from chessarbiter.special import radio as rd
from chessarbiter.special import simul as sm
from chessarbiter.special import unclocked
from chessarbiter.timecontrol import flag, laws
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services
from chessarbiter.web.public import tools as calculators

from .browser import CHROMIUM, launch
from .conftest import login

LONE_KNIGHT = "8/8/4k3/8/8/8/2K5/1N6 b - - 0 1"  # K+N v K: nobody can mate
LOCKED = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1"
ROOK_MATE = "7k/8/6K1/8/8/8/8/R7 w - - 0 1"  # white mates at once (Ra8#)
BISHOP_AND_KNIGHT = "8/2k5/8/3b4/8/8/2K1N3/8 w - - 0 1"  # mate possible, but far away


def page(client: Client, **query: str) -> str:
    response = client.get("/tools/", query)
    assert response.status_code == 200, response.status_code
    return html.unescape(response.content.decode())


def error_of(text: str) -> str:
    """The message shown next to the form (``id="tool-error"``)."""
    start = text.index('id="tool-error"')
    return text[text.index(">", start) + 1 : text.index("</li>", start)]


# -- dead position ---------------------------------------------------------------------------


@pytest.mark.parametrize("fen", [LONE_KNIGHT, LOCKED, ROOK_MATE])
def test_dead_position_is_the_librarys_answer(client: Client, db: object, fen: str) -> None:
    expected = flag.dead_position(fen)
    text = page(client, tool="dead", fen=fen)
    assert 'id="dead-result"' in text
    assert expected.reason in text and expected.rule in text
    if expected.dead:
        assert "Dead position: the game is drawn (1/2-1/2)" in text
    else:
        assert "Not a dead position" in text and " ".join(expected.line) in text


def test_dead_position_cannot_tell_within_the_bound(client: Client, db: object) -> None:
    expected = flag.dead_position(BISHOP_AND_KNIGHT, max_plies=3, node_limit=200)
    assert expected.dead is None
    text = page(client, tool="dead", fen=BISHOP_AND_KNIGHT, max_plies="3", node_limit="200")
    assert "Cannot tell" in text and expected.reason in text


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, None),  # the library's: no kings
        ({"fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, None),  # stalemate: the game is over
        ({"fen": "x" * 121}, "fen: at most 120 characters, not 121"),
        ({"fen": LONE_KNIGHT, "max_plies": "21"}, "max_plies: a whole number from 0 to 20"),
        ({"fen": LONE_KNIGHT, "node_limit": "0"}, "node_limit: a whole number from 1 to 20000"),
        ({"fen": LONE_KNIGHT, "node_limit": "20001"}, "from 1 to 20000, not '20001'"),
        ({"fen": LONE_KNIGHT, "max_plies": "٣"}, "max_plies: a whole number"),  # not ASCII
    ],
)
def test_dead_position_bad_input(
    client: Client, db: object, query: dict[str, str], message: str | None
) -> None:
    text = page(client, tool="dead", **query)
    if message is None:
        with pytest.raises(ChessArbiterError) as caught:
            flag.dead_position(query["fen"])
        message = str(caught.value)
    assert message in error_of(text)
    assert 'id="dead-result"' not in text


# -- a player who cannot keep score; persistent refusal ---------------------------------------


def test_scoresheet_time(client: Client, db: object) -> None:
    expected = laws.scoresheet_deduction(5400, 600, 1997)
    text = page(client, tool="scoresheet", laws="1997", allotted="1:30:00", deduction="10:00")
    assert f"Starts with {expected.start_time} s ({expected.deducted} s deducted)" in text
    assert expected.rule in text
    assert "Starts with 4800 s" in text  # 90 min less 10 (Laws Commentary 1997)


@pytest.mark.parametrize(
    ("query", "call"),
    [
        ({"laws": "1984", "allotted": "5400", "deduction": "600"}, (5400, 600, 1984)),
        ({"laws": "2023", "allotted": "600", "deduction": "601"}, (600, 601, 2023)),
    ],
)
def test_scoresheet_refusals_are_the_librarys(
    client: Client, db: object, query: dict[str, str], call: tuple[int, int, int]
) -> None:
    with pytest.raises(ChessArbiterError) as caught:
        laws.scoresheet_deduction(*call)
    assert error_of(page(client, tool="scoresheet", **query)) == str(caught.value)


def test_scoresheet_unreadable_time(client: Client, db: object) -> None:
    text = page(client, tool="scoresheet", allotted="ninety", deduction="10")
    assert "is not seconds" in error_of(text)


@pytest.mark.parametrize(
    ("offender", "fen", "edition", "points"),
    [
        ("white", LONE_KNIGHT.replace(" b ", " w "), "1997", "0.5"),  # black cannot win
        ("black", ROOK_MATE, "2023", "1"),
        ("black", "", "2023", "1"),  # no position: the arbiter decides
    ],
)
def test_persistent_refusal(
    client: Client, db: object, offender: str, fen: str, edition: str, points: str
) -> None:
    expected = laws.persistent_refusal(offender, edition, fen=fen or None)
    assert str(expected.opponent_points) == points
    text = page(client, tool="refusal", offender=offender, fen=fen, laws=edition)
    opponent = "black" if offender == "white" else "white"
    assert f"{offender} 0, {opponent} {points}" in text
    assert expected.reason in text and expected.rule in text
    assert ("(the arbiter decides)" in text) is (not expected.certain)


def test_persistent_refusal_bad_input(client: Client, db: object) -> None:
    with pytest.raises(ChessArbiterError) as caught:
        laws.persistent_refusal("white", 1984)
    assert error_of(page(client, tool="refusal", offender="white", laws="1984")) == str(
        caught.value
    )
    assert "write white or black" in error_of(page(client, tool="refusal", offender="grey"))
    assert "at most 10 characters" in error_of(page(client, tool="refusal", offender="w" * 11))


# -- the freed clock -------------------------------------------------------------------------


def test_freed_clock_with_and_without_a_scoresheet(client: Client, db: object) -> None:
    sheet = unclocked.freed_clock(4000, moves_made=25, control=40)
    text = page(
        client, tool="freed", remaining="4000", scoresheet="1", moves_made="25", control_move="40"
    )
    assert f"Each player: {sheet.each} s for {sheet.moves} moves" in text
    assert "Each player: 2000 s for 15 moves" in text and sheet.rule in text
    none = unclocked.freed_clock(4000)
    text = page(client, tool="freed", remaining="1:06:40", moves_made="25")  # no scoresheet
    assert f"Each player: {none.each} s for {none.moves} moves" in text
    assert "for 16 moves" in text and none.rule in text  # 2000 s at 2 minutes a move


def test_freed_clock_refusals(client: Client, db: object) -> None:
    with pytest.raises(ChessArbiterError) as caught:
        unclocked.freed_clock(1800)
    assert error_of(page(client, tool="freed", remaining="30:00")) == str(caught.value)
    with pytest.raises(ChessArbiterError) as caught:
        unclocked.freed_clock(4000, moves_made=25)
    text = page(client, tool="freed", remaining="4000", scoresheet="1", moves_made="25")
    assert error_of(text) == str(caught.value)
    text = page(client, tool="freed", remaining="4000", scoresheet="1", moves_made="-1")
    assert "moves_made: a whole number from 0 to 10000" in error_of(text)


# -- simul contest and radio match -----------------------------------------------------------


def test_simul_contest_is_the_librarys_ranking(client: Client, db: object) -> None:
    lines = "Tal, 15½, 2:35, 20\nPetrosian, 17, 3:15, 20\nSmyslov, 16, 2:50, 20\n"
    expected = sm.simul_contest(
        [
            sm.SimulResult("Tal", Decimal("15.5"), 155, 20),
            sm.SimulResult("Petrosian", Decimal(17), 195, 20),
            sm.SimulResult("Smyslov", Decimal(16), 170, 20),
        ],
        10,
    )
    answer = calculators.answer({"tool": "simul", "results": lines, "per": "10"})
    got = [(r.place, r.exhibitor, r.adjusted) for r in answer["simul"]["rows"]]
    assert got == [(s.place, s.exhibitor, format(s.adjusted.normalize(), "f")) for s in expected]
    text = page(client, tool="simul", results=lines, per="10")
    assert 'id="simul-result"' in text
    for s in expected:
        assert f"<td>{s.exhibitor}</td>" in text


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("Tal, 15, 2:35", "a simul contest needs at least two exhibitors"),
        ("Tal, 15, 2:35, 20\nPetrosian, 17, 3:15, 19", "must play the same number of opponents"),
        ("Tal, lots, 2:35\nB, 1, 10", "bad score 'lots'"),
        ("Tal, 15, 2:75\nB, 1, 10", "bad time '2:75'"),
        ("Tal 15 2:35\nB, 1, 10", "write NAME,SCORE,TIME[,BOARDS]"),
        ("Tal, 15, 2:35, 0\nB, 1, 10", "boards 0: from 1 to"),
        ("Tal, 15.25, 100\nB, 1, 10", "is not a multiple of ½"),
    ],
)
def test_simul_contest_bad_input(client: Client, db: object, lines: str, message: str) -> None:
    assert message in error_of(page(client, tool="simul", results=lines))


def test_radio_split_is_the_librarys(client: Client, db: object) -> None:
    split = rd.split_opponent_clock(dt.timedelta(minutes=50), [dt.timedelta(minutes=2)] * 10)
    text = page(client, tool="radio", shown="50", transmissions=" ".join(["2"] * 10))
    thinking = int(split.thinking.total_seconds()) // 60
    assert f"Thinking {thinking} min, transmission 20 min (the clock shows 50 min)" in text
    assert thinking == 30
    with pytest.raises(rd.RadioError) as caught:
        rd.split_opponent_clock(dt.timedelta(minutes=10), dt.timedelta(minutes=11))
    assert error_of(page(client, tool="radio", shown="10", transmissions="11")) == str(caught.value)
    assert "bad time" in error_of(page(client, tool="radio", shown="ten", transmissions="1"))


def test_time_odds_are_the_librarys(client: Client, db: object) -> None:
    """Team Competitions 1972: a handicap in the time for thought; the organiser's table."""
    table = "0: 5400+30; 200: 4500+30 | 6300+30"
    text = page(client, tool="odds", odds=table, white_rating="1900", black_rating="2150")
    controls = hc.game_controls(hc.parse_time_odds(table), 1900, 2150)
    assert controls.to_trf() == "W6300+30-B4500+30"
    assert (
        f'White: <span lang="en">{controls.white.to_fide()}</span>; '
        f'Black: <span lang="en">{controls.black.to_fide()}</span>'
    ) in text
    assert "Rating difference 250: the step from 200" in text and "W6300+30-B4500+30" in text
    with pytest.raises(hc.HandicapError) as caught:
        hc.parse_time_odds("0: 60 | 90")
    refused = page(client, tool="odds", odds="0: 60 | 90", white_rating="1", black_rating="2")
    assert error_of(refused) == str(caught.value)
    assert "both players' ratings" in error_of(page(client, tool="odds", odds=table))


def test_a_consultation_games_clocks_are_the_librarys(client: Client, db: object) -> None:
    """Team Competitions 1972: each group's own side counts its thinking only; the opponent's
    side of its clock runs with the relays' excess until the intermediary corrects it."""
    moves = "5+1, 3+2, 4+1"
    text = page(client, tool="relay", relayed=moves)
    readings = cs.relay_clocks(cs.parse_moves(moves))
    last = readings[-1]
    assert [cs.clock_text(t) for t in (last.white, last.black)] == ["0:09:00", "0:03:00"]
    row = text[text.index('id="relay-result"') :]
    assert row.count("<tr>") == 1 + len(readings)
    assert "0:13:00" in row  # White's 9 minutes on Black's clock, with 4 of relays
    corrected = page(client, tool="relay", relayed=moves, correct_every="1")
    assert "corrected" in corrected[corrected.index('id="relay-result"') :]
    with pytest.raises(cs.ConsultationError) as caught:
        cs.parse_moves("-5+1")
    assert error_of(page(client, tool="relay", relayed="-5+1")) == str(caught.value)


# -- any GET parameters: an answer, never a server error --------------------------------------

BUDGET = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
PARAMS = sorted({"laws", "offender", "scoresheet", *calculators.MAX_CHARS} - {"node_limit"})
words = st.text(max_size=40) | st.sampled_from(
    ["1997", "1984", "white", "-1", "1:00:00", "9" * 30, LONE_KNIGHT, "a, 1, 2\nb, 3, 4"]
)


@BUDGET
@given(
    tool=st.sampled_from(sorted(calculators.TOOLS)),
    params=st.dictionaries(st.sampled_from(PARAMS), words, max_size=6),
)
def test_any_parameters_get_an_answer(
    client: Client, db: object, tool: str, params: dict[str, str]
) -> None:
    """Random values of the tools' parameters (the dead-position search kept small: the node
    limit is at most 200): a 200 page, with an error next to the form or an answer."""
    client.raise_request_exception = False
    query = {k: v.replace("\x00", "") for k, v in params.items()}
    response = client.get("/tools/", {"tool": tool, "node_limit": "200", **query})
    assert response.status_code == 200


# -- the page at 400 px ----------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_tools_fit_a_phone(live_server: Any) -> None:
    """Every form and answer of /tools/ at 400 px: no horizontal overflow (the FEN fields
    shrink), including a long error message."""
    if not shutil.which(CHROMIUM):
        pytest.skip(f"{CHROMIUM} missing (make test installs it)")
    gen = launch()
    browser = next(gen)
    try:
        context = browser.new_context(locale="en-GB", viewport={"width": 400, "height": 800})
        p = context.new_page()
        for query in [
            "",
            f"tool=dead&fen={LONE_KNIGHT.replace(' ', '+')}",
            f"tool=dead&fen={ROOK_MATE.replace(' ', '+')}",
            "tool=dead&fen=" + "x" * 120,
            "tool=simul&results=Tal%2C+15%2C+2%3A35%0AB%2C+1%2C+10",
        ]:
            p.goto(f"{live_server.url}/tools/?{query}")
            width = p.evaluate("document.documentElement.scrollWidth")
            assert width <= 400, (query, width)
        context.close()
    finally:
        next(gen, None)


# -- Varma tables in the web round robin (C.05 Annex 2) ----------------------------------------

#: 14 players: three federations with contingents (GER 5, FRA 4, ESP 3) and two players of
#: federations of their own; the Varma table for 14 has sets of 5, 4, 3 and 2 numbers.
FOURTEEN = (
    [(f"Müller {k}", "GER") for k in "ABCDE"]
    + [(f"Dubois {k}", "FRA") for k in "ABCD"]
    + [(f"García {k}", "ESP") for k in "ABC"]
    + [("Hansen", "NOR"), ("Larsson", "SWE")]
)


def _round_robin(chief: Any, players: list[tuple[str, str]]) -> m.Event:
    ev = services.create_event(chief, name="Varma RR", system="roundrobin", rounds=13)
    services.add_players(ev, chief, [{"name": n, "federation": f} for n, f in players])
    return ev


def _draw(client: Client, ev: m.Event, **post: str) -> str:
    r = client.post(reverse("arbiter:lots", args=[ev.pk]), post, follow=True)
    assert r.status_code == 200
    return html.unescape(r.content.decode())


def _numbers(ev: m.Event) -> dict[str, int]:
    return {p.name: p.number for p in ev.players.all()}


def test_varma_draw_keeps_the_federations_apart(client: Client, chief: Any) -> None:
    ev = _round_robin(chief, FOURTEEN)
    login(client, chief)
    form = client.get(reverse("arbiter:players", args=[ev.pk])).content.decode()
    assert "Varma tables (C.05 Annex 2), federations kept apart" in form
    assert 'name="allow_split"' in form
    text = _draw(client, ev, seed="opening 2026", method="varma")
    assert "Pairing numbers drawn by the Varma tables." in text
    numbers = _numbers(ev)
    assert numbers == roundrobin.varma_assign(FOURTEEN, "opening 2026", keep_apart=True)
    groups = roundrobin.varma_groups(14)
    for federation in ("GER", "FRA", "ESP"):
        held = {numbers[n] for n, f in FOURTEEN if f == federation}
        assert any(held <= set(group) for group in groups), (federation, held)
    entry = m.AuditEntry.objects.filter(event=ev, action="player.lots").latest("pk")
    assert entry.data == {"seed": "opening 2026", "method": "varma", "keep_apart": True}
    assert "federations kept apart (seed opening 2026)" in entry.summary
    # the plain lot is still there, and differs
    text = _draw(client, ev, seed="opening 2026", method="lot")
    assert "Pairing numbers drawn by lot." in text
    plain = [n for n, _ in sorted(_numbers(ev).items(), key=lambda item: item[1])]
    rows = sorted(FOURTEEN, key=lambda row: numbers[row[0]])
    assert plain == [n for n, _ in roundrobin.draw_lots(rows, "opening 2026")]


def test_varma_split_is_refused_unless_allowed(client: Client, chief: Any) -> None:
    """Six compatriots cannot draw from one set of the 14-player table (at most 5 numbers):
    the library's message, nothing drawn; with "allow a split" the contingent spills over."""
    players = [(f"Ivanov {k}", "RUS") for k in "ABCDEF"] + FOURTEEN[5:13]
    ev = _round_robin(chief, players)
    before = _numbers(ev)
    login(client, chief)
    with pytest.raises(roundrobin.VarmaSplitError) as caught:
        roundrobin.varma_assign(players, "s", keep_apart=True)
    text = _draw(client, ev, seed="s", method="varma")
    assert str(caught.value) in text and "no set holds the 6 players of RUS" in text
    assert _numbers(ev) == before
    assert not m.AuditEntry.objects.filter(event=ev, action="player.lots").exists()
    _draw(client, ev, seed="s", method="varma", allow_split="1")
    assert _numbers(ev) == roundrobin.varma_assign(players, "s")
    entry = m.AuditEntry.objects.filter(event=ev, action="player.lots").latest("pk")
    assert entry.data["keep_apart"] is False


def test_varma_draw_refused_after_round_1(client: Client, chief: Any) -> None:
    ev = _round_robin(chief, FOURTEEN)
    services.pair_next_round(ev, chief)
    before = _numbers(ev)
    login(client, chief)
    text = _draw(client, ev, seed="late", method="varma")
    assert "The numbers cannot be drawn again once round 1 is paired." in text
    assert _numbers(ev) == before


def test_varma_outside_its_tables_and_without_federations(client: Client, chief: Any) -> None:
    """Eight players: the library's message (the tables cover 9 to 24). Players without a
    federation are contingents of their own: ten of them draw without a split."""
    login(client, chief)
    small = _round_robin(chief, FOURTEEN[:8])
    assert "cover 9 to 24 players, not 8" in _draw(client, small, seed="x", method="varma")
    ev = _round_robin(chief, [(f"Player {k}", "") for k in range(1, 11)])
    text = _draw(client, ev, seed="x", method="varma")
    assert "Pairing numbers drawn by the Varma tables." in text
    assert sorted(_numbers(ev).values()) == list(range(1, 11))
