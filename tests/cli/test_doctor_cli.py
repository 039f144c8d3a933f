"""``chessarbiter doctor`` and ``--version``: the matching kernel in use and its cost."""

from __future__ import annotations

import pytest

from chessarbiter.cli.exits import EXIT_OK, EXIT_USAGE
from chessarbiter.cli.main import main
from chessarbiter.pairing.matching import kernel
from chessarbiter.pairing.matching.native import available


def test_version_names_the_kernel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == EXIT_OK
    out = capsys.readouterr().out
    assert out.startswith("chessarbiter ")
    assert "matching kernel: " in out


def test_forced_pure_python(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(kernel.PURE_PYTHON_VARIABLE, "1")
    assert kernel.active_kernel().name == "pure-python"
    assert main(["--version"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "pure Python" in out
    if available():
        assert "CHESSARBITER_PURE_PYTHON is set" in out


def test_compiled_when_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(kernel.PURE_PYTHON_VARIABLE, raising=False)
    active = kernel.active_kernel()
    assert active.compiled is available()
    assert (active.reason == "") is available()


def test_default_computer_follows_the_active_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    from chessarbiter.pairing.matching import MatchingComputer, default_computer

    monkeypatch.setenv(kernel.PURE_PYTHON_VARIABLE, "1")
    assert type(default_computer(4)) is MatchingComputer
    monkeypatch.delenv(kernel.PURE_PYTHON_VARIABLE)
    assert (type(default_computer(4)) is not MatchingComputer) is available()


def test_doctor_lists_the_parts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor"]) == EXIT_OK
    out = capsys.readouterr().out
    for label in ("matching kernel:", "web application:", "PostgreSQL driver:", "server mode"):
        assert label in out


def test_doctor_measures_each_kernel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--measure", "--players", "20", "--rounds", "3"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "pairing round 3 of a generated 20-player Swiss" in out
    assert "pure-python" in out
    assert ("compiled " in out) is available()


@pytest.mark.parametrize(
    "args", [["--players", "9"], ["--players", "301"], ["--rounds", "1"], ["--rounds", "10"]]
)
def test_doctor_bounds(args: list[str]) -> None:
    assert main(["doctor", "--measure", *args]) == EXIT_USAGE
