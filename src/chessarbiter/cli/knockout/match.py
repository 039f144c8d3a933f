"""``chessarbiter knockout match``: follow a knockout match through its tie-break phases.

The rules live in :mod:`chessarbiter.pairing.knockout.matches` (Stage by Stage 1997 for
``fide-1997``, the FIDE World Cup 2023 regulations for ``world-cup-2023``). With ``--json`` the
output has exactly the keys ``finished``, ``winner`` (``"first"``, ``"second"`` or ``null``) and
``next_game`` (``phase``, ``number``, ``time_control`` {``white``, ``black``} in PGN TimeControl
notation, or ``null``); ``--detail`` adds colours, lots, the score and the games played.
"""

from __future__ import annotations

import json

import click

from chessarbiter import limits
from chessarbiter.pairing.knockout.matches import (
    PRESETS,
    SIDES,
    ArmageddonColourError,
    Decision,
    Game,
    MatchError,
    PhaseKind,
    Side,
    next_game,
    points_text,
    preset,
)

_SCORE_WORDS = {"1": 1.0, "0": 0.0, "0.5": 0.5, ".5": 0.5, "1/2": 0.5, "½": 0.5, "=": 0.5}


def parse_scores(
    text: str, *, option: str = "--scores", item: str = "game", most: int = limits.MAX_MATCH_GAMES
) -> list[float]:
    """``"1,0,0.5,½"`` → ``[1.0, 0.0, 0.5, 0.5]``: the first player's points per game.

    ``0.5`` may also be written ``1/2``, ``½`` or ``=``; an empty text means no game yet.
    Errors name ``option`` and the ``item`` (a game, a board); more than ``most`` is refused.

    >>> parse_scores("1, 0,0.5,1/2")
    [1.0, 0.0, 0.5, 0.5]
    >>> parse_scores("")
    []

    :raises MatchError: for anything that is not a score.
    """
    if not text.strip():
        return []
    words = text.split(",")
    if len(words) > most:
        raise MatchError(f"{option}: {len(words)} {item}s; a match has at most {most}")
    scores = []
    for number, word in enumerate(words, start=1):
        word = word.strip()
        value = _SCORE_WORDS.get(word)
        if value is None:
            try:
                value = int(word) if word.lstrip("-").isdigit() else float(word)
            except ValueError:
                raise MatchError(
                    f"{option}: {item} {number}: {word!r} is not a score (0, 0.5 or 1)"
                ) from None
        scores.append(value)
    return scores


def parse_lot(text: str) -> tuple[str, Side]:
    """``"rapid-25=second"`` → ``("rapid-25", "second")``.

    >>> parse_lot("main=first")
    ('main', 'first')
    """
    phase, sep, side = text.partition("=")
    side = side.strip().lower()
    if not sep or not phase.strip() or side not in SIDES:
        raise click.BadParameter(
            f"{text!r}: write PHASE=first or PHASE=second (e.g. rapid-25=first)",
            param_hint="--lot",
        )
    return phase.strip(), side


def _clock(game: Game) -> str:
    white, black = game.white_clock, game.black_clock
    if white == black:
        return f"{white.to_pgn()} ({white}) for both"
    return f"white {white.to_pgn()} ({white}), black {black.to_pgn()} ({black})"


def decision_as_text(decision: Decision) -> list[str]:
    """A few lines for a person: the score, then the result or the next game."""
    fmt = decision.format
    first, second = decision.score
    head = f"{fmt.name}, stage {fmt.stage}"
    if decision.finished:
        last = decision.games[-1]
        return [
            f"{head}: {decision.winner} wins, {points_text(first)}-{points_text(second)} "
            f"(decided in {decision.decided_in}, game {last.number})"
        ]
    nxt = decision.next_game
    assert nxt is not None
    lines = [
        f"{head}: {points_text(first)}-{points_text(second)} after {len(decision.games)} game(s)"
    ]
    lines.append(f"Next: game {nxt.number}, {nxt.phase} game {nxt.number_in_phase}")
    lines.append(f"  time control: {_clock(nxt)}")
    if fmt.phase(nxt.phase).kind is PhaseKind.ARMAGEDDON:
        lot = decision.armageddon_lot
        chooser = f"{lot.favoured} won the lot and chooses" if lot else "the lot winner chooses"
        white = nxt.white or f"not chosen yet ({chooser}; give --armageddon-white)"
        lines.append(f"  white: {white}; a draw qualifies black")
    elif nxt.white is not None:
        lines.append(f"  white: {nxt.white}")
    else:
        lines.append(
            f"  white: by lot, not drawn (record it with --lot {nxt.phase}=first|second, "
            "or draw it with --seed N)"
        )
    return lines


