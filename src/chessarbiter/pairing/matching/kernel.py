"""Which matching kernel the pairing engines use: the compiled one or its pure-Python twin.

The two kernels give the same matchings (:mod:`chessarbiter.pairing.matching.native`); only
their speed differs. The compiled kernel is used when it was built (a C compiler at install
time, or a wheel that carries it) unless ``CHESSARBITER_PURE_PYTHON`` is set in the
environment.

>>> active_kernel().name in ("compiled", "pure-python")
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from chessarbiter.pairing.matching.native import available, import_error

#: Set (to anything but an empty string) in the environment: use the pure-Python kernel.
PURE_PYTHON_VARIABLE = "CHESSARBITER_PURE_PYTHON"


@dataclass(frozen=True)
class Kernel:
    """The kernel in use: ``name`` is ``"compiled"`` or ``"pure-python"``; ``reason`` says why
    the pure-Python one is used (empty for the compiled one)."""

    name: str
    reason: str = ""

    @property
    def compiled(self) -> bool:
        return self.name == "compiled"


def pure_python_forced() -> bool:
    """Whether ``CHESSARBITER_PURE_PYTHON`` asks for the pure-Python kernel."""
    return bool(os.environ.get(PURE_PYTHON_VARIABLE))


def active_kernel() -> Kernel:
    """The kernel :func:`chessarbiter.pairing.matching.default_computer` returns now."""
    if not available():
        return Kernel("pure-python", import_error() or "the compiled kernel is not built")
    if pure_python_forced():
        return Kernel("pure-python", f"{PURE_PYTHON_VARIABLE} is set")
    return Kernel("compiled")
