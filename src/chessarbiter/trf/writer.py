"""Writing TRF files in a chosen :class:`~chessarbiter.trf.dialects.Dialect`.

The canonical layout, which a file already in it reproduces byte for byte:

1. ``012``-``132`` (only records with content; ``112`` once per deputy);
2. engine lines ``XXR``, ``XXC`` (engine dialects);
3. TRF-2026 records ``142``-``222`` (TRF-2026);
4. engine lines ``XXS``, ``XXZ``, ``XXP``, ``BB*``;
5. the ``001`` player records in pairing-number order, then ``XXA`` lines;
6. teams (``013`` in TRF16, ``310`` in TRF-2026, then the ``013`` twins a TRF-2026 file had),
   then ``240``, ``250``, ``260``;
7. national rating records, then every record kept as it was read, in its order.

Points (columns 81-84) are computed from the results, never copied. What the target dialect
cannot carry is reported (:func:`dumps_with_losses`) or refused (:func:`dumps`), never dropped
silently. What would make a file the reader refuses is never written, by either function: a
value wider than its fixed columns (points of 100 or more, an ``XXA`` or ``250`` value that
does not fit its 4 columns, a rating or pairing number over 9999, ...), a point system the
dialect cannot state while the points of columns 81-84 depend on it, an event without players,
numbers that do not run 1..N, an inconsistent tournament; the written text is read back before
it is returned, and refused if it does not read.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal

from chessarbiter.errors import TournamentError, TrfDataLossError, TrfError
from chessarbiter.limits import MAX_PLAYERS, MAX_ROUNDS
from chessarbiter.model import (
    Colour,
    ForbiddenPairs,
    Player,
    Points,
    PointSystem,
    RoundEntry,
    Tournament,
)
from chessarbiter.model.points import STANDARD
from chessarbiter.trf import records as rec
from chessarbiter.trf.dialects import TRF2026, Dialect
from chessarbiter.trf.reader import read

_XXS_ORDER = (
    ("WW", "win_white"),
    ("BW", "win_black"),
    ("WD", "draw_white"),
    ("BD", "draw_black"),
    ("WL", "loss_white"),
    ("BL", "loss_black"),
    ("ZPB", "zero_point_bye"),
    ("HPB", "half_point_bye"),
    ("FPB", "full_point_bye"),
    ("PAB", "pairing_allocated_bye"),
    ("FW", "forfeit_win"),
    ("FL", "forfeit_loss"),
)


def dumps(tournament: Tournament, dialect: Dialect = TRF2026) -> str:
    """The TRF text of ``tournament``.

    :raises TrfDataLossError: if the dialect cannot carry part of the tournament, or the text
        would not read back (see :func:`dumps_with_losses`).
    :raises TournamentError: if the tournament is inconsistent (:meth:`Tournament.check`).
    """
    text, losses = dumps_with_losses(tournament, dialect)
    if losses:
        raise TrfDataLossError(losses)
    return text


def dump(tournament: Tournament, path: str | os.PathLike[str], dialect: Dialect = TRF2026) -> None:
    """Write ``tournament`` to ``path`` (UTF-8), all or nothing: the file is replaced only once
    the whole text is ready."""
    write_text(dumps(tournament, dialect), path)


def write_text(text: str, path: str | os.PathLike[str]) -> None:
    """Write a TRF ``text`` to ``path`` (UTF-8, its line endings as they are), all or nothing:
    the file is replaced only once the whole text is written."""
    tmp = f"{os.fspath(path)}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def dumps_with_losses(tournament: Tournament, dialect: Dialect = TRF2026) -> tuple[str, list[str]]:
    """The TRF text of ``tournament`` and a list of what the dialect could not carry (left out
    of a text that is still a valid file).

    :raises TrfDataLossError: naming what cannot be written at all, because the file would be
        one the reader refuses (a value wider than its columns, points that the dialect's
        point system would contradict, no player, ...): the text is read back before it is
        returned.
    :raises TournamentError: if the tournament is inconsistent (:meth:`Tournament.check`): a
        file of it would be refused.
    """
    w = _Writer(tournament, dialect)
    lines = w.lines()
    if w.unwritable:
        _refuse_inconsistent(tournament)
        raise TrfDataLossError(w.unwritable)
    text = "".join(line.rstrip() + dialect.line_ending for line in lines)
    try:  # the writer's promise, checked: what it writes, its reader reads
        read(text, "<written>")
    except TrfError as e:
        _refuse_inconsistent(tournament)
        shown = [f"line {p.line}, column {p.column}: {p.message}" for p in e.problems[:3]]
        raise TrfDataLossError(
            [f"the file as written would not read back ({'; '.join(shown)})"]
        ) from None
    return text, w.losses


def _refuse_inconsistent(tournament: Tournament) -> None:
    """:class:`TournamentError` if the tournament itself is inconsistent (then no dialect
    can write it)."""
    inconsistencies = tournament.check()
    if inconsistencies:
        raise TournamentError(
            "an inconsistent tournament cannot be written: "
            + "; ".join(str(p) for p in inconsistencies[:10])
            + ("; ..." if len(inconsistencies) > 10 else "")
        )


def _pts(value: Points) -> str:
    """Points in 4 columns, with one decimal (``" 1.5"``), or exactly (``"0.25"``) when one
    decimal would round them (:func:`_exact`, right-aligned); wider than 4 when they do not
    fit (callers check)."""
    return _exact(value).rjust(4)


class _Writer:
    def __init__(self, t: Tournament, dialect: Dialect) -> None:
        self.t = t
        self.d = dialect
        self.v26 = dialect.version == "2026"
        self.losses: list[str] = []
        self.unwritable: list[str] = []
        self.scores = t.scores()

    def lose(self, what: str) -> None:
        """``what`` is left out: the file is valid without it."""
        self.losses.append(what)

    def refuse(self, what: str) -> None:
        """``what`` cannot be written: a file with it would be refused by the reader."""
        self.unwritable.append(what)

    def number(self, what: str, value: int, low: int, high: int) -> None:
        """A number of a fixed-width column must be between ``low`` and ``high``."""
        if not low <= value <= high:
            self.refuse(f"{what} {value}: a TRF file takes {low} to {high}")

    def points(self, what: str, value: Points, columns: str) -> None:
        """Points of a 4-column field must be a number :func:`_pts` writes in 4 characters."""
        if not value.is_finite() or len(_pts(value)) > 4:
            self.refuse(f"{what} {value}: wider than the 4 columns {columns} (at most 99.9)")

    def check_event(self) -> None:
        """What the reader refuses in any dialect: no player, numbers not 1..N, too many
        players or rounds, a line break inside a field."""
        t = self.t
        numbers = sorted(t.players)
        if not numbers:
            self.refuse("an event without players (a TRF file needs a player record 001)")
        elif numbers != list(range(1, len(numbers) + 1)):
            missing = next(n for n, m in enumerate(numbers, start=1) if n != m)
            self.refuse(f"pairing numbers that do not run 1..{len(numbers)} ({missing} missing)")
        if len(numbers) > MAX_PLAYERS:
            self.refuse(f"{len(numbers)} players (a file takes {MAX_PLAYERS:,} at most)")
        if t.total_rounds is not None:
            self.number("number of rounds", t.total_rounds, 1, MAX_ROUNDS)
        if t.recorded_rounds > MAX_ROUNDS:
            self.refuse(f"results for {t.recorded_rounds} rounds (at most {MAX_ROUNDS})")

    def lines(self) -> list[str]:
        self.check_event()
        out = self.all_lines()
        for line in out:
            if "\n" in line or "\r" in line:
                self.refuse(f"a line break inside record {line[:3]!r} (a field holds one)")
        return out

    def all_lines(self) -> list[str]:
        t, out = self.t, list[str]()
        headers = {code: getattr(t, attr) for code, attr in rec.TEXT_HEADERS.items()}
        for code in ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102"):
            if headers[code]:
                out.append(f"{code} {headers[code]}")
        out += [f"112 {deputy}" for deputy in t.deputy_arbiters]
        if t.time_control:
            out.append(f"122 {t.time_control}")
        if t.round_dates:
            out.append(self.round_dates())
        if self.d.engine:
            out += self.engine_header()
        out += self.trf26_header()
        out += self.engine_rules()
        for player in t:
            out.append(self.player(player))
        out += self.virtual_points()
        out += self.teams()
        out += self.trf26_lists()
        out += self.national_ratings()
        for extra in t.extra_records:
            if extra.code in rec.TRF26_CODES and not self.v26:
                self.lose(f"record {extra.code} (TRF-2026 only)")
                continue
            out.append(extra.code + extra.text)
        return out

    def round_dates(self) -> str:
        for date in self.t.round_dates:
            if len(date) > 8:
                self.lose(f"round date {date!r}: longer than the 8 columns of record 132")
        line = "132".ljust(rec.ROUND_FIRST_COLUMN - 1)
        return line + "  ".join(d.ljust(8) for d in self.t.round_dates)

    def engine_header(self) -> list[str]:
        t, out = self.t, list[str]()
        if t.total_rounds is not None:
            out.append(f"XXR {t.total_rounds}")
        parts = (["rank"] if t.pair_by_rank else []) + (
            [f"{'white' if t.initial_colour is Colour.WHITE else 'black'}1"]
            if t.initial_colour is not None
            else []
        )
        if parts:
            out.append("XXC " + " ".join(parts))
        return out

    def trf26_header(self) -> list[str]:
        t, out = self.t, list[str]()
        fields: list[tuple[str, str]] = [
            ("142", str(t.total_rounds) if t.total_rounds is not None else ""),
            ("152", t.initial_colour.value.upper() if t.initial_colour else ""),
            ("162", self.scoring_162()),
            ("172", t.rank_method),
            ("182", t.pairing_controller),
            ("192", t.system),
            *self.tiebreak_records(),
            ("222", t.time_control_code),
        ]
        carried_by_engine = {"142", "152"} if self.d.engine else set()
        if not self.d.engine and t.pair_by_rank:
            self.lose("pairing by rank (XXC rank)")
        for code, value in fields:
            if not value:
                continue
            if self.v26:
                out.append(f"{code} {value}" if code != "162" else f"162 {value}")
            elif code not in carried_by_engine and not (code == "162" and self.d.engine):
                self.lose(f"record {code} ({_WHAT[code]}; TRF-2026 only)")
        return out

    def tiebreak_records(self) -> list[tuple[str, str]]:
        """``202`` (the tie-breaks) and/or ``212`` (``PTS`` then the same tie-breaks), as the
        model's :attr:`~Tournament.tiebreak_records` say, for the ranking of the event's
        participants: the teams in a team event, else the players. TRF-2026 has no record for
        the other ranking's list."""
        t = self.t
        if t.is_team_event:
            ranking, ranked, other, whose = t.team_tiebreaks, "teams'", t.tiebreaks, "players'"
        else:
            ranking, ranked, other, whose = t.tiebreaks, "players'", t.team_tiebreaks, "teams'"
        if other:
            self.lose(f"the {whose} tie-breaks {','.join(other)} (202/212 list the {ranked} ones)")
        codes = [code for code in ("202", "212") if code in t.tiebreak_records] or ["202"]
        names = ",".join(ranking)
        return [(code, names if code == "202" else f"PTS,{names}") for code in codes if names]

    def scoring_162(self) -> str:
        ps = self.t.point_system
        if ps.is_standard:
            return ""
        if not _fits_162(ps):
            if not self.d.engine and self.v26:
                self.lose(f"point system {ps} (record 162 cannot express it)")
            return ""
        values = [("W", ps.win), ("D", ps.draw), ("L", ps.loss)]
        if ps.zero_point_bye:
            values.append(("A", ps.zero_point_bye))
        if ps.pairing_allocated_bye != ps.win:
            values.append(("P", ps.pairing_allocated_bye))
        # symbol at column 6, points at 7-10, then every 9 columns (15/16-19, 24/25-28, ...)
        return " " + "    ".join(f"{s}{_pts(v)}" for s, v in values)

    def engine_rules(self) -> list[str]:
        t, out = self.t, list[str]()
        if not self.d.engine:
            if t.absent_next_round:
                self.lose("players absent next round (XXZ)")
            if any(f.first_round is None for f in t.forbidden_pairs) and not self.v26:
                self.lose("forbidden pairs (XXP)")
            if not t.point_system.is_standard and not (self.v26 and _fits_162(t.point_system)):
                if not self.v26:
                    self.lose("the point system (162, XXS or BB* records)")
                self.points_without_point_system()
            return out
        ps = t.point_system
        bb_ok = _fits_bbp(ps)
        if not bb_ok or self.d.xxs:
            out.append("XXS " + " ".join(f"{k}={_exact(getattr(ps, f))}" for k, f in _XXS_ORDER))
        if t.absent_next_round:
            out.append("XXZ " + " ".join(str(n) for n in t.absent_next_round))
        for group in t.forbidden_pairs:
            if group.first_round is None and group.last_round is None:
                out.append("XXP " + " ".join(str(n) for n in group.players))
        if bb_ok:
            values = {
                "BBW": ps.win,
                "BBD": ps.draw,
                "BBL": ps.loss,
                "BBZ": ps.zero_point_bye,
                "BBF": ps.forfeit_loss,
                "BBU": ps.pairing_allocated_bye,
            }
            defaults = dict(values, BBW=STANDARD.win, BBD=STANDARD.draw, BBL=STANDARD.loss)
            defaults.update(BBZ=Decimal(0), BBF=Decimal(0), BBU=ps.win)
            for code in rec.BBP_POINT_CODES:
                if code in self.d.bbp_codes or values[code] != defaults[code]:
                    out.append(f"{code} {_pts(values[code])}")
        return out

    def points_without_point_system(self) -> None:
        """A file that cannot state its point system is read with the standard one (1, ½, 0):
        the points of columns 81-84 must then be the standard ones."""
        t = self.t
        standard = replace(t, point_system=STANDARD).scores()
        for number, points in self.scores.items():
            if standard[number] != points:
                name = "TRF16" if not self.v26 else "TRF-2026 record 162"
                self.refuse(
                    f"points under the event's point system, which {name} cannot state: "
                    f"player {number} has {points}, a reader would count {standard[number]} "
                    f"(1, ½, 0); write TRF-2026 or add the engine lines (XXS, BB*)"
                )
                return

    def player(self, p: Player) -> str:
        if len(p.name) > 33:
            self.lose(f"player {p.number}: the name is longer than 33 characters")
        for what, value, width in (
            ("sex", p.sex, 1),
            ("title", p.title, 3),
            ("federation", p.federation, 3),
            ("FIDE id", p.fide_id, 11),
            ("birth date", p.birth_date, 10),
        ):
            if len(value) > width:
                self.lose(f"player {p.number}: {what} {value!r} wider than {width} columns")
        points = self.scores[p.number]
        self.points(f"player {p.number}: points", points, "81-84")
        self.number(f"player {p.number}: pairing number", p.number, 1, rec.FOUR_DIGITS)
        if p.rating is not None:
            self.number(f"player {p.number}: rating", p.rating, 0, rec.FOUR_DIGITS)
        if p.rank is not None:
            self.number(f"player {p.number}: rank", p.rank, 0, rec.FOUR_DIGITS)
        rating = "" if p.rating is None else str(p.rating)
        head = (
            f"001 {p.number:4d} {p.sex:1.1}{p.title:>3.3} {p.name:<33.33} {rating:>4} "
            f"{p.federation:<3.3} {p.fide_id:>11.11} {p.birth_date:<10.10} "
            f"{_pts(points)} {'' if p.rank is None else p.rank:>4}"
        )
        return head + "".join(f"  {_entry(e)}" for e in p.results)

    def virtual_points(self) -> list[str]:
        t = self.t
        if not t.virtual_points:
            return []
        if not self.d.engine:
            self.lose("virtual points for pairing (XXA)")
            return []
        for n, values in t.virtual_points.items():
            for r, v in enumerate(values, start=1):
                self.points(f"XXA of player {n}, round {r}:", v, f"{10 + 5 * (r - 1)}-")
            if len(values) > MAX_ROUNDS:
                self.refuse(f"XXA of player {n}: {len(values)} values (at most {MAX_ROUNDS})")
        return [
            f"XXA {n:4d}" + "".join(f" {_pts(v)}" for v in values)
            for n, values in sorted(t.virtual_points.items())
        ]

    def teams(self) -> list[str]:
        """TRF-2026 ``310`` for numbered teams; ``013`` (TRF16, still read by TRF-2026) for
        teams without a number, as a file that had them."""
        out: list[str] = []
        also_013: list[str] = []
        for team in self.t.teams:
            if len(team.name) > 32:
                self.lose(f"team {team.name!r}: the name is longer than 32 characters")
            for member in team.members:
                self.number(f"team {team.name!r}: member", member, 1, rec.FOUR_DIGITS)
            if team.number is not None:
                self.number(f"team {team.name!r}: team number", team.number, 1, 999)
            line_013 = f"013 {team.name:<32.32}" + " ".join(f"{m:4d}" for m in team.members)
            if self.v26 and team.number is not None:
                widths = {
                    "nickname": (team.nickname, 5),
                    "strength": (team.reported_strength, 6),
                    "match points": (team.reported_match_points, 6),
                    "game points": (team.reported_game_points, 6),
                    "rank": (team.reported_rank, 3),
                }
                for what, (value, width) in widths.items():
                    if len(value) > width:
                        self.lose(f"team {team.name!r}: {what} {value!r} wider than {width}")
                members = "".join(f" {m:4d}" for m in team.members)
                out.append(
                    f"310 {team.number:3d} {team.name:<32.32} {team.nickname:<5.5} "
                    f"{team.reported_strength:>6} {team.reported_match_points:>6} "
                    f"{team.reported_game_points:>6} {team.reported_rank:>3} {members}"
                )
                if team.trf16_record:
                    also_013.append(line_013)
            else:
                if team.number is not None or team.nickname or team.reported_match_points:
                    self.lose(f"team {team.name!r}: number, nickname and scores (record 310)")
                out.append(line_013)
        return out + also_013

    def trf26_lists(self) -> list[str]:
        t, out = self.t, list[str]()
        if not self.v26:
            if t.bye_requests:
                self.lose("requested byes (record 240)")
            if t.accelerations:
                self.lose("acceleration (record 250)")
            bounded = [f for f in t.forbidden_pairs if f.first_round is not None]
            if bounded:
                self.lose("forbidden pairs limited to some rounds (record 260)")
            return out
        for bye in t.bye_requests:
            self.number("240: round", bye.round, 1, 999)
            out.append(f"240 {bye.kind.value} {bye.round:3d}" + _ids(bye.players))
        for a in t.accelerations:
            for what, value in (("match points", a.match_points), ("points", a.game_points)):
                if value is not None:
                    self.points(f"250: {what}", value, "5-8" if what[0] == "m" else "10-13")
            self.number("250: first round", a.first_round, 1, 999)
            self.number("250: last round", a.last_round, 1, 999)
            self.number("250: first id", a.first_player, 1, rec.FOUR_DIGITS)
            self.number("250: last id", a.last_player, 1, rec.FOUR_DIGITS)
            mp = "" if a.match_points is None else _pts(a.match_points)
            gp = "" if a.game_points is None else _pts(a.game_points)
            out.append(
                f"250 {mp:>4} {gp:>4} {a.first_round:3d} {a.last_round:3d} "
                f"{a.first_player:4d} {a.last_player:4d}"
            )
        for group in t.forbidden_pairs:
            out.extend(self.forbidden_26(group))
        return out

    def forbidden_26(self, group: ForbiddenPairs) -> Iterable[str]:
        if group.first_round is None and group.last_round is None:
            if self.d.engine:
                return []  # written as XXP
            last = self.t.total_rounds
            if last is None:
                self.lose("forbidden pairs for every round without a number of rounds (XXP)")
                return []
            return [f"260 {1:3d} {last:3d}" + _ids(group.players)]
        first = group.first_round or 1
        last = group.last_round or self.t.total_rounds or 999
        self.number("260: first round", first, 1, 999)
        self.number("260: last round", last, 1, 999)
        return [f"260 {first:3d} {last:3d}" + _ids(group.players)]

    def national_ratings(self) -> list[str]:
        out: list[str] = []
        for p in self.t:
            for nr in p.national_ratings:
                if not self.v26:
                    self.lose(f"player {p.number}: national rating record {nr.federation}")
                    continue
                if nr.rating is not None:
                    self.number(
                        f"player {p.number}: {nr.federation} rating", nr.rating, 0, rec.FOUR_DIGITS
                    )
                for what, value, width in (
                    ("federation", nr.federation, 3),
                    ("sex", nr.sex, 1),
                    ("category", nr.category, 3),
                    ("name", nr.name, 33),
                    ("origin", nr.origin, 3),
                    ("national id", nr.national_id, 11),
                    ("birth date", nr.birth_date, 10),
                ):
                    if len(value) > width:
                        self.lose(
                            f"player {p.number}: national {what} {value!r} wider than {width}"
                        )
                rating = "" if nr.rating is None else str(nr.rating)
                out.append(
                    f"{nr.federation:3.3} {p.number:4d} {nr.sex:1.1}{nr.category:>3.3} "
                    f"{nr.name:<33.33} {rating:>4} {nr.origin:<3.3} {nr.national_id:>11.11} "
                    f"{nr.birth_date:<10.10}"
                )
        return out