def _games_as_text(decision: Decision) -> list[str]:
    return [
        f"  game {g.number}: {g.phase}, white {g.white or '?'}, "
        f"first scored {points_text(g.score or 0)}"
        for g in decision.games
    ]


@click.command("match")
@click.option(
    "--format",
    "format_name",
    type=click.Choice(PRESETS),
    required=True,
    help="Match format: fide-1997 (Stage by Stage 1997) or world-cup-2023 (World Cup 2023).",
)
@click.option(
    "--stage",
    type=int,
    required=True,
    metavar="N",
    help="Stage (round) of the event: 1-8 for both presets (exit 3 otherwise); fide-1997 "
    "stage 7 has four main games, stage 8 six.",
)
@click.option(
    "--scores",
    default="",
    metavar="LIST",
    help="The first player's points per game played, in order, comma-separated (1, 0, 0.5); "
    f"at most {limits.MAX_MATCH_GAMES} games.",
)
@click.option(
    "--armageddon",
    is_flag=True,
    help="The chief arbiter ordered the single decisive game (fide-1997) instead of (further) "
    "sudden-death games.",
)
@click.option(
    "--armageddon-after",
    type=click.IntRange(0, limits.MAX_MATCH_GAMES),
    default=0,
    show_default=True,
    metavar="K",
    help="With --armageddon: sudden-death games played before the order, 0 to "
    f"{limits.MAX_MATCH_GAMES}.",
)
@click.option(
    "--armageddon-white",
    type=click.Choice(SIDES),
    default=None,
    help="Who has (had) white in the armageddon, the lot winner's choice; needed when it was "
    "drawn (a draw qualifies black).",
)
@click.option(
    "--lot",
    "lot_texts",
    multiple=True,
    metavar="PHASE=SIDE",
    help="A recorded lot: the side with white in the phase's first game (for armageddon: the "
    "side that chooses). Repeatable.",
)
@click.option(
    "--seed",
    type=int,
    default=None,
    help="Draw the lots not recorded with a seeded generator (any whole number).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--detail", is_flag=True, help="Add colours, lots, the score and the games played.")
def match_command(
    format_name: str,
    stage: int,
    scores: str,
    armageddon: bool,
    armageddon_after: int,
    armageddon_white: Side | None,
    lot_texts: tuple[str, ...],
    seed: int | None,
    as_json: bool,
    detail: bool,
) -> None:
    """Say whether a knockout match is decided and by whom, or what the next game is.

    Phases: main, rapid-25, rapid-15 (fide-1997 from stage 2), rapid-10 and blitz-5
    (world-cup-2023), sudden-death, armageddon. Game numbers count from the first main game.
    """
    if armageddon_after and not armageddon:
        raise click.UsageError("--armageddon-after applies only with --armageddon")
    lots: dict[str, Side] = {}
    for text in lot_texts:
        phase, side = parse_lot(text)
        if phase in lots:
            raise click.BadParameter(f"two lots for {phase!r}", param_hint="--lot")
        lots[phase] = side
    fmt = preset(format_name, stage)
    try:
        decision = next_game(
            fmt,
            parse_scores(scores),
            lots=lots,
            seed=seed,
            armageddon=armageddon,
            armageddon_after=armageddon_after,
            armageddon_white=armageddon_white,
        )
    except ArmageddonColourError as error:
        raise MatchError(f"{error} (give --armageddon-white first|second)") from error
    if as_json:
        click.echo(json.dumps(decision.detail_json() if detail else decision.to_json()))
        return
    for line in decision_as_text(decision):
        click.echo(line)
    if detail:
        for line in _games_as_text(decision):
            click.echo(line)


def register(group: click.Group) -> None:
    """Add the ``match`` command to ``group``."""
    group.add_command(match_command)
