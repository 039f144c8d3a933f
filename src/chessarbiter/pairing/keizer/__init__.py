"""The Keizer club system (the Netherlands and Belgium; not a FIDE system): :mod:`.scoring`
(settings and variants, value numbers, scores recomputed until the ranking holds) and
:mod:`.engine` (top-down pairing by the Keizer ranking, the repeat distance, the bye)."""
