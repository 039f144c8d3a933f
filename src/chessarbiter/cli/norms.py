"""``chessarbiter norms FILE``: the FIDE title norms of an event (B.01 1.4), the norm finder of
one player and the data of a norm certificate. The rules are :mod:`chessarbiter.ratings.norms`;
this module reads the options and prints."""

from __future__ import annotations

import json
from pathlib import Path

import click

from chessarbiter import limits, trf
from chessarbiter.formatting import plain_number
from chessarbiter.ratings.norms import (
    NormCertificate,
    NormExemption,
    NormOutlook,
    NormResult,
    NormTitle,
    certificate,
    norm_outlook,
    norms,
    titles_to_seek,
    within_reach,
)

_TITLES = [t.value for t in NormTitle]


@click.command("norms")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
@click.option(
    "--title",
    "titles",
    multiple=True,
    type=click.Choice(_TITLES, case_sensitive=False),
    help="Only this title (repeat for several). Default: every title a player may seek "
    "(WGM and WIM for women only).",
)
@click.option(
    "--exemption",
    type=click.Choice([e.value for e in NormExemption]),
    default=None,
    help="The event is exempt from the foreigner requirement (B.01 1.4.3 a-c), which the "
    "file cannot tell; the Swiss exemption (1.4.3 d) is computed.",
)
@click.option(
    "--after-round",
    type=click.IntRange(min=0, max=limits.MAX_ROUNDS),
    default=None,
    metavar="N",
    help="Count rounds 1 to N only (default: every round recorded).",
)
@click.option(
    "--total-rounds",
    type=click.IntRange(min=1, max=limits.MAX_ROUNDS),
    default=None,
    metavar="N",
    help="The event's number of rounds, when the file does not say (TRF-2026 142 or XXR).",
)
@click.option("--all", "show_all", is_flag=True, help="List every player and title.")
@click.option(
    "--finder",
    type=click.IntRange(min=1, max=limits.MAX_PLAYERS),
    default=None,
    metavar="PLAYER",
    help="The norm finder: what player PLAYER (pairing number) needs in the remaining rounds.",
)
@click.option(
    "--certificate",
    "certificate_of",
    type=click.IntRange(min=1, max=limits.MAX_PLAYERS),
    default=None,
    metavar="PLAYER",
    help="The data of the certificate of PLAYER's norm (FIDE form IT1); needs one --title.",
)
def norms_command(
    file: Path,
    as_json: bool,
    titles: tuple[str, ...],
    exemption: str | None,
    after_round: int | None,
    total_rounds: int | None,
    show_all: bool,
    finder: int | None,
    certificate_of: int | None,
) -> None:
    """Title norms (FIDE Title Regulations B.01, 2024) of the TRF file FILE. By default the
    achieved norms and the norms within reach: in a finished event, those missed only on the
    score and by at most one point; with rounds to play, those the remaining rounds can
    still give against opponents as strong as the event's strongest players. With --all:
    every player and title, each requirement not met with its article."""
    tournament = trf.load(file)
    if total_rounds is not None:
        tournament.total_rounds = total_rounds
    chosen = [NormTitle(t.upper()) for t in titles]
    exempt = NormExemption(exemption) if exemption is not None else None
    if certificate_of is not None:
        if len(chosen) != 1:
            raise click.UsageError("--certificate needs exactly one --title")
        data = certificate(tournament, certificate_of, chosen[0], exemption=exempt)
        _echo(data.as_json() if as_json else None, certificate_text(data), as_json)
        return
    if finder is not None:
        player = tournament.player(finder)
        wanted = chosen or list(titles_to_seek(player))
        outlooks = [
            norm_outlook(tournament, finder, t, after_round=after_round, exemption=exempt)
            for t in wanted
        ]
        lines: list[str] = []
        for o in outlooks:
            lines.extend(outlook_text(o, player.name))
        if not outlooks:
            lines.append(f"Player {finder} ({player.name}) seeks no title by norms.")
        _echo({"finder": [o.as_json() for o in outlooks]}, lines, as_json)
        return
    results = norms(tournament, titles=chosen or None, exemption=exempt, after_round=after_round)
    if as_json:
        _echo({"norms": [r.as_json() for r in results]}, [], True)
        return
    if show_all:
        lines = [line for r in results for line in result_text(r)]
        _echo(None, lines or ["No player seeks a title by norms."], False)
        return
    achieved = [r for r in results if r.achieved]
    near = within_reach(tournament, results, after_round=after_round, exemption=exempt)
    lines = ["Norms achieved:"]
    lines.extend(line for r in achieved for line in result_text(r))
    if not achieved:
        lines.append("  none")
    lines.append("Within reach:")
    lines.extend(line for r in near for line in result_text(r))
    if not near:
        lines.append("  none")
    _echo(None, lines, False)


