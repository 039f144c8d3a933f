"""A player's sex, title and birth date through the one validator
(:func:`chessarbiter.event_settings.player_problems`), and the default tie-breaks per system."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.event_settings import (
    DEFAULT_TIEBREAKS,
    SYSTEMS,
    PlayerSettings,
    birth_date_problem,
    birth_date_text,
    default_tiebreaks,
    player_problems,
    sex_problem,
    tiebreak_problem,
    title_problem,
)
from chessarbiter.registration import FIDE_TITLES
from chessarbiter.tiebreaks import parse_list
from chessarbiter.trf import decode, loads

REAL_OPEN = Path(__file__).resolve().parents[1].parent / (
    "shared/real/sharly-chess/trf/example_trf16.trf"
)


@pytest.mark.parametrize("sex", ["", "m", "w", "f", "M", "W", "F"])
def test_the_trf_sexes_pass(sex: str) -> None:
    assert sex_problem(sex) is None
    assert "sex" not in player_problems(PlayerSettings("Ann", sex=sex))


@pytest.mark.parametrize("sex", ["x", "1", "ж", "?"])
def test_another_sex_is_refused_by_field(sex: str) -> None:
    assert player_problems(PlayerSettings("Ann", sex=sex))["sex"] == (
        f"sex {sex!r} is not m (man) or w (woman)"
    )


@pytest.mark.parametrize("title", ["", *FIDE_TITLES, "g", "wf", "KM", "AGM", "nm"])
def test_fide_titles_their_codes_and_national_titles_pass(title: str) -> None:
    assert title_problem(title) is None
    assert "title" not in player_problems(PlayerSettings("Ann", title=title))


@pytest.mark.parametrize("title", ["G.M.", "GMXX", "1", "G M"])
def test_a_title_that_a_trf_title_field_cannot_hold_is_refused(title: str) -> None:
    problem = player_problems(PlayerSettings("Ann", title=title))["title"]
    assert problem.startswith(f"title {title!r} is not a title: at most 3 letters (GM, IM")


@pytest.mark.parametrize(
    "text", ["", "1969/12/06", "1969.12.06", "1969-12-06", "1969", "2010/00/00", "0000/00/00"]
)
def test_birth_dates_as_files_write_them_pass(text: str) -> None:
    assert birth_date_problem(text) is None
    assert "birth_date" not in player_problems(PlayerSettings("Ann", birth_date=text))


@pytest.mark.parametrize("text", ["2010/02/31", "n/a", "06.12.1969", "1969/13/01", "0000/01/00"])
def test_a_birth_date_that_is_no_date_is_refused(text: str) -> None:
    assert player_problems(PlayerSettings("Ann", birth_date=text))["birth_date"] == (
        f"birth date {text!r} is not a date YYYY/MM/DD or a year YYYY"
    )


def test_a_value_of_another_type_is_a_problem_not_a_crash() -> None:
    problems = player_problems(PlayerSettings("Ann", sex=1, title=None))  # type: ignore[arg-type]
    assert problems["sex"] == "sex must be text" and problems["title"] == "title must be text"


@given(st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2099, 12, 31)))
@settings(max_examples=60, deadline=None)
def test_a_typed_date_is_stored_as_trf_writes_it_and_passes(day: datetime.date) -> None:
    text = birth_date_text(day)
    assert len(text) == 10 and text[4] == text[7] == "/"
    assert datetime.date(*map(int, text.split("/"))) == day
    assert birth_date_problem(text) is None


@given(st.text(max_size=12))
@settings(max_examples=150, deadline=None)
def test_any_text_gives_a_message_or_none_never_an_exception(text: str) -> None:
    for check in (sex_problem, title_problem, birth_date_problem):
        assert check(text) is None or (text.strip() and repr(text) in str(check(text)))


def test_every_player_of_the_real_open_passes() -> None:
    """The 284 players of a real file (titles g, m, f, wf; sex f; dates 1969.12.06) are all
    accepted: the checks refuse only what a TRF player record cannot hold."""
    if not REAL_OPEN.is_file():
        pytest.skip("../shared not beside the checkout")
    t = loads(decode(REAL_OPEN.read_bytes(), REAL_OPEN.name), REAL_OPEN.name)
    seen = 0
    for p in t:
        registration = PlayerSettings(p.name, sex=p.sex, title=p.title, birth_date=p.birth_date)
        assert player_problems(registration) == {}, p.number
        seen += 1
    assert seen == 284


def test_a_round_robin_never_defaults_to_buchholz() -> None:
    for system in ("roundrobin", "team-rr"):
        names = [spec.acronym for spec in parse_list(default_tiebreaks(system))]
        assert names == ["DE", "WIN", "SB", "KS"]
        assert not any(name in ("BH", "FB", "AOB") for name in names)
    assert default_tiebreaks("swiss") == DEFAULT_TIEBREAKS
    assert default_tiebreaks("a system added later") == DEFAULT_TIEBREAKS


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_default_list_parses(system: str) -> None:
    assert tiebreak_problem(default_tiebreaks(system)) is None
