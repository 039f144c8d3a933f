"""Categories of players (:mod:`chessarbiter.categories`): the parser, each kind of category
with hand-checked players, the FIDE age rules, and the real 284-player open."""

from __future__ import annotations

import datetime
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chessarbiter import trf
from chessarbiter.categories import (
    AgeAtLeast,
    AgeUnder,
    AllOf,
    AnyOf,
    Category,
    CategoryError,
    Club,
    Condition,
    Federation,
    RatingBand,
    Sex,
    Unrated,
    age_on,
    birth_date_of,
    default_reference_date,
    in_senior_category,
    in_youth_category,
    parse_category,
)
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Player, Tournament

NEW_YEAR_2026 = datetime.date(2026, 1, 1)


def contains(text: str, player: Player, on: datetime.date = NEW_YEAR_2026) -> bool:
    return parse_category(text).contains(player, reference_date=on)


# -- the parser ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("U12", AgeUnder(12)),
        ("u 8", AgeUnder(8)),
        ("50+", AgeAtLeast(50)),
        ("F", Sex("F")),
        ("m", Sex("M")),
        ("FED=ger", Federation("GER")),
        ("CLUB=SV  Griesheim 1920", Club("SV Griesheim 1920")),
        ('CLUB="Smith & Sons | Co"', Club("Smith & Sons | Co")),
        ("club = Ladya", Club("Ladya")),
        ("RATING<1800", RatingBand(None, 1799)),
        ("RATING<=1800", RatingBand(None, 1800)),
        ("rating > 2000", RatingBand(2001, None)),
        ("RATING>=2000", RatingBand(2000, None)),
        ("1600-1799", RatingBand(1600, 1799)),
        ("RATING=1600-1799", RatingBand(1600, 1799)),
        ("UNRATED", Unrated()),
        ("U12|F", AnyOf((AgeUnder(12), Sex("F")))),
        ("U12&F", AllOf((AgeUnder(12), Sex("F")))),
        ("U12&F|U10", AnyOf((AllOf((AgeUnder(12), Sex("F"))), AgeUnder(10)))),
        ("U12&(F|U10)", AllOf((AgeUnder(12), AnyOf((Sex("F"), AgeUnder(10)))))),
        (" ( F ) ", Sex("F")),
    ],
)
def test_parse(text: str, condition: Condition) -> None:
    category = parse_category(text)
    assert category.condition == condition
    assert category.name == text.strip()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a category cannot be empty"),
        ("   ", "a category cannot be empty"),
        ("U12&", 'category "U12&", column 5: a category is missing before the end'),
        ("|F", 'category "|F", column 1: a category is missing before "|"'),
        ("(U12", 'category "(U12", column 1: "(" is not closed'),
        ("U12)", 'category "U12)", column 4: unexpected ")"'),
        ("U0", 'category "U0", column 1: "U0": an age category is U1 to U99'),
        (
            "F|U1800",
            'category "F|U1800", column 3: "U1800": an age category is U1 to U99; '
            "for a rating band write RATING<1800",
        ),
        ("0+", 'category "0+", column 1: "0+": a senior category is 1+ to 150+'),
        ("FED=DE", 'category "FED=DE", column 1: "FED=DE": a federation is three letters'),
        ("1800-1600", "the band's first rating is above its last"),
        ("RATING<10000", '"RATING<10000": a rating is 0 to 9999, not 10000'),
        ("CLUB=", "CLUB= needs a club name"),
        ('CLUB="A & B', "the club name's quote is not closed"),
        ("Juniors", 'category "Juniors", column 1: "Juniors" is not a category (U12, 50+'),
    ],
)
def test_parse_errors_name_the_text_at_fault(text: str, message: str) -> None:
    with pytest.raises(CategoryError) as caught:
        parse_category(text)
    assert message in str(caught.value)
    assert isinstance(caught.value, ChessArbiterError)


