"""The bounds of every size a user can type, in one place.

A count given on the command line, in a web form or in a file is checked against these before
anything is computed or stored, so that no request can exhaust memory or time: a value outside
its bound is refused with :class:`LimitError`, naming the value and the bound. The bounds are
generous for real competitions (the largest opens have about 2,000 players, the largest team
events about 200 teams of up to 20 boards) and small enough to keep every computation quick.

>>> check_count("players", 10, MAX_PLAYERS)
10
>>> check_count("rounds", 0, MAX_ROUNDS)
Traceback (most recent call last):
...
chessarbiter.limits.LimitError: rounds must be between 1 and 99 (got 0)
"""

from __future__ import annotations

from chessarbiter.errors import ChessArbiterError

#: Players in one event, one TRF file or one generated tournament.
MAX_PLAYERS = 10_000
#: Rounds of one event (TRF round columns and the web's events).
MAX_ROUNDS = 99
#: Teams in one team event.
MAX_TEAMS = 500
#: Boards of one team match.
MAX_BOARDS_PER_TEAM = 50
#: Players in one round robin (a Berger table of n players has n - 1 rounds of n / 2 boards).
MAX_ROUND_ROBIN_PLAYERS = 1_000
#: Bytes of one uploaded or read file (a TRF of 10,000 players over 99 rounds is about 9 MB).
MAX_FILE_BYTES = 16 * 1024 * 1024


class LimitError(ChessArbiterError):
    """A size a user asked for is outside its bound."""


def check_count(what: str, value: int, maximum: int, minimum: int = 1) -> int:
    """``value`` if ``minimum <= value <= maximum``; else :class:`LimitError` naming ``what``."""
    if not minimum <= value <= maximum:
        raise LimitError(f"{what} must be between {minimum} and {maximum} (got {value})")
    return value


#: Stages of one knockout bracket (2**14 = 16,384 places hold MAX_PLAYERS); a player's entry
#: stage is one of them.
MAX_KNOCKOUT_STAGES = 14
#: A knockout personal number (entry stage, then the rank by rating: 801, 1203...).
MAX_PERSONAL_NUMBER = 99_999
#: The published seed of an event's lots (a 31-bit number, as the database stores it).
MAX_LOT_SEED = 2**31 - 1
#: Characters of an event's name, and of a player's, team's or club's name.
MAX_EVENT_NAME = 200
MAX_NAME = 100


#: Problems reported for one file before reading stops (the first ones are the useful ones).
MAX_FILE_PROBLEMS = 100
#: Bytes of one FIDE rating list read for registration (FIDE's full list, every player of the
#: world in one text file, is about 100 MB).
MAX_RATING_LIST_BYTES = 256 * 1024 * 1024
#: Players of one FIDE rating list read into the player database (FIDE's has about 1.2 million).
MAX_RATING_LIST_PLAYERS = 3_000_000
#: Bytes of one FIDE rating list file imported into the player database, read as a stream (the
#: XML list of every player is about 1 GB).
MAX_RATING_LIST_FILE_BYTES = 2 * 1024 * 1024 * 1024


# -- the command line's schedules, calendars and clocks ---------------------------------------

#: Teams of one simultaneous-matches event (a team round robin: teams - 1 rounds of teams / 2
#: matches on every board; the colour balancing of 40 teams takes about a second).
MAX_SIMULTANEOUS_TEAMS = 40
#: Boards (players) per team of a simultaneous-matches event: the book's 19 players and its
#: multiples of the rounds (38, 57, ...) fit.
MAX_SIMULTANEOUS_BOARDS = 100
#: Games of one knockout match: the main games a draw sets, and all the games played, tie-breaks
#: included, that a match's score lists.
MAX_MATCH_GAMES = 100
#: Minutes of one clock reading, transmission, simul or round slot: a year.
MAX_MINUTES = 366 * 24 * 60
#: Days of one planned calendar (about three years).
MAX_CALENDAR_DAYS = 1_100
#: A move number of a correspondence or telegraph game (the longest possible game of chess
#: under the 75-move rule has fewer than 9,000 moves).
MAX_MOVE_NUMBER = 10_000
#: Participants of one simultaneous exhibition.
MAX_SIMUL_BOARDS = 1_000
#: Exhibitors of a simul contest, players of a handicap Swiss, positions and solvers of a
#: solving contest: anything entered one by one on the command line.
MAX_ENTRIES = 1_000
#: Points a user types: a score, a premium, a limit of lost points.
MAX_POINTS = 10_000
#: Positions the flag-fall adjudicator may search for a helpmate (about ten seconds).
MAX_FLAG_NODES = 200_000
#: Characters of a time control (the longest real notation, three periods with increments in
#: FIDE's written style, has about 100), and digits of one of its numbers (seconds, moves).
MAX_TIME_CONTROL_CHARS = 500
MAX_TIME_CONTROL_DIGITS = 9


# -- the organiser's lists ----------------------------------------------------------------------

#: Characters of a category a user types (``U12&F|FED=GER``...; real ones have a few dozen).
MAX_CATEGORY_CHARS = 200
#: Characters of an event's prize table (TOML; :data:`chessarbiter.prizes.MAX_PRIZES` prizes of
#: a few lines each fit).
MAX_PRIZE_TABLE_CHARS = 1_000_000


# -- games (PGN) ----------------------------------------------------------------------------------

#: Characters of one PGN text read (a round of 1,000 boards with full games is about 2 MB; an
#: event's whole PGN of 2,000 players over 11 rounds about 25 MB).
MAX_PGN_CHARS = 32 * 1024 * 1024
#: Games of one PGN text.
MAX_PGN_GAMES = 20_000
#: Half-moves (plies) of one game, variations included (the longest tournament game played,
#: Nikolić - Arsović, Belgrade 1989, had 269 moves: 538 plies).
MAX_PGN_PLIES = 2_000
#: Hours of a protest window after a result is announced (the regulations set it; 30 days).
MAX_PROTEST_HOURS = 720
