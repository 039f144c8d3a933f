"""FIDE ratings and title norms: the conversion tables of the Rating Regulations (B.02 8.1),
performance ratings shared with the tie-breaks (C.07 Art. 10), the rating change and initial
rating of an event (B.02 8.2, 8.3) and title norms (B.01 1.4).

* :mod:`~chessarbiter.ratings.tables` — B.02 8.1.1 and 8.1.2 as data, ``dp`` and ``PD``;
* :mod:`~chessarbiter.ratings.performance` — average rating, ``Ra + dp``, perfect performance;
* :mod:`~chessarbiter.ratings.change` — the rating change of an event per edition (B.02 5.1,
  8.3: games that count, the 400- and 600-point rules, K, rounding), the initial rating of its
  unrated players (8.2, 7.1.4) and the kind of rating by the time control;
* :mod:`~chessarbiter.ratings.norms` — title norms of an event (B.01 1.4.1-1.4.9, 1.7), the norm
  finder of the remaining rounds and the data of the certificate of a title result (1.8).
"""
