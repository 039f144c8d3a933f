"""Double-Swiss events in the web app (C.04.5, 2026): the event's rounds count matches, the
stored rounds are games (two per match: :mod:`chessarbiter.pairing.double_swiss.rules`), every
match is the library's pairing of the stored event, stored as both its game rounds at once,
unpaired whole, ranked by game points as any Swiss, and it goes out to TRF and back."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.errors import ChessArbiterError
from chessarbiter.formatting import format_points
from chessarbiter.model import Colour, Result, RoundEntry
from chessarbiter.pairing.double_swiss.engine import matches_paired
from chessarbiter.pairing.double_swiss.rules import (
    MatchKind,
    double_swiss_point_system,
    read_match,
)
from chessarbiter.pairing.round_pairing import RoundPairing
from chessarbiter.standings import complete_rounds, ranking
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store, tables
from chessarbiter.web.jobs import services as jobs
from chessarbiter.web.jobs.models import Job

from .conftest import NAMES, login

PLAYERS = [*NAMES, ("Dekker, Kees", 1900), ("Jansen, Lotte", 1850)]
PLAYERS += [("Kuznetsov, Lev", 1800), ("Ivanova, Maria", 1750)]
RESULTS = ("1-0", "=", "0-1", "1-0", "=", "0-1", "=")


def _event(chief: User, matches: int = 3, players: int = 14) -> m.Event:
    ev = services.create_event(chief, name="Double", rounds=matches, edition="double-swiss-2026")
    services.add_players(ev, chief, [{"name": n, "rating": r} for n, r in PLAYERS[:players]])
    ev.refresh_from_db()
    return ev


def _games(rnd: m.Round) -> list[tuple[int, int | None]]:
    return [
        (b.white.number, b.black.number if b.black else None) for b in rnd.boards.order_by("number")
    ]


def _results(ev: m.Event, chief: User, number: int, seed: int = 0) -> None:
    """Results on every pending board of round ``number``, cycling through RESULTS."""
    for i, b in enumerate(ev.round_set.get(number=number).boards.exclude(black=None)):
        if not b.result:
            services.set_result(b.pk, chief, RESULTS[(i + seed) % len(RESULTS)])


def _pair_as_the_library(ev: m.Event, chief: User) -> RoundPairing:
    """Pair the next match; check it is the library's pairing of the stored event, stored as
    its two game rounds (game 2: colours reversed, the bye in both)."""
    expected = store.pairing_rules(ev).pair(store.tournament(ev))
    k = expected.round
    rnd = services.pair_next_round(ev, chief)
    assert rnd.number == 2 * k - 1
    ev.refresh_from_db()
    game1, game2 = ev.round_set.get(number=2 * k - 1), ev.round_set.get(number=2 * k)
    boards = [(b.white, b.black) for b in expected.boards]
    bye = [(expected.bye, None)] if expected.bye is not None else []
    assert _games(game1) == boards + bye
    assert _games(game2) == [(b, w) for w, b in boards] + bye
    if expected.bye is not None:
        assert game1.boards.get(black=None).result == game2.boards.get(black=None).result == "U"
    return expected


def test_a_new_event_gets_the_librarys_bye_and_refuses_acceleration(chief: User) -> None:
    ev = _event(chief)
    assert ev.double_swiss() and ev.round_columns() == 6
    assert ev.bye_points == Decimal("1.5")  # a whole match: a won and a drawn game (1.4)
    ps = store.point_system(ev)
    assert ps.pairing_allocated_bye == double_swiss_point_system().pairing_allocated_bye
    assert ev.system_label() == "Double-Swiss"
    with pytest.raises(ChessArbiterError, match="acceleration"):
        services.update_event(ev, chief, acceleration="baku")
    other = services.create_event(
        chief, name="Own bye", rounds=2, edition="double-swiss-2026", bye_points=Decimal(2)
    )
    assert other.bye_points == Decimal(2)
    assert store.point_system(other).pairing_allocated_bye == Decimal(1)


def test_three_matches_are_the_librarys_and_unpaired_whole(client: Client, chief: User) -> None:
    """Fourteen players, three matches: a single forfeited game in match 1 (the match stays
    played), a whole-match forfeit in match 2 (the pair may meet again), a requested bye in
    match 3 (both its games) and the pairing-allocated bye that leaves; every match is the
    library's pairing, pairing is refused while a game of the last match is pending,
    unpairing removes both games, and the standings are the library's."""
    ev = _event(chief)
    # match 1
    _pair_as_the_library(ev, chief)
    with pytest.raises(ChessArbiterError, match=r"Match 1, game 1 has games without a result"):
        services.pair_next_round(ev, chief)
    _results(ev, chief, 1)
    with pytest.raises(ChessArbiterError, match=r"Match 1, game 2 has games without a result"):
        services.pair_next_round(ev, chief)
    first = ev.round_set.get(number=2).boards.order_by("number")[0]
    services.set_result(first.pk, chief, "+-")  # a single forfeited game
    _results(ev, chief, 2, 1)
    t = store.tournament(ev)
    assert read_match(t, first.white.number, 1).kind is MatchKind.PLAYED
    # a correction in game 1 after game 2 is stored, as for any round
    corrected = ev.round_set.get(number=1).boards.order_by("number")[1]
    services.set_result(
        corrected.pk, chief, "=" if corrected.result != "=" else "1-0", replace=True
    )
    # match 2: one pair forfeits both games (game 2 has the colours reversed)
    _pair_as_the_library(ev, chief)
    g1 = ev.round_set.get(number=3).boards.order_by("number")[1]
    assert g1.black is not None
    g2 = ev.round_set.get(number=4).boards.get(white=g1.black)
    services.set_result(g1.pk, chief, "+-")  # Black of game 1 absent
    services.set_result(g2.pk, chief, "-+")  # the same player, White in game 2
    _results(ev, chief, 3, 2)
    _results(ev, chief, 4, 3)
    t = store.tournament(ev)
    assert read_match(t, g1.black.number, 2).kind is MatchKind.FORFEITED
    assert matches_paired(t) == 2
    # match 3: a bye requested for game 1 covers the match; 13 left, one gets the PAB
    services.set_bye_request(ev.players.get(number=14), chief, 5, "H")
    expected = _pair_as_the_library(ev, chief)
    assert expected.bye is not None
    t = store.tournament(ev)
    assert read_match(t, 14, 3).kind is MatchKind.BYE
    assert read_match(t, expected.bye, 3).kind is MatchKind.PAB
    assert ev.round_set.count() == 6
    # unpairing removes the whole match, and the library pairs it again the same way
    assert services.unpair_last_round(ev, chief) == 5
    assert sorted(ev.round_set.values_list("number", flat=True)) == [1, 2, 3, 4]
    again = _pair_as_the_library(ev, chief)
    assert again == expected
    _results(ev, chief, 5, 4)
    _results(ev, chief, 6, 5)
    with pytest.raises(ChessArbiterError, match="All 3 matches are paired"):
        services.pair_next_round(ev, chief)
    # standings: the library's ranking of the stored event, by game points
    t = store.tournament(ev)
    assert complete_rounds(t) == 6
    library = ranking(t, store.tiebreak_specs(ev), 6, edition=ev.tiebreak_edition)
    names, rows, after = tables.standings_rows(ev)
    assert after == 6
    assert [(r.number, r.place, r.points) for r in rows] == [
        (s.pairing_number, s.shared, format_points(s.points)) for s in library
    ]
    assert [r.tiebreaks for r in rows] == [[s.tiebreaks[n] for n in names] for s in library]
    pab = next(r for r in rows if r.number == expected.bye)
    assert pab.points == format_points(t.score(expected.bye, 6))
    assert t.score(expected.bye, 6) - t.score(expected.bye, 4) == Decimal("1.5")  # 1.4
    # pages
    login(client, chief)
    page = client.get(reverse("arbiter:event", args=[ev.pk])).content.decode()
    assert "Match 3, game 2" in page and "6 of 6 games paired" in page
    for page in (
        client.get(reverse("arbiter:home")).content.decode(),
        client.get(reverse("arbiter:festival", args=[ev.festival_id])).content.decode(),
    ):
        assert "6 / 6" in page  # game rounds paired of the event's games
    public = client.get(reverse("public:event", args=[ev.pk])).content.decode()
    assert "6 of 6 games" in public
    page = client.get(reverse("arbiter:round", args=[ev.pk, 4])).content.decode()
    assert "Match 2, game 2" in page
    page = client.get(reverse("arbiter:standings", args=[ev.pk])).content.decode()
    assert "Standings after match 3" in page
    for name in ("standings", "crosstable", "start_list", "players", "settings"):
        assert client.get(reverse(f"arbiter:{name}", args=[ev.pk])).status_code == 200, name
    for kind in ("pairings", "alpha", "slips"):
        response = client.get(reverse("arbiter:print_round", args=[ev.pk, kind, 3]))
        assert response.status_code == 200 and "Match 2, game 1" in response.content.decode()
    assert client.get(reverse("arbiter:print", args=[ev.pk, "standings"])).status_code == 200


