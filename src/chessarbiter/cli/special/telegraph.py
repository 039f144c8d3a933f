"""``chessarbiter telegraph encode|decode|days``: the telegraph code of correspondence games and
their sending days. The rules are in :mod:`chessarbiter.special.telegraph` (Team Competitions
1972).

Invalid input raises a :class:`~chessarbiter.errors.ChessArbiterError` (exit code 3 through
``chessarbiter``).
"""

from __future__ import annotations

import datetime as dt
import json

import chess
import click

from chessarbiter import limits
from chessarbiter.cli.special.options import dated, json_option, split_san
from chessarbiter.special import telegraph as tg

_code_option = click.option(
    "--code",
    type=click.Choice([c.value for c in tg.Code]),
    default=tg.Code.GRINGMUTH.value,
    show_default=True,
    help=(
        "gringmuth: the consonant + vowel code Team Competitions 1972 calls Udemann's (Soviet "
        "naming); "
        "uedemann: Uedemann's original 1882 code."
    ),
)
_fen_option = click.option("--fen", default=None, help="Start position (default: the initial one).")


def _numbered(sans: list[str], fen: str | None) -> str:
    board = chess.Board(fen) if fen else chess.Board()
    number, white = board.fullmove_number, board.turn == chess.WHITE
    parts: list[str] = []
    for i, san in enumerate(sans):
        if white:
            parts.append(f"{number}. {san}")
        elif i == 0:
            parts.append(f"{number}... {san}")
        else:
            parts.append(san)
        if not white:
            number += 1
        white = not white
    return " ".join(parts)


@click.group("telegraph")
def telegraph_group() -> None:
    """Telegraph/correspondence games (Team Competitions 1972): the move code and the sending
    days."""


@telegraph_group.command("encode")
@click.argument("moves", nargs=-1, required=True)
@_fen_option
@_code_option
@click.option("--mark-captures", is_flag=True, help="Write Hesse's 't' after each capture.")
@click.option(
    "--style",
    type=click.Choice(["words", "telegram", "messages"]),
    default="words",
    show_default=True,
    help="words: one word a move; telegram: two moves a word; messages: the Soviet "
    "correspondence convention, each message repeating the opponent's last move.",
)
@json_option
def encode_command(
    moves: tuple[str, ...],
    fen: str | None,
    code: str,
    mark_captures: bool,
    style: str,
    as_json: bool,
) -> None:
    """Encode SAN MOVES (e.g. "e4 e5 Nf3") in the telegraph code (Team Competitions 1972), checking
    every move's legality."""
    the_code = tg.Code(code)
    words = tg.encode_game(split_san(moves), fen, the_code, mark_captures=mark_captures)
    if style == "telegram":
        lines = [" ".join(tg.telegram_words(words))]
    elif style == "messages":
        lines = tg.correspondence_messages(words)
    else:
        lines = [" ".join(words)]
    if as_json:
        click.echo(json.dumps({"code": the_code.value, "words": words, "text": lines}))
    else:
        click.echo("\n".join(lines))


@telegraph_group.command("decode")
@click.argument("words", nargs=-1, required=True)
@_fen_option
@_code_option
@click.option(
    "--telegram",
    is_flag=True,
    help="Moves may be run together and carry Hesse's/Nores's marks (t, c, p, l, m, s); at "
    f"most {tg.MAX_TELEGRAM_LETTERS} letters.",
)
@json_option
def decode_command(
    words: tuple[str, ...], fen: str | None, code: str, telegram: bool, as_json: bool
) -> None:
    """Decode telegraph WORDs (one move each; Team Competitions 1972) into SAN, refusing an illegal
    move with its number and word."""
    the_code = tg.Code(code)
    tokens = " ".join(words).split()
    if telegram:
        sans = tg.decode_telegram(" ".join(tokens), fen, the_code)
    else:
        sans = tg.decode_game(tokens, fen, the_code)
    if as_json:
        click.echo(json.dumps({"code": the_code.value, "moves": sans}))
    else:
        click.echo(_numbered(sans, fen))


@telegraph_group.command("days")
@click.option(
    "--start",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    required=True,
    help="The day play starts (YYYY-MM-DD); White sends on the first Mon/Wed/Fri from it.",
)
@click.option(
    "--moves",
    "moves_text",
    default="1-10",
    show_default=True,
    help=f"e.g. 1-10, 1,5,9; move numbers 1 to {limits.MAX_MOVE_NUMBER}.",
)
@click.option(
    "--first-move",
    type=int,
    default=1,
    show_default=True,
    help=f"Move sent first, 1 to {limits.MAX_MOVE_NUMBER}.",
)
@json_option
def days_command(start: dt.datetime, moves_text: str, first_move: int, as_json: bool) -> None:
    """Sending days of a telegraph game (Team Competitions 1972): White Mon/Wed/Fri, Black
    Tue/Thu/Sat, before midnight. Exit 3 for bad move numbers or days past 9999-12-31."""
    days = tg.sending_days(start.date(), tg.parse_move_numbers(moves_text), first_move=first_move)
    if as_json:
        rows = [{"move": d.move, "white": str(d.white), "black": str(d.black)} for d in days]
        click.echo(json.dumps({"days": rows}))
        return
    click.echo("move\twhite\tblack")
    for d in days:
        click.echo(f"{d.move}\t{dated(d.white)}\t{dated(d.black)}")
