"""Games in the web app: a round's PGN uploaded, matched, reviewed and confirmed (results
from the Result tags only where the arbiter confirms them), a game's moves typed, the viewer
and its SVG boards, the PGN downloads and the live PGN, a watched PGN source, adjourned
games adjudicated or finished, the protest deadline, and bad input never a server error.

The big round is the last round of a real Swiss-Manager file (the Karl-Mala-Gedenkturnier,
``../shared/real/sharly-chess/trf/example_trf16.trf``: 284 players, 142 boards), its
results removed and its games made with python-chess: random legal moves ending with the
file's result.
"""

from __future__ import annotations

import io
import random
import re
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import chess
import chess.pgn
import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter import limits, trf
from chessarbiter.games.pgn import read_games
from chessarbiter.model import Colour
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

from .conftest import login

#: The PGN Result tag of a TRF result of White's (a game played).
PGN_RESULTS = {"1": "1-0", "0": "0-1", "=": "1/2-1/2"}
#: The TRF codes (White's, Black's) of White's result.
CODES = {"1": ("1", "0"), "0": ("0", "1"), "=": ("=", "=")}


def random_game(rng: random.Random, plies: int) -> list[chess.Move]:
    """Random legal moves from the usual start, at most ``plies`` of them (fewer when the
    game ends)."""
    board = chess.Board()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        board.push(move)
        moves.append(move)
    return moves


def pgn_of(
    white: m.Player,
    black: m.Player,
    result: str,
    moves: list[chess.Move],
    round_tag: str = "?",
    ids: bool = True,
) -> str:
    """A game as a broadcast's PGN writes it (python-chess's writer)."""
    game = chess.pgn.Game()
    game.headers["Event"] = "Karl-Mala-Gedenkturnier"
    game.headers["Round"] = round_tag
    game.headers["White"] = white.name
    game.headers["Black"] = black.name
    game.headers["Result"] = result
    if ids and white.fide_id and black.fide_id:
        game.headers["WhiteFideId"] = white.fide_id
        game.headers["BlackFideId"] = black.fide_id
    node: chess.pgn.GameNode = game
    for move in moves:
        node = node.add_variation(move)
    return str(game) + "\n\n"


def boards_of(rnd: m.Round) -> dict[int, m.Board]:
    return {b.number: b for b in rnd.boards.exclude(black=None).select_related("white", "black")}


def results_of(rnd: m.Round) -> dict[int, tuple[str, str]]:
    return {n: (b.result, b.black_result) for n, b in boards_of(rnd).items()}


# -- a small event: ten players, round 1 paired -------------------------------------------


@pytest.fixture
def round1(event: m.Event, chief: User) -> m.Round:
    m.Event.objects.filter(pk=event.pk).update(public=True)
    event.refresh_from_db()
    return services.pair_next_round(event, chief)


def round_pgn(rnd: m.Round, results: dict[int, str], seed: int = 1) -> str:
    rng = random.Random(seed)
    return "".join(
        pgn_of(b.white, b.black, results.get(n, "*"), random_game(rng, 30), f"1.{n}")
        for n, b in sorted(boards_of(rnd).items())
        if b.black is not None
    )


def upload(client: Client, rnd: m.Round, text: str) -> Any:
    url = reverse("arbiter:games_upload", args=[rnd.event_id, rnd.number])
    return client.post(url, {"pgn": SimpleUploadedFile("round.pgn", text.encode())})


def confirm(client: Client, rnd: m.Round, text: str, data: dict[str, str]) -> Any:
    url = reverse("arbiter:games_confirm", args=[rnd.event_id, rnd.number])
    return client.post(url, {"pgn": text, **data})