def test_nesting_is_bounded() -> None:
    with pytest.raises(CategoryError, match="nested more than 20 deep"):
        parse_category("(" * 21 + "F" + ")" * 21)
    assert parse_category("(" * 20 + "F" + ")" * 20).condition == Sex("F")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='UuFMfm0123456789+-<>=&|() "CLUBFEDRATINGNREDatx', max_size=30))
def test_any_text_parses_or_raises_a_category_error(text: str) -> None:
    try:
        category = parse_category(text)
    except CategoryError as error:
        assert str(error)
    else:
        assert category.name == text.strip()
        player = Player(1, "X", sex="f", birth_date="2010", rating=1500, club="a")
        assert isinstance(category.contains(player, reference_date=NEW_YEAR_2026), bool)


def _atoms() -> st.SearchStrategy[tuple[str, Condition]]:
    rating = st.integers(0, 9999)
    name = st.text(alphabet="abc XYZ&|()1", min_size=1, max_size=8).filter(lambda s: s.strip())
    return st.one_of(
        st.integers(1, 99).map(lambda n: (f"U{n}", AgeUnder(n))),
        st.integers(1, 150).map(lambda n: (f"{n}+", AgeAtLeast(n))),
        st.sampled_from([("F", Sex("F")), ("M", Sex("M")), ("UNRATED", Unrated())]),
        st.sampled_from(["GER", "ENG", "RUS"]).map(lambda f: (f"FED={f}", Federation(f))),
        name.map(lambda c: (f'CLUB="{c}"', Club(" ".join(c.split())))),
        rating.map(lambda r: (f"RATING<={r}", RatingBand(None, r))),
        rating.map(lambda r: (f"RATING>={r}", RatingBand(r, None))),
        st.tuples(rating, rating).map(
            lambda lh: (f"{min(lh)}-{max(lh)}", RatingBand(min(lh), max(lh)))
        ),
    )


