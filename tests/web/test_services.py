"""The services that change an event: one transaction each, audited, rules from the library."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from chessarbiter import trf
from chessarbiter.editions import DutchEdition
from chessarbiter.model import Colour
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services, store, tables

from .conftest import play_round

SHARED = Path(__file__).resolve().parents[3] / "shared"


def test_create_event_makes_the_owner_chief_and_audits(chief: User) -> None:
    ev = services.create_event(chief, name="Open")
    assert m.Role.objects.get(event=ev, user=chief).kind == "chief"
    assert ev.audit.filter(action="event.create").count() == 1
    assert ev.version == 1


def test_duplicate_fide_id_is_refused_and_nothing_stored(event: m.Event, chief: User) -> None:
    services.add_player(event, chief, name="A", fide_id="4100018")
    before = event.players.count()
    with pytest.raises(services.ServiceError, match="4100018"):
        services.add_players(
            event, chief, [{"name": "B", "fide_id": "1"}, {"name": "C", "fide_id": "4100018"}]
        )
    assert event.players.count() == before  # B was not stored either


def test_pairing_matches_the_library_engine(event: m.Event, chief: User) -> None:
    """The stored round is exactly the engine's pairing of the same tournament (C.04.3)."""
    rules = store.pairing_rules(event)
    assert isinstance(rules.edition, DutchEdition)
    expected = pair_round(store.tournament(event), rules.edition)
    rnd = services.pair_next_round(event, chief)
    got = [(b.white.number, b.black.number if b.black else None) for b in rnd.boards.all()]
    want: list[tuple[int, int | None]] = [(b.white, b.black) for b in expected.boards]
    if expected.bye:
        want.append((expected.bye, None))
    assert got == want


def test_three_rounds_scores_and_standings(event: m.Event, chief: User) -> None:
    for _ in range(3):
        play_round(event, chief)
    event.refresh_from_db()
    names, rows, after = tables.standings_rows(event)
    assert after == 3
    assert names == ["BH/C1", "BH", "SB", "DE"]
    assert sum(Decimal(r.points) for r in rows) == Decimal(15)  # 5 games a round
    t = store.tournament(event)
    assert t.check() == []


def test_results_must_be_in_before_the_next_round(event: m.Event, chief: User) -> None:
    services.pair_next_round(event, chief)
    with pytest.raises(services.ServiceError, match="without a result"):
        services.pair_next_round(event, chief)


def test_stale_version_is_a_conflict_and_keeps_the_first_result(
    event: m.Event, chief: User, arbiter: User
) -> None:
    rnd = services.pair_next_round(event, chief)
    board = rnd.boards.exclude(black=None).first()
    assert board is not None
    seen = board.version
    services.set_result(board.pk, chief, "1-0", seen)
    with pytest.raises(services.ConflictError):
        services.set_result(board.pk, arbiter, "0-1", seen)
    board.refresh_from_db()
    assert (board.result, board.black_result) == ("1", "0")


def test_correcting_a_past_result_rescores(event: m.Event, chief: User) -> None:
    rnd = play_round(event, chief)
    play_round(event, chief)
    board = rnd.boards.exclude(black=None).first()
    assert board is not None
    white = board.white.number
    before = store.tournament(event).score(white)
    change = services.set_result(board.pk, chief, "0-1", replace=True)
    assert change.previous == "1-0"
    event.refresh_from_db()
    assert store.tournament(event).score(white) == before - 1
    assert "correction" in event.audit.first().summary  # type: ignore[union-attr]