def result_text(r: NormResult) -> list[str]:
    """A norm result as text: one line, then its reasons indented."""
    state = "achieved" if r.achieved else "not achieved"
    needed = "-" if r.needed is None else plain_number(r.needed)
    games = f"{r.games} games" + (f" (counts as {r.norm_games})" if r.norm_games else "")
    lines = [
        f"{r.number:>4} {r.name} {r.title.value} norm {state}: {plain_number(r.score)} in "
        f"{games}, Ra {r.average}, Rp {r.performance}, needed {needed}"
    ]
    lines.extend(f"       {reason}" for reason in r.reasons)
    return lines


def outlook_text(o: NormOutlook, name: str) -> list[str]:
    """The norm finder of one player and title as text."""
    lines = [
        f"{o.title.value} norm finder for {o.number} {name} after round {o.after_round}: "
        f"{plain_number(o.points)} points, {o.remaining} rounds to play",
        f"  still needed: {o.titled_needed} title-holders (B.01 1.4.5 a), "
        f"{o.holders_needed} holders of the title (1.4.5 b-e), "
        f"{o.federations_needed} foreign federations (1.4.3)",
    ]
    if o.targets:
        lines.append("  points to score   lowest average rating of the remaining opponents")
        for points, average in o.targets:
            shown = "impossible" if average is None else str(average)
            lines.append(f"  {plain_number(points):>15}   {shown}")
    lines.extend(f"  {reason}" for reason in o.reasons)
    return lines


def certificate_text(c: NormCertificate) -> list[str]:
    """The data of a certificate of a title result as text."""
    r = c.result
    lines = [
        f"Certificate of title result: {c.title.value} norm",
        f"Event: {c.event}",
        f"Place: {c.city}   Federation: {c.federation}",
        f"Dates: {c.start_date} - {c.end_date}",
        f"System: {c.system}   Rounds: {c.rounds}   Players: {c.players}",
        f"Chief arbiter: {c.chief_arbiter}",
    ]
    if c.deputy_arbiters:
        lines.append("Deputy arbiters: " + ", ".join(c.deputy_arbiters))
    lines += [
        f"Player: {c.name}   FIDE ID: {c.fide_id}   Federation: {c.player_federation}   "
        f"Title: {c.player_title}   Born: {c.birth_date}",
        "Rd  Name                            Title FIDE ID     Fed  Rating Counted Result",
    ]
    for o in r.opponents:
        rating = "-" if o.rating is None else str(o.rating)
        mark = "*" if o.raised else " "
        lines.append(
            f"{o.round:>2}  {o.name[:31]:<31} {o.title:<5} {o.fide_id:<11} {o.federation:<4} "
            f"{rating:>6} {o.counted_rating:>6}{mark} {plain_number(o.points):>6}"
        )
    lines += [
        f"Games: {r.games} (counts as {r.norm_games})   Score: {plain_number(r.score)}   "
        f"Ra: {r.average}   Rp: {r.performance}",
        f"Title-holders: {c.title_holders}   Holders of the title: {c.holders}   "
        + "Titles: "
        + (", ".join(f"{t} {n}" for t, n in c.titles) or "-"),
        "Foreign federations: "
        + (", ".join(c.foreign_federations) or "-")
        + f"   Own federation: {c.own_federation}",
    ]
    if c.raised is not None:
        lines.append(
            f"* rating raised to the floor (B.01 1.4.6 b): {c.raised.name}, "
            f"{c.raised.counted_rating}"
        )
    if c.exemption:
        lines.append(f"Exempt from the foreigner requirement: {c.exemption}")
    return lines


def _echo(data: object, lines: list[str], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(lines))


def register(cli: click.Group) -> None:
    """Add ``norms`` to the ``chessarbiter`` command group."""
    cli.add_command(norms_command)
