"""Pairing systems, one module per system (round robin, FIDE C.05: ``roundrobin``)."""
