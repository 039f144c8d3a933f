"""What every FIDE Swiss system shares (C.04.1 basic rules, C.04.2 general handling rules):
the state of each player before a round, colour preferences, floats, bye eligibility and the
absolute criteria (``facts``), the order in which boards are published, and a hand-made
pairing's deviations. Nothing here depends on one system: the systems build on it."""
