"""The FIDE rating change and the title norms of an event, as the arbiter's pages show them:
the library's :func:`chessarbiter.ratings.change.rating_report` (B.02) and
:mod:`chessarbiter.ratings.norms` (B.01) on the event as :mod:`.store` builds it, cached per
event version as the other tables are (:func:`chessarbiter.web.events.tables.cached`).

Each rated player's K is the one FIDE's rating list publishes for the event's kind of game,
as the player database holds it (:func:`chessarbiter.web.events.rating_list.published_k`),
unless the arbiter forces one K for everyone; a player the database does not know gets the K
of the regulations' rule (the library's). Nothing here computes a rule: the functions below
choose the inputs and read the answers back."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from chessarbiter.editions import RatingEdition
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Tournament
from chessarbiter.ratings.change import (
    DEFAULT_EDITION,
    PlayerRating,
    RatingReport,
    rating_kind,
    rating_report,
)
from chessarbiter.ratings.norms import (
    NormCertificate,
    NormExemption,
    NormOutlook,
    NormResult,
    NormTitle,
    certificate,
    norm_outlook,
    norms,
    within_reach,
)
from chessarbiter.standings import complete_rounds
from chessarbiter.timecontrol.laws import Category

from . import models as m
from . import rating_list, store
from .tables import Row, cached

#: The events whose players earn their own rating changes and norms: individual events
#: played in rounds (a knockout's matches and a team event's boards are not shown here).
INDIVIDUAL_SYSTEMS = (m.Event.System.SWISS, m.Event.System.ROUND_ROBIN)


class KSource(StrEnum):
    """Where a player's K comes from, as the ratings page names it."""

    LIST = "list"  # FIDE's rating list, as the player database holds it
    RULE = "rule"  # the regulations' rule (B.02 8.3.3), as the library applies it
    FORCED = "forced"  # one K for everyone, given by the arbiter


def applies(event: m.Event) -> bool:
    """Whether the event's players have rating changes and norms of their own: an
    individual event played in rounds (Swiss or round robin)."""
    return event.system in INDIVIDUAL_SYSTEMS


def default_kind(event: m.Event) -> Category:
    """The kind of rating the event is rated for, by its time control
    (:func:`chessarbiter.ratings.change.rating_kind`)."""
    return rating_kind(store.header(event))[0]


#: A player's pairing number, FIDE ID and rating, as :func:`_identities` reads them.
Identity = tuple[int, str, int | None]


def _identities(event: m.Event) -> list[Identity]:
    """Each player's pairing number, FIDE ID and rating, in one query (what the look-ups in
    the player database need, without building the tournament)."""
    return list(event.players.values_list("number", "fide_id", "rating"))


def list_k(players: list[Identity], kind: Category) -> dict[int, int]:
    """The K FIDE's rating list publishes for ``kind`` of each rated player of ``players``
    (:func:`_identities`) the player database knows, by pairing number."""
    rated = {
        str(int(fide_id.strip())): number
        for number, fide_id, rating in players
        if rating and fide_id.strip().isascii() and fide_id.strip().isdigit()
    }
    if not rated:
        return {}
    published = rating_list.published_k(list(rated), kind.value)
    return {rated[fide_id]: k for fide_id, k in published.items() if fide_id in rated}


def list_standard_ratings(players: list[Identity]) -> dict[int, int]:
    """The standard rating the player database holds for each of ``players``
    (:func:`_identities`) unrated in the event, by pairing number: for a rapid or blitz
    report, where the library rates such a player with it (B.02 Rapid and Blitz 7.2.1 of
    1 March 2024, :func:`chessarbiter.ratings.change.rating_report`)."""
    unrated: dict[int, int] = {}
    for number, text, rating in players:
        fide_id = text.strip()
        if not rating and fide_id.isascii() and fide_id.isdigit() and 0 < int(fide_id) < 10**10:
            unrated[int(fide_id)] = number
    if not unrated:
        return {}
    found = (
        m.RatingListPlayer.objects.filter(fide_id__in=sorted(unrated), standard__gt=0)
        .order_by()
        .values_list("fide_id", "standard")
    )
    return {unrated[fide_id]: standard for fide_id, standard in found if standard}


