"""C.07 (FIDE Tie-Break Regulations, as amended with effect from 1 March 2026): the
individual tie-breaks of own results, opponents' scores and ratings, and unplayed rounds.

Every value of every player is computed in one pass over the tournament (:func:`compute`), so
a table of many tie-breaks for many players costs a few passes, not one per value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from chessarbiter.crosstable import plain_number
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import PlayerId, Result, RoundEntry, Tournament
from chessarbiter.model.results import Colour

ZERO = Decimal(0)
HALF = Decimal("0.5")

#: C.07 acronyms this module computes.
SUPPORTED = (
    *("BH", "FB", "AOB", "SB", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD"),
    *("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "KS", "DE", "TPN"),
)
#: Tie-breaks where a lower value ranks higher (DE: a rank inside the tied group; TPN: the
#: pairing number, ascending by C.07 7.8).
ASCENDING = ("DE", "TPN")
#: Every individual acronym of C.07 (2026), for the error message of the others.
KNOWN = [
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "PS",
    "REP",
    "STD",
    "TPN",
    "BH",
    "AOB",
    "FB",
    "SB",
    "KS",
    "ARO",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "RTNG",
]
#: The rule editions computed.
EDITIONS = {
    "2026": "C.07 of 1 March 2026",
    "2023": "C.07 of 2023, as amended in 2024",
    "legacy": "C.02 13.15, the virtual opponent",
}
#: The acronyms that accept Cut-n / Median-n (C.07 table, Art. 14).
CUTTABLE = ("BH", "FB", "SB", "PS", "ARO")


class UnsupportedTieBreakError(ChessArbiterError):
    """A tie-break, modifier or edition that is not (yet) computed, or is malformed."""


@dataclass(frozen=True, slots=True)
class TieBreakSpec:
    """One tie-break as named in TRF-2026 ``202`` records or on the command line:
    ``acronym`` and its modifiers, Cut-n (``/C1``) and Median-n (``/M1``) (C.07 Art. 14).

    ``name`` is the text it was parsed from, kept as the column heading and JSON key.
    """

    name: str
    acronym: str
    cut: int = 0
    median: int = 0
    limit: int = 0
    forfeits_played: bool = False
    fore: bool = False
    reverse: bool = False


_ACRONYM = re.compile(r"^[A-Z]+$")
_MODIFIER = re.compile(r"^(?:([CM])(\d+)|L([+-]?\d+)|([PFR]))$")


def parse(text: str) -> TieBreakSpec:
    """Parse a tie-break in the TRF-2026 grammar (spec 5.5): an acronym and modifiers,
    ``/Cn`` Cut, ``/Mn`` Median, ``/L±n`` Koya limit (C.07 14), ``/P`` forfeits count as played
    (DE, 6.1.1), ``/F`` Fore Buchholz (AOB, 8.2), ``/R`` reverse order; ``-`` also separates.

    >>> spec = parse("BH/C1")
    >>> spec.name, spec.acronym, spec.cut, spec.median
    ('BH/C1', 'BH', 1, 0)
    >>> parse("KS/L-1").limit, parse("sb-m1").median, parse("DE/P").forfeits_played
    (-1, 1, True)
    >>> parse("BH-C1/R").cut, parse("AOB/F").fore, parse("BH/C1/R").reverse
    (1, True, True)
    >>> parse("XYZ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chessarbiter.tiebreaks.c07.UnsupportedTieBreakError: tie-break XYZ (C.07) is not a C.07 ...
    """
    name = text.strip()
    parts = re.split(r"/|-(?=[A-Z])", name.upper())
    acronym, modifiers = parts[0], parts[1:]
    if not _ACRONYM.match(acronym) or not all(_MODIFIER.match(m) for m in modifiers):
        raise UnsupportedTieBreakError(
            f"malformed tie-break {text!r}: expected an acronym and modifiers such as /C1, "
            f"/M1, /L+1, /P, /F or /R (e.g. BH/C1)"
        )
    if acronym not in SUPPORTED:
        what = "is not computed yet" if acronym in KNOWN else "is not a C.07 tie-break"
        raise UnsupportedTieBreakError(
            f"tie-break {acronym} (C.07) {what}; available: {', '.join(SUPPORTED)}"
        )
    fields: dict[str, int | bool] = {}
    for modifier in modifiers:
        m = _MODIFIER.match(modifier)
        assert m is not None
        kind, count, limit, flag = m.groups()
        if kind:
            if acronym not in CUTTABLE:
                raise UnsupportedTieBreakError(
                    f"C.07 Art. 14: {acronym} takes no Cut or Median modifier ({text!r})"
                )
            fields["cut" if kind == "C" else "median"] = int(count)
        elif limit is not None:
            if acronym != "KS":
                raise UnsupportedTieBreakError(
                    f"C.07 14.5: only KS takes a Limit modifier ({text!r})"
                )
            fields["limit"] = int(limit)
        elif flag == "P":
            if acronym != "DE":
                raise UnsupportedTieBreakError(
                    f"/P (forfeits as played) is computed for DE only ({text!r}); its meaning "
                    f"for {acronym} under C.07 2026 is not settled"
                )
            fields["forfeits_played"] = True
        elif flag == "F":
            if acronym != "AOB":
                raise UnsupportedTieBreakError(f"/F (Fore Buchholz) applies to AOB ({text!r})")
            fields["fore"] = True
        else:
            fields["reverse"] = True
    return TieBreakSpec(name, acronym, **fields)  # type: ignore[arg-type]


def parse_list(text: str) -> list[TieBreakSpec]:
    """A comma-separated list, e.g. ``"BH/C1,BH,SB"`` (names must be distinct).

    A leading ``PTS`` is the points themselves, the score the tie-breaks follow (TRF-2026
    record ``212``, the standings order, starts with it), not a tie-break: it is skipped.

    >>> [s.name for s in parse_list("BH/C1, BH ,SB")]
    ['BH/C1', 'BH', 'SB']
    >>> [s.name for s in parse_list("PTS,WIN,BH")]
    ['WIN', 'BH']
    """
    parts = [part for part in text.split(",") if part.strip()]
    if parts and parts[0].strip().upper() == "PTS":
        parts = parts[1:]
    specs = [parse(part) for part in parts]
    names = [s.name for s in specs]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise UnsupportedTieBreakError(f"tie-break listed twice: {', '.join(twice)}")
    return specs


# -- unplayed rounds (C.07 2026 Art. 16) ------------------------------------------------------

PAB_OR_FULL_BYE, FORFEIT_WIN, BYE_THEN_PLAY, FORFEIT_LOSS, BYE_TO_THE_END = 1, 2, 3, 4, 5


def is_round_robin(tournament: Tournament) -> bool:
    """Pre-determined pairings (C.07 15.2), as the TRF ``092`` type names them."""
    return "robin" in tournament.tournament_type.lower()


def _is_vur(entry: RoundEntry) -> bool:
    """C.07 16.1: a voluntary unplayed round: a requested (half- or zero-point) bye, a round
    not paired (every round after a withdrawal counts as a zero-point bye), or a forfeit loss."""
    r = entry.result
    if r is None:
        return entry.opponent is None
    return r in (Result.HALF_POINT_BYE, Result.ZERO_POINT_BYE, Result.FORFEIT_LOSS)


def unplayed_categories(entries: Sequence[RoundEntry]) -> list[int]:
    """C.07 16.2: the category of each round (0 for a game played over the board):
    1 PAB or full-point bye, 2 forfeit win, 3 requested bye followed by at least one round
    that is not voluntarily unplayed, 4 forfeit loss, 5 requested bye followed only by
    voluntarily unplayed rounds, or in the last round (this covers withdrawals).

    >>> bye, loss = RoundEntry.bye(Result.HALF_POINT_BYE), RoundEntry(2, Colour.BLACK, Result.LOSS)
    >>> unplayed_categories([bye, loss, bye, RoundEntry(3, Colour.NONE, Result.FORFEIT_LOSS)])
    [3, 0, 5, 4]
    """
    categories = []
    later_non_vur = [False] * (len(entries) + 1)
    for i in range(len(entries) - 1, -1, -1):
        later_non_vur[i] = later_non_vur[i + 1] or not _is_vur(entries[i])
    for i, e in enumerate(entries):
        r = e.result
        if e.is_played:
            categories.append(0)
        elif r in (Result.PAIRING_ALLOCATED_BYE, Result.FULL_POINT_BYE):
            categories.append(PAB_OR_FULL_BYE)
        elif r is Result.FORFEIT_WIN:
            categories.append(FORFEIT_WIN)
        elif r is Result.FORFEIT_LOSS:
            categories.append(FORFEIT_LOSS)
        else:  # a requested bye, or not paired
            categories.append(BYE_THEN_PLAY if later_non_vur[i + 1] else BYE_TO_THE_END)
    return categories


@dataclass(slots=True)
class _Round:
    """One round of one player as the tie-breaks see it."""

    points: Decimal
    opponent: PlayerId | None  # the scheduled opponent (forfeits included)
    category: int  # 0: played over the board
    colour: Colour
    vur: bool  # voluntarily unplayed (16.1)


class _Facts:
    """Per-player round data, adjusted scores (16.3) and dummy scores (16.4)."""

    def __init__(
        self,
        tournament: Tournament,
        rounds: int,
        edition: str,
        fore: bool = False,
        round_robin: bool = False,
        unrated_rating: int | None = None,
    ) -> None:
        ps = tournament.point_system
        self.capped = edition == "2026"
        self.legacy = edition == "legacy"
        #: C.07 15.2: pre-determined pairings, forfeits count as played (not for ratings;
        #: forfeit losses not for type-B tie-breaks).
        self.round_robin = round_robin
        self._contributions: dict[PlayerId, list[tuple[Decimal, Decimal, bool]]] = {}
        self.win, self.draw = ps.win, ps.draw
        self.rounds = rounds
        #: The first (FIDE) rating of each player; unrated players have none, or the rating
        #: the regulations give them (C.07 10: left out unless the regulations say how).
        self.rating = {p.number: p.rating or unrated_rating for p in tournament}
        self.by_player: dict[PlayerId, list[_Round]] = {}
        self.score: dict[PlayerId, Decimal] = {}
        self.adjusted: dict[PlayerId, Decimal] = {}
        for p in tournament:
            entries = [p.entry(r) for r in range(1, rounds + 1)]
            cats = unplayed_categories(entries)
            rows = [
                _Round(ps.points(e), e.opponent, c, e.colour, c != 0 and _is_vur(e))
                for e, c in zip(entries, cats, strict=True)
            ]
            if fore and rows and rows[-1].category == 0:
                rows[-1].points = ps.draw  # C.07 8.3: the last round's games drawn
            self.by_player[p.number] = rows
            self.score[p.number] = sum((r.points for r in rows), ZERO)
            self.adjusted[p.number] = self.adjusted_score(rows)

    def adjusted_score(self, rows: list[_Round]) -> Decimal:
        """C.07 16.3: the score as the opponents see it: categories 1-4 at the points
        awarded, category 5 (requested byes to the end, withdrawal) as draws. Legacy (C.02
        13.15.3): every unplayed round as a draw."""
        if self.round_robin:
            return sum(
                (self.draw if r.category == BYE_TO_THE_END else r.points for r in rows), ZERO
            )
        if self.legacy:
            return sum((self.draw if r.category else r.points for r in rows), ZERO)
        return sum((self.draw if r.category == BYE_TO_THE_END else r.points for r in rows), ZERO)

    def standard_point(self, player: PlayerId, row: _Round) -> Decimal:
        """C.07 7.7: 1 for a round in which the player outscored the scheduled opponent or,
        without playing, got more than a draw's points; ½ for an equal score, or exactly a
        draw's points without playing; else 0."""
        if row.opponent is not None and row.category in (0, FORFEIT_WIN, FORFEIT_LOSS):
            theirs = next(
                (r.points for r in self.by_player[row.opponent] if r.opponent == player),
                None,
            )
            if theirs is not None:
                return Decimal(1) if row.points > theirs else HALF if row.points == theirs else ZERO
        return Decimal(1) if row.points > self.draw else HALF if row.points == self.draw else ZERO

    def dummy_score(self, player: PlayerId, row: _Round) -> Decimal:
        """C.07 16.4: the dummy opponent of an unplayed round scores the player's own final
        score (2023/2024); in 2026 capped for a forfeit (16.4.1) at the scheduled opponent's
        adjusted score and otherwise (16.4.2) at a draw in every round."""
        own = self.score[player]
        if self.legacy:
            raise AssertionError("legacy rounds use virtual_opponent_score")
        if not self.capped:
            return own
        if row.category in (FORFEIT_WIN, FORFEIT_LOSS) and row.opponent is not None:
            cap = self.adjusted.get(row.opponent, own)
        else:
            cap = self.draw * self.rounds
        return min(own, cap)

    def counts_as_played(self, row: _Round, type_b: bool = False) -> bool:
        """C.07 15.2: in a round robin a forfeit counts as a game played (for a type-B
        tie-break only a forfeit win); otherwise only games played over the board."""
        if row.category == 0:
            return True
        if not self.round_robin:
            return False
        return row.category == FORFEIT_WIN or (row.category == FORFEIT_LOSS and not type_b)

    def virtual_opponent_score(self, player: PlayerId, round_index: int) -> Decimal:
        """C.02 13.15.2 (legacy): the virtual opponent of the unplayed round R scores
        SPR + (1 - SfPR) + 0.5 (n - R): the player's score before the round, plus a win less
        what the round gave, plus a draw for each round after it (n rounds counted)."""
        rows = self.by_player[player]
        before = sum((r.points for r in rows[:round_index]), ZERO)
        return (
            before
            + (self.win - rows[round_index].points)
            + self.draw * (self.rounds - round_index - 1)
        )

    def contributions(self, player: PlayerId) -> list[tuple[Decimal, Decimal, bool]]:
        """Per round: (opponent's score as counted, points scored, voluntarily unplayed —
        cut first by C.07 16.5; never so in the legacy rules). Computed once per player."""
        known = self._contributions.get(player)
        if known is None:
            known = self._contributions[player] = self._contributions_of(player)
        return known

    def buchholz(self, player: PlayerId) -> Decimal:
        """C.07 8.1: the plain Buchholz (no cut), as AOB (8.2) averages it."""
        return sum((o for o, _, _ in self.contributions(player)), ZERO)

    def _contributions_of(self, player: PlayerId) -> list[tuple[Decimal, Decimal, bool]]:
        out = []
        for i, row in enumerate(self.by_player[player]):
            if row.category == 0 or (self.counts_as_played(row) and row.opponent is not None):
                assert row.opponent is not None
                opp = self.adjusted[row.opponent]
            elif self.legacy:
                out.append((self.virtual_opponent_score(player, i), row.points, False))
                continue
            else:
                opp = self.dummy_score(player, row)
            out.append(
                (opp, row.points, row.category in (BYE_THEN_PLAY, FORFEIT_LOSS, BYE_TO_THE_END))
            )
        return out


def _cut(
    values: list[tuple[Decimal, bool]],
    spec: TieBreakSpec,
    sb: list[Decimal] | None = None,
) -> Decimal:
    """Sum ``values`` (value, voluntarily unplayed) less Cut-n / Median-n (C.07 14).

    The least significant value is the lowest; for SB (``sb``: the opponents' scores, one per
    value) the value of the lowest-scoring opponent, the lowest value among equals (14.1,
    2024). A participant's voluntarily unplayed rounds are cut first (16.5): BH cuts the
    lowest such contribution; SB cuts it when it is not lower than the least significant
    value, and the least significant value otherwise.
    """
    cut = _cut_positions(values, spec, sb)
    return sum((v for i, (v, _) in enumerate(values) if i not in cut), ZERO)


def _cut_positions(
    values: list[tuple[Decimal, bool]],
    spec: TieBreakSpec,
    sb: list[Decimal] | None = None,
) -> set[int]:
    """The positions in ``values`` that :func:`_cut` leaves out."""
    keys = sb if sb is not None else [v for v, _ in values]
    items = [(k, v, vur, i) for i, (k, (v, vur)) in enumerate(zip(keys, values, strict=True))]
    cut: set[int] = set()
    for _ in range(min(spec.cut or spec.median, len(items))):
        least = min(range(len(items)), key=lambda i: (items[i][0], items[i][1]))
        vurs = [i for i in range(len(items)) if items[i][2]]
        pick = least
        if vurs:
            lowest_vur = min(vurs, key=lambda i: (items[i][1], items[i][0]))
            if sb is None or items[lowest_vur][1] >= items[least][1]:
                pick = lowest_vur
        cut.add(items.pop(pick)[3])
    for _ in range(min(spec.median, len(items))):
        cut.add(items.pop(max(range(len(items)), key=lambda i: (items[i][0], items[i][1])))[3])
    return cut


#: B.02 8.1.1: p (hundredths) -> dp.
# fmt: off
_DP = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)
# fmt: on


