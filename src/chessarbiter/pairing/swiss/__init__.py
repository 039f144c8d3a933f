"""What every FIDE Swiss system shares (C.04.1 basic rules, C.04.2 general handling rules):
the state of each player before a round, colour preferences, floats, bye eligibility, and the
order in which boards are published."""
