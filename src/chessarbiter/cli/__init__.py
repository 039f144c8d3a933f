"""The ``chessarbiter`` command line: thin shells over the library, one module (or package) per
command group, each naming the library module that holds its rules.

* :mod:`~chessarbiter.cli.main` — the ``chessarbiter`` command, its registration and the exit
  codes of :mod:`~chessarbiter.cli.exits`; :mod:`~chessarbiter.cli.engine` — the
  bbpPairings/JaVaFo-compatible engine form (``--dutch``);
* :mod:`~chessarbiter.cli.trf`, :mod:`~chessarbiter.cli.pair`, :mod:`~chessarbiter.cli.roundrobin`,
  :mod:`~chessarbiter.cli.standings`, :mod:`~chessarbiter.cli.clock`,
  :mod:`~chessarbiter.cli.demo`, :mod:`~chessarbiter.cli.web` — one group or command each;
* :mod:`~chessarbiter.cli.teams`, :mod:`~chessarbiter.cli.knockout` — team competitions and
  knockout events, one module per command;
* :mod:`~chessarbiter.cli.special` — the special competitions (telegraph, schedule, simul,
  handicap, solving, radio, blitz), one module per group;
* :mod:`~chessarbiter.cli.options` — the options that ``standings``, ``prizes``, ``lists`` and
  ``demo`` share, each declared once, and the ranking they choose.
"""
