"""Reading the text files named on the command line (players, rosters, line-ups).

One rule for all of them, the TRF reader's (:func:`chessarbiter.trf.decode`): UTF-8, UTF-16 or
UTF-32 with a byte-order mark, else UTF-8, else Windows-1252 (Latin-1), as files saved by
Windows programs are; at most :data:`chessarbiter.limits.MAX_FILE_BYTES` bytes; binary data
refused. A refused file is a :class:`~chessarbiter.errors.FileFormatError` naming it (exit 3).
"""

from __future__ import annotations

import os

from chessarbiter import limits, trf


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file at ``path``, decoded as :func:`chessarbiter.trf.decode` does.

    :raises FileFormatError: for more than :data:`~chessarbiter.limits.MAX_FILE_BYTES` bytes,
        binary data, or bytes invalid in the encoding a byte-order mark names.
    :raises OSError: when the file cannot be read.
    """
    with open(path, "rb") as f:
        data = f.read(limits.MAX_FILE_BYTES + 1)
    return trf.decode(data, os.fspath(path))
