"""Prize tables and their allocation (:mod:`chessarbiter.prizes`): hand-computed examples for
each sharing method, precedence, category prizes passing on, objects, ties on every tie-break,
rounding, the TOML reader's errors, and properties over random tables."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Player, Tournament
from chessarbiter.prizes import (
    Precedence,
    Prize,
    PrizeList,
    PrizeTable,
    PrizeTableError,
    Sharing,
    allocate,
    category_members,
    load_prize_table,
    parse_prize_table,
    prize_list_csv,
    prize_list_json,
    prize_list_text,
    share_money,
)
from chessarbiter.standings import Standing

D = Decimal
EXAMPLE = Path(str(resources.files("chessarbiter") / "examples" / "open-prizes.toml"))


def ranking(*groups: Sequence[int], ranks: dict[int, int] | None = None) -> list[Standing]:
    """Rows best first: each group is a list of pairing numbers tied on points, in tie-break
    order (points 10, 9, 8, ...). ``ranks`` overrides a player's rank: players with one rank
    are tied on every tie-break (a shared place)."""
    numbers = [(g, n) for g, group in enumerate(groups) for n in group]
    rank = {n: (ranks or {}).get(n, place) for place, (_, n) in enumerate(numbers, start=1)}
    size = {r: list(rank.values()).count(r) for r in rank.values()}
    return [
        Standing(rank[n], rank[n] + size[rank[n]] - 1, n, f"P{n}", None, "", D(10 - g), 0, ())
        for g, n in numbers
    ]


def places(*amounts: int) -> list[Prize]:
    return [Prize(place=n, amount=D(a)) for n, a in enumerate(amounts, start=1)]


def table(prizes: Sequence[Prize], **options: object) -> PrizeTable:
    return PrizeTable(prizes=tuple(prizes), **options)  # type: ignore[arg-type]


def money(result: PrizeList) -> dict[int, Decimal]:
    return {a.pairing_number: a.amount for a in result.awards}


def labels(result: PrizeList) -> dict[int, str]:
    return {a.pairing_number: a.prize.label if a.prize else "shared" for a in result.awards}


# -- the three sharing methods, three players tied for places 2-4 (300/200/100) -------------


THREE_TIED = ranking([1], [2, 3, 4], [5])
PRIZES_500_300_200_100 = places(500, 300, 200, 100)


def test_equal_sharing_divides_the_places_money_equally() -> None:
    result = allocate(table(PRIZES_500_300_200_100, sharing=Sharing.EQUAL), THREE_TIED)
    assert money(result) == {1: D(500), 2: D(200), 3: D(200), 4: D(200)}
    assert result.remainder == 0
    assert set(result.awards[1].shared_with) == {3, 4}


def test_hort_keeps_half_by_tiebreak_order_and_pools_the_other_half() -> None:
    # half (300) equally: 100 each; half by tie-break order: 150/100/50
    result = allocate(table(PRIZES_500_300_200_100, sharing=Sharing.HORT), THREE_TIED)
    assert money(result) == {1: D(500), 2: D(250), 3: D(200), 4: D(150)}
    assert labels(result) == {1: "1st place", 2: "2nd place", 3: "3rd place", 4: "4th place"}


def test_tiebreak_method_does_not_share() -> None:
    result = allocate(table(PRIZES_500_300_200_100, sharing=Sharing.TIEBREAK), THREE_TIED)
    assert money(result) == {1: D(500), 2: D(300), 3: D(200), 4: D(100)}
    assert all(a.shared_with == () for a in result.awards)


def test_vega_manual_hort_example() -> None:
    """Vega's manual: four players share first place, prizes 10000/8000/6000/4000: 14000
    equally (3500 each), the other half by tie-break (5000/4000/3000/2000)."""
    t = table(places(10000, 8000, 6000, 4000), sharing=Sharing.HORT, unit=D(1))
    assert money(allocate(t, ranking([1, 2, 3, 4]))) == {
        1: D(8500),
        2: D(7500),
        3: D(6500),
        4: D(5500),
    }


def test_hort_rounds_down_to_the_unit_and_reports_the_remainder() -> None:
    """The Hort system article's example (100/80/60/40/20/10, whole euros): A and B tied
    (95/85), C alone (60), D, E and F tied: 20/10/5 + 35/3 = 11.67 each, rounded down to
    31/21/16 (the article rounds up to 32/22/17, paying 71 of 70)."""
    t = table(places(100, 80, 60, 40, 20, 10), sharing=Sharing.HORT, unit=D(1))
    result = allocate(t, ranking([1, 2], [3], [4, 5, 6]))
    assert money(result) == {1: D(95), 2: D(85), 3: D(60), 4: D(31), 5: D(21), 6: D(16)}
    assert result.remainder == D(2)
    assert result.paid + result.remainder == t.total


def test_equal_sharing_in_cents_leaves_a_cent() -> None:
    result = allocate(table(places(100), sharing=Sharing.EQUAL), ranking([1, 2, 3]))
    assert money(result) == {1: D("33.33"), 2: D("33.33"), 3: D("33.33")}
    assert result.remainder == D("0.01")


# -- a tied group spanning the last paid place ------------------------------------------------


@pytest.mark.parametrize(
    ("sharing", "expected"),
    [
        # places 2-4 occupied, only 2 and 3 paid (200 + 100)
        (Sharing.EQUAL, {2: D(100), 3: D(100), 4: D(100)}),
        (Sharing.HORT, {2: D(150), 3: D(100), 4: D(50)}),
        (Sharing.TIEBREAK, {2: D(200), 3: D(100)}),
    ],
)
def test_tied_group_spanning_the_last_paid_place(
    sharing: Sharing, expected: dict[int, Decimal]
) -> None:
    result = allocate(table(places(300, 200, 100), sharing=sharing), ranking([1], [2, 3, 4], [5]))
    assert money(result) == {1: D(300), **expected}
    if sharing is not Sharing.TIEBREAK:
        assert labels(result)[4] == "shared"  # a share, no place prize of its own


# -- one prize per player, precedence, categories ----------------------------------------------


def test_category_prize_passes_to_the_next_player_of_the_category() -> None:
    prizes = [*places(300, 200), Prize(category="U12", amount=D(50))]
    result = allocate(table(prizes), ranking([1], [2], [3], [4]), {"U12": {1, 3, 4}})
    # 1 is the best U12 player but takes 1st place (300 > 50): U12 passes to 3
    assert labels(result) == {1: "1st place", 2: "2nd place", 3: "U12 1st"}


def test_place_prize_passes_when_its_player_takes_a_better_category_prize() -> None:
    prizes = [*places(300, 100, 50), Prize(category="RATING<1800", amount=D(150))]
    result = allocate(table(prizes), ranking([1], [2], [3], [4]), {"RATING<1800": {2, 4}})
    assert labels(result) == {1: "1st place", 2: "RATING<1800 1st", 3: "2nd place", 4: "3rd place"}


@pytest.mark.parametrize(
    ("precedence", "winner_of_2nd", "winner_of_u12"),
    [(Precedence.PLACE, 2, 4), (Precedence.CATEGORY, 3, 2), (Precedence.TABLE, 3, 2)],
)
def test_precedence_decides_between_prizes_of_equal_value(
    precedence: Precedence, winner_of_2nd: int, winner_of_u12: int
) -> None:
    # the U12 prize is listed first: TABLE precedence gives it before the 2nd place
    prizes = [Prize(category="U12", amount=D(100)), *places(300, 100)]
    result = allocate(
        table(prizes, precedence=precedence), ranking([1], [2], [3], [4]), {"U12": {2, 4}}
    )
    by_label = {label: n for n, label in labels(result).items()}
    assert by_label["2nd place"] == winner_of_2nd
    assert by_label["U12 1st"] == winner_of_u12


def test_player_eligible_for_two_categories_of_equal_value_takes_the_first_listed() -> None:
    prizes = [Prize(category="U12", amount=D(100)), Prize(category="F", amount=D(100))]
    result = allocate(table(prizes), ranking([1], [2], [3]), {"U12": {1, 2}, "F": {1, 3}})
    assert labels(result) == {1: "U12 1st", 3: "F 1st"}  # 2: U12 taken, not in F


def test_value_comes_first_even_against_precedence() -> None:
    prizes = [*places(100, 50), Prize(category="F", amount=D(120))]
    result = allocate(table(prizes, precedence=Precedence.PLACE), ranking([1], [2]), {"F": {1}})
    assert labels(result) == {1: "F 1st", 2: "1st place"}


def test_a_tied_player_compares_his_share_not_the_undivided_prize() -> None:
    """2nd 1000, 3rd 200 (equal sharing) and U1800 250: player 3, tied with 2 and in U1800,
    would get 200 undivided for 3rd place but 600 sharing it: he stays, U1800 passes to 4."""
    prizes = [*places(2000, 1000, 200), Prize(category="U1800", amount=D(250))]
    result = allocate(table(prizes), ranking([1], [2, 3], [4]), {"U1800": {3, 4}})
    assert money(result) == {1: D(2000), 2: D(600), 3: D(600), 4: D(250)}


def test_a_tied_player_leaving_for_a_category_lets_the_place_pass_on() -> None:
    prizes = [*places(1000, 100, 60), Prize(category="U12", amount=D(500))]
    result = allocate(table(prizes, sharing=Sharing.EQUAL), ranking([1], [2, 3], [4]), {"U12": {2}})
    # 2 takes U12 (500 > (100 + 60) / 2); 3 alone holds 2nd place; 3rd place passes to 4
    assert labels(result) == {1: "1st place", 2: "U12 1st", 3: "2nd place", 4: "3rd place"}
    assert money(result) == {1: D(1000), 2: D(500), 3: D(100), 4: D(60)}


# -- objects -----------------------------------------------------------------------------------


def test_objects_are_never_shared_the_money_is() -> None:
    prizes = [Prize(place=1, amount=D(200), description="Cup"), Prize(place=2, amount=D(100))]
    result = allocate(table(prizes, sharing=Sharing.EQUAL), ranking([1, 2], [3]))
    assert money(result) == {1: D(150), 2: D(150)}
    assert {a.pairing_number: a.description for a in result.awards} == {1: "Cup", 2: ""}


def test_non_money_category_prize_goes_by_tiebreak_order() -> None:
    prizes = [Prize(category="F", description="Book")]
    result = allocate(table(prizes), ranking([1, 2, 3]), {"F": {2, 3}})
    assert [(a.pairing_number, a.description, a.amount) for a in result.awards] == [
        (2, "Book", D(0))
    ]


def test_declared_worth_of_an_object_counts_when_comparing() -> None:
    prizes = [*places(100, 50), Prize(category="UNRATED", description="Laptop", worth=D(500))]
    result = allocate(table(prizes), ranking([1], [2], [3]), {"UNRATED": {1}})
    assert labels(result) == {1: "UNRATED 1st", 2: "1st place", 3: "2nd place"}


# -- players tied on every tie-break --------------------------------------------------------------


def test_players_tied_on_every_tiebreak_divide_what_the_order_would_decide() -> None:
    # 2 and 3 share rank 2 (no tie-break separates them); 4 is behind them on tie-breaks
    rows = ranking([1], [2, 3, 4], ranks={3: 2})
    tie = table(places(500, 300, 200, 100), sharing=Sharing.TIEBREAK)
    assert money(allocate(tie, rows)) == {1: D(500), 2: D(250), 3: D(250), 4: D(100)}
    hort = table(places(500, 300, 200, 100), sharing=Sharing.HORT)
    # halves 150/100/50 -> 125/125/50, plus 100 each
    assert money(allocate(hort, rows)) == {1: D(500), 2: D(225), 3: D(225), 4: D(150)}


def test_an_object_between_players_tied_on_every_tiebreak_asks_for_lots() -> None:
    rows = ranking([1, 2], ranks={2: 1})
    prizes = [Prize(place=1, amount=D(100), description="Cup"), Prize(place=2, amount=D(50))]
    result = allocate(table(prizes), rows)
    assert result.awards[0].description == "Cup"
    assert "lots must decide (C.07 4.2)" in result.awards[0].note
    assert "lots must decide" in prize_list_text(result)


def test_a_note_on_a_big_tie_counts_the_players() -> None:
    # nine players tied on everything: the note counts the others instead of naming them
    rows = ranking(list(range(1, 10)), ranks={n: 1 for n in range(2, 10)})
    prizes = [Prize(place=1, amount=D(100), description="Cup")]
    result = allocate(table(prizes), rows)
    assert result.awards[0].note == (
        "tied on every tie-break with 8 players: lots must decide (C.07 4.2)"
    )
    assert "2, 3, 4" not in prize_list_text(result)


# -- the unawarded, the printed list ------------------------------------------------------------


def test_prizes_without_players_are_reported_unawarded() -> None:
    prizes = [*places(100, 50, 25), Prize(category="U8", amount=D(10))]
    result = allocate(table(prizes), ranking([1], [2]), {"U8": set()})
    assert [p.label for p in result.unawarded] == ["3rd place", "U8 1st"]
    assert "Not awarded: 3rd place, U8 1st." in prize_list_text(result)


def test_json_and_csv_give_exact_money() -> None:
    result = allocate(table(places(100), currency="EUR"), ranking([1, 2, 3]))
    data = prize_list_json(result)
    assert [a["amount"] for a in data["awards"]] == ["33.33"] * 3
    assert data["remainder"] == "0.01" and data["total"] == "100"
    lines = prize_list_csv(result).splitlines()
    assert lines[0].startswith("place,pairing_number,name,points,prize,amount,currency")
    assert lines[1].split(",")[5:7] == ["33.33", "EUR"]


# -- categories from the players -------------------------------------------------------------------


def test_category_members_reads_the_categories_of_the_table() -> None:
    t = Tournament(start_date="2026/05/01")
    t.add_player(Player(1, "Ann", sex="f", birth_date="2015/03/01", rating=1500))
    t.add_player(Player(2, "Bob", sex="m", birth_date="1970/01/01", rating=2100))
    t.add_player(Player(3, "Cid", sex="m", birth_date="2013/12/31"))
    prizes = [Prize(category="U12", amount=D(10)), Prize(category="F|UNRATED", amount=D(5))]
    members = category_members(table(prizes), t)
    # U12 on 1 January 2026: born 2014 or later
    assert members == {"U12": frozenset({1}), "F|UNRATED": frozenset({1, 3})}
    later = category_members(table(prizes), t, datetime.date(2025, 1, 1))
    assert later["U12"] == frozenset({1, 3})


def test_an_age_category_without_any_date_is_refused() -> None:
    prizes = parse_prize_table('[[prize]]\ncategory = "U12"\namount = 1\n', "p.toml")
    with pytest.raises(PrizeTableError, match=r'^p\.toml:0:0: category "U12" counts ages'):
        category_members(prizes, Tournament())
    # a category without ages needs no date
    fed = parse_prize_table('[[prize]]\ncategory = "FED=GER"\namount = 1\n')
    assert category_members(fed, Tournament()) == {"FED=GER": frozenset()}


# -- the TOML file --------------------------------------------------------------------------------


def test_the_example_table_reads() -> None:
    t = load_prize_table(EXAMPLE)
    assert t.currency == "EUR" and t.unit == D(1) and t.sharing is Sharing.HORT
    assert t.place_prizes()[1].description == "Winner's cup"
    assert "RATING<1800 | UNRATED" in t.categories()
    assert t.total == D(4125)


def test_table_defaults() -> None:
    t = parse_prize_table("[[prize]]\namount = 10.5\n")
    assert (t.sharing, t.precedence, t.unit, t.currency) == (
        Sharing.EQUAL,
        Precedence.PLACE,
        D("0.01"),
        "",
    )
    assert t.prizes == (Prize(place=1, amount=D("10.5")),)


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ('currency = "EUR"\nsharing = hort\n', "p.toml:2:", "Invalid value"),
        ('sharing = "fair"\n', "p.toml:0:0:", "sharing must be one of equal, hort, tie-break"),
        ("colour = 1\n", "p.toml:0:0:", "unknown key 'colour'"),
        ("unit = 0\n", "p.toml:0:0:", "unit must be from 0.0001 to 1000000"),
        ("[[prize]]\namount = 1e400\n", "p.toml:1:1:", "cannot be more than"),
        ("reference_date = 2026\n", "p.toml:0:0:", "reference_date must be a date"),
        (
            "[[prize]]\namount = 1\n\n[[prize]]\nplace = 0\namount = 1\n",
            "p.toml:4:1:",
            "prize 2 (place 0): place must be a whole number",
        ),
        ("[[prize]]\namount = 1\nsize = 2\n", "p.toml:1:1:", "prize 1 (place 1): unknown key"),
        (
            '[[prize]]\ncategory = "U12 | FED=DE"\namount = 1\n',
            "p.toml:1:1:",
            'prize 1 (U12 | FED=DE 1): category "U12 | FED=DE"',
        ),
        ("[[prize]]\namount = -5\n", "p.toml:1:1:", "amounts cannot be negative"),
        ("[[prize]]\namount = 1.005\n", "p.toml:1:1:", "not a multiple of the unit 0.01"),
        ("[[prize]]\namount = nan\n", "p.toml:1:1:", "finite"),
        ('[[prize]]\namount = "100"\n', "p.toml:1:1:", "amount must be a number"),
        ("[[prize]]\nplace = 2\n", "p.toml:1:1:", "neither an amount nor a description"),
        (
            "[[prize]]\namount = 1\n[[prize]]\nplace = 1\namount = 2\n",
            "p.toml:3:1:",
            "prize 2 (1st place): the same place as prize 1",
        ),
        (
            "[[prize]]\nplace = 1\namount = 100\n[[prize]]\nplace = 2\namount = 200\n",
            "p.toml:4:1:",
            "a better place cannot pay less",
        ),
        ("prize = 3\n", "p.toml:0:0:", "prize must be a list of [[prize]] tables"),
    ],
)
def test_table_errors_say_where_and_what(text: str, where: str, message: str) -> None:
    with pytest.raises(PrizeTableError) as caught:
        parse_prize_table(text, "p.toml")
    assert str(caught.value).startswith(where), str(caught.value)
    assert message in str(caught.value)
    assert isinstance(caught.value, ChessArbiterError)


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_bytes(b'currency = "\xff"\n')
    with pytest.raises(PrizeTableError, match=r"p\.toml:0:0: not UTF-8"):
        load_prize_table(path)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.sampled_from(
            [
                "[[prize]]",
                "place = 2",
                "amount = 1.5",
                'category = "U12"',
                'sharing = "hort"',
                'description = "x"',
                "amount = -1",
                "unit = 1",
                "= =",
                '"',
                "[prize]",
                "worth = 3",
                "place = 1",
                'precedence = "table"',
                "currency = 5",
                "reference_date = 2026-01-01",
                "amount = 1e400",
                "unit = 1e-30",
                "place = 99999999999999999999",
                "worth = inf",
            ]
        ),
        max_size=12,
    )
    | st.text(max_size=80)
)
def test_any_text_gives_a_table_or_a_prize_table_error(lines: list[str] | str) -> None:
    text = lines if isinstance(lines, str) else "\n".join(lines)
    try:
        parse_prize_table(text, "p.toml")
    except PrizeTableError as error:
        assert str(error).startswith("p.toml:")


# -- properties ---------------------------------------------------------------------------------


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[PrizeTable, list[Standing], dict[str, set[int]]]:
    n_places = draw(st.integers(0, 8))
    amounts = sorted(
        draw(st.lists(st.integers(0, 1000), min_size=n_places, max_size=n_places)), reverse=True
    )
    prizes: list[Prize] = []
    for place, amount in enumerate(amounts, start=1):
        cup = draw(st.booleans()) and place == 1
        prizes.append(
            Prize(place=place, amount=D(amount), description="Cup" if cup or not amount else "")
        )
    eligible: dict[str, set[int]] = {}
    n_players = draw(st.integers(1, 14))
    for category in draw(st.lists(st.sampled_from(["U12", "F", "RATING<1800"]), unique=True)):
        ladder = sorted(draw(st.lists(st.integers(0, 500), min_size=1, max_size=3)), reverse=True)
        for place, amount in enumerate(ladder, start=1):
            prizes.append(
                Prize(
                    place=place,
                    category=category,
                    amount=D(amount),
                    description="" if amount else "Book",
                    worth=D(draw(st.integers(0, 100))),
                )
            )
        eligible[category] = set(draw(st.lists(st.integers(1, n_players), max_size=n_players)))
    prizes = draw(st.permutations(prizes))
    sizes: list[int] = []
    while sum(sizes) < n_players:
        sizes.append(draw(st.integers(1, n_players - sum(sizes))))
    groups, number = [], 1
    for size in sizes:
        groups.append(list(range(number, number + size)))
        number += size
    full_ties = {n: n - 1 for n in range(2, n_players + 1) if draw(st.booleans())}
    ranks: dict[int, int] = {}
    for g in groups:
        for n in g:
            ranks[n] = ranks.get(n - 1, n - 1) if n in full_ties and n - 1 in g else n
    t = PrizeTable(
        prizes=tuple(prizes),
        sharing=draw(st.sampled_from(list(Sharing))),
        precedence=draw(st.sampled_from(list(Precedence))),
        unit=draw(st.sampled_from([D("0.01"), D(1), D(5)])),
    )
    return t, ranking(*groups, ranks=ranks), eligible


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_never_more_money_than_the_table_and_never_two_prizes(
    scenario: tuple[PrizeTable, list[Standing], dict[str, set[int]]],
) -> None:
    t, rows, eligible = scenario
    result = allocate(t, rows, eligible)
    players = [a.pairing_number for a in result.awards]
    assert len(players) == len(set(players)), "a player with two prizes"
    held = [id(a.prize) for a in result.awards if a.prize is not None]
    assert len(held) == len(set(held)), "a prize held twice"
    assert result.paid <= t.total
    assert result.remainder >= 0
    unawarded = sum((p.amount for p in result.unawarded), D(0))
    assert result.paid + result.remainder + unawarded == t.total
    for a in result.awards:
        if a.prize is not None and a.prize.category is not None:
            assert a.pairing_number in eligible[a.prize.category]
            assert a.amount == a.prize.amount  # category prizes are not shared
    assert all(share >= 0 for share in money(result).values())


def test_share_money_of_no_players() -> None:
    assert share_money(table(places(10)), Sharing.HORT, [], []) == []