def test_the_explanation_is_the_engines_account_of_the_match(client: Client, chief: User) -> None:
    ev = _event(chief)
    _pair_as_the_library(ev, chief)
    _results(ev, chief, 1)
    _results(ev, chief, 2, 1)
    login(client, chief)
    page = client.get(reverse("arbiter:explain", args=[ev.pk])).content.decode()
    assert "Match 2 of 3 (rounds 3 and 4)" in page
    preview = client.get(reverse("arbiter:pair", args=[ev.pk])).content.decode()
    assert "Match 2, game 1: proposed pairing" in preview and "game-2-note" in preview
    response = client.post(reverse("arbiter:pair", args=[ev.pk]))
    assert response.status_code == 302 and ev.round_set.count() == 4
    assert client.post(reverse("arbiter:unpair", args=[ev.pk])).status_code == 302
    assert ev.round_set.count() == 2


def test_a_big_event_pairs_the_match_in_a_job(client: Client, chief: User, settings: Any) -> None:
    """More than CHESSARBITER_INLINE_PAIRING_MAX players: the proposal is a job of the
    same service; publishing stores both games of the match."""
    settings.CHESSARBITER_INLINE_PAIRING_MAX = 0
    ev = _event(chief)
    login(client, chief)
    url = reverse("arbiter:pair", args=[ev.pk])
    assert client.post(url, {"action": "compute"}).status_code == 302
    job = Job.objects.get()
    assert (job.kind, job.round_number) == ("propose", 1)
    assert jobs.run_pending() == 1
    expected = store.pairing_rules(ev).pair(store.tournament(ev))
    assert client.post(url).status_code == 302
    assert _games(ev.round_set.get(number=1)) == [(b.white, b.black) for b in expected.boards]
    assert ev.round_set.count() == 2
    _results(ev, chief, 1)
    _results(ev, chief, 2)
    jobs.submit_pairing(ev, chief)
    assert jobs.run_pending() == 1
    assert ev.round_set.count() == 4


