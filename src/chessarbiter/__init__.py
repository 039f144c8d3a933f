"""chessarbiter — the arbiter's workbench for chess competitions.

The library is pure Python: the tournament model, TRF in and out, pairing systems, standings,
tie-breaks and time controls. It imports nothing of the web or of a database.

>>> from chessarbiter.pairing.roundrobin import berger_round
>>> berger_round(4, 1)
[(1, 4), (2, 3)]
"""

__version__ = "0.1.0"
