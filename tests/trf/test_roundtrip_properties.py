"""Property tests: random consistent tournaments survive a TRF round trip.

* ``read(dumps(t, d)) == t`` for every dialect ``d`` that can carry what ``t`` holds;
* the canonical text is a fixed point: ``dumps(read(dumps(t, d)), d) == dumps(t, d)``;
* writing never drops data silently: when a dialect reports no loss, reading gives ``t`` back;
* the reader raises nothing but :class:`TrfError`, whatever the columns of a record hold.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from chessarbiter.errors import TrfDataLossError, TrfError
from chessarbiter.model import (
    Acceleration,
    ByeRequest,
    Colour,
    ExtraRecord,
    ForbiddenPairs,
    NationalRating,
    Player,
    PointSystem,
    Result,
    RoundEntry,
    Team,
    Tournament,
)
from chessarbiter.trf import TRF16, TRF2026, TRFX, Dialect, dumps, dumps_with_losses, read

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

TRF2026X = Dialect(version="2026", engine=True)
W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE


@dataclass(frozen=True)
class Caps:
    """What a dialect can carry."""

    engine: bool
    v26: bool

    @property
    def rounds(self) -> bool:  # XXR or 142
        return self.engine or self.v26


CAPS = {
    "TRF16": (TRF16, Caps(engine=False, v26=False)),
    "TRFX": (TRFX, Caps(engine=True, v26=False)),
    "TRF2026": (TRF2026, Caps(engine=False, v26=True)),
    "TRF2026X": (TRF2026X, Caps(engine=True, v26=True)),
}

# -- building blocks ---------------------------------------------------------------------------

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüøßÇŁ"
TEXT_CHARS = LETTERS + "0123456789 ,.'-/()+:"


def text(max_size: int, alphabet: str = TEXT_CHARS, min_size: int = 0) -> st.SearchStrategy[str]:
    """Text as a fixed-column field reads back: no leading or trailing blanks."""
    return st.text(alphabet, min_size=min_size, max_size=max_size).map(str.strip)


def word(max_size: int, alphabet: str = LETTERS + "0123456789") -> st.SearchStrategy[str]:
    return st.text(alphabet, min_size=1, max_size=max_size)


halves = st.integers(0, 19).map(lambda i: Decimal(i) / 2)  # 0.0 .. 9.5, one decimal
dates = st.builds(
    lambda y, m, d: f"{y:02d}/{m:02d}/{d:02d}",
    st.integers(0, 99),
    st.integers(1, 12),
    st.integers(1, 28),
)

standard = st.just(PointSystem())


def simple_systems(bbp: bool) -> st.SearchStrategy[PointSystem]:
    """Colour-blind systems: ``162`` (A = zero-point bye = forfeit loss) or ``BB*`` lines."""

    @st.composite
    def build(draw: st.DrawFn) -> PointSystem:
        win, draw_, loss = draw(halves), draw(halves), draw(halves)
        zpb = draw(halves)
        fl = draw(halves) if bbp else zpb
        pab = draw(st.one_of(st.just(win), halves))
        return PointSystem.simple(
            win, draw_, loss, zero_point_bye=zpb, forfeit_loss=fl, pairing_allocated_bye=pab
        )

    return st.one_of(
        st.just(PointSystem.simple(Decimal(3), Decimal(1), Decimal(0))),  # football
        st.just(PointSystem.simple(pairing_allocated_bye=Decimal("0.5"))),  # half-point PAB
        build(),
    )


xxs_systems = st.builds(
    PointSystem,
    *(halves for _ in range(12)),
)


def point_systems(caps: Caps) -> st.SearchStrategy[PointSystem]:
    if caps.engine:
        return st.one_of(standard, simple_systems(bbp=True), xxs_systems)
    if caps.v26:
        return st.one_of(standard, simple_systems(bbp=False))
    return standard


def sometimes(
    draw: st.DrawFn, strategy: st.SearchStrategy[Any], empty: Callable[[], Any] = list
) -> Any:
    """Half of the time nothing: keeps models with few features (that every dialect can carry)
    common."""
    return draw(strategy) if draw(st.booleans()) else empty()


@st.composite
def players(draw: st.DrawFn, number: int, caps: Caps) -> Player:
    return Player(
        number=number,
        name=draw(text(33)),
        sex=draw(st.sampled_from(["", "m", "w"])),
        title=draw(st.sampled_from(["", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "g"])),
        rating=draw(st.one_of(st.none(), st.integers(0, 3000))),
        federation=draw(st.sampled_from(["", "FRA", "GER", "IND", "ESP", "FID"])),
        fide_id=draw(st.one_of(st.just(""), st.integers(1, 10**11 - 1).map(str))),
        birth_date=draw(st.sampled_from(["", "1990/01/31", "1969.12.06", "2001/00/00", "1956"])),
        rank=draw(st.one_of(st.none(), st.integers(1, 9999))),
    )


@st.composite
def rounds(draw: st.DrawFn, t: Tournament, total: int, caps: Caps) -> None:
    """Fill in the rounds: games (results, forfeits, double forfeits), the PAB, byes H/F/Z,
    absences and not-paired rounds; maybe a pending last round; maybe byes pre-assigned for
    the next round."""
    numbers = list(t.players)
    played = draw(st.integers(0, total))
    pending = played > 0 and draw(st.booleans())
    for r in range(1, played + 1):
        order = draw(st.permutations(numbers))
        absent_count = draw(st.integers(0, len(order) // 3))
        absent, present = order[:absent_count], order[absent_count:]
        for n in absent:
            kind = draw(st.sampled_from(["H", "F", "Z", "not paired", "lichess -"]))
            if kind == "not paired":
                entry = RoundEntry.NOT_PAIRED
            elif kind == "lichess -":
                entry = RoundEntry(None, N, Result.FORFEIT_LOSS)
            else:
                entry = RoundEntry.bye(Result(kind))
            t.player(n).set_entry(r, entry)
        if len(present) % 2:
            t.player(present.pop()).set_entry(r, RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
        for a, b in zip(present[::2], present[1::2], strict=True):
            if pending and r == played:
                colours = draw(st.sampled_from([(W, B), (B, W), (N, N)]))
                t.player(a).set_entry(r, RoundEntry(b, colours[0], None))
                t.player(b).set_entry(r, RoundEntry(a, colours[1], None))
                continue
            code = draw(st.sampled_from(["1", "=", "0", "W", "D", "L", "+", "-", "--"]))
            if code in ("+", "-", "--"):
                colours = draw(st.sampled_from([(W, B), (B, W), (N, N)]))
                ra, rb = {
                    "+": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
                    "-": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
                    "--": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
                }[code]
                t.player(a).set_entry(r, RoundEntry(b, colours[0], ra))
                t.player(b).set_entry(r, RoundEntry(a, colours[1], rb))
            elif draw(st.booleans()):
                t.record_game(r, a, b, Result(code))
            else:
                t.record_game(r, b, a, Result(code))
    if played < total or not caps.rounds:
        for n in draw(st.lists(st.sampled_from(numbers), max_size=3, unique=True)):
            kind = draw(st.sampled_from("HFZ"))
            t.player(n).set_entry(played + 1, RoundEntry.bye(Result(kind)))
    for p in t.players.values():
        while p.results and p.results[-1] == RoundEntry.NOT_PAIRED:
            p.results.pop()


@st.composite
def tournaments(draw: st.DrawFn, caps: Caps) -> Tournament:
    size = draw(st.integers(1, 10))
    total = draw(st.integers(1, 6))
    t = Tournament(
        name=draw(text(40)),
        city=draw(text(20)),
        federation=draw(st.sampled_from(["", "FRA", "FID"])),
        start_date=draw(st.sampled_from(["", "2025/01/02", "24/09/2010"])),
        end_date=draw(st.sampled_from(["", "2025/01/09"])),
        tournament_type=draw(text(30)),
        chief_arbiter=draw(text(30)),
        deputy_arbiters=draw(st.lists(text(30), max_size=2)),
        time_control=draw(text(20)),
        declared_player_count=draw(st.sampled_from(["", str(size)])),
        declared_rated_count=draw(st.sampled_from(["", "0"])),
        declared_team_count=draw(st.sampled_from(["", "0"])),
    )
    round_dates = draw(st.lists(st.one_of(dates, st.just("")), max_size=total))
    while round_dates and not round_dates[-1]:
        round_dates.pop()
    t.round_dates = round_dates
    for n in range(1, size + 1):
        t.add_player(draw(players(n, caps)))
    numbers = list(t.players)
    if caps.rounds:
        t.total_rounds = total
        t.initial_colour = draw(st.sampled_from([None, W, B]))
    t.point_system = draw(point_systems(caps)) if draw(st.booleans()) else PointSystem()
    draw(rounds(t, total, caps))
    if draw(st.booleans()):
        t.teams = draw(teams(numbers, caps))
    # the ids of 240, 250, 260 (and here of XXP) name teams in a team event
    entrants = sorted(t.team_numbers()) if t.is_team_event else numbers
    ids = st.sampled_from(entrants)
    player_ids = st.sampled_from(numbers)
    groups = min(2, len(entrants) - 1)  # forbidden pairs need two players
    group = (
        st.lists(ids, min_size=2, max_size=4, unique=True).map(tuple) if groups else st.nothing()
    )
    if caps.engine:
        t.pair_by_rank = draw(st.booleans())
        t.forbidden_pairs += [
            ForbiddenPairs(g) for g in sometimes(draw, st.lists(group, max_size=groups))
        ]
        t.absent_next_round = sometimes(draw, st.lists(player_ids, max_size=3, unique=True))
        t.virtual_points = sometimes(
            draw, st.dictionaries(player_ids, st.lists(halves, max_size=total), max_size=3), dict
        )
        t.virtual_points = dict(sorted(t.virtual_points.items()))
    if caps.v26:
        t.system = draw(st.sampled_from(["", "FIDE_DUTCH_2026", "FIDE_DUTCH_2025_BAKU"]))
        t.rank_method = draw(st.sampled_from(["", "FIDE", "NIDOF"]))
        t.pairing_controller = draw(text(20))
        names = word(8, LETTERS + "/:0123456789").filter(lambda w: w.upper() != "PTS")
        ranking = draw(st.lists(names, max_size=3))
        if t.is_team_event:
            t.team_tiebreaks = ranking
        else:
            t.tiebreaks = ranking
        if ranking:
            t.tiebreak_records = draw(st.sampled_from([("202",), ("212",), ("202", "212")]))
        t.time_control_code = draw(st.sampled_from(["", "5400+30", "40/6000+30:900+30"]))
        requests = sometimes(
            draw,
            st.lists(
                st.builds(
                    ByeRequest,
                    st.sampled_from(
                        [Result.HALF_POINT_BYE, Result.FULL_POINT_BYE, Result.ZERO_POINT_BYE]
                    ),
                    st.integers(1, total),
                    st.lists(ids, max_size=3, unique=True).map(tuple),
                ),
                max_size=3,
            ),
        )
        t.bye_requests = consistent_requests(t, requests)
        rounds_range = st.lists(st.integers(1, total), min_size=2, max_size=2).map(sorted)
        id_range = st.lists(st.integers(1, 9999), min_size=2, max_size=2).map(sorted)
        t.accelerations = [
            Acceleration(mp, gp, r[0], r[1], i[0], i[1])
            for mp, gp, r, i in sometimes(
                draw,
                st.lists(
                    st.tuples(
                        st.one_of(st.none(), halves),
                        st.one_of(st.none(), halves),
                        rounds_range,
                        id_range,
                    ),
                    max_size=2,
                ),
            )
        ]
        t.forbidden_pairs += [
            ForbiddenPairs(g, r[0], r[1])
            for g, r in sometimes(draw, st.lists(st.tuples(group, rounds_range), max_size=groups))
        ]
        for p in t.players.values():
            p.national_ratings = sometimes(
                draw,
                st.lists(
                    st.builds(
                        NationalRating,
                        st.sampled_from(["FRA", "IND", "GER"]),
                        st.one_of(st.none(), st.integers(0, 3000)),
                        st.sampled_from(["", "m", "w"]),
                        st.sampled_from(["", "A", "B1"]),
                        text(33),
                        st.sampled_from(["", "IDF", "BRE"]),
                        st.sampled_from(["", "D50113", "L01854"]),
                        st.sampled_from(["", "1990/00/00"]),
                    ),
                    max_size=1,
                ),
            )
        t.extra_records = [
            ExtraRecord(code, rest)
            for code, rest in sometimes(
                draw,
                st.lists(
                    st.tuples(
                        st.sampled_from(["299", "300", "320", "330", "352", "362", "801", "802"]),
                        st.text(TEXT_CHARS, max_size=30).map(lambda s: (" " + s).rstrip()),
                    ),
                    max_size=3,
                ),
            )
        ]
    # unknown records are kept as they are, in every dialect
    t.extra_records += [
        ExtraRecord(code, rest)
        for code, rest in sometimes(
            draw,
            st.lists(
                st.tuples(
                    st.sampled_from(["999", "555", "9X9"]),
                    st.text(TEXT_CHARS, max_size=30).map(str.rstrip),
                ),
                max_size=2,
            ),
        )
    ]
    return t


def consistent_requests(t: Tournament, requests: list[ByeRequest]) -> list[ByeRequest]:
    """The requests without what :meth:`Tournament.record_problems` refuses: a second request
    for one player (team) and round, a request for a round the player (a team member) played."""
    teams = t.team_numbers() if t.is_team_event else {}
    taken: set[tuple[int, int]] = set()
    out = []
    for request in requests:
        kept = []
        for number in request.players:
            members = teams[number].members if teams else [number]
            entries = [t.player(m).entry(request.round) for m in members]
            if (number, request.round) in taken or any(
                e.opponent is not None or e.received_pab for e in entries
            ):
                continue
            taken.add((number, request.round))
            kept.append(number)
        out.append(ByeRequest(request.kind, request.round, tuple(kept)))
    return out


@st.composite
def teams(draw: st.DrawFn, numbers: list[int], caps: Caps) -> list[Team]:
    """One to three teams; a player is in one team at most."""
    count = draw(st.integers(1, 3))
    names = draw(st.lists(text(32, min_size=1).filter(bool), min_size=count, max_size=count,
                          unique=True))  # fmt: skip
    pool = list(draw(st.permutations(numbers)))
    out = []
    for i, name in enumerate(names, start=1):
        size = draw(st.integers(0, min(4, len(pool))))
        members, pool = pool[:size], pool[size:]
        if caps.v26:
            out.append(
                Team(
                    name=name,
                    members=members,
                    number=i,
                    nickname=draw(st.sampled_from(["", "IND", "IND2"])),
                    reported_strength=draw(st.sampled_from(["", "2486", "0"])),
                    reported_match_points=draw(st.sampled_from(["", "15.0", "4.0"])),
                    reported_game_points=draw(st.sampled_from(["", "28.0", "7.5"])),
                    reported_rank=draw(st.sampled_from(["", "1", "11"])),
                    trf16_record=draw(st.booleans()),
                )
            )
        else:
            out.append(Team(name=name, members=members))
    return out


line_endings = st.sampled_from(["\n", "\r\n", "\r"])


# -- the properties ----------------------------------------------------------------------------


@pytest.mark.parametrize("dialect_name", sorted(CAPS))
@SETTINGS
@given(data=st.data(), ending=line_endings)
def test_round_trip(dialect_name, data, ending):
    """``read(dumps(t, d)) == t`` and the canonical text is a fixed point."""
    dialect, caps = CAPS[dialect_name]
    dialect = replace(dialect, line_ending=ending)
    t = data.draw(tournaments(caps))
    assert t.check() == []
    text, losses = dumps_with_losses(t, dialect)
    assert losses == []
    doc = read(text, "gen.trf")
    assert doc.tournament == t
    assert dumps(doc.tournament, dialect) == text
    assert doc.dialect.line_ending == ending or "\n" not in text.rstrip(ending)


@pytest.mark.parametrize("target", ["TRF16", "TRFX", "TRF2026"])
@SETTINGS
@given(data=st.data(), source=st.sampled_from(sorted(CAPS)))
def test_no_silent_loss(target, data, source):
    """Writing a model made for one dialect in another either reports what the target cannot
    carry or gives the same tournament back."""
    t = data.draw(tournaments(CAPS[source][1]))
    dialect = CAPS[target][0]
    try:
        text, losses = dumps_with_losses(t, dialect)
    except TrfDataLossError as e:
        # what the target cannot write at all (points its point system would contradict)
        event("refused")
        assert e.losses
        with pytest.raises(TrfDataLossError):
            dumps(t, dialect)
        return
    event("losses reported" if losses else "no loss: read back")
    if losses:
        with pytest.raises(TrfDataLossError):
            dumps(t, dialect)
        return
    back = read(text).tournament
    if target == "TRF2026":
        # XXP (every round) travels as 260 from round 1 to the last round: the same rule
        t = replace_forbidden_every_round(t)
    assert back == t


def replace_forbidden_every_round(t: Tournament) -> Tournament:
    last = t.total_rounds
    t.forbidden_pairs = [
        ForbiddenPairs(f.players, 1, last) if f.first_round is None and last else f
        for f in t.forbidden_pairs
    ]
    return t


# -- fuzzing the reader ------------------------------------------------------------------------

FUZZ_CHARS = " 0123456789wbWB-+=HFUZLDhfuz.,/abcXY²١\t#é"
CODES = ["001", "001", "001", "XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "132", "142", "152",
         "162", "240", "250", "260", "310", "013", "BBW", "FRA", "300"]  # fmt: skip


@st.composite
def fuzz_line(draw: st.DrawFn) -> str:
    code = draw(st.sampled_from(CODES))
    if code == "001" and draw(st.booleans()):
        # a well-formed start, then fuzzed columns from somewhere in the record
        cut = draw(st.integers(4, 140))
        base = "001    1      A" + " " * 200
        return (base[:cut] + draw(st.text(FUZZ_CHARS, max_size=60)))[:240]
    return code + draw(st.text(FUZZ_CHARS, max_size=140))


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(fuzz_line(), min_size=1, max_size=6), strict=st.booleans())
def test_reader_raises_only_trf_error(lines, strict):
    """Whatever the columns hold, the reader either reads the text or raises TrfError; what it
    reads, it writes back and reads again to the same tournament."""
    text = "\n".join(lines) + "\n"
    try:
        doc = read(text, "fuzz.trf", strict=strict)
    except TrfError as e:
        event("TrfError")
        assert e.problems
        for p in e.problems:
            assert p.file == "fuzz.trf"
            assert 0 <= p.line <= len(lines)  # 0: the whole file (no player record)
            assert p.column >= 0
        return
    event("read")
    out, losses = dumps_with_losses(doc.tournament, doc.dialect)
    assume(not losses)
    assert read(out).tournament == doc.tournament


@SETTINGS
@given(
    columns=st.dictionaries(st.integers(1, 130), st.sampled_from(FUZZ_CHARS), max_size=8),
)
def test_reader_fuzzed_columns_of_a_valid_file(columns):
    """Single characters changed anywhere in a valid file: read or TrfError, nothing else."""
    # name at 15, rating at 49-52, points at 81-84, rank at 86-89, round 1 at 92-99
    ann = "001    1      Ann".ljust(48) + "2000".ljust(32) + " 1.0    1     2 w 1"
    bob = "001    2      Bob".ljust(48) + "1900".ljust(32) + " 0.0    2     1 b 0"
    assert read(f"XXR 3\n{ann}\n{bob}\n").tournament.score(1) == 1
    buf = list(ann.ljust(130))
    for column, char in columns.items():
        buf[column - 1] = char
    text = "\n".join(["XXR 3", "".join(buf).rstrip(), bob]) + "\n"
    with contextlib.suppress(TrfError):
        read(text)