def _loader(event: m.Event) -> Callable[[], Tournament]:
    """The event as :func:`.store.tournament` builds it, read at the first call only: the
    pages below read it only when a result is not cached."""
    return functools.cache(lambda: store.tournament(event))


def _fingerprint(values: dict[int, int]) -> str:
    """A short key of the listed K factors: the cache keeps one report per list."""
    text = ",".join(f"{n}:{k}" for n, k in sorted(values.items()))
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:12]


@dataclass(frozen=True)
class RatingsView:
    """The rating report of the event after round ``after_round`` and where each player's K
    comes from (:class:`KSource`, by pairing number)."""

    report: RatingReport
    k_sources: dict[int, KSource]
    after_round: int

    def rows(self) -> list[tuple[PlayerRating, KSource | None]]:
        """Each player's line of the report with the source of his K (:class:`KSource`;
        None for an unrated player, who has no K)."""
        return [(p, self.k_sources.get(p.number)) for p in self.report.players]


def ratings(
    event: m.Event,
    *,
    kind: Category | None = None,
    edition: RatingEdition | None = None,
    k: int | None = None,
    after_round: int | None = None,
    load: Callable[[], Tournament] | None = None,
) -> RatingsView:
    """The event's rating report (:func:`chessarbiter.ratings.change.rating_report`) for
    ``kind`` (default: the library's choice by the time control, its note in the report) in
    ``edition`` (default: the library's), after ``after_round`` (default: the last complete
    round, as the standings, :func:`chessarbiter.standings.complete_rounds`); each rated
    player's K from FIDE's list (:func:`list_k`) unless ``k`` forces one, the regulations'
    rule for a player the player database does not know; for a rapid or blitz report, the
    standard rating of each player unrated in the event, from the player database
    (:func:`list_standard_ratings`). ``load`` gives the event as :func:`.store.tournament`
    builds it, called only when the report is not cached or the round must be found.

    :raises ChessArbiterError: the library's refusal (a round out of range, a bad K...).
    """
    load = load or _loader(event)
    rounds = complete_rounds(load()) if after_round is None else after_round
    rated_for = kind or default_kind(event)
    players = _identities(event)
    listed = {} if k is not None else list_k(players, rated_for)
    standard = {} if rated_for is Category.STANDARD else list_standard_ratings(players)
    chosen = edition or DEFAULT_EDITION
    key = (
        f"ratings:{kind.value if kind else ''}:{chosen.value}:{k or ''}:{rounds}:"
        f"{_fingerprint(listed)}:{_fingerprint(standard)}"
    )

    def compute() -> RatingsView:
        report = rating_report(
            load(),
            kind=kind,
            edition=chosen,
            k=k,
            k_by_player=listed,
            up_to_round=rounds,
            standard_ratings=standard,
        )
        sources = {
            p.number: (
                KSource.FORCED
                if k is not None
                else KSource.LIST
                if p.number in listed
                else KSource.RULE
            )
            for p in report.players
            if p.k is not None
        }
        return RatingsView(report, sources, rounds)

    result: RatingsView = cached(event, key, compute)
    return result


def norm_results(
    event: m.Event,
    *,
    exemption: NormExemption | None = None,
    after_round: int | None = None,
    load: Callable[[], Tournament] | None = None,
) -> tuple[int, list[NormResult]]:
    """The round counted (``after_round``, default the last complete round) and every
    player's result for every title he may seek after it
    (:func:`chessarbiter.ratings.norms.norms`, B.01 1.4), under ``exemption`` (B.01 1.4.3
    a-c). ``load``: as :func:`ratings`'s."""
    load = load or _loader(event)
    rounds = complete_rounds(load()) if after_round is None else after_round

    def compute() -> list[NormResult]:
        return norms(load(), exemption=exemption, after_round=rounds)

    key = f"norms:{exemption.value if exemption else ''}:{rounds}"
    result: list[NormResult] = cached(event, key, compute)
    return rounds, result


