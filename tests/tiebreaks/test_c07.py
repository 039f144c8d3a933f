"""C.07 (1 March 2026) tie-breaks: the FIDE TEC's reference calculator's values for the
corpus tournaments, and the articles one by one."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.standings import standings
from chessarbiter.tiebreaks import compute, for_standings, parse, parse_list
from chessarbiter.tiebreaks.c07 import UnsupportedTieBreakError, dp, unplayed_categories

KEYS = ["BH", "BH/C1", "BH/M1", "SB", "WIN", "WON", "BPG", "BWG", "PS", "ARO", "TPR"]


def oracle_files(shared: Path) -> list[Path]:
    return sorted((shared / "corpus" / "tiebreaks").glob("*.json"))


def test_every_value_of_the_reference_calculator(shared: Path) -> None:
    """TieBreakServer (FIDE TEC, C.07 of 1 March 2026) on 30 corpus tournaments with byes,
    forfeits and withdrawals: every value of every player identical."""
    files = oracle_files(shared)
    assert len(files) == 30
    compared = 0
    for f in files:
        doc = json.loads(f.read_text())
        t = trf.load(shared / "corpus" / doc["source_trf"])
        values = compute(t, [parse(k) for k in KEYS])
        for number, expected in doc["players"].items():
            got = values[int(number)]
            for key in KEYS:
                assert got[key] == Decimal(str(expected[key])), (doc["tournament"], number, key)
                compared += 1
    assert compared > 19000


def test_reference_ranking(shared: Path) -> None:
    """The calculator's final ranks for PTS, BH, BH/C1, BH/M1, SB, WIN, WON, BPG, BWG, PS,
    ARO, TPR (DE aside, which it computes separately): our standings give the same order."""
    order = ["BH", "BH/C1", "BH/M1", "SB", "WIN", "WON", "BPG", "BWG", "PS", "ARO", "TPR"]
    for f in oracle_files(shared)[:12]:
        doc = json.loads(f.read_text())
        t = trf.load(shared / "corpus" / doc["source_trf"])
        rows = standings(t, None, for_standings(t, [parse(k) for k in order]))
        ranks = {str(r.pairing_number): r.rank for r in rows}
        assert ranks == {k: v for k, v in doc["rank"].items()}, doc["tournament"]


# -- Art. 16: unplayed rounds ---------------------------------------------------------------


def game(opponent: int, colour: Colour, result: Result) -> RoundEntry:
    return RoundEntry(opponent, colour, result)


def test_16_2_categories() -> None:
    """1 PAB / full-point bye, 2 forfeit win, 3 requested bye with a later played round,
    4 forfeit loss, 5 requested bye followed only by voluntarily unplayed rounds (or last)."""
    h, z = RoundEntry.bye(Result.HALF_POINT_BYE), RoundEntry.bye(Result.ZERO_POINT_BYE)
    pab, full = RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE), RoundEntry.bye(Result.FULL_POINT_BYE)
    won = game(3, Colour.WHITE, Result.WIN)
    fwin = game(4, Colour.NONE, Result.FORFEIT_WIN)
    floss = game(5, Colour.NONE, Result.FORFEIT_LOSS)
    assert unplayed_categories([pab, full, fwin, h, won, floss]) == [1, 1, 2, 3, 0, 4]
    # a withdrawal: a bye, then only forfeit losses and rounds not paired
    assert unplayed_categories([won, z, floss, RoundEntry.NOT_PAIRED]) == [0, 5, 4, 5]
    assert unplayed_categories([won, h]) == [0, 5]  # in the last round


def corpus_t019(shared: Path) -> Tournament:
    return trf.load(shared / "corpus/dutch/t019_p0007_r05_forfeits_s1000019/tournament.trf")


def test_16_4_dummy_caps_and_16_5_vur_cut_first(shared: Path) -> None:
    """Player 4 of t019: lost to 1 (3.5), beat 5 (1.0, a PAB counted at its points) and 6
    (2.5), lost by forfeit to 2, then the PAB. The forfeit's dummy scores his own 3, under
    the cap of 2's adjusted 5 (16.4.1); the PAB's dummy is capped at 2.5, a draw in each of
    5 rounds (16.4.2): BH 12.5. Cut-1 cuts the forfeit loss (3.0, a VUR) before the lowest
    value 1.0 (16.5): 9.5; Median-1 also the highest: 6.0."""
    t = corpus_t019(shared)
    v = compute(t, parse_list("BH,BH/C1,BH/M1,SB"))[4]
    assert (v["BH"], v["BH/C1"], v["BH/M1"], v["SB"]) == (
        Decimal("12.5"),
        Decimal("9.5"),
        Decimal("6.0"),
        Decimal("6.0"),
    )


def test_16_3_withdrawn_player_counts_as_draws_for_opponents() -> None:
    """A player who withdraws after round 1 scores ½ per later round for his opponents."""
    t = Tournament(total_rounds=3)
    for n in range(1, 5):
        t.add_player(Player(n, f"P{n}", rating=2000))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(1, 3, 4, Result.DRAW)
    t.record_game(2, 1, 3, Result.DRAW)
    t.record_game(3, 1, 4, Result.LOSS)
    # player 2 withdrew: not paired in rounds 2 and 3 (zero-point byes to the end: cat. 5)
    v = compute(t, [parse("BH")])
    # 1's opponents as he sees them: 2 scores 0 + ½ + ½; 3 scores ½ + ½ + ½ (round 3 not
    # paired, the last round: cat. 5); 4 scores ½ + 0 + 1 (round 2 not paired but a game
    # follows: cat. 3, counted at its 0 points)
    assert v[1]["BH"] == Decimal(1) + Decimal("1.5") + Decimal("1.5")
    assert t.score(3) == 1  # the real score, not the adjusted one


# -- the other tie-breaks ---------------------------------------------------------------------


def test_7_counts_and_progressive_score(shared: Path) -> None:
    """WIN counts the PAB and forfeit wins, WON only games won over the board (7.1-7.5)."""
    v = compute(corpus_t019(shared), parse_list("WIN,WON,BPG,BWG,PS,PS/C1"))
    assert v[2] == {
        "WIN": 5,
        "WON": 4,
        "BPG": 2,
        "BWG": 2,
        "PS": Decimal("15.0"),
        "PS/C1": Decimal("14.0"),
    }


def test_10_2_tpr_rounds_the_fraction_to_hundredths() -> None:
    """B.02 8.1.1: p = 2/3 is looked up as 0.67 (dp 125); 100 % gives +800."""
    assert dp(Decimal(2) / 3) == 125
    assert dp(Decimal(1)) == 800
    assert dp(Decimal(0)) == -800
    assert dp(Decimal("0.505")) == 7


def test_rating_tiebreaks_drop_unrated_opponents() -> None:
    t = Tournament(total_rounds=2)
    t.add_player(Player(1, "A", rating=2000))
    t.add_player(Player(2, "B", rating=None))
    t.add_player(Player(3, "C", rating=2100))
    t.record_game(1, 1, 2, Result.WIN)
    t.record_game(2, 3, 1, Result.DRAW)
    v = compute(t, parse_list("ARO,TPR"))[1]
    assert v == {"ARO": 2100, "TPR": 2100}
    assert compute(t, parse_list("ARO,TPR"))[2] == {"ARO": 2000, "TPR": 1200}
    # regulations may rate unrated players, e.g. at 1400: then B counts for A
    rated = compute(t, parse_list("ARO,TPR,RTNG"), unrated_rating=1400)
    assert rated[1] == {"ARO": 1750, "TPR": 1750 + 193, "RTNG": 2000}  # 1.5 of 2: dp(0.75)
    assert rated[2]["RTNG"] == 1400


# -- names and errors -------------------------------------------------------------------------


def test_parse_forms() -> None:
    assert parse("BH-C1") == parse("BH-C1")
    assert parse("BH-C1").cut == 1 and parse("BH/C1").name == "BH/C1"
    assert parse("bh/m2").median == 2
    assert [s.name for s in parse_list("BH/C1,BH,SB")] == ["BH/C1", "BH", "SB"]


def test_issue13_item18_a_leading_pts_is_the_points_not_a_tie_break() -> None:
    """TRF-2026 212 lists the standings order, ``PTS`` first: the list is the tie-breaks after
    it. ``PTS`` anywhere else is not a C.07 tie-break."""
    assert [s.name for s in parse_list("PTS,WIN,BH,AOB")] == ["WIN", "BH", "AOB"]
    assert [s.name for s in parse_list(" pts , BH/C1")] == ["BH/C1"]
    assert parse_list("PTS") == []
    with pytest.raises(UnsupportedTieBreakError, match="PTS"):
        parse_list("BH,PTS")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("APRO/C1", "Art. 14: APRO takes no Cut"),
        ("XYZ", "XYZ .* not a C.07 tie-break"),
        ("WIN/C1", "Art. 14: WIN takes no Cut"),
        ("BH//C1", "malformed"),
        ("BH,BH", "listed twice"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(UnsupportedTieBreakError, match=message):
        parse_list(text)


def test_other_editions_are_refused_by_name() -> None:
    with pytest.raises(UnsupportedTieBreakError, match="'2013' is not computed yet"):
        compute(Tournament(), [parse("BH")], edition="2013")


def test_computed_columns_belong_to_their_tournament() -> None:
    t = Tournament(total_rounds=1)
    t.add_player(Player(1, "A"))
    column = for_standings(t, [parse("BH")])[0]
    with pytest.raises(Exception, match="another tournament"):
        column.value(Tournament(), 1, 0)


@pytest.mark.parametrize("edition", ["2026", "2023"])
def test_tec_exercises_in_tie_breaking(shared: Path, edition: str) -> None:
    """The FIDE TEC "Exercises in Tie-Breaking" (Swiss fixtures, as extracted from
    Sharly-Chess' tests, corrected to TieBreakServer where the two differ): every value of
    the tie-breaks computed here, in each edition (keys with ``[2024]`` are the 2023/2024
    rules; keys of edition "any" hold for both)."""
    expected = json.loads((shared / "real/sharly-chess/tec-expected.json").read_text())
    checks = expected["tiebreakserver_check"]["results"]
    compared = 0
    for name, fixture in expected["fixtures"].items():
        if fixture["system"] != "swiss":
            continue
        # where Sharly-Chess and TieBreakServer differ (PTP, APPO: Sharly's own notes say it
        # is off by one or two), the TEC exercise's printed values are TieBreakServer's
        for key, check in checks.get(name, {}).items():
            for number, both in check.get("differences", {}).items():
                if both["tiebreakserver"] is not None:
                    fixture["values"][number][key] = both["tiebreakserver"]
        t = trf.load(shared / f"real/sharly-chess/tec-trf/{name}.trf")
        wanted: dict[str, str] = {}  # fixture key -> our tie-break name
        for key, about in fixture["tiebreaks"].items():
            base = key.removesuffix("[2024]")
            if base == "DE":  # Sharly's own representation: see the DE tests below
                continue
            if about["edition"] == "any" or (about["edition"] == "C07-2024") == (edition == "2023"):
                try:
                    parse(base)
                except UnsupportedTieBreakError:
                    continue
                wanted[key] = base
        values = compute(t, [parse(b) for b in set(wanted.values())], edition=edition)
        for number, row in fixture["values"].items():
            for key, base in wanted.items():
                if key in row:
                    assert values[int(number)][base] == Decimal(str(row[key])), (name, number, key)
                    compared += 1
    assert compared > 150


# -- Virtual Opponent 13.15: the legacy virtual opponent (C.02 13.15)
# ---------------------------------------


def seed003(shared: Path) -> tuple[Tournament, dict[str, object]]:
    folder = shared / "real/seed003"
    return trf.load(folder / "buchholz-virtual-opponent.trf"), json.loads(
        (folder / "expected.json").read_text()
    )


def test_seed003_worked_examples_under_legacy_rules(shared: Path) -> None:
    """Virtual Opponent 13.15: A (a forfeit win in round 1: virtual opponent 0 + (1 - 1) + 0.5 x 6 =
    3) 31.5; B (met A, whose forfeit win counts as a draw) 26; C (absent in round 4 after 3/3:
    3 + (1 - 0) + 0.5 x 3 = 5.5) 31."""
    t, _ = seed003(shared)
    v = compute(t, [parse("BH")], edition="legacy")
    assert (v[1]["BH"], v[6]["BH"], v[3]["BH"]) == (Decimal("31.5"), Decimal(26), Decimal(31))


def test_seed003_every_player_in_every_edition(shared: Path) -> None:
    """Every player's legacy Buchholz, and TieBreakServer's 2023/2024 and 2026 values for the
    same file (which show why legacy has to be an edition of its own)."""
    t, expected = seed003(shared)
    players = expected["players"]
    assert isinstance(players, dict)
    legacy = compute(t, [parse("BH")], edition="legacy")
    for number, row in players.items():
        assert legacy[int(number)]["BH"] == Decimal(str(row["legacy_buchholz"])), number
    current = expected["for_comparison_current_C07"]
    assert isinstance(current, dict)
    for edition, key in (("2023", "BH_C07_2024"), ("2026", "BH_C07_2026")):
        values = compute(t, [parse("BH")], edition=edition)
        for number, value in current[key].items():
            assert values[int(number)]["BH"] == Decimal(str(value)), (edition, number)


# -- round robins (C.07 15.2) and Koya ---------------------------------------------------------


@pytest.mark.parametrize("name", ["tec-round-robin", "manual-koya"])
def test_round_robin_fixtures(shared: Path, name: str) -> None:
    """15.2: in a round robin a forfeit counts as played (SB: 6 beat 5 by forfeit, 5's 1.5
    points count); SB/C1 cuts the lowest-scoring opponent, the lowest product among equals;
    KS (9.2) the points against opponents with at least half the maximum score. The round
    robin is recognised from the TRF 092 type."""
    expected = json.loads((shared / "real/sharly-chess/tec-expected.json").read_text())
    fixture = expected["fixtures"][name]
    t = trf.load(shared / f"real/sharly-chess/tec-trf/{name}.trf")
    keys = [k for k in ("SB", "SB/C1", "KS") if k in fixture["tiebreaks"]]
    values = compute(t, [parse(k) for k in keys])
    for number, row in fixture["values"].items():
        for key in keys:
            assert values[int(number)][key] == Decimal(str(row[key])), (number, key)


def test_koya_limit_moves_in_half_points(shared: Path) -> None:
    """14.5: KS/L-1 lowers the limit by half a point (2.5 -> 2 of 5 rounds here)."""
    t = trf.load(shared / "real/sharly-chess/tec-trf/tec-round-robin.trf")
    v = compute(t, parse_list("KS,KS/L-1,KS/L+1"))
    # player 4 (1.5 points) scored 1 against 1 (3.5 points), 0 against 2 and 3 (3.5), and
    # ½ against 6 and 0 against 5 (1.5 each): those count only from a limit of 1.5 (L-2)
    assert [v[4][k] for k in ("KS", "KS/L-1", "KS/L+1")] == [Decimal(1)] * 3
    low = compute(t, [parse("KS/L-2")])
    assert low[4]["KS/L-2"] == Decimal("1.5")
    # 6 lost to 1, 2 and 3; drew with 4 and won by forfeit against 5 (played, in a round robin)
    assert low[6]["KS/L-2"] == Decimal("1.5")
    with pytest.raises(UnsupportedTieBreakError, match="only KS takes a Limit"):
        parse("BH/L+1")


# -- direct encounter (C.07 6) ------------------------------------------------------------------


def test_direct_encounter_against_the_reference_calculator(shared: Path) -> None:
    """DE among players tied on points (run as "PTS DE"): TieBreakServer's rank inside each
    tied group (0: not tied, or not separated) for every player of the 30 tournaments."""
    compared = 0
    for f in oracle_files(shared):
        doc = json.loads(f.read_text())
        t = trf.load(shared / "corpus" / doc["source_trf"])
        values = compute(t, [parse("DE")])
        for number, expected in doc["players"].items():
            assert values[int(number)]["DE"] == Decimal(str(expected["DE"])), (
                doc["tournament"],
                number,
            )
            compared += 1
    assert compared > 1700


@pytest.mark.parametrize("name", ["tec-swiss-direct-encounter", "tec-round-robin"])
def test_direct_encounter_tec_fixtures(shared: Path, name: str) -> None:
    """The TEC exercises' DE (Sharly-Chess gives 0..k-1, higher better, inside each points
    group): the same order. In the round robin, 6 beat 5 by forfeit, which counts (15.2)."""
    expected = json.loads((shared / "real/sharly-chess/tec-expected.json").read_text())
    fixture = expected["fixtures"][name]["values"]
    t = trf.load(shared / f"real/sharly-chess/tec-trf/{name}.trf")
    ours = {n: v["DE"] for n, v in compute(t, [parse("DE")]).items()}
    for a in ours:
        for b in ours:
            if a < b and t.score(a) == t.score(b):
                theirs_a, theirs_b = fixture[str(a)]["DE"], fixture[str(b)]["DE"]
                assert (theirs_a == theirs_b) == (ours[a] == ours[b]), (a, b)
                if theirs_a != theirs_b:
                    assert (theirs_a > theirs_b) == (ours[a] < ours[b]), (a, b)


def test_direct_encounter_ranks_first_in_the_standings(shared: Path) -> None:
    """DE is a rank (1 best): the standings put the lower value first and print it as is."""
    t = trf.load(shared / "real/sharly-chess/tec-trf/tec-swiss-direct-encounter.trf")
    rows = standings(t, None, for_standings(t, [parse("DE")]))
    tied = [(r.pairing_number, r.tiebreaks["DE"], r.rank) for r in rows if r.points == 6]
    assert tied == [(6, Decimal(1), 2), (1, Decimal(2), 3), (4, Decimal(2), 3), (2, Decimal(4), 5)]


def test_tpn_ranks_the_lower_pairing_number_first() -> None:
    """C.07 7.8: the final tournament pairing number, ascending."""
    t = Tournament(total_rounds=1)
    for n in (1, 2):
        t.add_player(Player(n, f"P{n}"))
    t.record_game(1, 1, 2, Result.DRAW)
    rows = standings(t, None, for_standings(t, [parse("TPN")]))
    assert [(r.pairing_number, r.tiebreaks["TPN"], r.rank) for r in rows] == [
        (1, Decimal(1), 1),
        (2, Decimal(2), 2),
    ]


# -- breakdowns ---------------------------------------------------------------------------------


def test_breakdown_adds_up_to_the_value(shared: Path) -> None:
    """For every player of a forfeit-heavy tournament, the contributions not marked "cut"
    sum to the value, in every edition."""
    from chessarbiter.tiebreaks.c07 import breakdown

    t = corpus_t019(shared)
    for edition in ("2026", "2023", "legacy"):
        for name in ("BH", "BH/C1", "BH/M1", "SB", "SB/C1", "FB"):
            spec = parse(name)
            for p in t:
                lines = breakdown(t, p.number, spec, edition=edition)
                value = Decimal(lines[0].rsplit(": ", 1)[1])
                kept = [
                    Decimal(line.split("(counted ")[1].split(")")[0].split(" = ")[-1])
                    for line in lines[1:]
                    if not line.endswith("- cut")
                ]
                assert sum(kept, Decimal(0)) == value, (edition, name, p.number)


def test_breakdown_names_the_dummy_and_the_cut(shared: Path) -> None:
    from chessarbiter.tiebreaks.c07 import breakdown

    lines = breakdown(corpus_t019(shared), 4, parse("BH/C1"))
    assert lines[0] == "BH/C1 of player 4 (C.07 of 1 March 2026): 9.5"
    assert lines[4] == "  round 4: forfeit loss: dummy opponent (16.4) (counted 3) - cut"


# -- TRF-2026 modifiers /P, /F, /R ------------------------------------------------------------


def test_de_with_forfeits_as_played(shared: Path) -> None:
    """6.1.1: forfeits are left out of DE unless the regulations include them (/P). In the
    TEC round robin read as a Swiss, 6's forfeit win over 5 then separates 4, 5 and 6."""
    t = trf.load(shared / "real/sharly-chess/tec-trf/tec-round-robin.trf")
    plain = compute(t, parse_list("DE"), round_robin=False)
    with_p = compute(t, parse_list("DE/P"), round_robin=False)
    assert [plain[n]["DE"] for n in (4, 5, 6)] == [0, 0, 0]
    assert [with_p[n]["DE/P"] for n in (4, 5, 6)] == [3, 2, 1]


