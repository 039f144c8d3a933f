"""The stored event as the library sees it (``web/events/store.py``): the results an arbiter
picks, read by the library (TRF spec 6.1 codes)."""

from __future__ import annotations

from chessarbiter.model import Result
from chessarbiter.model.results import parse_written_result
from chessarbiter.web.events import store


def test_result_choices_stand_for_these_trf_codes() -> None:
    # the choices of the results page, in order, and the stored codes (White, Black)
    assert store.RESULT_CODES == {
        "1-0": ("1", "0"),
        "0-1": ("0", "1"),
        "=": ("=", "="),
        "+-": ("+", "-"),
        "-+": ("-", "+"),
        "--": ("-", "-"),
        "½-0": ("=", "0"),  # a loss against ½: Laws 2023 art. 11.7
        "0-½": ("0", "="),
        "1-0u": ("W", "L"),
        "0-1u": ("L", "W"),
        "=u": ("D", "D"),
    }
    assert list(store.RESULT_CODES) == [
        *("1-0", "0-1", "=", "+-", "-+", "--", "½-0", "0-½", "1-0u", "0-1u", "=u")
    ]


def test_result_choices_are_the_librarys_written_results() -> None:
    for written, (white, black) in store.RESULT_CODES.items():
        assert parse_written_result(written) == (Result(white), Result(black))
        assert store.result_choice(white, black) == written
    assert store.result_choice("", "") == ""
    assert set(store.RESULT_KEYS.values()) <= set(store.RESULT_CODES)