def norm_lists(
    event: m.Event, *, exemption: NormExemption | None = None
) -> tuple[int, list[NormResult], list[NormResult]]:
    """The round counted (the last complete one), the norms achieved after it and those within
    reach (:func:`chessarbiter.ratings.norms.within_reach`), under ``exemption``."""
    load = _loader(event)
    rounds, results = norm_results(event, exemption=exemption, load=load)

    def compute() -> list[NormResult]:
        return within_reach(load(), results, after_round=rounds, exemption=exemption)

    key = f"near:{exemption.value if exemption else ''}:{rounds}"
    near: list[NormResult] = cached(event, key, compute)
    return rounds, [r for r in results if r.achieved], near


def outlook(
    event: m.Event, number: int, title: NormTitle, exemption: NormExemption | None = None
) -> NormOutlook:
    """The norm finder (:func:`chessarbiter.ratings.norms.norm_outlook`) for player
    ``number`` and ``title`` after the last complete round, in an event of the event's
    rounds, under ``exemption``."""
    t = store.tournament(event)
    return norm_outlook(
        t,
        number,
        title,
        after_round=complete_rounds(t),
        total_rounds=event.round_columns(),
        exemption=exemption,
    )


def norm_certificate(
    event: m.Event, number: int, title: NormTitle, exemption: NormExemption | None = None
) -> NormCertificate:
    """The data of the certificate of a title result (FIDE's form IT1) of player ``number``.

    :raises ChessArbiterError: when the norm is not achieved (the library's reasons).
    """
    return certificate(store.tournament(event), number, title, exemption=exemption)


@dataclass(frozen=True)
class StandingsExtra:
    """The rating-change and norm cells of one line of the arbiter's standings."""

    change: str  # "+7", "-3", "0"; for an unrated player "→1612" or ""
    initial: bool  # the change is an initial rating
    norms: tuple[str, ...]  # the titles whose norm the player achieved


@dataclass(frozen=True)
class RatedRow(Row):
    """A line of the arbiter's standings with its rating-change and norm cells."""

    change: str = ""
    initial: bool = False
    norms: tuple[str, ...] = ()


def with_extras(rows: list[Row], extras: dict[int, StandingsExtra]) -> list[RatedRow]:
    """``rows`` with the cells of ``extras`` (:func:`standings_extras`)."""
    empty = StandingsExtra("", False, ())
    lines: list[RatedRow] = []
    for row in rows:
        extra = extras.get(row.number, empty)
        values = {f.name: getattr(row, f.name) for f in fields(row)}
        lines.append(
            RatedRow(**values, change=extra.change, initial=extra.initial, norms=extra.norms)
        )
    return lines


def signed(value: int) -> str:
    """A rating change as FIDE's reports write it: ``+7``, ``-3``, ``0``."""
    return f"+{value}" if value > 0 else str(value)


def standings_extras(event: m.Event, after_round: int) -> dict[int, StandingsExtra] | None:
    """The rating change (the event's kind, the default edition, K from the list) and the
    norms achieved of every player after ``after_round``, by pairing number; None when the
    event has no such columns (not an individual event played in rounds, or no player
    rated)."""
    if not applies(event) or not event.players.filter(rating__gt=0).exists():
        return None
    load = _loader(event)
    report = ratings(event, after_round=after_round, load=load).report
    achieved: dict[int, list[str]] = {}
    for r in norm_results(event, after_round=after_round, load=load)[1]:
        if r.achieved:
            achieved.setdefault(r.number, []).append(r.title.value)
    extras: dict[int, StandingsExtra] = {}
    for p in report.players:
        if p.rating_change is not None:
            change, initial = signed(p.rating_change), False
        elif p.initial is not None and p.initial.value is not None:
            change, initial = f"→{p.initial.value}", True
        else:
            change, initial = "", False
        extras[p.number] = StandingsExtra(change, initial, tuple(achieved.get(p.number, ())))
    return extras


def standings_columns(event: m.Event, rows: list[Row], after_round: int) -> dict[str, Any]:
    """The context of an arbiter's standings page with the rating-change and norm columns:
    ``rows`` (the lines of the standings after ``after_round``) with their cells, and
    ``rating_columns``, whether to show them (:func:`standings_extras`). When the library
    refuses them (the ratings page says why), the standings are shown without."""
    try:
        extras = standings_extras(event, after_round)
    except ChessArbiterError:
        extras = None
    if extras is None:
        return {"rows": rows, "rating_columns": False}
    return {"rows": with_extras(rows, extras), "rating_columns": True}
