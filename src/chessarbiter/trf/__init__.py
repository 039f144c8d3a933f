"""FIDE Tournament Report File (TRF) in and out: TRF16, TRF-2026, and the engine dialects
TRF(x) (JaVaFo) and TRF(bx) (bbpPairings).

>>> from chessarbiter.trf import loads, dumps, TRFX
>>> text = "012 Demo\\nXXR 5\\nXXC white1\\n" + (
...     "001    1      Ann                               2000                             0.0    1")
>>> dumps(loads(text), TRFX) == text + "\\n"
True
"""

from chessarbiter.trf.dialects import TRF16, TRF2026, TRFX, Dialect
from chessarbiter.trf.reader import (
    TrfDocument,
    check,
    control_character,
    decode,
    load,
    loads,
    read,
    read_file,
    read_text,
)
from chessarbiter.trf.writer import dump, dumps, dumps_with_losses, write_text

__all__ = [
    "TRF16",
    "TRF2026",
    "TRFX",
    "Dialect",
    "TrfDocument",
    "check",
    "control_character",
    "decode",
    "dump",
    "dumps",
    "dumps_with_losses",
    "load",
    "loads",
    "read",
    "read_file",
    "read_text",
    "write_text",
]
