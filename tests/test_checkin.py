"""Check-in before round 1 (:func:`chessarbiter.pairing.byes.absent_at_check_in`) and the
validation of a request to enter (:mod:`chessarbiter.entries`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter.editions import DutchEdition
from chessarbiter.entries import (
    MAX_EMAIL,
    EntryError,
    EntryRequest,
    accepts_entries,
    email_problem,
    entry_problems,
    entry_round,
    validate_entry,
)
from chessarbiter.errors import ChessArbiterError, PairingError
from chessarbiter.limits import MAX_NAME
from chessarbiter.model import ByeRequest, Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.pairing.byes import absent_at_check_in, check_in, check_in_system
from chessarbiter.pairing.dutch.engine import pair_round


def _field(n: int, rounds: int = 5) -> Tournament:
    t = Tournament(total_rounds=rounds, initial_colour=Colour.WHITE)
    for i in range(1, n + 1):
        t.add_player(Player(i, f"Player {i:02d}", rating=2400 - 10 * i))
    return t


# -- check-in ------------------------------------------------------------------------------


def test_the_absent_get_a_zero_point_bye_and_the_present_are_paired() -> None:
    t = _field(10)
    present = [1, 2, 3, 5, 6, 8, 9]
    absent = absent_at_check_in(t, present)
    assert sorted(absent) == [4, 7, 10]
    assert all(e == RoundEntry.bye(Result.ZERO_POINT_BYE) for e in absent.values())
    assert all(e.result is not None and not e.result.is_game for e in absent.values())
    t.absent_next_round.extend(absent)
    pairing = pair_round(t, DutchEdition.DUTCH_2026)
    paired = {n for b in pairing.boards for n in (b.white, b.black)}
    assert len(pairing.boards) == 3 and pairing.bye is not None
    assert paired | {pairing.bye} == set(present)


def test_everyone_present_means_no_absentee() -> None:
    assert absent_at_check_in(_field(4), [1, 2, 3, 4]) == {}


def test_late_entries_withdrawals_and_requested_byes_are_not_due() -> None:
    t = _field(6)
    t.absent_next_round.append(6)  # a late entry (first round 2) or a withdrawal
    t.bye_requests.append(ByeRequest(Result.HALF_POINT_BYE, 1, (5,)))
    t.player(4).set_entry(1, RoundEntry.bye(Result.ZERO_POINT_BYE))  # excused in advance
    split = check_in(t, [1, 2, 6])
    assert split.present == (1, 2)
    assert split.absent == (3,)
    assert list(absent_at_check_in(t, [1, 2, 6])) == [3]


def test_fewer_than_two_present_is_refused() -> None:
    with pytest.raises(PairingError, match="only 1 of the 3 players"):
        absent_at_check_in(_field(3), [3])
    with pytest.raises(PairingError, match="only 0 of the 3"):
        absent_at_check_in(_field(3), [])


def test_check_in_is_before_round_1() -> None:
    t = _field(4)
    pairing = pair_round(t, DutchEdition.DUTCH_2026)
    for b in pairing.boards:
        t.player(b.white).set_entry(1, RoundEntry(b.black, Colour.WHITE, Result.WIN))
        t.player(b.black).set_entry(1, RoundEntry(b.white, Colour.BLACK, Result.LOSS))
    with pytest.raises(PairingError, match="round 1 is paired already"):
        absent_at_check_in(t, [1, 2, 3, 4])


@pytest.mark.parametrize("system", ["roundrobin", "knockout", "team-swiss", "nonsense"])
def test_only_a_swiss_pairs_round_1_by_check_in(system: str) -> None:
    with pytest.raises(PairingError, match="for a Swiss system"):
        absent_at_check_in(_field(4), [1, 2, 3, 4], system)
    assert check_in_system("swiss") == "swiss"


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 30), st.sets(st.integers(-3, 40)))
def test_check_in_splits_the_field(n: int, checked: set[int]) -> None:
    t = _field(n)
    split = check_in(t, checked)
    assert set(split.present) | set(split.absent) == set(range(1, n + 1))
    assert not set(split.present) & set(split.absent)
    assert set(split.present) == checked & set(range(1, n + 1))
    try:
        absent = absent_at_check_in(t, checked)
    except PairingError:
        assert len(split.present) < 2
    else:
        assert tuple(absent) == split.absent


# -- a request to enter ----------------------------------------------------------------------


def test_a_valid_request_is_normalised() -> None:
    r = validate_entry(
        EntryRequest(
            "  Novak,   Elena ",
            fide_id=" 0014109603 ",
            email=" elena@example.org ",
            federation="cze",
            birth_date="1999-5-7",
            club=" ŠK  Praha ",
        )
    )
    assert r == EntryRequest(
        "Novak, Elena", "14109603", "elena@example.org", "CZE", "1999/05/07", "ŠK Praha"
    )
    assert validate_entry(EntryRequest("Berg")) == EntryRequest("Berg")


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"name": "   "}, "name", "needs a name"),
        ({"name": "x" * (MAX_NAME + 1)}, "name", str(MAX_NAME)),
        ({"name": "Bad\x07Name"}, "name", "control character"),
        ({"fide_id": "12a4"}, "fide_id", "not a number"),
        ({"fide_id": "０１２"}, "fide_id", "not a number"),  # fullwidth digits
        ({"fide_id": "0000"}, "fide_id", "out of range"),
        ({"fide_id": "12345678901"}, "fide_id", "out of range"),
        ({"federation": "GE"}, "federation", "three-letter"),
        ({"federation": "G3R"}, "federation", "three-letter"),
        ({"birth_date": "1850"}, "birth_date", "out of range"),
        ({"birth_date": "31.02.2001"}, "birth_date", "not a year or a date"),
        ({"birth_date": "05/17/1990"}, "birth_date", "not a year or a date"),
        ({"email": "no-at-sign"}, "email", "not an address"),
        ({"email": "a@localhost"}, "email", "not an address"),
        ({"email": "a b@example.org"}, "email", "not an address"),
        ({"email": "ä@example.org"}, "email", "not an address"),
        ({"email": "a@" + "b" * 250 + ".org"}, "email", str(MAX_EMAIL)),
        ({"club": "c" * (MAX_NAME + 1)}, "club", str(MAX_NAME)),
    ],
)
def test_each_bad_field_is_named(fields: dict[str, str], field: str, message: str) -> None:
    request = EntryRequest(**({"name": "Keller, Clara"} | fields))
    problems = entry_problems(request)
    assert list(problems) == [field]
    assert message in problems[field]
    with pytest.raises(EntryError) as e:
        validate_entry(request)
    assert e.value.problems == problems
    assert isinstance(e.value, ChessArbiterError)


def test_email_syntax() -> None:
    assert email_problem("first.last+tag@sub.example.co.uk") == ""
    assert email_problem("x@example.org.") != ""
    assert email_problem(".x@example.org") != ""
    assert email_problem("x@-example.org") != ""
    assert email_problem("l" * 65 + "@example.org") != ""


def test_which_sections_take_entries() -> None:
    assert accepts_entries("swiss", 9, 0) and accepts_entries("swiss", 9, 8)
    assert not accepts_entries("swiss", 9, 9)
    assert accepts_entries("roundrobin", 5, 0)
    assert not accepts_entries("roundrobin", 5, 1)
    assert not accepts_entries("knockout", 5, 0)
    assert not accepts_entries("team-swiss", 5, 0)
    assert entry_round("swiss", 9, 4) == 5
    with pytest.raises(EntryError, match="no more entries"):
        entry_round("swiss", 9, 9)


_TEXT = st.text(
    st.characters(exclude_categories=["Cs"]) | st.sampled_from("@.-0123456789"),
    max_size=300,
)


@settings(max_examples=80, deadline=None)
@given(_TEXT, _TEXT, _TEXT, _TEXT, _TEXT, _TEXT)
def test_any_typed_request_is_taken_or_refused_by_field(
    name: str, fide_id: str, email: str, federation: str, birth: str, club: str
) -> None:
    request = EntryRequest(name, fide_id, email, federation, birth, club)
    problems = entry_problems(request)
    assert set(problems) <= {"name", "fide_id", "email", "federation", "birth_date", "club"}
    try:
        r = validate_entry(request)
    except EntryError as e:
        assert problems and e.problems == problems
    else:
        assert not problems
        assert 1 <= len(r.name) <= MAX_NAME and len(r.club) <= MAX_NAME
        assert len(r.email) <= MAX_EMAIL
        assert r.fide_id == "" or r.fide_id.isdigit()
        assert len(r.federation) in (0, 3)
        assert validate_entry(r) == r  # stored as it is read back
