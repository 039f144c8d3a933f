"""The registry of the C.07 tie-breaks: one function per acronym, with the capabilities the
C.07 table gives it (:mod:`chessarbiter.tiebreaks.registry`)."""

from __future__ import annotations

import pytest

from chessarbiter.tiebreaks import UnsupportedTieBreakError, acronyms, parse
from chessarbiter.tiebreaks.registry import REGISTRY, Modifier, lookup

#: The individual tie-breaks of C.07 (2026) by article (the table of C.07 Art. 5).
C07_ARTICLES = {
    "DE": "C.07 6",
    "WIN": "C.07 7.1",
    "WON": "C.07 7.2",
    "BPG": "C.07 7.3",
    "BWG": "C.07 7.4",
    "PS": "C.07 7.5",
    "REP": "C.07 7.6",
    "STD": "C.07 7.7",
    "TPN": "C.07 7.8",
    "BH": "C.07 8.1",
    "AOB": "C.07 8.2",
    "FB": "C.07 8.3",
    "SB": "C.07 9.1",
    "KS": "C.07 9.2",
    "ARO": "C.07 10.1",
    "TPR": "C.07 10.2",
    "PTP": "C.07 10.3",
    "APRO": "C.07 10.4",
    "APPO": "C.07 10.5",
    "RTNG": "C.07 10.6",
}


def test_every_individual_tie_break_of_c07_is_registered_in_article_order() -> None:
    assert {a: t.article for a, t in REGISTRY.items()} == C07_ARTICLES
    assert acronyms() == tuple(C07_ARTICLES)


@pytest.mark.parametrize("acronym", list(C07_ARTICLES))
def test_each_function_names_its_article(acronym: str) -> None:
    tiebreak = lookup(acronym)
    function = tiebreak.value or tiebreak.column
    assert function is not None and function.__doc__ is not None
    assert function.__doc__.startswith(tiebreak.article), acronym


def test_cut_and_median_where_the_c07_table_allows_cut_1() -> None:
    """C.07 Art. 14: Cut-n and Median-n for PS, BH, FB, SB and ARO; the Koya limit for KS,
    /P for DE, /F for AOB."""
    cuts = {a for a, t in REGISTRY.items() if Modifier.CUT in t.modifiers}
    medians = {a for a, t in REGISTRY.items() if Modifier.MEDIAN in t.modifiers}
    assert cuts == medians == {"PS", "BH", "FB", "SB", "ARO"}
    assert {a for a, t in REGISTRY.items() if Modifier.LIMIT in t.modifiers} == {"KS"}
    assert {a for a, t in REGISTRY.items() if Modifier.FORFEITS_PLAYED in t.modifiers} == {"DE"}
    assert {a for a, t in REGISTRY.items() if Modifier.FORE in t.modifiers} == {"AOB"}
    assert {a for a, t in REGISTRY.items() if t.ascending} == {"DE", "TPN"}


@pytest.mark.parametrize("acronym", list(C07_ARTICLES))
def test_parse_accepts_exactly_the_registered_modifiers(acronym: str) -> None:
    accepts = lookup(acronym).modifiers
    for modifier, text in [
        (Modifier.CUT, "/C1"),
        (Modifier.MEDIAN, "/M1"),
        (Modifier.LIMIT, "/L+1"),
        (Modifier.FORFEITS_PLAYED, "/P"),
        (Modifier.FORE, "/F"),
    ]:
        if modifier in accepts:
            assert parse(acronym + text).name == acronym + text
        else:
            with pytest.raises(UnsupportedTieBreakError):
                parse(acronym + text)
    assert parse(acronym + "/R").reverse


def test_an_unregistered_acronym_lists_the_registered_ones() -> None:
    message = r"not a C\.07 tie-break; available: DE, WIN"
    with pytest.raises(UnsupportedTieBreakError, match=message):
        lookup("MBH")