def test_failure_in_the_middle_of_pairing_leaves_the_event_as_it_was(
    event: m.Event, chief: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    play_round(event, chief)
    event.refresh_from_db()
    version = event.version

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(m.Board.objects, "bulk_create", broken)
    with pytest.raises(RuntimeError):
        services.pair_next_round(event, chief)
    event.refresh_from_db()
    assert event.round_set.count() == 1  # the Round row created before the failure is gone
    assert event.version == version
    assert not event.audit.filter(action="round.pair", data__round=2).exists()


def test_unpair_last_round(event: m.Event, chief: User) -> None:
    play_round(event, chief)
    services.pair_next_round(event, chief)
    assert services.unpair_last_round(event, chief) == 2
    assert event.round_set.count() == 1


def test_withdrawn_player_is_not_paired(event: m.Event, chief: User) -> None:
    """C.04.2 D / 2026 art. 3.2: a withdrawn player is no longer paired."""
    play_round(event, chief)
    p = event.players.get(number=10)
    services.withdraw_player(p, chief)
    rnd = services.pair_next_round(event, chief)
    paired = {b.white_id for b in rnd.boards.all()} | {b.black_id for b in rnd.boards.all()}
    assert p.pk not in paired


def test_requested_bye_is_honoured(event: m.Event, chief: User) -> None:
    p = event.players.get(number=3)
    services.set_bye_request(p, chief, 1, "H")
    rnd = services.pair_next_round(event, chief)
    paired = {b.white_id for b in rnd.boards.all()} | {b.black_id for b in rnd.boards.all()}
    assert p.pk not in paired
    t = store.tournament(event)
    assert str(t.score(3)) == "0.5"


def test_renumbering_follows_c0402_b(chief: User) -> None:
    ev = services.create_event(chief, name="Order")
    services.add_players(
        ev,
        chief,
        [
            {"name": "Zeta", "rating": 2000},
            {"name": "Alpha", "rating": 2000, "title": "FM"},
            {"name": "Beta", "rating": 2100},
        ],
    )
    services.renumber_by_rating(ev, chief)
    assert [p.name for p in ev.players.order_by("number")] == ["Beta", "Alpha", "Zeta"]


def test_round_robin_follows_the_berger_table(chief: User) -> None:
    """C.05 Annex 1: round 1 of the table for 6 is 1-6, 2-5, 3-4; with 5 players number 6
    is the dummy, so player 1 has the free round (a zero-point bye)."""
    ev = services.create_event(chief, name="RR", system="roundrobin", rounds=5)
    services.add_players(ev, chief, [{"name": f"P{i}"} for i in range(1, 6)])
    rnd = services.pair_next_round(ev, chief)
    boards = [(b.white.number, b.black.number if b.black else 0) for b in rnd.boards.all()]
    assert sorted(boards) == [(1, 0), (2, 5), (3, 4)]
    bye = rnd.boards.get(black=None)
    assert bye.result == "Z"


def test_trf_export_import_round_trip(event: m.Event, chief: User) -> None:
    for _ in range(2):
        play_round(event, chief, "=")
    text, losses = services.export_trf(event)
    assert losses == []
    copy = services.import_trf(chief, text, "copy.trf")
    assert trf.dumps(store.tournament(copy)) == trf.dumps(store.tournament(event))


def test_import_of_a_real_file(chief: User) -> None:
    path = SHARED / "real" / "sharly-chess" / "trf" / "example_trf16.trf"
    if not path.exists():
        pytest.skip("../shared not beside the checkout")
    text = trf.decode(path.read_bytes())
    ev = services.import_trf(chief, text, path.name)
    original = trf.loads(text, path.name)
    assert ev.players.count() == len(original)
    t = store.tournament(ev)
    assert t.scores() == original.scores()


def test_malformed_trf_is_refused_with_file_and_line(chief: User) -> None:
    with pytest.raises(trf.reader.TrfError if hasattr(trf.reader, "TrfError") else Exception) as e:
        services.import_trf(chief, "012 X\n001 abc\n", "bad.trf")
    assert "bad.trf:2" in str(e.value)
    assert not m.Event.objects.filter(name="X").exists()


def test_round_robin_numbers_by_lot_are_reproducible(chief: User) -> None:
    """C.05 Annex 1: numbers by lot; the same published seed gives the same draw."""
    orders = []
    for i in range(2):
        ev = services.create_event(chief, name=f"RR{i}", system="roundrobin", rounds=7)
        services.add_players(ev, chief, [{"name": f"P{k}"} for k in range(1, 9)])
        services.draw_numbers_by_lot(ev, chief, "opening ceremony 2026")
        orders.append([p.name for p in ev.players.order_by("number")])
    assert orders[0] == orders[1]
    assert orders[0] != [f"P{k}" for k in range(1, 9)]
    assert sorted(orders[0]) == sorted(f"P{k}" for k in range(1, 9))


def test_issue_13_item_2_a_round_is_not_paired_over_games_without_a_result(
    event: m.Event, chief: User
) -> None:
    """The library's readiness rule (C.04.1, C.04.2), named by board in the web: the next
    round is refused while boards of the last round have no result, and pairs once they do."""
    rnd = services.pair_next_round(event, chief)
    games = list(rnd.boards.exclude(black=None).order_by("number"))
    for b in games:
        if b.number not in (2, 4):
            services.set_result(b.pk, chief, "1-0")
    with pytest.raises(
        services.ServiceError, match=r"Round 1 has games without a result \(boards 2, 4\)"
    ):
        services.pair_next_round(event, chief)
    assert event.round_set.count() == 1
    for b in games:
        if b.number in (2, 4):
            services.set_result(b.pk, chief, "=")
    assert services.pair_next_round(event, chief).number == 2


@pytest.mark.skipif(
    not (SHARED / "real").is_dir(), reason="../shared/real is not beside the checkout"
)
@pytest.mark.parametrize("dialect", ["2026", "16"])
def test_issue_13_an_imported_event_exports_every_entry_as_read(chief: User, dialect: str) -> None:
    """Found in a browser: importing the 284-player open and exporting it again gave 20
    forfeits recorded without colours (``- -``, ``- +``) a colour. Every round entry now
    comes back as the file had it: opponent, colour and result."""
    path = SHARED / "real" / "sharly-chess" / "trf" / "example_trf16.trf"
    original = trf.load(path)
    event = services.import_trf(chief, trf.read_text(path), path.name)
    text, _losses = services.export_trf(event, dialect)
    back = trf.loads(text, "export.trf")
    colourless = 0
    for p in original:
        for r in range(1, original.rounds_played + 1):
            assert back.player(p.number).entry(r) == p.entry(r), (p.number, r)
            e = p.entry(r)
            colourless += e.opponent is not None and e.colour is Colour.NONE
    assert colourless == 20