def _trees() -> st.SearchStrategy[tuple[str, Condition]]:
    def extend(
        children: st.SearchStrategy[tuple[str, Condition]],
    ) -> st.SearchStrategy[tuple[str, Condition]]:
        def join(op: str, parts: list[tuple[str, Condition]]) -> tuple[str, Condition]:
            texts = [f"({t})" if isinstance(c, AnyOf | AllOf) else t for t, c in parts]
            conditions = tuple(c for _, c in parts)
            return f" {op} ".join(texts), AnyOf(conditions) if op == "|" else AllOf(conditions)

        return st.tuples(st.sampled_from("|&"), st.lists(children, min_size=2, max_size=3)).map(
            lambda op_parts: join(*op_parts)
        )

    return st.recursive(_atoms(), extend, max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(_trees())
def test_written_categories_read_back(tree: tuple[str, Condition]) -> None:
    text, condition = tree
    assert parse_category(text).condition == condition


_players = st.builds(
    Player,
    number=st.integers(1, 9999),
    name=st.just("P"),
    sex=st.sampled_from(["", "m", "f", "w"]),
    rating=st.one_of(st.none(), st.integers(0, 3000)),
    federation=st.sampled_from(["", "GER", "ENG"]),
    birth_date=st.one_of(
        st.just(""), st.integers(1920, 2025).map(str), st.dates().map(lambda d: d.isoformat())
    ),
    club=st.sampled_from(["", "a", "b"]),
)


@settings(max_examples=200, deadline=None)
@given(_trees(), _trees(), _players, st.dates(datetime.date(1950, 1, 1)))
def test_union_and_intersection_mean_or_and_and(
    a: tuple[str, Condition], b: tuple[str, Condition], player: Player, on: datetime.date
) -> None:
    in_a, in_b = contains(a[0], player, on), contains(b[0], player, on)
    assert contains(f"({a[0]})|({b[0]})", player, on) == (in_a or in_b)
    assert contains(f"({a[0]})&({b[0]})", player, on) == (in_a and in_b)


# -- the kinds of category ----------------------------------------------------------------------


def test_sex() -> None:
    woman, girl_w, man, unknown = (Player(n, "P", sex=s) for n, s in enumerate("fwm ", 1))
    assert [contains("F", p) for p in (woman, girl_w, man, unknown)] == [True, True, False, False]
    assert [contains("M", p) for p in (woman, girl_w, man, unknown)] == [False, False, True, False]


def test_federation_and_club() -> None:
    p = Player(1, "P", federation="GER", club="SV  Griesheim")
    assert contains("FED=GER", p) and contains("fed=ger", p) and not contains("FED=AUT", p)
    assert contains("CLUB=sv griesheim", p)
    assert not contains("CLUB=Griesheim", p)  # the whole name, not a part of it
    assert not contains("CLUB=x", Player(2, "Q"))


def test_rating_bands_leave_out_the_unrated() -> None:
    rated = [Player(n, "P", rating=r) for n, r in enumerate([1599, 1600, 1799, 1800], 1)]
    unrated = [Player(5, "P", rating=0), Player(6, "P", rating=None)]
    assert [contains("1600-1799", p) for p in rated] == [False, True, True, False]
    assert [contains("RATING<1800", p) for p in rated] == [True, True, True, False]
    assert [contains("RATING<1800", p) for p in unrated] == [False, False]
    assert [contains("UNRATED", p) for p in rated + unrated] == [False] * 4 + [True] * 2
    assert all(contains("RATING<1800|UNRATED", p) for p in unrated)


def test_ratings_given_replace_the_players_rating() -> None:
    p = Player(7, "P", rating=2100)
    category = parse_category("RATING<2000")
    assert not category.contains(p, reference_date=NEW_YEAR_2026)
    assert category.contains(p, reference_date=NEW_YEAR_2026, ratings={7: 1950})
    assert parse_category("UNRATED").contains(p, reference_date=NEW_YEAR_2026, ratings={})


def test_members_keeps_the_order_given() -> None:
    players = [Player(3, "C", sex="f"), Player(1, "A", sex="m"), Player(2, "B", sex="w")]
    women = parse_category("F").members(players, reference_date=NEW_YEAR_2026)
    assert [p.number for p in women] == [3, 2]


# -- ages ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("1969.12.06", (1969, datetime.date(1969, 12, 6))),
        ("2014/03/05", (2014, datetime.date(2014, 3, 5))),
        ("2014-03-05", (2014, datetime.date(2014, 3, 5))),
        ("2014", (2014, None)),
        (" 2014 ", (2014, None)),
        ("2014/00/00", (2014, None)),
        ("", None),
        ("0000", None),
        ("2014/02/30", None),
        ("2014/03-05", None),
        ("05.03.2014", None),
        ("unknown", None),
    ],
)
def test_birth_dates_as_trf_writes_them(
    text: str, parsed: tuple[int, datetime.date | None] | None
) -> None:
    assert birth_date_of(text) == parsed


def test_age_on_a_birthday_and_on_29_february() -> None:
    assert age_on("2012-02-29", datetime.date(2024, 2, 28)) == 11
    assert age_on("2012-02-29", datetime.date(2024, 2, 29)) == 12
    assert age_on("2012-02-29", datetime.date(2025, 2, 28)) == 12
    assert age_on("2012-02-29", datetime.date(2025, 3, 1)) == 13


def test_youth_category_under_n_on_1_january() -> None:
    # FIDE youth rule: under 12 on 1 January 2026
    assert in_youth_category("2014/01/02", 12, NEW_YEAR_2026)  # 11 on 1 January
    assert not in_youth_category("2014/01/01", 12, NEW_YEAR_2026)  # 12 that day
    assert in_youth_category("2014", 12, NEW_YEAR_2026)  # born in 2014: under 12
    assert not in_youth_category("2013", 12, NEW_YEAR_2026)
    assert not in_youth_category("", 12, NEW_YEAR_2026)
    # a later reference date (a regulations' own "Stichtag") counts the exact age that day
    summer = datetime.date(2026, 7, 1)
    assert not in_youth_category("2014/03/05", 12, summer)
    assert in_youth_category("2014/08/05", 12, summer)