def ticked(html: str) -> dict[str, str]:
    """The review form's fields as the browser sends them: the ticked boxes and each game's
    board (the hidden field of an exact match, the chooser's selected board)."""
    data: dict[str, str] = {}
    for name in re.findall(
        r'<input type="checkbox" name="(take_\d+)" value="1"[^>]* checked', html
    ):
        data[name] = "1"
    for name, value in re.findall(r'<input type="hidden" name="(board_\d+)" value="(\d+)"', html):
        data[name] = value
    for name, body in re.findall(r'<select name="(board_\d+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option value="(\d+)" selected', body)
        data[name] = chosen.group(1) if chosen else ""
    return data


def test_upload_review_confirm_takes_the_results_of_the_ticked_games(
    client: Client, chief: User, round1: m.Round
) -> None:
    login(client, chief)
    boards = boards_of(round1)
    results = {n: ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"][n - 1] for n in boards}
    text = round_pgn(round1, results)
    r = upload(client, round1, text)
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="review"' in html and html.count('class="match-exact"') == len(boards)
    assert m.Game.objects.count() == 0  # the review stores nothing
    r = confirm(client, round1, text, ticked(html))
    assert r.status_code == 302
    assert m.Game.objects.filter(board__round=round1).count() == len(boards)
    codes = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "=")}
    assert results_of(round1) == {n: codes[results[n]] for n in boards}
    entry = m.AuditEntry.objects.filter(action="games.upload").get()
    assert "5 games stored" in entry.summary


def test_a_doubtful_match_is_unticked_with_a_board_chooser_and_an_unmatched_board_listed(
    client: Client, chief: User, round1: m.Round
) -> None:
    login(client, chief)
    boards = boards_of(round1)
    rng = random.Random(3)
    b1, b2 = boards[1], boards[2]
    assert b1.black is not None and b2.black is not None
    # board 1's game with its colours reversed; board 2's game missing
    text = pgn_of(b1.black, b1.white, "0-1", random_game(rng, 12), ids=False) + "".join(
        pgn_of(b.white, b.black, "1-0", random_game(rng, 12), ids=False)
        for n, b in sorted(boards.items())
        if n > 2 and b.black is not None
    )
    r = upload(client, round1, text)
    html = r.content.decode()
    assert 'class="match-doubtful"' in html and "colours reversed" in html
    assert re.search(r'id="unmatched-boards">2 \(', html)
    fields = ticked(html)
    assert "take_0" not in fields and fields["board_0"] == "1"
    # the arbiter ticks it: stored on board 1, its result given to the board's players
    fields["take_0"] = "1"
    r = confirm(client, round1, text, fields)
    assert r.status_code == 302
    b1.refresh_from_db()
    assert (b1.result, b1.black_result) == ("1", "0")  # the board's White won with Black
    b2.refresh_from_db()
    assert b2.result == "" and not m.Game.objects.filter(board=b2).exists()


def test_two_games_on_one_board_are_refused_and_nothing_is_stored(
    client: Client, chief: User, round1: m.Round
) -> None:
    login(client, chief)
    text = round_pgn(round1, {1: "1-0", 2: "0-1"})
    r = confirm(
        client, round1, text, {"take_0": "1", "board_0": "1", "take_1": "1", "board_1": "1"}
    )
    assert r.status_code == 302
    r = client.get(r.url)
    assert "both put on board 1" in r.content.decode()
    assert not m.Game.objects.exists() and not boards_of(round1)[1].result


def test_a_pgn_error_is_the_message_and_nothing_is_stored(
    client: Client, chief: User, round1: m.Round
) -> None:
    login(client, chief)
    b = boards_of(round1)[1]
    text = f'[White "{b.white.name}"]\n[Black "x"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n'
    r = upload(client, round1, text)
    assert r.status_code == 200
    html = r.content.decode()
    assert "Ke3" in html and "illegal" in html and 'id="upload-form"' in html
    assert not m.Game.objects.exists()


