"""Issue 13 (the web sweep): every file under ``../shared/real/`` and a deterministic sample of
the FIDE corpus go through the import page as a user uploads them. A file the library reads
becomes an event, and then every arbiter page and every public page of that event answers
without a server error; a file the library refuses (a deliberately broken TRF, a pairing list,
a JSON fixture) is refused by the web too, with the reader's message, and creates nothing.

Player pages, breakdowns, round pages and print views are sampled (the first, a middle and the
last player or round), a file whose tournament is byte for byte another's (after line endings)
is imported once, and the pairing engine's explanation is asked only of small events, so that
the sweep stays within about two minutes on one core. The two 50-team files are swept by
``test_validation.py``, with their team checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from chessarbiter import trf
from chessarbiter.errors import ChessArbiterError
from chessarbiter.web.events import models as m

from .conftest import login

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
REAL = SHARED / "real"
CORPUS = SHARED / "corpus"
#: The pairing engine explains the next round for events up to this many players.
EXPLAIN_UP_TO = 40

pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason="../shared not beside the checkout")


def real_files() -> list[Path]:
    """Every file under ``../shared/real/`` (TRF, bbpPairings inputs, pairing lists, JSON,
    TSV...): each is either a tournament or refused."""
    if not REAL.is_dir():
        return []
    return sorted(p for p in REAL.rglob("*") if p.is_file() and p.suffix != ".md")


def corpus_sample() -> list[Path]:
    """A deterministic sample of the corpus: the whole generated tournament of the first
    Dutch case of each size up to 64 players, and the last round file of the first case of
    each feature family (accelerations, byes, forbidden pairs, late entries, point systems,
    round 1; one of them has 300 players)."""
    if not CORPUS.is_dir():
        return []
    picked: list[Path] = []
    sizes: set[str] = set()
    for case in sorted((CORPUS / "dutch").glob("t*")):
        size = case.name.split("_")[1]
        if size not in sizes and int(size[1:]) <= 64 and (case / "tournament.trf").exists():
            sizes.add(size)
            picked.append(case / "tournament.trf")
    families: set[str] = set()
    for case in sorted((CORPUS / "dutch-features").glob("f*")):
        family = case.name.split("_")[3]
        if family not in families:
            families.add(family)
            picked.append(sorted(case.glob("*.trf"))[-1])
    return [p for p in picked if p.exists()]


def _name(path: Path) -> str:
    return str(path.relative_to(SHARED))


def _library_reads(path: Path) -> bool:
    """The library's own verdict: the file is a tournament (read, consistent, with players)."""
    try:
        t = trf.loads(trf.decode(path.read_bytes()), path.name)
        t.validate()
    except ChessArbiterError:
        return False
    return len(t) > 0


def _import(client: Client, path: Path) -> Any:
    upload = SimpleUploadedFile(path.name, path.read_bytes())
    return client.post(reverse("arbiter:event_import"), {"file": upload})


def _ok(client: Client, url: str, seen: list[str]) -> None:
    """GET ``url``: any answer but a server error (the client raises any exception)."""
    r = client.get(url)
    seen.append(url)
    assert r.status_code in (200, 302), f"{url}: {r.status_code}"


