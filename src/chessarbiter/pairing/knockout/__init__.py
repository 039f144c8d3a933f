"""Knockout events: brackets with entry stages (:mod:`.brackets`) and matches with their
tie-break sequences (:mod:`.matches`)."""