def test_hand_pairing_is_refused_precisely(chief: User) -> None:
    ev = _event(chief)
    with pytest.raises(ChessArbiterError, match="cannot be paired by hand"):
        services.pair_next_round(ev, chief, [(1, 2)], "by hand")


def test_the_trf_round_trip_and_a_half_match_refused(chief: User) -> None:
    ev = _event(chief, players=13)
    for k in (1, 2):
        _pair_as_the_library(ev, chief)
        _results(ev, chief, 2 * k - 1, k)
        _results(ev, chief, 2 * k, k + 1)
    text, _losses = services.export_trf(ev)
    assert "\n192 FIDE_DOUBLESWISS" in text
    again = services.import_trf(chief, text, "double.trf")
    assert again.double_swiss() and again.rounds == 3 and again.round_set.count() == 4
    assert again.bye_points == ev.bye_points == Decimal("1.5")
    assert services.export_trf(again)[0] == text
    assert [r.number for r in tables.standings_rows(again)[1]] == [
        r.number for r in tables.standings_rows(ev)[1]
    ]
    # the same colour in both games of a match: not one match, refused with the library's
    # message, nothing stored
    t = trf.loads(text, "double.trf")
    w = next(p for p in t if p.entry(1).colour is Colour.WHITE)
    b = t.player(w.entry(1).opponent or 0)
    w.set_entry(2, RoundEntry(b.number, Colour.WHITE, w.entry(2).result))
    b.set_entry(2, RoundEntry(w.number, Colour.BLACK, b.entry(2).result))
    broken = trf.dumps_with_losses(t, trf.TRF2026)[0]
    before = m.Event.objects.count()
    with pytest.raises(ChessArbiterError, match=r"half\.trf: player \d+, match 1"):
        services.import_trf(chief, broken, "half.trf")
    assert m.Event.objects.count() == before


