"""The ``chessarbiter`` command line: thin shells over the library, one module per group."""