def _sample(items: list[Any]) -> list[Any]:
    """First, middle and last."""
    if len(items) <= 3:
        return items
    return [items[0], items[len(items) // 2], items[-1]]


def arbiter_urls(ev: m.Event) -> Iterator[str]:
    pk = ev.pk
    rounds = list(ev.round_set.values_list("number", flat=True))
    players = list(ev.players.order_by("number"))
    yield reverse("arbiter:event", args=[pk])
    yield reverse("arbiter:players", args=[pk])
    for p in _sample(players):
        yield reverse("arbiter:player", args=[pk, p.pk])
        yield reverse("arbiter:breakdown", args=[pk, p.number])
    yield reverse("arbiter:pair", args=[pk])
    if len(players) <= EXPLAIN_UP_TO:
        yield reverse("arbiter:explain", args=[pk])
    for r in _sample(rounds):
        yield reverse("arbiter:round", args=[pk, r])
    yield reverse("arbiter:standings", args=[pk])
    yield reverse("arbiter:crosstable", args=[pk])
    yield reverse("arbiter:export", args=[pk]) + "?dialect=2026"
    yield reverse("arbiter:export", args=[pk]) + "?dialect=16"
    yield reverse("arbiter:print", args=[pk, "standings"])
    yield reverse("arbiter:print", args=[pk, "crosstable"])
    for r in sorted({rounds[0], rounds[-1]}) if rounds else ():
        for what in ("pairings", "alpha", "slips"):
            yield reverse("arbiter:print_round", args=[pk, what, r])
    yield reverse("arbiter:roles", args=[pk])
    yield reverse("arbiter:audit", args=[pk])
    yield reverse("arbiter:settings", args=[pk])
    if ev.system in (m.Event.System.TEAM_SWISS, m.Event.System.TEAM_ROUND_ROBIN):
        yield reverse("arbiter:teams", args=[pk])
        yield reverse("arbiter:team_standings", args=[pk])
        yield reverse("arbiter:board_prizes", args=[pk])
    if ev.system == m.Event.System.KNOCKOUT:
        yield reverse("arbiter:knockout", args=[pk])


def public_urls(ev: m.Event) -> Iterator[str]:
    pk = ev.pk
    yield reverse("public:home")
    yield reverse("public:event", args=[pk])
    for r in _sample(list(ev.round_set.values_list("number", flat=True))):
        yield reverse("public:round", args=[pk, r])
    yield reverse("public:standings", args=[pk])
    yield reverse("public:crosstable", args=[pk])
    for p in _sample(list(ev.players.order_by("number"))):
        yield reverse("public:player", args=[pk, p.number])
    if ev.system in (m.Event.System.TEAM_SWISS, m.Event.System.TEAM_ROUND_ROBIN):
        yield reverse("public:team_standings", args=[pk])
    if ev.system == m.Event.System.KNOCKOUT:
        yield reverse("public:bracket", args=[pk])


def sweep(client: Client, path: Path, pages: bool = True) -> tuple[bool, int]:
    """Import ``path`` and fetch every page of the event (unless not ``pages``); (imported,
    pages fetched)."""
    before = m.Event.objects.count()
    r = _import(client, path)
    reads = _library_reads(path)
    if not reads:
        assert r.status_code == 200, _name(path)  # the form again, with the reader's message
        assert m.Event.objects.count() == before, f"{_name(path)}: refused, yet an event was made"
        errors = [str(x) for x in get_messages(r.wsgi_request) if x.level_tag == "error"]
        assert errors or "errorlist" in r.content.decode(), f"{_name(path)}: refused silently"
        return False, 0
    assert r.status_code == 302, f"{_name(path)}: the library reads it, the web refused it"
    ev = m.Event.objects.latest("pk")
    seen: list[str] = []
    if not pages:
        return True, 0
    for url in arbiter_urls(ev):
        _ok(client, url, seen)
    anonymous = Client()
    for url in public_urls(ev):
        _ok(anonymous, url, seen)
    return True, len(seen)


TEAM_FILES = (
    "real/sharly-chess/trf/example_trf26.trf",
    "real/echecsjs-trf/fixtures/grandmommyscup.trf",
)
"""The two 50-team TRF-2026 files (14 rounds of 100 boards, the costliest imports of the
folder): swept once, with the team checks, by ``test_validation.py``."""


def unique_files() -> list[Path]:
    """Every real file and the corpus sample, each tournament once: a file whose content is
    byte for byte another's (after whitespace) is the same tournament from another repository."""
    seen: set[bytes] = set()
    picked = []
    for path in real_files() + corpus_sample():
        content = b"\n".join(path.read_bytes().split())
        if content not in seen and _name(path) not in TEAM_FILES:
            seen.add(content)
            picked.append(path)
    return picked


SWEPT = unique_files()


def test_the_sweep_covers_every_folder() -> None:
    """The sweep below has every folder of ``../shared/real`` and the corpus sample, and at
    least 40 of its files are tournaments the library reads."""
    assert len(SWEPT) > 100
    folders = {p.relative_to(REAL).parts[0] for p in SWEPT if REAL in p.parents}
    assert folders >= {p.name for p in REAL.iterdir() if p.is_dir()}
    assert any(CORPUS in p.parents for p in SWEPT)
    assert sum(_library_reads(p) for p in SWEPT) >= 40


#: On PostgreSQL (server mode) the pages of every this-many-th file are fetched, the others
#: only imported: the writes are where the databases differ (lengths, constraints,
#: transactions); the pages run the same queries as on SQLite, where every page of every file
#: is fetched, and the other web tests fetch them all on PostgreSQL too.
SERVER_MODE_PAGES_EVERY = 4


@pytest.mark.parametrize("path", SWEPT, ids=_name)
def test_issue13_every_real_file_and_a_corpus_sample_import_and_every_page_renders(
    client: Client, chief: User, path: Path
) -> None:
    """Issue 13 items 7 and 10 and the closing sweep: no file of ``../shared/real/`` nor of the
    corpus sample gives a server error, on import or on any page of the event it makes (a test
    a file, so that the files spread over the test workers)."""
    login(client, chief)
    pages = connection.vendor == "sqlite" or SWEPT.index(path) % SERVER_MODE_PAGES_EVERY == 0
    made, fetched = sweep(client, path, pages)
    assert made == _library_reads(path)
    assert fetched > 20 or not made or not pages


def test_an_imported_file_keeps_its_dates_and_the_rating_report_its_juniors(
    client: Client, chief: User
) -> None:
    """TRF ``042``/``052`` written day first ("28. 07. 2005") become the event's dates, so the
    web's rating report is the command line's for the same file: B.02 8.3.3's junior K counts
    from the event's year (player 25, born 1987, under 2300: K 40 in 2005)."""
    from chessarbiter.ratings.change import rating_report
    from chessarbiter.web.events import ratings, store

    from .conftest import import_real_open

    ev = import_real_open(client, chief)
    assert (str(ev.start_date), str(ev.end_date)) == ("2005-07-28", "2005-07-31")
    web = ratings.ratings(ev).report
    from_file = rating_report(trf.load(REAL / "sharly-chess/trf/example_trf16.trf"))
    assert [(p.number, p.k, p.rating_change) for p in web.players] == [
        (p.number, p.k, p.rating_change) for p in from_file.players
    ]
    junior = next(p for p in web.players if p.number == 25)
    assert junior.k is not None and junior.k.value == 40 and junior.rating_change == 85
    assert store.tournament(ev).start_date == "2005/07/28"