_WHAT = {
    "142": "number of rounds",
    "152": "initial colour",
    "162": "point system",
    "172": "starting-rank method",
    "182": "pairing controller",
    "192": "tournament type",
    "202": "tie-breaks",
    "212": "standings order",
    "222": "time control code",
}


def _exact(value: Points) -> str:
    """A number of points as the free-format engine lines write it: one decimal at least
    (``1.0``), every decimal it has (``0.25``)."""
    one = f"{value:.1f}"
    return one if Decimal(one) == value else format(Decimal(value).normalize(), "f")


def _ids(ids: Iterable[int]) -> str:
    return "".join(f" {n:4d}" for n in ids)


def _entry(e: RoundEntry) -> str:
    if e.result is None and e.opponent is None:
        return " " * 8
    opponent = "0000" if e.opponent is None else f"{e.opponent:4d}"
    return f"{opponent} {e.colour.value} {' ' if e.result is None else e.result.value}"


def _fits_162(ps: PointSystem) -> bool:
    return (
        ps.is_colour_blind
        and ps.forfeit_win == ps.win
        and ps.full_point_bye == ps.win
        and ps.half_point_bye == ps.draw
        and ps.forfeit_loss == ps.zero_point_bye
    )


def _fits_bbp(ps: PointSystem) -> bool:
    return (
        ps.is_colour_blind
        and ps.forfeit_win == ps.win
        and ps.full_point_bye == ps.win
        and ps.half_point_bye == ps.draw
    )