def test_senior_category_counts_the_year_of_the_reference_date() -> None:
    # FIDE World Senior regulations: 65 by 31 December of the year of the event
    assert in_senior_category("1961/12/31", 65, NEW_YEAR_2026)
    assert in_senior_category("1961", 65, NEW_YEAR_2026)
    assert not in_senior_category("1962/01/01", 65, NEW_YEAR_2026)
    assert not in_senior_category("", 65, NEW_YEAR_2026)
    assert not in_senior_category("soon", 50, NEW_YEAR_2026)


@settings(max_examples=200, deadline=None)
@given(st.integers(1900, 2030), st.integers(1, 99), st.integers(1950, 2040))
def test_year_only_youth_rule_is_the_birth_year_rule(born: int, under: int, year: int) -> None:
    on = datetime.date(year, 1, 1)
    assert in_youth_category(str(born), under, on) == (born >= year - under)


def test_uses_age() -> None:
    assert parse_category("F|(M&U12)").uses_age
    assert parse_category("65+").uses_age
    assert not parse_category("F|FED=GER|UNRATED").uses_age


def test_default_reference_date() -> None:
    assert default_reference_date(Tournament(start_date="2026/07/14")) == datetime.date(2026, 1, 1)
    assert default_reference_date(Tournament(end_date="31.12.1999")) == datetime.date(1999, 1, 1)
    assert default_reference_date(Tournament(start_date="soon")) is None


def test_category_is_frozen_and_hashable() -> None:
    a, b = parse_category("U12&F"), parse_category("U12&F")
    assert a == b and hash(a) == hash(b) and str(a) == "U12&F"
    assert isinstance(a, Category)


# -- a real file: the 284-player open (Frankfurt 2005) ------------------------------------------


@pytest.fixture(scope="module")
def frankfurt(shared: Path) -> Tournament:
    return trf.load(shared / "real/sharly-chess/trf/example_trf16.trf")


def count(t: Tournament, text: str) -> int:
    day = default_reference_date(t)
    assert day == datetime.date(2005, 1, 1)
    return len(parse_category(text).members(t, reference_date=day))


def test_real_open_by_sex_federation_and_rating(frankfurt: Tournament) -> None:
    assert len(frankfurt) == 284
    # 8 players marked f, none marked m (the file leaves the sex blank for the others)
    assert count(frankfurt, "F") == 8
    assert count(frankfurt, "M") == 0
    # federations are given for 8 players only: UKR 2, GER 2, CHI, ISL, POL, SWE
    assert count(frankfurt, "FED=UKR") == 2
    assert count(frankfurt, "FED=GER|FED=CHI") == 3
    # 146 rated players (record 072), so 138 unrated; the bands split the rated ones
    assert count(frankfurt, "UNRATED") == 138
    bands = count(frankfurt, "RATING<1800") + count(frankfurt, "1800-2199")
    assert bands + count(frankfurt, "RATING>=2200") == 146


def test_real_open_by_age(frankfurt: Tournament) -> None:
    years = Counter(int(p.birth_date[:4]) for p in frankfurt if p.birth_date)
    assert sum(years.values()) == 283  # one player has no birth date
    # hand count of the birth years 1985-1996 (under 20 on 1 January 2005: born after 1985-01-01)
    assert count(frankfurt, "U20") == 82
    # born 1955 or earlier: 50 in 2005; 1940 or earlier: 65 (46 and 11 by the file's years)
    assert count(frankfurt, "50+") == 46
    assert count(frankfurt, "65+") == 11
    assert count(frankfurt, "U20|50+") == 82 + 46
    assert count(frankfurt, "U20&50+") == 0
    # the 8 women, born 1982, 1977, 1989, 1992, 1979, 1959, 1990 and 1935
    day = datetime.date(2005, 1, 1)
    girls = parse_category("F&U20").members(frankfurt, reference_date=day)
    assert [p.number for p in girls] == [211, 226, 266]
    assert count(frankfurt, "F&50+") == count(frankfurt, "F&65+") == 1  # Hensolt, 1935
    assert count(frankfurt, "F&(U20|50+)") == 4