def dp(fraction: Decimal) -> int:
    """B.02 8.1.1: the rating difference for a score fraction, rounded to hundredths
    (half up) before the table lookup.

    >>> dp(Decimal(2) / 3), dp(Decimal(1)), dp(Decimal("0.5"))
    (125, 800, 0)
    """
    hundredths = int((fraction * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return _DP[hundredths]


#: B.02 8.1.2: the upper end of the rating difference D for each PD from 50 to 99 (above
#: the last, PD is 100).
_PD_UPPER = (
    3,
    10,
    17,
    25,
    32,
    39,
    46,
    53,
    61,
    68,
    76,
    83,
    91,
    98,
    106,
    113,
    121,
    129,
    137,
    145,
    153,
    162,
    170,
    179,
    188,
    197,
    206,
    215,
    225,
    235,
    245,
    256,
    267,
    278,
    290,
    302,
    315,
    328,
    344,
    357,
    374,
    391,
    411,
    432,
    456,
    484,
    517,
    559,
    619,
    735,
)


def pd(difference: int) -> int:
    """B.02 8.1.2: the expected score in hundredths of a player rated ``difference`` points
    above the opponent (the full scale, no 400-point cap).

    >>> pd(0), pd(3), pd(4), pd(-4), pd(735), pd(736)
    (50, 50, 51, 49, 99, 100)
    """
    if difference < 0:
        return 100 - pd(-difference)
    for i, upper in enumerate(_PD_UPPER):
        if difference <= upper:
            return 50 + i
    return 100


def perfect_performance(opponents: list[int], score: Decimal, win: Decimal) -> int:
    """C.07 10.3: the lowest integer rating R with sum(PD(R - R_opp)) >= ``score`` (in
    wins); a zero score gives the lowest-rated opponent - 800.

    >>> perfect_performance([2000, 2000], Decimal(1), Decimal(1))  # PD(-3) is still 50
    1997
    >>> perfect_performance([2000], Decimal(0), Decimal(1))
    1200
    """
    if score <= 0:
        return min(opponents) - 800
    target = score / win * 100
    low, high = min(opponents) - 800, max(opponents) + 736
    while low < high:
        mid = (low + high) // 2
        if sum(pd(mid - r) for r in opponents) >= target:
            high = mid
        else:
            low = mid + 1
    return low


def _round_half_up(x: Decimal) -> int:
    return int(x.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def compute(
    tournament: Tournament,
    specs: Iterable[TieBreakSpec],
    after_round: int | None = None,
    edition: str = "2026",
    round_robin: bool | None = None,
    unrated_rating: int | None = None,
) -> dict[PlayerId, dict[str, Decimal]]:
    """Every player's value of every tie-break in ``specs`` after ``after_round`` (default:
    every round paired), as ``{pairing number: {name: value}}``; rating tie-breaks with no
    rated opponent give 0.

    ``edition``: ``2026`` (C.07 of 1 March 2026), ``2023`` (C.07 of 2023, as amended in
    2024: the dummy opponent scores the player's own score, uncapped) or ``legacy`` (C.02
    13.15 before C.07: a virtual opponent for each own unplayed round, and every unplayed
    round of an opponent counted as a draw).

    ``round_robin``: pre-determined pairings (C.07 15.2); by default, when the TRF ``092``
    type names a round robin. ``unrated_rating``: the rating the regulations give unrated
    players for the rating tie-breaks (C.07 10; by default they are left out).

    :raises UnsupportedTieBreakError: for another edition.
    """
    if edition not in EDITIONS:
        raise UnsupportedTieBreakError(
            f"tie-break edition {edition!r} is not computed yet; available: "
            + ", ".join(f"{k} ({v})" for k, v in EDITIONS.items())
        )
    specs = list(specs)
    rounds = tournament.rounds_played if after_round is None else after_round
    if round_robin is None:
        round_robin = is_round_robin(tournament)
    facts = _Facts(
        tournament, rounds, edition, round_robin=round_robin, unrated_rating=unrated_rating
    )
    fore = (
        _Facts(tournament, rounds, edition, fore=True, round_robin=round_robin)
        if any(s.acronym == "FB" or (s.acronym == "AOB" and s.fore) for s in specs)
        else None
    )
    perf = _Performances(facts)
    buchholz: dict[PlayerId, Decimal] = {}
    fore_buchholz: dict[PlayerId, Decimal] = {}
    if any(s.acronym == "AOB" for s in specs):
        for p in tournament:
            buchholz[p.number] = facts.buchholz(p.number)
            if fore is not None:
                fore_buchholz[p.number] = fore.buchholz(p.number)
    out: dict[PlayerId, dict[str, Decimal]] = {}
    for p in tournament:
        n = p.number
        rows = facts.by_player[n]
        values: dict[str, Decimal] = {}
        contributions = None
        for spec in specs:
            a = spec.acronym
            if a == "FB":
                assert fore is not None
                values[spec.name] = _cut([(o, v) for o, _, v in fore.contributions(n)], spec)
            elif a == "AOB":  # 8.2: of BH, or of FB with /F
                bh = fore_buchholz if spec.fore else buchholz
                opponents = [bh[r.opponent] for r in rows if r.category == 0 and r.opponent]
                values[spec.name] = (
                    (sum(opponents, ZERO) / len(opponents)).quantize(
                        Decimal("0.01"), rounding=ROUND_HALF_UP
                    )
                    if opponents
                    else ZERO
                )
            elif a == "REP":  # 7.6: rounds not voluntarily unplayed (16.1)
                values[spec.name] = Decimal(sum(1 for r in rows if not r.vur))
            elif a == "STD":
                values[spec.name] = sum((facts.standard_point(n, r) for r in rows), ZERO)
            elif a == "TPN":  # 7.8 (ascending)
                values[spec.name] = Decimal(n)
            elif a == "RTNG":  # 10.6
                values[spec.name] = Decimal(facts.rating.get(n) or 0)
            elif a in ("BH", "SB"):
                if contributions is None:
                    contributions = facts.contributions(n)
                if a == "BH":
                    values[spec.name] = _cut([(o, v) for o, _, v in contributions], spec)
                else:
                    values[spec.name] = _cut(
                        [(o * pts, v) for o, pts, v in contributions],
                        spec,
                        sb=[o for o, _, _ in contributions],
                    )
            elif a == "WIN":  # 7.1: win points, with or without play
                values[spec.name] = Decimal(sum(1 for r in rows if r.points >= facts.win))
            elif a == "WON":  # 7.2: games won (over the board; 15.2 in round robins)
                values[spec.name] = Decimal(
                    sum(
                        1 for r in rows if facts.counts_as_played(r, True) and r.points >= facts.win
                    )
                )
            elif a == "BPG":  # 7.3
                values[spec.name] = Decimal(
                    sum(
                        1
                        for r in rows
                        if facts.counts_as_played(r, True) and r.colour is Colour.BLACK
                    )
                )
            elif a == "BWG":  # 7.4
                values[spec.name] = Decimal(
                    sum(
                        1
                        for r in rows
                        if facts.counts_as_played(r, True)
                        and r.colour is Colour.BLACK
                        and r.points >= facts.win
                    )
                )
            elif a == "PS":  # 7.5; Cut-n drops the first n running scores
                running, scores = ZERO, []
                for r in rows:
                    running += r.points
                    scores.append(running)
                values[spec.name] = sum(scores[spec.cut :], ZERO)
            elif a == "KS":
                # C.07 9.2: points scored against the opponents with at least half the maximum
                # score; 14.5: the limit moved by n half points
                limit = facts.win * rounds / 2 + facts.draw * spec.limit
                values[spec.name] = sum(
                    (
                        r.points
                        for r in rows
                        if r.opponent is not None
                        and facts.counts_as_played(r)
                        and facts.score[r.opponent] >= limit
                    ),
                    ZERO,
                )
            elif a == "DE":
                values[spec.name] = ZERO  # set below, once the groups are known
            elif a == "PTP":  # 10.3
                values[spec.name] = Decimal(perf.perfect(n))
            elif a in ("APRO", "APPO"):  # 10.4, 10.5
                of = perf.tpr if a == "APRO" else perf.perfect
                rated_opponents = [
                    r.opponent
                    for r in rows
                    if r.category == 0 and r.opponent and facts.rating.get(r.opponent)
                ]
                total_rating = Decimal(sum(of(o) for o in rated_opponents))
                values[spec.name] = (
                    Decimal(_round_half_up(total_rating / len(rated_opponents)))
                    if rated_opponents
                    else ZERO
                )
            elif a in ("ARO", "TPR"):  # 10.1, 10.2
                played = [
                    (facts.rating.get(r.opponent) if r.opponent is not None else None, r.points)
                    for r in rows
                    if r.category == 0
                ]
                rated = sorted((rt, pts) for rt, pts in played if rt)
                if a == "ARO":
                    ratings = [rt for rt, _ in rated]
                    ratings = ratings[spec.cut or spec.median :]
                    if spec.median:
                        ratings = ratings[: len(ratings) - spec.median]
                    values[spec.name] = (
                        Decimal(_round_half_up(Decimal(sum(ratings)) / len(ratings)))
                        if ratings
                        else ZERO
                    )
                else:
                    values[spec.name] = Decimal(perf.tpr(n))
        out[n] = values
    for index, spec in enumerate(specs):
        if spec.acronym == "DE":
            _direct_encounter_column(tournament, facts, specs[:index], spec, out)
    return out


def _direct_encounter_column(
    tournament: Tournament,
    facts: _Facts,
    before: list[TieBreakSpec],
    spec: TieBreakSpec,
    out: dict[PlayerId, dict[str, Decimal]],
) -> None:
    """DE for the players tied on points and on every tie-break before it (C.07 4.2): the
    rank inside the tied group (1 best, equal for players DE cannot separate), 0 for a
    player not tied or a group DE does not separate at all — as TieBreakServer reports it."""
    games: dict[tuple[PlayerId, PlayerId], list[Decimal]] = {}
    for p in tournament:
        for r in facts.by_player[p.number]:
            # 6.1.1: forfeits left out, unless /P (the regulations include them) or in a round
            # robin, which counts them as played (15.2)
            forfeit = r.category in (FORFEIT_WIN, FORFEIT_LOSS)
            played = facts.counts_as_played(r) or (spec.forfeits_played and forfeit)
            if played and r.opponent is not None:
                games.setdefault((p.number, r.opponent), []).append(r.points)
    results = {k: sum(v, ZERO) / len(v) for k, v in games.items()}  # 6.1.2
    groups: dict[tuple[Decimal, ...], list[PlayerId]] = {}
    for p in tournament:
        key = (facts.score[p.number], *(out[p.number][s.name] for s in before))
        groups.setdefault(key, []).append(p.number)
    for group in groups.values():
        ranks = direct_encounter(group, results, facts.win) if len(group) > 1 else {}
        separated = len(set(ranks.values())) > 1
        for n in group:
            out[n][spec.name] = Decimal(ranks[n]) if separated else ZERO


class _Performances:
    """TPR (10.2) and PTP (10.3) of every player, on demand and once each: over the games
    played over the board against rated opponents (unrated ones are left out)."""

    def __init__(self, facts: _Facts) -> None:
        self.facts = facts
        self._tpr: dict[PlayerId, int] = {}
        self._ptp: dict[PlayerId, int] = {}

    def _games(self, player: PlayerId) -> list[tuple[int, Decimal]]:
        rating = self.facts.rating
        return [
            (rating[r.opponent] or 0, r.points)
            for r in self.facts.by_player[player]
            if r.category == 0 and r.opponent is not None and rating.get(r.opponent)
        ]

    def tpr(self, player: PlayerId) -> int:
        """ARO + dp(p), p the fraction of the points scored in those games (0 if none)."""
        if player not in self._tpr:
            games = self._games(player)
            if not games:
                self._tpr[player] = 0
            else:
                aro = Decimal(sum(rt for rt, _ in games)) / len(games)
                points = sum((pts for _, pts in games), ZERO)
                fraction = points / (self.facts.win * len(games))
                self._tpr[player] = _round_half_up(aro) + dp(fraction)
        return self._tpr[player]

    def perfect(self, player: PlayerId) -> int:
        """:func:`perfect_performance` of those games (0 if none)."""
        if player not in self._ptp:
            games = self._games(player)
            self._ptp[player] = (
                perfect_performance(
                    [rt for rt, _ in games], sum((p for _, p in games), ZERO), self.facts.win
                )
                if games
                else 0
            )
        return self._ptp[player]


def direct_encounter(
    group: list[PlayerId], results: dict[tuple[PlayerId, PlayerId], Decimal], win: Decimal
) -> dict[PlayerId, int]:
    """C.07 Art. 6: the rank of each player of a tied ``group`` by their games among
    themselves; ``results[a, b]`` is a's average score in the games a played against b
    (6.1.2; absent when they did not meet). Players DE cannot separate share a rank.

    6.2: when everyone met everyone, by the points of those games, and again inside each
    sub-tie. 6.3 (not everyone met): a player is first only if alone on top whatever the
    missing games' results — his known points beat every other player's known points plus a
    win for each game that player still lacks — then second the same way among the others,
    and so on; the rest are ranked again among themselves.

    >>> r = {(1, 2): Decimal(1), (2, 1): Decimal(0)}
    >>> direct_encounter([1, 2], r, Decimal(1))
    {1: 1, 2: 2}
    >>> direct_encounter([1, 2, 3], r, Decimal(1))  # 3 met nobody: 1 is not surely first
    {1: 1, 2: 1, 3: 1}
    """
    ranks: dict[PlayerId, int] = {}
    _rank_group(list(group), results, win, 1, ranks)
    return ranks


def _rank_group(
    group: list[PlayerId],
    results: dict[tuple[PlayerId, PlayerId], Decimal],
    win: Decimal,
    first: int,
    ranks: dict[PlayerId, int],
) -> None:
    if len(group) == 1:
        ranks[group[0]] = first
        return
    known = {a: sum((results.get((a, b), ZERO) for b in group if b != a), ZERO) for a in group}
    missing = {a: sum(1 for b in group if b != a and (a, b) not in results) for a in group}
    if not any(missing.values()):  # 6.2
        levels = sorted(set(known.values()), reverse=True)
        if len(levels) == 1:
            for a in group:
                ranks[a] = first
            return
        place = first
        for level in levels:
            tied = [a for a in group if known[a] == level]
            _rank_group(tied, results, win, place, ranks)
            place += len(tied)
        return
    rest = list(group)  # 6.3
    place = first
    while len(rest) > 1:
        top = [
            a
            for a in rest
            if all(
                known_in(a, rest, results) > best_in(b, rest, results, win) for b in rest if b != a
            )
        ]
        if not top:
            break
        ranks[top[0]] = place
        place += 1
        rest.remove(top[0])
    if len(rest) == 1:
        ranks[rest[0]] = place
    elif rest:
        if len(rest) == len(group):
            for a in rest:
                ranks[a] = first
        else:
            _rank_group(rest, results, win, place, ranks)


def known_in(
    a: PlayerId, group: list[PlayerId], results: dict[tuple[PlayerId, PlayerId], Decimal]
) -> Decimal:
    """a's points in the games played against the other players of ``group``."""
    return sum((results.get((a, b), ZERO) for b in group if b != a), ZERO)


def best_in(
    a: PlayerId,
    group: list[PlayerId],
    results: dict[tuple[PlayerId, PlayerId], Decimal],
    win: Decimal,
) -> Decimal:
    """a's points against the others of ``group`` if a won every game not played."""
    return sum((results.get((a, b), win) for b in group if b != a), ZERO)


_KINDS = {
    PAB_OR_FULL_BYE: "bye (PAB or full point)",
    FORFEIT_WIN: "forfeit win",
    BYE_THEN_PLAY: "requested bye",
    FORFEIT_LOSS: "forfeit loss",
    BYE_TO_THE_END: "bye to the end / withdrawn",
}


def breakdown(
    tournament: Tournament,
    player: PlayerId,
    spec: TieBreakSpec,
    after_round: int | None = None,
    edition: str = "2026",
    round_robin: bool | None = None,
) -> list[str]:
    """How ``player``'s value of ``spec`` is made, as text lines a player can check: for the
    Buchholz family and SB each round's opponent (or the dummy / virtual opponent and why),
    the score counted for him, the points scored, the contribution, and what was cut.

    >>> from chessarbiter.model import Player, Result, Tournament
    >>> t = Tournament(total_rounds=2)
    >>> for n in (1, 2, 3):
    ...     _ = t.add_player(Player(n, f"P{n}"))
    >>> t.record_game(1, 1, 2, Result.WIN)
    >>> t.player(3).results.append(RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    >>> t.record_game(2, 3, 1, Result.DRAW)
    >>> t.player(2).results.append(RoundEntry.bye(Result.PAIRING_ALLOCATED_BYE))
    >>> for line in breakdown(t, 1, parse("BH")):
    ...     print(line)
    BH of player 1 (C.07 of 1 March 2026): 2.5
      round 1: opponent 2 scores 1 (counted 1)
      round 2: opponent 3 scores 1.5 (counted 1.5)
    """
    if round_robin is None:
        round_robin = is_round_robin(tournament)
    values = compute(tournament, [spec], after_round, edition, round_robin)
    rounds = tournament.rounds_played if after_round is None else after_round
    value = plain_number(values[player][spec.name])
    head = f"{spec.name} of player {player} ({EDITIONS[edition]}): {value}"
    facts = _Facts(tournament, rounds, edition, fore=spec.acronym == "FB", round_robin=round_robin)
    if spec.acronym not in ("BH", "FB", "SB"):
        return [head, *_round_lines(facts, player, spec)]
    contributions = facts.contributions(player)
    sb = spec.acronym == "SB"
    pairs = [((o * pts) if sb else o, v) for o, pts, v in contributions]
    cut = _cut_positions(pairs, spec, [o for o, _, _ in contributions] if sb else None)
    lines = [head]
    for i, (row, (opp, pts, _vur)) in enumerate(
        zip(facts.by_player[player], contributions, strict=True)
    ):
        if row.category == 0 or (facts.counts_as_played(row) and row.opponent is not None):
            who = f"opponent {row.opponent} scores {plain_number(facts.score[row.opponent or 0])}"
        elif facts.legacy:
            who = f"{_KINDS[row.category]}: virtual opponent (C.02 13.15.2)"
        else:
            who = f"{_KINDS[row.category]}: dummy opponent (16.4)"
        if sb:
            part = f"{plain_number(opp)} x {plain_number(pts)} = {plain_number(opp * pts)}"
        else:
            part = plain_number(opp)
        mark = " - cut" if i in cut else ""
        lines.append(f"  round {i + 1}: {who} (counted {part}){mark}")
    return lines


def _round_lines(facts: _Facts, player: PlayerId, spec: TieBreakSpec) -> list[str]:
    """Per round, what a tie-break other than BH/FB/SB read: the opponent and his rating
    for the rating tie-breaks (or why the round is left out), the points otherwise."""
    a = spec.acronym
    if a in ("TPN", "RTNG"):
        return []
    lines = []
    rating_based = a in ("ARO", "TPR", "PTP", "APRO", "APPO")
    for i, row in enumerate(facts.by_player[player], start=1):
        what = _KINDS.get(row.category, "game")
        if row.opponent is not None:
            what += f" against {row.opponent}"
        if rating_based:
            rating = facts.rating.get(row.opponent) if row.opponent is not None else None
            if row.category != 0:
                note = "left out (not played over the board)"
            elif not rating:
                note = "left out (opponent unrated)"
            else:
                note = f"opponent rated {rating}, scored {plain_number(row.points)}"
        else:
            note = f"scored {plain_number(row.points)}"
        lines.append(f"  round {i}: {what}: {note}")
    return lines


@dataclass(frozen=True, slots=True)
class ComputedTieBreak:
    """One column of a table made by :func:`for_standings`: the
    :class:`~chessarbiter.standings.TieBreak` interface over values already computed."""

    name: str
    table: dict[PlayerId, dict[str, Decimal]]
    tournament_id: int
    rounds: int
    #: A lower value ranks higher (DE: a rank inside the tied group).
    ascending: bool = False

    def value(self, tournament: Tournament, player: PlayerId, after_round: int) -> Decimal:
        if id(tournament) != self.tournament_id or after_round != self.rounds:
            raise ChessArbiterError(
                f"tie-break {self.name} was computed for another tournament or round"
            )
        return self.table[player][self.name]


def for_standings(
    tournament: Tournament,
    specs: Sequence[TieBreakSpec],
    after_round: int | None = None,
    edition: str = "2026",
    unrated_rating: int | None = None,
) -> list[ComputedTieBreak]:
    """The tie-breaks of ``specs`` for :func:`chessarbiter.standings.standings` of
    ``tournament`` after ``after_round`` (computed once, here; see :func:`compute`)."""
    rounds = tournament.rounds_played if after_round is None else after_round
    table = compute(tournament, specs, rounds, edition, unrated_rating=unrated_rating)
    return [
        ComputedTieBreak(
            s.name, table, id(tournament), rounds, (s.acronym in ASCENDING) != s.reverse
        )
        for s in specs
    ]
