"""FIDE tie-breaks (C.07), computed for a whole tournament at once.

The individual tie-breaks of C.07 — DE, BH, FB, AOB, SB, KS, WIN, WON, BPG, BWG, PS, REP, STD,
TPN, ARO, TPR, PTP, APRO, APPO, RTNG, with Cut-n, Median-n and Limit — under three rule
editions for unplayed rounds: ``2026`` (Articles 16.2-16.5 of 1 March 2026), ``2023`` (the
2023/2024 text) and ``legacy`` (C.02 13.15, the virtual opponent); round robins by 15.2.
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

from chessarbiter.tiebreaks.c07 import (
    TieBreakSpec,
    UnsupportedTieBreakError,
    compute,
    for_standings,
    parse,
    parse_list,
)

__all__ = [
    "TieBreakSpec",
    "UnsupportedTieBreakError",
    "compute",
    "for_standings",
    "parse",
    "parse_list",
]
