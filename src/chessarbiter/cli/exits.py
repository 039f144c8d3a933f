"""The exit codes of ``chessarbiter``'s commands, for :mod:`chessarbiter.cli.main` and every
command module (a command module never imports :mod:`chessarbiter.cli.main`).

0 ok; 1 anything else (including "no valid pairing"); 2 usage error; 3 invalid input (a malformed
or inconsistent file, an impossible request, a count beyond its bound). The engine form
(:mod:`chessarbiter.cli.engine`) keeps bbpPairings' and JaVaFo's codes instead.
"""

from __future__ import annotations

from typing import Final

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
EXIT_USAGE: Final = 2
EXIT_INVALID_INPUT: Final = 3
