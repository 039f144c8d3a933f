"""The FIDE (Dutch) Swiss system, C.04.3, in its 2026 and 2017 editions: the engines
(``engine``, ``engine2017``) and their weights (``weights``, ``weights2017``), the colour
allocation (``colours``), why a round was paired as it was (``explain``), the tournament checker
and check-list (``checker``) and the random tournament generator (``generator``), as
bbpPairings has them. What all Swiss systems share is in :mod:`chessarbiter.pairing.swiss`."""
