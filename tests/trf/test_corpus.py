"""The FIDE Dutch pairing corpus (../shared/corpus/dutch and dutch-features) as TRF test data.

A deterministic sample (every 7th file of the sorted list) runs by default; the whole corpus
runs in :func:`test_whole_corpus` (marked ``slow``).

Every file reads and round-trips (``read(dumps(t, d)) == t``). Files whose records are in the
writer's canonical order are reproduced byte for byte; the others differ only by where lines
sit (``XXP``/``BB*`` after the players, ``XXA`` before them, ``092`` after the players in a
``tournament.trf``), or, for the ``192 ..._BAKU`` files, which the reader takes as TRF-2026, by
the ``142``/``152`` records a TRF-2026 file carries. Measured: 1462 of the 1663 corpus files
(including ``stress/``) are canonical, and exactly those are reproduced byte for byte.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chessarbiter.model import Result
from chessarbiter.trf import decode, dumps, read

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
CORPUS = SHARED / "corpus"

#: The writer's record order (chessarbiter.trf.writer docstring), for the codes in the corpus.
ORDER = [
    *("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132"),
    *("XXR", "XXC", "142", "152", "162", "172", "182", "192", "202", "212", "222"),
    *("XXS", "XXZ", "XXP", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"),
    *("001", "XXA", "013", "310", "240", "250", "260"),
]
RANK = {code: i for i, code in enumerate(ORDER)}
TRF26_ONLY = {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260"}

DIR_NAME = re.compile(r"[tf]\d{3}_p(\d{4})_r(\d{2})_")
ROUND_FILE = re.compile(r"round(\d{2})\.trf")


def corpus_files(*folders: str) -> list[str]:
    if not CORPUS.is_dir():
        return []
    return sorted(
        p.relative_to(CORPUS).as_posix()
        for folder in folders
        for p in (CORPUS / folder).rglob("*.trf")
    )


ALL_FILES = corpus_files("dutch", "dutch-features", "stress")
SAMPLE = corpus_files("dutch", "dutch-features")[::7]


def is_canonical(text: str) -> bool:
    """Records in the writer's order, and no TRF-2026 record (a file with one is written as
    TRF-2026, which also carries 142 and 152)."""
    codes = [line[:3] for line in text.splitlines() if line.strip()]
    if any(code not in RANK or code in TRF26_ONLY for code in codes):
        return False
    ranks = [RANK[code] for code in codes]
    return ranks == sorted(ranks)


def check_file(corpus: Path, name: str) -> bool:
    """Read, round-trip and check one corpus file; return whether it is reproduced exactly."""
    raw = decode((corpus / name).read_bytes())
    doc = read(raw, name)
    t = doc.tournament
    text = dumps(t, doc.dialect)
    again = read(text, name)
    assert again.tournament == t, name
    assert again.dialect == doc.dialect, name
    assert dumps(again.tournament, doc.dialect) == text, name
    directory = DIR_NAME.match(Path(name).parent.name)
    round_file = ROUND_FILE.fullmatch(Path(name).name)
    if directory is not None:
        assert len(t) <= int(directory.group(1)), name  # pPPPP: the largest field
        assert t.recorded_rounds <= int(directory.group(2)), name
        if round_file is not None:
            assert t.total_rounds == int(directory.group(2)), name  # rRR = XXR
    if round_file is not None:
        nn = int(round_file.group(1))
        # roundNN.trf: the event before round NN; column NN holds only pre-assigned byes
        assert t.rounds_played == nn - 1, name
        for player in t:
            entry = player.entry(nn)
            assert entry.opponent is None, name
            assert entry.result in (None, *_PRE_ASSIGNED), name
    exact = text == raw
    if is_canonical(raw):
        assert exact, f"{name}: canonical file not reproduced byte for byte"
    return exact


_PRE_ASSIGNED = (Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE, Result.FULL_POINT_BYE)


@pytest.fixture(scope="module")
def corpus(shared: Path) -> Path:
    return shared / "corpus"


def test_sample_is_representative(corpus):
    names = set(SAMPLE)
    assert len(SAMPLE) > 200
    assert any(n.startswith("dutch/") for n in names)
    for kind in ("forbidden", "accel", "late", "byes", "points", "round1"):
        assert any(f"_{kind}_" in n for n in names), kind
    assert any(n.endswith("tournament.trf") for n in names)


@pytest.mark.parametrize("name", SAMPLE)
def test_corpus_sample(corpus, name):
    check_file(corpus, name)


def test_corpus_sample_byte_exact_share(corpus):
    """Most sampled round files are canonical and reproduced byte for byte."""
    rounds = [n for n in SAMPLE if ROUND_FILE.fullmatch(Path(n).name)]
    canonical = [n for n in rounds if is_canonical(decode((corpus / n).read_bytes()))]
    assert len(canonical) > 0.8 * len(rounds)


def test_corpus_192_file_gains_142_and_152(corpus):
    """A bbp file with ``192 FIDE_DUTCH_..._BAKU`` is TRF-2026: written back with the 142 and
    152 records that say what XXR and XXC say, and nothing else changed."""
    names = [n for n in ALL_FILES if "_baku192_" in n and n.endswith("round02.trf")]
    assert names
    raw = decode((corpus / names[0]).read_bytes())
    doc = read(raw)
    assert doc.dialect.version == "2026" and doc.dialect.engine
    out = dumps(doc.tournament, doc.dialect).splitlines()
    added = [line for line in out if line not in raw.splitlines()]
    assert [line[:3] for line in added] == ["142", "152"]
    assert [line for line in out if line not in added] == raw.splitlines()


@pytest.mark.slow
def test_whole_corpus(corpus):
    """Every corpus file (about a minute on 2 cores: each write is read back): 1462 of 1663
    are canonical and byte-exact."""
    exact = sum(check_file(corpus, name) for name in ALL_FILES)
    assert (exact, len(ALL_FILES)) == (1462, 1663)
