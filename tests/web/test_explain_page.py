"""The arbiter's page "why this pairing" (``chessarbiter.web.arbiter.explain``): one folded
section per bracket, and the question "why was X paired with Y / why not with Z", which names
the criterion and opens X's bracket; bounded input, answered in the form, never a 500."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.forms import ValidationError
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.cli.main import main as cli_main
from chessarbiter.pairing.dutch.checker import tournament_before_round
from chessarbiter.pairing.dutch.explain import SAME_HALF
from chessarbiter.pairing.systems import EVENT_RULES
from chessarbiter.web.arbiter import explain as explain_view
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import NAMES, REAL_OPEN, import_real_open, login, play_round


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
    brackets = len(re.findall(r'<details id="bracket-', html))
    assert brackets > 5 and not opened(html)
    first = re.search(r'<li data-pair="\d+ \d+">(\d+) – (\d+)', html)
    assert first is not None
    html = page(client, ev, player=first.group(2))
    assert f"Why {first.group(2)} (" in html and len(opened(html)) == 1


# -- the search box, the grouped reasons, the text to download ------------------------------


def real_open_before(chief: User, number: int) -> m.Event:
    """The 284-player open as it stood before round ``number`` (9 rounds), imported by the
    services (the rounds from ``number`` on set aside)."""
    if not REAL_OPEN.is_file():
        pytest.skip("../shared not beside the checkout")
    t = trf.loads(REAL_OPEN.read_text(encoding="latin-1"), str(REAL_OPEN))
    t = tournament_before_round(t, number)
    t.total_rounds = 9
    return services.import_trf(chief, trf.dumps(t, trf.TRF2026), REAL_OPEN.name)


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("17 112", ["17", "112"]),
        ("17-112", ["17", "112"]),
        ("17 – 112", ["17", "112"]),
        ("17 vs 112", ["17", "112"]),
        ("17 v. 112", ["17", "112"]),
        ("17, 112", ["17", "112"]),
        ("Why was 17 paired with 112?", ["17", "112"]),
        ("почему 17 не с 112", ["17", "112"]),
        ("17", ["17"]),
        ("petrova", ["petrova"]),
        ("Heymann-Lobzhanidze", ["Heymann-Lobzhanidze"]),
        ("Petrova, Anna vs Berg", ["Petrova, Anna", "Berg"]),
        ("why not Petrova with 10?", ["Petrova", "10"]),
    ],
)
def test_the_question_in_one_box(text: str, parts: list[str]) -> None:
    assert explain_view.parse_question(text) == parts


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 3", "not 3"),
        ("why?", "a pairing number or a part of a name"),
        ("a vs b vs c", "about two"),
    ],
)
def test_a_question_naming_nobody_or_three_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        explain_view.parse_question(text)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80))
def test_any_text_is_one_or_two_names_or_a_form_error(text: str) -> None:
    try:
        parts = explain_view.parse_question(text)
    except ValidationError:
        return
    assert 1 <= len(parts) <= 2 and all(part.strip() for part in parts)


@pytest.mark.parametrize(
    "q", ["1 10", "1-10", "1 vs 10", "why was 1 paired with 10?", "Petrova vs Berg"]
)
def test_the_box_asks_as_the_two_fields_do(
    client: Client, round_two: m.Event, viewer: User, q: str
) -> None:
    login(client, viewer)
    two_fields = page(client, round_two, player="1", other="10")
    html = page(client, round_two, q=q)
    answer = two_fields[two_fields.index('id="why"') :].split("</div>")[0]
    assert "Why 1 (Petrova, Anna)" in answer and "why not 10:" in answer
    assert answer in html and opened(html) == ["bracket-0"]
    # the players asked about are marked in the bracket and in their pairs
    assert '<tr data-n="1" class="flash explain-hit">' in html
    assert re.search(r'<li data-pair="[^"]*\b1\b[^"]*" class="explain-hit">', html)


@pytest.mark.parametrize(
    ("q", "message"),
    [
        ("1 2 3", "Ask about one player, or about two (e.g. “17 112”), not 3."),
        ("1 1", "Name two different players."),
        ("1 vs Kasparov", "No player&#x27;s name contains “Kasparov”."),
        ("why", "Give a pairing number or a part of a name."),
        ("ov", "Several players&#x27; names contain “ov”"),
    ],
)
def test_the_box_answers_bad_questions_in_the_form(
    client: Client, round_two: m.Event, viewer: User, q: str, message: str
) -> None:
    login(client, viewer)
    html = page(client, round_two, q=q)
    assert message in html and 'id="why"' not in html and '<details id="bracket-0"' in html


def pair_reasons(html: str) -> dict[str, list[str]]:
    """Each pair of the page (``"1 76"``) with the lines of its opponents passed over."""
    found: dict[str, list[str]] = {}
    for pair, body in re.findall(r'<li data-pair="(\d+ \d+)"[^>]*>[^<]*(<ul>.*?</ul>)?', html):
        found[pair] = re.findall(r"<li>(.*?)(?=<li>|</ul>)", body)
    return found


def test_a_reason_is_said_once_per_pair_with_its_players(client: Client, chief: User) -> None:
    """Round 2 of the real open: each pair says the same half once, with the numbers it
    ruled out (in runs), not one line per opponent; every opponent passed over is named."""
    ev = real_open_before(chief, 2)
    login(client, chief)
    html = page(client, ev)
    explanation = services.explain_next_round(ev)
    pairs = pair_reasons(html)
    choices = [ch for b in explanation.brackets for ch in b.choices]
    assert len(pairs) == len(choices) == 142
    for ch in choices:
        lines = pairs[f"{ch.player} {ch.opponent}"]
        reasons = {r.reason for r in ch.rejected}
        assert len(lines) == len(reasons)  # one line per reason
        assert sum(line.endswith(": the same half") for line in lines) == (SAME_HALF in reasons)
        named: list[int] = []
        for line in lines:
            numbers = re.sub(r"<[^>]+>| \(round \d+\)", "", line).split(":")[0]
            for run in re.findall(r"(\d+)(?:–(\d+))?", numbers):
                first, last = int(run[0]), int(run[1] or run[0])
                named += range(first, last + 1)
        assert sorted(named) == sorted(r.opponent for r in ch.rejected)
    top = pairs["1 76"]
    assert top == ["not 2–10, 12, 14–27, 30–35, 37, 42–56, 59, 60, 62, 63, 65–75: the same half"]
    # the unknown reasons link each opponent to the question
    assert '<li>not <a href="?player=7&amp;other=83#why" title="Why not 7 – 83?">83</a>: ' in html
    # the whole page stays small: 51 KB (a count of the same half and the form made 33 KB)
    assert len(html.encode()) < 70_000


def test_met_opponents_are_said_once_with_their_rounds(client: Client, chief: User) -> None:
    """A later round of the real open: [C1] for several opponents is one line, each number
    with the round they met in."""
    ev = real_open_before(chief, 8)
    login(client, chief)
    html = page(client, ev)
    explanation = services.explain_next_round(ev)
    ch = next(
        ch
        for b in explanation.brackets
        for ch in b.choices
        if sum(1 for r in ch.rejected if (r.reason or "").startswith("[C1]")) >= 2
    )
    met = [r for r in ch.rejected if (r.reason or "").startswith("[C1]")]
    lines = pair_reasons(html)[f"{ch.player} {ch.opponent}"]
    line = next(line for line in lines if "[C1]" in line)
    rounds = [r.reason.rsplit(" ", 1)[1] for r in met if r.reason]
    named = ", ".join(f"{r.opponent} (round {n})" for r, n in zip(met, rounds, strict=True))
    assert line == f"not {named}: [C1] they played each other"


def test_the_text_to_download_is_the_command_lines(
    client: Client, chief: User, viewer: User, tmp_path: Any, capsys: Any
) -> None:
    """The plain account, as ``chessarbiter pair FILE --explain`` prints it: line for line,
    but for the reasons that need a solve of the round, which the text leaves to the page."""
    ev = real_open_before(chief, 8)
    m.Role.objects.create(event=ev, user=viewer, kind=m.Role.Kind.VIEWER)
    login(client, viewer)
    html = page(client, ev)
    url = reverse("arbiter:explain_text", args=[ev.pk])
    assert f'href="{url}"' in html
    r = client.get(url)
    assert r.status_code == 200
    assert r["Content-Type"] == "text/plain; charset=utf-8"
    assert r["Content-Disposition"] == f'attachment; filename="event-{ev.pk}-explanation.txt"'
    text = r.content.decode()
    file = tmp_path / "open.trf"
    t = trf.loads(REAL_OPEN.read_text(encoding="latin-1"), str(REAL_OPEN))
    t.total_rounds = 9
    file.write_text(trf.dumps(t, trf.TRF2026))
    assert cli_main(["pair", str(file), "--explain"]) == 0
    printed = capsys.readouterr().out.split("\n\n")
    ours = text.rstrip("\n").split("\n")
    cli = "\n\n".join(printed[: text.count("\n\n") + 1]).split("\n")
    assert len(ours) == len(cli) > 1000 and ours[0] == cli[0]
    assert ours == cli  # every reason, as the command line (up to FULL_TEXT_PLAYERS)


def test_the_text_is_bounded(client: Client, chief: User, monkeypatch: pytest.MonkeyPatch) -> None:
    ev = real_open_before(chief, 2)
    login(client, chief)
    whole = client.get(reverse("arbiter:explain_text", args=[ev.pk])).content
    assert 300_000 < len(whole) < explain_view.MAX_TEXT_BYTES
    monkeypatch.setattr(explain_view, "MAX_TEXT_BYTES", 50_000)
    cut = client.get(reverse("arbiter:explain_text", args=[ev.pk])).content.decode()
    lines = cut.rstrip("\n").split("\n")
    assert len(cut.encode()) < 50_200 and whole.decode().startswith("\n".join(lines[:-1]))
    assert lines[-1].startswith("... the text stops here, at its limit of 48 KB")


def test_the_text_needs_a_role(client: Client, round_two: m.Event) -> None:
    stranger = User.objects.create_user("stranger", "", "pw-stranger-123")
    login(client, stranger)
    assert client.get(reverse("arbiter:explain_text", args=[round_two.pk])).status_code == 404


def test_another_systems_text_is_its_engines_account(client: Client, chief: User) -> None:
    """A Burstein event: the text downloaded is the account its page shows, line for line."""
    other = next(r.value for r in EVENT_RULES if r.system.flag == "--burstein")
    ev = services.create_event(chief, name="Club Burstein", rounds=5, edition=other)
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in NAMES])
    play_round(ev, chief)
    login(client, chief)
    html = page(client, ev)
    assert f'href="{reverse("arbiter:explain_text", args=[ev.pk])}"' in html
    text = client.get(reverse("arbiter:explain_text", args=[ev.pk])).content.decode()
    assert text.splitlines() == services.explain_next_round_lines(ev)
    assert "Round 2 pairing:" in text
