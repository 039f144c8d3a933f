"""The FIDE (Dutch) Swiss system, C.04.3, in its 2026 and 2017 editions."""
