"""The FIDE Lim system (C.04.4.3, the 2026 issue of the 1999 text) on the shared Swiss layer:
:mod:`.rules` (edition, player facts, compatibility, orders), :mod:`.colours` (colour
allocation), :mod:`.engine` (the pairing procedure), :mod:`.checker` (re-pairing a played
event); see ``docs/lim.md``."""
