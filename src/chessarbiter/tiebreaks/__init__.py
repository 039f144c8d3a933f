"""FIDE tie-breaks (C.07), computed for a whole tournament at once.

One function per C.07 tie-break, in the module of its article, registered by its acronym
(:mod:`~chessarbiter.tiebreaks.registry`):

* :mod:`~chessarbiter.tiebreaks.direct_encounter` — Art. 6: DE;
* :mod:`~chessarbiter.tiebreaks.own_results` — Art. 7: WIN, WON, BPG, BWG, PS, REP, STD, TPN;
* :mod:`~chessarbiter.tiebreaks.buchholz` — Art. 8: BH, AOB, FB;
* :mod:`~chessarbiter.tiebreaks.sonneborn_berger` — Art. 9: SB, KS;
* :mod:`~chessarbiter.tiebreaks.ratings` — Art. 10: ARO, TPR, PTP, APRO, APPO, RTNG (and the
  B.02 tables they read);
* :mod:`~chessarbiter.tiebreaks.modifiers` — Art. 14: Cut-n and Median-n;
* :mod:`~chessarbiter.tiebreaks.unplayed` — Art. 16: unplayed rounds, per edition (``2026``,
  ``2023``), and round robins by 15.2;
* :mod:`~chessarbiter.tiebreaks.virtual_opponent` — the ``legacy`` edition, C.02 13.15;
* :mod:`~chessarbiter.tiebreaks.spec` — the names (TRF-2026 ``202``/``212``) and their
  modifiers; :mod:`~chessarbiter.tiebreaks.individual` — every value at once;
  :mod:`~chessarbiter.tiebreaks.breakdown` — how one value is made;
  :mod:`~chessarbiter.tiebreaks.teams` — the team tie-breaks.

Asking for any other tie-break or edition raises :class:`UnsupportedTieBreakError` naming
it.

>>> from chessarbiter.model import Player, Result, Tournament
>>> t = Tournament(total_rounds=1)
>>> for n in (1, 2):
...     _ = t.add_player(Player(n, f"P{n}", rating=2000 + n))
>>> t.record_game(1, 1, 2, Result.WIN)
>>> values = compute(t, [parse("BH"), parse("WON")])
>>> values[1]["BH"], values[1]["WON"], values[2]["BH"]
(Decimal('0'), Decimal('1'), Decimal('1'))
"""

# The modules of the articles register their tie-breaks when imported.
from chessarbiter.tiebreaks import (  # noqa: F401
    buchholz,
    direct_encounter,
    own_results,
    ratings,
    sonneborn_berger,
)
from chessarbiter.tiebreaks.individual import ComputedTieBreak, compute, for_standings
from chessarbiter.tiebreaks.registry import UnsupportedTieBreakError, acronyms
from chessarbiter.tiebreaks.spec import TieBreakSpec, parse, parse_list

__all__ = [
    "ComputedTieBreak",
    "TieBreakSpec",
    "UnsupportedTieBreakError",
    "acronyms",
    "compute",
    "for_standings",
    "parse",
    "parse_list",
]