def test_aob_of_fore_buchholz(shared: Path) -> None:
    """8.2 (2026): AOB/F averages the over-the-board opponents' Fore Buchholz."""
    t = trf.load(shared / "real/sharly-chess/tec-trf/tec-swiss.trf")
    values = compute(t, parse_list("AOB/F,FB"))
    player = t.player(1)
    opponents = [e.opponent for e in player.results if e.is_played and e.opponent]
    average = sum((values[o]["FB"] for o in opponents), Decimal(0)) / len(opponents)
    assert values[1]["AOB/F"] == average.quantize(Decimal("0.01"))


def test_reverse_order_ranks_the_lower_value_first() -> None:
    t = Tournament(total_rounds=1)
    t.add_player(Player(1, "A", rating=2000))
    t.add_player(Player(2, "B", rating=2100))
    t.record_game(1, 1, 2, Result.DRAW)
    rows = standings(t, None, for_standings(t, parse_list("RTNG/R")))
    assert [(r.pairing_number, r.tiebreaks["RTNG/R"]) for r in rows] == [
        (1, Decimal(2000)),
        (2, Decimal(2100)),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [("BH/P", "/P .* DE only"), ("BH/F", "/F .* AOB"), ("BH/X", "malformed")],
)
def test_modifier_errors(text: str, message: str) -> None:
    with pytest.raises(UnsupportedTieBreakError, match=message):
        parse(text)


def test_breakdown_of_a_rating_tiebreak_says_what_is_left_out(shared: Path) -> None:
    from chessarbiter.tiebreaks.c07 import breakdown

    lines = breakdown(corpus_t019(shared), 4, parse("TPR"))
    assert lines[0] == "TPR of player 4 (C.07 of 1 March 2026): 2299"
    assert lines[1] == "  round 1: game against 1: opponent rated 2394, scored 0"
    assert lines[4] == "  round 4: forfeit loss against 2: left out (not played over the board)"