def test_the_public_pages_and_their_cache(client: Client, chief: User) -> None:
    ev = _event(chief, players=13)
    _pair_as_the_library(ev, chief)
    _results(ev, chief, 1)
    _results(ev, chief, 2, 1)
    url = reverse("public:standings", args=[ev.pk])
    first = client.get(url)
    assert first.status_code == 200
    assert "Standings after match 1" in first.content.decode()
    table = first.content.decode().partition('<table id="standings"')[2]
    assert table and table in client.get(url).content.decode()  # the visitors' cache
    page = client.get(reverse("public:event", args=[ev.pk])).content.decode()
    assert "Match 1, game 2" in page
    for number in (1, 2):
        response = client.get(reverse("public:round", args=[ev.pk, number]))
        assert response.status_code == 200
        assert f"Match 1, game {number}" in response.content.decode()
    assert client.get(reverse("public:crosstable", args=[ev.pk])).status_code == 200
    assert client.get(reverse("public:standings_after", args=[ev.pk, 2])).status_code == 200
    board = ev.round_set.get(number=2).boards.exclude(black=None).order_by("number")[0]
    services.set_result(board.pk, chief, "0-1" if board.result == "1" else "1-0", replace=True)
    assert client.get(url).content.decode() != first.content.decode()


_ENTRIES = st.sampled_from(["H", "Z", "F", "not paired"])


def test_any_change_of_a_file_is_imported_whole_or_refused_precisely(chief: User) -> None:
    """Entries of a played Double-Swiss file changed at random (a bye or an absence on one
    game, which may leave half a match): the import stores whole matches, or is refused with
    the library's message (a ChessArbiterError: never another exception) and stores
    nothing."""
    ev = _event(chief, players=9)
    for k in (1, 2):
        services.pair_next_round(ev, chief)
        _results(ev, chief, 2 * k - 1, k)
        _results(ev, chief, 2 * k, k + 1)
    played_file = services.export_trf(ev)[0]
    outcomes: set[str] = set()

    @hsettings(max_examples=25, deadline=None)
    @given(
        changes=st.lists(
            st.tuples(st.integers(1, 9), st.integers(1, 4), _ENTRIES), min_size=1, max_size=3
        )
    )
    def imported_or_refused(changes: list[tuple[int, int, str]]) -> None:
        t = trf.loads(played_file, "double.trf")
        for number, column, code in changes:
            entry = (
                RoundEntry.NOT_PAIRED
                if code == "not paired"
                else RoundEntry(None, Colour.NONE, Result(code))
            )
            opponent = t.player(number).entry(column).opponent
            for n in (number, opponent):  # both players of a game: a consistent file
                if n is not None:
                    t.player(n).set_entry(column, entry)
        text = trf.dumps_with_losses(t, trf.TRF2026)[0]
        before = m.Event.objects.count()
        try:
            again = services.import_trf(chief, text, "changed.trf")
        except ChessArbiterError:
            assert m.Event.objects.count() == before
            outcomes.add("refused")
            return
        outcomes.add("imported")
        stored = store.tournament(again)
        played = matches_paired(stored)
        for p in stored:
            for k in range(1, played + 1):
                read_match(stored, p.number, k)  # every match whole (MatchError otherwise)

    imported_or_refused()
    assert "refused" in outcomes


def test_the_bye_follows_a_change_of_rules_before_round_1(chief: User) -> None:
    ev = services.create_event(chief, name="Open", rounds=5)
    assert ev.bye_points == Decimal(1)
    ev = services.update_event(ev, chief, edition="double-swiss-2026")
    assert ev.bye_points == Decimal("1.5") and ev.round_columns() == 10
    ev = services.update_event(ev, chief, edition="2026")
    assert ev.bye_points == Decimal(1) and ev.round_columns() == 5
    ev = services.update_event(ev, chief, edition="double-swiss-2026")
    ev = services.update_event(ev, chief, bye_points=Decimal(1))
    assert ev.bye_points == Decimal(1)  # the arbiter's own value (C.04.5 1.4: "unless...")
    assert store.point_system(ev).pairing_allocated_bye == Decimal("0.5")
