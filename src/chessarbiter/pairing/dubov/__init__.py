"""The FIDE Dubov system (C.04.4.1, the 2018 text and its 2026 re-issue) on the shared Swiss
layer: :mod:`.rules` (editions, player facts, criteria), :mod:`.colours` (colour allocation),
:mod:`.engine` (the pairing procedure)."""