def test_a_result_conflict_is_kept_unless_the_arbiter_ticks_replace(
    client: Client, chief: User, round1: m.Round
) -> None:
    login(client, chief)
    board = boards_of(round1)[1]
    services.set_result(board.pk, chief, "1-0")
    text = round_pgn(round1, {1: "0-1"})
    r = upload(client, round1, text)
    html = r.content.decode()
    assert 'name="replace_0"' in html
    fields = ticked(html)
    r = confirm(client, round1, text, fields)
    board.refresh_from_db()
    assert board.result == "1"  # kept
    assert "keeps 1-0" in client.get(r.url).content.decode()
    fields["replace_0"] = "1"
    confirm(client, round1, text, fields)
    board.refresh_from_db()
    assert (board.result, board.black_result) == ("0", "1")
    entry = m.AuditEntry.objects.filter(action="result.set").first()
    assert entry is not None and entry.data["previous"] == "1-0" and entry.data["new"] == "0-1"


def test_typed_moves_the_viewer_and_its_boards(
    client: Client, chief: User, round1: m.Round
) -> None:
    login(client, chief)
    ev = round1.event
    url = reverse("arbiter:game_moves", args=[ev.pk, 1, 1])
    r = client.post(url, {"moves": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"}, follow=True)
    assert "The moves were saved" in r.content.decode()
    game = m.Game.objects.get(board__round=round1, board__number=1)
    assert game.source == "typed" and game.pgn_result == "1-0"
    # an illegal move: the library's message, the game unchanged
    r = client.post(url, {"moves": "1. e4 e5 2. Ke3"}, follow=True)
    assert "illegal" in r.content.decode()
    game.refresh_from_db()
    assert "Qxf7#" in game.pgn
    # the viewer, public: the last position, the move list, the unconfirmed result
    client.logout()
    page = client.get(reverse("public:game", args=[ev.pk, 1, 1]))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-plies="7"' in html and 'aria-current="true">Qxf7#</a>' in html
    assert "Result in the PGN: 1-0, not confirmed" in html
    r = client.get(reverse("public:game", args=[ev.pk, 1, 1]) + "?ply=2")
    assert 'aria-current="true">e5</a>' in r.content.decode()
    svg = client.get(reverse("public:game_svg", args=[ev.pk, 1, 1, 7]))
    assert svg.status_code == 200 and svg["Content-Type"] == "image/svg+xml"
    assert b"<svg" in svg.content
    assert client.get(reverse("public:game_svg", args=[ev.pk, 1, 1, 8])).status_code == 404
    # the public round page links the board's game
    r = client.get(reverse("public:round", args=[ev.pk, 1]))
    assert reverse("public:game", args=[ev.pk, 1, 1]) in r.content.decode()


def test_round_and_event_pgn_downloads_have_the_tags(
    client: Client, chief: User, round1: m.Round
) -> None:
    ev = round1.event
    m.Player.objects.filter(event=ev, number=1).update(fide_id="4100018", title="g")
    m.Event.objects.filter(pk=ev.pk).update(time_control="90 min + 30 s per move from move 1")
    services.set_result(boards_of(round1)[1].pk, chief, "=")
    services.set_result(boards_of(round1)[3].pk, chief, "-+")  # a forfeit: its points
    for url in (
        reverse("public:round_pgn", args=[ev.pk, 1]),
        reverse("public:event_pgn", args=[ev.pk]),
    ):
        r = client.get(url)
        assert r.status_code == 200 and r["Content-Type"].startswith("application/x-chess-pgn")
        read = read_games(r.content.decode(), url)
        assert len(read) == 5
        first = read[0]
        assert first.headers["Round"] == "1.1" and first.headers["Event"] == "Club Swiss"
        assert first.result == "1/2-1/2" and read[1].result == "*"
        # the library's mapping: a forfeit by its points, with Termination "forfeit"
        assert read[2].result == "0-1" and read[2].headers["Termination"] == "forfeit"
        tags = dict(first.headers)
        assert "4100018" in (tags.get("WhiteFideId"), tags.get("BlackFideId"))
        assert "GM" in (tags.get("WhiteTitle"), tags.get("BlackTitle"))
        assert tags["TimeControl"] == "5400+30" and tags["WhiteElo"].isdigit()
    login(client, chief)
    assert client.get(reverse("arbiter:round_pgn", args=[ev.pk, 1])).status_code == 200
    assert client.get(reverse("arbiter:event_pgn", args=[ev.pk])).status_code == 200


def test_live_pgn_follows_every_result_and_game(
    client: Client, chief: User, round1: m.Round
) -> None:
    ev = round1.event
    url = reverse("public:live_pgn", args=[ev.pk, 1])
    first = client.get(url)
    assert read_games(first.content.decode())[0].result == "*"
    tag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    services.set_result(boards_of(round1)[1].pk, chief, "1-0")
    second = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert second.status_code == 200 and second["ETag"] != tag
    assert read_games(second.content.decode())[0].result == "1-0"
    services.set_game_moves(boards_of(round1)[2], chief, "1. d4 d5 *")
    third = read_games(client.get(url).content.decode())
    assert third[1].moves == ("d4", "d5")


def test_the_public_round_page_polls_while_the_round_is_in_progress(
    client: Client, chief: User, round1: m.Round
) -> None:
    url = reverse("public:round", args=[round1.event_id, 1])
    html = client.get(url).content.decode()
    assert 'hx-trigger="every' in html and 'id="live-on"' in html
    for b in boards_of(round1).values():
        services.set_result(b.pk, chief, "1-0")
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="live-on"' not in fragment  # the polling stops: its condition is gone
    assert "1-0" in fragment


def test_adjourned_then_adjudicated_then_final(
    client: Client, chief: User, round1: m.Round
) -> None:
    login(client, chief)
    ev = round1.event
    m.Event.objects.filter(pk=ev.pk).update(protest_hours=2)
    boards = boards_of(round1)
    for n, b in boards.items():
        if n != 1:
            services.set_result(b.pk, chief, "1-0")
    game_url = reverse("arbiter:game", args=[ev.pk, 1, 1])
    r = client.post(
        reverse("arbiter:game_adjourn", args=[ev.pk, 1, 1]),
        {
            "sealed_by": "b",
            "move_number": "41",
            "white_time_used": "1:35:10",
            "black_time_used": "1:50:00",
            "envelope_note": "envelope 7, hall B",
            "resumption": "2030-05-02T10:00",
        },
        follow=True,
    )
    html = r.content.decode()
    assert "recorded as adjourned" in html and 'id="adjourned-card"' in html
    game = m.Game.objects.get(board=boards[1])
    assert (game.state, game.sealed_by, game.sealed_move) == ("adjourned", "b", 41)
    assert (game.white_time_used, game.black_time_used) == (5710, 6600)
    assert "41... sealed by Black" in html
    # the round is not complete: no protest deadline; the standings mark the two players
    assert (
        'id="protest"' not in client.get(reverse("arbiter:round", args=[ev.pk, 1])).content.decode()
    )
    client.logout()
    standings = client.get(reverse("public:standings", args=[ev.pk])).content.decode()
    assert standings.count("(adjourned)") == 2
    html = client.get(reverse("public:round", args=[ev.pk, 1])).content.decode()
    assert re.search(r'id="adjourned-games">Adjourned: board 1 \(resumes ', html)
    login(client, chief)
    r = client.post(
        reverse("arbiter:game_adjudicate", args=[ev.pk, 1, 1]),
        {"result": "=", "by": "Chief arbiter A. Petrov", "basis": "a drawn rook ending"},
        follow=True,
    )
    assert "adjudication is recorded" in r.content.decode()
    game.refresh_from_db()
    boards[1].refresh_from_db()
    assert game.state == "adjudicated" and game.adjudicated_by == "Chief arbiter A. Petrov"
    assert boards[1].result == "="
    assert "Adjudicated" in client.get(game_url).content.decode()
    round_url = reverse("public:round", args=[ev.pk, 1])
    client.logout()
    html = client.get(round_url).content.decode()
    assert 'id="protest"' in html and "Protest deadline" in html and "provisional" in html
    standings = client.get(reverse("public:standings", args=[ev.pk])).content.decode()
    assert standings.count("(provisional)") == 2
    # three hours later: final
    assert game.adjourned_at is not None and game.adjudicated_at is not None
    m.Game.objects.filter(pk=game.pk).update(
        adjourned_at=game.adjourned_at - timedelta(hours=3),
        adjudicated_at=game.adjudicated_at - timedelta(hours=3),
    )
    services.set_game_moves(boards[2], chief, "1. e4 *")  # a change: new page version
    html = client.get(round_url).content.decode()
    assert "The results are final" in html
    standings = client.get(reverse("public:standings", args=[ev.pk])).content.decode()
    assert "(provisional)" not in standings


def test_an_impossible_adjournment_is_refused_with_the_reason(
    client: Client, chief: User, round1: m.Round
) -> None:
    login(client, chief)
    ev = round1.event
    services.set_result(boards_of(round1)[1].pk, chief, "1-0")
    r = client.post(
        reverse("arbiter:game_adjourn", args=[ev.pk, 1, 1]),
        {
            "sealed_by": "w",
            "move_number": "41",
            "white_time_used": "1:10:00",
            "black_time_used": "1:00",
        },
        follow=True,
    )
    assert "cannot be sealed in a game final" in r.content.decode()
    # a resumption before the adjournment: the library's reason
    r = client.post(
        reverse("arbiter:game_adjourn", args=[ev.pk, 1, 2]),
        {
            "sealed_by": "w",
            "move_number": "30",
            "white_time_used": "1:10:00",
            "black_time_used": "1:00:00",
            "resumption": "2001-01-01T10:00",
        },
        follow=True,
    )
    assert "must come after the adjournment" in r.content.decode()
    r = client.post(
        reverse("arbiter:game_finish", args=[ev.pk, 1, 2]), {"result": "="}, follow=True
    )
    assert "has no adjourned game" in r.content.decode()
    r = client.post(
        reverse("arbiter:game_adjudicate", args=[ev.pk, 1, 1]),
        {"result": "=", "by": "x", "basis": "y"},
        follow=True,
    )
    assert "final already" in r.content.decode()
    assert not m.Game.objects.exists()
    assert boards_of(round1)[1].result == "1"


def test_a_watched_file_updates_games_not_results(
    client: Client, chief: User, round1: m.Round, tmp_path: Path, settings: Any
) -> None:
    settings.CHESSARBITER_PGN_WATCH_DIR = tmp_path
    login(client, chief)
    ev = round1.event
    url = reverse("arbiter:games_source", args=[ev.pk, 1])
    outside = tmp_path.parent / "elsewhere.pgn"
    r = client.post(url, {"source": str(outside)}, follow=True)
    assert "outside the folder" in r.content.decode()
    r = client.post(url, {"source": "../elsewhere.pgn"}, follow=True)
    assert "outside the folder" in r.content.decode()
    (tmp_path / "live.pgn").write_text(round_pgn(round1, {1: "1-0"}), encoding="utf-8")
    r = client.post(url, {"source": "live.pgn", "read_now": "1"}, follow=True)
    assert "5 games updated" in r.content.decode()
    round1.refresh_from_db()
    assert round1.pgn_source == "live.pgn"
    assert m.Game.objects.filter(board__round=round1, source="watched").count() == 5
    assert not boards_of(round1)[1].result  # results stay the arbiter's
    html = client.get(reverse("arbiter:game", args=[ev.pk, 1, 1])).content.decode()
    assert "Result in the PGN: 1-0, not confirmed" in html
    html = client.get(reverse("arbiter:round", args=[ev.pk, 1])).content.decode()
    assert re.search(r'id="unconfirmed-results">.*board 1</a> 1-0</p>', html)
    # read again unchanged: nothing updated, no audit entry
    from chessarbiter.web.events.watch import watch_once

    before = m.AuditEntry.objects.count()
    assert watch_once() == [f"{ev.name}: Round 1: 0 games updated, 0 games not matched for sure."]
    assert m.AuditEntry.objects.count() == before
    # the source changed: the command reads it (a game's moves), an unreadable one is named
    (tmp_path / "live.pgn").write_text(round_pgn(round1, {1: "1-0"}, seed=2), encoding="utf-8")
    out = io.StringIO()
    call_command("watch_pgn", stdout=out)
    assert "Round 1: 5 games updated" in out.getvalue()
    (tmp_path / "live.pgn").unlink()
    out = io.StringIO()
    call_command("watch_pgn", stdout=out)
    assert "live.pgn cannot be read" in out.getvalue()


def test_every_games_page_answers_a_visitor(client: Client, chief: User, round1: m.Round) -> None:
    ev = round1.event
    services.set_game_moves(boards_of(round1)[1], chief, "1. e4 c5 *")
    for url in (
        reverse("public:round", args=[ev.pk, 1]),
        reverse("public:game", args=[ev.pk, 1, 1]),
        reverse("public:game", args=[ev.pk, 1, 2]),
        reverse("public:game", args=[ev.pk, 1, 1]) + "?ply=1",
        reverse("public:game", args=[ev.pk, 1, 1]) + "?ply=x",
        reverse("public:game", args=[ev.pk, 1, 1]) + "?ply=99999999",
        reverse("public:game_svg", args=[ev.pk, 1, 1, 0]),
        reverse("public:game_svg", args=[ev.pk, 1, 2, 0]),
        reverse("public:round_pgn", args=[ev.pk, 1]),
        reverse("public:live_pgn", args=[ev.pk, 1]),
        reverse("public:event_pgn", args=[ev.pk]),
        reverse("public:standings", args=[ev.pk]),
    ):
        assert client.get(url).status_code == 200, url
    assert client.get(reverse("public:game", args=[ev.pk, 1, 99])).status_code == 404
    assert client.get(reverse("public:live_pgn", args=[ev.pk, 9])).status_code == 404
    login(client, chief)
    for url in (
        reverse("arbiter:round", args=[ev.pk, 1]),
        reverse("arbiter:games_upload", args=[ev.pk, 1]),
        reverse("arbiter:game", args=[ev.pk, 1, 1]),
        reverse("arbiter:game", args=[ev.pk, 1, 2]),
        reverse("arbiter:game_svg", args=[ev.pk, 1, 1, 2]),
    ):
        assert client.get(url).status_code == 200, url


def test_a_non_public_event_shows_no_games(client: Client, chief: User, round1: m.Round) -> None:
    m.Event.objects.filter(pk=round1.event_id).update(public=False)
    for url in (
        reverse("public:game", args=[round1.event_id, 1, 1]),
        reverse("public:live_pgn", args=[round1.event_id, 1]),
        reverse("public:game_svg", args=[round1.event_id, 1, 1, 0]),
    ):
        assert client.get(url).status_code == 404, url


BUDGET = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

pgn_like = st.one_of(
    st.text(max_size=300),
    st.lists(
        st.sampled_from(
            [
                '[White "A"]',
                '[Black "B"]',
                '[Result "1-0"]',
                "1.",
                "e4",
                "e5",
                "Nf3",
                "Ke2",
                "O-O",
                "1-0",
                "*",
                "{",
                "}",
                "(",
                ")",
                '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]',
                "\n",
                "\x00",
                "é",
            ]
        ),
        max_size=40,
    ).map(" ".join),
)


@BUDGET
@given(text=pgn_like)
def test_no_upload_is_a_server_error(
    client: Client, chief: User, round1: m.Round, text: str
) -> None:
    login(client, chief)
    r = client.post(reverse("arbiter:games_upload", args=[round1.event_id, 1]), {"text": text})
    assert r.status_code == 200
    r = confirm(client, round1, text or " ", {"take_0": "1", "board_0": "1"})
    assert r.status_code == 302
    r = client.post(reverse("arbiter:game_moves", args=[round1.event_id, 1, 1]), {"moves": text})
    assert r.status_code == 302


# -- the 142 boards of a real round ---------------------------------------------------------


@pytest.fixture
def karl_mala(shared: Path, db: Any) -> tuple[m.Round, User]:
    """The 284 players of the real file imported without their rounds, round 1 paired by the
    services: 142 boards."""
    path = shared / "real" / "sharly-chess" / "trf" / "example_trf16.trf"
    t = trf.loads(path.read_text(encoding="latin-1"), str(path))
    for p in t:
        p.results.clear()
    t.total_rounds = 7
    chief = User.objects.create_user("rondio", "", "chess-arbiter-19")
    event = services.import_trf(chief, trf.dumps(t, trf.TRF2026), path.name)
    m.Event.objects.filter(pk=event.pk).update(public=True)
    event.refresh_from_db()
    return services.pair_next_round(event, chief), chief


def test_a_142_board_round_from_a_real_tournament(
    client: Client, karl_mala: tuple[m.Round, User]
) -> None:
    rnd, chief = karl_mala
    login(client, chief)
    boards = boards_of(rnd)
    assert len(boards) == 142
    rng = random.Random(19)
    # a game for every board but 142; board 7's colours reversed, board 9's names misspelt
    played = {n: rng.choice(list(PGN_RESULTS)) for n in boards if n != 142}
    games = []
    for n in sorted(played):
        b = boards[n]
        assert b.black is not None
        moves = random_game(rng, 60)
        result = PGN_RESULTS[played[n]]
        if n == 7:
            games.append(pgn_of(b.black, b.white, result, moves, ids=False))
        elif n == 9:
            b.white.name += "x"
            games.append(pgn_of(b.white, b.black, result, moves, ids=False))
        else:
            games.append(pgn_of(b.white, b.black, result, moves, f"1.{n}"))
    text = "".join(games)
    r = upload(client, rnd, text)
    assert r.status_code == 200
    html = r.content.decode()
    assert html.count('class="match-exact"') == 139
    assert html.count('class="match-doubtful"') == 2
    assert re.search(r'id="unmatched-boards">142 \(', html)
    fields = ticked(html)
    assert sum(1 for k in fields if k.startswith("take_")) == 139
    assert fields["board_6"] == "7" and fields["board_8"] == "9"  # the chooser's guesses
    fields["take_6"] = fields["take_8"] = "1"  # the arbiter accepts both
    r = confirm(client, rnd, text, fields)
    assert r.status_code == 302
    stored = results_of(rnd)
    for n in boards:
        if n == 7:  # the game's White (the board's Black) won: the board says so
            assert stored[n] == tuple(reversed(CODES[played[n]])), n
        elif n in played:
            assert stored[n] == CODES[played[n]], n
        else:
            assert stored[n] == ("", ""), n
    assert m.Game.objects.filter(board__round=rnd).count() == 141
    # the live PGN: every board, the stored moves and the confirmed results
    live = read_games(
        client.get(reverse("public:live_pgn", args=[rnd.event_id, rnd.number])).content.decode()
    )
    assert len(live) == 142 and sum(1 for g in live if g.result != "*") == 141
    assert [g.headers["Round"] for g in live[:2]] == ["1.1", "1.2"]


def test_the_protest_window_is_a_bounded_setting(event: m.Event, chief: User) -> None:
    with pytest.raises(services.ServiceError, match="protest"):
        services.update_event(event, chief, protest_hours=limits.MAX_PROTEST_HOURS + 1)
    services.update_event(event, chief, protest_hours=48)
    event.refresh_from_db()
    assert event.protest_hours == 48


def test_the_round_page_turns_final_at_the_deadline_without_another_change(
    client: Client, chief: User, round1: m.Round
) -> None:
    ev = round1.event
    m.Event.objects.filter(pk=ev.pk).update(protest_hours=1)
    boards = boards_of(round1)
    for n, b in boards.items():
        if n != 1:
            services.set_result(b.pk, chief, "1-0")
    services.adjudicate_game(boards[1], chief, "=", "Chief arbiter", "a fortress")
    # the adjudication announced an hour ago, less 1.5 seconds: final 1.5 seconds from now
    at = timezone.now() - timedelta(hours=1) + timedelta(seconds=1.5)
    m.Game.objects.filter(board=boards[1]).update(adjudicated_at=at)
    url = reverse("public:round", args=[ev.pk, 1])
    services.set_game_moves(boards[2], chief, "1. c4 *")  # a new version: pages made anew
    assert "Protest deadline" in client.get(url).content.decode()
    assert "Protest deadline" in client.get(url).content.decode()  # cached
    # (the cache keeps the page whole seconds: at most one past the deadline)
    time.sleep(max(0.0, (at + timedelta(hours=1) - timezone.now()).total_seconds()) + 1.1)
    assert "The results are final" in client.get(url).content.decode()


def test_an_adjourned_game_counts_as_a_draw_for_the_next_pairing_only(
    client: Client, chief: User, round1: m.Round
) -> None:
    ev = round1.event
    boards = boards_of(round1)
    for n, b in boards.items():
        if n != 1:
            services.set_result(b.pk, chief, "1-0")
    with pytest.raises(services.ServiceError, match="without a result"):
        services.pair_next_round(ev, chief)
    services.adjourn_game(
        boards[1],
        chief,
        sealed_by=Colour.WHITE,
        move_number=41,
        white_time_used=timedelta(hours=2),
        black_time_used=timedelta(hours=2),
    )
    round2 = services.pair_next_round(ev, chief)  # C.04.2 3.1: a draw for the pairing
    assert round2.number == 2 and round2.boards.count() == 5
    boards[1].refresh_from_db()
    assert boards[1].result == ""  # and only for the pairing
    login(client, chief)
    standings = client.get(reverse("arbiter:standings", args=[ev.pk])).content.decode()
    assert standings.count("(adjourned)") == 2
    services.finish_adjourned(boards[1], chief, "0-1")
    boards[1].refresh_from_db()
    assert (boards[1].result, boards[1].black_result) == ("0", "1")
    game = m.Game.objects.get(board=boards[1])
    assert game.state == "final" and game.finished_at is not None
    standings = client.get(reverse("arbiter:standings", args=[ev.pk])).content.decode()
    assert "(adjourned)" not in standings


def test_a_watched_url_on_the_servers_own_network_is_refused(
    client: Client, chief: User, round1: m.Round, settings: Any
) -> None:
    """A watched URL is read by the server: one naming this machine or its private network is
    refused (a user could otherwise make the server read its own services), unless the
    setting CHESSARBITER_PGN_WATCH_HOSTS lists the host (the venue's DGT LiveChess machine)."""
    login(client, chief)
    ev = round1.event
    url = reverse("arbiter:games_source", args=[ev.pk, 1])
    for source in ("http://127.0.0.1:6379/", "http://localhost/x.pgn", "http://10.1.2.3/x.pgn"):
        r = client.post(url, {"source": source}, follow=True)
        assert "own network" in r.content.decode(), source
        round1.refresh_from_db()
        assert round1.pgn_source == ""
    r = client.post(url, {"source": "ftp://example.org/x.pgn"}, follow=True)
    round1.refresh_from_db()
    assert round1.pgn_source == ""
    settings.CHESSARBITER_PGN_WATCH_HOSTS = frozenset({"127.0.0.1"})
    r = client.post(url, {"source": "http://127.0.0.1:9/x.pgn", "read_now": "1"}, follow=True)
    round1.refresh_from_db()
    assert round1.pgn_source == "http://127.0.0.1:9/x.pgn"
    assert "cannot be read" in r.content.decode()  # nothing listens on port 9
