"""TRF dialects: which records a file uses, so that it can be written back the same way."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

Version = Literal["16", "2026"]


@dataclass(frozen=True, slots=True)
class Dialect:
    """How a TRF file is written.

    * ``version``: ``"16"`` (TRF16, FIDE 2016) or ``"2026"`` (TRF-2026, a superset of TRF16).
    * ``engine``: the JaVaFo TRF(x) lines ``XXR``, ``XXC``, ``XXS``, ``XXZ``, ``XXA``, ``XXP``
      (bbpPairings reads XXR, XXC, XXA and XXP). A TRF16 file needs them to say the number of
      rounds and the initial colour.
    * ``bbp_codes``: the bbpPairings TRF(bx) point lines to write even when their value is the
      default (``BBW`` ... ``BBU``); lines whose value differs from the default are always
      written in an engine dialect.
    * ``xxs``: write the JaVaFo ``XXS`` point-system line even for values bbp lines can say
      (it is always written when colour-dependent values need it).
    * ``line_ending``: ``"\\n"``, ``"\\r\\n"`` or ``"\\r"`` (FIDE's text says CR; engines and
      most programs write LF).
    """

    version: Version = "2026"
    engine: bool = False
    bbp_codes: tuple[str, ...] = ()
    xxs: bool = False
    line_ending: str = "\n"

    def with_version(self, version: Version) -> Dialect:
        return replace(self, version=version)


TRF16 = Dialect(version="16")
TRF2026 = Dialect(version="2026")
TRFX = Dialect(version="16", engine=True)
"""TRF16 with the engine lines, as bbpPairings and JaVaFo read and write it."""
