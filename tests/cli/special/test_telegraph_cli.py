"""``chessarbiter telegraph`` (:mod:`chessarbiter.cli.special.telegraph`), run through the groups
:func:`chessarbiter.cli.special.register` adds."""

from __future__ import annotations

import json

import click
from click.testing import CliRunner, Result

from chessarbiter.cli.special import register
from chessarbiter.errors import ChessArbiterError

HESSE = "gegoseso kahirati hadotiwi gakawigot dotetsase hagagoho hisothoto kekototi sowisetet wizat"


def invoke(*args: str) -> Result:
    group = click.Group()
    register(group)
    return CliRunner().invoke(group, list(args))


def test_telegraph_encode() -> None:
    result = invoke("telegraph", "encode", "e4 e5 Nf3")
    assert result.exit_code == 0, result.output
    assert result.stdout == "gego seso kahi\n"
    messages = invoke("telegraph", "encode", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "--style", "messages")
    assert messages.stdout.splitlines()[-2:] == ["napi hano", "hano memi"]
    data = json.loads(invoke("telegraph", "encode", "e4", "--json").stdout)
    assert data == {"code": "gringmuth", "words": ["gego"], "text": ["gego"]}
    fen = "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"
    assert invoke("telegraph", "encode", "b8=N", "--fen", fen).stdout == "nenak\n"
    assert invoke("telegraph", "encode", "e4", "--code", "uedemann").stdout == "dogo\n"


def test_telegraph_decode() -> None:
    result = invoke("telegraph", "decode", "gego", "seso", "kahi", "napi", "hano", "memi")
    assert result.exit_code == 0, result.output
    assert result.stdout == "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n"
    hesse = invoke("telegraph", "decode", "--telegram", HESSE, "--json")
    assert json.loads(hesse.stdout)["moves"][-1] == "Nxh8#"
    black = invoke("telegraph", "decode", "seso", "--fen", "4k3/4p3/8/8/4P3/8/8/4K3 b - - 0 1")
    assert black.stdout == "1... e5\n"


def test_telegraph_decode_refuses_an_illegal_move() -> None:
    result = invoke("telegraph", "decode", "gego", "seso", "kahi", "napi", "hano", "meme")
    assert isinstance(result.exception, ChessArbiterError)
    assert "move 3 (black), word 6 'meme'" in str(result.exception)


def test_telegraph_days() -> None:
    result = invoke("telegraph", "days", "--start", "2026-12-01", "--moves", "1-10")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "move\twhite\tblack"
    assert lines[1] == "1\t2026-12-02 Wed\t2026-12-03 Thu"
    assert lines[3] == "3\t2026-12-07 Mon\t2026-12-08 Tue"
    assert len(lines) == 11
    data = json.loads(
        invoke("telegraph", "days", "--start", "2026-12-01", "--moves", "2", "--json").stdout
    )
    assert data == {"days": [{"move": 2, "white": "2026-12-04", "black": "2026-12-05"}]}
