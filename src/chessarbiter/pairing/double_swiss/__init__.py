"""The FIDE Double-Swiss system (C.04.5, applied from 1 February 2026): every round is a
two-game match.

* :mod:`chessarbiter.pairing.double_swiss.rules`: how a match is read from two game columns,
  the definitions, criteria and colour allocation, one function per article;
* :mod:`chessarbiter.pairing.double_swiss.engine`: the pairing procedure of Art. 3 and the
  two game rounds of a match;
* :mod:`chessarbiter.pairing.double_swiss.checker`: re-pairing a played event;
* :mod:`chessarbiter.pairing.double_swiss.generator`: random whole events.
"""
