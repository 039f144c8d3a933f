"""Games: PGN in and out (:mod:`chessarbiter.games.pgn`), matching a round's games to its boards
(:mod:`chessarbiter.games.matching`), adjourned and adjudicated games
(:mod:`chessarbiter.games.adjournment`)."""
